/* ui: the interactive timeline's entry point. ui.c starts it and runs the
 * main loop; the state and the actions are in core.c, the views and panels
 * in view_*.c (view.h), the terminal in term.c. Input comes from input.c,
 * bindings from keymaps/, everything about the log from model/. */
#ifndef HECTIC_UI_H
#define HECTIC_UI_H

#include <stdbool.h>

struct ui_opts {
	const char *path;
	const char *keymap; /* "default" or "emacs"; NULL: the rc file's or default */
	int color;          /* -1 auto, 0 none, 8, 256 */
	int ascii;          /* -1 auto (by locale), 0 off, 1 on */
	const char *bench;  /* scripted benchmark: a key script, no terminal */
	const char *save;   /* --save: a stream's bytes kept in this file */
	const char *run_prog; /* hectic run: the program writing the FIFO */
	int *run_exited;      /* ... set (atomically) once it has exited */
};

/* Called (when set) before the viewer quits while still loading, which
 * ends the process at once (_exit: the loader may be deep in a scan). */
extern void (*ui_on_quit)(void);

/* Runs the viewer on a file; returns the exit status. */
int ui_run(const struct ui_opts *o);

#endif
