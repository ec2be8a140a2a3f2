/* model/spans: user events paired per thread and name, in O(1) expected
 * table probes per event however many names there are. */
#include <glob.h>
#include <locale.h>
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
#include "parts.h"

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

/* ---- the thread of each pairing event, found near it ---- */

#define EV_CREATE 0
#define EV_STOP 2
#define NCAP 4
#define BLOCK_EVENTS 200

struct gen {
	struct evb *b;
	struct evb body[NCAP];
	uint64_t t0[NCAP], t1[NCAP];
	unsigned n[NCAP];
	uint64_t seed;
};

static uint32_t rnd(struct gen *g)
{
	g->seed = g->seed * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(g->seed >> 33);
}

/* cap's block goes into the file (blocks of the caps interleave in time:
 * each starts before the others' last ended) */
static void flush(struct gen *g, int c)
{
	if (!g->n[c])
		return;
	block(g->b, &g->body[c], g->t0[c], g->t1[c], (uint16_t)c);
	evb_free(&g->body[c]);
	g->body[c] = EVB_INIT;
	g->n[c] = 0;
}

static struct evb *at(struct gen *g, int c, uint64_t t)
{
	if (g->n[c] >= BLOCK_EVENTS)
		flush(g, c);
	if (!g->n[c]++)
		g->t0[c] = t;
	g->t1[c] = t;
	return &g->body[c];
}

static void put_u32(struct gen *g, int c, uint16_t tag, uint64_t t, uint32_t v)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, v);
	if (tag == EV_STOP) {
		evb_u16(&pl, 1);
		evb_u32(&pl, 0);
	}
	evb_event_pl(at(g, c, t), tag, t, &pl);
	evb_free(&pl);
}

static void put_text(struct gen *g, int c, uint64_t t, const char *s)
{
	text(at(g, c, t), EV_MSG, t, s);
}

/* Where a threads_log puts its spans: every pairs-th step of [first,
 * last), on the capabilities of caps (bit c: cap c). */
struct where {
	unsigned pairs, first, last, caps;
	unsigned switch1; /* cap 1 runs thread 78, 79, ... from every switch1-th step (0: never) */
};

/* nsteps steps 10 ns apart: caps 0 and 2 run and stop threads; cap 1 runs
 * thread 77 from the start and never stops it (its state is far back);
 * cap 3 runs nothing; fillers everywhere. Spans as w says: a START (and a
 * little later, on the same cap, its STOP) of a name of its own; some at
 * the very time of a RUN_THREAD on their cap, just after it or just before
 * it in the file. */
static void threads_log(struct evb *b, unsigned nsteps, const struct where *w, uint64_t seed)
{
	struct gen g = { .b = b, .seed = seed };
	evb_begin_header(b);
	evb_type(b, EV_CREATE, 4, "Create thread");
	evb_type(b, EV_RUN, 4, "Run thread");
	evb_type(b, EV_STOP, 10, "Stop thread");
	evb_type(b, 18, 14, "Block marker");
	evb_type(b, EV_MSG, EVB_VAR, "User message");
	evb_end_header(b);
	put_u32(&g, 1, EV_RUN, 1000, 77);
	char s[48];
	int open_cap = -1;
	unsigned name = 0, stop_at = 0;
	for (unsigned i = 1; i < nsteps; i++) {
		uint64_t t = 1000 + 10 * (uint64_t)i;
		int c = (int)(rnd(&g) % NCAP);
		uint32_t r = rnd(&g) % 10;
		if (c == 0 || c == 2) {
			if (r < 3)
				put_u32(&g, c, EV_RUN, t, 1 + rnd(&g) % 50);
			else if (r < 5) /* (the thread it names is not the one that runs after) */
				put_u32(&g, c, EV_STOP, t, 1 + rnd(&g) % 50);
			else
				put_u32(&g, c, EV_CREATE, t, 500);
		} else if (c == 1 && w->switch1 && i % w->switch1 == 0) {
			put_u32(&g, c, EV_RUN, t, 77 + i / w->switch1);
		} else {
			put_u32(&g, c, EV_CREATE, t, 600);
		}
		if (open_cap < 0 && i % w->pairs == w->pairs / 2 && i >= w->first && i < w->last) {
			do
				open_cap = (int)(rnd(&g) % NCAP);
			while (!(w->caps >> open_cap & 1));
			stop_at = i + 1 + rnd(&g) % 3;
			snprintf(s, sizeof s, "START n%u", name);
			uint32_t tie = rnd(&g) % 3; /* a RUN at the same time, before or after */
			if (tie == 1 && open_cap != 1)
				put_u32(&g, open_cap, EV_RUN, t + 1, 200 + name);
			put_text(&g, open_cap, t + 1, s);
			if (tie == 2 && open_cap != 1)
				put_u32(&g, open_cap, EV_RUN, t + 1, 300 + name);
		} else if (open_cap >= 0 && i == stop_at) {
			snprintf(s, sizeof s, "STOP n%u", name++);
			put_text(&g, open_cap, t + 2, s);
			open_cap = -1;
		}
	}
	for (int c = 0; c < NCAP; c++)
		flush(&g, c);
	evb_dataend(b);
}

