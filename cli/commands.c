/* commands: the one table of hectic's command line, cli_commands[]. A row
 * a command: its name, operands, the common options it takes (CLI_G_*,
 * cli_help.c's), its own options, its lines in --help and its own --help,
 * its usage line, and how it runs: .run, the function of its file
 * cmd_NAME.c, or for a report .report, what the reports' driver (report.c)
 * opens and builds for it and the ops of its report_FAMILY.c that print
 * it. main.c dispatches from it; cli_help.c prints --help and every usage
 * line from it; tools/gen-completions.c writes the shell completions from
 * it; tools/update-man.sh (through tools/gen-man-keys) holds the man
 * page's commands to it. A new command is its file and its row here.
 *
 * A command is given its own row when it runs, and prints its usage from
 * that: were its file to name the table (cli_command("show")), it and this
 * file would refer to each other, a circle tools/check-structure.sh
 * refuses.
 *
 * The generators link this table too, built with -DHECTIC_GEN (the
 * Makefile's $(BUILD)/tools/commands-gen.o): RUN() is then a stub and
 * OPS() NULL, so that they link the table, cli_help.c and keymaps/ alone,
 * not the commands, the reports, the viewer, curses, SQLite and curl that
 * the functions the rows name would bring. They read the rows' words and
 * never run one. (Weak stubs, or the generators linking the program, were
 * the other ways: the first hides which definition wins, the second would
 * link all of hectic and its libraries into a build tool.) */
#include "cli_help.h"

#include <stddef.h>
#include <string.h>

#include "../model/table.h"
#include "../model/tracks.h"
#include "cmd.h"
#include "report.h"

#ifdef HECTIC_GEN
/* (the generators' build: no command is linked; a stub, not NULL, since
 * a NULL .run is a report's) */
static int gen_no_run(const struct cli_cmd *self, int argc, char **argv)
{
	(void)self;
	(void)argc;
	(void)argv;
	return EXIT_USAGE;
}
#define RUN(f) gen_no_run
#define OPS(ops) NULL
#else
#define RUN(f) f
#define OPS(ops) (&(ops))
#endif

static const char *const sort_words[] = { "entries", "alloc", "allocd", "name", NULL };

/* ---- the commands ---- */

