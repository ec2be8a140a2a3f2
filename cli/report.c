/* report: the reports' driver, which runs a row of the command table
 * (cli/commands.c) whose .report says how. Parsing the options,
 * opening the input, the choice of TSV or text, the errors and the end of
 * a report are here, once; the families' ops print the rows. With --tsv, a
 * report prints a header row naming the columns and one row per item,
 * times and durations in integer nanoseconds, bytes as integers. */
#include "report.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../model/regex_guard.h"
#include "../model/timefmt.h"
#include "cli.h"
#include "cli_help.h"
#include "pager.h"
#include "../common/report_text.h"

enum { OPT_FROM = 1000, OPT_TO, OPT_RAW, OPT_ESCAPE, OPT_TOP, OPT_GEN, OPT_GREP, OPT_TSV,
       OPT_COLUMNS, OPT_FOLDED, OPT_FLAT, OPT_CAP, OPT_BUILTIN, OPT_SAVE, OPT_FOLLOW,
       OPT_SORT, OPT_SAMPLES, OPT_HP, OPT_SPEEDSCOPE, OPT_NO_PAGER, OPT_CHROME };

static const struct option options[] = {
	{ "from", required_argument, NULL, OPT_FROM },
	{ "to", required_argument, NULL, OPT_TO },
	{ "raw", no_argument, NULL, OPT_RAW },
	{ "escape", no_argument, NULL, OPT_ESCAPE },
	{ "top", required_argument, NULL, OPT_TOP },
	{ "gen", required_argument, NULL, OPT_GEN },
	{ "grep", required_argument, NULL, OPT_GREP },
	{ "tsv", no_argument, NULL, OPT_TSV },
	{ "columns", required_argument, NULL, OPT_COLUMNS },
	{ "folded", no_argument, NULL, OPT_FOLDED },
	{ "flat", no_argument, NULL, OPT_FLAT },
	{ "cap", required_argument, NULL, OPT_CAP },
	{ "builtin", no_argument, NULL, OPT_BUILTIN },
	{ "save", required_argument, NULL, OPT_SAVE },
	{ "follow", no_argument, NULL, OPT_FOLLOW },
	{ "sort", required_argument, NULL, OPT_SORT },
	{ "samples", no_argument, NULL, OPT_SAMPLES },
	{ "hp", no_argument, NULL, OPT_HP },
	{ "speedscope", no_argument, NULL, OPT_SPEEDSCOPE },
	{ "no-pager", no_argument, NULL, OPT_NO_PAGER },
	{ "chrome", no_argument, NULL, OPT_CHROME },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ 0 },
};

/* A number option's value into *o; false, having said why, when bad. */
static bool number_option(int c, const char *arg, struct report_opts *o)
{
	char *end;
	errno = 0;
	long v = strtol(arg, &end, 10);
	if (*end || end == arg || v < 0 || errno || (c == OPT_COLUMNS && (v < 1 || v > 100000))) {
		warnx_(c == OPT_COLUMNS ? "bad column count '%s' (1 to 100000)" : "bad number '%s'",
		       arg);
		return false;
	}
	long *to = c == OPT_TOP ? &o->top : c == OPT_GEN ? &o->gen : c == OPT_CAP ? &o->cap
									: &o->columns;
	*to = v;
	return true;
}

enum { BAD_OPTION = -2 };

/* One option into *o: -1 to go on, 0 for --help, EXIT_USAGE for a bad
 * value (said), BAD_OPTION for an option r does not take. */
