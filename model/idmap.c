/* The keyed id map of the tracks builder. */
#include "idmap.h"
#include "intern.h"

#include <stdlib.h>
#include <string.h>

#include "vec.h"

#define IDMAP_MIN 64 /* slots of a map's first table */

static bool idmap_grow(struct idmap *m)
{
	if (!m->cap) {
		uint64_t k[2];
		intern_process_key(k);
		m->key = k[0];
		m->mul = k[1] | 1;
	}
	size_t cap = m->cap ? m->cap * 2 : IDMAP_MIN;
	if (cap < m->cap)
		return false;
	uint32_t *keys = xcallocarray(cap, sizeof *keys), *vals = xcallocarray(cap, sizeof *vals);
	if (!keys || !vals) {
		free(keys);
		free(vals);
		return false;
	}
	struct idmap g = { keys, vals, cap, m->n, m->key, m->mul,
			   (unsigned)__builtin_ctzll((unsigned long long)cap) };
	for (size_t i = 0; i < m->cap; i++) {
		if (!m->vals[i])
			continue;
		size_t j = idmap_slot(&g, m->keys[i]);
		while (vals[j])
			j = (j + 1) & (cap - 1);
		keys[j] = m->keys[i];
		vals[j] = m->vals[i];
	}
	free(m->keys);
	free(m->vals);
	*m = g;
	return true;
}

bool idmap_put(struct idmap *m, uint32_t k, size_t idx)
{
	if ((m->n + 1) * 2 > m->cap && !idmap_grow(m))
		return false;
	size_t j = idmap_slot(m, k);
	while (m->vals[j])
		j = (j + 1) & (m->cap - 1);
	m->keys[j] = k;
	m->vals[j] = (uint32_t)idx + 1;
	m->n++;
	return true;
}

size_t idmap_growth_bytes(const struct idmap *m)
{
	if ((m->n + 1) * 2 <= m->cap)
		return 0;
	return (m->cap ? m->cap * 2 : IDMAP_MIN) * 2 * sizeof(uint32_t);
}

void idmap_free(struct idmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}
