/* doctor_scan: the figures doctor's findings rest on, in one pass over the
 * log's events in time order (doctor.h; doc/doctor.md defines each). */
#include "doctor.h"

#include <stdlib.h>
#include <string.h>

#include "../parser/event.h"
#include "idmap.h"
#include "store.h"

/* tags without a name of their own in event.h */
enum {
	DS_REQUEST_SEQ_GC = 11,
	DS_REQUEST_PAR_GC = 12,
	DS_GC_IDLE = 20,
	DS_GC_WORK = 21,
	DS_GC_DONE = 22,
};

#define NONE UINT64_MAX
#define MS 1000000u

enum { ST_IDLE, ST_RUN, ST_GC };

struct ds_cap {
	bool running, gc, gcidle;
	uint32_t thread;     /* the thread it runs (0: none) */
	uint8_t state;       /* ST_*: gc wins over running */
	uint64_t since;      /* when state began */
	uint64_t gc_start;   /* its open GC_START */
	uint64_t req;        /* its latest REQUEST_*_GC since its last GC_END (NONE) */
	uint64_t req_at_start; /* req when its GC began */
	uint64_t idle_since; /* its open GC_IDLE */
	int pend_gen;        /* a GC_STATS_GHC inside its open GC: its generation (-1) */
	/* its last GC_START..GC_END that no GC_STATS_GHC claimed yet (GHC
	 * 9.0 posts the stats just after the GC_END) */
	bool done;
	uint64_t done_start, done_end, done_req;
	uint64_t spark[6], spark_base[6];
	bool spark_seen, spark_based;
};

/* The idle integrals so far: explained, unexplained, stopped. */
struct ds_idle {
	uint64_t expl[DOCTOR_REASONS], unexpl, stopped, seq;
};

struct ds {
	const struct store *s;
	struct doctor_figs *f;
	struct ds_cap *caps;
	uint32_t n; /* N, the capabilities counted idle */
	uint32_t nrun, ngc; /* capabilities running, in GC */
	uint32_t nblocked[DOCTOR_REASONS];
	uint64_t tp; /* the time integrated to */
	/* the integrals so far, and at the scheduler's span's ends: the
	 * first RUN_THREAD (base) and the latest STOP_THREAD (snap) */
	struct ds_idle acc, base, snap;
	struct idmap tmap;
	size_t tcap;
	bool seq; /* in a stretch of at most one running capability */
	uint64_t seq_start, seq_pend; /* since when, its idle unexplained */
	/* an open census: its time and its bytes so far */
	bool census_open;
	uint64_t census_t, census_bytes;
	double hl_sum[DOCTOR_BINS]; /* HEAP_LIVE's slices */
	uint32_t hl_n[DOCTOR_BINS];
	uint64_t hl_first, hl_last;
	bool oom;
};

/* The part of [a, b) inside the window. */
static uint64_t ds_clip(const struct ds *x, uint64_t a, uint64_t b)
{
	uint64_t lo = x->f->lo, hi = x->f->hi + 1;
	if (a < lo)
		a = lo;
	if (b > hi)
		b = hi;
	return b > a ? b - a : 0;
}

static size_t ds_bin(const struct doctor_figs *f, uint64_t t)
{
	if (t <= f->lo)
		return 0;
	uint64_t b = (t - f->lo) / f->binw;
	return b >= DOCTOR_BINS ? DOCTOR_BINS - 1 : (size_t)b;
}

/* Adds weight x (the window's part of) [a, b) to kind k's slices. */
static void ds_spread(struct ds *x, int k, uint64_t a, uint64_t b, uint64_t weight)
{
	struct doctor_figs *f = x->f;
	if (a < f->lo)
		a = f->lo;
	if (b > f->hi + 1)
		b = f->hi + 1;
	if (!weight || b <= a)
		return;
	for (size_t i = ds_bin(f, a); i < DOCTOR_BINS && a < b; i++) {
		uint64_t edge = doctor_bin_start(f, i + 1);
		uint64_t e = i == DOCTOR_BINS - 1 || edge > b ? b : edge;
		if (e > a) {
			f->bins[k][i] += (e - a) * weight;
			a = e;
		}
	}
}

