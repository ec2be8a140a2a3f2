/* gen-man-keys: the generated parts of man/hectic.1, in mdoc, from the
 * keymap tables, the action table and the rc option table, so that the man
 * page cannot drift from the program.
 *
 *     gen-man-keys keys      the KEYS list: every action, in ACTIONS order,
 *                            with its keys in both keymaps and its help,
 *                            then the prompts' line editing keys
 *     gen-man-keys options   the rc file's set options
 *     gen-man-keys tsv [MAP] every binding of the keymap MAP (default:
 *                            "default"), in ACTIONS order, one a line:
 *                            "name<TAB>ID<TAB>key", ID the action's
 *                            identifier (ACT_ID in the program, as the
 *                            views' opens_on name it) and key the way
 *                            tmux send-keys spells it (for the
 *                            end-to-end walk, tests/e2e/walk.sh)
 *     gen-man-keys commands  the commands of cli/commands.c's table, one a
 *                            line, in --help's order: tools/update-man.sh
 *                            holds the page's SYNOPSIS and its list of
 *                            commands to them
 *     gen-man-keys flags     each long option of each command's usage line
 *                            (cli_usage_print's), "NAME --option" a line:
 *                            tools/update-man.sh holds the command's
 *                            SYNOPSIS lines to them
 *
 * tools/update-man.sh puts the output between the marker comments. Links
 * keymaps/ and the command table (cli/commands.c built with -DHECTIC_GEN:
 * its words, no command's code) only. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/cli_help.h"
#include "../keymaps/actions.h"
#include "../keymaps/keymaps.h"
#include "../keymaps/rc.h"

/* A word as a macro argument: \& first, so that "]" or "|" is not taken for
 * mdoc punctuation, and \ and - escaped, as the user types them. */
static void arg(const char *s)
{
	fputs(" \\&", stdout);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", stdout);
		else if (*s == '-')
			fputs("\\-", stdout);
		else
			putchar(*s);
	}
}

/* The keys bound to a in the table, as .Ic arguments; false when none. */
static bool keys(const char *map, enum action a)
{
	size_t n;
	const struct keybind *t = keymap_get(map, &n);
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		if (t[i].action != a)
			continue;
		if (any)
			fputs(" ,", stdout);
		else
			fputs("Ic", stdout);
		arg(t[i].key);
		any = true;
	}
	return any;
}

static bool same_keys(enum action a)
{
	size_t nd, ne;
	const struct keybind *d = keymap_get("default", &nd);
	const struct keybind *e = keymap_get("emacs", &ne);
	size_t i = 0, j = 0;
	for (;;) {
		while (i < nd && d[i].action != a)
			i++;
		while (j < ne && e[j].action != a)
			j++;
		if (i == nd || j == ne)
			return i == nd && j == ne;
		if (strcmp(d[i].key, e[j].key))
			return false;
		i++;
		j++;
	}
}

/* Text lines of at most 72 columns (the page's source stays readable),
 * with \ escaped and a leading . or ' kept from becoming a request. */
static void text(const char *s)
{
	size_t col = 0;
	while (*s) {
		size_t n = strcspn(s, " ");
		if (col && col + 1 + n > 72) {
			putchar('\n');
			col = 0;
		} else if (col) {
			putchar(' ');
			col++;
		}
		if (!col && (*s == '.' || *s == '\''))
			fputs("\\&", stdout);
		for (size_t i = 0; i < n; i++) {
			if (s[i] == '\\')
				fputs("\\e", stdout);
			else
				putchar(s[i]);
		}
		col += n;
		s += n;
		s += strspn(s, " ");
	}
	putchar('\n');
}

static void gen_prompt_keys(void);

