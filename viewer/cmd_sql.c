/* `hectic sql FILE [QUERY]`: SQL over the open log (issue 34). The
 * registry's tables (model/table.h) are virtual tables of an in-memory
 * SQLite connection that holds nothing: each reads the log through its
 * producer (cmd_sql_vtab.c). A QUERY runs once; without one, statements
 * are read from standard input, each run once sqlite3_complete says it is
 * whole (a "sql> " prompt when standard input is a terminal). The
 * connection only reads (cmd_sql_vtab.c's sql_safety), SQLite's heap is
 * held to the memory budget hectic keeps everywhere (5% of the log plus
 * 10 MB), and Ctrl-C stops a statement within a few thousand of SQLite's
 * steps (the progress handler) or a producer's: exit status 130, as a
 * shell gives a program that SIGINT ended, so that a script tells an
 * interrupted query from a failed one (1) or a wrong one (2). */
#include "cmd.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../model/table.h"
#include "cli_help.h"
#include "sql.h"

#define EXIT_INTERRUPTED 130

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

static int on_progress(void *ctx)
{
	(void)ctx;
	return interrupted != 0;
}

struct sql_opts {
	enum sql_format fmt;
	int escape; /* --escape 1, --raw 0, else whether stdout is a terminal */
	bool schema;
	const char *save, *path, *query;
};

static void usage_sql(FILE *f)
{
	fprintf(f, "usage: hectic sql [--tsv | --json] [--raw | --escape] [--save OUT] FILE [QUERY]"
		   " | --schema\n");
	if (f == stdout) {
		cli_cmd_help_print(f, cli_command("sql"));
		fputs("\nTables (hectic sql --schema lists their columns):\n", f);
		for (size_t i = 0; i < table_ndefs; i++)
			fprintf(f, "  %-16s %s\n", table_defs[i]->name, table_defs[i]->doc);
	}
}

static int sql_parse(int argc, char **argv, struct sql_opts *o)
{
	static const struct option opts[] = {
		{ "tsv", no_argument, NULL, 't' },	{ "json", no_argument, NULL, 'j' },
		{ "schema", no_argument, NULL, 'S' },	{ "raw", no_argument, NULL, 'r' },
		{ "escape", no_argument, NULL, 'e' },	{ "save", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },	{ 0 },
	};
	*o = (struct sql_opts){ .escape = -1 };
	int c, nfmt = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 't': o->fmt = SQL_TSV, nfmt++; break;
		case 'j': o->fmt = SQL_JSON, nfmt++; break;
		case 'S': o->schema = true; break;
		case 'r': o->escape = 0; break;
		case 'e': o->escape = 1; break;
		case 's': o->save = optarg; break;
		case 'h': usage_sql(stdout); return 0;
		default: warn_badopt_try(argc, argv, "sql"); return EXIT_USAGE;
		}
	}
	if (nfmt > 1) {
		warnx_("--tsv and --json: choose one");
		return EXIT_USAGE;
	}
	if (o->schema && optind == argc)
		return -1;
	if (o->schema || optind == argc || argc - optind > 2) {
		usage_sql(stderr);
		return EXIT_USAGE;
	}
	o->path = argv[optind];
	o->query = optind + 1 < argc ? argv[optind + 1] : NULL;
	if (o->escape < 0)
		o->escape = isatty(STDOUT_FILENO);
	return -1;
}

/* hectic sql --schema: every table, its columns, their types and units. */
static int print_schema(void)
{
	for (size_t i = 0; i < table_ndefs; i++) {
		const struct table_def *t = table_defs[i];
		printf("%s%s: %s\n", i ? "\n" : "", t->name, t->doc);
		for (size_t k = 0; k < t->ncols; k++) {
			const struct table_col *c = &t->cols[k];
			printf("  %-12s %-7s %-5s  %s\n", c->name, table_type_name(c->type),
			       *c->unit ? c->unit : "-", c->doc);
		}
	}
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : EXIT_BADINPUT;
}

