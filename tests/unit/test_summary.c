/* model/summary.c: the whole run against the program's own +RTS -s output,
 * windows against a naive scan of the events, and the printed report. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evtest.h"
#include "../../model/store.h"
#include "../../model/summary.h"
#include "../../common/summary_text.h"
#include "../../model/tracks.h"

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

struct lg {
	uint8_t *buf;
	struct store s;
	struct tracks tr;
	const char *name;
};

static void lg_open_file(struct lg *l, const char *path)
{
	char err[256] = "";
	memset(l, 0, sizeof *l);
	l->name = path;
	enum store_status st = store_open(&l->s, path, err, sizeof err);
	if (st != STORE_OK)
		print_error("%s: store_open: %d %s\n", path, st, err);
	assert_int_equal(st, STORE_OK);
	assert_true(tracks_build(&l->tr, &l->s));
}

static void lg_open_mem(struct lg *l, const struct evb *b, const char *name)
{
	char err[256] = "";
	memset(l, 0, sizeof *l);
	l->name = name;
	l->buf = evb_exact(b);
	enum store_status st = store_open_mem(&l->s, l->buf, b->n, err, sizeof err);
	assert_int_equal(st, STORE_OK);
	assert_true(tracks_build(&l->tr, &l->s));
}

static void lg_close(struct lg *l)
{
	tracks_free(&l->tr);
	store_close(&l->s);
	free(l->buf);
}

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, len = 0;
	char *p = malloc(cap);
	assert_non_null(p);
	size_t r;
	while ((r = fread(p + len, 1, cap - len - 1, f)) > 0) {
		len += r;
		if (cap - len < 2) {
			cap *= 2;
			p = realloc(p, cap);
			assert_non_null(p);
		}
	}
	fclose(f);
	p[len] = 0;
	if (n)
		*n = len;
	return p;
}

/* ---- +RTS -s parsing ---- */

struct rts {
	uint64_t allocated, copied, max_res, res_samples, max_slop, mib;
	uint64_t colls[2], par[2];
	bool have_sparks;
	uint64_t sparks[6]; /* created, converted, overflowed, dud, gcd, fizzled */
	bool have_balance;
	double balance;
	/* the elapsed figures as printed: "  Gen  0 ... %6.3fs     %3.4fs    %3.4fs" */
	char gen_elapsed[2][16], gen_avg[2][16], gen_max[2][16];
	bool have_syncs;
	uint64_t sync_n;
	char sync_elapsed[16], sync_avg[16], sync_max[16];
	char init[16], mut[16], gc[16], exit_[16], total[16], prof[16];
	bool have_prof;
	char productivity[16]; /* "%.1f" of total elapsed */
};

/* The elapsed time on a phase line: "  MUT     time    0.006s  (  0.046s elapsed)". */
static bool phase_elapsed(const char *t, const char *label, char *out)
{
	const char *p = strstr(t, label);
	if (!p)
		return false;
	p = strchr(p, '(');
	if (!p)
		return false;
	return sscanf(p, "( %15[0-9.]s elapsed)", out) == 1;
}

/* The number with thousands separators that starts the line holding label. */
static bool number_before(const char *text, const char *label, uint64_t *out)
{
	const char *p = strstr(text, label);
	if (!p)
		return false;
	const char *ls = p;
	while (ls > text && ls[-1] != '\n')
		ls--;
	uint64_t v = 0;
	bool any = false;
	for (const char *q = ls; q < p; q++) {
		if (*q >= '0' && *q <= '9') {
			v = v * 10 + (uint64_t)(*q - '0');
			any = true;
		} else if (*q != ',' && *q != ' ') {
			break;
		}
	}
	*out = v;
	return any;
}

static void parse_rts(const char *t, struct rts *r)
{
	memset(r, 0, sizeof *r);
	assert_true(number_before(t, " bytes allocated in the heap", &r->allocated));
	assert_true(number_before(t, " bytes copied during GC", &r->copied));
	assert_true(number_before(t, " bytes maximum residency", &r->max_res));
	const char *p = strstr(t, "bytes maximum residency (");
	assert_non_null(p);
	unsigned long long n;
	assert_int_equal(sscanf(p, "bytes maximum residency (%llu", &n), 1);
	r->res_samples = n;
	assert_true(number_before(t, " bytes maximum slop", &r->max_slop));
	assert_true(number_before(t, " MiB total memory in use", &r->mib));
	for (int g = 0; g < 2; g++) {
		char pat[32];
		snprintf(pat, sizeof pat, "  Gen  %d ", g);
		p = strstr(t, pat);
		assert_non_null(p);
		unsigned long long c, pp;
		assert_int_equal(sscanf(p, "  Gen %*d %llu colls, %llu par", &c, &pp), 2);
		r->colls[g] = c;
		r->par[g] = pp;
		assert_int_equal(sscanf(p, "  Gen %*d %*u colls, %*u par %*[0-9.]s %15[0-9.]s %15[0-9.]s "
					   "%15[0-9.]s",
					r->gen_elapsed[g], r->gen_avg[g], r->gen_max[g]),
				 3);
	}
	p = strstr(t, " syncs,");
	if (p) {
		while (p > t && p[-1] != '\n')
			p--;
		unsigned long long ns;
		assert_int_equal(sscanf(p, "  Gen %*d %llu syncs, %15[0-9.]s %15[0-9.]s %15[0-9.]s", &ns,
					r->sync_elapsed, r->sync_avg, r->sync_max),
				 4);
		r->sync_n = ns;
		r->have_syncs = true;
	}
	assert_true(phase_elapsed(t, "  INIT    time", r->init));
	assert_true(phase_elapsed(t, "  MUT     time", r->mut));
	assert_true(phase_elapsed(t, "  GC      time", r->gc));
	assert_true(phase_elapsed(t, "  EXIT    time", r->exit_));
	assert_true(phase_elapsed(t, "  Total   time", r->total));
	r->have_prof = phase_elapsed(t, "  PROF    time", r->prof);
	p = strstr(t, "% of total elapsed");
	assert_non_null(p);
	while (p > t && p[-1] != ' ' && p[-1] != ',')
		p--;
	assert_int_equal(sscanf(p, "%15[0-9.]", r->productivity), 1);
	p = strstr(t, "SPARKS: ");
	if (p) {
		unsigned long long v[6];
		assert_int_equal(sscanf(p, "SPARKS: %llu (%llu converted, %llu overflowed, %llu dud, "
					   "%llu GC'd, %llu fizzled)",
					&v[0], &v[1], &v[2], &v[3], &v[4], &v[5]),
				 6);
		r->have_sparks = true;
		for (int i = 0; i < 6; i++)
			r->sparks[i] = v[i];
	}
	p = strstr(t, "Parallel GC work balance: ");
	if (p) {
		assert_int_equal(sscanf(p, "Parallel GC work balance: %lf%%", &r->balance), 1);
		r->have_balance = true;
	}
}