/* Adds amount to kind k's slices over [a, b), evenly. */
static void ds_spread_amount(struct ds *x, int k, uint64_t a, uint64_t b, uint64_t amount)
{
	struct doctor_figs *f = x->f;
	if (b <= a || !amount)
		return;
	double per = (double)amount / (double)(b - a);
	uint64_t lo = a < f->lo ? f->lo : a, hi = b > f->hi + 1 ? f->hi + 1 : b;
	for (size_t i = ds_bin(f, lo); i < DOCTOR_BINS && lo < hi; i++) {
		uint64_t edge = doctor_bin_start(f, i + 1);
		uint64_t e = i == DOCTOR_BINS - 1 || edge > hi ? hi : edge;
		if (e > lo) {
			f->bins[k][i] += (uint64_t)(per * (double)(e - lo));
			lo = e;
		}
	}
}

/* The counts of capabilities and blocked threads held from x->tp to t:
 * their integrals, and the stretches of one running capability. */
static void ds_advance(struct ds *x, uint64_t t)
{
	if (t <= x->tp)
		return;
	uint64_t dt = ds_clip(x, x->tp, t);
	uint32_t busy = x->nrun + x->ngc;
	/* while a capability collects, the world is stopped: the others
	 * wait for it, not for work */
	uint64_t idle = x->n <= busy ? 0 : x->n - busy;
	if (dt && x->ngc) {
		x->acc.stopped += idle * dt;
	} else if (dt) {
		static const int kind[DOCTOR_REASONS] = { [DOCTOR_R_MVAR] = DOCTOR_MVAR,
							   [DOCTOR_R_BLACKHOLE] = DOCTOR_BLACKHOLE,
							   [DOCTOR_R_STM] = DOCTOR_STM };
		uint64_t left = idle;
		for (int r = 0; r < DOCTOR_REASONS; r++) {
			uint64_t xr = x->nblocked[r] < left ? x->nblocked[r] : left;
			left -= xr;
			x->acc.expl[r] += xr * dt;
			ds_spread(x, kind[r], x->tp, t, xr);
		}
		x->acc.unexpl += left * dt;
		/* sequential: at most one capability runs a thread (counted
		 * when the stretch proves long enough: ds_stretch) */
		if (x->seq)
			x->seq_pend += left * dt;
	}
	x->tp = t;
}

/* A stretch [a, b) into the list of the longest (clipped to the window
 * and to the scheduler's span, b already so when it ends the run). */
static void ds_stretch_keep(struct ds *x, uint64_t a, uint64_t b)
{
	struct doctor_figs *f = x->f;
	if (a < f->lo)
		a = f->lo;
	if (b > f->hi)
		b = f->hi;
	if (f->span_lo != NONE && a < f->span_lo)
		a = f->span_lo;
	if (b <= a)
		return;
	unsigned k = f->nstretches;
	while (k > 0 && f->stretch[k - 1].end - f->stretch[k - 1].start < b - a) {
		if (k < DOCTOR_STRETCHES)
			f->stretch[k] = f->stretch[k - 1];
		k--;
	}
	if (k < DOCTOR_STRETCHES) {
		f->stretch[k].start = a;
		f->stretch[k].end = b;
		if (f->nstretches < DOCTOR_STRETCHES)
			f->nstretches++;
	}
}

/* The stretch of at most one running capability, as nrun changes at t
 * (end: every stretch ends at t). One of 1 ms or more is sequential
 * work: its unexplained idle time counts (acc.seq); a shorter one is the
 * capabilities starting again at different moments. */
static void ds_stretch(struct ds *x, uint64_t t, bool end)
{
	bool seq = !end && x->n >= 2 && x->nrun <= 1;
	if (seq && !x->seq) {
		x->seq_start = t;
		x->seq_pend = 0;
	} else if (!seq && x->seq && t - x->seq_start >= MS) {
		x->acc.seq += x->seq_pend;
		ds_spread_amount(x, DOCTOR_PARALLELISM, x->seq_start, t, x->seq_pend);
		ds_stretch_keep(x, x->seq_start, end && t > x->f->span_hi ? x->f->span_hi : t);
	}
	x->seq = seq;
}

