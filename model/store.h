/* store: the mmap-backed event store.
 *
 * Owns the read-only mapping of an eventlog, its parsed header, and an index
 * of the data section. The index cuts the file-order event stream into
 * segments: maximal contiguous runs whose timestamps never decrease. A
 * capability's block is normally one segment. Merging the segments by
 * (timestamp, file offset) gives exactly the stable sort by timestamp that
 * `ghc-events show` prints, without holding events in memory: the merge keeps
 * one decoded event per segment that overlaps the current time.
 *
 * Costs: store_open maps the file and reads every event header once (O(file)),
 * keeping O(segments) memory. Never includes curses or termkey. */
#ifndef HECTIC_STORE_H
#define HECTIC_STORE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../parser/event.h"
#include "classes.h"
#include "progress.h"

struct mapguard;
struct store;

/* A tracked event a sink noted while indexing: where it is, and its time. */
struct store_hit {
	uint64_t off, t;
};

/* Bytes of the file in hand: the file's [base, end) at p[0 .. end - base).
 * The index reads a file through a buffer of its own per thread (pread),
 * not through the mapping: on a VM, the first touch of each page of a
 * fresh file mapping costs several times what reading it costs
 * (bench/touch.c). */
struct store_bytes {
	const uint8_t *p;
	uint64_t base, end;
};

/* The byte at file offset off (base <= off < end) of b. */
static inline const uint8_t *store_bytes_at(const struct store_bytes *b, uint64_t off)
{
	return b->p + (off - b->base);
}

#define STORE_RUN_HITS 256 /* hits handed to a sink at most at once */

/* Parts the index may split a file into, at most (one thread each). */
#define STORE_MAX_PARTS 64

/* What an open hands the events it indexes to, so that a pass over them
 * (the tracks) needs no second read of the file. The index runs on
 * nparts threads, one per part of the file (part k runs from cuts[k - 1],
 * or the data's start, to cuts[k], or the end), each calling back with
 * ctx[part] only, in file order within its part:
 * - begin(begin_ctx, s, nparts, cuts) before the first event, and again
 *   when a split index is redone on one thread (what the parts handed
 *   over is then void): cuts[0 .. nparts - 1) are where the parts split,
 *   block boundaries in increasing order (nparts 1: one part, no cut).
 *   It sets want[tag] for the tags it wants noted; s's header and mapping
 *   are in, its index not. False: it wants nothing of this open (no run
 *   follows).
 * - run(ctx[part], bytes, cap, hits, n, any, first, last) for each run of
 *   the indexed events (the items the segments hold, end-of-data markers
 *   aside) of one capability (cap, EV_NO_CAP for none), a run ending
 *   where the capability changes, at STORE_RUN_HITS notes, where the
 *   index's buffer moves on and at the part's end: the run's wanted events
 *   (hits[0 .. n), each whole inside bytes, which hold them only during
 *   the call), and the earliest and latest time of all its events (any:
 *   whether it held one). A run may thus come in pieces. */
struct store_sink {
	uint8_t want[256];
	bool (*begin)(void *ctx, const struct store *s, unsigned nparts, const uint64_t *cuts);
	void (*run)(void *ctx, const struct store_bytes *bytes, int32_t cap,
		    const struct store_hit *hits, size_t n, bool any, uint64_t first,
		    uint64_t last);
	void *begin_ctx;
	void *ctx[STORE_MAX_PARTS];
};

/* One time-ordered run of the file, in file order; or, where times go back
 * every few events, an unsorted run of at most SEG_UNSORTED_MAX events
 * (so that the index stays O(file size / a constant) whatever the order:
 * a merge finds the next event of an unsorted run by scanning it). */
struct seg {
	uint64_t off;       /* first item */
	uint64_t end;       /* one past the last item */
	uint64_t t0, t1;    /* the earliest and the latest event's time (sorted:
			     * the first and the last) */
	struct capstate cs; /* capability state before the first item */
	size_t ck0, nck;    /* its checkpoints: ckpts[ck0 .. ck0 + nck) */
	uint16_t classes;   /* the index bits of its events (the OR of its
			     * checkpoints'): a merge starts no segment
			     * without one it wants */
	bool unsorted;      /* times go back inside it */
};

