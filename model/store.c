/* The mmap-backed store: mapping, index build, merged iteration. */
#include "store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../parser/be.h"

static bool push_seg(struct store *s, size_t *cap, const struct seg *g)
{
	if (s->nsegs == *cap) {
		size_t n = *cap ? *cap * 2 : 64;
		struct seg *p = realloc(s->segs, n * sizeof *p);
		if (!p)
			return false;
		s->segs = p;
		*cap = n;
	}
	s->segs[s->nsegs++] = *g;
	return true;
}

/* One pass over the data section: sizes and times only. */
static enum store_status build_index(struct store *s)
{
	const struct ev_header *h = &s->hdr;
	const uint8_t *buf = s->map;
	size_t len = s->size;
	uint64_t off = h->data_off;
	struct capstate cs = CAPSTATE_INIT;
	uint64_t last = 0;
	size_t segcap = 0;
	bool open = false;
	struct seg cur = { 0 };

	s->tmin = UINT64_MAX;
	s->tmax = 0;
	s->stop = STOP_NO_DATAEND;
	for (;;) {
		uint64_t t = 0;
		uint32_t size = 0;
		uint16_t tag = 0;
		enum ev_status st = ev_size(h, buf, len, off, &t, &size, &tag);
		if (st == EV_END)
			break;
		if (st == EV_TRUNC) {
			s->stop = STOP_TRUNCATED;
			break;
		}
		if (st == EV_UNDECLARED) {
			s->stop = STOP_UNDECLARED;
			s->stop_tag = tag;
			break;
		}
		if (st == EV_DATAEND) {
			if (s->ndataend++ == 0)
				s->first_dataend = off;
			off += 2;
			if (off == len && s->ndataend == 1)
				s->stop = STOP_CLEAN;
			continue;
		}
		if (s->ndataend)
			s->after_end += size;
		if (!open || t < last) {
			if (open) {
				cur.end = off;
				if (!push_seg(s, &segcap, &cur))
					return STORE_ENOMEM;
			}
			cur = (struct seg){ .off = off, .t0 = t, .cs = cs };
			open = true;
		}
		bool marker = ev_is_marker(h, tag);
		capstate_step(&cs, marker, marker ? be32(buf + off + 10) : 0,
			      marker ? be16(buf + off + 22) : 0, size);
		last = t;
		if (t < s->tmin)
			s->tmin = t;
		if (t > s->tmax)
			s->tmax = t;
		s->nevents++;
		off += size;
	}
	s->stop_off = off;
	if (open) {
		cur.end = off;
		if (!push_seg(s, &segcap, &cur))
			return STORE_ENOMEM;
	}
	if (s->nevents == 0)
		s->tmin = 0;
	return STORE_OK;
}

static enum store_status open_common(struct store *s, char *err, size_t errlen)
{
	const char *why = NULL;
	uint64_t at = 0;
	switch (hdr_parse(s->map, s->size, &s->hdr, &why, &at)) {
	case HDR_OK:
		break;
	case HDR_NOMEM:
		snprintf(err, errlen, "out of memory reading the header");
		return STORE_ENOMEM;
	case HDR_TRUNCATED:
		snprintf(err, errlen, "header truncated at byte %llu (%s)",
			 (unsigned long long)s->size, why);
		return STORE_EHEADER;
	case HDR_BAD:
		snprintf(err, errlen, "byte %llu: %s", (unsigned long long)at, why);
		return STORE_EHEADER;
	}
	enum store_status st = build_index(s);
	if (st == STORE_ENOMEM)
		snprintf(err, errlen, "out of memory building the index");
	return st;
}

enum store_status store_open_mem(struct store *s, const uint8_t *buf, size_t len,
				 char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	s->path = "<memory>";
	s->map = buf;
	s->size = len;
	enum store_status st = open_common(s, err, errlen);
	if (st != STORE_OK) {
		s->map = NULL; /* not ours to unmap */
		store_close(s);
	}
	return st;
}

enum store_status store_open(struct store *s, const char *path, char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	s->path = path;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return STORE_EIO;
	}
	struct stat sb;
	if (fstat(fd, &sb) < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		close(fd);
		return STORE_EIO;
	}
	if (!S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "not a regular file");
		close(fd);
		errno = EINVAL;
		return STORE_EIO;
	}
	s->size = (size_t)sb.st_size;
	if (s->size > 0) {
		void *m = mmap(NULL, s->size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m == MAP_FAILED) {
			snprintf(err, errlen, "mmap: %s", strerror(errno));
			close(fd);
			return STORE_EIO;
		}
		s->map = m;
		madvise(m, s->size, MADV_SEQUENTIAL);
	} else {
		s->map = (const uint8_t *)"";
	}
	close(fd);
	enum store_status st = open_common(s, err, errlen);
	if (st != STORE_OK)
		store_close(s);
	return st;
}

