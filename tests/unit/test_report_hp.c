/* cli/report_hp.c: heap --hp on crafted logs, the whole file compared:
 * the JOB line from the command line as the RTS splits it (GHCRTS, +RTS,
 * -RTS, --RTS, --, a profiled RTS or not), -L and a stack's cut at its
 * bounds, DATE from the wall clock in the local time zone, the sample
 * times, names with controls (raw and for a terminal), the window, and
 * the logs it refuses. What GHC's real files say is tests/hp.sh's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../cli/cli.h"
#include "../../cli/report.h"
#include "heaplog.h"


static char *run(const struct evb *b, uint64_t from, uint64_t to, bool escape, int *rc)
{
	return heaplog_report(b, report_hp, from, to, escape, rc);
}

static void expect(const struct evb *b, uint64_t from, uint64_t to, bool escape, const char *want)
{
	int rc;
	char *got = run(b, from, to, escape, &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(got, want);
	free(got);
}

static void set_tz(const char *tz)
{
	setenv("TZ", tz, 1);
	tzset();
}

#define HEAD_UNITS "SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n"
#define EMPTY(t) "BEGIN_SAMPLE " t "\nEND_SAMPLE " t "\n"

/* A profiled run's command line split as the RTS splits it: GHCRTS's
 * options (the first GHCRTS) before the command line's, --RTS ending the
 * split (the rest the program's), a quote doubled, argv[0] without its
 * directory; the last -L (10) cuts the stacks: a name of 10 bytes is
 * kept, one of 11 cut to its first 6 and "...", MAIN never; a CAF as
 * MODULE.CAF; the times to the microsecond, rounded; the last sample at
 * the log's last event. */
static void test_profiled(void **state)
{
	(void)state;
	set_tz("UTC");
	struct evb b = EVB_INIT;
	log_begin(&b);
	strings(&b, 29, 1, (const char *[]){ "GHC-9.6.6 rts_p" }, 1);
	const char *args[] = { "/usr/bin/pr\"og", "a\"b", "+RTS", "-hc", "-L10", "-RTS",
			       "x",		  "--RTS", "+RTS", "y" };
	strings(&b, 30, 1, args, 10);
	const char *env[] = { "HOME=/root", "GHCRTS= -p\t -L30 ", "GHCRTS=-L5" };
	strings(&b, 31, 1, env, 3);
	clock_at(&b, NOV23);
	prof_begin(&b, 1);
	cc(&b, 1, "abcdefghij", "M");
	cc(&b, 2, "abcdefghijk", "M");
	cc(&b, 3, "CAF", "M");
	census(&b, 162, 1234567890);
	stack(&b, 1234567891, 8, (const uint32_t[]){ 1 }, 1);       /* band 0 */
	stack(&b, 1234567892, 16, (const uint32_t[]){ 1, 3 }, 2);   /* band 1 */
	stack(&b, 1234567893, 24, NULL, 0);                         /* band 2 */
	stack(&b, 1234567894, 32, (const uint32_t[]){ 3 }, 1);      /* band 3 */
	census(&b, 165, 1234567895);
	census(&b, 162, 2000000000);
	stack(&b, 2000000001, 40, (const uint32_t[]){ 1, 3 }, 2);
	stack(&b, 2000000002, 48, (const uint32_t[]){ 2 }, 1);      /* band 4 */
	census(&b, 165, 2000000003);
	cc(&b, 9, "late", "M");
	/* the log's last event */
	struct evb pl = EVB_INIT;
	evb_u64(&pl, 0);
	evb_event_pl(&b, 165, 3000000500, &pl);
	evb_free(&pl);
	evb_dataend(&b);
	expect(&b, 0, UINT64_MAX, false,
	       "JOB \"pr\"\"og a\"\"b x +RTS y +RTS -p -L30 -hc -L10\"\n"
	       "DATE \"Mon Nov 23 09:25 2026\"\n" HEAD_UNITS EMPTY("0.000000")
	       "BEGIN_SAMPLE 1.234568\n"
	       "(1)abcdefghij\t8\n"
	       "(2)abcdef...\t16\n"
	       "MAIN\t24\n"
	       "(4)M.CAF\t32\n"
	       "END_SAMPLE 1.234568\n"
	       "BEGIN_SAMPLE 2.000000\n"
	       "(2)abcdef...\t40\n"
	       "(5)abcdef...\t48\n"
	       "END_SAMPLE 2.000000\n" EMPTY("3.000001"));
	/* the window: the censuses in it, the empty samples at its ends */
	expect(&b, 1500000000, 2500000000, false,
	       "JOB \"pr\"\"og a\"\"b x +RTS y +RTS -p -L30 -hc -L10\"\n"
	       "DATE \"Mon Nov 23 09:25 2026\"\n" HEAD_UNITS EMPTY("1.500000")
	       "BEGIN_SAMPLE 2.000000\n"
	       "(2)abcdef...\t40\n"
	       "(5)abcdef...\t48\n"
	       "END_SAMPLE 2.000000\n" EMPTY("2.500000"));
	/* a window after the log: no census, its end no earlier than its start */
	expect(&b, 5000000000, UINT64_MAX, false,
	       "JOB \"pr\"\"og a\"\"b x +RTS y +RTS -p -L30 -hc -L10\"\n"
	       "DATE \"Mon Nov 23 09:25 2026\"\n" HEAD_UNITS EMPTY("5.000000") EMPTY("5.000000"));
	evb_free(&b);
}