/* The running thread of each user event's capability, by the event's
 * time: every event in merged order, each capability's state kept (the
 * whole-log pass, written out here). */
static uint32_t *reference_threads(const struct store *s, uint64_t tmax)
{
	uint32_t *by_time = calloc(tmax + 1, sizeof *by_time), running[NCAP] = { 0 };
	assert_non_null(by_time);
	struct merge *m = merge_new(s);
	int32_t cap;
	const struct ev *e;
	while ((e = merge_next(m, &cap))) {
		if (cap < 0 || cap >= NCAP)
			continue;
		if (e->tag == EV_RUN)
			running[cap] = (uint32_t)e->f[0].u;
		else if (e->tag == EV_STOP)
			running[cap] = 0;
		else if (e->tag == EV_MSG)
			by_time[e->time] = running[cap];
	}
	merge_free(m);
	return by_time;
}

static void build_mode(struct spans *sp, const struct store *s, bool full)
{
	struct span_rules r;
	assert_true(span_rules_default(&r));
	spans_full_scan = full;
	assert_true(spans_build(sp, s, &r));
	spans_full_scan = false;
	span_rules_free(&r);
}

static void assert_same_spans(const struct spans *near, const struct spans *full)
{
	assert_int_equal(near->n, full->n);
	assert_int_equal(near->nnames, full->nnames);
	assert_int_equal(near->unmatched_stops, full->unmatched_stops);
	assert_int_equal(near->unclosed, full->unclosed);
	assert_int_equal(near->over_budget, full->over_budget);
	for (size_t k = 0; k < near->nnames; k++)
		assert_string_equal(near->names[k].text, full->names[k].text);
	for (size_t i = 0; i < near->n; i++) {
		const struct span *x = &near->v[i], *y = &full->v[i];
		assert_int_equal(x->start, y->start);
		assert_int_equal(x->end, y->end);
		assert_int_equal(x->name, y->name);
		assert_int_equal(x->thread, y->thread);
		assert_int_equal(x->cap, y->cap);
		assert_int_equal(x->depth, y->depth);
	}
}

/* From the tracks' marks, with the tracks built serially and in every
 * split test_parts has (s's bytes opened again for each), the spans are
 * those of sp; the marks knew every thread. */
