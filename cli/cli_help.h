/* cli_help: the command line as data: every command with its operands,
 * options, help and usage line and how it runs, every option with the kind
 * of value it takes (the one table, cli/commands.c), and `hectic --help`
 * and each command's usage printed from its row (cli_help.c, with the
 * options commands share). main.c dispatches from it, and
 * tools/gen-completions.c writes the bash, zsh and fish completions from
 * it, so that none can drift; tests/completions.sh checks them against the
 * usage line each command prints. Types and words only: no curses, nothing
 * of the log. */
#ifndef HECTIC_CLI_HELP_H
#define HECTIC_CLI_HELP_H

#include <stdbool.h>
#include <stdio.h>

/* What an option's value is, for the completions. */
enum cli_value {
	CLI_NONE,   /* takes no value */
	CLI_FILE,   /* a file of any name (--save OUT, -o OUT) */
	CLI_NUMBER, /* an integer */
	CLI_TIME,   /* a time: ns, or a number with s, ms, us or ns */
	CLI_REGEX,  /* a POSIX extended regex */
	CLI_WORD,   /* one of .words */
	CLI_NAME,   /* a name of any spelling (--host NAME) */
};

/* Which options besides a command's own it takes (struct cli_cmd.groups);
 * each option of cli_common_opts belongs to one. */
enum {
	CLI_G_WINDOW = 1 << 0, /* --from T, --to T */
	CLI_G_SAVE = 1 << 1,   /* a report's --save OUT */
	CLI_G_TSV = 1 << 2,    /* --tsv */
	CLI_G_TEXT = 1 << 3,   /* --raw, --escape */
	CLI_G_PAGER = 1 << 4,  /* --no-pager */
	CLI_G_VIEW = 1 << 5,   /* the viewer's --keymap, --color, --ascii, --bands */
	CLI_G_VSAVE = 1 << 6,  /* the viewer's --save OUT */
	CLI_G_ALIGN = 1 << 7,  /* the viewer's --align RE (two runs) */
	CLI_G_REPORT = CLI_G_WINDOW | CLI_G_SAVE | CLI_G_TSV | CLI_G_TEXT | CLI_G_PAGER,
	CLI_G_VIEWER = CLI_G_VIEW | CLI_G_VSAVE, /* the viewer's, and hectic run's */
};

struct cli_opt {
	const char *name;  /* "--top", or "-o"; NULL ends a table */
	const char *alt;   /* its other spelling, shown before it ("-h" of "--help") */
	const char *arg;   /* its value's name ("N"); NULL: it takes none */
	enum cli_value value;
	const char *const *words; /* CLI_WORD: the values, NULL-terminated */
	bool eq;           /* written NAME=ARG in --help ("--keymap=NAME") */
	const char *row;   /* the left column of its row when not NAME ARG */
	const char *desc;  /* one line, for the completions' descriptions */
	const char *help;  /* its row's lines in --help ('\n' between); NULL:
			    * no row (the command's text or a usage line says it) */
	const char *detail; /* its row's lines in the command's own --help
			     * (hectic CMD --help) when not .help's; NULL
			     * there too: no row (another row names it:
			     * --to is --from's) */
	unsigned group;    /* cli_common_opts: its CLI_G_* */
};

/* What a command's words past its options are. */
enum cli_operand {
	CLI_LOG,  /* FILE: an eventlog file, FIFO, -, unix:PATH or tcp:HOST:PORT */
	CLI_LOGS, /* A B: two of them (the viewer: one or two) */
	CLI_PROG, /* PROG ARGS: a program and its arguments; options end at PROG */
};

/* How the reports' driver (report.c) runs a report, a row whose .run is
 * NULL: what it opens and builds for it, and the ops that print it. The
 * common options it takes are its row's groups (CLI_G_TEXT: [--raw |
 * --escape]; CLI_G_PAGER: through $PAGER on a terminal, pager.h; no
 * CLI_G_TSV: it writes a format of its own), and those of its own options
 * the driver refuses to other reports (--follow, --grep's regex, --hp,
 * --speedscope, --chrome, -o) its row's options. */
struct report_ops;
struct cli_report {
	int needs;           /* what the driver builds besides the store
			      * (model/table.h: TABLE_NEEDS_STORE, _TRACKS
			      * or _HEAP) */
	bool sparks_only;    /* the tracks only when the log holds spark
			      * counters (the index says so, exactly:
			      * IX_SPARK_COUNTERS); else none, all zero, and
			      * the report prints no row */
	unsigned reads;      /* the tracks' lists it prints from (TRACKS_CUT_*):
			      * one that stopped at the budget makes it partial */
	bool tsv_whole;      /* its --tsv rows are whole all the same (its table
			      * reads the store where the list stopped) */
	const struct report_ops *ops;
	const char *alias;   /* this report is alias + alias_arg (top: summary --follow) */
	const char *alias_arg;
};

struct cli_cmd {
	const char *name; /* NULL ends cli_commands; "" the viewer (hectic FILE) */
	const char *args; /* the operands as --help shows them ("FILE") */
	enum cli_operand operand;
	unsigned groups;  /* the common options it takes: CLI_G_* */
	const char *desc; /* one line, for the completions */
	const char *help; /* its lines under Commands: in --help */
	const struct cli_opt *opts; /* its own options (NULL-name ended) */
	const char *text; /* its own --help's text (hectic CMD --help), when
			   * more than .help's lines as a sentence; NULL:
			   * those */
	const char *usage; /* its usage line past "usage: hectic NAME ": the
			    * whole of it (a command), or its own options
			    * before the common ones (a report; NULL: none) */
	/* a command: its cmd_NAME.c's, given its own row (its usage and
	 * help: the file names no row, which would make it and the table a
	 * circle) and argv (argv[0] its name), returning the exit status;
	 * NULL: a report */
	int (*run)(const struct cli_cmd *self, int argc, char **argv);
	struct cli_report report; /* a report: how it runs */
};

/* The commands, in --help's order, ended by a NULL name (commands.c). */
extern const struct cli_cmd cli_commands[];
/* hectic [viewer options] FILE | A B: the viewer, no command word
 * (commands.c). */
extern const struct cli_cmd cli_viewer;
/* The command of cli_commands called name, or NULL (commands.c). */
const struct cli_cmd *cli_command(const char *name);

/* The options commands share, each with its CLI_G_* group (cli_help.c). */
extern const struct cli_opt cli_common_opts[];
/* The options of the first word alone: --help, --version (cli_help.c). */
extern const struct cli_opt cli_main_opts[];

/* The i-th option c takes (its own, then the common ones of its groups),
 * or NULL past the last. */
const struct cli_opt *cli_cmd_option(const struct cli_cmd *c, size_t i);

/* c's own option called name ("--follow"), or NULL. */
const struct cli_opt *cli_cmd_own(const struct cli_cmd *c, const char *name);

/* hectic --help, its commands cmds (cli_commands). */
void cli_help_print(FILE *f, const struct cli_cmd *cmds);

/* What hectic CMD --help prints after the command's usage line: its text
 * (.text, or .help as a sentence), then a row for each option it takes,
 * its own and the common ones. */
void cli_cmd_help_print(FILE *f, const struct cli_cmd *c);

/* Its second part: "Options:" and the rows. */
void cli_cmd_opts_print(FILE *f, const struct cli_cmd *c);

/* c's usage line ("usage: hectic NAME ..."; a report's common options
 * from its groups), and when f is stdout (hectic NAME --help) the rest of
 * its help, cli_cmd_help_print's. */
void cli_usage_print(FILE *f, const struct cli_cmd *c);

#endif
