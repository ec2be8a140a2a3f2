/* The thread rows pane (R): one row per Haskell thread under the lanes, on
 * their time axis: a digit where it ran (the capability; coloured as a
 * run), '.' runnable, a letter where blocked (M an MVar, S STM, B a black
 * hole, I I/O, D a delay, T throwTo, b other), F in a foreign call, '+'
 * where it was created, 'x' where it finished, '~' a migration, '?' alive
 * but its state not in the events read; blank before and after its life.
 * Rows sorted by creation, running time or label (r), all threads or only
 * those alive in the window (w); j/k select one, which x marks on the
 * capability lanes (where it ran) and Enter goes to its first run in the
 * window. Only the rows shown are computed (model/trows.c), from the
 * window's scheduler events; a window with too many shows lifetimes only
 * and says so. A log without scheduler events (+RTS -l-au) says that its
 * threads are not known (those known from their labels alone are listed,
 * their states not). */
#define NCURSES_WIDECHAR 1
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/trows.h"
#include "core.h"
#include "thread_order.h"

#define MAX_EVENTS 100000 /* a frame reads at most this many events */

enum sort { SORT_CREATED, SORT_RUNNING, SORT_LABEL, SORT_COUNT };
static const char *const sort_names[SORT_COUNT] = { "creation", "running time", "label" };

/* The pane's private state (view_state): the choices and what was made for
 * the rows shown, from the opening to the closing. */
struct trows_pane {
	enum sort sort;
	bool alive_only;
	bool matching;     /* only threads whose label or id matches the search */
	char pat[200];     /* the search the rows were made for */
	bool hl;          /* the selected thread's runs marked on the lanes */
	struct pane_list list; /* the rows: selection, scrolling, paging */
	uint32_t *ids;    /* the threads in order (all, or those alive): the
			   * first nready only, the rest as needed (ensure) */
	size_t nids, nready;
	struct thread_key *keys; /* nids sort keys, when not by creation */
	bool sorted;
	uint64_t st0, st1; /* the window ids was made for (alive_only) */
	/* the cells of the rows shown, for (ct0, ct1, cw, ctop, cn) */
	struct trow_cell *cells;
	size_t cellcap;
	uint64_t ct0, ct1;
	int cw, ctop, cn;
	unsigned cgen;
	bool over;
	unsigned gen; /* bumped when the rows change */
};

/* The rows: every thread (or those alive in the window), sorted. By
 * creation is the order of the tracks' table (thread ids, which the RTS
 * gives in creation order): no sort at all. */
static bool make_rows(struct viewer *u, struct trows_pane *p)
{
	if (p->sorted && (!p->alive_only || (p->st0 == u->t0 && p->st1 == u->t1)) &&
	    (!p->matching || !strcmp(p->pat, u->pattern)))
		return true;
	snprintf(p->pat, sizeof p->pat, "%s", u->pattern);
	free(p->ids);
	size_t nt = u->tr.nthreads;
	p->ids = malloc((nt ? nt : 1) * sizeof *p->ids);
	struct thread_key *keys = p->sort != SORT_CREATED ? malloc((nt ? nt : 1) * sizeof *keys) : NULL;
	p->nids = 0;
	if (!p->ids || (p->sort != SORT_CREATED && !keys)) {
		free(keys);
		return false;
	}
	size_t n = 0;
	for (size_t i = 0; i < nt; i++) {
		const struct thread_info *t = &u->tr.threads[i];
		if (p->alive_only && ((t->created != UINT64_MAX && t->created >= u->t1) ||
				      (t->finished != UINT64_MAX && t->finished < u->t0) ||
				      (t->first_run == UINT64_MAX && t->created == UINT64_MAX)))
			continue;
		if (p->matching && u->has_re) {
			size_t ln;
			const uint8_t *l = tracks_label(&u->tr, &u->s, t, &ln);
			char idt[16];
			int il = snprintf(idt, sizeof idt, "%u", t->id);
			if (!(l && tracks_match(&u->re, l, ln)) &&
			    !tracks_match(&u->re, (const uint8_t *)idt, (size_t)il))
				continue;
		}
		if (!keys) {
			p->ids[n++] = t->id;
			continue;
		}
		struct thread_key *k = &keys[n++];
		k->ref = t->id;
		k->k = p->sort == SORT_RUNNING ? UINT64_MAX - t->run_ns : i;
		k->label = NULL;
		k->len = 0;
		if (p->sort == SORT_LABEL) {
			size_t ln;
			k->label = tracks_label(&u->tr, &u->s, t, &ln);
			k->len = (uint32_t)ln;
		}
	}
	free(p->keys);
	p->keys = keys;
	p->nids = n;
	p->nready = keys ? 0 : n;
	p->sorted = true;
	p->st0 = u->t0;
	p->st1 = u->t1;
	p->gen++;
	pane_list_set(&p->list, (int)p->nids);
	return true;
}

