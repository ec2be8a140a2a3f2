/* model/tracks.c against naive references: every answer is recomputed here
 * from a full merged scan of the log (merge_new/merge_next), on the real
 * fixtures and on generated logs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evtest.h"
#include "parts.h"
#include "../../model/store.h"
#include "../../model/tracks.h"

/* ---- small helpers ---- */

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

#define XALLOC(p, n)                                                   \
	do {                                                           \
		size_t n_ = (n);                                       \
		(p) = calloc(n_ ? n_ : 1, sizeof *(p));                \
		if (!(p)) {                                            \
			fprintf(stderr, "test_tracks: out of memory\n"); \
			abort();                                       \
		}                                                      \
	} while (0)

#define XPUSH(arr, n, cap, item)                                           \
	do {                                                               \
		if ((n) == (cap)) {                                        \
			(cap) = (cap) ? (cap) * 2 : 64;                    \
			void *q_ = realloc((arr), (cap) * sizeof *(arr));  \
			if (!q_) {                                         \
				fprintf(stderr, "test_tracks: out of memory\n"); \
				abort();                                   \
			}                                                  \
			(arr) = q_;                                        \
		}                                                          \
		(arr)[(n)++] = (item);                                     \
	} while (0)

static double dabs(double x)
{
	return x < 0 ? -x : x;
}

/* ---- an opened log with its tracks ---- */

struct lg {
	uint8_t *buf;
	size_t len;
	struct store s;
	struct tracks tr;
	const char *name;
};

static void lg_build(struct lg *l)
{
	if (!tracks_build(&l->tr, &l->s)) {
		print_error("%s: tracks_build failed\n", l->name);
		fail();
	}
}

static void lg_open_mem(struct lg *l, const struct evb *b, const char *name)
{
	char err[256] = "";
	memset(l, 0, sizeof *l);
	l->name = name;
	l->len = b->n;
	l->buf = evb_exact(b);
	enum store_status st = store_open_mem(&l->s, l->buf, l->len, err, sizeof err);
	if (st != STORE_OK)
		print_error("%s: store_open_mem: %d %s\n", name, st, err);
	assert_int_equal(st, STORE_OK);
	lg_build(l);
}

static void lg_open_file(struct lg *l, const char *path)
{
	char err[256] = "";
	memset(l, 0, sizeof *l);
	l->name = path;
	enum store_status st = store_open(&l->s, path, err, sizeof err);
	if (st != STORE_OK)
		print_error("%s: store_open: %d %s\n", path, st, err);
	assert_int_equal(st, STORE_OK);
	lg_build(l);
}

static void lg_close(struct lg *l)
{
	tracks_free(&l->tr);
	store_close(&l->s);
	free(l->buf);
	memset(l, 0, sizeof *l);
}

static const char *const fixtures[] = {
	"tests/fixtures/threaded.eventlog",   "tests/fixtures/nonthreaded.eventlog",
	"tests/fixtures/heap-hT.eventlog",    "tests/fixtures/prof.eventlog",
	"tests/fixtures/prof-hy.eventlog",    "tests/fixtures/nonmoving.eventlog",
	"tests/fixtures/killed-cut.eventlog", "tests/fixtures/par-n4.eventlog",
};
#define NFIXTURES (sizeof fixtures / sizeof fixtures[0])

/* ---- the naive scan: every event, merged order ---- */

struct nev {
	uint64_t time, off;
	int32_t cap;
	uint16_t tag;
	uint8_t nf;
	uint64_t f[9];
	const uint8_t *s; /* the text field (marks: f[0], labels: f[1]) */
	size_t slen;
};

struct chg { /* a capability's state from time t on */
	uint64_t t;
	uint32_t thread;
	bool gc;
};

struct capline {
	int32_t cap;
	struct chg *c;
	size_t n, cap_;
	uint32_t running; /* during the replay */
	bool in_gc, gc_open;
	uint64_t run_since, gc_start;
};

struct rthread { /* reference thread_info */
	uint32_t id;
	uint64_t created, first_run, last_seen, finished, run_ns, label_off, label_time, caps;
	int32_t first_cap;
	bool first_cap_unique;
	uint32_t nruns;
};

struct rival {
	uint64_t start, end;
	int32_t cap;
};

struct rgc {
	uint64_t start, end, sum, pause, span_start, span_end, sync;
	int32_t cap;
	uint32_t ncaps;
	long stat; /* index into stats, or -1 */
};

struct rext { /* a capability's first and last event of any kind */
	int32_t cap;
	uint64_t first, last;
};

struct rsync {
	uint64_t time;
	int32_t cap;
};

struct naive {
	uint64_t *times; /* every event's time, merged order */
	size_t ntimes, ctimes;
	struct nev *ev; /* the tracked events */
	size_t n, cev;
	struct capline *lines;
	size_t nlines, clines;
	struct rival *iv;
	size_t niv, civ;
	struct rext *ext;
	size_t next, cext;
	struct rsync *syncs;
	size_t nsyncs, csyncs;
	struct rgc *gcs;
	size_t ngcs, cgcs;
	struct nev **stats; /* GC_STATS_GHC, merged order */
	size_t nstats, cstats;
	long *stat_gc; /* per stat: the collection it belongs to, or -1 */
	struct rthread *th;
	size_t nth, cth;
	uint32_t *hkeys, *hvals; /* thread id -> index + 1 */
	size_t hcap;
	uint64_t tmax;
	int maxgen; /* highest generation in GC_STATS, -1 none */
	int gens;   /* from HEAP_INFO_GHC, 0 none */
};

static bool is_tracked(uint16_t tag)
{
	switch (tag) {
	case EV_CREATE_THREAD: case EV_RUN_THREAD: case EV_STOP_THREAD: case EV_GC_START:
	case EV_GC_END: case EV_LOG_MSG: case EV_STARTUP: case EV_USER_MSG:
	case EV_SPARK_COUNTERS: case EV_THREAD_LABEL: case EV_HEAP_ALLOCATED: case EV_HEAP_SIZE:
	case EV_HEAP_LIVE: case 52: case EV_GC_STATS_GHC: case EV_USER_MARKER:
	case EV_GC_GLOBAL_SYNC:
	case EV_BLOCKS_SIZE: case EV_USER_BINARY_MSG:
		return true;
	}
	return false;
}

static bool is_mark(uint16_t tag)
{
	return tag == EV_USER_MARKER || tag == EV_USER_MSG || tag == EV_LOG_MSG ||
	       tag == EV_USER_BINARY_MSG;
}

static struct capline *line_get(struct naive *nv, int32_t cap)
{
	for (size_t i = 0; i < nv->nlines; i++)
		if (nv->lines[i].cap == cap)
			return &nv->lines[i];
	struct capline z = { .cap = cap };
	XPUSH(nv->lines, nv->nlines, nv->clines, z);
	return &nv->lines[nv->nlines - 1];
}

static size_t thash(uint32_t k, size_t cap)
{
	return (size_t)(((uint64_t)k * 0x9E3779B97F4A7C15ull) >> 20) & (cap - 1);
}

static struct rthread *th_get(struct naive *nv, uint32_t id)
{
	if ((nv->nth + 1) * 2 > nv->hcap) {
		size_t ncap = nv->hcap ? nv->hcap * 2 : 1024;
		uint32_t *k, *v;
		XALLOC(k, ncap);
		XALLOC(v, ncap);
		for (size_t i = 0; i < nv->hcap; i++) {
			if (!nv->hvals[i])
				continue;
			size_t j = thash(nv->hkeys[i], ncap);
			while (v[j])
				j = (j + 1) & (ncap - 1);
			k[j] = nv->hkeys[i];
			v[j] = nv->hvals[i];
		}
		free(nv->hkeys);
		free(nv->hvals);
		nv->hkeys = k;
		nv->hvals = v;
		nv->hcap = ncap;
	}
	size_t j = thash(id, nv->hcap);
	while (nv->hvals[j]) {
		if (nv->hkeys[j] == id)
			return &nv->th[nv->hvals[j] - 1];
		j = (j + 1) & (nv->hcap - 1);
	}
	struct rthread t = { .id = id, .created = UINT64_MAX, .first_run = UINT64_MAX,
			     .finished = UINT64_MAX, .first_cap = EV_NO_CAP };
	XPUSH(nv->th, nv->nth, nv->cth, t);
	nv->hkeys[j] = id;
	nv->hvals[j] = (uint32_t)nv->nth;
	return &nv->th[nv->nth - 1];
}

/* A span of thread id on cap ends at t (a stop, seen or implied). */
static void span_end(struct naive *nv, struct capline *L, uint64_t t)
{
	if (!L->running)
		return;
	struct rthread *th = th_get(nv, L->running);
	th->run_ns += t - L->run_since;
	if (t > th->last_seen)
		th->last_seen = t;
}

static void line_push(struct capline *L, uint64_t t)
{
	struct chg c = { t, L->running, L->in_gc };
	XPUSH(L->c, L->n, L->cap_, c);
}

static int cmp_rival(const void *a, const void *b)
{
	const struct rival *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->cap > y->cap) - (x->cap < y->cap);
}

static int cmp_rthread(const void *a, const void *b)
{
	const struct rthread *x = a, *y = b;
	return (x->id > y->id) - (x->id < y->id);
}

static const struct rext *naive_ext(const struct naive *nv, int32_t cap)
{
	for (size_t i = 0; i < nv->next; i++)
		if (nv->ext[i].cap == cap)
			return &nv->ext[i];
	static const struct rext none = { 0, 0, 0 };
	return &none;
}

/* Collections, by the rule as the issue states it, by brute force: one per
 * GC_STATS_GHC on capability c, paused for c's latest GC_START (by time) to
 * the GC_END that closed it; the others take part when their own
 * GC_START..GC_END holds the GC_GLOBAL_SYNC that c posted inside its pause
 * (or, without one, c's GC_END). Without any GC_STATS_GHC: groups of
 * intervals that overlap in time, paused for their mean. */
static void naive_collections(struct naive *nv)
{
	if (nv->niv)
		qsort(nv->iv, nv->niv, sizeof *nv->iv, cmp_rival);
	long *owner; /* per interval: its collection, or -1 */
	bool *init;  /* per interval: an initiator's */
	XALLOC(owner, nv->niv + 1);
	XALLOC(init, nv->niv + 1);
	for (size_t i = 0; i < nv->niv; i++)
		owner[i] = -1;
	XALLOC(nv->stat_gc, nv->nstats + 1);
	if (!nv->nstats) {
		for (size_t i = 0; i < nv->niv; i++) {
			const struct rival *v = &nv->iv[i];
			struct rgc *cur = nv->ngcs ? &nv->gcs[nv->ngcs - 1] : NULL;
			if (cur && v->start <= cur->end) {
				if (v->end > cur->end)
					cur->end = v->end;
				cur->sum += v->end - v->start;
				cur->ncaps++;
			} else {
				struct rgc g = { .start = v->start, .end = v->end,
						 .sum = v->end - v->start, .ncaps = 1, .cap = EV_NO_CAP,
						 .stat = -1 };
				XPUSH(nv->gcs, nv->ngcs, nv->cgcs, g);
			}
		}
		for (size_t i = 0; i < nv->ngcs; i++) {
			nv->gcs[i].pause = nv->gcs[i].sum / nv->gcs[i].ncaps;
			nv->gcs[i].span_start = nv->gcs[i].start;
			nv->gcs[i].span_end = nv->gcs[i].end;
		}
		free(owner);
		free(init);
		return;
	}
	for (size_t k = 0; k < nv->nstats; k++) {
		const struct nev *st = nv->stats[k];
		long best = -1;
		for (size_t i = 0; i < nv->niv; i++)
			if (nv->iv[i].cap == st->cap && nv->iv[i].start <= st->time &&
			    (best < 0 || nv->iv[i].start >= nv->iv[best].start))
				best = (long)i;
		if (best >= 0 && init[best])
			best = -1;
		struct rgc g = { .start = st->time, .end = st->time, .sync = st->time,
				 .cap = st->cap, .stat = (long)k };
		if (best >= 0) {
			init[best] = true;
			g.start = nv->iv[best].start;
			g.end = nv->iv[best].end;
			/* its GC_GLOBAL_SYNC: the first on c from its start on,
			 * before c starts another (GHC 9.0 stamps it after the
			 * pause's end); else the end */
			g.sync = g.end;
			uint64_t next = UINT64_MAX;
			for (size_t i = 0; i < nv->niv; i++)
				if (nv->iv[i].cap == st->cap && nv->iv[i].start > g.start &&
				    nv->iv[i].start < next)
					next = nv->iv[i].start;
			for (size_t j = 0; j < nv->nsyncs; j++)
				if (nv->syncs[j].cap == st->cap && nv->syncs[j].time >= g.start &&
				    nv->syncs[j].time < next) {
					g.sync = nv->syncs[j].time;
					break;
				}
			owner[best] = (long)nv->ngcs;
		}
		g.pause = g.end - g.start;
		XPUSH(nv->gcs, nv->ngcs, nv->cgcs, g);
	}
	/* the others: the collection with the earliest sync in their interval */
	for (size_t i = 0; i < nv->niv; i++) {
		if (init[i])
			continue;
		long best = -1;
		for (size_t c = 0; c < nv->ngcs; c++)
			if (nv->gcs[c].sync >= nv->iv[i].start && nv->gcs[c].sync <= nv->iv[i].end &&
			    (best < 0 || nv->gcs[c].sync < nv->gcs[best].sync))
				best = (long)c;
		owner[i] = best;
	}
	for (size_t c = 0; c < nv->ngcs; c++) {
		struct rgc *g = &nv->gcs[c];
		g->span_start = g->start;
		g->span_end = g->end;
		for (size_t i = 0; i < nv->niv; i++) {
			if (owner[i] != (long)c)
				continue;
			g->ncaps++;
			g->sum += nv->iv[i].end - nv->iv[i].start;
			if (nv->iv[i].start < g->span_start)
				g->span_start = nv->iv[i].start;
			if (nv->iv[i].end > g->span_end)
				g->span_end = nv->iv[i].end;
		}
	}
	/* by start, as the tracks keep them */
	for (size_t i = 1; i < nv->ngcs; i++) {
		struct rgc x = nv->gcs[i];
		size_t j = i;
		while (j > 0 && (nv->gcs[j - 1].start > x.start ||
				 (nv->gcs[j - 1].start == x.start && nv->gcs[j - 1].sync > x.sync))) {
			nv->gcs[j] = nv->gcs[j - 1];
			j--;
		}
		nv->gcs[j] = x;
	}
	for (size_t c = 0; c < nv->ngcs; c++)
		nv->stat_gc[nv->gcs[c].stat] = (long)c;
	free(owner);
	free(init);
}

