/* parser/header.c: hdr_parse (spec A.2) and decoder selection (A.4). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "evtest.h"

struct parsed {
	uint8_t *buf;
	size_t len;
	struct ev_header h;
	enum hdr_status st;
	const char *why;
	uint64_t at;
};

static void parse_n(struct parsed *p, const struct evb *b, size_t n)
{
	memset(p, 0, sizeof *p);
	p->len = n;
	p->buf = evb_exact_n(b, n);
	p->why = NULL;
	p->at = 0xDEADBEEF;
	p->st = hdr_parse(p->buf, p->len, &p->h, &p->why, &p->at);
}

static void parse(struct parsed *p, const struct evb *b)
{
	parse_n(p, b, b->n);
}

static void parsed_free(struct parsed *p)
{
	if (p->st == HDR_OK)
		hdr_free(&p->h);
	free(p->buf);
}

/* The B.14 worked example, byte for byte from the spec. */
static const uint8_t b14[] = {
	0x68, 0x64, 0x72, 0x62, 0x68, 0x65, 0x74, 0x62,
	/* 0: Create thread, size 4 */
	0x65, 0x74, 0x62, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0d,
	'C', 'r', 'e', 'a', 't', 'e', ' ', 't', 'h', 'r', 'e', 'a', 'd',
	0x00, 0x00, 0x00, 0x00, 0x65, 0x74, 0x65, 0x00,
	/* 2: Stop thread, size 10 */
	0x65, 0x74, 0x62, 0x00, 0x00, 0x02, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x0b,
	'S', 't', 'o', 'p', ' ', 't', 'h', 'r', 'e', 'a', 'd',
	0x00, 0x00, 0x00, 0x00, 0x65, 0x74, 0x65, 0x00,
	/* 18: Block marker, size 14 */
	0x65, 0x74, 0x62, 0x00, 0x00, 0x12, 0x00, 0x0e, 0x00, 0x00, 0x00, 0x0c,
	'B', 'l', 'o', 'c', 'k', ' ', 'm', 'a', 'r', 'k', 'e', 'r',
	0x00, 0x00, 0x00, 0x00, 0x65, 0x74, 0x65, 0x00,
	/* 30: Program arguments, variable */
	0x65, 0x74, 0x62, 0x00, 0x00, 0x1e, 0xff, 0xff, 0x00, 0x00, 0x00, 0x11,
	'P', 'r', 'o', 'g', 'r', 'a', 'm', ' ', 'a', 'r', 'g', 'u', 'm', 'e', 'n', 't', 's',
	0x00, 0x00, 0x00, 0x00, 0x65, 0x74, 0x65, 0x00,
	0x68, 0x65, 0x74, 0x65, 0x68, 0x64, 0x72, 0x65, 0x64, 0x61, 0x74, 0x62,
	/* data */
	0x00, 0x12, 0, 0, 0, 0, 0, 0, 0, 0x64, 0, 0, 0, 0x30, 0, 0, 0, 0, 0, 0, 0, 0x96, 0xff, 0xff,
	0x00, 0x1e, 0, 0, 0, 0, 0, 0, 0, 0x78, 0x00, 0x0c, 0, 0, 0, 0,
	'p', 'r', 'o', 'g', 0, '-', 'x', 0,
	0x00, 0x12, 0, 0, 0, 0, 0, 0, 0, 0xc8, 0, 0, 0, 0x3a, 0, 0, 0, 0, 0, 0, 0x01, 0x2c, 0x00, 0x00,
	0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0xfa, 0, 0, 0, 1,
	0x00, 0x02, 0, 0, 0, 0, 0, 0, 0, 0xfa, 0, 0, 0, 1, 0x00, 0x05, 0, 0, 0, 0,
	0xff, 0xff,
};

/* The same log through evbuild (checks the helper against the spec bytes). */
static void build_b14(struct evb *b)
{
	evb_begin_header(b);
	evb_type(b, 0, 4, "Create thread");
	evb_type(b, 2, 10, "Stop thread");
	evb_type(b, 18, 14, "Block marker");
	evb_type(b, 30, EVB_VAR, "Program arguments");
	evb_end_header(b);
	evb_marker(b, 100, 48, 150, 0xFFFF);
	struct evb pl = EVB_INIT;
	evb_u32(&pl, 0);
	evb_bytes(&pl, "prog\0-x\0", 8);
	evb_event_pl(b, 30, 120, &pl);
	evb_free(&pl);
	evb_marker(b, 200, 58, 300, 0);
	evb_event(b, 0, 250, "\0\0\0\1", 4);
	evb_event(b, 2, 250, "\0\0\0\1\0\5\0\0\0\0", 10);
	evb_dataend(b);
}

