/* The merged iteration of the store's segments in (time, offset) order:
 * a heap of one cursor per segment that overlaps the current time. */
#include "store.h"

#include <stdlib.h>
#include <string.h>

#include "classes.h"
#include "order.h"
#include "vec.h"

struct cursor {
	uint64_t next; /* offset of the item after ref */
	uint64_t end;
	uint64_t from;        /* skip events before this time */
	const uint8_t *want;  /* by tag, or NULL for all */
	uint16_t wantmask;    /* the wanted classes, as checkpoint masks have them */
	size_t ck, ckend;     /* the next checkpoint to reach, and the segment's last + 1 */
	struct capstate cs;
	struct evref ref; /* the current event of this segment */
	/* an unsorted segment: its wanted events sorted by (time, offset) when
	 * it starts (sorted[pos..nsorted)), or, when the merge already holds
	 * merge_sorted_max such arrays, a scan of it from its start at each
	 * step for the least (time, offset) after the last one returned */
	bool unsorted, started;
	uint64_t seg_off;
	struct capstate seg_cs;
	struct evref *sorted;
	uint32_t nsorted, pos;
};

/* Unsorted segments a merge holds sorted at once: at most this many arrays
 * of SEG_UNSORTED_MAX entries (about 12 KB each); past that, scans. */
size_t merge_sorted_max = 256;

struct merge {
	const struct store *s;
	const struct seg_order *order; /* the store's segments by (t0, off) */
	size_t npending; /* order[npending..nsegs) not yet started */
	size_t nsegs;
	struct cursor *pool;
	size_t *heap;    /* indices into pool, min-heap by (time, off) */
	size_t nheap, cap;
	size_t *freel;
	size_t nfree;
	size_t npool;
	bool have_top; /* the top was returned and must advance */
	bool failed;   /* out of memory: the merge ended early */
	uint64_t pend_t0, pend_off; /* key of order[npending], when any */
	uint64_t from;     /* events before this time are not wanted */
	uint8_t *want;     /* by tag (hdr.nsel entries): 1 when wanted; NULL: all */
	uint16_t wantmask;
	size_t nsorted; /* cursors holding a sorted array */
	uint64_t nread; /* items whose head was read */
	size_t nstarted; /* segments started */
	struct ev ev;   /* merge_next's decoded event */
};

static inline bool less(const struct cursor *a, const struct cursor *b)
{
	return a->ref.time < b->ref.time || (a->ref.time == b->ref.time && a->ref.off < b->ref.off);
}

static void sift_down(struct merge *m, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, best = i;
		if (l < m->nheap && less(&m->pool[m->heap[l]], &m->pool[m->heap[best]]))
			best = l;
		if (r < m->nheap && less(&m->pool[m->heap[r]], &m->pool[m->heap[best]]))
			best = r;
		if (best == i)
			return;
		size_t t = m->heap[i];
		m->heap[i] = m->heap[best];
		m->heap[best] = t;
		i = best;
	}
}

static void sift_up(struct merge *m, size_t i)
{
	while (i > 0) {
		size_t p = (i - 1) / 2;
		if (!less(&m->pool[m->heap[i]], &m->pool[m->heap[p]]))
			return;
		size_t t = m->heap[i];
		m->heap[i] = m->heap[p];
		m->heap[p] = t;
		i = p;
	}
}

static int cmp_evref(const void *a, const void *b)
{
	const struct evref *x = a, *y = b;
	return cmp_then(cmp_u64(x->time, y->time), cmp_u64(x->off, y->off));
}

/* The next wanted event of an unsorted segment from *off on (its
 * capability state in *cs), into r; false at its end. */
static bool unsorted_next(const struct store *s, const struct cursor *c, uint64_t *off,
			  struct capstate *cs, struct evref *r, uint64_t *nread)
{
	while (*off < c->end) {
		++*nread;
		enum ev_status st =
			ev_size_fast(&s->hdr, s->map, c->end, *off, &r->time, &r->size, &r->tag)
				? EV_OK
				: ev_size(&s->hdr, s->map, c->end, *off, &r->time, &r->size, &r->tag);
		if (st == EV_DATAEND) {
			*off += 2;
			continue;
		}
		if (st != EV_OK)
			return false;
		r->cap = ev_capstate_step_at(cs, &s->hdr, s->map, *off, r->tag, r->size);
		r->off = *off;
		*off += r->size;
		if (r->time >= c->from && (!c->want || c->want[r->tag]))
			return true;
	}
	return false;
}

/* Sorts an unsorted segment's wanted events into c->sorted; false when out
 * of memory (the cursor then scans). */
