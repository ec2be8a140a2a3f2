/* The rc file: its syntax, its options, and where it lives. */
#include "rc.h"

#include <errno.h>
#include <pwd.h>
#include <regex.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../model/regex_guard.h"

enum {
	OPT_KEYMAP,
	OPT_COLOR,
	OPT_ASCII,
	OPT_RAW_MAX,
	OPT_HEAP_BANDS,
	OPT_LANE_HEIGHT,
	OPT_RULER_MESSAGES,
	OPT_RULER_PHASES,
	OPT_COUNT
};

static const char *const color_values[] = { "auto", "256", "8", "none", NULL };
static const char *const ascii_values[] = { "auto", "on", "off", NULL };
/* (the index of each is its height; auto: 0) */
static const char *const lane_height_values[] = { "auto", "1", "2", "3", "4", "5", "6", "7", "8",
						  NULL };

#define STR_(x) #x
#define STR(x) STR_(x)

static const struct rc_option options[OPT_COUNT] = {
	[OPT_KEYMAP] = { "keymap", keymap_names, NULL,
			 "The key bindings that bind lines amend: default (vi and less-like) "
			 "or emacs." },
	[OPT_COLOR] = { "color", color_values, NULL,
			"Colors: as many as the terminal has (auto), 256, 8, or none." },
	[OPT_ASCII] = { "ascii", ascii_values, NULL,
			"Draw with ASCII characters only (on), with line and block "
			"characters (off), or decide from the locale (auto)." },
	[OPT_RAW_MAX] = { "raw-max", NULL, STR(RC_RAW_MAX_DEFAULT),
			  "The number of events up to which the capability lanes of a "
			  "window are computed exactly from its events, rather than "
			  "from the index's bins." },
	[OPT_HEAP_BANDS] = { "heap-bands", NULL, STR(RC_HEAP_BANDS_DEFAULT),
			     "The heap pane's bands drawn on their own, at most (the rest "
			     "are summed as other), from 1 to " STR(RC_HEAP_BANDS_MAX)
			     "; --bands overrides it." },
	[OPT_LANE_HEIGHT] = { "lane-height", lane_height_values, NULL,
			      "Rows per capability lane, 1 to 8, or auto: the tallest that shows "
			      "every capability in half of the rows the timeline leaves (one row "
			      "when they do not all fit). The lanes-taller and lanes-shorter keys "
			      "change it while hectic runs." },
	[OPT_RULER_MESSAGES] = { "ruler-messages", NULL, "none",
				 "Messages and markers whose text matches this POSIX extended "
				 "regex are marked on the ruler, as user markers are (none: only "
				 "the markers).",
				 true },
	[OPT_RULER_PHASES] = { "ruler-phases", NULL, "none",
			       "Messages and markers whose text matches this POSIX extended "
			       "regex each start a phase that lasts until the next one (the "
			       "last until the log's end), marked on the ruler and drawn on a "
			       "phases row under the sparklines, named by the regex's first "
			       "group (the whole text without one); for GHC's progress "
			       "messages, Compiling[[:space:]]+([^[:space:]]+) (none: no "
			       "phases).",
			       true },
};

/* Longer words are not keys, actions or values anyone means. */
#define WORD_MAX 64
/* Past this an rc file is not a hand-written config. */
#define FILE_MAX (1 << 20)

const struct rc_option *rc_options(size_t *n)
{
	*n = OPT_COUNT;
	return options;
}

void rc_init(struct rc *rc)
{
	memset(rc, 0, sizeof *rc);
	rc->keymap = keymap_names[0];
	rc->color = RC_COLOR_AUTO;
	rc->ascii = RC_ASCII_AUTO;
	rc->raw_max = RC_RAW_MAX_DEFAULT;
	rc->heap_bands = RC_HEAP_BANDS_DEFAULT;
}

void rc_free(struct rc *rc)
{
	for (size_t i = 0; i < rc->nbinds; i++)
		free(rc->binds[i].key);
	free(rc->binds);
	free(rc->path);
	for (size_t i = 0; i < rc->nspans; i++) {
		free(rc->span_start[i]);
		free(rc->span_stop[i]);
	}
	rc->nspans = 0;
	free(rc->ruler_messages);
	free(rc->ruler_phases);
	rc->ruler_messages = rc->ruler_phases = NULL;
	rc->binds = NULL;
	rc->nbinds = 0;
	rc->path = NULL;
}