static void naive_build(struct naive *nv, const struct store *s)
{
	memset(nv, 0, sizeof *nv);
	nv->tmax = s->tmax;
	nv->maxgen = -1;
	struct merge *m = merge_new(s);
	assert_non_null(m);
	const struct ev *e;
	int32_t cap;
	while ((e = merge_next(m, &cap)) != NULL) {
		XPUSH(nv->times, nv->ntimes, nv->ctimes, e->time);
		if (cap != EV_NO_CAP) {
			struct rext *x = NULL;
			for (size_t i = 0; i < nv->next && !x; i++)
				if (nv->ext[i].cap == cap)
					x = &nv->ext[i];
			if (!x) {
				struct rext z = { cap, e->time, e->time };
				XPUSH(nv->ext, nv->next, nv->cext, z);
			} else {
				if (e->time < x->first)
					x->first = e->time;
				if (e->time > x->last)
					x->last = e->time;
			}
		}
		if (!is_tracked(e->tag) || e->layout == SEL_UNKNOWN_LAYOUT || (e->bad & BAD_LEN))
			continue;
		struct nev x = { .time = e->time, .off = e->off, .cap = cap, .tag = e->tag,
				 .nf = e->nf };
		for (int i = 0; i < 9 && i < e->nf; i++)
			x.f[i] = e->f[i].u;
		if (is_mark(e->tag)) {
			x.s = e->f[0].s;
			x.slen = (size_t)e->f[0].u;
		} else if (e->tag == EV_THREAD_LABEL) {
			x.s = e->f[1].s;
			x.slen = (size_t)e->f[1].u;
		}
		XPUSH(nv->ev, nv->n, nv->cev, x);
	}
	assert_false(merge_failed(m));
	merge_free(m);

	/* replay */
	for (size_t i = 0; i < nv->n; i++) {
		const struct nev *x = &nv->ev[i];
		uint64_t t = x->time;
		uint32_t id = (uint32_t)x->f[0];
		struct capline *L = NULL;
		if (x->tag == EV_RUN_THREAD || x->tag == EV_STOP_THREAD || x->tag == EV_GC_START ||
		    x->tag == EV_GC_END) {
			if (x->cap == EV_NO_CAP)
				continue;
			L = line_get(nv, x->cap);
		}
		switch (x->tag) {
		case EV_CREATE_THREAD: {
			struct rthread *th = th_get(nv, id);
			if (t < th->created)
				th->created = t;
			break;
		}
		case EV_RUN_THREAD: {
			span_end(nv, L, t);
			L->running = id;
			L->run_since = t;
			line_push(L, t);
			struct rthread *th = th_get(nv, id);
			if (t < th->first_run) {
				th->first_run = t;
				th->first_cap = x->cap;
				th->first_cap_unique = true;
			} else if (t == th->first_run && th->first_cap != x->cap) {
				th->first_cap_unique = false;
			}
			if (t > th->last_seen)
				th->last_seen = t;
			th->caps |= x->cap < 63 ? 1ull << x->cap : 1ull << 63;
			th->nruns++;
			break;
		}
		case EV_STOP_THREAD: /* ends the run, whatever thread it names */
			if (L->running) {
				span_end(nv, L, t);
				L->running = 0;
				line_push(L, t);
			}
			if (x->f[1] == 5) {
				struct rthread *th = th_get(nv, id);
				if (t < th->finished)
					th->finished = t;
			}
			break;
		case EV_GC_START:
			L->in_gc = true;
			L->gc_open = true;
			L->gc_start = t;
			line_push(L, t);
			break;
		case EV_GC_END:
			if (L->gc_open) {
				struct rival iv = { L->gc_start, t, x->cap };
				XPUSH(nv->iv, nv->niv, nv->civ, iv);
			}
			L->gc_open = false;
			L->in_gc = false;
			line_push(L, t);
			break;
		case EV_THREAD_LABEL: {
			struct rthread *th = th_get(nv, id);
			th->label_off = x->off; /* merged order: the latest (time, off) */
			th->label_time = t;
			break;
		}
		case EV_GC_GLOBAL_SYNC:
			if (x->cap != EV_NO_CAP) {
				struct rsync y = { t, x->cap };
				XPUSH(nv->syncs, nv->nsyncs, nv->csyncs, y);
			}
			break;
		case EV_GC_STATS_GHC:
			XPUSH(nv->stats, nv->nstats, nv->cstats, &nv->ev[i]);
			if ((int)x->f[1] > nv->maxgen)
				nv->maxgen = (int)x->f[1];
			break;
		case 52:
			nv->gens = (int)x->f[1];
			break;
		}
	}
	/* threads still running at the end run until their capability's last
	 * event */
	for (size_t i = 0; i < nv->nlines; i++)
		span_end(nv, &nv->lines[i], naive_ext(nv, nv->lines[i].cap)->last);
	naive_collections(nv);
	if (nv->nth)
		qsort(nv->th, nv->nth, sizeof *nv->th, cmp_rthread);
	free(nv->hkeys);
	free(nv->hvals);
	nv->hkeys = nv->hvals = NULL;
	nv->hcap = 0;
}

static void naive_free(struct naive *nv)
{
	free(nv->times);
	free(nv->ev);
	for (size_t i = 0; i < nv->nlines; i++)
		free(nv->lines[i].c);
	free(nv->lines);
	free(nv->iv);
	free(nv->ext);
	free(nv->syncs);
	free(nv->gcs);
	free(nv->stats);
	free(nv->stat_gc);
	free(nv->th);
	memset(nv, 0, sizeof *nv);
}

static const struct capline *naive_line(const struct naive *nv, int32_t cap)
{
	for (size_t i = 0; i < nv->nlines; i++)
		if (nv->lines[i].cap == cap)
			return &nv->lines[i];
	return NULL;
}

/* State just before the events at t. */
static struct capstate_at naive_state_at(const struct capline *L, uint64_t t)
{
	struct capstate_at st = { 0, false };
	if (!L)
		return st;
	size_t lo = 0, hi = L->n; /* first change at or after t */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (L->c[mid].t < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo) {
		st.thread = L->c[lo - 1].thread;
		st.gc = L->c[lo - 1].gc;
	}
	return st;
}

/* Exact time in ns of [t0, t1) in ncols columns for one capability, by
 * brute force over its state changes: column k spans [t0 + (t1-t0)*k/ncols,
 * t0 + (t1-t0)*(k+1)/ncols); the capability has data from its first event
 * to its last (ext), none outside (nd). */
static uint64_t ncol_edge(uint64_t t0, uint64_t t1, unsigned ncols, unsigned k)
{
	return t0 + (uint64_t)((unsigned __int128)(t1 - t0) * k / ncols);
}

static void naive_fractions(const struct capline *L, const struct rext *ext, uint64_t t0,
			    uint64_t t1, unsigned ncols, double *run, double *gc, double *nd)
{
	for (unsigned k = 0; k < ncols; k++) {
		uint64_t a = ncol_edge(t0, t1, ncols, k), b = ncol_edge(t0, t1, ncols, k + 1);
		uint64_t r = 0, g = 0, in = 0;
		uint64_t lo = a > ext->first ? a : ext->first, hi = b < ext->last ? b : ext->last;
		if (hi > lo)
			in = hi - lo;
		for (size_t i = 0; L && i < L->n && hi > lo; i++) {
			const struct chg *c = &L->c[i];
			uint64_t x = c->t, y = i + 1 < L->n ? L->c[i + 1].t : UINT64_MAX;
			if (x < lo)
				x = lo;
			if (y > hi)
				y = hi;
			if (y <= x || (!c->gc && !c->thread))
				continue;
			*(c->gc ? &g : &r) += y - x;
		}
		double w = (double)(b - a);
		run[k] = b > a ? (double)r / w : 0;
		gc[k] = b > a ? (double)g / w : 0;
		nd[k] = b > a ? (double)(b - a - in) / w : 0;
	}
}

/* ---- (a) capability-state fractions ---- */

/* Disagreements found while checking windows, by kind. The general tests
 * fail on F_EXACT, F_BINNED and F_FLAG; the range of the values and windows
 * that reach past the last event have tests of their own. */
enum { F_EXACT, F_BINNED, F_FLAG, F_RANGE, F_PAST_END, F_STATE_AFTER, F_MAJOR, F_LASTCAP,
       F_KINDS };
static const char *const fkind[F_KINDS] = {
	"exact fractions differ from the reference",
	"binned fractions outside the documented error bound",
	"*exact flag wrong",
	"a fraction outside [0, 1] or run + gc > 1",
	"exact fractions of a window ending past the last event differ from the reference",
	"state_at after the last event differs from the state the last events left",
	"major collection (generations unknown) is not the highest generation seen",
	"thread_info.last_cap differs between the serial and the two-thread build",
};
static unsigned long fcount[F_KINDS];
static char fmsg[F_KINDS][512];

static void finding(int kind, const char *fmt, ...)
{
	if (fcount[kind]++ == 0) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(fmsg[kind], sizeof fmsg[kind], fmt, ap);
		va_end(ap);
	}
}

static void findings_reset(void)
{
	memset(fcount, 0, sizeof fcount);
}

/* Fails when any of the kinds in mask was found (and forgets them). */
static void findings_check(unsigned mask)
{
	bool bad = false;
	for (int k = 0; k < F_KINDS; k++) {
		if (!(mask & (1u << k)) || !fcount[k])
			continue;
		print_error("%s: %lu time(s); the first:\n  %s\n", fkind[k], fcount[k], fmsg[k]);
		bad = true;
		fcount[k] = 0;
	}
	if (bad)
		fail();
}

#define F_CORE ((1u << F_EXACT) | (1u << F_BINNED) | (1u << F_FLAG))

static void check_window(const struct lg *l, const struct naive *nv, uint64_t t0, uint64_t t1,
			 unsigned ncols)
{
	const struct tracks *tr = &l->tr;
	size_t n = tr->ncaps * ncols;
	float *run, *gc, *nd, *brun, *bgc, *bnd;
	double *rr, *rg, *rn;
	uint64_t *arun, *agc, *and_;
	XALLOC(run, n);
	XALLOC(gc, n);
	XALLOC(nd, n);
	XALLOC(brun, n);
	XALLOC(bgc, n);
	XALLOC(bnd, n);
	XALLOC(arun, n);
	XALLOC(agc, n);
	XALLOC(and_, n);
	XALLOC(rr, ncols);
	XALLOC(rg, ncols);
	XALLOC(rn, ncols);
	bool exact = false, bexact = true;
	assert_true(tracks_cap_fractions(tr, &l->s, t0, t1, ncols, SIZE_MAX, true, run, gc, nd,
					 &exact));
	if (!exact)
		finding(F_FLAG, "%s: [%llu, %llu) exact_only: exact is false", l->name,
			(unsigned long long)t0, (unsigned long long)t1);
	/* raw_max 0: the bins, the edges or the events, as the estimate says */
	assert_true(tracks_cap_fractions(tr, &l->s, t0, t1, ncols, 0, false, brun, bgc, bnd,
					 &bexact));
	assert_true(tracks_cap_activity(tr, &l->s, t0, t1, ncols, arun, agc, and_));
	int ekind = t1 > nv->tmax ? F_PAST_END : F_EXACT;
	double colw = ((double)t1 - (double)t0) / ncols;
	double btol = bexact ? 1e-6 : 2.0 * (double)tr->binw / colw + 1e-6;
	for (size_t c = 0; c < tr->ncaps; c++) {
		const struct capline *L = naive_line(nv, tr->caps[c]);
		naive_fractions(L, naive_ext(nv, tr->caps[c]), t0, t1, ncols, rr, rg, rn);
		for (unsigned k = 0; k < ncols; k++) {
			size_t i = c * ncols + k;
			float vals[4] = { run[i], gc[i], brun[i], bgc[i] };
			for (int j = 0; j < 4; j++)
				if (!(vals[j] >= -1e-6f && vals[j] <= 1.000001f))
					finding(F_RANGE, "%s: cap %d window [%llu, %llu) ncols %u col %u: "
						"%s %s = %.6f (bins of %llu ns)", l->name, tr->caps[c],
						(unsigned long long)t0, (unsigned long long)t1, ncols, k,
						j < 2 ? "exact" : "binned", j % 2 ? "gc" : "run",
						(double)vals[j], (unsigned long long)tr->binw);
			if (run[i] + gc[i] + nd[i] > 1.000001f || brun[i] + bgc[i] > 1.000001f)
				finding(F_RANGE, "%s: cap %d window [%llu, %llu) ncols %u col %u: run + gc "
					"+ nodata > 1 (exact %.6f + %.6f + %.6f, binned %.6f + %.6f)",
					l->name, tr->caps[c], (unsigned long long)t0,
					(unsigned long long)t1, ncols, k, (double)run[i], (double)gc[i],
					(double)nd[i], (double)brun[i], (double)bgc[i]);
			uint64_t w = ncol_edge(t0, t1, ncols, k + 1) - ncol_edge(t0, t1, ncols, k);
			bool ns_ok = w ? (double)arun[i] / (double)w == rr[k] &&
						 (double)agc[i] / (double)w == rg[k] &&
						 (double)and_[i] / (double)w == rn[k]
				       : !arun[i] && !agc[i] && !and_[i];
			if (!ns_ok)
				finding(ekind, "%s: cap %d window [%llu, %llu) ncols %u col %u: activity "
					"run %llu gc %llu nodata %llu ns of %llu, want %.6f %.6f %.6f",
					l->name, tr->caps[c], (unsigned long long)t0,
					(unsigned long long)t1, ncols, k, (unsigned long long)arun[i],
					(unsigned long long)agc[i], (unsigned long long)and_[i],
					(unsigned long long)w, rr[k], rg[k], rn[k]);
			if (dabs(run[i] - rr[k]) > 1e-6 || dabs(gc[i] - rg[k]) > 1e-6 ||
			    dabs(nd[i] - rn[k]) > 1e-6 || dabs(bnd[i] - rn[k]) > 1e-6)
				finding(ekind, "%s: cap %d window [%llu, %llu) ncols %u col %u (last event "
					"at %llu): exact run %.6f gc %.6f nodata %.6f (%.6f), want run "
					"%.6f gc %.6f nodata %.6f", l->name, tr->caps[c],
					(unsigned long long)t0, (unsigned long long)t1, ncols, k,
					(unsigned long long)nv->tmax, (double)run[i], (double)gc[i],
					(double)nd[i], (double)bnd[i], rr[k], rg[k], rn[k]);
			if (dabs(brun[i] - rr[k]) > btol || dabs(bgc[i] - rg[k]) > btol)
				finding(F_BINNED, "%s: cap %d window [%llu, %llu) ncols %u col %u (last "
					"event at %llu, bins of %llu ns, exact %d): binned run %.6f gc "
					"%.6f, want run %.6f gc %.6f (tolerance %.6f)", l->name,
					tr->caps[c], (unsigned long long)t0, (unsigned long long)t1, ncols,
					k, (unsigned long long)nv->tmax, (unsigned long long)tr->binw,
					bexact, (double)brun[i], (double)bgc[i], rr[k], rg[k], btol);
		}
	}
	/* the window's totals from the bins and its two ends: the columns'
	 * sums of the events' figures, to the ns */
	uint64_t *trun, *tgc;
	XALLOC(trun, tr->ncaps ? tr->ncaps : 1);
	XALLOC(tgc, tr->ncaps ? tr->ncaps : 1);
	assert_true(tracks_cap_totals(tr, &l->s, t0, t1, trun, tgc));
	for (size_t c = 0; c < tr->ncaps; c++) {
		uint64_t sr = 0, sg = 0;
		for (unsigned k = 0; k < ncols; k++)
			sr += arun[c * ncols + k], sg += agc[c * ncols + k];
		if (t1 > t0 && (trun[c] != sr || tgc[c] != sg))
			finding(ekind, "%s: cap %d window [%llu, %llu): totals run %llu gc %llu, "
				"the columns' %llu %llu", l->name, tr->caps[c], (unsigned long long)t0,
				(unsigned long long)t1, (unsigned long long)trun[c],
				(unsigned long long)tgc[c], (unsigned long long)sr,
				(unsigned long long)sg);
	}
	free(trun);
	free(tgc);
	free(run);
	free(gc);
	free(nd);
	free(brun);
	free(bgc);
	free(bnd);
	free(arun);
	free(agc);
	free(and_);
	free(rr);
	free(rg);
	free(rn);
}

static void check_caps_set(const struct lg *l, const struct naive *nv)
{
	const struct tracks *tr = &l->tr;
	for (size_t i = 1; i < tr->ncaps; i++)
		assert_true(tr->caps[i - 1] < tr->caps[i]);
	for (size_t i = 0; i < nv->nlines; i++) {
		long ci = tracks_cap_index(tr, nv->lines[i].cap);
		if (ci < 0) {
			print_error("%s: capability %d has state events but is not in tracks\n",
				    l->name, nv->lines[i].cap);
			fail();
		}
		assert_int_equal(tr->caps[ci], nv->lines[i].cap);
	}
	assert_int_equal(tracks_cap_index(tr, -5), -1);
}

