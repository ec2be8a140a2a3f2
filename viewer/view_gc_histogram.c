/* The GC pause histogram pane: the collections that start in the window,
 * by the length of their pause (the initiating capability's GC_START to
 * GC_END, what +RTS -s counts) in log-scale buckets (1, 2, 5 a decade), a
 * column of counts and bars per generation. Select on a bucket lists its
 * collections, in time order; select on one goes there, cancel goes back
 * to the buckets. A log without GC events (+RTS -l-au) says so instead of
 * an empty histogram.
 *
 * With two runs (hectic A B) the pane compares them over the lanes'
 * window (the other run's mapped onto its clock, core_to_other): per
 * generation, each run's count, p50, p90, p99 and max (nearest rank, as
 * hectic diff's pauses rows) with the change B - A and B / A, and the two
 * histograms side by side on the same buckets (A's bars solid, B's
 * shaded). Each generation's bars, and with two runs each run's, have a
 * scale of their own, their longest bar the column's width: on one scale
 * for all, a generation of a few collections beside thousands of gen 0's
 * (or a run of fewer) drew a cell a bar whatever its counts; the counts
 * beside the bars compare them. Where the pane is too short for both, the
 * figures show and the pane-mode key shows the histogram alone. A bucket
 * lists both runs' collections in time order, with their run; choosing one
 * of the other run swaps the runs first (as the other-run key does), so
 * the event list under the pane is that collection's run. A run without GC
 * events is said absent on its side. */
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define NBUCKETS 32 /* [0, 1 ns), then 1-2-5 a decade from 1 ns to 100 s and more */
#define MAXGENS 4   /* generation columns shown; more (and unknown) join "other" */
#define RUN_B 0x80000000u /* in a listed id of two runs: the collection is B's */

/* The histogram of the window. */
struct gch {
	size_t count[NBUCKETS][MAXGENS + 1]; /* by bucket and column (MAXGENS: other) */
	size_t total[MAXGENS + 1], all;
	int lo, hi;  /* the buckets from the first to the last with any */
	int ncols;   /* generation columns in use */
};

/* A column's pauses in the window: count, nearest-rank percentiles, max. */
/* (a column's figures: tracks.h's pause_pct) */
#define gch_fig pause_pct

/* One of two runs (A or B) in the window: its histogram and figures. */
struct gch_run {
	const struct tracks *tr; /* u->tr or u->other->tr, whichever holds it */
	const struct gcs_compact *gc; /* and its compact list (gcs_compact.h) */
	uint64_t lo, hi;         /* the window on its own clock, [lo, hi) */
	bool absent;             /* no GC events in its log: why says so */
	char why[160];
	struct gch h;
	struct gch_fig fig[MAXGENS + 1];
};

struct gch_state {
	struct pane_list buckets; /* the buckets shown, smallest first */
	struct pane_list list;    /* the selected bucket's collections */
	bool listing;             /* the list shows, not the buckets */
	int bucket;               /* the listed bucket */
	uint32_t *ids;            /* the listed collections (indices of tr.gcs; two
				   * runs: RUN_B marks B's) */
	size_t cap;
	/* two runs */
	bool hist_only;           /* the histogram without the figures (pane-mode) */
	bool fig_alone;           /* the last frame had room for the figures alone */
	bool cached;              /* run[] is the window ct0..ct1's (reload drops it) */
	uint64_t ct0, ct1;
	struct gch_run run[2];    /* A, B */
};

/* The buckets and columns that the shown histograms (one, or A's and B's)
 * use, and each run's and column's longest bar: its scale. */
struct gch_span {
	int lo, hi, nc;
	int cols[MAXGENS + 1];
	size_t max[2][MAXGENS + 1];
};

extern const struct view_ops view_gc_histogram;

static struct gch_state *gchist_of(const struct viewer *u)
{
	return view_state(u, &view_gc_histogram);
}

/* Bucket b's lower bound: 0 for b = 0, then 1, 2, 5, 10, 20, 50 ... ns. */
static uint64_t bucket_lo(int b)
{
	return b <= 0 ? 0 : time_step_125(b - 1);
}

static int gch_bucket_of(uint64_t pause)
{
	int b = 0;
	while (b + 1 < NBUCKETS && pause >= bucket_lo(b + 1))
		b++;
	return b;
}

static int column_of(const struct gcc *g)
{
	return g->gen >= 0 && g->gen < MAXGENS ? g->gen : MAXGENS;
}

