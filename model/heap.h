/* heap: heap-profile censuses (HEAP_PROF_SAMPLE_*, +RTS -h) and the cost
 * centres they name, read from the store in one class-filtered pass in time
 * order (the profile events sit in the global blocks, so no stitching).
 *
 * A band is what a census line names: a closure type, module, description
 * or type (a string), or a cost-centre stack (ids, innermost first). Bands
 * are interned, so a census is a list of (band, bytes). Strings point into
 * the map. Memory is bounded: censuses and samples stop growing at a budget
 * of 5% of the file (at least 4 MB) and say so (over_budget).
 * Never includes curses or termkey. */
#ifndef HECTIC_HEAP_H
#define HECTIC_HEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ipe.h"
#include "store.h"

struct cost_centre {
	uint32_t id;
	const uint8_t *label, *module, *srcloc;
	uint32_t nlabel, nmodule, nsrcloc;
	bool caf;
};

struct band {
	bool stack;          /* a cost-centre stack, else a string */
	const uint8_t *p;    /* the string, or the stack's ids (big-endian u32) */
	uint32_t n;          /* bytes, or stack depth */
};

struct census {
	uint64_t time; /* its HEAP_PROF_SAMPLE_BEGIN */
	uint64_t era;
	size_t first, n; /* samples[first .. first + n) */
	uint64_t total;  /* the bytes of all its samples */
};

struct census_sample {
	uint32_t band;
	uint64_t bytes;
};

/* A time-profile sample: the cost-centre stack a capability was running at
 * a tick (+RTS -p -l: one per capability per tick). */
struct prof_sample {
	uint64_t time;
	int32_t cap;
	uint32_t band; /* the stack, a band */
};

struct heap {
	struct cost_centre *ccs; /* by id */
	size_t nccs;
	struct band *bands;
	size_t nbands;
	struct census *censuses; /* by time */
	size_t ncensuses;
	struct census_sample *samples;
	size_t nsamples;
	/* the time samples: kept in ticks only when heap_build_ticks was asked
	 * to (hectic diff, the speedscope export), and then within the
	 * budget; the profile's tree reads them from the store (cctree.h) */
	struct prof_sample *ticks; /* by time */
	size_t nticks;
	uint64_t tick_events; /* the time samples in the log, kept or not */
	bool over_budget;
	uint64_t budget, used; /* the budget, and what the heap holds of it */
	/* HEAP_PROF_BEGIN's breakdown (1 cost centre .. 9 era; 8 info table,
	 * +RTS -hi), 0 when the log has none */
	uint8_t breakdown;
	/* the info tables' provenance (IPE events), by address: what names a
	 * -hi band; outside the budget, 16 bytes an event */
	struct ipe_index ipe;
	/* (internal) the band map: hash -> band index + 1 */
	uint64_t *hkeys;
	uint32_t *hvals;
	size_t hcap;
};

/* Reads the censuses of a store; false when out of memory. The time
 * samples are counted (tick_events) and, when keep_ticks, kept in ticks
 * within the budget; heap_build keeps them. */
bool heap_build_ticks(struct heap *h, const struct store *s, bool keep_ticks);
bool heap_build(struct heap *h, const struct store *s);
void heap_free(struct heap *h);

/* The cost centre with this id, or NULL. O(log n). */
const struct cost_centre *heap_cc(const struct heap *h, uint32_t id);

/* Is this cost centre one of the RTS's own (GC, IDLE, SYSTEM, ...: source
 * "<built-in>")? The .prof leaves ticks on them out. */
bool heap_cc_builtin(const struct cost_centre *c);

/* Writes band b's name as GHC's .hp names it, but without the stack's
 * "(ccsID)" prefix (the log does not carry it) and uncut (the .hp cuts at
 * +RTS -L): a string as it is; a stack as its labels innermost first joined
 * by '/', a CAF cost centre as MODULE.CAF (with no '/' after it, as GHC
 * prints it), the empty stack as MAIN. Raw bytes from the file: escape
 * before showing them on a terminal. Written piece by piece: a stack's
 * name can be megabytes (255 labels of 60,000 bytes), none is made whole. */
void heap_band_name(const struct heap *h, uint32_t b, FILE *f);

/* ---- a band's name, piece by piece ----
 * heap_band_name's text as the pieces it is made of (a string band's
 * string; a stack's labels, modules, "/", ".CAF", "<cc N>", "MAIN"), each
 * pointing into the map or into the walk: what reads a name reads it in
 * place, as far as it needs. */
