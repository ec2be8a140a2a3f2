/* model/store.c: the index (stop reasons, counters), capability assignment
 * (spec A.7) and the merged iteration (B.4: stable sort by timestamp). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "evtest.h"
#include "../../model/store.h"

struct item {
	uint64_t off, time;
	uint16_t tag;
	int32_t cap;
};

struct opened {
	uint8_t *buf;
	size_t len;
	struct store s;
};

static void open_log(struct opened *t, const struct evb *b)
{
	char err[256] = "";
	t->len = b->n;
	t->buf = evb_exact(b);
	enum store_status st = store_open_mem(&t->s, t->buf, t->len, err, sizeof err);
	if (st != STORE_OK)
		print_error("store_open_mem: %d %s\n", st, err);
	assert_int_equal(st, STORE_OK);
}

static void close_log(struct opened *t)
{
	store_close(&t->s);
	free(t->buf);
}

/* merge_next until NULL; returns the count (also checked against nevents). */
static size_t collect(const struct store *s, struct item *out, size_t max)
{
	struct merge *m = merge_new(s);
	assert_non_null(m);
	size_t n = 0;
	const struct ev *e;
	int32_t cap;
	while ((e = merge_next(m, &cap)) != NULL) {
		assert_true(n < max);
		out[n++] = (struct item){ e->off, e->time, e->tag, cap };
	}
	merge_free(m);
	return n;
}

/* The reference: every item decoded in file order, capabilities assigned by
 * a separate model of A.7, then a stable sort by time. */
static size_t reference(const uint8_t *buf, size_t len, struct item *out, size_t max)
{
	struct ev_header h;
	const char *why;
	uint64_t at;
	assert_int_equal(hdr_parse(buf, len, &h, &why, &at), HDR_OK);
	int64_t remaining = 0;
	int32_t cur = -1;
	size_t n = 0;
	uint64_t off = h.data_off;
	for (;;) {
		struct ev e;
		enum ev_status st = ev_decode(&h, buf, len, off, &e);
		if (st == EV_DATAEND) {
			off += 2;
			continue;
		}
		if (st != EV_OK)
			break;
		int32_t cap;
		if (e.tag == 18 && e.layout != SEL_UNKNOWN_LAYOUT) {
			uint16_t c = (uint16_t)e.f[2].u;
			cap = c == 0xFFFF ? -1 : c;
			remaining = (uint32_t)((uint32_t)e.f[0].u - 24u);
			cur = cap;
		} else {
			cap = cur;
			remaining -= e.size;
			if (remaining <= 0)
				cur = -1;
		}
		assert_true(n < max);
		out[n++] = (struct item){ off, e.time, e.tag, cap };
		off += e.size;
	}
	hdr_free(&h);
	/* stable insertion sort by time */
	for (size_t i = 1; i < n; i++) {
		struct item x = out[i];
		size_t j = i;
		while (j > 0 && out[j - 1].time > x.time) {
			out[j] = out[j - 1];
			j--;
		}
		out[j] = x;
	}
	return n;
}

static void expect_same(const struct item *got, size_t ng, const struct item *want, size_t nw)
{
	if (ng != nw)
		print_error("count: got %zu, want %zu\n", ng, nw);
	for (size_t i = 0; i < ng && i < nw; i++) {
		if (got[i].off != want[i].off || got[i].time != want[i].time ||
		    got[i].cap != want[i].cap) {
			print_error("item %zu: got off %llu time %llu cap %d, want off %llu time %llu "
				    "cap %d\n",
				    i, (unsigned long long)got[i].off, (unsigned long long)got[i].time,
				    got[i].cap, (unsigned long long)want[i].off,
				    (unsigned long long)want[i].time, want[i].cap);
			fail();
		}
	}
	assert_int_equal(ng, nw);
}

#define MAXI 4096

/* Opens b, merges, compares with the reference; returns the opened store
 * for more checks (close_log it). */
