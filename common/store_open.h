/* store_open: a log named on the command line opened as a store
 * (store_open.c), for the commands and the SQL engine: what went wrong
 * said (say.h), the exit status returned. */
#ifndef HECTIC_STORE_OPEN_H
#define HECTIC_STORE_OPEN_H

struct source;
struct store;
struct store_sink;

/* Opens spec, a file or a stream (model/source.h: FIFO, -, unix:PATH,
 * tcp:HOST:PORT), reads a stream to its end (into save, when not NULL),
 * and opens the store on what arrived. Returns -1 when open, else the exit
 * status, having said why; the caller closes both. */
int cmd_open_store(const char *spec, const char *save, struct source *src, struct store *s);

/* Same, the store handing the events it indexes to sink (NULL: none;
 * model/store.h). */
int cmd_open_store_sink(const char *spec, const char *save, struct source *src, struct store *s,
			const struct store_sink *sink);

#endif
