/* The summary from the store's events, in memory that grows with the
 * capabilities only (summary_stream.h). Each step follows what the tracks'
 * build and summary.c do with their lists, so that the figures are the
 * same: a capability's GC_START .. GC_END paired in its order (pair_ivals),
 * one collection per GC_STATS_GHC on the interval of its capability that
 * holds it (form_by_stats), the samples' deltas per capability
 * (cap_delta), the syncs as coll_conc_phases runs them. */
#include "summary_stream.h"

#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "summary_phases.h"
#include "vec.h"

/* A GC_STATS_GHC's figures, as a collection keeps them. */
struct ss_stat {
	uint64_t time;
	uint16_t gen;
	bool par;
	bool has_balanced;
	uint64_t copied, slop, tot, balanced;
};

/* One collection, formed. */
struct ss_coll {
	struct ss_stat st;
	uint64_t start, end;
};

/* A per-capability sample's values before the window and at its end. */
struct ss_delta {
	bool have_before, have_end;
	uint64_t before[7], end[7];
};

/* One capability's state in a pass. */
struct ss_cap {
	int32_t cap;
	bool open;         /* a GC_START without its GC_END yet */
	uint64_t cur;      /* its start */
	bool closed;       /* the last interval that ended */
	bool closed_taken; /* it has its collection */
	uint64_t c_start, c_end;
	bool pend;         /* a GC_STATS_GHC inside the open interval */
	struct ss_stat pst;
	struct ss_delta alloc, sparks;
};

struct ss {
	const struct tracks *tr;
	const struct store *s;
	struct ss_cap *caps; /* by capability */
	size_t ncaps, capcap;
	struct ss_cap nocap; /* the events of no capability */
	uint64_t from, to;
	void (*emit)(struct ss *x, const struct ss_coll *c); /* each collection */
	/* pass 1 */
	uint64_t nstats, last_start, last_end;
	bool any_coll, any_start;
	unsigned maxgen;
	/* pass 3 */
	struct summary *out;
	unsigned mg; /* the oldest generation */
	struct summary_phase_gc pg;
	uint64_t pg_before_exit_if;
	const struct tracks_phases *ph;
	bool have_hs, hs_prev_known;
	uint64_t hs_prev, hs_max_all;
	bool in_sync, sync_ended;
	uint64_t sync_start, sync_end, nsyncs_all;
	bool oom;
};

static bool ss_cap_before(const void *e, const void *k)
{
	return ((const struct ss_cap *)e)->cap < *(const int32_t *)k;
}

/* The state of capability cap (a sorted array: capabilities are few). */
static struct ss_cap *ss_cap_of(struct ss *x, int32_t cap)
{
	if (cap == EV_NO_CAP)
		return &x->nocap;
	size_t lo = lower_bound(x->caps, x->ncaps, sizeof *x->caps, &cap, ss_cap_before);
	if (lo < x->ncaps && x->caps[lo].cap == cap)
		return &x->caps[lo];
	struct ss_cap c = { .cap = cap };
	if (!vec_push(x->caps, x->ncaps, x->capcap, c)) {
		x->oom = true;
		return NULL;
	}
	memmove(&x->caps[lo + 1], &x->caps[lo], (x->ncaps - 1 - lo) * sizeof *x->caps);
	x->caps[lo] = c;
	return &x->caps[lo];
}

/* A collection on c's last ended interval, unless it has one (two
 * GC_STATS_GHC in one pause: the first has it), else at the stat's time. */
static void ss_on_closed(struct ss *x, struct ss_cap *c, const struct ss_stat *st)
{
	struct ss_coll k = { .st = *st, .start = st->time, .end = st->time };
	if (c != &x->nocap && c->closed && !c->closed_taken) {
		c->closed_taken = true;
		k.start = c->c_start;
		k.end = c->c_end;
	}
	x->emit(x, &k);
}

static void ss_gc_start(struct ss *x, struct ss_cap *c, uint64_t t)
{
	if (c->pend) { /* its interval never ended: the stat takes the one before */
		c->pend = false;
		ss_on_closed(x, c, &c->pst);
	}
	c->open = true;
	c->cur = t;
}

