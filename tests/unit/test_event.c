/* parser/event.c: ev_decode and ev_size (spec A.3-A.6, A.8). Text output is
 * in test_render.c; this file checks statuses, sizes, fields and bad bits. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "evtest.h"
#include "alltags.h"

#define T0 0x0123456789ABCDEFull

static const char *casename(const struct tagcase *c)
{
	static char buf[80];
	snprintf(buf, sizeof buf, "tag %u size %u fmt \"%s\"", c->tag, c->size, c->fmt);
	return buf;
}

/* ---- every layout ---- */

static void test_all_layouts_decode(void **state)
{
	(void)state;
	for (size_t i = 0; i < NTAGCASES; i++) {
		const struct tagcase *c = &tagcases[i];
		struct evb b = EVB_INIT;
		size_t n = tc_build(c, &b, T0, true);
		uint32_t want = c->size == EVB_VAR ? (uint32_t)(12 + n) : (uint32_t)(10 + c->size);
		struct one o;
		one_decode(&o, &b);
		if (o.st != EV_OK || o.e.size != want || o.e.bad != 0)
			print_error("%s: status %d size %u (want %u) bad %#x\n", casename(c), o.st,
				    o.e.size, want, o.e.bad);
		assert_int_equal(o.st, EV_OK);
		assert_int_equal(o.e.tag, c->tag);
		assert_int_equal(o.e.time, T0);
		assert_int_equal(o.e.off, o.h.data_off);
		assert_int_equal(o.e.size, want);
		assert_int_equal(o.e.bad, 0);
		assert_int_not_equal(o.e.layout, SEL_UNKNOWN_LAYOUT);
		assert_int_equal(ev_layouts[o.e.layout].tag, c->tag);
		assert_int_equal(ev_layouts[o.e.layout].size, c->size);
		assert_int_equal(o.e.nf, strlen(ev_layouts[o.e.layout].fields));

		/* ev_size agrees */
		uint64_t t = 0;
		uint32_t sz = 0;
		uint16_t tag = 0;
		assert_int_equal(ev_size(&o.h, o.buf, o.len, o.h.data_off, &t, &sz, &tag), EV_OK);
		assert_int_equal(t, T0);
		assert_int_equal(sz, want);
		assert_int_equal(tag, c->tag);

		/* then DATA_END, then the end */
		uint64_t off = o.h.data_off + want;
		assert_int_equal(ev_decode(&o.h, o.buf, o.len, off, &o.e), EV_DATAEND);
		assert_int_equal(o.e.size, 2);
		assert_int_equal(ev_decode(&o.h, o.buf, o.len, off + 2, &o.e), EV_END);
		one_free(&o);
		evb_free(&b);
	}
}

/* Every prefix of every event: EV_END at 0 bytes, EV_TRUNC for 1..size-1,
 * never a read past the (exact-size) buffer. */
static void test_all_layouts_truncated(void **state)
{
	(void)state;
	for (size_t i = 0; i < NTAGCASES; i++) {
		const struct tagcase *c = &tagcases[i];
		struct evb b = EVB_INIT;
		size_t n = tc_build(c, &b, T0, false);
		size_t evsize = c->size == EVB_VAR ? 12 + n : 10u + c->size;
		size_t data_off = b.n - evsize;
		struct ev_header h;
		const char *why;
		uint64_t at;
		assert_int_equal(hdr_parse(b.p, b.n, &h, &why, &at), HDR_OK);
		assert_int_equal(h.data_off, data_off);
		for (size_t k = 0; k < evsize; k++) {
			uint8_t *p = evb_exact_n(&b, data_off + k);
			struct ev e;
			enum ev_status st = ev_decode(&h, p, data_off + k, data_off, &e);
			enum ev_status want = k == 0 ? EV_END : EV_TRUNC;
			if (st != want)
				print_error("%s: prefix %zu of %zu: status %d\n", casename(c), k, evsize,
					    st);
			assert_int_equal(st, want);
			uint64_t t;
			uint32_t sz;
			uint16_t tag;
			assert_int_equal(ev_size(&h, p, data_off + k, data_off, &t, &sz, &tag), want);
			free(p);
		}
		hdr_free(&h);
		evb_free(&b);
	}
}

static bool has_decoder(unsigned tag)
{
	return tag <= 4 || (tag >= 8 && tag <= 12) || (tag >= 15 && tag <= 58) ||
	       (tag >= 60 && tag <= 69) || tag == 90 || tag == 91 || (tag >= 100 && tag <= 113) ||
	       (tag >= 140 && tag <= 142) || (tag >= 160 && tag <= 169) || tag == 181 ||
	       (tag >= 200 && tag <= 208) || (tag >= 210 && tag <= 212);
}

