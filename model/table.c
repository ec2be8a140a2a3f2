/* table: the registry of the tables (table.h) and the calls every
 * producer goes through. */
#include "table.h"

#include <string.h>


const struct table_def *const table_defs[] = {
	&table_events,	 &table_event_counts, &table_gcs,  &table_threads, &table_runs,
	&table_markers,	 &table_spans,	      &table_caps, &table_summary, &table_sparks,
	&table_heap,	 &table_profile,      &table_ticky, &table_findings,
};
const size_t table_ndefs = sizeof table_defs / sizeof table_defs[0];

const struct table_def *table_find(const char *name)
{
	for (size_t i = 0; i < table_ndefs; i++)
		if (!strcmp(table_defs[i]->name, name))
			return table_defs[i];
	return NULL;
}

int table_col_index(const struct table_def *t, const char *name)
{
	for (size_t i = 0; i < t->ncols; i++)
		if (!strcmp(t->cols[i].name, name))
			return (int)i;
	return -1;
}

const char *table_type_name(enum table_type type)
{
	switch (type) {
	case TABLE_INT: return "INTEGER";
	case TABLE_REAL: return "REAL";
	case TABLE_TEXT: return "TEXT";
	}
	return "TEXT";
}

bool table_ready(const struct table_def *t, const struct table_data *d)
{
	switch (t->needs) {
	case TABLE_NEEDS_STORE: return true;
	case TABLE_NEEDS_TRACKS: return d->tr != NULL;
	case TABLE_NEEDS_HEAP: return d->h != NULL;
	case TABLE_NEEDS_TICKY: return d->ticky != NULL;
	case TABLE_NEEDS_SPANS: return d->sp != NULL;
	}
	return false;
}

struct table_cursor *table_open(const struct table_def *t, const struct table_data *d,
				const struct table_limits *l)
{
	struct table_limits none = TABLE_LIMITS_NONE;
	if (!table_ready(t, d))
		return NULL;
	struct table_cursor *c = t->open(d, l ? l : &none);
	if (c)
		c->def = t;
	return c;
}

bool table_next(struct table_cursor *c)
{
	return c->def->next(c);
}

void table_value(struct table_cursor *c, size_t col, struct table_value *v)
{
	if (col >= c->def->ncols)
		table_set_null(v);
	else
		c->def->value(c, col, v);
}

void table_close(struct table_cursor *c)
{
	if (c)
		c->def->close(c);
}

bool table_piece(struct table_cursor *c, size_t col, bool first, const uint8_t **p, size_t *n)
{
	const struct table_def *t = c->def;
	if (col >= t->ncols || !t->cols[col].pieces || !t->piece)
		return false;
	return t->piece(c, col, first, p, n);
}
