/* skeleton: what a log's block markers say, read without decoding its
 * events: the run's extent, the capabilities, and when each has data.
 *
 * The RTS writes its events in blocks, one capability's each, and each
 * block starts with a marker stating its capability, its start and end
 * times and its size in bytes. Hopping from marker to marker reads a few
 * hundred headers per GB (GHC's buffers are 2 MB), so the viewer can draw
 * a ruler and where data exists at once, before the index is built.
 *
 * Nothing here is trusted further than the markers: a size that is
 * impossible (under a marker's 24 bytes) stops the hop, a block that the
 * file's end cuts (a killed program's, or one being written) is the last
 * one read, and the skeleton says it stopped short (complete is false). Items outside any
 * block are stepped over one by one, at most SKEL_LOOSE_MAX of them. The
 * file is read with pread, never mapped, so a file that shrinks meanwhile
 * only ends the hop. Never includes curses or termkey. */
#ifndef HECTIC_SKELETON_H
#define HECTIC_SKELETON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../parser/event.h"

/* Items outside blocks stepped over before the hop gives up, and the
 * blocks it reads at most (a log of tiny blocks gets a partial skeleton
 * rather than a long wait). */
#define SKEL_LOOSE_MAX 4096
#define SKEL_BLOCKS_MAX (1u << 20)

/* Spans kept per capability at most: past that, spans closer than the
 * resolution are joined, the resolution doubling until half are left. */
#define SKEL_SPANS_MAX 4096

/* A capability's blocks: [t0, t1] of each, sorted by t0, overlaps (and
 * gaps under the resolution) merged. */
struct skel_cap {
	int32_t cap; /* EV_NO_CAP: events of no capability */
	struct skel_span {
		uint64_t t0, t1;
	} *v;
	size_t n, alloc;
};

struct skeleton {
	bool valid;      /* the header parsed and at least one block was read */
	bool complete;   /* the hop reached the end of the data */
	uint64_t tmin, tmax; /* over the blocks read */
	struct skel_cap *caps; /* by cap id, ascending; EV_NO_CAP first */
	size_t ncaps;
	size_t nblocks;   /* blocks read */
	uint64_t resolution; /* ns: gaps shorter than this may show as data (0: exact) */
	uint64_t reached; /* bytes of the file the hop covered */
	uint64_t size;    /* the file's size when read */
};

/* Reads the skeleton of the log open on fd (any position; pread only).
 * False when out of memory; a file that is not an eventlog, or whose
 * header is cut, gives a skeleton that is not valid (and true). */
bool skeleton_read_fd(struct skeleton *sk, int fd);

/* Same over a buffer (tests, fuzzing). */
bool skeleton_read_mem(struct skeleton *sk, const uint8_t *buf, size_t len);

/* True when capability index ci has a block overlapping [a, b). O(log n). */
bool skeleton_has_data(const struct skeleton *sk, size_t ci, uint64_t a, uint64_t b);

/* The index of capability cap among sk->caps, or -1. */
long skeleton_cap_index(const struct skeleton *sk, int32_t cap);

void skeleton_free(struct skeleton *sk);

#endif
