/* view: what every view and panel of the viewer exports, and the list of
 * them (tig's view_ops, htop's PanelClass).
 *
 * A view is one file, view_NAME.c, that defines `const struct view_ops
 * view_NAME` and is named once in VIEWS below. Base views (the timeline,
 * the event list, the status line) are drawn on every frame, in VIEWS
 * order; a panel (help, pauses, filters, threads, statistics, a prompt)
 * opens over them on the action its opens_on names, takes the focus and
 * gets every action first: what it does not take falls to the global
 * handlers (core.c). A pane (the heap profile, the cost-centre profile)
 * takes the event list's place under the lanes until its action again.
 * Views keep their state in struct viewer (core.h). */
#ifndef HECTIC_VIEW_H
#define HECTIC_VIEW_H

#include <stdbool.h>

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
	 * make it again, keeping the user's choices. NULL: nothing held. */
	void (*reload)(struct viewer *u, bool before);
	/* Enter on row u->psel of a list panel. NULL: Enter closes it. */
	void (*select)(struct viewer *u);
};

/* Every view, in drawing order. Adding a panel: its file and one line. */
#define VIEWS(V)      \
	V(timeline)   \
	V(list)       \
	V(heap)       \
	V(profile)    \
	V(thread_rows)      \
	V(sparks)     \
	V(status)     \
	V(help)       \
	V(pauses)     \
	V(filters)    \
	V(thread_picker)    \
	V(stats)      \
	V(spans)      \
	V(detail)     \
	V(bookmarks)  \
	V(search)     \
	V(goto)       \
	/* the end */

#define V(n) extern const struct view_ops view_##n;
VIEWS(V)
#undef V

/* The registry, NULL-terminated. Read-only. */
extern const struct view_ops *const view_all[];

/* The panel that opens on a, or NULL. */
const struct view_ops *view_for_action(enum action a);

#endif