static void check_against_reference(struct opened *t, const struct evb *b)
{
	static struct item got[MAXI], want[MAXI];
	open_log(t, b);
	size_t ng = collect(&t->s, got, MAXI);
	size_t nw = reference(t->buf, t->len, want, MAXI);
	expect_same(got, ng, want, nw);
	assert_int_equal(t->s.nevents, ng);
}

/* ---- B.14 ---- */

static void test_b14_output(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 0, 4, "Create thread");
	evb_type(&b, 2, 10, "Stop thread");
	evb_type(&b, 18, 14, "Block marker");
	evb_type(&b, 30, EVB_VAR, "Program arguments");
	evb_end_header(&b);
	evb_marker(&b, 100, 48, 150, 0xFFFF);
	struct evb pl = EVB_INIT;
	evb_u32(&pl, 0);
	evb_bytes(&pl, "prog\0-x\0", 8);
	evb_event_pl(&b, 30, 120, &pl);
	evb_free(&pl);
	evb_marker(&b, 200, 58, 300, 0);
	evb_event(&b, 0, 250, "\0\0\0\1", 4);
	evb_event(&b, 2, 250, "\0\0\0\1\0\5\0\0\0\0", 10);
	evb_dataend(&b);

	struct opened t;
	open_log(&t, &b);
	assert_int_equal(t.s.stop, STOP_CLEAN);
	assert_int_equal(t.s.nevents, 5);
	assert_int_equal(t.s.ndataend, 1);
	assert_int_equal(t.s.after_end, 0);
	assert_int_equal(t.s.tmin, 100);
	assert_int_equal(t.s.tmax, 250);
	struct sbuf sb = { 0 };
	for (size_t i = 0; i < t.s.hdr.ntypes; i++) {
		render_type(&sb, &t.s.hdr.types[i]);
		sbuf_putc(&sb, '\n');
	}
	sbuf_putc(&sb, '\n');
	struct merge *m = merge_new(&t.s);
	const struct ev *e;
	int32_t cap;
	while ((e = merge_next(m, &cap)) != NULL)
		render_line(&sb, &t.s.hdr, e, cap, false);
	merge_free(m);
	assert_text(sb.p, sb.n,
		    "0: Create thread (size 4)\n"
		    "2: Stop thread (size 10)\n"
		    "18: Block marker (size 14)\n"
		    "30: Program arguments (size variable)\n"
		    "\n"
		    "100: event block: cap 65535, end time: 150\n"
		    "\n"
		    "120: capset 0: args: [\"prog\",\"-x\"]\n"
		    "200: cap 0: event block: cap 0, end time: 300\n"
		    "\n"
		    "250: cap 0: creating thread 1\n"
		    "250: cap 0: stopping thread 1 (thread finished)\n");
	sbuf_free(&sb);
	close_log(&t);
	evb_free(&b);
}

/* ---- A.7 ---- */

static void gc(struct evb *b, uint64_t t)
{
	evb_event(b, 9, t, "", 0);
}

static void create(struct evb *b, uint64_t t)
{
	evb_event(b, 0, t, "\0\0\0\1", 4);
}

