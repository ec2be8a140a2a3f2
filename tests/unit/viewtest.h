/* What the unit tests of the viewer (test_view.c, test_session.c) share:
 * a viewer loaded without a terminal, and reading the hidden screen.
 * Include after cmocka.h. */
#ifndef HECTIC_TEST_VIEWTEST_H
#define HECTIC_TEST_VIEWTEST_H

#include <string.h>
#include <curses.h>

#include "../../keymaps/keymaps.h"
#include "../../viewer/core.h"
#include "../../viewer/loader.h"
#include "../../viewer/views.h"

#define FIXTURE "tests/fixtures/threaded.eventlog"

static struct viewer U;

/* A loaded viewer of the log at path on a 120x32 screen, in a keymap. */
static inline struct viewer *setup_at(const char *keymap, const char *path)
{
	struct viewer_opts o = { .path = path, .color = 0, .ascii = 1 };
	assert_true(core_init(&U, &o, view_all));
	U.mapname = keymap;
	U.km = keymap_new(keymap);
	assert_non_null(U.km);
	loader_run(U.r);
	assert_int_equal(U.r->loaded, 1);
	layout_compute(&U.L, 32, 120, U.r->run.tr.ncaps, 0);
	core_after_load(&U);
	return &U;
}

static inline struct viewer *setup(const char *keymap)
{
	return setup_at(keymap, FIXTURE);
}

static inline int teardown(void **state)
{
	(void)state;
	core_free(&U);
	return 0;
}

/* A screen row of the hidden screen, its trailing blanks cut. */
static inline void screen_row(int y, char *buf, int n)
{
	buf[0] = 0;
	if (mvinnstr(y, 0, buf, n - 1) == ERR)
		buf[0] = 0;
	size_t k = strlen(buf);
	while (k && buf[k - 1] == ' ')
		buf[--k] = 0;
}

/* ---- the window against any values ---- */

static inline void assert_window_sane(const struct viewer *u)
{
	assert_true(u->t1 > u->t0);
	assert_true(u->t0 >= u->r->run.s.tmin);
	assert_true(u->t1 <= core_run_end(u));
	assert_true(u->t1 - u->t0 >= (uint64_t)u->L.plotw);
}

#endif
