/* keymaps/keymaps.c: the tables and the mutable keymap. Every key name is
 * checked against libtermkey itself, which keymaps/ may not include. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termkey.h>

#include "../../keymaps/keymaps.h"

/* The flags the input module uses: Space is a key named <Space>, and C-c
 * a key rather than a signal. */
#define TK_FLAGS (TERMKEY_FLAG_UTF8 | TERMKEY_FLAG_SPACESYMBOL | TERMKEY_FLAG_CTRLC)

static unsigned nbad;

static void test_names(void **state)
{
	(void)state;
	size_t n = 99;
	int count = 0;
	for (size_t i = 0; keymap_names[i]; i++, count++)
		assert_non_null(keymap_get(keymap_names[i], &n));
	assert_int_equal(count, 2);
	assert_non_null(keymap_get("default", &n));
	assert_non_null(keymap_get("emacs", &n));
	assert_null(keymap_get("vi", &n));
	assert_int_equal(n, 0);
	assert_null(keymap_get("", &n));
	assert_null(keymap_new("Default"));
}

/* The help overlay and the man page rely on every action having a key in
 * both maps. */
static void test_every_action_bound(void **state)
{
	(void)state;
	nbad = 0;
	for (size_t m = 0; keymap_names[m]; m++) {
		size_t n;
		const struct keybind *t = keymap_get(keymap_names[m], &n);
		for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
			size_t i = 0;
			while (i < n && t[i].action != (enum action)a)
				i++;
			if (i == n) {
				print_error("%s: no key for %s\n", keymap_names[m],
					    action_name((enum action)a));
				nbad++;
			}
		}
		for (size_t i = 0; i < n; i++) {
			if (t[i].action <= ACT_NONE || t[i].action >= ACT_COUNT) {
				print_error("%s: %s bound to no action\n", keymap_names[m], t[i].key);
				nbad++;
			}
		}
	}
	assert_int_equal(nbad, 0);
}

static void test_no_duplicates_and_order(void **state)
{
	(void)state;
	nbad = 0;
	for (size_t m = 0; keymap_names[m]; m++) {
		size_t n;
		const struct keybind *t = keymap_get(keymap_names[m], &n);
		for (size_t i = 0; i < n; i++) {
			for (size_t j = i + 1; j < n; j++) {
				if (!strcmp(t[i].key, t[j].key)) {
					print_error("%s: %s bound twice\n", keymap_names[m], t[i].key);
					nbad++;
				}
			}
			/* ACTIONS order, as keymap.h promises */
			if (i && t[i].action < t[i - 1].action) {
				print_error("%s: %s out of ACTIONS order\n", keymap_names[m], t[i].key);
				nbad++;
			}
		}
	}
	assert_int_equal(nbad, 0);
}

/* The action that the table binds key to, or ACT_NONE. */
static enum action table_action(const struct keybind *t, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].key, key))
			return t[i].action;
	return ACT_NONE;
}

/* The emacs keymap is the default one but for these keys (ACT_NONE:
 * unbound in emacs), as the man page shows them; its own key comes first
 * among an action's keys, so that a hint names it. */
static const struct keybind emacs_differences[] = {
	{ "<M-b>", ACT_PAGE_LEFT },  { "<M-f>", ACT_PAGE_RIGHT }, { "<M-<>", ACT_GO_START },
	{ "<M->>", ACT_GO_END },     { "<C-s>", ACT_SEARCH },     { "<C-r>", ACT_SEARCH_PREV },
	{ "<C-p>", ACT_UP },         { "<C-n>", ACT_DOWN },       { "<M-v>", ACT_PAGE_UP },
	{ "<C-v>", ACT_PAGE_DOWN },  { "<M-p>", ACT_LANES_UP },   { "<M-n>", ACT_LANES_DOWN },
	{ "<C-g>", ACT_CANCEL },     { "<C-b>", ACT_LEFT },       { "<C-f>", ACT_RIGHT },
	{ "i", ACT_NONE },           { "o", ACT_NONE },           { "h", ACT_NONE },
	{ "l", ACT_NONE },           { "g", ACT_NONE },           { "G", ACT_NONE },
	{ "k", ACT_NONE },           { "j", ACT_NONE },           { "<C-u>", ACT_NONE },
	{ "b", ACT_NONE },           { "<C-d>", ACT_NONE },       { "<Space>", ACT_NONE },
	{ "K", ACT_NONE },           { "J", ACT_NONE },
};

