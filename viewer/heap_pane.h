/* heap_pane: the heap-profile pane's state and the parts of its drawing
 * shared by its files: view_heap.c (the pane: its state, ranking, keys),
 * heap_compare.c (a run's chart columns and the chart; the compare mode
 * of two runs) and heap_legend.c (the words: names, legend, detail, the
 * bands in other, for one run and for two). Private to the three. */
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
#define CMP_ENTRY_W 80    /* the same with two runs: A's peak, B's, the change */

struct row_stat { /* a legend row's figures over the window */
	uint64_t peak, peak_time;
	uint64_t first, last; /* in the window's first and last census */
};

/* A run's chart columns, for the window, the bands shown (gen) and where
 * the run is on the axis. */
struct heap_cols {
	bool ok;
	uint64_t t0, t1, end;
	int w;
	int64_t shift;
	unsigned gen;
	long *cens;    /* the census of each column, or -1 */
	uint64_t *val; /* M values per column */
	char *tick;    /* 0, or 1 census, 2 major GC, 3 marker */
	size_t cap;
	uint64_t max;  /* the largest census total among the columns */
};

struct heap_cmp; /* the compare mode's state (heap_compare.c) */

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
	/* the bands shown: rank[0 .. nshown); slot[band] their index, or -1
	 * (with two runs nshown counts the entries shown, of the bands of
	 * both; each run's slots are its struct heap_cmp_run's) */
	int nshown;
	int16_t *slot;
	long c0, c1;            /* the window's first and last census (-1: none) */
	struct row_stat st[M];  /* the window's figures per legend entry */
	struct heap_cols col;   /* the chart's columns */
	struct heap_cmp *cmp;   /* two runs: their tables, made when first drawn */
};

/* ---- names, letters, colours (heap_legend.c) ---- */

/* A band's name as far as the pane can draw it: its first HEAP_NAME_CUT
 * bytes. A name is made for each row drawn, never kept: a -hc stack of
 * long labels is megabytes (issue 32), and only a screen's width of it
 * is seen. */
#define HEAP_NAME_CUT 4096
struct heap_name {
	char s[HEAP_NAME_CUT];
	size_t n;
};

/* Band b's name into nm (its first bytes), returned: a -hi band by its
 * info table and source location, or its address and that the log has no
 * provenance for it; any other as the .hp names it. Raw bytes: draw with
 * draw_safe. */
const char *heap_pane_name_in(const struct heap *h, const struct store *s, uint32_t b,
			      struct heap_name *nm);

/* The same for a band of the shown run. */
const char *heap_pane_name(struct viewer *u, uint32_t b, struct heap_name *nm);

/* Legend entry i's letter (a-z, A-Z, 0-9 for the bands; '~' for other: no ASCII level glyph),
 * and its colour (an index into the palette; the last for other). */
char heap_pane_letter(const struct heap_pane *p, int i);
int heap_pane_color(const struct heap_pane *p, int i);

/* Entry i's colour pairs: its colour on the default background (line),
 * the default on its colour (fill). */
short heap_pane_line(const struct heap_pane *p, int i);
short heap_pane_fill(const struct heap_pane *p, int i);

/* Text at (y, x), cut at the screen's edge; the columns written. */
int heap_pane_put(const struct viewer *u, int y, int x, const char *s);

/* ---- one run's words (heap_legend.c) ---- */

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

/* ---- a run's chart (heap_compare.c) ---- */

/* The values of the legend's entries in census c of h: the bands shown
 * (slot[band] their entry, -1 not shown), then other (v[nshown]). */
void heap_pane_census(const struct heap *h, const int16_t *slot, int nshown, size_t c,
		      uint64_t *v);

/* The u->L.plotw columns of a run's chart over [t0, t1) of the axis (the
 * shown run's clock), its time t at t + shift there (0: the shown run; the
 * other: u->other_shift); h its heap, tr its tracks, the bands shown by
 * slot. A column shows the largest census in its span of the run's clock,
 * else the one in effect (heap_pane_columns); columns before that clock's
 * 0, and from the run's end on (end: its last event + 1; UINT64_MAX:
 * none), are empty. Made again only when one of these (or gen) changed.
 * False when out of memory. */
