/* model/run.c: one opened log and what is built from it. On every
 * fixture, opened whole (the tracks fused with the index, or built on
 * the first need) and lazy (the header, a window, then the whole index),
 * each table of the registry gives the rows that the builders called
 * directly on a store of its own give (store_open, tracks_build,
 * heap_build_ticks, ticky_build, spans_build: what the reports, sql and
 * diff each called before the run owned them). And a run that cannot open
 * says why, once, and holds nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../model/run.h"

/* ---- a table's rows as one digest: their count, and an FNV-1a hash of
 * every value, typed ---- */

struct digest {
	uint64_t rows, h;
	bool failed;
};

static void mix(struct digest *d, const void *p, size_t n)
{
	const uint8_t *b = p;
	for (size_t i = 0; i < n; i++)
		d->h = (d->h ^ b[i]) * 1099511628211ull;
}

static struct digest table_digest(const struct table_def *t, const struct table_data *td,
				  const struct table_limits *l)
{
	struct digest d = { .h = 1469598103934665603ull };
	struct table_cursor *c = table_open(t, td, l);
	if (!c) {
		d.failed = true;
		return d;
	}
	while (table_next(c)) {
		d.rows++;
		for (size_t k = 0; k < t->ncols; k++) {
			struct table_value v;
			table_value(c, k, &v);
			mix(&d, &v.kind, sizeof v.kind);
			if (v.kind == TV_INT)
				mix(&d, &v.i, sizeof v.i);
			else if (v.kind == TV_REAL)
				mix(&d, &v.f, sizeof v.f);
			else if (v.kind == TV_TEXT)
				mix(&d, v.p, v.n);
		}
	}
	d.failed = c->failed;
	table_close(c);
	return d;
}

/* ---- the direct builds: a store and each builder, as before the run ---- */

struct direct {
	struct store s;
	struct tracks tr;
	struct heap h;
	struct ticky ticky;
	struct spans sp;
};

static void direct_open(struct direct *x, const char *path)
{
	char err[256] = "";
	memset(x, 0, sizeof *x);
	assert_int_equal(store_open(&x->s, path, err, sizeof err), STORE_OK);
	struct span_rules none = { 0 };
	assert_true(tracks_build(&x->tr, &x->s));
	assert_true(heap_build_ticks(&x->h, &x->s, false));
	assert_true(ticky_build(&x->ticky, &x->s));
	assert_true(spans_build(&x->sp, &x->s, &none));
}

static struct table_data direct_data(const struct direct *x)
{
	return (struct table_data){ .s = &x->s, .tr = &x->tr, .h = &x->h, .ticky = &x->ticky,
				    .sp = &x->sp };
}

static void direct_close(struct direct *x)
{
	spans_free(&x->sp);
	ticky_free(&x->ticky);
	heap_free(&x->h);
	tracks_free(&x->tr);
	store_close(&x->s);
}

/* ---- what a run says ---- */

struct said {
	int n;
	char last[512];
};

static void say(void *ctx, const char *path, const char *text)
{
	struct said *s = ctx;
	s->n++;
	snprintf(s->last, sizeof s->last, "%s: %s", path ? path : "-", text);
}

static const unsigned all_needs = RUN_NEED(TABLE_NEEDS_TRACKS) | RUN_NEED(TABLE_NEEDS_HEAP) |
				  RUN_NEED(TABLE_NEEDS_TICKY) | RUN_NEED(TABLE_NEEDS_SPANS);

/* Every table over the run r (all built) against the direct builds. */
static void same_tables(const char *path, struct run *r, const struct direct *x)
{
	struct table_data a = run_table_data(r), b = direct_data(x);
	for (size_t i = 0; i < table_ndefs; i++) {
		const struct table_def *t = table_defs[i];
		struct digest da = table_digest(t, &a, NULL), db = table_digest(t, &b, NULL);
		if (da.rows != db.rows || da.h != db.h || da.failed != db.failed)
			fail_msg("%s: table %s: the run's %llu rows (hash %016llx) are not the direct "
				 "builds' %llu (%016llx)",
				 path, t->name, (unsigned long long)da.rows, (unsigned long long)da.h,
				 (unsigned long long)db.rows, (unsigned long long)db.h);
	}
}