/* The table covers all 106 tags of A.6 and every row of ev_layouts, and the
 * library has no decoder for any other tag. */
static void test_coverage(void **state)
{
	(void)state;
	bool seen[65536] = { false };
	unsigned ntags = 0;
	for (size_t i = 0; i < NTAGCASES; i++) {
		if (!seen[tagcases[i].tag])
			ntags++;
		seen[tagcases[i].tag] = true;
	}
	assert_int_equal(ntags, 106);
	unsigned nspec = 0;
	for (unsigned t = 0; t < 65536; t++) {
		if (has_decoder(t))
			nspec++;
		assert_int_equal(seen[t], has_decoder(t));
	}
	assert_int_equal(nspec, 106);
	for (size_t i = 0; i < ev_nlayouts; i++) {
		assert_true(has_decoder(ev_layouts[i].tag));
		bool found = false;
		for (size_t j = 0; j < NTAGCASES; j++)
			found |= tagcases[j].tag == ev_layouts[i].tag && tagcases[j].size == ev_layouts[i].size;
		assert_true(found);
	}
	/* 106 tags + the second size of 53 and 207 */
	assert_int_equal(ev_nlayouts, 108);
}

/* ---- framing ---- */

static void test_time_edges(void **state)
{
	(void)state;
	static const uint64_t times[] = { 0, 1, 0x8000000000000000ull, 0xFFFFFFFFFFFFFFFFull,
					  0x00000000FFFFFFFFull, 0xFF00000000000000ull };
	for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
		struct evb b = EVB_INIT;
		build1(&b, 9, 0, "GC start", times[i], NULL, 0, true);
		struct one o;
		one_decode(&o, &b);
		assert_int_equal(o.st, EV_OK);
		assert_true(o.e.time == times[i]);
		assert_int_equal(o.e.size, 10);
		one_free(&o);
		evb_free(&b);
	}
}

static void test_declared_bigger(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	/* CREATE_THREAD declared 8: 4 extra bytes skipped */
	build1(&b, 0, 8, "Create thread", 5, "\x80\0\0\x01\xFF\xFF\xFF\xFF", 8, true);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 18);
	assert_int_equal(o.e.nf, 1);
	assert_int_equal(o.e.f[0].u, 0x80000001u);
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, o.h.data_off + 18, &o.e), EV_DATAEND);
	one_free(&o);
	evb_free(&b);

	/* GC_STATS_GHC declared 57: 50-byte layout + 7 skipped */
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "whqqqwqq", (uint64_t[]){ 1, 2, 3, 4, 5, 6, 7, 8 });
	evb_bytes(&pl, "\x11\x22\x33\x44\x55\x66\x77", 7);
	b = EVB_INIT;
	build1(&b, 53, 57, "GC stats", 5, pl.p, pl.n, true);
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 67);
	assert_int_equal(o.e.nf, 8);
	assert_int_equal(o.e.f[7].u, 8);
	assert_int_equal(ev_layouts[o.e.layout].size, 50);
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);

	/* GC_STATS_GHC declared 60: 58-byte layout + 2 skipped */
	pl = EVB_INIT;
	evb_pack(&pl, "whqqqwqqqh", (uint64_t[]){ 1, 2, 3, 4, 5, 6, 7, 8, 9, 0xBEEF });
	b = EVB_INIT;
	build1(&b, 53, 60, "GC stats", 5, pl.p, pl.n, true);
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 70);
	assert_int_equal(o.e.nf, 9);
	assert_int_equal(o.e.f[8].u, 9);
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);

	/* NONMOVING_HEAP_CENSUS declared 20: 14-byte layout + 6 skipped */
	pl = EVB_INIT;
	evb_pack(&pl, "hwwwhww", (uint64_t[]){ 512, 1, 2, 3, 0, 0, 0 });
	b = EVB_INIT;
	build1(&b, 207, 20, "census", 5, pl.p, pl.n, true);
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 30);
	assert_int_equal(o.e.f[0].u, 512);
	assert_int_equal(o.e.f[3].u, 3);
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);

	/* STOP_THREAD declared 12 */
	b = EVB_INIT;
	build1(&b, 2, 12, "Stop thread", 5, "\0\0\0\7\0\2\0\0\1\0\xAA\xBB", 12, true);
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 22);
	assert_int_equal(o.e.f[0].u, 7);
	assert_int_equal(o.e.f[1].u, 2);
	assert_int_equal(o.e.f[2].u, 256);
	one_free(&o);
	evb_free(&b);

	/* a block marker declared 16 */
	pl = EVB_INIT;
	evb_pack(&pl, "wqhh", (uint64_t[]){ 100, 200, 3, 0xFFFF });
	b = EVB_INIT;
	build1(&b, 18, 16, "Block marker", 5, pl.p, pl.n, true);
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 26);
	assert_int_equal(o.e.f[2].u, 3);
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);
}

