/* model/store's class summaries: each segment's and the store's index
 * bits are exactly those of the events they hold (computed here by
 * decoding every event), a merge starts exactly the segments holding an
 * event it wants and reads nothing of the others, and a filtered merge
 * returns exactly the wanted events of the unfiltered one, in order. On
 * every fixture and on crafted logs (a class only in the last block, in
 * every block, in none), indexed serially, on two threads, and grown by
 * store_extend. Also: the marks read through the index are the tracks'. */
#include <errno.h>
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../model/classes.h"
#include "../../model/store.h"
#include "../../model/tracks.h"
#include "evbuild.h"
#include "parts.h"

enum {
	T_CREATE = 0, T_RUN = 1, T_STOP = 2, T_GC_START = 9, T_USER_MSG = 19,
	T_SPARK_COUNTERS = 34, T_LABEL = 44, T_GC_STATS = 53, T_USER_MARKER = 58,
};

/* A tag's index bits, from the class table and the three tags the index
 * gives a bit of their own (written out here, not taken from store.c). */
static uint16_t truth_bits(uint16_t tag)
{
	uint16_t b = (uint16_t)CLASS_BIT(class_of(tag));
	if (tag == T_LABEL)
		b |= 1u << 11;
	if (tag == T_SPARK_COUNTERS)
		b |= 1u << 12;
	if (tag == T_GC_STATS)
		b |= 1u << 13;
	return b;
}

/* The bit a merge for this tag alone looks for: its own, else its class's. */
static uint16_t truth_want(uint16_t tag)
{
	uint16_t b = truth_bits(tag), own = (uint16_t)(b & ~CLASS_ALL);
	return own ? own : b;
}

/* The bits of the events in [off, end), decoded one by one; the items
 * there (events and end-of-data markers: what a merge may read) into *n. */
static uint16_t decode_bits(const struct store *s, uint64_t off, uint64_t end, uint64_t *n)
{
	uint16_t bits = 0;
	*n = 0;
	while (off < end) {
		uint64_t t;
		uint32_t size;
		uint16_t tag;
		enum ev_status st = ev_size(&s->hdr, s->map, end, off, &t, &size, &tag);
		++*n;
		if (st == EV_DATAEND) {
			off += 2;
			continue;
		}
		assert_int_equal(st, EV_OK);
		bits |= truth_bits(tag);
		off += size;
	}
	return bits;
}

/* Each segment's and checkpoint's bits against the decoded truth; the
 * segments' truths and event counts into truth[] and nev[] (room for
 * nsegs each). */
static void check_index(const struct store *s, uint16_t *truth, uint64_t *nev)
{
	uint16_t all = 0;
	for (size_t i = 0; i < s->nsegs; i++) {
		const struct seg *g = &s->segs[i];
		truth[i] = decode_bits(s, g->off, g->end, &nev[i]);
		assert_int_equal(g->classes, truth[i]);
		for (size_t k = g->ck0; k < g->ck0 + g->nck; k++) {
			uint64_t end = k + 1 < g->ck0 + g->nck ? s->ckpts[k + 1].off : g->end, n;
			assert_int_equal(s->ckpts[k].classes, decode_bits(s, s->ckpts[k].off, end, &n));
		}
		all |= truth[i];
	}
	assert_int_equal(s->classes, all);
}

/* A merge over the whole log for these classes and tags, drained: it
 * starts exactly the segments holding a wanted bit (by the truth), and
 * reads no more events than those segments hold (none when none does). */
