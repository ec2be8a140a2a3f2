/* run_id: a log's id from its content (run_id.h). */
#include "run_id.h"

#include <stdio.h>

#define SPAN ((size_t)1 << 20) /* the events' first and last MiB */

static uint64_t rotl(uint64_t x, int b)
{
	return x << b | x >> (64 - b);
}

struct sip {
	uint64_t v0, v1, v2, v3;
	uint64_t m;  /* bytes not yet a word */
	size_t len;  /* bytes taken in all */
};

static void round_(struct sip *s)
{
	s->v0 += s->v1, s->v1 = rotl(s->v1, 13), s->v1 ^= s->v0, s->v0 = rotl(s->v0, 32);
	s->v2 += s->v3, s->v3 = rotl(s->v3, 16), s->v3 ^= s->v2;
	s->v0 += s->v3, s->v3 = rotl(s->v3, 21), s->v3 ^= s->v0;
	s->v2 += s->v1, s->v1 = rotl(s->v1, 17), s->v1 ^= s->v2, s->v2 = rotl(s->v2, 32);
}

static void sip_init(struct sip *s, uint64_t k0, uint64_t k1)
{
	*s = (struct sip){ .v0 = k0 ^ 0x736f6d6570736575ull, .v1 = k1 ^ 0x646f72616e646f6dull,
			   .v2 = k0 ^ 0x6c7967656e657261ull, .v3 = k1 ^ 0x7465646279746573ull };
}

static void sip_word(struct sip *s, uint64_t m)
{
	s->v3 ^= m;
	round_(s);
	round_(s);
	s->v0 ^= m;
}

static void sip_add(struct sip *s, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		s->m |= (uint64_t)p[i] << (8 * (s->len % 8));
		if (++s->len % 8 == 0) {
			sip_word(s, s->m);
			s->m = 0;
		}
	}
}

static uint64_t sip_end(struct sip *s)
{
	sip_word(s, s->m | (uint64_t)s->len << 56);
	s->v2 ^= 0xff;
	for (int i = 0; i < 4; i++)
		round_(s);
	return s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

uint64_t run_id_siphash(const uint8_t *p, size_t n, uint64_t k0, uint64_t k1)
{
	struct sip s;
	sip_init(&s, k0, k1);
	sip_add(&s, p, n);
	return sip_end(&s);
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
		struct sip s;
		sip_init(&s, keys[k][0], keys[k][1]);
		sip_add(&s, len, sizeof len);
		sip_add(&s, map, data_off + first);
		sip_add(&s, map + last_at, size - last_at);
		h[k] = sip_end(&s);
	}
	snprintf(out, RUN_ID_LEN + 1, "%016llx%016llx", (unsigned long long)h[0],
		 (unsigned long long)h[1]);
}
