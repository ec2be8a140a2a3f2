/* history: the SQL prompts' queries, the viewer's (view_sql_prompt.c) and
 * `hectic sql`'s (cmd_sql_line.c) alike, in one file
 * ($XDG_STATE_HOME/hectic/sql_history, one statement a line, the last
 * SQL_HISTORY_MAX), so that a query typed in either is recalled in both
 * and outlives the viewer. Written the same
 * way: a line longer than SQL_HISTORY_LINE_MAX dropped, a repeat of the
 * last not kept twice, the file written whole under a temporary name and
 * renamed. No terminal. */
#ifndef HECTIC_HISTORY_H
#define HECTIC_HISTORY_H

#include <stdbool.h>

#define SQL_HISTORY_MAX 1000      /* statements kept */
#define SQL_HISTORY_LINE_MAX 4096 /* bytes of one kept; a longer is not */
#define HISTORY_MAX SQL_HISTORY_MAX

struct history {
	char **line; /* oldest first, n of them */
	int n;
	int at; /* the line shown by history_step: n when none */
	bool loaded;
};

/* The file read, once (untrusted: a regular file, opened without
 * blocking, a line at a time). Quiet: no file, no lines. */
void history_load(struct history *h);

/* line added last and the file written again (quiet when it cannot be);
 * at back to the end. */
void history_add(struct history *h, const char *line);

/* The line before (dir -1) or after (1) the one shown: NULL past the
 * newest (the line being typed); the oldest stays at the oldest. */
const char *history_step(struct history *h, int dir);

void history_free(struct history *h);

#endif
