/* cli/diff_rows: hectic diff's table of figures. Every row is found
 * however it was added, the table grows past any count (issue 32: 256
 * rows added outside the hash made the first lookup spin for ever), keys
 * are kept whole (distinct names that share a long prefix stay distinct),
 * and past the budget a new name is left out and counted while the names
 * already in go on taking figures. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../cli/diff_rows.h"

#define BIG (1ull << 40)

/* 5 pause rows a generation of -G50 (250), then span rows: every lookup
 * ends and finds its own row. */
static void test_many_rows_found(void **state)
{
	(void)state;
	struct diff_rows r;
	diff_rows_init(&r, BIG);
	char key[64];
	for (int g = 0; g < 50; g++)
		for (int k = 0; k < 5; k++) {
			int n = snprintf(key, sizeof key, "gen%d_%d", g, k);
			struct diff_row *w = diff_row_named(&r, DS_PAUSES, DSUF_NONE, key, (size_t)n);
			assert_non_null(w);
			diff_set(w, false, (uint64_t)(g * 5 + k));
		}
	for (int i = 0; i < 20000; i++) {
		int n = snprintf(key, sizeof key, "span %d", i);
		uint32_t kid;
		assert_true(diff_key(&r, key, (size_t)n, &kid));
		for (int s = DSUF_COUNT; s <= DSUF_MAX_NS; s++) {
			struct diff_row *w = diff_row(&r, DS_SPANS, (enum diff_suffix_id)s, kid, true);
			assert_non_null(w);
			diff_set(w, true, (uint64_t)i * 10 + (uint64_t)s);
		}
	}
	assert_int_equal(r.n, 250 + 20000 * 5);
	assert_int_equal(r.left_out, 0);
	for (int g = 0; g < 50; g++)
		for (int k = 0; k < 5; k++) {
			int n = snprintf(key, sizeof key, "gen%d_%d", g, k);
			uint32_t kid;
			assert_true(diff_key(&r, key, (size_t)n, &kid));
			struct diff_row *w = diff_row(&r, DS_PAUSES, DSUF_NONE, kid, false);
			assert_non_null(w);
			assert_int_equal(w->a, g * 5 + k);
			/* the same key in another section is another row */
			assert_null(diff_row(&r, DS_SPANS, DSUF_NONE, kid, false));
		}
	for (int i = 0; i < 20000; i += 997) {
		int n = snprintf(key, sizeof key, "span %d", i);
		uint32_t kid;
		assert_true(diff_key(&r, key, (size_t)n, &kid));
		struct diff_row *w = diff_row(&r, DS_SPANS, DSUF_P99_NS, kid, false);
		assert_non_null(w);
		assert_int_equal(w->b, (uint64_t)i * 10 + DSUF_P99_NS);
	}
	/* no key was stored twice */
	assert_int_equal(r.nkeys, 250 + 20000);
	diff_rows_free(&r);
}

/* Names of 60,000 bytes that differ only in their last byte, and -hc
 * stacks that share 159 bytes: each its own row, with its own figure. */
static void test_long_names_distinct(void **state)
{
	(void)state;
	struct diff_rows r;
	diff_rows_init(&r, BIG);
	size_t len = 60000;
	char *a = malloc(len);
	assert_non_null(a);
	memset(a, 'x', len);
	for (int i = 0; i < 5; i++) {
		a[len - 1] = (char)('0' + i);
		struct diff_row *w = diff_row_named(&r, DS_HEAP, DSUF_NONE, a, len);
		assert_non_null(w);
		diff_set(w, false, (uint64_t)i + 1);
		/* and one that is the prefix of the others */
		w = diff_row_named(&r, DS_HEAP, DSUF_NONE, a, 159 + (size_t)i);
		assert_non_null(w);
		diff_set(w, true, 100 + (uint64_t)i);
	}
	assert_int_equal(r.n, 10);
	for (int i = 0; i < 5; i++) {
		a[len - 1] = (char)('0' + i);
		struct diff_row *w = diff_row_named(&r, DS_HEAP, DSUF_NONE, a, len);
		assert_int_equal(w->a, i + 1);
		assert_false(w->hb);
		size_t kl;
		const char *k = diff_row_key(&r, w, &kl);
		assert_int_equal(kl, len);
		assert_memory_equal(k, a, len);
		w = diff_row_named(&r, DS_HEAP, DSUF_NONE, a, 159 + (size_t)i);
		assert_int_equal(w->b, 100 + i);
		assert_false(w->ha);
	}
	free(a);
	diff_rows_free(&r);
}

/* Past the budget: new names are left out and counted, never an error;
 * the names already in still take the other run's figures. */
