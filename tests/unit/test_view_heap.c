/* The heap pane's arithmetic (viewer/view_heap.h), without a terminal:
 * which census each column shows (the largest in it, else the one in
 * effect: steps), a column's stack as cells, the split of the pane's rows,
 * the byte figures and the median interval between censuses; and its
 * compare mode's (viewer/heap_pane.h): a run's columns on the shared axis,
 * the bands of two runs matched by name and ranked, the change as the
 * legend writes it, the rows of two charts. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cli/cmd.h"
#include "../../viewer/heap_pane.h"
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


/* ---- two runs (heap_compare.c) ---- */

/* A census's values by legend entry: the bands shown by slot, the rest
 * (and a band named twice) summed. */
static void test_census_values(void **state)
{
	(void)state;
	static struct census_sample smp[] = { { 0, 5 }, { 1, 7 }, { 2, 11 }, { 1, 13 }, { 3, 17 } };
	struct heap h;
	memset(&h, 0, sizeof h);
	C[0] = (struct census){ .time = 1, .first = 0, .n = 5, .total = 53 };
	h.censuses = C;
	h.ncensuses = 1;
	h.samples = smp;
	h.nsamples = 5;
	h.nbands = 4;
	int16_t slot[4] = { 1, 0, -1, -1 }; /* band 1 is entry 0, band 0 entry 1 */
	uint64_t v[M];
	heap_pane_census(&h, slot, 2, 0, v);
	assert_int_equal(v[0], 7 + 13);
	assert_int_equal(v[1], 5);
	assert_int_equal(v[2], 11 + 17); /* other */
	assert_int_equal(v[3], 0);
}

/* A run's columns: on another clock (shifted), empty before its 0 and
 * from its end on. */
static void test_cols_clip(void **state)
{
	(void)state;
	static const uint64_t t[] = { 10, 30, 55 }, tot[] = { 4, 6, 8 };
	struct heap h = heap_of(t, tot, 3);
	static struct viewer u; /* only L.plotw is read */
	static struct tracks tr;
	u.L.plotw = 10;
	int16_t slot[1] = { -1 };
	struct heap_cols c;
	memset(&c, 0, sizeof c);
	/* [0, 100), the run ends at 60: columns 6.. are after it */
	assert_true(heap_pane_cols(&u, &c, &h, &tr, slot, 0, 1, 0, 100, 0, 60));
	static const long want[10] = { -1, 0, 0, 1, 1, 2, -1, -1, -1, -1 };
	for (int k = 0; k < 10; k++)
		assert_int_equal(c.cens[k], want[k]);
	assert_int_equal(c.max, 8);
	/* the census ticks: one in each census's column */
	assert_int_equal(c.tick[1], 1);
	assert_int_equal(c.tick[3], 1);
	assert_int_equal(c.tick[5], 1);
	assert_int_equal(c.tick[2], 0);
	/* no end: the last census holds to the window's end (one run) */
	assert_true(heap_pane_cols(&u, &c, &h, &tr, slot, 0, 1, 0, 100, 0, UINT64_MAX));
	assert_int_equal(c.cens[9], 2);
	/* the run's clock 35 ns behind the axis (its 0 in column 3): the
	 * columns of [0, 30) are before it, [30, 40) shows [0, 5) of its clock
	 * (no census yet), [40, 50) [5, 15) (census 0 at 10), [80, 90) [45, 55)
	 * (none in it: census 1 in effect) ... */
	assert_true(heap_pane_cols(&u, &c, &h, &tr, slot, 0, 1, 0, 100, 35, UINT64_MAX));
	static const long want2[10] = { -1, -1, -1, -1, 0, 0, 1, 1, 1, 2 };
	for (int k = 0; k < 10; k++)
		assert_int_equal(c.cens[k], want2[k]);
	/* its censuses on the axis: 45, 65, 90 */
	assert_int_equal(c.tick[4], 1);
	assert_int_equal(c.tick[6], 1);
	assert_int_equal(c.tick[9], 1);
	assert_int_equal(c.tick[5], 0);
	/* ahead of the axis by 20: [0, 10) shows [20, 30) of its clock (census
	 * 0 in effect), its end 80 at 60 */
	assert_true(heap_pane_cols(&u, &c, &h, &tr, slot, 0, 1, 0, 100, -20, 80));
	static const long want3[10] = { 0, 1, 1, 2, 2, 2, -1, -1, -1, -1 };
	for (int k = 0; k < 10; k++)
		assert_int_equal(c.cens[k], want3[k]);
	assert_int_equal(c.tick[1], 1); /* 30 - 20 */
	assert_int_equal(c.tick[3], 1); /* 55 - 20 */
	assert_int_equal(c.tick[0], 0); /* census 0, at -10 on the axis: not in view */
	/* the same arguments: the columns kept (a change of gen makes them again) */
	c.cens[0] = 99;
	assert_true(heap_pane_cols(&u, &c, &h, &tr, slot, 0, 1, 0, 100, -20, 80));
	assert_int_equal(c.cens[0], 99);
	assert_true(heap_pane_cols(&u, &c, &h, &tr, slot, 0, 2, 0, 100, -20, 80));
	assert_int_equal(c.cens[0], 0);
	free(c.cens);
	free(c.val);
	free(c.tick);
}

