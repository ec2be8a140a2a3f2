/* parser/utf8.c and parser/unicode_print.c: strict validation (A.5), the
 * lenient step used for binary messages (B.7) and the printability test. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "evtest.h"
#include "../../parser/utf8.h"

/* Validates a literal through an exact-size heap copy (ASan catches reads
 * past the end). */
static bool valid_exact(const char *s, size_t n)
{
	struct evb b = EVB_INIT;
	evb_bytes(&b, s, n);
	uint8_t *p = evb_exact(&b);
	bool ok = utf8_valid(p, n);
	free(p);
	evb_free(&b);
	return ok;
}

#define VALID(lit) valid_exact((lit), sizeof(lit) - 1)

static void test_valid_sequences(void **state)
{
	(void)state;
	assert_true(VALID(""));
	assert_true(VALID("a"));
	assert_true(VALID("plain ascii, longer than eight bytes"));
	assert_true(VALID("\0embedded\0nul"));
	assert_true(VALID("\x7F"));
	assert_true(VALID("\xC2\x80"));         /* U+0080, smallest 2-byte */
	assert_true(VALID("\xC3\xA9"));         /* é */
	assert_true(VALID("\xDF\xBF"));         /* U+07FF */
	assert_true(VALID("\xE0\xA0\x80"));     /* U+0800, smallest 3-byte */
	assert_true(VALID("\xE2\x82\xAC"));     /* € */
	assert_true(VALID("\xED\x9F\xBF"));     /* U+D7FF, just below surrogates */
	assert_true(VALID("\xEE\x80\x80"));     /* U+E000, just above */
	assert_true(VALID("\xEF\xBF\xBF"));     /* U+FFFF */
	assert_true(VALID("\xF0\x90\x80\x80")); /* U+10000, smallest 4-byte */
	assert_true(VALID("\xF0\x9F\x98\x80")); /* U+1F600 */
	assert_true(VALID("\xF4\x8F\xBF\xBF")); /* U+10FFFF */
	assert_true(VALID("abcdefg\xC3\xA9hijklmnop\xE2\x82\xAC"));
}

static void test_invalid_sequences(void **state)
{
	(void)state;
	/* overlongs */
	assert_false(VALID("\xC0\x80"));
	assert_false(VALID("\xC1\xBF"));
	assert_false(VALID("\xE0\x80\x80"));
	assert_false(VALID("\xE0\x9F\xBF"));
	assert_false(VALID("\xF0\x80\x80\x80"));
	assert_false(VALID("\xF0\x8F\xBF\xBF"));
	/* surrogates */
	assert_false(VALID("\xED\xA0\x80"));
	assert_false(VALID("\xED\xBF\xBF"));
	/* above U+10FFFF */
	assert_false(VALID("\xF4\x90\x80\x80"));
	assert_false(VALID("\xF5\x80\x80\x80"));
	assert_false(VALID("\xF8\x88\x80\x80\x80"));
	assert_false(VALID("\xFF"));
	assert_false(VALID("\xFE"));
	/* stray continuation bytes */
	assert_false(VALID("\x80"));
	assert_false(VALID("a\xBF"));
	assert_false(VALID("\xC3\xA9\xA9"));
	/* truncated sequences */
	assert_false(VALID("\xC3"));
	assert_false(VALID("\xE2\x82"));
	assert_false(VALID("\xF0\x9F\x98"));
	assert_false(VALID("abc\xE2"));
	/* a truncated sequence followed by ASCII */
	assert_false(VALID("\xE2\x82" "e"));
	/* invalid byte after a long ASCII run (past the 8-byte fast path) */
	assert_false(VALID("0123456789abcdef\xFF"));
	assert_false(VALID("01234567\x80"));
}

static void test_valid_prefix_lengths(void **state)
{
	(void)state;
	/* Every proper prefix of a multi-byte character is invalid, the whole
	 * one is valid. */
	static const char *const seqs[] = { "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80" };
	for (size_t i = 0; i < 3; i++) {
		size_t n = strlen(seqs[i]);
		for (size_t k = 1; k < n; k++)
			assert_false(valid_exact(seqs[i], k));
		assert_true(valid_exact(seqs[i], n));
	}
}