/* The histogram of the collections of tr starting in [lo, hi): every
 * one, through gc where tr's list stopped (gcs_compact.h). */
static void histogram_of(const struct tracks *tr, const struct gcs_compact *gc, uint64_t lo,
			 uint64_t hi, struct gch *h)
{
	*h = (struct gch){ .lo = NBUCKETS, .hi = -1 };
	size_t n = gcsv_n(tr, gc);
	for (size_t i = gcsv_first_from(tr, gc, lo); i < n; i++) {
		struct gcc gv = gcsv_at(tr, gc, i);
		const struct gcc *g = &gv;
		if (g->start >= hi)
			break;
		int b = gch_bucket_of(g->pause), c = column_of(g);
		h->count[b][c]++;
		h->total[c]++;
		h->all++;
		h->lo = b < h->lo ? b : h->lo;
		h->hi = b > h->hi ? b : h->hi;
		if (c < MAXGENS && c + 1 > h->ncols)
			h->ncols = c + 1;
	}
}

static void histogram(const struct viewer *u, struct gch *h)
{
	histogram_of(&u->r->run.tr, &u->r->gcc, u->t0, u->t1, h);
}

/* ---- two runs: which holds A and B, and their figures ---- */

/* A time of run r's clock on the lanes' axis (the shown run's clock). */
static uint64_t run_on_axis(const struct viewer *u, int r, uint64_t t)
{
	return core_run_is_shown(u, r) ? t : core_from_other(u, t);
}

/* Each column's figures from the longest pause down (gcsv_by_pause):
 * the n - ceil(p n / 100)-th from the top is the nearest-rank p-th
 * percentile, as tracks_pause_pct and hectic diff take it. */
static void figures_of(const struct tracks *tr, const struct gcs_compact *gc, uint64_t lo,
		       uint64_t hi, const struct gch *h, struct gch_fig *f)
{
	size_t k[MAXGENS + 1] = { 0 };
	for (int c = 0; c <= MAXGENS; c++)
		f[c] = (struct gch_fig){ .n = h->total[c] };
	for (size_t i = 0, all = gcsv_n(tr, gc); i < all; i++) {
		struct gcc gv = gcsv_at(tr, gc, gcsv_by_pause(tr, gc, i));
		const struct gcc *g = &gv;
		if (g->start < lo || g->start >= hi)
			continue;
		struct gch_fig *x = &f[column_of(g)];
		pause_pct_take(x, x->n, k[column_of(g)]++, g->pause);
	}
}

/* A's and B's histograms and figures over the lanes' window, made again
 * when the window moves (reload drops them: the runs swap, the log grows). */
static const struct gch_run *two_runs(struct viewer *u)
{
	struct gch_state *s = gchist_of(u);
	if (s->cached && s->ct0 == u->t0 && s->ct1 == u->t1)
		return s->run;
	for (int r = 0; r < 2; r++) {
		struct gch_run *x = &s->run[r];
		bool shown = core_run_is_shown(u, r);
		x->tr = core_run_tracks(u, r);
		x->gc = core_run_gcc(u, r);
		x->lo = shown ? u->t0 : core_to_other(u, u->t0);
		x->hi = shown ? u->t1 : core_to_other(u, u->t1);
		if (!shown)
			core_runs_exchange(u);
		x->absent = *draw_absent(u, CLASS_BIT(CL_GC), x->why, sizeof x->why) != 0;
		if (!shown)
			core_runs_exchange(u);
		histogram_of(x->tr, x->gc, x->lo, x->hi, &x->h);
		figures_of(x->tr, x->gc, x->lo, x->hi, &x->h, x->fig);
	}
	s->cached = true;
	s->ct0 = u->t0;
	s->ct1 = u->t1;
	return s->run;
}

/* The buckets and columns of nr histograms together, and the scale of
 * each run's column. */
static void span_of(const struct gch *const *hs, int nr, struct gch_span *sp)
{
	*sp = (struct gch_span){ .lo = NBUCKETS, .hi = -1 };
	int ncols = 0;
	for (int r = 0; r < nr; r++) {
		sp->lo = hs[r]->lo < sp->lo ? hs[r]->lo : sp->lo;
		sp->hi = hs[r]->hi > sp->hi ? hs[r]->hi : sp->hi;
		for (int b = hs[r]->lo; b <= hs[r]->hi; b++)
			for (int c = 0; c <= MAXGENS; c++)
				if (hs[r]->count[b][c] > sp->max[r][c])
					sp->max[r][c] = hs[r]->count[b][c];
		ncols = hs[r]->ncols > ncols ? hs[r]->ncols : ncols;
	}
	for (int c = 0; c <= MAXGENS; c++) {
		bool any = c < ncols;
		for (int r = 0; r < nr; r++)
			any |= hs[r]->total[c] != 0;
		if (any)
			sp->cols[sp->nc++] = c;
	}
}

