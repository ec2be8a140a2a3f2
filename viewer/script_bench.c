/* The benchmark: a key script against an invisible screen. */
#include "script_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../model/outfile.h"
#include "../common/say.h"
#include "../common/summary_text.h"
#include "core.h"
#include "draw.h"
#include "live.h"
#include "loader.h"
#include "view.h"
#include "term.h"

#define BENCH_MAX_KEYS 4096

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* One key of the script, as the main loop would take it. */
static void bench_key(struct viewer *u, const char *k)
{
	if (k[0] == '/') { /* a search: "/regex" */
		core_act(u, ACT_SEARCH);
		prompt_set(&u->prompt, k + 1);
		core_key(u, "<Enter>");
		return;
	}
	char canon[48];
	if (input_canonical(u->in, k, canon, sizeof canon))
		core_key(u, canon);
}

static void report(double first, double loaded, double *times, size_t n)
{
	qsort(times, n, sizeof *times, cmp_d);
	printf("first frame: %.3f s (header and block markers read, skeleton drawn)\n", first);
	printf("fully loaded: %.3f s (open + index + tracks + draw)\n", loaded);
	if (n)
		printf("redraw per key: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu keys, 200x50)\n",
		       times[n / 2] * 1e3, times[n * 99 / 100] * 1e3, times[n - 1] * 1e3, n);
}

/* ---- follow: a growing copy of the log, written by a thread ---- */

#define CHUNK (2u << 20) /* GHC 9.0 writes a capability's 2 MB buffer at once */

struct writer {
	const uint8_t *src;
	size_t n, upto; /* write [0, upto) now, then wait for go */
	int fd;
	double rate; /* MB/s, 0: as fast as possible */
	double *when; /* per chunk: when written */
	size_t *end;  /* ... and the size then */
	size_t nchunks;
	double t0, t1; /* the writer's start and end */
	int go;        /* the rest may go (atomic) */
};

static void *writer_run(void *arg)
{
	struct writer *w = arg;
	w->t0 = live_now_s();
	size_t off = CHUNK < w->n ? CHUNK : w->n; /* the first chunk was written before */
	for (int phase = 0; phase < 2; phase++) {
		size_t stop = phase ? w->n : w->upto;
		if (phase)
			while (!__atomic_load_n(&w->go, __ATOMIC_ACQUIRE))
				nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
		while (off < stop) {
			size_t k = stop - off < CHUNK ? stop - off : CHUNK;
			if (w->rate > 0) {
				double due = w->t0 + (double)(off + k) / (w->rate * 1e6), t = live_now_s();
				if (due > t)
					nanosleep(&(struct timespec){ (time_t)(due - t),
								      (long)((due - t - (double)(time_t)(due - t)) * 1e9) },
						  NULL);
			}
			if (!outfile_write_fd(w->fd, w->src + off, k))
				return NULL;
			off += k;
			size_t i = w->nchunks;
			w->when[i] = live_now_s();
			w->end[i] = off;
			__atomic_store_n(&w->nchunks, i + 1, __ATOMIC_RELEASE);
		}
		if (!phase)
			w->t1 = live_now_s();
	}
	return NULL;
}

static double percentile(double *v, size_t n, double p)
{
	qsort(v, n, sizeof *v, cmp_d);
	return n ? v[(size_t)((double)(n - 1) * p)] : 0;
}

static long minor_faults(void)
{
	struct rusage r;
	getrusage(RUSAGE_SELF, &r);
	return r.ru_minflt + r.ru_majflt;
}

static double cpu_s(void)
{
	struct rusage r;
	getrusage(RUSAGE_SELF, &r);
	return (double)r.ru_utime.tv_sec + (double)r.ru_stime.tv_sec +
	       ((double)r.ru_utime.tv_usec + (double)r.ru_stime.tv_usec) / 1e6;
}

/* One turn of the main loop without a terminal: wait for the log, read
 * it, draw. */
static void follow_turn(struct viewer *u, int max_ms)
{
	int t = live_timeout(u);
	if (t < 0 || t > max_ms)
		t = max_ms;
	struct pollfd p = { live_fd(u), POLLIN, 0 };
	poll(&p, p.fd >= 0 ? 1 : 0, t);
	/* as the main loop: a frame when something changed */
	char was[160], now[160];
	uint64_t builds = u->r->lv.reloads;
	live_status(u, was, sizeof was);
	live_tick(u);
	live_status(u, now, sizeof now);
	if (builds != u->r->lv.reloads || strcmp(was, now) != 0)
		draw_frame(u);
}

/* --bench=follow[:RATE]: the log copied into a growing file in 2 MB
 * chunks (at RATE MB/s; as fast as possible without), followed as the
 * viewer follows it: the time to take it all in, the latency from a
 * chunk's write to the frame that shows it, and the CPU an idle follow
 * takes (the log less its end marker, for 3 s, once idle). */
