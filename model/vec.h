/* vec: checked array allocation, and growable arrays of any element type as
 * (pointer, count, capacity) triples.
 *
 * Every array whose size is a count times an element size is allocated
 * through xmallocarray / xcallocarray / xreallocarray, which refuse a
 * product that overflows (a count read from a hostile file must not wrap
 * into a small allocation). They return NULL on overflow or when memory runs
 * out, leaving p unchanged: the model reports out of memory, it never dies.
 * vec_push returns false when memory runs out (the array is then unchanged). */
#ifndef HECTIC_VEC_H
#define HECTIC_VEC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

/* n * elem bytes, or false when that overflows a size_t. */
static inline bool array_bytes(size_t n, size_t elem, size_t *bytes)
{
	if (elem && n > SIZE_MAX / elem)
		return false;
	*bytes = n * elem;
	return true;
}

/* realloc(p, n * elem), checked. n == 0 allocates one byte's worth so that
 * NULL always means failure. */
static inline void *xreallocarray(void *p, size_t n, size_t elem)
{
	size_t bytes;
	if (!array_bytes(n, elem, &bytes))
		return NULL;
	return realloc(p, bytes ? bytes : 1);
}

static inline void *xmallocarray(size_t n, size_t elem)
{
	return xreallocarray(NULL, n, elem);
}

static inline void *xcallocarray(size_t n, size_t elem)
{
	return calloc(n ? n : 1, elem ? elem : 1);
}

/* Room for need elements in *p (capacity *cap), doubling from 16. */
static inline bool vec_grow(void **p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return true;
	size_t n = *cap ? *cap : 16;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			return false;
		n *= 2;
	}
	void *q = xreallocarray(*p, n, elem);
	if (!q)
		return false;
	*p = q;
	*cap = n;
	return true;
}

#define vec_push(arr, n, cap, item)                                                     \
	(vec_grow((void **)&(arr), &(cap), (n) + 1, sizeof *(arr)) ? ((arr)[(n)++] = (item), \
								       true)                 \
								    : false)

#endif
