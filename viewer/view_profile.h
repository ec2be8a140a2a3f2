/* view_profile: what the cost-centre profile pane (view_profile.c) draws
 * outside its own rows. */
#ifndef HECTIC_VIEW_PROFILE_H
#define HECTIC_VIEW_PROFILE_H

#include <stdbool.h>

struct viewer;

/* Marks, on the capability lanes shown, each column holding a tick of the
 * highlighted cost centre (on top of the stack, in the pane's scope and on
 * its capability). Nothing when the pane is closed or nothing is
 * highlighted. The timeline calls it once its lanes are drawn. */
void profile_draw_lane_ticks(struct viewer *u);

/* One such mark at (y, x) (the help's legend draws it too). */
void profile_draw_tick(struct viewer *u, int y, int x, bool cursor);

#endif
