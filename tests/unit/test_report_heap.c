/* cli/report_heap.c: hectic heap's text report on crafted logs, the
 * whole output compared with figures worked by hand. A band named twice
 * in one census (the .hp format, and GHC's own hp2ps, sum such lines) is
 * their sum there, in its peak and its mean. What GHC's real files say
 * is tests/heap-hp.sh's and tests/heap-window.sh's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../cli/report.h"
#include "heaplog.h"

static void expect_text(const struct evb *b, uint64_t from, uint64_t to, const char *want)
{
	int rc;
	char *got = heaplog_report(b, report_heap_ops.text, from, to, false, &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(got, want);
	free(got);
}

/* heaplog_repeated's censuses: at 100 ns X 40, Y 8, X 2 (X is 42); at
 * 200 ns X 10, X 5 (X is 15). By hand: X's peak 42 at 100 ns, its mean
 * (42 + 15) / 2 = 28 (bytes, whole); Y's peak 8, mean 8 / 2 = 4. Over [150, 300]
 * only census 2: X 15, mean 15; Y absent. */
static void test_repeated_band(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	heaplog_repeated(&b);
	expect_text(&b, 0, UINT64_MAX,
		    "2 censuses, 2 bands; the top 10 by peak (mean over the censuses)\n"
		    "    peak     mean           at  band\n"
		    "     42B      28B        100ns  X\n"
		    "      8B       4B        100ns  Y\n");
	expect_text(&b, 150, 300,
		    "1 censuses, 2 bands; the top 10 by peak (mean over the censuses)\n"
		    "    peak     mean           at  band\n"
		    "     15B      15B        200ns  X\n");
	evb_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_repeated_band),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