/* Capability c's state from its flags, at t. */
static void ds_restate(struct ds *x, uint32_t c, uint64_t t)
{
	struct ds_cap *k = &x->caps[c];
	uint8_t st = k->gc ? ST_GC : k->running ? ST_RUN : ST_IDLE;
	if (st == k->state)
		return;
	uint64_t d = ds_clip(x, k->since, t);
	uint64_t *tot = k->state == ST_GC ? x->f->cap_gc : k->state == ST_RUN ? x->f->cap_run
									 : x->f->cap_idle;
	tot[c] += d;
	if (k->state == ST_RUN)
		x->nrun--;
	else if (k->state == ST_GC)
		x->ngc--;
	if (st == ST_RUN)
		x->nrun++;
	else if (st == ST_GC)
		x->ngc++;
	k->state = st;
	k->since = t;
	ds_stretch(x, t, false);
}

/* Room for capability c (events on a capability past N: N grows). */
static bool ds_cap_room(struct ds *x, uint32_t c)
{
	if (c < x->n)
		return true;
	uint32_t n = c + 1;
	struct doctor_figs *f = x->f;
	uint64_t **arr[] = { &f->cap_run, &f->cap_gc, &f->cap_idle, &f->gc_idle };
	for (size_t i = 0; i < sizeof arr / sizeof *arr; i++) {
		uint64_t *p = realloc(*arr[i], n * sizeof *p);
		if (!p)
			return false;
		memset(p + x->n, 0, (n - x->n) * sizeof *p);
		*arr[i] = p;
	}
	struct ds_cap *k = realloc(x->caps, n * sizeof *k);
	if (!k)
		return false;
	for (uint32_t i = x->n; i < n; i++) {
		/* idle from the window's start: what came before is its state */
		k[i] = (struct ds_cap){ .since = f->lo, .req = NONE, .req_at_start = NONE,
					.pend_gen = -1, .state = ST_IDLE };
	}
	x->caps = k;
	x->n = n;
	f->ncaps = n;
	ds_stretch(x, x->tp, false);
	return true;
}

/* A collection of generation gen, its pause [start, t), requested at req
 * (NONE: not known). */
static void ds_collection(struct ds *x, int gen, uint64_t start, uint64_t t, uint64_t req)
{
	struct doctor_figs *f = x->f;
	if (start < f->lo || start > f->hi)
		return;
	unsigned g = gen < DOCTOR_GENS ? (unsigned)gen : DOCTOR_GENS - 1;
	uint64_t pause = t - start;
	uint64_t sync = req != NONE && req <= start ? start - req : 0;
	f->gen_count[g]++;
	f->gen_pause[g] += pause;
	f->gen_sync[g] += sync;
	if (pause > f->gen_max[g])
		f->gen_max[g] = pause;
	if (g + 1 > f->ngens)
		f->ngens = g + 1;
	/* every capability is stopped from the request to the end */
	ds_spread(x, g == 0 ? DOCTOR_NURSERY : DOCTOR_MAJOR_PAUSES, start - sync, t, x->n);
}

static void ds_gc_idle_end(struct ds *x, uint32_t c, uint64_t t)
{
	struct ds_cap *k = &x->caps[c];
	if (!k->gcidle)
		return;
	k->gcidle = false;
	x->f->gc_idle[c] += ds_clip(x, k->idle_since, t);
	ds_spread(x, DOCTOR_GC_BALANCE, k->idle_since, t, 1);
}

