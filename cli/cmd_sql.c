/* `hectic sql A [B] [QUERY]`: SQL over the open log (issue 34). The
 * registry's tables (model/table.h) are virtual tables of an in-memory
 * SQLite connection that holds nothing: each reads the log through its
 * producer (cmd_sql_vtab.c). A QUERY runs once; without one, statements
 * are read from standard input, each run once sqlite3_complete says it is
 * whole (a "sql> " prompt with line editing and a history when standard
 * input is a terminal: cmd_sql_line.c). The
 * connection only reads (cmd_sql_vtab.c's sql_safety), SQLite's heap is
 * held to the memory budget hectic keeps everywhere (5% of the log plus
 * 10 MB), and Ctrl-C stops a statement within a few thousand of SQLite's
 * steps (the progress handler) or a producer's: exit status 130, as a
 * shell gives a program that SIGINT ended, so that a script tells an
 * interrupted query from a failed one (1) or a wrong one (2).
 *
 * With a second log B (an operand that names a file, or ends in
 * .eventlog, before the QUERY), B's tables are in schema b and A's in
 * main and a, so that a diff is a JOIN (cmd_sql_vtab.c). --db OUT
 * FILE... writes every log's tables into an SQLite file instead
 * (cmd_sql_db.c). */
#include "cmd.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../model/table.h"
#include "../sql/sql.h"
#include "cli_help.h"
#include "cmd_sql_line.h"

static volatile sig_atomic_t interrupted;

static void sql_on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

static int sql_cli_on_progress(void *ctx)
{
	(void)ctx;
	return interrupted != 0;
}

struct sql_opts {
	enum sql_format fmt;
	int escape; /* --escape 1, --raw 0, else whether stdout is a terminal */
	bool schema;
	const char *save, *query, *db;
	char **paths; /* the logs: one or two, or --db's any number */
	int npaths;
};

static void usage_sql(FILE *f, const struct cli_cmd *self)
{
	cli_usage_print(f, self);
	if (f == stdout) {
		/* the registry's names, wrapped within 78 columns */
		fputs("\nTables (hectic sql --schema: their columns and what each holds):\n", f);
		int col = 0;
		for (size_t i = 0; i < table_ndefs; i++) {
			int w = (int)strlen(table_defs[i]->name) + (i + 1 < table_ndefs);
			if (col && col + 1 + w > 78) {
				fputc('\n', f);
				col = 0;
			}
			col += fprintf(f, "%s%s%s", col ? " " : "  ", table_defs[i]->name,
				       i + 1 < table_ndefs ? "," : "\n");
		}
	}
}

/* hectic sql A B: B is the second log, not a query, when it names a file
 * or ends in .eventlog (a missing one is then said so). */
static bool is_log(const char *arg)
{
	size_t n = strlen(arg);
	return access(arg, F_OK) == 0 || (n > 9 && !strcmp(arg + n - 9, ".eventlog"));
}

static int sql_parse(const struct cli_cmd *self, int argc, char **argv, struct sql_opts *o)
{
	static const struct option opts[] = {
		{ "tsv", no_argument, NULL, 't' },	{ "json", no_argument, NULL, 'j' },
		{ "schema", no_argument, NULL, 'S' },	{ "raw", no_argument, NULL, 'r' },
		{ "escape", no_argument, NULL, 'e' },	{ "save", required_argument, NULL, 's' },
		{ "db", required_argument, NULL, 'd' },	{ "help", no_argument, NULL, 'h' },
		{ 0 },
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
		case 'd': o->db = optarg; break;
		case 'h': usage_sql(stdout, self); return 0;
		default: warn_badopt_try(argc, argv, "sql"); return EXIT_USAGE;
		}
	}
	if (nfmt > 1) {
		warnx_("--tsv and --json: choose one");
		return EXIT_USAGE;
	}
	if (o->schema && optind == argc)
		return -1;
	int n = argc - optind;
	if (o->schema) {
		warnx_("sql --schema: no operand, got %d", n);
		usage_sql(stderr, self);
		return EXIT_USAGE;
	}
	if (o->db && (o->save || nfmt)) {
		warnx_("sql --db: it writes every table of every FILE; no --save, --tsv or --json");
		usage_sql(stderr, self);
		return EXIT_USAGE;
	}
	int bad = o->db ? cli_operands(argc, argv, 1, -1, "sql --db OUT", "FILE...", usage_sql, self)
			: cli_operands(argc, argv, 1, 3, "sql", "A [B] [QUERY]", usage_sql, self);
	if (bad >= 0)
		return bad;
	o->paths = argv + optind;
	o->npaths = o->db ? n : n == 3 || (n == 2 && is_log(argv[optind + 1])) ? 2 : 1;
	if (!o->db && o->npaths < n)
		o->query = argv[argc - 1];
	if (o->save && o->npaths > 1) {
		warnx_("--save: one log");
		return EXIT_USAGE;
	}
	if (o->escape < 0)
		o->escape = isatty(STDOUT_FILENO);
	return -1;
}

