/* The statistics of the marked interval: the summary report over it. */
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "loader.h"
#include "summary_text.h"

/* The panel's private state (view_state): the report's lines, made when
 * it opens, freed when it closes. */
struct stats {
	char **line;
	size_t n;
};

extern const struct view_ops view_stats;

static struct stats *st(const struct viewer *u)
{
	return view_state(u, &view_stats);
}

static void free_stats(struct viewer *u)
{
	struct stats *p = st(u);
	for (size_t i = 0; i < p->n; i++)
		free(p->line[i]);
	free(p->line);
	p->line = NULL;
	p->n = 0;
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
	summary_text(&j.sm, add_line, st(u));
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
	const struct stats *p = st(u);
	struct box b = draw_box(u, (int)p->n + 2, 84, t);
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
	return (int)st(u)->n;
}

const struct view_ops view_stats = {
	.name = "stats",
	.opens_on = ACT_STATS,
	.open = stats_open,
	.close = free_stats,
	.draw = draw_stats,
	.rows = stats_rows,
	.private_size = sizeof(struct stats),
	.done = free_stats,
};
