/* gen-completions: hectic's shell completions, from the table `hectic
 * --help` is printed from (cli/commands.c), so that neither can drift
 * from the other.
 *
 *     gen-completions bash   the bash script (bash-completion's directory:
 *                            completions/hectic)
 *     gen-completions zsh    the zsh function (_hectic, #compdef hectic)
 *     gen-completions fish   the fish script (hectic.fish)
 *
 * Each completes the commands, each command's options (the viewer's at the
 * first word, with --help and --version), an option's value where it is
 * known (--keymap's names from keymaps/, --color's words, --sort's keys;
 * files for --save and -o), FILE operands as *.eventlog files, directories
 * and the stream prefixes unix: and tcp:, and run's PROG as a command.
 * Checks the table first: an option twice in a command, an option taking
 * different values in two commands, or a name or word a script cannot hold
 * as it is, is an error (exit 1). Links the table (cli/commands.c built
 * with -DHECTIC_GEN: no command's code), cli/cli_help.c and keymaps/
 * only. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/cli_help.h"

static const char *const kind_name[] = {
	[CLI_NONE] = "none", [CLI_FILE] = "file",   [CLI_NUMBER] = "other",
	[CLI_TIME] = "other", [CLI_REGEX] = "other", [CLI_WORD] = "word",
	[CLI_NAME] = "other",
};

static void die(const char *what, const char *name)
{
	fprintf(stderr, "gen-completions: %s: %s\n", name, what);
	exit(1);
}

/* A name or word the scripts write unquoted: letters, digits and -. */
static void plain(const char *s)
{
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-'))
			die("not a plain word (letters, digits and -)", s);
}

/* Every option of every command, the viewer's and the first word's. */
static const struct cli_opt *all_opt(size_t i)
{
	for (const struct cli_opt *o = cli_main_opts; o->name; o++)
		if (i-- == 0)
			return o;
	const struct cli_opt *o;
	for (size_t j = 0; (o = cli_cmd_option(&cli_viewer, j)); j++)
		if (i-- == 0)
			return o;
	for (const struct cli_cmd *c = cli_commands; c->name; c++)
		for (size_t j = 0; (o = cli_cmd_option(c, j)); j++)
			if (i-- == 0)
				return o;
	return NULL;
}

static bool same_words(const char *const *a, const char *const *b)
{
	if (!a || !b)
		return a == b;
	for (; *a && *b; a++, b++)
		if (strcmp(*a, *b))
			return false;
	return !*a && !*b;
}

/* No option twice in c. */
static void check_cmd(const struct cli_cmd *c)
{
	const struct cli_opt *o, *p;
	for (size_t i = 0; (o = cli_cmd_option(c, i)); i++)
		for (size_t j = 0; j < i && (p = cli_cmd_option(c, j)); j++)
			if (!strcmp(o->name, p->name))
				die("an option twice", c->name[0] ? c->name : "the viewer");
}

/* The checks: every name and word plain, an option once in a command, and
 * its value the same wherever it is taken (the scripts know an option's
 * value by its name). */
static void check_table(void)
{
	const struct cli_opt *o, *p;
	check_cmd(&cli_viewer);
	for (const struct cli_cmd *c = cli_commands; c->name; c++) {
		plain(c->name);
		check_cmd(c);
	}
	for (size_t i = 0; (o = all_opt(i)); i++) {
		plain(o->name);
		if (o->alt)
			plain(o->alt);
		if (o->value == CLI_WORD && !o->words)
			die("a word value with no words", o->name);
		for (const char *const *w = o->words; w && *w; w++)
			plain(*w);
		for (size_t j = 0; (p = all_opt(j)) && j < i; j++)
			if (!strcmp(o->name, p->name) &&
			    (o->value != p->value || !same_words(o->words, p->words)))
				die("takes different values in two commands", o->name);
	}
}

/* Prints s inside single quotes for sh and zsh ('\'' for '). */
static void sq_sh(const char *s)
{
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*s);
}

/* The names of c's options, space-separated (with their other spellings). */
static void opt_names(const struct cli_cmd *c)
{
	const struct cli_opt *o;
	for (size_t i = 0; (o = cli_cmd_option(c, i)); i++)
		printf("%s%s%s%s", i ? " " : "", o->alt ? o->alt : "", o->alt ? " " : "", o->name);
}

static void words(const char *const *w)
{
	for (size_t i = 0; w[i]; i++)
		printf("%s%s", i ? " " : "", w[i]);
}