static void check_rts(const char *base)
{
	char path[256], spath[256];
	snprintf(path, sizeof path, "tests/fixtures/%s.eventlog", base);
	snprintf(spath, sizeof spath, "tests/fixtures/%s.rts-s.txt", base);
	char *text = slurp(spath, NULL);
	assert_non_null(text);
	struct rts r;
	parse_rts(text, &r);
	struct lg l;
	lg_open_file(&l, path);
	struct summary sm;
	summary_compute(&l.tr, &l.s, 0, UINT64_MAX, &sm);
	bool bad = false;
#define EXPECT(what, got, want)                                                          \
	do {                                                                             \
		if ((uint64_t)(got) != (uint64_t)(want)) {                               \
			print_error("%s: %s: got %llu, +RTS -s says %llu\n", base, what,  \
				    (unsigned long long)(got), (unsigned long long)(want)); \
			bad = true;                                                      \
		}                                                                        \
	} while (0)
	EXPECT("bytes allocated in the heap", sm.allocated, r.allocated);
	assert_true(sm.have_alloc);
	EXPECT("bytes copied during GC", sm.copied, r.copied);
	EXPECT("bytes maximum residency", sm.max_live, r.max_res);
	EXPECT("residency samples", sm.live_samples, r.res_samples);
	EXPECT("bytes maximum slop", sm.max_slop, r.max_slop);
	EXPECT("MiB total memory in use (max heap size / MiB)", sm.max_heap / (1024 * 1024), r.mib);
	EXPECT("Gen 0 colls", sm.gen[0].colls, r.colls[0]);
	EXPECT("Gen 0 par", sm.gen[0].par, r.par[0]);
	EXPECT("Gen 1 colls", sm.gen[1].colls, r.colls[1]);
	EXPECT("Gen 1 par", sm.gen[1].par, r.par[1]);
	if (r.have_sparks) {
		if (!sm.have_sparks) {
			print_error("%s: no sparks in the summary, +RTS -s has a SPARKS line\n", base);
			bad = true;
		}
		static const int idx[6] = { SP_CREATED, SP_CONVERTED, SP_OVERFLOWED, SP_DUD, SP_GCD,
					    SP_FIZZLED };
		static const char *const nm[6] = { "sparks created", "sparks converted",
						   "sparks overflowed", "sparks dud", "sparks GC'd",
						   "sparks fizzled" };
		/* the RTS's total: created + dud + overflowed (the last two were
		 * never created); the others as they are */
		EXPECT(nm[0], sm.sparks[SP_CREATED] + sm.sparks[SP_DUD] + sm.sparks[SP_OVERFLOWED],
		       r.sparks[0]);
		for (int i = 1; i < 6; i++)
			EXPECT(nm[i], sm.sparks[idx[i]], r.sparks[i]);
	}
	if (r.have_balance) {
		double got = sm.bal_den ? 100.0 * (double)sm.bal_num / (double)sm.bal_den : -1;
		if (got < r.balance - 0.01 || got > r.balance + 0.01) {
			print_error("%s: parallel GC work balance: got %.4f%% (%llu / %llu), +RTS -s "
				    "says %.2f%%\n", base, got, (unsigned long long)sm.bal_num,
				    (unsigned long long)sm.bal_den, r.balance);
			bad = true;
		}
	}
	assert_true(sm.ngens >= 2);
	/* the elapsed times, as +RTS -s prints them (seed 002's implemented
	 * version: the initiating capability's pause; MUT between the ends of
	 * INIT and the start of EXIT, less the collections in it) */
	char buf[64];
#define SEXPECT(what, fmtspec, value, want)                                               \
	do {                                                                              \
		snprintf(buf, sizeof buf, fmtspec, (value));                              \
		const char *b_ = buf;                                                     \
		while (*b_ == ' ')                                                        \
			b_++;                                                             \
		if (strcmp(b_, (want)) != 0) {                                            \
			print_error("%s: %s: got %s, +RTS -s says %s\n", base, what, b_,   \
				    (want));                                              \
			bad = true;                                                       \
		}                                                                         \
	} while (0)
	for (int g = 0; g < 2; g++) {
		uint64_t avg = sm.gen[g].colls ? sm.gen[g].elapsed / sm.gen[g].colls : 0;
		SEXPECT(g ? "Gen 1 elapsed" : "Gen 0 elapsed", "%6.3f",
			(double)sm.gen[g].elapsed / 1e9, r.gen_elapsed[g]);
		SEXPECT(g ? "Gen 1 avg pause" : "Gen 0 avg pause", "%3.4f", (double)avg / 1e9,
			r.gen_avg[g]);
		SEXPECT(g ? "Gen 1 max pause" : "Gen 0 max pause", "%3.4f",
			(double)sm.gen[g].max_pause / 1e9, r.gen_max[g]);
	}
	if (r.have_syncs) {
		assert_true(sm.have_syncs);
		EXPECT("Gen 1 syncs", sm.sync_colls, r.sync_n);
		SEXPECT("sync elapsed", "%6.3f", (double)sm.sync_elapsed / 1e9, r.sync_elapsed);
		SEXPECT("sync avg", "%3.4f",
			(double)(sm.sync_colls ? sm.sync_elapsed / sm.sync_colls : 0) / 1e9,
			r.sync_avg);
		SEXPECT("sync max", "%3.4f", (double)sm.sync_max / 1e9, r.sync_max);
	}
	assert_true(sm.whole && sm.have_init && sm.have_exit);
	SEXPECT("INIT elapsed", "%7.3f", (double)sm.init / 1e9, r.init);
	SEXPECT("MUT elapsed", "%7.3f", (double)sm.mut / 1e9, r.mut);
	SEXPECT("EXIT elapsed", "%7.3f", (double)sm.exit / 1e9, r.exit_);
	SEXPECT("Total elapsed", "%7.3f", (double)sm.total / 1e9, r.total);
	if (!r.have_prof) {
		assert_false(sm.profiled);
		SEXPECT("GC elapsed", "%7.3f", (double)sm.gc / 1e9, r.gc);
		SEXPECT("productivity", "%.1f", 100.0 * (double)sm.mut / (double)sm.total,
			r.productivity);
	} else {
		/* a profiled RTS: heap censuses run inside collections and are
		 * not in the log; +RTS -s moves them from GC to PROF (and counts
		 * them as productive). The summary says so; its GC time is their
		 * sum, up to the rounding of the two printed figures. */
		assert_true(sm.profiled);
		double want = atof(r.gc) + atof(r.prof), got = (double)sm.gc / 1e9;
		if (got < want - 0.0011 || got > want + 0.0011) {
			print_error("%s: GC elapsed %.4f, +RTS -s says GC %s + PROF %s\n", base, got,
				    r.gc, r.prof);
			bad = true;
		}
		double prod = 100.0 * ((double)sm.mut / 1e9 + atof(r.prof)) / ((double)sm.total / 1e9);
		if (prod < atof(r.productivity) - 0.15 || prod > atof(r.productivity) + 0.15) {
			print_error("%s: productivity from MUT + PROF %.2f%%, +RTS -s says %s%%\n", base,
				    prod, r.productivity);
			bad = true;
		}
	}
	lg_close(&l);
	free(text);
	if (bad)
		fail();
}

