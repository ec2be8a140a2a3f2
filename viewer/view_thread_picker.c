/* The thread picker: every thread with, for the window in view, its
 * running time, runs and capabilities (or, when the window holds too many
 * events to read at once, the whole run's), and when it was created, first
 * ran and ended, and its label; r sorts by id, running time, runs or
 * label; Enter goes to the first run.
 *
 * With two runs (hectic A B) it compares them: a row per label, its
 * threads' running time and runs summed in each run, A's and B's in the
 * window (B's window on its own clock) and the change, the threads matched
 * as `hectic diff` matches them (by label, the unlabelled together, a run
 * without scheduler events matching none); sorted by the size of the
 * change (r: of the running time, of the runs, or by label); a label of
 * one run only is said to be; Enter goes to the label's first run in the
 * run the event list shows. */
#include "draw.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "label_fit.h"
#include "loader.h"
#include "thread_order.h"

#define WINDOW_MAX_EVENTS 2000000 /* the window's figures are read up to this */

enum tsort { TS_ID, TS_RUNNING, TS_RUNS, TS_LABEL, TS_NSORT };
static const char *const tsort_names[TS_NSORT] = { "id", "running time", "runs", "label" };
enum csort { CS_RUNNING, CS_RUNS, CS_LABEL, CS_NSORT };
static const char *const csort_names[CS_NSORT] = { "change in running time", "change in runs",
						   "label" };

/* Two runs: a label (or the unlabelled threads), its threads' figures in
 * each run summed. */
struct tgroup {
	const uint8_t *key; /* the label's first bytes, in a run's map */
	uint32_t klen;
	bool has[2]; /* by letter: [0] A, [1] B */
	uint64_t run_ns[2], nruns[2];
	uint64_t first[2]; /* its threads' earliest first run; UINT64_MAX: none */
	uint32_t first_id[2];
};

/* The picker's private state (view_state), from its opening to its
 * closing. */
struct picker {
	struct thread_window *fig; /* by tr.threads index: the running time, runs
				    * and caps shown, the window's or the whole run's */
	bool whole;                /* fig holds the whole run's */
	uint32_t *order;           /* indices into tr.threads */
	enum tsort sort;
	/* two runs: fig is the shown run's (u's fields), fig2 the other's */
	struct thread_window *fig2;
	struct tgroup *grp;
	size_t ngrp;
	uint32_t *gorder; /* indices into grp, in the order shown */
	enum csort csort;
	bool known[2];    /* by letter: its threads are matched (hectic diff's rule) */
	char why[2][160]; /* by letter: what it lacks to know its threads, or "" */
	int wlabel;       /* the widest label (two runs: key), in columns */
};

extern const struct view_ops view_thread_picker;

static struct picker *picker_of(const struct viewer *u)
{
	return view_state(u, &view_thread_picker);
}

/* The rows in the order of p->sort (ties by index: by id); false when out
 * of memory (the order stays). */
