/* The sort keys of threads. */
#include "thread_order.h"

#include <string.h>

static int by_ref(const struct thread_key *x, const struct thread_key *y)
{
	return x->ref < y->ref ? -1 : x->ref > y->ref;
}

int thread_key_cmp(const void *a, const void *b)
{
	const struct thread_key *x = a, *y = b;
	if (x->k != y->k)
		return x->k < y->k ? -1 : 1;
	return by_ref(x, y);
}

int thread_key_cmp_label(const void *a, const void *b)
{
	const struct thread_key *x = a, *y = b;
	if (x->label && !y->label)
		return -1;
	if (!x->label && y->label)
		return 1;
	if (x->label) {
		int c = memcmp(x->label, y->label, x->len < y->len ? x->len : y->len);
		if (c || x->len != y->len)
			return c ? c : x->len < y->len ? -1 : 1;
	}
	return by_ref(x, y);
}

static void swap_keys(struct thread_key *a, struct thread_key *b)
{
	struct thread_key t = *a;
	*a = *b;
	*b = t;
}

void thread_key_select(struct thread_key *v, size_t n, size_t k,
		       int (*cmp)(const void *, const void *))
{
	size_t lo = 0, hi = n; /* the k-th smallest lies in [lo, hi) */
	while (hi - lo > 1) {
		/* the median of three as the pivot, at hi - 1 */
		size_t mid = lo + (hi - lo) / 2;
		if (cmp(&v[mid], &v[lo]) < 0)
			swap_keys(&v[mid], &v[lo]);
		if (cmp(&v[hi - 1], &v[lo]) < 0)
			swap_keys(&v[hi - 1], &v[lo]);
		if (cmp(&v[mid], &v[hi - 1]) < 0)
			swap_keys(&v[mid], &v[hi - 1]);
		size_t st = lo;
		for (size_t i = lo; i < hi - 1; i++)
			if (cmp(&v[i], &v[hi - 1]) < 0)
				swap_keys(&v[i], &v[st++]);
		swap_keys(&v[st], &v[hi - 1]);
		if (st == k)
			return;
		if (st < k)
			lo = st + 1;
		else
			hi = st;
	}
}
