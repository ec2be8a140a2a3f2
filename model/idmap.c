/* The keyed id map of the tracks builder. */
#include "idmap.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "vec.h"

#define IDMAP_MIN 64 /* slots of a map's first table */

static uint64_t hash_key, hash_mul = 0x9E3779B97F4A7C15ull;
static pthread_once_t hash_once = PTHREAD_ONCE_INIT;

static void hash_init(void)
{
	uint64_t r[2] = { 0, 0 };
	if (getrandom(r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		r[0] = (uint64_t)ts.tv_nsec * 0xD6E8FEB86659FD93ull ^ (uint64_t)getpid() << 32 ^
		       (uint64_t)(uintptr_t)&ts;
		r[1] = r[0] * 0x9E3779B97F4A7C15ull + (uint64_t)ts.tv_sec;
	}
	hash_key = r[0];
	hash_mul = r[1] | 1;
}

static bool idmap_grow(struct idmap *m)
{
	if (!m->cap) {
		pthread_once(&hash_once, hash_init);
		m->key = hash_key;
		m->mul = hash_mul;
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
