/* The interactive timeline: a time ruler, the activity graph, one lane per
 * capability, the GC bar, heap and live-data sparklines, the event list at
 * the cursor and a status line; panels over them for help, pauses, filters,
 * threads, interval statistics and the search prompt. */
#define NCURSES_WIDECHAR 1
#include "ui.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "../keymaps/actions.h"
#include "../keymaps/keymaps.h"
#include "../keymaps/rc.h"
#include "../model/classes.h"
#include "../model/store.h"
#include "../model/summary.h"
#include "../model/timefmt.h"
#include "../model/tracks.h"
#include "../parser/be.h"
#include "../parser/render.h"
#include "cmd.h"
#include "input.h"
#include "layout.h"

#define DEFAULT_RAW_MAX 50000 /* events a state query reads from the map */

enum panel { P_NONE, P_HELP, P_PAUSES, P_FILTERS, P_THREADS, P_STATS, P_SEARCH };

enum color { C_RUN = 1, C_GC, C_MAJOR, C_HEAP, C_LIVE, C_MARKER, C_MARK, C_STATUS, C_DIM,
	     C_RUN_GC, C_RUN_GCW, C_NODATA, C_PANEL };

struct ui {
	struct ui_opts o;
	struct store s;
	struct tracks tr;
	int loaded; /* 0 loading, 1 ready, -1 failed (written by the loader) */
	char err[300];
	struct input *in;
	struct keymap *km;
	int ncolors; /* 0, 8 or 256 */
	bool ascii;
	size_t raw_max;
	struct layout L;
	uint64_t t0, t1, cursor;
	int marking; /* 0 none, 1 started */
	bool has_mark;
	uint64_t mark_a, mark_b;
	class_set filters, saved_filters;
	int lanes_top;
	uint64_t sel_time, sel_off; /* the event list's selected event */
	bool sel_valid;
	enum panel panel;
	int psel, ptop;
	regex_t re;
	bool has_re;
	char pattern[200], prompt[200];
	size_t plen;
	char msg[300];
	bool quit;
	float *run, *gc, *nodata; /* ncaps x plotw */
	size_t fraccap;
	char **statlines; /* the stats panel's text */
	size_t nstatlines;
	bool dragging;
	int drag_col;
	bool bench;
	bool exact; /* the last state query read raw events */
	bool raw_times; /* the event list's times in ns, as `hectic show` */
	const char *winfile; /* HECTIC_DEBUG_WINDOW: the window, after each frame */
	uint64_t fsize; /* the file's size before loading, for the progress bar */
};

static struct ui *g_ui; /* for the signal handlers and atexit */
static int sigpipe_fds[2] = { -1, -1 };
static volatile sig_atomic_t got_winch, got_quit, got_tstp, got_cont;
static bool curses_on;

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

static void restore_terminal(void)
{
	if (!curses_on)
		return;
	curses_on = false;
	if (isendwin()) {
		/* quit while suspended: the terminal is the shell's already */
		tty_ours = 0;
		return;
	}
	if (g_ui && !g_ui->bench)
		input_mouse(false);
	endwin();
	tty_ours = 0;
}

/* Every signal whose default action ends the process, except the three
 * that ask to quit (on_quit). */
static void on_fatal(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	reset_tty_now();
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

static void install_signals(void)
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
	atexit(restore_terminal);
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

static void wrap_store_sigbus(void)
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
static void take_terminal(struct ui *u)
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
}

/* Ctrl-Z (raw mode makes it a key), or a SIGTSTP from outside: the
 * terminal as the shell had it, then stop as the default action would,
 * and when continued take the terminal back. The stop goes to the whole
 * process group, as the terminal's own Ctrl-Z does (and vim), so that a
 * script that started hectic stops too and the shell gets the terminal.
 * In an orphaned process group (no job control, no shell to say fg) the
 * kernel discards the stop, and the screen simply comes back. */
static void suspend(struct ui *u)
{
	got_tstp = 0;
	if (u->bench)
		return;
	input_mouse(false);
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

/* Acts on what the signal handlers flagged; after every wait. */
static void handle_signals(struct ui *u)
{
	char drain[64];
	while (sigpipe_fds[0] >= 0 && read(sigpipe_fds[0], drain, sizeof drain) > 0)
		;
	if (!got_quit && got_tstp)
		suspend(u);
	if (got_quit)
		return; /* the caller quits */
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
}

/* ---- colours and glyphs ---- */

static void setup_colors(struct ui *u)
{
	const char *nc = getenv("NO_COLOR");
	int want = u->o.color;
	if (want < 0 && nc && *nc)
		want = 0;
	if (want && !has_colors())
		want = 0;
	if (want) {
		start_color(); /* sets COLORS */
		if (want < 0)
			want = COLORS >= 256 ? 256 : 8;
		if (want == 256 && COLORS < 256)
			want = 8;
	}
	u->ncolors = want;
	if (!want)
		return;
	use_default_colors();
	bool c256 = want == 256;
	init_pair(C_RUN, c256 ? 34 : COLOR_GREEN, -1);
	init_pair(C_GC, c256 ? 208 : COLOR_YELLOW, -1);
	init_pair(C_MAJOR, c256 ? 196 : COLOR_RED, -1);
	init_pair(C_HEAP, c256 ? 33 : COLOR_BLUE, -1);
	init_pair(C_LIVE, c256 ? 135 : COLOR_MAGENTA, -1);
	init_pair(C_MARKER, c256 ? 51 : COLOR_CYAN, -1);
	init_pair(C_MARK, -1, c256 ? 238 : COLOR_BLUE);
	init_pair(C_STATUS, c256 ? 255 : COLOR_WHITE, c256 ? 24 : COLOR_BLUE);
	init_pair(C_DIM, c256 ? 244 : COLOR_WHITE, -1);
	/* a lane cell is a stacked bar: running (green) from the bottom, and
	 * above it orange when GC takes half of the rest or more, brown when
	 * it takes less (8 colours: yellow either way) */
	init_pair(C_RUN_GC, c256 ? 34 : COLOR_GREEN, c256 ? 208 : COLOR_YELLOW);
	init_pair(C_RUN_GCW, c256 ? 34 : COLOR_GREEN, c256 ? 94 : COLOR_YELLOW);
	init_pair(C_NODATA, c256 ? 240 : COLOR_WHITE, -1);
	init_pair(C_PANEL, c256 ? 255 : COLOR_WHITE, c256 ? 236 : COLOR_BLACK);
}

static attr_t attr_of(const struct ui *u, enum color c)
{
	if (u->ncolors)
		return COLOR_PAIR(c);
	switch (c) { /* monochrome: attributes only */
	case C_RUN: return A_NORMAL;
	case C_GC: case C_MAJOR: return A_BOLD;
	case C_STATUS: case C_MARK: return A_REVERSE;
	case C_DIM: case C_NODATA: return A_DIM;
	case C_PANEL: return A_NORMAL;
	default: return A_NORMAL;
	}
}

static const char *const eighths_up[9] = { " ", "\u2581", "\u2582", "\u2583", "\u2584",
					   "\u2585", "\u2586", "\u2587", "\u2588" };
/* ASCII levels 0..8, light to dense */
static const char *const ascii_levels[9] = { " ", ".", ":", "-", "=", "+", "*", "#", "@" };

/* The glyphs that carry a state without colour (see the legend). */
#define G_NODATA(u) ((u)->ascii ? "/" : "\u2571")    /* ╱ */
#define G_GC_HEAVY(u) ((u)->ascii ? "G" : "\u2593")  /* ▓ */
#define G_GC_LIGHT(u) ((u)->ascii ? "g" : "\u2592")  /* ▒ */
#define G_MAJOR(u) ((u)->ascii ? "M" : "\u2588")     /* █ */
#define G_MINOR(u) ((u)->ascii ? "m" : "\u2584")     /* ▄ */
#define G_SPAN(u) ((u)->ascii ? "-" : "\u2500")      /* ─ */
#define G_TICK(u) ((u)->ascii ? "|" : "\u2502")      /* │ */
#define G_MARKER(u) ((u)->ascii ? "v" : "\u25be")    /* ▾ */

static const char *level_glyph(const struct ui *u, int lvl)
{
	return u->ascii ? ascii_levels[lvl] : eighths_up[lvl];
}

static void put_level(struct ui *u, int y, int x, int lvl)
{
	mvaddstr(y, x, level_glyph(u, lvl));
}

/* Text from the file, made safe for the terminal: controls and invisible
 * characters escaped. Returns the columns it took. */
static int put_safe(int y, int x, const uint8_t *p, size_t n, int maxw, bool ascii)
{
	struct sbuf b = { .escape = true };
	sbuf_text(&b, p, n);
	if (b.oom) {
		sbuf_free(&b);
		return 0;
	}
	sbuf_putc(&b, 0);
	move(y, x);
	/* in ASCII mode, non-ASCII bytes would be garbage: show them as '?' */
	int w = 0;
	const char *s = b.p;
	while (*s && w < maxw) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x80) {
			addch(c);
			s++;
			w++;
			continue;
		}
		size_t k = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
		if (ascii) {
			/* no UTF-8 here: the bytes, escaped */
			for (size_t i = 0; i < k && s[i] && w < maxw; i++, w += 4)
				printw("\\x%02x", (unsigned char)s[i]);
			s += k;
			continue;
		} else {
			char tmp[5] = { 0 };
			memcpy(tmp, s, k);
			addstr(tmp);
		}
		s += k;
		w++;
	}
	sbuf_free(&b);
	return w;
}

/* ---- key bindings ---- */

static bool key_canon(const char *key, char *out, size_t n, void *ctx)
{
	struct ui *u = ctx;
	return input_canonical(u->in, key, out, n);
}

static enum action lookup(const struct ui *u, const char *key)
{
	return u->km ? keymap_lookup(u->km, key) : ACT_NONE;
}

