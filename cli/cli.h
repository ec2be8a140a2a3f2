/* cli: what every command uses (cli.c): messages, the viewer's options,
 * the input opened as a store. */
#ifndef HECTIC_CLI_H
#define HECTIC_CLI_H

#include <stdbool.h>
#include <stdio.h>

#define EXIT_BADINPUT 1
#define EXIT_USAGE 2
/* a report printed figures from a table that stopped at the memory budget
 * (said in its header and on stderr): they are short */
#define EXIT_PARTIAL 3

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

/* store_report's say for a command: "hectic: PATH: MSG" (ctx is PATH). */
void cmd_say_problem(void *path, const char *msg);

/* Prints "hectic: " + message to stderr, escaped as --escape escapes text
 * from the log (file names and option values are not to be trusted). */
void warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The viewer's options, from the command line. */
struct viewer_opts {
	const char *path;
	const char *path2;  /* hectic A B: the second run's log; NULL: one */
	const char *align;  /* --align RE: the two runs from their first marker matching RE */
	const char *keymap; /* "default" or "emacs"; NULL: the rc file's or default */
	int color;          /* -1 auto, 0 none, 8, 256 */
	int ascii;          /* -1 auto (by locale), 0 off, 1 on */
	const char *bench;  /* scripted benchmark: a key script, no terminal */
	const char *save;   /* --save: a stream's bytes kept in this file */
	int bands;          /* --bands: the heap pane's bands (0: the rc file's) */
	const char *run_prog; /* hectic run: the program writing the FIFO */
	int *run_exited;      /* ... set (atomically) once it has exited */
};

/* The viewer's options (--keymap, --color, --ascii, --bands, --save; --bench but
 * for run, whose options end at PROG) into *o; -1 to go on, else the exit
 * status (use prints the usage, for --help; a bad option is said in one
 * line, with where to look: warn_badopt_try). */
int view_options(int argc, char **argv, bool run, void (*use)(FILE *), struct viewer_opts *o);

/* --color's value: auto (-1), 256, 8, none or never (0); false, having
 * said why, for anything else. */
bool parse_color(const char *arg, int *color);

/* After getopt_long returned '?': says which option of argv was bad. */
void warn_badopt(int argc, char **argv);

/* After getopt_long returned '?': says which option was bad (warn_badopt),
 * then a line "try 'hectic CMD --help'" (cmd NULL: the viewer's, hectic
 * --help), rather than the usage, which scrolled the message away. */
void warn_badopt_try(int argc, char **argv, const char *cmd);

extern const char *hectic_version;

#endif
