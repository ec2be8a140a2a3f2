/* cli: what every command uses of the command line: the viewer's options
 * (hectic FILE, hectic run), --color's values, a bad option said. The
 * messages are common/say.c's, the input opened as a store
 * common/store_open.c's. Called by the commands, never calling them. */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../keymaps/rc.h"

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

void warn_badopt_try(int argc, char **argv, const char *cmd)
{
	warn_badopt(argc, argv);
	fprintf(stderr, "try 'hectic %s%s--help'\n", cmd ? cmd : "", cmd ? " " : "");
}

static const char *count_word(int n)
{
	static const char *const w[] = { "none", "one", "two", "three" };
	return n >= 0 && n < 4 ? w[n] : "some";
}

int cli_operands(int argc, char **argv, int min, int max, const char *name, const char *want,
		 void (*use)(FILE *f, const struct cli_cmd *self), const struct cli_cmd *self)
{
	int got = argc - optind;
	if (got >= min && (max < 0 || got <= max))
		return -1;
	char wanted[96], came[400] = "none";
	if (max < 0)
		snprintf(wanted, sizeof wanted, "%s or more operands %s", count_word(min), want);
	else if (min == max)
		snprintf(wanted, sizeof wanted, "%s %s%s", count_word(min), min > 1 ? "operands " : "",
			 want);
	else
		snprintf(wanted, sizeof wanted, "%s %s %s operands %s", count_word(min),
			 max == min + 1 ? "or" : "to", count_word(max), want);
	if (got > 0) {
		/* the operands past max if too many (the ones that are extra),
		 * else all of them */
		int from = max >= 0 && got > max ? max : 0;
		size_t w = (size_t)snprintf(came, sizeof came, "%d operand%s (", got, got == 1 ? "" : "s");
		for (int i = from; i < got && w < sizeof came; i++)
			w += (size_t)snprintf(came + w, sizeof came - w, "%s'%s'", i > from ? ", " : "",
					      argv[optind + i]);
		if (w < sizeof came)
			snprintf(came + w, sizeof came - w, "%s)", from ? " extra" : "");
	}
	warnx_("%s: %s, got %s", name, wanted, came);
	if (use)
		use(stderr, self);
	return EXIT_USAGE;
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

int view_options(int argc, char **argv, const struct cli_cmd *run,
		 void (*use)(FILE *f, const struct cli_cmd *run), struct viewer_opts *o)
{
	static const struct option opts[] = {
		{ "keymap", required_argument, NULL, 'k' },
		{ "color", required_argument, NULL, 'c' },
		{ "colour", required_argument, NULL, 'c' },
		{ "ascii", no_argument, NULL, 'a' },
		{ "bands", required_argument, NULL, 'n' },
		{ "bench", required_argument, NULL, 'b' },
		{ "save", required_argument, NULL, 's' },
		{ "align", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	*o = (struct viewer_opts){ .color = -1, .ascii = -1 };
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
		case 'n': {
			char *end;
			errno = 0;
			long v = strtol(optarg, &end, 10);
			if (end == optarg || *end || errno || v < 1 || v > RC_HEAP_BANDS_MAX) {
				warnx_("bad --bands '%s' (use 1 to %d)", optarg, RC_HEAP_BANDS_MAX);
				return EXIT_USAGE;
			}
			o->bands = (int)v;
			break;
		}
		case 'b':
			if (run)
				goto bad;
			o->bench = optarg;
			break;
		case 's': o->save = optarg; break;
		case 'r':
			if (run)
				goto bad;
			o->align = optarg;
			break;
		case 'h': use(stdout, run); return 0;
		default:
		bad:
			warn_badopt_try(argc, argv, run ? "run" : NULL);
			return EXIT_USAGE;
		}
	}
	return -1;
}
