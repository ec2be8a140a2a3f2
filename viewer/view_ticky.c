/* The ticky pane (the ticky-view action): the ticky-ticky counters of a
 * program built with -ticky and run with +RTS -lT (model/ticky.h), summed
 * over the samples taken in the window, as `hectic ticky --from --to`
 * sums them: entries, bytes allocated by the counter's closure and of it
 * (alloc'd), in GHC's order or sorted (pane-sort: entries, alloc, alloc'd,
 * name). The figures' columns are as wide as the run's largest figures,
 * the arguments' (arity and kinds, as GHC's report has them) as its widest
 * where the names keep room; the STG names take the rest, each shortened
 * among the rows on screen (label_fit) where it does not fit, so that two
 * rows never read the same. Under the list, the selected counter's rate on the lanes' time
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
#include "label_fit.h"

static const char *const sort_name[TICKY_NSORT] = { "definition", "entries", "alloc", "alloc'd",
						 "name" };

/* The widest of a run's figures (entries, alloc, alloc'd: its counters'
 * whole-run totals, which a window's sums never pass), arguments and
 * names, in columns. */
struct tk_widths {
	int fig[3], args, name;
};

struct ticky_pane {
	struct ticky t;
	bool built, failed;
	struct tk_widths w, ow; /* the shown run's, the other's */
	struct ticky_counts *sum; /* the window's, by counter */
	uint32_t *rows;           /* the counters, in the order shown */
	size_t nwin;              /* samples in the window */
	uint64_t t0, t1, reloads; /* what sum was made for */
	bool valid;
	enum ticky_sort sort;
	uint32_t selected;        /* the selected counter, kept across sorts */
	double *series;
	int seriesw;
	struct pane_list list;
	/* two logs: the other run's counters and the window's sums, its
	 * counters by name (for matching), and for each of the shown run's
	 * counters its match there (UINT32_MAX: none); rows past t.nctr are
	 * the other run's counters that the shown run lacks */
	struct ticky o;
	bool obuilt, ofailed;
	struct ticky_counts *osum;
	bool osum_valid; /* osum holds the window t0, t1's */
	uint32_t *oby_name, *match;
	bool *omatched;
	size_t nrows;
};

extern const struct view_ops view_ticky;

static struct ticky_pane *tickypane_of(const struct viewer *u)
{
	return view_state(u, &view_ticky);
}

static void ticky_drop(struct ticky_pane *p)
{
	if (p->obuilt)
		ticky_free(&p->o);
	free(p->osum);
	free(p->oby_name);
	free(p->match);
	free(p->omatched);
	p->osum = NULL, p->oby_name = p->match = NULL, p->omatched = NULL;
	p->obuilt = p->ofailed = p->osum_valid = false;
	if (p->built)
		ticky_free(&p->t);
	free(p->sum);
	free(p->rows);
	free(p->series);
	p->sum = NULL, p->rows = NULL, p->series = NULL;
	p->built = p->valid = p->failed = false;
	p->seriesw = 0;
}

/* A counter's name as bytes: its definition's (raw bytes of the file),
 * or "<counter ID>" in buf. */
static const uint8_t *counter_name(const struct ticky_counter *c, char buf[40], size_t *n)
{
	if (c->defined) {
		*n = c->nname;
		return c->name;
	}
	snprintf(buf, 40, "<counter %" PRIu64 ">", c->id);
	*n = strlen(buf);
	return (const uint8_t *)buf;
}

static int digits(uint64_t v)
{
	int n = 1;
	for (; v >= 10; v /= 10)
		n++;
	return n;
}

/* The columns of a counter's arguments as GHC's report has them, "2 iM":
 * the arity, then its kinds after a space (raw bytes: drawn escaped). */
static int args_width(const struct ticky_counter *c, bool ascii)
{
	if (!c->defined)
		return 0;
	return digits(c->arity) + (c->nkinds ? 1 + label_width_of(c->kinds, c->nkinds, ascii) : 0);
}

