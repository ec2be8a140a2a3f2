/* sql: the SQL engine (issue 34), shared by `hectic sql` and push (cli/)
 * and the viewer's SQL pane (viewer/sql_query.c); it includes nothing of
 * either. cli/cmd_sql.c is the command (its options, the log opened,
 * statements read and run, the interrupt) and cli/cmd_sql_db.c its --db;
 * cmd_sql_vtab.c makes each table of the registry (model/table.h) an
 * eponymous virtual table over the open log, pushing the limits a table
 * applies down to its producer, and keeps the connection read-only (the
 * authorizer and the connection's settings); cmd_sql_log.c opens a log
 * (whole, or lazy: a time window's blocks alone), builds what is derived
 * from it and closes it; cmd_sql_out.c writes a statement's rows as an
 * aligned table, TSV or JSON; cmd_sql_budget.c holds a connection to
 * the memory promise (the heap, a value's length, printf()'s widths).
 * Nothing is copied into a database. */
#ifndef HECTIC_SQL_H
#define HECTIC_SQL_H

#include <signal.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>

#include "../model/run.h"

struct sql_auth;

/* The exit status of a statement or a --db stopped by Ctrl-C: a shell's
 * for a program SIGINT ended. */
#define EXIT_INTERRUPTED 130

/* The log the tables read: a run (model/run.h), opened whole (with the
 * tracks as the index reads the file when a query named a table that
 * needs them: need_tracks) or lazy (below); what else a table needs is
 * built on its first read (sql_derived_ready). */
struct sql_data {
	struct run r;
	struct span_rules rules; /* the rc file's, once the spans are asked for */
	bool need_tracks;
	const char *path;
	const volatile sig_atomic_t *stop; /* Ctrl-C */
	struct sql_auth *auth;
	uint64_t rows; /* rows the producers gave SQLite, all tables (what a
			* pushdown saves; HECTIC_SQL_STATS=1 prints it at exit,
			* for the tests) */
	/* The window (issue 34, Speed): when every statement of a QUERY reads
	 * nothing of this log but events (reads_other, the authorizer's, says
	 * otherwise), the log is opened lazy (lazy: asked for before the
	 * open): the run's w with its header alone, no index. The first read
	 * of events with a time range indexes w's blocks of that window only
	 * (store_window.h); a read the window cannot answer (another range,
	 * none, or a log the window refused) opens the whole index, as a log
	 * not lazy is opened at once (sql_log_store). */
	bool reads_other, lazy;
	/* Another's store and tracks, already built, that the tables read
	 * (the viewer's SQL pane: its log is not opened a second time; what
	 * else a table needs is built from that store): the run's lent_s and
	 * lent_tr. */
	/* A warning while the tables were built (a memory budget reached,
	 * memory out), kept here when the store is lent (the viewer's pane
	 * shows it: standard error is under the screen), else written at
	 * once. */
	char warning[256];
};

/* The authorizer's state: the logs (d[0] main, also a; d[1] b), why it
 * refused the last action (for the message). */
struct sql_auth {
	struct sql_data *d;
	int nd;
	char why[160];
	int first; /* the statement's first action: SQLITE_SELECT for one
		    * that only reads (sql_auth_begin clears it) */
	bool declaring; /* a table's declaration, not a statement: allowed */
};

/* Before each statement is prepared: no refusal yet, no first action. */
void sql_auth_begin(struct sql_auth *a);

/* The connection `hectic sql` and the viewer's query pane share: an
 * in-memory database with every table registered over d[0..nd)
 * (sql_vtab_register), made read-only (sql_safety, a's state), progress
 * called every thousand of SQLite's steps (true stops the statement).
 * NULL, with why in err, when SQLite could not make it. */
sqlite3 *sql_connect(struct sql_data *d, int nd, struct sql_auth *a, int (*progress)(void *),
		     void *ctx, char *err, size_t n);

