/* model/heap: censuses, interned bands, cost centres and the .hp names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../model/heap.h"
#include "../../model/store.h"
#include "evbuild.h"

/* A cost centre: id, label, module, srcloc, flags. */
static void cc(struct evb *b, uint32_t id, const char *label, const char *module, bool caf)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, id);
	evb_cstr(&pl, label);
	evb_cstr(&pl, module);
	evb_cstr(&pl, "x.hs:1:1");
	evb_u8(&pl, caf);
	evb_event_pl(b, 161, 10, &pl);
	evb_free(&pl);
}

/* A census sample of a stack (innermost first). */
static void stack(struct evb *b, uint64_t t, uint64_t bytes, const uint32_t *ids, uint8_t n)
{
	struct evb pl = EVB_INIT;
	evb_u8(&pl, 0);
	evb_u64(&pl, bytes);
	evb_u8(&pl, n);
	for (uint8_t i = 0; i < n; i++)
		evb_u32(&pl, ids[i]);
	evb_event_pl(b, 163, t, &pl);
	evb_free(&pl);
}

static void string(struct evb *b, uint64_t t, uint64_t bytes, const char *s)
{
	struct evb pl = EVB_INIT;
	evb_u8(&pl, 0);
	evb_u64(&pl, bytes);
	evb_cstr(&pl, s);
	evb_event_pl(b, 164, t, &pl);
	evb_free(&pl);
}

static char *name(const struct heap *h, uint32_t band)
{
	char *p = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&p, &n);
	assert_non_null(f);
	heap_band_name(h, band, f);
	fclose(f);
	return p;
}

/* The log of test_censuses: census 1 at 100 (go/main/Main.CAF 64, MAIN 8,
 * ARR_WORDS 24), census 2 at 200 (go/main/Main.CAF 128, Main.CAFmain 16),
 * and a stray sample at 300. */
static void censuses_log(struct evb *bp)
{
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 161, EVB_VAR, "Heap profile cost centre");
	evb_type(&b, 162, 8, "Start of heap profile sample");
	evb_type(&b, 163, EVB_VAR, "Heap profile sample");
	evb_type(&b, 164, EVB_VAR, "Heap profile string sample");
	evb_type(&b, 165, 8, "End of heap profile sample");
	evb_end_header(&b);
	cc(&b, 1, "main", "Main", false);
	cc(&b, 2, "CAF", "Main", true);
	cc(&b, 3, "go", "Main", false);
	uint64_t v[1] = { 1 };
	struct evb pl = EVB_INIT;
	/* census 1 at 100: go/main/Main.CAF 64, the same stack again is the same
	 * band, MAIN (empty stack) 8, a string band */
	evb_pack(&pl, "q", v);
	evb_event_pl(&b, 162, 100, &pl);
	stack(&b, 101, 64, (const uint32_t[]){ 3, 1, 2 }, 3);
	stack(&b, 102, 8, NULL, 0);
	string(&b, 103, 24, "ARR_WORDS");
	evb_event_pl(&b, 165, 104, &pl);
	/* census 2 at 200 */
	evb_free(&pl);
	v[0] = 2;
	evb_pack(&pl, "q", v);
	evb_event_pl(&b, 162, 200, &pl);
	stack(&b, 201, 128, (const uint32_t[]){ 3, 1, 2 }, 3);
	stack(&b, 202, 16, (const uint32_t[]){ 2, 1 }, 2); /* a CAF inside: no '/' after it */
	evb_event_pl(&b, 165, 203, &pl);
	evb_free(&pl);
	/* a sample outside any census is not one */
	string(&b, 300, 99, "stray");
	evb_dataend(&b);
	*bp = b;
}