static void expect_unknown(uint16_t tag, uint16_t declsize, const char *desc, const void *pl,
			   size_t n, uint32_t size)
{
	struct evb b = EVB_INIT;
	build1(&b, tag, declsize, desc, 77, pl, n, true);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.tag, tag);
	assert_int_equal(o.e.time, 77);
	assert_int_equal(o.e.layout, SEL_UNKNOWN_LAYOUT);
	assert_int_equal(o.e.size, size);
	assert_int_equal(o.e.bad, 0);
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, o.h.data_off + size, &o.e), EV_DATAEND);
	one_free(&o);
	evb_free(&b);
}

static void test_unknown_events(void **state)
{
	(void)state;
	expect_unknown(7, 0, "Shutdown", NULL, 0, 10);
	expect_unknown(5, 4, "Run spark", "\0\0\0\1", 4, 14);
	expect_unknown(6, 6, "Steal spark", "\0\0\0\1\0\2", 6, 16);
	expect_unknown(13, 0, "deprecated", NULL, 0, 10);
	expect_unknown(59, 0, "Empty event for bug #9003", NULL, 0, 10);
	expect_unknown(59, EVB_VAR, "Empty event for bug #9003", "abcde", 5, 17);
	expect_unknown(2, 6, "Stop thread", "\0\0\0\1\0\5", 6, 16);
	expect_unknown(16, 3, "Log message", "abc", 3, 13);
	expect_unknown(0, EVB_VAR, "Create thread", "\0\0\0\1", 4, 16);
	expect_unknown(53, 49, "GC stats", "0123456789012345678901234567890123456789012345678", 49, 59);
	expect_unknown(18, 10, "Block marker", "\0\0\0\x30\0\0\0\0\0\0", 10, 20);
	expect_unknown(1000, EVB_VAR, "", "", 0, 12);
}

static void test_undeclared(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 0, 4, "Create thread");
	evb_type(&b, 2, 10, "Stop thread");
	evb_end_header(&b);
	size_t d = b.n;
	evb_event(&b, 1, 5, "\0\0\0\1", 4);  /* <= max, undeclared */
	evb_event(&b, 3, 5, "\0\0\0\1", 4);  /* > max */
	evb_event(&b, 0xFFFE, 5, "", 0);     /* > max */
	evb_u16(&b, 1);                      /* just a tag */
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_UNDECLARED);
	assert_int_equal(o.e.tag, 1);
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 14, &o.e), EV_UNDECLARED);
	assert_int_equal(o.e.tag, 3);
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 28, &o.e), EV_UNDECLARED);
	assert_int_equal(o.e.tag, 0xFFFE);
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 38, &o.e), EV_UNDECLARED);
	uint64_t t;
	uint32_t sz;
	uint16_t tag = 0;
	assert_int_equal(ev_size(&o.h, o.buf, o.len, d, &t, &sz, &tag), EV_UNDECLARED);
	assert_int_equal(tag, 1);
	one_free(&o);
	evb_free(&b);

	/* empty header: every tag is undeclared, DATA_END is fine */
	b = EVB_INIT;
	evb_begin_header(&b);
	evb_end_header(&b);
	evb_dataend(&b);
	evb_event(&b, 0, 5, "\0\0\0\1", 4);
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_DATAEND);
	assert_int_equal(o.e.size, 2);
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, o.h.data_off + 2, &o.e), EV_UNDECLARED);
	one_free(&o);
	evb_free(&b);
}

static void test_dataend(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 9, 0, "GC start");
	evb_end_header(&b);
	size_t d = b.n;
	evb_dataend(&b);
	evb_event(&b, 9, 42, "", 0);
	evb_dataend(&b);
	evb_u8(&b, 0xFF);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_DATAEND);
	assert_int_equal(o.e.size, 2);
	assert_int_equal(o.e.off, d);
	/* DATA_END does not stop decoding */
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 2, &o.e), EV_OK);
	assert_int_equal(o.e.time, 42);
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 12, &o.e), EV_DATAEND);
	/* a lone 0xFF byte: half a tag */
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 14, &o.e), EV_TRUNC);
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 15, &o.e), EV_END);
	uint64_t t;
	uint32_t sz = 0;
	uint16_t tag;
	assert_int_equal(ev_size(&o.h, o.buf, o.len, d, &t, &sz, &tag), EV_DATAEND);
	assert_int_equal(sz, 2);
	one_free(&o);
	evb_free(&b);
}

