/* tracks: what the UI and the reports ask of a log, derived from it in one
 * pass at open, beside the store's index.
 *
 * Owns: capability states over time (a per-capability summary in fixed time
 * bins, with the state at each bin's start), GC pauses (per-capability
 * GC_START..GC_END intervals grouped into collections, with their
 * GC_STATS_GHC figures), heap series, threads (creation, label, running time,
 * capabilities), markers and messages, and spark counters.
 *
 * Memory: every table is bounded. Capabilities and threads are looked up in
 * hash maps, never in arrays sized by an id from the file; bins are sized
 * from the log's event count and a budget proportional to the file size;
 * lists stop growing at the budget and say so (tracks.over_budget).
 *
 * The pass runs on one thread per part when the index split the file in
 * parts (one per core): each reads its part, and each capability's state
 * at a part's start (running thread, in GC, an open GC) is stitched when
 * the parts are joined: a later part logs a capability's state events until
 * its own events tell its state, and the join replays them from the state
 * the parts before left, part after part. Each part's bins hold only the
 * time it covers. Otherwise one thread reads every event in file order.
 *
 * Files: builder.c (the pass, one builder per thread; builder.h holds the
 * internals the build shares), bins.c (the builders' bins), stitch.c (the parts of a split pass),
 * collections.c (collections and phases), tracks_build.c (tracks_build and
 * the join), tracks_fused.c (the pass fed by the index as it reads the
 * file), tracks_live.c (tracks_build_live, tracks_extend), activity.c
 * (state and activity over time), tracks.c (lookups), idmap.c (the
 * builder's id maps).
 * Never includes curses or termkey. */
#ifndef HECTIC_TRACKS_H
#define HECTIC_TRACKS_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store.h"

/* One GC_STATS_GHC event. */
struct gcstat {
	uint64_t time, off;
	int32_t cap;
	uint16_t gen;
	uint32_t par_n_threads;
	uint64_t copied, slop, frag, par_max_copied, par_tot_copied, par_balanced_copied;
	bool has_balanced; /* the 58-byte layout */
};

/* One collection, as the RTS counts it: one per GC_STATS_GHC. The RTS
 * posts GC_START and GC_END on the initiating capability (the one that then
 * posts GC_GLOBAL_SYNC and GC_STATS_GHC) with exactly the timestamps
 * +RTS -s measures a pause with; other capabilities join and leave the
 * collection when the OS schedules them, and that delay is mutator time
 * (seed 002, "the implemented version"). Capabilities take part when their
 * own GC_START..GC_END holds the GC_GLOBAL_SYNC moment. Never grouped by
 * overlap in time: a late GC_END of one collection can come after the next
 * collection's GC_START on another capability.
 * A log without GC_STATS_GHC (GC tracing off, or not GHC) gets one
 * collection per group of overlapping per-capability pauses, with stat -1. */
struct gc {
	uint64_t start, end;   /* the initiating capability's GC_START .. GC_END */
	uint64_t pause;        /* end - start: the pause +RTS -s counts */
	uint64_t span_start, span_end; /* first GC_START .. last GC_END of those that took part */
	uint64_t sync;         /* GC_GLOBAL_SYNC time (else the initiator's GC_END) */
	uint64_t sum;          /* sum over those that took part of their GC_START..GC_END */
	int32_t cap;           /* the initiating capability, EV_NO_CAP when unknown */
	int32_t stat;          /* index into gcstats, or -1 when none */
	uint32_t ncaps;        /* capabilities that took part (the initiator included) */
	uint32_t part;         /* their intervals: gcparts[part .. part + ncaps) */
};

/* One capability's own GC_START..GC_END inside a collection. */
struct gcpart {
	uint64_t start, end;
	int32_t cap;
};

/* A time interval: a concurrent (nonmoving) GC synchronisation or mark. */
struct ival {
	uint64_t start, end;
};

/* A sample of a heap figure (HEAP_SIZE, HEAP_LIVE, BLOCKS_SIZE). */
struct sample {
	uint64_t time, value;
};

