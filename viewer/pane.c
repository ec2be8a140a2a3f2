/* The pane toolkit: the list component and the pane's frame. */
#include "pane.h"

#include <curses.h>

#include "core.h"
#include "draw.h"
#include "wrap.h"

void pane_list_select(struct pane_list *l, int r)
{
	l->sel = r >= l->n ? l->n - 1 : r;
	if (l->sel < 0)
		l->sel = 0;
}

void pane_list_set(struct pane_list *l, int n)
{
	l->n = n > 0 ? n : 0;
	pane_list_select(l, l->sel);
}

bool pane_list_act(struct pane_list *l, enum action a, bool ends)
{
	int page = l->h > 2 ? l->h - 1 : 1;
	switch (a) {
	case ACT_UP: pane_list_select(l, l->sel - 1); return true;
	case ACT_DOWN: pane_list_select(l, l->sel + 1); return true;
	case ACT_PAGE_UP: pane_list_select(l, l->sel - page); return true;
	case ACT_PAGE_DOWN: pane_list_select(l, l->sel + page); return true;
	case ACT_GO_START:
		if (!ends)
			return false;
		pane_list_select(l, 0);
		return true;
	case ACT_GO_END:
		if (!ends)
			return false;
		pane_list_select(l, l->n - 1);
		return true;
	default: return false;
	}
}

void pane_list_show(struct pane_list *l, int h)
{
	l->h = h > 0 ? h : 0;
	pane_list_select(l, l->sel);
	if (l->sel < l->top)
		l->top = l->sel;
	if (l->sel >= l->top + l->h)
		l->top = l->sel - l->h + 1;
	if (l->top > l->n - l->h)
		l->top = l->n - l->h;
	if (l->top < 0)
		l->top = 0;
}

struct pane_area pane_frame(const struct viewer *u, const char *title)
{
	struct pane_area a = { .y = u->L.list0, .h = u->L.nlist, .cols = u->L.cols };
	for (int i = 0; i < a.h; i++) {
		move(a.y + i, 0);
		clrtoeol();
	}
	if (a.h > 0 && title) {
		attron(A_REVERSE);
		char fit[512];
		mvaddstr(a.y, 0, wrap_title(title, a.cols, u->ascii, fit, sizeof fit));
		for (int x = getcurx(stdscr); x > 0 && x < a.cols; x++)
			addch(' ');
		attroff(A_REVERSE);
	}
	return a;
}

void pane_row_begin(int y, int x, int w, bool sel)
{
	if (sel)
		attron(A_REVERSE);
	move(y, x);
	for (int i = 0; i < w; i++)
		addch(' ');
	move(y, x);
}

void pane_row_end(bool sel)
{
	if (sel)
		attroff(A_REVERSE);
}
