/* `hectic push URL FILE...` (issue 35): each log's tables into ClickHouse,
 * over its HTTP interface (clickhouse.c), in the schema of `hectic sql`:
 * the registry's tables (model/table.h), each with a first column run,
 * the log's id from its content (model/run_id.h), so that the same log is
 * the same run wherever it is pushed from. The tables are made when
 * missing (model/table_ch.c), with a view complete_NAME of each.
 *
 * Nothing half-done is visible and nothing is pushed twice: a run's logs
 * row is written last, after every row of its tables, and the complete_
 * views show only runs with one. A log whose logs row is there is not
 * pushed again (--replace deletes the run and pushes it again). A push
 * that failed midway (the server gone, Ctrl-C) left rows without a logs
 * row: the next push of that log deletes them first, and waits for the
 * deletes (ClickHouse's mutations) to end before it writes.
 *
 * Values go only in RowBinary bodies, never in a statement's text; the
 * statements hold only the registry's names and the run, which is hex.
 * The logs are read in parallel, one thread per core, each with its own
 * connection. events and runs, the bulk of the data, only with --events. */
#include "cmd.h"

#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "../model/loginfo.h"
#include "../model/run_id.h"
#include "../model/table.h"
#include "../model/table_ch.h"
#include "cli.h"
#include "cli_help.h"
#include "clickhouse.h"
#include "sql.h"

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

struct push_opts {
	const char *url, *host;
	bool events, replace;
	char **paths;
	int npaths;
};

static void usage_push(FILE *f)
{
	fprintf(f, "usage: hectic push [--events] [--replace] [--host NAME] URL FILE...\n");
	if (f == stdout)
		cli_cmd_help_print(f, cli_command("push"));
}

static int push_parse(int argc, char **argv, struct push_opts *o)
{
	static const struct option opts[] = {
		{ "events", no_argument, NULL, 'e' }, { "replace", no_argument, NULL, 'r' },
		{ "host", required_argument, NULL, 'H' }, { "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	*o = (struct push_opts){ 0 };
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'e': o->events = true; break;
		case 'r': o->replace = true; break;
		case 'H': o->host = optarg; break;
		case 'h': usage_push(stdout); return 0;
		default: warn_badopt_try(argc, argv, "push"); return EXIT_USAGE;
		}
	}
	if (argc - optind < 2) {
		usage_push(stderr);
		return EXIT_USAGE;
	}
	o->url = argv[optind];
	o->paths = argv + optind + 1;
	o->npaths = argc - optind - 1;
	return -1;
}

/* ---- the schema ---- */

static bool pushed_table(const struct table_def *t, const struct push_opts *o)
{
	return o->events || (strcmp(t->name, "events") && strcmp(t->name, "runs"));
}

/* One statement that b's text makes (appended after b->n = 0). */
static bool schema_stmt(struct ch *c, struct chbuf *b, bool no_db, char *err, size_t n)
{
	chbuf_add(b, "", 1);
	if (b->failed) {
		snprintf(err, n, "out of memory");
		return false;
	}
	bool ok = ch_query(c, (const char *)b->p, no_db, NULL, 0, err, n);
	b->n = 0;
	return ok;
}

/* The database, logs, every table of the registry and its view, made
 * when missing (logs first: the views read it). */
static bool make_schema(struct ch *c, char *err, size_t n)
{
	struct chbuf b = { 0 };
	chbuf_addf(&b, "CREATE DATABASE IF NOT EXISTS ");
	table_ch_ident(&b, ch_database(c));
	bool ok = schema_stmt(c, &b, true, err, n);
	if (ok)
		table_ch_logs_create(&b);
	ok = ok && schema_stmt(c, &b, false, err, n);
	for (size_t i = 0; ok && i < table_ndefs; i++) {
		table_ch_create(&b, table_defs[i]);
		ok = schema_stmt(c, &b, false, err, n);
		table_ch_view(&b, table_defs[i]);
		ok = ok && schema_stmt(c, &b, false, err, n);
	}
	chbuf_free(&b);
	return ok;
}

/* ---- one log ---- */

