/* Collections, as the RTS counts them, from the GC events of the pass; the
 * nonmoving collector's phases; the run's phases as +RTS -s splits them. */
#include "builder.h"

#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "vec.h"

/* One capability's GC_START..GC_END, paired at the join. */
struct gcival {
	uint64_t start, end, off, sync;
	int32_t cap;
	bool has_sync;
	long coll; /* its collection, or -1 */
};

/* A collection being formed, with its initiator's interval (or -1). */
struct gcbuild {
	struct gc g;
	long iv;
};

/* A collection (or an interval) by time, for the searches. */
struct bysync {
	uint64_t sync;
	size_t idx;
};

/* A collection's place in the by-pause order: longest first, then earliest. */
struct bypause {
	uint64_t pause, start;
	uint32_t idx;
};

static int cmp_gcev(const void *a, const void *b)
{
	const struct gcev *x = a, *y = b;
	return cmp_then(cmp_i64(x->cap, y->cap), cmp_u64(x->off, y->off));
}

static int cmp_concev(const void *a, const void *b)
{
	const struct concev *x = a, *y = b;
	return cmp_u64(x->off, y->off);
}

static int cmp_gcbuild(const void *a, const void *b)
{
	const struct gc *x = &((const struct gcbuild *)a)->g, *y = &((const struct gcbuild *)b)->g;
	return cmp_then(cmp_u64(x->start, y->start), cmp_u64(x->sync, y->sync));
}

static int cmp_bysync(const void *a, const void *b)
{
	const struct bysync *x = a, *y = b;
	return cmp_then(cmp_u64(x->sync, y->sync), cmp_u64(x->idx, y->idx));
}

static int cmp_pause(const void *a, const void *b)
{
	const struct bypause *x = a, *y = b;
	return cmp_then(cmp_u64(y->pause, x->pause), cmp_u64(x->start, y->start));
}

/* Pairs each capability's GC_START with its next GC_END in file order, and
 * notes the GC_GLOBAL_SYNC inside it. ev is sorted by (capability, offset);
 * so is the result. A GC_START the log ends inside makes no interval. With
 * iv NULL, only counts the intervals (*nout). */
static void pair_ivals(const struct gcev *ev, size_t n, struct gcival *iv, size_t *nout)
{
	struct gcival cur = { 0 };
	size_t niv = 0;
	bool open = false;
	int32_t prev = 0;
	for (size_t i = 0; i < n; i++) {
		const struct gcev *e = &ev[i];
		if (i && e->cap != prev)
			open = false;
		prev = e->cap;
		switch (e->kind) {
		case GE_START:
			cur = (struct gcival){ .start = e->time, .end = e->time, .off = e->off,
					       .cap = e->cap, .coll = -1 };
			open = true;
			break;
		case GE_SYNC:
			if (open && !cur.has_sync) {
				cur.sync = e->time;
				cur.has_sync = true;
			} else if (!open && iv && niv && iv[niv - 1].cap == e->cap &&
				   !iv[niv - 1].has_sync) {
				iv[niv - 1].sync = e->time; /* posted after its GC_END */
				iv[niv - 1].has_sync = true;
			}
			break;
		case GE_END:
			if (!open)
				break;
			cur.end = e->time < cur.start ? cur.start : e->time;
			if (iv)
				iv[niv] = cur;
			niv++;
			open = false;
			break;
		}
	}
	*nout = niv;
}

static bool ival_before_key(const void *e, const void *k)
{
	const struct gcival *x = e, *key = k;
	return x->cap < key->cap || (x->cap == key->cap && x->off < key->off);
}

/* The last interval of capability cap whose GC_START comes before file
 * offset off, or -1. iv is sorted by (capability, offset). */
static long ival_before(const struct gcival *iv, size_t n, int32_t cap, uint64_t off)
{
	struct gcival key = { .cap = cap, .off = off };
	size_t lo = lower_bound(iv, n, sizeof *iv, &key, ival_before_key);
	return lo && iv[lo - 1].cap == cap ? (long)lo - 1 : -1;
}

/* One collection per GC_STATS_GHC, on the interval of its capability that
 * holds it in file order. Returns how many (ngcstats). */
