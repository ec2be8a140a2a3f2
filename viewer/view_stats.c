/* The statistics of the marked interval: the summary report over it.
 * With two runs (hectic A B) both runs' figures over the same interval of
 * the one time axis (the other run's taken on its own clock,
 * core_to_other): a row a field of `summary --tsv`, by its name as hectic
 * diff's summary section keys it, with A's value, B's, B - A and B / A. */
#include "draw.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/summary_text.h"
#include "core.h"
#include "lane_view.h"
#include "loader.h"

/* The panel's private state (view_state): the report's lines, made when
 * it opens, freed when it closes. */
struct stats {
	char **line;
	size_t n;
	int width; /* two runs: the table's widest line */
};

extern const struct view_ops view_stats;

static struct stats *stats_of(const struct viewer *u)
{
	return view_state(u, &view_stats);
}

static void free_stats(struct viewer *u)
{
	struct stats *p = stats_of(u);
	for (size_t i = 0; i < p->n; i++)
		free(p->line[i]);
	free(p->line);
	p->line = NULL;
	p->n = 0;
	p->width = 0;
}

static void add_line(void *ctx, const char *line)
{
	struct stats *p = ctx;
	char **v = realloc(p->line, (p->n + 1) * sizeof *v);
	char *copy = v ? strdup(line) : NULL;
	if (v)
		p->line = v;
	if (copy)
		p->line[p->n++] = copy;
}

/* The interval's figures, on busy_run's worker: a long interval of a
 * large log takes a while, and q must still quit. With two runs, the
 * other run's (otr, os) over its interval too. */
struct stats_job {
	const struct tracks *tr;
	const struct store *s;
	uint64_t a, b;
	struct summary sm;
	const struct tracks *otr; /* NULL: one run */
	const struct store *os;
	uint64_t oa, ob;
	struct summary osm;
};

static void stats_job(void *arg)
{
	struct stats_job *j = arg;
	summary_compute(j->tr, j->s, j->a, j->b, &j->sm);
	if (j->otr)
		summary_compute(j->otr, j->os, j->oa, j->ob, &j->osm);
}

/* ---- two runs: the fields of summary --tsv side by side ---- */

/* The fields of `summary --tsv` but from and to (model/summary.h). */
struct fields {
	struct summary_field v[SUMMARY_FIELDS_MAX];
	size_t n;
};

static void fields_of(const struct summary *sm, size_t ncaps, struct fields *fs)
{
	fs->n = summary_fields(sm, ncaps, fs->v);
}

static const struct summary_field *field_find(const struct fields *fs, const char *name)
{
	for (size_t i = 0; i < fs->n; i++)
		if (!strcmp(fs->v[i].name, name))
			return &fs->v[i];
	return NULL;
}

