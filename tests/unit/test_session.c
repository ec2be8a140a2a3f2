/* viewer/session.c: the session file written and read back, its extreme
 * and hostile values checked against the log, its files and directories
 * made safely. A loaded viewer without a terminal (the few checks that
 * draw use the benchmark's hidden screen). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../keymaps/keymaps.h"
#include "../../cli/cmd.h"
#include "../../viewer/core.h"
#include "../../viewer/loader.h"
#include "../../viewer/draw.h"
#include "../../viewer/history.h"
#include "../../viewer/term.h"
#include "../../viewer/session.h"
#include "../../viewer/views.h"
#include "../../viewer/view_list.h"

#include "viewtest.h"

static char state_dir[256], home_dir[300];

static void fresh_state(void)
{
	snprintf(state_dir, sizeof state_dir, "/tmp/hectic-test-view-XXXXXX");
	assert_non_null(mkdtemp(state_dir));
	snprintf(home_dir, sizeof home_dir, "%s/home", state_dir);
	assert_int_equal(mkdir(home_dir, 0700), 0);
	setenv("HOME", home_dir, 1);
	setenv("XDG_STATE_HOME", state_dir, 1);
}

static void rm_tree(const char *path)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
	assert_int_equal(system(cmd), 0);
}

/* The names in dir (but . and ..), in buf, one per line; their number. */
static int dir_list(const char *dir, char *buf, size_t n)
{
	DIR *d = opendir(dir);
	int k = 0;
	buf[0] = 0;
	if (!d)
		return -1;
	for (struct dirent *e; (e = readdir(d));) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		size_t l = strlen(buf);
		snprintf(buf + l, n - l, "%s\n", e->d_name);
		k++;
	}
	closedir(d);
	return k;
}

/* The session file of the fixture, once saved: its path. */
static void session_file(char *out, size_t n)
{
	char dir[300], names[256];
	snprintf(dir, sizeof dir, "%s/hectic", state_dir);
	assert_int_equal(dir_list(dir, names, sizeof names), 1);
	names[strcspn(names, "\n")] = 0;
	assert_non_null(strstr(names, ".session"));
	snprintf(out, n, "%s/%s", dir, names);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* The saved session's "file" and "size" lines (this log's). */
static void session_id_lines(const char *path, char *out, size_t n)
{
	FILE *f = fopen(path, "r");
	char line[4300];
	assert_non_null(f);
	out[0] = 0;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, "file ", 5) || !strncmp(line, "size ", 5)) {
			size_t l = strlen(out);
			snprintf(out + l, n - l, "%s", line);
		}
	fclose(f);
	assert_non_null(strstr(out, "file /"));
	assert_non_null(strstr(out, "size "));
}

/* Saved 0600 in a 0700 directory, nothing else left there; every value
 * comes back. */
