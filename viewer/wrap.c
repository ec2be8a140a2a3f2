/* Text fitted to a width: lines broken at blanks, titles whose key hints
 * give way first. */
#include "wrap.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "../parser/utf8.h"

int wrap_char_cols(const char *s, size_t n, bool ascii, size_t *len)
{
	unsigned char c = (unsigned char)*s;
	if (c < 0x80 || n == 0) {
		*len = n ? 1 : 0;
		return n ? 1 : 0;
	}
	size_t k = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
	if (k > n)
		k = n;
	*len = k;
	if (ascii)
		return 4 * (int)k; /* each byte as \xNN */
	uint32_t cp = 0;
	utf8_next((const uint8_t *)s, k, &cp);
	int w = wcwidth((wchar_t)cp);
	return w < 1 ? 1 : w;
}

int wrap_cols(const char *s, size_t n, bool ascii)
{
	int w = 0;
	for (size_t i = 0, k; i < n; i += k)
		w += wrap_char_cols(s + i, n - i, ascii, &k);
	return w;
}

size_t wrap_line(const char *s, size_t n, int width, bool ascii, size_t *take)
{
	size_t i = 0, k, brk = 0; /* brk: the last blank that ends a word */
	int w = 0;
	while (i < n) {
		int cw = wrap_char_cols(s + i, n - i, ascii, &k);
		if (s[i] == ' ' && i > 0 && s[i - 1] != ' ')
			brk = i;
		if (w + cw > width && s[i] != ' ')
			break;
		w += cw;
		i += k;
	}
	if (i >= n) { /* the rest fits: the line ends it, its blanks left out */
		*take = n;
		while (*take && s[*take - 1] == ' ')
			(*take)--;
		return n;
	}
	if (brk) { /* at the last blank: the blanks there are used up */
		*take = brk;
		while (brk < n && s[brk] == ' ')
			brk++;
		return brk;
	}
	if (i == 0) /* not even one character fits: it goes alone */
		wrap_char_cols(s, n, ascii, &i);
	*take = i;
	while (*take && s[*take - 1] == ' ')
		(*take)--;
	return i;
}

int wrap_count(const char *s, size_t n, int width, bool ascii)
{
	int lines = 0;
	size_t take;
	while (n > 0) {
		size_t used = wrap_line(s, n, width, ascii, &take);
		s += used;
		n -= used;
		lines++;
	}
	return lines;
}

/* ---- titles ---- */

#define TITLE_PARTS 32

/* A title's parts in parentheses: [a, b) of the text, its group, and
 * whether it is a key hint (holds ": ") still shown. */
struct title_part {
	size_t a, b;
	int group;
	bool hint, shown;
};

struct title_group {
	size_t open, close; /* the parentheses */
};

/* The groups and parts of title t; returns the parts' count. */
static size_t title_parse(const char *t, struct title_group *g, int *ng, struct title_part *p)
{
	size_t np = 0;
	*ng = 0;
	for (size_t i = 0; t[i] && *ng < TITLE_PARTS; i++) {
		if (t[i] != '(')
			continue;
		const char *close = strchr(t + i, ')');
		const char *inner = strchr(t + i + 1, '(');
		if (!close || (inner && inner < close))
			continue;
		size_t c = (size_t)(close - t);
		g[*ng] = (struct title_group){ i, c };
		for (size_t a = i + 1; a < c && np < TITLE_PARTS;) {
			const char *semi = strstr(t + a, "; ");
			size_t b = semi && (size_t)(semi - t) < c ? (size_t)(semi - t) : c;
			bool hint = false;
			for (size_t k = a; k + 1 < b; k++)
				hint |= t[k] == ':' && t[k + 1] == ' ';
			p[np++] = (struct title_part){ a, b, *ng, hint, true };
			a = b < c ? b + 2 : c;
		}
		(*ng)++;
		i = c;
	}
	return np;
}

/* The title with the parts not shown left out, into out. */
static void title_build(const char *t, const struct title_group *g, int ng,
			const struct title_part *p, size_t np, char *out, size_t n)
{
	size_t w = 0, from = 0;
	out[0] = 0;
	for (int k = 0; k < ng; k++) {
		size_t first = np;
		for (size_t j = 0; j < np; j++)
			if (p[j].group == k && p[j].shown) {
				first = j;
				break;
			}
		size_t end = g[k].open;
		if (first == np && end > from && t[end - 1] == ' ')
			end--; /* the group goes, and the blank before it */
		w += (size_t)snprintf(out + w, w < n ? n - w : 0, "%.*s", (int)(end - from), t + from);
		from = g[k].close + 1;
		if (first == np)
			continue;
		w += (size_t)snprintf(out + w, w < n ? n - w : 0, "(");
		for (size_t j = first, any = 0; j < np; j++)
			if (p[j].group == k && p[j].shown)
				w += (size_t)snprintf(out + w, w < n ? n - w : 0, "%s%.*s", any++ ? "; " : "",
						      (int)(p[j].b - p[j].a), t + p[j].a);
		w += (size_t)snprintf(out + w, w < n ? n - w : 0, ")");
	}
	snprintf(out + (w < n ? w : n - 1), w < n ? n - w : 1, "%s", t + from);
}

