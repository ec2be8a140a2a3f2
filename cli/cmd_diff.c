/* `hectic diff A B`: two runs compared figure by figure (issue 21), as
 * perf diff compares two profiles: each row a figure with A's value, B's,
 * the change and the ratio B/A, the rows of a section sorted by the size
 * of the change. Here: the opening (both logs at once, a thread each),
 * the window, the summary (every field of `summary --tsv`, by its name)
 * and pauses (per generation: count, p50, p90, p99, max, with the two
 * distributions side by side) sections, and the writing; the other
 * sections are report_diff.c's. A figure one run does not have is empty
 * on its side, never 0. */
#include "cmd.h"

#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../model/regex_guard.h"
#include "../model/source.h"
#include "../model/store.h"
#include "../model/summary.h"
#include "../model/timefmt.h"
#include "../model/tracks.h"
#include "cli_help.h"
#include "report.h"
#include "diff.h"

/* ---- opening ---- */

/* A run whose collections' or threads' list stopped at the memory budget,
 * said once: the comparison of its pauses and threads is partial
 * (EXIT_PARTIAL). The summary's figures are whole all the same
 * (summary_stream). */
static void diff_say_cut(struct diff_run *r)
{
	unsigned cut = r->run.tr.cut & (TRACKS_CUT_GCS | TRACKS_CUT_THREADS);
	if (!cut)
		return;
	char what[160];
	warnx_("%s: %s stopped at the memory budget: the pauses and threads compared are short "
	       "(PARTIAL, exit status %d)",
	       r->path, tracks_cut_text(cut, what, sizeof what), EXIT_PARTIAL);
	r->partial = true;
}

static void *open_run(void *arg)
{
	struct diff_run *r = arg;
	r->run.say = cmd_run_says;
	struct run_open_options o = { .fused = RUN_NEED(TABLE_NEEDS_TRACKS) };
	switch (run_open(&r->run, r->path, &o)) {
	case RUN_OPENED: r->rc = -1; diff_say_cut(r); break;
	case RUN_REFUSED: r->rc = EXIT_USAGE; break;
	case RUN_FAILED: r->rc = EXIT_BADINPUT; break;
	}
	return NULL;
}

static bool has_prof(const struct diff_run *r)
{
	return (r->run.s.classes & CLASS_BIT(CL_PROF)) != 0;
}

/* The heap censuses and cost centres of a run's profile, from its store
 * alone: built once the tracks are freed (build_rows), so that the two do
 * not stand together. have_heap stays false when out of memory. */
static void *heap_run(void *arg)
{
	struct diff_run *r = arg;
	if (!has_prof(r))
		return NULL;
	if (!run_need(&r->run, RUN_NEED(TABLE_NEEDS_HEAP))) { /* (the profile reads its ticks from the log) */
		warnx_("%s: out of memory", r->path);
		return NULL;
	}
	r->censuses = r->run.h.ncensuses;
	r->ticks = r->run.h.tick_events;
	if (r->run.h.over_budget) {
		warnx_("%s: the heap profile's samples stopped at the memory budget: the figures from "
		       "them are short (PARTIAL, exit status %d)", r->path, EXIT_PARTIAL);
		r->partial = true;
	}
	return NULL;
}

/* fn on both runs at once: r[1] on a thread of its own. */
static void both(void *(*fn)(void *), struct diff_run *r)
{
	pthread_t th;
	bool threaded = pthread_create(&th, NULL, fn, &r[1]) == 0;
	fn(&r[0]);
	if (threaded)
		pthread_join(th, NULL);
	else
		fn(&r[1]);
}

static void close_run(struct diff_run *r)
{
	if (r->rc < 0)
		run_close(&r->run);
}

/* ---- the sections ---- */

/* summary: every field of the two runs' summary --tsv, matched by its
 * name (summary_fields, the list summary --tsv writes). */
