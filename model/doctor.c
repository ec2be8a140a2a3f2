/* doctor: the findings, each kind's rule over doctor_scan's figures
 * (doctor.h; doc/doctor.md says why each rule is what it is). */
#include "doctor.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "summary.h"
#include "timefmt.h"
#include "tracks.h"

/* A finding under this share is not said at all. */
#define DOCTOR_FLOOR 0.01
#define MB (1024.0 * 1024.0)

static const char *const kind_names[DOCTOR_KINDS] = {
	[DOCTOR_NURSERY] = "nursery",	       [DOCTOR_MAJOR_PAUSES] = "major-pauses",
	[DOCTOR_LIVE_GROWTH] = "live-growth",  [DOCTOR_GC_BALANCE] = "gc-balance",
	[DOCTOR_MVAR] = "mvar",		       [DOCTOR_BLACKHOLE] = "blackhole",
	[DOCTOR_STM] = "stm",		       [DOCTOR_SPARKS] = "sparks",
	[DOCTOR_PARALLELISM] = "parallelism",
};

const char *doctor_kind_name(enum doctor_kind k)
{
	return k < DOCTOR_KINDS ? kind_names[k] : "?";
}

const char *doctor_reason_name(enum doctor_reason r)
{
	static const char *const n[DOCTOR_REASONS] = { "blackhole", "stm", "mvar" };
	return r < DOCTOR_REASONS ? n[r] : "?";
}

/* What the rules share: the figures, the summary, the window. */
struct dr {
	const struct store *s;
	const struct tracks *tr;
	struct doctor *d;
	const struct doctor_figs *f;
	struct summary sm;
	double w;   /* the window's length, ns */
	double cap; /* N x w: the run's capability time */
	bool leak;  /* live-growth holds: the major collections are its cost */
};

/* Appends to a finding's text. */
static void put(char *buf, size_t n, const char *fmt, ...)
{
	size_t len = strlen(buf);
	if (len + 1 >= n)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf + len, n - len, fmt, ap);
	va_end(ap);
}

static const char *secs(char *b, uint64_t ns)
{
	snprintf(b, 32, "%.3f s", (double)ns / 1e9);
	return b;
}

static const char *ms(char *b, uint64_t ns)
{
	snprintf(b, 32, "%.1f ms", (double)ns / 1e6);
	return b;
}

static const char *mbytes(char *b, double v)
{
	if (v >= 10 * MB)
		snprintf(b, 32, "%.0f MB", v / MB);
	else if (v >= MB)
		snprintf(b, 32, "%.1f MB", v / MB);
	else
		snprintf(b, 32, "%.0f KB", v / 1024.0);
	return b;
}

/* -A and -n's argument: whole megabytes or kilobytes. */
static const char *rts_size(char *b, uint64_t v)
{
	if (v >= 1024 * 1024 && v % (1024 * 1024) == 0)
		snprintf(b, 32, "%llum", (unsigned long long)(v >> 20));
	else
		snprintf(b, 32, "%lluk", (unsigned long long)((v + 1023) >> 10));
	return b;
}

/* Where kind k's cost is worst: the slices around its highest that hold at
 * least half of it; the window when they cover most of it. */
static void worst(const struct dr *x, int k, struct finding *fd)
{
	const struct doctor_figs *f = x->f;
	const uint64_t *b = f->bins[k];
	size_t top = 0;
	for (size_t i = 1; i < DOCTOR_BINS; i++)
		if (b[i] > b[top])
			top = i;
	fd->from = f->lo;
	fd->to = f->hi;
	if (!b[top])
		return;
	size_t a = top, e = top;
	while (a > 0 && b[a - 1] * 2 >= b[top])
		a--;
	while (e + 1 < DOCTOR_BINS && b[e + 1] * 2 >= b[top])
		e++;
	if ((e - a + 1) * 10 >= DOCTOR_BINS * 8)
		return;
	fd->from = doctor_bin_start(f, a);
	fd->to = doctor_bin_start(f, e + 1);
	if (fd->to > f->hi)
		fd->to = f->hi;
}

static struct finding *add(struct dr *x, enum doctor_kind k, double cost)
{
	if (cost < DOCTOR_FLOOR || x->d->n >= DOCTOR_KINDS)
		return NULL;
	struct finding *fd = &x->d->f[x->d->n++];
	memset(fd, 0, sizeof *fd);
	fd->kind = k;
	fd->cost = cost > 1 ? 1 : cost;
	worst(x, k, fd);
	if (!finding_warns(fd))
		snprintf(fd->advice, sizeof fd->advice,
			 "Information, not a warning: it costs under %.0f%% of the run. ",
			 DOCTOR_WARN * 100);
	return fd;
}