static void widths_of(const struct ticky *t, bool ascii, struct tk_widths *w)
{
	*w = (struct tk_widths){ { 1, 1, 1 }, 0, 0 };
	for (size_t i = 0; i < t->nctr; i++) {
		const struct ticky_counter *c = &t->ctr[i];
		for (int f = 0; f < 3; f++) {
			int d = digits(ticky_get(&c->total, (enum ticky_field)f));
			w->fig[f] = d > w->fig[f] ? d : w->fig[f];
		}
		char b[40];
		size_t n;
		const uint8_t *nm = counter_name(c, b, &n);
		int a = args_width(c, ascii), k = label_width_of(nm, n, ascii);
		w->args = a > w->args ? a : w->args;
		w->name = k > w->name ? k : w->name;
	}
}

static bool build(struct viewer *u)
{
	struct ticky_pane *p = tickypane_of(u);
	if (p->built || p->failed)
		return p->built;
	if (!run_ticky_fresh(&u->r->run, &p->t)) {
		p->failed = true;
		return false;
	}
	p->built = true;
	widths_of(&p->t, u->ascii, &p->w);
	size_t n = p->t.nctr ? p->t.nctr : 1;
	p->sum = calloc(n, sizeof *p->sum);
	p->rows = calloc(n, sizeof *p->rows);
	if (!p->sum || !p->rows) {
		ticky_drop(p);
		p->failed = true;
		return false;
	}
	p->valid = false;
	return true;
}

/* A counter's name as the two runs' compilations share it: without the
 * uniques GHC gives each build ("{v r34V}", " in r355" at the end), as
 * "$wcollatz (Main) (fun)". */
static size_t name_key(const struct ticky_counter *c, char *out, size_t n)
{
	size_t k = 0;
	int depth = 0;
	for (size_t i = 0; i < c->nname && k + 1 < n; i++) {
		char ch = (char)c->name[i];
		if (ch == '{')
			depth++;
		else if (ch == '}' && depth)
			depth--;
		else if (!depth)
			out[k++] = ch;
	}
	out[k] = 0;
	char *in = strstr(out, ") in ");
	if (in && !strchr(in + 5, ' ')) /* the parent's unique, last */
		k = (size_t)(in + 1 - out);
	out[k] = 0;
	return k;
}

/* The names of two counters, compared by their keys. */
static int counter_name_cmp(const struct ticky_counter *a, const struct ticky_counter *b)
{
	char ka[256], kb[256];
	name_key(a, ka, sizeof ka);
	name_key(b, kb, sizeof kb);
	return strcmp(ka, kb);
}

static const struct ticky *name_ctx;
static const uint32_t *rank_ctx; /* a counter's place in the display order */

static int cmp_by_name(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	int r = counter_name_cmp(&name_ctx->ctr[a], &name_ctx->ctr[b]);
	return r ? r : (rank_ctx[a] > rank_ctx[b]) - (rank_ctx[a] < rank_ctx[b]);
}

/* Two logs: the other run's counters (read from its store, swapped in),
 * and each shown counter's match there, by name (a counter without a
 * definition matches none). False when the other run has none or memory
 * ran out. */