static bool sort_unsorted(const struct store *s, struct cursor *c, uint64_t *nread)
{
	struct evref *v = malloc(SEG_UNSORTED_MAX * sizeof *v), r;
	if (!v)
		return false;
	uint32_t n = 0;
	struct capstate cs = c->seg_cs;
	for (uint64_t off = c->seg_off; n < SEG_UNSORTED_MAX && unsorted_next(s, c, &off, &cs, &r, nread);)
		v[n++] = r;
	qsort(v, n, sizeof *v, cmp_evref);
	c->sorted = v;
	c->nsorted = n;
	c->pos = 0;
	return true;
}

/* The next event of an unsorted segment's cursor: the least (time, offset)
 * after the last one returned, wanted, not before from: from its sorted
 * array, or by a scan of the segment (O(its events, at most
 * SEG_UNSORTED_MAX)). */
static bool cursor_load_unsorted(struct merge *m, struct cursor *c)
{
	const struct store *s = m->s;
	if (!c->started && !c->sorted && m->nsorted < merge_sorted_max &&
	    sort_unsorted(s, c, &m->nread))
		m->nsorted++;
	if (c->sorted) {
		if (c->pos >= c->nsorted) {
			free(c->sorted);
			c->sorted = NULL;
			m->nsorted--;
			return false;
		}
		c->ref = c->sorted[c->pos++];
		c->started = true;
		return true;
	}
	struct capstate cs = c->seg_cs;
	struct evref best = { 0 }, r;
	bool found = false;
	for (uint64_t off = c->seg_off; unsorted_next(s, c, &off, &cs, &r, &m->nread);) {
		if (c->started && cmp_evref(&r, &c->ref) <= 0)
			continue;
		if (!found || cmp_evref(&r, &best) < 0) {
			best = r;
			found = true;
		}
	}
	if (!found)
		return false;
	c->ref = best;
	c->started = true;
	return true;
}

/* Reads the next event of a cursor (time and size only), skipping DATA_END
 * markers. */
static bool cursor_load(struct merge *m, struct cursor *c)
{
	const struct store *s = m->s;
	if (c->unsorted)
		return cursor_load_unsorted(m, c);
	while (c->next < c->end) {
		/* at a checkpoint: when nothing up to the next one is wanted,
		 * jump there (its capability state is kept) */
		while (c->ck < c->ckend && c->next >= s->ckpts[c->ck].off) {
			const struct ckpt *k = &s->ckpts[c->ck];
			if (!c->want || (k->classes & c->wantmask)) {
				c->ck++;
				break;
			}
			c->ck++;
			if (c->ck < c->ckend) {
				c->next = s->ckpts[c->ck].off;
				c->cs = s->ckpts[c->ck].cs;
			} else {
				c->next = c->end;
			}
		}
		if (c->next >= c->end)
			break;
		struct evref *r = &c->ref;
		m->nread++;
		enum ev_status st =
			ev_size_fast(&s->hdr, s->map, c->end, c->next, &r->time, &r->size, &r->tag)
				? EV_OK
				: ev_size(&s->hdr, s->map, c->end, c->next, &r->time, &r->size,
					  &r->tag);
		if (st == EV_DATAEND) {
			c->next += 2;
			continue;
		}
		if (st != EV_OK)
			return false; /* the index said otherwise; stop this run */
		r->off = c->next;
		r->cap = ev_capstate_step_at(&c->cs, &s->hdr, s->map, r->off, r->tag, r->size);
		c->next += r->size;
		if (r->time < c->from || (c->want && !c->want[r->tag]))
			continue; /* the capability state has stepped over it */
		return true;
	}
	return false;
}

static void start_segment(struct merge *m, const struct seg *g, size_t ck);

static bool ckpt_before_t(const void *e, const void *k)
{
	return ((const struct ckpt *)e)->time < *(const uint64_t *)k;
}

static bool order_before_t(const void *e, const void *k)
{
	return ((const struct seg_order *)e)->t0 < *(const uint64_t *)k;
}

/* The last checkpoint of segment g before time t (its first if none). */
static const struct ckpt *merge_ckpt_before(const struct store *s, const struct seg *g, uint64_t t)
{
	/* the first checkpoint with time >= t */
	size_t lo = lower_bound(s->ckpts + g->ck0, g->nck, sizeof *s->ckpts, &t, ckpt_before_t);
	return &s->ckpts[g->ck0 + (lo ? lo - 1 : 0)];
}

/* The bit a tag is found by in the index: its own (IX_*), or its class's. */
static uint16_t tag_want_bit(const struct store *s, uint16_t tag)
{
	uint16_t b = tag < s->hdr.nsel ? s->tagclass[tag] : (uint16_t)CLASS_BIT(class_of(tag));
	uint16_t own = (uint16_t)(b & ~CLASS_ALL);
	return own ? own : b;
}

