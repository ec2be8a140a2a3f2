/* report_summary: the run as +RTS -s sees it: `hectic summary` (the
 * report, or its fields as TSV) and `hectic top` (summary --follow: a line
 * a second while the log grows, then the summary). */
#include "report.h"

#include <signal.h>
#include <stdio.h>
#include <time.h>

#include "../model/summary.h"
#include "../common/report_text.h"
#include "../common/summary_text.h"
#include "cli.h"

static void tsv_u64(FILE *f, const char *name, uint64_t v)
{
	fprintf(f, "%s\t%llu\n", name, (unsigned long long)v);
}

void summary_tsv_write(FILE *f, const struct summary *sm, size_t ncaps)
{
	tsv_u64(f, "from", sm->from);
	tsv_u64(f, "to", sm->to);
	struct summary_field v[SUMMARY_FIELDS_MAX];
	size_t n = summary_fields(sm, ncaps, v);
	for (size_t i = 0; i < n; i++) {
		if (!v[i].known)
			fprintf(f, "%s\t\n", v[i].name);
		else if (v[i].kind == SUMMARY_FRAC)
			fprintf(f, "%s\t%.4f\n", v[i].name, summary_productivity(sm));
		else
			tsv_u64(f, v[i].name, v[i].v);
	}
}

static int summary_print(struct report_ctx *c)
{
	struct summary sm;
	summary_compute(&c->run.tr, &c->run.s, c->o.from, c->o.to, &sm);
	if (sm.partial && !c->partial) {
		report_partial(c, "the lists the summary reads");
		report_partial_note(c, stdout);
	}
	char a[32], b[32];
	printf("%s: %s to %s", c->o.path, report_text_time(a, sm.from),
	       report_text_time(b, sm.to));
	if (sm.have_gc)
		printf(", %zu capabilities, %llu collections\n\n", c->run.tr.ncaps,
		       (unsigned long long)sm.ngcs);
	else
		printf(", %zu capabilities, no GC events\n\n", c->run.tr.ncaps);
	summary_write(stdout, &sm);
	return 0;
}

/* ---- top: summary --follow ---- */

static volatile sig_atomic_t top_stop;
static void on_stop(int sig)
{
	(void)sig;
	top_stop = 1;
}