static void test_rts_threaded(void **state)
{
	(void)state;
	check_rts("threaded");
}

static void test_rts_nonthreaded(void **state)
{
	(void)state;
	check_rts("nonthreaded");
}

static void test_rts_heap_hT(void **state)
{
	(void)state;
	check_rts("heap-hT");
}

static void test_rts_prof(void **state)
{
	(void)state;
	check_rts("prof");
}

static void test_rts_prof_hy(void **state)
{
	(void)state;
	check_rts("prof-hy");
}

static void test_rts_nonmoving(void **state)
{
	(void)state;
	check_rts("nonmoving");
}

/* -N4 on two cores: collections whose GC_ENDs come after the next one's
 * GC_START on another capability */
static void test_rts_par_n4(void **state)
{
	(void)state;
	check_rts("par-n4");
}

/* a program that collects tens of thousands of times (issue 43): its
 * tracks' lists stop at their memory budget, and every figure is +RTS
 * -s's all the same (summary_stream: the store's events instead) */
static void test_rts_many_gcs(void **state)
{
	(void)state;
	check_rts("budget/ghc90-many-gcs");
	struct lg l;
	lg_open_file(&l, "tests/fixtures/budget/ghc90-many-gcs.eventlog");
	/* (the fixture must fill the budget, or it tests nothing of this) */
	assert_true(l.tr.cut & TRACKS_CUT_GCS);
	struct summary sm;
	summary_compute(&l.tr, &l.s, 0, UINT64_MAX, &sm);
	assert_true(sm.streamed);
	assert_false(sm.partial);
	lg_close(&l);
}

/* logs read live by hectic from a FIFO, stdin and a Unix socket while the
 * program wrote them (tests/fixtures/regen-live): the bytes it read */
/* many threads, blocked on MVars, STM and a black hole; sparks converted,
 * fizzled, GC'd, dud and overflowed (tests/fixtures/regen-threads) */
static void test_rts_threads(void **state)
{
	(void)state;
	check_rts("threads");
	check_rts("threads-lf");
}

static void test_rts_live(void **state)
{
	(void)state;
	check_rts("live-fifo");
	check_rts("live-stdin");
	check_rts("live-unix");
}

/* (print_summary and line_with: below) */
static char *print_summary(const struct summary *sm, size_t *n);
static const char *line_with(const char *text, const char *label);

/* ---- the phases on the GHC 9.6/9.10 fixtures (issue 20) ---- */

/* fixture base (under tests/fixtures/) opened, its +RTS -s in *rts, the
 * whole run's summary in *sm */
static void open_with_rts(const char *base, struct lg *l, char **rts, struct summary *sm)
{
	char path[256], spath[256];
	snprintf(path, sizeof path, "tests/fixtures/%s.eventlog", base);
	snprintf(spath, sizeof spath, "tests/fixtures/%s.rts-s.txt", base);
	*rts = slurp(spath, NULL);
	assert_non_null(*rts);
	lg_open_file(l, path);
	summary_compute(&l->tr, &l->s, 0, UINT64_MAX, sm);
}

/* ns as +RTS -s prints an elapsed time ("%.3f" of the seconds) */
static const char *secs3(char *buf, size_t n, uint64_t ns)
{
	snprintf(buf, n, "%.3f", (double)ns / 1e9);
	return buf;
}

/* The non-threaded RTS: hs_main's rts_lock creates its task (TASK_CREATE)
 * just after stat_endInit, the main thread only later (109 us in
 * ghc910-ticky): INIT ends at the task, on every non-threaded fixture. */
static void test_init_nonthreaded(void **state)
{
	(void)state;
	static const char *const bases[] = {
		"heap-hT", "nonthreaded", "prof-hy", "prof", "modern/ghc910-heap-hT",
		"modern/ghc910-heap-hi", "modern/ghc910-prof-hc", "modern/ghc910-prof-hy",
		"modern/ghc910-ticky-ipe", "modern/ghc910-ticky-r", "modern/ghc910-ticky",
		"modern/ghc96-heap-hT", "modern/ghc96-heap-hi", "modern/ghc96-prof-hc",
		"modern/ghc96-prof-hy", "modern/ghc96-ticky-ipe", "modern/ghc96-ticky-r",
		"modern/ghc96-ticky",
	};
	bool bad = false;
	for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
		struct lg l;
		char *rts, want[16], got[32];
		struct summary sm;
		open_with_rts(bases[i], &l, &rts, &sm);
		assert_null(strstr(rts, "TASKS:")); /* the non-threaded RTS prints none */
		assert_false(l.tr.threaded_rts);
		assert_true(sm.have_init);
		assert_true(phase_elapsed(rts, "  INIT    time", want));
		if (strcmp(secs3(got, sizeof got, sm.init), want) != 0) {
			print_error("%s: INIT %s, +RTS -s says %s\n", bases[i], got, want);
			bad = true;
		}
		lg_close(&l);
		free(rts);
	}
	if (bad)
		fail();
}

