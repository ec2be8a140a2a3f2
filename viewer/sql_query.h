/* sql_query: the viewer's query pane's engine (issue 34): the connection
 * over the logs the viewer has open, made as `hectic sql` makes its own
 * (sql_connect: the same tables, the same read-only settings), bound to
 * the viewer's store and tracks (nothing opened or built again), and a
 * statement's rows kept as the pane shows them: each value written as the
 * command writes it (its first SQL_CELL_MAX bytes), rows up to
 * SQL_ROWS_MAX and SQL_KEEP_BYTES together from a given one on (the pane
 * runs the query again for the others as it scrolls), so that a result of
 * large values stays within hectic's memory promise, the times of a time
 * column (and an end column): one called time, else the first that is a
 * registry's moment, as gcs.start. Runs on busy_run's worker; no terminal. */
#ifndef HECTIC_SQL_QUERY_H
#define HECTIC_SQL_QUERY_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../sql/sql.h"

#define SQL_ROWS_MAX 100000 /* rows kept of a result; the rest left out, said */
#define SQL_CELL_MAX 1024   /* bytes kept of a value: more than a screen's row
			     * shows; the rest cut, ending in "..." */
#define SQL_KEEP_BYTES (2u << 20) /* the rows kept, together (their values
				   * and 40 bytes a row); the rest left out, said */
#define SQL_WIDTH_ROWS 1000 /* rows the columns' widths are taken from */

struct viewer;

enum sql_status { SQLR_NONE, SQLR_OK, SQLR_ERROR, SQLR_STOPPED };

struct sql_result {
	enum sql_status status;
	char query[1024];
	char err[600];   /* SQLR_ERROR, SQLR_STOPPED: why, whole */
	int ncol;
	char **names;    /* the columns' names */
	bool *right;     /* a column of numbers: to the right */
	int *w;          /* each column's width as drawn, from the first rows */
	char **rows;     /* each row's ncol values, NUL-terminated, back to back */
	size_t nrows;
	size_t base;     /* the result's rows before the first kept (skipped) */
	bool more;       /* rows past SQL_ROWS_MAX or SQL_KEEP_BYTES left out */
	size_t kept;     /* the bytes the rows kept take (SQL_KEEP_BYTES) */
	int time_col, end_col; /* the column called time, else the first read
				* from a registry column that is a moment
				* (table_col.instant), and the one called end
				* (another), or -1 */
	char time_name[48]; /* the time column's name, to say (printable
			     * ASCII: another byte a '?'; cut) */
	int time_run;    /* 0: the times are run A's (main, a); 1: B's (b) */
	uint64_t *time, *end; /* each row's (UINT64_MAX: none) */
	double secs;     /* how long it took */
	char warning[140]; /* what a table said as it was built (a budget
			    * reached), with the run's letter for two */
};

/* The connection (made at the first query) and the flag that stops one. */
struct sql_conn {
	sqlite3 *db;
	struct sql_data d[2];
	struct sql_auth a;
	int nd;
	volatile sig_atomic_t stop;
};

/* Runs query over u's logs (A's tables in main and a, B's in b) into r
 * (emptied first), its first from rows skipped (stepped, not kept: the
 * pane's scrolling past the rows it keeps runs the query again). A long
 * one is stopped by sql_query_stop from another thread. Meant for
 * busy_run_cancel: u's store and tracks are only read. */
void sql_query_run(struct sql_conn *c, struct viewer *u, const char *query, size_t from,
		   struct sql_result *r);

/* Stops the statement running (thread-safe: the progress handler and the
 * producers see the flag, sqlite3_interrupt the rest). */
void sql_query_stop(struct sql_conn *c);

/* Value i of row r (a pointer into it). */
const char *sql_result_cell(const struct sql_result *r, size_t row, int i);

/* Frees what the tables built from the bound stores (the heap, the
 * ticky counters, the spans: sql_derived_ready): the log grew, or the
 * other run is shown; built again when a query next needs them. */
void sql_conn_drop_derived(struct sql_conn *c);

void sql_result_free(struct sql_result *r);
void sql_conn_close(struct sql_conn *c);

#endif