struct heap_name_walk {
	const struct heap *h;
	const struct band *b;
	uint32_t i;     /* the stack's cost centre now */
	int part;       /* 0: its text next, 1: what follows it */
	const struct cost_centre *c; /* cost centre i (NULL: the log has none of its id) */
	long cc;        /* the piece just given is this cost centre's label or
			 * module, whole (its index in h->ccs), else -1 */
	char tmp[24];   /* "<cc N>" */
};

void heap_name_begin(struct heap_name_walk *w, const struct heap *h, uint32_t b);

/* The next piece of the name (never empty); false at its end. */
bool heap_name_next(struct heap_name_walk *w, const uint8_t **p, size_t *n);

/* The first cap bytes (at most) of band b's name into buf; returns how
 * many. O(those bytes + the pieces before them): for what is drawn. */
size_t heap_band_cut(const struct heap *h, uint32_t b, char *buf, size_t cap);

/* Pieces known equal (of two logs' maps), so that comparing two names of
 * the same long labels reads each pair of labels once. */
#define HEAP_MEMO 1024
struct heap_name_memo {
	const uint8_t *p[HEAP_MEMO], *q[HEAP_MEMO];
	size_t n[HEAP_MEMO];
};

/* Band a of ha's name against band b of hb's (two logs, or one), in byte
 * order over their first limit bytes (SIZE_MAX: whole): < 0, 0, > 0.
 * Read in place; memo (NULL: none) remembers long pieces found equal. */
int heap_band_cmp(const struct heap *ha, uint32_t a, const struct heap *hb, uint32_t b,
		  size_t limit, struct heap_name_memo *memo);

/* Each band's name hashed, into out[0 .. nbands): equal names (of any log
 * of this process) have equal hashes; distinct ones collide seldom (a
 * polynomial hash modulo 2^61 - 1 at the process's random key, so a file
 * cannot choose collisions), so compare names of equal hash with
 * heap_band_cmp. Each cost centre's text is hashed once, when a band
 * first names it (only the bands with want[b], or all when want is NULL):
 * O(that text + the stacks' depths). False when out of memory. */
bool heap_band_hashes(const struct heap *h, const bool *want, uint64_t *out);

#define HEAP_BY_INFO_TABLE 8 /* breakdown of +RTS -hi */

/* A -hi band's info table: its address (the band's name, "0x40feb0") and,
 * when the log has an IPE event for it, its provenance decoded from s.
 * Returns 0 when the band is not an info table's (not a -hi profile, or a
 * name that is no address), 1 an address without provenance in the log, 2
 * an address with it (*out filled). */
int heap_band_ipe(const struct heap *h, const struct store *s, uint32_t b, uint64_t *addr,
		  struct ipe *out);

/* The id of a stack band's i-th cost centre (innermost first). */
static inline uint32_t heap_stack_id(const struct band *b, uint32_t i)
{
	const uint8_t *q = b->p + 4 * (size_t)i;
	return (uint32_t)q[0] << 24 | (uint32_t)q[1] << 16 | (uint32_t)q[2] << 8 | q[3];
}

/* ---- queries for a window ----
 * A census is a measurement, seconds apart (+RTS -i): its figures hold from
 * its time until the next census (a step, never an interpolation); the
 * last holds until the window's end. */

/* The census in effect at t: the last at or before t; -1 when none. */
long heap_census_at(const struct heap *h, uint64_t t);

/* The first census at or after t (ncensuses when none). */
size_t heap_census_from(const struct heap *h, uint64_t t);

/* The bytes of band b in census c (0 when the census does not name it).
 * Linear in the census's samples. */
uint64_t heap_census_band(const struct heap *h, size_t c, uint32_t b);

enum heap_rank_by { HEAP_BY_AREA, HEAP_BY_PEAK };

struct band_rank {
	uint32_t band;
	uint64_t peak;      /* the largest census value in the window */
	uint64_t peak_time; /* the first census with it */
	uint64_t first, last; /* its value in the first and last census counted */
	double area;        /* byte-nanoseconds: value x time held, clipped to the window */
	uint64_t ncensuses; /* the censuses in the window naming it */
	size_t last_census; /* (internal) */
};

/* Ranks the bands over the window [from, to): the censuses in it, and
 * the one in effect at from (its area counted from from). out[] has room
 * for nbands entries; returns how many bands have a non-zero value there,
 * those first, by area or peak, largest first, ties by band index. *ncens
 * (when not NULL) is the number of censuses counted. Linear in their
 * samples; false when out of memory. */
bool heap_rank(const struct heap *h, uint64_t from, uint64_t to, enum heap_rank_by by,
	       struct band_rank *out, size_t *nout, size_t *ncens);

#endif
