/* model/gcs_compact.c: the compact list of every collection equals the
 * tracks' list (start, end, pause, span, generation, initiating
 * capability, capabilities taking part, bytes copied, the by-pause order)
 * on every fixture whose list is whole, and the panes' accessor (gcsv_*)
 * gives the same collections, jumps and percentiles through either; on
 * the budget fixture, whose list stopped, it holds every collection, each
 * generation's count as its +RTS -s prints it (read from the text here),
 * and past a budget too small it gives none (whole false). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fixtures.h"
#include "../../model/gcs_compact.h"
#include "../../model/store.h"
#include "../../model/tracks.h"

#define BUDGET_LOG "tests/fixtures/budget/ghc90-many-gcs.eventlog"
#define BUDGET_RTS "tests/fixtures/budget/ghc90-many-gcs.rts-s.txt"

static bool same_gcc(const struct gcc *a, const struct gcc *b)
{
	return a->start == b->start && a->end == b->end && a->pause == b->pause &&
	       a->span_start == b->span_start && a->span_end == b->span_end &&
	       a->copied == b->copied && a->cap == b->cap && a->gen == b->gen && a->ncaps == b->ncaps;
}

/* The compact list against the list, and the accessor through it (as if
 * the list had stopped) against the accessor through the list. */
static bool same_list(const char *path, const struct store *s, const struct tracks *tr, void *ctx)
{
	struct gcs_compact c = { 0 };
	if (!gcs_compact_build(&c, s, gcs_compact_budget(s->size, tr->bytes))) {
		print_error("%s: not built\n", path);
		return false;
	}
	bool ok = c.whole && c.n == tr->ngcs;
	if (!ok)
		print_error("%s: %zu collections, the list %zu\n", path, c.n, tr->ngcs);
	for (size_t i = 0; ok && i < c.n; i++) {
		struct gcc x = gcc_of_gc(tr, &tr->gcs[i]);
		if (!same_gcc(&c.v[i], &x) || c.by_pause[i] != tr->gc_by_pause[i]) {
			print_error("%s: collection %zu: %llu pause %llu gen %d cap %d; list %llu pause "
				    "%llu gen %d cap %d; by pause %u, list %u\n",
				    path, i, (unsigned long long)c.v[i].start,
				    (unsigned long long)c.v[i].pause, c.v[i].gen, c.v[i].cap,
				    (unsigned long long)x.start, (unsigned long long)x.pause, x.gen, x.cap,
				    c.by_pause[i], tr->gc_by_pause[i]);
			ok = false;
		}
	}
	/* the accessor: the compact list standing for the list */
	struct tracks cut = *tr;
	cut.cut |= TRACKS_CUT_GCS;
	cut.ngcs = 0;
	ok = ok && gcsv_compact(&cut, &c) && !gcsv_compact(tr, &c) && gcsv_n(&cut, &c) == tr->ngcs;
	for (size_t i = 0; ok && i < tr->ngcs; i++) {
		struct gcc a = gcsv_at(&cut, &c, i), b = gcsv_at(tr, NULL, i);
		size_t ja = 0, jb = 0;
		bool na = gcsv_next(&cut, &c, a.start, i & 1, &ja);
		bool nb = gcsv_next(tr, NULL, a.start, i & 1, &jb);
		const struct gc *g = tracks_gc_next(tr, a.start, i & 1);
		bool pa = gcsv_prev(&cut, &c, a.start, i & 1, &ja), pb = gcsv_prev(tr, NULL, a.start, i & 1, &jb);
		const struct gc *h = tracks_gc_prev(tr, a.start, i & 1);
		if (!same_gcc(&a, &b) || gcsv_by_pause(&cut, &c, i) != tr->gc_by_pause[i] ||
		    gcsv_major(&cut, &c, &a) != tracks_gc_major(tr, &tr->gcs[i]) ||
		    na != (g != NULL) || nb != na || pa != (h != NULL) || pb != pa ||
		    (pa && (ja != jb || &tr->gcs[ja] != h))) {
			print_error("%s: through the accessor, collection %zu differs\n", path, i);
			ok = false;
		}
	}
	struct pause_pct p, q;
	for (int gen = -1; ok && gen <= 1; gen++) {
		uint64_t mid = tr->ngcs ? tr->gcs[tr->ngcs / 2].start : 0;
		gcsv_pause_pct(&cut, &c, mid, UINT64_MAX, gen, &p);
		tracks_pause_pct(tr, mid, UINT64_MAX, gen, &q);
		if (memcmp(&p, &q, sizeof p)) {
			print_error("%s: gen %d: percentiles differ\n", path, gen);
			ok = false;
		}
	}
	*(size_t *)ctx += c.n;
	gcs_compact_free(&c);
	return ok;
}

