/* The heap pane's charts and its compare mode. A run's chart: the census
 * each column shows, its stack of bands as cells, the tick row (for one
 * run, view_heap.c, and for each of two). With two runs (hectic A B) the
 * pane shows A's chart over B's on one scale (the larger of their
 * largest censuses) and on the lanes' time axis (B's censuses on A's
 * clock, or the other way when B is shown), each run's columns empty
 * before its clock's start and after its end; the legend's entries are the
 * band names of both runs, matched by name as hectic diff matches them,
 * ranked over the window by the larger of the two runs' figures, the same
 * letter and colour in both charts. The words are heap_legend.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "heap_pane.h"

#define G_SHADE(u) ((u)->ascii ? "." : "\u2591") /* ░ */
#define G_CENSUS(u) ((u)->ascii ? "'" : "\u252c") /* ┬ */

/* ---- a run's chart ---- */

void heap_pane_census(const struct heap *h, const int16_t *slot, int nshown, size_t c,
		      uint64_t *v)
{
	memset(v, 0, M * sizeof *v);
	const struct census *k = &h->censuses[c];
	for (size_t i = k->first; i < k->first + k->n; i++) {
		int s = slot[h->samples[i].band];
		v[s >= 0 ? s : nshown] += h->samples[i].bytes;
	}
}

static bool cols_room(struct heap_cols *c, int w)
{
	if ((size_t)w <= c->cap)
		return true;
	long *a = realloc(c->cens, (size_t)w * sizeof *a);
	if (a)
		c->cens = a;
	uint64_t *b = a ? realloc(c->val, (size_t)w * M * sizeof *b) : NULL;
	if (b)
		c->val = b;
	char *t = b ? realloc(c->tick, (size_t)w) : NULL;
	if (!t)
		return false;
	c->tick = t;
	c->cap = (size_t)w;
	return true;
}

/* Time t of a run on the axis (t + shift), or UINT64_MAX past it. */
static uint64_t on_axis(uint64_t t, int64_t shift)
{
	return core_shifted(t, -shift);
}

/* The ticks of the columns of [t0, t1) (the axis): a run's censuses (to
 * its end), then its major GCs and markers over them. */
static void cols_ticks(struct heap_cols *c, const struct heap *h, const struct tracks *tr,
		       uint64_t t0, uint64_t t1, int w, int64_t shift)
{
	uint64_t lo = core_shifted(t0, shift); /* the window on the run's clock */
	for (size_t k = heap_census_from(h, lo); k < h->ncensuses; k++) {
		uint64_t t = on_axis(h->censuses[k].time, shift);
		if (t >= t1 || h->censuses[k].time >= c->end)
			break;
		int x = layout_time_to_col(t0, t1, w, t);
		if (x >= 0)
			c->tick[x] = 1;
	}
	const struct gc *g = tracks_gc_prev(tr, lo, false);
	if (!g)
		g = tr->ngcs ? tr->gcs : NULL;
	for (; g && g < tr->gcs + tr->ngcs && on_axis(g->start, shift) < t1; g++) {
		int x = layout_time_to_col(t0, t1, w, on_axis(g->start, shift));
		if (x >= 0 && g->start >= lo && tracks_gc_major(tr, g))
			c->tick[x] = 2;
	}
	for (size_t i = tracks_mark_from(tr, lo); i < tr->nmarks; i++) {
		uint64_t t = on_axis(tr->marks[i].time, shift);
		if (t >= t1)
			break;
		int x = layout_time_to_col(t0, t1, w, t);
		if (x >= 0 && tr->marks[i].tag == EV_USER_MARKER)
			c->tick[x] = 3;
	}
}

/* The census a column shows over [a, b) of its run's clock: the largest
 * of those in it (the first of equal totals), else the one in effect at
 * a (heap_pane_columns's choice, a column at a time); -1 before the first. */
