/* view: what every view, panel and pane of the viewer is to the rest of
 * it: the one door between the core and the views (tig's view_ops, htop's
 * PanelClass).
 *
 * A view is one file, view_NAME.c, that defines `const struct view_ops
 * view_NAME` and is named once in VIEWS (views.c). Base views (the
 * timeline, the event list, the status line) are drawn on every frame, in
 * VIEWS order; a panel (help, pauses, filters, threads, statistics, a
 * prompt) opens over them on the action its opens_on names, takes the
 * focus and gets every action first: what it does not take falls to the
 * views that take it globally (globals), then to the core's handlers. A
 * pane (the heap or cost-centre profile, the thread rows, ...) takes the
 * event list's place under the lanes until its action again. The
 * framework (core.c) keeps each view's private state (private_size bytes,
 * zeroed, for the viewer's life: view_state). Core, draw, the timeline
 * and live follow name no view: all they know of one is here. */
#ifndef HECTIC_VIEW_H
#define HECTIC_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "../keymaps/actions.h"

struct viewer;

struct view_ops {
	const char *name;
	bool base;           /* drawn on every frame, never focused */
	/* A pane: drawn in the event list's place (the rows under the lanes,
	 * u->L.list0 .. list0 + nlist), on the lanes' time axis; its
	 * opens_on action shows it and, again, the event list. While shown it
	 * gets the actions a focused panel leaves (act: true when taken; what
	 * it does not take goes to the global handlers) and stays under the
	 * panels that open over it. */
	bool pane;
	enum action opens_on; /* the action that opens the panel, or ACT_NONE */
	/* Before the panel shows; false keeps it shut (and says why in
	 * u->msg). NULL: always opens. */
	bool (*open)(struct viewer *u);
	/* When it closes, by any path: frees what open made. NULL: nothing. */
	void (*close)(struct viewer *u);
	void (*draw)(struct viewer *u);
	/* An action, while focused; true when taken. NULL: core_panel_act, the
	 * list panel's movement, select and close. */
	bool (*act)(struct viewer *u, enum action a);
	/* A key, before the keymap sees it (prompts take text); true when
	 * taken. NULL: none. */
	bool (*key)(struct viewer *u, const char *key);
	/* A list panel's rows, for movement; NULL: not a list. */
	int (*rows)(struct viewer *u);
	/* The log grew and the tracks and heap are built again: before (true,
	 * the old ones still there) drop what came from them, after (false)
	 * make it again, keeping the user's choices. Called for every view,
	 * shown or not (view_shown). NULL: nothing held. */
	void (*reload)(struct viewer *u, bool before);
	/* Enter on row u->pl.sel of a list panel. NULL: Enter closes it. */
	void (*select)(struct viewer *u);
	/* Its private state's size: view_state(u, &view_NAME) is that many
	 * bytes, zeroed when the viewer starts, freed when it ends. */
	size_t private_size;
	/* At the viewer's end, before the state goes: frees what it holds.
	 * NULL: nothing. */
	void (*done)(struct viewer *u);
	/* The actions (ACT_NONE ends the list) it takes through act whatever
	 * has the focus, when the focused panel and the pane left them. */
	const enum action *globals;
	/* Before each frame: true when it has a track, a row of its own under
	 * the sparklines, drawn by draw_track(u, row). The first call may take
	 * long (run it through busy_run). NULL: none. */
	bool (*track)(struct viewer *u);
	void (*draw_track)(struct viewer *u, int row);
	/* What it adds on the lanes, drawn after them, while it shows (or
	 * whenever it has something to add). NULL: nothing. */
	void (*draw_lanes)(struct viewer *u);
	/* The gutter's columns that its labels want, left of the time plots
	 * (the widest label of its rows and the blank after it), asked before
	 * each frame while it is the shown pane or its track shows; the frame
	 * takes the largest wish, within LAYOUT_GUTTER .. a third of the
	 * screen (layout_set_gutter), so that the ruler, the lanes and every
	 * row under them share one time axis. Called every frame: cheap (what
	 * it reads of many rows kept). NULL: LAYOUT_GUTTER does. */
	int (*gutter)(struct viewer *u);
};

/* At most this many views (core_init refuses more). */
#define VIEWS_MAX 64

/* The registry (views.c), in drawing order, NULL-terminated: given to the
 * core when the viewer starts (core_init), which knows views only by it. */
extern const struct view_ops *const view_all[];

/* The view's private state (private_size bytes). */
void *view_state(const struct viewer *u, const struct view_ops *v);

/* Is v the focused panel or the shown pane? */
bool view_shown(const struct viewer *u, const struct view_ops *v);

/* The panel or pane that opens on a, or NULL. */
const struct view_ops *view_for_action(const struct viewer *u, enum action a);

#endif
