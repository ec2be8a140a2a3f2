/* Indexing on every core: the file split at block boundaries into one part
 * per thread, each part indexed on its own thread, the parts joined in
 * order (or the whole indexed again on one thread when a part before the
 * last is irregular). */
#include <stdlib.h>
#include <string.h>

#include "store_index.h"
#include "threads.h"
#include "vec.h"

/* ---- indexing on several cores ----
 * A GHC log is a sequence of blocks, each starting with a marker that gives
 * its size. Hopping from marker to marker finds block boundaries near k/N
 * of the data without decoding anything; each part is then indexed by its
 * own thread, and the parts are joined, each appended to the parts before
 * it. Anything irregular in a part before the last (a gap, a DATA_END, an
 * event crossing its end) and we index serially, so the result is always
 * the serial one. */
size_t store_parallel_min = 64u << 20; /* parts are at least half this */

unsigned store_nparts(size_t size, uint64_t data_off)
{
	unsigned n = threads_online();
	if (size < store_parallel_min || size <= data_off)
		return 1;
	uint64_t part_min = store_parallel_min / 2, data = size - data_off;
	if (part_min && data / part_min < n)
		n = (unsigned)(data / part_min);
	return n ? n : 1;
}

unsigned store_part_of(const struct store *s, uint64_t off)
{
	unsigned k = 0;
	while (k + 1 < s->nparts && off >= s->cuts[k])
		k++;
	return k;
}

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

/* A block marker at off? */
static bool marker_at(const struct store *s, uint64_t off)
{
	return off < s->size && s->size - off >= EV_BLOCK_MARKER_BYTES &&
	       ev_tag_at(s->map, off) == EV_BLOCK_MARKER;
}

/* The block boundaries nearest k/n of the data, k = 1 .. n - 1, into cuts
 * (increasing; blocks bigger than a part give fewer): returns the parts
 * they make. The cuts found before the chain of markers breaks stand: the
 * part holding the break is the last. */
static unsigned find_cuts(const struct store *s, unsigned n, uint64_t *cuts)
{
	const struct ev_header *h = &s->hdr;
	if (n < 2 || !ev_is_marker(h, EV_BLOCK_MARKER) ||
	    h->sel[EV_BLOCK_MARKER].fixed < EV_BLOCK_MARKER_BYTES)
		return 1;
	uint64_t off = h->data_off, prev = 0, len = s->size - h->data_off;
	unsigned ncuts = 0;
	for (unsigned k = 1; k < n; k++) {
		uint64_t target = h->data_off + len / n * k + len % n * k / n;
		while (off < target) {
			if (!marker_at(s, off))
				return ncuts + 1;
			uint32_t bs = ev_block_size_at(s->map, off);
			if (bs < EV_BLOCK_MARKER_BYTES || bs > s->size - off)
				return ncuts + 1;
			prev = off;
			off += bs;
		}
		/* the boundary before the target or the one after, the nearer;
		 * past the last cut, and not the data's start */
		uint64_t last = ncuts ? cuts[ncuts - 1] : h->data_off;
		bool before = prev > last, after = off > last && marker_at(s, off);
		if (after && (!before || off - target <= target - prev))
			cuts[ncuts++] = off;
		else if (before)
			cuts[ncuts++] = prev;
	}
	return ncuts + 1;
}

/* Tells the sink, if any, that the index starts (again) in nparts parts
 * split at cuts; a sink that wants nothing is dropped. */
static void sink_begin(struct store *s, unsigned nparts, const uint64_t *cuts)
{
	s->sink_part = 0;
	if (s->sink && !s->sink->begin(s->sink->begin_ctx, s, nparts, cuts))
		s->sink = NULL;
}

/* Moves the parts' arrays of one kind into one: part 0's, grown in place
 * where realloc can, the others appended and freed one by one (so that at
 * most one part's array stands twice). The parts keep their counts.
 * False when out of memory (the parts keep their arrays then). */
#define JOIN_ARRAY(dst, field, nfield, ps, np)                                        \
	do {                                                                        \
		size_t total_ = 0;                                                  \
		for (unsigned k_ = 0; k_ < (np); k_++)                              \
			total_ += (ps)[k_].s.nfield;                                \
		(dst) = xreallocarray((ps)[0].s.field, total_ + 1, sizeof *(dst));  \
		if (!(dst))                                                         \
			return false;                                               \
		(ps)[0].s.field = NULL;                                             \
		size_t at_ = (ps)[0].s.nfield;                                      \
		for (unsigned k_ = 1; k_ < (np); k_++) {                            \
			if ((ps)[k_].s.nfield)                                      \
				memcpy((dst) + at_, (ps)[k_].s.field,               \
				       (ps)[k_].s.nfield * sizeof *(dst));          \
			at_ += (ps)[k_].s.nfield;                                   \
			free((ps)[k_].s.field);                                     \
			(ps)[k_].s.field = NULL;                                    \
		}                                                                   \
	} while (0)

