/* viewer/findings_text.c: the findings pane's rows (the cost in the digits
 * of hectic doctor --tsv, the interval in its text's seconds), the
 * selected finding's detail escaped and wrapped, what to do first, and
 * the list's rows against the detail's. No terminal. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "../../viewer/findings_text.h"
#include "../../viewer/wrap.h"

static struct finding mk(enum doctor_kind k, double cost, uint64_t from, uint64_t to,
			 const char *ev, const char *adv, const char *rts)
{
	struct finding f = { .kind = k, .cost = cost, .from = from, .to = to };
	snprintf(f.evidence, sizeof f.evidence, "%s", ev);
	snprintf(f.advice, sizeof f.advice, "%s", adv);
	snprintf(f.rts, sizeof f.rts, "%s", rts);
	return f;
}

static void test_findings_row(void **state)
{
	(void)state;
	char b[160];
	struct finding f = mk(DOCTOR_NURSERY, 0.594512, 151677761, 155592026, "", "", "");
	assert_string_equal(findings_row(b, sizeof b, 1, &f),
			    "1. nursery      WARNING  59.45%  0.152s-0.156s");
	/* 0.59449999 is 0.5945 in the TSV: the same digits here */
	f.cost = 0.5944999999;
	assert_string_equal(findings_row(b, sizeof b, 1, &f),
			    "1. nursery      WARNING  59.45%  0.152s-0.156s");
	f = mk(DOCTOR_PARALLELISM, 0.0130, 227393718, 232111430, "", "", "");
	assert_string_equal(findings_row(b, sizeof b, 1, &f),
			    "1. parallelism  info      1.30%  0.227s-0.232s");
	/* the warning's edge (DOCTOR_WARN), and the whole run */
	f.cost = 0.05;
	assert_non_null(strstr(findings_row(b, sizeof b, 2, &f), "WARNING   5.00%"));
	f = mk(DOCTOR_MAJOR_PAUSES, 1.0, 0, 2500000000u, "", "", "");
	assert_string_equal(findings_row(b, sizeof b, 9, &f),
			    "9. major-pauses WARNING 100.00%  0.000s-2.500s");
	/* cut to the buffer, never past it */
	char small[12];
	findings_row(small, sizeof small, 1, &f);
	assert_int_equal(strlen(small), sizeof small - 1);
}

/* The detail's lines, each ended by '|', into out. */
static const char *lines(const struct findings_text *t, char *out, size_t n)
{
	size_t w = 0;
	out[0] = 0;
	for (size_t i = 0; i < t->nline && w < n; i++)
		w += (size_t)snprintf(out + w, n - w, "%*s%.*s|", t->line[i].indent, "",
				      (int)t->line[i].len, t->b.p + t->line[i].off);
	return out;
}

static void test_findings_detail(void **state)
{
	(void)state;
	struct finding f = mk(DOCTOR_NURSERY, 0.6, 0, 1, "many minor collections",
			      "give each capability a larger allocation area", "-A32m -n2m");
	struct findings_text t;
	char out[2000];
	/* what to do first: the flags, the advice, then the evidence */
	assert_true(findings_text_make(&t, &f, 80, false));
	assert_string_equal(lines(&t, out, sizeof out),
			    "try: +RTS -A32m -n2m -RTS|advice: give each capability a larger "
			    "allocation area|evidence: many minor collections|");
	findings_text_free(&t);
	/* wrapped at blanks, the lines after a paragraph's first indented,
	 * each within the width with its indent */
	assert_true(findings_text_make(&t, &f, 20, false));
	assert_string_equal(lines(&t, out, sizeof out),
			    "try: +RTS -A32m -n2m|  -RTS|advice: give each|  capability a|  "
			    "larger allocation|  area|evidence: many minor|  collections|");
	for (size_t i = 0; i < t.nline; i++)
		assert_true(t.line[i].indent + wrap_cols(t.b.p + t.line[i].off, t.line[i].len,
							  false) <= 20);
	findings_text_free(&t);
	/* no flags: no try line */
	f.rts[0] = 0;
	assert_true(findings_text_make(&t, &f, 80, false));
	assert_int_equal(t.nline, 2);
	assert_memory_equal(t.b.p + t.line[0].off, "advice: ", 8);
	findings_text_free(&t);
}

static void test_findings_escaped(void **state)
{
	(void)state;
	/* a thread's label from the file, with a terminal's escape and a
	 * newline in it: escaped, never sent as they are */
	struct finding f = mk(DOCTOR_MVAR, 0.2, 0, 1, "thread \x1b[2Jworker\n2 waited", "a", "");
	struct findings_text t;
	assert_true(findings_text_make(&t, &f, 40, false));
	for (size_t i = 0; i < t.b.n; i++)
		assert_true((unsigned char)t.b.p[i] >= 0x20 && t.b.p[i] != 0x7f);
	char out[400];
	assert_non_null(strstr(lines(&t, out, sizeof out), "worker"));
	findings_text_free(&t);
	/* a width too small for anything still makes lines, each a piece */
	assert_true(findings_text_make(&t, &f, 1, true));
	assert_true(t.nline > 3);
	findings_text_free(&t);
}

static void test_findings_list_rows(void **state)
{
	(void)state;
	/* all rows when the detail fits under them */
	assert_int_equal(findings_list_rows(2, 10, 5), 2);
	/* a long detail: the list keeps half the rows, or all it has */
	assert_int_equal(findings_list_rows(9, 10, 20), 5);
	assert_int_equal(findings_list_rows(2, 10, 20), 2);
	/* a short detail: the list takes the rest */
	assert_int_equal(findings_list_rows(9, 10, 3), 7);
	/* at least one row; none without findings or room */
	assert_int_equal(findings_list_rows(3, 1, 9), 1);
	assert_int_equal(findings_list_rows(0, 10, 0), 0);
	assert_int_equal(findings_list_rows(3, 0, 0), 0);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_findings_row),
		cmocka_unit_test(test_findings_detail),
		cmocka_unit_test(test_findings_escaped),
		cmocka_unit_test(test_findings_list_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
