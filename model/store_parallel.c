/* Indexing on two cores: the file split at a block boundary near its
 * middle, each part indexed on its own thread, the parts joined (or the
 * whole indexed again on one thread when the first part is irregular). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "store_index.h"
#include "vec.h"

/* ---- indexing on two cores ----
 * A GHC log is a sequence of blocks, each starting with a marker that gives
 * its size. Hopping from marker to marker finds a block boundary near the
 * middle without decoding anything; each half is then indexed by its own
 * thread, and the two halves are joined. Anything irregular in the first half
 * (a gap, a DATA_END, an event crossing the cut) and we index serially, so
 * the result is always the serial one. */
size_t store_parallel_min = 64u << 20; /* smaller files are indexed serially */

struct part {
	struct store s;
	uint64_t start;
	size_t end;
	enum store_status st;
};

static void *index_part(void *arg)
{
	struct part *p = arg;
	p->st = build_index(&p->s, p->start, p->end);
	return NULL;
}

/* A block boundary near the middle of the data, or 0. */
static uint64_t find_cut(const struct store *s)
{
	const struct ev_header *h = &s->hdr;
	uint64_t off = h->data_off, mid = h->data_off + (s->size - h->data_off) / 2;
	if (!ev_is_marker(h, EV_BLOCK_MARKER) || h->sel[EV_BLOCK_MARKER].fixed < EV_BLOCK_MARKER_BYTES)
		return 0;
	while (off < mid) {
		if (s->size - off < EV_BLOCK_MARKER_BYTES || ev_tag_at(s->map, off) != EV_BLOCK_MARKER)
			return 0;
		uint32_t bs = ev_block_size_at(s->map, off);
		if (bs < EV_BLOCK_MARKER_BYTES || bs > s->size - off)
			return 0;
		off += bs;
	}
	if (off >= s->size || s->size - off < EV_BLOCK_MARKER_BYTES ||
	    ev_tag_at(s->map, off) != EV_BLOCK_MARKER)
		return 0;
	return off;
}

/* Appends src's n elements of size elem to a malloc'd copy of dst's m. */
static void *concat(const void *dst, size_t m, const void *src, size_t n, size_t elem)
{
	char *p = m + n < m ? NULL : xmallocarray(m + n + 1, elem);
	if (!p)
		return NULL;
	if (m)
		memcpy(p, dst, m * elem);
	if (n)
		memcpy(p + m * elem, src, n * elem);
	return p;
}

/* Tells the sink, if any, that the index starts (again) in parts split at
 * cut (0: one part); a sink that wants nothing is dropped. */
static void sink_begin(struct store *s, uint64_t cut)
{
	s->sink_part = 0;
	if (s->sink && !s->sink->begin(s->sink->begin_ctx, s, cut))
		s->sink = NULL;
}

enum store_status build_index_parallel(struct store *s)
{
	indexer_init(&s->ix);
	uint64_t cut = s->size >= store_parallel_min ? find_cut(s) : 0;
	sink_begin(s, cut);
	if (!cut)
		return build_index(s, s->hdr.data_off, s->size);
	struct part a = { .s = *s, .start = s->hdr.data_off, .end = cut };
	struct part b = { .s = *s, .start = cut, .end = s->size };
	b.s.sink_part = 1;
	pthread_t th;
	bool threaded = pthread_create(&th, NULL, index_part, &b) == 0;
	index_part(&a);
	if (threaded)
		pthread_join(th, NULL);
	else
		index_part(&b);
	bool regular = a.st == STORE_OK && b.st == STORE_OK && a.s.stop == STOP_NO_DATAEND &&
		       a.s.stop_off == cut && !a.s.ngaps && !a.s.ndataend && !a.s.nbadblocks;
	struct seg *segs = NULL;
	struct ckpt *ckpts = NULL;
	struct block *blocks = NULL;
	if (regular) {
		segs = concat(a.s.segs, a.s.nsegs, b.s.segs, b.s.nsegs, sizeof *segs);
		ckpts = concat(a.s.ckpts, a.s.nckpts, b.s.ckpts, b.s.nckpts, sizeof *ckpts);
		blocks = concat(a.s.blocks, a.s.nblocks, b.s.blocks, b.s.nblocks, sizeof *blocks);
	}
	if (!segs || !ckpts || !blocks) {
		free(segs);
		free(ckpts);
		free(blocks);
		free_index(&a.s);
		free_index(&b.s);
		indexer_init(&s->ix);
		sink_begin(s, 0);
		return build_index(s, s->hdr.data_off, s->size);
	}
	/* the second half's segments own checkpoints shifted by the first's */
	for (size_t i = a.s.nsegs; i < a.s.nsegs + b.s.nsegs; i++)
		segs[i].ck0 += a.s.nckpts;
	size_t nsegs = a.s.nsegs + b.s.nsegs, nckpts = a.s.nckpts + b.s.nckpts,
	       nblocks = a.s.nblocks + b.s.nblocks;
	free_index(&a.s);
	free_index(&b.s);
	*s = b.s; /* the second half's ending, gaps and DATA_END facts stand */
	s->sink_part = 0;
	/* the indexer goes on from the second half's state, in the joined arrays */
	s->ix.segcap = nsegs + 1;
	s->ix.ckcap = nckpts + 1;
	s->ix.blkcap = nblocks + 1;
	s->ix.cur.ck0 += a.s.nckpts;
	s->two_threads = true;
	s->cut = cut;
	s->segs = segs;
	s->nsegs = nsegs;
	s->ckpts = ckpts;
	s->nckpts = nckpts;
	s->blocks = blocks;
	s->nblocks = nblocks;
	s->nevents = a.s.nevents + b.s.nevents;
	if (a.s.nevents && b.s.nevents) {
		s->tmin = a.s.tmin < b.s.tmin ? a.s.tmin : b.s.tmin;
		s->tmax = a.s.tmax > b.s.tmax ? a.s.tmax : b.s.tmax;
	} else if (a.s.nevents) {
		s->tmin = a.s.tmin;
		s->tmax = a.s.tmax;
	}
	s->ix.nev = s->nevents;
	s->ix.tmin = s->nevents ? s->tmin : UINT64_MAX;
	s->ix.tmax = s->tmax;
	return STORE_OK;
}

