/* Following a growing log. */
#include "live.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../common/say.h"
#include "core.h"
#include "term.h"

#define POLL_MS 100     /* without inotify */
#define IDLE_MS 1000    /* the status line's figures, refreshed */
#define DUTY 1          /* wait DUTY x the last build's cost between builds */
#define RATE_SPAN_NS 3000000000ull /* the rate: bytes over the last 3 s */
#define SAMPLE_NS 200000000ull
#define HEADER_ONLY_NS 3000000000ull /* a log of its header alone this long is said */

uint64_t live_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static bool stream(const struct viewer *u)
{
	return u->r->run.src.kind != SRC_FILE;
}

/* A log of no events, standing for a file that holds no whole header
 * (the store is on it while the viewer waits for the file to hold one). */
static const uint8_t no_events[] = "hdrbhetbhetehdredatb";

static bool emptied(const struct viewer *u)
{
	return u->r->run.s.map == no_events;
}

bool live_no_log(const struct viewer *u)
{
	return emptied(u);
}

bool live_empty_file(const struct viewer *u)
{
	struct stat sb;
	return emptied(u) && u->r->run.src.kind == SRC_FILE && stat(u->r->run.src.path, &sb) == 0 &&
	       sb.st_size == 0;
}

/* The no_events store, as the file at path (its identity: a file replaced
 * under its name is not followed). */
static bool open_no_events(struct store *s, const char *path, char *err, size_t n)
{
	struct stat sb;
	if (stat(path, &sb) != 0) {
		snprintf(err, n, "%s", strerror(errno));
		return false;
	}
	if (store_open_mem(s, no_events, sizeof no_events - 1, err, n) != STORE_OK)
		return false;
	s->dev = (uint64_t)sb.st_dev;
	s->ino = (uint64_t)sb.st_ino;
	return true;
}

bool live_open_store(struct viewer_run *r)
{
	char err[256];
	bool empty;
	if (run_index(&r->run, &r->loading.p, &empty, err, sizeof err) == STORE_OK)
		return true;
	/* a file with no whole header yet: shown empty, and followed until
	 * it has one (regrown) */
	if (r->run.src.kind == SRC_FILE && source_header_pending(r->run.src.path) &&
	    open_no_events(&r->run.s, r->run.src.path, err, sizeof err)) {
		r->run.opened = true;
		r->lv.no_header = true;
		return true;
	}
	if (empty && r->o->run_prog)
		snprintf(r->err, sizeof r->err,
			 "%s ended without writing an eventlog: link it with -rtsopts (GHCRTS "
			 "carries the flags), and with -eventlog on GHC before 9.4",
			 r->o->run_prog);
	else
		snprintf(r->err, sizeof r->err, "%s: %s", r->run.path, err);
	return false;
}

static void sample(struct live *lv, uint64_t now, uint64_t size)
{
	if (lv->nr && now - lv->rt[(lv->ri + LIVE_RATE_N - 1) % LIVE_RATE_N] < SAMPLE_NS)
		return;
	lv->rt[lv->ri] = now;
	lv->rb[lv->ri] = size;
	lv->ri = (lv->ri + 1) % LIVE_RATE_N;
	if (lv->nr < LIVE_RATE_N)
		lv->nr++;
}

/* Bytes a second over the last few seconds. */
static double rate(const struct live *lv, uint64_t now, uint64_t size)
{
	for (unsigned k = lv->nr; k > 0; k--) {
		unsigned i = (lv->ri + LIVE_RATE_N - k) % LIVE_RATE_N;
		if (now - lv->rt[i] <= RATE_SPAN_NS && now > lv->rt[i])
			return (double)(size - lv->rb[i]) * 1e9 / (double)(now - lv->rt[i]);
	}
	return 0;
}

/* The log has all it will have. */
static bool live_ended(const struct viewer *u)
{
	if (u->r->run.s.ndataend)
		return true;
	return stream(u) && source_ended(&u->r->run.src) && source_bytes(&u->r->run.src) <= u->r->run.s.size;
}

void live_start(struct viewer *u)
{
	struct live *lv = &u->r->lv;
	lv->ino = lv->wd = -1;
	lv->built_at = lv->checked_at = lv->started_at = live_now();
	if (live_ended(u))
		return; /* complete at open: nothing to follow */
	lv->follow = true;
	sample(lv, lv->built_at, u->r->run.s.size);
	if (stream(u))
		core_say(u, "live: reading the stream as it arrives");
	else if (lv->no_header && live_empty_file(u))
		core_say(u, "the file is empty: no eventlog header yet (the RTS writes it at its "
			    "first flush): waiting for it");
	else if (lv->no_header)
		core_say(u, "the file holds no eventlog header yet: waiting for it");
	else if (u->r->run.s.stop == STOP_TRUNCATED)
		core_say(u, "the log is truncated at byte %llu (following it)",
		       (unsigned long long)u->r->run.s.stop_off);
	else
		core_say(u, "no end marker yet: following the file");
	if (stream(u))
		return;
	lv->ino = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (lv->ino >= 0) {
		lv->wd = inotify_add_watch(lv->ino, u->r->run.src.path,
					   IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF |
						   IN_DELETE_SELF);
		if (lv->wd < 0) {
			close(lv->ino);
			lv->ino = -1;
		}
	}
}

