/* source: where a log comes from, and the file the store maps.
 *
 * A log is named by FILE: a regular file (complete, or growing while a
 * program writes it), a FIFO, "-" for standard input, "unix:PATH" (a Unix
 * stream socket, as the eventlog-socket library serves one) or
 * "tcp:HOST:PORT". A regular file is mapped as it is. Anything else is a
 * stream: a thread reads it and appends what arrives to a spool, an
 * unlinked temporary file, which the store maps and extends like a growing
 * file; so everything built for files works on streams unchanged.
 *
 * With save (--save OUT), the spool is a new file in OUT's directory (an
 * unnamed O_TMPFILE, or a unique name created O_EXCL | O_NOFOLLOW), put in
 * place by a rename over OUT when the store first opens it with its header
 * whole (source_store_open); the spooler goes on appending to it there.
 * Until then OUT is untouched: an empty stream, a bad or cut header, an
 * error or a quit signal drop the spool (a named one is unlinked at
 * close, and by outfile.h's cleanup: at exit, on the quit signals left at
 * their default, and by outfile_abandon_all from another handler). OUT is
 * refused, before anything is opened, by outfile_check (outfile.h): when
 * it is the input (same device and inode, however spelt), a symbolic link
 * to nothing, or exists and is not a regular file; a symbolic link is
 * written through (the file it leads to is replaced, the link stays).
 *
 * A stream ends at end of file, or when the connection closes or fails
 * (reset: what arrived is kept, and the error is said). Never includes
 * curses or termkey. */
#ifndef HECTIC_SOURCE_H
#define HECTIC_SOURCE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

struct progress;

enum source_kind { SRC_FILE, SRC_FIFO, SRC_STDIN, SRC_UNIX, SRC_TCP };

struct source {
	enum source_kind kind;
	const char *spec;   /* as given */
	char path[4096];    /* what the store opens: the file, or the spool */
	int in;             /* the stream (-1: none, or not open yet) */
	int spool;          /* the spool's descriptor (-1: none) */
	int wake[2];        /* the spooler writes a byte here when data arrives */
	pthread_t th;
	bool thread;
	/* written by the spooler, read with atomics */
	uint64_t bytes;     /* bytes spooled */
	int ended;          /* 1: the stream ended (EOF, close or error) */
	int connected;      /* 1: a FIFO has a writer (it is open) */
	char err[256];      /* why it ended, when not at a clean EOF */
	char *buf;          /* the spooler's read buffer */
	bool tmp_linked;    /* the spool is a temporary file still linked */
	/* --save */
	const char *save;   /* OUT (through its links), or NULL */
	char save_to[4096]; /* ...which it points into */
	bool refused;       /* source_open refused the command line (--save) */
	bool saving;        /* the spool is OUT's... */
	bool saved;         /* ...and is in place */
	char tmp[4096];     /* its temporary name beside OUT ("": none, or unnamed) */
	int pend;           /* that name's slot for the exit paths (-1: none) */
	/* where source_store_open reports the bytes it indexes (NULL, as
	 * source_open leaves it: nowhere); the caller's, set after source_open */
	const struct progress *progress;
	/* what source_store_open hands the events it indexes to (NULL, as
	 * source_open leaves it: nothing); the caller's, set after source_open */
	const struct store_sink *sink;
};

/* Is spec a stream (not a regular file)? Opens nothing but a stat. */
bool source_is_stream(const char *spec);

/* The identity (device and inode) of the log spec names, when it has one
 * on this machine: a file or FIFO, standard input ("-"), a unix: socket's
 * path; not tcp:. A stat, nothing opened. */
bool source_id(const char *spec, struct stat *sb);

/* Opens spec. A stream's spooler starts at once (a FIFO's open waits for
 * its writer on the spooler's thread); save, when not NULL, is the file
 * the stream is kept in (see above; a regular file needs none: refused). A
 * Unix or TCP connection that is refused, or an OUT that cannot be
 * replaced, fails here. False with err set on failure (src->refused when
 * the command line is at fault: --save refused). */
bool source_open(struct source *src, const char *spec, const char *save, char *err,
		 size_t errlen);

/* Waits until a stream has ended (at once for a file). */
void source_wait(struct source *src);

/* Waits up to ms (-1: forever) for the spool to hold at least n bytes or
 * the stream to end. True when it holds n bytes. */
bool source_wait_bytes(struct source *src, uint64_t n, int ms);

/* Bytes spooled so far, and whether the stream has ended. */
uint64_t source_bytes(const struct source *src);
bool source_ended(const struct source *src);

/* The spooler's message when the stream ended on an error ("" else). */
const char *source_error(const struct source *src);

/* A descriptor that becomes readable when data arrives or the stream ends
 * (-1 for a file); source_drain empties it. */
int source_wake_fd(const struct source *src);
void source_drain(struct source *src);

struct store;

/* Opens the store on src's file (store_open_sink, to src->progress and
 * src->sink); a
 * stream's again as bytes arrive, until
 * its header is whole or the stream ends. Returns the store's status (err
 * set when not STORE_OK); a stream that ended with no bytes at all is
 * STORE_EHEADER with *empty set and err saying so. With save, a store
 * opened puts the spool in place over OUT (STORE_EIO when that fails). */
int source_store_open(struct source *src, struct store *s, bool *empty, char *err,
		      size_t errlen);

/* Stops the spooler and closes everything: a --save spool in place
 * stays, one that is not is dropped (OUT untouched). */
void source_close(struct source *src);

/* Whether the regular file at path holds the start of an eventlog header
 * and no more: empty, as the RTS leaves its log until its first flush
 * (the header waits in stdio's buffer), or cut inside the header. A file
 * that is not the start of a header, or not a regular file: false. */
bool source_header_pending(const char *path);

#endif
