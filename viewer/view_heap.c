/* The heap-profile pane: the censuses of +RTS -h as stacked bands under
 * the lanes, on their time axis and cursor (each column one census, a
 * step until the next), a tick row (markers, major GCs, censuses), the
 * legend of the top bands over the window with its selection, and the
 * highlighted band's detail, and the list of the bands in other. Owns
 * the pane's state and its caches (the ranking, the columns); the
 * arithmetic is heap_figures.c, the chart and the compare mode of two
 * runs (hectic A B) heap_compare.c, the words (names, legend, detail,
 * other) heap_legend.c.
 * Its user guide is man/hectic.1's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "heap_pane.h"
#include "loader.h"
#include "wrap.h"

#define NO_PROFILE                                                                              \
	"no heap profile in this log: run with +RTS -hT, or -hc/-hm/-hd/-hy with a profiled build"

extern const struct view_ops view_heap;

static struct heap_pane *heappane_of(const struct viewer *u)
{
	return view_state(u, &view_heap);
}

/* ---- the state ---- */

/* Frees what came from the heap: the band tables, the columns, with two
 * runs both runs' tables (heap_compare.c), so that the ranking and the
 * columns are made again; the user's choices (the mode, the order, the
 * selection and highlight) stay. */
static void bands_free(struct heap_pane *p)
{
	void *held[] = { p->rank, p->slot, p->col.cens, p->col.val, p->col.tick };
	for (size_t i = 0; i < sizeof held / sizeof *held; i++)
		free(held[i]);
	heap_cmp_free(p);
	*p = (struct heap_pane){ .norm = p->norm, .by = p->by, .pl = p->pl, .hl = p->hl,
				 .colors = p->colors, .npal = p->npal, .median = p->median,
				 .maxn = p->maxn, .in_other = p->in_other, .ol = p->ol,
				 .gen = p->gen + 1, .c0 = -1, .c1 = -1 };
}

/* The tables sized by the heap's bands, for nb bands: false (none made)
 * when out of memory. */
static bool bands_alloc(struct heap_pane *p, size_t nb)
{
	if (!nb)
		nb = 1;
	p->rank = malloc(nb * sizeof *p->rank);
	p->slot = malloc(nb * sizeof *p->slot);
	if (!p->rank || !p->slot) {
		bands_free(p);
		return false;
	}
	for (size_t b = 0; b < nb; b++)
		p->slot[b] = -1;
	return true;
}

/* The palette: a line pair (its colour on the default background) and a
 * fill pair (the default on its colour) each, NPAL colours (6 on 8
 * colours, whose terminals have 64 pairs) used in turn and a grey for
 * other; false when the terminal has too few. */
static bool band_colors(const struct viewer *u, int *npal)
{
	static const short c256[NPAL + 1] = { 33,  208, 34, 161, 135, 37,  178, 94, 39,
					      202, 70,  199, 99,  30,  220, 130, 244 };
	static const short c8[] = { COLOR_BLUE, COLOR_YELLOW, COLOR_GREEN, COLOR_MAGENTA,
				    COLOR_CYAN, COLOR_RED };
	int n = u->ncolors == 256 ? NPAL : 6;
	*npal = n;
	if (!u->ncolors || PAIR0 + 2 * (n + 1) > COLOR_PAIRS)
		return false;
	for (int i = 0; i <= n; i++) {
		short c = i == n ? (u->ncolors == 256 ? c256[NPAL] : COLOR_WHITE)
				 : u->ncolors == 256 ? c256[i] : c8[i];
		if (init_pair((short)(PAIR0 + i), c, -1) == ERR ||
		    init_pair((short)(PAIR0 + n + 1 + i), -1, c) == ERR)
			return false;
	}
	return true;
}

/* Has the log (either log, with two) a heap profile? */
static bool any_profile(const struct viewer *u)
{
	return u->r->run.h.ncensuses || (u->other && u->other->run.h.ncensuses);
}

struct match_job {
	struct viewer *u;
	struct heap_pane *p;
};

