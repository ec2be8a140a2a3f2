/* The filter panel: which event classes the event list shows. Space or
 * Enter ticks a class; every other action but movement, help, suspend and
 * toggle-filters is ignored while it is open. The lanes are not filtered. */
#include "draw.h"

#include <stdio.h>
#include <string.h>

#include "core.h"

static void draw_filters(struct viewer *u)
{
	char t[100];
	snprintf(t, sizeof t, "event list classes (<Space> or %s: toggle, %s: all on/off)",
		 core_key_for(u, ACT_SELECT), core_key_for(u, ACT_TOGGLE_FILTERS));
	struct box b = draw_box(u, CL_COUNT + 4, 60, t);
	/* the classes that fit above the note (a short screen scrolls them) */
	int h = b.h - 4 < 1 ? 1 : b.h - 4;
	draw_scroll(u, CL_COUNT, h);
	for (int i = 0; i < h && u->pl.top + i < CL_COUNT; i++) {
		int k = u->pl.top + i;
		pane_row_begin(b.y + 1 + i, b.x + 1, b.w - 2, k == u->pl.sel);
		printw("[%c] %-10s %s", u->filters & CLASS_BIT(k) ? 'x' : ' ',
		       class_name((enum ev_class)k), class_desc((enum ev_class)k));
		pane_row_end(k == u->pl.sel);
	}
	mvaddstr(b.y + b.h - 2, b.x + 1, "The lanes are not filtered.");
	draw_box_end(u);
}

static int filters_rows(struct viewer *u)
{
	(void)u;
	return CL_COUNT;
}

static void filters_select(struct viewer *u)
{
	u->filters ^= CLASS_BIT(u->pl.sel);
	u->sel_valid = false;
}

static bool filters_act(struct viewer *u, enum action a)
{
	switch (a) {
	case ACT_UP: case ACT_DOWN: case ACT_PAGE_UP: case ACT_PAGE_DOWN:
	case ACT_GO_START: case ACT_GO_END: case ACT_SELECT: case ACT_CANCEL:
	case ACT_QUIT: case ACT_HELP: case ACT_SUSPEND: case ACT_TOGGLE_FILTERS:
		return core_panel_act(u, a);
	default:
		return true;
	}
}

/* Space ticks a box as Enter does, whatever it is bound to. */
static bool filters_key(struct viewer *u, const char *key)
{
	if (strcmp(key, "<Space>"))
		return false;
	filters_select(u);
	return true;
}

const struct view_ops view_filters = {
	.name = "filters",
	.opens_on = ACT_FILTERS,
	.draw = draw_filters,
	.act = filters_act,
	.key = filters_key,
	.rows = filters_rows,
	.select = filters_select,
};
