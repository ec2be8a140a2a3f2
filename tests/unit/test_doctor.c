/* model/doctor_scan.c and model/doctor.c on small logs made here, each
 * figure worked out by hand from doc/doctor.md's definitions (the figures
 * of real logs against ghc-events' text: tests/doctor.sh):
 *  - a collection's pause, whether its GC_STATS_GHC comes inside the
 *    GC_START..GC_END (GHC 9.6) or just after the GC_END (GHC 9.0), and
 *    its sync wait from the request;
 *  - an MVar wait counts once the thread is contended (woken by a thread
 *    that goes on), not after a join (woken by a thread that finishes);
 *  - the world stopped by a collection: idle_stopped, not explained;
 *  - a sequential stretch counts from 1 ms, not under;
 *  - the findings' kinds and costs from those figures. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evbuild.h"
#include "../../model/doctor.h"
#include "../../model/store.h"
#include "../../model/tracks.h"

enum { RUN = 1, STOP = 2, WAKE = 8, GCS = 9, GCE = 10, REQ_PAR = 12, STATS = 53, LABEL = 44 };
enum { FINISHED = 5, YIELD = 3, MVAR = 7 };

/* One event of a made log: its capability, time, tag and fields. */
struct mev {
	int cap;
	uint64_t t;
	uint16_t tag;
	uint64_t a, b;
};

static void payload(struct evb *p, const struct mev *e)
{
	switch (e->tag) {
	case RUN: evb_u32(p, (uint32_t)e->a); break;
	case STOP: evb_pack(p, "whw", (uint64_t[]){ e->a, e->b, 0 }); break;
	case WAKE: evb_pack(p, "wh", (uint64_t[]){ e->a, 0 }); break;
	case STATS: /* capset, gen, copied, slop, frag, threads, max, tot */
		evb_pack(p, "whqqqwqq", (uint64_t[]){ 0, e->a, 0, 0, 0, 1, 0, 0 });
		break;
	default: break;
	}
}

/* A log of ncaps capabilities, a block each, with these events (each
 * capability's in time order). */
static uint8_t *make_log(const struct mev *ev, size_t n, int ncaps, size_t *len)
{
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, RUN, 4, "Run thread");
	evb_type(&b, STOP, 10, "Stop thread");
	evb_type(&b, WAKE, 6, "Wakeup thread");
	evb_type(&b, GCS, 0, "Start GC");
	evb_type(&b, GCE, 0, "Finish GC");
	evb_type(&b, REQ_PAR, 0, "Request parallel GC");
	evb_type(&b, 18, 14, "Block marker");
	evb_type(&b, STATS, 50, "GC statistics");
	evb_end_header(&b);
	for (int c = 0; c < ncaps; c++) {
		struct evb body = EVB_INIT;
		body.decl = b.decl;
		uint64_t t0 = UINT64_MAX, t1 = 0;
		for (size_t i = 0; i < n; i++) {
			if (ev[i].cap != c)
				continue;
			struct evb p = EVB_INIT;
			payload(&p, &ev[i]);
			evb_event(&body, ev[i].tag, ev[i].t, p.p, p.n);
			evb_free(&p);
			if (ev[i].t < t0)
				t0 = ev[i].t;
			t1 = ev[i].t;
		}
		if (t0 == UINT64_MAX)
			continue;
		evb_marker(&b, t0, (uint32_t)(24 + body.n), t1, (uint16_t)c);
		evb_bytes(&b, body.p, body.n);
		free(body.p);
	}
	evb_dataend(&b);
	*len = b.n;
	uint8_t *buf = evb_exact(&b);
	evb_free(&b);
	return buf;
}

static void scan(const struct mev *ev, size_t n, int ncaps, struct doctor_figs *f)
{
	size_t len;
	uint8_t *buf = make_log(ev, n, ncaps, &len);
	struct store s;
	char err[256] = "";
	assert_int_equal(store_open_mem(&s, buf, len, err, sizeof err), STORE_OK);
	assert_true(doctor_scan(&s, (uint32_t)ncaps, 0, UINT64_MAX, NULL, f));
	store_close(&s);
	free(buf);
}

/* GHC 9.6: the stats inside the pause; GHC 9.0: just after its end. */
static void test_pause(void **state)
{
	(void)state;
	static const struct mev inside[] = {
		{ 0, 100, RUN, 1, 0 },	 { 0, 1000, STOP, 1, 1 }, { 0, 1100, REQ_PAR, 0, 0 },
		{ 0, 1500, GCS, 0, 0 },	 { 0, 1700, STATS, 0, 0 }, { 0, 2000, GCE, 0, 0 },
		{ 0, 3000, RUN, 1, 0 },	 { 0, 5000, GCS, 0, 0 },   { 0, 9000, GCE, 0, 0 },
		{ 0, 9001, STATS, 1, 0 }, { 0, 9500, STOP, 1, FINISHED },
	};
	struct doctor_figs f;
	scan(inside, sizeof inside / sizeof *inside, 1, &f);
	assert_int_equal(f.end, 9500);
	assert_int_equal(f.gen_count[0], 1);
	assert_int_equal(f.gen_pause[0], 500); /* 1500..2000 */
	assert_int_equal(f.gen_sync[0], 400);  /* requested at 1100 */
	assert_int_equal(f.gen_count[1], 1);
	assert_int_equal(f.gen_pause[1], 4000); /* the pause that just ended */
	assert_int_equal(f.gen_sync[1], 0);     /* no request after 2000 */
	assert_int_equal(f.cap_gc[0], 4500);
	assert_int_equal(f.cap_run[0], 900 + 2000 + 500);
	assert_int_equal(f.cap_run[0] + f.cap_gc[0] + f.cap_idle[0], 9500);
	doctor_figs_free(&f);
}

