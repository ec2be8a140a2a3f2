/* Every collection from the store's events (gcs_stream.h). The steps are
 * collections.c's, in the order the events come: a capability's
 * GC_START .. GC_END paired in its order (pair_ivals), a GC_GLOBAL_SYNC
 * noted in its interval or, posted after its GC_END, in the last one
 * (pair_ivals), one collection per GC_STATS_GHC on its capability's last
 * interval unless one has it (form_by_stats), and another capability's
 * interval in the collection whose sync is the first at or after its
 * start, when it ends at or after that sync (join_others). A collection
 * is given once every interval in it has ended. */
#include "gcs_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "vec.h"

/* Collections under way, or intervals not placed, past this: a log no
 * program writes (the memory would grow with it); the stream fails. */
#define GS_MAX_PENDING (1u << 20)

struct gs_part {
	int32_t cap;
	uint64_t start, end;
	bool open, gone; /* its GC_END not yet read; dropped (no interval after all) */
};

/* A collection formed, its intervals still ending. */
struct gs_coll {
	struct gcs_row row;
	struct gs_part *parts;
	size_t nparts, pcap, nopen;
};

/* An interval of a capability, not in a collection yet. */
struct gs_iv {
	uint64_t start, end;
};

struct gs_stat {
	uint64_t time;
	uint16_t gen;
	uint32_t par;
	uint64_t copied;
	int32_t cap;
};

struct gs_cap {
	int32_t cap;
	bool open; /* the interval under way */
	uint64_t cur, cur_sync;
	bool cur_has_sync;
	long cur_coll; /* the collection it is in (its id), or -1 */
	size_t cur_part;
	bool closed; /* the last interval that ended */
	uint64_t c_start, c_end, c_sync;
	bool c_has_sync, c_taken; /* taken: a collection's own (initiator's) */
	long c_coll;              /* the collection it is in as another's, or -1 */
	size_t c_part;
	bool c_free; /* it is the last of un (in no collection yet) */
	struct gs_iv *un; /* ended intervals in no collection yet, in order */
	size_t nun, uncap;
	bool pend; /* a GC_STATS_GHC inside the open interval */
	struct gs_stat pst;
};

struct gcs_stream {
	const struct store *s;
	struct merge *m;
	uint64_t from;
	struct gs_cap *caps;
	size_t ncaps, capcap;
	struct gs_coll *q; /* collections under way, by id - qbase */
	size_t nq, qcap, qhead;
	long qbase; /* the id of q[0] */
	bool any_start, nstats, ended, failed;
	size_t max_pending; /* GS_MAX_PENDING, or less (gcs_stream_limit) */
};

static bool gs_cap_before(const void *e, const void *k)
{
	return ((const struct gs_cap *)e)->cap < *(const int32_t *)k;
}

static struct gs_cap *gs_cap_of(struct gcs_stream *g, int32_t cap)
{
	size_t lo = lower_bound(g->caps, g->ncaps, sizeof *g->caps, &cap, gs_cap_before);
	if (lo < g->ncaps && g->caps[lo].cap == cap)
		return &g->caps[lo];
	struct gs_cap c = { .cap = cap, .cur_coll = -1, .c_coll = -1 };
	if (!vec_push(g->caps, g->ncaps, g->capcap, c)) {
		g->failed = true;
		return NULL;
	}
	memmove(&g->caps[lo + 1], &g->caps[lo], (g->ncaps - 1 - lo) * sizeof *g->caps);
	g->caps[lo] = c;
	return &g->caps[lo];
}

static struct gs_coll *gs_coll(struct gcs_stream *g, long id)
{
	long i = id - g->qbase;
	return i >= (long)g->qhead && i < (long)g->nq ? &g->q[i] : NULL;
}

/* A part of collection id (the interval of cap from start to end). */
static bool gs_add_part(struct gcs_stream *g, long id, int32_t cap, uint64_t start, uint64_t end,
			bool open, size_t *at)
{
	struct gs_coll *c = gs_coll(g, id);
	if (!c)
		return false;
	struct gs_part p = { cap, start, end, open, false };
	if (!vec_push(c->parts, c->nparts, c->pcap, p)) {
		g->failed = true;
		return false;
	}
	c->nopen += open;
	if (at)
		*at = c->nparts - 1;
	return true;
}

/* A part that turned out no interval (its capability started another
 * before it ended), or another collection's own: out of its collection. */
static void gs_drop_part(struct gcs_stream *g, long id, size_t part)
{
	struct gs_coll *c = gs_coll(g, id);
	if (!c || part >= c->nparts || c->parts[part].gone)
		return;
	if (c->parts[part].open)
		c->nopen--;
	c->parts[part].gone = true;
}

/* The intervals not in a collection that start at or before sync go to
 * collection id when they end at or after it (join_others); the others
 * are in none. */
