/* The timeline's fractions for its lanes (tracks_cap_fractions_view with
 * viewer/lane_view.c's lane_view_same) against the straightforward ones
 * (tracks_cap_fractions): every lane cell and every activity level the
 * same, at zooms from the whole run down to a few ns per column, on every
 * fixture and on generated logs (tidy, and with times that go back). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evbuild.h"
#include "../../model/store.h"
#include "../../model/tracks.h"
#include "../../viewer/lane_view.h"
#include "../../viewer/layout.h"
#include "parts.h"

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (!p) {
		fprintf(stderr, "test_lane_view: out of memory\n");
		abort();
	}
	return p;
}

/* What the comparisons saw, over a log. */
struct tally {
	unsigned long frames, edge_frames, cols, lower_cols, in_order;
};

static bool same_cell(struct layout_cell a, struct layout_cell b)
{
	return a.lo == b.lo && a.hi == b.hi && a.level == b.level;
}

/* One window at ncols: the screen of both ways compared. */
static void check_window(const char *name, const struct tracks *tr, const struct store *s,
			 uint64_t t0, uint64_t t1, unsigned ncols, struct tally *ty)
{
	size_t n = tr->ncaps * ncols;
	float *r0 = xcalloc(n, sizeof *r0), *g0 = xcalloc(n, sizeof *g0), *n0 = xcalloc(n, sizeof *n0);
	float *r1 = xcalloc(n, sizeof *r1), *g1 = xcalloc(n, sizeof *g1), *n1 = xcalloc(n, sizeof *n1);
	bool e0 = false, e1 = true;
	static const struct frac_view shown = { lane_view_same, NULL, NULL };
	/* raw_max 0: the bins, the edges or the events, as the estimate says */
	assert_true(tracks_cap_fractions(tr, s, t0, t1, ncols, 0, false, r0, g0, n0, &e0));
	assert_true(tracks_cap_fractions_view(tr, s, t0, t1, ncols, 0, false, &shown, r1, g1, n1, &e1));
	assert_int_equal(e0, e1);
	ty->frames++;
	bool edges = false;
	for (unsigned k = 0; k < ncols; k++) {
		int u0 = lane_view_util(r0 + k, tr->ncaps, ncols);
		int u1 = lane_view_util(r1 + k, tr->ncaps, ncols);
		bool lower = false;
		for (size_t c = 0; c < tr->ncaps; c++) {
			size_t i = c * ncols + k;
			struct layout_cell a = layout_lane_cell(r0[i], g0[i], n0[i]);
			struct layout_cell b = layout_lane_cell(r1[i], g1[i], n1[i]);
			if (!same_cell(a, b) || n0[i] != n1[i]) {
				print_error("%s: window [%llu, %llu) ncols %u col %u cap %d: run %.9g gc %.9g "
					    "nodata %.9g shows (%d %d %d), the view's run %.9g gc %.9g nodata "
					    "%.9g (%d %d %d)\n",
					    name, (unsigned long long)t0, (unsigned long long)t1, ncols, k,
					    tr->caps[c], (double)r0[i], (double)g0[i], (double)n0[i], a.lo,
					    a.level, a.hi, (double)r1[i], (double)g1[i], (double)n1[i], b.lo,
					    b.level, b.hi);
				fail();
			}
			lower |= r0[i] != r1[i] || g0[i] != g1[i];
		}
		if (u0 != u1) {
			print_error("%s: window [%llu, %llu) ncols %u col %u: activity level %d, the view's %d\n",
				    name, (unsigned long long)t0, (unsigned long long)t1, ncols, k, u0, u1);
			fail();
		}
		ty->cols++;
		ty->lower_cols += lower;
		edges |= lower;
	}
	ty->edge_frames += edges;
	free(r0);
	free(g0);
	free(n0);
	free(r1);
	free(g1);
	free(n1);
}

/* Zooms as the viewer's: halvings of the whole run about a few centres
 * down to a few ns per column, and some odd windows. */