/* A table as --schema lists it: its name and sentence, then its columns,
 * their types and units (a blank line before it unless first). */
static void print_table(const struct table_def *t, bool first)
{
	printf("%s%s: %s\n", first ? "" : "\n", t->name, t->doc);
	for (size_t k = 0; k < t->ncols; k++) {
		const struct table_col *c = &t->cols[k];
		printf("  %-12s %-7s %-5s  %s\n", c->name, table_type_name(c->type),
		       *c->unit ? c->unit : "-", c->doc);
	}
}

/* hectic sql --schema: every table, its columns, their types and units. */
static int print_schema(void)
{
	for (size_t i = 0; i < table_ndefs; i++)
		print_table(table_defs[i], i == 0);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : EXIT_BADINPUT;
}

/* ---- the dot-commands of the prompt, as sqlite3's ---- */

static const struct {
	const char *name, *args, *help;
	int maxargs;
} dot_cmds[] = {
	{ "exit", "", "leave hectic sql, as .quit", 0 },
	{ "help", "", "these dot-commands", 0 },
	{ "quit", "", "leave hectic sql (Ctrl-D too)", 0 },
	{ "schema", "?TABLE?", "TABLE's columns, as --schema (a LIKE pattern; none: all)", 1 },
	{ "tables", "?PATTERN?", "the tables' names (those PATTERN matches, as LIKE)", 1 },
};

/* The tables pattern p matches (NULL: all), as .tables writes them: in
 * columns across the rows; false when none does. */
static bool dot_tables(const char *p, int nd)
{
	size_t w = 0, k = 0, all = 0;
	for (size_t i = 0; i < table_ndefs; i++)
		if (!p || !sqlite3_strlike(p, table_defs[i]->name, 0)) {
			all++;
			if (strlen(table_defs[i]->name) > w)
				w = strlen(table_defs[i]->name);
		}
	size_t per = w + 2 < 78 ? 78 / (w + 2) : 1;
	for (size_t i = 0; i < table_ndefs; i++) {
		if (p && sqlite3_strlike(p, table_defs[i]->name, 0))
			continue;
		bool end = ++k % per == 0 || k == all; /* (no blanks at a row's end) */
		printf("%-*s%s", end ? 0 : (int)(w + 2), table_defs[i]->name, end ? "\n" : "");
	}
	if (k && nd > 1)
		puts("(log A's are these and a.TABLE, log B's b.TABLE)");
	return k > 0;
}

/* Runs the dot-command line (a line beginning with '.', no statement
 * pending): 0 done, 1 .quit, or the exit status having said why not. */