/* The keys bound to an action, for the help panel. */
static void keys_of(const struct ui *u, enum action a, char *out, size_t n)
{
	size_t w = 0;
	const char *k;
	out[0] = 0;
	for (size_t i = 0; u->km && (k = keymap_key(u->km, a, i)) && w + 1 < n; i++)
		w += (size_t)snprintf(out + w, n - w, w ? " %s" : "%s", k);
}

/* ---- the window in time ---- */

static uint64_t run_end(const struct ui *u)
{
	return u->s.tmax + 1;
}

static uint64_t width(const struct ui *u)
{
	return u->t1 - u->t0;
}

/* The width of a column (at least 1 ns): the resolution of the times on
 * the status line, since the cursor moves by columns. */
static uint64_t col_ns(const struct ui *u)
{
	uint64_t c = width(u) / (uint64_t)(u->L.plotw > 0 ? u->L.plotw : 1);
	return c ? c : 1;
}

/* The unit of the times on screen: the one the window's end is written in. */
static enum time_unit screen_unit(const struct ui *u)
{
	return time_unit_of(u->t1);
}

/* A time on the status line: in the screen's unit, to the column. */
static char *fmt_at(const struct ui *u, char *buf, size_t n, uint64_t t)
{
	return time_format_unit(buf, n, t, screen_unit(u), col_ns(u));
}

/* A moment that should be told from its neighbours whatever the zoom (a
 * GC's start, a search hit): to the microsecond, in its own unit. */
static char *fmt_moment(char *buf, size_t n, uint64_t t)
{
	return time_format_res(buf, n, t, 1000);
}

static void set_window(struct ui *u, uint64_t t0, uint64_t w)
{
	uint64_t lo = u->s.tmin, hi = run_end(u);
	uint64_t minw = (uint64_t)(u->L.plotw > 0 ? u->L.plotw : 1);
	if (w < minw)
		w = minw;
	if (w >= hi - lo) {
		u->t0 = lo;
		u->t1 = lo + w;
		return;
	}
	if (t0 < lo)
		t0 = lo;
	if (t0 > hi - w)
		t0 = hi - w;
	u->t0 = t0;
	u->t1 = t0 + w;
}

/* Scrolls the window so the cursor is in it. */
static void follow_cursor(struct ui *u)
{
	uint64_t w = width(u);
	if (u->cursor < u->t0)
		set_window(u, u->cursor, w);
	else if (u->cursor >= u->t1)
		set_window(u, u->cursor - w / 2, w);
}

static void zoom(struct ui *u, bool in, int anchor_col)
{
	uint64_t w = width(u);
	uint64_t nw = in ? w / 2 : (w > UINT64_MAX / 2 ? w : w * 2);
	uint64_t full = run_end(u) - u->s.tmin;
	if (!in && nw > full)
		nw = full;
	uint64_t minw = (uint64_t)u->L.plotw;
	if (in && nw < minw)
		nw = minw; /* one nanosecond per column */
	if (nw == w) {
		snprintf(u->msg, sizeof u->msg, in ? "zoomed in as far as 1 ns per column"
						   : "the whole run is in view");
		return;
	}
	/* keep the anchor (the cursor, or the mouse) on its column */
	uint64_t at = anchor_col >= 0 ? col_to_time(u->t0, u->t1, u->L.plotw, anchor_col)
				      : u->cursor;
	double frac = w ? (double)(at - u->t0) / (double)w : 0.5;
	uint64_t off = (uint64_t)(frac * (double)nw);
	set_window(u, at > off ? at - off : 0, nw);
	u->sel_valid = false;
}

/* ---- the event list ---- */

/* Anchors the list at the first wanted event at or after the cursor. */
static void anchor_list(struct ui *u)
{
	struct merge *m = merge_new_at(&u->s, u->cursor, u->filters);
	struct evref r;
	u->sel_valid = m && merge_step(m, &r);
	if (u->sel_valid) {
		u->sel_time = r.time;
		u->sel_off = r.off;
	}
	merge_free(m);
}

static void list_move(struct ui *u, int delta)
{
	if (!u->sel_valid)
		anchor_list(u);
	if (!u->sel_valid)
		return;
	if (delta > 0) {
		struct merge *m = merge_new_at(&u->s, u->sel_time, u->filters);
		struct evref r;
		int moved = 0;
		while (m && merge_step(m, &r)) {
			if (r.time == u->sel_time && r.off <= u->sel_off)
				continue;
			u->sel_time = r.time;
			u->sel_off = r.off;
			if (++moved == delta)
				break;
		}
		merge_free(m);
	} else {
		size_t n = (size_t)-delta;
		struct evref *v = malloc(n * sizeof *v);
		if (!v)
			return;
		size_t got = store_events_before(&u->s, u->sel_time, u->sel_off, u->filters, v, n);
		if (got) {
			u->sel_time = v[0].time;
			u->sel_off = v[0].off;
		}
		free(v);
	}
	u->cursor = u->sel_time;
	follow_cursor(u);
}

/* A thread event's thread id, or 0. */
static uint32_t thread_of(const struct ev *e)
{
	switch (e->tag) {
	case EV_CREATE_THREAD: case EV_RUN_THREAD: case EV_STOP_THREAD:
	case EV_THREAD_RUNNABLE: case 4: case EV_THREAD_WAKEUP: case EV_THREAD_LABEL:
		return e->layout != SEL_UNKNOWN_LAYOUT && e->nf ? (uint32_t)e->f[0].u : 0;
	default:
		return 0;
	}
}

static void draw_event_line(struct ui *u, int y, const struct evref *r, bool selected)
{
	struct ev e;
	if (ev_decode(&u->s.hdr, u->s.map, u->s.size, r->off, &e) != EV_OK)
		return;
	struct sbuf b = { .escape = true };
	if (u->raw_times) {
		sbuf_u64(&b, e.time);
	} else {
		/* the screen's unit, to the nanosecond, aligned on the window's end */
		char t[48], end[48];
		time_format_unit(end, sizeof end, u->t1, screen_unit(u), 1);
		time_format_unit(t, sizeof t, e.time, screen_unit(u), 1);
		for (size_t i = strlen(t); i < strlen(end); i++)
			sbuf_putc(&b, ' ');
		sbuf_puts(&b, t);
	}
	sbuf_put(&b, ": ", 2);
	if (r->cap != EV_NO_CAP) {
		sbuf_put(&b, "cap ", 4);
		sbuf_u64(&b, (uint64_t)r->cap);
		sbuf_put(&b, ": ", 2);
	}
	render_body(&b, &u->s.hdr, &e);
	/* a multi-line message shows its first line here */
	for (size_t i = 0; i < b.n; i++)
		if (b.p[i] == '\n') {
			b.n = i;
			break;
		}
	uint32_t tid = thread_of(&e);
	const struct thread_info *ti = tid ? tracks_thread(&u->tr, tid) : NULL;
	size_t ln = 0;
	const uint8_t *label = ti ? tracks_label(&u->tr, &u->s, ti, &ln) : NULL;
	if (selected)
		attron(A_REVERSE);
	move(y, 0);
	clrtoeol();
	put_safe(y, 0, (const uint8_t *)b.p, b.n, u->L.cols, u->ascii);
	int x = getcurx(stdscr);
	if (label && e.tag != EV_THREAD_LABEL && x + 4 < u->L.cols) {
		attron(attr_of(u, C_DIM));
		mvaddstr(y, x, "  [");
		put_safe(y, x + 3, label, ln, u->L.cols - x - 4, u->ascii);
		addstr("]");
		attroff(attr_of(u, C_DIM));
	}
	if (selected) {
		for (int i = getcurx(stdscr); i < u->L.cols; i++)
			addch(' ');
		attroff(A_REVERSE);
	}
	sbuf_free(&b);
}

static void draw_list(struct ui *u)
{
	const struct layout *L = &u->L;
	for (int y = L->list0; y < L->list0 + L->nlist; y++) {
		move(y, 0);
		clrtoeol();
	}
	if (L->nlist <= 0)
		return;
	if (!u->sel_valid)
		anchor_list(u);
	if (!u->sel_valid) {
		mvaddstr(L->list0, 0, u->filters ? "(no events at or after the cursor)"
						 : "(every event class is filtered out: f to choose)");
		return;
	}
	int before = L->nlist / 3;
	struct evref *prev = malloc((size_t)(before + 1) * sizeof *prev);
	size_t np = prev ? store_events_before(&u->s, u->sel_time, u->sel_off, u->filters, prev,
					       (size_t)before)
			 : 0;
	int y = L->list0;
	for (size_t i = 0; i < np; i++)
		draw_event_line(u, y++, &prev[i], false);
	free(prev);
	struct merge *m = merge_new_at(&u->s, u->sel_time, u->filters);
	struct evref r;
	while (m && y < L->list0 + L->nlist && merge_step(m, &r)) {
		if (r.time == u->sel_time && r.off < u->sel_off)
			continue;
		draw_event_line(u, y++, &r, r.off == u->sel_off && r.time == u->sel_time);
	}
	merge_free(m);
}

/* ---- the plots ---- */

static void draw_ruler(struct ui *u)
{
	const struct layout *L = &u->L;
	move(L->ruler, 0);
	clrtoeol();
	char buf[32];
	/* the gutter: the window's width */
	mvaddstr(L->ruler, 0, time_format(buf, sizeof buf, width(u)));
	struct tick t[64];
	uint64_t step;
	bool offsets;
	size_t n = ruler_ticks(u->t0, u->t1, L->plotw, 64, t, &step, &offsets);
	for (size_t i = 0; i < n; i++) {
		mvaddstr(L->ruler, GUTTER + t[i].col, G_TICK(u));
		/* the absolute time the offsets count from stands out */
		attr_t a = offsets && i == 0 ? A_BOLD : 0;
		attron(a);
		mvaddstr(L->ruler, GUTTER + t[i].col + 1, t[i].label);
		attroff(a);
	}
	/* markers as ticks where the labels leave room */
	size_t lo = 0, hi = u->tr.nmarks;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (u->tr.marks[mid].time < u->t0)
			lo = mid + 1;
		else
			hi = mid;
	}
	attron(attr_of(u, C_MARKER) | A_BOLD);
	for (size_t i = lo; i < u->tr.nmarks && u->tr.marks[i].time < u->t1; i++) {
		if (u->tr.marks[i].tag != EV_USER_MARKER)
			continue;
		int c = time_to_col(u->t0, u->t1, L->plotw, u->tr.marks[i].time);
		if (c >= 0 && (mvinch(L->ruler, GUTTER + c) & A_CHARTEXT) == ' ')
			mvaddstr(L->ruler, GUTTER + c, G_MARKER(u));
	}
	attroff(attr_of(u, C_MARKER) | A_BOLD);
}