static size_t form_by_stats(const struct tracks *tr, struct gcival *iv, size_t niv,
			    struct gcbuild *cb)
{
	size_t nc = 0;
	for (size_t k = 0; k < tr->ngcstats; k++) {
		const struct gcstat *st = &tr->gcstats[k];
		long i = st->cap == EV_NO_CAP ? -1 : ival_before(iv, niv, st->cap, st->off);
		if (i >= 0 && iv[i].coll >= 0)
			i = -1; /* two GC_STATS_GHC in one pause: the first has it */
		struct gc g = { .start = st->time, .end = st->time, .sync = st->time,
				.cap = st->cap, .stat = (int32_t)k };
		if (i >= 0) {
			iv[i].coll = (long)nc; /* (any value >= 0 until the sort) */
			g.start = iv[i].start;
			g.end = iv[i].end;
			/* no GC_GLOBAL_SYNC: the initiator's GC_END, when the
			 * others are still stopped */
			g.sync = iv[i].has_sync ? iv[i].sync : iv[i].end;
			if (g.sync < g.start)
				g.sync = g.start;
		}
		cb[nc++] = (struct gcbuild){ g, i };
	}
	return nc;
}

/* The intervals' indices in start order. NULL when out of memory. */
static size_t *by_start(const struct gcival *iv, size_t niv)
{
	struct bysync *tmp = xmallocarray(niv, sizeof *tmp);
	size_t *ord = xmallocarray(niv, sizeof *ord);
	if (!tmp || !ord) {
		free(tmp);
		free(ord);
		return NULL;
	}
	for (size_t i = 0; i < niv; i++)
		tmp[i] = (struct bysync){ iv[i].start, i };
	qsort(tmp, niv, sizeof *tmp, cmp_bysync);
	for (size_t i = 0; i < niv; i++)
		ord[i] = tmp[i].idx;
	free(tmp);
	return ord;
}

/* No GC_STATS_GHC: one collection per group of intervals overlapping in
 * time, over all capabilities, paused for the mean of their lengths (as
 * ThreadScope does). False when out of memory. */
static bool form_by_overlap(const struct gcival *iv, size_t niv, struct gcbuild *cb,
			    size_t *nc)
{
	size_t *ord = by_start(iv, niv);
	if (!ord)
		return false;
	struct gc cur = { 0 };
	bool open = false;
	uint64_t sum = 0;
	uint32_t cnt = 0;
	*nc = 0;
	for (size_t q = 0; q < niv; q++) {
		const struct gcival *v = &iv[ord[q]];
		if (open && v->start <= cur.end) {
			if (v->end > cur.end)
				cur.end = v->end;
			sum += v->end - v->start;
			cnt++;
			continue;
		}
		if (open) {
			cur.pause = sum / cnt;
			cb[(*nc)++] = (struct gcbuild){ cur, -1 };
		}
		cur = (struct gc){ .start = v->start, .end = v->end, .sync = v->start,
				   .cap = EV_NO_CAP, .stat = -1 };
		sum = v->end - v->start;
		cnt = 1;
		open = true;
	}
	if (open) {
		cur.pause = sum / cnt;
		cb[(*nc)++] = (struct gcbuild){ cur, -1 };
	}
	free(ord);
	return true;
}

static bool starts_by(const void *e, const void *k)
{
	return ((const struct gcbuild *)e)->g.start <= *(const uint64_t *)k;
}

static bool sync_before(const void *e, const void *k)
{
	return ((const struct bysync *)e)->sync < *(const uint64_t *)k;
}

/* The other capabilities' intervals: the collection whose sync their
 * interval holds (grouped by overlap: the group holding it). cb is sorted
 * by start and the initiators' intervals have their collection. */
static bool join_others(const struct tracks *tr, struct gcival *iv, size_t niv,
			const struct gcbuild *cb, size_t nc)
{
	struct bysync *bs = xmallocarray(nc, sizeof *bs);
	if (!bs)
		return false;
	for (size_t c = 0; c < nc; c++)
		bs[c] = (struct bysync){ cb[c].g.sync, c };
	qsort(bs, nc, sizeof *bs, cmp_bysync);
	for (size_t i = 0; i < niv; i++) {
		if (iv[i].coll >= 0)
			continue;
		if (!tr->ngcstats) {
			size_t lo = lower_bound(cb, nc, sizeof *cb, &iv[i].start, starts_by);
			if (lo && iv[i].start <= cb[lo - 1].g.end)
				iv[i].coll = (long)lo - 1;
			continue;
		}
		/* the first sync at or after the start */
		size_t lo = lower_bound(bs, nc, sizeof *bs, &iv[i].start, sync_before);
		if (lo < nc && bs[lo].sync <= iv[i].end)
			iv[i].coll = (long)bs[lo].idx;
	}
	free(bs);
	return true;
}

