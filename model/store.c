/* The mmap-backed store: mapping, index build, merged iteration. */
#include "store.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../parser/be.h"
#include "classes.h"
#include "vec.h"

/* ---- a mapped file that shrinks under us ----
 * Reading a page past the new end of a mapped file raises SIGBUS. The
 * handler maps zero pages over the rest of the mapping, so the read that
 * faulted and every later one sees zeros instead of killing the program,
 * and sets store_shrunk; readers check it and stop with an error. */
#include <signal.h>

volatile sig_atomic_t store_shrunk;
static const uint8_t *volatile guard_base;
static volatile size_t guard_len;

static void on_sigbus(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	const uint8_t *a = si->si_addr;
	const uint8_t *base = guard_base;
	size_t len = guard_len;
	if (!base || a < base || a >= base + len) {
		signal(sig, SIG_DFL); /* not ours: die as we would have */
		raise(sig);
		return;
	}
	long pg = sysconf(_SC_PAGESIZE);
	uintptr_t start = (uintptr_t)a & ~(uintptr_t)(pg - 1);
	size_t rest = (size_t)((uintptr_t)(base + len) - start);
	if (mmap((void *)start, rest, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
		 0) == MAP_FAILED) {
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	store_shrunk = 1;
}

static void guard_mapping(const uint8_t *base, size_t len)
{
	static bool installed;
	if (!installed) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = on_sigbus;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGBUS, &sa, NULL);
		installed = true;
	}
	guard_base = base;
	guard_len = len;
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
	for (uint64_t off = bad + 1; off + 10 <= lim; off++)
		if (chain_ok(s, off, tlo, thi))
			return off;
	return 0;
}

/* One pass over the data section: sizes and times only. */
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

static void indexer_init(struct indexer *ix)
{
	memset(ix, 0, sizeof *ix);
	ix->cs = CAPSTATE_INIT;
	ix->tmin = UINT64_MAX;
	ix->blk_hi = UINT64_MAX;
}

/* Indexes the items in [start, end) into s's index fields (which must be
 * empty). end is also the decoding limit: an item crossing it is truncated. */
