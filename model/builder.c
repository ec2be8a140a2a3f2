/* The tracks pass: one builder per thread reads its segments of the file
 * and keeps what the tracks need (capability states in bins, threads,
 * collections' GC events, lists). */
#include "builder.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "vec.h"

/* Lists that grow charge their new capacity against the budget; the GC
 * events count GC_WEIGHT times their records, for the collections built
 * from them at the join. */
#define GC_WEIGHT 4

/* Room for one more element of size sz within the budget? When not, the
 * list it was for (cut: a TRACKS_CUT_* bit) is noted as cut. */
static bool builder_room(struct tb *b, size_t sz, unsigned cut)
{
	if (b->bytes + sz > b->budget) {
		b->over = true;
		b->cut |= cut;
		return false;
	}
	b->bytes += sz;
	return true;
}

/* Appends item when the budget allows; a full array that must grow is
 * charged for its new capacity (times weight); cut names the list. */
#define PUSH_W(b, arr, n, cap, item, weight, cut)                                      \
	do {                                                                           \
		if ((n) < (cap) ||                                                     \
		    builder_room((b), (weight) * ((cap) ? (cap) : 16) * sizeof *(arr), (cut))) { \
			if (!vec_push(arr, n, cap, item))                              \
				(b)->oom = true;                                       \
		}                                                                      \
	} while (0)
#define PUSH(b, arr, n, cap, item, cut) PUSH_W(b, arr, n, cap, item, 1, cut)

void tb_init(struct tb *b, const struct store *s, struct tracks *tr, uint64_t budget)
{
	memset(b, 0, sizeof *b);
	b->s = s;
	b->tr = tr;
	b->budget = budget;
	b->last_idx = -1;
	b->rts_threaded = b->rts_profiled = -1;
	b->win_t0 = UINT64_MAX; /* (unknown) */
}

/* Bins for a new capability while they fit the bin budget: all of them
 * in a serial pass; in a part of a split pass, none yet (they grow as the
 * part writes them: parts together hold about one set). */
static void cap_bins(struct tb *b, struct capb *c)
{
	const struct tracks *tr = b->tr;
	if (b->nbinned >= MAX_BINNED_CAPS || !tr->nbins ||
	    (uint64_t)(b->nbinned + 1) * (tr->nbins + 1) * BIN_BYTES > tr->bin_budget)
		return;
	if (!b->windowed && !tb_bins_cover(tr, c, 0, tr->nbins)) {
		b->over = true;
		b->cut |= TRACKS_CUT_BINS;
		return;
	}
	if (b->windowed && b->win_t1 >= b->win_t0 && b->win_t1 >= tr->origin) {
		uint64_t t0 = b->win_t0 > tr->origin ? b->win_t0 - tr->origin : 0;
		uint64_t i0 = t0 / tr->binw, i1 = (b->win_t1 - tr->origin) / tr->binw + 1;
		if (i0 <= tr->nbins) {
			c->hint_lo = (uint32_t)i0;
			c->hint_n = (uint32_t)((i1 < tr->nbins ? i1 : tr->nbins) - i0 + 1);
		}
	}
	c->binned = true;
	b->nbinned++;
}

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
	if (!builder_room(b, sizeof(struct capb), TRACKS_CUT_CAPS))
		return NULL;
	struct capb c = { .cap = cap, .run_slot = -1, .prefix = b->later_part };
	cap_bins(b, &c);
	if (!vec_push(b->caps, b->ncaps, b->capcap, c) ||
	    !idmap_put(&b->capmap, (uint32_t)cap, b->ncaps - 1)) {
		b->oom = true;
		return NULL;
	}
	return &b->caps[b->ncaps - 1];
}

struct thread_info *tb_thread_get(struct tb *b, uint32_t id)
{
	long i = idmap_get(&b->thmap, id);
	if (i >= 0)
		return &b->th[i];
	/* the table and its id map are charged as they grow */
	if (b->nth == b->thcap &&
	    !builder_room(b, (b->thcap ? b->thcap : 16) * sizeof *b->th, TRACKS_CUT_THREADS))
		return NULL;
	size_t grow = idmap_growth_bytes(&b->thmap);
	if (grow && !builder_room(b, grow, TRACKS_CUT_THREADS))
		return NULL;
	struct thread_info t = {
		.id = id, .created = UINT64_MAX, .first_run = UINT64_MAX,
		.finished = UINT64_MAX, .first_cap = EV_NO_CAP, .last_cap = EV_NO_CAP,
		.label_len = UINT32_MAX,
	};
	if (!vec_push(b->th, b->nth, b->thcap, t) || !idmap_put(&b->thmap, id, b->nth - 1)) {
		b->oom = true;
		return NULL;
	}
	return &b->th[b->nth - 1];
}