static void ds_cap_event(struct ds *x, const struct ev *e, uint32_t c)
{
	struct ds_cap *k = &x->caps[c];
	uint64_t t = e->time;
	switch (e->tag) {
	case EV_RUN_THREAD:
		k->running = true;
		k->thread = e->nf ? (uint32_t)e->f[0].u : 0;
		break;
	case EV_STOP_THREAD:
		k->running = false;
		k->thread = 0;
		break;
	case EV_GC_START:
		if (!k->gc) {
			k->gc = true;
			k->gc_start = t;
			k->req_at_start = k->req;
			k->done = false;
		}
		break;
	case EV_GC_END:
		ds_gc_idle_end(x, c, t);
		if (k->gc && k->pend_gen >= 0) {
			ds_collection(x, k->pend_gen, k->gc_start, t, k->req_at_start);
			k->pend_gen = -1;
		} else if (k->gc) {
			k->done = true;
			k->done_start = k->gc_start;
			k->done_end = t;
			k->done_req = k->req_at_start;
		}
		k->gc = false;
		k->req = NONE;
		break;
	case DS_REQUEST_SEQ_GC:
	case DS_REQUEST_PAR_GC:
		k->req = t;
		break;
	case DS_GC_IDLE:
		if (!k->gcidle) {
			k->gcidle = true;
			k->idle_since = t;
		}
		return;
	case DS_GC_WORK:
	case DS_GC_DONE:
		ds_gc_idle_end(x, c, t);
		return;
	case EV_GC_STATS_GHC:
		if (e->nf > 1) {
			int gen = e->f[1].u > 1000 ? 1000 : (int)e->f[1].u;
			if (k->gc) {
				k->pend_gen = gen;
			} else if (k->done) { /* the pause just ended (GHC 9.0) */
				k->done = false;
				ds_collection(x, gen, k->done_start, k->done_end, k->done_req);
			} else { /* no pause of its own: a collection of no time */
				ds_collection(x, gen, t, t, NONE);
			}
		}
		return;
	default:
		return;
	}
	ds_restate(x, c, t);
}

/* The thread record of id, made when make (NULL: none, or out of memory
 * when make: x->oom). */
static struct doctor_thread *ds_thread(struct ds *x, uint32_t id, bool make)
{
	long i = idmap_get(&x->tmap, id);
	if (i >= 0)
		return &x->f->threads[i];
	if (!make)
		return NULL;
	struct doctor_figs *f = x->f;
	if (f->nthreads == x->tcap) {
		size_t n = x->tcap ? 2 * x->tcap : 64;
		struct doctor_thread *p = realloc(f->threads, n * sizeof *p);
		if (!p) {
			x->oom = true;
			return NULL;
		}
		f->threads = p;
		x->tcap = n;
	}
	if (!idmap_put(&x->tmap, id, f->nthreads)) {
		x->oom = true;
		return NULL;
	}
	struct doctor_thread *th = &f->threads[f->nthreads++];
	*th = (struct doctor_thread){ .id = id, .now = DOCTOR_REASONS };
	return th;
}

static int ds_reason(uint64_t status)
{
	switch (status) {
	case EV_STOP_BLOCKED_MVAR:
	case EV_STOP_BLOCKED_MVAR_READ:
		return DOCTOR_R_MVAR;
	case EV_STOP_BLOCKED_BLACK_HOLE:
		return DOCTOR_R_BLACKHOLE;
	case EV_STOP_BLOCKED_STM:
		return DOCTOR_R_STM;
	default:
		return -1;
	}
}

static void ds_unblock(struct ds *x, struct doctor_thread *th, uint64_t t)
{
	if (!th || th->now >= DOCTOR_REASONS)
		return;
	uint64_t d = ds_clip(x, th->since, t);
	th->ns[th->now] += d;
	x->f->blocked[th->now] += d;
	if (th->counted) {
		th->counted_ns[th->now] += d;
		x->nblocked[th->now]--;
	}
	th->now = DOCTOR_REASONS;
}

/* A THREAD_WAKEUP of id on the waker's capability c: the woken thread's
 * wait on an MVar, kept by the waker until its next stop tells what the
 * wait was (ds_waker_stops). */
static void ds_wakeup(struct ds *x, uint32_t id, int32_t cap, uint64_t t)
{
	struct doctor_thread *th = ds_thread(x, id, false);
	bool mvar = th && th->now == DOCTOR_R_MVAR;
	ds_unblock(x, th, t);
	if (!mvar || cap < 0 || (uint32_t)cap >= x->n)
		return;
	uint32_t w = x->caps[cap].thread;
	struct doctor_thread *wk = w && w != id ? ds_thread(x, w, true) : NULL;
	if (wk && !wk->manager && wk->nwoke < DOCTOR_WOKE)
		wk->woke[wk->nwoke++] = id;
}