static void test_censuses(void **state)
{
	(void)state;
	struct evb b;
	censuses_log(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct heap h;
	assert_true(heap_build(&h, &s));
	assert_int_equal(h.nccs, 3);
	assert_non_null(heap_cc(&h, 2));
	assert_true(heap_cc(&h, 2)->caf);
	assert_null(heap_cc(&h, 9));
	assert_int_equal(h.ncensuses, 2);
	assert_int_equal(h.censuses[0].time, 100);
	assert_int_equal(h.censuses[0].n, 3);
	assert_int_equal(h.censuses[1].time, 200);
	assert_int_equal(h.censuses[1].n, 2);
	assert_int_equal(h.nsamples, 5);
	assert_int_equal(h.nbands, 4);
	/* the same stack in two censuses is one band */
	assert_int_equal(h.samples[0].band, h.samples[3].band);
	assert_int_equal(h.samples[3].bytes, 128);
	char *n0 = name(&h, h.samples[0].band), *n1 = name(&h, h.samples[1].band),
	     *n2 = name(&h, h.samples[2].band), *n4 = name(&h, h.samples[4].band);
	assert_string_equal(n0, "go/main/Main.CAF");
	assert_string_equal(n1, "MAIN");
	assert_string_equal(n2, "ARR_WORDS");
	assert_string_equal(n4, "Main.CAFmain"); /* as GHC's fprint_ccs writes it */
	free(n0);
	free(n1);
	free(n2);
	free(n4);
	heap_free(&h);
	store_close(&s);
	evb_free(&b);
}

/* A cost centre the log never defines is named <cc ID>, a '/' between it
 * and its neighbours as between any two. */
static void test_undefined_cc(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 161, EVB_VAR, "Heap profile cost centre");
	evb_type(&b, 162, 8, "Start of heap profile sample");
	evb_type(&b, 163, EVB_VAR, "Heap profile sample");
	evb_type(&b, 165, 8, "End of heap profile sample");
	evb_end_header(&b);
	cc(&b, 1, "main", "Main", false);
	cc(&b, 3, "go", "Main", false);
	uint64_t v[1] = { 1 };
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "q", v);
	evb_event_pl(&b, 162, 100, &pl);
	stack(&b, 101, 8, (const uint32_t[]){ 3, 9, 1 }, 3);
	stack(&b, 102, 8, (const uint32_t[]){ 9 }, 1);
	stack(&b, 103, 8, (const uint32_t[]){ 3, 9 }, 2);
	stack(&b, 104, 8, (const uint32_t[]){ 9, 1 }, 2);
	evb_event_pl(&b, 165, 105, &pl);
	evb_free(&pl);
	evb_dataend(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct heap h;
	assert_true(heap_build(&h, &s));
	assert_int_equal(h.nsamples, 4);
	static const char *const want[4] = { "go/<cc 9>/main", "<cc 9>", "go/<cc 9>",
					     "<cc 9>/main" };
	for (int i = 0; i < 4; i++) {
		char *n = name(&h, h.samples[i].band);
		assert_string_equal(n, want[i]);
		free(n);
	}
	heap_free(&h);
	store_close(&s);
	evb_free(&b);
}

static struct band_rank *rank_of(struct band_rank *r, size_t n, uint32_t band)
{
	for (size_t i = 0; i < n; i++)
		if (r[i].band == band)
			return &r[i];
	fail_msg("band %u not ranked", band);
	return NULL;
}

