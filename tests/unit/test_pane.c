/* The pane toolkit's list component (viewer/pane.c): selection, scrolling
 * and paging, at the ends and on lists that shrink. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "../../viewer/pane.h"

static void test_empty(void **state)
{
	(void)state;
	struct pane_list l = { 0 };
	pane_list_show(&l, 10);
	assert_int_equal(l.sel, 0);
	assert_int_equal(l.top, 0);
	assert_true(pane_list_act(&l, ACT_DOWN, false));
	assert_true(pane_list_act(&l, ACT_PAGE_DOWN, false));
	assert_int_equal(l.sel, 0);
	assert_int_equal(l.top, 0);
}

static void test_moves(void **state)
{
	(void)state;
	struct pane_list l = { 0 };
	pane_list_set(&l, 100);
	pane_list_show(&l, 10);
	assert_true(pane_list_act(&l, ACT_DOWN, false));
	assert_int_equal(l.sel, 1);
	assert_true(pane_list_act(&l, ACT_UP, false));
	assert_true(pane_list_act(&l, ACT_UP, false)); /* taken at the top, stays */
	assert_int_equal(l.sel, 0);
	/* a page is the rows shown less one of context */
	assert_true(pane_list_act(&l, ACT_PAGE_DOWN, false));
	assert_int_equal(l.sel, 9);
	pane_list_show(&l, 10);
	assert_int_equal(l.top, 0);
	assert_true(pane_list_act(&l, ACT_PAGE_DOWN, false));
	assert_int_equal(l.sel, 18);
	pane_list_show(&l, 10);
	assert_int_equal(l.top, 9); /* the selection on the last row shown */
	assert_true(pane_list_act(&l, ACT_PAGE_UP, false));
	assert_int_equal(l.sel, 9);
	pane_list_show(&l, 10);
	assert_int_equal(l.top, 9);
	/* home and end only when the list takes the ends */
	assert_false(pane_list_act(&l, ACT_GO_END, false));
	assert_int_equal(l.sel, 9);
	assert_true(pane_list_act(&l, ACT_GO_END, true));
	assert_int_equal(l.sel, 99);
	pane_list_show(&l, 10);
	assert_int_equal(l.top, 90);
	assert_true(pane_list_act(&l, ACT_DOWN, false));
	assert_int_equal(l.sel, 99);
	assert_true(pane_list_act(&l, ACT_GO_START, true));
	assert_int_equal(l.sel, 0);
	/* other actions are left to whoever comes next */
	assert_false(pane_list_act(&l, ACT_SELECT, true));
	assert_false(pane_list_act(&l, ACT_ZOOM_IN, true));
}

/* A list that shrinks keeps its selection inside it, and a scrolled list
 * shows no blank rows under its end. */
static void test_shrink(void **state)
{
	(void)state;
	struct pane_list l = { 0 };
	pane_list_set(&l, 50);
	pane_list_select(&l, 45);
	pane_list_show(&l, 10);
	assert_int_equal(l.top, 36);
	pane_list_set(&l, 20);
	assert_int_equal(l.sel, 19);
	pane_list_show(&l, 10);
	assert_int_equal(l.top, 10);
	pane_list_show(&l, 30); /* taller than the list: from its top */
	assert_int_equal(l.top, 0);
	pane_list_set(&l, 0);
	assert_int_equal(l.sel, 0);
	pane_list_select(&l, -5);
	assert_int_equal(l.sel, 0);
}

/* Rows shown 0 or 1 still page by a row. */
static void test_tiny(void **state)
{
	(void)state;
	struct pane_list l = { 0 };
	pane_list_set(&l, 5);
	pane_list_show(&l, 0);
	assert_true(pane_list_act(&l, ACT_PAGE_DOWN, false));
	assert_int_equal(l.sel, 1);
	pane_list_show(&l, 1);
	assert_int_equal(l.top, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_shrink),
		cmocka_unit_test(test_tiny),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
