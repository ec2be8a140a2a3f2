/* loader: opens and indexes the log off the main thread while the screen
 * shows its progress (q, Ctrl-C and Ctrl-Z still work), or on the calling
 * thread; and runs any other long step the same way (busy_run). */
#ifndef HECTIC_LOADER_H
#define HECTIC_LOADER_H

#include <stdbool.h>

struct viewer;
struct viewer_run;

/* Opens the store and builds the tracks of a run (struct viewer_run *r)
 * on this thread; sets r->loaded (1, or -1 with r->err). Thread entry
 * point: returns NULL. */
void *loader_run(void *r);

/* loader_run on a thread, drawing the progress frame until it is done;
 * quitting meanwhile ends the process (the loader may be deep in a scan).
 * Returns with u->loaded set. */
void loader_load(struct viewer *u);

/* loader_run on a thread that wakes the main loop (term_wake) when it is
 * done, for the main loop to draw the skeleton meanwhile. False when no
 * thread could be made. */
bool loader_start(struct viewer *u);

/* The skeleton of u->o.path (the block markers' outline, read at once),
 * and the window over it (core_before_load). */
void loader_skeleton(struct viewer *u);

/* Waits for loader_start's thread, once u->loaded is set. */
void loader_join(struct viewer *u);

/* hectic A B: the other run (u->other) loaded on its own thread, at the
 * same time as u's; joined once both are loaded. */
bool loader_start_other(struct viewer *u);
void loader_join_other(struct viewer *u);

/* Quits at once while the loader may be deep in a scan: the terminal
 * restored, hectic run's program stopped, a --save file not yet in place
 * dropped, status 0 (as q). */
void loader_quit(struct viewer *u) __attribute__((noreturn));

/* How far the load is, 0 to 1: the bytes indexed, then scanned for the
 * tracks, against twice the file's size. */
double loader_fraction(const struct viewer *u);

/* The heap censuses and the cost-centre samples (u->heap), read from the
 * log the first time a pane asks for them (a busy_run step): a log
 * opens without reading its profile. False, said, when out of memory. */
bool loader_heap(struct viewer *u);

/* The same for run r (u->r, or u->other: hectic A B), the step shown on
 * u's screen. */
bool loader_heap_of(struct viewer *u, struct viewer_run *r);

/* A step that takes longer than this shows on the status line. */
#define BUSY_DELAY_MS 100

/* Runs fn(arg) on a worker thread while this one waits: after
 * BUSY_DELAY_MS the status line says "what" and the seconds so far; q,
 * Ctrl-C, SIGTERM, SIGHUP and SIGINT end the viewer at once (the terminal
 * restored, the session saved, status 0, as q), Ctrl-Z suspends it, other
 * keys are dropped. Returns when fn has. fn must not touch what the main
 * thread may change meanwhile (the screen, the window, the tracks of a
 * growing log are not changed while it runs): it reads and makes its own.
 * Without a terminal (the benchmark, the unit tests) fn runs here. */
void busy_run(struct viewer *u, const char *what, void (*fn)(void *arg), void *arg);

/* busy_run, but q, Ctrl-C and Escape stop the step, not the viewer:
 * cancel(arg) is called on this thread (once), and fn must then return
 * soon (within 100 ms: the viewer's query pane interrupts SQLite). The
 * signals still end the viewer. */
void busy_run_cancel(struct viewer *u, const char *what, void (*fn)(void *arg), void *arg,
		     void (*cancel)(void *arg));

/* Once loaded: a list of the tracks (either run's) that stopped at its
 * memory budget said on the status line, in a few words: the panes that
 * list it (the pauses, the histogram, the thread rows) are short. The
 * statistics' summary is not: it reads the store instead. */
void loader_say_partial(struct viewer *u);

#endif