/* A run that goes back in time before it holds this many events becomes
 * unsorted rather than ending, and an unsorted run ends at this many. */
#define SEG_SORTED_MIN 64
#define SEG_UNSORTED_MAX 512

/* Block markers are all kept while there are this few; past that only
 * blocks of at least this many bytes are (a log of tiny blocks would
 * otherwise grow the index with the file's event count). */
#define BLOCKS_KEEP_ALL 4096
#define BLOCK_KEEP_BYTES 4096

/* The index bits of an event: its class bit (CLASS_BIT of its class, bits
 * 0 .. CL_COUNT - 1) and, for a few rare tags inside common classes, a bit
 * of its own above those, so that a scan for them skips what holds only
 * their class's common tags. These bits are the index's: class_set values
 * (filters, the UI) never hold them. */
#define IX_THREAD_LABEL ((uint16_t)(1u << 11))   /* THREAD_LABEL (in sched) */
#define IX_SPARK_COUNTERS ((uint16_t)(1u << 12)) /* SPARK_COUNTERS (in sparks) */
#define IX_GC_STATS ((uint16_t)(1u << 13))       /* GC_STATS_GHC (in gc) */

/* A place to resume decoding inside a segment: every CKPT_EVERY-th event
 * of a segment (its first included), with the capability state before it. */
#define CKPT_EVERY 1024
struct ckpt {
	uint64_t off, time;
	struct capstate cs;
	uint16_t classes; /* index bits of the events up to the next checkpoint:
			   * a filtered merge skips intervals with none it wants */
};

/* The segments sorted by start time, and the largest end time of each
 * chunk of ORDER_CHUNK of them: a seek skips chunks that end before it. */
#define ORDER_CHUNK 64
struct seg_order {
	uint64_t t0, off;
	size_t seg;
};

/* A block, from its marker: a run of one capability's events. */
struct block {
	uint64_t off;    /* the marker */
	uint32_t size;   /* bytes, the marker included (as the marker says) */
	uint16_t cap;    /* 0xFFFF: events of no capability */
	uint64_t t0, t1; /* the marker's start and end times */
};

/* Why the index stopped before the end of the file. */
enum store_stop {
	STOP_CLEAN,      /* data ended with an end-of-data marker at the file end */
	STOP_NO_DATAEND, /* the file ends on an event boundary, no end marker */
	STOP_TRUNCATED,  /* the last event is incomplete */
	STOP_UNDECLARED, /* an undeclared tag: its size is unknown */
};

/* A stretch of bytes the index skipped: data that does not decode (an
 * undeclared tag, or garbage), after which a run of plausible events was
 * found again. */
struct gap {
	uint64_t off, len;
	uint16_t tag;     /* the tag found at off */
	bool misaligned; /* a declared tag whose event made no sense */
};

#define STORE_MAX_GAPS 16 /* gaps kept for reporting; all are counted */

/* The block being indexed: its byte end, its exact time range, and that
 * range widened by a slack (events outside it are suspicious). end 0:
 * judge nothing by it. Internal to store.c. */
struct blkrange {
	uint64_t end, t0, t1, lo, hi;
};

/* Where indexing stopped, so that it can go on when the file grows: the
 * capacities of the index arrays, the state of the decoding loop, and the
 * last segment (which may continue). Internal to store.c. */
struct indexer {
	size_t segcap, ckcap, blkcap;
	bool open;        /* cur is being built */
	bool reopen;      /* the last segment in segs may continue */
	struct seg cur;
	uint64_t inseg;   /* events in cur */
	struct capstate cs;
	uint64_t last, nev, tmin, tmax;
	uint64_t seg_lo, seg_hi; /* the open segment's earliest and latest time */
	struct blkrange blk;
	uint64_t last_progress; /* offset last reported to the progress */
	uint16_t mask;          /* classes seen since the last checkpoint */
	/* the events counted per capability and type (store_counts.c; NULL:
	 * none yet), void when they could not all be counted */
	struct evcounts *counts;
	bool counts_void;
};

struct store {
	const char *path;
	const uint8_t *map;
	size_t size;
	struct ev_header hdr;

