/* The skeleton of a log from its block markers (skeleton.h). */
#include "skeleton.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../parser/be.h"
#include "order.h"
#include "vec.h"

/* Where the bytes come from: a file (pread, through a window of a page
 * or so, so that a log of small blocks costs a read per many markers)
 * or a buffer. */
#define WINDOW 4096
struct reader {
	int fd;
	const uint8_t *mem;
	uint64_t size;
	uint8_t win[WINDOW];
	uint64_t woff; /* the window holds [woff, woff + wlen) */
	size_t wlen;
};

static size_t pread_all(int fd, uint8_t *out, size_t n, uint64_t off)
{
	size_t got = 0;
	while (got < n) {
		ssize_t k = pread(fd, out + got, n - got, (off_t)(off + got));
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	return got;
}

/* Up to n bytes at off into out; how many came. */
static size_t read_at(struct reader *r, uint64_t off, uint8_t *out, size_t n)
{
	if (off >= r->size)
		return 0;
	if (n > r->size - off)
		n = (size_t)(r->size - off);
	if (r->mem) {
		memcpy(out, r->mem + off, n);
		return n;
	}
	if (n > WINDOW)
		return pread_all(r->fd, out, n, off);
	if (off < r->woff || off + n > r->woff + r->wlen) {
		r->woff = off;
		r->wlen = pread_all(r->fd, r->win, WINDOW, off);
		if (n > r->wlen)
			n = r->wlen;
	}
	memcpy(out, r->win + (off - r->woff), n);
	return n;
}

/* The header: read in growing prefixes until it parses. */
#define HEADER_FIRST (64u << 10)
#define HEADER_MAX (64u << 20)

static bool read_header(struct reader *r, struct ev_header *h, bool *oom)
{
	size_t n = HEADER_FIRST;
	for (;;) {
		if (n > r->size)
			n = (size_t)r->size;
		uint8_t *buf = malloc(n ? n : 1);
		if (!buf) {
			*oom = true;
			return false;
		}
		size_t got = read_at(r, 0, buf, n);
		const char *why;
		uint64_t at;
		enum hdr_status st = hdr_parse(buf, got, h, &why, &at);
		free(buf);
		if (st == HDR_OK)
			return true;
		if (st == HDR_NOMEM)
			*oom = true;
		if (st != HDR_TRUNCATED || got < n || n >= r->size || n >= HEADER_MAX)
			return false;
		n *= 4;
	}
}

/* The capabilities met so far: a table by the marker's 16-bit field. */
struct caps_seen {
	int32_t *slot; /* 65536 entries: index + 1 into sk->caps, 0: none */
	size_t alloc;
};

static struct skel_cap *cap_for(struct skeleton *sk, struct caps_seen *cs, uint16_t field)
{
	int32_t i = cs->slot[field];
	if (i)
		return &sk->caps[i - 1];
	struct skel_cap c = { .cap = field == EV_MARKER_NO_CAP ? EV_NO_CAP : (int32_t)field };
	if (!vec_push(sk->caps, sk->ncaps, cs->alloc, c))
		return NULL;
	cs->slot[field] = (int32_t)sk->ncaps;
	return &sk->caps[sk->ncaps - 1];
}

static void extend(struct skeleton *sk, uint64_t t0, uint64_t t1)
{
	if (!sk->valid || t0 < sk->tmin)
		sk->tmin = t0;
	if (!sk->valid || t1 > sk->tmax)
		sk->tmax = t1;
	sk->valid = true;
}

static int skel_cmp_span(const void *a, const void *b)
{
	const struct skel_span *x = a, *y = b;
	return cmp_then(cmp_u64(x->t0, y->t0), cmp_u64(x->t1, y->t1));
}

/* c's spans sorted, and those less than gap apart joined. */
static void join_spans(struct skel_cap *c, uint64_t gap)
{
	if (!c->n)
		return;
	qsort(c->v, c->n, sizeof *c->v, skel_cmp_span);
	size_t k = 0;
	for (size_t j = 0; j < c->n; j++) {
		if (k && c->v[j].t0 <= c->v[k - 1].t1 + gap) {
			if (c->v[j].t1 > c->v[k - 1].t1)
				c->v[k - 1].t1 = c->v[j].t1;
		} else {
			c->v[k++] = c->v[j];
		}
	}
	c->n = k;
}

/* One block [t0, t1] of capability c: joined to the last one when they
 * overlap or are less than the resolution apart (the usual order), else
 * appended. Past SKEL_SPANS_MAX spans the resolution doubles until half
 * as many are left: memory stays bounded whatever the blocks. */
static bool add_span(struct skeleton *sk, struct skel_cap *c, uint64_t t0, uint64_t t1)
{
	if (c->n && t0 >= c->v[c->n - 1].t0 && t0 <= c->v[c->n - 1].t1 + sk->resolution) {
		if (t1 > c->v[c->n - 1].t1)
			c->v[c->n - 1].t1 = t1;
		return true;
	}
	struct skel_span s = { t0, t1 };
	if (!vec_push(c->v, c->n, c->alloc, s))
		return false;
	while (c->n > SKEL_SPANS_MAX) {
		sk->resolution = sk->resolution ? sk->resolution * 2 : 1024;
		join_spans(c, sk->resolution);
	}
	return true;
}

static int skel_cmp_cap(const void *a, const void *b)
{
	const struct skel_cap *x = a, *y = b;
	return (x->cap > y->cap) - (x->cap < y->cap);
}

/* Each capability's spans sorted and their overlaps merged; the
 * capabilities by id. */
static void skel_finish(struct skeleton *sk)
{
	for (size_t i = 0; i < sk->ncaps; i++)
		join_spans(&sk->caps[i], sk->resolution);
	if (sk->ncaps)
		qsort(sk->caps, sk->ncaps, sizeof *sk->caps, skel_cmp_cap);
}

/* Steps over the item at off that is not a block marker; false when it
 * does not decode (the hop stops there). */
static bool step_loose(struct reader *r, const struct ev_header *h, uint64_t *off,
		       struct skeleton *sk)
{
	uint8_t buf[1u << 16];
	size_t got = read_at(r, *off, buf, sizeof buf);
	uint64_t t;
	uint32_t size;
	uint16_t tag;
	if (ev_size(h, buf, got, 0, &t, &size, &tag) != EV_OK)
		return false;
	extend(sk, t, t);
	*off += size;
	return true;
}

/* Hops from the data's start from marker to marker. */
static bool hop(struct skeleton *sk, struct reader *r, const struct ev_header *h)
{
	struct caps_seen cs = { .slot = calloc(65536, sizeof(int32_t)) };
	if (!cs.slot)
		return false;
	bool ok = true;
	uint64_t off = h->data_off;
	unsigned loose = 0;
	while (off + 2 <= r->size && sk->nblocks < SKEL_BLOCKS_MAX) {
		uint8_t m[EV_BLOCK_MARKER_BYTES];
		size_t got = read_at(r, off, m, sizeof m);
		uint16_t tag = be16(m);
		if (tag == EV_DATA_END) {
			sk->complete = true;
			break;
		}
		if (!ev_is_marker(h, tag)) {
			if (++loose > SKEL_LOOSE_MAX || !step_loose(r, h, &off, sk))
				break;
			continue;
		}
		if (got < sizeof m)
			break; /* a marker cut by the file's end */
		uint64_t t0 = be64(m + 2), t1 = be64(m + 14);
		uint32_t size = be32(m + 10);
		if (size < EV_BLOCK_MARKER_BYTES)
			break; /* impossible */
		struct skel_cap *c = cap_for(sk, &cs, be16(m + 22));
		if (!c || !add_span(sk, c, t0, t1 > t0 ? t1 : t0)) {
			ok = false;
			break;
		}
		extend(sk, t0, t1 > t0 ? t1 : t0);
		sk->nblocks++;
		if (size > r->size - off)
			break; /* the file ends inside it: cut, or still being written */
		off += size;
	}
	if (off >= r->size)
		sk->complete = true; /* ends on a block boundary: no end marker yet */
	sk->reached = off < r->size ? off : r->size;
	free(cs.slot);
	if (!sk->nblocks)
		sk->valid = false; /* loose events alone: nothing to draw lanes from */
	skel_finish(sk);
	return ok;
}

static bool read_any(struct skeleton *sk, struct reader *r)
{
	memset(sk, 0, sizeof *sk);
	sk->size = r->size;
	struct ev_header h;
	bool oom = false;
	if (!read_header(r, &h, &oom))
		return !oom;
	bool ok = hop(sk, r, &h);
	hdr_free(&h);
	if (!ok)
		skeleton_free(sk);
	return ok;
}

bool skeleton_read_fd(struct skeleton *sk, int fd)
{
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		memset(sk, 0, sizeof *sk);
		return true;
	}
	struct reader *r = calloc(1, sizeof *r);
	if (!r)
		return false;
	r->fd = fd;
	r->size = (uint64_t)st.st_size;
	r->woff = UINT64_MAX;
	bool ok = read_any(sk, r);
	free(r);
	return ok;
}

