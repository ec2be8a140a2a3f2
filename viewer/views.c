/* views: the registry, every view (viewer/view_NAME.c, listed by the build
 * in views.gen.h). Base views are drawn in this order, then the tracks,
 * the pane and the focused panel (draw.c). Only the main loop and the
 * tests name the registry: the core gets it at core_init. */
#include "views.h"

#define V(n) &view_##n,
const struct view_ops *const view_all[] = {
#include "views.gen.h"
	NULL,
};
#undef V