	struct seg *segs; /* file order */
	size_t nsegs;
	struct ckpt *ckpts; /* by segment, each segment's in file order */
	size_t nckpts;
	struct block *blocks; /* file order; small ones only while few (BLOCKS_KEEP_ALL) */
	size_t nblocks;
	struct seg_order *order; /* segments by (t0, off), for seeks */
	uint16_t *tagclass;      /* by tag (hdr.nsel entries): its index bits */
	uint16_t classes;        /* the index bits of all the events indexed */
	uint64_t *chunk_t1;      /* latest t1 of each ORDER_CHUNK of order */
	uint64_t nevents;     /* events in the data section (no DATA_END) */
	uint64_t ndataend;    /* DATA_END markers seen */
	uint64_t after_end;   /* bytes decoded after the first DATA_END */
	uint64_t first_dataend;
	enum store_stop stop;
	uint64_t stop_off;    /* where decoding stopped */
	uint16_t stop_tag;    /* the undeclared tag, for STOP_UNDECLARED */
	uint64_t tmin, tmax;  /* time range of all events */
	struct gap gaps[STORE_MAX_GAPS];
	uint64_t ngaps;       /* gaps in all (only the first are kept) */
	uint64_t gap_bytes;   /* bytes skipped in all */
	unsigned nparts;      /* the index was built in this many parts, on as
			       * many threads (1: serially), split at... */
	uint64_t cuts[STORE_MAX_PARTS]; /* ...these block boundaries, increasing:
					 * part k ends at cuts[k] (k < nparts - 1) */
	/* block markers whose size is impossible (< 24) or reaches past the end
	 * of the data: the first one, and how many */
	uint64_t nbadblocks, badblock_off;
	uint32_t badblock_size;
	/* the last block marker whose block reached past the data there when it
	 * was indexed (0: none): a block still being written, in a log that
	 * grows, or one past the end: judged against the size at the report
	 * (store_block_past_end), not when indexed */
	uint64_t tail_off;
	uint32_t tail_size;
	struct indexer ix;
	uint64_t dev, ino; /* the file's identity: a file replaced under its name
			    * is not an extension of it */
	/* (internal) where the open in progress reports the bytes it indexes
	 * (NULL: nowhere, and always once the open has returned) */
	const struct progress *progress;
	/* (internal) the sink of the open in progress (NULL: none, and always
	 * once the open has returned), and which part of it this index is */
	const struct store_sink *sink;
	int sink_part;
	/* (internal) the file of the open in progress, read with pread while
	 * indexing (read_fd_on false: none; the index reads the mapping) */
	int read_fd;
	bool read_fd_on;
	/* (internal) the mapping's guard against the file shrinking
	 * (mapguard.h), and its flag (NULL: none) */
	struct mapguard *guard;
	const volatile sig_atomic_t *fault;
};

/* True once s's mapped file shrank under it: a read past the new end
 * raised SIGBUS, and mapguard's handler mapped zeros over the rest of s's
 * mapping instead of letting the program die. What was read from s after
 * that is not the file's content: whoever iterates checks it and stops.
 * Per store (another store's mapping is not concerned), never cleared while
 * s is open, O(1), async-signal-safe. */
static inline bool store_faulted(const struct store *s)
{
	return s->fault && *s->fault;
}

/* store_faulted's flag itself, for a loop over millions of events to take
 * once and read at each step in one load: *flag is store_faulted(s). Valid
 * while s is open (a store that maps nothing has one never set). */
const volatile sig_atomic_t *store_fault_flag(const struct store *s);

enum store_status {
	STORE_OK,
	STORE_EIO,     /* open/stat/mmap failed: errno is set */
	STORE_EHEADER, /* the header is bad or truncated: see err */
	STORE_ENOMEM,
};

/* A merge keeps at most this many unsorted segments sorted in memory at
 * once (about 12 KB each); others it scans at each step (tests set 0). */
extern size_t merge_sorted_max;

/* The index splits a file into parts of at least store_parallel_min / 2
 * bytes (64 MB: files smaller than that are indexed on one thread; tests
 * lower it to exercise the split on small logs), one per thread, on at
 * most store_threads threads (0: as many as the machine has online
 * processors; at most STORE_MAX_PARTS). */
extern size_t store_parallel_min;
extern unsigned store_threads;

