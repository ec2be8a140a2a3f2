/* model/store.c: the index (stop reasons, counters), capability assignment
 * (spec A.7) and the merged iteration (B.4: stable sort by timestamp). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <glob.h>
#include <unistd.h>

#include "evtest.h"
#include "parts.h"
#include "../../model/store.h"
#include "../../model/order.h"
#include "../../model/vec.h"

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

/* ---- the index's counts per (capability, type) ---- */

/* Events counted naively per capability and type: a row per capability. */
struct naive_counts {
	int32_t caps[1024];
	uint64_t rows[1024][256];
	bool seen[1024][256];
	size_t n;
	bool bad;
};

/* cap's row (made when make; SIZE_MAX: none). */
static size_t naive_row(struct naive_counts *v, int32_t cap, bool make)
{
	for (size_t i = 0; i < v->n; i++)
		if (v->caps[i] == cap)
			return i;
	if (!make)
		return SIZE_MAX;
	assert_true(v->n < 1024);
	v->caps[v->n] = cap;
	return v->n++;
}

static void take_count(void *ctx, int32_t cap, uint16_t tag, uint64_t n)
{
	struct naive_counts *v = ctx;
	size_t i = naive_row(v, cap, false);
	uint64_t want = i == SIZE_MAX ? 0 : v->rows[i][tag];
	bool twice = i != SIZE_MAX && v->seen[i][tag];
	if (want != n || twice) {
		print_error("cap %d type %u: the index counts %llu, the merge %llu%s\n", cap, tag,
			    (unsigned long long)n, (unsigned long long)want, twice ? " (twice)" : "");
		v->bad = true;
		return;
	}
	v->seen[i][tag] = true;
}

/* The index's counts are the merge's events counted per capability and
 * type, each pair once; or, when want_void, there are none. */
static void check_counts_void(const struct store *s, bool want_void)
{
	static struct naive_counts v;
	memset(&v, 0, sizeof v);
	struct merge *m = merge_new(s);
	assert_non_null(m);
	struct evref r;
	uint64_t n = 0;
	while (merge_step(m, &r)) {
		assert_true(r.tag < 256);
		v.rows[naive_row(&v, r.cap, true)][r.tag]++;
		n++;
	}
	merge_free(m);
	assert_int_equal(n, s->nevents);
	assert_int_equal(store_counts(s, take_count, &v), !want_void);
	assert_false(v.bad);
	for (size_t i = 0; i < v.n && !want_void; i++)
		for (size_t t = 0; t < 256; t++)
			if (v.rows[i][t] && !v.seen[i][t])
				fail_msg("cap %d type %zu: %llu events, the index counts none", v.caps[i],
					 t, (unsigned long long)v.rows[i][t]);
}

static void check_counts(const struct store *s)
{
	check_counts_void(s, false);
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
	unsigned multi = 0, unsorted_logs = 0;
	for (uint64_t seed = 1; seed <= 500; seed++) {
		struct evb b = EVB_INIT;
		random_log(&b, seed * 0x9E3779B97F4A7C15ull);
		struct opened t;
		check_against_reference(&t, &b);
		assert_true(t.s.stop == STOP_CLEAN || t.s.stop == STOP_NO_DATAEND);
		bool unsorted = false;
		for (size_t i = 0; i < t.s.nsegs; i++)
			unsorted |= t.s.segs[i].unsorted;
		multi += t.s.nsegs >= 4 || unsorted;
		unsorted_logs += unsorted;
		close_log(&t);
		evb_free(&b);
	}
	/* the generator does produce interleaved, out-of-order runs (short
	 * ones make unsorted segments) */
	assert_true(multi > 100);
	assert_true(unsorted_logs > 50);
	/* and unsorted segments merged by scanning, not sorted in memory */
	size_t saved = merge_sorted_max;
	merge_sorted_max = 0;
	for (uint64_t seed = 1; seed <= 200; seed++) {
		struct evb b = EVB_INIT;
		random_log(&b, seed * 0x9E3779B97F4A7C15ull);
		struct opened t;
		check_against_reference(&t, &b);
		close_log(&t);
		evb_free(&b);
	}
	merge_sorted_max = saved;
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

/* Both sides of one log: indexed serially and in nparts parts (on as
 * many threads). */
static void index_both_ways(const struct evb *b, unsigned nparts, unsigned *nsplit)
{
	static struct item serial[4096], two[4096];
	struct opened t1, t2;
	struct parts_saved sv = parts_force(1);
	open_log(&t1, b);
	parts_force(nparts);
	open_log(&t2, b);
	parts_restore(sv);
	assert_int_equal(t1.s.nparts, 1);
	assert_true(t2.s.nparts <= nparts);
	*nsplit += t2.s.nparts > 1;
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
	check_counts(&t1.s);
	check_counts(&t2.s);
	close_log(&t1);
	close_log(&t2);
}

static void test_index_two_threads(void **state)
{
	(void)state;
	for (size_t k = 1; k < NTEST_PARTS; k++) {
		unsigned nsplit = 0;
		for (uint64_t seed = 1; seed <= 300; seed++) {
			struct evb b = EVB_INIT;
			block_log(&b, seed * 0x9E3779B97F4A7C15ull);
			index_both_ways(&b, test_parts[k], &nsplit);
			evb_free(&b);
		}
		/* the split path is taken on well-formed block logs */
		assert_true(nsplit > 250);
		/* and on irregular logs it must still agree (by falling back) */
		unsigned nirregular = 0;
		for (uint64_t seed = 1; seed <= 300; seed++) {
			struct evb b = EVB_INIT;
			random_log(&b, seed * 0xD1B54A32D192ED03ull);
			index_both_ways(&b, test_parts[k], &nirregular);
			evb_free(&b);
		}
	}
}

/* A log of 8 blocks of 20 events (times increasing), block bad holding
 * something irregular halfway through its events: an end-of-data marker
 * (kind 0), 12 bytes that do not decode (kind 1: a gap the index skips),
 * or a marker that claims 10 bytes fewer than its block holds (kind 2: its
 * last event crosses where the next block should start). */
static void irregular_log(struct evb *b, unsigned bad, int kind)
{
	std_header(b);
	uint64_t t = 1000, seed = 7 + bad;
	for (unsigned k = 0; k < 8; k++) {
		struct evb body = EVB_INIT;
		body.decl = b->decl;
		uint64_t t0 = t;
		for (unsigned i = 0; i < 20; i++, t += 10) {
			if (k == bad && i == 10 && kind == 0)
				evb_dataend(&body);
			if (k == bad && i == 10 && kind == 1)
				evb_bytes(&body, "\xEE\xEE\xEE\xEE\xEE\xEE\xEE\xEE\xEE\xEE\xEE\xEE", 12);
			random_event(&body, t, &seed);
		}
		uint32_t size = (uint32_t)(24 + body.n) - (k == bad && kind == 2 ? 10 : 0);
		evb_marker(b, t0, size, t, 0);
		evb_bytes(b, body.p, body.n);
		free(body.p);
	}
	evb_dataend(b);
}

/* Whatever part holds the irregularity, the index is the serial one's
 * (a part before the last that is irregular makes it index serially). */
static void test_index_parts_irregular(void **state)
{
	(void)state;
	for (int kind = 0; kind < 3; kind++) {
		for (unsigned bad = 0; bad < 8; bad++) {
			struct evb b = EVB_INIT;
			irregular_log(&b, bad, kind);
			for (size_t k = 1; k < NTEST_PARTS; k++) {
				unsigned nsplit = 0;
				index_both_ways(&b, test_parts[k], &nsplit);
			}
			evb_free(&b);
		}
	}
}

/* The counts on every fixture, indexed serially and in parts. */
static void test_counts_fixtures(void **state)
{
	(void)state;
	glob_t g;
	assert_int_equal(glob("tests/fixtures/*.eventlog", 0, NULL, &g), 0);
	assert_true(g.gl_pathc >= 10);
	unsigned nsplit = 0;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		for (size_t k = 0; k < NTEST_PARTS; k++) {
			struct parts_saved sv = parts_force(test_parts[k]);
			struct store s;
			char err[256];
			enum store_status st = store_open(&s, g.gl_pathv[i], err, sizeof err);
			parts_restore(sv);
			if (st != STORE_OK)
				continue; /* (a fixture of a bad header) */
			nsplit += s.nparts > 1;
			check_counts(&s);
			store_close(&s);
		}
	}
	assert_true(nsplit > g.gl_pathc);
	globfree(&g);
}