static void match_job(void *arg)
{
	struct match_job *j = arg;
	heap_cmp_make(j->u, j->p); /* out of memory: the draw says so */
}

/* Two runs: their bands matched by name before the first draw, on
 * busy_run's worker (the hashes read every cost centre's text once; q
 * still quits). */
static void heap_match_runs(struct viewer *u, struct heap_pane *p)
{
	if (!u->other || p->cmp || u->other->loaded != 1 || !any_profile(u))
		return;
	struct match_job j = { u, p };
	busy_run(u, "matching the two runs' heap bands", match_job, &j);
}

static bool heap_open(struct viewer *u)
{
	struct heap_pane *p = heappane_of(u);
	*p = (struct heap_pane){ .by = HEAP_BY_AREA, .c0 = -1, .c1 = -1, .maxn = u->heap_bands };
	if (p->maxn < 1 || p->maxn > HEAP_PANE_MAXN)
		p->maxn = RC_HEAP_BANDS_DEFAULT;
	if (!loader_heap(u) || (u->other && u->other->loaded == 1 && !loader_heap_of(u, u->other)))
		return false;
	if (!bands_alloc(p, u->r->run.h.nbands)) {
		core_say(u, "heap view: out of memory");
		return false;
	}
	p->median = heap_median_interval(&u->r->run.h);
	p->colors = band_colors(u, &p->npal);
	if (!any_profile(u)) {
		core_say(u, "%s", u->other ? "no heap profile in either log" : NO_PROFILE);
		return true;
	}
	heap_match_runs(u, p);
	core_hint(u, "heap: %s normalises, %s ranks by peak, %s highlights, %s/%s more or fewer bands, "
		 "%s on other lists its bands", core_key_for(u, ACT_PANE_MODE),
		 core_key_for(u, ACT_PANE_SORT), core_key_for(u, ACT_HIGHLIGHT),
		 core_key_for(u, ACT_PANE_MORE), core_key_for(u, ACT_PANE_FEWER),
		 core_key_for(u, ACT_SELECT));
	return true;
}

/* Closed, or the viewer's end: everything freed, the choices forgotten. */
static void heap_close(struct viewer *u)
{
	struct heap_pane *p = heappane_of(u);
	bands_free(p);
	*p = (struct heap_pane){ 0 };
}

/* The log grew, or the runs were swapped (two runs: the other-run key):
 * before the heap is built again, free what is sized by its bands or
 * drawn from its censuses (both runs'); after, make the per-band tables
 * again (the compare mode's when next drawn). The mode, the ranking order
 * and the selection stay. Nothing is held while the pane is closed. */
