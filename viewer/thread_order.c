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