static void check_log(const char *name, const struct tracks *tr, const struct store *s,
		      struct tally *ty)
{
	static const unsigned widths[] = { 192, 80, 7 };
	uint64_t seed = 0x9e3779b97f4a7c15ull ^ s->size;
	uint64_t a = s->tmin, z = s->tmax + 1;
	for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
		unsigned ncols = widths[w];
		for (int centre = 0; centre < 3; centre++) {
			uint64_t mid = a + (z - a) / 4 * (uint64_t)(centre + 1);
			for (uint64_t d = z - a; d >= ncols; d /= 2) {
				uint64_t t0 = mid - d / 2 < a || mid < d / 2 ? a : mid - d / 2;
				check_window(name, tr, s, t0, t0 + d, ncols, ty);
			}
		}
		for (int i = 0; i < 40; i++) {
			uint64_t t0 = a + rnd(&seed) % (z - a);
			uint64_t d = 1 + rnd(&seed) % (z - a);
			check_window(name, tr, s, t0, t0 + d, ncols, ty);
		}
	}
}

static int cmp_off(const void *a, const void *b)
{
	const struct evref *x = a, *y = b;
	return (x->off > y->off) - (x->off < y->off);
}

/* Naively: does every capability's state events come in time order in
 * the file? (tracks.h's state_in_order) */
static bool naive_in_order(const struct store *s)
{
	static const uint16_t tags[] = { EV_RUN_THREAD, EV_STOP_THREAD, EV_GC_START, EV_GC_END };
	struct merge *m = merge_new_tags(s, 0, 0, tags, 4);
	assert_non_null(m);
	size_t n = 0, cap = 1024;
	struct evref *v = xcalloc(cap, sizeof *v), r;
	while (merge_step(m, &r)) {
		if (r.cap == EV_NO_CAP)
			continue;
		if (n == cap) {
			v = realloc(v, (cap *= 2) * sizeof *v);
			assert_non_null(v);
		}
		v[n++] = r;
	}
	merge_free(m);
	qsort(v, n, sizeof *v, cmp_off);
	bool ok = true;
	for (size_t i = 0; i < n && ok; i++)
		for (size_t j = i + 1; j < n && ok; j++)
			if (v[j].cap == v[i].cap) { /* the next one on its capability */
				ok = v[j].time >= v[i].time;
				break;
			}
	free(v);
	return ok;
}

/* The builder's state_in_order the naive walk's (naive) with the log
 * split in every test_parts way: a stitch or a serial redo keeps it. */
static void flag_parts(const char *name, const uint8_t *buf, size_t len, bool naive)
{
	for (size_t k = 0; k < NTEST_PARTS; k++) {
		struct parts_saved sv = parts_force(test_parts[k]);
		struct store s;
		char err[256] = "";
		enum store_status st = store_open_mem(&s, buf, len, err, sizeof err);
		parts_restore(sv);
		assert_int_equal(st, STORE_OK);
		struct tracks tr;
		assert_true(tracks_build(&tr, &s));
		if (tr.state_in_order != naive) {
			print_error("%s, %u parts: the builder says state_in_order %d, the naive "
				    "walk %d\n", name, test_parts[k], tr.state_in_order, naive);
			fail();
		}
		tracks_free(&tr);
		store_close(&s);
	}
}

static void open_and_check(const char *name, struct store *s, struct tally *ty)
{
	struct tracks tr;
	memset(&tr, 0, sizeof tr);
	if (!tracks_build(&tr, s)) {
		print_error("%s: tracks_build failed\n", name);
		fail();
	}
	/* the builder's flag says what the naive walk finds */
	bool naive = naive_in_order(s);
	if (tr.state_in_order != naive) {
		print_error("%s: the builder says state_in_order %d, the naive walk %d\n", name,
			    tr.state_in_order, naive);
		fail();
	}
	ty->in_order += tr.state_in_order;
	if (s->tmax > s->tmin)
		check_log(name, &tr, s, ty);
	tracks_free(&tr);
}