/* Names for heap_cmp_match and heap_cmp_order: run r's band b is
 * test_names[r][b]; compared as heap_band_cmp compares them. */
static const char *const *test_names[2];

static int names_cmp(void *arg, int ra, uint32_t a, int rb, uint32_t b, size_t limit)
{
	(void)arg;
	const char *x = test_names[ra][a], *y = test_names[rb][b];
	size_t nx = strlen(x), ny = strlen(y), k = nx < ny ? nx : ny;
	if (k > limit)
		k = limit;
	int d = memcmp(x, y, k);
	if (d || k == limit)
		return d;
	return (nx > ny) - (nx < ny);
}

static const struct heap_cmp_names test_nm = { names_cmp, NULL };

/* A name's key: the hash of its length, so that names of one length
 * collide (distinct names of one hash must stay apart), NULL: no part. */
static struct heap_cmp_key key_of(const char *s)
{
	return (struct heap_cmp_key){ s != NULL, s ? strlen(s) * 0x9E3779B97F4A7C15ull : 0 };
}

static void test_cmp_match(void **state)
{
	(void)state;
	/* run 0: bands 1 and 4 have one name; band 2 no bytes */
	static const char *const n0[] = { "PINNED", "main", NULL, "MAIN", "main" };
	static const char *const n1[] = { "MAIN", "only-b", "PINNED", "mai" };
	test_names[0] = n0;
	test_names[1] = n1;
	struct heap_cmp_key k0[5], k1[4];
	for (int b = 0; b < 5; b++)
		k0[b] = key_of(n0[b]);
	for (int b = 0; b < 4; b++)
		k1[b] = key_of(n1[b]);
	struct heap_cmp_ent e[9];
	int32_t e0[5], e1[4];
	long n = heap_cmp_match(k0, 5, k1, 4, &test_nm, e, e0, e1);
	assert_int_equal(n, 5);
	/* each name one entry (MAIN and main of one hash, apart), with its
	 * first band in each run */
	static const char *names[] = { "MAIN", "PINNED", "mai", "main", "only-b" };
	static const int32_t b0[] = { 3, 0, -1, 1, -1 }, b1[] = { 0, 2, 3, -1, 1 };
	int at[5]; /* names[i]'s entry */
	for (int i = 0; i < 5; i++) {
		at[i] = -1;
		for (int x = 0; x < n; x++) {
			int r = e[x].band[0] >= 0 ? 0 : 1;
			if (!strcmp(test_names[r][e[x].band[r]], names[i])) {
				assert_int_equal(at[i], -1); /* one entry a name */
				at[i] = x;
			}
		}
		assert_true(at[i] >= 0);
		assert_int_equal(e[at[i]].band[0], b0[i]);
		assert_int_equal(e[at[i]].band[1], b1[i]);
		assert_int_equal(e[at[i]].f[0].peak, 0);
	}
	/* bands to their names' entries: PINNED, main, none, MAIN, main; MAIN,
	 * only-b, PINNED, mai */
	const int32_t w0[] = { at[1], at[3], -1, at[0], at[3] }, w1[] = { at[0], at[4], at[1], at[2] };
	for (int b = 0; b < 5; b++)
		assert_int_equal(e0[b], w0[b]);
	for (int b = 0; b < 4; b++)
		assert_int_equal(e1[b], w1[b]);
	/* nothing in either */
	assert_int_equal(heap_cmp_match(k0, 0, k1, 0, &test_nm, e, e0, e1), 0);
	/* one run alone: every name only in it */
	n = heap_cmp_match(k0, 5, k1, 0, &test_nm, e, e0, e1);
	assert_int_equal(n, 3);
	for (int i = 0; i < 3; i++)
		assert_int_equal(e[i].band[1], -1);
}

