/* The terminal, taken and given back on every path: curses, the signals,
 * suspend and resume, and the fatal exit. */
#define NCURSES_WIDECHAR 1
#include "term.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "../model/outfile.h"
#include "../common/say.h"
#include "core.h"
#include "draw.h"
#include "input.h"

static int sigpipe_fds[2] = { -1, -1 };
static volatile sig_atomic_t got_winch, got_quit, got_tstp, got_cont;
static bool curses_on;
static bool mouse_on; /* reporting asked of the terminal */
static SCREEN *hidden; /* the benchmark's screen */
static FILE *hidden_out, *hidden_in;

/* ---- terminal set-up and tear-down, on every exit path ----
 *
 * A normal exit goes through restore_terminal (endwin). A signal that kills
 * cannot call curses, which is not async-signal-safe: its handler writes
 * bytes made while curses was up (mouse reporting off, attributes off,
 * keypad off, cursor shown, alternate screen left) and puts back the modes
 * the terminal had before curses, with write() and tcsetattr() alone, then
 * dies of the signal by its previous action, so the exit status names it.
 * Resizes, suspends and resumes only set a flag and wake the main loop
 * through the self-pipe: the main loop does the curses work. */

static char tty_reset[256];
static size_t tty_reset_len;
static struct termios tty_shell; /* the modes before curses */
static bool tty_shell_ok;
static volatile sig_atomic_t tty_ours; /* the terminal is in curses' modes */
static struct sigaction old_action[NSIG];

static void reset_add(const char *s)
{
	if (!s || s == (const char *)-1)
		return;
	size_t n = strlen(s);
	if (tty_reset_len + n <= sizeof tty_reset) {
		memcpy(tty_reset + tty_reset_len, s, n);
		tty_reset_len += n;
	}
}

/* What a dying handler writes: made once curses knows the terminal, and
 * again after a resize. */
static void make_reset(void)
{
	tty_reset_len = 0;
	/* CAN ends an escape sequence the main thread may have left half
	 * written; in the ground state terminals ignore it */
	reset_add("\030");
	reset_add(input_mouse_seq(false));
	reset_add(tigetstr("sgr0"));
	reset_add(tigetstr("rmkx"));
	reset_add(tigetstr("cnorm"));
	const char *rmcup = tigetstr("rmcup");
	if (!rmcup || rmcup == (const char *)-1) {
		/* no alternate screen: leave the cursor below the frame */
		const char *cup = tigetstr("cup");
		if (cup && cup != (const char *)-1)
			reset_add(tiparm(cup, LINES - 1, 0));
		reset_add("\r\n");
	}
	reset_add(rmcup);
}

/* Async-signal-safe. */
static void reset_tty_now(void)
{
	if (!tty_ours)
		return;
	tty_ours = 0;
	if (tty_reset_len)
		(void)!write(STDOUT_FILENO, tty_reset, tty_reset_len);
	if (tty_shell_ok)
		tcsetattr(STDIN_FILENO, TCSANOW, &tty_shell);
}

void term_restore(void)
{
	if (!curses_on)
		return;
	curses_on = false;
	if (isendwin()) {
		/* quit while suspended: the terminal is the shell's already */
		tty_ours = 0;
		return;
	}
	if (mouse_on)
		input_mouse(false);
	mouse_on = false;
	endwin();
	tty_ours = 0;
}

/* Every signal whose default action ends the process, except the three
 * that ask to quit (on_quit). */
static void on_fatal(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	reset_tty_now();
	outfile_abandon_all(); /* a --save file not in place yet */
	/* the previous action: the default, or a sanitizer's report */
	sigaction(sig, &old_action[sig], NULL);
	/* a fault the kernel raised comes back when the instruction runs
	 * again, with its address; a sent signal is sent again */
	bool fault = sig == SIGSEGV || sig == SIGBUS || sig == SIGFPE || sig == SIGILL;
	if (!fault || !si || si->si_code <= 0)
		raise(sig);
}

static void wake(void)
{
	if (sigpipe_fds[1] >= 0) {
		char c = 's';
		(void)!write(sigpipe_fds[1], &c, 1);
	}
}

/* SIGTERM, SIGHUP, SIGINT: quit cleanly from the main loop; asked twice
 * (the loop is stuck), die at once with the terminal restored. */
static void on_quit(int sig, siginfo_t *si, void *ctx)
{
	int saved = errno;
	if (got_quit)
		on_fatal(sig, si, ctx);
	got_quit = 1;
	wake();
	errno = saved;
}