/* A bucket's range, "1ms - 2ms", or "< 1ns". */
static void bucket_label(char *buf, size_t n, int b)
{
	char a[32], z[32];
	if (b == 0)
		snprintf(buf, n, "< %s", time_format(a, sizeof a, bucket_lo(1)));
	else if (b == NBUCKETS - 1)
		snprintf(buf, n, ">= %s", time_format(a, sizeof a, bucket_lo(b)));
	else
		snprintf(buf, n, "%s - %s", time_format(a, sizeof a, bucket_lo(b)),
			 time_format(z, sizeof z, bucket_lo(b + 1)));
}

/* Column c's heading: "gen 1", or "other" for the rest and the unknown. */
static void column_name(char *buf, size_t n, int c)
{
	if (c < MAXGENS)
		snprintf(buf, n, "gen %d", c);
	else
		snprintf(buf, n, "other");
}

/* A bar of n on the scale of max, barw wide at most (at least one cell
 * when n > 0); run B's shaded. */
static void draw_bar(const struct viewer *u, size_t n, size_t max, int barw, int c, bool b)
{
	int len = barw > 0 && max ? (int)((double)n / (double)max * barw + 0.5) : 0;
	if (n && len < 1 && barw > 0)
		len = 1;
	const char *g = b ? (u->ascii ? "=" : "\u2592") : (u->ascii ? "#" : "\u2588");
	attron(draw_attr(u, c ? C_MAJOR : C_GC));
	for (int x = 0; x < len; x++)
		addstr(g);
	attroff(draw_attr(u, c ? C_MAJOR : C_GC));
}

/* The buckets of one histogram, or of A's and B's side by side in each
 * generation's column, from row y0 (the heading) to the area's end. */
static void draw_buckets(struct viewer *u, const struct gch *const *hs, const bool *absent, int nr,
			 struct pane_area a, int y0)
{
	struct gch_state *s = gchist_of(u);
	struct gch_span sp;
	span_of(hs, nr, &sp);
	int nc = sp.nc, labw = nr == 1 ? 20 : 18, cw = nr == 1 ? 7 : 6;
	int colw = nc ? (a.cols - labw) / nc : 0, subw = colw / nr;
	int barw = subw - cw - (nr == 1 ? 2 : 3);
	mvprintw(y0, 0, "%-*s", labw, "pause");
	for (int k = 0; k < nc; k++) {
		char name[16];
		column_name(name, sizeof name, sp.cols[k]);
		for (int r = 0; r < nr; r++)
			mvprintw(y0, labw + k * colw + r * subw, "%*s %s", cw,
				 nr == 1 ? "count" : r ? "B" : "A", name);
	}
	int rows = a.y + a.h - y0 - 1;
	pane_list_set(&s->buckets, sp.hi >= sp.lo ? sp.hi - sp.lo + 1 : 0);
	pane_list_show(&s->buckets, rows);
	for (int i = 0; i < rows && s->buckets.top + i < s->buckets.n; i++) {
		int row = s->buckets.top + i, b = sp.lo + row, y = y0 + 1 + i;
		char lab[64];
		bucket_label(lab, sizeof lab, b);
		pane_row_begin(y, 0, labw, row == s->buckets.sel);
		mvprintw(y, 0, "%-*s", labw, lab);
		pane_row_end(row == s->buckets.sel);
		for (int k = 0; k < nc; k++)
			for (int r = 0; r < nr; r++) {
				size_t n = hs[r]->count[b][sp.cols[k]];
				move(y, labw + k * colw + r * subw);
				if (absent[r]) {
					printw("%*s ", cw, "-");
					continue;
				}
				printw("%*zu ", cw, n);
				draw_bar(u, n, sp.max[r][sp.cols[k]], barw, sp.cols[k], r == 1);
			}
	}
	if (sp.hi < sp.lo && rows > 0)
		mvaddstr(y0 + 1, 0, "no collection starts in the window");
}