/* An entry of run 0's band b, with its figures. */
static struct heap_cmp_ent ent(int32_t b, double a0, uint64_t p0, double a1, uint64_t p1)
{
	struct heap_cmp_ent e;
	memset(&e, 0, sizeof e);
	e.band[0] = b;
	e.band[1] = -1;
	e.f[0].area = a0;
	e.f[0].peak = p0;
	e.f[1].area = a1;
	e.f[1].peak = p1;
	return e;
}

static const char *ent_key(const struct heap_cmp_ent *e)
{
	return test_names[0][e->band[0]];
}

static void test_cmp_order(void **state)
{
	(void)state;
	static const char *const n0[] = { "a", "b", "c", "d", "e", "aa" };
	test_names[0] = n0;
	struct heap_cmp_ent e[6];
	e[0] = ent(0, 10, 5, 0, 0);
	e[1] = ent(1, 2, 1, 30, 3); /* B's area the largest */
	e[2] = ent(2, 10, 7, 0, 0); /* a's area: the larger peak first */
	e[3] = ent(3, 0, 0, 0, 0);
	e[4] = ent(4, 0, 0, 0, 4);
	e[5] = ent(5, 10, 5, 0, 0); /* a's figures: by name */
	/* bands to entries: run 0's band b to entry b, run 1's backwards */
	int32_t e0[7] = { 0, 1, 2, 3, 4, 5, -1 }, e1[6] = { 5, 4, 3, 2, 1, 0 };
	const char *was0[6], *was1[6];
	for (int b = 0; b < 6; b++) {
		was0[b] = ent_key(&e[e0[b]]);
		was1[b] = ent_key(&e[e1[b]]);
	}
	assert_true(heap_cmp_order(e, 6, HEAP_BY_AREA, &test_nm, e0, 7, e1, 6));
	static const char *area[] = { "b", "c", "a", "aa", "e", "d" };
	for (int i = 0; i < 6; i++)
		assert_string_equal(ent_key(&e[i]), area[i]);
	for (int b = 0; b < 6; b++) { /* each band still at its entry */
		assert_string_equal(ent_key(&e[e0[b]]), was0[b]);
		assert_string_equal(ent_key(&e[e1[b]]), was1[b]);
	}
	assert_int_equal(e0[6], -1);
	assert_true(heap_cmp_order(e, 6, HEAP_BY_PEAK, &test_nm, e0, 7, e1, 6));
	static const char *peak[] = { "c", "a", "aa", "e", "b", "d" };
	for (int i = 0; i < 6; i++)
		assert_string_equal(ent_key(&e[i]), peak[i]);
	for (int b = 0; b < 6; b++) {
		assert_string_equal(ent_key(&e[e0[b]]), was0[b]);
		assert_string_equal(ent_key(&e[e1[b]]), was1[b]);
	}
}

static void test_cmp_change(void **state)
{
	(void)state;
	char b[64];
	/* bytes as the pane writes them (3 digits), the ratio B/A */
	assert_string_equal(heap_cmp_change(b, sizeof b, 7892600, 15551376), "+7.66MB x1.97");
	assert_string_equal(heap_cmp_change(b, sizeof b, 9120, 37080), "+28.0kB x4.07");
	assert_string_equal(heap_cmp_change(b, sizeof b, 9120, 480), "-8.64kB x0.05");
	assert_string_equal(heap_cmp_change(b, sizeof b, 640, 640), "0B x1.00");
	assert_string_equal(heap_cmp_change(b, sizeof b, 0, 100), "+100B");
	assert_string_equal(heap_cmp_change(b, sizeof b, 160, 19032), "+18.9kB x119");
	assert_string_equal(heap_cmp_change(b, sizeof b, 16, 500), "+484B x31.2");
}

