/* store_window: a store whose index holds only the blocks of a time
 * window (issue 34, Speed: a 1 ms window of a 10 GB log answered in a
 * fraction of a second, open included).
 *
 * The RTS writes its events in blocks, one capability's each, every block
 * starting with a marker that states its size and its start and end times
 * (skeleton.h hops over them the same way). GHC stamps each event as it
 * posts it, between the opening of its block and the block's flush, so a
 * block's events lie within its marker's times: the blocks whose markers
 * overlap [lo, hi] hold every event of [lo, hi]. Those blocks alone are
 * indexed, each from its marker, where the capability state starts afresh
 * (capstate_step); the index's merge of them by (time, offset) gives
 * exactly the rows of [lo, hi] the whole index gives, in the same order,
 * with the same capability and the same text.
 *
 * What is checked rather than trusted, the whole index being needed (and
 * the window refused: ok false, why said) when it fails: the header
 * declares block markers; the hop meets nothing but markers from the
 * data's start, each of a possible size, to an end-of-data marker at the
 * file's very end or to the file's end on a block boundary (no stray
 * event, no block cut by the file's end, nothing after the end marker);
 * each block read decodes to its end exactly, with no undecodable data,
 * and every one of its events lies within its marker's times (a block
 * whose end time was never written counts as open to the end). A block
 * the window does not read is trusted by its marker alone: damage inside
 * one (undecodable bytes) is not seen, and is not said at the end as the
 * whole index would say it. Never includes curses or termkey. */
#ifndef HECTIC_STORE_WINDOW_H
#define HECTIC_STORE_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "store.h"

/* What a window index read. */
struct store_window {
	uint64_t lo, hi;     /* the window (inclusive) */
	bool ok;             /* the index holds every event of [lo, hi] */
	const char *why;     /* when not: why the whole index is needed */
	uint64_t nblocks;    /* blocks in the log (markers hopped) */
	uint64_t blocks;     /* blocks indexed */
	uint64_t bytes;      /* their bytes, markers included */
};

/* Above this share of the data (and on a file big enough to index on
 * several threads, store_parallel_min), a window is refused: the whole
 * index, on every core, is then as fast. */
#define STORE_WINDOW_MAX_SHARE 2

/* Opens path as store_open does (the same errors: a missing file, a bad
 * header), but indexes nothing: a store with no events, until
 * store_index_window. */
enum store_status store_open_header(struct store *s, const char *path, char *err,
				    size_t errlen);

/* Indexes the blocks of s (opened by store_open_header, not indexed yet)
 * that overlap [lo, hi] (lo > hi: none, only the hop, so that how the log
 * ends is known). w says what was read; when w->ok is false, s is left
 * with no events (as store_open_header left it), and only a whole index
 * (store_open) gives the rows. The store's end facts (stop, stop_off,
 * ndataend) are the whole index's: store_report says what it would say
 * of how the log ends. Costs a read of each marker (pread, a page per
 * marker at most) and of the blocks chosen. STORE_ENOMEM when out of
 * memory. */
enum store_status store_index_window(struct store *s, uint64_t lo, uint64_t hi,
				     struct store_window *w);

#endif
