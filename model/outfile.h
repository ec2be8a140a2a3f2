/* outfile: a file the user named (export -o OUT, --save OUT) replaced
 * whole or not at all.
 *
 * outfile_open writes to a new file beside OUT (OUT.XXXXXX, mkstemp's: a
 * name no one else has, created 0600 and then given OUT's permissions, or
 * the umask's for a new OUT); outfile_end renames it over OUT only when
 * the writer says the whole of it was written, else removes it, and OUT
 * stays as it was. OUT that exists and is no regular file (a FIFO,
 * /dev/null, a terminal) is written directly: there is nothing to replace.
 *
 * The temporaries not in place yet are named in a small table of static
 * buffers ("pending"), which every writer of one shares (source.c's
 * --save spool too), so that one cleanup removes them all: at exit(), and
 * on a signal that ends the process (SIGHUP, SIGINT, SIGQUIT, SIGTERM,
 * SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM) where
 * that signal's action was the default: the handler unlinks them (unlink
 * is async-signal-safe), and the signal, its action the default again,
 * ends the process as it would have. A signal ignored at the start
 * (nohup) stays ignored; a handler installed later (the viewer's, the
 * pager's) calls outfile_abandon_all itself or restores this one before
 * it raises the signal again. SIGKILL cannot be caught: its temporary
 * stays. Never includes curses or termkey. */
#ifndef HECTIC_OUTFILE_H
#define HECTIC_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

struct outfile {
	FILE *f;         /* where to write; NULL: not open */
	const char *path; /* OUT, as given */
	bool direct;     /* OUT itself, no regular file: nothing to rename */
	int pend;        /* the temporary's slot in the pending table, or -1 */
	char tmp[4096];  /* the temporary's name ("": none) */
};

/* Writes p[0..n) to fd whole, again after EINTR and a short write;
 * false (errno saying why) when a write fails or writes nothing. The
 * program's one such loop: --save's spool, show's output, the bench's
 * writer. */
bool outfile_write_fd(int fd, const void *p, size_t n);

/* What a writer's OUT may be. */
enum outfile_kind {
	OUTFILE_ANY,     /* a FIFO, a device or a terminal is written directly (-o) */
	OUTFILE_REGULAR, /* a regular file or a new name, nothing else (--db, --save) */
};

/* The one check of every writer's OUT (export -o, --db, --save), before
 * anything is opened or written (a stat: nothing blocks). OUT is refused,
 * *err saying why (what: the option, for the message), when it is one of
 * the n inputs ins[] (device and inode: however it is spelt, ./, .., an
 * absolute path, a hard link, a symbolic link to it), a symbolic link to
 * nothing, a directory, or, for OUTFILE_REGULAR, anything but a regular
 * file. A symbolic link is written through: target gets the file it leads
 * to (its real path), which the writer replaces, the link staying a link;
 * otherwise OUT as given. */
bool outfile_check(const char *out, const struct stat *ins, size_t n, enum outfile_kind kind,
		   const char *what, char *target, size_t tlen, char *err, size_t errlen);

/* Opens where OUT's bytes go (see above); false, *err saying why, when
 * it cannot. */
bool outfile_open(struct outfile *o, const char *path, char *err, size_t errlen);

/* Ends the writing: flushes and closes, then puts the temporary in place
 * when whole and everything was written, else removes it. True when OUT
 * was replaced (or written directly) whole; false, *err saying why (empty
 * when whole was false: the caller said why), otherwise. Nothing to do
 * when o is not open. */
bool outfile_end(struct outfile *o, bool whole, char *err, size_t errlen);

/* The pending table: path's name kept until outfile_unpend (the slot, -1
 * when the table is full: then it is removed on the paths that end
 * normally only), the exit and signal cleanup installed on the first
 * call. */
int outfile_pend(const char *path);
void outfile_unpend(int slot);

/* Removes every pending temporary (async-signal-safe). */
void outfile_abandon_all(void);

#endif
