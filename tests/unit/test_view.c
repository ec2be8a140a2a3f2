/* viewer/core.c and the views, without a terminal: the action table, zoom,
 * pan, the window's clamping, the event list's movement, each panel's
 * selection through its ops table, the prompts' line editor, and the
 * session file. Curses is linked; the few tests that draw do it on the
 * hidden screen of the benchmark (term_start_hidden). */
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
#include "../../viewer/cmd.h"
#include "../../viewer/core.h"
#include "../../viewer/loader.h"
#include "../../viewer/draw.h"
#include "../../viewer/term.h"

#define FIXTURE "tests/fixtures/threaded.eventlog"

static struct viewer U;

/* A loaded viewer of the log at path on a 120x32 screen, in a keymap. */
static struct viewer *setup_at(const char *keymap, const char *path)
{
	struct viewer_opts o = { .path = path, .color = 0, .ascii = 1 };
	core_init(&U, &o);
	U.mapname = keymap;
	U.km = keymap_new(keymap);
	assert_non_null(U.km);
	loader_run(&U);
	assert_int_equal(U.loaded, 1);
	layout_compute(&U.L, 32, 120, U.tr.ncaps, 0);
	core_after_load(&U);
	return &U;
}

static struct viewer *setup(const char *keymap)
{
	return setup_at(keymap, FIXTURE);
}

static int teardown(void **state)
{
	(void)state;
	core_free(&U);
	return 0;
}

static void keys(struct viewer *u, const char *const *k)
{
	for (; *k; k++)
		core_key(u, *k);
}

/* Every action runs somewhere and has a help line; every panel opens on
 * its own action and has what its kind needs. */
static void test_action_table(void **state)
{
	(void)state;
	for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
		if (!core_action_handled((enum action)a))
			print_error("no handler for %s\n", action_name((enum action)a));
		assert_true(core_action_handled((enum action)a));
		assert_true(action_help((enum action)a)[0] != 0);
	}
	for (size_t i = 0; view_all[i]; i++) {
		const struct view_ops *v = view_all[i];
		assert_non_null(v->name);
		assert_non_null(v->draw);
		assert_true(v->base == (v->opens_on == ACT_NONE));
		if (!v->base)
			assert_ptr_equal(view_for_action(v->opens_on), v);
		for (size_t j = 0; j < i; j++)
			assert_true(strcmp(view_all[j]->name, v->name) != 0);
	}
	assert_null(view_for_action(ACT_NONE));
	assert_null(view_for_action(ACT_ZOOM_IN));
}

static void test_zoom(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	uint64_t full = u->t1 - u->t0;
	assert_int_equal(u->t0, u->s.tmin);
	assert_int_equal(full, core_run_end(u) - u->s.tmin);
	core_act(u, ACT_ZOOM_OUT);
	assert_string_equal(u->msg, "the whole run is in view");
	assert_int_equal(u->t1 - u->t0, full);
	/* in, around the cursor (at the start: the window stays there) */
	core_act(u, ACT_ZOOM_IN);
	assert_int_equal(u->t1 - u->t0, full / 2);
	assert_int_equal(u->t0, u->s.tmin);
	core_act(u, ACT_ZOOM_OUT);
	assert_int_equal(u->t1 - u->t0, full);
	/* the cursor's column stays put */
	for (int i = 0; i < 40; i++)
		core_act(u, ACT_RIGHT);
	int col = layout_time_to_col(u->t0, u->t1, u->L.plotw, u->cursor);
	core_act(u, ACT_ZOOM_IN);
	int col2 = layout_time_to_col(u->t0, u->t1, u->L.plotw, u->cursor);
	assert_true(col2 >= col - 1 && col2 <= col + 1);
	/* down to a nanosecond a column, no further */
	for (int i = 0; i < 64; i++)
		core_act(u, ACT_ZOOM_IN);
	assert_int_equal(u->t1 - u->t0, (uint64_t)u->L.plotw);
	assert_string_equal(u->msg, "zoomed in as far as 1 ns per column");
	assert_true(u->cursor >= u->t0 && u->cursor < u->t1);
	core_act(u, ACT_ZOOM_FIT);
	assert_int_equal(u->t1 - u->t0, full);
	teardown(NULL);
}