static bool fractions(struct ui *u)
{
	size_t need = u->tr.ncaps * (size_t)u->L.plotw;
	if (need > u->fraccap) {
		float *a = realloc(u->run, (need ? need : 1) * sizeof *a);
		if (!a)
			return false;
		u->run = a;
		float *b = realloc(u->gc, (need ? need : 1) * sizeof *b);
		if (!b)
			return false;
		u->gc = b;
		float *c = realloc(u->nodata, (need ? need : 1) * sizeof *c);
		if (!c)
			return false;
		u->nodata = c;
		u->fraccap = need;
	}
	return tracks_cap_fractions(&u->tr, &u->s, u->t0, u->t1, (unsigned)u->L.plotw,
				    u->raw_max, false, u->run, u->gc, u->nodata, &u->exact);
}

/* Writes a running thread's label (or id) over its lane segment [a, b) of
 * columns when it fits. */
static void label_segment(struct ui *u, size_t c, uint32_t thread, int a, int b)
{
	int row = (int)c - u->L.lanes_top;
	if (row < 0 || row >= u->L.nlanes || !thread)
		return;
	if (a < 0)
		a = 0;
	if (b > u->L.plotw)
		b = u->L.plotw;
	const struct thread_info *ti = tracks_thread(&u->tr, thread);
	size_t n = 0;
	const uint8_t *label = ti ? tracks_label(&u->tr, &u->s, ti, &n) : NULL;
	char idbuf[16];
	if (!label) {
		n = (size_t)snprintf(idbuf, sizeof idbuf, "%u", thread);
		label = (const uint8_t *)idbuf;
	}
	if (b - a < 4 || (int)n + 2 > b - a)
		return; /* too narrow: leave the colours */
	attron(attr_of(u, C_RUN) | A_REVERSE);
	put_safe(u->L.lane0 + row, GUTTER + a + 1, label, n, b - a - 2, u->ascii);
	attroff(attr_of(u, C_RUN) | A_REVERSE);
}

/* When zoomed in far enough (the state query was exact), labels the runs
 * of threads in the lanes. Reads the window's scheduler events again. */
static void draw_lane_labels(struct ui *u)
{
	if (!u->exact || !u->tr.ncaps)
		return;
	struct capstate_at *st = malloc(u->tr.ncaps * sizeof *st);
	int *from = malloc(u->tr.ncaps * sizeof *from);
	if (!st || !from || !tracks_state_at(&u->tr, &u->s, u->t0, st)) {
		free(st);
		free(from);
		return;
	}
	for (size_t c = 0; c < u->tr.ncaps; c++)
		from[c] = 0;
	struct merge *m = merge_new_at(&u->s, u->t0, CLASS_BIT(CL_SCHED));
	struct evref r;
	while (m && merge_step(m, &r) && r.time < u->t1) {
		if (r.tag != EV_RUN_THREAD && r.tag != EV_STOP_THREAD)
			continue;
		long c = r.cap == EV_NO_CAP ? -1 : tracks_cap_index(&u->tr, r.cap);
		if (c < 0)
			continue;
		int col = time_to_col(u->t0, u->t1, u->L.plotw, r.time);
		if (st[c].thread)
			label_segment(u, (size_t)c, st[c].thread, from[c], col);
		st[c].thread = r.tag == EV_RUN_THREAD ? be32(u->s.map + r.off + 10) : 0;
		from[c] = col;
	}
	merge_free(m);
	for (size_t c = 0; c < u->tr.ncaps; c++)
		if (st[c].thread)
			label_segment(u, c, st[c].thread, from[c],
				      time_to_col(u->t0, u->t1, u->L.plotw,
						  u->s.tmax < u->t1 ? u->s.tmax : u->t1 - 1));
	free(st);
	free(from);
}

static bool in_mark(const struct ui *u, uint64_t a, uint64_t b)
{
	if (!u->has_mark && !u->marking)
		return false;
	uint64_t lo = u->mark_a, hi = u->marking ? u->cursor : u->mark_b;
	if (lo > hi) {
		uint64_t t = lo;
		lo = hi;
		hi = t;
	}
	return b > lo && a <= hi;
}

/* One lane cell. With colours, a stacked bar: running in eighths from the
 * bottom (green) and, when the column holds GC, the rest orange (GC takes
 * half of it or more) or brown (less). Without colours the glyph alone
 * tells running (levels), GC (shades) and idle apart; running with some GC
 * is underlined. Outside the capability's data: a dim hatch. */
static void put_cell(struct ui *u, int y, int x, struct cell c, attr_t extra)
{
	const char *g;
	attr_t a;
	if (u->ncolors) {
		if (c.kind == CELL_NODATA) {
			g = G_NODATA(u);
			a = COLOR_PAIR(C_NODATA);
		} else {
			g = level_glyph(u, c.run8);
			a = COLOR_PAIR(c.gc == 2 ? C_RUN_GC : c.gc ? C_RUN_GCW : C_RUN);
		}
	} else {
		switch (c.kind) {
		case CELL_NODATA: g = G_NODATA(u); a = A_DIM; break;
		case CELL_GC: g = c.gc == 2 ? G_GC_HEAVY(u) : G_GC_LIGHT(u); a = A_BOLD; break;
		case CELL_RUN: g = level_glyph(u, c.run8); a = c.gc ? A_UNDERLINE : A_NORMAL; break;
		default: g = " "; a = A_NORMAL; break;
		}
	}
	attron(a | extra);
	mvaddstr(y, x, g);
	attroff(a | extra);
}

static void draw_lanes(struct ui *u)
{
	const struct layout *L = &u->L;
	bool ok = u->tr.ncaps && fractions(u);
	int curcol = time_to_col(u->t0, u->t1, L->plotw, u->cursor);
	/* the activity graph: the mean over capabilities of running */
	move(L->util, 0);
	clrtoeol();
	mvaddstr(L->util, 0, "util");
	for (int k = 0; ok && k < L->plotw; k++) {
		double sum = 0;
		for (size_t c = 0; c < u->tr.ncaps; c++)
			sum += u->run[c * (size_t)L->plotw + (size_t)k];
		attron(attr_of(u, C_RUN) | (k == curcol ? A_REVERSE : 0));
		put_level(u, L->util, GUTTER + k, level8(sum / (double)u->tr.ncaps, 1.0));
		attroff(attr_of(u, C_RUN) | (k == curcol ? A_REVERSE : 0));
	}
	for (int i = 0; i < L->nlanes; i++) {
		size_t c = (size_t)(L->lanes_top + i);
		int y = L->lane0 + i;
		move(y, 0);
		clrtoeol();
		char lab[16];
		if (u->tr.caps[c] == EV_NO_CAP)
			snprintf(lab, sizeof lab, "no cap");
		else
			snprintf(lab, sizeof lab, "cap %d", u->tr.caps[c]);
		mvaddstr(y, 0, lab);
		for (int k = 0; ok && k < L->plotw; k++) {
			size_t j = c * (size_t)L->plotw + (size_t)k;
			put_cell(u, y, GUTTER + k, lane_cell(u->run[j], u->gc[j], u->nodata[j]),
				 k == curcol ? A_REVERSE : 0);
		}
	}
	if (u->tr.ncaps > (size_t)L->nlanes) {
		char more[64];
		snprintf(more, sizeof more, "%d-%d/%zu", L->lanes_top, L->lanes_top + L->nlanes - 1,
			 u->tr.ncaps);
		attron(attr_of(u, C_DIM));
		mvaddstr(L->lane0 + L->nlanes - 1, 0, more);
		attroff(attr_of(u, C_DIM));
	}
}

/* The columns of [a, b) (b > a, or a lone moment), clipped to the window. */
static bool cols_of(const struct ui *u, uint64_t a, uint64_t b, int *ca, int *cb)
{
	if (b <= a)
		b = a + 1;
	if (b <= u->t0 || a >= u->t1)
		return false;
	*ca = a < u->t0 ? 0 : time_to_col(u->t0, u->t1, u->L.plotw, a);
	*cb = b > u->t1 ? u->L.plotw - 1 : time_to_col(u->t0, u->t1, u->L.plotw, b - 1);
	return true;
}

