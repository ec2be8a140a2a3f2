/* model/table.c and its producers: the registry is consistent, and each
 * producer gives on a real log what the store and tracks hold, its limits
 * the rows a naive filter of the whole table keeps. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/store.h"
#include "../../model/table.h"
#include "../../model/tracks.h"

#define FIXTURE "tests/fixtures/par-n4.eventlog"

static void test_registry(void **state)
{
	(void)state;
	assert_true(table_ndefs >= 6);
	for (size_t i = 0; i < table_ndefs; i++) {
		const struct table_def *t = table_defs[i];
		assert_non_null(t->name);
		assert_true(strlen(t->name) > 0);
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(t->name, table_defs[j]->name);
		assert_ptr_equal(table_find(t->name), t);
		/* a sentence */
		assert_non_null(t->doc);
		assert_true(strlen(t->doc) > 10);
		assert_int_equal(t->doc[strlen(t->doc) - 1], '.');
		assert_true(t->ncols > 0);
		assert_non_null(t->open);
		assert_non_null(t->next);
		assert_non_null(t->value);
		assert_non_null(t->close);
		for (size_t c = 0; c < t->ncols; c++) {
			const struct table_col *col = &t->cols[c];
			assert_non_null(col->name);
			assert_non_null(col->unit);
			assert_non_null(col->doc);
			assert_true(strlen(col->name) > 0 && strlen(col->doc) > 5);
			assert_true(col->type == TABLE_INT || col->type == TABLE_REAL ||
				    col->type == TABLE_TEXT);
			assert_int_equal(table_col_index(t, col->name), (int)c);
			/* times are ns, and say so */
			if (!strcmp(col->name, "time") || !strcmp(col->name, "start"))
				assert_string_equal(col->unit, "ns");
		}
		/* each limit it applies names its column */
		assert_true(!(t->by & TABLE_BY_TIME) ||
			    (t->time_col >= 0 && (size_t)t->time_col < t->ncols));
		assert_true(!(t->by & TABLE_BY_CAP) ||
			    (t->cap_col >= 0 && (size_t)t->cap_col < t->ncols));
		assert_true(!(t->by & TABLE_BY_CLASS) ||
			    (t->class_col >= 0 && (size_t)t->class_col < t->ncols));
		/* a window is not a filter on a column */
		assert_false((t->by & TABLE_WINDOW) && (t->by & TABLE_BY_TIME));
	}
	assert_null(table_find("nosuch"));
	assert_int_equal(table_col_index(&table_gcs, "nosuch"), -1);
	/* the reports' columns, in their order */
	static const char *const gcs[] = { "start", "end", "pause", "span_start", "span_end",
					   "gen", "copied", "par_threads", "cap", "caps" };
	assert_int_equal(table_gcs.ncols, 10);
	for (size_t c = 0; c < 10; c++)
		assert_string_equal(table_gcs.cols[c].name, gcs[c]);
}

struct lg {
	struct store s;
	struct tracks tr;
	struct table_data d;
};

static int lg_setup(void **state)
{
	struct lg *l = calloc(1, sizeof *l);
	char err[256];
	if (!l || store_open(&l->s, FIXTURE, err, sizeof err) != STORE_OK ||
	    !tracks_build(&l->tr, &l->s))
		return -1;
	l->d = (struct table_data){ .s = &l->s, .tr = &l->tr };
	*state = l;
	return 0;
}

static int lg_teardown(void **state)
{
	struct lg *l = *state;
	tracks_free(&l->tr);
	store_close(&l->s);
	free(l);
	return 0;
}

/* An event row, as a naive filter reads it. */
struct row {
	int64_t time, cap, off;
	char cls[16];
};

static size_t rows_of(const struct lg *l, const struct table_limits *lim, struct row *out,
		      size_t max)
{
	struct table_cursor *c = table_open(&table_events, &l->d, lim);
	assert_non_null(c);
	size_t n = 0;
	int64_t last = -1;
	while (table_next(c)) {
		struct table_value v[8];
		for (size_t k = 0; k < 8; k++)
			table_value(c, k, &v[k]);
		assert_int_equal(v[0].kind, TV_INT);
		assert_true(v[0].i >= last); /* in time order */
		last = v[0].i;
		assert_int_equal(v[6].kind, TV_TEXT); /* show's text */
		assert_true(v[6].n > 0);
		assert_int_equal(v[5].kind, TV_TEXT);
		if (n < max) {
			out[n].time = v[0].i;
			out[n].cap = v[1].kind == TV_NULL ? -1 : v[1].i;
			out[n].off = v[7].i;
			snprintf(out[n].cls, sizeof out[n].cls, "%.*s", (int)v[5].n,
				 (const char *)v[5].p);
		}
		n++;
	}
	assert_false(c->failed);
	table_close(c);
	return n;
}

