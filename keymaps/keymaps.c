/* The keymap tables, and the mutable keymap built from one. */
#include "keymaps.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define B(k, a) { k, ACT_##a }

/* vi-like motion, less-like paging of the event list; every action has
 * its keys together, in ACTIONS order. */
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
	B("D", GC_HISTOGRAM),
	B("Q", SQL),
	B(";", SQL_PANE),
	B("I", TICKY_VIEW),
	B("!", FINDINGS),
	B("<Tab>", OTHER_RUN),
	B("M", PANE_MODE),
	B("r", PANE_SORT),
	B("w", PANE_SCOPE),
	B("c", PANE_CAP),
	B("B", TOGGLE_BUILTIN),
	B("x", HIGHLIGHT),
	B("E", EXPAND_ALL),
	B(">", PANE_MORE),
	B("<", PANE_FEWER),
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
	B(")", LANES_TALLER),
	B("(", LANES_SHORTER),
	B("<Enter>", SELECT),
	B("<Escape>", CANCEL),
	B("<C-l>", REDRAW),
};

/* Emacs motion: the default map and these differences. The terminal's own
 * keys (arrows, PageUp/PageDown, Home/End, Enter, Escape) mean what they
 * mean in the default map, / still searches and n/N still repeat a search.
 * A key here is bound to its action instead (ACT_NONE: unbound), and comes
 * before the default map's keys of that action, so that hints name it. */
static const struct keybind emacs_diff[] = {
	/* added: emacs's keys; C-s opens the search prompt as / does, and
	 * C-r goes back as N does */
	B("<M-b>", PAGE_LEFT),
	B("<M-f>", PAGE_RIGHT),
	B("<M-<>", GO_START),
	B("<M->>", GO_END),
	B("<C-s>", SEARCH),
	B("<C-r>", SEARCH_PREV),
	B("<C-p>", UP),
	B("<C-n>", DOWN),
	B("<M-v>", PAGE_UP),
	B("<C-v>", PAGE_DOWN),
	B("<M-p>", LANES_UP),
	B("<M-n>", LANES_DOWN),
	B("<C-g>", CANCEL),
	/* rebound: they page in the default map, and move the cursor here */
	B("<C-b>", LEFT),
	B("<C-f>", RIGHT),
	/* removed: the vi and less letters of motion and paging */
	B("i", NONE),
	B("o", NONE),
	B("h", NONE),
	B("l", NONE),
	B("g", NONE),
	B("G", NONE),
	B("k", NONE),
	B("j", NONE),
	B("<C-u>", NONE),
	B("b", NONE),
	B("<C-d>", NONE),
	B("<Space>", NONE),
	B("K", NONE),
	B("J", NONE),
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
	P("<Up>", HISTORY_PREV),
	P("<Down>", HISTORY_NEXT),
};

/* The emacs prompts: the same, and readline's emacs keys, each after the
 * default keys of its action. */
static const struct promptbind emacs_prompt_add[] = {
	P("<C-d>", DELETE),
	P("<C-b>", LEFT),
	P("<C-f>", RIGHT),
	P("<C-a>", HOME),
	P("<C-e>", END),
	P("<M-b>", WORD_LEFT),
	P("<M-f>", WORD_RIGHT),
	P("<C-k>", KILL_END),
	P("<C-p>", HISTORY_PREV),
	P("<C-n>", HISTORY_NEXT),
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

/* The emacs tables, built from the default ones and the differences once,
 * at the first look-up. */
static struct keybind emacs_map[LEN(default_map) + LEN(emacs_diff)];
static struct promptbind emacs_prompt[LEN(default_prompt) + LEN(emacs_prompt_add)];
static pthread_once_t emacs_once = PTHREAD_ONCE_INIT;

static bool in_diff(const char *key, const struct keybind *d, size_t nd)
{
	for (size_t i = 0; i < nd; i++)
		if (!strcmp(d[i].key, key))
			return true;
	return false;
}

/* Into out (room for n + nd): for each action in ACTIONS order, the keys
 * that d binds to it, then the keys that t binds to it and d does not
 * name. The count. */
static size_t apply_diff(const struct keybind *t, size_t n, const struct keybind *d,
			 size_t nd, struct keybind *out)
{
	size_t k = 0;
	for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
		for (size_t i = 0; i < nd; i++)
			if (d[i].action == (enum action)a)
				out[k++] = d[i];
		for (size_t i = 0; i < n; i++)
			if (t[i].action == (enum action)a && !in_diff(t[i].key, d, nd))
				out[k++] = t[i];
	}
	return k;
}

/* Into out (room for n + nadd): for each prompt action in order, the keys
 * that t binds to it, then those that add binds to it. The count. */
static size_t add_prompt_keys(const struct promptbind *t, size_t n,
			      const struct promptbind *add, size_t nadd, struct promptbind *out)
{
	size_t k = 0;
	for (int a = PA_NONE + 1; a < PA_COUNT; a++) {
		for (size_t i = 0; i < n; i++)
			if (t[i].action == (enum prompt_action)a)
				out[k++] = t[i];
		for (size_t i = 0; i < nadd; i++)
			if (add[i].action == (enum prompt_action)a)
				out[k++] = add[i];
	}
	return k;
}

static struct {
	const struct keybind *binds;
	size_t n;
	const struct promptbind *prompt;
	size_t nprompt;
} tables[] = {
	{ default_map, LEN(default_map), default_prompt, LEN(default_prompt) },
	{ emacs_map, 0, emacs_prompt, 0 },
};

static void emacs_build(void)
{
	tables[1].n = apply_diff(default_map, LEN(default_map), emacs_diff, LEN(emacs_diff),
				 emacs_map);
	tables[1].nprompt = add_prompt_keys(default_prompt, LEN(default_prompt),
					    emacs_prompt_add, LEN(emacs_prompt_add), emacs_prompt);
}

/* The index in tables of the table called name, or -1. */
static int table_index(const char *name)
{
	pthread_once(&emacs_once, emacs_build);
	for (size_t i = 0; keymap_names[i]; i++)
		if (!strcmp(keymap_names[i], name))
			return (int)i;
	return -1;
}

const struct keybind *keymap_get(const char *name, size_t *n)
{
	int i = table_index(name);
	*n = i < 0 ? 0 : tables[i].n;
	return i < 0 ? NULL : tables[i].binds;
}

const struct promptbind *keymap_prompt_get(const char *name, size_t *n)
{
	int i = table_index(name);
	*n = i < 0 ? 0 : tables[i].nprompt;
	return i < 0 ? NULL : tables[i].prompt;
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
