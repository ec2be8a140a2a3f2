/* The +RTS -s style summary. */
#include "summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "summary_phases.h"
#include "summary_stream.h"

/* The key of a (cap, time) search: strict finds the last sample before t,
 * else the last at or before t. */
struct capkey {
	int32_t cap;
	uint64_t t;
	bool strict;
};

static bool capsample_by(const void *e, const void *k)
{
	const struct capsample *x = e;
	const struct capkey *key = k;
	return x->cap < key->cap ||
	       (x->cap == key->cap && (key->strict ? x->time < key->t : x->time <= key->t));
}

/* The last sample of capability cap at or before t in a (cap, time) sorted
 * array, or NULL. */
static const struct capsample *last_at(const struct capsample *a, size_t n, int32_t cap,
				       uint64_t t, bool strict)
{
	struct capkey key = { cap, t, strict };
	size_t lo = lower_bound(a, n, sizeof *a, &key, capsample_by);
	return lo && a[lo - 1].cap == cap ? &a[lo - 1] : NULL;
}

/* Capability cap's (value at to) - (value before from), field k. */
static uint64_t one_delta(const struct capsample *a, size_t n, int32_t cap, uint64_t from,
			  uint64_t to, int k)
{
	const struct capsample *e = last_at(a, n, cap, to, false);
	const struct capsample *b = last_at(a, n, cap, from, true);
	return e && (!b || e->v[k] >= b->v[k]) ? e->v[k] - (b ? b->v[k] : 0) : 0;
}

/* Sum over capabilities of (value at to) - (value before from), field k. */
static uint64_t cap_delta(const struct capsample *a, size_t n, uint64_t from, uint64_t to,
			  int k)
{
	uint64_t sum = 0;
	for (size_t i = 0; i < n;) {
		int32_t cap = a[i].cap;
		sum += one_delta(a, n, cap, from, to, k);
		while (i < n && a[i].cap == cap)
			i++;
	}
	return sum;
}