int live_fd(const struct viewer *u)
{
	if (!u->r->lv.follow)
		return -1;
	return stream(u) ? source_wake_fd(&u->r->run.src) : u->r->lv.ino;
}

int live_timeout(const struct viewer *u)
{
	const struct live *lv = &u->r->lv;
	if (!lv->follow)
		return -1;
	uint64_t now = live_now(), due = lv->built_at + DUTY * lv->build_ns;
	if (lv->pending && due <= now)
		return 0;
	if (lv->pending) {
		uint64_t ms = (due - now) / 1000000 + 1;
		return ms < IDLE_MS ? (int)ms : IDLE_MS;
	}
	return stream(u) || lv->ino >= 0 ? IDLE_MS : POLL_MS;
}

static void stop(struct viewer *u, const char *why)
{
	struct live *lv = &u->r->lv;
	lv->follow = false;
	lv->stopped = true;
	if (lv->ino >= 0)
		close(lv->ino);
	lv->ino = lv->wd = -1;
	core_say(u, "%s: following stopped; showing what was read", why);
}

/* Every view that keeps what it drew from the log: before the tracks and
 * the heap change (true), it drops it; after, it makes it again. */
static void views_reload(struct viewer *u, bool before)
{
	for (size_t i = 0; i < u->nviews; i++)
		if (u->views[i]->reload)
			u->views[i]->reload(u, before);
}

bool live_reload(struct viewer *u)
{
	uint64_t t = live_now();
	/* the heap profile again (its bands point into the map, which the
	 * store's extension mapped anew); the tracks go on from where they
	 * stopped (tracks_extend) */
	struct heap h = { 0 };
	bool heap = u->r->run.built & RUN_NEED(TABLE_NEEDS_HEAP);
	if (heap && !run_heap_fresh(&u->r->run, &h))
		return false;
	views_reload(u, true);
	if (heap) {
		heap_free(&u->r->run.h);
		u->r->run.h = h;
	}
	uint64_t rebuilt = u->r->run.tr.extend_rebuilds;
	if (!run_tracks_extend(&u->r->run))
		term_die(EXIT_BADINPUT, "%s: out of memory while following the log", u->r->run.path);
	/* the collections' compact list is not extended: while following, a
	 * list that stopped stays short (PARTIAL); whole again at the end */
	gcs_compact_free(&u->r->gcc);
	views_reload(u, false);
	u->r->lv.reloads++;
	u->r->lv.built_at = live_now();
	/* the throttle follows what an extension costs: a rare build from the
	 * start does not hold the next ones back */
	u->r->lv.build_ns = u->r->run.tr.extend_rebuilds != rebuilt ? 0 : u->r->lv.built_at - t;
	return true;
}

/* Puts ns in place of the store, builds the tracks and heap again, and
 * shows the whole of what it holds. */
static void swap_store(struct viewer *u, struct store *ns)
{
	views_reload(u, true);
	bool heap = u->r->run.built & RUN_NEED(TABLE_NEEDS_HEAP);
	run_forget(&u->r->run, RUN_NEED(TABLE_NEEDS_HEAP) | RUN_NEED(TABLE_NEEDS_TRACKS));
	store_close(&u->r->run.s);
	u->r->run.s = *ns;
	if (!run_need(&u->r->run, RUN_NEED(TABLE_NEEDS_TRACKS) | (heap ? RUN_NEED(TABLE_NEEDS_HEAP) : 0)))
		term_die(EXIT_BADINPUT, "%s: out of memory", u->r->run.path);
	gcs_compact_for(&u->r->gcc, &u->r->run.s, &u->r->run.tr);
	term_wrap_store_sigbus();
	views_reload(u, false);
	core_set_window(u, u->r->run.s.tmin, core_run_end(u) - u->r->run.s.tmin);
	if (u->cursor >= core_run_end(u) || u->cursor < u->r->run.s.tmin)
		u->cursor = u->r->run.s.tmin;
	u->sel_valid = false; /* the event list anchors at the cursor */
	u->r->lv.reloads++;
}

/* The file shrank: what was mapped past its new end is gone (reading it
 * would fault), so the log is opened again as it is now, following
 * stopped. A file cut inside its header (to 0 bytes, as a program that
 * starts writing it again does) holds nothing to show: the viewer shows
 * no events and waits for the file to hold a header again (regrown). */
