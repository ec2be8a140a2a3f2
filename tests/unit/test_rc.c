/* keymaps/rc.c: the rc file's syntax, its errors, and where it is found. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../keymaps/rc.h"

/* Stands in for the input module: a few names, and "Esc" spelled
 * canonically, so the test can see that rc keeps the canonical form. */
static bool fake_canon(const char *key, char *out, size_t n, void *ctx)
{
	static const char *const ok[] = { "q", "x", "#", "+", "<C-d>", "<C-c>", "<C-z>",
					  "<Space>", "<Escape>", "<F1>", NULL };
	int *calls = ctx;
	(*calls)++;
	if (!strcmp(key, "Esc"))
		key = "<Escape>";
	for (size_t i = 0; ok[i]; i++) {
		if (!strcmp(ok[i], key)) {
			snprintf(out, n, "%s", key);
			return true;
		}
	}
	return false;
}

static void parse(struct rc *rc, const char *text)
{
	int calls = 0;
	rc_parse(rc, text, strlen(text), fake_canon, &calls);
}

static void dump_errors(const struct rc *rc)
{
	for (size_t i = 0; i < rc->nerrors; i++)
		print_message("  %s\n", rc->errors[i]);
}

static void test_defaults(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	assert_string_equal(rc.keymap, "default");
	assert_int_equal(rc.color, RC_COLOR_AUTO);
	assert_int_equal(rc.ascii, RC_ASCII_AUTO);
	assert_int_equal(rc.raw_max, RC_RAW_MAX_DEFAULT);
	assert_int_equal(rc.heap_bands, RC_HEAP_BANDS_DEFAULT);
	assert_int_equal(rc.heap_bands, 15);
	assert_int_equal(rc.nbinds, 0);
	assert_int_equal(rc.nerrors, 0);
	assert_null(rc.path);
	parse(&rc, "");
	assert_int_equal(rc.nerrors, 0);
	rc_free(&rc);
	rc_free(&rc);
}

/* The table the man page is made from agrees with what rc_init sets. */
static void test_option_table(void **state)
{
	(void)state;
	size_t n;
	const struct rc_option *o = rc_options(&n);
	assert_int_equal(n, 8);
	for (size_t i = 0; i < n; i++) {
		assert_non_null(o[i].name);
		assert_true(strlen(o[i].help) > 10);
		assert_true(o[i].values || o[i].deflt);
		for (size_t j = i + 1; j < n; j++)
			assert_string_not_equal(o[i].name, o[j].name);
	}
	assert_string_equal(o[0].name, "keymap");
	assert_string_equal(o[0].values[0], "default");
	assert_string_equal(o[1].name, "color");
	assert_string_equal(o[1].values[RC_COLOR_256], "256");
	assert_string_equal(o[1].values[RC_COLOR_NONE], "none");
	assert_string_equal(o[2].name, "ascii");
	assert_string_equal(o[2].values[RC_ASCII_OFF], "off");
	assert_string_equal(o[3].name, "raw-max");
	assert_null(o[3].values);
	assert_int_equal(strtoul(o[3].deflt, NULL, 10), RC_RAW_MAX_DEFAULT);
	assert_string_equal(o[4].name, "heap-bands");
	assert_null(o[4].values);
	assert_int_equal(strtoul(o[4].deflt, NULL, 10), RC_HEAP_BANDS_DEFAULT);
	assert_string_equal(o[5].name, "lane-height");
	assert_string_equal(o[5].values[0], "auto");
	assert_string_equal(o[5].values[8], "8");
	for (size_t i = 6; i < 8; i++) {
		assert_true(o[i].regex);
		assert_null(o[i].values);
		assert_string_equal(o[i].deflt, "none");
	}
	for (size_t i = 0; i < 6; i++)
		assert_false(o[i].regex);
	assert_string_equal(o[6].name, "ruler-messages");
	assert_string_equal(o[7].name, "ruler-phases");
}

/* set ruler-messages / ruler-phases: none by default; a regex that
 * regex_guard and regcomp take is kept as written (a group or not), none
 * sets it back; a refused one is an error naming it, and the value before
 * stays. */