static void check_fractions(const struct lg *l, const struct naive *nv, uint64_t seed,
			    unsigned nwin)
{
	uint64_t tmin = l->s.tmin, tmax = l->s.tmax;
	if (l->s.nevents == 0)
		return;
	static const unsigned cols[] = { 1, 7, 200 };
	for (unsigned c = 0; c < 3; c++) {
		check_window(l, nv, 0, UINT64_MAX / 2, cols[c]);
		check_window(l, nv, tmin, tmax + 1, cols[c]);
		check_window(l, nv, tmin, tmax, cols[c]);
	}
	for (unsigned w = 0; w < nwin; w++) {
		uint64_t span = tmax - tmin + 1;
		uint64_t a = tmin + rnd(&seed) % span, b;
		switch (w % 6) {
		case 0: b = a + 1000000; break;                         /* 1 ms */
		case 1: b = a + 1 + rnd(&seed) % span; break;           /* anything */
		case 2: b = tmax + 1 + rnd(&seed) % (span + 1); break;  /* past the end */
		case 3: /* before the first event */
			a = tmin > 2000 ? rnd(&seed) % (tmin - 1000) : 0;
			b = a + 1 + rnd(&seed) % (tmin - a + 1);
			break;
		case 4: b = a + 1 + rnd(&seed) % 2000; break;           /* tiny */
		default: /* across the start */
			a = tmin > 1000000 ? tmin - 1000000 : 0;
			b = tmin + 1 + rnd(&seed) % span;
			break;
		}
		if (b <= a)
			b = a + 1;
		check_window(l, nv, a, b, cols[w % 3]);
	}
}

/* ---- (b) state at an instant ---- */

static void check_state_at_t(const struct lg *l, const struct naive *nv, uint64_t t,
			     struct capstate_at *out)
{
	const struct tracks *tr = &l->tr;
	assert_true(tracks_state_at(tr, &l->s, t, out));
	for (size_t c = 0; c < tr->ncaps; c++) {
		struct capstate_at w = naive_state_at(naive_line(nv, tr->caps[c]), t);
		if (w.thread == out[c].thread && w.gc == out[c].gc)
			continue;
		if (t > nv->tmax) {
			finding(F_STATE_AFTER, "%s: state of cap %d at %llu (last event at %llu): "
				"thread %u gc %d, want thread %u gc %d", l->name, tr->caps[c],
				(unsigned long long)t, (unsigned long long)nv->tmax, out[c].thread,
				out[c].gc, w.thread, w.gc);
			continue;
		}
		print_error("%s: state of cap %d at %llu: thread %u gc %d, want thread %u "
			    "gc %d\n", l->name, tr->caps[c], (unsigned long long)t,
			    out[c].thread, out[c].gc, w.thread, w.gc);
		fail();
	}
}

static void check_state_at(const struct lg *l, const struct naive *nv, uint64_t seed,
			   unsigned n)
{
	const struct tracks *tr = &l->tr;
	struct capstate_at *out;
	XALLOC(out, tr->ncaps);
	check_state_at_t(l, nv, 0, out);
	check_state_at_t(l, nv, l->s.tmax + 1, out);
	check_state_at_t(l, nv, UINT64_MAX, out);
	for (int k = 0; k < 8; k++)
		check_state_at_t(l, nv, l->s.tmax + 2 + (rnd(&seed) % (4 * (l->s.tmax - l->s.tmin + 1))),
				 out);
	/* exact event times of state changes, and their neighbours */
	for (size_t i = 0; i < nv->nlines; i++) {
		const struct capline *L = &nv->lines[i];
		size_t step = L->n / (n / 4 + 1) + 1;
		for (size_t k = (size_t)(rnd(&seed) % step); k < L->n; k += step) {
			check_state_at_t(l, nv, L->c[k].t, out);
			check_state_at_t(l, nv, L->c[k].t + 1, out);
			if (L->c[k].t)
				check_state_at_t(l, nv, L->c[k].t - 1, out);
		}
	}
	/* bin boundaries */
	if (tr->nbins) {
		for (unsigned k = 0; k < n; k++) {
			uint64_t b = rnd(&seed) % (tr->nbins + 1);
			uint64_t t = tr->origin + b * tr->binw;
			check_state_at_t(l, nv, t, out);
			check_state_at_t(l, nv, t + 1, out);
			if (t)
				check_state_at_t(l, nv, t - 1, out);
		}
		check_state_at_t(l, nv, tr->origin, out);
		check_state_at_t(l, nv, tr->origin + tr->binw, out);
	}
	/* random instants */
	for (unsigned k = 0; k < n; k++)
		check_state_at_t(l, nv, l->s.tmin + rnd(&seed) % (l->s.tmax - l->s.tmin + 2), out);
	free(out);
}

/* ---- (c) GC pauses ---- */

static bool stat_same(const struct gcstat *g, const struct nev *x)
{
	return g->time == x->time && g->cap == x->cap && g->gen == (uint16_t)x->f[1] &&
	       g->copied == x->f[2] && g->slop == x->f[3] && g->frag == x->f[4] &&
	       g->par_n_threads == (uint32_t)x->f[5] && g->par_max_copied == x->f[6] &&
	       g->par_tot_copied == x->f[7] && g->has_balanced == (x->nf > 8) &&
	       g->par_balanced_copied == (x->nf > 8 ? x->f[8] : 0);
}

/* Major, as the header defines it: generation gens - 1, or, gens unknown, the
 * highest generation seen. */
static bool ref_major(const struct naive *nv, const struct lg *l, const struct gc *g)
{
	if (g->stat < 0)
		return false;
	int gen = l->tr.gcstats[g->stat].gen;
	int major = nv->gens ? nv->gens - 1 : nv->maxgen;
	return gen == major;
}

static void check_gcs(const struct lg *l, const struct naive *nv, uint64_t seed, unsigned n)
{
	const struct tracks *tr = &l->tr;
	/* stats: the same multiset, by time */
	if (tr->ngcstats != nv->nstats)
		print_error("%s: %zu GC stats, want %zu\n", l->name, tr->ngcstats, nv->nstats);
	assert_int_equal(tr->ngcstats, nv->nstats);
	bool *used;
	XALLOC(used, nv->nstats);
	for (size_t i = 0; i < tr->ngcstats; i++) {
		if (i)
			assert_true(tr->gcstats[i - 1].time <= tr->gcstats[i].time);
		bool found = false;
		for (size_t k = 0; k < nv->nstats && !found; k++)
			if (!used[k] && stat_same(&tr->gcstats[i], nv->stats[k]))
				used[k] = found = true;
		if (!found) {
			print_error("%s: gcstat %zu (time %llu cap %d gen %u) is not in the log\n",
				    l->name, i, (unsigned long long)tr->gcstats[i].time,
				    tr->gcstats[i].cap, tr->gcstats[i].gen);
			fail();
		}
	}
	free(used);
	/* collections */
	if (tr->ngcs != nv->ngcs)
		print_error("%s: %zu collections, want %zu\n", l->name, tr->ngcs, nv->ngcs);
	assert_int_equal(tr->ngcs, nv->ngcs);
	for (size_t i = 0; i < tr->ngcs; i++) {
		const struct gc *g = &tr->gcs[i];
		const struct rgc *w = &nv->gcs[i];
		uint64_t dp = g->pause > w->pause ? g->pause - w->pause : w->pause - g->pause;
		if (g->start != w->start || g->end != w->end || g->sum != w->sum ||
		    g->ncaps != w->ncaps || dp > 1 || g->span_start != w->span_start ||
		    g->span_end != w->span_end || g->cap != w->cap ||
		    (w->stat >= 0 && g->sync != w->sync)) {
			print_error("%s: collection %zu: start %llu end %llu sum %llu ncaps %u pause "
				    "%llu span %llu..%llu cap %d sync %llu, want %llu %llu %llu %u "
				    "%llu span %llu..%llu cap %d sync %llu\n", l->name, i,
				    (unsigned long long)g->start, (unsigned long long)g->end,
				    (unsigned long long)g->sum, g->ncaps,
				    (unsigned long long)g->pause, (unsigned long long)g->span_start,
				    (unsigned long long)g->span_end, g->cap,
				    (unsigned long long)g->sync, (unsigned long long)w->start,
				    (unsigned long long)w->end, (unsigned long long)w->sum, w->ncaps,
				    (unsigned long long)w->pause, (unsigned long long)w->span_start,
				    (unsigned long long)w->span_end, w->cap,
				    (unsigned long long)w->sync);
			fail();
		}
		/* the capabilities that took part, each once, in order, inside the span */
		for (uint32_t k = 0; k < g->ncaps; k++) {
			const struct gcpart *q = &tr->gcparts[g->part + k];
			assert_true(g->part + k < tr->ngcparts);
			assert_true(q->start >= g->span_start && q->end <= g->span_end);
			if (k)
				assert_true(tr->gcparts[g->part + k - 1].cap < q->cap);
		}
		/* its stats: one of those that belong to it, or -1 when none does */
		bool any = false;
		for (size_t k = 0; k < nv->nstats; k++)
			any |= nv->stat_gc[k] == (long)i;
		if (!any) {
			if (g->stat != -1)
				print_error("%s: collection %zu at %llu: stat %d, want none\n", l->name,
					    i, (unsigned long long)g->start, g->stat);
			assert_int_equal(g->stat, -1);
			continue;
		}
		assert_true(g->stat >= 0 && (size_t)g->stat < tr->ngcstats);
		bool ok = false;
		for (size_t k = 0; k < nv->nstats && !ok; k++)
			ok = nv->stat_gc[k] == (long)i && stat_same(&tr->gcstats[g->stat], nv->stats[k]);
		if (!ok) {
			print_error("%s: collection %zu at %llu: stat at %llu does not belong to it\n",
				    l->name, i, (unsigned long long)g->start,
				    (unsigned long long)tr->gcstats[g->stat].time);
			fail();
		}
	}
	/* by pause */
	bool *seen;
	XALLOC(seen, tr->ngcs);
	for (size_t i = 0; i < tr->ngcs; i++) {
		uint32_t k = tr->gc_by_pause[i];
		assert_true(k < tr->ngcs);
		assert_false(seen[k]);
		seen[k] = true;
		if (i && tr->gcs[tr->gc_by_pause[i - 1]].pause < tr->gcs[k].pause) {
			print_error("%s: gc_by_pause[%zu] pause %llu after %llu\n", l->name, i,
				    (unsigned long long)tr->gcs[k].pause,
				    (unsigned long long)tr->gcs[tr->gc_by_pause[i - 1]].pause);
			fail();
		}
	}
	free(seen);
	/* next / prev against linear scans */
	uint64_t lo = l->s.tmin > 10 ? l->s.tmin - 10 : 0, span = l->s.tmax - lo + 20;
	for (unsigned j = 0; j < n; j++) {
		uint64_t t;
		if (j % 3 == 0 && tr->ngcs)
			t = tr->gcs[rnd(&seed) % tr->ngcs].start + (rnd(&seed) % 3) - 1;
		else
			t = lo + rnd(&seed) % span;
		if (j == 0)
			t = 0;
		if (j == 1)
			t = UINT64_MAX;
		for (int major = 0; major < 2; major++) {
			const struct gc *wn = NULL, *wp = NULL;
			for (size_t i = 0; i < tr->ngcs; i++) {
				const struct gc *g = &tr->gcs[i];
				if (major && !ref_major(nv, l, g))
					continue;
				if (!wn && g->start > t)
					wn = g;
				if (g->start < t)
					wp = g;
			}
			const struct gc *gn = tracks_gc_next(tr, t, major);
			const struct gc *gp = tracks_gc_prev(tr, t, major);
			if ((gn != wn || gp != wp) && major && !nv->gens) {
				finding(F_MAJOR, "%s: t %llu, major only, generations unknown (highest "
					"seen %d): next %lld prev %lld, want next %lld prev %lld",
					l->name, (unsigned long long)t, nv->maxgen,
					gn ? (long long)(gn - tr->gcs) : -1LL,
					gp ? (long long)(gp - tr->gcs) : -1LL,
					wn ? (long long)(wn - tr->gcs) : -1LL,
					wp ? (long long)(wp - tr->gcs) : -1LL);
			} else if (gn != wn || gp != wp) {
				print_error("%s: t %llu major %d (gens %u): next %lld prev %lld, want "
					    "next %lld prev %lld\n", l->name, (unsigned long long)t,
					    major, tr->gens,
					    gn ? (long long)(gn - tr->gcs) : -1LL,
					    gp ? (long long)(gp - tr->gcs) : -1LL,
					    wn ? (long long)(wn - tr->gcs) : -1LL,
					    wp ? (long long)(wp - tr->gcs) : -1LL);
				fail();
			}
		}
	}
	for (size_t i = 0; i < tr->ngcs; i++) {
		const struct gc *g = &tr->gcs[i];
		int gen = g->stat >= 0 ? (int)tr->gcstats[g->stat].gen : -1;
		assert_int_equal(tracks_gc_gen(tr, g), gen);
		if (tracks_gc_major(tr, g) != ref_major(nv, l, g) && !nv->gens) {
			finding(F_MAJOR, "%s: collection %zu generation %d, generations unknown, "
				"highest seen %d: major %d, want %d", l->name, i, gen, nv->maxgen,
				tracks_gc_major(tr, g), ref_major(nv, l, g));
		} else if (tracks_gc_major(tr, g) != ref_major(nv, l, g)) {
			print_error("%s: collection %zu gen %d (gens %u, highest seen %d): major %d, "
				    "want %d\n", l->name, i, gen, tr->gens, nv->maxgen,
				    tracks_gc_major(tr, g), ref_major(nv, l, g));
			fail();
		}
	}
}

/* ---- (d) threads, marks, samples ---- */

static int cmp_sample_tv(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;
	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return (x->value > y->value) - (x->value < y->value);
}

static void check_samples(const struct lg *l, const struct naive *nv, uint16_t tag,
			  const struct sample *got, size_t ngot)
{
	struct sample *want = NULL, *g;
	size_t nw = 0, cw = 0;
	for (size_t i = 0; i < nv->n; i++)
		if (nv->ev[i].tag == tag) {
			struct sample x = { nv->ev[i].time, nv->ev[i].f[1] };
			XPUSH(want, nw, cw, x);
		}
	if (ngot != nw)
		print_error("%s: tag %u: %zu samples, want %zu\n", l->name, tag, ngot, nw);
	assert_int_equal(ngot, nw);
	for (size_t i = 1; i < ngot; i++)
		assert_true(got[i - 1].time <= got[i].time);
	XALLOC(g, ngot);
	if (ngot)
		memcpy(g, got, ngot * sizeof *g);
	qsort(g, ngot, sizeof *g, cmp_sample_tv);
	if (nw)
		qsort(want, nw, sizeof *want, cmp_sample_tv);
	for (size_t i = 0; i < nw; i++) {
		if (g[i].time != want[i].time || g[i].value != want[i].value) {
			print_error("%s: tag %u sample %zu: (%llu, %llu), want (%llu, %llu)\n",
				    l->name, tag, i, (unsigned long long)g[i].time,
				    (unsigned long long)g[i].value, (unsigned long long)want[i].time,
				    (unsigned long long)want[i].value);
			fail();
		}
	}
	free(g);
	free(want);
}

static int cmp_capsample_full(const void *a, const void *b)
{
	const struct capsample *x = a, *y = b;
	if (x->cap != y->cap)
		return x->cap < y->cap ? -1 : 1;
	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return memcmp(x->v, y->v, sizeof x->v);
}

