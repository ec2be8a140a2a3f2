/* spans: the user's own phases, paired from user events.
 *
 * A program marks a phase with two user events (traceEventIO, or
 * traceMarkerIO): "START name" and "STOP name", as ghc-events-analyze
 * pairs them, or "name begin" and "name end". Each rule is a pair of POSIX
 * extended regexes whose first group is the name (the hecticrc can add
 * rules). Events are paired on the Haskell thread that posted them (the
 * one running on the capability), most recent start first, so that spans
 * of one name nest on a thread and run side by side on several. A stop
 * with no start, and a start never stopped, are counted, not paired.
 *
 * The pass reads the user's events in time order through the index (a log
 * without any costs nothing). The thread of an event that pairs is the one
 * running on its capability: found from the scheduler's events just before
 * it (O(a window of events) each, a few thousand), or, when pairing events
 * are many (or a capability's state is far back), from one pass over the
 * scheduler's events: at most an eighth of the log's events is read before
 * that pass; or, with the tracks built (spans_build_marks), from their
 * marks, which the tracks' own pass gave the running thread. A rule's
 * anchored literal ("START ", " end") turns away most texts before
 * regexec, and a rule that is that literal and (.+) takes a plain ASCII
 * text's name without it. A name is interned through a hash table, and the open spans
 * of each thread and name are a chain,
 * so a start or a stop costs O(1) expected however many names and open
 * spans there are. Names are copied out of the map (a live log's map
 * moves). Memory is bounded: at most 65,536 names, and the tables stop
 * growing at a budget of 5% of the file (at least 8 MB); what did not fit
 * is left out, and over_budget says so. The search for threads keeps two
 * tables by capability (512 KB, touched only where capabilities are seen).
 * Never includes curses or termkey. */
#ifndef HECTIC_SPANS_H
#define HECTIC_SPANS_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "intern.h"
#include "store.h"
#include "tracks.h"

struct span {
	uint64_t start, end;
	uint32_t name;   /* index into names */
	uint32_t thread; /* 0: none was running */
	int32_t cap;     /* where it started */
	uint16_t depth;  /* spans open on its thread when it started */
};

struct span_name {
	char *text; /* NUL-terminated, owned by the spans */
	size_t len;
	/* over the spans of the window asked for (spans_stats) */
	uint64_t count, total, p50, p90, p99, max;
	size_t slowest; /* index into spans of the longest (SIZE_MAX: none) */
};

#define SPAN_RULES_MAX 8

/* A literal every text a regex matches starts (^LIT...) or ends
 * (...LIT$) with: a text without it is not given to regexec. */
struct span_lit {
	char text[24];
	uint8_t len; /* 0: none known */
	bool at_end;
	/* the regex is exactly ^LIT(.+)$ or ^(.+)LIT$: on a text of bytes
	 * 1-127 (where '.' matches each, in every locale) it matches when the
	 * literal is there with at least a byte beside, and the group is the
	 * rest */
	bool whole;
};

struct span_rules {
	regex_t start[SPAN_RULES_MAX], stop[SPAN_RULES_MAX];
	struct span_lit lit_start[SPAN_RULES_MAX], lit_stop[SPAN_RULES_MAX];
	size_t n;
};

struct spans {
	struct span *v; /* by start time */
	size_t n;
	struct span_name *names; /* in order of first appearance */
	size_t nnames;
	uint64_t unmatched_stops; /* stops with no start on their thread */
	uint64_t unclosed;        /* starts never stopped */
	bool over_budget;         /* the table stopped growing */
	struct intern ix;         /* (internal) the names' table: name -> index */
	uint64_t probes;          /* hash-table slots the build examined: O(1)
				   * expected per user event (for the tests) */
	uint64_t sched_read;      /* events read to find the threads of the user
				   * events that pair (for the tests) */
	bool full_scan;           /* they were found by one pass over the
				   * scheduler's events rather than near each */
};

/* Tests: find the threads by one pass from the log's start. */
extern bool spans_full_scan;

/* The two default rules: "^START (.+)$" / "^STOP (.+)$" and
 * "^(.+) begin$" / "^(.+) end$". False when out of memory. */
bool span_rules_default(struct span_rules *r);

/* Adds a rule (extended regexes, the name in the first group); false with
 * a message in err when a regex does not compile or has no group, or the
 * table is full. */
bool span_rules_add(struct span_rules *r, const char *start, const char *stop, char *err,
		    size_t errlen);
void span_rules_free(struct span_rules *r);

/* Can a text of len bytes match a regex whose literal is l? (false: it
 * cannot; the pass then skips regexec) */
bool span_lit_admits(const struct span_lit *l, const char *text, size_t len);

/* Does text (len bytes, NUL-terminated, none inside) match re, whose
 * literal is l? The first group's bytes into *name, *n. */
bool span_match(const regex_t *re, const struct span_lit *l, const char *text, size_t len,
		const char **name, size_t *n);

/* The user's n rules (start[i], stop[i]) first, then the two defaults.
 * False, with a message in err, when one does not compile (the rules are
 * then freed). */
bool span_rules_user(struct span_rules *r, char *const *start, char *const *stop, size_t n,
		     char *err, size_t errlen);

/* Pairs the user events of the whole store. False when out of memory. */
bool spans_build(struct spans *sp, const struct store *s, const struct span_rules *r);

/* The same spans from the tracks' marks, which know the thread running at
 * each (tr built from s): no pass over the scheduler's events, O(marks).
 * As spans_build when the tracks do not know every mark's thread (a list
 * over its budget). False when out of memory. */
bool spans_build_marks(struct spans *sp, const struct store *s, const struct tracks *tr,
		       const struct span_rules *r);
void spans_free(struct spans *sp);

/* Each name's count, total and nearest-rank percentiles of the spans that
 * start in [from, to]. O(spans log spans). False when out of memory. */
bool spans_stats(struct spans *sp, uint64_t from, uint64_t to);

/* The names with spans (as spans_stats counted them), longest total
 * first, into order[] (room for nnames); returns how many. */
size_t spans_by_total(const struct spans *sp, uint32_t *order);

#endif
