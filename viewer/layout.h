/* layout: the arithmetic of the screen, with no terminal: where each row
 * goes for a terminal size, the ruler's ticks, and which glyph a column of
 * a lane or sparkline gets. Pure functions, tested without a tty. */
#ifndef HECTIC_LAYOUT_H
#define HECTIC_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The columns of labels left of the plots, at least: the gutter widens to
 * the labels on screen (layout_set_gutter). */
#define LAYOUT_GUTTER 8

struct layout {
	int rows, cols;
	int gutter;        /* columns of labels left of the plots, the last one
			    * a blank (LAYOUT_GUTTER .. cols / 3) */
	int plotw;         /* columns of the time plots (cols - gutter) */
	int plotx;         /* their first column (gutter; further right for
			    * the part of a second run that starts in the window) */
	int ruler;         /* row of the time ruler */
	int util;          /* row of the activity graph */
	int lane0, nlanes; /* the first row of the capability lanes, and the
			    * lanes shown */
	int lane_h;        /* rows per lane (1 .. LAYOUT_LANE_H_MAX): lane i's
			    * rows start at lane0 + i x lane_h */
	int lanes_top;     /* the first capability shown */
	int gcbar, heap, live;
	int tracks0, ntracks; /* the views' tracks' rows (taken from the list's
			      * top, a row each), 0 of them: none */
	int list0, nlist;  /* rows of the event list */
	int status;        /* the status line */
	/* two runs (layout_compute_two): the other run's rows, the same kinds
	 * (its lanes from its first capability); nlanes2 < 0: one run */
	int util2, lane02, nlanes2, gcbar2, heap2, live2;
};

/* Sets the gutter to want columns (the widest label and the blank after
 * it), within LAYOUT_GUTTER .. cols / 3 (LAYOUT_GUTTER when the screen is
 * narrower than three of those), and the plots' columns right of it: plotx
 * the gutter, plotw the rest (at least 1). The layouts below set
 * LAYOUT_GUTTER. */
void layout_set_gutter(struct layout *l, int want);

/* Rows per capability lane, at most; 0 as a height: the layout chooses. */
#define LAYOUT_LANE_H_MAX 8

/* Lays out a rows x cols terminal for ncaps capabilities, showing lanes
 * from lanes_top (clamped), lane_h rows each. Lanes take at most half of
 * what the fixed rows leave, so the event list keeps at least a third: a
 * height that leaves no room for one lane is lowered. lane_h 0 (auto):
 * the tallest that shows every capability in that half (one row when they
 * do not all fit), so that a few capabilities share it, as ThreadScope's
 * timeline does. */
void layout_compute_h(struct layout *l, int rows, int cols, size_t ncaps, int lanes_top,
		      int lane_h);

/* layout_compute_h with a row per lane. */
void layout_compute(struct layout *l, int rows, int cols, size_t ncaps, int lanes_top);

/* Two runs: under the ruler A's rows, then B's (util, lanes, GC bar, heap,
 * live each), then the event list. The shown run (ncaps, scrolled from
 * lanes_top) gets the main rows, the other (ncaps2) the rows ending in 2;
 * shown_first puts the shown run's rows on top. Lanes take at most half of
 * what the fixed rows leave, shared between the runs, each at least one,
 * lane_h rows each (0: auto, as layout_compute_h, for both runs' lanes). */
void layout_compute_two_h(struct layout *l, int rows, int cols, size_t ncaps, size_t ncaps2,
			  int lanes_top, bool shown_first, int lane_h);

/* layout_compute_two_h with a row per lane. */
void layout_compute_two(struct layout *l, int rows, int cols, size_t ncaps, size_t ncaps2,
			int lanes_top, bool shown_first);

/* The ruler: ticks at the multiples of a step of 1, 2 or 5 x 10^k ns in
 * [t0, t1), each with a label that starts a column after its mark. The
 * step is the smallest whose labels all fit, a blank apart, so that no two
 * ticks read the same. Labels are absolute times in one unit at the step's
 * resolution ("450ms", "1.5s") when every one is at most LAYOUT_RULER_ABS_MAX
 * characters; otherwise the first tick is labelled with its absolute time
 * (still at the step's resolution, so exactly: "37.2901s") and the others
 * with their offset from it ("+100us", "+1.5ms"). A label that would run
 * past the right edge is left out (""). */
#define LAYOUT_RULER_ABS_MAX 6
#define LAYOUT_TICK_LABEL 32

struct layout_tick {
	int col;
	uint64_t at;
	char label[LAYOUT_TICK_LABEL];
};

/* Fills out[] with at most max ticks for [t0, t1) over width columns;
 * returns their count. *step gets the step; *offsets whether the labels
 * after the first are offsets from it. O(ticks x steps tried), a few
 * hundred label formats at most. */
size_t layout_ruler_ticks(uint64_t t0, uint64_t t1, int width, size_t max, struct layout_tick *out,
		   uint64_t *step, bool *offsets);

/* The screen's column geometry, the model's (tracks_cap_fractions): column
 * c of width columns spans [t0 + (t1-t0)*c/width, t0 + (t1-t0)*(c+1)/width)
 * in integer division. */

/* The column holding time t, or -1 outside [t0, t1). Exact. */
int layout_time_to_col(uint64_t t0, uint64_t t1, int width, uint64_t t);

/* The start of column c (t1 for c = width). Exact. */
uint64_t layout_col_to_time(uint64_t t0, uint64_t t1, int width, int c);

/* A lane's column, from the fractions of its column that the capability
 * spent running, in GC and outside its data (before its first event or
 * after its last); the rest is idle. The column is a stacked bar of
 * 8 x h eighths (h rows of a lane): running from the bottom, GC on top of
 * it, each as tall as its share (rounded to an eighth; a share that is
 * not zero gets one at least), idle blank above. */
enum layout_part {
	LAYOUT_PART_IDLE,
	LAYOUT_PART_RUN,
	LAYOUT_PART_GC,
	LAYOUT_PART_NODATA, /* no running, no GC, and mostly outside the data */
};

struct layout_lane {
	enum layout_part kind; /* NODATA, or IDLE: the bar below says it */
	int h;                 /* rows */
	int run, top;          /* running fills eighths [0, run), GC [run, top) */
};

struct layout_lane layout_lane_column(float run, float gc, float nodata, int h);

/* What a cell of a lane shows: the part lo from its bottom, level eighths
 * high, and hi above it (a glyph in lo's colour on hi's). A cell that the
 * bar's three parts share (GC under a cell's height, between running and
 * idle) cannot show three colours: the smallest part goes, its eighths
 * split between the two others, so that no part is off by more than that
 * part (two eighths at most) and GC is kept on a tie. */
struct layout_cell {
	enum layout_part lo, hi;
	int level; /* 0 .. 8 */
};

/* Row row of the lane's column, 0 at the bottom (h - 1 at the top). */
struct layout_cell layout_lane_row(struct layout_lane c, int row);

/* The single cell of a one-row lane. */
struct layout_cell layout_lane_cell(float run, float gc, float nodata);

/* An eighth-block level 0..8 for v in [0, max]. Nonzero v gets at least 1. */
int layout_level8(double v, double max);

#endif
