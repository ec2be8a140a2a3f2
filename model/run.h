/* run: one opened log and everything built from it (issue 46). The
 * source (a file, or a stream spooled), its store (the whole index, or
 * lazy: the header alone, a time window's blocks indexed on the first read
 * that names one), the tracks, and the heap, ticky and spans tables, each
 * built once, when first asked for (run_need, in the registry's words:
 * model/table.h's TABLE_NEEDS_*), and each failure said once. The reports,
 * `sql`, `diff` and `push` hold a struct run; the opening and building
 * functions (source_store_open, tracks_fused_*, heap_build*, ticky_build,
 * spans_build) are called from here and nowhere else in the commands.
 *
 * What a run says (a stream that ended on an error, a file that shrank,
 * memory out while opening) goes to its say callback, once each, with
 * the log's path apart: the commands write "hectic: PATH: TEXT" on standard error, a pane
 * keeps the first. What a list cut at its budget means (which reports or
 * tables are short) is the caller's to say: the run keeps the facts
 * (tr.cut, h.over_budget, sp.over_budget). Never includes curses, termkey
 * or sqlite. */
#ifndef HECTIC_RUN_H
#define HECTIC_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "heap.h"
#include "source.h"
#include "spans.h"
#include "store.h"
#include "store_window.h"
#include "table.h"
#include "ticky.h"
#include "tracks.h"

/* 1u << TABLE_NEEDS_X: a set of what is built */
#define RUN_NEED(x) (1u << (x))

/* How run_open went: opened, refused for the command line's fault (a
 * --save the source refused), or failed (said). */
enum run_open_rc { RUN_OPENED, RUN_REFUSED, RUN_FAILED };

struct run_open_options {
	const char *save;  /* --save OUT for a stream (source_open) */
	/* RUN_NEED(TABLE_NEEDS_TRACKS): the tracks built as the index reads
	 * the file (one pass: tracks_fused), else on the first run_need */
	unsigned fused;
	/* the header alone, the index later: for a window (run_store) or
	 * whole (run_store_whole) */
	bool lazy;
	/* the log as it is now: a stream is not waited for to its end, a
	 * file with no whole header yet is waited for (said once; stop ends
	 * the wait) */
	bool follow;
	const struct progress *progress; /* the index's bytes (NULL: none) */
};

struct run {
	const char *path;
	struct source src;
	struct store s;          /* the whole index, once opened */
	struct store w;          /* lazy: the header, then a window's blocks */
	struct store_window win; /* what store_index_window read (windowed) */
	struct tracks tr;        /* built: RUN_NEED(TABLE_NEEDS_TRACKS) */
	struct heap h;           /* heap_build_ticks's, keeping no ticks */
	struct ticky ticky;
	struct spans sp;
	unsigned built, failed;  /* RUN_NEED bits: built; failed (said once) */
	bool opened;             /* s and src are open */
	bool lazy, windowed;     /* w is open; the window was asked for */
	bool window_failed;      /* ...and could not be indexed (said) */
	/* the spans' pairing rules (the rc file's): the caller's, set before
	 * spans are needed; NULL: none, every span unpaired */
	const struct span_rules *rules;
	const volatile sig_atomic_t *stop; /* Ctrl-C (a follow's header wait) */
	/* Another's store and tracks, already built, that this run reads
	 * instead of opening path (the viewer's SQL pane: its log is not
	 * opened twice; the heap, ticky and spans are built from that store,
	 * here). NULL: its own. */
	struct tracks_fused *fused; /* run_fuse's pass, until run_tracks */
	const struct store *lent_s;
	const struct tracks *lent_tr;
	/* what the run says (path: the log's, or NULL when text names it);
	 * NULL: nothing said */
	void (*say)(void *ctx, const char *path, const char *text);
	void *say_ctx;
};

/* Opens path (a file, a stream, "-") into r, which the caller zeroed and
 * set say, stop and rules in. A stream is read to its end unless o->follow.
 * RUN_OPENED, or the failure said and everything closed. */
enum run_open_rc run_open(struct run *r, const char *path, const struct run_open_options *o);