/* The first k rows in their order: the k smallest keys selected (in
 * O(rows)), then sorted (O(k log k)): a sort of 100k threads costs only
 * what is shown, and paging on sorts more. */
static void swap_keys(struct thread_key *a, struct thread_key *b)
{
	struct thread_key t = *a;
	*a = *b;
	*b = t;
}

static void select_k(struct thread_key *v, size_t n, size_t k, int (*cmp)(const void *, const void *))
{
	size_t lo = 0, hi = n; /* the k-th smallest lies in [lo, hi) */
	while (hi - lo > 1) {
		/* the median of three as the pivot, at hi - 1 */
		size_t mid = lo + (hi - lo) / 2;
		if (cmp(&v[mid], &v[lo]) < 0)
			swap_keys(&v[mid], &v[lo]);
		if (cmp(&v[hi - 1], &v[lo]) < 0)
			swap_keys(&v[hi - 1], &v[lo]);
		if (cmp(&v[mid], &v[hi - 1]) < 0)
			swap_keys(&v[mid], &v[hi - 1]);
		size_t st = lo;
		for (size_t i = lo; i < hi - 1; i++)
			if (cmp(&v[i], &v[hi - 1]) < 0)
				swap_keys(&v[i], &v[st++]);
		swap_keys(&v[st], &v[hi - 1]);
		if (st == k)
			return;
		if (st < k)
			lo = st + 1;
		else
			hi = st;
	}
}

static void ensure(struct trows_pane *p, size_t k)
{
	if (k > p->nids)
		k = p->nids;
	if (k <= p->nready || !p->keys)
		return;
	size_t want = k * 4 > 256 ? k * 4 : 256; /* room to page */
	if (want > p->nids)
		want = p->nids;
	int (*cmp)(const void *, const void *) = p->sort == SORT_LABEL ? thread_key_cmp_label : thread_key_cmp;
	struct thread_key *rest = p->keys + p->nready;
	size_t nrest = p->nids - p->nready, w = want - p->nready;
	if (w < nrest)
		select_k(rest, nrest, w, cmp);
	qsort(rest, w, sizeof *rest, cmp);
	for (size_t i = 0; i < w; i++)
		p->ids[p->nready + i] = rest[i].ref;
	p->nready = want;
}

extern const struct view_ops view_thread_rows;

static struct trows_pane *st(const struct viewer *u)
{
	return view_state(u, &view_thread_rows);
}

/* The rows on screen: nlist less the title. */
static int visible(const struct viewer *u)
{
	return u->L.nlist > 1 ? u->L.nlist - 1 : 0;
}

/* Before drawing: the selection kept in the rows and in view, and the
 * rows shown (and the selected one) in their order. */
static void show(struct viewer *u, struct trows_pane *p)
{
	int h = visible(u);
	pane_list_set(&p->list, (int)p->nids);
	pane_list_show(&p->list, h);
	size_t need = (size_t)p->list.top + (size_t)(h > 0 ? h : 1);
	ensure(p, need > (size_t)p->list.sel + 1 ? need : (size_t)p->list.sel + 1);
}

