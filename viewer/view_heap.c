/* The heap-profile pane: the censuses of +RTS -h as stacked bands under
 * the lanes, on their time axis and cursor (each column one census, a
 * step until the next), a tick row (markers, major GCs, censuses), the
 * legend of the top bands over the window with its selection, and the
 * highlighted band's detail. Owns the pane's state and its caches (the
 * ranking, the columns, the band names); the arithmetic is heap_figures.c.
 * Its user guide is man/hectic.1's. */
#include "view_heap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "draw.h"
#include "loader.h"

#define M (HEAP_PANE_MAXN + 1) /* values per column: the bands shown, then other */
#define DETAIL_ROWS 4
#define PAIR0 40 /* colour pairs PAIR0 .. PAIR0 + 2M - 1: line (fg), fill (bg) */
#define G_SHADE(u) ((u)->ascii ? "." : "\u2591") /* ░ */
#define G_CENSUS(u) ((u)->ascii ? "'" : "\u252c") /* ┬ */
#define NO_PROFILE                                                                              \
	"no heap profile in this log: run with +RTS -hT, or -hc/-hm/-hd/-hy with a profiled build"

struct row_stat { /* a legend row's figures over the window */
	uint64_t peak, peak_time;
	uint64_t first, last; /* in the window's first and last census */
};

struct heap_pane {
	bool norm;             /* normalised: each column the share of its census */
	enum heap_rank_by by;  /* the ranking */
	struct pane_list pl;   /* the legend's rows (nshown: other), as last drawn */
	bool hl;               /* the selected row highlighted, with its detail */
	bool colors;           /* the bands' colour pairs are set */
	uint64_t median;       /* between censuses */
	/* the ranking over [rt0, rt1), by rby */
	bool ranked;
	uint64_t rt0, rt1;
	enum heap_rank_by rby;
	struct band_rank *rank; /* nbands */
	size_t nrank;
	unsigned gen; /* bumped when the ranking or the bands shown change */
	/* the bands shown: rank[0 .. nshown); slot[band] their index, or -1 */
	int nshown;
	int16_t *slot;
	long c0, c1;            /* the window's first and last census (-1: none) */
	struct row_stat st[M];  /* the window's figures per legend row */
	/* the columns, for (ct0, ct1, cw, cgen) */
	bool cols;
	uint64_t ct0, ct1;
	int cw;
	unsigned cgen;
	long *ccens;     /* the census of each column, or -1 */
	uint64_t *cval;  /* M values per column */
	char *ctick;     /* 0, or 1 census, 2 major GC, 3 marker */
	size_t ccap;
	uint64_t cmax;   /* the largest census total among the columns */
	/* band names as the .hp writes them, made when first shown (raw bytes) */
	char **name;
	size_t *nname;
};

extern const struct view_ops view_heap;

static struct heap_pane *state(const struct viewer *u)
{
	return view_state(u, &view_heap);
}

/* ---- the state ---- */

/* Frees what came from the heap (nbands bands): the band tables, the
 * names, the columns, so that the ranking and the columns are made again;
 * the user's choices (the mode, the order, the selection and highlight)
 * stay. */
static void bands_free(struct heap_pane *p, size_t nbands)
{
	for (size_t b = 0; p->name && b < nbands; b++)
		free(p->name[b]);
	void *held[] = { p->name, p->nname, p->rank, p->slot, p->ccens, p->cval, p->ctick };
	for (size_t i = 0; i < sizeof held / sizeof *held; i++)
		free(held[i]);
	*p = (struct heap_pane){ .norm = p->norm, .by = p->by, .pl = p->pl, .hl = p->hl,
				 .colors = p->colors, .median = p->median, .gen = p->gen + 1,
				 .c0 = -1, .c1 = -1 };
}

/* The tables sized by the heap's bands, for nb bands: false (none made)
 * when out of memory. */
static bool bands_alloc(struct heap_pane *p, size_t nb)
{
	if (!nb)
		nb = 1;
	p->rank = malloc(nb * sizeof *p->rank);
	p->slot = malloc(nb * sizeof *p->slot);
	p->name = calloc(nb, sizeof *p->name);
	p->nname = calloc(nb, sizeof *p->nname);
	if (!p->rank || !p->slot || !p->name || !p->nname) {
		bands_free(p, 0);
		return false;
	}
	for (size_t b = 0; b < nb; b++)
		p->slot[b] = -1;
	return true;
}