static void reopen_shrunk(struct viewer *u)
{
	struct store ns;
	char err[256];
	enum store_status st = store_open(&ns, u->r->run.src.path, err, sizeof err);
	if (st == STORE_EHEADER) {
		struct stat sb;
		uint64_t size = stat(u->r->run.src.path, &sb) == 0 ? (uint64_t)sb.st_size : 0;
		if (store_open_mem(&ns, no_events, sizeof no_events - 1, err, sizeof err) != STORE_OK)
			term_die(EXIT_BADINPUT, "%s: the file was cut: %s", u->r->run.path, err);
		ns.dev = u->r->run.s.dev; /* still the file followed */
		ns.ino = u->r->run.s.ino;
		swap_store(u, &ns);
		u->r->lv.no_header = false;
		core_say(u, "the file was cut to %llu bytes, inside its header: nothing to show; "
			  "waiting for it to be written again", (unsigned long long)size);
		return;
	}
	if (st != STORE_OK)
		term_die(EXIT_BADINPUT, "%s: the file shrank: %s", u->r->run.path, err);
	swap_store(u, &ns);
	stop(u, "the file shrank");
	core_say(u, "the file shrank to %llu bytes: showing what it holds now; following stopped",
	       (unsigned long long)u->r->run.s.size);
}

/* A file cut inside its header: once it holds a whole header again, it
 * is opened afresh and followed. */
static void regrown(struct viewer *u)
{
	struct live *lv = &u->r->lv;
	struct store ns;
	char err[256];
	enum store_status st = store_open(&ns, u->r->run.src.path, err, sizeof err);
	if (st == STORE_EHEADER)
		return; /* not whole yet */
	if (st != STORE_OK) {
		stop(u, err);
		return;
	}
	swap_store(u, &ns);
	lv->grew_at = lv->started_at = live_now(); /* the header's 3 s from now */
	core_say(u, lv->no_header ? "the header arrived: following the file"
				  : "the file was written again: following it");
	lv->no_header = false;
}

/* Reads what arrived and builds again; the view follows the end when it
 * showed it. */
static void live_grow(struct viewer *u)
{
	uint64_t old_end = core_run_end(u), col = core_col_ns(u);
	bool at_end = u->t1 >= old_end;
	bool whole = at_end && u->t0 <= u->r->run.s.tmin;
	bool cur_end = u->cursor + col >= old_end;
	uint64_t w = core_width(u);
	char err[256];
	switch (store_extend(&u->r->run.s, err, sizeof err)) {
	case EXTEND_SAME: return;
	case EXTEND_SHRANK: reopen_shrunk(u); return;
	case EXTEND_REPLACED: stop(u, "the file was replaced"); return;
	case EXTEND_ERROR: stop(u, err); return;
	case EXTEND_GREW: break;
	}
	if (!live_reload(u)) {
		stop(u, "out of memory");
		return;
	}
	uint64_t end = core_run_end(u);
	if (whole)
		core_set_window(u, u->r->run.s.tmin, end - u->r->run.s.tmin);
	else if (at_end)
		core_set_window(u, end > w ? end - w : 0, w);
	if (at_end) {
		if (cur_end)
			u->cursor = end - 1;
		else if (u->cursor < u->t0)
			u->cursor = u->t0;
	}
}

/* Followed for HEADER_ONLY_NS, and still nothing but the header: the
 * program's runtime holds its events in its buffers (GHC 9.0's writes
 * them when one fills, 2 MB a capability, or at exit; GHC 9.2 added
 * +RTS --eventlog-flush-interval). */
static bool header_only(const struct viewer *u, uint64_t now)
{
	const struct live *lv = &u->r->lv;
	if (!lv->follow || emptied(u) || u->r->run.s.nevents || now - lv->started_at < HEADER_ONLY_NS)
		return false;
	/* a FIFO nobody writes to yet is waiting for a writer, not its events */
	return u->r->run.src.kind != SRC_FIFO || __atomic_load_n(&u->r->run.src.connected, __ATOMIC_ACQUIRE);
}