static void test_pan_and_clamp(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	uint64_t start = u->s.tmin;
	core_act(u, ACT_LEFT);
	assert_int_equal(u->cursor, start);
	core_act(u, ACT_RIGHT);
	assert_int_equal(u->cursor, layout_col_to_time(u->t0, u->t1, u->L.plotw, 1));
	core_act(u, ACT_LEFT);
	assert_int_equal(u->cursor, start);
	core_act(u, ACT_GO_END);
	assert_int_equal(u->cursor, u->s.tmax);
	core_act(u, ACT_GO_START);
	assert_int_equal(u->cursor, start);
	/* a page to the right at a tenth of the run, then past the end */
	for (int i = 0; i < 4; i++)
		core_act(u, ACT_ZOOM_IN);
	uint64_t w = u->t1 - u->t0;
	core_act(u, ACT_PAGE_RIGHT);
	assert_int_equal(u->t0, start + w);
	assert_int_equal(u->cursor, start + w);
	for (int i = 0; i < 40; i++)
		core_act(u, ACT_PAGE_RIGHT);
	assert_int_equal(u->t1, core_run_end(u));
	assert_int_equal(u->t1 - u->t0, w);
	assert_int_equal(u->cursor, u->s.tmax);
	for (int i = 0; i < 40; i++)
		core_act(u, ACT_PAGE_LEFT);
	assert_int_equal(u->t0, start);
	assert_int_equal(u->cursor, start);
	/* the window: inside the run, never narrower than a ns a column */
	core_set_window(u, 0, 10);
	assert_int_equal(u->t0, start);
	assert_int_equal(u->t1 - u->t0, (uint64_t)u->L.plotw);
	core_set_window(u, UINT64_MAX / 2, 1000);
	assert_int_equal(u->t1, core_run_end(u));
	core_set_window(u, 0, UINT64_MAX / 4);
	assert_int_equal(u->t0, start);
	/* lanes scroll within the capabilities */
	core_act(u, ACT_LANES_UP);
	layout_compute(&u->L, 32, 120, u->tr.ncaps, u->lanes_top);
	assert_int_equal(u->L.lanes_top, 0);
	teardown(NULL);
}

static void test_list(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	list_anchor(u);
	assert_true(u->sel_valid);
	uint64_t t = u->sel_time, off = u->sel_off;
	core_act(u, ACT_DOWN);
	assert_true(u->sel_time > t || (u->sel_time == t && u->sel_off != off));
	assert_int_equal(u->cursor, u->sel_time);
	core_act(u, ACT_UP);
	assert_int_equal(u->sel_time, t);
	assert_int_equal(u->sel_off, off);
	core_act(u, ACT_PAGE_DOWN);
	assert_true(u->sel_time >= t);
	core_act(u, ACT_PAGE_UP);
	assert_int_equal(u->sel_time, t);
	assert_int_equal(u->sel_off, off);
	/* before the first event: nowhere to go */
	core_act(u, ACT_UP);
	assert_int_equal(u->sel_off, off);
	/* every class filtered out: no selection */
	core_act(u, ACT_TOGGLE_FILTERS);
	assert_int_equal(u->filters, 0);
	list_anchor(u);
	assert_false(u->sel_valid);
	core_act(u, ACT_TOGGLE_FILTERS);
	assert_int_equal(u->filters, CLASS_ALL);
	teardown(NULL);
}