/* The connection: read-only where SQLite allows it, the tables registered. */
static sqlite3 *sql_connect(struct sql_data *d, struct sql_auth *a)
{
	sqlite3 *db = NULL;
	if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		warnx_("sqlite: %s", db ? sqlite3_errmsg(db) : "out of memory");
		sqlite3_close(db);
		return NULL;
	}
	a->d = d;
	sql_safety(db, a);
	if (!sql_vtab_register(db, d)) {
		sqlite3_close(db);
		return NULL;
	}
	sqlite3_progress_handler(db, 1000, on_progress, NULL);
	return db;
}

/* Says what is wrong with the statement at sql (a syntax error, a table or
 * column that does not exist, an action refused), with the line and column
 * SQLite points at; EXIT_USAGE. */
static int say_prepare_error(sqlite3 *db, const struct sql_auth *a, const char *sql, size_t at)
{
	int rc = sqlite3_errcode(db);
	if (*a->why) { /* the authorizer refused it */
		warnx_("%s", a->why);
		return EXIT_USAGE;
	}
	if (rc == SQLITE_NOMEM) {
		warnx_("out of memory (SQLite's limit: 5%% of the log plus 10 MB)");
		return EXIT_BADINPUT;
	}
	int off = sqlite3_error_offset(db);
	if (off >= 0)
		off += (int)at; /* (at: the statement's place in sql) */
	if (off < 0) {
		warnx_("%s", sqlite3_errmsg(db));
		return EXIT_USAGE;
	}
	int line = 1, col = 1;
	const char *start = sql;
	for (int i = 0; i < off && sql[i]; i++) {
		if (sql[i] == '\n')
			line++, col = 1, start = sql + i + 1;
		else
			col++;
	}
	warnx_("%s (line %d, column %d)", sqlite3_errmsg(db), line, col);
	size_t n = strcspn(start, "\n");
	fprintf(stderr, "  %.*s\n  %*s^\n", (int)(n < 200 ? n : 200), start, col - 1, "");
	return EXIT_USAGE;
}

/* Prepares every statement of sql without running them: a syntax error is
 * said before the log is read, and the tables they read are noted
 * (sql_auth: need_tracks). -1, or the exit status. */
static int sql_check(sqlite3 *db, struct sql_auth *a, const char *sql)
{
	const char *p = sql;
	while (*p) {
		sqlite3_stmt *st = NULL;
		const char *tail;
		a->why[0] = 0;
		if (sqlite3_prepare_v2(db, p, -1, &st, &tail) != SQLITE_OK)
			return say_prepare_error(db, a, sql, (size_t)(p - sql));
		sqlite3_finalize(st);
		if (tail == p)
			break;
		p = tail;
	}
	return -1;
}

/* Runs every statement of sql, writing their rows; -1, or the exit status
 * of the first that failed. */
static int sql_exec(sqlite3 *db, struct sql_auth *a, const char *sql,
		    const struct sql_opts *o)
{
	const char *p = sql;
	while (*p) {
		sqlite3_stmt *st = NULL;
		const char *tail;
		a->why[0] = 0;
		if (sqlite3_prepare_v2(db, p, -1, &st, &tail) != SQLITE_OK)
			return say_prepare_error(db, a, sql, (size_t)(p - sql));
		if (st && !sqlite3_stmt_readonly(st)) {
			sqlite3_finalize(st);
			/* (VACUUM, which no authorizer call names) */
			warnx_("a statement that writes refused: hectic sql only reads");
			return EXIT_USAGE;
		}
		int rc = st ? sql_out_run(st, stdout, o->fmt, o->escape) : SQLITE_DONE;
		sqlite3_finalize(st);
		fflush(stdout);
		if (rc == SQLITE_INTERRUPT || interrupted) {
			warnx_("interrupted: the statement was stopped");
			return EXIT_INTERRUPTED;
		}
		if (rc == SQLITE_NOMEM) {
			warnx_("out of memory: the statement needs more than SQLite's limit (5%% of "
			       "the log plus 10 MB)");
			return EXIT_BADINPUT;
		}
		if (rc != SQLITE_DONE) {
			warnx_("%s", sqlite3_errmsg(db));
			return EXIT_BADINPUT;
		}
		if (tail == p)
			break;
		p = tail;
	}
	return -1;
}