/* The bands' colours: a line pair (their colour on the default
 * background) and a fill pair (the default on their colour) each; false
 * when the terminal has too few. */
static bool band_colors(const struct viewer *u)
{
	static const short c256[M] = { 33, 208, 34, 161, 135, 37, 178, 94, 244 };
	static const short c8[M] = { COLOR_BLUE, COLOR_YELLOW, COLOR_GREEN, COLOR_MAGENTA, COLOR_CYAN,
				     COLOR_RED, COLOR_BLUE, COLOR_YELLOW, COLOR_WHITE };
	if (!u->ncolors || PAIR0 + 2 * M > COLOR_PAIRS)
		return false;
	for (int i = 0; i < M; i++) {
		short c = u->ncolors == 256 ? c256[i] : c8[i];
		if (init_pair((short)(PAIR0 + i), c, -1) == ERR ||
		    init_pair((short)(PAIR0 + M + i), -1, c) == ERR)
			return false;
	}
	return true;
}

static bool heap_open(struct viewer *u)
{
	struct heap_pane *p = state(u);
	*p = (struct heap_pane){ .by = HEAP_BY_AREA, .c0 = -1, .c1 = -1 };
	if (!loader_heap(u))
		return false;
	if (!bands_alloc(p, u->heap.nbands)) {
		core_say(u, "heap view: out of memory");
		return false;
	}
	p->median = heap_median_interval(&u->heap);
	p->colors = band_colors(u);
	if (!u->heap.ncensuses) {
		core_say(u, "%s", NO_PROFILE);
		return true;
	}
	core_say(u, "heap: steps, each column shows its largest census; %s normalises, %s ranks by peak, "
	       "%s highlights", core_key_for(u, ACT_PANE_MODE), core_key_for(u, ACT_PANE_SORT),
	       core_key_for(u, ACT_HIGHLIGHT));
	return true;
}

/* Closed, or the viewer's end: everything freed, the choices forgotten. */
static void heap_close(struct viewer *u)
{
	struct heap_pane *p = state(u);
	bands_free(p, u->heap.nbands);
	*p = (struct heap_pane){ 0 };
}

/* The log grew: before the heap is built again, free what is sized by its
 * bands or drawn from its censuses; after, make the per-band tables again.
 * The mode, the ranking order and the selection stay. Nothing is held
 * while the pane is closed. */
static void heap_reload(struct viewer *u, bool before)
{
	struct heap_pane *p = state(u);
	if (!view_shown(u, &view_heap))
		return;
	if (before) {
		bands_free(p, u->heap.nbands);
		return;
	}
	if (!bands_alloc(p, u->heap.nbands)) {
		core_pane_close(u); /* it has nothing to draw with */
		core_say(u, "heap view: out of memory");
		return;
	}
	p->median = heap_median_interval(&u->heap);
}

/* The ranking over the window, made again when the window or the order
 * changed. */
static bool rank_window(struct viewer *u, struct heap_pane *p)
{
	if (p->ranked && p->rt0 == u->t0 && p->rt1 == u->t1 && p->rby == p->by)
		return true;
	p->ranked = false;
	for (int i = 0; i < p->nshown; i++)
		p->slot[p->rank[i].band] = -1;
	p->nshown = 0;
	p->gen++;
	if (!heap_rank(&u->heap, u->t0, u->t1, p->by, p->rank, &p->nrank, NULL))
		return false;
	p->ranked = true;
	p->rt0 = u->t0;
	p->rt1 = u->t1;
	p->rby = p->by;
	p->nshown = -1; /* not chosen yet */
	return true;
}

/* The values of the legend rows in census c: the bands shown, then other. */
static void census_values(const struct heap *h, const struct heap_pane *p, size_t c, uint64_t *v)
{
	memset(v, 0, M * sizeof *v);
	const struct census *k = &h->censuses[c];
	for (size_t i = k->first; i < k->first + k->n; i++) {
		int s = p->slot[h->samples[i].band];
		v[s >= 0 ? s : p->nshown] += h->samples[i].bytes;
	}
}

