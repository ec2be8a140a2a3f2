/* gcs_compact: every collection of a log whose tracks' list of collections
 * stopped at its memory budget (TRACKS_CUT_GCS), kept compactly for the
 * viewer's panes that list or step through them (the pauses panel, the GC
 * histogram, the GC jumps): per collection only what they show (56 bytes,
 * and 4 for the by-pause order), from gcs_stream's rows, within a budget
 * of its own (gcs_compact_budget), past which it is dropped and the panes
 * say PARTIAL (issue 43). And the one way the panes read the
 * collections (gcsv_*): from the tracks' list when it is whole, else from
 * the compact list when that is whole, else from the list as it stopped.
 * Never includes curses or termkey. */
#ifndef HECTIC_GCS_COMPACT_H
#define HECTIC_GCS_COMPACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store.h"
#include "tracks.h"

/* One collection, as the panes show it (struct gc's figures and its
 * GC_STATS_GHC's generation and bytes copied; gen -1 when it has none). */
struct gcc {
	uint64_t start, end, pause, span_start, span_end, copied;
	int32_t cap;
	int16_t gen;
	uint16_t ncaps;
};

struct gcs_compact {
	struct gcc *v;      /* by start */
	uint32_t *by_pause; /* indices into v, longest pause first, then earliest */
	size_t n;
	uint16_t maxgen;    /* the highest generation of any */
	bool whole;         /* every collection of the log is here */
};

/* The compact list's budget for a file of size bytes whose tracks hold
 * tracks_bytes: 2.5% of the file plus 2 MB, and no more than the memory
 * promise (5% of the file plus 10 MB) leaves after the tracks and a
 * reserve for the rest (the index, the stream's state: 1% of the file
 * plus 1 MB). */
uint64_t gcs_compact_budget(uint64_t size, uint64_t tracks_bytes);

/* Every collection of s into c (freed first) while it fits budget bytes;
 * false, and c left empty (whole false), when it did not fit, memory ran
 * out or the stream failed (a log without GC_STATS_GHC). */
bool gcs_compact_build(struct gcs_compact *c, const struct store *s, uint64_t budget);

void gcs_compact_free(struct gcs_compact *c);

/* c for tr, built from s: freed, then built (within its budget, the
 * stream's own memory held to a quarter of it) when tr's list stopped and
 * was formed by GC_STATS_GHC; false when that failed or was not tried
 * (the panes say PARTIAL). */
bool gcs_compact_for(struct gcs_compact *c, const struct store *s, const struct tracks *tr);

/* ---- the panes' collections: tr's, whole through c where it is ---- */

/* The compact list stands for tr's: tr's list stopped and c is whole. */
bool gcsv_compact(const struct tracks *tr, const struct gcs_compact *c);
/* Every collection is there: tr's list whole, or c whole. */
bool gcsv_whole(const struct tracks *tr, const struct gcs_compact *c);
size_t gcsv_n(const struct tracks *tr, const struct gcs_compact *c);
/* The i-th by start. */
struct gcc gcsv_at(const struct tracks *tr, const struct gcs_compact *c, size_t i);
/* The index by start of the k-th longest pause. */
size_t gcsv_by_pause(const struct tracks *tr, const struct gcs_compact *c, size_t k);
/* The first starting at or after t. */
size_t gcsv_first_from(const struct tracks *tr, const struct gcs_compact *c, uint64_t t);
/* Of the oldest generation (as tracks_gc_major). */
bool gcsv_major(const struct tracks *tr, const struct gcs_compact *c, const struct gcc *g);
/* The first starting after t / the last starting before t (a major one
 * when major_only) into *i; false when none (as tracks_gc_next/prev). */
bool gcsv_next(const struct tracks *tr, const struct gcs_compact *c, uint64_t t, bool major_only,
	       size_t *i);
bool gcsv_prev(const struct tracks *tr, const struct gcs_compact *c, uint64_t t, bool major_only,
	       size_t *i);
/* tracks_pause_pct over the same collections. */
void gcsv_pause_pct(const struct tracks *tr, const struct gcs_compact *c, uint64_t from,
		    uint64_t to, int gen, struct pause_pct *out);
/* A collection of tr's list as the panes show it. */
struct gcc gcc_of_gc(const struct tracks *tr, const struct gc *g);

#endif
