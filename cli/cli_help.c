/* cli_help: the options commands share (cli_common_opts, each with its
 * CLI_G_* group) and the first word's, and `hectic --help`, each command's
 * own --help and usage line printed from the rows of the command table
 * (cli/commands.c), which the shell completions are generated from too
 * (tools/gen-completions.c): an option or a command added there is in
 * --help, its usage and the completions at once. Its parser (report.c's
 * driver, cli.c's view_options, cmd_NAME.c) is told separately, and
 * tests/completions.sh compares the two through each command's usage
 * line. Nothing here names the table: a command prints its usage from the
 * row it is given, so that no file of a command and the table refer to
 * each other (tools/check-structure.sh refuses such a circle). */
#include "cli_help.h"

#include <string.h>

#include "../keymaps/keymaps.h"

static const char *const color_words[] = { "auto", "256", "8", "none", NULL };

/* ---- the options commands share ---- */

const struct cli_opt cli_common_opts[] = {
	/* the viewer's, in its synopsis' order */
	{ .name = "--keymap", .arg = "NAME", .value = CLI_WORD, .words = keymap_names, .eq = true,
	  .desc = "the key bindings",
	  .help = "default (vi and less keys) or emacs", .group = CLI_G_VIEW },
	{ .name = "--color", .arg = "WHEN", .value = CLI_WORD, .words = color_words, .eq = true,
	  .desc = "how many colours, or none",
	  .help = "auto, 256, 8 or none (NO_COLOR also turns colour off)", .group = CLI_G_VIEW },
	{ .name = "--ascii", .desc = "draw with ASCII only",
	  .help = "draw with ASCII only (the default when the locale\nis not UTF-8)",
	  .group = CLI_G_VIEW },
	{ .name = "--bands", .arg = "N", .value = CLI_NUMBER, .row = "--bands=N",
	  .desc = "the heap pane's bands drawn on their own, 1 to 60",
	  .help = "the heap pane's bands drawn on their own, 1 to 60\n"
		  "(default 15; the rest are summed as other)",
	  .group = CLI_G_VIEW },
	{ .name = "--save", .arg = "OUT", .value = CLI_FILE,
	  .desc = "keep a copy of a stream in OUT",
	  .detail = "keep a copy of the stream (the FIFO) in OUT", .group = CLI_G_VSAVE },
	{ .name = "--align", .arg = "RE", .value = CLI_REGEX,
	  .desc = "two runs from their first marker or message matching RE",
	  .detail = "two runs from their first marker or message matching\n"
		    "the POSIX extended regex RE",
	  .group = CLI_G_ALIGN },
	/* the reports', in Report options: */
	{ .name = "--from", .arg = "T", .value = CLI_TIME, .row = "--from T, --to T",
	  .desc = "from time T (ns, or 1.5s, 200ms, 30us)",
	  .help = "limit to a time window; T is ns, or a number with a\n"
		  "unit: 1.5s, 200ms, 30us, 12ns",
	  .group = CLI_G_WINDOW },
	{ .name = "--to", .arg = "T", .value = CLI_TIME,
	  .desc = "to time T (ns, or 1.5s, 200ms, 30us)", .group = CLI_G_WINDOW },
	{ .name = "--save", .arg = "OUT", .value = CLI_FILE,
	  .desc = "keep a copy of a stream in OUT",
	  .help = "keep a copy of a stream (FIFO, -, unix:, tcp:) in OUT", .group = CLI_G_SAVE },
	{ .name = "--tsv", .desc = "tab-separated: a header row, times in ns, bytes as integers",
	  .help = "tab-separated: a header row, one row per item, times in\n"
		  "ns, bytes as integers (activity always is)",
	  .group = CLI_G_TSV },
	{ .name = "--raw", .desc = "print strings from the file exactly as stored",
	  .help = "print strings from the file exactly as stored", .group = CLI_G_TEXT },
	{ .name = "--escape", .desc = "show control and invisible characters escaped",
	  .help = "show control and invisible characters as \\xNN or\n"
		  "\\uNNNN (the default when standard output is a\n"
		  "terminal)",
	  .group = CLI_G_TEXT },
	{ .name = "--no-pager", .desc = "print to the terminal, not through the pager",
	  .help = "show, markers, threads: print to the terminal, not\n"
		  "through $HECTIC_PAGER, $PAGER or less -R",
	  .group = CLI_G_PAGER },
	{ 0 },
};

const struct cli_opt cli_main_opts[] = {
	{ .name = "--help", .alt = "-h", .desc = "this help", .help = "this help" },
	{ .name = "--version", .alt = "-V", .desc = "print the version",
	  .help = "print the version" },
	{ 0 },
};

const struct cli_opt *cli_cmd_own(const struct cli_cmd *c, const char *name)
{
	for (const struct cli_opt *o = c->opts; o->name; o++)
		if (!strcmp(o->name, name))
			return o;
	return NULL;
}

const struct cli_opt *cli_cmd_option(const struct cli_cmd *c, size_t i)
{
	for (const struct cli_opt *o = c->opts; o->name; o++)
		if (i-- == 0)
			return o;
	for (const struct cli_opt *o = cli_common_opts; o->name; o++)
		if ((o->group & c->groups) && i-- == 0)
			return o;
	return NULL;
}

/* ---- --help ---- */

