/* parser/render.c: the `show` text (spec part B). Every expected string is
 * written out by hand from the spec. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "evtest.h"
#include "alltags.h"
#include "../../parser/utf8.h"

/* Builds a one-event log (tag declared with size, description "desc"),
 * decodes it and renders the body into o->sb. */
static void body_of(struct one *o, uint16_t tag, uint16_t size, const void *pl, size_t n,
		    bool escape)
{
	struct evb b = EVB_INIT;
	build1(&b, tag, size, "desc", 1, pl, n, true);
	one_decode(o, &b);
	evb_free(&b);
	assert_int_equal(o->st, EV_OK);
	one_body(o, escape);
}

static void test_all_tags_text(void **state)
{
	(void)state;
	unsigned nfail = 0;
	for (size_t i = 0; i < NTAGCASES; i++) {
		const struct tagcase *c = &tagcases[i];
		struct evb b = EVB_INIT;
		tc_build(c, &b, 7, true);
		struct one o;
		one_decode(&o, &b);
		assert_int_equal(o.st, EV_OK);
		one_body(&o, false);
		if (o.sb.n != strlen(c->want) || memcmp(o.sb.p, c->want, o.sb.n) != 0) {
			print_error("tag %u (size %u): want \"", c->tag, c->size);
			evt_print_escaped(c->want, strlen(c->want));
			print_error("\"\n                   got  \"");
			evt_print_escaped(o.sb.p, o.sb.n);
			print_error("\"\n");
			nfail++;
		}
		one_free(&o);
		evb_free(&b);
	}
	assert_int_equal(nfail, 0);
}

/* render_line_raw is the fast path for integer-only layouts: for every case
 * it takes, its line must equal render_line's, byte for byte, with and
 * without a capability, at small and large timestamps (the fast path
 * reuses the digits above the low six of the previous timestamp). */
static void test_raw_path_matches(void **state)
{
	(void)state;
	static const uint64_t times[] = { 7, 999999, 1000000, 1000001, 123456789012ull,
					  123456999999ull, 123457000000ull, 18446744073709551615ull };
	unsigned ntaken = 0, nfail = 0;
	struct sbuf fast = { 0 }; /* one buffer across cases: its digit cache too */
	for (size_t i = 0; i < NTAGCASES; i++) {
		const struct tagcase *c = &tagcases[i];
		for (size_t k = 0; k < sizeof times / sizeof times[0]; k++) {
			for (int32_t cap = EV_NO_CAP; cap <= 65535; cap += cap < 3 ? 4 : 65000) {
				struct evb b = EVB_INIT;
				tc_build(c, &b, times[k], true);
				struct one o;
				one_decode(&o, &b);
				assert_int_equal(o.st, EV_OK);
				struct sbuf slow = { 0 };
				render_line(&slow, &o.h, &o.e, cap, false);
				fast.n = 0;
				bool took = render_line_raw(&fast, &o.h, o.buf, o.len, o.h.data_off, cap);
				if (took) {
					ntaken++;
					if (fast.n != slow.n || memcmp(fast.p, slow.p, slow.n) != 0) {
						print_error("tag %u time %llu cap %d: fast \"", c->tag,
							    (unsigned long long)times[k], cap);
						evt_print_escaped(fast.p, fast.n);
						print_error("\" slow \"");
						evt_print_escaped(slow.p, slow.n);
						print_error("\"\n");
						nfail++;
					}
				} else {
					assert_int_equal(fast.n, 0); /* declined: wrote nothing */
				}
				sbuf_free(&slow);
				one_free(&o);
				evb_free(&b);
			}
		}
	}
	sbuf_free(&fast);
	assert_int_equal(nfail, 0);
	assert_true(ntaken > 1000); /* the fast path was really exercised */
}

/* ---- B.10 stop statuses ---- */

static void stop_text(uint16_t status, uint32_t info, const char *want)
{
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "whw", (uint64_t[]){ 3, status, info });
	struct one o;
	body_of(&o, 2, 10, pl.p, pl.n, false);
	assert_int_equal(o.e.bad, 0);
	assert_textz(o.sb.p, o.sb.n, want);
	one_free(&o);
	evb_free(&pl);
}

