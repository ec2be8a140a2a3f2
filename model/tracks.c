/* Derived tracks: built in one pass at open, queried by the UI and reports. */
#include "tracks.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "../parser/be.h"
#include "vec.h"

#define MAX_BINNED_CAPS 256  /* capabilities that get bins */

uint64_t tracks_progress;
/* Memory: the lists may take 5% of the file (at least MIN_BUDGET), the bins
 * 2.5% (at least MIN_BIN_BUDGET); what they allocate is charged, growth of
 * the arrays included, and so is what the collections built from the GC
 * events take at the join (GC_WEIGHT times their records). */
#define MIN_BUDGET (8u << 20)
#define MIN_BIN_BUDGET (2u << 20)
#define GC_WEIGHT 4

/* ---- a small open-addressing map from a 32-bit key to an index ---- */

struct idmap {
	uint32_t *keys;
	uint32_t *vals; /* index + 1; 0 = empty */
	size_t cap;     /* a power of two */
	size_t n;
};

/* A keyed hash: multiply-shift with a random odd multiplier and key, drawn
 * once per process, so that no file can choose ids that collide (a fixed
 * hash let 262,143 chosen thread ids make indexing quadratic). */
static uint64_t hash_key, hash_mul = 0x9E3779B97F4A7C15ull;
static pthread_once_t hash_once = PTHREAD_ONCE_INIT;