/* A log of ncaps blocks, each of a capability of its own (0 ..), two
 * events each; a type 300 declared when wide. */
static void caps_log(struct evb *b, unsigned ncaps, bool wide)
{
	evb_begin_header(b);
	evb_type(b, 0, 4, "Create thread");
	evb_type(b, 9, 0, "GC start");
	evb_type(b, 18, 14, "Block marker");
	if (wide)
		evb_type(b, 300, 0, "Wide");
	evb_end_header(b);
	uint64_t t = 1000;
	create(b, t); /* (an event of none) */
	for (unsigned c = 0; c < ncaps; c++, t += 100) {
		evb_marker(b, t, 24 + 14 + 10, t + 50, (uint16_t)c);
		create(b, t + 10);
		gc(b, t + 20);
	}
	evb_dataend(b);
}

/* The counts hold STORE_COUNT_CAPS capabilities, none among them; past
 * that, or with a type of STORE_COUNT_TAGS or above declared, they are
 * void, serially and in parts alike. */
static void test_counts_void(void **state)
{
	(void)state;
	static const struct {
		unsigned ncaps;
		bool wide, want_void;
	} cases[] = {
		{ 3, false, false },
		{ STORE_COUNT_CAPS - 1, false, false }, /* and none */
		{ STORE_COUNT_CAPS, false, true },
		{ 600, false, true },
		{ 3, true, true },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct evb b = EVB_INIT;
		caps_log(&b, cases[i].ncaps, cases[i].wide);
		for (size_t k = 0; k < NTEST_PARTS; k++) {
			struct opened t;
			struct parts_saved sv = parts_force(test_parts[k]);
			open_log(&t, &b);
			parts_restore(sv);
			assert_int_equal(t.s.nevents, 1 + 3 * cases[i].ncaps);
			check_counts_void(&t.s, cases[i].want_void);
			close_log(&t);
		}
		evb_free(&b);
	}
}

/* ---- growth: a log that is still being written ---- */

/* The whole of a fixture file; a fixture that cannot be read fails the test
 * (a missing fixture is an error, not a reason to skip). */
static uint8_t *read_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("fixture %s: %s", path, strerror(errno));
	long sz = -1;
	if (fseek(f, 0, SEEK_END) == 0)
		sz = ftell(f);
	uint8_t *p = sz > 0 && fseek(f, 0, SEEK_SET) == 0 ? malloc((size_t)sz) : NULL;
	if (p && fread(p, 1, (size_t)sz, f) != (size_t)sz) {
		free(p);
		p = NULL;
	}
	fclose(f);
	if (!p)
		fail_msg("fixture %s: cannot read its %ld bytes", path, sz);
	*n = (size_t)sz;
	return p;
}

static void append(const char *path, const uint8_t *p, size_t n)
{
	FILE *f = fopen(path, "ab");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, n, f), n);
	fclose(f);
}

/* Opening a prefix and extending it as the file grows gives exactly the
 * index of opening the whole file (serially), and the same merge. */
static void grow_and_compare(const uint8_t *full, size_t n, const size_t *cuts, size_t ncuts,
			     unsigned nparts_first)
{
	char path[] = "/tmp/hectic-test-grow-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	append(path, full, cuts[0]);
	struct store s, w;
	char err[256];
	struct parts_saved sv = parts_force(nparts_first);
	assert_int_equal(store_open(&s, path, err, sizeof err), STORE_OK);
	assert_int_equal(s.nparts, nparts_first);
	parts_force(1);
	assert_int_equal(store_extend(&s, err, sizeof err), EXTEND_SAME);
	for (size_t k = 1; k <= ncuts; k++) {
		size_t upto = k < ncuts ? cuts[k] : n;
		append(path, full + cuts[k - 1], upto - cuts[k - 1]);
		assert_int_equal(store_extend(&s, err, sizeof err), EXTEND_GREW);
	}
	assert_int_equal(store_open(&w, path, err, sizeof err), STORE_OK);
	parts_restore(sv);
	/* the header's type descriptions are read from the mapping s has now
	 * (the ones before were unmapped), and say what they said */
	assert_int_equal(s.hdr.ntypes, w.hdr.ntypes);
	for (size_t i = 0; i < s.hdr.ntypes; i++) {
		const struct ev_type *a = &s.hdr.types[i], *b = &w.hdr.types[i];
		assert_true(a->desc >= s.map && a->desc + a->desc_len <= s.map + s.size);
		assert_int_equal(a->desc_len, b->desc_len);
		assert_memory_equal(a->desc, b->desc, b->desc_len);
	}
	assert_int_equal(s.nevents, w.nevents);
	assert_int_equal(s.tmin, w.tmin);
	assert_int_equal(s.tmax, w.tmax);
	assert_int_equal(s.stop, w.stop);
	assert_int_equal(s.stop_off, w.stop_off);
	assert_int_equal(s.nblocks, w.nblocks);
	assert_int_equal(s.ndataend, w.ndataend);
	if (nparts_first == 1) { /* a serial open: the very same index */
		assert_int_equal(s.nsegs, w.nsegs);
		assert_int_equal(s.nckpts, w.nckpts);
		for (size_t i = 0; i < s.nsegs; i++) {
			assert_int_equal(s.segs[i].off, w.segs[i].off);
			assert_int_equal(s.segs[i].end, w.segs[i].end);
			assert_int_equal(s.segs[i].t1, w.segs[i].t1);
			assert_int_equal(s.segs[i].ck0, w.segs[i].ck0);
			assert_int_equal(s.segs[i].nck, w.segs[i].nck);
		}
		for (size_t i = 0; i < s.nckpts; i++) {
			assert_int_equal(s.ckpts[i].off, w.ckpts[i].off);
			assert_int_equal(s.ckpts[i].cs.remaining, w.ckpts[i].cs.remaining);
		}
	}
	/* the merged streams agree, event by event */
	struct merge *a = merge_new(&s), *b = merge_new(&w);
	struct evref x, y;
	uint64_t count = 0;
	for (;;) {
		bool ha = merge_step(a, &x), hb = merge_step(b, &y);
		assert_int_equal(ha, hb);
		if (!ha)
			break;
		assert_int_equal(x.off, y.off);
		assert_int_equal(x.time, y.time);
		assert_int_equal(x.cap, y.cap);
		count++;
	}
	assert_int_equal(count, w.nevents);
	merge_free(a);
	merge_free(b);
	check_counts(&s); /* counted as it grew */
	check_counts(&w);
	store_close(&s);
	store_close(&w);
	unlink(path);
}

