/* siphash: SipHash-c-d (Aumasson and Bernstein, "SipHash: a fast
 * short-input PRF", 2012), the program's one implementation of its rounds,
 * key set-up and finish. intern.c keys its tables with SipHash-1-3 under a
 * random key (hash flooding by crafted names gains nothing); run_id.c
 * names a log by SipHash-2-4 under fixed keys (the same log, the same id
 * on every machine). Bytes are read little-endian, as the reference
 * implementation reads them. Never includes curses or termkey. */
#ifndef HECTIC_SIPHASH_H
#define HECTIC_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

struct siphash {
	uint64_t v0, v1, v2, v3;
	uint64_t m; /* bytes not yet a word (siphash_add) */
	size_t len; /* bytes taken in all */
};

static inline uint64_t siphash_rotl(uint64_t x, int b)
{
	return x << b | x >> (64 - b);
}

/* One SipRound on four words: the one definition, on a struct siphash's
 * (siphash_round) and on the one-shot hash's locals (siphash). */
#define SIPHASH_ROUND(v0, v1, v2, v3)                                                            \
	do {                                                                                     \
		(v0) += (v1), (v1) = siphash_rotl((v1), 13), (v1) ^= (v0), (v0) = siphash_rotl((v0), 32); \
		(v2) += (v3), (v3) = siphash_rotl((v3), 16), (v3) ^= (v2);                       \
		(v0) += (v3), (v3) = siphash_rotl((v3), 21), (v3) ^= (v0);                       \
		(v2) += (v1), (v1) = siphash_rotl((v1), 17), (v1) ^= (v2), (v2) = siphash_rotl((v2), 32); \
	} while (0)

static inline void siphash_round(struct siphash *s)
{
	SIPHASH_ROUND(s->v0, s->v1, s->v2, s->v3);
}

static inline void siphash_start(struct siphash *s, uint64_t k0, uint64_t k1)
{
	*s = (struct siphash){ .v0 = k0 ^ 0x736f6d6570736575ull, .v1 = k1 ^ 0x646f72616e646f6dull,
			       .v2 = k0 ^ 0x6c7967656e657261ull, .v3 = k1 ^ 0x7465646279746573ull };
}

/* One message word through c rounds. */
static inline void siphash_word(struct siphash *s, uint64_t m, int c)
{
	s->v3 ^= m;
	for (int i = 0; i < c; i++)
		siphash_round(s);
	s->v0 ^= m;
}

/* p[0..n) taken in, a byte at a time (any split of a message gives the
 * hash of the whole). */
static inline void siphash_add(struct siphash *s, const uint8_t *p, size_t n, int c)
{
	for (size_t i = 0; i < n; i++) {
		s->m |= (uint64_t)p[i] << (8 * (s->len % 8));
		if (++s->len % 8 == 0) {
			siphash_word(s, s->m, c);
			s->m = 0;
		}
	}
}

/* The hash: the last word (its bytes and the length), then d rounds. */
static inline uint64_t siphash_end(struct siphash *s, int c, int d)
{
	siphash_word(s, s->m | (uint64_t)s->len << 56, c);
	s->v2 ^= 0xff;
	for (int i = 0; i < d; i++)
		siphash_round(s);
	return s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

/* SipHash-c-d of p[0..n) under the key (k0, k1), read a word at a time
 * (its state in locals, not in a struct siphash: the hot path of every
 * intern table). */
static inline uint64_t siphash(const void *p, size_t n, uint64_t k0, uint64_t k1, int c, int d)
{
	const uint8_t *b = p;
	struct siphash s;
	siphash_start(&s, k0, k1);
	uint64_t v0 = s.v0, v1 = s.v1, v2 = s.v2, v3 = s.v3;
	size_t i = 0;
	uint64_t m;
	for (; i + 8 <= n; i += 8) {
		m = 0;
		for (int k = 0; k < 8; k++)
			m |= (uint64_t)b[i + k] << (8 * k);
		v3 ^= m;
		for (int r = 0; r < c; r++)
			SIPHASH_ROUND(v0, v1, v2, v3);
		v0 ^= m;
	}
	m = (uint64_t)n << 56;
	for (int k = 0; i + (size_t)k < n; k++)
		m |= (uint64_t)b[i + (size_t)k] << (8 * k);
	v3 ^= m;
	for (int r = 0; r < c; r++)
		SIPHASH_ROUND(v0, v1, v2, v3);
	v0 ^= m;
	v2 ^= 0xff;
	for (int r = 0; r < d; r++)
		SIPHASH_ROUND(v0, v1, v2, v3);
	return v0 ^ v1 ^ v2 ^ v3;
}

#endif
