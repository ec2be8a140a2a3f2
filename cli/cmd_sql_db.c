/* cmd_sql_db: hectic sql --db OUT FILE... (issue 34), the one way hectic
 * writes a database. Every table of the registry (model/table.h) becomes
 * an ordinary table of the SQLite file OUT, its columns the registry's
 * with their types, after a first column run: the log's path as it was
 * given on the command line (two logs of one name in two folders stay
 * apart), so that the sqlite3 shell, Python or Datasette read the rows of
 * every log together. The rows come from the producers, as hectic sql's
 * virtual tables give them: the same answers.
 *
 * OUT is written through a temporary beside it (model/outfile.c, as
 * export -o is) with no journal, and renamed over OUT only when every log
 * was read and every row written: a log that cannot be opened, a file
 * that shrank, a full disk, Ctrl-C or a quit signal leave OUT as it was
 * and no temporary. OUT is checked first (outfile_check): a log it reads,
 * however spelt, a FIFO or anything but a regular file, and an existing
 * file that is no SQLite database are refused (exit 2); a symbolic link is
 * written through. */
#include "../sql/sql.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../model/outfile.h"
#include "../model/source.h"
#include "../model/table.h"
#include "cli.h"

/* CREATE TABLE for t, with run first. */
static char *create_sql(const struct table_def *t)
{
	char *sql = sqlite3_mprintf("CREATE TABLE \"%w\" (run TEXT NOT NULL", t->name);
	for (size_t k = 0; sql && k < t->ncols; k++) {
		char *next = sqlite3_mprintf("%s, \"%w\" %s", sql, t->cols[k].name,
					     table_type_name(t->cols[k].type));
		sqlite3_free(sql);
		sql = next;
	}
	char *full = sql ? sqlite3_mprintf("%s)", sql) : NULL;
	sqlite3_free(sql);
	return full;
}

static bool exec(sqlite3 *db, const char *sql)
{
	if (sql && sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK)
		return true;
	warnx_("sqlite: %s", sql ? sqlite3_errmsg(db) : "out of memory");
	return false;
}

/* The schema: a table per table of the registry. */
static bool create_tables(sqlite3 *db)
{
	/* a temporary no one else reads: no journal, no sync until the end */
	if (!exec(db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; "
		      "PRAGMA locking_mode = EXCLUSIVE; BEGIN"))
		return false;
	for (size_t i = 0; i < table_ndefs; i++) {
		char *sql = create_sql(table_defs[i]);
		bool ok = exec(db, sql);
		sqlite3_free(sql);
		if (!ok)
			return false;
	}
	return true;
}

/* Binds the current row of c after run; steps st. */
static int insert_row(sqlite3_stmt *st, struct table_cursor *c, size_t ncols)
{
	for (size_t k = 0; k < ncols; k++) {
		struct table_value v;
		table_value(c, k, &v);
		int at = (int)k + 2;
		switch (v.kind) {
		case TV_NULL: sqlite3_bind_null(st, at); break;
		case TV_INT: sqlite3_bind_int64(st, at, v.i); break;
		case TV_REAL: sqlite3_bind_double(st, at, v.f); break;
		case TV_TEXT:
			sqlite3_bind_text64(st, at, (const char *)v.p, v.n, SQLITE_STATIC,
					    SQLITE_UTF8);
			break;
		}
	}
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc;
}

/* Every row of t over log d into db. False, having said why, when not all
 * were written. */
static bool copy_table(sqlite3 *db, const struct table_def *t, struct sql_data *d)
{
	char *sql = sqlite3_mprintf("INSERT INTO \"%w\" VALUES (?", t->name);
	for (size_t k = 0; sql && k < t->ncols; k++) {
		char *next = sqlite3_mprintf("%s, ?", sql);
		sqlite3_free(sql);
		sql = next;
	}
	char *full = sql ? sqlite3_mprintf("%s)", sql) : NULL;
	sqlite3_free(sql);
	sqlite3_stmt *st = NULL;
	if (!full || sqlite3_prepare_v2(db, full, -1, &st, NULL) != SQLITE_OK) {
		sqlite3_free(full);
		return exec(db, NULL);
	}
	sqlite3_free(full);
	sqlite3_bind_text(st, 1, d->path, -1, SQLITE_STATIC);
	bool built = sql_derived_ready(d, t->needs);
	struct table_data td = sql_table_data(d);
	struct table_cursor *c = built ? table_open(t, &td, NULL) : NULL;
	int rc = SQLITE_DONE;
	while (c && !*d->stop && rc == SQLITE_DONE && table_next(c))
		rc = insert_row(st, c, t->ncols);
	bool ok = c && !c->failed && !*d->stop && rc == SQLITE_DONE;
	if (c && c->failed && !c->stopped)
		warnx_("%s: table %s: out of memory", d->path, t->name);
	else if (rc != SQLITE_DONE)
		warnx_("%s: %s", d->path, sqlite3_errmsg(db));
	else if (!c)
		warnx_("%s: table %s: out of memory", d->path, t->name);
	table_close(c);
	sqlite3_finalize(st);
	return ok;
}

