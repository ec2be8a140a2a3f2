/* pushdown: what a table may seek on for a condition of SQL, so that the
 * rows it gives are those SQLite's own comparison keeps (issue 43, item 4;
 * https://www.sqlite.org/datatype3.html, 4.1 and 4.2). An INTEGER column
 * (a time, a capability, an event type) compared with a value: the
 * integers the comparison keeps, one range. A TEXT column (a class) is
 * equal to a text alone, byte for byte. The value is SQLite's, described
 * here without SQLite (model/ never includes it): the caller (the virtual
 * tables, sql/cmd_sql_vtab.c) reads it with SQLite's own conversion of
 * a numeric text (sqlite3_value_numeric_type: the numeric affinity an
 * INTEGER column applies to the other side of a comparison). Never
 * includes curses, termkey or sqlite. */
#ifndef HECTIC_PUSHDOWN_H
#define HECTIC_PUSHDOWN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "classes.h"

/* A value's storage class, after the numeric affinity of the comparison
 * (PD_TEXT: a text no number reads). */
enum pd_kind { PD_NULL, PD_INT, PD_REAL, PD_TEXT, PD_BLOB };

struct pd_value {
	enum pd_kind kind;
	int64_t i; /* PD_INT */
	double f;  /* PD_REAL */
	/* PD_INT, PD_REAL: a text that reads as this number. SQLite compares
	 * it as the number when the comparison applies numeric affinity to it
	 * (always to a literal, an IN list's value, or an expression of no
	 * affinity or TEXT's), as a text (above every number) when the other
	 * side has a numeric affinity of its own */
	bool from_text;
};

/* The comparison, the column on the left. */
enum pd_op { PD_EQ, PD_GT, PD_GE, PD_LT, PD_LE };

/* The integers x for which SQLite's `x op v` is true (x an INTEGER
 * column's integer): [*lo, *hi]; false when there is none (a NULL v, a
 * fraction on an equality). A REAL compares with an integer exactly (as
 * sqlite3IntFloatCompare: 1.0 equals 1, 1.5 lies between 1 and 2, 1e19
 * above every integer, a NaN below them), a text or a blob is above every
 * number. A v from_text is read as its number when sure (the comparison
 * applies numeric affinity to it), else as both its number and a text: the
 * range then holds the integers either reading keeps (more than SQLite's,
 * never fewer: SQLite must check the rows again). */
bool pushdown_int_range(enum pd_op op, const struct pd_value *v, bool sure, int64_t *lo,
			int64_t *hi);

/* [*lo, *hi] narrowed to [min, max]; false when empty. */
bool pushdown_clamp(int64_t *lo, int64_t *hi, int64_t min, int64_t max);

/* The classes whose name (class_name: the class column's text) is equal to
 * the text p[0 .. n): one class or none (0). When sure (the comparison is
 * surely under BINARY), byte for byte: a NUL inside, another case, a
 * blank, "all" or a list names none. Else (the comparison may be under
 * another collation: an IN of a subquery whose column has one) also
 * another ASCII case (NOCASE) or blanks after it (RTRIM): more classes
 * than SQLite's, never fewer. */
class_set pushdown_class(const uint8_t *p, size_t n, bool sure);

#endif
