/* report_ticky: `hectic ticky`, the ticky-ticky counters of a program built
 * with -ticky and run with +RTS -lT (model/ticky.h). The text is GHC's own
 * +RTS -r per-counter table, line for line (its header, dashes and rows in
 * definition order), summed over the window's samples; after it, the
 * counters' source locations (IPE, -finfo-table-map) in a section of their
 * own, so that GHC's table stays as GHC prints it, and what the log cannot
 * give. --sort ranks the rows (--top N of them), --samples prints a row per
 * sample and counter, --tsv a row per counter with its IPE fields. */
#include "report.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/ticky.h"
#include "../common/report_text.h"
#include "cli.h"


struct tk {
	struct ticky *t; /* the run's (report.h: c->run), once built */
	struct ticky_counts *sum; /* the window's, by counter index */
	uint32_t *rows;           /* the counters shown, in order */
	size_t nrows;
	size_t nwin;              /* samples in the window */
	enum ticky_sort sort;
};

static const char *const sort_names[] = { [TICKY_BY_ENTRIES] = "entries", [TICKY_BY_ALLOC] = "alloc",
					  [TICKY_BY_ALLOCD] = "allocd", [TICKY_BY_NAME] = "name" };

static int tk_prepare(struct report_ctx *c)
{
	struct tk *k = c->priv;
	k->sort = TICKY_BY_DEF;
	if (c->o.sort) {
		size_t i = 1;
		while (i < sizeof sort_names / sizeof sort_names[0] && strcmp(c->o.sort, sort_names[i]))
			i++;
		if (i == sizeof sort_names / sizeof sort_names[0]) {
			warnx_("bad sort key '%s' (entries, alloc, allocd or name)", c->o.sort);
			return EXIT_USAGE;
		}
		k->sort = (enum ticky_sort)i;
	}
	if (!run_need(&c->run, RUN_NEED(TABLE_NEEDS_TICKY))) {
		warnx_("%s: out of memory", c->o.path);
		return EXIT_BADINPUT;
	}
	k->t = &c->run.ticky;
	if (k->t->left_defs || k->t->left_samples) {
		char what[200];
		snprintf(what, sizeof what, "the ticky counters (%" PRIu64 " definitions and %" PRIu64
			 " samples of counters past the first %zu left out)", k->t->left_defs,
			 k->t->left_samples, k->t->nctr);
		report_partial(c, what);
	}
	size_t n = k->t->nctr;
	k->sum = calloc(n ? n : 1, sizeof *k->sum);
	k->rows = calloc(n ? n : 1, sizeof *k->rows);
	if (!k->sum || !k->rows) {
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	k->nwin = ticky_window(k->t, c->o.from, c->o.to, k->sum);
	memcpy(k->rows, k->t->order, n * sizeof *k->rows);
	k->nrows = n;
	if (k->sort != TICKY_BY_DEF) {
		ticky_sort_ids(k->t, k->sum, k->sort, k->rows, n);
		if (c->o.top >= 0 && (size_t)c->o.top < n)
			k->nrows = (size_t)c->o.top;
	}
	return -1;
}

static void tk_release(struct report_ctx *c)
{
	struct tk *k = c->priv;
	free(k->sum);
	free(k->rows);
}

/* A counter's name: its definition's, or <counter ID>. */
static void put_name(FILE *f, const struct ticky_counter *t, bool escape, bool tsv)
{
	if (t->defined)
		report_text_field(f, t->name, t->nname, escape, tsv);
	else
		fprintf(f, "<counter %" PRIu64 ">", t->id);
}

/* The arguments' column: 60 bytes, as GHC writes it (%-60.60s). GHC cuts
 * a longer one (a thunk's or a constructor's JSON description, GHC 9.4+)
 * at 60 bytes, where it runs into the STG name after one space; here it
 * ends in "... " at a character's start, so that the cut shows and two
 * spaces part it from the name. */
#define KINDS_W 60
static void put_kinds(FILE *f, const struct ticky_counter *t, bool escape)
{
	char *p = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&p, &n);
	if (!m)
		return;
	if (t->defined)
		report_text_put(m, t->kinds, t->nkinds, escape);
	fclose(m);
	if (p && n > KINDS_W) {
		size_t k = KINDS_W - 4;
		while (k > 0 && ((unsigned char)p[k] & 0xC0) == 0x80)
			k--;
		fprintf(f, "%.*s... %*s", (int)k, p, (int)(KINDS_W - 4 - k), "");
	} else {
		fprintf(f, "%-*s", KINDS_W, p ? p : "");
	}
	free(p);
}

