/* The heap pane's words: its band names (info-table provenance for a -hi
 * profile), the legend, the highlighted band's detail and the list of the
 * bands summed as other; with two runs, the same with each run's figures
 * and the change from A to B. */
#include "heap_pane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "label_fit.h"
#include "wrap.h"

/* ---- names ---- */

/* Bytes at the end of nm's name, as many as there is room for. */
static void name_add(struct heap_name *nm, const void *p, size_t n)
{
	if (n > sizeof nm->s - nm->n)
		n = sizeof nm->s - nm->n;
	memcpy(nm->s + nm->n, p, n);
	nm->n += n;
}

const char *heap_pane_name_in(const struct heap *h, const struct store *st, uint32_t b,
			      struct heap_name *nm)
{
	uint64_t addr;
	struct ipe e;
	char a[64];
	nm->n = 0;
	switch (heap_band_ipe(h, st, b, &addr, &e)) {
	case 1:
		snprintf(a, sizeof a, "0x%llx (no provenance)", (unsigned long long)addr);
		name_add(nm, a, strlen(a));
		break;
	case 2:
		name_add(nm, e.table, e.ntable);
		if (ipe_has_src(&e)) {
			name_add(nm, " ", 1);
			name_add(nm, e.src, e.nsrc);
		}
		break;
	default:
		nm->n = heap_band_cut(h, b, nm->s, sizeof nm->s);
	}
	return nm->s;
}

const char *heap_pane_name(struct viewer *u, uint32_t b, struct heap_name *nm)
{
	return heap_pane_name_in(&u->r->run.h, &u->r->run.s, b, nm);
}

char heap_pane_letter(const struct heap_pane *p, int i)
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	if (i >= p->nshown || i < 0 || (size_t)i >= sizeof letters - 1)
		return '~';
	return letters[i];
}

int heap_pane_color(const struct heap_pane *p, int i)
{
	return i >= p->nshown ? p->npal : i % (p->npal ? p->npal : 1);
}

short heap_pane_line(const struct heap_pane *p, int i)
{
	return (short)(PAIR0 + heap_pane_color(p, i));
}

short heap_pane_fill(const struct heap_pane *p, int i)
{
	return (short)(PAIR0 + p->npal + 1 + heap_pane_color(p, i));
}

int heap_pane_put(const struct viewer *u, int y, int x, const char *s)
{
	if (x >= u->L.cols)
		return 0;
	int n = (int)strlen(s);
	if (n > u->L.cols - x)
		n = u->L.cols - x;
	mvaddnstr(y, x, s, n);
	return n;
}

/* "other (N bands)" into nm. */
static const char *other_name(size_t rest, struct heap_name *nm)
{
	int k = snprintf(nm->s, sizeof nm->s, "other (%zu band%s)", rest, rest == 1 ? "" : "s");
	nm->n = k > 0 ? (size_t)k : 0;
	return nm->s;
}

/* The name of legend entry i into nm (raw bytes: draw with draw_safe). */
static const char *entry_name(struct viewer *u, struct heap_pane *p, int i, struct heap_name *nm)
{
	if (i < p->nshown)
		return heap_pane_name(u, p->rank[i].band, nm);
	return other_name(p->nrank > (size_t)p->nshown ? p->nrank - (size_t)p->nshown : 0, nm);
}

/* The share of v in total, as text. */
static char *share(char *buf, size_t n, uint64_t v, uint64_t total)
{
	snprintf(buf, n, "%.1f%%", total ? 100.0 * (double)v / (double)total : 0.0);
	return buf;
}

/* ---- the legend ---- */

/* Where each legend entry shown goes: a row an entry scrolled with the
 * selection (one column), or side by side filled down each column first;
 * and the names of those entries, each fitted among the others shown
 * (label_fit: two bands of one package read apart, not as its name). */
struct legend_slot {
	int y, x, w, i;
};

struct legend_names {
	struct legend_slot *slot;
	size_t n;
	struct label_set set; /* the names, in slot order */
};

typedef const char *entry_name_fn(struct viewer *u, struct heap_pane *p, int i, struct heap_name *nm);