/* An option's lines in a command's own --help (NULL: no row). */
static const char *cmd_text(const struct cli_opt *o)
{
	return o->detail ? o->detail : o->help;
}

/* A row: the left column, then the help's lines from column 19. */
static void help_row(FILE *f, const char *left, const char *help)
{
	if (strlen(left) <= 16)
		fprintf(f, "  %-16s ", left);
	else
		fprintf(f, "  %s\n%19s", left, "");
	for (const char *p = help; *p; p++) {
		fputc(*p, f);
		if (*p == '\n')
			fprintf(f, "%19s", "");
	}
	fputc('\n', f);
}

/* An option as --help writes it: "--top N", "--keymap=NAME". */
static const char *opt_text(const struct cli_opt *o, bool synopsis, char *buf, size_t n)
{
	if (o->row && !synopsis)
		return o->row;
	if (o->alt)
		snprintf(buf, n, "%s, %s", o->alt, o->name);
	else if (o->arg)
		snprintf(buf, n, "%s%s%s", o->name, o->eq ? "=" : " ", o->arg);
	else
		snprintf(buf, n, "%s", o->name);
	return buf;
}

/* The rows of the options of a table in groups (0: all) that have one. */
static void opt_rows(FILE *f, const struct cli_opt *t, unsigned groups, const char *indent)
{
	char buf[64], left[72];
	for (const struct cli_opt *o = t; o->name; o++) {
		if (!o->help || (groups && !(o->group & groups)))
			continue;
		snprintf(left, sizeof left, "%s%s", indent, opt_text(o, false, buf, sizeof buf));
		help_row(f, left, o->help);
	}
}

/* " [--opt ARG]" for each of the viewer's options in groups. */
static void synopsis_opts(FILE *f, unsigned groups)
{
	char buf[64];
	for (const struct cli_opt *o = cli_common_opts; o->name; o++)
		if (o->group & groups)
			fprintf(f, " [%s]", opt_text(o, true, buf, sizeof buf));
}

void cli_help_print(FILE *f, const struct cli_cmd *cmds)
{
	fputs("usage: hectic", f);
	synopsis_opts(f, CLI_G_VIEWER);
	fputs(" FILE\n       hectic [viewer options]", f);
	synopsis_opts(f, CLI_G_ALIGN);
	fputs(" A B\n"
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
	      "live, the rate and the final-events horizon).\n",
	      f);
	opt_rows(f, cli_common_opts, CLI_G_VIEW, "");
	fputs("With two files A B, the viewer compares two runs: A's rows above B's on\n"
	      "one time axis (both from their clocks' start, or with --align RE from\n"
	      "each run's first marker or message matching RE); Tab gives the event\n"
	      "list and the panes the other run; the panes show both.\n"
	      "The viewer reads $XDG_CONFIG_HOME/hectic/hecticrc: bind KEY ACTION,\n"
	      "set OPTION VALUE and span START_RE STOP_RE lines (see hectic(1)).\n"
	      "\n"
	      "Commands:\n",
	      f);
	for (const struct cli_cmd *c = cmds; c->name; c++) {
		char left[64];
		snprintf(left, sizeof left, "%s %s", c->name, c->args);
		help_row(f, left, c->help);
		opt_rows(f, c->opts, 0, "  ");
	}
	fputs("\nReport options:\n", f);
	opt_rows(f, cli_common_opts, CLI_G_REPORT, "");
	fputs("\nOptions:\n", f);
	opt_rows(f, cli_main_opts, 0, "");
	fputs("\nExit status: 0 ok; 1 bad input, an unreadable file, or what was asked\n"
	      "for not in the log (a window outside it, a generation, a profile); 2 usage\n"
	      "error.\n",
	      f);
}

void cli_cmd_opts_print(FILE *f, const struct cli_cmd *c)
{
	char buf[64];
	fputs("\nOptions:\n", f);
	const struct cli_opt *o;
	for (size_t i = 0; (o = cli_cmd_option(c, i)); i++)
		if (cmd_text(o))
			help_row(f, opt_text(o, false, buf, sizeof buf), cmd_text(o));
	help_row(f, "-h, --help", "this help");
}

void cli_cmd_help_print(FILE *f, const struct cli_cmd *c)
{
	/* its own text, or the text under Commands: as a sentence */
	char first = c->help[0];
	if (c->text)
		fprintf(f, "\n%s", c->text);
	else
		fprintf(f, "\n%c%s.\n", first >= 'a' && first <= 'z' ? first - 'a' + 'A' : first,
			c->help + 1);
	cli_cmd_opts_print(f, c);
}

void cli_usage_print(FILE *f, const struct cli_cmd *c)
{
	if (c->run) {
		fprintf(f, "usage: hectic %s %s\n", c->name, c->usage);
	} else {
		unsigned g = c->groups;
		fprintf(f, "usage: hectic %s%s%s [--from T] [--to T]%s%s%s%s [--save OUT] %s\n",
			c->name, c->usage ? " " : "", c->usage ? c->usage : "",
			g & CLI_G_TSV ? " [--tsv]" : "", cli_cmd_own(c, "--follow") ? " [--follow]" : "",
			g & CLI_G_TEXT ? " [--raw | --escape]" : "",
			g & CLI_G_PAGER ? " [--no-pager]" : "", c->args);
	}
	if (f == stdout)
		cli_cmd_help_print(f, c);
}
