/* diff: what `hectic diff A B` compares (cmd_diff.c: the command, the
 * summary and pause sections, the writing; report_diff.c: the rows, and
 * the heap, profile, spans and threads sections): a run opened, and a row
 * a figure of both runs. */
#ifndef HECTIC_DIFF_H
#define HECTIC_DIFF_H

#include <stdbool.h>
#include <stdint.h>

#include "../model/heap.h"
#include "../model/source.h"
#include "../model/spans.h"
#include "../model/store.h"
#include "../model/tracks.h"

struct diff_run {
	const char *path;
	uint64_t from, to; /* the window, in this run's log time */
	struct source src;
	struct store s;
	struct tracks tr;
	struct heap h; /* built when the log has profile events */
	bool have_heap;
	size_t censuses, ticks; /* the profile's, kept once h is freed */
	int rc; /* -1 opened, else the exit status of the failed open */
};

/* A figure of both runs; a side that lacks it is empty. */
struct diff_row {
	const char *section;
	char key[160]; /* as the section's report names it: raw bytes from the log,
			* written escaped (report_text_field) */
	size_t klen;
	char a[40], b[40];
	bool ha, hb;
	double va, vb;
	bool frac; /* a fraction (productivity): the delta keeps 4 decimals */
};

struct diff_rows {
	struct diff_row *v;
	size_t n, cap;
	uint32_t *slot; /* (internal, report_diff.c) row + 1 by (section, key) */
	size_t nslot;
};

/* A new, zeroed row; NULL when out of memory. */
struct diff_row *diff_row_add(struct diff_rows *r);

/* Sets a side of a row to an integer. */
void diff_set(struct diff_row *w, bool b_side, uint64_t v);

/* The sections of report_diff.c; false when out of memory. */
bool diff_heap_rows(struct diff_rows *rows, const struct diff_run *ra, const struct diff_run *rb);
bool diff_profile_rows(struct diff_rows *rows, const struct diff_run *ra,
		       const struct diff_run *rb);
/* A run's spans rows (its side of them: b_side), paired from r->tr's
 * marks (or, when they do not know every thread, from the store). */
bool diff_spans_rows(struct diff_rows *rows, struct diff_run *r, bool b_side);
bool diff_threads_rows(struct diff_rows *rows, const struct diff_run *ra,
		       const struct diff_run *rb);

#endif
