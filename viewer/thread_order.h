/* thread_order: the sort keys of threads, for the views that list them in
 * an order of the user's choice (the thread rows pane, the thread picker).
 * No terminal. */
#ifndef HECTIC_THREAD_ORDER_H
#define HECTIC_THREAD_ORDER_H

#include <stddef.h>
#include <stdint.h>

/* A thread's place in an order: by k (smaller first), or by its label;
 * ties by ref, which is what the caller sorts (an id, an index). */
struct thread_key {
	uint64_t k;
	const uint8_t *label; /* NULL: none (after the labelled ones) */
	uint32_t len;
	uint32_t ref;
};

/* qsort comparisons of struct thread_key: by k, then ref; by label (its
 * bytes; a prefix first; the labelled before the rest), then ref. */
int thread_key_cmp(const void *a, const void *b);
int thread_key_cmp_label(const void *a, const void *b);

/* Puts the k smallest of v[0..n) by cmp (a comparison above) before the
 * others, in no order: quickselect, the median of three as the pivot;
 * O(n) on average. */
void thread_key_select(struct thread_key *v, size_t n, size_t k,
		       int (*cmp)(const void *, const void *));

#endif