static void test_ruler_regexes(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	assert_null(rc.ruler_messages);
	assert_null(rc.ruler_phases);
	parse(&rc, "set ruler-phases Compiling[[:space:]]+([^[:space:]]+) # GHC's\n"
		   "set ruler-messages ^Linking\n");
	dump_errors(&rc);
	assert_int_equal(rc.nerrors, 0);
	assert_string_equal(rc.ruler_phases, "Compiling[[:space:]]+([^[:space:]]+)");
	assert_string_equal(rc.ruler_messages, "^Linking");
	parse(&rc, "set ruler-phases (a\n"
		   "set ruler-messages ((a{1,100}){1,100}){1,100}\n"
		   "set ruler-messages (a*)*\\1\n"
		   "set ruler-phases a b\n");
	dump_errors(&rc);
	assert_int_equal(rc.nerrors, 4);
	assert_non_null(strstr(rc.errors[0], "line 1: bad regex '(a': "));
	assert_non_null(strstr(rc.errors[1], "line 2: regex '((a{1,100}){1,100}){1,100}' refused: "));
	assert_non_null(strstr(rc.errors[2], "line 3: regex '(a*)*\\1' refused: "));
	assert_non_null(strstr(rc.errors[3], "line 4: unexpected 'b' after the value"));
	assert_string_equal(rc.ruler_phases, "Compiling[[:space:]]+([^[:space:]]+)");
	assert_string_equal(rc.ruler_messages, "^Linking");
	parse(&rc, "set ruler-phases none\n");
	assert_null(rc.ruler_phases);
	assert_string_equal(rc.ruler_messages, "^Linking");
	rc_free(&rc);
	assert_null(rc.ruler_messages);
}

/* set heap-bands: 1 to RC_HEAP_BANDS_MAX; outside it an error that keeps
 * the value before. */
static void test_heap_bands(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	parse(&rc, "set heap-bands 30\n");
	assert_int_equal(rc.nerrors, 0);
	assert_int_equal(rc.heap_bands, 30);
	assert_int_equal(rc.raw_max, RC_RAW_MAX_DEFAULT);
	parse(&rc, "set heap-bands 61\nset heap-bands 0\nset heap-bands x\n");
	dump_errors(&rc);
	assert_int_equal(rc.nerrors, 3);
	assert_non_null(strstr(rc.errors[0], "use 1 to 60"));
	assert_int_equal(rc.heap_bands, 30);
	rc_free(&rc);
}

/* set lane-height: auto (the default) or 1 to 8; outside it an error that
 * names the values and keeps the value before. */
static void test_lane_height(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	assert_int_equal(rc.lane_height, 0);
	parse(&rc, "set lane-height 3\n");
	assert_int_equal(rc.nerrors, 0);
	assert_int_equal(rc.lane_height, 3);
	parse(&rc, "set lane-height 9\nset lane-height 0\n");
	dump_errors(&rc);
	assert_int_equal(rc.nerrors, 2);
	assert_non_null(strstr(rc.errors[0], "bad value '9' for option 'lane-height' "
					     "(use auto, 1, 2, 3, 4, 5, 6, 7 or 8)"));
	assert_int_equal(rc.lane_height, 3);
	parse(&rc, "set lane-height auto\n");
	assert_int_equal(rc.lane_height, 0);
	rc_free(&rc);
}