static void compare_marks(const struct store *s, const struct spans *sp)
{
	struct span_rules r;
	assert_true(span_rules_default(&r));
	for (size_t k = 0; k < NTEST_PARTS; k++) {
		struct parts_saved sv = parts_force(test_parts[k]);
		struct store s2;
		char err[256];
		enum store_status st = store_open_mem(&s2, s->map, s->size, err, sizeof err);
		parts_restore(sv);
		assert_int_equal(st, STORE_OK);
		struct tracks tr;
		assert_true(tracks_build(&tr, &s2));
		assert_true(tr.marks_threads);
		struct spans m;
		assert_true(spans_build_marks(&m, &s2, &tr, &r));
		assert_same_spans(&m, sp);
		spans_free(&m);
		tracks_free(&tr);
		store_close(&s2);
	}
	span_rules_free(&r);
}

/* Found near each event, by one pass, or from the tracks' marks, the
 * spans are the same. */
static void compare_modes(const struct store *s, struct spans *near, struct spans *full)
{
	build_mode(near, s, false);
	build_mode(full, s, true);
	assert_true(full->full_scan);
	assert_same_spans(near, full);
	compare_marks(s, near);
}

/* compare_modes, and each span's thread is the one running on its
 * capability at its start and at its end (the reference). */
static void check_threads(const struct store *s, struct spans *near, struct spans *full)
{
	compare_modes(s, near, full);
	uint32_t *ref = reference_threads(s, s->tmax);
	for (size_t i = 0; i < near->n; i++) {
		const struct span *x = &near->v[i];
		assert_int_equal(x->thread, ref[x->start]);
		assert_int_equal(x->thread, ref[x->end]);
	}
	free(ref);
}

/* Every fixture: the same spans either way. */
static void test_fixtures_modes(void **state)
{
	(void)state;
	glob_t g;
	assert_int_equal(glob("tests/fixtures/*.eventlog", 0, NULL, &g), 0);
	assert_true(g.gl_pathc >= 10);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		struct store s;
		char err[256];
		assert_int_equal(store_open(&s, g.gl_pathv[i], err, sizeof err), STORE_OK);
		struct spans near, full;
		compare_modes(&s, &near, &full);
		spans_free(&near);
		spans_free(&full);
		store_close(&s);
	}
	globfree(&g);
}

/* A few spans in a long log, on capabilities that run threads: the
 * threads are found near each, a small part of the events read. */
static void test_threads_near(void **state)
{
	(void)state;
	const struct where w = { 100000, 0, 400000, 1u << 0 | 1u << 2, 0 };
	size_t n = 0;
	for (uint64_t seed = 1; seed <= 6; seed++) {
		struct evb b = EVB_INIT;
		threads_log(&b, 400000, &w, seed);
		struct store s;
		char err[128];
		assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
		struct spans near, full;
		check_threads(&s, &near, &full);
		n += near.n;
		assert_false(near.full_scan);
		assert_true(near.sched_read > 0 && near.sched_read < s.nevents / 8);
		spans_free(&near);
		spans_free(&full);
		store_close(&s);
		evb_free(&b);
	}
	assert_true(n >= 6);
}

/* Spans early in a long log on every capability: a capability's state far
 * back (cap 1's thread 77, run at the log's start), or never set (cap 3:
 * no thread), is looked for backwards, still reading a small part. */
static void test_threads_far(void **state)
{
	(void)state;
	const struct where w = { 500, 2000, 10000, 0xF, 0 };
	bool t77 = false, none = false, some = false;
	for (uint64_t seed = 1; seed <= 4; seed++) {
		struct evb b = EVB_INIT;
		threads_log(&b, 200000, &w, seed);
		struct store s;
		char err[128];
		assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
		struct spans near, full;
		check_threads(&s, &near, &full);
		assert_false(near.full_scan);
		assert_true(near.sched_read < s.nevents / 8);
		for (size_t i = 0; i < near.n; i++) {
			some |= near.v[i].thread != 0 && near.v[i].thread != 77;
			t77 |= near.v[i].thread == 77;
			none |= near.v[i].thread == 0;
		}
		spans_free(&near);
		spans_free(&full);
		store_close(&s);
		evb_free(&b);
	}
	assert_true(some && t77 && none);
}

