/* builder: the tracks pass's internals, shared by the files that build the
 * tracks (builder.c reads events, bins.c holds their bins, stitch.c
 * stitches the parts of a pass on several threads, collections.c forms
 * the collections, tracks_build.c puts the builders' results into struct
 * tracks, tracks_fused.c feeds the builders from the store's index as it
 * reads the file, tracks_live.c keeps a pass going as the log grows). Not
 * part of the API: only tracks.h is.
 *
 * One builder (struct tb) per thread of the pass: its own tables of
 * capabilities and threads (looked up in id maps, never in arrays sized by
 * an id from the file), its bins, and its lists, charged against its share
 * of the memory budget. Never includes curses or termkey. */
#ifndef HECTIC_BUILDER_H
#define HECTIC_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "idmap.h"
#include "store.h"
#include "tracks.h"

#define MAX_BINNED_CAPS 256 /* capabilities that get bins */
#define BIN_BYTES 21        /* per capability and bin: two u64, a u32 and a u8 */
#define BIN_UNSET 0xFF      /* st_gc of a bin no part has set */

/* How a join ended. */
enum join_status {
	JOIN_OK,
	JOIN_NOMEM,  /* out of memory */
	JOIN_SERIAL, /* the parts cannot be stitched: redo the pass on one thread */
};

/* A GC_START, GC_END or GC_GLOBAL_SYNC of one capability, kept with its
 * file offset: collections are formed per capability in file order once
 * every part of the pass is in. */
enum { GE_START, GE_END, GE_SYNC };

/* A mark's thread_known: not known (its capability had no entry), known,
 * or (a later part's capability in prefix mode that had not yet seen a
 * RUN_THREAD or STOP_THREAD) the thread the parts before left running
 * there, which the stitch fills in. */
enum { MARK_THREAD_NO, MARK_THREAD_YES, MARK_THREAD_AT_START };
struct gcev {
	uint64_t time, off;
	int32_t cap;
	uint32_t kind;
};

/* A nonmoving-collector event of no capability (CONC_SYNC_*, CONC_MARK_*). */
struct concev {
	uint64_t time, off;
	uint16_t tag;
};

/* A state event a capability of a later part logged before its state was
 * known. */
struct pending {
	uint64_t time;
	uint32_t thread;
	uint16_t tag, status;
};

#define MAX_PENDING 4096 /* past this, the unknown part of the state is taken as idle */

/* What the pass knows of one capability. */
struct capb {
	int32_t cap;
	/* Its bins, when binned: bins [blo, blo + bn) of the run's nbins + 1,
	 * bin i at index i - blo. A serial pass holds them all from the start;
	 * a part of a pass on several threads, the range it has written, grown
	 * as it writes (tb_bins_cover). */
	bool binned;
	bool bins_nomem; /* they could not grow: the pass failed */
	uint32_t blo, bn;
	uint32_t hint_lo, hint_n; /* the bins the part's time range covers: what
				   * they are first made to hold (hint_n 0: none) */
	uint64_t *run, *gcd; /* per bin (prefix sums only after the pass) */
	uint32_t *st_thread;
	uint8_t *st_gc;
	bool seen;
	uint32_t running; /* thread id, 0 for none */
	bool in_gc;
	uint64_t since;   /* when the current state began */
	uint64_t run_since;
	long run_slot;    /* the running thread's index in the builder's table, or -1 */
	bool gc_open;
	uint64_t gc_start;
	/* In a part after the first of a pass on several threads, a
	 * capability's state at the part's start is not known until it has seen
	 * both a RUN/STOP and a GC_START/END. Until then its state events are
	 * only logged here, to be replayed from the parts before's final state
	 * when the parts are stitched. */
	bool prefix, known_run, known_gc;
	uint32_t pre_run; /* in prefix mode: the thread of the latest logged
			   * RUN_THREAD, 0 after a STOP_THREAD (once known_run) */
	struct pending *pend;
	size_t npend, pendcap;
	bool continued; /* a later part takes this capability over */
	unsigned part;  /* the part of the pass it is of (for the join's order) */
	uint64_t tfirst, tlast; /* its earliest and latest state event */
	bool any;
	uint64_t acct_until; /* a replay's bins stop here (0: no limit), where the
			      * part's own accounting took over */
	bool ev_any;    /* its first and last event of any kind */
	uint64_t ev_first, ev_last;
	bool back;      /* a state event came before the state it ends (set_state
			 * took it at the state's start) */
	bool gave_up;   /* left prefix mode on a full log, assuming: */
	bool assumed_gc;
	uint32_t assumed_running;
};

/* What tb_scan does with an event, by tag (tags from 256 up are stepped
 * over): one byte read per event chooses. */