static void test_events(void **state)
{
	struct lg *l = *state;
	size_t max = (size_t)l->s.nevents + 16;
	struct row *all = calloc(max, sizeof *all), *some = calloc(max, sizeof *some);
	assert_non_null(all);
	assert_non_null(some);
	size_t n = rows_of(l, NULL, all, max);
	assert_int_equal(n, l->s.nevents);
	/* a time window: the rows of the whole table inside it */
	uint64_t lo = l->s.tmin + (l->s.tmax - l->s.tmin) / 3;
	uint64_t hi = l->s.tmin + (l->s.tmax - l->s.tmin) / 2;
	struct table_limits lim = TABLE_LIMITS_NONE;
	lim.lo = lo;
	lim.hi = hi;
	size_t k = rows_of(l, &lim, some, max), want = 0;
	for (size_t i = 0; i < n; i++)
		if (all[i].time >= (int64_t)lo && all[i].time <= (int64_t)hi) {
			assert_true(want < k);
			assert_int_equal(some[want].off, all[i].off);
			want++;
		}
	assert_int_equal(k, want);
	assert_true(k > 0 && k < n);
	/* a capability, and a class */
	lim = TABLE_LIMITS_NONE;
	lim.has_cap = true;
	lim.cap = 1;
	k = rows_of(l, &lim, some, max);
	want = 0;
	for (size_t i = 0; i < n; i++)
		if (all[i].cap == 1)
			assert_int_equal(some[want++].off, all[i].off);
	assert_int_equal(k, want);
	assert_true(k > 0);
	lim = TABLE_LIMITS_NONE;
	lim.classes = CLASS_BIT(CL_GC);
	k = rows_of(l, &lim, some, max);
	want = 0;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(all[i].cls, "gc"))
			assert_int_equal(some[want++].off, all[i].off);
	assert_int_equal(k, want);
	assert_true(k > 0);
	free(all);
	free(some);
}

static size_t count(const struct lg *l, const struct table_def *t, const struct table_limits *lim)
{
	struct table_cursor *c = table_open(t, &l->d, lim);
	assert_non_null(c);
	size_t n = 0;
	while (table_next(c)) {
		for (size_t k = 0; k < t->ncols; k++) {
			struct table_value v;
			table_value(c, k, &v);
			assert_true(v.kind == TV_NULL ||
				    (t->cols[k].type == TABLE_TEXT) == (v.kind == TV_TEXT));
		}
		n++;
	}
	table_close(c);
	return n;
}

static void test_derived(void **state)
{
	struct lg *l = *state;
	assert_int_equal(count(l, &table_gcs, NULL), l->tr.ngcs);
	assert_true(l->tr.ngcs > 2);
	assert_int_equal(count(l, &table_threads, NULL), l->tr.nthreads);
	assert_int_equal(count(l, &table_caps, NULL), l->tr.ncaps);
	assert_int_equal(count(l, &table_markers, NULL), l->tr.nmarks);
	/* a run per RUN_THREAD: the threads' runs */
	size_t nruns = 0;
	for (size_t i = 0; i < l->tr.nthreads; i++)
		nruns += l->tr.threads[i].nruns;
	assert_int_equal(count(l, &table_runs, NULL), nruns);
	assert_true(nruns > 10);
	/* gcs over a window: those starting in it */
	struct table_limits lim = TABLE_LIMITS_NONE;
	lim.lo = l->tr.gcs[1].start;
	lim.hi = l->tr.gcs[2].start;
	assert_int_equal(count(l, &table_gcs, &lim), 2);
	/* summary: from and to first */
	struct table_cursor *c = table_open(&table_summary, &l->d, NULL);
	assert_non_null(c);
	assert_true(table_next(c));
	struct table_value v;
	table_value(c, 0, &v);
	assert_int_equal(v.kind, TV_TEXT);
	assert_memory_equal(v.p, "from", 4);
	table_value(c, 1, &v);
	assert_int_equal(v.kind, TV_INT);
	assert_int_equal(v.i, (int64_t)l->s.tmin);
	table_close(c);
	/* a table that needs the tracks is not opened without them */
	struct table_data bare = { .s = &l->s };
	assert_null(table_open(&table_gcs, &bare, NULL));
	assert_non_null(c = table_open(&table_events, &bare, NULL));
	table_close(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry),
		cmocka_unit_test_setup_teardown(test_events, lg_setup, lg_teardown),
		cmocka_unit_test_setup_teardown(test_derived, lg_setup, lg_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
