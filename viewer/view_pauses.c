/* The pause list: every collection, longest pause first, with the pause
 * percentiles and the bytes it copied; Enter goes to the selected one. A
 * log without GC events (+RTS -l-au) says so instead of a list of none. */
#include "draw.h"

#include <stdint.h>
#include <stdio.h>

#include "core.h"

/* The list's place for a log without GC events: why, and what is not known. */
static void draw_absent_pauses(struct viewer *u, const char *why)
{
	struct box b = draw_box(u, u->L.rows - 4, 84, "GC pauses");
	mvaddnstr(b.y + 1, b.x + 1, why, b.w - 2);
	mvaddnstr(b.y + 2, b.x + 1, "the collections and their pauses are not known", b.w - 2);
	draw_box_end(u);
}

static void draw_pauses(struct viewer *u)
{
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_GC), why, sizeof why)) {
		draw_absent_pauses(u, why);
		return;
	}
	struct pause_pct p;
	tracks_pause_pct(&u->tr, 0, UINT64_MAX, -1, &p);
	char t[200], a[32], b_[32], c[32], d[32];
	snprintf(t, sizeof t, "GC pauses: %zu; p50 %s p90 %s p99 %s max %s (%s: go)",
		 u->tr.ngcs, time_format(a, 32, p.p50), time_format(b_, 32, p.p90),
		 time_format(c, 32, p.p99), time_format(d, 32, p.max), core_key_for(u, ACT_SELECT));
	struct box b = draw_box(u, u->L.rows - 4, 84, t);
	int h = b.h - 2;
	/* pause: the initiating capability's GC_START..GC_END, what +RTS -s
	 * counts; span: from the first capability in to the last one out;
	 * copied: the bytes copied, in decimal units (as the heap pane's) */
	mvprintw(b.y + 1, b.x + 1, "%4s %13s %9s %9s %4s %4s %4s %8s", "#", "at", "pause", "span",
		 "cap", "caps", "gen", "copied");
	h--;
	draw_scroll(u, (int)u->tr.ngcs, h);
	for (int i = 0; i < h && (size_t)(u->pl.top + i) < u->tr.ngcs; i++) {
		int k = u->pl.top + i;
		const struct gc *g = &u->tr.gcs[u->tr.gc_by_pause[k]];
		int gen = tracks_gc_gen(&u->tr, g);
		const struct gcstat *st = g->stat >= 0 ? &u->tr.gcstats[g->stat] : NULL;
		char capb[16];
		if (g->cap == EV_NO_CAP)
			snprintf(capb, sizeof capb, "-");
		else
			snprintf(capb, sizeof capb, "%d", g->cap);
		pane_row_begin(b.y + 2 + i, b.x + 1, b.w - 2, k == u->pl.sel);
		printw("%4d %13s %9s %9s %4s %4u %4d %8s", k + 1,
			 core_fmt_moment(a, 32, g->start), time_format(b_, 32, g->pause),
			 time_format(c, 32, g->span_end - g->span_start), capb, g->ncaps, gen,
			 st ? bytes_format(d, sizeof d, st->copied) : "-");
		pane_row_end(k == u->pl.sel);
	}
	draw_box_end(u);
}

static bool pauses_open(struct viewer *u)
{
	char why[160];
	if (*draw_absent(u, CLASS_BIT(CL_GC), why, sizeof why))
		core_say(u, "%s", why);
	else if (!u->tr.ngcs)
		core_say(u, "this log has no GC");
	return true;
}

static int pauses_rows(struct viewer *u)
{
	return (int)u->tr.ngcs;
}

static void pauses_select(struct viewer *u)
{
	if ((size_t)u->pl.sel < u->tr.ngcs) {
		core_view_close(u);
		core_go_gc(u, &u->tr.gcs[u->tr.gc_by_pause[u->pl.sel]]);
	}
}

const struct view_ops view_pauses = {
	.name = "pauses",
	.opens_on = ACT_PAUSE_LIST,
	.open = pauses_open,
	.draw = draw_pauses,
	.rows = pauses_rows,
	.select = pauses_select,
};
