/* order: the model's one binary search, and three-way comparisons for
 * qsort comparators.
 *
 * lower_bound(a, n, size, key, before) is the number of leading elements of
 * a[0..n) (each size bytes) for which before(elem, key) holds: the index of
 * the first element that is not before key. before must hold for a prefix
 * of the array (a sorted array, and "less than" for the first element >=
 * key, or "at most" for the first > key). O(log n) calls of before; the
 * compiler inlines a constant before into the loop. */
#ifndef HECTIC_ORDER_H
#define HECTIC_ORDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* The first key's comparison, or when equal the second's. */
static inline int cmp_then(int first, int second)
{
	return first ? first : second;
}

#endif
