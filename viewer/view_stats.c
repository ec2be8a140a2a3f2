/* The statistics of the marked interval: the summary report over it. */
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "loader.h"
#include "summary_text.h"

static void free_stats(struct viewer *u)
{
	for (size_t i = 0; i < u->nstatlines; i++)
		free(u->statlines[i]);
	free(u->statlines);
	u->statlines = NULL;
	u->nstatlines = 0;
}

static void add_line(void *ctx, const char *line)
{
	struct viewer *u = ctx;
	char **v = realloc(u->statlines, (u->nstatlines + 1) * sizeof *v);
	char *copy = v ? strdup(line) : NULL;
	if (v)
		u->statlines = v;
	if (copy)
		u->statlines[u->nstatlines++] = copy;
}

/* The report over the marked interval, as lines to scroll. */
/* The interval's figures, on busy_run's worker: a long interval of a
 * large log takes a while, and q must still quit. */
struct stats_job {
	const struct tracks *tr;
	const struct store *s;
	uint64_t a, b;
	struct summary sm;
};

static void stats_job(void *arg)
{
	struct stats_job *j = arg;
	summary_compute(j->tr, j->s, j->a, j->b, &j->sm);
}

static void make_stats(struct viewer *u)
{
	free_stats(u);
	struct stats_job j = { .tr = &u->tr, .s = &u->s };
	j.a = u->mark_a < u->mark_b ? u->mark_a : u->mark_b;
	j.b = u->mark_a < u->mark_b ? u->mark_b : u->mark_a;
	busy_run(u, "the interval's statistics", stats_job, &j);
	summary_text(&j.sm, add_line, u);
}

static void draw_stats(struct viewer *u)
{
	char t[128], a[32], b_[32];
	uint64_t lo = u->mark_a < u->mark_b ? u->mark_a : u->mark_b;
	uint64_t hi = u->mark_a < u->mark_b ? u->mark_b : u->mark_a;
	/* to the microsecond, or to the column when columns are finer */
	uint64_t res = core_col_ns(u) < 1000 ? core_col_ns(u) : 1000;
	snprintf(t, sizeof t, "interval %s .. %s", time_format_res(a, 32, lo, res),
		 time_format_res(b_, 32, hi, res));
	struct box b = draw_box(u, (int)u->nstatlines + 2, 84, t);
	int h = b.h - 1;
	draw_scroll(u, (int)u->nstatlines, h);
	for (int i = 0; i < h && (size_t)(u->ptop + i) < u->nstatlines; i++)
		mvaddnstr(b.y + 1 + i, b.x + 1, u->statlines[u->ptop + i], b.w - 2);
	draw_box_end(u);
}

static bool stats_open(struct viewer *u)
{
	if (!u->has_mark) {
		core_say(u, "no interval: v marks one, then s");
		return false;
	}
	make_stats(u);
	return true;
}

static int stats_rows(struct viewer *u)
{
	return (int)u->nstatlines;
}

const struct view_ops view_stats = {
	.name = "stats",
	.opens_on = ACT_STATS,
	.open = stats_open,
	.close = free_stats,
	.draw = draw_stats,
	.rows = stats_rows,
};
