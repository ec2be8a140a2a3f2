/* The keymap tables, and the mutable keymap built from one. */
#include "keymaps.h"

#include <stdlib.h>
#include <string.h>

#define B(k, a) { k, ACT_##a }

/* vi-like motion, less-like paging of the event list. */
static const struct keybind default_map[] = {
	B("q", QUIT),
	B("<C-c>", QUIT),
	B("<C-z>", SUSPEND),
	B("?", HELP),
	B("+", ZOOM_IN),
	B("i", ZOOM_IN),
	B("-", ZOOM_OUT),
	B("o", ZOOM_OUT),
	B("=", ZOOM_FIT),
	B("h", LEFT),
	B("<Left>", LEFT),
	B("l", RIGHT),
	B("<Right>", RIGHT),
	B("<PageUp>", PAGE_LEFT),
	B("<PageDown>", PAGE_RIGHT),
	B("g", GO_START),
	B("<Home>", GO_START),
	B("G", GO_END),
	B("<End>", GO_END),
	B(":", GOTO_TIME),
	B("v", MARK),
	B("z", ZOOM_MARK),
	B("]", NEXT_GC),
	B("[", PREV_GC),
	B("}", NEXT_MAJOR_GC),
	B("{", PREV_MAJOR_GC),
	B("p", PAUSE_LIST),
	B("f", FILTERS),
	B("F", TOGGLE_FILTERS),
	B("T", TOGGLE_TIMES),
	B("/", SEARCH),
	B("n", SEARCH_NEXT),
	B("N", SEARCH_PREV),
	B("t", THREADS),
	B("s", STATS),
	B("m", BOOKMARK),
	B("'", BOOKMARKS),
	B("L", LIST_THREAD),
	B("C", LIST_CAP),
	B("d", EVENT_DETAIL),
	B("A", SPARKS_VIEW),
	B("R", THREAD_ROWS),
	B("S", SPANS),
	B("H", HEAP_VIEW),
	B("P", PROFILE_VIEW),
	B("M", PANE_MODE),
	B("r", PANE_SORT),
	B("w", PANE_SCOPE),
	B("c", PANE_CAP),
	B("B", TOGGLE_BUILTIN),
	B("x", HIGHLIGHT),
	B("E", EXPAND_ALL),
	B("k", UP),
	B("<Up>", UP),
	B("j", DOWN),
	B("<Down>", DOWN),
	B("<C-u>", PAGE_UP),
	B("<C-b>", PAGE_UP),
	B("b", PAGE_UP),
	B("<C-d>", PAGE_DOWN),
	B("<C-f>", PAGE_DOWN),
	B("<Space>", PAGE_DOWN),
	B("K", LANES_UP),
	B("J", LANES_DOWN),
	B("<Enter>", SELECT),
	B("<Escape>", CANCEL),
	B("<C-l>", REDRAW),
};

/* Emacs motion. The terminal's own keys (arrows, PageUp/PageDown,
 * Home/End, Enter, Escape) mean what they mean in the default map, / still
 * searches and n/N still repeat a search: C-s opens the prompt as / does,
 * and C-r goes back as N does. */
static const struct keybind emacs_map[] = {
	B("q", QUIT),
	B("<C-c>", QUIT),
	B("<C-z>", SUSPEND),
	B("?", HELP),
	B("+", ZOOM_IN),
	B("-", ZOOM_OUT),
	B("=", ZOOM_FIT),
	B("<C-b>", LEFT),
	B("<Left>", LEFT),
	B("<C-f>", RIGHT),
	B("<Right>", RIGHT),
	B("<M-b>", PAGE_LEFT),
	B("<PageUp>", PAGE_LEFT),
	B("<M-f>", PAGE_RIGHT),
	B("<PageDown>", PAGE_RIGHT),
	B("<M-<>", GO_START),
	B("<Home>", GO_START),
	B("<M->>", GO_END),
	B("<End>", GO_END),
	B(":", GOTO_TIME),
	B("v", MARK),
	B("z", ZOOM_MARK),
	B("]", NEXT_GC),
	B("[", PREV_GC),
	B("}", NEXT_MAJOR_GC),
	B("{", PREV_MAJOR_GC),
	B("p", PAUSE_LIST),
	B("f", FILTERS),
	B("F", TOGGLE_FILTERS),
	B("T", TOGGLE_TIMES),
	B("<C-s>", SEARCH),
	B("/", SEARCH),
	B("n", SEARCH_NEXT),
	B("<C-r>", SEARCH_PREV),
	B("N", SEARCH_PREV),
	B("t", THREADS),
	B("s", STATS),
	B("m", BOOKMARK),
	B("'", BOOKMARKS),
	B("L", LIST_THREAD),
	B("C", LIST_CAP),
	B("d", EVENT_DETAIL),
	B("A", SPARKS_VIEW),
	B("R", THREAD_ROWS),
	B("S", SPANS),
	B("H", HEAP_VIEW),
	B("P", PROFILE_VIEW),
	B("M", PANE_MODE),
	B("r", PANE_SORT),
	B("w", PANE_SCOPE),
	B("c", PANE_CAP),
	B("B", TOGGLE_BUILTIN),
	B("x", HIGHLIGHT),
	B("E", EXPAND_ALL),
	B("<C-p>", UP),
	B("<Up>", UP),
	B("<C-n>", DOWN),
	B("<Down>", DOWN),
	B("<M-v>", PAGE_UP),
	B("<C-v>", PAGE_DOWN),
	B("<M-p>", LANES_UP),
	B("<M-n>", LANES_DOWN),
	B("<Enter>", SELECT),
	B("<C-g>", CANCEL),
	B("<Escape>", CANCEL),
	B("<C-l>", REDRAW),
};

#undef B