/* Steps: a census holds until the next one; windows clip the areas. */
static void test_rank(void **state)
{
	(void)state;
	struct evb b;
	censuses_log(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct heap h;
	assert_true(heap_build(&h, &s));
	uint32_t A = h.samples[0].band, MAIN = h.samples[1].band, ARR = h.samples[2].band,
		 CAFM = h.samples[4].band;
	assert_int_equal(h.censuses[0].total, 64 + 8 + 24);
	assert_int_equal(h.censuses[1].total, 128 + 16);
	assert_int_equal(heap_census_at(&h, 99), -1);
	assert_int_equal(heap_census_at(&h, 100), 0);
	assert_int_equal(heap_census_at(&h, 199), 0);
	assert_int_equal(heap_census_at(&h, 200), 1);
	assert_int_equal(heap_census_at(&h, 5000), 1);
	assert_int_equal(heap_census_from(&h, 101), 1);
	assert_int_equal(heap_census_from(&h, 201), 2);
	assert_int_equal(heap_census_band(&h, 0, A), 64);
	assert_int_equal(heap_census_band(&h, 1, A), 128);
	assert_int_equal(heap_census_band(&h, 1, MAIN), 0);

	struct band_rank r[8];
	size_t n, nc;
	/* the whole run, to 300: each census held 100 ns */
	assert_true(heap_rank(&h, 0, 300, HEAP_BY_AREA, r, &n, &nc));
	assert_int_equal(n, 4);
	assert_int_equal(nc, 2);
	assert_int_equal(r[0].band, A);
	assert_int_equal(r[1].band, ARR);
	assert_int_equal(r[2].band, CAFM);
	assert_int_equal(r[3].band, MAIN);
	assert_true(r[0].area == 64.0 * 100 + 128.0 * 100);
	assert_int_equal(r[0].peak, 128);
	assert_int_equal(r[0].peak_time, 200);
	assert_int_equal(r[0].first, 64);
	assert_int_equal(r[0].last, 128);
	assert_int_equal(r[0].ncensuses, 2);
	assert_true(r[1].area == 2400.0);
	assert_true(r[2].area == 1600.0);
	assert_true(r[3].area == 800.0);
	/* by peak: ARR (24) before CAFM (16) before MAIN (8) */
	assert_true(heap_rank(&h, 0, 300, HEAP_BY_PEAK, r, &n, NULL));
	assert_int_equal(r[0].band, A);
	assert_int_equal(r[1].band, ARR);
	assert_int_equal(r[2].band, CAFM);
	assert_int_equal(r[3].band, MAIN);
	/* [150, 250): census 1 in effect from 150, census 2 from 200 */
	assert_true(heap_rank(&h, 150, 250, HEAP_BY_AREA, r, &n, &nc));
	assert_int_equal(nc, 2);
	assert_true(rank_of(r, n, A)->area == 64.0 * 50 + 128.0 * 50);
	assert_true(rank_of(r, n, MAIN)->area == 8.0 * 50);
	assert_true(rank_of(r, n, CAFM)->area == 16.0 * 50);
	/* [250, 260): only census 2, in effect */
	assert_true(heap_rank(&h, 250, 260, HEAP_BY_AREA, r, &n, &nc));
	assert_int_equal(nc, 1);
	assert_int_equal(n, 2);
	assert_true(rank_of(r, n, A)->area == 1280.0);
	assert_int_equal(rank_of(r, n, A)->first, 128);
	/* before the first census: nothing */
	assert_true(heap_rank(&h, 0, 100, HEAP_BY_AREA, r, &n, &nc));
	assert_int_equal(n, 0);
	assert_int_equal(nc, 0);
	heap_free(&h);
	store_close(&s);
	evb_free(&b);
}

/* A band named twice in one census: the .hp format (hp2ps, GHC's readers)
 * adds the lines up, and so must every figure of the band. Census 1 at 100:
 * X 40, Y 8, X 2, so X is 40 + 2 = 42 (not the larger line, 40, nor the
 * last, 2); census 2 at 200: X 10, X 5, so X is 15. Worked by hand over
 * [100, 300), each census held 100 ns: X's peak 42 at 100, first 42, last
 * 15, in 2 censuses, area 42 x 100 + 15 x 100 = 5700; Y's peak 8, area
 * 8 x 100 = 800, in 1 census. */
static void test_repeated_band(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 162, 8, "Start of heap profile sample");
	evb_type(&b, 164, EVB_VAR, "Heap profile string sample");
	evb_type(&b, 165, 8, "End of heap profile sample");
	evb_end_header(&b);
	uint64_t v[1] = { 1 };
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "q", v);
	evb_event_pl(&b, 162, 100, &pl);
	string(&b, 101, 40, "X");
	string(&b, 102, 8, "Y");
	string(&b, 103, 2, "X");
	evb_event_pl(&b, 165, 104, &pl);
	evb_free(&pl);
	v[0] = 2;
	evb_pack(&pl, "q", v);
	evb_event_pl(&b, 162, 200, &pl);
	string(&b, 201, 10, "X");
	string(&b, 202, 5, "X");
	evb_event_pl(&b, 165, 203, &pl);
	evb_free(&pl);
	evb_dataend(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct heap h;
	assert_true(heap_build(&h, &s));
	assert_int_equal(h.ncensuses, 2);
	assert_int_equal(h.nbands, 2); /* X once, however many lines name it */
	uint32_t X = h.samples[0].band, Y = h.samples[1].band;
	assert_int_equal(h.samples[2].band, X);
	assert_int_equal(h.censuses[0].total, 50);
	assert_int_equal(h.censuses[1].total, 15);
	assert_int_equal(heap_census_band(&h, 0, X), 42);
	assert_int_equal(heap_census_band(&h, 1, X), 15);
	assert_int_equal(heap_census_band(&h, 1, Y), 0);
	struct band_rank r[4];
	size_t n, nc;
	assert_true(heap_rank(&h, 100, 300, HEAP_BY_PEAK, r, &n, &nc));
	assert_int_equal(nc, 2);
	assert_int_equal(n, 2);
	assert_int_equal(r[0].band, X);
	assert_int_equal(r[0].peak, 42);
	assert_int_equal(r[0].peak_time, 100);
	assert_int_equal(r[0].first, 42);
	assert_int_equal(r[0].last, 15);
	assert_int_equal(r[0].ncensuses, 2);
	assert_true(r[0].area == 5700.0);
	assert_int_equal(r[1].band, Y);
	assert_int_equal(r[1].peak, 8);
	assert_int_equal(r[1].ncensuses, 1);
	assert_true(r[1].area == 800.0);
	/* census 2 alone, [200, 250): X is 10 + 5 from its first line on */
	assert_true(heap_rank(&h, 200, 250, HEAP_BY_PEAK, r, &n, &nc));
	assert_int_equal(nc, 1);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].peak, 15);
	assert_int_equal(r[0].first, 15);
	assert_int_equal(r[0].last, 15);
	assert_true(r[0].area == 15.0 * 50);
	heap_free(&h);
	store_close(&s);
	evb_free(&b);
}