static void check_skip(const struct store *s, const uint16_t *truth, const uint64_t *nev,
		       class_set classes, const uint16_t *tags, size_t ntags)
{
	uint16_t want = (uint16_t)classes;
	for (size_t i = 0; i < ntags; i++)
		want |= truth_want(tags[i]);
	size_t expect = 0;
	uint64_t most = 0;
	for (size_t i = 0; i < s->nsegs; i++)
		if (truth[i] & want) {
			expect++;
			most += nev[i];
		}
	struct merge *m = merge_new_tags(s, 0, classes, tags, ntags);
	assert_non_null(m);
	struct evref r;
	while (merge_step(m, &r))
		;
	assert_int_equal(merge_started(m), expect);
	assert_true(merge_read(m) <= most);
	if (!expect)
		assert_int_equal(merge_read(m), 0);
	assert_int_equal(store_may_have(s, classes, tags, ntags), expect > 0);
	merge_free(m);
}

static bool wanted(uint16_t tag, class_set classes, const uint16_t *tags, size_t ntags)
{
	if (classes & CLASS_BIT(class_of(tag)))
		return true;
	for (size_t i = 0; i < ntags; i++)
		if (tags[i] == tag)
			return true;
	return false;
}

/* The filtered merge from time from equals the unfiltered merge filtered
 * here, event by event; returns how many. */
static uint64_t check_filtered(const struct store *s, uint64_t from, class_set classes,
			       const uint16_t *tags, size_t ntags)
{
	struct merge *all = merge_new(s), *f = merge_new_tags(s, from, classes, tags, ntags);
	assert_non_null(all);
	assert_non_null(f);
	struct evref x, y;
	uint64_t n = 0;
	while (merge_step(all, &x)) {
		if (x.time < from || !wanted(x.tag, classes, tags, ntags))
			continue;
		assert_true(merge_step(f, &y));
		assert_int_equal(x.off, y.off);
		assert_int_equal(x.time, y.time);
		assert_int_equal(x.cap, y.cap);
		assert_int_equal(x.tag, y.tag);
		assert_int_equal(x.size, y.size);
		n++;
	}
	assert_false(merge_step(f, &y));
	assert_false(merge_failed(f));
	merge_free(all);
	merge_free(f);
	return n;
}

static const uint16_t tag_sets[][2] = {
	{ T_LABEL, 0 }, { T_SPARK_COUNTERS, 0 }, { T_GC_STATS, 0 }, { T_RUN, T_STOP },
	{ T_USER_MARKER, T_LABEL },
};
static const size_t tag_set_n[] = { 1, 1, 1, 2, 2 };
#define NSETS (sizeof tag_set_n / sizeof tag_set_n[0])

/* Everything above on one store: every class alone, the tag sets alone and
 * with a class, from the start, a third in and the end. */
static void check_store(const struct store *s)
{
	uint16_t *truth = calloc(s->nsegs + 1, sizeof *truth);
	uint64_t *nev = calloc(s->nsegs + 1, sizeof *nev);
	assert_non_null(truth);
	assert_non_null(nev);
	check_index(s, truth, nev);
	uint64_t third = s->tmin + (s->tmax - s->tmin) / 3;
	for (int c = 0; c < CL_COUNT; c++) {
		check_skip(s, truth, nev, CLASS_BIT(c), NULL, 0);
		check_filtered(s, 0, CLASS_BIT(c), NULL, 0);
		check_filtered(s, third, CLASS_BIT(c), NULL, 0);
	}
	for (size_t k = 0; k < NSETS; k++) {
		check_skip(s, truth, nev, 0, tag_sets[k], tag_set_n[k]);
		check_skip(s, truth, nev, CLASS_BIT(CL_GC), tag_sets[k], tag_set_n[k]);
		check_filtered(s, 0, 0, tag_sets[k], tag_set_n[k]);
		check_filtered(s, third, CLASS_BIT(CL_USER), tag_sets[k], tag_set_n[k]);
		check_filtered(s, s->tmax, 0, tag_sets[k], tag_set_n[k]);
	}
	check_filtered(s, 0, CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_USER), NULL, 0);
	free(truth);
	free(nev);
}

/* ---- the fixtures ---- */

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

