/* summary_stream: the summary's figures from the store's events, for a
 * log whose tracks' lists stopped at their memory budget (a program that
 * collects thousands of times a second fills them: issue 43). The same
 * figures summary.c computes from the lists, to the nanosecond and the
 * byte, in memory that grows with the capabilities only: three passes of
 * the index's merge over the events they need (the GC events, the heap's
 * samples, the spark counters, the nonmoving collector's syncs); the
 * first forms the collections to find the last (where EXIT starts), the
 * second reads the report's time after it, the third sums over the window.
 * Never includes curses or termkey. */
#ifndef HECTIC_SUMMARY_STREAM_H
#define HECTIC_SUMMARY_STREAM_H

#include <stdbool.h>
#include <stdint.h>

#include "summary.h"

/* The summary over [from, to] into out, from the store. False when it
 * cannot be (out of memory, the file faulted, a log with no GC_STATS_GHC
 * whose collections are grouped by overlap, or a threads' list cut that
 * the phases read); out is then to be computed otherwise. */
bool summary_stream(const struct tracks *tr, const struct store *s, uint64_t from, uint64_t to,
		    struct summary *out);

#endif
