/* table_threads: what the program's threads did and said. threads: the
 * columns of `hectic threads --tsv` (lifetimes over the whole log;
 * running time, runs and capabilities over a window when one is given,
 * TABLE_WINDOW); markers: the columns of `hectic markers --tsv`, read
 * through the index (no tracks). The reports write their --tsv rows from
 * these producers. */
#include "table.h"

#include <stdio.h>
#include <stdlib.h>

#include "tracks.h"

/* ---- threads ---- */

enum { TH_THREAD, TH_LABEL, TH_CREATED, TH_FIRST_RUN, TH_ENDED, TH_RUNNING, TH_RUNS, TH_CAPS };

static const struct table_col th_cols[] = {
	[TH_THREAD] = { "thread", TABLE_INT, "", "the thread's id" },
	[TH_LABEL] = { "label", TABLE_TEXT, "", "its latest label (NULL: none)" },
	[TH_CREATED] = { "created", TABLE_INT, "ns", "when it was created (NULL: not in the log)",
			 .instant = true },
	[TH_FIRST_RUN] = { "first_run", TABLE_INT, "ns", "when it first ran (NULL: never)",
			   .instant = true },
	[TH_ENDED] = { "ended", TABLE_INT, "ns", "when it finished (NULL: not in the log)",
		       .instant = true },
	[TH_RUNNING] = { "running", TABLE_INT, "ns",
			 "time it ran, from each RUN_THREAD to its STOP_THREAD (NULL: no "
			 "scheduler events)" },
	[TH_RUNS] = { "runs", TABLE_INT, "", "how many times it ran (NULL: no scheduler events)" },
	[TH_CAPS] = { "caps", TABLE_TEXT, "",
		      "the capabilities it ran on, as 0,1,3 (NULL: no scheduler events)" },
};

struct th_cursor {
	struct table_cursor base;
	const struct store *s;
	const struct tracks *tr;
	struct table_limits l;
	struct thread_window *win; /* per thread, inside the window; NULL: the whole log */
	bool states;
	size_t i; /* the current thread + 1 */
	char caps[40];
};

static void th_close(struct table_cursor *base)
{
	struct th_cursor *c = (struct th_cursor *)base;
	free(c->win);
	free(c);
}

static struct table_cursor *th_open(const struct table_data *d, const struct table_limits *l)
{
	struct th_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->s = d->s;
	c->tr = d->tr;
	c->l = *l;
	c->states = tracks_have(d->s, d->tr) & CLASS_BIT(CL_SCHED);
	if (l->lo || l->hi != UINT64_MAX) {
		uint64_t to = l->hi == UINT64_MAX ? UINT64_MAX : l->hi + 1; /* hi is inclusive */
		c->win = calloc(d->tr->nthreads ? d->tr->nthreads : 1, sizeof *c->win);
		if (!c->win || !tracks_threads_window(d->tr, d->s, l->lo, to, c->win)) {
			th_close(&c->base);
			return NULL;
		}
	}
	return &c->base;
}

static bool th_next(struct table_cursor *base)
{
	struct th_cursor *c = (struct th_cursor *)base;
	while (c->i < c->tr->nthreads) {
		const struct thread_info *t = &c->tr->threads[c->i++];
		uint64_t born = t->created != UINT64_MAX ? t->created : t->first_run;
		uint64_t end = t->finished != UINT64_MAX ? t->finished : t->last_seen;
		if ((born != UINT64_MAX && born > c->l.hi) || end < c->l.lo)
			continue; /* not alive in the window */
		return true;
	}
	return false;
}

static void th_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct th_cursor *c = (struct th_cursor *)base;
	size_t i = c->i - 1;
	const struct thread_info *t = &c->tr->threads[i];
	const uint8_t *label;
	size_t n;
	if (col >= TH_RUNNING && !c->states) {
		table_set_null(v);
		return;
	}
	switch (col) {
	case TH_THREAD: table_set_int(v, t->id); return;
	case TH_LABEL:
		label = tracks_label(c->tr, c->s, t, &n);
		if (label)
			table_set_text(v, label, n);
		else
			table_set_null(v);
		return;
	case TH_CREATED: table_set_time(v, t->created); return;
	case TH_FIRST_RUN: table_set_time(v, t->first_run); return;
	case TH_ENDED: table_set_time(v, t->finished); return;
	case TH_RUNNING: table_set_int(v, (int64_t)(c->win ? c->win[i].run_ns : t->run_ns)); return;
	case TH_RUNS: table_set_int(v, c->win ? c->win[i].nruns : t->nruns); return;
	case TH_CAPS:
		tracks_caps_text(c->win ? c->win[i].caps : t->caps, c->caps, sizeof c->caps);
		table_set_text(v, c->caps, __builtin_strlen(c->caps));
		return;
	default: table_set_null(v); return;
	}
}