static void test_extend_growing_file(void **state)
{
	(void)state;
	size_t n;
	uint8_t *full = read_file("tests/fixtures/threaded.eventlog", &n);
	/* header only; mid-event; mid-block; on an event boundary; byte by byte
	 * near the end */
	size_t hdr = 0;
	{
		struct store t;
		char err[256];
		assert_int_equal(store_open_mem(&t, full, n, err, sizeof err), STORE_OK);
		hdr = (size_t)t.hdr.data_off;
		store_close(&t);
	}
	size_t a[] = { hdr, hdr + 7, n / 3, n / 2 + 1, n - 40, n - 39, n - 2, n - 1 };
	grow_and_compare(full, n, a, sizeof a / sizeof a[0], 1);
	size_t b[] = { n / 2 };
	grow_and_compare(full, n, b, 1, 1);
	grow_and_compare(full, n, b, 1, 2); /* first opened in parts */
	grow_and_compare(full, n, b, 1, 3);
	/* every 997 bytes */
	size_t c[64];
	size_t nc = 0;
	for (size_t off = hdr + 1; off < n && nc < 64; off += 997)
		c[nc++] = off;
	grow_and_compare(full, n, c, nc, 1);
	free(full);
}

static void test_extend_shrunk(void **state)
{
	(void)state;
	size_t n;
	uint8_t *full = read_file("tests/fixtures/threaded.eventlog", &n);
	char path[] = "/tmp/hectic-test-shrink-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	append(path, full, n);
	struct store s;
	char err[256];
	assert_int_equal(store_open(&s, path, err, sizeof err), STORE_OK);
	assert_int_equal(truncate(path, (off_t)(n / 2)), 0);
	assert_int_equal(store_extend(&s, err, sizeof err), EXTEND_SHRANK);
	store_close(&s);
	unlink(path);
	free(full);
}

/* A file replaced under its name (a new run writing the same path) is not
 * an extension of the old one, even when it is bigger. */
static void test_extend_replaced(void **state)
{
	(void)state;
	size_t n;
	uint8_t *full = read_file("tests/fixtures/threaded.eventlog", &n);
	char path[] = "/tmp/hectic-test-replace-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	append(path, full, n / 2);
	struct store s;
	char err[256];
	assert_int_equal(store_open(&s, path, err, sizeof err), STORE_OK);
	char other[sizeof path + 4];
	snprintf(other, sizeof other, "%s.new", path);
	unlink(other);
	append(other, full, n);
	assert_int_equal(rename(other, path), 0);
	assert_int_equal(store_extend(&s, err, sizeof err), EXTEND_REPLACED);
	assert_int_equal(s.size, n / 2); /* the old map is kept */
	store_close(&s);
	unlink(path);
	free(full);
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

/* ---- merge_new_at, store_events_before, checkpoints, blocks ---- */

/* The reference for a store opened with open_log, on the heap (every item
 * is at least 10 bytes). Free with free(). */
static struct item *ref_alloc(const struct opened *t, size_t *n)
{
	size_t max = t->len / 10 + 16;
	struct item *r = malloc(max * sizeof *r);
	assert_non_null(r);
	*n = reference(t->buf, t->len, r, max);
	return r;
}

static bool wanted(const struct item *it, uint64_t from, class_set classes)
{
	return it->time >= from && (classes & CLASS_BIT(class_of(it->tag)));
}

/* merge_new_at(from, classes) against the reference filtered the same way.
 * use_next: through merge_next (else merge_step, checked against a full
 * decode). Stops after limit events (SIZE_MAX: all, and the end must match). */
static void check_merge_at(const struct store *s, const struct item *ref, size_t nref,
			   uint64_t from, class_set classes, bool use_next, size_t limit)
{
	struct merge *m = merge_new_at(s, from, classes);
	assert_non_null(m);
	size_t i = 0, k = 0;
	for (;; i++, k++) {
		while (i < nref && !wanted(&ref[i], from, classes))
			i++;
		if (k == limit)
			break;
		struct item g = { 0, 0, 0, 0 };
		bool have;
		if (use_next) {
			int32_t cap = -7;
			const struct ev *e = merge_next(m, &cap);
			have = e != NULL;
			if (have)
				g = (struct item){ e->off, e->time, e->tag, cap };
		} else {
			struct evref r;
			have = merge_step(m, &r);
			if (have) {
				g = (struct item){ r.off, r.time, r.tag, r.cap };
				struct ev e;
				assert_int_equal(ev_decode(&s->hdr, s->map, s->size, r.off, &e), EV_OK);
				assert_int_equal(e.size, r.size);
				assert_int_equal(e.tag, r.tag);
				assert_int_equal(e.time, r.time);
			}
		}
		if (!have && i >= nref)
			break;
		if (!have || i >= nref || g.off != ref[i].off || g.time != ref[i].time ||
		    g.tag != ref[i].tag || g.cap != ref[i].cap) {
			print_error("merge_new_at(from %llu, classes %#x, %s): event %zu: ",
				    (unsigned long long)from, classes, use_next ? "next" : "step", k);
			if (have)
				print_error("got off %llu time %llu tag %u cap %d, ",
					    (unsigned long long)g.off, (unsigned long long)g.time,
					    g.tag, g.cap);
			else
				print_error("got the end, ");
			if (i < nref)
				print_error("want off %llu time %llu tag %u cap %d\n",
					    (unsigned long long)ref[i].off,
					    (unsigned long long)ref[i].time, ref[i].tag, ref[i].cap);
			else
				print_error("want the end\n");
			fail();
		}
	}
	assert_false(merge_failed(m));
	merge_free(m);
}

static class_set random_classes(uint64_t *seed)
{
	switch (rnd(seed) % 8) {
	case 0: return 0;
	case 1: return CLASS_ALL;
	case 2: return CLASS_BIT(rnd(seed) % CL_COUNT);
	case 3: return CLASS_ALL & ~CLASS_BIT(rnd(seed) % CL_COUNT);
	case 4: return (class_set)rnd(seed); /* bits past CL_COUNT too */
	default: return (class_set)(rnd(seed) & CLASS_ALL);
	}
}

/* Every interesting from on a small log, with class subsets. */
static void merge_at_all_froms(const struct opened *t, uint64_t seed)
{
	size_t nref;
	struct item *ref = ref_alloc(t, &nref);
	const struct store *s = &t->s;
	/* from 0: every class alone, none, all */
	check_merge_at(s, ref, nref, 0, CLASS_ALL, false, SIZE_MAX);
	check_merge_at(s, ref, nref, 0, 0, true, SIZE_MAX);
	for (int c = 0; c < CL_COUNT; c++)
		check_merge_at(s, ref, nref, 0, CLASS_BIT(c), c & 1, SIZE_MAX);
	/* before the first and after the last event */
	if (s->tmin > 0)
		check_merge_at(s, ref, nref, s->tmin - 1, CLASS_ALL, true, SIZE_MAX);
	check_merge_at(s, ref, nref, s->tmin, random_classes(&seed), false, SIZE_MAX);
	check_merge_at(s, ref, nref, s->tmax, CLASS_ALL, false, SIZE_MAX);
	check_merge_at(s, ref, nref, s->tmax + 1, CLASS_ALL, false, SIZE_MAX);
	check_merge_at(s, ref, nref, UINT64_MAX, CLASS_ALL, true, SIZE_MAX);
	/* each event's exact time, and just after it (between events) */
	for (size_t i = 0; i < nref; i++) {
		uint64_t tm = ref[i].time;
		if (i > 0 && ref[i - 1].time == tm)
			continue;
		check_merge_at(s, ref, nref, tm, CLASS_ALL, i & 1, SIZE_MAX);
		check_merge_at(s, ref, nref, tm, random_classes(&seed), !(i & 1), SIZE_MAX);
		check_merge_at(s, ref, nref, tm + 1, random_classes(&seed), i & 2, SIZE_MAX);
		if (tm > 0)
			check_merge_at(s, ref, nref, tm - 1, random_classes(&seed), i & 4,
				       SIZE_MAX);
	}
	free(ref);
}

static void test_merge_at_random(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 300; seed++) {
		struct evb b = EVB_INIT;
		random_log(&b, seed * 0x9E3779B97F4A7C15ull);
		struct opened t;
		open_log(&t, &b);
		merge_at_all_froms(&t, seed);
		close_log(&t);
		evb_free(&b);

		b = EVB_INIT;
		block_log(&b, seed * 0xD1B54A32D192ED03ull);
		open_log(&t, &b);
		merge_at_all_froms(&t, seed + 1000);
		close_log(&t);
		evb_free(&b);
	}
}

