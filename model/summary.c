/* The +RTS -s style summary. */
#include "summary.h"

#include <string.h>

/* The last sample of capability cap at or before t in a (cap, time) sorted
 * array, or NULL. */
static const struct capsample *last_at(const struct capsample *a, size_t n, int32_t cap,
				       uint64_t t, bool strict)
{
	size_t lo = 0, hi = n;
	while (lo < hi) { /* first entry after (cap, t) */
		size_t mid = (lo + hi) / 2;
		bool le = a[mid].cap < cap ||
			  (a[mid].cap == cap && (strict ? a[mid].time < t : a[mid].time <= t));
		if (le)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && a[lo - 1].cap == cap ? &a[lo - 1] : NULL;
}

/* Sum over capabilities of (value at to) - (value before from), field k. */
static uint64_t cap_delta(const struct capsample *a, size_t n, uint64_t from, uint64_t to,
			  int k)
{
	uint64_t sum = 0;
	for (size_t i = 0; i < n;) {
		int32_t cap = a[i].cap;
		const struct capsample *e = last_at(a, n, cap, to, false);
		const struct capsample *b = last_at(a, n, cap, from, true);
		if (e && (!b || e->v[k] >= b->v[k]))
			sum += e->v[k] - (b ? b->v[k] : 0);
		while (i < n && a[i].cap == cap)
			i++;
	}
	return sum;
}

static void max_in(const struct sample *a, size_t n, uint64_t from, uint64_t to, uint64_t *max,
		   uint64_t *count)
{
	*max = 0;
	if (count)
		*count = 0;
	for (size_t i = 0; i < n; i++) {
		if (a[i].time < from || a[i].time > to)
			continue;
		if (a[i].value > *max)
			*max = a[i].value;
		if (count)
			(*count)++;
	}
}

/* The part of [a, b) inside [lo, hi). */
static uint64_t overlap(uint64_t a, uint64_t b, uint64_t lo, uint64_t hi)
{
	uint64_t x = a > lo ? a : lo, y = b < hi ? b : hi;
	return y > x ? y - x : 0;
}

void summary_compute(const struct tracks *tr, const struct store *s, uint64_t from,
		     uint64_t to, struct summary *out)
{
	memset(out, 0, sizeof *out);
	bool empty = to < s->tmin || from > s->tmax || to < from || !s->nevents;
	out->whole = !empty && from <= s->tmin && to >= s->tmax;
	if (from < s->tmin)
		from = s->tmin;
	if (to > s->tmax)
		to = s->tmax;
	if (to < from)
		to = from;
	out->from = from;
	out->to = to;
	out->profiled = tr->profiled;
	if (empty) { /* a window with no events in it */
		out->ngens = tr->gens ? tr->gens : 1;
		if (out->ngens > SUMMARY_GENS)
			out->ngens = SUMMARY_GENS;
		return;
	}
	out->have_alloc = tr->nalloc > 0;
	out->allocated = cap_delta(tr->alloc, tr->nalloc, from, to, 0);
	max_in(tr->heap_live, tr->nheap_live, from, to, &out->max_live, &out->live_samples);
	max_in(tr->heap_size, tr->nheap_size, from, to, &out->max_heap, NULL);
	max_in(tr->blocks_size, tr->nblocks_size, from, to, &out->max_blocks, NULL);
	if (out->whole && tr->max_mem > out->max_heap)
		out->max_heap = tr->max_mem;
	/* HEAP_SIZE is posted after a major GC returned memory to the OS; a
	 * size that went down means the peak inside that GC is not in the log
	 * (unless MEM_RETURN, GHC 9.2+, told it) */
	if (!tr->mem_peak_exact)
		for (size_t i = 1; i < tr->nheap_size; i++)
			if (tr->heap_size[i].time >= from && tr->heap_size[i].time <= to &&
			    tr->heap_size[i].value < tr->heap_size[i - 1].value)
				out->mem_lower_bound = true;

	/* the oldest generation: from HEAP_INFO_GHC, else the highest seen */
	unsigned maxgen = tr->gens ? tr->gens - 1u : tr->maxgen;
	out->ngens = tr->gens ? tr->gens : maxgen + 1;
	if (out->ngens > SUMMARY_GENS)
		out->ngens = SUMMARY_GENS;
	for (size_t i = 0; i < tr->ngcstats; i++) {
		const struct gcstat *g = &tr->gcstats[i];
		if (g->time < from || g->time > to)
			continue;
		out->copied += g->copied;
		if (g->gen == maxgen && g->slop > out->max_slop)
			out->max_slop = g->slop;
		if (g->par_n_threads > 1 && g->has_balanced) {
			out->bal_num += g->par_balanced_copied;
			out->bal_den += g->par_tot_copied;
		}
	}
	/* collections: counted where their GC_STATS_GHC is (as the bytes
	 * copied), else where they start; a window's GC time is the part of
	 * each pause inside it */
	uint64_t gc_before_exit = 0, gc_after_init = 0;
	for (size_t i = 0; i < tr->ngcs; i++) {
		const struct gc *g = &tr->gcs[i];
		uint64_t at = g->stat >= 0 ? tr->gcstats[g->stat].time : g->start;
		if (at >= from && at <= to) {
			out->ngcs++;
			int gen = tracks_gc_gen(tr, g);
			const struct gcstat *st = g->stat >= 0 ? &tr->gcstats[g->stat] : NULL;
			if (gen >= 0 && gen < SUMMARY_GENS) {
				out->gen[gen].colls++;
				out->gen[gen].par += st && st->par_n_threads > 1;
				out->gen[gen].elapsed += g->pause;
				if (g->pause > out->gen[gen].max_pause)
					out->gen[gen].max_pause = g->pause;
			}
		}
		if (g->stat >= 0 || g->cap != EV_NO_CAP)
			out->gc += out->whole ? g->pause : overlap(g->start, g->end, from, to + 1);
		else /* no GC_STATS_GHC: the group's mean pause, clipped */
			out->gc += out->whole ? g->pause
					      : overlap(g->start, g->start + g->pause, from, to + 1);
		if (tr->have_exit && g->end <= tr->start_exit && g->start >= tr->end_init)
			gc_before_exit += g->pause;
		if (g->start >= tr->end_init)
			gc_after_init += g->pause;
	}
	/* nonmoving: +RTS -s's "syncs" row counts the major collections and
	 * times the post-mark synchronisations */
	if (tr->nsyncs) {
		out->have_syncs = true;
		out->sync_colls = maxgen < SUMMARY_GENS ? out->gen[maxgen].colls : 0;
		for (size_t i = 0; i < tr->nsyncs; i++) {
			const struct ival *v = &tr->syncs[i];
			if (v->start < from || v->start > to)
				continue;
			uint64_t d = v->end - v->start;
			out->nsyncs++;
			out->sync_elapsed += d;
			if (d > out->sync_max)
				out->sync_max = d;
		}
	}
	out->have_sparks = tr->nsparks > 0;
	for (int k = 0; k < 7; k++)
		out->sparks[k] = cap_delta(tr->sparks, tr->nsparks, from, to, k);

	if (out->whole && tr->have_init) {
		/* +RTS -s's phases: timestamps count from the RTS's start */
		out->have_init = true;
		out->init = tr->end_init;
		if (tr->have_exit) {
			out->have_exit = true;
			out->total = tr->t_exit_report;
			uint64_t span = tr->start_exit - tr->end_init;
			out->mut = span > gc_before_exit ? span - gc_before_exit : 0;
			uint64_t gc_in_exit = out->gc > gc_before_exit ? out->gc - gc_before_exit : 0;
			uint64_t ex = tr->t_exit_report - tr->start_exit;
			out->exit = ex > gc_in_exit ? ex - gc_in_exit : 0;
		} else { /* the log ends without the exit: MUT runs to its end */
			out->total = s->tmax;
			uint64_t span = s->tmax > tr->end_init ? s->tmax - tr->end_init : 0;
			out->mut = span > gc_after_init ? span - gc_after_init : 0;
		}
		return;
	}
	out->total = to - from;
	if (out->gc > out->total)
		out->gc = out->total;
	out->mut = out->total - out->gc;
}

/* n with thousands separators, right-aligned in width. */
static void put_commas(FILE *f, uint64_t n, int width)
{
	char digits[32], out[48];
	int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
	int o = 0;
	for (int i = 0; i < len; i++) {
		if (i && (len - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = digits[i];
	}
	out[o] = 0;
	fprintf(f, "%*s", width, out);
}

void summary_print(FILE *f, const struct summary *sm)
{
	put_commas(f, sm->allocated, 16);
	fprintf(f, " bytes allocated in the heap\n");
	put_commas(f, sm->copied, 16);
	fprintf(f, " bytes copied during GC\n");
	put_commas(f, sm->max_live, 16);
	fprintf(f, " bytes maximum residency (%llu sample(s))\n",
		(unsigned long long)sm->live_samples);
	put_commas(f, sm->max_slop, 16);
	fprintf(f, " bytes maximum slop\n");
	put_commas(f, sm->max_heap / (1024 * 1024), 16);
	fprintf(f, " MiB total memory in use");
	/* +RTS -s takes fragmentation from high-water marks the log only has
	 * when the RTS emits BLOCKS_SIZE */
	if (sm->max_blocks) {
		uint64_t frag = sm->max_heap > sm->max_blocks ? sm->max_heap - sm->max_blocks : 0;
		fprintf(f, " (%llu MB lost due to fragmentation)",
			(unsigned long long)(frag / (1024 * 1024)));
	}
	if (sm->mem_lower_bound)
		fprintf(f, " (at least: the peak inside a GC that returned memory is not in this log)");
	fprintf(f, "\n\n");
	fprintf(f, "%-35s %11s %11s %11s\n", "", "Elapsed", "Avg pause", "Max pause");
	for (unsigned g = 0; g < sm->ngens; g++) {
		/* as the RTS: the average is the total over the count, in ns */
		uint64_t avg = sm->gen[g].colls ? sm->gen[g].elapsed / sm->gen[g].colls : 0;
		fprintf(f, "  Gen %2u     %5llu colls, %5llu par %10.3fs %10.4fs %10.4fs\n",
			g, (unsigned long long)sm->gen[g].colls, (unsigned long long)sm->gen[g].par,
			(double)sm->gen[g].elapsed / 1e9, (double)avg / 1e9,
			(double)sm->gen[g].max_pause / 1e9);
	}
	if (sm->have_syncs) {
		uint64_t avg = sm->sync_colls ? sm->sync_elapsed / sm->sync_colls : 0;
		fprintf(f, "  Gen %2u     %5llu syncs,            %10.3fs %10.4fs %10.4fs\n",
			sm->ngens ? sm->ngens - 1 : 0, (unsigned long long)sm->sync_colls,
			(double)sm->sync_elapsed / 1e9, (double)avg / 1e9,
			(double)sm->sync_max / 1e9);
		fprintf(f, "  (the concurrent mark's row is CPU time in +RTS -s: not in the log)\n");
	}
	fprintf(f, "\n");
	if (sm->bal_den && sm->bal_num)
		fprintf(f, "  Parallel GC work balance: %.2f%% (serial 0%%, perfect 100%%)\n\n",
			100.0 * (double)sm->bal_num / (double)sm->bal_den);
	if (sm->have_sparks)
		fprintf(f, "  SPARKS: %llu (%llu converted, %llu overflowed, %llu dud, %llu GC'd, "
			   "%llu fizzled)\n\n",
			(unsigned long long)sm->sparks[SP_CREATED],
			(unsigned long long)sm->sparks[SP_CONVERTED],
			(unsigned long long)sm->sparks[SP_OVERFLOWED],
			(unsigned long long)sm->sparks[SP_DUD], (unsigned long long)sm->sparks[SP_GCD],
			(unsigned long long)sm->sparks[SP_FIZZLED]);
	if (sm->have_init)
		fprintf(f, "  INIT    time  (%8.3fs elapsed)\n", (double)sm->init / 1e9);
	fprintf(f, "  MUT     time  (%8.3fs elapsed)\n", (double)sm->mut / 1e9);
	fprintf(f, "  GC      time  (%8.3fs elapsed)%s\n", (double)sm->gc / 1e9,
		sm->profiled ? "  heap censuses included: +RTS -s's PROF time is not in the log"
			     : "");
	if (sm->have_exit)
		fprintf(f, "  EXIT    time  (%8.3fs elapsed)\n", (double)sm->exit / 1e9);
	fprintf(f, "  Total   time  (%8.3fs elapsed)%s\n\n", (double)sm->total / 1e9,
		sm->whole && sm->have_init && !sm->have_exit ? "  the log ends before the program's exit"
		: "");
	if (sm->mut) {
		fprintf(f, "  Alloc rate    ");
		double rate = (double)sm->allocated / ((double)sm->mut / 1e9);
		put_commas(f, rate < 1.8e19 ? (uint64_t)rate : UINT64_MAX, 0);
		fprintf(f, " bytes per MUT second\n\n");
	}
	if (sm->total)
		fprintf(f, "  Productivity  %.1f%% of total elapsed\n",
			100.0 * (double)sm->mut / (double)sm->total);
}