static void no_ticky(const struct report_ctx *c)
{
	printf("(no ticky-ticky counters in %s: build the program with ghc -ticky (add "
	       "-rtsopts) and run it with +RTS -lT; -lT cannot be combined with -r, which "
	       "writes GHC's own ticky report instead)\n",
	       c->run.src.spec);
}

/* What comes before GHC's table: what the figures are. */
static void head(const struct report_ctx *c, const struct tk *k)
{
	char a[32], b[32];
	printf("ticky-ticky counters: %zu, %" PRIu64 " samples", k->t->nctr, k->t->nbegins);
	if (c->o.has_from || c->o.has_to)
		printf("; the %zu stored samples taken from %s to %s\n", k->nwin,
		       report_text_time(a, c->o.from), c->o.has_to ? report_text_time(b, c->o.to)
								   : "the end");
	else
		printf("; the whole run\n");
	if (k->t->merged > 1)
		printf("(memory budget: up to %u samples of the log merged into one)\n",
		       k->t->merged);
	if (k->t->left_defs || k->t->left_samples)
		printf("(the ticky table reached its memory budget at %zu counters: %" PRIu64
		       " definitions and %" PRIu64 " samples of other counters are left out, "
		       "%" PRIu64 " entries, %" PRIu64 " bytes allocated and %" PRIu64
		       " alloc'd in all)\n",
		       k->t->nctr, k->t->left_defs, k->t->left_samples, k->t->left.entries,
		       k->t->left.allocs, k->t->left.allocd);
	if (k->sort != TICKY_BY_DEF)
		printf("(sorted by %s; GHC's order is the definitions')\n", sort_names[k->sort]);
	printf("\n");
}

static void table(const struct report_ctx *c, const struct tk *k)
{
	/* rts/Ticky.c: two spaces before the arguments' heading (the rows have
	 * one, then the arity's %3lu) */
	printf("%11s%12s%12s  %-63s %s\n", "Entries", "Alloc", "Alloc'd", "Non-void Arguments",
	       "STG Name");
	printf("--------------------------------------------------------------------------------\n");
	for (size_t i = 0; i < k->nrows; i++) {
		const struct ticky_counter *t = &k->t->ctr[k->rows[i]];
		const struct ticky_counts *s = &k->sum[k->rows[i]];
		printf("%11" PRIu64 "%12" PRIu64 "%12" PRIu64 " ", s->entries, s->allocs, s->allocd);
		if (t->defined)
			printf("%3u ", (unsigned)t->arity);
		else
			printf("%3s ", "?");
		put_kinds(stdout, t, c->o.escape);
		putchar(' ');
		put_name(stdout, t, c->o.escape, false);
		putchar('\n');
	}
	putchar('\n');
}

/* The counters' source locations, after the table: GHC's table has no
 * column for them, and a column added to it would make it GHC's no more. */
static void locations(const struct report_ctx *c, const struct tk *k)
{
	size_t with = 0, itbls = 0;
	for (size_t i = 0; i < k->nrows; i++) {
		struct ipe p;
		itbls += k->t->ctr[k->rows[i]].has_itbl;
		with += ticky_ipe(k->t, &c->run.s, k->rows[i], &p);
	}
	if (!with) {
		if (itbls)
			printf("Source locations: none in the log (build with -finfo-table-map for "
			       "the counters' info tables' provenance)\n\n");
		return;
	}
	printf("Source locations (IPE, the counters' info tables):\n");
	for (size_t i = 0; i < k->nrows; i++) {
		struct ipe p;
		const struct ticky_counter *t = &k->t->ctr[k->rows[i]];
		if (!ticky_ipe(k->t, &c->run.s, k->rows[i], &p))
			continue;
		printf("  ");
		put_name(stdout, t, c->o.escape, false);
		printf("\n      0x%" PRIx64 " ", t->itbl);
		report_text_put(stdout, p.table, p.ntable, c->o.escape);
		const char *cl = p.closure_ok ? ipe_closure_name(p.closure) : NULL;
		printf(" (%s) in ", cl ? cl : "?");
		report_text_put(stdout, p.module, p.nmodule, c->o.escape);
		printf(" at ");
		if (ipe_has_src(&p))
			report_text_put(stdout, p.src, p.nsrc, c->o.escape);
		else
			printf("(no location)");
		putchar('\n');
	}
	putchar('\n');
}