/* GHC 9.10's nonmoving runs: after stat_endExit, exitStorage's
 * nonmovingExit waits for the concurrent mark still running, a wait +RTS
 * -s counts in no phase but productivity; the log ends with that mark's
 * events. EXIT ends before them (an estimate: the RTS ends it a little
 * later), so the RTS's productivity lies between MUT / Total and the
 * summary's. GHC 9.6 waits before its last events: no estimate. */
static void test_exit_nonmoving(void **state)
{
	(void)state;
	static const struct {
		const char *base;
		bool estimated;
	} runs[] = {
		{ "modern/ghc910-nonmoving", true },    { "modern/ghc910-nonmoving-ln", true },
		{ "modern/ghc96-nonmoving", false },    { "modern/ghc96-nonmoving-ln", false },
		{ "nonmoving", false },                 { "modern/ghc910-threaded", false },
	};
	bool bad = false;
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		struct lg l;
		char *rts, want[16], got[32];
		struct summary sm;
		open_with_rts(runs[i].base, &l, &rts, &sm);
		assert_true(sm.have_exit);
		if (sm.exit_estimated != runs[i].estimated) {
			print_error("%s: EXIT estimated %d, want %d\n", runs[i].base,
				    sm.exit_estimated, runs[i].estimated);
			bad = true;
		}
		assert_true(phase_elapsed(rts, "  EXIT    time", want));
		if (strcmp(secs3(got, sizeof got, sm.exit), want) != 0) {
			print_error("%s: EXIT %s, +RTS -s says %s\n", runs[i].base, got, want);
			bad = true;
		}
		/* the phases and the wait make up the run */
		assert_int_equal(sm.init + sm.mut + sm.gc + sm.exit + sm.exit_wait, sm.total);
		assert_true(sm.exit_estimated || sm.exit_wait == 0);
		const char *p = strstr(rts, "% of total elapsed");
		assert_non_null(p);
		while (p > rts && p[-1] != ' ')
			p--;
		double rp = atof(p), lo = 100.0 * (double)sm.mut / (double)sm.total,
		       hi = 100.0 * summary_productivity(&sm);
		if (!(rp > lo - 0.05 && rp < hi + 0.05)) {
			print_error("%s: +RTS -s's productivity %.1f%% outside MUT / Total %.3f%% .. "
				    "the summary's %.3f%%\n", runs[i].base, rp, lo, hi);
			bad = true;
		}
		lg_close(&l);
		free(rts);
	}
	if (bad)
		fail();
}

/* A log without the GC class (+RTS -l-au) has no report's time: Total is
 * its last event's time, counted as every timestamp from the RTS's start
 * (not from the first event), and the report says the RTS's is not in the
 * log. The capabilities are freed after the report: the RTS's Total comes
 * before the log's end, by less than 1 ms in these runs. */
static void test_total_user_only(void **state)
{
	(void)state;
	static const char *const bases[] = { "modern/ghc910-user-only",
					     "modern/ghc96-user-only" };
	for (size_t i = 0; i < 2; i++) {
		struct lg l;
		char *rts, want[16];
		struct summary sm;
		open_with_rts(bases[i], &l, &rts, &sm);
		assert_false(sm.have_gc);
		assert_true(sm.whole);
		assert_int_equal(sm.total, l.s.tmax);
		assert_true(phase_elapsed(rts, "  Total   time", want));
		double d = (double)sm.total / 1e9 - atof(want);
		if (!(d > -0.0005 && d < 0.001)) {
			print_error("%s: Total %.6f, +RTS -s says %s\n", bases[i],
				    (double)sm.total / 1e9, want);
			fail();
		}
		size_t n;
		char *out = print_summary(&sm, &n);
		const char *t = line_with(out, "  Total   time");
		assert_non_null(t);
		const char *said = strstr(t, "not in the log");
		assert_non_null(said);
		assert_true(said < strchr(t, '\n')); /* on the Total line */
		assert_non_null(strstr(out, "  TASKS: not in the log"));
		assert_non_null(strstr(out, "CPU times are not in the log"));
		free(out);
		lg_close(&l);
		free(rts);
	}
}

/* ---- windows against a naive scan ---- */

struct wev {
	uint64_t time;
	int32_t cap;
	uint16_t tag;
	uint64_t f[9];
};

struct wlog {
	struct wev *ev;
	size_t n;
};

static void wlog_build(struct wlog *w, const struct store *s)
{
	size_t cap = 1024;
	w->n = 0;
	w->ev = malloc(cap * sizeof *w->ev);
	assert_non_null(w->ev);
	struct merge *m = merge_new(s);
	assert_non_null(m);
	const struct ev *e;
	int32_t c;
	while ((e = merge_next(m, &c)) != NULL) {
		if (e->layout == SEL_UNKNOWN_LAYOUT || (e->bad & BAD_LEN))
			continue;
		switch (e->tag) {
		case EV_GC_STATS_GHC: case EV_HEAP_ALLOCATED: case EV_SPARK_COUNTERS:
		case EV_HEAP_LIVE: case EV_HEAP_SIZE:
			break;
		default:
			continue;
		}
		if (w->n == cap) {
			cap *= 2;
			w->ev = realloc(w->ev, cap * sizeof *w->ev);
			assert_non_null(w->ev);
		}
		struct wev x = { .time = e->time, .cap = c, .tag = e->tag };
		for (int i = 0; i < 9 && i < e->nf; i++)
			x.f[i] = e->f[i].u;
		w->ev[w->n++] = x;
	}
	merge_free(m);
}

/* Sum over capabilities of (last sample <= b) - (last sample < a), field k
 * of tag (HEAP_ALLOCATED: its field 1; SPARK_COUNTERS: field k). */
