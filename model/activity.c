/* The tracks' queries over time: each capability's state at an instant,
 * its activity per column of a window (exact, or from the bins), and the
 * threads' running time inside a window. */
#include "tracks.h"

#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "vec.h"

static bool order_before(const void *e, const void *k)
{
	return ((const struct seg_order *)e)->t0 < *(const uint64_t *)k;
}

static bool ckpt_before(const void *e, const void *k)
{
	return ((const struct ckpt *)e)->time < *(const uint64_t *)k;
}

static bool ckpt_by(const void *e, const void *k)
{
	return ((const struct ckpt *)e)->time <= *(const uint64_t *)k;
}

/* Events in [t0, t1), estimated from the index: for each segment that
 * overlaps it (found through the time-ordered segment table), the bytes
 * between the checkpoints around t0 and t1, at the log's mean event size.
 * Costs O(log segments + chunks of segments before t1). */
static uint64_t estimate_events(const struct store *s, uint64_t t0, uint64_t t1)
{
	if (!s->nevents || !s->nsegs)
		return 0;
	uint64_t data = s->stop_off > s->segs[0].off ? s->stop_off - s->segs[0].off : 1;
	double mean = (double)data / (double)s->nevents;
	if (mean < 1)
		mean = 1;
	/* segments starting before t1 */
	size_t lo = lower_bound(s->order, s->nsegs, sizeof *s->order, &t1, order_before);
	double bytes = 0;
	for (size_t c = 0; c * ORDER_CHUNK < lo; c++) {
		if (s->chunk_t1[c] < t0)
			continue;
		size_t e = (c + 1) * ORDER_CHUNK < lo ? (c + 1) * ORDER_CHUNK : lo;
		for (size_t i = c * ORDER_CHUNK; i < e; i++) {
			const struct seg *g = &s->segs[s->order[i].seg];
			if (g->t1 < t0)
				continue;
			uint64_t a = g->off, z = g->end;
			if (g->nck > 1) {
				const struct ckpt *ck = &s->ckpts[g->ck0];
				/* the last checkpoint at or before t0, the first at or
				 * after t1 */
				size_t l = lower_bound(ck, g->nck, sizeof *ck, &t0, ckpt_by);
				if (l)
					a = ck[l - 1].off;
				l += lower_bound(ck + l, g->nck - l, sizeof *ck, &t1, ckpt_before);
				if (l < g->nck)
					z = ck[l].off;
			}
			bytes += (double)(z - a);
		}
	}
	double n = bytes / mean + 1;
	return n >= 1.8e19 ? UINT64_MAX : (uint64_t)n;
}

/* A capability's state as the lanes count it. */
static void step_state(struct capstate_at *st, const struct store *s, const struct evref *r)
{
	switch (r->tag) {
	case EV_RUN_THREAD: st->thread = ev_thread_at(s->map, r->off); break;
	case EV_STOP_THREAD: st->thread = 0; break;
	case EV_GC_START: st->gc = true; break;
	case EV_GC_END: st->gc = false; break;
	}
}

static bool is_state_tag(uint16_t tag)
{
	return tag == EV_RUN_THREAD || tag == EV_STOP_THREAD || tag == EV_GC_START ||
	       tag == EV_GC_END;
}

/* The bin holding time t (t >= origin), or nbins past the bins. */
static uint64_t bin_of(const struct tracks *tr, uint64_t t)
{
	uint64_t b = (t - tr->origin) / tr->binw;
	return b < tr->nbins ? b : tr->nbins;
}

