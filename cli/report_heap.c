/* report_heap: the profiles GHC writes into the log. `hectic heap`: the
 * heap profile's bands by peak (TSV: a row per census and band); `hectic
 * profile`: the time profile as the .prof's tree, flat per cost centre,
 * or as folded stacks. */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/cctree.h"
#include "../model/timefmt.h"
#include "../common/report_text.h"
#include "cli.h"

/* ---- heap ---- */

/* A band's name, as text from the file (escaped for a terminal when
 * asked), written piece by piece as it is read: a stack of long labels is
 * megabytes (issue 32), and none is made whole. */
static void heap_put_band(FILE *f, const struct heap *h, uint32_t b, bool escape)
{
	struct heap_name_walk w;
	const uint8_t *p;
	size_t n;
	heap_name_begin(&w, h, b);
	while (heap_name_next(&w, &p, &n))
		report_text_put(f, p, n, escape);
}

/* A band as the text report names it: a -hi band by its address, its
 * table and its source location (or that the log has no provenance for
 * it); any other as heap_band_name. */
static void put_band_text(FILE *f, const struct report_ctx *c, uint32_t b)
{
	uint64_t addr;
	struct ipe e;
	switch (heap_band_ipe(&c->run.h, &c->run.s, b, &addr, &e)) {
	case 1:
		fprintf(f, "0x%llx (no provenance in the log)", (unsigned long long)addr);
		return;
	case 2:
		fprintf(f, "0x%llx ", (unsigned long long)addr);
		report_text_field(f, e.table, e.ntable, c->o.escape, false);
		if (ipe_has_src(&e)) {
			fputs(" at ", f);
			report_text_field(f, e.src, e.nsrc, c->o.escape, false);
		} else {
			fputs(" (no source location)", f);
		}
		return;
	}
	heap_put_band(f, &c->run.h, b, c->o.escape);
}

struct band_stat {
	uint32_t band;
	uint64_t peak, sum, peak_time;
	uint64_t cur;  /* its bytes in the census being read (a band named
			* twice in one census is their sum, as in the .hp) */
	size_t in;     /* that census's index + 1 */
};

static int cmp_band_peak(const void *a, const void *b)
{
	const struct band_stat *x = a, *y = b;
	if (x->peak != y->peak)
		return x->peak > y->peak ? -1 : 1;
	return (x->band > y->band) - (x->band < y->band);
}

/* One row per census of the window and band: the heap table's rows. */
static int heap_tsv(struct report_ctx *c)
{
	if (c->o.hp)
		return report_hp(c);
	struct table_limits l = report_window(c);
	return report_table_tsv(c, &table_heap, &l, NULL, NULL);
}

/* Each band's peak and sum over the censuses of the window, by peak;
 * returns how many censuses. */
static size_t band_stats(const struct heap *h, const struct report_opts *o, struct band_stat *st)
{
	size_t ncens = 0;
	for (size_t b = 0; b < h->nbands; b++)
		st[b].band = (uint32_t)b;
	for (size_t k = 0; k < h->ncensuses; k++) {
		const struct census *cs = &h->censuses[k];
		if (cs->time < o->from || cs->time > o->to)
			continue;
		ncens++;
		for (size_t i = cs->first; i < cs->first + cs->n; i++) {
			struct band_stat *x = &st[h->samples[i].band];
			if (x->in != k + 1) {
				x->in = k + 1;
				x->cur = 0;
			}
			x->cur += h->samples[i].bytes;
			x->sum += h->samples[i].bytes;
		}
		for (size_t i = cs->first; i < cs->first + cs->n; i++) {
			struct band_stat *x = &st[h->samples[i].band];
			if (x->cur > x->peak) {
				x->peak = x->cur;
				x->peak_time = cs->time;
			}
		}
	}
	qsort(st, h->nbands, sizeof *st, cmp_band_peak);
	return ncens;
}