static void check_capsamples(const struct lg *l, const struct naive *nv, uint16_t tag,
			     const struct capsample *got, size_t ngot)
{
	struct capsample *want = NULL, *g;
	size_t nw = 0, cw = 0;
	for (size_t i = 0; i < nv->n; i++) {
		const struct nev *x = &nv->ev[i];
		if (x->tag != tag)
			continue;
		struct capsample c;
		memset(&c, 0, sizeof c);
		c.time = x->time;
		c.cap = x->cap;
		if (tag == EV_HEAP_ALLOCATED)
			c.v[0] = x->f[1];
		else
			for (int k = 0; k < 7; k++)
				c.v[k] = x->f[k];
		XPUSH(want, nw, cw, c);
	}
	if (ngot != nw)
		print_error("%s: tag %u: %zu samples, want %zu\n", l->name, tag, ngot, nw);
	assert_int_equal(ngot, nw);
	for (size_t i = 1; i < ngot; i++)
		assert_true(got[i - 1].cap < got[i].cap ||
			    (got[i - 1].cap == got[i].cap && got[i - 1].time <= got[i].time));
	XALLOC(g, ngot);
	for (size_t i = 0; i < ngot; i++) { /* copy field by field: padding */
		memset(&g[i], 0, sizeof g[i]);
		g[i].time = got[i].time;
		g[i].cap = got[i].cap;
		memcpy(g[i].v, got[i].v, sizeof g[i].v);
		if (tag == EV_HEAP_ALLOCATED)
			memset(g[i].v + 1, 0, 6 * sizeof g[i].v[0]);
	}
	qsort(g, ngot, sizeof *g, cmp_capsample_full);
	if (nw)
		qsort(want, nw, sizeof *want, cmp_capsample_full);
	for (size_t i = 0; i < nw; i++) {
		if (cmp_capsample_full(&g[i], &want[i])) {
			print_error("%s: tag %u sample %zu: cap %d time %llu v0 %llu, want cap %d "
				    "time %llu v0 %llu\n", l->name, tag, i, g[i].cap,
				    (unsigned long long)g[i].time, (unsigned long long)g[i].v[0],
				    want[i].cap, (unsigned long long)want[i].time,
				    (unsigned long long)want[i].v[0]);
			fail();
		}
	}
	free(g);
	free(want);
}

static void check_threads(const struct lg *l, const struct naive *nv)
{
	const struct tracks *tr = &l->tr;
	if (tr->nthreads != nv->nth)
		print_error("%s: %zu threads, want %zu\n", l->name, tr->nthreads, nv->nth);
	assert_int_equal(tr->nthreads, nv->nth);
	for (size_t i = 0; i < nv->nth; i++) {
		const struct rthread *w = &nv->th[i];
		const struct thread_info *g = &tr->threads[i];
		assert_ptr_equal(tracks_thread(tr, w->id), g);
		if (g->id != w->id || g->created != w->created || g->first_run != w->first_run ||
		    g->finished != w->finished || g->run_ns != w->run_ns || g->caps != w->caps ||
		    g->nruns != w->nruns || g->last_seen != w->last_seen ||
		    (w->first_cap_unique && g->first_cap != w->first_cap) ||
		    g->label_off != w->label_off || (w->label_off && g->label_time != w->label_time)) {
			print_error("%s: thread %u: created %llu first_run %llu finished %llu run_ns "
				    "%llu caps %llx nruns %u last_seen %llu first_cap %d label_off "
				    "%llu\n  want: created %llu first_run %llu finished %llu run_ns %llu "
				    "caps %llx nruns %u last_seen %llu first_cap %d label_off %llu\n",
				    l->name, w->id, (unsigned long long)g->created,
				    (unsigned long long)g->first_run, (unsigned long long)g->finished,
				    (unsigned long long)g->run_ns, (unsigned long long)g->caps,
				    g->nruns, (unsigned long long)g->last_seen, g->first_cap,
				    (unsigned long long)g->label_off, (unsigned long long)w->created,
				    (unsigned long long)w->first_run, (unsigned long long)w->finished,
				    (unsigned long long)w->run_ns, (unsigned long long)w->caps,
				    w->nruns, (unsigned long long)w->last_seen, w->first_cap,
				    (unsigned long long)w->label_off);
			fail();
		}
		size_t n;
		const uint8_t *lab = tracks_label(tr, &l->s, g, &n);
		if (!w->label_off) {
			assert_null(lab);
			assert_int_equal(n, 0);
		} else {
			const struct nev *x = NULL;
			for (size_t k = 0; k < nv->n && !x; k++)
				if (nv->ev[k].off == w->label_off)
					x = &nv->ev[k];
			assert_non_null(x);
			assert_int_equal(n, x->slen);
			if (n)
				assert_memory_equal(lab, x->s, n);
		}
	}
}

static void check_marks(const struct lg *l, const struct naive *nv)
{
	const struct tracks *tr = &l->tr;
	size_t k = 0;
	for (size_t i = 0; i < nv->n; i++) {
		const struct nev *x = &nv->ev[i];
		if (!is_mark(x->tag))
			continue;
		if (k >= tr->nmarks) {
			print_error("%s: only %zu marks\n", l->name, tr->nmarks);
			fail();
		}
		const struct mark *m = &tr->marks[k];
		if (m->time != x->time || m->off != x->off || m->cap != x->cap || m->tag != x->tag) {
			print_error("%s: mark %zu: time %llu off %llu cap %d tag %u, want %llu %llu %d "
				    "%u\n", l->name, k, (unsigned long long)m->time,
				    (unsigned long long)m->off, m->cap, m->tag,
				    (unsigned long long)x->time, (unsigned long long)x->off, x->cap,
				    x->tag);
			fail();
		}
		size_t n;
		const uint8_t *txt = tracks_mark_text(&l->s, m, &n);
		assert_int_equal(n, x->slen);
		if (n)
			assert_memory_equal(txt, x->s, n);
		k++;
	}
	assert_int_equal(tr->nmarks, k);
}

static void check_lists(const struct lg *l, const struct naive *nv)
{
	const struct tracks *tr = &l->tr;
	assert_false(tr->over_budget);
	check_samples(l, nv, EV_HEAP_SIZE, tr->heap_size, tr->nheap_size);
	check_samples(l, nv, EV_HEAP_LIVE, tr->heap_live, tr->nheap_live);
	check_samples(l, nv, EV_BLOCKS_SIZE, tr->blocks_size, tr->nblocks_size);
	check_capsamples(l, nv, EV_HEAP_ALLOCATED, tr->alloc, tr->nalloc);
	check_capsamples(l, nv, EV_SPARK_COUNTERS, tr->sparks, tr->nsparks);
	check_threads(l, nv);
	check_marks(l, nv);
	if (nv->gens)
		assert_int_equal(tr->gens, nv->gens);
	else
		assert_int_equal(tr->gens, 0);
}

/* ---- search ---- */

struct ref_hit {
	bool found;
	uint64_t time;
};

static bool rmatch(const regex_t *re, const uint8_t *s, size_t n)
{
	/* the reference: regexec on a copy, only for texts without NUL */
	char *b = malloc(n + 1);
	assert_non_null(b);
	if (n)
		memcpy(b, s, n);
	b[n] = 0;
	bool hit = n && memchr(s, 0, n) ? tracks_match(re, s, n) : regexec(re, b, 0, NULL, 0) == 0;
	free(b);
	return hit;
}

static void check_search_one(const struct lg *l, const struct naive *nv, const regex_t *re,
			     const char *pat, uint64_t t, int dir, bool labels)
{
	const struct tracks *tr = &l->tr;
	struct ref_hit w = { false, 0 };
	for (size_t i = 0; i < nv->n; i++) {
		const struct nev *x = &nv->ev[i];
		if (!is_mark(x->tag))
			continue;
		if (dir > 0 ? x->time <= t : x->time >= t)
			continue;
		if (w.found && (dir > 0 ? x->time >= w.time : x->time <= w.time))
			continue;
		if (rmatch(re, x->s, x->slen))
			w = (struct ref_hit){ true, x->time };
	}
	if (labels) {
		for (size_t i = 0; i < nv->nth; i++) {
			const struct rthread *th = &nv->th[i];
			if (!th->label_off)
				continue;
			uint64_t lt = th->label_time;
			if (dir > 0 ? lt <= t : lt >= t)
				continue;
			if (w.found && (dir > 0 ? lt >= w.time : lt <= w.time))
				continue;
			const struct nev *x = NULL;
			for (size_t k = 0; k < nv->n && !x; k++)
				if (nv->ev[k].off == th->label_off)
					x = &nv->ev[k];
			if (rmatch(re, x->s, x->slen))
				w = (struct ref_hit){ true, lt };
		}
	}
	uint64_t hit = 12345;
	long mark = -7;
	uint32_t thread = 0;
	bool got = tracks_search(tr, &l->s, re, t, dir, labels, &hit, &mark, &thread);
	if (got != w.found || (got && hit != w.time)) {
		print_error("%s: search /%s/ from %llu dir %d labels %d: found %d at %llu, want %d "
			    "at %llu\n", l->name, pat, (unsigned long long)t, dir, labels, got,
			    (unsigned long long)hit, w.found, (unsigned long long)w.time);
		fail();
	}
	if (!got)
		return;
	if (mark >= 0) {
		assert_true((size_t)mark < tr->nmarks);
		assert_int_equal(tr->marks[mark].time, hit);
		size_t n;
		const uint8_t *txt = tracks_mark_text(&l->s, &tr->marks[mark], &n);
		assert_true(rmatch(re, txt, n));
	} else {
		assert_int_equal(mark, -1);
		assert_true(labels);
		const struct thread_info *ti = tracks_thread(tr, thread);
		assert_non_null(ti);
		assert_int_equal(ti->label_time, hit);
		size_t n;
		const uint8_t *txt = tracks_label(tr, &l->s, ti, &n);
		assert_true(rmatch(re, txt, n));
	}
}

/* tracks_first_mark (--align): the earliest matching marker or message
 * of the naive scan, at any time. */
static void check_first_mark(const struct lg *l, const struct naive *nv, const regex_t *re,
			     const char *pat)
{
	struct ref_hit w = { false, 0 };
	for (size_t i = 0; i < nv->n; i++) {
		const struct nev *x = &nv->ev[i];
		if (is_mark(x->tag) && (!w.found || x->time < w.time) && rmatch(re, x->s, x->slen))
			w = (struct ref_hit){ true, x->time };
	}
	uint64_t t = 12345;
	bool got = tracks_first_mark(&l->tr, &l->s, re, &t);
	if (got != w.found || (got && t != w.time)) {
		print_error("%s: first mark /%s/: found %d at %llu, want %d at %llu\n", l->name, pat,
			    got, (unsigned long long)t, w.found, (unsigned long long)w.time);
		fail();
	}
}

static void check_search(const struct lg *l, const struct naive *nv, uint64_t seed, unsigned n)
{
	static const char *const pats[] = { "round", "^done$", "work", "tick 1[0-9]*$", "e",
					    "no such text anywhere", "[0-9]", "IOManager",
					    "^$", "r.*2" };
	for (size_t p = 0; p < sizeof pats / sizeof pats[0]; p++) {
		regex_t re;
		assert_int_equal(regcomp(&re, pats[p], REG_EXTENDED | REG_NOSUB), 0);
		check_first_mark(l, nv, &re, pats[p]);
		uint64_t lo = l->s.tmin > 10 ? l->s.tmin - 10 : 0, span = l->s.tmax - lo + 20;
		for (unsigned j = 0; j < n; j++) {
			uint64_t t = lo + rnd(&seed) % span;
			if (j == 0)
				t = 0;
			if (j == 1)
				t = UINT64_MAX;
			if (j % 4 == 2 && l->tr.nmarks)
				t = l->tr.marks[rnd(&seed) % l->tr.nmarks].time;
			check_search_one(l, nv, &re, pats[p], t, +1, j & 1);
			check_search_one(l, nv, &re, pats[p], t, -1, j & 1);
			check_search_one(l, nv, &re, pats[p], t, +1, !(j & 1));
			check_search_one(l, nv, &re, pats[p], t, -1, !(j & 1));
		}
		regfree(&re);
	}
}

/* Everything against the naive scan. */
static void check_all(const struct lg *l, uint64_t seed, unsigned effort)
{
	struct naive nv;
	naive_build(&nv, &l->s);
	check_caps_set(l, &nv);
	check_fractions(l, &nv, seed, effort);
	check_state_at(l, &nv, seed + 1, effort);
	check_gcs(l, &nv, seed + 2, effort * 2);
	check_lists(l, &nv);
	check_search(l, &nv, seed + 3, effort / 4 + 2);
	naive_free(&nv);
	findings_check(F_CORE);
}

/* ---- generated logs ---- */

enum {
	G_PAYLOAD = 64,
};

struct gitem {
	uint64_t time, key; /* key: file order within the stream */
	uint32_t seq;
	uint16_t tag, n;
	uint8_t pri; /* 0 sorts first among equal keys */
	uint8_t pl[G_PAYLOAD];
};

struct gstream {
	struct gitem *it;
	size_t n, cap;
};

struct gen {
	struct gstream *st; /* [ncaps]: the capabilities, [ncaps]: global */
	unsigned ncaps;
	uint16_t capid[8];
	uint32_t seq;
	uint64_t seed;
};

struct gopts {
	unsigned ncaps;     /* 1..8 */
	unsigned steps;
	bool messy;         /* loose events, implied stops, stray GC_ENDs */
	bool running_end;   /* leave threads running at the end */
	bool heap_info;     /* HEAP_INFO_GHC with the generation count */
	unsigned gens;      /* generations used by GC_STATS */
	bool balanced;      /* GC_STATS_GHC with 58 bytes */
	uint32_t tid_base;  /* thread ids tid_base + k */
	unsigned nthreads;
	const uint16_t *capids; /* NULL: 0, 1, 2... */
	unsigned max_block; /* events per block, at most */
};

static void gadd(struct gen *g, unsigned stream, uint16_t tag, uint64_t time, uint64_t key,
		 const struct evb *pl)
{
	struct gitem it;
	memset(&it, 0, sizeof it);
	it.time = time;
	it.key = key;
	it.seq = g->seq++;
	it.tag = tag;
	it.pri = 1;
	if (pl) {
		assert_true(pl->n <= G_PAYLOAD);
		it.n = (uint16_t)pl->n;
		if (pl->n)
			memcpy(it.pl, pl->p, pl->n);
	}
	struct gstream *s = &g->st[stream];
	XPUSH(s->it, s->n, s->cap, it);
}

static void gpack(struct gen *g, unsigned stream, uint16_t tag, uint64_t t, const char *fmt,
		  const uint64_t *v)
{
	struct evb pl = EVB_INIT;
	evb_pack(&pl, fmt, v);
	gadd(g, stream, tag, t, t, &pl);
	evb_free(&pl);
}

static void gtext(struct gen *g, unsigned stream, uint16_t tag, uint64_t t, uint32_t pre,
		  bool has_pre, const void *txt, size_t n)
{
	struct evb pl = EVB_INIT;
	if (has_pre)
		evb_u32(&pl, pre);
	evb_bytes(&pl, txt, n);
	gadd(g, stream, tag, t, t, &pl);
	evb_free(&pl);
}

static int cmp_gitem(const void *a, const void *b)
{
	const struct gitem *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->pri != y->pri)
		return x->pri < y->pri ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

static void gen_header(struct evb *b, const struct gopts *o)
{
	evb_begin_header(b);
	evb_type(b, 0, 4, "Create thread");
	evb_type(b, 1, 4, "Run thread");
	evb_type(b, 2, 10, "Stop thread");
	evb_type(b, 9, 0, "Start GC");
	evb_type(b, 10, 0, "Finish GC");
	evb_type(b, 16, EVB_VAR, "Log message");
	evb_type(b, 17, 2, "Startup");
	evb_type(b, 18, 14, "Block marker");
	evb_type(b, 19, EVB_VAR, "User message");
	evb_type(b, 34, 56, "Spark counters");
	evb_type(b, 44, EVB_VAR, "Thread label");
	evb_type(b, 49, 12, "Total heap mem ever allocated");
	evb_type(b, 50, 12, "Current heap size");
	evb_type(b, 51, 12, "Current heap live data");
	evb_type(b, 52, 38, "Heap static parameters");
	evb_type(b, 53, o->balanced ? 58 : 50, "GC statistics");
	evb_type(b, 54, 0, "Synchronise stop-the-world GC");
	evb_type(b, 58, EVB_VAR, "User marker");
	evb_type(b, 91, 12, "Blocks size");
	evb_type(b, 181, EVB_VAR, "User binary message");
	evb_end_header(b);
}

static const char *const texts[] = { "round 1", "round 2", "done", "work item", "tick 17",
				     "tick 3", "", "r2", "wörker-1", "IOManager on cap 0" };