static void test_caps(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 0, 4, "Create thread");
	evb_type(&b, 7, 3, "Shutdown");
	evb_type(&b, 9, 0, "GC start");
	evb_type(&b, 18, 14, "Block marker");
	evb_end_header(&b);
	create(&b, 1);                          /* before any marker: none */
	evb_marker(&b, 2, 24 + 14 + 13, 0, 2);  /* cap 2 */
	create(&b, 3);                          /* 2 */
	evb_event(&b, 7, 4, "abc", 3);          /* 2 (an Unknown event), block used up */
	gc(&b, 5);                              /* none */
	evb_marker(&b, 6, 24 + 10, 0, 0xFFFF);  /* none */
	gc(&b, 7);                              /* none */
	evb_marker(&b, 8, 24 + 10, 0, 5);       /* 5 */
	create(&b, 9);                          /* 5; 10 - 14 < 0 */
	gc(&b, 10);                             /* none */
	evb_marker(&b, 11, 24, 0, 1);           /* 1; remaining 0 */
	gc(&b, 12);                             /* 1: the check comes after */
	gc(&b, 13);                             /* none */
	evb_marker(&b, 14, 10, 0, 3);           /* 3; 10 - 24 wraps */
	create(&b, 15);                         /* 3 */
	create(&b, 16);                         /* 3 */
	create(&b, 17);                         /* 3 */
	evb_marker(&b, 18, 24 + 10, 0, 4);      /* 4: restarts the count */
	gc(&b, 19);                             /* 4 */
	gc(&b, 20);                             /* none */
	evb_marker(&b, 21, 24 + 20, 0, 6);      /* 6 */
	gc(&b, 22);                             /* 6 */
	evb_dataend(&b);                        /* does not count */
	gc(&b, 23);                             /* 6 */
	gc(&b, 24);                             /* none */
	static const int32_t want[] = { -1, 2, 2, 2, -1, -1, -1, 5, 5, -1, 1, 1, -1, 3, 3, 3, 3,
					4,  4, -1, 6, 6, 6, -1 };
	struct opened t;
	check_against_reference(&t, &b);
	struct item got[64];
	size_t n = collect(&t.s, got, 64);
	assert_int_equal(n, sizeof want / sizeof want[0]);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(got[i].time, i + 1);
		if (got[i].cap != want[i])
			print_error("event at time %zu: cap %d, want %d\n", i + 1, got[i].cap, want[i]);
		assert_int_equal(got[i].cap, want[i]);
	}
	assert_int_equal(t.s.stop, STOP_NO_DATAEND);
	assert_int_equal(t.s.nevents, 24);
	close_log(&t);
	evb_free(&b);
}

static void test_marker_declared_bigger(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 0, 4, "Create thread");
	evb_type(&b, 18, 16, "Block marker");
	evb_end_header(&b);
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "wqhh", (uint64_t[]){ 24 + 14, 99, 7, 0 });
	evb_event_pl(&b, 18, 1, &pl);
	evb_free(&pl);
	create(&b, 2); /* 7; remaining = 14 - 14 = 0 */
	create(&b, 3); /* none */
	struct opened t;
	check_against_reference(&t, &b);
	struct item got[8];
	assert_int_equal(collect(&t.s, got, 8), 3);
	assert_int_equal(got[0].cap, 7);
	assert_int_equal(got[1].cap, 7);
	assert_int_equal(got[2].cap, EV_NO_CAP);
	close_log(&t);
	evb_free(&b);
}

static void test_marker_unknown(void **state)
{
	(void)state;
	/* tag 18 declared with 10 bytes: an Unknown event, no effect on caps */
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 0, 4, "Create thread");
	evb_type(&b, 18, 10, "Block marker");
	evb_end_header(&b);
	evb_event(&b, 18, 1, "\0\0\0\x30\0\0\0\0\0\0", 10);
	create(&b, 2);
	struct opened t;
	check_against_reference(&t, &b);
	struct merge *m = merge_new(&t.s);
	int32_t cap = 0;
	const struct ev *e = merge_next(m, &cap);
	assert_non_null(e);
	assert_int_equal(e->tag, 18);
	assert_int_equal(cap, EV_NO_CAP);
	struct sbuf sb = { 0 };
	render_line(&sb, &t.s.hdr, e, cap, false);
	assert_text(sb.p, sb.n, "1: Block marker\n");
	sbuf_free(&sb);
	e = merge_next(m, &cap);
	assert_non_null(e);
	assert_int_equal(e->tag, 0);
	assert_int_equal(cap, EV_NO_CAP);
	assert_null(merge_next(m, &cap));
	merge_free(m);
	close_log(&t);
	evb_free(&b);
}

/* ---- B.4 ordering ---- */

static void std_header(struct evb *b)
{
	evb_begin_header(b);
	evb_type(b, 0, 4, "Create thread");
	evb_type(b, 2, 10, "Stop thread");
	evb_type(b, 7, 3, "Shutdown");
	evb_type(b, 9, 0, "GC start");
	evb_type(b, 16, EVB_VAR, "Log message");
	evb_type(b, 18, 14, "Block marker");
	evb_type(b, 163, EVB_VAR, "Heap prof sample");
	evb_end_header(b);
}