__attribute__((format(printf, 3, 4))) static void bad(struct rc *rc, unsigned line,
						       const char *fmt, ...)
{
	rc->nbad++;
	if (rc->nbad > RC_MAX_ERRORS) {
		snprintf(rc->errors[RC_MAX_ERRORS], RC_ERROR_LEN, "%zu more errors not shown",
			 rc->nbad - RC_MAX_ERRORS);
		rc->nerrors = RC_MAX_ERRORS + 1;
		return;
	}
	char *e = rc->errors[rc->nerrors++];
	int off = line ? snprintf(e, RC_ERROR_LEN, "line %u: ", line) : 0;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e + off, RC_ERROR_LEN - (size_t)off, fmt, ap);
	va_end(ap);
}

struct word {
	const char *s;
	size_t n;
};

/* The word as a quoted-safe string for a message: control and non-ASCII
 * bytes as \xNN (a garbage file must not drive the terminal), cut short
 * with "..." when long. */
static const char *quote(char *out, size_t size, struct word w)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0;
	for (size_t i = 0; i < w.n; i++) {
		unsigned char c = (unsigned char)w.s[i];
		if (o + 8 >= size) {
			memcpy(out + o, "...", 3);
			o += 3;
			break;
		}
		if (c < 0x20 || c >= 0x7f) {
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[c >> 4];
			out[o++] = hex[c & 15];
		} else {
			out[o++] = (char)c;
		}
	}
	out[o] = 0;
	return out;
}

/* The word as a C string in buf; false when it does not fit. */
static bool cstr(char *buf, size_t size, struct word w)
{
	if (w.n >= size || memchr(w.s, 0, w.n))
		return false;
	memcpy(buf, w.s, w.n);
	buf[w.n] = 0;
	return true;
}

static bool word_is(struct word w, const char *s)
{
	return strlen(s) == w.n && !memcmp(w.s, s, w.n);
}

/* "auto, 256, 8 or none" */
static const char *choices(char *buf, size_t size, const char *const *v)
{
	size_t o = 0;
	buf[0] = 0;
	for (size_t i = 0; v[i]; i++) {
		const char *sep = i == 0 ? "" : v[i + 1] ? ", " : " or ";
		int k = snprintf(buf + o, size - o, "%s%s", sep, v[i]);
		if (k < 0 || (size_t)k >= size - o)
			break;
		o += (size_t)k;
	}
	return buf;
}

