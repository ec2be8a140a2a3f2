/* The heap pane's arithmetic (viewer/view_heap.h), without a terminal:
 * which census each column shows (the largest in it, else the one in
 * effect: steps), a column's stack as cells, the split of the pane's rows,
 * the byte figures and the median interval between censuses. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "../../viewer/cmd.h"
#include "../../viewer/view_heap.h"

/* A heap of n censuses at these times with these totals (no samples). */
static struct census C[16];
static struct heap heap_of(const uint64_t *t, const uint64_t *total, size_t n)
{
	struct heap h;
	memset(&h, 0, sizeof h);
	for (size_t i = 0; i < n; i++)
		C[i] = (struct census){ .time = t[i], .total = total[i] };
	h.censuses = C;
	h.ncensuses = n;
	return h;
}

static void test_columns(void **state)
{
	(void)state;
	static const uint64_t t[] = { 10, 20, 25, 60, 63 }, tot[] = { 5, 3, 9, 1, 1 };
	struct heap h = heap_of(t, tot, 5);
	long out[10];
	/* [0, 100) over 10 columns of 10 ns */
	heap_pane_columns(&h, 0, 100, 10, out);
	static const long want[10] = {
		-1, /* before the first census: empty */
		0,  /* [10, 20): census 0 alone */
		2,  /* [20, 30): censuses 1 (3) and 2 (9): the larger */
		2, 2, 2, /* none: the one in effect, a step */
		3,  /* [60, 70): 3 and 4, equal totals: the first */
		4, 4, 4, /* the one in effect at the column's start: the last before it */
	};
	for (int k = 0; k < 10; k++)
		assert_int_equal(out[k], want[k]);
	/* a window that starts between censuses: the one in effect at its start */
	heap_pane_columns(&h, 15, 35, 4, out);
	assert_int_equal(out[0], 0); /* [15, 20) */
	assert_int_equal(out[1], 1); /* [20, 25) */
	assert_int_equal(out[2], 2); /* [25, 30) */
	assert_int_equal(out[3], 2); /* [30, 35) */
	/* a census at the window's start is in its first column */
	heap_pane_columns(&h, 20, 40, 2, out);
	assert_int_equal(out[0], 2);
	assert_int_equal(out[1], 2);
	/* uneven columns: 7 ns over 3 columns are [0,2) [2,4) [4,7) */
	static const uint64_t t2[] = { 1, 3, 6 }, tot2[] = { 1, 2, 3 };
	h = heap_of(t2, tot2, 3);
	heap_pane_columns(&h, 0, 7, 3, out);
	assert_int_equal(out[0], 0);
	assert_int_equal(out[1], 1);
	assert_int_equal(out[2], 2);
	/* no censuses: every column empty */
	h = heap_of(t2, tot2, 0);
	heap_pane_columns(&h, 0, 7, 3, out);
	for (int k = 0; k < 3; k++)
		assert_int_equal(out[k], -1);
}

