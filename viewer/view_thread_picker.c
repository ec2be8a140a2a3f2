/* The thread picker: every thread with, for the window in view, its
 * running time, runs and capabilities (or, when the window holds too many
 * events to read at once, the whole run's), and when it was created, first
 * ran and ended, and its label; r sorts by id, running time, runs or
 * label; Enter goes to the first run. */
#include "draw.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "loader.h"
#include "thread_order.h"

#define WINDOW_MAX_EVENTS 2000000 /* the window's figures are read up to this */

enum tsort { TS_ID, TS_RUNNING, TS_RUNS, TS_LABEL, TS_NSORT };
static const char *const tsort_names[TS_NSORT] = { "id", "running time", "runs", "label" };

/* The picker's private state (view_state), from its opening to its
 * closing. */
struct picker {
	struct thread_window *fig; /* by tr.threads index: the running time, runs
				    * and caps shown, the window's or the whole run's */
	bool whole;                /* fig holds the whole run's */
	uint32_t *order;           /* indices into tr.threads */
	enum tsort sort;
};

extern const struct view_ops view_thread_picker;

static struct picker *st(const struct viewer *u)
{
	return view_state(u, &view_thread_picker);
}

/* The rows in the order of p->sort (ties by index: by id); false when out
 * of memory (the order stays). */
static bool resort(const struct viewer *u, struct picker *p)
{
	size_t n = u->tr.nthreads;
	struct thread_key *k = malloc((n ? n : 1) * sizeof *k);
	if (!k)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct thread_window *f = &p->fig[i];
		k[i] = (struct thread_key){ .ref = (uint32_t)i };
		k[i].k = p->sort == TS_RUNNING ? UINT64_MAX - f->run_ns
			 : p->sort == TS_RUNS  ? UINT64_MAX - f->nruns
					       : i;
		if (p->sort == TS_LABEL) {
			size_t ln;
			k[i].label = tracks_label(&u->tr, &u->s, &u->tr.threads[i], &ln);
			k[i].len = (uint32_t)ln;
		}
	}
	qsort(k, n, sizeof *k, p->sort == TS_LABEL ? thread_key_cmp_label : thread_key_cmp);
	for (size_t i = 0; i < n; i++)
		p->order[i] = k[i].ref;
	free(k);
	return true;
}

/* The window's figures, on busy_run's worker (q still quits). */
struct window_job {
	const struct tracks *tr;
	const struct store *s;
	uint64_t t0, t1;
	struct thread_window *out;
	bool ok;
};

static void window_job(void *arg)
{
	struct window_job *j = arg;
	j->ok = tracks_threads_window(j->tr, j->s, j->t0, j->t1, j->out);
}

/* The window's own figures when it holds few enough events (by the log's
 * mean density), else the whole run's. False when out of memory. */
static bool figures(struct viewer *u, struct picker *p, size_t n)
{
	p->fig = calloc(n ? n : 1, sizeof *p->fig);
	if (!p->fig)
		return false;
	uint64_t span = u->s.tmax > u->s.tmin ? u->s.tmax - u->s.tmin : 1;
	uint64_t w = u->t1 > u->t0 ? u->t1 - u->t0 : 0;
	if (w && (unsigned __int128)u->s.nevents * w / span <= WINDOW_MAX_EVENTS) {
		struct window_job j = { &u->tr, &u->s, u->t0, u->t1, p->fig, false };
		busy_run(u, "the threads' figures in the window", window_job, &j);
		if (j.ok)
			return true;
	}
	p->whole = true;
	for (size_t i = 0; i < n; i++) {
		const struct thread_info *t = &u->tr.threads[i];
		p->fig[i] = (struct thread_window){ .run_ns = t->run_ns, .nruns = t->nruns,
						    .caps = t->caps };
	}
	core_say(u, "the window holds too many events: running time, runs and caps of the whole run");
	return true;
}

static void threads_close(struct viewer *u)
{
	struct picker *p = st(u);
	free(p->fig);
	free(p->order);
	memset(p, 0, sizeof *p);
}

static bool threads_open(struct viewer *u)
{
	struct picker *p = st(u);
	size_t n = u->tr.nthreads;
	memset(p, 0, sizeof *p);
	p->order = malloc((n ? n : 1) * sizeof *p->order);
	if (!p->order || !figures(u, p, n)) {
		threads_close(u);
		core_say(u, "threads: out of memory");
		return false;
	}
	for (size_t i = 0; i < n; i++)
		p->order[i] = (uint32_t)i;
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why))
		core_say(u, "%s", why);
	return true;
}