static uint64_t pow2_up(double v)
{
	uint64_t p = 1024 * 1024;
	while ((double)p < v && p < (1ull << 40))
		p <<= 1;
	return p;
}

/* nursery: minor collections' pauses and the waits for them. */
static void rule_nursery(struct dr *x)
{
	const struct doctor_figs *f = x->f;
	uint64_t n0 = f->gen_count[0], p0 = f->gen_pause[0], s0 = f->gen_sync[0];
	if (n0 < 10)
		return;
	struct finding *fd = add(x, DOCTOR_NURSERY, (double)(p0 + s0) / x->w);
	if (!fd)
		return;
	char a[32], b[32], c[32], d[32], e[32];
	double alloc = x->sm.have_alloc ? (double)x->sm.allocated
					: (double)f->alloc_area * (double)n0;
	double secs_w = x->w / 1e9;
	bool whole = f->lo == 0 && f->hi == f->end;
	put(fd->evidence, sizeof fd->evidence,
	    "%llu minor (generation 0) collections, one every %s; their pauses took %s%s "
	    "and the capabilities waited %s for each other to stop; %s allocated, %s a second",
	    (unsigned long long)n0, ms(a, (uint64_t)(x->w / (double)n0)), secs(b, p0),
	    whole ? " (+RTS -s's Gen 0 elapsed)" : "", secs(c, s0), mbytes(d, alloc),
	    mbytes(e, alloc / secs_w));
	if (f->alloc_area)
		put(fd->evidence, sizeof fd->evidence, ", into an allocation area (-A) of %s",
		    mbytes(a, (double)f->alloc_area));
	/* an area that fills about every 100 ms of a capability's
	 * allocation, and at least 4 times the one used */
	double per_cap = alloc / (f->ncaps ? f->ncaps : 1) / secs_w;
	double want = per_cap * 0.1;
	if (f->alloc_area && want < 4.0 * (double)f->alloc_area)
		want = 4.0 * (double)f->alloc_area;
	uint64_t area = pow2_up(want);
	/* (64 MB, the size GHC's guide gives as an example for parallel
	 * programs: past it the memory grows faster than the pauses fall) */
	if (area > 64ull * 1024 * 1024)
		area = 64ull * 1024 * 1024;
	if (f->alloc_area && area <= f->alloc_area) {
		put(fd->advice, sizeof fd->advice,
		    "The allocation area is large already: allocate less (unboxed or strict "
		    "data, fewer intermediate structures).");
		return;
	}
	put(fd->advice, sizeof fd->advice,
	    "Give each capability a larger allocation area, so that it fills less often: "
	    "-A%s makes a minor collection about every 100 ms of a capability's allocation "
	    "here, at the cost of %s of memory (N x -A)",
	    rts_size(a, area), mbytes(b, (double)area * (f->ncaps ? f->ncaps : 1)));
	snprintf(fd->rts, sizeof fd->rts, "-A%s", rts_size(a, area));
	if (f->ncaps >= 2 && area >= 16 * 1024 * 1024) {
		put(fd->advice, sizeof fd->advice,
		    "; -n%s divides it into chunks, so that a capability that fills its chunk "
		    "takes another rather than stopping them all",
		    rts_size(b, area / 16));
		put(fd->rts, sizeof fd->rts, " -n%s", rts_size(b, area / 16));
	}
	put(fd->advice, sizeof fd->advice, ".");
}

/* The major collections' time: pauses and waits of generations 1 and up. */
static uint64_t major_time(const struct doctor_figs *f, uint64_t *count, uint64_t *max)
{
	uint64_t t = 0;
	*count = *max = 0;
	for (unsigned g = 1; g < f->ngens; g++) {
		t += f->gen_pause[g] + f->gen_sync[g];
		*count += f->gen_count[g];
		if (f->gen_max[g] > *max)
			*max = f->gen_max[g];
	}
	return t;
}

