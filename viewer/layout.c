/* Screen arithmetic. */
#include "layout.h"

void layout_compute(struct layout *l, int rows, int cols, size_t ncaps, int lanes_top)
{
	l->rows = rows;
	l->cols = cols;
	l->plotw = cols > GUTTER ? cols - GUTTER : 1;
	/* fixed rows: ruler, util, GC bar, heap, live, status */
	int fixed = 6;
	int rest = rows - fixed;
	if (rest < 2)
		rest = 2;
	int lanes = (int)ncaps;
	int maxl = rest / 2 > 1 ? rest / 2 : 1;
	if (lanes > maxl)
		lanes = maxl;
	if (lanes < 1)
		lanes = ncaps ? 1 : 0;
	if (lanes_top > (int)ncaps - lanes)
		lanes_top = (int)ncaps - lanes;
	if (lanes_top < 0)
		lanes_top = 0;
	l->lanes_top = lanes_top;
	l->ruler = 0;
	l->util = 1;
	l->lane0 = 2;
	l->nlanes = lanes;
	l->gcbar = l->lane0 + lanes;
	l->heap = l->gcbar + 1;
	l->live = l->heap + 1;
	l->list0 = l->live + 1;
	l->status = rows - 1;
	l->nlist = l->status - l->list0;
	if (l->nlist < 0)
		l->nlist = 0;
}

int time_to_col(uint64_t t0, uint64_t t1, int width, uint64_t t)
{
	if (t < t0 || t >= t1 || t1 <= t0 || width <= 0)
		return -1;
	return (int)((double)(t - t0) / (double)(t1 - t0) * width);
}

uint64_t col_to_time(uint64_t t0, uint64_t t1, int width, int c)
{
	if (width <= 0)
		return t0;
	return t0 + (uint64_t)((double)(t1 - t0) * c / width);
}

size_t ruler_ticks(uint64_t t0, uint64_t t1, int width, int label_w, size_t max, int *col,
		   uint64_t *at, uint64_t *step_out)
{
	if (t1 <= t0 || width <= 0)
		return 0;
	/* at most one label every label_w + 2 columns */
	double per_col = (double)(t1 - t0) / width;
	double min_step = per_col * (label_w + 2);
	uint64_t step = 1;
	static const uint64_t mult[] = { 1, 2, 5 };
	for (uint64_t p = 1;; p *= 10) {
		bool done = false;
		for (int i = 0; i < 3; i++) {
			step = p * mult[i];
			if ((double)step >= min_step) {
				done = true;
				break;
			}
		}
		if (done || p > UINT64_MAX / 100)
			break;
	}
	*step_out = step;
	size_t n = 0;
	uint64_t t = t0 % step ? t0 + (step - t0 % step) : t0;
	for (; t < t1 && n < max; t += step) {
		int c = time_to_col(t0, t1, width, t);
		if (c >= 0) {
			col[n] = c;
			at[n] = t;
			n++;
		}
		if (t > UINT64_MAX - step)
			break;
	}
	return n;
}

int level8(double v, double max)
{
	if (v <= 0 || max <= 0)
		return 0;
	int l = (int)(v / max * 8 + 0.5);
	if (l < 1)
		l = 1;
	return l > 8 ? 8 : l;
}

struct cell lane_cell(float run, float gc)
{
	struct cell c = { CELL_IDLE, 0, false, 0 };
	float busy = run + gc;
	c.level8 = level8(busy, 1.0);
	if (gc > 0.5f) {
		c.kind = CELL_GC;
	} else if (gc > 0) {
		/* a short GC must show: its share in eighths, at least one */
		c.kind = CELL_MIXED;
		c.gc8 = (int)(gc * 8 + 0.5f);
		if (c.gc8 < 1)
			c.gc8 = 1;
		if (c.gc8 > 7)
			c.gc8 = 7;
		c.run_bg = run >= (1 - gc) / 2;
	} else if (run >= 0.5f) {
		c.kind = CELL_RUN;
	} else if (run > 0) {
		c.kind = CELL_RUN; /* partly running: level8 tells how much */
	}
	return c;
}
