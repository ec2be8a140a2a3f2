/* doctor: what is wrong with a run, read from its events (issue 47).
 *
 * doctor_scan walks the log's scheduler, GC, spark and heap events once, in
 * time order, and keeps the figures doc/doctor.md defines ("The figures"):
 * each capability's running, GC and idle time, each generation's pauses
 * and the waits for the capabilities to stop, the GC threads' idle time,
 * the threads' blocked time by reason, the idle capability time that
 * blocked threads explain, the sparks, the live data over time, and where
 * in the run each cost falls. doctor_findings reads those figures (and the
 * +RTS -s figures of summary.h) and names the problems: a finding per kind
 * whose cost is worth saying, ranked by cost, with the figures it rests on,
 * what to do, and the RTS flags to try. Memory: O(capabilities + threads
 * that blocked), never a list per event. No I/O: cli/report_doctor.c and
 * the viewer's findings pane print them. Never includes curses or termkey. */
#ifndef HECTIC_DOCTOR_H
#define HECTIC_DOCTOR_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct store;
struct tracks;

/* The kinds, in the order a tie in cost ranks them. */
enum doctor_kind {
	DOCTOR_NURSERY,
	DOCTOR_MAJOR_PAUSES,
	DOCTOR_LIVE_GROWTH,
	DOCTOR_GC_BALANCE,
	DOCTOR_MVAR,
	DOCTOR_BLACKHOLE,
	DOCTOR_STM,
	DOCTOR_SPARKS,
	DOCTOR_PARALLELISM,
	DOCTOR_KINDS
};

/* A kind's name as the findings name it ("nursery", "major-pauses"). */
const char *doctor_kind_name(enum doctor_kind k);

/* What blocks a thread (doc/doctor.md): the STOP_THREAD statuses that wait
 * for another thread, in the order they explain idle capabilities: MVars
 * last, since a wait on an MVar is often a join (a thread waiting for
 * another's result), which costs nothing. */
enum doctor_reason { DOCTOR_R_BLACKHOLE, DOCTOR_R_STM, DOCTOR_R_MVAR, DOCTOR_REASONS };
const char *doctor_reason_name(enum doctor_reason r);

/* A finding under this share of the run is information, not a warning. */
#define DOCTOR_WARN 0.05

#define DOCTOR_GENS 16   /* generations with figures of their own; older ones join the last */
#define DOCTOR_BINS 256  /* the run in this many slices, for where a cost is worst */
#define DOCTOR_STRETCHES 3

#define DOCTOR_WOKE 4

/* One thread's blocked time. */
struct doctor_thread {
	uint32_t id;
	uint64_t ns[DOCTOR_REASONS];
	uint64_t counted_ns[DOCTOR_REASONS]; /* of ns, the waits that counted
					      * (contended, for MVars) */
	uint32_t blocks[DOCTOR_REASONS]; /* how many times it blocked */
	/* (internal) the reason it is blocked for now (DOCTOR_REASONS: none)
	 * and since when; whether that wait counts among the blocked threads
	 * that explain idle capabilities */
	uint8_t now;
	bool counted;
	uint64_t since;
	/* (internal) it has waited on an MVar another thread then released
	 * while going on (contention); it is the RTS's timer or I/O manager;
	 * the threads it woke from an MVar since it last stopped */
	bool contended, manager;
	uint8_t nwoke;
	uint32_t woke[DOCTOR_WOKE];
};