static bool build_other(struct viewer *u)
{
	struct ticky_pane *p = tickypane_of(u);
	if (p->obuilt || p->ofailed)
		return p->obuilt;
	core_runs_exchange(u);
	bool ok = run_ticky_fresh(&u->r->run, &p->o);
	core_runs_exchange(u);
	if (!ok) {
		p->ofailed = true;
		return false;
	}
	p->obuilt = true;
	widths_of(&p->o, u->ascii, &p->ow);
	size_t no = p->o.nctr ? p->o.nctr : 1, n = p->t.nctr ? p->t.nctr : 1;
	p->osum = calloc(no, sizeof *p->osum);
	p->oby_name = calloc(no, sizeof *p->oby_name);
	p->omatched = calloc(no, sizeof *p->omatched);
	p->match = calloc(n, sizeof *p->match);
	uint32_t *rows = realloc(p->rows, (n + no) * sizeof *rows);
	if (rows)
		p->rows = rows;
	if (!p->osum || !p->oby_name || !p->omatched || !p->match || !rows) {
		p->ofailed = true;
		return false;
	}
	/* counters of one name (a closure GHC names twice) pair in the
	 * display order of each run */
	uint32_t *rank = calloc(no, sizeof *rank);
	if (!rank) {
		p->ofailed = true;
		return false;
	}
	for (size_t i = 0; i < p->o.nctr; i++) {
		p->oby_name[i] = (uint32_t)i;
		rank[p->o.order[i]] = (uint32_t)i;
	}
	name_ctx = &p->o;
	rank_ctx = rank;
	qsort(p->oby_name, p->o.nctr, sizeof *p->oby_name, cmp_by_name);
	name_ctx = NULL;
	rank_ctx = NULL;
	free(rank);
	for (size_t i = 0; i < p->t.nctr; i++)
		p->match[i] = UINT32_MAX;
	for (size_t j = 0; j < p->t.nctr; j++) {
		size_t i = p->t.order[j];
		const struct ticky_counter *c = &p->t.ctr[i];
		size_t lo = 0, hi = p->o.nctr;
		while (c->defined && lo < hi) { /* the first of that name */
			size_t mid = lo + (hi - lo) / 2;
			if (counter_name_cmp(&p->o.ctr[p->oby_name[mid]], c) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; c->defined && lo < p->o.nctr && !counter_name_cmp(&p->o.ctr[p->oby_name[lo]], c); lo++)
			if (!p->omatched[p->oby_name[lo]]) {
				p->match[i] = p->oby_name[lo];
				p->omatched[p->oby_name[lo]] = true;
				break;
			}
	}
	return true;
}

/* The window's sums and the rows' order, made again when the window, the
 * log or the order changed. */
static void ticky_compute(struct viewer *u)
{
	struct ticky_pane *p = tickypane_of(u);
	bool moved = !p->valid || p->t0 != u->t0 || p->t1 != u->t1 || p->reloads != u->r->lv.reloads;
	if (moved) {
		p->nwin = ticky_window(&p->t, u->t0, u->t1 ? u->t1 - 1 : 0, p->sum);
		p->t0 = u->t0, p->t1 = u->t1, p->reloads = u->r->lv.reloads;
	}
	if (p->obuilt && (moved || !p->osum_valid)) { /* the other run's window, on its clock */
		core_runs_exchange(u);
		ticky_window(&p->o, u->t0, u->t1 ? u->t1 - 1 : 0, p->osum);
		core_runs_exchange(u);
		p->osum_valid = true;
	}
	memcpy(p->rows, p->t.order, p->t.nctr * sizeof *p->rows);
	if (p->sort != TICKY_BY_DEF)
		ticky_sort_ids(&p->t, p->sum, p->sort, p->rows, p->t.nctr);
	p->valid = true;
	p->nrows = p->t.nctr;
	if (p->obuilt) { /* the other run's counters the shown run lacks */
		for (size_t i = 0; i < p->o.nctr; i++)
			if (!p->omatched[p->o.order[i]])
				p->rows[p->nrows++] = (uint32_t)(p->t.nctr + p->o.order[i]);
	}
	pane_list_set(&p->list, (int)p->nrows);
	for (size_t i = 0; i < p->t.nctr; i++) /* the selection follows its counter */
		if (p->rows[i] == p->selected)
			pane_list_select(&p->list, (int)i);
}

static enum ticky_field series_field(enum ticky_sort s)
{
	return s == TICKY_BY_ALLOC ? TICKY_ALLOCS : s == TICKY_BY_ALLOCD ? TICKY_ALLOCD : TICKY_ENTRIES;
}

/* The sort's figure of a count (entries when by definition or name). */
static uint64_t figure(const struct ticky_pane *p, const struct ticky_counts *c)
{
	return p->sort == TICKY_BY_ALLOC ? c->allocs : p->sort == TICKY_BY_ALLOCD ? c->allocd : c->entries;
}

/* ---- the rows ---- */

#define TK_GAP 2      /* between two columns */
#define TK_NAME_MIN 16 /* the names' at least, before the arguments go */

/* The columns: three figures (each right-aligned in w[k] at x[k]), the
 * arguments' (wargs 0: none), the names' from xname to the screen's end. */
struct tk_cols {
	int x[3], w[3];
	int xargs, wargs, xname;
};

/* The columns for figures of widths fig (each at least its header's),
 * arguments of args columns and names of name, in cols columns: the
 * arguments under "Arguments" while the names stay whole, else "Args",
 * and none before the names have under TK_NAME_MIN. */
static struct tk_cols tk_cols(const int fig[3], const char *const head[3], int args, int name,
			      int cols)
{
	struct tk_cols c;
	int x = 0;
	for (int k = 0; k < 3; k++) {
		int hw = (int)strlen(head[k]);
		c.x[k] = x;
		c.w[k] = fig[k] > hw ? fig[k] : hw;
		x += c.w[k] + TK_GAP;
	}
	int along = args > 9 ? args : 9, ashort = args > 4 ? args : 4;
	c.xargs = x;
	c.wargs = cols - x - along - TK_GAP >= name ? along : ashort;
	if (cols - x - c.wargs - TK_GAP < TK_NAME_MIN)
		c.wargs = 0;
	c.xname = x + (c.wargs ? c.wargs + TK_GAP : 0);
	return c;
}

/* Text right-aligned in w columns at (y, x), clipped at the screen's
 * cols. */
static void put_right(int y, int x, int w, const char *s, int cols)
{
	char b[64];
	snprintf(b, sizeof b, "%*s", w, s);
	if (x < cols)
		mvaddnstr(y, x, b, cols - x);
}

static void tk_header(int y, const struct tk_cols *c, const char *const head[3], int cols)
{
	for (int k = 0; k < 3; k++)
		put_right(y, c->x[k], c->w[k], head[k], cols);
	if (c->wargs && c->xargs < cols)
		mvaddnstr(y, c->xargs, c->wargs >= 9 ? "Arguments" : "Args", cols - c->xargs);
	if (c->xname < cols)
		mvaddnstr(y, c->xname, "STG Name", cols - c->xname);
}

/* A row: its figures' text, the counter's arguments and its name (label i
 * of the names shown). */
static void tk_row(const struct viewer *u, int y, const struct tk_cols *c, char cell[3][24],
		   const struct ticky_counter *k, const struct label_set *names, size_t i, int cols)
{
	for (int f = 0; f < 3; f++)
		put_right(y, c->x[f], c->w[f], cell[f], cols);
	if (c->wargs && k->defined) {
		char b[8];
		int n = snprintf(b, sizeof b, "%u", (unsigned)k->arity);
		mvaddnstr(y, c->xargs, b, c->wargs);
		if (k->nkinds && n + 1 < c->wargs)
			draw_safe(y, c->xargs + n + 1, k->kinds, k->nkinds, c->wargs - n - 1, u->ascii);
	}
	draw_label_fit(names, i, y, c->xname, cols - c->xname, u->ascii);
}

/* The counter of a row (the other run's past t.nctr) and its match in
 * the other run (UINT32_MAX: none). */
static const struct ticky_counter *row_counter(const struct ticky_pane *p, uint32_t c, uint32_t *oc)
{
	if (c < p->t.nctr) {
		*oc = p->obuilt ? p->match[c] : UINT32_MAX;
		return &p->t.ctr[c];
	}
	*oc = (uint32_t)(c - p->t.nctr);
	return &p->o.ctr[*oc];
}

/* The names of the h rows shown from the list's top, in order. */
static void shown_names(const struct viewer *u, const struct ticky_pane *p, int h,
			struct label_set *names)
{
	for (int i = 0; i < h && p->list.top + i < p->list.n; i++) {
		uint32_t oc;
		const struct ticky_counter *k = row_counter(p, p->rows[p->list.top + i], &oc);
		char b[40];
		size_t n;
		const uint8_t *nm = counter_name(k, b, &n);
		label_set_add(names, nm, n, u->ascii);
	}
}

static int max_i(int a, int b)
{
	return a > b ? a : b;
}

/* Row r's three cells, and its counter. */
typedef const struct ticky_counter *tk_cells_fn(const struct viewer *u, const struct ticky_pane *p,
						int r, char cell[3][24]);

/* The table from y, h rows: its header, then the rows shown, each its
 * cells (cells_of's), its counter's arguments, its name fitted among the
 * rows'. */
static void tk_table(struct viewer *u, int y, int h, int cols, const struct tk_cols *c,
		     const char *const head[3], tk_cells_fn *cells_of)
{
	struct ticky_pane *p = tickypane_of(u);
	tk_header(y, c, head, cols);
	pane_list_show(&p->list, h);
	struct label_set names = { 0 };
	shown_names(u, p, h, &names);
	for (int i = 0; i < h && p->list.top + i < p->list.n; i++) {
		int r = p->list.top + i, yy = y + 1 + i;
		char cell[3][24] = { "", "", "" };
		const struct ticky_counter *k = cells_of(u, p, r, cell);
		pane_row_begin(yy, 0, cols, r == p->list.sel);
		tk_row(u, yy, c, cell, k, &names, (size_t)i, cols);
		pane_row_end(r == p->list.sel);
	}
	label_set_free(&names);
}

/* Two logs: A's and B's figure (the sort's) and the change; an empty
 * cell where a run has no such counter. */
static const struct ticky_counter *two_cells(const struct viewer *u, const struct ticky_pane *p,
					     int r, char cell[3][24])
{
	uint32_t oc;
	const struct ticky_counter *k = row_counter(p, p->rows[r], &oc);
	bool shown_has = p->rows[r] < p->t.nctr, other_has = oc != UINT32_MAX;
	uint64_t vs = shown_has ? figure(p, &p->sum[p->rows[r]]) : 0;
	uint64_t vo = other_has ? figure(p, &p->osum[oc]) : 0;
	if (shown_has)
		snprintf(cell[u->swapped], 24, "%" PRIu64, vs);
	if (other_has)
		snprintf(cell[!u->swapped], 24, "%" PRIu64, vo);
	uint64_t va = u->swapped ? vo : vs, vb = u->swapped ? vs : vo;
	if (shown_has && other_has)
		snprintf(cell[2], 24, "%s%" PRIu64, vb >= va ? "+" : "-", vb >= va ? vb - va : va - vb);
	else
		snprintf(cell[2], 24, "only in %s", shown_has != u->swapped ? "A" : "B");
	return k;
}

/* Two logs: per counter, A's and B's figure (the sort's) and the change. */
static void draw_rows_two(struct viewer *u, int y, int h, int cols)
{
	struct ticky_pane *p = tickypane_of(u);
	const char *f = p->sort == TICKY_BY_ALLOC ? "alloc" : p->sort == TICKY_BY_ALLOCD ? "alloc'd" : "entries";
	enum ticky_field fl = series_field(p->sort);
	char ha[24], hb[24];
	snprintf(ha, sizeof ha, "A %s", f);
	snprintf(hb, sizeof hb, "B %s", f);
	const char *head[3] = { ha, hb, "B - A" };
	/* (a figure of either run, its change, "only in A") */
	int wa = u->swapped ? p->ow.fig[fl] : p->w.fig[fl], wb = u->swapped ? p->w.fig[fl] : p->ow.fig[fl];
	int fig[3] = { wa, wb, max_i(max_i(wa, wb) + 1, 9) };
	struct tk_cols c = tk_cols(fig, head, max_i(p->w.args, p->ow.args), max_i(p->w.name, p->ow.name), cols);
	tk_table(u, y, h, cols, &c, head, two_cells);
}

/* One log: a counter's entries, allocations and bytes allocated. */
static const struct ticky_counter *one_cells(const struct viewer *u, const struct ticky_pane *p,
					     int r, char cell[3][24])
{
	(void)u;
	uint32_t k = p->rows[r];
	const struct ticky_counts *s = &p->sum[k];
	snprintf(cell[0], 24, "%" PRIu64, s->entries);
	snprintf(cell[1], 24, "%" PRIu64, s->allocs);
	snprintf(cell[2], 24, "%" PRIu64, s->allocd);
	return &p->t.ctr[k];
}

static void ticky_draw_rows(struct viewer *u, int y, int h, int cols)
{
	if (tickypane_of(u)->obuilt) {
		draw_rows_two(u, y, h, cols);
		return;
	}
	struct ticky_pane *p = tickypane_of(u);
	static const char *const head[3] = { "Entries", "Alloc", "Alloc'd" };
	struct tk_cols c = tk_cols(p->w.fig, head, p->w.args, p->w.name, cols);
	tk_table(u, y, h, cols, &c, head, one_cells);
}

/* The selected counter's rate on the lanes' time axis, and its source. */
static void draw_selected(struct viewer *u, int y, int cols)
{
	struct ticky_pane *p = tickypane_of(u);
	if (!p->list.n || p->rows[p->list.sel] >= p->t.nctr)
		return; /* (the other run's counter: its rate is not on this run's axis) */
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
		draw_level(u, y, u->L.plotx + x, layout_level8(p->series[x], max));
	attroff(draw_attr(u, C_RUN));
	struct ipe ip;
	char head[80];
	snprintf(head, sizeof head, "peak %.3g/s; ", max);
	mvaddnstr(y + 1, 0, head, cols);
	int x = (int)strlen(head);
	if (x >= cols)
		return;
	if (ticky_ipe(&p->t, &u->r->run.s, c, &ip) && ipe_has_src(&ip)) {
		x += draw_safe(y + 1, x, ip.src, ip.nsrc, cols - x, u->ascii);
		if (x + 4 < cols) {
			mvaddstr(y + 1, x, " in ");
			draw_safe(y + 1, x + 4, ip.module, ip.nmodule, cols - x - 4, u->ascii);
		}
	} else {
		const struct ticky_counter *k = &p->t.ctr[c];
		mvaddnstr(y + 1, x,
			  !k->has_itbl ? "no info table in its definition"
			  : ticky_ipe(&p->t, &u->r->run.s, c, &ip) ? "its info table has no source location"
			  : "no source location (build with -finfo-table-map for it)",
			  cols - x);
	}
}

static void draw_ticky(struct viewer *u)
{
	struct ticky_pane *p = tickypane_of(u);
	if (!build(u)) {
		pane_frame(u, "ticky: out of memory");
		return;
	}
	if (u->other)
		build_other(u);
	if (!p->t.nctr && !(p->obuilt && p->o.nctr)) {
		struct pane_area a = pane_frame(u, u->other ? "ticky: no ticky-ticky counters in either log"
							    : "ticky: no ticky-ticky counters in this log");
		if (a.h >= 2)
			mvaddnstr(a.y + 1, 0, "build with ghc -ticky, run with +RTS -lT (-lT and -r "
					      "cannot be combined)", a.cols);
		return;
	}
	ticky_compute(u);
	char title[300], runs[80] = "";
	if (p->obuilt)
		snprintf(runs, sizeof runs, " of run %s (%zu in run %s)", core_run_letter(u), p->o.nctr,
			 u->swapped ? "A" : "B");
	snprintf(title, sizeof title,
		 "ticky: %zu counters%s, %zu samples in the window%s; by %s (%s: sort)%s%s", p->t.nctr,
		 runs, p->nwin, p->t.merged > 1 ? " (merged)" : "", sort_name[p->sort],
		 core_key_for(u, ACT_PANE_SORT),
		 p->t.left_defs || p->t.left_samples ? "; partial: the table reached its memory "
						       "budget, other counters left out" : "",
		 p->t.nundefined ? "; definitions missing: the log ends before the exit" : "");
	struct pane_area a = pane_frame(u, title);
	if (a.h < 2)
		return;
	int below = a.h >= 6 ? 2 : 0; /* the sparkline and the source */
	ticky_draw_rows(u, a.y + 1, a.h - 2 - below, a.cols);
	if (below)
		draw_selected(u, a.y + a.h - 2, a.cols);
}

static bool ticky_act(struct viewer *u, enum action a)
{
	struct ticky_pane *p = tickypane_of(u);
	if (!p->built || !p->nrows)
		return false;
	if (a == ACT_PANE_SORT) {
		p->sort = (enum ticky_sort)((p->sort + 1) % TICKY_NSORT);
		core_say(u, "ticky: by %s", sort_name[p->sort]);
		return true;
	}
	if (!pane_list_act(&p->list, a, false))
		return false;
	if (p->list.sel < p->list.n && p->rows[p->list.sel] < p->t.nctr)
		p->selected = p->rows[p->list.sel];
	return true;
}

static bool ticky_open(struct viewer *u)
{
	struct ticky_pane *p = tickypane_of(u);
	if (build(u) && p->t.nctr && p->list.n == 0)
		p->selected = p->t.order[0];
	core_hint(u, "ticky counters summed over the window's samples; %s: sort, %s/%s: select",
		 core_key_for(u, ACT_PANE_SORT), core_key_for(u, ACT_UP), core_key_for(u, ACT_DOWN));
	return true;
}

/* The log grew: the counters point into the old mapping; read again. */
static void ticky_reload(struct viewer *u, bool before)
{
	struct ticky_pane *p = tickypane_of(u);
	if (before)
		ticky_drop(p);
}

static void ticky_done(struct viewer *u)
{
	ticky_drop(tickypane_of(u));
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