static void draw_gcbar(struct ui *u)
{
	const struct layout *L = &u->L;
	int y = L->gcbar;
	move(y, 0);
	clrtoeol();
	mvaddstr(y, 0, "GC");
	/* every collection overlapping the window: its pause (the initiating
	 * capability's, as +RTS -s counts it; majors win a shared column),
	 * and around it the span of the other capabilities in it */
	char *col = calloc((size_t)L->plotw, 1);
	if (!col)
		return;
	const struct gc *g = tracks_gc_prev(&u->tr, u->t0, false);
	if (!g)
		g = u->tr.ngcs ? &u->tr.gcs[0] : NULL;
	/* a span can reach back over the starts of a few earlier collections */
	for (int back = 0; g && g > u->tr.gcs && back < 8; back++)
		g--;
	/* and forward a few past the window: a span can start before its pause */
	for (int after = 0; g && g < u->tr.gcs + u->tr.ngcs && after < 8; g++) {
		if (g->start >= u->t1)
			after++;
		int a, b;
		uint64_t s0 = g->span_start < g->start ? g->span_start : g->start;
		uint64_t s1 = g->span_end > g->end ? g->span_end : g->end;
		if (cols_of(u, s0, s1, &a, &b))
			for (int k = a; k <= b; k++)
				if (!col[k])
					col[k] = 1;
		char v = tracks_gc_major(&u->tr, g) ? 3 : 2;
		if (cols_of(u, g->start, g->end, &a, &b))
			for (int k = a; k <= b; k++)
				if (col[k] < v)
					col[k] = v;
	}
	for (int k = 0; k < L->plotw; k++) {
		if (!col[k])
			continue;
		enum color c = col[k] == 3 ? C_MAJOR : col[k] == 2 ? C_GC : C_DIM;
		attron(attr_of(u, c));
		mvaddstr(y, GUTTER + k, col[k] == 3 ? G_MAJOR(u) : col[k] == 2 ? G_MINOR(u) : G_SPAN(u));
		attroff(attr_of(u, c));
	}
	free(col);
}

/* A sparkline of the last sample at or before each column's end. */
static void draw_spark(struct ui *u, int y, const char *label, const struct sample *v, size_t n,
		       enum color color)
{
	const struct layout *L = &u->L;
	move(y, 0);
	clrtoeol();
	mvaddstr(y, 0, label);
	if (!n)
		return;
	uint64_t max = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].value > max)
			max = v[i].value;
	size_t j = 0;
	attron(attr_of(u, color));
	for (int k = 0; k < L->plotw; k++) {
		uint64_t end = col_to_time(u->t0, u->t1, L->plotw, k + 1);
		while (j < n && v[j].time < end)
			j++;
		if (!j)
			continue;
		put_level(u, y, GUTTER + k, level8((double)v[j - 1].value, (double)max));
	}
	attroff(attr_of(u, color));
}

static void draw_status(struct ui *u)
{
	const struct layout *L = &u->L;
	attron(attr_of(u, C_STATUS));
	move(L->status, 0);
	for (int i = 0; i < L->cols; i++)
		addch(' ');
	char a[48], b[48], c[48], line[600];
	const char *name = strrchr(u->o.path, '/') ? strrchr(u->o.path, '/') + 1 : u->o.path;
	char filt[128] = "all";
	if (u->filters != CLASS_ALL) {
		size_t w = 0;
		filt[0] = 0;
		for (int k = 0; k < CL_COUNT && w + 12 < sizeof filt; k++)
			if (u->filters & CLASS_BIT(k))
				w += (size_t)snprintf(filt + w, sizeof filt - w, w ? ",%s" : "%s",
						      class_name((enum ev_class)k));
		if (!w)
			snprintf(filt, sizeof filt, "none");
	}
	snprintf(line, sizeof line, " %s  %s..%s  cursor %s  events: %s%s", name,
		 fmt_at(u, a, sizeof a, u->t0), fmt_at(u, b, sizeof b, u->t1),
		 fmt_at(u, c, sizeof c, u->cursor), filt,
		 u->s.stop == STOP_TRUNCATED || u->s.stop == STOP_NO_DATAEND
			 ? "  [log incomplete]"
			 : "");
	/* the message after what the line took once escaped */
	int x = put_safe(L->status, 0, (const uint8_t *)line, strlen(line), L->cols, u->ascii) + 2;
	if (u->msg[0]) {
		if (x < L->cols)
			put_safe(L->status, x, (const uint8_t *)u->msg, strlen(u->msg), L->cols - x,
				 u->ascii);
	}
	attroff(attr_of(u, C_STATUS));
}

/* ---- panels ---- */

struct box {
	int y, x, h, w;
};

static struct box open_box(struct ui *u, int h, int w, const char *title)
{
	struct box b;
	if (w > u->L.cols - 2)
		w = u->L.cols - 2;
	if (h > u->L.rows - 2)
		h = u->L.rows - 2;
	if (w < 10)
		w = u->L.cols;
	if (h < 3)
		h = u->L.rows;
	b.h = h;
	b.w = w;
	b.y = (u->L.rows - h) / 2;
	b.x = (u->L.cols - w) / 2;
	attron(attr_of(u, C_PANEL));
	for (int y = b.y; y < b.y + h; y++) {
		move(y, b.x);
		for (int x = 0; x < w; x++)
			addch(' ');
	}
	attron(A_BOLD);
	mvaddnstr(b.y, b.x + 1, title, w - 2);
	attroff(A_BOLD);
	return b;
}

static void close_box(struct ui *u)
{
	attroff(attr_of(u, C_PANEL));
}

/* Keeps the selection in view in a list of n rows shown h at a time. */
static void scroll_sel(struct ui *u, int n, int h)
{
	if (u->psel >= n)
		u->psel = n - 1;
	if (u->psel < 0)
		u->psel = 0;
	if (u->psel < u->ptop)
		u->ptop = u->psel;
	if (u->psel >= u->ptop + h)
		u->ptop = u->psel - h + 1;
	if (u->ptop < 0)
		u->ptop = 0;
}

/* The legend: every glyph and colour of the screen, drawn by the code that
 * draws them, in the current mode (colours, attributes only, ASCII). */
enum legend_item {
	LG_TITLE, LG_RUN, LG_GC, LG_GC_WEAK, LG_RUN_GC_MONO, LG_GC_HEAVY_MONO, LG_GC_LIGHT_MONO,
	LG_IDLE, LG_NODATA, LG_CURSOR, LG_UTIL, LG_MINOR, LG_MAJOR, LG_SPAN, LG_HEAP, LG_LIVE,
	LG_MARKER, LG_TICK, LG_MARK, LG_COUNT
};

/* The legend's rows for this mode, into v; returns their count. */
static size_t legend_items(const struct ui *u, enum legend_item *v)
{
	size_t n = 0;
	for (int i = 0; i < LG_COUNT; i++) {
		bool mono = !u->ncolors;
		if ((i == LG_GC || i == LG_GC_WEAK) && mono)
			continue;
		if (i == LG_GC_WEAK && u->ncolors == 8)
			continue;
		if ((i == LG_RUN_GC_MONO || i == LG_GC_HEAVY_MONO || i == LG_GC_LIGHT_MONO) && !mono)
			continue;
		v[n++] = (enum legend_item)i;
	}
	return n;
}

static const char *legend_text(const struct ui *u, enum legend_item i)
{
	switch (i) {
	case LG_TITLE: return "legend (a column is a slice of time)";
	case LG_RUN: return "running: height = share of the column";
	case LG_GC:
		return u->ncolors == 8 ? "yellow on top: GC in the column"
				       : "orange on top: GC, and GC >= idle";
	case LG_GC_WEAK: return "brown on top: GC, and GC < idle";
	case LG_RUN_GC_MONO: return "underlined: running, and some GC";
	case LG_GC_HEAVY_MONO: return "GC: >= running and >= idle";
	case LG_GC_LIGHT_MONO: return "GC: >= running, < idle";
	case LG_IDLE: return "blank: idle";
	case LG_NODATA: return "no data: outside the cap's events";
	case LG_CURSOR: return "the cursor's column";
	case LG_UTIL: return "util: the caps' mean share running";
	case LG_MINOR: return "GC bar: a pause (its initiating cap's)";
	case LG_MAJOR: return "GC bar: the pause of a major GC";
	case LG_SPAN: return "GC bar: span, other caps still in GC";
	case LG_HEAP: return "heap: heap size (sparkline)";
	case LG_LIVE: return "live: live data (sparkline)";
	case LG_MARKER: return "ruler: a user marker";
	case LG_TICK: return "ruler: offset from the bold time";
	case LG_MARK: return "ruler: the marked interval (v..v)";
	case LG_COUNT: break;
	}
	return "";
}

/* Draws item i's sample in the 5 columns at (y, x); returns with the
 * attributes reset. */
static void legend_sample(struct ui *u, int y, int x, enum legend_item i)
{
	attrset(A_NORMAL);
	move(y, x);
	for (int k = 0; k < 5; k++)
		addch(' ');
	switch (i) {
	case LG_TITLE: break;
	case LG_RUN:
		put_cell(u, y, x, lane_cell(0.25f, 0, 0), 0);
		put_cell(u, y, x + 1, lane_cell(0.5f, 0, 0), 0);
		put_cell(u, y, x + 2, lane_cell(0.75f, 0, 0), 0);
		put_cell(u, y, x + 3, lane_cell(1, 0, 0), 0);
		break;
	case LG_GC:
		put_cell(u, y, x, lane_cell(0.5f, 0.4f, 0), 0);
		put_cell(u, y, x + 1, lane_cell(0.25f, 0.6f, 0), 0);
		put_cell(u, y, x + 2, lane_cell(0, 1, 0), 0);
		break;
	case LG_GC_WEAK:
		put_cell(u, y, x, lane_cell(0.5f, 0.05f, 0), 0);
		put_cell(u, y, x + 1, lane_cell(0.25f, 0.1f, 0), 0);
		put_cell(u, y, x + 2, lane_cell(0, 0.1f, 0), 0);
		break;
	case LG_RUN_GC_MONO:
		put_cell(u, y, x, lane_cell(0.5f, 0.1f, 0), 0);
		put_cell(u, y, x + 1, lane_cell(0.75f, 0.1f, 0), 0);
		break;
	case LG_GC_HEAVY_MONO: put_cell(u, y, x, lane_cell(0, 1, 0), 0); break;
	case LG_GC_LIGHT_MONO: put_cell(u, y, x, lane_cell(0, 0.1f, 0), 0); break;
	case LG_IDLE: break;
	case LG_NODATA:
		for (int k = 0; k < 3; k++)
			put_cell(u, y, x + k, lane_cell(0, 0, 1), 0);
		break;
	case LG_CURSOR:
		put_cell(u, y, x, lane_cell(0, 0, 0), 0);
		put_cell(u, y, x + 1, lane_cell(0, 0, 0), A_REVERSE);
		put_cell(u, y, x + 2, lane_cell(0, 0, 0), 0);
		break;
	case LG_UTIL:
	case LG_HEAP:
	case LG_LIVE: {
		enum color c = i == LG_UTIL ? C_RUN : i == LG_HEAP ? C_HEAP : C_LIVE;
		attron(attr_of(u, c));
		for (int k = 0; k < 4; k++)
			put_level(u, y, x + k, 2 * k + 2);
		attroff(attr_of(u, c));
		break;
	}
	case LG_MINOR:
	case LG_MAJOR:
	case LG_SPAN: {
		enum color c = i == LG_MAJOR ? C_MAJOR : i == LG_MINOR ? C_GC : C_DIM;
		const char *g = i == LG_MAJOR ? G_MAJOR(u) : i == LG_MINOR ? G_MINOR(u) : G_SPAN(u);
		attron(attr_of(u, c));
		for (int k = 0; k < 3; k++)
			mvaddstr(y, x + k, g);
		attroff(attr_of(u, c));
		break;
	}
	case LG_MARKER:
		attron(attr_of(u, C_MARKER) | A_BOLD);
		mvaddstr(y, x, G_MARKER(u));
		attroff(attr_of(u, C_MARKER) | A_BOLD);
		break;
	case LG_TICK:
		mvaddstr(y, x, G_TICK(u));
		addstr("+5us");
		break;
	case LG_MARK:
		attron(attr_of(u, C_MARK));
		addstr("     ");
		mvaddstr(y, x + 1, "1ms");
		attroff(attr_of(u, C_MARK));
		break;
	case LG_COUNT: break;
	}
	attrset(A_NORMAL);
}

