/* phases: the messages a user's regex picks out of a log, for the ruler.
 *
 * The rc's `set ruler-messages REGEX` makes each picked message a mark on
 * the ruler, as a user marker is; `set ruler-phases REGEX` makes each one
 * the start of a phase that lasts until the next picked message (the last
 * one until the log's last event), drawn with its name on a track row. So
 * GHC's progress messages, "[3 of 9] Compiling GHC.Types.Id.Info ( ... )",
 * show which module was compiled when. A message is picked from the marks
 * the tracks list (tracks.h: user markers, user messages and log messages;
 * binary messages are not text and never picked) when its text matches
 * the regex, as tracks_match reads it. A phase's name is the text of the
 * regex's first group when it has one and it took part in the match, else
 * the whole text.
 *
 * Memory: a bit per mark of the tracks (whose list is bounded by their
 * budget: these bits are 1/256 of its bytes); names are read from the map
 * when asked for, nothing is copied. When the tracks' lists stopped
 * growing at their budget (tr->over_budget) and marks were left out of
 * them, the picks lack those: complete says so, and the last phase ends at
 * the last mark kept, not at the log's end.
 * Never includes curses or termkey. */
#ifndef HECTIC_PHASES_H
#define HECTIC_PHASES_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store.h"
#include "tracks.h"

struct phases {
	uint64_t *bits;  /* bit i: tr->marks[i] is picked */
	size_t nmarks;   /* the marks it was built over (tr->nmarks) */
	size_t n;        /* picks */
	uint64_t end;    /* where the last phase ends */
	bool complete;   /* every mark of the log was in the tracks' list */
};

/* Picks the marks of tr whose text matches re. False when out of memory
 * (p is then empty). Costs O(marks) regexec calls, and, when the tracks
 * went over their budget, one walk of the log's marks (tracks_marks_each)
 * to learn whether any were left out. */
bool phases_build(struct phases *p, const struct tracks *tr, const struct store *s,
		  const regex_t *re);

void phases_free(struct phases *p);

/* Is tr->marks[i] picked? */
bool phases_picked(const struct phases *p, size_t i);

/* The first pick at a mark index >= from, or -1. O(marks / 64) worst case. */
long phases_next(const struct phases *p, size_t from);

/* The last pick at a mark index < before, or -1. O(marks / 64) worst case. */
long phases_prev(const struct phases *p, size_t before);

/* The phase holding time t: the last pick at or before t, or -1 (t before
 * the first, or past the end). */
long phases_at(const struct phases *p, const struct tracks *tr, uint64_t t);

/* The phase that pick i starts: [*start, *end), until the next pick or
 * p->end. */
void phases_span(const struct phases *p, const struct tracks *tr, size_t i, uint64_t *start,
		 uint64_t *end);

/* Pick i's name (pointing into the map, not NUL-terminated): the text of
 * re's first group when it has one and it matched, else the whole text;
 * NULL with *n = 0 when the event cannot be read. */
const uint8_t *phases_name(const struct tracks *tr, const struct store *s, const regex_t *re,
			   size_t i, size_t *n);

#endif
