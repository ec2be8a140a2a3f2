/* model/pushdown: the integers an INTEGER column's comparison keeps, and
 * the class a text names, as SQLite compares (issue 43, item 4). The
 * ranges are checked against a comparison of their own (an integer and a
 * double compared in long double, exact for both on this machine's
 * 64-bit significand, or by their sign and size past it) at every integer
 * near each value, and at the ends of int64; the issue's cases by name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "../../model/pushdown.h"

static const enum pd_op ops[] = { PD_EQ, PD_GT, PD_GE, PD_LT, PD_LE };

/* -1, 0 or 1 as x is below, equal to or above r, exactly */
static int cmp_real(int64_t x, double r)
{
	if (isnan(r))
		return 1; /* SQLite: a NaN is a NULL, below every integer */
	long double a = (long double)x, b = (long double)r;
	return a < b ? -1 : a > b;
}

static int cmp_int(int64_t x, int64_t i)
{
	return x < i ? -1 : x > i;
}

static bool holds(enum pd_op op, int c)
{
	switch (op) {
	case PD_EQ: return c == 0;
	case PD_GT: return c > 0;
	case PD_GE: return c >= 0;
	case PD_LT: return c < 0;
	default: return c <= 0;
	}
}

/* Does x op v hold, by the reference comparison? (a text and a blob are
 * above every number) */
static bool ref(enum pd_op op, int64_t x, const struct pd_value *v)
{
	switch (v->kind) {
	case PD_NULL: return false;
	case PD_INT: return holds(op, cmp_int(x, v->i));
	case PD_REAL: return holds(op, cmp_real(x, v->f));
	default: return holds(op, -1);
	}
}

/* Every integer in [c - 3, c + 3] (within int64) is in the range exactly
 * when the reference says x op v holds. */
static void check_near(enum pd_op op, const struct pd_value *v, int64_t c)
{
	int64_t lo, hi;
	bool any = pushdown_int_range(op, v, true, &lo, &hi);
	for (int d = -3; d <= 3; d++) {
		if ((d < 0 && c < INT64_MIN - d) || (d > 0 && c > INT64_MAX - d))
			continue;
		int64_t x = c + d;
		bool in = any && x >= lo && x <= hi;
		if (in != ref(op, x, v))
			fail_msg("op %d kind %d i %lld f %.17g: x %lld %s the range [%lld, %lld]%s",
				 (int)op, (int)v->kind, (long long)v->i, v->f, (long long)x,
				 in ? "in" : "not in", (long long)lo, (long long)hi,
				 any ? "" : " (none)");
	}
}

/* the integers near a double (its truncation, clamped to int64) */
static int64_t near_of(double r)
{
	if (!(r > -9.2e18))
		return INT64_MIN;
	if (r > 9.2e18)
		return INT64_MAX;
	return (int64_t)r;
}

static void test_reals_against_reference(void **state)
{
	(void)state;
	const double reals[] = {
		0.0, -0.0, 1.0, 1.5, -0.5, -1.5, 0.99999, 2.0000000001, 1e0, 1e15 + 0.5,
		4503599627370495.5, 9007199254740992.0, 9007199254740994.0, 4611686018427387904.0,
		9223372036854774784.0, 9223372036854775808.0, -9223372036854775808.0,
		-9223372036854777856.0, 1e19, -1e19, HUGE_VAL, -HUGE_VAL, NAN, DBL_MIN, -DBL_MIN,
		65535.0, 65535.5, 2147483647.0, 2147483647.5,
	};
	int n = 0;
	for (size_t i = 0; i < sizeof reals / sizeof reals[0]; i++)
		for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
			struct pd_value v = { .kind = PD_REAL, .f = reals[i] };
			check_near(ops[o], &v, near_of(reals[i]));
			check_near(ops[o], &v, 0);
			check_near(ops[o], &v, INT64_MIN);
			check_near(ops[o], &v, INT64_MAX);
			n++;
		}
	assert_int_equal(n, (int)(sizeof reals / sizeof reals[0] * 5));
}

static void test_ints_and_others_against_reference(void **state)
{
	(void)state;
	const int64_t ints[] = { 0, 1, -1, 2, 65535, 65536, INT32_MAX, (int64_t)INT32_MAX + 1,
				 INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1 };
	for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
		for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
			struct pd_value v = { .kind = PD_INT, .i = ints[i] };
			check_near(ops[o], &v, ints[i]);
			check_near(ops[o], &v, 0);
			check_near(ops[o], &v, INT64_MIN);
			check_near(ops[o], &v, INT64_MAX);
		}
	const enum pd_kind kinds[] = { PD_NULL, PD_TEXT, PD_BLOB };
	for (size_t k = 0; k < 3; k++)
		for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
			struct pd_value v = { .kind = kinds[k] };
			check_near(ops[o], &v, 0);
			check_near(ops[o], &v, INT64_MIN);
			check_near(ops[o], &v, INT64_MAX);
		}
}

/* the issue's: cap = 1.0, 1e0, '1.0' (read as 1.0) keep cap 1; a fraction
 * keeps none on =, and cap < 1.5 is cap <= 1; NULL keeps none */
