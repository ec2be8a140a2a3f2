/* The tracks' queries over time: each capability's state at an instant,
 * its activity per column of a window (exact, or from the bins), and the
 * threads' running time inside a window. */
#include "tracks.h"

#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "threads.h"
#include "vec.h"

static bool order_before(const void *e, const void *k)
{
	return ((const struct seg_order *)e)->t0 < *(const uint64_t *)k;
}

static bool act_ckpt_before(const void *e, const void *k)
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
				l += lower_bound(ck + l, g->nck - l, sizeof *ck, &t1, act_ckpt_before);
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

/* The events that change a lane's state, from time from on: the merge
 * passes over the other events of their classes without returning them. */
static struct merge *state_merge(const struct store *s, uint64_t from)
{
	static const uint16_t tags[] = { EV_RUN_THREAD, EV_STOP_THREAD, EV_GC_START, EV_GC_END };
	return merge_new_tags(s, from, 0, tags, sizeof tags / sizeof tags[0]);
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
	struct merge *m = state_merge(s, from);
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
static unsigned act_col_of(const struct cols *g, uint64_t x)
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
	for (unsigned k = act_col_of(g, a); k < g->n; k++) {
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

static bool cap_activity(const struct tracks *tr, const struct store *s, uint64_t t0,
			 uint64_t t1, unsigned ncols, const struct frac_view *v, uint64_t *run_ns,
			 uint64_t *gc_ns, uint64_t *nodata_ns);

bool tracks_cap_activity(const struct tracks *tr, const struct store *s, uint64_t t0,
			 uint64_t t1, unsigned ncols, uint64_t *run_ns, uint64_t *gc_ns,
			 uint64_t *nodata_ns)
{
	return cap_activity(tr, s, t0, t1, ncols, NULL, run_ns, gc_ns, nodata_ns);
}

/* tracks_cap_activity, telling v->thread each capability's thread at t0
 * and each RUN_THREAD and STOP_THREAD after (v may be NULL). */
static bool cap_activity(const struct tracks *tr, const struct store *s, uint64_t t0,
			 uint64_t t1, unsigned ncols, const struct frac_view *v, uint64_t *run_ns,
			 uint64_t *gc_ns, uint64_t *nodata_ns)
{
	void (*tell)(void *, size_t, uint64_t, uint32_t) = v ? v->thread : NULL;
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
		  (m = state_merge(s, t0));
	if (ok) {
		for (size_t c = 0; c < tr->ncaps; c++) {
			since[c] = t0;
			if (tell)
				tell(v->ctx, c, t0, st[c].thread);
		}
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
			if (tell && (r.tag == EV_RUN_THREAD || r.tag == EV_STOP_THREAD))
				tell(v->ctx, (size_t)ci, r.time, st[ci].thread);
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

static bool edge_prefix_range(const struct tracks *tr, const struct store *s,
			      const struct cols *g, const bool *need, unsigned k0, unsigned k1,
			      uint64_t *prun, uint64_t *pgc);

bool tracks_cap_totals(const struct tracks *tr, const struct store *s, uint64_t t0, uint64_t t1,
		       uint64_t *run_ns, uint64_t *gc_ns)
{
	size_t nc = tr->ncaps;
	bool binned = tr->run && tr->gcd && tr->st_thread && tr->st_gc && tr->nbins;
	for (size_t c = 0; binned && c < nc; c++)
		binned = tr->run[c] && tr->gcd[c] && tr->st_thread[c] && tr->st_gc[c];
	if (!binned || t1 <= t0 || !nc)
		return cap_activity(tr, s, t0, t1, 1, NULL, run_ns, gc_ns, NULL);
	struct cols g = { t0, t1 - t0, 1 };
	uint64_t *pr = xmallocarray(2 * nc, sizeof *pr), *pg = xmallocarray(2 * nc, sizeof *pg);
	bool ok = pr && pg && edge_prefix_range(tr, s, &g, NULL, 0, 2, pr, pg);
	for (size_t c = 0; ok && c < nc; c++) {
		run_ns[c] = pr[2 * c + 1] - pr[2 * c];
		gc_ns[c] = pg[2 * c + 1] - pg[2 * c];
	}
	free(pr);
	free(pg);
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

/* Exact prefix sums at the column edges k0 .. k1 - 1 (those in need,
 * or all): the bins up to the edge's bin, then the events of that bin up
 * to the edge. One merge walks on while the next edge is near, and seeks
 * again when it is far. */
static bool edge_prefix_range(const struct tracks *tr, const struct store *s,
			      const struct cols *g, const bool *need, unsigned k0, unsigned k1,
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
	for (unsigned k = k0; ok && k < k1; k++) {
		if (need && !need[k])
			continue;
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
			m = state_merge(s, bs);
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

/* A share of the edges, for a thread of edge_prefix's. */
struct edge_job {
	const struct tracks *tr;
	const struct store *s;
	const struct cols *g;
	const bool *need;
	unsigned k0, k1;
	uint64_t *prun, *pgc;
	bool ok;
};

static void *edge_job_run(void *arg)
{
	struct edge_job *j = arg;
	j->ok = edge_prefix_range(j->tr, j->s, j->g, j->need, j->k0, j->k1, j->prun, j->pgc);
	return NULL;
}

/* Edges read on one thread at most; more are shared between threads (at
 * most EDGE_THREADS), each reading its edges as edge_prefix_range does
 * (every edge's sum is exact whichever merge reads it). */
#define EDGE_SERIAL_MAX 48
#define EDGE_THREADS 4

/* edge_prefix_range over all the edges (ncols + 1), on several threads
 * when there are many to read. */
static bool edge_prefix(const struct tracks *tr, const struct store *s, const struct cols *g,
			const bool *need, uint64_t *prun, uint64_t *pgc)
{
	unsigned ne = g->n + 1, nneed = 0;
	for (unsigned k = 0; k < ne; k++)
		nneed += !need || need[k];
	unsigned nj = threads_online();
	nj = nj < EDGE_THREADS ? nj : EDGE_THREADS;
	if (nneed / EDGE_SERIAL_MAX < nj)
		nj = nneed / EDGE_SERIAL_MAX;
	if (nj < 2)
		return edge_prefix_range(tr, s, g, need, 0, ne, prun, pgc);
	/* each job the same number of edges to read */
	struct edge_job jobs[EDGE_THREADS];
	unsigned k = 0;
	for (unsigned j = 0; j < nj; j++) {
		unsigned want = (unsigned)((uint64_t)nneed * (j + 1) / nj - (uint64_t)nneed * j / nj);
		jobs[j] = (struct edge_job){ tr, s, g, need, k, k, prun, pgc, false };
		for (unsigned got = 0; k < ne && (got < want || j + 1 == nj); k++)
			got += !need || need[k];
		jobs[j].k1 = k;
	}
	threads_run(edge_job_run, jobs, sizeof *jobs, nj);
	bool ok = true;
	for (unsigned j = 0; j < nj; j++)
		ok &= jobs[j].ok;
	return ok;
}

/* Column k's fraction of ns, as every way computes it. */
static float frac(const struct cols *g, unsigned k, uint64_t ns)
{
	double w = (double)(col_edge(g, k + 1) - col_edge(g, k));
	return w > 0 ? (float)((double)ns / w) : 0;
}

/* The time of [a, b) inside capability c's data. */
static uint64_t data_len(const struct tracks *tr, size_t c, uint64_t a, uint64_t b)
{
	uint64_t a0 = a > tr->cap_first[c] ? a : tr->cap_first[c];
	uint64_t a1 = b < tr->cap_last[c] ? b : tr->cap_last[c];
	return a1 > a0 ? a1 - a0 : 0;
}

/* Bounds on the prefix sums at each column edge from the bins alone.
 * edge_prefix adds to the sum at the start of the edge's bin the time of
 * [bin start, edge) that the capability spends running (or in GC) inside
 * its data: at most that time and the bin's whole sum, at least the bin's
 * sum less the time of [edge, bin end). Edges outside the bins are exact.
 * lo and hi hold the run sums then the gc sums, each ncaps x (ncols + 1). */
static void edge_bounds(const struct tracks *tr, const struct cols *g, uint64_t *lo, uint64_t *hi)
{
	size_t nc = tr->ncaps, ne = (size_t)g->n + 1;
	for (unsigned k = 0; k <= g->n; k++) {
		uint64_t x = col_edge(g, k);
		uint64_t b = x <= tr->origin ? 0 : bin_of(tr, x);
		bool in = x > tr->origin && b < tr->nbins;
		uint64_t bs = tr->origin + (in ? b : 0) * tr->binw;
		uint64_t be = bs > UINT64_MAX - tr->binw ? UINT64_MAX : bs + tr->binw;
		for (size_t c = 0; c < nc; c++) {
			uint64_t before = in ? data_len(tr, c, bs, x) : 0;
			uint64_t after = in ? data_len(tr, c, x, be) : 0;
			for (int q = 0; q < 2; q++) {
				const uint64_t *v = q ? tr->gcd[c] : tr->run[c];
				size_t i = ((size_t)q * nc + c) * ne + k;
				uint64_t base = x <= tr->origin ? 0 : v[in ? b : tr->nbins];
				uint64_t bin = in && v[b + 1] > v[b] ? v[b + 1] - v[b] : 0;
				lo[i] = base + (bin > after ? bin - after : 0);
				hi[i] = base + (bin < before ? bin : before);
				if (lo[i] > hi[i]) /* the bins disagree with the time: no bound */
					lo[i] = base, hi[i] = base + before;
			}
		}
	}
}

/* Each column's fractions between the bounds of its edges (the lower
 * ones into run_lo and gc_lo, the upper into run_hi and gc_hi, ncaps
 * each). */
static void col_bounds(const struct tracks *tr, const struct cols *g, unsigned k,
		       const uint64_t *lo, const uint64_t *hi, float *run_lo, float *run_hi,
		       float *gc_lo, float *gc_hi)
{
	size_t nc = tr->ncaps, ne = (size_t)g->n + 1;
	for (size_t c = 0; c < 2 * nc; c++) {
		size_t i = c * ne + k;
		uint64_t l = lo[i + 1] > hi[i] ? lo[i + 1] - hi[i] : 0;
		uint64_t h = hi[i + 1] > lo[i] ? hi[i + 1] - lo[i] : 0;
		(c < nc ? run_lo : gc_lo)[c % nc] = frac(g, k, l);
		(c < nc ? run_hi : gc_hi)[c % nc] = frac(g, k, h);
	}
}

/* The edges' way for a caller that only shows the fractions (v): where
 * the bins bound a column's fractions tightly enough that v->same says
 * every value between the bounds looks the same, the lower bounds; the
 * other columns exact from their edges, read as edge_prefix reads them. */
static bool edges_for_view(const struct tracks *tr, const struct store *s, const struct cols *g,
			   const struct frac_view *v, const float *nodata, float *run, float *gc)
{
	size_t nc = tr->ncaps, ne = (size_t)g->n + 1, m = 2 * nc * ne;
	uint64_t *lo = xmallocarray(m, sizeof *lo), *hi = xmallocarray(m, sizeof *hi);
	float *fb = xmallocarray(5 * nc, sizeof *fb);
	bool *need = xcallocarray(ne, sizeof *need);
	bool ok = lo && hi && fb && need;
	float *rl = fb, *rh = fb + nc, *gl = fb + 2 * nc, *gh = fb + 3 * nc, *nd = fb + 4 * nc;
	size_t nneed = 0;
	if (ok)
		edge_bounds(tr, g, lo, hi);
	for (unsigned k = 0; ok && k < g->n; k++) {
		col_bounds(tr, g, k, lo, hi, rl, rh, gl, gh);
		for (size_t c = 0; c < nc; c++) {
			run[c * g->n + k] = rl[c];
			gc[c * g->n + k] = gl[c];
			nd[c] = nodata[c * g->n + k];
		}
		if (!v->same(v->ctx, nc, rl, rh, gl, gh, nd)) {
			nneed += !need[k] + !need[k + 1];
			need[k] = need[k + 1] = true;
		}
	}
	if (ok && nneed)
		ok = edge_prefix(tr, s, g, need, lo, lo + nc * ne);
	for (unsigned k = 0; ok && nneed && k < g->n; k++) {
		if (!need[k] || !need[k + 1])
			continue;
		for (size_t c = 0; c < nc; c++) {
			const uint64_t *r = lo + c * ne + k, *q = lo + (nc + c) * ne + k;
			run[c * g->n + k] = frac(g, k, r[1] - r[0]);
			gc[c * g->n + k] = frac(g, k, q[1] - q[0]);
		}
	}
	free(lo);
	free(hi);
	free(fb);
	free(need);
	return ok;
}

/* The window's fractions from its events, or from the bins' prefix sums
 * at the column edges corrected by the events of each edge's bin. */
static bool fractions_read(const struct tracks *tr, const struct store *s, const struct cols *g,
			   bool raw, const struct frac_view *v, float *run, float *gc, float *nodata)
{
	size_t nc = tr->ncaps, n = nc * g->n, ne = (size_t)g->n + 1;
	size_t m = raw ? n : nc * ne;
	uint64_t *a = xmallocarray(m, sizeof *a), *b = xmallocarray(m, sizeof *b);
	uint64_t *nd = nodata && raw ? xmallocarray(n, sizeof *nd) : NULL;
	bool ok = a && b && (!nodata || !raw || nd);
	if (ok && raw)
		ok = cap_activity(tr, s, g->t0, g->t0 + g->d, g->n, v, a, b, nd);
	else if (ok)
		ok = edge_prefix(tr, s, g, NULL, a, b);
	for (size_t c = 0; ok && c < nc; c++) {
		for (unsigned k = 0; k < g->n; k++) {
			size_t i = c * g->n + k, j = c * ne + k;
			run[i] = frac(g, k, raw ? a[i] : a[j + 1] - a[j]);
			gc[i] = frac(g, k, raw ? b[i] : b[j + 1] - b[j]);
			if (nd)
				nodata[i] = frac(g, k, nd[i]);
		}
	}
	free(a);
	free(b);
	free(nd);
	return ok;
}

/* The bins alone, linear inside a bin. */
static void fractions_bins(const struct tracks *tr, const struct cols *g, float *run, float *gc)
{
	for (size_t c = 0; c < tr->ncaps; c++) {
		double pr = cum_at(tr, tr->run[c], g->t0), pg = cum_at(tr, tr->gcd[c], g->t0);
		for (unsigned k = 0; k < g->n; k++) {
			uint64_t e = col_edge(g, k + 1);
			double w = (double)(e - col_edge(g, k));
			double cr = cum_at(tr, tr->run[c], e), cg = cum_at(tr, tr->gcd[c], e);
			double fr = (cr - pr) / w, fg = (cg - pg) / w;
			/* a hair over 1 can only be rounding */
			run[c * g->n + k] = (float)(fr < 0 ? 0 : fr > 1 ? 1 : fr);
			gc[c * g->n + k] = (float)(fg < 0 ? 0 : fg > 1 ? 1 : fg);
			pr = cr;
			pg = cg;
		}
	}
}

/* nodata from the capabilities' extents alone (exact). */
static bool fractions_nodata(const struct tracks *tr, const struct cols *g, float *nodata)
{
	size_t n = tr->ncaps * g->n;
	uint64_t *nd = xcallocarray(n, sizeof *nd);
	if (!nd)
		return false;
	add_nodata(tr, g, nd);
	for (size_t c = 0; c < tr->ncaps; c++)
		for (unsigned k = 0; k < g->n; k++)
			nodata[c * g->n + k] = frac(g, k, nd[c * g->n + k]);
	free(nd);
	return true;
}

bool tracks_cap_fractions(const struct tracks *tr, const struct store *s, uint64_t t0,
			  uint64_t t1, unsigned ncols, size_t raw_max, bool exact_only,
			  float *run, float *gc, float *nodata, bool *exact)
{
	return tracks_cap_fractions_view(tr, s, t0, t1, ncols, raw_max, exact_only, NULL, run, gc,
					 nodata, exact);
}

bool tracks_cap_fractions_view(const struct tracks *tr, const struct store *s, uint64_t t0,
			       uint64_t t1, unsigned ncols, size_t raw_max, bool exact_only,
			       const struct frac_view *v, float *run, float *gc, float *nodata,
			       bool *exact)
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
	/* exact but for the bins' way; *exact says the window's events were
	 * read (so reading them again, say for labels, is as cheap) */
	if (way == RAW)
		return fractions_read(tr, s, &g, true, v, run, gc, nodata);
	if (way == BINS) {
		*exact = false;
		fractions_bins(tr, &g, run, gc);
		return !nodata || fractions_nodata(tr, &g, nodata);
	}
	if (!tr->state_in_order) /* the bins' sums may not bound the edges' */
		v = NULL;
	if (v && !v->same)
		v = NULL;
	float *nd = nodata ? nodata : v ? xcallocarray(n, sizeof *nd) : NULL;
	bool ok = v ? nd && fractions_nodata(tr, &g, nd) && edges_for_view(tr, s, &g, v, nd, run, gc)
		    : fractions_read(tr, s, &g, false, NULL, run, gc, NULL) &&
			      (!nodata || fractions_nodata(tr, &g, nodata));
	if (nd != nodata)
		free(nd);
	if (ok)
		*exact = false;
	return ok;
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

