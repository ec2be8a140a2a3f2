/* model/phases: the messages a regex picks for the ruler, the phases from
 * one pick to the next, and their names, against what the log was built
 * with. */
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../model/phases.h"
#include "../../model/store.h"
#include "../../model/tracks.h"
#include "evbuild.h"

#define EV_LOG 16
#define EV_MSG 19
#define EV_MARK 58
#define EV_BIN 181

static void header(struct evb *b)
{
	evb_begin_header(b);
	evb_type(b, EV_LOG, EVB_VAR, "Log message");
	evb_type(b, 18, 14, "Block marker");
	evb_type(b, EV_MSG, EVB_VAR, "User message");
	evb_type(b, EV_MARK, EVB_VAR, "User marker");
	evb_type(b, EV_BIN, EVB_VAR, "User binary message");
	evb_end_header(b);
}

/* (a block's body declares no types: the variable size is written here) */
static void text(struct evb *body, uint16_t tag, uint64_t t, const char *s)
{
	evb_event_len(body, tag, t, (uint16_t)strlen(s), s, strlen(s));
}

/* A block of cap 0's events from t0 to t1. */
static void block(struct evb *b, const struct evb *body, uint64_t t0, uint64_t t1)
{
	evb_marker(b, t0, (uint32_t)(24 + body->n), t1, 0);
	evb_bytes(b, body->p, body->n);
}

struct lg {
	struct evb b;
	struct store s;
	struct tracks tr;
};

static void open_log(struct lg *l)
{
	char err[128];
	assert_int_equal(store_open_mem(&l->s, l->b.p, l->b.n, err, sizeof err), STORE_OK);
	assert_true(tracks_build(&l->tr, &l->s));
}

static void close_log(struct lg *l)
{
	tracks_free(&l->tr);
	store_close(&l->s);
	evb_free(&l->b);
}

static void comp(regex_t *re, const char *pattern)
{
	assert_int_equal(regcomp(re, pattern, REG_EXTENDED), 0);
}

/* The mark at time t (the test's times are distinct). */
static size_t mark_at(const struct tracks *tr, uint64_t t)
{
	size_t i = tracks_mark_from(tr, t);
	assert_true(i < tr->nmarks);
	assert_int_equal(tr->marks[i].time, t);
	return i;
}

static void assert_name(const struct lg *l, const regex_t *re, uint64_t t, const char *want)
{
	size_t n;
	const uint8_t *nm = phases_name(&l->tr, &l->s, re, mark_at(&l->tr, t), &n);
	assert_non_null(nm);
	char got[128];
	assert_true(n < sizeof got);
	memcpy(got, nm, n);
	got[n] = 0;
	assert_string_equal(got, want);
}

/* GHC's progress lines among other messages: user and log messages and
 * markers that match are picked, a binary message never is (its bytes
 * match too); each phase lasts until the next pick, the last until one
 * past the log's last event; a phase's name is the first group. */
static void test_compiling(void **state)
{
	(void)state;
	struct lg l = { .b = EVB_INIT };
	struct evb c = EVB_INIT;
	header(&l.b);
	text(&c, EV_MSG, 100, "[1 of 3] Compiling GHC.Types.Id.Info ( a.hs, a.o )");
	text(&c, EV_MSG, 150, "unrelated");
	text(&c, EV_MARK, 200, "Compiling GHC.Types.Id.Make");
	text(&c, EV_BIN, 250, "Compiling Binary");
	text(&c, EV_LOG, 300, "[3 of 3] Compiling Main ( m.hs, m.o )");
	text(&c, EV_MSG, 400, "Linking app ...");
	text(&c, EV_MSG, 500, "end");
	block(&l.b, &c, 100, 500);
	evb_dataend(&l.b);
	open_log(&l);
	assert_int_equal(l.tr.nmarks, 7);
	regex_t re;
	comp(&re, "Compiling[[:space:]]+([^[:space:]]+)");
	struct phases p;
	assert_true(phases_build(&p, &l.tr, &l.s, &re));
	assert_true(p.complete);
	assert_int_equal(p.n, 3);
	assert_int_equal(p.end, l.s.tmax + 1);
	assert_int_equal(l.s.tmax, 500);
	uint64_t picked[] = { 100, 200, 300 };
	size_t k = 0;
	for (size_t i = 0; i < l.tr.nmarks; i++)
		if (phases_picked(&p, i))
			assert_int_equal(l.tr.marks[i].time, picked[k++]);
	assert_int_equal(k, 3);
	assert_false(phases_picked(&p, mark_at(&l.tr, 250))); /* binary */
	/* the phases, and which holds a time */
	uint64_t a, b;
	phases_span(&p, &l.tr, mark_at(&l.tr, 100), &a, &b);
	assert_int_equal(a, 100);
	assert_int_equal(b, 200);
	phases_span(&p, &l.tr, mark_at(&l.tr, 200), &a, &b);
	assert_int_equal(b, 300);
	phases_span(&p, &l.tr, mark_at(&l.tr, 300), &a, &b);
	assert_int_equal(a, 300);
	assert_int_equal(b, 501);
	assert_int_equal(phases_at(&p, &l.tr, 99), -1);
	assert_int_equal(phases_at(&p, &l.tr, 100), (long)mark_at(&l.tr, 100));
	assert_int_equal(phases_at(&p, &l.tr, 199), (long)mark_at(&l.tr, 100));
	assert_int_equal(phases_at(&p, &l.tr, 260), (long)mark_at(&l.tr, 200));
	assert_int_equal(phases_at(&p, &l.tr, 500), (long)mark_at(&l.tr, 300));
	assert_int_equal(phases_at(&p, &l.tr, 501), -1);
	/* names: the group's text */
	assert_name(&l, &re, 100, "GHC.Types.Id.Info");
	assert_name(&l, &re, 200, "GHC.Types.Id.Make");
	assert_name(&l, &re, 300, "Main");
	phases_free(&p);
	regfree(&re);
	/* no group, a group that took no part, an empty one: the whole text */
	const char *whole[] = { "Compiling", "Compiling|(Linking)", "Compiling()" };
	for (size_t i = 0; i < 3; i++) {
		comp(&re, whole[i]);
		assert_name(&l, &re, 300, "[3 of 3] Compiling Main ( m.hs, m.o )");
		regfree(&re);
	}
	comp(&re, "Compiling|(Linking)");
	assert_name(&l, &re, 400, "Linking");
	regfree(&re);
	/* nothing matches: no picks, and no phase anywhere */
	comp(&re, "^nothing$");
	assert_true(phases_build(&p, &l.tr, &l.s, &re));
	assert_int_equal(p.n, 0);
	assert_int_equal(phases_at(&p, &l.tr, 300), -1);
	assert_int_equal(phases_next(&p, 0), -1);
	assert_int_equal(phases_prev(&p, l.tr.nmarks), -1);
	phases_free(&p);
	regfree(&re);
	close_log(&l);
	evb_free(&c);
}

