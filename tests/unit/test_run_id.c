/* model/run_id: a log's id from its content. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../model/run_id.h"

/* run_id_siphash is SipHash-2-4 (model/siphash.h, tested whole in
 * test_siphash): the reference's vectors (Aumasson and Bernstein,
 * "SipHash: a fast short-input PRF", appendix A, and the reference
 * implementation's vectors.h: key 00..0f, messages 00..(n-1)). */
static void test_siphash_vectors(void **state)
{
	(void)state;
	uint8_t m[64];
	for (int i = 0; i < 64; i++)
		m[i] = (uint8_t)i;
	uint64_t k0 = 0x0706050403020100ull, k1 = 0x0f0e0d0c0b0a0908ull;
	assert_true(run_id_siphash(m, 15, k0, k1) == 0xa129ca6149be45e5ull);
	assert_true(run_id_siphash(m, 0, k0, k1) == 0x726fdb47dd0e0e31ull);
	assert_true(run_id_siphash(m, 8, k0, k1) == 0x93f5f5799a932462ull);
	assert_true(run_id_siphash(m, 63, k0, k1) == 0x958a324ceb064572ull);
}

static void id(const uint8_t *p, size_t n, size_t off, char out[RUN_ID_LEN + 1])
{
	run_id_of(p, n, off, out);
	assert_int_equal(strlen(out), RUN_ID_LEN);
	assert_int_equal(strspn(out, "0123456789abcdef"), RUN_ID_LEN);
}

/* The same bytes give the same id; a byte of the header, of the first or
 * the last MiB of events, or the size, another; a byte between those
 * (past 1 MiB from either end of the events) is not read. */
static void test_what_counts(void **state)
{
	(void)state;
	size_t n = 5u << 20, off = 1000;
	uint8_t *p = malloc(n);
	assert_non_null(p);
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 7 + 3);
	char a[RUN_ID_LEN + 1], b[RUN_ID_LEN + 1];
	id(p, n, off, a);
	id(p, n, off, b);
	assert_string_equal(a, b);
	size_t at[] = { 10, off + 5, off + (1u << 20) - 1, n - (1u << 20), n - 1 };
	for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
		p[at[i]] ^= 1;
		id(p, n, off, b);
		assert_string_not_equal(a, b);
		p[at[i]] ^= 1;
	}
	p[off + (2u << 20)] ^= 1; /* the middle */
	id(p, n, off, b);
	assert_string_equal(a, b);
	p[off + (2u << 20)] ^= 1;
	id(p, n - 1, off, b); /* the size (and the last MiB moves) */
	assert_string_not_equal(a, b);
	/* a log shorter than 2 MiB of events, and one of a header alone */
	id(p, off + 100, off, a);
	p[off + 50] ^= 1;
	id(p, off + 100, off, b);
	assert_string_not_equal(a, b);
	id(p, off, off, a);
	id(p, off, off + 10, b); /* data_off past the end: the header alone */
	assert_string_equal(a, b);
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_siphash_vectors),
		cmocka_unit_test(test_what_counts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