/* v with thousands separators. */
static char *commas(char *buf, size_t n, uint64_t v)
{
	char d[32];
	int len = snprintf(d, sizeof d, "%llu", (unsigned long long)v);
	size_t k = 0;
	for (int i = 0; i < len && k + 2 < n; i++) {
		if (i && (len - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = d[i];
	}
	buf[k] = 0;
	return buf;
}

/* A value as the panel shows it: counts as they are, bytes with
 * separators, times with their unit, flags as yes/no; "-" when the run
 * does not give it. */
static void stats_cell(char *buf, size_t n, const struct summary_field *f)
{
	if (!f || !f->known)
		snprintf(buf, n, "-");
	else if (f->kind == SUMMARY_BYTES)
		commas(buf, n, f->v);
	else if (f->kind == SUMMARY_NS)
		time_format(buf, n, f->v);
	else if (f->kind == SUMMARY_FRAC)
		snprintf(buf, n, "%.4f", f->f);
	else if (f->kind == SUMMARY_FLAG)
		snprintf(buf, n, "%s", f->v ? "yes" : "no");
	else
		snprintf(buf, n, "%llu", (unsigned long long)f->v);
}

/* B - A in the field's own form, signed, and B / A to 2 decimals: empty
 * where a run lacks the figure (or, for the ratio, A is 0). */
static void stats_change(char d[40], char r[40], const struct summary_field *a, const struct summary_field *b)
{
	const size_t n = 40;
	*d = *r = 0;
	if (!a || !b || !a->known || !b->known || a->kind == SUMMARY_FLAG)
		return;
	double va = a->kind == SUMMARY_FRAC ? a->f : (double)a->v, vb = b->kind == SUMMARY_FRAC ? b->f : (double)b->v;
	if (va != 0)
		snprintf(r, n, "%.2f", vb / va);
	if (a->kind == SUMMARY_FRAC) {
		snprintf(d, n, "%+.4f", fabs(vb - va) < 5e-5 ? 0.0 : vb - va);
		return;
	}
	uint64_t m = a->v > b->v ? a->v - b->v : b->v - a->v;
	char t[36];
	if (a->kind == SUMMARY_BYTES)
		commas(t, sizeof t, m);
	else if (a->kind == SUMMARY_NS)
		time_format(t, sizeof t, m);
	else
		snprintf(t, sizeof t, "%llu", (unsigned long long)m);
	snprintf(d, n, "%s%s", !m ? "" : b->v > a->v ? "+" : "-", t);
}

enum { C_NAME, C_A, C_B, C_D, C_R, NCOLS };

/* The table's rows (A's fields in order, then those only B has), each
 * line padded to the columns' widths. */
static void compare_lines(struct stats *p, const struct fields *fa, const struct fields *fb)
{
	static char cells[2 * SUMMARY_FIELDS_MAX + 1][NCOLS][40];
	static const char *const head[NCOLS] = { "field", "A", "B", "B - A", "B/A" };
	size_t n = 0;
	for (int k = 0; k < NCOLS; k++)
		snprintf(cells[n][k], sizeof cells[n][k], "%s", head[k]);
	n++;
	for (int side = 0; side < 2; side++) {
		const struct fields *fs = side ? fb : fa;
		for (size_t i = 0; i < fs->n; i++) {
			if (side && field_find(fa, fs->v[i].name))
				continue;
			const struct summary_field *a = field_find(fa, fs->v[i].name);
			const struct summary_field *b = field_find(fb, fs->v[i].name);
			summary_field_label(fs->v[i].name, strlen(fs->v[i].name), cells[n][C_NAME],
					    sizeof cells[n][C_NAME]);
			stats_cell(cells[n][C_A], sizeof cells[n][C_A], a);
			stats_cell(cells[n][C_B], sizeof cells[n][C_B], b);
			stats_change(cells[n][C_D], cells[n][C_R], a, b);
			n++;
		}
	}
	int w[NCOLS] = { 0 };
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < NCOLS; k++)
			if ((int)strlen(cells[i][k]) > w[k])
				w[k] = (int)strlen(cells[i][k]);
	for (size_t i = 0; i < n; i++) {
		char line[256];
		int len = snprintf(line, sizeof line, "%-*s  %*s  %*s  %*s  %*s", w[C_NAME],
				   cells[i][C_NAME], w[C_A], cells[i][C_A], w[C_B], cells[i][C_B],
				   w[C_D], cells[i][C_D], w[C_R], cells[i][C_R]);
		if (len > p->width)
			p->width = len;
		add_line(p, line);
	}
}

/* What a run's log lacks of the summary's classes, as a line: "" if none. */
static void absent_line(struct stats *p, const char *letter, const struct viewer_run *r)
{
	char why[200], line[240];
	if (!*lane_view_absent(&r->run.s, &r->run.tr, CLASS_BIT(CL_GC) | CLASS_BIT(CL_HEAP), false, why,
			       sizeof why))
		return;
	snprintf(line, sizeof line, "%s: %s", letter, why);
	add_line(p, line);
}

/* Both runs' figures: j's own run is u's (the shown one), its other u->other's. */
static void compare_stats(struct viewer *u, const struct stats_job *j)
{
	struct stats *p = stats_of(u);
	static struct fields fs[2]; /* [0] the shown run's, [1] the other's */
	fields_of(&j->sm, u->r->run.tr.ncaps, &fs[0]);
	fields_of(&j->osm, u->other->run.tr.ncaps, &fs[1]);
	bool b_shown = u->swapped; /* the shown run is B */
	char a0[32], a1[32], b0[32], b1[32], line[200];
	uint64_t res = core_col_ns(u) < 1000 ? core_col_ns(u) : 1000;
	uint64_t alo = b_shown ? j->oa : j->a, ahi = b_shown ? j->ob : j->b;
	uint64_t blo = b_shown ? j->a : j->oa, bhi = b_shown ? j->b : j->ob;
	snprintf(line, sizeof line, "A: %s .. %s   B: %s .. %s   (each run's clock)",
		 time_format_res(a0, 32, alo, res), time_format_res(a1, 32, ahi, res),
		 time_format_res(b0, 32, blo, res), time_format_res(b1, 32, bhi, res));
	add_line(p, line);
	add_line(p, "");
	compare_lines(p, &fs[b_shown ? 1 : 0], &fs[b_shown ? 0 : 1]);
	if ((int)strlen(line) > p->width)
		p->width = (int)strlen(line);
	absent_line(p, "A", core_run_at(u, 0));
	absent_line(p, "B", core_run_at(u, 1));
}

static void make_stats(struct viewer *u)
{
	free_stats(u);
	struct stats_job j = { .tr = &u->r->run.tr, .s = &u->r->run.s };
	j.a = u->mark_a < u->mark_b ? u->mark_a : u->mark_b;
	j.b = u->mark_a < u->mark_b ? u->mark_b : u->mark_a;
	if (core_two(u)) {
		j.otr = &u->other->run.tr;
		j.os = &u->other->run.s;
		j.oa = core_to_other(u, j.a);
		j.ob = core_to_other(u, j.b);
	}
	busy_run(u, "the interval's statistics", stats_job, &j);
	if (core_two(u))
		compare_stats(u, &j);
	else
		summary_text(&j.sm, add_line, stats_of(u));
}

static void draw_stats(struct viewer *u)
{
	char t[128], a[32], b_[32];
	uint64_t lo = u->mark_a < u->mark_b ? u->mark_a : u->mark_b;
	uint64_t hi = u->mark_a < u->mark_b ? u->mark_b : u->mark_a;
	/* to the microsecond, or to the column when columns are finer */
	uint64_t res = core_col_ns(u) < 1000 ? core_col_ns(u) : 1000;
	snprintf(t, sizeof t, "interval %s .. %s%s", time_format_res(a, 32, lo, res),
		 time_format_res(b_, 32, hi, res), core_two(u) ? ": runs A and B" : "");
	const struct stats *p = stats_of(u);
	int w = core_two(u) && p->width + 2 > 84 ? p->width + 2 : 84;
	struct box b = draw_box(u, (int)p->n + 2, w, t);
	int h = b.h - 1;
	draw_scroll(u, (int)p->n, h);
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < p->n; i++)
		mvaddnstr(b.y + 1 + i, b.x + 1, p->line[u->pl.top + i], b.w - 2);
	draw_box_end(u);
}

static bool stats_open(struct viewer *u)
{
	if (!u->has_mark) {
		core_say(u, "no interval: %s marks one, then %s", core_key_for(u, ACT_MARK),
			 core_key_for(u, ACT_STATS));
		return false;
	}
	make_stats(u);
	return true;
}

static int stats_rows(struct viewer *u)
{
	return (int)stats_of(u)->n;
}

/* Two runs: the other-run action closes the panel before the runs swap;
 * should it show across a swap, its figures are made again (the mark is
 * then on the other clock). One log: the figures stay as they were made. */
static void stats_reload(struct viewer *u, bool before)
{
	if (!core_two(u) || before || !view_shown(u, &view_stats))
		return;
	if (u->has_mark)
		make_stats(u);
	else
		free_stats(u);
}

const struct view_ops view_stats = {
	.name = "stats",
	.opens_on = ACT_STATS,
	.open = stats_open,
	.close = free_stats,
	.draw = draw_stats,
	.rows = stats_rows,
	.reload = stats_reload,
	.private_size = sizeof(struct stats),
	.done = free_stats,
};
