/* model/progress.c, and the model's steps that report to a progress
 * (store_open_progress, tracks_build_progress, tracks_build_live): the sums
 * of what they report are the bytes they read, on one thread or two; and
 * store_faulted, which answers for one store only. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../model/progress.h"
#include "../../model/store.h"
#include "../../model/tracks.h"
#include "parts.h"

/* ---- the counting progress ---- */

static void test_count_sums(void **state)
{
	(void)state;
	struct progress_count c;
	progress_count_init(&c);
	assert_int_equal(progress_count_read(&c), 0);
	progress_advance(&c.p, 5);
	progress_advance(&c.p, 0);
	progress_advance(&c.p, 1u << 20);
	assert_int_equal(progress_count_read(&c), 5 + (1u << 20));
	progress_count_init(&c); /* again: from zero */
	assert_int_equal(progress_count_read(&c), 0);
	/* nothing to report to */
	progress_advance(NULL, 7);
	struct progress none = { NULL, NULL };
	progress_advance(&none, 7);
}

#define ADDERS 4
#define ADDS 100000

static void *adder(void *arg)
{
	struct progress_count *c = arg;
	for (unsigned i = 0; i < ADDS; i++)
		progress_advance(&c->p, 3);
	return NULL;
}

/* The model reports from two threads at once: no advance is lost. */
static void test_count_threads(void **state)
{
	(void)state;
	struct progress_count c;
	progress_count_init(&c);
	pthread_t th[ADDERS];
	for (int i = 0; i < ADDERS; i++)
		assert_int_equal(pthread_create(&th[i], NULL, adder, &c), 0);
	for (int i = 0; i < ADDERS; i++)
		pthread_join(th[i], NULL);
	assert_int_equal(progress_count_read(&c), (uint64_t)ADDERS * ADDS * 3);
}

/* ---- what the model reports ---- */

/* A progress that keeps every advance, and the threads that made them. */
struct record {
	pthread_mutex_t mu;
	uint64_t sum, calls, zero;
	pthread_t th[STORE_MAX_PARTS];
	unsigned nth;
};

static void record_advance(void *ctx, uint64_t bytes)
{
	struct record *r = ctx;
	pthread_mutex_lock(&r->mu);
	r->sum += bytes;
	r->calls++;
	r->zero += bytes == 0;
	pthread_t me = pthread_self();
	bool known = false;
	for (unsigned i = 0; i < r->nth; i++)
		known |= pthread_equal(r->th[i], me) != 0;
	if (!known && r->nth < STORE_MAX_PARTS)
		r->th[r->nth++] = me;
	pthread_mutex_unlock(&r->mu);
}

static void record_init(struct record *r, struct progress *p)
{
	memset(r, 0, sizeof *r);
	pthread_mutex_init(&r->mu, NULL);
	p->advance = record_advance;
	p->ctx = r;
}

static uint64_t file_size(const char *path)
{
	struct stat sb;
	assert_int_equal(stat(path, &sb), 0);
	return (uint64_t)sb.st_size;
}

/* The bytes of the index's segments: what the tracks' pass reads. */
static uint64_t seg_bytes(const struct store *s)
{
	uint64_t n = 0;
	for (size_t i = 0; i < s->nsegs; i++)
		n += s->segs[i].end - s->segs[i].off;
	return n;
}

/* One log, opened and built with a progress each way, in nparts parts
 * (where its blocks allow; 1: serially). Returns whether it was split. */
