/* run_id: a log's id from its content (run_id.h). */
#include "run_id.h"

#include <stdio.h>

#include "siphash.h"

#define SPAN ((size_t)1 << 20) /* the events' first and last MiB */

uint64_t run_id_siphash(const uint8_t *p, size_t n, uint64_t k0, uint64_t k1)
{
	return siphash(p, n, k0, k1, 2, 4);
}

void run_id_of(const uint8_t *map, size_t size, size_t data_off, char out[RUN_ID_LEN + 1])
{
	static const uint64_t keys[2][2] = { { 0x6865637469632d72ull, 0x756e2d6964656e74ull },
					     { 0x0123456789abcdefull, 0xfedcba9876543210ull } };
	if (data_off > size)
		data_off = size;
	size_t events = size - data_off;
	size_t first = events < SPAN ? events : SPAN;
	size_t last_at = events - first < SPAN ? data_off + first : size - SPAN;
	uint8_t len[8];
	for (int i = 0; i < 8; i++)
		len[i] = (uint8_t)((uint64_t)size >> (8 * i));
	uint64_t h[2];
	for (int k = 0; k < 2; k++) {
		struct siphash s;
		siphash_start(&s, keys[k][0], keys[k][1]);
		siphash_add(&s, len, sizeof len, 2);
		siphash_add(&s, map, data_off + first, 2);
		siphash_add(&s, map + last_at, size - last_at, 2);
		h[k] = siphash_end(&s, 2, 4);
	}
	snprintf(out, RUN_ID_LEN + 1, "%016llx%016llx", (unsigned long long)h[0],
		 (unsigned long long)h[1]);
}
