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
 * their states not).
 *
 * With two runs (hectic A B) the rows are both runs' threads, each with its
 * run's letter in the gutter, on the lanes' one time axis (B's from its own
 * events, as its lanes are drawn): by default A's in creation order, each
 * followed by the B thread it matches (the same label, k-th to k-th; the
 * unlabelled by id), then B's matched by none, so that a small screen shows
 * both runs; r also gives A's then B's, running time (both runs merged) and
 * label (matched labels adjacent). */
#define NCURSES_WIDECHAR 1
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/trows.h"
#include "core.h"
#include "label_fit.h"
#include "thread_order.h"

#define MAX_EVENTS 100000 /* a frame reads at most this many events */

enum sort { SORT_CREATED, SORT_RUNNING, SORT_LABEL, SORT_MATCHED, SORT_COUNT };
static const char *const sort_names[SORT_COUNT] = { "creation", "running time", "label",
						    "A's creation, B's matched after" };

/* The order's name: by creation, with two runs, A's then B's. */
static const char *sort_name(const struct viewer *u, enum sort s)
{
	return u->other && s == SORT_CREATED ? "creation, A's then B's" : sort_names[s];
}

/* Two runs: a row's thread (its run by letter index: 0 A, 1 B). */
struct crow {
	uint32_t id;
	int side;
};

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
			   * first nready only, the rest as needed (ensure);
			   * with two runs, indices into ent */
	struct crow *ent; /* two runs: the rows' threads, A's then B's */
	size_t nside[2];  /* two runs: the rows of A, of B */
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
	int gutter;       /* what the gutter of gutter_n threads wants; 0: unread */
	size_t gutter_n;
};

/* Does thread t of run r (its window [t0, t1)) get a row? */
static bool thread_gets_row(const struct viewer *u, const struct trows_pane *p, const struct viewer_run *r,
		 const struct thread_info *t, uint64_t t0, uint64_t t1)
{
	if (p->alive_only && ((t->created != UINT64_MAX && t->created >= t1) ||
			      (t->finished != UINT64_MAX && t->finished < t0) ||
			      (t->first_run == UINT64_MAX && t->created == UINT64_MAX)))
		return false;
	if (!p->matching || !u->has_re)
		return true;
	size_t ln;
	const uint8_t *l = tracks_label(&r->run.tr, &r->run.s, t, &ln);
	char idt[16];
	int il = snprintf(idt, sizeof idt, "%u", t->id);
	return (l && tracks_match(&u->re, l, ln)) ||
	       tracks_match(&u->re, (const uint8_t *)idt, (size_t)il);
}

/* A row's thread, and in *run its run. */
static const struct thread_info *row_thread(const struct viewer *u, const struct trows_pane *p,
					    size_t r, const struct viewer_run **run)
{
	*run = u->r;
	if (!u->other)
		return tracks_thread(&u->r->run.tr, p->ids[r]);
	const struct crow *c = &p->ent[p->ids[r]];
	*run = core_run_at(u, c->side);
	return tracks_thread(&(*run)->run.tr, c->id);
}

/* A row's sort key: its place by running time or label (ref: what the
 * rows hold, i its index in the tracks' table). */
static void trows_key_of(struct thread_key *k, enum sort sort, const struct viewer_run *r,
		   const struct thread_info *t, uint32_t ref, size_t i)
{
	k->ref = ref;
	k->k = sort == SORT_RUNNING ? UINT64_MAX - t->run_ns : i;
	k->label = NULL;
	k->len = 0;
	if (sort == SORT_LABEL) {
		size_t ln;
		k->label = tracks_label(&r->run.tr, &r->run.s, t, &ln);
		k->len = (uint32_t)ln;
	}
}

static int label_cmp(const struct thread_key *x, const struct thread_key *y)
{
	int c = memcmp(x->label, y->label, x->len < y->len ? x->len : y->len);
	return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* SORT_MATCHED's keys for the n rows of ent (A's na first): A's in their
 * order, each B row matched to one (the same label, k-th to k-th; the
 * unlabelled by id) right after it, the B rows matched by none last. */
