/* The expansion of a POSIX extended regex, counted before regcomp. */
#include "regex_guard.h"

#include <stdio.h>
#include <string.h>

#define SAT (UINT64_MAX / 4)
#define NUM_MAX 1000000u /* a repetition bound is read up to this */

struct rg {
	const char *s;
	size_t i, n;
	bool backref;
};

static uint64_t rg_add(uint64_t a, uint64_t b)
{
	return a >= SAT - b ? SAT : a + b;
}

static uint64_t mul(uint64_t a, uint64_t b)
{
	if (!a || !b)
		return 0;
	return a > SAT / b ? SAT : a * b;
}

/* Past a bracket expression; g->i is just after its '['. */
static void bracket(struct rg *g)
{
	if (g->i < g->n && g->s[g->i] == '^')
		g->i++;
	if (g->i < g->n && g->s[g->i] == ']') /* a ']' first is one of the set */
		g->i++;
	while (g->i < g->n && g->s[g->i] != ']') {
		char c = g->s[g->i];
		if (c == '[' && g->i + 1 < g->n &&
		    (g->s[g->i + 1] == ':' || g->s[g->i + 1] == '=' || g->s[g->i + 1] == '.')) {
			/* [:class:], [=equiv=], [.coll.]: to their closing pair */
			char end = g->s[g->i + 1];
			size_t j = g->i + 2;
			while (j + 1 < g->n && !(g->s[j] == end && g->s[j + 1] == ']'))
				j++;
			g->i = j + 1 < g->n ? j + 2 : g->n;
			continue;
		}
		g->i++;
	}
	if (g->i < g->n)
		g->i++;
}

static unsigned rg_number(struct rg *g, bool *any)
{
	unsigned v = 0;
	*any = false;
	while (g->i < g->n && g->s[g->i] >= '0' && g->s[g->i] <= '9') {
		v = v >= NUM_MAX ? NUM_MAX : v * 10 + (unsigned)(g->s[g->i] - '0');
		*any = true;
		g->i++;
	}
	return v;
}

/* A repetition at g->i: true with the copies it makes of what it follows,
 * and g->i past it; false (g->i unchanged) when there is none. */
static bool repetition(struct rg *g, uint64_t *copies)
{
	char c = g->s[g->i];
	if (c == '*' || c == '?' || c == '+') {
		*copies = c == '+' ? 2 : 1;
		g->i++;
		return true;
	}
	if (c != '{')
		return false;
	size_t at = g->i++;
	bool has_m, has_n = false, comma = false;
	unsigned m = rg_number(g, &has_m), n = 0;
	if (g->i < g->n && g->s[g->i] == ',') {
		comma = true;
		g->i++;
		n = rg_number(g, &has_n);
	}
	if (g->i >= g->n || g->s[g->i] != '}' || (!has_m && !has_n && !comma)) {
		g->i = at; /* no interval: a '{' of its own */
		return false;
	}
	g->i++;
	if (!comma)
		*copies = m;
	else if (has_n)
		*copies = n > m ? n : m;
	else
		*copies = (uint64_t)m + 1;
	return true;
}

/* The atoms of alternatives up to the end, or a ')' when in a group. */
static uint64_t alternatives(struct rg *g, bool group)
{
	uint64_t total = 0, prefix = 0, last = 0;
	bool piece = false; /* a piece to repeat precedes */
	while (g->i < g->n) {
		char c = g->s[g->i];
		uint64_t copies;
		if (c == '|') {
			total = rg_add(total, rg_add(prefix, last));
			prefix = last = 0;
			piece = false;
			g->i++;
			continue;
		}
		if (c == ')' && group) {
			g->i++;
			break;
		}
		if (piece && repetition(g, &copies)) {
			last = mul(last, copies);
			continue;
		}
		prefix = rg_add(prefix, last);
		g->i++;
		if (c == '(') {
			last = rg_add(alternatives(g, true), 1);
		} else if (c == '[') {
			bracket(g);
			last = 1;
		} else if (c == '\\') {
			if (g->i < g->n) {
				char e = g->s[g->i++];
				if (e >= '1' && e <= '9')
					g->backref = true;
			}
			last = 1;
		} else {
			last = 1; /* a character, '.', an anchor, a '{' or ')' of its own */
		}
		piece = true;
	}
	return rg_add(total, rg_add(prefix, last));
}

uint64_t regex_guard_atoms(const char *re, bool *backref)
{
	struct rg g = { re, 0, strlen(re), false };
	uint64_t n = alternatives(&g, false); /* (a ')' with no '(' is a character) */
	if (backref)
		*backref = g.backref;
	return n;
}

bool regex_guard(const char *re, char *err, size_t errlen)
{
	size_t len = strlen(re);
	if (len > REGEX_GUARD_MAX_BYTES) {
		snprintf(err, errlen, "too long: %zu bytes (at most %d)", len, REGEX_GUARD_MAX_BYTES);
		return false;
	}
	bool backref;
	uint64_t atoms = regex_guard_atoms(re, &backref);
	if (atoms > REGEX_GUARD_MAX_ATOMS) {
		if (atoms >= SAT)
			snprintf(err, errlen,
				 "too large: its repetitions expand to more than 10^18 atoms "
				 "(at most %d)", REGEX_GUARD_MAX_ATOMS);
		else
			snprintf(err, errlen,
				 "too large: its repetitions expand to %llu atoms (at most %d)",
				 (unsigned long long)atoms, REGEX_GUARD_MAX_ATOMS);
		return false;
	}
	if (backref) {
		snprintf(err, errlen, "a back-reference (\\1 to \\9) can take exponential time to match");
		return false;
	}
	return true;
}
