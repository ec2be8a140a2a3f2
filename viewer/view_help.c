/* The help panel: every action with its keys, then the legend of every
 * glyph and colour, drawn by the code that draws them in the current mode
 * (colours, attributes only, ASCII). Every text is wrapped whole to the
 * panel's width, and the panel scrolls as a pager does (a line, a page,
 * either end), whatever the terminal's size. */
#include "draw.h"

#include <stdio.h>
#include <string.h>

#include "../keymaps/keymaps.h"
#include "core.h"
#include "lane_mark.h"
#include "wrap.h"

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
	LG_MARKER, LG_TICK, LG_MARK, LG_SQL_ROW, LG_CC_TICK, LG_COUNT
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
	case LG_MARKER: return "ruler: a user marker, or a message that set ruler-messages matches";
	case LG_TICK: return "ruler: offset from the bold time";
	case LG_MARK:
		snprintf(buf, n, "ruler: the marked interval (%s..%s)", core_key_for(u, ACT_MARK),
			 core_key_for(u, ACT_MARK));
		return buf;
	case LG_SQL_ROW:
		snprintf(buf, n, "ruler: a row's time in the SQL pane (%s)", core_key_for(u, ACT_SQL_PANE));
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
	case LG_SQL_ROW:
		attron(A_BOLD);
		mvaddstr(y, x, G_SQL_ROW(u));
		attroff(A_BOLD);
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

#define HELP_W 104   /* the panel's width at most: lines a reader can follow */
#define HELP_KEYS_W 18 /* the keys' column, then a blank, then what they do */
#define HELP_SAMPLE_W 6 /* a legend sample, then its text */

/* The pager: its first line shown, and at the last draw its lines and the
 * rows that showed them (for the actions, which know no width). */
struct help_state {
	int top, n, h;
};

extern const struct view_ops view_help;

static struct help_state *hs(const struct viewer *u)
{
	return view_state(u, &view_help);
}

/* Text s wrapped in w columns from (y0 + its first line - top, x): the
 * lines in [top, top + h) drawn; returns the lines it takes. */
static int help_text(const struct viewer *u, const char *s, int line, int top, int h, int y0, int x,
		     int w, bool draw)
{
	size_t n = strlen(s), take;
	int k = 0;
	do {
		size_t used = n ? wrap_line(s, n, w, u->ascii, &take) : 0;
		int r = line + k - top;
		if (draw && r >= 0 && r < h)
			draw_safe(y0 + r, x, (const uint8_t *)s, n ? take : 0, w, u->ascii);
		s += used;
		n -= used;
		k++;
	} while (n > 0);
	return k;
}

/* The help's lines in a panel of w columns inside: the keys (each action
 * as tall as its keys or its text, wrapped), a blank line, the legend.
 * With draw, those in [top, top + h) go on the rows from y0, x. Returns
 * the lines in all. */
static int help_walk(struct viewer *u, int w, int top, int h, int y0, int x, bool draw)
{
	int line = 0, dw = w - HELP_KEYS_W - 1, lw = w - HELP_SAMPLE_W;
	for (int a = 1; a < ACT_COUNT; a++) {
		char keys[64];
		keys_of(u, (enum action)a, keys, sizeof keys);
		int nk = help_text(u, keys, line, top, h, y0, x, HELP_KEYS_W, draw);
		int nd = help_text(u, action_help((enum action)a), line, top, h, y0,
				   x + HELP_KEYS_W + 1, dw, draw);
		line += nk > nd ? nk : nd;
	}
	line++; /* a blank line between the keys and the legend */
	enum legend_item v[LG_COUNT];
	char text[96];
	int nl = (int)legend_items(u, v);
	for (int i = 0; i < nl; i++) {
		const char *t = legend_text(u, v[i], text, sizeof text);
		if (v[i] == LG_TITLE) {
			attron(A_BOLD);
			line += help_text(u, t, line, top, h, y0, x, w, draw);
			attroff(A_BOLD);
			continue;
		}
		if (draw && line >= top && line < top + h) {
			legend_sample(u, y0 + line - top, x, v[i]);
			attrset(draw_attr(u, C_PANEL));
		}
		line += help_text(u, t, line, top, h, y0, x + HELP_SAMPLE_W, lw, draw);
	}
	return line;
}

