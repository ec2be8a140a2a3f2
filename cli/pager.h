/* pager: a command's output through the user's pager when it goes to a
 * terminal, as git does (git's pager.c): show, markers and threads.
 *
 * The pager is HECTIC_PAGER, else PAGER, else "less -R" (when less is on
 * the PATH; else none). Empty or "cat" means none. It runs as
 * `sh -c PAGER` with LESS=FRX and LV=-c added to its environment when
 * they are unset: -F makes less quit at once when the text fits on one
 * screen, and -X keeps it from clearing the screen, so a short output
 * reads as if printed straight to the terminal; "long" is that, decided
 * by less, not counted here (the output streams, nothing is held back).
 * -R lets less show colours.
 *
 * Only standard output goes to the pager: standard error stays where it
 * was, so messages are not lost in it (nor read by a pager that is not
 * less). The caller decides what depends on stdout being a terminal
 * (--escape's default) before pager_start, which makes stdout a pipe. */
#ifndef HECTIC_PAGER_H
#define HECTIC_PAGER_H

#include <stdbool.h>

/* When stdout is a terminal and a pager is set: starts it and makes stdout
 * its pipe. Returns whether it did (false also when it could not start,
 * having said why: the output then goes to the terminal). While the pager
 * runs, SIGPIPE (the user quit it before the end) ends hectic quietly,
 * once the pager is gone, with status 0 (1 when the pager could not be
 * run: sh said why); SIGINT, SIGTERM, SIGHUP and SIGQUIT (unless ignored
 * when hectic started) give the pager the end of its input, wait for the
 * user to quit it, then end hectic as the signal does. At exit, a pager
 * still running is finished as pager_finish does. */
bool pager_start(void);

/* Flushes stdout, gives the pager the end of its input, waits for it to
 * end and makes the terminal stdout again, with the signals as before.
 * Returns -1, or 1 when the pager could not be run (sh's status 126 or
 * 127: sh said why). Nothing (-1) when no pager runs. */
int pager_finish(void);

#endif
