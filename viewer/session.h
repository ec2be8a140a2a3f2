/* session: what the user was looking at in a log (session.c), saved when
 * the viewer ends and restored when the same file opens again. */
#ifndef HECTIC_SESSION_H
#define HECTIC_SESSION_H

struct viewer;

/* The session of u's log written (quietly: nothing when it cannot be). */
void session_save(struct viewer *u);

/* The session of u's log, when one was saved, put back; what is out of
 * range for the log is dropped and said on the status line. */
void session_restore(struct viewer *u);

#endif