bool heap_pane_cols(const struct viewer *u, struct heap_cols *c, const struct heap *h,
		    const struct tracks *tr, const int16_t *slot, int nshown, unsigned gen,
		    uint64_t t0, uint64_t t1, int64_t shift, uint64_t end);

/* The stacked chart of c's columns, rows rows from y0, on a scale whose
 * top is max bytes (normalised: each column's census); cur the cursor's
 * column. The gutter: the scale, and label at the bottom (NULL: 0). */
void heap_pane_chart(struct viewer *u, struct heap_pane *p, const struct heap_cols *c,
		     const struct heap *h, int y0, int rows, uint64_t max, int cur, const char *label);

/* c's tick row at y: censuses, major GCs, markers; the gutter says label. */
void heap_pane_ticks(struct viewer *u, const struct heap_cols *c, int y, int cur,
		     const char *label);

/* ---- two runs (heap_compare.c): A's and B's bands on one scale ---- */

/* One run's figures of a compare entry over the window (its clock, to the
 * run's end). */
struct heap_cmp_fig {
	uint64_t peak, peak_time;
	uint64_t sum; /* over the censuses counted: the mean is sum / ncens */
	double area;  /* byte-nanoseconds */
};

/* An entry of the legend with two runs: a band name of either run (as the
 * .hp writes it, as hectic diff matches them), its first band in each
 * (-1: the run has no band of that name; its name is its band's, in run
 * 0 when it has one), its figures in each. */
struct heap_cmp_ent {
	int32_t band[2];
	struct heap_cmp_fig f[2];
};

/* A band's name for matching, by its hash (heap_band_hashes); in false:
 * the band takes no part. */
struct heap_cmp_key {
	bool in;
	uint64_t hash;
};

/* The bands' names, compared: band a of run ra against band b of run rb,
 * in byte order over their first limit bytes (SIZE_MAX: whole), < 0, 0,
 * > 0 (heap_band_cmp, for the pane). */
struct heap_cmp_names {
	int (*cmp)(void *arg, int ra, uint32_t a, int rb, uint32_t b, size_t limit);
	void *arg;
};

/* The bytes of two names compared to rank entries of equal figures: past
 * them, ties go by band. */
#define HEAP_CMP_ORDER_BYTES 4096

/* Matches the bands of two runs by name: k0[0..n0) and k1[0..n1), by band.
 * Each name of either makes one entry of out[] (room for n0 + n1), with its
 * first band of each run (-1: none) and zero figures; e0[b] and e1[b] get
 * band b's entry (-1 when not k[b].in). Bands of one run with the same
 * name share an entry. Names are grouped by hash, and the names of a hash
 * compared whole (nm): distinct names of one hash stay apart. Returns the
 * entries (in no order), or -1 when out of memory.
 * O((n0 + n1) log(n0 + n1)) and the names of equal hashes compared. */
long heap_cmp_match(const struct heap_cmp_key *k0, size_t n0, const struct heap_cmp_key *k1,
		    size_t n1, const struct heap_cmp_names *nm, struct heap_cmp_ent *out,
		    int32_t *e0, int32_t *e1);

/* Ranks the n entries in place, e0[0..n0) and e1[0..n1) renumbered to
 * follow: by the larger of the two runs' area (or peak), then the larger
 * of the other figure, then by name (its first HEAP_CMP_ORDER_BYTES), then
 * by band. False when out of memory (unchanged). */
bool heap_cmp_order(struct heap_cmp_ent *ent, size_t n, enum heap_rank_by by,
		    const struct heap_cmp_names *nm, int32_t *e0, size_t n0, int32_t *e1, size_t n1);

/* (heap_legend.c) The change from a to b in bytes, as the legend writes
 * it: "+7.66MB x1.97" (the ratio when a is not 0), "0B x1.00". */