/* ---- a bucket's list ---- */

static bool list_push(struct viewer *u, size_t *n, uint32_t id)
{
	struct gch_state *s = gchist_of(u);
	if (*n == s->cap) {
		size_t nc = s->cap ? s->cap * 2 : 64;
		uint32_t *p = realloc(s->ids, nc * sizeof *p);
		if (!p) {
			core_say(u, "GC histogram: out of memory");
			return false;
		}
		s->ids = p;
		s->cap = nc;
	}
	s->ids[(*n)++] = id;
	return true;
}

/* Run r's next collection of bucket b in its window from *i, or false. */
static bool next_in_bucket(const struct gch_run *x, size_t *i, int b)
{
	for (size_t n = gcsv_n(x->tr, x->gc); *i < n; (*i)++) {
		struct gcc g = gcsv_at(x->tr, x->gc, *i);
		if (g.start >= x->hi)
			return false;
		if (gch_bucket_of(g.pause) == b)
			return true;
	}
	return false;
}

/* The collections of bucket b in the window, in time order, into s->ids:
 * with two runs both runs', merged on the lanes' axis (A first at a tie). */
static bool list_bucket(struct viewer *u, int b)
{
	struct gch_state *s = gchist_of(u);
	size_t n = 0;
	if (!core_two(u)) {
		struct gch_run one = { .tr = &u->r->run.tr, .gc = &u->r->gcc, .hi = u->t1 };
		for (size_t i = gcsv_first_from(&u->r->run.tr, &u->r->gcc, u->t0); next_in_bucket(&one, &i, b); i++)
			if (!list_push(u, &n, (uint32_t)i))
				return false;
	} else {
		const struct gch_run *x = two_runs(u);
		size_t i = gcsv_first_from(x[0].tr, x[0].gc, x[0].lo);
		size_t j = gcsv_first_from(x[1].tr, x[1].gc, x[1].lo);
		for (;;) {
			bool ha = next_in_bucket(&x[0], &i, b), hb = next_in_bucket(&x[1], &j, b);
			if (!ha && !hb)
				break;
			bool a = ha && (!hb || run_on_axis(u, 0, gcsv_at(x[0].tr, x[0].gc, i).start) <=
						       run_on_axis(u, 1, gcsv_at(x[1].tr, x[1].gc, j).start));
			if (!list_push(u, &n, a ? (uint32_t)i++ : (uint32_t)j++ | RUN_B))
				return false;
		}
	}
	s->listing = true;
	s->bucket = b;
	s->list = (struct pane_list){ 0 };
	pane_list_set(&s->list, (int)n);
	return true;
}

/* A listed id: its run (0 A, 1 B; 0 with one log), index and collection. */
static struct gcc listed(const struct viewer *u, uint32_t id, int *r, size_t *k)
{
	*r = core_two(u) && (id & RUN_B) ? 1 : 0;
	*k = core_two(u) ? id & ~RUN_B : id;
	if (!core_two(u))
		return gcsv_at(&u->r->run.tr, &u->r->gcc, *k);
	return gcsv_at(core_run_tracks(u, *r), core_run_gcc(u, *r), *k);
}

static void gch_draw_list(struct viewer *u, struct pane_area a)
{
	struct gch_state *s = gchist_of(u);
	bool two = core_two(u);
	mvprintw(a.y + 1, 0, "%6s %s%14s %10s %5s %5s %12s", "#", two ? "run " : "", "at", "pause", "gen",
		 "cap", "copied");
	int rows = a.h - 2;
	pane_list_show(&s->list, rows);
	for (int i = 0; i < rows && s->list.top + i < s->list.n; i++) {
		int row = s->list.top + i, r;
		size_t k;
		struct gcc gv = listed(u, s->ids[row], &r, &k);
		const struct gcc *g = &gv;
		char at[32], p[32], gen[16] = "-", cap[16] = "-", cp[32] = "-", run[8] = "";
		if (g->gen >= 0)
			snprintf(gen, sizeof gen, "%d", g->gen);
		if (g->cap != EV_NO_CAP)
			snprintf(cap, sizeof cap, "%d", g->cap);
		if (g->gen >= 0)
			bytes_format(cp, sizeof cp, g->copied);
		if (two)
			snprintf(run, sizeof run, "%3s ", r ? "B" : "A");
		pane_row_begin(a.y + 2 + i, 0, a.cols, row == s->list.sel);
		mvprintw(a.y + 2 + i, 0, "%6d %s%14s %10s %5s %5s %12s", row + 1, run,
			 core_fmt_moment(at, sizeof at, two ? run_on_axis(u, r, g->start) : g->start),
			 time_format(p, sizeof p, g->pause), gen, cap, cp);
		pane_row_end(row == s->list.sel);
	}
}

