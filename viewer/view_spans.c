/* The spans panel: the user's phases (model/spans.h: START name / STOP
 * name and name begin / name end user events, paired per thread), one row
 * a name with its count, total and nearest-rank percentiles over the whole
 * run, the longest total first; Enter shows the slowest instance. The
 * spans are paired when the panel or the span track first needs them (one
 * pass over the scheduler's and the user's events, on busy_run's worker:
 * the viewer can be quit meanwhile) and kept until the log grows.
 *
 * With two runs (hectic A B) the panel compares them: a row a name of
 * either run, matched by name as hectic diff's spans section matches them
 * (a name in one run only is "only in A" or "only in B"), with both runs'
 * count, total, p50, p99 and max and the change of the total, the largest
 * change first (diff's order); under the list, every figure of the
 * selected name with its change. Enter goes to the name's slowest span in
 * the run the event list shows; the span track stays that run's.
 *
 * The names' column is as wide as the widest name asks (28 at least),
 * within the screen; a name that still does not fit is shortened among
 * the rows on screen (label_fit), so that two rows never read the same. */
#include "draw.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "label_fit.h"
#include "loader.h"

struct spans_view {
	struct spans sp;
	uint32_t *order; /* names with spans, by total, longest first */
	size_t n;
};

/* Two runs: a name of either, A's and B's (NULL: not in that run). */
struct cmp_row {
	const struct span_name *a, *b;
	double change; /* of the total: diff's order (diff_rows.c, change_of) */
};

/* The view's private state. */
struct spans_state {
	struct spans_view *v; /* the spans, once paired */
	bool tried;           /* paired for the track (whether or not any) */
	/* two runs: the other run's spans (paired when the panel first opens),
	 * and the rows of both (made from v and ov, dropped with either) */
	struct spans_view *ov;
	struct cmp_row *rows;
	size_t nrows;
	bool was_swapped; /* u->swapped before a reload */
};

extern const struct view_ops view_spans;

static struct spans_state *spans_of(const struct viewer *u)
{
	return view_state(u, &view_spans);
}

static void view_free(struct spans_view **pv)
{
	struct spans_view *v = *pv;
	if (!v)
		return;
	spans_free(&v->sp);
	free(v->order);
	free(v);
	*pv = NULL;
}

static void rows_free(struct spans_state *p)
{
	free(p->rows);
	p->rows = NULL;
	p->nrows = 0;
}

/* Everything paired, of both runs. */
static void spans_view_free(struct viewer *u)
{
	struct spans_state *p = spans_of(u);
	view_free(&p->v);
	view_free(&p->ov);
	rows_free(p);
}

/* Pairing the spans: on busy_run's worker, from the run's store and the
 * rc's rules alone. */
struct spans_job {
	const struct run *run;
	char *const *start, *const *stop;
	size_t nrules;
	struct spans_view *v; /* made, or NULL with err */
	char err[200];
};

static void spans_job(void *arg)
{
	struct spans_job *j = arg;
	struct spans_view *v = calloc(1, sizeof *v);
	struct span_rules r;
	snprintf(j->err, sizeof j->err, "out of memory");
	bool rules = v && span_rules_user(&r, j->start, j->stop, j->nrules, j->err, sizeof j->err);
	bool ok = rules && run_spans_fresh(j->run, &r, &v->sp);
	if (rules)
		span_rules_free(&r);
	if (ok) {
		v->order = malloc((v->sp.nnames ? v->sp.nnames : 1) * sizeof *v->order);
		ok = v->order != NULL;
	}
	if (!ok) {
		if (v)
			spans_free(&v->sp);
		free(v);
		return;
	}
	v->n = spans_by_total(&v->sp, v->order);
	j->v = v;
}

/* Pairs the spans of run r into *pv, once; q, Ctrl-C and SIGTERM end
 * the viewer meanwhile. */
static bool pair_into(struct viewer *u, const struct run *r, struct spans_view **pv,
		      const char *what)
{
	if (*pv)
		return true;
	struct spans_job j = { .run = r, .start = u->span_start, .stop = u->span_stop,
			       .nrules = u->nspans };
	busy_run(u, what, spans_job, &j);
	if (!j.v) {
		core_say(u, "spans: %s", j.err);
		return false;
	}
	*pv = j.v;
	return true;
}

/* The spans of the log the event list shows. */
static bool pane_spans_ready(struct viewer *u)
{
	return pair_into(u, &u->r->run, &spans_of(u)->v, "pairing the spans");
}

