/* mainloop: the interactive timeline's entry point. mainloop.c starts it and runs the
 * main loop; the state and the actions are in core.c, the views and panels
 * in view_*.c (view.h), the terminal in term.c. Input comes from input.c,
 * bindings from keymaps/, everything about the log from model/. */
#ifndef HECTIC_MAINLOOP_H
#define HECTIC_MAINLOOP_H

#include <stdbool.h>

struct viewer_opts;


/* Called (when set) before the viewer quits while still loading, which
 * ends the process at once (_exit: the loader may be deep in a scan). */
extern void (*mainloop_on_quit)(void);

/* Runs the viewer on a file; returns the exit status. */
int mainloop_run(const struct viewer_opts *o);

#endif