static void test_evbuild_matches_b14(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	build_b14(&b);
	assert_int_equal(b.n, sizeof b14);
	assert_memory_equal(b.p, b14, sizeof b14);
	evb_free(&b);
}

static void test_b14_header(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_bytes(&b, b14, sizeof b14);
	struct parsed p;
	parse(&p, &b);
	assert_int_equal(p.st, HDR_OK);
	assert_int_equal(p.h.ntypes, 4);
	assert_int_equal(p.h.data_off, 153);
	static const uint16_t nums[] = { 0, 2, 18, 30 };
	static const uint16_t sizes[] = { 4, 10, 14, 0xFFFF };
	static const char *const descs[] = { "Create thread", "Stop thread", "Block marker",
					     "Program arguments" };
	static const char *const lines[] = { "0: Create thread (size 4)", "2: Stop thread (size 10)",
					     "18: Block marker (size 14)",
					     "30: Program arguments (size variable)" };
	for (size_t i = 0; i < 4; i++) {
		assert_int_equal(p.h.types[i].num, nums[i]);
		assert_int_equal(p.h.types[i].size, sizes[i]);
		assert_int_equal(p.h.types[i].desc_len, strlen(descs[i]));
		assert_memory_equal(p.h.types[i].desc, descs[i], strlen(descs[i]));
		struct sbuf sb = { 0 };
		render_type(&sb, &p.h.types[i]);
		assert_textz(sb.p, sb.n, lines[i]);
		sbuf_free(&sb);
	}
	/* max declared = 30 */
	assert_int_equal(p.h.nsel, 31);
	assert_true(p.h.sel[0].flags & SEL_DECLARED);
	assert_false(p.h.sel[1].flags & SEL_DECLARED);
	assert_true(p.h.sel[30].flags & SEL_VAR);
	assert_false(p.h.sel[18].flags & SEL_VAR);
	assert_int_equal(p.h.sel[2].size, 10);
	assert_int_equal(ev_layouts[p.h.sel[2].layout].tag, 2);
	assert_int_equal(ev_layouts[p.h.sel[30].layout].tag, 30);
	assert_true(ev_is_marker(&p.h, 18));
	assert_false(ev_is_marker(&p.h, 0));
	parsed_free(&p);
	evb_free(&b);
}

static void test_empty_type_list(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_end_header(&b);
	struct parsed p;
	parse(&p, &b);
	assert_int_equal(p.st, HDR_OK);
	assert_int_equal(p.h.ntypes, 0);
	assert_int_equal(p.h.nsel, 0);
	assert_int_equal(p.h.data_off, 20);
	parsed_free(&p);
	evb_free(&b);
}

/* A header with one good type, then whatever the caller appends. */
static void good_start(struct evb *b)
{
	evb_begin_header(b);
	evb_type(b, 0, 4, "Create thread");
}

static void expect_bad(const struct evb *b, const char *msg, uint64_t at)
{
	struct parsed p;
	parse(&p, b);
	assert_int_equal(p.st, HDR_BAD);
	assert_non_null(p.why);
	assert_string_equal(p.why, msg);
	assert_int_equal(p.at, at);
	parsed_free(&p);
}

static void test_err_header_begin(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_u32(&b, 0x68647263u); /* "hdrc" */
	evb_u32(&b, 0x68657462u);
	evb_u32(&b, 0x68657465u);
	evb_u32(&b, 0x68647265u);
	evb_u32(&b, 0x64617462u);
	expect_bad(&b, "Header begin marker not found", 0);
	evb_free(&b);
}

static void test_err_het_begin(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_u32(&b, 0x68647262u);
	evb_u32(&b, 0x68657400u);
	evb_u32(&b, 0x68657465u);
	evb_u32(&b, 0x68647265u);
	evb_u32(&b, 0x64617462u);
	expect_bad(&b, "Header Event Type begin marker not found", 4);
	evb_free(&b);
}

