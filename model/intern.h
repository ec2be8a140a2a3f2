/* intern: byte strings to dense ids (0, 1, 2, ... in order of first
 * appearance), for the derived tables that look a name up per event (span
 * names, the open spans of a thread and name).
 *
 * An open-addressing table, at most half full, holds each key's id and 32
 * bits of its hash; the keys' bytes are copied, one after another, into
 * one buffer owned by the table, so a key from a live log's map may move
 * afterwards. The hash is SipHash-1-3 keyed with a random key drawn once
 * per process, so that no file can choose names that collide. A lookup
 * costs O(length) plus O(1) expected probes, whatever the number of keys.
 *
 * Memory is the caller's to bound: intern_cost says what the next
 * intern_add would allocate, so a caller charges it to its budget first,
 * and refuses the key when over. Not thread-safe: one table per thread.
 * Never includes curses or termkey. */
#ifndef HECTIC_INTERN_H
#define HECTIC_INTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define INTERN_MAX 0x7FFFFFFFu /* ids stay below this */

struct intern {
	uint32_t *slot; /* id + 1, 0: empty */
	uint32_t *tag;  /* the high 32 bits of the slot's key's hash */
	size_t cap;     /* slots: 0, or a power of two >= 64 */
	char *text;     /* the keys' bytes, each followed by a NUL */
	size_t ntext, textcap;
	size_t *off;    /* key id's bytes start at text + off[id]; off[n] = ntext */
	size_t n, offcap;
	uint64_t probes; /* slots examined by every lookup and add (the tests'
			  * operation count: O(1) expected per call) */
};

/* The keyed hash of p[0..n) (the process's key, and tweak, which callers
 * use to keep keys of different kinds apart). */
uint64_t intern_hash(const void *p, size_t n, uint64_t tweak);

/* The process's random key (getrandom, once), for other keyed hashes. */
void intern_process_key(uint64_t key[2]);

/* The id of p[0..n), or -1 when it is not in the table. */
long intern_find(struct intern *t, const void *p, size_t n);

/* The bytes intern_add of an n-byte key would add to the table's memory
 * now (what the slots, the text and the offsets grow by; 0 when all have
 * room): the amounts charged over a table's life add up to its size. */
size_t intern_cost(const struct intern *t, size_t n);

/* The id of p[0..n), added as id t->n when new; -1 when out of memory or
 * at INTERN_MAX keys (the table is then unchanged). */
long intern_add(struct intern *t, const void *p, size_t n);

/* Key id's bytes (NUL-terminated) and length. Valid until the next add. */
static inline const char *intern_key(const struct intern *t, uint32_t id, size_t *n)
{
	*n = t->off[id + 1] - t->off[id] - 1;
	return t->text + t->off[id];
}

void intern_free(struct intern *t);

#endif
