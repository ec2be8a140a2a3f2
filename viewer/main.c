/* hectic: entry point and command dispatch. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "mainloop.h"
#include "report.h"

#include <getopt.h>
#include <stdlib.h>

#include "../model/store.h"
#include "../parser/render.h"


static void usage(FILE *f)
{
	fprintf(f,
		"usage: hectic [--keymap=NAME] [--color=WHEN] [--ascii] [--bands N] [--save OUT] FILE\n"
		"       hectic [viewer options] [--align RE] A B\n"
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
		"  --bands=N        the heap pane's bands drawn on their own, 1 to 60\n"
		"                   (default 15; the rest are summed as other)\n"
		"With two files A B, the viewer compares two runs: A's rows above B's on\n"
		"one time axis (both from their clocks' start, or with --align RE from\n"
		"each run's first marker or message matching RE); Tab gives the event\n"
		"list and the panes the other run; the panes show both.\n"
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
		"                   a -hi band by its info table and source location;\n"
		"                   --tsv: one row per census and band (time, band, bytes,\n"
		"                   and a -hi band's provenance)\n"
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
		"  ticky FILE       ticky-ticky counters (ghc -ticky, +RTS -lT) as GHC's\n"
		"                   +RTS -r table, with IPE source locations\n"
		"    --sort KEY     entries, alloc, allocd or name (with --top N)\n"
		"    --samples      a row per sample and counter\n"
		"  diff A B         two runs compared: summary, GC pauses per generation,\n"
		"                   heap bands, cost centres, spans, threads by label; A,\n"
		"                   B, B - A and B / A, the largest changes first (--all:\n"
		"                   also the unchanged; --align RE: from a marker)\n"
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


/* hectic [options] FILE: the viewer. */
static int view(int argc, char **argv)
{
	struct viewer_opts o;
	int rc = view_options(argc, argv, false, usage, &o);
	if (rc >= 0)
		return rc;
	/* a word that is no file (no '/' or '.', and not there): a command
	 * mistyped, not a log */
	const char *first = optind < argc ? argv[optind] : "";
	if (optind == argc - 2 && !strpbrk(first, "/.") && access(first, F_OK) != 0) {
		warnx_("unknown command '%s' (try 'hectic --help')", first);
		return EXIT_USAGE;
	}
	if (optind == argc - 2) { /* two runs */
		o.path = argv[optind];
		o.path2 = argv[optind + 1];
		return mainloop_run(&o);
	}
	if (o.align) {
		warnx_("--align compares two runs: hectic --align RE A B");
		return EXIT_USAGE;
	}
	if (optind != argc - 1) {
		if (optind < argc)
			warnx_("unknown command '%s' (try 'hectic --help')", argv[optind]);
		else
			usage(stderr);
		return EXIT_USAGE;
	}
	o.path = argv[optind];
	return mainloop_run(&o);
}

/* HECTIC_THREADS=N: the index and the tracks on at most N threads (1:
 * one; for measuring the speed-up, and for machines shared with others),
 * rather than one per online processor. */
static void threads_from_env(void)
{
	const char *t = getenv("HECTIC_THREADS");
	char *end = "";
	errno = 0;
	long n = t && *t ? strtol(t, &end, 10) : 0;
	if (n >= 1 && !*end && !errno)
		store_threads = n > STORE_MAX_PARTS ? STORE_MAX_PARTS : (unsigned)n;
}

int main(int argc, char **argv)
{
	opterr = 0; /* getopt would print argv raw: warn_badopt says it escaped */
	threads_from_env();
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
		{ "show", cmd_show },
		{ "run", cmd_run },
		{ "diff", cmd_diff },
	};
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (!strcmp(cmd, cmds[i].name))
			return cmds[i].run(argc - 1, argv + 1);
	const struct report *r = report_find(cmd);
	if (r)
		return report_main(r, argc - 1, argv + 1);
	return view(argc, argv);
}