static void test_good_file(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	parse(&rc, "\xef\xbb\xbf# my settings\n"
		   "\n"
		   "   \t  \n"
		   "bind x quit\n"
		   "  bind\t<C-d>   page-up   \n"
		   "bind Esc help\r\n"
		   "bind q none # no quitting by accident\n"
		   "bind # help\n"
		   "set color 8\n"
		   "set ascii on   \n"
		   "set raw-max 1234\n"
		   "set keymap emacs\n"
		   "    # indented comment\n"
		   "bind + zoom-out");
	if (rc.nerrors)
		dump_errors(&rc);
	assert_int_equal(rc.nerrors, 0);
	assert_int_equal(rc.nbad, 0);
	assert_string_equal(rc.keymap, "emacs");
	assert_int_equal(rc.color, RC_COLOR_8);
	assert_int_equal(rc.ascii, RC_ASCII_ON);
	assert_int_equal(rc.raw_max, 1234);
	assert_int_equal(rc.nbinds, 6);
	assert_string_equal(rc.binds[0].key, "x");
	assert_int_equal(rc.binds[0].action, ACT_QUIT);
	assert_string_equal(rc.binds[1].key, "<C-d>");
	assert_int_equal(rc.binds[1].action, ACT_PAGE_UP);
	assert_string_equal(rc.binds[2].key, "<Escape>");
	assert_int_equal(rc.binds[2].action, ACT_HELP);
	assert_string_equal(rc.binds[3].key, "q");
	assert_int_equal(rc.binds[3].action, ACT_NONE);
	assert_string_equal(rc.binds[4].key, "#");
	assert_string_equal(rc.binds[5].key, "+");
	assert_int_equal(rc.binds[5].action, ACT_ZOOM_OUT);

	/* set keymap came last, yet the binds apply on top of emacs */
	struct keymap *km = rc_keymap(&rc, NULL);
	assert_non_null(km);
	assert_int_equal(keymap_lookup(km, "<C-f>"), ACT_RIGHT);
	assert_int_equal(keymap_lookup(km, "x"), ACT_QUIT);
	assert_int_equal(keymap_lookup(km, "q"), ACT_NONE);
	assert_int_equal(keymap_lookup(km, "<C-c>"), ACT_QUIT);
	assert_int_equal(keymap_lookup(km, "<Escape>"), ACT_HELP);
	assert_int_equal(keymap_lookup(km, "<C-g>"), ACT_CANCEL);
	assert_int_equal(keymap_lookup(km, "#"), ACT_HELP);
	assert_int_equal(keymap_lookup(km, "+"), ACT_ZOOM_OUT);
	keymap_free(km);
	/* a name from the command line wins over set keymap */
	km = rc_keymap(&rc, "default");
	assert_non_null(km);
	assert_int_equal(keymap_lookup(km, "<C-f>"), ACT_PAGE_DOWN);
	assert_int_equal(keymap_lookup(km, "<C-d>"), ACT_PAGE_UP);
	assert_int_equal(keymap_lookup(km, "q"), ACT_NONE);
	keymap_free(km);
	assert_null(rc_keymap(&rc, "vi"));
	rc_free(&rc);
}

static void test_later_bind_wins(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	parse(&rc, "bind x quit\nbind x help\nbind x none\nbind x stats\n"
		   "bind q help\nbind q none\n");
	assert_int_equal(rc.nerrors, 0);
	struct keymap *km = rc_keymap(&rc, NULL);
	assert_int_equal(keymap_lookup(km, "x"), ACT_STATS);
	assert_int_equal(keymap_lookup(km, "q"), ACT_NONE);
	keymap_free(km);
	/* a second set wins too */
	parse(&rc, "set color none\nset color 256\n");
	assert_int_equal(rc.color, RC_COLOR_256);
	rc_free(&rc);
}

