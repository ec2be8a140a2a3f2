/* viewer/layout.c: screen regions, ruler ticks, time <-> column, and the
 * glyph choice of lane cells. No terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "../../viewer/layout.h"

static void check_layout(int rows, int cols, size_t ncaps, int top)
{
	struct layout l;
	layout_compute(&l, rows, cols, ncaps, top);
	/* rows in order, inside the screen, no overlap */
	assert_int_equal(l.ruler, 0);
	assert_int_equal(l.util, 1);
	assert_int_equal(l.lane0, 2);
	assert_int_equal(l.gcbar, l.lane0 + l.nlanes);
	assert_int_equal(l.heap, l.gcbar + 1);
	assert_int_equal(l.live, l.heap + 1);
	assert_int_equal(l.list0, l.live + 1);
	assert_int_equal(l.status, rows - 1);
	assert_int_equal(l.list0 + l.nlist, l.status);
	assert_int_equal(l.plotw, cols - GUTTER);
	/* lanes: never more than the capabilities, at least one when any, and
	 * the event list keeps at least as many rows as the lanes take */
	assert_true(l.nlanes <= (int)ncaps);
	if (ncaps)
		assert_true(l.nlanes >= 1);
	assert_true(l.nlist >= l.nlanes - 1);
	assert_true(l.lanes_top >= 0);
	assert_true(l.lanes_top + l.nlanes <= (int)ncaps || ncaps == 0);
}

static void test_layout_sizes(void **state)
{
	(void)state;
	int sizes[][2] = { { 24, 80 }, { 32, 120 }, { 60, 200 }, { 100, 400 }, { 9, 30 } };
	size_t caps[] = { 0, 1, 2, 4, 16, 64, 300 };
	for (size_t i = 0; i < 5; i++)
		for (size_t k = 0; k < 7; k++)
			for (int top = -3; top < 400; top += 97)
				check_layout(sizes[i][0], sizes[i][1], caps[k], top);
	/* 80x24 with 4 capabilities shows all four lanes */
	struct layout l;
	layout_compute(&l, 24, 80, 4, 0);
	assert_int_equal(l.nlanes, 4);
	assert_true(l.nlist >= 8);
	/* 64 capabilities on 80x24: lanes scroll, clamped at the end */
	layout_compute(&l, 24, 80, 64, 1000);
	assert_int_equal(l.lanes_top + l.nlanes, 64);
}

static void test_time_cols(void **state)
{
	(void)state;
	assert_int_equal(time_to_col(100, 200, 10, 100), 0);
	assert_int_equal(time_to_col(100, 200, 10, 109), 0);
	assert_int_equal(time_to_col(100, 200, 10, 110), 1);
	assert_int_equal(time_to_col(100, 200, 10, 199), 9);
	assert_int_equal(time_to_col(100, 200, 10, 200), -1);
	assert_int_equal(time_to_col(100, 200, 10, 99), -1);
	assert_int_equal(col_to_time(100, 200, 10, 0), 100);
	assert_int_equal(col_to_time(100, 200, 10, 5), 150);
	assert_int_equal(col_to_time(100, 200, 10, 10), 200);
	/* round trip: the middle of a column maps back to that column */
	for (int c = 0; c < 113; c++) {
		uint64_t a = col_to_time(0, 1000000007ull, 113, c);
		uint64_t b = col_to_time(0, 1000000007ull, 113, c + 1);
		assert_int_equal(time_to_col(0, 1000000007ull, 113, a + (b - a) / 2), c);
	}
}

static void test_ruler(void **state)
{
	(void)state;
	int col[64];
	uint64_t at[64], step;
	/* 1 s over 100 columns, labels 9 wide: steps of 1-2-5 x 10^k, no
	 * two labels closer than 11 columns */
	size_t n = ruler_ticks(0, 1000000000, 100, 9, 64, col, at, &step);
	assert_true(n >= 5 && n <= 10);
	assert_int_equal(step, 200000000);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(at[i] % step, 0);
		assert_int_equal(col[i], time_to_col(0, 1000000000, 100, at[i]));
		if (i)
			assert_true(col[i] - col[i - 1] >= 11);
	}
	/* a window not starting on a step: the first tick is the next multiple */
	n = ruler_ticks(123, 1123, 100, 9, 64, col, at, &step);
	assert_true(n > 0);
	assert_true(at[0] >= 123 && at[0] % step == 0);
	/* nanosecond scale: 50 ns over 50 columns gives 1-2-5 ns steps */
	n = ruler_ticks(1000, 1050, 50, 9, 64, col, at, &step);
	assert_true(step == 20 || step == 10 || step == 50);
	/* an empty window has no ticks; max is respected */
	assert_int_equal(ruler_ticks(5, 5, 100, 9, 64, col, at, &step), 0);
	assert_true(ruler_ticks(0, UINT64_MAX, 1000, 1, 3, col, at, &step) <= 3);
}

static void test_cells(void **state)
{
	(void)state;
	struct cell c = lane_cell(0, 0);
	assert_int_equal(c.kind, CELL_IDLE);
	assert_int_equal(c.level8, 0);
	c = lane_cell(1, 0);
	assert_int_equal(c.kind, CELL_RUN);
	assert_int_equal(c.level8, 8);
	c = lane_cell(0.3f, 0);
	assert_int_equal(c.kind, CELL_RUN);
	assert_true(c.level8 >= 2 && c.level8 <= 3);
	c = lane_cell(0, 1);
	assert_int_equal(c.kind, CELL_GC);
	/* a short GC in a busy column is not hidden: at least one eighth */
	c = lane_cell(0.99f, 0.01f);
	assert_int_equal(c.kind, CELL_MIXED);
	assert_int_equal(c.gc8, 1);
	assert_true(c.run_bg);
	c = lane_cell(0.0f, 0.001f);
	assert_int_equal(c.kind, CELL_MIXED);
	assert_false(c.run_bg);
	c = lane_cell(0.4f, 0.45f);
	assert_int_equal(c.kind, CELL_MIXED);
	assert_true(c.gc8 >= 3 && c.gc8 <= 4);
	c = lane_cell(0.2f, 0.8f);
	assert_int_equal(c.kind, CELL_GC);
	/* eighth levels */
	assert_int_equal(level8(0, 10), 0);
	assert_int_equal(level8(0.0001, 10), 1);
	assert_int_equal(level8(10, 10), 8);
	assert_int_equal(level8(5, 10), 4);
	assert_int_equal(level8(20, 10), 8);
	assert_int_equal(level8(3, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout_sizes),
		cmocka_unit_test(test_time_cols),
		cmocka_unit_test(test_ruler),
		cmocka_unit_test(test_cells),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
