/* mainloop: the interactive timeline's entry point. mainloop.c starts it and runs the
 * main loop; the state and the actions are in core.c, the views and panels
 * in view_*.c (view.h), the terminal in term.c. Input comes from input.c,
 * bindings from keymaps/, everything about the log from model/. */
#ifndef HECTIC_MAINLOOP_H
#define HECTIC_MAINLOOP_H

#include <stdbool.h>

/* The viewer's options: what the command line asked of it (cli/cli.c's
 * view_options reads them; hectic run adds its program's). */
struct viewer_opts {
	const char *path;
	const char *path2;  /* hectic A B: the second run's log; NULL: one */
	const char *align;  /* --align RE: the two runs from their first marker matching RE */
	const char *keymap; /* "default" or "emacs"; NULL: the rc file's or default */
	int color;          /* -1 auto, 0 none, 8, 256 */
	int ascii;          /* -1 auto (by locale), 0 off, 1 on */
	const char *bench;  /* scripted benchmark: a key script, no terminal */
	const char *save;   /* --save: a stream's bytes kept in this file */
	int bands;          /* --bands: the heap pane's bands (0: the rc file's) */
	const char *run_prog; /* hectic run: the program writing the FIFO */
	int *run_exited;      /* ... set (atomically) once it has exited */
	/* Called (when set) before the viewer quits while still loading,
	 * which ends the process at once (_exit: the loader may be deep in a
	 * scan): hectic run stops its program there. */
	void (*at_quit)(void);
};

/* The viewer's one entry point, for the commands (cli/: hectic FILE,
 * hectic A B, hectic run): runs it on o's file or files; returns the exit
 * status. */
int mainloop_run(const struct viewer_opts *o);

#endif
