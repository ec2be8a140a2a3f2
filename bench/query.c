/* bench/query.c [-i] FILE: times the model's answers the UI needs per frame,
 * on an indexed log: a 200-column capability-state query over the whole run
 * and over random 1 ms windows, and next-GC lookups. The first line is the
 * time to open and index the log and to build the tracks; with -i only that
 * line; with -o only the open and index, and the line says only that (what
 * a report on a class the log lacks has to do). HECTIC_THREADS=N in the environment indexes and builds the tracks on
 * at most N threads, as hectic does. Built and run by bench/bench.sh against the
 * repo's parser/ and model/ sources. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../model/store.h"
#include "../model/tracks.h"

#define COLS 200
#define RAW_MAX 50000 /* what the UI asks for: exact when this few events */

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	bool index_only = argc == 3 && !strcmp(argv[1], "-i");
	bool open_only = argc == 3 && !strcmp(argv[1], "-o");
	if (argc != 2 && !index_only && !open_only) {
		fprintf(stderr, "usage: query [-i|-o] FILE\n");
		return 2;
	}
	const char *path = argv[argc - 1];
	const char *threads = getenv("HECTIC_THREADS");
	if (threads && atoi(threads) >= 1)
		store_threads = (unsigned)atoi(threads);
	struct store s;
	struct tracks tr;
	char err[256];
	double t0 = now();
	if (store_open(&s, path, err, sizeof err) != STORE_OK) {
		fprintf(stderr, "query: %s\n", err);
		return 1;
	}
	double t1 = now();
	if (open_only) {
		printf("open+index: %.3f s\n", t1 - t0);
		store_close(&s);
		return 0;
	}
	if (!tracks_build(&tr, &s)) {
		fprintf(stderr, "query: out of memory\n");
		return 1;
	}
	double t2 = now();
	printf("open+index: %.3f s, tracks: %.3f s (%zu capabilities, %u bins of %llu ns, %.1f MB "
	       "of tables)\n",
	       t1 - t0, t2 - t1, tr.ncaps, tr.nbins, (unsigned long long)tr.binw,
	       (double)tr.bytes / 1e6);
	if (index_only) {
		tracks_free(&tr);
		store_close(&s);
		return 0;
	}
	float *run = malloc(tr.ncaps * COLS * sizeof *run), *gc = malloc(tr.ncaps * COLS * sizeof *gc);
	bool exact;
	/* whole run, best of 20 */
	double best = 1e9;
	for (int i = 0; i < 20; i++) {
		double a = now();
		tracks_cap_fractions(&tr, &s, s.tmin, s.tmax + 1, COLS, RAW_MAX, false, run, gc, NULL, &exact);
		double d = now() - a;
		if (d < best)
			best = d;
	}
	bool whole_exact = exact;
	/* random 1 ms windows */
	enum { N = 1000 };
	static double w[N];
	unsigned seed = 12345;
	size_t nexact = 0;
	uint64_t span = s.tmax > s.tmin + 1000000 ? s.tmax - s.tmin - 1000000 : 1;
	for (int i = 0; i < N; i++) {
		seed = seed * 1103515245u + 12345u;
		uint64_t r = ((uint64_t)seed << 20) ^ (uint64_t)rand();
		uint64_t a0 = s.tmin + r % span;
		double a = now();
		tracks_cap_fractions(&tr, &s, a0, a0 + 1000000, COLS, RAW_MAX, false, run, gc, NULL, &exact);
		w[i] = now() - a;
		nexact += exact;
	}
	qsort(w, N, sizeof w[0], cmp_d);
	/* next-GC lookups from random times */
	double g0 = now();
	size_t found = 0;
	for (int i = 0; i < 100000; i++) {
		seed = seed * 1103515245u + 12345u;
		found += tracks_gc_next(&tr, s.tmin + ((uint64_t)seed << 16) % (s.tmax - s.tmin + 1),
					false) != NULL;
	}
	double gnext = (now() - g0) / 100000;
	printf("200-column state query, whole run: %.0f us (best of 20, %s)\n", best * 1e6,
	       whole_exact ? "exact" : "from the bins");
	printf("200-column state query, random 1 ms windows: p50 %.0f us, p99 %.0f us, max %.0f us "
	       "(%d windows, %zu exact)\n",
	       w[N / 2] * 1e6, w[N * 99 / 100] * 1e6, w[N - 1] * 1e6, N, nexact);
	printf("next GC from a random time: %.2f us (%zu found)\n", gnext * 1e6, found);
	free(run);
	free(gc);
	tracks_free(&tr);
	store_close(&s);
	return 0;
}
