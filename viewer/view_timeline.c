/* The timeline: the time ruler with the markers and the marked interval,
 * the activity graph, one lane per capability (with the running threads'
 * labels when zoomed in far enough), the GC bar, and the heap and live-data
 * sparklines. A row whose events the log lacks (+RTS -l-au: no scheduler,
 * GC or heap events) says so, dim, instead of drawing idle or empty; a lane
 * without scheduler events shows what it can (GC, no data) and a dim dot
 * where running or idle is not known. A base view: drawn on every frame,
 * never focused. */
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/order.h"
#include "core.h"
#include "lane_view.h"

static void draw_ruler(struct viewer *u)
{
	const struct layout *L = &u->L;
	move(L->ruler, 0);
	clrtoeol();
	char buf[32];
	if (u->ready && live_no_log(u)) { /* no log yet: no times to rule */
		mvaddstr(L->ruler, 0, !u->r->lv.no_header    ? "(the file was cut: no eventlog now)"
				      : live_empty_file(u) ? "(empty file: no eventlog yet)"
							   : "(no whole eventlog header yet)");
		return;
	}
	/* the gutter: the window's width */
	mvaddstr(L->ruler, 0, time_format(buf, sizeof buf, core_width(u)));
	struct layout_tick t[64];
	uint64_t step;
	bool offsets;
	size_t n = layout_ruler_ticks(u->t0, u->t1, L->plotw, 64, t, &step, &offsets);
	for (size_t i = 0; i < n; i++) {
		mvaddstr(L->ruler, L->plotx + t[i].col, G_TICK(u));
		/* the absolute time the offsets count from stands out */
		attr_t a = offsets && i == 0 ? A_BOLD : 0;
		attron(a);
		mvaddstr(L->ruler, L->plotx + t[i].col + 1, t[i].label);
		attroff(a);
	}
	if (!u->ready)
		return; /* the markers come with the log */
	/* markers as ticks where the labels leave room */
	size_t lo = tracks_mark_from(&u->r->run.tr, u->t0);
	attron(draw_attr(u, C_MARKER) | A_BOLD);
	for (size_t i = lo; i < u->r->run.tr.nmarks && u->r->run.tr.marks[i].time < u->t1; i++) {
		if (u->r->run.tr.marks[i].tag != EV_USER_MARKER)
			continue;
		int c = layout_time_to_col(u->t0, u->t1, L->plotw, u->r->run.tr.marks[i].time);
		if (c >= 0 && (mvinch(L->ruler, L->plotx + c) & A_CHARTEXT) == ' ')
			mvaddstr(L->ruler, L->plotx + c, G_MARKER(u));
	}
	attroff(draw_attr(u, C_MARKER) | A_BOLD);
}

/* A run of a thread on a lane, in columns [a, b), wide enough for a
 * label. */
struct lane_run {
	size_t lane;
	uint32_t thread;
	int a, b;
};

/* The view's private state: each lane's fractions per column, and when the
 * window's events were read for them, the runs of threads they hold. */
struct timeline_state {
	float *run, *gc, *nodata; /* ncaps x plotw */
	size_t cap;
	struct lane_run *runs;
	size_t nruns, runcap;
	uint32_t *thread; /* per lane: the running thread since column from */
	int *from;
	bool *told;       /* per lane: its thread at the window's start is known */
	size_t nlanes;
	bool have_runs;   /* runs and thread hold the window's */
	bool runs_failed;
};

extern const struct view_ops view_timeline;

static struct timeline_state *timeline_of(const struct viewer *u)
{
	return view_state(u, &view_timeline);
}

static void timeline_done(struct viewer *u)
{
	struct timeline_state *t = timeline_of(u);
	free(t->run);
	free(t->gc);
	free(t->nodata);
	free(t->runs);
	free(t->thread);
	free(t->from);
	free(t->told);
	*t = (struct timeline_state){ 0 };
}

bool timeline_runs_with_fractions = true;