/* Each collection's span and summed pause from its parts. */
static void spans(struct tracks *tr)
{
	for (size_t c = 0; c < tr->ngcs; c++) {
		struct gc *g = &tr->gcs[c];
		if (g->stat >= 0)
			g->pause = g->end - g->start;
		g->span_start = g->start;
		g->span_end = g->end;
		g->sum = 0;
		for (uint32_t k = 0; k < g->ncaps; k++) {
			const struct gcpart *q = &tr->gcparts[g->part + k];
			if (q->start < g->span_start)
				g->span_start = q->start;
			if (q->end > g->span_end)
				g->span_end = q->end;
			g->sum += q->end - q->start;
		}
	}
}

/* tr->gcs and gcparts from the formed collections and their intervals;
 * tr->gcs takes cb's memory, even when it returns false (out of memory). */
static bool gcs_store(struct tracks *tr, const struct gcival *iv, size_t niv,
		 struct gcbuild *cb, size_t nc)
{
	uint32_t *cnt = xcallocarray(nc + 1, sizeof *cnt);
	if (!cnt)
		return false;
	for (size_t i = 0; i < niv; i++)
		if (iv[i].coll >= 0)
			cnt[iv[i].coll + 1]++;
	for (size_t c = 0; c < nc; c++)
		cnt[c + 1] += cnt[c];
	tr->ngcparts = cnt[nc];
	tr->gcparts = xmallocarray(tr->ngcparts, sizeof *tr->gcparts);
	tr->gc_by_pause = xmallocarray(nc, sizeof *tr->gc_by_pause);
	if (!tr->gcparts || !tr->gc_by_pause) {
		free(cnt);
		return false;
	}
	/* the collections take cb's place (a struct gc is the head of a
	 * struct gcbuild: each moves down, never over one not yet moved) */
	struct gc *gcs = (struct gc *)(void *)cb;
	for (size_t c = 0; c < nc; c++) {
		struct gc g = cb[c].g;
		g.part = cnt[c];
		g.ncaps = 0;
		gcs[c] = g;
		tr->gc_by_pause[c] = (uint32_t)c;
	}
	struct gc *fit = xreallocarray(gcs, nc, sizeof *gcs);
	tr->gcs = fit ? fit : gcs;
	tr->ngcs = nc;
	for (size_t i = 0; i < niv; i++) { /* by capability within a collection */
		if (iv[i].coll < 0)
			continue;
		struct gc *g = &tr->gcs[iv[i].coll];
		tr->gcparts[g->part + g->ncaps++] =
			(struct gcpart){ iv[i].start, iv[i].end, iv[i].cap };
	}
	free(cnt);
	spans(tr);
	return true;
}

/* Collections from the paired intervals (sorted by capability, offset):
 * one per GC_STATS_GHC; other capabilities take part when their interval
 * holds the collection's GC_GLOBAL_SYNC moment. A log with no GC_STATS_GHC
 * gets one collection per group of overlapping intervals instead. */
static bool form_collections(struct tracks *tr, struct gcival *iv, size_t niv)
{
	struct gcbuild *cb = xmallocarray(tr->ngcstats ? tr->ngcstats : niv, sizeof *cb);
	if (!cb)
		return false;
	size_t nc = 0;
	if (tr->ngcstats)
		nc = form_by_stats(tr, iv, niv, cb);
	else if (!form_by_overlap(iv, niv, cb, &nc)) {
		free(cb);
		return false;
	}
	qsort(cb, nc, sizeof *cb, cmp_gcbuild);
	for (size_t i = 0; i < niv; i++)
		if (tr->ngcstats)
			iv[i].coll = -1;
	for (size_t c = 0; c < nc; c++)
		if (cb[c].iv >= 0)
			iv[cb[c].iv].coll = (long)c;
	if (!join_others(tr, iv, niv, cb, nc)) {
		free(cb);
		return false;
	}
	bool ok = gcs_store(tr, iv, niv, cb, nc);
	if (!tr->gcs)
		free(cb);
	return ok;
}