static void heap_reload(struct viewer *u, bool before)
{
	struct heap_pane *p = heappane_of(u);
	if (!view_shown(u, &view_heap))
		return;
	if (before) {
		bands_free(p);
		return;
	}
	if (!bands_alloc(p, u->r->run.h.nbands)) {
		core_pane_close(u); /* it has nothing to draw with */
		core_say(u, "heap view: out of memory");
		return;
	}
	p->median = heap_median_interval(&u->r->run.h);
	if (u->other && u->other->loaded == 1 && !(u->other->run.built & RUN_NEED(TABLE_NEEDS_HEAP)))
		loader_heap_of(u, u->other);
	heap_match_runs(u, p);
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
	if (!heap_rank(&u->r->run.h, u->t0, u->t1, p->by, p->rank, &p->nrank, NULL))
		return false;
	p->ranked = true;
	p->rt0 = u->t0;
	p->rt1 = u->t1;
	p->rby = p->by;
	p->nshown = -1; /* not chosen yet */
	return true;
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
	const struct heap *h = &u->r->run.h;
	long a = heap_census_at(h, u->t0);
	size_t from = a >= 0 ? (size_t)a : heap_census_from(h, u->t0);
	size_t to = heap_census_from(h, u->t1);
	memset(p->st, 0, sizeof p->st);
	p->c0 = p->c1 = -1;
	for (size_t c = from; c < to; c++) {
		uint64_t v[M];
		heap_pane_census(h, p->slot, p->nshown, c, v);
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

/* ---- drawing ---- */

/* The pane's title: what it draws, then (each shortened or left out whole
 * where the line is too narrow, the least needed first: why no major-GC
 * ticks, how many bands were asked for, the census steps, the census at
 * the cursor, the breakdown, a partial heap) never cut inside a word. */
static void heap_draw_title(struct viewer *u, struct heap_pane *p, int y, long cc)
{
	const struct heap *h = &u->r->run.h;
	char a[32], b[32], head[120], more[64] = "", steps[120], brief[80], cur[80];
	char line[600];
	size_t inview = heap_census_from(h, u->t1) - heap_census_from(h, u->t0);
	bool other = (size_t)p->nshown < p->nrank;
	if (p->nshown < p->maxn && other)
		snprintf(more, sizeof more, " + other (%d asked: no room)", p->maxn);
	snprintf(head, sizeof head, "heap %s: %d of %zu bands by %s", p->norm ? "normalised" : "absolute",
		 p->nshown, p->nrank, p->by == HEAP_BY_AREA ? "area" : "peak");
	const char *every = p->median ? time_format(a, sizeof a, p->median) : "?";
	snprintf(steps, sizeof steps, "steps: a census every ~%s, %zu in view", every, inview);
	snprintf(brief, sizeof brief, "a census every ~%s", every);
	if (cc >= 0)
		snprintf(cur, sizeof cur, "cursor: census of %s",
			 core_fmt_moment(b, sizeof b, h->censuses[cc].time));
	else
		snprintf(cur, sizeof cur, "cursor: no census yet");
	char why[160], gc[200] = "";
	bool nogc = *draw_absent(u, CLASS_BIT(CL_GC), why, sizeof why);
	if (nogc)
		snprintf(gc, sizeof gc, "[no major-GC ticks: %s]", why);
	const struct wrap_part parts[] = {
		{ NULL, { head }, 9 },
		{ "", { *more ? more : other ? " + other" : "", *more ? " + other" : NULL }, 2 },
		{ "; ", { h->breakdown == HEAP_BY_INFO_TABLE ? "by info table" : "", "" }, 6 },
		{ "; ", { steps, brief, "" }, 3 },
		{ "; ", { cur, "" }, 5 },
		{ " ", { h->over_budget ? "[partial: over the memory budget]" : "",
			 h->over_budget ? "[partial]" : NULL }, 7 },
		{ " ", { gc, nogc ? "[no major-GC ticks]" : NULL, nogc ? "" : NULL }, 1 },
	};
	wrap_parts(parts, sizeof parts / sizeof parts[0], u->L.cols, u->ascii, line, sizeof line);
	attron(A_BOLD);
	heap_pane_put(u, y, 0, line);
	attroff(A_BOLD);
}

static void heap_draw(struct viewer *u)
{
	struct pane_area A = pane_frame(u, NULL);
	struct heap_pane *p = heappane_of(u);
	if (A.h <= 0)
		return;
	if (u->other) { /* two runs: A's bands and B's */
		heap_cmp_draw(u, p, A.y, A.h);
		return;
	}
	const struct heap *h = &u->r->run.h;
	if (!h->ncensuses) {
		heap_pane_put(u, A.y, 0, NO_PROFILE);
		return;
	}
	if (!rank_window(u, p)) {
		heap_pane_put(u, A.y, 0, "heap: out of memory");
		return;
	}
	int maxcols = u->L.cols / LEGEND_ENTRY_W;
	struct heap_rows R;
	heap_pane_rows(A.h, p->nrank, p->maxn, p->hl ? heap_pane_detail_rows(u, p) : 0, maxcols, &R);
	choose_shown(u, p, R.nshown);
	pane_list_set(&p->pl, R.nshown + (R.other ? 1 : 0));
	pane_list_show(&p->pl, R.nlegend * R.legcols);
	if (!p->pl.n)
		p->hl = false;
	if (p->in_other && !R.other)
		p->in_other = false; /* nothing in other any more */
	if (!heap_pane_cols(u, &p->col, h, &u->r->run.tr, p->slot, p->nshown, p->gen, u->t0, u->t1, 0,
			    UINT64_MAX)) {
		heap_pane_put(u, A.y, 0, "heap: out of memory");
		return;
	}
	long cc = heap_census_at(h, u->cursor);
	int cur = layout_time_to_col(u->t0, u->t1, u->L.plotw, u->cursor);
	uint64_t cv[M] = { 0 };
	if (cc >= 0)
		heap_pane_census(h, p->slot, p->nshown, (size_t)cc, cv);
	heap_draw_title(u, p, A.y + R.title, cc);
	if (R.ticks >= 0)
		heap_pane_ticks(u, &p->col, A.y + R.ticks, cur, "ticks");
	if (p->in_other && A.h > 2) { /* the list takes the rows under the ticks */
		heap_pane_other(u, p, A.y + 2, A.h - 2, cc);
		return;
	}
	if (R.nchart > 0)
		heap_pane_chart(u, p, &p->col, h, A.y + R.chart0, R.nchart, p->col.max, cur, NULL);
	if (R.nlegend > 0)
		heap_pane_legend(u, p, A.y + R.legend0, R.nlegend, R.legcols, cc, cv);
	if (R.ndetail > 0 && p->hl)
		heap_pane_detail(u, p, A.y + R.detail0, R.ndetail, cc, cv);
}

/* The highlight off, or the list of other closed: false when neither was
 * on (the action goes on). */
static bool heap_unhighlight(struct heap_pane *p)
{
	bool was = p->hl || p->in_other;
	if (p->in_other)
		p->in_other = false;
	else
		p->hl = false;
	return was;
}

/* More or fewer bands on their own (d +1 or -1). */
static void more_bands(struct viewer *u, struct heap_pane *p, int d)
{
	int n = p->maxn + d;
	if (n < 1 || n > HEAP_PANE_MAXN) {
		core_say(u, "heap: %d band%s on their own at %s", p->maxn, p->maxn == 1 ? "" : "s",
			 n < 1 ? "least" : "most");
		return;
	}
	p->maxn = n;
	u->heap_bands = n;
	p->gen++;
	core_say(u, "heap: up to %d band%s on their own, the rest in other", n, n == 1 ? "" : "s");
}

static bool heap_act(struct viewer *u, enum action a)
{
	struct heap_pane *p = heappane_of(u);
	/* the list of other, when open, takes the movements */
	if (pane_list_act(p->in_other ? &p->ol : &p->pl, a, false))
		return true;
	switch (a) {
	case ACT_SELECT: case ACT_HIGHLIGHT: case ACT_PANE_MODE: case ACT_PANE_SORT:
	case ACT_PANE_MORE: case ACT_PANE_FEWER:
		if (!any_profile(u)) { /* nothing to select, rank or highlight */
			core_say(u, "%s", u->other ? "no heap profile in either log" : NO_PROFILE);
			return true;
		}
		break;
	case ACT_CANCEL: return heap_unhighlight(p);
	case ACT_PANE_SCOPE: case ACT_PANE_CAP: case ACT_TOGGLE_BUILTIN: case ACT_EXPAND_ALL:
		core_say(u, "%s: in the profile view (%s)", action_name(a), core_key_for(u, ACT_PROFILE_VIEW));
		return true;
	default: return false;
	}
	switch (a) {
	case ACT_SELECT:
		if (p->in_other) {
			p->in_other = false;
		} else if (p->pl.n > 0 && p->pl.sel >= p->nshown) { /* other: open it */
			p->in_other = true;
			p->ol = (struct pane_list){ 0 };
		} else {
			p->hl = p->pl.n > 0;
		}
		break;
	case ACT_HIGHLIGHT: p->hl = !p->hl && p->pl.n > 0; break;
	case ACT_PANE_MORE: more_bands(u, p, 1); break;
	case ACT_PANE_FEWER: more_bands(u, p, -1); break;
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