static void rule_major(struct dr *x)
{
	const struct doctor_figs *f = x->f;
	uint64_t n, max, t = major_time(f, &n, &max);
	if (x->leak || n < 2 || max < 5 * 1000000ull)
		return;
	struct finding *fd = add(x, DOCTOR_MAJOR_PAUSES, (double)t / x->w);
	if (!fd)
		return;
	char a[32], b[32], c[32];
	put(fd->evidence, sizeof fd->evidence,
	    "%llu major collections (generation 1 and older), the longest pause %s, %s in all; "
	    "each copies the live data, %s at most (+RTS -s's maximum residency)",
	    (unsigned long long)n, ms(a, max), secs(b, t),
	    mbytes(c, (double)x->sm.max_live));
	if (f->censuses * 2 >= n) {
		/* +RTS -h: each census is a major collection of its own */
		put(fd->evidence, sizeof fd->evidence,
		    "; the heap profile took %llu censuses, each in a major collection",
		    (unsigned long long)f->censuses);
		put(fd->advice, sizeof fd->advice,
		    "Most of these collections are the heap profiler's censuses (+RTS -h, one "
		    "every -i interval): measure pauses without -h, or census less often (-i1).");
		return;
	}
	bool nonmoving = x->tr && (x->tr->nsyncs || x->tr->nmarks_conc);
	unsigned v = x->tr ? x->tr->rts_version : 0;
	if (nonmoving) {
		put(fd->advice, sizeof fd->advice,
		    "The nonmoving collector is on already: keep less data alive, or a larger "
		    "-A so that fewer objects reach the old generation.");
		return;
	}
	put(fd->advice, sizeof fd->advice,
	    "The nonmoving collector (-xn, GHC 8.10 and later) marks the old generation while "
	    "the program runs, so that its pauses are short; the trade-off: the run takes "
	    "longer and needs more memory (it never compacts). Compaction (-c) needs less "
	    "memory but pauses longer: use it only when memory matters more than pauses.");
	if (v == 0 || v >= 81000)
		snprintf(fd->rts, sizeof fd->rts, "-xn");
}

/* The live data's slices as points: (time, mean bytes). */
static size_t live_points(const struct doctor_figs *f, double *t, double *y)
{
	size_t n = 0;
	for (size_t i = 0; i < DOCTOR_BINS; i++) {
		if (!f->live_n[i])
			continue;
		t[n] = (double)doctor_bin_start(f, i) + 0.5 * (double)f->binw;
		y[n] = f->live_sum[i] / f->live_n[i];
		n++;
	}
	return n;
}

/* live-growth: live data that grows steadily through the run. */
static void rule_live(struct dr *x)
{
	const struct doctor_figs *f = x->f;
	double t[DOCTOR_BINS], y[DOCTOR_BINS];
	size_t n = live_points(f, t, y);
	if (n < 6)
		return;
	double mt = 0, my = 0;
	for (size_t i = 0; i < n; i++) {
		mt += t[i];
		my += y[i];
	}
	mt /= (double)n;
	my /= (double)n;
	double sxy = 0, sxx = 0, syy = 0;
	for (size_t i = 0; i < n; i++) {
		sxy += (t[i] - mt) * (y[i] - my);
		sxx += (t[i] - mt) * (t[i] - mt);
		syy += (y[i] - my) * (y[i] - my);
	}
	if (sxx <= 0 || syy <= 0 || sxy <= 0)
		return;
	double slope = sxy / sxx, r2 = sxy * sxy / (sxx * syy);
	/* the thirds' means: growing through the whole run, not a build
	 * that then stays */
	double third[3] = { 0 };
	size_t cnt[3] = { 0 };
	for (size_t i = 0; i < n; i++) {
		size_t k = i * 3 / n;
		third[k] += y[i];
		cnt[k]++;
	}
	for (int k = 0; k < 3; k++)
		third[k] /= (double)(cnt[k] ? cnt[k] : 1);
	if (r2 < 0.8 || third[2] < 1.5 * third[0] || third[2] - third[0] < 4 * MB ||
	    third[2] - third[1] < 0.25 * (third[2] - third[0]))
		return;
	x->leak = true;
	uint64_t nmaj, max, tmaj = major_time(f, &nmaj, &max);
	struct finding *fd = add(x, DOCTOR_LIVE_GROWTH, (double)tmaj / x->w);
	if (!fd) {
		x->leak = tmaj == 0;
		return;
	}
	fd->from = f->live_first;
	fd->to = f->live_last;
	char a[32], b[32], c[32], d[32], e[32], g[32];
	double y0 = my + slope * ((double)f->live_first - mt);
	double y1 = my + slope * ((double)f->live_last - mt);
	put(fd->evidence, sizeof fd->evidence,
	    "the live data (%s) grew steadily from about %s to %s between %s and %s, %s a "
	    "second (a straight line fits it: R² %.2f); the %llu major collections that copy "
	    "it took %s",
	    f->census ? "the heap censuses' totals" : "after each major collection",
	    mbytes(a, y0 > 0 ? y0 : 0), mbytes(b, y1), secs(c, f->live_first),
	    secs(d, f->live_last), mbytes(e, slope * 1e9), r2, (unsigned long long)nmaj,
	    secs(g, tmaj));
	put(fd->advice, sizeof fd->advice,
	    "Something keeps more and more data alive, as a leak does. A heap profile names "
	    "it: +RTS -hT (by closure type, any build), -hi (by info table: build with "
	    "-finfo-table-map, GHC 9.2 and later) or -hc (by cost centre: build with -prof); "
	    "then force the accumulating value (seq, $!, foldl', strict fields) or drop the "
	    "reference that holds it.");
}

