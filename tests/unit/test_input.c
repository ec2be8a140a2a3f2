/* viewer/input.c: key decoding through libtermkey's abstract instance (no
 * terminal): bytes in, canonical key names and mouse events out. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "../../viewer/input.h"

static void key_of(struct input *in, const char *bytes, const char *want)
{
	struct input_event ev;
	input_push(in, bytes, strlen(bytes), &ev);
	assert_int_equal(ev.kind, IN_KEY);
	assert_string_equal(ev.key, want);
}

static void test_keys(void **state)
{
	(void)state;
	struct input *in = input_new_abstract();
	assert_non_null(in);
	key_of(in, "q", "q");
	key_of(in, "?", "?");
	key_of(in, "+", "+");
	key_of(in, "G", "G");
	key_of(in, " ", "<Space>");
	key_of(in, "\r", "<Enter>");
	key_of(in, "\x04", "<C-d>");
	key_of(in, "\x03", "<C-c>");
	key_of(in, "\x1a", "<C-z>"); /* raw mode: Ctrl-Z is a key (suspend) */
	key_of(in, "\x1b[A", "<Up>");
	key_of(in, "\x1b[B", "<Down>");
	key_of(in, "\x1b[D", "<Left>");
	key_of(in, "\x1b[C", "<Right>");
	key_of(in, "\x1b[5~", "<PageUp>");
	key_of(in, "\x1b[6~", "<PageDown>");
	key_of(in, "\x1b[H", "<Home>");
	key_of(in, "\x1b[F", "<End>");
	key_of(in, "\x1bv", "<M-v>");
	key_of(in, "\x7f", "<Backspace>");
	key_of(in, "\xc3\xb6", "\xc3\xb6"); /* ö as typed */
	key_of(in, "\x1b", "<Escape>");     /* a lone Escape, forced */
	input_free(in);
}

static void test_canonical(void **state)
{
	(void)state;
	struct input *in = input_new_abstract();
	char out[48];
	/* names as keymaps and rc files write them come out as input spells
	 * what it reads, so a lookup is a string compare */
	assert_true(input_canonical(in, "<C-d>", out, sizeof out));
	assert_string_equal(out, "<C-d>");
	assert_true(input_canonical(in, "C-d", out, sizeof out));
	assert_string_equal(out, "<C-d>");
	assert_true(input_canonical(in, "<PageUp>", out, sizeof out));
	assert_string_equal(out, "<PageUp>");
	assert_true(input_canonical(in, "q", out, sizeof out));
	assert_string_equal(out, "q");
	assert_true(input_canonical(in, "<Space>", out, sizeof out));
	assert_string_equal(out, "<Space>");
	assert_true(input_canonical(in, "<M-<>", out, sizeof out));
	assert_string_equal(out, "<M-<>");
	assert_false(input_canonical(in, "<NoSuchKey>", out, sizeof out));
	assert_false(input_canonical(in, "", out, sizeof out));
	assert_false(input_canonical(in, "qq", out, sizeof out));
	input_free(in);
}

static void test_mouse(void **state)
{
	(void)state;
	struct input *in = input_new_abstract();
	struct input_event ev;
	/* SGR: press button 1 at column 10, row 5 (1-based) */
	input_push(in, "\x1b[<0;10;5M", 10, &ev);
	assert_int_equal(ev.kind, IN_MOUSE);
	assert_int_equal(ev.mouse.kind, MOUSE_PRESS);
	assert_int_equal(ev.mouse.x, 9);
	assert_int_equal(ev.mouse.y, 4);
	input_push(in, "\x1b[<32;12;5M", 11, &ev);
	assert_int_equal(ev.kind, IN_MOUSE);
	assert_int_equal(ev.mouse.kind, MOUSE_DRAG);
	assert_int_equal(ev.mouse.x, 11);
	input_push(in, "\x1b[<0;12;5m", 10, &ev);
	assert_int_equal(ev.kind, IN_MOUSE);
	assert_int_equal(ev.mouse.kind, MOUSE_RELEASE);
	input_push(in, "\x1b[<64;20;3M", 11, &ev);
	assert_int_equal(ev.kind, IN_MOUSE);
	assert_int_equal(ev.mouse.kind, MOUSE_WHEEL_UP);
	input_push(in, "\x1b[<65;20;3M", 11, &ev);
	assert_int_equal(ev.kind, IN_MOUSE);
	assert_int_equal(ev.mouse.kind, MOUSE_WHEEL_DOWN);
	input_free(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_canonical),
		cmocka_unit_test(test_mouse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
