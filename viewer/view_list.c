/* The event list: the events around the selected one, at the cursor, as
 * `hectic show` prints them, with the threads' labels. A base view; its
 * selection moves with the up and down actions (core.c). */
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/render.h"
#include "core.h"
#include "view_list.h"

/* Events a restricted list steps over at most looking for the next one of
 * its thread or capability (a thread that never runs again would
 * otherwise read the rest of the log). */
#define SCAN_MAX 4000000

/* Is this event in the list: of its capability and thread, when it is
 * restricted to one? (Its class is the merge's business.) */
static bool wanted(const struct viewer *u, const struct evref *r)
{
	if (u->list_cap != LIST_ANY && r->cap != u->list_cap)
		return false;
	if (!u->list_thread)
		return true;
	struct ev e;
	return ev_decode(&u->r->run.s.hdr, u->r->run.s.map, u->r->run.s.size, r->off, &e) == EV_OK &&
	       ev_thread_of(&e) == u->list_thread;
}

/* The next wanted event of a merge, within SCAN_MAX. */
static bool next_wanted(const struct viewer *u, struct merge *m, struct evref *r)
{
	for (long k = 0; k < SCAN_MAX && merge_step(m, r); k++)
		if (wanted(u, r))
			return true;
	return false;
}

/* The (up to) n wanted events just before (time, off), oldest first: the
 * store's events before it, in windows four times bigger each time, until
 * n are wanted or SCAN_MAX were read. */
static size_t wanted_before(const struct viewer *u, uint64_t time, uint64_t off, struct evref *out,
			    size_t n)
{
	if (u->list_cap == LIST_ANY && !u->list_thread)
		return store_events_before(&u->r->run.s, time, off, u->filters, out, n);
	for (size_t k = n * 4 + 64;; k *= 4) {
		struct evref *v = malloc(k * sizeof *v);
		if (!v)
			return 0;
		size_t got = store_events_before(&u->r->run.s, time, off, u->filters, v, k), w = 0;
		for (size_t i = 0; i < got; i++)
			if (wanted(u, &v[i]))
				v[w++] = v[i];
		size_t take = w < n ? w : n;
		memcpy(out, v + (w - take), take * sizeof *out);
		free(v);
		if (take == n || got < k || k >= SCAN_MAX)
			return take;
	}
}

/* The event list restricted to the selected event's thread (ACT_LIST_THREAD)
 * or capability (ACT_LIST_CAP), or, again, not. */
static void list_restrict(struct viewer *u, enum action a)
{
	bool thread = a == ACT_LIST_THREAD;
	if (thread ? u->list_thread != 0 : u->list_cap != LIST_ANY) {
		if (thread)
			u->list_thread = 0;
		else
			u->list_cap = LIST_ANY;
		core_say(u, "the event list: every %s", thread ? "thread" : "capability");
		list_anchor(u);
		return;
	}
	if (!u->sel_valid)
		list_anchor(u);
	if (!u->sel_valid) {
		core_say(u, "no event selected");
		return;
	}
	/* the selected event's capability (the merge's) and thread */
	struct merge *m = merge_new_at(&u->r->run.s, u->sel_time, u->filters);
	struct evref r;
	bool found = false;
	while (m && merge_step(m, &r) && r.time == u->sel_time)
		if (r.off == u->sel_off) {
			found = true;
			break;
		}
	merge_free(m);
	struct ev e;
	if (!found || ev_decode(&u->r->run.s.hdr, u->r->run.s.map, u->r->run.s.size, r.off, &e) != EV_OK)
		return;
	if (thread) {
		uint32_t id = ev_thread_of(&e);
		if (!id) {
			core_say(u, "the selected event is of no thread");
			return;
		}
		u->list_thread = id;
		core_say(u, "the event list: thread %u only", id);
	} else {
		if (r.cap == EV_NO_CAP) {
			core_say(u, "the selected event is of no capability");
			return;
		}
		u->list_cap = r.cap;
		core_say(u, "the event list: capability %d only", r.cap);
	}
	list_anchor(u);
}

void list_anchor(struct viewer *u)
{
	struct merge *m = merge_new_at(&u->r->run.s, u->cursor, u->filters);
	struct evref r;
	u->sel_valid = m && next_wanted(u, m, &r);
	if (u->sel_valid) {
		u->sel_time = r.time;
		u->sel_off = r.off;
	}
	merge_free(m);
}

/* The selection moved by delta events (the cursor follows). */
static void list_move(struct viewer *u, int delta)
{
	if (!u->sel_valid)
		list_anchor(u);
	if (!u->sel_valid)
		return;
	if (delta > 0) {
		struct merge *m = merge_new_at(&u->r->run.s, u->sel_time, u->filters);
		struct evref r;
		int moved = 0;
		while (m && next_wanted(u, m, &r)) {
			if (r.time == u->sel_time && r.off <= u->sel_off)
				continue;
			u->sel_time = r.time;
			u->sel_off = r.off;
			if (++moved == delta)
				break;
		}
		merge_free(m);
	} else {
		size_t n = (size_t)-delta;
		struct evref *v = malloc(n * sizeof *v);
		if (!v)
			return;
		size_t got = wanted_before(u, u->sel_time, u->sel_off, v, n);
		if (got) {
			u->sel_time = v[0].time;
			u->sel_off = v[0].off;
		}
		free(v);
	}
	u->cursor = u->sel_time;
	core_follow_cursor(u);
}