/* Spans far apart on cap 1, whose thread changes now and then, and cap 3:
 * each looked for afresh (what was known near the previous one is stale). */
static void test_threads_apart(void **state)
{
	(void)state;
	const struct where w = { 30000, 0, 400000, 1u << 1 | 1u << 3, 7000 };
	for (uint64_t seed = 1; seed <= 3; seed++) {
		struct evb b = EVB_INIT;
		threads_log(&b, 400000, &w, seed);
		struct store s;
		char err[128];
		assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
		struct spans near, full;
		check_threads(&s, &near, &full);
		assert_true(near.n > 0);
		spans_free(&near);
		spans_free(&full);
		store_close(&s);
		evb_free(&b);
	}
}

/* Many spans, or a state too far back: the search near each stops paying
 * and one pass finishes the job; the same spans either way. */
static void test_threads_many(void **state)
{
	(void)state;
	const struct where many = { 40, 0, 200000, 0xF, 0 }, late = { 20000, 100000, 200000, 0xF, 0 };
	struct evb b = EVB_INIT;
	threads_log(&b, 200000, &many, 7);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct spans near, full;
	check_threads(&s, &near, &full);
	assert_true(near.n > 1000);
	assert_true(near.full_scan);
	spans_free(&near);
	spans_free(&full);
	store_close(&s);
	evb_free(&b);
	/* late spans on cap 3 look back to the start: past the budget */
	b = EVB_INIT;
	threads_log(&b, 200000, &late, 8);
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	check_threads(&s, &near, &full);
	assert_true(near.full_scan);
	assert_true(near.sched_read < s.nevents / 8 + s.nevents + 2 * CKPT_EVERY);
	spans_free(&near);
	spans_free(&full);
	store_close(&s);
	evb_free(&b);
}

/* A log without user events reads nothing to find threads. */
static void test_threads_none(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	const struct where w = { 1, 0, 0, 0xF, 0 };
	threads_log(&b, 20000, &w, 3);
	struct store s;
	char err[128];
	assert_int_equal(store_open_mem(&s, b.p, b.n, err, sizeof err), STORE_OK);
	struct spans sp;
	build_mode(&sp, &s, false);
	assert_int_equal(sp.n, 0);
	assert_int_equal(sp.sched_read, 0);
	spans_free(&sp);
	store_close(&s);
	evb_free(&b);
}

/* A rule whose regex would blow up is refused before regcomp, saying why. */
/* A rule's literal only ever turns away texts its regex does not match,
 * and the built-in rules have one (so that the filter is in force). */
static void test_rule_literals(void **state)
{
	(void)state;
	static const char *const pats[] = {
		"^START (.+)$", "^(.+) begin$", "^ab*(c)", "^ab{0}(c)", "^a+(b)", "^ab?(c)",
		"^(x)", "(.+)end$", "(.+)\\.end$", "(.+)\\bend$", "(a)|bc$", "^a|(b)",
		"^[ab](c)", "(c)[d]$", "^\\(a(b)", "(a)\\)$", "(.)xy+$", "(.)xy?$",
		"^0123456789012345678901234567(.)", "(.)0123456789012345678901234567$",
		"^\xc3\xa9+(x)", "(x)e{2}$", "(x)[$]$", "^(.*)$",
	};
	static const char *const texts[] = {
		"START a", "STOP a", "a begin", "a end", "ac", "abbc", "c", "abc", "a", "aab",
		"b", "xyz", "x", "end", "x.end", "xbend", "x end", "bc", "abc", "cd", "(ab",
		"a)", "xxy", "xxyy", "xx", "x0123456789012345678901234567",
		"00123456789012345678901234567x", "\xc3\xa9\xc3\xa9x", "\xc3x", "xee", "x$", "",
	};
	for (size_t i = 0; i < sizeof pats / sizeof pats[0]; i++) {
		struct span_rules r = { .n = 0 };
		char err[200];
		assert_true(span_rules_add(&r, pats[i], "^STOP (.+)$", err, sizeof err));
		for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
			regmatch_t m[2];
			bool hit = regexec(&r.start[0], texts[k], 2, m, 0) == 0;
			if (hit && !span_lit_admits(&r.lit_start[0], texts[k], strlen(texts[k])))
				fail_msg("'%s' matches '%s' but its literal '%.*s' turns it away",
					 pats[i], texts[k], r.lit_start[0].len, r.lit_start[0].text);
		}
		span_rules_free(&r);
	}
	struct span_rules d;
	assert_true(span_rules_default(&d));
	for (size_t k = 0; k < d.n; k++)
		assert_true(d.lit_start[k].len > 0 && d.lit_stop[k].len > 0);
	assert_false(span_lit_admits(&d.lit_start[0], "STAR", 4));
	assert_false(span_lit_admits(&d.lit_stop[1], "x ends", 6));
	assert_true(span_lit_admits(&d.lit_stop[1], "x end", 5));
	span_rules_free(&d);
}