static void legend_names_make(struct viewer *u, struct heap_pane *p, int y0, int rows, int legcols,
			      entry_name_fn *name_of, struct legend_names *ln)
{
	memset(ln, 0, sizeof *ln);
	int n = p->pl.n, w = legcols <= 1 ? u->L.cols : u->L.cols / legcols;
	if (n <= 0 || rows <= 0 || !(ln->slot = calloc((size_t)n, sizeof *ln->slot)))
		return;
	for (int k = 0; k < n; k++) {
		struct legend_slot sl;
		if (legcols <= 1) {
			if (k >= rows || p->pl.top + k >= n)
				break;
			sl = (struct legend_slot){ y0 + k, 0, w, p->pl.top + k };
		} else {
			if (k / rows >= legcols)
				break;
			sl = (struct legend_slot){ y0 + k % rows, (k / rows) * w, w, k };
		}
		struct heap_name nm;
		const char *name = name_of(u, p, sl.i, &nm);
		label_set_add(&ln->set, (const uint8_t *)name, nm.n, u->ascii);
		ln->slot[ln->n++] = sl;
	}
}

static void legend_names_free(struct legend_names *ln)
{
	free(ln->slot);
	label_set_free(&ln->set);
}

/* Entry i's name at (y, x) in w columns, fitted among the names shown. */
static void legend_name(struct viewer *u, const struct legend_names *ln, int i, int y, int x, int w)
{
	for (size_t k = 0; k < ln->n && k < ln->set.n; k++) {
		if (ln->slot[k].i != i || !ln->set.t[k].s)
			continue;
		struct label_part part;
		label_set_fit(&ln->set, k, w, u->ascii, &part);
		draw_label(y, x, ln->set.t[k].s, &part, u->ascii);
		return;
	}
}

/* The entry of slot sl: the selection mark, the swatch, the letter, its
 * figures (figs: one run's value and share at the cursor, or A's peak,
 * B's and the change), the name; when the entry is a whole row (wide),
 * the figures from the gutter on. */
static void legend_entry(struct viewer *u, struct heap_pane *p, const struct legend_slot *sl,
			 const char *figs, bool wide, const struct legend_names *ln)
{
	int y = sl->y, x = sl->x, i = sl->i;
	bool sel = i == p->pl.sel;
	int end = x + sl->w < u->L.cols ? x + sl->w : u->L.cols;
	if (sel)
		heap_pane_put(u, y, x, ">");
	if (p->colors) { /* the swatch */
		attron(COLOR_PAIR(heap_pane_fill(p, i)));
		heap_pane_put(u, y, x + 2, "  ");
		attroff(COLOR_PAIR(heap_pane_fill(p, i)));
	}
	char l[2] = { heap_pane_letter(p, i), 0 };
	attr_t la = sel && p->hl ? A_REVERSE | A_BOLD : A_BOLD;
	attron(la);
	heap_pane_put(u, y, x + 5, l);
	attroff(la);
	attr_t ta = sel ? A_BOLD | (p->hl ? A_REVERSE : 0) : 0;
	attron(ta);
	int tx = wide ? u->L.gutter : x + 7;
	tx += heap_pane_put(u, y, tx, figs);
	if (tx < end - (wide ? 0 : 1))
		legend_name(u, ln, i, y, tx, end - tx - (wide ? 0 : 1));
	attroff(ta);
}

void heap_pane_legend(struct viewer *u, struct heap_pane *p, int y0, int rows, int legcols,
		      long cc, const uint64_t *cv)
{
	const struct heap *h = &u->r->run.h;
	bool wide = legcols <= 1;
	struct legend_names ln;
	legend_names_make(u, p, y0, rows, legcols, entry_name, &ln);
	for (size_t k = 0; k < ln.n; k++) {
		int i = ln.slot[k].i;
		char a[32], b[32], c[32], line[128];
		const char *v = cc >= 0 ? bytes_format(a, sizeof a, cv[i]) : "-";
		const char *s = cc >= 0 ? share(b, sizeof b, cv[i], h->censuses[cc].total) : "-";
		if (wide)
			snprintf(line, sizeof line, "%7s %6s  peak %7s  ", v, s,
				 bytes_format(c, sizeof c, p->st[i].peak));
		else
			snprintf(line, sizeof line, "%7s %6s ", v, s);
		legend_entry(u, p, &ln.slot[k], line, wide, &ln);
	}
	legend_names_free(&ln);
}

