/* idmap: a small open-addressing map from a 32-bit id (a capability, a
 * thread) to an array index, for the tracks builder.
 *
 * The hash is keyed: a random odd multiplier and key, drawn once per
 * process, so that no file can choose ids that collide (a fixed hash let
 * 262,143 chosen thread ids make indexing quadratic). Each map copies the
 * process's key when it first grows. Costs O(1) expected per call; a map
 * takes 16 bytes per slot, at most half of them used. Not thread-safe: one
 * map per thread. Never includes curses or termkey. */
#ifndef HECTIC_IDMAP_H
#define HECTIC_IDMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct idmap {
	uint32_t *keys;
	uint32_t *vals;     /* index + 1; 0 = empty */
	size_t cap;         /* 0, or a power of two >= 64 */
	size_t n;
	uint64_t key, mul;  /* the process's hash key, set when it first grows */
	unsigned bits;      /* log2(cap) */
};

static inline size_t idmap_slot(const struct idmap *m, uint32_t k)
{
	/* the top log2(cap) bits of the product */
	return (size_t)((((uint64_t)k ^ m->key) * m->mul) >> (64 - m->bits));
}

/* The index stored for k, or -1. */
static inline long idmap_get(const struct idmap *m, uint32_t k)
{
	if (!m->cap)
		return -1;
	for (size_t j = idmap_slot(m, k);; j = (j + 1) & (m->cap - 1)) {
		if (!m->vals[j])
			return -1;
		if (m->keys[j] == k)
			return (long)m->vals[j] - 1;
	}
}

/* Stores idx (below UINT32_MAX) for k, which must not be in the map yet.
 * False when out of memory (the map is then unchanged). */
bool idmap_put(struct idmap *m, uint32_t k, size_t idx);

/* The bytes a map of n entries would hold after its next growth (for a
 * caller that charges memory before it grows): 0 when the next put does
 * not grow it. */
size_t idmap_growth_bytes(const struct idmap *m);

void idmap_free(struct idmap *m);

#endif