static void test_stop_status_text(void **state)
{
	(void)state;
	stop_text(0, 99, "stopping thread 3 (No stop thread status)");
	stop_text(1, 99, "stopping thread 3 (heap overflow)");
	stop_text(2, 4096, "stopping thread 3 (stack overflow, size 4096)");
	stop_text(2, 0xFFFFFFFFu, "stopping thread 3 (stack overflow, size 4294967295)");
	stop_text(3, 99, "stopping thread 3 (thread yielding)");
	stop_text(5, 99, "stopping thread 3 (thread finished)");
	stop_text(6, 99, "stopping thread 3 (making a foreign call)");
	stop_text(7, 99, "stopping thread 3 (blocked on an MVar)");
	stop_text(8, 17, "stopping thread 3 (blocked on black hole owned by thread 17)");
	stop_text(8, 0x80000000u, "stopping thread 3 (blocked on black hole owned by thread 2147483648)");
	stop_text(9, 99, "stopping thread 3 (blocked on I/O read)");
	stop_text(10, 99, "stopping thread 3 (blocked on I/O write)");
	stop_text(11, 99, "stopping thread 3 (blocked on threadDelay)");
	stop_text(12, 99, "stopping thread 3 (blocked in STM retry)");
	stop_text(13, 99, "stopping thread 3 (blocked on asyncDoProc)");
	stop_text(18, 99, "stopping thread 3 (blocked in throwTo)");
	stop_text(19, 99, "stopping thread 3 (No stop thread status)");
	stop_text(20, 99, "stopping thread 3 (blocked reading an MVar)");
}

static void test_render_stop_status_fn(void **state)
{
	(void)state;
	static const uint64_t bad[] = { 4, 14, 15, 16, 17, 21, 22, 100, 0xFFFF, 0xFFFFFFFFFFFFFFFFull };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_null(render_stop_status(bad[i]));
	assert_string_equal(render_stop_status(0), "No stop thread status");
	assert_string_equal(render_stop_status(7), "blocked on an MVar");
	assert_string_equal(render_stop_status(18), "blocked in throwTo");
	assert_string_equal(render_stop_status(20), "blocked reading an MVar");
}

/* ---- Eden message tags ---- */

static void test_eden_names(void **state)
{
	(void)state;
	static const char *const names[] = { "Ready",   "NewPE", "PETIDS", "Finish", "FailPE",
					     "RFork",   "Connect", "DataMes", "Head", "Constr",
					     "Part",    "Terminate", "Packet" };
	for (unsigned k = 0; k < 13; k++) {
		char want[200];
		struct evb pl = EVB_INIT;
		struct one o;

		evb_pack(&pl, "bwwhww", (uint64_t[]){ 0x50 + k, 1, 2, 3, 4, 5 });
		body_of(&o, 67, 19, pl.p, pl.n, false);
		snprintf(want, sizeof want,
			 "sending message with tag %s from process 1, thread 2 to machine 3, "
			 "process 4 on inport 5", names[k]);
		assert_int_equal(o.e.bad, 0);
		assert_textz(o.sb.p, o.sb.n, want);
		one_free(&o);
		evb_free(&pl);

		pl = EVB_INIT;
		evb_pack(&pl, "bwwhwww", (uint64_t[]){ 0x50 + k, 10, 20, 30, 40, 50, 60 });
		body_of(&o, 68, 23, pl.p, pl.n, false);
		snprintf(want, sizeof want,
			 "receiving message with tag %s at process 10, inport 20 from machine 30, "
			 "process 40, thread 50 with size 60", names[k]);
		assert_textz(o.sb.p, o.sb.n, want);
		one_free(&o);
		evb_free(&pl);

		pl = EVB_INIT;
		evb_pack(&pl, "bwwww", (uint64_t[]){ 0x50 + k, 7, 8, 9, 0xFFFFFFFFu });
		body_of(&o, 69, 17, pl.p, pl.n, false);
		snprintf(want, sizeof want,
			 "sending/receiving message with tag %s from process 7, thread 8 to process 9 "
			 "on inport 4294967295", names[k]);
		assert_textz(o.sb.p, o.sb.n, want);
		one_free(&o);
		evb_free(&pl);
	}
	/* 0x4F: outside the enumeration */
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "bwwhww", (uint64_t[]){ 0x4F, 1, 2, 3, 4, 5 });
	struct one o;
	body_of(&o, 67, 19, pl.p, pl.n, false);
	assert_true(o.e.bad & BAD_EDEN_TAG);
	one_free(&o);
	evb_free(&pl);
}

