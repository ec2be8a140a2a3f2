/* `hectic push URL FILE...` (issue 35): each log's tables into ClickHouse,
 * over its HTTP interface (clickhouse.c), in the schema of `hectic sql`:
 * the registry's tables (model/table.h), each with a first column run,
 * the log's id from its whole content (model/run_id.h), so that the same
 * log is the same run wherever and however it is pushed from. The tables are made when
 * missing (model/table_ch.c), with a view complete_NAME of each.
 *
 * Nothing half-done is visible and nothing is pushed twice: a run's logs
 * row is written last, after every row of its tables, and the complete_
 * views show only runs with one. A log whose logs row is there is not
 * pushed again (--replace deletes the run and pushes it again). A push
 * that failed midway (the server gone, Ctrl-C) left rows without a logs
 * row: the next push of that log deletes them first, and waits for the
 * deletes (ClickHouse's mutations) to end before it writes. A run is
 * claimed before any of it is sent (cmd_push_claim.c): of pushes of one
 * log at once, in one command or many, one stores it.
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

#include "cli.h"
#include "cli_help.h"
#include "push.h"

static void push_on_sigint(int sig)
{
	(void)sig;
	push_interrupted = 1;
}

static int push_parse(const struct cli_cmd *self, int argc, char **argv, struct push_opts *o)
{
	static const struct option opts[] = {
		{ "events", no_argument, NULL, 'e' }, { "replace", no_argument, NULL, 'r' },
		{ "host", required_argument, NULL, 'H' }, { "help", no_argument, NULL, 'h' },
		{ "follow", no_argument, NULL, 'f' }, { "clean", no_argument, NULL, 'c' },
		{ "wait", required_argument, NULL, 'w' }, { 0 },
	};
	*o = (struct push_opts){ .wait_s = PUSH_WAIT_S };
	char *end;
	long v;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'e': o->events = true; break;
		case 'r': o->replace = true; break;
		case 'H': o->host = optarg; break;
		case 'f': o->follow = true; break;
		case 'c': o->clean = true; break;
		case 'w':
			v = strtol(optarg, &end, 10);
			if (end == optarg || *end || v < 1 || v > 86400) {
				warnx_("push --wait: %s is not a number of seconds from 1 to 86400", optarg);
				return EXIT_USAGE;
			}
			o->wait_s = (int)v;
			break;
		case 'h': cli_usage_print(stdout, self); return 0;
		default: warn_badopt_try(argc, argv, "push"); return EXIT_USAGE;
		}
	}
	int bad = o->clean ? cli_operands(argc, argv, 1, 1, "push --clean", "URL", cli_usage_print, self)
			   : cli_operands(argc, argv, 2, -1, "push", "URL FILE...", cli_usage_print, self);
	if (bad >= 0)
		return bad;
	o->url = argv[optind];
	o->paths = argv + optind + 1;
	o->npaths = argc - optind - 1;
	return -1;
}

/* ---- the schema ---- */

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

/* The tables of p's log, and its logs row, under the claim of p->run;
 * done: its logs row was there (--replace). */
static bool push_claimed(struct push_log *p, const char *host, bool done)
{
	struct sql_data *d = &p->d;
	char prefix[RUN_ID_PREFIX_LEN + 1];
	run_id_prefix(d->r.s.map, d->r.s.size, d->r.s.hdr.data_off, prefix);
	bool ok = push_clean_follows(p, prefix) && push_clean_run(p, p->run, done);
	size_t ntables = 0;
	uint64_t rows = 0;
	for (size_t i = 0; ok && i < table_ndefs; i++) {
		if (!push_wanted(table_defs[i], p->o))
			continue;
		p->rows = 0;
		double t0 = push_now();
		ok = push_heartbeat(p, p->run, false) && push_table(p, table_defs[i]);
		push_stat(p, table_defs[i]->name, t0, p->rows);
		rows += p->rows;
		ntables++;
	}
	ok = ok && push_logs_row(p, host, false);
	if (ok)
		push_say(d->path, "pushed as run %s: %llu rows in %zu tables", p->run,
			 (unsigned long long)rows, ntables);
	return ok;
}

