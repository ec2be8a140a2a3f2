/* mapguard: read-only file mappings that survive their file shrinking.
 *
 * Reading a page of a mapping past the new end of its file raises SIGBUS,
 * which kills the program. A guarded mapping is registered here; the SIGBUS
 * handler (installed on the first mapguard_add) maps zero pages over the
 * rest of the mapping that faulted, so that the read that faulted and every
 * later one see zeros, and sets that mapping's own flag, which its reader
 * checks to stop. A fault outside every guarded mapping kills the program
 * as it would have. The registry is a process-wide table by nature (one
 * handler per process), private to mapguard.c: the handler only reads it,
 * lock-free; mapguard_add/move/remove may run on any thread, but one
 * guard is moved or removed by one thread at a time. Never includes curses
 * or termkey. */
#ifndef HECTIC_MAPGUARD_H
#define HECTIC_MAPGUARD_H

#include <signal.h>
#include <stddef.h>

struct mapguard;

/* Guards [base, base + len), its flag clear. NULL when out of memory. */
struct mapguard *mapguard_add(const void *base, size_t len);

/* The guarded range is now [base, base + len) (a mapping made again); the
 * flag stays as it was. */
void mapguard_move(struct mapguard *g, const void *base, size_t len);

/* Stops guarding (before the range is unmapped). g is not to be used again;
 * its flag may be reused by a later mapguard_add. */
void mapguard_remove(struct mapguard *g);

/* Set, once, when the guarded range faulted (see above). */
const volatile sig_atomic_t *mapguard_flag(const struct mapguard *g);

#endif
