/* ipe: info-table provenance (IPE events, tag 169: GHC 9.2+ programs built
 * with -finfo-table-map), what names an info table by its address: the
 * table's name, its closure type, the Haskell type, a label, the module and
 * the source location. A -hi heap profile's bands and a ticky counter's
 * itbl are such addresses.
 *
 * The index keeps two numbers per IPE event, its table's address and the
 * event's file offset, sorted by address (16 bytes an entry, whatever the
 * strings: GHC's own IPE map runs to hundreds of thousands); the strings
 * are decoded from the store's mapping when one entry is asked for.
 *
 * Memory: the index holds at most IPE_MAX entries (2 MB; an IPE event
 * takes 30 bytes of the file and more, so a log of more than 4 MB of them
 * would pass the memory promise). Past that it stops growing and says so
 * (over); ipe_refill then reads the log's IPE events once more and keeps
 * only the tables the caller names (a profile's bands, the counters' info
 * tables): a long log of IPE events costs a second reading of them, on
 * purpose, rather than memory. Never includes curses or termkey. */
#ifndef HECTIC_IPE_H
#define HECTIC_IPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store.h"

struct ipe_entry {
	uint64_t addr, off;
};

struct ipe_index {
	struct ipe_entry *v; /* by address once ipe_finish ran */
	size_t n, cap;
	bool nomem; /* an entry was lost for want of memory */
	bool over;  /* an entry was left out: the index was full */
};

#define IPE_MAX ((size_t)1 << 17) /* entries: 16 bytes each */

/* The most entries an index holds: tests lower it. 0: IPE_MAX. */
extern size_t ipe_max_override;

/* One table's provenance, decoded. Strings are raw bytes of the file
 * (escape them before they reach a terminal), valid while the store's
 * mapping is. */
struct ipe {
	uint64_t addr;
	uint32_t closure;          /* closure type number (ClosureTypes.h) */
	bool closure_ok;           /* the description was a number */
	const uint8_t *table, *desc, *type, *label, *module, *src;
	uint32_t ntable, ndesc, ntype, nlabel, nmodule, nsrc;
};

/* Notes an IPE event: its table's address and its offset in the file.
 * False when out of memory (nomem is then set; the index stays usable). */
bool ipe_note(struct ipe_index *x, uint64_t addr, uint64_t off);

/* Sorts the index by address (the first event of an address wins over
 * later ones for it). Call once, after the last ipe_note. */
void ipe_finish(struct ipe_index *x);

/* When the index was full (over): reads the store's IPE events again and
 * keeps those of the tables want[0 .. n) names (sorted here), up to
 * IPE_MAX of them, then sorts the index as ipe_finish does. over stays set
 * when even those did not fit. False when out of memory (nomem set). */
bool ipe_refill(struct ipe_index *x, const struct store *s, uint64_t *want, size_t n);

void ipe_free(struct ipe_index *x);

/* The entry for this address, or -1. O(log n). */
long ipe_find(const struct ipe_index *x, uint64_t addr);

/* Decodes entry i from the store's mapping; false when the event there no
 * longer decodes as an IPE event (the file changed). */
bool ipe_get(const struct ipe_index *x, const struct store *s, size_t i, struct ipe *out);

/* Finds and decodes an address's provenance; false when the log has none. */
bool ipe_lookup(const struct ipe_index *x, const struct store *s, uint64_t addr,
		struct ipe *out);

/* The address a -hi heap profile names a band by ("0x40feb0", as the .hp
 * and the log's string samples write it); false when the string is not
 * one. */
bool ipe_parse_addr(const uint8_t *p, size_t n, uint64_t *addr);

/* The name of a closure type number (16: "THUNK_1_0"), as GHC's
 * ClosureTypes.h (9.0 to 9.12) names it; NULL for a number outside it. */
const char *ipe_closure_name(uint32_t closure);

/* Whether the source location says anything: GHC writes ":" (an empty
 * file and span) for a table with no location. */
bool ipe_has_src(const struct ipe *p);

#endif