static bool add_summary_rows(struct diff_rows *rows, const struct diff_run *r)
{
	struct summary_field *f = malloc(2 * SUMMARY_FIELDS_MAX * sizeof *f);
	if (!f)
		return false;
	bool ok = true;
	for (int side = 0; side < 2 && ok; side++) {
		struct summary sm;
		summary_compute(&r[side].run.tr, &r[side].run.s, r[side].from, r[side].to, &sm);
		struct summary_field *v = f + side * SUMMARY_FIELDS_MAX;
		size_t n = summary_fields(&sm, r[side].run.tr.ncaps, v);
		for (size_t i = 0; i < n && ok; i++) {
			struct diff_row *w = diff_row_named(rows, DS_SUMMARY, DSUF_NONE, v[i].name,
							    strlen(v[i].name));
			ok = w != NULL; /* (the summary's rows come first: within any budget) */
			if (!w)
				continue;
			static const uint8_t unit[] = { [SUMMARY_COUNT] = DU_COUNT, [SUMMARY_BYTES] = DU_BYTES,
							[SUMMARY_NS] = DU_NS, [SUMMARY_FRAC] = DU_FRAC,
							[SUMMARY_FLAG] = DU_FLAG };
			w->unit = unit[v[i].kind];
			if (!v[i].known)
				continue;
			if (w->unit == DU_FRAC) {
				double x = summary_productivity(&sm) * DIFF_FRAC_UNIT + 0.5;
				diff_set(w, side == 1, x > 0 ? (uint64_t)x : 0);
			} else {
				diff_set(w, side == 1, v[i].v);
			}
		}
	}
	free(f);
	return ok;
}

/* The highest generation a run has collections of, or -1. */
static int max_gen(const struct tracks *tr)
{
	int g = -1;
	for (size_t i = 0; i < tr->ngcs; i++) {
		int k = tracks_gc_gen(tr, &tr->gcs[i]);
		if (k > g)
			g = k;
	}
	return g;
}

static bool has_gc(const struct diff_run *r)
{
	return (r->run.s.classes & CLASS_BIT(CL_GC)) != 0;
}

/* pauses: per generation, count and percentiles of both runs. */
static bool add_pause_rows(struct diff_rows *rows, const struct diff_run *ra, const struct diff_run *rb)
{
	int ga = has_gc(ra) ? max_gen(&ra->run.tr) : -1, gb = has_gc(rb) ? max_gen(&rb->run.tr) : -1;
	int gmax = ga > gb ? ga : gb;
	static const char *const what[5] = { "count", "p50_ns", "p90_ns", "p99_ns", "max_ns" };
	char key[64];
	for (int g = 0; g <= gmax; g++) {
		struct pause_pct pa, pb;
		tracks_pause_pct(&ra->run.tr, ra->from, ra->to, g, &pa);
		tracks_pause_pct(&rb->run.tr, rb->from, rb->to, g, &pb);
		uint64_t va[5] = { pa.n, pa.p50, pa.p90, pa.p99, pa.max };
		uint64_t vb[5] = { pb.n, pb.p50, pb.p90, pb.p99, pb.max };
		for (int k = 0; k < 5; k++) {
			/* a run without GC events has no pauses to count: empty;
			 * one with no collection of g has no pause of g to take
			 * a percentile of (and where neither has, no row) */
			bool ka = has_gc(ra) && (k == 0 || pa.n), kb = has_gc(rb) && (k == 0 || pb.n);
			if (!ka && !kb)
				continue;
			int kl = snprintf(key, sizeof key, "gen%d_%s", g, what[k]);
			struct diff_row *w = diff_row_named(rows, DS_PAUSES, DSUF_NONE, key, (size_t)kl);
			if (!w)
				return false;
			w->unit = k == 0 ? DU_COUNT : DU_NS;
			if (ka)
				diff_set(w, false, va[k]);
			if (kb)
				diff_set(w, true, vb[k]);
		}
	}
	return true;
}

/* ---- the pause histograms ---- */

/* The log-scale bucket of a pause: 1, 2 and 5 of each decade from 1 ns
 * (bucket k holds [time_step_125(k), time_step_125(k + 1))), as the GC
 * histogram pane. */