/* The --top bands by peak, with their mean. */
static int heap_text(struct report_ctx *c)
{
	if (c->o.hp)
		return report_hp(c);
	const struct heap *h = &c->run.h;
	struct band_stat *st = calloc(h->nbands ? h->nbands : 1, sizeof *st);
	if (!st) {
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	size_t ncens = band_stats(h, &c->o, st);
	printf("%zu censuses, %zu bands; the top %ld by peak (mean over the censuses)\n",
	       ncens, h->nbands, c->o.top);
	printf("%8s %8s %12s  %s\n", "peak", "mean", "at", "band");
	for (size_t b = 0; b < h->nbands && (long)b < c->o.top && st[b].peak; b++) {
		/* bytes with a unit, as the heap pane says them (--tsv: integers) */
		char a[32], pk[16], mn[16];
		printf("%8s %8s %12s  ", bytes_format(pk, sizeof pk, st[b].peak),
		       bytes_format(mn, sizeof mn, ncens ? st[b].sum / ncens : 0),
		       report_text_time(a, st[b].peak_time));
		put_band_text(stdout, c, st[b].band);
		putchar('\n');
	}
	if (h->breakdown == HEAP_BY_INFO_TABLE) {
		size_t named = 0;
		for (size_t b = 0; b < h->nbands; b++) {
			uint64_t addr;
			struct ipe e;
			named += heap_band_ipe(h, &c->run.s, (uint32_t)b, &addr, &e) == 2;
		}
		printf("(by info table, +RTS -hi: %zu of %zu bands have their provenance in the log",
		       named, h->nbands);
		if (named < h->nbands)
			printf("; the rest come from code built without -finfo-table-map");
		printf(")\n");
		if (h->ipe.nomem)
			printf("(out of memory: some provenance events were not indexed)\n");
	}
	if (!h->ncensuses)
		printf("(no heap profile in this log: run the program with +RTS -hT, or -hc, -hm, "
		       "-hd, -hy with a profiled build)\n");
	free(st);
	return 0;
}

const struct report_ops report_heap_ops = {
	.table = &table_heap, .text = heap_text, .tsv = heap_tsv,
};

/* ---- profile ---- */

/* A cost centre's label (MAIN for the root, <cc N> for an undefined id). */
static void put_cc(FILE *f, const struct heap *h, uint32_t id, bool escape, bool tsv)
{
	const struct cost_centre *c = id == CCT_NONE ? NULL : heap_cc(h, id);
	if (c)
		report_text_field(f, c->label, c->nlabel, escape, tsv);
	else if (id == CCT_NONE)
		fputs("MAIN", f);
	else
		fprintf(f, "<cc %u>", id);
}

/* A cost centre's module, or its source location. */
static void put_cc_field(FILE *f, const struct heap *h, uint32_t id, bool module, bool escape,
			 bool tsv)
{
	const struct cost_centre *c = id == CCT_NONE ? NULL : heap_cc(h, id);
	const uint8_t *p = !c ? (const uint8_t *)(id == CCT_NONE ? (module ? "MAIN" : "<built-in>") : "?")
			      : module ? c->module : c->srcloc;
	size_t n = !c ? strlen((const char *)p) : module ? c->nmodule : c->nsrcloc;
	report_text_field(f, p, n, escape, tsv);
}

/* The display width of a cost centre's label or module, as put_cc writes
 * it (escapes included). */
static size_t cc_width(const struct heap *h, uint32_t id, bool module, bool escape)
{
	char *p = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&p, &n);
	if (!m)
		return 0;
	if (module)
		put_cc_field(m, h, id, true, escape, false);
	else
		put_cc(m, h, id, escape, false);
	fclose(m);
	size_t w = report_text_width(p, n);
	free(p);
	return w;
}

/* A TSV row's cost centre, module and source location, then its ticks. */
static void cc_tsv_row(const struct heap *h, uint32_t cc, uint64_t self, uint64_t inherited,
		       bool escape)
{
	put_cc(stdout, h, cc, escape, true);
	putchar('\t');
	put_cc_field(stdout, h, cc, true, escape, true);
	putchar('\t');
	put_cc_field(stdout, h, cc, false, escape, true);
	printf("\t%llu\t%llu\n", (unsigned long long)self, (unsigned long long)inherited);
}

