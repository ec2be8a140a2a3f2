/* The pause list: every collection, longest pause first, with the pause
 * percentiles and the bytes it copied; Enter goes to the selected one. A
 * log without GC events (+RTS -l-au) says so instead of a list of none.
 *
 * With two runs (hectic A B) the list holds both runs' collections, longest
 * first, with a column for the run, under each run's count and percentiles
 * over the whole run (a run without GC events said absent on its line).
 * Enter on one of the other run's swaps the runs first (the other-run
 * key's swap), then goes to it: the event list the panel closes onto is
 * then that collection's run, at its GC_START .. GC_END; moving the cursor
 * to the mapped time alone would leave the list on the other run's events,
 * which say nothing of the collection chosen. */
#include "draw.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core.h"

#define RUN_B 0x80000000u /* in a merged id: the collection is run B's */

struct pauses_state {
	uint32_t *ids; /* two runs: both runs' collections, longest first (reload drops it) */
	size_t n;
	bool built;
};

extern const struct view_ops view_pauses;

static struct pauses_state *pauses_of(const struct viewer *u)
{
	return view_state(u, &view_pauses);
}

/* The list's place for a log without GC events: why, and what is not known. */
static void draw_absent_pauses(struct viewer *u, const char *why)
{
	struct box b = draw_box(u, u->L.rows - 4, 84, "GC pauses");
	mvaddnstr(b.y + 1, b.x + 1, why, b.w - 2);
	mvaddnstr(b.y + 2, b.x + 1, "the collections and their pauses are not known", b.w - 2);
	draw_box_end(u);
}

/* ---- two runs ---- */

/* Both runs' collections merged by pause, longest first (A first at a
 * tie), made when first asked after a reload. */
static const struct pauses_state *merged(struct viewer *u)
{
	struct pauses_state *s = pauses_of(u);
	if (s->built)
		return s;
	const struct tracks *a = core_run_tracks(u, 0), *b = core_run_tracks(u, 1);
	const struct gcs_compact *ac = core_run_gcc(u, 0), *bc = core_run_gcc(u, 1);
	size_t na = gcsv_n(a, ac), nb = gcsv_n(b, bc);
	free(s->ids);
	s->n = 0;
	s->ids = malloc((na + nb + 1) * sizeof *s->ids);
	if (!s->ids) {
		core_say(u, "GC pauses: out of memory");
		return s;
	}
	size_t i = 0, j = 0;
	while (i < na || j < nb) {
		size_t ia = i < na ? gcsv_by_pause(a, ac, i) : 0, jb = j < nb ? gcsv_by_pause(b, bc, j) : 0;
		bool ta = j >= nb ||
			  (i < na && gcsv_at(a, ac, ia).pause >= gcsv_at(b, bc, jb).pause);
		s->ids[s->n++] = ta ? (uint32_t)ia : (uint32_t)jb | RUN_B;
		i += ta;
		j += !ta;
	}
	s->built = true;
	return s;
}

/* A merged id's run (0 A, 1 B) and collection. */
static struct gcc merged_gc(const struct viewer *u, uint32_t id, int *r)
{
	*r = (id & RUN_B) ? 1 : 0;
	return gcsv_at(core_run_tracks(u, *r), core_run_gcc(u, *r), id & ~RUN_B);
}

/* Run r's line over the list: its count and percentiles over the whole
 * run, or why its log cannot give them. */
static void run_line(struct viewer *u, int r, char *buf, size_t n)
{
	char why[160], a[32], b[32], c[32], d[32];
	bool shown = core_run_is_shown(u, r);
	if (!shown)
		core_runs_exchange(u);
	const char *absent = draw_absent(u, CLASS_BIT(CL_GC), why, sizeof why);
	if (!shown)
		core_runs_exchange(u);
	const char *L = r ? "B" : "A";
	if (*absent) {
		snprintf(buf, n, "%s: %s", L, why);
		return;
	}
	struct pause_pct p;
	gcsv_pause_pct(core_run_tracks(u, r), core_run_gcc(u, r), 0, UINT64_MAX, -1, &p);
	snprintf(buf, n, "%s: %zu collections%s; p50 %s p90 %s p99 %s max %s", L, p.n,
		 gcsv_whole(core_run_tracks(u, r), core_run_gcc(u, r)) ? "" : " (PARTIAL)",
		 time_format(a, 32, p.p50), time_format(b, 32, p.p90), time_format(c, 32, p.p99),
		 time_format(d, 32, p.max));
}