/* What emacs binds key to, by the list above. */
static enum action emacs_expected(const struct keybind *d, size_t nd, const char *key)
{
	for (size_t i = 0; i < sizeof emacs_differences / sizeof emacs_differences[0]; i++)
		if (!strcmp(emacs_differences[i].key, key))
			return emacs_differences[i].action;
	return table_action(d, nd, key);
}

static void test_emacs_is_default_plus_differences(void **state)
{
	(void)state;
	size_t nd, ne;
	const struct keybind *d = keymap_get("default", &nd);
	const struct keybind *e = keymap_get("emacs", &ne);
	assert_non_null(d);
	assert_non_null(e);
	nbad = 0;
	/* every key of either map: the same action unless listed */
	for (size_t i = 0; i < nd + ne; i++) {
		const char *key = i < nd ? d[i].key : e[i - nd].key;
		if (i >= nd && table_action(d, nd, key) != ACT_NONE)
			continue; /* seen */
		enum action want = emacs_expected(d, nd, key), got = table_action(e, ne, key);
		if (got != want) {
			print_error("emacs: %s is %s, want %s\n", key,
				    got ? action_name(got) : "unbound",
				    want ? action_name(want) : "unbound");
			nbad++;
		}
	}
	/* every listed difference is one, and the key the hints show */
	struct keymap *km = keymap_new("emacs");
	assert_non_null(km);
	for (size_t i = 0; i < sizeof emacs_differences / sizeof emacs_differences[0]; i++) {
		const struct keybind *x = &emacs_differences[i];
		if (table_action(d, nd, x->key) == x->action) {
			print_error("emacs: %s is %s in the default map too\n", x->key,
				    action_name(x->action));
			nbad++;
		}
		const char *first = x->action ? keymap_key(km, x->action, 0) : NULL;
		if (x->action && (!first || strcmp(first, x->key))) {
			print_error("emacs: %s's first key is %s, not %s\n", action_name(x->action),
				    first ? first : "none", x->key);
			nbad++;
		}
	}
	keymap_free(km);
	assert_int_equal(nbad, 0);
}

/* The emacs prompts are the default ones and readline's keys, which the
 * default prompts leave to be text or unbound. */
static void test_emacs_prompt_adds_readline(void **state)
{
	(void)state;
	static const struct promptbind added[] = {
		{ "<C-d>", PA_DELETE },     { "<C-b>", PA_LEFT },  { "<C-f>", PA_RIGHT },
		{ "<C-a>", PA_HOME },       { "<C-e>", PA_END },   { "<M-b>", PA_WORD_LEFT },
		{ "<M-f>", PA_WORD_RIGHT }, { "<C-k>", PA_KILL_END },
		{ "<C-p>", PA_HISTORY_PREV }, { "<C-n>", PA_HISTORY_NEXT },
	};
	size_t nd, ne, na = sizeof added / sizeof added[0];
	const struct promptbind *d = keymap_prompt_get("default", &nd);
	const struct promptbind *e = keymap_prompt_get("emacs", &ne);
	assert_non_null(d);
	assert_non_null(e);
	nbad = 0;
	for (size_t i = 0; i < nd; i++) {
		if (keymap_prompt_lookup("emacs", d[i].key) != d[i].action) {
			print_error("emacs prompt: %s changed\n", d[i].key);
			nbad++;
		}
	}
	for (size_t i = 0; i < na; i++) {
		if (keymap_prompt_lookup("default", added[i].key) != PA_NONE ||
		    keymap_prompt_lookup("emacs", added[i].key) != added[i].action) {
			print_error("emacs prompt: %s is not an added key\n", added[i].key);
			nbad++;
		}
	}
	/* and nothing else */
	assert_int_equal(ne, nd + na);
	assert_int_equal(nbad, 0);
}