static int bench_follow(struct viewer *u, double rate)
{
	int in = open(u->r->run.path, O_RDONLY);
	struct stat sb;
	if (in < 0 || fstat(in, &sb) != 0 || sb.st_size < 16) {
		warnx_("%s: cannot read it", u->r->run.path);
		return EXIT_BADINPUT;
	}
	size_t n = (size_t)sb.st_size;
	const uint8_t *src = mmap(NULL, n, PROT_READ, MAP_PRIVATE, in, 0);
	close(in);
	const char *dir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char tmpl[4096];
	snprintf(tmpl, sizeof tmpl, "%s/hectic-bench-follow-XXXXXX", dir);
	int fd = src == MAP_FAILED ? -1 : mkstemp(tmpl);
	if (fd < 0) {
		warnx_("cannot make the growing copy");
		return EXIT_BADINPUT;
	}
	size_t nch = n / CHUNK + 3;
	struct writer w = { .src = src, .n = n, .upto = n - 2, .fd = fd, .rate = rate,
			    .when = malloc(nch * sizeof(double)), .end = malloc(nch * sizeof(size_t)) };
	double *lat = malloc(nch * sizeof(double));
	if (!w.when || !w.end || !lat || !term_start_hidden(50, 200) ||
	    !outfile_write_fd(fd, src, CHUNK < n ? CHUNK : n)) {
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	draw_setup_colors(u);
	snprintf(u->r->run.src.path, sizeof u->r->run.src.path, "%s", tmpl);
	loader_run(u->r);
	if (u->r->loaded != 1) {
		term_stop_hidden();
		warnx_("%s", u->r->err);
		unlink(tmpl);
		return EXIT_BADINPUT;
	}
	core_after_load(u);
	live_start(u);
	draw_frame(u);
	pthread_t th;
	if (pthread_create(&th, NULL, writer_run, &w) != 0) {
		term_stop_hidden();
		unlink(tmpl);
		return EXIT_BADINPUT;
	}
	/* follow until it has all but the end marker; each frame's time
	 * gives the latency of the chunks it is the first to show */
	size_t seen = 0;
	double t_all = 0;
	while (u->r->run.s.size < n - 2) {
		follow_turn(u, 1000);
		double t = live_now_s();
		size_t nc = __atomic_load_n(&w.nchunks, __ATOMIC_ACQUIRE);
		while (seen < nc && w.end[seen] <= u->r->run.s.size) {
			lat[seen] = t - w.when[seen];
			seen++;
		}
		t_all = t;
	}
	uint64_t reloads = u->r->lv.reloads;
	/* idle: nothing arrives (once the rate has gone from the status line,
	 * 3 s after the last bytes) */
	for (double q = live_now_s(); live_now_s() - q < 3.5;)
		follow_turn(u, 1000);
	double c0 = cpu_s(), i0 = live_now_s();
	while (live_now_s() - i0 < 3.0)
		follow_turn(u, 1000);
	double idle = (cpu_s() - c0) / (live_now_s() - i0);
	__atomic_store_n(&w.go, 1, __ATOMIC_RELEASE);
	while (u->r->lv.follow && live_now_s() - i0 < 60)
		follow_turn(u, 1000);
	bool complete = u->r->lv.complete;
	pthread_join(th, NULL);
	term_stop_hidden();
	unlink(tmpl);
	close(fd);
	double took = t_all - w.t0, wrote = w.t1 - w.t0;
	char paced[48] = "";
	if (rate > 0)
		snprintf(paced, sizeof paced, ", paced at %.0f MB/s", rate);
	printf("follow: %.1f MB in %.3f s = %.0f MB/s taken in (the writer alone: %.3f s = %.0f MB/s%s); "
	       "%llu builds\n",
	       (double)(n - 2) / 1e6, took, (double)(n - 2) / 1e6 / took, wrote,
	       (double)(n - 2) / 1e6 / wrote, paced, (unsigned long long)reloads);
	printf("write-to-screen latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms (%zu chunks of 2 MB)\n",
	       percentile(lat, seen, 0.5) * 1e3, percentile(lat, seen, 0.99) * 1e3, percentile(lat, seen, 1.0) * 1e3, seen);
	printf("idle follow: %.2f%% of a CPU over 3 s\n", idle * 100);
	printf("end marker: %s\n", complete ? "seen, the log is complete" : "NOT SEEN");
	free(w.when);
	free(w.end);
	free(lat);
	munmap((void *)src, n);
	return complete ? 0 : EXIT_BADINPUT;
}

/* What the viewer shows of a log, as text: the span, the counts and the
 * summary (which the lanes, the GC bar and the reports are drawn from). */
static char *bench_figures(struct viewer *u)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	struct summary sm;
	loader_heap(u); /* the censuses count too */
	summary_compute(&u->r->run.tr, &u->r->run.s, 0, UINT64_MAX, &sm);
	fprintf(f, "span %llu..%llu, %llu events, %zu collections, %zu threads, %zu censuses\n",
		(unsigned long long)u->r->run.s.tmin, (unsigned long long)u->r->run.s.tmax,
		(unsigned long long)u->r->run.s.nevents, u->r->run.tr.ngcs, u->r->run.tr.nthreads, u->r->run.h.ncensuses);
	summary_write(f, &sm);
	fclose(f);
	return buf;
}