static bool resort(const struct viewer *u, struct picker *p)
{
	size_t n = u->r->run.tr.nthreads;
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
			k[i].label = tracks_label(&u->r->run.tr, &u->r->run.s, &u->r->run.tr.threads[i], &ln);
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

/* Run r's figures over [t0, t1) into out when the window holds few
 * enough events (by the log's mean density); false when not, or out of
 * memory. */
static bool window_figures(struct viewer *u, const struct viewer_run *r, uint64_t t0, uint64_t t1,
			   struct thread_window *out)
{
	uint64_t span = r->run.s.tmax > r->run.s.tmin ? r->run.s.tmax - r->run.s.tmin : 1;
	uint64_t w = t1 > t0 ? t1 - t0 : 0;
	if (!w || (unsigned __int128)r->run.s.nevents * w / span > WINDOW_MAX_EVENTS)
		return false;
	struct window_job j = { &r->run.tr, &r->run.s, t0, t1, out, false };
	busy_run(u, "the threads' figures in the window", window_job, &j);
	return j.ok;
}

/* The window's own figures when it holds few enough events, else the
 * whole run's. False when out of memory. */
static bool picker_figures(struct viewer *u, struct picker *p, size_t n)
{
	p->fig = calloc(n ? n : 1, sizeof *p->fig);
	if (!p->fig)
		return false;
	if (window_figures(u, u->r, u->t0, u->t1, p->fig))
		return true;
	p->whole = true;
	for (size_t i = 0; i < n; i++) {
		const struct thread_info *t = &u->r->run.tr.threads[i];
		p->fig[i] = (struct thread_window){ .run_ns = t->run_ns, .nruns = t->nruns,
						    .caps = t->caps };
	}
	core_say(u, "the window holds too many events: running time, runs and caps of the whole run");
	return true;
}

/* ---- two runs: the threads matched by label, as hectic diff matches them ---- */

/* hectic diff keys a label by its first 119 bytes, and the threads
 * without one together */
#define LABEL_KEY_MAX 119
static const char unlabelled[] = "(unlabelled)";

/* A thread of either run under its key. */
struct tentry {
	const uint8_t *key;
	uint32_t klen, ix; /* ix: its index in its run's tr.threads */
	int side;
};

static int key_cmp(const uint8_t *a, size_t an, const uint8_t *b, size_t bn)
{
	int c = memcmp(a, b, an < bn ? an : bn);
	return c ? c : (an > bn) - (an < bn);
}

static int tentry_cmp(const void *x, const void *y)
{
	const struct tentry *a = x, *b = y;
	int c = key_cmp(a->key, a->klen, b->key, b->klen);
	if (c)
		return c;
	return a->side != b->side ? a->side - b->side : (a->ix > b->ix) - (a->ix < b->ix);
}

/* The threads of the runs that know theirs, by key. NULL when out of
 * memory; *n their number. */
static struct tentry *entries(const struct viewer *u, const struct picker *p, size_t *n)
{
	size_t cap = 0, k = 0;
	for (int s = 0; s < 2; s++)
		cap += p->known[s] ? core_run_at(u, s)->run.tr.nthreads : 0;
	struct tentry *e = malloc((cap ? cap : 1) * sizeof *e);
	for (int s = 0; e && s < 2; s++) {
		const struct viewer_run *r = core_run_at(u, s);
		for (size_t i = 0; p->known[s] && i < r->run.tr.nthreads; i++) {
			size_t ln;
			const uint8_t *l = tracks_label(&r->run.tr, &r->run.s, &r->run.tr.threads[i], &ln);
			e[k] = (struct tentry){ .key = l ? l : (const uint8_t *)unlabelled,
						.klen = (uint32_t)(!l ? sizeof unlabelled - 1
								: ln > LABEL_KEY_MAX ? LABEL_KEY_MAX : ln),
						.ix = (uint32_t)i, .side = s };
			k++;
		}
	}
	if (e)
		qsort(e, k, sizeof *e, tentry_cmp);
	*n = k;
	return e;
}

/* The groups: a key each, its threads' figures in each run summed. */
static bool picker_match_runs(const struct viewer *u, struct picker *p)
{
	size_t n;
	struct tentry *e = entries(u, p, &n);
	p->grp = malloc((n ? n : 1) * sizeof *p->grp);
	if (!e || !p->grp) {
		free(e);
		return false;
	}
	const struct thread_window *fig[2];
	fig[core_run_side(u)] = p->fig;
	fig[!core_run_side(u)] = p->fig2;
	p->ngrp = 0;
	for (size_t i = 0; i < n; i++) {
		if (!i || key_cmp(e[i].key, e[i].klen, e[i - 1].key, e[i - 1].klen))
			p->grp[p->ngrp++] = (struct tgroup){ .key = e[i].key, .klen = e[i].klen,
							     .first = { UINT64_MAX, UINT64_MAX } };
		struct tgroup *g = &p->grp[p->ngrp - 1];
		int s = e[i].side;
		const struct thread_info *t = &core_run_at(u, s)->run.tr.threads[e[i].ix];
		g->has[s] = true;
		g->run_ns[s] += fig[s][e[i].ix].run_ns;
		g->nruns[s] += fig[s][e[i].ix].nruns;
		if (t->first_run < g->first[s]) {
			g->first[s] = t->first_run;
			g->first_id[s] = t->id;
		}
	}
	free(e);
	return true;
}

/* The size of a change, as hectic diff ranks its rows (diff_rows.c):
 * |B - A|, a run without the figure counted as 0. */
static double picker_change_of(bool ha, bool hb, double a, double b)
{
	return fabs((hb ? b : 0) - (ha ? a : 0));
}

/* A group's place in the order: by ch (larger first), then by its key
 * followed by suffix (hectic diff's row key), then by index. */
struct gkey {
	double ch;
	const uint8_t *key;
	uint32_t klen, gi;
	const char *suffix;
};

/* The bytes of key then suffix compared, as memcmp compares diff's keys. */
static int suffixed_cmp(const struct gkey *a, const struct gkey *b)
{
	size_t sa = strlen(a->suffix), sb = strlen(b->suffix);
	size_t na = a->klen + sa, nb = b->klen + sb;
	for (size_t i = 0; i < na && i < nb; i++) {
		uint8_t x = i < a->klen ? a->key[i] : (uint8_t)a->suffix[i - a->klen];
		uint8_t y = i < b->klen ? b->key[i] : (uint8_t)b->suffix[i - b->klen];
		if (x != y)
			return x < y ? -1 : 1;
	}
	return (na > nb) - (na < nb);
}

static int gkey_cmp(const void *x, const void *y)
{
	const struct gkey *a = x, *b = y;
	if (a->ch != b->ch)
		return a->ch > b->ch ? -1 : 1;
	int c = suffixed_cmp(a, b);
	return c ? c : (a->gi > b->gi) - (a->gi < b->gi);
}

static bool compare_sort(struct picker *p)
{
	struct gkey *k = malloc((p->ngrp ? p->ngrp : 1) * sizeof *k);
	if (!k)
		return false;
	for (size_t i = 0; i < p->ngrp; i++) {
		const struct tgroup *g = &p->grp[i];
		k[i] = (struct gkey){ .key = g->key, .klen = g->klen, .gi = (uint32_t)i, .suffix = "" };
		if (p->csort == CS_RUNNING) {
			k[i].ch = picker_change_of(g->has[0], g->has[1], (double)g->run_ns[0], (double)g->run_ns[1]);
			k[i].suffix = " running_ns";
		} else if (p->csort == CS_RUNS) {
			k[i].ch = picker_change_of(g->has[0], g->has[1], (double)g->nruns[0], (double)g->nruns[1]);
			k[i].suffix = " runs";
		}
	}
	qsort(k, p->ngrp, sizeof *k, gkey_cmp);
	for (size_t i = 0; i < p->ngrp; i++)
		p->gorder[i] = k[i].gi;
	free(k);
	return true;
}

/* The whole run's figures of a run's threads. */
static void whole_figures(const struct tracks *tr, struct thread_window *out)
{
	for (size_t i = 0; i < tr->nthreads; i++)
		out[i] = (struct thread_window){ .run_ns = tr->threads[i].run_ns,
						 .nruns = tr->threads[i].nruns,
						 .caps = tr->threads[i].caps };
}

/* Both runs' figures in the window (each on its clock), or, when either
 * window holds too many events, both runs' whole. */
static bool compare_figures(struct viewer *u, struct picker *p)
{
	const struct viewer_run *o = u->other;
	p->fig = calloc(u->r->run.tr.nthreads ? u->r->run.tr.nthreads : 1, sizeof *p->fig);
	p->fig2 = calloc(o->run.tr.nthreads ? o->run.tr.nthreads : 1, sizeof *p->fig2);
	if (!p->fig || !p->fig2)
		return false;
	int sh = core_run_side(u);
	uint64_t a0, a1, b0, b1;
	core_run_window(u, sh, &a0, &a1);
	core_run_window(u, !sh, &b0, &b1);
	if (window_figures(u, u->r, a0, a1, p->fig) && window_figures(u, o, b0, b1, p->fig2))
		return true;
	p->whole = true;
	whole_figures(&u->r->run.tr, p->fig);
	whole_figures(&o->run.tr, p->fig2);
	core_say(u, "a window holds too many events: running time and runs of the whole runs");
	return true;
}

static bool compare_open(struct viewer *u, struct picker *p)
{
	int sh = core_run_side(u);
	for (int s = 0; s < 2; s++) {
		if (s != sh)
			core_runs_exchange(u);
		draw_absent(u, CLASS_BIT(CL_SCHED), p->why[s], sizeof p->why[s]);
		/* hectic diff's rule: a run without scheduler events has no
		 * thread to match */
		p->known[s] = (u->r->run.s.classes & CLASS_BIT(CL_SCHED)) && u->r->run.tr.nthreads;
		if (s != sh)
			core_runs_exchange(u);
	}
	if (!compare_figures(u, p) || !picker_match_runs(u, p))
		return false;
	p->gorder = malloc((p->ngrp ? p->ngrp : 1) * sizeof *p->gorder);
	if (!p->gorder || !compare_sort(p))
		return false;
	for (size_t i = 0; i < p->ngrp; i++) {
		int w = label_width_of(p->grp[i].key, p->grp[i].klen, u->ascii);
		p->wlabel = w > p->wlabel ? w : p->wlabel;
	}
	for (int s = 0; s < 2; s++)
		if (*p->why[s]) {
			core_say(u, "run %c: %s", 'A' + s, p->why[s]);
			break;
		}
	return true;
}

/* A signed change, b - a, as a time or a count. */
static char *signed_time(char *buf, size_t n, uint64_t a, uint64_t b)
{
	char t[32];
	snprintf(buf, n, "%s%s", b < a ? "-" : b > a ? "+" : "", time_format(t, sizeof t, b < a ? a - b : b - a));
	return buf;
}

/* The columns of the picker_figures (the ratio's 8 left out in a narrow box, for
 * the labels), and the label column's width: what they leave of the box. */
#define CMP_NUMS 63
static bool with_ratio(const struct box *b)
{
	return b->w >= 100;
}

static int label_cols(const struct box *b)
{
	int w = b->w - 2 - (CMP_NUMS - (with_ratio(b) ? 0 : 8)) - 1;
	return w < 12 ? 12 : w;
}

/* A row of the compare table at y: group g, its key label i of the keys
 * shown. */
static void compare_row(const struct viewer *u, const struct picker *p, const struct box *b,
			int y, const struct tgroup *g, bool sel, const struct label_set *keys, size_t i)
{
	pane_row_begin(y, b->x + 1, b->w - 2, sel);
	int lw = label_cols(b);
	draw_label_fit(keys, i, y, b->x + 1, lw, u->ascii);
	char ta[2][32], dt[40] = "", ratio[16] = "", ra[2][24], dr[24] = "";
	for (int s = 0; s < 2; s++) {
		snprintf(ta[s], sizeof ta[s], "-");
		snprintf(ra[s], sizeof ra[s], "-");
		if (g->has[s]) {
			time_format(ta[s], sizeof ta[s], g->run_ns[s]);
			snprintf(ra[s], sizeof ra[s], "%llu", (unsigned long long)g->nruns[s]);
		}
	}
	if (g->has[0] && g->has[1]) {
		signed_time(dt, sizeof dt, g->run_ns[0], g->run_ns[1]);
		if (g->run_ns[0])
			snprintf(ratio, sizeof ratio, "%.3f", (double)g->run_ns[1] / (double)g->run_ns[0]);
		long long d = (long long)g->nruns[1] - (long long)g->nruns[0];
		snprintf(dr, sizeof dr, d ? "%+lld" : "%lld", d);
	} else {
		int miss = g->has[0] ? 1 : 0; /* the run without it */
		if (p->known[miss])
			snprintf(dt, sizeof dt, "only in %c", 'A' + !miss);
		else
			snprintf(dt, sizeof dt, "%c unknown", 'A' + miss);
	}
	move(y, b->x + 1 + lw + 1);
	printw("%10s %10s %10s ", ta[0], ta[1], dt);
	if (with_ratio(b))
		printw("%7s ", ratio);
	printw("%6s %6s %6s", ra[0], ra[1], dr);
	pane_row_end(sel);
}

static void picker_draw_compare(struct viewer *u)
{
	struct picker *p = picker_of(u);
	char t[300];
	snprintf(t, sizeof t, "threads of A and B by label: %zu, by %s, %s (%s: sort; %s: first "
			      "run in %s)",
		 p->ngrp, csort_names[p->csort], p->whole ? "whole runs" : "in the window",
		 core_key_for(u, ACT_PANE_SORT), core_key_for(u, ACT_SELECT), core_run_letter(u));
	/* (the box as wide as the widest key asks: the figures and a column) */
	int want = 2 + CMP_NUMS + 1 + (p->wlabel > 12 ? p->wlabel : 12);
	struct box b = draw_box(u, u->L.rows - 4, want > 110 ? want : 110, t);
	int lw = label_cols(&b);
	mvprintw(b.y + 1, b.x + 1, "%-*s %10s %10s %10s ", lw, "label", "A running", "B running",
		 "B - A");
	if (with_ratio(&b))
		printw("%7s ", "B / A");
	printw("%6s %6s %6s", "A runs", "B runs", "B - A");
	int h = b.h - 2, y = b.y + 2;
	for (int s = 0; s < 2 && h > 1; s++) /* what a run lacks, said above its rows */
		if (*p->why[s]) {
			char line[200];
			snprintf(line, sizeof line, "%c: %s", 'A' + s, p->why[s]);
			mvaddnstr(y++, b.x + 1, line, b.w - 2);
			h--;
		}
	if (!p->ngrp && h >= 1)
		mvaddnstr(y, b.x + 1, "no thread known in either run", b.w - 2);
	draw_scroll(u, (int)p->ngrp, h);
	struct label_set keys = { 0 };
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < p->ngrp; i++) {
		const struct tgroup *g = &p->grp[p->gorder[u->pl.top + i]];
		label_set_add(&keys, g->key, g->klen, u->ascii);
	}
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < p->ngrp; i++)
		compare_row(u, p, &b, y + i, &p->grp[p->gorder[u->pl.top + i]], u->pl.top + i == u->pl.sel,
			    &keys, (size_t)i);
	label_set_free(&keys);
	draw_box_end(u);
}