static void test_session_roundtrip(void **state)
{
	(void)state;
	fresh_state();
	struct viewer *u = setup("default");
	uint64_t lo = u->r->run.s.tmin, hi = core_run_end(u);
	core_go_time(u, lo + (hi - lo) / 3);
	core_act(u, ACT_BOOKMARK);
	core_go_time(u, lo + (hi - lo) / 5);
	core_act(u, ACT_BOOKMARK);
	core_act(u, ACT_MARK);
	core_go_time(u, lo + (hi - lo) / 2);
	core_act(u, ACT_MARK);
	core_act(u, ACT_ZOOM_IN);
	core_act(u, ACT_ZOOM_IN);
	uint32_t thread = u->r->run.tr.threads[u->r->run.tr.nthreads - 1].id;
	int32_t cap = u->r->run.tr.caps[u->r->run.tr.ncaps - 1];
	u->list_thread = thread;
	u->list_cap = cap;
	u->filters = CLASS_ALL & ~CLASS_BIT(1);
	uint64_t t0 = u->t0, t1 = u->t1, cursor = u->cursor, ma = u->mark_a, mb = u->mark_b;
	uint64_t b0 = u->bm[0], b1 = u->bm[1];
	session_save(u);
	teardown(NULL);
	char path[600], dir[300];
	session_file(path, sizeof path);
	snprintf(dir, sizeof dir, "%s/hectic", state_dir);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_int_equal(stat(dir, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0700);

	u = setup("default");
	session_restore(u);
	assert_non_null(strstr(u->msg, "the session of this file restored (2 bookmarks"));
	assert_int_equal(u->t0, t0);
	assert_int_equal(u->t1, t1);
	assert_int_equal(u->cursor, cursor);
	assert_true(u->has_mark);
	assert_int_equal(u->mark_a, ma);
	assert_int_equal(u->mark_b, mb);
	assert_int_equal(u->nbm, 2);
	assert_int_equal(u->bm[0], b0);
	assert_int_equal(u->bm[1], b1);
	assert_int_equal(u->list_thread, thread);
	assert_int_equal(u->list_cap, cap);
	assert_int_equal(u->filters, CLASS_ALL & ~CLASS_BIT(1));
	teardown(NULL);
	rm_tree(state_dir);
}

/* Every field at its extreme, a mark that wraps, bookmarks out of order
 * and twice, numbers too large, unknown keys and garbage: what is out of
 * range is dropped and named; what is good is kept; z, t and R then work
 * on a sane window. */
static void test_session_extremes(void **state)
{
	(void)state;
	fresh_state();
	struct viewer *u = setup("default");
	uint64_t lo = u->r->run.s.tmin, tmax = u->r->run.s.tmax;
	session_save(u);
	teardown(NULL);
	char path[600], id[4400], text[6000];
	session_file(path, sizeof path);
	session_id_lines(path, id, sizeof id);
	const char *M = "18446744073709551615";
	snprintf(text, sizeof text,
		 "hectic-session 1\n%s"
		 "window %s %s\ncursor %s\nfilters %s\nthread %s\ncap %s\nmark %s 0\n"
		 "bookmark %s\nbookmark %llu\nbookmark %llu\nbookmark %llu\n"
		 "bookmark 99999999999999999999999\nbookmark -1\nbookmark\n"
		 "colour purple\n@@@ \x01\x7f garbage\n\n window 1 2\nwindow 5\nwindow %llu %s\n",
		 id, M, M, M, M, M, M, M, M, (unsigned long long)tmax,
		 (unsigned long long)(lo + 1000), (unsigned long long)tmax, (unsigned long long)lo, M);
	write_file(path, text);
	u = setup("default");
	session_restore(u);
	assert_string_equal(u->msg, "session restored; dropped window, cursor, filters, thread, "
				    "capability, mark, 5 bookmarks (out of range or unreadable)");
	assert_window_sane(u);
	assert_int_equal(u->t0, lo);
	assert_int_equal(u->t1, core_run_end(u));
	assert_int_equal(u->cursor, lo);
	assert_int_equal(u->filters, CLASS_ALL);
	assert_int_equal(u->list_thread, 0);
	assert_int_equal(u->list_cap, LIST_ANY);
	assert_false(u->has_mark);
	assert_int_equal(u->nbm, 2);
	assert_int_equal(u->bm[0], lo + 1000);
	assert_int_equal(u->bm[1], tmax);
	/* a mark that wraps set anyway: z, t and R draw on a sane window */
	u->has_mark = true;
	u->mark_a = UINT64_MAX;
	u->mark_b = 0;
	assert_true(term_start_hidden(u->L.rows, u->L.cols));
	core_act(u, ACT_ZOOM_MARK);
	assert_window_sane(u);
	core_act(u, ACT_THREADS);
	assert_ptr_equal(u->view, &view_thread_picker);
	draw_frame(u);
	core_act(u, ACT_CANCEL);
	core_act(u, ACT_THREAD_ROWS);
	assert_ptr_equal(u->pane, &view_thread_rows);
	/* the thread rows on an empty window (t1 == t0: the model writes no
	 * cells): blank rows, no cell read that was never written */
	uint64_t w0 = u->t0, w1 = u->t1;
	u->t1 = u->t0;
	u->pane->draw(u);
	char b[512];
	int rows = 0;
	for (int y = u->L.list0 + 1; y < u->L.list0 + u->L.nlist; y++) {
		screen_row(y, b, sizeof b);
		if (!b[0])
			continue;
		rows++;
		assert_true(strlen(b) <= (size_t)u->L.gutter);
	}
	assert_true(rows > 0);
	u->t0 = w0;
	u->t1 = w1;
	draw_frame(u);
	core_pane_close(u);
	term_stop_hidden();
	teardown(NULL);
	/* each value just out of range, alone: dropped, named */
	u = setup("default");
	uint64_t hi = core_run_end(u);
	struct {
		char line[80];
		const char *named;
	} bad[16];
	int nb = 0;
#define BAD(name, ...) \
	(snprintf(bad[nb].line, sizeof bad[nb].line, __VA_ARGS__), bad[nb++].named = name)
	BAD("window", "window %llu %s", (unsigned long long)lo, M);
	BAD("window", "window %llu %llu", (unsigned long long)lo - 1, (unsigned long long)lo + 1000);
	BAD("window", "window %llu %llu", (unsigned long long)lo, (unsigned long long)hi + 1);
	BAD("cursor", "cursor %llu", (unsigned long long)hi);
	BAD("cursor", "cursor %llu", (unsigned long long)lo - 1);
	BAD("filters", "filters %llu", (unsigned long long)CLASS_ALL + 1);
	BAD("thread", "thread 0");
	BAD("thread", "thread %u", u->r->run.tr.threads[u->r->run.tr.nthreads - 1].id + 1);
	BAD("capability", "cap %d", u->r->run.tr.caps[u->r->run.tr.ncaps - 1] + 1);
	BAD("capability", "cap -5");
	BAD("capability", "cap -2147483648");
	BAD("mark", "mark %llu %llu", (unsigned long long)lo, (unsigned long long)hi);
	BAD("mark", "mark %llu %llu", (unsigned long long)lo + 5, (unsigned long long)lo + 5);
	BAD("1 bookmark", "bookmark %llu", (unsigned long long)hi);
#undef BAD
	teardown(NULL);
	assert_true(lo > 0);
	for (int i = 0; i < nb; i++) {
		snprintf(text, sizeof text, "hectic-session 1\n%s%s\n", id, bad[i].line);
		write_file(path, text);
		u = setup("default");
		session_restore(u);
		char want[100];
		snprintf(want, sizeof want, "dropped %s (out of range", bad[i].named);
		if (!strstr(u->msg, want))
			print_error("'%s': '%s'\n", bad[i].line, u->msg);
		assert_non_null(strstr(u->msg, want));
		assert_window_sane(u);
		teardown(NULL);
	}
	/* another log's session (its file line differs): nothing taken */
	snprintf(text, sizeof text,
		 "hectic-session 1\nfile /elsewhere\nsize 1\ncursor %llu\nbookmark %llu\n",
		 (unsigned long long)(lo + 1000), (unsigned long long)(lo + 1000));
	write_file(path, text);
	u = setup("default");
	session_restore(u);
	assert_int_equal(u->nbm, 0);
	assert_int_equal(u->cursor, lo);
	assert_null(strstr(u->msg, "session"));
	teardown(NULL);
	rm_tree(state_dir);
}

/* Not a regular file at the session's path (a FIFO, a directory), or one
 * too large: refused at once, said; the save replaces what is there, and
 * never writes through a symlink. */
static void test_session_files(void **state)
{
	(void)state;
	fresh_state();
	struct viewer *u = setup("default");
	session_save(u);
	char path[600], tmp[700];
	session_file(path, sizeof path);
	/* a FIFO with no writer: an open without O_NONBLOCK waits for ever */
	assert_int_equal(unlink(path), 0);
	assert_int_equal(mkfifo(path, 0600), 0);
	alarm(20);
	session_restore(u);
	alarm(0);
	assert_non_null(strstr(u->msg, "session not restored: its file is not a regular file"));
	session_save(u);
	struct stat st;
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	/* too large */
	char *big = malloc(70000);
	assert_non_null(big);
	memset(big, '#', 69999);
	big[69999] = 0;
	memcpy(big, "hectic-session 1\n", 17);
	write_file(path, big);
	free(big);
	session_restore(u);
	assert_non_null(strstr(u->msg, "session not restored: its file is too large"));
	/* a directory */
	assert_int_equal(unlink(path), 0);
	assert_int_equal(mkdir(path, 0700), 0);
	session_restore(u);
	assert_non_null(strstr(u->msg, "is not a regular file"));
	assert_int_equal(rmdir(path), 0);
	/* symlinks at the path and at the old fixed temporary name: the
	 * file they point to is left as it was */
	char victim[600], names[2048], dir[300];
	snprintf(victim, sizeof victim, "%s/victim", state_dir);
	write_file(victim, "victim\n");
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	assert_int_equal(symlink(victim, path), 0);
	assert_int_equal(symlink(victim, tmp), 0);
	session_save(u);
	FILE *f = fopen(victim, "r");
	char line[64] = "";
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof line, f));
	assert_null(fgets(line + 10, sizeof line - 10, f));
	fclose(f);
	assert_string_equal(line, "victim\n");
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_int_equal(unlink(tmp), 0);
	/* two viewers saving at once, many times: each its own temporary,
	 * none left behind, the file whole */
	pid_t kids[2];
	for (int k = 0; k < 2; k++) {
		kids[k] = fork();
		assert_true(kids[k] >= 0);
		if (kids[k] == 0) {
			for (int i = 0; i < 200; i++)
				session_save(u);
			_exit(0);
		}
	}
	for (int k = 0; k < 2; k++) {
		int ws;
		assert_int_equal(waitpid(kids[k], &ws, 0), kids[k]);
		assert_true(WIFEXITED(ws) && WEXITSTATUS(ws) == 0);
	}
	snprintf(dir, sizeof dir, "%s/hectic", state_dir);
	assert_int_equal(dir_list(dir, names, sizeof names), 1);
	teardown(NULL);
	u = setup("default");
	session_restore(u);
	assert_non_null(strstr(u->msg, "the session of this file restored"));
	teardown(NULL);
	rm_tree(state_dir);
}

