/* What the timeline's lanes and activity graph make of a column's
 * fractions (model/tracks.h's frac_view): two sets of fractions look the
 * same when every lane cell and the activity graph's level are equal; and
 * which event classes the log holds, for what the lanes, the panes and the
 * reports say they cannot show (model/classes.h's class_absent). Knows no
 * curses. */
#ifndef HECTIC_LANE_VIEW_H
#define HECTIC_LANE_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "../model/classes.h"

struct store;
struct tracks;

/* The context of the timeline's frac_view: the viewer (for its thread
 * callback), and the lanes' rows each. */
struct lane_view_ctx {
	void *view;
	int height;
};

/* frac_view's same for the timeline: every capability's lane column
 * (layout_lane_column, at ctx's height; NULL ctx: one row) and the
 * activity graph's level (layout_level8 of the mean running fraction) are
 * the same for every value between the bounds. The column's boundaries
 * and the level only grow with each of run and gc (the least eighth a
 * share gets included; when GC rises from none the corners differ), so
 * the four corners of the bounds decide. ctx: a struct lane_view_ctx. */
bool lane_view_same(void *ctx, size_t ncaps, const float *run_lo, const float *run_hi,
		    const float *gc_lo, const float *gc_hi, const float *nodata);

/* The activity graph's level of a column: the mean over the ncaps
 * capabilities of run (the column's entries, stride apart). */
int lane_view_util(const float *run, size_t ncaps, size_t stride);

/* The event classes the log holds (the index's), less the scheduler's when
 * no thread of the tracks was seen created, run or stopped (a log whose only
 * scheduler events are thread labels knows no thread's states, lifetimes or
 * running time). A class not in it: whatever comes of its events is not
 * known, never zero. O(1), or O(threads) when the scheduler's class is
 * there but no thread ran. */
class_set lane_view_have(const struct store *s, const struct tracks *tr);

/* The classes of want that the log lacks (lane_view_have), said as
 * class_absent says them into buf (n bytes): "" when it has them all. A
 * log still growing (live) lacks them so far: "... yet". */
const char *lane_view_absent(const struct store *s, const struct tracks *tr, class_set want,
			     bool live, char *buf, size_t n);

#endif