static void each_fixture(void (*check)(const char *path))
{
	glob_t g;
	assert_int_equal(glob("tests/fixtures/*.eventlog", 0, NULL, &g), 0);
	assert_int_equal(glob("tests/fixtures/*/*.eventlog", GLOB_APPEND, NULL, &g), 0);
	size_t n = 0;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		struct store s;
		char err[256];
		/* (the fixtures made to fail opening are the failure tests') */
		if (store_open(&s, g.gl_pathv[i], err, sizeof err) != STORE_OK)
			continue;
		bool small = s.size < 16u << 20;
		store_close(&s);
		if (!small)
			continue;
		check(g.gl_pathv[i]);
		n++;
	}
	globfree(&g);
	assert_true(n >= 40);
}

/* whole, the tracks fused with the index; then each need */
static void whole_fused(const char *path)
{
	struct said said = { 0 };
	struct run r = { .say = say, .say_ctx = &said };
	struct run_open_options o = { .fused = RUN_NEED(TABLE_NEEDS_TRACKS) };
	assert_int_equal(run_open(&r, path, &o), RUN_OPENED);
	assert_true(r.opened);
	assert_int_equal(r.built, RUN_NEED(TABLE_NEEDS_TRACKS));
	struct direct x;
	direct_open(&x, path);
	for (int n = TABLE_NEEDS_HEAP; n <= TABLE_NEEDS_SPANS; n++) {
		assert_true(run_need(&r, RUN_NEED(n)));
		assert_true(r.built & RUN_NEED(n));
	}
	same_tables(path, &r, &x);
	/* a need built is not built again: the same heap, at the same place */
	const struct band *bands = r.h.bands;
	assert_true(run_need(&r, all_needs));
	assert_ptr_equal(r.h.bands, bands);
	/* forgotten, and built again the same */
	run_forget(&r, RUN_NEED(TABLE_NEEDS_TRACKS) | RUN_NEED(TABLE_NEEDS_SPANS));
	assert_int_equal(r.built & (RUN_NEED(TABLE_NEEDS_TRACKS) | RUN_NEED(TABLE_NEEDS_SPANS)), 0);
	assert_null(run_table_data(&r).tr);
	assert_true(run_need(&r, all_needs));
	same_tables(path, &r, &x);
	assert_int_equal(said.n, 0);
	run_close(&r);
	assert_int_equal(r.built, 0);
	assert_false(r.opened);
	direct_close(&x);
}

static void test_whole_fused(void **state)
{
	(void)state;
	each_fixture(whole_fused);
}

/* whole, nothing fused: every need at once */
static void whole_later(const char *path)
{
	struct said said = { 0 };
	struct run r = { .say = say, .say_ctx = &said };
	assert_int_equal(run_open(&r, path, NULL), RUN_OPENED);
	assert_int_equal(r.built, 0);
	assert_null(run_table_data(&r).tr);
	assert_true(run_need(&r, all_needs));
	struct direct x;
	direct_open(&x, path);
	same_tables(path, &r, &x);
	assert_int_equal(said.n, 0);
	run_close(&r);
	direct_close(&x);
}

static void test_whole_later(void **state)
{
	(void)state;
	each_fixture(whole_later);
}

static size_t partial_windows; /* lazy runs whose window held a part of the log */

/* lazy: the header alone; a window's events from w, the same rows as
 * the whole index gives for that window; a need opens the whole index */