/* ---- two runs: the names of both, matched ---- */

/* A's and B's spans: the shown run is B when swapped. */
static const struct spans_view *run_a(const struct viewer *u)
{
	return u->swapped ? spans_of(u)->ov : spans_of(u)->v;
}

static const struct spans_view *run_b(const struct viewer *u)
{
	return u->swapped ? spans_of(u)->v : spans_of(u)->ov;
}

static int span_name_cmp(const struct span_name *a, const struct span_name *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int k = memcmp(a->text, b->text, n);
	return k ? k : (a->len > b->len) - (a->len < b->len);
}

static int by_name(const void *x, const void *y)
{
	return span_name_cmp(*(const struct span_name *const *)x, *(const struct span_name *const *)y);
}

/* The byte i of the key diff gives a name's total ("NAME total_ns"), or
 * -1 past its end: rows of equal change are in the order of their keys. */
static int key_byte(const struct span_name *nm, size_t i)
{
	static const char tail[] = " total_ns";
	if (i < nm->len)
		return (uint8_t)nm->text[i];
	i -= nm->len;
	return i < sizeof tail - 1 ? (uint8_t)tail[i] : -1;
}

static int by_change(const void *x, const void *y)
{
	const struct cmp_row *a = x, *b = y;
	if (a->change != b->change)
		return a->change > b->change ? -1 : 1;
	const struct span_name *na = a->a ? a->a : a->b, *nb = b->a ? b->a : b->b;
	for (size_t i = 0;; i++) {
		int ca = key_byte(na, i), cb = key_byte(nb, i);
		if (ca != cb)
			return ca < cb ? -1 : 1;
		if (ca < 0)
			return 0;
	}
}

/* The size of the change of the total, as hectic diff ranks its rows
 * (diff_rows.c): |B - A|, a run without the name counted as 0. */
static double total_change(const struct span_name *a, const struct span_name *b)
{
	double va = a ? (double)a->total : 0, vb = b ? (double)b->total : 0;
	return fabs(vb - va);
}

/* The names (with spans) of a run, sorted; *n of them. NULL: none, or out
 * of memory (*n 0 only for none). */
static const struct span_name **names_sorted(const struct spans_view *v, size_t *n)
{
	*n = v->n;
	const struct span_name **s = malloc((v->n ? v->n : 1) * sizeof *s);
	if (!s)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		s[i] = &v->sp.names[v->order[i]];
	qsort(s, v->n, sizeof *s, by_name);
	return s;
}

/* The rows of both runs, merged by name, by the change of the total. */
static bool rows_make(struct viewer *u)
{
	struct spans_state *p = spans_of(u);
	if (p->rows)
		return true;
	size_t na, nb;
	const struct span_name **a = names_sorted(run_a(u), &na), **b = names_sorted(run_b(u), &nb);
	p->rows = a && b ? malloc((na + nb ? na + nb : 1) * sizeof *p->rows) : NULL;
	if (p->rows) {
		size_t i = 0, k = 0, n = 0;
		while (i < na || k < nb) {
			int c = i == na ? 1 : k == nb ? -1 : span_name_cmp(a[i], b[k]);
			struct cmp_row *r = &p->rows[n++];
			r->a = c <= 0 ? a[i++] : NULL;
			r->b = c >= 0 ? b[k++] : NULL;
			r->change = total_change(r->a, r->b);
		}
		p->nrows = n;
		qsort(p->rows, n, sizeof *p->rows, by_change);
	}
	free(a);
	free(b);
	if (!p->rows)
		core_say(u, "spans: out of memory");
	return p->rows != NULL;
}

/* Both runs' spans and their rows. */
static bool compare_ready(struct viewer *u)
{
	return pane_spans_ready(u) &&
	       pair_into(u, &u->other->run, &spans_of(u)->ov, "pairing the other run's spans") &&
	       rows_make(u);
}

/* The figures right of a name: " %6s %10s %10s %10s %10s %10s". */
#define SPAN_FIGS 62

/* The names' column: the widest name of the run's (of either run's with
 * two), 28 at least. */
static int names_width(const struct spans_view *v, bool ascii)
{
	int w = 28;
	for (size_t i = 0; v && i < v->sp.nnames; i++) {
		int k = label_width_of((const uint8_t *)v->sp.names[i].text, v->sp.names[i].len, ascii);
		w = k > w ? k : w;
	}
	return w;
}