/* The cells of the rows shown, made again when the window, the width or
 * the rows changed. */
static bool cells(struct viewer *u, struct trows_pane *p)
{
	int w = u->L.plotw, n = visible(u), top = p->list.top;
	if (top + n > (int)p->nids)
		n = (int)p->nids - top;
	if (n < 0)
		n = 0;
	if (p->cells && p->ct0 == u->t0 && p->ct1 == u->t1 && p->cw == w && p->ctop == top &&
	    p->cn == n && p->cgen == p->gen)
		return true;
	size_t need = (size_t)(n > 0 ? n : 1) * (size_t)(w > 0 ? w : 1);
	if (need > p->cellcap) {
		struct trow_cell *c = realloc(p->cells, need * sizeof *c);
		if (!c)
			return false;
		p->cells = c;
		p->cellcap = need;
	}
	/* blank (TS_NONE) unless the model writes them: it leaves them as
	 * they are for an empty window, which must not draw stale cells */
	memset(p->cells, 0, need * sizeof *p->cells);
	p->over = false;
	if (n > 0 && w > 0 && u->t1 > u->t0 &&
	    !trows_cells(&u->s, &u->tr, u->t0, u->t1, (unsigned)w, p->ids + top, (size_t)n,
			 MAX_EVENTS, p->cells, &p->over))
		return false;
	p->ct0 = u->t0;
	p->ct1 = u->t1;
	p->cw = w;
	p->ctop = top;
	p->cn = n;
	p->cgen = p->gen;
	return true;
}

static const char *glyph(const struct viewer *u, const struct trow_cell *c, char *buf)
{
	if (c->created)
		return "+";
	if (c->finished)
		return "x";
	if (c->migrated)
		return "~";
	switch (c->state) {
	case TS_RUN:
		buf[0] = c->cap >= 0 && c->cap < 10 ? (char)('0' + c->cap) : '*';
		buf[1] = 0;
		return buf;
	case TS_RUNNABLE: return ".";
	case TS_BLOCKED:
		buf[0] = trows_reason_letter(c->reason);
		buf[1] = 0;
		return buf;
	case TS_FOREIGN: return "F";
	case TS_UNKNOWN: return u->ascii ? "?" : "\u00b7"; /* · */
	default: return " ";
	}
}

/* The title: the rows, their order, the selected thread's figures (its
 * label follows, drawn escaped: it is the log's). */
static void title(const struct viewer *u, const struct trows_pane *p, char *t, size_t n)
{
	char why[160];
	int k = snprintf(t, n, "threads %s%s%zu, by %s", p->alive_only ? "alive in the window: " : "",
			 p->matching && u->has_re ? "matching the search: " : "", p->nids,
			 sort_names[p->sort]);
	if (*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why)) {
		char *cause = strstr(why, " ("); /* (said below, or on opening) */
		if (cause)
			*cause = 0;
		snprintf(t + k, n - (size_t)k, "; %s", why);
		return;
	}
	if (p->nids) {
		const struct thread_info *ti = tracks_thread(&u->tr, p->ids[p->list.sel]);
		char a[32];
		k += snprintf(t + k, n - (size_t)k, "; thread %u: ran %s in %u runs", ti->id,
			      time_format(a, sizeof a, ti->run_ns), ti->nruns);
	}
	if (p->over)
		snprintf(t + k, n - (size_t)k, "; over %d events here: lifetimes only (zoom in)",
			 MAX_EVENTS);
}

/* A row's gutter: the thread's id and, beside it, its label (escaped, cut
 * to what is left of the gutter but its last column). */