/* Opens p in nparts parts (where its blocks allow; 1: serially). */
static void open_mem(struct store *s, const uint8_t *p, size_t n, unsigned nparts)
{
	char err[256];
	struct parts_saved sv = parts_force(nparts);
	assert_int_equal(store_open_mem(s, p, n, err, sizeof err), STORE_OK);
	parts_restore(sv);
}

static void test_fixtures(void **state)
{
	(void)state;
	glob_t g;
	assert_int_equal(glob("tests/fixtures/*.eventlog", 0, NULL, &g), 0);
	assert_true(g.gl_pathc >= 10);
	unsigned nsplit[NTEST_PARTS] = { 0 }, nmore[NTEST_PARTS] = { 0 };
	for (size_t i = 0; i < g.gl_pathc; i++) {
		size_t n;
		uint8_t *p = read_file(g.gl_pathv[i], &n);
		for (size_t k = 0; k < NTEST_PARTS; k++) {
			struct store s;
			open_mem(&s, p, n, test_parts[k]);
			assert_true(s.nparts >= 1 && s.nparts <= test_parts[k]);
			nsplit[k] += s.nparts > 1;
			nmore[k] += s.nparts > 2;
			check_store(&s);
			store_close(&s);
		}
		free(p);
	}
	for (size_t k = 1; k < NTEST_PARTS; k++) { /* each join is exercised */
		assert_true(nsplit[k] >= 5);
		assert_true(test_parts[k] < 3 || nmore[k] >= 3); /* joins of 3 parts and more */
	}
	globfree(&g);
}

/* ---- crafted logs ---- */

/* Where the rare events go, by block (bit k: block k). */
struct shape {
	unsigned nblocks, per_block;
	uint32_t user, label, sparks, gcstats;
};

static void header(struct evb *b)
{
	evb_begin_header(b);
	evb_type(b, T_CREATE, 4, "Create thread");
	evb_type(b, T_RUN, 4, "Run thread");
	evb_type(b, T_STOP, 10, "Stop thread");
	evb_type(b, T_GC_START, 0, "Start GC");
	evb_type(b, 18, 14, "Block marker");
	evb_type(b, T_USER_MSG, EVB_VAR, "User message");
	evb_type(b, T_SPARK_COUNTERS, 56, "Spark counters");
	evb_type(b, T_LABEL, EVB_VAR, "Thread label");
	evb_type(b, T_GC_STATS, 58, "GC statistics");
	evb_type(b, T_USER_MARKER, EVB_VAR, "User marker");
	evb_end_header(b);
}

static void u32ev(struct evb *b, uint16_t tag, uint64_t t, uint32_t v)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, v);
	evb_event_pl(b, tag, t, &pl);
	evb_free(&pl);
}

static void zeros(struct evb *b, uint16_t tag, uint64_t t, size_t n)
{
	uint8_t z[64] = { 0 };
	evb_event(b, tag, t, z, n);
}

/* Block k of a shape: cap k % 2, its events from k * per_block on, 2 ns apart
 * (so that each block starts before the previous ends: a new segment),
 * sched events throughout and the rare ones where the shape puts them. */
static void crafted_block(struct evb *b, const struct shape *sh, unsigned k)
{
	struct evb body = EVB_INIT;
	uint64_t t0 = (uint64_t)k * sh->per_block + 1000, t = t0;
	for (unsigned i = 0; i < sh->per_block; i++, t += 2) {
		uint32_t th = k + 1;
		if (i == sh->per_block / 2 && (sh->user >> k & 1))
			evb_event_len(&body, T_USER_MARKER, t, 4, "mark", 4);
		else if (i == sh->per_block - 5 && (sh->label >> k & 1))
			evb_event_len(&body, T_LABEL, t, 4 + 3, "\0\0\0\1abc", 7);
		else if (i == 10 && (sh->sparks >> k & 1))
			zeros(&body, T_SPARK_COUNTERS, t, 56);
		else if (i == 20 && (sh->gcstats >> k & 1))
			zeros(&body, T_GC_STATS, t, 58);
		else if (i % 3 == 0)
			u32ev(&body, T_RUN, t, th);
		else if (i % 3 == 1)
			u32ev(&body, T_CREATE, t, th + 100);
		else
			zeros(&body, T_STOP, t, 10);
	}
	evb_marker(b, t0, (uint32_t)(24 + body.n), t - 2, (uint16_t)(k % 2));
	evb_bytes(b, body.p, body.n);
	evb_free(&body);
}

