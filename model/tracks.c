/* Derived tracks: built in one pass at open, queried by the UI and reports. */
#include "tracks.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/be.h"
#include "vec.h"

#define MAX_BINNED_CAPS 256  /* capabilities that get bins */

uint64_t tracks_progress;
#define MIN_BUDGET (16u << 20) /* bytes of lists allowed whatever the file size */

/* ---- a small open-addressing map from a 32-bit key to an index ---- */

struct idmap {
	uint32_t *keys;
	uint32_t *vals; /* index + 1; 0 = empty */
	size_t cap;     /* a power of two */
	size_t n;
};

static inline size_t idhash(uint32_t k, size_t cap)
{
	return (size_t)((k * 0x9E3779B1u) ^ (k >> 16)) & (cap - 1);
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

struct gcival {
	uint64_t start, end;
	int32_t cap;
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
	struct gcival *ivals;
	size_t nivals, ivcap;
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

#define PUSH(b, arr, n, cap, item)                            \
	do {                                                  \
		if (room((b), sizeof *(arr)) && !vec_push(arr, n, cap, item)) \
			(b)->oom = true;                      \
	} while (0)

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
	if (b->nbinned < MAX_BINNED_CAPS && tr->nbins) {
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
	if (!room(b, sizeof(struct thread_info) + 16))
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

static void stop_running(struct tb *b, struct capb *c, uint64_t t)
{
	if (!c->running)
		return;
	struct thread_info *ti = c->run_slot >= 0 ? &b->th[c->run_slot] : thread_get(b, c->running);
	if (ti && t >= c->run_since)
		ti->run_ns += t - c->run_since;
	if (ti && t > ti->last_seen) {
		ti->last_seen = t;
		ti->last_cap = c->cap;
	}
}

/* Tags the pass looks at; everything else is only stepped over. */
static bool tracked[256];
static pthread_once_t tracked_once = PTHREAD_ONCE_INIT;

static void tracked_init(void)
{
	static const uint16_t tags[] = { EV_CREATE_THREAD, EV_RUN_THREAD, EV_STOP_THREAD,
		EV_GC_START, EV_GC_END, EV_LOG_MSG, EV_STARTUP, EV_USER_MSG, EV_SPARK_COUNTERS,
		EV_THREAD_LABEL, EV_HEAP_ALLOCATED, EV_HEAP_SIZE, EV_HEAP_LIVE, 52,
		EV_GC_STATS_GHC, EV_USER_MARKER, EV_BLOCKS_SIZE, EV_USER_BINARY_MSG };
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
		if (t >= ti->last_seen) {
			ti->last_seen = t;
			ti->last_cap = c->cap;
		}
		ti->caps |= c->cap < 63 ? 1ull << c->cap : 1ull << 63;
		ti->nruns++;
		break;
	}
	case EV_STOP_THREAD: {
		
		if (c->running == id)
			stop_running(b, c, t);
		if (status == 5) { /* thread finished */
			struct thread_info *ti = thread_get(b, id);
			if (ti && t < ti->finished)
				ti->finished = t;
		}
		if (c->running == id) {
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
		if (c->gc_open && t >= c->gc_start)
			PUSH(b, b->ivals, b->nivals, b->ivcap,
			     ((struct gcival){ c->gc_start, t, c->cap }));
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
			if (c->running == q->thread)
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
		if (c->prefix) {
			log_pending(b, c, e->tag, t, (uint32_t)e->f[0].u, (uint16_t)e->f[1].u);
			break;
		}
		state_event(b, c, e->tag, t, (uint32_t)e->f[0].u, (uint16_t)e->f[1].u);
		break;
	case EV_GC_STATS_GHC: {
		struct gcstat g = {
			.time = t, .cap = cap, .gen = (uint16_t)e->f[1].u, .copied = e->f[2].u,
			.slop = e->f[3].u, .frag = e->f[4].u, .par_n_threads = (uint32_t)e->f[5].u,
			.par_max_copied = e->f[6].u, .par_tot_copied = e->f[7].u,
			.has_balanced = e->nf > 8,
			.par_balanced_copied = e->nf > 8 ? e->f[8].u : 0,
		};
		PUSH(b, b->stats, b->nstats, b->stcap, g);
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
	case 52: /* HEAP_INFO_GHC */
		b->gens = (uint16_t)e->f[1].u;
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

static int cmp_ival(const void *a, const void *b)
{
	const struct gcival *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
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

/* Concatenates the arrays of n builders into one malloc'd array. */
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
	if (x->last_seen > d->last_seen) {
		d->last_seen = x->last_seen;
		d->last_cap = x->last_cap;
	}
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

/* Groups per-capability GC intervals (sorted by start) into collections and
 * matches each GC_STATS_GHC to the latest collection starting at or before
 * it. */
static bool group_gcs(struct tracks *tr, const struct gcival *iv, size_t n)
{
	size_t cap = 0;
	struct gc cur = { 0 };
	bool open = false;
	for (size_t i = 0; i < n; i++) {
		uint64_t d = iv[i].end - iv[i].start;
		if (open && iv[i].start <= cur.end) {
			if (iv[i].end > cur.end)
				cur.end = iv[i].end;
			cur.sum += d;
			cur.ncaps++;
			continue;
		}
		if (open && !vec_push(tr->gcs, tr->ngcs, cap, cur))
			return false;
		cur = (struct gc){ iv[i].start, iv[i].end, 0, d, 1, -1 };
		open = true;
	}
	if (open && !vec_push(tr->gcs, tr->ngcs, cap, cur))
		return false;
	for (size_t i = 0; i < tr->ngcs; i++)
		tr->gcs[i].pause = tr->gcs[i].sum / tr->gcs[i].ncaps;
	for (size_t k = 0; k < tr->ngcstats; k++) {
		uint64_t t = tr->gcstats[k].time;
		size_t lo = 0, hi = tr->ngcs; /* first collection starting after t */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (tr->gcs[mid].start <= t)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo && tr->gcs[lo - 1].stat < 0)
			tr->gcs[lo - 1].stat = (int32_t)k;
	}
	tr->gc_by_pause = malloc((tr->ngcs ? tr->ngcs : 1) * sizeof *tr->gc_by_pause);
	if (!tr->gc_by_pause)
		return false;
	for (size_t i = 0; i < tr->ngcs; i++)
		tr->gc_by_pause[i] = (uint32_t)i;
	return true;
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
	/* capabilities: close each one's last state at the end of the log */
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
				if (c->seen && s->tmax >= c->since)
					account(tr, c, c->since, s->tmax);
				if (c->running) /* still running at the end: count it */
					stop_running(bs[i], c, s->tmax);
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
	if (!tr->caps || !tr->run || !tr->gcd || !tr->st_thread || !tr->st_gc) {
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

	struct gcival *iv;
	size_t niv;
	JOIN(iv, niv, ivals, nivals, bs, nb);
	qsort(iv, niv, sizeof *iv, cmp_ival);
	bool ok = group_gcs(tr, iv, niv);
	free(iv);
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
	for (size_t i = 0; i < nb; i++) {
		if (bs[i]->gens > tr->gens)
			tr->gens = bs[i]->gens;
		if (bs[i]->startup > tr->startup_caps)
			tr->startup_caps = bs[i]->startup;
		tr->over_budget |= bs[i]->over;
	}
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
	free(b->ivals);
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
	uint64_t budget = s->size / 40 > (8u << 20) ? s->size / 40 : (8u << 20);
	uint64_t per_bin = 21 * (uint64_t)ncaps; /* two u64, a u32 and a u8 */
	uint64_t want = s->nevents / (32 * ncaps);
	uint32_t nb = 1024;
	while (nb < (1u << 20) && nb < want && (uint64_t)nb * 2 * per_bin <= budget)
		nb *= 2;
	tr->nbins = nb;
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

/* Prefix sum at time origin + x (x in ns, fractional), linear inside a
 * bin. */
static double cum_at(const struct tracks *tr, const uint64_t *v, double x)
{
	if (x <= 0)
		return 0;
	double bins = x / (double)tr->binw;
	if (bins >= tr->nbins)
		return (double)v[tr->nbins];
	uint64_t i = (uint64_t)bins;
	double f = bins - (double)i;
	return (double)v[i] + f * (double)(v[i + 1] - v[i]);
}

/* Events in [t0, t1), over-estimated from the checkpoints. */
static uint64_t estimate_events(const struct store *s, uint64_t t0, uint64_t t1)
{
	uint64_t n = 0;
	for (size_t i = 0; i < s->nsegs; i++) {
		const struct seg *g = &s->segs[i];
		if (g->t1 < t0 || g->t0 >= t1)
			continue;
		/* checkpoints are in time order within a segment */
		const struct ckpt *c = &s->ckpts[g->ck0];
		size_t lo = 0, hi = g->nck, a, b;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (c[mid].time < t0)
				lo = mid + 1;
			else
				hi = mid;
		}
		a = lo;
		hi = g->nck;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (c[mid].time < t1)
				lo = mid + 1;
			else
				hi = mid;
		}
		b = lo;
		n += (b - a + 1) * CKPT_EVERY;
	}
	return n;
}

bool tracks_state_at(const struct tracks *tr, const struct store *s, uint64_t t,
		     struct capstate_at *out)
{
	uint64_t from = tr->origin;
	uint64_t bin = 0;
	/* past the last event nothing changes: start from its bin */
	uint64_t tb = t < s->tmax ? t : s->tmax;
	if (tb > tr->origin) {
		bin = (tb - tr->origin) / tr->binw;
		if (bin >= tr->nbins)
			bin = tr->nbins - 1;
		from = tr->origin + bin * tr->binw;
	}
	for (size_t c = 0; c < tr->ncaps; c++) {
		out[c].thread = tr->st_thread[c] ? tr->st_thread[c][bin] : 0;
		out[c].gc = tr->st_gc[c] ? tr->st_gc[c][bin] : false;
	}
	struct merge *m = merge_new_at(s, from, CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_GC));
	if (!m)
		return false;
	struct evref r;
	while (merge_step(m, &r) && r.time < t) {
		long ci = r.cap == EV_NO_CAP ? -1 : tracks_cap_index(tr, r.cap);
		if (ci < 0)
			continue;
		const uint8_t *p = s->map + r.off;
		switch (r.tag) {
		case EV_RUN_THREAD: out[ci].thread = be32(p + 10); break;
		case EV_STOP_THREAD:
			if (out[ci].thread == be32(p + 10))
				out[ci].thread = 0;
			break;
		case EV_GC_START: out[ci].gc = true; break;
		case EV_GC_END: out[ci].gc = false; break;
		}
	}
	merge_free(m);
	return true;
}

/* Adds [a, b) in state st to the columns of capability c. */
static void add_span(float *run, float *gc, unsigned ncols, uint64_t t0, double colw, size_t c,
		     uint64_t a, uint64_t b, const struct capstate_at *st)
{
	if (b <= a || (!st->gc && !st->thread))
		return;
	float *dst = (st->gc ? gc : run) + c * ncols;
	double x0 = (double)(a - t0) / colw, x1 = (double)(b - t0) / colw;
	unsigned k0 = (unsigned)x0, k1 = (unsigned)x1;
	if (k1 >= ncols) {
		k1 = ncols - 1;
		x1 = ncols;
	}
	if (k0 >= ncols)
		return;
	if (k0 == k1) {
		dst[k0] += (float)(x1 - x0);
		return;
	}
	dst[k0] += (float)((k0 + 1) - x0);
	for (unsigned k = k0 + 1; k < k1; k++)
		dst[k] += 1.0f;
	dst[k1] += (float)(x1 - k1);
}

bool tracks_cap_fractions(const struct tracks *tr, const struct store *s, uint64_t t0,
			  uint64_t t1, unsigned ncols, size_t raw_max, float *run, float *gc,
			  bool *exact)
{
	size_t n = tr->ncaps * ncols;
	memset(run, 0, n * sizeof *run);
	memset(gc, 0, n * sizeof *gc);
	*exact = true;
	if (t1 <= t0 || ncols == 0 || tr->ncaps == 0)
		return true;
	double colw = (double)(t1 - t0) / ncols;
	if (estimate_events(s, t0, t1) <= raw_max) {
		struct capstate_at *st = malloc(tr->ncaps * sizeof *st);
		uint64_t *since = malloc(tr->ncaps * sizeof *since);
		if (!st || !since || !tracks_state_at(tr, s, t0, st)) {
			free(st);
			free(since);
			return false;
		}
		for (size_t c = 0; c < tr->ncaps; c++)
			since[c] = t0;
		struct merge *m = merge_new_at(s, t0, CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_GC));
		if (!m) {
			free(st);
			free(since);
			return false;
		}
		struct evref r;
		while (merge_step(m, &r) && r.time < t1) {
			long ci = r.cap == EV_NO_CAP ? -1 : tracks_cap_index(tr, r.cap);
			if (ci < 0)
				continue;
			struct capstate_at ns = st[ci];
			const uint8_t *p = s->map + r.off;
			switch (r.tag) {
			case EV_RUN_THREAD: ns.thread = be32(p + 10); break;
			case EV_STOP_THREAD:
				if (ns.thread == be32(p + 10))
					ns.thread = 0;
				break;
			case EV_GC_START: ns.gc = true; break;
			case EV_GC_END: ns.gc = false; break;
			default: continue;
			}
			uint64_t at = r.time < since[ci] ? since[ci] : r.time;
			add_span(run, gc, ncols, t0, colw, (size_t)ci, since[ci], at, &st[ci]);
			since[ci] = at;
			st[ci] = ns;
		}
		merge_free(m);
		/* a state lasts until the log's last event, not beyond */
		uint64_t end = t1 < s->tmax ? t1 : s->tmax;
		for (size_t c = 0; c < tr->ncaps; c++)
			add_span(run, gc, ncols, t0, colw, c, since[c], end, &st[c]);
		free(st);
		free(since);
		/* the spans were added in column units: already fractions */
		return true;
	}
	*exact = false;
	double x0 = t0 >= tr->origin ? (double)(t0 - tr->origin) : -(double)(tr->origin - t0);
	for (size_t c = 0; c < tr->ncaps; c++) {
		if (!tr->run[c])
			continue;
		double pr = cum_at(tr, tr->run[c], x0), pg = cum_at(tr, tr->gcd[c], x0);
		for (unsigned k = 0; k < ncols; k++) {
			double e = x0 + (k + 1) * colw;
			double cr = cum_at(tr, tr->run[c], e), cg = cum_at(tr, tr->gcd[c], e);
			double fr = (cr - pr) / colw, fg = (cg - pg) / colw;
			/* a hair over 1 can only be rounding */
			run[c * ncols + k] = (float)(fr < 0 ? 0 : fr > 1 ? 1 : fr);
			gc[c * ncols + k] = (float)(fg < 0 ? 0 : fg > 1 ? 1 : fg);
			pr = cr;
			pg = cg;
		}
	}
	return true;
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