static void prof_text_head(const struct cctree *t, const struct report_opts *o)
{
	char a[32], b[32];
	printf("%llu ticks (%llu on the RTS's own cost centres %s); ", (unsigned long long)t->total,
	       (unsigned long long)t->left_out, o->builtin ? "kept: --builtin" : "left out");
	if (o->has_from || o->has_to)
		printf("%s to %s", report_text_time(a, o->from),
		       o->has_to ? report_text_time(b, o->to) : "the end");
	else
		printf("the whole run");
	if (o->cap >= 0)
		printf(", capability %ld\n", o->cap);
	else
		printf(", all capabilities\n");
	if (t->unknown)
		printf("(%llu ticks on stacks naming undefined cost centres)\n",
		       (unsigned long long)t->unknown);
}

struct profile {
	struct cctree t;
	bool built;
};

static void profile_release(struct report_ctx *c)
{
	struct profile *p = c->priv;
	if (p->built)
		cctree_free(&p->t);
}

static int profile_prepare(struct report_ctx *c)
{
	struct profile *p = c->priv;
	struct cctree_opts co = { .from = c->o.from, .to = c->o.to,
				  .cap = c->o.cap >= 0 ? (int32_t)c->o.cap : -1, .builtin = c->o.builtin };
	if (!c->run.h.tick_events) {
		warnx_("%s: no time profile in this log: run a profiled build with +RTS -p -l%s",
		       c->o.path, c->run.h.ncensuses ? " (it has a heap profile: hectic heap)" : "");
		return EXIT_BADINPUT;
	}
	if (!(p->built = cctree_build(&p->t, &c->run.h, &c->run.s, &co))) {
		if (store_faulted(&c->run.s))
			warnx_("%s: the file shrank while it was read", c->o.path);
		else
			warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	if (p->t.cut && !c->o.flat)
		warnx_("%s: the call tree reached its memory budget: %llu ticks on stacks deeper than its"
		       " nodes are counted in the inherited ticks of the deepest node it has; the flat"
		       " profile (--flat) counts every tick",
		       c->o.path, (unsigned long long)p->t.cut);
	return -1;
}

/* The tree's rows, in the .prof's order (*n of them), or NULL when out of
 * memory (said). */
static uint32_t *tree_rows(const struct cctree *t, size_t *n)
{
	*n = cctree_rows(t, NULL, NULL, 0);
	uint32_t *rows = malloc((*n ? *n : 1) * sizeof *rows);
	if (!rows) {
		warnx_("out of memory");
		return NULL;
	}
	cctree_rows(t, NULL, rows, *n);
	return rows;
}

/* The .prof's tree: a node per stack, its individual and inherited ticks;
 * nodes with no ticks but the root are left out: the profile table's rows
 * over t. */
static int tree_tsv(struct report_ctx *c, const struct cctree *t)
{
	struct table_data d = { .s = &c->run.s, .h = &c->run.h, .cct = t };
	report_table_header(stdout, &table_profile);
	return report_table_write(c, table_open(&table_profile, &d, NULL), NULL, NULL);
}

static void tree_text(const struct heap *h, const struct cctree *t, const struct report_opts *o)
{
	size_t n;
	uint32_t *rows = tree_rows(t, &n);
	if (!rows)
		return;
	prof_text_head(t, o);
	/* the columns as wide as their widest entry, as the .prof has them */
	size_t wl = strlen("COST CENTRE"), wm = strlen("MODULE");
	for (size_t i = 0; i < n; i++) {
		const struct cc_node *x = &t->nodes[rows[i]];
		if (!x->inherited && i)
			continue;
		size_t l = x->depth + cc_width(h, x->cc, false, o->escape);
		size_t m = cc_width(h, x->cc, true, o->escape);
		wl = l > wl ? l : wl;
		wm = m > wm ? m : wm;
	}
	printf("%*s%*s\n", (int)(wl + wm + 17), "individual", 17, "inherited");
	printf("%-*s  %-*s %8s %5s %9s %6s  %s\n", (int)wl, "COST CENTRE", (int)wm, "MODULE", "ticks",
	       "%time", "ticks", "%time", "SRC");
	for (size_t i = 0; i < n; i++) {
		const struct cc_node *x = &t->nodes[rows[i]];
		if (!x->inherited && i)
			continue;
		printf("%*s", (int)x->depth, "");
		put_cc(stdout, h, x->cc, o->escape, false);
		size_t l = x->depth + cc_width(h, x->cc, false, o->escape);
		printf("%*s  ", (int)(wl - l), "");
		put_cc_field(stdout, h, x->cc, true, o->escape, false);
		printf("%*s %8llu %5.1f %9llu %6.1f  ", (int)(wm - cc_width(h, x->cc, true, o->escape)),
		       "", (unsigned long long)x->self, cctree_pct(x->self, t->total),
		       (unsigned long long)x->inherited, cctree_pct(x->inherited, t->total));
		put_cc_field(stdout, h, x->cc, false, o->escape, false);
		putchar('\n');
	}
	free(rows);
}

/* A row per cost centre: individual ticks (summed over its nodes) and
 * inherited (each tick with it anywhere in the stack, once). */
static void flat_rows(const struct heap *h, const struct cctree *t, const struct report_opts *o)
{
	struct cc_flat *f;
	size_t n;
	if (!cctree_flat(t, &f, &n)) {
		warnx_("out of memory");
		return;
	}
	if (o->tsv)
		printf("cost_centre\tmodule\tsrc\tticks\tinherited_ticks\n");
	else {
		prof_text_head(t, o);
		printf("%8s %6s %9s %6s  %-24s %s\n", "ticks", "%time", "inherited", "%time",
		       "cost centre", "module");
	}
	for (size_t i = 0; i < n && (o->tsv || (long)i < o->top); i++) {
		if (o->tsv) {
			cc_tsv_row(h, f[i].cc, f[i].self, f[i].inherited, o->escape);
			continue;
		}
		printf("%8llu %6.1f %9llu %6.1f  ", (unsigned long long)f[i].self, cctree_pct(f[i].self, t->total),
		       (unsigned long long)f[i].inherited, cctree_pct(f[i].inherited, t->total));
		put_cc(stdout, h, f[i].cc, o->escape, false);
		size_t w = cc_width(h, f[i].cc, false, o->escape);
		printf("%*s", w < 24 ? (int)(25 - w) : 1, "");
		put_cc_field(stdout, h, f[i].cc, true, o->escape, false);
		putchar('\n');
	}
	free(f);
}

/* A line per stack with ticks: root;...;leaf COUNT (flamegraph.pl,
 * speedscope); MAIN for the empty stack. */
static void folded(const struct heap *h, const struct cctree *t, bool escape)
{
	size_t n;
	uint32_t *rows = tree_rows(t, &n);
	uint32_t *path = rows ? malloc((t->n ? t->n : 1) * sizeof *path) : NULL;
	if (!path) {
		if (rows)
			warnx_("out of memory");
		free(rows);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		const struct cc_node *x = &t->nodes[rows[i]];
		if (!x->self)
			continue;
		if (!rows[i]) {
			printf("MAIN %llu\n", (unsigned long long)x->self);
			continue;
		}
		size_t d = 0;
		for (uint32_t k = rows[i]; k; k = t->nodes[k].parent)
			path[d++] = k;
		while (d-- > 0) {
			put_cc(stdout, h, t->nodes[path[d]].cc, escape, false);
			if (d)
				putchar(';');
		}
		printf(" %llu\n", (unsigned long long)x->self);
	}
	free(rows);
	free(path);
}

/* --folded, and --flat, whose writer prints either form: true when one
 * of them was asked for and printed. */
static bool profile_not_tree(struct report_ctx *c)
{
	const struct profile *p = c->priv;
	if (c->o.folded)
		folded(&c->run.h, &p->t, c->o.escape);
	else if (c->o.flat)
		flat_rows(&c->run.h, &p->t, &c->o);
	return c->o.folded || c->o.flat;
}

static int profile_tsv(struct report_ctx *c)
{
	const struct profile *p = c->priv;
	if (c->o.speedscope)
		return report_speedscope(c, &p->t);
	if (!profile_not_tree(c))
		return tree_tsv(c, &p->t);
	return 0;
}

static int profile_text(struct report_ctx *c)
{
	const struct profile *p = c->priv;
	if (c->o.speedscope)
		return report_speedscope(c, &p->t);
	if (!profile_not_tree(c))
		tree_text(&c->run.h, &p->t, &c->o);
	return 0;
}

const struct report_ops report_profile_ops = {
	.priv_size = sizeof(struct profile), .prepare = profile_prepare, .text = profile_text,
	.tsv = profile_tsv, .release = profile_release,
};
