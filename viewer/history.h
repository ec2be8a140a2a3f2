/* history: the lines typed at a prompt (the SQL prompt's queries), kept in
 * a file beside the sessions so that they outlive the viewer, the last
 * HISTORY_MAX of them, one a line. No terminal. */
#ifndef HECTIC_HISTORY_H
#define HECTIC_HISTORY_H

#include <stdbool.h>

#define HISTORY_MAX 100     /* lines kept */
#define HISTORY_BYTES 65536 /* bytes of the file read, at most */

struct history {
	char *line[HISTORY_MAX]; /* oldest first */
	int n;
	int at; /* the line shown by history_step: n when none */
	bool loaded;
};

/* The file called name beside the sessions read, once (untrusted: a
 * regular file, at most HISTORY_BYTES, read without blocking; a line cut
 * to len - 1 bytes, an empty one dropped). Quiet: no file, no lines. */
void history_load(struct history *h, const char *name, int len);

/* line added last (a repeat of the last moved, not kept twice), and the
 * file written again whole (a temporary renamed over it); at back to the
 * end. Quiet when it cannot be written. */
void history_add(struct history *h, const char *name, const char *line);

/* The line before (dir -1) or after (1) the one shown: NULL past the
 * newest (the line being typed), and the oldest stays at the oldest. */
const char *history_step(struct history *h, int dir);

void history_free(struct history *h);

#endif
