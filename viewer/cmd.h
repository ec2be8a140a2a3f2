/* Command-line commands. Each returns the process exit status:
 * 0 ok, 1 bad input (or the file could not be read), 2 usage. */
#ifndef HECTIC_CMD_H
#define HECTIC_CMD_H

#include <stdbool.h>
#include <stdio.h>


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

#include "cli.h"

#endif