struct push_log {
	const struct push_opts *o;
	struct ch *c;
	struct sql_data d;
	char run[RUN_ID_LEN + 1];
	char err[1200];
	/* the rows being sent */
	struct table_cursor *cur;
	struct chbuf buf; /* a row that did not fit, and how much was given */
	size_t at;
	bool ended;       /* the cursor's rows are all given */
	uint64_t rows;
};

/* Rows of cur in RowBinary, written straight into out (ch_insert's
 * fill): a row that does not fit is made into buf, and its rest given
 * first the next time. */
static size_t fill_rows(void *ctx, uint8_t *out, size_t n)
{
	struct push_log *p = ctx;
	size_t k = 0;
	if (p->at < p->buf.n) { /* the rest of a row */
		k = p->buf.n - p->at < n ? p->buf.n - p->at : n;
		memcpy(out, p->buf.p + p->at, k);
		p->at += k;
		if (p->at < p->buf.n)
			return k;
	}
	p->buf.n = p->at = 0;
	struct chbuf w = { .p = out, .n = k, .cap = n, .fixed = true };
	while (w.n < n && !p->ended) {
		if (!table_next(p->cur)) {
			p->ended = true;
			break;
		}
		p->rows++;
		size_t start = w.n;
		table_ch_row(&w, p->run, p->cur);
		if (!w.failed)
			continue;
		w.n = start, w.failed = false;
		table_ch_row(&p->buf, p->run, p->cur);
		if (p->buf.failed)
			return (size_t)-1;
		size_t m = p->buf.n < n - w.n ? p->buf.n : n - w.n;
		memcpy(out + w.n, p->buf.p, m);
		p->at = m;
		w.n += m;
		break;
	}
	if (p->cur->failed)
		return (size_t)-1;
	return w.n;
}

/* Every row of t into ClickHouse. */
static bool push_table(struct push_log *p, const struct table_def *t)
{
	struct sql_data *d = &p->d;
	if (!sql_derived_ready(d, t->needs)) {
		snprintf(p->err, sizeof p->err, "table %s: out of memory", t->name);
		return false;
	}
	struct table_data td = sql_table_data(d);
	if (!table_ready(t, &td))
		return true; /* (nothing of it in this log) */
	p->cur = table_open(t, &td, NULL);
	if (!p->cur) {
		snprintf(p->err, sizeof p->err, "table %s: out of memory", t->name);
		return false;
	}
	p->buf.n = p->at = 0;
	p->ended = false;
	char why[1000];
	bool ok = ch_insert(p->c, t->name, fill_rows, p, why, sizeof why);
	if (!ok)
		snprintf(p->err, sizeof p->err, "table %s: %s", t->name,
			 p->cur->failed && !p->cur->stopped ? "out of memory" : interrupted ? "interrupted" : why);
	table_close(p->cur);
	p->cur = NULL;
	return ok;
}

/* Waits for this database's deletes (mutations) to end. */
static bool wait_mutations(struct push_log *p)
{
	static const char q[] = "SELECT count() FROM system.mutations "
				"WHERE database = currentDatabase() AND is_done = 0";
	for (;;) {
		int64_t n = ch_count(p->c, q, p->err, sizeof p->err);
		if (n <= 0)
			return n == 0;
		if (interrupted) {
			snprintf(p->err, sizeof p->err, "interrupted");
			return false;
		}
		nanosleep(&(struct timespec){ 0, 100 * 1000 * 1000 }, NULL);
	}
}

/* Deletes the run's rows of table name, when it has some (and the logs
 * row, for logs). */
static bool delete_run(struct push_log *p, const char *name, bool *any)
{
	char q[300];
	snprintf(q, sizeof q, "SELECT count() FROM `%s` WHERE run = '%s'", name, p->run);
	int64_t n = ch_count(p->c, q, p->err, sizeof p->err);
	if (n <= 0)
		return n == 0;
	snprintf(q, sizeof q, "ALTER TABLE `%s` DELETE WHERE run = '%s'", name, p->run);
	*any = true;
	return ch_query(p->c, q, false, NULL, 0, p->err, sizeof p->err);
}