/* The parts' segments, checkpoints and blocks, each kind in one array
 * (segments own checkpoints shifted by the parts before theirs). */
static bool join_arrays(struct part *ps, unsigned np, struct seg **segs, struct ckpt **ckpts,
			struct block **blocks)
{
	JOIN_ARRAY(*segs, segs, nsegs, ps, np);
	size_t at = 0, ck = 0;
	for (unsigned k = 0; k < np; k++) {
		for (size_t i = at; i < at + ps[k].s.nsegs; i++)
			(*segs)[i].ck0 += ck;
		at += ps[k].s.nsegs;
		ck += ps[k].s.nckpts;
	}
	JOIN_ARRAY(*ckpts, ckpts, nckpts, ps, np);
	JOIN_ARRAY(*blocks, blocks, nblocks, ps, np);
	return true;
}

/* Did part k (not the last) end exactly at the next part's start, with
 * nothing irregular in it? */
static bool part_regular(const struct part *p)
{
	return p->st == STORE_OK && p->s.stop == STOP_NO_DATAEND && p->s.stop_off == p->end &&
	       !p->s.ngaps && !p->s.ndataend && !p->s.nbadblocks && !p->s.tail_size;
}

/* The joined index into s, the last part's ending, gaps and DATA_END facts
 * standing; its indexer goes on from the last part's state. */
static void take_parts(struct store *s, struct part *ps, unsigned np, struct seg *segs,
		       struct ckpt *ckpts, struct block *blocks, const uint64_t *cuts)
{
	size_t nsegs = 0, nckpts = 0, nblocks = 0;
	uint64_t nev = 0, tmin = UINT64_MAX, tmax = 0;
	for (unsigned k = 0; k < np; k++) {
		nsegs += ps[k].s.nsegs;
		nckpts += ps[k].s.nckpts;
		nblocks += ps[k].s.nblocks;
		nev += ps[k].s.nevents;
		if (ps[k].s.nevents) {
			tmin = ps[k].s.tmin < tmin ? ps[k].s.tmin : tmin;
			tmax = ps[k].s.tmax > tmax ? ps[k].s.tmax : tmax;
		}
	}
	const struct part *last = &ps[np - 1];
	*s = last->s;
	s->sink_part = 0;
	s->ix.segcap = nsegs + 1;
	s->ix.ckcap = nckpts + 1;
	s->ix.blkcap = nblocks + 1;
	s->ix.cur.ck0 += nckpts - last->s.nckpts;
	s->nparts = np;
	memcpy(s->cuts, cuts, (np - 1) * sizeof *cuts);
	s->segs = segs;
	s->nsegs = nsegs;
	s->ckpts = ckpts;
	s->nckpts = nckpts;
	s->blocks = blocks;
	s->nblocks = nblocks;
	s->nevents = nev;
	s->tmin = nev ? tmin : 0;
	s->tmax = tmax;
	s->ix.nev = nev;
	s->ix.tmin = nev ? tmin : UINT64_MAX;
	s->ix.tmax = tmax;
}

enum store_status build_index_parallel(struct store *s)
{
	indexer_init(&s->ix);
	s->nparts = 1;
	uint64_t cuts[STORE_MAX_PARTS];
	unsigned np = find_cuts(s, store_nparts(s->size, s->hdr.data_off), cuts);
	struct part *ps = np > 1 ? calloc(np, sizeof *ps) : NULL;
	if (!ps) {
		sink_begin(s, 1, cuts);
		return build_index(s, s->hdr.data_off, s->size);
	}
	sink_begin(s, np, cuts);
	for (unsigned k = 0; k < np; k++) {
		ps[k].s = *s;
		ps[k].s.sink_part = (int)k;
		ps[k].start = k ? cuts[k - 1] : s->hdr.data_off;
		ps[k].end = k + 1 < np ? cuts[k] : s->size;
	}
	threads_run(index_part, ps, sizeof *ps, np);
	bool regular = ps[np - 1].st == STORE_OK;
	for (unsigned k = 0; k + 1 < np; k++)
		regular &= part_regular(&ps[k]);
	struct seg *segs = NULL;
	struct ckpt *ckpts = NULL;
	struct block *blocks = NULL;
	if (!regular || !join_arrays(ps, np, &segs, &ckpts, &blocks)) {
		free(segs);
		free(ckpts);
		for (unsigned k = 0; k < np; k++)
			free_index(&ps[k].s);
		free(ps);
		indexer_init(&s->ix);
		sink_begin(s, 1, cuts);
		return build_index(s, s->hdr.data_off, s->size);
	}
	take_parts(s, ps, np, segs, ckpts, blocks, cuts);
	for (unsigned k = 0; k + 1 < np; k++) { /* the last part's counts are s's */
		evcounts_add(&s->ix, &ps[k].s.ix);
		evcounts_free(&ps[k].s.ix);
	}
	free(ps);
	return STORE_OK;
}