/* Big blocks (several CKPT_EVERY long segments each): nblocks blocks of
 * about per_block events, overlapping in time by about 30%, with ties and
 * rare inversions; longtie: a run of 2500 events at one time in the first
 * block; loose: 6000 events of no block at the end, a DATA_END among them. */
static void big_log(struct evb *b, uint64_t seed, unsigned nblocks, unsigned per_block,
		    bool longtie, bool loose)
{
	std_header(b);
	uint64_t base = 1000 + rnd(&seed) % 100;
	for (unsigned k = 0; k < nblocks; k++) {
		struct evb body = EVB_INIT;
		body.decl = b->decl;
		uint64_t t = base, t0 = t;
		unsigned nev = per_block + (unsigned)(rnd(&seed) % 200);
		for (unsigned i = 0; i < nev; i++) {
			unsigned r = (unsigned)(rnd(&seed) % 2500);
			if (longtie && k == 0 && i >= 1500 && i < 4000)
				; /* one long tie */
			else if (r < 1000)
				; /* a tie */
			else if (r < 2499)
				t += 1 + rnd(&seed) % 12;
			else
				t -= t - t0 >= 100 ? 30 + rnd(&seed) % 70 : 0; /* inversion */
			random_event(&body, t, &seed);
		}
		uint16_t cap = k % 4 == 3 ? 0xFFFF : (uint16_t)(k % 4);
		evb_marker(b, t0, (uint32_t)(24 + body.n), t + 5, cap);
		evb_bytes(b, body.p, body.n);
		free(body.p);
		base += (t - t0) * 7 / 10;
	}
	if (loose) {
		uint64_t t = base;
		for (unsigned i = 0; i < 6000; i++) {
			if (i == 3000)
				evb_dataend(b);
			if (rnd(&seed) % 3)
				t += rnd(&seed) % 5;
			random_event(b, t, &seed);
		}
	}
	evb_dataend(b);
}

/* Per-segment facts from a file-order decode: the segment's events are in
 * [off, end), their times never decrease, t0/t1 are the first and last
 * (unsorted segments: at most SEG_UNSORTED_MAX events, t0/t1 the earliest
 * and latest, and times do go back in it),
 * ck0/nck cover ckpts in order, one checkpoint every CKPT_EVERY events,
 * each at its event with that event's time and the capability state
 * before it. Blocks: one per decoded marker, in file order. Returns the
 * longest segment's checkpoint count. */
static size_t check_index(const struct store *s, const uint8_t *buf, size_t len)
{
	const struct ev_header *h = &s->hdr;
	size_t ck = 0, maxnck = 0;
	uint64_t total = 0, prev_end = h->data_off;
	for (size_t i = 0; i < s->nsegs; i++) {
		const struct seg *g = &s->segs[i];
		assert_true(g->off >= prev_end);
		assert_true(g->off < g->end);
		assert_true(g->end <= len);
		prev_end = g->end;
		if (g->ck0 != ck)
			print_error("segment %zu: ck0 %zu, want %zu\n", i, g->ck0, ck);
		assert_int_equal(g->ck0, ck);
		struct capstate cs = g->cs;
		uint64_t off = g->off, k = 0, last = 0, lo = UINT64_MAX, hi = 0;
		bool back = false;
		while (off < g->end) {
			struct ev e;
			enum ev_status st = ev_decode(h, buf, len, off, &e);
			if (st == EV_DATAEND) {
				off += 2;
				continue;
			}
			assert_int_equal(st, EV_OK);
			assert_true(off + e.size <= g->end);
			if (k == 0 && !g->unsorted)
				assert_int_equal(e.time, g->t0);
			else if (k && !g->unsorted)
				assert_true(e.time >= last);
			back |= k && e.time < last;
			lo = e.time < lo ? e.time : lo;
			hi = e.time > hi ? e.time : hi;
			if (k % CKPT_EVERY == 0) {
				size_t j = (size_t)(k / CKPT_EVERY);
				if (j >= g->nck) {
					print_error("segment %zu: event %llu: no checkpoint %zu (nck %zu)\n",
						    i, (unsigned long long)k, j, g->nck);
					fail();
				}
				const struct ckpt *c = &s->ckpts[g->ck0 + j];
				assert_int_equal(c->off, off);
				assert_int_equal(c->time, e.time);
				assert_int_equal(c->cs.cur, cs.cur);
				assert_int_equal(c->cs.remaining, cs.remaining);
			}
			bool marker = ev_is_marker(h, e.tag);
			capstate_step(&cs, marker, marker ? (uint32_t)e.f[0].u : 0,
				      marker ? (uint16_t)e.f[2].u : 0, e.size);
			last = e.time;
			off += e.size;
			k++;
		}
		assert_true(k > 0);
		if (g->unsorted) {
			assert_true(back);
			assert_true(k <= SEG_UNSORTED_MAX);
			assert_int_equal(g->t0, lo);
			assert_int_equal(g->t1, hi);
		} else {
			assert_int_equal(g->t1, last);
		}
		size_t want_nck = (size_t)((k + CKPT_EVERY - 1) / CKPT_EVERY);
		if (g->nck != want_nck)
			print_error("segment %zu: %llu events, nck %zu, want %zu\n", i,
				    (unsigned long long)k, g->nck, want_nck);
		assert_int_equal(g->nck, want_nck);
		maxnck = g->nck > maxnck ? g->nck : maxnck;
		ck += g->nck;
		total += k;
	}
	assert_int_equal(ck, s->nckpts);
	assert_int_equal(total, s->nevents);

	/* blocks: every decoded marker, in file order */
	size_t nb = 0;
	uint64_t off = h->data_off;
	for (;;) {
		struct ev e;
		enum ev_status st = ev_decode(h, buf, len, off, &e);
		if (st == EV_DATAEND) {
			off += 2;
			continue;
		}
		if (st != EV_OK)
			break;
		if (e.tag == 18 && e.layout != SEL_UNKNOWN_LAYOUT) {
			assert_true(nb < s->nblocks);
			const struct block *bk = &s->blocks[nb];
			assert_int_equal(bk->off, off);
			assert_int_equal(bk->size, (uint32_t)e.f[0].u);
			assert_int_equal(bk->t0, e.time);
			assert_int_equal(bk->t1, e.f[1].u);
			assert_int_equal(bk->cap, (uint16_t)e.f[2].u);
			nb++;
		}
		off += e.size;
	}
	assert_int_equal(nb, s->nblocks);
	return maxnck;
}

/* Segments are maximal: two contiguous segments are split by a time that
 * goes back. */
static void check_segments_maximal(const struct store *s)
{
	for (size_t i = 1; i < s->nsegs; i++) {
		const struct seg *a = &s->segs[i - 1], *g = &s->segs[i];
		if (a->end == g->off && g->t0 >= a->t1 && !a->unsorted) {
			print_error("segments %zu and %zu (at %llu) are contiguous and in time "
				    "order (%llu <= %llu): not maximal%s\n",
				    i - 1, i, (unsigned long long)g->off,
				    (unsigned long long)a->t1, (unsigned long long)g->t0,
				    s->nparts > 1 ? " (index in parts)" : "");
			fail();
		}
	}
}