/* The first n ranked bands shown, and the window's figures per row. */
static void choose_shown(struct viewer *u, struct heap_pane *p, int n)
{
	if (p->nshown == n)
		return;
	for (int i = 0; i < p->nshown; i++)
		p->slot[p->rank[i].band] = -1;
	p->nshown = n;
	for (int i = 0; i < n; i++)
		p->slot[p->rank[i].band] = (int16_t)i;
	p->gen++;
	/* the censuses heap_rank counted: the one in effect at t0, and those
	 * in the window */
	const struct heap *h = &u->heap;
	long a = heap_census_at(h, u->t0);
	size_t from = a >= 0 ? (size_t)a : heap_census_from(h, u->t0);
	size_t to = heap_census_from(h, u->t1);
	memset(p->st, 0, sizeof p->st);
	p->c0 = p->c1 = -1;
	for (size_t c = from; c < to; c++) {
		uint64_t v[M];
		census_values(h, p, c, v);
		for (int i = 0; i <= n; i++) {
			if (v[i] > p->st[i].peak) {
				p->st[i].peak = v[i];
				p->st[i].peak_time = h->censuses[c].time;
			}
			if (c == from)
				p->st[i].first = v[i];
			p->st[i].last = v[i];
		}
		if (c == from)
			p->c0 = (long)c;
		p->c1 = (long)c;
	}
}

/* The columns for the window and the bands shown. */
static bool columns(struct viewer *u, struct heap_pane *p)
{
	int w = u->L.plotw;
	if (p->cols && p->ct0 == u->t0 && p->ct1 == u->t1 && p->cw == w && p->cgen == p->gen)
		return true;
	p->cols = false;
	if ((size_t)w > p->ccap) {
		long *a = realloc(p->ccens, (size_t)w * sizeof *a);
		if (a)
			p->ccens = a;
		uint64_t *b = a ? realloc(p->cval, (size_t)w * M * sizeof *b) : NULL;
		if (b)
			p->cval = b;
		char *t = b ? realloc(p->ctick, (size_t)w) : NULL;
		if (!t)
			return false;
		p->ctick = t;
		p->ccap = (size_t)w;
	}
	const struct heap *h = &u->heap;
	heap_pane_columns(h, u->t0, u->t1, w, p->ccens);
	p->cmax = 0;
	long last = -1;
	for (int k = 0; k < w; k++) {
		uint64_t *v = p->cval + (size_t)k * M;
		long c = p->ccens[k];
		if (c < 0) {
			memset(v, 0, M * sizeof *v);
			continue;
		}
		if (c == last) /* a census over several columns: read once */
			memcpy(v, v - M, M * sizeof *v);
		else
			census_values(h, p, (size_t)c, v);
		last = c;
		if (h->censuses[c].total > p->cmax)
			p->cmax = h->censuses[c].total;
	}
	/* the ticks: censuses, then major GCs and markers over them */
	memset(p->ctick, 0, (size_t)w);
	for (size_t c = heap_census_from(h, u->t0); c < h->ncensuses && h->censuses[c].time < u->t1; c++)
		p->ctick[layout_time_to_col(u->t0, u->t1, w, h->censuses[c].time)] = 1;
	const struct gc *g = tracks_gc_prev(&u->tr, u->t0, false);
	if (!g)
		g = u->tr.ngcs ? u->tr.gcs : NULL;
	for (; g && g < u->tr.gcs + u->tr.ngcs && g->start < u->t1; g++) {
		int k = layout_time_to_col(u->t0, u->t1, w, g->start);
		if (k >= 0 && tracks_gc_major(&u->tr, g))
			p->ctick[k] = 2;
	}
	for (size_t i = tracks_mark_from(&u->tr, u->t0); i < u->tr.nmarks && u->tr.marks[i].time < u->t1; i++)
		if (u->tr.marks[i].tag == EV_USER_MARKER)
			p->ctick[layout_time_to_col(u->t0, u->t1, w, u->tr.marks[i].time)] = 3;
	p->cols = true;
	p->ct0 = u->t0;
	p->ct1 = u->t1;
	p->cw = w;
	p->cgen = p->gen;
	return true;
}