/* The rows an earlier push left (failed midway, or --replace: all). */
static bool clean_run(struct push_log *p, bool logs_too)
{
	bool any = false;
	if (logs_too && (!delete_run(p, "logs", &any) || (any && !wait_mutations(p))))
		return false;
	for (size_t i = 0; i < table_ndefs; i++)
		if (!delete_run(p, table_defs[i]->name, &any))
			return false;
	return !any || wait_mutations(p);
}

/* The summary's total_elapsed_ns (the run's length), or 0. */
static int64_t duration_of(struct push_log *p)
{
	const struct table_def *t = table_find("summary");
	struct table_data td = sql_table_data(&p->d);
	struct table_cursor *c = t ? table_open(t, &td, NULL) : NULL;
	int64_t ns = 0;
	while (c && table_next(c)) {
		struct table_value f, v;
		table_value(c, 0, &f);
		table_value(c, 1, &v);
		if (f.kind == TV_TEXT && f.n == 16 && !memcmp(f.p, "total_elapsed_ns", 16))
			ns = v.kind == TV_INT ? v.i : v.kind == TV_REAL ? (int64_t)v.f : 0;
	}
	table_close(c);
	return ns;
}

static size_t fill_once(void *ctx, uint8_t *out, size_t n)
{
	struct chbuf *b = ctx;
	size_t k = b->n < n ? b->n : n;
	memcpy(out, b->p, k);
	memmove(b->p, b->p + k, b->n - k);
	b->n -= k;
	return k;
}

