/* cmd_push_follow: hectic push --follow (issue 35), a log pushed as it
 * grows: a file a program still writes, a FIFO, a socket (the sources
 * hectic follows, model/source.h). The run is the hash of the header and
 * the first MiB of events (the end is not known yet). Its logs row is
 * written at once with live = 1, so that a team sees the run going on;
 * every FOLLOW_BATCH_S seconds a batch sends the rows of events, runs
 * (with --events), gcs and markers that became final: before the horizon
 * (every event before it has arrived, store_horizon), and, with an end
 * column, ended before it; a row is sent once. At the end of the log the
 * rest of those and every other table go, then the logs row with live =
 * 0, and the live one is deleted. The complete_ views show the run only
 * then. Ctrl-C or TERM leaves it as a push cut short: exit 130, no
 * complete logs row (hectic push of the file later pushes it whole, under
 * the id of its whole content). */
#include "push.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"

#define FOLLOW_BATCH_S 2 /* a batch at most every this many seconds */
#define ID_SPAN ((uint64_t)1 << 20) /* the first MiB of events names the run */

/* The tables sent in batches as their rows become final; the others at
 * the end (their rows are of the whole run: a thread's end, a band's
 * peak, the summary). */
static bool batched(const struct table_def *t)
{
	static const char *const names[] = { "events", "runs", "gcs", "markers" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (!strcmp(t->name, names[i]))
			return true;
	return false;
}

/* The log has all it will have. */
static bool follow_ended(const struct sql_data *d)
{
	if (d->s.ndataend)
		return true;
	return d->src.kind != SRC_FILE && source_ended(&d->src) && source_bytes(&d->src) <= d->s.size;
}

/* Waits for more of the log, FOLLOW_BATCH_S at most: 1 grew, 0 not (or
 * ended), -1 cannot go on (p->err says why). */
static int wait_growth(struct push_log *p)
{
	struct sql_data *d = &p->d;
	char err[300];
	for (int waited = 0; waited < FOLLOW_BATCH_S * 10 && !follow_ended(d) && !push_interrupted;
	     waited++) {
		if (d->src.kind != SRC_FILE)
			source_wait_bytes(&d->src, UINT64_MAX, 100);
		else
			nanosleep(&(struct timespec){ 0, 100 * 1000 * 1000 }, NULL);
		switch (store_extend(&d->s, err, sizeof err)) {
		case EXTEND_SAME: continue;
		case EXTEND_GREW: return 1;
		case EXTEND_SHRANK: snprintf(p->err, sizeof p->err, "the file shrank"); return -1;
		case EXTEND_REPLACED:
			snprintf(p->err, sizeof p->err, "the file was replaced");
			return -1;
		case EXTEND_ERROR: snprintf(p->err, sizeof p->err, "%s", err); return -1;
		}
	}
	return 0;
}

/* The tracks of what the log holds now. */
static bool tracks_now(struct push_log *p)
{
	struct sql_data *d = &p->d;
	if (d->have_tracks)
		tracks_free(&d->tr);
	d->have_tracks = tracks_build(&d->tr, &d->s);
	if (!d->have_tracks)
		snprintf(p->err, sizeof p->err, "out of memory");
	return d->have_tracks;
}

/* One batch of every batched table: the rows final at hz, not at prev
 * (all: the rest). */
static bool send_batch(struct push_log *p, uint64_t prev, uint64_t hz, bool all, uint64_t *lo)
{
	for (size_t i = 0; i < table_ndefs; i++) {
		const struct table_def *t = table_defs[i];
		if (!batched(t) || !push_wanted(t, p->o))
			continue;
		struct push_batch b = { .prev = prev, .hz = hz, .all = all, .lo = lo[i] };
		p->batch = &b;
		p->rows = 0;
		double t0 = push_now();
		bool ok = push_table(p, t);
		push_stat(p, t->name, t0, p->rows);
		p->batch = NULL;
		if (!ok)
			return false;
		lo[i] = b.next_lo;
	}
	return true;
}

/* Opens the log as it is now (a file without its header yet: waited for). */
static int open_now(struct push_log *p)
{
	struct sql_data *d = &p->d;
	char err[300];
	if (!source_open(&d->src, d->path, NULL, err, sizeof err)) {
		warnx_("%s", err);
		return EXIT_BADINPUT;
	}
	bool said = false, empty;
	while (d->src.kind == SRC_FILE && source_header_pending(d->path) && !push_interrupted) {
		if (!said)
			warnx_("%s: the file holds no eventlog header yet: waiting for it", d->path);
		said = true;
		nanosleep(&(struct timespec){ 0, 100 * 1000 * 1000 }, NULL);
	}
	if (push_interrupted ||
	    source_store_open(&d->src, &d->s, &empty, err, sizeof err) != STORE_OK) {
		if (!push_interrupted)
			warnx_("%s: %s", d->path, err);
		source_close(&d->src);
		return push_interrupted ? EXIT_INTERRUPTED : EXIT_BADINPUT;
	}
	d->opened = true;
	return -1;
}

/* The run: the header and the first MiB of events, once they arrived. */
static bool name_run(struct push_log *p)
{
	struct sql_data *d = &p->d;
	while (!follow_ended(d) && d->s.size < d->s.hdr.data_off + ID_SPAN && !push_interrupted)
		if (wait_growth(p) < 0)
			return false;
	uint64_t cut = d->s.hdr.data_off + ID_SPAN;
	run_id_of(d->s.map, cut < d->s.size ? (size_t)cut : d->s.size, d->s.hdr.data_off, p->run);
	return !push_interrupted;
}

/* Batches while the log grows; then the rest. */
static bool follow_rows(struct push_log *p)
{
	struct sql_data *d = &p->d;
	uint64_t prev = 0, lo[64] = { 0 };
	if (table_ndefs > sizeof lo / sizeof *lo)
		return false;
	while (!follow_ended(d) && !push_interrupted) {
		int g = wait_growth(p);
		if (g < 0)
			return false;
		if (!g || follow_ended(d) || push_interrupted)
			continue;
		uint64_t hz;
		if (!tracks_now(p))
			return false;
		if (!store_horizon(&d->s, d->tr.startup_caps, &hz) || hz <= prev)
			continue;
		if (!send_batch(p, prev, hz, false, lo))
			return false;
		prev = hz;
	}
	if (push_interrupted)
		return false;
	if (!tracks_now(p) || !send_batch(p, prev, UINT64_MAX, true, lo))
		return false;
	for (size_t i = 0; i < table_ndefs; i++) {
		const struct table_def *t = table_defs[i];
		if (batched(t) || !push_wanted(t, p->o))
			continue;
		p->rows = 0;
		double t0 = push_now();
		bool ok = push_table(p, t);
		push_stat(p, t->name, t0, p->rows);
		if (!ok)
			return false;
	}
	return true;
}

int push_follow(struct push_log *p, const char *host)
{
	struct sql_data *d = &p->d;
	int rc = open_now(p);
	if (rc >= 0)
		return rc;
	if (!name_run(p))
		return sql_log_close(d, push_interrupted ? EXIT_INTERRUPTED : EXIT_BADINPUT);
	int done = push_done_before(p);
	if (done < 0)
		return sql_log_close(d, EXIT_BADINPUT);
	if (done && !p->o->replace) {
		push_say(d->path, "already pushed as run %s; nothing sent (--replace pushes it again)", p->run);
		return sql_log_close(d, -1);
	}
	push_say(d->path, "following as run %s", p->run);
	fflush(stdout);
	bool ok = push_clean_run(p, done) && push_logs_row(p, host, true) && follow_rows(p) &&
		  push_logs_row(p, host, false);
	if (ok) {
		char q[200];
		snprintf(q, sizeof q, "ALTER TABLE logs DELETE WHERE run = '%s' AND live = 1", p->run);
		ok = ch_query(p->c, q, false, NULL, 0, p->err, sizeof p->err);
	}
	if (ok)
		push_say(d->path, "pushed as run %s: the log ended", p->run);
	else if (push_interrupted && !*p->err)
		snprintf(p->err, sizeof p->err, "interrupted: the run's rows so far stay out of the "
						"complete_ views");
	return sql_log_close(d, ok ? -1 : push_interrupted ? EXIT_INTERRUPTED : EXIT_BADINPUT);
}