static void gen_keys(void)
{
	size_t width = 0;
	for (int a = 1; a < ACT_COUNT; a++)
		if (strlen(action_name((enum action)a)) > width)
			width = strlen(action_name((enum action)a));
	printf(".Bl -tag -width %.*s\n", (int)width, "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX");
	for (int i = 1; i < ACT_COUNT; i++) {
		enum action a = (enum action)i;
		fputs(".It Cm", stdout);
		arg(action_name(a));
		fputs("\n.", stdout);
		if (!keys("default", a))
			fputs("No none", stdout);
		if (!same_keys(a)) {
			fputs("\n.Pq emacs: ", stdout);
			if (!keys("emacs", a))
				fputs("No none", stdout);
		}
		/* the colon goes after the parenthesis */
		puts(" :");
		char help[256];
		snprintf(help, sizeof help, "%s.", action_help(a));
		text(help);
	}
	puts(".El");
	gen_prompt_keys();
}

/* The prompts' keys for a, as .Ic arguments; false when none. */
static bool prompt_keys(const char *map, enum prompt_action a)
{
	size_t n;
	const struct promptbind *t = keymap_prompt_get(map, &n);
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		if (t[i].action != a)
			continue;
		fputs(any ? " ," : "Ic", stdout);
		arg(t[i].key);
		any = true;
	}
	return any;
}

static bool same_prompt_keys(enum prompt_action a)
{
	size_t nd, ne, i = 0, j = 0;
	const struct promptbind *d = keymap_prompt_get("default", &nd);
	const struct promptbind *e = keymap_prompt_get("emacs", &ne);
	for (;;) {
		while (i < nd && d[i].action != a)
			i++;
		while (j < ne && e[j].action != a)
			j++;
		if (i == nd || j == ne)
			return i == nd && j == ne;
		if (strcmp(d[i].key, e[j].key))
			return false;
		i++;
		j++;
	}
}

/* The prompts' line editor: its keys in both keymaps. */
static void gen_prompt_keys(void)
{
	text("In a prompt (search, go to time) a key types itself, but for these, "
	     "which edit the line:");
	puts(".Bl -tag -width XXXXXXXXXX");
	for (int i = 1; i < PA_COUNT; i++) {
		enum prompt_action a = (enum prompt_action)i;
		fputs(".It Cm", stdout);
		arg(prompt_action_name(a));
		fputs("\n.", stdout);
		if (!prompt_keys("default", a))
			fputs("No none", stdout);
		if (!same_prompt_keys(a)) {
			fputs("\n.Pq emacs: ", stdout);
			if (!prompt_keys("emacs", a))
				fputs("No none", stdout);
		}
		puts(" :");
		char help[256];
		snprintf(help, sizeof help, "%s.", prompt_action_help(a));
		text(help);
	}
	puts(".El");
}

static void gen_options(void)
{
	size_t n;
	const struct rc_option *o = rc_options(&n);
	puts(".Bl -tag -width Ds");
	for (size_t i = 0; i < n; i++) {
		fputs(".It Ic set", stdout);
		arg(o[i].name);
		if (o[i].values) {
			fputs(" Cm", stdout);
			for (size_t v = 0; o[i].values[v]; v++) {
				if (v)
					fputs(" |", stdout);
				arg(o[i].values[v]);
			}
		} else if (o[i].regex) {
			fputs(" Ar regex | Cm none", stdout);
		} else {
			fputs(" Ar N", stdout);
		}
		putchar('\n');
		text(o[i].help);
		fputs("The default is\n.Cm", stdout);
		arg(o[i].values ? o[i].values[0] : o[i].deflt);
		puts(" .");
	}
	puts(".El");
}

/* A key of the tables ("q", "<C-d>", "<PageUp>", "<M-<>") as tmux
 * send-keys takes it ("q", "C-d", "PageUp", "M-<"); false when tmux has
 * no name for it. */
