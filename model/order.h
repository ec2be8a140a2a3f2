/* order: the model's one binary search, and three-way comparisons for
 * qsort comparators.
 *
 * lower_bound(a, n, size, key, before) is the number of leading elements of
 * a[0..n) (each size bytes) for which before(elem, key) holds: the index of
 * the first element that is not before key. before must hold for a prefix
 * of the array (a sorted array, and "less than" for the first element >=
 * key, or "at most" for the first > key). O(log n) calls of before; the
 * compiler inlines a constant before into the loop.
 *
 * The comparisons here are the program's only ones of their kind: a file
 * that sorts numbers or byte strings uses these rather than its own. */
#ifndef HECTIC_ORDER_H
#define HECTIC_ORDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline size_t lower_bound(const void *a, size_t n, size_t size, const void *key,
				 bool (*before)(const void *elem, const void *key))
{
	const char *p = a;
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (before(p + mid * size, key))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* -1, 0 or 1 as x is below, equal to or above y. */
static inline int cmp_u64(uint64_t x, uint64_t y)
{
	return (x > y) - (x < y);
}

static inline int cmp_i64(int64_t x, int64_t y)
{
	return (x > y) - (x < y);
}

/* qsort comparators of arrays of uint64_t and of uint32_t, ascending. */
static inline int cmp_u64_at(const void *a, const void *b)
{
	return cmp_u64(*(const uint64_t *)a, *(const uint64_t *)b);
}

static inline int cmp_u32_at(const void *a, const void *b)
{
	return cmp_u64(*(const uint32_t *)a, *(const uint32_t *)b);
}

/* Byte strings a[0..na) and b[0..nb) in memcmp's order, a proper prefix
 * first (either may be NULL when empty). */
static inline int cmp_bytes(const void *a, size_t na, const void *b, size_t nb)
{
	size_t n = na < nb ? na : nb;
	int c = n ? memcmp(a, b, n) : 0;
	return c ? c : (na > nb) - (na < nb);
}

/* The first key's comparison, or when equal the second's. */
static inline int cmp_then(int first, int second)
{
	return first ? first : second;
}

#endif