/* tr->gc_by_pause: longest pause first, then earliest. */
static bool order_by_pause(struct tracks *tr)
{
	struct bypause *bp = xmallocarray(tr->ngcs, sizeof *bp);
	if (!bp)
		return false;
	for (size_t i = 0; i < tr->ngcs; i++)
		bp[i] = (struct bypause){ tr->gcs[i].pause, tr->gcs[i].start, (uint32_t)i };
	qsort(bp, tr->ngcs, sizeof *bp, cmp_pause);
	for (size_t i = 0; i < tr->ngcs; i++)
		tr->gc_by_pause[i] = bp[i].idx;
	free(bp);
	return true;
}

bool coll_build(struct tracks *tr, struct gcev *gev, size_t ngev)
{
	qsort(gev, ngev, sizeof *gev, cmp_gcev);
	size_t niv = 0;
	pair_ivals(gev, ngev, NULL, &niv);
	struct gcival *iv = xmallocarray(niv, sizeof *iv);
	if (!iv) {
		free(gev);
		return false;
	}
	pair_ivals(gev, ngev, iv, &niv);
	free(gev); /* the intervals hold what the collections need */
	bool ok = form_collections(tr, iv, niv);
	free(iv);
	return ok && order_by_pause(tr);
}

/* Each synchronisation is a run of CONC_SYNC_BEGIN then CONC_SYNC_END
 * events (GHC 9.0 posts each twice, around its stopwatch), from the first
 * begin to the last end; marks are pairs. */
bool coll_conc_phases(struct tracks *tr, struct concev *ev, size_t n)
{
	qsort(ev, n, sizeof *ev, cmp_concev);
	size_t scap = 0, mcap = 0;
	bool in_sync = false, ended = false, in_mark = false;
	struct ival cur = { 0 }, mark = { 0 };
	for (size_t i = 0; i < n; i++) {
		switch (ev[i].tag) {
		case EV_CONC_SYNC_BEGIN:
			if (in_sync && ended) {
				if (!vec_push(tr->syncs, tr->nsyncs, scap, cur))
					return false;
				in_sync = false;
			}
			if (!in_sync)
				cur = (struct ival){ ev[i].time, ev[i].time };
			in_sync = true;
			ended = false;
			break;
		case EV_CONC_SYNC_END:
			if (in_sync) {
				cur.end = ev[i].time < cur.start ? cur.start : ev[i].time;
				ended = true;
			}
			break;
		case EV_CONC_MARK_BEGIN:
			mark = (struct ival){ ev[i].time, ev[i].time };
			in_mark = true;
			break;
		case EV_CONC_MARK_END:
			if (in_mark) {
				mark.end = ev[i].time < mark.start ? mark.start : ev[i].time;
				if (!vec_push(tr->marks_conc, tr->nmarks_conc, mcap, mark))
					return false;
			}
			in_mark = false;
			break;
		}
	}
	if (in_sync && ended && !vec_push(tr->syncs, tr->nsyncs, scap, cur))
		return false;
	return true;
}

/* The main thread: the first one created, or in the threaded RTS the first
 * created after the first one (which starts the IO manager) finished;
 * *io gets that first one (NULL when not threaded). */
static const struct thread_info *main_thread(const struct tracks *tr,
					     const struct thread_info **io)
{
	*io = NULL;
	const struct thread_info *first = NULL;
	for (size_t i = 0; i < tr->nthreads; i++)
		if (tr->threads[i].created != UINT64_MAX &&
		    (!first || tr->threads[i].created < first->created))
			first = &tr->threads[i];
	if (!first || !tr->threaded_rts)
		return first;
	*io = first;
	const struct thread_info *main = NULL;
	for (size_t i = 0; i < tr->nthreads && first->finished != UINT64_MAX; i++) {
		const struct thread_info *t = &tr->threads[i];
		if (t->created != UINT64_MAX && t->created > first->finished &&
		    (!main || t->created < main->created))
			main = t;
	}
	return main;
}

#define TAG_TASK_CREATE 55
#define TAG_TASK_DELETE 57
#define TAG_BLOCK_MARKER 18
/* the nonmoving collector's concurrent mark: CONC_MARK_BEGIN ..
 * CONC_UPD_REM_SET_FLUSH, posted by the mark thread */
#define TAG_CONC_FIRST 200
#define TAG_CONC_LAST 206