static long column_census(const struct heap *h, uint64_t a, uint64_t b)
{
	long best = -1;
	for (size_t i = heap_census_from(h, a); i < h->ncensuses && h->censuses[i].time < b; i++)
		if (best < 0 || h->censuses[i].total > h->censuses[best].total)
			best = (long)i;
	return best >= 0 ? best : heap_census_at(h, a);
}

/* The census of each column: the window's, or for a run on another clock
 * each column's span on its clock (none before that clock's 0). */
static void cols_census(struct heap_cols *c, const struct heap *h, uint64_t t0, uint64_t t1, int w,
			int64_t shift)
{
	if (!shift) {
		heap_pane_columns(h, t0, t1, w, c->cens);
	} else {
		for (int k = 0; k < w; k++) {
			uint64_t a = layout_col_to_time(t0, t1, w, k), b = layout_col_to_time(t0, t1, w, k + 1);
			bool before = shift > 0 && b <= (uint64_t)shift;
			c->cens[k] = before ? -1 : column_census(h, core_shifted(a, shift), core_shifted(b, shift));
		}
	}
	/* from the run's end on, nothing */
	for (int k = 0; k < w && c->end != UINT64_MAX; k++)
		if (core_shifted(layout_col_to_time(t0, t1, w, k), shift) >= c->end)
			c->cens[k] = -1;
}

