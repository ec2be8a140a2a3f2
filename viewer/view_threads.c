/* The thread picker: every thread with its first run and label; Enter
 * goes to the first run. */
#include "draw.h"

#include <stdint.h>

#include "core.h"

static void draw_threads(struct ui *u)
{
	struct box b = draw_box(u, u->L.rows - 4, 76, "threads (Enter: go to the first run)");
	int h = b.h - 1;
	draw_scroll(u, (int)u->tr.nthreads, h);
	for (int i = 0; i < h && (size_t)(u->ptop + i) < u->tr.nthreads; i++) {
		int k = u->ptop + i;
		const struct thread_info *t = &u->tr.threads[k];
		char a[32];
		if (k == u->psel)
			attron(A_REVERSE);
		mvprintw(b.y + 1 + i, b.x + 1, "%8u %10s ", t->id,
			 t->first_run != UINT64_MAX ? ui_fmt_moment(a, 32, t->first_run)
						    : "-");
		size_t n;
		const uint8_t *label = tracks_label(&u->tr, &u->s, t, &n);
		if (label)
			draw_safe(b.y + 1 + i, b.x + 21, label, n, b.w - 22, u->ascii);
		if (k == u->psel)
			attroff(A_REVERSE);
	}
	draw_box_end(u);
}

static int threads_rows(struct ui *u)
{
	return (int)u->tr.nthreads;
}

static void threads_select(struct ui *u)
{
	if ((size_t)u->psel >= u->tr.nthreads)
		return;
	const struct thread_info *t = &u->tr.threads[u->psel];
	ui_view_close(u);
	if (t->first_run != UINT64_MAX) {
		ui_go_time(u, t->first_run);
		ui_say(u, "thread %u first runs here", t->id);
	} else {
		ui_say(u, "thread %u never ran", t->id);
	}
}

const struct view_ops view_threads = {
	.name = "threads",
	.opens_on = ACT_THREADS,
	.draw = draw_threads,
	.rows = threads_rows,
	.select = threads_select,
};