static void test_merge_ties(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	std_header(&b);
	size_t d = b.n;
	evb_marker(&b, 1, 24 + 30, 0, 0); /* d: block of cap 0 */
	gc(&b, 5);                        /* d+24 */
	gc(&b, 5);                        /* d+34 */
	gc(&b, 7);                        /* d+44 */
	evb_marker(&b, 2, 24 + 30, 0, 1); /* d+54: block of cap 1 */
	gc(&b, 5);                        /* d+78 */
	gc(&b, 6);                        /* d+88 */
	gc(&b, 7);                        /* d+98 */
	evb_dataend(&b);
	struct opened t;
	check_against_reference(&t, &b);
	struct item got[16];
	assert_int_equal(collect(&t.s, got, 16), 8);
	static const uint64_t offs[] = { 0, 54, 24, 34, 78, 88, 44, 98 };
	static const int32_t caps[] = { 0, 1, 0, 0, 1, 1, 0, 1 };
	for (size_t i = 0; i < 8; i++) {
		assert_int_equal(got[i].off, d + offs[i]);
		assert_int_equal(got[i].cap, caps[i]);
	}
	assert_int_equal(t.s.stop, STOP_CLEAN);
	close_log(&t);
	evb_free(&b);
}

static void test_merge_unordered_blocks(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	std_header(&b);
	/* cap 0 block at 100..110, then a cap 0 block at 50..60, then cap 1
	 * overlapping both */
	evb_marker(&b, 100, 24 + 30, 110, 0);
	gc(&b, 100);
	gc(&b, 105);
	gc(&b, 110);
	evb_marker(&b, 50, 24 + 30, 60, 0);
	gc(&b, 50);
	gc(&b, 55);
	gc(&b, 60);
	evb_marker(&b, 55, 24 + 40, 105, 1);
	gc(&b, 55);
	gc(&b, 60);
	gc(&b, 100);
	gc(&b, 105);
	evb_dataend(&b);
	struct opened t;
	check_against_reference(&t, &b);
	assert_int_equal(t.s.tmin, 50);
	assert_int_equal(t.s.tmax, 110);
	close_log(&t);
	evb_free(&b);
}

static void test_merge_decreasing(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	std_header(&b);
	size_t d = b.n;
	for (int i = 0; i < 20; i++)
		gc(&b, (uint64_t)(200 - 10 * i));
	evb_dataend(&b);
	struct opened t;
	check_against_reference(&t, &b);
	struct item got[32];
	assert_int_equal(collect(&t.s, got, 32), 20);
	for (size_t i = 0; i < 20; i++) {
		assert_int_equal(got[i].time, 10 + 10 * i);
		assert_int_equal(got[i].off, d + 10 * (19 - i));
	}
	close_log(&t);
	evb_free(&b);
}

/* xorshift, for reproducible random logs */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void random_event(struct evb *b, uint64_t t, uint64_t *seed)
{
	struct evb pl = EVB_INIT;
	switch (rnd(seed) % 6) {
	case 0: create(b, t); break;
	case 1: gc(b, t); break;
	case 2:
		evb_pack(&pl, "whw", (uint64_t[]){ rnd(seed) % 5, 5, 0 });
		evb_event_pl(b, 2, t, &pl);
		break;
	case 3: evb_event(b, 7, t, "xyz", 3); break;
	case 4: evb_event(b, 16, t, "hello world", rnd(seed) % 12); break;
	default:
		evb_pack(&pl, "bqbww", (uint64_t[]){ 1, 2, 2, 3, 4 });
		evb_event_pl(b, 163, t, &pl);
		break;
	}
	evb_free(&pl);
}

