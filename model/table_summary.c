/* table_summary: the run as +RTS -s sees it. summary: a field and its
 * value a row, as `hectic summary --tsv` prints them: from and to first,
 * then summary_fields' list. A value the log does not give is NULL; the
 * productivity is a REAL, printed with 4 decimals as the report prints it.
 * sparks: the SPARKS line of +RTS -s per capability, as `hectic sparks
 * --tsv` prints it (no row when the log has no spark counters). The
 * reports write their rows from these producers. [lo, hi] is the window
 * the figures are computed over (TABLE_WINDOW). */
#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "summary.h"

enum { SM_FIELD, SM_VALUE };

static const struct table_col cols[] = {
	[SM_FIELD] = { "field", TABLE_TEXT, "",
		       "the figure's name; its suffix says its unit (_ns, _bytes)" },
	[SM_VALUE] = { "value", TABLE_INT, "",
		       "the figure: an integer, the productivity a fraction (NULL: the log "
		       "does not give it)",
		       4, .real_too = true },
};

struct sm_cursor {
	struct table_cursor base;
	struct summary sm;
	struct summary_field *f; /* from, to, then the fields */
	size_t n, i;             /* rows, and the current one + 1 */
};

static void sm_close(struct table_cursor *base)
{
	struct sm_cursor *c = (struct sm_cursor *)base;
	free(c->f);
	free(c);
}

static struct table_cursor *sm_open(const struct table_data *d, const struct table_limits *l)
{
	struct sm_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->f = calloc(SUMMARY_FIELDS_MAX + 2, sizeof *c->f);
	if (!c->f) {
		sm_close(&c->base);
		return NULL;
	}
	summary_compute(d->tr, d->s, l->lo, l->hi, &c->sm);
	c->f[0] = (struct summary_field){ .name = "from", .known = true, .v = c->sm.from };
	c->f[1] = (struct summary_field){ .name = "to", .known = true, .v = c->sm.to };
	c->n = 2 + summary_fields(&c->sm, d->tr->ncaps, c->f + 2);
	return &c->base;
}

static bool sm_next(struct table_cursor *base)
{
	struct sm_cursor *c = (struct sm_cursor *)base;
	if (c->i >= c->n)
		return false;
	c->i++;
	return true;
}

static void sm_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct sm_cursor *c = (struct sm_cursor *)base;
	const struct summary_field *f = &c->f[c->i - 1];
	if (col == SM_FIELD)
		table_set_text(v, f->name, strlen(f->name));
	else if (col != SM_VALUE || !f->known)
		table_set_null(v);
	else if (f->kind == SUMMARY_FRAC)
		table_set_real(v, summary_productivity(&c->sm));
	else
		table_set_int(v, (int64_t)f->v);
}

const struct table_def table_summary = {
	.name = "summary",
	.doc = "The run as +RTS -s sees it, a figure a row, as hectic summary --tsv lists them.",
	.cols = cols,
	.ncols = sizeof cols / sizeof cols[0],
	.needs = TABLE_NEEDS_TRACKS,
	.by = TABLE_WINDOW,
	.time_col = -1,
	.cap_col = -1,
	.class_col = -1,
	.open = sm_open,
	.next = sm_next,
	.value = sm_value,
	.close = sm_close,
};

/* ---- sparks ---- */

enum { SK_CAP, SK_CREATED, SK_CONVERTED, SK_OVERFLOWED, SK_DUD, SK_GCD, SK_FIZZLED };

static const struct table_col sk_cols[] = {
	[SK_CAP] = { "cap", TABLE_INT, "", "the capability" },
	[SK_CREATED] = { "created", TABLE_INT, "", "sparks created (put in its pool)" },
	[SK_CONVERTED] = { "converted", TABLE_INT, "", "sparks it turned into threads" },
	[SK_OVERFLOWED] = { "overflowed", TABLE_INT, "", "sparks dropped: its pool was full" },
	[SK_DUD] = { "dud", TABLE_INT, "", "sparks dropped: already evaluated when sparked" },
	[SK_GCD] = { "gcd", TABLE_INT, "", "sparks the GC dropped: never needed" },
	[SK_FIZZLED] = { "fizzled", TABLE_INT, "",
			 "sparks dropped: evaluated by another thread meanwhile" },
};

/* The counters of each column, in the tracks' order (SP_*). */
static const int sk_counter[] = { [SK_CREATED] = SP_CREATED,	   [SK_CONVERTED] = SP_CONVERTED,
				  [SK_OVERFLOWED] = SP_OVERFLOWED, [SK_DUD] = SP_DUD,
				  [SK_GCD] = SP_GCD,		   [SK_FIZZLED] = SP_FIZZLED };

struct sk_cursor {
	struct table_cursor base;
	const struct tracks *tr;
	struct summary sm;
	size_t i; /* the current capability + 1 */
	uint64_t v[7];
};

static struct table_cursor *sk_open(const struct table_data *d, const struct table_limits *l)
{
	static const uint16_t counters = EV_SPARK_COUNTERS;
	struct sk_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->tr = d->tr;
	/* (a log without counters, the index says: tracks perhaps not built) */
	if (store_may_have(d->s, 0, &counters, 1))
		summary_compute(d->tr, d->s, l->lo, l->hi, &c->sm);
	return &c->base;
}

static bool sk_next(struct table_cursor *base)
{
	struct sk_cursor *c = (struct sk_cursor *)base;
	if (!c->sm.have_sparks || c->i >= c->tr->ncaps)
		return false;
	summary_sparks_of(c->tr, &c->sm, c->tr->caps[c->i++], c->v);
	return true;
}

static void sk_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct sk_cursor *c = (struct sk_cursor *)base;
	if (col == SK_CAP)
		table_set_int(v, c->tr->caps[c->i - 1]);
	else if (col <= SK_FIZZLED)
		table_set_int(v, (int64_t)c->v[sk_counter[col]]);
	else
		table_set_null(v);
}

static void sk_close(struct table_cursor *c)
{
	free(c);
}

const struct table_def table_sparks = {
	.name = "sparks",
	.doc = "Per capability, what became of its sparks (the SPARKS line of +RTS -s), as "
	       "hectic sparks --tsv lists them.",
	.cols = sk_cols,
	.ncols = sizeof sk_cols / sizeof sk_cols[0],
	.needs = TABLE_NEEDS_TRACKS,
	.by = TABLE_WINDOW,
	.time_col = -1,
	.cap_col = -1,
	.class_col = -1,
	.open = sk_open,
	.next = sk_next,
	.value = sk_value,
	.close = sk_close,
};
