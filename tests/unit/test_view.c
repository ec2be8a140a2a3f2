/* viewer/core.c and the views, without a terminal: the action table, zoom,
 * pan, the window's clamping, the event list's movement, each panel's
 * selection through its ops table, and the prompts' line editor. Nothing
 * here draws: curses is linked, never started. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "../../keymaps/keymaps.h"
#include "../../viewer/cmd.h"
#include "../../viewer/core.h"
#include "../../viewer/loader.h"

#define FIXTURE "tests/fixtures/threaded.eventlog"

/* term.c and bench.c report through main.c's warnx_. */
void warnx_(const char *fmt, ...)
{
	(void)fmt;
}

static struct ui U;

/* A loaded viewer on a 120x32 screen, in a keymap. */
static struct ui *setup(const char *keymap)
{
	struct ui_opts o = { .path = FIXTURE, .color = 0, .ascii = 1 };
	ui_init(&U, &o);
	U.mapname = keymap;
	U.km = keymap_new(keymap);
	assert_non_null(U.km);
	loader_run(&U);
	assert_int_equal(U.loaded, 1);
	layout_compute(&U.L, 32, 120, U.tr.ncaps, 0);
	ui_after_load(&U);
	return &U;
}

static int teardown(void **state)
{
	(void)state;
	ui_free(&U);
	return 0;
}

static void keys(struct ui *u, const char *const *k)
{
	for (; *k; k++)
		ui_key(u, *k);
}

/* Every action runs somewhere and has a help line; every panel opens on
 * its own action and has what its kind needs. */
static void test_action_table(void **state)
{
	(void)state;
	for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
		if (!ui_action_handled((enum action)a))
			print_error("no handler for %s\n", action_name((enum action)a));
		assert_true(ui_action_handled((enum action)a));
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
	struct ui *u = setup("default");
	uint64_t full = u->t1 - u->t0;
	assert_int_equal(u->t0, u->s.tmin);
	assert_int_equal(full, ui_run_end(u) - u->s.tmin);
	ui_act(u, ACT_ZOOM_OUT);
	assert_string_equal(u->msg, "the whole run is in view");
	assert_int_equal(u->t1 - u->t0, full);
	/* in, around the cursor (at the start: the window stays there) */
	ui_act(u, ACT_ZOOM_IN);
	assert_int_equal(u->t1 - u->t0, full / 2);
	assert_int_equal(u->t0, u->s.tmin);
	ui_act(u, ACT_ZOOM_OUT);
	assert_int_equal(u->t1 - u->t0, full);
	/* the cursor's column stays put */
	for (int i = 0; i < 40; i++)
		ui_act(u, ACT_RIGHT);
	int col = layout_time_to_col(u->t0, u->t1, u->L.plotw, u->cursor);
	ui_act(u, ACT_ZOOM_IN);
	int col2 = layout_time_to_col(u->t0, u->t1, u->L.plotw, u->cursor);
	assert_true(col2 >= col - 1 && col2 <= col + 1);
	/* down to a nanosecond a column, no further */
	for (int i = 0; i < 64; i++)
		ui_act(u, ACT_ZOOM_IN);
	assert_int_equal(u->t1 - u->t0, (uint64_t)u->L.plotw);
	assert_string_equal(u->msg, "zoomed in as far as 1 ns per column");
	assert_true(u->cursor >= u->t0 && u->cursor < u->t1);
	ui_act(u, ACT_ZOOM_FIT);
	assert_int_equal(u->t1 - u->t0, full);
	teardown(NULL);
}