static bool tmux_key(const char *key, char *out, size_t n)
{
	static const char *const names[][2] = {
		{ "Backspace", "BSpace" }, { "Delete", "DC" }, { "Insert", "IC" },
		{ "Enter", "Enter" }, { "Escape", "Escape" }, { "Space", "Space" },
		{ "Tab", "Tab" }, { "Left", "Left" }, { "Right", "Right" }, { "Up", "Up" },
		{ "Down", "Down" }, { "PageUp", "PageUp" }, { "PageDown", "PageDown" },
		{ "Home", "Home" }, { "End", "End" },
	};
	size_t len = strlen(key);
	if (len < 3 || key[0] != '<' || key[len - 1] != '>') {
		/* a character: tmux reads a lone ; as its command separator */
		return snprintf(out, n, "%s%s", !strcmp(key, ";") ? "\\" : "", key) < (int)n;
	}
	char mods[16] = "";
	const char *k = key + 1;
	len -= 2;
	while (len > 2 && strchr("CMS", k[0]) && k[1] == '-' && strlen(mods) + 2 < sizeof mods) {
		strncat(mods, k, 2);
		k += 2;
		len -= 2;
	}
	char name[32];
	if (len >= sizeof name)
		return false;
	memcpy(name, k, len);
	name[len] = 0;
	if (len == 1)
		return snprintf(out, n, "%s%s", mods, name) < (int)n;
	if (name[0] == 'F' && name[1] >= '1' && name[1] <= '9')
		return snprintf(out, n, "%s%s", mods, name) < (int)n;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(name, names[i][0]))
			return snprintf(out, n, "%s%s", mods, names[i][1]) < (int)n;
	return false;
}

static const char *const action_ids[ACT_COUNT] = {
	[ACT_NONE] = "NONE",
#define X(id, name, early, help) [ACT_##id] = #id,
	ACTIONS(X)
#undef X
};

/* Every binding of the table, as "name<TAB>ID<TAB>tmux key"; an action
 * without a key gets a line with an empty key. */
static int gen_tsv(const char *map)
{
	size_t n;
	const struct keybind *t = keymap_get(map, &n);
	if (!t) {
		fprintf(stderr, "gen-man-keys: unknown keymap '%s'\n", map);
		return 2;
	}
	for (int a = 1; a < ACT_COUNT; a++) {
		bool any = false;
		for (size_t i = 0; i < n; i++) {
			if (t[i].action != (enum action)a)
				continue;
			char k[64];
			if (!tmux_key(t[i].key, k, sizeof k)) {
				fprintf(stderr, "gen-man-keys: no tmux name for the key '%s'\n", t[i].key);
				return 1;
			}
			printf("%s\t%s\t%s\n", action_name((enum action)a), action_ids[a], k);
			any = true;
		}
		if (!any)
			printf("%s\t%s\t\n", action_name((enum action)a), action_ids[a]);
	}
	return 0;
}

/* "NAME --option" for each long option of c's usage line. */
static void usage_flags(const struct cli_cmd *c)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	if (!f)
		return;
	cli_usage_print(f, c);
	fclose(f);
	for (const char *p = buf; p && (p = strstr(p, "--"));) {
		size_t w = 2;
		while ((p[w] >= 'a' && p[w] <= 'z') || p[w] == '-')
			w++;
		if (w > 2)
			printf("%s %.*s\n", c->name, (int)w, p);
		p += w;
	}
	free(buf);
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "keys")) {
		gen_keys();
	} else if (argc == 2 && !strcmp(argv[1], "options")) {
		gen_options();
	} else if (argc == 2 && !strcmp(argv[1], "commands")) {
		for (const struct cli_cmd *c = cli_commands; c->name; c++)
			puts(c->name);
	} else if (argc == 2 && !strcmp(argv[1], "flags")) {
		for (const struct cli_cmd *c = cli_commands; c->name; c++)
			usage_flags(c);
	} else if ((argc == 2 || argc == 3) && !strcmp(argv[1], "tsv")) {
		int r = gen_tsv(argc == 3 ? argv[2] : "default");
		if (r)
			return r;
	} else {
		fputs("usage: gen-man-keys keys|options|commands|flags|tsv [KEYMAP]\n", stderr);
		return 2;
	}
	return fflush(stdout) ? 1 : 0;
}
