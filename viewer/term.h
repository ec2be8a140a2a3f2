/* term: the terminal, taken and given back on every path. curses' set-up
 * and tear-down, the signal handlers (a fatal signal restores the terminal
 * with write() alone, then dies of it), suspend and resume, resizes, and
 * the one fatal exit (term_die) that restores the terminal before it
 * prints. Includes curses; nothing here draws a frame. */
#ifndef HECTIC_TERM_H
#define HECTIC_TERM_H

#include <stdbool.h>
#include <stddef.h>

struct viewer;

/* Catches the signals (before the screen is taken) and makes the
 * self-pipe they wake the main loop through. */
void term_install_signals(void);

/* Takes the terminal: curses on stdin/stdout, raw, no echo, the key
 * decoder and mouse reporting. False (the terminal as it was) on failure,
 * with the reason in err. */
bool term_start(struct viewer *u, char *err, size_t n);

/* For the benchmark: curses on an invisible rows x cols screen, /dev/null
 * both ways. False on failure. */
bool term_start_hidden(int rows, int cols);
void term_stop_hidden(void);

/* Gives the terminal back (endwin); safe to call twice, and at exit. */
void term_restore(void);

/* term_restore, then "hectic: " and the message on stderr, then exit with
 * status. The only way the viewer dies once the screen is taken. */
void term_die(int status, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 2, 3)));

/* The self-pipe's read end, for input_wait; -1 without one. */
int term_wake_fd(void);

/* Acts on what the signal handlers flagged (suspend, resume, resize);
 * after every wait. True when a signal asked to quit. */
bool term_handle_signals(struct viewer *u);

/* Wakes the main loop's wait (the self-pipe): for a thread that has
 * finished its work. Async-signal-safe. */
void term_wake(void);

/* The viewer has the terminal (not the benchmark's hidden screen). */
bool term_interactive(void);

/* A signal asked to quit. */
bool term_quit_asked(void);

/* Ctrl-Z: the terminal to the shell, stop, and back on fg. */
void term_suspend(struct viewer *u);

/* The next frame drawn whole (Ctrl-L). */
void term_redraw(void);

/* Wraps the SIGBUS handler the store installed when it mapped the file,
 * so that dying of it restores the terminal too. After every load. */
void term_wrap_store_sigbus(void);

#endif