/* The index reads a file store_read_window bytes at a time (256 KB: small
 * enough to stay in a core's cache, bigger than any item, whose size field
 * is 16 bits), into a buffer per thread; an item that does not fit in it,
 * and what follows, is read through the mapping (tests set small values;
 * 0: the mapping only). */
extern size_t store_read_window;

/* The parts the index of a file of size bytes, data from data_off, is
 * split into (before the block boundaries are known: fewer when the
 * blocks are too big). */
unsigned store_nparts(size_t size, uint64_t data_off);

/* The part of s that holds offset off (0 .. nparts - 1). */
unsigned store_part_of(const struct store *s, uint64_t off);

/* Opens and indexes path. On failure, err holds a message with the byte
 * offset (for STORE_EHEADER). The mapping is guarded against the file
 * shrinking (store_faulted). */
enum store_status store_open(struct store *s, const char *path, char *err, size_t errlen);

/* Same, reporting the bytes of the data section indexed to p (from each
 * part's thread, once a block; NULL: nowhere) while it runs: in all, the bytes
 * from the header's end to where the index stopped (stop_off). p is not
 * kept past the call: store_extend reports nothing. */
enum store_status store_open_progress(struct store *s, const char *path,
				      const struct progress *p, char *err, size_t errlen);

/* Same, also handing the events it indexes to sink (NULL: none) as they
 * are read: see struct store_sink. */
enum store_status store_open_sink(struct store *s, const char *path, const struct progress *p,
				  const struct store_sink *sink, char *err, size_t errlen);

/* Same over a caller-owned buffer (tests, fuzzing); nothing is mapped. */
enum store_status store_open_mem(struct store *s, const uint8_t *buf, size_t len,
				 char *err, size_t errlen);
enum store_status store_open_mem_sink(struct store *s, const uint8_t *buf, size_t len,
				      const struct store_sink *sink, char *err, size_t errlen);

void store_close(struct store *s);

/* What the store met besides events, one sentence each with the byte
 * offset it concerns, in order, to say(ctx, msg): how the log ends (no
 * end-of-data marker, a last event cut, an undeclared event type that
 * stopped the index), the stretches of undecodable data skipped, block
 * markers of impossible sizes, events after the end-of-data marker. True
 * when the index holds all the data the file gives: false when it stopped
 * at an undeclared event type or skipped undecodable data (what `show` and
 * the reports print then is incomplete: they exit 1). A cut last event or
 * a missing end marker is what a killed or running program leaves: true. */
bool store_report(const struct store *s, void (*say)(void *ctx, const char *msg), void *ctx);

/* The last block marker that claims bytes past the end of the data as it
 * is now (a log cut short; a block a growing log is still writing): its
 * offset and size; false when none. */
bool store_block_past_end(const struct store *s, uint64_t *off, uint32_t *size);

enum extend_status {
	EXTEND_SAME,   /* the file has not grown */
	EXTEND_GREW,   /* the new bytes are mapped and indexed */
	EXTEND_SHRANK, /* the file is smaller than what was indexed: reopen it */
	EXTEND_REPLACED, /* another file now has its name: reopen it */
	EXTEND_ERROR,  /* see err */
};

/* For a log that is still being written: when the file has grown, maps it
 * again and indexes the new bytes, going on from where indexing stopped
 * (an incomplete last event is read again, now whole). The index is then
 * the same as that of a fresh open of the whole file. Pointers into the old
 * map (decoded strings) are invalid afterwards; merges must be started
 * again. Costs O(new bytes + segments log segments). Tracks are not
 * extended: build them again. */
enum extend_status store_extend(struct store *s, char *err, size_t errlen);

/* For a log still being written: the time before which every event has
 * arrived. Events are ordered only within a block, and a capability
 * writes a block when its buffer fills; so this is the earliest, over the
 * capabilities, of the end time of the last block seen from each (its
 * start time while the block's bytes are still arriving). False
 * while one of the ncaps capabilities the log started with (0: those seen)
 * has sent none. O(blocks kept). */
bool store_horizon(const struct store *s, size_t ncaps, uint64_t *out);