static void test_fixtures(void **state)
{
	(void)state;
	DIR *d = opendir("tests/fixtures");
	assert_non_null(d);
	struct tally ty = { 0 };
	unsigned nlogs = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 9 || strcmp(e->d_name + n - 9, ".eventlog"))
			continue;
		char path[512], err[256] = "";
		snprintf(path, sizeof path, "tests/fixtures/%s", e->d_name);
		struct store s;
		if (store_open(&s, path, err, sizeof err) != STORE_OK)
			continue; /* (a fixture of a bad log: the store's tests) */
		open_and_check(path, &s, &ty);
		store_close(&s);
		nlogs++;
	}
	closedir(d);
	print_message("fixtures: %u logs (%lu in order), %lu frames, %lu with settled columns, %lu of %lu "
		      "columns\n", nlogs, ty.in_order, ty.frames, ty.edge_frames, ty.lower_cols, ty.cols);
	assert_true(nlogs >= 10);
	assert_true(ty.frames > 1000);
}

/* ---- generated logs ---- */

struct ev1 {
	uint64_t time;
	uint16_t tag;
	uint32_t thread;
};

/* A capability's events: runs of threads, stops, runnable threads and
 * collections, with gaps of a few ns to a few us (mess: now and then a time
 * that goes back). */
static size_t gen_cap(uint64_t *seed, struct ev1 *out, size_t n, bool mess)
{
	uint64_t t = 1000 + rnd(seed) % 100;
	uint32_t running = 0;
	bool gc = false;
	size_t k = 0;
	/* a busy phase and an idle one, a few times over */
	while (k < n) {
		unsigned r = (unsigned)(rnd(seed) % 1000);
		uint64_t gap = (t / 3000000) % 3 == 2 ? 1 + rnd(seed) % 20000 : 1 + rnd(seed) % 2000;
		t += gap;
		uint64_t at = mess && r % 97 == 0 && t > 5000 ? t - rnd(seed) % 3000 : t;
		if (gc) {
			out[k++] = (struct ev1){ at, EV_GC_END, 0 };
			gc = false;
		} else if (r < 8) {
			out[k++] = (struct ev1){ at, EV_GC_START, 0 };
			gc = true;
		} else if (running && r < 500) {
			out[k++] = (struct ev1){ at, EV_STOP_THREAD, running };
			running = 0;
		} else if (!running && r < 700) {
			running = 1 + (uint32_t)(rnd(seed) % 9);
			out[k++] = (struct ev1){ at, EV_RUN_THREAD, running };
		} else {
			out[k++] = (struct ev1){ at, EV_THREAD_RUNNABLE, 1 + (uint32_t)(rnd(seed) % 9) };
		}
	}
	return k;
}

static void put_event(struct evb *b, const struct ev1 *e)
{
	struct evb pl = EVB_INIT;
	if (e->tag == EV_RUN_THREAD || e->tag == EV_THREAD_RUNNABLE) {
		evb_u32(&pl, e->thread);
	} else if (e->tag == EV_STOP_THREAD) {
		evb_u32(&pl, e->thread);
		evb_u16(&pl, 1);
		evb_u32(&pl, 0);
	}
	evb_event(b, e->tag, e->time, pl.p, pl.n);
	evb_free(&pl);
}

/* ncaps capabilities of nper events each, in blocks of up to 700 events,
 * the capabilities' blocks in turn. */