#define NBUCKETS 57 /* up to 5e18 ns */

static int diff_bucket_of(uint64_t ns)
{
	int k = 0;
	while (k + 1 < NBUCKETS && time_step_125(k + 1) <= ns)
		k++;
	return k;
}

static void count_pauses(const struct diff_run *r, int g, uint64_t *n)
{
	memset(n, 0, NBUCKETS * sizeof *n);
	for (size_t i = 0; i < r->run.tr.ngcs; i++) {
		const struct gc *c = &r->run.tr.gcs[i];
		if (c->start >= r->from && c->start <= r->to && tracks_gc_gen(&r->run.tr, c) == g)
			n[diff_bucket_of(c->pause)]++;
	}
}

/* Both runs' pauses by generation and bucket, counted while the tracks
 * stand (build_rows frees them before the text is written). */
struct pause_hist {
	int gmax;     /* -1: no run has collections */
	bool gc[2];   /* the run has GC events */
	uint64_t *n;  /* [gen][run][bucket] */
};

static bool count_histograms(struct pause_hist *h, const struct diff_run *ra,
			     const struct diff_run *rb)
{
	h->gc[0] = has_gc(ra);
	h->gc[1] = has_gc(rb);
	int ga = h->gc[0] ? max_gen(&ra->run.tr) : -1, gb = h->gc[1] ? max_gen(&rb->run.tr) : -1;
	h->gmax = ga > gb ? ga : gb;
	h->n = calloc((size_t)(h->gmax + 1) * 2 * NBUCKETS + 1, sizeof *h->n);
	if (!h->n)
		return false;
	for (int g = 0; g <= h->gmax; g++) {
		count_pauses(ra, g, h->n + (size_t)g * 2 * NBUCKETS);
		count_pauses(rb, g, h->n + ((size_t)g * 2 + 1) * NBUCKETS);
	}
	return true;
}

static void bar(uint64_t n, uint64_t max, int w)
{
	int k = max ? (int)((n * (uint64_t)w + max - 1) / max) : 0;
	for (int i = 0; i < w; i++)
		putchar(i < k ? '#' : ' ');
}

/* Each generation's pauses of both runs, bucket by bucket, side by side. */
static void write_histograms(const struct pause_hist *h)
{
	for (int g = 0; g <= h->gmax; g++) {
		const uint64_t *na = h->n + (size_t)g * 2 * NBUCKETS, *nb = na + NBUCKETS;
		uint64_t max = 0;
		int lo = NBUCKETS, hi = -1;
		for (int k = 0; k < NBUCKETS; k++) {
			if (na[k] || nb[k]) {
				lo = k < lo ? k : lo;
				hi = k;
			}
			max = na[k] > max ? na[k] : max;
			max = nb[k] > max ? nb[k] : max;
		}
		if (hi < 0)
			continue;
		printf("\ngen %d pauses%s%s\n  %20s %6s %20s %6s\n", g, h->gc[0] ? "" : " (A: no GC events)",
		       h->gc[1] ? "" : " (B: no GC events)", "", "A", "", "B");
		for (int k = lo; k <= hi; k++) {
			char x[32], y[32];
			printf("  %8s .. %-8s %6llu ", time_format(x, sizeof x, time_step_125(k)),
			       time_format(y, sizeof y, time_step_125(k + 1)), (unsigned long long)na[k]);
			bar(na[k], max, 20);
			printf(" %6llu ", (unsigned long long)nb[k]);
			bar(nb[k], max, 20);
			putchar('\n');
		}
	}
}

/* ---- the window ---- */

/* The run's window: [from, to] from its start, or from its first marker
 * or message matching re. -1, or the exit status having said why. */
static int diff_window(struct diff_run *r, uint64_t from, uint64_t to, const regex_t *re, const char *align)
{
	uint64_t t0 = 0;
	if (re) {
		if (!tracks_first_mark(&r->run.tr, &r->run.s, re, &t0)) {
			warnx_("%s: no marker or message matches --align '%s'", r->path, align);
			return EXIT_BADINPUT;
		}
	}
	r->from = t0 + from < t0 ? UINT64_MAX : t0 + from;
	r->to = to == UINT64_MAX || t0 + to < t0 ? UINT64_MAX : t0 + to;
	return -1;
}