uint16_t store_want_bits(const struct store *s, class_set classes, const uint16_t *tags,
			 size_t ntags)
{
	uint16_t w = (uint16_t)(classes & CLASS_ALL);
	for (size_t i = 0; i < ntags; i++)
		w |= tag_want_bit(s, tags[i]);
	return w;
}

bool store_may_have(const struct store *s, class_set classes, const uint16_t *tags,
		    size_t ntags)
{
	return (s->classes & store_want_bits(s, classes, tags, ntags)) != 0;
}

/* The wanted tags: those of the classes, and tags[0 .. ntags). False when
 * out of memory. */
static bool set_want(struct merge *m, class_set classes, const uint16_t *tags, size_t ntags)
{
	const struct store *s = m->s;
	if ((classes & CLASS_ALL) == CLASS_ALL || !s->hdr.nsel)
		return true;
	m->want = malloc(s->hdr.nsel);
	if (!m->want)
		return false;
	for (uint32_t t = 0; t < s->hdr.nsel; t++)
		m->want[t] = (classes & CLASS_BIT(class_of((uint16_t)t))) != 0;
	for (size_t i = 0; i < ntags; i++)
		if (tags[i] < s->hdr.nsel)
			m->want[tags[i]] = 1;
	m->wantmask = store_want_bits(s, classes, tags, ntags);
	return true;
}

struct merge *merge_new_at(const struct store *s, uint64_t from, class_set classes)
{
	return merge_new_tags(s, from, classes, NULL, 0);
}

struct merge *merge_new_tags(const struct store *s, uint64_t from, class_set classes,
			     const uint16_t *tags, size_t ntags)
{
	struct merge *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->s = s;
	m->from = from;
	if (!set_want(m, classes, tags, ntags)) {
		free(m);
		return NULL;
	}
	m->order = s->order;
	m->nsegs = s->nsegs;
	if (m->want && !(s->classes & m->wantmask)) {
		m->npending = m->nsegs; /* none of the events wanted is in the log */
		return m;
	}
	/* segments starting at or after from wait their turn; of those before,
	 * the ones still running at from start now, at their checkpoint */
	size_t k = lower_bound(s->order, s->nsegs, sizeof *s->order, &from, order_before_t);
	for (size_t c = 0; c * ORDER_CHUNK < k; c++) {
		if (s->chunk_t1[c] < from)
			continue;
		size_t e = (c + 1) * ORDER_CHUNK < k ? (c + 1) * ORDER_CHUNK : k;
		for (size_t i = c * ORDER_CHUNK; i < e; i++) {
			const struct seg *g = &s->segs[s->order[i].seg];
			if (g->t1 < from)
				continue;
			const struct ckpt *ck = merge_ckpt_before(s, g, from);
			start_segment(m, g, g->nck ? (size_t)(ck - s->ckpts) : 0);
		}
	}
	m->npending = k;
	if (k < m->nsegs) {
		m->pend_t0 = m->order[k].t0;
		m->pend_off = m->order[k].off;
	}
	return m;
}

struct merge *merge_new(const struct store *s)
{
	return merge_new_at(s, 0, CLASS_ALL);
}

static bool ensure_room(struct merge *m)
{
	if (m->nfree || m->npool < m->cap)
		return true;
	size_t n = m->cap ? m->cap * 2 : 16;
	if (n < m->cap)
		return false;
	struct cursor *p = xreallocarray(m->pool, n, sizeof *p);
	if (!p)
		return false;
	m->pool = p;
	size_t *h = xreallocarray(m->heap, n, sizeof *h);
	if (!h)
		return false;
	m->heap = h;
	size_t *f = xreallocarray(m->freel, n, sizeof *f);
	if (!f)
		return false;
	m->freel = f;
	m->cap = n;
	return true;
}

/* Starts a cursor on segment g at its checkpoint ck. */
static void start_segment(struct merge *m, const struct seg *g, size_t ck)
{
	if (m->want && !(g->classes & m->wantmask))
		return; /* none of its events is wanted: it is not read */
	m->nstarted++;
	uint64_t off = g->nck ? m->s->ckpts[ck].off : g->off;
	struct capstate cs = g->nck ? m->s->ckpts[ck].cs : g->cs;
	if (!ensure_room(m)) {
		m->failed = true;
		return;
	}
	size_t slot = m->nfree ? m->freel[--m->nfree] : m->npool++;
	struct cursor *c = &m->pool[slot];
	c->next = off;
	c->end = g->end;
	c->cs = cs;
	c->from = m->from;
	c->want = m->want;
	c->wantmask = m->wantmask;
	c->ck = g->nck ? ck : 0;
	c->ckend = g->nck ? g->ck0 + g->nck : 0;
	c->unsorted = g->unsorted;
	c->started = false;
	c->sorted = NULL;
	c->seg_off = g->off;
	c->seg_cs = g->cs;
	if (!cursor_load(m, c)) {
		m->freel[m->nfree++] = slot;
		return;
	}
	m->heap[m->nheap++] = slot;
	sift_up(m, m->nheap - 1);
}