/* Adds [a, e) (clipped to the bins, a inside bin i0, e - 1 inside bin
 * i1 > i0) to acc (NULL: an idle state; acc[i - c->blo] is bin i's) and
 * records c's state at each bin starting inside it. */
static void account_bins(const struct tracks *tr, struct capb *c, uint64_t *acc, uint64_t a,
			 uint64_t e, size_t i0, size_t i1)
{
	uint64_t o = tr->origin, w = tr->binw;
	for (size_t i = i0; i <= i1; i++) {
		uint64_t lo = o + i * w, hi = lo > UINT64_MAX - w ? UINT64_MAX : lo + w;
		if (acc)
			acc[i - c->blo] += (e < hi ? e : hi) - (a > lo ? a : lo);
		if (lo > a) { /* a bin starting inside the interval */
			c->st_thread[i - c->blo] = c->running;
			c->st_gc[i - c->blo] = c->in_gc;
		}
	}
}

/* Binned c's bins hold [i0, i1]? Grown when they do not (false: out of
 * memory, which the join reports). */
static inline bool cover(const struct tracks *tr, struct capb *c, size_t i0, size_t i1)
{
	if (c->bn && i0 >= c->blo && i1 < (size_t)c->blo + c->bn)
		return true;
	if (!c->bins_nomem && tb_bins_cover(tr, c, (uint32_t)i0, (uint32_t)i1))
		return true;
	c->bins_nomem = true;
	return false;
}

static inline void builder_account(const struct tracks *tr, struct capb *c, uint64_t a, uint64_t e)
{
	if (c->acct_until && e > c->acct_until)
		e = c->acct_until;
	if (!c->binned || e <= a)
		return;
	uint64_t o = tr->origin, w = tr->binw, lim;
	unsigned sh = (unsigned)__builtin_ctzll(w); /* w is a power of two */
	/* the bins' end, o + nbins * w, saturated (a log can span 2^64 ns) */
	if (__builtin_mul_overflow((uint64_t)tr->nbins, w, &lim) || __builtin_add_overflow(lim, o, &lim))
		lim = UINT64_MAX;
	if (e <= o || a >= lim)
		return;
	if (a < o)
		a = o;
	if (e > lim)
		e = lim;
	size_t i0 = (size_t)((a - o) >> sh), i1 = (size_t)((e - 1 - o) >> sh);
	/* a bin starting exactly at e: the state just before e is this one */
	bool at_e = ((e - o) & (w - 1)) == 0 && ((e - o) >> sh) < tr->nbins;
	if (!cover(tr, c, i0, at_e ? i1 + 1 : i1))
		return;
	uint64_t *acc = c->in_gc ? c->gcd : c->running ? c->run : NULL;
	if (i0 == i1) { /* the common case: inside one bin, which starts at or before a */
		if (acc)
			acc[i0 - c->blo] += e - a;
	} else {
		account_bins(tr, c, acc, a, e, i0, i1);
	}
	if (at_e) {
		size_t i = (size_t)((e - o) >> sh);
		c->st_thread[i - c->blo] = c->running;
		c->st_gc[i - c->blo] = c->in_gc;
	}
}

void tb_account(const struct tracks *tr, struct capb *c, uint64_t a, uint64_t e)
{
	builder_account(tr, c, a, e);
}

/* (the state past a capability's last event is the one it left) */
void tb_state_after(const struct tracks *tr, struct capb *c, uint64_t t)
{
	if (!c->binned || t < tr->origin)
		return;
	uint64_t i = (t - tr->origin) / tr->binw + 1;
	if (i >= tr->nbins || !cover(tr, c, (size_t)i, tr->nbins - 1))
		return;
	for (; i < tr->nbins; i++) {
		c->st_thread[i - c->blo] = c->running;
		c->st_gc[i - c->blo] = c->in_gc;
	}
}

static void set_state(const struct tracks *tr, struct capb *c, uint64_t t, uint32_t running,
		      bool in_gc)
{
	if (!c->seen) {
		c->seen = true;
		c->since = t;
	}
	if (t < c->since) {
		t = c->since; /* the RTS posts a few events out of order */
		c->back = true;
	}
	builder_account(tr, c, c->since, t);
	c->running = running;
	c->in_gc = in_gc;
	c->since = t;
}