static void hash_init(void)
{
	uint64_t r[2] = { 0, 0 };
	if (getrandom(r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		r[0] = (uint64_t)ts.tv_nsec * 0xD6E8FEB86659FD93ull ^ (uint64_t)getpid() << 32 ^
		       (uint64_t)(uintptr_t)&ts;
		r[1] = r[0] * 0x9E3779B97F4A7C15ull + (uint64_t)ts.tv_sec;
	}
	hash_key = r[0];
	hash_mul = r[1] | 1;
}

static inline size_t idhash(uint32_t k, size_t cap)
{
	/* cap is a power of two >= 64: the top log2(cap) bits of the product */
	unsigned bits = (unsigned)__builtin_ctzll((unsigned long long)cap);
	return (size_t)((((uint64_t)k ^ hash_key) * hash_mul) >> (64 - bits));
}

static bool idmap_grow(struct idmap *m)
{
	size_t cap = m->cap ? m->cap * 2 : 64;
	uint32_t *keys = calloc(cap, sizeof *keys), *vals = calloc(cap, sizeof *vals);
	if (!keys || !vals) {
		free(keys);
		free(vals);
		return false;
	}
	for (size_t i = 0; i < m->cap; i++) {
		if (!m->vals[i])
			continue;
		size_t j = idhash(m->keys[i], cap);
		while (vals[j])
			j = (j + 1) & (cap - 1);
		keys[j] = m->keys[i];
		vals[j] = m->vals[i];
	}
	free(m->keys);
	free(m->vals);
	m->keys = keys;
	m->vals = vals;
	m->cap = cap;
	return true;
}

/* The index stored for k, or -1. */
static inline long idmap_get(const struct idmap *m, uint32_t k)
{
	if (!m->cap)
		return -1;
	for (size_t j = idhash(k, m->cap);; j = (j + 1) & (m->cap - 1)) {
		if (!m->vals[j])
			return -1;
		if (m->keys[j] == k)
			return (long)m->vals[j] - 1;
	}
}

static bool idmap_put(struct idmap *m, uint32_t k, size_t idx)
{
	if ((m->n + 1) * 2 > m->cap && !idmap_grow(m))
		return false;
	size_t j = idhash(k, m->cap);
	while (m->vals[j])
		j = (j + 1) & (m->cap - 1);
	m->keys[j] = k;
	m->vals[j] = (uint32_t)idx + 1;
	m->n++;
	return true;
}

static void idmap_free(struct idmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}

/* ---- the builder: one per thread of the pass ---- */

/* A GC_START, GC_END or GC_GLOBAL_SYNC of one capability, kept with its
 * file offset: collections are formed per capability in file order once
 * both halves of the pass are in. */
enum { GE_START, GE_END, GE_SYNC };
struct gcev {
	uint64_t time, off;
	int32_t cap;
	uint32_t kind;
};

/* A nonmoving-collector event of no capability (CONC_SYNC_*, CONC_MARK_*). */
struct concev {
	uint64_t time, off;
	uint16_t tag;
};

/* One capability's GC_START..GC_END, paired at the join. */
struct gcival {
	uint64_t start, end, off, sync;
	int32_t cap;
	bool has_sync;
	long coll; /* its collection, or -1 */
};

/* What the pass knows of one capability. */
struct capb {
	int32_t cap;
	uint64_t *run, *gcd; /* per bin (prefix sums only after the pass) */
	uint32_t *st_thread;
	uint8_t *st_gc;
	bool seen;
	uint32_t running; /* thread id, 0 for none */
	bool in_gc;
	uint64_t since;   /* when the current state began */
	uint64_t run_since;
	long run_slot;    /* the running thread's index in the builder's table, or -1 */
	bool gc_open;
	uint64_t gc_start;
	/* In the second half of a two-thread pass, a capability's state at the
	 * cut is not known until it has seen both a RUN/STOP and a GC_START/END.
	 * Until then its state events are only logged here, to be replayed from
	 * the first half's final state when the halves are joined. */
	bool prefix, known_run, known_gc;
	struct pending *pend;
	size_t npend, pendcap;
	bool continued; /* first half: the second half takes this capability over */
	uint64_t tfirst, tlast; /* its earliest and latest state event */
	bool any;
	uint64_t acct_until; /* a replay's bins stop here (0: no limit), where the
			      * second half's own accounting took over */
	bool ev_any;    /* its first and last event of any kind */
	uint64_t ev_first, ev_last;
	bool gave_up;   /* left prefix mode on a full log, assuming: */
	bool assumed_gc;
	uint32_t assumed_running;
};

struct pending {
	uint64_t time;
	uint32_t thread;
	uint16_t tag, status;
};

#define MAX_PENDING 4096 /* past this, the unknown part of the state is taken as idle */

struct tb {
	const struct store *s;
	struct tracks *tr; /* for the bin geometry; read-only during the pass */
	struct capb *caps;
	size_t ncaps, capcap;
	struct idmap capmap;
	size_t nbinned;
	int32_t last_cap; /* the last capability looked up, and its index */
	long last_idx;
	bool second_half; /* capabilities start in prefix mode */
	struct gcev *gev;
	size_t ngev, gevcap;
	struct concev *conc;
	size_t nconc, conccap;
	uint64_t mem_return_max; /* largest MEM_RETURN "current", in mblocks */
	uint64_t mblock_size;    /* from HEAP_INFO_GHC */
	int rts_threaded, rts_profiled; /* from RTS_IDENTIFIER: -1 unknown */
	bool prof_events;        /* cost-centre events: a profiled RTS */
	struct gcstat *stats;
	size_t nstats, stcap;
	struct sample *hs, *hl, *bsz;
	size_t nhs, nhl, nbsz, hscap, hlcap, bszcap;
	struct capsample *alloc, *sparks;
	size_t nalloc, nsparks, alcap, spcap;
	struct mark *marks;
	size_t nmarks, mkcap;
	struct thread_info *th;
	size_t nth, thcap;
	struct idmap thmap;
	uint64_t budget, bytes;
	bool over, oom;
	uint16_t gens, startup;
};

/* Room for one more element of size sz within the budget? */
static bool room(struct tb *b, size_t sz)
{
	if (b->bytes + sz > b->budget) {
		b->over = true;
		return false;
	}
	b->bytes += sz;
	return true;
}

/* Appends item when the budget allows; a full array that must grow is
 * charged for its new capacity (times weight). */
#define PUSH_W(b, arr, n, cap, item, weight)                                           \
	do {                                                                           \
		if ((n) < (cap) || room((b), (weight) * ((cap) ? (cap) : 16) * sizeof *(arr))) { \
			if (!vec_push(arr, n, cap, item))                              \
				(b)->oom = true;                                       \
		}                                                                      \
	} while (0)
#define PUSH(b, arr, n, cap, item) PUSH_W(b, arr, n, cap, item, 1)

static struct capb *cap_get(struct tb *b, int32_t cap)
{
	if (b->last_idx >= 0 && b->last_cap == cap)
		return &b->caps[b->last_idx];
	long i = idmap_get(&b->capmap, (uint32_t)cap);
	if (i >= 0) {
		b->last_cap = cap;
		b->last_idx = i;
		return &b->caps[i];
	}
	if (!room(b, sizeof(struct capb)))
		return NULL;
	struct capb c = { .cap = cap, .run_slot = -1, .prefix = b->second_half };
	const struct tracks *tr = b->tr;
	/* bins while they fit the bin budget (a half of a two-thread pass may
	 * bin the same capability as the other: at most twice that) */
	if (b->nbinned < MAX_BINNED_CAPS && tr->nbins &&
	    (uint64_t)(b->nbinned + 1) * (tr->nbins + 1) * 21 <= tr->bin_budget) {
		size_t nb = tr->nbins + 1;
		c.run = calloc(nb, sizeof *c.run);
		c.gcd = calloc(nb, sizeof *c.gcd);
		c.st_thread = calloc(nb, sizeof *c.st_thread);
		c.st_gc = calloc(nb, sizeof *c.st_gc);
		if (!c.run || !c.gcd || !c.st_thread || !c.st_gc) {
			free(c.run);
			free(c.gcd);
			free(c.st_thread);
			free(c.st_gc);
			c.run = c.gcd = NULL;
			c.st_thread = NULL;
			c.st_gc = NULL;
			b->over = true;
		} else {
			memset(c.st_gc, 0xFF, nb); /* unset: another half may own the bin */
			b->nbinned++;
		}
	}
	if (!vec_push(b->caps, b->ncaps, b->capcap, c) ||
	    !idmap_put(&b->capmap, (uint32_t)cap, b->ncaps - 1)) {
		b->oom = true;
		return NULL;
	}
	return &b->caps[b->ncaps - 1];
}

static struct thread_info *thread_get(struct tb *b, uint32_t id)
{
	long i = idmap_get(&b->thmap, id);
	if (i >= 0)
		return &b->th[i];
	/* the table and its id map are charged as they grow */
	if (b->nth == b->thcap && !room(b, (b->thcap ? b->thcap : 16) * sizeof *b->th))
		return NULL;
	if ((b->thmap.n + 1) * 2 > b->thmap.cap &&
	    !room(b, (b->thmap.cap ? b->thmap.cap * 2 : 64) * 2 * sizeof(uint32_t)))
		return NULL;
	struct thread_info t = {
		.id = id, .created = UINT64_MAX, .first_run = UINT64_MAX,
		.finished = UINT64_MAX, .first_cap = EV_NO_CAP, .last_cap = EV_NO_CAP,
	};
	if (!vec_push(b->th, b->nth, b->thcap, t) || !idmap_put(&b->thmap, id, b->nth - 1)) {
		b->oom = true;
		return NULL;
	}
	return &b->th[b->nth - 1];
}

/* Adds [a, e) in c's current state to its bins, and records the state at
 * every bin start in (a, e]. */
static void account(const struct tracks *tr, struct capb *c, uint64_t a, uint64_t e)
{
	if (c->acct_until && e > c->acct_until)
		e = c->acct_until;
	if (!c->run || e <= a)
		return;
	uint64_t o = tr->origin, w = tr->binw;
	unsigned sh = (unsigned)__builtin_ctzll(w); /* w is a power of two */
	/* nbins << sh, saturated (a log can span 2^64 ns) */
	uint64_t width = sh && (uint64_t)tr->nbins >> (64 - sh) ? UINT64_MAX : (uint64_t)tr->nbins << sh;
	uint64_t lim = width > UINT64_MAX - o ? UINT64_MAX : o + width;
	if (e <= o || a >= lim)
		return;
	if (a < o)
		a = o;
	if (e > lim)
		e = lim;
	uint64_t *acc = c->in_gc ? c->gcd : c->running ? c->run : NULL;
	size_t i0 = (size_t)((a - o) >> sh), i1 = (size_t)((e - 1 - o) >> sh);
	for (size_t i = i0; i <= i1; i++) {
		uint64_t lo = o + i * w, hi = lo > UINT64_MAX - w ? UINT64_MAX : lo + w;
		if (acc)
			*&acc[i] += (e < hi ? e : hi) - (a > lo ? a : lo);
		if (lo > a) { /* a bin starting inside the interval */
			c->st_thread[i] = c->running;
			c->st_gc[i] = c->in_gc;
		}
	}
	/* a bin starting exactly at e: the state just before e is this one */
	if (((e - o) & (w - 1)) == 0 && ((e - o) >> sh) < tr->nbins) {
		size_t i = (size_t)((e - o) >> sh);
		c->st_thread[i] = c->running;
		c->st_gc[i] = c->in_gc;
	}
}

/* Records c's state (no time) at every bin starting after t: the state
 * past a capability's last event is the one it left. */
static void state_after(const struct tracks *tr, struct capb *c, uint64_t t)
{
	if (!c->st_thread || t < tr->origin)
		return;
	uint64_t i = (t - tr->origin) / tr->binw + 1;
	for (; i < tr->nbins; i++) {
		c->st_thread[i] = c->running;
		c->st_gc[i] = c->in_gc;
	}
}

static void set_state(const struct tracks *tr, struct capb *c, uint64_t t, uint32_t running,
		      bool in_gc)
{
	if (!c->seen) {
		c->seen = true;
		c->since = t;
	}
	if (t < c->since)
		t = c->since; /* the RTS posts a few events out of order */
	account(tr, c, c->since, t);
	c->running = running;
	c->in_gc = in_gc;
	c->since = t;
}

/* A thread seen on cap at t: the latest wins, and of equal times the
 * lowest capability (so the answer does not depend on the order events are
 * read in, when a hostile log runs one thread on two capabilities). */
static void seen_at(struct thread_info *ti, uint64_t t, int32_t cap)
{
	if (ti->last_cap == EV_NO_CAP || t > ti->last_seen ||
	    (t == ti->last_seen && cap < ti->last_cap)) {
		ti->last_seen = t;
		ti->last_cap = cap;
	}
}

static void stop_running(struct tb *b, struct capb *c, uint64_t t)
{
	if (!c->running)
		return;
	struct thread_info *ti = c->run_slot >= 0 ? &b->th[c->run_slot] : thread_get(b, c->running);
	if (ti && t >= c->run_since)
		ti->run_ns += t - c->run_since;
	if (ti)
		seen_at(ti, t, c->cap);
}

/* Tags the pass looks at; everything else is only stepped over. */
static bool tracked[256];
static pthread_once_t tracked_once = PTHREAD_ONCE_INIT;

static void tracked_init(void)
{
	static const uint16_t tags[] = { EV_CREATE_THREAD, EV_RUN_THREAD, EV_STOP_THREAD,
		EV_GC_START, EV_GC_END, EV_LOG_MSG, EV_STARTUP, EV_USER_MSG, EV_SPARK_COUNTERS,
		EV_THREAD_LABEL, EV_HEAP_ALLOCATED, EV_HEAP_SIZE, EV_HEAP_LIVE, EV_HEAP_INFO_GHC,
		EV_GC_STATS_GHC, EV_GC_GLOBAL_SYNC, EV_USER_MARKER, EV_BLOCKS_SIZE,
		EV_USER_BINARY_MSG, EV_RTS_IDENTIFIER, EV_MEM_RETURN, EV_HEAP_PROF_COST_CENTRE,
		EV_PROF_SAMPLE_COST_CENTRE, EV_CONC_MARK_BEGIN, EV_CONC_MARK_END,
		EV_CONC_SYNC_BEGIN, EV_CONC_SYNC_END };
	for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
		tracked[tags[i]] = true;
}

/* RUN_THREAD, STOP_THREAD, GC_START or GC_END on capability c. */
static void state_event(struct tb *b, struct capb *c, uint16_t tag, uint64_t t, uint32_t id,
			uint16_t status)
{
	switch (tag) {
	case EV_RUN_THREAD: {
		if (c->running)
			stop_running(b, c, t); /* a stop we never saw */
		set_state(b->tr, c, t, id, c->in_gc);
		c->run_since = t;
		struct thread_info *ti = thread_get(b, id);
		c->run_slot = ti ? ti - b->th : -1;
		if (!ti)
			break;
		if (t < ti->first_run) {
			ti->first_run = t;
			ti->first_cap = c->cap;
		}
		seen_at(ti, t, c->cap);
		ti->caps |= c->cap < 63 ? 1ull << c->cap : 1ull << 63;
		ti->nruns++;
		break;
	}
	case EV_STOP_THREAD: {
		/* a STOP_THREAD ends the capability's run, whatever thread it
		 * names (GHC names the running one) */
		stop_running(b, c, t);
		if (status == EV_STOP_FINISHED) {
			struct thread_info *ti = thread_get(b, id);
			if (ti && t < ti->finished)
				ti->finished = t;
		}
		if (c->running) {
			set_state(b->tr, c, t, 0, c->in_gc);
			c->run_slot = -1;
		}
		break;
	}
	case EV_GC_START:
		c->gc_open = true;
		c->gc_start = t;
		set_state(b->tr, c, t, c->running, true);
		break;
	case EV_GC_END:
		c->gc_open = false;
		set_state(b->tr, c, t, c->running, false);
		break;
	}
}

/* Leaves prefix mode: the state after the logged events, as the replay at
 * the join will find it (a flag no logged event told counts as off). */
static void leave_prefix(struct tb *b, struct capb *c)
{
	c->prefix = false;
	c->running = 0;
	c->in_gc = false;
	c->run_slot = -1;
	if (!c->npend)
		return;
	c->seen = true;
	c->since = c->pend[c->npend - 1].time;
	for (size_t i = 0; i < c->npend; i++) {
		const struct pending *q = &c->pend[i];
		switch (q->tag) {
		case EV_RUN_THREAD:
			c->running = q->thread;
			c->run_since = q->time;
			break;
		case EV_STOP_THREAD:
			c->running = 0;
			break;
		case EV_GC_START:
			c->in_gc = true;
			c->gc_open = true;
			c->gc_start = q->time;
			break;
		case EV_GC_END:
			c->in_gc = false;
			c->gc_open = false;
			break;
		}
	}
	if (c->running) {
		struct thread_info *ti = thread_get(b, c->running);
		c->run_slot = ti ? ti - b->th : -1;
	}
}

/* In prefix mode: logs a state event, and leaves prefix mode once the
 * capability's own events tell its state (or the log is full). */
static void log_pending(struct tb *b, struct capb *c, uint16_t tag, uint64_t t, uint32_t id,
			uint16_t status)
{
	struct pending p = { t, id, tag, status };
	if (c->npend >= MAX_PENDING || !vec_push(c->pend, c->npend, c->pendcap, p)) {
		/* give up waiting: go on from what the log tells */
		leave_prefix(b, c);
		c->gave_up = true;
		c->assumed_gc = c->in_gc;
		c->assumed_running = c->running;
		state_event(b, c, tag, t, id, status);
		return;
	}
	c->known_run |= tag == EV_RUN_THREAD || tag == EV_STOP_THREAD;
	c->known_gc |= tag == EV_GC_START || tag == EV_GC_END;
	if (c->known_run && c->known_gc)
		leave_prefix(b, c);
}

/* The RTS way from its identifier ("GHC-9.0.2 rts_thr_l", "... rts_p"):
 * "thr" marks the threaded RTS, "p" the profiled one. */
static void rts_way(struct tb *b, const uint8_t *p, size_t n)
{
	size_t i = 0;
	while (i + 4 <= n && memcmp(p + i, "rts_", 4) != 0)
		i++;
	if (i + 4 > n)
		return;
	b->rts_threaded = 0;
	b->rts_profiled = 0;
	for (i += 4; i < n;) {
		size_t j = i;
		while (j < n && p[j] != '_' && p[j] != ' ')
			j++;
		if (j - i == 3 && memcmp(p + i, "thr", 3) == 0)
			b->rts_threaded = 1;
		if (j - i == 1 && p[i] == 'p')
			b->rts_profiled = 1;
		if (j < n && p[j] == ' ')
			break;
		i = j + 1;
	}
}

/* One event of interest. p points at its tag; the layout is known good
 * (the header chose a decoder for it). */
static void feed(struct tb *b, const struct ev *e, int32_t cap)
{
	uint64_t t = e->time;
	struct capb *c = NULL;
	switch (e->tag) {
	case EV_RUN_THREAD:
	case EV_STOP_THREAD:
	case EV_GC_START:
	case EV_GC_END:
		if (cap == EV_NO_CAP || !(c = cap_get(b, cap)))
			return;
		break;
	}
	switch (e->tag) {
	case EV_CREATE_THREAD: {
		struct thread_info *ti = thread_get(b, (uint32_t)e->f[0].u);
		if (ti && t < ti->created)
			ti->created = t;
		break;
	}
	case EV_RUN_THREAD:
	case EV_STOP_THREAD:
	case EV_GC_START:
	case EV_GC_END:
		if (!c->any || t < c->tfirst)
			c->tfirst = t;
		if (!c->any || t > c->tlast)
			c->tlast = t;
		c->any = true;
		if (e->tag == EV_GC_START || e->tag == EV_GC_END)
			PUSH_W(b, b->gev, b->ngev, b->gevcap,
			     ((struct gcev){ t, e->off, cap,
					     e->tag == EV_GC_START ? GE_START : GE_END }),
			       GC_WEIGHT);
		if (c->prefix) {
			log_pending(b, c, e->tag, t, (uint32_t)e->f[0].u, (uint16_t)e->f[1].u);
			break;
		}
		state_event(b, c, e->tag, t, (uint32_t)e->f[0].u, (uint16_t)e->f[1].u);
		break;
	case EV_GC_GLOBAL_SYNC:
		if (cap != EV_NO_CAP)
			PUSH_W(b, b->gev, b->ngev, b->gevcap, ((struct gcev){ t, e->off, cap, GE_SYNC }),
			       GC_WEIGHT);
		break;
	case EV_CONC_MARK_BEGIN:
	case EV_CONC_MARK_END:
	case EV_CONC_SYNC_BEGIN:
	case EV_CONC_SYNC_END:
		PUSH(b, b->conc, b->nconc, b->conccap, ((struct concev){ t, e->off, e->tag }));
		break;
	case EV_MEM_RETURN: /* capset, current, needed, returned (mblocks) */
		if (e->f[1].u > b->mem_return_max)
			b->mem_return_max = e->f[1].u;
		break;
	case EV_HEAP_PROF_COST_CENTRE:
	case EV_PROF_SAMPLE_COST_CENTRE:
		b->prof_events = true;
		break;
	case EV_RTS_IDENTIFIER: /* "GHC-9.0.2 rts_thr_l": the RTS way */
		rts_way(b, e->f[1].s, (size_t)e->f[1].u);
		break;
	case EV_GC_STATS_GHC: {
		struct gcstat g = {
			.time = t, .off = e->off, .cap = cap, .gen = (uint16_t)e->f[1].u, .copied = e->f[2].u,
			.slop = e->f[3].u, .frag = e->f[4].u, .par_n_threads = (uint32_t)e->f[5].u,
			.par_max_copied = e->f[6].u, .par_tot_copied = e->f[7].u,
			.has_balanced = e->nf > 8,
			.par_balanced_copied = e->nf > 8 ? e->f[8].u : 0,
		};
		PUSH_W(b, b->stats, b->nstats, b->stcap, g, 2);
		break;
	}
	case EV_HEAP_SIZE:
		PUSH(b, b->hs, b->nhs, b->hscap, ((struct sample){ t, e->f[1].u }));
		break;
	case EV_HEAP_LIVE:
		PUSH(b, b->hl, b->nhl, b->hlcap, ((struct sample){ t, e->f[1].u }));
		break;
	case EV_BLOCKS_SIZE:
		PUSH(b, b->bsz, b->nbsz, b->bszcap, ((struct sample){ t, e->f[1].u }));
		break;
	case EV_HEAP_ALLOCATED:
		PUSH(b, b->alloc, b->nalloc, b->alcap,
		     ((struct capsample){ .time = t, .cap = cap, .v = { e->f[1].u } }));
		break;
	case EV_SPARK_COUNTERS: {
		struct capsample cs = { .time = t, .cap = cap };
		for (int i = 0; i < 7; i++)
			cs.v[i] = e->f[i].u;
		PUSH(b, b->sparks, b->nsparks, b->spcap, cs);
		break;
	}
	case EV_HEAP_INFO_GHC: /* capset, gens, max heap, alloc area, mblock, block */
		b->gens = (uint16_t)e->f[1].u;
		b->mblock_size = e->f[4].u;
		break;
	case EV_STARTUP:
		b->startup = (uint16_t)e->f[0].u;
		break;
	case EV_THREAD_LABEL: {
		struct thread_info *ti = thread_get(b, (uint32_t)e->f[0].u);
		if (ti && (ti->label_off == 0 || t >= ti->label_time)) {
			ti->label_off = e->off;
			ti->label_time = t;
		}
		break;
	}
	case EV_USER_MARKER:
	case EV_USER_MSG:
	case EV_LOG_MSG:
	case EV_USER_BINARY_MSG:
		PUSH(b, b->marks, b->nmarks, b->mkcap, ((struct mark){ t, e->off, cap, e->tag }));
		break;
	}
}

/* Reads the items of [off, end), starting in capability state cs. */
static void scan(struct tb *b, uint64_t off, uint64_t end, struct capstate cs)
{
	const struct store *s = b->s;
	const struct ev_header *h = &s->hdr;
	while (off < end && !b->oom && !store_shrunk) {
		uint64_t t;
		uint32_t size;
		uint16_t tag;
		enum ev_status st = ev_size_fast(h, s->map, end, off, &t, &size, &tag)
					    ? EV_OK
					    : ev_size(h, s->map, end, off, &t, &size, &tag);
		if (st == EV_DATAEND) {
			off += 2;
			continue;
		}
		if (st != EV_OK)
			return; /* the index stopped here too */
		bool marker = ev_is_marker(h, tag);
		const uint8_t *p = s->map + off;
		int32_t cap = capstate_step(&cs, marker, marker ? be32(p + 10) : 0,
					    marker ? be16(p + 22) : 0, size);
		if (cap != EV_NO_CAP) { /* the capability's data: first to last event */
			struct capb *cb = cap_get(b, cap);
			if (cb) {
				if (!cb->ev_any || t < cb->ev_first)
					cb->ev_first = t;
				if (!cb->ev_any || t > cb->ev_last)
					cb->ev_last = t;
				cb->ev_any = true;
			}
		}
		if (tag < 256 && tracked[tag] && h->sel[tag].layout != SEL_UNKNOWN_LAYOUT) {
			struct ev e;
			if (tag <= EV_GC_END) {
				/* the hot ones, read in place: thread ids and the stop
				 * status sit at fixed offsets (the header chose their
				 * layout, so the event is long enough) */
				e.tag = tag;
				e.time = t;
				e.off = off;
				e.nf = 2;
				e.f[0].u = tag <= EV_STOP_THREAD ? be32(p + 10) : 0;
				e.f[1].u = tag == EV_STOP_THREAD ? be16(p + 14) : 0;
				feed(b, &e, cap);
			} else if (ev_decode(h, s->map, end, off, &e) == EV_OK && !(e.bad & BAD_LEN)) {
				feed(b, &e, cap);
			}
		}
		off += size;
	}
}

/* ---- the pass over blocks, by capability, on two threads ---- */

struct worker {
	struct tb b;
	uint64_t cut;  /* 0: every segment */
	bool second;   /* the segments at or after the cut, else those before */
};

/* Reads the worker's segments (the index's segments cover exactly what it
 * decoded, and none runs across the cut). */
static void *run_worker(void *arg)
{
	struct worker *w = arg;
	const struct store *s = w->b.s;
	for (size_t i = 0; i < s->nsegs && !w->b.oom; i++) {
		const struct seg *g = &s->segs[i];
		if (w->cut && (g->off >= w->cut) != w->second)
			continue;
		scan(&w->b, g->off, g->end, g->cs);
		__atomic_add_fetch(&tracks_progress, g->end - g->off, __ATOMIC_RELAXED);
	}
	return NULL;
}

/* ---- joining the builders' results ---- */

static int cmp_cap(const void *a, const void *b)
{
	const struct capb *x = a, *y = b;
	return (x->cap > y->cap) - (x->cap < y->cap);
}

static int cmp_stat(const void *a, const void *b)
{
	const struct gcstat *x = a, *y = b;
	return (x->time > y->time) - (x->time < y->time);
}

static int cmp_sample(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;
	return (x->time > y->time) - (x->time < y->time);
}

static int cmp_capsample(const void *a, const void *b)
{
	const struct capsample *x = a, *y = b;
	if (x->cap != y->cap)
		return x->cap < y->cap ? -1 : 1;
	return (x->time > y->time) - (x->time < y->time);
}

static int cmp_mark(const void *a, const void *b)
{
	const struct mark *x = a, *y = b;
	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return (x->off > y->off) - (x->off < y->off);
}

static int cmp_thread(const void *a, const void *b)
{
	const struct thread_info *x = a, *y = b;
	return (x->id > y->id) - (x->id < y->id);
}

/* Concatenates the arrays of n builders into one malloc'd array, freeing
 * each builder's as it goes (so the two never all stand at once; the
 * builders take nothing after the join). */
#define JOIN(dst, ndst, field, nfield, bs, nb)                                       \
	do {                                                                         \
		size_t total_ = 0;                                                   \
		for (size_t i_ = 0; i_ < (nb); i_++)                                 \
			total_ += (bs)[i_]->nfield;                                  \
		(dst) = malloc((total_ ? total_ : 1) * sizeof *(dst));               \
		if (!(dst))                                                          \
			return false;                                                \
		(ndst) = 0;                                                          \
		for (size_t i_ = 0; i_ < (nb); i_++) {                               \
			if ((bs)[i_]->nfield)                                        \
				memcpy((dst) + (ndst), (bs)[i_]->field,              \
				       (bs)[i_]->nfield * sizeof *(dst));            \
			(ndst) += (bs)[i_]->nfield;                                  \
			free((bs)[i_]->field);                                       \
			(bs)[i_]->field = NULL;                                      \
			(bs)[i_]->nfield = 0;                                        \
		}                                                                    \
	} while (0)

static void merge_thread(struct thread_info *d, const struct thread_info *x)
{
	if (x->created < d->created)
		d->created = x->created;
	if (x->first_run < d->first_run) {
		d->first_run = x->first_run;
		d->first_cap = x->first_cap;
	}
	if (x->last_cap != EV_NO_CAP)
		seen_at(d, x->last_seen, x->last_cap);
	if (x->finished < d->finished)
		d->finished = x->finished;
	if (x->label_off && (!d->label_off || x->label_time >= d->label_time)) {
		d->label_off = x->label_off;
		d->label_time = x->label_time;
	}
	d->run_ns += x->run_ns;
	d->caps |= x->caps;
	d->nruns += x->nruns;
}

static int cmp_gcev(const void *a, const void *b)
{
	const struct gcev *x = a, *y = b;
	if (x->cap != y->cap)
		return x->cap < y->cap ? -1 : 1;
	return (x->off > y->off) - (x->off < y->off);
}

static int cmp_concev(const void *a, const void *b)
{
	const struct concev *x = a, *y = b;
	return (x->off > y->off) - (x->off < y->off);
}

/* Pairs each capability's GC_START with its next GC_END in file order, and
 * notes the GC_GLOBAL_SYNC inside it. ev is sorted by (capability, offset);
 * so is the result. A GC_START the log ends inside makes no interval. */
static bool pair_ivals(const struct gcev *ev, size_t n, struct gcival **out, size_t *nout)
{
	struct gcival *iv = NULL, cur = { 0 };
	size_t niv = 0, cap = 0;
	bool open = false;
	for (size_t i = 0; i < n; i++) {
		const struct gcev *e = &ev[i];
		if (i && e->cap != ev[i - 1].cap)
			open = false;
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
			} else if (!open && niv && iv[niv - 1].cap == e->cap && !iv[niv - 1].has_sync) {
				iv[niv - 1].sync = e->time; /* posted after its GC_END */
				iv[niv - 1].has_sync = true;
			}
			break;
		case GE_END:
			if (!open)
				break;
			cur.end = e->time < cur.start ? cur.start : e->time;
			if (!vec_push(iv, niv, cap, cur)) {
				free(iv);
				return false;
			}
			open = false;
			break;
		}
	}
	*out = iv;
	*nout = niv;
	return true;
}

