/* The heap pane's figures (view_heap.h), without a terminal: which census
 * each column shows, a column's stack of bands as cells, the split of the
 * pane's rows, bytes as text and the median interval between censuses. */
#include "view_heap.h"

#include <stdio.h>
#include <stdlib.h>

#include "layout.h"

void heap_pane_columns(const struct heap *h, uint64_t t0, uint64_t t1, int w, long *out)
{
	size_t c = heap_census_from(h, t0);
	long prev = (long)c - 1; /* the last census before the column */
	for (int k = 0; k < w; k++) {
		uint64_t b = layout_col_to_time(t0, t1, w, k + 1);
		long best = -1;
		for (; c < h->ncensuses && h->censuses[c].time < b; c++)
			if (best < 0 || h->censuses[c].total > h->censuses[best].total)
				best = (long)c;
		out[k] = best >= 0 ? best : prev;
		prev = (long)c - 1;
	}
}

void heap_pane_stack(const uint64_t *v, int m, double top, int rows, struct heap_cell *out)
{
	for (int r = 0; r < rows; r++)
		out[r] = (struct heap_cell){ -1, 0 };
	double sum = 0;
	for (int i = 0; i < m; i++)
		sum += (double)v[i];
	if (rows <= 0 || top <= 0 || sum <= 0)
		return;
	double k = rows * 8.0 / top; /* eighths per byte */
	double e = sum * k + 0.5;
	int tope = e >= rows * 8.0 ? rows * 8 : (int)e;
	if (tope < 1)
		tope = 1;
	for (int r = 0; r < rows && 8 * r < tope; r++) {
		double c0 = 8.0 * r, c1 = 8 * r + 8 < tope ? 8.0 * r + 8 : tope;
		int best = -1, lastnz = -1;
		double bestov = 0, cum = 0;
		for (int i = 0; i < m; i++) {
			double lo = cum * k;
			cum += (double)v[i];
			double hi = cum * k;
			if (lo >= c1)
				break;
			if (v[i])
				lastnz = i;
			double ov = (hi < c1 ? hi : c1) - (lo > c0 ? lo : c0);
			if (ov > bestov) {
				bestov = ov;
				best = i;
			}
		}
		/* a cell the stack reaches only by rounding: its top band */
		out[r].band = (signed char)(best >= 0 ? best : lastnz);
		out[r].lvl = (unsigned char)(c1 - c0);
	}
}

void heap_pane_rows(int nrows, size_t nrank, int maxn, int ndetail, int maxcols,
		    struct heap_rows *r)
{
	*r = (struct heap_rows){ .title = -1, .ticks = -1, .chart0 = -1, .legend0 = -1, .detail0 = -1,
				 .legcols = 1 };
	if (maxn < 0)
		maxn = 0;
	if (maxcols < 1)
		maxcols = 1;
	r->nshown = nrank < (size_t)maxn ? (int)nrank : maxn;
	r->other = nrank > (size_t)r->nshown;
	if (nrows <= 0)
		return;
	r->title = 0;
	if (nrows == 1)
		return;
	if (nrows == 2) {
		r->chart0 = 1;
		r->nchart = 1;
		return;
	}
	r->ticks = 1;
	int rest = nrows - 2;
	int cap = rest - (rest + 1) / 2; /* the chart keeps at least half */
	int nleg = 0;
	if (cap >= 2 && nrank > 0) {
		/* the entries wanted: every band, or maxn and other */
		bool all = nrank <= (size_t)maxn;
		int want = all ? (int)nrank : maxn + 1;
		int k = 1;
		while (k < maxcols && (long)cap * k < want)
			k++;
		r->legcols = k;
		int room = cap * k; /* entries the legend holds */
		if (all && want <= room) {
			r->nshown = (int)nrank;
			r->other = false;
		} else {
			r->nshown = room - 1 < maxn ? room - 1 : maxn;
			r->other = true;
		}
		int entries = r->nshown + (r->other ? 1 : 0);
		nleg = (entries + k - 1) / k;
	}
	int chart = rest - nleg;
	int det = ndetail < chart - 2 ? ndetail : chart - 2;
	if (det < 0)
		det = 0;
	chart -= det;
	r->chart0 = 2;
	r->nchart = chart;
	if (nleg) {
		r->legend0 = 2 + chart;
		r->nlegend = nleg;
	}
	if (det) {
		r->detail0 = 2 + chart + nleg;
		r->ndetail = det;
	}
}

static int cmp_u64v(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

uint64_t heap_median_interval(const struct heap *h)
{
	if (h->ncensuses < 2)
		return 0;
	size_t n = h->ncensuses - 1;
	uint64_t *d = malloc(n * sizeof *d);
	if (!d)
		return 0;
	for (size_t i = 0; i < n; i++)
		d[i] = h->censuses[i + 1].time - h->censuses[i].time;
	qsort(d, n, sizeof *d, cmp_u64v);
	uint64_t m = d[n / 2];
	free(d);
	return m;
}