/* ---- the rows ---- */

/* Frees a run's tracks but their marks (kept as they are: what the spans
 * are paired from) and, when keep, a copy of its threads (tr.threads and
 * tr.nthreads alone: what diff_threads_rows reads over the whole run, with
 * the store), freed by drop_kept. False when out of memory. */
static bool free_tracks(struct diff_run *r, bool keep)
{
	size_t n = keep ? r->run.tr.nthreads : 0;
	struct thread_info *th = n ? malloc(n * sizeof *th) : NULL;
	if (th)
		memcpy(th, r->run.tr.threads, n * sizeof *th);
	struct mark *marks = r->run.tr.marks;
	size_t nmarks = r->run.tr.nmarks;
	bool known = r->run.tr.marks_threads;
	r->run.tr.marks = NULL;
	tracks_free(&r->run.tr);
	r->run.tr.threads = th;
	r->run.tr.nthreads = th ? n : 0;
	r->run.tr.marks = marks;
	r->run.tr.nmarks = nmarks;
	r->run.tr.marks_threads = known;
	return !n || th;
}

static void drop_marks(struct diff_run *r)
{
	free(r->run.tr.marks);
	r->run.tr.marks = NULL;
	r->run.tr.nmarks = 0;
	r->run.tr.marks_threads = false;
}

static void drop_threads(struct diff_run *r)
{
	free(r->run.tr.threads);
	r->run.tr.threads = NULL;
	r->run.tr.nthreads = 0;
}

/* Every section's rows, -1; else the exit status, having said why. What
 * the sections read is built and freed in turn, so that hectic diff takes
 * the memory of the two runs opened, not more: the tracks (summary,
 * pauses; the threads in a window), then freed but for their marks and
 * (over the whole run) their threads; each run's spans in turn, paired
 * from its marks (which know each one's running thread), then freed with
 * the marks; the threads; the heap profiles (heap, profile). The rows are
 * sorted once all are in. */
