/* live: follow a log while it grows (a program writing it, or a stream
 * spooled by model/source.c), like `less +F`.
 *
 * Growth is noticed through inotify on a file (polled every 100 ms where
 * inotify fails) or the spooler's wake pipe on a stream. The store is
 * extended, the tracks extended from where they stopped (tracks_extend)
 * and the heap profile read again, at most as often as keeps that work
 * under half of the time (so keys keep working whatever the rate); the
 * figures are those of a fresh open of what has arrived, and a complete
 * log's tracks are built once more as a fresh open builds them. The view stays where the user left it, or, when it
 * showed the end of the run, follows the end. A log is complete when its
 * end-of-data marker arrives or its stream ends; a file that shrinks or
 * is replaced is said, and following stops. Never draws: the status line
 * asks live_status for its text. */
#ifndef HECTIC_LIVE_H
#define HECTIC_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct viewer;
struct viewer_run;

#define LIVE_RATE_N 16

struct live {
	bool follow;      /* the log may grow: watching it */
	bool complete;    /* its end arrived (said once) */
	bool stopped;     /* following stopped: shrank, replaced, an error */
	int ino, wd;      /* inotify, or -1 */
	uint64_t built_at, build_ns; /* the last rebuild: when, and its cost */
	uint64_t grew_at; /* when the log last grew (monotonic ns) */
	uint64_t checked_at;
	/* the indexed size over the last seconds, for the rate */
	uint64_t rt[LIVE_RATE_N], rb[LIVE_RATE_N];
	unsigned nr, ri;
	uint64_t reloads; /* rebuilds done (tests, bench) */
	bool pending;     /* it grew, and the build waits for its turn */
	uint64_t started_at; /* when following started (monotonic ns) */
	bool header_only_said; /* the log held only its header for a while:
				* said once (header_only) */
	bool no_header;   /* the file held no whole header when opened (the RTS
			   * writes it with its first flush): shown empty until
			   * it does */
};

/* The monotonic clock in ns, in ms and in seconds: the viewer's one
 * clock (its timers, the loader's frames, hectic run's waits, the SQL
 * pane's and the bench's timings). */
uint64_t live_now(void);

static inline uint64_t live_now_ms(void)
{
	return live_now() / 1000000;
}

static inline double live_now_s(void)
{
	return (double)live_now() / 1e9;
}

/* Opens the store on r->run.src (on the loader's thread): a stream's is
 * tried again as bytes arrive until its header is whole, or its end. False
 * with r->err set. */
bool live_open_store(struct viewer_run *r);

/* After loading: starts following when the log may still grow. */
void live_start(struct viewer *u);

/* What the main loop waits on: a descriptor that is readable when the log
 * grows (-1: none), and the longest wait in ms (-1: forever). */
int live_fd(const struct viewer *u);
int live_timeout(const struct viewer *u);

/* After every wait: reads what arrived, builds again when due, moves the
 * view along. */
void live_tick(struct viewer *u);

/* Builds the tracks and heap again from the store (the panes drop what
 * they derived) and moves the view along; false when out of memory. */
bool live_reload(struct viewer *u);

/* The viewer shows no log: the file holds no whole header yet, or was cut
 * inside it (the store is an empty stand-in, its times not the log's). */
bool live_no_log(const struct viewer *u);

/* ... and the file is empty (0 bytes: the RTS has not flushed yet, or
 * nothing ever wrote it). */
bool live_empty_file(const struct viewer *u);

/* The status line's words: "live 12.3 MB/s, final to 1.2s (40ms behind)",
 * "complete", ...; "" when the log was complete at open. */
void live_status(const struct viewer *u, char *buf, size_t n);

void live_free(struct viewer *u);

#endif