/* SIGWINCH, SIGTSTP, SIGCONT: for the main loop (handle_signals). */
static void on_flag(int sig)
{
	int saved = errno;
	if (sig == SIGWINCH)
		got_winch = 1;
	else if (sig == SIGTSTP)
		got_tstp = 1;
	else
		got_cont = 1;
	wake();
	errno = saved;
}

/* Catches sig unless it was ignored when hectic started (nohup, a
 * background job): the parent's choice stands. */
static void catch_signal(int sig, void (*fn)(int, siginfo_t *, void *), void (*plain)(int))
{
	struct sigaction sa, old;
	if (sigaction(sig, NULL, &old) != 0)
		return;
	if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_IGN)
		return;
	old_action[sig] = old;
	memset(&sa, 0, sizeof sa);
	if (fn) {
		sa.sa_sigaction = fn;
		sa.sa_flags = SA_SIGINFO;
		sigfillset(&sa.sa_mask); /* nothing cuts into the restore */
	} else {
		sa.sa_handler = plain;
		sa.sa_flags = SA_RESTART; /* poll() wakes all the same (EINTR) */
		sigemptyset(&sa.sa_mask);
	}
	sigaction(sig, &sa, NULL);
}

void term_install_signals(void)
{
	static const int fatal[] = {
		SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2,
		SIGPIPE, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
#ifdef SIGSTKFLT
		SIGSTKFLT,
#endif
#ifdef SIGIO
		SIGIO,
#endif
#if defined(SIGPOLL) && (!defined(SIGIO) || SIGPOLL != SIGIO)
		SIGPOLL,
#endif
#ifdef SIGPWR
		SIGPWR,
#endif
#ifdef SIGEMT
		SIGEMT,
#endif
	};
	if (pipe(sigpipe_fds) == 0) {
		for (int i = 0; i < 2; i++) {
			fcntl(sigpipe_fds[i], F_SETFL, O_NONBLOCK);
			fcntl(sigpipe_fds[i], F_SETFD, FD_CLOEXEC);
		}
	}
	tty_shell_ok = tcgetattr(STDIN_FILENO, &tty_shell) == 0;
	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		catch_signal(fatal[i], on_fatal, NULL);
	for (int s = SIGRTMIN; s <= SIGRTMAX; s++)
		catch_signal(s, on_fatal, NULL);
	catch_signal(SIGTERM, on_quit, NULL);
	catch_signal(SIGHUP, on_quit, NULL);
	catch_signal(SIGINT, on_quit, NULL);
	catch_signal(SIGWINCH, NULL, on_flag);
	catch_signal(SIGTSTP, NULL, on_flag);
	catch_signal(SIGCONT, NULL, on_flag);
	atexit(term_restore);
}

/* The store installs its own SIGBUS handler when it maps the file (a file
 * that shrinks then reads as zeros); for a SIGBUS that is not about the
 * mapping it restores the default action and raises it again. Wrapped, so
 * that dying of it restores the terminal too. */
static struct sigaction store_bus;

static void on_bus(int sig, siginfo_t *si, void *ctx)
{
	if (store_bus.sa_flags & SA_SIGINFO)
		store_bus.sa_sigaction(sig, si, ctx);
	else if (store_bus.sa_handler != SIG_DFL && store_bus.sa_handler != SIG_IGN)
		store_bus.sa_handler(sig);
	struct sigaction now;
	if (sigaction(sig, NULL, &now) == 0 && !(now.sa_flags & SA_SIGINFO) &&
	    now.sa_handler == SIG_DFL)
		reset_tty_now(); /* it is about to die of it */
}

void term_wrap_store_sigbus(void)
{
	struct sigaction cur;
	if (sigaction(SIGBUS, NULL, &cur) != 0)
		return;
	if (cur.sa_flags & SA_SIGINFO) {
		if (cur.sa_sigaction == on_bus || cur.sa_sigaction == on_fatal)
			return;
	} else if (cur.sa_handler == SIG_DFL || cur.sa_handler == SIG_IGN) {
		return;
	}
	store_bus = cur;
	cur.sa_sigaction = on_bus;
	cur.sa_flags |= SA_SIGINFO;
	sigaction(SIGBUS, &cur, NULL);
}

/* After a resize, or a resume: curses takes the terminal's size. */
static void take_size(void)
{
	struct winsize ws;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col)
		resizeterm(ws.ws_row, ws.ws_col);
	make_reset();
}