static void rule_gc_balance(struct dr *x)
{
	const struct doctor_figs *f = x->f;
	uint64_t idle = 0, gc = 0;
	for (uint32_t c = 0; c < f->ncaps; c++) {
		idle += f->gc_idle[c];
		gc += f->cap_gc[c];
	}
	if (!idle || idle * 5 < gc)
		return;
	struct finding *fd = add(x, DOCTOR_GC_BALANCE, (double)idle / x->cap);
	if (!fd)
		return;
	char a[32], b[32], c[32];
	put(fd->evidence, sizeof fd->evidence,
	    "in parallel collections the GC threads waited for work %s of the %s the "
	    "capabilities spent in GC (%.0f%%)",
	    secs(a, idle), secs(b, gc), 100.0 * (double)idle / (double)gc);
	if (x->sm.bal_den)
		put(fd->evidence, sizeof fd->evidence, "; +RTS -s's parallel GC work balance %.0f%%",
		    100.0 * (double)x->sm.bal_num / (double)x->sm.bal_den);
	if ((double)x->sm.max_live < 64 * MB || f->ncaps < 4) {
		put(fd->advice, sizeof fd->advice,
		    "The live data (%s at most) is too small to share among GC threads: -qg "
		    "collects on one thread, with no waiting for the others.",
		    mbytes(c, (double)x->sm.max_live));
		snprintf(fd->rts, sizeof fd->rts, "-qg");
	} else {
		put(fd->advice, sizeof fd->advice,
		    "Fewer GC threads wait less: -qn%u uses half the capabilities in a "
		    "collection.",
		    f->ncaps / 2);
		snprintf(fd->rts, sizeof fd->rts, "-qn%u", f->ncaps / 2);
	}
}

/* A thread's label into b (quoted, control bytes as '?'), or its id. */
static const char *thread_name(const struct dr *x, uint32_t id, char *b, size_t n)
{
	const struct thread_info *ti = x->tr ? tracks_thread(x->tr, id) : NULL;
	size_t len = 0;
	const uint8_t *l = ti ? tracks_label(x->tr, x->s, ti, &len) : NULL;
	if (!l || !len) {
		snprintf(b, n, "thread %u", id);
		return b;
	}
	size_t k = 0, max = n > 48 ? 40 : n / 2;
	b[k++] = '"';
	for (size_t i = 0; i < len && k + 6 < n; i++) {
		if (i >= max && (l[i] & 0xc0) != 0x80) {
			memcpy(b + k, "...", 3);
			k += 3;
			break;
		}
		b[k++] = l[i] < 0x20 || l[i] == 0x7f ? '?' : (char)l[i];
	}
	snprintf(b + k, n - k, "\" (%u)", id);
	return b;
}

/* A thread's life: from its creation (or first run) to its end (or its
 * last event, or the window's end). */
static uint64_t thread_life(const struct dr *x, uint32_t id)
{
	const struct thread_info *ti = x->tr ? tracks_thread(x->tr, id) : NULL;
	const struct doctor_figs *f = x->f;
	if (!ti)
		return f->hi - f->lo;
	uint64_t a = ti->created != UINT64_MAX ? ti->created : ti->first_run;
	uint64_t b = ti->finished != UINT64_MAX ? ti->finished : f->end;
	if (a == UINT64_MAX || b <= a)
		return f->hi - f->lo;
	return b - a;
}

/* The threads whose counted waits for reason r were longest, into fd's
 * evidence. */
