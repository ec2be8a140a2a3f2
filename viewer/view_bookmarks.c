/* Bookmarks: m sets one at the cursor (or, on one, clears it); ' lists
 * them with the time from each to the next and to the cursor, and Enter
 * goes to one. They are kept with the session (session.c). */
#include "draw.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../model/order.h"
#include "core.h"

static void bookmark_toggle(struct viewer *u, enum action a)
{
	(void)a;
	char t[48];
	for (int i = 0; i < u->nbm; i++)
		if (u->bm[i] == u->cursor) {
			memmove(&u->bm[i], &u->bm[i + 1], (size_t)(u->nbm - i - 1) * sizeof *u->bm);
			u->nbm--;
			core_say(u, "bookmark at %s cleared", core_fmt_moment(t, sizeof t, u->cursor));
			return;
		}
	if (u->nbm >= BOOKMARKS_MAX) {
		core_say(u, "at most %d bookmarks: clear one first (%s on it)", BOOKMARKS_MAX,
			 core_key_for(u, ACT_BOOKMARK));
		return;
	}
	u->bm[u->nbm++] = u->cursor;
	qsort(u->bm, (size_t)u->nbm, sizeof *u->bm, cmp_u64_at);
	core_say(u, "bookmark %d at %s (%s lists them)", u->nbm, core_fmt_moment(t, sizeof t, u->cursor),
		 core_key_for(u, ACT_BOOKMARKS));
}

static void draw_bookmarks(struct viewer *u)
{
	char title[100];
	snprintf(title, sizeof title, "bookmarks (%s: go there; %s on one clears it)",
		 core_key_for(u, ACT_SELECT), core_key_for(u, ACT_BOOKMARK));
	struct box b = draw_box(u, u->nbm + 4, 80, title);
	mvprintw(b.y + 1, b.x + 1, "%3s %16s %16s %16s", "#", "at", "to the next", "to the cursor");
	int h = b.h - 2;
	draw_scroll(u, u->nbm, h);
	for (int i = 0; i < h && u->pl.top + i < u->nbm; i++) {
		int k = u->pl.top + i;
		char a[48], c[48], d[48];
		uint64_t t = u->bm[k];
		if (k + 1 < u->nbm)
			time_format(c, sizeof c, u->bm[k + 1] - t);
		else
			snprintf(c, sizeof c, "-");
		if (u->cursor >= t)
			time_format(d, sizeof d, u->cursor - t);
		else
			snprintf(d, sizeof d, "-%s", time_format(a, sizeof a, t - u->cursor));
		pane_row_begin(b.y + 2 + i, b.x + 1, b.w - 2, k == u->pl.sel);
		printw("%3d %16s %16s %16s", k + 1, core_fmt_moment(a, sizeof a, t), c, d);
		pane_row_end(k == u->pl.sel);
	}
	if (!u->nbm)
		mvprintw(b.y + 2, b.x + 1, "no bookmarks: %s sets one at the cursor",
			 core_key_for(u, ACT_BOOKMARK));
	draw_box_end(u);
}

static int bookmarks_rows(struct viewer *u)
{
	return u->nbm;
}

static void bookmarks_select(struct viewer *u)
{
	if (u->pl.sel >= u->nbm)
		return;
	uint64_t t = u->bm[u->pl.sel];
	int k = u->pl.sel + 1;
	core_view_close(u);
	core_go_time(u, t);
	char a[48];
	core_say(u, "bookmark %d at %s", k, core_fmt_moment(a, sizeof a, t));
}

extern const struct view_ops view_bookmarks;

/* m: a bookmark, whatever has the focus; the list is a panel's otherwise. */
static bool bookmarks_act(struct viewer *u, enum action a)
{
	if (a == ACT_BOOKMARK) {
		if (u->view == &view_bookmarks)
			core_view_close(u);
		bookmark_toggle(u, a);
		return true;
	}
	return u->view == &view_bookmarks && core_panel_act(u, a);
}

static const enum action bookmarks_globals[] = { ACT_BOOKMARK, ACT_NONE };

const struct view_ops view_bookmarks = {
	.name = "bookmarks",
	.opens_on = ACT_BOOKMARKS,
	.draw = draw_bookmarks,
	.act = bookmarks_act,
	.rows = bookmarks_rows,
	.select = bookmarks_select,
	.globals = bookmarks_globals,
};


