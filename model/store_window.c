/* The index of a time window's blocks alone (store_window.h). */
#include "store_window.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../parser/be.h"
#include "store_index.h"
#include "vec.h"

enum store_status store_open_header(struct store *s, const char *path, char *err, size_t errlen)
{
	return store_open_file(s, path, NULL, NULL, false, err, errlen);
}

/* The markers read through a page-sized window of the file (pread), or
 * through the mapping when the file cannot be opened again as the same. */
#define HOP_WINDOW 4096
struct hop {
	const struct store *s;
	int fd;
	uint8_t win[HOP_WINDOW];
	uint64_t woff;
	size_t wlen;
};

/* n bytes (n <= HOP_WINDOW) at off into out; false past the file's end. */
static bool hop_read(struct hop *h, uint64_t off, uint8_t *out, size_t n)
{
	if (off > h->s->size || n > h->s->size - off)
		return false;
	if (h->fd < 0) {
		memcpy(out, h->s->map + off, n);
		return !store_faulted(h->s);
	}
	if (off < h->woff || off + n > h->woff + h->wlen) {
		size_t want = h->s->size - off < HOP_WINDOW ? (size_t)(h->s->size - off) : HOP_WINDOW;
		h->woff = off;
		h->wlen = 0;
		while (h->wlen < want) {
			ssize_t k = pread(h->fd, h->win + h->wlen, want - h->wlen,
					  (off_t)(off + h->wlen));
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0)
				break;
			h->wlen += (size_t)k;
		}
		if (n > h->wlen)
			return false;
	}
	memcpy(out, h->win + (off - h->woff), n);
	return true;
}

/* A block the window reads: its marker's place, size and times (t1
 * UINT64_MAX when the marker's end time was never written). */
struct wblock {
	uint64_t off, t0, t1;
	uint32_t size;
};

struct chosen {
	struct wblock *v;
	size_t n, alloc;
	bool dataend; /* an end-of-data marker after the last block */
};

/* Hops from marker to marker over the data, keeping the blocks that overlap
 * [lo, hi] (and the last, when it may hold the end marker); false when
 * the log is not regular (w->why says how), or out of memory (*oom). */
static bool hop_blocks(struct hop *h, uint64_t lo, uint64_t hi, struct chosen *c,
		       struct store_window *w, bool *oom)
{
	const struct store *s = h->s;
	const struct ev_header *hd = &s->hdr;
	if (!ev_is_marker(hd, EV_BLOCK_MARKER) ||
	    hd->sel[EV_BLOCK_MARKER].fixed < EV_BLOCK_MARKER_BYTES) {
		w->why = "the header declares no block markers";
		return false;
	}
	uint64_t off = hd->data_off;
	struct wblock last = { 0 };
	while (off < s->size) {
		uint8_t m[EV_BLOCK_MARKER_BYTES];
		if (!hop_read(h, off, m, 2)) {
			w->why = "the data ends inside an item";
			return false;
		}
		if (be16(m) == EV_DATA_END) {
			if (off + 2 != s->size) {
				w->why = "data follows the end-of-data marker";
				return false;
			}
			c->dataend = true;
			return true;
		}
		if (be16(m) != EV_BLOCK_MARKER || !hop_read(h, off, m, sizeof m)) {
			w->why = "an item outside the blocks, or a marker cut";
			return false;
		}
		struct wblock b = { off, be64(m + 2), be64(m + 14), be32(m + 10) };
		if (b.size < EV_BLOCK_MARKER_BYTES || b.size > s->size - off) {
			w->why = "a block marker of an impossible size, or a block cut by the file's end";
			return false;
		}
		if (b.t1 < b.t0)
			b.t1 = UINT64_MAX; /* never closed: open to the end */
		w->nblocks++;
		if (b.t0 <= hi && b.t1 >= lo && lo <= hi && !vec_push(c->v, c->n, c->alloc, b)) {
			*oom = true;
			return false;
		}
		last = b;
		off += b.size;
	}
	/* the file ends on a block boundary: GHC 9.10 posts the end marker
	 * inside the last block, whose events only tell */
	uint8_t tail[2];
	if (w->nblocks && hop_read(h, s->size - 2, tail, 2) && be16(tail) == EV_DATA_END &&
	    (!c->n || c->v[c->n - 1].off != last.off)) {
		if (!vec_push(c->v, c->n, c->alloc, last)) {
			*oom = true;
			return false;
		}
	}
	return true;
}

/* What a window's blocks add up to. */
struct wsum {
	uint64_t nev, tmin, tmax;
	bool dataend; /* the last block held the end-of-data marker, at the file's end */
};

/* Indexes block b from its marker, afresh (its capability from the
 * marker); false when it does not decode to its end exactly, holds
 * undecodable data, or an event outside its marker's times (w->why). */
