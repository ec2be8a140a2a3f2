/* pane: the toolkit every pane and list panel draws with (htop's Panel):
 * one list component that owns the selection, the scrolling, paging and
 * the mouse wheel (which reaches a pane as up and down), and one helper
 * that clears and titles a pane's area under the lanes. */
#ifndef HECTIC_PANE_H
#define HECTIC_PANE_H

#include <stdbool.h>

#include "../keymaps/actions.h"

struct viewer;

/* A list of n rows shown h at a time: sel is the selected row, top the
 * first one shown. Zeroed, it is an empty list at its top. */
struct pane_list {
	int n, sel, top;
	int h; /* the rows shown at the last draw (pane_list_show) */
};

/* The list's rows (a change of n keeps sel inside it). */
void pane_list_set(struct pane_list *l, int n);

/* A movement: up, down, a page (h - 1 rows, at least one) up or down, the
 * first or last row. True when a is one (taken, even at an end); false
 * leaves it to whoever comes next. Home and end (ACT_GO_START, ACT_GO_END)
 * are taken only when ends is true (a pane leaves them to the timeline). */
bool pane_list_act(struct pane_list *l, enum action a, bool ends);

/* The selection to row r, inside the list. */
void pane_list_select(struct pane_list *l, int r);

/* Before drawing h rows: sel kept inside the list, top moved so sel
 * shows, and no blank rows under a scrolled list. */
void pane_list_show(struct pane_list *l, int h);

/* The area of a pane: the rows under the lanes where the event list is. */
struct pane_area {
	int y, h;    /* the first row (the title) and the rows in all */
	int cols;    /* the screen's width */
};

/* Clears the pane's area and writes title (fitted to the width by
 * wrap_title: its key hints give way first, reversed) on its first row; returns the area, whose rows after the title are the
 * pane's. */
struct pane_area pane_frame(const struct viewer *u, const char *title);

/* A list's row on screen, w columns from (y, x): blanked, and drawn
 * reversed until pane_row_end when it is the selected one (sel). */
void pane_row_begin(int y, int x, int w, bool sel);
void pane_row_end(bool sel);

#endif
