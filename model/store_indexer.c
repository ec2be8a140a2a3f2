/* store_indexer: the index of a store's data, read serially over a byte
 * range (build_index; store_parallel.c runs one a part, on every core):
 * the blocks, the segments and checkpoints per capability, the counts,
 * the gaps of undecodable data resynchronised, the events handed to the
 * store's sink. store.c opens, grows and closes the store over it. */
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "classes.h"
#include "order.h"
#include "store_index.h"
#include "vec.h"

/* The flag of a store whose mapping is not guarded (a buffer, an empty
 * file): never set. */
static const volatile sig_atomic_t never_faulted;

const volatile sig_atomic_t *store_fault_flag(const struct store *s)
{
	return s->fault ? s->fault : &never_faulted;
}

/* Resynchronisation after undecodable data. A candidate offset must start a
 * chain of RESYNC_CHAIN items that decode (declared tags, sizes inside the
 * file) with timestamps inside [tlo, thi], or a shorter chain that ends
 * exactly at the end of the file. Searched over at most RESYNC_WINDOW bytes. */
#define RESYNC_CHAIN 4
#define RESYNC_WINDOW (1u << 20)

static bool chain_ok(const struct store *s, uint64_t off, uint64_t tlo, uint64_t thi)
{
	unsigned n = 0;
	while (n < RESYNC_CHAIN) {
		uint64_t t;
		uint32_t size;
		uint16_t tag;
		enum ev_status st = ev_size(&s->hdr, s->map, s->size, off, &t, &size, &tag);
		if (st == EV_END)
			return n > 0;
		if (st == EV_DATAEND) {
			off += 2;
			continue;
		}
		if (st != EV_OK || t < tlo || t > thi)
			return false;
		off += size;
		n++;
	}
	return true;
}

static uint64_t resync(const struct store *s, uint64_t bad, uint64_t tlo, uint64_t thi)
{
	uint64_t lim = s->size - bad > RESYNC_WINDOW ? bad + RESYNC_WINDOW : s->size;
	for (uint64_t off = bad + 1; off + EV_HEAD_BYTES <= lim; off++)
		if (chain_ok(s, off, tlo, thi))
			return off;
	return 0;
}

/* The classes seen since the last checkpoint go into it. */
static inline void flush_mask(struct store *s, uint16_t *mask)
{
	if (*mask && s->ix.open && s->nckpts > s->ix.cur.ck0)
		s->ckpts[s->nckpts - 1].classes |= *mask;
	*mask = 0;
}

static bool seg_close(struct store *s, uint64_t end)
{
	struct indexer *ix = &s->ix;
	flush_mask(s, &ix->mask);
	if (!ix->open)
		return true;
	ix->open = false;
	ix->cur.end = end;
	ix->cur.t0 = ix->seg_lo;
	ix->cur.t1 = ix->seg_hi;
	ix->cur.nck = s->nckpts - ix->cur.ck0;
	ix->cur.classes = 0;
	for (size_t k = ix->cur.ck0; k < s->nckpts; k++)
		ix->cur.classes |= s->ckpts[k].classes;
	return vec_push(s->segs, s->nsegs, ix->segcap, ix->cur);
}

static void seg_open(struct store *s, uint64_t off, uint64_t t, struct capstate cs)
{
	struct indexer *ix = &s->ix;
	ix->cur = (struct seg){ .off = off, .t0 = t, .cs = cs, .ck0 = s->nckpts };
	ix->open = true;
	ix->inseg = 0;
	ix->seg_lo = ix->seg_hi = t;
}

/* Counts an event of class bit cls into the open segment; false when out of
 * memory. */
static inline bool seg_event(struct store *s, uint64_t *inseg, uint16_t *mask, uint64_t off,
			     uint64_t t, struct capstate cs, uint16_t cls)
{
	if ((*inseg)++ % CKPT_EVERY) {
		*mask |= cls;
		return true;
	}
	flush_mask(s, mask);
	struct ckpt c = { off, t, cs, 0 };
	*mask = cls;
	return vec_push(s->ckpts, s->nckpts, s->ix.ckcap, c);
}

void indexer_init(struct indexer *ix)
{
	memset(ix, 0, sizeof *ix);
	ix->cs = CAPSTATE_INIT;
	ix->tmin = UINT64_MAX;
	ix->blk.hi = UINT64_MAX;
}

#define SLACK 1000000000u /* 1 s: how far outside its block's time range an event is plausible */

