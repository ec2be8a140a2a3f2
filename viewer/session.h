/* session: what the user was looking at in a log (session.c), saved when
 * the viewer ends and restored when the same file opens again. */
#ifndef HECTIC_SESSION_H
#define HECTIC_SESSION_H

#include <stdbool.h>
#include <stddef.h>

struct viewer;

/* The session of u's log written (quietly: nothing when it cannot be). */
void session_save(struct viewer *u);

/* The session of u's log, when one was saved, put back; what is out of
 * range for the log is dropped and said on the status line. */
void session_restore(struct viewer *u);

/* The path of the file called name beside the session files (with make,
 * its directories made 0700 where missing); false when there is no
 * such place (no home) or it cannot be made. */
bool session_file_beside(const char *name, char *out, size_t n, bool make);

#endif