/* ---- B.11 breakdowns ---- */

static void test_breakdown_names(void **state)
{
	(void)state;
	static const char *const names[] = { NULL, "cost centre", "module", "closure description",
					     "type description", "retainer", "biography",
					     "closure type", "info table", "era" };
	for (uint32_t k = 1; k <= 9; k++) {
		struct evb pl = EVB_INIT;
		evb_pack(&pl, "bqw", (uint64_t[]){ 255, U64MAX, k });
		for (int i = 0; i < 7; i++)
			evb_u8(&pl, 0);
		struct one o;
		body_of(&o, 160, EVB_VAR, pl.p, pl.n, false);
		char want[200];
		snprintf(want, sizeof want,
			 "start heap profiling 255 at sampling period 18446744073709551615 broken down "
			 "by %s", names[k]);
		assert_textz(o.sb.p, o.sb.n, want);
		one_free(&o);
		evb_free(&pl);
	}
}

/* ---- IPE closure_desc ---- */

static void ipe_text(const char *desc, const char *want)
{
	struct evb pl = EVB_INIT;
	evb_u64(&pl, 0x1F);
	evb_cstr(&pl, "T");
	evb_cstr(&pl, desc);
	evb_cstr(&pl, "ty");
	evb_cstr(&pl, "lb");
	evb_cstr(&pl, "md");
	evb_cstr(&pl, "src");
	struct one o;
	body_of(&o, 169, EVB_VAR, pl.p, pl.n, false);
	assert_int_equal(o.e.bad, 0);
	assert_textz(o.sb.p, o.sb.n, want);
	one_free(&o);
	evb_free(&pl);
}

static void test_ipe_closure_desc(void **state)
{
	(void)state;
	ipe_text("123abc", "Info Table: 1f:123:T - src");
	ipe_text("0", "Info Table: 1f:0:T - src");
	ipe_text("007x9", "Info Table: 1f:7:T - src");
	ipe_text("9223372036854775807", "Info Table: 1f:9223372036854775807:T - src");
	/* overflow wraps (signed 64-bit) */
	ipe_text("9223372036854775808", "Info Table: 1f:-9223372036854775808:T - src");
	ipe_text("10000000000000000000", "Info Table: 1f:-8446744073709551616:T - src");
	ipe_text("18446744073709551617", "Info Table: 1f:1:T - src");
	ipe_text("99999999999999999999", "Info Table: 1f:7766279631452241919:T - src");
}

/* ---- A.5 / B.7 PROGRAM_ARGS and PROGRAM_ENV ---- */

static void args_text(uint16_t tag, const char *bytes, size_t n, const char *want)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, 4);
	evb_bytes(&pl, bytes, n);
	struct one o;
	body_of(&o, tag, EVB_VAR, pl.p, pl.n, false);
	assert_int_equal(o.e.bad, 0);
	assert_textz(o.sb.p, o.sb.n, want);
	one_free(&o);
	evb_free(&pl);
}

#define ARGS(lit, want) args_text(30, (lit), sizeof(lit) - 1, "capset 4: args: " want)
#define ENV(lit, want) args_text(31, (lit), sizeof(lit) - 1, "capset 4: env: " want)

static void test_program_args(void **state)
{
	(void)state;
	/* the B.7 example */
	ARGS("./prog\0+RTS\0-l\0a\"b\\c\0\xC3\xA9" "1\0\x01H\x0EH\0\0",
	     "[\"./prog\",\"+RTS\",\"-l\",\"a\\\"b\\\\c\",\"\\233\\&1\",\"\\SOHH\\SO\\&H\"]");
	/* the A.5 splitting examples */
	ARGS("a\0b\0", "[\"a\",\"b\"]");
	ENV("A=1\0\0B=2\0", "[\"A=1\",\"\",\"B=2\"]");
	ARGS("", "[\"\"]");
	ARGS("\0\0", "[\"\"]");
	ARGS("\0a", "[\"\",\"a\"]");
	ARGS("a", "[\"a\"]");
	ARGS("a\0\0\0\0", "[\"a\"]");
	ENV("\0\0\0a\0", "[\"\",\"\",\"\",\"a\"]");
}