/* ---- the detail ---- */

int heap_pane_detail_rows(struct viewer *u, const struct heap_pane *p)
{
	(void)p;
	return u->r->run.h.breakdown == HEAP_BY_INFO_TABLE ? 5 : 4;
}

/* The detail's first row, at y: entry i's letter and its name (name_of's). */
static void detail_band(struct viewer *u, struct heap_pane *p, int y, int i, entry_name_fn *name_of)
{
	heap_pane_put(u, y, 0, "band");
	char l[2] = { heap_pane_letter(p, i), 0 };
	attron(A_BOLD);
	heap_pane_put(u, y, u->L.gutter, l);
	struct heap_name nm;
	const char *s = name_of(u, p, i, &nm);
	if (u->L.gutter + 2 < u->L.cols)
		draw_safe(y, u->L.gutter + 2, (const uint8_t *)s, nm.n, u->L.cols - u->L.gutter - 2, u->ascii);
	attroff(A_BOLD);
}

/* The provenance row of a -hi band (b of h, s its store; -1: other): the
 * info table's name, closure type, type, label, module and source
 * location, as its IPE event gives them. */
static void detail_ipe(struct viewer *u, const struct heap *h, const struct store *s, long b, int y)
{
	heap_pane_put(u, y, 0, "table");
	if (b < 0) {
		heap_pane_put(u, y, u->L.gutter, "(the sum of the bands not drawn on their own)");
		return;
	}
	uint64_t addr;
	struct ipe e;
	int k = heap_band_ipe(h, s, (uint32_t)b, &addr, &e);
	char line[160];
	if (k == 0) {
		heap_pane_put(u, y, u->L.gutter, "(not an info table's address)");
		return;
	}
	int x = u->L.gutter;
	snprintf(line, sizeof line, "0x%llx ", (unsigned long long)addr);
	x += heap_pane_put(u, y, x, line);
	if (k == 1) {
		heap_pane_put(u, y, x, "no provenance in the log: its code was built without "
				       "-finfo-table-map");
		return;
	}
	const char *cl = e.closure_ok ? ipe_closure_name(e.closure) : NULL;
	struct {
		const char *label;
		const uint8_t *s;
		uint32_t n;
	} f[] = {
		{ "", e.table, e.ntable },
		{ ", ", cl ? (const uint8_t *)cl : e.desc, cl ? (uint32_t)strlen(cl) : e.ndesc },
		{ ", type ", e.type, e.ntype },
		{ ", label ", e.label, e.nlabel },
		{ ", module ", e.module, e.nmodule },
		{ ", ", e.src, ipe_has_src(&e) ? e.nsrc : 0 },
	};
	for (size_t j = 0; j < sizeof f / sizeof f[0] && x < u->L.cols; j++) {
		if (!f[j].n)
			continue;
		x += heap_pane_put(u, y, x, f[j].label);
		if (x < u->L.cols)
			x += draw_safe(y, x, f[j].s, f[j].n, u->L.cols - x, u->ascii);
	}
}

/* The growth of entry i over the window, on row y. */
static void detail_growth(struct viewer *u, struct heap_pane *p, int y, const struct row_stat *st)
{
	const struct heap *h = &u->r->run.h;
	char a[32], b[32], e[32], line[400];
	if (p->c0 < 0)
		return;
	uint64_t ta = h->censuses[p->c0].time, tb = h->censuses[p->c1].time;
	bool up = st->last >= st->first;
	uint64_t dv = up ? st->last - st->first : st->first - st->last;
	char rate[48] = "";
	if (tb > ta)
		snprintf(rate, sizeof rate, ", %s%s/s", up ? "+" : "-",
			 bytes_format(e, sizeof e, (uint64_t)((double)dv / ((double)(tb - ta) / 1e9) + 0.5)));
	snprintf(line, sizeof line,
		 "window: %llu B (census of %s) -> %llu B (census of %s): %s%llu B%s over %ld census%s",
		 (unsigned long long)st->first, core_fmt_moment(a, sizeof a, ta),
		 (unsigned long long)st->last, core_fmt_moment(b, sizeof b, tb), up ? "+" : "-",
		 (unsigned long long)dv, rate, p->c1 - p->c0 + 1, p->c1 > p->c0 ? "es" : "");
	heap_pane_put(u, y, u->L.gutter, line);
}