/* Every table of the log at path into db. -1, or the exit status. */
static int copy_log(sqlite3 *db, const char *path, const volatile sig_atomic_t *stop)
{
	struct sql_data d = { .path = path, .stop = stop, .need_tracks = true };
	int rc = sql_log_open(&d, NULL);
	for (size_t i = 0; rc < 0 && i < table_ndefs; i++)
		if (!copy_table(db, table_defs[i], &d))
			rc = *stop ? EXIT_INTERRUPTED : EXIT_BADINPUT;
	return sql_log_close(&d, rc);
}

/* The logs into the temporary at tmp. -1, or the exit status. */
static int write_db(const char *tmp, char **paths, int n, const volatile sig_atomic_t *stop)
{
	sqlite3 *db = NULL;
	int rc = -1;
	if (sqlite3_open_v2(tmp, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		warnx_("sqlite: %s", db ? sqlite3_errmsg(db) : "out of memory");
		rc = EXIT_BADINPUT;
	} else if (!create_tables(db)) {
		rc = EXIT_BADINPUT;
	}
	for (int i = 0; rc < 0 && i < n; i++)
		rc = copy_log(db, paths[i], stop);
	if (rc < 0 && !exec(db, "COMMIT"))
		rc = EXIT_BADINPUT;
	if (sqlite3_close(db) != SQLITE_OK && rc < 0) {
		warnx_("sqlite: %s", sqlite3_errmsg(db));
		rc = EXIT_BADINPUT;
	}
	return rc;
}

/* OUT already there must be an SQLite database (or empty): a log named
 * where OUT should be (a glob that forgot OUT) is not replaced. */
static bool sql_db_is_db(const char *path)
{
	static const char magic[16] = "SQLite format 3";
	char head[16];
	FILE *f = fopen(path, "rb");
	if (!f)
		return true; /* (a new name; else outfile_open says why) */
	size_t n = fread(head, 1, sizeof head, f);
	fclose(f);
	return n == 0 || (n == sizeof head && !memcmp(head, magic, sizeof head));
}

/* OUT checked before any log is read (outfile_check: none of the logs,
 * however spelt; a regular file or a new name; a link written through to
 * its file) and an existing one a database. -1, or the exit status. */
static int sql_db_check(const char *out, char **paths, int n, char *to, size_t tolen)
{
	struct stat *in = calloc((size_t)n + 1, sizeof *in);
	char err[4400];
	size_t k = 0;
	if (!in) {
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	for (int i = 0; i < n; i++)
		k += source_id(paths[i], &in[k]);
	bool ok = outfile_check(out, in, k, OUTFILE_REGULAR, "--db", to, tolen, err, sizeof err);
	free(in);
	if (!ok) {
		warnx_("%s", err);
		return EXIT_USAGE;
	}
	if (!sql_db_is_db(to)) {
		warnx_("%s: not an SQLite database: --db replaces only a database (was OUT "
		       "forgotten before the logs?)",
		       out);
		return EXIT_USAGE;
	}
	return -1;
}

int sql_db_write(const char *out, char **paths, int n, const volatile sig_atomic_t *stop)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < i; j++)
			if (!strcmp(paths[i], paths[j])) {
				warnx_("%s: given twice (the run column names a log by its path)",
				       paths[i]);
				return EXIT_USAGE;
			}
	static char to[4096];
	int rc = sql_db_check(out, paths, n, to, sizeof to);
	if (rc >= 0)
		return rc;
	struct outfile of;
	char err[4200];
	if (!outfile_open(&of, to, err, sizeof err)) {
		warnx_("%s", err);
		return EXIT_BADINPUT;
	}
	if (of.direct) { /* (made no regular file since the check) */
		outfile_end(&of, false, err, sizeof err);
		warnx_("%s: not a regular file: --db writes an SQLite database", out);
		return EXIT_USAGE;
	}
	rc = write_db(of.tmp, paths, n, stop);
	if (*stop) {
		warnx_("interrupted: %s was left as it was", out);
		rc = EXIT_INTERRUPTED;
	}
	if (!outfile_end(&of, rc < 0, err, sizeof err) && *err) {
		warnx_("%s", err);
		rc = EXIT_BADINPUT;
	}
	return rc < 0 ? 0 : rc;
}