/* The terminal is ours again, as it was: curses' modes and screen (after
 * endwin, a refresh restores them), keypad and mouse reporting, and the
 * next frame drawn whole. Also after a SIGSTOP we could not see coming. */
static void take_terminal(struct viewer *u)
{
	tty_ours = 1;
	if (isendwin()) {
		refresh();
	} else {
		reset_prog_mode();
		const char *smcup = tigetstr("smcup");
		if (smcup && smcup != (const char *)-1)
			putp(smcup);
	}
	take_size();
	clearok(curscr, TRUE);
	input_stop(u->in);
	input_start(u->in);
	input_mouse(true);
	mouse_on = true;
}

/* Ctrl-Z (raw mode makes it a key), or a SIGTSTP from outside: the
 * terminal as the shell had it, then stop as the default action would,
 * and when continued take the terminal back. The stop goes to the whole
 * process group, as the terminal's own Ctrl-Z does (and vim), so that a
 * script that started hectic stops too and the shell gets the terminal.
 * In an orphaned process group (no job control, no shell to say fg) the
 * kernel discards the stop, and the screen simply comes back. */
void term_suspend(struct viewer *u)
{
	got_tstp = 0;
	if (u->bench)
		return;
	input_mouse(false);
	mouse_on = false;
	input_stop(u->in);
	tty_ours = 0;
	endwin();
	struct sigaction dfl, old;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGTSTP, &dfl, &old);
	kill(0, SIGTSTP);
	/* continued (SIGCONT): in the background, curses' first tcsetattr
	 * stops us again (SIGTTOU) until fg; told to quit meanwhile (kill
	 * %1 sends SIGTERM, then SIGCONT), leave the terminal to the shell */
	sigaction(SIGTSTP, &old, NULL);
	if (got_quit)
		return;
	take_terminal(u);
	got_cont = 0;
}

bool term_handle_signals(struct viewer *u)
{
	char drain[64];
	while (sigpipe_fds[0] >= 0 && read(sigpipe_fds[0], drain, sizeof drain) > 0)
		;
	if (!got_quit && got_tstp)
		term_suspend(u);
	if (got_quit)
		return true; /* the caller quits */
	if (got_cont) {
		got_cont = 0;
		take_terminal(u);
	}
	if (got_winch) {
		got_winch = 0;
		take_size();
		u->sel_valid = false;
		clear();
	}
	return false;
}

void term_wake(void)
{
	wake();
}

bool term_interactive(void)
{
	return curses_on && !hidden && sigpipe_fds[0] >= 0;
}

bool term_quit_asked(void)
{
	return got_quit;
}

int term_wake_fd(void)
{
	return sigpipe_fds[0];
}

void term_redraw(void)
{
	clearok(curscr, TRUE);
}

bool term_start(struct viewer *u, char *err, size_t n)
{
	if (!newterm(NULL, stdout, stdin)) {
		snprintf(err, n, "cannot initialise the terminal (TERM=%s)",
			 getenv("TERM") ? getenv("TERM") : "");
		return false;
	}
	curses_on = true;
	make_reset();
	tty_ours = 1;
	raw();
	noecho();
	nonl();
	keypad(stdscr, FALSE);
	curs_set(0);
	draw_setup_colors(u);
	input_free(u->in);
	u->in = input_new(STDIN_FILENO);
	if (!u->in) {
		term_restore();
		snprintf(err, n, "cannot read the terminal");
		return false;
	}
	input_mouse(true);
	mouse_on = true;
	return true;
}

bool term_start_hidden(int rows, int cols)
{
	hidden_out = fopen("/dev/null", "w");
	hidden_in = fopen("/dev/null", "r");
	hidden = hidden_out && hidden_in ? newterm("xterm-256color", hidden_out, hidden_in) : NULL;
	if (!hidden) {
		term_stop_hidden();
		return false;
	}
	curses_on = true;
	resizeterm(rows, cols);
	return true;
}

void term_stop_hidden(void)
{
	term_restore();
	if (hidden)
		delscreen(hidden);
	hidden = NULL;
	if (hidden_out)
		fclose(hidden_out);
	if (hidden_in)
		fclose(hidden_in);
	hidden_out = hidden_in = NULL;
}

void term_die(int status, const char *fmt, ...)
{
	term_restore();
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	warnx_("%s", msg);
	exit(status);
}

