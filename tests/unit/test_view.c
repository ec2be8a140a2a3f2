/* viewer/core.c and the views, without a terminal: the action table, zoom,
 * pan, the window's clamping, the event list's movement, each panel's
 * selection through its ops table and the prompts' line editor (the
 * session file: test_session.c). Curses is linked; the few tests that draw do it on the
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
#include "../../cli/cmd.h"
#include "../../viewer/core.h"
#include "../../viewer/loader.h"
#include "../../viewer/draw.h"
#include "../../viewer/term.h"
#include "../../viewer/session.h"
#include "../../viewer/views.h"
#include "../../viewer/view_list.h"

#include "viewtest.h"

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
	struct viewer *u = setup("default");
	for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
		if (!core_action_handled(u, (enum action)a))
			print_error("no handler for %s\n", action_name((enum action)a));
		assert_true(core_action_handled(u, (enum action)a));
		assert_true(action_help((enum action)a)[0] != 0);
	}
	for (size_t i = 0; view_all[i]; i++) {
		const struct view_ops *v = view_all[i];
		assert_non_null(v->name);
		assert_non_null(v->draw);
		assert_true(v->base == (v->opens_on == ACT_NONE));
		if (!v->base)
			assert_ptr_equal(view_for_action(u, v->opens_on), v);
		for (size_t j = 0; j < i; j++)
			assert_true(strcmp(view_all[j]->name, v->name) != 0);
	}
	assert_null(view_for_action(u, ACT_NONE));
	assert_null(view_for_action(u, ACT_ZOOM_IN));
}

static void test_zoom(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	uint64_t full = u->t1 - u->t0;
	assert_int_equal(u->t0, u->r->run.s.tmin);
	assert_int_equal(full, core_run_end(u) - u->r->run.s.tmin);
	core_act(u, ACT_ZOOM_OUT);
	assert_string_equal(u->msg, "the whole run is in view");
	assert_int_equal(u->t1 - u->t0, full);
	/* in, around the cursor (at the start: the window stays there) */
	core_act(u, ACT_ZOOM_IN);
	assert_int_equal(u->t1 - u->t0, full / 2);
	assert_int_equal(u->t0, u->r->run.s.tmin);
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
	uint64_t start = u->r->run.s.tmin;
	core_act(u, ACT_LEFT);
	assert_int_equal(u->cursor, start);
	core_act(u, ACT_RIGHT);
	assert_int_equal(u->cursor, layout_col_to_time(u->t0, u->t1, u->L.plotw, 1));
	core_act(u, ACT_LEFT);
	assert_int_equal(u->cursor, start);
	core_act(u, ACT_GO_END);
	assert_int_equal(u->cursor, u->r->run.s.tmax);
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
	assert_int_equal(u->cursor, u->r->run.s.tmax);
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
	layout_compute(&u->L, 32, 120, u->r->run.tr.ncaps, u->lanes_top);
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
	assert_true(u->r->run.tr.ngcs > 2);
	core_act(u, ACT_PAUSE_LIST);
	assert_ptr_equal(u->view, &view_pauses);
	assert_int_equal(u->pl.sel, 0);
	core_act(u, ACT_UP);
	assert_int_equal(u->pl.sel, 0);
	core_act(u, ACT_DOWN);
	assert_int_equal(u->pl.sel, 1);
	core_act(u, ACT_GO_END);
	assert_int_equal(u->pl.sel, (int)u->r->run.tr.ngcs - 1);
	core_act(u, ACT_DOWN);
	assert_int_equal(u->pl.sel, (int)u->r->run.tr.ngcs - 1);
	core_act(u, ACT_GO_START);
	core_act(u, ACT_DOWN);
	/* Enter goes to the second longest pause */
	const struct gc *g = &u->r->run.tr.gcs[u->r->run.tr.gc_by_pause[1]];
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
	assert_int_equal(u->pl.sel, CL_COUNT - 1);
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
	assert_true(u->r->run.tr.nthreads > 1);
	core_act(u, ACT_THREADS);
	assert_ptr_equal(u->view, &view_thread_picker);
	size_t k = 0;
	while (k < u->r->run.tr.nthreads && u->r->run.tr.threads[k].first_run == UINT64_MAX)
		k++;
	assert_true(k < u->r->run.tr.nthreads);
	for (size_t i = 0; i < k; i++)
		core_act(u, ACT_DOWN);
	core_act(u, ACT_SELECT);
	assert_null(u->view);
	assert_int_equal(u->cursor, u->r->run.tr.threads[k].first_run);
	char want[64];
	snprintf(want, sizeof want, "thread %u first runs here", u->r->run.tr.threads[k].id);
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
	int nlines = view_stats.rows(u);
	assert_true(nlines > 10);
	/* its first line, on the hidden screen */
	assert_true(term_start_hidden(u->L.rows, u->L.cols));
	u->view->draw(u);
	bool shown = false;
	char row[512];
	for (int y = 0; y < u->L.rows && !shown; y++)
		shown = mvinnstr(y, 0, row, sizeof row - 1) != ERR &&
			strstr(row, "bytes allocated in the heap") != NULL;
	term_stop_hidden();
	assert_true(shown);
	core_act(u, ACT_GO_END);
	assert_int_equal(u->pl.sel, nlines - 1);
	core_act(u, ACT_SELECT); /* no select: Enter closes */
	assert_null(u->view);
	assert_int_equal(view_stats.rows(u), 0); /* its lines freed */
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
	assert_true(u->cursor > u->r->run.s.tmin);
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
	assert_true(u->r->run.tr.nthreads > 1);
	uint64_t nev = u->r->run.s.nevents;
	u->r->run.s.nevents = 3000000; /* the estimate: the whole run holds that many */
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
		const struct thread_info *t = tracks_thread(&u->r->run.tr, ids[i]);
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
		assert_true(tracks_thread(&u->r->run.tr, ids[i - 1])->run_ns >=
			    tracks_thread(&u->r->run.tr, ids[i])->run_ns);
	core_view_close(u);
	term_stop_hidden();
	u->r->run.s.nevents = nev;
	teardown(NULL);
}

