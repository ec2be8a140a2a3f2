/* What the timeline's lanes and activity graph make of a column's
 * fractions (model/tracks.h's frac_view): two sets of fractions look the
 * same when every lane cell and the activity graph's level are equal.
 * Knows no curses. */
#ifndef HECTIC_LANE_VIEW_H
#define HECTIC_LANE_VIEW_H

#include <stdbool.h>
#include <stddef.h>

/* frac_view's same for the timeline: every capability's lane cell
 * (layout_lane_cell) and the activity graph's level (layout_level8 of the
 * mean running fraction) are the same for every value between the
 * bounds. Each part of a cell and the level only grow (or only shrink)
 * with each of run and gc, so the four corners of the bounds decide. ctx
 * is unused. */
bool lane_view_same(void *ctx, size_t ncaps, const float *run_lo, const float *run_hi,
		    const float *gc_lo, const float *gc_hi, const float *nodata);

/* The activity graph's level of a column: the mean over the ncaps
 * capabilities of run (the column's entries, stride apart). */
int lane_view_util(const float *run, size_t ncaps, size_t stride);

#endif