static bool whole(const struct tracks *tr)
{
	return !(tr->cut & TRACKS_CUT_GCS) && tr->ngcstats;
}

static void test_fixtures(void **state)
{
	(void)state;
	size_t compared, colls = 0;
	bool ok = fixtures_each(whole, same_list, &colls, &compared);
	print_message("gcs_compact: %zu fixtures, %zu collections compared\n", compared, colls);
	assert_true(compared >= 40);
	assert_true(ok);
}

/* Each "Gen G  N colls," line of a +RTS -s text: N into colls[G]. */
static int rts_colls(const char *path, long colls[], int max)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char line[512];
	int n = 0;
	while (fgets(line, sizeof line, f)) {
		int g;
		long k;
		if (sscanf(line, " Gen %d %ld colls,", &g, &k) == 2 && g >= 0 && g < max) {
			colls[g] = k;
			n = g + 1 > n ? g + 1 : n;
		}
	}
	fclose(f);
	return n;
}

static void test_budget_fixture(void **state)
{
	(void)state;
	long want[8] = { 0 };
	int ngens = rts_colls(BUDGET_RTS, want, 8);
	assert_true(ngens >= 2);
	struct store s;
	struct tracks tr;
	char err[256] = "";
	assert_int_equal(store_open(&s, BUDGET_LOG, err, sizeof err), STORE_OK);
	assert_true(tracks_build(&tr, &s));
	struct gcs_compact c = { 0 };
	assert_true(gcs_compact_build(&c, &s, gcs_compact_budget(s.size, tr.bytes)));
	long total = 0, got[8] = { 0 };
	for (int g = 0; g < ngens; g++)
		total += want[g];
	for (size_t i = 0; i < c.n; i++)
		if (c.v[i].gen >= 0 && c.v[i].gen < 8)
			got[c.v[i].gen]++;
	print_message("gcs_compact: the budget fixture: %zu collections, the list %zu, +RTS -s %ld\n",
		      c.n, tr.ngcs, total);
	/* the list stopped short: what the compact list is for */
	assert_true(tr.cut & TRACKS_CUT_GCS);
	assert_true(tr.ngcs < (size_t)total);
	assert_true(c.whole);
	assert_int_equal(c.n, total);
	for (int g = 0; g < 8; g++)
		assert_int_equal(got[g], g < ngens ? want[g] : 0);
	assert_true(gcsv_whole(&tr, &c) && gcsv_compact(&tr, &c));
	assert_int_equal(gcsv_n(&tr, &c), total);
	assert_false(gcsv_whole(&tr, NULL));
	/* by start, and by pause: longest first */
	for (size_t i = 1; i < c.n; i++) {
		assert_true(c.v[i - 1].start <= c.v[i].start);
		assert_true(c.v[c.by_pause[i - 1]].pause >= c.v[c.by_pause[i]].pause);
	}
	/* past the budget: none, and the panes keep the list as it stopped */
	assert_false(gcs_compact_build(&c, &s, (uint64_t)tr.ngcs * sizeof(struct gcc)));
	assert_false(c.whole);
	assert_int_equal(c.n, 0);
	assert_false(gcsv_whole(&tr, &c));
	assert_int_equal(gcsv_n(&tr, &c), tr.ngcs);
	gcs_compact_free(&c);
	tracks_free(&tr);
	store_close(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_budget_fixture),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