/* A band's name as the .hp writes it (raw bytes from the file), made once. */
static const char *band_name(struct viewer *u, struct heap_pane *p, uint32_t b, size_t *n)
{
	if (!p->name[b]) {
		char *s = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&s, &len);
		if (!f) {
			*n = 0;
			return "";
		}
		heap_band_name(&u->heap, b, f);
		if (fclose(f) != 0 || !s) {
			free(s);
			*n = 0;
			return "";
		}
		p->name[b] = s;
		p->nname[b] = len;
	}
	*n = p->nname[b];
	return p->name[b];
}

/* ---- drawing ---- */

static char letter(const struct heap_pane *p, int i)
{
	return i >= p->nshown ? 'o' : (char)('a' + i);
}

static int color_of(const struct heap_pane *p, int i)
{
	return i >= p->nshown ? M - 1 : i;
}

/* Text at (y, x), cut at the screen's edge. */
static int put(const struct viewer *u, int y, int x, const char *s)
{
	if (x >= u->L.cols)
		return 0;
	int n = (int)strlen(s);
	if (n > u->L.cols - x)
		n = u->L.cols - x;
	mvaddnstr(y, x, s, n);
	return n;
}

/* A chart cell of row i (or empty: i < 0) at (y, x). */
static void draw_chart_cell(struct viewer *u, struct heap_pane *p, int y, int x, struct heap_cell c,
			    bool cursor)
{
	if (c.band < 0) {
		if (cursor) {
			attron(draw_attr(u, C_DIM));
			mvaddstr(y, x, G_TICK(u));
			attroff(draw_attr(u, C_DIM));
		}
		return;
	}
	int i = c.band;
	bool dimmed = p->hl && i != p->pl.sel;
	bool letters = !p->colors || u->ascii;
	char l[2] = { letter(p, i), 0 };
	attr_t a;
	const char *g;
	if (c.lvl < 8) { /* the top of the stack */
		a = p->colors ? (attr_t)COLOR_PAIR(PAIR0 + color_of(p, i)) : 0;
		if (!p->colors && p->hl)
			a |= dimmed ? A_DIM : A_BOLD;
		attron(a);
		draw_level(u, y, x, c.lvl);
		attroff(a);
		return;
	}
	if (p->colors) {
		if (dimmed) {
			a = COLOR_PAIR(PAIR0 + color_of(p, i));
			g = letters ? l : G_SHADE(u);
		} else {
			a = COLOR_PAIR(PAIR0 + M + color_of(p, i));
			g = cursor ? G_TICK(u) : letters ? l : " ";
		}
	} else {
		a = !p->hl ? 0 : dimmed ? A_DIM : A_REVERSE | A_BOLD;
		if (cursor)
			a |= A_UNDERLINE;
		g = l;
	}
	attron(a);
	mvaddstr(y, x, g);
	attroff(a);
}

static void draw_chart(struct viewer *u, struct heap_pane *p, int y0, int rows)
{
	const struct heap *h = &u->heap;
	int w = u->L.plotw;
	int cur = layout_time_to_col(u->t0, u->t1, w, u->cursor);
	char buf[32];
	struct heap_cell cells[1024];
	if (rows > 1024)
		rows = 1024;
	/* the scale: the top row's value, and 0 at the bottom */
	put(u, y0, 0, p->norm ? "100%" : bytes_format(buf, sizeof buf, p->cmax));
	if (rows > 1)
		put(u, y0 + rows - 1, 0, p->norm ? "0%" : "0B");
	int m = p->nshown + 1;
	for (int k = 0; k < w; k++) {
		long c = p->ccens[k];
		double top = c < 0 ? 0 : p->norm ? (double)h->censuses[c].total : (double)p->cmax;
		heap_pane_stack(p->cval + (size_t)k * M, m, c < 0 ? 0 : top, rows, cells);
		for (int r = 0; r < rows; r++)
			draw_chart_cell(u, p, y0 + rows - 1 - r, LAYOUT_GUTTER + k, cells[r], k == cur);
	}
}

