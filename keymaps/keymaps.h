/* keymaps: key bindings as data.
 *
 * Owns the named keymap tables ("default", vi/less-like, and "emacs",
 * written as the default table plus its differences) and struct keymap, a
 * copy of one table that the user's `bind` lines amend and that the viewer
 * asks which action a key means.
 *
 * A key is its name as libtermkey's termkey_strfkey writes it with
 * TERMKEY_FORMAT_VIM on a termkey made with TERMKEY_FLAG_SPACESYMBOL: "q",
 * "?", "<C-d>", "<M-<>", "<PageUp>", "<Enter>", "<Escape>", "<Space>". The
 * input module spells every key it reads that way, so a lookup is a string
 * compare. Note that termkey_strpkey does not take the surrounding brackets:
 * to parse "<C-d>", strip them and parse "C-d".
 *
 * Never includes curses or termkey, and never draws. */
#ifndef HECTIC_KEYMAPS_H
#define HECTIC_KEYMAPS_H

#include <stdbool.h>
#include <stddef.h>

#include "actions.h"

struct keybind {
	const char *key;
	enum action action;
};

/* The names of the keymap tables, NULL-terminated: "default", "emacs".
 * Read-only. */
extern const char *const keymap_names[];

/* The keys that always mean the same, NULL-terminated: <C-c> quits and
 * <C-z> suspends, in every table, and the rc reader refuses a bind line
 * that would change them, so no rc file can leave the user without a way
 * out. Read-only. */
extern const struct keybind keymap_fixed[];

/* The table called name and, in *n, its length; NULL (and *n = 0) for an
 * unknown name. The table is read-only and lives for the whole run; it lists
 * the bindings in ACTIONS order, and a key at most once. */
const struct keybind *keymap_get(const char *name, size_t *n);

/* The prompts' line editor keys of the table called name (the same names),
 * and in *n their count; NULL (and *n = 0) for an unknown name. Read-only.
 * A key bound here edits; any other printable key is text. */
struct promptbind {
	const char *key;
	enum prompt_action action;
};

const struct promptbind *keymap_prompt_get(const char *name, size_t *n);

/* The prompt action bound to key in the table called name, or PA_NONE. */
enum prompt_action keymap_prompt_lookup(const char *name, const char *key);

/* A keymap that can be changed: a table plus the user's bindings. */
struct keymap;

/* A copy of the table called name; NULL for an unknown name or when out of
 * memory. */
struct keymap *keymap_new(const char *name);
void keymap_free(struct keymap *km);

/* Binds key to a; a key bound before is rebound (the last bind wins), and
 * ACT_NONE unbinds it. The key is copied. False only when out of memory, and
 * then km is unchanged. */
bool keymap_bind(struct keymap *km, const char *key, enum action a);

/* The action bound to key, or ACT_NONE. O(bindings), a few dozen compares. */
enum action keymap_lookup(const struct keymap *km, const char *key);

/* The i-th key bound to a (from 0, in table order, the user's new keys
 * last), or NULL past the last: for the help overlay. The string lives until
 * the next keymap_bind or keymap_free. */
const char *keymap_key(const struct keymap *km, enum action a, size_t i);

#endif