/* --bench=watch: FILE is being written by a program (bench.sh starts
 * one): the viewer follows it until it is complete (or 10 minutes), then
 * its span and figures are compared with a fresh open of the file. */
static int bench_watch(struct viewer *u)
{
	if (!term_start_hidden(50, 200)) {
		warnx_("cannot set up the benchmark's screen");
		return EXIT_BADINPUT;
	}
	draw_setup_colors(u);
	loader_run(u->r);
	if (u->r->loaded != 1) {
		term_stop_hidden();
		warnx_("%s", u->r->err);
		return EXIT_BADINPUT;
	}
	core_after_load(u);
	live_start(u);
	draw_frame(u);
	double t0 = live_now_s();
	uint64_t first = u->r->run.s.tmax, spans = 0, last = u->r->run.s.tmax;
	while (u->r->lv.follow && live_now_s() - t0 < 600) {
		follow_turn(u, 1000);
		if (u->r->run.s.tmax != last) {
			spans++;
			last = u->r->run.s.tmax;
		}
	}
	bool complete = u->r->lv.complete;
	char *live = bench_figures(u);
	uint64_t t1 = u->t1, t0w = u->t0;
	term_stop_hidden();
	struct viewer_opts o = u->o;
	o.bench = NULL;
	static struct viewer fresh;
	if (!core_init(&fresh, &o, view_all))
		return EXIT_BADINPUT;
	loader_run(fresh.r);
	if (fresh.r->loaded != 1 || !live) {
		warnx_("%s", fresh.r->err);
		return EXIT_BADINPUT;
	}
	char *want = bench_figures(&fresh);
	bool same = want && !strcmp(live, want) && fresh.r->run.s.tmin == t0w &&
		    core_run_end(&fresh) == t1;
	printf("watch: the span grew %llu times while followed (%.1f ms to %.1f ms of log time, %.1f s)\n",
	       (unsigned long long)spans, (double)(first - u->r->run.s.tmin) / 1e6,
	       (double)(u->r->run.s.tmax - u->r->run.s.tmin) / 1e6, live_now_s() - t0);
	printf("watch: %s; the span in view and the figures %s a fresh open's\n",
	       complete ? "complete" : "NOT complete", same ? "equal" : "DIFFER from");
	free(live);
	free(want);
	return complete && same ? 0 : EXIT_BADINPUT;
}

int script_bench_run(struct viewer *u)
{
	if (!strcmp(u->o.bench, "watch"))
		return bench_watch(u);
	if (!strncmp(u->o.bench, "follow", 6))
		return bench_follow(u, u->o.bench[6] == ':' ? atof(u->o.bench + 7) : 0);
	double t0 = live_now_s();
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
	/* as the viewer starts: the loader on its thread, the skeleton drawn
	 * meanwhile; then the frame once loaded */
	double first = -1;
	if (loader_start(u)) {
		loader_skeleton(u);
		draw_frame(u);
		first = live_now_s() - t0;
		while (!__atomic_load_n(&u->r->loaded, __ATOMIC_ACQUIRE))
			nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
		loader_join(u);
	} else {
		loader_run(u->r);
	}
	/* two runs (--bench=SCRIPT A B): B loaded beside A, as the viewer
	 * loads it */
	if (u->r->loaded == 1 && u->other)
		loader_run(u->other);
	struct viewer_run *bad = u->r->loaded != 1 ? u->r : u->other && u->other->loaded != 1 ? u->other : NULL;
	if (bad) {
		term_stop_hidden();
		free(script);
		free(times);
		warnx_("%s", bad->err);
		return EXIT_BADINPUT;
	}
	core_after_load(u);
	if (u->other)
		core_runs_said(u);
	draw_prepare(u);
	draw_frame(u);
	double loaded = live_now_s() - t0;
	if (first < 0)
		first = loaded;
	size_t n = 0;
	/* HECTIC_BENCH_KEYS set: each key's time and window on stderr */
	bool trace = getenv("HECTIC_BENCH_KEYS") && *getenv("HECTIC_BENCH_KEYS");
	for (char *k = strtok(script, " "); k && n < BENCH_MAX_KEYS; k = strtok(NULL, " ")) {
		long f0 = trace ? minor_faults() : 0;
		double a = live_now_s();
		bench_key(u, k);
		draw_frame(u);
		times[n++] = live_now_s() - a;
		if (trace)
			fprintf(stderr, "key %zu %s: %.2f ms, %ld page faults, window %llu ns over %d columns%s\n",
				n, k, times[n - 1] * 1e3, minor_faults() - f0,
				(unsigned long long)(u->t1 - u->t0), u->L.plotw, u->r->exact ? " (exact)" : "");
	}
	term_stop_hidden();
	report(first, loaded, times, n);
	free(times);
	free(script);
	return 0;
}