/* The series of entry i: the census of each column, in eighths of the
 * largest. */
static void detail_series(struct viewer *u, struct heap_pane *p, int y, int i)
{
	heap_pane_put(u, y, 0, "series");
	uint64_t max = 0;
	for (int k = 0; k < u->L.plotw; k++)
		if (p->col.cens[k] >= 0 && p->col.val[(size_t)k * M + (size_t)i] > max)
			max = p->col.val[(size_t)k * M + (size_t)i];
	attr_t at = p->colors ? (attr_t)COLOR_PAIR(heap_pane_line(p, i)) : 0;
	attron(at);
	for (int k = 0; k < u->L.plotw; k++)
		if (p->col.cens[k] >= 0)
			draw_level(u, y, u->L.plotx + k,
				   layout_level8((double)p->col.val[(size_t)k * M + (size_t)i], (double)max));
	attroff(at);
}

void heap_pane_detail(struct viewer *u, struct heap_pane *p, int y0, int rows, long cc,
		      const uint64_t *cv)
{
	const struct heap *h = &u->r->run.h;
	int i = p->pl.sel;
	const struct row_stat *st = &p->st[i];
	char a[32], b[32], c[32], d[32], line[400];
	int y = y0;
	detail_band(u, p, y, i, entry_name);
	if (++y >= y0 + rows)
		return;
	if (h->breakdown == HEAP_BY_INFO_TABLE) {
		detail_ipe(u, h, &u->r->run.s, i < p->nshown ? (long)p->rank[i].band : -1, y);
		if (++y >= y0 + rows)
			return;
	}
	/* the peak, and the value at the cursor */
	int x = u->L.gutter;
	snprintf(line, sizeof line, "peak %llu B (%s) at %s;  ", (unsigned long long)st->peak,
		 bytes_format(a, sizeof a, st->peak), core_fmt_moment(b, sizeof b, st->peak_time));
	x += heap_pane_put(u, y, x, line);
	if (cc >= 0)
		snprintf(line, sizeof line, "at the cursor %llu B (%s), %s of the census of %s",
			 (unsigned long long)cv[i], bytes_format(a, sizeof a, cv[i]),
			 share(c, sizeof c, cv[i], h->censuses[cc].total),
			 core_fmt_moment(d, sizeof d, h->censuses[cc].time));
	else
		snprintf(line, sizeof line, "at the cursor: before the first census");
	heap_pane_put(u, y, x, line);
	if (++y >= y0 + rows)
		return;
	detail_growth(u, p, y, st);
	if (++y >= y0 + rows)
		return;
	detail_series(u, p, y, i);
}

/* ---- the bands in other ---- */

/* The entry ranked k (past the legend's) in other: its name into nm (raw
 * bytes), its figures into buf (cc: the census at the cursor, -1 none). */
typedef const char *other_name_fn(struct viewer *u, struct heap_pane *p, size_t k, struct heap_name *nm);
typedef void other_figs_fn(struct viewer *u, struct heap_pane *p, size_t k, long cc, char *buf, size_t n);

/* The list of the rest entries in other, ranked, from y0 (rows rows):
 * its title (what: the figures' names), then a row an entry: the
 * selection mark, its rank, its figures, its name fitted among the rows'. */