static void ss_gc_end(struct ss *x, struct ss_cap *c, uint64_t t)
{
	if (!c->open)
		return;
	c->open = false;
	c->closed = true;
	c->closed_taken = false;
	c->c_start = c->cur;
	c->c_end = t < c->cur ? c->cur : t;
	if (c->pend) {
		c->pend = false;
		ss_on_closed(x, c, &c->pst);
	}
}

static void ss_gc_stats(struct ss *x, struct ss_cap *c, const struct ev *e)
{
	struct ss_stat st = {
		.time = e->time, .gen = (uint16_t)e->f[1].u, .copied = e->f[2].u,
		.slop = e->f[3].u, .par = (uint32_t)e->f[5].u > 1, .tot = e->f[7].u,
		.has_balanced = e->nf > 8, .balanced = e->nf > 8 ? e->f[8].u : 0,
	};
	x->nstats++;
	if (st.gen > x->maxgen)
		x->maxgen = st.gen;
	if (c != &x->nocap && c->open && !c->pend) {
		c->pend = true; /* its interval is the one open, once it ends */
		c->pst = st;
		return;
	}
	if (c != &x->nocap && c->open) { /* a second in the open interval */
		struct ss_coll k = { .st = st, .start = st.time, .end = st.time };
		x->emit(x, &k);
		return;
	}
	ss_on_closed(x, c, &st);
}

/* A value of capability c's samples (HEAP_ALLOCATED, SPARK_COUNTERS). */
static void ss_delta_at(struct ss *x, struct ss_delta *d, uint64_t t, const struct ev *e, int n)
{
	if (t < x->from) {
		d->have_before = true;
		for (int k = 0; k < n; k++)
			d->before[k] = e->f[k + (n == 1)].u;
	}
	if (t <= x->to) {
		d->have_end = true;
		for (int k = 0; k < n; k++)
			d->end[k] = e->f[k + (n == 1)].u;
	}
}

static uint64_t ss_delta_of(const struct ss_delta *d, int k)
{
	if (!d->have_end || (d->have_before && d->end[k] < d->before[k]))
		return 0;
	return d->end[k] - (d->have_before ? d->before[k] : 0);
}

/* The nonmoving collector's syncs, as coll_conc_phases runs them. */
static void ss_sync_done(struct ss *x)
{
	struct summary *o = x->out;
	x->nsyncs_all++;
	if (x->sync_start < x->from || x->sync_start > x->to)
		return;
	uint64_t d = x->sync_end - x->sync_start;
	o->nsyncs++;
	o->sync_elapsed += d;
	if (d > o->sync_max)
		o->sync_max = d;
}

static void ss_conc(struct ss *x, uint16_t tag, uint64_t t)
{
	if (tag == EV_CONC_SYNC_BEGIN) {
		if (x->in_sync && x->sync_ended) {
			ss_sync_done(x);
			x->in_sync = false;
		}
		if (!x->in_sync)
			x->sync_start = x->sync_end = t;
		x->in_sync = true;
		x->sync_ended = false;
	} else if (x->in_sync) {
		x->sync_end = t < x->sync_start ? x->sync_start : t;
		x->sync_ended = true;
	}
}

/* The samples of the window (pass 3). */
static void ss_sample(struct ss *x, struct ss_cap *c, const struct ev *e)
{
	struct summary *o = x->out;
	uint64_t t = e->time, v = e->nf > 1 ? e->f[1].u : 0;
	bool in = t >= x->from && t <= x->to;
	switch (e->tag) {
	case EV_HEAP_ALLOCATED:
		o->have_alloc = true;
		ss_delta_at(x, &c->alloc, t, e, 1);
		break;
	case EV_SPARK_COUNTERS:
		o->have_sparks = true;
		ss_delta_at(x, &c->sparks, t, e, 7);
		break;
	case EV_HEAP_LIVE:
		x->have_hs = true;
		if (in) {
			o->live_samples++;
			if (v > o->max_live)
				o->max_live = v;
		}
		break;
	case EV_HEAP_SIZE:
		x->have_hs = true;
		if (v > x->hs_max_all)
			x->hs_max_all = v;
		if (in && v > o->max_heap)
			o->max_heap = v;
		if (in && x->hs_prev_known && v < x->hs_prev && !x->tr->mem_peak_exact)
			o->mem_lower_bound = true;
		x->hs_prev = v;
		x->hs_prev_known = true;
		break;
	}
}

