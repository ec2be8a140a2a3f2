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

/* The directory of hectic's saved state into dir: $XDG_STATE_HOME/hectic,
 * else $HOME/.local/state/hectic (a relative path is ignored). False when
 * there is none, or it does not fit in n. (hectic sql's history lives
 * there too.) */
bool session_state_dir(char *dir, size_t n);

/* The directories down to the one holding path, each made 0700 when
 * missing. False when that one is not there. */
bool session_mkdirs(const char *path);

#endif
