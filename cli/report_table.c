/* report_table: a report's --tsv rows written from a table of the
 * registry (model/table.h), so that the report and `hectic sql`'s table
 * of the same name cannot disagree. */
#include "report.h"

#include <stdio.h>

#include "../common/report_text.h"
#include "cli.h"

struct table_limits report_window(const struct report_ctx *c)
{
	struct table_limits l = TABLE_LIMITS_NONE;
	l.lo = c->o.from;
	l.hi = c->o.to;
	return l;
}

void report_table_header(FILE *f, const struct table_def *t)
{
	for (size_t i = 0; i < t->ncols; i++)
		fprintf(f, "%s%s", i ? "\t" : "", t->cols[i].name);
	fputc('\n', f);
}

int report_table_tsv(struct report_ctx *c, const struct table_def *t,
		     const struct table_limits *l,
		     bool (*skip)(const struct report_ctx *c, struct table_cursor *cur),
		     size_t *rows)
{
	struct table_data d = { .s = &c->run.s, .tr = &c->run.tr, .h = c->run.built & RUN_NEED(TABLE_NEEDS_HEAP) ? &c->run.h : NULL };
	return report_table_write(c, table_open(t, &d, l), skip, rows);
}

int report_table_write(struct report_ctx *c, struct table_cursor *cur,
		       bool (*skip)(const struct report_ctx *c, struct table_cursor *cur),
		       size_t *rows)
{
	size_t n = 0;
	if (!cur) {
		warnx_("%s: out of memory", c->o.path);
		return EXIT_BADINPUT;
	}
	while (table_next(cur)) {
		if (skip && skip(c, cur))
			continue;
		report_text_row(stdout, cur, c->o.escape);
		n++;
	}
	bool failed = cur->failed;
	table_close(cur);
	if (rows)
		*rows = n;
	if (failed && !store_faulted(&c->run.s)) { /* (finish says a shrunk file) */
		warnx_("%s: out of memory: the rows are incomplete", c->o.path);
		return EXIT_BADINPUT;
	}
	return 0;
}