static void test_hs_escapes(void **state)
{
	(void)state;
	ARGS("\a\b\t\n\v\f\r", "[\"\\a\\b\\t\\n\\v\\f\\r\"]");
	ARGS("\x02\x03\x04\x05\x06\x0F\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1A\x1B\x1C\x1D\x1E\x1F",
	     "[\"\\STX\\ETX\\EOT\\ENQ\\ACK\\SI\\DLE\\DC1\\DC2\\DC3\\DC4\\NAK\\SYN\\ETB\\CAN\\EM\\SUB"
	     "\\ESC\\FS\\GS\\RS\\US\"]");
	/* a NUL cannot occur inside an element; DEL can */
	ARGS("\x7F" "1", "[\"\\DEL1\"]");
	ARGS(" ~", "[\" ~\"]");
	/* code points >= 0x80 in decimal; \& only before a digit */
	ARGS("\xC2\x80", "[\"\\128\"]");
	ARGS("\xC2\x85" "9", "[\"\\133\\&9\"]");
	ARGS("\xC3\xA9" "a", "[\"\\233a\"]");
	ARGS("\xC3\xA9", "[\"\\233\"]");
	ARGS("\xC3\xA9\xC3\xA9", "[\"\\233\\233\"]");
	ARGS("\xE2\x82\xAC" "0", "[\"\\8364\\&0\"]");
	ARGS("\xF0\x9F\x98\x80", "[\"\\128512\"]");
	/* \SO before H only */
	ARGS("\x0E" "X", "[\"\\SOX\"]");
	ARGS("\x0E" "H", "[\"\\SO\\&H\"]");
	ARGS("\x0E" "h", "[\"\\SOh\"]");
	ARGS("\x01" "H", "[\"\\SOHH\"]");
	/* no \& across elements */
	ARGS("\x0E\0H", "[\"\\SO\",\"H\"]");
	ARGS("\xC3\xA9\0" "1", "[\"\\233\",\"1\"]");
}

/* ---- latin1 ---- */

static void test_latin1(void **state)
{
	(void)state;
	struct one o;
	body_of(&o, 23, EVB_VAR, "\xE9", 1, false);
	assert_text(o.sb.p, o.sb.n, "compiler version is \xC3\xA9");
	one_free(&o);
	body_of(&o, 24, EVB_VAR, "a\x80\xFF\x01", 4, false);
	assert_text(o.sb.p, o.sb.n, "program invocation: a\xC2\x80\xC3\xBF\x01");
	one_free(&o);
	struct evb pl = EVB_INIT;
	evb_str(&pl, "\xC3\xA9");
	evb_u32(&pl, 1);
	body_of(&o, 42, EVB_VAR, pl.p, pl.n, false);
	/* two Latin-1 characters, each re-encoded */
	assert_text(o.sb.p, o.sb.n, "Interned string: \"\xC3\x83\xC2\xA9\" with id 1");
	one_free(&o);
	evb_free(&pl);
}

/* ---- B.7 USER_BINARY_MSG ---- */

static void binary_text(const char *bytes, size_t n, const char *want, size_t wn)
{
	struct one o;
	body_of(&o, 181, EVB_VAR, bytes, n, false);
	assert_int_equal(o.e.bad, 0);
	evt_check_text(o.sb.p, o.sb.n, want, wn, __FILE__, __LINE__);
	one_free(&o);
}

#define BIN(lit, want) \
	binary_text((lit), sizeof(lit) - 1, "binary message " want, sizeof("binary message " want) - 1)

static void test_binary_msg(void **state)
{
	(void)state;
	BIN("\xE2\x82" "e", "..e");
	BIN("a\xE2\x82", "a..");
	BIN("\xFF", ".");
	BIN("\0\t\n", "...");
	BIN("\x7F", ".");
	BIN("\xC2\x80\xC2\x9F", "..");
	BIN("\xC2\xAD", ".");
	BIN("\xE2\x82\xAC", "\xE2\x82\xAC");
	BIN("a b", "a b");
	BIN("\xC2\xA0", "\xC2\xA0");
	BIN("\xE2\x80\xA8", ".");
	BIN("\xEE\x80\x80", ".");
	BIN("\xCD\xB8", ".");
	BIN("\xED\xA0\x80", "...");
	BIN("\xC0\x80", "..");
	BIN("\xF4\x90\x80\x80", "....");
	BIN("\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80");
	BIN("\xF0\x9F\x98", "...");
	BIN("", "");
	BIN("ok\x80ok", "ok.ok");
}