static void test_window_extremes(void **state)
{
	(void)state;
	struct viewer *u = setup("default");
	uint64_t lo = u->r->run.s.tmin, hi = core_run_end(u);
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
	uint64_t tmin = u->r->run.s.tmin, tmax = u->r->run.s.tmax;
	u->r->run.s.tmin = UINT64_MAX - 10;
	u->r->run.s.tmax = UINT64_MAX;
	assert_int_equal(core_run_end(u), UINT64_MAX); /* saturated, not 0 */
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		core_set_window(u, v[i], v[i]);
		assert_true(u->t1 > u->t0);
		assert_int_equal(u->t1, UINT64_MAX);
		assert_int_equal(u->t1 - u->t0, (uint64_t)u->L.plotw);
	}
	u->r->run.s.tmin = tmin;
	u->r->run.s.tmax = tmax;
	teardown(NULL);
}

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
	for (size_t i = 0; i < sizeof p.text + 100; i++)
		prompt_key(&p, PA_NONE, "x");
	assert_int_equal(p.len, sizeof p.text - 2);
	assert_int_equal(strlen(p.text), p.len);
}

/* The keys given while the log loads: the early ones act on the skeleton
 * at once, the first that needs the log and every one after it wait, and
 * once loaded all are taken again, in order: the window, cursor, mark and
 * message equal a fresh open's given the same keys. */
static void test_keys_while_loading(void **state)
{
	(void)state;
	static const char *const k[] = { "+", "+", "l", ":", "+", "3", "m", "s", "<Enter>",
					 "v", "l", "l", "v", "]", "+", "?", NULL };
	/* the fresh open, then the keys */
	struct viewer *u = setup("default");
	keys(u, k);
	uint64_t t0 = u->t0, t1 = u->t1, cursor = u->cursor, ma = u->mark_a, mb = u->mark_b;
	bool help = u->view != NULL;
	char msg[sizeof u->msg];
	memcpy(msg, u->msg, sizeof msg);
	teardown(NULL);
	/* the keys while loading: the skeleton first, the load after */
	struct viewer_opts o = { .path = FIXTURE, .color = 0, .ascii = 1 };
	assert_true(core_init(&U, &o, view_all));
	u = &U;
	u->mapname = "default";
	u->km = keymap_new("default");
	int fd = open(FIXTURE, O_RDONLY);
	assert_true(fd >= 0);
	assert_true(skeleton_read_fd(&u->r->sk, fd));
	close(fd);
	assert_true(u->r->sk.valid);
	layout_compute(&u->L, 32, 120, draw_skeleton_lanes(u), 0);
	core_before_load(u);
	uint64_t w0 = core_width(u);
	for (size_t i = 0; i < 9; i++) /* zoom, step, go to a time: at once */
		core_key(u, k[i]);
	assert_false(u->ready);
	assert_int_equal(core_width(u), w0 / 4);
	assert_true(u->cursor > core_run_start(u));
	assert_int_equal(u->nwaiting, 0);
	for (size_t i = 9; k[i]; i++)
		core_key(u, k[i]);
	/* the mark is early; "]" (the next GC) needs the log: it and the two
	 * keys after it wait, the help among them */
	assert_int_equal(u->nwaiting, 3);
	assert_int_equal(u->npending, 16);
	assert_null(u->view);
	assert_non_null(strstr(u->msg, "3 keys wait"));
	loader_run(u->r);
	assert_int_equal(u->r->loaded, 1);
	layout_compute(&u->L, 32, 120, u->r->run.tr.ncaps, 0);
	core_after_load(u);
	core_take_pending(u);
	assert_int_equal(u->npending, 0);
	assert_int_equal(u->t0, t0);
	assert_int_equal(u->t1, t1);
	assert_int_equal(u->cursor, cursor);
	assert_int_equal(u->mark_a, ma);
	assert_int_equal(u->mark_b, mb);
	assert_int_equal(u->view != NULL, help);
	assert_string_equal(u->msg, msg);
	teardown(NULL);
}

