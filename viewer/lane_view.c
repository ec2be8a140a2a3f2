/* What the timeline's lanes and activity graph make of a column's
 * fractions. */
#include "lane_view.h"

#include "layout.h"

int lane_view_util(const float *run, size_t ncaps, size_t stride)
{
	double sum = 0;
	for (size_t c = 0; c < ncaps; c++)
		sum += run[c * stride];
	return layout_level8(sum / (double)ncaps, 1.0);
}

static bool same_cell(struct layout_cell a, struct layout_cell b)
{
	return a.kind == b.kind && a.run8 == b.run8 && a.gc == b.gc;
}

bool lane_view_same(void *ctx, size_t ncaps, const float *run_lo, const float *run_hi,
		    const float *gc_lo, const float *gc_hi, const float *nodata)
{
	(void)ctx;
	for (size_t c = 0; c < ncaps; c++) {
		struct layout_cell a = layout_lane_cell(run_lo[c], gc_lo[c], nodata[c]);
		if (!same_cell(a, layout_lane_cell(run_lo[c], gc_hi[c], nodata[c])) ||
		    !same_cell(a, layout_lane_cell(run_hi[c], gc_lo[c], nodata[c])) ||
		    !same_cell(a, layout_lane_cell(run_hi[c], gc_hi[c], nodata[c])))
			return false;
	}
	return lane_view_util(run_lo, ncaps, 1) == lane_view_util(run_hi, ncaps, 1);
}