static void draw_spans(struct viewer *u)
{
	struct spans_view *v = spans_of(u)->v;
	if (!v)
		return;
	char t[200];
	snprintf(t, sizeof t, "spans: %zu names (START/STOP name, name begin/end; %s: the slowest)",
		 v->n, core_key_for(u, ACT_SELECT));
	int nw = names_width(v, u->ascii);
	struct box b = draw_box(u, u->L.rows - 4, nw + 2 + 8 + SPAN_FIGS, t);
	int h = b.h - 2;
	if (nw > b.w - 2 - SPAN_FIGS) /* what the box leaves, else the figures cut */
		nw = b.w - 2 - SPAN_FIGS > 12 ? b.w - 2 - SPAN_FIGS : 12;
	mvprintw(b.y + 1, b.x + 1, "%-*s %6s %10s %10s %10s %10s %10s", nw, "name", "count", "total",
		 "p50", "p90", "p99", "max");
	draw_scroll(u, (int)v->n, h);
	struct label_set names = { 0 };
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < v->n; i++) {
		const struct span_name *nm = &v->sp.names[v->order[u->pl.top + i]];
		label_set_add(&names, (const uint8_t *)nm->text, nm->len, u->ascii);
	}
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < v->n; i++) {
		int k = u->pl.top + i;
		const struct span_name *nm = &v->sp.names[v->order[k]];
		char a[32], c[32], d[32], e[32], f[32];
		pane_row_begin(b.y + 2 + i, b.x + 1, b.w - 2, k == u->pl.sel);
		draw_label_fit(&names, (size_t)i, b.y + 2 + i, b.x + 1, nw, u->ascii);
		mvprintw(b.y + 2 + i, b.x + 1 + nw + 1, "%6llu %10s %10s %10s %10s %10s",
			 (unsigned long long)nm->count, time_format(a, 32, nm->total),
			 time_format(c, 32, nm->p50), time_format(d, 32, nm->p90),
			 time_format(e, 32, nm->p99), time_format(f, 32, nm->max));
		pane_row_end(k == u->pl.sel);
	}
	label_set_free(&names);
	if (!v->n)
		mvaddstr(b.y + 2, b.x + 1, "no spans: no START name / STOP name or name begin / name end pairs");
	draw_box_end(u);
}

/* ---- two runs: drawing ---- */

enum figure { FG_COUNT, FG_TOTAL, FG_P50, FG_P99, FG_MAX, FG_N };

static uint64_t figure_of(const struct span_name *nm, enum figure k)
{
	return k == FG_COUNT ? nm->count : k == FG_TOTAL ? nm->total : k == FG_P50 ? nm->p50
	       : k == FG_P99 ? nm->p99 : nm->max;
}

/* A figure of a run: a count, or a time; empty when the run lacks the name. */
static char *spans_cell(char *buf, size_t n, const struct span_name *nm, enum figure k)
{
	if (!nm)
		*buf = 0;
	else if (k == FG_COUNT)
		snprintf(buf, n, "%llu", (unsigned long long)nm->count);
	else
		time_format(buf, n, figure_of(nm, k));
	return buf;
}

/* B - A, signed, in the figure's form ("only in A" when B lacks the
 * name), and B / A to 2 decimals (empty without both, or with A 0). */
static void spans_change(char d[32], char r[16], const struct span_name *a, const struct span_name *b,
		   enum figure k)
{
	*d = *r = 0;
	if (!a || !b) {
		snprintf(d, 32, "only in %s", a ? "A" : "B");
		return;
	}
	uint64_t va = figure_of(a, k), vb = figure_of(b, k), m = va > vb ? va - vb : vb - va;
	char t[28];
	if (k == FG_COUNT)
		snprintf(t, sizeof t, "%llu", (unsigned long long)m);
	else
		time_format(t, sizeof t, m);
	snprintf(d, 32, "%s%s", !m ? "" : vb > va ? "+" : "-", t);
	if (va)
		snprintf(r, 16, "%.2f", (double)vb / (double)va);
}

/* The columns right of the name: count and total with the change of the
 * total always; p50, p99 and max when the screen is wide enough. */
#define NARROW_W 54 /* " %7s %7s %9s %9s %10s %6s" */
#define WIDE_W 60   /* " %9s" x 6 */

