/* hectic: entry point and command dispatch. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "ui.h"

#include <getopt.h>
#include <stdlib.h>

#include "../parser/render.h"

#ifndef HECTIC_VERSION
#define HECTIC_VERSION "unknown"
#endif

const char *hectic_version = HECTIC_VERSION;

/* Messages carry file names, option values, regexes and rc lines: text that
 * is not ours. The whole message is escaped as --escape escapes strings from
 * the log, whether or not stderr is a terminal (it usually is, and a log of
 * messages is read on one later), so that an ESC or a U+202E in a file name
 * never reaches the terminal and a newline cannot forge a second message. */
void warnx_(const char *fmt, ...)
{
	char small[512], *msg = small;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0, small[0] = 0;
	if ((size_t)n >= sizeof small) {
		msg = malloc((size_t)n + 1);
		if (msg) {
			va_start(ap, fmt);
			vsnprintf(msg, (size_t)n + 1, fmt, ap);
			va_end(ap);
		} else {
			msg = small;
			n = (int)strlen(small);
		}
	}
	struct sbuf b = { .escape = true };
	sbuf_text(&b, (const uint8_t *)msg, (size_t)n);
	fflush(stdout);
	fputs("hectic: ", stderr);
	if (!b.oom) {
		fwrite(b.p, 1, b.n, stderr);
	} else {
		/* no memory to escape with: ASCII only */
		for (int i = 0; i < n; i++) {
			unsigned char c = (unsigned char)msg[i];
			fputc(c >= 0x20 && c < 0x7F ? c : '?', stderr);
		}
	}
	fputc('\n', stderr);
	sbuf_free(&b);
	if (msg != small)
		free(msg);
}

void warn_badopt(int argc, char **argv)
{
	/* getopt_long (opterr = 0) has moved optind past a bad long option; in
	 * a cluster of short ones it stays on the cluster until its end */
	const char *cur = optind < argc ? argv[optind] : NULL;
	const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
	/* optopt is a plain char for a short option: negative above 0x7F */
	char ch = (char)optopt;
	bool in_cluster = optopt && optopt >= -128 && optopt < 0x100 && cur && cur[0] == '-' &&
			  cur[1] && cur[1] != '-' && strchr(cur + 1, ch);
	if (!in_cluster && !strncmp(arg, "--", 2)) {
		const char *eq = strchr(arg, '=');
		if (!optopt)
			warnx_("unknown option '%s'", arg);
		else if (eq)
			warnx_("option '%.*s' takes no value", (int)(eq - arg), arg);
		else
			warnx_("option '%s' needs a value", arg);
	} else {
		warnx_("unknown option '-%c'", ch);
	}
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: hectic [--keymap=NAME] [--color=WHEN] [--ascii] [--save OUT] FILE\n"
		"       hectic COMMAND [OPTIONS] FILE\n"
		"       hectic run [--save OUT] [--] PROG [ARGS...]\n"
		"\n"
		"Terminal timeline viewer for GHC eventlogs (+RTS -l).\n"
		"\n"
		"FILE is a regular file (complete, or growing while a program writes it),\n"
		"a FIFO, - for standard input, unix:PATH or tcp:HOST:PORT (the\n"
		"eventlog-socket library's). A stream is spooled to a temporary file;\n"
		"--save OUT keeps it.\n"
		"\n"
		"With a FILE alone, opens the viewer: ? in it lists the keys; under the\n"
		"lanes, H shows the heap profile, P the cost-centre profile and R one\n"
		"row per thread; S lists your spans (START/STOP user events). A log\n"
		"that is not complete is followed as it grows (the status line says\n"
		"live, the rate and the final-events horizon).\n"
		"  --keymap=NAME    default (vi and less keys) or emacs\n"
		"  --color=WHEN     auto, 256, 8 or none (NO_COLOR also turns colour off)\n"
		"  --ascii          draw with ASCII only (the default when the locale\n"
		"                   is not UTF-8)\n"
		"The viewer reads $XDG_CONFIG_HOME/hectic/hecticrc: bind KEY ACTION,\n"
		"set OPTION VALUE and span START_RE STOP_RE lines (see hectic(1)).\n"
		"\n"
		"Commands:\n"
		"  show FILE        print every event as text, like `ghc-events show`\n"
		"    --pretty-time  timestamps as seconds, ms and us\n"
		"  summary FILE     a +RTS -s style report: allocation, GC, sparks, times\n"
		"  gcs FILE         the longest GC pauses, and pause percentiles\n"
		"    --top N        how many pauses to list (default 20)\n"
		"    --gen G        only collections of generation G\n"
		"  markers FILE     user markers and messages, with timestamps\n"
		"    --grep RE      only those matching a POSIX extended regex\n"
		"  threads FILE     threads: label, lifetime, running time, capabilities\n"
		"  heap FILE        heap-profile bands (+RTS -h...) by peak, with their mean;\n"
		"                   --tsv: one row per census and band (time, band, bytes)\n"
		"  profile FILE     the time profile (+RTS -p -l) as the .prof's tree: ticks\n"
		"                   individual and inherited per stack; --flat: per cost\n"
		"                   centre; --folded: root;...;leaf COUNT stacks; --cap N;\n"
		"                   --builtin keeps the RTS's own cost centres (GC, IDLE)\n"
		"  activity FILE    per column and capability, the fraction of time running\n"
		"                   and in GC (TSV: start end cap running gc)\n"
		"    --columns N    how many columns (default 100)\n"
		"  spans FILE       the user's phases: START name / STOP name and name begin /\n"
		"                   name end events paired per thread; count, total,\n"
		"                   p50/p90/p99/max per name\n"
		"  sparks FILE      per capability: sparks created, converted, overflowed,\n"
		"                   dud, GC'd and fizzled (the SPARKS line of +RTS -s)\n"
		"  top FILE         while the log grows, a line a second (allocation rate,\n"
		"                   heap, live bytes, GC share, p99 pause, sparks), then the\n"
		"                   summary; the same as summary --follow\n"
		"  run PROG ARGS    runs PROG with GHCRTS='-l -ol<fifo>' and views its\n"
		"                   eventlog live; quitting stops its process group:\n"
		"                   SIGTERM, then SIGKILL 2 s later (also when the\n"
		"                   viewer crashes or is killed)\n"
		"\n"
		"Report options:\n"
		"  --from T, --to T limit to a time window; T is ns, or a number with a\n"
		"                   unit: 1.5s, 200ms, 30us, 12ns\n"
		"  --save OUT       keep a copy of a stream (FIFO, -, unix:, tcp:) in OUT\n"
		"  --tsv            tab-separated: a header row, one row per item, times in\n"
		"                   ns, bytes as integers (activity always is)\n"
		"  --raw            print strings from the file exactly as stored\n"
		"  --escape         show control and invisible characters as \\xNN or\n"
		"                   \\uNNNN (the default when standard output is a\n"
		"                   terminal)\n"
		"\n"
		"Options:\n"
		"  -h, --help       this help\n"
		"  -V, --version    print the version\n"
		"\n"
		"Exit status: 0 ok, 1 bad input or unreadable file, 2 usage error.\n");
}