bool heap_pane_cols(const struct viewer *u, struct heap_cols *c, const struct heap *h,
		    const struct tracks *tr, const int16_t *slot, int nshown, unsigned gen,
		    uint64_t t0, uint64_t t1, int64_t shift, uint64_t end)
{
	int w = u->L.plotw;
	if (c->ok && c->t0 == t0 && c->t1 == t1 && c->w == w && c->gen == gen && c->shift == shift &&
	    c->end == end)
		return true;
	c->ok = false;
	if (!cols_room(c, w))
		return false;
	c->end = end;
	cols_census(c, h, t0, t1, w, shift);
	c->max = 0;
	long last = -1;
	for (int k = 0; k < w; k++) {
		uint64_t *v = c->val + (size_t)k * M;
		long n = c->cens[k];
		if (n < 0) {
			memset(v, 0, M * sizeof *v);
			last = -1;
			continue;
		}
		if (n == last) /* a census over several columns: read once */
			memcpy(v, v - M, M * sizeof *v);
		else
			heap_pane_census(h, slot, nshown, (size_t)n, v);
		last = n;
		if (h->censuses[n].total > c->max)
			c->max = h->censuses[n].total;
	}
	memset(c->tick, 0, (size_t)w);
	cols_ticks(c, h, tr, t0, t1, w, shift);
	c->ok = true;
	c->t0 = t0;
	c->t1 = t1;
	c->w = w;
	c->shift = shift;
	c->gen = gen;
	return true;
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
	/* letters when colours cannot tell the bands apart */
	bool letters = !p->colors || u->ascii || p->nshown > p->npal;
	char l[2] = { heap_pane_letter(p, i), 0 };
	attr_t a;
	const char *g;
	if (c.lvl < 8) { /* the top of the stack */
		a = p->colors ? (attr_t)COLOR_PAIR(heap_pane_line(p, i)) : 0;
		if (!p->colors && p->hl)
			a |= dimmed ? A_DIM : A_BOLD;
		attron(a);
		draw_level(u, y, x, c.lvl);
		attroff(a);
		return;
	}
	if (p->colors) {
		if (dimmed) {
			a = COLOR_PAIR(heap_pane_line(p, i));
			g = letters ? l : G_SHADE(u);
		} else {
			a = COLOR_PAIR(heap_pane_fill(p, i));
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

void heap_pane_chart(struct viewer *u, struct heap_pane *p, const struct heap_cols *c,
		     const struct heap *h, int y0, int rows, uint64_t max, int cur, const char *label)
{
	int w = u->L.plotw;
	char buf[32];
	struct heap_cell cells[1024];
	if (rows > 1024)
		rows = 1024;
	/* the scale: the top row's value, and 0 (or the run) at the bottom */
	if (rows > 1 || !label)
		heap_pane_put(u, y0, 0, p->norm ? "100%" : bytes_format(buf, sizeof buf, max));
	if (label) {
		attron(A_BOLD);
		draw_safe(y0 + rows - 1, 0, (const uint8_t *)label, strlen(label), u->L.gutter - 1,
			  u->ascii);
		attroff(A_BOLD);
	} else if (rows > 1) {
		heap_pane_put(u, y0 + rows - 1, 0, p->norm ? "0%" : "0B");
	}
	int m = p->nshown + 1;
	for (int k = 0; k < w; k++) {
		long n = c->cens[k];
		double top = n < 0 ? 0 : p->norm ? (double)h->censuses[n].total : (double)max;
		heap_pane_stack(c->val + (size_t)k * M, m, n < 0 ? 0 : top, rows, cells);
		for (int r = 0; r < rows; r++)
			draw_chart_cell(u, p, y0 + rows - 1 - r, u->L.plotx + k, cells[r], k == cur);
	}
}

void heap_pane_ticks(struct viewer *u, const struct heap_cols *c, int y, int cur,
		     const char *label)
{
	heap_pane_put(u, y, 0, label);
	for (int k = 0; k < u->L.plotw; k++) {
		const char *g = " ";
		attr_t a = 0;
		switch (c->tick[k]) {
		case 1: g = G_CENSUS(u); a = draw_attr(u, C_DIM); break;
		case 2: g = G_MAJOR(u); a = draw_attr(u, C_MAJOR); break;
		case 3: g = G_MARKER(u); a = draw_attr(u, C_MARKER) | A_BOLD; break;
		}
		if (k == cur)
			a |= A_REVERSE;
		attron(a);
		mvaddstr(y, u->L.plotx + k, g);
		attroff(a);
	}
}

/* ---- two runs: matching and ranking (pure) ---- */

struct mref {
	uint64_t hash;
	int run;
	uint32_t band;
};

static int cmp_mref(const void *x, const void *y)
{
	const struct mref *a = x, *b = y;
	if (a->hash != b->hash)
		return a->hash < b->hash ? -1 : 1;
	if (a->run != b->run)
		return a->run - b->run;
	return (a->band > b->band) - (a->band < b->band);
}

/* An entry's name: its band in run 0, else in run 1. */
static int ent_run(const struct heap_cmp_ent *e)
{
	return e->band[0] >= 0 ? 0 : 1;
}

long heap_cmp_match(const struct heap_cmp_key *k0, size_t n0, const struct heap_cmp_key *k1,
		    size_t n1, const struct heap_cmp_names *nm, struct heap_cmp_ent *out,
		    int32_t *e0, int32_t *e1)
{
	struct mref *v = malloc((n0 + n1 ? n0 + n1 : 1) * sizeof *v);
	if (!v)
		return -1;
	size_t n = 0;
	for (int r = 0; r < 2; r++) {
		const struct heap_cmp_key *k = r ? k1 : k0;
		int32_t *e = r ? e1 : e0;
		for (size_t b = 0; b < (r ? n1 : n0); b++) {
			e[b] = -1;
			if (k[b].in)
				v[n++] = (struct mref){ k[b].hash, r, (uint32_t)b };
		}
	}
	qsort(v, n, sizeof *v, cmp_mref);
	long m = 0;
	for (size_t i = 0, g = 0; i < n; i++) {
		if (!i || v[i].hash != v[i - 1].hash)
			g = (size_t)m; /* this hash's entries start here */
		/* the entry of its name among those of its hash (one, unless
		 * two names collide), or a new one */
		long x = (long)g;
		for (; x < m; x++) {
			int r = ent_run(&out[x]);
			if (!nm->cmp(nm->arg, r, (uint32_t)out[x].band[r], v[i].run, v[i].band, SIZE_MAX))
				break;
		}
		if (x == m)
			out[m++] = (struct heap_cmp_ent){ .band = { -1, -1 } };
		if (out[x].band[v[i].run] < 0)
			out[x].band[v[i].run] = (int32_t)v[i].band;
		(v[i].run ? e1 : e0)[v[i].band] = (int32_t)x;
	}
	free(v);
	return m;
}

static enum heap_rank_by order_by; /* (qsort has no argument) */
static const struct heap_cmp_ent *order_ent;
static const struct heap_cmp_names *order_nm;

static int cmp_ent(const struct heap_cmp_ent *a, const struct heap_cmp_ent *b)
{
	double aa = a->f[0].area > a->f[1].area ? a->f[0].area : a->f[1].area;
	double ba = b->f[0].area > b->f[1].area ? b->f[0].area : b->f[1].area;
	uint64_t ap = a->f[0].peak > a->f[1].peak ? a->f[0].peak : a->f[1].peak;
	uint64_t bp = b->f[0].peak > b->f[1].peak ? b->f[0].peak : b->f[1].peak;
	if (order_by == HEAP_BY_AREA && aa != ba)
		return aa > ba ? -1 : 1;
	if (ap != bp)
		return ap > bp ? -1 : 1;
	if (aa != ba)
		return aa > ba ? -1 : 1;
	int ra = ent_run(a), rb = ent_run(b);
	int d = order_nm->cmp(order_nm->arg, ra, (uint32_t)a->band[ra], rb, (uint32_t)b->band[rb],
			      HEAP_CMP_ORDER_BYTES);
	if (d)
		return d;
	for (int r = 0; r < 2; r++)
		if (a->band[r] != b->band[r])
			return a->band[r] < b->band[r] ? -1 : 1;
	return 0;
}

static int cmp_idx(const void *x, const void *y)
{
	return cmp_ent(&order_ent[*(const int32_t *)x], &order_ent[*(const int32_t *)y]);
}

bool heap_cmp_order(struct heap_cmp_ent *ent, size_t n, enum heap_rank_by by,
		    const struct heap_cmp_names *nm, int32_t *e0, size_t n0, int32_t *e1, size_t n1)
{
	int32_t *idx = malloc((n ? n : 1) * sizeof *idx);
	int32_t *to = malloc((n ? n : 1) * sizeof *to);
	struct heap_cmp_ent *was = malloc((n ? n : 1) * sizeof *was);
	if (!idx || !to || !was) {
		free(idx);
		free(to);
		free(was);
		return false;
	}
	for (size_t i = 0; i < n; i++)
		idx[i] = (int32_t)i;
	order_by = by;
	order_ent = ent;
	order_nm = nm;
	qsort(idx, n, sizeof *idx, cmp_idx);
	memcpy(was, ent, n * sizeof *ent);
	for (size_t k = 0; k < n; k++) {
		ent[k] = was[idx[k]];
		to[idx[k]] = (int32_t)k;
	}
	for (size_t b = 0; b < n0; b++)
		if (e0[b] >= 0)
			e0[b] = to[e0[b]];
	for (size_t b = 0; b < n1; b++)
		if (e1[b] >= 0)
			e1[b] = to[e1[b]];
	free(idx);
	free(to);
	free(was);
	return true;
}

void heap_cmp_rows(int nrows, size_t nrank, int maxn, int ndetail, int maxcols,
		   struct heap_cmp_rows *r)
{
	heap_pane_rows(nrows, nrank, maxn, ndetail, maxcols, &r->r);
	for (int i = 0; i < 2; i++)
		r->ticks[i] = r->chart0[i] = -1, r->nchart[i] = 0;
	if (nrows == 2) { /* no title: a row each */
		r->r.title = -1;
		r->chart0[0] = 0;
		r->chart0[1] = 1;
		r->nchart[0] = r->nchart[1] = 1;
		return;
	}
	int y = r->r.ticks >= 0 ? r->r.ticks : r->r.chart0;
	int n = (r->r.ticks >= 0) + r->r.nchart;
	if (y < 0 || n < 2)
		return;
	/* the same height each (one scale), a blank row between them when
	 * the rows are odd */
	for (int i = 0; i < 2; i++) {
		int half = n / 2;
		if (half >= 6) {
			r->ticks[i] = y++;
			half--;
		}
		r->chart0[i] = y;
		r->nchart[i] = half;
		y += half + (i ? 0 : n % 2);
	}
}

/* ---- two runs: the state ---- */

static const struct heap *run_heap(const struct viewer *u, int r)
{
	return r ? &u->other->run.h : &u->r->run.h;
}

static void run_free(struct heap_cmp_run *x)
{
	void *held[] = { x->ent, x->slot, x->col.cens, x->col.val, x->col.tick, x->cv };
	for (size_t i = 0; i < sizeof held / sizeof *held; i++)
		free(held[i]);
	*x = (struct heap_cmp_run){ .c0 = -1, .c1 = -1, .cc = -1 };
}

void heap_cmp_free(struct heap_pane *p)
{
	struct heap_cmp *c = p->cmp;
	if (!c)
		return;
	run_free(&c->r[0]);
	run_free(&c->r[1]);
	free(c->ent);
	free(c);
	p->cmp = NULL;
}

/* Run r's tables, and k[b] the key of each band: its name's hash when it
 * has bytes in the run (the others take no part, as in hectic diff). */
static bool run_make(const struct viewer *u, struct heap_cmp_run *x, int r, struct heap_cmp_key *k)
{
	const struct heap *h = run_heap(u, r);
	size_t nb = h->nbands ? h->nbands : 1;
	x->nbands = h->nbands;
	x->ent = malloc(nb * sizeof *x->ent);
	x->slot = malloc(nb * sizeof *x->slot);
	bool *in = calloc(nb, sizeof *in);
	uint64_t *hash = malloc(nb * sizeof *hash);
	bool ok = x->ent && x->slot && in && hash;
	x->any = h->ncensuses > 0;
	x->median = heap_median_interval(h);
	uint64_t tmax = r ? u->other->run.s.tmax : u->r->run.s.tmax;
	x->end = tmax < UINT64_MAX ? tmax + 1 : UINT64_MAX;
	for (size_t b = 0; ok && b < h->nbands; b++)
		x->slot[b] = -1;
	for (size_t i = 0; ok && i < h->nsamples; i++)
		if (h->samples[i].bytes)
			in[h->samples[i].band] = true;
	ok = ok && heap_band_hashes(h, in, hash);
	for (size_t b = 0; ok && b < h->nbands; b++)
		k[b] = (struct heap_cmp_key){ in[b], hash[b] };
	free(in);
	free(hash);
	return ok;
}

/* Band a of run ra's name against band b of run rb's (struct heap_cmp_names). */
static int names_cmp(void *arg, int ra, uint32_t a, int rb, uint32_t b, size_t limit)
{
	struct heap_cmp *c = arg;
	return heap_band_cmp(c->h[ra], a, c->h[rb], b, limit, &c->memo);
}

bool heap_cmp_make(const struct viewer *u, struct heap_pane *p)
{
	struct heap_cmp *c = calloc(1, sizeof *c);
	if (!c)
		return false;
	p->cmp = c;
	c->r[0] = c->r[1] = (struct heap_cmp_run){ .c0 = -1, .c1 = -1, .cc = -1 };
	c->h[0] = run_heap(u, 0);
	c->h[1] = run_heap(u, 1);
	size_t n0 = c->h[0]->nbands, n1 = c->h[1]->nbands;
	struct heap_cmp_key *k = malloc((n0 + n1 + 1) * sizeof *k);
	c->ent = malloc((n0 + n1 + 1) * sizeof *c->ent);
	if (!k || !c->ent || !run_make(u, &c->r[0], 0, k) || !run_make(u, &c->r[1], 1, k + n0)) {
		free(k);
		goto fail;
	}
	struct heap_cmp_names nm = { names_cmp, c };
	long m = heap_cmp_match(k, n0, k + n0, n1, &nm, c->ent, c->r[0].ent, c->r[1].ent);
	free(k);
	if (m < 0)
		goto fail;
	c->nent = (size_t)m;
	for (int r = 0; r < 2; r++)
		if (!(c->r[r].cv = calloc(c->nent + 1, sizeof *c->r[r].cv)))
			goto fail;
	return true;
fail:
	heap_cmp_free(p);
	return false;
}

/* How long census k holds in [from, to): until the next, or to. */
static double held_in(const struct heap *h, size_t k, uint64_t from, uint64_t to)
{
	uint64_t a = h->censuses[k].time > from ? h->censuses[k].time : from;
	uint64_t e = k + 1 < h->ncensuses && h->censuses[k + 1].time < to ? h->censuses[k + 1].time : to;
	return e > a ? (double)(e - a) : 0;
}

/* Run r's window on its clock, cut at its end, and its censuses there:
 * the one in effect at its start and those in it (as heap_rank counts). */
static void run_window(const struct viewer *u, struct heap_cmp_run *x, int r)
{
	const struct heap *h = run_heap(u, r);
	x->from = r ? core_to_other(u, u->t0) : u->t0;
	x->to = r ? core_to_other(u, u->t1) : u->t1;
	if (x->to > x->end)
		x->to = x->end;
	x->c0 = x->c1 = -1;
	x->ncens = 0;
	if (x->from >= x->to)
		return;
	long a = heap_census_at(h, x->from);
	size_t k = a >= 0 ? (size_t)a : heap_census_from(h, x->from);
	for (; k < h->ncensuses && h->censuses[k].time < x->to; k++) {
		if (x->c0 < 0)
			x->c0 = (long)k;
		x->c1 = (long)k;
		x->ncens++;
	}
}

/* Each entry's figures in run r over its window; cur and lastc scratch
 * of nent. A band named twice in a census counts as their sum (the .hp
 * adds them), as do bands of one name. */
static void run_figures(const struct viewer *u, struct heap_cmp *c, int r, uint64_t *cur,
			long *lastc)
{
	const struct heap *h = run_heap(u, r);
	const struct heap_cmp_run *x = &c->r[r];
	for (size_t e = 0; e < c->nent; e++)
		lastc[e] = -1;
	for (long k = x->c0; k >= 0 && k <= x->c1; k++) {
		const struct census *cs = &h->censuses[k];
		double held = held_in(h, (size_t)k, x->from, x->to);
		for (size_t i = cs->first; i < cs->first + cs->n; i++) {
			int32_t e = x->ent[h->samples[i].band];
			if (e >= 0)
				cur[e] += h->samples[i].bytes;
		}
		for (size_t i = cs->first; i < cs->first + cs->n; i++) {
			int32_t e = x->ent[h->samples[i].band];
			if (e < 0 || lastc[e] == k)
				continue;
			lastc[e] = k;
			struct heap_cmp_fig *f = &c->ent[e].f[r];
			uint64_t v = cur[e];
			cur[e] = 0;
			f->sum += v;
			f->area += held * (double)v;
			if (v > f->peak) {
				f->peak = v;
				f->peak_time = cs->time;
			}
		}
	}
}

/* The entries ranked over the window, made again when the window or the
 * order changed. */
static bool cmp_rank(const struct viewer *u, struct heap_pane *p)
{
	struct heap_cmp *c = p->cmp;
	if (c->ranked && c->rt0 == u->t0 && c->rt1 == u->t1 && c->rby == p->by)
		return true;
	c->ranked = false;
	p->nshown = -1; /* not chosen yet */
	p->gen++;
	uint64_t *cur = calloc(c->nent + 1, sizeof *cur);
	long *lastc = malloc((c->nent + 1) * sizeof *lastc);
	if (!cur || !lastc) {
		free(cur);
		free(lastc);
		return false;
	}
	for (size_t e = 0; e < c->nent; e++)
		memset(c->ent[e].f, 0, sizeof c->ent[e].f);
	for (int r = 0; r < 2; r++) {
		run_window(u, &c->r[r], r);
		run_figures(u, c, r, cur, lastc);
	}
	free(cur);
	free(lastc);
	struct heap_cmp_names nm = { names_cmp, c };
	if (!heap_cmp_order(c->ent, c->nent, p->by, &nm, c->r[0].ent, c->r[0].nbands, c->r[1].ent,
			    c->r[1].nbands))
		return false;
	c->nrank = 0;
	while (c->nrank < c->nent && (c->ent[c->nrank].f[0].peak || c->ent[c->nrank].f[1].peak))
		c->nrank++;
	c->ranked = true;
	c->rt0 = u->t0;
	c->rt1 = u->t1;
	c->rby = p->by;
	return true;
}

/* The first n entries shown: each run's slots, and its figures of other. */
static void cmp_choose(const struct viewer *u, struct heap_pane *p, int n)
{
	struct heap_cmp *c = p->cmp;
	if (p->nshown == n)
		return;
	p->nshown = n;
	p->gen++;
	for (int r = 0; r < 2; r++) {
		struct heap_cmp_run *x = &c->r[r];
		const struct heap *h = run_heap(u, r);
		for (size_t b = 0; b < x->nbands; b++)
			x->slot[b] = x->ent[b] >= 0 && x->ent[b] < n ? (int16_t)x->ent[b] : -1;
		x->other = (struct heap_cmp_fig){ 0 };
		for (long k = x->c0; k >= 0 && k <= x->c1; k++) {
			uint64_t v[M];
			heap_pane_census(h, x->slot, n, (size_t)k, v);
			struct heap_cmp_fig *f = &x->other;
			f->sum += v[n];
			f->area += held_in(h, (size_t)k, x->from, x->to) * (double)v[n];
			if (v[n] > f->peak) {
				f->peak = v[n];
				f->peak_time = h->censuses[k].time;
			}
		}
	}
}

/* Run r's columns, on the axis (the other run's times shifted onto it). */
static bool hc_cmp_cols(const struct viewer *u, struct heap_pane *p, int r)
{
	struct heap_cmp_run *x = &p->cmp->r[r];
	return heap_pane_cols(u, &x->col, run_heap(u, r), r ? &u->other->run.tr : &u->r->run.tr, x->slot,
			      p->nshown, p->gen, u->t0, u->t1, r ? u->other_shift : 0, x->end);
}

/* Each run's census at the cursor and its values there, by entry, then
 * the entries not shown summed. */
static void cmp_cursor(const struct viewer *u, struct heap_pane *p)
{
	struct heap_cmp *c = p->cmp;
	for (int r = 0; r < 2; r++) {
		struct heap_cmp_run *x = &c->r[r];
		const struct heap *h = run_heap(u, r);
		uint64_t t = r ? core_to_other(u, u->cursor) : u->cursor;
		x->ended = t >= x->end;
		x->cc = x->ended ? -1 : heap_census_at(h, t);
		memset(x->cv, 0, (c->nent + 1) * sizeof *x->cv);
		if (x->cc < 0)
			continue;
		const struct census *k = &h->censuses[x->cc];
		for (size_t i = k->first; i < k->first + k->n; i++) {
			int32_t e = x->ent[h->samples[i].band];
			if (e >= 0)
				x->cv[e] += h->samples[i].bytes;
			if (e < 0 || e >= p->nshown)
				x->cv[c->nent] += h->samples[i].bytes;
		}
	}
}

/* ---- two runs: drawing ---- */

/* Run r's chart (and its tick row) at its rows. */
static void cmp_chart(struct viewer *u, struct heap_pane *p, int r, int ticks, int y0, int rows,
		      uint64_t max)
{
	const struct heap_cmp_run *x = &p->cmp->r[r];
	char label[80];
	heap_cmp_label(u, r, label, sizeof label);
	int cur = layout_time_to_col(u->t0, u->t1, u->L.plotw, u->cursor);
	if (!x->any) {
		int y = ticks >= 0 ? ticks : rows > 0 ? y0 : -1;
		if (y >= 0) {
			attron(A_BOLD);
			draw_safe(y, 0, (const uint8_t *)label, strlen(label), u->L.gutter - 1, u->ascii);
			attroff(A_BOLD);
			attron(draw_attr(u, C_DIM));
			heap_pane_put(u, y, u->L.gutter, "no heap profile in this run");
			attroff(draw_attr(u, C_DIM));
		}
		return;
	}
	if (ticks >= 0)
		heap_pane_ticks(u, &x->col, ticks, cur, "ticks");
	if (rows > 0)
		heap_pane_chart(u, p, &x->col, run_heap(u, r), y0, rows, max, cur, label);
}

void heap_cmp_draw(struct viewer *u, struct heap_pane *p, int y, int h)
{
	if (!p->cmp && !heap_cmp_make(u, p)) {
		heap_pane_put(u, y, 0, "heap: out of memory");
		return;
	}
	struct heap_cmp *c = p->cmp;
	c->ra = u->swapped ? 1 : 0;
	if (!c->r[0].any && !c->r[1].any) {
		heap_pane_put(u, y, 0, "no heap profile in either run: run with +RTS -hT, or "
				       "-hc/-hm/-hd/-hy with a profiled build");
		return;
	}
	if (!cmp_rank(u, p)) {
		heap_pane_put(u, y, 0, "heap: out of memory");
		return;
	}
	struct heap_cmp_rows R;
	heap_cmp_rows(h, c->nrank, p->maxn, p->hl ? heap_cmp_detail_rows(u, p) : 0,
		      u->L.cols / CMP_ENTRY_W, &R);
	cmp_choose(u, p, R.r.nshown);
	pane_list_set(&p->pl, R.r.nshown + (R.r.other ? 1 : 0));
	pane_list_show(&p->pl, R.r.nlegend * R.r.legcols);
	if (!p->pl.n)
		p->hl = false;
	if (p->in_other && !R.r.other)
		p->in_other = false; /* nothing in other any more */
	if (!hc_cmp_cols(u, p, 0) || !hc_cmp_cols(u, p, 1)) {
		heap_pane_put(u, y, 0, "heap: out of memory");
		return;
	}
	cmp_cursor(u, p);
	if (R.r.title >= 0)
		heap_cmp_title(u, p, y + R.r.title);
	if (p->in_other && h > 1) { /* the list takes the rows under the title */
		heap_cmp_other(u, p, y + 1, h - 1);
		return;
	}
	uint64_t max = c->r[0].col.max > c->r[1].col.max ? c->r[0].col.max : c->r[1].col.max;
	for (int i = 0; i < 2; i++) /* A over B */
		cmp_chart(u, p, i ? 1 - c->ra : c->ra, R.ticks[i] >= 0 ? y + R.ticks[i] : -1,
			  y + R.chart0[i], R.nchart[i], max);
	if (R.r.nlegend > 0)
		heap_cmp_legend(u, p, y + R.r.legend0, R.r.nlegend, R.r.legcols);
	if (R.r.ndetail > 0 && p->hl)
		heap_cmp_detail(u, p, y + R.r.detail0, R.r.ndetail);
}
