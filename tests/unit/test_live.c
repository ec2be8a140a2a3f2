/* viewer/live.c: following a growing file. Every fixture is opened cut at
 * a byte offset (after the header, mid-event, mid-block, two bytes before
 * the end, ...) and then grown to its full size in chunks, each seen by
 * live_tick as the viewer sees it; the tracks, the heap profile, the
 * summary and the activity must then be those of a fresh open of the
 * whole file. The modern flush-interval logs are grown flush by flush from
 * an empty file, and compared after each flush. Nothing here draws: curses
 * is linked, never started. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../keymaps/keymaps.h"
#include "../../model/cctree.h"
#include "../../model/summary.h"
#include "../../cli/cmd.h"
#include "../../viewer/core.h"
#include "../../viewer/live.h"
#include "../../viewer/loader.h"
#include "../../common/summary_text.h"

static uint8_t *read_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long len = ftell(f);
	fseek(f, 0, SEEK_SET);
	uint8_t *p = malloc((size_t)len + 1);
	assert_non_null(p);
	assert_int_equal(fread(p, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	*n = (size_t)len;
	return p;
}

static void append(const char *path, const uint8_t *p, size_t n)
{
	FILE *f = fopen(path, "ab");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, n, f), n);
	fclose(f);
}

static void load(struct viewer *u, const char *path)
{
	struct viewer_opts o = { .path = path, .color = 0, .ascii = 1 };
	assert_true(core_init(u, &o, view_all));
	u->km = keymap_new("default");
	assert_non_null(u->km);
	loader_run(u->r);
	assert_int_equal(u->r->loaded, 1);
	layout_compute(&u->L, 32, 120, u->r->run.tr.ncaps, 0);
	core_after_load(u);
}

/* A text dump of what the viewer and the reports read of a log. */
static bool print_tick(void *ctx, const struct tick_ref *t)
{
	fprintf(ctx, "tick %llu cap %d depth %u\n", (unsigned long long)t->time, (int)t->cap, t->depth);
	return true;
}

