/* model/run_id: a log's id from its content. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
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

static void id(const uint8_t *p, size_t n, char out[RUN_ID_LEN + 1])
{
	run_id_of(p, n, out);
	assert_int_equal(strlen(out), RUN_ID_LEN);
	assert_int_equal(strspn(out, "0123456789abcdef"), RUN_ID_LEN);
}

/* The id is the two one-shot hashes of the whole bytes (its word loop
 * and tail against the reference's form), at every length of a word's
 * remainder, and of a log of 5 MiB. */
static void test_whole_content(void **state)
{
	(void)state;
	size_t big = 5u << 20;
	uint8_t *p = malloc(big);
	assert_non_null(p);
	for (size_t i = 0; i < big; i++)
		p[i] = (uint8_t)(i * 7 + 3 + (i >> 13));
	size_t lens[] = { 0, 1, 7, 8, 9, 15, 16, 17, 1000, 1003, big };
	for (size_t k = 0; k < sizeof lens / sizeof *lens; k++) {
		char got[RUN_ID_LEN + 1], want[RUN_ID_LEN + 1];
		id(p, lens[k], got);
		snprintf(want, sizeof want, "%016llx%016llx",
			 (unsigned long long)run_id_siphash(p, lens[k], RUN_ID_K0A, RUN_ID_K1A),
			 (unsigned long long)run_id_siphash(p, lens[k], RUN_ID_K0B, RUN_ID_K1B));
		assert_string_equal(got, want);
	}
	free(p);
}

/* The same bytes give the same id; a byte anywhere (the header, the first
 * MiB of events, the middle of a log of 5 MiB, its last byte) or the size,
 * another. */
static void test_what_counts(void **state)
{
	(void)state;
	size_t n = 5u << 20, off = 1000;
	uint8_t *p = malloc(n);
	assert_non_null(p);
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 7 + 3);
	char a[RUN_ID_LEN + 1], b[RUN_ID_LEN + 1];
	id(p, n, a);
	id(p, n, b);
	assert_string_equal(a, b);
	size_t at[] = { 10, off + 5, off + (1u << 20) - 1, off + (2u << 20), n - (1u << 20), n - 1 };
	for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
		p[at[i]] ^= 1;
		id(p, n, b);
		assert_string_not_equal(a, b);
		p[at[i]] ^= 1;
		id(p, n, b);
		assert_string_equal(a, b);
	}
	id(p, n - 1, b); /* the size */
	assert_string_not_equal(a, b);
	free(p);
}

/* The provisional prefix: the header and the first MiB of events only
 * (the same for the log cut anywhere past them, and for the whole);
 * the nonce makes two ids of one prefix. */
static void test_provisional(void **state)
{
	(void)state;
	size_t n = 3u << 20, off = 1000;
	uint8_t *p = malloc(n);
	assert_non_null(p);
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(i * 5 + 1);
	char a[RUN_ID_PREFIX_LEN + 1], b[RUN_ID_PREFIX_LEN + 1];
	run_id_prefix(p, n, off, a);
	run_id_prefix(p, off + (1u << 20) + 7, off, b);
	assert_string_equal(a, b);
	p[off + (2u << 20)] ^= 1;
	run_id_prefix(p, n, off, b);
	assert_string_equal(a, b);
	p[off + (1u << 20) - 1] ^= 1;
	run_id_prefix(p, n, off, b);
	assert_string_not_equal(a, b);
	p[off + (1u << 20) - 1] ^= 1;
	char x[RUN_ID_LEN + 1], y[RUN_ID_LEN + 1], w[RUN_ID_LEN + 1];
	run_id_provisional(p, n, off, 1, x);
	run_id_provisional(p, n, off, 2, y);
	assert_int_equal(strlen(x), RUN_ID_LEN);
	assert_memory_equal(x, a, RUN_ID_PREFIX_LEN);
	assert_memory_equal(y, a, RUN_ID_PREFIX_LEN);
	assert_string_not_equal(x, y);
	id(p, n, w);
	assert_string_not_equal(x, w);
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_siphash_vectors),
		cmocka_unit_test(test_whole_content),
		cmocka_unit_test(test_what_counts),
		cmocka_unit_test(test_provisional),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