/* Returns the header's length. */
static size_t crafted(struct evb *b, const struct shape *sh)
{
	header(b);
	size_t hdr = b->n;
	for (unsigned k = 0; k < sh->nblocks; k++)
		crafted_block(b, sh, k);
	evb_dataend(b);
	return hdr;
}

/* The segment holding the events of block k (each block is one). */
static size_t block_seg(const struct store *s, unsigned k)
{
	assert_true(k < s->nsegs);
	return k;
}

/* A merge for tag (or class cls when tag < 0) starts exactly the blocks
 * of mask, and what it returns comes from them. */
static void expect_blocks(const struct store *s, int tag, int cls, uint32_t mask)
{
	uint16_t t = (uint16_t)(tag < 0 ? 0 : tag);
	struct merge *m = merge_new_tags(s, 0, tag < 0 ? CLASS_BIT(cls) : 0, &t, tag < 0 ? 0 : 1);
	assert_non_null(m);
	struct evref r;
	uint64_t got = 0;
	while (merge_step(m, &r)) {
		size_t i = 0;
		while (!(r.off >= s->segs[i].off && r.off < s->segs[i].end))
			i++;
		assert_true(mask >> i & 1);
		got++;
	}
	assert_int_equal(merge_started(m), (size_t)__builtin_popcount(mask));
	uint64_t most = 0;
	for (unsigned k = 0; k < 32; k++)
		if (mask >> k & 1) {
			uint64_t n;
			decode_bits(s, s->segs[block_seg(s, k)].off, s->segs[block_seg(s, k)].end, &n);
			most += n;
		}
	assert_true(merge_read(m) <= most);
	if (!mask)
		assert_int_equal(merge_read(m), 0);
	assert_int_equal(got, __builtin_popcount(mask));
	merge_free(m);
}

static void check_shape(const struct store *s, const struct shape *sh)
{
	check_store(s);
	if (sh->per_block < SEG_SORTED_MIN) {
		/* blocks this small go back in time too early: unsorted runs
		 * of several blocks */
		assert_true(s->nsegs < sh->nblocks);
		assert_true(s->segs[0].unsorted);
		return;
	}
	assert_int_equal(s->nsegs, sh->nblocks); /* one segment a block */
	expect_blocks(s, -1, CL_USER, sh->user);
	expect_blocks(s, T_LABEL, 0, sh->label);
	expect_blocks(s, T_SPARK_COUNTERS, 0, sh->sparks);
	expect_blocks(s, T_GC_STATS, 0, sh->gcstats);
	assert_int_equal(!!(s->classes & CLASS_BIT(CL_USER)), sh->user != 0);
}

static const struct shape shapes[] = {
	/* user events only in the last block; a label in block 3 */
	{ 8, 3000, 1u << 7, 1u << 3, 0, 1u << 5 },
	/* in every block */
	{ 8, 3000, 0xFF, 0xFF, 0xFF, 0xFF },
	/* in none */
	{ 8, 3000, 0, 0, 0, 0 },
	/* only in the first block, small blocks */
	{ 12, 100, 1u, 1u << 11, 1u << 6, 0 },
	/* tiny blocks: unsorted segments of several */
	{ 30, 40, 1u << 29, 1u << 3, 1u << 12, 0 },
};