void summary_sparks_of(const struct tracks *tr, const struct summary *sm, int32_t cap,
		       uint64_t out[7])
{
	for (int k = 0; k < 7; k++)
		out[k] = one_delta(tr->sparks, tr->nsparks, cap, sm->from, sm->to, k);
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

/* Allocation, residency and memory in use. */
static void summary_memory(const struct tracks *tr, uint64_t from, uint64_t to, struct summary *out)
{
	out->have_alloc = tr->nalloc > 0;
	out->allocated = cap_delta(tr->alloc, tr->nalloc, from, to, 0);
	max_in(tr->heap_live, tr->nheap_live, from, to, &out->max_live, &out->live_samples);
	max_in(tr->heap_size, tr->nheap_size, from, to, &out->max_heap, NULL);
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
}

/* Bytes copied, slop and work balance from the GC_STATS_GHC events. */
static void gcstats(const struct tracks *tr, unsigned maxgen, uint64_t from, uint64_t to,
		    struct summary *out)
{
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
}

/* Collections: counted where their GC_STATS_GHC is (as the bytes copied),
 * else where they start; a window's GC time is the part of each pause
 * inside it. */
static struct summary_phase_gc summary_collections(const struct tracks *tr, uint64_t from, uint64_t to,
				   struct summary *out)
{
	struct summary_phase_gc pg = { 0, 0 };
	for (size_t i = 0; i < tr->ngcs; i++) {
		const struct gc *g = &tr->gcs[i];
		uint64_t at = g->stat >= 0 ? tr->gcstats[g->stat].time : g->start;
		int gen = tracks_gc_gen(tr, g);
		if (at >= from && at <= to) {
			out->ngcs++;
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
			out->gc += out->whole ? g->pause : summary_overlap(g->start, g->end, from, to + 1);
		else /* no GC_STATS_GHC: the group's mean pause, clipped */
			out->gc += out->whole ? g->pause
					      : summary_overlap(g->start, g->start + g->pause, from, to + 1);
		if (tr->have_exit && g->end <= tr->start_exit && g->start >= tr->end_init)
			pg.before_exit += g->pause;
		if (g->start >= tr->end_init)
			pg.after_init += g->pause;
	}
	return pg;
}

/* Nonmoving: +RTS -s's "syncs" row counts the major collections and times
 * the post-mark synchronisations. */
static void syncs(const struct tracks *tr, unsigned maxgen, uint64_t from, uint64_t to,
		  struct summary *out)
{
	if (!tr->nsyncs)
		return;
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

double summary_productivity(const struct summary *sm)
{
	if (!sm->total)
		return 0.0;
	if (!sm->have_exit)
		return (double)sm->mut / (double)sm->total;
	uint64_t other = sm->gc + sm->init + sm->exit;
	return other < sm->total ? (double)(sm->total - other) / (double)sm->total : 0.0;
}

/* The figures from the tracks' lists (all of them whole). */
static void summary_of_lists(const struct tracks *tr, const struct store *s, uint64_t from,
			     uint64_t to, struct summary *out)
{
	memset(out, 0, sizeof *out);
	out->have_gc = (s->classes & CLASS_BIT(CL_GC)) != 0;
	out->have_heap = tr->nalloc || tr->nheap_size || tr->nheap_live;
	/* the oldest generation: from HEAP_INFO_GHC, else the highest seen */
	unsigned maxgen = tr->gens ? tr->gens - 1u : tr->maxgen;
	bool any = summary_clip(tr, s, from, to, out);
	from = out->from;
	to = out->to;
	out->ngens = tr->gens ? tr->gens : any ? maxgen + 1 : 1;
	out->ngens_log = out->ngens;
	if (out->ngens > SUMMARY_GENS)
		out->ngens = SUMMARY_GENS;
	if (!any) /* a window with no events in it */
		return;
	summary_memory(tr, from, to, out);
	gcstats(tr, maxgen, from, to, out);
	struct summary_phase_gc pg = summary_collections(tr, from, to, out);
	syncs(tr, maxgen, from, to, out);
	out->have_sparks = tr->nsparks > 0;
	for (int k = 0; k < 7; k++)
		out->sparks[k] = cap_delta(tr->sparks, tr->nsparks, from, to, k);
	struct tracks_phases ph = { tr->end_init, tr->start_exit, tr->t_exit_report, tr->end_exit,
				    tr->have_init, tr->have_exit };
	summary_phases(&ph, s, pg, out);
}

void summary_compute(const struct tracks *tr, const struct store *s, uint64_t from,
		     uint64_t to, struct summary *out)
{
	if (tr->cut & SUMMARY_LISTS) {
		/* a list it reads stopped at the budget: the figures from a
		 * pass over the store's events, in constant memory */
		if (summary_stream(tr, s, from, to, out))
			return;
		summary_of_lists(tr, s, from, to, out);
		out->partial = true;
		return;
	}
	summary_of_lists(tr, s, from, to, out);
	/* the phases read the threads' list */
	out->partial = (tr->cut & TRACKS_CUT_THREADS) && out->whole;
}

struct field_list {
	struct summary_field *v;
	size_t n;
};

static void summary_put(struct field_list *l, const char *name, enum summary_kind k, bool known, uint64_t v)
{
	if (l->n == SUMMARY_FIELDS_MAX)
		return;
	struct summary_field *f = &l->v[l->n++];
	snprintf(f->name, sizeof f->name, "%s", name);
	f->kind = k;
	f->known = known;
	f->v = v;
	f->f = 0;
}

static void put_gens(struct field_list *l, const struct summary *sm)
{
	bool gc = sm->have_gc;
	for (unsigned g = 0; g < sm->ngens; g++) {
		char k[40];
		uint64_t c = sm->gen[g].colls;
		snprintf(k, sizeof k, "gen%u_collections", g);
		summary_put(l, k, SUMMARY_COUNT, gc, c);
		snprintf(k, sizeof k, "gen%u_parallel", g);
		summary_put(l, k, SUMMARY_COUNT, gc, sm->gen[g].par);
		snprintf(k, sizeof k, "gen%u_elapsed_ns", g);
		summary_put(l, k, SUMMARY_NS, gc, sm->gen[g].elapsed);
		snprintf(k, sizeof k, "gen%u_avg_pause_ns", g);
		summary_put(l, k, SUMMARY_NS, gc, c ? sm->gen[g].elapsed / c : 0);
		snprintf(k, sizeof k, "gen%u_max_pause_ns", g);
		summary_put(l, k, SUMMARY_NS, gc, sm->gen[g].max_pause);
	}
}

char *summary_field_label(const char *name, size_t len, char *out, size_t n)
{
	static const char *const suffix[] = { "_ns", "_bytes" };
	for (size_t i = 0; i < 2; i++) {
		size_t sl = strlen(suffix[i]);
		if (len > sl && !memcmp(name + len - sl, suffix[i], sl)) {
			len -= sl;
			break;
		}
	}
	if (!n)
		return out;
	if (len >= n)
		len = n - 1;
	for (size_t i = 0; i < len; i++)
		out[i] = name[i] == '_' ? ' ' : name[i];
	out[len] = 0;
	return out;
}

size_t summary_fields(const struct summary *sm, size_t ncaps, struct summary_field *out)
{
	struct field_list l = { out, 0 };
	bool gc = sm->have_gc, heap = sm->have_heap;
	summary_put(&l, "capabilities", SUMMARY_COUNT, true, ncaps);
	summary_put(&l, "collections", SUMMARY_COUNT, gc, sm->ngcs);
	summary_put(&l, "allocated_bytes", SUMMARY_BYTES, heap, sm->allocated);
	summary_put(&l, "copied_bytes", SUMMARY_BYTES, gc, sm->copied);
	summary_put(&l, "max_residency_bytes", SUMMARY_BYTES, heap, sm->max_live);
	summary_put(&l, "residency_samples", SUMMARY_COUNT, heap, sm->live_samples);
	summary_put(&l, "max_slop_bytes", SUMMARY_BYTES, gc, sm->max_slop);
	summary_put(&l, "max_memory_in_use_bytes", SUMMARY_BYTES, heap, sm->max_heap);
	summary_put(&l, "memory_is_lower_bound", SUMMARY_FLAG, heap, sm->mem_lower_bound);
	put_gens(&l, sm);
	if (sm->have_syncs) {
		summary_put(&l, "nonmoving_syncs", SUMMARY_COUNT, true, sm->sync_colls);
		summary_put(&l, "nonmoving_sync_elapsed_ns", SUMMARY_NS, true, sm->sync_elapsed);
		summary_put(&l, "nonmoving_sync_max_ns", SUMMARY_NS, true, sm->sync_max);
	}
	if (sm->have_sparks) {
		static const char *const nm[6] = { "sparks_created", "sparks_dud", "sparks_overflowed",
						   "sparks_converted", "sparks_gcd", "sparks_fizzled" };
		for (int k = 0; k < 6; k++)
			summary_put(&l, nm[k], SUMMARY_COUNT, true, sm->sparks[k]);
	}
	if (sm->have_init)
		summary_put(&l, "init_elapsed_ns", SUMMARY_NS, true, sm->init);
	summary_put(&l, "mut_elapsed_ns", SUMMARY_NS, gc, sm->mut);
	summary_put(&l, "gc_elapsed_ns", SUMMARY_NS, gc, sm->gc);
	summary_put(&l, "gc_includes_heap_census", SUMMARY_FLAG, gc, sm->profiled);
	if (sm->have_exit)
		summary_put(&l, "exit_elapsed_ns", SUMMARY_NS, true, sm->exit);
	summary_put(&l, "total_elapsed_ns", SUMMARY_NS, true, sm->total);
	summary_put(&l, "productivity", SUMMARY_FRAC, gc, 0);
	if (l.n) { /* to 4 decimals, as the TSV writes it */
		char t[32];
		snprintf(t, sizeof t, "%.4f", summary_productivity(sm));
		l.v[l.n - 1].f = strtod(t, NULL);
	}
	return l.n;
}