static void test_err_malformed_list(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	good_start(&b); /* 8 + 33 bytes */
	evb_u32(&b, 0x12345678u);
	evb_end_header(&b);
	expect_bad(&b, "Malformed list of Event Types in header", 41);
	evb_free(&b);

	/* also as the very first list word */
	b = EVB_INIT;
	evb_begin_header(&b);
	evb_u32(&b, 0x65746500u); /* ET_END where ET_BEGIN/HET_END belongs */
	evb_end_header(&b);
	expect_bad(&b, "Malformed list of Event Types in header", 8);
	evb_free(&b);
}

static void test_err_et_end(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	good_start(&b);
	/* type with a wrong end marker */
	evb_u32(&b, 0x65746200u);
	evb_u16(&b, 1);
	evb_u16(&b, 4);
	evb_u32(&b, 3);
	evb_str(&b, "Run");
	evb_u32(&b, 0);
	evb_u32(&b, 0x65746501u);
	evb_end_header(&b);
	expect_bad(&b, "Event Type end marker not found.", 41 + 19);
	evb_free(&b);

	/* extra_len too small: the marker is read inside the extra bytes */
	b = EVB_INIT;
	evb_begin_header(&b);
	evb_u32(&b, 0x65746200u);
	evb_u16(&b, 1);
	evb_u16(&b, 4);
	evb_u32(&b, 1);
	evb_str(&b, "R");
	evb_u32(&b, 2); /* really 4 bytes follow */
	evb_str(&b, "abcd");
	evb_u32(&b, 0x65746500u);
	evb_end_header(&b);
	expect_bad(&b, "Event Type end marker not found.", 8 + 17 + 2);
	evb_free(&b);
}

static void test_err_header_end(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	good_start(&b);
	evb_u32(&b, 0x68657465u);
	evb_u32(&b, 0x68647200u);
	evb_u32(&b, 0x64617462u);
	expect_bad(&b, "Header end marker not found", 45);
	evb_free(&b);
}

static void test_err_data_begin(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	good_start(&b);
	evb_u32(&b, 0x68657465u);
	evb_u32(&b, 0x68647265u);
	evb_u32(&b, 0x64617463u);
	expect_bad(&b, "My Data begin marker not found", 49);
	evb_free(&b);

	/* the data starts right away, without datb */
	b = EVB_INIT;
	good_start(&b);
	evb_u32(&b, 0x68657465u);
	evb_u32(&b, 0x68647265u);
	evb_event(&b, 0, 1, "\0\0\0\1", 4);
	expect_bad(&b, "My Data begin marker not found", 49);
	evb_free(&b);
}

static void test_err_desc_utf8(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type_raw(&b, 0, 4, "ab\xFF", 3, NULL, 0);
	evb_end_header(&b);
	struct parsed p;
	parse(&p, &b);
	/* the wording depends on the text library (A.2); only the failure is
	 * normative */
	assert_int_equal(p.st, HDR_BAD);
	assert_non_null(p.why);
	parsed_free(&p);
	evb_free(&b);
}

static void test_truncated_every_byte(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type_raw(&b, 0, 4, "Create thread", 13, "xyz", 3);
	evb_type(&b, 16, EVB_VAR, "Log m\xC3\xA9ssage");
	evb_type(&b, 9, 0, "");
	evb_end_header(&b);
	size_t full = b.n;
	for (size_t k = 0; k < full; k++) {
		struct parsed p;
		parse_n(&p, &b, k);
		if (p.st != HDR_TRUNCATED)
			print_error("prefix %zu of %zu: status %d\n", k, full, p.st);
		assert_int_equal(p.st, HDR_TRUNCATED);
		assert_non_null(p.why);
		assert_string_equal(p.why, "readHeader: not enough bytes");
		parsed_free(&p);
	}
	struct parsed p;
	parse_n(&p, &b, full);
	assert_int_equal(p.st, HDR_OK);
	assert_int_equal(p.h.ntypes, 3);
	assert_int_equal(p.h.data_off, full);
	assert_int_equal(p.h.types[0].desc_len, 13);
	assert_memory_equal(p.h.types[0].desc, "Create thread", 13);
	assert_int_equal(p.h.types[1].desc_len, 12);
	assert_memory_equal(p.h.types[1].desc, "Log m\xC3\xA9ssage", 12);
	assert_int_equal(p.h.types[2].desc_len, 0);
	assert_int_equal(p.h.types[2].num, 9);
	assert_int_equal(p.h.types[2].size, 0);
	assert_false(p.h.sel[9].flags & SEL_VAR); /* size 0 is a fixed size */
	parsed_free(&p);
	evb_free(&b);
}