static uint64_t naive_delta(const struct wlog *w, uint16_t tag, int k, uint64_t a, uint64_t b)
{
	int32_t caps[64];
	size_t ncaps = 0;
	for (size_t i = 0; i < w->n; i++) {
		if (w->ev[i].tag != tag)
			continue;
		bool seen = false;
		for (size_t j = 0; j < ncaps; j++)
			seen |= caps[j] == w->ev[i].cap;
		if (!seen) {
			assert_true(ncaps < 64);
			caps[ncaps++] = w->ev[i].cap;
		}
	}
	uint64_t sum = 0;
	for (size_t j = 0; j < ncaps; j++) {
		uint64_t hi = 0, lo = 0;
		bool have_hi = false;
		for (size_t i = 0; i < w->n; i++) {
			const struct wev *x = &w->ev[i];
			if (x->tag != tag || x->cap != caps[j])
				continue;
			uint64_t v = x->f[k];
			if (x->time <= b) {
				hi = v;
				have_hi = true;
			}
			if (x->time < a)
				lo = v;
		}
		if (have_hi && hi >= lo)
			sum += hi - lo;
	}
	return sum;
}

static void check_summary_window(const struct lg *l, const struct wlog *w, uint64_t a,
				 uint64_t b)
{
	struct summary sm;
	summary_compute(&l->tr, &l->s, a, b, &sm);
	uint64_t copied = 0, colls[SUMMARY_GENS] = { 0 }, max_live = 0, live_n = 0, max_heap = 0;
	for (size_t i = 0; i < w->n; i++) {
		const struct wev *x = &w->ev[i];
		if (x->time < a || x->time > b)
			continue;
		if (x->tag == EV_GC_STATS_GHC) {
			copied += x->f[2];
			if (x->f[1] < SUMMARY_GENS)
				colls[x->f[1]]++;
		} else if (x->tag == EV_HEAP_LIVE) {
			live_n++;
			if (x->f[1] > max_live)
				max_live = x->f[1];
		} else if (x->tag == EV_HEAP_SIZE && x->f[1] > max_heap) {
			max_heap = x->f[1];
		}
	}
	uint64_t alloc = naive_delta(w, EV_HEAP_ALLOCATED, 1, a, b);
	bool bad = false;
#define WEXPECT(what, got, want)                                                          \
	do {                                                                              \
		if ((uint64_t)(got) != (uint64_t)(want)) {                                \
			print_error("%s: window [%llu, %llu]: %s: got %llu, want %llu\n",  \
				    l->name, (unsigned long long)a, (unsigned long long)b, \
				    what, (unsigned long long)(got),                       \
				    (unsigned long long)(want));                           \
			bad = true;                                                       \
		}                                                                         \
	} while (0)
	WEXPECT("copied", sm.copied, copied);
	for (int g = 0; g < SUMMARY_GENS; g++)
		WEXPECT("collections of a generation", sm.gen[g].colls, colls[g]);
	WEXPECT("allocated", sm.allocated, alloc);
	WEXPECT("max residency", sm.max_live, max_live);
	WEXPECT("residency samples", sm.live_samples, live_n);
	WEXPECT("max heap size", sm.max_heap, max_heap);
	for (int k = 0; k < 7; k++)
		WEXPECT("sparks", sm.sparks[k], naive_delta(w, EV_SPARK_COUNTERS, k, a, b));
	/* times: the window clipped to the events; GC + MUT = total, and GC
	 * lies between the pauses of the collections inside the window and
	 * those of the collections that touch it */
	uint64_t from = a < l->s.tmin ? l->s.tmin : a, to = b > l->s.tmax ? l->s.tmax : b;
	if (to < from)
		to = from;
	if (sm.whole && sm.have_init) { /* +RTS -s's phases, from the RTS's start */
		/* a wait for a concurrent mark after EXIT is in no phase */
		WEXPECT("init + mut + gc + exit (+ the wait after EXIT)",
			sm.init + sm.mut + sm.gc + sm.exit + sm.exit_wait, sm.total);
		WEXPECT("total", sm.total, sm.have_exit ? l->tr.t_exit_report : l->s.tmax);
		if (bad)
			fail();
		return;
	}
	/* a whole run counts from the RTS's start (its timestamps' zero) */
	WEXPECT("total", sm.total, sm.whole ? to : to - from);
	WEXPECT("gc + mut", sm.gc + sm.mut, to - from);
	uint64_t inside = 0, touching = 0;
	for (size_t i = 0; i < l->tr.ngcs; i++) {
		const struct gc *g = &l->tr.gcs[i];
		if (g->start >= from && g->end <= to)
			inside += g->pause;
		if (g->end >= from && g->start <= to)
			touching += g->pause;
	}
	if (sm.gc + 1 < (inside < sm.total ? inside : sm.total) || sm.gc > touching) {
		print_error("%s: window [%llu, %llu]: gc %llu, want between %llu and %llu\n",
			    l->name, (unsigned long long)a, (unsigned long long)b,
			    (unsigned long long)sm.gc, (unsigned long long)inside,
			    (unsigned long long)touching);
		bad = true;
	}
	if (bad)
		fail();
}

static const char *const fixture_logs[] = {
	"tests/fixtures/threaded.eventlog",   "tests/fixtures/nonthreaded.eventlog",
	"tests/fixtures/heap-hT.eventlog",    "tests/fixtures/prof.eventlog",
	"tests/fixtures/prof-hy.eventlog",    "tests/fixtures/nonmoving.eventlog",
	"tests/fixtures/killed-cut.eventlog", "tests/fixtures/par-n4.eventlog",
};

static void sweep_windows(const struct lg *l, uint64_t seed, unsigned n)
{
	struct wlog w;
	wlog_build(&w, &l->s);
	uint64_t tmin = l->s.tmin, span = l->s.tmax - tmin + 1;
	check_summary_window(l, &w, 0, UINT64_MAX);
	check_summary_window(l, &w, tmin, l->s.tmax);
	check_summary_window(l, &w, 0, tmin ? tmin - 1 : 0);
	for (unsigned i = 0; i < n; i++) {
		uint64_t a = tmin + rnd(&seed) % span, b = a + rnd(&seed) % span;
		if (i % 4 == 1 && w.n) /* on sample times */
			a = w.ev[rnd(&seed) % w.n].time, b = w.ev[rnd(&seed) % w.n].time;
		if (i % 4 == 2 && w.n)
			a = w.ev[rnd(&seed) % w.n].time + 1, b = a + rnd(&seed) % 2000000;
		if (b < a) {
			uint64_t t = a;
			a = b;
			b = t;
		}
		check_summary_window(l, &w, a, b);
	}
	free(w.ev);
}

