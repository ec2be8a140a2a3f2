/* `hectic doctor LOG [B]`: what is wrong with a run, worst first (issue
 * 47): model/doctor.c's findings as text, TSV (the findings table's
 * columns), JSON, or the figures they rest on (--figures); with two logs,
 * which findings appeared, went or changed cost between them. */
#include "cmd.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/json.h"
#include "../common/report_text.h"
#include "../common/say.h"
#include "../model/doctor.h"
#include "../model/run.h"
#include "../model/table.h"
#include "../model/timefmt.h"
#include "cli_help.h"
#include "report.h"

enum doctor_format { DF_TEXT, DF_TSV, DF_JSON, DF_FIGURES };

struct doctor_run {
	const char *path;
	struct run run;
	struct doctor d;
	uint64_t from, to;
	int rc; /* -1: opened and read */
	bool opened;
};

static void *doctor_open(void *arg)
{
	struct doctor_run *r = arg;
	r->run.say = cmd_run_says;
	struct run_open_options o = { .fused = RUN_NEED(TABLE_NEEDS_TRACKS) };
	switch (run_open(&r->run, r->path, &o)) {
	case RUN_OPENED: r->rc = -1, r->opened = true; break;
	case RUN_REFUSED: return r->rc = EXIT_USAGE, NULL;
	case RUN_FAILED: return r->rc = EXIT_BADINPUT, NULL;
	}
	if (!run_need(&r->run, RUN_NEED(TABLE_NEEDS_TRACKS))) {
		r->rc = EXIT_BADINPUT;
		return NULL;
	}
	if (!doctor_run(&r->run.s, &r->run.tr, r->from, r->to, NULL, &r->d))
		warnx_("%s: the figures could not be read whole (out of memory or a file that "
		       "changed); the findings are PARTIAL (exit status %d)",
		       r->path, EXIT_PARTIAL);
	return NULL;
}

/* ---- text ---- */

/* s wrapped at 78 columns, each line after indent spaces. */
static void put_wrapped(FILE *f, const char *s, int indent, bool escape)
{
	size_t width = 78 - (size_t)indent, n = strlen(s);
	while (n) {
		size_t take = n;
		if (report_text_width(s, n) > width) {
			take = 0;
			for (size_t i = 0; i < n && report_text_width(s, i) <= width; i++)
				if (s[i] == ' ')
					take = i;
			if (!take)
				for (take = 1; take < n && report_text_width(s, take + 1) <= width;)
					take++;
		}
		fprintf(f, "%*s", indent, "");
		report_text_put(f, (const uint8_t *)s, take, escape);
		fputc('\n', f);
		s += take;
		n -= take;
		while (n && *s == ' ')
			s++, n--;
	}
}

static const char *when(char *b, uint64_t ns)
{
	return time_format_secs(b, 32, ns, 3);
}

static void write_text(const struct doctor_run *r, bool escape)
{
	const struct doctor *d = &r->d;
	char a[32], b[32];
	size_t warns = 0;
	bool whole = d->fig.lo == 0 && d->fig.hi == d->fig.end;
	for (size_t i = 0; i < d->n; i++)
		warns += finding_warns(&d->f[i]);
	report_text_put(stdout, (const uint8_t *)r->path, strlen(r->path), escape);
	printf(": %u capabilit%s, %s to %s: ", d->fig.ncaps, d->fig.ncaps == 1 ? "y" : "ies",
	       when(a, d->fig.lo), when(b, d->fig.hi));
	uint64_t colls = 0;
	for (unsigned g = 0; g < d->fig.ngens; g++)
		colls += d->fig.gen_count[g];
	if (!d->n && d->fig.span_lo == UINT64_MAX && !colls)
		printf("no findings: the log holds no scheduler or GC events to judge (was it "
		       "written with -l-s or -l-g?)\n");
	else if (!d->n)
		printf("no findings\n");
	else
		printf("%zu warning%s, %zu for information\n", warns, warns == 1 ? "" : "s",
		       d->n - warns);
	if (d->partial)
		printf("PARTIAL: the figures could not be read whole\n");
	for (size_t i = 0; i < d->n; i++) {
		const struct finding *f = &d->f[i];
		printf("\n%zu. %s  %s  %.1f%% of the %s capability time, worst %s-%s\n", i + 1,
		       doctor_kind_name(f->kind), finding_warns(f) ? "WARNING" : "info",
		       100.0 * f->cost, whole ? "run's" : "window's", when(a, f->from),
		       when(b, f->to));
		printf("   evidence:\n");
		put_wrapped(stdout, f->evidence, 5, escape);
		printf("   advice:\n");
		put_wrapped(stdout, f->advice, 5, escape);
		if (*f->rts)
			printf("   try: +RTS %s -RTS\n", f->rts);
	}
}

