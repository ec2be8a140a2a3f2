/* The status line: the file, the window, the cursor, the event list's
 * classes, and the last message. A base view. */
#include "draw.h"

#include <stdio.h>
#include <string.h>

#include "core.h"
#include "loader.h"
#include "wrap.h"

/* The classes of set, comma-separated, into buf (n bytes); their count. */
static int class_list(class_set set, char *buf, size_t n)
{
	size_t w = 0;
	int k = 0;
	buf[0] = 0;
	for (int c = 0; c < CL_COUNT; c++)
		if ((set & CLASS_BIT(c)) && w < n) {
			w += (size_t)snprintf(buf + w, n - w, w ? ",%s" : "%s",
					      class_name((enum ev_class)c));
			k++;
		}
	return k;
}

/* The event list's filter: exactly the classes it shows, in its forms,
 * each shorter than the one before: "all", "none" or the classes' list
 * (into whole); "all but" those it hides (into but; "" when no shorter);
 * their count (into brief: "7 of 11"; "" for all or none); each with the
 * thread and cap it is limited to. */
static void filter_forms(const struct viewer *u, char *whole, char *but, char *brief, size_t n)
{
	char on[200], off[200], lim[64] = "";
	int non = class_list(u->filters, on, sizeof on);
	class_list(CLASS_ALL & ~u->filters, off, sizeof off);
	size_t l = 0;
	if (u->list_thread)
		l += (size_t)snprintf(lim + l, sizeof lim - l, " thread %u", u->list_thread);
	if (u->list_cap != LIST_ANY && l < sizeof lim)
		snprintf(lim + l, sizeof lim - l, " cap %d", u->list_cap);
	brief[0] = but[0] = 0;
	if (non == CL_COUNT || non == 0) {
		snprintf(whole, n, "events: %s%s", non ? "all" : "none", lim);
		return;
	}
	snprintf(whole, n, "events: %s%s", on, lim);
	if (strlen(off) + strlen("all but ") < strlen(on))
		snprintf(but, n, "events: all but %s%s", off, lim);
	snprintf(brief, n, "events: %d of %d%s", non, CL_COUNT, lim);
}

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
	snprintf(name, sizeof name, " %s%s%s", u->other ? core_run_letter(u) : "", u->other ? ": " : "",
		 base);
	char win[120], cur[64], filt[320], but[320], brief[320], live[160], loading[80];
	snprintf(win, sizeof win, "%s..%s", core_fmt_at(u, a, sizeof a, u->t0),
		 core_fmt_at(u, b, sizeof b, u->t1));
	snprintf(cur, sizeof cur, "cursor %s", core_fmt_at(u, c, sizeof c, u->cursor));
	filter_forms(u, filt, but, brief, sizeof filt);
	live[0] = loading[0] = 0;
	bool nolog = u->ready && live_no_log(u);
	if (u->ready) {
		live_status(u, live, sizeof live);
	} else { /* no event list yet: what is still loading */
		double f = loader_fraction(u);
		bool one = __atomic_load_n(&u->r->load_passes, __ATOMIC_RELAXED) == 1;
		snprintf(loading, sizeof loading, "loading %d%%: %s", (int)(f * 100),
			 one ? "the index, lanes, GCs, threads"
			     : f < 0.5 ? "the index" : "lanes, GCs, threads");
	}
	/* the parts, each shortened or left out whole when the line is too
	 * narrow, the least needed first: the filter (to "all but", then its
	 * count), the cursor, the window, what is loading, the live state;
	 * the file's name stays. No times for a file that holds no log yet
	 * (the times of the empty stand-in are not the log's). */
	const char *ev = u->ready && !nolog ? filt : "";
	const char *evs[3] = { ev, NULL, NULL }; /* its forms, each shorter */
	if (*ev && *but)
		evs[1] = but;
	if (*ev && *brief)
		evs[evs[1] ? 2 : 1] = brief;
	const struct wrap_part parts[] = {
		{ NULL, { name }, 9 },
		{ "  ", { nolog ? "" : win, "" }, 3 },
		{ "  ", { nolog ? "" : cur, "" }, 2 },
		{ "  ", { evs[0], evs[1], evs[2] }, 1 },
		{ "  ", { loading, *loading ? "loading" : NULL }, 4 },
		{ "  ", { live, "" }, 5 },
	};
	wrap_parts(parts, sizeof parts / sizeof parts[0], L->cols, u->ascii, line, sizeof line);
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
