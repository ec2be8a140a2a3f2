/* viewer/core_runs.c (and the two-run parts of core.c): the other run
 * exchanged in and back (the two pointers), the one time axis between the two clocks,
 * the union of the runs as the window's range, the alignment on a marker,
 * the other-run action, and the runs' short names. Real logs from GHC
 * 9.6.6 (tests/fixtures/diff): the same program at -A1m and -A16m. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>

#include "viewtest.h"

#define LOG_A "tests/fixtures/diff/ghc96-alloc-A1m.eventlog"
#define LOG_B "tests/fixtures/diff/ghc96-alloc-A16m.eventlog"

static struct viewer_run *B;

static int setup_two(void **state)
{
	(void)state;
	setup_at("default", LOG_A);
	B = &U.runs[1];
	viewer_run_init(&U, B, LOG_B);
	loader_run(B);
	assert_int_equal(B->loaded, 1);
	U.other = B;
	core_after_load(&U);
	return 0;
}

static int teardown_two(void **state)
{
	if (U.swapped)
		core_other_run(&U);
	U.other = NULL;
	viewer_run_free(B);
	return teardown(state);
}

/* The window's range is both runs' on A's clock: from the earlier first
 * event to just past the later last one. */
static void test_union(void **state)
{
	(void)state;
	uint64_t lo = U.r->run.s.tmin < B->run.s.tmin ? U.r->run.s.tmin : B->run.s.tmin;
	uint64_t hi = U.r->run.s.tmax > B->run.s.tmax ? U.r->run.s.tmax : B->run.s.tmax;
	assert_int_equal(U.other_shift, 0);
	assert_int_equal(core_run_start(&U), lo);
	assert_int_equal(core_run_end(&U), hi + 1);
	assert_int_equal(U.t0, lo);
	assert_int_equal(U.t1, hi + 1);
	assert_true(core_two(&U));
	assert_string_equal(core_run_letter(&U), "A");
}

/* Swapped in: the other run's store and tracks, the times on its clock;
 * swapped back: everything as it was, to the nanosecond, even where the
 * other clock clamped at 0. */
static void test_exchange(void **state)
{
	(void)state;
	uint64_t a_tmax = U.r->run.s.tmax, b_tmax = B->run.s.tmax;
	size_t a_caps = U.r->run.tr.ncaps, b_caps = B->run.tr.ncaps;
	U.other_shift = 5000000; /* B's times + 5 ms are A's */
	U.t0 = 3000000;          /* before B's clock's 0 on the axis */
	U.t1 = 40000000;
	U.cursor = 20000000;
	U.mark_a = 1000;
	U.mark_b = 30000000;
	core_runs_exchange(&U);
	assert_true(U.in_other);
	assert_string_equal(core_run_letter(&U), "B");
	assert_int_equal(U.r->run.s.tmax, b_tmax);
	assert_int_equal(U.r->run.tr.ncaps, b_caps);
	/* the two pointers exchanged, each run as it was */
	assert_ptr_equal(U.r, B);
	assert_ptr_equal(U.other, &U.runs[0]);
	assert_int_equal(U.other->run.s.tmax, a_tmax);
	assert_int_equal(U.cursor, 15000000);
	assert_int_equal(U.mark_b, 25000000);
	assert_int_equal(U.mark_a, 0); /* clamped */
	assert_int_equal(U.t0, 0);     /* clamped, the width kept */
	assert_int_equal(U.t1, 37000000);
	assert_int_equal(U.other_shift, -5000000);
	/* the other way: core_to_other maps B's clock to A's now */
	assert_int_equal(core_to_other(&U, 15000000), 20000000);
	core_runs_exchange(&U);
	assert_false(U.in_other);
	assert_ptr_equal(U.r, &U.runs[0]);
	assert_ptr_equal(U.other, B);
	assert_int_equal(U.r->run.s.tmax, a_tmax);
	assert_int_equal(U.r->run.tr.ncaps, a_caps);
	assert_int_equal(U.t0, 3000000);
	assert_int_equal(U.t1, 40000000);
	assert_int_equal(U.cursor, 20000000);
	assert_int_equal(U.mark_a, 1000);
	assert_int_equal(U.mark_b, 30000000);
	assert_int_equal(U.other_shift, 5000000);
	assert_int_equal(core_to_other(&U, 20000000), 15000000);
	assert_int_equal(core_from_other(&U, 15000000), 20000000);
	assert_int_equal(core_to_other(&U, 1000), 0);
	U.other_shift = 0;
	core_after_load(&U);
}

/* The window on the clock of the run of letter index side is [t0, t1). */
static void window_is(int side, uint64_t t0, uint64_t t1)
{
	uint64_t a, b;
	core_run_window(&U, side, &a, &b);
	assert_int_equal(a, t0);
	assert_int_equal(b, t1);
}

/* The runs by letter index (0 A, 1 B): each its own run, whichever is
 * drawn (u->r), and the window on each one's clock, the shown run's its
 * own; with the other run drawn (exchanged) and after the other-run
 * action alike. */