static void draw_ticks(struct viewer *u, struct heap_pane *p, int y)
{
	int w = u->L.plotw;
	int cur = layout_time_to_col(u->t0, u->t1, w, u->cursor);
	put(u, y, 0, "ticks");
	for (int k = 0; k < w; k++) {
		const char *g = " ";
		attr_t a = 0;
		switch (p->ctick[k]) {
		case 1: g = G_CENSUS(u); a = draw_attr(u, C_DIM); break;
		case 2: g = G_MAJOR(u); a = draw_attr(u, C_MAJOR); break;
		case 3: g = G_MARKER(u); a = draw_attr(u, C_MARKER) | A_BOLD; break;
		}
		if (k == cur)
			a |= A_REVERSE;
		attron(a);
		mvaddstr(y, LAYOUT_GUTTER + k, g);
		attroff(a);
	}
}

/* The name of legend row i (raw bytes: draw with draw_safe). */
static const char *row_name(struct viewer *u, struct heap_pane *p, int i, size_t *n, char *buf, size_t bn)
{
	if (i < p->nshown)
		return band_name(u, p, p->rank[i].band, n);
	size_t rest = p->nrank > (size_t)p->nshown ? p->nrank - (size_t)p->nshown : 0;
	*n = (size_t)snprintf(buf, bn, "other (%zu band%s)", rest, rest == 1 ? "" : "s");
	return buf;
}

/* The share of v in total, as text. */
static char *share(char *buf, size_t n, uint64_t v, uint64_t total)
{
	snprintf(buf, n, "%.1f%%", total ? 100.0 * (double)v / (double)total : 0.0);
	return buf;
}

static void draw_legend(struct viewer *u, struct heap_pane *p, int y0, int rows, long cc, const uint64_t *cv)
{
	const struct heap *h = &u->heap;
	for (int i = 0; i < rows; i++) {
		int y = y0 + i;
		bool sel = i == p->pl.sel;
		char a[32], b[32], c[32], line[128], nb[64];
		if (sel)
			put(u, y, 0, ">");
		if (p->colors) { /* the swatch */
			attron(COLOR_PAIR(PAIR0 + M + color_of(p, i)));
			put(u, y, 2, "  ");
			attroff(COLOR_PAIR(PAIR0 + M + color_of(p, i)));
		}
		char l[2] = { letter(p, i), 0 };
		attr_t la = sel && p->hl ? A_REVERSE | A_BOLD : A_BOLD;
		attron(la);
		put(u, y, 5, l);
		attroff(la);
		if (cc >= 0)
			snprintf(line, sizeof line, "%7s %6s  peak %7s  ", bytes_format(a, sizeof a, cv[i]),
				 share(b, sizeof b, cv[i], h->censuses[cc].total),
				 bytes_format(c, sizeof c, p->st[i].peak));
		else
			snprintf(line, sizeof line, "%7s %6s  peak %7s  ", "-", "-",
				 bytes_format(c, sizeof c, p->st[i].peak));
		attr_t ta = sel ? A_BOLD | (p->hl ? A_REVERSE : 0) : 0;
		attron(ta);
		int x = LAYOUT_GUTTER + put(u, y, LAYOUT_GUTTER, line);
		size_t n;
		const char *s = row_name(u, p, i, &n, nb, sizeof nb);
		if (x < u->L.cols)
			draw_safe(y, x, (const uint8_t *)s, n, u->L.cols - x, u->ascii);
		attroff(ta);
	}
}