/* frac_view's thread: the runs of threads, as draw_lane_labels reads them. */
static void note_thread(void *ctx, size_t c, uint64_t t, uint32_t thread)
{
	struct viewer *u = ((struct lane_view_ctx *)ctx)->view;
	struct timeline_state *ts = timeline_of(u);
	if (!ts->told[c]) { /* the thread at the window's start */
		ts->told[c] = true;
		ts->thread[c] = thread;
		ts->from[c] = 0;
		return;
	}
	int col = layout_time_to_col(u->t0, u->t1, u->L.plotw, t);
	if (ts->thread[c] && col - ts->from[c] >= 4) { /* (narrower: no label) */
		if (ts->nruns == ts->runcap) {
			size_t n = ts->runcap ? ts->runcap * 2 : 64;
			struct lane_run *r = realloc(ts->runs, n * sizeof *r);
			if (!r) {
				ts->runs_failed = true;
				return;
			}
			ts->runs = r;
			ts->runcap = n;
		}
		ts->runs[ts->nruns++] = (struct lane_run){ c, ts->thread[c], ts->from[c], col };
	}
	ts->thread[c] = thread;
	ts->from[c] = col;
}

/* Room for the runs of ncaps lanes. */
static bool runs_ready(struct timeline_state *t, size_t ncaps)
{
	t->nruns = 0;
	t->have_runs = t->runs_failed = false;
	if (ncaps > t->nlanes) {
		free(t->thread);
		free(t->from);
		free(t->told);
		t->thread = malloc(ncaps * sizeof *t->thread);
		t->from = malloc(ncaps * sizeof *t->from);
		t->told = malloc(ncaps * sizeof *t->told);
		t->nlanes = t->thread && t->from && t->told ? ncaps : 0;
		if (!t->nlanes)
			return false;
	}
	memset(t->told, 0, ncaps * sizeof *t->told);
	return true;
}

static bool fractions(struct viewer *u)
{
	struct timeline_state *t = timeline_of(u);
	size_t need = u->r->run.tr.ncaps * (size_t)u->L.plotw;
	if (need > t->cap) {
		float *a = realloc(t->run, (need ? need : 1) * sizeof *a);
		if (!a)
			return false;
		t->run = a;
		float *b = realloc(t->gc, (need ? need : 1) * sizeof *b);
		if (!b)
			return false;
		t->gc = b;
		float *c = realloc(t->nodata, (need ? need : 1) * sizeof *c);
		if (!c)
			return false;
		t->nodata = c;
		t->cap = need;
	}
	/* what the lanes and the activity graph show of them, and the runs
	 * for the labels when the window's events are read */
	bool runs = timeline_runs_with_fractions && runs_ready(t, u->r->run.tr.ncaps);
	struct lane_view_ctx lc = { u, u->L.lane_h };
	struct frac_view shown = { lane_view_same, runs ? note_thread : NULL, &lc };
	t->have_runs = false;
	bool ok = tracks_cap_fractions_view(&u->r->run.tr, &u->r->run.s, u->t0, u->t1, (unsigned)u->L.plotw,
					    u->raw_max, false, &shown, t->run, t->gc, t->nodata,
					    &u->r->exact);
	t->have_runs = ok && runs && u->r->exact && !t->runs_failed;
	return ok;
}

/* Writes a running thread's label (or id) over its lane segment [a, b) of
 * columns when it fits. */
static void label_segment(struct viewer *u, size_t c, uint32_t thread, int a, int b)
{
	int row = (int)c - u->L.lanes_top;
	if (row < 0 || row >= u->L.nlanes || !thread)
		return;
	if (a < 0)
		a = 0;
	if (b > u->L.plotw)
		b = u->L.plotw;
	const struct thread_info *ti = tracks_thread(&u->r->run.tr, thread);
	size_t n = 0;
	const uint8_t *label = ti ? tracks_label(&u->r->run.tr, &u->r->run.s, ti, &n) : NULL;
	char idbuf[16];
	if (!label) {
		n = (size_t)snprintf(idbuf, sizeof idbuf, "%u", thread);
		label = (const uint8_t *)idbuf;
	}
	if (b - a < 4 || (int)n + 2 > b - a)
		return; /* too narrow: leave the colours */
	/* on the lane's bottom row, where running is drawn from */
	attron(draw_attr(u, C_RUN) | A_REVERSE);
	draw_safe(u->L.lane0 + (row + 1) * u->L.lane_h - 1, u->L.plotx + a + 1, label, n, b - a - 2,
		  u->ascii);
	attroff(draw_attr(u, C_RUN) | A_REVERSE);
}

/* When zoomed in far enough (the state query was exact), labels the runs
 * of threads in the lanes. Reads the window's scheduler events again. */