/* ---- bash ---- */

static const char bash_body[] =
	"# The words of the line, a word that COMP_WORDBREAKS split at = or :\n"
	"# (--keymap=emacs, unix:PATH) joined again: _hectic_w, _hectic_cw.\n"
	"_hectic_rejoin()\n"
	"{\n"
	"\tlocal i w line=${COMP_LINE:0:COMP_POINT} j=-1\n"
	"\t_hectic_w=() _hectic_cw=0\n"
	"\tfor ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do\n"
	"\t\tw=${COMP_WORDS[i]}\n"
	"\t\tif ((j >= 0)) && [[ $line != [[:blank:]]* ]] &&\n"
	"\t\t\t[[ $w == [=:]* || ${_hectic_w[j]} == *[=:] ]]; then\n"
	"\t\t\t_hectic_w[j]+=$w\n"
	"\t\telse\n"
	"\t\t\t_hectic_w[++j]=$w\n"
	"\t\tfi\n"
	"\t\tline=${line#*\"$w\"}\n"
	"\t\t((i == COMP_CWORD)) && _hectic_cw=$j\n"
	"\tdone\n"
	"}\n"
	"\n"
	"# COMPREPLY less what readline keeps of the word $1: up to its last = or\n"
	"# : where COMP_WORDBREAKS breaks words.\n"
	"_hectic_trim()\n"
	"{\n"
	"\tlocal brk= c pre\n"
	"\tfor c in = :; do [[ $COMP_WORDBREAKS == *\"$c\"* ]] && brk+=$c; done\n"
	"\t[[ -n $brk && $1 == *[$brk]* ]] || return 0\n"
	"\tpre=${1%\"${1##*[$brk]}\"}\n"
	"\tCOMPREPLY=(\"${COMPREPLY[@]#\"$pre\"}\")\n"
	"}\n"
	"\n"
	"# Adds compgen's words for $2... to COMPREPLY, each after the prefix $1.\n"
	"_hectic_add()\n"
	"{\n"
	"\tlocal pre=$1 w\n"
	"\tshift\n"
	"\twhile IFS= read -r w; do COMPREPLY+=(\"$pre$w\"); done < <(compgen \"$@\")\n"
	"}\n"
	"\n"
	"# FILE: *.eventlog files, directories, unix:PATH and tcp:HOST:PORT.\n"
	"_hectic_logs()\n"
	"{\n"
	"\tcase $1 in\n"
	"\tunix:*) _hectic_add unix: -f -- \"${1#unix:}\" ;;\n"
	"\ttcp:*) ;;\n"
	"\t*)\n"
	"\t\t_hectic_add '' -d -- \"$1\"\n"
	"\t\t_hectic_add '' -f -X '!*.eventlog' -- \"$1\"\n"
	"\t\t_hectic_add '' -W 'unix: tcp:' -- \"$1\"\n"
	"\t\t;;\n"
	"\tesac\n"
	"}\n"
	"\n"
	"# The value $2 of the option $1, each after the prefix $3.\n"
	"_hectic_value_of()\n"
	"{\n"
	"\t_hectic_value \"$1\"\n"
	"\tcase $_hectic_kind in\n"
	"\tword) _hectic_add \"$3\" -W \"$_hectic_words\" -- \"$2\" ;;\n"
	"\tfile) _hectic_add \"$3\" -f -- \"$2\" ;;\n"
	"\tesac\n"
	"}\n"
	"\n"
	"_hectic()\n"
	"{\n"
	"\tlocal cur cmd= i w n=0 first=1 ends=0 cword _hectic_cw _hectic_kind _hectic_words\n"
	"\tlocal -a words _hectic_w\n"
	"\t_hectic_rejoin\n"
	"\twords=(\"${_hectic_w[@]}\") cword=$_hectic_cw cur=${_hectic_w[_hectic_cw]}\n"
	"\tCOMPREPLY=()\n"
	"\tif ((cword > 1)) && [[ \" $_hectic_commands \" == *\" ${words[1]} \"* ]]; then\n"
	"\t\tcmd=${words[1]} first=2\n"
	"\tfi\n"
	"\t# past the command: options and their values, operands, --\n"
	"\tfor ((i = first; i < cword; i++)); do\n"
	"\t\tw=${words[i]}\n"
	"\t\tif ((ends)); then\n"
	"\t\t\t((n++))\n"
	"\t\telif [[ $w == -- ]]; then\n"
	"\t\t\tends=1\n"
	"\t\telif [[ $w == -?* ]]; then\n"
	"\t\t\t[[ $w == *=* ]] && continue\n"
	"\t\t\t_hectic_value \"$w\"\n"
	"\t\t\t[[ $_hectic_kind == none ]] && continue\n"
	"\t\t\tif ((i == cword - 1)); then\n"
	"\t\t\t\t_hectic_value_of \"$w\" \"$cur\" ''\n"
	"\t\t\t\t_hectic_done \"$cur\"\n"
	"\t\t\t\treturn\n"
	"\t\t\tfi\n"
	"\t\t\t((i++))\n"
	"\t\telse\n"
	"\t\t\t((n++))\n"
	"\t\t\t[[ $cmd == run ]] && ends=1 # its options end at PROG\n"
	"\t\tfi\n"
	"\tdone\n"
	"\tif [[ $cmd == run ]] && { ((ends)) || [[ $cur != -* ]]; }; then\n"
	"\t\tif ((n == 0)) && [[ $cur != */* ]]; then\n"
	"\t\t\t_hectic_add '' -c -- \"$cur\"\n"
	"\t\telse\n"
	"\t\t\t_hectic_add '' -f -- \"$cur\"\n"
	"\t\tfi\n"
	"\telif ((!ends)) && [[ $cur == --*=* ]]; then\n"
	"\t\t_hectic_value_of \"${cur%%=*}\" \"${cur#*=}\" \"${cur%%=*}=\"\n"
	"\telif ((!ends)) && [[ $cur == -* ]]; then\n"
	"\t\t_hectic_add '' -W \"$(_hectic_options \"$cmd\")\" -- \"$cur\"\n"
	"\t\t((cword == 1)) && _hectic_add '' -W \"$_hectic_main\" -- \"$cur\"\n"
	"\telse\n"
	"\t\t((cword == 1)) && _hectic_add '' -W \"$_hectic_commands\" -- \"$cur\"\n"
	"\t\t[[ $cmd == run ]] || _hectic_logs \"$cur\"\n"
	"\tfi\n"
	"\t_hectic_done \"$cur\"\n"
	"}\n"
	"\n"
	"# The end of a completion of the word $1: the prefix readline keeps\n"
	"# taken off; names quoted as files (a directory gets its /), but for\n"
	"# unix: and tcp:, which would be quoted, and get no space.\n"
	"_hectic_done()\n"
	"{\n"
	"\tlocal w\n"
	"\t_hectic_trim \"$1\"\n"
	"\tfor w in \"${COMPREPLY[@]}\"; do\n"
	"\t\t[[ $w == *: ]] || continue\n"
	"\t\t((${#COMPREPLY[@]} == 1)) && compopt -o nospace 2>/dev/null\n"
	"\t\treturn 0\n"
	"\tdone\n"
	"\tcompopt -o filenames 2>/dev/null\n"
	"\treturn 0\n"
	"}\n"
	"\n"
	"complete -F _hectic hectic\n";