static void test_crafted(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		struct evb b = EVB_INIT;
		crafted(&b, &shapes[i]);
		for (size_t k = 0; k < NTEST_PARTS; k++) {
			struct store s;
			open_mem(&s, b.p, b.n, test_parts[k]);
			assert_int_equal(s.nparts, test_parts[k]);
			check_shape(&s, &shapes[i]);
			store_close(&s);
		}
		evb_free(&b);
	}
}

/* ---- growth ---- */

static void append(const char *path, const uint8_t *p, size_t n)
{
	FILE *f = fopen(path, "ab");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, n, f), n);
	fclose(f);
}

/* A log written in pieces (cut mid-event, mid-block, on a block's
 * boundary), extended at each: the summaries are exact at each step, and
 * at the end those of a fresh open. */
static void grow(const uint8_t *full, size_t n, const size_t *cuts, size_t ncuts,
		 unsigned nparts, const struct shape *sh)
{
	char path[] = "/tmp/hectic-test-classes-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	append(path, full, cuts[0]);
	struct store s, w;
	char err[256];
	struct parts_saved sv = parts_force(nparts);
	assert_int_equal(store_open(&s, path, err, sizeof err), STORE_OK);
	if (sh)
		assert_int_equal(s.nparts, nparts);
	parts_force(1);
	for (size_t k = 1; k <= ncuts; k++) {
		size_t upto = k < ncuts ? cuts[k] : n;
		append(path, full + cuts[k - 1], upto - cuts[k - 1]);
		assert_int_equal(store_extend(&s, err, sizeof err), EXTEND_GREW);
		check_store(&s);
	}
	assert_int_equal(store_open(&w, path, err, sizeof err), STORE_OK);
	parts_restore(sv);
	assert_int_equal(s.nsegs, w.nsegs);
	for (size_t i = 0; i < s.nsegs; i++)
		assert_int_equal(s.segs[i].classes, w.segs[i].classes);
	assert_int_equal(s.classes, w.classes);
	if (sh)
		check_shape(&s, sh);
	store_close(&s);
	store_close(&w);
	unlink(path);
}

static void test_extend(void **state)
{
	(void)state;
	for (size_t i = 0; i < 2; i++) {
		struct evb b = EVB_INIT;
		size_t hdr = crafted(&b, &shapes[i]);
		size_t blk = (b.n - hdr) / shapes[i].nblocks;
		/* mid-event in the first block, mid-block 2, inside the last
		 * block's marker, all but the end marker */
		size_t cuts[] = { hdr + 7, hdr + 2 * blk + 77, b.n - blk - 3, b.n - 2 };
		grow(b.p, b.n, cuts, 4, 1, &shapes[i]);
		/* opened in parts: mid-block 5 first */
		size_t cuts2[] = { hdr + 5 * blk + 50, hdr + 6 * blk + 1, b.n - 2 };
		grow(b.p, b.n, cuts2, 3, 2, &shapes[i]);
		grow(b.p, b.n, cuts2, 3, 3, &shapes[i]);
		evb_free(&b);
	}
	size_t n;
	uint8_t *p = read_file("tests/fixtures/threads-lf.eventlog", &n);
	size_t cuts[] = { n / 3, n / 3 + 1, n / 2, n - 5 };
	for (size_t k = 0; k < NTEST_PARTS; k++)
		grow(p, n, cuts, 4, test_parts[k], NULL);
	free(p);
}

/* ---- marks through the index ---- */

struct marks_got {
	struct mark *v;
	size_t n, cap;
};

static bool collect_mark(void *ctx, const struct mark *m)
{
	struct marks_got *g = ctx;
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->v = realloc(g->v, g->cap * sizeof *g->v);
		assert_non_null(g->v);
	}
	g->v[g->n++] = *m;
	return true;
}

