/* gcs_stream: every collection of a log, formed from the store's events as
 * the tracks' build forms them (collections.c), in memory of the
 * capabilities' and the collections under way's size: where the tracks'
 * list of collections stopped at its memory budget (TRACKS_CUT_GCS), the
 * gcs table reads its rows from here, whole (issue 43). One collection
 * per GC_STATS_GHC, on the interval of its capability that holds it, the
 * other capabilities taking part whose own GC_START .. GC_END holds its
 * GC_GLOBAL_SYNC moment; the rows in the order of their start. A log
 * without GC_STATS_GHC (collections grouped by overlap) is not formed
 * here. Never includes curses or termkey. */
#ifndef HECTIC_GCS_STREAM_H
#define HECTIC_GCS_STREAM_H

#include <stdbool.h>
#include <stdint.h>

#include "tracks.h"

/* One collection: struct gc's figures, its GC_STATS_GHC's, and the
 * capabilities that took part (ascending, as tracks_gc_caps_text). */
struct gcs_row {
	uint64_t start, end, pause, span_start, span_end;
	int32_t cap;
	uint16_t gen;
	uint32_t par_n_threads;
	uint64_t copied;
	char caps[512];
};

struct gcs_stream;

/* The collections of s whose start is at or after from. NULL when out of
 * memory. */
struct gcs_stream *gcs_stream_new(const struct store *s, uint64_t from);

/* The collections under way, and each capability's intervals in none,
 * held to about bytes (at least 64 of each) rather than the default
 * (2^20 each, a log no program writes): past it the stream fails. */
void gcs_stream_limit(struct gcs_stream *g, uint64_t bytes);

/* The next collection into row; false at the end, or when it failed
 * (gcs_stream_failed). */
bool gcs_stream_next(struct gcs_stream *g, struct gcs_row *row);

/* Ended short: out of memory, the file faulted, or a log without
 * GC_STATS_GHC (whose collections are not formed here). */
bool gcs_stream_failed(const struct gcs_stream *g);

void gcs_stream_free(struct gcs_stream *g);

#endif