/* ---- len handling ---- */

/* A var event whose len is < 4 for a "u32 then string" layout: the sound
 * reading honours len and flags BAD_LEN, and nothing past the event is read
 * (the buffer ends right after it). */
static void test_short_len(void **state)
{
	(void)state;
	static const uint16_t tags[] = { 44, 29, 30, 31, 140, 42 };
	for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
		for (uint16_t len = 0; len < 4; len++) {
			struct evb b = EVB_INIT;
			evb_begin_header(&b);
			evb_type(&b, tags[i], EVB_VAR, "v");
			evb_end_header(&b);
			evb_event_len(&b, tags[i], 9, len, "\0\0\0", len);
			struct one o;
			one_decode(&o, &b);
			if (o.st != EV_OK || !(o.e.bad & BAD_LEN))
				print_error("tag %u len %u: status %d bad %#x\n", tags[i], len, o.st,
					    o.e.bad);
			assert_int_equal(o.st, EV_OK);
			assert_true(o.e.bad & BAD_LEN);
			assert_int_equal(o.e.size, 12 + len);
			one_body(&o, false); /* must not read past the buffer either */
			one_free(&o);
			evb_free(&b);
		}
	}
}

/* The content of a len-ignoring event (160 161 163 164 167 169). */
static size_t ignore_content(uint16_t tag, struct evb *pl)
{
	switch (tag) {
	case 160:
		evb_pack(pl, "bqw", (uint64_t[]){ 1, 1000, 2 });
		evb_cstr(pl, "Mod");
		for (int i = 0; i < 6; i++)
			evb_u8(pl, 0);
		break;
	case 161:
		evb_u32(pl, 42);
		evb_cstr(pl, "main");
		evb_cstr(pl, "Main");
		evb_cstr(pl, "Main.hs:1:1");
		evb_u8(pl, 1);
		break;
	case 163:
		evb_pack(pl, "bqbww", (uint64_t[]){ 1, 4096, 2, 10, 11 });
		break;
	case 164:
		evb_pack(pl, "bq", (uint64_t[]){ 1, 100 });
		evb_cstr(pl, "lbl");
		break;
	case 167:
		evb_pack(pl, "iqbw", (uint64_t[]){ 3, 10, 1, 7 });
		break;
	case 169:
		evb_u64(pl, 0xabc);
		evb_cstr(pl, "tbl");
		evb_cstr(pl, "5");
		evb_cstr(pl, "T");
		evb_cstr(pl, "l");
		evb_cstr(pl, "M");
		evb_cstr(pl, "a.hs:1:2");
		break;
	}
	return pl->n;
}

static const char *ignore_text(uint16_t tag)
{
	switch (tag) {
	case 160: return "start heap profiling 1 at sampling period 1000 broken down by module filtered by Mod, ";
	case 161: return "cost centre 42 main in Main at Main.hs:1:1 CAF";
	case 163: return "heap prof sample 1, residency 4096, cost centre stack 10, 11";
	case 164: return "heap prof sample 1, residency 100, label lbl";
	case 167: return "cap no 3, prof sample 10, cost centre stack 7";
	default: return "Info Table: abc:5:tbl - a.hs:1:2";
	}
}

static const uint16_t ignore_tags[] = { 160, 161, 163, 164, 167, 169 };

static void test_len_ignore_matching(void **state)
{
	(void)state;
	for (size_t i = 0; i < 6; i++) {
		uint16_t tag = ignore_tags[i];
		struct evb pl = EVB_INIT;
		size_t n = ignore_content(tag, &pl);
		struct evb b = EVB_INIT;
		build1(&b, tag, EVB_VAR, "v", 3, pl.p, pl.n, true);
		struct one o;
		one_decode(&o, &b);
		assert_int_equal(o.st, EV_OK);
		assert_int_equal(o.e.size, 12 + n);
		assert_int_equal(o.e.bad, 0);
		one_body(&o, false);
		assert_textz(o.sb.p, o.sb.n, ignore_text(tag));
		one_free(&o);
		evb_free(&b);
		evb_free(&pl);
	}
}