const struct cli_cmd cli_viewer = {
	.name = "", .args = "FILE", .operand = CLI_LOGS, .groups = CLI_G_VIEWER | CLI_G_ALIGN,
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
static const struct cli_opt doctor_opts[] = {
	{ .name = "--json", .desc = "the findings as a JSON array of objects",
	  .help = "the findings as a JSON array of objects" },
	{ .name = "--figures", .desc = "the figures the findings rest on",
	  .help = "the figures the findings rest on (figure key value)" },
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
	  "print every event as text, like `ghc-events show`", show_opts, NULL,
	  .usage = "[--pretty-time] [--raw | --escape] [--no-pager] [--save OUT] FILE",
	  .run = RUN(cmd_show) },
	{ "summary", "FILE", CLI_LOG, REPORT, "a +RTS -s style report",
	  "a +RTS -s style report: allocation, GC, sparks, times", summary_opts, NULL,
	  .report = { .needs = TABLE_NEEDS_TRACKS, .reads = TRACKS_CUT_THREADS,
		      .ops = OPS(report_summary_ops) } },
	{ "gcs", "FILE", CLI_LOG, REPORT, "the longest GC pauses, and pause percentiles",
	  "the longest GC pauses, and pause percentiles", gcs_opts, NULL, .usage = "[--top N] [--gen G]",
	  /* (reads 0: where the list stopped, gcs_stream) */
	  .report = { .needs = TABLE_NEEDS_TRACKS, .reads = 0, .ops = OPS(report_gcs_ops) } },
	{ "markers", "FILE", CLI_LOG, REPORT | CLI_G_TEXT | CLI_G_PAGER,
	  "user markers and messages, with timestamps",
	  "user markers and messages, with timestamps", markers_opts, NULL, .usage = "[--grep RE]",
	  .report = { .needs = TABLE_NEEDS_STORE, .ops = OPS(report_markers_ops) } },
	{ "threads", "FILE", CLI_LOG, REPORT | CLI_G_TEXT | CLI_G_PAGER,
	  "threads: label, lifetime, running time, capabilities",
	  "threads: label, lifetime, running time, capabilities", no_opts, NULL,
	  .report = { .needs = TABLE_NEEDS_TRACKS, .reads = TRACKS_CUT_THREADS | TRACKS_CUT_CAPS,
		      .ops = OPS(report_threads_ops) } },
	{ "heap", "FILE", CLI_LOG, REPORT | CLI_G_TEXT, "heap-profile bands by peak, with their mean",
	  "heap-profile bands (+RTS -h...) by peak, with their mean;\n"
	  "a -hi band by its info table and source location;\n"
	  "--tsv: one row per census and band (time, band, bytes,\n"
	  "and a -hi band's provenance)",
	  heap_opts, NULL, .usage = "[--top N | --hp]",
	  .report = { .needs = TABLE_NEEDS_HEAP, .ops = OPS(report_heap_ops) } },
	{ "profile", "FILE", CLI_LOG, REPORT | CLI_G_TEXT,
	  "the time profile (+RTS -p -l) as the .prof's tree",
	  "the time profile (+RTS -p -l) as the .prof's tree: ticks\n"
	  "individual and inherited per stack; --flat: per cost\n"
	  "centre; --folded: root;...;leaf COUNT stacks; --cap N;\n"
	  "--builtin keeps the RTS's own cost centres (GC, IDLE)",
	  profile_opts, NULL,
	  .usage = "[--flat [--top N] | --folded | --speedscope] [--cap N] [--builtin]",
	  .report = { .needs = TABLE_NEEDS_HEAP, .ops = OPS(report_profile_ops) } },
	{ "activity", "FILE", CLI_LOG, REPORT,
	  "per column and capability, the fraction of time running and in GC",
	  "per column and capability, the fraction of time running\n"
	  "and in GC (TSV: start end cap running gc)",
	  activity_opts, NULL, .usage = "[--columns N]",
	  .report = { .needs = TABLE_NEEDS_TRACKS, .reads = TRACKS_CUT_CAPS,
		      .ops = OPS(report_activity_ops) } },
	{ "spans", "FILE", CLI_LOG, REPORT | CLI_G_TEXT,
	  "the user's phases (START/STOP name) per name",
	  "the user's phases: START name / STOP name and name begin /\n"
	  "name end events paired per thread; count, total,\n"
	  "p50/p90/p99/max per name",
	  no_opts, NULL, .report = { .needs = TABLE_NEEDS_STORE, .ops = OPS(report_spans_ops) } },
	{ "sparks", "FILE", CLI_LOG, REPORT, "per capability: sparks created, converted, ...",
	  "per capability: sparks created, converted, overflowed,\n"
	  "dud, GC'd and fizzled (the SPARKS line of +RTS -s)",
	  no_opts, NULL,
	  .report = { .needs = TABLE_NEEDS_TRACKS, .sparks_only = true,
		      .reads = TRACKS_CUT_SPARKS | TRACKS_CUT_CAPS, .ops = OPS(report_sparks_ops) } },
	{ "ticky", "FILE", CLI_LOG, REPORT | CLI_G_TEXT, "ticky-ticky counters as GHC's +RTS -r table",
	  "ticky-ticky counters (ghc -ticky, +RTS -lT) as GHC's\n"
	  "+RTS -r table, with IPE source locations",
	  ticky_opts, NULL, .usage = "[--sort entries|alloc|allocd|name [--top N]] [--samples]",
	  .report = { .needs = TABLE_NEEDS_STORE, .ops = OPS(report_ticky_ops) } },
	{ "export", "FILE", CLI_LOG, CLI_G_WINDOW | CLI_G_SAVE,
	  "the run as Chrome Trace Event JSON (Perfetto, chrome://tracing)",
	  "the run as Chrome Trace Event JSON, which ui.perfetto.dev,\n"
	  "chrome://tracing and speedscope open: a track per\n"
	  "capability, GCs, spans, markers, heap counters",
	  export_opts, NULL, .usage = "--chrome [-o OUT]",
	  /* (the collections, the heap's counters and the marks read the
	   * store where their lists stopped) */
	  .report = { .needs = TABLE_NEEDS_TRACKS, .reads = TRACKS_CUT_THREADS | TRACKS_CUT_CAPS,
		      .ops = OPS(report_export_ops) } },
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
	  "  threads            LABEL running_ns, LABEL runs (threads of a label summed)\n",
	  .usage = "[--from T] [--to T] [--align RE] [--all] [--tsv] [--raw | --escape] A B",
	  .run = RUN(cmd_diff) },
	{ "doctor", "FILE [B]", CLI_LOGS, CLI_G_WINDOW | CLI_G_TSV | CLI_G_TEXT,
	  "what is wrong with the run, worst first, and what to try",
	  "what is wrong with the run, worst first: each finding's\n"
	  "kind, its cost (a share of the capabilities' time), where\n"
	  "it is worst, the figures it rests on, what to do and the\n"
	  "RTS flags to try; with B, the findings that appeared,\n"
	  "went or changed",
	  doctor_opts,
	  "Reads the run's scheduler, GC, spark and heap events and names what costs it\n"
	  "time, worst first. A finding's cost is the share of the run's capability\n"
	  "time (capabilities x elapsed) it explains; under 5% it is information, not a\n"
	  "warning. Kinds: nursery (minor collections), major-pauses, live-growth (live\n"
	  "data that grows as a leak does), gc-balance (GC threads idle in parallel\n"
	  "collections), mvar, blackhole and stm (capabilities idle while threads wait\n"
	  "on each other), sparks (sparks wasted), parallelism (capabilities idle with\n"
	  "nothing to run). --tsv: rank kind cost from to evidence advice rts, times in\n"
	  "ns. --figures: the figures the findings rest on (doc/doctor.md defines\n"
	  "each). With two logs: each kind's cost in A and in B, and whether it\n"
	  "appeared, went, got worse or better.\n",
	  .usage = "[--from T] [--to T] [--tsv | --json | --figures] [--raw | --escape] FILE [B]",
	  .run = RUN(cmd_doctor) },
	{ "sql", "A [B] [QUERY]", CLI_LOGS, CLI_G_SAVE | CLI_G_TSV | CLI_G_TEXT,
	  "SQL over the log's tables (events, gcs, threads, ...)",
	  "SQL over the log's tables (the events, the runs of\n"
	  "threads and what the reports print), read through the\n"
	  "index: nothing is copied; QUERY, or statements from standard\n"
	  "input; the connection only reads; B's tables are in\n"
	  "schema b (A's in main, also a); --db OUT FILE...\n"
	  "writes every log's tables into an SQLite file",
	  sql_opts, NULL,
	  .usage = "[--tsv | --json] [--raw | --escape] [--save OUT] A [B] [QUERY]"
		   " | --db OUT FILE... | --schema",
	  .run = RUN(cmd_sql) },
	{ "push", "URL FILE...", CLI_LOG, 0,
	  "each log's tables into ClickHouse (the tables of hectic sql)",
	  "each log's tables (those of hectic sql) into ClickHouse\n"
	  "at URL, http://[USER[:PASSWORD]@]HOST:PORT/DATABASE (the\n"
	  "password also from HECTIC_CLICKHOUSE_PASSWORD): a run\n"
	  "column names the log by its whole content, a logs table\n"
	  "gets a row once a log's rows are all in; a log pushed\n"
	  "before, or being pushed, is not pushed again; a push cut\n"
	  "short is completed",
	  push_opts, NULL,
	  .usage = "[--events] [--replace] [--follow] [--host NAME] [--wait SECONDS] URL FILE... | "
		   "hectic push --clean URL",
	  .run = RUN(cmd_push) },
	{ "top", "FILE", CLI_LOG, CLI_G_WINDOW | CLI_G_SAVE,
	  "while the log grows, a line a second, then the summary",
	  "while the log grows, a line a second (allocation rate,\n"
	  "heap, live bytes, GC share, p99 pause, sparks), then the\n"
	  "summary; the same as summary --follow",
	  no_opts, NULL, .report = { .alias = "summary", .alias_arg = "--follow" } },
	{ "run", "PROG ARGS", CLI_PROG, CLI_G_VIEWER, "run PROG and view its eventlog live",
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
	  "later, and the temporary directory is removed.\n",
	  .usage = "[--save FILE] [--keymap=NAME] [--color=WHEN] [--ascii] [--bands N] [--] "
		   "PROG [ARGS...]",
	  .run = RUN(cmd_run) },
	{ 0 },
};

const struct cli_cmd *cli_command(const char *name)
{
	for (const struct cli_cmd *c = cli_commands; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}