static void test_index_checkpoints(void **state)
{
	(void)state;
	size_t best = 0;
	for (uint64_t seed = 1; seed <= 200; seed++) {
		struct evb b = EVB_INIT;
		if (seed % 2)
			random_log(&b, seed * 0x9E3779B97F4A7C15ull);
		else
			block_log(&b, seed * 0x9E3779B97F4A7C15ull);
		struct opened t;
		open_log(&t, &b);
		check_index(&t.s, t.buf, t.len);
		check_segments_maximal(&t.s);
		close_log(&t);
		evb_free(&b);
	}
	for (uint64_t seed = 1; seed <= 4; seed++) {
		struct evb b = EVB_INIT;
		big_log(&b, seed, 4, 5000, seed & 1, seed >= 3);
		struct opened t;
		open_log(&t, &b);
		size_t m = check_index(&t.s, t.buf, t.len);
		best = m > best ? m : best;
		check_segments_maximal(&t.s);
		assert_int_equal(t.s.nblocks, 4);
		close_log(&t);
		evb_free(&b);
	}
	/* the logs do have segments with several checkpoints */
	assert_true(best >= 3);

	/* exact counts: one segment of k events has ceil(k / 1024) */
	static const unsigned ks[] = { 1, 1023, 1024, 1025, 2048, 2049, 5000 };
	for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
		struct evb b = EVB_INIT;
		std_header(&b);
		for (unsigned j = 0; j < ks[i]; j++)
			gc(&b, 100 + j / 3);
		evb_dataend(&b);
		struct opened t;
		open_log(&t, &b);
		assert_int_equal(t.s.nsegs, 1);
		assert_int_equal(t.s.segs[0].t0, 100);
		assert_int_equal(t.s.segs[0].t1, 100 + (ks[i] - 1) / 3);
		assert_int_equal(t.s.segs[0].ck0, 0);
		assert_int_equal(t.s.segs[0].nck, (ks[i] + 1023) / 1024);
		assert_int_equal(t.s.nckpts, (ks[i] + 1023) / 1024);
		for (size_t j = 0; j < t.s.nckpts; j++) {
			assert_int_equal(t.s.ckpts[j].off, t.s.hdr.data_off + 10 * 1024 * j);
			assert_int_equal(t.s.ckpts[j].time, 100 + 1024 * j / 3);
		}
		check_index(&t.s, t.buf, t.len);
		close_log(&t);
		evb_free(&b);
	}
}

/* froms on a big log: 0, past the end, every checkpoint's time and its
 * neighbours, random events' times, random times. */
static void merge_at_big(const struct opened *t, uint64_t seed)
{
	size_t nref;
	struct item *ref = ref_alloc(t, &nref);
	const struct store *s = &t->s;
	assert_int_equal(nref, s->nevents);
	check_merge_at(s, ref, nref, 0, CLASS_ALL, false, SIZE_MAX);
	check_merge_at(s, ref, nref, 0, random_classes(&seed), true, SIZE_MAX);
	check_merge_at(s, ref, nref, s->tmax + 1, CLASS_ALL, true, SIZE_MAX);
	check_merge_at(s, ref, nref, s->tmax, CLASS_ALL, true, SIZE_MAX);
	for (size_t j = 0; j < s->nckpts; j++) {
		uint64_t ct = s->ckpts[j].time;
		/* the whole rest for a few, the next 1500 events for the others */
		size_t lim = j % 8 == 0 ? SIZE_MAX : 1500;
		check_merge_at(s, ref, nref, ct, CLASS_ALL, j & 1, lim);
		check_merge_at(s, ref, nref, ct + 1, random_classes(&seed), j & 2, lim);
		check_merge_at(s, ref, nref, ct - 1, random_classes(&seed), j & 4, lim);
	}
	for (int i = 0; i < 150; i++) {
		uint64_t from = i % 2 ? ref[rnd(&seed) % nref].time
				      : s->tmin + rnd(&seed) % (s->tmax - s->tmin + 1);
		check_merge_at(s, ref, nref, from, i % 3 ? random_classes(&seed) : CLASS_ALL, i & 4,
			       i % 10 == 0 ? SIZE_MAX : 2000);
	}
	free(ref);
}

static void test_merge_at_big(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 4; seed++) {
		struct evb b = EVB_INIT;
		big_log(&b, seed * 7919, 2 + (unsigned)seed % 3, 5000, seed & 1, seed & 2);
		struct opened t;
		open_log(&t, &b);
		assert_true(t.s.nevents >= 10000);
		/* checkpoints past the first in some segment */
		size_t maxnck = 0;
		for (size_t i = 0; i < t.s.nsegs; i++)
			maxnck = t.s.segs[i].nck > maxnck ? t.s.segs[i].nck : maxnck;
		assert_true(maxnck >= 2);
		merge_at_big(&t, seed);
		close_log(&t);
		evb_free(&b);
	}
}

/* Is off where two parts of s's index meet? */
static bool at_cut(const struct store *s, uint64_t off)
{
	for (unsigned k = 0; k + 1 < s->nparts; k++)
		if (s->cuts[k] == off)
			return true;
	return false;
}

/* Both ways, serially and in nparts parts: identical blocks and merges
 * (asserted here); returns whether the segments and checkpoints are
 * identical too (the caller asserts, after every log had the other
 * checks). nsplit counts the logs split at all, nexact those split into
 * nparts. */
