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

#include "../../model/cctree.h"
#include "../../model/doctor.h"
#include "../../model/heap.h"
#include "../../model/spans.h"
#include "../../model/store.h"
#include "../../model/summary.h"
#include "../../model/table.h"
#include "../../model/ticky.h"
#include "../../model/tracks.h"
#include "heaplog.h"

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
			/* a moment is ns; the times called so are moments, the
			 * durations are not */
			if (col->instant)
				assert_string_equal(col->unit, "ns");
			if (!strcmp(col->unit, "ns"))
				assert_int_equal(col->instant,
						 !strcmp(col->name, "time") || !strcmp(col->name, "start") ||
							 !strcmp(col->name, "end") ||
							 !strcmp(col->name, "span_start") ||
							 !strcmp(col->name, "span_end") ||
							 !strcmp(col->name, "first") ||
							 !strcmp(col->name, "last") ||
							 !strcmp(col->name, "from") ||
							 !strcmp(col->name, "to") ||
							 !strcmp(col->name, "created") ||
							 !strcmp(col->name, "first_run") ||
							 !strcmp(col->name, "ended"));
			/* a text in pieces has its producer's pieces */
			assert_true(!col->pieces || (col->type == TABLE_TEXT && t->piece));
		}
		assert_true(t->needs == TABLE_NEEDS_STORE || t->needs == TABLE_NEEDS_TRACKS ||
			    t->needs == TABLE_NEEDS_HEAP || t->needs == TABLE_NEEDS_TICKY ||
			    t->needs == TABLE_NEEDS_SPANS);
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

/* event_counts: every event counted once, under its type and capability,
 * as the events table has them; a class limit counts that class alone.
 * From the index's counts, and by its own pass where they are void. */
static void test_event_counts(void **state)
{
	struct lg *l = *state;
	size_t max = (size_t)l->s.nevents + 16;
	struct row *all = calloc(max, sizeof *all);
	assert_non_null(all);
	size_t n = rows_of(l, NULL, all, max);
	for (int pass = 0; pass < 4; pass++) {
		struct table_limits lim = TABLE_LIMITS_NONE;
		if (pass & 1)
			lim.classes = CLASS_BIT(CL_GC) | CLASS_BIT(CL_USER);
		l->s.ix.counts_void = pass >= 2; /* (as a hostile file leaves them) */
		struct table_cursor *c = table_open(&table_event_counts, &l->d, &lim);
		assert_non_null(c);
		uint64_t sum = 0, want = 0;
		int64_t last_type = -1, last_cap = -2;
		size_t rows = 0;
		while (table_next(c)) {
			struct table_value v[5];
			for (size_t k = 0; k < 5; k++)
				table_value(c, k, &v[k]);
			assert_int_equal(v[4].kind, TV_INT);
			int64_t cap = v[2].kind == TV_NULL ? -1 : v[2].i;
			/* by type, then capability: each pair once */
			assert_true(v[4].i > last_type || (v[4].i == last_type && cap > last_cap));
			last_type = v[4].i;
			last_cap = cap;
			assert_true(v[3].i > 0);
			/* the events of this pair, counted naively */
			uint64_t k = 0;
			char cls[16];
			snprintf(cls, sizeof cls, "%.*s", (int)v[1].n, (const char *)v[1].p);
			struct table_cursor *e = table_open(&table_events, &l->d, NULL);
			assert_non_null(e);
			while (table_next(e)) {
				struct table_value t, cp;
				table_value(e, 3, &t);
				table_value(e, 1, &cp);
				k += t.i == v[4].i && (cp.kind == TV_NULL ? -1 : cp.i) == cap;
			}
			table_close(e);
			assert_int_equal(k, (uint64_t)v[3].i);
			assert_true(!(pass & 1) || !strcmp(cls, "gc") || !strcmp(cls, "user"));
			sum += (uint64_t)v[3].i;
			rows++;
		}
		assert_false(c->failed);
		table_close(c);
		for (size_t i = 0; i < n; i++)
			want += !(pass & 1) || !strcmp(all[i].cls, "gc") || !strcmp(all[i].cls, "user");
		assert_int_equal(sum, want);
		assert_true(rows > (pass & 1 ? 1 : 20));
	}
	l->s.ix.counts_void = false;
	free(all);
}

/* The rows of a table of one log, with what it needs built. */
static void open_log(struct store *s, const char *path)
{
	char err[256];
	assert_int_equal(store_open(s, path, err, sizeof err), STORE_OK);
}