#define HELP_KEYS_W 70 /* the keys' column: keys, then what they do */
#define HELP_LEGEND_W 44

/* The help: the keys and, beside them (or below, on a narrow screen), the
 * legend. Rows scroll together. */
static int help_rows(const struct ui *u, bool *beside)
{
	enum legend_item v[LG_COUNT];
	int nl = (int)legend_items(u, v), nk = ACT_COUNT - 1;
	*beside = u->L.cols - 4 >= HELP_KEYS_W + HELP_LEGEND_W;
	return *beside ? (nk > nl ? nk : nl) : nk + 1 + nl;
}

static void draw_help(struct ui *u)
{
	bool beside;
	int rows = help_rows(u, &beside);
	struct box b = open_box(u, rows + 2, beside ? HELP_KEYS_W + HELP_LEGEND_W + 2 : HELP_KEYS_W + 2,
				"hectic keys and legend (? or Escape closes)");
	enum legend_item v[LG_COUNT];
	int nl = (int)legend_items(u, v), nk = ACT_COUNT - 1;
	int h = b.h - 2;
	scroll_sel(u, rows, h);
	int lx = beside ? b.x + 1 + HELP_KEYS_W : b.x + 1;
	int lw = beside ? b.w - 2 - HELP_KEYS_W : b.w - 2;
	for (int i = 0; i < h && u->ptop + i < rows; i++) {
		int r = u->ptop + i, y = b.y + 1 + i;
		if (r < nk) {
			enum action a = (enum action)(r + 1);
			char keys[64];
			keys_of(u, a, keys, sizeof keys);
			mvprintw(y, b.x + 1, "%-18.18s %-.*s", keys, (beside ? HELP_KEYS_W : b.w - 2) - 20,
				 action_help(a));
		}
		int li = beside ? r : r - nk - 1;
		if (li < 0 || li >= nl || lw < 8)
			continue;
		if (v[li] == LG_TITLE) {
			attron(A_BOLD);
			mvaddnstr(y, lx, legend_text(u, v[li]), lw);
			attroff(A_BOLD);
			continue;
		}
		legend_sample(u, y, lx, v[li]);
		attrset(attr_of(u, C_PANEL));
		mvaddnstr(y, lx + 6, legend_text(u, v[li]), lw - 6);
	}
	close_box(u);
}

static void pct_of(const struct tracks *tr, uint64_t *p50, uint64_t *p90, uint64_t *p99,
		   uint64_t *max)
{
	/* gc_by_pause is longest first */
	size_t n = tr->ngcs;
	*p50 = *p90 = *p99 = *max = 0;
	if (!n)
		return;
	*max = tr->gcs[tr->gc_by_pause[0]].pause;
	size_t r50 = (50 * n + 99) / 100, r90 = (90 * n + 99) / 100, r99 = (99 * n + 99) / 100;
	*p50 = tr->gcs[tr->gc_by_pause[n - r50]].pause;
	*p90 = tr->gcs[tr->gc_by_pause[n - r90]].pause;
	*p99 = tr->gcs[tr->gc_by_pause[n - r99]].pause;
}

static void draw_pauses(struct ui *u)
{
	uint64_t p50, p90, p99, max;
	pct_of(&u->tr, &p50, &p90, &p99, &max);
	char t[160], a[32], b_[32], c[32], d[32];
	snprintf(t, sizeof t, "GC pauses: %zu; p50 %s p90 %s p99 %s max %s (Enter: go)",
		 u->tr.ngcs, time_format(a, 32, p50), time_format(b_, 32, p90),
		 time_format(c, 32, p99), time_format(d, 32, max));
	struct box b = open_box(u, u->L.rows - 4, 76, t);
	int h = b.h - 2;
	/* pause: the initiating capability's GC_START..GC_END, what +RTS -s
	 * counts; span: from the first capability in to the last one out */
	mvprintw(b.y + 1, b.x + 1, "%4s %13s %9s %9s %4s %4s %4s %14s", "#", "at", "pause", "span",
		 "cap", "caps", "gen", "copied");
	h--;
	scroll_sel(u, (int)u->tr.ngcs, h);
	for (int i = 0; i < h && (size_t)(u->ptop + i) < u->tr.ngcs; i++) {
		int k = u->ptop + i;
		const struct gc *g = &u->tr.gcs[u->tr.gc_by_pause[k]];
		int gen = tracks_gc_gen(&u->tr, g);
		const struct gcstat *st = g->stat >= 0 ? &u->tr.gcstats[g->stat] : NULL;
		if (k == u->psel)
			attron(A_REVERSE);
		char capb[16];
		if (g->cap == EV_NO_CAP)
			snprintf(capb, sizeof capb, "-");
		else
			snprintf(capb, sizeof capb, "%d", g->cap);
		mvprintw(b.y + 2 + i, b.x + 1, "%4d %13s %9s %9s %4s %4u %4d %14llu", k + 1,
			 fmt_moment(a, 32, g->start), time_format(b_, 32, g->pause),
			 time_format(c, 32, g->span_end - g->span_start), capb, g->ncaps, gen,
			 st ? (unsigned long long)st->copied : 0ull);
		if (k == u->psel)
			attroff(A_REVERSE);
	}
	close_box(u);
}

static void draw_filters(struct ui *u)
{
	struct box b = open_box(u, CL_COUNT + 4, 60,
				"event list classes (Space/Enter: toggle, F: all on/off)");
	scroll_sel(u, CL_COUNT, CL_COUNT);
	for (int k = 0; k < CL_COUNT; k++) {
		if (k == u->psel)
			attron(A_REVERSE);
		mvprintw(b.y + 1 + k, b.x + 1, "[%c] %-10s %s", u->filters & CLASS_BIT(k) ? 'x' : ' ',
			 class_name((enum ev_class)k), class_desc((enum ev_class)k));
		if (k == u->psel)
			attroff(A_REVERSE);
	}
	mvaddstr(b.y + b.h - 2, b.x + 1, "The lanes are not filtered.");
	close_box(u);
}

static void draw_threads(struct ui *u)
{
	struct box b = open_box(u, u->L.rows - 4, 76, "threads (Enter: go to the first run)");
	int h = b.h - 1;
	scroll_sel(u, (int)u->tr.nthreads, h);
	for (int i = 0; i < h && (size_t)(u->ptop + i) < u->tr.nthreads; i++) {
		int k = u->ptop + i;
		const struct thread_info *t = &u->tr.threads[k];
		char a[32];
		if (k == u->psel)
			attron(A_REVERSE);
		mvprintw(b.y + 1 + i, b.x + 1, "%8u %10s ", t->id,
			 t->first_run != UINT64_MAX ? fmt_moment(a, 32, t->first_run)
						    : "-");
		size_t n;
		const uint8_t *label = tracks_label(&u->tr, &u->s, t, &n);
		if (label)
			put_safe(b.y + 1 + i, b.x + 21, label, n, b.w - 22, u->ascii);
		if (k == u->psel)
			attroff(A_REVERSE);
	}
	close_box(u);
}

static void free_stats(struct ui *u)
{
	for (size_t i = 0; i < u->nstatlines; i++)
		free(u->statlines[i]);
	free(u->statlines);
	u->statlines = NULL;
	u->nstatlines = 0;
}

static void make_stats(struct ui *u)
{
	free_stats(u);
	struct summary sm;
	uint64_t a = u->mark_a < u->mark_b ? u->mark_a : u->mark_b;
	uint64_t b = u->mark_a < u->mark_b ? u->mark_b : u->mark_a;
	summary_compute(&u->tr, &u->s, a, b, &sm);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return;
	summary_print(f, &sm);
	fclose(f);
	for (char *line = text; line && *line;) {
		char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		char **v = realloc(u->statlines, (u->nstatlines + 1) * sizeof *v);
		if (!v)
			break;
		u->statlines = v;
		u->statlines[u->nstatlines++] = strndup(line, n);
		line = nl ? nl + 1 : line + n;
	}
	free(text);
}

