/* The benchmark: a key script against an invisible screen. */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd.h"
#include "core.h"
#include "draw.h"
#include "loader.h"
#include "term.h"

#define BENCH_MAX_KEYS 4096

static double now_s(void)
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

/* One key of the script, as the main loop would take it. */
static void bench_key(struct ui *u, const char *k)
{
	if (k[0] == '/') { /* a search: "/regex" */
		ui_act(u, ACT_SEARCH);
		prompt_set(&u->prompt, k + 1);
		ui_key(u, "<Enter>");
		return;
	}
	char canon[48];
	if (input_canonical(u->in, k, canon, sizeof canon))
		ui_key(u, canon);
}

static void report(double first, double *times, size_t n)
{
	qsort(times, n, sizeof *times, cmp_d);
	printf("first frame: %.3f s (open + index + tracks + draw)\n", first);
	if (n)
		printf("redraw per key: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu keys, 200x50)\n",
		       times[n / 2] * 1e3, times[n * 99 / 100] * 1e3, times[n - 1] * 1e3, n);
}

int bench_run(struct ui *u)
{
	double t0 = now_s();
	char *script = strdup(u->o.bench);
	double *times = malloc(BENCH_MAX_KEYS * sizeof *times);
	const char *fail = !script || !times		? "out of memory"
			   : !term_start_hidden(50, 200) ? "cannot set up the benchmark's screen"
							 : NULL;
	if (fail) {
		free(script);
		free(times);
		warnx_("%s", fail);
		return EXIT_BADINPUT;
	}
	draw_setup_colors(u);
	loader_run(u);
	if (u->loaded != 1) {
		term_stop_hidden();
		free(script);
		free(times);
		warnx_("%s", u->err);
		return EXIT_BADINPUT;
	}
	ui_after_load(u);
	draw_frame(u);
	double first = now_s() - t0;
	size_t n = 0;
	for (char *k = strtok(script, " "); k && n < BENCH_MAX_KEYS; k = strtok(NULL, " ")) {
		double a = now_s();
		bench_key(u, k);
		draw_frame(u);
		times[n++] = now_s() - a;
	}
	term_stop_hidden();
	report(first, times, n);
	free(times);
	free(script);
	return 0;
}