static bool compare_parts(const struct evb *b, unsigned nparts, unsigned *nsplit,
			  unsigned *nexact, uint64_t seed, unsigned *nunsorted)
{
	struct opened t1, t2;
	struct parts_saved sv = parts_force(1);
	open_log(&t1, b);
	parts_force(nparts);
	open_log(&t2, b);
	parts_restore(sv);
	assert_int_equal(t1.s.nparts, 1);
	assert_true(t2.s.nparts <= nparts);
	*nsplit += t2.s.nparts > 1;
	*nexact += t2.s.nparts == nparts;
	for (unsigned k = 1; k + 1 < t2.s.nparts; k++)
		assert_true(t2.s.cuts[k] > t2.s.cuts[k - 1]);
	check_index(&t2.s, t2.buf, t2.len);
	if (t2.s.nparts > 1) /* the index differs in nothing else */
		assert_int_equal(t1.s.nevents, t2.s.nevents);
	/* blocks */
	assert_int_equal(t1.s.nblocks, t2.s.nblocks);
	for (size_t i = 0; i < t1.s.nblocks; i++) {
		const struct block *x = &t1.s.blocks[i], *y = &t2.s.blocks[i];
		assert_int_equal(x->off, y->off);
		assert_int_equal(x->size, y->size);
		assert_int_equal(x->cap, y->cap);
		assert_int_equal(x->t0, y->t0);
		assert_int_equal(x->t1, y->t1);
	}
	/* merges from anywhere, through the two-thread index, against the
	 * reference */
	size_t nref;
	struct item *ref = ref_alloc(&t2, &nref);
	for (int i = 0; i < 40; i++) {
		uint64_t from = i == 0 ? 0 : ref[rnd(&seed) % nref].time + (uint64_t)(i % 3) - 1;
		check_merge_at(&t2.s, ref, nref, from, i % 2 ? CLASS_ALL : random_classes(&seed),
			       i & 2, i % 5 == 0 ? SIZE_MAX : 1500);
	}
	free(ref);
	/* Segments and checkpoints: the same, but for a serial segment that
	 * runs across cuts of the split index, which must come out as one
	 * segment per part meeting at the cuts (with the same checkpoints
	 * before the first). Unsorted segments near a cut may split
	 * differently (a part starts a run afresh at its start): there only
	 * the merges above, which are checked against the reference, must
	 * agree, and the segments before the first cut. */
	bool same = true, unsorted = false;
	for (size_t i = 0; i < t1.s.nsegs; i++)
		unsorted |= t1.s.segs[i].unsorted;
	for (size_t i = 0; i < t2.s.nsegs; i++)
		unsorted |= t2.s.segs[i].unsorted;
	if (unsorted) { /* the same segments before the cut, the same events in all */
		size_t k = 0;
		bool eq = t1.s.nevents == t2.s.nevents;
		uint64_t cut = t2.s.nparts > 1 ? t2.s.cuts[0] : 0;
		for (; eq && k < t1.s.nsegs && k < t2.s.nsegs && t2.s.segs[k].end <= cut; k++) {
			const struct seg *x = &t1.s.segs[k], *y = &t2.s.segs[k];
			if (y->end == cut && x->end != y->end)
				break; /* the serial one runs on across the cut */
			eq = x->off == y->off && x->end == y->end && x->t0 == y->t0 &&
			     x->t1 == y->t1 && x->nck == y->nck && x->unsorted == y->unsorted;
		}
		if (!eq)
			print_error("%u-part index with unsorted segments: segment %zu before the "
				    "cut differs, or the event counts (%llu, %llu)\n", nparts, k,
				    (unsigned long long)t1.s.nevents, (unsigned long long)t2.s.nevents);
		close_log(&t1);
		close_log(&t2);
		(*nunsorted)++;
		return eq;
	}
	size_t si = 0, sj = 0;
	while (same && si < t1.s.nsegs && sj < t2.s.nsegs) {
		const struct seg *x = &t1.s.segs[si], *y = &t2.s.segs[sj];
		bool eq = x->off == y->off && x->end == y->end && x->t0 == y->t0 &&
			  x->t1 == y->t1 && x->nck == y->nck && x->cs.cur == y->cs.cur &&
			  x->cs.remaining == y->cs.remaining;
		size_t nck = x->nck;
		if (!eq && at_cut(&t2.s, y->end)) {
			/* y, and the segments after it that go on at cuts,
			 * make x */
			size_t j = sj;
			while (j + 1 < t2.s.nsegs && t2.s.segs[j].end != x->end &&
			       at_cut(&t2.s, t2.s.segs[j].end) &&
			       t2.s.segs[j + 1].off == t2.s.segs[j].end &&
			       t2.s.segs[j + 1].t0 >= t2.s.segs[j].t1)
				j++;
			const struct seg *yz = &t2.s.segs[j];
			eq = j > sj && x->off == y->off && x->end == yz->end && x->t0 == y->t0 &&
			     x->t1 == yz->t1 && y->nck <= x->nck;
			nck = y->nck; /* those before the first cut must agree */
			if (eq)
				sj = j;
		}
		for (size_t k = 0; eq && k < nck; k++) {
			const struct ckpt *cx = &t1.s.ckpts[x->ck0 + k], *cy = &t2.s.ckpts[y->ck0 + k];
			eq = cx->off == cy->off && cx->time == cy->time && cx->cs.cur == cy->cs.cur &&
			     cx->cs.remaining == cy->cs.remaining;
		}
		same = eq;
		si++;
		sj++;
	}
	same = same && si == t1.s.nsegs && sj == t2.s.nsegs;
	static unsigned nreported;
	if (!same && nreported++ < 3) {
		print_error("%u-part index differs: %zu segments / %zu checkpoints, serial "
			    "%zu / %zu\n",
			    nparts, t2.s.nsegs, t2.s.nckpts, t1.s.nsegs, t1.s.nckpts);
		for (size_t i = 0, j = 0; i < t1.s.nsegs || j < t2.s.nsegs;) {
			const struct seg *x = i < t1.s.nsegs ? &t1.s.segs[i] : NULL;
			const struct seg *y = j < t2.s.nsegs ? &t2.s.segs[j] : NULL;
			if (x && y && x->off == y->off && x->end == y->end) {
				i++, j++;
				continue;
			}
			if (x)
				print_error("  serial seg %zu: [%llu, %llu) t %llu..%llu nck %zu\n", i,
					    (unsigned long long)x->off, (unsigned long long)x->end,
					    (unsigned long long)x->t0, (unsigned long long)x->t1,
					    x->nck);
			if (y)
				print_error("  split seg %zu: [%llu, %llu) t %llu..%llu nck %zu\n",
					    j, (unsigned long long)y->off, (unsigned long long)y->end,
					    (unsigned long long)y->t0, (unsigned long long)y->t1,
					    y->nck);
			break;
		}
	}
	close_log(&t1);
	close_log(&t2);
	return same;
}

static void test_parts_index_same(void **state)
{
	(void)state;
	for (size_t k = 1; k < NTEST_PARTS; k++) {
		unsigned np = test_parts[k];
		unsigned nsplit = 0, nexact = 0, ndiff = 0, nlogs = 0, nunsorted = 0;
		for (uint64_t seed = 1; seed <= 200; seed++) {
			struct evb b = EVB_INIT;
			block_log(&b, seed * 0x9E3779B97F4A7C15ull);
			ndiff += !compare_parts(&b, np, &nsplit, &nexact, seed, &nunsorted);
			nlogs++;
			evb_free(&b);
		}
		for (uint64_t seed = 1; seed <= 4; seed++) {
			struct evb b = EVB_INIT;
			big_log(&b, seed * 31, 4, 3000, seed & 1, seed & 2);
			ndiff += !compare_parts(&b, np, &nsplit, &nexact, seed, &nunsorted);
			nlogs++;
			evb_free(&b);
		}
		print_message("%u parts: %u of %u logs split, %u in %u parts\n", np, nsplit, nlogs,
			      nexact, np);
		assert_true(nsplit > 150);
		assert_true(nexact > 20);
		/* both kinds of log are there */
		assert_true(nunsorted > 0 && nunsorted < nlogs);
		if (ndiff)
			print_error("%u of %u logs: the %u-part segments/checkpoints differ from "
				    "the serial ones\n",
				    ndiff, nlogs, np);
		assert_int_equal(ndiff, 0);
	}
}

/* ---- reading a file through a buffer ---- */

#define SAME(field)                                                                   \
	do {                                                                        \
		if ((a)->field != (b)->field) {                                     \
			print_error("%s: " #field ": buffer %llu, mapping %llu\n", what,   \
				    (unsigned long long)(b)->field,                 \
				    (unsigned long long)(a)->field);                \
			fail();                                                     \
		}                                                                   \
	} while (0)

/* Every field of two stores' indexes: a (the mapping read) and b. */
static void same_index(const struct store *a, const struct store *b, const char *what)
{
	SAME(nevents);
	SAME(tmin);
	SAME(tmax);
	SAME(stop);
	SAME(stop_off);
	SAME(stop_tag);
	SAME(ndataend);
	SAME(first_dataend);
	SAME(after_end);
	SAME(ngaps);
	SAME(gap_bytes);
	SAME(nbadblocks);
	SAME(badblock_off);
	SAME(badblock_size);
	SAME(nparts);
	SAME(classes);
	SAME(nsegs);
	SAME(nckpts);
	SAME(nblocks);
	for (unsigned k = 0; k + 1 < a->nparts; k++)
		SAME(cuts[k]);
	for (size_t i = 0; i < a->ngaps && i < STORE_MAX_GAPS; i++) {
		SAME(gaps[i].off);
		SAME(gaps[i].len);
		SAME(gaps[i].tag);
		SAME(gaps[i].misaligned);
	}
	for (size_t i = 0; i < a->nsegs; i++) {
		SAME(segs[i].off);
		SAME(segs[i].end);
		SAME(segs[i].t0);
		SAME(segs[i].t1);
		SAME(segs[i].cs.remaining);
		SAME(segs[i].cs.cur);
		SAME(segs[i].ck0);
		SAME(segs[i].nck);
		SAME(segs[i].classes);
		SAME(segs[i].unsorted);
	}
	for (size_t i = 0; i < a->nckpts; i++) {
		SAME(ckpts[i].off);
		SAME(ckpts[i].time);
		SAME(ckpts[i].cs.remaining);
		SAME(ckpts[i].cs.cur);
		SAME(ckpts[i].classes);
	}
	for (size_t i = 0; i < a->nblocks; i++) {
		SAME(blocks[i].off);
		SAME(blocks[i].size);
		SAME(blocks[i].cap);
		SAME(blocks[i].t0);
		SAME(blocks[i].t1);
	}
}
#undef SAME