/* ---- TSV and JSON ---- */

/* The findings table's rows (model/table_findings.c), its column names for
 * the header: the columns are declared once. 0, or an exit status. */
static int write_tsv(const struct doctor_run *r, bool escape)
{
	struct table_data td = { .s = &r->run.s, .tr = &r->run.tr, .doc = &r->d };
	struct table_cursor *cur = table_open(&table_findings, &td, NULL);
	if (!cur)
		return warnx_("%s: out of memory", r->path), EXIT_BADINPUT;
	report_table_header(stdout, &table_findings);
	while (table_next(cur))
		report_text_row(stdout, cur, escape);
	table_close(cur);
	return -1;
}

static void json_finding(struct json *j, const struct finding *f, size_t rank)
{
	char b[64];
	json_lit(j, "{\"rank\":");
	json_u64(j, rank);
	json_lit(j, ",\"kind\":");
	json_cstr(j, doctor_kind_name(f->kind));
	json_lit(j, ",\"level\":");
	json_cstr(j, finding_warns(f) ? "warning" : "info");
	snprintf(b, sizeof b, ",\"cost\":%.4f,\"from\":", f->cost);
	json_lit(j, b);
	json_u64(j, f->from);
	json_lit(j, ",\"to\":");
	json_u64(j, f->to);
	json_lit(j, ",\"evidence\":");
	json_cstr(j, f->evidence);
	json_lit(j, ",\"advice\":");
	json_cstr(j, f->advice);
	json_lit(j, ",\"rts\":");
	json_cstr(j, f->rts);
	json_lit(j, "}");
}

static bool write_json(const struct doctor *d)
{
	static struct json j;
	j.f = stdout;
	j.n = 0;
	json_lit(&j, "[");
	for (size_t i = 0; i < d->n; i++) {
		json_lit(&j, i ? ",\n " : "\n ");
		json_finding(&j, &d->f[i], i + 1);
	}
	json_lit(&j, d->n ? "\n]\n" : "]\n");
	return json_flush(&j);
}

/* --figures: doc/doctor.md's figures, a line each, sorted as
 * LC_ALL=C sort sorts them. */
#define FIG_LINE 96

