/* view_list: what the event list (view_list.c) offers the other views. */
#ifndef HECTIC_VIEW_LIST_H
#define HECTIC_VIEW_LIST_H

struct viewer;

/* The selection anchored at once at the first event at or after the
 * cursor that the list shows (its classes, thread and capability);
 * u->sel_valid false when there is none. */
void list_anchor(struct viewer *u);

#endif