/* A per-capability sample: HEAP_ALLOCATED (v[0]) or SPARK_COUNTERS (v[0..6]
 * in wire order: created, dud, overflowed, converted, gcd, fizzled,
 * remaining). */
struct capsample {
	uint64_t time;
	int32_t cap;
	uint64_t v[7];
};

enum { SP_CREATED, SP_DUD, SP_OVERFLOWED, SP_CONVERTED, SP_GCD, SP_FIZZLED, SP_REMAINING };

struct thread_info {
	uint32_t id;
	uint64_t created;   /* UINT64_MAX: no CREATE_THREAD seen */
	uint64_t first_run; /* UINT64_MAX: never ran */
	uint64_t last_seen; /* the latest run/stop of it */
	uint64_t finished;  /* UINT64_MAX: no "thread finished" stop */
	uint64_t run_ns;    /* time between its RUN_THREAD and STOP_THREAD */
	uint64_t label_off; /* its latest THREAD_LABEL event, 0 for none */
	uint64_t label_time;
	uint64_t caps;      /* capabilities it ran on: bit c for c < 63, bit 63 for any higher */
	int32_t first_cap, last_cap;
	uint32_t nruns;
	uint32_t label_len; /* its label's length, the text right after the
			     * event's head, size and thread; UINT32_MAX:
			     * elsewhere (decode the event) */
};

/* A user marker, user message, log message or binary message. */
struct mark {
	uint64_t time, off;
	int32_t cap;
	uint32_t thread; /* the thread running on its capability at the event
			  * (its latest RUN_THREAD, cleared by a STOP_THREAD;
			  * 0: none), when thread_known */
	uint16_t tag;
	uint8_t thread_known; /* (builder.c: MARK_THREAD_*) */
};

/* What a capability is doing at an instant. */
struct capstate_at {
	uint32_t thread; /* the running thread, 0 for none */
	bool gc;
};

struct tracks {
	/* capabilities, in ascending order; bins for the first ncaps_binned */
	int32_t *caps;
	size_t ncaps;
	uint64_t origin;  /* time of bin 0's start */
	uint64_t binw;    /* bin width in ns (a power of two) */
	uint32_t nbins;
	/* [cap][0..nbins]: time spent running / in GC before each bin's start
	 * (prefix sums, so any range costs two lookups); NULL for a capability
	 * beyond the bin budget */
	uint64_t **run, **gcd;
	uint32_t **st_thread; /* [cap][bin]: state just before the bin's start */
	uint8_t **st_gc;

	struct gcstat *gcstats; /* by time */
	size_t ngcstats;
	struct gc *gcs; /* by start */
	size_t ngcs;
	uint32_t *gc_by_pause; /* indices into gcs, longest pause first */
	struct gcpart *gcparts; /* by collection, then capability */
	size_t ngcparts;
	/* nonmoving collector: post-mark synchronisations (the stop-the-world
	 * part, as +RTS -s's "syncs" row measures it) and concurrent marks */
	struct ival *syncs, *marks_conc;
	size_t nsyncs, nmarks_conc;

	/* The run's phases as +RTS -s splits them (all 0 when unknown):
	 * timestamps count from the RTS's start (stat_startInit), INIT ends
	 * when the main thread is created, EXIT starts when the thread that
	 * flushes stdout at exit is created, and the report's "now" is the
	 * final HEAP_ALLOCATED events after the exit collection. EXIT ends
	 * at end_exit: the report, or before a wait for a concurrent mark
	 * that the RTS counts in no phase (collections.c, exit_end). */
	uint64_t end_init, start_exit, t_exit_report, end_exit;
	bool have_init, have_exit; /* the log shows the start / a normal exit */
	bool profiled;             /* a profiled RTS: heap censuses run inside GCs */
	bool threaded_rts;         /* from the RTS identifier */
	bool mem_peak_exact;       /* max_mem below is the RTS's peak, not a lower bound */
	uint64_t max_mem;          /* peak heap size (HEAP_SIZE, MEM_RETURN) */
	unsigned rts_version;      /* the RTS identifier's GHC version, as
				    * major * 10000 + minor * 100 + patch
				    * (90602 for "GHC-9.6.2"; 0: unknown) */

