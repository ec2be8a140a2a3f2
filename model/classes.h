/* classes: the event classes shared by the filters and the UI.
 *
 * Every tag belongs to exactly one class; the mapping is the table in
 * classes.c. A set of classes is a bit mask. Never includes curses. */
#ifndef HECTIC_CLASSES_H
#define HECTIC_CLASSES_H

#include <stdbool.h>
#include <stddef.h>
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

/* The +RTS -l letter that turns class c's events on: 's' (the scheduler,
 * and the tasks with it), 'g' (GC, and the heap statistics with it), 'p'
 * (the spark counters; 'f' adds the spark events), 'u' (user), 'n'
 * (nonmoving), 'T' (ticky); 0 for a class no -l letter turns on (the
 * capabilities and process facts, posted always; profiling, which -p and
 * -h turn on; other). As the RTS reads -l (RtsFlags.c, read_trace_flags):
 * plain -l is s, g, p and u; -l-au all classes off, then u on. */
char class_rts_letter(enum ev_class c);

/* Options of class_absent. */
enum { CLASS_ABSENT_YET = 1 }; /* the log grows: none so far, and no cause said */

/* The sentence that says a log holds no events of the classes in missing,
 * and the +RTS -l letters that add them, e.g. "no GC or heap statistics
 * events in this log (+RTS -l without g, as -l-au)", "no scheduler or GC
 * events in this log (+RTS -l without s and g, as -l-au)", "no ticky
 * events in this log (+RTS -l without T)"; with CLASS_ABSENT_YET "no
 * scheduler events in this log yet". The classes in class order, each
 * letter once; "as -l-au" when every letter is one plain -l turns on and
 * -l-au off; no cause for a class no letter turns on. Into buf (n bytes,
 * cut to fit, always terminated when n > 0); "" for an empty set. Returns
 * buf. The words every report and pane use for what a log lacks. */
const char *class_absent(class_set missing, unsigned opts, char *buf, size_t n);

#endif