/* The last event of tag tag in [from, to), or 0. */
static uint64_t last_tag(const struct store *s, uint64_t from, uint64_t to, uint16_t tag)
{
	struct merge *m = merge_new_at(s, from, CLASS_BIT(class_of(tag)));
	uint64_t t = 0;
	struct evref r;
	while (m && merge_step(m, &r) && r.time < to)
		if (r.tag == tag)
			t = r.time;
	merge_free(m);
	return t;
}

/* The end of EXIT (stat_endExit, which posts no event) in a log whose
 * report is at report, its exit collection ending at from: the report,
 * unless the events in between end with a run of concurrent-mark events.
 * Then the RTS (GHC 9.10: exitStorage, nonmovingExit) waited after
 * stat_endExit for the collection still marking, and counted the wait in
 * no phase: EXIT ends at the last other event before that run, an
 * estimate (the RTS ends EXIT a little later, after the tasks it stops). */
static uint64_t exit_end(const struct store *s, uint64_t from, uint64_t report)
{
	struct merge *m = merge_new_at(s, from, CLASS_ALL);
	uint64_t last = from;
	bool in_run = false;
	struct evref r;
	while (m && merge_step(m, &r) && r.time < report) {
		if (r.tag == TAG_BLOCK_MARKER)
			continue;
		if (r.tag >= TAG_CONC_FIRST && r.tag <= TAG_CONC_LAST) {
			in_run = true;
		} else {
			last = r.time;
			in_run = false;
		}
	}
	merge_free(m);
	return in_run ? last : report;
}

/* INIT ends (stat_endInit) just before the main thread is created; in the
 * threaded RTS, hs_init has started the IO manager before it by running a
 * thread to its end in a bound task, and stat_endInit follows the task's
 * deletion at once, while hs_main's new task and main thread may come much
 * later (the OS thread can be descheduled): INIT ends at the last task
 * deleted between that thread's end and the main thread's creation. In the
 * non-threaded RTS, hs_main's rts_lock creates the task right after
 * stat_endInit and the main thread only later: INIT ends at the last task
 * created before the main thread. EXIT starts (stat_startExit) just before
 * hs_exit creates the thread that flushes stdout: the last thread created
 * before the exit collection, which is the last collection of a log that
 * ends normally; the report's time is taken just before the final
 * HEAP_ALLOCATED events that follow it, and EXIT ends there too unless the
 * RTS waited for a concurrent mark (exit_end). */
void tracks_phases_of(const struct tracks *tr, const struct store *s, uint64_t last_start,
		      uint64_t last_end, uint64_t report, struct tracks_phases *out)
{
	memset(out, 0, sizeof *out);
	const struct thread_info *io, *mt = main_thread(tr, &io);
	if (mt) {
		out->end_init = mt->created;
		out->have_init = true;
		uint64_t at = io ? last_tag(s, io->finished + 1, mt->created, TAG_TASK_DELETE)
			    : !tr->threaded_rts ? last_tag(s, 0, mt->created, TAG_TASK_CREATE)
						: 0;
		if (at)
			out->end_init = at;
	}
	if (!out->have_init || report == UINT64_MAX || s->stop == STOP_TRUNCATED)
		return;
	const struct thread_info *flush = NULL;
	for (size_t i = 0; i < tr->nthreads; i++) {
		const struct thread_info *t = &tr->threads[i];
		if (t->created != UINT64_MAX && t->created < last_start &&
		    t->created > out->end_init && (!flush || t->created > flush->created))
			flush = t;
	}
	if (!flush)
		return;
	out->start_exit = flush->created;
	out->t_exit_report = report;
	out->end_exit = exit_end(s, last_end + 1, report);
	out->have_exit = true;
}

void coll_run_phases(struct tracks *tr, const struct store *s)
{
	uint64_t report = UINT64_MAX, last_start = 0, last_end = 0;
	if (tr->ngcs) {
		const struct gc *last = &tr->gcs[tr->ngcs - 1];
		last_start = last->start;
		last_end = last->end;
		for (size_t i = 0; i < tr->nalloc; i++)
			if (tr->alloc[i].time > last->end && tr->alloc[i].time < report)
				report = tr->alloc[i].time;
	}
	struct tracks_phases ph;
	tracks_phases_of(tr, s, last_start, last_end, report, &ph);
	tr->end_init = ph.end_init;
	tr->have_init = ph.have_init;
	tr->start_exit = ph.start_exit;
	tr->t_exit_report = ph.t_exit_report;
	tr->end_exit = ph.end_exit;
	tr->have_exit = ph.have_exit;
}