static int fig_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static int write_figures(const struct doctor_figs *f)
{
	size_t cap = 64 + 4 * (size_t)f->ncaps + 3 * DOCTOR_GENS + 2 * f->nthreads, n = 0;
	char(*l)[FIG_LINE] = calloc(cap, FIG_LINE);
	if (!l)
		return warnx_("out of memory"), EXIT_BADINPUT;
#define LINE(...)                                                  \
	do {                                                       \
		if (n < cap)                                       \
			snprintf(l[n++], FIG_LINE, __VA_ARGS__);   \
	} while (0)
	LINE("end\t-\t%" PRIu64, f->end);
	LINE("caps\t-\t%u", f->ncaps);
	LINE("censuses\t-\t%" PRIu64, f->censuses);
	static const char *const cap_fig[4] = { "cap_run", "cap_gc", "cap_idle", "gc_idle" };
	for (uint32_t c = 0; c < f->ncaps; c++) {
		const uint64_t *v[4] = { f->cap_run, f->cap_gc, f->cap_idle, f->gc_idle };
		for (int k = 0; k < 4; k++)
			LINE("%s\t%u\t%" PRIu64, cap_fig[k], c, v[k][c]);
	}
	for (unsigned g = 0; g < f->ngens; g++) {
		LINE("gen_count\t%u\t%" PRIu64, g, f->gen_count[g]);
		LINE("gen_pause\t%u\t%" PRIu64, g, f->gen_pause[g]);
		LINE("gen_sync\t%u\t%" PRIu64, g, f->gen_sync[g]);
	}
	for (int r = 0; r < DOCTOR_REASONS; r++) {
		LINE("blocked\t%s\t%" PRIu64, doctor_reason_name(r), f->blocked[r]);
		LINE("idle_explained\t%s\t%" PRIu64, doctor_reason_name(r), f->idle_explained[r]);
	}
	LINE("idle_unexplained\t-\t%" PRIu64, f->idle_unexplained);
	LINE("idle_stopped\t-\t%" PRIu64, f->idle_stopped);
	LINE("idle_outside\t-\t%" PRIu64, f->idle_outside);
	LINE("idle_sequential\t-\t%" PRIu64, f->idle_sequential);
	for (size_t i = 0; i < f->nthreads; i++)
		for (int r = 0; r < DOCTOR_REASONS; r++)
			if (f->threads[i].ns[r] || f->threads[i].blocks[r])
				LINE("thread_blocked\t%u:%s\t%" PRIu64, f->threads[i].id,
				     doctor_reason_name(r), f->threads[i].ns[r]);
	static const char *const sp[6] = { "created", "dud", "overflowed", "converted", "gcd", "fizzled" };
	for (int i = 0; i < 6; i++)
			LINE("sparks\t%s\t%" PRIu64, sp[i], f->sparks[i]);
#undef LINE
	qsort(l, n, FIG_LINE, fig_cmp);
	printf("figure\tkey\tvalue\n");
	for (size_t i = 0; i < n; i++)
		printf("%s\n", l[i]);
	free(l);
	return -1;
}

/* ---- two runs ---- */

static const struct finding *find_kind(const struct doctor *d, int k, size_t *rank)
{
	for (size_t i = 0; i < d->n; i++)
		if ((int)d->f[i].kind == k)
			return *rank = i + 1, &d->f[i];
	return *rank = 0, NULL;
}

/* What became of kind k from A to B. */
static const char *change_of(const struct finding *a, const struct finding *b)
{
	if (!a)
		return b && finding_warns(b) ? "appeared" : "appeared (information)";
	if (!b)
		return "went";
	if (fabs(b->cost - a->cost) < 0.01)
		return "same";
	return b->cost > a->cost ? "worse" : "better";
}

static void write_two(const struct doctor_run *r, enum doctor_format fmt, bool escape)
{
	if (fmt == DF_TSV)
		printf("kind\tchange\ta_rank\ta_cost\tb_rank\tb_cost\n");
	else {
		printf("A: ");
		report_text_put(stdout, (const uint8_t *)r[0].path, strlen(r[0].path), escape);
		printf("\nB: ");
		report_text_put(stdout, (const uint8_t *)r[1].path, strlen(r[1].path), escape);
		printf("\n\n%-14s %-24s %8s %8s\n", "kind", "change", "A cost", "B cost");
	}
	for (int k = 0; k < DOCTOR_KINDS; k++) {
		size_t ra, rb;
		const struct finding *a = find_kind(&r[0].d, k, &ra), *b = find_kind(&r[1].d, k, &rb);
		if (!a && !b)
			continue;
		double ca = a ? a->cost : 0, cb = b ? b->cost : 0;
		if (fmt == DF_TSV) {
			printf("%s\t%s\t", doctor_kind_name(k), change_of(a, b));
			if (a)
				printf("%zu\t%.4f\t", ra, ca);
			else
				printf("\t\t");
			if (b)
				printf("%zu\t%.4f\n", rb, cb);
			else
				printf("\t\n");
		} else {
			printf("%-14s %-24s %7.1f%% %7.1f%%\n", doctor_kind_name(k), change_of(a, b),
			       100 * ca, 100 * cb);
		}
	}
}

