/* What the timeline's lanes and activity graph make of a column's
 * fractions, and which classes the log holds. */
#include "lane_view.h"

#include "../model/store.h"
#include "../model/tracks.h"
#include "layout.h"

int lane_view_util(const float *run, size_t ncaps, size_t stride)
{
	double sum = 0;
	for (size_t c = 0; c < ncaps; c++)
		sum += run[c * stride];
	return layout_level8(sum / (double)ncaps, 1.0);
}

static bool same_column(struct layout_lane a, struct layout_lane b)
{
	return a.kind == b.kind && a.run == b.run && a.top == b.top;
}

bool lane_view_same(void *ctx, size_t ncaps, const float *run_lo, const float *run_hi,
		    const float *gc_lo, const float *gc_hi, const float *nodata)
{
	int h = ctx ? ((const struct lane_view_ctx *)ctx)->height : 1;
	for (size_t c = 0; c < ncaps; c++) {
		struct layout_lane a = layout_lane_column(run_lo[c], gc_lo[c], nodata[c], h);
		if (!same_column(a, layout_lane_column(run_lo[c], gc_hi[c], nodata[c], h)) ||
		    !same_column(a, layout_lane_column(run_hi[c], gc_lo[c], nodata[c], h)) ||
		    !same_column(a, layout_lane_column(run_hi[c], gc_hi[c], nodata[c], h)))
			return false;
	}
	return lane_view_util(run_lo, ncaps, 1) == lane_view_util(run_hi, ncaps, 1);
}

class_set lane_view_have(const struct store *s, const struct tracks *tr)
{
	return tracks_have(s, tr);
}

const char *lane_view_absent(const struct store *s, const struct tracks *tr, class_set want,
			     bool live, char *buf, size_t n)
{
	return class_absent(want & ~lane_view_have(s, tr), live ? CLASS_ABSENT_YET : 0, buf, n);
}
