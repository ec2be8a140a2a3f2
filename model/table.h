/* table: the tables hectic gives, declared once (issue 34). Each table has
 * its name, one sentence on it, its columns (name, type, unit, one line
 * each), what it needs built, and a row producer over the opened store and
 * what was derived from it. The reports' --tsv (gcs, threads, markers,
 * summary, sparks, heap, profile, ticky, doctor) write their rows from these producers, `hectic sql` makes each a
 * virtual table, and `hectic sql --schema` and the man page list them: none
 * of those can drift from the others.
 *
 * A producer is a cursor: open it over the data with limits (a time range,
 * a capability, classes, a text filter: each applied only where the table
 * says it applies them), step it with table_next, read a column of the
 * current row with table_value, close it. Text values point into the map
 * or the cursor: valid until the next step. Producers compute, they never
 * print. A text that can be megabytes (a heap band's name) is also given
 * in pieces (table_piece), so that a writer need not make it whole. The
 * families: table_events.c (events), table_counts.c (event_counts),
 * table_gcs.c (gcs, caps), table_threads.c (threads, markers),
 * table_runs.c (runs), table_summary.c (summary, sparks), table_spans.c
 * (spans), table_heap.c (heap, profile), table_ticky.c (ticky),
 * table_findings.c (findings). Never
 * includes curses, termkey or sqlite. */
#ifndef HECTIC_TABLE_H
#define HECTIC_TABLE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "classes.h"

struct store;
struct tracks;

enum table_type { TABLE_INT, TABLE_REAL, TABLE_TEXT };

struct table_col {
	const char *name;
	enum table_type type;
	const char *unit; /* "ns", "bytes", or "" for none */
	const char *doc;  /* one line */
	int decimals;     /* a REAL value is printed with this many decimals, as
			   * its report prints it (0: the shortest that reads
			   * back the same) */
	bool pieces;      /* a TEXT that can be megabytes: also given in pieces
			   * (table_piece), never NULL */
	bool real_too;    /* an INTEGER that is a REAL in some rows (summary's
			   * productivity): a store of one type per column
			   * (ClickHouse) keeps it as a REAL */
	bool instant;     /* an "ns" that is a moment on the run's axis (since
			   * the RTS started: gcs.start, events.time), not a
			   * duration (gcs.pause): the SQL pane goes to it */
};

/* What a table needs built besides the store (the table_data field that
 * holds it). */
enum table_needs {
	TABLE_NEEDS_STORE,
	TABLE_NEEDS_TRACKS, /* tr */
	TABLE_NEEDS_HEAP,   /* h: heap_build_ticks */
	TABLE_NEEDS_TICKY,  /* ticky: ticky_build */
	TABLE_NEEDS_SPANS,  /* sp: spans_build */
};

/* The limits a producer may apply (struct table_def.by says which). */
enum {
	TABLE_BY_TIME = 1 << 0,  /* rows whose time_col is in [lo, hi] */
	TABLE_BY_CAP = 1 << 1,   /* rows whose cap_col is cap (cap known) */
	TABLE_BY_CLASS = 1 << 2, /* rows whose class_col is in classes */
	TABLE_WINDOW = 1 << 3,   /* [lo, hi] is a window the rows are computed
				  * over (a report's --from, --to), not a
				  * filter on a column: SQL cannot use it */
	TABLE_BY_TEXT = 1 << 4,  /* rows whose text (before any formatting)
				  * keep accepts */
	TABLE_BY_TYPE = 1 << 5,  /* rows whose type_col is one of types */
};

struct table_limits {
	uint64_t lo, hi; /* inclusive; 0 and UINT64_MAX: no limit */
	bool has_cap;
	int32_t cap;
	const int32_t *caps; /* and one of caps[0 .. ncaps) (NULL: any; an
			      * IN list), with TABLE_BY_CAP */
	size_t ncaps;
	class_set classes; /* CLASS_ALL: no limit */
	const uint16_t *types; /* TABLE_BY_TYPE: one of types[0 .. ntypes)
				* (NULL: any) */
	size_t ntypes;
	bool (*keep)(void *ctx, const uint8_t *text, size_t n); /* NULL: none */
	void *keep_ctx;
};

/* No limit at all. */
#define TABLE_LIMITS_NONE \
	((struct table_limits){ .lo = 0, .hi = UINT64_MAX, .classes = CLASS_ALL })

/* What the producers read: the store, what was built from it (NULL when
 * not built: a table that needs it is then not opened), and a flag that
 * stops a long step (a signal's; NULL: none). A report may hand its own
 * view of the rows besides (NULL: the producer's default). */