/* len larger than the content, the extra bytes being zeros (tag 0, which
 * this header does not declare). A.6 / E.5: len is ignored, the event ends
 * where its content ends; the leftover bytes are the next item. */
static void test_len_ignore_too_large(void **state)
{
	(void)state;
	unsigned nfail = 0;
	for (size_t i = 0; i < 6; i++) {
		uint16_t tag = ignore_tags[i];
		struct evb pl = EVB_INIT;
		size_t n = ignore_content(tag, &pl);
		evb_u32(&pl, 0);
		struct evb b = EVB_INIT;
		build1(&b, tag, EVB_VAR, "v", 3, pl.p, pl.n, true); /* len = n + 4 */
		struct one o;
		one_decode(&o, &b);
		assert_int_equal(o.st, EV_OK);
		if (o.e.size != 12 + n) {
			print_error("tag %u: len %zu, content %zu: size %u, want %zu (content)\n", tag,
				    n + 4, n, o.e.size, 12 + n);
			nfail++;
		}
		/* not an error: GHC has written such lens for these tags (E.5),
		 * so the event renders exactly, with no mark */
		assert_false(o.e.bad);
		one_body(&o, false);
		const char *want = ignore_text(tag);
		assert_int_equal(o.sb.n, strlen(want));
		assert_memory_equal(o.sb.p, want, strlen(want));
		one_free(&o);
		evb_free(&b);
		evb_free(&pl);
	}
	assert_int_equal(nfail, 0);
}

/* len larger than the content, the extra bytes being a complete declared
 * event. The reference decodes that event next (A.6). */
static void test_len_ignore_too_large_hides_event(void **state)
{
	(void)state;
	unsigned nfail = 0;
	for (size_t i = 0; i < 6; i++) {
		uint16_t tag = ignore_tags[i];
		struct evb pl = EVB_INIT;
		size_t n = ignore_content(tag, &pl);
		struct evb b = EVB_INIT;
		evb_begin_header(&b);
		evb_type(&b, 0, 4, "Create thread");
		evb_type(&b, tag, EVB_VAR, "v");
		evb_end_header(&b);
		size_t d = b.n;
		evb_event_len(&b, tag, 3, (uint16_t)(n + 14), pl.p, pl.n);
		evb_event(&b, 0, 4, "\0\0\0\x2a", 4);
		evb_dataend(&b);
		struct one o;
		one_decode(&o, &b);
		assert_int_equal(o.st, EV_OK);
		if (o.e.size != 12 + n) {
			print_error("tag %u: len %zu, content %zu: size %u, want %zu (content)\n", tag,
				    n + 14, n, o.e.size, 12 + n);
			nfail++;
		}
		assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 12 + n, &o.e), EV_OK);
		assert_int_equal(o.e.tag, 0);
		assert_int_equal(o.e.f[0].u, 42);
		one_free(&o);
		evb_free(&b);
		evb_free(&pl);
	}
	assert_int_equal(nfail, 0);
}

/* The decoding of an event must not depend on how many bytes follow it: a
 * len-ignoring event whose len is far too large (as in the prof-hy fixture)
 * decodes by its content (A.6, E.5), whether the buffer ends right after
 * the content or a few bytes later. (A prefix of a file must never yield
 * fewer events than a shorter prefix; A.8.) */
static void test_len_ignore_prefix_consistent(void **state)
{
	(void)state;
	unsigned nfail = 0;
	for (size_t i = 0; i < 6; i++) {
		uint16_t tag = ignore_tags[i];
		struct evb pl = EVB_INIT;
		size_t n = ignore_content(tag, &pl);
		struct evb b = EVB_INIT;
		evb_begin_header(&b);
		evb_type(&b, tag, EVB_VAR, "v");
		evb_end_header(&b);
		size_t d = b.n;
		evb_event_len(&b, tag, 3, 0x7c10, pl.p, pl.n);
		evb_bytes(&b, "\0\0\0\0\0\0", 6);
		struct ev_header h;
		const char *why;
		uint64_t at;
		assert_int_equal(hdr_parse(b.p, b.n, &h, &why, &at), HDR_OK);
		for (size_t k = 0; k <= 6; k++) {
			size_t len = d + 12 + n + k;
			uint8_t *p = evb_exact_n(&b, len);
			struct ev e;
			enum ev_status st = ev_decode(&h, p, len, d, &e);
			if (st != EV_OK || e.size != 12 + n) {
				print_error("tag %u: buffer ends %zu bytes after the content: status %d "
					    "size %u, want EV_OK size %zu\n",
					    tag, k, st, st == EV_OK ? e.size : 0, 12 + n);
				nfail++;
			}
			free(p);
		}
		hdr_free(&h);
		evb_free(&b);
		evb_free(&pl);
	}
	assert_int_equal(nfail, 0);
}