static int build_rows(struct diff_rows *rows, struct diff_run *r, struct pause_hist *h)
{
	bool whole = r[0].from == 0 && r[0].to == UINT64_MAX && r[1].from == 0 && r[1].to == UINT64_MAX;
	bool ok = add_summary_rows(rows, r) && add_pause_rows(rows, &r[0], &r[1]) &&
		  (whole || diff_threads_rows(rows, &r[0], &r[1])) && count_histograms(h, &r[0], &r[1]);
	bool kept_a = free_tracks(&r[0], ok && whole), kept_b = free_tracks(&r[1], ok && whole);
	ok = ok && kept_a && kept_b;
	for (int i = 0; i < 2; i++) { /* (one run's tables at a time) */
		ok = ok && diff_spans_rows(rows, &r[i], i == 1);
		drop_marks(&r[i]);
	}
	ok = ok && (!whole || diff_threads_rows(rows, &r[0], &r[1]));
	drop_threads(&r[0]);
	drop_threads(&r[1]);
	bool built = true; /* (else heap_run said why) */
	if (ok) {
		both(heap_run, r);
		built = has_prof(&r[0]) == diff_has_heap(&r[0]) && has_prof(&r[1]) == diff_has_heap(&r[1]);
		ok = built && diff_heap_rows(rows, &r[0], &r[1]) && diff_profile_rows(rows, &r[0], &r[1]);
	}
	for (int i = 0; i < 2; i++) {
		run_forget(&r[i].run, RUN_NEED(TABLE_NEEDS_HEAP));
	}
	if (!ok) {
		if (built)
			warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	return -1;
}

/* The bytes the table of rows may hold: 2.5% of both logs, at least
 * 2 MB. (The promise with two logs is each log's own, 5% of it plus
 * 10 MB: the runs' tables are built and freed in turn within it.) */
static uint64_t rows_budget(const struct diff_run *r)
{
	uint64_t b = (r[0].run.s.size + r[1].run.s.size) / 40;
	return b > 2000000 ? b : 2000000;
}

/* ---- the command ---- */

int cmd_diff(const struct cli_cmd *self, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "from", required_argument, NULL, 'f' }, { "to", required_argument, NULL, 't' },
		{ "all", no_argument, NULL, 'a' },        { "tsv", no_argument, NULL, 's' },
		{ "align", required_argument, NULL, 'r' },
		{ "raw", no_argument, NULL, 'R' },        { "escape", no_argument, NULL, 'E' },
		{ "help", no_argument, NULL, 'h' },       { 0 },
	};
	uint64_t from = 0, to = UINT64_MAX;
	bool all = false, tsv = false;
	int escape = -1; /* --escape 1, --raw 0; else whether stdout is a terminal */
	const char *align = NULL;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
		case 't': {
			uint64_t v;
			if (!time_parse(optarg, &v)) {
				warnx_("bad time '%s' (use ns, or a number with s, ms, us or ns)", optarg);
				return EXIT_USAGE;
			}
			*(c == 'f' ? &from : &to) = v;
			break;
		}
		case 'a': all = true; break;
		case 'r': align = optarg; break;
		case 'R': escape = 0; break;
		case 'E': escape = 1; break;
		case 's': tsv = true; break;
		case 'h': cli_usage_print(stdout, self); return 0;
		default: warn_badopt_try(argc, argv, "diff"); return EXIT_USAGE;
		}
	}
	if (escape < 0)
		escape = isatty(STDOUT_FILENO);
	int bad = cli_operands(argc, argv, 2, 2, "diff", "A B", cli_usage_print, self);
	if (bad >= 0)
		return bad;
	if (to < from) {
		warnx_("--to is before --from");
		return EXIT_USAGE;
	}
	regex_t re;
	if (align) {
		char why[200] = "";
		if (!regex_guard(align, why, sizeof why) ||
		    regcomp(&re, align, REG_EXTENDED | REG_NOSUB) != 0) {
			warnx_("bad --align regex '%s'%s%s", align, *why ? ": " : "", why);
			return EXIT_USAGE;
		}
	}
	struct diff_run r[2] = { { .path = argv[optind], .rc = -1 }, { .path = argv[optind + 1], .rc = -1 } };
	both(open_run, r);
	int rc = r[0].rc >= 0 ? r[0].rc : r[1].rc >= 0 ? r[1].rc : -1;
	struct diff_rows rows;
	diff_rows_init(&rows, rows_budget(r));
	struct pause_hist hist = { .gmax = -1 };
	if (rc < 0) {
		for (int i = 0; i < 2 && rc < 0; i++)
			rc = diff_window(&r[i], from, to, align ? &re : NULL, align);
	}
	if (rc < 0)
		rc = build_rows(&rows, r, &hist);
	if (rc < 0 && rows.left_out)
		warnx_("the comparison reached its memory budget (%llu MB): %zu names left out; "
		       "PARTIAL (exit status %d)",
		       (unsigned long long)(rows.budget / 1000000), rows.left_out, EXIT_PARTIAL);
	bool partial = rc < 0 && (rows.left_out || r[0].partial || r[1].partial);
	if (rc < 0) {
		diff_rows_sort(&rows);
		if (tsv) {
			diff_write_tsv(&rows, all, escape);
		} else {
			diff_write_text(&rows, all, escape, &r[0], &r[1]);
			write_histograms(&hist);
		}
		rc = fflush(stdout) == 0 && !ferror(stdout) ? 0 : EXIT_BADINPUT;
		if (rc)
			warnx_("write error: %s", strerror(errno));
		else if (partial)
			rc = EXIT_PARTIAL;
	}
	if (align)
		regfree(&re);
	free(hist.n);
	diff_rows_free(&rows);
	close_run(&r[0]);
	close_run(&r[1]);
	return rc;
}