/* ---- raw strings and escape mode ---- */

static void test_raw_strings(void **state)
{
	(void)state;
	struct one o;
	body_of(&o, 16, EVB_VAR, "a\"b\n\tc\0d\\", 9, false);
	assert_text(o.sb.p, o.sb.n, "a\"b\n\tc\0d\\");
	one_free(&o);
	body_of(&o, 19, EVB_VAR, "", 0, false);
	assert_text(o.sb.p, o.sb.n, "");
	one_free(&o);
	struct evb pl = EVB_INIT;
	evb_u32(&pl, 0);
	evb_str(&pl, "\xE2\x82\xAC \x1b[1m");
	body_of(&o, 29, EVB_VAR, pl.p, pl.n, false);
	assert_text(o.sb.p, o.sb.n, "capset 0: RTS version \"\xE2\x82\xAC \x1b[1m\"");
	one_free(&o);
	evb_free(&pl);
}

static void test_invalid_utf8_label(void **state)
{
	(void)state;
	struct evb pl = EVB_INIT;
	evb_u32(&pl, 1);
	evb_str(&pl, "ab\xFF" "cd\xC3");
	for (int esc = 0; esc < 2; esc++) {
		struct one o;
		body_of(&o, 44, EVB_VAR, pl.p, pl.n, esc);
		assert_true(o.e.bad & BAD_UTF8);
		assert_text(o.sb.p, o.sb.n, "thread 1 has label \"ab\\xffcd\\xc3\"");
		one_free(&o);
	}
	evb_free(&pl);
}

static void test_marker_escape(void **state)
{
	(void)state;
	static const char msg[] = "a\x01" "b\x1b[31m\x7f\n\xC3\xA9";
	struct one o;
	body_of(&o, 58, EVB_VAR, msg, sizeof msg - 1, false);
	assert_text(o.sb.p, o.sb.n, "marker: a\x01" "b\x1b[31m\x7f\n\xC3\xA9");
	one_free(&o);
	body_of(&o, 58, EVB_VAR, msg, sizeof msg - 1, true);
	assert_text(o.sb.p, o.sb.n, "marker: a\\x01b\\x1b[31m\\x7f\\x0a\xC3\xA9");
	one_free(&o);
}

/* ---- escape mode: nothing invisible or reordering reaches a terminal ---- */

/* sbuf_text of a literal, escaped and raw: the raw text is the input. */
static void text_of(const char *in, size_t n, const char *want, size_t wn, const char *file,
		    int line)
{
	struct sbuf b = { .escape = true };
	sbuf_text(&b, (const uint8_t *)in, n);
	assert_false(b.oom);
	evt_check_text(b.p, b.n, want, wn, file, line);
	sbuf_free(&b);
	b = (struct sbuf){ .escape = false };
	sbuf_text(&b, (const uint8_t *)in, n);
	if (!utf8_valid((const uint8_t *)in, n)) {
		sbuf_free(&b);
		return; /* raw mode shows bad bytes as \xNN too */
	}
	evt_check_text(b.p, b.n, in, n, file, line);
	sbuf_free(&b);
}

#define ESC(lit, want) text_of((lit), sizeof(lit) - 1, (want), sizeof(want) - 1, __FILE__, __LINE__)

static void test_escape_bidi(void **state)
{
	(void)state;
	ESC("abc\xE2\x80\xAE" "fdp.exe", "abc\\u202efdp.exe"); /* RIGHT-TO-LEFT OVERRIDE */
	ESC("\xD8\x9C", "\\u061c");                         /* ARABIC LETTER MARK */
	ESC("\xE2\x80\x8E\xE2\x80\x8F", "\\u200e\\u200f");     /* LRM, RLM */
	ESC("\xE2\x80\xAA\xE2\x80\xAB\xE2\x80\xAC\xE2\x80\xAD",
	    "\\u202a\\u202b\\u202c\\u202d");                  /* LRE RLE PDF LRO */
	ESC("\xE2\x81\xA6\xE2\x81\xA7\xE2\x81\xA8\xE2\x81\xA9",
	    "\\u2066\\u2067\\u2068\\u2069");                  /* LRI RLI FSI PDI */
	/* right-to-left letters themselves are text: they stay */
	ESC("\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85 \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D",
	    "\xD8\xB3\xD9\x84\xD8\xA7\xD9\x85 \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D");
}

