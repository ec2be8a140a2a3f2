/* cmd_sql_line: the line editor of `hectic sql`'s interactive prompt
 * (issue 34), for a terminal on standard input (written to fd): the
 * editing keys of the sqlite3 shell's readline (arrows, Home/End, the
 * Emacs Ctrl keys), a history recalled with Up and Down and saved in
 * $XDG_STATE_HOME/hectic/sql_history (the last SQL_HISTORY_MAX
 * statements), Ctrl-C clearing the line and Ctrl-D on an empty one
 * ending the input. Written here rather than taken from libedit: the
 * issue allows one new run-time library (SQLite), and what the prompt
 * needs is a few hundred lines over termios. Never includes curses. */
#ifndef HECTIC_CMD_SQL_LINE_H
#define HECTIC_CMD_SQL_LINE_H

#include <stdbool.h>
#include <stddef.h>

#include "../viewer/history.h" /* (the history file, its limits) */

struct sql_line;

/* The editor, writing to the terminal fd, its history read from the state
 * directory (none when it has none or it cannot be read). NULL when out
 * of memory. */
struct sql_line *sql_line_new(int fd);

enum sql_line_res { SQL_LINE_OK, SQL_LINE_EOF, SQL_LINE_CANCEL };

/* Reads a line after prompt, the terminal in raw mode while it is edited
 * (and as it was on return). SQL_LINE_OK: *out is the line (without its
 * newline; valid until the next call); SQL_LINE_CANCEL: Ctrl-C; SQL_LINE_EOF:
 * Ctrl-D on an empty line, the end of the input, or an error. */
enum sql_line_res sql_line_read(struct sql_line *e, const char *prompt, const char **out);

/* Adds a statement to the history (its newlines made spaces; not when it
 * repeats the last one, is blank or longer than SQL_HISTORY_LINE_MAX) and
 * saves the history (quietly: nothing when it cannot be). */
void sql_line_add(struct sql_line *e, const char *stmt);

void sql_line_free(struct sql_line *e);

#endif