static void gen_log(struct evb *b, uint64_t seed, const struct gopts *o)
{
	struct gen g;
	memset(&g, 0, sizeof g);
	g.seed = seed | 1;
	g.ncaps = o->ncaps;
	for (unsigned c = 0; c < o->ncaps; c++)
		g.capid[c] = o->capids ? o->capids[c] : (uint16_t)c;
	XALLOC(g.st, o->ncaps + 1);
	unsigned glob = o->ncaps;
	uint32_t *running, *busy_on; /* per cap: thread index + 1; per thread: cap + 1 */
	bool *created;
	uint64_t *alloc, *spark;
	XALLOC(running, o->ncaps);
	XALLOC(busy_on, o->nthreads);
	XALLOC(created, o->nthreads);
	XALLOC(alloc, o->ncaps);
	XALLOC(spark, o->ncaps * 7);
	uint64_t gc_free[8] = { 0 }; /* per cap: when its last collection ended */
	uint64_t t = 1000 + rnd(&g.seed) % 5000;
	gpack(&g, glob, EV_STARTUP, t, "h", (uint64_t[]){ o->ncaps });
	if (o->heap_info)
		gpack(&g, glob, 52, t, "whqqqq", (uint64_t[]){ 0, o->gens, 1 << 30, 1 << 20, 1 << 20, 4096 });
	for (unsigned step = 0; step < o->steps; step++) {
		unsigned r = (unsigned)(rnd(&g.seed) % 100);
		unsigned c = (unsigned)(rnd(&g.seed) % o->ncaps);
		if (r < 45) {
			if (running[c] && !(o->messy && rnd(&g.seed) % 8 == 0)) {
				uint32_t k = running[c] - 1;
				uint64_t status = 1 + rnd(&g.seed) % 5;
				gpack(&g, c, EV_STOP_THREAD, t, "whw",
				      (uint64_t[]){ o->tid_base + k, status, 0 });
				running[c] = 0;
				busy_on[k] = 0;
			} else {
				uint32_t k = (uint32_t)(rnd(&g.seed) % o->nthreads);
				if (busy_on[k])
					goto next;
				if (running[c]) /* messy: a run with no stop before it */
					busy_on[running[c] - 1] = 0;
				if (!created[k]) {
					created[k] = true;
					gpack(&g, c, EV_CREATE_THREAD, t, "w",
					      (uint64_t[]){ o->tid_base + k });
				}
				gpack(&g, c, EV_RUN_THREAD, t, "w", (uint64_t[]){ o->tid_base + k });
				running[c] = k + 1;
				busy_on[k] = c + 1;
			}
		} else if (r < 53) {
			/* a collection as GHC 9.0 logs one: the initiating capability
			 * c posts GC_START, then (in the file) GC_GLOBAL_SYNC,
			 * GC_STATS_GHC and its GC_END, whose time is that of the
			 * +RTS -s stopwatch: before the other two. The others join
			 * (usually all of them) and leave after c's GC_END, late
			 * enough that one may still be in GC when the next
			 * collection starts. */
			bool all = rnd(&g.seed) % 4 != 0;
			bool in[8] = { false };
			uint64_t s_d[8], maxstart = t;
			for (unsigned d = 0; d < o->ncaps; d++) {
				in[d] = d == c || all || rnd(&g.seed) % 2;
				if (!in[d])
					continue;
				if (running[d] && rnd(&g.seed) % 2) {
					uint32_t k = running[d] - 1;
					gpack(&g, d, EV_STOP_THREAD, t, "whw",
					      (uint64_t[]){ o->tid_base + k, 1, 0 });
					running[d] = 0;
					busy_on[k] = 0;
				}
				s_d[d] = d == c ? t : t + rnd(&g.seed) % 6;
				if (s_d[d] <= gc_free[d])
					s_d[d] = gc_free[d] + 1;
				if (s_d[d] > maxstart)
					maxstart = s_d[d];
			}
			uint64_t cend = maxstart + 1 + rnd(&g.seed) % 300;
			uint64_t sync = cend + rnd(&g.seed) % 3, st = sync + rnd(&g.seed) % 2;
			for (unsigned d = 0; d < o->ncaps; d++) {
				if (!in[d])
					continue;
				uint64_t e = d == c ? cend : cend + 1 + rnd(&g.seed) % 50;
				gpack(&g, d, EV_GC_START, s_d[d], "", NULL);
				alloc[d] += rnd(&g.seed) % 100000;
				gpack(&g, d, EV_HEAP_ALLOCATED, s_d[d], "wq", (uint64_t[]){ 0, alloc[d] });
				if (d != c) {
					gpack(&g, d, EV_GC_END, e, "", NULL);
					gc_free[d] = e;
					continue;
				}
				/* c: sync and stats before its GC_END in the file */
				bool with_sync = !o->messy || rnd(&g.seed) % 3;
				if (with_sync) {
					gadd(&g, c, EV_GC_GLOBAL_SYNC, sync, cend, &(struct evb)EVB_INIT);
					g.st[c].it[g.st[c].n - 1].pri = 0;
				}
				struct evb pl = EVB_INIT;
				uint64_t v[9] = { 0, rnd(&g.seed) % o->gens, rnd(&g.seed) % 1000000,
						  rnd(&g.seed) % 50000, rnd(&g.seed) % 1000, 1,
						  rnd(&g.seed) % 1000, rnd(&g.seed) % 5000,
						  rnd(&g.seed) % 5000 };
				evb_pack(&pl, o->balanced ? "whqqqwqqq" : "whqqqwqq", v);
				gadd(&g, c, EV_GC_STATS_GHC, st, cend, &pl);
				evb_free(&pl);
				g.st[c].it[g.st[c].n - 1].pri = 0;
				gpack(&g, c, EV_GC_END, e, "", NULL);
				gc_free[c] = st;
			}
			gpack(&g, glob, EV_HEAP_SIZE, st + 1, "wq",
			      (uint64_t[]){ 0, (1 + rnd(&g.seed) % 64) << 20 });
			if (rnd(&g.seed) % 3 == 0)
				gpack(&g, glob, EV_HEAP_LIVE, st + 1, "wq",
				      (uint64_t[]){ 0, rnd(&g.seed) % (50 << 20) });
			t = st + 2 + rnd(&g.seed) % 10;
			if (o->messy && rnd(&g.seed) % 5 == 0) /* a GC_END with no start */
				gpack(&g, c, EV_GC_END, t, "", NULL);
		} else if (r < 62) {
			const char *txt = texts[rnd(&g.seed) % (sizeof texts / sizeof texts[0])];
			unsigned stream = (unsigned)(rnd(&g.seed) % (o->ncaps + 1));
			switch (rnd(&g.seed) % 4) {
			case 0: gtext(&g, stream, EV_USER_MARKER, t, 0, false, txt, strlen(txt)); break;
			case 1: gtext(&g, stream, EV_USER_MSG, t, 0, false, txt, strlen(txt)); break;
			case 2: gtext(&g, stream, EV_LOG_MSG, t, 0, false, txt, strlen(txt)); break;
			default:
				gtext(&g, stream, EV_USER_BINARY_MSG, t, 0, false, "bin\tary\0msg\xff", 12);
				break;
			}
		} else if (r < 67) {
			uint32_t k = (uint32_t)(rnd(&g.seed) % o->nthreads);
			const char *txt = texts[rnd(&g.seed) % (sizeof texts / sizeof texts[0])];
			unsigned stream = (unsigned)(rnd(&g.seed) % (o->ncaps + 1));
			gtext(&g, stream, EV_THREAD_LABEL, t, o->tid_base + k, true, txt, strlen(txt));
		} else if (r < 74) {
			alloc[c] += rnd(&g.seed) % 10000;
			gpack(&g, c, EV_HEAP_ALLOCATED, t, "wq", (uint64_t[]){ 0, alloc[c] });
			uint64_t *sp = &spark[c * 7];
			for (int k = 0; k < 7; k++)
				sp[k] += rnd(&g.seed) % 4;
			gpack(&g, c, EV_SPARK_COUNTERS, t, "qqqqqqq", sp);
		} else if (r < 77) {
			gpack(&g, glob, EV_BLOCKS_SIZE, t, "wq",
			      (uint64_t[]){ 0, rnd(&g.seed) % (64 << 20) });
		}
	next:
		t += rnd(&g.seed) % 3 == 0 ? 0 : rnd(&g.seed) % 60;
	}
	if (!o->running_end) {
		for (unsigned c = 0; c < o->ncaps; c++) {
			if (!running[c])
				continue;
			gpack(&g, c, EV_STOP_THREAD, t, "whw",
			      (uint64_t[]){ o->tid_base + running[c] - 1, 5, 0 });
		}
	}
	gpack(&g, glob, EV_USER_MARKER, t + 1, "", NULL); /* the end */

	/* the file: every stream in blocks, ordered by their first time */
	gen_header(b, o);
	struct blk {
		unsigned stream;
		size_t from, to;
		uint64_t t0;
	} *blks = NULL;
	size_t nblks = 0, cblks = 0;
	for (unsigned s = 0; s <= o->ncaps; s++) {
		struct gstream *S = &g.st[s];
		if (S->n)
			qsort(S->it, S->n, sizeof *S->it, cmp_gitem);
		uint64_t prev_t0 = 0; /* a stream's blocks stay in file order */
		for (size_t i = 0; i < S->n;) {
			size_t len = 1 + (size_t)(rnd(&g.seed) % o->max_block);
			if (len > S->n - i)
				len = S->n - i;
			struct blk bl = { s, i, i + len,
					  S->it[i].time > prev_t0 ? S->it[i].time : prev_t0 };
			prev_t0 = bl.t0;
			XPUSH(blks, nblks, cblks, bl);
			i += len;
		}
	}
	/* insertion sort by t0 (stable: a stream's blocks stay in order) */
	for (size_t i = 1; i < nblks; i++) {
		struct blk x = blks[i];
		size_t j = i;
		while (j > 0 && blks[j - 1].t0 > x.t0) {
			blks[j] = blks[j - 1];
			j--;
		}
		blks[j] = x;
	}
	for (size_t k = 0; k < nblks; k++) {
		struct gstream *S = &g.st[blks[k].stream];
		struct evb body = EVB_INIT;
		body.decl = b->decl;
		uint64_t lo = UINT64_MAX, hi = 0;
		for (size_t i = blks[k].from; i < blks[k].to; i++) {
			const struct gitem *it = &S->it[i];
			evb_event(&body, it->tag, it->time, it->pl, it->n);
			if (it->time < lo)
				lo = it->time;
			if (it->time > hi)
				hi = it->time;
		}
		uint16_t cap = blks[k].stream == glob ? 0xFFFF : g.capid[blks[k].stream];
		evb_marker(b, lo, (uint32_t)(24 + body.n), hi, cap);
		evb_bytes(b, body.p, body.n);
		free(body.p);
		if (o->messy && rnd(&g.seed) % 4 == 0) {
			/* loose events, in no block */
			uint64_t lt = lo + rnd(&g.seed) % 100;
			evb_event(b, EV_USER_MARKER, lt, "loose", 5);
			struct evb pl = EVB_INIT;
			evb_pack(&pl, "w", (uint64_t[]){ o->tid_base });
			evb_event_pl(b, EV_RUN_THREAD, lt, &pl); /* no cap: ignored */
			evb_free(&pl);
			evb_pack(&pl, "wq", (uint64_t[]){ 0, 12345 });
			evb_event_pl(b, EV_HEAP_SIZE, lt, &pl);
			evb_free(&pl);
		}
	}
	evb_dataend(b);
	free(blks);
	for (unsigned s = 0; s <= o->ncaps; s++)
		free(g.st[s].it);
	free(g.st);
	free(running);
	free(busy_on);
	free(created);
	free(alloc);
	free(spark);
}

static struct gopts random_opts(uint64_t *seed)
{
	struct gopts o = {
		.ncaps = 1 + (unsigned)(rnd(seed) % 4),
		.steps = 50 + (unsigned)(rnd(seed) % 600),
		.messy = rnd(seed) % 3 == 0,
		.running_end = rnd(seed) % 3 == 0,
		.heap_info = rnd(seed) % 2,
		.gens = 1 + (unsigned)(rnd(seed) % 3),
		.balanced = rnd(seed) % 2,
		.tid_base = 1 + (uint32_t)(rnd(seed) % 100),
		.nthreads = 1 + (unsigned)(rnd(seed) % 12),
		.max_block = 1 + (unsigned)(rnd(seed) % 200),
	};
	return o;
}

/* ---- tests ---- */

static void test_fixtures(void **state)
{
	(void)state;
	for (size_t i = 0; i < NFIXTURES; i++) {
		struct lg l;
		lg_open_file(&l, fixtures[i]);
		check_all(&l, 0x1234567ull * (i + 1), 60);
		lg_close(&l);
	}
}

static void test_fixture_facts(void **state)
{
	(void)state;
	/* facts the fixtures' README states, so that the references above are
	 * not vacuous */
	struct lg l;
	lg_open_file(&l, "tests/fixtures/threaded.eventlog");
	assert_int_equal(l.tr.ncaps, 4);
	assert_int_equal(l.tr.nmarks, 3 + 12 + 2); /* markers, user and binary messages */
	assert_int_equal(l.tr.ngcstats, 4);
	assert_int_equal(l.tr.nsparks, 15);
	assert_int_equal(l.tr.nalloc, 20);
	assert_true(l.tr.gens == 2);
	assert_true(l.tr.ngcs >= 2 && l.tr.ngcs <= 7);
	lg_close(&l);
	lg_open_file(&l, "tests/fixtures/nonthreaded.eventlog");
	assert_int_equal(l.tr.ncaps, 1);
	assert_int_equal(l.tr.ngcs, 80);
	assert_int_equal(l.tr.ngcstats, 80);
	for (size_t i = 0; i < l.tr.ngcs; i++)
		assert_true(l.tr.gcs[i].stat >= 0);
	assert_int_equal(l.tr.nheap_size, 80);
	assert_int_equal(l.tr.nheap_live, 7);
	lg_close(&l);
	lg_open_file(&l, "tests/fixtures/killed-cut.eventlog");
	assert_int_equal(l.s.stop, STOP_TRUNCATED);
	assert_int_equal(l.tr.ngcs, 22);
	assert_true(l.tr.nmarks >= 13780);
	assert_false(l.tr.have_exit); /* cut off: no exit */
	lg_close(&l);
	/* -N4 on two cores: 359 + 17 collections (+RTS -s), two capabilities in
	 * each parallel one (GHC uses min(-N, cores) GC threads), and some
	 * capability's GC_END after the next collection's GC_START (the README
	 * counts 5): grouping by overlap would merge those */
	lg_open_file(&l, "tests/fixtures/par-n4.eventlog");
	assert_int_equal(l.tr.ncaps, 4);
	assert_int_equal(l.tr.ngcs, 376);
	unsigned gens[2] = { 0, 0 }, overlaps = 0, two = 0;
	for (size_t i = 0; i < l.tr.ngcs; i++) {
		const struct gc *g = &l.tr.gcs[i];
		int gen = tracks_gc_gen(&l.tr, g);
		assert_true(gen == 0 || gen == 1);
		gens[gen]++;
		assert_true(g->cap != EV_NO_CAP);
		two += g->ncaps == 2;
		if (i + 1 < l.tr.ngcs && g->span_end > l.tr.gcs[i + 1].span_start)
			overlaps++;
	}
	assert_int_equal(gens[0], 359);
	assert_int_equal(gens[1], 17);
	assert_true(two >= 374);
	assert_true(overlaps >= 3);
	assert_true(l.tr.threaded_rts && l.tr.have_init && l.tr.have_exit);
	lg_close(&l);
}

/* Two collections on two capabilities where capability 1 leaves the first
 * after capability 0 has started the second: two collections, each paused
 * for its initiator's GC_START..GC_END, cap 1 in the first only. */
