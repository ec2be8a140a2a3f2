/* model/spans: user events paired per thread and name, in O(1) expected
 * table probes per event however many names there are. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../model/spans.h"
#include "../../model/store.h"
#include "evbuild.h"

#define EV_RUN 1
#define EV_MSG 19
#define EV_MARK 58

static void header(struct evb *b)
{
	evb_begin_header(b);
	evb_type(b, EV_RUN, 4, "Run thread");
	evb_type(b, 18, 14, "Block marker");
	evb_type(b, EV_MSG, EVB_VAR, "User message");
	evb_type(b, EV_MARK, EVB_VAR, "User marker");
	evb_end_header(b);
}

static void run(struct evb *body, uint64_t t, uint32_t thread)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, thread);
	evb_event_pl(body, EV_RUN, t, &pl);
	evb_free(&pl);
}

/* (a block's body declares no types: the variable size is written here) */
static void text(struct evb *body, uint16_t tag, uint64_t t, const char *s)
{
	evb_event_len(body, tag, t, (uint16_t)strlen(s), s, strlen(s));
}

/* A block of cap's events from t0 to t1. */
static void block(struct evb *b, const struct evb *body, uint64_t t0, uint64_t t1, uint16_t cap)
{
	evb_marker(b, t0, (uint32_t)(24 + body->n), t1, cap);
	evb_bytes(b, body->p, body->n);
}

static void build(struct spans *sp, struct store *s, const struct evb *b)
{
	char err[128];
	assert_int_equal(store_open_mem(s, b->p, b->n, err, sizeof err), STORE_OK);
	struct span_rules r;
	assert_true(span_rules_default(&r));
	assert_true(spans_build(sp, s, &r));
	span_rules_free(&r);
}

static const struct span *find(const struct spans *sp, uint64_t start)
{
	for (size_t i = 0; i < sp->n; i++)
		if (sp->v[i].start == start)
			return &sp->v[i];
	fail_msg("no span starts at %llu", (unsigned long long)start);
	return NULL;
}

/* Most recent start of the name first, on the thread running on the
 * posting capability; a stop of a name open only on another thread, or
 * never started, is unmatched; a start never stopped is unclosed. */
static void test_pairing(void **state)
{
	(void)state;
	struct evb b = EVB_INIT, c0 = EVB_INIT, c1 = EVB_INIT;
	header(&b);
	run(&c0, 100, 1);
	text(&c0, EV_MSG, 110, "START a");
	text(&c0, EV_MSG, 120, "START a");
	text(&c0, EV_MSG, 125, "START b");
	text(&c0, EV_MSG, 130, "STOP a");
	text(&c0, EV_MSG, 140, "STOP a");
	text(&c0, EV_MSG, 150, "STOP c");
	text(&c0, EV_MSG, 160, "STOP b");
	text(&c0, EV_MSG, 165, "STOP x");
	run(&c1, 100, 2);
	text(&c1, EV_MSG, 105, "START x");
	text(&c1, EV_MARK, 180, "y begin");
	text(&c1, EV_MARK, 190, "y end");
	block(&b, &c0, 100, 165, 0);
	block(&b, &c1, 100, 190, 1);
	evb_dataend(&b);
	struct store s;
	struct spans sp;
	build(&sp, &s, &b);
	assert_int_equal(sp.n, 4);
	assert_int_equal(sp.unmatched_stops, 2);
	assert_int_equal(sp.unclosed, 1);
	assert_false(sp.over_budget);
	assert_int_equal(sp.nnames, 4); /* in order of first appearance: x a b y */
	const char *names[] = { "x", "a", "b", "y" };
	for (size_t i = 0; i < 4; i++) {
		assert_string_equal(sp.names[i].text, names[i]);
		assert_int_equal(sp.names[i].len, 1);
	}
	const struct span *outer = find(&sp, 110), *inner = find(&sp, 120), *bb = find(&sp, 125),
			  *y = find(&sp, 180);
	assert_int_equal(outer->end, 140);
	assert_int_equal(outer->depth, 0);
	assert_int_equal(inner->end, 130);
	assert_int_equal(inner->depth, 1);
	assert_int_equal(bb->end, 160);
	assert_int_equal(bb->depth, 2);
	assert_int_equal(bb->name, 2);
	assert_int_equal(bb->thread, 1);
	assert_int_equal(y->end, 190);
	assert_int_equal(y->depth, 1); /* x is open on thread 2 */
	assert_int_equal(y->thread, 2);
	assert_int_equal(y->cap, 1);
	assert_int_equal(sp.names[1].count, 2);
	assert_int_equal(sp.names[1].total, 30 + 10);
	spans_free(&sp);
	store_close(&s);
	evb_free(&b);
	evb_free(&c0);
	evb_free(&c1);
}

/* n distinct names started, then stopped oldest first (or, with miss,
 * names never started stopped): every stop's span is the oldest open one. */