/* The first line of the last page: where G goes. */
static int help_last_top(const struct help_state *p)
{
	return p->n > p->h ? p->n - p->h : 0;
}

static void draw_help(struct viewer *u)
{
	struct help_state *p = hs(u);
	int w = u->L.cols - 2 < HELP_W ? u->L.cols - 2 : HELP_W;
	int inner = w - 2;
	if (inner < HELP_KEYS_W + 8)
		inner = HELP_KEYS_W + 8; /* (draw_box shrinks it to the screen) */
	p->n = help_walk(u, inner, 0, 0, 0, 0, false);
	int h = p->n + 2 > u->L.status - 1 ? u->L.status - 1 : p->n + 2;
	char title[256];
	/* first the lines shown, which the box knows only once drawn: the
	 * height asked for is the one it gets (at most the screen's) */
	p->h = h - 2 > 1 ? h - 2 : 1;
	if (p->top > help_last_top(p))
		p->top = help_last_top(p);
	if (p->top < 0)
		p->top = 0;
	int last = p->top + p->h < p->n ? p->top + p->h : p->n;
	/* the hints most needed first: the last give way on a narrow screen */
	snprintf(title, sizeof title, "hectic keys and legend, lines %d-%d of %d (%s %s: close; %s %s: "
		 "scroll; %s %s: a page; %s %s: either end)", p->top + 1, last, p->n,
		 core_key_for(u, ACT_HELP), core_key_for(u, ACT_CANCEL), core_key_for(u, ACT_DOWN),
		 core_key_for(u, ACT_UP), core_key_for(u, ACT_PAGE_DOWN), core_key_for(u, ACT_PAGE_UP),
		 core_key_for(u, ACT_GO_START), core_key_for(u, ACT_GO_END));
	struct box b = draw_box(u, h, w, title);
	p->h = b.h - 2 > 1 ? b.h - 2 : 1;
	help_walk(u, b.w - 2, p->top, p->h, b.y + 1, b.x + 1, true);
	draw_box_end(u);
}

/* A pager's keys: a line, a page, either end; ? again, cancel or quit
 * closes it. Any other action closes it and goes on (suspend and redraw
 * leave it open). */
static bool help_act(struct viewer *u, enum action a)
{
	struct help_state *p = hs(u);
	int page = p->h > 2 ? p->h - 1 : 1;
	switch (a) {
	case ACT_UP: p->top--; break;
	case ACT_DOWN: p->top++; break;
	case ACT_PAGE_UP:
	case ACT_PAGE_LEFT: p->top -= page; break;
	case ACT_PAGE_DOWN:
	case ACT_PAGE_RIGHT: p->top += page; break;
	case ACT_GO_START: p->top = 0; break;
	case ACT_GO_END: p->top = help_last_top(p); break;
	case ACT_HELP:
	case ACT_CANCEL:
	case ACT_QUIT: core_view_close(u); return true;
	case ACT_SUSPEND:
	case ACT_REDRAW: return false;
	default: core_view_close(u); return false;
	}
	if (p->top > help_last_top(p))
		p->top = help_last_top(p);
	if (p->top < 0)
		p->top = 0;
	return true;
}

/* Each opening starts at the top. */
static bool help_open(struct viewer *u)
{
	hs(u)->top = 0;
	return true;
}

const struct view_ops view_help = {
	.name = "help",
	.opens_on = ACT_HELP,
	.open = help_open,
	.draw = draw_help,
	.act = help_act,
	.private_size = sizeof(struct help_state),
};