static void test_interleaved_collections(void **state)
{
	(void)state;
	struct gopts o = { .ncaps = 2, .gens = 2, .tid_base = 1, .nthreads = 1, .max_block = 100 };
	struct evb b = EVB_INIT;
	gen_header(&b, &o);
	struct evb c0 = EVB_INIT, c1 = EVB_INIT, pl = EVB_INIT;
	c0.decl = c1.decl = b.decl;
	evb_pack(&pl, "whqqqwqq", (uint64_t[]){ 0, 0, 100, 2, 3, 2, 60, 100 });
	/* collection 1: cap 0 initiates 1000..1200, cap 1 in 1010..1500 */
	evb_event(&c0, EV_GC_START, 1000, "", 0);
	evb_event(&c0, EV_GC_GLOBAL_SYNC, 1205, "", 0);
	evb_event_pl(&c0, EV_GC_STATS_GHC, 1206, &pl);
	evb_event(&c0, EV_GC_END, 1200, "", 0);
	evb_event(&c1, EV_GC_START, 1010, "", 0);
	evb_event(&c1, EV_GC_END, 1500, "", 0);
	/* collection 2 (generation 1): cap 0 alone, 1300..1400, inside cap 1's
	 * late GC_END of the first */
	evb_free(&pl);
	evb_pack(&pl, "whqqqwqq", (uint64_t[]){ 0, 1, 100, 2, 3, 1, 0, 100 });
	evb_event(&c0, EV_GC_START, 1300, "", 0);
	evb_event(&c0, EV_GC_GLOBAL_SYNC, 1402, "", 0);
	evb_event_pl(&c0, EV_GC_STATS_GHC, 1403, &pl);
	evb_event(&c0, EV_GC_END, 1400, "", 0);
	evb_free(&pl);
	evb_marker(&b, 1000, (uint32_t)(24 + c0.n), 1403, 0);
	evb_bytes(&b, c0.p, c0.n);
	evb_marker(&b, 1010, (uint32_t)(24 + c1.n), 1500, 1);
	evb_bytes(&b, c1.p, c1.n);
	free(c0.p);
	free(c1.p);
	evb_dataend(&b);
	struct lg l;
	lg_open_mem(&l, &b, "interleaved");
	assert_int_equal(l.tr.ngcs, 2);
	const struct gc *g = &l.tr.gcs[0], *h = &l.tr.gcs[1];
	assert_int_equal(g->start, 1000);
	assert_int_equal(g->end, 1200);
	assert_int_equal(g->pause, 200);
	assert_int_equal(g->cap, 0);
	assert_int_equal(g->sync, 1205);
	assert_int_equal(g->ncaps, 2);
	assert_int_equal(g->span_start, 1000);
	assert_int_equal(g->span_end, 1500);
	assert_int_equal(tracks_gc_gen(&l.tr, g), 0);
	assert_int_equal(h->start, 1300);
	assert_int_equal(h->pause, 100);
	assert_int_equal(h->ncaps, 1);
	assert_int_equal(tracks_gc_gen(&l.tr, h), 1);
	assert_true(tracks_gc_major(&l.tr, h));
	/* ] from the first lands on the second, } on the major one */
	assert_ptr_equal(tracks_gc_next(&l.tr, 1000, false), h);
	assert_ptr_equal(tracks_gc_next(&l.tr, 0, true), h);
	lg_close(&l);
	evb_free(&b);
}

static void test_random_logs(void **state)
{
	(void)state;
	unsigned runs_at_end = 0, multi = 0;
	for (uint64_t seed = 1; seed <= 150; seed++) {
		uint64_t sd = seed * 0x9E3779B97F4A7C15ull;
		struct gopts o = random_opts(&sd);
		struct evb b = EVB_INIT;
		gen_log(&b, sd, &o);
		char name[64];
		snprintf(name, sizeof name, "random log %llu", (unsigned long long)seed);
		struct lg l;
		lg_open_mem(&l, &b, name);
		check_all(&l, sd, 24);
		runs_at_end += o.running_end;
		multi += l.tr.ncaps >= 2;
		lg_close(&l);
		evb_free(&b);
	}
	assert_true(runs_at_end > 20);
	assert_true(multi > 60);
}

/* A long log: several bins per column, many checkpoints. */
static void test_big_log(void **state)
{
	(void)state;
	uint64_t sd = 77;
	struct gopts o = random_opts(&sd);
	o.steps = 60000;
	o.ncaps = 3;
	o.nthreads = 40;
	o.max_block = 3000;
	o.messy = false;
	struct evb b = EVB_INIT;
	gen_log(&b, 991, &o);
	struct lg l;
	lg_open_mem(&l, &b, "big log");
	assert_true(l.s.nevents > 50000);
	check_all(&l, 5, 30);
	lg_close(&l);
	evb_free(&b);
}

/* Window sweeps over the fixtures and generated logs, for one kind of
 * finding. */
static void sweep(unsigned kind)
{
	findings_reset();
	for (size_t i = 0; i < NFIXTURES; i++) {
		struct lg l;
		struct naive nv;
		lg_open_file(&l, fixtures[i]);
		naive_build(&nv, &l.s);
		check_fractions(&l, &nv, 99 + i, 60);
		check_state_at(&l, &nv, 7 + i, 10);
		check_gcs(&l, &nv, 8 + i, 40);
		naive_free(&nv);
		lg_close(&l);
	}
	for (uint64_t seed = 1; seed <= 60; seed++) {
		uint64_t sd = seed * 0x2545F4914F6CDD1Dull;
		struct gopts o = random_opts(&sd);
		struct evb b = EVB_INIT;
		gen_log(&b, sd, &o);
		struct lg l;
		struct naive nv;
		lg_open_mem(&l, &b, "random log");
		naive_build(&nv, &l.s);
		check_fractions(&l, &nv, sd, 30);
		check_state_at(&l, &nv, sd + 1, 10);
		check_gcs(&l, &nv, sd + 2, 40);
		naive_free(&nv);
		lg_close(&l);
		evb_free(&b);
	}
	findings_check(1u << kind);
}

/* Fractions are fractions: in [0, 1], run + gc <= 1, also from the bins
 * with narrow columns. */
static void test_fractions_in_range(void **state)
{
	(void)state;
	sweep(F_RANGE);
}

/* A window that ends after the log's last event: nothing is known after
 * it, and the bins stop there; the exact answer must agree. */
static void test_fractions_past_last_event(void **state)
{
	(void)state;
	sweep(F_PAST_END);
}

/* Generations unknown (no HEAP_INFO_GHC): major means the highest
 * generation seen, here 2 (so generation 1 is not major). */
static void test_major_unknown_gens(void **state)
{
	(void)state;
	struct gopts o = { .ncaps = 1, .steps = 0, .gens = 3, .tid_base = 1, .nthreads = 1,
			   .max_block = 100 };
	struct evb b = EVB_INIT;
	gen_header(&b, &o);
	struct evb body = EVB_INIT;
	body.decl = b.decl;
	static const uint16_t gens[] = { 0, 1, 2, 1, 0 };
	for (int i = 0; i < 5; i++) {
		uint64_t t = 1000 + 1000 * (uint64_t)i;
		evb_event(&body, EV_GC_START, t, "", 0);
		struct evb pl = EVB_INIT;
		evb_pack(&pl, "whqqqwqq", (uint64_t[]){ 0, gens[i], 1, 2, 3, 1, 0, 0 });
		evb_event_pl(&body, EV_GC_STATS_GHC, t + 200, &pl);
		evb_free(&pl);
		evb_event(&body, EV_GC_END, t + 100, "", 0);
	}
	evb_marker(&b, 1000, (uint32_t)(24 + body.n), 5200, 0);
	evb_bytes(&b, body.p, body.n);
	free(body.p);
	evb_dataend(&b);
	struct lg l;
	lg_open_mem(&l, &b, "unknown gens");
	assert_int_equal(l.tr.gens, 0);
	assert_int_equal(l.tr.ngcs, 5);
	bool bad = false;
	for (int i = 0; i < 5; i++) {
		assert_int_equal(tracks_gc_gen(&l.tr, &l.tr.gcs[i]), gens[i]);
		if (tracks_gc_major(&l.tr, &l.tr.gcs[i]) != (gens[i] == 2)) {
			print_error("collection %d, generation %u: major %d, want %d (highest "
				    "generation seen: 2)\n", i, gens[i],
				    tracks_gc_major(&l.tr, &l.tr.gcs[i]), gens[i] == 2);
			bad = true;
		}
	}
	const struct gc *gn = tracks_gc_next(&l.tr, 0, true), *g2 = tracks_gc_next(&l.tr, 3000, true),
			*gp = tracks_gc_prev(&l.tr, UINT64_MAX, true);
	if (gn != &l.tr.gcs[2] || g2 != NULL || gp != &l.tr.gcs[2]) {
		print_error("major only: next after 0 is %lld, next after 3000 is %lld, prev before "
			    "the end is %lld; want 2, none (-1), 2\n",
			    gn ? (long long)(gn - l.tr.gcs) : -1LL, g2 ? (long long)(g2 - l.tr.gcs) : -1LL,
			    gp ? (long long)(gp - l.tr.gcs) : -1LL);
		bad = true;
	}
	lg_close(&l);
	evb_free(&b);
	if (bad)
		fail();
	/* and in generated logs without HEAP_INFO_GHC */
	sweep(F_MAJOR);
}

/* After the last event nothing changes: the state at any later instant is
 * the one the last events left (as at tmax + 1), whatever the bins. */
static void test_state_after_last_event(void **state)
{
	(void)state;
	sweep(F_STATE_AFTER);
}

static bool match_str(const char *pat, const void *text, size_t n)
{
	regex_t re;
	assert_int_equal(regcomp(&re, pat, REG_EXTENDED | REG_NOSUB), 0);
	bool hit = tracks_match(&re, text, n);
	regfree(&re);
	return hit;
}

static void test_match_bytes(void **state)
{
	(void)state;
	/* not NUL-terminated: only n bytes count */
	assert_true(match_str("^abc$", "abcXYZ", 3));
	assert_false(match_str("X", "abcXYZ", 3));
	assert_true(match_str("^$", "zzz", 0));
	/* text after a NUL byte is searched too */
	assert_true(match_str("cd$", "ab\0cd", 5));
	assert_true(match_str("^ab", "ab\0cd", 5));
	assert_true(match_str("ary", "bin\tary\0msg", 11));
	assert_true(match_str("msg$", "bin\tary\0msg", 11));
	assert_false(match_str("^cd", "ab\0cd", 5));
	assert_false(match_str("^a", "\0a", 2));
	assert_false(match_str("zz", "ab\0cd", 5));
	/* invalid UTF-8: the bytes as they are */
	assert_true(match_str("caf", "caf\xc3", 4));
	assert_true(match_str("^a.b$", "a\xff" "b", 3));
	assert_true(match_str("b$", "a\x80" "b", 3));
	assert_true(match_str("\xe2\x82\xac", "x\xe2\x82\xac\xff", 5));
	assert_false(match_str("^b", "\xff" "b", 2));
	/* long text (past any stack buffer) */
	size_t n = 5000;
	char *big = malloc(n + 10);
	assert_non_null(big);
	memset(big, 'a', n);
	big[100] = 0;
	memcpy(big + n - 3, "END", 3);
	memcpy(big + n, "TAIL", 4);
	assert_true(match_str("END$", big, n));
	assert_false(match_str("TAIL", big, n));
	assert_true(match_str("^a+", big, n));
	free(big);
}

/* A NUL byte is matched as what it is, not as some other character. */
static void test_match_nul_is_not_space(void **state)
{
	(void)state;
	bool sp = match_str("ab cd", "ab\0cd", 5);
	bool cls = match_str("b[[:space:]]c", "ab\0cd", 5);
	if (sp || cls)
		print_error("tracks_match: text \"ab\\0cd\" matches /ab cd/: %d, /b[[:space:]]c/: %d "
			    "(a NUL byte is not a space)\n", sp, cls);
	assert_false(sp);
	assert_false(cls);
}

/* ---- (e) two threads ---- */

static void same_tracks(const struct lg *a, const struct lg *b, const char *name)
{
	const struct tracks *x = &a->tr, *y = &b->tr;
	assert_int_equal(x->ncaps, y->ncaps);
	for (size_t i = 0; i < x->ncaps; i++) {
		assert_int_equal(x->caps[i], y->caps[i]);
		assert_int_equal(x->cap_first[i], y->cap_first[i]);
		assert_int_equal(x->cap_last[i], y->cap_last[i]);
	}
	assert_int_equal(x->ngcparts, y->ngcparts);
	for (size_t i = 0; i < x->ngcparts; i++) {
		assert_int_equal(x->gcparts[i].cap, y->gcparts[i].cap);
		assert_int_equal(x->gcparts[i].start, y->gcparts[i].start);
		assert_int_equal(x->gcparts[i].end, y->gcparts[i].end);
	}
	assert_int_equal(x->have_init, y->have_init);
	assert_int_equal(x->have_exit, y->have_exit);
	assert_int_equal(x->end_init, y->end_init);
	assert_int_equal(x->start_exit, y->start_exit);
	assert_int_equal(x->t_exit_report, y->t_exit_report);
	assert_int_equal(x->nsyncs, y->nsyncs);
	if (x->nbins == y->nbins && x->binw == y->binw && x->origin == y->origin) {
		for (size_t c = 0; c < x->ncaps; c++) {
			assert_true(!x->run[c] == !y->run[c]);
			if (!x->run[c])
				continue;
			for (uint32_t k = 0; k <= x->nbins; k++) {
				if (x->run[c][k] != y->run[c][k] || x->gcd[c][k] != y->gcd[c][k]) {
					print_error("%s: cap %d bin %u: run %llu/%llu gc %llu/%llu\n",
						    name, x->caps[c], k,
						    (unsigned long long)x->run[c][k],
						    (unsigned long long)y->run[c][k],
						    (unsigned long long)x->gcd[c][k],
						    (unsigned long long)y->gcd[c][k]);
					fail();
				}
			}
			for (uint32_t k = 0; k < x->nbins; k++) {
				assert_int_equal(x->st_thread[c][k], y->st_thread[c][k]);
				assert_int_equal(x->st_gc[c][k], y->st_gc[c][k]);
			}
		}
	}
	assert_int_equal(x->ngcstats, y->ngcstats);
	for (size_t i = 0; i < x->ngcstats; i++) {
		const struct gcstat *p = &x->gcstats[i], *q = &y->gcstats[i];
		if (p->time != q->time || p->cap != q->cap || p->gen != q->gen ||
		    p->copied != q->copied || p->slop != q->slop || p->frag != q->frag ||
		    p->par_n_threads != q->par_n_threads || p->par_tot_copied != q->par_tot_copied ||
		    p->par_balanced_copied != q->par_balanced_copied) {
			print_error("%s: gcstat %zu differs: serial time %llu cap %d, two threads "
				    "time %llu cap %d\n", name, i, (unsigned long long)p->time, p->cap,
				    (unsigned long long)q->time, q->cap);
			fail();
		}
	}
	assert_int_equal(x->ngcs, y->ngcs);
	for (size_t i = 0; i < x->ngcs; i++) {
		const struct gc *p = &x->gcs[i], *q = &y->gcs[i];
		assert_int_equal(p->start, q->start);
		assert_int_equal(p->end, q->end);
		assert_int_equal(p->pause, q->pause);
		assert_int_equal(p->sum, q->sum);
		assert_int_equal(p->ncaps, q->ncaps);
		assert_int_equal(p->stat, q->stat);
		assert_int_equal(p->cap, q->cap);
		assert_int_equal(p->sync, q->sync);
		assert_int_equal(p->span_start, q->span_start);
		assert_int_equal(p->span_end, q->span_end);
		assert_int_equal(p->part, q->part);
		assert_int_equal(x->gc_by_pause[i], y->gc_by_pause[i]);
	}
#define SAME_SAMPLES(f, nf)                                                               \
	do {                                                                              \
		assert_int_equal(x->nf, y->nf);                                           \
		for (size_t i = 0; i < x->nf; i++) {                                      \
			if (x->f[i].time != y->f[i].time || x->f[i].value != y->f[i].value) { \
				print_error("%s: " #f "[%zu]: (%llu, %llu) serial, (%llu, %llu) " \
					    "two threads\n", name, i,                      \
					    (unsigned long long)x->f[i].time,              \
					    (unsigned long long)x->f[i].value,             \
					    (unsigned long long)y->f[i].time,              \
					    (unsigned long long)y->f[i].value);            \
				fail();                                                   \
			}                                                                 \
		}                                                                         \
	} while (0)
	SAME_SAMPLES(heap_size, nheap_size);
	SAME_SAMPLES(heap_live, nheap_live);
	SAME_SAMPLES(blocks_size, nblocks_size);
#define SAME_CAPSAMPLES(f, nf)                                                            \
	do {                                                                              \
		assert_int_equal(x->nf, y->nf);                                           \
		for (size_t i = 0; i < x->nf; i++) {                                      \
			if (x->f[i].time != y->f[i].time || x->f[i].cap != y->f[i].cap ||     \
			    memcmp(x->f[i].v, y->f[i].v, sizeof x->f[i].v)) {             \
				print_error("%s: " #f "[%zu] differs: cap %d time %llu v0 %llu " \
					    "serial, cap %d time %llu v0 %llu two threads\n", \
					    name, i, x->f[i].cap,                          \
					    (unsigned long long)x->f[i].time,              \
					    (unsigned long long)x->f[i].v[0], y->f[i].cap,  \
					    (unsigned long long)y->f[i].time,              \
					    (unsigned long long)y->f[i].v[0]);             \
				fail();                                                   \
			}                                                                 \
		}                                                                         \
	} while (0)
	SAME_CAPSAMPLES(alloc, nalloc);
	SAME_CAPSAMPLES(sparks, nsparks);
	assert_int_equal(x->nthreads, y->nthreads);
	for (size_t i = 0; i < x->nthreads; i++) {
		const struct thread_info *p = &x->threads[i], *q = &y->threads[i];
		if (p->id != q->id || p->created != q->created || p->first_run != q->first_run ||
		    p->last_seen != q->last_seen || p->finished != q->finished ||
		    p->run_ns != q->run_ns || p->label_off != q->label_off ||
		    p->label_time != q->label_time || p->caps != q->caps ||
		    p->first_cap != q->first_cap || p->nruns != q->nruns) {
			print_error("%s: thread %u differs between the builds (last_cap %d/%d, "
				    "first_cap %d/%d, last_seen %llu/%llu, run_ns %llu/%llu)\n",
				    name, p->id, p->last_cap, q->last_cap, p->first_cap, q->first_cap,
				    (unsigned long long)p->last_seen, (unsigned long long)q->last_seen,
				    (unsigned long long)p->run_ns, (unsigned long long)q->run_ns);
			fail();
		}
		if (p->last_cap != q->last_cap)
			finding(F_LASTCAP, "%s: thread %u last seen at %llu: last_cap %d serial, %d "
				"on two threads", name, p->id, (unsigned long long)p->last_seen,
				p->last_cap, q->last_cap);
	}
	assert_int_equal(x->nmarks, y->nmarks);
	for (size_t i = 0; i < x->nmarks; i++) {
		assert_int_equal(x->marks[i].time, y->marks[i].time);
		assert_int_equal(x->marks[i].off, y->marks[i].off);
		assert_int_equal(x->marks[i].cap, y->marks[i].cap);
		assert_int_equal(x->marks[i].tag, y->marks[i].tag);
	}
	assert_int_equal(x->gens, y->gens);
	assert_int_equal(x->startup_caps, y->startup_caps);
	assert_int_equal(x->over_budget, y->over_budget);
}

