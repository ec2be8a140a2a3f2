/* model/timefmt.c: parsing and formatting of nanosecond times. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/timefmt.h"

/* Mismatches are all reported, then the test fails at its end. */
static unsigned nbad;

static void check_parse(const char *s, bool ok, uint64_t want, int line)
{
	uint64_t ns = 0x5A5A5A5A5A5A5A5Aull;
	bool got = time_parse(s, &ns);
	if (got != ok || (ok && ns != want)) {
		print_error("line %d: time_parse(\"%s\"): got %s %llu, want %s %llu\n", line, s,
			    got ? "true" : "false", (unsigned long long)ns, ok ? "true" : "false",
			    (unsigned long long)want);
		nbad++;
	}
}

#define PARSE_OK(s, v) check_parse((s), true, (v), __LINE__)
#define PARSE_BAD(s) check_parse((s), false, 0, __LINE__)

static void test_parse_units(void **state)
{
	(void)state;
	nbad = 0;
	PARSE_OK("0", 0);
	PARSE_OK("123", 123);
	PARSE_OK("007", 7);
	PARSE_OK("1.5s", 1500000000);
	PARSE_OK("2s", 2000000000);
	PARSE_OK("200ms", 200000000);
	PARSE_OK("0.25ms", 250000);
	PARSE_OK("30us", 30000);
	PARSE_OK("30\xc2\xb5s", 30000); /* 30µs */
	PARSE_OK("1.5\xc2\xb5s", 1500);
	PARSE_OK("12ns", 12);
	PARSE_OK("0ns", 0);
	PARSE_OK("0s", 0);
	PARSE_OK("0.000s", 0);
	PARSE_OK("1.2345678912s", 1234567891);
	PARSE_OK("3.200ms", 3200000);
	PARSE_OK("12.35us", 12350);
	assert_int_equal(nbad, 0);
}

static void test_parse_rounding(void **state)
{
	(void)state;
	nbad = 0;
	/* fractions round to the nearest nanosecond */
	PARSE_OK("0.0000000015s", 2);
	PARSE_OK("0.0000000014s", 1);
	PARSE_OK("0.0000000005s", 1);
	PARSE_OK("0.0000000004999s", 0);
	PARSE_OK("1.2345678915s", 1234567892);
	PARSE_OK("0.0015us", 2);
	PARSE_OK("0.0004us", 0);
	PARSE_OK("1.5ns", 2);
	PARSE_OK("1.4ns", 1);
	/* many digits past the nanosecond */
	PARSE_OK("1.00000000000000000000000000001s", 1000000000);
	PARSE_OK("0.99999999999999999999999999999s", 1000000000);
	assert_int_equal(nbad, 0);
}

static void test_parse_limits(void **state)
{
	(void)state;
	nbad = 0;
	/* the largest value, in every unit that can write it exactly */
	PARSE_OK("18446744073709551615", UINT64_MAX);
	PARSE_OK("18446744073709551615ns", UINT64_MAX);
	PARSE_OK("18446744073709551.615us", UINT64_MAX);
	PARSE_OK("18446744073.709551615s", UINT64_MAX);
	PARSE_OK("18446744073709551610", UINT64_MAX - 5);
	PARSE_OK("18446744073709551609", UINT64_MAX - 6);
	PARSE_OK("1844674407370955161", 1844674407370955161ull);
	PARSE_OK("18446744073s", 18446744073000000000ull);
	/* no overflow */
	PARSE_BAD("18446744073709551616");
	PARSE_BAD("18446744073709551616ns");
	PARSE_BAD("99999999999999999999");
	PARSE_BAD("184467440737095516150");
	PARSE_BAD("18446744074s");
	PARSE_BAD("18446744073.709551616s");
	PARSE_BAD("18446744073.7095516155s"); /* rounds up past the maximum */
	PARSE_BAD("18446744073709552ms");
	PARSE_BAD("18446744073709552us");
	assert_int_equal(nbad, 0);
}

