/* The spans panel: the user's phases (model/spans.h: START name / STOP
 * name and name begin / name end user events, paired per thread), one row
 * a name with its count, total and nearest-rank percentiles over the whole
 * run, the longest total first; Enter shows the slowest instance. The
 * spans are paired when the panel or the span track first needs them (one
 * pass over the scheduler's and the user's events, on busy_run's worker:
 * the viewer can be quit meanwhile) and kept until the log grows. */
#include "draw.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core.h"
#include "loader.h"

struct spans_view {
	struct spans sp;
	uint32_t *order; /* names with spans, by total, longest first */
	size_t n;
};

/* The view's private state. */
struct spans_state {
	struct spans_view *v; /* the spans, once paired */
	bool tried;           /* paired for the track (whether or not any) */
};

extern const struct view_ops view_spans;

static struct spans_state *st(const struct viewer *u)
{
	return view_state(u, &view_spans);
}

static void spans_view_free(struct viewer *u)
{
	struct spans_view *v = st(u)->v;
	if (!v)
		return;
	spans_free(&v->sp);
	free(v->order);
	free(v);
	st(u)->v = NULL;
}

/* Pairing the spans: on busy_run's worker, from the store and the rc's
 * rules alone. */
struct spans_job {
	const struct store *s;
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
	bool ok = rules && spans_build(&v->sp, j->s, &r);
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

/* Pairs the spans of the log, once; q, Ctrl-C and SIGTERM end the viewer
 * meanwhile. */
static bool spans_ready(struct viewer *u)
{
	if (st(u)->v)
		return true;
	struct spans_job j = { .s = &u->s, .start = u->span_start, .stop = u->span_stop,
			       .nrules = u->nspans };
	busy_run(u, "pairing the spans", spans_job, &j);
	if (!j.v) {
		core_say(u, "spans: %s", j.err);
		return false;
	}
	st(u)->v = j.v;
	return true;
}

static void draw_spans(struct viewer *u)
{
	struct spans_view *v = st(u)->v;
	if (!v)
		return;
	char t[200];
	snprintf(t, sizeof t, "spans: %zu names (START/STOP name, name begin/end; %s: the slowest)",
		 v->n, core_key_for(u, ACT_SELECT));
	struct box b = draw_box(u, u->L.rows - 4, 100, t);
	int h = b.h - 2;
	mvprintw(b.y + 1, b.x + 1, "%-28s %6s %10s %10s %10s %10s %10s", "name", "count", "total",
		 "p50", "p90", "p99", "max");
	draw_scroll(u, (int)v->n, h);
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < v->n; i++) {
		int k = u->pl.top + i;
		const struct span_name *nm = &v->sp.names[v->order[k]];
		char a[32], c[32], d[32], e[32], f[32];
		pane_row_begin(b.y + 2 + i, b.x + 1, b.w - 2, k == u->pl.sel);
		draw_safe(b.y + 2 + i, b.x + 1, (const uint8_t *)nm->text, nm->len, 28, u->ascii);
		mvprintw(b.y + 2 + i, b.x + 30, "%6llu %10s %10s %10s %10s %10s",
			 (unsigned long long)nm->count, time_format(a, 32, nm->total),
			 time_format(c, 32, nm->p50), time_format(d, 32, nm->p90),
			 time_format(e, 32, nm->p99), time_format(f, 32, nm->max));
		pane_row_end(k == u->pl.sel);
	}
	if (!v->n)
		mvaddstr(b.y + 2, b.x + 1, "no spans: no START name / STOP name or name begin / name end pairs");
	draw_box_end(u);
}

static bool spans_open(struct viewer *u)
{
	if (!spans_ready(u))
		return false;
	struct spans *sp = &st(u)->v->sp;
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why)) /* as the spans report */
		core_say(u, "%s: the events are paired as if on one thread: spans of one name that "
			 "overlap may be paired wrongly", why);
	else if (sp->unmatched_stops || sp->unclosed)
		core_say(u, "%llu stops with no start, %llu starts never stopped",
		       (unsigned long long)sp->unmatched_stops, (unsigned long long)sp->unclosed);
	return true;
}

static int spans_rows(struct viewer *u)
{
	return st(u)->v ? (int)st(u)->v->n : 0;
}

static void spans_select(struct viewer *u)
{
	struct spans_view *v = st(u)->v;
	if (!v || (size_t)u->pl.sel >= v->n)
		return;
	const struct span_name *nm = &v->sp.names[v->order[u->pl.sel]];
	if (nm->slowest == SIZE_MAX)
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
	core_say(u, "the slowest '%.60s': %s, on thread %u (marked; %s: its statistics)", nm->text,
		 time_format(a, sizeof a, d), s1->thread, core_key_for(u, ACT_STATS));
}

/* Does the log have spans (paired once, when it has user events)? */
static bool spans_track(struct viewer *u)
{
	if (!st(u)->v && !st(u)->tried && u->tr.nmarks) {
		st(u)->tried = true;
		char keep[sizeof u->msg];
		snprintf(keep, sizeof keep, "%s", u->msg);
		spans_ready(u);
		snprintf(u->msg, sizeof u->msg, "%s", keep);
	}
	return st(u)->v && st(u)->v->sp.n;
}

/* The span track: each span in the window as a bar from its start to its
 * end, its name at its start, nested ones darker. */
static void spans_draw_track(struct viewer *u, int row)
{
	const struct layout *L = &u->L;
	if (!st(u)->v)
		return;
	const struct spans *sp = &st(u)->v->sp;
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
		mvaddstr(row, LAYOUT_GUTTER + c, u->ascii ? (depth[c] ? "#" : "=") : (depth[c] ? "\u2588" : "\u2501"));
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
		int took = draw_safe(row, LAYOUT_GUTTER + a, (const uint8_t *)nm->text, nm->len,
				     n - a < 24 ? n - a : 24, u->ascii);
		attroff(A_REVERSE);
		free_from = a + took + 1;
	}
}

/* The log grew: the spans are paired again, at once when the panel shows,
 * else when the track next asks for them. */
static void spans_reload(struct viewer *u, bool before)
{
	if (before)
		return;
	spans_view_free(u);
	if (view_shown(u, &view_spans))
		spans_ready(u);
	else
		st(u)->tried = false;
}

const struct view_ops view_spans = {
	.name = "spans",
	.opens_on = ACT_SPANS,
	.open = spans_open,
	.draw = draw_spans,
	.rows = spans_rows,
	.select = spans_select,
	.reload = spans_reload,
	.private_size = sizeof(struct spans_state),
	.done = spans_view_free,
	.track = spans_track,
	.draw_track = spans_draw_track,
};