bool tracks_state_at(const struct tracks *tr, const struct store *s, uint64_t t,
		     struct capstate_at *out)
{
	uint64_t from = tr->origin;
	uint64_t bin = 0;
	/* past the last event nothing changes: start from its bin */
	uint64_t tb = t < s->tmax ? t : s->tmax;
	if (tb > tr->origin) {
		bin = bin_of(tr, tb);
		if (bin >= tr->nbins)
			bin = tr->nbins - 1;
		from = tr->origin + bin * tr->binw;
	}
	bool allbins = true;
	for (size_t c = 0; c < tr->ncaps; c++)
		allbins &= tr->st_thread[c] != NULL;
	for (size_t c = 0; c < tr->ncaps; c++) {
		out[c].thread = allbins ? tr->st_thread[c][bin] : 0;
		out[c].gc = allbins ? tr->st_gc[c][bin] : false;
	}
	if (!allbins) /* a capability with no bins: every event from the start */
		from = 0;
	struct merge *m = merge_new_at(s, from, CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_GC));
	if (!m)
		return false;
	struct evref r;
	while (merge_step(m, &r) && r.time < t) {
		long ci = r.cap == EV_NO_CAP ? -1 : tracks_cap_index(tr, r.cap);
		if (ci >= 0)
			step_state(&out[ci], s, &r);
	}
	merge_free(m);
	return true;
}

/* ---- activity per column ---- */

/* Column edges: column k spans [edge(k), edge(k + 1)). */
struct cols {
	uint64_t t0, d;
	unsigned n;
};

static uint64_t col_edge(const struct cols *g, unsigned k)
{
	return g->t0 + (uint64_t)((unsigned __int128)g->d * k / g->n);
}

/* The column holding x (t0 <= x < t0 + d): the largest k with edge(k) <= x. */
static unsigned col_of(const struct cols *g, uint64_t x)
{
	unsigned __int128 y = x - g->t0;
	unsigned __int128 k = ((y + 1) * g->n - 1) / g->d;
	return k >= g->n ? g->n - 1 : (unsigned)k;
}

/* Adds [a, b), clipped to the window and to [lo, hi), to dst's columns. */
static void add_ns(const struct cols *g, uint64_t *dst, uint64_t a, uint64_t b, uint64_t lo,
		   uint64_t hi)
{
	uint64_t t1 = g->t0 + g->d;
	if (a < g->t0)
		a = g->t0;
	if (a < lo)
		a = lo;
	if (b > t1)
		b = t1;
	if (b > hi)
		b = hi;
	if (b <= a)
		return;
	for (unsigned k = col_of(g, a); k < g->n; k++) {
		uint64_t e0 = col_edge(g, k), e1 = col_edge(g, k + 1);
		if (e0 >= b)
			break;
		dst[k] += (b < e1 ? b : e1) - (a > e0 ? a : e0);
	}
}

/* Adds each capability's time outside its data (before its first event,
 * from its last on) to its columns in nd (ncaps x g->n). */
static void add_nodata(const struct tracks *tr, const struct cols *g, uint64_t *nd)
{
	uint64_t t1 = g->t0 + g->d;
	for (size_t c = 0; c < tr->ncaps; c++) {
		add_ns(g, nd + c * g->n, g->t0, tr->cap_first[c], 0, UINT64_MAX);
		add_ns(g, nd + c * g->n, tr->cap_last[c], t1, 0, UINT64_MAX);
	}
}

bool tracks_cap_activity(const struct tracks *tr, const struct store *s, uint64_t t0,
			 uint64_t t1, unsigned ncols, uint64_t *run_ns, uint64_t *gc_ns,
			 uint64_t *nodata_ns)
{
	size_t n = tr->ncaps * ncols;
	memset(run_ns, 0, n * sizeof *run_ns);
	memset(gc_ns, 0, n * sizeof *gc_ns);
	if (nodata_ns)
		memset(nodata_ns, 0, n * sizeof *nodata_ns);
	if (t1 <= t0 || ncols == 0 || tr->ncaps == 0)
		return true;
	struct cols g = { t0, t1 - t0, ncols };
	if (nodata_ns)
		add_nodata(tr, &g, nodata_ns);
	struct capstate_at *st = xmallocarray(tr->ncaps, sizeof *st);
	uint64_t *since = xmallocarray(tr->ncaps, sizeof *since);
	struct merge *m = NULL;
	bool ok = st && since && tracks_state_at(tr, s, t0, st) &&
		  (m = merge_new_at(s, t0, CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_GC)));
	if (ok) {
		for (size_t c = 0; c < tr->ncaps; c++)
			since[c] = t0;
		struct evref r;
		while (merge_step(m, &r) && r.time < t1) {
			if (!is_state_tag(r.tag) || r.cap == EV_NO_CAP)
				continue;
			long ci = tracks_cap_index(tr, r.cap);
			if (ci < 0)
				continue;
			if (r.time > since[ci]) {
				uint64_t *dst = st[ci].gc ? gc_ns : st[ci].thread ? run_ns : NULL;
				if (dst)
					add_ns(&g, dst + (size_t)ci * ncols, since[ci], r.time,
					       tr->cap_first[ci], tr->cap_last[ci]);
				since[ci] = r.time;
			}
			step_state(&st[ci], s, &r);
		}
		for (size_t c = 0; c < tr->ncaps; c++) {
			uint64_t *dst = st[c].gc ? gc_ns : st[c].thread ? run_ns : NULL;
			if (dst)
				add_ns(&g, dst + c * ncols, since[c], t1, tr->cap_first[c],
				       tr->cap_last[c]);
		}
	}
	merge_free(m);
	free(st);
	free(since);
	return ok;
}