static void test_pauses_panel(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	assert_true(u->tr.ngcs > 2);
	core_act(u, ACT_PAUSE_LIST);
	assert_ptr_equal(u->view, &view_pauses);
	assert_int_equal(u->psel, 0);
	core_act(u, ACT_UP);
	assert_int_equal(u->psel, 0);
	core_act(u, ACT_DOWN);
	assert_int_equal(u->psel, 1);
	core_act(u, ACT_GO_END);
	assert_int_equal(u->psel, (int)u->tr.ngcs - 1);
	core_act(u, ACT_DOWN);
	assert_int_equal(u->psel, (int)u->tr.ngcs - 1);
	core_act(u, ACT_GO_START);
	core_act(u, ACT_DOWN);
	/* Enter goes to the second longest pause */
	const struct gc *g = &u->tr.gcs[u->tr.gc_by_pause[1]];
	core_act(u, ACT_SELECT);
	assert_null(u->view);
	assert_int_equal(u->cursor, g->start);
	assert_true(strncmp(u->msg, "GC at ", 6) == 0);
	/* another action closes the panel and runs */
	core_act(u, ACT_PAUSE_LIST);
	uint64_t c = u->cursor;
	core_act(u, ACT_RIGHT);
	assert_null(u->view);
	assert_true(u->cursor > c);
	/* and Escape only closes it */
	core_act(u, ACT_PAUSE_LIST);
	core_act(u, ACT_CANCEL);
	assert_null(u->view);
	teardown(NULL);
}

static void test_filters_panel(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	core_act(u, ACT_FILTERS);
	assert_ptr_equal(u->view, &view_filters);
	core_act(u, ACT_SELECT);
	assert_int_equal(u->filters, CLASS_ALL & ~CLASS_BIT(0));
	core_act(u, ACT_DOWN);
	core_key(u, "<Space>"); /* Space ticks too, whatever it is bound to */
	assert_int_equal(u->filters, CLASS_ALL & ~CLASS_BIT(0) & ~CLASS_BIT(1));
	assert_ptr_equal(u->view, &view_filters);
	/* other actions are ignored while it is open, but toggle-filters */
	uint64_t t0 = u->t0, t1 = u->t1;
	core_act(u, ACT_ZOOM_IN);
	core_act(u, ACT_PAUSE_LIST);
	assert_ptr_equal(u->view, &view_filters);
	assert_int_equal(u->t0, t0);
	assert_int_equal(u->t1, t1);
	core_act(u, ACT_TOGGLE_FILTERS);
	assert_int_equal(u->filters, CLASS_ALL);
	assert_ptr_equal(u->view, &view_filters);
	core_act(u, ACT_GO_END);
	assert_int_equal(u->psel, CL_COUNT - 1);
	core_act(u, ACT_HELP);
	assert_ptr_equal(u->view, &view_help);
	core_act(u, ACT_HELP);
	assert_null(u->view);
	teardown(NULL);
}

static void test_threads_panel(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	assert_true(u->tr.nthreads > 1);
	core_act(u, ACT_THREADS);
	assert_ptr_equal(u->view, &view_thread_picker);
	size_t k = 0;
	while (k < u->tr.nthreads && u->tr.threads[k].first_run == UINT64_MAX)
		k++;
	assert_true(k < u->tr.nthreads);
	for (size_t i = 0; i < k; i++)
		core_act(u, ACT_DOWN);
	core_act(u, ACT_SELECT);
	assert_null(u->view);
	assert_int_equal(u->cursor, u->tr.threads[k].first_run);
	char want[64];
	snprintf(want, sizeof want, "thread %u first runs here", u->tr.threads[k].id);
	assert_string_equal(u->msg, want);
	teardown(NULL);
}