static void test_stack(void **state)
{
	(void)state;
	struct heap_cell c[8];
	/* two bands of a row each, the scale's top their sum */
	heap_pane_stack((const uint64_t[]){ 8, 8 }, 2, 16, 2, c);
	assert_int_equal(c[0].band, 0);
	assert_int_equal(c[0].lvl, 8);
	assert_int_equal(c[1].band, 1);
	assert_int_equal(c[1].lvl, 8);
	/* half the scale: one full row, the tie to the lower band */
	heap_pane_stack((const uint64_t[]){ 4, 4 }, 2, 16, 2, c);
	assert_int_equal(c[0].band, 0);
	assert_int_equal(c[0].lvl, 8);
	assert_int_equal(c[1].band, -1);
	/* a partial top cell: 4 + 1 of 8 in one row is 5 eighths, the band
	 * covering most of it */
	heap_pane_stack((const uint64_t[]){ 4, 1 }, 2, 8, 1, c);
	assert_int_equal(c[0].band, 0);
	assert_int_equal(c[0].lvl, 5);
	/* a cell goes to the band that covers most of it, not the lowest */
	heap_pane_stack((const uint64_t[]){ 2, 13, 1 }, 3, 16, 2, c);
	assert_int_equal(c[0].band, 1); /* 0..8: band 0 has 2, band 1 has 6 */
	assert_int_equal(c[0].lvl, 8);
	assert_int_equal(c[1].band, 1); /* 8..16: band 1 has 7, band 2 has 1 */
	assert_int_equal(c[1].lvl, 8);
	/* a tiny stack shows: at least an eighth */
	heap_pane_stack((const uint64_t[]){ 1 }, 1, 1000000, 3, c);
	assert_int_equal(c[0].band, 0);
	assert_int_equal(c[0].lvl, 1);
	assert_int_equal(c[1].band, -1);
	assert_int_equal(c[2].band, -1);
	/* empty bands take no cell */
	heap_pane_stack((const uint64_t[]){ 0, 15, 0 }, 3, 16, 1, c);
	assert_int_equal(c[0].band, 1);
	assert_int_equal(c[0].lvl, 8);
	/* exactly full (a normalised column) */
	heap_pane_stack((const uint64_t[]){ 5, 5 }, 2, 10, 2, c);
	assert_int_equal(c[0].band, 0);
	assert_int_equal(c[0].lvl, 8);
	assert_int_equal(c[1].band, 1);
	assert_int_equal(c[1].lvl, 8);
	/* above the top: capped */
	heap_pane_stack((const uint64_t[]){ 10, 10 }, 2, 10, 2, c);
	assert_int_equal(c[0].lvl, 8);
	assert_int_equal(c[1].lvl, 8);
	assert_int_equal(c[1].band, 0);
	/* nothing: empty */
	heap_pane_stack((const uint64_t[]){ 0, 0 }, 2, 10, 2, c);
	assert_int_equal(c[0].band, -1);
	assert_int_equal(c[1].band, -1);
	heap_pane_stack((const uint64_t[]){ 5 }, 1, 0, 2, c);
	assert_int_equal(c[0].band, -1);
	/* the stack's height is its sum over the top, in eighths, rounded,
	 * whatever the bands */
	for (uint64_t a = 0; a < 40; a += 3)
		for (uint64_t b = 0; b < 40; b += 5) {
			heap_pane_stack((const uint64_t[]){ a, b, 7 }, 3, 100, 4, c);
			int h = 0;
			for (int r = 0; r < 4; r++) {
				h += c[r].lvl;
				if (r && c[r].band >= 0)
					assert_int_equal(c[r - 1].lvl, 8); /* only the top is partial */
				assert_true(c[r].band < 3);
			}
			int want = (int)((double)(a + b + 7) * 32 / 100 + 0.5);
			assert_int_equal(h, want ? want : 1);
		}
}

/* Every split: the parts inside the pane, in order, not overlapping. */
static void rows_ok(int R, size_t nrank, int maxn, int det, int maxcols)
{
	struct heap_rows r;
	heap_pane_rows(R, nrank, maxn, det, maxcols, &r);
	assert_true(r.legcols >= 1 && r.legcols <= (maxcols > 1 ? maxcols : 1));
	if (R <= 0) {
		assert_int_equal(r.title, -1);
		assert_int_equal(r.nchart + r.nlegend + r.ndetail, 0);
		return;
	}
	assert_int_equal(r.title, 0);
	int next = 1;
	if (r.ticks >= 0)
		assert_int_equal(r.ticks, next++);
	if (r.nchart) {
		assert_int_equal(r.chart0, next);
		next += r.nchart;
	}
	if (r.nlegend) {
		assert_int_equal(r.legend0, next);
		next += r.nlegend;
		/* an entry per band shown, and one for other, legcols a row */
		int entries = r.nshown + (r.other ? 1 : 0);
		assert_int_equal(r.nlegend, (entries + r.legcols - 1) / r.legcols);
		/* no more columns than needed: one fewer would not hold them */
		if (r.legcols > 1)
			assert_true(r.nlegend * (r.legcols - 1) < entries);
	}
	if (r.ndetail) {
		assert_int_equal(r.detail0, next);
		next += r.ndetail;
		assert_true(r.ndetail <= det);
	}
	assert_true(next <= R);
	if (R >= 3)
		assert_int_equal(next, R); /* every row used */
	if (R >= 2)
		assert_true(r.nchart >= 1);
	if (R >= 5) /* the chart keeps half of what the title and ticks leave, less the detail */
		assert_true(r.nchart + r.ndetail >= (R - 2 + 1) / 2);
	assert_true(r.nshown <= maxn && (size_t)r.nshown <= nrank);
	assert_true(r.other == (nrank > (size_t)r.nshown));
}