/* Prefix sums at time x from the bins alone, linear inside a bin. */
static double cum_at(const struct tracks *tr, const uint64_t *v, uint64_t x)
{
	if (x <= tr->origin)
		return 0;
	uint64_t b = bin_of(tr, x);
	if (b >= tr->nbins)
		return (double)v[tr->nbins];
	double f = (double)(x - tr->origin - b * tr->binw) / (double)tr->binw;
	return (double)v[b] + f * (double)(v[b + 1] - v[b]);
}

/* Exact prefix sums at every column edge: the bins up to the edge's bin,
 * then the events of that bin up to the edge. One merge walks on while the
 * next edge is near, and seeks again when it is far. */
static bool edge_prefix(const struct tracks *tr, const struct store *s, const struct cols *g,
			uint64_t *prun, uint64_t *pgc)
{
	size_t nc = tr->ncaps;
	struct capstate_at *st = xmallocarray(nc, sizeof *st);
	uint64_t *since = xmallocarray(nc, sizeof *since), *ar = xmallocarray(nc, sizeof *ar),
		 *ag = xmallocarray(nc, sizeof *ag);
	struct merge *m = NULL;
	bool ok = st && since && ar && ag, pending = false;
	struct evref r = { 0 };
	uint64_t pos = 0; /* the merge has read every event before pos */
	for (unsigned k = 0; ok && k <= g->n; k++) {
		uint64_t x = col_edge(g, k);
		uint64_t b = x <= tr->origin ? 0 : bin_of(tr, x);
		uint64_t bs = tr->origin + (b < tr->nbins ? b : tr->nbins) * tr->binw;
		if (x <= tr->origin || b >= tr->nbins) { /* outside the bins */
			for (size_t c = 0; c < nc; c++) {
				prun[c * (g->n + 1) + k] = x <= tr->origin ? 0 : tr->run[c][tr->nbins];
				pgc[c * (g->n + 1) + k] = x <= tr->origin ? 0 : tr->gcd[c][tr->nbins];
			}
			continue;
		}
		if (!m || pos > x || bs > pos + 2 * tr->binw) { /* seek to the bin */
			merge_free(m);
			m = merge_new_at(s, bs, CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_GC));
			if (!m) {
				ok = false;
				break;
			}
			pending = false;
			pos = bs;
			for (size_t c = 0; c < nc; c++) {
				st[c].thread = tr->st_thread[c][b];
				st[c].gc = tr->st_gc[c][b];
				ar[c] = tr->run[c][b];
				ag[c] = tr->gcd[c][b];
				since[c] = bs;
			}
		}
		for (;;) {
			if (!pending && !(pending = merge_step(m, &r)))
				break;
			if (r.time >= x)
				break;
			pending = false;
			if (!is_state_tag(r.tag) || r.cap == EV_NO_CAP)
				continue;
			long ci = tracks_cap_index(tr, r.cap);
			if (ci < 0)
				continue;
			if (r.time > since[ci]) {
				uint64_t lo = since[ci] > tr->cap_first[ci] ? since[ci] : tr->cap_first[ci];
				uint64_t hi = r.time < tr->cap_last[ci] ? r.time : tr->cap_last[ci];
				if (hi > lo && st[ci].gc)
					ag[ci] += hi - lo;
				else if (hi > lo && st[ci].thread)
					ar[ci] += hi - lo;
				since[ci] = r.time;
			}
			step_state(&st[ci], s, &r);
		}
		pos = x;
		for (size_t c = 0; c < nc; c++) {
			if (x > since[c]) {
				uint64_t lo = since[c] > tr->cap_first[c] ? since[c] : tr->cap_first[c];
				uint64_t hi = x < tr->cap_last[c] ? x : tr->cap_last[c];
				if (hi > lo && (st[c].gc || st[c].thread))
					*(st[c].gc ? &ag[c] : &ar[c]) += hi - lo;
				since[c] = x;
			}
			prun[c * (g->n + 1) + k] = ar[c];
			pgc[c * (g->n + 1) + k] = ag[c];
		}
	}
	merge_free(m);
	free(st);
	free(since);
	free(ar);
	free(ag);
	return ok;
}