static void draw_stats(struct ui *u)
{
	char t[128], a[32], b_[32];
	uint64_t lo = u->mark_a < u->mark_b ? u->mark_a : u->mark_b;
	uint64_t hi = u->mark_a < u->mark_b ? u->mark_b : u->mark_a;
	/* to the microsecond, or to the column when columns are finer */
	uint64_t res = col_ns(u) < 1000 ? col_ns(u) : 1000;
	snprintf(t, sizeof t, "interval %s .. %s", time_format_res(a, 32, lo, res),
		 time_format_res(b_, 32, hi, res));
	struct box b = open_box(u, (int)u->nstatlines + 2, 84, t);
	int h = b.h - 1;
	scroll_sel(u, (int)u->nstatlines, h);
	for (int i = 0; i < h && (size_t)(u->ptop + i) < u->nstatlines; i++)
		mvaddnstr(b.y + 1 + i, b.x + 1, u->statlines[u->ptop + i], b.w - 2);
	close_box(u);
}

static void draw_prompt(struct ui *u)
{
	const struct layout *L = &u->L;
	move(L->status, 0);
	clrtoeol();
	mvaddstr(L->status, 0, "/");
	put_safe(L->status, 1, (const uint8_t *)u->prompt, u->plen, L->cols - 2, u->ascii);
	curs_set(1);
}

/* ---- a frame ---- */

static void draw_loading(struct ui *u)
{
	erase();
	mvaddstr(0, 0, "hectic: opening ");
	put_safe(0, 16, (const uint8_t *)u->o.path, strlen(u->o.path), COLS - 16, u->ascii);
	int w = COLS - 10 > 10 ? COLS - 10 : 10;
	/* the size from ui_run's stat: opening the file here could block */
	uint64_t fsize = u->fsize ? u->fsize : 1;
	uint64_t done = __atomic_load_n(&store_progress, __ATOMIC_RELAXED) +
			__atomic_load_n(&tracks_progress, __ATOMIC_RELAXED);
	double frac = (double)done / (double)(2 * fsize);
	if (frac > 1)
		frac = 1;
	mvprintw(2, 0, "indexing %3d%% ", (int)(frac * 100));
	move(3, 0);
	addch('[');
	for (int i = 0; i < w; i++)
		addch(i < (int)(frac * w) ? '#' : ' ');
	addch(']');
	mvaddstr(5, 0, "q quits");
	refresh();
}

/* For the end-to-end tests: the frame's window and columns, written to the
 * file HECTIC_DEBUG_WINDOW names (whole, by a rename) as one line
 * "t0 t1 plotw lanes_top nlanes exact cursor_col" (ns, exclusive end;
 * cursor_col -1 when the cursor is out of view). */
static void write_window(const struct ui *u)
{
	char tmp[4096];
	if (snprintf(tmp, sizeof tmp, "%s.tmp", u->winfile) >= (int)sizeof tmp)
		return;
	FILE *f = fopen(tmp, "w");
	if (!f)
		return;
	fprintf(f, "%llu %llu %d %d %d %d %d\n", (unsigned long long)u->t0,
		(unsigned long long)u->t1, u->L.plotw, u->L.lanes_top, u->L.nlanes, u->exact,
		time_to_col(u->t0, u->t1, u->L.plotw, u->cursor));
	if (fclose(f) == 0)
		rename(tmp, u->winfile);
}

static void draw(struct ui *u)
{
	layout_compute(&u->L, LINES, COLS, u->tr.ncaps, u->lanes_top);
	u->lanes_top = u->L.lanes_top;
	curs_set(0);
	if (u->L.rows < 8 || u->L.cols < 20) {
		erase();
		mvaddnstr(0, 0, COLS >= 34 ? "hectic: the terminal is too small" : "too small", COLS);
		refresh();
		return;
	}
	draw_ruler(u);
	draw_lanes(u);
	draw_lane_labels(u);
	draw_gcbar(u);
	draw_spark(u, u->L.heap, "heap", u->tr.heap_size, u->tr.nheap_size, C_HEAP);
	draw_spark(u, u->L.live, "live", u->tr.heap_live, u->tr.nheap_live, C_LIVE);
	/* the marked interval, on the ruler */
	if (u->has_mark || u->marking) {
		attron(attr_of(u, C_MARK));
		for (int k = 0; k < u->L.plotw; k++)
			if (in_mark(u, col_to_time(u->t0, u->t1, u->L.plotw, k),
				    col_to_time(u->t0, u->t1, u->L.plotw, k + 1)))
				mvchgat(u->L.ruler, GUTTER + k, 1, attr_of(u, C_MARK),
					u->ncolors ? C_MARK : 0, NULL);
		attroff(attr_of(u, C_MARK));
	}
	draw_list(u);
	draw_status(u);
	switch (u->panel) {
	case P_HELP: draw_help(u); break;
	case P_PAUSES: draw_pauses(u); break;
	case P_FILTERS: draw_filters(u); break;
	case P_THREADS: draw_threads(u); break;
	case P_STATS: draw_stats(u); break;
	case P_SEARCH: draw_prompt(u); break;
	case P_NONE: break;
	}
	refresh();
	if (u->winfile)
		write_window(u);
}

/* ---- actions ---- */

static void say_gc(struct ui *u, const struct gc *g)
{
	char a[32], b[32], c[32], who[48] = "";
	int gen = tracks_gc_gen(&u->tr, g);
	const struct gcstat *st = g->stat >= 0 ? &u->tr.gcstats[g->stat] : NULL;
	if (g->cap != EV_NO_CAP)
		snprintf(who, sizeof who, " (from cap %d)", g->cap);
	/* the pause first: the line is cut at the screen's edge */
	snprintf(u->msg, sizeof u->msg,
		 "GC at %s: pause %s, gen %d%s, span %s over %u cap%s%s, %llu bytes copied",
		 fmt_moment(a, 32, g->start), time_format(b, 32, g->pause), gen,
		 tracks_gc_major(&u->tr, g) ? " (major)" : "",
		 time_format(c, 32, g->span_end - g->span_start), g->ncaps, g->ncaps == 1 ? "" : "s",
		 who, st ? (unsigned long long)st->copied : 0ull);
}

/* Puts a collection in view at a useful zoom: its span (every capability
 * in it) takes about a third of the screen unless it already shows wider. */
static void go_gc(struct ui *u, const struct gc *g)
{
	uint64_t s0 = g->span_start < g->start ? g->span_start : g->start;
	uint64_t s1 = g->span_end > g->end ? g->span_end : g->end;
	uint64_t span = s1 - s0 ? s1 - s0 : 1;
	uint64_t w = width(u);
	int cols = (int)((double)span / (double)w * u->L.plotw);
	if (s0 < u->t0 || s1 >= u->t1 || cols < u->L.plotw / 8)
		set_window(u, s0 > span ? s0 - span : 0, span * 3);
	u->cursor = g->start;
	u->sel_valid = false;
	say_gc(u, g);
}

static void go_time(struct ui *u, uint64_t t)
{
	u->cursor = t;
	follow_cursor(u);
	u->sel_valid = false;
}

static void do_search(struct ui *u, int dir)
{
	if (!u->has_re) {
		snprintf(u->msg, sizeof u->msg, "no search yet: / to search");
		return;
	}
	uint64_t hit;
	long mark;
	uint32_t thread;
	uint64_t from = u->cursor;
	if (tracks_search(&u->tr, &u->s, &u->re, from, dir, true, &hit, &mark, &thread)) {
		go_time(u, hit);
		if (mark >= 0) {
			size_t n;
			const uint8_t *txt = tracks_mark_text(&u->s, &u->tr.marks[mark], &n);
			char a[32];
			snprintf(u->msg, sizeof u->msg, "%s: %.*s", fmt_moment(a, 32, hit),
				 (int)(n > 80 ? 80 : n), txt ? (const char *)txt : "");
		} else {
			snprintf(u->msg, sizeof u->msg, "thread %u label matches", thread);
		}
	} else {
		snprintf(u->msg, sizeof u->msg, "no %s match for /%s/",
			 dir > 0 ? "later" : "earlier", u->pattern);
	}
}

static void start_search(struct ui *u)
{
	u->panel = P_SEARCH;
	u->plen = 0;
	u->prompt[0] = 0;
}

static void finish_search(struct ui *u)
{
	u->panel = P_NONE;
	if (!u->plen)
		return;
	regex_t re;
	int e = regcomp(&re, u->prompt, REG_EXTENDED | REG_NOSUB);
	if (e) {
		char m[128];
		regerror(e, &re, m, sizeof m);
		snprintf(u->msg, sizeof u->msg, "bad regular expression: %s", m);
		return;
	}
	if (u->has_re)
		regfree(&u->re);
	u->re = re;
	u->has_re = true;
	snprintf(u->pattern, sizeof u->pattern, "%s", u->prompt);
	do_search(u, 1);
}

static int panel_rows(struct ui *u)
{
	switch (u->panel) {
	case P_PAUSES: return (int)u->tr.ngcs;
	case P_FILTERS: return CL_COUNT;
	case P_THREADS: return (int)u->tr.nthreads;
	case P_STATS: return (int)u->nstatlines;
	case P_HELP: {
		bool beside;
		return help_rows(u, &beside);
	}
	default: return 0;
	}
}

static void panel_select(struct ui *u)
{
	switch (u->panel) {
	case P_PAUSES:
		if ((size_t)u->psel < u->tr.ngcs) {
			u->panel = P_NONE;
			go_gc(u, &u->tr.gcs[u->tr.gc_by_pause[u->psel]]);
		}
		break;
	case P_FILTERS:
		u->filters ^= CLASS_BIT(u->psel);
		u->sel_valid = false;
		break;
	case P_THREADS:
		if ((size_t)u->psel < u->tr.nthreads) {
			const struct thread_info *t = &u->tr.threads[u->psel];
			u->panel = P_NONE;
			if (t->first_run != UINT64_MAX) {
				go_time(u, t->first_run);
				snprintf(u->msg, sizeof u->msg, "thread %u first runs here", t->id);
			} else {
				snprintf(u->msg, sizeof u->msg, "thread %u never ran", t->id);
			}
		}
		break;
	default:
		u->panel = P_NONE;
	}
}