/* The windows the tests read files through: smaller than an event (all
 * through the mapping), about one, a few, many, and the default. */
static const size_t test_windows[] = { 1, 23, 24, 100, 777, 4096, 65536, 256u << 10 };
#define NTEST_WINDOWS (sizeof test_windows / sizeof test_windows[0])

/* b opened from a file, read through a buffer of each test window, in
 * nparts parts: the same index, to the field, as the same bytes opened in
 * memory (read through the mapping). Returns how many windows the file
 * needed more than one read of. */
static unsigned window_ways(const struct evb *b, unsigned nparts, const char *name)
{
	char path[] = "/tmp/hectic-test-window-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	append(path, b->p, b->n);
	struct parts_saved sv = parts_force(nparts);
	size_t saved = store_read_window;
	struct opened m;
	open_log(&m, b);
	unsigned nmulti = 0;
	for (size_t w = 0; w < NTEST_WINDOWS; w++) {
		store_read_window = test_windows[w];
		struct store f;
		char err[256] = "", what[256];
		enum store_status st = store_open(&f, path, err, sizeof err);
		store_read_window = saved;
		snprintf(what, sizeof what, "%s, %u parts, window %zu", name, nparts,
			 test_windows[w]);
		if (st != STORE_OK)
			print_error("%s: store_open: %d %s\n", what, st, err);
		assert_int_equal(st, STORE_OK);
		same_index(&m.s, &f, what);
		nmulti += test_windows[w] >= 24 && test_windows[w] < b->n;
		store_close(&f);
	}
	parts_restore(sv);
	close_log(&m);
	unlink(path);
	return nmulti;
}

static const char *const window_fixtures[] = {
	"tests/fixtures/threaded.eventlog",   "tests/fixtures/nonthreaded.eventlog",
	"tests/fixtures/killed-cut.eventlog", "tests/fixtures/par-n4.eventlog",
	"tests/fixtures/prof.eventlog",       "tests/fixtures/heap-hT.eventlog",
	"tests/fixtures/nonmoving.eventlog",
};

/* The index of a file read through a buffer is the mapping's: fixtures,
 * well-formed block logs, irregular ones (gaps the index skips, DATA_END
 * in the middle, markers that lie about their size), for 1 to 7 parts. */
static void test_read_window(void **state)
{
	(void)state;
	unsigned nmulti = 0;
	for (size_t k = 0; k < NTEST_PARTS; k++) {
		unsigned np = test_parts[k];
		for (size_t i = 0; i < sizeof window_fixtures / sizeof *window_fixtures; i++) {
			struct evb b = EVB_INIT;
			assert_true(evb_file(&b, window_fixtures[i]));
			nmulti += window_ways(&b, np, window_fixtures[i]);
			evb_free(&b);
		}
		for (uint64_t seed = 1; seed <= 12; seed++) {
			char name[64];
			struct evb b = EVB_INIT;
			block_log(&b, seed * 0x9E3779B97F4A7C15ull);
			snprintf(name, sizeof name, "block log %llu", (unsigned long long)seed);
			nmulti += window_ways(&b, np, name);
			evb_free(&b);
			struct evb r = EVB_INIT;
			random_log(&r, seed * 0xD1B54A32D192ED03ull);
			snprintf(name, sizeof name, "random log %llu", (unsigned long long)seed);
			nmulti += window_ways(&r, np, name);
			evb_free(&r);
		}
		for (int kind = 0; kind < 3; kind++) {
			char name[64];
			struct evb b = EVB_INIT;
			irregular_log(&b, (unsigned)(kind * 3 + 1) % 8, kind);
			snprintf(name, sizeof name, "irregular log %d", kind);
			nmulti += window_ways(&b, np, name);
			evb_free(&b);
		}
		struct evb g = EVB_INIT;
		big_log(&g, 77, 6, 2000, false, true);
		nmulti += window_ways(&g, np, "big log");
		evb_free(&g);
	}
	/* most reads took several windows */
	assert_true(nmulti > 500);
}

/* store_events_before against the reference: the (up to) n wanted events
 * just before (time, off), oldest first. */
static void check_before(const struct store *s, const struct item *ref, size_t nref,
			 uint64_t time, uint64_t off, class_set classes, size_t n)
{
	/* the reference is sorted by (time, off) */
	size_t e = 0;
	while (e < nref && (ref[e].time < time || (ref[e].time == time && ref[e].off < off)))
		e++;
	size_t *want = malloc((n ? n : 1) * sizeof *want);
	assert_non_null(want);
	size_t nw = 0;
	for (size_t i = e; i-- > 0 && nw < n;)
		if (classes & CLASS_BIT(class_of(ref[i].tag)))
			want[n - 1 - nw++] = i;
	/* exactly n slots, so ASan sees writes past them */
	struct evref *out = malloc((n ? n : 1) * sizeof *out);
	assert_non_null(out);
	size_t got = store_events_before(s, time, off, classes, out, n);
	bool ok = got == nw;
	for (size_t j = 0; ok && j < got; j++) {
		const struct item *w = &ref[want[n - nw + j]];
		ok = out[j].off == w->off && out[j].time == w->time && out[j].tag == w->tag &&
		     out[j].cap == w->cap;
		if (!ok)
			print_error("store_events_before(%llu, %llu, %#x, n %zu): [%zu] got off "
				    "%llu time %llu cap %d, want off %llu time %llu cap %d\n",
				    (unsigned long long)time, (unsigned long long)off, classes, n, j,
				    (unsigned long long)out[j].off, (unsigned long long)out[j].time,
				    out[j].cap, (unsigned long long)w->off,
				    (unsigned long long)w->time, w->cap);
	}
	if (got != nw)
		print_error("store_events_before(%llu, %llu, %#x, n %zu): %zu events, want %zu\n",
			    (unsigned long long)time, (unsigned long long)off, classes, n, got, nw);
	free(out);
	free(want);
	assert_true(ok);
}

static const size_t before_ns[] = { 1, 7, 100, 5000 };

static void before_all_keys(const struct opened *t, uint64_t seed)
{
	size_t nref;
	struct item *ref = ref_alloc(t, &nref);
	const struct store *s = &t->s;
	/* before the first event: nothing */
	check_before(s, ref, nref, 0, 0, CLASS_ALL, 7);
	if (nref) {
		check_before(s, ref, nref, ref[0].time, ref[0].off, CLASS_ALL, 5000);
		check_before(s, ref, nref, ref[0].time, 0, CLASS_ALL, 1);
		if (ref[0].time > 0)
			check_before(s, ref, nref, ref[0].time - 1, UINT64_MAX, CLASS_ALL, 100);
	}
	/* n = 0 */
	check_before(s, ref, nref, UINT64_MAX, UINT64_MAX, CLASS_ALL, 0);
	/* after everything */
	for (size_t k = 0; k < 4; k++) {
		check_before(s, ref, nref, UINT64_MAX, UINT64_MAX, CLASS_ALL, before_ns[k]);
		check_before(s, ref, nref, s->tmax, UINT64_MAX, random_classes(&seed),
			     before_ns[k]);
		check_before(s, ref, nref, s->tmax + 1, 0, random_classes(&seed), before_ns[k]);
	}
	for (size_t i = 0; i < nref; i++) {
		size_t n = before_ns[rnd(&seed) % 4];
		check_before(s, ref, nref, ref[i].time, ref[i].off, CLASS_ALL, n);
		check_before(s, ref, nref, ref[i].time, ref[i].off, random_classes(&seed),
			     before_ns[rnd(&seed) % 4]);
		check_before(s, ref, nref, ref[i].time, ref[i].off + 1, random_classes(&seed),
			     before_ns[rnd(&seed) % 4]);
		check_before(s, ref, nref, ref[i].time, 0, random_classes(&seed),
			     before_ns[rnd(&seed) % 4]);
		check_before(s, ref, nref, ref[i].time + 1, 0, CLASS_ALL, before_ns[rnd(&seed) % 4]);
	}
	free(ref);
}