static void draw_pauses_two(struct viewer *u)
{
	const struct pauses_state *m = merged(u);
	char t[200], line[300];
	snprintf(t, sizeof t, "GC pauses of A and B, longest first (%s: go to one, in its run)",
		 core_key_for(u, ACT_SELECT));
	struct box b = draw_box(u, u->L.rows - 4, 84, t);
	for (int r = 0; r < 2; r++) {
		run_line(u, r, line, sizeof line);
		mvaddnstr(b.y + 1 + r, b.x + 1, line, b.w - 2);
	}
	int h = b.h - 5;
	mvprintw(b.y + 3, b.x + 1, "%4s %3s %13s %9s %9s %4s %4s %4s %8s", "#", "run", "at", "pause", "span",
		 "cap", "caps", "gen", "copied");
	draw_scroll(u, (int)m->n, h);
	if (!m->n)
		mvaddnstr(b.y + 4, b.x + 1, "no collection in either run", b.w - 2);
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < m->n; i++) {
		int k = u->pl.top + i, r;
		struct gcc gv = merged_gc(u, m->ids[k], &r);
		const struct gcc *g = &gv;
		char capb[16], a[32], b_[32], c[32], d[32];
		if (g->cap == EV_NO_CAP)
			snprintf(capb, sizeof capb, "-");
		else
			snprintf(capb, sizeof capb, "%d", g->cap);
		/* at: on the lanes' axis, the shown run's clock */
		uint64_t at = core_run_is_shown(u, r) ? g->start : core_from_other(u, g->start);
		pane_row_begin(b.y + 4 + i, b.x + 1, b.w - 2, k == u->pl.sel);
		printw("%4d %3s %13s %9s %9s %4s %4u %4d %8s", k + 1, r ? "B" : "A",
		       core_fmt_moment(a, 32, at), time_format(b_, 32, g->pause),
		       time_format(c, 32, g->span_end - g->span_start), capb, g->ncaps, g->gen,
		       g->gen >= 0 ? bytes_format(d, sizeof d, g->copied) : "-");
		pane_row_end(k == u->pl.sel);
	}
	draw_box_end(u);
}

/* ---- the panel ---- */

static void draw_pauses(struct viewer *u)
{
	char why[160];
	if (core_two(u)) {
		draw_pauses_two(u);
		return;
	}
	if (*draw_absent(u, CLASS_BIT(CL_GC), why, sizeof why)) {
		draw_absent_pauses(u, why);
		return;
	}
	struct pause_pct p;
	/* every collection, where the list stopped (gcs_compact.h) */
	const struct tracks *tr = &u->r->run.tr;
	const struct gcs_compact *gc = &u->r->gcc;
	size_t n = gcsv_n(tr, gc);
	gcsv_pause_pct(tr, gc, 0, UINT64_MAX, -1, &p);
	char t[200], a[32], b_[32], c[32], d[32];
	snprintf(t, sizeof t, "GC pauses%s: %zu; p50 %s p90 %s p99 %s max %s (%s: go)",
		 gcsv_whole(tr, gc) ? "" : ", PARTIAL at the memory budget", n, time_format(a, 32, p.p50), time_format(b_, 32, p.p90),
		 time_format(c, 32, p.p99), time_format(d, 32, p.max), core_key_for(u, ACT_SELECT));
	struct box b = draw_box(u, u->L.rows - 4, 84, t);
	int h = b.h - 2;
	/* pause: the initiating capability's GC_START..GC_END, what +RTS -s
	 * counts; span: from the first capability in to the last one out;
	 * copied: the bytes copied, in decimal units (as the heap pane's) */
	mvprintw(b.y + 1, b.x + 1, "%4s %13s %9s %9s %4s %4s %4s %8s", "#", "at", "pause", "span",
		 "cap", "caps", "gen", "copied");
	h--;
	draw_scroll(u, (int)n, h);
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < n; i++) {
		int k = u->pl.top + i;
		struct gcc gv = gcsv_at(tr, gc, gcsv_by_pause(tr, gc, (size_t)k));
		const struct gcc *g = &gv;
		char capb[16];
		if (g->cap == EV_NO_CAP)
			snprintf(capb, sizeof capb, "-");
		else
			snprintf(capb, sizeof capb, "%d", g->cap);
		pane_row_begin(b.y + 2 + i, b.x + 1, b.w - 2, k == u->pl.sel);
		printw("%4d %13s %9s %9s %4s %4u %4d %8s", k + 1,
			 core_fmt_moment(a, 32, g->start), time_format(b_, 32, g->pause),
			 time_format(c, 32, g->span_end - g->span_start), capb, g->ncaps, g->gen,
			 g->gen >= 0 ? bytes_format(d, sizeof d, g->copied) : "-");
		pane_row_end(k == u->pl.sel);
	}
	draw_box_end(u);
}