static int sql_dot(const char *line, int nd)
{
	char buf[512], *arg[3] = { 0 };
	int na = 0;
	snprintf(buf, sizeof buf, "%s", line + 1);
	for (char *save = NULL, *w = strtok_r(buf, " \t\r\n", &save); w;
	     w = strtok_r(NULL, " \t\r\n", &save))
		if (na++ < 3)
			arg[na - 1] = w;
	size_t i = 0;
	while (arg[0] && i < sizeof dot_cmds / sizeof dot_cmds[0] && strcmp(arg[0], dot_cmds[i].name))
		i++;
	if (!arg[0] || i == sizeof dot_cmds / sizeof dot_cmds[0] || na - 1 > dot_cmds[i].maxargs) {
		warnx_("unknown command or invalid arguments: \"%s\" (.help lists the dot-commands)",
		       arg[0] ? arg[0] : "");
		return EXIT_USAGE;
	}
	const char *name = arg[0], *p = arg[1];
	if (!strcmp(name, "quit") || !strcmp(name, "exit"))
		return 1;
	if (!strcmp(name, "help")) {
		for (size_t k = 0; k < sizeof dot_cmds / sizeof dot_cmds[0]; k++)
			printf(".%-6s %-9s  %s\n", dot_cmds[k].name, dot_cmds[k].args, dot_cmds[k].help);
	} else if (!strcmp(name, "tables")) {
		if (!dot_tables(p, nd) && p) {
			warnx_("no table matches %s (.tables lists them)", p);
			return EXIT_USAGE;
		}
	} else { /* .schema */
		bool any = false;
		for (size_t k = 0; k < table_ndefs; k++)
			if (!p || !sqlite3_strlike(p, table_defs[k]->name, 0))
				print_table(table_defs[k], !any), any = true;
		if (!any) {
			warnx_("no table matches %s (.tables lists them)", p);
			return EXIT_USAGE;
		}
	}
	fflush(stdout);
	return 0;
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

/* Runs the prepared st to its end, writing its rows, and finalizes it;
 * -1, or the exit status having said why it failed. */
static int sql_run_one(sqlite3 *db, const struct sql_auth *a, sqlite3_stmt *st,
		       const struct sql_opts *o)
{
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
	if (rc == SQLITE_AUTH) { /* (refused as it ran: a table-valued PRAGMA) */
		warnx_("%s", *a->why ? a->why : sqlite3_errmsg(db));
		return EXIT_USAGE;
	}
	if (rc != SQLITE_DONE) {
		warnx_("%s", sqlite3_errmsg(db));
		return EXIT_BADINPUT;
	}
	return -1;
}

/* Runs every statement of sql, writing their rows; -1, or the exit status
 * of the first that failed. o NULL: each is only prepared, so that a
 * syntax error is said before the log is read, and the tables they read
 * are noted (sql_auth: need_tracks). */
static int sql_exec(sqlite3 *db, struct sql_auth *a, const char *sql,
		    const struct sql_opts *o)
{
	const char *p = sql;
	while (*p) {
		sqlite3_stmt *st = NULL;
		const char *tail;
		sql_auth_begin(a);
		if (sqlite3_prepare_v2(db, p, -1, &st, &tail) != SQLITE_OK)
			return say_prepare_error(db, a, sql, (size_t)(p - sql));
		if (!o) {
			sqlite3_finalize(st);
		} else if (st && !sqlite3_stmt_readonly(st)) {
			sqlite3_finalize(st);
			/* (VACUUM, which no authorizer call names) */
			warnx_("a statement that writes refused: hectic sql only reads");
			return EXIT_USAGE;
		} else {
			int rc = sql_run_one(db, a, st, o);
			if (rc >= 0)
				return rc;
		}
		if (tail == p)
			break;
		p = tail;
	}
	return -1;
}

/* The next line of standard input (or the next n - 1 bytes of a longer
 * one) into *text, its newline kept: read into line, or through the editor
 * when there is one (ed), which gives it without its newline (*nl set).
 * False at the end. A Ctrl-C at the prompt sets *cancel. */
static bool next_line(struct sql_line *ed, bool more, char *line, size_t n, const char **text,
		      bool *nl, bool *cancel)
{
	*cancel = *nl = false;
	*text = line;
	if (!ed)
		return fgets(line, (int)n, stdin) != NULL;
	enum sql_line_res r = sql_line_read(ed, more ? "...> " : "sql> ", text);
	*cancel = r == SQL_LINE_CANCEL;
	*nl = true;
	return r != SQL_LINE_EOF;
}

/* Statements from standard input, each run once complete. -1, or the exit
 * status: a script stops at its first error, a terminal goes on. On a
 * terminal the lines are edited, the prompt on standard error (or on
 * standard output when standard error is not the terminal), and each
 * statement goes into the history (cmd_sql_line.c). */
static int sql_stdin(sqlite3 *db, struct sql_auth *a, const struct sql_opts *o, int nd)
{
	bool tty = isatty(STDIN_FILENO);
	int term = isatty(STDERR_FILENO) ? STDERR_FILENO : isatty(STDOUT_FILENO) ? STDOUT_FILENO : -1;
	struct sql_line *ed = tty && term >= 0 ? sql_line_new(term) : NULL;
	char *buf = NULL, line[4096];
	size_t n = 0;
	int status = -1;
	bool cancel, nl;
	const char *text;
	for (;;) {
		if (tty && !ed)
			fputs(n ? "...> " : "sql> ", stderr);
		if (!next_line(ed, n > 0, line, sizeof line, &text, &nl, &cancel))
			break;
		if (cancel) { /* Ctrl-C: the statement begun is dropped */
			n = 0;
			continue;
		}
		if (!n && strspn(text, " \t\r\n") == strlen(text))
			continue; /* (a blank line begins nothing) */
		if (!n && *text == '.') { /* a dot-command, as sqlite3's */
			if (ed)
				sql_line_add(ed, text);
			int rc = sql_dot(text, nd);
			if (rc == 1)
				break;
			if (rc > 1 && !tty) {
				free(buf);
				return rc;
			}
			if (rc > 1)
				status = rc;
			continue;
		}
		size_t k = strlen(text);
		char *nb = realloc(buf, n + k + 2);
		if (!nb) {
			warnx_("out of memory");
			free(buf);
			sql_line_free(ed);
			return EXIT_BADINPUT;
		}
		buf = nb;
		memcpy(buf + n, text, k + 1);
		n += k;
		if (nl)
			buf[n++] = '\n', buf[n] = 0;
		if (!sqlite3_complete(buf))
			continue;
		if (ed)
			sql_line_add(ed, buf);
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
	if (tty && !ed)
		fputc('\n', stderr);
	sql_line_free(ed);
	if (interrupted) {
		status = EXIT_INTERRUPTED;
	} else if (n && strspn(buf, " \t\r\n") < n && tty) {
		/* Ctrl-D with a statement begun: not run, as sqlite3 does */
		for (char *p = buf; *p; p++)
			if (*p == '\n' || *p == '\r' || *p == '\t')
				*p = ' ';
		const char *b = buf + strspn(buf, " ");
		size_t len = strlen(b);
		while (len && b[len - 1] == ' ')
			len--;
		warnx_("the unfinished statement (no ';' yet) discarded, not run: %.*s%s",
		       (int)(len > 200 ? 200 : len), b, len > 200 ? "..." : "");
	} else if (n && strspn(buf, " \t\r\n") < n) {
		status = sql_exec(db, a, buf, o); /* the last, without its ';' */
	}
	free(buf);
	return status;
}

/* The end: each log's problems said, as the reports say them; the rows
 * flushed. */
static int sql_finish(struct sql_data *d, int nd, int rc)
{
	const char *stats = getenv("HECTIC_SQL_STATS");
	unsigned long long rows = 0;
	for (int i = 0; i < nd; i++)
		rows += d[i].rows;
	if (stats && !strcmp(stats, "1"))
		fprintf(stderr, "hectic sql: %llu rows produced\n", rows);
	for (int i = 0; i < nd; i++)
		rc = sql_log_close(&d[i], rc);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno != EPIPE)
			warnx_("cannot write the rows: %s", strerror(errno ? errno : EIO));
		return EXIT_BADINPUT;
	}
	return rc < 0 ? 0 : rc;
}

