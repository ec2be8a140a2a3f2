/* parts.h: tests force the number of parts (threads) the index and the
 * tracks split a log into, whatever its size and the machine's cores. */
#ifndef HECTIC_TEST_PARTS_H
#define HECTIC_TEST_PARTS_H

#include <stddef.h>
#include <stdint.h>

#include "../../model/store.h"

/* The splits the tests compare with the serial open (1). */
static const unsigned test_parts[] = { 1, 2, 3, 4, 7 };
#define NTEST_PARTS (sizeof test_parts / sizeof test_parts[0])

/* What parts_force changed, to put back. */
struct parts_saved {
	size_t min;
	unsigned threads;
};

/* Opens from now on split a log into n parts (1: serially) where its
 * blocks allow, small logs included. */
static inline struct parts_saved parts_force(unsigned n)
{
	struct parts_saved sv = { store_parallel_min, store_threads };
	store_parallel_min = n > 1 ? 0 : SIZE_MAX;
	store_threads = n;
	return sv;
}

static inline void parts_restore(struct parts_saved sv)
{
	store_parallel_min = sv.min;
	store_threads = sv.threads;
}

#endif