static void test_events_before_random(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 150; seed++) {
		struct evb b = EVB_INIT;
		random_log(&b, seed * 0x9E3779B97F4A7C15ull);
		struct opened t;
		open_log(&t, &b);
		before_all_keys(&t, seed);
		close_log(&t);
		evb_free(&b);

		b = EVB_INIT;
		block_log(&b, seed * 0xD1B54A32D192ED03ull);
		open_log(&t, &b);
		before_all_keys(&t, seed + 1000);
		close_log(&t);
		evb_free(&b);
	}
}

/* Events at 10 ns and at 10^12 ns (and one near the top of the range): the
 * search window must grow from 1 us to about 10^12. */
static void test_events_before_gap(void **state)
{
	(void)state;
	static const uint64_t far[] = { 1000000000000ull, 1000000000000ull,
					UINT64_MAX - 10 };
	for (size_t variant = 0; variant < 3; variant++) {
		struct evb b = EVB_INIT;
		std_header(&b);
		uint64_t seed = 12345 + variant;
		/* in two blocks and loose, so there are several segments */
		for (unsigned i = 0; i < 300; i++)
			random_event(&b, 10 + (i % 7 == 0), &seed);
		struct evb body = EVB_INIT;
		body.decl = b.decl;
		for (unsigned i = 0; i < 200; i++)
			random_event(&body, far[variant] + i / 10, &seed);
		evb_marker(&b, far[variant], (uint32_t)(24 + body.n), far[variant] + 20, 1);
		evb_bytes(&b, body.p, body.n);
		free(body.p);
		if (variant == 1) /* and a few in between */
			for (unsigned i = 0; i < 5; i++)
				gc(&b, 1000000ull * (i + 1) * (i + 1) * (i + 1));
		evb_dataend(&b);

		struct opened t;
		open_log(&t, &b);
		size_t nref;
		struct item *ref = ref_alloc(&t, &nref);
		const struct store *s = &t.s;
		/* the last n before the far events reach back to 10 ns */
		for (size_t k = 0; k < 4; k++) {
			check_before(s, ref, nref, far[variant], 0, CLASS_ALL, before_ns[k]);
			check_before(s, ref, nref, far[variant], UINT64_MAX, CLASS_ALL, before_ns[k]);
			check_before(s, ref, nref, far[variant] + 5, 0, CLASS_ALL, before_ns[k]);
			check_before(s, ref, nref, UINT64_MAX, UINT64_MAX, CLASS_ALL, before_ns[k]);
			check_before(s, ref, nref, far[variant] / 2, 0, CLASS_ALL, before_ns[k]);
			for (int c = 0; c < CL_COUNT; c++)
				check_before(s, ref, nref, UINT64_MAX, UINT64_MAX, CLASS_BIT(c),
					     before_ns[k]);
		}
		struct evref one;
		assert_int_equal(store_events_before(s, far[variant], 0, CLASS_ALL, &one, 1), 1);
		assert_true(one.time <= (variant == 1 ? 125000000ull : 11));
		for (size_t i = 0; i < nref; i++) {
			check_before(s, ref, nref, ref[i].time, ref[i].off, random_classes(&seed),
				     before_ns[rnd(&seed) % 4]);
			check_before(s, ref, nref, ref[i].time, 0, CLASS_ALL,
				     before_ns[rnd(&seed) % 4]);
		}
		/* merges from the middle of the gap */
		check_merge_at(s, ref, nref, 11, CLASS_ALL, false, SIZE_MAX);
		check_merge_at(s, ref, nref, far[variant] / 3, CLASS_ALL, true, SIZE_MAX);
		check_merge_at(s, ref, nref, far[variant] + 1, random_classes(&seed), true, SIZE_MAX);
		free(ref);
		close_log(&t);
		evb_free(&b);
	}
}

static void test_events_before_big(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 2; seed++) {
		struct evb b = EVB_INIT;
		big_log(&b, seed * 104729, 3, 5000, seed & 1, seed & 2);
		struct opened t;
		open_log(&t, &b);
		size_t nref;
		struct item *ref = ref_alloc(&t, &nref);
		for (int i = 0; i < 60; i++) {
			const struct item *it = &ref[rnd(&seed) % nref];
			size_t n = before_ns[i % 4];
			class_set cl = i % 3 ? CLASS_ALL : random_classes(&seed);
			check_before(&t.s, ref, nref, it->time, it->off, cl, n);
			check_before(&t.s, ref, nref, it->time, 0, cl, n);
		}
		for (size_t k = 0; k < 4; k++)
			check_before(&t.s, ref, nref, UINT64_MAX, UINT64_MAX, CLASS_ALL, before_ns[k]);
		free(ref);
		close_log(&t);
		evb_free(&b);
	}
}

static bool int_before(const void *e, const void *k)
{
	return *(const int *)e < *(const int *)k;
}

/* The checked array helpers refuse sizes that overflow, and the one
 * binary search finds the first element not before its key. */
static void test_checked_arrays(void **state)
{
	(void)state;
	assert_null(xmallocarray(SIZE_MAX / 2, 4));
	int *p = xmallocarray(4, sizeof *p);
	assert_non_null(p);
	p[3] = 7;
	assert_null(xreallocarray(p, SIZE_MAX / 4 + 1, sizeof *p));
	assert_int_equal(p[3], 7); /* unchanged */
	free(p);
	p = NULL;
	size_t n = 0, cap = 0;
	for (int i = 0; i < 100; i++)
		assert_true(vec_push(p, n, cap, 2 * i));
	assert_int_equal(n, 100);
	assert_false(vec_grow((void **)&p, &cap, SIZE_MAX, sizeof *p));
	assert_int_equal(p[99], 198);
	int keys[] = { -1, 0, 1, 2, 99, 198, 199, 1000 };
	size_t want[] = { 0, 0, 1, 1, 50, 99, 100, 100 };
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		assert_int_equal(lower_bound(p, n, sizeof *p, &keys[i], int_before), want[i]);
	assert_int_equal(lower_bound(p, 0, sizeof *p, &keys[0], int_before), 0);
	free(p);
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
		cmocka_unit_test(test_extend_growing_file),
		cmocka_unit_test(test_extend_shrunk),
		cmocka_unit_test(test_extend_replaced),
		cmocka_unit_test(test_index_two_threads),
		cmocka_unit_test(test_index_parts_irregular),
		cmocka_unit_test(test_counts_fixtures),
		cmocka_unit_test(test_counts_void),
		cmocka_unit_test(test_undeclared_above_max),
		cmocka_unit_test(test_clean_and_no_dataend),
		cmocka_unit_test(test_empty_data),
		cmocka_unit_test(test_header_errors),
		cmocka_unit_test(test_merge_at_random),
		cmocka_unit_test(test_index_checkpoints),
		cmocka_unit_test(test_merge_at_big),
		cmocka_unit_test(test_parts_index_same),
		cmocka_unit_test(test_read_window),
		cmocka_unit_test(test_events_before_random),
		cmocka_unit_test(test_events_before_gap),
		cmocka_unit_test(test_events_before_big),
		cmocka_unit_test(test_checked_arrays),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