static char *dump(struct viewer *u)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	const struct tracks *tr = &u->r->run.tr;
	const struct store *s = &u->r->run.s;
	fprintf(f, "events %llu tmin %llu tmax %llu stop %d\n", (unsigned long long)s->nevents,
		(unsigned long long)s->tmin, (unsigned long long)s->tmax, (int)s->stop);
	fprintf(f, "caps %zu:", tr->ncaps);
	for (size_t i = 0; i < tr->ncaps; i++)
		fprintf(f, " %d [%llu,%llu]", tr->caps[i], (unsigned long long)tr->cap_first[i],
			(unsigned long long)tr->cap_last[i]);
	fprintf(f, "\ngcs %zu\n", tr->ngcs);
	for (size_t i = 0; i < tr->ngcs; i++) {
		const struct gc *g = &tr->gcs[i];
		fprintf(f, "gc %llu %llu %llu %d %u %d\n", (unsigned long long)g->start,
			(unsigned long long)g->end, (unsigned long long)g->sum, g->cap, g->ncaps,
			g->stat);
	}
	for (size_t i = 0; i < tr->nthreads; i++) {
		const struct thread_info *t = &tr->threads[i];
		fprintf(f, "thread %u %llu %llu %llu %llu %u %llx\n", t->id,
			(unsigned long long)t->created, (unsigned long long)t->first_run,
			(unsigned long long)t->finished, (unsigned long long)t->run_ns, t->nruns,
			(unsigned long long)t->caps);
	}
	for (size_t i = 0; i < tr->nmarks; i++)
		fprintf(f, "mark %llu %llu\n", (unsigned long long)tr->marks[i].time,
			(unsigned long long)tr->marks[i].off);
	fprintf(f, "sparks %zu alloc %zu heap %zu live %zu max_mem %llu init %llu exit %llu\n",
		tr->nsparks, tr->nalloc, tr->nheap_size, tr->nheap_live,
		(unsigned long long)tr->max_mem, (unsigned long long)tr->end_init,
		(unsigned long long)tr->start_exit);
	struct summary sm;
	summary_compute(tr, s, 0, UINT64_MAX, &sm);
	summary_write(f, &sm);
	/* the activity of 40 columns, exactly */
	unsigned cols = 40;
	size_t nc = tr->ncaps ? tr->ncaps : 1;
	uint64_t *run = calloc(nc * cols, 8), *gc = calloc(nc * cols, 8);
	assert_true(run && gc);
	if (tr->ncaps && s->tmax > s->tmin) {
		assert_true(tracks_cap_activity(tr, s, s->tmin, s->tmax + 1, cols, run, gc, NULL));
		for (size_t i = 0; i < tr->ncaps * cols; i++)
			fprintf(f, "%llu/%llu ", (unsigned long long)run[i], (unsigned long long)gc[i]);
	}
	free(run);
	free(gc);
	const struct heap *h = &u->r->run.h;
	fprintf(f, "\ncensuses %zu bands %zu ticks %llu ccs %zu\n", h->ncensuses, h->nbands,
		(unsigned long long)h->tick_events, h->nccs);
	for (size_t i = 0; i < h->ncensuses; i++) {
		fprintf(f, "census %llu %llu:", (unsigned long long)h->censuses[i].time,
			(unsigned long long)h->censuses[i].total);
		for (size_t k = 0; k < h->censuses[i].n; k++) {
			const struct census_sample *cs = &h->samples[h->censuses[i].first + k];
			fprintf(f, " ");
			heap_band_name(h, cs->band, f);
			fprintf(f, "=%llu", (unsigned long long)cs->bytes);
		}
		fprintf(f, "\n");
	}
	if (u->r->run.built & RUN_NEED(TABLE_NEEDS_HEAP)) /* the ticks, as the profile's tree reads them */
		assert_true(cctree_ticks(&u->r->run.s, 0, UINT64_MAX, print_tick, f));
	fclose(f);
	return buf;
}

/* Grows the file at path from cuts[0] bytes to n, through every cut, with
 * live_tick after each append until it has read it all. */
/* ext, when not NULL, receives the tracks' extends and extend_rebuilds. */
static void follow(const uint8_t *full, size_t n, const size_t *cuts, size_t ncuts,
		   const char *want, const char *name, uint64_t ext[2])
{
	char path[] = "/tmp/hectic-test-live-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	append(path, full, cuts[0]);
	static struct viewer u;
	load(&u, path);
	live_start(&u);
	assert_true(u.r->lv.follow);
	for (size_t k = 1; k <= ncuts; k++) {
		size_t upto = k < ncuts ? cuts[k] : n;
		if (upto <= cuts[k - 1])
			continue;
		append(path, full + cuts[k - 1], upto - cuts[k - 1]);
		/* the throttle lets the build through within DUTY x its cost */
		for (int tries = 0; u.r->run.s.size < upto && tries < 20000; tries++) {
			live_tick(&u);
			if (u.r->run.s.size < upto)
				nanosleep(&(struct timespec){ 0, 200000 }, NULL);
		}
		assert_int_equal(u.r->run.s.size, upto);
		assert_false(u.r->lv.stopped);
	}
	assert_true(u.r->lv.follow); /* still live: the extended tracks are compared */
	assert_non_null(u.r->run.tr.inc);
	char *got = dump(&u);
	if (strcmp(got, want) != 0) {
		/* the first line that differs, for the log */
		const char *a = got, *b = want;
		while (*a && *a == *b)
			a++, b++;
		while (a > got && a[-1] != '\n')
			a--, b--;
		fprintf(stderr, "%s cut at %zu: followed '%.120s' fresh '%.120s'\n", name, cuts[0],
			a, b);
	}
	assert_string_equal(got, want);
	free(got);
	if (ext) {
		ext[0] = u.r->run.tr.extends;
		ext[1] = u.r->run.tr.extend_rebuilds;
	}
	live_free(&u);
	core_free(&u);
	unlink(path);
}