	/* each capability's first and last event (any event of its blocks),
	 * by capability index; a lane has no data outside */
	uint64_t *cap_first, *cap_last;

	struct sample *heap_size, *heap_live, *blocks_size;
	size_t nheap_size, nheap_live, nblocks_size;
	struct capsample *alloc; /* by (cap, time) */
	size_t nalloc;
	struct capsample *sparks; /* by (cap, time) */
	size_t nsparks;

	struct thread_info *threads; /* by id */
	size_t nthreads;
	struct mark *marks; /* by (time, off) */
	size_t nmarks;
	/* every mark's thread is known (spans_build_marks pairs them without
	 * reading the scheduler's events again): false when a list stopped
	 * growing, or a capability had no entry */
	bool marks_threads;

	uint16_t gens;        /* from HEAP_INFO_GHC; 0 when unknown */
	uint16_t maxgen;      /* the highest generation in a GC_STATS_GHC */
	uint16_t startup_caps; /* from STARTUP; 0 when unknown */
	bool by_caps;         /* built on several threads (parts of the file) */
	bool over_budget;     /* some list stopped growing: see the report */
	unsigned cut;         /* which lists stopped growing (TRACKS_CUT_*) */
	unsigned stitch_guesses; /* capabilities whose state at a cut was guessed wrong */
	uint64_t bytes;       /* memory held */
	uint64_t bin_budget;  /* (internal) bytes the bins may take */
	struct tracks_inc *inc; /* (internal) tracks_build_live's pass, kept */
	/* tracks_extend's calls on these tracks, and those of them that built
	 * again from the start (for tests and the benchmark) */
	uint64_t extends, extend_rebuilds;
	bool fused; /* built as the index read the file (tracks_fused_build), for
		     * tests and the benchmark */
	/* every capability's RUN_THREAD, STOP_THREAD, GC_START and GC_END come
	 * in time order in the file (none earlier than the one before it on
	 * its capability), so that the bins' sums are those of a walk in time
	 * order; false when unknown (tracks_cap_fractions_view's bounds need
	 * it) */
	bool state_in_order;
};

/* The lists that can stop growing at the budget (tracks.cut), each a bit:
 * what a figure that reads one must say, or take from the store instead
 * (summary_compute does, SUMMARY_LISTS). */
enum {
	TRACKS_CUT_GCS = 1u << 0,     /* the GC events: gcs, gcstats, gcparts, syncs */
	TRACKS_CUT_HEAP = 1u << 1,    /* heap_size, heap_live, blocks_size */
	TRACKS_CUT_ALLOC = 1u << 2,   /* alloc */
	TRACKS_CUT_SPARKS = 1u << 3,  /* sparks */
	TRACKS_CUT_MARKS = 1u << 4,   /* marks */
	TRACKS_CUT_THREADS = 1u << 5, /* threads */
	TRACKS_CUT_CAPS = 1u << 6,    /* capabilities past the budget: no lane */
	TRACKS_CUT_BINS = 1u << 7,    /* a capability's bins */
};

/* The lists of cut (TRACKS_CUT_* bits) as words a person reads ("the
 * collections and the threads"), into buf (n bytes); buf. */
char *tracks_cut_text(unsigned cut, char *buf, size_t n);

/* The run's phases as +RTS -s splits them (tracks' end_init .. have_exit),
 * given its last collection (the latest to start: last_start, last_end)
 * and the report's time (the first HEAP_ALLOCATED after last_end;
 * UINT64_MAX: none, so no exit): what the tracks' build sets from its
 * lists, and summary_compute from the store when a list was cut. */
struct tracks_phases {
	uint64_t end_init, start_exit, t_exit_report, end_exit;
	bool have_init, have_exit;
};
void tracks_phases_of(const struct tracks *tr, const struct store *s, uint64_t last_start,
		      uint64_t last_end, uint64_t report, struct tracks_phases *out);

/* Builds the tracks of an indexed store. False when out of memory. */
bool tracks_build(struct tracks *tr, const struct store *s);

