/* model/ipe: the index of info-table provenance (IPE events): addresses
 * as a -hi profile writes them, the closure type names, the index's order
 * and duplicates, lazy decoding from the store, GHC's one-byte-long length
 * field, and a -hi heap profile's bands named through it (heap_band_ipe)
 * on the real GHC 9.6/9.10 logs against ghc-events' show text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../model/heap.h"
#include "../../model/ipe.h"
#include "../../model/store.h"
#include "evbuild.h"

#define MODERN "tests/fixtures/modern/"

static bool bytes_are(const uint8_t *p, uint32_t n, const char *want)
{
	return n == strlen(want) && (!n || memcmp(p, want, n) == 0);
}

static void test_parse_addr(void **state)
{
	(void)state;
	uint64_t a = 0;
	assert_true(ipe_parse_addr((const uint8_t *)"0x40feb0", 8, &a));
	assert_int_equal(a, 0x40feb0);
	assert_true(ipe_parse_addr((const uint8_t *)"0XFFFFFFFFFFFFFFFF", 18, &a));
	assert_true(a == UINT64_MAX);
	assert_true(ipe_parse_addr((const uint8_t *)"0xAbC", 5, &a));
	assert_int_equal(a, 0xabc);
	const char *bad[] = { "", "0x", "40feb0", "0x40feg0", "0x 1", "THUNK", "0x10000000000000000",
			      "x0x1" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_false(ipe_parse_addr((const uint8_t *)bad[i], strlen(bad[i]), &a));
}

static void test_closure_names(void **state)
{
	(void)state;
	/* ClosureTypes.h: the fixtures' 16 is THUNK_1_0, 7 CONSTR_NOCAF */
	assert_string_equal(ipe_closure_name(0), "INVALID_OBJECT");
	assert_string_equal(ipe_closure_name(7), "CONSTR_NOCAF");
	assert_string_equal(ipe_closure_name(14), "FUN_STATIC");
	assert_string_equal(ipe_closure_name(16), "THUNK_1_0");
	assert_string_equal(ipe_closure_name(42), "ARR_WORDS");
	assert_string_equal(ipe_closure_name(64), "CONTINUATION");
	assert_null(ipe_closure_name(66));
	assert_null(ipe_closure_name(UINT32_MAX));
}

static void test_index_order(void **state)
{
	(void)state;
	struct ipe_index x = { 0 };
	assert_int_equal(ipe_find(&x, 5), -1);
	ipe_finish(&x);
	uint64_t addrs[] = { 50, 10, 30, 10, 20, 50 };
	for (size_t i = 0; i < 6; i++)
		assert_true(ipe_note(&x, addrs[i], 100 + i));
	ipe_finish(&x);
	assert_int_equal(x.n, 4); /* 10 20 30 50 */
	for (size_t i = 1; i < x.n; i++)
		assert_true(x.v[i - 1].addr < x.v[i].addr);
	/* a repeated address keeps its first event */
	assert_int_equal(x.v[ipe_find(&x, 10)].off, 101);
	assert_int_equal(x.v[ipe_find(&x, 50)].off, 100);
	assert_int_equal(ipe_find(&x, 15), -1);
	assert_int_equal(ipe_find(&x, 0), -1);
	assert_int_equal(ipe_find(&x, 51), -1);
	ipe_free(&x);
	assert_int_equal(x.n, 0);
}

/* An IPE payload; extra: bytes added to the length, as GHC's postIPE
 * adds one. */
static void ipe_event(struct evb *b, uint64_t t, uint64_t addr, const char *desc, const char *src,
		      uint16_t extra)
{
	struct evb pl = EVB_INIT;
	evb_u64(&pl, addr);
	evb_cstr(&pl, "sat_s1_info");
	evb_cstr(&pl, desc);
	evb_cstr(&pl, "Int");
	evb_cstr(&pl, "go");
	evb_cstr(&pl, "Main");
	evb_cstr(&pl, src);
	evb_event_len(b, 169, t, (uint16_t)(pl.n + extra), pl.p, pl.n);
	evb_free(&pl);
}

/* Decoding from the store: every field, a closure description that is no
 * number, ":" as no location, and GHC's length one byte too large (the
 * next event still decodes). */
