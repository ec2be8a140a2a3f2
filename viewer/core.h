/* core: the viewer's state and what views may do to it.
 *
 * Owns struct viewer (the log, the window in time, the cursor, the mark, the
 * event list's selection, the focused panel), the window arithmetic (zoom,
 * pan, clamping), the dispatch of a key or an action (the focused panel
 * first, then the one table of global handlers) and the mouse. Never
 * includes curses: it runs in the unit tests without a terminal. */
#ifndef HECTIC_CORE_H
#define HECTIC_CORE_H

#include <pthread.h>
#include <regex.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/say.h"
#include "../keymaps/actions.h"
#include "../keymaps/rc.h"
#include "../model/classes.h"
#include "../model/doctor.h"
#include "../model/gcs_compact.h"
#include "../model/heap.h"
#include "../model/skeleton.h"
#include "../model/progress.h"
#include "../model/source.h"
#include "../model/spans.h"
#include "../model/run.h"
#include "../model/store.h"
#include "../model/timefmt.h"
#include "../model/tracks.h"
#include "input.h"
#include "layout.h"
#include "pane.h"
#include "live.h"
#include "mainloop.h"
#include "prompt.h"
#include "view.h"


#define DEFAULT_RAW_MAX 50000 /* events a state query reads from the map */
#define LIST_ANY INT32_MIN /* list_cap: every capability */
#define BOOKMARKS_MAX 64

/* What an action asks of the main loop, which owns the terminal. */
enum core_request {
	CORE_NOTHING,
	CORE_SUSPEND, /* stop as Ctrl-Z stops a program */
	CORE_REDRAW,  /* the whole screen drawn anew */
};

/* What hectic doctor finds in a run (model/doctor.h), for the findings
 * pane (findings.c makes them, view_findings.c shows them). */
enum findings_state {
	FINDINGS_NONE,    /* not made yet */
	FINDINGS_RUNNING, /* on their thread (findings_poll started it) */
	FINDINGS_READY,   /* d holds them */
};
struct viewer_doctor {
	struct doctor d;
	int state;     /* enum findings_state, written by the thread (atomic) */
	pthread_t th;  /* the thread, while joinable */
	bool joinable;
	volatile sig_atomic_t stop; /* asks the thread to end (viewer_run_free) */
	bool so_far;   /* made of a log that may still grow: the log so far */
	uint64_t reloads; /* the live rebuilds (lv.reloads) they were made at */
	bool said;     /* the status line said its warnings (once) */
	bool at_open;  /* begun when the log was opened (findings_begin) */
};

/* One log the viewer shows, and what it keeps of it: hectic A B has two. */
struct viewer_run {
	/* the log (model/run.h): where it comes from (a file or a stream),
	 * its path, store and tracks, and its heap censuses and time samples
	 * (built when a pane first asks, loader_heap, then kept up to date) */
	struct run run;
	const struct viewer_opts *o; /* the command line (--save, hectic run's program) */
	struct live lv;    /* following it while it grows (live.c) */
	/* every collection, where the tracks' list of them stopped at its
	 * budget (gcs_compact.h): built by the loader, read through gcsv_* */
	struct gcs_compact gcc;
	/* the block markers' outline, drawn while the loader runs */
	struct skeleton sk;
	int loaded; /* 0 loading, 1 ready, -1 failed (written by the loader) */
	char err[300];
	bool exact;     /* the lanes' last state query read raw events */
	uint64_t fsize;      /* the file's size before loading, for the progress bar */
	struct progress_count loading; /* the bytes indexed and scanned so far (the loader) */
	int load_passes;     /* the loader's passes over the file: 1 when the tracks are
			      * built as the index reads it, else 2 (atomic) */
	struct viewer_doctor doc; /* its findings (findings.c) */
};