static bool parse_count(struct word w, size_t *out)
{
	size_t v = 0;
	if (w.n == 0)
		return false;
	for (size_t i = 0; i < w.n; i++) {
		if (w.s[i] < '0' || w.s[i] > '9')
			return false;
		size_t d = (size_t)(w.s[i] - '0');
		if (v > (SIZE_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	if (v == 0)
		return false;
	*out = v;
	return true;
}

static void do_bind(struct rc *rc, unsigned line, const struct word *w, rc_key_fn *key_canon,
		    void *ctx)
{
	char key[WORD_MAX], canon[WORD_MAX], q[48];
	if (!cstr(key, sizeof key, w[1])) {
		bad(rc, line, "unknown key '%s'", quote(q, sizeof q, w[1]));
		return;
	}
	if (key_canon) {
		if (!key_canon(key, canon, sizeof canon, ctx)) {
			bad(rc, line, "unknown key '%s'", quote(q, sizeof q, w[1]));
			return;
		}
	} else {
		memcpy(canon, key, sizeof canon);
	}
	char name[WORD_MAX];
	enum action a = ACT_NONE;
	if (!cstr(name, sizeof name, w[2]) ||
	    (!word_is(w[2], "none") && (a = action_by_name(name)) == ACT_NONE)) {
		bad(rc, line, "unknown action '%s'", quote(q, sizeof q, w[2]));
		return;
	}
	/* the way out stays: Ctrl-C quits and Ctrl-Z suspends whatever the
	 * file says, so an rc file cannot lock the user in */
	for (const struct keybind *f = keymap_fixed; f->key; f++) {
		if (!strcmp(canon, f->key) && a != f->action) {
			bad(rc, line, "%s always means %s: it cannot be %s", f->key,
			    action_name(f->action), a == ACT_NONE ? "unbound" : "rebound");
			return;
		}
	}
	struct rc_bind *nb = realloc(rc->binds, (rc->nbinds + 1) * sizeof *nb);
	char *k = strdup(canon);
	if (!nb || !k) {
		if (nb)
			rc->binds = nb;
		free(k);
		bad(rc, line, "out of memory");
		return;
	}
	rc->binds = nb;
	rc->binds[rc->nbinds].key = k;
	rc->binds[rc->nbinds].action = a;
	rc->nbinds++;
}

/* A regex option's value into *out: none, or a regex that regex_guard and
 * regcomp take (else an error, and *out stays). */
static void set_regex(struct rc *rc, unsigned line, struct word w, char **out)
{
	char q[48], why[120];
	if (word_is(w, "none")) {
		free(*out);
		*out = NULL;
		return;
	}
	char *re = malloc(w.n + 1);
	if (!re) {
		bad(rc, line, "out of memory");
		return;
	}
	memcpy(re, w.s, w.n);
	re[w.n] = 0;
	if (!regex_guard(re, why, sizeof why)) {
		bad(rc, line, "regex '%s' refused: %s", quote(q, sizeof q, w), why);
		free(re);
		return;
	}
	regex_t r;
	int e = regcomp(&r, re, REG_EXTENDED);
	if (e) {
		regerror(e, &r, why, sizeof why);
		bad(rc, line, "bad regex '%s': %s", quote(q, sizeof q, w), why);
		free(re);
		return;
	}
	regfree(&r);
	free(*out);
	*out = re;
}

static void do_set(struct rc *rc, unsigned line, const struct word *w)
{
	char q[48], q2[48], list[96];
	size_t o = 0;
	while (o < OPT_COUNT && !word_is(w[1], options[o].name))
		o++;
	if (o == OPT_COUNT) {
		bad(rc, line, "unknown option '%s'", quote(q, sizeof q, w[1]));
		return;
	}
	const struct rc_option *opt = &options[o];
	if (opt->regex) {
		set_regex(rc, line, w[2], o == OPT_RULER_PHASES ? &rc->ruler_phases
								: &rc->ruler_messages);
		return;
	}
	if (!opt->values) {
		size_t v;
		if (!parse_count(w[2], &v)) {
			bad(rc, line, "bad value '%s' for option '%s' (use a positive integer)",
			    quote(q, sizeof q, w[2]), opt->name);
			return;
		}
		if (o == OPT_HEAP_BANDS && v > RC_HEAP_BANDS_MAX) {
			bad(rc, line, "bad value '%s' for option '%s' (use 1 to %d)",
			    quote(q, sizeof q, w[2]), opt->name, RC_HEAP_BANDS_MAX);
			return;
		}
		if (o == OPT_HEAP_BANDS)
			rc->heap_bands = v;
		else
			rc->raw_max = v;
		return;
	}
	size_t i = 0;
	while (opt->values[i] && !word_is(w[2], opt->values[i]))
		i++;
	if (!opt->values[i]) {
		bad(rc, line, "bad value '%s' for option '%s' (use %s)", quote(q2, sizeof q2, w[2]),
		    opt->name, choices(list, sizeof list, opt->values));
		return;
	}
	switch (o) {
	case OPT_KEYMAP:
		rc->keymap = opt->values[i];
		break;
	case OPT_COLOR:
		rc->color = (enum rc_color)i;
		break;
	case OPT_ASCII:
		rc->ascii = (enum rc_ascii)i;
		break;
	case OPT_LANE_HEIGHT:
		rc->lane_height = (int)i;
		break;
	}
}

/* span START STOP: two regexes, each with a group for the name. */
static void do_span(struct rc *rc, unsigned line, const struct word *w, size_t nw)
{
	char q[48];
	if (nw < 3) {
		bad(rc, line, "span needs two regexes: the start and the stop, each with a (group)");
		return;
	}
	if (nw == 4 && w[3].s[0] != '#') {
		bad(rc, line, "unexpected '%s' after the stop regex (no spaces in a regex: "
			      "[[:space:]])", quote(q, sizeof q, w[3]));
		return;
	}
	if (rc->nspans >= RC_SPANS_MAX) {
		bad(rc, line, "at most %d span lines", RC_SPANS_MAX);
		return;
	}
	char *re[2] = { NULL, NULL };
	for (int i = 0; i < 2; i++) {
		re[i] = malloc(w[i + 1].n + 1);
		if (!re[i]) {
			free(re[0]);
			bad(rc, line, "out of memory");
			return;
		}
		memcpy(re[i], w[i + 1].s, w[i + 1].n);
		re[i][w[i + 1].n] = 0;
		char why[160];
		if (!regex_guard(re[i], why, sizeof why)) {
			bad(rc, line, "regex '%s' refused: %s", quote(q, sizeof q, w[i + 1]), why);
			free(re[0]);
			free(re[1]);
			return;
		}
		regex_t r;
		int e = regcomp(&r, re[i], REG_EXTENDED);
		bool group = !e && r.re_nsub >= 1;
		if (!e)
			regfree(&r);
		if (e || !group) {
			bad(rc, line, e ? "bad regex '%s'" : "regex '%s' has no (group) for the name",
			    quote(q, sizeof q, w[i + 1]));
			free(re[0]);
			free(re[1]);
			return;
		}
	}
	rc->span_start[rc->nspans] = re[0];
	rc->span_stop[rc->nspans] = re[1];
	rc->nspans++;
}

static void parse_line(struct rc *rc, unsigned line, const char *p, size_t len,
		       rc_key_fn *key_canon, void *ctx)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)p[i];
		if ((c < 0x20 && c != '\t') || c == 0x7f) {
			bad(rc, line, "not text (byte 0x%02x)", c);
			return;
		}
	}
	/* the command and two arguments, then at most a comment */
	struct word w[4] = { { 0 } };
	size_t nw = 0;
	for (size_t i = 0; i < len && nw < 4;) {
		while (i < len && (p[i] == ' ' || p[i] == '\t'))
			i++;
		if (i == len)
			break;
		size_t s = i;
		while (i < len && p[i] != ' ' && p[i] != '\t')
			i++;
		w[nw].s = p + s;
		w[nw].n = i - s;
		nw++;
	}
	if (nw == 0 || w[0].s[0] == '#')
		return;
	char q[48];
	if (word_is(w[0], "span")) {
		do_span(rc, line, w, nw);
		return;
	}
	bool is_bind = word_is(w[0], "bind");
	if (!is_bind && !word_is(w[0], "set")) {
		bad(rc, line, "unknown command '%s' (use bind, set or span)", quote(q, sizeof q, w[0]));
		return;
	}
	if (nw < 3) {
		bad(rc, line, is_bind ? "bind needs a key and an action"
				      : "set needs an option and a value");
		return;
	}
	if (nw == 4 && w[3].s[0] != '#') {
		bad(rc, line, "unexpected '%s' after the %s", quote(q, sizeof q, w[3]),
		    is_bind ? "action" : "value");
		return;
	}
	if (is_bind)
		do_bind(rc, line, w, key_canon, ctx);
	else
		do_set(rc, line, w);
}