static void draw_lane_labels(struct viewer *u)
{
	if (!u->r->exact || !u->r->run.tr.ncaps)
		return;
	struct timeline_state *ts = timeline_of(u);
	if (ts->have_runs) { /* read with the fractions */
		for (size_t i = 0; i < ts->nruns; i++)
			label_segment(u, ts->runs[i].lane, ts->runs[i].thread, ts->runs[i].a,
				      ts->runs[i].b);
		for (size_t c = 0; c < u->r->run.tr.ncaps; c++)
			if (ts->thread[c])
				label_segment(u, c, ts->thread[c], ts->from[c],
					      layout_time_to_col(u->t0, u->t1, u->L.plotw,
								 u->r->run.s.tmax < u->t1 ? u->r->run.s.tmax : u->t1 - 1));
		return;
	}
	struct capstate_at *st = malloc(u->r->run.tr.ncaps * sizeof *st);
	int *from = malloc(u->r->run.tr.ncaps * sizeof *from);
	if (!st || !from || !tracks_state_at(&u->r->run.tr, &u->r->run.s, u->t0, st)) {
		free(st);
		free(from);
		return;
	}
	for (size_t c = 0; c < u->r->run.tr.ncaps; c++)
		from[c] = 0;
	struct merge *m = merge_new_at(&u->r->run.s, u->t0, CLASS_BIT(CL_SCHED));
	struct evref r;
	while (m && merge_step(m, &r) && r.time < u->t1) {
		if (r.tag != EV_RUN_THREAD && r.tag != EV_STOP_THREAD)
			continue;
		long c = r.cap == EV_NO_CAP ? -1 : tracks_cap_index(&u->r->run.tr, r.cap);
		if (c < 0)
			continue;
		int col = layout_time_to_col(u->t0, u->t1, u->L.plotw, r.time);
		if (st[c].thread)
			label_segment(u, (size_t)c, st[c].thread, from[c], col);
		st[c].thread = r.tag == EV_RUN_THREAD ? ev_thread_at(u->r->run.s.map, r.off) : 0;
		from[c] = col;
	}
	merge_free(m);
	for (size_t c = 0; c < u->r->run.tr.ncaps; c++)
		if (st[c].thread)
			label_segment(u, c, st[c].thread, from[c],
				      layout_time_to_col(u->t0, u->t1, u->L.plotw,
						  u->r->run.s.tmax < u->t1 ? u->r->run.s.tmax : u->t1 - 1));
	free(st);
	free(from);
}

/* The activity graph's label: "util", or with two runs the run's letter
 * and the start of its file's name, bold. */
static void draw_run_label(struct viewer *u, int y)
{
	if (!u->other) {
		mvaddstr(y, 0, "util");
		return;
	}
	char name[64];
	core_run_short(u, name, sizeof name);
	attron(A_BOLD);
	mvaddstr(y, 0, core_run_letter(u));
	draw_safe(y, 2, (const uint8_t *)name, strlen(name), u->L.gutter - 3, u->ascii);
	attroff(A_BOLD);
}

static bool in_mark(const struct viewer *u, uint64_t a, uint64_t b)
{
	uint64_t lo, hi;
	core_mark_range(u, &lo, &hi);
	return b > lo && a <= hi;
}

/* A capability's lane in a log without scheduler events: the cells the
 * log can tell (GC, no data) as drawn, the others (running or idle: not
 * known) a dim dot; and, when it has no GC events either, the sentence
 * that says so over the lane's cells from its first with data. */
static void draw_unknown_lane(struct viewer *u, int y, size_t c, int curcol, const char *why)
{
	const struct layout *L = &u->L;
	const struct timeline_state *t = timeline_of(u);
	size_t len = strlen(why);
	int from = -1, h = L->lane_h;
	for (int k = 0; k < L->plotw; k++) {
		size_t j = c * (size_t)L->plotw + (size_t)k;
		struct layout_lane col = layout_lane_column(t->run[j], t->gc[j], t->nodata[j], h);
		attr_t extra = k == curcol ? A_REVERSE : 0;
		if (col.kind == LAYOUT_PART_NODATA || col.top > col.run) {
			for (int r = 0; r < h; r++)
				draw_cell(u, y + h - 1 - r, u->L.plotx + k, layout_lane_row(col, r), extra);
			continue;
		}
		/* (the words on the bottom row) */
		for (int r = 1; r < h; r++)
			draw_cell(u, y + h - 1 - r, u->L.plotx + k, layout_lane_row(col, r), extra);
		if (from < 0)
			from = k;
		char ch[2] = { (size_t)(k - from) < len ? why[k - from] : 0, 0 };
		attron(draw_attr(u, C_DIM) | extra);
		mvaddstr(y + h - 1, u->L.plotx + k, ch[0] ? ch : G_UNKNOWN(u));
		attroff(draw_attr(u, C_DIM) | extra);
	}
}