static void test_cmp_rows(void **state)
{
	(void)state;
	struct heap_cmp_rows r;
	/* two rows: a chart each, no title */
	heap_cmp_rows(2, 16, 15, 0, 1, &r);
	assert_int_equal(r.r.title, -1);
	assert_int_equal(r.chart0[0], 0);
	assert_int_equal(r.chart0[1], 1);
	assert_int_equal(r.nchart[0], 1);
	assert_int_equal(r.nchart[1], 1);
	/* three: the title and a row each */
	heap_cmp_rows(3, 16, 15, 0, 1, &r);
	assert_int_equal(r.r.title, 0);
	assert_int_equal(r.chart0[0], 1);
	assert_int_equal(r.chart0[1], 2);
	assert_int_equal(r.ticks[0], -1);
	/* 80x24: 12 rows; the chart's 6 rows (ticks and chart) in halves */
	heap_cmp_rows(12, 16, 15, 0, 1, &r);
	assert_int_equal(r.chart0[0], 1);
	assert_int_equal(r.nchart[0], 3);
	assert_int_equal(r.chart0[1], 4);
	assert_int_equal(r.nchart[1], 3);
	assert_int_equal(r.ticks[0], -1);
	assert_int_equal(r.ticks[1], -1);
	assert_int_equal(r.r.legend0, 7);
	assert_int_equal(r.r.nlegend, 5);
	/* 160x45: 33 rows, 17 bands, legend 2 wide, detail: a tick row each */
	heap_cmp_rows(33, 17, 15, 4, 2, &r);
	assert_int_equal(r.r.nshown, 15);
	assert_int_equal(r.r.legcols, 2);
	assert_int_equal(r.r.nlegend, 8);
	assert_int_equal(r.ticks[0], 1);
	assert_int_equal(r.chart0[0], 2);
	assert_int_equal(r.nchart[0], 9);
	assert_int_equal(r.ticks[1], 11);
	assert_int_equal(r.chart0[1], 12);
	assert_int_equal(r.nchart[1], 9);
	assert_int_equal(r.r.legend0, 21);
	assert_int_equal(r.r.detail0, 29);
	assert_int_equal(r.r.ndetail, 4);
	/* with the detail at 80x24: 3 rows for the charts, a row each and a
	 * blank between */
	heap_cmp_rows(12, 16, 15, 4, 1, &r);
	assert_int_equal(r.chart0[0], 1);
	assert_int_equal(r.nchart[0], 1);
	assert_int_equal(r.chart0[1], 3);
	assert_int_equal(r.nchart[1], 1);
	assert_int_equal(r.r.legend0, 4);
	assert_int_equal(r.r.detail0, 9);
	assert_int_equal(r.r.ndetail, 3);
	/* every size: the parts in order, inside the pane, not overlapping */
	for (int R = 0; R < 60; R++)
		for (size_t n = 0; n < 40; n += 3)
			for (int det = 0; det <= 5; det += 5) {
				heap_cmp_rows(R, n, 15, det, 2, &r);
				int y = r.r.title >= 0 ? 1 : 0;
				for (int i = 0; i < 2; i++) {
					if (i && (r.ticks[1] >= 0 ? r.ticks[1] : r.chart0[1]) == y + 1)
						y++; /* (an odd row between the charts) */
					if (r.ticks[i] >= 0)
						assert_int_equal(r.ticks[i], y++);
					if (r.nchart[i] > 0) {
						assert_int_equal(r.chart0[i], y);
						y += r.nchart[i];
					}
				}
				if (R >= 2)
					assert_true(r.nchart[0] >= 1 && r.nchart[1] >= 1);
				/* one scale: the same height */
				assert_int_equal(r.nchart[0], r.nchart[1]);
				assert_true((r.ticks[0] >= 0) == (r.ticks[1] >= 0));
				if (r.r.nlegend > 0) {
					assert_int_equal(r.r.legend0, y);
					y += r.r.nlegend;
				}
				if (r.r.ndetail > 0) {
					assert_int_equal(r.r.detail0, y);
					y += r.r.ndetail;
				}
				assert_true(y <= R);
			}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_columns), cmocka_unit_test(test_stack),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_median),
		cmocka_unit_test(test_census_values), cmocka_unit_test(test_cols_clip),
		cmocka_unit_test(test_cmp_match), cmocka_unit_test(test_cmp_order),
		cmocka_unit_test(test_cmp_change), cmocka_unit_test(test_cmp_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
