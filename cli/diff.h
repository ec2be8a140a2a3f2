/* diff: what `hectic diff A B` compares (cmd_diff.c: the command, the
 * summary and pause sections, the writing; report_diff.c: the rows, and
 * the heap, profile, spans and threads sections): a run opened, and a row
 * a figure of both runs. */
#ifndef HECTIC_DIFF_H
#define HECTIC_DIFF_H

#include <stdbool.h>
#include <stdint.h>

#include "../model/run.h"
#include "diff_rows.h"

struct diff_run {
	const char *path;
	uint64_t from, to; /* the window, in this run's log time */
	/* the log and its tracks (opened with them); its heap built when the
	 * log has profile events (run.built) */
	struct run run;
	size_t censuses, ticks; /* the profile's, kept once h is freed */
	int rc; /* -1 opened, else the exit status of the failed open */
	bool partial; /* a list it compares stopped at the memory budget (said) */
};

/* The run's heap is built (cmd_diff.c: when its log has profile events
 * and memory allowed). */
static inline bool diff_has_heap(const struct diff_run *r)
{
	return (r->run.built & RUN_NEED(TABLE_NEEDS_HEAP)) != 0;
}

/* The sections of report_diff.c; false when out of memory (rows->oom:
 * a key or row past the table's budget is left out, not an error). */
bool diff_heap_rows(struct diff_rows *rows, const struct diff_run *ra, const struct diff_run *rb);
bool diff_profile_rows(struct diff_rows *rows, const struct diff_run *ra,
		       const struct diff_run *rb);
/* A run's spans rows (its side of them: b_side), paired from r->tr's
 * marks (or, when they do not know every thread, from the store). */
bool diff_spans_rows(struct diff_rows *rows, struct diff_run *r, bool b_side);
bool diff_threads_rows(struct diff_rows *rows, const struct diff_run *ra,
		       const struct diff_run *rb);

/* report_diff_text.c: the rows written, sorted (diff_rows_sort), as TSV for
 * scripts or as text for people (with the sections a log cannot give). */
void diff_write_tsv(const struct diff_rows *rows, bool all, bool escape);
void diff_write_text(const struct diff_rows *rows, bool all, bool escape, const struct diff_run *ra,
		     const struct diff_run *rb);

#endif