static bool pauses_open(struct viewer *u)
{
	char why[160];
	if (core_two(u)) {
		if (!merged(u)->n)
			core_say(u, "neither log has a GC");
		return true;
	}
	if (*draw_absent(u, CLASS_BIT(CL_GC), why, sizeof why))
		core_say(u, "%s", why);
	else if (!gcsv_n(&u->r->run.tr, &u->r->gcc))
		core_say(u, "this log has no GC");
	return true;
}

static int pauses_rows(struct viewer *u)
{
	if (core_two(u))
		return (int)merged(u)->n;
	return (int)gcsv_n(&u->r->run.tr, &u->r->gcc);
}

/* Enter: to the collection; of the other run, the runs swapped first. */
static void pauses_select_two(struct viewer *u)
{
	const struct pauses_state *m = merged(u);
	if ((size_t)u->pl.sel >= m->n)
		return;
	uint32_t id = m->ids[u->pl.sel];
	int r = (id & RUN_B) ? 1 : 0;
	core_view_close(u);
	if (!core_run_is_shown(u, r))
		core_other_run(u); /* u->tr is now run r's */
	struct gcc g = gcsv_at(&u->r->run.tr, &u->r->gcc, id & ~RUN_B);
	core_go_gc(u, &g);
	char msg[sizeof u->msg];
	snprintf(msg, sizeof msg, "%s", u->msg);
	core_say(u, "%s: %s", core_run_letter(u), msg);
}

static void pauses_select(struct viewer *u)
{
	if (core_two(u)) {
		pauses_select_two(u);
		return;
	}
	if ((size_t)u->pl.sel < gcsv_n(&u->r->run.tr, &u->r->gcc)) {
		struct gcc g = gcsv_at(&u->r->run.tr, &u->r->gcc, gcsv_by_pause(&u->r->run.tr, &u->r->gcc, (size_t)u->pl.sel));
		core_view_close(u);
		core_go_gc(u, &g);
	}
}

/* The runs swapped or the log grew: the merged list is made again. */
static void pauses_reload(struct viewer *u, bool before)
{
	if (before)
		pauses_of(u)->built = false;
}

static void pauses_done(struct viewer *u)
{
	free(pauses_of(u)->ids);
	pauses_of(u)->ids = NULL;
	pauses_of(u)->n = 0;
	pauses_of(u)->built = false;
}

const struct view_ops view_pauses = {
	.name = "pauses",
	.opens_on = ACT_PAUSE_LIST,
	.open = pauses_open,
	.draw = draw_pauses,
	.rows = pauses_rows,
	.select = pauses_select,
	.reload = pauses_reload,
	.private_size = sizeof(struct pauses_state),
	.done = pauses_done,
};