/* A -hc log whose RTS options are opts (after "+RTS"), with one stack of
 * a 30-byte label: its band line. */
static char *cut_with(const char *const *opts, size_t n)
{
	struct evb b = EVB_INIT;
	log_begin(&b);
	strings(&b, 29, 1, (const char *[]){ "GHC-9.0.2 rts_thr_p" }, 1);
	const char *args[8] = { "p", "+RTS" };
	for (size_t i = 0; i < n; i++)
		args[2 + i] = opts[i];
	strings(&b, 30, 1, args, 2 + n);
	prof_begin(&b, 1);
	cc(&b, 1, "abcdefghijklmnopqrstuvwxyz0123", "M");
	census(&b, 162, 10);
	stack(&b, 11, 8, (const uint32_t[]){ 1 }, 1);
	census(&b, 165, 12);
	evb_dataend(&b);
	int rc;
	char *out = run(&b, 0, UINT64_MAX, false, &rc);
	assert_int_equal(rc, 0);
	evb_free(&b);
	char *line = strstr(out, "(1)");
	assert_non_null(line);
	char *end = strchr(line, '\t');
	assert_non_null(end);
	*end = 0;
	char *r = strdup(line);
	free(out);
	return r;
}

/* -L as the RTS reads it (atof, its integer part; not above 0 refused, so
 * the default stays), and the cut below 4, where GHC's own would write
 * before its buffer: "..." alone. */
static void test_ccs_length(void **state)
{
	(void)state;
	static const struct {
		const char *opt;
		const char *want;
	} cases[] = {
		{ "-hc", "(1)abcdefghijklmnopqrstu..." }, /* 25: 21 and "..." */
		{ "-L30", "(1)abcdefghijklmnopqrstuvwxyz0123" },
		{ "-L29", "(1)abcdefghijklmnopqrstuvwxy..." },
		{ "-L12.9", "(1)abcdefgh..." },
		{ "-L1e1", "(1)abcdef..." },
		{ "-L0", "(1)abcdefghijklmnopqrstu..." },
		{ "-L-3", "(1)abcdefghijklmnopqrstu..." },
		{ "-Lx", "(1)abcdefghijklmnopqrstu..." },
		{ "-L4", "(1)..." },
		{ "-L2", "(1)..." },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *got = cut_with(&cases[i].opt, 1);
		if (strcmp(got, cases[i].want))
			fail_msg("%s: got '%s', want '%s'", cases[i].opt, got, cases[i].want);
		free(got);
	}
	/* the last -L wins */
	char *got = cut_with((const char *[]){ "-L12", "-hc", "-L8" }, 3);
	assert_string_equal(got, "(1)abcd...");
	free(got);
}

/* A non-profiled RTS: JOB is the program's name alone; strings are not cut;
 * ASCII controls and spaces as \xNN, the rest raw; for a terminal, escaped
 * as every report escapes (a bidi override too). DATE in the local time zone, the
 * day padded as ctime pads it. */
