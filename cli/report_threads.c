/* report_threads: what the program's threads did and said. `hectic
 * threads` (lifetimes, running time, capabilities), `hectic markers` (user
 * markers and messages), `hectic spans` (the user's phases, per name) and
 * `hectic sparks` (per capability, the SPARKS line of +RTS -s). A log
 * without the scheduler's class (+RTS -l-au) knows no thread: threads says
 * so instead of its table (TSV: the header alone, the sentence on stderr);
 * a thread known from its label alone (no scheduler event of it but the
 * label) is listed with its running time, runs and capabilities unknown:
 * "-" (TSV: empty), never 0. */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/spans.h"
#include "../model/summary.h"
#include "../viewer/lane_view.h"
#include "../common/report_text.h"
#include "cli.h"

/* ---- threads ---- */

struct threads {
	bool windowed;
	bool states;               /* the log has the threads' states (lane_view_have) */
	char why[160];             /* else the sentence that says so */
	struct thread_window *win; /* per thread, inside the window; NULL: the whole log */
};

static void threads_release(struct report_ctx *c)
{
	struct threads *t = c->priv;
	free(t->win);
}

/* A window: running time, runs and capabilities inside it. */
static int threads_prepare(struct report_ctx *c)
{
	struct threads *t = c->priv;
	t->windowed = c->o.has_from || c->o.has_to;
	lane_view_absent(&c->run.s, &c->run.tr, CLASS_BIT(CL_SCHED), false, t->why, sizeof t->why);
	t->states = !*t->why;
	if (!t->states && c->o.tsv)
		warnx_("%s: %s: the threads%s are not known", c->o.path, t->why,
		       c->run.tr.nthreads ? "' lifetimes and running time" : "");
	if (!t->windowed || c->o.tsv) /* (the TSV's rows: the threads table's) */
		return -1;
	uint64_t to = c->o.to == UINT64_MAX ? UINT64_MAX : c->o.to + 1; /* --to is inclusive */
	t->win = calloc(c->run.tr.nthreads ? c->run.tr.nthreads : 1, sizeof *t->win);
	if (!t->win || !tracks_threads_window(&c->run.tr, &c->run.s, c->o.from, to, t->win)) {
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	return -1;
}

/* A thread's row, as either writer prints it. */
struct thread_row {
	const struct thread_info *t;
	uint64_t run_ns;
	uint32_t nruns;
	char caps[40];
	const uint8_t *label; /* NULL: none */
	size_t nlabel;
};

/* Hands each thread alive in the window to row. */
static void threads_each(struct report_ctx *c, void (*row)(const struct report_ctx *c,
							   const struct thread_row *r))
{
	const struct threads *th = c->priv;
	for (size_t i = 0; i < c->run.tr.nthreads; i++) {
		const struct thread_info *t = &c->run.tr.threads[i];
		uint64_t born = t->created != UINT64_MAX ? t->created : t->first_run;
		uint64_t end = t->finished != UINT64_MAX ? t->finished : t->last_seen;
		if (born != UINT64_MAX && born > c->o.to)
			continue;
		if (end < c->o.from)
			continue;
		struct thread_row r = { .t = t };
		r.run_ns = th->win ? th->win[i].run_ns : t->run_ns;
		r.nruns = th->win ? th->win[i].nruns : t->nruns;
		tracks_caps_text(th->win ? th->win[i].caps : t->caps, r.caps, sizeof r.caps);
		r.label = tracks_label(&c->run.tr, &c->run.s, t, &r.nlabel);
		row(c, &r);
	}
}

static void thread_text_row(const struct report_ctx *c, const struct thread_row *r)
{
	const struct thread_info *t = r->t;
	bool states = ((const struct threads *)c->priv)->states;
	char a[32], b[32], d[32], e[32], runs[16];
	snprintf(runs, sizeof runs, "%u", r->nruns);
	printf("%8u %12s %12s %12s %12s %6s  %-10s ", t->id,
	       t->created != UINT64_MAX ? report_text_time(a, t->created) : "-",
	       t->first_run != UINT64_MAX ? report_text_time(b, t->first_run) : "-",
	       t->finished != UINT64_MAX ? report_text_time(d, t->finished) : "-",
	       states ? report_text_time(e, r->run_ns) : "-", states ? runs : "-",
	       states && r->caps[0] ? r->caps : "-");
	if (r->label)
		report_text_put(stdout, r->label, r->nlabel, c->o.escape);
	putchar('\n');
}

static int threads_text(struct report_ctx *c)
{
	const struct threads *t = c->priv;
	if (!t->states && !c->run.tr.nthreads) {
		printf("%s:\nthe threads, their lifetimes and running time are not known\n", t->why);
		return 0;
	}
	printf("%8s %12s %12s %12s %12s %6s  %-10s %s\n", "thread", "created", "first run", "ended",
	       "running", "runs", "caps", "label");
	threads_each(c, thread_text_row);
	if (!t->states)
		printf("(%s: the threads are known from their labels alone; their lifetimes "
		       "and running time are not known)\n",
		       t->why);
	else if (t->windowed)
		printf("(running, runs and caps inside the window; created, first run and ended "
		       "over the whole log)\n");
	return 0;
}

/* --tsv: the threads table's rows over the window */
const struct report_ops report_threads_ops = {
	.priv_size = sizeof(struct threads),
	.table = &table_threads,
	.prepare = threads_prepare, .text = threads_text,
	.release = threads_release,
};

/* ---- markers ---- */

/* markers_each's walk: the row writer and how many rows it printed. */
struct mark_walk {
	struct report_ctx *c;
	void (*row)(const struct report_ctx *c, const struct mark *m, const uint8_t *txt,
		    size_t n);
	size_t shown;
};

static bool mark_one(void *ctx, const struct mark *m)
{
	struct mark_walk *w = ctx;
	const struct report_opts *o = &w->c->o;
	size_t n;
	const uint8_t *txt = tracks_mark_text(&w->c->run.s, m, &n);
	if (!txt || (o->has_re && !tracks_match(&o->re, txt, n)))
		return true;
	w->row(w->c, m, txt, n);
	w->shown++;
	return true;
}

/* Hands each marker and message of the window (matching --grep) to row,
 * read through the index (no tracks: a log with few costs little more
 * than its open); says so when --grep matched none. Returns the exit
 * status, or -1. */
static int markers_each(struct report_ctx *c, void (*row)(const struct report_ctx *c,
							  const struct mark *m,
							  const uint8_t *txt, size_t n))
{
	const struct report_opts *o = &c->o;
	struct mark_walk w = { c, row, 0 };
	if (!tracks_marks_each(&c->run.s, o->from, o->to, mark_one, &w)) {
		warnx_("%s: out of memory", o->path);
		return EXIT_BADINPUT;
	}
	if (o->has_re && !w.shown)
		warnx_("no marker or message matches '%s'", o->grep);
	return 0;
}

/* A marker's text (a binary message's size) and the row's end. */
static void mark_text(const struct report_ctx *c, const struct mark *m, const uint8_t *txt,
		      size_t n)
{
	if (m->tag == EV_USER_BINARY_MSG)
		printf("(%zu bytes)", n);
	else
		report_text_put(stdout, txt, n, c->o.escape);
	putchar('\n');
}

static void mark_text_row(const struct report_ctx *c, const struct mark *m, const uint8_t *txt,
			  size_t n)
{
	char a[32];
	printf("%14llu %12s ", (unsigned long long)m->time, report_text_time(a, m->time));
	if (m->cap == EV_NO_CAP)
		printf("  -  ");
	else
		printf("%3d  ", m->cap);
	printf("%-8s", table_mark_kind(m->tag));
	mark_text(c, m, txt, n);
}

static int markers_text(struct report_ctx *c)
{
	return markers_each(c, mark_text_row);
}

static bool mark_keep(void *ctx, const uint8_t *text, size_t n)
{
	return tracks_match(ctx, text, n);
}

/* The markers table's rows of the window, matching --grep. */
static int markers_tsv(struct report_ctx *c)
{
	struct table_limits l = report_window(c);
	size_t rows;
	if (c->o.has_re) {
		l.keep = mark_keep;
		l.keep_ctx = &c->o.re;
	}
	int rc = report_table_tsv(c, &table_markers, &l, NULL, &rows);
	if (rc == 0 && c->o.has_re && !rows)
		warnx_("no marker or message matches '%s'", c->o.grep);
	return rc;
}

const struct report_ops report_markers_ops = {
	.table = &table_markers, .text = markers_text, .tsv = markers_tsv,
};

/* ---- spans ---- */

struct spans_report {
	struct spans *sp; /* the run's (report.h: c->run), once built */
	uint32_t *order; /* the names by total time */
	size_t n;
};

static void spans_release(struct report_ctx *c)
{
	struct spans_report *p = c->priv;
	free(p->order);
}

/* The spans and their statistics in the window. */
static int spans_prepare(struct report_ctx *c)
{
	struct spans_report *p = c->priv;
	struct span_rules r;
	if (!report_span_rules(&r, true))
		return EXIT_USAGE;
	c->run.rules = &r;
	bool ok = run_need(&c->run, RUN_NEED(TABLE_NEEDS_SPANS));
	c->run.rules = NULL;
	span_rules_free(&r);
	p->sp = &c->run.sp;
	ok = ok && spans_stats(p->sp, c->o.from, c->o.to);
	if (ok && p->sp->over_budget)
		report_partial(c, "the spans");
	if (ok && !(p->order = malloc((p->sp->nnames ? p->sp->nnames : 1) * sizeof *p->order)))
		ok = false;
	if (!ok) {
		warnx_("%s: out of memory", c->o.path);
		return EXIT_BADINPUT;
	}
	p->n = spans_by_total(p->sp, p->order);
	return -1;
}

/* A log without scheduler events knows no thread to pair on (model/spans.c
 * pairs on the thread running on the event's capability: none). The
 * store's classes (spans need no tracks): "" when it has them. */
static const char *spans_absent(const struct report_ctx *c, char *buf, size_t n)
{
	return class_absent(CLASS_BIT(CL_SCHED) & ~(class_set)c->run.s.classes, 0, buf, n);
}

static int spans_text(struct report_ctx *c)
{
	const struct spans_report *p = c->priv;
	printf("%-24s %7s %12s %12s %12s %12s %12s  %s\n", "name", "count", "total", "p50", "p90",
	       "p99", "max", "slowest starts at");
	uint64_t spans = 0;
	for (size_t i = 0; i < p->n; i++) {
		const struct span_name *nm = &p->sp->names[p->order[i]];
		spans += nm->count;
		char t[32], a[32], b[32], d[32], e[32], f[32];
		size_t w = report_text_width((const char *)nm->text, nm->len);
		report_text_put(stdout, (const uint8_t *)nm->text, nm->len, c->o.escape);
		printf("%*s %7llu %12s %12s %12s %12s %12s  %s\n", w < 24 ? (int)(24 - w) : 0, "",
		       (unsigned long long)nm->count, report_text_time(t, nm->total),
		       report_text_time(a, nm->p50), report_text_time(b, nm->p90),
		       report_text_time(d, nm->p99), report_text_time(e, nm->max),
		       report_text_time(f, p->sp->v[nm->slowest].start));
	}
	printf("\n%llu spans", (unsigned long long)spans);
	if (p->sp->unmatched_stops || p->sp->unclosed)
		printf(" (in the whole run: %llu stops with no start on their thread, %llu starts "
		       "never stopped)",
		       (unsigned long long)p->sp->unmatched_stops, (unsigned long long)p->sp->unclosed);
	printf("\n(pairs of user events on one thread: START name / STOP name, or name begin /"
	       " name end;\n a span is in the window when it starts in it; percentiles are "
	       "nearest-rank)\n");
	char why[160];
	if (*spans_absent(c, why, sizeof why))
		printf("(%s: the threads are not known;\n the events are paired as if on one thread: "
		       "spans of one name that overlap may be paired wrongly)\n",
		       why);
	return 0;
}

static int spans_tsv(struct report_ctx *c)
{
	const struct spans_report *p = c->priv;
	char why[160];
	if (*spans_absent(c, why, sizeof why))
		warnx_("%s: %s: the events are paired as if on one thread", c->o.path, why);
	for (size_t i = 0; i < p->n; i++) {
		const struct span_name *nm = &p->sp->names[p->order[i]];
		report_text_put_tsv(stdout, (const uint8_t *)nm->text, nm->len, c->o.escape);
		printf("\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\n", (unsigned long long)nm->count,
		       (unsigned long long)nm->total, (unsigned long long)nm->p50,
		       (unsigned long long)nm->p90, (unsigned long long)nm->p99,
		       (unsigned long long)nm->max);
	}
	return 0;
}

const struct report_ops report_spans_ops = {
	.priv_size = sizeof(struct spans_report),
	.tsv_header = "name\tcount\ttotal\tp50\tp90\tp99\tmax",
	.prepare = spans_prepare, .text = spans_text, .tsv = spans_tsv, .release = spans_release,
};

/* ---- sparks ---- */

static const int spark_col[6] = { SP_CREATED, SP_CONVERTED, SP_OVERFLOWED, SP_DUD, SP_GCD,
				  SP_FIZZLED };
static const char *const spark_name[6] = { "created", "converted", "overflowed", "dud", "gcd",
					   "fizzled" };

/* The counters' figures, from the tracks; a log without spark counters
 * (the index says) has no tracks built (report.c: NEED_SPARK_TRACKS) and
 * nothing to compute. */
static int sparks_prepare(struct report_ctx *c)
{
	struct summary *sm = c->priv;
	static const uint16_t counters = EV_SPARK_COUNTERS;
	if (store_may_have(&c->run.s, 0, &counters, 1))
		summary_compute(&c->run.tr, &c->run.s, c->o.from, c->o.to, sm);
	if (!sm->have_sparks) {
		char id[128];
		bool known = store_rts_identifier(&c->run.s, id, sizeof id);
		if (known && strstr(id, "rts_thr"))
			warnx_("%s: no spark counters in this log: its RTS is threaded, but the log "
			       "was written without the spark class (+RTS -l without p, as -l-au)",
			       c->o.path);
		else if (known)
			warnx_("%s: no spark counters in this log: its RTS is not threaded, and only "
			       "a threaded RTS has sparks",
			       c->o.path);
		else
			warnx_("%s: no spark counters in this log (SPARK_COUNTERS: +RTS -l with a "
			       "threaded RTS)",
			       c->o.path);
	}
	return -1;
}

/* The header and a row per capability. */
static void sparks_rows(const struct report_ctx *c)
{
	const struct summary *sm = c->priv;
	printf("%4s", "cap");
	for (int k = 0; k < 6; k++)
		printf(" %11s", spark_name[k]);
	putchar('\n');
	for (size_t i = 0; i < c->run.tr.ncaps && sm->have_sparks; i++) {
		uint64_t v[7];
		summary_sparks_of(&c->run.tr, sm, c->run.tr.caps[i], v);
		printf("%4d", c->run.tr.caps[i]);
		for (int k = 0; k < 6; k++)
			printf(" %11llu", (unsigned long long)v[spark_col[k]]);
		putchar('\n');
	}
}

static int sparks_text(struct report_ctx *c)
{
	const struct summary *sm = c->priv;
	sparks_rows(c);
	if (!sm->have_sparks)
		return 0;
	printf("%4s", "all");
	for (int k = 0; k < 6; k++)
		printf(" %11llu", (unsigned long long)sm->sparks[spark_col[k]]);
	const uint64_t *v = sm->sparks;
	printf("\n\nSPARKS: %llu (%llu converted, %llu overflowed, %llu dud, %llu GC'd, %llu "
	       "fizzled)\n",
	       (unsigned long long)(v[SP_CREATED] + v[SP_DUD] + v[SP_OVERFLOWED]),
	       (unsigned long long)v[SP_CONVERTED], (unsigned long long)v[SP_OVERFLOWED],
	       (unsigned long long)v[SP_DUD], (unsigned long long)v[SP_GCD],
	       (unsigned long long)v[SP_FIZZLED]);
	return 0;
}

/* --tsv: a row per capability, the sparks table's rows over the window */
const struct report_ops report_sparks_ops = {
	.priv_size = sizeof(struct summary), .table = &table_sparks, .prepare = sparks_prepare,
	.text = sparks_text,
};