/* Opens the logs, then holds db to the budget of their sizes
 * (sql_budget). -1, or the exit status having said why. */
static int sql_open_logs(sqlite3 *db, struct sql_data *d, int nd, const char *save)
{
	uint64_t size = 0;
	for (int i = 0; i < nd; i++) {
		int rc = sql_log_open(&d[i], save);
		if (rc >= 0)
			return rc;
		size += d[i].r.lazy ? d[i].r.w.size : d[i].r.s.size;
	}
	if (!sql_budget(db, size)) {
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	return -1;
}

int cmd_sql(const struct cli_cmd *self, int argc, char **argv)
{
	struct sql_opts o;
	int rc = sql_parse(self, argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (o.schema)
		return print_schema();
	struct sigaction sa = { .sa_handler = sql_on_sigint };
	sigemptyset(&sa.sa_mask);
	if (o.db) { /* (before --db's temporary watches the quit signals) */
		sigaction(SIGINT, &sa, NULL);
		return sql_db_write(o.db, o.paths, o.npaths, &interrupted);
	}
	static struct sql_data d[2];
	static struct sql_auth a;
	int nd = o.npaths;
	for (int i = 0; i < nd; i++) {
		d[i].path = o.paths[i];
		d[i].stop = &interrupted;
	}
	char err[300];
	sqlite3 *db = sql_connect(d, nd, &a, sql_cli_on_progress, NULL, err, sizeof err);
	if (!db) {
		warnx_("%s", err);
		return EXIT_BADINPUT;
	}
	/* a QUERY is checked before the log is read */
	if (o.query && (rc = sql_exec(db, &a, o.query, NULL)) >= 0) {
		sqlite3_close(db);
		return rc;
	}
	/* a QUERY that reads nothing of a log but events opens it lazy */
	for (int i = 0; i < nd; i++)
		d[i].lazy = o.query && !d[i].reads_other && !o.save && !source_is_stream(d[i].path);
	if ((rc = sql_open_logs(db, d, nd, o.save)) >= 0) {
		sqlite3_close(db);
		return sql_finish(d, nd, rc);
	}
	sigaction(SIGINT, &sa, NULL);
	rc = o.query ? sql_exec(db, &a, o.query, &o) : sql_stdin(db, &a, &o, nd);
	sqlite3_close(db);
	return sql_finish(d, nd, rc);
}
