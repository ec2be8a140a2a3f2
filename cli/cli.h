/* cli: what every command uses (cli.c): the viewer's options from the
 * command line, a bad option said; and, through the headers it includes,
 * the messages and exit statuses (common/say.h) and the viewer's entry
 * point (viewer/mainloop.h); a log is opened as a run (model/run.h). */
#ifndef HECTIC_CLI_H
#define HECTIC_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "../common/say.h"
#include "../viewer/mainloop.h"

/* The viewer's options (--keymap, --color, --ascii, --bands, --save; --bench but
 * for run, whose options end at PROG: run its row of the command table,
 * else NULL) into *o; -1 to go on, else the exit status (use(stdout, run)
 * prints the usage, for --help; a bad option is said in one line, with
 * where to look: warn_badopt_try). */
struct cli_cmd;
int view_options(int argc, char **argv, const struct cli_cmd *run,
		 void (*use)(FILE *f, const struct cli_cmd *run), struct viewer_opts *o);

/* --color's value: auto (-1), 256, 8, none or never (0); false, having
 * said why, for anything else. */
bool parse_color(const char *arg, int *color);

/* After getopt_long returned '?': says which option of argv was bad. */
void warn_badopt(int argc, char **argv);

/* After getopt_long returned '?': says which option was bad (warn_badopt),
 * then a line "try 'hectic CMD --help'" (cmd NULL: the viewer's, hectic
 * --help), rather than the usage, which scrolled the message away. */
void warn_badopt_try(int argc, char **argv, const char *cmd);

/* The operands argv[optind..argc) of a command that takes from min to max
 * of them (max < 0: no limit), what they are being want ("FILE", "A B",
 * "FILE [B]"): -1 when their count fits; else says what was wanted and
 * what came, e.g. "summary: one FILE, got 2 operands ('extra' extra)",
 * "diff: two operands A B, got 1 operand ('a')", "show: one FILE, got none", then
 * the usage (use(stderr, self)), and returns EXIT_USAGE. name the command
 * as the user typed it. */
int cli_operands(int argc, char **argv, int min, int max, const char *name, const char *want,
		 void (*use)(FILE *f, const struct cli_cmd *self), const struct cli_cmd *self);

#endif