static int one_option(int c, const struct cli_cmd *r, struct report_opts *o)
{
	switch (c) {
	case OPT_FROM:
	case OPT_TO:
		if (!time_parse(optarg, c == OPT_FROM ? &o->from : &o->to)) {
			warnx_("bad time '%s' (use ns, or a number with s, ms, us or ns)", optarg);
			return EXIT_USAGE;
		}
		*(c == OPT_FROM ? &o->has_from : &o->has_to) = true;
		return -1;
	case OPT_TSV: o->tsv = true; return -1;
	case OPT_FOLDED: o->folded = true; return -1;
	case OPT_FLAT: o->flat = true; return -1;
	case OPT_BUILTIN: o->builtin = true; return -1;
	case OPT_RAW: o->escape = 0; return -1;
	case OPT_ESCAPE: o->escape = 1; return -1;
	case OPT_TOP:
	case OPT_GEN:
	case OPT_CAP:
	case OPT_COLUMNS: return number_option(c, optarg, o) ? -1 : EXIT_USAGE;
	case OPT_GREP: o->grep = optarg; return -1;
	case OPT_SAVE: o->save = optarg; return -1;
	case OPT_SORT: o->sort = optarg; return -1;
	case OPT_SAMPLES: o->samples = true; return -1;
	case OPT_HP:
		if (!cli_cmd_own(r, "--hp"))
			return BAD_OPTION;
		o->hp = true;
		return -1;
	case OPT_SPEEDSCOPE:
		if (!cli_cmd_own(r, "--speedscope"))
			return BAD_OPTION;
		o->speedscope = true;
		return -1;
	case OPT_NO_PAGER:
		if (!(r->groups & CLI_G_PAGER))
			return BAD_OPTION;
		o->no_pager = true;
		return -1;
	case OPT_CHROME:
	case 'o':
		if (!cli_cmd_own(r, c == 'o' ? "-o" : "--chrome"))
			return BAD_OPTION;
		if (c == 'o')
			o->output = optarg;
		else
			o->chrome = true;
		return -1;
	case OPT_FOLLOW:
		if (!cli_cmd_own(r, "--follow"))
			return BAD_OPTION;
		o->follow = true;
		return -1;
	case 'h': return 0;
	default: return BAD_OPTION;
	}
}

/* --grep's regex, for a report that filters with it. */
static int compile_grep(struct report_opts *o)
{
	char why[128];
	if (!regex_guard(o->grep, why, sizeof why)) {
		warnx_("regular expression '%s' refused: %s", o->grep, why);
		return EXIT_USAGE;
	}
	int e = regcomp(&o->re, o->grep, REG_EXTENDED | REG_NOSUB);
	if (e) {
		char msg[128];
		regerror(e, &o->re, msg, sizeof msg);
		warnx_("bad regular expression '%s': %s", o->grep, msg);
		return EXIT_USAGE;
	}
	o->has_re = true;
	return -1;
}

/* Parses argv into *o; returns -1 to go on, or an exit status. */
static int report_parse_args(int argc, char **argv, const struct cli_cmd *r, struct report_opts *o)
{
	*o = (struct report_opts){ .to = UINT64_MAX, .escape = -1, .top = 20, .gen = -1,
				   .columns = 100, .cap = -1 };
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "ho:", options, NULL)) != -1) {
		int rc = one_option(c, r, o);
		if (rc == 0)
			cli_usage_print(stdout, r);
		if (rc == BAD_OPTION) {
			warn_badopt_try(argc, argv, argv[0]);
			return EXIT_USAGE;
		}
		if (rc >= 0)
			return rc;
	}
	int bad = cli_operands(argc, argv, 1, 1, argv[0], r->args, cli_usage_print, r);
	if (bad >= 0)
		return bad;
	if (o->flat + o->folded + o->speedscope > 1) {
		warnx_("--flat, --folded and --speedscope: choose one");
		cli_usage_print(stderr, r);
		return EXIT_USAGE;
	}
	if (o->to < o->from) {
		warnx_("--to is before --from");
		return EXIT_USAGE;
	}
	o->path = argv[optind];
	if (o->escape < 0)
		o->escape = isatty(STDOUT_FILENO);
	if ((o->hp || o->speedscope || o->chrome) && o->tsv) {
		warnx_("%s writes its own format: no --tsv",
		       o->hp ? "--hp" : o->speedscope ? "--speedscope" : "--chrome");
		return EXIT_USAGE;
	}
	if (!strcmp(r->name, "export") && !o->chrome) {
		warnx_("export: which format? --chrome (the only one)");
		cli_usage_print(stderr, r);
		return EXIT_USAGE;
	}
	if (o->follow && o->tsv) {
		warnx_("--follow prints lines for a terminal or a log file: no --tsv");
		return EXIT_USAGE;
	}
	if (o->grep && cli_cmd_own(r, "--grep"))
		return compile_grep(o);
	return -1;
}

/* -o OUT (export): c->out is a temporary file beside OUT (outfile.h), or
 * OUT itself when it is no regular file; stdout without -o, or with -o -.
 * OUT is checked first (outfile_check): the log itself, however spelt, is
 * refused (exit 2), and a symbolic link written through. -1 to go on, else
 * the exit status, having said why. */
