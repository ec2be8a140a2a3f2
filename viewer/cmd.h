/* Command-line commands. Each returns the process exit status:
 * 0 ok, 1 bad input (or the file could not be read), 2 usage. */
#ifndef HECTIC_CMD_H
#define HECTIC_CMD_H

#include <stdbool.h>
#include <stdio.h>

#define EXIT_BADINPUT 1
#define EXIT_USAGE 2

int cmd_show(int argc, char **argv);
int cmd_summary(int argc, char **argv);
int cmd_gcs(int argc, char **argv);
int cmd_markers(int argc, char **argv);
int cmd_threads(int argc, char **argv);
int cmd_activity(int argc, char **argv);
int cmd_heap(int argc, char **argv);
int cmd_profile(int argc, char **argv);
int cmd_top(int argc, char **argv);
int cmd_spans(int argc, char **argv);
int cmd_sparks(int argc, char **argv);
int cmd_run(int argc, char **argv);

struct source;
struct store;

/* Opens spec, a file or a stream (model/source.h: FIFO, -, unix:PATH,
 * tcp:HOST:PORT), reads a stream to its end (into save, when not NULL),
 * and opens the store on what arrived. Returns -1 when open, else the exit
 * status, having said why; the caller closes both. */
int cmd_open_store(const char *spec, const char *save, struct source *src, struct store *s);

/* Prints "hectic: " + message to stderr, escaped as --escape escapes text
 * from the log (file names and option values are not to be trusted). */
void warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

struct ui_opts;

/* The viewer's options (--keymap, --color, --ascii, --save; --bench but
 * for run, whose options end at PROG) into *o; -1 to go on, else the exit
 * status (use prints the usage, for --help or a bad option). */
int view_options(int argc, char **argv, bool run, void (*use)(FILE *), struct ui_opts *o);

/* --color's value: auto (-1), 256, 8, none or never (0); false, having
 * said why, for anything else. */
bool parse_color(const char *arg, int *color);

/* After getopt_long returned '?': says which option of argv was bad. */
void warn_badopt(int argc, char **argv);

extern const char *hectic_version;

#endif