static bool match_keys(const struct viewer *u, const struct trows_pane *p, struct thread_key *k,
		       size_t n, size_t na)
{
	struct thread_key *l = malloc((n ? n : 1) * sizeof *l);
	if (!l)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct viewer_run *r = core_run_at(u, p->ent[i].side);
		trows_key_of(&l[i], SORT_LABEL, r, tracks_thread(&r->run.tr, p->ent[i].id), (uint32_t)i, i);
		k[i] = (struct thread_key){ .ref = (uint32_t)i, .k = i < na ? 2 * (uint64_t)i : 2 * (uint64_t)n + i };
	}
	qsort(l, na, sizeof *l, thread_key_cmp_label);
	qsort(l + na, n - na, sizeof *l, thread_key_cmp_label);
	for (size_t i = 0, j = na; i < na && j < n;) {
		const struct thread_key *x = &l[i], *y = &l[j];
		int c = x->label && y->label ? label_cmp(x, y)
			: x->label || y->label ? (x->label ? -1 : 1) /* the labelled first */
			: (p->ent[x->ref].id > p->ent[y->ref].id) - (p->ent[x->ref].id < p->ent[y->ref].id);
		if (!c)
			k[y->ref].k = k[x->ref].k; /* after it: ties go by ref */
		i += c <= 0;
		j += c >= 0;
	}
	free(l);
	return true;
}

/* The rows' order: the keys sorted as needed (ensure), or by creation
 * (the table's order) none. */
static void rows_made(struct viewer *u, struct trows_pane *p, struct thread_key *keys, size_t n)
{
	free(p->keys);
	p->keys = keys;
	p->nids = n;
	p->nready = keys ? 0 : n;
	p->sorted = true;
	p->st0 = u->t0;
	p->st1 = u->t1;
	p->gen++;
	pane_list_set(&p->list, (int)p->nids);
}

/* Two runs: A's rows, then B's, each run's threads kept as one log keeps
 * them (in its window), then sorted. */
static bool make_rows_two(struct viewer *u, struct trows_pane *p)
{
	size_t nt = u->r->run.tr.nthreads + u->other->run.tr.nthreads, n = 0, na = 0;
	free(p->ent);
	p->ent = malloc((nt ? nt : 1) * sizeof *p->ent);
	p->ids = malloc((nt ? nt : 1) * sizeof *p->ids);
	struct thread_key *keys = p->sort != SORT_CREATED ? malloc((nt ? nt : 1) * sizeof *keys) : NULL;
	if (!p->ent || !p->ids || (p->sort != SORT_CREATED && !keys)) {
		free(keys);
		return false;
	}
	for (int side = 0; side < 2; side++) {
		const struct viewer_run *r = core_run_at(u, side);
		uint64_t t0, t1;
		core_run_window(u, side, &t0, &t1);
		for (size_t i = 0; i < r->run.tr.nthreads; i++) {
			const struct thread_info *t = &r->run.tr.threads[i];
			if (!thread_gets_row(u, p, r, t, t0, t1))
				continue;
			p->ent[n] = (struct crow){ t->id, side };
			p->ids[n] = (uint32_t)n;
			if (keys && p->sort != SORT_MATCHED)
				trows_key_of(&keys[n], p->sort, r, t, (uint32_t)n, n);
			n++;
		}
		p->nside[side] = side ? n - na : n;
		na = side ? na : n;
	}
	if (p->sort == SORT_MATCHED && !match_keys(u, p, keys, n, na)) {
		free(keys);
		return false;
	}
	rows_made(u, p, keys, n);
	return true;
}

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
	p->ids = NULL;
	p->nids = 0;
	if (u->other)
		return make_rows_two(u, p);
	size_t nt = u->r->run.tr.nthreads;
	p->ids = malloc((nt ? nt : 1) * sizeof *p->ids);
	struct thread_key *keys = p->sort != SORT_CREATED ? malloc((nt ? nt : 1) * sizeof *keys) : NULL;
	if (!p->ids || (p->sort != SORT_CREATED && !keys)) {
		free(keys);
		return false;
	}
	size_t n = 0;
	for (size_t i = 0; i < nt; i++) {
		const struct thread_info *t = &u->r->run.tr.threads[i];
		if (!thread_gets_row(u, p, u->r, t, u->t0, u->t1))
			continue;
		if (keys)
			trows_key_of(&keys[n], p->sort, u->r, t, t->id, i);
		else
			p->ids[n] = t->id;
		n++;
	}
	rows_made(u, p, keys, n);
	return true;
}