/* Row r at (y, x), w columns; its name label i of those shown. */
static void draw_cmp_row(struct viewer *u, const struct cmp_row *r, int y, int x, int w, bool wide,
			 const struct label_set *names, size_t i)
{
	char c[FG_N][2][32], d[32], q[16], line[200];
	for (int k = 0; k < FG_N; k++) {
		spans_cell(c[k][0], 32, r->a, (enum figure)k);
		spans_cell(c[k][1], 32, r->b, (enum figure)k);
	}
	spans_change(d, q, r->a, r->b, FG_TOTAL);
	int n = snprintf(line, sizeof line, " %7s %7s %9s %9s %10s %6s", c[FG_COUNT][0],
			 c[FG_COUNT][1], c[FG_TOTAL][0], c[FG_TOTAL][1], d, q);
	if (wide)
		snprintf(line + n, sizeof line - (size_t)n, " %9s %9s %9s %9s %9s %9s", c[FG_P50][0],
			 c[FG_P50][1], c[FG_P99][0], c[FG_P99][1], c[FG_MAX][0], c[FG_MAX][1]);
	int nw = w - NARROW_W - (wide ? WIDE_W : 0);
	draw_label_fit(names, i, y, x, nw, u->ascii);
	mvaddnstr(y, x + nw, line, w - nw);
}

/* Every figure of the selected name, A, B and the change, from row y. */
static void draw_cmp_detail(struct viewer *u, const struct cmp_row *r, int y, int x, int w)
{
	static const char *const label[FG_N] = { "count", "total", "p50", "p99", "max" };
	const struct span_name *nm = r->a ? r->a : r->b;
	char line[120];
	struct label_set one = { 0 }; /* (cut as the list's names are) */
	label_set_add(&one, (const uint8_t *)nm->text, nm->len, u->ascii);
	int took = draw_label_fit(&one, 0, y, x, w < 24 ? w : 24, u->ascii) - x;
	label_set_free(&one);
	snprintf(line, sizeof line, "%*s%9s %9s %10s %6s", 8 - took > 0 ? 8 - took : 1, "", "A", "B",
		 "B - A", "B/A");
	mvaddnstr(y, x + took, line, w - took);
	for (int k = 0; k < FG_N; k++) {
		char a[32], b[32], d[32], q[16];
		spans_change(d, q, r->a, r->b, (enum figure)k);
		snprintf(line, sizeof line, "%-8s%9s %9s %10s %6s", label[k], spans_cell(a, 32, r->a, (enum figure)k),
			 spans_cell(b, 32, r->b, (enum figure)k), d, q);
		mvaddnstr(y + 1 + k, x, line, w);
	}
}

static void spans_draw_compare(struct viewer *u)
{
	struct spans_state *p = spans_of(u);
	if (!p->rows)
		return;
	int room = u->L.cols - 4; /* the box's inside, at most */
	bool wide = room >= 16 + NARROW_W + WIDE_W;
	int fixed = NARROW_W + (wide ? WIDE_W : 0);
	int need = names_width(p->v, u->ascii), other = names_width(p->ov, u->ascii);
	need = other > need ? other : need;
	int nw = room - fixed > need ? need : room - fixed < 4 ? 4 : room - fixed;
	char t[200], line[200];
	snprintf(t, sizeof t, "spans of A and B: %zu names, biggest change first (%s: the slowest in %s)",
		 p->nrows, core_key_for(u, ACT_SELECT), core_run_letter(u));
	/* the list, then a blank row and the selected name's figures */
	int want = 2 + (p->nrows ? (int)p->nrows : 1) + 2 + FG_N;
	struct box b = draw_box(u, want < u->L.rows - 4 ? want : u->L.rows - 4, nw + fixed + 2, t);
	int w = b.w - 2, h = b.h - 2;
	bool detail = p->nrows && h - 2 - FG_N >= (p->nrows < 3 ? (int)p->nrows : 3);
	int nlist = detail ? h - 2 - FG_N : h;
	int n = snprintf(line, sizeof line, "%-*s %7s %7s %9s %9s %10s %6s", nw - 1, "name", "count A",
			 "count B", "total A", "total B", "B - A", "B/A");
	if (wide)
		snprintf(line + n, sizeof line - (size_t)n, " %9s %9s %9s %9s %9s %9s", "p50 A", "p50 B",
			 "p99 A", "p99 B", "max A", "max B");
	mvaddnstr(b.y + 1, b.x + 1, line, w);
	draw_scroll(u, (int)p->nrows, nlist);
	struct label_set names = { 0 };
	for (int i = 0; i < nlist && (size_t)(u->pl.top + i) < p->nrows; i++) {
		const struct cmp_row *r = &p->rows[u->pl.top + i];
		const struct span_name *nm = r->a ? r->a : r->b;
		label_set_add(&names, (const uint8_t *)nm->text, nm->len, u->ascii);
	}
	for (int i = 0; i < nlist && (size_t)(u->pl.top + i) < p->nrows; i++) {
		int k = u->pl.top + i;
		pane_row_begin(b.y + 2 + i, b.x + 1, w, k == u->pl.sel);
		draw_cmp_row(u, &p->rows[k], b.y + 2 + i, b.x + 1, w, wide, &names, (size_t)i);
		pane_row_end(k == u->pl.sel);
	}
	label_set_free(&names);
	if (!p->nrows)
		mvaddnstr(b.y + 2, b.x + 1, "no spans in either run: no START name / STOP name or "
			  "name begin / name end pairs", w);
	if (detail && u->pl.sel >= 0 && (size_t)u->pl.sel < p->nrows)
		draw_cmp_detail(u, &p->rows[u->pl.sel], b.y + 3 + nlist, b.x + 1, w);
	draw_box_end(u);
}

