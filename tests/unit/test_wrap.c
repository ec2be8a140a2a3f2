/* viewer/wrap.c: lines broken at blanks and titles whose key hints give
 * way, measured as the screen draws them. No terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "../../viewer/wrap.h"

/* The lines of s in width columns, each ended by '|', into out. */
static const char *lines(const char *s, int width, bool ascii, char *out, size_t n)
{
	size_t w = 0, len = strlen(s), take;
	out[0] = 0;
	while (len) {
		size_t used = wrap_line(s, len, width, ascii, &take);
		assert_true(used > 0);
		assert_true(wrap_cols(s, take, ascii) <= width || take == used);
		w += (size_t)snprintf(out + w, n - w, "%.*s|", (int)take, s);
		s += used;
		len -= used;
	}
	return out;
}

static void test_wrap_words(void **state)
{
	(void)state;
	char b[512];
	/* at blanks, none lost but those at the breaks */
	assert_string_equal(lines("go to a time: 1.5s, or +20ms", 12, false, b, sizeof b),
			    "go to a|time: 1.5s,|or +20ms|");
	/* a text that fits is one line; an empty one none */
	assert_string_equal(lines("quit hectic", 11, false, b, sizeof b), "quit hectic|");
	assert_int_equal(wrap_count("", 0, 10, false), 0);
	assert_int_equal(wrap_count("quit hectic", 11, 11, false), 1);
	assert_int_equal(wrap_count("quit hectic", 11, 10, false), 2);
	/* a word wider than the line is broken where the line ends */
	assert_string_equal(lines("at /a/very/long/path.eventlog end", 10, false, b, sizeof b),
			    "at|/a/very/lo|ng/path.ev|entlog end|");
	/* blanks in a row: the break takes them all */
	assert_string_equal(lines("ab   cd", 3, false, b, sizeof b), "ab|cd|");
	/* a blank at the very width is not a column of the line */
	assert_string_equal(lines("abc def", 3, false, b, sizeof b), "abc|def|");
}

static void test_wrap_every_byte(void **state)
{
	(void)state;
	/* every byte of a long message on some line, in order, and each line
	 * within the width */
	const char *m = "GC at 70.084981ms: pause 25.8ms, gen 1, span 25.8ms over 2 caps "
			"(from cap 0), 4194304 bytes copied; the longest of the run";
	for (int width = 1; width <= 90; width++) {
		char back[512] = "";
		size_t len = strlen(m), take, k = 0;
		const char *s = m;
		while (len) {
			size_t used = wrap_line(s, len, width, false, &take);
			assert_true(wrap_cols(s, take, false) <= width);
			k += (size_t)snprintf(back + k, sizeof back - k, "%s%.*s", k ? " " : "",
					      (int)take, s);
			s += used;
			len -= used;
		}
		/* broken only at blanks: the lines with one blank between them
		 * are the text again (at widths wider than its longest word) */
		if (width >= 13)
			assert_string_equal(back, m);
	}
}

static void test_wrap_widths(void **state)
{
	(void)state;
	char b[512];
	/* a two-byte character is one column; in ASCII mode its bytes are
	 * \xNN each: 8 columns */
	assert_int_equal(wrap_cols("w\xc3\xb6rker", 7, false), 6);
	assert_int_equal(wrap_cols("w\xc3\xb6rker", 7, true), 13);
	assert_string_equal(lines("w\xc3\xb6rker-1 w\xc3\xb6rker-2", 8, false, b, sizeof b),
			    "w\xc3\xb6rker-1|w\xc3\xb6rker-2|");
	/* never half a character */
	assert_string_equal(lines("\xc3\xb6\xc3\xb6\xc3\xb6", 2, false, b, sizeof b),
			    "\xc3\xb6\xc3\xb6|\xc3\xb6|");
	/* a character wider than the line goes alone */
	assert_string_equal(lines("a\xc3\xb6", 3, true, b, sizeof b), "a|\xc3\xb6|");
}