/* Whether text has word as a whole word, words being letters, digits, -
 * and ' (so that "RTS's" is no key "s"). */
static bool has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = text; (p = strstr(p, word)); p++) {
		bool before = p > text && (isalnum((unsigned char)p[-1]) || strchr("-'", p[-1]));
		bool after = p[n] && (isalnum((unsigned char)p[n]) || strchr("-'", p[n]));
		if (!before && !after)
			return true;
	}
	return false;
}

/* The keys stand beside the help texts, from the keymap in use: a help
 * text names none of them ("Enter" for <Enter>, "r"). */
static void test_help_names_no_key(void **state)
{
	(void)state;
	nbad = 0;
	for (size_t m = 0; keymap_names[m]; m++) {
		size_t n, np;
		const struct keybind *t = keymap_get(keymap_names[m], &n);
		const struct promptbind *p = keymap_prompt_get(keymap_names[m], &np);
		for (size_t i = 0; i < n + np; i++) {
			const char *key = i < n ? t[i].key : p[i - n].key;
			char word[64];
			size_t len = strlen(key);
			if (len > 2 && key[0] == '<')
				snprintf(word, sizeof word, "%.*s", (int)(len - 2), key + 1);
			else
				snprintf(word, sizeof word, "%s", key);
			if (!isalnum((unsigned char)word[strlen(word) - 1]))
				continue; /* "-", "/", "M-<": punctuation in prose */
			for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
				if (has_word(action_help((enum action)a), word)) {
					print_error("%s's help names the key %s\n",
						    action_name((enum action)a), key);
					nbad++;
				}
			}
			for (int a = PA_NONE + 1; a < PA_COUNT; a++) {
				if (has_word(prompt_action_help((enum prompt_action)a), word)) {
					print_error("prompt %s's help names the key %s\n",
						    prompt_action_name((enum prompt_action)a), key);
					nbad++;
				}
			}
		}
	}
	assert_true(has_word("threads; r sorts", "r"));
	assert_false(has_word("the RTS's own", "s"));
	assert_int_equal(nbad, 0);
}

/* What the input module's check of a name does: termkey_strpkey takes no
 * brackets, so "<C-d>" is parsed as "C-d". */
static bool canonical(TermKey *tk, const char *name, char *out, size_t size)
{
	char inner[64];
	size_t len = strlen(name);
	if (len > 2 && name[0] == '<' && name[len - 1] == '>') {
		if (len - 2 >= sizeof inner)
			return false;
		memcpy(inner, name + 1, len - 2);
		inner[len - 2] = 0;
		name = inner;
	}
	TermKeyKey k;
	const char *end = termkey_strpkey(tk, name, &k, TERMKEY_FORMAT_VIM);
	if (!end || *end)
		return false;
	termkey_strfkey(tk, out, size, &k, TERMKEY_FORMAT_VIM);
	return true;
}

static void test_keys_parse(void **state)
{
	(void)state;
	TermKey *tk = termkey_new_abstract("xterm", TK_FLAGS);
	assert_non_null(tk);
	nbad = 0;
	for (size_t m = 0; keymap_names[m]; m++) {
		size_t n;
		const struct keybind *t = keymap_get(keymap_names[m], &n);
		for (size_t i = 0; i < n; i++) {
			char out[64];
			if (!canonical(tk, t[i].key, out, sizeof out)) {
				print_error("%s: termkey_strpkey does not take '%s'\n",
					    keymap_names[m], t[i].key);
				nbad++;
			} else if (strcmp(out, t[i].key)) {
				/* the input module would spell it otherwise: never found */
				print_error("%s: '%s' is written '%s' by termkey_strfkey\n",
					    keymap_names[m], t[i].key, out);
				nbad++;
			}
		}
	}
	/* and the check is not one that takes anything */
	char out[64];
	assert_false(canonical(tk, "<Nope>", out, sizeof out));
	assert_false(canonical(tk, "<C-d", out, sizeof out));
	assert_false(canonical(tk, "qq", out, sizeof out));
	assert_false(canonical(tk, "<Esc>", out, sizeof out));
	assert_true(canonical(tk, "Escape", out, sizeof out));
	assert_string_equal(out, "<Escape>");
	termkey_destroy(tk);
	assert_int_equal(nbad, 0);
}