/* Goes to a listed collection. Of the other run: the runs swap first (the
 * other-run key's swap), so that the event list under the pane, and when
 * it closes, is that collection's run, at it; said with its run. */
static void go_listed(struct viewer *u, uint32_t id)
{
	int r;
	size_t k;
	struct gcc g = listed(u, id, &r, &k);
	if (!core_two(u)) {
		core_go_gc(u, &g);
		return;
	}
	if (!core_run_is_shown(u, r))
		core_other_run(u); /* u->tr is now run r's */
	g = gcsv_at(&u->r->run.tr, &u->r->gcc, k);
	core_go_gc(u, &g);
	char m[sizeof u->msg];
	snprintf(m, sizeof m, "%s", u->msg);
	core_say(u, "%s: %s", core_run_letter(u), m);
}

/* ---- two runs: the figures ---- */

#define FIG_ROWS 6 /* the heading, count, p50, p90, p99, max */

static uint64_t fig_value(const struct gch_fig *f, int k)
{
	const uint64_t v[5] = { f->n, f->p50, f->p90, f->p99, f->max };
	return v[k];
}

/* Figure k (0 count, 1 p50, 2 p90, 3 p99, 4 max) of run x's column c:
 * "-" where there is none, "absent" (the count) in a log without GC events. */
static void fig_cell(char *buf, size_t n, const struct gch_run *x, int c, int k)
{
	if (x->absent)
		snprintf(buf, n, "%s", k ? "-" : "absent");
	else if (k == 0)
		snprintf(buf, n, "%zu", x->fig[c].n);
	else if (!x->fig[c].n)
		snprintf(buf, n, "-");
	else
		time_format(buf, n, fig_value(&x->fig[c], k));
}

/* The change of figure k of column c: B - A and B / A, "-" where a run
 * lacks the figure (or A's is 0, for the ratio). */
static void fig_change(char *d, size_t dn, char *q, size_t qn, const struct gch_run *x, int c, int k)
{
	snprintf(d, dn, "-");
	snprintf(q, qn, "-");
	const struct gch_fig *a = &x[0].fig[c], *b = &x[1].fig[c];
	if (x[0].absent || x[1].absent || (k && (!a->n || !b->n)))
		return;
	uint64_t va = fig_value(a, k), vb = fig_value(b, k);
	if (k == 0) {
		snprintf(d, dn, "%+lld", (long long)vb - (long long)va);
	} else {
		char t[32];
		time_format(t, sizeof t, vb >= va ? vb - va : va - vb);
		snprintf(d, dn, "%s%s", vb >= va ? "+" : "-", t);
	}
	if (va)
		snprintf(q, qn, "%.2fx", (double)vb / (double)va);
}

/* Per generation, A's and B's count, p50, p90, p99 and max and the change,
 * a block of columns each, from row y; the B - A column where the width
 * allows. Then a line for each run without GC events. Returns the rows
 * it took. */
static int gch_draw_figures(const struct gch_run *x, const struct gch_span *sp, int y, int cols)
{
	static const char *const what[5] = { "count", "p50", "p90", "p99", "max" };
	enum { LABW = 6, WIDE = 41, NARROW = 30 };
	bool wide = LABW + sp->nc * WIDE <= cols;
	int bw = wide ? WIDE : NARROW, nb = (cols - LABW) / bw;
	nb = nb < sp->nc ? nb : sp->nc;
	mvprintw(y, 0, "%-*s", LABW, "");
	for (int k = 0; k < nb; k++) {
		char name[16], h[64];
		column_name(name, sizeof name, sp->cols[k]);
		int w = snprintf(h, sizeof h, "%9s %9s %s%8s", "A", "B", wide ? "       B-A " : "", "B/A");
		memcpy(h, name, strlen(name) < 7 ? strlen(name) : 7);
		mvaddnstr(y, LABW + k * bw + 2, h, w);
	}
	for (int f = 0; f < 5 && nb; f++) {
		mvprintw(y + 1 + f, 0, "%-*s", LABW, what[f]);
		for (int k = 0; k < nb; k++) {
			char va[32], vb[32], d[48], q[32];
			int c = sp->cols[k];
			fig_cell(va, sizeof va, &x[0], c, f);
			fig_cell(vb, sizeof vb, &x[1], c, f);
			fig_change(d, sizeof d, q, sizeof q, x, c, f);
			mvprintw(y + 1 + f, LABW + k * bw + 2, "%9s %9s ", va, vb);
			if (wide)
				printw("%10s ", d);
			printw("%8s", q);
		}
	}
	if (nb < sp->nc)
		mvprintw(y, LABW + nb * bw + 2, "(%d more: wider)", sp->nc - nb);
	if (!sp->nc)
		mvaddnstr(y, 0, "no collection of either run starts in the window", cols);
	int rows = sp->nc ? FIG_ROWS : 1;
	for (int r = 0; r < 2; r++)
		if (x[r].absent) {
			char line[220];
			snprintf(line, sizeof line, "%s: %s: its collections and pauses are not known",
				 r ? "B" : "A", x[r].why);
			mvaddnstr(y + rows++, 0, line, cols);
		}
	return rows;
}