static void other_list(struct viewer *u, struct heap_pane *p, int y0, int rows, size_t rest,
		       const char *what, other_name_fn *name_of, other_figs_fn *figs_of, long cc)
{
	char line[200], figs[128];
	snprintf(line, sizeof line, "other: %zu band%s ranked by %s over the window; %s (%s closes)",
		 rest, rest == 1 ? "" : "s", p->by == HEAP_BY_AREA ? "area" : "peak", what,
		 core_key_for(u, ACT_CANCEL));
	attron(A_BOLD);
	heap_pane_put(u, y0, 0, line);
	attroff(A_BOLD);
	rows--;
	pane_list_set(&p->ol, (int)rest);
	pane_list_show(&p->ol, rows);
	struct label_set names = { 0 }; /* the rows', each fitted among them */
	for (int r = 0; r < rows && p->ol.top + r < p->ol.n; r++) {
		struct heap_name nm;
		const char *s = name_of(u, p, (size_t)p->nshown + (size_t)(p->ol.top + r), &nm);
		label_set_add(&names, (const uint8_t *)s, nm.n, u->ascii);
	}
	for (int r = 0; r < rows && p->ol.top + r < p->ol.n; r++) {
		int k = p->ol.top + r, y = y0 + 1 + r;
		bool sel = k == p->ol.sel;
		attr_t ta = sel ? A_REVERSE : 0;
		attron(ta);
		figs_of(u, p, (size_t)p->nshown + (size_t)k, cc, figs, sizeof figs);
		snprintf(line, sizeof line, "%s%5d %s", sel ? ">" : " ", p->nshown + k + 1, figs);
		int x = heap_pane_put(u, y, 0, line);
		draw_label_fit(&names, (size_t)r, y, x, u->L.cols - x, u->ascii);
		attroff(ta);
	}
	label_set_free(&names);
}

static const char *other_band_name(struct viewer *u, struct heap_pane *p, size_t k,
				   struct heap_name *nm)
{
	return heap_pane_name(u, p->rank[k].band, nm);
}

/* One run: the band's bytes and share at the cursor, its peak. */
static void other_band_figs(struct viewer *u, struct heap_pane *p, size_t k, long cc, char *buf,
			    size_t n)
{
	const struct heap *h = &u->r->run.h;
	const struct band_rank *br = &p->rank[k];
	uint64_t v = cc >= 0 ? heap_census_band(h, (size_t)cc, br->band) : 0;
	char a[32], b[32], c[32];
	snprintf(buf, n, "%7s %6s  peak %7s  ", cc >= 0 ? bytes_format(a, sizeof a, v) : "-",
		 cc >= 0 ? share(b, sizeof b, v, h->censuses[cc].total) : "-",
		 bytes_format(c, sizeof c, br->peak));
}

void heap_pane_other(struct viewer *u, struct heap_pane *p, int y0, int rows, long cc)
{
	size_t rest = p->nrank > (size_t)p->nshown ? p->nrank - (size_t)p->nshown : 0;
	other_list(u, p, y0, rows, rest, "at the cursor, share, peak", other_band_name,
		   other_band_figs, cc);
}

/* ---- two runs ---- */

static const struct heap *cmp_heap(const struct viewer *u, int r)
{
	return r ? &u->other->run.h : &u->r->run.h;
}

static const struct store *cmp_store(const struct viewer *u, int r)
{
	return r ? &u->other->run.s : &u->r->run.s;
}

char *heap_cmp_change(char *buf, size_t n, uint64_t a, uint64_t b)
{
	char d[32], r[32] = "";
	bytes_format(d, sizeof d, b >= a ? b - a : a - b);
	if (a) {
		double x = (double)b / (double)a;
		snprintf(r, sizeof r, x < 9.995 ? " x%.2f" : x < 99.95 ? " x%.1f" : " x%.0f", x);
	}
	snprintf(buf, n, "%s%s%s", b == a ? "" : b > a ? "+" : "-", d, r);
	return buf;
}

char *heap_cmp_label(struct viewer *u, int r, char *buf, size_t n)
{
	char s[200];
	if (r)
		core_runs_exchange(u);
	snprintf(buf, n, "%s %s", core_run_letter(u), core_run_short(u, s, sizeof s));
	if (r)
		core_runs_exchange(u);
	return buf;
}

const char *heap_cmp_name(struct viewer *u, int r, uint32_t b, struct heap_name *nm)
{
	return heap_pane_name_in(cmp_heap(u, r), cmp_store(u, r), b, nm);
}

