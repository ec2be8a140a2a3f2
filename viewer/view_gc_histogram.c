/* The GC pause histogram pane: the collections that start in the window,
 * by the length of their pause (the initiating capability's GC_START to
 * GC_END, what +RTS -s counts) in log-scale buckets (1, 2, 5 a decade), a
 * column of counts and bars per generation. Select on a bucket lists its
 * collections, in time order; select on one goes there, cancel goes back
 * to the buckets. A log without GC events (+RTS -l-au) says so instead of
 * an empty histogram. */
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>

#include "core.h"

#define NBUCKETS 32 /* [0, 1 ns), then 1-2-5 a decade from 1 ns to 100 s and more */
#define MAXGENS 4   /* generation columns shown; more (and unknown) join "other" */

struct gch_state {
	struct pane_list buckets; /* the buckets shown, smallest first */
	struct pane_list list;    /* the selected bucket's collections */
	bool listing;             /* the list shows, not the buckets */
	int bucket;               /* the listed bucket */
	uint32_t *ids;            /* the listed collections (indices of tr.gcs) */
	size_t cap;
};

/* The histogram of the window. */
struct gch {
	size_t count[NBUCKETS][MAXGENS + 1]; /* by bucket and column (MAXGENS: other) */
	size_t total[MAXGENS + 1], all, max;
	int lo, hi;  /* the buckets from the first to the last with any */
	int ncols;   /* generation columns in use */
};

extern const struct view_ops view_gc_histogram;

static struct gch_state *st(const struct viewer *u)
{
	return view_state(u, &view_gc_histogram);
}

/* Bucket b's lower bound: 0 for b = 0, then 1, 2, 5, 10, 20, 50 ... ns. */
static uint64_t bucket_lo(int b)
{
	static const uint64_t step[3] = { 1, 2, 5 };
	if (b <= 0)
		return 0;
	uint64_t v = step[(b - 1) % 3];
	for (int d = 0; d < (b - 1) / 3; d++)
		v *= 10;
	return v;
}

static int bucket_of(uint64_t pause)
{
	int b = 0;
	while (b + 1 < NBUCKETS && pause >= bucket_lo(b + 1))
		b++;
	return b;
}

static int column_of(const struct viewer *u, const struct gc *g)
{
	int gen = tracks_gc_gen(&u->tr, g);
	return gen >= 0 && gen < MAXGENS ? gen : MAXGENS;
}