/* Thread th stops with this status: the threads it woke from an MVar
 * waited on one another (contention) unless it ends now (it put a result
 * and finished: they waited for it, a join). */
static void ds_waker_stops(struct ds *x, struct doctor_thread *th, uint64_t status)
{
	if (!th || !th->nwoke)
		return;
	if (status != EV_STOP_FINISHED)
		for (unsigned i = 0; i < th->nwoke; i++) {
			struct doctor_thread *o = ds_thread(x, th->woke[i], false);
			if (o)
				o->contended = true;
		}
	th->nwoke = 0;
}

static void ds_thread_event(struct ds *x, const struct ev *e, int32_t cap)
{
	if (!e->nf)
		return;
	uint32_t id = (uint32_t)e->f[0].u;
	if (e->tag == EV_THREAD_WAKEUP) {
		ds_wakeup(x, id, cap, e->time);
		return;
	}
	if (e->tag == EV_RUN_THREAD) {
		ds_unblock(x, ds_thread(x, id, false), e->time);
		return;
	}
	int r = e->nf > 1 ? ds_reason(e->f[1].u) : -1;
	struct doctor_thread *th = ds_thread(x, id, r >= 0);
	ds_waker_stops(x, th, e->nf > 1 ? e->f[1].u : 0);
	ds_unblock(x, th, e->time);
	if (r < 0 || !th)
		return;
	th->now = (uint8_t)r;
	th->since = e->time;
	/* an MVar wait explains idle capabilities once the thread has waited
	 * on another thread's MVar before (not on a result, not for the
	 * timer or I/O managers) */
	th->counted = r != DOCTOR_R_MVAR || th->contended;
	if (th->counted)
		x->nblocked[r]++;
	if (e->time >= x->f->lo && e->time <= x->f->hi)
		th->blocks[r]++;
}

/* A THREAD_LABEL: the RTS's own manager threads wake others for the
 * world (a threadDelay's timer, I/O), not as another thread's lock. */
static void ds_label(struct ds *x, const struct ev *e)
{
	if (e->nf < 2)
		return;
	const uint8_t *l = e->f[1].s;
	size_t n = (size_t)e->f[1].u;
	bool manager = (n == 12 && !memcmp(l, "TimerManager", 12)) ||
		       (n >= 9 && !memcmp(l, "IOManager", 9));
	struct doctor_thread *th = ds_thread(x, (uint32_t)e->f[0].u, manager);
	if (th)
		th->manager = manager;
}

/* A live-data sample: a census's total, or HEAP_LIVE. */
static void ds_live(struct ds *x, bool census, uint64_t t, uint64_t bytes)
{
	struct doctor_figs *f = x->f;
	if (t < f->lo || t > f->hi)
		return;
	size_t b = ds_bin(f, t);
	double *sum = census ? f->live_sum : x->hl_sum;
	uint32_t *n = census ? f->live_n : x->hl_n;
	uint64_t *first = census ? &f->live_first : &x->hl_first;
	uint64_t *last = census ? &f->live_last : &x->hl_last;
	if (*first == NONE)
		*first = t;
	*last = t;
	sum[b] += (double)bytes;
	n[b]++;
	if (census)
		f->census = true;
}

static void ds_census_close(struct ds *x)
{
	if (x->census_open)
		ds_live(x, true, x->census_t, x->census_bytes);
	x->census_open = false;
}

static void ds_sparks(struct ds *x, const struct ev *e, uint32_t c)
{
	struct ds_cap *k = &x->caps[c];
	if (e->nf < 6)
		return;
	if (e->time > x->f->hi)
		return;
	if (e->time >= x->f->lo && !k->spark_based) {
		memcpy(k->spark_base, k->spark, sizeof k->spark);
		k->spark_based = true;
	}
	for (int i = 0; i < 6; i++)
		k->spark[i] = e->f[i].u;
	k->spark_seen = true;
}