static void test_issue_cases(void **state)
{
	(void)state;
	int64_t lo, hi;
	struct pd_value one = { .kind = PD_REAL, .f = 1.0 };
	assert_true(pushdown_int_range(PD_EQ, &one, true, &lo, &hi));
	assert_int_equal(lo, 1);
	assert_int_equal(hi, 1);
	struct pd_value text_one = { .kind = PD_REAL, .f = 1.0, .from_text = true };
	assert_true(pushdown_int_range(PD_EQ, &text_one, true, &lo, &hi));
	assert_int_equal(lo, 1);
	assert_int_equal(hi, 1);
	struct pd_value half = { .kind = PD_REAL, .f = 1.5 };
	assert_false(pushdown_int_range(PD_EQ, &half, true, &lo, &hi));
	assert_true(pushdown_int_range(PD_LT, &half, true, &lo, &hi));
	assert_int_equal(hi, 1);
	assert_int_equal(lo, INT64_MIN);
	assert_true(pushdown_int_range(PD_GE, &half, true, &lo, &hi));
	assert_int_equal(lo, 2);
	struct pd_value null = { .kind = PD_NULL };
	for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
		assert_false(pushdown_int_range(ops[o], &null, true, &lo, &hi));
	/* past int64: 2^63 is above every integer */
	struct pd_value big = { .kind = PD_REAL, .f = 9223372036854775808.0 };
	assert_false(pushdown_int_range(PD_EQ, &big, true, &lo, &hi));
	assert_true(pushdown_int_range(PD_LE, &big, true, &lo, &hi));
	assert_int_equal(hi, INT64_MAX);
}

/* A number read from a text, not surely compared as one: its range joined
 * with the text's (every integer for < and <=; none more for the others) */
static void test_from_text_not_sure(void **state)
{
	(void)state;
	int64_t lo, hi;
	struct pd_value five = { .kind = PD_INT, .i = 5, .from_text = true };
	assert_true(pushdown_int_range(PD_LT, &five, true, &lo, &hi));
	assert_int_equal(hi, 4);
	assert_true(pushdown_int_range(PD_LT, &five, false, &lo, &hi));
	assert_int_equal(lo, INT64_MIN);
	assert_int_equal(hi, INT64_MAX);
	assert_true(pushdown_int_range(PD_LE, &five, false, &lo, &hi));
	assert_int_equal(hi, INT64_MAX);
	assert_true(pushdown_int_range(PD_EQ, &five, false, &lo, &hi));
	assert_int_equal(lo, 5);
	assert_int_equal(hi, 5);
	assert_true(pushdown_int_range(PD_GT, &five, false, &lo, &hi));
	assert_int_equal(lo, 6);
	assert_int_equal(hi, INT64_MAX);
	struct pd_value frac = { .kind = PD_REAL, .f = 2.5, .from_text = true };
	assert_false(pushdown_int_range(PD_EQ, &frac, false, &lo, &hi));
	assert_true(pushdown_int_range(PD_LE, &frac, false, &lo, &hi));
	assert_int_equal(hi, INT64_MAX);
	/* the same value not from a text: its range alone */
	frac.from_text = false;
	assert_true(pushdown_int_range(PD_LE, &frac, false, &lo, &hi));
	assert_int_equal(hi, 2);
}

static void test_clamp(void **state)
{
	(void)state;
	int64_t lo = -5, hi = 70000;
	assert_true(pushdown_clamp(&lo, &hi, 0, 65535));
	assert_int_equal(lo, 0);
	assert_int_equal(hi, 65535);
	lo = hi = -1;
	assert_false(pushdown_clamp(&lo, &hi, 0, INT32_MAX));
	lo = hi = (int64_t)INT32_MAX + 1;
	assert_false(pushdown_clamp(&lo, &hi, 0, INT32_MAX));
	lo = hi = INT32_MAX;
	assert_true(pushdown_clamp(&lo, &hi, 0, INT32_MAX));
}

static class_set cls(const char *s, size_t n, bool sure)
{
	return pushdown_class((const uint8_t *)s, n, sure);
}

static void test_class(void **state)
{
	(void)state;
	/* each class by its own name, byte for byte */
	for (int c = 0; c < CL_COUNT; c++) {
		const char *name = class_name((enum ev_class)c);
		assert_int_equal(cls(name, strlen(name), true), CLASS_BIT(c));
		assert_int_equal(cls(name, strlen(name), false), CLASS_BIT(c));
	}
	/* the issue's: 'gc'||char(0)||'x' names none */
	assert_int_equal(cls("gc\0x", 4, true), 0);
	assert_int_equal(cls("gc\0", 3, true), 0);
	assert_int_equal(cls("gc\0x", 4, false), 0);
	assert_int_equal(cls("GC", 2, true), 0);
	assert_int_equal(cls("gc ", 3, true), 0);
	assert_int_equal(cls(" gc", 3, true), 0);
	assert_int_equal(cls("all", 3, true), 0);
	assert_int_equal(cls("gc,sched", 8, true), 0);
	assert_int_equal(cls("", 0, true), 0);
	assert_int_equal(cls("g", 1, true), 0);
	/* not sure of the collation: NOCASE's and RTRIM's too */
	assert_int_equal(cls("GC", 2, false), CLASS_BIT(CL_GC));
	assert_int_equal(cls("gc  ", 4, false), CLASS_BIT(CL_GC));
	assert_int_equal(cls("Sched", 5, false), CLASS_BIT(CL_SCHED));
	assert_int_equal(cls(" gc", 3, false), 0);
	assert_int_equal(cls("gcx", 3, false), 0);
	assert_int_equal(cls("", 0, false), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reals_against_reference),
		cmocka_unit_test(test_ints_and_others_against_reference),
		cmocka_unit_test(test_issue_cases),
		cmocka_unit_test(test_from_text_not_sure),
		cmocka_unit_test(test_clamp),
		cmocka_unit_test(test_class),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