/* Opens the log, building the tracks as it is indexed when a statement
 * will read a table that needs them; sets SQLite's heap limit from its
 * size. -1, or the exit status having said why. */
static int sql_open_log(struct sql_data *d, const char *save)
{
	struct tracks_fused *f = d->need_tracks ? tracks_fused_new() : NULL;
	int rc = cmd_open_store_sink(d->path, save, &d->src, &d->s, tracks_fused_sink(f));
	if (rc >= 0) {
		tracks_fused_free(f);
		return rc;
	}
	d->opened = true;
	if (d->need_tracks) {
		if (!tracks_fused_build(f, &d->tr, &d->s)) {
			warnx_("%s: out of memory", d->path);
			return EXIT_BADINPUT;
		}
		d->have_tracks = true;
		if (d->tr.over_budget)
			warnx_("%s: some tables reached their memory budget; figures may be partial",
			       d->path);
	}
	sqlite3_hard_heap_limit64((sqlite3_int64)(d->s.size / 20 + (10 << 20)));
	return -1;
}

/* Statements from standard input, each run once complete. -1, or the exit
 * status: a script stops at its first error, a terminal goes on. */
static int sql_stdin(sqlite3 *db, struct sql_auth *a, const struct sql_opts *o)
{
	bool tty = isatty(STDIN_FILENO);
	char *buf = NULL, line[4096];
	size_t n = 0;
	int status = -1;
	for (;;) {
		if (tty)
			fputs(n ? "...> " : "sql> ", stderr);
		if (!fgets(line, sizeof line, stdin))
			break;
		size_t k = strlen(line);
		char *nb = realloc(buf, n + k + 1);
		if (!nb) {
			warnx_("out of memory");
			free(buf);
			return EXIT_BADINPUT;
		}
		buf = nb;
		memcpy(buf + n, line, k + 1);
		n += k;
		if (!sqlite3_complete(buf))
			continue;
		int rc = sql_exec(db, a, buf, o);
		n = 0;
		if (rc >= 0 && !tty) {
			free(buf);
			return rc;
		}
		if (rc >= 0)
			status = rc;
		interrupted = 0;
	}
	if (tty)
		fputc('\n', stderr);
	if (interrupted)
		status = EXIT_INTERRUPTED;
	else if (n && strspn(buf, " \t\r\n") < n)
		status = sql_exec(db, a, buf, o); /* the last, without its ';' */
	free(buf);
	return status;
}

/* The end: what the log held besides events, as the reports say it. */
static int sql_finish(struct sql_data *d, int rc)
{
	if (d->opened) {
		if (store_faulted(&d->s)) {
			warnx_("%s: the file shrank while it was read; the rows are incomplete",
			       d->path);
			rc = rc > 0 ? rc : EXIT_BADINPUT;
		} else if (!store_report(&d->s, cmd_say_problem, (void *)d->path) && rc <= 0) {
			rc = EXIT_BADINPUT;
		}
		if (d->have_tracks)
			tracks_free(&d->tr);
		sql_derived_free(d);
		store_close(&d->s);
		source_close(&d->src);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno != EPIPE)
			warnx_("cannot write the rows: %s", strerror(errno ? errno : EIO));
		return EXIT_BADINPUT;
	}
	return rc < 0 ? 0 : rc;
}

int cmd_sql(int argc, char **argv)
{
	struct sql_opts o;
	int rc = sql_parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (o.schema)
		return print_schema();
	static struct sql_data d;
	static struct sql_auth a;
	d.path = o.path;
	d.stop = &interrupted;
	sqlite3 *db = sql_connect(&d, &a);
	if (!db)
		return EXIT_BADINPUT;
	/* a QUERY is checked before the log is read */
	if (o.query && (rc = sql_check(db, &a, o.query)) >= 0) {
		sqlite3_close(db);
		return rc;
	}
	if ((rc = sql_open_log(&d, o.save)) >= 0) {
		sqlite3_close(db);
		return sql_finish(&d, rc);
	}
	struct sigaction sa = { .sa_handler = on_sigint };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	rc = o.query ? sql_exec(db, &a, o.query, &o) : sql_stdin(db, &a, &o);
	sqlite3_close(db);
	return sql_finish(&d, rc);
}
