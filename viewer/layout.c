/* Screen arithmetic. */
#include "layout.h"

#include <string.h>

#include "../model/timefmt.h"

/* The rows per lane for n lanes in maxrows rows: lane_h (0: the tallest
 * that fits them all, one when none does), at most LAYOUT_LANE_H_MAX and
 * at most maxrows. */
static int lane_height(int lane_h, size_t n, int maxrows)
{
	int h = lane_h;
	if (h <= 0)
		h = n && (size_t)maxrows >= n ? (int)((size_t)maxrows / n) : 1;
	if (h > LAYOUT_LANE_H_MAX)
		h = LAYOUT_LANE_H_MAX;
	if (h > maxrows)
		h = maxrows;
	return h < 1 ? 1 : h;
}

void layout_set_gutter(struct layout *l, int want)
{
	int most = l->cols / 3;
	if (want > most)
		want = most;
	if (want < LAYOUT_GUTTER)
		want = LAYOUT_GUTTER;
	l->gutter = want;
	l->plotx = want;
	l->plotw = l->cols > want ? l->cols - want : 1;
}

void layout_compute(struct layout *l, int rows, int cols, size_t ncaps, int lanes_top)
{
	layout_compute_h(l, rows, cols, ncaps, lanes_top, 1);
}

void layout_compute_h(struct layout *l, int rows, int cols, size_t ncaps, int lanes_top,
		      int lane_h)
{
	l->rows = rows;
	l->cols = cols;
	layout_set_gutter(l, LAYOUT_GUTTER);
	/* fixed rows: ruler, util, GC bar, heap, live, status */
	int fixed = 6;
	int rest = rows - fixed;
	if (rest < 2)
		rest = 2;
	int lanes = (int)ncaps;
	int maxrows = rest / 2 > 1 ? rest / 2 : 1;
	int h = lane_height(lane_h, ncaps, maxrows);
	int maxl = maxrows / h;
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
	l->lane_h = h;
	l->gcbar = l->lane0 + lanes * h;
	l->heap = l->gcbar + 1;
	l->live = l->heap + 1;
	l->tracks0 = l->ntracks = 0;
	l->list0 = l->live + 1;
	l->status = rows - 1;
	l->nlist = l->status - l->list0;
	if (l->nlist < 0)
		l->nlist = 0;
	l->util2 = l->lane02 = l->gcbar2 = l->heap2 = l->live2 = 0;
	l->nlanes2 = -1;
}

/* A run's rows from row y: util, nl lanes of h rows, GC, heap, live; the
 * next free row. */
static int block(int y, int nl, int h, int *util, int *lane0, int *gcbar, int *heap, int *live)
{
	*util = y;
	*lane0 = y + 1;
	*gcbar = *lane0 + nl * h;
	*heap = *gcbar + 1;
	*live = *heap + 1;
	return *live + 1;
}

void layout_compute_two(struct layout *l, int rows, int cols, size_t ncaps, size_t ncaps2,
			int lanes_top, bool shown_first)
{
	layout_compute_two_h(l, rows, cols, ncaps, ncaps2, lanes_top, shown_first, 1);
}

