/* cmd_push_claim: a run stored once, whatever the route (issue 43, item
 * 3; push.h). ClickHouse has no transactions, but CREATE TABLE of a name
 * that exists fails, atomically (the server's DDL guard): a pusher claims
 * run R by creating the table hectic_claim_R, and only one creator wins;
 * the others are told who holds it and send nothing. The claim holds a
 * row per heartbeat (its token, the pushing machine, its pid, the
 * server's time), renewed at least every PUSH_BEAT_S while the push goes
 * on, and the table is dropped when the push ends, done or failed. A
 * claim is stale when its holder is a process of this machine that no
 * longer runs, or when no heartbeat came for PUSH_STALE_S: it is taken
 * over by renaming it away (one renamer wins) and claiming again.
 *
 * A follow (--follow) stores its rows under a provisional run (model/
 * run_id.h: a prefix from the log's start, a nonce) that it claims too;
 * at its end they are copied under the whole log's id and deleted. A
 * provisional run whose claim is gone or stale is a follow cut short:
 * the next push of the log, or push --clean, deletes it. */
#include "push.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* This machine's name (a claim's host), into out. */
static void self(char *out, size_t n)
{
	if (gethostname(out, n - 1) != 0)
		snprintf(out, n, "unknown");
	out[n - 1] = 0;
}

uint64_t push_random(void)
{
	uint64_t v = 0;
	if (getrandom(&v, sizeof v, 0) != (ssize_t)sizeof v) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		v = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^ (uint64_t)getpid() << 48;
	}
	return v;
}

/* A run is hex (ours, or one the server listed: checked). */
static bool is_run(const char *run)
{
	size_t n = strlen(run);
	return n == RUN_ID_LEN && strspn(run, "0123456789abcdef") == n;
}

bool push_heartbeat(struct push_log *p, const char *run, bool now)
{
	double t = push_now();
	if (!now && t - p->beat_at < PUSH_BEAT_S)
		return true;
	char h[256];
	self(h, sizeof h);
	char q[400 + 2 * sizeof h];
	int k = snprintf(q, sizeof q, "INSERT INTO hectic_claim_%s (token, host, pid) SELECT '%s', unhex('",
			 run, p->token);
	for (const char *c = h; *c && k < (int)sizeof q - 40; c++)
		k += snprintf(q + k, sizeof q - (size_t)k, "%02x", (unsigned char)*c);
	snprintf(q + k, sizeof q - (size_t)k, "'), %ld", (long)getpid());
	if (!ch_query(p->c, q, false, NULL, 0, p->err, sizeof p->err))
		return false;
	p->beat_at = t;
	return true;
}

/* Is the claim of run stale (1), held (0), or gone (2)? Its holder, for a
 * message, into holder. -1: error. */
static int claim_state(struct push_log *p, const char *run, char *holder, size_t n)
{
	char q[300], a[600];
	snprintf(q, sizeof q,
		 "SELECT count(), now() - max(at), any(pid), any(host) FROM hectic_claim_%s "
		 "FORMAT TSV", run);
	if (!ch_query(p->c, q, false, a, sizeof a, p->err, sizeof p->err)) {
		snprintf(q, sizeof q, "SELECT count() FROM system.tables WHERE database = "
				      "currentDatabase() AND name = 'hectic_claim_%s'", run);
		char e[sizeof p->err];
		int64_t there = ch_count(p->c, q, e, sizeof e);
		return there == 0 ? 2 : -1;
	}
	long long rows = 0, age = 0, pid = 0;
	int used = 0;
	if (sscanf(a, "%lld\t%lld\t%lld\t%n", &rows, &age, &pid, &used) < 3) {
		snprintf(p->err, sizeof p->err, "a claim of run %s: not its rows: %.40s", run, a);
		return -1;
	}
	char *host = a + used;
	host[strcspn(host, "\n")] = 0;
	if (!rows) { /* (made, its first row not in yet: stale only when old) */
		snprintf(q, sizeof q, "SELECT toUInt64(now() - metadata_modification_time) FROM "
				      "system.tables WHERE database = currentDatabase() AND name = "
				      "'hectic_claim_%s'", run);
		age = ch_count(p->c, q, p->err, sizeof p->err);
		if (age < 0)
			return -1;
		snprintf(holder, n, "a push starting");
		return age > PUSH_STALE_S;
	}
	char me[256];
	self(me, sizeof me);
	bool mine = !strcmp(host, me);
	bool dead = mine && pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
	snprintf(holder, n, "%s (pid %lld%s), %lld s ago", host, pid,
		 mine && pid == getpid() ? ", this push" : "", age);
	return dead || age > PUSH_STALE_S;
}

/* Takes the stale claim of run away: renamed (only one renamer wins),
 * then dropped. */
static bool take_over(struct push_log *p, const char *run)
{
	char q[300];
	snprintf(q, sizeof q, "RENAME TABLE hectic_claim_%s TO hectic_stale_%s_%s", run, run,
		 p->token);
	if (!ch_query(p->c, q, false, NULL, 0, p->err, sizeof p->err))
		return false;
	snprintf(q, sizeof q, "DROP TABLE IF EXISTS hectic_stale_%s_%s", run, p->token);
	return ch_query(p->c, q, false, NULL, 0, p->err, sizeof p->err);
}