static void test_windows_fixtures(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof fixture_logs / sizeof fixture_logs[0]; i++) {
		struct lg l;
		lg_open_file(&l, fixture_logs[i]);
		sweep_windows(&l, 0x5DEECE66Dull * (i + 1), 300);
		lg_close(&l);
	}
}

/* Two capabilities' counters with samples exactly on the window edges. */
static void test_windows_counters(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 18, 14, "Block marker");
	evb_type(&b, 34, 56, "Spark counters");
	evb_type(&b, 49, 12, "Total heap mem ever allocated");
	evb_type(&b, 53, 58, "GC statistics");
	evb_end_header(&b);
	for (uint16_t cap = 0; cap < 2; cap++) {
		struct evb body = EVB_INIT;
		body.decl = b.decl;
		for (uint64_t k = 0; k < 10; k++) {
			uint64_t t = 100 * (k + 1) + cap * 50;
			struct evb pl = EVB_INIT;
			evb_pack(&pl, "wq", (uint64_t[]){ 0, (k + 1) * (k + 1) * 1000 + cap });
			evb_event_pl(&body, 49, t, &pl);
			evb_free(&pl);
			uint64_t sp[7];
			for (int j = 0; j < 7; j++)
				sp[j] = k * (uint64_t)(j + 1) + cap;
			evb_pack(&pl, "qqqqqqq", sp);
			evb_event_pl(&body, 34, t, &pl);
			evb_free(&pl);
			evb_pack(&pl, "whqqqwqqq",
				 (uint64_t[]){ 0, k % 2, 1000 * k, 10, 0, 2, 500, 900, 450 });
			evb_event_pl(&body, 53, t + 1, &pl);
			evb_free(&pl);
		}
		evb_marker(&b, 100 + cap * 50, (uint32_t)(24 + body.n), 1051 + cap * 50, cap);
		evb_bytes(&b, body.p, body.n);
		free(body.p);
	}
	evb_dataend(&b);
	struct lg l;
	lg_open_mem(&l, &b, "counters");
	struct wlog w;
	wlog_build(&w, &l.s);
	/* (windows that end before the first event: test_window_before_log) */
	for (uint64_t a = 0; a <= 1200; a += 50)
		for (uint64_t e = a < 100 ? 100 : a; e <= 1250; e += 50) {
			check_summary_window(&l, &w, a, e);
			if (a < e)
				check_summary_window(&l, &w, a + 1, e);
			check_summary_window(&l, &w, a, e + 1);
		}
	struct summary sm;
	summary_compute(&l.tr, &l.s, 0, UINT64_MAX, &sm);
	assert_int_equal(sm.allocated, 100000 + 100001);
	assert_int_equal(sm.sparks[SP_CREATED], 9 + 10);
	assert_int_equal(sm.gen[0].colls, 10);
	assert_int_equal(sm.gen[1].colls, 10);
	assert_int_equal(sm.bal_num, 20 * 450);
	assert_int_equal(sm.bal_den, 20 * 900);
	summary_compute(&l.tr, &l.s, 200, 300, &sm);
	/* cap 0: 9000 - 1000 (at 100 < 200); cap 1: last <= 300 is at 250 (4001), last < 200 at 150 (1001) */
	assert_int_equal(sm.allocated, 8000 + 3000);
	free(w.ev);
	lg_close(&l);
	evb_free(&b);
}

/* A window that ends before the first event holds nothing: clipping it to
 * the log must not move it onto the first event. */
static void test_window_before_log(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 18, 14, "Block marker");
	evb_type(&b, 49, 12, "Total heap mem ever allocated");
	evb_type(&b, 53, 50, "GC statistics");
	evb_end_header(&b);
	struct evb body = EVB_INIT;
	body.decl = b.decl;
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "wq", (uint64_t[]){ 0, 4096 });
	evb_event_pl(&body, 49, 1000, &pl);
	evb_free(&pl);
	evb_pack(&pl, "whqqqwqq", (uint64_t[]){ 0, 0, 777, 0, 0, 1, 0, 0 });
	evb_event_pl(&body, 53, 1000, &pl);
	evb_free(&pl);
	evb_pack(&pl, "wq", (uint64_t[]){ 0, 8192 });
	evb_event_pl(&body, 49, 2000, &pl);
	evb_free(&pl);
	evb_marker(&b, 1000, (uint32_t)(24 + body.n), 2000, 0);
	evb_bytes(&b, body.p, body.n);
	free(body.p);
	evb_dataend(&b);
	struct lg l;
	lg_open_mem(&l, &b, "before the log");
	struct summary sm;
	summary_compute(&l.tr, &l.s, 0, 999, &sm);
	bool bad = sm.allocated || sm.copied || sm.gen[0].colls;
	if (bad)
		print_error("window [0, 999], first event at 1000: allocated %llu copied %llu "
			    "gen 0 colls %llu, want 0 0 0 (window reported as [%llu, %llu])\n",
			    (unsigned long long)sm.allocated, (unsigned long long)sm.copied,
			    (unsigned long long)sm.gen[0].colls, (unsigned long long)sm.from,
			    (unsigned long long)sm.to);
	/* and after the last one */
	summary_compute(&l.tr, &l.s, 2001, 5000, &sm);
	if (sm.allocated || sm.copied || sm.gen[0].colls) {
		print_error("window [2001, 5000], last event at 2000: allocated %llu copied %llu "
			    "gen 0 colls %llu, want 0 0 0\n", (unsigned long long)sm.allocated,
			    (unsigned long long)sm.copied, (unsigned long long)sm.gen[0].colls);
		bad = true;
	}
	lg_close(&l);
	evb_free(&b);
	if (bad)
		fail();
}

/* ---- the printed report ---- */

static char *print_summary(const struct summary *sm, size_t *n)
{
	char *p = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&p, &len);
	assert_non_null(f);
	summary_write(f, sm);
	fclose(f);
	*n = len;
	return p;
}

static const char *line_with(const char *text, const char *label)
{
	const char *p = strstr(text, label);
	if (!p)
		return NULL;
	while (p > text && p[-1] != '\n')
		p--;
	return p;
}