static void ds_event(struct ds *x, const struct ev *e, int32_t cap)
{
	switch (e->tag) {
	case EV_THREAD_WAKEUP:
		ds_thread_event(x, e, cap);
		return;
	case EV_THREAD_LABEL:
		ds_label(x, e);
		return;
	case EV_RUN_THREAD:
		if (x->f->span_lo == NONE) {
			x->f->span_lo = e->time;
			x->base = x->acc;
			x->seq_pend = 0; /* (an open stretch counts from here) */
		}
		ds_thread_event(x, e, cap);
		break;
	case EV_STOP_THREAD:
		x->f->span_hi = e->time;
		x->snap = x->acc;
		if (x->seq && e->time - x->seq_start >= MS)
			x->snap.seq += x->seq_pend;
		ds_thread_event(x, e, cap);
		break;
	case EV_HEAP_INFO_GHC:
		if (e->nf > 3 && !x->f->alloc_area)
			x->f->alloc_area = e->f[3].u;
		if (e->nf > 1 && e->f[1].u > x->f->ngens)
			x->f->ngens = e->f[1].u < DOCTOR_GENS ? (unsigned)e->f[1].u : DOCTOR_GENS;
		return;
	case EV_HEAP_LIVE:
		if (e->nf > 1)
			ds_live(x, false, e->time, e->f[1].u);
		return;
	case EV_HEAP_PROF_SAMPLE_BEGIN:
		if (e->time >= x->f->lo && e->time <= x->f->hi)
			x->f->censuses++;
		ds_census_close(x);
		x->census_open = true;
		x->census_t = e->time;
		x->census_bytes = 0;
		return;
	case EV_HEAP_PROF_SAMPLE_STRING:
	case EV_HEAP_PROF_SAMPLE_COST_CENTRE:
		if (x->census_open && e->nf > 1)
			x->census_bytes += e->f[1].u;
		return;
	case EV_HEAP_PROF_SAMPLE_END:
		ds_census_close(x);
		return;
	default:
		break;
	}
	if (cap == EV_NO_CAP || cap < 0 || cap > 0xffff || !ds_cap_room(x, (uint32_t)cap)) {
		if (cap >= 0 && cap <= 0xffff)
			x->oom = true;
		return;
	}
	if (e->tag == EV_SPARK_COUNTERS)
		ds_sparks(x, e, (uint32_t)cap);
	else
		ds_cap_event(x, e, (uint32_t)cap);
}

/* The idle integrals inside the scheduler's span, and the rest. */
static void ds_span(struct ds *x)
{
	struct doctor_figs *f = x->f;
	uint64_t all = x->acc.unexpl + x->acc.stopped, in = 0;
	for (int r = 0; r < DOCTOR_REASONS; r++)
		all += x->acc.expl[r];
	if (f->span_lo != NONE) {
		for (int r = 0; r < DOCTOR_REASONS; r++)
			in += f->idle_explained[r] = x->snap.expl[r] - x->base.expl[r];
		in += f->idle_unexplained = x->snap.unexpl - x->base.unexpl;
		in += f->idle_stopped = x->snap.stopped - x->base.stopped;
		f->idle_sequential = x->snap.seq - x->base.seq;
	}
	f->idle_outside = all - in;
	/* the idle kinds' slices wholly outside it hold none of their cost */
	static const int kinds[] = { DOCTOR_MVAR, DOCTOR_BLACKHOLE, DOCTOR_STM, DOCTOR_PARALLELISM };
	for (size_t i = 0; i < DOCTOR_BINS; i++) {
		uint64_t a = doctor_bin_start(f, i);
		uint64_t b = i == DOCTOR_BINS - 1 ? f->hi + 1 : doctor_bin_start(f, i + 1);
		if (f->span_lo == NONE || b <= f->span_lo || a >= f->span_hi)
			for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
				f->bins[kinds[k]][i] = 0;
	}
}