int push_claim(struct push_log *p, const char *run, char *holder, size_t n)
{
	if (!p->token[0])
		snprintf(p->token, sizeof p->token, "%016" PRIx64, push_random());
	for (int tries = 0; tries < 3; tries++) {
		char q[300];
		snprintf(q, sizeof q,
			 "CREATE TABLE hectic_claim_%s (token String, host String, pid UInt32, "
			 "at DateTime DEFAULT now()) ENGINE = Log", run);
		char why[sizeof p->err];
		if (ch_query(p->c, q, false, NULL, 0, why, sizeof why))
			return push_heartbeat(p, run, true) ? CLAIM_OURS : CLAIM_ERROR;
		int st = claim_state(p, run, holder, n);
		if (st < 0)
			return CLAIM_ERROR;
		if (st == 2 && tries == 2) {
			snprintf(p->err, sizeof p->err, "%s", why);
			return CLAIM_ERROR;
		}
		if (st == 0)
			return CLAIM_TAKEN;
		if (st == 1 && !take_over(p, run))
			return CLAIM_TAKEN; /* (another took it over first) */
	}
	return CLAIM_TAKEN;
}

void push_unclaim(struct push_log *p, const char *run)
{
	char q[200], e[300];
	snprintf(q, sizeof q, "DROP TABLE IF EXISTS hectic_claim_%s", run);
	ch_set_stop(p->c, NULL); /* (after Ctrl-C too) */
	ch_query(p->c, q, false, NULL, 0, e, sizeof e);
	ch_set_stop(p->c, &push_interrupted);
}

/* Deletes run's rows, its logs rows and its claim. */
static bool delete_whole_run(struct push_log *p, const char *run)
{
	if (!push_clean_run(p, run, true))
		return false;
	push_unclaim(p, run);
	return true;
}

/* The runs of q's answer (a run a line), into runs[0 .. max); their count,
 * or -1. */
static int runs_of(struct push_log *p, const char *q, char (*runs)[RUN_ID_LEN + 1], int max)
{
	size_t cap = (size_t)max * (RUN_ID_LEN + 1) + 64;
	char *a = malloc(cap);
	if (!a) {
		snprintf(p->err, sizeof p->err, "out of memory");
		return -1;
	}
	int k = 0;
	if (ch_query(p->c, q, false, a, cap, p->err, sizeof p->err)) {
		char *save = NULL;
		for (char *s = strtok_r(a, "\n", &save); s && k < max; s = strtok_r(NULL, "\n", &save))
			if (is_run(s))
				snprintf(runs[k++], RUN_ID_LEN + 1, "%s", s);
	} else {
		k = -1;
	}
	free(a);
	return k;
}

/* Deletes the follows cut short among the runs of q's answer (live ones,
 * whose claim is held, kept); how many, or -1. */
static int clean_follows_of(struct push_log *p, const char *q)
{
	enum { MAX = 1000 };
	char(*runs)[RUN_ID_LEN + 1] = malloc(MAX * sizeof *runs);
	if (!runs) {
		snprintf(p->err, sizeof p->err, "out of memory");
		return -1;
	}
	int n = runs_of(p, q, runs, MAX), done = 0;
	for (int i = 0; i < n; i++) {
		char holder[300];
		int st = claim_state(p, runs[i], holder, sizeof holder);
		if (st < 0 || (st >= 1 && !delete_whole_run(p, runs[i]))) {
			done = -1;
			break;
		}
		done += st >= 1;
	}
	free(runs);
	return n < 0 ? -1 : done;
}

bool push_clean_follows(struct push_log *p, const char *prefix)
{
	char q[300];
	snprintf(q, sizeof q,
		 "SELECT DISTINCT run FROM logs WHERE live = 1 AND substring(run, 1, %d) = '%s' "
		 "AND run NOT IN (SELECT run FROM logs WHERE live = 0) FORMAT TSV",
		 RUN_ID_PREFIX_LEN, prefix);
	return clean_follows_of(p, q) >= 0;
}

/* push --clean: every run cut short (a follow's live row whose claim is
 * gone or stale; rows of a run with no logs row and no claim held; a
 * stale claim), deleted. */
static int clean_all(struct push_log *p)
{
	int n = clean_follows_of(p, "SELECT DISTINCT run FROM logs WHERE live = 1 AND run NOT IN "
				    "(SELECT run FROM logs WHERE live = 0) FORMAT TSV");
	if (n < 0)
		return -1;
	/* runs with rows and no logs row, or a claim and no logs row */
	struct chbuf q = { 0 };
	chbuf_addf(&q, "SELECT DISTINCT run FROM (SELECT substring(name, 14) AS run FROM system.tables "
		       "WHERE database = currentDatabase() AND name LIKE 'hectic\\\\_claim\\\\_%%'");
	for (size_t i = 0; i < table_ndefs; i++) {
		chbuf_addf(&q, " UNION ALL SELECT DISTINCT run FROM ");
		table_ch_ident(&q, table_defs[i]->name);
	}
	chbuf_addf(&q, ") WHERE run NOT IN (SELECT run FROM logs) LIMIT 1000 FORMAT TSV");
	chbuf_add(&q, "", 1);
	int m = q.failed ? -1 : clean_follows_of(p, (const char *)q.p);
	if (q.failed)
		snprintf(p->err, sizeof p->err, "out of memory");
	chbuf_free(&q);
	return m < 0 ? -1 : n + m;
}

int push_clean(const struct push_opts *o)
{
	char err[1200];
	struct ch *c = ch_new(o->url, &push_interrupted, err, sizeof err);
	if (!c) {
		warnx_("%s", err);
		return EXIT_USAGE;
	}
	ch_set_settings(c, o->settings);
	struct push_log p = { .o = o, .c = c };
	snprintf(p.token, sizeof p.token, "%016" PRIx64, push_random());
	int n = clean_all(&p);
	ch_free(c);
	if (n < 0) {
		warnx_("--clean: %s", p.err);
		return push_interrupted ? EXIT_INTERRUPTED : EXIT_BADINPUT;
	}
	printf("%d runs cut short deleted\n", n);
	return 0;
}