/* A row of the table at y: the thread of index ix. */
static void draw_row(struct viewer *u, const struct box *b, int y, size_t ix, bool sel, bool known)
{
	const struct picker *p = st(u);
	const struct thread_info *ti = &u->tr.threads[ix];
	char a[32], c[32], d[32], e[32], caps[24];
	tracks_caps_text(p->fig[ix].caps, caps, sizeof caps);
	pane_row_begin(y, b->x + 1, b->w - 2, sel);
	char runs[24] = "-";
	if (known)
		snprintf(runs, sizeof runs, "%u", p->fig[ix].nruns);
	printw("%8u %10s %10s %10s %10s %6s %-6.6s ", ti->id,
	       ti->created != UINT64_MAX ? core_fmt_moment(a, 32, ti->created) : "-",
	       ti->first_run != UINT64_MAX ? core_fmt_moment(c, 32, ti->first_run) : "-",
	       ti->finished != UINT64_MAX ? core_fmt_moment(d, 32, ti->finished) : "-",
	       known ? time_format(e, 32, p->fig[ix].run_ns) : "-", runs, known ? caps : "-");
	size_t n;
	const uint8_t *label = tracks_label(&u->tr, &u->s, ti, &n);
	int x = getcurx(stdscr);
	if (label && x < b->x + b->w - 1)
		draw_safe(y, x, label, n, b->x + b->w - 1 - x, u->ascii);
	pane_row_end(sel);
}

static void draw_threads(struct viewer *u)
{
	const struct picker *p = st(u);
	char t[200];
	snprintf(t, sizeof t, "threads: %zu, by %s; %s (%s: sort; %s: go to the first run)",
		 u->tr.nthreads, tsort_names[p->sort], p->whole ? "whole run" : "in the window",
		 core_key_for(u, ACT_PANE_SORT), core_key_for(u, ACT_SELECT));
	struct box b = draw_box(u, u->L.rows - 4, 108, t);
	mvprintw(b.y + 1, b.x + 1, "%8s %10s %10s %10s %10s %6s %-6s %s", "thread", "created",
		 "first run", "ended", "running", "runs", "caps", "label");
	int h = b.h - 2;
	char why[160];
	bool known = !*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why);
	if (!known && !u->tr.nthreads && h >= 2) { /* nothing to list: say why */
		draw_safe(b.y + 2, b.x + 1, (const uint8_t *)why, strlen(why), b.w - 2, u->ascii);
		mvaddnstr(b.y + 3, b.x + 1, "the threads, their lifetimes and running time are not known",
			  b.w - 2);
		draw_box_end(u);
		return;
	}
	draw_scroll(u, (int)u->tr.nthreads, h);
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < u->tr.nthreads; i++)
		draw_row(u, &b, b.y + 2 + i, p->order[u->pl.top + i], u->pl.top + i == u->pl.sel,
			 known);
	draw_box_end(u);
}

static int threads_rows(struct viewer *u)
{
	return (int)u->tr.nthreads;
}

static bool threads_act(struct viewer *u, enum action a)
{
	struct picker *p = st(u);
	if (a == ACT_PANE_SORT) {
		enum tsort was = p->sort;
		p->sort = (enum tsort)((p->sort + 1) % TS_NSORT);
		if (!resort(u, p)) {
			p->sort = was;
			core_say(u, "threads: out of memory");
			return true;
		}
		u->pl.sel = u->pl.top = 0;
		core_say(u, "threads by %s", tsort_names[p->sort]);
		return true;
	}
	return core_panel_act(u, a);
}

static void threads_select(struct viewer *u)
{
	if ((size_t)u->pl.sel >= u->tr.nthreads)
		return;
	const struct thread_info *t = &u->tr.threads[st(u)->order[u->pl.sel]];
	uint32_t id = t->id;
	uint64_t first = t->first_run;
	char why[160];
	bool known = !*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why);
	core_view_close(u);
	if (!known) {
		core_say(u, "thread %u's runs are not known: %s", id, why);
	} else if (first != UINT64_MAX) {
		core_go_time(u, first);
		core_say(u, "thread %u first runs here", id);
	} else {
		core_say(u, "thread %u never ran", id);
	}
}

/* The log grew: the table is made again. */
static void threads_reload(struct viewer *u, bool before)
{
	if (!view_shown(u, &view_thread_picker))
		return;
	if (before)
		threads_close(u);
	else if (!threads_open(u))
		core_view_close(u);
}

const struct view_ops view_thread_picker = {
	.name = "threads",
	.opens_on = ACT_THREADS,
	.open = threads_open,
	.close = threads_close,
	.draw = draw_threads,
	.act = threads_act,
	.rows = threads_rows,
	.select = threads_select,
	.reload = threads_reload,
	.private_size = sizeof(struct picker),
	.done = threads_close,
};