void rc_parse(struct rc *rc, const char *text, size_t len, rc_key_fn *key_canon, void *ctx)
{
	/* editors on some systems start UTF-8 files with a byte order mark */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) {
		text += 3;
		len -= 3;
	}
	unsigned line = 0;
	size_t i = 0;
	while (i < len) {
		line++;
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len;
		size_t n = end - i;
		if (n && text[i + n - 1] == '\r')
			n--;
		parse_line(rc, line, text + i, n, key_canon, ctx);
		i = end + 1;
	}
}

bool rc_load(struct rc *rc, const char *path, rc_key_fn *key_canon, void *ctx)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		if (errno == ENOENT || errno == ENOTDIR)
			return false;
		int e = errno;
		free(rc->path);
		rc->path = strdup(path);
		bad(rc, 0, "%s", strerror(e));
		return false;
	}
	free(rc->path);
	rc->path = strdup(path);
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	bool ok = buf != NULL;
	while (ok) {
		if (len == cap) {
			char *nb = realloc(buf, cap * 2);
			if (!nb) {
				ok = false;
				bad(rc, 0, "out of memory");
				break;
			}
			buf = nb;
			cap *= 2;
		}
		size_t k = fread(buf + len, 1, cap - len, f);
		len += k;
		if (len > FILE_MAX) {
			bad(rc, 0, "bigger than %d MB: not read", FILE_MAX >> 20);
			ok = false;
		} else if (k == 0) {
			if (ferror(f)) {
				bad(rc, 0, "%s", strerror(errno));
				ok = false;
			}
			break;
		}
	}
	if (!buf)
		bad(rc, 0, "out of memory");
	fclose(f);
	if (ok)
		rc_parse(rc, buf, len, key_canon, ctx);
	free(buf);
	return ok;
}

char *rc_default_path(void)
{
	static const char rel[] = "/hectic/hecticrc";
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *base = NULL, *mid = "";
	/* the XDG spec says to ignore a relative path */
	if (xdg && xdg[0] == '/') {
		base = xdg;
	} else {
		base = getenv("HOME");
		if (!base || !base[0]) {
			struct passwd *pw = getpwuid(getuid());
			base = pw ? pw->pw_dir : NULL;
		}
		mid = "/.config";
	}
	if (!base || !base[0])
		return NULL;
	size_t n = strlen(base) + strlen(mid) + sizeof rel;
	char *p = malloc(n);
	if (p)
		snprintf(p, n, "%s%s%s", base, mid, rel);
	return p;
}

bool rc_load_default(struct rc *rc, rc_key_fn *key_canon, void *ctx)
{
	char *path = rc_default_path();
	if (!path)
		return false;
	bool ok = rc_load(rc, path, key_canon, ctx);
	free(path);
	return ok;
}

struct keymap *rc_keymap(const struct rc *rc, const char *name)
{
	struct keymap *km = keymap_new(name ? name : rc->keymap);
	if (!km)
		return NULL;
	for (size_t i = 0; i < rc->nbinds; i++) {
		if (!keymap_bind(km, rc->binds[i].key, rc->binds[i].action)) {
			keymap_free(km);
			return NULL;
		}
	}
	return km;
}
