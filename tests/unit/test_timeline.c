/* The timeline's frame: the threads' labels on the lanes, taken from the
 * pass that reads the window's events for the lanes, against a pass of
 * their own (draw.h's timeline_runs_with_fractions), at every zoom from the
 * whole run in, on fixtures, with the cursor at a few places. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "viewtest.h"
#include "../../viewer/draw.h"
#include "../../viewer/term.h"

#define ROWS 40
#define COLS 150

/* The hidden screen, every row. */
static void grab(char (*rows)[COLS + 1])
{
	for (int y = 0; y < ROWS; y++)
		screen_row(y, rows[y], COLS + 1);
}

/* Does a lane's plot hold a label (a letter or a digit: the lanes' own
 * glyphs are none, but for G and g)? */
static bool has_label(const struct viewer *u, char (*rows)[COLS + 1])
{
	for (int i = 0; i < u->L.nlanes; i++) {
		const char *r = rows[u->L.lane0 + i];
		for (size_t x = LAYOUT_GUTTER; x < strlen(r); x++)
			if (isalnum((unsigned char)r[x]) && r[x] != 'G' && r[x] != 'g')
				return true;
	}
	return false;
}

static void check_log(const char *path, unsigned *labelled)
{
	struct viewer *u = setup_at("default", path);
	assert_true(term_start_hidden(ROWS, COLS));
	static char a[ROWS][COLS + 1], b[ROWS][COLS + 1];
	for (int place = 0; place < 3; place++) {
		core_act(u, ACT_ZOOM_FIT);
		for (int i = 0; i < 40 * place; i++)
			core_act(u, ACT_RIGHT);
		for (int z = 0; z < 40; z++) {
			timeline_runs_with_fractions = true;
			draw_frame(u);
			grab(a);
			bool exact = u->r->exact;
			timeline_runs_with_fractions = false;
			draw_frame(u);
			grab(b);
			timeline_runs_with_fractions = true;
			assert_int_equal(exact, u->r->exact);
			for (int y = 0; y < ROWS; y++)
				if (strcmp(a[y], b[y])) {
					print_error("%s: zoom %d, window [%llu, %llu): row %d\n  %s\n  %s\n", path,
						    z, (unsigned long long)u->t0, (unsigned long long)u->t1, y,
						    a[y], b[y]);
					fail();
				}
			*labelled += exact && has_label(u, a);
			core_act(u, ACT_ZOOM_IN);
		}
	}
	term_stop_hidden();
	core_free(&U);
}

static void test_labels(void **state)
{
	(void)state;
	static const char *const logs[] = { "tests/fixtures/threaded.eventlog",
					    "tests/fixtures/par-n4.eventlog",
					    "tests/fixtures/nonthreaded.eventlog" };
	unsigned labelled = 0;
	for (size_t i = 0; i < sizeof logs / sizeof logs[0]; i++)
		check_log(logs[i], &labelled);
	print_message("frames with labels on the lanes: %u\n", labelled);
	assert_true(labelled >= 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_labels),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