static void test_decode(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 169, EVB_VAR, "IPE");
	evb_type(&b, 160, EVB_VAR, "Start of heap profile");
	evb_end_header(&b);
	uint64_t off0 = b.n;
	ipe_event(&b, 10, 0x40aa88, "16", "heap.hs:47:20-32", 1);
	uint64_t off1 = b.n;
	ipe_event(&b, 11, 0x40bb00, "x7", ":", 0);
	evb_dataend(&b);
	struct store s;
	char err[200];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct ipe_index x = { 0 };
	ipe_note(&x, 0x40bb00, off1);
	ipe_note(&x, 0x40aa88, off0);
	ipe_finish(&x);
	struct ipe e;
	assert_true(ipe_lookup(&x, &s, 0x40aa88, &e));
	assert_int_equal(e.addr, 0x40aa88);
	assert_true(e.closure_ok);
	assert_int_equal(e.closure, 16);
	assert_true(bytes_are(e.table, e.ntable, "sat_s1_info"));
	assert_true(bytes_are(e.type, e.ntype, "Int"));
	assert_true(bytes_are(e.label, e.nlabel, "go"));
	assert_true(bytes_are(e.module, e.nmodule, "Main"));
	assert_true(bytes_are(e.src, e.nsrc, "heap.hs:47:20-32"));
	assert_true(ipe_has_src(&e));
	assert_true(ipe_lookup(&x, &s, 0x40bb00, &e));
	assert_false(e.closure_ok);
	assert_true(bytes_are(e.desc, e.ndesc, "x7"));
	assert_false(ipe_has_src(&e));
	assert_false(ipe_lookup(&x, &s, 0x40cc00, &e));
	/* an entry whose offset holds something else: not decoded */
	x.v[0].off = off0 + 1;
	assert_false(ipe_get(&x, &s, 0, &e));
	assert_false(ipe_get(&x, &s, 9, &e));
	ipe_free(&x);
	store_close(&s);
	evb_free(&b);
}

/* The "Info Table: ADDR:CLOSURE:TABLE - SRC" lines of a show text, by
 * address: a reference that is not hectic's. */
static size_t show_ipes(const char *path, uint64_t *addr, char (*table)[128], char (*src)[128],
			size_t max)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char line[1024];
	size_t n = 0;
	while (fgets(line, sizeof line, f) && n < max) {
		char *p = strstr(line, ": Info Table: ");
		if (!p)
			continue;
		p += strlen(": Info Table: ");
		char *end;
		addr[n] = strtoull(p, &end, 16);
		char *c2 = strchr(end + 1, ':');
		char *dash = strstr(end, " - ");
		assert_non_null(c2);
		assert_non_null(dash);
		snprintf(table[n], 128, "%.*s", (int)(dash - c2 - 1), c2 + 1);
		snprintf(src[n], 128, "%s", dash + 3);
		src[n][strcspn(src[n], "\n")] = 0;
		n++;
	}
	fclose(f);
	return n;
}

/* Every -hi band whose address has an Info Table line is named by it, and
 * no other band is. */
static void bands_fixture(const char *log, const char *show)
{
	static uint64_t addr[1024];
	static char table[1024][128], src[1024][128];
	size_t n = show_ipes(show, addr, table, src, 1024);
	assert_true(n > 100);
	struct store s;
	char err[200];
	assert_int_equal(store_open(&s, log, err, sizeof err), STORE_OK);
	struct heap h;
	assert_true(heap_build(&h, &s));
	assert_int_equal(h.breakdown, HEAP_BY_INFO_TABLE);
	assert_int_equal(h.ipe.n, n);
	size_t named = 0, unnamed = 0;
	for (uint32_t b = 0; b < h.nbands; b++) {
		uint64_t a;
		struct ipe e;
		int k = heap_band_ipe(&h, &s, b, &a, &e);
		assert_true(k == 1 || k == 2);
		size_t i = 0;
		while (i < n && addr[i] != a)
			i++;
		if (i == n) {
			assert_int_equal(k, 1);
			unnamed++;
			continue;
		}
		assert_int_equal(k, 2);
		named++;
		assert_true(bytes_are(e.table, e.ntable, table[i]));
		assert_true(bytes_are(e.src, e.nsrc, src[i]));
	}
	assert_true(named >= 10);
	assert_true(unnamed >= 1); /* the base libraries' tables have none */
	heap_free(&h);
	store_close(&s);
}

static void test_bands_910(void **state)
{
	(void)state;
	bands_fixture(MODERN "ghc910-heap-hi.eventlog", MODERN "ghc910-heap-hi.oracle.show");
}

static void test_bands_96(void **state)
{
	(void)state;
	bands_fixture(MODERN "ghc96-heap-hi.eventlog", MODERN "ghc96-heap-hi.oracle.show");
}

/* A -hT profile's bands are closure types, never addresses. */
static void test_not_hi(void **state)
{
	(void)state;
	struct store s;
	char err[200];
	assert_int_equal(store_open(&s, MODERN "ghc910-heap-hT.eventlog", err, sizeof err), STORE_OK);
	struct heap h;
	assert_true(heap_build(&h, &s));
	assert_true(h.nbands > 5);
	assert_int_not_equal(h.breakdown, HEAP_BY_INFO_TABLE);
	for (uint32_t b = 0; b < h.nbands; b++) {
		uint64_t a;
		struct ipe e;
		assert_int_equal(heap_band_ipe(&h, &s, b, &a, &e), 0);
	}
	heap_free(&h);
	store_close(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_addr),   cmocka_unit_test(test_closure_names),
		cmocka_unit_test(test_index_order),  cmocka_unit_test(test_decode),
		cmocka_unit_test(test_bands_910),    cmocka_unit_test(test_bands_96),
		cmocka_unit_test(test_not_hi),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