static enum store_status build_index(struct store *s, uint64_t start, size_t end)
{
	const struct ev_header *h = &s->hdr;
	const uint8_t *buf = s->map;
	const size_t len = end;
	uint64_t off = start;
	struct indexer *ix = &s->ix;
	if (ix->last_progress < start)
		ix->last_progress = start;
	/* the loop's state, in locals (the buffer's uint8_t would alias it) */
	struct capstate cs = ix->cs;
	uint64_t last = ix->last, nev = ix->nev, tmin = ix->tmin, tmax = ix->tmax;
	uint64_t inseg = ix->inseg;
	const uint16_t *tagclass = s->tagclass;
	const uint64_t slack = 1000000000u; /* 1 s */
	/* the current block: its byte end, exact time range, and that range
	 * widened by the slack (events outside it are suspicious) */
	uint64_t blk_end = ix->blk_end, blk_t0 = ix->blk_t0, blk_t1 = ix->blk_t1;
	uint64_t blk_lo = ix->blk_lo, blk_hi = ix->blk_hi;
	s->stop = STOP_NO_DATAEND;
	for (;;) {
		uint64_t t = 0;
		uint32_t size = 0;
		uint16_t tag = 0;
		enum ev_status st;

		/* The common case, kept tight: a fixed-size event, in time order,
		 * inside its block's time range, not a block marker. */
		while (ev_size_fast(h, buf, len, off, &t, &size, &tag) && !store_shrunk) {
			if (tag == EV_BLOCK_MARKER || t < last || !ix->open ||
			    (off < blk_end && (t < blk_lo || t > blk_hi)) ||
			    (ix->cur.unsorted && inseg >= SEG_UNSORTED_MAX))
				goto general;
			if (t > ix->seg_hi)
				ix->seg_hi = t;
			if (!seg_event(s, &inseg, &ix->mask, off, t, cs, tagclass[tag]))
				return STORE_ENOMEM;
			if (s->ndataend)
				s->after_end += size;
			cs.remaining -= size;
			if (cs.remaining <= 0)
				cs.cur = EV_NO_CAP;
			last = t;
			tmin = t < tmin ? t : tmin;
			tmax = t > tmax ? t : tmax;
			nev++;
			off += size;
		}
		if (store_shrunk)
			break;
		st = ev_size(h, buf, len, off, &t, &size, &tag);
		goto classify;
	general:
		st = EV_OK;
	classify:
		if (st == EV_END)
			break;
		if (st == EV_TRUNC) {
			s->stop = STOP_TRUNCATED;
			break;
		}
		uint64_t tlo = 0, thi = nev ? tmax + 3600 * slack : UINT64_MAX;
		if (off < blk_end) {
			tlo = blk_lo;
			thi = blk_hi;
		}
		/* An event far outside its block's time range, followed by events
		 * that do not decode plausibly, means we are reading misaligned
		 * bytes: treat it as the start of corrupt data. (An odd timestamp
		 * alone is legal: the RTS posts some events after the fact.) */
		bool misaligned = st == EV_OK && off < blk_end && (t < tlo || t > thi) &&
				  !chain_ok(s, off + size, blk_t0, blk_t1);
		if (st == EV_UNDECLARED || misaligned) {
			/* skip to where plausible events start again, if anywhere;
			 * inside a block, candidates must keep to its exact range */
			uint64_t next = off < blk_end ? resync(s, off, blk_t0, blk_t1)
						      : resync(s, off, tlo, thi);
			if (!next) {
				if (misaligned) {
					/* nothing better: take it as it is, and stop
					 * judging by this block's range (no rescans) */
					blk_end = 0;
					goto accept;
				}
				s->stop = STOP_UNDECLARED;
				s->stop_tag = tag;
				break;
			}
			if (s->ngaps < STORE_MAX_GAPS)
				s->gaps[s->ngaps] = (struct gap){ off, next - off, tag, misaligned };
			s->ngaps++;
			s->gap_bytes += next - off;
			/* the skipped bytes still count against the block's size */
			cs.remaining -= (int64_t)(next - off);
			if (cs.remaining <= 0)
				cs.cur = EV_NO_CAP;
			ix->last = last;
			if (!seg_close(s, off))
				return STORE_ENOMEM;
			off = next;
			continue;
		}
		if (st == EV_DATAEND) {
			if (s->ndataend++ == 0)
				s->first_dataend = off;
			off += 2;
			if (off == len)
				s->stop = STOP_CLEAN;
			continue;
		}
	accept:
		if (s->ndataend)
			s->after_end += size;
		if (ix->open && t < last && !ix->cur.unsorted && inseg < SEG_SORTED_MIN) {
			/* times go back after a few events: an unsorted run */
			ix->cur.unsorted = true;
		} else if (!ix->open || (t < last && !ix->cur.unsorted) ||
			   (ix->cur.unsorted && inseg >= SEG_UNSORTED_MAX)) {
			ix->last = last;
			if (!seg_close(s, off))
				return STORE_ENOMEM;
			seg_open(s, off, t, cs);
			inseg = 0;
		}
		if (t < ix->seg_lo)
			ix->seg_lo = t;
		if (t > ix->seg_hi)
			ix->seg_hi = t;
		if (!seg_event(s, &inseg, &ix->mask, off, t, cs, tagclass[tag]))
			return STORE_ENOMEM;
		bool marker = ev_is_marker(h, tag);
		capstate_step(&cs, marker, marker ? be32(buf + off + 10) : 0,
			      marker ? be16(buf + off + 22) : 0, size);
		if (marker) {
			uint32_t bs = be32(buf + off + 10);
			/* progress, once a block (blocks are ~2 MB in GHC's logs) */
			__atomic_add_fetch(&store_progress, off - ix->last_progress, __ATOMIC_RELAXED);
			ix->last_progress = off;
			blk_t0 = t;
			blk_t1 = be64(buf + off + 14);
			blk_end = off + bs;
			blk_lo = blk_t0 > slack ? blk_t0 - slack : 0;
			blk_hi = blk_t1 > UINT64_MAX - slack ? UINT64_MAX : blk_t1 + slack;
			struct block bk = { off, bs, be16(buf + off + 22), blk_t0, blk_t1 };
			if ((s->nblocks < BLOCKS_KEEP_ALL || bs >= BLOCK_KEEP_BYTES) &&
			    !vec_push(s->blocks, s->nblocks, ix->blkcap, bk))
				return STORE_ENOMEM;
			if (blk_t1 < blk_t0)
				blk_end = 0; /* a range we cannot trust: judge nothing by it */
			if (bs < 24 || bs > s->size - off) {
				if (!s->nbadblocks++) {
					s->badblock_off = off;
					s->badblock_size = bs;
				}
			}
		}
		last = t;
		tmin = t < tmin ? t : tmin;
		tmax = t > tmax ? t : tmax;
		nev++;
		off += size;
	}
	__atomic_add_fetch(&store_progress, off - ix->last_progress, __ATOMIC_RELAXED);
	ix->last_progress = off;
	s->stop_off = off;
	s->nevents = nev;
	s->tmin = nev ? tmin : 0;
	s->tmax = tmax;
	ix->cs = cs;
	ix->last = last;
	ix->nev = nev;
	ix->tmin = tmin;
	ix->tmax = tmax;
	ix->inseg = inseg;
	ix->blk_end = blk_end, ix->blk_t0 = blk_t0, ix->blk_t1 = blk_t1;
	ix->blk_lo = blk_lo, ix->blk_hi = blk_hi;
	/* the open segment goes into the index; if the file grows, it may go on */
	ix->reopen = ix->open;
	if (!seg_close(s, off))
		return STORE_ENOMEM;
	return STORE_OK;
}