/* A real -hc log: its censuses as show prints them (24, 264 samples). */
static void test_fixture(void **state)
{
	(void)state;
	struct store s;
	char err[256];
	assert_int_equal(store_open(&s, "tests/fixtures/prof.eventlog", err, sizeof err), STORE_OK);
	struct heap h;
	assert_true(heap_build(&h, &s));
	assert_int_equal(h.ncensuses, 24);
	assert_int_equal(h.nsamples, 264);
	assert_false(h.over_budget);
	for (size_t i = 1; i < h.ncensuses; i++)
		assert_true(h.censuses[i - 1].time <= h.censuses[i].time);
	heap_free(&h);
	store_close(&s);
}

/* Many distinct bands (8,000 strings, and as many stacks of the same
 * bytes, which are other bands) in two censuses: each is interned once,
 * by its kind and bytes, in order of first appearance, and found again in
 * the second census. */
static void test_many_bands(void **state)
{
	(void)state;
	enum { N = 8000 };
	struct evb b = EVB_INIT, pl = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 162, 8, "Start of heap profile sample");
	evb_type(&b, 163, EVB_VAR, "Heap profile sample");
	evb_type(&b, 164, EVB_VAR, "Heap profile string sample");
	evb_type(&b, 165, 8, "End of heap profile sample");
	evb_end_header(&b);
	uint64_t t = 100;
	for (uint64_t era = 1; era <= 2; era++) {
		evb_pack(&pl, "q", &era);
		evb_event_pl(&b, 162, t++, &pl);
		for (uint32_t i = 0; i < N; i++) {
			char s[8];
			snprintf(s, sizeof s, "%04x", i);
			string(&b, t++, i + 1, s);
			/* a stack of one id with the string's 4 bytes */
			uint32_t id = (uint32_t)s[0] << 24 | (uint32_t)s[1] << 16 |
				      (uint32_t)s[2] << 8 | (uint32_t)s[3];
			stack(&b, t++, 2 * (uint64_t)i + 1, &id, 1);
		}
		evb_event_pl(&b, 165, t++, &pl);
		evb_free(&pl);
	}
	evb_dataend(&b);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct heap h;
	assert_true(heap_build(&h, &s));
	assert_false(h.over_budget);
	assert_int_equal(h.ncensuses, 2);
	assert_int_equal(h.nsamples, 4 * N);
	size_t distinct = 0;
	for (size_t i = 0; i < 2 * (size_t)N; i++) {
		uint32_t band = h.samples[i].band;
		distinct += band == i;
		assert_int_equal(band, i); /* new, in order */
		assert_int_equal(h.samples[2 * N + i].band, band); /* and found again */
		assert_int_equal(h.bands[band].stack, i % 2 == 1);
	}
	assert_int_equal(h.nbands, 2 * N);
	assert_int_equal(distinct, 2 * N);
	heap_free(&h);
	store_close(&s);
	evb_free(&b);
}

