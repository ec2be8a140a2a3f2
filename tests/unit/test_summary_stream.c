/* model/summary_stream.c: the summary from the store's events equals the
 * one from the tracks' lists, figure for figure, over the whole run and
 * random windows of every fixture whose lists are whole; and a log whose
 * lists were cut is said to be, not summed short. (The figures against
 * the RTS's own +RTS -s, on a log that fills the budget: test_summary.c,
 * test_rts_many_gcs.) */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fixtures.h"
#include "../../model/store.h"
#include "../../model/summary.h"
#include "../../model/summary_stream.h"
#include "../../model/tracks.h"

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* The two summaries of [from, to] agree on every figure the reports and
 * the panels read (summary_fields), the window and the phases' flags. */
static bool same(const char *path, const struct tracks *tr, const struct store *s, uint64_t from,
		 uint64_t to)
{
	struct summary a, b;
	summary_compute(tr, s, from, to, &a);
	assert_false(a.streamed);
	if (!summary_stream(tr, s, from, to, &b)) {
		print_error("%s: summary_stream failed\n", path);
		return false;
	}
	static struct summary_field fa[SUMMARY_FIELDS_MAX], fb[SUMMARY_FIELDS_MAX];
	size_t na = summary_fields(&a, tr->ncaps, fa), nb = summary_fields(&b, tr->ncaps, fb);
	bool ok = na == nb && a.from == b.from && a.to == b.to && a.whole == b.whole &&
		  a.have_init == b.have_init && a.have_exit == b.have_exit &&
		  a.exit_estimated == b.exit_estimated && a.exit_wait == b.exit_wait &&
		  a.ngens_log == b.ngens_log && a.have_syncs == b.have_syncs &&
		  a.nsyncs == b.nsyncs && a.bal_num == b.bal_num && a.bal_den == b.bal_den;
	for (size_t i = 0; ok && i < na; i++)
		if (strcmp(fa[i].name, fb[i].name) || fa[i].known != fb[i].known ||
		    fa[i].v != fb[i].v || fa[i].f != fb[i].f) {
			print_error("%s [%llu, %llu]: %s: lists %llu, store %llu\n", path,
				    (unsigned long long)from, (unsigned long long)to, fa[i].name,
				    (unsigned long long)fa[i].v, (unsigned long long)fb[i].v);
			ok = false;
		}
	if (!ok)
		print_error("%s [%llu, %llu]: the summaries differ (%zu and %zu fields)\n", path,
			    (unsigned long long)from, (unsigned long long)to, na, nb);
	return ok;
}

/* (the lists are the reference: they must be whole) */
static bool whole(const struct tracks *tr)
{
	return !tr->cut;
}

/* The whole run and twelve random windows. */
static bool windows(const char *path, const struct store *s, const struct tracks *tr, void *ctx)
{
	uint64_t *seed = ctx;
	bool ok = same(path, tr, s, 0, UINT64_MAX);
	uint64_t span = s->tmax - s->tmin + 1;
	for (int k = 0; k < 12; k++) {
		uint64_t a = s->tmin + rnd(seed) % span, b = a + rnd(seed) % span;
		ok &= same(path, tr, s, a, b);
	}
	return ok;
}

static void test_fixtures(void **state)
{
	(void)state;
	uint64_t seed = 0x9E3779B97F4A7C15ull;
	size_t compared;
	bool ok = fixtures_each(whole, windows, &seed, &compared);
	print_message("summary_stream: %zu fixtures compared\n", compared);
	assert_true(compared >= 40);
	assert_true(ok);
}

/* A log whose lists were cut is summed from the store, and says so; a cut
 * the store cannot make up for (the threads, which the phases read) is
 * said partial. */
static void test_cut(void **state)
{
	(void)state;
	struct store s;
	struct tracks tr;
	char err[256] = "";
	assert_int_equal(store_open(&s, "tests/fixtures/threaded.eventlog", err, sizeof err),
			 STORE_OK);
	assert_true(tracks_build(&tr, &s));
	struct summary whole, sm;
	summary_compute(&tr, &s, 0, UINT64_MAX, &whole);
	tr.cut = TRACKS_CUT_ALLOC;
	summary_compute(&tr, &s, 0, UINT64_MAX, &sm);
	assert_true(sm.streamed);
	assert_false(sm.partial);
	assert_int_equal(sm.allocated, whole.allocated);
	assert_int_equal(sm.mut, whole.mut);
	tr.cut = TRACKS_CUT_THREADS;
	summary_compute(&tr, &s, 0, UINT64_MAX, &sm);
	assert_true(sm.partial);
	tr.cut = 0;
	tracks_free(&tr);
	store_close(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_cut),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