static void test_escape_invisible(void **state)
{
	(void)state;
	ESC("a\xE2\x80\x8B" "b", "a\\u200bb"); /* ZERO WIDTH SPACE */
	ESC("\xE2\x80\x8C\xE2\x80\x8D", "\\u200c\\u200d"); /* ZWNJ, ZWJ */
	ESC("\xE2\x81\xA0\xE2\x81\xA1\xE2\x81\xA4", "\\u2060\\u2061\\u2064");
	ESC("\xEF\xBB\xBFlabel", "\\ufefflabel"); /* BOM */
	ESC("soft\xC2\xADhyphen", "soft\\u00adhyphen");
	ESC("\xE1\xA0\x8E", "\\u180e"); /* MONGOLIAN VOWEL SEPARATOR */
	/* tag characters (ASCII smuggling): outside the BMP, 8 digits */
	ESC("ok\xF3\xA0\x80\x81\xF3\xA0\x81\x81\xF3\xA0\x81\xBF",
	    "ok\\U000e0001\\U000e0041\\U000e007f");
	/* default-ignorable letters and marks that draw nothing */
	ESC("\xE3\x85\xA4\xEF\xBE\xA0\xE1\x85\x9F\xCD\x8F", "\\u3164\\uffa0\\u115f\\u034f");
	/* line and paragraph separators, C1 controls (as code points) */
	ESC("\xE2\x80\xA8\xE2\x80\xA9", "\\u2028\\u2029");
	ESC("\xC2\x85\xC2\x9B" "2J", "\\u0085\\u009b2J");
	/* private use, unassigned, noncharacters */
	ESC("\xEE\x80\x80\xF3\xB0\x80\x80\xCD\xB8\xEF\xBF\xBF",
	    "\\ue000\\U000f0000\\u0378\\uffff");
	/* ASCII controls stay \xNN; so do bytes that are not UTF-8 */
	ESC("\x1b[31m\x07\x7f", "\\x1b[31m\\x07\\x7f");
	ESC("a\xE2\x80", "a\\xe2\\x80");
	ESC("\xF3\xA0\x80", "\\xf3\\xa0\\x80"); /* a tag character cut short */
}

static void test_escape_keeps_text(void **state)
{
	(void)state;
	ESC("caf\xC3\xA9 na\xC3\xAFve", "caf\xC3\xA9 na\xC3\xAFve");
	ESC("e\xCC\x81", "e\xCC\x81");                       /* combining acute */
	ESC("\xE4\xB8\xAD\xE6\x96\x87", "\xE4\xB8\xAD\xE6\x96\x87"); /* CJK */
	ESC("\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80");         /* emoji */
	ESC("\xE2\x9D\xA4\xEF\xB8\x8F", "\xE2\x9D\xA4\xEF\xB8\x8F"); /* with VS16 */
	ESC("\xE8\xBE\xBB\xF3\xA0\x84\x80", "\xE8\xBE\xBB\xF3\xA0\x84\x80"); /* VS17 */
	ESC("a\xC2\xA0" "b\xE3\x80\x80" "c", "a\xC2\xA0" "b\xE3\x80\x80" "c"); /* visible spaces */
	ESC("\xE2\x82\xAC \xEF\xBF\xBD", "\xE2\x82\xAC \xEF\xBF\xBD");
	ESC("back\\slash \\u202e", "back\\slash \\u202e");
	ESC("", "");
}

