/* diff_rows: hectic diff's table of figures (diff_rows.c): a row a figure
 * of both runs, found by its section and its key, kept whole. */
#ifndef HECTIC_DIFF_ROWS_H
#define HECTIC_DIFF_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The sections, in the order diff writes them. */
enum diff_section {
	DS_SUMMARY,
	DS_PAUSES,
	DS_HEAP,
	DS_HEAP_MEAN,
	DS_PROFILE,
	DS_PROFILE_INHERITED,
	DS_SPANS,
	DS_THREADS,
	DS_N
};
extern const char *const diff_section_name[DS_N];

/* What a key names of its thing, written after it and a space ("NAME
 * count"): a span's or a thread label's figures share the name's bytes. */
enum diff_suffix_id {
	DSUF_NONE,
	DSUF_COUNT,
	DSUF_TOTAL_NS,
	DSUF_P50_NS,
	DSUF_P99_NS,
	DSUF_MAX_NS,
	DSUF_RUNNING_NS,
	DSUF_RUNS,
	DSUF_N
};
extern const char *const diff_suffix[DSUF_N];

/* A fraction (the productivity) is kept in units of 1/DIFF_FRAC_UNIT: the
 * 4 decimals summary --tsv prints. */
#define DIFF_FRAC_UNIT 10000u

/* What a figure counts, for its text and its rank: figures of one unit
 * are ranked together within their section. */
enum diff_unit { DU_NS, DU_BYTES, DU_COUNT, DU_FRAC, DU_FLAG };

/* A figure of both runs; a side that lacks it has no value (ha/hb). */
struct diff_row {
	uint64_t a, b;
	uint32_t kid; /* the key (diff_row_key) */
	uint8_t sec;  /* enum diff_section */
	uint8_t sub;  /* enum diff_suffix_id */
	uint8_t unit; /* enum diff_unit; DU_FRAC: a and b in 1/DIFF_FRAC_UNIT */
	bool ha, hb;
};

struct diff_key {
	uint32_t off, len;
};

struct diff_rows {
	struct diff_row *v;
	size_t n, cap;
	char *keys; /* every key's bytes, once: raw bytes from the logs */
	size_t nbytes, capkeys;
	struct diff_key *kv;
	size_t nkeys, kcap;
	uint32_t *kslot, *rslot; /* the hashes: key and row index + 1 */
	size_t nkslot, nrslot;
	uint64_t budget;  /* the bytes all of it may hold */
	size_t left_out;  /* keys and rows not added: past the budget */
	bool full;        /* the budget was reached */
	bool oom;         /* memory ran out below the budget */
};

void diff_rows_init(struct diff_rows *r, uint64_t budget);
void diff_rows_free(struct diff_rows *r);

/* The id of a key (len bytes, kept whole), added when new. False when it
 * was not: past the budget (counted in left_out), or r->oom. */
bool diff_key(struct diff_rows *r, const void *bytes, size_t len, uint32_t *kid);

/* The row of (sec, sub, key), added (both sides empty) when new and add;
 * NULL when there is none and add is false, or it could not be added
 * (left_out counted, or r->oom). Adding may move every row. */
struct diff_row *diff_row(struct diff_rows *r, enum diff_section sec, enum diff_suffix_id sub,
			  uint32_t kid, bool add);

/* diff_key, then diff_row with add. */
struct diff_row *diff_row_named(struct diff_rows *r, enum diff_section sec,
				enum diff_suffix_id sub, const void *bytes, size_t len);

/* A row's key bytes (without the suffix). */
const char *diff_row_key(const struct diff_rows *r, const struct diff_row *w, size_t *len);

/* Sets a side of a row; diff_add adds to it (a side without a value is 0). */
void diff_set(struct diff_row *w, bool b_side, uint64_t v);
void diff_add(struct diff_row *w, bool b_side, uint64_t v);

/* A side's value (a fraction's as the fraction). */
double diff_value(const struct diff_row *w, bool b_side);
/* A side's value as summary --tsv writes it; B - A likewise (the row must
 * have both sides). */
void diff_value_text(const struct diff_row *w, bool b_side, char *out, size_t n);
void diff_delta_text(const struct diff_row *w, char *out, size_t n);

/* Sorts the rows by section (in enum order), then unit, then the size of
 * the change, |B - A| (a side without a figure counted as 0), then the
 * key. The rows can no longer be looked up after. */
void diff_rows_sort(struct diff_rows *r);

#endif
