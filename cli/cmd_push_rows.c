/* cmd_push_rows: a table's rows of one log into ClickHouse, what a push cut
 * short left deleted, and the logs row (push.h). */
#include "push.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../model/loginfo.h"
#include "../parser/render.h"

volatile sig_atomic_t push_interrupted;

bool push_wanted(const struct table_def *t, const struct push_opts *o)
{
	return o->events || (strcmp(t->name, "events") && strcmp(t->name, "runs"));
}

int push_done_before(struct push_log *p)
{
	char q[200];
	snprintf(q, sizeof q, "SELECT count() FROM logs WHERE run = '%s' AND live = 0", p->run);
	int64_t n = ch_count(p->c, q, p->err, sizeof p->err);
	return n < 0 ? -1 : n > 0;
}

/* The current row's column k as a time (false: NULL). */
static bool cursor_time_of(struct table_cursor *c, int k, uint64_t *t)
{
	struct table_value v;
	table_value(c, (size_t)k, &v);
	if (v.kind == TV_INT && v.i >= 0)
		*t = (uint64_t)v.i;
	else if (v.kind == TV_REAL && v.f >= 0)
		*t = (uint64_t)v.f;
	else
		return false;
	return true;
}

/* Is the current row final at h (its time, and its end, before h)? */
static bool final_at(struct push_log *p, uint64_t h, uint64_t *time)
{
	uint64_t t, e;
	bool has_t = cursor_time_of(p->cur, p->time_k, &t);
	*time = has_t ? t : 0;
	if (!has_t || t >= h)
		return false;
	return p->end_k < 0 || (cursor_time_of(p->cur, p->end_k, &e) && e < h);
}

/* Does the batch send the current row: final now, not at the batch
 * before? A row not final yet sets where the next batch starts. */
static bool batch_keeps(struct push_log *p)
{
	struct push_batch *b = p->batch;
	uint64_t t;
	bool now = b->all || final_at(p, b->hz, &t);
	if (!now) {
		if (t < b->next_lo)
			b->next_lo = t;
		return false;
	}
	return !final_at(p, b->prev, &t);
}

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
		if (p->batch && !batch_keeps(p))
			continue;
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

/* The limits of a batch's rows, where t's producer applies them. */
static const struct table_limits *batch_limits(struct push_log *p, const struct table_def *t,
					       struct table_limits *l)
{
	struct push_batch *b = p->batch;
	p->time_k = b ? table_ch_order_col(t) : -1;
	p->end_k = b ? table_col_index(t, "end") : -1;
	if (b)
		b->next_lo = b->hz;
	if (!b || b->all || !(t->by & TABLE_BY_TIME) || (t->by & TABLE_WINDOW) ||
	    t->time_col != p->time_k || p->time_k < 0)
		return NULL;
	*l = TABLE_LIMITS_NONE;
	l->lo = b->lo;
	l->hi = b->hz ? b->hz - 1 : 0;
	return l;
}

bool push_table(struct push_log *p, const struct table_def *t)
{
	struct sql_data *d = &p->d;
	if (!sql_derived_ready(d, t->needs)) {
		snprintf(p->err, sizeof p->err, "table %s: out of memory", t->name);
		return false;
	}
	struct table_data td = sql_table_data(d);
	if (!table_ready(t, &td))
		return true; /* (nothing of it in this log) */
	struct table_limits lim;
	p->cur = table_open(t, &td, batch_limits(p, t, &lim));
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
			 p->cur->failed && !p->cur->stopped ? "out of memory" : push_interrupted ? "interrupted" : why);
	table_close(p->cur);
	p->cur = NULL;
	return ok;
}

/* Waits for the deletes of run (its mutations) to end: only its own, in
 * hectic's tables of this database, found by the run's id in their
 * command, so that a mutation stuck elsewhere (another table's, another
 * user's) never holds a push; p->o->wait_s at most. */