/* The event fields that carry text go through the same escaping. */
static void test_escape_fields(void **state)
{
	(void)state;
	struct one o;
	static const char mk[] = "round\xE2\x80\xAE" "1\xE2\x80\x8B\xEF\xBB\xBF";
	body_of(&o, 58, EVB_VAR, mk, sizeof mk - 1, true);
	assert_text(o.sb.p, o.sb.n, "marker: round\\u202e1\\u200b\\ufeff");
	one_free(&o);
	body_of(&o, 58, EVB_VAR, mk, sizeof mk - 1, false);
	assert_text(o.sb.p, o.sb.n, "marker: round\xE2\x80\xAE" "1\xE2\x80\x8B\xEF\xBB\xBF");
	one_free(&o);
	struct evb pl = EVB_INIT;
	evb_u32(&pl, 7);
	evb_str(&pl, "w\xE2\x80\xAEk\xF3\xA0\x81\x81");
	body_of(&o, 44, EVB_VAR, pl.p, pl.n, true);
	assert_text(o.sb.p, o.sb.n, "thread 7 has label \"w\\u202ek\\U000e0041\"");
	one_free(&o);
	evb_free(&pl);
	/* Latin-1 fields: a C1 control or a soft hyphen is a character too */
	body_of(&o, 24, EVB_VAR, "a\x85\xAD\xE9\x1b", 5, true);
	assert_text(o.sb.p, o.sb.n, "program invocation: a\\u0085\\u00ad\xC3\xA9\\x1b");
	one_free(&o);
	/* binary messages: non-printables are '.', as ghc-events shows them;
	 * a printable character that draws nothing is escaped on a terminal */
	body_of(&o, 181, EVB_VAR, "x\xE3\x85\xA4\xE2\x80\xAEy", 8, true);
	assert_text(o.sb.p, o.sb.n, "binary message x\\u3164.y");
	one_free(&o);
	body_of(&o, 181, EVB_VAR, "x\xE3\x85\xA4\xE2\x80\xAEy", 8, false);
	assert_text(o.sb.p, o.sb.n, "binary message x\xE3\x85\xA4.y");
	one_free(&o);
}

/* ---- B.9 unknown events ---- */

static void unknown_text(uint16_t tag, uint16_t size, const char *desc, size_t dn,
			 const char *want, size_t wn)
{
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type_raw(&b, tag, size, desc, (uint32_t)dn, NULL, 0);
	evb_end_header(&b);
	evb_event(&b, tag, 11, "\x01\x02\x03\x04\x05\x06", size == EVB_VAR ? 6 : size);
	evb_dataend(&b);
	struct one o;
	one_decode(&o, &b);
	assert_int_equal(o.st, EV_OK);
	assert_int_equal(o.e.layout, SEL_UNKNOWN_LAYOUT);
	one_body(&o, false);
	evt_check_text(o.sb.p, o.sb.n, want, wn, __FILE__, __LINE__);
	one_free(&o);
	evb_free(&b);
}

static void test_unknown_body(void **state)
{
	(void)state;
	unknown_text(7, 0, "Shutdown", 8, "Shutdown", 8);
	unknown_text(59, 0, "Empty event for bug #9003", 25, "Empty event for bug #9003", 25);
	unknown_text(2, 6, "Stop thread", 11, "Stop thread", 11);
	unknown_text(300, EVB_VAR, "", 0, "", 0);
	unknown_text(5, 4, "two\nlines\t\x01", 11, "two\nlines\t\x01", 11);
}

/* ---- B.5 line prefix ---- */