static void same_answers(const struct lg *a, const struct lg *b, uint64_t seed)
{
	const struct tracks *x = &a->tr, *y = &b->tr;
	uint64_t tmin = a->s.tmin, span = a->s.tmax - tmin + 2;
	size_t n = x->ncaps * 7;
	float *r1, *g1, *r2, *g2;
	struct capstate_at *s1, *s2;
	XALLOC(r1, n);
	XALLOC(g1, n);
	XALLOC(r2, n);
	XALLOC(g2, n);
	XALLOC(s1, x->ncaps);
	XALLOC(s2, x->ncaps);
	for (int i = 0; i < 40; i++) {
		uint64_t t0 = tmin + rnd(&seed) % span, t1 = t0 + 1 + rnd(&seed) % span;
		bool e1, e2;
		assert_true(tracks_cap_fractions(x, &a->s, t0, t1, 7, SIZE_MAX, true, r1, g1, NULL,
						 &e1));
		assert_true(tracks_cap_fractions(y, &b->s, t0, t1, 7, SIZE_MAX, true, r2, g2, NULL,
						 &e2));
		assert_memory_equal(r1, r2, n * sizeof *r1);
		assert_memory_equal(g1, g2, n * sizeof *g1);
		if (x->nbins == y->nbins && x->binw == y->binw) {
			assert_true(tracks_cap_fractions(x, &a->s, t0, t1, 7, 0, false, r1, g1, NULL,
							 &e1));
			assert_true(tracks_cap_fractions(y, &b->s, t0, t1, 7, 0, false, r2, g2, NULL,
							 &e2));
			/* (the ways may differ: the two indexes split segments at
			 * the cut, which moves the estimate; the answers may not) */
			assert_memory_equal(r1, r2, n * sizeof *r1);
			assert_memory_equal(g1, g2, n * sizeof *g1);
		}
		assert_true(tracks_state_at(x, &a->s, t0, s1));
		assert_true(tracks_state_at(y, &b->s, t0, s2));
		for (size_t c = 0; c < x->ncaps; c++) {
			assert_int_equal(s1[c].thread, s2[c].thread);
			assert_int_equal(s1[c].gc, s2[c].gc);
		}
		for (int major = 0; major < 2; major++) {
			const struct gc *p = tracks_gc_next(x, t0, major), *q = tracks_gc_next(y, t0, major);
			assert_int_equal(p ? p - x->gcs : -1, q ? q - y->gcs : -1);
			p = tracks_gc_prev(x, t0, major);
			q = tracks_gc_prev(y, t0, major);
			assert_int_equal(p ? p - x->gcs : -1, q ? q - y->gcs : -1);
		}
	}
	free(r1);
	free(g1);
	free(r2);
	free(g2);
	free(s1);
	free(s2);
}

static void fused_way(const struct evb *b, const char *name, unsigned *nfused, unsigned *nbuilds);

/* b's tracks built serially and in each of test_parts's splits: the
 * same. want_by_caps: a clean log, which every split must stitch (not
 * redo on one thread). Returns how many opens split b into as many parts
 * as asked. */
static unsigned both_ways(const struct evb *b, const char *name, uint64_t seed,
			  bool want_by_caps)
{
	struct lg one, two;
	struct parts_saved sv = parts_force(1);
	lg_open_mem(&one, b, name);
	assert_false(one.tr.by_caps);
	unsigned nexact = 0;
	for (size_t k = 1; k < NTEST_PARTS; k++) {
		parts_force(test_parts[k]);
		lg_open_mem(&two, b, name);
		nexact += two.s.nparts == test_parts[k];
		if (want_by_caps && (two.s.nparts < 2 || !two.tr.by_caps)) {
			print_error("%s: a clean log of %zu capabilities was not built by "
				    "capability in %u parts (%u)\n",
				    name, two.tr.ncaps, test_parts[k], two.s.nparts);
			fail();
		}
		same_tracks(&one, &two, name);
		same_answers(&one, &two, seed);
		check_all(&two, seed, 8);
		lg_close(&two);
	}
	parts_restore(sv);
	lg_close(&one);
	return nexact;
}

static void test_split_logs(void **state)
{
	(void)state;
	unsigned nby = 0, nexact = 0;
	findings_reset();
	for (uint64_t seed = 1; seed <= 80; seed++) {
		uint64_t sd = seed * 0xD1B54A32D192ED03ull;
		struct gopts o = random_opts(&sd);
		o.ncaps = 2 + (unsigned)(seed % 3);
		o.messy = false;
		struct evb b = EVB_INIT;
		gen_log(&b, sd, &o);
		char name[64];
		snprintf(name, sizeof name, "split log %llu", (unsigned long long)seed);
		nexact += both_ways(&b, name, sd, true);
		nby++;
		evb_free(&b);
	}
	/* messy logs: no split, same answers */
	for (uint64_t seed = 1; seed <= 20; seed++) {
		uint64_t sd = seed * 0x9E3779B97F4A7C15ull + 5;
		struct gopts o = random_opts(&sd);
		o.messy = true;
		struct evb b = EVB_INIT;
		gen_log(&b, sd, &o);
		both_ways(&b, "messy split log", sd, false);
		evb_free(&b);
	}
	assert_true(nby > 0);
	/* each split into as many parts as asked, mostly */
	assert_true(nexact > nby * (NTEST_PARTS - 1) / 2);
	findings_check(1u << F_LASTCAP);
}

/* A log whose last part goes back before the parts before it on a
 * capability: the parts cannot be stitched, and the pass is redone on one
 * thread, over the whole log (every part's collections). nblocks blocks
 * of 20 collections each, the first from 10000 on, the last from 100. */
static void redone(unsigned nblocks, unsigned nparts)
{
	struct gopts o = { .ncaps = 1, .gens = 1, .tid_base = 1, .nthreads = 1, .max_block = 100 };
	struct evb b = EVB_INIT;
	gen_header(&b, &o);
	uint64_t t = 10000;
	for (unsigned k = 0; k < nblocks; k++) {
		struct evb c = EVB_INIT;
		c.decl = b.decl;
		if (k == nblocks - 1)
			t = 100;
		uint64_t t0 = t;
		for (int i = 0; i < 20; i++, t += 100) {
			evb_event(&c, EV_GC_START, t, "", 0);
			evb_event(&c, EV_GC_END, t + 50, "", 0);
		}
		evb_marker(&b, t0, (uint32_t)(24 + c.n), t, 0);
		evb_bytes(&b, c.p, c.n);
		free(c.p);
	}
	evb_dataend(&b);
	struct lg one, two;
	struct parts_saved sv = parts_force(1);
	lg_open_mem(&one, &b, "redone");
	parts_force(nparts);
	lg_open_mem(&two, &b, "redone");
	parts_restore(sv);
	assert_int_equal(two.s.nparts, nparts);
	assert_false(two.tr.by_caps);
	assert_int_equal(one.tr.ngcs, 20 * nblocks);
	same_tracks(&one, &two, "redone");
	lg_close(&one);
	lg_close(&two);
	unsigned nf = 0, nb = 0;
	fused_way(&b, "redone", &nf, &nb);
	evb_free(&b);
}

static void test_parts_redone(void **state)
{
	(void)state;
	redone(2, 2);
	for (size_t k = 1; k < NTEST_PARTS; k++)
		redone(8, test_parts[k]);
}

/* A one-capability log of 8 blocks (GC_START, GC_END, RUN_THREAD,
 * STOP_THREAD each), in block 4 (the second part's first block on two
 * parts, logged until the part knows the capability's state and replayed
 * at the stitch) a STOP_THREAD before the RUN_THREAD it ends when back:
 * state_in_order is false then, however the log is split, and true
 * otherwise. */
static void state_order(bool back)
{
	struct gopts o = { .ncaps = 1, .gens = 1, .tid_base = 1, .nthreads = 1, .max_block = 100 };
	struct evb b = EVB_INIT;
	gen_header(&b, &o);
	uint64_t t = 10000;
	for (unsigned k = 0; k < 8; k++, t += 1000) {
		struct evb c = EVB_INIT;
		c.decl = b.decl;
		struct evb run = EVB_INIT, stop = EVB_INIT;
		evb_pack(&run, "w", (uint64_t[]){ 1 });
		evb_pack(&stop, "whw", (uint64_t[]){ 1, 2, 0 });
		if (k == 4) { /* the capability's state learnt from run and stop first */
			evb_event_pl(&c, EV_RUN_THREAD, t + 200, &run);
			evb_event_pl(&c, EV_STOP_THREAD, back ? t + 100 : t + 300, &stop);
			evb_event(&c, EV_GC_START, t + 400, "", 0);
			evb_event(&c, EV_GC_END, t + 500, "", 0);
		} else {
			evb_event(&c, EV_GC_START, t + 100, "", 0);
			evb_event(&c, EV_GC_END, t + 200, "", 0);
			evb_event_pl(&c, EV_RUN_THREAD, t + 300, &run);
			evb_event_pl(&c, EV_STOP_THREAD, t + 400, &stop);
		}
		evb_free(&run);
		evb_free(&stop);
		evb_marker(&b, t, (uint32_t)(24 + c.n), t + 900, 0);
		evb_bytes(&b, c.p, c.n);
		free(c.p);
	}
	evb_dataend(&b);
	for (size_t k = 0; k < NTEST_PARTS; k++) {
		struct parts_saved sv = parts_force(test_parts[k]);
		struct lg g;
		lg_open_mem(&g, &b, back ? "state back" : "state in order");
		parts_restore(sv);
		if (test_parts[k] > 1)
			assert_true(g.s.nparts > 1);
		assert_int_equal(g.tr.stitch_guesses, 0);
		if (g.tr.state_in_order == back) {
			print_error("%u parts: state_in_order %d\n", test_parts[k], g.tr.state_in_order);
			fail();
		}
		lg_close(&g);
	}
	evb_free(&b);
}

static void test_state_order(void **state)
{
	(void)state;
	state_order(false);
	state_order(true);
}

static void test_parts_fixtures(void **state)
{
	(void)state;
	for (size_t i = 0; i < NFIXTURES; i++) {
		struct evb b = EVB_INIT;
		assert_true(evb_file(&b, fixtures[i]));
		/* the multi-capability fixtures are clean block logs */
		bool multi = strstr(fixtures[i], "threaded.") && !strstr(fixtures[i], "non");
		multi |= strstr(fixtures[i], "nonmoving") != NULL;
		both_ways(&b, fixtures[i], i + 1, multi);
		evb_free(&b);
	}
}

/* ---- (e') the tracks built as the index reads the log ---- */

/* A log of random_opts from seed sd (messy or not). */
static void gen_random_log(struct evb *b, uint64_t sd, bool messy)
{
	struct gopts o = random_opts(&sd);
	o.messy = messy;
	gen_log(b, sd, &o);
}

/* The tracks built as the index reads b (tracks_fused_build) and by
 * tracks_build after it, serially and in each of test_parts's splits: the
 * same, to the byte counts. *nfused counts the builds that took the fused
 * pass's result. */
static void fused_way(const struct evb *b, const char *name, unsigned *nfused, unsigned *nbuilds)
{
	struct parts_saved sv = parts_force(1);
	for (size_t k = 0; k < NTEST_PARTS; k++) {
		parts_force(test_parts[k]);
		struct lg plain, fused;
		lg_open_mem(&plain, b, name);
		memset(&fused, 0, sizeof fused);
		fused.name = name;
		fused.len = b->n;
		fused.buf = evb_exact(b);
		struct tracks_fused *f = tracks_fused_new();
		assert_non_null(f);
		char err[256] = "";
		enum store_status st = store_open_mem_sink(&fused.s, fused.buf, fused.len,
							   tracks_fused_sink(f), err, sizeof err);
		assert_int_equal(st, STORE_OK);
		assert_true(tracks_fused_build(f, &fused.tr, &fused.s));
		assert_int_equal(plain.s.nparts, fused.s.nparts);
		for (unsigned i = 0; i + 1 < plain.s.nparts; i++)
			assert_int_equal(plain.s.cuts[i], fused.s.cuts[i]);
		assert_int_equal(plain.tr.nbins, fused.tr.nbins);
		assert_int_equal(plain.tr.binw, fused.tr.binw);
		assert_int_equal(plain.tr.origin, fused.tr.origin);
		assert_int_equal(plain.tr.by_caps, fused.tr.by_caps);
		assert_int_equal(plain.tr.bytes, fused.tr.bytes);
		assert_int_equal(plain.tr.stitch_guesses, fused.tr.stitch_guesses);
		assert_false(plain.tr.fused);
		same_tracks(&plain, &fused, name);
		same_answers(&plain, &fused, 7 + (uint64_t)k);
		*nfused += fused.tr.fused;
		(*nbuilds)++;
		lg_close(&plain);
		lg_close(&fused);
	}
	parts_restore(sv);
}