/* ---- the command ---- */

static int parse(const struct cli_cmd *self, int argc, char **argv, enum doctor_format *fmt,
		 int *escape, uint64_t *from, uint64_t *to)
{
	static const struct option opts[] = {
		{ "from", required_argument, NULL, 'f' }, { "to", required_argument, NULL, 't' },
		{ "tsv", no_argument, NULL, 's' },        { "json", no_argument, NULL, 'j' },
		{ "figures", no_argument, NULL, 'g' },    { "raw", no_argument, NULL, 'R' },
		{ "escape", no_argument, NULL, 'E' },     { "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	int c, nfmt = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
		case 't':
			if (!time_parse(optarg, c == 'f' ? from : to)) {
				warnx_("bad time '%s' (use ns, or a number with s, ms, us or ns)", optarg);
				return EXIT_USAGE;
			}
			break;
		case 's': *fmt = DF_TSV, nfmt++; break;
		case 'j': *fmt = DF_JSON, nfmt++; break;
		case 'g': *fmt = DF_FIGURES, nfmt++; break;
		case 'R': *escape = 0; break;
		case 'E': *escape = 1; break;
		case 'h': cli_usage_print(stdout, self); return 0;
		default: warn_badopt_try(argc, argv, "doctor"); return EXIT_USAGE;
		}
	}
	if (nfmt > 1) {
		warnx_("--tsv, --json and --figures: choose one");
		return EXIT_USAGE;
	}
	int nlogs = argc - optind;
	int bad = cli_operands(argc, argv, 1, 2, "doctor", "FILE [B]", cli_usage_print, self);
	if (bad >= 0)
		return bad;
	if (nlogs == 2 && (*fmt == DF_JSON || *fmt == DF_FIGURES)) {
		warnx_("two logs: text or --tsv");
		return EXIT_USAGE;
	}
	if (*to < *from) {
		warnx_("--to is before --from");
		return EXIT_USAGE;
	}
	return -1;
}

int cmd_doctor(const struct cli_cmd *self, int argc, char **argv)
{
	enum doctor_format fmt = DF_TEXT;
	int escape = -1;
	uint64_t from = 0, to = UINT64_MAX;
	int rc = parse(self, argc, argv, &fmt, &escape, &from, &to);
	if (rc >= 0)
		return rc;
	if (escape < 0)
		escape = isatty(STDOUT_FILENO);
	int nlogs = argc - optind;
	struct doctor_run r[2] = { { .path = argv[optind], .from = from, .to = to, .rc = -1 },
				   { .path = nlogs > 1 ? argv[optind + 1] : NULL,
				     .from = from, .to = to, .rc = -1 } };
	pthread_t th;
	bool threaded = nlogs > 1 && pthread_create(&th, NULL, doctor_open, &r[1]) == 0;
	doctor_open(&r[0]);
	if (threaded)
		pthread_join(th, NULL);
	else if (nlogs > 1)
		doctor_open(&r[1]);
	rc = r[0].rc >= 0 ? r[0].rc : nlogs > 1 && r[1].rc >= 0 ? r[1].rc : -1;
	if (rc < 0) {
		if (nlogs > 1)
			write_two(r, fmt, escape);
		else if (fmt == DF_TSV)
			rc = write_tsv(&r[0], escape);
		else if (fmt == DF_JSON)
			rc = write_json(&r[0].d) ? -1 : EXIT_BADINPUT;
		else if (fmt == DF_FIGURES)
			rc = write_figures(&r[0].d.fig);
		else
			write_text(&r[0], escape);
	}
	if (rc < 0) {
		rc = fflush(stdout) == 0 && !ferror(stdout) ? 0 : EXIT_BADINPUT;
		if (rc)
			warnx_("write error: %s", strerror(errno));
		else if (r[0].d.partial || (nlogs > 1 && r[1].d.partial))
			rc = EXIT_PARTIAL;
	}
	for (int i = 0; i < nlogs; i++) {
		if (r[i].opened)
			run_close(&r[i].run);
		doctor_free(&r[i].d);
	}
	return rc;
}
