/* trows: what chosen Haskell threads were doing over a window, column by
 * column, for the viewer's per-thread rows.
 *
 * A thread is created (then runnable), runs on a capability (RUN_THREAD
 * .. STOP_THREAD), is runnable (stopped yielding, overflowing its heap or
 * stack, woken up, made runnable), blocked (the stop's status says on
 * what: an MVar, STM, a black hole, I/O, a delay, throwTo), in a foreign
 * call, or finished. Each column shows the state that held longest in it
 * (running wins a tie), with the capability of the longest run.
 *
 * Only the threads asked for are followed, and only the scheduler's events
 * of the window are read, with a look back of a few window widths for the
 * state at its start: a thread whose last event lies further back (blocked
 * for long) starts as unknown, or as what its lifetime tells (not created
 * yet, finished). The work is bounded: a window with more events than
 * asked for is not read (*over). Never includes curses or termkey. */
#ifndef HECTIC_TROWS_H
#define HECTIC_TROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store.h"
#include "tracks.h"

enum trow_state {
	TS_NONE,     /* not alive (not created yet, or finished before) */
	TS_UNKNOWN,  /* alive, its state not in the events read */
	TS_RUNNABLE,
	TS_BLOCKED,  /* reason: the stop status */
	TS_FOREIGN,  /* in a foreign call */
	TS_RUN,      /* cap: where */
	TS_COUNT
};

struct trow_cell {
	uint8_t state;   /* enum trow_state */
	uint8_t reason;  /* TS_BLOCKED: the STOP_THREAD status */
	bool migrated;   /* a MIGRATE_THREAD of it in the column */
	bool created, finished; /* its creation / end in the column */
	int32_t cap;     /* TS_RUN: the capability of its longest run */
};

/* Cells for threads ids[0..n) (out[i * ncols + c]) over ncols columns of
 * [t0, t1) (the layout's column geometry). Reads at most max_events events;
 * *over is set (and the cells hold only the threads' lifetimes) when the
 * window has more. False when out of memory. */
bool trows_cells(const struct store *s, const struct tracks *tr, uint64_t t0, uint64_t t1,
		 unsigned ncols, const uint32_t *ids, size_t n, uint64_t max_events,
		 struct trow_cell *out, bool *over);

/* The letter of a blocked state's reason (M MVar, S STM, B black hole, I
 * I/O, D delay, T throwTo, b other). */
char trows_reason_letter(uint8_t status);

#endif