/* Same, reporting the bytes of the index's segments read to p (from each
 * part's thread, once a segment; NULL: nowhere) while it runs: in all, the
 * bytes the store indexed (more when a build in parts is made again on
 * one thread). */
bool tracks_build_progress(struct tracks *tr, const struct store *s,
			   const struct progress *p);

/* The tracks built while the store indexes, so that the file is read
 * once: tracks_fused_new, then store_open_sink with tracks_fused_sink's
 * sink, then tracks_fused_build with the store it opened, which gives the
 * tracks tracks_build would (building them so when the pass could not:
 * the bins it guessed before the index were not those the indexed store
 * chooses) and frees f; or tracks_fused_free when the open failed.
 * tracks_fused_build_progress reports the join (or the build it falls
 * back to) to p, as tracks_build_progress does.
 * tracks_fused_new is NULL when out of memory; a NULL f (or sink) is
 * taken as a pass that could not. */
struct tracks_fused;
struct tracks_fused *tracks_fused_new(void);
const struct store_sink *tracks_fused_sink(const struct tracks_fused *f);
bool tracks_fused_build(struct tracks_fused *f, struct tracks *tr, const struct store *s);
bool tracks_fused_build_progress(struct tracks_fused *f, struct tracks *tr, const struct store *s,
				 const struct progress *p);
void tracks_fused_free(struct tracks_fused *f);
/* Will tracks_fused_build keep f's pass for s (else it builds the tracks
 * again, with a second pass over the file)? */
bool tracks_fused_kept(const struct tracks_fused *f, const struct store *s);

/* For a log still being written: builds the tracks on one thread,
 * reporting to p as tracks_build_progress does, and keeps the pass's state,
 * so that tracks_extend, after store_extend, reads only the new events.
 * The tracks are those of tracks_build (the same lists, collections,
 * threads and figures; the exact queries answer the same), at the cost of
 * the pass's tables kept beside them. The bins are finer
 * than tracks_build chooses for a small log (at least 65536, so that they
 * are only widened as the log grows): the lanes drawn from the bins alone
 * may differ from a fresh build's by under 1/256 of a column, until the
 * log is complete and is built as a fresh open builds it. */
bool tracks_build_live(struct tracks *tr, const struct store *s, const struct progress *p);

/* After store_extend: the tracks of the whole store, as tracks_build_live
 * would make them but for the number of bins, which stays (they widen).
 * Reads the new events and joins a copy of the kept pass: costs O(new
 * bytes + the tables), not O(file); builds again from the start only when
 * the log starts earlier or has more capabilities. Tracks from tracks_build
 * are built again (tracks_build_live). False when out of memory (the tracks
 * are then as they were). Counts itself in tr->extends, and its builds
 * from the start in tr->extend_rebuilds; reports no progress. */
bool tracks_extend(struct tracks *tr, const struct store *s);

void tracks_free(struct tracks *tr);

/* The capability index of cap (into tr->caps), or -1. O(log caps). */
long tracks_cap_index(const struct tracks *tr, int32_t cap);

/* Fractions of [t0, t1) split into ncols columns that each capability
 * spent running a thread (run), in GC (gc, which wins where both hold), and
 * outside its data (nodata: before its first or after its last event), as
 * arrays of ncaps x ncols (capability-major); nodata may be NULL. Column k
 * spans [t0 + (t1-t0)*k/ncols, t0 + (t1-t0)*(k+1)/ncols) (integer division).
 * exact_only: always read the events of the window (*exact is then true).
 * Otherwise one of three ways, by an estimate of the work from the index:
 * the window's events when they are few (raw_max or fewer, or fewer than the
 * next way reads; *exact true); the bins' prefix sums at each column edge
 * corrected by the events of the edge's bin (exact too, but *exact false:
 * the window's events were not read); or, when a bin is under 1/512 of a
 * column, the bins alone, linear inside a bin (off by under 1/256 of a
 * column; *exact false). Costs O(events in the window), O(ncols x (seek +
 * one bin's events)) or O(ncaps x ncols). */