static void count_bad_block(struct store *s, uint64_t off, uint32_t bs)
{
	if (!s->nbadblocks++) {
		s->badblock_off = off;
		s->badblock_size = bs;
	}
}

/* A block marker at off, of time t: the block's range, its entry in the
 * index, and progress. False when out of memory. */
static inline bool index_marker(struct store *s, const struct store_bytes *w,
				struct blkrange *blk, uint64_t off, uint64_t t)
{
	struct indexer *ix = &s->ix;
	const uint8_t *buf = store_bytes_at(w, off);
	uint32_t bs = ev_block_size_at(buf, 0);
	/* progress, once a block (blocks are ~2 MB in GHC's logs) */
	progress_advance(s->progress, off - ix->last_progress);
	ix->last_progress = off;
	blk->t0 = t;
	blk->t1 = ev_block_end_at(buf, 0);
	blk->end = off + bs;
	blk->lo = blk->t0 > SLACK ? blk->t0 - SLACK : 0;
	blk->hi = blk->t1 > UINT64_MAX - SLACK ? UINT64_MAX : blk->t1 + SLACK;
	struct block bk = { off, bs, ev_block_cap_at(buf, 0), blk->t0, blk->t1 };
	if ((s->nblocks < BLOCKS_KEEP_ALL || bs >= BLOCK_KEEP_BYTES) &&
	    !vec_push(s->blocks, s->nblocks, ix->blkcap, bk))
		return false;
	if (blk->t1 < blk->t0)
		blk->end = 0; /* a range we cannot trust: judge nothing by it */
	/* a block past the data there (one being written, when the log grows):
	 * judged at the report, or when the next marker comes */
	bool past = bs >= EV_BLOCK_MARKER_BYTES && bs > s->size - off;
	if (s->tail_size && s->tail_size > s->size - s->tail_off)
		count_bad_block(s, s->tail_off, s->tail_size);
	s->tail_off = past ? off : 0;
	s->tail_size = past ? bs : 0;
	if (bs < EV_BLOCK_MARKER_BYTES)
		count_bad_block(s, off, bs);
	return true;
}


/* What to do with an item that does not decode where it should. */
enum gap_action {
	GAP_NONE,  /* it is fine */
	GAP_SKIP,  /* skip to *next: plausible events start again there */
	GAP_TAKE,  /* misaligned but nothing better: take it, stop judging by its block */
	GAP_STOP,  /* an undeclared tag and nothing after it: indexing stops */
};

/* An event far outside its block's time range, followed by events that do
 * not decode plausibly, means we are reading misaligned bytes: the start of
 * corrupt data, as is an undeclared tag. (An odd timestamp alone is legal:
 * the RTS posts some events after the fact.) */
static inline enum gap_action judge(const struct store *s, const struct blkrange *blk,
				    enum ev_status st, uint64_t off, uint64_t t, uint32_t size,
				    uint64_t nev, uint64_t tmax, uint64_t *next, bool *misaligned)
{
	uint64_t tlo = 0, thi = nev ? tmax + 3600 * (uint64_t)SLACK : UINT64_MAX;
	if (off < blk->end) {
		tlo = blk->lo;
		thi = blk->hi;
	}
	*misaligned = st == EV_OK && off < blk->end && (t < tlo || t > thi) &&
		      !chain_ok(s, off + size, blk->t0, blk->t1);
	if (st != EV_UNDECLARED && !*misaligned)
		return GAP_NONE;
	/* skip to where plausible events start again, if anywhere; inside a
	 * block, candidates must keep to its exact range */
	*next = off < blk->end ? resync(s, off, blk->t0, blk->t1) : resync(s, off, tlo, thi);
	if (*next)
		return GAP_SKIP;
	return *misaligned ? GAP_TAKE : GAP_STOP;
}

/* Records the gap [off, next), which still counts against its block's
 * size, and ends the open segment there. False when out of memory. */
static inline bool index_gap(struct store *s, struct capstate *cs, uint64_t off, uint64_t next,
			     uint16_t tag, bool misaligned, uint64_t last)
{
	if (s->ngaps < STORE_MAX_GAPS)
		s->gaps[s->ngaps] = (struct gap){ off, next - off, tag, misaligned };
	s->ngaps++;
	s->gap_bytes += next - off;
	cs->remaining -= (int64_t)(next - off);
	if (cs->remaining <= 0)
		cs->cur = EV_NO_CAP;
	s->ix.last = last;
	return seg_close(s, off);
}