static void test_render_line(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 7, 0, "Shutdown");
	evb_type(&b, 9, 0, "GC start");
	evb_type(&b, 18, 14, "Block marker");
	evb_type(&b, 250, 0, "");
	evb_end_header(&b);
	size_t d = b.n;
	evb_event(&b, 7, 11, "", 0);
	evb_event(&b, 9, 1234567, "", 0);
	evb_marker(&b, 100, 48, 150, 0xFFFF);
	evb_event(&b, 250, 5, "", 0);
	evb_event(&b, 9, U64MAX, "", 0);
	struct one o;
	one_decode(&o, &b);
	struct sbuf sb = { 0 };
	render_line(&sb, &o.h, &o.e, 0, false);
	assert_text(sb.p, sb.n, "11: cap 0: Shutdown\n");
	sbuf_free(&sb);
	sb = (struct sbuf){ 0 };
	render_line(&sb, &o.h, &o.e, EV_NO_CAP, false);
	assert_text(sb.p, sb.n, "11: Shutdown\n");
	sbuf_free(&sb);

	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 10, &o.e), EV_OK);
	sb = (struct sbuf){ 0 };
	render_line(&sb, &o.h, &o.e, 65535, false);
	assert_text(sb.p, sb.n, "1234567: cap 65535: starting GC\n");
	sbuf_free(&sb);
	sb = (struct sbuf){ 0 };
	render_line(&sb, &o.h, &o.e, 2, true);
	assert_text(sb.p, sb.n, "  0s   1ms 234.567us: cap 2: starting GC\n");
	sbuf_free(&sb);
	sb = (struct sbuf){ 0 };
	render_line(&sb, &o.h, &o.e, EV_NO_CAP, true);
	assert_text(sb.p, sb.n, "  0s   1ms 234.567us: starting GC\n");
	sbuf_free(&sb);

	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 20, &o.e), EV_OK);
	sb = (struct sbuf){ 0 };
	render_line(&sb, &o.h, &o.e, EV_NO_CAP, false);
	assert_text(sb.p, sb.n, "100: event block: cap 65535, end time: 150\n\n");
	sbuf_free(&sb);
	/* pretty time does not touch the end time */
	sb = (struct sbuf){ 0 };
	render_line(&sb, &o.h, &o.e, EV_NO_CAP, true);
	assert_text(sb.p, sb.n, "  0s   0ms   0.100us: event block: cap 65535, end time: 150\n\n");
	sbuf_free(&sb);

	/* empty body */
	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 44, &o.e), EV_OK);
	sb = (struct sbuf){ 0 };
	render_line(&sb, &o.h, &o.e, 3, false);
	assert_text(sb.p, sb.n, "5: cap 3: \n");
	sbuf_free(&sb);
	sb = (struct sbuf){ 0 };
	render_line(&sb, &o.h, &o.e, EV_NO_CAP, false);
	assert_text(sb.p, sb.n, "5: \n");
	sbuf_free(&sb);

	assert_int_equal(ev_decode(&o.h, o.buf, o.len, d + 54, &o.e), EV_OK);
	sb = (struct sbuf){ 0 };
	render_line(&sb, &o.h, &o.e, EV_NO_CAP, false);
	assert_text(sb.p, sb.n, "18446744073709551615: starting GC\n");
	sbuf_free(&sb);
	one_free(&o);
	evb_free(&b);
}

static void pretty(uint64_t t, const char *want)
{
	struct sbuf sb = { 0 };
	render_pretty_time(&sb, t);
	assert_textz(sb.p, sb.n, want);
	sbuf_free(&sb);
}

static void test_pretty_time(void **state)
{
	(void)state;
	pretty(1234567, "  0s   1ms 234.567us");
	pretty(0, "  0s   0ms   0.0  us");
	pretty(5, "  0s   0ms   0.5  us");
	pretty(999, "  0s   0ms   0.999us");
	pretty(1000, "  0s   0ms   1.0  us");
	pretty(1000000000, "  1s   0ms   0.0  us");
	pretty(10010010010ull, " 10s  10ms  10.10 us");
	pretty(123456789012ull, "123s 456ms 789.12 us");
	pretty(U64MAX, "18446744073s 709ms 551.615us");
}

static void test_sbuf_numbers(void **state)
{
	(void)state;
	struct sbuf sb = { 0 };
	sbuf_u64(&sb, 0);
	sbuf_putc(&sb, ' ');
	sbuf_u64(&sb, U64MAX);
	sbuf_putc(&sb, ' ');
	sbuf_hex(&sb, 0);
	sbuf_putc(&sb, ' ');
	sbuf_hex(&sb, 0xDEADBEEFull);
	sbuf_putc(&sb, ' ');
	sbuf_hex(&sb, U64MAX);
	assert_text(sb.p, sb.n, "0 18446744073709551615 0 deadbeef ffffffffffffffff");
	sbuf_free(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_tags_text),
		cmocka_unit_test(test_raw_path_matches),
		cmocka_unit_test(test_stop_status_text),
		cmocka_unit_test(test_render_stop_status_fn),
		cmocka_unit_test(test_eden_names),
		cmocka_unit_test(test_breakdown_names),
		cmocka_unit_test(test_ipe_closure_desc),
		cmocka_unit_test(test_program_args),
		cmocka_unit_test(test_hs_escapes),
		cmocka_unit_test(test_latin1),
		cmocka_unit_test(test_binary_msg),
		cmocka_unit_test(test_raw_strings),
		cmocka_unit_test(test_invalid_utf8_label),
		cmocka_unit_test(test_marker_escape),
		cmocka_unit_test(test_escape_bidi),
		cmocka_unit_test(test_escape_invisible),
		cmocka_unit_test(test_escape_keeps_text),
		cmocka_unit_test(test_escape_fields),
		cmocka_unit_test(test_unknown_body),
		cmocka_unit_test(test_render_line),
		cmocka_unit_test(test_pretty_time),
		cmocka_unit_test(test_sbuf_numbers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
