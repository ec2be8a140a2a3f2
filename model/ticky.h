/* ticky: ticky-ticky counters (GHC -ticky, +RTS -lT), read from the store
 * in one class-filtered pass: the counter definitions (210), the samples
 * (212 begins one, its 211s follow: each the counts of one counter SINCE
 * THE PREVIOUS SAMPLE, the RTS zeroing them after posting), the whole
 * run's totals per counter (what GHC's +RTS -r table prints, when the last
 * sample came after the work) and the IPE events (169) that name the
 * counters' info tables (-finfo-table-map).
 *
 * The RTS posts the definitions once, at exit, after the last sample: a log
 * cut before that has counters with samples and no definition. They are
 * kept (defined false) and shown as "<counter ID>".
 *
 * Memory: a sample's deltas are stored as varints (a few bytes each, the
 * log spends 42 per 211), and the store of them is bounded by 5% of the
 * file (at least 4 MB): past that, neighbouring samples are merged in
 * pairs (their deltas added; the merged sample takes the later time, the
 * one the counts were taken at) and from then on each stored sample takes
 * twice as many of the log's, so the totals and every window that ends on
 * a stored sample stay exact and only the time resolution coarsens
 * (merged says by how much). The counters share that budget (5% of the
 * file, at least 6 MB): they may take half of it, TICKY_CTR_COST each
 * (what the table and a report or pane keep per counter), and the samples
 * the rest. A counter the table has no room for is left out, on purpose:
 * its definition and samples are counted (left_defs, left_samples) and its
 * samples' counts summed into left, so that the table says what it lacks,
 * and a log of a million counters, or of samples of a million undefined
 * ones, costs the budget and no more. Strings point into the store's
 * mapping (raw bytes of the file: escape before showing). Never includes
 * curses or termkey. */
#ifndef HECTIC_TICKY_H
#define HECTIC_TICKY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ipe.h"
#include "store.h"

/* Entries, bytes allocated by the counter's closure (allocs) and bytes
 * allocated of its closure (allocd, "Alloc'd"). */
struct ticky_counts {
	uint64_t entries, allocs, allocd;
};

struct ticky_counter {
	uint64_t id;          /* the RTS's counter id (its address) */
	uint64_t itbl;        /* its info table, when has_itbl */
	const uint8_t *kinds, *name; /* raw bytes of the file */
	uint32_t nkinds, nname;
	uint16_t arity;
	bool defined;         /* a definition (210) named it */
	bool has_itbl;        /* the definition carried an info table */
	struct ticky_counts total; /* the whole run */
	uint64_t nsamples;    /* raw samples (211) of it */
	uint64_t defseq;      /* (internal) its definition's rank */
};

/* A stored sample: the time of its 212 (of the last one, merged), its n
 * deltas at bytes[off ..) and how many of the log's samples it holds. A
 * counter may have more than one delta in a merged sample. */
struct ticky_sample {
	uint64_t time;
	uint64_t off;
	uint32_t n, raw;
};

struct ticky {
	struct ticky_counter *ctr; /* by first appearance */
	size_t nctr;
	uint32_t *order;           /* display order: the definitions' order (GHC's),
				    * then the undefined by first sample */
	struct ticky_sample *samples; /* by time */
	size_t nsamples;
	uint8_t *bytes;            /* the samples' deltas, varint-encoded */
	size_t nbytes;
	struct ipe_index ipe;      /* every IPE event of the log */
	uint64_t ndefs;            /* definitions (210) read */
	uint64_t nbegins;          /* samples begun (212) */
	uint64_t nraw;             /* counter samples (211) read */
	uint64_t tmin;             /* the log's first time (the first sample's
				    * counts run from there) */
	size_t nundefined;         /* counters with samples but no definition */
	unsigned merged;           /* log samples per stored sample, at most */
	bool nomem;                /* something was lost for want of memory */
	/* the counters' memory budget: how many the table holds, and what
	 * was left out for want of room (see above) */
	size_t maxctr;
	uint64_t left_defs, left_samples;
	struct ticky_counts left;
	/* (internal) */
	size_t ctrcap, scap, bcap, hcap;
	uint64_t *hkeys;
	uint32_t *hvals;
	uint64_t budget;
};

