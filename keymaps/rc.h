/* rc: the reader of the user's hecticrc.
 *
 * Owns the rc file's syntax, its option table (names, allowed values, help:
 * data that the man page is generated from too) and where the file is
 * looked for. A bad line never stops the program: it is skipped and
 * reported with its line number in an error list that the caller prints.
 *
 * The file is lines of words separated by blanks:
 *
 *     # a comment
 *     bind KEY ACTION     (ACTION "none" unbinds KEY; the keys of
 *                          keymap_fixed cannot be changed: an error)
 *     set OPTION VALUE
 *
 * A word that starts with # after a command's arguments starts a comment,
 * so `bind # help` binds the # key. Keys are spelled as in keymaps.h.
 *
 * Knows nothing of termkey: the caller says which keys exist. Never
 * includes curses or termkey. */
#ifndef HECTIC_RC_H
#define HECTIC_RC_H

#include <stdbool.h>
#include <stddef.h>

#include "actions.h"
#include "keymaps.h"

enum rc_color { RC_COLOR_AUTO, RC_COLOR_256, RC_COLOR_8, RC_COLOR_NONE };
enum rc_ascii { RC_ASCII_AUTO, RC_ASCII_ON, RC_ASCII_OFF };

#define RC_RAW_MAX_DEFAULT 50000
/* the heap pane's bands (eventlog2html's --bands: 15 by default) */
#define RC_HEAP_BANDS_DEFAULT 15
#define RC_HEAP_BANDS_MAX 60
/* Errors kept; past these one more entry says how many were left out. */
#define RC_MAX_ERRORS 20
/* span lines kept (the rest are reported) */
#define RC_SPANS_MAX 6
#define RC_ERROR_LEN 160

/* One `set` option. The allowed values are the words in values (the first
 * one is the default), or, when values is NULL, a positive integer whose
 * default is in deflt, or, when regex, a POSIX extended regex (no blanks:
 * [[:space:]]) or none, the default. Read-only. */
struct rc_option {
	const char *name;
	const char *const *values;
	const char *deflt;
	const char *help;
	bool regex;
};

/* The options, in the order the man page lists them; *n is their number. */
const struct rc_option *rc_options(size_t *n);

/* Checks a key name and writes its canonical spelling (the one the input
 * module gives keys it reads) into out, of size n. False when the name is
 * not a key. */
typedef bool rc_key_fn(const char *key, char *out, size_t n, void *ctx);

struct rc_bind {
	char *key; /* canonical */
	enum action action; /* ACT_NONE: unbind */
};

struct rc {
	char *path;             /* the file read, or NULL */
	const char *keymap;     /* one of keymap_names */
	enum rc_color color;
	enum rc_ascii ascii;
	size_t raw_max;
	size_t heap_bands;
	int lane_height;        /* rows per capability lane, 1 .. 8; 0: auto */
	struct rc_bind *binds;  /* in file order */
	size_t nbinds;
	/* span START STOP lines: a pair of POSIX extended regexes, each with
	 * a group for the span's name, tried before the built-in pairs */
	char *span_start[RC_SPANS_MAX], *span_stop[RC_SPANS_MAX];
	size_t nspans;
	/* set ruler-messages / ruler-phases: the regex (checked by
	 * regex_guard and regcomp), NULL for none */
	char *ruler_messages, *ruler_phases;
	/* "line 3: unknown action 'zoom'": the caller prints each after the
	 * file's path. Text from the file is quoted with control and non-ASCII
	 * bytes as \xNN, so the messages are safe to print on a terminal. */
	char errors[RC_MAX_ERRORS + 1][RC_ERROR_LEN];
	size_t nerrors;         /* entries in errors */
	size_t nbad;            /* errors found, shown or not */
};

/* The defaults, no bindings, no errors. */
void rc_init(struct rc *rc);
void rc_free(struct rc *rc);

/* Reads the len bytes of text (any bytes; need not end with a newline) into
 * rc, on top of what it holds. key_canon may be NULL: then any key is
 * taken as written. */
void rc_parse(struct rc *rc, const char *text, size_t len, rc_key_fn *key_canon, void *ctx);

/* Reads the file at path. A missing file is not an error (false, nothing
 * reported); a file that cannot be read is (false, reported). True when the
 * file was read, even with bad lines. */
bool rc_load(struct rc *rc, const char *path, rc_key_fn *key_canon, void *ctx);

/* The path of the user's rc file: $XDG_CONFIG_HOME/hectic/hecticrc, or
 * ~/.config/hectic/hecticrc when XDG_CONFIG_HOME is unset, empty or not
 * absolute. Allocated; NULL when there is no home directory either. */
char *rc_default_path(void);

/* rc_load of rc_default_path(). */
bool rc_load_default(struct rc *rc, rc_key_fn *key_canon, void *ctx);

/* The keymap called name (NULL: the one rc sets) with rc's bindings
 * applied in file order. NULL for an unknown name or out of memory. */
struct keymap *rc_keymap(const struct rc *rc, const char *name);

#endif