bool tracks_cap_fractions(const struct tracks *tr, const struct store *s, uint64_t t0,
			  uint64_t t1, unsigned ncols, size_t raw_max, bool exact_only,
			  float *run, float *gc, float *nodata, bool *exact);

/* What a display makes of the fractions: same (may be NULL) says whether
 * every set of one column's fractions between the bounds (per capability:
 * run in [run_lo, run_hi], gc in [gc_lo, gc_hi]; nodata exact) looks the
 * same. thread (may be NULL), when the window's events are read (*exact):
 * first each capability's running thread (0 for none) at t0, then, in time
 * order, its thread from each RUN_THREAD or STOP_THREAD at t on. */
struct frac_view {
	bool (*same)(void *ctx, size_t ncaps, const float *run_lo, const float *run_hi,
		     const float *gc_lo, const float *gc_hi, const float *nodata);
	void (*thread)(void *ctx, size_t cap, uint64_t t, uint32_t thread);
	void *ctx;
};

/* tracks_cap_fractions for a display (v may be NULL: the same): in the
 * way of the bins' prefix sums corrected at the column edges, when
 * tr->state_in_order, a column the bins alone settle for v (each edge's
 * sum lies between its bin's start and end sums, less the time from the
 * edge to either end) gets its lower bounds, and only the edges of the
 * other columns read their bins' events. Those values differ from
 * tracks_cap_fractions' by under two bins of a column, and look the same
 * to v. The other ways, and *exact, are unchanged. Costs O(ncaps x ncols)
 * plus the edges read. */
bool tracks_cap_fractions_view(const struct tracks *tr, const struct store *s, uint64_t t0,
			       uint64_t t1, unsigned ncols, size_t raw_max, bool exact_only,
			       const struct frac_view *v, float *run, float *gc, float *nodata,
			       bool *exact);

/* The same as exact time in ns per column (run, gc, and nodata, which may
 * be NULL), read from the events: what `hectic activity` prints. */
bool tracks_cap_activity(const struct tracks *tr, const struct store *s, uint64_t t0,
			 uint64_t t1, unsigned ncols, uint64_t *run_ns, uint64_t *gc_ns,
			 uint64_t *nodata_ns);

/* tracks_cap_activity's running and GC time of each capability over
 * [t0, t1), one column: the same figures, from the bins' prefix sums
 * and the events of the two bins at t0 and t1 (the edges tracks_cap_
 * fractions reads exactly), not from every event between. */
bool tracks_cap_totals(const struct tracks *tr, const struct store *s, uint64_t t0, uint64_t t1,
		       uint64_t *run_ns, uint64_t *gc_ns);

/* The state of each capability at time t (just before events at t), into
 * out[ncaps]; past the last event, the state it left. Costs one bin of
 * events. */
bool tracks_state_at(const struct tracks *tr, const struct store *s, uint64_t t,
		     struct capstate_at *out);

/* The first collection starting after t (strictly), or the last starting
 * before t, or NULL. major_only: generation == gens - 1 (or, gens unknown,
 * the highest generation seen). O(log n) (O(n) worst case for major). */
const struct gc *tracks_gc_next(const struct tracks *tr, uint64_t t, bool major_only);
const struct gc *tracks_gc_prev(const struct tracks *tr, uint64_t t, bool major_only);

/* Is this collection a major one? Its generation, or -1. */
bool tracks_gc_major(const struct tracks *tr, const struct gc *g);
int tracks_gc_gen(const struct tracks *tr, const struct gc *g);

/* Pauses of the collections starting in [from, to] (of generation gen, or
 * any when gen < 0): their count, the nearest-rank 50th, 90th and 99th
 * percentiles and the longest (all 0 when none). O(collections). */
struct pause_pct {
	size_t n;
	uint64_t p50, p90, p99, max;
};
void tracks_pause_pct(const struct tracks *tr, uint64_t from, uint64_t to, int gen,
		      struct pause_pct *out);

/* One step of those percentiles: the k-th (from 0) of the window's n
 * pauses, longest first, into out where its rank is max's, p50's, p90's
 * or p99's (nearest rank). */
void pause_pct_take(struct pause_pct *out, size_t n, size_t k, uint64_t pause);