static void gen_log(struct evb *b, uint64_t seed, unsigned ncaps, size_t nper, bool mess)
{
	evb_begin_header(b);
	evb_type(b, EV_RUN_THREAD, 4, "Run thread");
	evb_type(b, EV_STOP_THREAD, 10, "Stop thread");
	evb_type(b, EV_THREAD_RUNNABLE, 4, "Thread runnable");
	evb_type(b, EV_GC_START, 0, "Start GC");
	evb_type(b, EV_GC_END, 0, "Finish GC");
	evb_type(b, EV_BLOCK_MARKER, 14, "Block marker");
	evb_end_header(b);
	struct ev1 **ev = xcalloc(ncaps, sizeof *ev);
	size_t *at = xcalloc(ncaps, sizeof *at);
	for (unsigned c = 0; c < ncaps; c++) {
		ev[c] = xcalloc(nper, sizeof **ev);
		gen_cap(&seed, ev[c], nper, mess);
	}
	for (bool more = true; more;) {
		more = false;
		for (unsigned c = 0; c < ncaps; c++) {
			if (at[c] >= nper)
				continue;
			more = true;
			size_t end = at[c] + 200 + rnd(&seed) % 500;
			if (end > nper)
				end = nper;
			struct evb body = EVB_INIT;
			body.decl = b->decl;
			uint64_t lo = UINT64_MAX, hi = 0;
			for (size_t i = at[c]; i < end; i++) {
				put_event(&body, &ev[c][i]);
				lo = ev[c][i].time < lo ? ev[c][i].time : lo;
				hi = ev[c][i].time > hi ? ev[c][i].time : hi;
			}
			evb_marker(b, lo, (uint32_t)(EV_BLOCK_MARKER_BYTES + body.n), hi, (uint16_t)c);
			evb_bytes(b, body.p, body.n);
			free(body.p);
			at[c] = end;
		}
	}
	evb_dataend(b);
	for (unsigned c = 0; c < ncaps; c++)
		free(ev[c]);
	free(ev);
	free(at);
}

static void check_generated(bool mess, struct tally *ty)
{
	static const unsigned caps[] = { 2, 3, 5 };
	for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
		struct evb b = EVB_INIT;
		gen_log(&b, 77 + i, caps[i], 120000, mess);
		uint8_t *buf = evb_exact(&b);
		char err[256] = "", name[64];
		snprintf(name, sizeof name, "generated log, %u caps%s", caps[i], mess ? ", messy" : "");
		struct store s;
		enum store_status st = store_open_mem(&s, buf, b.n, err, sizeof err);
		if (st != STORE_OK)
			print_error("%s: %s\n", name, err);
		assert_int_equal(st, STORE_OK);
		open_and_check(name, &s, ty);
		bool naive = naive_in_order(&s);
		store_close(&s);
		flag_parts(name, buf, b.n, naive);
		free(buf);
		evb_free(&b);
	}
}

static void test_generated(void **state)
{
	(void)state;
	struct tally ty = { 0 };
	check_generated(false, &ty);
	/* the bins settled some columns of the edges' way (their lower
	 * bounds, not the edges' sums), and the others were read */
	print_message("tidy generated logs: %lu frames, %lu with settled columns, %lu of %lu columns\n",
		      ty.frames, ty.edge_frames, ty.lower_cols, ty.cols);
	assert_int_equal(ty.in_order, 3);
	assert_true(ty.edge_frames > 20);
	assert_true(ty.lower_cols < ty.cols);
}

static void test_generated_messy(void **state)
{
	(void)state;
	struct tally ty = { 0 };
	check_generated(true, &ty);
	/* the times that go back: the edges' way as it was */
	assert_true(ty.frames > 100);
	assert_int_equal(ty.in_order, 0);
	assert_int_equal(ty.lower_cols, 0);
}

/* The activity graph's level of a column, worked by hand: the mean of the
 * capabilities' running shares (each 0 to 1) in eighths, rounded, and at
 * least 1 when any capability ran at all. */
static void test_util_by_hand(void **state)
{
	(void)state;
	const float all[4] = { 1, 1, 1, 1 }, one[4] = { 1, 0, 0, 0 };
	const float half[2] = { 0.5f, 0.5f }, none[2] = { 0, 0 }, trace[2] = { 0.01f, 0 };
	assert_int_equal(lane_view_util(all, 4, 1), 8);   /* 4 of 4 */
	assert_int_equal(lane_view_util(one, 4, 1), 2);   /* 1 of 4: 8 / 4 */
	assert_int_equal(lane_view_util(half, 2, 1), 4);  /* half of each */
	assert_int_equal(lane_view_util(none, 2, 1), 0);  /* none ran */
	assert_int_equal(lane_view_util(trace, 2, 1), 1); /* 0.04 eighths: shown */
	/* the capabilities a row apart (stride 3): 1 and 0.5, 6 eighths */
	const float rows[6] = { 1, 0, 0, 0.5f, 0, 0 };
	assert_int_equal(lane_view_util(rows, 2, 3), 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_util_by_hand),
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_generated),
		cmocka_unit_test(test_generated_messy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
