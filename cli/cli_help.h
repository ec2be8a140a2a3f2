/* cli_help: the command line as data: every command with its operands and
 * options, every option with the kind of value it takes, and the text of
 * `hectic --help` (cli_help.c). main.c's usage() prints --help from it and
 * tools/gen-completions.c writes the bash, zsh and fish completions from
 * it, so that the two cannot drift; tests/completions.sh checks both
 * against the usage line each command prints itself. Data only: no curses,
 * nothing of the log. */
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
};

/* The commands, in --help's order, ended by a NULL name. */
extern const struct cli_cmd cli_commands[];
/* hectic [viewer options] FILE | A B: the viewer, no command word. */
extern const struct cli_cmd cli_viewer;
/* The options commands share, each with its CLI_G_* group. */
extern const struct cli_opt cli_common_opts[];
/* The options of the first word alone: --help, --version. */
extern const struct cli_opt cli_main_opts[];

/* The command called name, or NULL. */
const struct cli_cmd *cli_command(const char *name);

/* The i-th option c takes (its own, then the common ones of its groups),
 * or NULL past the last. */
const struct cli_opt *cli_cmd_option(const struct cli_cmd *c, size_t i);

/* hectic --help. */
void cli_help_print(FILE *f);

/* What hectic CMD --help prints after the command's usage line: its text
 * (.text, or .help as a sentence), then a row for each option it takes,
 * its own and the common ones. */
void cli_cmd_help_print(FILE *f, const struct cli_cmd *c);

/* Its second part: "Options:" and the rows. */
void cli_cmd_opts_print(FILE *f, const struct cli_cmd *c);

#endif
