/* cli/report_speedscope: profile --speedscope on a crafted log, byte
 * for byte: the frames (names escaped as RFC 8259 asks, invalid UTF-8 as
 * U+FFFD per maximal subpart, GHC's span forms as file, line and col),
 * the all-capabilities profile (the tree's stacks), one per capability in
 * time order with runs merged, --cap, the window, and the errors. The
 * expected text is written here from the format and the log below, not
 * taken from a run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../model/heap.h"
#include "../../model/store.h"
#include "../../parser/utf8.h"
#include "../../cli/cli.h"
#include "../../model/cctree.h"
#include "../../cli/report.h"
#include "evbuild.h"

static void cc(struct evb *b, uint32_t id, const char *label, const char *module, const char *src)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, id);
	evb_cstr(&pl, label);
	evb_cstr(&pl, module);
	evb_cstr(&pl, src);
	evb_u8(&pl, 0);
	evb_event_pl(b, 161, 1, &pl);
	evb_free(&pl);
}

/* A time sample: cap, stack innermost first. */
static void tick(struct evb *b, uint64_t t, uint32_t cap, const uint32_t *ids, uint8_t n)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, cap);
	evb_u64(&pl, t);
	evb_u8(&pl, n);
	for (uint8_t i = 0; i < n; i++)
		evb_u32(&pl, ids[i]);
	evb_event_pl(b, 167, t, &pl);
	evb_free(&pl);
}

struct fx {
	struct evb b;
	struct store s;
	struct report_ctx c;
};

/* Cost centres: 1 main, 2 with quotes, a backslash, ESC, a tab and a C1
 * CSI (U+009B) in its module, 3 with invalid UTF-8 (a cut sequence, 0xFF,
 * an encoded surrogate) and a valid U+03BB, 4 with U+2028, U+E0001 (a
 * format character above U+FFFF) and U+1F600, 5 GC (built-in). Ticks:
 *   10 cap0 2/1   11 cap0 2/1   12 cap1 3/1   13 cap0 GC   14 cap0 (empty)
 *   15 cap0 4/2/1   16 cap1 9/1 (9 undefined)   17 cap0 2/1 */
static void build(struct fx *x, bool ticks)
{
	struct evb *b = &x->b;
	*b = EVB_INIT;
	evb_begin_header(b);
	evb_type(b, 161, EVB_VAR, "Heap profile cost centre");
	evb_type(b, 167, EVB_VAR, "Time profile sample");
	evb_end_header(b);
	cc(b, 1, "main", "Main", "a.hs:(3,5)-(4,9)");
	cc(b, 2, "q\"b\\s\x1b[31m\t", "M\xc2\x9b", "b.hs:2:1-7");
	cc(b, 3, "\xe2\x82X\xff\xed\xa0\x80\xce\xbb", "Main", "c:d.hs:7:3");
	cc(b, 4, "\xe2\x80\xa8\xf3\xa0\x80\x81\xf0\x9f\x98\x80", "Main", "<entire-module>");
	cc(b, 5, "GC", "GC", "<built-in>");
	if (ticks) {
		tick(b, 10, 0, (const uint32_t[]){ 2, 1 }, 2);
		tick(b, 11, 0, (const uint32_t[]){ 2, 1 }, 2);
		tick(b, 12, 1, (const uint32_t[]){ 3, 1 }, 2);
		tick(b, 13, 0, (const uint32_t[]){ 5 }, 1);
		tick(b, 14, 0, NULL, 0);
		tick(b, 15, 0, (const uint32_t[]){ 4, 2, 1 }, 3);
		tick(b, 16, 1, (const uint32_t[]){ 9, 1 }, 2);
		tick(b, 17, 0, (const uint32_t[]){ 2, 1 }, 2);
	}
	evb_dataend(b);
	char err[128];
	assert_int_equal(store_open_mem(&x->s, b->p, b->n, err, sizeof err), STORE_OK);
	memset(&x->c, 0, sizeof x->c);
	x->c.run.s = x->s; /* the tree reads the ticks from it (a copy of the handle: closed once) */
	assert_true(heap_build(&x->c.run.h, &x->s));
	x->c.o.from = 0;
	x->c.o.to = UINT64_MAX;
	x->c.o.cap = -1;
	x->c.o.path = "some/dir/crafted.eventlog";
}

static int setup(void **state)
{
	struct fx *x = calloc(1, sizeof *x);
	assert_non_null(x);
	build(x, true);
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	struct fx *x = *state;
	heap_free(&x->c.run.h);
	store_close(&x->s);
	evb_free(&x->b);
	free(x);
	return 0;
}