static void test_next(void **state)
{
	(void)state;
	uint32_t cp = 0;
	assert_int_equal(utf8_next((const uint8_t *)"", 0, &cp), 0);
	assert_int_equal(utf8_next((const uint8_t *)"A", 1, &cp), 1);
	assert_int_equal(cp, 'A');
	assert_int_equal(utf8_next((const uint8_t *)"\0", 1, &cp), 1);
	assert_int_equal(cp, 0);
	assert_int_equal(utf8_next((const uint8_t *)"\xC3\xA9x", 3, &cp), 2);
	assert_int_equal(cp, 0xE9);
	assert_int_equal(utf8_next((const uint8_t *)"\xE2\x82\xAC", 3, &cp), 3);
	assert_int_equal(cp, 0x20AC);
	assert_int_equal(utf8_next((const uint8_t *)"\xF0\x9F\x98\x80", 4, &cp), 4);
	assert_int_equal(cp, 0x1F600);
	assert_int_equal(utf8_next((const uint8_t *)"\xF4\x8F\xBF\xBF", 4, &cp), 4);
	assert_int_equal(cp, 0x10FFFF);
	/* invalid: 0 */
	assert_int_equal(utf8_next((const uint8_t *)"\xE2\x82", 2, &cp), 0);
	assert_int_equal(utf8_next((const uint8_t *)"\xE2\x82\x65", 3, &cp), 0);
	assert_int_equal(utf8_next((const uint8_t *)"\x82\x65", 2, &cp), 0);
	assert_int_equal(utf8_next((const uint8_t *)"\xC0\x80", 2, &cp), 0);
	assert_int_equal(utf8_next((const uint8_t *)"\xED\xA0\x80", 3, &cp), 0);
	assert_int_equal(utf8_next((const uint8_t *)"\xF4\x90\x80\x80", 4, &cp), 0);
	assert_int_equal(utf8_next((const uint8_t *)"\xFF", 1, &cp), 0);
	/* n limits the read even if the bytes would continue */
	assert_int_equal(utf8_next((const uint8_t *)"\xE2\x82\xAC", 2, &cp), 0);
}

static void test_put_round_trip(void **state)
{
	(void)state;
	static const uint32_t cps[] = { 0,      0x41,   0x7F,   0x80,   0xE9,    0x7FF,
					0x800,  0x20AC, 0xD7FF, 0xE000, 0xFFFD,  0xFFFF,
					0x10000, 0x1F600, 0x10FFFF };
	static const size_t lens[] = { 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4 };
	for (size_t i = 0; i < sizeof cps / sizeof cps[0]; i++) {
		char out[4];
		size_t n = utf8_put(cps[i], out);
		assert_int_equal(n, lens[i]);
		assert_true(utf8_valid((const uint8_t *)out, n));
		uint32_t back = 0xFFFFFFFFu;
		assert_int_equal(utf8_next((const uint8_t *)out, n, &back), n);
		assert_int_equal(back, cps[i]);
	}
	char out[4];
	assert_int_equal(utf8_put(0x20AC, out), 3);
	assert_memory_equal(out, "\xE2\x82\xAC", 3);
	assert_int_equal(utf8_put(0xE9, out), 2);
	assert_memory_equal(out, "\xC3\xA9", 2);
	assert_int_equal(utf8_put(0x1F600, out), 4);
	assert_memory_equal(out, "\xF0\x9F\x98\x80", 4);
}