/* The words over the lanes of a log without scheduler and GC events, short
 * (the activity graph and the GC bar say which -l letters add them): "no
 * scheduler or GC events in this log"; "" when the log has GC events (the
 * lanes show them, and the activity graph says what is missing). */
static const char *lanes_why(struct viewer *u, class_set have, char *buf, size_t n)
{
	buf[0] = 0;
	if (have & CLASS_BIT(CL_GC))
		return buf;
	draw_absent(u, CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_GC), buf, n);
	char *cause = strstr(buf, " (");
	if (cause)
		*cause = 0;
	return buf;
}

static void draw_cap_lanes(struct viewer *u)
{
	const struct layout *L = &u->L;
	bool ok = u->r->run.tr.ncaps && fractions(u);
	int curcol = layout_time_to_col(u->t0, u->t1, L->plotw, u->cursor);
	class_set have = lane_view_have(&u->r->run.s, &u->r->run.tr);
	bool sched = have & CLASS_BIT(CL_SCHED);
	char why[160], lanewhy[160];
	lanes_why(u, have, lanewhy, sizeof lanewhy);
	/* the activity graph: the mean over capabilities of running */
	move(L->util, 0);
	clrtoeol();
	draw_run_label(u, L->util);
	if (ok && !sched)
		draw_absent_row(u, L->util, u->L.plotx, L->plotw,
				draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why), curcol);
	for (int k = 0; ok && sched && k < L->plotw; k++) {
		attron(draw_attr(u, C_RUN) | (k == curcol ? A_REVERSE : 0));
		draw_level(u, L->util, u->L.plotx + k,
			   lane_view_util(timeline_of(u)->run + k, u->r->run.tr.ncaps, (size_t)L->plotw));
		attroff(draw_attr(u, C_RUN) | (k == curcol ? A_REVERSE : 0));
	}
	for (int i = 0; i < L->nlanes; i++) {
		size_t c = (size_t)(L->lanes_top + i);
		int y = L->lane0 + i * L->lane_h;
		for (int r = 0; r < L->lane_h; r++) {
			move(y + r, 0);
			clrtoeol();
		}
		char lab[16];
		if (u->r->run.tr.caps[c] == EV_NO_CAP)
			snprintf(lab, sizeof lab, "no cap");
		else
			snprintf(lab, sizeof lab, "cap %d", u->r->run.tr.caps[c]);
		mvaddstr(y, 0, lab);
		if (ok && !sched)
			draw_unknown_lane(u, y, c, curcol, lanewhy);
		/* a stacked bar per column, its bottom on the lane's last row */
		for (int k = 0; ok && sched && k < L->plotw; k++) {
			size_t j = c * (size_t)L->plotw + (size_t)k;
			struct layout_lane col = layout_lane_column(timeline_of(u)->run[j], timeline_of(u)->gc[j],
								    timeline_of(u)->nodata[j], L->lane_h);
			for (int r = 0; r < L->lane_h; r++)
				draw_cell(u, y + L->lane_h - 1 - r, u->L.plotx + k,
					  layout_lane_row(col, r), k == curcol ? A_REVERSE : 0);
		}
	}
	if (u->r->run.tr.ncaps > (size_t)L->nlanes) {
		char more[64];
		snprintf(more, sizeof more, "%d-%d/%zu", L->lanes_top, L->lanes_top + L->nlanes - 1,
			 u->r->run.tr.ncaps);
		attron(draw_attr(u, C_DIM));
		mvaddstr(L->lane0 + L->nlanes * L->lane_h - 1, 0, more);
		attroff(draw_attr(u, C_DIM));
	}
}

