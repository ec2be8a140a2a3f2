/* label_fit: a label shortened to a width so that it still reads
 * differently from the labels beside it (issue 33). A label that fits is
 * shown whole. One that must be shortened loses what it shares with the
 * others first: the longest prefix it has in common with any of them
 * (a package, a module path, "worker-"), from the start of the word that
 * holds the first differing character, shown after an ellipsis, with as
 * much of its end as fits ("…Types.Id.Info.IdInfo", "…Map.Internal.Bin",
 * "…er-3"); when even that part does not fit, its start is kept and its
 * end cut too ("…Info.IdI…"). A label that shares no prefix is cut at its
 * end ("Compil…"). Labels are printable UTF-8 (the log's text escaped);
 * widths are wcwidth's, a character of none taking one column. No
 * terminal. */
#include "label_fit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "../parser/render.h"
#include "../parser/utf8.h"

/* The columns of the character at s (k bytes: *k set). */
static int char_cols(const char *s, size_t n, size_t *k)
{
	uint32_t cp = 0;
	*k = utf8_next((const uint8_t *)s, n, &cp);
	if (!*k) {
		*k = 1;
		return 1;
	}
	int w = wcwidth((wchar_t)cp);
	return w < 1 ? 1 : w;
}

int label_width(const char *s, size_t n)
{
	int w = 0;
	for (size_t i = 0, k; i < n; i += k)
		w += char_cols(s + i, n - i, &k);
	return w;
}

/* The start of the character holding byte i (UTF-8 continuation bytes
 * are 10xxxxxx). */
static size_t char_start(const char *s, size_t i)
{
	while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80)
		i--;
	return i;
}

/* The bytes of s that fit in w columns from byte i: their end. */
static size_t fit_from(const char *s, size_t n, size_t i, int w)
{
	int used = 0;
	while (i < n) {
		size_t k;
		int c = char_cols(s + i, n - i, &k);
		if (used + c > w)
			break;
		used += c;
		i += k;
	}
	return i;
}

/* The start of the last bytes of s that fit in w columns. */
static size_t fit_tail(const char *s, size_t n, int w)
{
	size_t i = n;
	int used = 0;
	while (i > 0) {
		size_t j = char_start(s, i - 1), k;
		int c = char_cols(s + j, n - j, &k);
		if (used + c > w)
			break;
		used += c;
		i = j;
	}
	return i;
}

static bool word_break(char c)
{
	return c == '.' || c == ':' || c == '/' || c == '-' || c == '_' || c == ' ' || c == '(' ||
	       c == '[' || c == '<' || c == ',';
}

/* Whether the end of s from byte tail differs from the end of every
 * other label that is not s's own text, each cut to w columns as s's. */
static bool tails_differ(const char *s, size_t n, size_t tail, const struct label_text *others,
			 size_t nothers, int w)
{
	for (size_t j = 0; j < nothers; j++) {
		const struct label_text *o = &others[j];
		if ((o->s == s && o->n == n) || (o->n == n && !memcmp(o->s, s, n)))
			continue;
		size_t t = fit_tail(o->s, o->n, w);
		if (o->n - t == n - tail && !memcmp(o->s + t, s + tail, n - tail))
			return false;
	}
	return true;
}

size_t label_shared_prefix(const char *s, size_t n, const struct label_text *others, size_t nothers)
{
	size_t best = 0;
	for (size_t j = 0; j < nothers; j++) {
		const struct label_text *o = &others[j];
		if (o->s == s && o->n == n)
			continue; /* (itself, when handed the whole set) */
		size_t k = 0, m = n < o->n ? n : o->n;
		while (k < m && s[k] == o->s[k])
			k++;
		if (k == n && k == o->n)
			continue; /* the same text: nothing tells them apart */
		if (k > best)
			best = k;
	}
	return char_start(s, best);
}

