/* model/ticky: ticky-ticky counter definitions, samples, totals, windows,
 * series, the budget's merging and the counters' IPE provenance; on
 * hand-built logs, and on the real GHC 9.6/9.10 logs against GHC's own +RTS
 * -r report (.ticky) and ghc-events' show text (.oracle.show). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../model/ticky.h"
#include "../../model/store.h"
#include "evbuild.h"

#define MODERN "tests/fixtures/modern/"

static void header(struct evb *b)
{
	evb_begin_header(b);
	evb_type(b, 169, EVB_VAR, "IPE");
	evb_type(b, 210, EVB_VAR, "Ticky-ticky entry counter definition");
	evb_type(b, 211, 32, "Ticky-ticky entry counter sample");
	evb_type(b, 212, 0, "Ticky-ticky entry counter begin sample");
	evb_end_header(b);
}

static void begin(struct evb *b, uint64_t t)
{
	evb_event(b, 212, t, NULL, 0);
}

static void sample(struct evb *b, uint64_t t, uint64_t id, uint64_t e, uint64_t a, uint64_t d)
{
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "qqqq", (uint64_t[]){ id, e, a, d });
	evb_event_pl(b, 211, t, &pl);
	evb_free(&pl);
}

/* A definition; itbl 0: none written (the older layout). */
static void def(struct evb *b, uint64_t t, uint64_t id, uint16_t arity, const char *kinds,
		const char *name, uint64_t itbl)
{
	struct evb pl = EVB_INIT;
	evb_u64(&pl, id);
	evb_u16(&pl, arity);
	evb_cstr(&pl, kinds);
	evb_cstr(&pl, name);
	if (itbl)
		evb_u64(&pl, itbl);
	evb_event_pl(b, 210, t, &pl);
	evb_free(&pl);
}

static void ipe(struct evb *b, uint64_t t, uint64_t addr, const char *table, const char *src)
{
	struct evb pl = EVB_INIT;
	evb_u64(&pl, addr);
	evb_cstr(&pl, table);
	evb_cstr(&pl, "14");
	evb_cstr(&pl, "ty");
	evb_cstr(&pl, "lab");
	evb_cstr(&pl, "Main");
	evb_cstr(&pl, src);
	evb_event_pl(b, 169, t, &pl);
	evb_free(&pl);
}

static bool bytes_are(const uint8_t *p, uint32_t n, const char *want)
{
	return n == strlen(want) && (!n || memcmp(p, want, n) == 0);
}

/* Three samples of two counters, the definitions at the end (B first),
 * one IPE event for A's info table. */
static void small_log(struct evb *b)
{
	header(b);
	ipe(b, 10, 0x4000, "a_info", "a.hs:1:1-5");
	begin(b, 100);
	sample(b, 101, 0xA, 5, 10, 0);
	sample(b, 102, 0xB, 1, 0, 8);
	begin(b, 200);
	sample(b, 201, 0xA, 3, 0, 0);
	begin(b, 300);
	sample(b, 301, 0xA, 2, 2, 2);
	def(b, 400, 0xB, 2, "iM", "b{v}", 0);
	def(b, 401, 0xA, 1, "L", "a{v} (fun)", 0x4000);
	evb_dataend(b);
}