static void test_extra_bytes_skipped(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	/* the extra bytes look like markers; they must not be interpreted */
	evb_type_raw(&b, 3, 4, "Thread runnable", 15, "ete\0hete", 8);
	evb_end_header(&b);
	struct parsed p;
	parse(&p, &b);
	assert_int_equal(p.st, HDR_OK);
	assert_int_equal(p.h.ntypes, 1);
	assert_int_equal(p.h.types[0].num, 3);
	assert_int_equal(p.h.data_off, b.n);
	parsed_free(&p);
	evb_free(&b);
}

static void test_duplicates(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 0, 4, "A");
	evb_type(&b, 7, 0, "First");
	evb_type(&b, 1, 0, "B");
	evb_type(&b, 0, 8, "C");
	evb_type(&b, 7, 2, "Second");
	evb_end_header(&b);
	evb_event(&b, 0, 5, "\0\0\0\x2a\xEE\xEE\xEE\xEE", 8);
	evb_event(&b, 7, 6, "\x01\x02", 2);
	evb_dataend(&b);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.h.ntypes, 5);
	static const uint16_t nums[] = { 0, 7, 1, 0, 7 };
	static const uint16_t sizes[] = { 4, 0, 0, 8, 2 };
	for (size_t i = 0; i < 5; i++) {
		assert_int_equal(o.h.types[i].num, nums[i]);
		assert_int_equal(o.h.types[i].size, sizes[i]);
	}
	assert_int_equal(o.h.sel[0].type, 3);
	assert_int_equal(o.h.sel[0].size, 8);
	assert_int_equal(o.h.sel[7].type, 4);
	assert_int_equal(o.h.sel[7].size, 2);
	assert_int_equal(o.h.sel[1].type, 2);
	/* tag 0 decodes with the last declaration: 8 bytes, 4 of them skipped */
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.size, 18);
	one_body(&o, false);
	assert_text(o.sb.p, o.sb.n, "creating thread 42");
	/* the Unknown tag 7 prints the last description */
	uint64_t off = o.h.data_off + 18;
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, off, &o.e), EV_OK);
	assert_int_equal(o.e.size, 12);
	assert_int_equal(o.e.time, 6);
	one_body(&o, false);
	assert_text(o.sb.p, o.sb.n, "Second");
	/* every line of the type list, in file order */
	static const char *const lines[] = { "0: A (size 4)", "7: First (size 0)", "1: B (size 0)",
					     "0: C (size 8)", "7: Second (size 2)" };
	for (size_t i = 0; i < 5; i++) {
		struct sbuf sb = { 0 };
		render_type(&sb, &o.h.types[i]);
		assert_textz(sb.p, sb.n, lines[i]);
		sbuf_free(&sb);
	}
	one_free(&o);
	evb_free(&b);
}

static void test_render_type_edge(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 250, 2, "");
	evb_type(&b, 65534, 65534, "a\nb\tc");
	evb_end_header(&b);
	struct parsed p;
	parse(&p, &b);
	assert_int_equal(p.st, HDR_OK);
	struct sbuf sb = { 0 };
	render_type(&sb, &p.h.types[0]);
	assert_text(sb.p, sb.n, "250:  (size 2)");
	sbuf_free(&sb);
	sb = (struct sbuf){ 0 };
	render_type(&sb, &p.h.types[1]);
	assert_text(sb.p, sb.n, "65534: a\nb\tc (size 65534)");
	sbuf_free(&sb);
	assert_int_equal(p.h.nsel, 65535);
	parsed_free(&p);
	evb_free(&b);
}

/* Layout chosen for one declared (tag, size): its size, or -1 for Unknown. */
static int chosen(uint16_t tag, uint16_t size)
{
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, tag, size, "t");
	evb_end_header(&b);
	struct parsed p;
	parse(&p, &b);
	assert_int_equal(p.st, HDR_OK);
	assert_true(p.h.sel[tag].flags & SEL_DECLARED);
	assert_int_equal(p.h.sel[tag].size, size);
	int r = -1;
	uint16_t l = p.h.sel[tag].layout;
	if (l != SEL_UNKNOWN_LAYOUT) {
		assert_true(l < ev_nlayouts);
		assert_int_equal(ev_layouts[l].tag, tag);
		r = ev_layouts[l].size;
	}
	parsed_free(&p);
	evb_free(&b);
	return r;
}