void label_fit(const char *s, size_t n, const struct label_text *others, size_t nothers, int w,
	       const char *ell, struct label_part *out)
{
	memset(out, 0, sizeof *out);
	int ew = label_width(ell, strlen(ell));
	if (w <= 0)
		return;
	if (label_width(s, n) <= w) {
		out->len = n;
		return;
	}
	if (w <= ew) { /* room for the ellipsis alone */
		out->lead = true;
		return;
	}
	size_t d = label_shared_prefix(s, n, others, nothers);
	if (d == 0) { /* the start tells it apart: cut at the end */
		out->len = fit_from(s, n, 0, w - ew);
		out->trail = true;
		return;
	}
	/* from the start of the word that holds the first differing byte */
	size_t from = d;
	while (from > 0 && !word_break(s[from - 1]))
		from--;
	size_t tail = fit_tail(s, n, w - ew);
	out->lead = true;
	if (tail <= from || tails_differ(s, n, tail, others, nothers, w - ew)) {
		/* its end shows the differing part, or reads unlike every
		 * other's end (without a separator right after the ellipsis) */
		if (tail + 1 < n && tail < from && (s[tail] == '.' || s[tail] == ':' || s[tail] == '/'))
			tail++;
		out->start = tail;
		out->len = n - tail;
		return;
	}
	/* its differing part, cut at both ends; the word's start first, or
	 * the differing byte itself where the word is too long */
	if (label_width(s + from, d - from) + 1 > w - 2 * ew)
		from = d;
	out->start = from;
	out->len = fit_from(s, n, from, w - 2 * ew) - from;
	out->trail = true;
}

char *label_text_of(const uint8_t *p, size_t n, bool ascii, size_t *len)
{
	struct sbuf b = { .escape = true };
	sbuf_text(&b, p, n);
	if (b.oom) {
		sbuf_free(&b);
		return NULL;
	}
	size_t hi = 0;
	for (size_t i = 0; ascii && i < b.n; i++)
		hi += (unsigned char)b.p[i] >= 0x80;
	char *t = malloc(b.n + 3 * hi + 1);
	if (t) {
		size_t k = 0;
		for (size_t i = 0; i < b.n; i++) {
			unsigned char c = (unsigned char)b.p[i];
			if (ascii && c >= 0x80)
				k += (size_t)snprintf(t + k, 5, "\\x%02x", c);
			else
				t[k++] = (char)c;
		}
		t[k] = 0;
		*len = k;
	}
	sbuf_free(&b);
	return t;
}

size_t label_set_add(struct label_set *l, const uint8_t *p, size_t n, bool ascii)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 32;
		struct label_text *t = realloc(l->t, cap * sizeof *t);
		if (!t) {
			l->oom = true;
			return l->n ? l->n - 1 : 0;
		}
		l->t = t;
		l->cap = cap;
	}
	struct label_text *t = &l->t[l->n];
	t->s = NULL;
	t->n = 0;
	if (p && n && !(t->s = label_text_of(p, n, ascii, &t->n)))
		l->oom = true;
	return l->n++;
}

void label_set_free(struct label_set *l)
{
	for (size_t i = 0; i < l->n; i++)
		free((char *)l->t[i].s);
	free(l->t);
	memset(l, 0, sizeof *l);
}

void label_set_fit(const struct label_set *l, size_t i, int w, bool ascii, struct label_part *out)
{
	const struct label_text *t = &l->t[i];
	if (!t->s) {
		memset(out, 0, sizeof *out);
		return;
	}
	label_fit(t->s, t->n, l->t, l->n, w, ascii ? "~" : "\u2026", out);
}

int label_set_widest(const struct label_set *l)
{
	int w = 0;
	for (size_t i = 0; i < l->n; i++) {
		int k = l->t[i].s ? label_width(l->t[i].s, l->t[i].n) : 0;
		w = k > w ? k : w;
	}
	return w;
}

int label_width_of(const uint8_t *p, size_t n, bool ascii)
{
	size_t len;
	char *t = p && n ? label_text_of(p, n, ascii, &len) : NULL;
	int w = t ? label_width(t, len) : 0;
	free(t);
	return w;
}
