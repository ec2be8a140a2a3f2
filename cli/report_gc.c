/* report_gc: where the capabilities' time went. `hectic gcs`: the longest
 * pauses and the pause percentiles (TSV: every collection in time order);
 * `hectic activity`: per column of the window and capability, the
 * fractions of time running and in GC (always TSV). A log without the GC
 * class (+RTS -l-au) has no collections to give: gcs says so instead of
 * its table (TSV: the header alone, and the sentence on stderr); without
 * the scheduler's class, or the GC's, activity's running, or gc, column is
 * empty (unknown, as summary --tsv leaves what it cannot give), and a
 * sentence on stderr says why. */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>

#include "../model/gcs_stream.h"
#include "../model/timefmt.h"
#include "../model/vec.h"
#include "../viewer/lane_view.h"
#include "../common/report_text.h"
#include "cli.h"

/* ---- gcs ---- */


static const struct gcstat *gc_stat(const struct tracks *tr, const struct gc *g)
{
	return g->stat >= 0 ? &tr->gcstats[g->stat] : NULL;
}

/* The sentence for a log without GC events, into buf; "" when it has them. */
static const char *gcs_absent(const struct report_ctx *c, char *buf, size_t n)
{
	return lane_view_absent(&c->run.s, &c->run.tr, CLASS_BIT(CL_GC), false, buf, n);
}

/* --gen G of a generation the log lacks: an error naming those it has,
 * rather than "0 collections". Its generations: HEAP_INFO_GHC's count, or
 * up to the highest a GC_STATS_GHC gives; a log with neither (no GC
 * events, or none saying a generation) is left to say so itself. */
static int gcs_prepare(struct report_ctx *c)
{
	const struct tracks *tr = &c->run.tr;
	long g = c->o.gen;
	long n = tr->gens ? tr->gens : tr->ngcstats ? tr->maxgen + 1 : 0;
	if (g < 0 || !n || g < n)
		return -1;
	if (n == 1)
		warnx_("%s: --gen %ld: the log has generation 0 only", c->o.path, g);
	else
		warnx_("%s: --gen %ld: the log has generations 0 %s %ld", c->o.path, g,
		       n == 2 ? "and" : "to", n - 1);
	return EXIT_BADINPUT;
}

/* A collection of another generation than --gen's. */
static bool gcs_skip(const struct report_ctx *c, struct table_cursor *cur)
{
	struct table_value v;
	if (c->o.gen < 0)
		return false;
	table_value(cur, (size_t)table_col_index(&table_gcs, "gen"), &v);
	return v.kind != TV_INT || v.i != c->o.gen;
}

/* Every collection in the window, in time order: the gcs table's rows. */
static int gcs_tsv(struct report_ctx *c)
{
	char why[160];
	if (*gcs_absent(c, why, sizeof why))
		warnx_("%s: %s: the collections are not known", c->o.path, why);
	struct table_limits l = report_window(c);
	return report_table_tsv(c, &table_gcs, &l, gcs_skip, NULL);
}

/* A row of the ranking, ranked n: the collection's figures (gen < 0: not
 * known; st NULL: no GC_STATS_GHC, no copied and par). */
static void gcs_print(size_t n, uint64_t start, uint64_t pause, uint64_t span, int gen,
		      const struct gcstat *st, int32_t cap, const char *caps)
{
	char a[32], b[32], c[32], gens[12], cop[24], par[12], capb[12];
	snprintf(gens, sizeof gens, gen >= 0 ? "%d" : "-", gen);
	/* bytes with a unit, as the viewer and summary's text say them (--tsv:
	 * the integer) */
	if (st)
		bytes_format(cop, sizeof cop, st->copied);
	else
		snprintf(cop, sizeof cop, "-");
	snprintf(par, sizeof par, st ? "%u" : "-", st ? st->par_n_threads : 0u);
	snprintf(capb, sizeof capb, cap != EV_NO_CAP ? "%d" : "-", cap);
	printf("%4zu %14s %11s %11s %4s %8s %4s %4s %s\n", n, report_text_time(a, start),
	       report_text_time(b, pause), report_text_time(c, span), gens, cop, par, capb, caps);
}

/* A row of the ranking: collection g of the list, of generation gen. */
static void gcs_row(const struct tracks *tr, const struct gc *g, int gen, size_t n)
{
	char caps[512];
	tracks_gc_caps_text(tr, g, caps, sizeof caps);
	gcs_print(n, g->start, g->pause, g->span_end - g->span_start, gen, gc_stat(tr, g), g->cap,
		  caps);
}