/* The store the tables read: lazy, and a read of the events within
 * [lo, hi] (a window: not 0..UINT64_MAX) before the whole index is open,
 * w with that window's blocks (indexed the first time, the window kept
 * after); else s, the whole index opened now if it is not yet. NULL when
 * opening it failed (said). events: the table read is the events one (only
 * its reads may take the window). */
const struct store *run_store(struct run *r, bool events, uint64_t lo, uint64_t hi);

/* The events' window [lo, hi] indexed into w, the first time it is asked
 * for (a lazy run; lo > hi: none, but how the log ends, from its block
 * markers); false when out of memory (said). r->win says what it read. */
bool run_index_window(struct run *r, uint64_t lo, uint64_t hi);

/* The whole index: s, opened now if the run was lazy (NULL when that
 * failed, said). */
const struct store *run_store_whole(struct run *r);

/* Builds what needs names (RUN_NEED bits) and is not built yet, over the
 * whole store (opened now if the run was lazy); false when one of them
 * failed, out of memory or the store not opened (a failure is kept:
 * later calls do not try again). The caller says what failed in its own
 * terms (a report's "out of memory", a table's name). */
bool run_need(struct run *r, unsigned needs);

/* What the tables read, as built so far (table_data's s, tr, h, ticky,
 * sp; stop). */
struct table_data run_table_data(const struct run *r);

/* The file shrank under the store (its map's SIGBUS; s's or w's). */
bool run_faulted(const struct run *r);

/* A heap built anew over the store as it is now, into h (the run's own
 * stays until the caller puts h in its place: a growing log's views drop
 * the old one only once the new is ready); false when out of memory. */
bool run_heap_fresh(const struct run *r, struct heap *h);

/* ---- the viewer's loader and a log it follows while it grows (its
 * source opened by the caller; the store opened on a thread of its own,
 * the progress shown) ---- */

/* Before run_index: the tracks are to be built as the index reads the
 * file (a tracks pass fed by it); false when out of memory for that (the
 * tracks are then built after, as for a stream). */
bool run_fuse(struct run *r);

/* The store over r->src (source_store_open: a stream's, once its header
 * is whole), its bytes reported to progress (NULL: none); r->opened on
 * success. The status; err set and *empty as source_store_open says. */
int run_index(struct run *r, const struct progress *progress, bool *empty, char *err,
	      size_t n);

/* Whether the tracks pass fused with the index is kept (else the tracks
 * take a second pass over the file); false with none. */
bool run_fused_kept(const struct run *r);

/* The tracks, after run_index: of a log that may still grow (growing:
 * tracks_build_live, which keeps its pass's state for run_tracks_extend),
 * else from the fused pass (or a pass of their own); reported to p.
 * Frees the fused pass either way. False when out of memory. */
bool run_tracks(struct run *r, bool growing, const struct progress *p);

/* After run_extend: the tracks of the whole store, from where they
 * stopped (tracks_extend). False when out of memory (as they were). */
bool run_tracks_extend(struct run *r);

/* Tracks built anew over the store, into tr, as a fresh open builds them
 * (the same bins): for a log followed to its end. */
bool run_tracks_fresh(const struct run *r, struct tracks *tr);

/* A ticky table built over the store, into t (a pane that keeps its own:
 * the other run's, or one it sorts); false when out of memory. */
bool run_ticky_fresh(const struct run *r, struct ticky *t);

/* Spans paired with rules over the store into sp (a pane's own, paired
 * off the main thread); false when out of memory. */
bool run_spans_fresh(const struct run *r, const struct span_rules *rules, struct spans *sp);

/* Frees what of needs (RUN_NEED bits) is built, and forgets that it
 * failed: the next run_need builds it again (over a log that grew). */
void run_forget(struct run *r, unsigned needs);

/* A log still growing (opened with follow): the store extended to what
 * the file or stream holds now (store_extend); what is built from it is
 * the caller's to build again (run_forget). */
enum extend_status run_extend(struct run *r, char *err, size_t n);

/* Closes everything; r can be opened again. */
void run_close(struct run *r);

#endif