/* report_speedscope's exit status (*rc) and what it printed (malloc'ed). */
static char *run(struct report_ctx *c, int *rc)
{
	fflush(stdout);
	int saved = dup(STDOUT_FILENO);
	FILE *tmp = tmpfile();
	assert_true(saved >= 0 && tmp);
	assert_true(dup2(fileno(tmp), STDOUT_FILENO) >= 0);
	struct cctree t;
	struct cctree_opts co = { c->o.from, c->o.to, c->o.cap >= 0 ? (int32_t)c->o.cap : -1,
				  c->o.builtin, 0 };
	assert_true(cctree_build(&t, &c->run.h, &c->run.s, &co));
	*rc = report_speedscope(c, &t);
	cctree_free(&t);
	fflush(stdout);
	assert_true(dup2(saved, STDOUT_FILENO) >= 0);
	close(saved);
	long n = ftell(tmp);
	assert_true(n >= 0);
	char *out = calloc((size_t)n + 1, 1);
	assert_non_null(out);
	rewind(tmp);
	assert_int_equal(fread(out, 1, (size_t)n, tmp), (size_t)n);
	fclose(tmp);
	/* whatever the names: UTF-8, and no control character but the
	 * newlines between lines */
	assert_true(utf8_valid((const uint8_t *)out, (size_t)n));
	for (long i = 0; i < n; i++)
		assert_true((unsigned char)out[i] >= 0x20 || out[i] == '\n');
	return out;
}

/* The head of the file down to the frames' opening, for this version. */
static char *head(const char *name)
{
	char *h = malloc(4096);
	assert_non_null(h);
	assert_true(snprintf(h, 4096,
			     "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\n"
			     "\"exporter\":\"hectic@%s\",\n"
			     "\"name\":\"%s\",\n"
			     "\"activeProfileIndex\":0,\n"
			     "\"shared\":{\"frames\":[\n",
			     hectic_version, name) < 4096);
	return h;
}

/* The frames by id: 1, 2, 3, 4, 9 (undefined), then MAIN. In JSON: a
 * quotation mark and a backslash escaped; ESC, tab, U+009B, U+2028 and
 * U+E0001 (a surrogate pair) as \u escapes; U+03BB and U+1F600 as they are
 * (UTF-8); E2 82 (a cut sequence) one U+FFFD, FF one, ED A0 80 (a
 * surrogate, never well-formed) three. */
static const char frames[] =
	"{\"name\":\"main (Main, a.hs:(3,5)-(4,9))\",\"file\":\"a.hs\",\"line\":3,\"col\":5},\n"
	"{\"name\":\"q\\\"b\\\\s\\u001b[31m\\u0009 (M\\u009b, b.hs:2:1-7)\",\"file\":\"b.hs\","
	"\"line\":2,\"col\":1},\n"
	"{\"name\":\"\\ufffdX\\ufffd\\ufffd\\ufffd\\ufffd\xce\xbb (Main, c:d.hs:7:3)\","
	"\"file\":\"c:d.hs\",\"line\":7,\"col\":3},\n"
	"{\"name\":\"\\u2028\\udb40\\udc01\xf0\x9f\x98\x80 (Main, <entire-module>)\"},\n"
	"{\"name\":\"<cc 9> (?, ?)\"},\n"
	"{\"name\":\"MAIN (MAIN, <built-in>)\"}]},\n";

/* All capabilities: the tree's stacks with ticks, in its order (children
 * by inherited ticks, then by label: the undefined 9's empty label before
 * 3's); cap 0 in time order (10-11 one run of 2, GC left out, the empty
 * stack, 15, 17); cap 1. */
static const char profiles[] =
	"\"profiles\":[\n"
	"{\"type\":\"sampled\",\"name\":\"all capabilities (ticks)\",\"unit\":\"none\","
	"\"startValue\":0,\"endValue\":7,\n"
	"\"samples\":[\n[5],\n[0,1],\n[0,1,3],\n[0,4],\n[0,2]],\n"
	"\"weights\":[1,3,1,1,1]},\n"
	"{\"type\":\"sampled\",\"name\":\"capability 0 (ticks, in time order)\",\"unit\":\"none\","
	"\"startValue\":0,\"endValue\":5,\n"
	"\"samples\":[\n[0,1],\n[5],\n[0,1,3],\n[0,1]],\n"
	"\"weights\":[2,1,1,1]},\n"
	"{\"type\":\"sampled\",\"name\":\"capability 1 (ticks, in time order)\",\"unit\":\"none\","
	"\"startValue\":0,\"endValue\":2,\n"
	"\"samples\":[\n[0,2],\n[0,4]],\n"
	"\"weights\":[1,1]}]}\n";

static void test_whole_file(void **state)
{
	struct fx *x = *state;
	int rc;
	char *out = run(&x->c, &rc);
	assert_int_equal(rc, 0);
	char *h = head("crafted.eventlog");
	char *want = malloc(strlen(h) + sizeof frames + sizeof profiles);
	assert_non_null(want);
	strcat(strcat(strcpy(want, h), frames), profiles);
	assert_string_equal(out, want);
	free(want);
	free(h);
	free(out);
}

/* --cap 1: that capability alone, in time order; the frames of its stacks
 * only (1, 3, 9). */
