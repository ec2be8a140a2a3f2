/* say: how hectic speaks to its user on standard error, for the commands
 * and the terminal UI alike (say.c): a message, escaped; the exit
 * statuses; the version. */
#ifndef HECTIC_SAY_H
#define HECTIC_SAY_H

#define EXIT_BADINPUT 1
#define EXIT_USAGE 2
/* a report printed figures from a table that stopped at the memory budget
 * (said in its header and on stderr): they are short */
#define EXIT_PARTIAL 3

/* store_report's say for a command: "hectic: PATH: MSG" (ctx is PATH). */
void cmd_say_problem(void *path, const char *msg);

/* What an opened log says (model/run.h's say): "hectic: PATH: TEXT" on
 * standard error (path NULL: the text names the log). */
void cmd_run_says(void *ctx, const char *path, const char *text);

/* Prints "hectic: " + message to stderr, escaped as --escape escapes text
 * from the log (file names and option values are not to be trusted). */
void warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

extern const char *hectic_version;

#endif