/* A's and B's collections in the window, for the title: "321", "absent". */
static void run_total(char *buf, size_t n, const struct gch_run *x)
{
	if (x->absent)
		snprintf(buf, n, "absent");
	else
		snprintf(buf, n, "%zu", x->h.all);
}

static void gch_draw_two(struct viewer *u)
{
	struct gch_state *s = gchist_of(u);
	const struct gch_run *x = two_runs(u);
	struct pane_area a = pane_frame(u, NULL);
	const struct gch *hs[2] = { &x[0].h, &x[1].h };
	const bool absent[2] = { x[0].absent, x[1].absent };
	struct gch_span sp;
	span_of(hs, 2, &sp);
	int figrows = FIG_ROWS + absent[0] + absent[1], nb = sp.hi >= sp.lo ? sp.hi - sp.lo + 1 : 1;
	/* both when the histogram keeps its heading and 3 buckets (or all) */
	bool both = a.h - 1 >= figrows + 1 + (nb < 3 ? nb : 3);
	s->fig_alone = !s->hist_only && !both;
	char title[300], lab[64], ta[32], tb[32], hint[120];
	if (s->listing) {
		bucket_label(lab, sizeof lab, s->bucket);
		snprintf(title, sizeof title, "GC pauses of %s, A and B: %d (%s: go to one, in its run; %s: back)",
			 lab, s->list.n, core_key_for(u, ACT_SELECT), core_key_for(u, ACT_CANCEL));
	} else {
		run_total(ta, sizeof ta, &x[0]);
		run_total(tb, sizeof tb, &x[1]);
		if (s->fig_alone)
			snprintf(hint, sizeof hint, "%s: the histogram", core_key_for(u, ACT_PANE_MODE));
		else
			snprintf(hint, sizeof hint, "%s: list a bucket; %s: %s", core_key_for(u, ACT_SELECT),
				 core_key_for(u, ACT_PANE_MODE), s->hist_only ? "the figures" : "histogram only");
		snprintf(title, sizeof title, "GC pauses: A %s, B %s in the window (%s)", ta, tb, hint);
	}
	a = pane_frame(u, title);
	if (a.h < 3)
		return;
	if (s->listing) {
		gch_draw_list(u, a);
		return;
	}
	int y = a.y + 1;
	if (!s->hist_only)
		y += gch_draw_figures(x, &sp, y, a.cols);
	if (!s->fig_alone)
		draw_buckets(u, hs, absent, 2, a, y);
}

/* ---- the pane ---- */

static void gch_draw(struct viewer *u)
{
	struct gch_state *s = gchist_of(u);
	char why[160];
	if (core_two(u)) {
		gch_draw_two(u);
		return;
	}
	if (*draw_absent(u, CLASS_BIT(CL_GC), why, sizeof why)) {
		char t[200];
		snprintf(t, sizeof t, "GC pause histogram: %s", why);
		struct pane_area a = pane_frame(u, t);
		if (a.h >= 2)
			mvaddnstr(a.y + 1, 0, "the collections and their pauses are not known", a.cols);
		return;
	}
	struct gch h;
	histogram(u, &h);
	char title[200], lab[64];
	if (s->listing) {
		bucket_label(lab, sizeof lab, s->bucket);
		snprintf(title, sizeof title, "GC pauses of %s: %d collections (%s: go to one; %s: the histogram)",
			 lab, s->list.n, core_key_for(u, ACT_SELECT), core_key_for(u, ACT_CANCEL));
	} else {
		snprintf(title, sizeof title,
			 "GC pause histogram%s: %zu collections in the window (%s: list a bucket)",
			 gcsv_whole(&u->r->run.tr, &u->r->gcc) ? "" : ", PARTIAL at the memory budget",
			 h.all, core_key_for(u, ACT_SELECT));
	}
	struct pane_area a = pane_frame(u, title);
	if (a.h < 3)
		return;
	if (s->listing) {
		gch_draw_list(u, a);
	} else {
		const struct gch *hs[1] = { &h };
		const bool absent[1] = { false };
		draw_buckets(u, hs, absent, 1, a, a.y + 1);
	}
}