static void test_pan_and_clamp(void **state)
{
	(void)state;
	struct ui *u = setup("default");
	uint64_t start = u->s.tmin;
	ui_act(u, ACT_LEFT);
	assert_int_equal(u->cursor, start);
	ui_act(u, ACT_RIGHT);
	assert_int_equal(u->cursor, layout_col_to_time(u->t0, u->t1, u->L.plotw, 1));
	ui_act(u, ACT_LEFT);
	assert_int_equal(u->cursor, start);
	ui_act(u, ACT_GO_END);
	assert_int_equal(u->cursor, u->s.tmax);
	ui_act(u, ACT_GO_START);
	assert_int_equal(u->cursor, start);
	/* a page to the right at a tenth of the run, then past the end */
	for (int i = 0; i < 4; i++)
		ui_act(u, ACT_ZOOM_IN);
	uint64_t w = u->t1 - u->t0;
	ui_act(u, ACT_PAGE_RIGHT);
	assert_int_equal(u->t0, start + w);
	assert_int_equal(u->cursor, start + w);
	for (int i = 0; i < 40; i++)
		ui_act(u, ACT_PAGE_RIGHT);
	assert_int_equal(u->t1, ui_run_end(u));
	assert_int_equal(u->t1 - u->t0, w);
	assert_int_equal(u->cursor, u->s.tmax);
	for (int i = 0; i < 40; i++)
		ui_act(u, ACT_PAGE_LEFT);
	assert_int_equal(u->t0, start);
	assert_int_equal(u->cursor, start);
	/* the window: inside the run, never narrower than a ns a column */
	ui_set_window(u, 0, 10);
	assert_int_equal(u->t0, start);
	assert_int_equal(u->t1 - u->t0, (uint64_t)u->L.plotw);
	ui_set_window(u, UINT64_MAX / 2, 1000);
	assert_int_equal(u->t1, ui_run_end(u));
	ui_set_window(u, 0, UINT64_MAX / 4);
	assert_int_equal(u->t0, start);
	/* lanes scroll within the capabilities */
	ui_act(u, ACT_LANES_UP);
	layout_compute(&u->L, 32, 120, u->tr.ncaps, u->lanes_top);
	assert_int_equal(u->L.lanes_top, 0);
	teardown(NULL);
}

static void test_list(void **state)
{
	(void)state;
	struct ui *u = setup("default");
	list_anchor(u);
	assert_true(u->sel_valid);
	uint64_t t = u->sel_time, off = u->sel_off;
	ui_act(u, ACT_DOWN);
	assert_true(u->sel_time > t || (u->sel_time == t && u->sel_off != off));
	assert_int_equal(u->cursor, u->sel_time);
	ui_act(u, ACT_UP);
	assert_int_equal(u->sel_time, t);
	assert_int_equal(u->sel_off, off);
	ui_act(u, ACT_PAGE_DOWN);
	assert_true(u->sel_time >= t);
	ui_act(u, ACT_PAGE_UP);
	assert_int_equal(u->sel_time, t);
	assert_int_equal(u->sel_off, off);
	/* before the first event: nowhere to go */
	ui_act(u, ACT_UP);
	assert_int_equal(u->sel_off, off);
	/* every class filtered out: no selection */
	ui_act(u, ACT_TOGGLE_FILTERS);
	assert_int_equal(u->filters, 0);
	list_anchor(u);
	assert_false(u->sel_valid);
	ui_act(u, ACT_TOGGLE_FILTERS);
	assert_int_equal(u->filters, CLASS_ALL);
	teardown(NULL);
}

static void test_pauses_panel(void **state)
{
	(void)state;
	struct ui *u = setup("default");
	assert_true(u->tr.ngcs > 2);
	ui_act(u, ACT_PAUSE_LIST);
	assert_ptr_equal(u->view, &view_pauses);
	assert_int_equal(u->psel, 0);
	ui_act(u, ACT_UP);
	assert_int_equal(u->psel, 0);
	ui_act(u, ACT_DOWN);
	assert_int_equal(u->psel, 1);
	ui_act(u, ACT_GO_END);
	assert_int_equal(u->psel, (int)u->tr.ngcs - 1);
	ui_act(u, ACT_DOWN);
	assert_int_equal(u->psel, (int)u->tr.ngcs - 1);
	ui_act(u, ACT_GO_START);
	ui_act(u, ACT_DOWN);
	/* Enter goes to the second longest pause */
	const struct gc *g = &u->tr.gcs[u->tr.gc_by_pause[1]];
	ui_act(u, ACT_SELECT);
	assert_null(u->view);
	assert_int_equal(u->cursor, g->start);
	assert_true(strncmp(u->msg, "GC at ", 6) == 0);
	/* another action closes the panel and runs */
	ui_act(u, ACT_PAUSE_LIST);
	uint64_t c = u->cursor;
	ui_act(u, ACT_RIGHT);
	assert_null(u->view);
	assert_true(u->cursor > c);
	/* and Escape only closes it */
	ui_act(u, ACT_PAUSE_LIST);
	ui_act(u, ACT_CANCEL);
	assert_null(u->view);
	teardown(NULL);
}