/* The prompts' tables: keys termkey writes that way, each once, bound to
 * a prompt action, with a way to run and to leave the prompt; never a
 * printable key (that would be text). */
static void test_prompt_keys(void **state)
{
	(void)state;
	TermKey *tk = termkey_new_abstract("xterm", TK_FLAGS);
	assert_non_null(tk);
	nbad = 0;
	for (size_t m = 0; keymap_names[m]; m++) {
		size_t n;
		const struct promptbind *t = keymap_prompt_get(keymap_names[m], &n);
		assert_non_null(t);
		bool accept = false, cancel = false;
		for (size_t i = 0; i < n; i++) {
			char out[64];
			if (!canonical(tk, t[i].key, out, sizeof out) || strcmp(out, t[i].key)) {
				print_error("%s prompt: '%s' is not a key as termkey writes it\n",
					    keymap_names[m], t[i].key);
				nbad++;
			}
			if (t[i].key[0] != '<' || !strcmp(t[i].key, "<Space>")) {
				print_error("%s prompt: '%s' is text\n", keymap_names[m], t[i].key);
				nbad++;
			}
			if (t[i].action <= PA_NONE || t[i].action >= PA_COUNT) {
				print_error("%s prompt: %s bound to nothing\n", keymap_names[m], t[i].key);
				nbad++;
			}
			for (size_t j = i + 1; j < n; j++)
				if (!strcmp(t[i].key, t[j].key)) {
					print_error("%s prompt: %s bound twice\n", keymap_names[m], t[i].key);
					nbad++;
				}
			accept |= t[i].action == PA_ACCEPT;
			cancel |= t[i].action == PA_CANCEL;
			assert_int_equal(keymap_prompt_lookup(keymap_names[m], t[i].key), t[i].action);
		}
		assert_true(accept && cancel);
		assert_int_equal(keymap_prompt_lookup(keymap_names[m], "q"), PA_NONE);
	}
	for (int a = PA_NONE + 1; a < PA_COUNT; a++) {
		assert_true(prompt_action_name((enum prompt_action)a)[0] != 0);
		assert_true(prompt_action_help((enum prompt_action)a)[0] != 0);
	}
	size_t n;
	assert_null(keymap_prompt_get("vi", &n));
	assert_int_equal(n, 0);
	termkey_destroy(tk);
	assert_int_equal(nbad, 0);
}

/* Bytes a terminal sends decode to the names in the tables. */
static void test_keys_from_bytes(void **state)
{
	(void)state;
	static const struct {
		const char *bytes, *name;
	} cases[] = {
		{ "q", "q" },
		{ "G", "G" },
		{ "]", "]" },
		{ "{", "{" },
		{ "?", "?" },
		{ " ", "<Space>" },
		{ "\r", "<Enter>" },
		{ "\x03", "<C-c>" },
		{ "\x04", "<C-d>" },
		{ "\x0c", "<C-l>" },
		{ "\x07", "<C-g>" },
		{ "\x1b[A", "<Up>" },
		{ "\x1b[D", "<Left>" },
		{ "\x1b[5~", "<PageUp>" },
		{ "\x1b[6~", "<PageDown>" },
		{ "\x1b[H", "<Home>" },
		{ "\x1b[F", "<End>" },
		{ "\x1b<", "<M-<>" },
		{ "\x1b>", "<M->>" },
		{ "\x1bv", "<M-v>" },
		{ "\x1b", "<Escape>" },
	};
	TermKey *tk = termkey_new_abstract("xterm", TK_FLAGS);
	assert_non_null(tk);
	struct keymap *def = keymap_new("default"), *emacs = keymap_new("emacs");
	assert_non_null(def);
	assert_non_null(emacs);
	nbad = 0;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		TermKeyKey k;
		char out[64] = "";
		termkey_push_bytes(tk, cases[i].bytes, strlen(cases[i].bytes));
		TermKeyResult r = termkey_getkey(tk, &k);
		if (r == TERMKEY_RES_AGAIN)
			r = termkey_getkey_force(tk, &k);
		if (r == TERMKEY_RES_KEY)
			termkey_strfkey(tk, out, sizeof out, &k, TERMKEY_FORMAT_VIM);
		if (strcmp(out, cases[i].name)) {
			print_error("case %zu: got '%s', want '%s'\n", i, out, cases[i].name);
			nbad++;
		}
		if (keymap_lookup(def, out) == ACT_NONE && keymap_lookup(emacs, out) == ACT_NONE) {
			print_error("case %zu: '%s' is bound in neither map\n", i, out);
			nbad++;
		}
	}
	keymap_free(def);
	keymap_free(emacs);
	termkey_destroy(tk);
	assert_int_equal(nbad, 0);
}