static void many(struct evb *b, unsigned n, bool miss)
{
	struct evb c0 = EVB_INIT;
	header(b);
	run(&c0, 1000, 1);
	char s[32];
	uint64_t t = 1010;
	for (unsigned i = 0; i < n; i++, t += 10) {
		snprintf(s, sizeof s, "START s%u", i);
		text(&c0, EV_MSG, t, s);
	}
	for (unsigned i = 0; i < n; i++, t += 10) {
		snprintf(s, sizeof s, miss ? "STOP x%u" : "STOP s%u", i);
		text(&c0, EV_MSG, t, s);
	}
	block(b, &c0, 1000, t, 0);
	evb_dataend(b);
	evb_free(&c0);
}

/* The operation count that keeps the pass linear: 30,000 distinct names,
 * all open at once, then stopped oldest first (the old pass scanned every
 * name per start and the thread's open spans per stop: ~10^9 steps). The
 * tables examine a few slots per lookup, and a start or a stop makes at
 * most four lookups. */
static void test_distinct_names(void **state)
{
	(void)state;
	enum { N = 30000 };
	struct evb b = EVB_INIT;
	many(&b, N, false);
	struct store s;
	struct spans sp;
	build(&sp, &s, &b);
	assert_false(sp.over_budget);
	assert_int_equal(sp.nnames, N);
	assert_int_equal(sp.n, N);
	assert_int_equal(sp.unmatched_stops, 0);
	assert_int_equal(sp.unclosed, 0);
	char want[32];
	for (unsigned i = 0; i < N; i++) {
		const struct span *x = &sp.v[i]; /* by start time: s0, s1, ... */
		assert_int_equal(x->start, 1010 + 10 * (uint64_t)i);
		assert_int_equal(x->end - x->start, 10 * (uint64_t)N);
		assert_int_equal(x->depth, i);
		assert_int_equal(x->name, i);
		snprintf(want, sizeof want, "s%u", i);
		assert_string_equal(sp.names[i].text, want);
		assert_int_equal(sp.names[i].count, 1);
	}
	assert_true(sp.probes >= 2 * (uint64_t)N);
	assert_true(sp.probes <= 4 * 3 * 2 * (uint64_t)N);
	spans_free(&sp);
	store_close(&s);
	evb_free(&b);
}

static void test_distinct_misses(void **state)
{
	(void)state;
	enum { N = 30000 };
	struct evb b = EVB_INIT;
	many(&b, N, true);
	struct store s;
	struct spans sp;
	build(&sp, &s, &b);
	assert_int_equal(sp.n, 0);
	assert_int_equal(sp.nnames, N); /* a stop names nothing new */
	assert_int_equal(sp.unmatched_stops, N);
	assert_int_equal(sp.unclosed, N);
	assert_true(sp.probes <= 4 * 3 * 2 * (uint64_t)N);
	spans_free(&sp);
	store_close(&s);
	evb_free(&b);
}

/* More names than the budget (8 MB for a small log) holds: the tables
 * stop growing and say so; the names kept still pair. */
static void test_budget(void **state)
{
	(void)state;
	enum { N = 150000 };
	struct evb b = EVB_INIT;
	many(&b, N, false);
	struct store s;
	struct spans sp;
	build(&sp, &s, &b);
	assert_true(sp.over_budget);
	assert_true(sp.nnames >= 10000 && sp.nnames < N);
	assert_true(sp.n > 0 && sp.n <= sp.nnames);
	assert_true(sp.unmatched_stops >= N - sp.nnames); /* the names left out */
	assert_true(sp.n + sp.unmatched_stops <= N);
	for (size_t i = 0; i < sp.n; i++)
		assert_int_equal(sp.v[i].end - sp.v[i].start, 10 * (uint64_t)N);
	assert_true(sp.probes <= 4 * 3 * 2 * (uint64_t)N);
	spans_free(&sp);
	store_close(&s);
	evb_free(&b);
}

/* A rule whose regex would blow up is refused before regcomp, saying why. */
static void test_rule_refused(void **state)
{
	(void)state;
	struct span_rules r = { .n = 0 };
	char err[200];
	assert_false(span_rules_add(&r, "^((a{1,100}){1,100}){1,100}(x)$", "^STOP (.+)$", err,
				    sizeof err));
	assert_non_null(strstr(err, "refused: too large: its repetitions expand to"));
	assert_int_equal(r.n, 0);
	assert_false(span_rules_add(&r, "^go (.+)$", "^(a*)*\\1x$", err, sizeof err));
	assert_non_null(strstr(err, "back-reference"));
	assert_int_equal(r.n, 0);
	assert_true(span_rules_add(&r, "^go (.+)$", "^done (.+)$", err, sizeof err));
	assert_int_equal(r.n, 1);
	span_rules_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pairing),
		cmocka_unit_test(test_distinct_names),
		cmocka_unit_test(test_distinct_misses),
		cmocka_unit_test(test_budget),
		cmocka_unit_test(test_rule_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