/* The percentiles' line and what the columns mean. */
static void gcs_footer(const struct pause_pct *pp, bool stats)
{
	char p50[32], p90[32], p99[32], mx[32];
	printf("\n%zu collections; pause p50 %s, p90 %s, p99 %s, max %s\n", pp->n,
	       report_text_time(p50, pp->p50), report_text_time(p90, pp->p90),
	       report_text_time(p99, pp->p99), report_text_time(mx, pp->max));
	if (stats)
		printf("(pause: the initiating capability's GC_START..GC_END, as +RTS -s counts "
		       "it; span: the first\n capability's GC_START to the last one's GC_END; cap: "
		       "the initiating capability;\n caps: those that took part)\n");
	else
		printf("(no GC_STATS_GHC in this log: collections are grouped by overlap in time; "
		       "pause:\n the mean over capabilities of GC_START..GC_END; span: first start to "
		       "last end)\n");
}

static const char gcs_head[] = "%4s %14s %11s %11s %4s %8s %4s %4s %s\n";

/* Ranked before: the longer pause, then the earlier start. */
static bool gcs_before(const struct gcs_row *a, const struct gcs_row *b)
{
	return a->pause > b->pause || (a->pause == b->pause && a->start < b->start);
}

static int cmp_desc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? 1 : x > y ? -1 : 0;
}

/* Where the tracks' list of collections stopped at its budget: the same
 * report from the store's events (gcs_stream), keeping the --top rows and
 * every pause (8 bytes each, for the percentiles) within a budget of
 * their own (2.5% of the file plus 2 MB); past it, the report is partial
 * and says so. */
static int gcs_text_stream(struct report_ctx *c)
{
	const struct report_opts *o = &c->o;
	uint64_t room = c->run.s.size / 40 + (2u << 20);
	size_t top = o->top > 0 ? (size_t)o->top : 0, ntop = 0;
	if ((uint64_t)top * sizeof(struct gcs_row) > room / 2)
		top = (size_t)(room / 2 / sizeof(struct gcs_row));
	struct gcs_row *rows = calloc(top + 1, sizeof *rows);
	uint64_t *pauses = NULL;
	size_t np = 0, pcap = 0;
	struct gcs_stream *g = gcs_stream_new(&c->run.s, o->from);
	bool cut = top < (size_t)(o->top > 0 ? o->top : 0), ok = rows && g;
	while (ok && gcs_stream_next(g, &rows[ntop])) {
		const struct gcs_row *r = &rows[ntop];
		if (r->start > o->to)
			break;
		if (o->gen >= 0 && r->gen != o->gen)
			continue;
		if ((np + 1) * sizeof *pauses > room / 2 || !vec_push(pauses, np, pcap, r->pause)) {
			cut = true;
			break;
		}
		/* into the ranking, if it ranks among the top */
		size_t k = ntop;
		struct gcs_row x = *r;
		while (k > 0 && gcs_before(&x, &rows[k - 1])) {
			rows[k] = rows[k - 1];
			k--;
		}
		rows[k] = x;
		if (ntop < top)
			ntop++;
	}
	ok = ok && !gcs_stream_failed(g);
	gcs_stream_free(g);
	if (!ok || cut)
		report_partial(c, ok ? "the pauses kept for the ranking" : "the collections");
	report_partial_note(c, stdout);
	printf(gcs_head, "rank", "start", "pause", "span", "gen", "copied", "par", "cap", "caps");
	for (size_t i = 0; i < ntop; i++) {
		const struct gcs_row *r = &rows[i];
		struct gcstat st = { .copied = r->copied, .par_n_threads = r->par_n_threads };
		gcs_print(i + 1, r->start, r->pause, r->span_end - r->span_start, r->gen, &st, r->cap,
			  r->caps);
	}
	qsort(pauses, np, sizeof *pauses, cmp_desc);
	struct pause_pct pp = { .n = np };
	for (size_t k = 0; k < np; k++) /* nearest rank, as tracks_pause_pct */
		pause_pct_take(&pp, np, k, pauses[k]);
	gcs_footer(&pp, true);
	free(rows);
	free(pauses);
	return 0;
}

