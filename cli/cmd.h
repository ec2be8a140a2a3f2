/* Command-line commands. Each returns the process exit status:
 * 0 ok, 1 bad input (or the file could not be read), 2 usage. */
#ifndef HECTIC_CMD_H
#define HECTIC_CMD_H

#include <stdbool.h>
#include <stdio.h>


/* Command-line commands: each is given its row of the command table
 * (cli_help.h, cli/commands.c: its usage line and help) and its argv. */
struct cli_cmd;
int cmd_show(const struct cli_cmd *self, int argc, char **argv);
int cmd_run(const struct cli_cmd *self, int argc, char **argv);
int cmd_diff(const struct cli_cmd *self, int argc, char **argv);
int cmd_doctor(const struct cli_cmd *self, int argc, char **argv);
int cmd_sql(const struct cli_cmd *self, int argc, char **argv);
int cmd_push(const struct cli_cmd *self, int argc, char **argv);
/* The reports (summary, top, gcs, ...) are rows of the same table, run by
 * report.h's driver. */

#include "cli.h"

#endif