static void test_lookup(void **state)
{
	(void)state;
	struct keymap *km = keymap_new("default");
	assert_non_null(km);
	assert_int_equal(keymap_lookup(km, "q"), ACT_QUIT);
	assert_int_equal(keymap_lookup(km, "<C-c>"), ACT_QUIT);
	assert_int_equal(keymap_lookup(km, "<C-d>"), ACT_PAGE_DOWN);
	assert_int_equal(keymap_lookup(km, "<C-f>"), ACT_PAGE_DOWN);
	assert_int_equal(keymap_lookup(km, "<Space>"), ACT_PAGE_DOWN);
	assert_int_equal(keymap_lookup(km, "<PageDown>"), ACT_PAGE_RIGHT);
	assert_int_equal(keymap_lookup(km, "J"), ACT_LANES_DOWN);
	assert_int_equal(keymap_lookup(km, "j"), ACT_DOWN);
	assert_int_equal(keymap_lookup(km, "}"), ACT_NEXT_MAJOR_GC);
	assert_int_equal(keymap_lookup(km, "<Escape>"), ACT_CANCEL);
	assert_int_equal(keymap_lookup(km, "Q"), ACT_SQL);
	assert_int_equal(keymap_lookup(km, ";"), ACT_SQL_PANE);
	assert_int_equal(keymap_lookup(km, "X"), ACT_NONE);
	assert_int_equal(keymap_lookup(km, "x"), ACT_HIGHLIGHT);
	assert_int_equal(keymap_lookup(km, "H"), ACT_HEAP_VIEW);
	assert_int_equal(keymap_lookup(km, "P"), ACT_PROFILE_VIEW);
	assert_int_equal(keymap_lookup(km, ""), ACT_NONE);
	assert_int_equal(keymap_lookup(km, "<C-D>"), ACT_NONE);
	assert_string_equal(keymap_key(km, ACT_QUIT, 0), "q");
	assert_string_equal(keymap_key(km, ACT_QUIT, 1), "<C-c>");
	assert_null(keymap_key(km, ACT_QUIT, 2));
	assert_null(keymap_key(km, ACT_NONE, 0));
	keymap_free(km);

	km = keymap_new("emacs");
	assert_non_null(km);
	assert_int_equal(keymap_lookup(km, "<C-f>"), ACT_RIGHT);
	assert_int_equal(keymap_lookup(km, "<C-b>"), ACT_LEFT);
	assert_int_equal(keymap_lookup(km, "<M-<>"), ACT_GO_START);
	assert_int_equal(keymap_lookup(km, "<M->>"), ACT_GO_END);
	assert_int_equal(keymap_lookup(km, "<C-v>"), ACT_PAGE_DOWN);
	assert_int_equal(keymap_lookup(km, "<M-v>"), ACT_PAGE_UP);
	assert_int_equal(keymap_lookup(km, "<C-s>"), ACT_SEARCH);
	assert_int_equal(keymap_lookup(km, "<C-r>"), ACT_SEARCH_PREV);
	assert_int_equal(keymap_lookup(km, "n"), ACT_SEARCH_NEXT);
	assert_int_equal(keymap_lookup(km, "N"), ACT_SEARCH_PREV);
	assert_int_equal(keymap_lookup(km, "<C-g>"), ACT_CANCEL);
	assert_int_equal(keymap_lookup(km, "j"), ACT_NONE);
	assert_int_equal(keymap_lookup(km, "/"), ACT_SEARCH); /* in every keymap */
	keymap_free(km);
	keymap_free(NULL);
}

