/* model/regex_guard: the expansion of a regex counted before regcomp; the
 * ordinary pass, the catastrophic are refused with the reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <regex.h>

#include "../../model/regex_guard.h"

/* Passes the guard, and regcomp takes it too. */
static void accepted(const char *re)
{
	char err[160] = "";
	if (!regex_guard(re, err, sizeof err))
		fail_msg("'%s' refused: %s", re, err);
	regex_t r;
	if (regcomp(&r, re, REG_EXTENDED) != 0)
		fail_msg("'%s' does not compile", re);
	regfree(&r);
}

static void refused(const char *re, const char *why)
{
	char err[160] = "";
	if (regex_guard(re, err, sizeof err))
		fail_msg("'%s' passed", re);
	if (!strstr(err, why))
		fail_msg("'%s': '%s' does not say '%s'", re, err, why);
}

static uint64_t atoms(const char *re)
{
	return regex_guard_atoms(re, NULL);
}

static void test_ordinary(void **state)
{
	(void)state;
	const char *ok[] = {
		"^START (.+)$", "^STOP (.+)$", "^(.+) begin$", "round [0-9]", "a{2,5}", "a{3}",
		"a{2,}", "a{,5}", "[{]", "\\{", "\\{1000000\\}", "a\\{1,1000\\}", "[{]{1,999}x",
		"x[a{]{2}", "[[:alpha:]{]+", "[]{]", "[^]{]", "[[.{.]]",
		"(a|b)*c", "[0-9]{1,3}(\\.[0-9]{1,3}){3}", ".{0,255}", "a{1,1000}", "^(go|gc)+$",
		"(a{1,10}){1,10}", "\\w+\\s*", "a)b", "",
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		accepted(ok[i]);
	/* the syntax is regcomp's to judge */
	const char *syntax[] = { "{", "a{", "a{x}", "{1,100}", "(a", "[a", "a\\" };
	char err[160];
	for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++)
		assert_true(regex_guard(syntax[i], err, sizeof err));
}

static void test_counts(void **state)
{
	(void)state;
	assert_int_equal(atoms("abc"), 3);
	assert_int_equal(atoms("a{2,5}"), 5);
	assert_int_equal(atoms("a{3}"), 3);
	assert_int_equal(atoms("a{2,}"), 3);
	assert_int_equal(atoms("a{,7}"), 7);
	assert_int_equal(atoms("a+"), 2);
	assert_int_equal(atoms("a*b?"), 2);
	assert_int_equal(atoms("a|bc"), 3);
	assert_int_equal(atoms("(ab){4}"), 12); /* the group counts once per copy */
	assert_int_equal(atoms("a{2}{3}"), 6);  /* a repeated repetition multiplies */
	assert_int_equal(atoms("((a{1,10}){1,10}){1,10}"), 1000 + 100 + 10);
	/* braces that are no interval are characters */
	assert_int_equal(atoms("[{]{1,100}"), 100);
	assert_int_equal(atoms("[]{1,100}]"), 1);
	assert_int_equal(atoms("[[:digit:]{1,100}]"), 1);
	assert_int_equal(atoms("\\{1,100\\}"), 7);
	assert_int_equal(atoms("a\\{1,100}"), 8);
	assert_int_equal(atoms("{1,100}"), 7);
	bool br = false;
	regex_guard_atoms("(a)\\1", &br);
	assert_true(br);
	regex_guard_atoms("(a)\\.[\\1]", &br); /* an escaped dot; a backslash in a set */
	assert_false(br);
}

static void test_refused(void **state)
{
	(void)state;
	refused("((a{1,100}){1,100}){1,100}(x)", "expand to 1010102 atoms (at most 1000)");
	refused("(a{1,1000}){1,1000}", "expand to 1001000 atoms");
	refused("a{1,1001}", "too large");
	refused("(a{1,100}){1,100}", "too large");
	refused("x+{100}{100}{100}{100}{100}{100}{100}{100}{100}{100}", "more than 10^18 atoms");
	refused("(((((((((((a{32767}){32767}){32767}){32767}){32767}){32767}){32767})"
		"{32767}){32767}){32767}){32767})", "more than 10^18");
	refused("(a*)*\\1x", "back-reference");
	char *big = malloc(REGEX_GUARD_MAX_BYTES + 2);
	assert_non_null(big);
	memset(big, 'a', REGEX_GUARD_MAX_BYTES + 1);
	big[REGEX_GUARD_MAX_BYTES + 1] = 0;
	refused(big, "too long: 1025 bytes (at most 1024)");
	big[REGEX_GUARD_MAX_BYTES] = 0; /* at the limit */
	char err[160];
	assert_false(regex_guard(big, err, sizeof err)); /* 1024 atoms */
	big[REGEX_GUARD_MAX_ATOMS] = 0;
	assert_true(regex_guard(big, err, sizeof err));
	free(big);
	/* a long message is cut, never overrun */
	char tiny[8];
	assert_false(regex_guard("(a{1,1000}){1,1000}", tiny, sizeof tiny));
	assert_int_equal(strlen(tiny), sizeof tiny - 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ordinary),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