static void test_wrap_title(void **state)
{
	(void)state;
	char b[256];
	const char *t = "GC pauses: 12 in the window (<Enter>: list a bucket; M: histogram only)";
	/* it fits: as it is */
	assert_string_equal(wrap_title(t, 80, false, b, sizeof b), t);
	/* the last hint goes first, then the group */
	assert_string_equal(wrap_title(t, 60, false, b, sizeof b),
			    "GC pauses: 12 in the window (<Enter>: list a bucket)");
	assert_string_equal(wrap_title(t, 40, false, b, sizeof b), "GC pauses: 12 in the window");
	/* a part that is no key hint stays */
	assert_string_equal(wrap_title("spans: 3 names (START/STOP name; <Enter>: the slowest)", 40,
				       false, b, sizeof b),
			    "spans: 3 names (START/STOP name)");
	/* then it is cut, and says so */
	assert_string_equal(wrap_title(t, 20, true, b, sizeof b), "GC pauses: 12 in...");
	assert_string_equal(wrap_title(t, 20, false, b, sizeof b), "GC pauses: 12 in th\u2026");
	assert_string_equal(wrap_title(t, 2, true, b, sizeof b), "");
}

/* A pane's hints: the last parts give way first, and say so. */
static void test_wrap_hint(void **state)
{
	(void)state;
	const char *h = "heap: M normalises, r ranks by peak, x highlights, >/< more or fewer bands";
	char out[200];
	assert_string_equal(wrap_hint(h, 200, false, out, sizeof out), h);
	assert_string_equal(wrap_hint(h, 55, false, out, sizeof out),
			    "heap: M normalises, r ranks by peak, x highlights, \u2026");
	assert_string_equal(wrap_hint(h, 40, true, out, sizeof out), "heap: M normalises, r ranks by peak, ...");
	assert_string_equal(wrap_hint(h, 25, false, out, sizeof out), "heap: M normalises, \u2026");
	/* a first part alone too wide: cut */
	wrap_hint(h, 10, false, out, sizeof out);
	assert_true(wrap_cols(out, strlen(out), false) <= 10);
	for (int w = 1; w < 90; w++) {
		wrap_hint(h, w, false, out, sizeof out);
		assert_true(wrap_cols(out, strlen(out), false) <= w);
	}
}

/* A line of parts: the lowest rank gives way first, a form at a time,
 * then the next; a part shortened or left out whole, never cut mid-word. */
static void test_wrap_parts(void **state)
{
	(void)state;
	const struct wrap_part p[] = {
		{ NULL, { "f.eventlog" }, 9 },
		{ "  ", { "0ns..5ms" , "" }, 3 },
		{ "  ", { "cursor 1ms", "" }, 2 },
		{ "  ", { "events: all but sched,sparks", "events: 9 of 11" }, 1 },
	};
	char b[200];
	const char *whole = "f.eventlog  0ns..5ms  cursor 1ms  events: all but sched,sparks";
	assert_string_equal(wrap_parts(p, 4, 80, false, b, sizeof b), whole);
	assert_string_equal(wrap_parts(p, 4, (int)strlen(whole), false, b, sizeof b), whole);
	/* the events first, to their short form */
	assert_string_equal(wrap_parts(p, 4, (int)strlen(whole) - 1, false, b, sizeof b),
			    "f.eventlog  0ns..5ms  cursor 1ms  events: 9 of 11");
	/* then the cursor, then the window, whole */
	assert_string_equal(wrap_parts(p, 4, 45, false, b, sizeof b),
			    "f.eventlog  0ns..5ms  events: 9 of 11");
	assert_string_equal(wrap_parts(p, 4, 30, false, b, sizeof b), "f.eventlog  events: 9 of 11");
	/* every part at its last form: cut, and said */
	assert_string_equal(wrap_parts(p, 4, 20, true, b, sizeof b), "f.eventlog  event...");
	for (int w = 0; w < 90; w++) {
		wrap_parts(p, 4, w, false, b, sizeof b);
		assert_true(wrap_cols(b, strlen(b), false) <= w);
	}
	/* of one rank, the first gives way first; a first part left out
	 * takes no separator after it */
	const struct wrap_part q[] = {
		{ "; ", { "aaa", "" }, 1 },
		{ "; ", { "bbb", "b" }, 1 },
	};
	assert_string_equal(wrap_parts(q, 2, 6, false, b, sizeof b), "bbb");
	assert_string_equal(wrap_parts(q, 2, 2, false, b, sizeof b), "b");
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wrap_words),
		cmocka_unit_test(test_wrap_every_byte),
		cmocka_unit_test(test_wrap_widths),
		cmocka_unit_test(test_wrap_title),
		cmocka_unit_test(test_wrap_hint),
		cmocka_unit_test(test_wrap_parts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