static void test_fused(void **state)
{
	(void)state;
	unsigned nfused = 0, nbuilds = 0;
	for (size_t i = 0; i < NFIXTURES; i++) {
		struct evb b = EVB_INIT;
		assert_true(evb_file(&b, fixtures[i]));
		fused_way(&b, fixtures[i], &nfused, &nbuilds);
		evb_free(&b);
	}
	unsigned fx_fused = nfused, fx_builds = nbuilds;
	for (uint64_t seed = 1; seed <= 60; seed++) {
		struct evb b = EVB_INIT;
		char name[64];
		gen_random_log(&b, seed * 0xD1B54A32D192ED03ull + 3, seed > 40);
		snprintf(name, sizeof name, "fused log %llu", (unsigned long long)seed);
		fused_way(&b, name, &nfused, &nbuilds);
		evb_free(&b);
	}
	print_message("fused: fixtures %u of %u builds, random logs %u of %u\n", fx_fused,
		      fx_builds, nfused - fx_fused, nbuilds - fx_builds);
	/* the bins are guessed right for logs of whole blocks: the fused pass
	 * is what they get, not a second one */
	assert_int_equal(nfused - fx_fused, nbuilds - fx_builds);
	assert_true(2 * fx_fused > fx_builds);
}

/* The tracks built as the index reads b from a file, through buffers of
 * a few sizes (the events handed over in pieces as each buffer is read):
 * those tracks_build makes of the same bytes in memory, in each of
 * test_parts's splits. */
static void fused_file_way(const struct evb *b, const char *name, unsigned *nfused)
{
	static const size_t windows[] = { 50, 333, 4096, 256u << 10 };
	char path[] = "/tmp/hectic-test-fused-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *fp = fdopen(fd, "wb");
	assert_non_null(fp);
	assert_int_equal(fwrite(b->p, 1, b->n, fp), b->n);
	assert_int_equal(fclose(fp), 0);
	struct parts_saved sv = parts_force(1);
	size_t saved = store_read_window;
	for (size_t k = 0; k < NTEST_PARTS; k++) {
		parts_force(test_parts[k]);
		struct lg plain;
		lg_open_mem(&plain, b, name);
		for (size_t w = 0; w < sizeof windows / sizeof *windows; w++) {
			struct lg fused;
			memset(&fused, 0, sizeof fused);
			fused.name = name;
			struct tracks_fused *f = tracks_fused_new();
			assert_non_null(f);
			char err[256] = "";
			store_read_window = windows[w];
			enum store_status st =
				store_open_sink(&fused.s, path, NULL, tracks_fused_sink(f), err, sizeof err);
			store_read_window = saved;
			assert_int_equal(st, STORE_OK);
			assert_true(tracks_fused_build(f, &fused.tr, &fused.s));
			assert_int_equal(plain.s.nparts, fused.s.nparts);
			assert_int_equal(plain.tr.bytes, fused.tr.bytes);
			assert_int_equal(plain.tr.stitch_guesses, fused.tr.stitch_guesses);
			same_tracks(&plain, &fused, name);
			same_answers(&plain, &fused, 11 + (uint64_t)k);
			*nfused += fused.tr.fused;
			lg_close(&fused);
		}
		lg_close(&plain);
	}
	store_read_window = saved;
	parts_restore(sv);
	unlink(path);
}

static void test_fused_file(void **state)
{
	(void)state;
	unsigned nfused = 0;
	for (size_t i = 0; i < NFIXTURES; i++) {
		struct evb b = EVB_INIT;
		assert_true(evb_file(&b, fixtures[i]));
		fused_file_way(&b, fixtures[i], &nfused);
		evb_free(&b);
	}
	for (uint64_t seed = 1; seed <= 12; seed++) {
		struct evb b = EVB_INIT;
		char name[64];
		gen_random_log(&b, seed * 0x9E3779B97F4A7C15ull + 5, seed > 8);
		snprintf(name, sizeof name, "fused file log %llu", (unsigned long long)seed);
		fused_file_way(&b, name, &nfused);
		evb_free(&b);
	}
	/* the pass's own result was compared, not only tracks_build's again */
	assert_true(nfused > 100);
}

/* The column edges' sums read on several threads (edge_prefix, when many
 * edges are read) are those read on one, to the bit: every window of a
 * log big enough that its 192 and 500 columns are read by their edges,
 * with HECTIC_THREADS 1 against 2 and 4. */
static void test_edges_threads(void **state)
{
	(void)state;
	struct gopts o = {
		.ncaps = 3, .steps = 800000, .messy = false, .running_end = true,
		.heap_info = true, .gens = 2, .nthreads = 40, .max_block = 700,
	};
	struct evb b = EVB_INIT;
	gen_log(&b, 2718, &o);
	struct lg l;
	lg_open_mem(&l, &b, "edges log");
	const struct tracks *tr = &l.tr;
	static const unsigned widths[] = { 192, 500 };
	unsigned nwin = 0, nedges = 0;
	for (size_t w = 0; w < 2; w++) {
		unsigned ncols = widths[w];
		size_t n = tr->ncaps * ncols;
		float *r[3], *g[3], *nd[3];
		for (int k = 0; k < 3; k++) {
			XALLOC(r[k], n);
			XALLOC(g[k], n);
			XALLOC(nd[k], n);
		}
		uint64_t a = l.s.tmin, z = l.s.tmax + 1;
		for (int centre = 1; centre <= 3; centre++) {
			uint64_t mid = a + (z - a) / 4 * (uint64_t)centre;
			for (uint64_t d = z - a; d >= ncols; d /= 2) {
				uint64_t t0 = mid < d / 2 || mid - d / 2 < a ? a : mid - d / 2;
				bool ex[3];
				static const unsigned nth[3] = { 1, 2, 4 };
				for (int k = 0; k < 3; k++) {
					struct parts_saved sv = parts_force(nth[k]);
					ex[k] = true;
					bool ok = tracks_cap_fractions(tr, &l.s, t0, t0 + d, ncols, 0, false,
								       r[k], g[k], nd[k], &ex[k]);
					parts_restore(sv);
					assert_true(ok);
				}
				for (int k = 1; k < 3; k++) {
					assert_int_equal(ex[0], ex[k]);
					if (memcmp(r[0], r[k], n * sizeof *r[0]) ||
					    memcmp(g[0], g[k], n * sizeof *g[0]) ||
					    memcmp(nd[0], nd[k], n * sizeof *nd[0])) {
						print_error("window [%llu, %llu) at %u columns: the fractions on "
							    "%u threads differ from one's\n",
							    (unsigned long long)t0, (unsigned long long)(t0 + d),
							    ncols, nth[k]);
						fail();
					}
				}
				nwin++;
				nedges += !ex[0] && tr->binw > (t0 + d - t0) / ncols / 512;
			}
		}
		for (int k = 0; k < 3; k++) {
			free(r[k]);
			free(g[k]);
			free(nd[k]);
		}
	}
	print_message("edges threads: %u windows, %u read by their edges or the bins\n", nwin,
		      nedges);
	/* most windows were not read whole: the edges' way */
	assert_true(nedges > 10);
	lg_close(&l);
	evb_free(&b);
}

/* ---- (f) hostile ids ---- */

static void test_hostile_ids(void **state)
{
	(void)state;
	static const uint16_t capids[] = { 65534, 0, 63, 64, 40000 };
	struct gopts o = {
		.ncaps = 5, .steps = 3000, .messy = false, .running_end = true, .heap_info = true,
		.gens = 2, .balanced = true, .tid_base = 4000000000u - 30, .nthreads = 60,
		.capids = capids, .max_block = 500,
	};
	struct evb b = EVB_INIT;
	gen_log(&b, 4242, &o);
	struct lg l;
	lg_open_mem(&l, &b, "hostile caps");
	assert_int_equal(l.tr.ncaps, 5);
	assert_int_equal(l.tr.caps[0], 0);
	assert_int_equal(l.tr.caps[4], 65534);
	assert_true(tracks_cap_index(&l.tr, 65534) == 4);
	assert_true(l.tr.bytes < (64u << 20));
	bool hi = false;
	for (size_t i = 0; i < l.tr.nthreads; i++)
		hi |= (l.tr.threads[i].caps >> 63) & 1;
	assert_true(hi);
	check_all(&l, 9, 20);
	lg_close(&l);
	evb_free(&b);

	/* tens of thousands of threads with ids near 2^32 */
	struct evb h = EVB_INIT;
	gen_header(&h, &o);
	unsigned nth = 40000;
	struct evb body = EVB_INIT;
	body.decl = h.decl;
	uint64_t t = 100, t0 = t;
	for (unsigned k = 0; k < nth; k++) {
		uint32_t id = 4000000000u - k;
		struct evb pl = EVB_INIT;
		evb_u32(&pl, id);
		evb_event_pl(&body, EV_CREATE_THREAD, t, &pl);
		evb_event_pl(&body, EV_RUN_THREAD, t + 1, &pl);
		evb_pack(&pl, "hw", (uint64_t[]){ 5, 0 });
		evb_event_pl(&body, EV_STOP_THREAD, t + 3, &pl);
		evb_free(&pl);
		t += 4;
		if (body.n > 60000 || k + 1 == nth) {
			evb_marker(&h, t0, (uint32_t)(24 + body.n), t, (uint16_t)(k % 2 ? 65534 : 7));
			evb_bytes(&h, body.p, body.n);
			body.n = 0;
			t0 = t;
		}
	}
	free(body.p);
	evb_dataend(&h);
	lg_open_mem(&l, &h, "many threads");
	assert_int_equal(l.tr.nthreads, nth);
	assert_true(l.tr.bytes < (64u << 20));
	const struct thread_info *ti = tracks_thread(&l.tr, 4000000000u);
	assert_non_null(ti);
	assert_int_equal(ti->run_ns, 2);
	assert_int_equal(ti->created, 100);
	assert_int_equal(ti->finished, 103);
	ti = tracks_thread(&l.tr, 4000000000u - (nth - 1));
	assert_non_null(ti);
	assert_int_equal(ti->nruns, 1);
	assert_null(tracks_thread(&l.tr, 4000000001u));
	assert_null(tracks_thread(&l.tr, 4000000000u - nth));
	check_all(&l, 11, 6);
	lg_close(&l);
	/* and split over several threads */
	for (size_t k = 1; k < NTEST_PARTS; k++) {
		struct parts_saved sv = parts_force(test_parts[k]);
		lg_open_mem(&l, &h, "many threads, split");
		parts_restore(sv);
		assert_int_equal(l.tr.nthreads, nth);
		assert_true(l.tr.bytes < (64u << 20));
		lg_close(&l);
	}
	evb_free(&h);
}

static int cmp_u64_asc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Nearest-rank percentile of sorted v[n], the way `hectic gcs` printed it
 * before the model computed it. */
static uint64_t ref_pct(const uint64_t *v, size_t n, unsigned p)
{
	if (!n)
		return 0;
	size_t r = (size_t)((p * n + 99) / 100);
	return v[r ? r - 1 : 0];
}

static void check_pct(const struct lg *l, uint64_t from, uint64_t to, int gen)
{
	const struct tracks *tr = &l->tr;
	uint64_t *v = malloc((tr->ngcs + 1) * sizeof *v);
	assert_non_null(v);
	size_t n = 0;
	for (size_t i = 0; i < tr->ngcs; i++) {
		const struct gc *g = &tr->gcs[i];
		if (g->start >= from && g->start <= to &&
		    (gen < 0 || tracks_gc_gen(tr, g) == gen))
			v[n++] = g->pause;
	}
	qsort(v, n, sizeof *v, cmp_u64_asc);
	struct pause_pct pp;
	tracks_pause_pct(tr, from, to, gen, &pp);
	assert_int_equal(pp.n, n);
	assert_int_equal(pp.p50, ref_pct(v, n, 50));
	assert_int_equal(pp.p90, ref_pct(v, n, 90));
	assert_int_equal(pp.p99, ref_pct(v, n, 99));
	assert_int_equal(pp.max, n ? v[n - 1] : 0);
	free(v);
}

static void test_pause_percentiles(void **state)
{
	(void)state;
	for (size_t i = 0; i < NFIXTURES; i++) {
		struct lg l;
		lg_open_file(&l, fixtures[i]);
		uint64_t t0 = l.s.tmin, d = l.s.tmax - l.s.tmin;
		for (int gen = -1; gen <= 2; gen++) {
			check_pct(&l, 0, UINT64_MAX, gen);
			check_pct(&l, t0 + d / 4, t0 + d / 2, gen);
			check_pct(&l, t0 + d / 3, t0 + d / 3, gen);
			check_pct(&l, UINT64_MAX, 0, gen); /* empty */
		}
		lg_close(&l);
	}
}

/* The nearest mark by a scan, of equal distance the earlier. */
static long ref_nearest(const struct tracks *tr, uint64_t t, int tag)
{
	long best = -1;
	uint64_t bd = 0;
	for (size_t i = 0; i < tr->nmarks; i++) {
		if (tag >= 0 && tr->marks[i].tag != tag)
			continue;
		uint64_t mt = tr->marks[i].time, dist = mt > t ? mt - t : t - mt;
		if (best < 0 || dist < bd) {
			best = (long)i;
			bd = dist;
		}
	}
	return best;
}

static void test_mark_lookup(void **state)
{
	(void)state;
	for (size_t i = 0; i < NFIXTURES; i++) {
		struct lg l;
		lg_open_file(&l, fixtures[i]);
		const struct tracks *tr = &l.tr;
		uint64_t seed = 7;
		for (int k = 0; k < 200; k++) {
			uint64_t t = l.s.tmin + rnd(&seed) % (l.s.tmax - l.s.tmin + 2);
			if (k < (int)tr->nmarks)
				t = tr->marks[k].time + (uint64_t)(k % 3) - 1;
			size_t from = tracks_mark_from(tr, t);
			assert_true(from <= tr->nmarks);
			assert_true(from == tr->nmarks || tr->marks[from].time >= t);
			assert_true(from == 0 || tr->marks[from - 1].time < t);
			int tags[] = { -1, EV_USER_MARKER, EV_USER_MSG };
			for (size_t j = 0; j < 3; j++) {
				long want = ref_nearest(tr, t, tags[j]);
				long got = tracks_mark_nearest(tr, t, tags[j]);
				/* the same mark, or one of the same time */
				if (want < 0 || got < 0)
					assert_int_equal(got, want);
				else
					assert_int_equal(tr->marks[got].time, tr->marks[want].time);
			}
		}
		assert_int_equal(tracks_mark_from(tr, 0), 0);
		if (tr->nmarks)
			assert_int_equal(tracks_mark_from(tr, tr->marks[tr->nmarks - 1].time + 1),
					 tr->nmarks);
		else
			assert_int_equal(tracks_mark_nearest(tr, l.s.tmin, -1), -1);
		lg_close(&l);
	}
}

static void test_stop_text(void **state)
{
	(void)state;
	assert_string_equal(tracks_stop_text(EV_STOP_FINISHED), "thread finished");
	assert_string_equal(tracks_stop_text(EV_STOP_HEAP_OVERFLOW), "heap overflow");
	assert_string_equal(tracks_stop_text(EV_STOP_BLOCKED_MVAR), "blocked on an MVar");
	assert_string_equal(tracks_stop_text(4), "unknown stop status");
	assert_string_equal(tracks_stop_text(21), "unknown stop status");
	assert_string_equal(tracks_stop_text(0xFFFF), "unknown stop status");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_fixture_facts),
		cmocka_unit_test(test_interleaved_collections),
		cmocka_unit_test(test_random_logs),
		cmocka_unit_test(test_big_log),
		cmocka_unit_test(test_fractions_in_range),
		cmocka_unit_test(test_fractions_past_last_event),
		cmocka_unit_test(test_state_after_last_event),
		cmocka_unit_test(test_major_unknown_gens),
		cmocka_unit_test(test_match_bytes),
		cmocka_unit_test(test_match_nul_is_not_space),
		cmocka_unit_test(test_split_logs),
		cmocka_unit_test(test_parts_redone),
		cmocka_unit_test(test_parts_fixtures),
		cmocka_unit_test(test_state_order),
		cmocka_unit_test(test_fused),
		cmocka_unit_test(test_fused_file),
		cmocka_unit_test(test_edges_threads),
		cmocka_unit_test(test_hostile_ids),
		cmocka_unit_test(test_pause_percentiles),
		cmocka_unit_test(test_mark_lookup),
		cmocka_unit_test(test_stop_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
