/* model/skeleton.c: the run's extent, capabilities and where each has
 * data, from the block markers alone, against the store's own index of
 * every fixture (an independent reading: the indexer decodes every event),
 * and on crafted logs that end early or lie. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evbuild.h"
#include "../../model/skeleton.h"
#include "../../model/store.h"

/* Every block the store kept is inside its capability's spans, the
 * extent is the blocks' and the capabilities are the blocks'. */
static void check_against_store(const char *path, int *nfull)
{
	char err[256];
	struct store s;
	assert_int_equal(store_open(&s, path, err, sizeof err), STORE_OK);
	int fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	struct skeleton sk;
	assert_true(skeleton_read_fd(&sk, fd));
	close(fd);
	if (!s.nblocks) {
		assert_false(sk.valid);
		skeleton_free(&sk);
		store_close(&s);
		return;
	}
	assert_true(sk.valid);
	uint64_t lo = UINT64_MAX, hi = 0;
	size_t ncaps = 0;
	int32_t caps[256];
	for (size_t i = 0; i < s.nblocks; i++) {
		const struct block *b = &s.blocks[i];
		uint64_t t1 = b->t1 > b->t0 ? b->t1 : b->t0;
		lo = b->t0 < lo ? b->t0 : lo;
		hi = t1 > hi ? t1 : hi;
		int32_t cap = b->cap == 0xFFFF ? EV_NO_CAP : (int32_t)b->cap;
		long ci = skeleton_cap_index(&sk, cap);
		if (ci < 0)
			fail_msg("%s: block at %llu: cap %d not in the skeleton", path,
				 (unsigned long long)b->off, cap);
		/* the whole block is covered: data at its start, its end and
		 * its middle */
		assert_true(skeleton_has_data(&sk, (size_t)ci, b->t0, b->t0 + 1));
		assert_true(skeleton_has_data(&sk, (size_t)ci, t1, t1 + 1));
		assert_true(skeleton_has_data(&sk, (size_t)ci, b->t0 + (t1 - b->t0) / 2,
					      b->t0 + (t1 - b->t0) / 2 + 1));
		bool seen = false;
		for (size_t k = 0; k < ncaps; k++)
			seen |= caps[k] == cap;
		if (!seen && ncaps < 256)
			caps[ncaps++] = cap;
	}
	/* the store keeps every block while there are few: then the counts
	 * and the extent must be equal */
	if (s.nblocks < BLOCKS_KEEP_ALL && s.nbadblocks == 0) {
		assert_int_equal(sk.nblocks, s.nblocks);
		assert_int_equal(sk.ncaps, ncaps);
		assert_int_equal(sk.tmin, lo);
		assert_int_equal(sk.tmax, hi);
		for (size_t i = 1; i < sk.ncaps; i++)
			assert_true(sk.caps[i - 1].cap < sk.caps[i].cap);
		(*nfull)++;
	}
	/* a clean log was hopped to its end */
	if (s.stop == STOP_CLEAN && !s.ngaps && !s.nbadblocks)
		assert_true(sk.complete);
	skeleton_free(&sk);
	store_close(&s);
}

static void test_fixtures(void **state)
{
	(void)state;
	DIR *d = opendir("tests/fixtures");
	assert_non_null(d);
	struct dirent *e;
	int n = 0, full = 0;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (l < 10 || strcmp(e->d_name + l - 9, ".eventlog") != 0)
			continue;
		char path[600];
		snprintf(path, sizeof path, "tests/fixtures/%s", e->d_name);
		check_against_store(path, &full);
		n++;
	}
	closedir(d);
	assert_true(n >= 10);
	assert_true(full >= 10);
}

/* A log of blocks: cap 0 [100, 200], cap 1 [150, 400], cap 0 again
 * [300, 350], each with one 4-byte event; then the end marker. */
static void build(struct evb *b, bool dataend)
{
	*b = EVB_INIT;
	evb_begin_header(b);
	evb_type(b, 0, 4, "Create thread");
	evb_type(b, 18, 14, "Block marker");
	evb_end_header(b);
	static const uint64_t blk[3][3] = { { 100, 200, 0 }, { 150, 400, 1 }, { 300, 350, 0 } };
	for (int i = 0; i < 3; i++) {
		evb_marker(b, blk[i][0], 24 + 14, blk[i][1], (uint16_t)blk[i][2]);
		evb_event(b, 0, blk[i][0] + 1, "\0\0\0\1", 4);
	}
	if (dataend)
		evb_dataend(b);
}

static void test_crafted_whole(void **state)
{
	(void)state;
	struct evb b;
	build(&b, true);
	struct skeleton sk;
	assert_true(skeleton_read_mem(&sk, b.p, b.n));
	assert_true(sk.valid);
	assert_true(sk.complete);
	assert_int_equal(sk.nblocks, 3);
	assert_int_equal(sk.ncaps, 2);
	assert_int_equal(sk.tmin, 100);
	assert_int_equal(sk.tmax, 400);
	/* cap 0 has data in [100, 200] and [300, 350], none between */
	assert_true(skeleton_has_data(&sk, 0, 100, 101));
	assert_true(skeleton_has_data(&sk, 0, 199, 250));
	assert_false(skeleton_has_data(&sk, 0, 201, 300));
	assert_true(skeleton_has_data(&sk, 0, 201, 301));
	assert_false(skeleton_has_data(&sk, 0, 351, 1000));
	assert_false(skeleton_has_data(&sk, 0, 0, 100));
	assert_true(skeleton_has_data(&sk, 1, 0, 151));
	assert_false(skeleton_has_data(&sk, 2, 0, 1000)); /* no such index */
	skeleton_free(&sk);
	/* without the end marker it still reaches the end: a growing log */
	evb_free(&b);
	build(&b, false);
	assert_true(skeleton_read_mem(&sk, b.p, b.n));
	assert_true(sk.complete);
	assert_int_equal(sk.nblocks, 3);
	skeleton_free(&sk);
	evb_free(&b);
}