void layout_compute_two_h(struct layout *l, int rows, int cols, size_t ncaps, size_t ncaps2,
			  int lanes_top, bool shown_first, int lane_h)
{
	layout_compute(l, rows, cols, ncaps, lanes_top);
	int rest = rows - 10; /* ruler, status and the two runs' four fixed rows */
	if (rest < 4)
		rest = 4;
	/* each run a lane at least: the height leaves room for two */
	int h = lane_height(lane_h, ncaps + ncaps2, rest / 2);
	if (h > rest / 4)
		h = rest / 4 > 1 ? rest / 4 : 1;
	int maxl = rest / 2 / h;
	int want = (int)ncaps, want2 = (int)ncaps2;
	/* each at least one, at most half (the rest to the other) */
	int a = want < maxl / 2 ? want : maxl / 2;
	int b = want2 < maxl - a ? want2 : maxl - a;
	if (a < want && a + b < maxl)
		a = want < maxl - b ? want : maxl - b;
	if (a < 1)
		a = ncaps ? 1 : 0;
	if (b < 1)
		b = ncaps2 ? 1 : 0;
	if (lanes_top > (int)ncaps - a)
		lanes_top = (int)ncaps - a;
	if (lanes_top < 0)
		lanes_top = 0;
	l->lanes_top = lanes_top;
	l->nlanes = a;
	l->nlanes2 = b;
	l->lane_h = h;
	int y = 1;
	if (shown_first) {
		y = block(y, a, h, &l->util, &l->lane0, &l->gcbar, &l->heap, &l->live);
		y = block(y, b, h, &l->util2, &l->lane02, &l->gcbar2, &l->heap2, &l->live2);
	} else {
		y = block(y, b, h, &l->util2, &l->lane02, &l->gcbar2, &l->heap2, &l->live2);
		y = block(y, a, h, &l->util, &l->lane0, &l->gcbar, &l->heap, &l->live);
	}
	l->list0 = y;
	l->nlist = l->status - l->list0;
	if (l->nlist < 0)
		l->nlist = 0;
}

int layout_time_to_col(uint64_t t0, uint64_t t1, int width, uint64_t t)
{
	if (t < t0 || t >= t1 || width <= 0)
		return -1;
	/* the largest c with (t1-t0)*c/width <= t-t0, that is
	 * c = ((t-t0+1)*width - 1) / (t1-t0) */
	unsigned __int128 d = (unsigned __int128)(t - t0) + 1;
	return (int)((d * (unsigned)width - 1) / (t1 - t0));
}

uint64_t layout_col_to_time(uint64_t t0, uint64_t t1, int width, int c)
{
	if (width <= 0 || c <= 0 || t1 <= t0)
		return t0;
	if (c >= width)
		return t1;
	return t0 + (uint64_t)((unsigned __int128)(t1 - t0) * (unsigned)c / (unsigned)width);
}

/* The ticks of one step, labelled; false when they do not fit. */
static bool try_step(uint64_t t0, uint64_t t1, int width, size_t max, uint64_t step,
		     struct layout_tick *out, size_t *nout, bool *offsets)
{
	size_t n = 0;
	uint64_t t = t0 % step ? t0 + (step - t0 % step) : t0;
	if (t < t0) /* wrapped */
		return false;
	for (; t < t1; t += step) {
		if (n == max)
			return false;
		out[n].col = layout_time_to_col(t0, t1, width, t);
		out[n].at = t;
		n++;
		if (t > UINT64_MAX - step)
			break;
	}
	*nout = n;
	*offsets = false;
	if (!n)
		return true;
	/* absolute labels, in the unit of the last one, at the step's resolution */
	enum time_unit u = time_unit_of(out[n - 1].at);
	bool abs = true;
	for (size_t i = 0; i < n && abs; i++) {
		time_format_unit(out[i].label, LAYOUT_TICK_LABEL, out[i].at, u, step);
		abs = strlen(out[i].label) <= LAYOUT_RULER_ABS_MAX;
	}
	if (!abs) {
		*offsets = true;
		time_format_unit(out[0].label, LAYOUT_TICK_LABEL, out[0].at, time_unit_of(out[0].at), step);
		for (size_t i = 1; i < n; i++) {
			out[i].label[0] = '+';
			time_format_exact(out[i].label + 1, LAYOUT_TICK_LABEL - 1, out[i].at - out[0].at);
		}
	}
	/* a mark, the label, a blank, then the next mark */
	for (size_t i = 0; i + 1 < n; i++)
		if (out[i].col + 1 + (int)strlen(out[i].label) >= out[i + 1].col)
			return false;
	if (out[n - 1].col + 1 + (int)strlen(out[n - 1].label) > width) {
		if (n == 1 && *offsets)
			return false; /* the only label is the absolute one: keep it */
		out[n - 1].label[0] = 0;
	}
	return true;
}