bool tracks_cap_fractions(const struct tracks *tr, const struct store *s, uint64_t t0,
			  uint64_t t1, unsigned ncols, size_t raw_max, bool exact_only,
			  float *run, float *gc, float *nodata, bool *exact)
{
	size_t n = tr->ncaps * ncols;
	memset(run, 0, n * sizeof *run);
	memset(gc, 0, n * sizeof *gc);
	if (nodata)
		memset(nodata, 0, n * sizeof *nodata);
	*exact = true;
	if (t1 <= t0 || ncols == 0 || tr->ncaps == 0)
		return true;
	struct cols g = { t0, t1 - t0, ncols };
	uint64_t colw = g.d / ncols;
	bool allbins = tr->nbins > 0;
	for (size_t c = 0; c < tr->ncaps; c++)
		allbins &= tr->run[c] != NULL;
	uint64_t est = estimate_events(s, t0, t1);
	/* the work of each way, in events read: a seek costs about as much as
	 * reading a few hundred */
	uint64_t per_bin = tr->nbins ? s->nevents / tr->nbins + 1 : s->nevents;
	uint64_t edges_cost = (uint64_t)(ncols + 1) * (512 + per_bin);
	bool fine_bins = allbins && tr->binw <= colw / 512;
	enum { RAW, BINS, EDGES } way;
	if (exact_only || !allbins || est <= raw_max)
		way = RAW;
	else if (fine_bins)
		way = BINS;
	else
		way = est <= edges_cost ? RAW : EDGES;
	if (way == RAW || way == EDGES) {
		size_t m = way == RAW ? n : tr->ncaps * (size_t)(ncols + 1);
		uint64_t *a = xmallocarray(m, sizeof *a), *b = xmallocarray(m, sizeof *b);
		uint64_t *nd = nodata && way == RAW ? xmallocarray(n, sizeof *nd) : NULL;
		bool ok = a && b && (!nodata || way != RAW || nd);
		if (ok && way == RAW)
			ok = tracks_cap_activity(tr, s, t0, t1, ncols, a, b, nd);
		else if (ok)
			ok = edge_prefix(tr, s, &g, a, b);
		if (ok) {
			for (size_t c = 0; c < tr->ncaps; c++) {
				for (unsigned k = 0; k < ncols; k++) {
					double w = (double)(col_edge(&g, k + 1) - col_edge(&g, k));
					size_t i = c * ncols + k;
					double fr, fg;
					if (way == RAW) {
						fr = (double)a[i] / w;
						fg = (double)b[i] / w;
					} else {
						size_t j = c * (ncols + 1) + k;
						fr = (double)(a[j + 1] - a[j]) / w;
						fg = (double)(b[j + 1] - b[j]) / w;
					}
					run[i] = w > 0 ? (float)fr : 0;
					gc[i] = w > 0 ? (float)fg : 0;
					if (nd)
						nodata[i] = w > 0 ? (float)((double)nd[i] / w) : 0;
				}
			}
		}
		free(a);
		free(b);
		free(nd);
		if (!ok)
			return false;
		/* exact either way; *exact says the window's events were read
		 * (so reading them again, say for labels, is as cheap) */
		*exact = way == RAW;
	} else {
		*exact = false;
		for (size_t c = 0; c < tr->ncaps; c++) {
			double pr = cum_at(tr, tr->run[c], t0), pg = cum_at(tr, tr->gcd[c], t0);
			for (unsigned k = 0; k < ncols; k++) {
				uint64_t e = col_edge(&g, k + 1);
				double w = (double)(e - col_edge(&g, k));
				double cr = cum_at(tr, tr->run[c], e), cg = cum_at(tr, tr->gcd[c], e);
				double fr = (cr - pr) / w, fg = (cg - pg) / w;
				/* a hair over 1 can only be rounding */
				run[c * ncols + k] = (float)(fr < 0 ? 0 : fr > 1 ? 1 : fr);
				gc[c * ncols + k] = (float)(fg < 0 ? 0 : fg > 1 ? 1 : fg);
				pr = cr;
				pg = cg;
			}
		}
	}
	if (nodata && way != RAW) { /* exact from the extents alone */
		uint64_t *nd = xcallocarray(n, sizeof *nd);
		if (!nd)
			return false;
		add_nodata(tr, &g, nd);
		for (size_t c = 0; c < tr->ncaps; c++)
			for (unsigned k = 0; k < ncols; k++) {
				double w = (double)(col_edge(&g, k + 1) - col_edge(&g, k));
				nodata[c * ncols + k] = w > 0 ? (float)((double)nd[c * ncols + k] / w) : 0;
			}
		free(nd);
	}
	return true;
}