static bool check_log(const char *path, unsigned nparts)
{
	struct parts_saved sv = parts_force(nparts);
	struct progress p;
	struct record r;
	record_init(&r, &p);
	struct store s;
	char err[256];
	enum store_status st = store_open_progress(&s, path, &p, err, sizeof err);
	parts_restore(sv);
	if (st != STORE_OK)
		print_error("%s: %s\n", path, err);
	assert_int_equal(st, STORE_OK);
	/* the data section, up to where the index stopped */
	assert_int_equal(r.sum, s.stop_off - s.hdr.data_off);
	if (s.stop == STOP_CLEAN && !s.ngaps)
		assert_int_equal(r.sum, file_size(path) - s.hdr.data_off);
	assert_int_equal(r.zero, 0);
	assert_true(r.calls >= 1);
	assert_null(s.progress); /* not kept past the open */
	bool split = s.nparts > 1;
	assert_true(s.nparts <= nparts);
	if (split)
		assert_true(r.calls >= s.nparts); /* each part reports */

	/* the same index as an open that reports nothing */
	struct store q;
	assert_int_equal(store_open_progress(&q, path, NULL, err, sizeof err), STORE_OK);
	assert_int_equal(q.nevents, s.nevents);
	assert_int_equal(q.stop_off, s.stop_off);
	store_close(&q);

	struct tracks tr;
	record_init(&r, &p);
	assert_true(tracks_build_progress(&tr, &s, &p));
	/* every segment once; twice when the parts were built again on one
	 * thread (times going back across a cut) */
	assert_int_equal(r.sum, seg_bytes(&s) * (split && !tr.by_caps ? 2 : 1));
	assert_int_equal(r.nth, s.nparts);
	if (!s.ngaps)
		assert_int_equal(seg_bytes(&s), s.stop_off - s.hdr.data_off);
	tracks_free(&tr);

	/* a log still being written: the live pass reports the same bytes */
	record_init(&r, &p);
	assert_true(tracks_build_live(&tr, &s, &p));
	assert_int_equal(r.sum, seg_bytes(&s));
	assert_int_equal(r.nth, 1); /* on one thread */
	tracks_free(&tr);

	/* NULL: nothing reported, the tracks built all the same */
	assert_true(tracks_build_progress(&tr, &s, NULL));
	tracks_free(&tr);
	store_close(&s);
	return split;
}

/* Every fixture, on one thread and on two: the sum of the advances is the
 * file's bytes from the header's end to where the index stopped. */
static void test_fixtures_report_their_bytes(void **state)
{
	(void)state;
	DIR *d = opendir("tests/fixtures");
	assert_non_null(d);
	struct dirent *e;
	int nfix = 0, nsplit[NTEST_PARTS] = { 0 };
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (l < 10 || strcmp(e->d_name + l - 9, ".eventlog") != 0)
			continue;
		char path[600];
		snprintf(path, sizeof path, "tests/fixtures/%s", e->d_name);
		assert_false(check_log(path, 1));
		for (size_t k = 1; k < NTEST_PARTS; k++)
			nsplit[k] += check_log(path, test_parts[k]);
		nfix++;
	}
	closedir(d);
	assert_true(nfix >= 10);
	for (size_t k = 1; k < NTEST_PARTS; k++)
		assert_true(nsplit[k] >= 5); /* the split paths were taken */
}

/* tests/fixtures/par-n4.eventlog, whole: the open and the tracks each
 * report the file's size less its header (195475 bytes: 198163 less 2688),
 * which is what the loading frame's bar reads against twice the size. */
static void test_par_n4_figures(void **state)
{
	(void)state;
	const char *path = "tests/fixtures/par-n4.eventlog";
	struct progress_count c;
	progress_count_init(&c);
	struct store s;
	char err[256];
	assert_int_equal(store_open_progress(&s, path, &c.p, err, sizeof err), STORE_OK);
	uint64_t data = file_size(path) - s.hdr.data_off;
	assert_int_equal(progress_count_read(&c), data);
	struct tracks tr;
	assert_true(tracks_build_progress(&tr, &s, &c.p));
	/* what the loader's bar divides by twice the file's size */
	assert_int_equal(progress_count_read(&c), 2 * data);
	tracks_free(&tr);
	store_close(&s);
}

/* ---- store_faulted: one store's mapping, not every store's ---- */