static int open_output(struct report_ctx *c)
{
	const char *out = c->o.output;
	struct stat in[2]; /* the log, and the file --save keeps it in */
	size_t n = 0;
	c->out = stdout;
	if (!out || !strcmp(out, "-"))
		return -1;
	char err[4400];
	n += source_id(c->o.path, &in[n]);
	n += c->run.src.save && stat(c->run.src.save, &in[n]) == 0;
	if (!outfile_check(out, in, n, OUTFILE_ANY, "-o", c->out_to, sizeof c->out_to, err,
			   sizeof err)) {
		warnx_("%s", err);
		return EXIT_USAGE;
	}
	if (!outfile_open(&c->outfile, c->out_to, err, sizeof err)) {
		warnx_("%s", err);
		return EXIT_BADINPUT;
	}
	c->out = c->outfile.f;
	return -1;
}

/* Ends -o OUT's writing with the report's status rc: OUT replaced only
 * when rc is 0 (the report written whole, the log read whole; or a
 * partial report's EXIT_PARTIAL: what there is, said so), else left
 * as it was (said, when there was a file to replace). The status, a write
 * error's 1 when rc was 0. */
static int close_output(struct report_ctx *c, int rc)
{
	if (!c->outfile.f)
		return rc;
	bool replace = !c->outfile.direct;
	char err[4400];
	c->out = NULL;
	if (outfile_end(&c->outfile, rc == 0 || rc == EXIT_PARTIAL, err, sizeof err))
		return rc;
	if (*err)
		warnx_("%s", err);
	else if (replace)
		warnx_("%s: %s (the export is incomplete)", c->o.output,
		       access(c->o.output, F_OK) == 0 ? "left as it was" : "not written");
	return rc ? rc : EXIT_BADINPUT;
}

/* Ends a report, or a failed opening past the store. After a report
 * printed, or failed (what it asked for may be past data it could not
 * read), what the data held besides events is said as show says it,
 * with byte offsets (store_report): data it could not read (an undeclared
 * event type, undecodable stretches) makes the report incomplete, exit 1;
 * a cut or unfinished log is normal, exit 0. Only then is -o OUT put in
 * place, when the status is 0. A write error (a full disk, a closed pipe)
 * is an error. */
static int report_finish(struct report_ctx *c, const struct cli_cmd *r, int rc)
{
	if (store_faulted(&c->run.s)) { /* what was printed after it is not the file's */
		warnx_("%s: the file shrank while it was read; the report is incomplete",
		       c->run.src.spec);
		rc = EXIT_BADINPUT;
	} else if ((rc == 0 || rc == EXIT_BADINPUT) &&
		   !store_report(&c->run.s, cmd_say_problem, (void *)c->run.src.spec)) {
		rc = EXIT_BADINPUT;
	}
	if (rc == 0 && c->partial)
		rc = EXIT_PARTIAL;
	rc = close_output(c, rc);
	if (c->priv && r->report.ops->release)
		r->report.ops->release(c);
	free(c->priv);
	if (c->o.has_re)
		regfree(&c->o.re);
	run_close(&c->run);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		warnx_("cannot write the report: %s", strerror(errno ? errno : EIO));
		return EXIT_BADINPUT;
	}
	return rc;
}

/* A failed opening before anything was built (the run closed itself). */
static int fail_open(struct report_ctx *c, int rc)
{
	if (c->o.has_re)
		regfree(&c->o.re);
	return rc;
}

/* Opens the log (a file, or a stream read to its end; --follow: as it is
 * now) and builds what r needs; -1 to go on, else the exit status, having
 * said why and closed. */
static int open_input(struct report_ctx *c, const struct cli_cmd *r)
{
	struct run *run = &c->run;
	run->say = cmd_run_says;
	/* the tracks a report needs whatever the log holds are built as the
	 * index reads the file */
	struct run_open_options o = { .save = c->o.save, .follow = c->o.follow,
				      .fused = r->report.needs == TABLE_NEEDS_TRACKS && !r->report.sparks_only
						       ? RUN_NEED(TABLE_NEEDS_TRACKS) : 0 };
	switch (run_open(run, c->o.path, &o)) {
	case RUN_OPENED: break;
	case RUN_REFUSED: return fail_open(c, EXIT_USAGE);
	case RUN_FAILED: return fail_open(c, EXIT_BADINPUT);
	}
	static const uint16_t counters = EV_SPARK_COUNTERS;
	bool needed = !r->report.sparks_only || store_may_have(&run->s, 0, &counters, 1);
	if (needed && !run_need(run, RUN_NEED(r->report.needs))) {
		/* (a file that shrank is said by finish, not as memory) */
		if (!run_faulted(run))
			warnx_("%s: out of memory", c->o.path);
		return report_finish(c, r, EXIT_BADINPUT);
	}
	if (needed && r->report.needs == TABLE_NEEDS_TRACKS && !c->o.follow) {
		/* the summary's figures come whole from the store where a
		 * list stopped (summary_stream); another report's from a
		 * list it reads are short, and it says so */
		unsigned cut = c->o.tsv && r->report.tsv_whole ? 0 : run->tr.cut & r->report.reads;
		if (cut) {
			char what[160];
			report_partial(c, tracks_cut_text(cut, what, sizeof what));
		}
	} else if (r->report.needs == TABLE_NEEDS_HEAP && run->h.over_budget) {
		report_partial(c, "the heap profile's samples");
	}
	return -1;
}