static void random_log(struct evb *b, uint64_t seed)
{
	std_header(b);
	unsigned nblocks = 1 + (unsigned)(rnd(&seed) % 10);
	for (unsigned k = 0; k < nblocks; k++) {
		/* loose events between blocks */
		unsigned loose = (unsigned)(rnd(&seed) % 3);
		for (unsigned i = 0; i < loose; i++)
			random_event(b, rnd(&seed) % 300, &seed);
		if (rnd(&seed) % 10 == 0)
			evb_dataend(b);
		struct evb body = EVB_INIT;
		body.decl = b->decl; /* share the declarations (not freed below) */
		uint64_t t = rnd(&seed) % 300;
		uint64_t t0 = t;
		unsigned nev = (unsigned)(rnd(&seed) % 10);
		for (unsigned i = 0; i < nev; i++) {
			unsigned r = (unsigned)(rnd(&seed) % 10);
			if (r < 4)
				; /* same time: a tie */
			else if (r < 9)
				t += rnd(&seed) % 20;
			else
				t -= t >= 15 ? 15 : t; /* out of order */
			random_event(&body, t, &seed);
		}
		uint32_t bs = (uint32_t)(24 + body.n);
		switch (rnd(&seed) % 8) {
		case 0: bs = (uint32_t)(rnd(&seed) % 24); break;      /* wraps */
		case 1: bs = bs > 30 ? bs - 10 : bs; break;           /* too short */
		case 2: bs += 20; break;                              /* too long */
		default: break;
		}
		uint16_t cap = (uint16_t)(rnd(&seed) % 5);
		if (cap == 4)
			cap = 0xFFFF;
		evb_marker(b, t0, bs, t, cap);
		evb_bytes(b, body.p, body.n);
		free(body.p);
	}
	if (rnd(&seed) % 2)
		evb_dataend(b);
}

static void test_merge_random(void **state)
{
	(void)state;
	unsigned multi = 0;
	for (uint64_t seed = 1; seed <= 500; seed++) {
		struct evb b = EVB_INIT;
		random_log(&b, seed * 0x9E3779B97F4A7C15ull);
		struct opened t;
		check_against_reference(&t, &b);
		assert_true(t.s.stop == STOP_CLEAN || t.s.stop == STOP_NO_DATAEND);
		multi += t.s.nsegs >= 4;
		close_log(&t);
		evb_free(&b);
	}
	/* the generator does produce interleaved, out-of-order runs */
	assert_true(multi > 100);
}

/* A well-formed multi-block log: exact block sizes, caps 0..2 and global,
 * ties and out-of-order times inside blocks, DATA_END at the end. */
static void block_log(struct evb *b, uint64_t seed)
{
	std_header(b);
	unsigned nblocks = 2 + (unsigned)(rnd(&seed) % 12);
	uint64_t base = 1000;
	for (unsigned k = 0; k < nblocks; k++) {
		struct evb body = EVB_INIT;
		body.decl = b->decl;
		uint64_t t = base + rnd(&seed) % 50, t0 = t;
		unsigned nev = 1 + (unsigned)(rnd(&seed) % 12);
		for (unsigned i = 0; i < nev; i++) {
			unsigned r = (unsigned)(rnd(&seed) % 10);
			if (r >= 3 && r < 9)
				t += rnd(&seed) % 20;
			else if (r == 9)
				t -= t - t0 >= 5 ? 5 : 0;
			random_event(&body, t, &seed);
		}
		uint16_t cap = (uint16_t)(rnd(&seed) % 4);
		evb_marker(b, t0, (uint32_t)(24 + body.n), t + 10, cap == 3 ? 0xFFFF : cap);
		evb_bytes(b, body.p, body.n);
		free(body.p);
		base += rnd(&seed) % 60;
	}
	evb_dataend(b);
}

/* Both sides of one log: indexed serially and with two threads. */
static void index_both_ways(const struct evb *b, unsigned *ntwo)
{
	static struct item serial[4096], two[4096];
	struct opened t1, t2;
	size_t saved = store_parallel_min;
	store_parallel_min = (size_t)-1;
	open_log(&t1, b);
	store_parallel_min = 0;
	open_log(&t2, b);
	store_parallel_min = saved;
	assert_false(t1.s.two_threads);
	*ntwo += t2.s.two_threads;
	assert_int_equal(t1.s.nevents, t2.s.nevents);
	assert_int_equal(t1.s.tmin, t2.s.tmin);
	assert_int_equal(t1.s.tmax, t2.s.tmax);
	assert_int_equal(t1.s.stop, t2.s.stop);
	assert_int_equal(t1.s.stop_off, t2.s.stop_off);
	assert_int_equal(t1.s.ngaps, t2.s.ngaps);
	assert_int_equal(t1.s.ndataend, t2.s.ndataend);
	assert_int_equal(t1.s.after_end, t2.s.after_end);
	size_t n1 = collect(&t1.s, serial, 4096);
	size_t n2 = collect(&t2.s, two, 4096);
	expect_same(two, n2, serial, n1);
	close_log(&t1);
	close_log(&t2);
}