/* What the log cannot give, and why. */
static void notes(const struct report_ctx *c, const struct tk *k)
{
	char a[32], b[32];
	if (k->t->nundefined)
		printf("%zu counters have samples but no definition: the RTS writes the definitions "
		       "at the program's exit, and this log ends before them (their names, arity "
		       "and argument kinds are not in it)\n",
		       k->t->nundefined);
	if (k->t->nsamples)
		printf("The RTS posts a sample at the first GC after each +RTS -i interval and "
		       "none at exit: what was counted after the last sample (%s; the log ends at "
		       "%s) is not in the log.\n",
		       report_text_time(a, k->t->samples[k->t->nsamples - 1].time),
		       report_text_time(b, c->run.s.tmax));
	if (k->t->ipe.over)
		printf("Some counters' source locations are left out: their IPE events are more "
		       "than the memory budget holds (%zu).\n", k->t->ipe.n);
	printf("Not in the log: the RTS's own counters and totals that +RTS -r prints around "
	       "this table (ENTERS, RETURNS, ALLOC_HEAP_ctr, ...).\n");
}

/* ---- a row per sample ---- */

struct row_ctx {
	const struct report_ctx *c;
	const struct tk *k;
	uint64_t time;
};

static void sample_row(void *ctx, uint32_t ctr, const struct ticky_counts *d)
{
	const struct row_ctx *r = ctx;
	const struct ticky_counter *t = &r->k->t->ctr[ctr];
	bool tsv = r->c->o.tsv;
	if (tsv) {
		printf("%" PRIu64 "\t%" PRIu64 "\t", r->time, t->id);
		put_name(stdout, t, r->c->o.escape, true);
		printf("\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\n", d->entries, d->allocs, d->allocd);
		return;
	}
	char a[32];
	printf("%14s %11" PRIu64 "%12" PRIu64 "%12" PRIu64 "  ", report_text_time(a, r->time),
	       d->entries, d->allocs, d->allocd);
	put_name(stdout, t, r->c->o.escape, false);
	putchar('\n');
}

static void samples(const struct report_ctx *c, const struct tk *k)
{
	for (size_t i = ticky_sample_from(k->t, c->o.from);
	     i < k->t->nsamples && k->t->samples[i].time <= c->o.to; i++) {
		struct row_ctx r = { c, k, k->t->samples[i].time };
		ticky_sample_each(k->t, i, sample_row, &r);
	}
}

static int tk_text(struct report_ctx *c)
{
	struct tk *k = c->priv;
	if (!k->t->nctr) {
		no_ticky(c);
	} else if (c->o.samples) {
		printf("%14s %11s%12s%12s  %s\n", "time", "Entries", "Alloc", "Alloc'd", "STG Name");
		samples(c, k);
	} else {
		head(c, k);
		table(c, k);
		locations(c, k);
		notes(c, k);
	}
	return 0;
}

/* ---- TSV ---- */

static int tk_tsv(struct report_ctx *c)
{
	struct tk *k = c->priv;
	if (c->o.samples) {
		printf("time\tcounter\tname\tentries\talloc\tallocd\n");
		samples(c, k);
	} else {
		/* the ticky table's rows, in the report's order */
		struct table_data d = { .s = &c->run.s, .ticky = k->t, .order = k->rows,
					.norder = k->nrows };
		struct table_limits l = report_window(c);
		report_table_header(stdout, &table_ticky);
		int rc = report_table_write(c, table_open(&table_ticky, &d, &l), NULL, NULL);
		if (rc)
			return rc;
	}
	if (!k->t->nctr)
		warnx_("%s: no ticky-ticky counters: build the program with ghc -ticky and run it "
		       "with +RTS -lT (not with -r)", c->o.path);
	return 0;
}

const struct report_ops report_ticky_ops = {
	.priv_size = sizeof(struct tk),
	.prepare = tk_prepare,
	.text = tk_text,
	.tsv = tk_tsv,
	.release = tk_release,
};