/* The columns of [a, b) (b > a, or a lone moment), clipped to the window. */
static bool cols_of(const struct viewer *u, uint64_t a, uint64_t b, int *ca, int *cb)
{
	if (b <= a)
		b = a + 1;
	if (b <= u->t0 || a >= u->t1)
		return false;
	*ca = a < u->t0 ? 0 : layout_time_to_col(u->t0, u->t1, u->L.plotw, a);
	*cb = b > u->t1 ? u->L.plotw - 1 : layout_time_to_col(u->t0, u->t1, u->L.plotw, b - 1);
	return true;
}

static void draw_gcbar(struct viewer *u)
{
	const struct layout *L = &u->L;
	int y = L->gcbar;
	move(y, 0);
	clrtoeol();
	mvaddstr(y, 0, "GC");
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_GC), why, sizeof why)) {
		draw_absent_row(u, y, u->L.plotx, L->plotw, why,
				layout_time_to_col(u->t0, u->t1, L->plotw, u->cursor));
		return;
	}
	/* every collection overlapping the window: its pause (the initiating
	 * capability's, as +RTS -s counts it) as a share of each column it
	 * is in, a level as tall as that share (a major's colour wins a
	 * shared column), and around it the span of the other capabilities
	 * in it */
	uint64_t *pause = calloc((size_t)L->plotw, sizeof *pause);
	char *col = calloc((size_t)L->plotw, 1);
	if (!col || !pause) {
		free(col);
		free(pause);
		return;
	}
	const struct gc *g = tracks_gc_prev(&u->r->run.tr, u->t0, false);
	if (!g)
		g = u->r->run.tr.ngcs ? &u->r->run.tr.gcs[0] : NULL;
	/* a span can reach back over the starts of a few earlier collections */
	for (int back = 0; g && g > u->r->run.tr.gcs && back < 8; back++)
		g--;
	/* and forward a few past the window: a span can start before its pause */
	for (int after = 0; g && g < u->r->run.tr.gcs + u->r->run.tr.ngcs && after < 8; g++) {
		if (g->start >= u->t1)
			after++;
		int a, b;
		uint64_t s0 = g->span_start < g->start ? g->span_start : g->start;
		uint64_t s1 = g->span_end > g->end ? g->span_end : g->end;
		if (cols_of(u, s0, s1, &a, &b))
			for (int k = a; k <= b; k++)
				if (!col[k])
					col[k] = 1;
		char v = tracks_gc_major(&u->r->run.tr, g) ? 3 : 2;
		if (!cols_of(u, g->start, g->end, &a, &b))
			continue;
		for (int k = a; k <= b; k++) {
			uint64_t c0 = layout_col_to_time(u->t0, u->t1, L->plotw, k);
			uint64_t c1 = layout_col_to_time(u->t0, u->t1, L->plotw, k + 1);
			uint64_t p0 = g->start > c0 ? g->start : c0, p1 = g->end < c1 ? g->end : c1;
			pause[k] += p1 > p0 ? p1 - p0 : 0;
			if (col[k] < v)
				col[k] = v;
		}
	}
	for (int k = 0; k < L->plotw; k++) {
		if (!col[k])
			continue;
		uint64_t w = layout_col_to_time(u->t0, u->t1, L->plotw, k + 1) -
			     layout_col_to_time(u->t0, u->t1, L->plotw, k);
		/* (a pause shorter than a nanosecond's column: one eighth) */
		int lvl = col[k] > 1 ? layout_level8(pause[k] ? (double)pause[k] : 1, (double)w) : 0;
		enum color c = col[k] == 3 ? C_MAJOR : col[k] == 2 ? C_GC : C_DIM;
		/* without colours a major's level is underlined */
		attr_t at = draw_attr(u, c) | (col[k] == 3 && !u->ncolors ? A_UNDERLINE : 0);
		attron(at);
		if (lvl)
			draw_level(u, y, u->L.plotx + k, lvl);
		else
			mvaddstr(y, u->L.plotx + k, G_SPAN(u));
		attroff(at);
	}
	free(col);
	free(pause);
}

static bool lane_sample_before(const void *e, const void *k)
{
	return ((const struct sample *)e)->time < *(const uint64_t *)k;
}