/* The last interval of capability cap whose GC_START comes before file
 * offset off, or -1. iv is sorted by (capability, offset). */
static long ival_before(const struct gcival *iv, size_t n, int32_t cap, uint64_t off)
{
	size_t lo = 0, hi = n;
	while (lo < hi) { /* first entry after (cap, off) */
		size_t mid = (lo + hi) / 2;
		if (iv[mid].cap < cap || (iv[mid].cap == cap && iv[mid].off < off))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && iv[lo - 1].cap == cap ? (long)lo - 1 : -1;
}

struct gcbuild {
	struct gc g;
	long iv; /* the initiator's interval, or -1 */
};

static int cmp_gcbuild(const void *a, const void *b)
{
	const struct gc *x = &((const struct gcbuild *)a)->g, *y = &((const struct gcbuild *)b)->g;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->sync > y->sync) - (x->sync < y->sync);
}

struct bysync {
	uint64_t sync;
	size_t idx;
};

static int cmp_bysync(const void *a, const void *b)
{
	const struct bysync *x = a, *y = b;
	if (x->sync != y->sync)
		return x->sync < y->sync ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/* Collections from the paired intervals (sorted by capability, offset):
 * one per GC_STATS_GHC, on the interval of its capability that holds it in
 * file order; other capabilities take part when their interval holds the
 * collection's GC_GLOBAL_SYNC moment. A log with no GC_STATS_GHC gets one
 * collection per group of overlapping intervals instead, paused for the
 * mean of their lengths (as ThreadScope does). */
static bool form_collections(struct tracks *tr, struct gcival *iv, size_t niv)
{
	size_t n = tr->ngcstats ? tr->ngcstats : niv;
	struct gcbuild *cb = malloc((n ? n : 1) * sizeof *cb);
	if (!cb)
		return false;
	size_t nc = 0;
	if (tr->ngcstats) {
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
	} else {
		/* by overlap in time, over all capabilities: the intervals in
		 * start order */
		struct bysync *ord_ = malloc((niv ? niv : 1) * sizeof *ord_);
		size_t *ord = malloc((niv ? niv : 1) * sizeof *ord);
		if (!ord_ || !ord) {
			free(ord_);
			free(ord);
			free(cb);
			return false;
		}
		for (size_t i = 0; i < niv; i++)
			ord_[i] = (struct bysync){ iv[i].start, i };
		qsort(ord_, niv, sizeof *ord_, cmp_bysync);
		for (size_t i = 0; i < niv; i++)
			ord[i] = ord_[i].idx;
		free(ord_);
		struct gc cur = { 0 };
		bool open = false;
		uint64_t sum = 0;
		uint32_t cnt = 0;
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
				cb[nc++] = (struct gcbuild){ cur, -1 };
			}
			cur = (struct gc){ .start = v->start, .end = v->end, .sync = v->start,
					   .cap = EV_NO_CAP, .stat = -1 };
			sum = v->end - v->start;
			cnt = 1;
			open = true;
		}
		if (open) {
			cur.pause = sum / cnt;
			cb[nc++] = (struct gcbuild){ cur, -1 };
		}
		free(ord);
	}
	qsort(cb, nc, sizeof *cb, cmp_gcbuild);
	for (size_t i = 0; i < niv; i++)
		if (tr->ngcstats)
			iv[i].coll = -1;
	for (size_t c = 0; c < nc; c++)
		if (cb[c].iv >= 0)
			iv[cb[c].iv].coll = (long)c;
	/* the other capabilities: the collection whose sync their interval holds */
	struct bysync *bs = malloc((nc ? nc : 1) * sizeof *bs);
	uint32_t *cnt = calloc(nc + 1, sizeof *cnt);
	if (!bs || !cnt) {
		free(bs);
		free(cnt);
		free(cb);
		return false;
	}
	for (size_t c = 0; c < nc; c++)
		bs[c] = (struct bysync){ cb[c].g.sync, c };
	qsort(bs, nc, sizeof *bs, cmp_bysync);
	for (size_t i = 0; i < niv; i++) {
		if (iv[i].coll >= 0)
			continue;
		if (!tr->ngcstats) { /* grouped by overlap: the group holding it */
			size_t lo = 0, hi = nc;
			while (lo < hi) {
				size_t mid = (lo + hi) / 2;
				if (cb[mid].g.start <= iv[i].start)
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo && iv[i].start <= cb[lo - 1].g.end)
				iv[i].coll = (long)lo - 1;
			continue;
		}
		size_t lo = 0, hi = nc; /* first sync at or after the start */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (bs[mid].sync < iv[i].start)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < nc && bs[lo].sync <= iv[i].end)
			iv[i].coll = (long)bs[lo].idx;
	}
	free(bs);
	for (size_t i = 0; i < niv; i++)
		if (iv[i].coll >= 0)
			cnt[iv[i].coll + 1]++;
	for (size_t c = 0; c < nc; c++)
		cnt[c + 1] += cnt[c];
	tr->ngcparts = cnt[nc];
	tr->gcparts = malloc((tr->ngcparts ? tr->ngcparts : 1) * sizeof *tr->gcparts);
	tr->gcs = malloc((nc ? nc : 1) * sizeof *tr->gcs);
	tr->gc_by_pause = malloc((nc ? nc : 1) * sizeof *tr->gc_by_pause);
	if (!tr->gcparts || !tr->gcs || !tr->gc_by_pause) {
		free(cnt);
		free(cb);
		return false;
	}
	tr->ngcs = nc;
	for (size_t c = 0; c < nc; c++) {
		tr->gcs[c] = cb[c].g;
		tr->gcs[c].part = cnt[c];
		tr->gcs[c].ncaps = 0;
		tr->gc_by_pause[c] = (uint32_t)c;
	}
	for (size_t i = 0; i < niv; i++) { /* by capability within a collection */
		if (iv[i].coll < 0)
			continue;
		struct gc *g = &tr->gcs[iv[i].coll];
		tr->gcparts[g->part + g->ncaps++] =
			(struct gcpart){ iv[i].start, iv[i].end, iv[i].cap };
	}
	for (size_t c = 0; c < nc; c++) {
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
	free(cnt);
	free(cb);
	return true;
}

