/* progress: how a long model step (indexing a file, building its tracks)
 * says how far it has got, to whatever its caller hands it (ncdu's
 * dir_output), instead of through globals any file may read.
 *
 * The step calls advance(ctx, bytes) with the bytes of the file it has just
 * read, on whichever of its threads read them: advance must be thread-safe
 * and cheap (it is called once per block or segment, not per event). A
 * NULL progress reports nothing. Never includes curses or termkey. */
#ifndef HECTIC_PROGRESS_H
#define HECTIC_PROGRESS_H

#include <stdint.h>

struct progress {
	void (*advance)(void *ctx, uint64_t bytes);
	void *ctx;
};

/* Reports bytes to p, if any. */
static inline void progress_advance(const struct progress *p, uint64_t bytes)
{
	if (p && p->advance && bytes)
		p->advance(p->ctx, bytes);
}

/* A ready-made progress: the sum of what was reported, which any thread
 * may read while the steps run (a progress bar). */
struct progress_count {
	struct progress p;
	uint64_t bytes; /* read with progress_count_read */
};

/* Zeroes c and points c->p at it. */
void progress_count_init(struct progress_count *c);

/* The bytes reported to c so far, by every thread. */
uint64_t progress_count_read(const struct progress_count *c);

#endif