static void test_follow_every_fixture(void **state)
{
	(void)state;
	DIR *d = opendir("tests/fixtures");
	assert_non_null(d);
	struct dirent *e;
	int nfix = 0;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (l < 10 || strcmp(e->d_name + l - 9, ".eventlog") != 0)
			continue;
		char path[600];
		snprintf(path, sizeof path, "tests/fixtures/%s", e->d_name);
		size_t n;
		uint8_t *full = read_file(path, &n);
		assert_non_null(full);
		/* grown to all but the end marker: the log is still live, and the
		 * tracks are the extended ones (a complete log is built once more
		 * as a fresh open builds it, which would prove nothing) */
		if (n >= 2 && full[n - 1] == 0xFF && full[n - 2] == 0xFF)
			n -= 2;
		char cut[] = "/tmp/hectic-test-live-whole-XXXXXX";
		int cfd = mkstemp(cut);
		assert_true(cfd >= 0);
		close(cfd);
		append(cut, full, n);
		static struct viewer fresh;
		load(&fresh, cut);
		/* the reference: the tracks as tracks_build makes them (the
		 * loader built this incomplete log's for following) */
		tracks_free(&fresh.r->run.tr);
		assert_true(tracks_build(&fresh.r->run.tr, &fresh.r->run.s));
		char *want = dump(&fresh);
		size_t hdr = (size_t)fresh.r->run.s.hdr.data_off;
		live_free(&fresh);
		core_free(&fresh);
		unlink(cut);
		if (n < hdr + 64) {
			free(full);
			free(want);
			continue;
		}
		/* after the header; mid-event; mid-block; near the end; two
		 * bytes short (the end marker cut) */
		size_t a[] = { hdr, hdr + 7, n / 3, n / 2 + 1, n - 40, n - 3 };
		follow(full, n, a, sizeof a / sizeof a[0], want, e->d_name, NULL);
		size_t b[] = { n / 2 };
		follow(full, n, b, 1, want, e->d_name, NULL);
		/* random cuts, the same on every run */
		unsigned seed = 12345u + (unsigned)n;
		size_t c[12];
		c[0] = hdr + (size_t)(rand_r(&seed) % (unsigned)(n - hdr) / 2);
		for (size_t i = 1; i < 12; i++)
			c[i] = c[i - 1] + (size_t)(rand_r(&seed) % (unsigned)((n - c[i - 1]) / 4 + 1));
		uint64_t ext[2];
		follow(full, n, c, 12, want, e->d_name, ext);
		/* most steps went on from the kept pass, not from the start */
		assert_true(ext[0] >= 6);
		assert_true(ext[1] * 2 < ext[0]);
		free(full);
		free(want);
		nfix++;
	}
	closedir(d);
	assert_true(nfix >= 5);
}

/* A file replaced under its name, or cut shorter, stops following and
 * keeps what was read. */
static void test_shrink_and_replace(void **state)
{
	(void)state;
	size_t n;
	uint8_t *full = read_file("tests/fixtures/threaded.eventlog", &n);
	assert_non_null(full);
	char path[] = "/tmp/hectic-test-live-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	append(path, full, n / 2);
	static struct viewer u;
	load(&u, path);
	live_start(&u);
	assert_true(u.r->lv.follow);
	assert_int_equal(truncate(path, (off_t)(n / 4)), 0);
	live_tick(&u);
	assert_false(u.r->lv.follow);
	assert_true(u.r->lv.stopped);
	assert_non_null(strstr(u.msg, "shrank"));
	/* what the file holds now: what a fresh open of it shows, and every
	 * event in it readable (a frame drawn now must not fault) */
	struct store w;
	char err[256];
	assert_int_equal(store_open(&w, path, err, sizeof err), STORE_OK);
	assert_int_equal(u.r->run.s.nevents, w.nevents);
	assert_int_equal(u.r->run.s.size, n / 4);
	store_close(&w);
	/* the whole of what is left in view (at least a column a ns) */
	assert_int_equal(u.t0, u.r->run.s.tmin);
	assert_true(u.t1 >= core_run_end(&u));
	char *d = dump(&u);
	free(d);
	live_free(&u);
	core_free(&u);

	unlink(path);
	append(path, full, n / 2);
	load(&u, path);
	live_start(&u);
	char other[sizeof path + 4];
	snprintf(other, sizeof other, "%s.new", path);
	unlink(other);
	append(other, full, n);
	assert_int_equal(rename(other, path), 0);
	live_tick(&u);
	assert_true(u.r->lv.stopped);
	assert_non_null(strstr(u.msg, "replaced"));
	live_free(&u);
	core_free(&u);
	unlink(path);
	free(full);
}

