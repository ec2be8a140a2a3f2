/* cmd_push_follow: hectic push --follow (issues 35, 43), a log pushed as
 * it grows: a file a program still writes, a FIFO, a socket (the sources
 * hectic follows, model/source.h). Its id, the hash of its whole content,
 * is known only at its end: its rows go under a provisional run (model/
 * run_id.h: a prefix from its header and first MiB, a nonce), claimed as
 * every run is (cmd_push_claim.c). Its logs row is written at once with
 * live = 1, so that a team sees the run going on; every FOLLOW_BATCH_S
 * seconds a batch sends the rows of events, runs (with --events), gcs
 * and markers that became final: before the horizon (every event before
 * it has arrived, store_horizon), and, with an end column, ended before
 * it; a row is sent once. At the end of the log the rest of those and
 * every other table go; then, under the claim of the final id, the rows
 * are copied on the server under it (INSERT ... SELECT), its logs row is
 * written with live = 0, and the provisional run is deleted: the log is
 * the run a plain push of the same bytes makes, and a plain push of it
 * later sends nothing. When that run is stored, or being stored, already,
 * the provisional one is deleted alone. Ctrl-C or TERM leaves a follow
 * cut short: exit 130, its claim dropped, its rows and live row left for
 * the next push of the log (or push --clean) to delete. */
#include "push.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"

#define FOLLOW_BATCH_S 2 /* a batch at most every this many seconds */
#define REKEY_S 600 /* a run's rows copied under its final id: the deadline's base */

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
	const struct run *r = &d->r;
	if (r->s.ndataend)
		return true;
	return r->src.kind != SRC_FILE && source_ended(&r->src) && source_bytes(&r->src) <= r->s.size;
}

/* Waits for more of the log, FOLLOW_BATCH_S at most: 1 grew, 0 not (or
 * ended), -1 cannot go on (p->err says why). */
