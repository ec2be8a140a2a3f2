/* viewer/layout.c: screen regions, ruler ticks, time <-> column, and the
 * glyph choice of lane cells. No terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "../../model/timefmt.h"
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
	assert_int_equal(l.gutter, LAYOUT_GUTTER);
	assert_int_equal(l.plotx, LAYOUT_GUTTER);
	assert_int_equal(l.plotw, cols - LAYOUT_GUTTER);
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

/* Two runs: A's block (util, lanes, GC, heap, live) then B's, then the
 * list, nothing overlapping; the shown run's block on top or under; each
 * run at least one lane when it has any, the lanes at most half of what
 * the fixed rows leave. */
static void check_two(int rows, int cols, size_t na, size_t nb, int top, bool first)
{
	struct layout l;
	layout_compute_two(&l, rows, cols, na, nb, top, first);
	int a_util = first ? l.util : l.util2, b_util = first ? l.util2 : l.util;
	int a_n = first ? l.nlanes : l.nlanes2, b_n = first ? l.nlanes2 : l.nlanes;
	assert_int_equal(l.ruler, 0);
	assert_int_equal(a_util, 1);
	assert_int_equal(b_util, a_util + a_n + 4);
	assert_int_equal(l.lane0, l.util + 1);
	assert_int_equal(l.gcbar, l.lane0 + l.nlanes);
	assert_int_equal(l.heap, l.gcbar + 1);
	assert_int_equal(l.live, l.heap + 1);
	assert_int_equal(l.lane02, l.util2 + 1);
	assert_int_equal(l.gcbar2, l.lane02 + l.nlanes2);
	assert_int_equal(l.heap2, l.gcbar2 + 1);
	assert_int_equal(l.live2, l.heap2 + 1);
	assert_int_equal(l.list0, b_util + b_n + 4);
	assert_int_equal(l.status, rows - 1);
	assert_int_equal(l.list0 + l.nlist, l.status);
	assert_int_equal(l.plotx, LAYOUT_GUTTER);
	assert_true(l.nlanes <= (int)na && l.nlanes2 <= (int)nb);
	assert_true(na == 0 || l.nlanes >= 1);
	assert_true(nb == 0 || l.nlanes2 >= 1);
	int rest = rows - 10 < 4 ? 4 : rows - 10;
	if (l.nlanes > 1 || l.nlanes2 > 1)
		assert_true(l.nlanes + l.nlanes2 <= rest / 2);
	assert_true(l.lanes_top >= 0 && (na == 0 || l.lanes_top + l.nlanes <= (int)na));
}

static void test_layout_two(void **state)
{
	(void)state;
	int sizes[][2] = { { 24, 80 }, { 32, 120 }, { 45, 160 }, { 100, 400 }, { 14, 30 } };
	size_t caps[] = { 0, 1, 2, 4, 16, 300 };
	for (size_t i = 0; i < 5; i++)
		for (size_t a = 0; a < 6; a++)
			for (size_t b = 0; b < 6; b++)
				for (int top = -3; top < 400; top += 197) {
					check_two(sizes[i][0], sizes[i][1], caps[a], caps[b], top, true);
					check_two(sizes[i][0], sizes[i][1], caps[a], caps[b], top, false);
				}
	/* 80x24, two capabilities each: all four lanes, ten list rows */
	struct layout l;
	layout_compute_two(&l, 24, 80, 2, 2, 0, true);
	assert_int_equal(l.nlanes, 2);
	assert_int_equal(l.nlanes2, 2);
	assert_int_equal(l.nlist, 10);
	/* 16 and 1: the one lane kept, the rest to the many */
	layout_compute_two(&l, 45, 160, 16, 1, 0, true);
	assert_int_equal(l.nlanes2, 1);
	assert_int_equal(l.nlanes, (45 - 10) / 2 - 1);
	/* one run: no second block */
	layout_compute(&l, 24, 80, 2, 0);
	assert_int_equal(l.nlanes2, -1);
}

/* The gutter: what the labels want, within LAYOUT_GUTTER .. cols / 3;
 * the plots right of it to the screen's edge; the rows untouched. */