static void gs_place(struct gcs_stream *g, long id, uint64_t sync)
{
	for (size_t i = 0; i < g->ncaps && !g->failed; i++) {
		struct gs_cap *k = &g->caps[i];
		size_t w = 0;
		for (size_t j = 0; j < k->nun; j++) {
			const struct gs_iv *v = &k->un[j];
			if (v->start > sync) {
				k->un[w++] = *v;
				continue;
			}
			bool last = j + 1 == k->nun && k->c_free;
			if (v->end >= sync) {
				size_t at = 0;
				gs_add_part(g, id, k->cap, v->start, v->end, false, &at);
				if (last) {
					k->c_coll = id;
					k->c_part = at;
				}
			}
			if (last)
				k->c_free = false;
		}
		k->nun = w;
		if (k->open && k->cur_coll < 0 && k->cur <= sync && !k->pend)
			if (gs_add_part(g, id, k->cap, k->cur, k->cur, true, &k->cur_part))
				k->cur_coll = id;
	}
}

/* A collection for stat st, on c's last ended interval when init (which
 * leaves any other collection, or the intervals in none), else at the
 * stat's time; then the others' intervals placed. */
static void gs_form(struct gcs_stream *g, struct gs_cap *c, const struct gs_stat *st, bool init)
{
	if (g->nq - g->qhead >= g->max_pending) {
		g->failed = true;
		return;
	}
	struct gs_coll k = { .row = { .start = st->time, .end = st->time, .cap = st->cap,
				      .gen = st->gen, .par_n_threads = st->par, .copied = st->copied } };
	uint64_t sync = st->time;
	if (!vec_push(g->q, g->nq, g->qcap, k)) {
		g->failed = true;
		return;
	}
	long id = g->qbase + (long)g->nq - 1;
	if (init) {
		c->c_taken = true;
		struct gs_coll *x = gs_coll(g, id);
		x->row.start = c->c_start;
		x->row.end = c->c_end;
		sync = c->c_has_sync ? c->c_sync : c->c_end;
		if (sync < c->c_start)
			sync = c->c_start;
		if (c->c_coll >= 0) { /* another's part until now */
			gs_drop_part(g, c->c_coll, c->c_part);
			c->c_coll = -1;
		} else if (c->c_free && c->nun) {
			c->nun--;
		}
		c->c_free = false;
		gs_add_part(g, id, c->cap, c->c_start, c->c_end, false, NULL);
	}
	gs_place(g, id, sync);
}

static void gs_on_closed(struct gcs_stream *g, struct gs_cap *c, const struct gs_stat *st)
{
	gs_form(g, c, st, c && c->closed && !c->c_taken);
}

static void gs_start(struct gcs_stream *g, struct gs_cap *c, uint64_t t)
{
	if (c->pend) {
		c->pend = false;
		gs_on_closed(g, c, &c->pst);
	}
	if (c->open && c->cur_coll >= 0) /* it never ended: no interval */
		gs_drop_part(g, c->cur_coll, c->cur_part);
	c->open = true;
	c->cur = t;
	c->cur_has_sync = false;
	c->cur_coll = -1;
}

static void gs_end(struct gcs_stream *g, struct gs_cap *c, uint64_t t)
{
	if (!c->open)
		return;
	c->open = false;
	uint64_t end = t < c->cur ? c->cur : t;
	c->closed = true;
	c->c_start = c->cur;
	c->c_end = end;
	c->c_has_sync = c->cur_has_sync;
	c->c_sync = c->cur_sync;
	c->c_taken = false;
	c->c_coll = c->cur_coll;
	c->c_part = c->cur_part;
	c->c_free = false;
	if (c->cur_coll >= 0) {
		struct gs_coll *k = gs_coll(g, c->cur_coll);
		if (k && c->cur_part < k->nparts && !k->parts[c->cur_part].gone) {
			k->parts[c->cur_part].end = end;
			k->parts[c->cur_part].open = false;
			k->nopen--;
		}
	} else {
		struct gs_iv v = { c->cur, end };
		if (!vec_push(c->un, c->nun, c->uncap, v) || c->nun > g->max_pending)
			g->failed = true;
		c->c_free = true;
	}
	c->cur_coll = -1;
	if (c->pend) {
		c->pend = false;
		gs_form(g, c, &c->pst, true);
	}
}

static void gs_sync(struct gs_cap *c, uint64_t t)
{
	if (c->open && !c->cur_has_sync) {
		c->cur_sync = t;
		c->cur_has_sync = true;
	} else if (!c->open && c->closed && !c->c_has_sync) {
		c->c_sync = t; /* posted after its GC_END */
		c->c_has_sync = true;
	}
}

static void gs_stats(struct gcs_stream *g, struct gs_cap *c, const struct ev *e, int32_t cap)
{
	struct gs_stat st = { .time = e->time, .gen = (uint16_t)e->f[1].u, .copied = e->f[2].u,
			      .par = (uint32_t)e->f[5].u, .cap = cap };
	g->nstats = true;
	if (c && c->open && !c->pend) {
		c->pend = true;
		c->pst = st;
		return;
	}
	gs_form(g, c, &st, c && !c->open && c->closed && !c->c_taken);
}