static void test_parse_rejects(void **state)
{
	(void)state;
	nbad = 0;
	PARSE_BAD("");
	PARSE_BAD("-1");
	PARSE_BAD("+1");
	PARSE_BAD("1.5"); /* a bare number is whole nanoseconds */
	PARSE_BAD("1.");
	PARSE_BAD("1.s");
	PARSE_BAD(".5s");
	PARSE_BAD("1 s");
	PARSE_BAD(" 1s");
	PARSE_BAD("1s ");
	PARSE_BAD("1sec");
	PARSE_BAD("1e3");
	PARSE_BAD("1ks");
	PARSE_BAD("1m");
	PARSE_BAD("1u");
	PARSE_BAD("1n");
	PARSE_BAD("1\xc2\xb5"); /* µ without s */
	PARSE_BAD("1\xb5s");     /* a lone Latin-1 micro sign */
	PARSE_BAD("s");
	PARSE_BAD("ms");
	PARSE_BAD("1,5s");
	PARSE_BAD("1.5.5s");
	PARSE_BAD("1..5s");
	PARSE_BAD("0x10");
	PARSE_BAD("1ss");
	PARSE_BAD("1sms");
	assert_int_equal(nbad, 0);
}

/* On failure the output is not required to be untouched, but success must
 * not depend on what it held before. */
static void test_parse_output(void **state)
{
	(void)state;
	uint64_t a = 0, b = UINT64_MAX;
	assert_true(time_parse("42us", &a));
	assert_true(time_parse("42us", &b));
	assert_int_equal(a, 42000);
	assert_int_equal(b, 42000);
}

static void check_format(uint64_t ns, const char *want, int line)
{
	char buf[64];
	memset(buf, 'X', sizeof buf);
	char *r = time_format(buf, sizeof buf, ns);
	if (r != buf || strcmp(buf, want) != 0) {
		print_error("line %d: time_format(%llu) = \"%s\", want \"%s\"\n", line,
			    (unsigned long long)ns, buf, want);
		fail();
	}
}

#define FMT(ns, s) check_format((ns), (s), __LINE__)

/* The rule (timefmt.c): below 1000 ns, the integer and "ns"; otherwise the
 * largest of s, ms, us that is <= ns, with 3, 2, 1 or 0 decimals for a
 * value below 10, 100, 1000 or above: four significant digits. */
static void test_format(void **state)
{
	(void)state;
	FMT(0, "0ns");
	FMT(1, "1ns");
	FMT(950, "950ns");
	FMT(999, "999ns");
	FMT(1000, "1.000us");
	FMT(1001, "1.001us");
	FMT(1234, "1.234us");
	FMT(9999, "9.999us");
	FMT(10000, "10.00us");
	FMT(12345, "12.35us");
	FMT(12355, "12.36us");
	FMT(99990, "99.99us");
	FMT(100000, "100.0us");
	FMT(123456, "123.5us");
	FMT(999500, "999.5us");
	FMT(1000000, "1.000ms");
	FMT(1234567, "1.235ms");
	FMT(3200000, "3.200ms");
	FMT(46000000, "46.00ms");
	FMT(999000000, "999.0ms");
	FMT(1000000000, "1.000s");
	FMT(1500000000, "1.500s");
	FMT(61000000000ull, "61.00s");
	FMT(999000000000ull, "999.0s");
	FMT(1000000000000ull, "1000s");
	FMT(3600000000000ull, "3600s");
}

/* Counts the significant digits of a formatted number ("12.35us" -> 4). */
static int sig_digits(const char *s)
{
	int n = 0;
	bool started = false;
	for (; *s; s++) {
		if (*s >= '1' && *s <= '9')
			started = true;
		if (*s >= '0' && *s <= '9' && started)
			n++;
		else if (*s != '.' && !(*s >= '0' && *s <= '9'))
			break;
	}
	return started ? n : 1;
}

/* "up to 4 significant digits", for every time a 4-digit number with one of
 * the units can show (below 10000 s). */
static void test_format_sig_digits(void **state)
{
	(void)state;
	char buf[64];
	unsigned bad = 0;
	uint64_t first_bad = 0;
	char first_text[64] = "";
	uint64_t seed = 88172645463325252ull;
	for (uint64_t i = 0; i < 3000000; i++) {
		uint64_t ns;
		if (i < 2000000) {
			ns = i; /* every value up to 2 ms */
		} else {
			seed ^= seed << 13;
			seed ^= seed >> 7;
			seed ^= seed << 17;
			ns = seed % 9999000000000ull;
		}
		time_format(buf, sizeof buf, ns);
		if (sig_digits(buf) > 4) {
			if (!bad++) {
				first_bad = ns;
				snprintf(first_text, sizeof first_text, "%s", buf);
			}
		}
	}
	/* and right below each unit's boundary */
	static const uint64_t edge[] = { 99996, 999960, 999999, 9999996, 99999960, 999999999,
					 999999999999ull };
	for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
		time_format(buf, sizeof buf, edge[i]);
		if (sig_digits(buf) > 4 && !bad++) {
			first_bad = edge[i];
			snprintf(first_text, sizeof first_text, "%s", buf);
		}
	}
	if (bad)
		print_error("%u times with more than 4 significant digits, first %llu -> \"%s\"\n",
			    bad, (unsigned long long)first_bad, first_text);
	assert_int_equal(bad, 0);
}