/* Enter: the label's first run in the run the event list shows. */
static void compare_select(struct viewer *u)
{
	struct picker *p = picker_of(u);
	if ((size_t)u->pl.sel >= p->ngrp)
		return;
	const struct tgroup *g = &p->grp[p->gorder[u->pl.sel]];
	int s = core_run_side(u);
	char key[LABEL_KEY_MAX + 1];
	memcpy(key, g->key, g->klen);
	key[g->klen] = 0;
	uint64_t first = g->first[s];
	uint32_t id = g->first_id[s];
	bool known = p->known[s], has = g->has[s];
	char why[160];
	snprintf(why, sizeof why, "%s", p->why[s]);
	core_view_close(u);
	if (!known)
		core_say(u, "%c's threads are not known (%s): %s", 'A' + s, why, key);
	else if (!has)
		core_say(u, "none in %c (only in %c): %s", 'A' + s, 'A' + !s, key);
	else if (first == UINT64_MAX)
		core_say(u, "never ran in %c: %s", 'A' + s, key);
	else {
		core_go_time(u, first);
		core_say(u, "first run in %c: thread %u %s", 'A' + s, id, key);
	}
}

static void threads_close(struct viewer *u)
{
	struct picker *p = picker_of(u);
	free(p->fig);
	free(p->order);
	free(p->fig2);
	free(p->grp);
	free(p->gorder);
	memset(p, 0, sizeof *p);
}

