/* The ticky pane (the ticky-view action): the ticky-ticky counters of a
 * program built with -ticky and run with +RTS -lT (model/ticky.h), summed
 * over the samples taken in the window, as `hectic ticky --from --to`
 * sums them: entries, bytes allocated by the counter's closure and of it
 * (alloc'd), in GHC's order or sorted (pane-sort: entries, alloc, alloc'd,
 * name). Under the list, the selected counter's rate on the lanes' time
 * axis (of the sort's figure; entries when by name), each sample spread
 * over the time since the one before, and its info table's source
 * location (IPE, -finfo-table-map). The counters are read when the pane
 * first opens, and again after the log grew. */
#include "draw.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/ticky.h"
#include "core.h"

enum tk_sort { TK_DEF, TK_ENTRIES, TK_ALLOC, TK_ALLOCD, TK_NAME, TK_NSORT };
static const char *const sort_name[TK_NSORT] = { "definition", "entries", "alloc", "alloc'd",
						 "name" };

struct ticky_pane {
	struct ticky t;
	bool built, failed;
	struct ticky_counts *sum; /* the window's, by counter */
	uint32_t *rows;           /* the counters, in the order shown */
	size_t nwin;              /* samples in the window */
	uint64_t t0, t1, reloads; /* what sum was made for */
	bool valid;
	enum tk_sort sort;
	uint32_t selected;        /* the selected counter, kept across sorts */
	double *series;
	int seriesw;
	struct pane_list list;
};

extern const struct view_ops view_ticky;

static struct ticky_pane *st(const struct viewer *u)
{
	return view_state(u, &view_ticky);
}

static void drop(struct ticky_pane *p)
{
	if (p->built)
		ticky_free(&p->t);
	free(p->sum);
	free(p->rows);
	free(p->series);
	p->sum = NULL, p->rows = NULL, p->series = NULL;
	p->built = p->valid = p->failed = false;
	p->seriesw = 0;
}

static bool build(struct viewer *u)
{
	struct ticky_pane *p = st(u);
	if (p->built || p->failed)
		return p->built;
	if (!ticky_build(&p->t, &u->s)) {
		p->failed = true;
		return false;
	}
	p->built = true;
	size_t n = p->t.nctr ? p->t.nctr : 1;
	p->sum = calloc(n, sizeof *p->sum);
	p->rows = calloc(n, sizeof *p->rows);
	if (!p->sum || !p->rows) {
		drop(p);
		p->failed = true;
		return false;
	}
	p->valid = false;
	return true;
}

static const struct ticky_pane *cmp_ctx; /* qsort has no context argument */

static int cmp_u(uint64_t x, uint64_t y)
{
	return (y > x) - (y < x); /* largest first */
}

static int cmp_row(const void *pa, const void *pb)
{
	const struct ticky_pane *p = cmp_ctx;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	const struct ticky_counts *x = &p->sum[a], *y = &p->sum[b];
	const struct ticky_counter *ca = &p->t.ctr[a], *cb = &p->t.ctr[b];
	int r = 0;
	switch (p->sort) {
	case TK_ENTRIES: r = cmp_u(x->entries, y->entries); break;
	case TK_ALLOC: r = cmp_u(x->allocs, y->allocs); break;
	case TK_ALLOCD: r = cmp_u(x->allocd, y->allocd); break;
	case TK_NAME: {
		size_t n = ca->nname < cb->nname ? ca->nname : cb->nname;
		r = n ? memcmp(ca->name, cb->name, n) : 0;
		if (!r)
			r = (ca->nname > cb->nname) - (ca->nname < cb->nname);
		break;
	}
	default: break;
	}
	if (r)
		return r;
	if (ca->defined != cb->defined)
		return ca->defined ? -1 : 1;
	if (ca->defseq != cb->defseq)
		return ca->defseq < cb->defseq ? -1 : 1;
	return (a > b) - (a < b);
}

/* The window's sums and the rows' order, made again when the window, the
 * log or the order changed. */
static void compute(struct viewer *u)
{
	struct ticky_pane *p = st(u);
	if (!p->valid || p->t0 != u->t0 || p->t1 != u->t1 || p->reloads != u->lv.reloads) {
		p->nwin = ticky_window(&p->t, u->t0, u->t1 ? u->t1 - 1 : 0, p->sum);
		p->t0 = u->t0, p->t1 = u->t1, p->reloads = u->lv.reloads;
	}
	memcpy(p->rows, p->t.order, p->t.nctr * sizeof *p->rows);
	cmp_ctx = p;
	if (p->sort != TK_DEF)
		qsort(p->rows, p->t.nctr, sizeof *p->rows, cmp_row);
	cmp_ctx = NULL;
	p->valid = true;
	pane_list_set(&p->list, (int)p->t.nctr);
	for (size_t i = 0; i < p->t.nctr; i++) /* the selection follows its counter */
		if (p->rows[i] == p->selected)
			pane_list_select(&p->list, (int)i);
}

static enum ticky_field series_field(enum tk_sort s)
{
	return s == TK_ALLOC ? TICKY_ALLOCS : s == TK_ALLOCD ? TICKY_ALLOCD : TICKY_ENTRIES;
}

/* A counter's name at (y, x), escaped, at most w columns. */
static void put_name(const struct viewer *u, const struct ticky_counter *c, int y, int x, int w)
{
	if (w <= 0)
		return;
	if (c->defined) {
		draw_safe(y, x, c->name, c->nname, w, u->ascii);
	} else {
		char b[40];
		snprintf(b, sizeof b, "<counter %" PRIu64 ">", c->id);
		mvaddnstr(y, x, b, w);
	}
}

