/* views: the registry's list (views.c), for the main loop and the tests
 * that name a view. The core, draw, the timeline and live never include
 * it. The build writes views.gen.h: a line V(NAME) for each file
 * viewer/view_NAME.c, so that a view is added by adding its file. */
#ifndef HECTIC_VIEWS_H
#define HECTIC_VIEWS_H

#include "view.h"

#define V(n) extern const struct view_ops view_##n;
#include "views.gen.h"
#undef V

#endif