static void lazy(const char *path)
{
	struct said said = { 0 };
	struct run r = { .say = say, .say_ctx = &said };
	assert_int_equal(run_open(&r, path, &(struct run_open_options){ .lazy = true }), RUN_OPENED);
	assert_true(r.lazy);
	assert_false(r.opened);
	struct direct x;
	direct_open(&x, path);
	/* the first twentieth: one block of the long fixtures' four */
	uint64_t lo = x.s.tmin + 1, hi = x.s.tmin + (x.s.tmax - x.s.tmin) / 20;
	struct table_limits l = TABLE_LIMITS_NONE;
	l.lo = lo, l.hi = hi;
	const struct store *w = run_store(&r, true, lo, hi);
	assert_non_null(w);
	if (r.win.ok) {
		assert_ptr_equal(w, &r.w);
		assert_false(r.opened);
		partial_windows += r.w.nevents < x.s.nevents / 2;
	} else {
		assert_ptr_equal(w, &r.s); /* (the window refused: the whole index) */
	}
	struct table_data a = { .s = w }, b = { .s = &x.s };
	struct digest da = table_digest(&table_events, &a, &l), db = table_digest(&table_events, &b, &l);
	assert_int_equal(da.rows, db.rows);
	assert_true(da.h == db.h);
	/* a need: built over the whole index, opened for it */
	assert_true(run_need(&r, all_needs));
	assert_true(r.opened);
	same_tables(path, &r, &x);
	/* another table, or no window: the whole index */
	assert_ptr_equal(run_store(&r, false, lo, hi), &r.s);
	assert_ptr_equal(run_store(&r, true, 0, UINT64_MAX), &r.s);
	assert_int_equal(said.n, 0);
	run_close(&r);
	assert_false(r.lazy);
	direct_close(&x);
}

static void test_lazy(void **state)
{
	(void)state;
	each_fixture(lazy);
	/* (the long fixtures, in blocks: else w is the whole log, and the
	 * check of what the needs are built over proves nothing) */
	assert_true(partial_windows >= 3);
}

/* a log that is not there, or not a log: said once, naming it; nothing
 * held; a need after it fails and says nothing more */
static void test_fails(void **state)
{
	(void)state;
	struct said said = { 0 };
	struct run r = { .say = say, .say_ctx = &said };
	assert_int_equal(run_open(&r, "tests/fixtures/no-such.eventlog", NULL), RUN_FAILED);
	assert_int_equal(said.n, 1);
	assert_non_null(strstr(said.last, "no-such.eventlog"));
	assert_false(r.opened);
	run_close(&r);

	char path[] = "/tmp/hectic-test-run-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "not an eventlog at all\n", 23), 23);
	close(fd);
	said.n = 0;
	assert_int_equal(run_open(&r, path, NULL), RUN_FAILED);
	assert_int_equal(said.n, 1);
	assert_non_null(strstr(said.last, path));
	assert_false(r.opened);

	/* lazy: the header refused at once */
	said.n = 0;
	assert_int_equal(run_open(&r, path, &(struct run_open_options){ .lazy = true }), RUN_FAILED);
	assert_int_equal(said.n, 1);
	assert_false(r.lazy);
	unlink(path);
}

/* a lazy log that the whole index cannot open later (the file replaced
 * by garbage under it): the need fails, kept failed, said once */
static void test_lazy_then_fails(void **state)
{
	(void)state;
	char path[] = "/tmp/hectic-test-run-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *in = fopen("tests/fixtures/threaded.eventlog", "rb");
	assert_non_null(in);
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		assert_int_equal(write(fd, buf, n), (ssize_t)n);
	fclose(in);
	close(fd);
	struct said said = { 0 };
	struct run r = { .say = say, .say_ctx = &said };
	assert_int_equal(run_open(&r, path, &(struct run_open_options){ .lazy = true }), RUN_OPENED);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fputs("garbage\n", f);
	fclose(f);
	assert_false(run_need(&r, RUN_NEED(TABLE_NEEDS_TRACKS)));
	int after = said.n;
	assert_true(after >= 1);
	assert_false(run_need(&r, RUN_NEED(TABLE_NEEDS_TRACKS)));
	assert_false(run_need(&r, RUN_NEED(TABLE_NEEDS_HEAP)));
	assert_int_equal(said.n, after);
	assert_null(run_store_whole(&r));
	run_close(&r);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_whole_fused),
		cmocka_unit_test(test_whole_later),
		cmocka_unit_test(test_lazy),
		cmocka_unit_test(test_fails),
		cmocka_unit_test(test_lazy_then_fails),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