/* The --top longest pauses of the window, then its percentiles. */
static int gcs_text(struct report_ctx *c)
{
	const struct tracks *tr = &c->run.tr;
	const struct report_opts *o = &c->o;
	char why[160];
	if (*gcs_absent(c, why, sizeof why)) {
		printf("%s:\nthe collections and their pauses are not known\n", why);
		return 0;
	}
	if ((tr->cut & TRACKS_CUT_GCS) && tr->ngcstats)
		return gcs_text_stream(c);
	size_t n = 0;
	printf(gcs_head, "rank", "start", "pause", "span", "gen", "copied", "par", "cap", "caps");
	for (size_t i = 0; i < tr->ngcs; i++) {
		const struct gc *g = &tr->gcs[tr->gc_by_pause[i]];
		if (g->start < o->from || g->start > o->to)
			continue;
		int gen = tracks_gc_gen(tr, g);
		if (o->gen >= 0 && gen != o->gen)
			continue;
		if ((long)++n <= o->top)
			gcs_row(tr, g, gen, n);
	}
	struct pause_pct pp;
	tracks_pause_pct(tr, o->from, o->to, o->gen, &pp);
	gcs_footer(&pp, tr->ngcstats > 0);
	return 0;
}

const struct report_ops report_gcs_ops = {
	.table = &table_gcs,
	.prepare = gcs_prepare, .text = gcs_text, .tsv = gcs_tsv,
};

/* ---- activity ---- */

struct activity {
	uint64_t from, to;
	uint64_t *run, *gc; /* [cap * columns + column]: ns running, in GC */
	bool run_known, gc_known; /* the log has the scheduler's, the GC's events */
};

static void activity_release(struct report_ctx *c)
{
	struct activity *a = c->priv;
	free(a->run);
	free(a->gc);
}

static int activity_prepare(struct report_ctx *c)
{
	struct activity *a = c->priv;
	const struct report_opts *o = &c->o;
	a->from = o->has_from ? o->from : c->run.s.tmin;
	a->to = o->has_to ? o->to : c->run.s.tmax;
	if (!c->run.s.nevents && !o->has_from && !o->has_to)
		a->from = a->to = 0;
	if (a->to < a->from) {
		warnx_("--to is before the log's first event");
		return EXIT_USAGE;
	}
	unsigned n = (unsigned)o->columns;
	size_t m = c->run.tr.ncaps * (size_t)n;
	a->run = malloc((m ? m : 1) * sizeof *a->run);
	a->gc = malloc((m ? m : 1) * sizeof *a->gc);
	if (!a->run || !a->gc ||
	    !tracks_cap_activity(&c->run.tr, &c->run.s, a->from, a->to, n, a->run, a->gc, NULL)) {
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	class_set have = lane_view_have(&c->run.s, &c->run.tr);
	a->run_known = have & CLASS_BIT(CL_SCHED);
	a->gc_known = have & CLASS_BIT(CL_GC);
	char why[200];
	if (*lane_view_absent(&c->run.s, &c->run.tr, CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_GC), false, why,
			      sizeof why))
		warnx_("%s: %s: %s not known", c->o.path, why,
		       !a->run_known && !a->gc_known ? "the time running and in GC are"
		       : !a->run_known		     ? "the time running is"
						     : "the time in GC is");
	return -1;
}

/* A fraction the log may not hold: its value, or an empty field. */
static void activity_field(double v, bool known)
{
	if (known)
		printf("\t%.4f", v);
	else
		putchar('\t');
}

static int activity_tsv(struct report_ctx *c)
{
	const struct activity *a = c->priv;
	uint64_t from = a->from, to = a->to;
	unsigned n = (unsigned)c->o.columns;
	for (unsigned k = 0; k < n; k++) {
		uint64_t s = from + (uint64_t)((unsigned __int128)(to - from) * k / n);
		uint64_t e = from + (uint64_t)((unsigned __int128)(to - from) * (k + 1) / n);
		double w = (double)(e - s);
		for (size_t cap = 0; cap < c->run.tr.ncaps; cap++) {
			size_t i = cap * n + k;
			printf("%llu\t%llu\t%d", (unsigned long long)s, (unsigned long long)e,
			       c->run.tr.caps[cap]);
			activity_field(e > s ? (double)a->run[i] / w : 0.0, a->run_known);
			activity_field(e > s ? (double)a->gc[i] / w : 0.0, a->gc_known);
			putchar('\n');
		}
	}
	return 0;
}

const struct report_ops report_activity_ops = {
	.priv_size = sizeof(struct activity), .tsv_header = "start\tend\tcap\trunning\tgc",
	.prepare = activity_prepare, .tsv = activity_tsv, .release = activity_release,
};