enum tb_op {
	OP_SKIP,   /* stepped over (untracked, or no decoder for it) */
	OP_STATE,  /* RUN_THREAD, STOP_THREAD, GC_START, GC_END: read in place */
	OP_CREATE, /* CREATE_THREAD: read in place */
	OP_DECODE, /* any other tracked event: decoded */
};

struct tb {
	const struct store *s;
	const struct store_bytes *fed; /* while events are fed: their bytes */
	struct tracks *tr; /* for the bin geometry; read-only during the pass */
	uint8_t ops[256];  /* enum tb_op by tag, for the header at ops_sel */
	const struct ev_sel *ops_sel; /* the header's sel when ops was made */
	bool ops_ready;
	struct capb *caps;
	size_t ncaps, capcap;
	struct idmap capmap;
	size_t nbinned;
	int32_t last_cap; /* the last capability looked up, and its index */
	long last_idx;
	bool later_part; /* a part after the first: capabilities start in prefix
			  * mode */
	bool windowed;   /* a part of a split pass: bins hold the range written */
	uint64_t win_t0, win_t1; /* windowed: the part's time range, as far as
				  * known (its bins are first made to hold it;
				  * win_t1 < win_t0: unknown) */
	struct gcev *gev;
	size_t ngev, gevcap;
	struct concev *conc;
	size_t nconc, conccap;
	uint64_t mem_return_max; /* largest MEM_RETURN "current", in mblocks */
	uint64_t mblock_size;    /* from HEAP_INFO_GHC */
	int rts_threaded, rts_profiled; /* from RTS_IDENTIFIER: -1 unknown */
	unsigned rts_version;    /* from RTS_IDENTIFIER: tracks.h's rts_version */
	bool prof_events;        /* cost-centre events: a profiled RTS */
	struct gcstat *stats;
	size_t nstats, stcap;
	struct sample *hs, *hl, *bsz;
	size_t nhs, nhl, nbsz, hscap, hlcap, bszcap;
	struct capsample *alloc, *sparks;
	size_t nalloc, nsparks, alcap, spcap;
	struct mark *marks;
	size_t nmarks, mkcap;
	struct thread_info *th;
	size_t nth, thcap;
	struct idmap thmap;
	uint64_t budget, bytes;
	bool over, oom;
	unsigned cut; /* the lists that stopped growing (TRACKS_CUT_*) */
	uint16_t gens, startup;
};

/* A builder that reads the segments of s that start in [from, to). */
struct worker {
	struct tb b;
	uint64_t from, to;
	const struct progress *progress; /* the bytes scanned go there (NULL: nowhere) */
};

/* ---- builder.c: the pass ---- */

/* An empty builder over s and tr's bin geometry, with budget bytes. */
void tb_init(struct tb *b, const struct store *s, struct tracks *tr, uint64_t budget);
void tb_free(struct tb *b);

/* A bins array of n zeroed elements of elem bytes (NULL: out of memory),
 * mapped on its own: freed (tb_bins_free, with the same n and elem), it
 * goes back to the system at once, never staying as a hole in the heap,
 * and what is never written is never resident. Every bins array, the
 * builders' and struct tracks', is made and freed by these. */
void *tb_bins_new(size_t n, size_t elem);
void tb_bins_free(void *p, size_t n, size_t elem);

/* A capability's bins freed (and NULL): it keeps no bins. */
void tb_capb_free_bins(struct capb *c);

/* Reads the worker's segments (a pthread start routine). */
void *tb_run_worker(void *arg);

/* want[tag]: whether the pass reads events of that tag (what tb_scan notes
 * and tb_feed_run wants handed to it); readies b for tb_feed_run. */
void tb_want(struct tb *b, uint8_t want[256]);

/* Feeds a run of b's events of capability cap (EV_NO_CAP for none) in
 * file order, as the store's index hands them to a sink (struct
 * store_sink): its wanted events hits[0 .. n), each whole in w, and, when
 * any, its earliest and latest event time. tb_want first. */
void tb_feed_run(struct tb *b, const struct store_bytes *w, int32_t cap,
		 const struct store_hit *hits, size_t n, bool any, uint64_t first, uint64_t last);

/* Reads the items of [off, end) in file order, starting in capability
 * state *cs, which is left as it is after them. tb_tracked_init first. */
void tb_scan(struct tb *b, uint64_t off, uint64_t end, struct capstate *cs);
void tb_tracked_init(void);

/* The builder's entry for thread id, created when new; NULL when the
 * budget or memory ran out. */
struct thread_info *tb_thread_get(struct tb *b, uint32_t id);

/* A thread seen on cap at t (the latest wins, then the lowest capability). */
void tb_seen_at(struct thread_info *ti, uint64_t t, int32_t cap);