static void test_errors(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	parse(&rc, "# line 1 is fine\n"
		   "bind x zoom\n"
		   "bind x\n"
		   "set colour 8\n"
		   "set color x\n"
		   "bind <Nope> quit\n"
		   "set raw-max 0\n"
		   "set raw-max -5\n"
		   "set raw-max 99999999999999999999999\n"
		   "frob x y\n"
		   "bind q quit extra\n"
		   "set keymap vi\n"
		   "set\n"
		   "bind q \x1b[31m quit\n"
		   "bind \xc3\xa9 quit\n"
		   "set ascii yes # comment\n"
		   "bind q quit\n"
		   "set color 8 now\n"
		   "bind x\tquit\tnow\n"
		   "bind\n"
		   "Bind q quit\n"
		   "set raw-max 12ab\n");
	static const char *const want[] = {
		"line 2: unknown action 'zoom'",
		"line 3: bind needs a key and an action",
		"line 4: unknown option 'colour'",
		"line 5: bad value 'x' for option 'color' (use auto, 256, 8 or none)",
		"line 6: unknown key '<Nope>'",
		"line 7: bad value '0' for option 'raw-max' (use a positive integer)",
		"line 8: bad value '-5' for option 'raw-max' (use a positive integer)",
		("line 9: bad value '99999999999999999999999' for option 'raw-max' (use a positive "
		 "integer)"),
		"line 10: unknown command 'frob' (use bind, set or span)",
		"line 11: unexpected 'extra' after the action",
		"line 12: bad value 'vi' for option 'keymap' (use default or emacs)",
		"line 13: set needs an option and a value",
		"line 14: not text (byte 0x1b)",
		"line 15: unknown key '\\xc3\\xa9'",
		"line 16: bad value 'yes' for option 'ascii' (use auto, on or off)",
		"line 18: unexpected 'now' after the value",
		"line 19: unexpected 'now' after the action",
		"line 20: bind needs a key and an action",
		"line 21: unknown command 'Bind' (use bind, set or span)",
		"line 22: bad value '12ab' for option 'raw-max' (use a positive integer)",
	};
	size_t nwant = sizeof want / sizeof want[0];
	if (rc.nerrors != nwant)
		dump_errors(&rc);
	assert_int_equal(rc.nbad, nwant);
	assert_int_equal(rc.nerrors, nwant);
	for (size_t i = 0; i < nwant; i++)
		assert_string_equal(rc.errors[i], want[i]);
	/* bad lines change nothing; the good one still counts */
	assert_int_equal(rc.color, RC_COLOR_AUTO);
	assert_int_equal(rc.raw_max, RC_RAW_MAX_DEFAULT);
	assert_string_equal(rc.keymap, "default");
	assert_int_equal(rc.nbinds, 1);
	assert_string_equal(rc.binds[0].key, "q");
	rc_free(&rc);
}

/* Long or hostile words are cut short and escaped in messages. */
static void test_error_quoting(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	char line[400];
	memset(line, 0, sizeof line);
	strcpy(line, "bind q ");
	memset(line + 7, 'z', 300);
	parse(&rc, line);
	assert_int_equal(rc.nerrors, 1);
	assert_true(strncmp(rc.errors[0], "line 1: unknown action 'zzzz", 28) == 0);
	assert_non_null(strstr(rc.errors[0], "...'"));
	assert_true(strlen(rc.errors[0]) < RC_ERROR_LEN);
	/* a DEL byte is not text; \x9b (a C1 CSI) is escaped */
	parse(&rc, "bind q \x7f\nset color \x9b" "2J\n");
	assert_int_equal(rc.nerrors, 3);
	assert_string_equal(rc.errors[1], "line 1: not text (byte 0x7f)");
	assert_string_equal(rc.errors[2],
			    "line 2: bad value '\\x9b2J' for option 'color' (use auto, 256, 8 or none)");
	rc_free(&rc);
}

static void test_no_key_check(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	rc_parse(&rc, "bind <Whatever> quit\n", 21, NULL, NULL);
	assert_int_equal(rc.nerrors, 0);
	assert_string_equal(rc.binds[0].key, "<Whatever>");
	rc_free(&rc);
}

/* Some key always quits: bind lines cannot unbind or rebind the fixed keys
 * (Ctrl-C quits, Ctrl-Z suspends), and say so with the line's number. */
