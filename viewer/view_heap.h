/* view_heap: the heap-profile pane's arithmetic, without a terminal: which
 * census a column shows, how a column's stack of bands becomes cells, how
 * the pane's rows are split, and the byte and interval figures it writes.
 * Defined in heap_figures.c (the pane is view_heap.c); tested by
 * test_view_heap. */
#ifndef HECTIC_VIEW_HEAP_H
#define HECTIC_VIEW_HEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../model/heap.h"

#define HEAP_PANE_MAXN 60 /* bands drawn on their own, at most (--bands); the rest are "other" */

/* For each of the w columns of [t0, t1) (layout_col_to_time's geometry):
 * the census it shows, or -1. That is the census with the largest total
 * among those whose time falls in the column (the first of equal totals),
 * or, when none does, the census in effect at the column's start (a step);
 * -1 before the first census. O(w + censuses in the window). */
void heap_pane_columns(const struct heap *h, uint64_t t0, uint64_t t1, int w, long *out);

/* A cell of a column's stack: the band (an index into the stack, bottom
 * first) that covers the largest share of it, -1 when empty, and how much
 * of it the stack fills, in eighths (8 full; less only in the topmost
 * cell of the stack). */
struct heap_cell {
	signed char band;
	unsigned char lvl;
};

/* The cells of a column of rows cells (out[0] the bottom) for the stack
 * v[0..m) (bottom first) on a scale whose top is top bytes: the stack's
 * height is its sum / top of the column, in eighths rounded to the
 * nearest (at least one eighth when the sum is not 0). O(rows + m). */
void heap_pane_stack(const uint64_t *v, int m, double top, int rows, struct heap_cell *out);

/* The pane's rows, top down: a title, the ticks (markers, major GCs,
 * censuses), the chart, the legend (an entry per band shown and one for
 * "other", legcols entries a row), the detail of the highlighted band. A
 * row count of 0 leaves the part out; a first row of -1 when out. */
struct heap_rows {
	int title;
	int ticks;
	int chart0, nchart;
	int legend0, nlegend;
	int detail0, ndetail;
	int legcols; /* legend entries side by side in a row (1 or more) */
	int nshown;  /* bands drawn on their own */
	bool other;  /* and the rest summed as "other" (a legend row when there is a legend) */
};

/* Splits nrows rows (0 or more) for nrank ranked bands, at most maxn shown,
 * with up to ndetail rows of detail and up to maxcols legend entries a row:
 * the chart keeps at least half of what the title and the ticks leave, the
 * legend takes the rest up to what it needs, in as few entries a row as
 * hold it (one when it fits in a column), the detail comes out of the
 * chart but leaves it two rows. */
void heap_pane_rows(int nrows, size_t nrank, int maxn, int ndetail, int maxcols,
		    struct heap_rows *r);

/* The median of the intervals between successive censuses (the upper of
 * the middle two), 0 with fewer than two. O(n log n). */
uint64_t heap_median_interval(const struct heap *h);

#endif