struct heap;
struct ticky;
struct spans;
struct cctree;
struct doctor;
struct table_data {
	const struct store *s;
	const struct tracks *tr;
	const volatile sig_atomic_t *stop;
	const struct heap *h;      /* heap_build_ticks's (keep_ticks false) */
	const struct ticky *ticky; /* ticky_build's */
	const struct spans *sp;    /* spans_build's */
	/* profile: this tree (profile --builtin, --cap) rather than the one
	 * built over the window */
	const struct cctree *cct;
	/* ticky: these counters (indexes into ticky->ctr), in this order
	 * (ticky --sort, --top), rather than all in definition order */
	const uint32_t *order;
	size_t norder;
	/* findings: these (hectic doctor's, already made over its window)
	 * rather than doctor_run over the limits' window */
	const struct doctor *doc;
};

enum table_kind { TV_NULL, TV_INT, TV_REAL, TV_TEXT };

struct table_value {
	enum table_kind kind;
	int64_t i;
	double f;
	const uint8_t *p; /* TV_TEXT: n bytes, not NUL-terminated */
	size_t n;
};

/* A cursor's common part: each producer's cursor begins with it. */
struct table_cursor {
	const struct table_def *def;
	bool failed;  /* out of memory or stopped: the rows given are not all */
	bool stopped; /* stopped by data.stop */
};

struct table_def {
	const char *name;
	const char *doc; /* one sentence */
	const struct table_col *cols;
	size_t ncols;
	enum table_needs needs;
	unsigned by;  /* the TABLE_BY_* it applies exactly, and TABLE_WINDOW */
	int time_col, cap_col, class_col; /* the columns those limits concern; -1 */
	int type_col; /* with TABLE_BY_TYPE */
	/* NULL when out of memory */
	struct table_cursor *(*open)(const struct table_data *d, const struct table_limits *l);
	/* to the next row (the first, after open): false at the end, or on a
	 * failure (failed set) */
	bool (*next)(struct table_cursor *c);
	void (*value)(struct table_cursor *c, size_t col, struct table_value *v);
	void (*close)(struct table_cursor *c);
	/* a column whose table_col.pieces is set: its first piece (first) or
	 * the next into *p, *n (valid until the next call); false at its end */
	bool (*piece)(struct table_cursor *c, size_t col, bool first, const uint8_t **p,
		      size_t *n);
};

/* The registry, in --schema's order. */
extern const struct table_def *const table_defs[];
extern const size_t table_ndefs;

/* The table called name, or NULL. */
const struct table_def *table_find(const char *name);

/* The index of column name of t, or -1. */
int table_col_index(const struct table_def *t, const char *name);

/* The type's SQL name: INTEGER, REAL, TEXT. */
const char *table_type_name(enum table_type type);

/* Does d hold what t needs? */
bool table_ready(const struct table_def *t, const struct table_data *d);

/* Opens t over d with l (NULL: no limit); NULL when out of memory or when
 * t needs tracks that d lacks. */
struct table_cursor *table_open(const struct table_def *t, const struct table_data *d,
				const struct table_limits *l);
bool table_next(struct table_cursor *c);
void table_value(struct table_cursor *c, size_t col, struct table_value *v);
void table_close(struct table_cursor *c);

/* The current row's column col in pieces, for a column given so
 * (table_col.pieces): the first piece when first, else the next, into *p,
 * *n; false at its end (at once for an empty text, or a column not given
 * in pieces). The pieces joined are table_value's text. */
bool table_piece(struct table_cursor *c, size_t col, bool first, const uint8_t **p, size_t *n);

/* Value setters for the producers. */
static inline void table_set_null(struct table_value *v)
{
	*v = (struct table_value){ .kind = TV_NULL };
}
static inline void table_set_int(struct table_value *v, int64_t i)
{
	*v = (struct table_value){ .kind = TV_INT, .i = i };
}
static inline void table_set_real(struct table_value *v, double f)
{
	*v = (struct table_value){ .kind = TV_REAL, .f = f };
}
/* (p NULL: the empty text) */
static inline void table_set_text(struct table_value *v, const void *p, size_t n)
{
	*v = (struct table_value){ .kind = TV_TEXT, .p = p ? p : (const void *)"", .n = p ? n : 0 };
}
/* A time that may be unknown (UINT64_MAX): NULL then. */
static inline void table_set_time(struct table_value *v, uint64_t t)
{
	if (t == UINT64_MAX)
		table_set_null(v);
	else
		table_set_int(v, (int64_t)t);
}

struct ipe;

/* Column k of the IPE columns the heap and ticky tables end with (table,
 * closure, type, label, module, src, in that order) of entry e: its text,
 * NULL for a source it lacks; a closure type with no name is e's
 * description when desc, else NULL. */
void table_ipe_value(const struct ipe *e, int k, bool desc, struct table_value *v);

/* A marker's kind as the markers table and report name it: marker,
 * message, log or binary, from its event's tag. */
const char *table_mark_kind(uint16_t tag);

/* The families' tables. */
extern const struct table_def table_events, table_gcs, table_caps, table_threads,
	table_runs, table_markers, table_summary, table_spans, table_heap, table_sparks,
	table_ticky, table_profile, table_event_counts, table_findings;

#endif