bool skeleton_read_mem(struct skeleton *sk, const uint8_t *buf, size_t len)
{
	struct reader r = { .fd = -1, .mem = buf, .size = len };
	return read_any(sk, &r);
}

static bool span_ends_before(const void *e, const void *k)
{
	return ((const struct skel_span *)e)->t1 < *(const uint64_t *)k;
}

bool skeleton_has_data(const struct skeleton *sk, size_t ci, uint64_t a, uint64_t b)
{
	if (ci >= sk->ncaps || b <= a)
		return false;
	const struct skel_cap *c = &sk->caps[ci];
	/* the first span ending at or after a: it holds data in [a, b) when it
	 * starts before b (spans are disjoint and sorted, so their ends are) */
	size_t i = lower_bound(c->v, c->n, sizeof *c->v, &a, span_ends_before);
	return i < c->n && c->v[i].t0 < b;
}

long skeleton_cap_index(const struct skeleton *sk, int32_t cap)
{
	for (size_t i = 0; i < sk->ncaps; i++)
		if (sk->caps[i].cap == cap)
			return (long)i;
	return -1;
}

void skeleton_free(struct skeleton *sk)
{
	for (size_t i = 0; i < sk->ncaps; i++)
		free(sk->caps[i].v);
	free(sk->caps);
	memset(sk, 0, sizeof *sk);
}