static void expect_line_prefix(const char *out, const char *rts, const char *label,
			       size_t upto_len, const char *base)
{
	const char *want = line_with(rts, label), *got = line_with(out, label);
	assert_non_null(want);
	if (!got) {
		print_error("%s: the report has no line with \"%s\"\n", base, label);
		fail();
	}
	const char *wend = strstr(want, label) + upto_len;
	size_t n = (size_t)(wend - want);
	if (strncmp(got, want, n) != 0) {
		const char *ge = strchr(got, '\n');
		print_error("%s: line \"%.*s\", +RTS -s has \"%.*s\"\n", base,
			    (int)(ge ? ge - got : (long)strlen(got)), got, (int)n, want);
		fail();
	}
}

static double elapsed_in(const char *out, const char *label)
{
	const char *l = line_with(out, label);
	if (!l) {
		print_error("the report has no \"%s\" line\n", label);
		fail();
	}
	const char *p = strchr(l, '(');
	assert_non_null(p);
	double v;
	assert_int_equal(sscanf(p, "( %lfs elapsed)", &v), 1);
	return v;
}

static void check_print(const char *base)
{
	char path[256], spath[256];
	snprintf(path, sizeof path, "tests/fixtures/%s.eventlog", base);
	snprintf(spath, sizeof spath, "tests/fixtures/%s.rts-s.txt", base);
	char *rts = slurp(spath, NULL);
	assert_non_null(rts);
	struct lg l;
	lg_open_file(&l, path);
	struct summary sm;
	summary_compute(&l.tr, &l.s, 0, UINT64_MAX, &sm);
	size_t n;
	char *out = print_summary(&sm, &n);
	/* the counter lines, character for character up to the end of the label */
	expect_line_prefix(out, rts, " bytes allocated in the heap", 28, base);
	expect_line_prefix(out, rts, " bytes copied during GC", 23, base);
	expect_line_prefix(out, rts, " bytes maximum residency", 37, base); /* (N sample(s)) */
	expect_line_prefix(out, rts, " bytes maximum slop", 19, base);
	expect_line_prefix(out, rts, " MiB total memory in use", 24, base);
	expect_line_prefix(out, rts, "  Gen  0 ", 9, base);
	expect_line_prefix(out, rts, "  Gen  1 ", 9, base);
	/* "  Gen  0       113 colls,   112 par" */
	for (int g = 0; g < 2; g++) {
		char pat[32];
		snprintf(pat, sizeof pat, "  Gen  %d ", g);
		const char *a = line_with(out, pat), *b = line_with(rts, pat);
		const char *ea = strstr(a, " par"), *eb = strstr(b, " par");
		assert_non_null(ea);
		assert_non_null(eb);
		if (ea - a != eb - b || strncmp(a, b, (size_t)(ea - a)) != 0) {
			print_error("%s: \"%.*s\", +RTS -s has \"%.*s\"\n", base, (int)(ea - a), a,
				    (int)(eb - b), b);
			fail();
		}
	}
	if (strstr(rts, "  SPARKS: "))
		expect_line_prefix(out, rts, "  SPARKS: ", (size_t)(strchr(strstr(rts, "  SPARKS: "), '\n') -
								  strstr(rts, "  SPARKS: ")), base);
	if (strstr(rts, "Parallel GC work balance"))
		expect_line_prefix(out, rts, "  Parallel GC work balance: ",
				   (size_t)(strchr(strstr(rts, "  Parallel GC work balance: "), '\n') -
					    strstr(rts, "  Parallel GC work balance: ")),
				   base);
	/* times: the summary's own, as %.3f seconds */
	double mut = elapsed_in(out, "  MUT     time"), gct = elapsed_in(out, "  GC      time"),
	       tot = elapsed_in(out, "  Total   time");
	assert_true(mut > (double)sm.mut / 1e9 - 0.0006 && mut < (double)sm.mut / 1e9 + 0.0006);
	assert_true(gct > (double)sm.gc / 1e9 - 0.0006 && gct < (double)sm.gc / 1e9 + 0.0006);
	assert_true(tot > (double)sm.total / 1e9 - 0.0006 && tot < (double)sm.total / 1e9 + 0.0006);
	const char *pl = line_with(out, "Productivity");
	assert_non_null(pl);
	double prod;
	assert_int_equal(sscanf(strstr(pl, "Productivity"), "Productivity %lf%%", &prod), 1);
	double want = 100.0 * (double)sm.mut / (double)sm.total;
	assert_true(prod > want - 0.051 && prod < want + 0.051);
	free(out);
	free(rts);
	lg_close(&l);
}

static void test_print_fixtures(void **state)
{
	(void)state;
	static const char *const bases[] = { "threaded", "nonthreaded", "heap-hT", "prof",
					     "prof-hy", "nonmoving", "par-n4", "threads", "threads-lf",
					     "live-fifo", "live-stdin", "live-unix" };
	for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++)
		check_print(bases[i]);
}

/* Thousands separators, as +RTS -s prints them. */
/* A log of one capability holding an RTS identifier, a HEAP_INFO_GHC of
 * mblock bytes per mblock and block bytes per block (none when mblock is
 * 0), and HEAP_SIZE and BLOCKS_SIZE (none when nblocks is 0) samples. */
static void heap_log(struct evb *b, const char *ident, uint64_t mblock, uint64_t block,
		     const uint64_t *heap, const uint64_t *blocks, size_t n, size_t nblocks)
{
	evb_begin_header(b);
	evb_type(b, 18, 14, "Block marker");
	evb_type(b, 29, EVB_VAR, "RTS name and version");
	evb_type(b, 50, 12, "Current heap size");
	evb_type(b, 52, 38, "Heap static parameters");
	evb_type(b, 91, 12, "Report the size of the heap in blocks");
	evb_end_header(b);
	struct evb body = EVB_INIT;
	body.decl = b->decl;
	struct evb pl = EVB_INIT;
	evb_u32(&pl, 0);
	evb_bytes(&pl, ident, strlen(ident));
	evb_event_pl(&body, 29, 10, &pl);
	evb_free(&pl);
	if (mblock) {
		evb_pack(&pl, "whqqqq", (uint64_t[]){ 0, 2, 0, 1u << 20, mblock, block });
		evb_event_pl(&body, 52, 11, &pl);
		evb_free(&pl);
	}
	for (size_t i = 0; i < n; i++) {
		evb_pack(&pl, "wq", (uint64_t[]){ 0, heap[i] });
		evb_event_pl(&body, 50, 100 + 10 * i, &pl);
		evb_free(&pl);
		if (i < nblocks) {
			evb_pack(&pl, "wq", (uint64_t[]){ 0, blocks[i] });
			evb_event_pl(&body, 91, 100 + 10 * i, &pl);
			evb_free(&pl);
		}
	}
	evb_marker(b, 10, (uint32_t)(24 + body.n), 100 + 10 * n, 0);
	evb_bytes(b, body.p, body.n);
	free(body.p);
	evb_dataend(b);
}

