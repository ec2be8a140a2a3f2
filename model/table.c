/* table: the registry of the tables (table.h) and the calls every
 * producer goes through. */
#include "table.h"

#include <string.h>

const struct table_def *const table_defs[] = {
	&table_events, &table_gcs, &table_threads, &table_runs, &table_markers, &table_caps,
	&table_summary,
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

struct table_cursor *table_open(const struct table_def *t, const struct table_data *d,
				const struct table_limits *l)
{
	struct table_limits none = TABLE_LIMITS_NONE;
	if (t->needs == TABLE_NEEDS_TRACKS && !d->tr)
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
