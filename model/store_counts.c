/* store_counts: the events of each (capability, type) pair, counted by the
 * index as it reads their headers (store.c's loop adds one to a row of
 * counters, the row of the capability the events are of); what
 * event_counts shows without a pass of its own. A row per capability
 * seen, found through a small hash of capabilities when the capability
 * changes (at block markers and block ends), never per event. */
#include <stdlib.h>

#include "store_index.h"
#include "vec.h"

#define SLOTS 1024 /* a power of two, at least twice STORE_COUNT_CAPS */

struct evcounts {
	size_t nrows;
	int32_t caps[STORE_COUNT_CAPS];   /* rows[i]'s capability */
	uint64_t *rows[STORE_COUNT_CAPS]; /* by type */
	uint16_t slot[SLOTS];             /* by capability's hash: row + 1, 0 empty */
};

_Static_assert(SLOTS >= 2 * STORE_COUNT_CAPS, "the hash of capabilities stays half empty");

static size_t hash_of(int32_t cap)
{
	return (size_t)((uint32_t)cap * 0x9E3779B1u >> 22) & (SLOTS - 1);
}

static uint64_t *give_up(struct indexer *ix, uint64_t *spare)
{
	ix->counts_void = true;
	return spare;
}

uint64_t *evcounts_row(struct indexer *ix, int32_t cap, uint64_t *spare)
{
	if (ix->counts_void)
		return spare;
	struct evcounts *c = ix->counts;
	if (!c && !(c = ix->counts = calloc(1, sizeof *c)))
		return give_up(ix, spare);
	size_t h = hash_of(cap);
	for (; c->slot[h]; h = (h + 1) & (SLOTS - 1))
		if (c->caps[c->slot[h] - 1] == cap)
			return c->rows[c->slot[h] - 1];
	if (c->nrows == STORE_COUNT_CAPS)
		return give_up(ix, spare);
	uint64_t *row = xcallocarray(STORE_COUNT_TAGS, sizeof *row);
	if (!row)
		return give_up(ix, spare);
	c->caps[c->nrows] = cap;
	c->rows[c->nrows] = row;
	c->slot[h] = (uint16_t)++c->nrows;
	return row;
}

bool evcounts_add(struct indexer *dst, const struct indexer *src)
{
	if (src->counts_void)
		give_up(dst, NULL);
	const struct evcounts *c = src->counts;
	for (size_t i = 0; c && i < c->nrows && !dst->counts_void; i++) {
		uint64_t *row = evcounts_row(dst, c->caps[i], NULL);
		for (size_t t = 0; row && t < STORE_COUNT_TAGS; t++)
			row[t] += c->rows[i][t];
	}
	return !dst->counts_void;
}

void evcounts_free(struct indexer *ix)
{
	struct evcounts *c = ix->counts;
	for (size_t i = 0; c && i < c->nrows; i++)
		free(c->rows[i]);
	free(c);
	ix->counts = NULL;
	ix->counts_void = false;
}

bool store_counts(const struct store *s,
		  void (*each)(void *ctx, int32_t cap, uint16_t tag, uint64_t n), void *ctx)
{
	const struct evcounts *c = s->ix.counts;
	if (s->ix.counts_void)
		return false;
	for (size_t i = 0; c && i < c->nrows; i++)
		for (size_t t = 0; t < STORE_COUNT_TAGS; t++)
			if (c->rows[i][t])
				each(ctx, c->caps[i], (uint16_t)t, c->rows[i][t]);
	return true;
}