/* Nonmoving collector: each synchronisation is a run of CONC_SYNC_BEGIN
 * then CONC_SYNC_END events (GHC 9.0 posts each twice, around its
 * stopwatch), from the first begin to the last end; marks are pairs. */
static bool conc_phases(struct tracks *tr, struct concev *ev, size_t n)
{
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

/* The run's phases as +RTS -s splits them. INIT ends (stat_endInit) just
 * before the main thread is created: in the threaded RTS after the thread
 * that starts the IO manager (the first one) has finished. EXIT starts
 * (stat_startExit) just before hs_exit creates the thread that flushes
 * stdout: the last thread created before the exit collection, which is the
 * last collection of a log that ends normally; the report's time is taken
 * just before the final HEAP_ALLOCATED events that follow it. */
static void run_phases(struct tracks *tr, const struct store *s)
{
	const struct thread_info *first = NULL;
	for (size_t i = 0; i < tr->nthreads; i++)
		if (tr->threads[i].created != UINT64_MAX &&
		    (!first || tr->threads[i].created < first->created))
			first = &tr->threads[i];
	const struct thread_info *main_thread = first;
	if (first && tr->threaded_rts) {
		main_thread = NULL;
		for (size_t i = 0; i < tr->nthreads && first->finished != UINT64_MAX; i++) {
			const struct thread_info *t = &tr->threads[i];
			if (t->created != UINT64_MAX && t->created > first->finished &&
			    (!main_thread || t->created < main_thread->created))
				main_thread = t;
		}
	}
	if (main_thread) {
		tr->end_init = main_thread->created;
		tr->have_init = true;
	}
	if (!tr->ngcs || !tr->have_init)
		return;
	const struct gc *last = &tr->gcs[tr->ngcs - 1];
	uint64_t report = UINT64_MAX;
	for (size_t i = 0; i < tr->nalloc; i++)
		if (tr->alloc[i].time > last->end && tr->alloc[i].time < report)
			report = tr->alloc[i].time;
	if (report == UINT64_MAX || s->stop == STOP_TRUNCATED)
		return;
	const struct thread_info *flush = NULL;
	for (size_t i = 0; i < tr->nthreads; i++) {
		const struct thread_info *t = &tr->threads[i];
		if (t->created != UINT64_MAX && t->created < last->start &&
		    t->created > tr->end_init && (!flush || t->created > flush->created))
			flush = t;
	}
	if (!flush)
		return;
	tr->start_exit = flush->created;
	tr->t_exit_report = report;
	tr->have_exit = true;
}

/* A collection's place in the by-pause order: longest first, then earliest. */
struct bypause {
	uint64_t pause, start;
	uint32_t idx;
};

static int cmp_pause(const void *a, const void *b)
{
	const struct bypause *x = a, *y = b;
	if (x->pause != y->pause)
		return x->pause > y->pause ? -1 : 1;
	return (x->start > y->start) - (x->start < y->start);
}

/* The time of capability cap's last event, over the builders. */
static uint64_t cap_last_event(struct tb **bs, size_t nb, int32_t cap)
{
	uint64_t t = 0;
	for (size_t i = 0; i < nb; i++) {
		long k = idmap_get(&bs[i]->capmap, (uint32_t)cap);
		if (k >= 0 && bs[i]->caps[k].ev_any && bs[i]->caps[k].ev_last > t)
			t = bs[i]->caps[k].ev_last;
	}
	return t;
}

static bool join(struct tracks *tr, const struct store *s, struct tb **bs, size_t nb)
{
	/* the second half's capabilities: replay what they logged before their
	 * state was known, from the first half's final state */
	if (nb == 2) {
		struct tb *b0 = bs[0], *b1 = bs[1];
		/* a capability whose events in the second half go back before
		 * those of the first cannot be stitched: the caller redoes the
		 * pass on one thread */
		for (size_t k = 0; k < b1->ncaps; k++) {
			long i0 = idmap_get(&b0->capmap, (uint32_t)b1->caps[k].cap);
			if (i0 >= 0 && b1->caps[k].any && b0->caps[i0].any &&
			    b1->caps[k].tfirst < b0->caps[i0].tlast) {
				tr->restitch = true;
				return false;
			}
		}
		for (size_t k = 0; k < b1->ncaps; k++) {
			struct capb *c = &b1->caps[k];
			long i0 = idmap_get(&b0->capmap, (uint32_t)c->cap);
			struct capb *s0 = i0 >= 0 ? &b0->caps[i0] : NULL;
			struct capb r = *c; /* its bins, the first half's state */
			r.prefix = false;
			r.seen = s0 && s0->seen;
			r.since = s0 ? s0->since : 0;
			r.running = s0 ? s0->running : 0;
			r.in_gc = s0 && s0->in_gc;
			r.run_since = s0 ? s0->run_since : 0;
			r.gc_open = s0 && s0->gc_open;
			r.gc_start = s0 ? s0->gc_start : 0;
			r.run_slot = -1;
			/* the second half accounted from c->since on: the replay
			 * must stop there, even when times went backwards */
			r.acct_until = c->prefix ? 0 : c->since;
			if (r.acct_until == 0 && !c->prefix)
				r.acct_until = 1; /* (since 0: nothing to replay into) */
			if (r.running) {
				struct thread_info *ti = thread_get(b1, r.running);
				r.run_slot = ti ? ti - b1->th : -1;
			}
			for (size_t j = 0; j < c->npend; j++) {
				const struct pending *q = &c->pend[j];
				state_event(b1, &r, q->tag, q->time, q->thread, q->status);
			}
			/* a full log made the second half assume the flags it had not
			 * learnt; count it when the first half says otherwise */
			if (c->gave_up && (r.in_gc != c->assumed_gc ||
					   (!c->known_run && r.running != c->assumed_running)))
				tr->stitch_guesses++;
			if (c->prefix) { /* never learnt its state: the replay has it */
				r.acct_until = 0;
				c->prefix = false;
				c->seen = r.seen;
				c->since = r.since;
				c->running = r.running;
				c->in_gc = r.in_gc;
				c->run_since = r.run_since;
				c->run_slot = r.run_slot;
				c->gc_open = r.gc_open;
				c->gc_start = r.gc_start;
			}
			if (s0)
				s0->continued = true;
		}
	}
	/* capabilities: close each one's last state at its last event */
	size_t ncaps = 0;
	for (size_t i = 0; i < nb; i++)
		ncaps += bs[i]->ncaps;
	struct capb *caps = malloc((ncaps ? ncaps : 1) * sizeof *caps);
	if (!caps)
		return false;
	ncaps = 0;
	for (size_t i = 0; i < nb; i++) {
		for (size_t k = 0; k < bs[i]->ncaps; k++) {
			struct capb *c = &bs[i]->caps[k];
			if (!c->continued) {
				/* a state lasts until the capability's last event:
				 * after it the log has no data (a crash, a cut) */
				uint64_t end = cap_last_event(bs, nb, c->cap);
				if (c->seen && end >= c->since)
					account(tr, c, c->since, end);
				if (c->seen)
					state_after(tr, c, end > c->since ? end : c->since);
				if (c->running) /* still running at the end: count it */
					stop_running(bs[i], c, end);
			}
			caps[ncaps++] = *c;
			c->run = c->gcd = NULL; /* moved */
			c->st_thread = NULL;
			c->st_gc = NULL;
		}
	}
	qsort(caps, ncaps, sizeof *caps, cmp_cap);
	/* a capability in both halves: one set of bins, the sums of both */
	size_t u = 0;
	for (size_t i = 0; i < ncaps; i++) {
		if (u && caps[u - 1].cap == caps[i].cap) {
			struct capb *d = &caps[u - 1], *x = &caps[i];
			if (x->ev_any) {
				if (!d->ev_any || x->ev_first < d->ev_first)
					d->ev_first = x->ev_first;
				if (!d->ev_any || x->ev_last > d->ev_last)
					d->ev_last = x->ev_last;
				d->ev_any = true;
			}
			if (d->run && x->run) {
				for (uint32_t j = 0; j <= tr->nbins; j++) {
					d->run[j] += x->run[j];
					d->gcd[j] += x->gcd[j];
					if (d->st_gc[j] == 0xFF) {
						d->st_gc[j] = x->st_gc[j];
						d->st_thread[j] = x->st_thread[j];
					}
				}
			} else if (!d->run && x->run) {
				d->run = x->run, d->gcd = x->gcd;
				d->st_thread = x->st_thread, d->st_gc = x->st_gc;
				x->run = x->gcd = NULL;
				x->st_thread = NULL;
				x->st_gc = NULL;
			}
			free(x->run);
			free(x->gcd);
			free(x->st_thread);
			free(x->st_gc);
			continue;
		}
		caps[u++] = caps[i];
	}
	ncaps = u;
	tr->ncaps = ncaps;
	tr->caps = malloc((ncaps ? ncaps : 1) * sizeof *tr->caps);
	tr->run = calloc(ncaps ? ncaps : 1, sizeof *tr->run);
	tr->gcd = calloc(ncaps ? ncaps : 1, sizeof *tr->gcd);
	tr->st_thread = calloc(ncaps ? ncaps : 1, sizeof *tr->st_thread);
	tr->st_gc = calloc(ncaps ? ncaps : 1, sizeof *tr->st_gc);
	tr->cap_first = calloc(ncaps ? ncaps : 1, sizeof *tr->cap_first);
	tr->cap_last = calloc(ncaps ? ncaps : 1, sizeof *tr->cap_last);
	if (!tr->caps || !tr->run || !tr->gcd || !tr->st_thread || !tr->st_gc ||
	    !tr->cap_first || !tr->cap_last) {
		for (size_t i = 0; i < ncaps; i++) {
			free(caps[i].run);
			free(caps[i].gcd);
			free(caps[i].st_thread);
			free(caps[i].st_gc);
		}
		free(caps);
		return false;
	}
	for (size_t i = 0; i < ncaps; i++) {
		tr->caps[i] = caps[i].cap;
		tr->cap_first[i] = caps[i].ev_first;
		tr->cap_last[i] = caps[i].ev_last;
		tr->run[i] = caps[i].run;
		tr->gcd[i] = caps[i].gcd;
		tr->st_thread[i] = caps[i].st_thread;
		tr->st_gc[i] = caps[i].st_gc;
		if (tr->st_gc[i]) /* bins no half set: before the capability's first event */
			for (uint32_t j = 0; j <= tr->nbins; j++)
				if (tr->st_gc[i][j] == 0xFF)
					tr->st_gc[i][j] = 0;
		/* per-bin times to prefix sums: run[i] = time before bin i */
		for (int k = 0; k < 2; k++) {
			uint64_t *v = k ? tr->gcd[i] : tr->run[i];
			if (!v)
				continue;
			uint64_t acc = 0;
			for (uint32_t j = 0; j <= tr->nbins; j++) {
				uint64_t x = v[j];
				v[j] = acc;
				acc += x;
			}
		}
	}
	free(caps);

	JOIN(tr->gcstats, tr->ngcstats, stats, nstats, bs, nb);
	qsort(tr->gcstats, tr->ngcstats, sizeof *tr->gcstats, cmp_stat);
	JOIN(tr->heap_size, tr->nheap_size, hs, nhs, bs, nb);
	qsort(tr->heap_size, tr->nheap_size, sizeof(struct sample), cmp_sample);
	JOIN(tr->heap_live, tr->nheap_live, hl, nhl, bs, nb);
	qsort(tr->heap_live, tr->nheap_live, sizeof(struct sample), cmp_sample);
	JOIN(tr->blocks_size, tr->nblocks_size, bsz, nbsz, bs, nb);
	qsort(tr->blocks_size, tr->nblocks_size, sizeof(struct sample), cmp_sample);
	JOIN(tr->alloc, tr->nalloc, alloc, nalloc, bs, nb);
	qsort(tr->alloc, tr->nalloc, sizeof(struct capsample), cmp_capsample);
	JOIN(tr->sparks, tr->nsparks, sparks, nsparks, bs, nb);
	qsort(tr->sparks, tr->nsparks, sizeof(struct capsample), cmp_capsample);
	JOIN(tr->marks, tr->nmarks, marks, nmarks, bs, nb);
	qsort(tr->marks, tr->nmarks, sizeof *tr->marks, cmp_mark);

	/* threads: one entry per id, the builders' views combined */
	size_t nth;
	struct thread_info *th;
	JOIN(th, nth, th, nth, bs, nb);
	qsort(th, nth, sizeof *th, cmp_thread);
	size_t w = 0;
	for (size_t i = 0; i < nth; i++) {
		if (w && th[w - 1].id == th[i].id)
			merge_thread(&th[w - 1], &th[i]);
		else
			th[w++] = th[i];
	}
	tr->threads = th;
	tr->nthreads = w;

	struct gcev *gev;
	size_t ngev;
	JOIN(gev, ngev, gev, ngev, bs, nb);
	qsort(gev, ngev, sizeof *gev, cmp_gcev);
	struct gcival *iv = NULL;
	size_t niv = 0;
	bool ok = pair_ivals(gev, ngev, &iv, &niv);
	free(gev);
	ok = ok && form_collections(tr, iv, niv);
	free(iv);
	if (!ok)
		return false;
	struct concev *conc;
	size_t nconc;
	JOIN(conc, nconc, conc, nconc, bs, nb);
	qsort(conc, nconc, sizeof *conc, cmp_concev);
	ok = conc_phases(tr, conc, nconc);
	free(conc);
	if (!ok)
		return false;
	struct bypause *bp = malloc((tr->ngcs ? tr->ngcs : 1) * sizeof *bp);
	if (!bp)
		return false;
	for (size_t i = 0; i < tr->ngcs; i++)
		bp[i] = (struct bypause){ tr->gcs[i].pause, tr->gcs[i].start, (uint32_t)i };
	qsort(bp, tr->ngcs, sizeof *bp, cmp_pause);
	for (size_t i = 0; i < tr->ngcs; i++)
		tr->gc_by_pause[i] = bp[i].idx;
	free(bp);

	for (size_t i = 0; i < tr->ngcstats; i++)
		if (tr->gcstats[i].gen > tr->maxgen)
			tr->maxgen = tr->gcstats[i].gen;
	int threaded = -1, profiled = -1;
	uint64_t mret = 0, mblock = 0;
	bool prof_events = false;
	for (size_t i = 0; i < nb; i++) {
		if (bs[i]->gens > tr->gens)
			tr->gens = bs[i]->gens;
		if (bs[i]->startup > tr->startup_caps)
			tr->startup_caps = bs[i]->startup;
		tr->over_budget |= bs[i]->over;
		if (bs[i]->rts_threaded >= 0)
			threaded = bs[i]->rts_threaded;
		if (bs[i]->rts_profiled >= 0)
			profiled = bs[i]->rts_profiled;
		prof_events |= bs[i]->prof_events;
		if (bs[i]->mem_return_max > mret)
			mret = bs[i]->mem_return_max;
		if (bs[i]->mblock_size)
			mblock = bs[i]->mblock_size;
	}
	/* no identifier: a threaded RTS starts its IO manager threads */
	if (threaded < 0) {
		threaded = 0;
		for (size_t i = 0; i < tr->nthreads && !threaded; i++) {
			size_t n;
			const uint8_t *l = tracks_label(tr, s, &tr->threads[i], &n);
			threaded = l && n >= 9 && memcmp(l, "IOManager", 9) == 0;
		}
	}
	tr->threaded_rts = threaded > 0;
	tr->profiled = profiled >= 0 ? profiled > 0 : prof_events;
	/* peak memory: +RTS -s counts the peak of mblocks_allocated, which the
	 * RTS reaches inside a major GC just before it returns memory to the
	 * OS; HEAP_SIZE is posted after that. MEM_RETURN (GHC 9.2+) tells the
	 * size before the return. */
	for (size_t i = 0; i < tr->nheap_size; i++)
		if (tr->heap_size[i].value > tr->max_mem)
			tr->max_mem = tr->heap_size[i].value;
	if (mret && mblock && mret <= UINT64_MAX / mblock && mret * mblock > tr->max_mem)
		tr->max_mem = mret * mblock;
	tr->mem_peak_exact = mret > 0;
	run_phases(tr, s);
	return true;
}

static void tb_free(struct tb *b)
{
	for (size_t i = 0; i < b->ncaps; i++) {
		free(b->caps[i].pend);
		free(b->caps[i].run);
		free(b->caps[i].gcd);
		free(b->caps[i].st_thread);
		free(b->caps[i].st_gc);
	}
	free(b->caps);
	idmap_free(&b->capmap);
	idmap_free(&b->thmap);
	free(b->gev);
	free(b->conc);
	free(b->stats);
	free(b->hs);
	free(b->hl);
	free(b->bsz);
	free(b->alloc);
	free(b->sparks);
	free(b->marks);
	free(b->th);
	memset(b, 0, sizeof *b);
}

/* Chooses the bins: as fine as ~32 events per bin per capability, within a
 * budget of 2.5% of the file (at least 8 MB) for all capabilities. */
static void choose_bins(struct tracks *tr, const struct store *s, size_t ncaps)
{
	if (ncaps == 0)
		ncaps = 1;
	if (ncaps > MAX_BINNED_CAPS)
		ncaps = MAX_BINNED_CAPS;
	uint64_t budget = s->size / 40 > MIN_BIN_BUDGET ? s->size / 40 : MIN_BIN_BUDGET;
	uint64_t per_bin = 21 * (uint64_t)ncaps; /* two u64, a u32 and a u8 */
	uint64_t want = s->nevents / (32 * ncaps);
	uint32_t nb = 1024;
	while (nb < (1u << 20) && nb < want && (uint64_t)nb * 2 * per_bin <= budget)
		nb *= 2;
	tr->nbins = nb;
	tr->bin_budget = budget > (uint64_t)(nb + 1) * per_bin ? budget : (uint64_t)(nb + 1) * per_bin;
	tr->origin = s->tmin;
	/* the smallest power of two w with nb * w > tmax - tmin (no overflow:
	 * a hostile log can span 2^64 ns) */
	uint64_t need = (s->tmax - s->tmin) / nb + 1, w = 1;
	while (w < need && w <= UINT64_MAX / 2)
		w *= 2;
	tr->binw = w;
}

bool tracks_build(struct tracks *tr, const struct store *s)
{
	pthread_once(&tracked_once, tracked_init);
	pthread_once(&hash_once, hash_init);
	memset(tr, 0, sizeof *tr);
	uint64_t budget = s->size / 20 > MIN_BUDGET ? s->size / 20 : MIN_BUDGET;

	/* the bins need the number of capabilities: the blocks', or a guess */
	size_t ncap = 0;
	{
		struct idmap cm = { 0 };
		for (size_t i = 0; i < s->nblocks; i++)
			if (idmap_get(&cm, s->blocks[i].cap) < 0 &&
			    idmap_put(&cm, s->blocks[i].cap, ncap))
				ncap++;
		idmap_free(&cm);
	}
	choose_bins(tr, s, ncap ? ncap : 4);

	/* Two threads when the index split the file in two (at a block
	 * boundary, with no segment across it); the second half's capabilities
	 * are stitched to the first's when the halves are joined. */
	struct worker w[2];
	memset(w, 0, sizeof w);
	for (int i = 0; i < 2; i++) {
		w[i].b.s = s;
		w[i].b.tr = tr;
		w[i].b.budget = s->cut ? budget / 2 : budget;
		w[i].b.last_idx = -1;
		w[i].b.rts_threaded = w[i].b.rts_profiled = -1;
		w[i].cut = s->cut;
		w[i].second = i == 1;
	}
	w[1].b.second_half = true;
	bool ok = true;
	if (s->cut) {
		pthread_t th;
		bool threaded = pthread_create(&th, NULL, run_worker, &w[1]) == 0;
		run_worker(&w[0]);
		if (threaded)
			pthread_join(th, NULL);
		else
			run_worker(&w[1]);
		tr->by_caps = true;
	} else {
		run_worker(&w[0]);
	}
	struct tb *bs[2] = { &w[0].b, &w[1].b };
	ok = ok && !w[0].b.oom && !w[1].b.oom && join(tr, s, bs, s->cut ? 2 : 1);
	/* A stitched join is only right when the halves agree: no bin may
	 * hold more running and GC time than it is wide. A log whose events
	 * contradict each other across the cut (seen in fuzzed input, never in
	 * GHC's) fails this, and is done again on one thread. */
	if (ok && s->cut) {
		for (size_t c = 0; c < tr->ncaps && !tr->restitch; c++) {
			if (!tr->run[c])
				continue;
			for (uint32_t j = 0; j < tr->nbins; j++) {
				uint64_t used = tr->run[c][j + 1] - tr->run[c][j] +
						tr->gcd[c][j + 1] - tr->gcd[c][j];
				if (used > tr->binw) {
					tr->restitch = true;
					ok = false;
					break;
				}
			}
		}
	}
	if (!ok && tr->restitch) {
		/* times went back across the cut: one thread, file order */
		tb_free(&w[0].b);
		tb_free(&w[1].b);
		tracks_free(tr);
		memset(w, 0, sizeof w);
		choose_bins(tr, s, ncap ? ncap : 4);
		w[0].b.s = s;
		w[0].b.tr = tr;
		w[0].b.budget = budget;
		w[0].b.last_idx = -1;
		w[0].b.rts_threaded = w[0].b.rts_profiled = -1;
		run_worker(&w[0]);
		ok = !w[0].b.oom && join(tr, s, bs, 1);
	}
	tr->bytes = w[0].b.bytes + w[1].b.bytes;
	for (size_t i = 0; ok && i < tr->ncaps; i++) /* the bins */
		if (tr->run[i])
			tr->bytes += (uint64_t)(tr->nbins + 1) * 21;
	tb_free(&w[0].b);
	tb_free(&w[1].b);
	if (!ok)
		tracks_free(tr);
	return ok;
}

void tracks_free(struct tracks *tr)
{
	for (size_t i = 0; i < tr->ncaps; i++) {
		if (tr->run)
			free(tr->run[i]);
		if (tr->gcd)
			free(tr->gcd[i]);
		if (tr->st_thread)
			free(tr->st_thread[i]);
		if (tr->st_gc)
			free(tr->st_gc[i]);
	}
	free(tr->caps);
	free(tr->run);
	free(tr->gcd);
	free(tr->st_thread);
	free(tr->st_gc);
	free(tr->gcstats);
	free(tr->gcs);
	free(tr->gc_by_pause);
	free(tr->gcparts);
	free(tr->syncs);
	free(tr->marks_conc);
	free(tr->cap_first);
	free(tr->cap_last);
	free(tr->heap_size);
	free(tr->heap_live);
	free(tr->blocks_size);
	free(tr->alloc);
	free(tr->sparks);
	free(tr->threads);
	free(tr->marks);
	memset(tr, 0, sizeof *tr);
}

/* ---- queries ---- */

long tracks_cap_index(const struct tracks *tr, int32_t cap)
{
	size_t lo = 0, hi = tr->ncaps;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (tr->caps[mid] < cap)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < tr->ncaps && tr->caps[lo] == cap ? (long)lo : -1;
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
	size_t lo = 0, hi = s->nsegs; /* segments starting before t1 */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->order[mid].t0 < t1)
			lo = mid + 1;
		else
			hi = mid;
	}
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
				size_t l = 0, h = g->nck; /* last checkpoint at or before t0 */
				while (l < h) {
					size_t m = (l + h) / 2;
					if (ck[m].time <= t0)
						l = m + 1;
					else
						h = m;
				}
				if (l)
					a = ck[l - 1].off;
				h = g->nck; /* first checkpoint at or after t1 */
				while (l < h) {
					size_t m = (l + h) / 2;
					if (ck[m].time < t1)
						l = m + 1;
					else
						h = m;
				}
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
	case EV_RUN_THREAD: st->thread = be32(s->map + r->off + 10); break;
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
	if (nodata_ns) {
		for (size_t c = 0; c < tr->ncaps; c++) {
			uint64_t *d = nodata_ns + c * ncols;
			uint64_t hi = tr->cap_last[c];
			add_ns(&g, d, t0, tr->cap_first[c], 0, UINT64_MAX);
			add_ns(&g, d, hi, t1, 0, UINT64_MAX);
		}
	}
	struct capstate_at *st = malloc(tr->ncaps * sizeof *st);
	uint64_t *since = malloc(tr->ncaps * sizeof *since);
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
	struct capstate_at *st = malloc(nc * sizeof *st);
	uint64_t *since = malloc(nc * sizeof *since), *ar = malloc(nc * sizeof *ar),
		 *ag = malloc(nc * sizeof *ag);
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
		uint64_t *a = malloc(m * sizeof *a), *b = malloc(m * sizeof *b);
		uint64_t *nd = nodata && way == RAW ? malloc(n * sizeof *nd) : NULL;
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
		uint64_t *nd = calloc(n, sizeof *nd);
		if (!nd)
			return false;
		for (size_t c = 0; c < tr->ncaps; c++) {
			add_ns(&g, nd + c * ncols, t0, tr->cap_first[c], 0, UINT64_MAX);
			add_ns(&g, nd + c * ncols, tr->cap_last[c], t1, 0, UINT64_MAX);
		}
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
	struct capstate_at *st = malloc(tr->ncaps * sizeof *st);
	uint64_t *since = malloc(tr->ncaps * sizeof *since);
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

