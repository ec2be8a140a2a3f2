/* table_spans: the spans table, one row per span the user's events pair
 * (model/spans.h: a START and a STOP of one name on one thread), by start
 * time, where `hectic spans` gives each name's statistics: the rows of a
 * name summed are its count and total there. A time range on start seeks
 * to it (the spans are by start). Reads the spans the caller paired
 * (table_data.sp). */
#include "table.h"

#include <stdlib.h>

#include "spans.h"

enum { SN_NAME, SN_THREAD, SN_START, SN_END, SN_DUR };

static const struct table_col cols[] = {
	[SN_NAME] = { "name", TABLE_TEXT, "", "the span's name, as the pairing rule's group took it" },
	[SN_THREAD] = { "thread", TABLE_INT, "",
			"the Haskell thread that posted its start and stop (NULL: none was "
			"running)" },
	[SN_START] = { "start", TABLE_INT, "ns", "the time of its start event", .instant = true },
	[SN_END] = { "end", TABLE_INT, "ns", "the time of its stop event", .instant = true },
	[SN_DUR] = { "dur", TABLE_INT, "ns", "end - start" },
};

struct sp_cursor {
	struct table_cursor base;
	const struct spans *sp;
	uint64_t hi;
	size_t i; /* the current span + 1 (0: before the first) */
};

static struct table_cursor *sp_open(const struct table_data *d, const struct table_limits *l)
{
	struct sp_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->sp = d->sp;
	c->hi = l->hi;
	/* the first span starting at lo or later */
	size_t lo = 0, hi = d->sp->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (d->sp->v[mid].start < l->lo)
			lo = mid + 1;
		else
			hi = mid;
	}
	c->i = lo;
	return &c->base;
}

static bool sp_next(struct table_cursor *base)
{
	struct sp_cursor *c = (struct sp_cursor *)base;
	if (c->i >= c->sp->n || c->sp->v[c->i].start > c->hi)
		return false;
	c->i++;
	return true;
}

static void sp_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct sp_cursor *c = (struct sp_cursor *)base;
	const struct span *s = &c->sp->v[c->i - 1];
	const struct span_name *nm = &c->sp->names[s->name];
	switch (col) {
	case SN_NAME: table_set_text(v, nm->text, nm->len); return;
	case SN_THREAD:
		if (s->thread)
			table_set_int(v, s->thread);
		else
			table_set_null(v);
		return;
	case SN_START: table_set_int(v, (int64_t)s->start); return;
	case SN_END: table_set_int(v, (int64_t)s->end); return;
	case SN_DUR: table_set_int(v, (int64_t)(s->end - s->start)); return;
	default: table_set_null(v); return;
	}
}

static void sp_close(struct table_cursor *c)
{
	free(c);
}

const struct table_def table_spans = {
	.name = "spans",
	.doc = "Every span the user's events pair (START name / STOP name, name begin / name "
	       "end), by start, where hectic spans gives each name's statistics.",
	.cols = cols,
	.ncols = sizeof cols / sizeof cols[0],
	.needs = TABLE_NEEDS_SPANS,
	.by = TABLE_BY_TIME,
	.time_col = SN_START,
	.cap_col = -1,
	.class_col = -1,
	.open = sp_open,
	.next = sp_next,
	.value = sp_value,
	.close = sp_close,
};