static void bash(void)
{
	puts("# hectic(1) completion for bash.\n"
	     "# Generated by tools/gen-completions from cli/commands.c, the table\n"
	     "# that hectic --help is printed from: edit that, not this file.\n");
	printf("_hectic_commands='");
	for (const struct cli_cmd *c = cli_commands; c->name; c++)
		printf("%s%s", c == cli_commands ? "" : " ", c->name);
	printf("'\n_hectic_main='");
	for (const struct cli_opt *o = cli_main_opts; o->name; o++)
		printf("%s%s%s%s", o == cli_main_opts ? "" : " ", o->alt ? o->alt : "",
		       o->alt ? " " : "", o->name);
	puts("'\n\n# The options of the command $1 ('' the viewer).\n_hectic_options()\n{\n\tcase $1 in");
	printf("\t'') echo '");
	opt_names(&cli_viewer);
	puts("' ;;");
	for (const struct cli_cmd *c = cli_commands; c->name; c++) {
		printf("\t%s) echo '", c->name);
		opt_names(c);
		puts("' ;;");
	}
	puts("\tesac\n}\n\n"
	     "# What the option $1 takes: _hectic_kind none, file, word (one of\n"
	     "# _hectic_words) or other.\n"
	     "_hectic_value()\n{\n\t_hectic_words=\n\tcase $1 in");
	const struct cli_opt *o;
	for (size_t i = 0; (o = all_opt(i)); i++) {
		size_t j = 0;
		while (j < i && strcmp(all_opt(j)->name, o->name))
			j++;
		if (j < i || o->value == CLI_NONE)
			continue;
		printf("\t%s) _hectic_kind=%s", o->name, kind_name[o->value]);
		if (o->words) {
			printf(" _hectic_words='");
			words(o->words);
			putchar('\'');
		}
		puts(" ;;");
	}
	puts("\t*) _hectic_kind=none ;;\n\tesac\n}\n");
	fputs(bash_body, stdout);
}