static void blocked_threads(const struct dr *x, enum doctor_reason r, struct finding *fd)
{
	const struct doctor_figs *f = x->f;
	size_t top[3] = { 0 }, ntop = 0;
	for (size_t i = 0; i < f->nthreads; i++) {
		if (!f->threads[i].counted_ns[r])
			continue;
		size_t k = ntop < 3 ? ntop++ : 3;
		while (k > 0 && f->threads[top[k - 1]].counted_ns[r] < f->threads[i].counted_ns[r]) {
			if (k < 3)
				top[k] = top[k - 1];
			k--;
		}
		if (k < 3)
			top[k] = i;
	}
	size_t nthr = 0;
	for (size_t i = 0; i < f->nthreads; i++)
		nthr += f->threads[i].counted_ns[r] != 0;
	put(fd->evidence, sizeof fd->evidence, "; %zu thread%s waited on one another, longest ",
	    nthr, nthr == 1 ? "" : "s");
	for (size_t k = 0; k < ntop; k++) {
		const struct doctor_thread *th = &f->threads[top[k]];
		char name[96], a[32], n[32];
		double life = (double)thread_life(x, th->id);
		if (th->blocks[r] == 1)
			snprintf(n, sizeof n, "once");
		else
			snprintf(n, sizeof n, "%u times", th->blocks[r]);
		put(fd->evidence, sizeof fd->evidence, "%s%s %s, %.0f%% of its life, %s",
		    k ? "; " : "", thread_name(x, th->id, name, sizeof name),
		    secs(a, th->counted_ns[r]),
		    life > 0 ? 100.0 * (double)th->counted_ns[r] / life : 0.0, n);
	}
}

static void rule_blocked(struct dr *x, enum doctor_reason r)
{
	static const enum doctor_kind kind[DOCTOR_REASONS] = {
		[DOCTOR_R_MVAR] = DOCTOR_MVAR, [DOCTOR_R_BLACKHOLE] = DOCTOR_BLACKHOLE,
		[DOCTOR_R_STM] = DOCTOR_STM
	};
	static const char *const what[DOCTOR_REASONS] = {
		[DOCTOR_R_MVAR] = "threads waited on MVars",
		[DOCTOR_R_BLACKHOLE] = "threads waited on black holes, values another thread "
				       "was evaluating",
		[DOCTOR_R_STM] = "threads waited for STM transactions to retry",
	};
	static const char *const advice[DOCTOR_REASONS] = {
		[DOCTOR_R_MVAR] =
			"The threads take turns on an MVar: hold it for less time (compute the "
			"new value, forced, before modifyMVar_; or atomicModifyIORef'), split the "
			"state so that threads use different MVars, or use STM.",
		[DOCTOR_R_BLACKHOLE] =
			"Several threads demand one unevaluated value that another thread is "
			"evaluating: evaluate it once before the threads start (evaluate, force), "
			"or give each thread its own.",
		[DOCTOR_R_STM] = "Transactions retry: keep them short, and let threads touch "
				 "different TVars.",
	};
	const struct doctor_figs *f = x->f;
	if (!f->blocked[r])
		return;
	struct finding *fd = add(x, kind[r], (double)f->idle_explained[r] / x->cap);
	if (!fd)
		return;
	char a[32], b[32];
	put(fd->evidence, sizeof fd->evidence,
	    "capabilities were idle %s while %s (%s blocked in all)",
	    secs(a, f->idle_explained[r]), what[r], secs(b, f->blocked[r]));
	blocked_threads(x, r, fd);
	put(fd->advice, sizeof fd->advice, "%s", advice[r]);
}

