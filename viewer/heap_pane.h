/* heap_pane: the heap-profile pane's state and the parts of its drawing
 * that name bands (heap_legend.c: the legend, the highlighted band's
 * detail, the list of the bands in "other"), shared by the pane
 * (view_heap.c) and those. Private to the two. */
#ifndef HECTIC_HEAP_PANE_H
#define HECTIC_HEAP_PANE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "pane.h"
#include "view_heap.h"

#define M (HEAP_PANE_MAXN + 1) /* values per column: the bands shown, then other */
#define NPAL 16                /* colours, used in turn: a band's letter tells it */
#define PAIR0 40 /* colour pairs PAIR0 .. PAIR0 + 2 (npal + 1) - 1: line (fg), fill (bg) */
#define LEGEND_ENTRY_W 40 /* the narrowest legend entry, side by side */

struct row_stat { /* a legend row's figures over the window */
	uint64_t peak, peak_time;
	uint64_t first, last; /* in the window's first and last census */
};

struct heap_pane {
	bool norm;             /* normalised: each column the share of its census */
	enum heap_rank_by by;  /* the ranking */
	struct pane_list pl;   /* the legend's entries (nshown: other), as last drawn */
	bool hl;               /* the selected entry highlighted, with its detail */
	bool colors;           /* the bands' colour pairs are set */
	int npal;              /* colours in the palette (NPAL, or 6 on 8 colours) */
	uint64_t median;       /* between censuses */
	int maxn;              /* bands drawn on their own, at most (u->heap_bands) */
	bool in_other;         /* the list of the bands in other is open */
	struct pane_list ol;   /* its rows */
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
	struct row_stat st[M];  /* the window's figures per legend entry */
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
	/* band names as the pane shows them, made when first shown (raw bytes) */
	char **name;
	size_t *nname;
};

/* A band's name as the pane shows it (raw bytes: draw with draw_safe),
 * made once: a -hi band by its info table and source location, or its
 * address and that the log has no provenance for it; any other as the .hp
 * names it. */
const char *heap_pane_name(struct viewer *u, struct heap_pane *p, uint32_t b, size_t *n);

/* Legend entry i's letter (a-z, A-Z, 0-9 for the bands; '~' for other: no ASCII level glyph),
 * and its colour (an index into the palette; the last for other). */
char heap_pane_letter(const struct heap_pane *p, int i);
int heap_pane_color(const struct heap_pane *p, int i);

/* Entry i's colour pairs: its colour on the default background (line),
 * the default on its colour (fill). */
static inline short heap_pane_line(const struct heap_pane *p, int i)
{
	return (short)(PAIR0 + heap_pane_color(p, i));
}

static inline short heap_pane_fill(const struct heap_pane *p, int i)
{
	return (short)(PAIR0 + p->npal + 1 + heap_pane_color(p, i));
}

/* Text at (y, x), cut at the screen's edge; the columns written. */
int heap_pane_put(const struct viewer *u, int y, int x, const char *s);

/* The legend: rows rows of legcols entries from y0; cc the census at the
 * cursor (-1: none) and cv its values per entry. */
void heap_pane_legend(struct viewer *u, struct heap_pane *p, int y0, int rows, int legcols,
		      long cc, const uint64_t *cv);

/* The highlighted entry's detail (rows rows from y0), its provenance
 * first for a -hi band. */
void heap_pane_detail(struct viewer *u, struct heap_pane *p, int y0, int rows, long cc,
		      const uint64_t *cv);

/* The detail's rows for the selected entry: one more for a -hi band. */
int heap_pane_detail_rows(struct viewer *u, const struct heap_pane *p);

/* The bands in other, ranked, one a row (rows rows from y0). */
void heap_pane_other(struct viewer *u, struct heap_pane *p, int y0, int rows, long cc);

#endif
