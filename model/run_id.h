/* run_id: a log's id for `hectic push` (issues 35, 43), from its own
 * content, so that the same log always gets the same run wherever and
 * however it is pushed from: SipHash-2-4 under two fixed keys (128 bits,
 * 32 hex digits) of every byte of the log, its length included. A log
 * that differs anywhere, in one byte or in its length, gets another id.
 * A log followed while it grows (push --follow) is named at first by a
 * provisional id (run_id_provisional), then, at its end, by the id of
 * its whole content. Never includes curses, termkey, sqlite or curl. */
#ifndef HECTIC_RUN_ID_H
#define HECTIC_RUN_ID_H

#include <stddef.h>
#include <stdint.h>

#define RUN_ID_LEN 32
#define RUN_ID_PREFIX_LEN 16 /* a provisional id's prefix (run_id_provisional) */
#define RUN_ID_SPAN ((size_t)1 << 20) /* the provisional prefix's events: the first MiB */

/* The keys of the id's two halves. */
#define RUN_ID_K0A 0x6865637469632d72ull
#define RUN_ID_K1A 0x756e2d6964656e74ull
#define RUN_ID_K0B 0x0123456789abcdefull
#define RUN_ID_K1B 0xfedcba9876543210ull

/* The id of the log whose bytes are map[0 .. size), into out (RUN_ID_LEN
 * hex digits and a NUL): both halves in one pass, a word at a time. */
void run_id_of(const uint8_t *map, size_t size, char out[RUN_ID_LEN + 1]);

/* A provisional id for a log still growing: RUN_ID_PREFIX_LEN hex digits
 * of a hash (another key) of its header and the first RUN_ID_SPAN bytes
 * of its events (of map[0 .. size), its events at data_off), then the 16
 * of nonce. The prefix is the same for every copy of the log, so that a
 * later push finds what a follow cut short left; the nonce makes two
 * follows of it two runs. Never the id of a whole log, but by a 2^-128
 * chance. prefix_only: the prefix alone (RUN_ID_PREFIX_LEN digits). */
void run_id_provisional(const uint8_t *map, size_t size, size_t data_off, uint64_t nonce,
			char out[RUN_ID_LEN + 1]);
void run_id_prefix(const uint8_t *map, size_t size, size_t data_off,
		   char out[RUN_ID_PREFIX_LEN + 1]);

/* SipHash-2-4 of p[0 .. n) under the key (k0, k1): the hash run_id_of
 * takes (for its test against the reference's vectors). */
uint64_t run_id_siphash(const uint8_t *p, size_t n, uint64_t k0, uint64_t k1);

#endif
