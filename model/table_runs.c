/* table_runs: every run of a Haskell thread on a capability, the slices
 * the lanes draw: from its RUN_THREAD to the capability's next
 * STOP_THREAD (whatever thread it names, as GHC names the running one) or
 * next RUN_THREAD (a stop the log lacks), or, still running at the end,
 * to the capability's last event. The tracks' pass counts the threads'
 * running time so (builder.c): a run's dur summed per thread is
 * `hectic threads`'s running column, and its runs its runs column. Rows
 * come in the order the runs end, read from the store's merge of the
 * scheduler's events; where a capability's events go back in time in the
 * file (tracks.state_in_order false), the merge's order is not the
 * file's and a few runs may differ from the pass's. */
#include "table.h"

#include <stdlib.h>

#include "../parser/render.h"
#include "tracks.h"

enum { RN_THREAD, RN_CAP, RN_START, RN_END, RN_DUR, RN_STOP };

static const struct table_col cols[] = {
	[RN_THREAD] = { "thread", TABLE_INT, "", "the thread that ran" },
	[RN_CAP] = { "cap", TABLE_INT, "", "the capability it ran on" },
	[RN_START] = { "start", TABLE_INT, "ns", "its RUN_THREAD", .instant = true },
	[RN_END] = { "end", TABLE_INT, "ns",
		     "the capability's next STOP_THREAD or RUN_THREAD, else its last event",
		     .instant = true },
	[RN_DUR] = { "dur", TABLE_INT, "ns", "end - start (0 for a stop posted before its run)" },
	[RN_STOP] = { "stop", TABLE_TEXT, "",
		      "why it stopped, as hectic show words it (NULL: no STOP_THREAD ended it)" },
};

/* A capability's run in progress. */
struct open_run {
	uint32_t thread; /* 0: none */
	uint64_t since;
};

struct rn_cursor {
	struct table_cursor base;
	const struct store *s;
	const struct tracks *tr;
	const volatile sig_atomic_t *stop;
	struct merge *m;
	struct open_run *open; /* by capability index */
	size_t tail;           /* past the merge: the next capability to close */
	bool merged;           /* the merge has ended */
	/* the row */
	uint32_t thread;
	int32_t cap;
	uint64_t start, end;
	const char *why; /* NULL: none */
};

static void rn_close(struct table_cursor *base)
{
	struct rn_cursor *c = (struct rn_cursor *)base;
	merge_free(c->m);
	free(c->open);
	free(c);
}

static struct table_cursor *rn_open(const struct table_data *d, const struct table_limits *l)
{
	(void)l;
	static const uint16_t tags[] = { EV_RUN_THREAD, EV_STOP_THREAD };
	struct rn_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->s = d->s;
	c->tr = d->tr;
	c->stop = d->stop;
	c->open = calloc(d->tr->ncaps ? d->tr->ncaps : 1, sizeof *c->open);
	c->m = merge_new_tags(d->s, 0, 0, tags, 2);
	if (!c->open || !c->m) {
		rn_close(&c->base);
		return NULL;
	}
	return &c->base;
}

/* Ends capability i's run at t, the row it makes; false when none ran. */
static bool end_run(struct rn_cursor *c, size_t i, uint64_t t, const char *why)
{
	struct open_run *o = &c->open[i];
	if (!o->thread)
		return false;
	c->thread = o->thread;
	c->cap = c->tr->caps[i];
	c->start = o->since;
	c->end = t > o->since ? t : o->since;
	c->why = why;
	o->thread = 0;
	return true;
}

/* The scheduler event at r: a row when it ends a run. */
static bool step(struct rn_cursor *c, const struct evref *r)
{
	struct ev e;
	long i = tracks_cap_index(c->tr, r->cap);
	if (i < 0 || ev_decode(&c->s->hdr, c->s->map, c->s->size, r->off, &e) != EV_OK ||
	    e.layout == SEL_UNKNOWN_LAYOUT || e.nf < (r->tag == EV_STOP_THREAD ? 2 : 1))
		return false;
	bool row;
	if (r->tag == EV_STOP_THREAD) {
		const char *why = render_stop_status(e.f[1].u);
		row = end_run(c, (size_t)i, r->time, why ? why : "unknown stop status");
	} else {
		row = end_run(c, (size_t)i, r->time, NULL); /* a stop we never saw */
		c->open[i] = (struct open_run){ .thread = (uint32_t)e.f[0].u, .since = r->time };
	}
	return row;
}

static bool rn_next(struct table_cursor *base)
{
	struct rn_cursor *c = (struct rn_cursor *)base;
	struct evref r;
	while (!c->merged) {
		if (!merge_step(c->m, &r)) {
			c->merged = true;
			break;
		}
		if (store_faulted(c->s) || (c->stop && *c->stop)) {
			base->failed = true;
			base->stopped = c->stop && *c->stop;
			return false;
		}
		if (step(c, &r))
			return true;
	}
	if (merge_failed(c->m)) {
		base->failed = true;
		return false;
	}
	/* still running at the end: until the capability's last event */
	while (c->tail < c->tr->ncaps) {
		size_t i = c->tail++;
		if (c->tr->cap_last && end_run(c, i, c->tr->cap_last[i], NULL))
			return true;
	}
	return false;
}

static void rn_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct rn_cursor *c = (struct rn_cursor *)base;
	switch (col) {
	case RN_THREAD: table_set_int(v, c->thread); return;
	case RN_CAP: table_set_int(v, c->cap); return;
	case RN_START: table_set_int(v, (int64_t)c->start); return;
	case RN_END: table_set_int(v, (int64_t)c->end); return;
	case RN_DUR: table_set_int(v, (int64_t)(c->end - c->start)); return;
	case RN_STOP:
		if (c->why)
			table_set_text(v, c->why, __builtin_strlen(c->why));
		else
			table_set_null(v);
		return;
	default: table_set_null(v); return;
	}
}

const struct table_def table_runs = {
	.name = "runs",
	.doc = "Every run of a Haskell thread on a capability, as the lanes draw them, in the "
	       "order they end.",
	.cols = cols,
	.ncols = sizeof cols / sizeof cols[0],
	.needs = TABLE_NEEDS_TRACKS,
	.by = 0,
	.time_col = -1,
	.cap_col = -1,
	.class_col = -1,
	.open = rn_open,
	.next = rn_next,
	.value = rn_value,
	.close = rn_close,
};
