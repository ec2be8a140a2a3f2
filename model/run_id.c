/* run_id: a log's id from its content (run_id.h). */
#include "run_id.h"

#include <stdio.h>

#include "siphash.h"

uint64_t run_id_siphash(const uint8_t *p, size_t n, uint64_t k0, uint64_t k1)
{
	return siphash(p, n, k0, k1, 2, 4);
}

static inline uint64_t le64(const uint8_t *p)
{
	uint64_t m = 0;
	for (int k = 0; k < 8; k++)
		m |= (uint64_t)p[k] << (8 * k);
	return m;
}

void run_id_of(const uint8_t *map, size_t size, char out[RUN_ID_LEN + 1])
{
	struct siphash a, b;
	siphash_start(&a, RUN_ID_K0A, RUN_ID_K1A);
	siphash_start(&b, RUN_ID_K0B, RUN_ID_K1B);
	size_t i = 0;
	for (; i + 8 <= size; i += 8) {
		uint64_t m = le64(map + i);
		siphash_word(&a, m, 2);
		siphash_word(&b, m, 2);
	}
	a.len = b.len = i; /* (whole words: nothing pending) */
	siphash_add(&a, map + i, size - i, 2);
	siphash_add(&b, map + i, size - i, 2);
	uint64_t h0 = siphash_end(&a, 2, 4), h1 = siphash_end(&b, 2, 4);
	snprintf(out, RUN_ID_LEN + 1, "%016llx%016llx", (unsigned long long)h0,
		 (unsigned long long)h1);
}

void run_id_prefix(const uint8_t *map, size_t size, size_t data_off,
		   char out[RUN_ID_PREFIX_LEN + 1])
{
	if (data_off > size)
		data_off = size;
	size_t n = size - data_off < RUN_ID_SPAN ? size : data_off + RUN_ID_SPAN;
	uint64_t h = siphash(map, n, 0x666f6c6c6f772d69ull, 0x642d70726566697aull, 2, 4);
	snprintf(out, RUN_ID_PREFIX_LEN + 1, "%016llx", (unsigned long long)h);
}

void run_id_provisional(const uint8_t *map, size_t size, size_t data_off, uint64_t nonce,
			char out[RUN_ID_LEN + 1])
{
	char pre[RUN_ID_PREFIX_LEN + 1];
	run_id_prefix(map, size, data_off, pre);
	snprintf(out, RUN_ID_LEN + 1, "%s%016llx", pre, (unsigned long long)nonce);
}