/* What is printed parses back to the same time, within the rounding of the
 * last digit shown. */
static void test_format_roundtrip(void **state)
{
	(void)state;
	char buf[64];
	uint64_t seed = 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < 200000; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		/* all magnitudes, up to ~10^18 ns (the text of times near
		 * UINT64_MAX rounds past it) */
		uint64_t ns = (seed >> 4) >> (seed % 60);
		time_format(buf, sizeof buf, ns);
		uint64_t back = 0;
		if (!time_parse(buf, &back)) {
			print_error("time_parse(\"%s\") failed (from %llu)\n", buf,
				    (unsigned long long)ns);
			fail();
		}
		double err = (double)back > (double)ns ? (double)back - (double)ns
						       : (double)ns - (double)back;
		/* half a unit of the 4th significant digit, plus slack for the
		 * double conversion */
		if (ns >= 1000 && err > (double)ns * 0.0005 * 1.0001 + 1) {
			print_error("%llu -> \"%s\" -> %llu\n", (unsigned long long)ns, buf,
				    (unsigned long long)back);
			fail();
		}
		if (ns < 1000)
			assert_int_equal(back, ns);
	}
}

static void test_format_small_buffer(void **state)
{
	(void)state;
	char buf[8];
	memset(buf, 'X', sizeof buf);
	assert_ptr_equal(time_format(buf, 4, 12345), buf);
	assert_int_equal(buf[3], '\0');
	assert_int_equal(strncmp(buf, "12.", 3), 0);
	assert_int_equal(buf[4], 'X'); /* nothing written past n */
	memset(buf, 'X', sizeof buf);
	assert_ptr_equal(time_format(buf, 3, 5), buf);
	assert_string_equal(buf, "5n");
	memset(buf, 'X', sizeof buf);
	assert_ptr_equal(time_format_secs(buf, 4, 46000000, 3), buf);
	assert_string_equal(buf, "0.0");
	assert_int_equal(buf[4], 'X');
}

static void check_secs(uint64_t ns, int dec, const char *want, int line)
{
	char buf[64];
	char *r = time_format_secs(buf, sizeof buf, ns, dec);
	if (r != buf || strcmp(buf, want) != 0) {
		print_error("line %d: time_format_secs(%llu, %d) = \"%s\", want \"%s\"\n", line,
			    (unsigned long long)ns, dec, buf, want);
		fail();
	}
}

#define SECS(ns, d, s) check_secs((ns), (d), (s), __LINE__)

static void test_format_secs(void **state)
{
	(void)state;
	SECS(0, 3, "0.000s");
	SECS(46000000, 3, "0.046s");
	SECS(45600000, 3, "0.046s");
	SECS(1000000, 3, "0.001s");
	SECS(400000, 3, "0.000s");
	SECS(1500000000, 3, "1.500s");
	SECS(61234000000ull, 3, "61.234s");
	SECS(1234567890, 0, "1s");
	SECS(1234567890, 1, "1.2s");
	SECS(1234567890, 6, "1.234568s");
	SECS(1234567890, 9, "1.234567890s");
	SECS(3600000000000ull, 3, "3600.000s");
}

/* ---- formats at a resolution, and exact offsets ---- */

static void check_unit(uint64_t ns, enum time_unit u, uint64_t res, const char *want, int line)
{
	char buf[64];
	char *r = time_format_unit(buf, sizeof buf, ns, u, res);
	if (r != buf || strcmp(buf, want) != 0) {
		print_error("line %d: time_format_unit(%llu, %d, %llu) = \"%s\", want \"%s\"\n", line,
			    (unsigned long long)ns, (int)u, (unsigned long long)res, buf, want);
		nbad++;
	}
}