/* The buckets' span now (of both runs with two), for select. */
static void current_span(struct viewer *u, struct gch_span *sp)
{
	struct gch h;
	if (core_two(u)) {
		const struct gch_run *x = two_runs(u);
		const struct gch *hs[2] = { &x[0].h, &x[1].h };
		span_of(hs, 2, sp);
		return;
	}
	histogram(u, &h);
	const struct gch *hs[1] = { &h };
	span_of(hs, 1, sp);
}

static bool gch_act(struct viewer *u, enum action a)
{
	struct gch_state *s = gchist_of(u);
	if (s->listing) {
		if (pane_list_act(&s->list, a, false))
			return true;
		if (a == ACT_CANCEL) {
			s->listing = false;
			return true;
		}
		if (a == ACT_SELECT && s->list.sel < s->list.n) {
			go_listed(u, s->ids[s->list.sel]);
			return true;
		}
		return a == ACT_SELECT;
	}
	if (core_two(u) && a == ACT_PANE_MODE) {
		s->hist_only = !s->hist_only;
		return true;
	}
	if (pane_list_act(&s->buckets, a, false))
		return true;
	if (a != ACT_SELECT)
		return false;
	if (core_two(u) && s->fig_alone) { /* the buckets are not in view: to them */
		s->hist_only = true;
		return true;
	}
	struct gch_span sp;
	current_span(u, &sp);
	if (sp.hi >= sp.lo && s->buckets.sel < s->buckets.n)
		list_bucket(u, sp.lo + s->buckets.sel);
	return true;
}

/* With two runs: what one run lacks, or that neither has a GC, said. */
static void open_two(struct viewer *u)
{
	const struct gch_run *x = two_runs(u);
	if (x[0].absent || x[1].absent)
		core_say(u, "%s: %s", x[0].absent ? "A" : "B", x[0].absent ? x[0].why : x[1].why);
	else if (!gcsv_n(x[0].tr, x[0].gc) && !gcsv_n(x[1].tr, x[1].gc))
		core_say(u, "neither log has a GC");
}

static bool gch_open(struct viewer *u)
{
	struct gch_state *s = gchist_of(u);
	s->listing = false;
	s->buckets = (struct pane_list){ 0 };
	char why[160];
	if (core_two(u))
		open_two(u);
	else if (*draw_absent(u, CLASS_BIT(CL_GC), why, sizeof why))
		core_say(u, "%s", why);
	else if (!gcsv_n(&u->r->run.tr, &u->r->gcc))
		core_say(u, "this log has no GC");
	return true;
}

/* The log grew or the runs swapped (the tracks are others): before, the
 * two runs' figures are dropped; after, the listed bucket is listed anew,
 * its selection kept; the histogram is made at each frame. */
static void gch_reload(struct viewer *u, bool before)
{
	struct gch_state *s = gchist_of(u);
	if (before) {
		s->cached = false;
		return;
	}
	if (!s->listing)
		return;
	int sel = s->list.sel;
	if (list_bucket(u, s->bucket))
		pane_list_select(&s->list, sel);
	else
		s->listing = false;
}

static void gch_done(struct viewer *u)
{
	free(gchist_of(u)->ids);
	gchist_of(u)->ids = NULL;
	gchist_of(u)->cap = 0;
}

const struct view_ops view_gc_histogram = {
	.name = "gc-histogram",
	.pane = true,
	.opens_on = ACT_GC_HISTOGRAM,
	.open = gch_open,
	.draw = gch_draw,
	.act = gch_act,
	.private_size = sizeof(struct gch_state),
	.done = gch_done,
	.reload = gch_reload,
};