static void draw_detail(struct viewer *u, struct heap_pane *p, int y0, int rows, long cc, const uint64_t *cv)
{
	const struct heap *h = &u->heap;
	int i = p->pl.sel;
	const struct row_stat *st = &p->st[i];
	char a[32], b[32], c[32], d[32], e[32], line[400], nb[64];
	int y = y0;
	/* the name */
	put(u, y, 0, "band");
	char l[2] = { letter(p, i), 0 };
	attron(A_BOLD);
	put(u, y, LAYOUT_GUTTER, l);
	size_t n;
	const char *s = row_name(u, p, i, &n, nb, sizeof nb);
	if (LAYOUT_GUTTER + 2 < u->L.cols)
		draw_safe(y, LAYOUT_GUTTER + 2, (const uint8_t *)s, n, u->L.cols - LAYOUT_GUTTER - 2, u->ascii);
	attroff(A_BOLD);
	if (++y >= y0 + rows)
		return;
	/* the peak, and the value at the cursor */
	int x = LAYOUT_GUTTER;
	snprintf(line, sizeof line, "peak %llu B (%s) at %s;  ", (unsigned long long)st->peak,
		 bytes_format(a, sizeof a, st->peak), core_fmt_moment(b, sizeof b, st->peak_time));
	x += put(u, y, x, line);
	if (cc >= 0)
		snprintf(line, sizeof line, "at the cursor %llu B (%s), %s of the census of %s",
			 (unsigned long long)cv[i], bytes_format(a, sizeof a, cv[i]),
			 share(c, sizeof c, cv[i], h->censuses[cc].total),
			 core_fmt_moment(d, sizeof d, h->censuses[cc].time));
	else
		snprintf(line, sizeof line, "at the cursor: before the first census");
	put(u, y, x, line);
	if (++y >= y0 + rows)
		return;
	/* the growth over the window */
	if (p->c0 >= 0) {
		uint64_t ta = h->censuses[p->c0].time, tb = h->censuses[p->c1].time;
		bool up = st->last >= st->first;
		uint64_t dv = up ? st->last - st->first : st->first - st->last;
		char rate[48] = "";
		if (tb > ta)
			snprintf(rate, sizeof rate, ", %s%s/s", up ? "+" : "-",
				 bytes_format(e, sizeof e,
						(uint64_t)((double)dv / ((double)(tb - ta) / 1e9) + 0.5)));
		snprintf(line, sizeof line,
			 "window: %llu B (census of %s) -> %llu B (census of %s): %s%llu B%s over %ld census%s",
			 (unsigned long long)st->first, core_fmt_moment(a, sizeof a, ta),
			 (unsigned long long)st->last, core_fmt_moment(b, sizeof b, tb), up ? "+" : "-",
			 (unsigned long long)dv, rate, p->c1 - p->c0 + 1, p->c1 > p->c0 ? "es" : "");
		put(u, y, LAYOUT_GUTTER, line);
	}
	if (++y >= y0 + rows)
		return;
	/* the series: the census of each column, in eighths of the largest */
	put(u, y, 0, "series");
	uint64_t max = 0;
	for (int k = 0; k < u->L.plotw; k++)
		if (p->ccens[k] >= 0 && p->cval[(size_t)k * M + (size_t)i] > max)
			max = p->cval[(size_t)k * M + (size_t)i];
	attr_t at = p->colors ? (attr_t)COLOR_PAIR(PAIR0 + color_of(p, i)) : 0;
	attron(at);
	for (int k = 0; k < u->L.plotw; k++)
		if (p->ccens[k] >= 0)
			draw_level(u, y, LAYOUT_GUTTER + k,
				   layout_level8((double)p->cval[(size_t)k * M + (size_t)i], (double)max));
	attroff(at);
}

static void draw_title(struct viewer *u, struct heap_pane *p, int y, long cc)
{
	const struct heap *h = &u->heap;
	char a[32], b[32], line[400], more[64] = "";
	size_t inview = heap_census_from(h, u->t1) - heap_census_from(h, u->t0);
	if ((size_t)p->nshown < p->nrank)
		snprintf(more, sizeof more, " + other");
	int n = snprintf(line, sizeof line,
			 "heap %s: %d of %zu bands by %s%s; steps: a census every ~%s, %zu in view; cursor: ",
			 p->norm ? "normalised" : "absolute", p->nshown, p->nrank,
			 p->by == HEAP_BY_AREA ? "area" : "peak", more,
			 p->median ? time_format(a, sizeof a, p->median) : "?", inview);
	if (n > 0 && (size_t)n < sizeof line)
		snprintf(line + n, sizeof line - (size_t)n, "%s%s%s",
			 cc >= 0 ? "census of " : "no census yet",
			 cc >= 0 ? core_fmt_moment(b, sizeof b, h->censuses[cc].time) : "",
			 h->over_budget ? " [partial: over the memory budget]" : "");
	attron(A_BOLD);
	put(u, y, 0, line);
	attroff(A_BOLD);
}