/* A rule's match, by its literal alone where the regex is ^LIT(.+)$ or
 * ^(.+)LIT$ and the text plain ASCII, else by regexec: the same answer and
 * name as regexec's, in the C locale and in UTF-8. */
static void test_rule_match_fast(void **state)
{
	(void)state;
	static const char *const pats[] = { "^START (.+)$", "^STOP (.+)$", "^(.+) begin$",
					    "^(.+) end$", "^x(.+)$", "^(.+)y$", "^START (.*)$",
					    "^(.+) end$x" };
	static const char *const texts[] = {
		"START a", "START ", "START", "STARTa", "START \n", "START a\nb", "START \x7f",
		"START \x01\x02", "START \xc3\xa9", "START \xc3", "START \xff\xfe",
		"x end", " end", "end", "a end end", "\n end", "\xe2\x82\xac end",
		"\x80 end", "xy", "x", "y", "xxy", "START START a", "a begin", " begin",
		"STOP x", "STOP ", "x\ty",
	};
	const char *locales[] = { "C", "C.UTF-8" };
	for (size_t lc = 0; lc < 2; lc++) {
		if (!setlocale(LC_ALL, locales[lc]))
			fail_msg("no locale %s", locales[lc]);
		size_t fast = 0;
		for (size_t i = 0; i < sizeof pats / sizeof pats[0]; i++) {
			struct span_rules r = { .n = 0 };
			char err[200];
			assert_true(span_rules_add(&r, pats[i], "^STOP (.+)$", err, sizeof err));
			fast += r.lit_start[0].whole;
			for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
				const char *t = texts[k], *name = NULL;
				size_t n = 0;
				regmatch_t m[2];
				bool want = regexec(&r.start[0], t, 2, m, 0) == 0 && m[1].rm_so >= 0;
				bool got = span_match(&r.start[0], &r.lit_start[0], t, strlen(t),
						      &name, &n);
				if (want != got)
					fail_msg("%s: '%s' on '%s': regexec %d, span_match %d",
						 locales[lc], pats[i], t, want, got);
				if (want && (name != t + m[1].rm_so ||
					     n != (size_t)(m[1].rm_eo - m[1].rm_so)))
					fail_msg("%s: '%s' on '%s': another name", locales[lc],
						 pats[i], t);
			}
			span_rules_free(&r);
		}
		assert_int_equal(fast, 6); /* (the last two are not ^LIT(.+)$ or ^(.+)LIT$) */
	}
	setlocale(LC_ALL, "C");
}

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
		cmocka_unit_test(test_rule_literals),
		cmocka_unit_test(test_rule_match_fast),
		cmocka_unit_test(test_threads_near),
		cmocka_unit_test(test_threads_far),
		cmocka_unit_test(test_threads_apart),
		cmocka_unit_test(test_threads_many),
		cmocka_unit_test(test_threads_none),
		cmocka_unit_test(test_fixtures_modes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