/* Pass 1's collections: the last to start, and how many. */
static void ss_emit_last(struct ss *x, const struct ss_coll *c)
{
	if (!x->any_coll || c->start > x->last_start ||
	    (c->start == x->last_start && c->end > x->last_end)) {
		x->last_start = c->start;
		x->last_end = c->end;
	}
	x->any_coll = true;
}

/* Pass 3's collections: summary.c's gcstats and summary_collections. */
static void ss_emit_sum(struct ss *x, const struct ss_coll *c)
{
	struct summary *o = x->out;
	const struct ss_stat *st = &c->st;
	uint64_t pause = c->end - c->start;
	if (st->time >= x->from && st->time <= x->to) {
		o->copied += st->copied;
		if (st->gen == x->mg && st->slop > o->max_slop)
			o->max_slop = st->slop;
		if (st->par && st->has_balanced) {
			o->bal_num += st->balanced;
			o->bal_den += st->tot;
		}
		o->ngcs++;
		if (st->gen < SUMMARY_GENS) {
			o->gen[st->gen].colls++;
			o->gen[st->gen].par += st->par;
			o->gen[st->gen].elapsed += pause;
			if (pause > o->gen[st->gen].max_pause)
				o->gen[st->gen].max_pause = pause;
		}
	}
	o->gc += o->whole ? pause : summary_overlap(c->start, c->end, x->from, x->to + 1);
	if (c->end <= x->ph->start_exit && c->start >= x->ph->end_init)
		x->pg_before_exit_if += pause;
	if (c->start >= x->ph->end_init)
		x->pg.after_init += pause;
}

static const uint16_t ss_tags[] = { EV_GC_START,	 EV_GC_END,	     EV_GC_STATS_GHC,
				    EV_HEAP_ALLOCATED,	 EV_HEAP_SIZE,	     EV_HEAP_LIVE,
				    EV_SPARK_COUNTERS,	 EV_CONC_SYNC_BEGIN, EV_CONC_SYNC_END };

/* One pass over the events of tags[0 .. ntags) from time from: the
 * collections to x->emit, the samples and syncs (pass 3: out set) taken. */
static bool ss_pass(struct ss *x, uint64_t from, const uint16_t *tags, size_t ntags)
{
	x->ncaps = 0;
	memset(&x->nocap, 0, sizeof x->nocap);
	x->nocap.cap = EV_NO_CAP;
	struct merge *m = merge_new_tags(x->s, from, 0, tags, ntags);
	if (!m)
		return false;
	const struct ev *e;
	int32_t cap;
	while ((e = merge_next(m, &cap)) != NULL && !x->oom) {
		if (e->bad & BAD_LEN)
			continue;
		struct ss_cap *c = ss_cap_of(x, cap);
		if (!c)
			break;
		switch (e->tag) {
		case EV_GC_START:
			x->any_start = true;
			if (cap != EV_NO_CAP)
				ss_gc_start(x, c, e->time);
			break;
		case EV_GC_END:
			if (cap != EV_NO_CAP)
				ss_gc_end(x, c, e->time);
			break;
		case EV_GC_STATS_GHC:
			if (e->nf > 7)
				ss_gc_stats(x, c, e);
			break;
		case EV_CONC_SYNC_BEGIN:
		case EV_CONC_SYNC_END:
			if (x->out)
				ss_conc(x, e->tag, e->time);
			break;
		default:
			if (x->out)
				ss_sample(x, c, e);
			break;
		}
	}
	bool ok = !merge_failed(m) && !x->oom && !store_faulted(x->s);
	merge_free(m);
	/* a stat whose interval the log ends inside takes the one before */
	for (size_t i = 0; ok && i < x->ncaps; i++)
		if (x->caps[i].pend) {
			x->caps[i].pend = false;
			ss_on_closed(x, &x->caps[i], &x->caps[i].pst);
		}
	return ok;
}

