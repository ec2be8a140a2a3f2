/* layout: the arithmetic of the screen, with no terminal: where each row
 * goes for a terminal size, the ruler's ticks, and which glyph a column of
 * a lane or sparkline gets. Pure functions, tested without a tty. */
#ifndef HECTIC_LAYOUT_H
#define HECTIC_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GUTTER 8 /* columns of labels left of the plots */

struct layout {
	int rows, cols;
	int plotw;         /* columns of the time plots (cols - GUTTER) */
	int ruler;         /* row of the time ruler */
	int util;          /* row of the activity graph */
	int lane0, nlanes; /* rows of the capability lanes shown */
	int lanes_top;     /* the first capability shown */
	int gcbar, heap, live;
	int list0, nlist;  /* rows of the event list */
	int status;        /* the status line */
};

/* Lays out a rows x cols terminal for ncaps capabilities, showing lanes
 * from lanes_top (clamped). Lanes take at most half of what the fixed rows
 * leave, so the event list keeps at least a third. */
void layout_compute(struct layout *l, int rows, int cols, size_t ncaps, int lanes_top);

/* Ruler ticks for [t0, t1) over width columns: a step of 1, 2 or 5 x 10^k
 * ns so that labels of label_w columns do not collide. Returns the count
 * (at most max) with each tick's column and time in col[] and at[]. */
size_t ruler_ticks(uint64_t t0, uint64_t t1, int width, int label_w, size_t max, int *col,
		   uint64_t *at, uint64_t *step);

/* The column of time t, or -1 outside [t0, t1). */
int time_to_col(uint64_t t0, uint64_t t1, int width, uint64_t t);

/* The start of column c. */
uint64_t col_to_time(uint64_t t0, uint64_t t1, int width, int c);

/* What a lane cell shows. */
enum cell_kind {
	CELL_IDLE,
	CELL_RUN,   /* running, no GC */
	CELL_GC,    /* GC takes most of it */
	CELL_MIXED, /* mostly running or idle, with some GC: shown, not hidden */
};

struct cell {
	enum cell_kind kind;
	int gc8;      /* CELL_MIXED: the GC part in eighths, 1..7 */
	bool run_bg;  /* CELL_MIXED: the rest is mostly running */
	int level8;   /* 0..8: how busy, for partial glyphs */
};

struct cell lane_cell(float run, float gc);

/* An eighth-block level 0..8 for v in [0, max]. Nonzero v gets at least 1. */
int level8(double v, double max);

#endif
