/* The sparks pane (the sparks-view action), ThreadScope's spark views under
 * the lanes: from the SPARK_COUNTERS events (a threaded RTS writes them
 * with -l, per capability, at each GC), the sparks created, converted,
 * fizzled, GC'd, overflowed and dud per column (all capabilities), each row
 * scaled to its largest column, then each capability's spark pool (the
 * sparks remaining at the column's last sample). The title gives the
 * window's totals, as `hectic sparks` counts them. Counters are cumulative
 * and sampled at GCs: a column's count is what the samples in it added. Up
 * and down select a row; the rows scroll when they do not all fit. */
#include "draw.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

static const int rate_field[6] = { SP_CREATED, SP_CONVERTED, SP_FIZZLED, SP_GCD, SP_OVERFLOWED,
				   SP_DUD };
static const char *const rate_name[6] = { "created", "converted", "fizzled", "GC'd",
					  "overflowed", "dud" };
/* where the gutter is narrower: one run's, two runs' (after the letter) */
static const char *const rate_short[6] = { "created", "convert", "fizzled", "GC'd", "overflw",
					   "dud" };
static const char *const rate_shorter[6] = { "creat", "conv", "fizzl", "GC'd", "ovfl", "dud" };

/* The last sample of capability cap (samples from a) at or before t. */
static const struct capsample *at(const struct capsample *a, size_t n, uint64_t t)
{
	const struct capsample *r = NULL;
	size_t lo = 0, hi = n;
	while (lo < hi) { /* the first sample after t */
		size_t mid = lo + (hi - lo) / 2;
		if (a[mid].time <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo)
		r = &a[lo - 1];
	return r;
}

/* The full spark events' tags (GHC's SPARK_CREATE .. SPARK_GC) and the
 * row each counts in: created, converted (run or stolen), fizzled, GC'd,
 * overflowed, dud. */
enum { SPARK_CREATE = 35, SPARK_DUD, SPARK_OVERFLOW, SPARK_RUN, SPARK_STEAL, SPARK_FIZZLE,
       SPARK_GC };
#define FULL_MAX 400000 /* spark events a frame reads at most */

static int sparks_row_of(uint16_t tag)
{
	switch (tag) {
	case SPARK_CREATE: return 0;
	case SPARK_RUN:
	case SPARK_STEAL: return 1;
	case SPARK_FIZZLE: return 2;
	case SPARK_GC: return 3;
	case SPARK_OVERFLOW: return 4;
	case SPARK_DUD: return 5;
	default: return -1;
	}
}

/* The window's spark events per column into the six rows; false when the
 * log has none (logged without -lf) or the window has too many. */
static bool full_rates(struct viewer *u, uint64_t *vals, int w, uint64_t *tot)
{
	if (u->r->run.s.hdr.nsel <= SPARK_GC || u->r->run.s.hdr.sel[SPARK_CREATE].layout == SEL_UNKNOWN_LAYOUT)
		return false;
	struct merge *m = merge_new_at(&u->r->run.s, u->t0, CLASS_BIT(CL_SPARKS));
	struct evref r;
	uint64_t k = 0, seen = 0;
	uint64_t *v = calloc((size_t)w * 6 + 1, sizeof *v), t6[6] = { 0 };
	bool ok = m && v;
	while (ok && merge_step(m, &r) && r.time < u->t1) {
		if (++k > FULL_MAX) {
			ok = false;
			break;
		}
		int row = sparks_row_of(r.tag);
		if (row < 0)
			continue;
		int c = layout_time_to_col(u->t0, u->t1, w, r.time);
		if (c >= 0) {
			v[(size_t)row * (size_t)w + (size_t)c]++;
			t6[row]++;
			seen++;
		}
	}
	merge_free(m);
	ok = ok && seen;
	if (ok) {
		memcpy(vals, v, (size_t)w * 6 * sizeof *v);
		memcpy(tot, t6, sizeof t6);
	}
	free(v);
	return ok;
}

/* The pane's private state (view_state): the columns' values (6 rates,
 * then each capability's pool) for the window, kept until the window, the
 * width or the log changes (the pane redraws on every key, and a -lf log's
 * window can hold many events), and its rows' selection and scrolling. */
struct sparks_run {
	uint64_t *vals;
	uint64_t tot[6];
	bool full, valid;
	bool gc_counted; /* full, but the GC'd row from the counters: the
			  * window has no SPARK_GC events while they count some */
	uint64_t t0, t1, size, reloads;
	int w;
	size_t ncaps;
};

/* The shown run's values, and with two logs the other's (run[1]). */
struct sparks_pane {
	struct sparks_run run[2];
	struct pane_list list;
};

extern const struct view_ops view_sparks;

static struct sparks_pane *sparks_of(const struct viewer *u)
{
	return view_state(u, &view_sparks);
}

/* What a column of each row counts, made again: false when out of memory. */
static bool sparks_compute(struct viewer *u, int w, struct sparks_run *sc)
{
	if (sc->valid && sc->t0 == u->t0 && sc->t1 == u->t1 && sc->w == w && sc->size == u->r->run.s.size &&
	    sc->reloads == u->r->lv.reloads)
		return true;
	const struct tracks *tr = &u->r->run.tr;
	free(sc->vals);
	sc->valid = false;
	memset(sc->tot, 0, sizeof sc->tot);
	sc->vals = calloc((size_t)w * (6 + tr->ncaps), sizeof *sc->vals);
	if (!sc->vals)
		return false;
	uint64_t *vals = sc->vals, *tot = sc->tot;
	/* with the full spark events (+RTS -lf), the rates from them, exactly,
	 * when the window holds few enough events to read */
	sc->full = full_rates(u, vals, w, tot);
	/* a modern RTS can GC sparks without posting SPARK_GC: with no such
	 * event in the window, the GC'd row is the counters' */
	sc->gc_counted = false;
	bool gc_counters = !sc->full || tot[3] == 0;	/* per capability: its samples in tr->sparks (by cap, time) */
	for (size_t i = 0; i < tr->nsparks;) {
		int32_t cap = tr->sparks[i].cap;
		size_t j = i;
		while (j < tr->nsparks && tr->sparks[j].cap == cap)
			j++;
		const struct capsample *a = &tr->sparks[i];
		size_t n = j - i;
		long ci = tracks_cap_index(tr, cap);
		const struct capsample *prev = u->t0 ? at(a, n, u->t0 - 1) : NULL;
		for (int c = 0; c < w; c++) {
			uint64_t end = layout_col_to_time(u->t0, u->t1, w, c + 1);
			const struct capsample *cur = at(a, n, end - 1);
			for (int k = 0; k < 6 && cur; k++) {
				if (sc->full && !(k == 3 && gc_counters))
					continue;
				uint64_t x = cur->v[rate_field[k]], y = prev ? prev->v[rate_field[k]] : 0;
				if (x > y) {
					sc->gc_counted |= sc->full;
					vals[(size_t)k * (size_t)w + (size_t)c] += x - y;
					tot[k] += x - y;
				}
			}
			if (ci >= 0 && cur)
				vals[(size_t)(6 + ci) * (size_t)w + (size_t)c] = cur->v[SP_REMAINING];
			if (cur)
				prev = cur;
		}
		i = j;
	}
	sc->t0 = u->t0;
	sc->t1 = u->t1;
	sc->w = w;
	sc->size = u->r->run.s.size;
	sc->reloads = u->r->lv.reloads;
	sc->ncaps = tr->ncaps;
	sc->valid = true;
	return true;
}

/* The largest column of row r of a run. */
static uint64_t row_max(const struct sparks_run *sc, size_t r, int w)
{
	uint64_t max = 0;
	for (int c = 0; c < w; c++)
		if (sc->vals[r * (size_t)w + (size_t)c] > max)
			max = sc->vals[r * (size_t)w + (size_t)c];
	return max;
}

/* Row r's name (a rate, then capability cap's pool; with two runs, the
 * run's letter first), whole when it fits in w columns. */
static void row_name(char *b, size_t n, const char *letter, int cap, size_t r, int w)
{
	int k = letter ? snprintf(b, n, "%s ", letter) : 0;
	if (r >= 6)
		snprintf(b + k, n - (size_t)k, letter ? "p%-4d" : "pool %-2d", cap);
	else if (k + (int)strlen(rate_name[r]) <= w)
		snprintf(b + k, n - (size_t)k, "%s", rate_name[r]);
	else
		snprintf(b + k, n - (size_t)k, letter ? "%-5s" : "%-7s",
			 letter ? rate_shorter[r] : rate_short[r]);
}

/* Row r (a rate, then a capability's pool) of a run at y: its name (with
 * two runs, the run's letter first), then its columns scaled to max. */
static void sparks_draw_row(struct viewer *u, const struct sparks_run *sc, const char *letter, int cap,
		     size_t r, int y, int w, uint64_t max, bool sel)
{
	const uint64_t *v = &sc->vals[r * (size_t)w];
	char name[64];
	row_name(name, sizeof name, letter, cap, r, u->L.gutter - 1);
	pane_row_begin(y, 0, u->L.gutter - 1, sel);
	addnstr(name, u->L.gutter - 1);
	pane_row_end(sel);
	attr_t at_ = r < 6 ? draw_attr(u, C_RUN) : draw_attr(u, C_HEAP);
	attron(at_);
	for (int c = 0; c < w; c++)
		draw_level(u, y, u->L.plotx + c, layout_level8((double)v[c], (double)max));
	attroff(at_);
}

/* The gutter the rows want: their names whole (pools: the widest
 * capability's), and a blank. */
static int sparks_gutter(struct viewer *u)
{
	char b[64];
	int most = 0;
	for (int side = 0; side < (u->other ? 2 : 1); side++) {
		const struct tracks *tr = side ? &u->other->run.tr : &u->r->run.tr;
		for (size_t r = 0; r < 6 + tr->ncaps; r++) {
			row_name(b, sizeof b, u->other ? "A" : NULL, r < 6 ? 0 : tr->caps[r - 6], r,
				 INT_MAX);
			most = (int)strlen(b) > most ? (int)strlen(b) : most;
		}
	}
	return most + 1;
}

/* The title's figures of a run, "5158 created, 47 converted, ...". */
static void totals(char *t, size_t n, const uint64_t *tot)
{
	snprintf(t, n, "%llu created, %llu converted, %llu fizzled, %llu GC'd, %llu overflowed, %llu dud",
		 (unsigned long long)tot[0], (unsigned long long)tot[1], (unsigned long long)tot[2],
		 (unsigned long long)tot[3], (unsigned long long)tot[4], (unsigned long long)tot[5]);
}

/* With two logs: the other run's values (core_runs_exchange), false when
 * it has no counters or memory ran out. */
static bool compute_other(struct viewer *u, int w)
{
	struct sparks_pane *sp = sparks_of(u);
	core_runs_exchange(u);
	bool ok = u->r->run.tr.nsparks && sparks_compute(u, w, &sp->run[1]);
	core_runs_exchange(u);
	return ok;
}

/* Two runs: each rate as A's row then B's, both to the larger of the
 * two; then A's pools and B's, all to the largest pool. The title gives
 * both runs' totals. */
static void sparks_draw_compare(struct viewer *u, int w)
{
	struct sparks_pane *sp = sparks_of(u);
	struct sparks_run *a = &sp->run[u->swapped], *b = &sp->run[!u->swapped];
	const struct sparks_run *shown = &sp->run[0];
	char t[480];
	size_t n = (size_t)snprintf(t, sizeof t, "sparks in the window, A|B:");
	for (int k = 0; k < 6 && n < sizeof t; k++)
		n += (size_t)snprintf(t + n, sizeof t - n, "%s %llu|%llu %s", k ? "," : "",
				      (unsigned long long)a->tot[k], (unsigned long long)b->tot[k], rate_name[k]);
	if (n < sizeof t && (shown->full || sp->run[1].full))
		snprintf(t + n, sizeof t - n, " (a -lf run's from its spark events)");
	struct pane_area ar = pane_frame(u, t);
	int nrows = (int)(12 + a->ncaps + b->ncaps);
	pane_list_set(&sp->list, nrows);
	pane_list_show(&sp->list, ar.h - 1);
	uint64_t pmax = 0;
	for (size_t r = 6; r < 6 + a->ncaps; r++)
		pmax = row_max(a, r, w) > pmax ? row_max(a, r, w) : pmax;
	for (size_t r = 6; r < 6 + b->ncaps; r++)
		pmax = row_max(b, r, w) > pmax ? row_max(b, r, w) : pmax;
	const struct tracks *tra = core_run_tracks(u, 0);
	const struct tracks *trb = core_run_tracks(u, 1);
	for (int i = 0; i < sp->list.h && sp->list.top + i < sp->list.n; i++) {
		int k = sp->list.top + i, y = ar.y + 1 + i;
		bool sel = k == sp->list.sel;
		if (k < 12) { /* rate k / 2, A then B */
			size_t r = (size_t)k / 2;
			uint64_t m = row_max(a, r, w) > row_max(b, r, w) ? row_max(a, r, w) : row_max(b, r, w);
			sparks_draw_row(u, k % 2 ? b : a, k % 2 ? "B" : "A", 0, r, y, w, m, sel);
		} else if ((size_t)(k - 12) < a->ncaps) {
			size_t c = (size_t)(k - 12);
			sparks_draw_row(u, a, "A", tra->caps[c], 6 + c, y, w, pmax, sel);
		} else {
			size_t c = (size_t)(k - 12) - a->ncaps;
			sparks_draw_row(u, b, "B", trb->caps[c], 6 + c, y, w, pmax, sel);
		}
	}
}

/* Why a run has no spark counters, or NULL. */
static const char *no_sparks(const struct tracks *tr)
{
	if (tr->nsparks)
		return NULL;
	/* (rts_version: the RTS identifier said which RTS) */
	return !tr->rts_version ? "no spark counters in this log (SPARK_COUNTERS: a threaded RTS, +RTS -l)"
	       : tr->threaded_rts ? "no spark counters in this log: its RTS is threaded, but the log "
				    "was written without the spark class (+RTS -l without p, as -l-au)"
				  : "no spark counters in this log: its RTS is not threaded, and only a "
				    "threaded RTS has sparks";
}

static void draw_one(struct viewer *u, int w, const char *note);

static void draw_sparks(struct viewer *u)
{
	int w = u->L.plotw > 0 ? u->L.plotw : 1;
	const char *why = no_sparks(&u->r->run.tr), *why_other = u->other ? no_sparks(&u->other->run.tr) : NULL;
	if (!u->other || (why && why_other)) {
		if (why)
			pane_frame(u, u->other ? "no spark counters in either log" : why);
		else
			draw_one(u, w, "");
		return;
	}
	char note[300];
	if (why || why_other) { /* one run without: said, the other drawn */
		snprintf(note, sizeof note, "run %s: %s", why ? core_run_letter(u) : u->swapped ? "A" : "B",
			 why ? why : why_other);
		if (why)
			core_runs_exchange(u);
		draw_one(u, w, note);
		if (why)
			core_runs_exchange(u);
		return;
	}
	if (u->L.nlist <= 0)
		return;
	if (!sparks_compute(u, w, &sparks_of(u)->run[0]) || !compute_other(u, w)) {
		pane_frame(u, "sparks: out of memory");
		return;
	}
	sparks_draw_compare(u, w);
}

/* One run's rows (u's fields), its title ending in note. */
static void draw_one(struct viewer *u, int w, const char *note)
{
	struct sparks_pane *sp = sparks_of(u);
	struct sparks_run *sc = &sp->run[u->in_other];
	const struct tracks *tr = &u->r->run.tr;
	if (u->L.nlist <= 0)
		return;
	if (!sparks_compute(u, w, sc)) {
		pane_frame(u, "sparks: out of memory");
		return;
	}
	char t[600], tt[200];
	totals(tt, sizeof tt, sc->tot);
	snprintf(t, sizeof t,
		 "sparks in the window%s%s: %s%s; per column, each row to its largest; pools per "
		 "capability below",
		 u->other ? " of run " : "", u->other ? core_run_letter(u) : "", tt,
		 !sc->full	   ? " (from SPARK_COUNTERS)"
		 : sc->gc_counted ? " (from the spark events; GC'd from the counters, as the log has "
				    "no SPARK_GC events here)"
				  : " (from the spark events)");
	struct pane_area a = pane_frame(u, t);
	int y0 = a.y + 1;
	if (*note && a.h > 1) { /* the other run's absence, on a row of its own */
		attron(draw_attr(u, C_DIM));
		draw_safe(y0++, 0, (const uint8_t *)note, strlen(note), u->L.cols, u->ascii);
		attroff(draw_attr(u, C_DIM));
	}
	pane_list_set(&sp->list, (int)(6 + tr->ncaps));
	pane_list_show(&sp->list, a.h - 1 - (y0 - a.y - 1));
	for (int i = 0; i < sp->list.h && sp->list.top + i < sp->list.n; i++) {
		int r = sp->list.top + i;
		sparks_draw_row(u, sc, NULL, r >= 6 ? tr->caps[r - 6] : 0, (size_t)r, y0 + i, w,
			 row_max(sc, (size_t)r, w), r == sp->list.sel);
	}
}

static bool sparks_act(struct viewer *u, enum action a)
{
	return pane_list_act(&sparks_of(u)->list, a, false);
}

/* Closed: the values go; opened again, the rows start at the top. */
static void sparks_close(struct viewer *u)
{
	struct sparks_pane *sp = sparks_of(u);
	free(sp->run[0].vals);
	free(sp->run[1].vals);
	memset(sp, 0, sizeof *sp);
}

/* The runs swapped (Tab) or the log grew: the values are made again. */
static void sparks_reload(struct viewer *u, bool before)
{
	struct sparks_pane *sp = sparks_of(u);
	if (before)
		sp->run[0].valid = sp->run[1].valid = false;
}

static bool sparks_open(struct viewer *u)
{
	/* where the counts come from (the spark events of a -lf log, or
	 * SPARK_COUNTERS) depends on the window: the title says it, each
	 * frame, and this message does not (it said SPARK_COUNTERS over a
	 * title saying the spark events) */
	core_say(u, "sparks per column (all capabilities) and each capability's pool; %s and %s "
		    "scroll the rows",
		 core_key_for(u, ACT_UP), core_key_for(u, ACT_DOWN));
	return true;
}

const struct view_ops view_sparks = {
	.name = "sparks",
	.pane = true,
	.opens_on = ACT_SPARKS_VIEW,
	.open = sparks_open,
	.close = sparks_close,
	.draw = draw_sparks,
	.act = sparks_act,
	.reload = sparks_reload,
	.private_size = sizeof(struct sparks_pane),
	.done = sparks_close,
	.gutter = sparks_gutter,
};