#define P(k, a) { k, PA_##a }

/* The prompts' line editor: the terminal's keys, and the two that every
 * terminal's own line editing has (C-u, C-w). C-g and C-c cancel as
 * Escape does. */
static const struct promptbind default_prompt[] = {
	P("<Enter>", ACCEPT),
	P("<Escape>", CANCEL),
	P("<C-g>", CANCEL),
	P("<C-c>", CANCEL),
	P("<Backspace>", BACKSPACE),
	P("<Delete>", DELETE),
	P("<Left>", LEFT),
	P("<Right>", RIGHT),
	P("<Home>", HOME),
	P("<End>", END),
	P("<C-u>", KILL_START),
	P("<C-w>", KILL_WORD),
};

/* The same, and readline's emacs keys. */
static const struct promptbind emacs_prompt[] = {
	P("<Enter>", ACCEPT),
	P("<Escape>", CANCEL),
	P("<C-g>", CANCEL),
	P("<C-c>", CANCEL),
	P("<Backspace>", BACKSPACE),
	P("<Delete>", DELETE),
	P("<C-d>", DELETE),
	P("<Left>", LEFT),
	P("<C-b>", LEFT),
	P("<Right>", RIGHT),
	P("<C-f>", RIGHT),
	P("<Home>", HOME),
	P("<C-a>", HOME),
	P("<End>", END),
	P("<C-e>", END),
	P("<M-b>", WORD_LEFT),
	P("<M-f>", WORD_RIGHT),
	P("<C-k>", KILL_END),
	P("<C-u>", KILL_START),
	P("<C-w>", KILL_WORD),
};

#undef P

const char *const keymap_names[] = { "default", "emacs", NULL };

/* The terminal's own keys for these, which raw mode turns into keys: every
 * table binds them, and bind lines cannot change them. */
const struct keybind keymap_fixed[] = {
	{ "<C-c>", ACT_QUIT },
	{ "<C-z>", ACT_SUSPEND },
	{ NULL, ACT_NONE },
};

#define LEN(a) (sizeof a / sizeof a[0])

static const struct {
	const struct keybind *binds;
	size_t n;
	const struct promptbind *prompt;
	size_t nprompt;
} tables[] = {
	{ default_map, LEN(default_map), default_prompt, LEN(default_prompt) },
	{ emacs_map, LEN(emacs_map), emacs_prompt, LEN(emacs_prompt) },
};

const struct keybind *keymap_get(const char *name, size_t *n)
{
	for (size_t i = 0; keymap_names[i]; i++) {
		if (!strcmp(keymap_names[i], name)) {
			*n = tables[i].n;
			return tables[i].binds;
		}
	}
	*n = 0;
	return NULL;
}

const struct promptbind *keymap_prompt_get(const char *name, size_t *n)
{
	for (size_t i = 0; keymap_names[i]; i++) {
		if (!strcmp(keymap_names[i], name)) {
			*n = tables[i].nprompt;
			return tables[i].prompt;
		}
	}
	*n = 0;
	return NULL;
}

enum prompt_action keymap_prompt_lookup(const char *name, const char *key)
{
	size_t n;
	const struct promptbind *t = keymap_prompt_get(name, &n);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].key, key))
			return t[i].action;
	return PA_NONE;
}

struct binding {
	char *key;
	enum action action;
};

struct keymap {
	struct binding *b;
	size_t n, cap;
};

void keymap_free(struct keymap *km)
{
	if (!km)
		return;
	for (size_t i = 0; i < km->n; i++)
		free(km->b[i].key);
	free(km->b);
	free(km);
}

struct keymap *keymap_new(const char *name)
{
	size_t n;
	const struct keybind *t = keymap_get(name, &n);
	if (!t)
		return NULL;
	struct keymap *km = calloc(1, sizeof *km);
	if (!km)
		return NULL;
	/* room for a few rc bindings before the first realloc */
	km->cap = n + 16;
	km->b = calloc(km->cap, sizeof *km->b);
	if (!km->b) {
		free(km);
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		km->b[i].key = strdup(t[i].key);
		if (!km->b[i].key) {
			keymap_free(km);
			return NULL;
		}
		km->b[i].action = t[i].action;
		km->n++;
	}
	return km;
}

static struct binding *find(const struct keymap *km, const char *key)
{
	for (size_t i = 0; i < km->n; i++)
		if (!strcmp(km->b[i].key, key))
			return &km->b[i];
	return NULL;
}

bool keymap_bind(struct keymap *km, const char *key, enum action a)
{
	struct binding *b = find(km, key);
	if (b && a == ACT_NONE) {
		free(b->key);
		size_t i = (size_t)(b - km->b);
		memmove(b, b + 1, (km->n - i - 1) * sizeof *b);
		km->n--;
		return true;
	}
	if (b) {
		/* rebinding in place keeps the key's place in the help */
		b->action = a;
		return true;
	}
	if (a == ACT_NONE)
		return true;
	if (km->n == km->cap) {
		size_t cap = km->cap ? km->cap * 2 : 16;
		struct binding *nb = realloc(km->b, cap * sizeof *nb);
		if (!nb)
			return false;
		km->b = nb;
		km->cap = cap;
	}
	char *k = strdup(key);
	if (!k)
		return false;
	km->b[km->n].key = k;
	km->b[km->n].action = a;
	km->n++;
	return true;
}

enum action keymap_lookup(const struct keymap *km, const char *key)
{
	const struct binding *b = find(km, key);
	return b ? b->action : ACT_NONE;
}

const char *keymap_key(const struct keymap *km, enum action a, size_t i)
{
	for (size_t j = 0; j < km->n; j++)
		if (km->b[j].action == a && i-- == 0)
			return km->b[j].key;
	return NULL;
}