/* ---- indexing on two cores ----
 * A GHC log is a sequence of blocks, each starting with a marker that gives
 * its size. Hopping from marker to marker finds a block boundary near the
 * middle without decoding anything; each half is then indexed by its own
 * thread, and the two halves are joined. Anything irregular in the first half
 * (a gap, a DATA_END, an event crossing the cut) and we index serially, so
 * the result is always the serial one. */
size_t store_parallel_min = 64u << 20;
uint64_t store_progress; /* smaller files are indexed serially */

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
	if (!ev_is_marker(h, EV_BLOCK_MARKER) || h->sel[EV_BLOCK_MARKER].fixed < 24)
		return 0;
	while (off < mid) {
		if (s->size - off < 24 || be16(s->map + off) != EV_BLOCK_MARKER)
			return 0;
		uint32_t bs = be32(s->map + off + 10);
		if (bs < 24 || bs > s->size - off)
			return 0;
		off += bs;
	}
	if (off >= s->size || s->size - off < 24 || be16(s->map + off) != EV_BLOCK_MARKER)
		return 0;
	return off;
}

static void free_index(struct store *s)
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
}

/* Appends src's n elements of size elem to a malloc'd copy of dst's m. */
static void *concat(const void *dst, size_t m, const void *src, size_t n, size_t elem)
{
	char *p = malloc((m + n + 1) * elem);
	if (!p)
		return NULL;
	if (m)
		memcpy(p, dst, m * elem);
	if (n)
		memcpy(p + m * elem, src, n * elem);
	return p;
}

static enum store_status build_index_parallel(struct store *s)
{
	indexer_init(&s->ix);
	uint64_t cut = s->size >= store_parallel_min ? find_cut(s) : 0;
	if (!cut)
		return build_index(s, s->hdr.data_off, s->size);
	struct part a = { .s = *s, .start = s->hdr.data_off, .end = cut };
	struct part b = { .s = *s, .start = cut, .end = s->size };
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

static int cmp_order(const void *a, const void *b);

/* The segments by start time, with each chunk's latest end, for seeks. */
static enum store_status build_order(struct store *s)
{
	size_t n = s->nsegs, nch = (n + ORDER_CHUNK - 1) / ORDER_CHUNK;
	s->order = malloc((n ? n : 1) * sizeof *s->order);
	s->chunk_t1 = malloc((nch ? nch : 1) * sizeof *s->chunk_t1);
	if (!s->order || !s->chunk_t1)
		return STORE_ENOMEM;
	for (size_t i = 0; i < n; i++)
		s->order[i] = (struct seg_order){ s->segs[i].t0, s->segs[i].off, i };
	qsort(s->order, n, sizeof *s->order, cmp_order);
	for (size_t c = 0; c < nch; c++) {
		uint64_t mx = 0;
		for (size_t i = c * ORDER_CHUNK; i < n && i < (c + 1) * ORDER_CHUNK; i++)
			if (s->segs[s->order[i].seg].t1 > mx)
				mx = s->segs[s->order[i].seg].t1;
		s->chunk_t1[c] = mx;
	}
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
	s->tagclass = malloc((s->hdr.nsel ? s->hdr.nsel : 1) * sizeof *s->tagclass);
	if (!s->tagclass) {
		snprintf(err, errlen, "out of memory");
		return STORE_ENOMEM;
	}
	for (uint32_t t = 0; t < s->hdr.nsel; t++)
		s->tagclass[t] = (uint16_t)CLASS_BIT(class_of((uint16_t)t));
	enum store_status st = build_index_parallel(s);
	if (st == STORE_OK)
		st = build_order(s);
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
	/* O_NONBLOCK: opening a FIFO with no writer (or a device) must not
	 * block; only regular files are mapped */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
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
		snprintf(err, errlen, "not a regular file (%s): hectic reads eventlog files; "
				      "FIFOs and streams come with live follow",
			 S_ISFIFO(sb.st_mode)  ? "a FIFO"
			 : S_ISDIR(sb.st_mode) ? "a directory"
			 : S_ISCHR(sb.st_mode) ? "a character device"
			 : S_ISBLK(sb.st_mode) ? "a block device"
			 : S_ISSOCK(sb.st_mode) ? "a socket"
						: "a special file");
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
		store_shrunk = 0;
		guard_mapping(s->map, s->size);
	} else {
		s->map = (const uint8_t *)"";
	}
	close(fd);
	enum store_status st = open_common(s, err, errlen);
	if (st != STORE_OK)
		store_close(s);
	return st;
}