/* A log opens without reading its heap profile; the heap pane (or the
 * profile pane) reads it the first time it opens, the same censuses and
 * ticks a direct build gives. */
static void test_heap_when_asked(void **state)
{
	(void)state;
	static const struct {
		const char *path;
		enum action a;
	} c[] = { { "tests/fixtures/heap-hT.eventlog", ACT_HEAP_VIEW },
		  { "tests/fixtures/prof.eventlog", ACT_PROFILE_VIEW } };
	for (size_t i = 0; i < 2; i++) {
		struct viewer *u = setup_at("default", c[i].path);
		assert_false(u->r->run.built & RUN_NEED(TABLE_NEEDS_HEAP));
		assert_int_equal(u->r->run.h.ncensuses + u->r->run.h.tick_events, 0);
		struct heap want;
		assert_true(heap_build_ticks(&want, &u->r->run.s, false));
		assert_true(want.ncensuses + want.tick_events > 0);
		core_act(u, c[i].a);
		assert_non_null(u->pane);
		assert_true(u->r->run.built & RUN_NEED(TABLE_NEEDS_HEAP));
		assert_int_equal(u->r->run.h.ncensuses, want.ncensuses);
		assert_int_equal(u->r->run.h.tick_events, want.tick_events);
		assert_int_equal(u->r->run.h.nticks, 0); /* the tree reads them from the store */
		assert_int_equal(u->r->run.h.nbands, want.nbands);
		heap_free(&want);
		teardown(NULL);
	}
}

/* Does the row's gutter read s, a blank after it? */
static bool row_is(const char *row, const char *s)
{
	size_t n = strlen(s);
	return !strncmp(row, s, n) && (row[n] == ' ' || !row[n]);
}

/* The gutter: as wide as the shown pane's labels want (issue 33), with
 * the ruler's ticks and a click on the plot at the columns right of it;
 * the event list again: the least gutter. */
static void test_gutter(void **state)
{
	(void)state;
	struct viewer *u = setup_at("default", "tests/fixtures/derived/ghc96-threaded-labels.eventlog");
	u->ascii = true; /* (as the main loop sets it) a glyph a byte */
	assert_true(term_start_hidden(32, 120));
	draw_frame(u);
	assert_int_equal(u->L.gutter, LAYOUT_GUTTER);
	core_act(u, ACT_THREAD_ROWS);
	assert_ptr_equal(u->pane, &view_thread_rows);
	draw_frame(u);
	const char *widest = "3 IOManager on cap 1"; /* the widest id and label */
	assert_int_equal(u->L.gutter, (int)strlen(widest) + 1);
	assert_int_equal(u->L.plotx, u->L.gutter);
	assert_int_equal(u->L.plotw, 120 - u->L.gutter);
	char row[512];
	int whole = 0;
	for (int y = u->L.list0 + 1; y < u->L.status; y++) {
		screen_row(y, row, sizeof row);
		whole += row_is(row, widest) || row_is(row, "4 TimerManager");
	}
	assert_int_equal(whole, 2);
	/* the ruler's ticks at the plot's columns */
	struct layout_tick t[64];
	uint64_t step;
	bool offsets;
	size_t n = layout_ruler_ticks(u->t0, u->t1, u->L.plotw, 64, t, &step, &offsets);
	assert_true(n >= 3);
	screen_row(u->L.ruler, row, sizeof row);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(row[u->L.plotx + t[i].col], '|');
	/* a click on the plot: the time of the column drawn there */
	struct input_event ev = { .kind = IN_MOUSE };
	ev.mouse.kind = MOUSE_PRESS;
	ev.mouse.x = u->L.plotx + 30;
	ev.mouse.y = u->L.ruler;
	core_mouse(u, &ev);
	assert_int_equal(u->cursor, layout_col_to_time(u->t0, u->t1, u->L.plotw, 30));
	core_act(u, ACT_THREAD_ROWS); /* the event list again */
	assert_null(u->pane);
	draw_frame(u);
	assert_int_equal(u->L.gutter, LAYOUT_GUTTER);
	term_stop_hidden();
	teardown(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_action_table, teardown),
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
		cmocka_unit_test(test_keys_while_loading),
		cmocka_unit_test(test_heap_when_asked),
		cmocka_unit_test(test_gutter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