/* ---- zsh ---- */

/* _arguments specs for o, each line after indent and before end:
 * 'NAME[DESC]', 'NAME=[DESC]:ARG:ACTION' ('-o+[DESC]:ARG:ACTION'). */
static void zsh_spec(const struct cli_opt *o, const char *indent, const char *end)
{
	const char *names[2] = { o->alt, o->name };
	for (int k = 0; k < 2; k++) {
		if (!names[k])
			continue;
		bool lng = names[k][1] == '-';
		printf("%s'%s%s[", indent, names[k], !o->arg ? "" : lng ? "=" : "+");
		for (const char *p = o->desc; *p; p++) {
			if (*p == '[' || *p == ']' || *p == ':' || *p == '\\')
				putchar('\\');
			if (*p == '\'')
				fputs("'\\''", stdout);
			else
				putchar(*p);
		}
		putchar(']');
		if (o->arg) {
			printf(":%s:", o->arg);
			if (o->value == CLI_WORD) {
				putchar('(');
				words(o->words);
				putchar(')');
			} else {
				fputs(o->value == CLI_FILE ? "_files" : " ", stdout);
			}
		}
		printf("'%s", end);
	}
}

static void zsh_cmd(const struct cli_cmd *c)
{
	printf("(( $+functions[_hectic_%s] )) ||\n_hectic_%s() {\n\t_arguments -S%s : \\\n",
	       c->name, c->name, c->operand == CLI_PROG ? " -A '-*'" : "");
	const struct cli_opt *o;
	for (size_t i = 0; (o = cli_cmd_option(c, i)); i++)
		zsh_spec(o, "\t\t", " \\\n");
	if (c->operand == CLI_PROG)
		puts("\t\t'(-)1:program:_hectic_prog' \\\n\t\t'*::arguments:_normal'");
	else
		puts("\t\t'*:eventlog:_hectic_logs'");
	puts("}\n");
}

static const char zsh_logs[] =
	"# FILE: *.eventlog files, directories, unix:PATH and tcp:HOST:PORT.\n"
	"(( $+functions[_hectic_logs] )) ||\n"
	"_hectic_logs() {\n"
	"\tif compset -P 'unix:'; then\n"
	"\t\t_files\n"
	"\telif compset -P 'tcp:'; then\n"
	"\t\t_message -e hosts 'HOST:PORT'\n"
	"\telse\n"
	"\t\t_alternative 'files:eventlog:_files -g \"*.eventlog(-.)\"' \\\n"
	"\t\t\t'streams:stream:compadd -S \"\" unix: tcp:'\n"
	"\tfi\n"
	"}\n"
	"\n"
	"# run's PROG: a command (not an option's -)\n"
	"(( $+functions[_hectic_prog] )) ||\n"
	"_hectic_prog() {\n"
	"\t[[ $PREFIX == -* ]] || _command_names -e\n"
	"}\n\n";