static void test_index_two_threads(void **state)
{
	(void)state;
	unsigned ntwo = 0;
	for (uint64_t seed = 1; seed <= 300; seed++) {
		struct evb b = EVB_INIT;
		block_log(&b, seed * 0x9E3779B97F4A7C15ull);
		index_both_ways(&b, &ntwo);
		evb_free(&b);
	}
	/* the two-thread path is taken on well-formed block logs */
	assert_true(ntwo > 250);
	/* and on irregular logs it must still agree (by falling back) */
	unsigned nirregular = 0;
	for (uint64_t seed = 1; seed <= 300; seed++) {
		struct evb b = EVB_INIT;
		random_log(&b, seed * 0xD1B54A32D192ED03ull);
		index_both_ways(&b, &nirregular);
		evb_free(&b);
	}
}

/* ---- stop reasons and counters ---- */

static void test_dataend_middle(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	std_header(&b);
	size_t d = b.n;
	gc(&b, 10);
	create(&b, 20);
	evb_dataend(&b); /* at d + 24 */
	create(&b, 5);
	evb_event(&b, 16, 15, "after", 5);
	struct opened t;
	check_against_reference(&t, &b);
	assert_int_equal(t.s.nevents, 4);
	assert_int_equal(t.s.ndataend, 1);
	assert_int_equal(t.s.first_dataend, d + 24);
	assert_int_equal(t.s.after_end, 14 + 17);
	assert_int_equal(t.s.stop, STOP_NO_DATAEND);
	assert_int_equal(t.s.stop_off, b.n);
	assert_int_equal(t.s.tmin, 5);
	assert_int_equal(t.s.tmax, 20);
	struct item got[8];
	assert_int_equal(collect(&t.s, got, 8), 4);
	assert_int_equal(got[0].time, 5);
	assert_int_equal(got[1].time, 10);
	assert_int_equal(got[2].time, 15);
	assert_int_equal(got[3].time, 20);
	close_log(&t);
	evb_free(&b);
}

static void test_truncated_final(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	std_header(&b);
	gc(&b, 10);
	create(&b, 20);
	size_t cut = b.n;
	evb_event(&b, 16, 30, "a message", 9);
	for (size_t drop = 1; drop < 21; drop++) {
		struct evb c = EVB_INIT;
		evb_bytes(&c, b.p, b.n - drop);
		struct opened t;
		check_against_reference(&t, &c);
		assert_int_equal(t.s.stop, STOP_TRUNCATED);
		assert_int_equal(t.s.stop_off, cut);
		assert_int_equal(t.s.nevents, 2);
		assert_int_equal(t.s.tmax, 20);
		close_log(&t);
		evb_free(&c);
	}
	evb_free(&b);
}

static void test_undeclared_resync(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	std_header(&b);
	gc(&b, 10);
	size_t at = b.n;
	evb_event(&b, 1, 20, "\0\0\0\1", 4);
	gc(&b, 30);
	evb_dataend(&b);
	/* A.4 rule 2 / A.8: the reference stops at an undeclared tag (its size
	 * is unknown). hectic skips to the next offset where plausible events
	 * start again and records the skipped stretch as a gap. */
	struct opened t;
	open_log(&t, &b);
	enum store_stop stop = t.s.stop;
	uint64_t ngaps = t.s.ngaps, nevents = t.s.nevents;
	struct gap g = t.s.gaps[0];
	close_log(&t);
	evb_free(&b);
	assert_int_equal(stop, STOP_CLEAN);
	assert_int_equal(ngaps, 1);
	assert_int_equal(g.off, at);
	assert_int_equal(g.len, 2 + 8 + 4);
	assert_int_equal(g.tag, 1);
	assert_false(g.misaligned);
	assert_int_equal(nevents, 2);
}

