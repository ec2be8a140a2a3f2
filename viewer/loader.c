/* Loading the log, with a progress frame, and any other long step (the
 * spans, a search over the whole log) off the main thread, which keeps
 * drawing and listening for q, Ctrl-C, Ctrl-Z and the signals. */
#define NCURSES_WIDECHAR 1
#include "loader.h"
#include "session.h"

#include <curses.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../model/outfile.h"
#include "core.h"
#include "draw.h"
#include "live.h"
#include "term.h"

/* HECTIC_DEBUG_LOAD_GATE=PATH (the end-to-end tests): the loader waits
 * until PATH exists, so that a test sees and drives the loading screen
 * for as long as it needs, then lets the load go. */
static void wait_gate(void)
{
	const char *gate = getenv("HECTIC_DEBUG_LOAD_GATE");
	while (gate && *gate && access(gate, F_OK) != 0)
		nanosleep(&(struct timespec){ 0, 20000000 }, NULL);
}

void *loader_run(void *arg)
{
	struct viewer_run *r = arg;
	progress_count_init(&r->loading);
	wait_gate();
	/* a file's tracks are built as the index reads it */
	bool fused = r->run.src.kind == SRC_FILE && run_fuse(&r->run);
	__atomic_store_n(&r->load_passes, fused ? 1 : 2, __ATOMIC_RELAXED);
	if (!live_open_store(r)) {
		__atomic_store_n(&r->loaded, -1, __ATOMIC_RELEASE);
		return NULL;
	}
	/* a log that may grow keeps its pass's state, to go on from there */
	bool live = r->run.src.kind != SRC_FILE || !r->run.s.ndataend;
	if (!live && fused && !run_fused_kept(&r->run)) /* a second pass: the progress says so */
		__atomic_store_n(&r->load_passes, 2, __ATOMIC_RELAXED);
	if (!run_tracks(&r->run, live, &r->loading.p)) {
		snprintf(r->err, sizeof r->err, "%s: out of memory", r->run.path);
		store_close(&r->run.s);
		r->run.opened = false;
		__atomic_store_n(&r->loaded, -1, __ATOMIC_RELEASE);
		return NULL;
	}
	/* where the list of collections stopped, the panes' whole one */
	gcs_compact_for(&r->gcc, &r->run.s, &r->run.tr);
	__atomic_store_n(&r->loaded, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void *loader_thread(void *r)
{
	loader_run(r);
	term_wake(); /* the frame comes at once */
	return NULL;
}

static void draw_loading(struct viewer *u)
{
	erase();
	mvaddstr(0, 0, "hectic: opening ");
	draw_safe(0, 16, (const uint8_t *)u->r->run.path, strlen(u->r->run.path), COLS - 16, u->ascii);
	if (u->r->run.src.kind != SRC_FILE) {
		/* a stream: nothing to index until its header is whole */
		if (u->r->run.src.kind == SRC_FIFO && u->o.run_prog &&
		    !__atomic_load_n(&u->r->run.src.connected, __ATOMIC_ACQUIRE)) {
			mvaddstr(2, 0, "waiting for ");
			draw_safe(2, 12, (const uint8_t *)u->o.run_prog, strlen(u->o.run_prog),
				  COLS - 40 > 10 ? COLS - 40 : 10, u->ascii);
			addstr(" to open its eventlog");
			mvaddstr(3, 0, "(it must be linked with -rtsopts, and -eventlog before GHC 9.4)");
		} else if (u->r->run.src.kind == SRC_FIFO &&
			   !__atomic_load_n(&u->r->run.src.connected, __ATOMIC_ACQUIRE))
			mvaddstr(2, 0, "waiting for a program to open the FIFO for writing");
		else
			mvprintw(2, 0, "%llu bytes arrived; waiting for the eventlog's header",
				 (unsigned long long)source_bytes(&u->r->run.src));
		mvprintw(5, 0, "%s quits", core_key_for(u, ACT_QUIT));
		refresh();
		return;
	}
	int w = COLS - 10 > 10 ? COLS - 10 : 10;
	/* the size from mainloop_run's stat: opening the file here could block */
	double frac = loader_fraction(u);
	mvprintw(2, 0, "indexing %3d%% ", (int)(frac * 100));
	move(3, 0);
	addch('[');
	for (int i = 0; i < w; i++)
		addch(i < (int)(frac * w) ? '#' : ' ');
	addch(']');
	mvprintw(5, 0, "%s quits", core_key_for(u, ACT_QUIT));
	refresh();
}

/* The quit asked while a step runs: the terminal back, the session kept
 * (once loaded), hectic run's program stopped, a --save file not yet in
 * place dropped, and the process ended at once, with status 0 as q gives:
 * the step may be deep in a scan, and nothing it makes is needed. */
static void quit_now(struct viewer *u) __attribute__((noreturn));
static void quit_now(struct viewer *u)
{
	term_restore();
	session_save(u);
	if (u->o.at_quit)
		u->o.at_quit();
	outfile_abandon_all();
	_exit(0);
}

/* Until *done: draw(u, what, seconds so far) after delay_ms and then every
 * 100 ms, with q, Ctrl-C, SIGTERM, SIGHUP and SIGINT ending the process
 * (quit_now), Ctrl-Z suspending, resizes followed. The step's end wakes
 * the wait at once (term_wake), and so do the signals and, once drawn,
 * a key. Before delay_ms the keys are left unread, for the main loop after
 * a short step; once drawn, keys other than those are dropped. */
struct cancel {
	void (*fn)(void *arg); /* NULL: q quits */
	void *arg;
	bool asked;
};

static void wait_step(struct viewer *u, const int *done, const char *what, int delay_ms,
		      void (*draw)(struct viewer *u, const char *what, double secs),
		      struct cancel *c)
{
	uint64_t t0 = live_now_ms();
	while (!__atomic_load_n(done, __ATOMIC_ACQUIRE)) {
		uint64_t t = live_now_ms() - t0;
		struct input_event ev = { .kind = IN_NONE };
		if (t < (uint64_t)delay_ms) {
			struct pollfd pf = { .fd = term_wake_fd(), .events = POLLIN };
			poll(&pf, pf.fd >= 0 ? 1 : 0, delay_ms - (int)t);
		} else {
			draw(u, what, (double)t / 1000);
			input_wait(u->in, 100, term_wake_fd(), -1, &ev);
		}
		enum action a = ev.kind == IN_KEY ? core_lookup(u, ev.key) : ACT_NONE;
		term_wrap_store_sigbus();
		bool quit = term_handle_signals(u);
		if (a == ACT_SUSPEND && !quit)
			term_suspend(u);
		if (c && c->fn && !quit && (a == ACT_QUIT || a == ACT_CANCEL)) {
			if (!c->asked)
				c->fn(c->arg);
			c->asked = true;
			continue;
		}
		if (quit || term_quit_asked() || a == ACT_QUIT || ev.kind == IN_EOF)
			quit_now(u);
	}
}

static void draw_loading_frame(struct viewer *u, const char *what, double secs)
{
	(void)what;
	(void)secs;
	draw_loading(u);
}

static pthread_t loader_th;

void loader_skeleton(struct viewer *u)
{
	int fd = open(u->r->run.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd >= 0) {
		if (!skeleton_read_fd(&u->r->sk, fd))
			skeleton_free(&u->r->sk); /* out of memory: no outline, still loading */
		close(fd);
	}
	core_before_load(u);
}

bool loader_start(struct viewer *u)
{
	return pthread_create(&loader_th, NULL, loader_thread, u->r) == 0;
}

void loader_join(struct viewer *u)
{
	(void)u;
	pthread_join(loader_th, NULL);
}

static pthread_t other_th;

bool loader_start_other(struct viewer *u)
{
	return pthread_create(&other_th, NULL, loader_thread, u->other) == 0;
}

void loader_join_other(struct viewer *u)
{
	(void)u;
	pthread_join(other_th, NULL);
}

void loader_quit(struct viewer *u)
{
	quit_now(u);
}

double loader_fraction(const struct viewer *u)
{
	uint64_t fsize = u->r->fsize ? u->r->fsize : 1;
	int passes = __atomic_load_n(&u->r->load_passes, __ATOMIC_RELAXED);
	double frac = (double)progress_count_read(&u->r->loading) /
		      ((passes == 1 ? 1.0 : 2.0) * (double)fsize);
	return frac > 1 ? 1 : frac;
}

void loader_load(struct viewer *u)
{
	pthread_t th;
	if (pthread_create(&th, NULL, loader_thread, u->r) != 0) {
		loader_run(u->r);
		return;
	}
	/* the first frame comes now: progress, with q, Ctrl-C and Ctrl-Z
	 * working; nothing here waits on the file */
	wait_step(u, &u->r->loaded, "loading", 0, draw_loading_frame, NULL);
	pthread_join(th, NULL);
}

void loader_say_partial(struct viewer *u)
{
	/* the collections' list that stopped is no longer short where the
	 * compact list holds them all (gcs_compact.h) */
	unsigned cut = u->r->run.tr.cut & ~(unsigned)TRACKS_CUT_BINS;
	if (gcsv_whole(&u->r->run.tr, &u->r->gcc))
		cut &= ~(unsigned)TRACKS_CUT_GCS;
	if (u->other)
		cut |= u->other->run.tr.cut & ~(unsigned)(TRACKS_CUT_BINS |
						      (gcsv_whole(&u->other->run.tr, &u->other->gcc)
							       ? TRACKS_CUT_GCS
							       : 0));
	if (cut) {
		char what[160];
		core_say(u, "PARTIAL: %s stopped at the memory budget: the panes that list them are short",
			 tracks_cut_text(cut, what, sizeof what));
	}
}

/* ---- a long step off the main thread ---- */

struct busy {
	void (*fn)(void *arg);
	void *arg;
	int done;
};

static void *busy_thread(void *arg)
{
	struct busy *b = arg;
	b->fn(b->arg);
	__atomic_store_n(&b->done, 1, __ATOMIC_RELEASE);
	term_wake();
	return NULL;
}

struct heap_job {
	struct viewer_run *r;
	bool ok;
};

static void build_heap(void *arg)
{
	struct heap_job *j = arg;
	j->ok = run_need(&j->r->run, RUN_NEED(TABLE_NEEDS_HEAP));
}

bool loader_heap(struct viewer *u)
{
	return loader_heap_of(u, u->r);
}

bool loader_heap_of(struct viewer *u, struct viewer_run *r)
{
	if (r->run.built & RUN_NEED(TABLE_NEEDS_HEAP))
		return true;
	struct heap_job j = { r, false };
	busy_run(u, "reading the heap profile", build_heap, &j);
	if (!j.ok) {
		/* (forgotten: a later pane may try again) */
		run_forget(&r->run, RUN_NEED(TABLE_NEEDS_HEAP));
		core_say(u, "out of memory reading the heap profile");
		return false;
	}
	return true;
}

static bool busy_cancels; /* the step running is busy_run_cancel's */

/* The step on the status line, over the last frame. */
static void draw_busy(struct viewer *u, const char *what, double secs)
{
	int y = LINES - 1;
	move(y, 0);
	clrtoeol();
	attron(A_REVERSE);
	mvprintw(y, 0, " %s: %.1f s  (%s %s) ", what, secs, core_key_for(u, ACT_QUIT),
		 busy_cancels ? "stops it" : "quits");
	attroff(A_REVERSE);
	refresh();
}

void busy_run(struct viewer *u, const char *what, void (*fn)(void *arg), void *arg)
{
	struct busy b = { .fn = fn, .arg = arg };
	pthread_t th;
	if (u->bench || !term_interactive() || pthread_create(&th, NULL, busy_thread, &b) != 0) {
		fn(arg);
		return;
	}
	wait_step(u, &b.done, what, BUSY_DELAY_MS, draw_busy, NULL);
	pthread_join(th, NULL);
}

void busy_run_cancel(struct viewer *u, const char *what, void (*fn)(void *arg), void *arg,
		     void (*cancel)(void *arg))
{
	struct busy b = { .fn = fn, .arg = arg };
	struct cancel c = { .fn = cancel, .arg = arg };
	pthread_t th;
	if (u->bench || !term_interactive() || pthread_create(&th, NULL, busy_thread, &b) != 0) {
		fn(arg);
		return;
	}
	busy_cancels = true;
	wait_step(u, &b.done, what, BUSY_DELAY_MS, draw_busy, &c);
	busy_cancels = false;
	pthread_join(th, NULL);
}