enum extend_status store_extend(struct store *s, char *err, size_t errlen)
{
	if (!s->map || !strcmp(s->path, "<memory>")) {
		snprintf(err, errlen, "not a file");
		return EXTEND_ERROR;
	}
	int fd = open(s->path, O_RDONLY | O_CLOEXEC);
	struct stat sb;
	if (fd < 0 || fstat(fd, &sb) < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return EXTEND_ERROR;
	}
	size_t size = (size_t)sb.st_size;
	if (size == s->size) {
		close(fd);
		return EXTEND_SAME;
	}
	if (size < s->size) {
		close(fd);
		return EXTEND_SHRANK;
	}
	void *m = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED) {
		snprintf(err, errlen, "mmap: %s", strerror(errno));
		return EXTEND_ERROR;
	}
	if (s->size)
		munmap((void *)s->map, s->size);
	s->map = m;
	s->size = size;
	guard_mapping(s->map, s->size);
	/* the last segment may go on: take it back from the index */
	if (s->ix.reopen && s->nsegs && s->segs[s->nsegs - 1].end == s->stop_off) {
		s->ix.cur = s->segs[--s->nsegs];
		s->ix.open = true;
		s->ix.seg_lo = s->ix.cur.t0;
		s->ix.seg_hi = s->ix.cur.t1;
	}
	free(s->order);
	free(s->chunk_t1);
	s->order = NULL;
	s->chunk_t1 = NULL;
	if (build_index(s, s->stop_off, s->size) != STORE_OK || build_order(s) != STORE_OK) {
		snprintf(err, errlen, "out of memory");
		return EXTEND_ERROR;
	}
	return EXTEND_GREW;
}

void store_close(struct store *s)
{
	if (s->map && s->size > 0 && strcmp(s->path, "<memory>") != 0) {
		if (guard_base == s->map)
			guard_mapping(NULL, 0);
		munmap((void *)s->map, s->size);
	}
	hdr_free(&s->hdr);
	free_index(s);
	free(s->tagclass);
	memset(s, 0, sizeof *s);
}

/* ---- merge ---- */

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
	struct ev ev;   /* merge_next's decoded event */
};

static int cmp_order(const void *a, const void *b)
{
	const struct seg_order *x = a, *y = b;
	if (x->t0 != y->t0)
		return x->t0 < y->t0 ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

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
	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return (x->off > y->off) - (x->off < y->off);
}

/* Sorts an unsorted segment's wanted events into c->sorted; false when out
 * of memory (the cursor then scans). */