static void test_rows(void **state)
{
	(void)state;
	struct heap_rows r;
	heap_pane_rows(1, 49, 8, 4, 1, &r);
	assert_int_equal(r.title, 0);
	assert_int_equal(r.ticks, -1);
	assert_int_equal(r.nchart, 0);
	heap_pane_rows(2, 49, 8, 0, 1, &r);
	assert_int_equal(r.chart0, 1);
	assert_int_equal(r.nchart, 1);
	heap_pane_rows(3, 49, 8, 0, 1, &r);
	assert_int_equal(r.ticks, 1);
	assert_int_equal(r.nchart, 1);
	/* 120x32 with two capabilities: 22 rows; 8 bands and other */
	heap_pane_rows(22, 49, 8, 0, 1, &r);
	assert_int_equal(r.nchart, 11);
	assert_int_equal(r.nlegend, 9);
	assert_int_equal(r.nshown, 8);
	assert_true(r.other);
	assert_int_equal(r.ndetail, 0);
	/* the detail comes out of the chart; the bands shown stay */
	heap_pane_rows(22, 49, 8, 4, 1, &r);
	assert_int_equal(r.nchart, 7);
	assert_int_equal(r.nlegend, 9);
	assert_int_equal(r.detail0, 18);
	assert_int_equal(r.ndetail, 4);
	/* few bands: all of them, no other */
	heap_pane_rows(22, 3, 8, 0, 1, &r);
	assert_int_equal(r.nshown, 3);
	assert_false(r.other);
	assert_int_equal(r.nlegend, 3);
	assert_int_equal(r.nchart, 17);
	/* a small legend: one band and other */
	heap_pane_rows(6, 49, 8, 0, 1, &r);
	assert_int_equal(r.nshown, 1);
	assert_int_equal(r.nlegend, 2);
	assert_int_equal(r.nchart, 2);
	/* no room for a legend: the chart has the bands still */
	heap_pane_rows(5, 49, 6, 4, 1, &r);
	assert_int_equal(r.nlegend, 0);
	assert_int_equal(r.nshown, 6);
	assert_true(r.other);
	assert_int_equal(r.nchart, 2); /* and a row of detail: the band's name */
	assert_int_equal(r.ndetail, 1);
	for (int R = -1; R < 60; R++)
		for (size_t n = 0; n < 20; n++)
			for (int det = 0; det <= 4; det += 4) {
				rows_ok(R, n, 8, det, 1);
				rows_ok(R, n, 15, det, 3);
				rows_ok(R, n, 6, det, 1);
			}
	for (int R = -1; R < 40; R++)
		for (size_t n = 0; n < 1100; n += n < 70 ? 1 : 97)
			for (int cols = 1; cols <= 5; cols++)
				rows_ok(R, n, 15, 4, cols);
	/* 140x45 (issue 20: GHC compiling a project, 1,079 bands): 15 bands
	 * and other in 4 legend rows of 4 entries, the chart keeping half */
	heap_pane_rows(24, 1079, 15, 0, 3, &r);
	assert_int_equal(r.nshown, 15);
	assert_true(r.other);
	assert_int_equal(r.legcols, 2);
	assert_int_equal(r.nlegend, 8);
	assert_int_equal(r.nchart, 14);
	heap_pane_rows(12, 1079, 15, 0, 4, &r);
	assert_int_equal(r.legcols, 4);
	assert_int_equal(r.nlegend, 4);
	assert_int_equal(r.nshown, 15);
	/* a column holds them: one entry a row */
	heap_pane_rows(40, 1079, 15, 0, 4, &r);
	assert_int_equal(r.legcols, 1);
	assert_int_equal(r.nlegend, 16);
	/* too few rows even side by side: as many as fit, and other */
	heap_pane_rows(8, 1079, 15, 0, 2, &r);
	assert_int_equal(r.legcols, 2);
	assert_int_equal(r.nlegend, 3);
	assert_int_equal(r.nshown, 5);
}

static void test_median(void **state)
{
	(void)state;
	static const uint64_t t[] = { 0, 10, 30, 31 }, z[] = { 0, 0, 0, 0 };
	struct heap h = heap_of(t, z, 4);
	assert_int_equal(heap_median_interval(&h), 10); /* of 10, 20, 1 */
	h = heap_of(t, z, 3);
	assert_int_equal(heap_median_interval(&h), 20); /* of 10, 20: the upper */
	h = heap_of(t, z, 2);
	assert_int_equal(heap_median_interval(&h), 10);
	h = heap_of(t, z, 1);
	assert_int_equal(heap_median_interval(&h), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_columns), cmocka_unit_test(test_stack),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_median),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