/* An entry's name (raw bytes): its band's in A, or in B when A has none. */
static const char *ent_name(struct viewer *u, struct heap_pane *p, const struct heap_cmp_ent *e,
			    struct heap_name *nm)
{
	int r = e->band[p->cmp->ra] >= 0 ? p->cmp->ra : 1 - p->cmp->ra;
	return heap_cmp_name(u, r, (uint32_t)e->band[r], nm);
}

/* The name of legend entry i into nm (raw bytes). */
static const char *cmp_entry_name(struct viewer *u, struct heap_pane *p, int i,
				  struct heap_name *nm)
{
	const struct heap_cmp *c = p->cmp;
	if (i < p->nshown)
		return ent_name(u, p, &c->ent[i], nm);
	return other_name(c->nrank > (size_t)p->nshown ? c->nrank - (size_t)p->nshown : 0, nm);
}

/* Entry i's figures in A and B (the entries not shown summed for other),
 * and whether each run has a band of its name. */
static void cmp_figs(const struct heap_pane *p, int i, const struct heap_cmp_fig **fa,
		     const struct heap_cmp_fig **fb, bool *ina, bool *inb)
{
	const struct heap_cmp *c = p->cmp;
	int ra = c->ra, rb = 1 - ra;
	if (i < p->nshown) {
		*fa = &c->ent[i].f[ra];
		*fb = &c->ent[i].f[rb];
		*ina = c->ent[i].band[ra] >= 0;
		*inb = c->ent[i].band[rb] >= 0;
	} else {
		*fa = &c->r[ra].other;
		*fb = &c->r[rb].other;
		*ina = c->r[ra].any;
		*inb = c->r[rb].any;
	}
}

/* A's peak, B's and the change, as a legend entry writes them. */
static void cmp_peaks(char *line, size_t n, const struct heap_cmp_fig *fa,
		      const struct heap_cmp_fig *fb, bool ina, bool inb)
{
	char a[32], b[32], d[48];
	snprintf(line, n, "A %7s  B %7s  %-15s ", ina ? bytes_format(a, sizeof a, fa->peak) : "-",
		 inb ? bytes_format(b, sizeof b, fb->peak) : "-",
		 !inb ? "only in A" : !ina ? "only in B" : heap_cmp_change(d, sizeof d, fa->peak, fb->peak));
}

void heap_cmp_legend(struct viewer *u, struct heap_pane *p, int y0, int rows, int legcols)
{
	struct legend_names ln;
	legend_names_make(u, p, y0, rows, legcols, cmp_entry_name, &ln);
	for (size_t k = 0; k < ln.n; k++) {
		const struct heap_cmp_fig *fa, *fb;
		bool ina, inb;
		char line[128];
		cmp_figs(p, ln.slot[k].i, &fa, &fb, &ina, &inb);
		cmp_peaks(line, sizeof line, fa, fb, ina, inb);
		legend_entry(u, p, &ln.slot[k], line, false, &ln);
	}
	legend_names_free(&ln);
}

int heap_cmp_detail_rows(struct viewer *u, const struct heap_pane *p)
{
	(void)p;
	bool hi = u->r->run.h.breakdown == HEAP_BY_INFO_TABLE ||
		  u->other->run.h.breakdown == HEAP_BY_INFO_TABLE;
	return hi ? 5 : 4;
}

/* Run r's row of entry i's detail: its peak, mean and value at the cursor
 * (v; exact bytes). */
