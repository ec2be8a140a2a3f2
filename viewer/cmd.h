/* Command-line commands. Each returns the process exit status:
 * 0 ok, 1 bad input (or the file could not be read), 2 usage. */
#ifndef HECTIC_CMD_H
#define HECTIC_CMD_H

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

/* Prints "hectic: " + message to stderr, escaped as --escape escapes text
 * from the log (file names and option values are not to be trusted). */
void warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* After getopt_long returned '?': says which option of argv was bad. */
void warn_badopt(int argc, char **argv);

extern const char *hectic_version;

#endif