#define UNIT(ns, u, res, s) check_unit((ns), (u), (res), (s), __LINE__)

static void check_res(uint64_t ns, uint64_t res, const char *want, int line)
{
	char buf[64];
	time_format_res(buf, sizeof buf, ns, res);
	if (strcmp(buf, want) != 0) {
		print_error("line %d: time_format_res(%llu, %llu) = \"%s\", want \"%s\"\n", line,
			    (unsigned long long)ns, (unsigned long long)res, buf, want);
		nbad++;
	}
}

#define RES(ns, res, s) check_res((ns), (res), (s), __LINE__)

static void check_exact(uint64_t ns, const char *want, int line)
{
	char buf[64];
	time_format_exact(buf, sizeof buf, ns);
	if (strcmp(buf, want) != 0) {
		print_error("line %d: time_format_exact(%llu) = \"%s\", want \"%s\"\n", line,
			    (unsigned long long)ns, buf, want);
		nbad++;
	}
}

#define EXACT(ns, s) check_exact((ns), (s), __LINE__)

static void test_format_unit(void **state)
{
	(void)state;
	nbad = 0;
	assert_int_equal(time_pow10_floor(0), 1);
	assert_int_equal(time_pow10_floor(1), 1);
	assert_int_equal(time_pow10_floor(9), 1);
	assert_int_equal(time_pow10_floor(10), 10);
	assert_int_equal(time_pow10_floor(7589), 1000);
	assert_int_equal(time_pow10_floor(UINT64_MAX), 10000000000000000000ull);
	assert_int_equal(time_unit_of(0), TIME_NS);
	assert_int_equal(time_unit_of(999), TIME_NS);
	assert_int_equal(time_unit_of(1000), TIME_US);
	assert_int_equal(time_unit_of(999999999), TIME_MS);
	assert_int_equal(time_unit_of(1000000000), TIME_S);
	/* the examples of the header */
	UNIT(1815123456, TIME_S, 100000, "1.8151s");
	UNIT(37290123456ull, TIME_S, 1, "37.290123456s");
	UNIT(451600, TIME_S, 100000000, "0.0s");
	UNIT(451600, TIME_US, 1000000, "452us");
	/* the resolution's power of ten, not the resolution: 7589 ns -> 1 us */
	UNIT(37290123456ull, TIME_S, 7589, "37.290123s");
	UNIT(37290123456ull, TIME_S, 999, "37.2901235s");
	UNIT(37290123456ull, TIME_MS, 1000, "37290.123ms");
	/* half up, carrying into the units */
	UNIT(1999999999, TIME_S, 1000, "2.000000s");
	UNIT(1999499999, TIME_S, 1000000, "1.999s");
	UNIT(1999500000, TIME_S, 1000000, "2.000s");
	UNIT(500, TIME_US, 1000, "1us");
	UNIT(499, TIME_US, 1000, "0us");
	UNIT(0, TIME_S, 1, "0.000000000s");
	UNIT(0, TIME_NS, 0, "0ns");
	UNIT(123, TIME_NS, 100, "123ns"); /* never coarser than the unit */
	/* the largest times */
	UNIT(UINT64_MAX, TIME_S, 1, "18446744073.709551615s");
	UNIT(UINT64_MAX, TIME_S, 1000000000, "18446744074s");
	UNIT(UINT64_MAX, TIME_NS, UINT64_MAX, "18446744073709551615ns");
	RES(1815123456, 100000, "1.8151s");
	RES(6840000, 1000, "6.840ms");
	RES(451123, 1000, "451us");
	RES(999, 1000, "999ns");
	RES(50970816, 1, "50.970816ms");
	EXACT(0, "0ns");
	EXACT(37, "37ns");
	EXACT(250000, "250us");
	EXACT(1500000, "1.5ms");
	EXACT(2000000000, "2s");
	EXACT(1000001000, "1.000001s");
	EXACT(1250, "1.25us");
	EXACT(UINT64_MAX, "18446744073.709551615s");
	assert_int_equal(nbad, 0);
}

/* Times that differ by the resolution or more never read the same, and
 * what is printed parses back to within half the resolution. */