struct viewer {
	struct viewer_opts o;
	const struct view_ops *const *views; /* the registry (view.h), NULL-ended */
	size_t nviews;
	void **priv; /* each view's private state, by its place in views */
	enum core_request request; /* the last action's, for the main loop */
	/* While the loader runs, the store, the tracks and the heap are its
	 * own: the main thread draws the skeleton (the block markers' outline)
	 * and takes the early actions (actions.h) against its extent. Every
	 * key is kept, and taken again once loaded: the view is then the one
	 * these keys give a fresh open. From the first key that needs the log
	 * on, keys only wait. */
	bool ready;          /* the loaded log is the viewer's (core_after_load) */
#define PENDING_MAX 256
	char pending[PENDING_MAX][48];
	size_t npending, nwaiting; /* keys kept; of those, the last ones waiting */
	bool deferred;       /* the last core_act needed the log: not taken */
	struct input *in;
	struct keymap *km;
	const char *mapname; /* the keymap's name: the prompts' keys */
	int ncolors;         /* 0, 8 or 256 */
	bool ascii;
	size_t raw_max;
	int heap_bands; /* the heap pane's bands on their own, at most (--bands, the rc) */
	struct layout L;
	uint64_t t0, t1, cursor;
	int marking; /* 0 none, 1 started */
	bool has_mark;
	uint64_t mark_a, mark_b;
	class_set filters, saved_filters;
	uint64_t bm[BOOKMARKS_MAX]; /* bookmarks, by time (view_bookmarks.c) */
	int nbm;
	uint32_t list_thread; /* the event list shows this thread's events only (0: all) */
	int32_t list_cap;     /* ... this capability's only (LIST_ANY: all) */
	int lanes_top;
	int lane_h; /* rows per capability lane (1 .. LAYOUT_LANE_H_MAX; 0: the
		    * layout chooses): the rc's lane-height, and the keys */
	uint64_t sel_time, sel_off; /* the event list's selected event */
	bool sel_valid;
	const struct view_ops *view; /* the focused panel; NULL: none */
	struct pane_list pl;         /* a list panel's rows: selection, scrolling */
	const struct view_ops *pane; /* the pane under the lanes; NULL: the event list */
	char *span_start[RC_SPANS_MAX], *span_stop[RC_SPANS_MAX]; /* the rc's span lines */
	size_t nspans;
	/* the rc's set ruler-messages and ruler-phases (view_phases.c), NULL
	 * for none */
	char *ruler_messages, *ruler_phases;
	regex_t re;                  /* the last search */
	bool has_re;
	char pattern[200];
	struct prompt prompt; /* the open prompt's line */
	/* the SQL prompt's last query, and how many were asked: the SQL pane
	 * runs a new one when it next opens */
	char sql_query[sizeof(struct prompt){ 0 }.text];
	unsigned sql_asked;
	char msg[300];
	bool msg_hint; /* msg is a pane's key hints (core_hint): fitted to the
			* status line, its last parts given up first, never
			* in the message area */
	/* the columns the status line's own fields took at the last frame: the
	 * message comes after them or, when it does not fit there, whole in
	 * the message area above the status line (draw_message) */
	int status_w;
	bool quit;
	bool dragging;
	int drag_col;
	bool bench;
	bool raw_times; /* the event list's times in ns, as `hectic show` */
	const char *winfile; /* HECTIC_DEBUG_WINDOW: the window, after each frame */
	/* The runs: r is the one drawn now (the event list's, but while the
	 * other's lanes are drawn: core_runs_exchange), other the second log
	 * of hectic A B (core_runs.c; NULL with one log). Both point into
	 * runs; exchanging them is a swap of the two pointers and the times'
	 * shift onto the other clock. */
	struct viewer_run *r, *other;
	struct viewer_run runs[2];
	/* the other run's time + other_shift = this run's time: the one axis
	 * (0: both from their clocks' start; --align: from their markers) */
	int64_t other_shift;
	bool swapped; /* r is run B (other is A) */
	bool in_other; /* r and other exchanged, for drawing the other run */
	struct { /* the times as they were before core_runs_exchange swapped
		  * the other run in: swapping back gives them back exactly */
		uint64_t t0, t1, cursor, mark_a, mark_b, sel_time, bm[BOOKMARKS_MAX];
	} stash;
};

/* A run of u's, before its log is opened: path (the command line's), no
 * store, no stream. */
void viewer_run_init(const struct viewer *u, struct viewer_run *r, const char *path);

/* Everything r holds freed, its log closed (viewer_run.c). */
void viewer_run_free(struct viewer_run *r);