/* Everything still open at E. */
static void ds_finish(struct ds *x)
{
	struct doctor_figs *f = x->f;
	uint64_t end = f->end;
	ds_advance(x, end);
	ds_census_close(x);
	for (uint32_t c = 0; c < x->n; c++) {
		struct ds_cap *k = &x->caps[c];
		ds_gc_idle_end(x, c, end);
		if (k->gc && k->pend_gen >= 0)
			ds_collection(x, k->pend_gen, k->gc_start, end, k->req_at_start);
		k->gc = k->running = false;
		ds_restate(x, c, end);
		/* the idle state up to E */
		f->cap_idle[c] += ds_clip(x, k->since, end);
		k->since = end;
		if (k->spark_seen) {
			f->have_sparks = true;
			for (int i = 0; i < 6; i++)
				f->sparks[i] += k->spark[i] -
						(k->spark_based ? k->spark_base[i] : 0);
		}
	}
	for (size_t i = 0; i < f->nthreads; i++)
		ds_unblock(x, &f->threads[i], end);
	ds_stretch(x, end, true);
	ds_span(x);
	if (!f->census) {
		memcpy(f->live_sum, x->hl_sum, sizeof f->live_sum);
		memcpy(f->live_n, x->hl_n, sizeof f->live_n);
		f->live_first = x->hl_first;
		f->live_last = x->hl_last;
	}
}

static int ds_thread_cmp(const void *a, const void *b)
{
	uint32_t x = ((const struct doctor_thread *)a)->id, y = ((const struct doctor_thread *)b)->id;
	return x < y ? -1 : x > y;
}

static const uint16_t ds_tags[] = {
	EV_RUN_THREAD,	   EV_STOP_THREAD,	EV_THREAD_WAKEUP,	   EV_GC_START,
	EV_GC_END,	   DS_REQUEST_SEQ_GC,	DS_REQUEST_PAR_GC,	   DS_GC_IDLE,
	DS_GC_WORK,	   DS_GC_DONE,		EV_GC_STATS_GHC,	   EV_SPARK_COUNTERS,
	EV_HEAP_INFO_GHC,  EV_HEAP_LIVE,	EV_HEAP_PROF_SAMPLE_BEGIN, EV_HEAP_PROF_SAMPLE_STRING,
	EV_HEAP_PROF_SAMPLE_COST_CENTRE, EV_HEAP_PROF_SAMPLE_END, EV_THREAD_LABEL,
};

bool doctor_scan(const struct store *s, uint32_t ncaps, uint64_t lo, uint64_t hi,
		 const volatile sig_atomic_t *stop, struct doctor_figs *out)
{
	memset(out, 0, sizeof *out);
	out->end = s->nevents ? s->tmax : 0;
	out->lo = lo;
	out->hi = hi > out->end ? out->end : hi;
	if (out->lo > out->hi)
		out->lo = out->hi;
	/* (the last slice ends at hi + 1 or a little past it) */
	out->binw = (out->hi - out->lo + DOCTOR_BINS) / DOCTOR_BINS;
	out->live_first = NONE;
	out->span_lo = NONE;
	struct ds *x = calloc(1, sizeof *x);
	if (!x) {
		out->failed = true;
		return false;
	}
	x->s = s;
	x->f = out;
	x->hl_first = NONE;
	x->tp = 0;
	if (ncaps && !ds_cap_room(x, ncaps - 1))
		x->oom = true;
	struct merge *m = merge_new_tags(s, 0, 0, ds_tags, sizeof ds_tags / sizeof *ds_tags);
	if (!m)
		x->oom = true;
	const volatile sig_atomic_t *fault = store_fault_flag(s);
	const struct ev *e;
	int32_t cap;
	while (m && !x->oom && (e = merge_next(m, &cap)) != NULL) {
		if ((stop && *stop) || *fault) {
			out->failed = true;
			break;
		}
		if ((e->bad & BAD_LEN) || e->layout == SEL_UNKNOWN_LAYOUT)
			continue;
		ds_advance(x, e->time);
		ds_event(x, e, cap);
	}
	if (m && merge_failed(m))
		x->oom = true;
	merge_free(m);
	if (!x->oom)
		ds_finish(x);
	if (out->nthreads)
		qsort(out->threads, out->nthreads, sizeof *out->threads, ds_thread_cmp);
	bool ok = !x->oom;
	out->failed |= x->oom;
	free(x->caps);
	idmap_free(&x->tmap);
	free(x);
	return ok && !out->failed;
}

void doctor_figs_free(struct doctor_figs *f)
{
	free(f->cap_run);
	free(f->cap_gc);
	free(f->cap_idle);
	free(f->gc_idle);
	free(f->threads);
	memset(f, 0, sizeof *f);
}
