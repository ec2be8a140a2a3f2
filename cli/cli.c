/* cli: what every command uses: its messages (escaped), the viewer's
 * options, the input opened as a store. Called by the commands, never
 * calling them. */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/source.h"
#include "../model/store.h"
#include "../parser/render.h"
#include "../viewer/core.h"

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

void cmd_say_problem(void *path, const char *msg)
{
	warnx_("%s: %s", (const char *)path, msg);
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

void warn_badopt_try(int argc, char **argv, const char *cmd)
{
	warn_badopt(argc, argv);
	fprintf(stderr, "try 'hectic %s%s--help'\n", cmd ? cmd : "", cmd ? " " : "");
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

int view_options(int argc, char **argv, bool run, void (*use)(FILE *), struct viewer_opts *o)
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
		case 'h': use(stdout); return 0;
		default:
		bad:
			warn_badopt_try(argc, argv, run ? "run" : NULL);
			return EXIT_USAGE;
		}
	}
	return -1;
}

int cmd_open_store(const char *spec, const char *save, struct source *src, struct store *s)
{
	return cmd_open_store_sink(spec, save, src, s, NULL);
}

int cmd_open_store_sink(const char *spec, const char *save, struct source *src, struct store *s,
			const struct store_sink *sink)
{
	char err[300];
	if (!source_open(src, spec, save, err, sizeof err)) {
		warnx_("%s", err);
		return src->refused ? EXIT_USAGE : EXIT_BADINPUT;
	}
	src->sink = sink;
	source_wait(src);
	const char *why = source_error(src);
	uint64_t n = source_bytes(src);
	if (*why)
		warnx_("%s: %s after %llu bytes: reading what arrived", spec, why,
		       (unsigned long long)n);
	bool empty;
	if (source_store_open(src, s, &empty, err, sizeof err) != STORE_OK) {
		warnx_("%s: %s", spec, err);
		source_close(src);
		return EXIT_BADINPUT;
	}
	return -1;
}