static void cmp_detail_run(struct viewer *u, struct heap_pane *p, int y, int r,
			   const struct heap_cmp_fig *f, bool in, uint64_t v)
{
	const struct heap_cmp_run *x = &p->cmp->r[r];
	const struct heap *h = cmp_heap(u, r);
	char lab[80], a[32], b[32], c[32], line[400];
	heap_cmp_label(u, r, lab, sizeof lab);
	draw_safe(y, 0, (const uint8_t *)lab, strlen(lab), u->L.gutter - 1, u->ascii);
	if (!x->any || !in) {
		heap_pane_put(u, y, u->L.gutter, !x->any ? "no heap profile in this run"
							  : "no band of this name in this run");
		return;
	}
	int n = snprintf(line, sizeof line, "peak %llu B (%s) at %s, mean %llu B over %zu census%s;  ",
			 (unsigned long long)f->peak, bytes_format(a, sizeof a, f->peak),
			 f->peak ? core_fmt_moment(b, sizeof b, f->peak_time) : "-",
			 (unsigned long long)(x->ncens ? f->sum / x->ncens : 0), x->ncens,
			 x->ncens == 1 ? "" : "es");
	if (n < 0 || (size_t)n >= sizeof line)
		n = 0;
	if (x->ended)
		snprintf(line + n, sizeof line - (size_t)n, "at the cursor: after its end");
	else if (x->cc < 0)
		snprintf(line + n, sizeof line - (size_t)n, "at the cursor: before its first census");
	else
		snprintf(line + n, sizeof line - (size_t)n, "at the cursor %llu B (%.1f%%), census of %s",
			 (unsigned long long)v,
			 h->censuses[x->cc].total ? 100.0 * (double)v / (double)h->censuses[x->cc].total : 0.0,
			 core_fmt_moment(c, sizeof c, h->censuses[x->cc].time));
	heap_pane_put(u, y, u->L.gutter, line);
}

/* The change row: peak and mean, exact, with the ratios B/A. */
static void cmp_detail_change(struct viewer *u, struct heap_pane *p, int y,
			      const struct heap_cmp_fig *fa, const struct heap_cmp_fig *fb, bool ina,
			      bool inb)
{
	const struct heap_cmp *c = p->cmp;
	char line[300], ra[32] = "", rm[32] = "";
	heap_pane_put(u, y, 0, "change");
	if (!ina || !inb) {
		heap_pane_put(u, y, u->L.gutter, !inb ? "only in A" : "only in B");
		return;
	}
	uint64_t ma = c->r[c->ra].ncens ? fa->sum / c->r[c->ra].ncens : 0;
	uint64_t mb = c->r[1 - c->ra].ncens ? fb->sum / c->r[1 - c->ra].ncens : 0;
	if (fa->peak)
		snprintf(ra, sizeof ra, " (x%.4f)", (double)fb->peak / (double)fa->peak);
	if (ma)
		snprintf(rm, sizeof rm, " (x%.4f)", (double)mb / (double)ma);
	snprintf(line, sizeof line, "peak %s%llu B%s, mean %s%llu B%s", fb->peak < fa->peak ? "-" : "+",
		 (unsigned long long)(fb->peak < fa->peak ? fa->peak - fb->peak : fb->peak - fa->peak), ra,
		 mb < ma ? "-" : "+", (unsigned long long)(mb < ma ? ma - mb : mb - ma), rm);
	heap_pane_put(u, y, u->L.gutter, line);
}

void heap_cmp_detail(struct viewer *u, struct heap_pane *p, int y0, int rows)
{
	const struct heap_cmp *c = p->cmp;
	int i = p->pl.sel, ra = c->ra, rb = 1 - ra, y = y0;
	const struct heap_cmp_fig *fa, *fb;
	bool ina, inb;
	cmp_figs(p, i, &fa, &fb, &ina, &inb);
	detail_band(u, p, y, i, cmp_entry_name);
	if (++y >= y0 + rows)
		return;
	if (heap_cmp_detail_rows(u, p) > 4) { /* a -hi profile: the provenance */
		int r = i < p->nshown && c->ent[i].band[ra] < 0 ? rb : ra;
		long b = i < p->nshown ? c->ent[i].band[r] : -1;
		if (cmp_heap(u, r)->breakdown == HEAP_BY_INFO_TABLE || b < 0)
			detail_ipe(u, cmp_heap(u, r), cmp_store(u, r), b, y);
		if (++y >= y0 + rows)
			return;
	}
	size_t k = i < p->nshown ? (size_t)i : c->nent; /* the cursor's values */
	cmp_detail_run(u, p, y, ra, fa, ina, c->r[ra].cv[k]);
	if (++y >= y0 + rows)
		return;
	cmp_detail_run(u, p, y, rb, fb, inb, c->r[rb].cv[k]);
	if (++y >= y0 + rows)
		return;
	cmp_detail_change(u, p, y, fa, fb, ina, inb);
}