static bool sort_unsorted(const struct store *s, struct cursor *c)
{
	struct evref *v = malloc(SEG_UNSORTED_MAX * sizeof *v), r;
	if (!v)
		return false;
	uint32_t n = 0;
	struct capstate cs = c->seg_cs;
	for (uint64_t off = c->seg_off; off < c->end && n < SEG_UNSORTED_MAX;) {
		enum ev_status st =
			ev_size_fast(&s->hdr, s->map, c->end, off, &r.time, &r.size, &r.tag)
				? EV_OK
				: ev_size(&s->hdr, s->map, c->end, off, &r.time, &r.size, &r.tag);
		if (st == EV_DATAEND) {
			off += 2;
			continue;
		}
		if (st != EV_OK)
			break;
		const uint8_t *p = s->map + off;
		bool marker = ev_is_marker(&s->hdr, r.tag);
		r.cap = capstate_step(&cs, marker, marker ? be32(p + 10) : 0, marker ? be16(p + 22) : 0,
				      r.size);
		r.off = off;
		off += r.size;
		if (r.time >= c->from && (!c->want || c->want[r.tag]))
			v[n++] = r;
	}
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
	if (!c->started && !c->sorted && m->nsorted < merge_sorted_max && sort_unsorted(s, c))
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
	for (uint64_t off = c->seg_off; off < c->end;) {
		enum ev_status st =
			ev_size_fast(&s->hdr, s->map, c->end, off, &r.time, &r.size, &r.tag)
				? EV_OK
				: ev_size(&s->hdr, s->map, c->end, off, &r.time, &r.size, &r.tag);
		if (st == EV_DATAEND) {
			off += 2;
			continue;
		}
		if (st != EV_OK)
			break;
		const uint8_t *p = s->map + off;
		bool marker = ev_is_marker(&s->hdr, r.tag);
		r.cap = capstate_step(&cs, marker, marker ? be32(p + 10) : 0, marker ? be16(p + 22) : 0,
				      r.size);
		r.off = off;
		off += r.size;
		if (r.time < c->from || (c->want && !c->want[r.tag]))
			continue;
		if (c->started && (r.time < c->ref.time || (r.time == c->ref.time && r.off <= c->ref.off)))
			continue;
		if (!found || r.time < best.time || (r.time == best.time && r.off < best.off)) {
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
		const uint8_t *p = s->map + r->off;
		bool marker = ev_is_marker(&s->hdr, r->tag);
		r->cap = capstate_step(&c->cs, marker, marker ? be32(p + 10) : 0,
				       marker ? be16(p + 22) : 0, r->size);
		c->next += r->size;
		if (r->time < c->from || (c->want && !c->want[r->tag]))
			continue; /* the capability state has stepped over it */
		return true;
	}
	return false;
}

static void start_segment(struct merge *m, const struct seg *g, size_t ck);

/* The last checkpoint of segment g before time t (its first if none). */
static const struct ckpt *ckpt_before(const struct store *s, const struct seg *g, uint64_t t)
{
	size_t lo = 0, hi = g->nck;
	while (lo < hi) { /* first checkpoint with time >= t */
		size_t mid = (lo + hi) / 2;
		if (s->ckpts[g->ck0 + mid].time < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return &s->ckpts[g->ck0 + (lo ? lo - 1 : 0)];
}

struct merge *merge_new_at(const struct store *s, uint64_t from, class_set classes)
{
	struct merge *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->s = s;
	m->from = from;
	if (classes != CLASS_ALL && s->hdr.nsel) {
		m->want = malloc(s->hdr.nsel);
		if (!m->want) {
			free(m);
			return NULL;
		}
		for (uint32_t t = 0; t < s->hdr.nsel; t++)
			m->want[t] = (classes & CLASS_BIT(class_of((uint16_t)t))) != 0;
		m->wantmask = (uint16_t)classes;
	}
	m->order = s->order;
	m->nsegs = s->nsegs;
	/* segments starting at or after from wait their turn; of those before,
	 * the ones still running at from start now, at their checkpoint */
	size_t lo = 0, hi = s->nsegs;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->order[mid].t0 < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t k = lo;
	for (size_t c = 0; c * ORDER_CHUNK < k; c++) {
		if (s->chunk_t1[c] < from)
			continue;
		size_t e = (c + 1) * ORDER_CHUNK < k ? (c + 1) * ORDER_CHUNK : k;
		for (size_t i = c * ORDER_CHUNK; i < e; i++) {
			const struct seg *g = &s->segs[s->order[i].seg];
			if (g->t1 < from)
				continue;
			const struct ckpt *ck = ckpt_before(s, g, from);
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

/* Starts a cursor on segment g at its checkpoint ck. */
static void start_segment(struct merge *m, const struct seg *g, size_t ck)
{
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
	/* an unsorted segment has one checkpoint: skip it whole when it holds
	 * nothing wanted */
	if (g->unsorted && c->want && g->nck && !(m->s->ckpts[g->ck0].classes & c->wantmask)) {
		m->freel[m->nfree++] = slot;
		return;
	}
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
				struct evref *tmp = malloc(n * sizeof *tmp);
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