/* The index counts the events of each (capability, type) pair as it reads
 * them, on every part's thread (a row of STORE_COUNT_TAGS counters per
 * capability, merged when the parts join), and goes on counting when the
 * file grows (store_extend). It gives up (the counts are void) on a
 * header declaring types of STORE_COUNT_TAGS or above, past STORE_COUNT_CAPS capabilities (none
 * among them: a hostile file may name 65535), or out of memory: at most
 * STORE_COUNT_CAPS rows of 2 KB per part. */
#define STORE_COUNT_TAGS 256
#define STORE_COUNT_CAPS 257

/* Calls each(ctx, cap, tag, n) for each capability (EV_NO_CAP for none)
 * and type of which the index holds n > 0 events (those the merge gives:
 * block markers among them, end-of-data markers not), in no order. False,
 * calling nothing, when the counts are void. O(capabilities x
 * STORE_COUNT_TAGS). */
bool store_counts(const struct store *s,
		  void (*each)(void *ctx, int32_t cap, uint16_t tag, uint64_t n), void *ctx);

/* ---- merged iteration in timestamp order, ties in file order ---- */

struct merge;

/* Where an event is, without its fields. */
struct evref {
	uint64_t off;
	uint64_t time;
	uint32_t size;
	int32_t cap; /* EV_NO_CAP for none */
	uint16_t tag;
};

/* Starts a merge at time from: the events with time >= from whose class is
 * in classes, in order. Costs O(segments + log(checkpoints)) to start, then
 * skips at most CKPT_EVERY events per segment overlapping from. Reads only
 * where the wanted events are: a segment without any (seg.classes) is never
 * started, a checkpoint interval without any is jumped over, and a log
 * without any (store.classes) gives an empty merge at once. */
struct merge *merge_new_at(const struct store *s, uint64_t from, class_set classes);

/* Starts a merge at time from over the events whose class is in classes
 * or whose tag is one of tags[0 .. ntags): merge_new_at with tags besides
 * classes. A tag with a bit of its own in the index (IX_*) costs only where
 * it occurs, not wherever its class does. NULL when out of memory. */
struct merge *merge_new_tags(const struct store *s, uint64_t from, class_set classes,
			     const uint16_t *tags, size_t ntags);

/* The index bits a merge for these classes and tags wants (what
 * merge_new_tags skips by). */
uint16_t store_want_bits(const struct store *s, class_set classes, const uint16_t *tags,
			 size_t ntags);

/* May the log hold events of these classes or tags? False only when the
 * index holds none: exact for classes and for tags with a bit of their own
 * (IX_*); for another tag, whether its class occurs. O(ntags). */
bool store_may_have(const struct store *s, class_set classes, const uint16_t *tags,
		    size_t ntags);

/* Starts a merge over the whole store. NULL when out of memory. */
struct merge *merge_new(const struct store *s);

/* The next event in order, or NULL at the end. The pointer is valid until the
 * next call; *cap receives its capability (EV_NO_CAP for none). Costs
 * O(log k) for k segments overlapping in time. */
const struct ev *merge_next(struct merge *m, int32_t *cap);

/* The next event's place only: cheaper, for callers that decode elsewhere
 * (in other threads, say). False at the end. */
bool merge_step(struct merge *m, struct evref *out);

/* The (up to) n events of the given classes that come just before the
 * event key (time, off) in merged order, oldest first; returns how many.
 * (time, off) need not be an event: (t, 0) means "before time t". Costs a
 * few forward scans of windows that grow eightfold. */
size_t store_events_before(const struct store *s, uint64_t time, uint64_t off,
			   class_set classes, struct evref *out, size_t n);

/* The items the merge has read so far (decoded the head of, wanted or
 * not): what it cost. */
uint64_t merge_read(const struct merge *m);

/* The segments the merge has started so far: only those holding an event
 * it wants. */
size_t merge_started(const struct merge *m);

/* True when the merge ended early for want of memory (rather than at the
 * end of the events). */
bool merge_failed(const struct merge *m);

void merge_free(struct merge *m);

/* The first RTS identifier's text ("GHC-9.6.6 rts_thr") into buf, cut to
 * n - 1 bytes and NUL-terminated (n > 0); false when the log has none. */
bool store_rts_identifier(const struct store *s, char *buf, size_t n);

#endif