static bool write_logs_row(struct push_log *p, const char *host)
{
	struct loginfo li;
	loginfo_read(&p->d.s, &li);
	struct table_ch_log l = {
		.run = p->run, .file = p->d.path, .host = host,
		.program = li.program, .nprogram = li.nprogram,
		.args = li.args, .nargs = li.nargs, .rts = li.rts, .nrts = li.nrts,
		.started = li.started, .duration = duration_of(p),
		.bytes = (int64_t)p->d.s.size, .pushed_at = (int64_t)time(NULL),
	};
	struct chbuf b = { 0 };
	table_ch_logs_row(&b, &l);
	bool ok = !b.failed && ch_insert(p->c, "logs", fill_once, &b, p->err, sizeof p->err);
	if (b.failed)
		snprintf(p->err, sizeof p->err, "out of memory");
	chbuf_free(&b);
	return ok;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* HECTIC_PUSH_STATS=1: where a push's time goes, on standard error (the
 * benchmark's breakdown). */
static void stat_line(const struct push_log *p, const char *what, double t0, uint64_t rows)
{
	static int on = -1;
	if (on < 0) {
		const char *e = getenv("HECTIC_PUSH_STATS");
		on = e && *e == '1';
	}
	if (on)
		fprintf(stderr, "hectic push: %s: %-12s %8.3f s %10llu rows\n", p->d.path, what,
			now_s() - t0, (unsigned long long)rows);
}

/* Pushes the log p->d.path: 0, or the exit status (p->err says why). */
static int push_one(struct push_log *p, const char *host)
{
	struct sql_data *d = &p->d;
	double t0 = now_s();
	int rc = sql_log_open(d, NULL);
	stat_line(p, "open", t0, 0);
	if (rc >= 0)
		return sql_log_close(d, rc);
	run_id_of(d->s.map, d->s.size, d->s.hdr.data_off, p->run);
	char q[200];
	snprintf(q, sizeof q, "SELECT count() FROM logs WHERE run = '%s' AND live = 0", p->run);
	int64_t done = ch_count(p->c, q, p->err, sizeof p->err);
	if (done < 0)
		return sql_log_close(d, EXIT_BADINPUT);
	if (done > 0 && !p->o->replace) {
		printf("%s: already pushed as run %s; nothing sent (--replace pushes it again)\n",
		       d->path, p->run);
		return sql_log_close(d, -1);
	}
	bool ok = clean_run(p, done > 0);
	size_t ntables = 0;
	uint64_t rows = 0;
	for (size_t i = 0; ok && i < table_ndefs; i++) {
		if (!pushed_table(table_defs[i], p->o))
			continue;
		p->rows = 0;
		t0 = now_s();
		ok = push_table(p, table_defs[i]);
		stat_line(p, table_defs[i]->name, t0, p->rows);
		rows += p->rows;
		ntables++;
	}
	ok = ok && write_logs_row(p, host);
	if (ok)
		printf("%s: pushed as run %s: %llu rows in %zu tables\n", d->path, p->run,
		       (unsigned long long)rows, ntables);
	return sql_log_close(d, ok ? -1 : interrupted ? EXIT_INTERRUPTED : EXIT_BADINPUT);
}

/* ---- the logs, in parallel ---- */

struct pool {
	const struct push_opts *o;
	const char *host;
	pthread_mutex_t lock;
	int next;
	int *status; /* each log's */
};

static void *worker(void *arg)
{
	struct pool *w = arg;
	char err[600];
	struct ch *c = ch_new(w->o->url, &interrupted, err, sizeof err);
	for (;;) {
		pthread_mutex_lock(&w->lock);
		int i = w->next < w->o->npaths && !interrupted ? w->next++ : -1;
		pthread_mutex_unlock(&w->lock);
		if (i < 0)
			break;
		if (!c) {
			warnx_("%s", err);
			w->status[i] = EXIT_BADINPUT;
			continue;
		}
		struct push_log *p = calloc(1, sizeof *p);
		if (!p) {
			warnx_("%s: out of memory", w->o->paths[i]);
			w->status[i] = EXIT_BADINPUT;
			continue;
		}
		*p = (struct push_log){ .o = w->o, .c = c,
					.d = { .path = w->o->paths[i], .stop = &interrupted,
					       .need_tracks = true } };
		int rc = push_one(p, w->host);
		if (rc > 0 && p->err[0])
			warnx_("%s: %s", p->d.path, p->err);
		w->status[i] = rc < 0 ? 0 : rc;
		chbuf_free(&p->buf);
		free(p);
	}
	ch_free(c);
	return NULL;
}

int cmd_push(int argc, char **argv)
{
	struct push_opts o;
	int rc = push_parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	char host[256] = "";
	if (!o.host) {
		if (gethostname(host, sizeof host - 1) != 0)
			snprintf(host, sizeof host, "unknown");
		o.host = host;
	}
	if (!ch_global_init()) {
		warnx_("libcurl could not start");
		return EXIT_BADINPUT;
	}
	struct sigaction sa = { .sa_handler = on_sigint };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	char err[1200];
	struct ch *c = ch_new(o.url, &interrupted, err, sizeof err);
	if (!c) {
		warnx_("%s", err);
		return EXIT_USAGE;
	}
	bool ok = make_schema(c, err, sizeof err);
	ch_free(c);
	if (!ok) {
		warnx_("%s", err);
		return EXIT_BADINPUT;
	}
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int nthreads = cores < 1 ? 1 : cores > o.npaths ? o.npaths : (int)cores;
	struct pool w = { .o = &o, .host = o.host, .lock = PTHREAD_MUTEX_INITIALIZER };
	w.status = calloc((size_t)o.npaths, sizeof *w.status);
	pthread_t *t = calloc((size_t)nthreads, sizeof *t);
	if (!w.status || !t) {
		free(w.status);
		free(t);
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	int started = 0;
	for (; started < nthreads; started++)
		if (pthread_create(&t[started], NULL, worker, &w) != 0)
			break;
	if (!started)
		worker(&w);
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	rc = 0;
	for (int i = 0; i < o.npaths; i++)
		if (w.status[i] && !rc)
			rc = w.status[i];
	if (interrupted && !rc)
		rc = EXIT_INTERRUPTED;
	free(w.status);
	free(t);
	struct rusage ru;
	if (getenv("HECTIC_PUSH_STATS") && !getrusage(RUSAGE_SELF, &ru))
		fprintf(stderr, "hectic push: cpu %.3f s\n",
			(double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
				(double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6);
	if (fflush(stdout) != 0)
		rc = rc ? rc : EXIT_BADINPUT;
	return rc;
}
