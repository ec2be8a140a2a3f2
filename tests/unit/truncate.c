/* Every prefix of a real eventlog: store_open_mem and a full merge, each on
 * a fresh exact-size heap copy so that ASan catches any read past the end.
 * The number of events found must never decrease as the prefix grows, and
 * the whole file must index cleanly.
 *
 * Usage: truncate [FILE]   (default tests/fixtures/nonthreaded.eventlog)
 * Files over 200 KB: every prefix up to 64 KB, then a stride. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#include "evtest.h"
#include "../../model/store.h"

static const char *g_path = "tests/fixtures/nonthreaded.eventlog";

static uint8_t *read_file(const char *path, size_t *len)
{
	struct evb b = EVB_INIT;
	if (!evb_file(&b, path)) {
		evb_free(&b);
		return NULL;
	}
	uint8_t *p = evb_exact(&b);
	*len = b.n;
	evb_free(&b);
	return p;
}

struct result {
	enum store_status st;
	enum store_stop stop;
	uint64_t nevents;
	uint64_t merged;
};

static struct result run_prefix(const uint8_t *file, size_t k)
{
	struct result r = { 0 };
	uint8_t *p = malloc(k);
	if (!p && k == 0)
		p = malloc(1);
	assert_non_null(p);
	if (k)
		memcpy(p, file, k);
	struct store s;
	char err[256];
	r.st = store_open_mem(&s, p, k, err, sizeof err);
	if (r.st == STORE_OK) {
		r.stop = s.stop;
		r.nevents = s.nevents;
		struct merge *m = merge_new(&s);
		assert_non_null(m);
		int32_t cap;
		uint64_t last = 0;
		const struct ev *e;
		while ((e = merge_next(m, &cap)) != NULL) {
			assert_true(e->time >= last); /* merged in time order */
			last = e->time;
			assert_true(e->off + e->size <= k);
			r.merged++;
		}
		merge_free(m);
		store_close(&s);
	}
	free(p);
	return r;
}

static void test_every_prefix(void **state)
{
	(void)state;
	size_t len = 0;
	uint8_t *file = read_file(g_path, &len);
	if (!file)
		fail_msg("truncate: fixture %s: %s", g_path, strerror(errno));
	size_t dense = len > 200 * 1024 ? 64 * 1024 : len;
	size_t stride = len > 200 * 1024 ? 997 : 1;
	uint64_t prev = 0;
	size_t tested = 0, header_err = 0, first_ok = 0;
	for (size_t k = 0; k <= len;) {
		struct result r = run_prefix(file, k);
		tested++;
		if (r.st == STORE_EHEADER) {
			/* only while the prefix is inside the header */
			assert_int_equal(prev, 0);
			assert_true(first_ok == 0);
			header_err++;
		} else {
			assert_int_equal(r.st, STORE_OK);
			if (!first_ok)
				first_ok = k ? k : 1;
			if (r.merged != r.nevents)
				print_error("prefix %zu: merged %llu of %llu events\n", k,
					    (unsigned long long)r.merged, (unsigned long long)r.nevents);
			assert_int_equal(r.merged, r.nevents);
			if (r.nevents < prev)
				print_error("prefix %zu: %llu events, fewer than %llu before\n", k,
					    (unsigned long long)r.nevents, (unsigned long long)prev);
			assert_true(r.nevents >= prev);
			assert_true(r.stop == STOP_CLEAN || r.stop == STOP_NO_DATAEND ||
				    r.stop == STOP_TRUNCATED);
			prev = r.nevents;
		}
		if (k == len) {
			assert_int_equal(r.st, STORE_OK);
			assert_true(r.stop == STOP_CLEAN || r.stop == STOP_NO_DATAEND);
			assert_true(r.nevents > 0);
			break;
		}
		k = k < dense ? k + 1 : k + stride;
		if (k > len)
			k = len;
	}
	print_message("truncate: %s: %zu bytes, %zu prefixes tested (every prefix up to %zu, "
		      "then every %zu bytes, and the full file); %zu inside the header; "
		      "%llu events in the full file\n",
		      g_path, len, tested, dense, stride, header_err, (unsigned long long)prev);
	free(file);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		g_path = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_prefix),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
