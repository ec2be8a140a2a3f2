/* pushdown: the integers an INTEGER column's comparison with a value keeps,
 * and the class a text names, as SQLite compares them (pushdown.h). Never
 * includes curses, termkey or sqlite. */
#include "pushdown.h"

#include <math.h>
#include <string.h>

/* A text or a blob: above every number, so that x < v and x <= v hold for
 * every integer and the others for none. */
static bool above_all(enum pd_op op, int64_t *lo, int64_t *hi)
{
	*lo = INT64_MIN;
	*hi = INT64_MAX;
	return op == PD_LT || op == PD_LE;
}

static bool range_of_int(enum pd_op op, int64_t i, int64_t *lo, int64_t *hi)
{
	*lo = INT64_MIN;
	*hi = INT64_MAX;
	switch (op) {
	case PD_EQ: *lo = *hi = i; return true;
	case PD_GT:
		if (i == INT64_MAX)
			return false;
		*lo = i + 1;
		return true;
	case PD_GE: *lo = i; return true;
	case PD_LT:
		if (i == INT64_MIN)
			return false;
		*hi = i - 1;
		return true;
	default: *hi = i; return true;
	}
}

/* As sqlite3IntFloatCompare: an integer and a REAL compared exactly. */
static bool range_of_real(enum pd_op op, double r, int64_t *lo, int64_t *hi)
{
	*lo = INT64_MIN;
	*hi = INT64_MAX;
	if (isnan(r)) /* every integer is above a NaN */
		return op == PD_GT || op == PD_GE;
	if (r >= 9223372036854775808.0) /* 2^63: above every integer */
		return op == PD_LT || op == PD_LE;
	if (r < -9223372036854775808.0) /* below every integer */
		return op == PD_GT || op == PD_GE;
	/* r is in [-2^63, 2^63): its truncation is an int64, exact as a
	 * double, and a fraction (below 2^52) has room for one more */
	int64_t y = (int64_t)r;
	int64_t fl = (double)y > r ? y - 1 : y; /* floor */
	int64_t ce = (double)y < r ? y + 1 : y; /* ceil */
	switch (op) {
	case PD_EQ: *lo = *hi = y; return fl == ce;
	case PD_GT:
		if (fl == INT64_MAX)
			return false;
		*lo = fl + 1;
		return true;
	case PD_GE: *lo = ce; return true;
	case PD_LT:
		if (ce == INT64_MIN)
			return false;
		*hi = ce - 1;
		return true;
	default: *hi = fl; return true;
	}
}

bool pushdown_int_range(enum pd_op op, const struct pd_value *v, bool sure, int64_t *lo,
			int64_t *hi)
{
	bool any;
	switch (v->kind) {
	case PD_NULL: /* a comparison with NULL is NULL: no row */
		*lo = INT64_MIN;
		*hi = INT64_MAX;
		return false;
	case PD_TEXT:
	case PD_BLOB: return above_all(op, lo, hi);
	case PD_INT: any = range_of_int(op, v->i, lo, hi); break;
	default: any = range_of_real(op, v->f, lo, hi); break;
	}
	/* a number read from a text, not surely compared as one: the integers
	 * its text keeps too (every one, or none) */
	int64_t tlo, thi;
	if (v->from_text && !sure && above_all(op, &tlo, &thi)) {
		*lo = tlo;
		*hi = thi;
		return true;
	}
	return any;
}

bool pushdown_clamp(int64_t *lo, int64_t *hi, int64_t min, int64_t max)
{
	if (*lo < min)
		*lo = min;
	if (*hi > max)
		*hi = max;
	return *lo <= *hi;
}

/* a and b[0 .. n) equal but for ASCII's case */
static bool same_nocase(const char *a, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char x = (unsigned char)a[i], y = b[i];
		if (x >= 'A' && x <= 'Z')
			x = (unsigned char)(x - 'A' + 'a');
		if (y >= 'A' && y <= 'Z')
			y = (unsigned char)(y - 'A' + 'a');
		if (x != y)
			return false;
	}
	return true;
}

class_set pushdown_class(const uint8_t *p, size_t n, bool sure)
{
	size_t m = n; /* (not sure) n but the blanks at the end */
	while (!sure && m > 0 && p[m - 1] == ' ')
		m--;
	for (int c = 0; c < CL_COUNT; c++) {
		const char *name = class_name((enum ev_class)c);
		size_t len = strlen(name);
		if (sure ? len == n && (n == 0 || memcmp(name, p, n) == 0)
			 : (len == n || len == m) && same_nocase(name, p, len))
			return CLASS_BIT(c);
	}
	return 0;
}