static void test_small(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	small_log(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct ticky t;
	assert_true(ticky_build(&t, &s));
	assert_int_equal(t.nctr, 2);
	assert_int_equal(t.nsamples, 3);
	assert_int_equal(t.nbegins, 3);
	assert_int_equal(t.nraw, 4);
	assert_int_equal(t.ndefs, 2);
	assert_int_equal(t.nundefined, 0);
	assert_int_equal(t.merged, 1);
	long a = ticky_find(&t, 0xA), bb = ticky_find(&t, 0xB);
	assert_true(a >= 0 && bb >= 0);
	assert_int_equal(ticky_find(&t, 0xC), -1);
	/* definition order, as GHC prints: B then A */
	assert_int_equal(t.order[0], bb);
	assert_int_equal(t.order[1], a);
	const struct ticky_counter *ca = &t.ctr[a], *cb = &t.ctr[bb];
	assert_int_equal(ca->total.entries, 10);
	assert_int_equal(ca->total.allocs, 12);
	assert_int_equal(ca->total.allocd, 2);
	assert_int_equal(cb->total.entries, 1);
	assert_int_equal(cb->total.allocd, 8);
	assert_int_equal(ca->arity, 1);
	assert_true(bytes_are(ca->kinds, ca->nkinds, "L"));
	assert_true(bytes_are(ca->name, ca->nname, "a{v} (fun)"));
	assert_true(bytes_are(cb->kinds, cb->nkinds, "iM"));
	assert_true(ca->has_itbl);
	assert_int_equal(ca->itbl, 0x4000);
	assert_false(cb->has_itbl);
	/* windows: the samples whose 212 is in [from, to] */
	struct ticky_counts w[2];
	assert_int_equal(ticky_window(&t, 150, 250, w), 1);
	assert_int_equal(w[a].entries, 3);
	assert_int_equal(w[bb].entries, 0);
	assert_int_equal(ticky_window(&t, 100, 200, w), 2);
	assert_int_equal(w[a].entries, 8);
	assert_int_equal(w[bb].allocd, 8);
	assert_int_equal(ticky_window(&t, 301, 1000, w), 0);
	assert_int_equal(w[a].entries, 0);
	/* IPE */
	struct ipe p;
	assert_true(ticky_ipe(&t, &s, (uint32_t)a, &p));
	assert_true(bytes_are(p.table, p.ntable, "a_info"));
	assert_true(bytes_are(p.src, p.nsrc, "a.hs:1:1-5"));
	assert_false(ticky_ipe(&t, &s, (uint32_t)bb, &p));
	ticky_free(&t);
	store_close(&s);
	evb_free(&b);
}

/* A log cut before exit: samples, no definitions. The counters are there,
 * undefined, in order of first sample; a 211 before any 212 opens a sample
 * of its own. */
static void test_undefined(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	header(&b);
	sample(&b, 50, 0x9, 7, 0, 0);
	begin(&b, 100);
	sample(&b, 101, 0x7, 1, 2, 3);
	sample(&b, 102, 0x9, 1, 0, 0);
	evb_dataend(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct ticky t;
	assert_true(ticky_build(&t, &s));
	assert_int_equal(t.nctr, 2);
	assert_int_equal(t.nundefined, 2);
	assert_int_equal(t.ndefs, 0);
	assert_int_equal(t.nsamples, 2);
	assert_int_equal(t.samples[0].time, 50);
	assert_false(t.ctr[0].defined);
	assert_int_equal(t.ctr[t.order[0]].id, 0x9);
	assert_int_equal(t.ctr[t.order[1]].id, 0x7);
	assert_int_equal(t.ctr[t.order[0]].total.entries, 8);
	ticky_free(&t);
	store_close(&s);
	evb_free(&b);
}

/* Past the counters' budget a counter is left out: its samples counted and
 * summed, its definition counted; the counters kept are whole. */
static void test_counters_budget(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	header(&b);
	begin(&b, 100);
	for (uint64_t id = 1; id <= 10; id++)
		sample(&b, 100 + id, id, id, 2 * id, 3 * id);
	begin(&b, 200);
	sample(&b, 201, 9, 1, 1, 1);
	sample(&b, 202, 2, 5, 0, 0);
	for (uint64_t id = 12; id >= 1; id--)
		def(&b, 300 + id, id, 1, "L", "f", 0);
	evb_dataend(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	ticky_counters_override = 4;
	struct ticky t;
	bool ok = ticky_build(&t, &s);
	ticky_counters_override = 0;
	assert_true(ok);
	assert_int_equal(t.nctr, 4);
	assert_int_equal(t.left_samples, 7);
	assert_int_equal(t.left.entries, 5 + 6 + 7 + 8 + 9 + 10 + 1);
	assert_int_equal(t.left.allocs, 2 * (5 + 6 + 7 + 8 + 9 + 10) + 1);
	assert_int_equal(t.left.allocd, 3 * (5 + 6 + 7 + 8 + 9 + 10) + 1);
	assert_int_equal(t.left_defs, 8);
	assert_int_equal(t.ndefs, 4);
	assert_int_equal(t.nundefined, 0);
	assert_int_equal(ticky_find(&t, 5), -1);
	long two = ticky_find(&t, 2);
	assert_true(two >= 0);
	assert_true(t.ctr[two].defined);
	assert_int_equal(t.ctr[two].total.entries, 7);
	assert_int_equal(t.nsamples, 2);
	ticky_free(&t);
	store_close(&s);
	evb_free(&b);
}

/* A sample that names its few counters again and again, with no 212
 * between, is folded as it goes: it holds a few deltas, not one a 211. */
static void test_long_sample(void **state)
{
	(void)state;
	enum { N = 5000 };
	struct evb b = EVB_INIT;
	header(&b);
	begin(&b, 100);
	for (uint64_t k = 0; k < N; k++)
		sample(&b, 101 + k, 1 + k % 3, 1, k, 2);
	evb_dataend(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct ticky t;
	assert_true(ticky_build(&t, &s));
	assert_int_equal(t.nctr, 3);
	assert_int_equal(t.nsamples, 1);
	assert_true(t.samples[0].n <= 2 * 3 + 64);
	assert_true(t.nbytes < 70 * 40);
	struct ticky_counts w[3];
	assert_int_equal(ticky_window(&t, 0, UINT64_MAX, w), 1);
	uint64_t all = 0;
	for (int c = 0; c < 3; c++) {
		all += w[c].allocs;
		assert_int_equal(w[c].entries, t.ctr[c].total.entries);
	}
	assert_int_equal(w[0].entries + w[1].entries + w[2].entries, N);
	assert_int_equal(all, (uint64_t)N * (N - 1) / 2);
	ticky_free(&t);
	store_close(&s);
	evb_free(&b);
}

/* More IPE events than the index holds: it is read again for the
 * counters' info tables only, and their provenance is whole. */
static void test_ipe_full(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	header(&b);
	char name[16];
	for (uint64_t k = 0; k < 10; k++) {
		snprintf(name, sizeof name, "t%u_info", (unsigned)k);
		ipe(&b, 10 + k, 0x1000 + 16 * k, name, "x.hs:1:1");
	}
	begin(&b, 100);
	sample(&b, 101, 0xA, 1, 0, 0);
	sample(&b, 102, 0xB, 1, 0, 0);
	sample(&b, 103, 0xC, 1, 0, 0);
	def(&b, 200, 0xA, 0, "", "a", 0x1000 + 16 * 9);
	def(&b, 201, 0xB, 0, "", "b", 0x1000 + 16 * 7);
	def(&b, 202, 0xC, 0, "", "c", 0x9000); /* no IPE event */
	evb_dataend(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	for (int round = 0; round < 2; round++) {
		size_t max = round ? 1 : 3;
		ipe_max_override = max;
		struct ticky t;
		bool ok = ticky_build(&t, &s);
		ipe_max_override = 0;
		assert_true(ok);
		assert_true(t.ipe.n <= max);
		struct ipe p;
		long a = ticky_find(&t, 0xA), bb = ticky_find(&t, 0xB), c = ticky_find(&t, 0xC);
		/* when even the wanted tables do not fit, the refill keeps the
		 * first in the log: b's table (7), not a's (9) */
		assert_int_equal(ticky_ipe(&t, &s, (uint32_t)a, &p), max == 3);
		if (max == 3)
			assert_true(bytes_are(p.table, p.ntable, "t9_info"));
		assert_true(ticky_ipe(&t, &s, (uint32_t)bb, &p));
		assert_true(bytes_are(p.table, p.ntable, "t7_info"));
		assert_false(ticky_ipe(&t, &s, (uint32_t)c, &p));
		assert_int_equal(t.ipe.over, max == 1);
		ticky_free(&t);
	}
	store_close(&s);
	evb_free(&b);
}

/* A log without ticky events: nothing, and no error. */
static void test_none(void **state)
{
	(void)state;
	struct store s;
	char err[256];
	assert_int_equal(store_open(&s, MODERN "ghc910-ticky-r.eventlog", err, sizeof err),
			 STORE_OK);
	struct ticky t;
	assert_true(ticky_build(&t, &s));
	assert_int_equal(t.nctr, 0);
	assert_int_equal(t.nsamples, 0);
	ticky_free(&t);
	store_close(&s);
}

/* Over the budget, samples merge in pairs: the totals stay, and a window
 * ending on a stored sample sums exactly the log's samples up to it. */
static void test_budget(void **state)
{
	(void)state;
	enum { N = 1000, C = 5 };
	static uint64_t cum[N + 1][C]; /* entries of the log's samples 0 .. k - 1 */
	struct evb b = EVB_INIT;
	header(&b);
	uint64_t t = 1000;
	for (int k = 0; k < N; k++) {
		begin(&b, t);
		for (int c = 0; c < C; c++) {
			uint64_t e = (uint64_t)(k * 7 + c * 13) % 11; /* some zero */
			cum[k + 1][c] = cum[k][c] + e;
			if (e)
				sample(&b, t + 1 + (uint64_t)c, 100 + (uint64_t)c, e, e * 1000000007u, c);
		}
		t += 1000;
	}
	evb_dataend(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	ticky_budget_override = 600;
	struct ticky tk;
	bool ok = ticky_build(&tk, &s);
	ticky_budget_override = 0;
	assert_true(ok);
	assert_true(tk.merged > 1);
	assert_true(tk.nsamples < N / 2);
	assert_int_equal(tk.nbegins, N);
	size_t raws = 0;
	for (size_t k = 0; k < tk.nsamples; k++) {
		assert_true(tk.samples[k].raw >= 1 && tk.samples[k].raw <= tk.merged);
		raws += tk.samples[k].raw;
	}
	assert_int_equal(raws, N);
	/* in the budget, give or take the sample being filled */
	assert_true(tk.nbytes + tk.nsamples * sizeof *tk.samples < 600 + 200);
	for (int c = 0; c < C; c++) {
		long i = ticky_find(&tk, 100 + (uint64_t)c);
		assert_true(i >= 0);
		assert_int_equal(tk.ctr[i].total.entries, cum[N][c]);
		assert_int_equal(tk.ctr[i].total.allocs, cum[N][c] * 1000000007u);
	}
	struct ticky_counts w[C];
	for (size_t k = 0; k < tk.nsamples; k += 7) {
		uint64_t end = tk.samples[k].time; /* the 212 of log sample (end - 1000) / 1000 */
		size_t raw = (size_t)((end - 1000) / 1000) + 1;
		ticky_window(&tk, 0, end, w);
		for (int c = 0; c < C; c++)
			assert_int_equal(w[ticky_find(&tk, 100 + (uint64_t)c)].entries, cum[raw][c]);
	}
	ticky_free(&tk);
	store_close(&s);
	evb_free(&b);
}

/* The series spreads a sample over the time since the one before. */
static void test_series(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	header(&b);
	begin(&b, 0); /* the log's start */
	begin(&b, 1000);
	sample(&b, 1001, 0xA, 1000, 0, 0);
	begin(&b, 3000);
	sample(&b, 3001, 0xA, 500, 0, 0);
	evb_dataend(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct ticky t;
	assert_true(ticky_build(&t, &s));
	double out[30];
	double max = ticky_series(&t, 0, TICKY_ENTRIES, 0, 3000, 30, out);
	/* 1000 entries over [0, 1000]: 1 per ns; 500 over [1000, 3000] */
	for (int i = 0; i < 10; i++)
		assert_true(out[i] > 0.999e9 && out[i] < 1.001e9);
	for (int i = 10; i < 30; i++)
		assert_true(out[i] > 0.2499e9 && out[i] < 0.2501e9);
	assert_true(max > 0.999e9 && max < 1.001e9);
	/* a range inside one sample's time */
	ticky_series(&t, 0, TICKY_ENTRIES, 1500, 2500, 4, out);
	for (int i = 0; i < 4; i++)
		assert_true(out[i] > 0.2499e9 && out[i] < 0.2501e9);
	ticky_series(&t, 0, TICKY_ALLOCS, 0, 3000, 30, out);
	for (int i = 0; i < 30; i++)
		assert_true(out[i] == 0);
	ticky_free(&t);
	store_close(&s);
	evb_free(&b);
}

/* ---- the real logs ---- */

struct row {
	char name[256];
	uint64_t e, a, d;
	unsigned arity;
	char kinds[64];
};

/* GHC's -r report's per-counter table: the lines between the dashes after
 * the "STG Name" header and the next blank line; the name from the
 * header's column of "STG Name". Returns the rows read. */
static size_t read_report(const char *path, struct row *rows, size_t max)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char line[1024];
	size_t col = 0, n = 0;
	bool in = false;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		char *h = strstr(line, "STG Name");
		if (!col && h) {
			col = (size_t)(h - line);
			continue;
		}
		if (col && !in && line[0] == '-') {
			in = true;
			continue;
		}
		if (!in)
			continue;
		if (!line[0])
			break;
		assert_true(n < max && strlen(line) > col);
		struct row *r = &rows[n++];
		unsigned long long e, a, d;
		int used = 0;
		assert_int_equal(sscanf(line, "%llu %llu %llu %u%n", &e, &a, &d, &r->arity, &used), 4);
		r->e = e, r->a = a, r->d = d;
		/* the kinds: %-60.60s after the arity and a space */
		snprintf(r->kinds, sizeof r->kinds, "%.*s", (int)(col - (size_t)used - 1),
			 line + used + 1);
		r->kinds[strcspn(r->kinds, " ")] = 0;
		snprintf(r->name, sizeof r->name, "%s", line + col);
		size_t k = strlen(r->name);
		while (k && r->name[k - 1] == ' ')
			r->name[--k] = 0;
	}
	fclose(f);
	return n;
}

/* The whole run's sums equal GHC's table, row by row, in its order. */
static void report_equal(const char *log, const char *report)
{
	struct row rows[64];
	size_t n = read_report(report, rows, 64);
	assert_true(n > 5);
	struct store s;
	char err[256];
	assert_int_equal(store_open(&s, log, err, sizeof err), STORE_OK);
	struct ticky t;
	assert_true(ticky_build(&t, &s));
	assert_int_equal(t.nctr, n);
	assert_int_equal(t.nundefined, 0);
	assert_int_equal(t.merged, 1);
	for (size_t i = 0; i < n; i++) {
		const struct ticky_counter *c = &t.ctr[t.order[i]];
		assert_true(bytes_are(c->name, c->nname, rows[i].name));
		assert_true(bytes_are(c->kinds, c->nkinds, rows[i].kinds));
		assert_int_equal(c->arity, rows[i].arity);
		assert_int_equal(c->total.entries, rows[i].e);
		assert_int_equal(c->total.allocs, rows[i].a);
		assert_int_equal(c->total.allocd, rows[i].d);
		assert_true(c->has_itbl);
	}
	/* the sums of all the samples are the totals */
	struct ticky_counts *w = calloc(t.nctr, sizeof *w);
	assert_non_null(w);
	assert_int_equal(ticky_window(&t, 0, UINT64_MAX, w), t.nsamples);
	for (size_t i = 0; i < t.nctr; i++)
		assert_memory_equal(&w[i], &t.ctr[i].total, sizeof w[i]);
	free(w);
	ticky_free(&t);
	store_close(&s);
}

static void test_report_910(void **state)
{
	(void)state;
	report_equal(MODERN "ghc910-ticky.eventlog", MODERN "ghc910-ticky.ticky");
}

static void test_report_96(void **state)
{
	(void)state;
	report_equal(MODERN "ghc96-ticky.eventlog", MODERN "ghc96-ticky.ticky");
}

/* The window's sums against the show text's samples: each "ticky counter
 * sample" line added to the last "ticky begin counter sample" before it,
 * the samples whose begin is in [from, to] summed per counter id. */
static void show_window(const char *show, uint64_t from, uint64_t to, uint64_t *ids,
			struct ticky_counts *sum, size_t *n, size_t max)
{
	FILE *f = fopen(show, "r");
	assert_non_null(f);
	char line[1024];
	uint64_t at = 0;
	*n = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned long long t, id, e, a, d;
		if (sscanf(line, "%llu: ticky begin counter sample", &t) == 1 &&
		    strstr(line, "ticky begin counter sample")) {
			at = t;
			continue;
		}
		if (sscanf(line, "%llu: ticky counter sample %llu: entry count: %llu, %llu allocs, %llu allocd",
			   &t, &id, &e, &a, &d) != 5 || at < from || at > to)
			continue;
		size_t i = 0;
		while (i < *n && ids[i] != id)
			i++;
		if (i == *n) {
			assert_true(*n < max);
			ids[(*n)++] = id;
			sum[i] = (struct ticky_counts){ 0 };
		}
		sum[i].entries += e, sum[i].allocs += a, sum[i].allocd += d;
	}
	fclose(f);
}

static void test_window_fixture(void **state)
{
	(void)state;
	struct store s;
	char err[256];
	assert_int_equal(store_open(&s, MODERN "ghc910-ticky.eventlog", err, sizeof err), STORE_OK);
	struct ticky t;
	assert_true(ticky_build(&t, &s));
	assert_true(t.nsamples > 6);
	struct ticky_counts *w = calloc(t.nctr, sizeof *w);
	assert_non_null(w);
	/* windows from a sample's time, mid-way between samples, to one */
	uint64_t wins[][2] = {
		{ t.samples[2].time, t.samples[5].time },
		{ t.samples[2].time + 1, t.samples[5].time - 1 },
		{ 0, t.samples[0].time },
		{ t.samples[t.nsamples - 1].time, UINT64_MAX },
	};
	for (size_t k = 0; k < sizeof wins / sizeof wins[0]; k++) {
		uint64_t ids[64];
		struct ticky_counts want[64];
		size_t n;
		show_window(MODERN "ghc910-ticky.oracle.show", wins[k][0], wins[k][1], ids, want, &n,
			    64);
		assert_true(n > 0);
		ticky_window(&t, wins[k][0], wins[k][1], w);
		size_t nonzero = 0;
		for (size_t i = 0; i < t.nctr; i++)
			nonzero += w[i].entries || w[i].allocs || w[i].allocd;
		assert_int_equal(nonzero, n);
		for (size_t i = 0; i < n; i++) {
			long c = ticky_find(&t, ids[i]);
			assert_true(c >= 0);
			assert_memory_equal(&w[c], &want[i], sizeof want[i]);
		}
	}
	free(w);
	ticky_free(&t);
	store_close(&s);
}

/* The IPE line ("Info Table: ADDR:CLOSURE:TABLE - SRC") of an address in
 * the show text; false when there is none. */
static bool show_ipe(const char *show, uint64_t addr, char *table, char *src, size_t n)
{
	FILE *f = fopen(show, "r");
	assert_non_null(f);
	char line[1024], want[64];
	snprintf(want, sizeof want, ": Info Table: %llx:", (unsigned long long)addr);
	bool found = false;
	while (!found && fgets(line, sizeof line, f)) {
		char *p = strstr(line, want);
		if (!p)
			continue;
		line[strcspn(line, "\n")] = 0;
		p = strchr(p + strlen(want), ':'); /* past the closure type */
		char *dash = p ? strstr(p, " - ") : NULL;
		assert_non_null(dash);
		snprintf(table, n, "%.*s", (int)(dash - p - 1), p + 1);
		snprintf(src, n, "%s", dash + 3);
		found = true;
	}
	fclose(f);
	return found;
}

static void ipe_fixture(const char *log, const char *show, bool any)
{
	struct store s;
	char err[256];
	assert_int_equal(store_open(&s, log, err, sizeof err), STORE_OK);
	struct ticky t;
	assert_true(ticky_build(&t, &s));
	assert_true(t.nctr > 5);
	size_t resolved = 0, located = 0;
	for (uint32_t c = 0; c < t.nctr; c++) {
		char table[256], src[256];
		struct ipe p;
		bool want = show_ipe(show, t.ctr[c].itbl, table, src, sizeof table);
		assert_int_equal(ticky_ipe(&t, &s, c, &p), want);
		if (!want)
			continue;
		resolved++;
		assert_true(bytes_are(p.table, p.ntable, table));
		assert_true(bytes_are(p.src, p.nsrc, src));
		assert_int_equal(ipe_has_src(&p), strcmp(src, ":") != 0);
		located += ipe_has_src(&p);
	}
	assert_int_equal(resolved > 0, any);
	assert_int_equal(located > 0, any);
	ticky_free(&t);
	store_close(&s);
}

static void test_ipe_910(void **state)
{
	(void)state;
	ipe_fixture(MODERN "ghc910-ticky-ipe.eventlog", MODERN "ghc910-ticky-ipe.oracle.show", true);
}

static void test_ipe_96(void **state)
{
	(void)state;
	ipe_fixture(MODERN "ghc96-ticky-ipe.eventlog", MODERN "ghc96-ticky-ipe.oracle.show", true);
	/* built without -finfo-table-map: no provenance */
	ipe_fixture(MODERN "ghc96-ticky.eventlog", MODERN "ghc96-ticky.oracle.show", false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small),	       cmocka_unit_test(test_undefined),
		cmocka_unit_test(test_none),	       cmocka_unit_test(test_budget),
		cmocka_unit_test(test_series),	       cmocka_unit_test(test_report_910),
		cmocka_unit_test(test_report_96),      cmocka_unit_test(test_window_fixture),
		cmocka_unit_test(test_ipe_910),	       cmocka_unit_test(test_ipe_96),
		cmocka_unit_test(test_counters_budget), cmocka_unit_test(test_long_sample),
		cmocka_unit_test(test_ipe_full),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