static const char *other_ent_name(struct viewer *u, struct heap_pane *p, size_t k,
				  struct heap_name *nm)
{
	return ent_name(u, p, &p->cmp->ent[k], nm);
}

/* Two runs: the entry's peak in A, in B, the change. */
static void other_ent_figs(struct viewer *u, struct heap_pane *p, size_t k, long cc, char *buf,
			   size_t n)
{
	(void)u;
	(void)cc;
	const struct heap_cmp *c = p->cmp;
	const struct heap_cmp_ent *e = &c->ent[k];
	cmp_peaks(buf, n, &e->f[c->ra], &e->f[1 - c->ra], e->band[c->ra] >= 0, e->band[1 - c->ra] >= 0);
}

void heap_cmp_other(struct viewer *u, struct heap_pane *p, int y0, int rows)
{
	const struct heap_cmp *c = p->cmp;
	size_t rest = c->nrank > (size_t)p->nshown ? c->nrank - (size_t)p->nshown : 0;
	other_list(u, p, y0, rows, rest, "peaks in A, in B, the change", other_ent_name,
		   other_ent_figs, -1);
}

/* Run r's census at the cursor, in words. */
static const char *cursor_words(const struct viewer *u, const struct heap_cmp_run *x, int r,
				char *buf, size_t n)
{
	char t[32];
	if (!x->any)
		snprintf(buf, n, "no profile");
	else if (x->ended)
		snprintf(buf, n, "after its end");
	else if (x->cc < 0)
		snprintf(buf, n, "no census yet");
	else
		snprintf(buf, n, "census of %s",
			 core_fmt_moment(t, sizeof t, cmp_heap(u, r)->censuses[x->cc].time));
	return buf;
}

void heap_cmp_title(struct viewer *u, struct heap_pane *p, int y)
{
	const struct heap_cmp *c = p->cmp;
	int ra = c->ra, rb = 1 - ra;
	char ma[32], mb[32], ca[64], cb[64], line[600], more[64] = "", part[80] = "";
	char head[120], cur[160], steps[120];
	bool oa = cmp_heap(u, ra)->over_budget, ob = cmp_heap(u, rb)->over_budget;
	bool other = (size_t)p->nshown < c->nrank;
	if (p->nshown < p->maxn && other)
		snprintf(more, sizeof more, " + other (%d asked: no room)", p->maxn);
	if (oa || ob)
		snprintf(part, sizeof part, "[partial: %s over the memory budget]",
			 oa ? ob ? "A and B" : "A" : "B");
	snprintf(head, sizeof head, "heap %s, A and B: %d of %zu bands by %s",
		 p->norm ? "normalised" : "absolute", p->nshown, c->nrank,
		 p->by == HEAP_BY_AREA ? "area" : "peak");
	snprintf(cur, sizeof cur, "cursor: A %s, B %s", cursor_words(u, &c->r[ra], ra, ca, sizeof ca),
		 cursor_words(u, &c->r[rb], rb, cb, sizeof cb));
	snprintf(steps, sizeof steps, "a census every ~%s in A, ~%s in B",
		 c->r[ra].median ? time_format(ma, sizeof ma, c->r[ra].median) : "?",
		 c->r[rb].median ? time_format(mb, sizeof mb, c->r[rb].median) : "?");
	/* the head kept; the rest shortened or left out whole where the line
	 * is too narrow, the least needed first (heap_draw_title's way) */
	const struct wrap_part parts[] = {
		{ NULL, { head }, 9 },
		{ "", { *more ? more : other ? " + other" : "", *more ? " + other" : NULL }, 2 },
		{ "", { ", their peaks in the window", "" }, 4 },
		{ "; ", { cur, "" }, 5 },
		{ "; ", { steps, "" }, 3 },
		{ " ", { part, *part ? "[partial]" : NULL }, 7 },
	};
	wrap_parts(parts, sizeof parts / sizeof parts[0], u->L.cols, u->ascii, line, sizeof line);
	attron(A_BOLD);
	heap_pane_put(u, y, 0, line);
	attroff(A_BOLD);
}