static void test_stats_panel(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	core_act(u, ACT_STATS);
	assert_null(u->view);
	assert_string_equal(u->msg, "no interval: v marks one, then s");
	core_act(u, ACT_MARK);
	for (int i = 0; i < 30; i++)
		core_act(u, ACT_RIGHT);
	core_act(u, ACT_MARK);
	assert_true(u->has_mark);
	core_act(u, ACT_STATS);
	assert_ptr_equal(u->view, &view_stats);
	assert_true(u->nstatlines > 10);
	assert_non_null(strstr(u->statlines[0], "bytes allocated in the heap"));
	core_act(u, ACT_GO_END);
	assert_int_equal(u->psel, (int)u->nstatlines - 1);
	core_act(u, ACT_SELECT); /* no select: Enter closes */
	assert_null(u->view);
	assert_int_equal(u->nstatlines, 0);
	/* z zooms to the mark, Escape clears it */
	core_act(u, ACT_ZOOM_MARK);
	assert_int_equal(u->t0, u->mark_a);
	core_act(u, ACT_CANCEL);
	assert_false(u->has_mark);
	teardown(NULL);
}

static void test_search(void **state)
{
	(void)state;
	struct viewer *u = setup("emacs");
	core_act(u, ACT_SEARCH);
	assert_ptr_equal(u->view, &view_search);
	keys(u, (const char *const[]){ "r", "o", "u", "n", "x", "<Backspace>", "d", "<Space>",
				       "2", NULL });
	assert_string_equal(u->prompt.text, "round 2");
	core_key(u, "<Enter>");
	assert_null(u->view);
	assert_true(u->cursor > u->s.tmin);
	assert_non_null(strstr(u->msg, "round 2"));
	uint64_t hit = u->cursor;
	core_act(u, ACT_SEARCH_NEXT);
	assert_true(u->cursor > hit);
	core_act(u, ACT_SEARCH_PREV);
	assert_int_equal(u->cursor, hit);
	/* C-g cancels, and a bad expression says so */
	core_key(u, "/");
	assert_ptr_equal(u->view, &view_search);
	core_key(u, "<C-g>");
	assert_null(u->view);
	core_key(u, "/");
	keys(u, (const char *const[]){ "(", "<Enter>", NULL });
	assert_true(strncmp(u->msg, "bad regular expression", 22) == 0);
	teardown(NULL);
}

/* ---- the thread picker at the whole run ---- */

/* A screen row of the hidden screen, its trailing blanks cut. */
static void screen_row(int y, char *buf, int n)
{
	buf[0] = 0;
	if (mvinnstr(y, 0, buf, n - 1) == ERR)
		buf[0] = 0;
	size_t k = strlen(buf);
	while (k && buf[k - 1] == ' ')
		buf[--k] = 0;
}

/* The picker's rows on the hidden screen: ids[i] and its runs and running
 * time as shown. The number of rows. */
static int picker_rows(const struct viewer *u, uint32_t *ids, unsigned *runs, char (*run)[32], int max)
{
	char b[512];
	int y = 0, col = -1, n = 0;
	for (; y < u->L.rows && col < 0; y++) {
		screen_row(y, b, sizeof b);
		char *h = strstr(b, "  thread    created");
		if (h)
			col = (int)(h - b);
	}
	for (; col >= 0 && y < u->L.rows && n < max; y++) {
		screen_row(y, b, sizeof b);
		char t0[32], t1[32], t2[32];
		if ((int)strlen(b) <= col ||
		    sscanf(b + col, "%u %31s %31s %31s %31s %u", &ids[n], t0, t1, t2, run[n], &runs[n]) != 6)
			break;
		n++;
	}
	return n;
}

/* t at a window too full to read (more than the picker's 2,000,000 events
 * by the log's mean density): the whole run's figures, drawn and sorted
 * from the moment it opens. */