/* A window that holds none of the log (--from past its last event, --to
 * before its first): an error naming the log's span, rather than a report
 * of zeros. -1 to go on, else the exit status. (--follow: the log grows
 * into a window past its end.) */
static int check_window(const struct report_ctx *c)
{
	const struct store *s = &c->run.s;
	char a[32], b[32];
	if (c->o.follow || !s->nevents)
		return -1;
	if (c->o.has_from && c->o.from > s->tmax) {
		warnx_("%s: --from %s is after the log's end (%s)", c->o.path,
		       report_text_time(a, c->o.from), report_text_time(b, s->tmax));
		return EXIT_BADINPUT;
	}
	if (c->o.has_to && c->o.to < s->tmin) {
		warnx_("%s: --to %s is before the log's first event (%s)", c->o.path,
		       report_text_time(a, c->o.to), report_text_time(b, s->tmin));
		return EXIT_BADINPUT;
	}
	return -1;
}

/* An alias's run: its report with the alias's option first (top FILE is
 * summary --follow FILE, its usage summary's). */
static int run_alias(const struct cli_cmd *r, int argc, char **argv)
{
	char *args[argc + 2];
	args[0] = argv[0];
	args[1] = (char *)r->report.alias_arg;
	for (int i = 1; i < argc; i++)
		args[i + 1] = argv[i];
	args[argc + 1] = NULL;
	return report_main(cli_command(r->report.alias), argc + 1, args);
}

/* A report's TSV header: its table's column names, or its own line. */
static void tsv_header(const struct report_ops *ops)
{
	if (ops->table)
		report_table_header(stdout, ops->table);
	else if (ops->tsv_header) {
		printf("%s\n", ops->tsv_header);
	}
}

int report_main(const struct cli_cmd *r, int argc, char **argv)
{
	if (r->report.alias)
		return run_alias(r, argc, argv);
	struct report_ctx c;
	memset(&c, 0, sizeof c);
	int rc = report_parse_args(argc, argv, r, &c.o);
	if (rc >= 0)
		return rc;
	if ((rc = open_input(&c, r)) >= 0)
		return rc;
	if ((rc = check_window(&c)) >= 0)
		return report_finish(&c, r, rc);
	const struct report_ops *ops = r->report.ops;
	c.priv = calloc(1, ops->priv_size ? ops->priv_size : 1);
	if (!c.priv) {
		warnx_("out of memory");
		return report_finish(&c, r, EXIT_BADINPUT);
	}
	if (c.o.follow)
		return report_finish(&c, r, ops->follow(&c));
	if ((rc = open_output(&c)) >= 0)
		return report_finish(&c, r, rc);
	if (ops->prepare && (rc = ops->prepare(&c)) >= 0)
		return report_finish(&c, r, rc);
	/* through the pager: --escape's default was decided for the terminal
	 * (report_parse_args); the pager ends before finish says what the data held, so
	 * that those lines come after the text, on the terminal */
	bool paged = (r->groups & CLI_G_PAGER) && !c.o.no_pager && pager_start();
	if (c.o.tsv || !ops->text) {
		tsv_header(ops);
		struct table_limits window = report_window(&c);
		rc = ops->tsv ? ops->tsv(&c) : report_table_tsv(&c, ops->table, &window, NULL, NULL);
	} else {
		if (r->groups & CLI_G_TSV) /* (an export's file, its format's own, has no --tsv) */
			report_partial_note(&c, stdout);
		rc = ops->text(&c);
	}
	int prc = paged ? pager_finish() : -1;
	return report_finish(&c, r, rc == 0 && prc >= 0 ? prc : rc);
}