static bool threads_open(struct viewer *u)
{
	struct picker *p = picker_of(u);
	size_t n = u->r->run.tr.nthreads;
	memset(p, 0, sizeof *p);
	if (u->other) {
		if (compare_open(u, p))
			return true;
		threads_close(u);
		core_say(u, "threads: out of memory");
		return false;
	}
	p->order = malloc((n ? n : 1) * sizeof *p->order);
	if (!p->order || !picker_figures(u, p, n)) {
		threads_close(u);
		core_say(u, "threads: out of memory");
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		p->order[i] = (uint32_t)i;
		size_t ln;
		const uint8_t *l = tracks_label(&u->r->run.tr, &u->r->run.s, &u->r->run.tr.threads[i], &ln);
		int w = l ? label_width_of(l, ln, u->ascii) : 0;
		p->wlabel = w > p->wlabel ? w : p->wlabel;
	}
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why))
		core_say(u, "%s", why);
	return true;
}

/* The columns left of the label: "%8u %10s %10s %10s %10s %6s %-6.6s " */
#define THREAD_NUMS 67

/* A row of the table at y: the thread of index ix, its label label i of
 * those shown. */
static void picker_draw_row(struct viewer *u, const struct box *b, int y, size_t ix, bool sel, bool known,
		     const struct label_set *labels, size_t i)
{
	const struct picker *p = picker_of(u);
	const struct thread_info *ti = &u->r->run.tr.threads[ix];
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
	int x = getcurx(stdscr);
	draw_label_fit(labels, i, y, x, b->x + b->w - 1 - x, u->ascii);
	pane_row_end(sel);
}