static void test_bind(void **state)
{
	(void)state;
	struct keymap *km = keymap_new("default");
	assert_non_null(km);
	/* a new key */
	char key[8] = "X";
	assert_true(keymap_bind(km, key, ACT_QUIT));
	strcpy(key, "Y"); /* the map keeps its own copy */
	assert_int_equal(keymap_lookup(km, "X"), ACT_QUIT);
	assert_int_equal(keymap_lookup(km, "Y"), ACT_NONE);
	assert_string_equal(keymap_key(km, ACT_QUIT, 2), "X");
	/* rebinding: the last bind wins, the key keeps its place */
	assert_true(keymap_bind(km, "q", ACT_HELP));
	assert_true(keymap_bind(km, "q", ACT_ZOOM_IN));
	assert_int_equal(keymap_lookup(km, "q"), ACT_ZOOM_IN);
	assert_string_equal(keymap_key(km, ACT_QUIT, 0), "<C-c>");
	assert_string_equal(keymap_key(km, ACT_ZOOM_IN, 0), "q");
	assert_string_equal(keymap_key(km, ACT_ZOOM_IN, 1), "+");
	assert_string_equal(keymap_key(km, ACT_ZOOM_IN, 2), "i");
	assert_null(keymap_key(km, ACT_ZOOM_IN, 3));
	/* unbinding */
	assert_true(keymap_bind(km, "<C-c>", ACT_NONE));
	assert_int_equal(keymap_lookup(km, "<C-c>"), ACT_NONE);
	assert_true(keymap_bind(km, "<C-c>", ACT_NONE));
	assert_true(keymap_bind(km, "never-bound", ACT_NONE));
	assert_int_equal(keymap_lookup(km, "never-bound"), ACT_NONE);
	assert_string_equal(keymap_key(km, ACT_QUIT, 0), "X");
	assert_null(keymap_key(km, ACT_QUIT, 1));
	/* and bound again */
	assert_true(keymap_bind(km, "<C-c>", ACT_QUIT));
	assert_int_equal(keymap_lookup(km, "<C-c>"), ACT_QUIT);
	/* many more than the table: the map grows */
	for (int i = 0; i < 300; i++) {
		char k[16];
		snprintf(k, sizeof k, "<F%d>", i);
		assert_true(keymap_bind(km, k, (enum action)(1 + i % (ACT_COUNT - 1))));
	}
	for (int i = 0; i < 300; i++) {
		char k[16];
		snprintf(k, sizeof k, "<F%d>", i);
		assert_int_equal(keymap_lookup(km, k), 1 + i % (ACT_COUNT - 1));
	}
	/* the tables themselves are not changed */
	size_t n;
	const struct keybind *t = keymap_get("default", &n);
	assert_string_equal(t[0].key, "q");
	assert_int_equal(t[0].action, ACT_QUIT);
	keymap_free(km);
	km = keymap_new("default");
	assert_int_equal(keymap_lookup(km, "q"), ACT_QUIT);
	assert_int_equal(keymap_lookup(km, "X"), ACT_NONE);
	keymap_free(km);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_every_action_bound),
		cmocka_unit_test(test_no_duplicates_and_order),
		cmocka_unit_test(test_emacs_is_default_plus_differences),
		cmocka_unit_test(test_emacs_prompt_adds_readline),
		cmocka_unit_test(test_help_names_no_key),
		cmocka_unit_test(test_keys_parse),
		cmocka_unit_test(test_prompt_keys),
		cmocka_unit_test(test_keys_from_bytes),
		cmocka_unit_test(test_lookup),
		cmocka_unit_test(test_bind),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