/* Puts the event of time t at off into the index: a new segment when times
 * go back (an unsorted run when they do so early), and a checkpoint every
 * CKPT_EVERY events. False when out of memory. */
static inline bool index_event(struct store *s, uint64_t *inseg, uint64_t off, uint64_t t,
			       uint64_t last, struct capstate cs, uint16_t cls)
{
	struct indexer *ix = &s->ix;
	if (ix->open && t < last && !ix->cur.unsorted && *inseg < SEG_SORTED_MIN) {
		ix->cur.unsorted = true;
	} else if (!ix->open || (t < last && !ix->cur.unsorted) ||
		   (ix->cur.unsorted && *inseg >= SEG_UNSORTED_MAX)) {
		ix->last = last;
		if (!seg_close(s, off))
			return false;
		seg_open(s, off, t, cs);
		*inseg = 0;
	}
	if (t < ix->seg_lo)
		ix->seg_lo = t;
	if (t > ix->seg_hi)
		ix->seg_hi = t;
	return seg_event(s, inseg, &ix->mask, off, t, cs, cls);
}

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* The run of one capability's events being gathered for the sink (struct
 * store_sink). */
struct sinkrun {
	int32_t cap;
	bool any;
	uint64_t first, last;
	size_t n;
	struct store_hit hits[STORE_RUN_HITS];
};

/* Hands the run, whose events are in w, to the sink, and empties it. */
static __attribute__((noinline)) void run_flush(const struct store *s, struct sinkrun *r,
						 const struct store_bytes *w)
{
	if (r->n || r->any)
		s->sink->run(s->sink->ctx[s->sink_part], w, r->cap, r->hits, r->n, r->any,
			     r->first, r->last);
	r->n = 0;
	r->any = false;
}

/* An indexed event of capability cap, at off, of time t, into the run. */
static ALWAYS_INLINE void run_note(const struct store *s, struct sinkrun *r,
				   const struct store_bytes *w, int32_t cap, uint64_t off,
				   uint64_t t, uint16_t tag)
{
	if (cap != r->cap || r->n == STORE_RUN_HITS) {
		run_flush(s, r, w);
		r->cap = cap;
	}
	r->first = !r->any || t < r->first ? t : r->first;
	r->last = !r->any || t > r->last ? t : r->last;
	r->any = true;
	if (tag < 256 && s->sink->want[tag])
		r->hits[r->n++] = (struct store_hit){ off, t };
}

/* The decoding loop's state, copied out of the indexer while the loop runs
 * (in the indexer, every uint8_t read of the buffer could alias it and
 * force a reload) and back when it stops; the sink's run (NULL: no sink);
 * the bytes it decodes (the mapping, or buf: store_read_window bytes of
 * the file read at a time). */
struct scan {
	uint64_t off, last, nev, tmin, tmax, inseg;
	struct capstate cs;
	struct blkrange blk;
	struct sinkrun *run;
	struct store_bytes w;
	uint8_t *buf;
	uint64_t *row;  /* the counts of rowcap's events (spare: void counts) */
	int32_t rowcap;
	uint64_t spare[STORE_COUNT_TAGS];
};

size_t store_read_window = 256u << 10;

/* The item at off, as ev_size decoded it. */
struct item {
	enum ev_status st;
	uint64_t t;
	uint32_t size;
	uint16_t tag;
};

/* What the loop does after a step. */
enum step {
	STEP_ON,    /* it->st is the next item's, for index_item */
	STEP_NEXT,  /* the item is indexed: decode the next */
	STEP_STOP,  /* indexing stops here (s->stop says why) */
	STEP_NOMEM,
};

/* An event taken: the loop's state moves past it. */
static ALWAYS_INLINE void scan_past(struct scan *sc, uint64_t t, uint32_t size)
{
	sc->last = t;
	sc->tmin = t < sc->tmin ? t : sc->tmin;
	sc->tmax = t > sc->tmax ? t : sc->tmax;
	sc->nev++;
	sc->off += size;
}

/* The common case, kept tight: fixed-size events, in time order, inside
 * their block's time range, not block markers. Stops at the first item that
 * is not one, decoded into *it for index_item (STEP_ON). */