static int cmp_part(const void *a, const void *b)
{
	const struct gs_part *x = a, *y = b;
	return cmp_then(cmp_i64(x->cap, y->cap), cmp_u64(x->start, y->start));
}

/* The row of collection k, its parts in capability order. */
static void gs_row(struct gs_coll *k, struct gcs_row *row)
{
	*row = k->row;
	row->pause = row->end - row->start;
	row->span_start = row->start;
	row->span_end = row->end;
	qsort(k->parts, k->nparts, sizeof *k->parts, cmp_part);
	size_t w = 0, n = 0;
	row->caps[0] = 0;
	for (size_t i = 0; i < k->nparts; i++) {
		const struct gs_part *p = &k->parts[i];
		if (p->gone)
			continue;
		if (p->start < row->span_start)
			row->span_start = p->start;
		if (p->end > row->span_end)
			row->span_end = p->end;
		if (w + 12 < sizeof row->caps)
			w += (size_t)snprintf(row->caps + w, sizeof row->caps - w, n ? ",%d" : "%d",
					      p->cap);
		n++;
	}
	if (!n)
		snprintf(row->caps, sizeof row->caps, "-");
}

/* The events until a collection is whole (or the events end). */
static void gs_read(struct gcs_stream *g)
{
	const struct ev *e;
	int32_t cap;
	while (!g->failed && (g->qhead == g->nq || g->q[g->qhead].nopen) &&
	       (e = merge_next(g->m, &cap)) != NULL) {
		if (e->bad & BAD_LEN)
			continue;
		struct gs_cap *c = cap != EV_NO_CAP ? gs_cap_of(g, cap) : NULL;
		if (cap != EV_NO_CAP && !c)
			break;
		switch (e->tag) {
		case EV_GC_START:
			g->any_start = true;
			if (c)
				gs_start(g, c, e->time);
			break;
		case EV_GC_END:
			if (c)
				gs_end(g, c, e->time);
			break;
		case EV_GC_GLOBAL_SYNC:
			if (c)
				gs_sync(c, e->time);
			break;
		case EV_GC_STATS_GHC:
			if (e->nf > 7)
				gs_stats(g, c, e, cap);
			break;
		}
	}
	if (g->failed || (g->qhead < g->nq && !g->q[g->qhead].nopen))
		return;
	/* the end: a stat whose interval never ended takes the one before; an
	 * interval that never ended is none */
	if (!g->ended) {
		g->ended = true;
		if (merge_failed(g->m) || store_faulted(g->s) || (!g->nstats && g->any_start)) {
			g->failed = true;
			return;
		}
		for (size_t i = 0; i < g->ncaps; i++) {
			struct gs_cap *c = &g->caps[i];
			if (c->pend) {
				c->pend = false;
				gs_on_closed(g, c, &c->pst);
			}
			if (c->open && c->cur_coll >= 0)
				gs_drop_part(g, c->cur_coll, c->cur_part);
			c->open = false;
		}
	}
}

struct gcs_stream *gcs_stream_new(const struct store *s, uint64_t from)
{
	static const uint16_t tags[] = { EV_GC_START, EV_GC_END, EV_GC_GLOBAL_SYNC,
					 EV_GC_STATS_GHC };
	struct gcs_stream *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->s = s;
	g->from = from;
	g->max_pending = GS_MAX_PENDING;
	g->m = merge_new_tags(s, 0, 0, tags, sizeof tags / sizeof *tags);
	if (!g->m) {
		free(g);
		return NULL;
	}
	return g;
}

void gcs_stream_limit(struct gcs_stream *g, uint64_t bytes)
{
	uint64_t n = bytes / sizeof(struct gs_coll);
	n = n < 64 ? 64 : n;
	if (n < g->max_pending)
		g->max_pending = (size_t)n;
}

bool gcs_stream_next(struct gcs_stream *g, struct gcs_row *row)
{
	for (;;) {
		gs_read(g);
		if (g->failed || g->qhead == g->nq)
			return false;
		struct gs_coll *k = &g->q[g->qhead];
		gs_row(k, row);
		free(k->parts);
		g->qhead++;
		if (g->qhead == g->nq || g->qhead > g->nq / 2) { /* the queue from its start */
			memmove(g->q, g->q + g->qhead, (g->nq - g->qhead) * sizeof *g->q);
			g->qbase += (long)g->qhead;
			g->nq -= g->qhead;
			g->qhead = 0;
		}
		if (row->start >= g->from)
			return true;
	}
}

bool gcs_stream_failed(const struct gcs_stream *g)
{
	return g->failed;
}

void gcs_stream_free(struct gcs_stream *g)
{
	if (!g)
		return;
	for (size_t i = g->qhead; i < g->nq; i++)
		free(g->q[i].parts);
	free(g->q);
	for (size_t i = 0; i < g->ncaps; i++)
		free(g->caps[i].un);
	free(g->caps);
	merge_free(g->m);
	free(g);
}