const struct table_def table_threads = {
	.name = "threads",
	.doc = "One row per Haskell thread, as hectic threads --tsv lists them.",
	.cols = th_cols,
	.ncols = sizeof th_cols / sizeof th_cols[0],
	.needs = TABLE_NEEDS_TRACKS,
	.by = TABLE_WINDOW,
	.time_col = -1,
	.cap_col = -1,
	.class_col = -1,
	.open = th_open,
	.next = th_next,
	.value = th_value,
	.close = th_close,
};

/* ---- markers ---- */

enum { MK_TIME, MK_CAP, MK_KIND, MK_TEXT };

static const struct table_col mk_cols[] = {
	[MK_TIME] = { "time", TABLE_INT, "ns", "when it was posted", .instant = true },
	[MK_CAP] = { "cap", TABLE_INT, "", "the capability that posted it (NULL: none)" },
	[MK_KIND] = { "kind", TABLE_TEXT, "",
		      "marker (traceMarker), message (traceEvent), log (an RTS log message) or "
		      "binary (traceBinaryEvent)" },
	[MK_TEXT] = { "text", TABLE_TEXT, "",
		      "the marker's or message's text; a binary message's size, as (N bytes)" },
};

struct mk_cursor {
	struct table_cursor base;
	const struct store *s;
	const volatile sig_atomic_t *stop;
	struct table_limits l;
	struct merge *m;
	struct evref r;
	const uint8_t *txt;
	size_t n;
	char size[32];
};

static struct table_cursor *mk_open(const struct table_data *d, const struct table_limits *l)
{
	static const uint16_t tags[] = { EV_USER_MARKER, EV_USER_MSG, EV_LOG_MSG,
					 EV_USER_BINARY_MSG };
	struct mk_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->s = d->s;
	c->stop = d->stop;
	c->l = *l;
	c->m = merge_new_tags(d->s, l->lo, 0, tags, sizeof tags / sizeof tags[0]);
	if (!c->m) {
		free(c);
		return NULL;
	}
	return &c->base;
}

/* The marks tracks_marks_each hands over: those the tracks' pass lists. */
static bool mk_next(struct table_cursor *base)
{
	struct mk_cursor *c = (struct mk_cursor *)base;
	const struct store *s = c->s;
	while (merge_step(c->m, &c->r) && c->r.time <= c->l.hi && !store_faulted(s) &&
	       !(c->stop && *c->stop)) {
		struct ev e;
		if (s->hdr.sel[c->r.tag].layout == SEL_UNKNOWN_LAYOUT ||
		    ev_decode(&s->hdr, s->map, s->size, c->r.off, &e) != EV_OK || (e.bad & BAD_LEN) ||
		    e.nf < 1)
			continue;
		c->txt = e.f[0].s;
		c->n = (size_t)e.f[0].u;
		if (c->l.keep && !c->l.keep(c->l.keep_ctx, c->txt, c->n))
			continue;
		return true;
	}
	if (merge_failed(c->m) || store_faulted(s) || (c->stop && *c->stop)) {
		base->failed = true;
		base->stopped = c->stop && *c->stop;
	}
	return false;
}

const char *table_mark_kind(uint16_t tag)
{
	switch (tag) {
	case EV_USER_MARKER: return "marker";
	case EV_USER_MSG: return "message";
	case EV_LOG_MSG: return "log";
	default: return "binary";
	}
}

static void mk_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct mk_cursor *c = (struct mk_cursor *)base;
	const char *k;
	switch (col) {
	case MK_TIME: table_set_int(v, (int64_t)c->r.time); return;
	case MK_CAP:
		if (c->r.cap == EV_NO_CAP)
			table_set_null(v);
		else
			table_set_int(v, c->r.cap);
		return;
	case MK_KIND:
		k = table_mark_kind(c->r.tag);
		table_set_text(v, k, __builtin_strlen(k));
		return;
	case MK_TEXT:
		if (c->r.tag == EV_USER_BINARY_MSG) {
			snprintf(c->size, sizeof c->size, "(%zu bytes)", c->n);
			table_set_text(v, c->size, __builtin_strlen(c->size));
		} else {
			table_set_text(v, c->txt, c->n);
		}
		return;
	default: table_set_null(v); return;
	}
}

static void mk_close(struct table_cursor *base)
{
	struct mk_cursor *c = (struct mk_cursor *)base;
	merge_free(c->m);
	free(c);
}

const struct table_def table_markers = {
	.name = "markers",
	.doc = "User markers and messages, log and binary messages, in time order, as hectic "
	       "markers --tsv lists them.",
	.cols = mk_cols,
	.ncols = sizeof mk_cols / sizeof mk_cols[0],
	.needs = TABLE_NEEDS_STORE,
	.by = TABLE_BY_TIME | TABLE_BY_TEXT,
	.time_col = MK_TIME,
	.cap_col = -1,
	.class_col = -1,
	.open = mk_open,
	.next = mk_next,
	.value = mk_value,
	.close = mk_close,
};