/* len smaller than the content: the layout reads on (A.6). */
static void test_len_ignore_too_small(void **state)
{
	(void)state;
	for (size_t i = 0; i < 6; i++) {
		uint16_t tag = ignore_tags[i];
		struct evb pl = EVB_INIT;
		size_t n = ignore_content(tag, &pl);
		struct evb b = EVB_INIT;
		evb_begin_header(&b);
		evb_type(&b, tag, EVB_VAR, "v");
		evb_end_header(&b);
		evb_event_len(&b, tag, 3, 1, pl.p, pl.n);
		evb_dataend(&b);
		struct one o;
		one_decode(&o, &b);
		assert_int_equal(o.st, EV_OK);
		assert_int_equal(o.e.size, 12 + n);
		/* not an error: GHC has written such lens for these tags (E.5),
		 * so the event renders exactly, with no mark */
		assert_false(o.e.bad);
		one_body(&o, false);
		const char *want = ignore_text(tag);
		assert_int_equal(o.sb.n, strlen(want));
		assert_memory_equal(o.sb.p, want, strlen(want));
		one_free(&o);
		evb_free(&b);
		evb_free(&pl);
	}
}

/* ---- rejected values (A.8) ---- */

static uint16_t stop_bad(uint16_t status)
{
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "whw", (uint64_t[]){ 1, status, 99 });
	struct evb b = EVB_INIT;
	build1(&b, 2, 10, "Stop thread", 1, pl.p, pl.n, true);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 20);
	assert_int_equal(o.e.f[1].u, status);
	assert_int_equal(o.e.f[2].u, 99);
	uint16_t bad = o.e.bad;
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);
	return bad;
}

static void test_stop_status_validity(void **state)
{
	(void)state;
	for (unsigned s = 0; s <= 40; s++) {
		bool ok = s <= 3 || (s >= 5 && s <= 13) || (s >= 18 && s <= 20);
		uint16_t bad = stop_bad((uint16_t)s);
		if (ok != (bad == 0))
			print_error("status %u: bad %#x\n", s, bad);
		assert_int_equal(bad, ok ? 0 : BAD_STATUS);
	}
	assert_int_equal(stop_bad(0xFFFF), BAD_STATUS);
	assert_int_equal(stop_bad(0x8000), BAD_STATUS);
	assert_int_equal(stop_bad(0x0105), BAD_STATUS); /* 261, not 5 */
}

static uint16_t eden_bad(uint16_t tag, uint8_t mtag)
{
	static const char *const fmts[] = { "bwwhww", "bwwhwww", "bwwww" };
	static const uint16_t sizes[] = { 19, 23, 17 };
	struct evb pl = EVB_INIT;
	evb_pack(&pl, fmts[tag - 67], (uint64_t[]){ mtag, 1, 2, 3, 4, 5, 6 });
	struct evb b = EVB_INIT;
	build1(&b, tag, sizes[tag - 67], "eden", 1, pl.p, pl.n, true);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 10 + sizes[tag - 67]);
	uint16_t bad = o.e.bad;
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);
	return bad;
}

static void test_eden_tag_validity(void **state)
{
	(void)state;
	for (uint16_t tag = 67; tag <= 69; tag++) {
		for (unsigned m = 0; m < 256; m++) {
			bool ok = m >= 0x50 && m <= 0x5C;
			assert_int_equal(eden_bad(tag, (uint8_t)m), ok ? 0 : BAD_EDEN_TAG);
		}
	}
}

static uint16_t breakdown_bad(uint32_t bd)
{
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "bqw", (uint64_t[]){ 1, 2, bd });
	for (int i = 0; i < 7; i++)
		evb_u8(&pl, 0);
	struct evb b = EVB_INIT;
	build1(&b, 160, EVB_VAR, "hp", 1, pl.p, pl.n, true);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 12 + 20);
	uint16_t bad = o.e.bad;
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);
	return bad;
}

static void test_breakdown_validity(void **state)
{
	(void)state;
	assert_int_equal(breakdown_bad(0), BAD_BREAKDOWN);
	for (uint32_t i = 1; i <= 9; i++)
		assert_int_equal(breakdown_bad(i), 0);
	assert_int_equal(breakdown_bad(10), BAD_BREAKDOWN);
	assert_int_equal(breakdown_bad(0x80000001u), BAD_BREAKDOWN);
	assert_int_equal(breakdown_bad(0xFFFFFFFFu), BAD_BREAKDOWN);
}