static void test_threads_whole_run(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	assert_true(u->tr.nthreads > 1);
	uint64_t nev = u->s.nevents;
	u->s.nevents = 3000000; /* the estimate: the whole run holds that many */
	assert_true(term_start_hidden(u->L.rows, u->L.cols));
	core_act(u, ACT_THREADS);
	assert_ptr_equal(u->view, &view_thread_picker);
	assert_non_null(strstr(u->msg, "too many events"));
	u->view->draw(u);
	uint32_t ids[64];
	unsigned runs[64];
	char run[64][32];
	int n = picker_rows(u, ids, runs, run, 64);
	assert_true(n > 1);
	for (int i = 0; i < n; i++) {
		const struct thread_info *t = tracks_thread(&u->tr, ids[i]);
		char want[32];
		assert_non_null(t);
		assert_int_equal(runs[i], t->nruns);
		assert_string_equal(run[i], time_format(want, sizeof want, t->run_ns));
	}
	/* by running time, longest first */
	core_act(u, ACT_PANE_SORT);
	assert_string_equal(u->msg, "threads by running time");
	u->view->draw(u);
	n = picker_rows(u, ids, runs, run, 64);
	assert_true(n > 1);
	for (int i = 1; i < n; i++)
		assert_true(tracks_thread(&u->tr, ids[i - 1])->run_ns >=
			    tracks_thread(&u->tr, ids[i])->run_ns);
	core_view_close(u);
	term_stop_hidden();
	u->s.nevents = nev;
	teardown(NULL);
}

/* ---- the window against any values ---- */

static void assert_window_sane(const struct viewer *u)
{
	assert_true(u->t1 > u->t0);
	assert_true(u->t0 >= u->s.tmin);
	assert_true(u->t1 <= core_run_end(u));
	assert_true(u->t1 - u->t0 >= (uint64_t)u->L.plotw);
}

static void test_window_extremes(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	uint64_t lo = u->s.tmin, hi = core_run_end(u);
	const uint64_t v[] = { 0, 1, lo, hi - 1, hi, hi - lo, UINT64_MAX / 2, UINT64_MAX - 1,
			       UINT64_MAX };
	for (size_t i = 0; i < sizeof v / sizeof *v; i++)
		for (size_t j = 0; j < sizeof v / sizeof *v; j++) {
			core_set_window(u, v[i], v[j]);
			assert_window_sane(u);
		}
	/* z on a mark that wraps (from a session file): the whole run */
	core_set_window(u, lo + (hi - lo) / 4, (hi - lo) / 8);
	u->has_mark = true;
	u->mark_a = UINT64_MAX;
	u->mark_b = 0;
	core_act(u, ACT_ZOOM_MARK);
	assert_window_sane(u);
	assert_int_equal(u->t0, lo);
	assert_int_equal(u->t1, hi);
	assert_int_equal(u->cursor, lo);
	/* a mark past the run: said, the window kept */
	core_set_window(u, lo + (hi - lo) / 4, (hi - lo) / 8);
	uint64_t t0 = u->t0, t1 = u->t1;
	u->mark_a = hi + 5;
	u->mark_b = UINT64_MAX;
	core_act(u, ACT_ZOOM_MARK);
	assert_string_equal(u->msg, "the interval is outside the run");
	assert_int_equal(u->t0, t0);
	assert_int_equal(u->t1, t1);
	/* a run at the end of time (the last event at 2^64 - 1) */
	uint64_t tmin = u->s.tmin, tmax = u->s.tmax;
	u->s.tmin = UINT64_MAX - 10;
	u->s.tmax = UINT64_MAX;
	assert_int_equal(core_run_end(u), UINT64_MAX); /* saturated, not 0 */
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		core_set_window(u, v[i], v[i]);
		assert_true(u->t1 > u->t0);
		assert_int_equal(u->t1, UINT64_MAX);
		assert_int_equal(u->t1 - u->t0, (uint64_t)u->L.plotw);
	}
	u->s.tmin = tmin;
	u->s.tmax = tmax;
	teardown(NULL);
}