/* phases_next and phases_prev across the bitmap's words, against a walk of
 * the picks one by one, for every start. */
static void test_next_prev(void **state)
{
	(void)state;
	struct lg l = { .b = EVB_INIT };
	struct evb c = EVB_INIT;
	header(&l.b);
	const size_t n = 300;
	for (size_t i = 0; i < n; i++) {
		/* picks at 0, 63, 64, 127, 128 and every seventh past 130 */
		bool pick = i == 0 || i == 63 || i == 64 || i == 127 || i == 128 ||
			    (i > 130 && i % 7 == 0);
		text(&c, EV_MSG, 1000 + i, pick ? "yes" : "no");
	}
	block(&l.b, &c, 1000, 1000 + n - 1);
	evb_dataend(&l.b);
	open_log(&l);
	assert_int_equal(l.tr.nmarks, n);
	regex_t re;
	comp(&re, "^yes$");
	struct phases p;
	assert_true(phases_build(&p, &l.tr, &l.s, &re));
	for (size_t from = 0; from <= n + 64; from++) {
		long want = -1;
		for (size_t i = from; i < n && want < 0; i++)
			if (phases_picked(&p, i))
				want = (long)i;
		assert_int_equal(phases_next(&p, from), want);
		want = -1;
		for (size_t i = from < n ? from : n; i-- > 0 && want < 0;)
			if (phases_picked(&p, i))
				want = (long)i;
		assert_int_equal(phases_prev(&p, from), want);
	}
	assert_true(phases_picked(&p, 63) && phases_picked(&p, 64) && !phases_picked(&p, 65));
	phases_free(&p);
	regfree(&re);
	close_log(&l);
	evb_free(&c);
}

/* More messages than the tracks' lists may keep (their budget: at least
 * 8 MB): the marks stop growing, the picks say they are not complete, and
 * the last phase ends at the last mark kept, not at the log's end. */
static void test_over_budget(void **state)
{
	(void)state;
	struct lg l = { .b = EVB_INIT };
	header(&l.b);
	const uint64_t n = 400000, per = 10000;
	for (uint64_t i = 0; i < n; i += per) {
		struct evb c = EVB_INIT;
		for (uint64_t j = i; j < i + per; j++)
			text(&c, EV_MSG, 1000 + 10 * j, j % 1000 ? "Compiling M" : "other");
		block(&l.b, &c, 1000 + 10 * i, 1000 + 10 * (i + per - 1));
		evb_free(&c);
	}
	evb_dataend(&l.b);
	open_log(&l);
	assert_true(l.tr.over_budget);
	assert_true(l.tr.nmarks < n);
	regex_t re;
	comp(&re, "^Compiling");
	struct phases p;
	assert_true(phases_build(&p, &l.tr, &l.s, &re));
	assert_false(p.complete);
	assert_int_equal(p.end, l.tr.marks[l.tr.nmarks - 1].time + 1);
	assert_true(p.end < l.s.tmax);
	long last = phases_prev(&p, l.tr.nmarks);
	assert_true(last >= 0);
	uint64_t a, b;
	phases_span(&p, &l.tr, (size_t)last, &a, &b);
	assert_int_equal(b, p.end);
	assert_int_equal(phases_at(&p, &l.tr, l.s.tmax), -1);
	phases_free(&p);
	regfree(&re);
	close_log(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compiling),
		cmocka_unit_test(test_next_prev),
		cmocka_unit_test(test_over_budget),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
