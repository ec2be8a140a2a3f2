/* The viewer's start and main loop: options and the rc file, the checks
 * made before the screen is taken, loading, then frames and input until
 * quit. The views are in view_*.c, the state and actions in core.c, the
 * terminal in term.c. */
#include "mainloop.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../keymaps/keymaps.h"
#include "../keymaps/rc.h"
#include "../model/regex_guard.h"
#include "../common/say.h"
#include "script_bench.h"
#include "core.h"
#include "draw.h"
#include "findings.h"
#include "loader.h"
#include "session.h"
#include "term.h"
#include "view.h"

/* The viewer lives until the process exits, which frees what it holds
 * (the map, the tracks, the key decoder) at once; kept here it stays
 * reachable for the leak checker. */
static struct viewer *volatile viewer;

static bool key_canon(const char *key, char *out, size_t n, void *ctx)
{
	struct viewer *u = ctx;
	return input_canonical(u->in, key, out, n);
}

/* The keymap and the rc file's settings. Bad rc lines are reported, and
 * the viewer still starts (*rc_errors); an unknown keymap is a usage
 * error. Returns 0 or the exit status. */
static int setup_keys(struct viewer *u, const struct viewer_opts *o, bool *rc_errors)
{
	struct rc rc;
	rc_init(&rc);
	rc_load_default(&rc, key_canon, u);
	const char *mapname = o->keymap ? o->keymap : rc.keymap;
	size_t nmap;
	const struct keybind *map = keymap_get(mapname, &nmap);
	if (!map) {
		char names[128] = "";
		for (size_t i = 0; keymap_names[i]; i++)
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
				 i ? ", " : "", keymap_names[i]);
		warnx_("unknown keymap '%s' (use %s)", mapname, names);
		rc_free(&rc);
		return EXIT_USAGE;
	}
	for (size_t i = 0; keymap_names[i]; i++)
		if (!strcmp(keymap_names[i], mapname))
			u->mapname = keymap_names[i]; /* outlives rc */
	if (o->color < 0 && rc.color != RC_COLOR_AUTO)
		u->o.color = rc.color == RC_COLOR_256 ? 256 : rc.color == RC_COLOR_8 ? 8 : 0;
	if (o->ascii < 0 && rc.ascii != RC_ASCII_AUTO)
		u->ascii = rc.ascii == RC_ASCII_ON;
	u->raw_max = rc.raw_max;
	u->heap_bands = o->bands ? o->bands : (int)rc.heap_bands;
	u->lane_h = rc.lane_height;
	u->km = rc_keymap(&rc, mapname);
	for (size_t i = 0; i < rc.nerrors; i++)
		warnx_("%s: %s", rc.path ? rc.path : "hecticrc", rc.errors[i]);
	*rc_errors = rc.nerrors > 0;
	/* the span lines, the viewer's now */
	for (size_t i = 0; i < rc.nspans; i++) {
		u->span_start[i] = rc.span_start[i];
		u->span_stop[i] = rc.span_stop[i];
	}
	u->nspans = rc.nspans;
	rc.nspans = 0;
	u->ruler_messages = rc.ruler_messages;
	u->ruler_phases = rc.ruler_phases;
	rc.ruler_messages = rc.ruler_phases = NULL;
	rc_free(&rc);
	if (!u->km) {
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	return 0;
}

/* Before the alternate screen: a file the viewer cannot index, or a
 * stream that cannot be reached, says so on the shell's screen. The
 * store's message names what a special file is; its open does not block.
 * A stream's spooler starts here (a FIFO waits for its writer on the
 * spooler's thread). Returns 0 or the exit status. */
