/* Loading the log, with a progress frame. */
#define NCURSES_WIDECHAR 1
#include "loader.h"

#include <curses.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core.h"
#include "draw.h"
#include "term.h"

void (*ui_on_quit)(void);

void *loader_run(void *arg)
{
	struct ui *u = arg;
	if (!live_open_store(u)) {
		__atomic_store_n(&u->loaded, -1, __ATOMIC_RELEASE);
		return NULL;
	}
	/* a log that may grow keeps its pass's state, to go on from there */
	bool live = u->src.kind != SRC_FILE || !u->s.ndataend;
	bool tracks = live ? tracks_build_live(&u->tr, &u->s) : tracks_build(&u->tr, &u->s);
	if (!tracks || !heap_build(&u->heap, &u->s)) {
		snprintf(u->err, sizeof u->err, "%s: out of memory", u->o.path);
		if (tracks)
			tracks_free(&u->tr);
		store_close(&u->s);
		__atomic_store_n(&u->loaded, -1, __ATOMIC_RELEASE);
		return NULL;
	}
	__atomic_store_n(&u->loaded, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void draw_loading(struct ui *u)
{
	erase();
	mvaddstr(0, 0, "hectic: opening ");
	draw_safe(0, 16, (const uint8_t *)u->o.path, strlen(u->o.path), COLS - 16, u->ascii);
	if (u->src.kind != SRC_FILE) {
		/* a stream: nothing to index until its header is whole */
		if (u->src.kind == SRC_FIFO && u->o.run_prog &&
		    !__atomic_load_n(&u->src.connected, __ATOMIC_ACQUIRE)) {
			mvaddstr(2, 0, "waiting for ");
			draw_safe(2, 12, (const uint8_t *)u->o.run_prog, strlen(u->o.run_prog),
				  COLS - 40 > 10 ? COLS - 40 : 10, u->ascii);
			addstr(" to open its eventlog");
			mvaddstr(3, 0, "(it must be linked with -rtsopts, and -eventlog before GHC 9.4)");
		} else if (u->src.kind == SRC_FIFO &&
			   !__atomic_load_n(&u->src.connected, __ATOMIC_ACQUIRE))
			mvaddstr(2, 0, "waiting for a program to open the FIFO for writing");
		else
			mvprintw(2, 0, "%llu bytes arrived; waiting for the eventlog's header",
				 (unsigned long long)source_bytes(&u->src));
		mvaddstr(5, 0, "q quits");
		refresh();
		return;
	}
	int w = COLS - 10 > 10 ? COLS - 10 : 10;
	/* the size from ui_run's stat: opening the file here could block */
	uint64_t fsize = u->fsize ? u->fsize : 1;
	uint64_t done = __atomic_load_n(&store_progress, __ATOMIC_RELAXED) +
			__atomic_load_n(&tracks_progress, __ATOMIC_RELAXED);
	double frac = (double)done / (double)(2 * fsize);
	if (frac > 1)
		frac = 1;
	mvprintw(2, 0, "indexing %3d%% ", (int)(frac * 100));
	move(3, 0);
	addch('[');
	for (int i = 0; i < w; i++)
		addch(i < (int)(frac * w) ? '#' : ' ');
	addch(']');
	mvaddstr(5, 0, "q quits");
	refresh();
}

void loader_load(struct ui *u)
{
	pthread_t th;
	if (pthread_create(&th, NULL, loader_run, u) != 0) {
		loader_run(u);
		return;
	}
	/* the first frame comes now: progress, with q, Ctrl-C and Ctrl-Z
	 * working; nothing here waits on the file */
	while (!__atomic_load_n(&u->loaded, __ATOMIC_ACQUIRE)) {
		draw_loading(u);
		struct input_event ev;
		input_wait(u->in, 100, term_wake_fd(), -1, &ev);
		enum action a = ev.kind == IN_KEY ? ui_lookup(u, ev.key) : ACT_NONE;
		term_wrap_store_sigbus();
		bool quit = term_handle_signals(u);
		if (a == ACT_SUSPEND && !quit)
			term_suspend(u);
		if (quit || term_quit_asked() || a == ACT_QUIT || ev.kind == IN_EOF) {
			term_restore();
			if (ui_on_quit)
				ui_on_quit();
			_exit(0); /* the loader may be deep in a scan */
		}
	}
	pthread_join(th, NULL);
}
