/* summary_phases: what the summary's two ways of computing its figures
 * share (summary.c from the tracks' lists, summary_stream.c from the
 * store's events): the window clipped to the log, and +RTS -s's phases
 * from the collections' GC time. Never includes curses or termkey. */
#ifndef HECTIC_SUMMARY_PHASES_H
#define HECTIC_SUMMARY_PHASES_H

#include <stdbool.h>
#include <stdint.h>

#include "summary.h"

/* The GC time of whole runs' phases: before EXIT, and after INIT. */
struct summary_phase_gc {
	uint64_t before_exit, after_init;
};

/* The part of [a, b) inside [lo, hi). */
uint64_t summary_overlap(uint64_t a, uint64_t b, uint64_t lo, uint64_t hi);

/* Clips the window to the log's events into out (from, to, whole,
 * profiled, threaded); false when it holds none. */
bool summary_clip(const struct tracks *tr, const struct store *s, uint64_t from, uint64_t to,
		  struct summary *out);

/* INIT, MUT, GC, EXIT and total: +RTS -s's phases (ph) over a whole run
 * whose start the log shows (timestamps count from the RTS's start), else
 * the window less its GC time (out->gc, summed before). */
void summary_phases(const struct tracks_phases *ph, const struct store *s,
		    struct summary_phase_gc pg, struct summary *out);

#endif