static void draw_event_line(struct viewer *u, int y, const struct evref *r, bool selected)
{
	struct ev e;
	if (ev_decode(&u->r->run.s.hdr, u->r->run.s.map, u->r->run.s.size, r->off, &e) != EV_OK)
		return;
	struct sbuf b = { .escape = true };
	if (u->raw_times) {
		sbuf_u64(&b, e.time);
	} else {
		/* the screen's unit, to the nanosecond, aligned on the window's end */
		char t[48], end[48];
		time_format_unit(end, sizeof end, u->t1, core_screen_unit(u), 1);
		time_format_unit(t, sizeof t, e.time, core_screen_unit(u), 1);
		for (size_t i = strlen(t); i < strlen(end); i++)
			sbuf_putc(&b, ' ');
		sbuf_puts(&b, t);
	}
	sbuf_put(&b, ": ", 2);
	if (r->cap != EV_NO_CAP) {
		sbuf_put(&b, "cap ", 4);
		sbuf_u64(&b, (uint64_t)r->cap);
		sbuf_put(&b, ": ", 2);
	}
	render_body(&b, &u->r->run.s.hdr, &e);
	/* a multi-line message shows its first line here */
	for (size_t i = 0; i < b.n; i++)
		if (b.p[i] == '\n') {
			b.n = i;
			break;
		}
	uint32_t tid = ev_thread_of(&e);
	const struct thread_info *ti = tid ? tracks_thread(&u->r->run.tr, tid) : NULL;
	size_t ln = 0;
	const uint8_t *label = ti ? tracks_label(&u->r->run.tr, &u->r->run.s, ti, &ln) : NULL;
	if (selected)
		attron(A_REVERSE);
	move(y, 0);
	clrtoeol();
	draw_safe(y, 0, (const uint8_t *)b.p, b.n, u->L.cols, u->ascii);
	int x = getcurx(stdscr);
	if (label && e.tag != EV_THREAD_LABEL && x + 4 < u->L.cols) {
		attron(draw_attr(u, C_DIM));
		mvaddstr(y, x, "  [");
		draw_safe(y, x + 3, label, ln, u->L.cols - x - 4, u->ascii);
		addstr("]");
		attroff(draw_attr(u, C_DIM));
	}
	if (selected) {
		for (int i = getcurx(stdscr); i < u->L.cols; i++)
			addch(' ');
		attroff(A_REVERSE);
	}
	sbuf_free(&b);
}

static void list_draw_rows(struct viewer *u)
{
	const struct layout *L = &u->L;
	if (u->pane)
		return; /* a pane has its place */
	for (int y = L->list0; y < L->list0 + L->nlist; y++) {
		move(y, 0);
		clrtoeol();
	}
	if (L->nlist <= 0)
		return;
	if (!u->ready) {
		attron(draw_attr(u, C_DIM));
		mvaddnstr(L->list0, 0, "(the events show once the log is indexed)", L->cols);
		attroff(draw_attr(u, C_DIM));
		return;
	}
	if (!u->sel_valid)
		list_anchor(u);
	if (!u->sel_valid) {
		if (!u->filters)
			mvprintw(L->list0, 0, "(every event class is filtered out: %s to choose)",
				 core_key_for(u, ACT_FILTERS));
		else
			mvaddstr(L->list0, 0, u->list_thread || u->list_cap != LIST_ANY
						      ? "(no events of this thread or capability at or after the cursor)"
						      : "(no events at or after the cursor)");
		return;
	}
	int before = L->nlist / 3;
	struct evref *prev = malloc((size_t)(before + 1) * sizeof *prev);
	size_t np = prev ? wanted_before(u, u->sel_time, u->sel_off, prev, (size_t)before) : 0;
	int y = L->list0;
	for (size_t i = 0; i < np; i++)
		draw_event_line(u, y++, &prev[i], false);
	free(prev);
	struct merge *m = merge_new_at(&u->r->run.s, u->sel_time, u->filters);
	struct evref r;
	while (m && y < L->list0 + L->nlist && next_wanted(u, m, &r)) {
		if (r.time == u->sel_time && r.off < u->sel_off)
			continue;
		draw_event_line(u, y++, &r, r.off == u->sel_off && r.time == u->sel_time);
	}
	merge_free(m);
}

/* Up and down move the selection; a page is the list less a row of
 * context. */
static bool list_act(struct viewer *u, enum action a)
{
	int page = u->L.nlist > 2 ? u->L.nlist - 1 : 1;
	switch (a) {
	case ACT_UP: list_move(u, -1); return true;
	case ACT_DOWN: list_move(u, 1); return true;
	case ACT_PAGE_UP: list_move(u, -page); return true;
	case ACT_PAGE_DOWN: list_move(u, page); return true;
	case ACT_LIST_THREAD:
	case ACT_LIST_CAP: list_restrict(u, a); return true;
	default: return false;
	}
}

static const enum action list_globals[] = { ACT_UP, ACT_DOWN, ACT_PAGE_UP, ACT_PAGE_DOWN,
					    ACT_LIST_THREAD, ACT_LIST_CAP, ACT_NONE };

const struct view_ops view_list = {
	.name = "list",
	.base = true,
	.draw = list_draw_rows,
	.act = list_act,
	.globals = list_globals,
};