static void draw_rows(struct viewer *u, int y, int h, int cols)
{
	struct ticky_pane *p = st(u);
	mvprintw(y, 0, "%11s %12s %12s  %s", "Entries", "Alloc", "Alloc'd", "STG Name");
	pane_list_show(&p->list, h);
	for (int i = 0; i < h && p->list.top + i < p->list.n; i++) {
		int r = p->list.top + i, yy = y + 1 + i;
		uint32_t c = p->rows[r];
		const struct ticky_counts *s = &p->sum[c];
		pane_row_begin(yy, 0, cols, r == p->list.sel);
		mvprintw(yy, 0, "%11" PRIu64 " %12" PRIu64 " %12" PRIu64 "  ", s->entries, s->allocs,
			 s->allocd);
		put_name(u, &p->t.ctr[c], yy, 39, cols - 39);
		pane_row_end(r == p->list.sel);
	}
}

/* The selected counter's rate on the lanes' time axis, and its source. */
static void draw_selected(struct viewer *u, int y, int cols)
{
	struct ticky_pane *p = st(u);
	if (!p->list.n)
		return;
	uint32_t c = p->rows[p->list.sel];
	int w = u->L.plotw > 0 ? u->L.plotw : 1;
	if (p->seriesw != w) {
		double *s = realloc(p->series, (size_t)w * sizeof *s);
		if (!s)
			return;
		p->series = s, p->seriesw = w;
	}
	enum ticky_field f = series_field(p->sort);
	double max = ticky_series(&p->t, c, f, u->t0, u->t1, (size_t)w, p->series);
	mvaddstr(y, 0, f == TICKY_ENTRIES ? "entr/s" : f == TICKY_ALLOCS ? "allc/s" : "alcd/s");
	attron(draw_attr(u, C_RUN));
	for (int x = 0; x < w; x++)
		draw_level(u, y, LAYOUT_GUTTER + x, layout_level8(p->series[x], max));
	attroff(draw_attr(u, C_RUN));
	struct ipe ip;
	char head[80];
	snprintf(head, sizeof head, "peak %.3g/s; ", max);
	mvaddnstr(y + 1, 0, head, cols);
	int x = (int)strlen(head);
	if (x >= cols)
		return;
	if (ticky_ipe(&p->t, &u->s, c, &ip) && ipe_has_src(&ip)) {
		x += draw_safe(y + 1, x, ip.src, ip.nsrc, cols - x, u->ascii);
		if (x + 4 < cols) {
			mvaddstr(y + 1, x, " in ");
			draw_safe(y + 1, x + 4, ip.module, ip.nmodule, cols - x - 4, u->ascii);
		}
	} else {
		const struct ticky_counter *k = &p->t.ctr[c];
		mvaddnstr(y + 1, x,
			  !k->has_itbl ? "no info table in its definition"
			  : ticky_ipe(&p->t, &u->s, c, &ip) ? "its info table has no source location"
			  : "no source location (build with -finfo-table-map for it)",
			  cols - x);
	}
}

static void draw_ticky(struct viewer *u)
{
	struct ticky_pane *p = st(u);
	if (!build(u)) {
		pane_frame(u, "ticky: out of memory");
		return;
	}
	if (!p->t.nctr) {
		struct pane_area a = pane_frame(u, "ticky: no ticky-ticky counters in this log");
		if (a.h >= 2)
			mvaddnstr(a.y + 1, 0, "build with ghc -ticky, run with +RTS -lT (-lT and -r "
					      "cannot be combined)", a.cols);
		return;
	}
	compute(u);
	char title[300];
	snprintf(title, sizeof title,
		 "ticky: %zu counters, %zu samples in the window%s; by %s (%s: sort)%s", p->t.nctr,
		 p->nwin, p->t.merged > 1 ? " (merged)" : "", sort_name[p->sort],
		 core_key_for(u, ACT_PANE_SORT),
		 p->t.nundefined ? "; definitions missing: the log ends before the exit" : "");
	struct pane_area a = pane_frame(u, title);
	if (a.h < 2)
		return;
	int below = a.h >= 6 ? 2 : 0; /* the sparkline and the source */
	draw_rows(u, a.y + 1, a.h - 2 - below, a.cols);
	if (below)
		draw_selected(u, a.y + a.h - 2, a.cols);
}

static bool ticky_act(struct viewer *u, enum action a)
{
	struct ticky_pane *p = st(u);
	if (!p->built || !p->t.nctr)
		return false;
	if (a == ACT_PANE_SORT) {
		p->sort = (enum tk_sort)((p->sort + 1) % TK_NSORT);
		core_say(u, "ticky: by %s", sort_name[p->sort]);
		return true;
	}
	if (!pane_list_act(&p->list, a, false))
		return false;
	if (p->list.sel < p->list.n)
		p->selected = p->rows[p->list.sel];
	return true;
}

static bool ticky_open(struct viewer *u)
{
	struct ticky_pane *p = st(u);
	if (build(u) && p->t.nctr && p->list.n == 0)
		p->selected = p->t.order[0];
	core_say(u, "ticky counters summed over the window's samples; %s: sort, %s/%s: select",
		 core_key_for(u, ACT_PANE_SORT), core_key_for(u, ACT_UP), core_key_for(u, ACT_DOWN));
	return true;
}

/* The log grew: the counters point into the old mapping; read again. */
static void ticky_reload(struct viewer *u, bool before)
{
	struct ticky_pane *p = st(u);
	if (before)
		drop(p);
}

static void ticky_done(struct viewer *u)
{
	drop(st(u));
}

const struct view_ops view_ticky = {
	.name = "ticky",
	.pane = true,
	.opens_on = ACT_TICKY_VIEW,
	.open = ticky_open,
	.draw = draw_ticky,
	.act = ticky_act,
	.reload = ticky_reload,
	.private_size = sizeof(struct ticky_pane),
	.done = ticky_done,
};