/* Of equal times the lowest capability wins, so that the answer does not
 * depend on the order events are read in, when a hostile log runs one
 * thread on two capabilities. */
void tb_seen_at(struct thread_info *ti, uint64_t t, int32_t cap)
{
	if (ti->last_cap == EV_NO_CAP || t > ti->last_seen ||
	    (t == ti->last_seen && cap < ti->last_cap)) {
		ti->last_seen = t;
		ti->last_cap = cap;
	}
}

void tb_stop_running(struct tb *b, struct capb *c, uint64_t t)
{
	if (!c->running)
		return;
	struct thread_info *ti = c->run_slot >= 0 ? &b->th[c->run_slot] : tb_thread_get(b, c->running);
	if (ti && t >= c->run_since)
		ti->run_ns += t - c->run_since;
	if (ti)
		tb_seen_at(ti, t, c->cap);
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

static void run_thread(struct tb *b, struct capb *c, uint64_t t, uint32_t id)
{
	if (c->running)
		tb_stop_running(b, c, t); /* a stop we never saw */
	set_state(b->tr, c, t, id, c->in_gc);
	c->run_since = t;
	struct thread_info *ti = tb_thread_get(b, id);
	c->run_slot = ti ? ti - b->th : -1;
	if (!ti)
		return;
	if (t < ti->first_run) {
		ti->first_run = t;
		ti->first_cap = c->cap;
	}
	tb_seen_at(ti, t, c->cap);
	ti->caps |= c->cap < 63 ? 1ull << c->cap : 1ull << 63;
	ti->nruns++;
}

void tb_state_event(struct tb *b, struct capb *c, uint16_t tag, uint64_t t, uint32_t id,
		    uint16_t status)
{
	switch (tag) {
	case EV_RUN_THREAD:
		run_thread(b, c, t, id);
		break;
	case EV_STOP_THREAD: {
		/* a STOP_THREAD ends the capability's run, whatever thread it
		 * names (GHC names the running one) */
		tb_stop_running(b, c, t);
		if (status == EV_STOP_FINISHED) {
			struct thread_info *ti = tb_thread_get(b, id);
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
		struct thread_info *ti = tb_thread_get(b, c->running);
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
		tb_state_event(b, c, tag, t, id, status);
		return;
	}
	if (tag == EV_RUN_THREAD || tag == EV_STOP_THREAD) {
		c->known_run = true;
		c->pre_run = tag == EV_RUN_THREAD ? id : 0;
	}
	c->known_gc |= tag == EV_GC_START || tag == EV_GC_END;
	if (c->known_run && c->known_gc)
		leave_prefix(b, c);
}

/* RUN_THREAD, STOP_THREAD, GC_START or GC_END at off, of capability c
 * (NULL: of no capability, or no room for one), read in place (the header
 * chose their layout, so the event is long enough for their fields). */
static void feed_state(struct tb *b, struct capb *c, uint64_t off, uint64_t t, uint16_t tag)
{
	if (!c)
		return;
	if (!c->any || t < c->tfirst)
		c->tfirst = t;
	if (!c->any || t > c->tlast)
		c->tlast = t;
	c->any = true;
	if (tag == EV_GC_START || tag == EV_GC_END)
		PUSH_W(b, b->gev, b->ngev, b->gevcap,
		       ((struct gcev){ t, off, c->cap, tag == EV_GC_START ? GE_START : GE_END }),
		       GC_WEIGHT, TRACKS_CUT_GCS);
	const uint8_t *at = store_bytes_at(b->fed, off);
	uint32_t id = tag <= EV_STOP_THREAD ? ev_thread_at(at, 0) : 0;
	uint16_t status = tag == EV_STOP_THREAD ? ev_stop_status_at(at, 0) : 0;
	if (c->prefix)
		log_pending(b, c, tag, t, id, status);
	else
		tb_state_event(b, c, tag, t, id, status);
}

/* CREATE_THREAD at off, read in place. */
static void feed_create(struct tb *b, uint64_t off, uint64_t t)
{
	struct thread_info *ti = tb_thread_get(b, ev_thread_at(store_bytes_at(b->fed, off), 0));
	if (ti && t < ti->created)
		ti->created = t;
}

static void feed_gcstats(struct tb *b, const struct ev *e, int32_t cap)
{
	struct gcstat g = {
		.time = e->time, .off = e->off, .cap = cap, .gen = (uint16_t)e->f[1].u,
		.copied = e->f[2].u, .slop = e->f[3].u, .frag = e->f[4].u,
		.par_n_threads = (uint32_t)e->f[5].u, .par_max_copied = e->f[6].u,
		.par_tot_copied = e->f[7].u, .has_balanced = e->nf > 8,
		.par_balanced_copied = e->nf > 8 ? e->f[8].u : 0,
	};
	PUSH_W(b, b->stats, b->nstats, b->stcap, g, 2, TRACKS_CUT_GCS);
}

/* THREAD_LABEL. */
static void feed_label(struct tb *b, const struct ev *e)
{
	struct thread_info *ti = tb_thread_get(b, (uint32_t)e->f[0].u);
	if (!ti || (ti->label_off != 0 && e->time < ti->label_time))
		return;
	ti->label_off = e->off;
	ti->label_time = e->time;
	/* the text's length when it is where the format puts it (after the
	 * event's head, its size and the thread), so that a label costs no
	 * decoding; else it is decoded when asked for */
	bool std = e->nf >= 2 && e->f[1].s &&
		   e->f[1].s == store_bytes_at(b->fed, e->off) + EV_HEAD_BYTES + 2 + 4 &&
		   e->f[1].u < UINT32_MAX;
	ti->label_len = std ? (uint32_t)e->f[1].u : UINT32_MAX;
}

/* The thread running on c at a mark now, and how it is known. */
static struct mark mark_of(const struct capb *c, const struct ev *e, int32_t cap)
{
	struct mark m = { .time = e->time, .off = e->off, .cap = cap, .tag = e->tag };
	if (cap == EV_NO_CAP) {
		m.thread_known = MARK_THREAD_YES; /* (no capability runs a thread) */
	} else if (c && !c->prefix) {
		m.thread = c->running;
		m.thread_known = MARK_THREAD_YES;
	} else if (c && c->known_run) {
		m.thread = c->pre_run;
		m.thread_known = MARK_THREAD_YES;
	} else if (c) {
		m.thread_known = MARK_THREAD_AT_START;
	}
	return m;
}

/* Samples and marks. */
static void feed_list(struct tb *b, const struct capb *c, const struct ev *e, int32_t cap)
{
	uint64_t t = e->time;
	switch (e->tag) {
	case EV_HEAP_SIZE:
		PUSH(b, b->hs, b->nhs, b->hscap, ((struct sample){ t, e->f[1].u }), TRACKS_CUT_HEAP);
		break;
	case EV_HEAP_LIVE:
		PUSH(b, b->hl, b->nhl, b->hlcap, ((struct sample){ t, e->f[1].u }), TRACKS_CUT_HEAP);
		break;
	case EV_BLOCKS_SIZE:
		PUSH(b, b->bsz, b->nbsz, b->bszcap, ((struct sample){ t, e->f[1].u }),
		     TRACKS_CUT_HEAP);
		break;
	case EV_HEAP_ALLOCATED:
		PUSH(b, b->alloc, b->nalloc, b->alcap,
		     ((struct capsample){ .time = t, .cap = cap, .v = { e->f[1].u } }),
		     TRACKS_CUT_ALLOC);
		break;
	case EV_SPARK_COUNTERS: {
		struct capsample cs = { .time = t, .cap = cap };
		for (int i = 0; i < 7; i++)
			cs.v[i] = e->f[i].u;
		PUSH(b, b->sparks, b->nsparks, b->spcap, cs, TRACKS_CUT_SPARKS);
		break;
	}
	case EV_CONC_MARK_BEGIN:
	case EV_CONC_MARK_END:
	case EV_CONC_SYNC_BEGIN:
	case EV_CONC_SYNC_END:
		PUSH(b, b->conc, b->nconc, b->conccap, ((struct concev){ t, e->off, e->tag }),
		     TRACKS_CUT_GCS);
		break;
	case EV_USER_MARKER:
	case EV_USER_MSG:
	case EV_LOG_MSG:
	case EV_USER_BINARY_MSG:
		PUSH(b, b->marks, b->nmarks, b->mkcap, mark_of(c, e, cap), TRACKS_CUT_MARKS);
		break;
	}
}

/* A tracked event other than the state events and CREATE_THREAD, decoded;
 * the layout is known good (the header chose a decoder for it). */
static void builder_feed(struct tb *b, const struct capb *c, const struct ev *e, int32_t cap)
{
	switch (e->tag) {
	case EV_THREAD_LABEL:
		feed_label(b, e);
		break;
	case EV_GC_GLOBAL_SYNC:
		if (cap != EV_NO_CAP)
			PUSH_W(b, b->gev, b->ngev, b->gevcap,
			       ((struct gcev){ e->time, e->off, cap, GE_SYNC }), GC_WEIGHT,
			       TRACKS_CUT_GCS);
		break;
	case EV_GC_STATS_GHC:
		feed_gcstats(b, e, cap);
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
		tb_rts_way(b, e->f[1].s, (size_t)e->f[1].u);
		break;
	case EV_HEAP_INFO_GHC: /* capset, gens, max heap, alloc area, mblock, block */
		b->gens = (uint16_t)e->f[1].u;
		b->mblock_size = e->f[4].u;
		break;
	case EV_STARTUP:
		b->startup = (uint16_t)e->f[0].u;
		break;
	default:
		feed_list(b, c, e, cap);
		break;
	}
}

void tb_tracked_init(void)
{
	pthread_once(&tracked_once, tracked_init);
}

/* b->ops for header h: what the pass does with each tag's events. */
static void ops_init(struct tb *b, const struct ev_header *h)
{
	tb_tracked_init();
	for (unsigned t = 0; t < 256; t++) {
		uint8_t op = OP_SKIP;
		if (t < h->nsel && tracked[t] && h->sel[t].layout != SEL_UNKNOWN_LAYOUT)
			op = t == EV_CREATE_THREAD ? OP_CREATE : t <= EV_GC_END ? OP_STATE : OP_DECODE;
		b->ops[t] = op;
	}
	b->ops_sel = h->sel;
	b->ops_ready = true;
}

/* The item at off (< end): its time, size and tag, inline when its tag
 * alone gives its size (ev_size_fast, with the header's table in hand),
 * else ev_size's answer. */
static inline enum ev_status item_at(const struct ev_header *h, const struct ev_sel *sel,
				     uint32_t nsel, const uint8_t *map, uint64_t off,
				     uint64_t end, uint64_t *t, uint32_t *size, uint16_t *tag)
{
	if (end - off >= EV_HEAD_BYTES) {
		uint16_t g = be16(map + off);
		uint32_t fs;
		if (g < nsel && (fs = sel[g].fixed) != 0 && fs <= end - off) {
			*t = be64(map + off + 2);
			*size = fs;
			*tag = g;
			return EV_OK;
		}
	}
	return ev_size(h, map, end, off, t, size, tag);
}

/* Feeds the tracked event at off (of capability cap, entry c; whole in
 * b->fed) to the tables, by its tag's op. */
static void feed_op(struct tb *b, struct capb *c, uint64_t off, uint64_t t, int32_t cap)
{
	const struct store_bytes *w = b->fed;
	uint16_t tag = ev_tag_at(store_bytes_at(w, off), 0);
	struct ev e;
	switch (b->ops[tag]) {
	case OP_STATE:
		feed_state(b, c, off, t, tag);
		break;
	case OP_CREATE:
		feed_create(b, off, t);
		break;
	case OP_DECODE:
		if (ev_decode(&b->s->hdr, w->p, w->end - w->base, off - w->base, &e) == EV_OK &&
		    !(e.bad & BAD_LEN)) {
			e.off = off;
			builder_feed(b, c, &e, cap);
		}
		break;
	}
}

/* tb_scan notes its tracked events as the store's index does for a sink. */
#define RUN_HITS STORE_RUN_HITS

/* Feeds a run's tracked events (of capability cap, entry c; c NULL when
 * it has none or there was no room for it) in file order. Kept out of
 * tb_scan's loop, which then holds its state in registers. */
static __attribute__((noinline)) void feed_hits(struct tb *b, struct capb *c, int32_t cap,
						 const struct store_hit *hits, size_t n,
						 const struct store_bytes *w)
{
	b->fed = w;
	for (size_t i = 0; i < n && !b->oom; i++)
		feed_op(b, c, hits[i].off, hits[i].t, cap);
	b->fed = NULL;
}

/* Widens c's extent (its first and last event of any kind) to [first, last]. */
static void cap_extent(struct capb *c, uint64_t first, uint64_t last)
{
	if (!c->ev_any || first < c->ev_first)
		c->ev_first = first;
	if (!c->ev_any || last > c->ev_last)
		c->ev_last = last;
	c->ev_any = true;
}

/* A tight loop steps over the events, keeping the extent of the current
 * run of events of one capability in hand and noting the tracked ones;
 * they are fed a run at a time, a run ending where the capability
 * changes (block markers) or its notes are full. So the tables see the
 * events in file order, and a capability's entry is looked up (cap_get,
 * which alone adds entries and charges them to the budget) once a run,
 * before the run's events are fed, as a pass feeding each event at once
 * would charge them. */
void tb_scan(struct tb *b, uint64_t off, uint64_t end, struct capstate *csp)
{
	const struct store *s = b->s;
	const struct ev_header *h = &s->hdr;
	if (!b->ops_ready || b->ops_sel != h->sel)
		ops_init(b, h);
	const struct ev_sel *sel = h->sel;
	const uint32_t nsel = h->nsel;
	const uint8_t *map = s->map, *ops = b->ops;
	const struct store_bytes bytes = { map, 0, end };
	const volatile sig_atomic_t *fault = store_fault_flag(s);
	struct capstate cs = *csp;
	int32_t rcap = EV_NO_CAP; /* the run: its capability, entry, extent, notes */
	struct capb *rc = NULL;
	uint64_t first = 0, last = 0;
	bool any = false;
	struct store_hit hits[RUN_HITS];
	size_t nh = 0;
	bool ok = true;
	while (off < end && !b->oom && !*fault) {
		uint64_t t;
		uint32_t size;
		uint16_t tag;
		enum ev_status st = item_at(h, sel, nsel, map, off, end, &t, &size, &tag);
		if (st == EV_DATAEND) {
			off += 2;
			continue;
		}
		if (st != EV_OK) {
			ok = false; /* the index stopped here too */
			break;
		}
		int32_t cap = ev_capstate_step_at(&cs, h, map, off, tag, size);
		if (cap != rcap || nh == RUN_HITS) {
			feed_hits(b, rc, rcap, hits, nh, &bytes);
			nh = 0;
			if (cap != rcap) {
				if (rc && any)
					cap_extent(rc, first, last);
				any = false;
				rcap = cap;
				rc = cap != EV_NO_CAP ? cap_get(b, cap) : NULL;
			}
		}
		if (rc) { /* the capability's data: first to last event */
			first = !any || t < first ? t : first;
			last = !any || t > last ? t : last;
			any = true;
		}
		if (tag < 256 && ops[tag] != OP_SKIP)
			hits[nh++] = (struct store_hit){ off, t };
		off += size;
	}
	if (nh)
		feed_hits(b, rc, rcap, hits, nh, &bytes);
	if (rc && any)
		cap_extent(rc, first, last);
	if (ok)
		*csp = cs;
}

void tb_want(struct tb *b, uint8_t want[256])
{
	const struct ev_header *h = &b->s->hdr;
	if (!b->ops_ready || b->ops_sel != h->sel)
		ops_init(b, h);
	for (unsigned t = 0; t < 256; t++)
		want[t] = b->ops[t] != OP_SKIP;
}

/* (as tb_scan's loop feeds a run: the entry first, then the events, then
 * the extent; a run that tb_scan would feed in one go may come in pieces,
 * and cap_get charges an entry only once) */
void tb_feed_run(struct tb *b, const struct store_bytes *w, int32_t cap,
		 const struct store_hit *hits, size_t n, bool any, uint64_t first, uint64_t last)
{
	if (b->oom || !b->ops_ready)
		return;
	struct capb *c = cap != EV_NO_CAP ? cap_get(b, cap) : NULL;
	feed_hits(b, c, cap, hits, n, w);
	if (c && any)
		cap_extent(c, first, last);
}

/* (the index's segments cover exactly what it decoded, and none runs
 * across a cut) */
void *tb_run_worker(void *arg)
{
	struct worker *w = arg;
	const struct store *s = w->b.s;
	tb_tracked_init();
	for (size_t i = 0; i < s->nsegs && !w->b.oom; i++) {
		const struct seg *g = &s->segs[i];
		if (g->off < w->from || g->off >= w->to)
			continue;
		struct capstate cs = g->cs;
		tb_scan(&w->b, g->off, g->end, &cs);
		progress_advance(w->progress, g->end - g->off);
	}
	return NULL;
}

void tb_free(struct tb *b)
{
	for (size_t i = 0; i < b->ncaps; i++) {
		free(b->caps[i].pend);
		tb_capb_free_bins(&b->caps[i]);
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