/* tracks_marks_each over [from, to] lists the tracks' marks of that range. */
static void check_marks(const struct tracks *tr, const struct store *s, uint64_t from,
			uint64_t to)
{
	struct marks_got g = { 0 };
	assert_true(tracks_marks_each(s, from, to, collect_mark, &g));
	size_t k = 0;
	for (size_t i = tracks_mark_from(tr, from); i < tr->nmarks && tr->marks[i].time <= to;
	     i++, k++) {
		assert_true(k < g.n);
		assert_int_equal(g.v[k].time, tr->marks[i].time);
		assert_int_equal(g.v[k].off, tr->marks[i].off);
		assert_int_equal(g.v[k].cap, tr->marks[i].cap);
		assert_int_equal(g.v[k].tag, tr->marks[i].tag);
	}
	assert_int_equal(k, g.n);
	free(g.v);
}

/* Every kind of mark, on a capability and on none, two at one time in
 * two blocks, an event between blocks. */
static void marks_log(struct evb *b)
{
	evb_begin_header(b);
	evb_type(b, T_RUN, 4, "Run thread");
	evb_type(b, 16, EVB_VAR, "Log message");
	evb_type(b, 18, 14, "Block marker");
	evb_type(b, T_USER_MSG, EVB_VAR, "User message");
	evb_type(b, T_USER_MARKER, EVB_VAR, "User marker");
	evb_type(b, 181, EVB_VAR, "User binary message");
	evb_end_header(b);
	struct evb c0 = EVB_INIT, g = EVB_INIT;
	u32ev(&c0, T_RUN, 100, 1);
	evb_event_len(&c0, 16, 110, 3, "log", 3);
	evb_event_len(&c0, T_USER_MSG, 120, 3, "msg", 3);
	evb_event_len(&c0, 181, 130, 3, "\0\1\2", 3);
	evb_event_len(&g, T_USER_MARKER, 90, 2, "mk", 2);
	evb_event_len(&g, T_USER_MSG, 120, 4, "same", 4);
	evb_event_len(&g, 16, 125, 1, "x", 1);
	evb_marker(b, 100, (uint32_t)(24 + c0.n), 130, 0);
	evb_bytes(b, c0.p, c0.n);
	evb_marker(b, 90, (uint32_t)(24 + g.n), 125, 0xFFFF);
	evb_bytes(b, g.p, g.n);
	evb_event_len(b, T_USER_MARKER, 140, 5, "loose", 5);
	evb_dataend(b);
	evb_free(&c0);
	evb_free(&g);
}

static void test_marks_kinds(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	marks_log(&b);
	struct store s;
	open_mem(&s, b.p, b.n, false);
	struct tracks tr;
	assert_true(tracks_build(&tr, &s));
	assert_int_equal(tr.nmarks, 7);
	check_marks(&tr, &s, 0, UINT64_MAX);
	check_marks(&tr, &s, 120, 120);
	check_marks(&tr, &s, 121, 140);
	tracks_free(&tr);
	store_close(&s);
	evb_free(&b);
}

static void test_marks(void **state)
{
	(void)state;

	glob_t g;
	assert_int_equal(glob("tests/fixtures/*.eventlog", 0, NULL, &g), 0);
	size_t total = 0;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		size_t n;
		uint8_t *p = read_file(g.gl_pathv[i], &n);
		struct store s;
		open_mem(&s, p, n, false);
		struct tracks tr;
		assert_true(tracks_build(&tr, &s));
		assert_false(tr.over_budget);
		total += tr.nmarks;
		uint64_t mid = s.tmin + (s.tmax - s.tmin) / 2;
		check_marks(&tr, &s, 0, UINT64_MAX);
		check_marks(&tr, &s, mid, UINT64_MAX);
		check_marks(&tr, &s, 0, mid);
		if (tr.nmarks)
			check_marks(&tr, &s, tr.marks[tr.nmarks / 2].time, tr.marks[tr.nmarks / 2].time);
		tracks_free(&tr);
		store_close(&s);
		free(p);
	}
	assert_true(total > 100);
	globfree(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_crafted),
		cmocka_unit_test(test_extend),
		cmocka_unit_test(test_marks_kinds),
		cmocka_unit_test(test_marks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
