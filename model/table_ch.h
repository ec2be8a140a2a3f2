/* table_ch: the registry's tables (table.h) as ClickHouse holds them, for
 * `hectic push` (issue 35): each table's CREATE TABLE (a MergeTree, its
 * columns the registry's after a first column run, ordered by run and
 * time), the view that shows only the runs whose logs row was written
 * (complete_NAME), and a row of a cursor in ClickHouse's RowBinary format.
 * Values travel only in RowBinary, never in a statement's text: a label
 * of any bytes comes back as it was. Builds text, never sends it: the
 * HTTP side is cli/clickhouse.c. Never includes curses, termkey,
 * sqlite or curl. */
#ifndef HECTIC_TABLE_CH_H
#define HECTIC_TABLE_CH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "table.h"

/* A growing byte buffer (rows, statements), or a fixed one (fixed: p's
 * cap bytes are another's, and an add past them fails it: the rows are
 * written straight into libcurl's buffer, and the one that does not fit
 * is made again into a growing one). */
struct chbuf {
	uint8_t *p;
	size_t n, cap;
	bool failed; /* out of memory, or full: what was appended since is lost */
	bool fixed;
};

/* (the slow path of chbuf_add: grows b, or fails it) */
void chbuf_grow_add(struct chbuf *b, const void *p, size_t n);

static inline void chbuf_add(struct chbuf *b, const void *p, size_t n)
{
	if (b->cap - b->n >= n && n) {
		memcpy(b->p + b->n, p, n);
		b->n += n;
	} else if (n) {
		chbuf_grow_add(b, p, n);
	}
}
void chbuf_addf(struct chbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void chbuf_free(struct chbuf *b);

/* The ClickHouse type of a registry column: Nullable(Int64),
 * Nullable(Float64) (also an INTEGER that is a REAL in some rows:
 * real_too), Nullable(String) (a producer may give NULL). */
const char *table_ch_type(const struct table_col *c);

/* The column rows of t are ordered by after run (its time_col, else its
 * column start or time), or -1: by run alone. */
int table_ch_order_col(const struct table_def *t);

/* Appends to b: CREATE TABLE IF NOT EXISTS NAME (run String, the columns)
 * ENGINE = MergeTree() ORDER BY (run, its order column). */
void table_ch_create(struct chbuf *b, const struct table_def *t);

/* Appends to b: the view complete_NAME, t's rows of the runs that the
 * logs table says were pushed whole. */
void table_ch_view(struct chbuf *b, const struct table_def *t);

/* Appends an identifier to b, quoted as ClickHouse reads it (`name`). */
void table_ch_ident(struct chbuf *b, const char *name);

/* RowBinary values. */
void table_ch_string(struct chbuf *b, const void *p, size_t n);
void table_ch_int64(struct chbuf *b, int64_t v);
void table_ch_uint32(struct chbuf *b, uint32_t v);

/* Appends the current row of c (a cursor of t) in RowBinary, after run:
 * each value Nullable (a NULL flag byte, then the value), a text of
 * pieces (table_col.pieces) given piece by piece, never made whole. */
void table_ch_row(struct chbuf *b, const char *run, struct table_cursor *c);

/* The logs table: one row per log pushed whole, written after its rows
 * (or, with live set, while --follow pushes it). */
struct table_ch_log {
	const char *run, *file, *host;
	const uint8_t *program, *args, *rts; /* (NULL: empty) */
	size_t nprogram, nargs, nrts;
	int64_t started;   /* wall clock at the RTS's start, s since the epoch;
			    * -1: the log does not say */
	int64_t duration;  /* ns */
	int64_t bytes;     /* the log's size */
	int64_t pushed_at; /* s since the epoch */
	bool live;
};

/* Appends to b: CREATE TABLE IF NOT EXISTS logs (...). */
void table_ch_logs_create(struct chbuf *b);

/* Appends l to b in RowBinary, in the columns' order. */
void table_ch_logs_row(struct chbuf *b, const struct table_ch_log *l);

/* The logs table's columns, with one line each (for --schema and the man
 * page), NULL-terminated pairs: name, doc. */
extern const char *const table_ch_logs_cols[];

#endif