/* Thread 2 waits on an MVar twice; thread 1 wakes it. Contention: thread 1
 * goes on after the first wake (yields), so the second wait explains the
 * idle capability 1. A join: thread 1 finishes after waking it, so no
 * wait of thread 2 explains anything. */
static void waits(bool join, struct doctor_figs *f)
{
	const struct mev ev[] = {
		{ 0, 100, RUN, 1, 0 },
		{ 1, 100, RUN, 2, 0 },
		{ 1, 200, STOP, 2, MVAR },   /* first wait: not yet contended */
		{ 0, 1000, WAKE, 2, 0 },     /* woken by thread 1 */
		{ 0, 1100, STOP, 1, join ? FINISHED : YIELD },
		{ 0, 1200, RUN, join ? 3 : 1, 0 },
		{ 1, 1300, RUN, 2, 0 },
		{ 1, 1400, STOP, 2, MVAR },  /* second wait: counted when contended */
		{ 0, 3400, WAKE, 2, 0 },
		{ 0, 3500, STOP, join ? 3 : 1, FINISHED },
		{ 1, 3600, RUN, 2, 0 },
		{ 1, 3700, STOP, 2, FINISHED },
	};
	scan(ev, sizeof ev / sizeof *ev, 2, f);
}

static void test_contention(void **state)
{
	(void)state;
	struct doctor_figs f;
	waits(false, &f);
	/* blocked 200..1000 and 1400..3400 */
	assert_int_equal(f.blocked[DOCTOR_R_MVAR], 800 + 2000);
	/* cap 1 idle while the second wait lasted, and thread 2 counted */
	assert_int_equal(f.idle_explained[DOCTOR_R_MVAR], 2000);
	doctor_figs_free(&f);
	waits(true, &f);
	assert_int_equal(f.blocked[DOCTOR_R_MVAR], 800 + 2000);
	assert_int_equal(f.idle_explained[DOCTOR_R_MVAR], 0);
	doctor_figs_free(&f);
}

/* Two capabilities; capability 0 runs alone for 0.5 ms and later for
 * 2 ms, a collection stopping the world in the middle of the second:
 * only the 2 ms stretch is sequential, and its collection's idle is the
 * world stopped, not sequential. */
static void test_stretches(void **state)
{
	(void)state;
	static const struct mev ev[] = {
		{ 0, 1000, RUN, 1, 0 },	       { 1, 1000, RUN, 2, 0 },
		{ 1, 100000, STOP, 2, YIELD }, { 1, 600000, RUN, 2, 0 }, /* 0.5 ms alone */
		{ 1, 1000000, STOP, 2, YIELD }, /* 2 ms alone from here */
		{ 0, 1500000, GCS, 0, 0 },     { 0, 1600000, GCE, 0, 0 },
		{ 0, 1600001, STATS, 0, 0 },   { 1, 3000000, RUN, 2, 0 },
		{ 0, 3100000, STOP, 1, FINISHED }, { 1, 3100000, STOP, 2, FINISHED },
	};
	struct doctor_figs f;
	scan(ev, sizeof ev / sizeof *ev, 2, &f);
	assert_int_equal(f.idle_stopped, 100000);
	/* 1,000,000..3,000,000 less the collection's 100,000 */
	assert_int_equal(f.idle_sequential, 1900000);
	assert_int_equal(f.idle_unexplained, 500000 + 1900000);
	assert_int_equal(f.nstretches, 1);
	assert_int_equal(f.stretch[0].start, 1000000);
	assert_int_equal(f.stretch[0].end, 3000000);
	uint64_t idle = f.cap_idle[0] + f.cap_idle[1];
	assert_int_equal(idle, f.idle_unexplained + f.idle_stopped + f.idle_outside);
	doctor_figs_free(&f);
}

/* The findings from figures: a nursery finding costs its pauses and sync
 * waits over E, and says -A; a parallelism one its sequential idle. */
static void test_findings(void **state)
{
	(void)state;
	struct doctor d = { 0 };
	struct doctor_figs *f = &d.fig;
	f->lo = 0;
	f->hi = f->end = 1000000000;
	f->ncaps = 2;
	uint64_t zero[2] = { 0, 0 };
	f->cap_run = f->cap_gc = f->cap_idle = f->gc_idle = zero;
	f->ngens = 2;
	f->gen_count[0] = 1000;
	f->gen_pause[0] = 150000000;
	f->gen_sync[0] = 50000000;
	f->alloc_area = 1 << 20;
	f->idle_sequential = 600000000;
	doctor_findings(NULL, NULL, &d);
	assert_int_equal(d.n, 2);
	assert_int_equal(d.f[0].kind, DOCTOR_PARALLELISM); /* 0.3 */
	assert_true(d.f[0].cost > 0.2999 && d.f[0].cost < 0.3001);
	assert_int_equal(d.f[1].kind, DOCTOR_NURSERY); /* 0.2 */
	assert_true(d.f[1].cost > 0.1999 && d.f[1].cost < 0.2001);
	assert_true(finding_warns(&d.f[1]));
	/* 1 GB a second over 2 capabilities: an area for 100 ms of each */
	assert_string_equal(d.f[1].rts, "-A64m -n4m");
	assert_string_equal(doctor_kind_name(DOCTOR_MAJOR_PAUSES), "major-pauses");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pause),
		cmocka_unit_test(test_contention),
		cmocka_unit_test(test_stretches),
		cmocka_unit_test(test_findings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
