/* summary: a +RTS -s style report over a time window, from the tracks.
 *
 * Counters (allocation, copying, residency, slop, memory in use,
 * collections per generation, sparks) equal the program's own +RTS -s over
 * a whole run. Times follow +RTS -s as seed 002's "implemented version"
 * measures them: a collection's pause is its initiating capability's
 * GC_START..GC_END (the timestamps +RTS -s takes); the generation rows sum
 * and average those; over a whole run INIT, MUT, GC and EXIT split the run
 * at the events that mark stat_endInit and stat_startExit (see tracks.h),
 * and MUT is the time between them less the collections in it; EXIT ends
 * at the report, or where the RTS began to wait for a concurrent mark
 * (GHC 9.10 nonmoving), which +RTS -s counts in no phase but productivity.
 * Over a window, MUT is the window less the collections' pauses inside
 * it; over a whole run whose phases are unknown, Total is the time of its
 * last event (timestamps count from the RTS's start). A
 * profiled RTS's heap censuses run inside collections and are not in the
 * log: GC time then includes them (+RTS -s shows them as PROF). No I/O but
 * the computing: common/summary_text.c prints it. */
#ifndef HECTIC_SUMMARY_H
#define HECTIC_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tracks.h"

#define SUMMARY_GENS 256 /* +RTS -G up to 256 (a -G past it: its older generations' rows are left out, and said so) */

struct summary {
	uint64_t from, to; /* the window, clipped to the log's events */
	bool whole;        /* the whole run: +RTS -s's phases apply */
	/* which figures the log can give: GC events (the collections, bytes
	 * copied, slop, GC and MUT time, productivity) and heap statistics
	 * (allocation, residency, memory in use); a log written with +RTS
	 * -l-au has neither */
	bool have_gc, have_heap;
	uint64_t allocated;
	bool have_alloc;
	uint64_t copied;
	uint64_t max_live, live_samples;
	uint64_t max_slop;
	uint64_t max_heap;
	bool mem_lower_bound; /* memory was returned inside a GC: the peak is higher */
	unsigned ngens; /* generations in the table */
	unsigned ngens_log; /* generations the log has (more than ngens: not in the table) */
	struct {
		uint64_t colls, par, elapsed, max_pause;
	} gen[SUMMARY_GENS];
	bool have_syncs; /* nonmoving collector: its post-mark synchronisations */
	uint64_t sync_colls, sync_elapsed, sync_max, nsyncs;
	uint64_t bal_num, bal_den; /* parallel work balance = num / den */
	bool have_sparks;
	uint64_t sparks[7]; /* SP_* */
	bool have_init, have_exit; /* whole runs: the phases are known */
	bool profiled;             /* GC time includes heap censuses */
	bool threaded;             /* the threaded RTS: +RTS -s prints TASKS */
	/* EXIT's end is an estimate: the RTS waited for a concurrent mark after
	 * it, and counts the wait in no phase (tracks.h, end_exit) */
	bool exit_estimated;
	uint64_t exit_wait; /* that wait: from EXIT's end to the report */
	uint64_t init, mut, gc, exit, total;
	uint64_t ngcs; /* collections in the window */
	/* a list the figures need stopped at the memory budget and the store
	 * could not give them instead (out of memory; a log without
	 * GC_STATS_GHC; the threads' list, for the phases): figures may be
	 * low. Whoever shows them says so (summary_partial_note). */
	bool partial;
	/* the figures came from a pass over the store's events, a list they
	 * read having stopped at the budget (exact all the same) */
	bool streamed;
};

/* The lists summary_compute reads (TRACKS_CUT_* bits): one cut, it reads
 * the store's events instead (summary_stream.c). */
#define SUMMARY_LISTS (TRACKS_CUT_GCS | TRACKS_CUT_HEAP | TRACKS_CUT_ALLOC | TRACKS_CUT_SPARKS)

/* The summary over [from, to]. Exact whatever the tracks' lists hold: a
 * list that stopped at its budget is read from the store instead, in
 * memory that grows with the capabilities only (summary_stream); partial
 * says when even that could not be. */
void summary_compute(const struct tracks *tr, const struct store *s, uint64_t from,
		     uint64_t to, struct summary *out);

/* The productivity, 0 to 1, as +RTS -s computes it over a whole run:
 * (Total - GC - INIT - EXIT) / Total, which counts a wait in no phase
 * (exit_estimated) as productive; else (a window, or phases unknown)
 * MUT / Total. 0 when Total is. */
double summary_productivity(const struct summary *sm);

/* The figures of a summary as `summary --tsv` names them (but from and
 * to), in its order, each with its kind and whether the log gives it: the
 * one list the TSV report and the viewer's statistics panel share. */
enum summary_kind { SUMMARY_COUNT, SUMMARY_BYTES, SUMMARY_NS, SUMMARY_FRAC, SUMMARY_FLAG };

struct summary_field {
	char name[40];
	enum summary_kind kind;
	bool known; /* the log gives it (the TSV: a value, not empty) */
	uint64_t v;
	double f; /* SUMMARY_FRAC: the productivity, to 4 decimals */
};

#define SUMMARY_FIELDS_MAX (40 + 5 * SUMMARY_GENS)

/* A field's name as a person reads it (the text reports, the panels):
 * its unit suffix left out, since the figure shows its unit, and words
 * apart: "gen1_elapsed_ns" "gen1 elapsed", "max_residency_bytes" "max
 * residency". Into out (n bytes); out. */
char *summary_field_label(const char *name, size_t len, char *out, size_t n);

/* Into out (room for SUMMARY_FIELDS_MAX); returns how many. */
size_t summary_fields(const struct summary *sm, size_t ncaps, struct summary_field *out);

/* Capability cap's part of sm->sparks (SP_* order): its SPARK_COUNTERS'
 * change over the window summary_compute clipped, so that the parts of
 * every capability sum to sm->sparks. */
void summary_sparks_of(const struct tracks *tr, const struct summary *sm, int32_t cap,
		       uint64_t out[7]);

#endif