static void test_cap(void **state)
{
	struct fx *x = *state;
	x->c.o.cap = 1;
	int rc;
	char *out = run(&x->c, &rc);
	assert_int_equal(rc, 0);
	const char *p = strstr(out, "\"shared\":{\"frames\":[\n");
	assert_non_null(p);
	assert_string_equal(
		p, "\"shared\":{\"frames\":[\n"
		   "{\"name\":\"main (Main, a.hs:(3,5)-(4,9))\",\"file\":\"a.hs\",\"line\":3,\"col\":5},\n"
		   "{\"name\":\"\\ufffdX\\ufffd\\ufffd\\ufffd\\ufffd\xce\xbb (Main, c:d.hs:7:3)\","
		   "\"file\":\"c:d.hs\",\"line\":7,\"col\":3},\n"
		   "{\"name\":\"<cc 9> (?, ?)\"}]},\n"
		   "\"profiles\":[\n"
		   "{\"type\":\"sampled\",\"name\":\"capability 1 (ticks, in time order)\","
		   "\"unit\":\"none\",\"startValue\":0,\"endValue\":2,\n"
		   "\"samples\":[\n[0,1],\n[0,2]],\n"
		   "\"weights\":[1,1]}]}\n");
	free(out);
}

/* --from 11 --to 15 (inclusive): 11 and 14, 15 on cap 0 (13, GC, left
 * out), 12 on cap 1; the window in the file's name. */
static void test_window(void **state)
{
	struct fx *x = *state;
	x->c.o.from = 11;
	x->c.o.to = 15;
	x->c.o.has_from = x->c.o.has_to = true;
	int rc;
	char *out = run(&x->c, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "\"name\":\"crafted.eventlog, 11ns to 15ns\",\n"));
	/* frames: 1, 2, 3, 4, MAIN */
	assert_non_null(strstr(out, "\"all capabilities (ticks)\",\"unit\":\"none\","
				    "\"startValue\":0,\"endValue\":4,\n"
				    "\"samples\":[\n[4],\n[0,1],\n[0,1,3],\n[0,2]],\n"
				    "\"weights\":[1,1,1,1]},\n"));
	assert_non_null(strstr(out, "\"capability 0 (ticks, in time order)\",\"unit\":\"none\","
				    "\"startValue\":0,\"endValue\":3,\n"
				    "\"samples\":[\n[0,1],\n[4],\n[0,1,3]],\n"
				    "\"weights\":[1,1,1]},\n"));
	assert_non_null(strstr(out, "\"capability 1 (ticks, in time order)\",\"unit\":\"none\","
				    "\"startValue\":0,\"endValue\":1,\n"
				    "\"samples\":[\n[0,2]],\n"
				    "\"weights\":[1]}]}\n"));
	free(out);
}

/* --builtin: GC's tick counted, in cap 0's time order (frames 1, 2, 3, 4,
 * GC, 9, MAIN). */
static void test_builtin(void **state)
{
	struct fx *x = *state;
	x->c.o.builtin = true;
	int rc;
	char *out = run(&x->c, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "{\"name\":\"GC (GC, <built-in>)\"},\n"));
	assert_non_null(strstr(out, "\"capability 0 (ticks, in time order)\",\"unit\":\"none\","
				    "\"startValue\":0,\"endValue\":6,\n"
				    "\"samples\":[\n[0,1],\n[4],\n[6],\n[0,1,3],\n[0,1]],\n"
				    "\"weights\":[2,1,1,1,1]},\n"));
	free(out);
}

/* Nothing to write: exit status 1 and nothing on stdout. */
static void test_errors(void **state)
{
	struct fx *x = *state;
	int rc;
	x->c.o.from = x->c.o.to = 13; /* GC's tick alone */
	char *out = run(&x->c, &rc);
	assert_int_equal(rc, EXIT_BADINPUT);
	assert_string_equal(out, "");
	free(out);
	x->c.o.from = 100; /* after every tick */
	x->c.o.to = UINT64_MAX;
	out = run(&x->c, &rc);
	assert_int_equal(rc, EXIT_BADINPUT);
	assert_string_equal(out, "");
	free(out);
	x->c.o.from = 0;
	x->c.o.cap = 7; /* no such capability */
	out = run(&x->c, &rc);
	assert_int_equal(rc, EXIT_BADINPUT);
	assert_string_equal(out, "");
	free(out);
	struct fx y;
	build(&y, false); /* cost centres, no time profile */
	out = run(&y.c, &rc);
	assert_int_equal(rc, EXIT_BADINPUT);
	assert_string_equal(out, "");
	free(out);
	heap_free(&y.c.run.h);
	store_close(&y.s);
	evb_free(&y.b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_whole_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cap, setup, teardown),
		cmocka_unit_test_setup_teardown(test_window, setup, teardown),
		cmocka_unit_test_setup_teardown(test_builtin, setup, teardown),
		cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
