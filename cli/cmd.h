/* Command-line commands. Each returns the process exit status:
 * 0 ok, 1 bad input (or the file could not be read), 2 usage. */
#ifndef HECTIC_CMD_H
#define HECTIC_CMD_H

#include <stdbool.h>
#include <stdio.h>


int cmd_show(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_sql(int argc, char **argv);
int cmd_push(int argc, char **argv);
/* The reports (summary, top, gcs, ...) are the table of report.h. */

#include "cli.h"

#endif