static bool spans_open(struct viewer *u)
{
	if (!(core_two(u) ? compare_ready(u) : pane_spans_ready(u)))
		return false;
	struct spans *sp = &spans_of(u)->v->sp;
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why)) /* as the spans report */
		core_say(u, "%s: the events are paired as if on one thread: spans of one name that "
			 "overlap may be paired wrongly", why);
	else if (sp->unmatched_stops || sp->unclosed)
		core_say(u, "%llu stops with no start, %llu starts never stopped",
		       (unsigned long long)sp->unmatched_stops, (unsigned long long)sp->unclosed);
	return true;
}

static void spans_draw(struct viewer *u)
{
	if (core_two(u))
		spans_draw_compare(u);
	else
		draw_spans(u);
}

static int spans_rows(struct viewer *u)
{
	if (core_two(u))
		return (int)spans_of(u)->nrows;
	return spans_of(u)->v ? (int)spans_of(u)->v->n : 0;
}

/* The name of the selected row in the shown run (NULL: it has none, or
 * *only says which run has it). */
static const struct span_name *selected(struct viewer *u, const char **only)
{
	struct spans_state *p = spans_of(u);
	*only = NULL;
	if (u->pl.sel < 0)
		return NULL;
	if (!core_two(u))
		return p->v && (size_t)u->pl.sel < p->v->n ? &p->v->sp.names[p->v->order[u->pl.sel]]
							      : NULL;
	if ((size_t)u->pl.sel >= p->nrows)
		return NULL;
	const struct cmp_row *r = &p->rows[u->pl.sel];
	const struct span_name *nm = u->swapped ? r->b : r->a;
	if (!nm)
		*only = r->a ? "A" : "B";
	return nm;
}

static void spans_select(struct viewer *u)
{
	struct spans_view *v = spans_of(u)->v;
	const char *only;
	const struct span_name *nm = selected(u, &only);
	if (only) {
		const struct cmp_row *r = &spans_of(u)->rows[u->pl.sel];
		core_say(u, "'%.60s' is only in run %s: %s shows that run", (r->a ? r->a : r->b)->text,
			 only, core_key_for(u, ACT_OTHER_RUN));
		return;
	}
	if (!v || !nm || nm->slowest == SIZE_MAX)
		return;
	const struct span *s1 = &v->sp.v[nm->slowest];
	core_view_close(u);
	/* the span in the middle half of the window */
	uint64_t d = s1->end - s1->start, w = d * 2 > d ? d * 2 : d;
	core_set_window(u, s1->start > d / 2 ? s1->start - d / 2 : 0, w ? w : 1);
	u->cursor = s1->start;
	u->has_mark = true;
	u->marking = 0;
	u->mark_a = s1->start;
	u->mark_b = s1->end;
	u->sel_valid = false; /* the event list anchors at the cursor */
	char a[32];
	char in[16] = "";
	if (core_two(u))
		snprintf(in, sizeof in, " in %s", core_run_letter(u));
	core_say(u, "the slowest '%.60s'%s: %s, on thread %u (marked; %s: its statistics)", nm->text,
		 in, time_format(a, sizeof a, d), s1->thread, core_key_for(u, ACT_STATS));
}

