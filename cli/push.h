/* push: `hectic push`'s parts (issue 35). cmd_push.c is the command (its
 * options, the schema, the logs in parallel, one log pushed whole);
 * cmd_push_rows.c sends a table's rows of one log (straight into libcurl's
 * buffer, in RowBinary), deletes what a push cut short left, and writes
 * the logs row; cmd_push_follow.c pushes a log that grows (--follow), in
 * batches of the rows that became final; cmd_push_claim.c claims a run,
 * so that it is stored once (and push --clean). */
#ifndef HECTIC_PUSH_H
#define HECTIC_PUSH_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "../model/run_id.h"
#include "../model/table.h"
#include "../model/table_ch.h"
#include "../sql/sql.h"
#include "clickhouse.h"

#define PUSH_WAIT_S 300    /* --wait's default */
#define PUSH_FOLLOW_MAX 16 /* push --follow's logs (a thread each), at most */

/* Ctrl-C, SIGTERM: every push stops, saying so. */
extern volatile sig_atomic_t push_interrupted;

struct push_opts {
	const char *url, *host;
	bool events, replace, follow, clean;
	int wait_s; /* a push's deletes: waited for this long at most */
	char settings[64]; /* each request's, for this server (ch_settings_for) */
	char **paths;
	int npaths;
};

/* A batch's rows (--follow): a row is final at a horizon hz when its
 * time is before hz and, for a table with an end column, its end too; a
 * batch sends the rows final at hz that were not at prev. all: every
 * row is final (the log is whole). */
struct push_batch {
	uint64_t prev, hz;
	bool all;
	uint64_t lo; /* rows before lo were all final at prev */
	uint64_t next_lo; /* (out) the next batch's lo */
};

/* One log being pushed. */
struct push_log {
	const struct push_opts *o;
	struct ch *c;
	struct sql_data d;
	char run[RUN_ID_LEN + 1];
	char token[17];       /* this push's, in its claims (hex) */
	double beat_at;       /* the last heartbeat */
	char err[1200];
	/* the rows being sent */
	struct table_cursor *cur;
	struct chbuf buf; /* a row that did not fit, and how much was given */
	size_t at;
	bool ended;       /* the cursor's rows are all given */
	uint64_t rows;
	struct push_batch *batch; /* NULL: every row */
	int time_k, end_k;        /* the batch's columns (-1: none) */
};

/* Is t pushed (events and runs only with --events)? */
bool push_wanted(const struct table_def *t, const struct push_opts *o);

/* The rows of t (those of p->batch, when set) into ClickHouse; false
 * with p->err. */
bool push_table(struct push_log *p, const struct table_def *t);

/* Has p's run a logs row of a push that ended (-1: error, in p->err)? */
int push_done_before(struct push_log *p);

/* Deletes the rows of run a push left (and its logs rows, when logs_too),
 * waiting for the deletes to end. */
bool push_clean_run(struct push_log *p, const char *run, bool logs_too);

/* ---- a run stored once (cmd_push_claim.c) ---- */

#define PUSH_BEAT_S 30   /* a claim's heartbeat, at least this often */
#define PUSH_STALE_S 600 /* a claim with no heartbeat for this long is stale */

enum { CLAIM_OURS, CLAIM_TAKEN, CLAIM_ERROR };

/* Claims run for p: CLAIM_OURS (and the first heartbeat sent),
 * CLAIM_TAKEN (another push holds it, said in holder), CLAIM_ERROR (in
 * p->err). A stale claim is taken over. */
int push_claim(struct push_log *p, const char *run, char *holder, size_t n);

/* p's heartbeat in its claim of run, when PUSH_BEAT_S passed since the
 * last (now: at once). */
bool push_heartbeat(struct push_log *p, const char *run, bool now);

/* Drops the claim of run (errors ignored: a claim left is stale later). */
void push_unclaim(struct push_log *p, const char *run);

/* Deletes the follows of a log cut short: the live runs of prefix (model/
 * run_id.h) whose claim is gone or stale. */
bool push_clean_follows(struct push_log *p, const char *prefix);

/* push --clean URL: every run cut short deleted; the exit status. */
int push_clean(const struct push_opts *o);

/* 64 random bits. */
uint64_t push_random(void);

/* p's logs row (live: --follow's, while it runs). */
bool push_logs_row(struct push_log *p, const char *host, bool live);

/* "PATH: message" on standard output, a line at once, escaped as warnx_
 * escapes it (a file's name, a host a server gave, are not to be
 * trusted: no control byte reaches the terminal). */
void push_say(const char *path, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* HECTIC_PUSH_STATS=1: what took how long, on standard error. */
double push_now(void);
void push_stat(const struct push_log *p, const char *what, double t0, uint64_t rows);

/* --follow: pushes p->d.path as it grows. -1 done, else the exit status. */
int push_follow(struct push_log *p, const char *host);

#endif