/* The first k rows in their order: the k smallest keys selected (in
 * O(rows): thread_key_select), then sorted (O(k log k)): a sort of 100k
 * threads costs only what is shown, and paging on sorts more. */
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
		thread_key_select(rest, nrest, w, cmp);
	qsort(rest, w, sizeof *rest, cmp);
	for (size_t i = 0; i < w; i++)
		p->ids[p->nready + i] = rest[i].ref;
	p->nready = want;
}

extern const struct view_ops view_thread_rows;

static struct trows_pane *trows_of(const struct viewer *u)
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

/* The other run's columns, as the lanes draw its rows: from column *off
 * (past the columns before its clock's 0, which --align can put in the
 * window) over [*t0, *t1) of its clock. */
static void other_columns(const struct viewer *u, int w, int *off, uint64_t *t0, uint64_t *t1)
{
	uint64_t width = u->t1 - u->t0, zero = core_from_other(u, 0);
	*off = 0;
	*t0 = core_to_other(u, u->t0);
	*t1 = *t0 + width < *t0 ? UINT64_MAX : *t0 + width;
	if (zero > u->t0 && u->other_shift > 0) {
		*off = zero >= u->t1 ? w - 1 : layout_time_to_col(u->t0, u->t1, w, zero);
		*t0 = 0;
		*t1 = u->t1 > zero ? u->t1 - zero : 1;
	}
}

/* Two runs: the cells of the n rows from top, each run's rows from its
 * own events (the other's in its columns). */