static int check_file(struct viewer_run *r, const char *path)
{
	char serr[300];
	if (source_is_stream(path) || r->o->save) {
		if (!source_open(&r->run.src, path, r->o->save, serr, sizeof serr)) {
			warnx_("%s", serr);
			return r->run.src.refused ? EXIT_USAGE : EXIT_BADINPUT;
		}
		if (r->run.src.kind != SRC_FILE)
			return 0;
	} else {
		r->run.src.kind = SRC_FILE;
		r->run.src.in = r->run.src.spool = r->run.src.wake[0] = r->run.src.wake[1] = -1;
		snprintf(r->run.src.path, sizeof r->run.src.path, "%s", path);
	}
	struct stat sb;
	if (stat(path, &sb) != 0) {
		warnx_("%s: %s", path, strerror(errno));
		return EXIT_BADINPUT;
	}
	if (!S_ISREG(sb.st_mode)) {
		char err[256] = "not a regular file";
		if (store_open(&r->run.s, path, err, sizeof err) == STORE_OK) {
			store_close(&r->run.s); /* it became one since: the loader will say */
		} else {
			warnx_("%s: %s", path, err);
			return EXIT_BADINPUT;
		}
	}
	r->fsize = (uint64_t)sb.st_size;
	return 0;
}

/* What an action asked of the terminal. */
static void obey(struct viewer *u, enum core_request r)
{
	if (r == CORE_SUSPEND)
		term_suspend(u);
	else if (r == CORE_REDRAW)
		term_redraw();
}

/* The first frames of a log file: its skeleton (the block markers'
 * outline, read at once) while the loader indexes it and builds its
 * tracks on its thread. The early actions move the window over the
 * skeleton; other keys wait for the load (core_key). Returns once loaded;
 * quitting meanwhile ends the process (loader_quit). */
static void loading_loop(struct viewer *u)
{
	loader_skeleton(u);
	while (!__atomic_load_n(&u->r->loaded, __ATOMIC_ACQUIRE) ||
	       (u->other && !__atomic_load_n(&u->other->loaded, __ATOMIC_ACQUIRE))) {
		draw_frame(u);
		struct input_event ev;
		input_wait(u->in, 100, term_wake_fd(), -1, &ev);
		if (term_handle_signals(u) || term_quit_asked() || ev.kind == IN_EOF)
			loader_quit(u);
		if (ev.kind == IN_KEY)
			obey(u, core_key(u, ev.key));
		else if (ev.kind == IN_MOUSE)
			core_mouse(u, &ev);
		if (u->quit)
			loader_quit(u);
	}
	loader_join(u);
	if (u->other)
		loader_join_other(u);
}

/* Frames and input until quit. Returns the exit status. */
static int main_loop(struct viewer *u)
{
	bool dirty = true;
	char was[160], now[160];
	while (!u->quit && !term_quit_asked()) {
		/* the doctor's findings: begun, or ready and said */
		if (findings_poll(u))
			dirty = true;
		/* a following viewer wakes to look at the log: when nothing came
		 * and the status line says the same, the frame stays (an idle
		 * follow costs no drawing) */
		if (dirty) {
			/* the views' tracks first: a first pairing is a
			 * long pass, shown on the status line */
			draw_prepare(u);
			draw_frame(u);
		}
		struct input_event ev;
		input_wait(u->in, live_timeout(u), term_wake_fd(), live_fd(u), &ev);
		if (term_handle_signals(u))
			break;
		uint64_t builds = u->r->lv.reloads;
		live_status(u, was, sizeof was);
		live_tick(u);
		live_status(u, now, sizeof now);
		dirty = (ev.kind != IN_NONE && ev.kind != IN_DATA) || builds != u->r->lv.reloads ||
			strcmp(was, now) != 0 || !u->r->lv.follow;
		if (store_faulted(&u->r->run.s))
			term_die(EXIT_BADINPUT, "%s: the file shrank while it was open", u->o.path);
		if (ev.kind == IN_KEY || ev.kind == IN_MOUSE)
			findings_key();
		switch (ev.kind) {
		case IN_KEY: obey(u, core_key(u, ev.key)); break;
		case IN_MOUSE: core_mouse(u, &ev); break;
		case IN_EOF: u->quit = true; break;
		default: break;
		}
	}
	term_restore();
	session_save(u);
	return 0;
}