static void test_layout_choice(void **state)
{
	(void)state;
	/* GC_STATS_GHC: 50 or 58 */
	assert_int_equal(chosen(53, 50), 50);
	assert_int_equal(chosen(53, 57), 50);
	assert_int_equal(chosen(53, 58), 58);
	assert_int_equal(chosen(53, 60), 58);
	assert_int_equal(chosen(53, 49), -1);
	assert_int_equal(chosen(53, 0), -1);
	assert_int_equal(chosen(53, EVB_VAR), -1);
	/* NONMOVING_HEAP_CENSUS: 13 or 14 */
	assert_int_equal(chosen(207, 13), 13);
	assert_int_equal(chosen(207, 14), 14);
	assert_int_equal(chosen(207, 20), 14);
	assert_int_equal(chosen(207, 12), -1);
	/* STOP_THREAD: only 10 and up */
	assert_int_equal(chosen(2, 6), -1);
	assert_int_equal(chosen(2, 9), -1);
	assert_int_equal(chosen(2, 10), 10);
	assert_int_equal(chosen(2, 12), 10);
	/* only a var decoder, declared fixed */
	assert_int_equal(chosen(16, 10), -1);
	assert_int_equal(chosen(30, 0), -1);
	assert_int_equal(chosen(210, 40), -1);
	assert_int_equal(chosen(160, 100), -1);
	/* declared var, fixed-only tag */
	assert_int_equal(chosen(0, EVB_VAR), -1);
	assert_int_equal(chosen(18, EVB_VAR), -1);
	assert_int_equal(chosen(9, EVB_VAR), -1);
	/* var decoders */
	assert_int_equal(chosen(16, EVB_VAR), EVB_VAR);
	assert_int_equal(chosen(210, EVB_VAR), EVB_VAR);
	assert_int_equal(chosen(169, EVB_VAR), EVB_VAR);
	/* no decoder at all */
	assert_int_equal(chosen(5, 4), -1);
	assert_int_equal(chosen(7, 0), -1);
	assert_int_equal(chosen(13, 0), -1);
	assert_int_equal(chosen(59, 0), -1);
	assert_int_equal(chosen(209, 8), -1);
	assert_int_equal(chosen(300, EVB_VAR), -1);
	/* fixed: declared bigger is accepted, smaller is Unknown */
	assert_int_equal(chosen(0, 4), 4);
	assert_int_equal(chosen(0, 100), 4);
	assert_int_equal(chosen(0, 3), -1);
	assert_int_equal(chosen(9, 0), 0);
	assert_int_equal(chosen(9, 5), 0);
	assert_int_equal(chosen(18, 13), -1);
	assert_int_equal(chosen(18, 16), 14);
}

static void test_every_layout_selectable(void **state)
{
	(void)state;
	/* Every row of ev_layouts is chosen for its own declared size. */
	for (size_t i = 0; i < ev_nlayouts; i++) {
		const struct ev_layout *l = &ev_layouts[i];
		int got = chosen(l->tag, l->size);
		if (got != l->size)
			print_error("layout %zu (tag %u size %u): chose %d\n", i, l->tag, l->size, got);
		assert_int_equal(got, l->size);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_evbuild_matches_b14),
		cmocka_unit_test(test_b14_header),
		cmocka_unit_test(test_empty_type_list),
		cmocka_unit_test(test_err_header_begin),
		cmocka_unit_test(test_err_het_begin),
		cmocka_unit_test(test_err_malformed_list),
		cmocka_unit_test(test_err_et_end),
		cmocka_unit_test(test_err_header_end),
		cmocka_unit_test(test_err_data_begin),
		cmocka_unit_test(test_err_desc_utf8),
		cmocka_unit_test(test_truncated_every_byte),
		cmocka_unit_test(test_extra_bytes_skipped),
		cmocka_unit_test(test_duplicates),
		cmocka_unit_test(test_render_type_edge),
		cmocka_unit_test(test_layout_choice),
		cmocka_unit_test(test_every_layout_selectable),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