/* Pushes the log p->d.path: 0, or the exit status (p->err says why). */
static int push_one(struct push_log *p, const char *host)
{
	struct sql_data *d = &p->d;
	double t0 = push_now();
	int rc = sql_log_open(d, NULL);
	push_stat(p, "open", t0, 0);
	if (rc >= 0)
		return sql_log_close(d, rc);
	t0 = push_now();
	run_id_of(d->r.s.map, d->r.s.size, p->run);
	push_stat(p, "id", t0, 0);
	int done = push_done_before(p);
	if (done < 0)
		return sql_log_close(d, EXIT_BADINPUT);
	char holder[300];
	int claim = done > 0 && !p->o->replace ? CLAIM_TAKEN
					       : push_claim(p, p->run, holder, sizeof holder);
	if (claim == CLAIM_ERROR)
		return sql_log_close(d, push_interrupted ? EXIT_INTERRUPTED : EXIT_BADINPUT);
	if (claim == CLAIM_OURS) /* (another push may have ended since) */
		done = push_done_before(p);
	bool ok = done >= 0;
	if (ok && done > 0 && !p->o->replace)
		push_say(d->path, "already pushed as run %s; nothing sent (--replace pushes it again)",
			 p->run);
	else if (ok && claim == CLAIM_TAKEN)
		push_say(d->path, "being pushed as run %s by %s; nothing sent", p->run, holder);
	else if (ok)
		ok = push_claimed(p, host, done > 0);
	if (claim == CLAIM_OURS)
		push_unclaim(p, p->run);
	return sql_log_close(d, ok ? -1 : push_interrupted ? EXIT_INTERRUPTED : EXIT_BADINPUT);
}

/* ---- the logs, in parallel ---- */

struct pool {
	const struct push_opts *o;
	const char *host;
	pthread_mutex_t lock;
	int next;
	int *status; /* each log's */
};

static void *push_worker(void *arg)
{
	struct pool *w = arg;
	char err[600];
	struct ch *c = ch_new(w->o->url, &push_interrupted, err, sizeof err);
	if (c)
		ch_set_settings(c, w->o->settings);
	for (;;) {
		pthread_mutex_lock(&w->lock);
		int i = w->next < w->o->npaths && !push_interrupted ? w->next++ : -1;
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
					.d = { .path = w->o->paths[i], .stop = &push_interrupted,
					       .need_tracks = true } };
		int rc = w->o->follow ? push_follow(p, w->host) : push_one(p, w->host);
		if (rc > 0 && p->err[0])
			warnx_("%s: %s", p->d.path, p->err);
		w->status[i] = rc < 0 ? 0 : rc;
		chbuf_free(&p->buf);
		free(p);
	}
	ch_free(c);
	return NULL;
}

int cmd_push(const struct cli_cmd *self, int argc, char **argv)
{
	struct push_opts o;
	int rc = push_parse(self, argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (o.follow && o.npaths > PUSH_FOLLOW_MAX) {
		warnx_("push --follow follows %d logs at most at once (a thread each); %d given",
		       PUSH_FOLLOW_MAX, o.npaths);
		return EXIT_USAGE;
	}
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
	struct sigaction sa = { .sa_handler = push_on_sigint };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	char err[1200];
	struct ch *c = ch_new(o.url, &push_interrupted, err, sizeof err);
	if (!c) {
		warnx_("%s", err);
		return EXIT_USAGE;
	}
	bool ok = ch_settings_for(c, o.settings, sizeof o.settings, err, sizeof err) &&
		  make_schema(c, err, sizeof err);
	ch_free(c);
	if (!ok) {
		warnx_("%s", err);
		return EXIT_BADINPUT;
	}
	if (o.clean)
		return push_clean(&o);
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int nthreads = cores < 1 ? 1 : cores > o.npaths ? o.npaths : (int)cores;
	if (o.follow) /* (every log at once: a log followed may never end) */
		nthreads = o.npaths;

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
		if (pthread_create(&t[started], NULL, push_worker, &w) != 0)
			break;
	if (!started)
		push_worker(&w);
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	rc = 0;
	for (int i = 0; i < o.npaths; i++)
		if (w.status[i] && !rc)
			rc = w.status[i];
	if (push_interrupted && !rc)
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