static bool wait_mutations(struct push_log *p, const char *run)
{
	struct chbuf q = { 0 };
	chbuf_addf(&q, "SELECT count() FROM system.mutations WHERE database = currentDatabase() "
		       "AND is_done = 0 AND position(command, '%s') > 0 AND table IN ('logs'", run);
	for (size_t i = 0; i < table_ndefs; i++)
		chbuf_addf(&q, ", '%s'", table_defs[i]->name);
	chbuf_add(&q, ")", 2);
	if (q.failed) {
		chbuf_free(&q);
		snprintf(p->err, sizeof p->err, "out of memory");
		return false;
	}
	double until = push_now() + p->o->wait_s;
	bool ok = false;
	for (;;) {
		int64_t n = ch_count(p->c, (const char *)q.p, p->err, sizeof p->err);
		if (n <= 0) {
			ok = n == 0;
			break;
		}
		if (push_interrupted) {
			snprintf(p->err, sizeof p->err, "interrupted");
			break;
		}
		if (push_now() >= until) {
			snprintf(p->err, sizeof p->err,
				 "the server's deletes of run %s had not ended after "
				 "%d s (--wait; %lld not done): see system.mutations",
				 run, p->o->wait_s, (long long)n);
			break;
		}
		nanosleep(&(struct timespec){ 0, 100 * 1000 * 1000 }, NULL);
	}
	chbuf_free(&q);
	return ok;
}

/* Deletes the rows of run in table name, when it has some (and the logs
 * row, for logs). */
static bool delete_run(struct push_log *p, const char *run, const char *name, bool *any)
{
	char q[300];
	snprintf(q, sizeof q, "SELECT count() FROM `%s` WHERE run = '%s'", name, run);
	int64_t n = ch_count(p->c, q, p->err, sizeof p->err);
	if (n <= 0)
		return n == 0;
	snprintf(q, sizeof q, "ALTER TABLE `%s` DELETE WHERE run = '%s'", name, run);
	*any = true;
	return ch_query(p->c, q, false, NULL, 0, p->err, sizeof p->err);
}

/* The rows an earlier push left (failed midway, or --replace: all). */
bool push_clean_run(struct push_log *p, const char *run, bool logs_too)
{
	bool any = false;
	if (logs_too && (!delete_run(p, run, "logs", &any) || (any && !wait_mutations(p, run))))
		return false;
	for (size_t i = 0; i < table_ndefs; i++)
		if (!delete_run(p, run, table_defs[i]->name, &any))
			return false;
	return !any || wait_mutations(p, run);
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

bool push_logs_row(struct push_log *p, const char *host, bool live)
{
	struct loginfo li;
	loginfo_read(&p->d.r.s, &li);
	struct table_ch_log l = {
		.run = p->run, .file = p->d.path, .host = host,
		.program = li.program, .nprogram = li.nprogram,
		.args = li.args, .nargs = li.nargs, .rts = li.rts, .nrts = li.nrts,
		.started = li.started, .duration = duration_of(p),
		.bytes = (int64_t)p->d.r.s.size, .pushed_at = (int64_t)time(NULL), .live = live,
	};
	struct chbuf b = { 0 };
	table_ch_logs_row(&b, &l);
	bool ok = !b.failed && ch_insert(p->c, "logs", fill_once, &b, p->err, sizeof p->err);
	if (b.failed)
		snprintf(p->err, sizeof p->err, "out of memory");
	chbuf_free(&b);
	return ok;
}

void push_say(const char *path, const char *fmt, ...)
{
	char msg[1200];
	va_list ap;
	va_start(ap, fmt);
	int k = snprintf(msg, sizeof msg, "%s: ", path);
	if (k >= 0 && (size_t)k < sizeof msg)
		vsnprintf(msg + k, sizeof msg - (size_t)k, fmt, ap);
	va_end(ap);
	struct sbuf b = { .escape = true };
	sbuf_text(&b, (const uint8_t *)msg, strlen(msg));
	flockfile(stdout);
	if (!b.oom)
		fwrite(b.p, 1, b.n, stdout);
	else
		for (const char *q = msg; *q; q++)
			putchar(*q >= 0x20 && *q < 0x7f ? *q : '?');
	putchar('\n');
	fflush(stdout);
	funlockfile(stdout);
	sbuf_free(&b);
}

double push_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* HECTIC_PUSH_STATS=1: where a push's time goes, on standard error (the
 * benchmark's breakdown). */
void push_stat(const struct push_log *p, const char *what, double t0, uint64_t rows)
{
	static int on = -1;
	if (on < 0) {
		const char *e = getenv("HECTIC_PUSH_STATS");
		on = e && *e == '1';
	}
	if (!on)
		return;
	struct sbuf b = { .escape = true };
	sbuf_text(&b, (const uint8_t *)p->d.path, strlen(p->d.path));
	fprintf(stderr, "hectic push: %.*s: %-12s %8.3f s %10llu rows\n", b.oom ? 0 : (int)b.n,
		b.p ? b.p : "", what, push_now() - t0, (unsigned long long)rows);
	sbuf_free(&b);
}