void store_close(struct store *s)
{
	if (s->map && s->size > 0 && strcmp(s->path, "<memory>") != 0)
		munmap((void *)s->map, s->size);
	hdr_free(&s->hdr);
	free(s->segs);
	memset(s, 0, sizeof *s);
}

/* ---- merge ---- */

struct cursor {
	uint64_t next; /* offset of the item after ev */
	uint64_t end;
	struct capstate cs;
	int32_t cap; /* capability of ev */
	struct ev ev;
};

struct merge {
	const struct store *s;
	size_t *order;   /* segment indices by (t0, off) */
	size_t npending; /* order[npending..] not yet started */
	struct cursor *pool;
	size_t *heap;    /* indices into pool, min-heap by (time, off) */
	size_t nheap, cap;
	size_t *freel;
	size_t nfree;
	size_t npool;
	bool have_top; /* the top was returned and must advance */
};

static const struct seg *g_sort_segs;

static int cmp_seg(const void *a, const void *b)
{
	const struct seg *x = &g_sort_segs[*(const size_t *)a];
	const struct seg *y = &g_sort_segs[*(const size_t *)b];
	if (x->t0 != y->t0)
		return x->t0 < y->t0 ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

static inline bool less(const struct cursor *a, const struct cursor *b)
{
	return a->ev.time < b->ev.time || (a->ev.time == b->ev.time && a->ev.off < b->ev.off);
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

/* Decodes the next event of a cursor, skipping DATA_END markers. */
static bool cursor_load(const struct store *s, struct cursor *c)
{
	while (c->next < c->end) {
		enum ev_status st = ev_decode(&s->hdr, s->map, c->end, c->next, &c->ev);
		if (st == EV_DATAEND) {
			c->next += 2;
			continue;
		}
		if (st != EV_OK)
			return false; /* the index said otherwise; stop this run */
		bool marker = ev_is_marker(&s->hdr, c->ev.tag);
		c->cap = capstate_step(&c->cs, marker, marker ? (uint32_t)c->ev.f[0].u : 0,
				       marker ? (uint16_t)c->ev.f[2].u : 0, c->ev.size);
		c->next += c->ev.size;
		return true;
	}
	return false;
}

struct merge *merge_new(const struct store *s)
{
	struct merge *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->s = s;
	m->order = malloc((s->nsegs ? s->nsegs : 1) * sizeof *m->order);
	if (!m->order) {
		free(m);
		return NULL;
	}
	for (size_t i = 0; i < s->nsegs; i++)
		m->order[i] = i;
	g_sort_segs = s->segs;
	qsort(m->order, s->nsegs, sizeof *m->order, cmp_seg);
	return m;
}

static bool ensure_room(struct merge *m)
{
	if (m->nfree || m->npool < m->cap)
		return true;
	size_t n = m->cap ? m->cap * 2 : 16;
	struct cursor *p = realloc(m->pool, n * sizeof *p);
	if (!p)
		return false;
	m->pool = p;
	size_t *h = realloc(m->heap, n * sizeof *h);
	if (!h)
		return false;
	m->heap = h;
	size_t *f = realloc(m->freel, n * sizeof *f);
	if (!f)
		return false;
	m->freel = f;
	m->cap = n;
	return true;
}

static void start_segment(struct merge *m, const struct seg *g)
{
	if (!ensure_room(m))
		return;
	size_t slot = m->nfree ? m->freel[--m->nfree] : m->npool++;
	struct cursor *c = &m->pool[slot];
	c->next = g->off;
	c->end = g->end;
	c->cs = g->cs;
	if (!cursor_load(m->s, c)) {
		m->freel[m->nfree++] = slot;
		return;
	}
	m->heap[m->nheap++] = slot;
	sift_up(m, m->nheap - 1);
}

const struct ev *merge_next(struct merge *m, int32_t *cap)
{
	const struct store *s = m->s;
	if (m->have_top) {
		size_t slot = m->heap[0];
		if (cursor_load(s, &m->pool[slot])) {
			sift_down(m, 0);
		} else {
			m->freel[m->nfree++] = slot;
			m->heap[0] = m->heap[--m->nheap];
			if (m->nheap)
				sift_down(m, 0);
		}
		m->have_top = false;
	}
	while (m->npending < s->nsegs) {
		const struct seg *g = &s->segs[m->order[m->npending]];
		if (m->nheap) {
			const struct cursor *top = &m->pool[m->heap[0]];
			if (g->t0 > top->ev.time || (g->t0 == top->ev.time && g->off > top->ev.off))
				break;
		}
		m->npending++;
		start_segment(m, g);
	}
	if (!m->nheap)
		return NULL;
	struct cursor *top = &m->pool[m->heap[0]];
	m->have_top = true;
	*cap = top->cap;
	return &top->ev;
}

void merge_free(struct merge *m)
{
	if (!m)
		return;
	free(m->order);
	free(m->pool);
	free(m->heap);
	free(m->freel);
	free(m);
}
