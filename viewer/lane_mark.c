/* The mark a pane puts on a lane's column (lane_mark.h). */
#include "lane_mark.h"

#include "core.h"
#include "draw.h"

#define G_LANE_MARK(u) ((u)->ascii ? "o" : "\u2022") /* • */

void lane_mark_draw(struct viewer *u, int y, int x, bool cursor)
{
	attr_t at = draw_attr(u, C_MARKER) | A_BOLD | (cursor ? A_REVERSE : 0);
	attron(at);
	mvaddstr(y, x, G_LANE_MARK(u));
	attroff(at);
}
