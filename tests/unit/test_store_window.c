/* model/store_window.c: the index of a time window's blocks alone gives
 * the events of the window the whole index gives (each event's place,
 * time and capability, in the merge's order), on every fixture and on
 * windows at each block's edges; the logs it must refuse (no markers, an
 * event outside the blocks, a block cut by the file's end, data after the
 * end marker, a block whose events lie outside its marker's times) are
 * refused, with the store left empty; the end facts are the whole
 * index's (an end marker after the blocks, inside the last block as GHC
 * 9.10 posts it, none). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evbuild.h"
#include "../../model/store.h"
#include "../../model/store_window.h"

/* The merged events of [lo, hi] of s, as "off time cap" lines into out
 * (n of them). */
static size_t events_of(const struct store *s, uint64_t lo, uint64_t hi, struct evref *out,
			size_t max)
{
	struct merge *m = merge_new_at(s, lo, CLASS_ALL);
	assert_non_null(m);
	size_t n = 0;
	struct evref r;
	while (merge_step(m, &r) && r.time <= hi) {
		assert_true(n < max);
		out[n++] = r;
	}
	assert_false(merge_failed(m));
	merge_free(m);
	return n;
}

/* The window [lo, hi] of path against whole's events of it: the same,
 * when the window takes the log (returns w.ok). */
static bool same_window(const char *path, const struct store *whole, uint64_t lo, uint64_t hi,
			struct evref *a, struct evref *b, size_t max)
{
	char err[256];
	struct store s;
	struct store_window w;
	assert_int_equal(store_open_header(&s, path, err, sizeof err), STORE_OK);
	assert_int_equal(s.nevents, 0);
	assert_int_equal(store_index_window(&s, lo, hi, &w), STORE_OK);
	if (w.ok) {
		size_t na = events_of(whole, lo, hi, a, max), nb = events_of(&s, lo, hi, b, max);
		assert_int_equal(na, nb);
		for (size_t i = 0; i < na; i++) {
			assert_int_equal(a[i].off, b[i].off);
			assert_int_equal(a[i].time, b[i].time);
			assert_int_equal(a[i].cap, b[i].cap);
			assert_int_equal(a[i].tag, b[i].tag);
		}
		assert_int_equal(s.stop, whole->stop);
		assert_int_equal(s.ndataend, whole->ndataend);
		assert_true(w.blocks <= w.nblocks);
	} else {
		assert_non_null(w.why);
		assert_int_equal(s.nevents, 0);
		assert_int_equal(events_of(&s, 0, UINT64_MAX, b, max), 0);
	}
	store_close(&s);
	return w.ok;
}

static void check_fixture(const char *path, int *windows, int *refused)
{
	char err[256];
	struct store whole;
	assert_int_equal(store_open(&whole, path, err, sizeof err), STORE_OK);
	size_t max = whole.nevents + 1;
	struct evref *a = malloc(max * sizeof *a), *b = malloc(max * sizeof *b);
	assert_true(a && b);
	for (size_t i = 0; i < whole.nblocks && i < 8; i++) {
		const struct block *k = &whole.blocks[i];
		uint64_t t0 = k->t0, t1 = k->t1 > k->t0 ? k->t1 : k->t0;
		const uint64_t win[][2] = { { t0, t0 }, { t1, t1 }, { t0 - 1, t0 - 1 },
					    { t1 + 1, t1 + 1 }, { t0, t1 }, { t0 + (t1 - t0) / 2, t1 + 1000 } };
		for (size_t j = 0; j < sizeof win / sizeof win[0]; j++) {
			if (!same_window(path, &whole, win[j][0], win[j][1], a, b, max))
				(*refused)++;
			(*windows)++;
		}
	}
	/* the whole run, and nothing */
	if (!same_window(path, &whole, 0, UINT64_MAX - 1, a, b, max))
		(*refused)++;
	if (!same_window(path, &whole, 1, 0, a, b, max))
		(*refused)++;
	free(a);
	free(b);
	store_close(&whole);
}