/* A status line message, replacing the last one. */
void core_say(struct viewer *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Key hints as the message ("heap: M normalises, r ranks by peak, ..."):
 * parts apart by ", ", the most useful first; where the status line has
 * no room for all, the last parts give way ("…"), and they never take the
 * message area. */
void core_hint(struct viewer *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- the window in time ---- */

/* The first event's time, and one past the last event's: while loading,
 * the skeleton's extent (0, 1 when it has none). */
uint64_t core_run_start(const struct viewer *u);
uint64_t core_run_end(const struct viewer *u);
uint64_t core_width(const struct viewer *u);

/* The width of a column (at least 1 ns): the resolution of the times on
 * the status line, since the cursor moves by columns. */
uint64_t core_col_ns(const struct viewer *u);

/* The unit of the times on screen: the one the window's end is written in. */
enum time_unit core_screen_unit(const struct viewer *u);

/* A time on the status line: in the screen's unit, to the column. */
char *core_fmt_at(const struct viewer *u, char *buf, size_t n, uint64_t t);

/* A moment that should be told from its neighbours whatever the zoom (a
 * GC's start, a search hit): to the microsecond, in its own unit. */
char *core_fmt_moment(char *buf, size_t n, uint64_t t);

/* The window [t0, t0 + w), clamped to the run and to a column a ns. */
void core_set_window(struct viewer *u, uint64_t t0, uint64_t w);

/* Halves or doubles the window, keeping the anchor column (-1: the
 * cursor) on its column. */
void core_zoom(struct viewer *u, bool in, int anchor_col);

/* Scrolls the window so the cursor is in it. */
void core_follow_cursor(struct viewer *u);

/* The cursor to t, the window scrolled to show it, the event list
 * anchored there again. */
void core_go_time(struct viewer *u, uint64_t t);

/* A collection in view at a useful zoom, the cursor on it, said. */
void core_go_gc(struct viewer *u, const struct gcc *g);

/* The marked interval (or the one being marked), lo <= hi. */
void core_mark_range(const struct viewer *u, uint64_t *lo, uint64_t *hi);

/* ---- actions and keys ---- */

/* Runs an action: the focused panel first, then the pane, then the view
 * that takes it globally, then the core's handler. Returns what it asks
 * of the main loop. */
enum core_request core_act(struct viewer *u, enum action a);

/* A key by its canonical name: the focused panel's key hook, else the
 * keymap's action. */
enum core_request core_key(struct viewer *u, const char *key);

/* The mouse. */
void core_mouse(struct viewer *u, const struct input_event *ev);

/* The action bound to key in the user's keymap, or ACT_NONE. */
enum action core_lookup(const struct viewer *u, const char *key);

/* For hints on screen: the first key bound to a in the user's keymap (after
 * the rc's binds), or the action's name when no key is. */
const char *core_key_for(const struct viewer *u, enum action a);

/* The prompts' action bound to key, or PA_NONE. */
enum prompt_action core_prompt_lookup(const struct viewer *u, const char *key);

/* True when a runs somewhere: a global handler or a panel that opens on it. */
bool core_action_handled(const struct viewer *u, enum action a);

/* Focuses panel v (closing the one open) unless its open refuses; the
 * selection starts at the top. */
void core_view_open(struct viewer *u, const struct view_ops *v);

/* Closes the focused panel, if any. */
void core_view_close(struct viewer *u);

/* Shows pane v under the lanes, or, when it shows, the event list again. */
void core_pane_toggle(struct viewer *u, const struct view_ops *v);

/* Closes the pane, if any: the event list shows. */
void core_pane_close(struct viewer *u);

/* A list panel's actions: movement of the selection, Enter, closing; any
 * other action closes the panel and is not taken (it goes on to the
 * global handler), but for suspend and toggle-filters, which leave it
 * open. */
bool core_panel_act(struct viewer *u, enum action a);

/* ---- life ---- */

/* The state before loading: options, defaults, the views (the registry,
 * view_all) and their private states. False: out of memory (core_free
 * frees what was made). */
bool core_init(struct viewer *u, const struct viewer_opts *o, const struct view_ops *const *views);

/* While loading: the skeleton's extent in view, the cursor at its start. */
void core_before_load(struct viewer *u);

/* The state once loaded: the whole run in view, the cursor at its start
 * (what was moved while loading is the kept keys' to do again). */
void core_after_load(struct viewer *u);

/* The keys kept while loading, taken again in order (a key that asks the
 * main loop for something: its request). */
enum core_request core_take_pending(struct viewer *u);

/* ---- two runs (core_runs.c) ---- */

/* Does the viewer compare two runs? */
bool core_two(const struct viewer *u);

/* "A" or "B": the run whose fields u holds now (the event list's, or,
 * while the other is drawn, the other); its letter's index, 0 A, 1 B. */
const char *core_run_letter(const struct viewer *u);
int core_run_side(const struct viewer *u);

/* The run of letter index side (0 A, 1 B: u->runs[side], whichever is
 * drawn now), and the window on that run's clock. */
const struct viewer_run *core_run_at(const struct viewer *u, int side);
void core_run_window(const struct viewer *u, int side, uint64_t *t0, uint64_t *t1);

/* The run's file name, short: with two runs, what tells it from the
 * other's (the common start up to a - _ or ., and .eventlog, left out). */
char *core_run_short(const struct viewer *u, char *buf, size_t n);

/* With two runs: is run r (0: A, 1: B) the one the event list shows,
 * and run r's tracks. */
bool core_run_is_shown(const struct viewer *u, int r);
const struct tracks *core_run_tracks(const struct viewer *u, int r);
/* Run r's compact list of collections (gcs_compact.h). */
const struct gcs_compact *core_run_gcc(const struct viewer *u, int r);

/* A time of this run on the other run's clock (clamped at 0 and at the
 * largest time), and back. */
uint64_t core_to_other(const struct viewer *u, uint64_t t);
uint64_t core_shifted(uint64_t t, int64_t d); /* t - d, clamped */
uint64_t core_from_other(const struct viewer *u, uint64_t t);

/* Swaps the run fields of u and u->other and moves the window, cursor,
 * mark and bookmarks to the other clock; no view is told. For drawing the
 * other run with this run's code: call it again to swap back. */
void core_runs_exchange(struct viewer *u);

/* After loading two runs: the status line says how each ends (truncated,
 * still growing: the figures are to where it ends) or how to swap. */
void core_runs_said(struct viewer *u);

/* The other-run action: the event list and the panes show the other run
 * (each view's reload hook runs around the swap), said. */
void core_other_run(struct viewer *u);

/* The runs' alignment: the first marker or message matching re (the
 * regex pattern) in each (NULL: from the clocks' start). False, with why
 * in err, when a run has none. */
bool core_runs_align(struct viewer *u, const regex_t *re, const char *pattern, char *err, size_t n);

/* Frees what core_init and loading made (not u itself). */
void core_free(struct viewer *u);

#endif
