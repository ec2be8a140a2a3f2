/* viewer/label_fit: labels shortened so that those on screen never read
 * the same (issue 33: worker-1 .. worker-4 all read "worke", and six heap
 * bands "ghc-9.10.3-inplac"). */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../viewer/label_fit.h"

/* What label i of set reads at w columns. */
static char *shown(const char *const *set, size_t n, size_t i, int w, const char *ell)
{
	struct label_text t[16];
	for (size_t k = 0; k < n; k++)
		t[k] = (struct label_text){ set[k], strlen(set[k]) };
	struct label_part p;
	label_fit(set[i], strlen(set[i]), t, n, w, ell, &p);
	static char out[8][256];
	static int slot;
	char *o = out[slot++ % 8];
	snprintf(o, 256, "%s%.*s%s", p.lead ? ell : "", (int)p.len, set[i] + p.start,
		 p.trail ? ell : "");
	assert_true(label_width(o, strlen(o)) <= w);
	return o;
}

/* Every label of the set read at w: pairwise distinct (when the labels
 * are), each within w. */
static void all_distinct(const char *const *set, size_t n, int w, const char *ell)
{
	char got[16][256];
	for (size_t i = 0; i < n; i++)
		snprintf(got[i], sizeof got[i], "%s", shown(set, n, i, w, ell));
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (strcmp(set[i], set[j]))
				assert_string_not_equal(got[i], got[j]);
}

static void test_fits_whole(void **state)
{
	(void)state;
	const char *set[] = { "main", "worker-1" };
	assert_string_equal(shown(set, 2, 0, 8, "\u2026"), "main");
	assert_string_equal(shown(set, 2, 1, 8, "\u2026"), "worker-1");
}

static void test_workers(void **state)
{
	(void)state;
	const char *set[] = { "worker-1", "worker-2", "worker-3", "worker-4", "main" };
	assert_string_equal(shown(set, 5, 2, 5, "\u2026"), "\u2026er-3");
	all_distinct(set, 5, 5, "\u2026");
	all_distinct(set, 5, 3, "~");
	/* the lone "main" keeps its start */
	assert_string_equal(shown(set, 5, 4, 3, "~"), "ma~");
}

static void test_modules(void **state)
{
	(void)state;
	const char *set[] = {
		"ghc-9.10.3-inplace:GHC.Types.Id.Info.IdInfo",
		"ghc-9.10.3-inplace:GHC.Data.Word64Map.Internal.Bin",
		"ghc-9.10.3-inplace:GHC.Data.Word64Map.Internal.Tip",
		"ghc-9.10.3-inplace:GHC.Types.Var.Var",
	};
	assert_string_equal(shown(set, 4, 0, 22, "\u2026"), "\u2026Types.Id.Info.IdInfo");
	assert_string_equal(shown(set, 4, 1, 17, "\u2026"), "\u2026Map.Internal.Bin");
	for (int w = 2; w <= 40; w++)
		all_distinct(set, 4, w, "\u2026");
}

/* Labels alike but for one byte in the middle: the middle is shown. */
static void test_middle(void **state)
{
	(void)state;
	const char *set[] = { "prefix.aaaa.X.suffix.long.long.long", "prefix.aaaa.Y.suffix.long.long.long" };
	const char *a = shown(set, 2, 0, 10, "~"), *b = shown(set, 2, 1, 10, "~");
	assert_string_not_equal(a, b);
	assert_non_null(strchr(a, 'X'));
	assert_non_null(strchr(b, 'Y'));
	assert_string_equal(a, "~X.suffix~");
}

/* Wide characters count two columns and are never split. */
static void test_wide(void **state)
{
	(void)state;
	const char *set[] = { "\u65e5\u672c\u8a9e-1", "\u65e5\u672c\u8a9e-2" };
	assert_int_equal(label_width(set[0], strlen(set[0])), 8);
	assert_string_equal(shown(set, 2, 0, 4, "~"), "~-1");
	all_distinct(set, 2, 4, "~");
	all_distinct(set, 2, 6, "~");
}

static void test_tiny(void **state)
{
	(void)state;
	const char *set[] = { "abcdef", "abcxyz" };
	assert_string_equal(shown(set, 2, 0, 1, "~"), "~");
	assert_string_equal(shown(set, 2, 0, 0, "~"), "");
	/* a prefix that is another whole label */
	const char *p[] = { "abc", "abcdef" };
	assert_string_equal(shown(p, 2, 1, 4, "~"), "~def");
}

/* A label's columns as drawn: escaped, each byte past ASCII as \xNN
 * without Unicode. */
static void test_drawn_width(void **state)
{
	(void)state;
	const char *w = "w\xc3\xb6rker-1"; /* wörker-1 */
	assert_int_equal(label_width_of((const uint8_t *)w, strlen(w), false), 8);
	assert_int_equal(label_width_of((const uint8_t *)w, strlen(w), true), 15);
	assert_int_equal(label_width_of((const uint8_t *)"a\tb", 3, false), 6); /* a\x09b */
	const char *cjk = "\u65e5\u672c";
	assert_int_equal(label_width_of((const uint8_t *)cjk, strlen(cjk), false), 4);
	assert_int_equal(label_width_of(NULL, 0, false), 0);
	assert_int_equal(label_width_of((const uint8_t *)"x", 0, false), 0);
}

/* The columns of a set's widest label, and of a label as drawn: escaped
 * (a control as \xNN), each byte past ASCII as \xNN in ASCII. */
static void test_widths(void **state)
{
	(void)state;
	struct label_set l = { 0 };
	assert_int_equal(label_set_widest(&l), 0);
	label_set_add(&l, (const uint8_t *)"main", 4, false);
	label_set_add(&l, NULL, 0, false);
	label_set_add(&l, (const uint8_t *)"worker-12", 9, false);
	assert_int_equal(label_set_widest(&l), 9);
	label_set_free(&l);
	assert_int_equal(label_width_of((const uint8_t *)"a\x01" "b", 3, false), 6);
	assert_int_equal(label_width_of((const uint8_t *)"caf\xc3\xa9", 5, false), 4);
	assert_int_equal(label_width_of((const uint8_t *)"caf\xc3\xa9", 5, true), 11);
	assert_int_equal(label_width_of((const uint8_t *)"", 0, false), 0);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fits_whole), cmocka_unit_test(test_workers),
		cmocka_unit_test(test_modules),	   cmocka_unit_test(test_middle),
		cmocka_unit_test(test_wide),	   cmocka_unit_test(test_tiny),
		cmocka_unit_test(test_drawn_width),
		cmocka_unit_test(test_widths),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