/* sparks: a row per capability, the summary's sparks split among them. */
static void test_sparks(void **state)
{
	(void)state;
	struct store s;
	struct tracks tr;
	struct summary sm;
	open_log(&s, "tests/fixtures/diff/ghc96-sparks.eventlog");
	assert_true(tracks_build(&tr, &s));
	summary_compute(&tr, &s, 0, UINT64_MAX, &sm);
	assert_true(sm.have_sparks);
	struct table_data d = { .s = &s, .tr = &tr };
	struct table_cursor *c = table_open(&table_sparks, &d, NULL);
	assert_non_null(c);
	size_t n = 0;
	uint64_t created = 0, fizzled = 0;
	while (table_next(c)) {
		struct table_value v;
		uint64_t want[7];
		table_value(c, 0, &v);
		assert_int_equal(v.i, tr.caps[n]);
		summary_sparks_of(&tr, &sm, tr.caps[n], want);
		table_value(c, 1, &v);
		assert_int_equal((uint64_t)v.i, want[SP_CREATED]);
		created += (uint64_t)v.i;
		table_value(c, 6, &v);
		fizzled += (uint64_t)v.i;
		n++;
	}
	table_close(c);
	assert_int_equal(n, tr.ncaps);
	assert_int_equal(created, sm.sparks[SP_CREATED]);
	assert_int_equal(fizzled, sm.sparks[SP_FIZZLED]);
	assert_true(created > 0);
	tracks_free(&tr);
	store_close(&s);
}

/* spans: a row per span, by start, its name's count and total summed. */
static void test_spans(void **state)
{
	(void)state;
	struct store s;
	struct spans sp;
	struct span_rules r;
	open_log(&s, "tests/fixtures/threads.eventlog");
	assert_true(span_rules_default(&r));
	assert_true(spans_build(&sp, &s, &r));
	assert_true(sp.n > 10);
	struct table_data d = { .s = &s, .sp = &sp };
	uint64_t *count = calloc(sp.nnames, sizeof *count), *total = calloc(sp.nnames, sizeof *total);
	assert_non_null(count);
	assert_non_null(total);
	struct table_cursor *c = table_open(&table_spans, &d, NULL);
	assert_non_null(c);
	size_t n = 0;
	int64_t last = -1;
	while (table_next(c)) {
		struct table_value v[5];
		for (size_t k = 0; k < 5; k++)
			table_value(c, k, &v[k]);
		assert_true(v[2].i >= last);
		last = v[2].i;
		assert_int_equal(v[4].i, v[3].i - v[2].i);
		assert_int_equal(v[1].kind, TV_INT);
		size_t i = 0;
		while (i < sp.nnames && (sp.names[i].len != v[0].n ||
					 memcmp(sp.names[i].text, v[0].p, v[0].n)))
			i++;
		assert_true(i < sp.nnames);
		count[i]++;
		total[i] += (uint64_t)v[4].i;
		n++;
	}
	table_close(c);
	assert_int_equal(n, sp.n);
	assert_true(spans_stats(&sp, 0, UINT64_MAX));
	for (size_t i = 0; i < sp.nnames; i++) {
		assert_int_equal(count[i], sp.names[i].count);
		assert_int_equal(total[i], sp.names[i].total);
	}
	/* a window of starts */
	struct table_limits lim = TABLE_LIMITS_NONE;
	lim.lo = sp.v[3].start;
	lim.hi = sp.v[7].start;
	size_t want = 0;
	for (size_t i = 0; i < sp.n; i++)
		want += sp.v[i].start >= lim.lo && sp.v[i].start <= lim.hi;
	c = table_open(&table_spans, &d, &lim);
	for (n = 0; table_next(c);)
		n++;
	table_close(c);
	assert_int_equal(n, want);
	assert_true(want >= 5);
	/* not opened without the spans */
	d.sp = NULL;
	assert_null(table_open(&table_spans, &d, NULL));
	free(count);
	free(total);
	spans_free(&sp);
	span_rules_free(&r);
	store_close(&s);
}

/* heap: a row per census and band, the band's name in pieces the same as
 * whole; profile: the .prof's rows, MAIN first with every tick. */