static int wait_growth(struct push_log *p)
{
	struct sql_data *d = &p->d;
	char err[300];
	for (int waited = 0; waited < FOLLOW_BATCH_S * 10 && !follow_ended(d) && !push_interrupted;
	     waited++) {
		if (d->r.src.kind != SRC_FILE)
			source_wait_bytes(&d->r.src, UINT64_MAX, 100);
		else
			nanosleep(&(struct timespec){ 0, 100 * 1000 * 1000 }, NULL);
		switch (run_extend(&d->r, err, sizeof err)) {
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
	run_forget(&d->r, RUN_NEED(TABLE_NEEDS_TRACKS));
	if (run_need(&d->r, RUN_NEED(TABLE_NEEDS_TRACKS)))
		return true;
	snprintf(p->err, sizeof p->err, "out of memory");
	return false;
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
	int rc = sql_log_follow(&p->d);
	return rc >= 0 && push_interrupted ? EXIT_INTERRUPTED : rc;
}

/* The provisional run: the header and the first MiB of events, once they
 * arrived, and a nonce (model/run_id.h). */
static bool name_run(struct push_log *p)
{
	struct sql_data *d = &p->d;
	while (!follow_ended(d) && d->r.s.size < d->r.s.hdr.data_off + RUN_ID_SPAN && !push_interrupted)
		if (wait_growth(p) < 0)
			return false;
	run_id_provisional(d->r.s.map, d->r.s.size, d->r.s.hdr.data_off, push_random(), p->run);
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
		if (!push_heartbeat(p, p->run, false))
			return false;
		int g = wait_growth(p);
		if (g < 0)
			return false;
		if (!g || follow_ended(d) || push_interrupted)
			continue;
		uint64_t hz;
		if (!tracks_now(p))
			return false;
		if (!store_horizon(&d->r.s, d->r.tr.startup_caps, &hz) || hz <= prev)
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

/* Copies the rows of run from under its id to fin's, server-side. */
static bool rekey(struct push_log *p, const char *from, const char *fin)
{
	struct chbuf q = { 0 };
	bool ok = true;
	ch_set_base(p->c, REKEY_S);
	for (size_t i = 0; ok && i < table_ndefs; i++) {
		const struct table_def *t = table_defs[i];
		q.n = 0;
		chbuf_addf(&q, "INSERT INTO ");
		table_ch_ident(&q, t->name);
		chbuf_addf(&q, " SELECT '%s'", fin);
		for (size_t k = 0; k < t->ncols; k++) {
			chbuf_addf(&q, ", ");
			table_ch_ident(&q, t->cols[k].name);
		}
		chbuf_addf(&q, " FROM ");
		table_ch_ident(&q, t->name);
		chbuf_addf(&q, " WHERE run = '%s'", from);
		chbuf_add(&q, "", 1);
		if (q.failed)
			snprintf(p->err, sizeof p->err, "out of memory");
		ok = !q.failed && ch_query(p->c, (const char *)q.p, false, NULL, 0, p->err,
					   sizeof p->err);
	}
	ch_set_base(p->c, 0);
	chbuf_free(&q);
	return ok;
}

/* The log has ended: its rows, stored under the provisional run prov,
 * copied under the id of its whole content (that a plain push of the
 * same bytes gives), its logs row written, prov deleted; or, when that
 * run is stored or being stored already, prov deleted alone. */
static bool follow_finish(struct push_log *p, const char *host, const char *prov)
{
	struct sql_data *d = &p->d;
	char fin[RUN_ID_LEN + 1], holder[300];
	run_id_of(d->r.s.map, d->r.s.size, fin);
	int claim = push_claim(p, fin, holder, sizeof holder);
	if (claim == CLAIM_ERROR)
		return false;
	snprintf(p->run, sizeof p->run, "%s", fin);
	int done = claim == CLAIM_OURS ? push_done_before(p) : 0;
	bool ok = done >= 0;
	if (ok && claim == CLAIM_TAKEN) {
		ok = push_clean_run(p, prov, true);
		if (ok)
			push_say(d->path, "the log ended: being pushed as run %s by %s; this follow's "
					  "rows deleted", fin, holder);
	} else if (ok && done > 0 && !p->o->replace) {
		ok = push_clean_run(p, prov, true);
		if (ok)
			push_say(d->path, "the log ended: already pushed as run %s; this follow's "
					  "rows deleted", fin);
	} else if (ok) {
		ok = push_clean_run(p, fin, done > 0) && rekey(p, prov, fin) &&
		     push_logs_row(p, host, false) && push_clean_run(p, prov, true);
		if (ok)
			push_say(d->path, "pushed as run %s: the log ended", fin);
	}
	if (claim == CLAIM_OURS)
		push_unclaim(p, fin);
	snprintf(p->run, sizeof p->run, "%s", prov);
	return ok;
}

/* A log whole already (its end-of-data marker there): pushed before? */
static bool pushed_whole(struct push_log *p)
{
	struct sql_data *d = &p->d;
	if (!follow_ended(d) || p->o->replace)
		return false;
	run_id_of(d->r.s.map, d->r.s.size, p->run);
	if (push_done_before(p) != 1)
		return false;
	push_say(d->path, "already pushed as run %s; nothing sent (--replace pushes it again)",
		 p->run);
	return true;
}

int push_follow(struct push_log *p, const char *host)
{
	struct sql_data *d = &p->d;
	int rc = open_now(p);
	if (rc >= 0)
		return rc;
	if (pushed_whole(p))
		return sql_log_close(d, -1);
	if (!name_run(p))
		return sql_log_close(d, push_interrupted ? EXIT_INTERRUPTED : EXIT_BADINPUT);
	char prov[RUN_ID_LEN + 1], holder[300];
	snprintf(prov, sizeof prov, "%s", p->run);
	int claim = push_claim(p, prov, holder, sizeof holder);
	if (claim != CLAIM_OURS) {
		if (claim == CLAIM_TAKEN)
			snprintf(p->err, sizeof p->err, "run %s is claimed by %s", prov, holder);
		return sql_log_close(d, push_interrupted ? EXIT_INTERRUPTED : EXIT_BADINPUT);
	}
	push_say(d->path, "following as run %s (provisional: at its end, the log is stored under "
			  "the id of its whole content)", prov);
	bool ok = push_logs_row(p, host, true) && follow_rows(p) && follow_finish(p, host, prov);
	if (!ok && push_interrupted && !*p->err)
		snprintf(p->err, sizeof p->err, "interrupted: the run's rows so far stay out of the "
						"complete_ views");
	push_unclaim(p, prov);
	return sql_log_close(d, ok ? -1 : push_interrupted ? EXIT_INTERRUPTED : EXIT_BADINPUT);
}