char *heap_cmp_change(char *buf, size_t n, uint64_t a, uint64_t b);

/* The compare layout: the rows of one run's layout (heap_pane_rows: nrows
 * .. maxcols as there), its ticks and chart rows shared by two charts of
 * the same height, A over B (a blank row between them when the rows are
 * odd), each with a tick row of its own when it has 6 rows or more. With
 * 2 rows: A's chart and B's, no title. */
struct heap_cmp_rows {
	struct heap_rows r; /* title, legend, detail, nshown, other (its chart rows: unused) */
	int ticks[2];       /* each chart's tick row, or -1 */
	int chart0[2], nchart[2];
};
void heap_cmp_rows(int nrows, size_t nrank, int maxn, int ndetail, int maxcols,
		   struct heap_cmp_rows *r);

/* A run's tables with two runs, sized by its bands. */
struct heap_cmp_run {
	size_t nbands;
	bool any;          /* it has censuses */
	int32_t *ent;      /* band -> its entry (-1: no bytes in the run) */
	int16_t *slot;     /* band -> its entry shown, -1: in other */
	uint64_t median;   /* between censuses */
	uint64_t end;      /* its last event + 1, its clock */
	uint64_t from, to; /* the window on its clock, cut at its end */
	long c0, c1;       /* the censuses counted: the first, the last (-1: none) */
	size_t ncens;
	struct heap_cmp_fig other; /* the entries not shown, summed */
	struct heap_cols col;
	long cc;           /* the census at the cursor (-1: none) */
	bool ended;        /* the cursor is past its end */
	uint64_t *cv;      /* its values there, by entry, then other (nent + 1) */
};

/* The compare mode: both runs' tables (r[0] the shown run's, in u's
 * fields; r[1] the other's, u->other's) and the entries, ranked over the
 * window by rby. */
struct heap_cmp {
	struct heap_cmp_run r[2];
	const struct heap *h[2]; /* the runs' heaps, for comparing names */
	struct heap_name_memo memo;
	struct heap_cmp_ent *ent;
	size_t nent;
	size_t nrank; /* the entries with bytes in the window, first */
	bool ranked;
	uint64_t rt0, rt1;
	enum heap_rank_by rby;
	int ra;       /* the run that is A (0 or 1): B is 1 - ra */
};

/* ---- two runs' words (heap_legend.c) ---- */

/* Band b of run r's name as the pane shows it. */
const char *heap_cmp_name(struct viewer *u, int r, uint32_t b, struct heap_name *nm);

/* The legend with two runs: each entry's peak in A and B and the change. */
void heap_cmp_legend(struct viewer *u, struct heap_pane *p, int y0, int rows, int legcols);

/* The highlighted entry's detail: each run's figures, the change. */
void heap_cmp_detail(struct viewer *u, struct heap_pane *p, int y0, int rows);
int heap_cmp_detail_rows(struct viewer *u, const struct heap_pane *p);

/* The entries in other, ranked, one a row. */
void heap_cmp_other(struct viewer *u, struct heap_pane *p, int y0, int rows);

/* The title row with two runs. */
void heap_cmp_title(struct viewer *u, struct heap_pane *p, int y);

/* Run r's letter and short name ("A n"), as the lanes write it. */
char *heap_cmp_label(struct viewer *u, int r, char *buf, size_t n);

/* Both runs' tables and the entries: the band names of both, matched by
 * their hashes, then by the names of a hash (read in place, each pair of
 * long labels once); false when out of memory (nothing made). Linear in
 * the cost centres' text (each hashed once): the pane runs it on
 * busy_run's worker when it opens (q still quits); the draw makes it when
 * not made yet. */
bool heap_cmp_make(const struct viewer *u, struct heap_pane *p);

/* Two runs: the pane drawn in its area (from y, h rows), and what it holds
 * freed (the runs swapped or reloaded). */
void heap_cmp_draw(struct viewer *u, struct heap_pane *p, int y, int h);
void heap_cmp_free(struct heap_pane *p);

#endif