static void test_budget(void **state)
{
	(void)state;
	struct diff_rows r;
	diff_rows_init(&r, 200000);
	char key[64];
	size_t in = 0;
	for (int i = 0; i < 100000; i++) {
		int n = snprintf(key, sizeof key, "thread label %d", i);
		struct diff_row *w = diff_row_named(&r, DS_THREADS, DSUF_RUNS, key, (size_t)n);
		assert_false(r.oom);
		if (w) {
			diff_set(w, false, 1);
			in++;
		}
	}
	assert_true(r.full);
	assert_true(in > 100);
	assert_int_equal(r.left_out, 100000 - in);
	assert_int_equal(r.n, in);
	/* the other run: a name already in is found, and takes its figure */
	int n = snprintf(key, sizeof key, "thread label %d", 0);
	uint32_t kid;
	assert_true(diff_key(&r, key, (size_t)n, &kid));
	struct diff_row *w = diff_row(&r, DS_THREADS, DSUF_RUNS, kid, true);
	assert_non_null(w);
	diff_set(w, true, 7);
	assert_int_equal(w->a, 1);
	assert_int_equal(w->b, 7);
	diff_rows_free(&r);
}

/* Sorted: by section, then unit, then |B - A| (a side without a figure
 * as 0: a large band only in B ranks with the large changes), then the
 * key (whole keys: a prefix first). Issue 33: PINNED 4080 -> 8160 bytes
 * ranked above a band grown from 8.6 MB to 13.2 MB when the rank was the
 * ratio. */
static void test_sort(void **state)
{
	(void)state;
	struct diff_rows r;
	diff_rows_init(&r, BIG);
	struct diff_row *w = diff_row_named(&r, DS_HEAP, DSUF_NONE, "PINNED", 6);
	w->unit = DU_BYTES;
	diff_set(w, false, 4080);
	diff_set(w, true, 8160); /* x2, +4080 */
	w = diff_row_named(&r, DS_SUMMARY, DSUF_NONE, "collections", 11);
	w->unit = DU_COUNT;
	diff_set(w, false, 10);
	diff_set(w, true, 10); /* unchanged, but an earlier section */
	w = diff_row_named(&r, DS_HEAP, DSUF_NONE, "Map.Bin", 7);
	w->unit = DU_BYTES;
	diff_set(w, false, 8600000);
	diff_set(w, true, 13200000); /* x1.53, +4.6 MB */
	w = diff_row_named(&r, DS_HEAP, DSUF_NONE, "only B", 6);
	w->unit = DU_BYTES;
	diff_set(w, true, 5000); /* only in B: +5000 */
	w = diff_row_named(&r, DS_HEAP, DSUF_NONE, "abc", 3);
	w->unit = DU_BYTES;
	diff_set(w, false, 10);
	diff_set(w, true, 11);
	w = diff_row_named(&r, DS_HEAP, DSUF_NONE, "abcd", 4);
	w->unit = DU_BYTES;
	diff_set(w, false, 20);
	diff_set(w, true, 21); /* +1 as "abc": after it */
	w = diff_row_named(&r, DS_SPANS, DSUF_COUNT, "x", 1);
	w->unit = DU_COUNT;
	diff_set(w, false, 1);
	diff_set(w, true, 1000000); /* a count: after the section's times */
	w = diff_row_named(&r, DS_SPANS, DSUF_TOTAL_NS, "x", 1);
	w->unit = DU_NS;
	diff_set(w, false, 1);
	diff_set(w, true, 2);
	diff_rows_sort(&r);
	const char *want[] = { "collections", "Map.Bin", "only B", "PINNED", "abc", "abcd", "x", "x" };
	const uint8_t unit[] = { DU_COUNT, DU_BYTES, DU_BYTES, DU_BYTES, DU_BYTES, DU_BYTES, DU_NS, DU_COUNT };
	assert_int_equal(r.n, 8);
	for (size_t i = 0; i < 8; i++) {
		size_t kl;
		const char *k = diff_row_key(&r, &r.v[i], &kl);
		assert_int_equal(kl, strlen(want[i]));
		assert_memory_equal(k, want[i], kl);
		assert_int_equal(r.v[i].unit, unit[i]);
	}
	diff_rows_free(&r);
}

/* The productivity: 4 decimals kept exactly, delta with its sign. */
static void test_frac_text(void **state)
{
	(void)state;
	struct diff_row w = { .unit = DU_FRAC };
	diff_set(&w, false, 4081);
	diff_set(&w, true, 3915);
	char t[48];
	diff_value_text(&w, false, t, sizeof t);
	assert_string_equal(t, "0.4081");
	diff_delta_text(&w, t, sizeof t);
	assert_string_equal(t, "-0.0166");
	struct diff_row x = { 0 };
	diff_set(&x, false, 5);
	diff_set(&x, true, 3);
	diff_delta_text(&x, t, sizeof t);
	assert_string_equal(t, "-2");
	diff_add(&x, true, 4);
	assert_int_equal(x.b, 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_many_rows_found),
		cmocka_unit_test(test_long_names_distinct),
		cmocka_unit_test(test_budget),
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_frac_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