/* Does the log have spans (paired once, when it has user events)? */
static bool spans_track(struct viewer *u)
{
	if (!spans_of(u)->v && !spans_of(u)->tried && u->r->run.tr.nmarks) {
		spans_of(u)->tried = true;
		char keep[sizeof u->msg];
		snprintf(keep, sizeof keep, "%s", u->msg);
		pane_spans_ready(u);
		snprintf(u->msg, sizeof u->msg, "%s", keep);
	}
	return spans_of(u)->v && spans_of(u)->v->sp.n;
}

/* The span track: each span in the window as a bar from its start to its
 * end, its name at its start, nested ones darker. */
static void spans_draw_track(struct viewer *u, int row)
{
	const struct layout *L = &u->L;
	if (!spans_of(u)->v)
		return;
	const struct spans *sp = &spans_of(u)->v->sp;
	int w = L->plotw;
	move(row, 0);
	clrtoeol();
	mvaddstr(row, 0, "spans");
	/* the deepest span over each column */
	int depth[1024];
	int n = w < 1024 ? w : 1024;
	for (int c = 0; c < n; c++)
		depth[c] = -1;
	for (size_t i = 0; i < sp->n && sp->v[i].start < u->t1; i++) {
		const struct span *s1 = &sp->v[i];
		if (s1->end < u->t0)
			continue;
		int a = s1->start < u->t0 ? 0 : layout_time_to_col(u->t0, u->t1, w, s1->start);
		int b = s1->end >= u->t1 ? w - 1 : layout_time_to_col(u->t0, u->t1, w, s1->end);
		for (int c = a; c <= b && c < n; c++)
			if (c >= 0 && s1->depth >= depth[c])
				depth[c] = s1->depth;
	}
	for (int c = 0; c < n; c++) {
		if (depth[c] < 0)
			continue;
		attr_t at = depth[c] ? draw_attr(u, C_MARKER) | A_BOLD : draw_attr(u, C_MARKER);
		attron(at);
		mvaddstr(row, L->plotx + c, u->ascii ? (depth[c] ? "#" : "=") : (depth[c] ? "\u2588" : "\u2501"));
		attroff(at);
	}
	/* names at the starts of the outermost spans, where they fit */
	int free_from = 0;
	for (size_t i = 0; i < sp->n && sp->v[i].start < u->t1; i++) {
		const struct span *s1 = &sp->v[i];
		if (s1->end < u->t0 || s1->depth)
			continue;
		int a = s1->start < u->t0 ? 0 : layout_time_to_col(u->t0, u->t1, w, s1->start);
		const struct span_name *nm = &sp->names[s1->name];
		if (a < free_from || a + 2 >= n)
			continue;
		attron(A_REVERSE);
		int took = draw_safe(row, L->plotx + a, (const uint8_t *)nm->text, nm->len,
				     n - a < 24 ? n - a : 24, u->ascii);
		attroff(A_REVERSE);
		free_from = a + took + 1;
	}
}

/* The gutter the track's label wants, and a blank. */
static int spans_gutter(struct viewer *u)
{
	(void)u;
	return (int)sizeof "spans";
}

/* The log grew: the spans are paired again, at once when the panel shows,
 * else when the track next asks for them. Two runs: the other-run action
 * swaps them, and what was paired of each run is still that run's: the
 * shown run's and the other's change places (the rows, made from both,
 * are made again). */
static void spans_reload(struct viewer *u, bool before)
{
	struct spans_state *p = spans_of(u);
	if (before) {
		p->was_swapped = u->swapped;
		return;
	}
	if (core_two(u) && u->swapped != p->was_swapped) {
		struct spans_view *t = p->v;
		p->v = p->ov;
		p->ov = t;
		rows_free(p);
	} else {
		spans_view_free(u);
	}
	if (view_shown(u, &view_spans)) {
		if (core_two(u))
			compare_ready(u);
		else
			pane_spans_ready(u);
	} else if (!p->v)
		p->tried = false;
}

const struct view_ops view_spans = {
	.name = "spans",
	.opens_on = ACT_SPANS,
	.open = spans_open,
	.draw = spans_draw,
	.rows = spans_rows,
	.select = spans_select,
	.reload = spans_reload,
	.private_size = sizeof(struct spans_state),
	.done = spans_view_free,
	.track = spans_track,
	.draw_track = spans_draw_track,
	.gutter = spans_gutter,
};
