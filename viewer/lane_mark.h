/* lane_mark: the mark a pane puts on a column of a capability's lane (the
 * cost-centre profile's ticks of the highlighted cost centre), drawn by
 * the pane and by the help's legend alike. */
#ifndef HECTIC_LANE_MARK_H
#define HECTIC_LANE_MARK_H

#include <stdbool.h>

struct viewer;

/* The mark at (y, x), in reverse video on the cursor's column. */
void lane_mark_draw(struct viewer *u, int y, int x, bool cursor);

#endif