bool parse_color(const char *arg, int *color)
{
	static const struct {
		const char *name;
		int color;
	} names[] = { { "auto", -1 }, { "256", 256 }, { "8", 8 }, { "none", 0 }, { "never", 0 } };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(arg, names[i].name)) {
			*color = names[i].color;
			return true;
		}
	warnx_("bad --color '%s' (use auto, 256, 8 or none)", arg);
	return false;
}

int view_options(int argc, char **argv, bool run, void (*use)(FILE *), struct ui_opts *o)
{
	static const struct option opts[] = {
		{ "keymap", required_argument, NULL, 'k' },
		{ "color", required_argument, NULL, 'c' },
		{ "colour", required_argument, NULL, 'c' },
		{ "ascii", no_argument, NULL, 'a' },
		{ "bench", required_argument, NULL, 'b' },
		{ "save", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	*o = (struct ui_opts){ .color = -1, .ascii = -1 };
	int c;
	optind = 1;
	/* run: "+", options end at PROG, whose own options are its */
	while ((c = getopt_long(argc, argv, run ? "+h" : "", opts, NULL)) != -1) {
		switch (c) {
		case 'k': o->keymap = optarg; break;
		case 'c':
			if (!parse_color(optarg, &o->color))
				return EXIT_USAGE;
			break;
		case 'a': o->ascii = 1; break;
		case 'b':
			if (run)
				goto bad;
			o->bench = optarg;
			break;
		case 's': o->save = optarg; break;
		case 'h': use(stdout); return 0;
		default:
		bad:
			warn_badopt(argc, argv);
			use(stderr);
			return EXIT_USAGE;
		}
	}
	return -1;
}

/* hectic [options] FILE: the viewer. */
static int view(int argc, char **argv)
{
	struct ui_opts o;
	int rc = view_options(argc, argv, false, usage, &o);
	if (rc >= 0)
		return rc;
	if (optind != argc - 1) {
		if (optind < argc)
			warnx_("unknown command '%s' (try 'hectic --help')", argv[optind]);
		else
			usage(stderr);
		return EXIT_USAGE;
	}
	o.path = argv[optind];
	return ui_run(&o);
}

int main(int argc, char **argv)
{
	opterr = 0; /* getopt would print argv raw: warn_badopt says it escaped */
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
		printf("hectic %s\n", hectic_version);
		return 0;
	}
	static const struct {
		const char *name;
		int (*run)(int, char **);
	} cmds[] = {
		{ "show", cmd_show }, { "summary", cmd_summary }, { "gcs", cmd_gcs },
		{ "markers", cmd_markers }, { "threads", cmd_threads },
		{ "activity", cmd_activity }, { "heap", cmd_heap },
		{ "profile", cmd_profile }, { "top", cmd_top }, { "run", cmd_run },
		{ "spans", cmd_spans }, { "sparks", cmd_sparks },
	};
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (!strcmp(cmd, cmds[i].name))
			return cmds[i].run(argc - 1, argv + 1);
	return view(argc, argv);
}