static bool index_block(struct store *s, const struct wblock *b, struct wsum *sum,
			struct store_window *w, enum store_status *st)
{
	struct indexer *ix = &s->ix;
	size_t segcap = ix->segcap, ckcap = ix->ckcap, blkcap = ix->blkcap, nsegs = s->nsegs;
	evcounts_free(ix); /* (the counts of the block before: a window's are not kept) */
	indexer_init(ix);
	ix->segcap = segcap, ix->ckcap = ckcap, ix->blkcap = blkcap;
	uint64_t end = b->off + b->size;
	if ((*st = build_index(s, b->off, (size_t)end)) != STORE_OK)
		return false;
	bool ends_data = s->ndataend == 1 && s->first_dataend == s->size - 2 && end == s->size &&
			 s->stop == STOP_CLEAN;
	uint64_t toff;
	uint32_t tsize;
	if (s->stop_off != end || s->ngaps || s->nbadblocks || s->after_end ||
	    store_block_past_end(s, &toff, &tsize) ||
	    (s->stop != STOP_NO_DATAEND && !ends_data) || (s->ndataend && !ends_data)) {
		w->why = "a block does not decode to its end";
		return false;
	}
	for (size_t i = nsegs; i < s->nsegs; i++)
		if (s->segs[i].t0 < b->t0 || s->segs[i].t1 > b->t1) {
			w->why = "an event outside its block's times";
			return false;
		}
	sum->dataend |= ends_data;
	if (s->nevents) {
		sum->tmin = s->tmin < sum->tmin ? s->tmin : sum->tmin;
		sum->tmax = s->tmax > sum->tmax ? s->tmax : sum->tmax;
	}
	sum->nev += s->nevents;
	w->blocks++;
	w->bytes += b->size;
	s->ndataend = 0; /* (the next block's own) */
	return true;
}

/* s back to no events, as store_open_header left it. */
static enum store_status unindex(struct store *s)
{
	free_index(s);
	indexer_init(&s->ix);
	s->nevents = s->ndataend = s->after_end = s->first_dataend = 0;
	s->ngaps = s->gap_bytes = s->nbadblocks = s->tail_off = s->tail_size = 0;
	s->stop = STOP_CLEAN;
	s->stop_off = s->tmin = s->tmax = 0;
	s->classes = 0;
	return build_order(s);
}

/* The chosen blocks indexed; the end facts of the whole index. */
static enum store_status index_chosen(struct store *s, const struct chosen *c,
				      struct store_window *w)
{
	struct wsum sum = { .tmin = UINT64_MAX };
	enum store_status st = STORE_OK;
	for (size_t i = 0; i < c->n; i++)
		if (!index_block(s, &c->v[i], &sum, w, &st))
			return st;
	s->nevents = sum.nev;
	s->tmin = sum.nev ? sum.tmin : 0;
	s->tmax = sum.tmax;
	s->stop_off = s->size;
	s->stop = c->dataend || sum.dataend ? STOP_CLEAN : STOP_NO_DATAEND;
	s->ndataend = c->dataend || sum.dataend;
	s->first_dataend = s->ndataend ? s->size - 2 : 0;
	if ((st = build_order(s)) == STORE_OK)
		w->ok = true;
	return st;
}

enum store_status store_index_window(struct store *s, uint64_t lo, uint64_t hi,
				     struct store_window *w)
{
	*w = (struct store_window){ .lo = lo, .hi = hi };
	struct hop *h = calloc(1, sizeof *h);
	if (!h)
		return STORE_ENOMEM;
	h->s = s;
	h->woff = UINT64_MAX;
	/* the same file again, for pread: not another under its name */
	struct stat sb;
	h->fd = open(s->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (h->fd >= 0 && (fstat(h->fd, &sb) != 0 || (uint64_t)sb.st_dev != s->dev ||
			   (uint64_t)sb.st_ino != s->ino || (uint64_t)sb.st_size < s->size)) {
		close(h->fd);
		h->fd = -1;
	}
	struct chosen c = { 0 };
	bool oom = false;
	enum store_status st = STORE_OK;
	uint64_t data = s->size - s->hdr.data_off;
	if (hop_blocks(h, lo, hi, &c, w, &oom)) {
		uint64_t bytes = 0;
		for (size_t i = 0; i < c.n; i++)
			bytes += c.v[i].size;
		if (s->size >= store_parallel_min && bytes > data / STORE_WINDOW_MAX_SHARE) {
			w->why = "the window holds most of the log";
		} else {
			s->read_fd = h->fd;
			s->read_fd_on = h->fd >= 0;
			st = index_chosen(s, &c, w);
			s->read_fd_on = false;
		}
	} else if (oom) {
		st = STORE_ENOMEM;
	}
	if (!w->ok && st == STORE_OK) {
		w->blocks = w->bytes = 0;
		st = unindex(s);
	}
	free(c.v);
	if (h->fd >= 0)
		close(h->fd);
	free(h);
	return st;
}