/* Cut inside the last block: it is read (its marker is whole) and the
 * hop says it stopped short. */
static void test_crafted_cut(void **state)
{
	(void)state;
	struct evb b;
	build(&b, true);
	size_t cut = b.n - 2 - 10; /* the end marker and most of the last event */
	struct skeleton sk;
	assert_true(skeleton_read_mem(&sk, b.p, cut));
	assert_true(sk.valid);
	assert_false(sk.complete);
	assert_int_equal(sk.nblocks, 3);
	assert_int_equal(sk.tmax, 400);
	assert_true(skeleton_has_data(&sk, 0, 340, 341));
	skeleton_free(&sk);
	/* the header alone: nothing to draw */
	size_t hdr = b.n - 3 * (24 + 14) - 2;
	assert_true(skeleton_read_mem(&sk, b.p, hdr));
	assert_false(sk.valid);
	skeleton_free(&sk);
	/* not an eventlog */
	assert_true(skeleton_read_mem(&sk, (const uint8_t *)"hello", 5));
	assert_false(sk.valid);
	skeleton_free(&sk);
	evb_free(&b);
}

/* A block whose size is impossible stops the hop there. */
static void test_crafted_bad_size(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 0, 4, "Create thread");
	evb_type(&b, 18, 14, "Block marker");
	evb_end_header(&b);
	evb_marker(&b, 10, 24 + 14, 20, 0);
	evb_event(&b, 0, 11, "\0\0\0\1", 4);
	evb_marker(&b, 30, 10, 40, 0); /* under a marker's own size */
	evb_event(&b, 0, 31, "\0\0\0\1", 4);
	evb_dataend(&b);
	struct skeleton sk;
	assert_true(skeleton_read_mem(&sk, b.p, b.n));
	assert_int_equal(sk.nblocks, 1);
	assert_false(sk.complete);
	assert_int_equal(sk.tmax, 20);
	skeleton_free(&sk);
	evb_free(&b);
}

/* Events before the first block are stepped over; their times count. */
static void test_crafted_loose(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 0, 4, "Create thread");
	evb_type(&b, 18, 14, "Block marker");
	evb_end_header(&b);
	evb_event(&b, 0, 5, "\0\0\0\1", 4);
	evb_event(&b, 0, 7, "\0\0\0\2", 4);
	evb_marker(&b, 10, 24 + 14, 20, 3);
	evb_event(&b, 0, 11, "\0\0\0\1", 4);
	evb_dataend(&b);
	struct skeleton sk;
	assert_true(skeleton_read_mem(&sk, b.p, b.n));
	assert_true(sk.complete);
	assert_int_equal(sk.nblocks, 1);
	assert_int_equal(sk.tmin, 5);
	assert_int_equal(sk.tmax, 20);
	assert_int_equal(sk.ncaps, 1);
	assert_int_equal(sk.caps[0].cap, 3);
	skeleton_free(&sk);
	evb_free(&b);
}

/* Many small blocks with gaps between them: the spans stay bounded (the
 * resolution coarsens), every block is still covered, and a gap far wider
 * than the resolution is still no data. Read through a file, so that the
 * windowed reads are exercised too. */
static void test_many_blocks(void **state)
{
	(void)state;
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 0, 4, "Create thread");
	evb_type(&b, 18, 14, "Block marker");
	evb_end_header(&b);
	enum { N = 20000 };
	for (uint64_t i = 0; i < N; i++) {
		evb_marker(&b, i * 100, 24 + 14, i * 100 + 10, 0);
		evb_event(&b, 0, i * 100 + 1, "\0\0\0\1", 4);
	}
	evb_marker(&b, 1000000000, 24 + 14, 1000000010, 0);
	evb_event(&b, 0, 1000000001, "\0\0\0\1", 4);
	evb_dataend(&b);
	char path[] = "/tmp/test_skeleton.XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, b.p, b.n), (ssize_t)b.n);
	struct skeleton sk;
	assert_true(skeleton_read_fd(&sk, fd));
	close(fd);
	unlink(path);
	assert_true(sk.complete);
	assert_int_equal(sk.nblocks, N + 1);
	assert_int_equal(sk.ncaps, 1);
	assert_true(sk.caps[0].n <= SKEL_SPANS_MAX);
	assert_true(sk.resolution > 0);
	for (uint64_t i = 0; i < N; i += 997)
		assert_true(skeleton_has_data(&sk, 0, i * 100 + 5, i * 100 + 6));
	assert_false(skeleton_has_data(&sk, 0, 500000000, 500000001));
	assert_true(skeleton_has_data(&sk, 0, 1000000005, 1000000006));
	assert_int_equal(sk.tmax, 1000000010);
	skeleton_free(&sk);
	evb_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_crafted_whole),
		cmocka_unit_test(test_crafted_cut),
		cmocka_unit_test(test_crafted_bad_size),
		cmocka_unit_test(test_crafted_loose),
		cmocka_unit_test(test_many_blocks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