/* out (n bytes) cut to width columns, an ellipsis ("..." in ASCII mode)
 * marking the cut; as it is when it fits. Returns out. */
static char *cut_said(char *out, size_t n, int width, bool ascii)
{
	if (wrap_cols(out, strlen(out), ascii) <= width)
		return out;
	const char *more = ascii ? "..." : "\u2026";
	int room = width - (ascii ? 3 : 1);
	size_t i = 0, k;
	for (int w = 0; out[i];) {
		int cw = wrap_char_cols(out + i, strlen(out + i), ascii, &k);
		if (w + cw > room)
			break;
		w += cw;
		i += k;
	}
	while (i && out[i - 1] == ' ')
		i--;
	if (room < 0)
		i = 0;
	snprintf(out + i, n - i, "%s", room < 0 ? "" : more);
	return out;
}

char *wrap_title(const char *title, int width, bool ascii, char *out, size_t n)
{
	if (!n)
		return out;
	snprintf(out, n, "%s", title);
	if (wrap_cols(out, strlen(out), ascii) <= width)
		return out;
	struct title_group g[TITLE_PARTS];
	struct title_part p[TITLE_PARTS];
	int ng;
	size_t np = title_parse(title, g, &ng, p);
	for (size_t j = np; j-- > 0;) {
		if (!p[j].hint)
			continue;
		p[j].shown = false;
		title_build(title, g, ng, p, np, out, n);
		if (wrap_cols(out, strlen(out), ascii) <= width)
			return out;
	}
	return cut_said(out, n, width, ascii);
}

/* The width of a line of parts: each shown part's form, after its sep
 * when a part before it is shown; the line into out when out. */
static int parts_line(const struct wrap_part *p, size_t np, const int *form, bool ascii, char *out,
		      size_t n)
{
	int w = 0;
	size_t at = 0;
	bool any = false;
	if (out && n)
		out[0] = 0;
	for (size_t i = 0; i < np; i++) {
		const char *f = p[i].form[form[i]];
		if (!f || !*f)
			continue;
		const char *sep = any && p[i].sep ? p[i].sep : "";
		w += wrap_cols(sep, strlen(sep), ascii) + wrap_cols(f, strlen(f), ascii);
		if (out && at < n)
			at += (size_t)snprintf(out + at, n - at, "%s%s", sep, f);
		any = true;
	}
	return w;
}

char *wrap_parts(const struct wrap_part *p, size_t np, int width, bool ascii, char *out, size_t n)
{
	if (!n)
		return out;
	int form[WRAP_PARTS_MAX] = { 0 };
	if (np > WRAP_PARTS_MAX)
		np = WRAP_PARTS_MAX;
	while (parts_line(p, np, form, ascii, NULL, 0) > width) {
		/* the part of the lowest rank that can still give way takes its
		 * next form (the first such part of that rank) */
		size_t pick = np;
		for (size_t i = 0; i < np; i++) {
			bool more = form[i] + 1 < WRAP_FORMS && p[i].form[form[i] + 1];
			if (more && (pick == np || p[i].rank < p[pick].rank))
				pick = i;
		}
		if (pick == np)
			break; /* each at its last form */
		form[pick]++;
	}
	parts_line(p, np, form, ascii, out, n);
	return cut_said(out, n, width, ascii);
}

char *wrap_hint(const char *hint, int width, bool ascii, char *out, size_t n)
{
	if (!n)
		return out;
	snprintf(out, n, "%s", hint);
	const char *more = ascii ? "..." : "\u2026";
	size_t len = strlen(out);
	while (wrap_cols(out, len, ascii) > width) {
		/* the last part gives way: cut at the last ", " */
		char *c = NULL;
		for (size_t i = 0; i + 1 < len; i++)
			if (out[i] == ',' && out[i + 1] == ' ')
				c = out + i;
		if (!c)
			return wrap_title(hint, width, ascii, out, n); /* one part: cut it */
		len = (size_t)(c - out);
		out[len] = 0;
		if (wrap_cols(out, len, ascii) + 2 + wrap_cols(more, strlen(more), ascii) <= width) {
			snprintf(out + len, n - len, ", %s", more);
			return out;
		}
	}
	return out;
}