static void test_fixtures(void **state)
{
	(void)state;
	static const char *const dirs[] = { "tests/fixtures", "tests/fixtures/modern" };
	int n = 0, windows = 0, refused = 0;
	for (size_t k = 0; k < 2; k++) {
		DIR *d = opendir(dirs[k]);
		assert_non_null(d);
		struct dirent *e;
		while ((e = readdir(d))) {
			size_t l = strlen(e->d_name);
			if (l < 10 || strcmp(e->d_name + l - 9, ".eventlog") != 0)
				continue;
			char path[600];
			snprintf(path, sizeof path, "%s/%s", dirs[k], e->d_name);
			int w0 = windows, r0 = refused;
			check_fixture(path, &windows, &refused);
			/* killed-cut alone is refused, every window of it: its last
			 * block is cut by the file's end */
			if (strstr(path, "killed-cut"))
				assert_int_equal(refused - r0, windows - w0 + 2);
			else if (refused != r0)
				fail_msg("%s: a window refused", path);
			n++;
		}
		closedir(d);
	}
	assert_true(n >= 30);
	assert_true(windows >= 300);
	assert_true(refused > 0);
}

/* A log of blocks: cap 0 [100, 200], cap 1 [150, 400], cap 0 [500, 600],
 * each with two events (at its start + 1 and + 2, or at the times given),
 * written to a temporary file; its path into path. */
struct shape {
	bool loose, dataend, dataend_inside, after_end, outside, open_end, no_markers;
};