/* The RTS identifier's version (tracks.rts_version) in GHC's spellings;
 * and the fragmentation figure, which +RTS -s takes from a high-water mark
 * of blocks the log does not hold (BLOCKS_SIZE is the count after each
 * collection: on GHC 9.6's heap-hT run the RTS says 0 MiB where the log's
 * peak would give 23), said to be absent rather than guessed. */
static void test_version_and_fragmentation(void **state)
{
	(void)state;
	static const struct {
		const char *ident;
		unsigned version;
	} ids[] = {
		{ "GHC-9.6.6 rts_thr", 90606 },   { "GHC-9.10.1 rts_thr_debug", 91001 },
		{ "GHC-9.0.2 rts_l", 90002 },     { "GHC-9.12 rts_thr", 91200 },
		{ "GHC-9.13.20250101 rts", 91300 }, { "GHC-x rts_thr", 0 },
		{ "ghc-9.6.6 rts_thr", 0 },
	};
	static const uint64_t MiB = 1u << 20;
	uint64_t heap[] = { 100 * MiB, 4600 * MiB, 4000 * MiB };
	uint64_t blocks[] = { 25000 * 4096ull, 1159000 * 4096ull, 1000000 * 4096ull };
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		struct evb b = EVB_INIT;
		heap_log(&b, ids[i].ident, MiB, 4096, heap, blocks, 3, 3);
		struct lg l;
		lg_open_mem(&l, &b, ids[i].ident);
		assert_int_equal(l.tr.rts_version, ids[i].version);
		struct summary sm;
		summary_compute(&l.tr, &l.s, 0, UINT64_MAX, &sm);
		assert_int_equal(sm.max_heap, 4600 * MiB);
		size_t n;
		char *out = print_summary(&sm, &n);
		assert_non_null(strstr(out, "4,600 MiB total memory in use (fragmentation: not in the log)"));
		assert_null(strstr(out, "lost due to fragmentation"));
		free(out);
		lg_close(&l);
		evb_free(&b);
	}
}

static void test_print_numbers(void **state)
{
	(void)state;
	struct summary sm;
	memset(&sm, 0, sizeof sm);
	sm.have_gc = sm.have_heap = sm.have_alloc = true;
	sm.allocated = 1234567890123ull;
	sm.copied = 1000;
	sm.max_live = 999;
	sm.live_samples = 3;
	sm.max_slop = 0;
	sm.max_heap = 5ull << 30;
	sm.ngens = 2;
	sm.gen[0].colls = 12345;
	sm.gen[0].par = 7;
	sm.total = 2000000000;
	sm.gc = 500000000;
	sm.mut = 1500000000;
	size_t n;
	char *out = print_summary(&sm, &n);
	assert_non_null(strstr(out, "1,234,567,890,123 bytes allocated in the heap\n"));
	assert_non_null(strstr(out, "\n           1,000 bytes copied during GC\n"));
	assert_non_null(strstr(out, "\n             999 bytes maximum residency (3 sample(s))\n"));
	assert_non_null(strstr(out, "\n               0 bytes maximum slop\n"));
	assert_non_null(strstr(out, "\n           5,120 MiB total memory in use"));
	assert_non_null(strstr(out, "  Gen  0     12345 colls,     7 par"));
	assert_non_null(strstr(out, "  Gen  1         0 colls,     0 par"));
	assert_non_null(strstr(out, "  MUT     time  (   1.500s elapsed)\n"));
	assert_non_null(strstr(out, "  GC      time  (   0.500s elapsed)\n"));
	assert_non_null(strstr(out, "  Total   time  (   2.000s elapsed)\n"));
	assert_non_null(strstr(out, "Productivity  75.0% of total elapsed"));
	assert_non_null(strstr(out, "  Alloc rate    823,045,260,082 bytes per elapsed MUT second\n"));
	free(out);
	/* a log without GC and heap events: said, and no figure of theirs */
	sm.have_gc = sm.have_heap = sm.have_alloc = false;
	out = print_summary(&sm, &n);
	assert_non_null(strstr(out, "  No GC or heap events in this log"));
	assert_null(strstr(out, "bytes allocated in the heap"));
	assert_null(strstr(out, "colls,"));
	assert_null(strstr(out, "MUT     time"));
	assert_null(strstr(out, "Alloc rate"));
	assert_null(strstr(out, "Productivity"));
	assert_non_null(strstr(out, "  Total   time  (   2.000s elapsed)\n"));
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rts_threaded),
		cmocka_unit_test(test_rts_nonthreaded),
		cmocka_unit_test(test_rts_heap_hT),
		cmocka_unit_test(test_rts_prof),
		cmocka_unit_test(test_rts_prof_hy),
		cmocka_unit_test(test_rts_nonmoving),
		cmocka_unit_test(test_rts_par_n4),
		cmocka_unit_test(test_rts_many_gcs),
		cmocka_unit_test(test_rts_live),
		cmocka_unit_test(test_rts_threads),
		cmocka_unit_test(test_windows_fixtures),
		cmocka_unit_test(test_windows_counters),
		cmocka_unit_test(test_window_before_log),
		cmocka_unit_test(test_print_fixtures),
		cmocka_unit_test(test_print_numbers),
		cmocka_unit_test(test_version_and_fragmentation),
		cmocka_unit_test(test_init_nonthreaded),
		cmocka_unit_test(test_exit_nonmoving),
		cmocka_unit_test(test_total_user_only),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
