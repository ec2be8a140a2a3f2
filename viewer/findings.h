/* findings: what hectic doctor finds in each run the viewer shows (issue
 * 47), made once per run (struct viewer_run's doc) and off the main
 * thread: doctor_run is a pass over the whole log, seconds on gigabytes.
 * A log that no longer changes (a file complete at open, one whose
 * following ended, either run of hectic A B) gets a thread of its own as
 * soon as it is loaded; the store and tracks it reads are not changed
 * meanwhile (only following a log changes them). A log still followed is
 * read when the findings pane opens, as a busy step (loader.h: busy_run,
 * the main thread waiting, so the store holds still), and those findings
 * are of the log so far; when the log ends they are made again, whole. The
 * status line says a run's warnings once, when its findings are ready.
 * The pane is view_findings.c; viewer_run_free ends the thread. */
#ifndef HECTIC_FINDINGS_H
#define HECTIC_FINDINGS_H

#include <stdbool.h>

struct viewer;
struct viewer_run;

/* A small log's findings take milliseconds: the first frame waits this
 * long for them, so that it says their warnings at once (and a frame
 * drawn after the user's first key does not change by them); a large
 * log's come when they come. */
#define FINDINGS_WAIT_MS 200

/* Findings begun at the open and ready this soon after it are not said
 * once the user has pressed a key or used the mouse (findings_key): the
 * screen the user has made is not changed under them, as it would not be
 * after a fresh open that said them at once. Later ones are. */
#define FINDINGS_LATE_MS 2000

/* Once loaded, before the first frame and the keys kept while loading:
 * the threads started, and waited for FINDINGS_WAIT_MS at most. */
void findings_begin(struct viewer *u);

/* A key or the mouse was taken (the main loop, and the keys kept while
 * loading). */
void findings_key(void);

/* Before each frame (the main loop): starts the threads of the runs that
 * need one, takes those that ended and says their warnings once ("doctor:
 * nursery costs 59% of the run (! for the findings)"). True when the screen
 * should be drawn again. */
bool findings_poll(struct viewer *u);

/* For a log still followed: its findings of the log so far, made now (a
 * busy step) unless those made are of what it holds now. */
void findings_now(struct viewer *u, struct viewer_run *r);

/* r's findings are ready (r->doc.d holds them). */
bool findings_ready(const struct viewer_run *r);

#endif