static void draw_gutter(const struct viewer *u, int y, const struct thread_info *ti, bool sel)
{
	char idt[16];
	int k = snprintf(idt, sizeof idt, "%u", ti->id), end = LAYOUT_GUTTER - 1;
	pane_row_begin(y, 0, end, sel);
	addnstr(idt, end);
	size_t n;
	const uint8_t *label = tracks_label(&u->tr, &u->s, ti, &n);
	if (label && n && k + 1 < end) {
		addch(' ');
		draw_safe(y, k + 1, label, n, end - k - 1, u->ascii);
	}
	pane_row_end(sel);
}

static void draw_row(const struct viewer *u, const struct trows_pane *p, int i, int y)
{
	int r = p->list.top + i;
	draw_gutter(u, y, tracks_thread(&u->tr, p->ids[r]), r == p->list.sel);
	for (int c = 0; c < p->cw; c++) {
		const struct trow_cell *cell = &p->cells[(size_t)i * (size_t)p->cw + (size_t)c];
		char buf[4];
		const char *g = glyph(u, cell, buf);
		attr_t at = cell->state == TS_RUN ? draw_attr(u, C_RUN)
			    : cell->state == TS_BLOCKED || cell->state == TS_FOREIGN
				    ? draw_attr(u, C_MARKER)
			    : cell->state == TS_UNKNOWN || cell->state == TS_RUNNABLE ? draw_attr(u, C_DIM)
										      : 0;
		if (at)
			attron(at);
		mvaddstr(y, LAYOUT_GUTTER + c, g);
		if (at)
			attroff(at);
	}
}

static void draw_trows(struct viewer *u)
{
	struct trows_pane *p = st(u);
	if (u->L.nlist <= 0)
		return;
	if (!make_rows(u, p) || (show(u, p), !cells(u, p))) {
		pane_frame(u, "thread rows: out of memory");
		return;
	}
	char t[300];
	title(u, p, t, sizeof t);
	struct pane_area a = pane_frame(u, t);
	int x = (int)strlen(t);
	if (p->nids && x + 4 < a.cols) {
		size_t n;
		const struct thread_info *ti = tracks_thread(&u->tr, p->ids[p->list.sel]);
		const uint8_t *label = tracks_label(&u->tr, &u->s, ti, &n);
		attron(A_REVERSE);
		if (label) {
			mvaddstr(a.y, x, " \"");
			x = draw_safe(a.y, x + 2, label, n, a.cols - x - 3, u->ascii);
			addstr("\"");
		}
		attroff(A_REVERSE);
	}
	for (int i = 0; i < p->cn; i++)
		draw_row(u, p, i, a.y + 1 + i);
	char why[160];
	bool states = !*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why);
	if (!p->nids && states)
		mvaddstr(a.y + 1, 0, "no threads in this log");
	if (!p->nids && !states && a.h >= 3) {
		mvaddnstr(a.y + 1, 0, why, a.cols);
		mvaddnstr(a.y + 2, 0, "the threads, their lifetimes and running time are not known",
			  a.cols);
	}
}

/* The selected thread's runs on the lanes (x): a mark on each capability
 * lane's column where it ran longest, while the pane shows. */
static void trows_draw_lane_marks(struct viewer *u)
{
	struct trows_pane *p = st(u);
	int sel = p->list.sel;
	if (u->pane != &view_thread_rows || !p->hl || !p->nids || !p->cells || sel < p->ctop ||
	    sel >= p->ctop + p->cn)
		return;
	const struct layout *L = &u->L;
	const struct trow_cell *row = &p->cells[(size_t)(sel - p->ctop) * (size_t)p->cw];
	for (int c = 0; c < p->cw && c < L->plotw; c++) {
		if (row[c].state != TS_RUN)
			continue;
		long ci = tracks_cap_index(&u->tr, row[c].cap);
		if (ci < L->lanes_top || ci >= L->lanes_top + L->nlanes)
			continue;
		attr_t at = draw_attr(u, C_MARKER) | A_BOLD;
		attron(at);
		mvaddstr(L->lane0 + (int)(ci - L->lanes_top), LAYOUT_GUTTER + c, u->ascii ? "#" : "\u25c6");
		attroff(at);
	}
}

