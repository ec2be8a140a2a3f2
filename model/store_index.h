/* store_index: the index build, shared by store.c (one thread, and a
 * file that grows) and store_parallel.c (one thread per part). Internal to the
 * store: not part of its API. Never includes curses or termkey. */
#ifndef HECTIC_STORE_INDEX_H
#define HECTIC_STORE_INDEX_H

#include "store.h"

/* An indexer that starts at the data's start. */
void indexer_init(struct indexer *ix);

/* Indexes the items in [start, end) into s's index fields (empty, or as a
 * previous call left them: it goes on from the indexer's state). end is
 * also the decoding limit: an item crossing it is truncated. */
enum store_status build_index(struct store *s, uint64_t start, size_t end);

/* Indexes the whole data section of s, in parts on several threads when
 * it is big enough (store_nparts), the result always the serial one's. */
enum store_status build_index_parallel(struct store *s);

/* The segments' order for seeks, and the index bits of the store, from
 * its segments (after an index build). */
enum store_status build_order(struct store *s);

/* store_open_sink, the data indexed only when index (else the header
 * alone: store_open_header, store_window.h). */
enum store_status store_open_file(struct store *s, const char *path, const struct progress *p,
				  const struct store_sink *sink, bool index, char *err,
				  size_t errlen);

/* The counters of capability cap's events in ix (STORE_COUNT_TAGS of them,
 * by type; made on first use), which stay where they are until
 * evcounts_free; spare when the counts are void (they are from then on).
 * Called where the capability changes, not per event. */
uint64_t *evcounts_row(struct indexer *ix, int32_t cap, uint64_t *spare);

/* Adds src's counts to dst's (void if src's are); false when dst's are
 * void. */
bool evcounts_add(struct indexer *dst, const struct indexer *src);

/* Frees ix's counts: none, and not void. */
void evcounts_free(struct indexer *ix);

/* Frees s's index arrays (segments, checkpoints, blocks, order) and its
 * counts. */
void free_index(struct store *s);

#endif