/* A thread's activity inside a window: running time clipped to it, the
 * runs that overlap it, the capabilities of those runs. */
struct thread_window {
	uint64_t run_ns;
	uint32_t nruns;
	uint64_t caps; /* bit c for c < 63, bit 63 for any higher */
};

/* Fills out[i] for tr->threads[i] over [from, to): the state at from (runs
 * in progress count), then the events of the window. A run lasts until its
 * capability's next STOP_THREAD or RUN_THREAD, or its last event. Costs
 * O(events in the window + threads log threads). */
bool tracks_threads_window(const struct tracks *tr, const struct store *s, uint64_t from,
			   uint64_t to, struct thread_window *out);

/* A capability mask (thread_info.caps) as text: "0,1,3", "63+" for the
 * capabilities past 62; cut to fit n bytes. */
void tracks_caps_text(uint64_t mask, char *buf, size_t n);

/* The thread with this id, or NULL. O(log threads). */
const struct thread_info *tracks_thread(const struct tracks *tr, uint32_t id);

/* A thread's latest label, pointing into the map (not NUL-terminated), or
 * NULL with *n = 0. */
const uint8_t *tracks_label(const struct tracks *tr, const struct store *s,
			    const struct thread_info *ti, size_t *n);

/* The text of a mark (marker name or message), pointing into the map. */
const uint8_t *tracks_mark_text(const struct store *s, const struct mark *m, size_t *n);

/* The marks (user markers and messages, log and binary messages) of the
 * time range [from, to] in order, the very ones tracks_build lists, read
 * from the store alone, handed to each(ctx, m) until it returns false.
 * Reads only where the index says such events are: O(their checkpoint
 * intervals), nothing for a log without any. Needs no tracks and keeps no
 * list; the marks' thread_known is 0. False when out of memory. */
bool tracks_marks_each(const struct store *s, uint64_t from, uint64_t to,
		       bool (*each)(void *ctx, const struct mark *m), void *ctx);

/* The index of the first mark at or after t (nmarks when none). O(log marks). */
size_t tracks_mark_from(const struct tracks *tr, uint64_t t);

/* The mark of this tag (any when tag < 0) nearest to t, the earlier of two
 * as near; -1 when there is none. O(log marks + marks of other tags
 * passed over). */
long tracks_mark_nearest(const struct tracks *tr, uint64_t t, int tag);

/* The capabilities that took part in collection g, as "0,2,3" ("-" for
 * none), cut to fit n bytes: gcs's caps column. */
void tracks_gc_caps_text(const struct tracks *tr, const struct gc *g, char *buf, size_t n);

/* The classes whose figures the log gives: the store's classes, less the
 * scheduler's when no thread ran (its events are then labels, a wakeup or
 * a migration alone, and the threads' running time is not known). */
class_set tracks_have(const struct store *s, const struct tracks *tr);

/* What a STOP_THREAD status means, as `hectic show` words it ("thread
 * finished", "heap overflow", ...); "unknown stop status" for a status the
 * format does not define. A static string. */
const char *tracks_stop_text(uint16_t status);

/* Searches marks (and, with labels, thread labels) for re, starting after
 * (dir > 0) or before (dir < 0) time t. Returns the match's time in *hit and
 * its mark index in *mark (or -1 for a thread label, with the thread id in
 * *thread). False when nothing matches. O(marks + threads) worst case. */
bool tracks_search(const struct tracks *tr, const struct store *s, const regex_t *re,
		   uint64_t t, int dir, bool labels, uint64_t *hit, long *mark,
		   uint32_t *thread);

/* The time of the first marker or message matching re (at any time, the
 * first mark too): false when none does. */
bool tracks_first_mark(const struct tracks *tr, const struct store *s, const regex_t *re,
		       uint64_t *t);

/* Does text (not NUL-terminated) match re? Text with NUL bytes or invalid
 * UTF-8 is matched as written (NUL bytes are ordinary characters where the
 * C library has REG_STARTEND, as glibc and the BSDs do). */
bool tracks_match(const regex_t *re, const uint8_t *text, size_t n);

#endif