static void heap_draw(struct viewer *u)
{
	struct pane_area A = pane_frame(u, NULL);
	struct heap_pane *p = state(u);
	if (A.h <= 0)
		return;
	const struct heap *h = &u->heap;
	if (!h->ncensuses) {
		put(u, A.y, 0, NO_PROFILE);
		return;
	}
	if (!rank_window(u, p)) {
		put(u, A.y, 0, "heap: out of memory");
		return;
	}
	int maxn = p->colors && u->ncolors == 8 ? 6 : HEAP_PANE_MAXN;
	struct heap_rows R;
	heap_pane_rows(A.h, p->nrank, maxn, p->hl ? DETAIL_ROWS : 0, &R);
	choose_shown(u, p, R.nshown);
	pane_list_set(&p->pl, R.nshown + (R.other ? 1 : 0));
	pane_list_show(&p->pl, R.nlegend);
	if (!p->pl.n)
		p->hl = false;
	if (!columns(u, p)) {
		put(u, A.y, 0, "heap: out of memory");
		return;
	}
	long cc = heap_census_at(h, u->cursor);
	uint64_t cv[M] = { 0 };
	if (cc >= 0)
		census_values(h, p, (size_t)cc, cv);
	draw_title(u, p, A.y + R.title, cc);
	if (R.ticks >= 0)
		draw_ticks(u, p, A.y + R.ticks);
	if (R.nchart > 0)
		draw_chart(u, p, A.y + R.chart0, R.nchart);
	if (R.nlegend > 0)
		draw_legend(u, p, A.y + R.legend0, R.nlegend, cc, cv);
	if (R.ndetail > 0 && p->hl)
		draw_detail(u, p, A.y + R.detail0, R.ndetail, cc, cv);
}

/* The highlight off: false when there was none (the action goes on). */
static bool unhighlight(struct heap_pane *p)
{
	bool was = p->hl;
	p->hl = false;
	return was;
}

static bool heap_act(struct viewer *u, enum action a)
{
	struct heap_pane *p = state(u);
	if (pane_list_act(&p->pl, a, false)) /* an empty legend without a profile */
		return true;
	switch (a) {
	case ACT_SELECT: case ACT_HIGHLIGHT: case ACT_PANE_MODE: case ACT_PANE_SORT:
		if (!u->heap.ncensuses) { /* nothing to select, rank or highlight */
			core_say(u, "%s", NO_PROFILE);
			return true;
		}
		break;
	case ACT_CANCEL: return unhighlight(p);
	case ACT_PANE_SCOPE: case ACT_PANE_CAP: case ACT_TOGGLE_BUILTIN: case ACT_EXPAND_ALL:
		core_say(u, "%s: in the profile view (%s)", action_name(a), core_key_for(u, ACT_PROFILE_VIEW));
		return true;
	default: return false;
	}
	switch (a) {
	case ACT_SELECT: p->hl = p->pl.n > 0; break;
	case ACT_HIGHLIGHT: p->hl = !p->hl && p->pl.n > 0; break;
	case ACT_PANE_MODE:
		p->norm = !p->norm;
		core_say(u, "%s", p->norm ? "heap: normalised: each column is the share of its census"
					: "heap: absolute: the top is the largest census in view");
		break;
	default:
		p->by = p->by == HEAP_BY_AREA ? HEAP_BY_PEAK : HEAP_BY_AREA;
		core_say(u, "%s", p->by == HEAP_BY_AREA ? "heap: bands ranked by area over the window"
						      : "heap: bands ranked by peak over the window");
		break;
	}
	return true;
}

const struct view_ops view_heap = {
	.name = "heap",
	.pane = true,
	.opens_on = ACT_HEAP_VIEW,
	.open = heap_open,
	.close = heap_close,
	.reload = heap_reload,
	.draw = heap_draw,
	.act = heap_act,
	.private_size = sizeof(struct heap_pane),
	.done = heap_close,
};