static void test_sides(void **state)
{
	(void)state;
	U.other_shift = 5000000; /* B's times + 5 ms are A's */
	core_set_window(&U, 10000000, 40000000); /* [10 ms, 50 ms) */
	assert_int_equal(core_run_side(&U), 0);
	assert_ptr_equal(core_run_at(&U, 0), U.r);
	assert_ptr_equal(core_run_at(&U, 1), B);
	window_is(0, 10000000, 50000000);
	window_is(1, 5000000, 45000000);
	core_runs_exchange(&U); /* B drawn with A's code: u->r is B */
	assert_int_equal(core_run_side(&U), 1);
	assert_ptr_equal(core_run_at(&U, 1), U.r);
	assert_ptr_equal(core_run_at(&U, 1), B);
	assert_ptr_equal(core_run_at(&U, 0), &U.runs[0]);
	window_is(1, 5000000, 45000000);
	window_is(0, 10000000, 50000000);
	core_runs_exchange(&U);
	core_act(&U, ACT_OTHER_RUN); /* the event list's run is B */
	assert_int_equal(core_run_side(&U), 1);
	assert_ptr_equal(core_run_at(&U, 1), U.r);
	assert_ptr_equal(core_run_at(&U, 0), U.other);
	window_is(1, U.t0, U.t1);
	window_is(0, U.t0 + 5000000, U.t1 + 5000000); /* A's clock: B's + 5 ms */
	core_act(&U, ACT_OTHER_RUN);
	assert_int_equal(core_run_side(&U), 0);
	U.other_shift = 0;
	core_after_load(&U);
}

/* The first marker or message whose text holds word, by a plain scan. */
static uint64_t first_with(const struct viewer_run *v, const char *word)
{
	for (size_t i = 0; i < v->run.tr.nmarks; i++) {
		size_t n;
		const uint8_t *t = tracks_mark_text(&v->run.s, &v->run.tr.marks[i], &n);
		char buf[256];
		snprintf(buf, sizeof buf, "%.*s", (int)(n < 255 ? n : 255), t ? (const char *)t : "");
		if (strstr(buf, word))
			return v->run.tr.marks[i].time;
	}
	fail_msg("no marker with %s", word);
	return 0;
}

/* --align: B's first matching marker is drawn at A's; no match in a run
 * names its file. */
static void test_align(void **state)
{
	(void)state;
	regex_t re;
	assert_int_equal(regcomp(&re, "^START reduce", REG_EXTENDED | REG_NOSUB), 0);
	char err[300] = "";
	assert_true(core_runs_align(&U, &re, "^START reduce", err, sizeof err));
	regfree(&re);
	uint64_t ta = first_with(U.r, "START reduce"), tb = first_with(B, "START reduce");
	assert_true(ta != tb);
	assert_int_equal(U.other_shift, (int64_t)ta - (int64_t)tb);
	assert_int_equal(core_from_other(&U, tb), ta);
	assert_int_equal(core_to_other(&U, ta), tb);
	assert_int_equal(regcomp(&re, "no such marker", REG_EXTENDED | REG_NOSUB), 0);
	assert_false(core_runs_align(&U, &re, "no such marker", err, sizeof err));
	regfree(&re);
	assert_non_null(strstr(err, LOG_A));
	assert_non_null(strstr(err, "no such marker"));
	assert_int_equal(U.other_shift, 0);
}

/* The other-run action: the event list's run is B, the window on B's
 * clock; again: A, the window as it was. */
static void test_other_run(void **state)
{
	(void)state;
	uint64_t a_tmax = U.r->run.s.tmax, b_tmax = B->run.s.tmax;
	U.other_shift = -2000000; /* B's times are A's + 2 ms */
	core_set_window(&U, 10000000, 50000000);
	U.cursor = 30000000;
	core_act(&U, ACT_OTHER_RUN);
	assert_true(U.swapped);
	assert_false(U.in_other);
	assert_string_equal(core_run_letter(&U), "B");
	assert_int_equal(U.r->run.s.tmax, b_tmax);
	assert_int_equal(U.other->run.s.tmax, a_tmax);
	assert_int_equal(U.t0, 12000000);
	assert_int_equal(U.t1, 62000000);
	assert_int_equal(U.cursor, 32000000);
	assert_non_null(strstr(U.msg, "run B"));
	core_act(&U, ACT_OTHER_RUN);
	assert_false(U.swapped);
	assert_string_equal(core_run_letter(&U), "A");
	assert_int_equal(U.r->run.s.tmax, a_tmax);
	assert_int_equal(U.t0, 10000000);
	assert_int_equal(U.cursor, 30000000);
	U.other_shift = 0;
}

/* What tells the runs' files apart. */
static void test_short_names(void **state)
{
	(void)state;
	char buf[64];
	assert_string_equal(core_run_short(&U, buf, sizeof buf), "A1m");
	/* B's, exchanged in; and a log alone: its whole name */
	core_runs_exchange(&U);
	assert_string_equal(core_run_short(&U, buf, sizeof buf), "A16m");
	core_runs_exchange(&U);
	U.other = NULL;
	assert_string_equal(core_run_short(&U, buf, sizeof buf), "ghc96-alloc-A1m.eventlog");
	U.other = B;
	const char *keep = B->run.path;
	B->run.path = "/tmp/ghc96-alloc-A1m.eventlog";
	assert_string_equal(core_run_short(&U, buf, sizeof buf), "ghc96-alloc-A1m");
	B->run.path = keep;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_union),
		cmocka_unit_test(test_exchange),
		cmocka_unit_test(test_sides),
		cmocka_unit_test(test_align),
		cmocka_unit_test(test_other_run),
		cmocka_unit_test(test_short_names),
	};
	return cmocka_run_group_tests(tests, setup_two, teardown_two);
}