/* Bytes as B, kB, MB, GB (powers of 1000, as rates usually are). */
static const char *human(char *buf, double v)
{
	static const char *const unit[] = { "B", "kB", "MB", "GB", "TB" };
	int u = 0;
	while (v >= 999.5 && u < 4)
		v /= 1000, u++;
	snprintf(buf, 32, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
	return buf;
}

/* The latest sample at or before t, or 0. */
static uint64_t sample_at(const struct sample *v, size_t n, uint64_t t)
{
	uint64_t r = 0;
	for (size_t i = n; i-- > 0;)
		if (v[i].time <= t) {
			r = v[i].value;
			break;
		}
	return r;
}

/* One line for the log time [from, to): what the program did in it. */
static void top_line(const struct tracks *tr, const struct store *s, uint64_t from, uint64_t to)
{
	struct summary sm;
	summary_compute(tr, s, from, to, &sm);
	struct pause_pct pp;
	tracks_pause_pct(tr, from, to - 1, -1, &pp);
	uint64_t w = to > from ? to - from : 1;
	char t[32], a[32], hs[32], lv[32], p99[32];
	double gcshare = sm.to > sm.from ? 100.0 * (double)sm.gc / (double)(sm.to - sm.from) : 0;
	if (gcshare > 100)
		gcshare = 100;
	printf("%9s %10s/s %9s %9s %6.1f%% %9s %5llu", report_text_time(t, to),
	       sm.have_alloc ? human(a, (double)sm.allocated * 1e9 / (double)w) : "-",
	       tr->nheap_size ? human(hs, (double)sample_at(tr->heap_size, tr->nheap_size, to)) : "-",
	       tr->nheap_live ? human(lv, (double)sample_at(tr->heap_live, tr->nheap_live, to)) : "-",
	       gcshare, pp.n ? report_text_time(p99, pp.p99) : "-", (unsigned long long)sm.ngcs);
	if (sm.have_sparks)
		printf("  %llu/%llu/%llu", (unsigned long long)sm.sparks[SP_CREATED],
		       (unsigned long long)sm.sparks[SP_CONVERTED],
		       (unsigned long long)sm.sparks[SP_FIZZLED]);
	putchar('\n');
	fflush(stdout);
}

/* The log has all it will have. */
static bool top_ended(const struct report_ctx *c)
{
	if (c->run.s.ndataend)
		return true;
	return c->run.src.kind != SRC_FILE && source_ended(&c->run.src) &&
	       source_bytes(&c->run.src) <= c->run.s.size;
}

/* The time before which the events are final (all of them once ended),
 * 0 while none is. */
static uint64_t top_horizon(const struct report_ctx *c)
{
	uint64_t hz;
	if (top_ended(c))
		return c->run.s.tmax + 1;
	if (!store_horizon(&c->run.s, c->run.tr.startup_caps, &hz))
		return 0;
	return hz > c->run.s.tmax + 1 ? c->run.s.tmax + 1 : hz;
}

/* A line for what became final since *last. */
static void top_advance(struct report_ctx *c, uint64_t *last)
{
	uint64_t hz = top_horizon(c);
	if (hz > *last) {
		top_line(&c->run.tr, &c->run.s, *last, hz);
		*last = hz;
	}
}

/* Waits for more of the log: true when it grew; false when it will not,
 * *stopped saying why when it was not the end or a signal. */
static bool top_wait(struct report_ctx *c, char *err, size_t n, const char **stopped)
{
	while (!top_ended(c) && !top_stop) {
		if (c->run.src.kind != SRC_FILE)
			source_wait_bytes(&c->run.src, UINT64_MAX, 1000);
		else
			nanosleep(&(struct timespec){ 1, 0 }, NULL);
		if (top_stop)
			break;
		switch (run_extend(&c->run, err, n)) {
		case EXTEND_SAME: continue;
		case EXTEND_SHRANK: *stopped = "the file shrank"; return false;
		case EXTEND_REPLACED: *stopped = "the file was replaced"; return false;
		case EXTEND_ERROR: *stopped = err; return false;
		case EXTEND_GREW: return true;
		}
	}
	return false;
}

/* summary --follow (hectic top): a line a second while the log grows,
 * then the whole run's summary. A line covers the time up to the horizon:
 * its events are final. */
static int summary_follow(struct report_ctx *c)
{
	struct sigaction sa = { .sa_handler = on_stop };
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	printf("%9s %12s %9s %9s %7s %9s %5s%s\n", "log time", "alloc", "heap", "live", "GC",
	       "p99 pause", "GCs", "  sparks created/converted/fizzled");
	uint64_t last = c->run.s.tmin;
	top_advance(c, &last);
	char err[300];
	const char *stopped = NULL;
	while (top_wait(c, err, sizeof err, &stopped)) {
		run_forget(&c->run, RUN_NEED(TABLE_NEEDS_TRACKS));
		if (!run_need(&c->run, RUN_NEED(TABLE_NEEDS_TRACKS))) {
			warnx_("%s: out of memory", c->o.path);
			return EXIT_BADINPUT;
		}
		top_advance(c, &last);
	}
	if (c->run.s.tmax + 1 > last) /* what was not final: final now */
		top_line(&c->run.tr, &c->run.s, last, c->run.s.tmax + 1);
	if (stopped)
		warnx_("%s: %s: the summary is of what was read", c->o.path, stopped);
	else if (top_stop)
		warnx_("%s: interrupted: the summary is of what was read", c->o.path);
	const char *why = c->run.src.kind != SRC_FILE ? source_error(&c->run.src) : "";
	if (*why)
		warnx_("%s: %s after %llu bytes", c->o.path, why, (unsigned long long)c->run.s.size);
	putchar('\n');
	return summary_print(c);
}

/* --tsv: the summary table's rows over the window (summary_tsv_write's,
 * which hectic diff prints) */
const struct report_ops report_summary_ops = {
	.table = &table_summary, .text = summary_print,
	.follow = summary_follow,
};