static void write_log(const struct shape *sh, char *path, size_t n)
{
	struct evb b = EVB_INIT;
	evb_begin_header(&b);
	evb_type(&b, 0, 4, "Create thread");
	if (!sh->no_markers)
		evb_type(&b, 18, 14, "Block marker");
	evb_end_header(&b);
	if (sh->loose)
		evb_event(&b, 0, 50, "\0\0\0\1", 4);
	static const uint64_t blk[3][3] = { { 100, 200, 0 }, { 150, 400, 1 }, { 500, 600, 0 } };
	for (int i = 0; i < 3 && !sh->no_markers; i++) {
		bool last = i == 2;
		uint64_t t1 = last && sh->open_end ? 0 : blk[i][1];
		uint32_t size = 24 + 2 * 14 + (last && sh->dataend_inside ? 2 : 0);
		evb_marker(&b, blk[i][0], size, t1, (uint16_t)blk[i][2]);
		evb_event(&b, 0, blk[i][0] + 1, "\0\0\0\1", 4);
		evb_event(&b, 0, i == 1 && sh->outside ? 450 : blk[i][0] + 2, "\0\0\0\2", 4);
		if (last && sh->dataend_inside)
			evb_dataend(&b);
	}
	if (sh->no_markers)
		evb_event(&b, 0, 110, "\0\0\0\1", 4);
	if (sh->dataend)
		evb_dataend(&b);
	if (sh->after_end)
		evb_event(&b, 0, 700, "\0\0\0\1", 4);
	snprintf(path, n, "/tmp/test_store_window.XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, b.p, b.n), (ssize_t)b.n);
	close(fd);
	evb_free(&b);
}

/* The window [lo, hi] of the log of shape sh: w, and the store's end
 * facts into *stop, *ndataend. */
static struct store_window window_of(const struct shape *sh, uint64_t lo, uint64_t hi,
				     enum store_stop *stop, uint64_t *ndataend, size_t *nev)
{
	char path[64], err[256];
	write_log(sh, path, sizeof path);
	struct store s;
	struct store_window w;
	assert_int_equal(store_open_header(&s, path, err, sizeof err), STORE_OK);
	assert_int_equal(store_index_window(&s, lo, hi, &w), STORE_OK);
	*stop = s.stop;
	*ndataend = s.ndataend;
	struct evref r[16];
	*nev = events_of(&s, lo, hi, r, 16);
	store_close(&s);
	unlink(path);
	return w;
}

static void test_crafted(void **state)
{
	(void)state;
	enum store_stop stop;
	uint64_t de;
	size_t nev;
	/* regular, the end marker after the blocks: the window [450, 520]
	 * reads the third block alone; [160, 190] the first two */
	struct shape sh = { .dataend = true };
	struct store_window w = window_of(&sh, 450, 520, &stop, &de, &nev);
	assert_true(w.ok);
	assert_int_equal(w.nblocks, 3);
	assert_int_equal(w.blocks, 1);
	assert_int_equal(w.bytes, 24 + 2 * 14);
	assert_int_equal(nev, 3); /* the marker at 500, the events at 501, 502 */
	assert_int_equal(stop, STOP_CLEAN);
	assert_int_equal(de, 1);
	w = window_of(&sh, 160, 190, &stop, &de, &nev);
	assert_true(w.ok);
	assert_int_equal(w.blocks, 2);
	assert_int_equal(nev, 0);
	/* between the blocks of cap 1 and the last: none read */
	w = window_of(&sh, 401, 499, &stop, &de, &nev);
	assert_true(w.ok);
	assert_int_equal(w.blocks, 0);
	assert_int_equal(stop, STOP_CLEAN);
	/* no end marker: the log may be running */
	sh = (struct shape){ 0 };
	w = window_of(&sh, 401, 499, &stop, &de, &nev);
	assert_true(w.ok);
	assert_int_equal(stop, STOP_NO_DATAEND);
	assert_int_equal(de, 0);
	/* the end marker inside the last block (GHC 9.10): that block is read
	 * to know */
	sh = (struct shape){ .dataend_inside = true };
	w = window_of(&sh, 401, 499, &stop, &de, &nev);
	assert_true(w.ok);
	assert_int_equal(w.blocks, 1);
	assert_int_equal(stop, STOP_CLEAN);
	assert_int_equal(de, 1);
	/* a block never closed (end time 0): open to the end */
	sh = (struct shape){ .open_end = true, .dataend = true };
	w = window_of(&sh, 10000, 20000, &stop, &de, &nev);
	assert_true(w.ok);
	assert_int_equal(w.blocks, 1);
	/* refused: an event outside the blocks, data after the end marker, an
	 * event outside its marker's times (only when its block is read), no
	 * block markers declared */
	const struct shape bad[] = { { .loose = true, .dataend = true },
				     { .dataend = true, .after_end = true },
				     { .outside = true, .dataend = true },
				     { .no_markers = true, .dataend = true } };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		w = window_of(&bad[i], 150, 450, &stop, &de, &nev);
		assert_false(w.ok);
		assert_non_null(w.why);
		assert_int_equal(nev, 0);
	}
	sh = (struct shape){ .outside = true, .dataend = true };
	w = window_of(&sh, 500, 600, &stop, &de, &nev);
	assert_true(w.ok); /* (its block is not read: trusted by its marker) */
}

/* A file cut inside its last block: refused (the whole index says how it
 * ends). */
static void test_cut(void **state)
{
	(void)state;
	struct shape sh = { .dataend = true };
	char path[64], err[256];
	write_log(&sh, path, sizeof path);
	FILE *f = fopen(path, "r+");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fclose(f);
	assert_int_equal(truncate(path, n - 2 - 5), 0);
	struct store s;
	struct store_window w;
	assert_int_equal(store_open_header(&s, path, err, sizeof err), STORE_OK);
	assert_int_equal(store_index_window(&s, 100, 200, &w), STORE_OK);
	assert_false(w.ok);
	store_close(&s);
	unlink(path);
	/* not a file at all: store_open_header says so as store_open does */
	assert_int_not_equal(store_open_header(&s, "/nonexistent/x.eventlog", err, sizeof err),
			     STORE_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_crafted),
		cmocka_unit_test(test_cut),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