static void test_filters_panel(void **state)
{
	(void)state;
	struct ui *u = setup("default");
	ui_act(u, ACT_FILTERS);
	assert_ptr_equal(u->view, &view_filters);
	ui_act(u, ACT_SELECT);
	assert_int_equal(u->filters, CLASS_ALL & ~CLASS_BIT(0));
	ui_act(u, ACT_DOWN);
	ui_key(u, "<Space>"); /* Space ticks too, whatever it is bound to */
	assert_int_equal(u->filters, CLASS_ALL & ~CLASS_BIT(0) & ~CLASS_BIT(1));
	assert_ptr_equal(u->view, &view_filters);
	/* other actions are ignored while it is open, but toggle-filters */
	uint64_t t0 = u->t0, t1 = u->t1;
	ui_act(u, ACT_ZOOM_IN);
	ui_act(u, ACT_PAUSE_LIST);
	assert_ptr_equal(u->view, &view_filters);
	assert_int_equal(u->t0, t0);
	assert_int_equal(u->t1, t1);
	ui_act(u, ACT_TOGGLE_FILTERS);
	assert_int_equal(u->filters, CLASS_ALL);
	assert_ptr_equal(u->view, &view_filters);
	ui_act(u, ACT_GO_END);
	assert_int_equal(u->psel, CL_COUNT - 1);
	ui_act(u, ACT_HELP);
	assert_ptr_equal(u->view, &view_help);
	ui_act(u, ACT_HELP);
	assert_null(u->view);
	teardown(NULL);
}

static void test_threads_panel(void **state)
{
	(void)state;
	struct ui *u = setup("default");
	assert_true(u->tr.nthreads > 1);
	ui_act(u, ACT_THREADS);
	assert_ptr_equal(u->view, &view_threads);
	size_t k = 0;
	while (k < u->tr.nthreads && u->tr.threads[k].first_run == UINT64_MAX)
		k++;
	assert_true(k < u->tr.nthreads);
	for (size_t i = 0; i < k; i++)
		ui_act(u, ACT_DOWN);
	ui_act(u, ACT_SELECT);
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
	struct ui *u = setup("default");
	ui_act(u, ACT_STATS);
	assert_null(u->view);
	assert_string_equal(u->msg, "no interval: v marks one, then s");
	ui_act(u, ACT_MARK);
	for (int i = 0; i < 30; i++)
		ui_act(u, ACT_RIGHT);
	ui_act(u, ACT_MARK);
	assert_true(u->has_mark);
	ui_act(u, ACT_STATS);
	assert_ptr_equal(u->view, &view_stats);
	assert_true(u->nstatlines > 10);
	assert_non_null(strstr(u->statlines[0], "bytes allocated in the heap"));
	ui_act(u, ACT_GO_END);
	assert_int_equal(u->psel, (int)u->nstatlines - 1);
	ui_act(u, ACT_SELECT); /* no select: Enter closes */
	assert_null(u->view);
	assert_int_equal(u->nstatlines, 0);
	/* z zooms to the mark, Escape clears it */
	ui_act(u, ACT_ZOOM_MARK);
	assert_int_equal(u->t0, u->mark_a);
	ui_act(u, ACT_CANCEL);
	assert_false(u->has_mark);
	teardown(NULL);
}

static void test_search(void **state)
{
	(void)state;
	struct ui *u = setup("emacs");
	ui_act(u, ACT_SEARCH);
	assert_ptr_equal(u->view, &view_search);
	keys(u, (const char *const[]){ "r", "o", "u", "n", "x", "<Backspace>", "d", "<Space>",
				       "2", NULL });
	assert_string_equal(u->prompt.text, "round 2");
	ui_key(u, "<Enter>");
	assert_null(u->view);
	assert_true(u->cursor > u->s.tmin);
	assert_non_null(strstr(u->msg, "round 2"));
	uint64_t hit = u->cursor;
	ui_act(u, ACT_SEARCH_NEXT);
	assert_true(u->cursor > hit);
	ui_act(u, ACT_SEARCH_PREV);
	assert_int_equal(u->cursor, hit);
	/* C-g cancels, and a bad expression says so */
	ui_key(u, "/");
	assert_ptr_equal(u->view, &view_search);
	ui_key(u, "<C-g>");
	assert_null(u->view);
	ui_key(u, "/");
	keys(u, (const char *const[]){ "(", "<Enter>", NULL });
	assert_true(strncmp(u->msg, "bad regular expression", 22) == 0);
	teardown(NULL);
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
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