/* The first HEAP_ALLOCATED after the last collection (pass 2): the time
 * of the RTS's report. */
static uint64_t ss_report(const struct ss *x)
{
	static const uint16_t tag = EV_HEAP_ALLOCATED;
	struct merge *m = merge_new_tags(x->s, x->last_end + 1, 0, &tag, 1);
	struct evref r;
	uint64_t t = UINT64_MAX;
	while (m && merge_step(m, &r))
		if (r.tag == tag && r.time > x->last_end) {
			t = r.time;
			break;
		}
	merge_free(m);
	return t;
}

/* Pass 3's sums into out, over the window. */
static bool ss_sums(struct ss *x, struct summary *out, const struct tracks_phases *ph)
{
	x->out = out;
	x->ph = ph;
	x->emit = ss_emit_sum;
	if (!ss_pass(x, 0, ss_tags, sizeof ss_tags / sizeof *ss_tags))
		return false;
	if (x->in_sync && x->sync_ended)
		ss_sync_done(x);
	out->have_syncs = x->nsyncs_all > 0;
	if (out->have_syncs)
		out->sync_colls = x->mg < SUMMARY_GENS ? out->gen[x->mg].colls : 0;
	for (size_t i = 0; i <= x->ncaps; i++) {
		const struct ss_cap *c = i < x->ncaps ? &x->caps[i] : &x->nocap;
		out->allocated += ss_delta_of(&c->alloc, 0);
		for (int k = 0; k < 7; k++)
			out->sparks[k] += ss_delta_of(&c->sparks, k);
	}
	out->have_heap = out->have_alloc || x->have_hs;
	if (out->whole && x->hs_max_all > out->max_heap)
		out->max_heap = x->hs_max_all;
	if (out->whole && x->tr->max_mem > out->max_heap)
		out->max_heap = x->tr->max_mem;
	x->pg.before_exit = ph->have_exit ? x->pg_before_exit_if : 0;
	return true;
}

bool summary_stream(const struct tracks *tr, const struct store *s, uint64_t from, uint64_t to,
		    struct summary *out)
{
	if (tr->cut & TRACKS_CUT_THREADS)
		return false; /* the phases read the threads */
	memset(out, 0, sizeof *out);
	out->have_gc = (s->classes & CLASS_BIT(CL_GC)) != 0;
	struct ss x = { .tr = tr, .s = s };
	/* pass 1: the collections, to find the last, and the oldest
	 * generation; a log without GC_STATS_GHC groups its collections by
	 * overlap (collections.c), which is not done here */
	static const uint16_t gc_tags[] = { EV_GC_START, EV_GC_END, EV_GC_STATS_GHC };
	x.emit = ss_emit_last;
	bool ok = ss_pass(&x, 0, gc_tags, 3);
	if (ok && !x.nstats && x.any_start)
		ok = false;
	unsigned maxgen = tr->gens ? tr->gens - 1u : x.maxgen;
	bool any = summary_clip(tr, s, from, to, out);
	out->ngens = tr->gens ? tr->gens : any ? maxgen + 1 : 1;
	out->ngens_log = out->ngens;
	if (out->ngens > SUMMARY_GENS)
		out->ngens = SUMMARY_GENS;
	if (!ok || !any) {
		free(x.caps);
		return ok;
	}
	/* pass 2: the report's time, and with it the run's phases */
	uint64_t report = x.any_coll ? ss_report(&x) : UINT64_MAX;
	struct tracks_phases ph;
	tracks_phases_of(tr, s, x.last_start, x.last_end, report, &ph);
	/* pass 3: the window's sums */
	x.from = out->from;
	x.to = out->to;
	x.mg = maxgen;
	ok = ss_sums(&x, out, &ph);
	free(x.caps);
	if (!ok)
		return false;
	summary_phases(&ph, s, x.pg, out);
	out->streamed = true;
	return true;
}
