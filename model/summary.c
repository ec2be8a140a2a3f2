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

void summary_compute(const struct tracks *tr, const struct store *s, uint64_t from,
		     uint64_t to, struct summary *out)
{
	memset(out, 0, sizeof *out);
	bool empty = to < s->tmin || from > s->tmax || to < from || !s->nevents;
	if (from < s->tmin)
		from = s->tmin;
	if (to > s->tmax)
		to = s->tmax;
	if (to < from)
		to = from;
	out->from = from;
	out->to = to;
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

	/* the oldest generation: from HEAP_INFO_GHC, else the highest seen */
	unsigned maxgen = tr->gens ? tr->gens - 1u : 0;
	if (!tr->gens)
		for (size_t i = 0; i < tr->ngcstats; i++)
			if (tr->gcstats[i].gen > maxgen)
				maxgen = tr->gcstats[i].gen;
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
		if (g->gen < SUMMARY_GENS) {
			out->gen[g->gen].colls++;
			out->gen[g->gen].par += g->par_n_threads > 1;
		}
		if (g->par_n_threads > 1 && g->has_balanced) {
			out->bal_num += g->par_balanced_copied;
			out->bal_den += g->par_tot_copied;
		}
	}
	for (size_t i = 0; i < tr->ngcs; i++) {
		const struct gc *g = &tr->gcs[i];
		if (g->start < from || g->start > to)
			continue;
		out->ngcs++;
		out->gc += g->pause;
		int gen = tracks_gc_gen(tr, g);
		if (gen >= 0 && gen < SUMMARY_GENS) {
			out->gen[gen].pauses++;
			out->gen[gen].elapsed += g->pause;
			if (g->pause > out->gen[gen].max_pause)
				out->gen[gen].max_pause = g->pause;
		}
	}
	out->have_sparks = tr->nsparks > 0;
	for (int k = 0; k < 7; k++)
		out->sparks[k] = cap_delta(tr->sparks, tr->nsparks, from, to, k);
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
	fprintf(f, "\n\n");
	fprintf(f, "%-35s %11s %11s %11s\n", "", "Elapsed", "Avg pause", "Max pause");
	for (unsigned g = 0; g < sm->ngens; g++) {
		double tot = (double)sm->gen[g].elapsed / 1e9;
		double avg = sm->gen[g].pauses ? tot / (double)sm->gen[g].pauses : 0;
		fprintf(f, "  Gen %2u     %5llu colls, %5llu par %10.3fs %10.4fs %10.4fs\n",
			g, (unsigned long long)sm->gen[g].colls, (unsigned long long)sm->gen[g].par,
			tot, avg, (double)sm->gen[g].max_pause / 1e9);
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
	fprintf(f, "  MUT     time  (%8.3fs elapsed)\n", (double)sm->mut / 1e9);
	fprintf(f, "  GC      time  (%8.3fs elapsed)\n", (double)sm->gc / 1e9);
	fprintf(f, "  Total   time  (%8.3fs elapsed)\n\n", (double)sm->total / 1e9);
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