/* A relative $XDG_STATE_HOME is ignored (the XDG spec): the session goes
 * under $HOME/.local/state, nothing under the current directory (a fresh
 * one, the log named by its absolute path). */
static void test_session_relative_state_home(void **state)
{
	(void)state;
	static char log[4096];
	char cwd[4096], here[300], names[1024], dir[400];
	assert_non_null(realpath(FIXTURE, log));
	assert_non_null(getcwd(cwd, sizeof cwd));
	fresh_state();
	snprintf(here, sizeof here, "%s/cwd", state_dir);
	assert_int_equal(mkdir(here, 0700), 0);
	assert_int_equal(chdir(here), 0);
	setenv("XDG_STATE_HOME", "rel-state", 1);
	struct viewer *u = setup_at("default", log);
	core_go_time(u, u->r->run.s.tmin + 1000);
	core_act(u, ACT_BOOKMARK);
	session_save(u);
	teardown(NULL);
	bool cwd_empty = dir_list(here, names, sizeof names) == 0;
	snprintf(dir, sizeof dir, "%s/.local/state/hectic", home_dir);
	int saved = dir_list(dir, names, sizeof names);
	u = setup_at("default", log);
	session_restore(u);
	int nbm = u->nbm;
	teardown(NULL);
	/* a relative HOME too: no session at all */
	setenv("HOME", "rel-home", 1);
	u = setup_at("default", log);
	session_save(u);
	teardown(NULL);
	bool still_empty = dir_list(here, names, sizeof names) == 0;
	assert_int_equal(chdir(cwd), 0);
	rm_tree(state_dir);
	assert_true(cwd_empty);
	assert_int_equal(saved, 1);
	assert_int_equal(nbm, 1);
	assert_true(still_empty);
}

