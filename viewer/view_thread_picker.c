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

#define WINDOW_MAX_EVENTS 2000000 /* the window's figures are read up to this */

enum tsort { TS_ID, TS_RUNNING, TS_RUNS, TS_LABEL, TS_NSORT };
static const char *const tsort_names[TS_NSORT] = { "id", "running time", "runs", "label" };

struct picker {
	const struct viewer *u;        /* the viewer it was opened in */
	struct thread_window *fig; /* by tr.threads index: the running time, runs
				    * and caps shown, the window's or the whole run's */
	bool whole;                /* fig holds the whole run's */
	uint32_t *order;           /* indices into tr.threads */
	enum tsort sort;
};

static struct picker pk; /* one picker at a time (qsort's comparison reads it) */

static uint64_t run_of(size_t i)
{
	return pk.fig[i].run_ns;
}

static uint32_t runs_of(size_t i)
{
	return pk.fig[i].nruns;
}

static int cmp_pick(const void *a, const void *b)
{
	size_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	switch (pk.sort) {
	case TS_RUNNING:
		if (run_of(x) != run_of(y))
			return run_of(x) > run_of(y) ? -1 : 1;
		break;
	case TS_RUNS:
		if (runs_of(x) != runs_of(y))
			return runs_of(x) > runs_of(y) ? -1 : 1;
		break;
	case TS_LABEL: {
		size_t nx, ny;
		const struct viewer *u = pk.u;
		const uint8_t *lx = tracks_label(&u->tr, &u->s, &u->tr.threads[x], &nx);
		const uint8_t *ly = tracks_label(&u->tr, &u->s, &u->tr.threads[y], &ny);
		if (lx && !ly)
			return -1;
		if (!lx && ly)
			return 1;
		if (lx && ly) {
			int c = memcmp(lx, ly, nx < ny ? nx : ny);
			if (c || nx != ny)
				return c ? c : nx < ny ? -1 : 1;
		}
		break;
	}
	default: break;
	}
	return x < y ? -1 : x > y;
}

static void resort(void)
{
	qsort(pk.order, pk.u->tr.nthreads, sizeof *pk.order, cmp_pick);
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
static bool figures(struct viewer *u, size_t n)
{
	pk.fig = calloc(n ? n : 1, sizeof *pk.fig);
	if (!pk.fig)
		return false;
	uint64_t span = u->s.tmax > u->s.tmin ? u->s.tmax - u->s.tmin : 1;
	uint64_t w = u->t1 > u->t0 ? u->t1 - u->t0 : 0;
	if (w && (unsigned __int128)u->s.nevents * w / span <= WINDOW_MAX_EVENTS) {
		struct window_job j = { &u->tr, &u->s, u->t0, u->t1, pk.fig, false };
		busy_run(u, "the threads' figures in the window", window_job, &j);
		if (j.ok)
			return true;
	}
	pk.whole = true;
	for (size_t i = 0; i < n; i++) {
		const struct thread_info *t = &u->tr.threads[i];
		pk.fig[i] = (struct thread_window){ .run_ns = t->run_ns, .nruns = t->nruns,
						    .caps = t->caps };
	}
	core_say(u, "the window holds too many events: running time, runs and caps of the whole run");
	return true;
}

static bool threads_open(struct viewer *u)
{
	size_t n = u->tr.nthreads;
	memset(&pk, 0, sizeof pk);
	pk.u = u;
	pk.order = malloc((n ? n : 1) * sizeof *pk.order);
	if (!pk.order || !figures(u, n)) {
		free(pk.order);
		memset(&pk, 0, sizeof pk);
		core_say(u, "threads: out of memory");
		return false;
	}
	for (size_t i = 0; i < n; i++)
		pk.order[i] = (uint32_t)i;
	return true;
}

static void threads_close(struct viewer *u)
{
	(void)u;
	free(pk.fig);
	free(pk.order);
	memset(&pk, 0, sizeof pk);
}

static void draw_threads(struct viewer *u)
{
	char t[160];
	snprintf(t, sizeof t, "threads: %zu, by %s; %s (r: sort; Enter: go to the first run)",
		 u->tr.nthreads, tsort_names[pk.sort], pk.whole ? "whole run" : "in the window");
	struct box b = draw_box(u, u->L.rows - 4, 108, t);
	mvprintw(b.y + 1, b.x + 1, "%8s %10s %10s %10s %10s %6s %-6s %s", "thread", "created",
		 "first run", "ended", "running", "runs", "caps", "label");
	int h = b.h - 2;
	draw_scroll(u, (int)u->tr.nthreads, h);
	for (int i = 0; i < h && (size_t)(u->ptop + i) < u->tr.nthreads; i++) {
		int k = u->ptop + i;
		size_t ix = pk.order[k];
		const struct thread_info *ti = &u->tr.threads[ix];
		char a[32], c[32], d[32], e[32], caps[24];
		tracks_caps_text(pk.fig[ix].caps, caps, sizeof caps);
		if (k == u->psel)
			attron(A_REVERSE);
		move(b.y + 2 + i, b.x + 1);
		for (int x = 0; x < b.w - 2; x++)
			addch(' ');
		mvprintw(b.y + 2 + i, b.x + 1, "%8u %10s %10s %10s %10s %6u %-6.6s ", ti->id,
			 ti->created != UINT64_MAX ? core_fmt_moment(a, 32, ti->created) : "-",
			 ti->first_run != UINT64_MAX ? core_fmt_moment(c, 32, ti->first_run) : "-",
			 ti->finished != UINT64_MAX ? core_fmt_moment(d, 32, ti->finished) : "-",
			 time_format(e, 32, run_of(ix)), runs_of(ix), caps);
		size_t n;
		const uint8_t *label = tracks_label(&u->tr, &u->s, ti, &n);
		int x = getcurx(stdscr);
		if (label && x < b.x + b.w - 1)
			draw_safe(b.y + 2 + i, x, label, n, b.x + b.w - 1 - x, u->ascii);
		if (k == u->psel)
			attroff(A_REVERSE);
	}
	draw_box_end(u);
}

static int threads_rows(struct viewer *u)
{
	return (int)u->tr.nthreads;
}

static bool threads_act(struct viewer *u, enum action a)
{
	if (a == ACT_PANE_SORT) {
		pk.sort = (enum tsort)((pk.sort + 1) % TS_NSORT);
		resort();
		u->psel = u->ptop = 0;
		core_say(u, "threads by %s", tsort_names[pk.sort]);
		return true;
	}
	return core_panel_act(u, a);
}

static void threads_select(struct viewer *u)
{
	if ((size_t)u->psel >= u->tr.nthreads)
		return;
	const struct thread_info *t = &u->tr.threads[pk.order[u->psel]];
	uint32_t id = t->id;
	uint64_t first = t->first_run;
	core_view_close(u);
	if (first != UINT64_MAX) {
		core_go_time(u, first);
		core_say(u, "thread %u first runs here", id);
	} else {
		core_say(u, "thread %u never ran", id);
	}
}

/* The log grew: the table is made again. */
static void threads_reload(struct viewer *u, bool before)
{
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
};
