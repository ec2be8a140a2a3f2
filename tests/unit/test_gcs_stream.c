/* model/gcs_stream.c: every collection formed from the store's events
 * equals the tracks' list's (collections.c), row for row and column for
 * column (start, end, pause, span, generation, bytes copied, GC threads,
 * the initiating capability and the capabilities that took part), on
 * every fixture whose list is whole, from the start and from a time
 * inside; and a log without GC_STATS_GHC is refused, not summed short.
 * (A log that fills the list, against +RTS -s: tests/budget.sh.) */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "evbuild.h"
#include "fixtures.h"
#include "../../model/gcs_stream.h"
#include "../../model/store.h"
#include "../../model/tracks.h"

/* The list's collections from index i0 against the stream's from the
 * time of the list's i0-th; false (said) at the first difference. */
static bool same_rows(const char *path, const struct tracks *tr, const struct store *s, size_t i0)
{
	uint64_t from = i0 < tr->ngcs ? tr->gcs[i0].start : 0;
	struct gcs_stream *g = gcs_stream_new(s, from);
	assert_non_null(g);
	struct gcs_row r;
	size_t i = i0;
	bool ok = true;
	char caps[512];
	while (ok && gcs_stream_next(g, &r)) {
		if (i >= tr->ngcs) {
			print_error("%s: the stream has a collection past the list's %zu\n", path,
				    tr->ngcs);
			ok = false;
			break;
		}
		const struct gc *x = &tr->gcs[i];
		const struct gcstat *st = x->stat >= 0 ? &tr->gcstats[x->stat] : NULL;
		tracks_gc_caps_text(tr, x, caps, sizeof caps);
		if (r.start != x->start || r.end != x->end || r.pause != x->pause ||
		    r.span_start != x->span_start || r.span_end != x->span_end || r.cap != x->cap ||
		    !st || r.gen != st->gen || r.copied != st->copied ||
		    r.par_n_threads != st->par_n_threads || strcmp(r.caps, caps)) {
			print_error("%s: collection %zu: stream %llu..%llu span %llu..%llu cap %d caps %s; "
				    "list %llu..%llu span %llu..%llu cap %d caps %s\n",
				    path, i, (unsigned long long)r.start, (unsigned long long)r.end,
				    (unsigned long long)r.span_start, (unsigned long long)r.span_end,
				    r.cap, r.caps, (unsigned long long)x->start,
				    (unsigned long long)x->end, (unsigned long long)x->span_start,
				    (unsigned long long)x->span_end, x->cap, caps);
			ok = false;
		}
		i++;
	}
	if (ok && gcs_stream_failed(g)) {
		print_error("%s: the stream failed\n", path);
		ok = false;
	}
	if (ok && i != tr->ngcs) {
		print_error("%s: the stream ended at %zu of %zu collections\n", path, i, tr->ngcs);
		ok = false;
	}
	gcs_stream_free(g);
	return ok;
}

/* (the list is the reference: whole, and formed by GC_STATS_GHC) */
static bool whole(const struct tracks *tr)
{
	return !(tr->cut & TRACKS_CUT_GCS) && tr->ngcstats;
}

/* From the start and from the middle collection's start. */
static bool both(const char *path, const struct store *s, const struct tracks *tr, void *ctx)
{
	*(size_t *)ctx += tr->ngcs;
	return same_rows(path, tr, s, 0) & same_rows(path, tr, s, tr->ngcs / 2);
}

static void test_fixtures(void **state)
{
	(void)state;
	size_t compared, colls = 0;
	bool ok = fixtures_each(whole, both, &colls, &compared);
	print_message("gcs_stream: %zu fixtures, %zu collections compared\n", compared, colls);
	assert_true(compared >= 40);
	assert_true(ok);
}

/* Collections grouped by overlap (no GC_STATS_GHC): not formed here, and
 * said (failed), rather than none given as if the log had none. */
static void test_no_stats(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 9, 0, "Starting GC");
	evb_type(&b, 10, 0, "Finished GC");
	evb_type(&b, 18, 14, "Block marker");
	evb_end_header(&b);
	struct evb body = EVB_INIT;
	body.decl = b.decl;
	evb_event(&body, 9, 100, NULL, 0);
	evb_event(&body, 10, 200, NULL, 0);
	evb_marker(&b, 100, (uint32_t)(24 + body.n), 200, 0);
	evb_bytes(&b, body.p, body.n);
	free(body.p);
	evb_dataend(&b);
	uint8_t *buf = evb_exact(&b);
	struct store s;
	char err[256] = "";
	assert_int_equal(store_open_mem(&s, buf, b.n, err, sizeof err), STORE_OK);
	struct gcs_stream *g = gcs_stream_new(&s, 0);
	assert_non_null(g);
	struct gcs_row r;
	assert_false(gcs_stream_next(g, &r));
	assert_true(gcs_stream_failed(g));
	gcs_stream_free(g);
	store_close(&s);
	free(buf);
	evb_free(&b);
}

/* A log of n GC_START .. GC_END on capability 0 without GC_STATS_GHC,
 * then one collection with it, the stream limited to bytes (0: not):
 * the rows into *rows; failed or not. */
static bool stream_pending(int n, uint64_t bytes, size_t *rows)
{
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 9, 0, "Starting GC");
	evb_type(&b, 10, 0, "Finished GC");
	evb_type(&b, 53, 50, "GC statistics");
	evb_type(&b, 18, 14, "Block marker");
	evb_end_header(&b);
	struct evb body = EVB_INIT;
	body.decl = b.decl;
	uint8_t stats[50] = { 0 };
	uint64_t t = 100;
	for (int i = 0; i < n; i++, t += 10) {
		evb_event(&body, 9, t, NULL, 0);
		evb_event(&body, 10, t + 5, NULL, 0);
	}
	evb_event(&body, 9, t, NULL, 0);
	evb_event(&body, 53, t + 2, stats, sizeof stats);
	evb_event(&body, 10, t + 5, NULL, 0);
	evb_marker(&b, 100, (uint32_t)(24 + body.n), t + 5, 0);
	evb_bytes(&b, body.p, body.n);
	free(body.p);
	evb_dataend(&b);
	uint8_t *buf = evb_exact(&b);
	struct store s;
	char err[256] = "";
	assert_int_equal(store_open_mem(&s, buf, b.n, err, sizeof err), STORE_OK);
	struct gcs_stream *g = gcs_stream_new(&s, 0);
	assert_non_null(g);
	if (bytes)
		gcs_stream_limit(g, bytes);
	struct gcs_row r;
	for (*rows = 0; gcs_stream_next(g, &r);)
		(*rows)++;
	bool failed = gcs_stream_failed(g);
	gcs_stream_free(g);
	store_close(&s);
	free(buf);
	evb_free(&b);
	return failed;
}

/* gcs_stream_limit: the intervals in no collection held to the limit (at
 * least 64), past which the stream fails rather than grow; within it,
 * the same rows as without a limit. */
static void test_limit(void **state)
{
	(void)state;
	size_t rows;
	assert_false(stream_pending(200, 0, &rows));
	assert_int_equal(rows, 1);
	assert_false(stream_pending(20, 1, &rows));
	assert_int_equal(rows, 1);
	assert_true(stream_pending(200, 1, &rows));
	assert_int_equal(rows, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_no_stats),
		cmocka_unit_test(test_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
