/* The status line: the file, the window, the cursor, the event list's
 * classes, and the last message. A base view. */
#include "draw.h"

#include <stdio.h>
#include <string.h>

#include "core.h"
#include "loader.h"
#include "wrap.h"

static void draw_status(struct viewer *u)
{
	const struct layout *L = &u->L;
	attron(draw_attr(u, C_STATUS));
	move(L->status, 0);
	for (int i = 0; i < L->cols; i++)
		addch(' ');
	char a[48], b[48], c[48], line[1200];
	char name[320];
	const char *base = strrchr(u->r->run.path, '/') ? strrchr(u->r->run.path, '/') + 1 : u->r->run.path;
	snprintf(name, sizeof name, "%s%s%s", u->other ? core_run_letter(u) : "", u->other ? ": " : "",
		 base);
	char filt[128] = "all";
	if (u->filters != CLASS_ALL) {
		size_t w = 0;
		filt[0] = 0;
		for (int k = 0; k < CL_COUNT && w + 12 < sizeof filt; k++)
			if (u->filters & CLASS_BIT(k))
				w += (size_t)snprintf(filt + w, sizeof filt - w, w ? ",%s" : "%s",
						      class_name((enum ev_class)k));
		if (!w)
			snprintf(filt, sizeof filt, "none");
	}
	size_t fl = strlen(filt);
	if (u->list_thread && fl + 20 < sizeof filt)
		snprintf(filt + fl, sizeof filt - fl, " thread %u", u->list_thread);
	fl = strlen(filt);
	if (u->list_cap != LIST_ANY && fl + 20 < sizeof filt)
		snprintf(filt + fl, sizeof filt - fl, " cap %d", u->list_cap);
	char live[160];
	if (u->ready && live_no_log(u)) { /* no times, no events: what it waits for */
		live_status(u, live, sizeof live);
		snprintf(line, sizeof line, " %s  %s", name, live);
	} else if (u->ready) {
		live_status(u, live, sizeof live);
		snprintf(line, sizeof line, " %s  %s..%s  cursor %s  events: %s%s%s", name,
			 core_fmt_at(u, a, sizeof a, u->t0), core_fmt_at(u, b, sizeof b, u->t1),
			 core_fmt_at(u, c, sizeof c, u->cursor), filt, *live ? "  " : "", live);
	} else { /* no event list yet: what is still loading */
		double f = loader_fraction(u);
		bool one = __atomic_load_n(&u->r->load_passes, __ATOMIC_RELAXED) == 1;
		snprintf(line, sizeof line, " %s  %s..%s  cursor %s  loading %d%%: %s", name,
			 core_fmt_at(u, a, sizeof a, u->t0), core_fmt_at(u, b, sizeof b, u->t1),
			 core_fmt_at(u, c, sizeof c, u->cursor), (int)(f * 100),
			 one ? "the index, lanes, GCs, threads"
			     : f < 0.5 ? "the index" : "lanes, GCs, threads");
	}
	/* the message after what the line took once escaped, when it fits
	 * there whole; else the message area above takes it (draw_message) */
	u->status_w = draw_safe(L->status, 0, (const uint8_t *)line, strlen(line), L->cols, u->ascii);
	int x = u->status_w + 2;
	if (u->msg[0] && u->msg_hint && x < L->cols) {
		char fit[sizeof u->msg + 8];
		wrap_hint(u->msg, L->cols - x, u->ascii, fit, sizeof fit);
		draw_safe(L->status, x, (const uint8_t *)fit, strlen(fit), L->cols - x, u->ascii);
	} else if (u->msg[0] && draw_message_rows(u) == 0) {
		draw_safe(L->status, x, (const uint8_t *)u->msg, strlen(u->msg), L->cols - x, u->ascii);
	}
	attroff(draw_attr(u, C_STATUS));
}

const struct view_ops view_status = {
	.name = "status",
	.base = true,
	.draw = draw_status,
};