static void test_heap(void **state)
{
	(void)state;
	struct store s;
	struct heap h;
	open_log(&s, "tests/fixtures/profile-hc.eventlog");
	assert_true(heap_build_ticks(&h, &s, false));
	struct table_data d = { .s = &s, .h = &h };
	struct table_cursor *c = table_open(&table_heap, &d, NULL);
	assert_non_null(c);
	size_t n = 0;
	int band = table_col_index(&table_heap, "band");
	assert_true(band >= 0 && table_heap.cols[band].pieces);
	while (table_next(c)) {
		struct table_value v;
		char joined[4096];
		size_t k = 0, m;
		const uint8_t *p;
		for (bool first = true; table_piece(c, (size_t)band, first, &p, &m); first = false) {
			assert_true(k + m <= sizeof joined);
			memcpy(joined + k, p, m);
			k += m;
		}
		table_value(c, (size_t)band, &v);
		assert_int_equal(v.kind, TV_TEXT);
		assert_int_equal(v.n, k);
		assert_memory_equal(v.p, joined, k);
		table_value(c, 2, &v);
		assert_int_equal((uint64_t)v.i, h.samples[n].bytes);
		n++;
	}
	table_close(c);
	assert_int_equal(n, h.nsamples);
	assert_true(n > 100);
	/* a window of census times */
	struct table_limits lim = TABLE_LIMITS_NONE;
	lim.lo = h.censuses[2].time;
	lim.hi = h.censuses[4].time;
	c = table_open(&table_heap, &d, &lim);
	for (n = 0; table_next(c);)
		n++;
	table_close(c);
	assert_int_equal(n, h.censuses[2].n + h.censuses[3].n + h.censuses[4].n);
	/* profile */
	c = table_open(&table_profile, &d, NULL);
	assert_non_null(c);
	assert_true(table_next(c));
	struct table_value v;
	table_value(c, 1, &v);
	assert_int_equal(v.n, 4);
	assert_memory_equal(v.p, "MAIN", 4);
	table_value(c, 0, &v);
	assert_int_equal(v.i, 0);
	table_value(c, 5, &v);
	int64_t all = v.i, self = 0;
	table_value(c, 4, &v);
	self = v.i;
	for (n = 1; table_next(c); n++) {
		table_value(c, 4, &v);
		self += v.i;
		table_value(c, 0, &v);
		assert_true(v.i > 0);
	}
	table_close(c);
	assert_true(n > 5);
	assert_true(all > 100);
	assert_int_equal(self, all); /* every tick is some node's own */
	d.h = NULL;
	assert_null(table_open(&table_heap, &d, NULL));
	assert_null(table_open(&table_profile, &d, NULL));
	heap_free(&h);
	store_close(&s);
}

/* heap: a band named on several lines of one census is one row, at its
 * first line, of their sum (as the .hp has it). Census 1 at 100: X 40,
 * Y 8, X 2; census 2 at 200: X 10, X 5. By hand: (100 X 42), (100 Y 8),
 * (200 X 15). */
