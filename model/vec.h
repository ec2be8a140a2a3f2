/* vec: growable arrays of any element type, as (pointer, count, capacity)
 * triples. vec_push returns false when memory runs out (the array is then
 * unchanged). */
#ifndef HECTIC_VEC_H
#define HECTIC_VEC_H

#include <stdbool.h>
#include <stdlib.h>

static inline bool vec_grow(void **p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return true;
	size_t n = *cap ? *cap : 16;
	while (n < need) {
		if (n > ((size_t)-1 / 2) / elem)
			return false;
		n *= 2;
	}
	void *q = realloc(*p, n * elem);
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