/* A sparkline of the last sample at or before each column's end. */
static void draw_spark(struct viewer *u, int y, const char *label, const struct sample *v, size_t n,
		       enum color color)
{
	const struct layout *L = &u->L;
	move(y, 0);
	clrtoeol();
	mvaddstr(y, 0, label);
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_HEAP), why, sizeof why)) {
		draw_absent_row(u, y, u->L.plotx, L->plotw, why, -1);
		return;
	}
	if (!n)
		return;
	uint64_t max = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].value > max)
			max = v[i].value;
	size_t j = 0;
	attron(draw_attr(u, color));
	for (int k = 0; k < L->plotw; k++) {
		uint64_t end = layout_col_to_time(u->t0, u->t1, L->plotw, k + 1);
		/* past the run's end (two runs: the window spans the longer) */
		if (u->other && layout_col_to_time(u->t0, u->t1, L->plotw, k) > u->r->run.s.tmax)
			break;
		/* the samples before the column's end (they are by time) */
		j += lower_bound(v + j, n - j, sizeof *v, &end, lane_sample_before);
		if (!j)
			continue;
		draw_level(u, y, u->L.plotx + k, layout_level8((double)v[j - 1].value, (double)max));
	}
	attroff(draw_attr(u, color));
}

/* The marked interval, over the ruler. */
static void draw_mark(struct viewer *u)
{
	if (!u->has_mark && !u->marking)
		return;
	attron(draw_attr(u, C_MARK));
	for (int k = 0; k < u->L.plotw; k++)
		if (in_mark(u, layout_col_to_time(u->t0, u->t1, u->L.plotw, k),
			    layout_col_to_time(u->t0, u->t1, u->L.plotw, k + 1)))
			mvchgat(u->L.ruler, u->L.plotx + k, 1, draw_attr(u, C_MARK), u->ncolors ? C_MARK : 0,
				NULL);
	attroff(draw_attr(u, C_MARK));
}

/* A row's label, and its columns marked in any shaded as not loaded. */
static void draw_loading_row(struct viewer *u, int y, const char *label, const char *any,
			     int curcol)
{
	move(y, 0);
	clrtoeol();
	mvaddstr(y, 0, label);
	attron(draw_attr(u, C_NODATA));
	for (int k = 0; k < u->L.plotw; k++)
		if (any[k] || k == curcol) {
			attr_t a = k == curcol ? A_REVERSE : 0;
			attron(a);
			mvaddstr(y, u->L.plotx + k, any[k] ? G_LOADING(u) : " ");
			attroff(a);
		}
	attroff(draw_attr(u, C_NODATA));
}

/* While the log loads: the ruler, each capability's columns that its
 * blocks cover shaded as not loaded yet (the block markers say where data
 * is, not what it holds), and the activity graph, the GC bar and the
 * sparklines shaded wherever a capability has data. */
static void draw_outline(struct viewer *u)
{
	const struct layout *L = &u->L;
	draw_ruler(u);
	size_t nl = draw_skeleton_lanes(u);
	int w = L->plotw;
	char *any = calloc((size_t)(w > 0 ? w : 1), 1), *row = calloc((size_t)(w > 0 ? w : 1), 1);
	int curcol = layout_time_to_col(u->t0, u->t1, w, u->cursor);
	for (size_t lane = 0; any && row && lane < nl; lane++) {
		size_t ci;
		const struct skel_cap *c = draw_skeleton_cap(u, lane, &ci);
		for (int k = 0; k < w; k++) {
			row[k] = skeleton_has_data(&u->r->sk, ci, layout_col_to_time(u->t0, u->t1, w, k),
						   layout_col_to_time(u->t0, u->t1, w, k + 1));
			any[k] |= row[k];
		}
		int i = (int)lane - L->lanes_top;
		if (i < 0 || i >= L->nlanes)
			continue;
		char lab[16];
		snprintf(lab, sizeof lab, "cap %d", c->cap);
		for (int r = 0; r < L->lane_h; r++)
			draw_loading_row(u, L->lane0 + i * L->lane_h + r, r ? "" : lab, row, curcol);
	}
	if (any) {
		draw_loading_row(u, L->util, "util", any, curcol);
		draw_loading_row(u, L->gcbar, "GC", any, curcol);
		draw_loading_row(u, L->heap, "heap", any, -1);
		draw_loading_row(u, L->live, "live", any, -1);
	}
	if (nl > (size_t)L->nlanes && L->nlanes > 0) {
		char more[64];
		snprintf(more, sizeof more, "%d-%d/%zu", L->lanes_top, L->lanes_top + L->nlanes - 1, nl);
		attron(draw_attr(u, C_DIM));
		mvaddstr(L->lane0 + L->nlanes * L->lane_h - 1, 0, more);
		attroff(draw_attr(u, C_DIM));
	}
	free(any);
	free(row);
	draw_mark(u);
}