static void test_heap_repeated_band(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	heaplog_repeated(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct heap h;
	assert_true(heap_build(&h, &s));
	struct table_data d = { .s = &s, .h = &h };
	struct table_cursor *c = table_open(&table_heap, &d, NULL);
	assert_non_null(c);
	static const struct { int64_t t; const char *band; int64_t bytes; } want[] = {
		{ 100, "X", 42 }, { 100, "Y", 8 }, { 200, "X", 15 },
	};
	size_t n = 0;
	while (table_next(c)) {
		assert_true(n < 3);
		struct table_value v;
		table_value(c, 0, &v);
		assert_int_equal(v.i, want[n].t);
		table_value(c, 1, &v);
		assert_int_equal(v.n, 1);
		assert_memory_equal(v.p, want[n].band, 1);
		table_value(c, 2, &v);
		assert_int_equal(v.i, want[n].bytes);
		n++;
	}
	assert_int_equal(n, 3);
	table_close(c);
	heap_free(&h);
	store_close(&s);
	evb_free(&b);
}

/* ticky: a row per counter in GHC's order, or in the order handed; the
 * counts summed over the window. */
static void test_ticky(void **state)
{
	(void)state;
	struct store s;
	struct ticky t;
	open_log(&s, "tests/fixtures/modern/ghc96-ticky.eventlog");
	assert_true(ticky_build(&t, &s));
	assert_true(t.nctr > 3);
	struct ticky_counts *sum = calloc(t.nctr, sizeof *sum);
	assert_non_null(sum);
	ticky_window(&t, 0, UINT64_MAX, sum);
	struct table_data d = { .s = &s, .ticky = &t };
	struct table_cursor *c = table_open(&table_ticky, &d, NULL);
	assert_non_null(c);
	size_t n = 0;
	while (table_next(c)) {
		struct table_value v;
		table_value(c, 0, &v);
		assert_int_equal((uint64_t)v.i, t.ctr[t.order[n]].id);
		table_value(c, 4, &v);
		assert_int_equal((uint64_t)v.i, sum[t.order[n]].entries);
		n++;
	}
	table_close(c);
	assert_int_equal(n, t.nctr);
	/* two counters, the last first */
	uint32_t order[2] = { t.order[t.nctr - 1], t.order[0] };
	d.order = order;
	d.norder = 2;
	c = table_open(&table_ticky, &d, NULL);
	for (n = 0; table_next(c); n++) {
		struct table_value v;
		table_value(c, 0, &v);
		assert_int_equal((uint64_t)v.i, t.ctr[order[n]].id);
	}
	table_close(c);
	assert_int_equal(n, 2);
	d.ticky = NULL;
	assert_null(table_open(&table_ticky, &d, NULL));
	free(sum);
	ticky_free(&t);
	store_close(&s);
}

/* findings: doctor_run's findings over the window, a row each in rank
 * order; those handed in the data rather than its own; none when stopped
 * (failed and stopped said); not opened without tracks. */
static void check_findings(struct table_cursor *c, const struct doctor *want)
{
	assert_non_null(c);
	size_t n = 0;
	while (table_next(c)) {
		const struct finding *f = &want->f[n];
		struct table_value v;
		assert_true(n < want->n);
		table_value(c, 0, &v);
		assert_int_equal(v.kind, TV_INT);
		assert_int_equal(v.i, (int64_t)(n + 1));
		table_value(c, 1, &v);
		assert_int_equal(v.kind, TV_TEXT);
		assert_int_equal(v.n, strlen(doctor_kind_name(f->kind)));
		assert_memory_equal(v.p, doctor_kind_name(f->kind), v.n);
		table_value(c, 2, &v);
		assert_int_equal(v.kind, TV_REAL);
		assert_true(v.f == f->cost);
		table_value(c, 3, &v);
		assert_int_equal(v.i, (int64_t)f->from);
		table_value(c, 4, &v);
		assert_int_equal(v.i, (int64_t)f->to);
		table_value(c, 5, &v);
		assert_int_equal(v.n, strlen(f->evidence));
		table_value(c, 7, &v);
		assert_int_equal(v.kind, TV_TEXT);
		assert_int_equal(v.n, strlen(f->rts));
		n++;
	}
	assert_int_equal(n, want->n);
	assert_false(c->failed);
	table_close(c);
}

static void test_findings(void **state)
{
	struct lg *l = *state;
	assert_ptr_equal(table_find("findings"), &table_findings);
	struct doctor d = { 0 }, w = { 0 };
	assert_true(doctor_run(&l->s, &l->tr, 0, UINT64_MAX, NULL, &d));
	assert_true(d.n >= 1);
	check_findings(table_open(&table_findings, &l->d, NULL), &d);
	/* a window: doctor_run's over it */
	struct table_limits lim = TABLE_LIMITS_NONE;
	lim.lo = 10000000, lim.hi = 60000000;
	assert_true(doctor_run(&l->s, &l->tr, lim.lo, lim.hi, NULL, &w));
	check_findings(table_open(&table_findings, &l->d, &lim), &w);
	/* handed: those, whatever the window */
	struct table_data dd = l->d;
	dd.doc = &w;
	check_findings(table_open(&table_findings, &dd, NULL), &w);
	/* stopped */
	static volatile sig_atomic_t stop = 1;
	dd.doc = NULL;
	dd.stop = &stop;
	struct table_cursor *c = table_open(&table_findings, &dd, NULL);
	assert_non_null(c);
	assert_false(table_next(c));
	assert_true(c->failed && c->stopped);
	table_close(c);
	/* no tracks */
	dd.stop = NULL;
	dd.tr = NULL;
	assert_null(table_open(&table_findings, &dd, NULL));
	doctor_free(&d);
	doctor_free(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry),
		cmocka_unit_test_setup_teardown(test_events, lg_setup, lg_teardown),
		cmocka_unit_test_setup_teardown(test_derived, lg_setup, lg_teardown),
		cmocka_unit_test_setup_teardown(test_event_counts, lg_setup, lg_teardown),
		cmocka_unit_test(test_sparks),
		cmocka_unit_test(test_spans),
		cmocka_unit_test(test_heap),
		cmocka_unit_test(test_heap_repeated_band),
		cmocka_unit_test(test_ticky),
		cmocka_unit_test_setup_teardown(test_findings, lg_setup, lg_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