static ALWAYS_INLINE enum step index_fast(struct store *s, struct scan *sc, struct item *it,
					  bool sink)
{
	const struct ev_header *h = &s->hdr;
	const uint8_t *buf = sc->w.p;
	const uint64_t base = sc->w.base, len = sc->w.end - base;
	const uint16_t *tagclass = s->tagclass;
	const volatile sig_atomic_t *fault = store_fault_flag(s);
	struct indexer *ix = &s->ix;
	uint64_t *row = sc->row;
	while (ev_size_fast(h, buf, len, sc->off - base, &it->t, &it->size, &it->tag) &&
	       !*fault) {
		uint64_t t = it->t;
		if (it->tag == EV_BLOCK_MARKER || t < sc->last || !ix->open ||
		    (sc->off < sc->blk.end && (t < sc->blk.lo || t > sc->blk.hi)) ||
		    (ix->cur.unsorted && sc->inseg >= SEG_UNSORTED_MAX)) {
			it->st = EV_OK;
			return STEP_ON;
		}
		if (t > ix->seg_hi)
			ix->seg_hi = t;
		if (!seg_event(s, &sc->inseg, &ix->mask, sc->off, t, sc->cs, tagclass[it->tag]))
			return STEP_NOMEM;
		if (sink)
			run_note(s, sc->run, &sc->w, sc->cs.cur, sc->off, t, it->tag);
		uint64_t *n = &row[it->tag & (STORE_COUNT_TAGS - 1)]; /* (cs.cur's row) */
		if (s->ndataend)
			s->after_end += it->size;
		sc->cs.remaining -= it->size;
		if (sc->cs.remaining <= 0 && (sc->cs.cur = EV_NO_CAP) != sc->rowcap)
			row = sc->row = evcounts_row(&s->ix, sc->rowcap = EV_NO_CAP, sc->spare);
		scan_past(sc, t, it->size);
		++*n;
	}
	if (*fault)
		return STEP_STOP;
	it->st = sc->off < base ? EV_END : ev_size(h, buf, len, sc->off - base, &it->t, &it->size, &it->tag);
	return STEP_ON;
}

/* Any other item: the end, a cut event, undecodable data (skipped, or where
 * indexing stops), an end-of-data marker, an event out of order or of
 * variable size, a block marker. */
static ALWAYS_INLINE enum step index_item(struct store *s, struct scan *sc, size_t len,
					  const struct item *it)
{
	if (it->st == EV_END)
		return STEP_STOP;
	if (it->st == EV_TRUNC) {
		s->stop = STOP_TRUNCATED;
		return STEP_STOP;
	}
	uint64_t off = sc->off, next = 0;
	bool misaligned = false;
	switch (judge(s, &sc->blk, it->st, off, it->t, it->size, sc->nev, sc->tmax, &next,
		      &misaligned)) {
	case GAP_NONE:
		break;
	case GAP_TAKE:
		sc->blk.end = 0; /* (no rescans) */
		break;
	case GAP_STOP:
		s->stop = STOP_UNDECLARED;
		s->stop_tag = it->tag;
		return STEP_STOP;
	case GAP_SKIP:
		if (!index_gap(s, &sc->cs, off, next, it->tag, misaligned, sc->last))
			return STEP_NOMEM;
		sc->off = next;
		return STEP_NEXT;
	}
	if (it->st == EV_DATAEND) {
		if (s->ndataend++ == 0)
			s->first_dataend = off;
		sc->off += 2;
		if (sc->off == len)
			s->stop = STOP_CLEAN;
		return STEP_NEXT;
	}
	if (s->ndataend)
		s->after_end += it->size;
	if (!index_event(s, &sc->inseg, off, it->t, sc->last, sc->cs, s->tagclass[it->tag]))
		return STEP_NOMEM;
	bool marker = ev_is_marker(&s->hdr, it->tag);
	int32_t cap = ev_capstate_step_at(&sc->cs, &s->hdr, sc->w.p, off - sc->w.base, it->tag,
					  it->size);
	if (sc->run)
		run_note(s, sc->run, &sc->w, cap, off, it->t, it->tag);
	if (cap != sc->rowcap)
		sc->row = evcounts_row(&s->ix, sc->rowcap = cap, sc->spare);
	sc->row[it->tag & (STORE_COUNT_TAGS - 1)]++;
	if (marker && !index_marker(s, &sc->w, &sc->blk, off, it->t))
		return STEP_NOMEM;
	scan_past(sc, it->t, it->size);
	return STEP_NEXT;
}

/* Where the loop stopped, into the store and its indexer; the open segment
 * goes into the index (if the file grows, it may go on). */
