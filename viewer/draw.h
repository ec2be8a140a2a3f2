/* draw: what the views draw with. Colours and their monochrome
 * attributes, the glyphs (Unicode or ASCII), text from the log made safe
 * for the terminal, a lane cell, a panel's box, and the frame: every base
 * view, then the focused panel. Includes curses; knows no view. */
#ifndef HECTIC_DRAW_H
#define HECTIC_DRAW_H

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../model/classes.h"
#include "layout.h"

struct viewer;

enum color { C_RUN = 1, C_GC, C_MAJOR, C_HEAP, C_LIVE, C_MARKER, C_MARK, C_STATUS, C_DIM,
	     C_RUN_GC, C_NODATA, C_PANEL };

/* The colour pairs, for u->o.color, NO_COLOR and the terminal; sets
 * u->ncolors. */
void draw_setup_colors(struct viewer *u);

/* The attribute of a colour: its pair, or without colours an attribute. */
attr_t draw_attr(const struct viewer *u, enum color c);

/* The glyphs that carry a state without colour (see the legend). */
#define G_NODATA(u) ((u)->ascii ? "/" : "\u2571")    /* ╱ */
#define G_GC_HEAVY(u) ((u)->ascii ? "G" : "\u2593")  /* ▓ */
#define G_GC_LIGHT(u) ((u)->ascii ? "g" : "\u2592")  /* ▒ */
#define G_MAJOR(u) ((u)->ascii ? "M" : "\u2588")     /* █ */
#define G_MINOR(u) ((u)->ascii ? "m" : "\u2584")     /* ▄ */
#define G_SPAN(u) ((u)->ascii ? "-" : "\u2500")      /* ─ */
#define G_TICK(u) ((u)->ascii ? "|" : "\u2502")      /* │ */
#define G_MARKER(u) ((u)->ascii ? "v" : "\u25be")    /* ▾ */
#define G_SQL_ROW(u) ((u)->ascii ? "*" : "\u2022")   /* •: a row of the SQL pane */
#define G_LOADING(u) ((u)->ascii ? "~" : "\u2591")   /* ░: data not loaded yet */
#define G_UNKNOWN(u) ((u)->ascii ? "?" : "\u00b7")   /* ·: the log cannot tell */

/* What the log lacks of the classes want, in the words of every report and
 * pane (lane_view_absent: "no GC events in this log (+RTS -l without g, as
 * -l-au)"; "... yet" while the log grows), into buf: "" when it has them
 * all. */
const char *draw_absent(const struct viewer *u, class_set want, char *buf, size_t n);

/* A row of the plot whose figure the log cannot give: text, dim, from
 * column x, at most w columns; the cursor's column curcol (of the plot,
 * from x; -1: none) in reverse. */
void draw_absent_row(const struct viewer *u, int y, int x, int w, const char *text, int curcol);

/* An eighth-block level 0..8 at (y, x) (ASCII: light to dense). */
void draw_level(const struct viewer *u, int y, int x, int lvl);

/* One lane cell at (y, x), with extra attributes (the cursor's column). */
void draw_cell(const struct viewer *u, int y, int x, struct layout_cell c, attr_t extra);

/* Text from the file at (y, x), made safe for the terminal: controls and
 * invisible characters escaped, at most maxw columns. Returns the columns
 * it took. */
int draw_safe(int y, int x, const uint8_t *p, size_t n, int maxw, bool ascii);

/* Part of a label's text (label_fit.h: label_text_of) at (y, x), with an
 * ellipsis before and after where it was cut. Returns the column after it. */
struct label_part;
int draw_label(int y, int x, const char *text, const struct label_part *part, bool ascii);

/* Label i of a set (the labels on screen) at (y, x), fitted in w columns
 * among the set (label_set_fit): the column after it (x: none drawn). */
struct label_set;
int draw_label_fit(const struct label_set *l, size_t i, int y, int x, int w, bool ascii);

/* The message area: a message (u->msg) too long for the status line after
 * its own fields (u->status_w) is drawn whole, wrapped, on the rows just
 * above it (over whatever is there, as vim's is) until the next key.
 * draw_message_rows is the rows it takes (0: it fits on the status line);
 * draw_frame draws it last. */
int draw_message_rows(const struct viewer *u);
void draw_message(const struct viewer *u);

/* A panel: a centred box of h x w (shrunk to the screen) with a title
 * (fitted to the width by wrap_title: its key hints give way first), in
 * the panel's colours until draw_box_end. */
struct box {
	int y, x, h, w;
};

struct box draw_box(const struct viewer *u, int h, int w, const char *title);
void draw_box_end(const struct viewer *u);

/* The focused list panel's n rows, shown h at a time (u->pl): the
 * selection kept in view. */
void draw_scroll(struct viewer *u, int n, int h);

/* While loading: the skeleton's lanes (its capabilities less the RTS's
 * own blocks), and lane i's capability (*ci its index in u->sk.caps). */
struct skel_cap;
size_t draw_skeleton_lanes(const struct viewer *u);
const struct skel_cap *draw_skeleton_cap(const struct viewer *u, size_t lane, size_t *ci);

/* A frame: the layout for the screen's size, every base view, the focused
 * panel, and the debug window file. */
void draw_frame(struct viewer *u);

/* The timeline's thread labels come from the pass that reads the window's
 * events for the lanes (true), or from a pass of their own (false: for
 * the tests, which compare the two). */
extern bool timeline_runs_with_fractions;

/* Before a frame: each view's track asked for (a first pairing may take
 * long, shown on the status line), so the frame itself is quick. */
void draw_prepare(struct viewer *u);

#endif