/* hectic A B: the second run, checked as the first (both files), and its
 * loader started; 0 or the exit status. */
static int setup_other(struct viewer *u, const struct viewer_opts *o)
{
	if (source_is_stream(o->path) || source_is_stream(o->path2) || o->save) {
		warnx_("comparing two runs needs two files (not a stream, not --save)");
		return EXIT_USAGE;
	}
	if (o->align) { /* a bad regex before the screen is taken */
		char why[200] = "";
		regex_t re;
		if (!regex_guard(o->align, why, sizeof why) ||
		    regcomp(&re, o->align, REG_EXTENDED | REG_NOSUB) != 0) {
			warnx_("bad --align regex '%s'%s%s", o->align, *why ? ": " : "", why);
			return EXIT_USAGE;
		}
		regfree(&re);
	}
	u->other = &u->runs[1];
	viewer_run_init(u, u->other, o->path2);
	return check_file(u->other, o->path2);
}

/* --align RE: the runs from their first marker matching RE; 0 or the exit
 * status (the terminal restored, having said why). */
static void align_runs(struct viewer *u, const char *align)
{
	if (!u->other || !align)
		return;
	char why[200] = "";
	regex_t re;
	if (!regex_guard(align, why, sizeof why) || regcomp(&re, align, REG_EXTENDED | REG_NOSUB) != 0)
		term_die(EXIT_USAGE, "bad --align regex%s%s", *why ? ": " : "", why);
	bool ok = core_runs_align(u, &re, align, why, sizeof why);
	regfree(&re);
	if (!ok)
		term_die(EXIT_BADINPUT, "%s", why);
}

int mainloop_run(const struct viewer_opts *o)
{
	struct viewer *u = viewer = calloc(1, sizeof *u);
	if (!u)
		return EXIT_BADINPUT;
	if (!core_init(u, o, view_all)) {
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
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
	bool rc_errors = false;
	int r = setup_keys(u, o, &rc_errors);
	if (!r)
		r = check_file(u->r, o->path);
	if (!r && o->path2)
		r = setup_other(u, o);
	if (r)
		return r;
	if (o->bench) {
		u->bench = true;
		return script_bench_run(u);
	}
	if (u->r->run.src.kind == SRC_STDIN && !isatty(STDIN_FILENO)) {
		/* the log came on stdin (the spooler reads a copy of it): the
		 * keys come from the terminal */
		int tty = open("/dev/tty", O_RDWR | O_CLOEXEC);
		if (tty >= 0) {
			dup2(tty, STDIN_FILENO);
			close(tty);
		}
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		warnx_("the viewer needs a terminal (for text, try 'hectic show FILE')");
		return EXIT_USAGE;
	}
	term_install_signals();
	char err[128];
	if (!term_start(u, err, sizeof err)) {
		warnx_("%s", err);
		return EXIT_USAGE;
	}
	if (rc_errors)
		core_say(u, "the rc file has errors (shown on exit)");
	if (u->other && !loader_start_other(u))
		loader_run(u->other);
	if (u->r->run.src.kind == SRC_FILE && loader_start(u))
		loading_loop(u);
	else
		loader_load(u); /* a stream: its progress, until its header came */
	term_wrap_store_sigbus();
	if (u->r->loaded != 1)
		term_die(EXIT_BADINPUT, "%s", u->r->err);
	if (u->other && u->other->loaded != 1)
		term_die(EXIT_BADINPUT, "%s", u->other->err);
	align_runs(u, o->align);
	core_after_load(u);
	if (u->other) /* two runs: no session (it belongs to one log), not followed */
		core_runs_said(u);
	else {
		session_restore(u);
		live_start(u);
	}
	loader_say_partial(u);
	/* (before the keys kept while loading, which then take the screen
	 * on from what a fresh open's first frame shows) */
	findings_begin(u);
	if (u->npending)
		findings_key();
	obey(u, core_take_pending(u));
	return main_loop(u);
}