static enum store_status index_stop(struct store *s, const struct scan *sc)
{
	struct indexer *ix = &s->ix;
	if (sc->run)
		run_flush(s, sc->run, &sc->w);
	progress_advance(s->progress, sc->off - ix->last_progress);
	ix->last_progress = sc->off;
	s->stop_off = sc->off;
	s->nevents = sc->nev;
	s->tmin = sc->nev ? sc->tmin : 0;
	s->tmax = sc->tmax;
	ix->cs = sc->cs;
	ix->last = sc->last;
	ix->nev = sc->nev;
	ix->tmin = sc->tmin;
	ix->tmax = sc->tmax;
	ix->inseg = sc->inseg;
	ix->blk = sc->blk;
	ix->reopen = ix->open;
	if (!seg_close(s, sc->off))
		return STORE_ENOMEM;
	return STORE_OK;
}

/* The file's next bytes, from sc->off to at most end, read into sc->buf:
 * sc->w. Where the file cannot be read there (it shrank, or an item is
 * bigger than the buffer), the rest is read through the mapping, whose
 * guard says what is left of it (the sink's run, in the bytes that go,
 * is handed over first). */
static __attribute__((noinline)) void index_read(struct store *s, struct scan *sc, size_t end)
{
	if (sc->run)
		run_flush(s, sc->run, &sc->w);
	uint64_t off = sc->off;
	size_t win = store_read_window;
	size_t want = end - off < win ? (size_t)(end - off) : win, got = 0;
	if (off != sc->w.base || sc->w.p != sc->buf) { /* (not the same place again) */
		while (got < want) {
			ssize_t r = pread(s->read_fd, sc->buf + got, want - got, (off_t)(off + got));
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				break;
			got += (size_t)r;
		}
		if (got == want) {
			sc->w = (struct store_bytes){ sc->buf, off, off + want };
			return;
		}
	}
	sc->w = (struct store_bytes){ s->map, 0, end };
}

/* Items until the end or a stop (STEP_STOP, STEP_NOMEM); a loop of its own
 * with and without a sink, so that the loop without one tests nothing for
 * it. Where the bytes in hand end before end, the next are read. */
static ALWAYS_INLINE enum step index_loop(struct store *s, struct scan *sc, size_t end, bool sink)
{
	for (;;) {
		struct item it = { 0 };
		if (sc->rowcap != sc->cs.cur)
			sc->row = evcounts_row(&s->ix, sc->rowcap = sc->cs.cur, sc->spare);
		enum step st = index_fast(s, sc, &it, sink);
		if (st == STEP_ON && sc->w.end < end && (it.st == EV_END || it.st == EV_TRUNC)) {
			index_read(s, sc, end);
			continue;
		}
		if (st == STEP_ON)
			st = index_item(s, sc, end, &it);
		if (st == STEP_NOMEM || st == STEP_STOP)
			return st;
	}
}

/* Indexes the items in [start, end) into s's index fields (empty, or as a
 * previous call left them: it goes on from the indexer's state). end is
 * also the decoding limit: an item crossing it is truncated. */
enum store_status build_index(struct store *s, uint64_t start, size_t end)
{
	struct indexer *ix = &s->ix;
	if (ix->last_progress < start)
		ix->last_progress = start;
	struct sinkrun run;
	struct scan sc = { .off = start, .last = ix->last, .nev = ix->nev, .tmin = ix->tmin,
			   .tmax = ix->tmax, .inseg = ix->inseg, .cs = ix->cs, .blk = ix->blk,
			   .run = s->sink ? &run : NULL, .w = { s->map, 0, end },
			   .rowcap = INT32_MIN };
	if (s->hdr.nsel > STORE_COUNT_TAGS) /* (so a row holds every tag but in spare) */
		ix->counts_void = true;
	run.cap = EV_NO_CAP;
	run.n = 0;
	run.any = false;
	s->stop = STOP_NO_DATAEND;
	if (s->read_fd_on && start < end && store_read_window &&
	    (sc.buf = malloc(store_read_window)) != NULL)
		index_read(s, &sc, end);
	enum step st = sc.run ? index_loop(s, &sc, end, true) : index_loop(s, &sc, end, false);
	enum store_status r = st == STEP_NOMEM ? STORE_ENOMEM : index_stop(s, &sc);
	free(sc.buf);
	return r;
}

void free_index(struct store *s)
{
	free(s->order);
	free(s->chunk_t1);
	s->order = NULL;
	s->chunk_t1 = NULL;
	free(s->segs);
	free(s->ckpts);
	free(s->blocks);
	s->segs = NULL;
	s->ckpts = NULL;
	s->blocks = NULL;
	s->nsegs = s->nckpts = s->nblocks = 0;
	evcounts_free(&s->ix);
}

