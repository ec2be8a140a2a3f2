/* run_id: a log's id for `hectic push` (issue 35), from its own content,
 * so that the same log always gets the same run wherever it is pushed
 * from: SipHash-2-4 (two fixed keys, 128 bits, 32 hex digits) of its
 * size, its header, and the first and last MiB of its events. A log that
 * differs anywhere in those gets another id. Never includes curses,
 * termkey, sqlite or curl. */
#ifndef HECTIC_RUN_ID_H
#define HECTIC_RUN_ID_H

#include <stddef.h>
#include <stdint.h>

#define RUN_ID_LEN 32

/* The id of the log whose bytes are map[0 .. size), its events starting
 * at data_off, into out (RUN_ID_LEN hex digits and a NUL). */
void run_id_of(const uint8_t *map, size_t size, size_t data_off, char out[RUN_ID_LEN + 1]);

/* SipHash-2-4 of p[0 .. n) under the key (k0, k1): the hash run_id_of
 * takes (for its test against the reference's vectors). */
uint64_t run_id_siphash(const uint8_t *p, size_t n, uint64_t k0, uint64_t k1);

#endif
