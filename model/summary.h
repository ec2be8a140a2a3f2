/* summary: a +RTS -s style report over a time window, from the tracks.
 *
 * Counters (allocation, copying, residency, slop, memory in use,
 * collections per generation, sparks) equal the program's own +RTS -s over
 * a whole run. Times are elapsed times as the GC design notes (seed 002)
 * define them from events: a collection's pause is the mean over the
 * capabilities that took part of GC_START..GC_END; GC time is the sum of the
 * pauses; MUT time is the rest of the window. No I/O but the formatting into
 * a FILE. */
#ifndef HECTIC_SUMMARY_H
#define HECTIC_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tracks.h"

#define SUMMARY_GENS 8

struct summary {
	uint64_t from, to; /* the window, clipped to the log's events */
	uint64_t allocated;
	bool have_alloc;
	uint64_t copied;
	uint64_t max_live, live_samples;
	uint64_t max_slop;
	uint64_t max_heap, max_blocks;
	unsigned ngens; /* generations in the table */
	struct {
		uint64_t colls, par, pauses, elapsed, max_pause;
	} gen[SUMMARY_GENS];
	uint64_t bal_num, bal_den; /* parallel work balance = num / den */
	bool have_sparks;
	uint64_t sparks[7]; /* SP_* */
	uint64_t total, gc, mut;
	uint64_t ngcs; /* collections in the window */
};

void summary_compute(const struct tracks *tr, const struct store *s, uint64_t from,
		     uint64_t to, struct summary *out);

/* Prints the report, with +RTS -s's line labels. */
void summary_print(FILE *f, const struct summary *sm);

#endif