static void draw_threads(struct viewer *u)
{
	const struct picker *p = picker_of(u);
	if (u->other) {
		picker_draw_compare(u);
		return;
	}
	char t[200];
	snprintf(t, sizeof t, "threads: %zu, by %s; %s (%s: sort; %s: go to the first run)",
		 u->r->run.tr.nthreads, tsort_names[p->sort], p->whole ? "whole run" : "in the window",
		 core_key_for(u, ACT_PANE_SORT), core_key_for(u, ACT_SELECT));
	/* (the box as wide as the widest label asks: the figures and a column) */
	int want = 2 + THREAD_NUMS + (p->wlabel > 5 ? p->wlabel : 5);
	struct box b = draw_box(u, u->L.rows - 4, want > 108 ? want : 108, t);
	mvprintw(b.y + 1, b.x + 1, "%8s %10s %10s %10s %10s %6s %-6s %s", "thread", "created",
		 "first run", "ended", "running", "runs", "caps", "label");
	int h = b.h - 2;
	char why[160];
	bool known = !*draw_absent(u, CLASS_BIT(CL_SCHED), why, sizeof why);
	if (!known && !u->r->run.tr.nthreads && h >= 2) { /* nothing to list: say why */
		draw_safe(b.y + 2, b.x + 1, (const uint8_t *)why, strlen(why), b.w - 2, u->ascii);
		mvaddnstr(b.y + 3, b.x + 1, "the threads, their lifetimes and running time are not known",
			  b.w - 2);
		draw_box_end(u);
		return;
	}
	draw_scroll(u, (int)u->r->run.tr.nthreads, h);
	struct label_set labels = { 0 };
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < u->r->run.tr.nthreads; i++) {
		size_t n;
		const uint8_t *l = tracks_label(&u->r->run.tr, &u->r->run.s, &u->r->run.tr.threads[p->order[u->pl.top + i]], &n);
		label_set_add(&labels, l, l ? n : 0, u->ascii);
	}
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < u->r->run.tr.nthreads; i++)
		picker_draw_row(u, &b, b.y + 2 + i, p->order[u->pl.top + i], u->pl.top + i == u->pl.sel,
			 known, &labels, (size_t)i);
	label_set_free(&labels);
	draw_box_end(u);
}

static int threads_rows(struct viewer *u)
{
	return (int)(u->other ? picker_of(u)->ngrp : u->r->run.tr.nthreads);
}

static bool threads_act(struct viewer *u, enum action a)
{
	struct picker *p = picker_of(u);
	if (a == ACT_PANE_SORT && u->other) {
		p->csort = (enum csort)((p->csort + 1) % CS_NSORT);
		if (!compare_sort(p))
			core_say(u, "threads: out of memory");
		else
			core_say(u, "threads by %s", csort_names[p->csort]);
		u->pl.sel = u->pl.top = 0;
		return true;
	}
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
	if (u->other) {
		compare_select(u);
		return;
	}
	if ((size_t)u->pl.sel >= u->r->run.tr.nthreads)
		return;
	const struct thread_info *t = &u->r->run.tr.threads[picker_of(u)->order[u->pl.sel]];
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