static void test_plain(void **state)
{
	(void)state;
	set_tz("XXX-5:30");
	struct evb b = EVB_INIT;
	log_begin(&b);
	strings(&b, 29, 1, (const char *[]){ "GHC-9.6.6 rts_thr" }, 1);
	strings(&b, 30, 1, (const char *[]){ "./prog", "+RTS", "-hT", "-RTS", "--", "+RTS", "-x" },
		7);
	clock_at(&b, NOV23 - 20 * 86400);
	prof_begin(&b, 7);
	census(&b, 162, 1000);
	string(&b, 1001, 8, "a\tb\nc\x1b[31mz");
	string(&b, 1002, 16, "q\"uote caf\xc3\xa9 \xe2\x80\xae!");
	string(&b, 1003, 24, "a_very_long_closure_type_name_indeed");
	census(&b, 165, 1004);
	evb_dataend(&b);
	const char *body = EMPTY("0.000000") "BEGIN_SAMPLE 0.000001\n";
	char want[1024];
	snprintf(want, sizeof want,
		 "JOB \"prog\"\nDATE \"Tue Nov  3 14:55 2026\"\n" HEAD_UNITS "%s"
		 "a\\x09b\\x0ac\\x1b[31mz\t8\n"
		 "q\"uote\\x20caf\xc3\xa9\\x20\xe2\x80\xae!\t16\n"
		 "a_very_long_closure_type_name_indeed\t24\n"
		 "END_SAMPLE 0.000001\n" EMPTY("0.000001"),
		 body);
	expect(&b, 0, UINT64_MAX, false, want);
	snprintf(want, sizeof want,
		 "JOB \"prog\"\nDATE \"Tue Nov  3 14:55 2026\"\n" HEAD_UNITS "%s"
		 "a\\x09b\\x0ac\\x1b[31mz\t8\n"
		 "q\"uote\\x20caf\xc3\xa9\\x20\\u202e!\t16\n"
		 "a_very_long_closure_type_name_indeed\t24\n"
		 "END_SAMPLE 0.000001\n" EMPTY("0.000001"),
		 body);
	expect(&b, 0, UINT64_MAX, true, want);
	evb_free(&b);
	set_tz("UTC");
}

/* "--": the split ends there, "--" and what follows are the program's;
 * no wall-clock event: DATE empty. */
static void test_dashdash(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	log_begin(&b);
	strings(&b, 29, 1, (const char *[]){ "GHC-9.0.2 rts_thr_debug_p" }, 1);
	strings(&b, 30, 1,
		(const char *[]){ "p", "+RTS", "-hd", "-RTS", "--", "+RTS", "-x", "", "-RTS" }, 9);
	prof_begin(&b, 3);
	census(&b, 162, 10);
	string(&b, 11, 8, "<M.sat_s1>");
	census(&b, 165, 12);
	evb_dataend(&b);
	expect(&b, 0, UINT64_MAX, false,
	       "JOB \"p -- +RTS -x  -RTS +RTS -hd\"\nDATE \"\"\n" HEAD_UNITS EMPTY("0.000000")
	       "BEGIN_SAMPLE 0.000000\n<M.sat_s1>\t8\nEND_SAMPLE 0.000000\n" EMPTY("0.000000"));
	evb_free(&b);
}

/* Neither the identifier nor the arguments: JOB empty; cost centres say
 * the RTS was profiled (" +RTS" written). */
static void test_no_run_events(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	log_begin(&b);
	prof_begin(&b, 1);
	cc(&b, 1, "f", "M");
	census(&b, 162, 10);
	stack(&b, 11, 8, (const uint32_t[]){ 1 }, 1);
	census(&b, 165, 12);
	evb_dataend(&b);
	expect(&b, 0, UINT64_MAX, false,
	       "JOB \" +RTS\"\nDATE \"\"\n" HEAD_UNITS EMPTY("0.000000")
	       "BEGIN_SAMPLE 0.000000\n(1)f\t8\nEND_SAMPLE 0.000000\n" EMPTY("0.000000"));
	evb_free(&b);
}

/* What it refuses, writing nothing: no heap profile; a retainer profile
 * (its sets are not in the log); a biographical one (not read). */
static void test_refused(void **state)
{
	(void)state;
	static const uint32_t breakdowns[] = { 0, 5, 6 };
	for (size_t i = 0; i < 3; i++) {
		uint32_t breakdown = breakdowns[i];
		struct evb b = EVB_INIT;
		log_begin(&b);
		strings(&b, 30, 1, (const char *[]){ "p" }, 1);
		if (breakdown)
			prof_begin(&b, breakdown);
		evb_dataend(&b);
		int rc;
		char *out = run(&b, 0, UINT64_MAX, false, &rc);
		assert_int_equal(rc, EXIT_BADINPUT);
		assert_string_equal(out, "");
		free(out);
		evb_free(&b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_profiled),      cmocka_unit_test(test_ccs_length),
		cmocka_unit_test(test_plain),         cmocka_unit_test(test_dashdash),
		cmocka_unit_test(test_no_run_events), cmocka_unit_test(test_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
