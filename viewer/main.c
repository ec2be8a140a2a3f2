/* hectic: entry point and command dispatch. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "ui.h"

#include <getopt.h>
#include <stdlib.h>

#ifndef HECTIC_VERSION
#define HECTIC_VERSION "unknown"
#endif

const char *hectic_version = HECTIC_VERSION;

void warnx_(const char *fmt, ...)
{
	va_list ap;
	fflush(stdout);
	fputs("hectic: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: hectic [--keymap=NAME] [--color=WHEN] [--ascii] FILE\n"
		"       hectic COMMAND [OPTIONS] FILE\n"
		"\n"
		"Terminal timeline viewer for GHC eventlogs (+RTS -l).\n"
		"\n"
		"With a FILE alone, opens the viewer: ? in it lists the keys.\n"
		"  --keymap=NAME    default (vi and less keys) or emacs\n"
		"  --color=WHEN     auto, 256, 8 or none (NO_COLOR also turns colour off)\n"
		"  --ascii          draw with ASCII only (the default when the locale\n"
		"                   is not UTF-8)\n"
		"The viewer reads $XDG_CONFIG_HOME/hectic/hecticrc: bind KEY ACTION and\n"
		"set OPTION VALUE lines (see hectic(1)).\n"
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
		"  activity FILE    per column and capability, the fraction of time running\n"
		"                   and in GC (TSV: start end cap running gc)\n"
		"    --columns N    how many columns (default 100)\n"
		"\n"
		"Report options:\n"
		"  --from T, --to T limit to a time window; T is ns, or a number with a\n"
		"                   unit: 1.5s, 200ms, 30us, 12ns\n"
		"  --tsv            tab-separated: a header row, one row per item, times in\n"
		"                   ns, bytes as integers (activity always is)\n"
		"  --raw            print strings from the file exactly as stored\n"
		"  --escape         show control characters as \\xNN (the default\n"
		"                   when standard output is a terminal)\n"
		"\n"
		"Options:\n"
		"  -h, --help       this help\n"
		"  -V, --version    print the version\n"
		"\n"
		"Exit status: 0 ok, 1 bad input or unreadable file, 2 usage error.\n");
}

/* hectic [options] FILE: the viewer. */
static int view(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "keymap", required_argument, NULL, 'k' },
		{ "color", required_argument, NULL, 'c' },
		{ "colour", required_argument, NULL, 'c' },
		{ "ascii", no_argument, NULL, 'a' },
		{ "bench", required_argument, NULL, 'b' },
		{ 0 },
	};
	struct ui_opts o = { .color = -1, .ascii = -1 };
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'k': o.keymap = optarg; break;
		case 'c':
			if (!strcmp(optarg, "auto"))
				o.color = -1;
			else if (!strcmp(optarg, "256"))
				o.color = 256;
			else if (!strcmp(optarg, "8"))
				o.color = 8;
			else if (!strcmp(optarg, "none") || !strcmp(optarg, "never"))
				o.color = 0;
			else {
				warnx_("bad --color '%s' (use auto, 256, 8 or none)", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'a': o.ascii = 1; break;
		case 'b': o.bench = optarg; break;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
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
		{ "activity", cmd_activity },
	};
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (!strcmp(cmd, cmds[i].name))
			return cmds[i].run(argc - 1, argv + 1);
	return view(argc, argv);
}