/* Reads the ticky events and IPE events of a store; false when out of
 * memory (everything freed). A log without ticky events gives nctr 0. */
bool ticky_build(struct ticky *t, const struct store *s);
void ticky_free(struct ticky *t);

/* The index (into ctr) of the counter with this id, or -1. O(1). */
long ticky_find(const struct ticky *t, uint64_t id);

/* Decodes the deltas of sample k: calls each(ctx, counter index, counts)
 * for each. */
void ticky_sample_each(const struct ticky *t, size_t k,
		       void (*each)(void *ctx, uint32_t ctr, const struct ticky_counts *c),
		       void *ctx);

/* The orders of the counters: as GHC defined them (the ones never defined
 * last: t->order), or by a window's figure, largest first, or by name in
 * byte order; ties in the defined order. The one order hectic ticky's
 * rows and the viewer's ticky pane both take. */
enum ticky_sort { TICKY_BY_DEF, TICKY_BY_ENTRIES, TICKY_BY_ALLOC, TICKY_BY_ALLOCD, TICKY_BY_NAME,
		  TICKY_NSORT };

/* Sorts ids[0..n) (counter indices) by `by`; sum[i] is counter i's
 * figures (ticky_window's), not read for TICKY_BY_DEF or TICKY_BY_NAME. */
void ticky_sort_ids(const struct ticky *t, const struct ticky_counts *sum, enum ticky_sort by,
		    uint32_t *ids, size_t n);

/* The first stored sample with time >= from (nsamples when none). */
size_t ticky_sample_from(const struct ticky *t, uint64_t from);

/* The sums over the samples whose time is in [from, to] (inclusive) into
 * out[0 .. nctr) (by counter index, zeroed first); returns how many
 * samples were summed. Linear in their deltas. */
size_t ticky_window(const struct ticky *t, uint64_t from, uint64_t to, struct ticky_counts *out);

enum ticky_field { TICKY_ENTRIES, TICKY_ALLOCS, TICKY_ALLOCD };

/* Counter c's rate (per second) of field over [from, to) in nbins equal
 * bins into out[0 .. nbins): each sample's delta spread evenly over the
 * time since the sample before it (the first's since tmin), the part in
 * each bin counted there. Returns the largest value. Linear in the deltas
 * of the samples that reach the range. */
double ticky_series(const struct ticky *t, uint32_t c, enum ticky_field field, uint64_t from,
		    uint64_t to, size_t nbins, double *out);

/* The value of field in c. */
static inline uint64_t ticky_get(const struct ticky_counts *c, enum ticky_field field)
{
	return field == TICKY_ENTRIES ? c->entries : field == TICKY_ALLOCS ? c->allocs : c->allocd;
}

/* A counter's IPE provenance (its info table's), decoded from the
 * mapping; false when it has no info table or the log no IPE event for it. */
bool ticky_ipe(const struct ticky *t, const struct store *s, uint32_t c, struct ipe *out);

/* Memory the deltas may take (bytes) before samples are merged: tests
 * lower it. 0: 5% of the file, at least 6 MB, less what the counters
 * take. */
extern size_t ticky_budget_override;

/* The most counters the table holds: tests lower it. 0: half the budget,
 * TICKY_CTR_COST bytes a counter. */
extern size_t ticky_counters_override;

/* What a counter costs at most: its entry twice (the array doubles), four
 * slots of the id map (12 bytes each: at most half full, and doubling),
 * its place in order, and what a report or the pane keeps for it (the
 * window's sums, its row, a second log's match). */
#define TICKY_CTR_COST (2 * sizeof(struct ticky_counter) + 4 * 12 + 4 + 64)

#endif