/* Enter: the selected thread's first run. */
static void go_first_run(struct viewer *u, struct trows_pane *p)
{
	if (!make_rows(u, p) || !p->nids)
		return;
	ensure(p, (size_t)p->list.sel + 1);
	const struct thread_info *ti = tracks_thread(&u->tr, p->ids[p->list.sel]);
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why)) {
		core_say(u, "thread %u's runs are not known: %s", ti->id, why);
		return;
	}
	if (ti->first_run == UINT64_MAX) {
		core_say(u, "thread %u never ran", ti->id);
		return;
	}
	core_go_time(u, ti->first_run);
	core_say(u, "thread %u first runs here", ti->id);
}

/* The rows made again from the first, for another choice of rows. */
static void rows_again(struct trows_pane *p)
{
	p->sorted = false;
	p->list.sel = p->list.top = 0;
}

static bool trows_act(struct viewer *u, enum action a)
{
	struct trows_pane *p = st(u);
	if (pane_list_act(&p->list, a, false))
		return true;
	switch (a) {
	case ACT_PANE_SORT:
		p->sort = (enum sort)((p->sort + 1) % SORT_COUNT);
		p->sorted = false;
		core_say(u, "threads by %s", sort_names[p->sort]);
		return true;
	case ACT_PANE_SCOPE:
		p->alive_only = !p->alive_only;
		rows_again(p);
		core_say(u, "%s", p->alive_only ? "only the threads alive in the window"
					      : "every thread");
		return true;
	case ACT_PANE_MODE:
		if (!u->has_re && !p->matching) {
			core_say(u, "search first (%s REGEX): then only the threads whose label or id matches",
				 core_key_for(u, ACT_SEARCH));
			return true;
		}
		p->matching = !p->matching;
		rows_again(p);
		core_say(u, "%s", p->matching ? "only the threads whose label or id matches the search"
					    : "every thread, matching or not");
		return true;
	case ACT_HIGHLIGHT:
		p->hl = !p->hl;
		core_say(u, "%s", p->hl ? "the selected thread's runs marked on the lanes"
				      : "lane marks off");
		return true;
	case ACT_CANCEL:
		if (!p->hl)
			return false;
		p->hl = false;
		return true;
	case ACT_SELECT: go_first_run(u, p); return true;
	default: return false;
	}
}

static bool trows_open(struct viewer *u)
{
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why)) {
		core_say(u, "%s", why);
		return true;
	}
	core_say(u, "%s sort, %s alive only, %s matching the search, %s mark on lanes; digit: ran "
		    "on that cap, . runnable, M/S/B/I/D/T blocked (MVar, STM, black hole, I/O, delay, "
		    "throwTo), F foreign",
		 core_key_for(u, ACT_PANE_SORT), core_key_for(u, ACT_PANE_SCOPE),
		 core_key_for(u, ACT_PANE_MODE), core_key_for(u, ACT_HIGHLIGHT));
	return true;
}

/* Closed: what was made goes, and the choices with it. */
static void trows_close(struct viewer *u)
{
	struct trows_pane *p = st(u);
	free(p->ids);
	free(p->keys);
	free(p->cells);
	memset(p, 0, sizeof *p);
}

/* The log grew: the rows and cells are made again. */
static void trows_reload(struct viewer *u, bool before)
{
	struct trows_pane *p = st(u);
	if (!before && view_shown(u, &view_thread_rows)) {
		p->sorted = false;
		p->gen++;
	}
}

const struct view_ops view_thread_rows = {
	.name = "trows",
	.pane = true,
	.opens_on = ACT_THREAD_ROWS,
	.open = trows_open,
	.close = trows_close,
	.draw = draw_trows,
	.act = trows_act,
	.reload = trows_reload,
	.private_size = sizeof(struct trows_pane),
	.done = trows_close,
	.draw_lanes = trows_draw_lane_marks,
};