/* sparks: sparks wasted, with the idle time they could have filled. */
static double rule_sparks(struct dr *x)
{
	const struct doctor_figs *f = x->f;
	const uint64_t *sp = f->sparks;
	/* created counts the sparks that reached the pool; dud and
	 * overflowed ones never did (+RTS -s's total is all three) */
	uint64_t total = sp[0] + sp[1] + sp[2];
	uint64_t wasted = sp[1] + sp[2] + sp[4] + sp[5];
	if (!f->have_sparks || total < 100 || wasted * 2 < total || f->ncaps < 2)
		return 0;
	double share = (double)wasted / (double)total;
	double cost = (double)f->idle_sequential * share / x->cap;
	struct finding *fd = add(x, DOCTOR_SPARKS, cost);
	if (!fd)
		return 0;
	char a[32];
	put(fd->evidence, sizeof fd->evidence,
	    "%llu sparks: %llu converted, %llu fizzled, %llu dud, %llu GC'd, %llu overflowed "
	    "(%.1f%% wasted), while at most one capability ran and the others were idle %s "
	    "with nothing to run",
	    (unsigned long long)total, (unsigned long long)sp[3], (unsigned long long)sp[5],
	    (unsigned long long)sp[1], (unsigned long long)sp[4], (unsigned long long)sp[2],
	    100.0 * share, secs(a, f->idle_sequential));
	/* the advice for the way most were wasted */
	static const int order[4] = { 5, 1, 4, 2 };
	static const char *const why[6] = {
		[5] = "Fizzled sparks were evaluated by the thread that needed them before "
		      "another capability took them: spark larger pieces, and earlier (a "
		      "strategy over chunks, parListChunk or parBuffer).",
		[1] = "Dud sparks were of values already evaluated: remove the par (or rpar) "
		      "on them.",
		[4] = "GC'd sparks were of values nothing used: spark the values the program "
		      "goes on to use (withStrategy on the result it consumes).",
		[2] = "Overflowed sparks found the spark pool full: create fewer, larger "
		      "sparks (chunk the work).",
	};
	int most = order[0];
	for (int i = 1; i < 4; i++)
		if (sp[order[i]] > sp[most])
			most = order[i];
	put(fd->advice, sizeof fd->advice, "%s", why[most]);
	return cost;
}

static void rule_parallelism(struct dr *x, double sparks_cost)
{
	const struct doctor_figs *f = x->f;
	if (f->ncaps < 2)
		return;
	double cost = (double)f->idle_sequential / x->cap - sparks_cost;
	struct finding *fd = add(x, DOCTOR_PARALLELISM, cost);
	if (!fd)
		return;
	uint64_t run = 0;
	for (uint32_t c = 0; c < f->ncaps; c++)
		run += f->cap_run[c];
	char a[32], b[32], c[32];
	put(fd->evidence, sizeof fd->evidence,
	    "on average %.2f of %u capabilities ran Haskell code; while at most one ran, the "
	    "others were idle %s with no thread waiting for another",
	    (double)run / x->w, f->ncaps, secs(a, f->idle_sequential));
	for (unsigned k = 0; k < f->nstretches; k++)
		put(fd->evidence, sizeof fd->evidence, "%s %s to %s",
		    k ? "," : "; the longest stretches with at most one running: from",
		    time_format(b, sizeof b, f->stretch[k].start),
		    time_format(c, sizeof c, f->stretch[k].end));
	put(fd->advice, sizeof fd->advice,
	    "While one capability has work and the others have none, the work is "
	    "sequential: split it among threads (forkIO, mapConcurrently from async, or "
	    "parMap/parList from parallel), or run with fewer capabilities (-N).");
}

static int by_cost(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;
	if (x->cost != y->cost)
		return x->cost < y->cost ? 1 : -1;
	return (int)x->kind - (int)y->kind;
}

void doctor_findings(const struct store *s, const struct tracks *tr, struct doctor *d)
{
	struct dr x = { .s = s, .tr = tr, .d = d, .f = &d->fig };
	d->n = 0;
	const struct doctor_figs *f = &d->fig;
	x.w = (double)(f->hi - f->lo);
	x.cap = x.w * f->ncaps;
	if (x.w <= 0 || x.cap <= 0)
		return;
	if (tr)
		summary_compute(tr, s, f->lo, f->hi, &x.sm);
	rule_nursery(&x);
	rule_live(&x);
	rule_major(&x);
	rule_gc_balance(&x);
	for (int r = 0; r < DOCTOR_REASONS; r++)
		rule_blocked(&x, (enum doctor_reason)r);
	rule_parallelism(&x, rule_sparks(&x));
	qsort(d->f, d->n, sizeof *d->f, by_cost);
}

bool doctor_run(const struct store *s, const struct tracks *tr, uint64_t lo, uint64_t hi,
		const volatile sig_atomic_t *stop, struct doctor *d)
{
	memset(d, 0, sizeof *d);
	uint32_t ncaps = tr && tr->ncaps && tr->caps[tr->ncaps - 1] >= 0
				 ? (uint32_t)tr->caps[tr->ncaps - 1] + 1
				 : 0;
	bool ok = doctor_scan(s, ncaps, lo, hi, stop, &d->fig);
	d->partial = !ok;
	doctor_findings(s, tr, d);
	return ok;
}

void doctor_free(struct doctor *d)
{
	doctor_figs_free(&d->fig);
	d->n = 0;
}