static void test_layout_gutter(void **state)
{
	(void)state;
	struct layout l, rows;
	layout_compute(&l, 24, 80, 4, 0);
	rows = l;
	struct {
		int cols, want, gutter;
	} c[] = {
		{ 80, 21, 21 }, { 80, 26, 26 }, { 80, 27, 26 }, { 80, 400, 26 }, { 80, 9, 9 },
		{ 80, 8, 8 },   { 80, 7, 8 },   { 80, 0, 8 },   { 80, -5, 8 },   { 160, 21, 21 },
		{ 160, 60, 53 }, { 24, 12, 8 }, { 26, 9, 8 },   { 27, 9, 9 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		layout_compute(&l, 24, c[i].cols, 4, 0);
		layout_set_gutter(&l, c[i].want);
		assert_int_equal(l.gutter, c[i].gutter);
		assert_int_equal(l.plotx, c[i].gutter);
		assert_int_equal(l.plotw, c[i].cols - c[i].gutter);
		assert_int_equal(l.cols, c[i].cols);
	}
	/* narrower than the least gutter: a column of plot still */
	layout_compute(&l, 24, 6, 1, 0);
	layout_set_gutter(&l, 3);
	assert_int_equal(l.gutter, LAYOUT_GUTTER);
	assert_int_equal(l.plotw, 1);
	/* the rows stay as laid out, and the least gutter comes back */
	layout_compute(&l, 24, 80, 4, 0);
	layout_set_gutter(&l, 20);
	layout_set_gutter(&l, 0);
	assert_memory_equal(&l, &rows, sizeof l);
	layout_set_gutter(&l, 20);
	assert_int_equal(l.list0, rows.list0);
	assert_int_equal(l.lane0, rows.lane0);
	assert_int_equal(l.nlanes, rows.nlanes);
	/* two runs alike */
	layout_compute_two(&l, 24, 80, 2, 2, 0, true);
	layout_set_gutter(&l, 15);
	assert_int_equal(l.plotx, 15);
	assert_int_equal(l.plotw, 65);
	assert_int_equal(l.nlanes2, 2);
}

/* The model's column geometry (tracks_cap_fractions): column c spans
 * [t0 + w*c/n, t0 + w*(c+1)/n) in integer division. */
static uint64_t model_col_start(uint64_t t0, uint64_t t1, int n, int c)
{
	return t0 + (uint64_t)((unsigned __int128)(t1 - t0) * (unsigned)c / (unsigned)n);
}

static void check_geometry(uint64_t t0, uint64_t t1, int n)
{
	for (int c = 0; c <= n; c++)
		assert_int_equal(layout_col_to_time(t0, t1, n, c), model_col_start(t0, t1, n, c));
	for (int c = 0; c < n; c++) {
		uint64_t a = model_col_start(t0, t1, n, c), b = model_col_start(t0, t1, n, c + 1);
		if (a == b)
			continue;
		/* both ends of every column, and a time inside */
		assert_int_equal(layout_time_to_col(t0, t1, n, a), c);
		assert_int_equal(layout_time_to_col(t0, t1, n, b - 1), c);
		assert_int_equal(layout_time_to_col(t0, t1, n, a + (b - a) / 2), c);
	}
	assert_int_equal(layout_time_to_col(t0, t1, n, t1), -1);
	if (t0)
		assert_int_equal(layout_time_to_col(t0, t1, n, t0 - 1), -1);
}

static void test_time_cols(void **state)
{
	(void)state;
	assert_int_equal(layout_time_to_col(100, 200, 10, 100), 0);
	assert_int_equal(layout_time_to_col(100, 200, 10, 109), 0);
	assert_int_equal(layout_time_to_col(100, 200, 10, 110), 1);
	assert_int_equal(layout_time_to_col(100, 200, 10, 199), 9);
	assert_int_equal(layout_time_to_col(100, 200, 10, 200), -1);
	assert_int_equal(layout_time_to_col(100, 200, 10, 99), -1);
	assert_int_equal(layout_col_to_time(100, 200, 10, 0), 100);
	assert_int_equal(layout_col_to_time(100, 200, 10, 5), 150);
	assert_int_equal(layout_col_to_time(100, 200, 10, 10), 200);
	/* 15 ns over 10 columns: starts 0 1 3 4 6 7 9 10 12 13 */
	static const int want[15] = { 0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9 };
	for (int t = 0; t < 15; t++)
		assert_int_equal(layout_time_to_col(0, 15, 10, (uint64_t)t), want[t]);
	/* the same as the model everywhere, at 1 ns per column too, and
	 * where a double would round wrongly */
	check_geometry(0, 1000000007ull, 113);
	check_geometry(1000, 1112, 112);
	check_geometry(37290123456ull, 37290123456ull + 112, 112);
	check_geometry(37290123456ull, 37290123456ull + 849999, 112);
	check_geometry(0, 15, 10);
	check_geometry(UINT64_MAX - 1000000, UINT64_MAX, 199);
	check_geometry(1, UINT64_MAX, 397);
	uint64_t seed = 88172645463325252ull;
	for (int i = 0; i < 300; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		int n = 1 + (int)(seed % 400);
		uint64_t t0 = seed >> (seed % 64);
		uint64_t w = (uint64_t)n + ((seed >> 11) >> (seed >> 58));
		if (t0 > UINT64_MAX - w)
			t0 = UINT64_MAX - w;
		check_geometry(t0, t0 + w, n);
	}
}

/* A tick label read back: the absolute one, or origin + offset. */
static uint64_t label_time(const struct layout_tick *t, bool offsets, size_t i)
{
	uint64_t v = 0;
	const char *l = t[i].label;
	if (l[0] == '+') {
		assert_true(offsets && i > 0);
		assert_true(time_parse(l + 1, &v));
		return t[0].at + v;
	}
	assert_true(time_parse(l, &v));
	return v;
}

/* Every ruler invariant for one window. */
static size_t check_ruler(uint64_t t0, uint64_t t1, int width)
{
	struct layout_tick t[64];
	uint64_t step;
	bool offsets;
	size_t n = layout_ruler_ticks(t0, t1, width, 64, t, &step, &offsets);
	assert_true(n <= 64);
	if (!n)
		return 0;
	uint64_t m = step;
	while (m % 10 == 0)
		m /= 10;
	assert_true(m == 1 || m == 2 || m == 5);
	assert_true(step * (unsigned __int128)width >= (unsigned __int128)(t1 - t0) * 3);
	for (size_t i = 0; i < n; i++) {
		assert_true(t[i].at >= t0 && t[i].at < t1);
		assert_int_equal(t[i].at % step, 0);
		if (i)
			assert_int_equal(t[i].at - t[i - 1].at, step);
		assert_int_equal(t[i].col, layout_time_to_col(t0, t1, width, t[i].at));
		size_t len = strlen(t[i].label);
		/* every label fits before the next mark, a blank apart, and
		 * inside the plot; only the last may be left out */
		if (i + 1 < n) {
			assert_true(len > 0);
			assert_true(t[i].col + 1 + (int)len < t[i + 1].col);
		}
		assert_true(t[i].col + 1 + (int)len <= width);
		if (!len)
			continue;
		if (offsets) {
			assert_true(i == 0 ? t[i].label[0] != '+' : t[i].label[0] == '+');
		} else {
			assert_true(len <= LAYOUT_RULER_ABS_MAX);
		}
		/* each label says exactly its tick's time: none read the same */
		assert_int_equal(label_time(t, offsets, i), t[i].at);
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(t[i].label, t[j].label);
	}
	return n;
}

static void test_ruler(void **state)
{
	(void)state;
	struct layout_tick t[64];
	uint64_t step;
	bool offsets;
	/* 1 s over 100 columns from 0: absolute labels, 1-2-5 steps */
	size_t n = layout_ruler_ticks(0, 1000000000, 100, 64, t, &step, &offsets);
	assert_true(n >= 5 && n <= 10);
	assert_false(offsets);
	assert_int_equal(step, 100000000);
	assert_string_equal(t[0].label, "0ms"); /* the unit of the last */
	assert_string_equal(t[1].label, "100ms");
	check_ruler(0, 1000000000, 100);
	/* a 50 ms log seen whole: "5ms", "10ms", ... */
	n = layout_ruler_ticks(451602, 50970817, 112, 64, t, &step, &offsets);
	assert_int_equal(step, 5000000);
	assert_string_equal(t[0].label, "5ms");
	assert_string_equal(t[1].label, "10ms");
	check_ruler(451602, 50970817, 112);
	/* 850 us wide at 1.815 s: every tick read the same "1.815s" before;
	 * now the first is exact and the others are offsets */
	n = check_ruler(1815000000ull + 12345, 1815850000ull + 12345, 112);
	assert_true(n >= 4);
	n = layout_ruler_ticks(1815012345ull, 1815862345ull, 112, 64, t, &step, &offsets);
	assert_int_equal(step, 100000);
	assert_true(offsets);
	assert_int_equal(t[0].at, 1815100000ull);
	assert_string_equal(t[0].label, "1.8151s");
	assert_string_equal(t[1].label, "+100us");
	assert_string_equal(t[2].label, "+200us");
	/* a 37 s log: zoomed in to 1 ns per column at its end */
	n = layout_ruler_ticks(37290123400ull, 37290123512ull, 112, 64, t, &step, &offsets);
	assert_true(n >= 3);
	assert_string_equal(t[0].label, "37.29012340s");
	assert_string_equal(t[1].label, "+20ns");
	check_ruler(37290123400ull, 37290123512ull, 112);
	/* ... and seen whole */
	check_ruler(300000, 37290123457ull, 112);
	/* every zoom from 1 ns per column to the whole of a 37 s log, at a
	 * few widths and places */
	int widths[] = { 12, 40, 72, 112, 192, 392 };
	uint64_t at[] = { 0, 451602, 1815012345ull, 37290123456ull, 999999999999ull };
	for (size_t wi = 0; wi < 6; wi++)
		for (size_t ai = 0; ai < 5; ai++)
			for (uint64_t w = (uint64_t)widths[wi]; w < 40000000000ull; w = w * 2 + 1) {
				n = check_ruler(at[ai], at[ai] + w, widths[wi]);
				if (widths[wi] >= 40)
					assert_true(n >= 1);
			}
	/* an empty window has no ticks; max is respected */
	assert_int_equal(layout_ruler_ticks(5, 5, 100, 64, t, &step, &offsets), 0);
	assert_true(layout_ruler_ticks(0, UINT64_MAX, 1000, 3, t, &step, &offsets) <= 3);
	check_ruler(0, UINT64_MAX, 1000);
	check_ruler(UINT64_MAX - 1000, UINT64_MAX, 100);
}

/* The eighths of part p that a column of h rows shows. */
static int shown(struct layout_lane col, enum layout_part p)
{
	int n = 0;
	for (int r = 0; r < col.h; r++) {
		struct layout_cell c = layout_lane_row(col, r);
		n += (c.lo == p ? c.level : 0) + (c.hi == p ? 8 - c.level : 0);
	}
	return n;
}

static void test_cells(void **state)
{
	(void)state;
	struct layout_cell c = layout_lane_cell(0, 0, 0);
	assert_int_equal(c.lo, LAYOUT_PART_IDLE);
	assert_int_equal(c.level, 0);
	c = layout_lane_cell(1, 0, 0);
	assert_int_equal(c.lo, LAYOUT_PART_RUN);
	assert_int_equal(c.level, 8);
	c = layout_lane_cell(0.3f, 0, 0);
	assert_int_equal(c.lo, LAYOUT_PART_RUN);
	assert_int_equal(c.hi, LAYOUT_PART_IDLE);
	assert_int_equal(c.level, 2);
	c = layout_lane_cell(0.001f, 0, 0); /* a short run shows */
	assert_int_equal(c.level, 1);
	c = layout_lane_cell(0, 1, 0);
	assert_int_equal(c.lo, LAYOUT_PART_GC);
	assert_int_equal(c.level, 8);
	/* half running, a short GC, the rest idle: the GC is not painted over
	 * the idle half (it was: the whole rest in the GC colour) */
	c = layout_lane_cell(0.5f, 0.01f, 0);
	assert_int_equal(c.lo, LAYOUT_PART_RUN);
	assert_int_equal(c.level, 4);
	assert_int_equal(c.hi, LAYOUT_PART_IDLE);
	c = layout_lane_cell(0, 0.25f, 0); /* GC alone: its share, idle above */
	assert_int_equal(c.lo, LAYOUT_PART_GC);
	assert_int_equal(c.hi, LAYOUT_PART_IDLE);
	assert_int_equal(c.level, 2);
	c = layout_lane_cell(0.5f, 0.5f, 0); /* running and GC: green on orange */
	assert_int_equal(c.lo, LAYOUT_PART_RUN);
	assert_int_equal(c.hi, LAYOUT_PART_GC);
	assert_int_equal(c.level, 4);
	c = layout_lane_cell(0, 0.001f, 0); /* a short GC shows */
	assert_int_equal(c.lo, LAYOUT_PART_GC);
	assert_int_equal(c.level, 1);
	c = layout_lane_cell(0.999f, 0.001f, 0); /* beside a full bar as well */
	assert_int_equal(c.lo, LAYOUT_PART_RUN);
	assert_int_equal(c.hi, LAYOUT_PART_GC);
	assert_int_equal(c.level, 7);
	/* no data: only where nothing else is, and mostly outside the data */
	assert_int_equal(layout_lane_cell(0, 0, 1).lo, LAYOUT_PART_NODATA);
	assert_int_equal(layout_lane_cell(0, 0, 0.5f).lo, LAYOUT_PART_NODATA);
	assert_int_equal(layout_lane_cell(0, 0, 0.4f).lo, LAYOUT_PART_IDLE);
	c = layout_lane_cell(0.1f, 0, 0.9f);
	assert_int_equal(c.lo, LAYOUT_PART_RUN);
	assert_int_equal(c.level, 1);
	for (int r = 0; r < 3; r++)
		assert_int_equal(layout_lane_row(layout_lane_column(0, 0, 1, 3), r).lo,
				 LAYOUT_PART_NODATA);
	/* every split at every height: each part as tall as its share, to
	 * an eighth and a half where no cell holds all three parts (the
	 * rounding, and an eighth given to a share shown at its least or
	 * taken from running beside it), and to three eighths (the smallest
	 * part of a shared cell, and the rounding) in all */
	for (int h = 1; h <= LAYOUT_LANE_H_MAX; h++)
		for (int r = 0; r <= 100; r++)
			for (int g = 0; r + g <= 100; g++) {
				float run = (float)r / 100, gc = (float)g / 100;
				struct layout_lane col = layout_lane_column(run, gc, 0, h);
				int e = 8 * h;
				double wr = run * e, wg = gc * e;
				int sr = shown(col, LAYOUT_PART_RUN), sg = shown(col, LAYOUT_PART_GC);
				assert_true(sr + sg + shown(col, LAYOUT_PART_IDLE) == e);
				assert_true(fabs(sg - wg) <= 3);
				assert_true(fabs(sr - wr) <= 3);
				assert_true(!g || sg > 0 || wg <= 3);
				assert_true(!r || sr > 0 || wr <= 3);
				bool three = col.run % 8 && col.top % 8 && col.top > col.run &&
					     col.run / 8 == col.top / 8;
				if (!three) {
					assert_true(fabs(sg - wg) <= 1.5 + 1e-3);
					assert_true(fabs(sr - wr) <= 1.5 + 1e-3);
				}
			}
	/* eighth levels */
	assert_int_equal(layout_level8(0, 10), 0);
	assert_int_equal(layout_level8(0.0001, 10), 1);
	assert_int_equal(layout_level8(10, 10), 8);
	assert_int_equal(layout_level8(5, 10), 4);
	assert_int_equal(layout_level8(20, 10), 8);
	assert_int_equal(layout_level8(3, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout_sizes),
		cmocka_unit_test(test_layout_two),
		cmocka_unit_test(test_layout_gutter),
		cmocka_unit_test(test_time_cols),
		cmocka_unit_test(test_ruler),
		cmocka_unit_test(test_cells),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