static void test_isprint(void **state)
{
	(void)state;
	/* not printable: Cc, Cf, Cs, Co, Cn, Zl, Zp */
	assert_false(unicode_isprint(0x00));
	assert_false(unicode_isprint('\t'));
	assert_false(unicode_isprint('\n'));
	assert_false(unicode_isprint(0x1F));
	assert_false(unicode_isprint(0x7F));
	assert_false(unicode_isprint(0x80));
	assert_false(unicode_isprint(0x85));
	assert_false(unicode_isprint(0x9F));
	assert_false(unicode_isprint(0xAD));   /* soft hyphen, Cf */
	assert_false(unicode_isprint(0x200B)); /* zero width space, Cf */
	assert_false(unicode_isprint(0xFEFF)); /* BOM, Cf */
	assert_false(unicode_isprint(0xD800)); /* Cs */
	assert_false(unicode_isprint(0xDFFF));
	assert_false(unicode_isprint(0xE000)); /* Co */
	assert_false(unicode_isprint(0xF8FF));
	assert_false(unicode_isprint(0xF0000));
	assert_false(unicode_isprint(0x10FFFD));
	assert_false(unicode_isprint(0x378)); /* Cn */
	assert_false(unicode_isprint(0xFFFF)); /* noncharacter, Cn */
	assert_false(unicode_isprint(0x2028)); /* Zl */
	assert_false(unicode_isprint(0x2029)); /* Zp */
	/* printable */
	assert_true(unicode_isprint('a'));
	assert_true(unicode_isprint(' '));
	assert_true(unicode_isprint('~'));
	assert_true(unicode_isprint(0xA0));  /* no-break space, Zs */
	assert_true(unicode_isprint(0xE9));
	assert_true(unicode_isprint(0x20AC)); /* € */
	assert_true(unicode_isprint(0x3000)); /* ideographic space, Zs */
	assert_true(unicode_isprint(0x4E2D)); /* 中 */
	assert_true(unicode_isprint(0x1F600));
	assert_true(unicode_isprint(0xFFFD));
	assert_true(unicode_isprint(0x377));
	assert_true(unicode_isprint(0x37A));
}

static void test_visible(void **state)
{
	(void)state;
	/* every bidi control */
	static const uint32_t bidi[] = { 0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C,
					 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069 };
	for (size_t i = 0; i < sizeof bidi / sizeof bidi[0]; i++)
		assert_false(unicode_visible(bidi[i]));
	/* zero-width and other format characters */
	for (uint32_t c = 0x200B; c <= 0x200D; c++)
		assert_false(unicode_visible(c));
	for (uint32_t c = 0x2060; c <= 0x206F; c++)
		assert_false(unicode_visible(c));
	assert_false(unicode_visible(0xFEFF)); /* BOM */
	assert_false(unicode_visible(0x00AD)); /* soft hyphen */
	assert_false(unicode_visible(0x180E)); /* Mongolian vowel separator */
	assert_false(unicode_visible(0x2028));
	assert_false(unicode_visible(0x2029));
	assert_false(unicode_visible(0xFFF9)); /* interlinear annotation anchor */
	assert_false(unicode_visible(0x1D173)); /* musical begin beam */
	/* the tag characters, all of them */
	for (uint32_t c = 0xE0000; c <= 0xE007F; c++)
		assert_false(unicode_visible(c));
	/* printable (isPrint) yet drawing nothing: escaped all the same */
	static const uint32_t blank[] = { 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0 };
	for (size_t i = 0; i < sizeof blank / sizeof blank[0]; i++) {
		assert_true(unicode_isprint(blank[i]));
		assert_false(unicode_visible(blank[i]));
	}
	/* controls, surrogates, private use, unassigned */
	for (uint32_t c = 0; c < 0x20; c++)
		assert_false(unicode_visible(c));
	for (uint32_t c = 0x7F; c < 0xA0; c++)
		assert_false(unicode_visible(c));
	assert_false(unicode_visible(0xD800));
	assert_false(unicode_visible(0xE000));
	assert_false(unicode_visible(0x10FFFD));
	assert_false(unicode_visible(0x0378));
	/* text stays: letters, CJK, emoji, visible spaces, combining marks and
	 * variation selectors (they pick a glyph of the character before) */
	static const uint32_t text[] = { 'a', ' ', '~', 0xA0, 0xE9, 0x0301, 0x05D0, 0x0627,
					 0x20AC, 0x3000, 0x4E2D, 0xAC00, 0xFE0F, 0xFE00,
					 0x180B, 0xFFFD, 0x1F600, 0x1F468, 0xE0100, 0xE01EF };
	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
		assert_true(unicode_visible(text[i]));
	/* visible implies printable, everywhere */
	for (uint32_t c = 0; c <= 0x10FFFF; c++)
		if (unicode_visible(c) && !unicode_isprint(c))
			fail_msg("U+%04X visible but not printable", (unsigned)c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid_sequences),
		cmocka_unit_test(test_invalid_sequences),
		cmocka_unit_test(test_valid_prefix_lengths),
		cmocka_unit_test(test_next),
		cmocka_unit_test(test_put_round_trip),
		cmocka_unit_test(test_isprint),
		cmocka_unit_test(test_visible),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