static bool cells_two(struct viewer *u, struct trows_pane *p, int top, int n, int w)
{
	uint32_t *ids = malloc((size_t)(n > 0 ? n : 1) * sizeof *ids);
	int *at = malloc((size_t)(n > 0 ? n : 1) * sizeof *at);
	bool ok = ids && at;
	for (int side = 0; ok && side < 2; side++) {
		int m = 0, off = 0;
		for (int i = 0; i < n; i++)
			if (p->ent[p->ids[top + i]].side == side) {
				ids[m] = p->ent[p->ids[top + i]].id;
				at[m++] = i;
			}
		uint64_t t0 = u->t0, t1 = u->t1;
		if (side != core_run_side(u))
			other_columns(u, w, &off, &t0, &t1);
		int cw = w - off;
		if (!m || cw <= 0 || t1 <= t0)
			continue;
		const struct viewer_run *r = core_run_at(u, side);
		struct trow_cell *c = calloc((size_t)m * (size_t)cw, sizeof *c);
		bool over = false;
		ok = c && trows_cells(&r->run.s, &r->run.tr, t0, t1, (unsigned)cw, ids, (size_t)m, MAX_EVENTS, c,
				      &over);
		for (int k = 0; ok && k < m; k++)
			memcpy(&p->cells[(size_t)at[k] * (size_t)w + (size_t)off], &c[(size_t)k * (size_t)cw],
			       (size_t)cw * sizeof *c);
		p->over = p->over || over;
		free(c);
	}
	free(ids);
	free(at);
	return ok;
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
	if (u->other) {
		if (n > 0 && w > 0 && !cells_two(u, p, top, n, w))
			return false;
	} else if (n > 0 && w > 0 && u->t1 > u->t0 &&
		   !trows_cells(&u->r->run.s, &u->r->run.tr, u->t0, u->t1, (unsigned)w, p->ids + top, (size_t)n,
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

/* What the run of letter index side lacks to know its threads (cut
 * before the cause, said on opening), or "". */
static const char *run_absent(struct viewer *u, int side, char *why, size_t n)
{
	bool other = u->other && side != core_run_side(u);
	if (other)
		core_runs_exchange(u);
	draw_absent(u, CLASS_BIT(CL_SCHED), why, n);
	if (other)
		core_runs_exchange(u);
	char *cause = strstr(why, " (");
	if (cause)
		*cause = 0;
	return why;
}

/* The title: the rows, their order, the selected thread's figures (its
 * label follows, drawn escaped: it is the log's). */
static void title(struct viewer *u, const struct trows_pane *p, char *t, size_t n)
{
	char why[160];
	int k = snprintf(t, n, "threads %s%s", p->alive_only ? "alive in the window: " : "",
			 p->matching && u->has_re ? "matching the search: " : "");
	if (u->other)
		k += snprintf(t + k, n - (size_t)k, "A %zu, B %zu, by %s", p->nside[0], p->nside[1],
			      sort_name(u, p->sort));
	else
		k += snprintf(t + k, n - (size_t)k, "%zu, by %s", p->nids, sort_names[p->sort]);
	int absent = 0;
	for (int side = 0; side < (u->other ? 2 : 1); side++) {
		if (!*run_absent(u, side, why, sizeof why))
			continue;
		if (u->other)
			k += snprintf(t + k, n - (size_t)k, "; %c: %s", 'A' + side, why);
		else
			k += snprintf(t + k, n - (size_t)k, "; %s", why);
		absent++;
	}
	if (absent == (u->other ? 2 : 1))
		return;
	if (p->nids) {
		const struct viewer_run *r;
		const struct thread_info *ti = row_thread(u, p, (size_t)p->list.sel, &r);
		char a[32], run[4] = "";
		if (u->other)
			snprintf(run, sizeof run, "%c ", 'A' + p->ent[p->ids[p->list.sel]].side);
		k += snprintf(t + k, n - (size_t)k, "; %sthread %u: ran %s in %u runs", run, ti->id,
			      time_format(a, sizeof a, ti->run_ns), ti->nruns);
	}
	if (p->over)
		snprintf(t + k, n - (size_t)k, "; over %d events here: lifetimes only (zoom in)",
			 MAX_EVENTS);
}

/* A row's gutter: the thread's id and, beside it, its label (escaped, cut
 * to what is left of the gutter but its last column, so that it reads
 * unlike the other rows' labels: label_fit); with two runs, its run's
 * letter first. */
static void draw_gutter(const struct viewer *u, int y, const struct label_set *l, int i, int side,
			const struct thread_info *ti, bool sel)
{
	char idt[16];
	int k = snprintf(idt, sizeof idt, "%u", ti->id), end = u->L.gutter - 1;
	pane_row_begin(y, 0, end, sel);
	if (side >= 0) {
		attron(A_BOLD);
		addch((chtype)('A' + side));
		attroff(A_BOLD);
		k++;
	}
	addnstr(idt, end - (side >= 0));
	if (l->t[i].s && k + 1 < end) {
		addch(' ');
		struct label_part part;
		label_set_fit(l, (size_t)i, end - k - 1, u->ascii, &part);
		draw_label(y, k + 1, l->t[i].s, &part, u->ascii);
	}
	pane_row_end(sel);
}

/* The gutter the rows want: the widest id and label (two runs: the run's
 * letter first) and a blank, of every thread of the runs, not of the rows
 * on screen or those w and M keep, so that the time axis stays put as the
 * rows scroll, sort or filter, or the window moves. Read once (reload:
 * again), so that 10k threads cost a frame nothing. */
static int trows_gutter(struct viewer *u)
{
	struct trows_pane *p = trows_of(u);
	size_t n = u->r->run.tr.nthreads + (u->other ? u->other->run.tr.nthreads : 0);
	if (p->gutter && p->gutter_n == n)
		return p->gutter;
	int w = 0;
	for (int side = 0; side < (u->other ? 2 : 1); side++) {
		const struct viewer_run *r = u->other ? core_run_at(u, side) : u->r;
		for (size_t i = 0; i < r->run.tr.nthreads; i++) {
			const struct thread_info *t = &r->run.tr.threads[i];
			char id[16];
			size_t ln;
			const uint8_t *l = tracks_label(&r->run.tr, &r->run.s, t, &ln);
			int k = snprintf(id, sizeof id, "%u", t->id) + (u->other != NULL);
			k += l ? 1 + label_width_of(l, ln, u->ascii) : 0;
			w = k > w ? k : w;
		}
	}
	p->gutter = w + 1;
	p->gutter_n = n;
	return p->gutter;
}

static void trows_draw_row(const struct viewer *u, const struct trows_pane *p, const struct label_set *l,
		     int i, int y)
{
	int r = p->list.top + i;
	const struct viewer_run *run;
	const struct thread_info *ti = row_thread(u, p, (size_t)r, &run);
	draw_gutter(u, y, l, i, u->other ? p->ent[p->ids[r]].side : -1, ti, r == p->list.sel);
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
		mvaddstr(y, u->L.plotx + c, g);
		if (at)
			attroff(at);
	}
}

/* The selected thread's runs on the lanes (x): a mark on each capability
 * lane's column where it ran longest, while the pane shows; with two runs,
 * on its run's lanes. */
static void lane_marks(struct viewer *u, const struct trows_pane *p)
{
	int sel = p->list.sel;
	if (u->pane != &view_thread_rows || !p->hl || !p->nids || !p->cells || sel < p->ctop ||
	    sel >= p->ctop + p->cn)
		return;
	const struct layout *L = &u->L;
	bool own = !u->other || p->ent[p->ids[sel]].side == core_run_side(u);
	const struct tracks *tr = own ? &u->r->run.tr : &u->other->run.tr;
	int lane0 = own ? L->lane0 : L->lane02, top = own ? L->lanes_top : 0;
	int nl = own ? L->nlanes : L->nlanes2;
	const struct trow_cell *row = &p->cells[(size_t)(sel - p->ctop) * (size_t)p->cw];
	for (int c = 0; c < p->cw && c < L->plotw; c++) {
		if (row[c].state != TS_RUN)
			continue;
		long ci = tracks_cap_index(tr, row[c].cap);
		if (ci < top || ci >= top + nl)
			continue;
		attr_t at = draw_attr(u, C_MARKER) | A_BOLD;
		attron(at);
		mvaddstr(lane0 + (int)(ci - top) * L->lane_h, L->plotx + c, u->ascii ? "#" : "\u25c6");
		attroff(at);
	}
}

static void draw_trows(struct viewer *u)
{
	struct trows_pane *p = trows_of(u);
	if (u->L.nlist <= 0)
		return;
	if (!make_rows(u, p) || (show(u, p), !cells(u, p))) {
		pane_frame(u, "thread rows: out of memory");
		return;
	}
	char t[400];
	title(u, p, t, sizeof t);
	struct pane_area a = pane_frame(u, t);
	int x = (int)strlen(t);
	if (p->nids && x + 4 < a.cols) {
		size_t n;
		const struct viewer_run *r;
		const struct thread_info *ti = row_thread(u, p, (size_t)p->list.sel, &r);
		const uint8_t *label = tracks_label(&r->run.tr, &r->run.s, ti, &n);
		attron(A_REVERSE);
		if (label) {
			mvaddstr(a.y, x, " \"");
			x = draw_safe(a.y, x + 2, label, n, a.cols - x - 3, u->ascii);
			addstr("\"");
		}
		attroff(A_REVERSE);
	}
	struct label_set l = { 0 }; /* the rows' labels, each fitted among the others */
	for (int i = 0; i < p->cn; i++) {
		const struct viewer_run *r;
		const struct thread_info *ti = row_thread(u, p, (size_t)(p->list.top + i), &r);
		size_t n;
		const uint8_t *label = tracks_label(&r->run.tr, &r->run.s, ti, &n);
		label_set_add(&l, label, label ? n : 0, u->ascii);
	}
	for (int i = 0; i < p->cn && !l.oom; i++)
		trows_draw_row(u, p, &l, i, a.y + 1 + i);
	label_set_free(&l);
	if (u->other) { /* both runs' lanes are drawn by now */
		if (!p->nids)
			mvaddstr(a.y + 1, 0, "no threads in either run");
		lane_marks(u, p);
		return;
	}
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

/* One log: the marks with the lanes (two runs: with the rows, once the
 * other run's lanes are drawn over theirs). */
static void trows_draw_lane_marks(struct viewer *u)
{
	if (!u->other)
		lane_marks(u, trows_of(u));
}

/* Enter: the selected thread's first run (with two runs, where it is on
 * the one axis). */
static void go_first_run(struct viewer *u, struct trows_pane *p)
{
	if (!make_rows(u, p) || !p->nids)
		return;
	ensure(p, (size_t)p->list.sel + 1);
	const struct viewer_run *r;
	const struct thread_info *ti = row_thread(u, p, (size_t)p->list.sel, &r);
	int side = u->other ? p->ent[p->ids[p->list.sel]].side : 0;
	char name[24], why[160];
	snprintf(name, sizeof name, "%s%sthread %u", u->other ? (side ? "B" : "A") : "",
		 u->other ? " " : "", ti->id);
	uint64_t first = ti->first_run;
	if (*run_absent(u, side, why, sizeof why)) {
		core_say(u, "%s's runs are not known: %s", name, why);
		return;
	}
	if (first == UINT64_MAX) {
		core_say(u, "%s never ran", name);
		return;
	}
	core_go_time(u, r == u->r ? first : core_from_other(u, first));
	core_say(u, "%s first runs here", name);
}

/* The rows made again from the first, for another choice of rows. */
static void rows_again(struct trows_pane *p)
{
	p->sorted = false;
	p->list.sel = p->list.top = 0;
}

static bool trows_act(struct viewer *u, enum action a)
{
	struct trows_pane *p = trows_of(u);
	if (pane_list_act(&p->list, a, false))
		return true;
	switch (a) {
	case ACT_PANE_SORT: /* matched: with two runs only */
		p->sort = (enum sort)((p->sort + 1) % (u->other ? SORT_COUNT : SORT_MATCHED));
		p->sorted = false;
		core_say(u, "threads by %s", sort_name(u, p->sort));
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
	if (u->other) /* both runs' rows on the first screen */
		trows_of(u)->sort = SORT_MATCHED;
	if (!u->other && *draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why)) {
		core_say(u, "%s", why);
		return true;
	}
	core_hint(u, "%s sort, %s alive only, %s matching the search, %s mark on lanes; digit: ran "
		    "on that cap, . runnable, M/S/B/I/D/T blocked (MVar, STM, black hole, I/O, delay, "
		    "throwTo), F foreign",
		 core_key_for(u, ACT_PANE_SORT), core_key_for(u, ACT_PANE_SCOPE),
		 core_key_for(u, ACT_PANE_MODE), core_key_for(u, ACT_HIGHLIGHT));
	return true;
}

/* What was made from the runs (the rows, their keys pointing into the
 * maps, the cells) freed, to be made again when next drawn. */
static void trows_unmake(struct trows_pane *p)
{
	free(p->ids);
	free(p->keys);
	free(p->ent);
	free(p->cells);
	p->ids = NULL;
	p->keys = NULL;
	p->ent = NULL;
	p->cells = NULL;
	p->cellcap = 0;
	p->nids = p->nready = 0;
	p->sorted = false;
}

/* Closed: what was made goes, and the choices with it. */
static void trows_close(struct viewer *u)
{
	struct trows_pane *p = trows_of(u);
	trows_unmake(p);
	memset(p, 0, sizeof *p);
}

/* The log grew, or the runs swapped (other-run): what was made from the
 * runs goes before; the choices and the selection stay. */
static void trows_reload(struct viewer *u, bool before)
{
	struct trows_pane *p = trows_of(u);
	if (!before)
		return;
	trows_unmake(p);
	p->gen++;
	p->gutter = 0;
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
	.gutter = trows_gutter,
};