/* A run's rows, where the layout put them: the lanes and what is drawn on
 * them, the GC bar, the sparklines. */
static void draw_run(struct viewer *u)
{
	draw_cap_lanes(u);
	draw_lane_labels(u);
	draw_gcbar(u);
	draw_spark(u, u->L.heap, "heap", u->r->run.tr.heap_size, u->r->run.tr.nheap_size, C_HEAP);
	draw_spark(u, u->L.live, "live", u->r->run.tr.heap_live, u->r->run.tr.nheap_live, C_LIVE);
}

/* Two runs: the other one's rows, drawn by the same code with its fields
 * and its rows swapped in for the time it takes (its lanes from its first
 * capability). */
static void draw_other(struct viewer *u)
{
	struct layout keep = u->L;
	int lanes_top = u->lanes_top;
	u->L.util = keep.util2;
	u->L.lane0 = keep.lane02;
	u->L.nlanes = keep.nlanes2;
	u->L.lanes_top = u->lanes_top = 0;
	u->L.gcbar = keep.gcbar2;
	u->L.heap = keep.heap2;
	u->L.live = keep.live2;
	/* the columns before the other clock's 0 (--align can put it in
	 * the window) stay empty: its rows start at that column */
	uint64_t zero = core_from_other(u, 0), t0o = 0, t1o = 0;
	if (zero > u->t0 && u->other_shift > 0) {
		/* from the first column that starts at or after it: its columns
		 * are the axis's (to the nanosecond of rounding) */
		int w = keep.plotw;
		int off = zero >= u->t1 ? w - 1 : layout_time_to_col(u->t0, u->t1, w, zero);
		uint64_t ts = layout_col_to_time(u->t0, u->t1, w, off);
		if (ts < zero && off < w - 1)
			ts = layout_col_to_time(u->t0, u->t1, w, ++off);
		u->L.plotx += off;
		u->L.plotw -= off;
		t0o = ts > zero ? ts - zero : 0;
		t1o = u->t1 > zero ? u->t1 - zero : 1;
		if (t1o <= t0o)
			t1o = t0o + 1;
	}
	core_runs_exchange(u);
	if (t1o) { /* the window from there, on the other clock */
		u->t0 = t0o;
		u->t1 = t1o;
	}
	draw_run(u);
	core_runs_exchange(u);
	u->L = keep;
	u->lanes_top = lanes_top;
}

/* What the views add on the lanes (their draw_lanes hooks). */
static void draw_views_on_lanes(struct viewer *u)
{
	for (size_t i = 0; i < u->nviews; i++)
		if (u->views[i]->draw_lanes)
			u->views[i]->draw_lanes(u);
}

static void timeline_draw(struct viewer *u)
{
	if (!u->ready) {
		draw_outline(u);
		return;
	}
	if (u->other) {
		draw_ruler(u);
		draw_run(u);
		draw_views_on_lanes(u);
		draw_other(u);
		draw_mark(u);
		return;
	}
	draw_ruler(u);
	draw_cap_lanes(u);
	draw_lane_labels(u);
	draw_views_on_lanes(u);
	draw_gcbar(u);
	draw_spark(u, u->L.heap, "heap", u->r->run.tr.heap_size, u->r->run.tr.nheap_size, C_HEAP);
	draw_spark(u, u->L.live, "live", u->r->run.tr.heap_live, u->r->run.tr.nheap_live, C_LIVE);
	draw_mark(u);
}

static const enum action timeline_globals[] = { ACT_OTHER_RUN, ACT_NONE };

static bool timeline_act(struct viewer *u, enum action a)
{
	if (a != ACT_OTHER_RUN)
		return false;
	core_other_run(u);
	return true;
}

const struct view_ops view_timeline = {
	.name = "timeline",
	.base = true,
	.act = timeline_act,
	.globals = timeline_globals,
	.draw = timeline_draw,
	.private_size = sizeof(struct timeline_state),
	.done = timeline_done,
};