/* The first collection starting at or after t (gcs are by start). */
static size_t first_from(const struct tracks *tr, uint64_t t)
{
	size_t lo = 0, hi = tr->ngcs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (tr->gcs[mid].start < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void histogram(const struct viewer *u, struct gch *h)
{
	*h = (struct gch){ .lo = NBUCKETS, .hi = -1 };
	for (size_t i = first_from(&u->tr, u->t0); i < u->tr.ngcs && u->tr.gcs[i].start < u->t1; i++) {
		const struct gc *g = &u->tr.gcs[i];
		int b = bucket_of(g->pause), c = column_of(u, g);
		h->count[b][c]++;
		h->total[c]++;
		h->all++;
		if (h->count[b][c] > h->max)
			h->max = h->count[b][c];
		h->lo = b < h->lo ? b : h->lo;
		h->hi = b > h->hi ? b : h->hi;
		if (c < MAXGENS && c + 1 > h->ncols)
			h->ncols = c + 1;
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

static void draw_buckets(struct viewer *u, const struct gch *h, struct pane_area a)
{
	struct gch_state *s = st(u);
	int cols[MAXGENS + 1], nc = 0;
	for (int c = 0; c <= MAXGENS; c++)
		if (h->total[c] || (c < h->ncols))
			cols[nc++] = c;
	int labw = 20, colw = nc ? (a.cols - labw) / nc : 0;
	int barw = colw - 9;
	mvprintw(a.y + 1, 0, "%-*s", labw, "pause");
	for (int k = 0; k < nc; k++) {
		char name[16];
		column_name(name, sizeof name, cols[k]);
		mvprintw(a.y + 1, labw + k * colw, "%7s %s", "count", name);
	}
	int rows = a.h - 2;
	pane_list_set(&s->buckets, h->hi >= h->lo ? h->hi - h->lo + 1 : 0);
	pane_list_show(&s->buckets, rows);
	for (int i = 0; i < rows && s->buckets.top + i < s->buckets.n; i++) {
		int r = s->buckets.top + i, b = h->lo + r, y = a.y + 2 + i;
		char lab[64];
		bucket_label(lab, sizeof lab, b);
		pane_row_begin(y, 0, labw, r == s->buckets.sel);
		mvprintw(y, 0, "%-*s", labw, lab);
		pane_row_end(r == s->buckets.sel);
		for (int k = 0; k < nc; k++) {
			size_t n = h->count[b][cols[k]];
			mvprintw(y, labw + k * colw, "%7zu ", n);
			int len = barw > 0 && h->max ? (int)((double)n / (double)h->max * barw + 0.5) : 0;
			if (n && len < 1 && barw > 0)
				len = 1;
			attron(draw_attr(u, cols[k] ? C_MAJOR : C_GC));
			for (int x = 0; x < len; x++)
				addstr(u->ascii ? "#" : "\u2588");
			attroff(draw_attr(u, cols[k] ? C_MAJOR : C_GC));
		}
	}
	if (!h->all)
		mvaddstr(a.y + 2, 0, "no collection starts in the window");
}

/* The collections of bucket b in the window, in time order, into s->ids. */
static bool list_bucket(struct viewer *u, int b)
{
	struct gch_state *s = st(u);
	size_t n = 0;
	for (size_t i = first_from(&u->tr, u->t0); i < u->tr.ngcs && u->tr.gcs[i].start < u->t1; i++) {
		if (bucket_of(u->tr.gcs[i].pause) != b)
			continue;
		if (n == s->cap) {
			size_t nc = s->cap ? s->cap * 2 : 64;
			uint32_t *p = realloc(s->ids, nc * sizeof *p);
			if (!p) {
				core_say(u, "GC histogram: out of memory");
				return false;
			}
			s->ids = p;
			s->cap = nc;
		}
		s->ids[n++] = (uint32_t)i;
	}
	s->listing = true;
	s->bucket = b;
	s->list = (struct pane_list){ 0 };
	pane_list_set(&s->list, (int)n);
	return true;
}

static void draw_list(struct viewer *u, struct pane_area a)
{
	struct gch_state *s = st(u);
	mvprintw(a.y + 1, 0, "%6s %14s %10s %5s %5s %12s", "#", "at", "pause", "gen", "cap", "copied");
	int rows = a.h - 2;
	pane_list_show(&s->list, rows);
	for (int i = 0; i < rows && s->list.top + i < s->list.n; i++) {
		int r = s->list.top + i;
		const struct gc *g = &u->tr.gcs[s->ids[r]];
		const struct gcstat *gs = g->stat >= 0 ? &u->tr.gcstats[g->stat] : NULL;
		char at[32], p[32], gen[16] = "-", cap[16] = "-", cp[32] = "-";
		int gn = tracks_gc_gen(&u->tr, g);
		if (gn >= 0)
			snprintf(gen, sizeof gen, "%d", gn);
		if (g->cap != EV_NO_CAP)
			snprintf(cap, sizeof cap, "%d", g->cap);
		if (gs)
			bytes_format(cp, sizeof cp, gs->copied);
		pane_row_begin(a.y + 2 + i, 0, a.cols, r == s->list.sel);
		mvprintw(a.y + 2 + i, 0, "%6d %14s %10s %5s %5s %12s", r + 1,
			 core_fmt_moment(at, sizeof at, g->start), time_format(p, sizeof p, g->pause),
			 gen, cap, cp);
		pane_row_end(r == s->list.sel);
	}
}

static void gch_draw(struct viewer *u)
{
	struct gch_state *s = st(u);
	char why[160];
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
			 "GC pause histogram: %zu collections in the window (%s: list a bucket)",
			 h.all, core_key_for(u, ACT_SELECT));
	}
	struct pane_area a = pane_frame(u, title);
	if (a.h < 3)
		return;
	if (s->listing)
		draw_list(u, a);
	else
		draw_buckets(u, &h, a);
}

static bool gch_act(struct viewer *u, enum action a)
{
	struct gch_state *s = st(u);
	if (s->listing) {
		if (pane_list_act(&s->list, a, false))
			return true;
		if (a == ACT_CANCEL) {
			s->listing = false;
			return true;
		}
		if (a == ACT_SELECT && s->list.sel < s->list.n) {
			core_go_gc(u, &u->tr.gcs[s->ids[s->list.sel]]);
			return true;
		}
		return a == ACT_SELECT;
	}
	if (pane_list_act(&s->buckets, a, false))
		return true;
	if (a != ACT_SELECT)
		return false;
	struct gch h;
	histogram(u, &h);
	if (h.all && s->buckets.sel < s->buckets.n)
		list_bucket(u, h.lo + s->buckets.sel);
	return true;
}

static bool gch_open(struct viewer *u)
{
	struct gch_state *s = st(u);
	s->listing = false;
	s->buckets = (struct pane_list){ 0 };
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_GC), why, sizeof why))
		core_say(u, "%s", why);
	else if (!u->tr.ngcs)
		core_say(u, "this log has no GC");
	return true;
}

/* The log grew (the tracks were made again): the listed bucket is listed
 * anew, its selection kept; the histogram is made at each frame. */
static void gch_reload(struct viewer *u, bool before)
{
	struct gch_state *s = st(u);
	if (before || !s->listing)
		return;
	int sel = s->list.sel;
	if (list_bucket(u, s->bucket))
		pane_list_select(&s->list, sel);
	else
		s->listing = false;
}

static void gch_done(struct viewer *u)
{
	free(st(u)->ids);
	st(u)->ids = NULL;
	st(u)->cap = 0;
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