/* A log of one census: the cost centres of ccs (id, label, module; a CAF
 * when the label is "CAF"), then a sample of each stack (ids innermost
 * first, 0-terminated; an empty one for MAIN), then the strings. */
struct ccdef {
	uint32_t id;
	const char *label, *module;
};

static void pieces_log(struct evb *b, const struct ccdef *ccs, const uint32_t (*stacks)[4],
		       size_t nstacks, const char *const *strings, size_t nstrings)
{
	*b = (struct evb)EVB_INIT;
	evb_begin_header(b);
	evb_type(b, 161, EVB_VAR, "Heap profile cost centre");
	evb_type(b, 162, 8, "Start of heap profile sample");
	evb_type(b, 163, EVB_VAR, "Heap profile sample");
	evb_type(b, 164, EVB_VAR, "Heap profile string sample");
	evb_type(b, 165, 8, "End of heap profile sample");
	evb_end_header(b);
	for (; ccs->id; ccs++)
		cc(b, ccs->id, ccs->label, ccs->module, !strcmp(ccs->label, "CAF"));
	uint64_t v[1] = { 1 }, t = 100;
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "q", v);
	evb_event_pl(b, 162, t++, &pl);
	for (size_t i = 0; i < nstacks; i++) {
		uint8_t n = 0;
		while (n < 4 && stacks[i][n])
			n++;
		stack(b, t++, 8, stacks[i], n);
	}
	for (size_t i = 0; i < nstrings; i++)
		string(b, t++, 8, strings[i]);
	evb_event_pl(b, 165, t++, &pl);
	evb_free(&pl);
	evb_dataend(b);
}

/* A band's name read in pieces, in place (issue 32: a name of 255 labels
 * of 60,000 bytes is 15 MB, never made whole): cut at a length; compared
 * across two logs whatever the cost centres it is made of (a label with
 * a '/' in it, a CAF's module, an id the log never defines, a string);
 * hashed so that equal names of either log have one hash and distinct
 * ones differ. */