int tracks_gc_gen(const struct tracks *tr, const struct gc *g)
{
	return g->stat >= 0 ? tr->gcstats[g->stat].gen : -1;
}

bool tracks_gc_major(const struct tracks *tr, const struct gc *g)
{
	int gen = tracks_gc_gen(tr, g);
	if (gen < 0)
		return false;
	if (tr->gens)
		return gen == tr->gens - 1;
	return gen == tr->maxgen;
}

const struct gc *tracks_gc_next(const struct tracks *tr, uint64_t t, bool major_only)
{
	size_t lo = 0, hi = tr->ngcs;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (tr->gcs[mid].start <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < tr->ngcs; lo++)
		if (!major_only || tracks_gc_major(tr, &tr->gcs[lo]))
			return &tr->gcs[lo];
	return NULL;
}

const struct gc *tracks_gc_prev(const struct tracks *tr, uint64_t t, bool major_only)
{
	size_t lo = 0, hi = tr->ngcs;
	while (lo < hi) { /* first starting at or after t */
		size_t mid = (lo + hi) / 2;
		if (tr->gcs[mid].start < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo-- > 0)
		if (!major_only || tracks_gc_major(tr, &tr->gcs[lo]))
			return &tr->gcs[lo];
	return NULL;
}

const struct thread_info *tracks_thread(const struct tracks *tr, uint32_t id)
{
	size_t lo = 0, hi = tr->nthreads;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (tr->threads[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < tr->nthreads && tr->threads[lo].id == id ? &tr->threads[lo] : NULL;
}

const uint8_t *tracks_label(const struct tracks *tr, const struct store *s,
			    const struct thread_info *ti, size_t *n)
{
	(void)tr;
	*n = 0;
	if (!ti || !ti->label_off)
		return NULL;
	struct ev e;
	if (ev_decode(&s->hdr, s->map, s->size, ti->label_off, &e) != EV_OK || e.nf < 2)
		return NULL;
	*n = (size_t)e.f[1].u;
	return e.f[1].s;
}

const uint8_t *tracks_mark_text(const struct store *s, const struct mark *m, size_t *n)
{
	struct ev e;
	*n = 0;
	if (ev_decode(&s->hdr, s->map, s->size, m->off, &e) != EV_OK || e.nf < 1 ||
	    e.layout == SEL_UNKNOWN_LAYOUT)
		return NULL;
	*n = (size_t)e.f[0].u;
	return e.f[0].s;
}

bool tracks_match(const regex_t *re, const uint8_t *text, size_t n)
{
	char stackbuf[512];
	char *buf = n < sizeof stackbuf ? stackbuf : malloc(n + 1);
	if (!buf)
		return false;
	memcpy(buf, text, n);
	buf[n] = 0;
#ifdef REG_STARTEND
	/* the whole text, NUL bytes included, as written */
	regmatch_t m[1] = { { .rm_so = 0, .rm_eo = (regoff_t)n } };
	bool hit = regexec(re, buf, 1, m, REG_STARTEND) == 0;
#else
	bool hit = regexec(re, buf, 0, NULL, 0) == 0; /* up to the first NUL */
#endif
	if (buf != stackbuf)
		free(buf);
	return hit;
}

bool tracks_search(const struct tracks *tr, const struct store *s, const regex_t *re,
		   uint64_t t, int dir, bool labels, uint64_t *hit, long *mark,
		   uint32_t *thread)
{
	bool found = false;
	uint64_t best = 0;
	/* marks: the nearest match in the direction */
	if (dir > 0) {
		size_t lo = 0, hi = tr->nmarks;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (tr->marks[mid].time <= t)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t i = lo; i < tr->nmarks; i++) {
			size_t n;
			const uint8_t *txt = tracks_mark_text(s, &tr->marks[i], &n);
			if (txt && tracks_match(re, txt, n)) {
				found = true;
				best = tr->marks[i].time;
				*mark = (long)i;
				break;
			}
		}
	} else {
		size_t lo = 0, hi = tr->nmarks;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (tr->marks[mid].time < t)
				lo = mid + 1;
			else
				hi = mid;
		}
		while (lo-- > 0) {
			size_t n;
			const uint8_t *txt = tracks_mark_text(s, &tr->marks[lo], &n);
			if (txt && tracks_match(re, txt, n)) {
				found = true;
				best = tr->marks[lo].time;
				*mark = (long)lo;
				break;
			}
		}
	}
	if (labels) {
		for (size_t i = 0; i < tr->nthreads; i++) {
			const struct thread_info *ti = &tr->threads[i];
			if (!ti->label_off)
				continue;
			uint64_t lt = ti->label_time;
			if (dir > 0 ? lt <= t : lt >= t)
				continue;
			if (found && (dir > 0 ? lt >= best : lt <= best))
				continue;
			size_t n;
			const uint8_t *txt = tracks_label(tr, s, ti, &n);
			if (txt && tracks_match(re, txt, n)) {
				found = true;
				best = lt;
				*mark = -1;
				*thread = ti->id;
			}
		}
	}
	if (found)
		*hit = best;
	return found;
}