static void test_way_out(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	parse(&rc, "bind q none\n"
		   "bind <C-c> none\n"
		   "bind <C-c> help\n"
		   "bind <C-z> quit\n"
		   "bind <C-z> none\n"
		   "bind x quit\n"
		   "bind <C-c> quit\n"
		   "bind <C-z> suspend\n"
		   "bind q suspend\n");
	dump_errors(&rc);
	assert_int_equal(rc.nerrors, 4);
	assert_string_equal(rc.errors[0], "line 2: <C-c> always means quit: it cannot be unbound");
	assert_string_equal(rc.errors[1], "line 3: <C-c> always means quit: it cannot be rebound");
	assert_string_equal(rc.errors[2],
			    "line 4: <C-z> always means suspend: it cannot be rebound");
	assert_string_equal(rc.errors[3],
			    "line 5: <C-z> always means suspend: it cannot be unbound");
	for (size_t m = 0; keymap_names[m]; m++) {
		struct keymap *km = rc_keymap(&rc, keymap_names[m]);
		assert_non_null(km);
		assert_int_equal(keymap_lookup(km, "<C-c>"), ACT_QUIT);
		assert_int_equal(keymap_lookup(km, "<C-z>"), ACT_SUSPEND);
		assert_int_equal(keymap_lookup(km, "x"), ACT_QUIT);
		assert_int_equal(keymap_lookup(km, "q"), ACT_SUSPEND);
		keymap_free(km);
	}
	rc_free(&rc);

	/* whatever a file binds them to, in every keymap: the fixed keys keep
	 * their actions, and quit keeps a key */
	for (int a = ACT_NONE; a < ACT_COUNT; a++) {
		char text[160];
		const char *name = a == ACT_NONE ? "none" : action_name((enum action)a);
		snprintf(text, sizeof text, "bind q none\nbind <C-c> %s\nbind <C-z> %s\n", name,
			 name);
		rc_init(&rc);
		parse(&rc, text);
		assert_int_equal(rc.nerrors, (a != ACT_QUIT) + (a != ACT_SUSPEND));
		for (size_t m = 0; keymap_names[m]; m++) {
			struct keymap *km = rc_keymap(&rc, keymap_names[m]);
			assert_non_null(km);
			for (const struct keybind *f = keymap_fixed; f->key; f++)
				assert_int_equal(keymap_lookup(km, f->key), f->action);
			assert_non_null(keymap_key(km, ACT_QUIT, 0));
			keymap_free(km);
		}
		rc_free(&rc);
	}

	/* without a key check too (the keys as written) */
	rc_init(&rc);
	rc_parse(&rc, "bind <C-c> none\n", 16, NULL, NULL);
	assert_int_equal(rc.nerrors, 1);
	assert_int_equal(rc.nbinds, 0);
	rc_free(&rc);

	/* the fixed keys are bound in every table as keymap_fixed says */
	size_t nfixed = 0;
	for (const struct keybind *f = keymap_fixed; f->key; f++, nfixed++) {
		for (size_t m = 0; keymap_names[m]; m++) {
			struct keymap *km = keymap_new(keymap_names[m]);
			assert_non_null(km);
			assert_int_equal(keymap_lookup(km, f->key), f->action);
			keymap_free(km);
		}
	}
	assert_true(nfixed >= 1);
	assert_string_equal(keymap_fixed[0].key, "<C-c>");
	assert_int_equal(keymap_fixed[0].action, ACT_QUIT);
}

static void test_many_errors(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	for (int i = 0; i < 35; i++)
		parse(&rc, "nonsense\n");
	assert_int_equal(rc.nbad, 35);
	assert_int_equal(rc.nerrors, RC_MAX_ERRORS + 1);
	assert_string_equal(rc.errors[0], "line 1: unknown command 'nonsense' (use bind, set or span)");
	assert_string_equal(rc.errors[RC_MAX_ERRORS], "15 more errors not shown");
	rc_free(&rc);
}

/* A temporary directory per test, removed at its end. */
static char tmpdir[64];