static void zsh(void)
{
	puts("#compdef hectic\n"
	     "# hectic(1) completion for zsh.\n"
	     "# Generated by tools/gen-completions from cli/commands.c, the table\n"
	     "# that hectic --help is printed from: edit that, not this file.\n");
	fputs(zsh_logs, stdout);
	puts("(( $+functions[_hectic_commands] )) ||\n_hectic_commands() {\n\tlocal -a cmds=(");
	for (const struct cli_cmd *c = cli_commands; c->name; c++) {
		printf("\t\t'%s:", c->name);
		sq_sh(c->desc);
		puts("'");
	}
	puts("\t)\n\t_describe -t commands 'hectic command' cmds\n}\n");
	puts("(( $+functions[_hectic_first] )) ||\n_hectic_first() {\n"
	     "\t_alternative 'commands:command:_hectic_commands' 'files:eventlog:_hectic_logs'\n}\n");
	for (const struct cli_cmd *c = cli_commands; c->name; c++)
		zsh_cmd(c);
	printf("_hectic() {\n\tlocal curcontext=$curcontext\n"
	       "\tif (( CURRENT > 2 )) && [[ $words[2] == (");
	for (const struct cli_cmd *c = cli_commands; c->name; c++)
		printf("%s%s", c == cli_commands ? "" : "|", c->name);
	puts(") ]]; then\n"
	     "\t\tlocal cmd=$words[2]\n"
	     "\t\tshift words\n"
	     "\t\t(( CURRENT-- ))\n"
	     "\t\tcurcontext=${curcontext%:*:*}:hectic-$cmd:\n"
	     "\t\t_hectic_$cmd\n"
	     "\t\treturn\n"
	     "\tfi\n"
	     "\t# the first word: a command, the viewer's FILE, --help, --version\n"
	     "\tlocal -a first=( '*:eventlog:_hectic_logs' )\n"
	     "\t(( CURRENT == 2 )) && first=( '1: :_hectic_first' '*:eventlog:_hectic_logs'");
	for (const struct cli_opt *o = cli_main_opts; o->name; o++)
		zsh_spec(o, "\t\t", "\n");
	puts("\t)\n\t_arguments -S : \"${first[@]}\" \\");
	const struct cli_opt *o;
	for (size_t i = 0; (o = cli_cmd_option(&cli_viewer, i)); i++)
		zsh_spec(o, "\t\t", cli_cmd_option(&cli_viewer, i + 1) ? " \\\n" : "\n");
	puts("}\n\n_hectic \"$@\"");
}

/* ---- fish ---- */

/* Prints s inside fish's single quotes (\\ and \'). */
static void sq_fish(const char *s)
{
	for (; *s; s++) {
		if (*s == '\'' || *s == '\\')
			putchar('\\');
		putchar(*s);
	}
}

static const char fish_body[] =
	"# The command word, or '' for the viewer (hectic FILE, hectic -x FILE).\n"
	"function __hectic_cmd\n"
	"\tset -l w (commandline -opc)\n"
	"\tif set -q w[2]; and contains -- $w[2] $__hectic_commands\n"
	"\t\techo $w[2]\n"
	"\telse\n"
	"\t\techo ''\n"
	"\tend\n"
	"end\n"
	"\n"
	"# How many operands are before the cursor, past the command and its\n"
	"# options; then 1 when the options have ended (--, or run's PROG).\n"
	"function __hectic_operands\n"
	"\tset -l w (commandline -opc)\n"
	"\tset -l cmd (__hectic_cmd)\n"
	"\tset -e w[1]\n"
	"\ttest -n \"$cmd\"; and set -e w[1]\n"
	"\tset -l n 0\n"
	"\tset -l skip 0\n"
	"\tset -l ends 0\n"
	"\tfor x in $w\n"
	"\t\tif test $skip = 1\n"
	"\t\t\tset skip 0\n"
	"\t\telse if test $ends = 1\n"
	"\t\t\tset n (math $n + 1)\n"
	"\t\telse if test \"$x\" = --\n"
	"\t\t\tset ends 1\n"
	"\t\telse if string match -q -- '--*=*' $x\n"
	"\t\telse if string match -q -- '-?*' $x\n"
	"\t\t\tcontains -- $x $__hectic_valued; and set skip 1\n"
	"\t\telse\n"
	"\t\t\tset n (math $n + 1)\n"
	"\t\t\ttest \"$cmd\" = run; and set ends 1\n"
	"\t\tend\n"
	"\tend\n"
	"\techo $n $ends\n"
	"end\n"
	"\n"
	"# The command is $argv[1] ('' the viewer), its options not ended.\n"
	"function __hectic_is\n"
	"\tset -l c (__hectic_cmd)\n"
	"\ttest \"$c\" = \"$argv[1]\"; or return 1\n"
	"\tset -l n (string split ' ' (__hectic_operands))\n"
	"\ttest $n[2] = 0\n"
	"end\n"
	"\n"
	"# The first word.\n"
	"function __hectic_first\n"
	"\ttest (count (commandline -opc)) = 1\n"
	"end\n"
	"\n"
	"# The command is run (any), at its PROG (prog) or past it (args).\n"
	"function __hectic_run\n"
	"\tset -l c (__hectic_cmd)\n"
	"\ttest \"$c\" = run; or return 1\n"
	"\tset -l n (string split ' ' (__hectic_operands))\n"
	"\tswitch $argv[1]\n"
	"\tcase any\n"
	"\t\treturn 0\n"
	"\tcase prog\n"
	"\t\tset -l t (commandline -ct)\n"
	"\t\ttest $n[1] = 0; and begin\n"
	"\t\t\ttest $n[2] = 1; or not string match -q -- '-*' \"$t\"\n"
	"\t\tend\n"
	"\tcase args\n"
	"\t\ttest $n[1] -gt 0\n"
	"\tend\n"
	"end\n"
	"\n"
	"# FILE: *.eventlog files, directories, unix:PATH and tcp:HOST:PORT.\n"
	"function __hectic_logs\n"
	"\tset -l t (commandline -ct)\n"
	"\tswitch $t\n"
	"\tcase 'unix:*'\n"
	"\t\tfor f in (__fish_complete_path (string sub -s 6 -- $t))\n"
	"\t\t\techo unix:$f\n"
	"\t\tend\n"
	"\tcase 'tcp:*'\n"
	"\tcase '*'\n"
	"\t\t__fish_complete_path $t | string match -r -- '.*(?:\\.eventlog|/)\\t.*'\n"
	"\t\techo unix:\n"
	"\t\techo tcp:\n"
	"\tend\n"
	"end\n"
	"\n"
	"complete -c hectic -f\n"
	"complete -c hectic -n 'not __hectic_run any' -a '(__hectic_logs)'\n"
	"complete -c hectic -n '__hectic_run prog' -a '(__fish_complete_command)'\n"
	"complete -c hectic -n '__hectic_run args' -F\n";