size_t layout_ruler_ticks(uint64_t t0, uint64_t t1, int width, size_t max, struct layout_tick *out,
		   uint64_t *step_out, bool *offsets)
{
	*step_out = 0;
	*offsets = false;
	if (t1 <= t0 || width <= 0 || !max)
		return 0;
	/* from the step that leaves room for the shortest label ("1s" and
	 * its mark) upwards, until the labels fit */
	uint64_t w = t1 - t0;
	size_t n = 0;
	for (int k = 0;; k++) {
		uint64_t step = time_step_125(k);
		if (step == UINT64_MAX)
			break;
		if ((unsigned __int128)step * (unsigned)width < (unsigned __int128)w * 3)
			continue;
		*step_out = step;
		if (try_step(t0, t1, width, max, step, out, &n, offsets))
			return n;
		if (step > w) { /* no tick fits: none */
			*offsets = false;
			return 0;
		}
	}
	return 0;
}

int layout_level8(double v, double max)
{
	if (v <= 0 || max <= 0)
		return 0;
	int l = (int)(v / max * 8 + 0.5);
	if (l < 1)
		l = 1;
	return l > 8 ? 8 : l;
}

/* round(v x e), for v in [0, 1] (clamped) */
static int eighths(double v, int e)
{
	v = v < 0 ? 0 : v > 1 ? 1 : v;
	return (int)(v * e + 0.5);
}

struct layout_lane layout_lane_column(float run, float gc, float nodata, int h)
{
	struct layout_lane c = { LAYOUT_PART_IDLE, h < 1 ? 1 : h, 0, 0 };
	int e = 8 * c.h;
	if (run <= 0 && gc <= 0) {
		if (nodata >= 0.5f)
			c.kind = LAYOUT_PART_NODATA;
		return c;
	}
	/* the boundaries rounded where they are (the sum of the two, not
	 * each share on its own), so that neither part is off by more
	 * than half an eighth, or one for a share shown at its least */
	c.run = eighths(run, e);
	if (run > 0 && c.run < 1)
		c.run = 1;
	c.top = eighths((double)run + (gc > 0 ? (double)gc : 0), e);
	if (c.top < c.run)
		c.top = c.run;
	if (gc > 0 && c.top == c.run) {
		if (c.top < e)
			c.top++;
		else
			c.run--; /* (running as well: e > 1) */
	}
	return c;
}

struct layout_cell layout_lane_row(struct layout_lane c, int row)
{
	if (c.kind == LAYOUT_PART_NODATA)
		return (struct layout_cell){ LAYOUT_PART_NODATA, LAYOUT_PART_IDLE, 8 };
	int base = 8 * row;
	int r = c.run - base, t = c.top - base;
	r = r < 0 ? 0 : r > 8 ? 8 : r;
	t = t < 0 ? 0 : t > 8 ? 8 : t;
	int a = r, b = t - r, i = 8 - t; /* running, GC, idle in the cell */
	if (a && b && i) { /* three parts: the smallest goes (GC stays on a tie) */
		if (i <= a && i <= b)
			return (struct layout_cell){ LAYOUT_PART_RUN, LAYOUT_PART_GC, a + i / 2 };
		if (a <= b)
			return (struct layout_cell){ LAYOUT_PART_GC, LAYOUT_PART_IDLE, b + a / 2 };
		return (struct layout_cell){ LAYOUT_PART_RUN, LAYOUT_PART_IDLE, a + b / 2 };
	}
	if (a)
		return (struct layout_cell){ LAYOUT_PART_RUN, b ? LAYOUT_PART_GC : LAYOUT_PART_IDLE, a };
	if (b)
		return (struct layout_cell){ LAYOUT_PART_GC, LAYOUT_PART_IDLE, b };
	return (struct layout_cell){ LAYOUT_PART_IDLE, LAYOUT_PART_IDLE, 0 };
}

struct layout_cell layout_lane_cell(float run, float gc, float nodata)
{
	return layout_lane_row(layout_lane_column(run, gc, nodata, 1), 0);
}