static int make_tmp(void **state)
{
	(void)state;
	strcpy(tmpdir, "/tmp/hectic-rc-XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmp(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static void write_file(const char *path, const char *data, size_t n)
{
	char dir[256];
	snprintf(dir, sizeof dir, "%s", path);
	for (char *p = dir + 1; *p; p++) {
		if (*p == '/') {
			*p = 0;
			mkdir(dir, 0700);
			*p = '/';
		}
	}
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

static void test_paths(void **state)
{
	(void)state;
	char xdg[128], home[128], want[256];
	snprintf(xdg, sizeof xdg, "%s/xdg", tmpdir);
	snprintf(home, sizeof home, "%s/home", tmpdir);
	setenv("HOME", home, 1);

	setenv("XDG_CONFIG_HOME", xdg, 1);
	char *p = rc_default_path();
	snprintf(want, sizeof want, "%s/xdg/hectic/hecticrc", tmpdir);
	assert_string_equal(p, want);
	free(p);

	snprintf(want, sizeof want, "%s/home/.config/hectic/hecticrc", tmpdir);
	setenv("XDG_CONFIG_HOME", "", 1);
	p = rc_default_path();
	assert_string_equal(p, want);
	free(p);
	/* the XDG spec: a relative path is ignored */
	setenv("XDG_CONFIG_HOME", "relative/dir", 1);
	p = rc_default_path();
	assert_string_equal(p, want);
	free(p);
	unsetenv("XDG_CONFIG_HOME");
	p = rc_default_path();
	assert_string_equal(p, want);
	free(p);
}

static void test_load_default(void **state)
{
	(void)state;
	char xdg[128], home[128], path[256];
	snprintf(xdg, sizeof xdg, "%s/xdg", tmpdir);
	snprintf(home, sizeof home, "%s/home", tmpdir);
	setenv("HOME", home, 1);
	setenv("XDG_CONFIG_HOME", xdg, 1);
	int calls = 0;

	/* no file anywhere: not an error */
	struct rc rc;
	rc_init(&rc);
	assert_false(rc_load_default(&rc, fake_canon, &calls));
	assert_int_equal(rc.nerrors, 0);
	assert_null(rc.path);
	rc_free(&rc);

	/* both files: XDG_CONFIG_HOME's is read */
	snprintf(path, sizeof path, "%s/hectic/hecticrc", xdg);
	write_file(path, "set color 8\nbind x quit\n", 24);
	snprintf(path, sizeof path, "%s/.config/hectic/hecticrc", home);
	write_file(path, "set color none\nbogus\n", 21);
	rc_init(&rc);
	assert_true(rc_load_default(&rc, fake_canon, &calls));
	assert_int_equal(rc.nerrors, 0);
	assert_int_equal(rc.color, RC_COLOR_8);
	assert_non_null(strstr(rc.path, "/xdg/hectic/hecticrc"));
	assert_int_equal(rc.nbinds, 1);
	rc_free(&rc);

	/* XDG_CONFIG_HOME unset: the one under HOME, errors and all */
	unsetenv("XDG_CONFIG_HOME");
	rc_init(&rc);
	assert_true(rc_load_default(&rc, fake_canon, &calls));
	assert_int_equal(rc.color, RC_COLOR_NONE);
	assert_int_equal(rc.nerrors, 1);
	assert_string_equal(rc.errors[0], "line 2: unknown command 'bogus' (use bind, set or span)");
	assert_string_equal(rc.path, path);
	rc_free(&rc);

	/* set but with no file there: HOME's is not read instead */
	snprintf(path, sizeof path, "%s/nowhere", tmpdir);
	setenv("XDG_CONFIG_HOME", path, 1);
	rc_init(&rc);
	assert_false(rc_load_default(&rc, fake_canon, &calls));
	assert_int_equal(rc.nerrors, 0);
	assert_int_equal(rc.color, RC_COLOR_AUTO);
	rc_free(&rc);
	unsetenv("XDG_CONFIG_HOME");
}

static void test_unreadable(void **state)
{
	(void)state;
	char path[256];
	int calls = 0;
	struct rc rc;

	/* a directory where the file should be */
	snprintf(path, sizeof path, "%s/hecticrc", tmpdir);
	assert_int_equal(mkdir(path, 0700), 0);
	rc_init(&rc);
	assert_false(rc_load(&rc, path, fake_canon, &calls));
	assert_int_equal(rc.nerrors, 1);
	assert_string_equal(rc.errors[0], strerror(EISDIR));
	assert_string_equal(rc.path, path);
	struct keymap *km = rc_keymap(&rc, NULL);
	assert_int_equal(keymap_lookup(km, "q"), ACT_QUIT);
	keymap_free(km);
	rc_free(&rc);

	/* no read permission (root reads it anyway) */
	snprintf(path, sizeof path, "%s/secret", tmpdir);
	write_file(path, "set color 8\n", 12);
	assert_int_equal(chmod(path, 0), 0);
	rc_init(&rc);
	bool ok = rc_load(&rc, path, fake_canon, &calls);
	if (geteuid() != 0) {
		assert_false(ok);
		assert_int_equal(rc.nerrors, 1);
		assert_string_equal(rc.errors[0], strerror(EACCES));
		assert_int_equal(rc.color, RC_COLOR_AUTO);
	}
	rc_free(&rc);

	/* a path through a file is as missing as a missing file */
	snprintf(path, sizeof path, "%s/secret/hecticrc", tmpdir);
	rc_init(&rc);
	assert_false(rc_load(&rc, path, fake_canon, &calls));
	assert_int_equal(rc.nerrors, 0);
	rc_free(&rc);
}

/* span START STOP: kept in file order with their regexes; a regex that
 * does not compile, one with no group, a missing or extra word and one
 * line too many are errors naming the line. */
static void test_spans(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	const char *text = "span ^go:(.+)$ ^done:(.+)$\n"
			   "span ^(.+)-in$ ^(.+)-out$ # a comment\n"
			   "span bad( ^x(.)$\n"
			   "span ^nogroup$ ^(x)$\n"
			   "span ^(a)$\n"
			   "span ^(a)$ ^(b)$ extra\n";
	rc_parse(&rc, text, strlen(text), NULL, NULL);
	assert_int_equal(rc.nspans, 2);
	assert_string_equal(rc.span_start[0], "^go:(.+)$");
	assert_string_equal(rc.span_stop[0], "^done:(.+)$");
	assert_string_equal(rc.span_start[1], "^(.+)-in$");
	assert_string_equal(rc.span_stop[1], "^(.+)-out$");
	assert_int_equal(rc.nerrors, 4);
	assert_non_null(strstr(rc.errors[0], "line 3: bad regex 'bad('"));
	assert_non_null(strstr(rc.errors[1], "line 4: regex '^nogroup$' has no (group)"));
	assert_non_null(strstr(rc.errors[2], "line 5: span needs two regexes"));
	assert_non_null(strstr(rc.errors[3], "line 6: unexpected 'extra'"));
	rc_free(&rc);
	rc_init(&rc);
	char many[1024] = "";
	for (int i = 0; i < RC_SPANS_MAX + 1; i++)
		strcat(many, "span ^(a)$ ^(b)$\n");
	rc_parse(&rc, many, strlen(many), NULL, NULL);
	assert_int_equal(rc.nspans, RC_SPANS_MAX);
	assert_int_equal(rc.nerrors, 1);
	assert_non_null(strstr(rc.errors[0], "at most"));
	rc_free(&rc);
}

/* A span regex whose repetitions would blow up regcomp (gigabytes and
 * tens of seconds), one with a back-reference and an overlong one are
 * refused before regcomp sees them, the line and the reason named; the
 * other lines stand. */
static void test_spans_refused(void **state)
{
	(void)state;
	struct rc rc;
	rc_init(&rc);
	char text[2048];
	char longre[1100];
	memset(longre, 'a', sizeof longre);
	memcpy(longre, "(a)", 3);
	longre[sizeof longre - 1] = 0;
	snprintf(text, sizeof text,
		 "span ((a{1,100}){1,100}){1,100}(x) ^STOP[[:space:]](.+)$\n"
		 "span ^go:(.+)$ ^done:(.+)$\n"
		 "span ^(a{2,5})[{]\\{$ ^(a{1,1000}){1,1000}$\n"
		 "span ^(.)$ ^(a*)*\\1$\n"
		 "span %s ^(b)$\n",
		 longre);
	rc_parse(&rc, text, strlen(text), NULL, NULL);
	assert_int_equal(rc.nspans, 1);
	assert_string_equal(rc.span_start[0], "^go:(.+)$");
	assert_int_equal(rc.nerrors, 4);
	assert_string_equal(rc.errors[0], "line 1: regex '((a{1,100}){1,100}){1,100}(x)' refused: "
					  "too large: its repetitions expand to 1010102 atoms "
					  "(at most 1000)");
	assert_non_null(strstr(rc.errors[1], "line 3: regex '^(a{1,1000}){1,1000}$' refused: "
					     "too large: its repetitions expand to 1001002 atoms"));
	assert_non_null(strstr(rc.errors[2], "line 4: regex '^(a*)*\\1$' refused: a back-reference"));
	assert_non_null(strstr(rc.errors[3], "line 5: regex '(a)aaaa"));
	assert_non_null(strstr(rc.errors[3], "refused: too long: 1099 bytes (at most 1024)"));
	rc_free(&rc);
}

static void test_garbage(void **state)
{
	(void)state;
	char path[256];
	int calls = 0;
	static char junk[64 * 1024];
	uint32_t x = 12345;
	for (size_t i = 0; i < sizeof junk; i++) {
		x = x * 1103515245u + 12345u;
		junk[i] = (char)(x >> 23);
	}
	/* and some lines that look right, or nearly */
	memcpy(junk + 100, "\nbind x quit\nbind q\n", 20);
	snprintf(path, sizeof path, "%s/garbage", tmpdir);
	write_file(path, junk, sizeof junk);
	struct rc rc;
	rc_init(&rc);
	assert_true(rc_load(&rc, path, fake_canon, &calls));
	assert_true(rc.nbad > 2);
	assert_int_equal(rc.nerrors, RC_MAX_ERRORS + 1);
	/* every message is plain printable ASCII */
	for (size_t i = 0; i < rc.nerrors; i++)
		for (const char *p = rc.errors[i]; *p; p++)
			assert_true(*p >= 0x20 && *p < 0x7f);
	struct keymap *km = rc_keymap(&rc, NULL);
	assert_non_null(km);
	assert_int_equal(keymap_lookup(km, "x"), ACT_QUIT);
	assert_int_equal(keymap_lookup(km, "q"), ACT_QUIT);
	assert_int_equal(keymap_lookup(km, "<C-d>"), ACT_PAGE_DOWN);
	keymap_free(km);
	rc_free(&rc);

	/* NUL bytes inside words */
	rc_init(&rc);
	rc_parse(&rc, "bind x\0y quit\nset color 8\n", 26, fake_canon, &calls);
	assert_int_equal(rc.nerrors, 1);
	assert_string_equal(rc.errors[0], "line 1: not text (byte 0x00)");
	assert_int_equal(rc.color, RC_COLOR_8);
	rc_free(&rc);

	/* too big to be a hand-written file */
	static char big[(1 << 20) + 4096];
	memset(big, '#', sizeof big);
	snprintf(path, sizeof path, "%s/big", tmpdir);
	write_file(path, big, sizeof big);
	rc_init(&rc);
	assert_false(rc_load(&rc, path, fake_canon, &calls));
	assert_int_equal(rc.nerrors, 1);
	assert_non_null(strstr(rc.errors[0], "not read"));
	rc_free(&rc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_option_table),
		cmocka_unit_test(test_heap_bands),
		cmocka_unit_test(test_lane_height),
		cmocka_unit_test(test_ruler_regexes),
		cmocka_unit_test(test_good_file),
		cmocka_unit_test(test_later_bind_wins),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_error_quoting),
		cmocka_unit_test(test_no_key_check),
		cmocka_unit_test(test_way_out),
		cmocka_unit_test(test_many_errors),
		cmocka_unit_test(test_spans),
		cmocka_unit_test(test_spans_refused),
		cmocka_unit_test_setup_teardown(test_paths, make_tmp, remove_tmp),
		cmocka_unit_test_setup_teardown(test_load_default, make_tmp, remove_tmp),
		cmocka_unit_test_setup_teardown(test_unreadable, make_tmp, remove_tmp),
		cmocka_unit_test_setup_teardown(test_garbage, make_tmp, remove_tmp),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
