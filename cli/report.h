/* report: the text reports for scripts and CI (summary, top, gcs, markers,
 * threads, activity, heap, profile, spans, sparks, ticky, export), each a
 * row of the command table (cli/commands.c), vis's CommandDef: its name,
 * its own options, the common options it takes, and in .report what it
 * needs opened and its ops. The driver (report.c) parses the options,
 * opens the input, builds what the row needs, picks the TSV or the text
 * writer, and finishes (what the data held besides events, exit status,
 * write errors): a report's ops only compute and print rows. The families: report_summary.c (summary and
 * top), report_gc.c (gcs, activity), report_threads.c (threads, markers,
 * spans, sparks), report_heap.c (heap, profile); report_text.c holds the
 * writers they share. Nothing here calls back into the driver. */
#ifndef HECTIC_REPORT_H
#define HECTIC_REPORT_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/rc_spans.h"
#include "../model/outfile.h"
#include "../model/run.h"
#include "../model/table.h"

/* The options, as parsed. Every report accepts every option (those it does
 * not use are ignored, as they always were), but --follow, --hp,
 * --speedscope, --chrome, -o and --no-pager, which only a report whose row
 * lists them accepts (cli_help.h's struct cli_report). */
struct report_opts {
	uint64_t from, to; /* --from, --to (inclusive); 0 and UINT64_MAX when not given */
	bool has_from, has_to;
	int escape;        /* --escape 1, --raw 0; else whether stdout is a terminal */
	long top, gen, columns, cap;
	bool tsv, folded, flat, builtin, follow;
	const char *grep;  /* --grep RE, compiled into re for a report listing it */
	regex_t re;
	bool has_re;
	const char *path;
	const char *save;  /* --save: keep a stream's bytes here */
	const char *sort;  /* --sort KEY (ticky: entries, alloc, allocd or name) */
	bool samples;      /* --samples (ticky: a row per sample) */
	bool hp;           /* --hp (heap): GHC's own .hp format (report_hp.c) */
	bool speedscope;   /* --speedscope (profile): speedscope's file format
			    * (report_speedscope.c) */
	bool no_pager;     /* --no-pager: never through $PAGER */
	bool chrome;       /* --chrome (export): the Chrome Trace Event Format */
	const char *output; /* -o, --output OUT (export): the file written */
};

/* A report's run: the options, the input, and what its row needs built. */
struct report_ctx {
	struct report_opts o;
	FILE *out;           /* where a report with -o writes: stdout, or OUT's
			      * temporary, put in place only when the whole
			      * report was written and the log read whole
			      * (outfile.h; report.c's finish) */
	struct outfile outfile;
	char out_to[4096]; /* -o OUT through its links (outfile_check) */
	/* the log (a file, or a stream read to its end), and its tracks or
	 * heap as the report's needs say (else all zero) */
	struct run run;
	void *priv;          /* the report's own state: ops.priv_size bytes, zeroed */
	/* a table the report prints from stopped at the memory budget
	 * (report_partial): said in its header, exit status EXIT_PARTIAL */
	bool partial;
	char partial_what[160];
};

/* The report's figures are short: what stopped at the memory budget
 * (what), said on stderr now and at the head of the text report (the
 * driver prints report_partial_note before the text), and the exit
 * status is EXIT_PARTIAL. */
void report_partial(struct report_ctx *c, const char *what);

/* "PARTIAL: ..." and a blank line to f, when the report is partial. */
void report_partial_note(const struct report_ctx *c, FILE *f);

/* What a report does; the driver calls, in order: prepare (when not NULL),
 * then under --tsv (or when there is no text writer) prints tsv_header
 * (when not NULL) and calls tsv, else text; release (when not NULL,
 * whatever happened, even after a prepare that failed half way). Each
 * returns -1 (prepare: go on) or an exit status; a report that fails says
 * why (warnx_) first. follow replaces prepare and the writers under
 * --follow: the log followed as it grows. */
struct table_def;
struct table_cursor;
struct report_ops {
	size_t priv_size;
	const char *tsv_header; /* the TSV's column names, tab-separated */
	/* the table of model/table.h whose rows its --tsv writes
	 * (report_table_tsv): its header is the table's column names */
	const struct table_def *table;
	int (*prepare)(struct report_ctx *c);
	int (*text)(struct report_ctx *c);
	int (*tsv)(struct report_ctx *c); /* NULL: table's rows over the window */
	void (*release)(struct report_ctx *c);
	int (*follow)(struct report_ctx *c);
};

/* The window of the report (--from, --to) as the limits of a table. */
struct table_limits report_window(const struct report_ctx *c);

/* Writes the rows of t (c's store and tracks) that l gives as TSV, but
 * those skip(c, cursor) leaves out (skip may be NULL); *rows (may be
 * NULL) receives how many were written. 0, or an exit status having said
 * why. */
int report_table_tsv(struct report_ctx *c, const struct table_def *t,
		     const struct table_limits *l,
		     bool (*skip)(const struct report_ctx *c, struct table_cursor *cur),
		     size_t *rows);

/* The same from cur, opened by the caller (over data of its own), which
 * it closes; cur NULL: out of memory (said). */
int report_table_write(struct report_ctx *c, struct table_cursor *cur,
		       bool (*skip)(const struct report_ctx *c, struct table_cursor *cur),
		       size_t *rows);

/* The TSV header of t: its column names. */
void report_table_header(FILE *f, const struct table_def *t);

struct cli_cmd;

/* Runs the report of row c (cli_help.h: c->run NULL, c->report) with argv
 * (argv[0] is its name); returns the exit status: 0 ok, 1 bad input or a
 * write error, 2 usage. */
int report_main(const struct cli_cmd *c, int argc, char **argv);

/* The families' ops. */
extern const struct report_ops report_summary_ops;
extern const struct report_ops report_gcs_ops, report_activity_ops;
extern const struct report_ops report_threads_ops, report_markers_ops, report_spans_ops,
	report_sparks_ops;
extern const struct report_ops report_heap_ops, report_profile_ops;
extern const struct report_ops report_ticky_ops;
extern const struct report_ops report_export_ops;

/* heap --hp: the heap profile as GHC writes its .hp (report_hp.c); profile
 * --speedscope: the time profile as a speedscope file
 * (report_speedscope.c), from t, the cost-centre tree of c->h that the
 * profile report built for c's options. Each prints to stdout and returns
 * 0, or an exit status having said why. */
struct cctree;
int report_hp(struct report_ctx *c);
int report_speedscope(struct report_ctx *c, const struct cctree *t);

/* summary --tsv's rows for sm (a name and a value a line, the value empty
 * where the log does not hold the figure): the summary report's, and
 * hectic diff's summary section. */
struct summary;
void summary_tsv_write(FILE *f, const struct summary *sm, size_t ncaps);

#endif