/* Applies a RUN_THREAD, STOP_THREAD, GC_START or GC_END to c. */
void tb_state_event(struct tb *b, struct capb *c, uint16_t tag, uint64_t t, uint32_t id,
		    uint16_t status);

/* Adds [a, e) in c's current state to its bins. */
void tb_account(const struct tracks *tr, struct capb *c, uint64_t a, uint64_t e);

/* Records c's state at every bin starting after t. */
void tb_state_after(const struct tracks *tr, struct capb *c, uint64_t t);

/* Grows binned c's bins to hold bins [lo, hi] (hi <= nbins) at least
 * (and its hint's, when it holds none yet): what is new holds nothing
 * (run and GC time 0, state BIN_UNSET). [0, nbins] makes them all, in
 * place where realloc can. False when out of memory (c keeps its bins). */
bool tb_bins_cover(const struct tracks *tr, struct capb *c, uint32_t lo, uint32_t hi);

/* Ends c's running thread's run at t (its running time and last sighting). */
void tb_stop_running(struct tb *b, struct capb *c, uint64_t t);

/* ---- tracks_build.c: the join, and what the live build shares ---- */

/* The builders' results into tr, each builder's arrays freed as they are
 * taken. Several builders are the parts of a pass on several threads, in
 * file order. */
enum join_status tb_join(struct tracks *tr, const struct store *s, struct tb **bs, size_t nb);

/* The join of a pass's workers' builders into tr (several: the parts of
 * a pass split at the store's cuts, stitched and checked; one: a pass in
 * file order). */
enum join_status tb_join_pass(struct tracks *tr, const struct store *s, struct worker *w,
			      size_t nb);

/* The end of tracks_build after a join that gave st: a join that cannot
 * stitch its parts (JOIN_SERIAL) is redone by a pass on one thread over
 * the whole file (reporting to p); the memory counted, the workers'
 * builders w[0 .. nw) freed, tr freed when it failed. */
bool tb_build_end(struct tracks *tr, const struct store *s, struct worker *w, size_t nw,
		  enum join_status st, const struct progress *p);

/* The bytes the lists may take (tb_init's budget) for s. */
uint64_t tb_lists_budget(const struct store *s);

/* The capabilities of s's blocks (the bins need their number), or 4. */
size_t tb_count_caps(const struct store *s);

/* Chooses tr's bins for s and ncaps capabilities (nbins, binw, origin,
 * bin_budget). */
void tb_choose_bins(struct tracks *tr, const struct store *s, size_t ncaps);

/* ---- tracks_live.c ---- */

/* What tracks_extend needs to go on: the serial pass's builder, kept
 * after the join (which works on a copy of it), where it stopped reading,
 * and the bins' geometry the builder fills. */
struct tracks_inc {
	struct worker w;
	struct tracks geo; /* origin, binw, nbins, bin_budget only */
	uint64_t off;      /* the file offset read up to */
	struct capstate cs; /* the capability state there */
	size_t seg;        /* the segment that holds off */
	size_t ncap;       /* count_caps when the bins were chosen */
};

/* Frees tracks_build_live's kept pass (NULL: none): tracks_build.c's,
 * which tracks_free calls, so that tracks_live.c calls into
 * tracks_build.c and not back. */
void tb_inc_free(struct tracks_inc *inc);

/* ---- stitch.c: the parts of a pass on several threads ---- */

/* Replays each later part's logged state events from the final state the
 * parts before it left, part after part (bs[0 .. nb), in file order).
 * JOIN_SERIAL when a capability's events in a part go back before those
 * of the parts before. */
/* builder_rts.c: the RTS identifier's text p[0..n) into b's rts_version,
 * and its way ("thr" marks the threaded RTS, "p" the profiled one) into
 * rts_threaded and rts_profiled. */
void tb_rts_way(struct tb *b, const uint8_t *p, size_t n);

enum join_status stitch_parts(struct tracks *tr, struct tb **bs, size_t nb);

/* A stitched join is only right when no bin holds more running and GC time
 * than it is wide: JOIN_SERIAL otherwise. */
enum join_status stitch_check_bins(const struct tracks *tr);

/* ---- collections.c: collections and phases ---- */

/* The collections (tr->gcs, gcparts, gc_by_pause) from the GC events, which
 * it sorts and frees (as soon as it has paired them, before it forms the
 * collections); tr->gcstats must be in. False when out of memory. */
bool coll_build(struct tracks *tr, struct gcev *gev, size_t ngev);

/* The nonmoving collector's syncs and marks from its events, which it
 * sorts. False when out of memory. */
bool coll_conc_phases(struct tracks *tr, struct concev *ev, size_t n);

/* The run's phases as +RTS -s splits them (INIT, EXIT, the report's time). */
void coll_run_phases(struct tracks *tr, const struct store *s);

#endif
