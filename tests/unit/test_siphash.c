/* model/siphash.h: SipHash-c-d, one-shot and streamed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "../../model/siphash.h"

static const uint64_t K0 = 0x0706050403020100ull, K1 = 0x0f0e0d0c0b0a0908ull;

/* SipHash-2-4: the reference's vectors (Aumasson and Bernstein, "SipHash:
 * a fast short-input PRF", appendix A, and the reference implementation's
 * vectors.h: key 00..0f, messages 00..(n-1)). */
static void test_reference_vectors(void **state)
{
	(void)state;
	uint8_t m[64];
	for (int i = 0; i < 64; i++)
		m[i] = (uint8_t)i;
	assert_true(siphash(m, 0, K0, K1, 2, 4) == 0x726fdb47dd0e0e31ull);
	assert_true(siphash(m, 8, K0, K1, 2, 4) == 0x93f5f5799a932462ull);
	assert_true(siphash(m, 15, K0, K1, 2, 4) == 0xa129ca6149be45e5ull);
	assert_true(siphash(m, 63, K0, K1, 2, 4) == 0x958a324ceb064572ull);
}

static uint64_t streamed(const uint8_t *m, size_t n, size_t cut1, size_t cut2, int c, int d)
{
	struct siphash s;
	siphash_start(&s, K0, K1);
	siphash_add(&s, m, cut1, c);
	siphash_add(&s, m + cut1, cut2 - cut1, c);
	siphash_add(&s, m + cut2, n - cut2, c);
	return siphash_end(&s, c, d);
}

/* Streamed in three pieces cut anywhere, the hash is the one-shot's, for
 * both round counts the program uses (1-3: intern.c, 2-4: run_id.c). */
static void test_streamed_is_one_shot(void **state)
{
	(void)state;
	uint8_t m[40];
	for (int i = 0; i < 40; i++)
		m[i] = (uint8_t)(i * 73 + 5);
	static const int rounds[2][2] = { { 1, 3 }, { 2, 4 } };
	for (int r = 0; r < 2; r++)
		for (size_t n = 0; n <= sizeof m; n++)
			for (size_t a = 0; a <= n; a++)
				for (size_t b = a; b <= n; b++)
					assert_true(streamed(m, n, a, b, rounds[r][0], rounds[r][1]) ==
						    siphash(m, n, K0, K1, rounds[r][0], rounds[r][1]));
	/* and the round counts matter */
	assert_true(siphash(m, 20, K0, K1, 1, 3) != siphash(m, 20, K0, K1, 2, 4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reference_vectors),
		cmocka_unit_test(test_streamed_is_one_shot),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