static void act(struct ui *u, enum action a)
{
	uint64_t col = width(u) / (uint64_t)(u->L.plotw ? u->L.plotw : 1);
	if (!col)
		col = 1;
	u->msg[0] = 0;
	/* in a panel, movement moves the selection */
	if (u->panel != P_NONE && u->panel != P_SEARCH) {
		int page = u->L.rows / 2;
		switch (a) {
		case ACT_UP: u->psel--; return;
		case ACT_DOWN: u->psel++; return;
		case ACT_PAGE_UP: u->psel -= page; return;
		case ACT_PAGE_DOWN: u->psel += page; return;
		case ACT_GO_START: u->psel = 0; return;
		case ACT_GO_END: u->psel = panel_rows(u) - 1; return;
		case ACT_SELECT: panel_select(u); return;
		case ACT_CANCEL: u->panel = P_NONE; return;
		case ACT_QUIT: u->panel = P_NONE; return;
		case ACT_SUSPEND: suspend(u); return;
		case ACT_HELP:
			u->panel = u->panel == P_HELP ? P_NONE : P_HELP;
			u->psel = u->ptop = 0;
			return;
		case ACT_TOGGLE_FILTERS: break;
		default:
			if (u->panel == P_FILTERS && a != ACT_TOGGLE_FILTERS)
				return;
			u->panel = P_NONE;
		}
	}
	switch (a) {
	case ACT_NONE: break;
	case ACT_QUIT: u->quit = true; break;
	case ACT_SUSPEND: suspend(u); break;
	case ACT_HELP:
		u->panel = P_HELP;
		u->psel = u->ptop = 0;
		break;
	case ACT_ZOOM_IN: zoom(u, true, -1); break;
	case ACT_ZOOM_OUT: zoom(u, false, -1); break;
	case ACT_ZOOM_FIT:
		set_window(u, u->s.tmin, run_end(u) - u->s.tmin);
		u->sel_valid = false;
		break;
	case ACT_LEFT: {
		/* to the start of the column on the left, when the cursor is in view */
		int c = time_to_col(u->t0, u->t1, u->L.plotw, u->cursor);
		uint64_t t = c > 0 ? col_to_time(u->t0, u->t1, u->L.plotw, c - 1)
			     : u->cursor > u->s.tmin + col ? u->cursor - col : u->s.tmin;
		go_time(u, t < u->s.tmin ? u->s.tmin : t);
		break;
	}
	case ACT_RIGHT: {
		int c = time_to_col(u->t0, u->t1, u->L.plotw, u->cursor);
		uint64_t t = c >= 0 ? col_to_time(u->t0, u->t1, u->L.plotw, c + 1) : u->cursor + col;
		go_time(u, t < run_end(u) && t > u->cursor ? t : u->s.tmax);
		break;
	}
	case ACT_PAGE_LEFT: {
		uint64_t w = width(u);
		set_window(u, u->t0 > w ? u->t0 - w : 0, w);
		u->cursor = u->cursor > w ? u->cursor - w : u->s.tmin;
		if (u->cursor < u->t0)
			u->cursor = u->t0;
		u->sel_valid = false;
		break;
	}
	case ACT_PAGE_RIGHT: {
		uint64_t w = width(u);
		set_window(u, u->t0 + w, w);
		u->cursor += w;
		if (u->cursor > u->s.tmax)
			u->cursor = u->s.tmax;
		if (u->cursor < u->t0)
			u->cursor = u->t0;
		u->sel_valid = false;
		break;
	}
	case ACT_GO_START: go_time(u, u->s.tmin); break;
	case ACT_GO_END: go_time(u, u->s.tmax); break;
	case ACT_MARK:
		if (!u->marking) {
			u->marking = 1;
			u->has_mark = false;
			u->mark_a = u->cursor;
			snprintf(u->msg, sizeof u->msg, "interval started: v again to end it");
		} else {
			u->marking = 0;
			u->mark_b = u->cursor;
			u->has_mark = u->mark_b != u->mark_a;
			snprintf(u->msg, sizeof u->msg,
				 u->has_mark ? "interval marked: z zooms to it, s shows its statistics"
					     : "empty interval");
		}
		break;
	case ACT_ZOOM_MARK:
		if (!u->has_mark) {
			snprintf(u->msg, sizeof u->msg, "no interval: v marks one");
			break;
		} else {
			uint64_t lo = u->mark_a < u->mark_b ? u->mark_a : u->mark_b;
			uint64_t hi = u->mark_a < u->mark_b ? u->mark_b : u->mark_a;
			set_window(u, lo, hi - lo);
			u->cursor = lo;
			u->sel_valid = false;
		}
		break;
	case ACT_NEXT_GC:
	case ACT_PREV_GC:
	case ACT_NEXT_MAJOR_GC:
	case ACT_PREV_MAJOR_GC: {
		bool major = a == ACT_NEXT_MAJOR_GC || a == ACT_PREV_MAJOR_GC;
		bool next = a == ACT_NEXT_GC || a == ACT_NEXT_MAJOR_GC;
		const struct gc *g = next ? tracks_gc_next(&u->tr, u->cursor, major)
					  : tracks_gc_prev(&u->tr, u->cursor, major);
		if (g)
			go_gc(u, g);
		else
			snprintf(u->msg, sizeof u->msg, "no %s%s GC", next ? "later" : "earlier",
				 major ? " major" : "");
		break;
	}
	case ACT_PAUSE_LIST:
		u->panel = P_PAUSES;
		u->psel = u->ptop = 0;
		if (!u->tr.ngcs)
			snprintf(u->msg, sizeof u->msg, "this log has no GC");
		break;
	case ACT_FILTERS:
		u->panel = P_FILTERS;
		u->psel = u->ptop = 0;
		break;
	case ACT_TOGGLE_FILTERS:
		if (u->filters == CLASS_ALL) {
			u->filters = u->saved_filters != CLASS_ALL ? u->saved_filters : 0;
		} else {
			u->saved_filters = u->filters;
			u->filters = CLASS_ALL;
		}
		u->sel_valid = false;
		break;
	case ACT_TOGGLE_TIMES:
		u->raw_times = !u->raw_times;
		snprintf(u->msg, sizeof u->msg, u->raw_times ? "event times in nanoseconds"
							     : "event times in the ruler's unit");
		break;
	case ACT_SEARCH: start_search(u); break;
	case ACT_SEARCH_NEXT: do_search(u, 1); break;
	case ACT_SEARCH_PREV: do_search(u, -1); break;
	case ACT_THREADS:
		u->panel = P_THREADS;
		u->psel = u->ptop = 0;
		break;
	case ACT_STATS:
		if (!u->has_mark) {
			snprintf(u->msg, sizeof u->msg, "no interval: v marks one, then s");
			break;
		}
		make_stats(u);
		u->panel = P_STATS;
		u->psel = u->ptop = 0;
		break;
	case ACT_UP: list_move(u, -1); break;
	case ACT_DOWN: list_move(u, 1); break;
	case ACT_PAGE_UP: list_move(u, -(u->L.nlist > 2 ? u->L.nlist - 1 : 1)); break;
	case ACT_PAGE_DOWN: list_move(u, u->L.nlist > 2 ? u->L.nlist - 1 : 1); break;
	case ACT_LANES_UP: u->lanes_top--; break;
	case ACT_LANES_DOWN: u->lanes_top++; break;
	case ACT_SELECT: break;
	case ACT_CANCEL:
		u->marking = 0;
		u->has_mark = false;
		break;
	case ACT_REDRAW: clearok(curscr, TRUE); break;
	case ACT_COUNT: break;
	}
}

static void on_key(struct ui *u, const char *key)
{
	if (u->panel == P_SEARCH) {
		/* the prompt takes text; Enter searches, Escape cancels */
		if (key[0] == '<' && key[1] && lookup(u, key) == ACT_SUSPEND) {
			suspend(u);
		} else if (!strcmp(key, "<Enter>")) {
			finish_search(u);
		} else if (!strcmp(key, "<Escape>") || !strcmp(key, "<C-g>") || !strcmp(key, "<C-c>")) {
			u->panel = P_NONE;
		} else if (!strcmp(key, "<Backspace>")) {
			while (u->plen && ((unsigned char)u->prompt[u->plen - 1] & 0xC0) == 0x80)
				u->plen--;
			if (u->plen)
				u->plen--;
			u->prompt[u->plen] = 0;
		} else {
			const char *txt = !strcmp(key, "<Space>") ? " " : key;
			size_t n = strlen(txt);
			bool plain = key[0] != '<' || !strcmp(key, "<") || !strcmp(key, "<Space>");
			if (plain && !strchr(key, '-') == !strchr(key, '-') && u->plen + n < sizeof u->prompt - 1 &&
			    (n == 1 || (unsigned char)txt[0] >= 0x80 || !strcmp(key, "<Space>"))) {
				memcpy(u->prompt + u->plen, txt, n);
				u->plen += n;
				u->prompt[u->plen] = 0;
			}
		}
		return;
	}
	/* in the filter panel, Space ticks a box as Enter does */
	if (u->panel == P_FILTERS && !strcmp(key, "<Space>")) {
		panel_select(u);
		return;
	}
	act(u, lookup(u, key));
}