/* The model's SIGBUS handler, as the first store_open installed it: cmocka
 * puts its own in place around each test. */
static struct sigaction model_sigbus;

static void save_model_sigbus(void)
{
	struct store s;
	char err[256];
	if (store_open(&s, "tests/fixtures/threaded.eventlog", err, sizeof err) != STORE_OK) {
		fprintf(stderr, "test_progress: tests/fixtures/threaded.eventlog: %s\n", err);
		exit(1);
	}
	store_close(&s);
	sigaction(SIGBUS, NULL, &model_sigbus);
}

static uint8_t *read_all(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long sz = ftell(f);
	assert_true(sz > 0);
	fseek(f, 0, SEEK_SET);
	uint8_t *p = malloc((size_t)sz);
	assert_non_null(p);
	assert_int_equal(fread(p, 1, (size_t)sz, f), (size_t)sz);
	fclose(f);
	*n = (size_t)sz;
	return p;
}

static void copy_to(char *path, const uint8_t *p, size_t n)
{
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, p, n), (ssize_t)n);
	close(fd);
}

/* Every event, in merged order; the number read. */
static uint64_t read_through(const struct store *s)
{
	struct merge *m = merge_new(s);
	assert_non_null(m);
	uint64_t n = 0;
	int32_t cap;
	while (merge_next(m, &cap))
		n++;
	merge_free(m);
	return n;
}

static void test_faulted_per_store(void **state)
{
	(void)state;
	sigaction(SIGBUS, &model_sigbus, NULL);
	size_t n;
	uint8_t *full = read_all("tests/fixtures/par-n4.eventlog", &n);
	assert_true(n > 8 * 4096);
	char pa[] = "/tmp/hectic-test-fault-a-XXXXXX", pb[] = "/tmp/hectic-test-fault-b-XXXXXX";
	copy_to(pa, full, n);
	copy_to(pb, full, n);
	struct store a, b, m;
	char err[256];
	assert_int_equal(store_open(&a, pa, err, sizeof err), STORE_OK);
	assert_int_equal(store_open(&b, pb, err, sizeof err), STORE_OK);
	assert_int_equal(store_open_mem(&m, full, n, err, sizeof err), STORE_OK);
	assert_false(store_faulted(&a));
	assert_false(store_faulted(&b));
	assert_false(store_faulted(&m));

	/* a's file cut to its first pages under its mapping: reading a
	 * faults, reads zeros, and says so; b and m are untouched */
	assert_int_equal(truncate(pa, 4096), 0);
	read_through(&a);
	assert_true(store_faulted(&a));
	assert_false(store_faulted(&b));
	assert_false(store_faulted(&m));
	uint64_t nb = read_through(&b);
	assert_int_equal(nb, b.nevents);
	assert_false(store_faulted(&b));

	/* a's copy (as the viewer moves a store into place) shares its flag */
	struct store a2 = a;
	assert_true(store_faulted(&a2));

	/* b's tracks build in full; a's pass stops at the fault */
	struct tracks tr;
	assert_true(tracks_build(&tr, &b));
	assert_false(store_faulted(&b));
	tracks_free(&tr);

	/* a store opened afresh is not faulted, whatever its file's past */
	store_close(&a);
	assert_false(store_faulted(&a));
	assert_int_equal(store_open(&a, pa, err, sizeof err), STORE_OK);
	assert_false(store_faulted(&a));
	read_through(&a);
	assert_false(store_faulted(&a));
	assert_false(store_faulted(&b));

	store_close(&a);
	store_close(&b);
	store_close(&m);
	unlink(pa);
	unlink(pb);
	free(full);
}

int main(void)
{
	save_model_sigbus();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_count_sums),
		cmocka_unit_test(test_count_threads),
		cmocka_unit_test(test_fixtures_report_their_bytes),
		cmocka_unit_test(test_par_n4_figures),
		cmocka_unit_test(test_faulted_per_store),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