static void test_undeclared_above_max(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	std_header(&b);
	size_t at = b.n;
	evb_event(&b, 500, 20, "", 0);
	struct opened t;
	check_against_reference(&t, &b);
	assert_int_equal(t.s.stop, STOP_UNDECLARED);
	assert_int_equal(t.s.stop_tag, 500);
	assert_int_equal(t.s.stop_off, at);
	assert_int_equal(t.s.nevents, 0);
	close_log(&t);
	evb_free(&b);
}

static void test_clean_and_no_dataend(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	std_header(&b);
	gc(&b, 10);
	struct opened t;
	check_against_reference(&t, &b);
	assert_int_equal(t.s.stop, STOP_NO_DATAEND);
	assert_int_equal(t.s.stop_off, b.n);
	assert_int_equal(t.s.ndataend, 0);
	close_log(&t);
	evb_dataend(&b);
	check_against_reference(&t, &b);
	assert_int_equal(t.s.stop, STOP_CLEAN);
	assert_int_equal(t.s.ndataend, 1);
	assert_int_equal(t.s.nevents, 1);
	assert_int_equal(t.s.after_end, 0);
	close_log(&t);
	evb_free(&b);
}

static void test_empty_data(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	std_header(&b);
	struct opened t;
	open_log(&t, &b);
	assert_int_equal(t.s.nevents, 0);
	assert_int_equal(t.s.stop, STOP_NO_DATAEND);
	assert_int_equal(t.s.stop_off, b.n);
	struct merge *m = merge_new(&t.s);
	int32_t cap;
	assert_non_null(m);
	assert_null(merge_next(m, &cap));
	merge_free(m);
	close_log(&t);

	evb_dataend(&b);
	open_log(&t, &b);
	assert_int_equal(t.s.nevents, 0);
	assert_int_equal(t.s.stop, STOP_CLEAN);
	m = merge_new(&t.s);
	assert_null(merge_next(m, &cap));
	merge_free(m);
	close_log(&t);
	evb_free(&b);

	/* no types at all, data is just FF FF */
	b = EVB_INIT;
	evb_begin_header(&b);
	evb_end_header(&b);
	evb_dataend(&b);
	open_log(&t, &b);
	assert_int_equal(t.s.nevents, 0);
	assert_int_equal(t.s.stop, STOP_CLEAN);
	close_log(&t);
	evb_free(&b);
}

static void test_header_errors(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	std_header(&b);
	char err[256];
	struct store s;
	uint8_t *p = evb_exact_n(&b, b.n - 1);
	assert_int_equal(store_open_mem(&s, p, b.n - 1, err, sizeof err), STORE_EHEADER);
	assert_non_null(strstr(err, "readHeader: not enough bytes"));
	free(p);
	b.p[0] = 'X';
	p = evb_exact(&b);
	assert_int_equal(store_open_mem(&s, p, b.n, err, sizeof err), STORE_EHEADER);
	assert_non_null(strstr(err, "Header begin marker not found"));
	free(p);
	evb_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_b14_output),
		cmocka_unit_test(test_caps),
		cmocka_unit_test(test_marker_declared_bigger),
		cmocka_unit_test(test_marker_unknown),
		cmocka_unit_test(test_merge_ties),
		cmocka_unit_test(test_merge_unordered_blocks),
		cmocka_unit_test(test_merge_decreasing),
		cmocka_unit_test(test_merge_random),
		cmocka_unit_test(test_dataend_middle),
		cmocka_unit_test(test_truncated_final),
		cmocka_unit_test(test_undeclared_resync),
		cmocka_unit_test(test_index_two_threads),
		cmocka_unit_test(test_undeclared_above_max),
		cmocka_unit_test(test_clean_and_no_dataend),
		cmocka_unit_test(test_empty_data),
		cmocka_unit_test(test_header_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