/* ---- the session file ---- */

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
	uint64_t lo = u->s.tmin, hi = core_run_end(u);
	core_go_time(u, lo + (hi - lo) / 3);
	core_act(u, ACT_BOOKMARK);
	core_go_time(u, lo + (hi - lo) / 5);
	core_act(u, ACT_BOOKMARK);
	core_act(u, ACT_MARK);
	core_go_time(u, lo + (hi - lo) / 2);
	core_act(u, ACT_MARK);
	core_act(u, ACT_ZOOM_IN);
	core_act(u, ACT_ZOOM_IN);
	uint32_t thread = u->tr.threads[u->tr.nthreads - 1].id;
	int32_t cap = u->tr.caps[u->tr.ncaps - 1];
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
	uint64_t lo = u->s.tmin, tmax = u->s.tmax;
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
		assert_true(strlen(b) <= LAYOUT_GUTTER);
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
	BAD("thread", "thread %u", u->tr.threads[u->tr.nthreads - 1].id + 1);
	BAD("capability", "cap %d", u->tr.caps[u->tr.ncaps - 1] + 1);
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
	core_go_time(u, u->s.tmin + 1000);
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

/* The line editor, with both keymaps' keys. */
static void test_prompt_editing(void **state)
{
	(void)state;
	struct prompt p;
	prompt_clear(&p);
	const char *typed[] = { "a", "b", "<Space>", "c", "\xc3\xa9", NULL };
	for (size_t i = 0; typed[i]; i++)
		assert_int_equal(prompt_key(&p, PA_NONE, typed[i]), PROMPT_EDITED);
	assert_string_equal(p.text, "ab c\xc3\xa9");
	assert_int_equal(prompt_key(&p, PA_NONE, "<F1>"), PROMPT_PASS);
	prompt_key(&p, keymap_prompt_lookup("default", "<Left>"), "<Left>");
	assert_int_equal(p.pos, 4); /* before the two bytes of é */
	prompt_key(&p, keymap_prompt_lookup("default", "<Backspace>"), "<Backspace>");
	assert_string_equal(p.text, "ab \xc3\xa9");
	prompt_key(&p, keymap_prompt_lookup("emacs", "<C-a>"), "<C-a>");
	prompt_key(&p, keymap_prompt_lookup("emacs", "<C-d>"), "<C-d>");
	assert_string_equal(p.text, "b \xc3\xa9");
	prompt_key(&p, keymap_prompt_lookup("emacs", "<C-e>"), "<C-e>");
	prompt_key(&p, keymap_prompt_lookup("default", "<C-w>"), "<C-w>");
	assert_string_equal(p.text, "b ");
	prompt_key(&p, keymap_prompt_lookup("emacs", "<M-b>"), "<M-b>");
	assert_int_equal(p.pos, 0);
	prompt_key(&p, keymap_prompt_lookup("emacs", "<C-k>"), "<C-k>");
	assert_string_equal(p.text, "");
	assert_int_equal(keymap_prompt_lookup("default", "<C-a>"), PA_NONE);
	assert_int_equal(prompt_key(&p, keymap_prompt_lookup("default", "<Enter>"), "<Enter>"),
			 PROMPT_ACCEPT);
	assert_int_equal(prompt_key(&p, keymap_prompt_lookup("default", "<Escape>"), "<Escape>"),
			 PROMPT_CANCEL);
	/* the line never overflows */
	for (int i = 0; i < 300; i++)
		prompt_key(&p, PA_NONE, "x");
	assert_int_equal(p.len, sizeof p.text - 2);
	assert_int_equal(strlen(p.text), p.len);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_action_table),
		cmocka_unit_test(test_zoom),
		cmocka_unit_test(test_pan_and_clamp),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_pauses_panel),
		cmocka_unit_test(test_filters_panel),
		cmocka_unit_test(test_threads_panel),
		cmocka_unit_test(test_stats_panel),
		cmocka_unit_test(test_search),
		cmocka_unit_test(test_prompt_editing),
		cmocka_unit_test(test_threads_whole_run),
		cmocka_unit_test(test_window_extremes),
		cmocka_unit_test(test_session_roundtrip),
		cmocka_unit_test(test_session_extremes),
		cmocka_unit_test(test_session_files),
		cmocka_unit_test(test_session_relative_state_home),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