bool tracks_threads_window(const struct tracks *tr, const struct store *s, uint64_t from,
			   uint64_t to, struct thread_window *out)
{
	memset(out, 0, tr->nthreads * sizeof *out);
	if (to <= from || !tr->ncaps)
		return true;
	struct capstate_at *st = xmallocarray(tr->ncaps, sizeof *st);
	uint64_t *since = xmallocarray(tr->ncaps, sizeof *since);
	struct merge *m = NULL;
	bool ok = st && since && tracks_state_at(tr, s, from, st) &&
		  (m = merge_new_at(s, from, CLASS_BIT(CL_SCHED)));
	/* a run that ends: its time inside the window */
#define RUN_END(c, t)                                                                    \
	do {                                                                             \
		const struct thread_info *ti_ = tracks_thread(tr, st[c].thread);           \
		uint64_t e_ = (t) < tr->cap_last[c] ? (t) : tr->cap_last[c];               \
		if (ti_ && e_ > since[c])                                                   \
			out[ti_ - tr->threads].run_ns += e_ - since[c];                     \
	} while (0)
	if (ok) {
		for (size_t c = 0; c < tr->ncaps; c++) {
			since[c] = from;
			const struct thread_info *ti = st[c].thread && from < tr->cap_last[c]
							       ? tracks_thread(tr, st[c].thread)
							       : NULL;
			if (ti) { /* a run in progress at the start */
				struct thread_window *w = &out[ti - tr->threads];
				w->nruns++;
				w->caps |= tr->caps[c] < 63 ? 1ull << tr->caps[c] : 1ull << 63;
			}
		}
		struct evref r;
		while (merge_step(m, &r) && r.time < to) {
			if ((r.tag != EV_RUN_THREAD && r.tag != EV_STOP_THREAD) || r.cap == EV_NO_CAP)
				continue;
			long c = tracks_cap_index(tr, r.cap);
			if (c < 0)
				continue;
			if (st[c].thread)
				RUN_END(c, r.time);
			step_state(&st[c], s, &r);
			since[c] = r.time;
			if (r.tag == EV_RUN_THREAD) {
				const struct thread_info *ti = tracks_thread(tr, st[c].thread);
				if (ti) {
					struct thread_window *w = &out[ti - tr->threads];
					w->nruns++;
					w->caps |= r.cap < 63 ? 1ull << r.cap : 1ull << 63;
				}
			}
		}
		for (size_t c = 0; c < tr->ncaps; c++)
			if (st[c].thread)
				RUN_END(c, to);
	}
#undef RUN_END
	merge_free(m);
	free(st);
	free(since);
	return ok;
}

