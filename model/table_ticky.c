/* table_ticky: the ticky table, a row per ticky-ticky counter (GHC
 * -ticky, +RTS -lT) with its counts summed over the window's samples
 * (TABLE_WINDOW) and its info table's provenance, the columns of `hectic
 * ticky --tsv` (the report writes its rows from this producer). Rows in
 * GHC's order (the definitions'), or in the order the caller hands
 * (table_data.order: the report's --sort and --top). Reads the counters
 * the caller built (table_data.ticky). */
#include "table.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ticky.h"

enum { TK_COUNTER, TK_NAME, TK_ARITY, TK_KINDS, TK_ENTRIES, TK_ALLOC, TK_ALLOCD, TK_ITBL,
       TK_TABLE, TK_CLOSURE, TK_TYPE, TK_LABEL, TK_MODULE, TK_SRC };

static const struct table_col cols[] = {
	[TK_COUNTER] = { "counter", TABLE_INT, "", "the RTS's counter id (its address)" },
	[TK_NAME] = { "name", TABLE_TEXT, "",
		      "its STG name (<counter ID>: the log has no definition of it)" },
	[TK_ARITY] = { "arity", TABLE_INT, "", "its arity (NULL: no definition)" },
	[TK_KINDS] = { "kinds", TABLE_TEXT, "",
		       "its non-void arguments' kinds, as GHC's table has them (NULL: no "
		       "definition)" },
	[TK_ENTRIES] = { "entries", TABLE_INT, "", "entries in the window" },
	[TK_ALLOC] = { "alloc", TABLE_INT, "bytes", "bytes its closure allocated in the window" },
	[TK_ALLOCD] = { "allocd", TABLE_INT, "bytes",
			"bytes allocated of its closure in the window (Alloc'd)" },
	[TK_ITBL] = { "itbl", TABLE_TEXT, "", "its info table's address, as 0x4a2f10 (NULL: none)" },
	[TK_TABLE] = { "table", TABLE_TEXT, "",
		       "the info table's name (NULL: no IPE event for it)" },
	[TK_CLOSURE] = { "closure", TABLE_TEXT, "",
			 "its closure type (NULL: no IPE event, or not a known number)" },
	[TK_TYPE] = { "type", TABLE_TEXT, "", "its Haskell type (NULL: no IPE event)" },
	[TK_LABEL] = { "label", TABLE_TEXT, "", "its label (NULL: no IPE event)" },
	[TK_MODULE] = { "module", TABLE_TEXT, "", "its module (NULL: no IPE event)" },
	[TK_SRC] = { "src", TABLE_TEXT, "",
		     "its source location (NULL: no IPE event, or none in it)" },
};

struct tk_cursor {
	struct table_cursor base;
	const struct ticky *t;
	const struct store *s;
	struct ticky_counts *sum; /* the window's, by counter index */
	const uint32_t *order;
	size_t n, i; /* rows, and the current one + 1 */
	uint32_t r;  /* the current counter */
	bool ipe_done, has_ipe;
	struct ipe e;
	char buf[32];
};

static void tk_close(struct table_cursor *base)
{
	struct tk_cursor *c = (struct tk_cursor *)base;
	free(c->sum);
	free(c);
}

static struct table_cursor *tk_open(const struct table_data *d, const struct table_limits *l)
{
	const struct ticky *t = d->ticky;
	struct tk_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->t = t;
	c->s = d->s;
	c->sum = calloc(t->nctr ? t->nctr : 1, sizeof *c->sum);
	if (!c->sum) {
		tk_close(&c->base);
		return NULL;
	}
	ticky_window(t, l->lo, l->hi, c->sum);
	c->order = d->order ? d->order : t->order;
	c->n = d->order ? d->norder : t->nctr;
	return &c->base;
}

static bool tk_next(struct table_cursor *base)
{
	struct tk_cursor *c = (struct tk_cursor *)base;
	if (c->i >= c->n)
		return false;
	c->r = c->order[c->i++];
	c->ipe_done = false;
	return true;
}

static void tk_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct tk_cursor *c = (struct tk_cursor *)base;
	const struct ticky_counter *t = &c->t->ctr[c->r];
	const struct ticky_counts *s = &c->sum[c->r];
	switch (col) {
	case TK_COUNTER: table_set_int(v, (int64_t)t->id); return;
	case TK_NAME:
		if (t->defined) {
			table_set_text(v, t->name, t->nname);
		} else {
			snprintf(c->buf, sizeof c->buf, "<counter %" PRIu64 ">", t->id);
			table_set_text(v, c->buf, strlen(c->buf));
		}
		return;
	case TK_ARITY:
		if (t->defined)
			table_set_int(v, t->arity);
		else
			table_set_null(v);
		return;
	case TK_KINDS:
		if (t->defined)
			table_set_text(v, t->kinds, t->nkinds);
		else
			table_set_null(v);
		return;
	case TK_ENTRIES: table_set_int(v, (int64_t)s->entries); return;
	case TK_ALLOC: table_set_int(v, (int64_t)s->allocs); return;
	case TK_ALLOCD: table_set_int(v, (int64_t)s->allocd); return;
	case TK_ITBL:
		if (t->has_itbl) {
			snprintf(c->buf, sizeof c->buf, "0x%" PRIx64, t->itbl);
			table_set_text(v, c->buf, strlen(c->buf));
		} else {
			table_set_null(v);
		}
		return;
	default: break;
	}
	if (!c->ipe_done) {
		c->ipe_done = true;
		c->has_ipe = ticky_ipe(c->t, c->s, c->r, &c->e);
	}
	const struct ipe *e = &c->e;
	if (!c->has_ipe) {
		table_set_null(v);
		return;
	}
	table_ipe_value(e, (int)col - TK_TABLE, false, v);
}

const struct table_def table_ticky = {
	.name = "ticky",
	.doc = "The ticky-ticky counters, a row per counter with its counts summed, as hectic "
	       "ticky --tsv lists them.",
	.cols = cols,
	.ncols = sizeof cols / sizeof cols[0],
	.needs = TABLE_NEEDS_TICKY,
	.by = TABLE_WINDOW,
	.time_col = -1,
	.cap_col = -1,
	.class_col = -1,
	.open = tk_open,
	.next = tk_next,
	.value = tk_value,
	.close = tk_close,
};