/* The SQL prompt's history (history.c), in hectic sql's history file:
 * kept across a load, the last HISTORY_MAX, a repeat of the last not kept
 * twice, stepped through with the line typed past the newest; a hostile
 * file read safely. */
static void test_history(void **state)
{
	(void)state;
	fresh_state();
	struct history h = { 0 };
	history_load(&h);
	assert_int_equal(h.n, 0);
	assert_null(history_step(&h, -1));
	char line[32];
	for (int i = 0; i < HISTORY_MAX + 5; i++) {
		snprintf(line, sizeof line, "SELECT %d", i);
		history_add(&h, line);
	}
	history_add(&h, "SELECT 10");
	history_add(&h, "SELECT 10");
	history_add(&h, "");
	history_free(&h);
	/* read back as a new viewer reads it */
	history_load(&h);
	assert_int_equal(h.n, HISTORY_MAX);
	snprintf(line, sizeof line, "SELECT %d", HISTORY_MAX + 4);
	assert_string_equal(history_step(&h, -1), "SELECT 10");
	assert_string_equal(history_step(&h, -1), line);
	assert_string_equal(history_step(&h, 1), "SELECT 10");
	assert_null(history_step(&h, 1)); /* past the newest: the line typed */
	for (int i = 0; i < HISTORY_MAX + 3; i++)
		history_step(&h, -1);
	assert_string_equal(history_step(&h, -1), "SELECT 6"); /* the oldest kept */
	history_free(&h);
	/* a hostile file: a line too long dropped whole (not its tail kept),
	 * control bytes kept as text (the prompt draws them escaped), a FIFO
	 * not waited on */
	char path[400];
	snprintf(path, sizeof path, "%s/hectic/sql_history", state_dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	for (int i = 0; i < SQL_HISTORY_LINE_MAX + 10; i++)
		fputc('x', f);
	fprintf(f, "\n\nSELECT 1\n\033[2J\n");
	fclose(f);
	history_load(&h);
	assert_int_equal(h.n, 2);
	assert_string_equal(h.line[0], "SELECT 1");
	assert_string_equal(h.line[1], "\033[2J");
	history_free(&h);
	unlink(path);
	assert_int_equal(mkfifo(path, 0600), 0);
	history_load(&h);
	assert_int_equal(h.n, 0);
	history_free(&h);
	rm_tree(state_dir);
}

/* The line editor, with both keymaps' keys. */
int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_session_roundtrip),
		cmocka_unit_test(test_session_extremes),
		cmocka_unit_test(test_session_files),
		cmocka_unit_test(test_session_relative_state_home),
		cmocka_unit_test(test_history),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
