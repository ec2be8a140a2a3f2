/* classes: the event classes shared by the filters and the UI.
 *
 * Every tag belongs to exactly one class; the mapping is the table in
 * classes.c. A set of classes is a bit mask. Never includes curses. */
#ifndef HECTIC_CLASSES_H
#define HECTIC_CLASSES_H

#include <stdbool.h>
#include <stdint.h>

enum ev_class {
	CL_SCHED,     /* threads and the scheduler */
	CL_GC,        /* garbage collection */
	CL_HEAP,      /* heap statistics */
	CL_SPARKS,    /* sparks */
	CL_CAPS,      /* capabilities, capsets and process facts */
	CL_TASKS,     /* OS tasks */
	CL_USER,      /* user markers and messages, log messages */
	CL_PROF,      /* heap and time profiling, IPE */
	CL_NONMOVING, /* the nonmoving collector */
	CL_TICKY,     /* ticky-ticky counters */
	CL_OTHER,     /* everything else, unknown tags included */
	CL_COUNT
};

typedef uint32_t class_set;
#define CLASS_ALL ((class_set)((1u << CL_COUNT) - 1))
#define CLASS_BIT(c) ((class_set)1u << (c))

/* The class of a tag. O(1). */
enum ev_class class_of(uint16_t tag);

/* Short name ("sched", "gc", ...) and a one-line description. */
const char *class_name(enum ev_class c);
const char *class_desc(enum ev_class c);

/* Parses a comma-separated list of class names into *out. False, with the
 * offending name in *bad (static storage), on an unknown name. "all" is
 * every class. */
bool class_parse_list(const char *s, class_set *out, const char **bad);

#endif