static void on_mouse(struct ui *u, const struct input_event *ev)
{
	int col = ev->mouse.x - GUTTER;
	bool in_plot = col >= 0 && col < u->L.plotw && ev->mouse.y < u->L.list0;
	switch (ev->mouse.kind) {
	case MOUSE_WHEEL_UP:
	case MOUSE_WHEEL_DOWN:
		if (in_plot)
			zoom(u, ev->mouse.kind == MOUSE_WHEEL_UP, col);
		else
			list_move(u, ev->mouse.kind == MOUSE_WHEEL_UP ? -3 : 3);
		break;
	case MOUSE_PRESS:
		if (!in_plot)
			break;
		u->dragging = true;
		u->drag_col = col;
		go_time(u, col_to_time(u->t0, u->t1, u->L.plotw, col));
		break;
	case MOUSE_DRAG:
		if (u->dragging && in_plot && col != u->drag_col) {
			u->mark_a = col_to_time(u->t0, u->t1, u->L.plotw, u->drag_col);
			u->marking = 1;
			u->cursor = col_to_time(u->t0, u->t1, u->L.plotw, col);
		}
		break;
	case MOUSE_RELEASE:
		if (u->dragging && u->marking) {
			u->marking = 0;
			u->mark_b = col_to_time(u->t0, u->t1, u->L.plotw, in_plot ? col : u->drag_col);
			u->has_mark = u->mark_b != u->mark_a;
			snprintf(u->msg, sizeof u->msg, "interval marked: z zooms to it, s shows its statistics");
		}
		u->dragging = false;
		break;
	}
}

/* ---- loading ---- */

static void *loader(void *arg)
{
	struct ui *u = arg;
	char err[256];
	if (store_open(&u->s, u->o.path, err, sizeof err) != STORE_OK) {
		snprintf(u->err, sizeof u->err, "%s: %s", u->o.path, err);
		__atomic_store_n(&u->loaded, -1, __ATOMIC_RELEASE);
		return NULL;
	}
	if (!tracks_build(&u->tr, &u->s)) {
		snprintf(u->err, sizeof u->err, "%s: out of memory", u->o.path);
		store_close(&u->s);
		__atomic_store_n(&u->loaded, -1, __ATOMIC_RELEASE);
		return NULL;
	}
	__atomic_store_n(&u->loaded, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void after_load(struct ui *u)
{
	set_window(u, u->s.tmin, run_end(u) - u->s.tmin);
	u->cursor = u->s.tmin;
	u->filters = u->saved_filters = CLASS_ALL;
	if (u->s.stop == STOP_TRUNCATED)
		snprintf(u->msg, sizeof u->msg, "the log is truncated at byte %llu",
			 (unsigned long long)u->s.stop_off);
	else if (u->s.ngaps)
		snprintf(u->msg, sizeof u->msg, "%llu stretches of undecodable data were skipped",
			 (unsigned long long)u->s.ngaps);
	else if (!u->msg[0])
		snprintf(u->msg, sizeof u->msg, "? for help");
}


/* ---- the benchmark: a key script against an invisible screen ---- */

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static int run_bench(struct ui *u)
{
	double t0 = now_s();
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	if (!out || !in)
		return EXIT_BADINPUT;
	SCREEN *scr = newterm("xterm-256color", out, in);
	if (!scr)
		return EXIT_BADINPUT;
	curses_on = true;
	resizeterm(50, 200);
	setup_colors(u);
	loader(u);
	if (u->loaded != 1) {
		restore_terminal();
		warnx_("%s", u->err);
		return EXIT_BADINPUT;
	}
	after_load(u);
	draw(u);
	double first = now_s() - t0;
	/* the script: keys separated by spaces */
	char *script = strdup(u->o.bench);
	double *times = malloc(4096 * sizeof *times);
	size_t n = 0;
	for (char *k = strtok(script, " "); k && n < 4096; k = strtok(NULL, " ")) {
		double a = now_s();
		if (k[0] == '/') { /* a search: "/regex" */
			start_search(u);
			snprintf(u->prompt, sizeof u->prompt, "%s", k + 1);
			u->plen = strlen(u->prompt);
			finish_search(u);
		} else {
			char canon[48];
			if (input_canonical(u->in, k, canon, sizeof canon))
				on_key(u, canon);
		}
		draw(u);
		times[n++] = now_s() - a;
	}
	restore_terminal();
	delscreen(scr);
	qsort(times, n, sizeof *times, cmp_d);
	printf("first frame: %.3f s (open + index + tracks + draw)\n", first);
	if (n)
		printf("redraw per key: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu keys, 200x50)\n",
		       times[n / 2] * 1e3, times[n * 99 / 100] * 1e3, times[n - 1] * 1e3, n);
	free(times);
	free(script);
	fclose(out);
	fclose(in);
	return 0;
}

/* ---- the main loop ---- */

int ui_run(const struct ui_opts *o)
{
	struct ui *u = calloc(1, sizeof *u);
	if (!u)
		return EXIT_BADINPUT;
	g_ui = u;
	u->o = *o;
	u->raw_max = DEFAULT_RAW_MAX;
	u->winfile = getenv("HECTIC_DEBUG_WINDOW");
	if (u->winfile && !*u->winfile)
		u->winfile = NULL;
	setlocale(LC_ALL, "");
	const char *cs = nl_langinfo(CODESET);
	bool utf8 = cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
	u->ascii = o->ascii < 0 ? !utf8 : o->ascii;
	u->in = input_new_abstract();
	if (!u->in) {
		warnx_("cannot set up the key decoder");
		return EXIT_BADINPUT;
	}
	/* the rc file: bad lines are reported, the viewer still starts */
	struct rc rc;
	rc_init(&rc);
	rc_load_default(&rc, key_canon, u);
	const char *mapname = o->keymap ? o->keymap : rc.keymap;
	size_t nmap;
	if (!keymap_get(mapname, &nmap)) {
		char names[128] = "";
		for (size_t i = 0; keymap_names[i]; i++)
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
				 i ? ", " : "", keymap_names[i]);
		warnx_("unknown keymap '%s' (use %s)", mapname, names);
		rc_free(&rc);
		return EXIT_USAGE;
	}
	if (o->color < 0 && rc.color != RC_COLOR_AUTO)
		u->o.color = rc.color == RC_COLOR_256 ? 256 : rc.color == RC_COLOR_8 ? 8 : 0;
	if (o->ascii < 0 && rc.ascii != RC_ASCII_AUTO)
		u->ascii = rc.ascii == RC_ASCII_ON;
	u->raw_max = rc.raw_max;
	u->km = rc_keymap(&rc, mapname);
	for (size_t i = 0; i < rc.nerrors; i++)
		warnx_("%s: %s", rc.path ? rc.path : "hecticrc", rc.errors[i]);
	bool rc_errors = rc.nerrors > 0;
	rc_free(&rc);
	if (!u->km) {
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}

	/* Before the alternate screen, and without opening it (a FIFO with no
	 * writer would block open): a file the viewer cannot index says so on
	 * the shell's screen. The store's message names what it is; its open
	 * does not block. */
	struct stat sb;
	if (stat(o->path, &sb) != 0) {
		warnx_("%s: %s", o->path, strerror(errno));
		return EXIT_BADINPUT;
	}
	if (!S_ISREG(sb.st_mode)) {
		char err[256] = "not a regular file";
		if (store_open(&u->s, o->path, err, sizeof err) == STORE_OK) {
			store_close(&u->s); /* it became one since: the loader will say */
		} else {
			warnx_("%s: %s", o->path, err);
			return EXIT_BADINPUT;
		}
	}
	u->fsize = (uint64_t)sb.st_size;

	if (o->bench) {
		u->bench = true;
		int r = run_bench(u);
		return r;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		warnx_("the viewer needs a terminal (for text, try 'hectic show FILE')");
		return EXIT_USAGE;
	}
	install_signals();
	if (!newterm(NULL, stdout, stdin)) {
		warnx_("cannot initialise the terminal (TERM=%s)", getenv("TERM") ? getenv("TERM") : "");
		return EXIT_USAGE;
	}
	curses_on = true;
	make_reset();
	tty_ours = 1;
	raw();
	noecho();
	nonl();
	keypad(stdscr, FALSE);
	curs_set(0);
	setup_colors(u);
	input_free(u->in);
	u->in = input_new(STDIN_FILENO);
	if (!u->in) {
		restore_terminal();
		warnx_("cannot read the terminal");
		return EXIT_USAGE;
	}
	input_mouse(true);
	if (rc_errors)
		snprintf(u->msg, sizeof u->msg, "the rc file has errors (shown on exit)");

	pthread_t th;
	if (pthread_create(&th, NULL, loader, u) != 0) {
		loader(u);
	} else {
		/* the first frame comes now: progress, with q, Ctrl-C and
		 * Ctrl-Z working; nothing here waits on the file */
		while (!__atomic_load_n(&u->loaded, __ATOMIC_ACQUIRE)) {
			draw_loading(u);
			struct input_event ev;
			input_wait(u->in, 100, sigpipe_fds[0], &ev);
			enum action a = ev.kind == IN_KEY ? lookup(u, ev.key) : ACT_NONE;
			wrap_store_sigbus();
			handle_signals(u);
			if (a == ACT_SUSPEND && !got_quit)
				suspend(u);
			if (got_quit || a == ACT_QUIT || ev.kind == IN_EOF) {
				restore_terminal();
				_exit(0); /* the loader may be deep in a scan */
			}
		}
		pthread_join(th, NULL);
	}
	wrap_store_sigbus();
	if (u->loaded != 1) {
		restore_terminal();
		warnx_("%s", u->err);
		return EXIT_BADINPUT;
	}
	after_load(u);
	char errbuf[64];
	while (!u->quit && !got_quit) {
		draw(u);
		struct input_event ev;
		input_wait(u->in, -1, sigpipe_fds[0], &ev);
		handle_signals(u);
		if (got_quit)
			break;
		if (store_shrunk) {
			snprintf(errbuf, sizeof errbuf, "the file shrank while open");
			break;
		}
		switch (ev.kind) {
		case IN_KEY: on_key(u, ev.key); break;
		case IN_MOUSE: on_mouse(u, &ev); break;
		case IN_EOF: u->quit = true; break;
		default: break;
		}
	}
	restore_terminal();
	if (store_shrunk)
		warnx_("%s: the file shrank while it was open", u->o.path);
	return store_shrunk ? EXIT_BADINPUT : 0;
}