void live_tick(struct viewer *u)
{
	struct live *lv = &u->r->lv;
	if (!lv->follow)
		return;
	uint64_t now = live_now();
	bool more;
	if (stream(u)) {
		source_drain(&u->r->run.src);
		more = source_bytes(&u->r->run.src) > u->r->run.s.size;
	} else {
		if (lv->ino >= 0) {
			char buf[4096];
			while (read(lv->ino, buf, sizeof buf) > 0)
				;
		}
		struct stat sb;
		if (stat(u->r->run.src.path, &sb) != 0) {
			stop(u, errno == ENOENT ? "the file was removed" : strerror(errno));
			return;
		}
		if ((uint64_t)sb.st_dev != u->r->run.s.dev || (uint64_t)sb.st_ino != u->r->run.s.ino) {
			stop(u, "the file was replaced");
			return;
		}
		if (emptied(u)) {
			if (sb.st_size > 0)
				regrown(u);
			return;
		}
		if ((uint64_t)sb.st_size < u->r->run.s.size) {
			reopen_shrunk(u);
			return;
		}
		more = (uint64_t)sb.st_size > u->r->run.s.size;
	}
	lv->pending = false;
	if (more) {
		lv->grew_at = now;
		if (now >= lv->built_at + DUTY * lv->build_ns)
			live_grow(u);
		else
			lv->pending = true;
	}
	if (!lv->follow)
		return;
	if (!lv->header_only_said && header_only(u, live_now())) {
		lv->header_only_said = true;
		core_say(u, "only the header in %llu s: the program's runtime keeps its events until "
			    "its buffers fill or it exits (GHC 9.0's does); on GHC 9.2 or later, "
			    "+RTS --eventlog-flush-interval=1 writes them every second",
			 (unsigned long long)(HEADER_ONLY_NS / 1000000000ull));
	}
	sample(lv, live_now(), u->r->run.s.size);
	if (live_ended(u) && !(stream(u) ? source_bytes(&u->r->run.src) > u->r->run.s.size : false)) {
		lv->follow = false;
		lv->complete = true;
		if (lv->ino >= 0)
			close(lv->ino);
		lv->ino = lv->wd = -1;
		/* once more as a fresh open builds them: the same bins too, so
		 * that the lanes are exactly those of opening the file now */
		struct tracks tr;
		if (u->r->run.tr.inc && run_tracks_fresh(&u->r->run, &tr)) {
			tracks_free(&u->r->run.tr);
			u->r->run.tr = tr;
		}
		gcs_compact_for(&u->r->gcc, &u->r->run.s, &u->r->run.tr);
		const char *why = stream(u) ? source_error(&u->r->run.src) : "";
		if (*why)
			core_say(u, "the stream ended: %s; %llu bytes read", why,
			       (unsigned long long)u->r->run.s.size);
		else if (u->r->run.s.ndataend)
			core_say(u, "the log is complete");
		else
			core_say(u, "the stream ended without an end-of-data marker");
	}
}

void live_status(const struct viewer *u, char *buf, size_t n)
{
	const struct live *lv = &u->r->lv;
	buf[0] = 0;
	if (lv->complete) {
		snprintf(buf, n, "complete");
		return;
	}
	if (lv->stopped) {
		snprintf(buf, n, "not following");
		return;
	}
	if (emptied(u)) {
		snprintf(buf, n, "%s%s", lv->no_header && live_empty_file(u) ? "empty file: " : "",
			 lv->no_header ? "waiting for the header"
				       : "file cut: waiting for it to be written again");
		return;
	}
	if (!lv->follow) {
		if (u->r->run.s.stop == STOP_TRUNCATED || u->r->run.s.stop == STOP_NO_DATAEND)
			snprintf(buf, n, "[log incomplete]");
		return;
	}
	uint64_t now = live_now();
	if (u->r->run.src.kind == SRC_FIFO && !__atomic_load_n(&u->r->run.src.connected, __ATOMIC_ACQUIRE)) {
		snprintf(buf, n, "live: waiting for a writer");
		return;
	}
	if (lv->header_only_said && !u->r->run.s.nevents) { /* (said by live_tick) */
		snprintf(buf, n, "live: only the header");
		return;
	}
	if (!lv->grew_at || now - lv->grew_at > RATE_SPAN_NS) {
		snprintf(buf, n, "%s", lv->grew_at ? "live, idle" : "[log incomplete]");
		return;
	}
	double r = rate(lv, now, u->r->run.s.size);
	int k = r >= 1e6 ? snprintf(buf, n, "live %.1f MB/s", r / 1e6)
			 : snprintf(buf, n, "live %.0f kB/s", r / 1e3);
	if (k <= 0 || (size_t)k >= n)
		return;
	uint64_t hz;
	if (!store_horizon(&u->r->run.s, u->r->run.tr.startup_caps, &hz)) {
		snprintf(buf + k, n - (size_t)k, ", none final yet");
	} else if (hz >= u->r->run.s.tmax) {
		snprintf(buf + k, n - (size_t)k, ", all final");
	} else {
		char a[32], b[32];
		time_format(a, sizeof a, hz);
		time_format(b, sizeof b, u->r->run.s.tmax - hz);
		snprintf(buf + k, n - (size_t)k, ", final to %s (%s behind)", a, b);
	}
}

void live_free(struct viewer *u)
{
	if (u->r->lv.ino >= 0)
		close(u->r->lv.ino);
	u->r->lv.ino = u->r->lv.wd = -1;
	u->r->lv.follow = false;
}