static void test_name_pieces(void **state)
{
	(void)state;
	char lx[601];
	memset(lx, 'x', 600);
	lx[600] = 0;
	/* log A: "a/b", "c", the long label, a CAF of M */
	const struct ccdef ca[] = { { 1, "a/b", "A" }, { 2, "c", "A" }, { 3, lx, "A" },
				    { 4, "CAF", "M" }, { 0, NULL, NULL } };
	const uint32_t sa[][4] = {
		{ 1, 2 },    /* a/b/c */
		{ 3, 4 },    /* xxx.../M.CAF */
		{ 3 },       /* xxx... */
		{ 99, 2 },   /* <cc 99>/c */
		{ 4, 2 },    /* M.CAFc */
		{ 0 },       /* MAIN */
	};
	/* log B: the same names made otherwise, and some others */
	const struct ccdef cb[] = { { 7, "a", "B" }, { 8, "b/c", "B" }, { 9, lx, "B" },
				    { 10, "CAF", "M" }, { 11, "b/d", "B" }, { 12, "M.CAFc", "B" },
				    { 0, NULL, NULL } };
	const uint32_t sb[][4] = {
		{ 7, 8 },   /* a/b/c */
		{ 9, 10 },  /* xxx.../M.CAF */
		{ 9, 7 },   /* xxx.../a */
		{ 7, 11 },  /* a/b/d */
		{ 12 },     /* M.CAFc */
	};
	const char *strb[] = { "<cc 99>/c", "MAIN", "a/b/c/" };
	struct evb ba, bb;
	pieces_log(&ba, ca, sa, 6, NULL, 0);
	pieces_log(&bb, cb, sb, 5, strb, 3);
	struct store s1, s2;
	char err[128];
	assert_int_equal(store_open_mem(&s1, ba.p, ba.n, err, sizeof err), STORE_OK);
	assert_int_equal(store_open_mem(&s2, bb.p, bb.n, err, sizeof err), STORE_OK);
	struct heap a, b;
	assert_true(heap_build(&a, &s1));
	assert_true(heap_build(&b, &s2));
	assert_int_equal(a.nbands, 6);
	assert_int_equal(b.nbands, 8);
	/* cut: the first bytes only, or the whole when it is shorter */
	char buf[1024];
	assert_int_equal(heap_band_cut(&a, 1, buf, 10), 10);
	assert_memory_equal(buf, "xxxxxxxxxx", 10);
	assert_int_equal(heap_band_cut(&a, 1, buf, sizeof buf), 606);
	assert_memory_equal(buf + 600, "/M.CAF", 6);
	assert_int_equal(heap_band_cut(&a, 0, buf, sizeof buf), 5);
	assert_memory_equal(buf, "a/b/c", 5);
	assert_int_equal(heap_band_cut(&a, 5, buf, sizeof buf), 4);
	assert_memory_equal(buf, "MAIN", 4);
	/* the names of A against B's: equal pairs (0), and the order of the others */
	struct heap_name_memo *memo = calloc(1, sizeof *memo);
	assert_non_null(memo);
	static const int want[6][8] = {
		/* B:  a/b/c  x/M.CAF  x/a  a/b/d  M.CAFc  <cc99>/c  MAIN  a/b/c/ */
		{ 0, -1, -1, -1, 1, 1, 1, -1 },      /* a/b/c */
		{ 1, 0, -1, 1, 1, 1, 1, 1 },         /* x.../M.CAF */
		{ 1, -1, -1, 1, 1, 1, 1, 1 },        /* x... */
		{ -1, -1, -1, -1, -1, 0, -1, -1 },   /* <cc 99>/c */
		{ -1, -1, -1, -1, 0, 1, -1, -1 },    /* M.CAFc */
		{ -1, -1, -1, -1, 1, 1, 0, -1 },     /* MAIN */
	};
	uint64_t ha[6], hb[8];
	assert_true(heap_band_hashes(&a, NULL, ha));
	assert_true(heap_band_hashes(&b, NULL, hb));
	for (uint32_t i = 0; i < 6; i++) {
		for (uint32_t j = 0; j < 8; j++) {
			int d = heap_band_cmp(&a, i, &b, j, SIZE_MAX, memo);
			int sign = (d > 0) - (d < 0);
			if (sign != want[i][j])
				fail_msg("A's band %u against B's band %u: %d, want %d", i, j, d, want[i][j]);
			int r = heap_band_cmp(&b, j, &a, i, SIZE_MAX, NULL); /* the other way */
			assert_int_equal(sign, (r < 0) - (r > 0));
			if (!sign)
				assert_true(ha[i] == hb[j]);
			else
				assert_true(ha[i] != hb[j]);
		}
	}
	/* over the first bytes only: a/b/c and a/b/d agree on 4 */
	assert_int_equal(heap_band_cmp(&a, 0, &b, 3, 4, NULL), 0);
	assert_true(heap_band_cmp(&a, 0, &b, 3, 5, NULL) < 0);
	/* the same band of one log, and again with the memo's pairs known */
	assert_int_equal(heap_band_cmp(&a, 1, &a, 1, SIZE_MAX, NULL), 0);
	assert_int_equal(heap_band_cmp(&a, 1, &b, 1, SIZE_MAX, memo), 0);
	/* only the bands wanted are hashed */
	bool want_b[8] = { [2] = true };
	uint64_t hw[8];
	assert_true(heap_band_hashes(&b, want_b, hw));
	assert_true(hw[2] == hb[2]);
	assert_true(hw[0] == 0);
	free(memo);
	heap_free(&a);
	heap_free(&b);
	store_close(&s1);
	store_close(&s2);
	evb_free(&ba);
	evb_free(&bb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_censuses),
		cmocka_unit_test(test_undefined_cc),
		cmocka_unit_test(test_rank),
		cmocka_unit_test(test_repeated_band),
		cmocka_unit_test(test_fixture),
		cmocka_unit_test(test_many_bands),
		cmocka_unit_test(test_name_pieces),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
