/* cli_help: the command line as data (cli_help.h) and `hectic --help`
 * printed from it. An option or a command added here is in --help and in
 * the shell completions (tools/gen-completions.c) at once; its parser
 * (report.c's table, cli.c's view_options, cmd_NAME.c) is told separately,
 * and tests/completions.sh compares the two through each command's own
 * usage line. */
#include "cli_help.h"

#include <string.h>

#include "../keymaps/keymaps.h"

static const char *const color_words[] = { "auto", "256", "8", "none", NULL };
static const char *const sort_words[] = { "entries", "alloc", "allocd", "name", NULL };

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

/* ---- the commands ---- */

#define VIEW_OPTS (CLI_G_VIEW | CLI_G_VSAVE)

const struct cli_cmd cli_viewer = {
	.name = "", .args = "FILE", .operand = CLI_LOGS, .groups = VIEW_OPTS | CLI_G_ALIGN,
	.desc = "open the viewer", .opts = (const struct cli_opt[]){ { 0 } },
};

static const struct cli_opt show_opts[] = {
	{ .name = "--pretty-time", .desc = "timestamps as seconds, ms and us",
	  .help = "timestamps as seconds, ms and us" },
	{ 0 },
};
static const struct cli_opt summary_opts[] = {
	{ .name = "--follow", .desc = "while the log grows, a line a second (as top)",
	  .detail = "while the log grows, a line a second (as top), then\n"
		    "the summary once it ends" },
	{ 0 },
};
static const struct cli_opt gcs_opts[] = {
	{ .name = "--top", .arg = "N", .value = CLI_NUMBER, .desc = "how many pauses to list",
	  .help = "how many pauses to list (default 20)" },
	{ .name = "--gen", .arg = "G", .value = CLI_NUMBER,
	  .desc = "only collections of generation G", .help = "only collections of generation G",
	  .detail = "only collections of generation G (0, the youngest,\n"
		    "up to the log's oldest)" },
	{ 0 },
};
static const struct cli_opt markers_opts[] = {
	{ .name = "--grep", .arg = "RE", .value = CLI_REGEX,
	  .desc = "only those matching a POSIX extended regex",
	  .help = "only those matching a POSIX extended regex" },
	{ 0 },
};
static const struct cli_opt heap_opts[] = {
	{ .name = "--top", .arg = "N", .value = CLI_NUMBER, .desc = "how many bands to list",
	  .detail = "how many bands to list, the largest peak first\n(default 20)" },
	{ .name = "--hp", .desc = "GHC's own .hp file, as +RTS -h writes it",
	  .help = "GHC's own .hp file, as +RTS -h writes it (hp2ps draws it)" },
	{ 0 },
};
static const struct cli_opt profile_opts[] = {
	{ .name = "--flat", .desc = "per cost centre",
	  .detail = "a row per cost centre (its ticks in every stack),\n"
		    "the most first, not the tree" },
	{ .name = "--top", .arg = "N", .value = CLI_NUMBER, .desc = "with --flat: how many",
	  .detail = "with --flat: how many rows (default 20)" },
	{ .name = "--folded", .desc = "root;...;leaf COUNT stacks, for flamegraphs",
	  .detail = "a line per stack, root;...;leaf COUNT, as\n"
		    "flamegraph.pl and speedscope read them" },
	{ .name = "--speedscope", .desc = "a speedscope file: a sampled profile per capability",
	  .help = "a speedscope file: a sampled profile per capability" },
	{ .name = "--cap", .arg = "N", .value = CLI_NUMBER, .desc = "only capability N",
	  .detail = "only the ticks sampled on capability N" },
	{ .name = "--builtin", .desc = "keep the RTS's own cost centres (GC, IDLE)",
	  .detail = "keep the ticks of the RTS's own cost centres (GC,\n"
		    "IDLE, OVERHEAD_of...), left out by default" },
	{ 0 },
};
static const struct cli_opt activity_opts[] = {
	{ .name = "--columns", .arg = "N", .value = CLI_NUMBER, .desc = "how many columns",
	  .help = "how many columns (default 100)" },
	{ 0 },
};
static const struct cli_opt ticky_opts[] = {
	{ .name = "--sort", .arg = "KEY", .value = CLI_WORD, .words = sort_words,
	  .desc = "the order of the rows", .help = "entries, alloc, allocd or name (with --top N)" },
	{ .name = "--top", .arg = "N", .value = CLI_NUMBER, .desc = "with --sort: how many",
	  .detail = "with --sort: how many rows (default 20)" },
	{ .name = "--samples", .desc = "a row per sample and counter",
	  .help = "a row per sample and counter" },
	{ 0 },
};
static const struct cli_opt export_opts[] = {
	{ .name = "--chrome", .desc = "the Chrome Trace Event Format (required)",
	  .help = "that format (required: the only one)",
	  .detail = "the Chrome Trace Event Format (required: the only\none)" },
	{ .name = "-o", .arg = "OUT", .value = CLI_FILE, .desc = "write OUT, not standard output",
	  .help = "write OUT rather than standard output" },
	{ 0 },
};
static const struct cli_opt diff_opts[] = {
	{ .name = "--all", .desc = "also the figures that did not change",
	  .detail = "also the figures that did not change" },
	{ .name = "--align", .arg = "RE", .value = CLI_REGEX,
	  .desc = "from each run's first marker or message matching RE",
	  .detail = "measure from each run's first marker or message\n"
		    "matching the POSIX extended regex RE instead" },
	{ 0 },
};
static const struct cli_opt sql_opts[] = {
	{ .name = "--json", .desc = "the rows as a JSON array of objects",
	  .help = "the rows as a JSON array of objects (--tsv: tab-separated\n"
		  "with a header row; default: an aligned table)" },
	{ .name = "--schema", .desc = "every table, its columns, types and units",
	  .help = "every table, its columns, their types and units" },
	{ .name = "--db", .arg = "OUT", .value = CLI_FILE,
	  .desc = "every table of every log into the SQLite file OUT",
	  .help = "every table of every FILE into the SQLite file OUT,\n"
		  "a run column naming the log by its path; OUT is\n"
		  "replaced whole or not at all" },
	{ 0 },
};
static const struct cli_opt push_opts[] = {
	{ .name = "--events", .desc = "also the events and runs tables (the bulk of the data)",
	  .help = "also the events and runs tables, the bulk of the data" },
	{ .name = "--replace", .desc = "delete a run pushed before and push it again",
	  .help = "a log pushed before: its run deleted and pushed again\n"
		  "(without it, such a log is left as it is)" },
	{ .name = "--follow", .desc = "push a growing log, FIFO or socket as it is written",
	  .help = "a log that grows (a file, FIFO or socket): the rows\n"
		  "that became final every 2 s, the rest at its end" },
	{ .name = "--clean", .desc = "delete the runs cut short (with URL alone, no FILE)",
	  .help = "hectic push --clean URL: deletes the runs that pushes\n"
		  "and follows cut short left (their claim gone or stale)" },
	{ .name = "--host", .arg = "NAME", .value = CLI_NAME,
	  .desc = "the logs table's host (default: this machine's name)",
	  .help = "the logs table's host (default: this machine's name)" },
	{ .name = "--wait", .arg = "SECONDS", .value = CLI_NUMBER,
	  .desc = "wait this long at most for the server's deletes of a run (default 300)",
	  .help = "wait this long at most for the server's deletes of a\n"
		  "run (its own mutations; default 300)" },
	{ 0 },
};
static const struct cli_opt no_opts[] = { { 0 } };