/* complete lines for c's options, under the condition cond. */
static void fish_opts(const struct cli_cmd *c, const char *cond)
{
	const struct cli_opt *o;
	for (size_t i = 0; (o = cli_cmd_option(c, i)); i++) {
		const char *names[2] = { o->alt, o->name };
		printf("complete -c hectic -n '%s'", cond);
		for (int k = 0; k < 2; k++)
			if (names[k])
				printf(" -%s %s", names[k][1] == '-' ? "l" : "s",
				       names[k] + (names[k][1] == '-' ? 2 : 1));
		if (o->value == CLI_FILE)
			fputs(" -r -F", stdout);
		else if (o->arg)
			fputs(" -x", stdout);
		if (o->value == CLI_WORD) {
			fputs(" -a '", stdout);
			words(o->words);
			putchar('\'');
		}
		fputs(" -d '", stdout);
		sq_fish(o->desc);
		puts("'");
	}
}

static void fish(void)
{
	puts("# hectic(1) completion for fish.\n"
	     "# Generated by tools/gen-completions from cli/commands.c, the table\n"
	     "# that hectic --help is printed from: edit that, not this file.\n");
	printf("set -g __hectic_commands");
	for (const struct cli_cmd *c = cli_commands; c->name; c++)
		printf(" %s", c->name);
	printf("\n# the options that take a value in the next word\nset -g __hectic_valued");
	const struct cli_opt *o;
	for (size_t i = 0; (o = all_opt(i)); i++) {
		size_t j = 0;
		while (j < i && strcmp(all_opt(j)->name, o->name))
			j++;
		if (j == i && o->arg)
			printf(" %s", o->name);
	}
	puts("\n");
	fputs(fish_body, stdout);
	puts("\n# the first word");
	for (const struct cli_cmd *c = cli_commands; c->name; c++) {
		printf("complete -c hectic -n __hectic_first -a %s -d '", c->name);
		sq_fish(c->desc);
		puts("'");
	}
	for (o = cli_main_opts; o->name; o++) {
		printf("complete -c hectic -n __hectic_first%s%s -l %s -d '", o->alt ? " -s " : "",
		       o->alt ? o->alt + 1 : "", o->name + 2);
		sq_fish(o->desc);
		puts("'");
	}
	puts("\n# the viewer's options");
	fish_opts(&cli_viewer, "__hectic_is \"\"");
	for (const struct cli_cmd *c = cli_commands; c->name; c++) {
		char cond[64];
		printf("\n# %s\n", c->name);
		snprintf(cond, sizeof cond, "__hectic_is %s", c->name);
		fish_opts(c, cond);
	}
}

int main(int argc, char **argv)
{
	check_table();
	if (argc == 2 && !strcmp(argv[1], "bash"))
		bash();
	else if (argc == 2 && !strcmp(argv[1], "zsh"))
		zsh();
	else if (argc == 2 && !strcmp(argv[1], "fish"))
		fish();
	else {
		fputs("usage: gen-completions bash|zsh|fish\n", stderr);
		return 2;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("gen-completions");
		return 1;
	}
	return 0;
}