/* Registers every table of the registry on db, over the logs d[0..nd):
 * the first's tables are the eponymous ones of main; with two, schemas a
 * and b (in-memory databases attached here, before sql_safety forbids
 * it) hold the first's and the second's (CREATE VIRTUAL TABLE b.gcs
 * USING gcs(1): an eponymous table lives in main alone). False, with why
 * in err, when SQLite refused. db must be writable until then. */
bool sql_vtab_register(sqlite3 *db, struct sql_data *d, int nd, char *err, size_t n);

/* Builds what a table of the given needs (model/table.h: TABLE_NEEDS_*)
 * reads, the first time; false when out of memory (said once). */
bool sql_derived_ready(struct sql_data *d, int needs);

/* What the producers of d's tables read: what is built of it so far. */
struct table_data sql_table_data(const struct sql_data *d);

/* Frees what sql_derived_ready built (the tracks aside). */
void sql_derived_free(struct sql_data *d);

/* Makes db read-only and bounded: query_only, defensive mode, no
 * extension loading, no database attached past those there, and a (the
 * authorizer) that allows reads alone; a->why says what it refused. It
 * also notes in a->d[i].need_tracks whether a statement reads a table of
 * log i that needs the tracks, and in reads_other one besides events. */
void sql_safety(sqlite3 *db, struct sql_auth *a);

/* Holds db to the memory budget of logs of size bytes together (5% plus
 * 10 MB): SQLite's heap, a value's length, printf()'s widths
 * (cmd_sql_budget.c). False when SQLite could not (out of memory). */
bool sql_budget(sqlite3 *db, uint64_t size);

/* Opens d->path (a copy of a stream kept in save, when not NULL),
 * building the tracks as it is indexed when d->need_tracks; or, lazy
 * (d->lazy), its header alone into w. -1, or the exit status having said
 * why (d->opened, d->lazy say whether there is a store to close). */
int sql_log_open(struct sql_data *d, const char *save);

/* Opens d->path as it is now, for a log still growing (push --follow):
 * a stream not waited for to its end, a file with no whole header yet
 * waited for (d->stop ends the wait). -1, or the exit status having
 * said why (nothing said when stopped). */
int sql_log_follow(struct sql_data *d);

/* The store a read of table t with limits l takes: w when it is lazy and
 * its window holds l's time range (indexing the window at the first such
 * read), else s, opened with the whole index the first time. NULL, having
 * said why, when that open failed. */
struct table_def;
struct table_limits;
const struct store *sql_log_store(struct sql_data *d, const struct table_def *t,
				  const struct table_limits *l);

/* Says what the log held besides its events (a truncated end, a file that
 * shrank), as the reports say it, and closes it. rc: the status so far
 * (-1: none); returns it, or EXIT_BADINPUT when the log failed. */
int sql_log_close(struct sql_data *d, int rc);

/* hectic sql --db OUT FILE...: every table of every log into the SQLite
 * file OUT, replaced whole or not at all; stop (Ctrl-C's) ends it, OUT
 * left as it was. The exit status. */
int sql_db_write(const char *out, char **paths, int n, const volatile sig_atomic_t *stop);

/* Output formats. */
enum sql_format { SQL_ALIGNED, SQL_TSV, SQL_JSON };

/* Runs st to its end, writing its rows to f in fmt, text escaped for a
 * terminal when escape. Returns SQLITE_DONE or the error of the step
 * (having written what came before). */
int sql_out_run(sqlite3_stmt *st, FILE *f, enum sql_format fmt, bool escape);

/* Column i of st's row as a table value (text pointing into st until its
 * next step), and the decimals the reports print it with (those of the
 * table's column it was read from, else 0): what the viewer's query pane
 * shows is what `hectic sql` prints. */
struct table_value;
void sql_out_value(sqlite3_stmt *st, int i, struct table_value *v);
int sql_out_decimals(sqlite3_stmt *st, int i);

#endif
