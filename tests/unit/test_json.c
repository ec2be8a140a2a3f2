/* common/json: strings escaped as RFC 8259 wants them, whatever bytes the
 * log holds; numbers and times; write errors kept. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../common/json.h"

/* What the writer wrote for f(j), as a string. */
static char *written(void (*f)(struct json *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&buf, &n);
	assert_non_null(m);
	struct json *j = calloc(1, sizeof *j);
	assert_non_null(j);
	j->f = m;
	f(j, arg);
	assert_true(json_flush(j));
	free(j);
	fclose(m);
	return buf;
}

struct bytes {
	const char *p;
	size_t n;
};

static void put_str(struct json *j, const void *arg)
{
	const struct bytes *b = arg;
	json_str(j, (const uint8_t *)b->p, b->n);
}

static void expect_str(const char *in, size_t n, const char *want)
{
	struct bytes b = { in, n };
	char *got = written(put_str, &b);
	if (strcmp(got, want))
		fail_msg("json_str of %zu bytes: got %s, want %s", n, got, want);
	free(got);
}

#define STR(lit, want) expect_str(lit, sizeof(lit) - 1, want)

static void test_plain_and_escapes(void **state)
{
	(void)state;
	STR("", "\"\"");
	STR("thread 7", "\"thread 7\"");
	STR("a\"b\\c", "\"a\\\"b\\\\c\"");
	STR("a\nb\tc\rd", "\"a\\u000ab\\u0009c\\u000dd\"");
	STR("\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"");
	STR("nul\0inside", "\"nul\\u0000inside\"");
	STR("\x1b[31mred", "\"\\u001b[31mred\"");
}

/* Well-formed UTF-8 a terminal shows passes as it is; what it would not
 * show is escaped; each maximal subpart of an ill-formed sequence becomes
 * U+FFFD (so the file is UTF-8, as JSON must be, and safe to print). */
static void test_utf8(void **state)
{
	(void)state;
	STR("caf\xc3\xa9", "\"caf\xc3\xa9\"");
	STR("\xe2\x82\xac 5", "\"\xe2\x82\xac 5\"");
	STR("\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\"");
	STR("\xe2\x80\xae", "\"\\u202e\"");            /* bidi override */
	STR("\xc2\x9b", "\"\\u009b\"");                   /* C1 CSI */
	STR("\xe2\x80\xa8", "\"\\u2028\"");              /* line separator */
	STR("\xf3\xa0\x80\x81", "\"\\udb40\\udc01\""); /* U+E0001, a tag */
	STR("\xce\xbb", "\"\xce\xbb\"");                  /* lambda, shown */
	STR("\x80", "\"\\ufffd\"");
	STR("\xc0\x80", "\"\\ufffd\\ufffd\"");             /* overlong NUL */
	STR("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");   /* a surrogate */
	STR("\xf5\x80\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* past U+10FFFF */
	STR("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
	STR("ab\xe2\x82", "\"ab\\ufffd\"");                 /* cut short: one subpart */
	STR("\xe2\x82x", "\"\\ufffdx\"");
	STR("\xc3" "x", "\"\\ufffdx\"");
	STR("\xff\xfe", "\"\\ufffd\\ufffd\"");
}

/* A string longer than the buffer comes out whole. */
static void test_long(void **state)
{
	(void)state;
	size_t n = 200000;
	char *in = malloc(n), *want = malloc(n + 3);
	for (size_t i = 0; i < n; i++)
		in[i] = (char)('a' + i % 26);
	want[0] = '"';
	memcpy(want + 1, in, n);
	want[n + 1] = '"';
	want[n + 2] = 0;
	expect_str(in, n, want);
	free(in);
	free(want);
}

static void put_nums(struct json *j, const void *arg)
{
	(void)arg;
	json_u64(j, 0);
	json_raw(j, " ", 1);
	json_u64(j, UINT64_MAX);
	json_raw(j, " ", 1);
	json_i64(j, -1);
	json_raw(j, " ", 1);
	json_i64(j, INT64_MIN);
	json_raw(j, " ", 1);
	json_us(j, 0);
	json_raw(j, " ", 1);
	json_us(j, 7);
	json_raw(j, " ", 1);
	json_us(j, 1234567);
	json_raw(j, " ", 1);
	json_us(j, 1000);
	json_raw(j, " ", 1);
	json_us(j, UINT64_MAX);
}

static void test_numbers(void **state)
{
	(void)state;
	char *got = written(put_nums, NULL);
	assert_string_equal(got, "0 18446744073709551615 -1 -9223372036854775808 0.000 0.007 "
				 "1234.567 1.000 18446744073709551.615");
	free(got);
}

/* A full disk: the write fails, is kept, and what follows is dropped. */
static void test_write_error(void **state)
{
	(void)state;
	FILE *f = fopen("/dev/full", "w");
	assert_non_null(f);
	setvbuf(f, NULL, _IONBF, 0);
	struct json *j = calloc(1, sizeof *j);
	j->f = f;
	json_lit(j, "{\"a\":1}");
	assert_false(json_flush(j));
	assert_true(j->failed);
	assert_int_not_equal(j->err, 0);
	json_lit(j, "more");
	assert_false(json_flush(j));
	free(j);
	fclose(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_and_escapes),
		cmocka_unit_test(test_utf8),
		cmocka_unit_test(test_long),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_write_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
