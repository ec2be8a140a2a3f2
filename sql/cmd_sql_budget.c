/* cmd_sql_budget: SQLite held to hectic's memory promise (issue 43): its
 * heap at 5% of the logs plus 10 MB (sqlite3_hard_heap_limit64: a query
 * that needs more stops with an error), a string or blob at most twice
 * that long (SQLITE_LIMIT_LENGTH, a backstop), and printf() and format()
 * refused at once when their widths and precisions ask for more than the
 * heap's budget: SQLite's own
 * builds a '%.*c' of 2,000,000,000 a character at a time, seconds each,
 * with no progress call to stop it, whatever the limit. The temporary
 * store is the heap (sql_safety's temp_store = MEMORY): no sort or
 * DISTINCT spills to a file. The same for `hectic sql` and the viewer's
 * SQL pane. */
#include "sql.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The printf() and format() of a connection: SQLite's own, run on a
 * connection of this one's (helper), once the widths were checked. */
struct sql_printf {
	sqlite3 *helper;
	sqlite3_stmt *st; /* "SELECT printf(?1, ..., ?n)" for n arguments */
	int n;
	sqlite3_int64 budget;
};

/* One width or precision at f (digits or '*', which takes the next
 * argument as SQLite does, an int); *f moved past it. */
static sqlite3_int64 printf_width(const unsigned char **f, int *arg, int argc,
				  sqlite3_value **argv)
{
	if (**f == '*') {
		(*f)++;
		int v = *arg < argc ? (int)sqlite3_value_int64(argv[*arg]) : 0;
		(*arg)++;
		return v == INT_MIN ? INT_MAX : v < 0 ? -v : v;
	}
	sqlite3_int64 v = 0;
	for (; **f >= '0' && **f <= '9'; (*f)++)
		if (v < LLONG_MAX / 20)
			v = v * 10 + (**f - '0');
	return v;
}

/* The bytes the widths and precisions of the format in argv[0] ask for,
 * together. */
static sqlite3_int64 printf_asks(int argc, sqlite3_value **argv)
{
	const unsigned char *f = sqlite3_value_text(argv[0]);
	sqlite3_int64 sum = 0;
	int arg = 1;
	while (f && *f) {
		if (*f++ != '%')
			continue;
		while (*f && strchr("-+ #0!,", *f))
			f++;
		sum += printf_width(&f, &arg, argc, argv);
		if (*f == '.') {
			f++;
			sum += printf_width(&f, &arg, argc, argv);
		}
		while (*f == 'l')
			f++;
		if (!*f)
			break;
		if (*f++ != '%')
			arg++;
		if (sum > LLONG_MAX / 4)
			sum = LLONG_MAX / 4;
	}
	return sum;
}

/* The statement that runs SQLite's printf() on n arguments. */
static sqlite3_stmt *printf_stmt(struct sql_printf *p, int n)
{
	if (p->st && p->n == n)
		return p->st;
	sqlite3_finalize(p->st);
	p->st = NULL;
	char *sql = sqlite3_mprintf("SELECT printf(?1");
	for (int i = 2; sql && i <= n; i++) {
		char *next = sqlite3_mprintf("%s, ?%d", sql, i);
		sqlite3_free(sql);
		sql = next;
	}
	char *full = sql ? sqlite3_mprintf("%s)", sql) : NULL;
	sqlite3_free(sql);
	if (full && sqlite3_prepare_v2(p->helper, full, -1, &p->st, NULL) != SQLITE_OK)
		p->st = NULL;
	sqlite3_free(full);
	p->n = p->st ? n : 0;
	return p->st;
}

static void sql_printf_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	struct sql_printf *p = sqlite3_user_data(ctx);
	if (argc < 1)
		return; /* (printf() of nothing: NULL, as SQLite's) */
	sqlite3_int64 asks = printf_asks(argc, argv);
	if (asks > p->budget) {
		char *msg = sqlite3_mprintf("printf: widths and precisions of %lld bytes refused: "
					    "a value is at most %lld bytes (5%% of the log plus "
					    "10 MB)",
					    asks, p->budget);
		sqlite3_result_error(ctx, msg ? msg : "printf: too wide", -1);
		sqlite3_free(msg);
		return;
	}
	sqlite3_stmt *st = printf_stmt(p, argc);
	if (!st) {
		sqlite3_result_error_nomem(ctx);
		return;
	}
	for (int i = 0; i < argc; i++)
		sqlite3_bind_value(st, i + 1, argv[i]);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		sqlite3_result_value(ctx, sqlite3_column_value(st, 0));
	else if (rc == SQLITE_NOMEM)
		sqlite3_result_error_nomem(ctx);
	else
		sqlite3_result_error(ctx, sqlite3_errmsg(p->helper), -1);
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

static void sql_printf_free(void *arg)
{
	struct sql_printf *p = arg;
	sqlite3_finalize(p->st);
	sqlite3_close(p->helper);
	free(p);
}

/* printf() and format() checked, on db. False when SQLite could not. */
static bool sql_printf_guard(sqlite3 *db, sqlite3_int64 budget)
{
	struct sql_printf *p = calloc(1, sizeof *p);
	if (!p || sqlite3_open_v2(":memory:", &p->helper, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		if (p)
			sqlite3_close(p->helper);
		free(p);
		return false;
	}
	p->budget = budget;
	sqlite3_limit(p->helper, SQLITE_LIMIT_LENGTH, (int)budget);
	int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
	/* format's registration owns p (freed when db closes, or at once
	 * when the registration fails) */
	return sqlite3_create_function_v2(db, "format", -1, flags, p, sql_printf_fn, NULL, NULL,
					  sql_printf_free) == SQLITE_OK &&
	       sqlite3_create_function_v2(db, "printf", -1, flags, p, sql_printf_fn, NULL, NULL,
					  NULL) == SQLITE_OK;
}

bool sql_budget(sqlite3 *db, uint64_t size)
{
	sqlite3_int64 budget = (sqlite3_int64)(size / 20 + (10 << 20));
	if (budget > INT_MAX)
		budget = INT_MAX;
	sqlite3_hard_heap_limit64(budget);
	/* a backstop past the heap's limit, which a value reaches first: at
	 * the length limit itself SQLite 3.40's group_concat() grows its
	 * string again for every row after (minutes under ASan) */
	sqlite3_limit(db, SQLITE_LIMIT_LENGTH, budget > INT_MAX / 2 ? INT_MAX : (int)budget * 2);
	return sql_printf_guard(db, budget);
}