/* The figures of [lo, hi] (doc/doctor.md's "The figures", over the window). */
struct doctor_figs {
	uint64_t lo, hi;   /* the window: [0, E] for a whole run */
	uint64_t binw;     /* a slice's width: slice i is [lo + i binw, lo + (i + 1) binw) */
	uint64_t end;      /* E: the log's last event */
	uint32_t ncaps;    /* N */
	uint64_t *cap_run, *cap_gc, *cap_idle, *gc_idle; /* [ncaps] */
	uint64_t gen_count[DOCTOR_GENS], gen_pause[DOCTOR_GENS], gen_sync[DOCTOR_GENS];
	uint64_t gen_max[DOCTOR_GENS]; /* the longest pause */
	unsigned ngens; /* 1 + the highest generation seen (at most DOCTOR_GENS) */
	uint64_t blocked[DOCTOR_REASONS], idle_explained[DOCTOR_REASONS], idle_unexplained;
	/* idle while a collection stopped the world (not explained, not
	 * unexplained: waiting for the collection) */
	uint64_t idle_stopped;
	/* the part of idle_unexplained while at most one capability ran a
	 * thread (N >= 2): the work was sequential */
	uint64_t idle_sequential;
	/* idle outside the scheduler's span (the first RUN_THREAD to the
	 * last STOP_THREAD): the RTS starting and shutting down */
	uint64_t idle_outside;
	uint64_t span_lo, span_hi; /* that span (NONE, 0: no thread ran) */
	struct doctor_thread *threads; /* those that blocked, by id */
	size_t nthreads;
	uint64_t sparks[6]; /* created, dud, overflowed, converted, gcd, fizzled */
	bool have_sparks;
	/* the longest stretches (at least 1 ms) where at most one capability
	 * ran a thread and none was in GC, longest first (N >= 2) */
	struct { uint64_t start, end; } stretch[DOCTOR_STRETCHES];
	unsigned nstretches;
	uint64_t alloc_area; /* -A in bytes (HEAP_INFO_GHC), 0: unknown */
	uint64_t censuses;   /* heap profile censuses (HEAP_PROF_SAMPLE_BEGIN) */
	/* each kind's cost in each slice of the window, in capability-ns */
	uint64_t bins[DOCTOR_KINDS][DOCTOR_BINS];
	/* the live data: heap censuses' totals when the log has any (census
	 * true), else HEAP_LIVE; each slice's sum and count */
	bool census;
	double live_sum[DOCTOR_BINS];
	uint32_t live_n[DOCTOR_BINS];
	uint64_t live_first, live_last; /* the first and last sample's time */
	bool failed; /* out of memory, or stopped: the figures are not whole */
};

/* Scans s's events for the figures over [lo, hi] (0, UINT64_MAX: the
 * whole run; the window is clipped to [0, E]), with ncaps capabilities
 * (one more than the highest the log has events on; an event on a higher
 * one makes them more). stop (may be NULL) ends it
 * early (failed). False when out of memory (failed; what was read is
 * kept). Free with doctor_figs_free. */
bool doctor_scan(const struct store *s, uint32_t ncaps, uint64_t lo, uint64_t hi,
		 const volatile sig_atomic_t *stop, struct doctor_figs *out);
void doctor_figs_free(struct doctor_figs *f);

/* Slice i's start (i = DOCTOR_BINS: its end), within [lo, hi + 1]. */
static inline uint64_t doctor_bin_start(const struct doctor_figs *f, size_t i)
{
	uint64_t t = f->lo + (uint64_t)i * f->binw;
	return t > f->hi + 1 || t < f->lo ? f->hi + 1 : t;
}

/* One finding. */
struct finding {
	enum doctor_kind kind;
	double cost;       /* its share of N x the window, 0 .. 1 */
	uint64_t from, to; /* where it is worst, or the window */
	char evidence[640];
	char advice[480];
	char rts[64];      /* the RTS flags to try ("" : the fix is in the code) */
};

/* Is this finding a warning (cost at DOCTOR_WARN or more)? */
static inline bool finding_warns(const struct finding *f)
{
	return f->cost >= DOCTOR_WARN;
}

struct doctor {
	struct doctor_figs fig;
	struct finding f[DOCTOR_KINDS]; /* by cost, highest first */
	size_t n;
	bool partial; /* the figures are not whole (fig.failed) */
};

/* The findings of s over [lo, hi]: doctor_scan, then each kind's rule;
 * tr (the log's tracks) gives the threads' labels and the RTS version.
 * False when out of memory or stopped (d->partial; the findings of what
 * was read are kept). Free with doctor_free. */
bool doctor_run(const struct store *s, const struct tracks *tr, uint64_t lo, uint64_t hi,
		const volatile sig_atomic_t *stop, struct doctor *d);
void doctor_free(struct doctor *d);

/* The findings from figures already scanned (doctor_run's second half),
 * for the tests. */
void doctor_findings(const struct store *s, const struct tracks *tr, struct doctor *d);

#endif