static uint16_t ipe_bad(const char *desc)
{
	struct evb pl = EVB_INIT;
	evb_u64(&pl, 1);
	evb_cstr(&pl, "t");
	evb_cstr(&pl, desc);
	for (int i = 0; i < 4; i++)
		evb_cstr(&pl, "x");
	struct evb b = EVB_INIT;
	build1(&b, 169, EVB_VAR, "ipe", 1, pl.p, pl.n, true);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 12 + pl.n);
	uint16_t bad = o.e.bad;
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);
	return bad;
}

static void test_ipe_desc_validity(void **state)
{
	(void)state;
	assert_int_equal(ipe_bad("0"), 0);
	assert_int_equal(ipe_bad("9x"), 0);
	assert_int_equal(ipe_bad("123abc"), 0);
	assert_int_equal(ipe_bad(""), BAD_IPE_DESC);
	assert_int_equal(ipe_bad("abc"), BAD_IPE_DESC);
	assert_int_equal(ipe_bad(" 1"), BAD_IPE_DESC);
	assert_int_equal(ipe_bad("-1"), BAD_IPE_DESC);
	assert_int_equal(ipe_bad("+1"), BAD_IPE_DESC);
}

/* TICKY_COUNTER_DEF: 1-7 bytes after the name -> the u64 over-runs len,
 * which the reference rejects (Negative to_skip). */
static void test_ticky_overrun(void **state)
{
	(void)state;
	for (unsigned extra = 1; extra <= 7; extra++) {
		struct evb pl = EVB_INIT;
		evb_pack(&pl, "qh", (uint64_t[]){ 1, 2 });
		evb_cstr(&pl, "k");
		evb_cstr(&pl, "n");
		for (unsigned i = 0; i < extra; i++)
			evb_u8(&pl, 0xAA);
		struct evb b = EVB_INIT;
		build1(&b, 210, EVB_VAR, "ticky", 1, pl.p, pl.n, true);
		struct one o;
		one_decode(&o, &b);
		assert_int_equal(o.st, EV_OK);
		assert_true(o.e.bad & BAD_TICKY_LEN);
		assert_int_equal(o.e.size, 12 + pl.n);
		one_free(&o);
		evb_free(&b);
		evb_free(&pl);
	}
	/* json without its NUL inside len */
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "qhbbbbq", (uint64_t[]){ 1, 2, 'k', 0, 'n', 0, 5 });
	evb_str(&pl, "{}");
	struct evb b = EVB_INIT;
	build1(&b, 210, EVB_VAR, "ticky", 1, pl.p, pl.n, true);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_true(o.e.bad & BAD_TICKY_LEN);
	assert_int_equal(o.e.size, 12 + pl.n);
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);
	/* 8 bytes after the name: a complete info table, no json, fine */
	pl = EVB_INIT;
	evb_pack(&pl, "qhbbbbq", (uint64_t[]){ 1, 2, 'k', 0, 'n', 0, 5 });
	b = EVB_INIT;
	build1(&b, 210, EVB_VAR, "ticky", 1, pl.p, pl.n, true);
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.bad, 0);
	assert_int_equal(o.e.f[4].u, 5);
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);
}

static uint16_t string_bad(uint16_t tag, const struct evb *pl)
{
	struct evb b = EVB_INIT;
	build1(&b, tag, EVB_VAR, "s", 1, pl->p, pl->n, true);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 12 + pl->n);
	uint16_t bad = o.e.bad;
	one_body(&o, false);
	one_free(&o);
	evb_free(&b);
	return bad;
}