#define REPORT (CLI_G_WINDOW | CLI_G_SAVE | CLI_G_TSV)

const struct cli_cmd cli_commands[] = {
	{ "show", "FILE", CLI_LOG, CLI_G_TEXT | CLI_G_SAVE | CLI_G_PAGER,
	  "print every event as text, like ghc-events show",
	  "print every event as text, like `ghc-events show`", show_opts, NULL },
	{ "summary", "FILE", CLI_LOG, REPORT, "a +RTS -s style report",
	  "a +RTS -s style report: allocation, GC, sparks, times", summary_opts, NULL },
	{ "gcs", "FILE", CLI_LOG, REPORT, "the longest GC pauses, and pause percentiles",
	  "the longest GC pauses, and pause percentiles", gcs_opts, NULL },
	{ "markers", "FILE", CLI_LOG, REPORT | CLI_G_TEXT | CLI_G_PAGER,
	  "user markers and messages, with timestamps",
	  "user markers and messages, with timestamps", markers_opts, NULL },
	{ "threads", "FILE", CLI_LOG, REPORT | CLI_G_TEXT | CLI_G_PAGER,
	  "threads: label, lifetime, running time, capabilities",
	  "threads: label, lifetime, running time, capabilities", no_opts, NULL },
	{ "heap", "FILE", CLI_LOG, REPORT | CLI_G_TEXT, "heap-profile bands by peak, with their mean",
	  "heap-profile bands (+RTS -h...) by peak, with their mean;\n"
	  "a -hi band by its info table and source location;\n"
	  "--tsv: one row per census and band (time, band, bytes,\n"
	  "and a -hi band's provenance)",
	  heap_opts, NULL },
	{ "profile", "FILE", CLI_LOG, REPORT | CLI_G_TEXT,
	  "the time profile (+RTS -p -l) as the .prof's tree",
	  "the time profile (+RTS -p -l) as the .prof's tree: ticks\n"
	  "individual and inherited per stack; --flat: per cost\n"
	  "centre; --folded: root;...;leaf COUNT stacks; --cap N;\n"
	  "--builtin keeps the RTS's own cost centres (GC, IDLE)",
	  profile_opts, NULL },
	{ "activity", "FILE", CLI_LOG, REPORT,
	  "per column and capability, the fraction of time running and in GC",
	  "per column and capability, the fraction of time running\n"
	  "and in GC (TSV: start end cap running gc)",
	  activity_opts, NULL },
	{ "spans", "FILE", CLI_LOG, REPORT | CLI_G_TEXT,
	  "the user's phases (START/STOP name) per name",
	  "the user's phases: START name / STOP name and name begin /\n"
	  "name end events paired per thread; count, total,\n"
	  "p50/p90/p99/max per name",
	  no_opts, NULL },
	{ "sparks", "FILE", CLI_LOG, REPORT, "per capability: sparks created, converted, ...",
	  "per capability: sparks created, converted, overflowed,\n"
	  "dud, GC'd and fizzled (the SPARKS line of +RTS -s)",
	  no_opts, NULL },
	{ "ticky", "FILE", CLI_LOG, REPORT | CLI_G_TEXT, "ticky-ticky counters as GHC's +RTS -r table",
	  "ticky-ticky counters (ghc -ticky, +RTS -lT) as GHC's\n"
	  "+RTS -r table, with IPE source locations",
	  ticky_opts, NULL },
	{ "export", "FILE", CLI_LOG, CLI_G_WINDOW | CLI_G_SAVE,
	  "the run as Chrome Trace Event JSON (Perfetto, chrome://tracing)",
	  "the run as Chrome Trace Event JSON, which ui.perfetto.dev,\n"
	  "chrome://tracing and speedscope open: a track per\n"
	  "capability, GCs, spans, markers, heap counters",
	  export_opts, NULL },
	{ "diff", "A B", CLI_LOGS, CLI_G_WINDOW | CLI_G_TSV | CLI_G_TEXT, "two runs compared",
	  "two runs compared: summary, GC pauses per generation,\n"
	  "heap bands, cost centres, spans, threads by label; A,\n"
	  "B, B - A and B / A, the largest changes first (--all:\n"
	  "also the unchanged; --align RE: from a marker)",
	  diff_opts,
	  "Compares two runs' eventlogs, with A, B, B - A and B / A: in each section the\n"
	  "figures of a unit together, the largest |B - A| first; a figure one run lacks\n"
	  "is empty on its side. The text gives times and bytes with their unit; --tsv\n"
	  "rows of section key a b delta ratio, times in ns, bytes as integers. --from\n"
	  "and --to give the same window of both runs, each from its own start.\n"
	  "Sections and keys (as --tsv names them):\n"
	  "  summary            every field of summary --tsv, by its name\n"
	  "  pauses             genN_count, genN_p50_ns, genN_p90_ns, genN_p99_ns, genN_max_ns\n"
	  "  heap, heap_mean    a band's peak and mean, by its name as heap --tsv writes it\n"
	  "  profile, profile_inherited\n"
	  "                     a cost centre's individual and inherited ticks, MODULE.NAME\n"
	  "  spans              NAME count, NAME total_ns, NAME p50_ns, NAME p99_ns, NAME max_ns\n"
	  "  threads            LABEL running_ns, LABEL runs (threads of a label summed)\n" },
	{ "sql", "A [B] [QUERY]", CLI_LOGS, CLI_G_SAVE | CLI_G_TSV | CLI_G_TEXT,
	  "SQL over the log's tables (events, gcs, threads, ...)",
	  "SQL over the log's tables (the events, the runs of\n"
	  "threads and what the reports print), read through the\n"
	  "index: nothing is copied; QUERY, or statements from standard\n"
	  "input; the connection only reads; B's tables are in\n"
	  "schema b (A's in main, also a); --db OUT FILE...\n"
	  "writes every log's tables into an SQLite file",
	  sql_opts, NULL },
	{ "push", "URL FILE...", CLI_LOG, 0,
	  "each log's tables into ClickHouse (the tables of hectic sql)",
	  "each log's tables (those of hectic sql) into ClickHouse\n"
	  "at URL, http://[USER[:PASSWORD]@]HOST:PORT/DATABASE (the\n"
	  "password also from HECTIC_CLICKHOUSE_PASSWORD): a run\n"
	  "column names the log by its whole content, a logs table\n"
	  "gets a row once a log's rows are all in; a log pushed\n"
	  "before, or being pushed, is not pushed again; a push cut\n"
	  "short is completed",
	  push_opts, NULL },
	{ "top", "FILE", CLI_LOG, CLI_G_WINDOW | CLI_G_SAVE,
	  "while the log grows, a line a second, then the summary",
	  "while the log grows, a line a second (allocation rate,\n"
	  "heap, live bytes, GC share, p99 pause, sparks), then the\n"
	  "summary; the same as summary --follow",
	  no_opts, NULL },
	{ "run", "PROG ARGS", CLI_PROG, VIEW_OPTS, "run PROG and view its eventlog live",
	  "runs PROG with GHCRTS='-l -ol<fifo>' and views its\n"
	  "eventlog live; quitting stops its process group:\n"
	  "SIGTERM, then SIGKILL 2 s later (also when the\n"
	  "viewer crashes or is killed)",
	  no_opts,
	  /* (2 s: cmd_run.c's RUN_GRACE_MS) */
	  "Runs PROG with GHCRTS='-l -ol<fifo>' added and views its eventlog live;\n"
	  "its output is shown when the viewer ends. PROG runs in a process group\n"
	  "of its own, under a supervisor: when the viewer ends by any path (q, a\n"
	  "signal, a crash, SIGKILL), the group gets SIGTERM, then SIGKILL 2 s\n"
	  "later, and the temporary directory is removed.\n" },
	{ 0 },
};

const struct cli_cmd *cli_command(const char *name)
{
	for (const struct cli_cmd *c = cli_commands; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
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

void cli_help_print(FILE *f)
{
	fputs("usage: hectic", f);
	synopsis_opts(f, VIEW_OPTS);
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
	for (const struct cli_cmd *c = cli_commands; c->name; c++) {
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