static void test_format_unit_distinct(void **state)
{
	(void)state;
	char a[64], b[64];
	uint64_t seed = 0x2545F4914F6CDD1Dull;
	unsigned bad = 0;
	for (int i = 0; i < 200000 && bad < 10; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		uint64_t t = (seed >> 8) >> (seed % 40);
		uint64_t res = 1 + (seed >> 3) % 1000000 * (1 + seed % 1000);
		enum time_unit u = (enum time_unit)(seed >> 61 & 3);
		uint64_t d = res + (seed >> 20) % 3;
		time_format_unit(a, sizeof a, t, u, res);
		time_format_unit(b, sizeof b, t + d, u, res);
		if (!strcmp(a, b)) {
			print_error("%llu and %llu at %llu: both \"%s\"\n", (unsigned long long)t,
				    (unsigned long long)(t + d), (unsigned long long)res, a);
			bad++;
		}
		uint64_t back;
		if (!time_parse(a, &back)) {
			print_error("\"%s\" does not parse\n", a);
			bad++;
			continue;
		}
		uint64_t p = time_pow10_floor(res);
		uint64_t err = back > t ? back - t : t - back;
		if (err > p / 2) {
			print_error("%llu at %llu -> \"%s\" -> %llu\n", (unsigned long long)t,
				    (unsigned long long)res, a, (unsigned long long)back);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

/* The status line of a 37 s log zoomed in: start, end and the cursor a
 * column on read apart at every zoom down to 1 ns per column. */
static void test_status_times_distinct(void **state)
{
	(void)state;
	const int cols = 112;
	char a[64], b[64];
	for (uint64_t w = 112; w < 40000000000ull; w = w * 3 / 2 + 7) {
		uint64_t t0 = 37290123456ull - w / 3;
		uint64_t col = w / cols;
		enum time_unit u = time_unit_of(t0 + w);
		time_format_unit(a, sizeof a, t0, u, col);
		time_format_unit(b, sizeof b, t0 + w, u, col);
		assert_string_not_equal(a, b);
		time_format_unit(b, sizeof b, t0 + col, u, col);
		assert_string_not_equal(a, b);
	}
}

/* Byte sizes: three digits at most once rounded, the unit that leaves them. */
static void test_bytes(void **state)
{
	(void)state;
	char b[32];
	assert_string_equal(bytes_format(b, sizeof b, 0), "0B");
	assert_string_equal(bytes_format(b, sizeof b, 999), "999B");
	assert_string_equal(bytes_format(b, sizeof b, 1000), "1.00kB");
	assert_string_equal(bytes_format(b, sizeof b, 9994), "9.99kB");
	assert_string_equal(bytes_format(b, sizeof b, 9996), "10.0kB");
	assert_string_equal(bytes_format(b, sizeof b, 99949), "99.9kB");
	assert_string_equal(bytes_format(b, sizeof b, 99950), "100kB");
	assert_string_equal(bytes_format(b, sizeof b, 999499), "999kB");
	assert_string_equal(bytes_format(b, sizeof b, 999500), "1.00MB"); /* not 1000kB */
	assert_string_equal(bytes_format(b, sizeof b, 6869784), "6.87MB");
	assert_string_equal(bytes_format(b, sizeof b, 12345678901ull), "12.3GB");
	assert_string_equal(bytes_format(b, sizeof b, UINT64_MAX), "18.4EB");
}

/* time_step_125: 1, 2, 5 a decade, and UINT64_MAX past the largest that
 * fits (2e19 does not). */
static void test_step_125(void **state)
{
	(void)state;
	static const uint64_t want[] = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000 };
	for (int k = 0; k < 10; k++)
		assert_true(time_step_125(k) == want[k]);
	assert_true(time_step_125(27) == 1000000000ull);
	assert_true(time_step_125(56) == 5000000000000000000ull);
	assert_true(time_step_125(57) == 10000000000000000000ull);
	assert_true(time_step_125(58) == UINT64_MAX);
	assert_true(time_step_125(1000) == UINT64_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_units),
		cmocka_unit_test(test_parse_rounding),
		cmocka_unit_test(test_parse_limits),
		cmocka_unit_test(test_parse_rejects),
		cmocka_unit_test(test_parse_output),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_format_sig_digits),
		cmocka_unit_test(test_format_roundtrip),
		cmocka_unit_test(test_format_small_buffer),
		cmocka_unit_test(test_format_secs),
		cmocka_unit_test(test_format_unit),
		cmocka_unit_test(test_format_unit_distinct),
		cmocka_unit_test(test_status_times_distinct),
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_step_125),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