bool merge_step(struct merge *m, struct evref *out)
{
	const struct store *s = m->s;
	if (m->have_top) {
		size_t slot = m->heap[0];
		if (cursor_load(m, &m->pool[slot])) {
			sift_down(m, 0);
		} else {
			m->freel[m->nfree++] = slot;
			m->heap[0] = m->heap[--m->nheap];
			if (m->nheap)
				sift_down(m, 0);
		}
		m->have_top = false;
	}
	while (m->npending < m->nsegs) {
		if (m->nheap) {
			const struct cursor *top = &m->pool[m->heap[0]];
			if (m->pend_t0 > top->ref.time ||
			    (m->pend_t0 == top->ref.time && m->pend_off > top->ref.off))
				break;
		}
		const struct seg *g = &s->segs[m->order[m->npending++].seg];
		if (m->npending < m->nsegs) {
			m->pend_t0 = m->order[m->npending].t0;
			m->pend_off = m->order[m->npending].off;
		}
		start_segment(m, g, g->ck0);
	}
	if (!m->nheap || m->failed)
		return false;
	m->have_top = true;
	*out = m->pool[m->heap[0]].ref;
	return true;
}

const struct ev *merge_next(struct merge *m, int32_t *cap)
{
	struct evref r;
	if (!merge_step(m, &r))
		return NULL;
	if (ev_decode(&m->s->hdr, m->s->map, m->s->size, r.off, &m->ev) != EV_OK)
		return NULL; /* cannot happen: the index read this event */
	*cap = r.cap;
	return &m->ev;
}

size_t store_events_before(const struct store *s, uint64_t time, uint64_t off,
			   class_set classes, struct evref *out, size_t n)
{
	if (n == 0 || s->nevents == 0 || time < s->tmin ||
	    (time == s->tmin && off == 0))
		return 0;
	/* Scan forward from ever earlier starting points until n events come
	 * before (time, off), keeping the last n in a ring. */
	uint64_t span = 1000; /* ns */
	for (;;) {
		uint64_t from = time - s->tmin > span ? time - span : s->tmin;
		struct merge *m = merge_new_at(s, from, classes);
		if (!m)
			return 0;
		size_t got = 0;
		struct evref r;
		while (merge_step(m, &r)) {
			if (r.time > time || (r.time == time && r.off >= off))
				break;
			out[got % n] = r;
			got++;
		}
		merge_free(m);
		if (got >= n || from == s->tmin) {
			size_t k = got < n ? got : n;
			if (got > n) { /* rotate the ring into order */
				size_t first = got % n;
				struct evref *tmp = xmallocarray(n, sizeof *tmp);
				if (!tmp)
					return 0;
				for (size_t i = 0; i < n; i++)
					tmp[i] = out[(first + i) % n];
				memcpy(out, tmp, n * sizeof *tmp);
				free(tmp);
			}
			return k;
		}
		span = span > UINT64_MAX / 8 ? UINT64_MAX : span * 8;
	}
}

uint64_t merge_read(const struct merge *m)
{
	return m->nread;
}

size_t merge_started(const struct merge *m)
{
	return m->nstarted;
}

bool merge_failed(const struct merge *m)
{
	return m->failed;
}

void merge_free(struct merge *m)
{
	if (!m)
		return;
	free(m->want);
	for (size_t i = 0; i < m->nheap; i++)
		free(m->pool[m->heap[i]].sorted);
	free(m->pool);
	free(m->heap);
	free(m->freel);
	free(m);
}

bool store_rts_identifier(const struct store *s, char *buf, size_t n)
{
	static const uint16_t tag = EV_RTS_IDENTIFIER;
	buf[0] = 0;
	struct merge *m = store_may_have(s, 0, &tag, 1) ? merge_new_tags(s, 0, 0, &tag, 1) : NULL;
	const struct ev *e = NULL;
	int32_t cap;
	while (m && (e = merge_next(m, &cap)) != NULL)
		if (e->tag == EV_RTS_IDENTIFIER && e->nf >= 2 && e->f[1].s)
			break;
	bool found = e != NULL;
	if (found) {
		size_t k = e->f[1].u < n - 1 ? (size_t)e->f[1].u : n - 1;
		memcpy(buf, e->f[1].s, k);
		buf[k] = 0;
	}
	merge_free(m);
	return found;
}
