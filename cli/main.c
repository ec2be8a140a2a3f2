/* hectic: entry point and command dispatch. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../viewer/mainloop.h"
#include "cli_help.h"
#include "cmd.h"
#include "report.h"

#include <getopt.h>
#include <stdlib.h>

#include "../model/store.h"
#include "../parser/render.h"


/* hectic --help: printed from the command line's table (commands.c), which
 * the shell completions are generated from too. (run: NULL, the viewer's
 * options: view_options's callback) */
static void usage_main(FILE *f, const struct cli_cmd *run)
{
	(void)run;
	cli_help_print(f, cli_commands);
}


/* hectic [options] FILE: the viewer. */
static int view(int argc, char **argv)
{
	struct viewer_opts o;
	int rc = view_options(argc, argv, NULL, usage_main, &o);
	if (rc >= 0)
		return rc;
	/* a word that is no file (no '/' or '.', and not there) before
	 * others: a command mistyped, not a log */
	const char *first = optind < argc ? argv[optind] : "";
	if (optind <= argc - 2 && !strpbrk(first, "/.") && access(first, F_OK) != 0) {
		warnx_("unknown command '%s' (try 'hectic --help')", first);
		return EXIT_USAGE;
	}
	if (optind < argc - 2) {
		warnx_("%d files: the viewer opens one log, or two to compare (hectic A B)",
		       argc - optind);
		fputs("try 'hectic --help'\n", stderr);
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
			usage_main(stderr, NULL);
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
		usage_main(stderr, NULL);
		return EXIT_USAGE;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		usage_main(stdout, NULL);
		return 0;
	}
	if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
		printf("hectic %s\n", hectic_version);
		return 0;
	}
	/* a command of the table (commands.c): its own function, or a report
	 * through the reports' driver; else the viewer */
	const struct cli_cmd *c = cli_command(cmd);
	if (c)
		return c->run ? c->run(c, argc - 1, argv + 1) : report_main(c, argc - 1, argv + 1);
	return view(argc, argv);
}
