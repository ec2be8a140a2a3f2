/* The help panel: every action with its keys, and beside it (below it
 * on a narrow screen) the legend of every glyph and colour, drawn by the
 * code that draws them in the current mode (colours, attributes only,
 * ASCII). Rows scroll together. */
#include "draw.h"

#include <stdio.h>
#include <string.h>

#include "../keymaps/keymaps.h"
#include "core.h"
#include "lane_mark.h"

/* The keys bound to an action, for the help panel. */
static void keys_of(const struct viewer *u, enum action a, char *out, size_t n)
{
	size_t w = 0;
	const char *k;
	out[0] = 0;
	for (size_t i = 0; u->km && (k = keymap_key(u->km, a, i)) && w + 1 < n; i++)
		w += (size_t)snprintf(out + w, n - w, w ? " %s" : "%s", k);
}

/* The legend: every glyph and colour of the screen, drawn by the code that
 * draws them, in the current mode (colours, attributes only, ASCII). */
enum legend_item {
	LG_TITLE, LG_RUN, LG_GC, LG_GC_WEAK, LG_RUN_GC_MONO, LG_GC_HEAVY_MONO, LG_GC_LIGHT_MONO,
	LG_IDLE, LG_NODATA, LG_CURSOR, LG_UTIL, LG_MINOR, LG_MAJOR, LG_SPAN, LG_HEAP, LG_LIVE,
	LG_MARKER, LG_TICK, LG_MARK, LG_CC_TICK, LG_COUNT
};

/* The legend's rows for this mode, into v; returns their count. */
static size_t legend_items(const struct viewer *u, enum legend_item *v)
{
	size_t n = 0;
	for (int i = 0; i < LG_COUNT; i++) {
		bool mono = !u->ncolors;
		if ((i == LG_GC || i == LG_GC_WEAK) && mono)
			continue;
		if (i == LG_GC_WEAK) /* (one GC colour: its height tells) */
			continue;
		if ((i == LG_RUN_GC_MONO || i == LG_GC_HEAVY_MONO || i == LG_GC_LIGHT_MONO) && !mono)
			continue;
		v[n++] = (enum legend_item)i;
	}
	return n;
}

/* Item i's text (buf holds one that names a key). */
static const char *legend_text(const struct viewer *u, enum legend_item i, char *buf, size_t n)
{
	switch (i) {
	case LG_TITLE: return "legend (a column is a slice of time)";
	case LG_RUN: return "running: height = share of the column";
	case LG_GC:
		return u->ncolors == 8 ? "yellow on running: GC, height = share"
				       : "orange on running: GC, height = share";
	case LG_GC_WEAK: return "";
	case LG_RUN_GC_MONO: return "a cell of running and GC: the larger";
	case LG_GC_HEAVY_MONO: return "GC: half the cell or more";
	case LG_GC_LIGHT_MONO: return "GC: under half the cell";
	case LG_IDLE: return "blank: idle";
	case LG_NODATA: return "no data: outside the cap's events";
	case LG_CURSOR: return "the cursor's column";
	case LG_UTIL: return "util: the caps' mean share running";
	case LG_MINOR: return "GC bar: pause share (initiating cap's)";
	case LG_MAJOR: return "GC bar: a major GC's (wins a column)";
	case LG_SPAN: return "GC bar: span, other caps still in GC";
	case LG_HEAP: return "heap: heap size (sparkline)";
	case LG_LIVE: return "live: live data (sparkline)";
	case LG_MARKER: return "ruler: a user marker";
	case LG_TICK: return "ruler: offset from the bold time";
	case LG_MARK:
		snprintf(buf, n, "ruler: the marked interval (%s..%s)", core_key_for(u, ACT_MARK),
			 core_key_for(u, ACT_MARK));
		return buf;
	case LG_CC_TICK: return "lanes: a tick of the highlighted cost centre";
	case LG_COUNT: break;
	}
	return "";
}

/* The samples that are lanes' cells: n cells of these shares running and
 * in GC. */
static const struct cell_sample {
	enum legend_item i;
	int n;
	float run[4], gc[4];
} cell_samples[] = {
	{ LG_RUN, 4, { 0.25f, 0.5f, 0.75f, 1 }, { 0 } },
	{ LG_GC, 3, { 0.5f, 0.25f, 0 }, { 0.4f, 0.6f, 1 } },
	{ LG_GC_WEAK, 3, { 0.5f, 0.25f, 0 }, { 0.05f, 0.1f, 0.1f } },
	{ LG_RUN_GC_MONO, 2, { 0.75f, 0.25f }, { 0.25f, 0.75f } },
	{ LG_GC_HEAVY_MONO, 1, { 0 }, { 1 } },
	{ LG_GC_LIGHT_MONO, 1, { 0 }, { 0.1f } },
};

/* Draws item i's sample in the 5 columns at (y, x); returns with the
 * attributes reset. */