static void test_utf8_fields(void **state)
{
	(void)state;
	struct evb pl = EVB_INIT;
	/* strict UTF-8 fields */
	static const uint16_t text_tags[] = { 16, 19, 58 };
	for (size_t i = 0; i < 3; i++) {
		pl = EVB_INIT;
		evb_str(&pl, "ab\xFF" "cd");
		assert_int_equal(string_bad(text_tags[i], &pl), BAD_UTF8);
		evb_free(&pl);
		pl = EVB_INIT;
		evb_str(&pl, "\xED\xA0\x80");
		assert_int_equal(string_bad(text_tags[i], &pl), BAD_UTF8);
		evb_free(&pl);
		pl = EVB_INIT;
		evb_str(&pl, "ok \xE2\x82\xAC\0nul");
		evb_bytes(&pl, "\0x", 2);
		assert_int_equal(string_bad(text_tags[i], &pl), 0);
		evb_free(&pl);
	}
	static const uint16_t w_tags[] = { 29, 30, 31, 44, 140 };
	for (size_t i = 0; i < 5; i++) {
		pl = EVB_INIT;
		evb_u32(&pl, 1);
		evb_str(&pl, "ab\xC0\x80");
		assert_int_equal(string_bad(w_tags[i], &pl), BAD_UTF8);
		evb_free(&pl);
		pl = EVB_INIT;
		evb_u32(&pl, 1);
		evb_str(&pl, "ab\xC3\xA9");
		assert_int_equal(string_bad(w_tags[i], &pl), 0);
		evb_free(&pl);
	}
	/* cstr fields */
	pl = EVB_INIT;
	evb_u32(&pl, 1);
	evb_cstr(&pl, "ok");
	evb_cstr(&pl, "M\xF4\x90\x80\x80");
	evb_cstr(&pl, "loc");
	evb_u8(&pl, 0);
	assert_int_equal(string_bad(161, &pl), BAD_UTF8);
	evb_free(&pl);
	pl = EVB_INIT;
	evb_pack(&pl, "bq", (uint64_t[]){ 1, 2 });
	evb_cstr(&pl, "\x80");
	assert_int_equal(string_bad(164, &pl), BAD_UTF8);
	evb_free(&pl);
	/* latin1 and binary fields never fail */
	static const uint16_t l_tags[] = { 23, 24, 181 };
	for (size_t i = 0; i < 3; i++) {
		pl = EVB_INIT;
		evb_str(&pl, "\xFF\xC0\x80\xED\xA0\x80");
		assert_int_equal(string_bad(l_tags[i], &pl), 0);
		evb_free(&pl);
	}
	pl = EVB_INIT;
	evb_str(&pl, "\xFF\xFE");
	evb_u32(&pl, 7);
	assert_int_equal(string_bad(42, &pl), 0);
	evb_free(&pl);
}

static void test_field_values(void **state)
{
	(void)state;
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "whqqqq",
		 (uint64_t[]){ 0x89ABCDEFu, 0xFEDC, 0x0102030405060708ull, 0xFFFFFFFFFFFFFFFFull,
			       0x8000000000000000ull, 0 });
	struct evb b = EVB_INIT;
	build1(&b, 52, 38, "heap info", 1, pl.p, pl.n, true);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.nf, 6);
	assert_true(o.e.f[0].u == 0x89ABCDEFu);
	assert_true(o.e.f[1].u == 0xFEDC);
	assert_true(o.e.f[2].u == 0x0102030405060708ull);
	assert_true(o.e.f[3].u == 0xFFFFFFFFFFFFFFFFull);
	assert_true(o.e.f[4].u == 0x8000000000000000ull);
	assert_true(o.e.f[5].u == 0);
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);

	/* INTERN_STRING: the string first, the id last */
	pl = EVB_INIT;
	evb_str(&pl, "hello");
	evb_u32(&pl, 0xCAFEBABEu);
	b = EVB_INIT;
	build1(&b, 42, EVB_VAR, "intern", 1, pl.p, pl.n, true);
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.f[0].u, 5);
	assert_memory_equal(o.e.f[0].s, "hello", 5);
	assert_true(o.e.f[1].u == 0xCAFEBABEu);
	one_free(&o);
	evb_free(&b);
	evb_free(&pl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_layouts_decode),
		cmocka_unit_test(test_all_layouts_truncated),
		cmocka_unit_test(test_coverage),
		cmocka_unit_test(test_time_edges),
		cmocka_unit_test(test_declared_bigger),
		cmocka_unit_test(test_unknown_events),
		cmocka_unit_test(test_undeclared),
		cmocka_unit_test(test_dataend),
		cmocka_unit_test(test_short_len),
		cmocka_unit_test(test_len_ignore_matching),
		cmocka_unit_test(test_len_ignore_too_large),
		cmocka_unit_test(test_len_ignore_too_large_hides_event),
		cmocka_unit_test(test_len_ignore_prefix_consistent),
		cmocka_unit_test(test_len_ignore_too_small),
		cmocka_unit_test(test_stop_status_validity),
		cmocka_unit_test(test_eden_tag_validity),
		cmocka_unit_test(test_breakdown_validity),
		cmocka_unit_test(test_ipe_desc_validity),
		cmocka_unit_test(test_ticky_overrun),
		cmocka_unit_test(test_utf8_fields),
		cmocka_unit_test(test_field_values),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