/* A complete log is not followed; one that completes says so. */
static void test_complete(void **state)
{
	(void)state;
	static struct viewer u;
	load(&u, "tests/fixtures/threaded.eventlog");
	live_start(&u);
	assert_false(u.r->lv.follow);
	assert_int_equal(live_fd(&u), -1);
	assert_int_equal(live_timeout(&u), -1);
	live_free(&u);
	core_free(&u);

	size_t n;
	uint8_t *full = read_file("tests/fixtures/threaded.eventlog", &n);
	assert_non_null(full);
	char path[] = "/tmp/hectic-test-live-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	append(path, full, n - 1);
	load(&u, path);
	live_start(&u);
	assert_true(u.r->lv.follow);
	assert_true(live_timeout(&u) > 0);
	/* the whole run in view stays the whole run in view */
	uint64_t t1 = u.t1;
	append(path, full + n - 1, 1);
	for (int i = 0; i < 1000 && u.r->lv.follow; i++) {
		live_tick(&u);
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	assert_false(u.r->lv.follow);
	assert_true(u.r->lv.complete);
	assert_non_null(strstr(u.msg, "complete"));
	assert_true(u.t1 >= t1);
	assert_int_equal(u.t0, u.r->run.s.tmin);
	assert_int_equal(u.t1, core_run_end(&u));
	live_free(&u);
	core_free(&u);
	unlink(path);
	free(full);
}

/* The flush ends of a log written with +RTS --eventlog-flush-interval
 * (tests/tools/flushfeed.c says why): a flush starts at a block of the
 * global buffer after a capability's block, or at a capability's block
 * whose number is not above that of the capability block before it. */
static size_t flush_ends(const struct store *s, size_t *ends, size_t max)
{
	size_t n = 0;
	for (size_t i = 1; i < s->nblocks && n < max; i++) {
		const struct block *a = &s->blocks[i - 1], *b = &s->blocks[i];
		if (a->cap != 0xFFFF && (b->cap == 0xFFFF || b->cap <= a->cap))
			ends[n++] = (size_t)b->off;
	}
	if (n < max)
		ends[n++] = s->size;
	return n;
}

/* What a fresh open of the file at path shows (the tracks as tracks_build
 * makes them). */
static char *fresh_dump(const char *path)
{
	static struct viewer fresh;
	load(&fresh, path);
	tracks_free(&fresh.r->run.tr);
	assert_true(tracks_build(&fresh.r->run.tr, &fresh.r->run.s));
	char *want = dump(&fresh);
	live_free(&fresh);
	core_free(&fresh);
	return want;
}

/* A GHC 9.6 / 9.10 log written with --eventlog-flush-interval, followed
 * from the empty file the RTS creates (its header waits in stdio's buffer
 * until the first flush) and grown flush by flush: after each, what the
 * viewer holds is what a fresh open of the bytes so far shows. */
static void follow_flushes(const char *fixture)
{
	size_t n;
	uint8_t *full = read_file(fixture, &n);
	assert_non_null(full);
	struct store w;
	char err[256];
	assert_int_equal(store_open(&w, fixture, err, sizeof err), STORE_OK);
	assert_true(w.nblocks < BLOCKS_KEEP_ALL); /* every block kept */
	size_t ends[256];
	size_t nf = flush_ends(&w, ends, 256);
	store_close(&w);
	assert_true(nf >= 15);
	assert_int_equal(ends[nf - 1], n);
	char path[] = "/tmp/hectic-test-live-flush-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	char prefix[] = "/tmp/hectic-test-live-prefix-XXXXXX";
	int pfd = mkstemp(prefix);
	assert_true(pfd >= 0);
	close(pfd);
	static struct viewer u;
	load(&u, path);
	live_start(&u);
	assert_true(u.r->lv.follow);
	assert_true(u.r->lv.no_header);
	char st[256];
	live_status(&u, st, sizeof st);
	assert_string_equal(st, "empty file: waiting for the header");
	size_t at = 0;
	for (size_t k = 0; k < nf; k++) {
		append(path, full + at, ends[k] - at);
		at = ends[k];
		for (int tries = 0; u.r->run.s.size < at && tries < 20000; tries++) {
			live_tick(&u);
			if (u.r->run.s.size < at)
				nanosleep(&(struct timespec){ 0, 200000 }, NULL);
		}
		assert_int_equal(u.r->run.s.size, at);
		assert_false(u.r->lv.no_header);
		assert_false(u.r->lv.stopped);
		assert_int_equal(truncate(prefix, 0), 0);
		append(prefix, full, at);
		char *want = fresh_dump(prefix), *got = dump(&u);
		if (strcmp(got, want) != 0)
			fprintf(stderr, "%s: after flush %zu (%zu bytes) the followed log differs\n",
				fixture, k + 1, at);
		assert_string_equal(got, want);
		free(want);
		free(got);
		live_status(&u, st, sizeof st);
		if (k + 1 < nf)
			assert_non_null(strstr(st, "live"));
	}
	assert_true(u.r->lv.complete);
	live_free(&u);
	core_free(&u);
	unlink(path);
	unlink(prefix);
	free(full);
}

static void test_follow_flushes(void **state)
{
	(void)state;
	follow_flushes("tests/fixtures/modern/ghc96-flush.eventlog");
	follow_flushes("tests/fixtures/modern/ghc910-flush.eventlog");
}

/* A file cut inside its header is waited for; one whose header is wrong
 * (not the start of a header) is refused, as before. */
static void test_no_header(void **state)
{
	(void)state;
	size_t n;
	uint8_t *full = read_file("tests/fixtures/threaded.eventlog", &n);
	assert_non_null(full);
	char path[] = "/tmp/hectic-test-live-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	append(path, full, 100); /* inside the header */
	static struct viewer u;
	load(&u, path);
	assert_true(u.r->lv.no_header);
	assert_int_equal(u.r->run.s.nevents, 0);
	live_start(&u);
	assert_true(u.r->lv.follow);
	assert_non_null(strstr(u.msg, "no eventlog header yet"));
	append(path, full + 100, n - 100);
	for (int i = 0; i < 1000 && u.r->lv.follow; i++) {
		live_tick(&u);
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	assert_true(u.r->lv.complete);
	assert_false(u.r->lv.no_header);
	char *got = dump(&u), *want = fresh_dump("tests/fixtures/threaded.eventlog");
	assert_string_equal(got, want);
	free(got);
	free(want);
	live_free(&u);
	core_free(&u);

	/* not the start of a header: an error, not a wait */
	assert_int_equal(truncate(path, 0), 0);
	append(path, (const uint8_t *)"hdrbXXXX", 8);
	struct viewer_opts o = { .path = path, .color = 0, .ascii = 1 };
	assert_true(core_init(&u, &o, view_all));
	loader_run(u.r);
	assert_int_equal(u.r->loaded, -1);
	assert_false(u.r->lv.no_header);
	core_free(&u);
	unlink(path);
	free(full);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_follow_every_fixture),
		cmocka_unit_test(test_shrink_and_replace),
		cmocka_unit_test(test_complete),
		cmocka_unit_test(test_follow_flushes),
		cmocka_unit_test(test_no_header),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