static void legend_sample(struct viewer *u, int y, int x, enum legend_item i)
{
	attrset(A_NORMAL);
	move(y, x);
	for (int k = 0; k < 5; k++)
		addch(' ');
	for (size_t s = 0; s < sizeof cell_samples / sizeof *cell_samples; s++)
		for (int k = 0; cell_samples[s].i == i && k < cell_samples[s].n; k++)
			draw_cell(u, y, x + k, layout_lane_cell(cell_samples[s].run[k], cell_samples[s].gc[k], 0), 0);
	switch (i) {
	case LG_TITLE:
	case LG_RUN:
	case LG_GC:
	case LG_GC_WEAK:
	case LG_RUN_GC_MONO:
	case LG_GC_HEAVY_MONO:
	case LG_GC_LIGHT_MONO:
	case LG_IDLE: break;
	case LG_NODATA:
		for (int k = 0; k < 3; k++)
			draw_cell(u, y, x + k, layout_lane_cell(0, 0, 1), 0);
		break;
	case LG_CURSOR:
		draw_cell(u, y, x, layout_lane_cell(0, 0, 0), 0);
		draw_cell(u, y, x + 1, layout_lane_cell(0, 0, 0), A_REVERSE);
		draw_cell(u, y, x + 2, layout_lane_cell(0, 0, 0), 0);
		break;
	case LG_UTIL:
	case LG_HEAP:
	case LG_LIVE: {
		enum color c = i == LG_UTIL ? C_RUN : i == LG_HEAP ? C_HEAP : C_LIVE;
		attron(draw_attr(u, c));
		for (int k = 0; k < 4; k++)
			draw_level(u, y, x + k, 2 * k + 2);
		attroff(draw_attr(u, c));
		break;
	}
	case LG_MINOR:
	case LG_MAJOR:
	case LG_SPAN: {
		enum color c = i == LG_MAJOR ? C_MAJOR : i == LG_MINOR ? C_GC : C_DIM;
		const char *g = i == LG_MAJOR ? G_MAJOR(u) : i == LG_MINOR ? G_MINOR(u) : G_SPAN(u);
		attron(draw_attr(u, c));
		for (int k = 0; k < 3; k++)
			mvaddstr(y, x + k, g);
		attroff(draw_attr(u, c));
		break;
	}
	case LG_MARKER:
		attron(draw_attr(u, C_MARKER) | A_BOLD);
		mvaddstr(y, x, G_MARKER(u));
		attroff(draw_attr(u, C_MARKER) | A_BOLD);
		break;
	case LG_TICK:
		mvaddstr(y, x, G_TICK(u));
		addstr("+5us");
		break;
	case LG_MARK:
		attron(draw_attr(u, C_MARK));
		addstr("     ");
		mvaddstr(y, x + 1, "1ms");
		attroff(draw_attr(u, C_MARK));
		break;
	case LG_CC_TICK:
		draw_cell(u, y, x, layout_lane_cell(1, 0, 0), 0);
		lane_mark_draw(u, y, x + 1, false);
		draw_cell(u, y, x + 2, layout_lane_cell(1, 0, 0), 0);
		break;
	case LG_COUNT: break;
	}
	attrset(A_NORMAL);
}

#define HELP_KEYS_W 70 /* the keys' column: keys, then what they do */
#define HELP_LEGEND_W 44

/* The help: the keys and, beside them (or below, on a narrow screen), the
 * legend. Rows scroll together. */
static int help_rows(const struct viewer *u, bool *beside)
{
	enum legend_item v[LG_COUNT];
	int nl = (int)legend_items(u, v), nk = ACT_COUNT - 1;
	*beside = u->L.cols - 4 >= HELP_KEYS_W + HELP_LEGEND_W;
	return *beside ? (nk > nl ? nk : nl) : nk + 1 + nl;
}

static void draw_help(struct viewer *u)
{
	bool beside;
	int rows = help_rows(u, &beside);
	char title[128], text[96];
	snprintf(title, sizeof title, "hectic keys and legend (%s or %s closes)", core_key_for(u, ACT_HELP),
		 core_key_for(u, ACT_CANCEL));
	struct box b = draw_box(u, rows + 2, beside ? HELP_KEYS_W + HELP_LEGEND_W + 2 : HELP_KEYS_W + 2,
				title);
	enum legend_item v[LG_COUNT];
	int nl = (int)legend_items(u, v), nk = ACT_COUNT - 1;
	int h = b.h - 2;
	draw_scroll(u, rows, h);
	int lx = beside ? b.x + 1 + HELP_KEYS_W : b.x + 1;
	int lw = beside ? b.w - 2 - HELP_KEYS_W : b.w - 2;
	for (int i = 0; i < h && u->pl.top + i < rows; i++) {
		int r = u->pl.top + i, y = b.y + 1 + i;
		if (r < nk) {
			enum action a = (enum action)(r + 1);
			char keys[64];
			keys_of(u, a, keys, sizeof keys);
			mvprintw(y, b.x + 1, "%-18.18s %-.*s", keys, (beside ? HELP_KEYS_W : b.w - 2) - 20,
				 action_help(a));
		}
		int li = beside ? r : r - nk - 1;
		if (li < 0 || li >= nl || lw < 8)
			continue;
		if (v[li] == LG_TITLE) {
			attron(A_BOLD);
			mvaddnstr(y, lx, legend_text(u, v[li], text, sizeof text), lw);
			attroff(A_BOLD);
			continue;
		}
		legend_sample(u, y, lx, v[li]);
		attrset(draw_attr(u, C_PANEL));
		mvaddnstr(y, lx + 6, legend_text(u, v[li], text, sizeof text), lw - 6);
	}
	draw_box_end(u);
}

static int help_nrows(struct viewer *u)
{
	bool beside;
	return help_rows(u, &beside);
}

/* ? again closes it. */
static bool help_act(struct viewer *u, enum action a)
{
	if (a == ACT_HELP) {
		core_view_close(u);
		return true;
	}
	return core_panel_act(u, a);
}

const struct view_ops view_help = {
	.name = "help",
	.opens_on = ACT_HELP,
	.draw = draw_help,
	.act = help_act,
	.rows = help_nrows,
};
