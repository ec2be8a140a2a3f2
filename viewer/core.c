/* The viewer's state, the window arithmetic, and the dispatch of actions:
 * the focused panel first, then the global handlers' table. */
#include "core.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../keymaps/keymaps.h"

void *view_state(const struct viewer *u, const struct view_ops *v)
{
	for (size_t i = 0; i < u->nviews; i++)
		if (u->views[i] == v)
			return u->priv[i];
	return NULL;
}

bool view_shown(const struct viewer *u, const struct view_ops *v)
{
	return u->view == v || u->pane == v;
}

const struct view_ops *view_for_action(const struct viewer *u, enum action a)
{
	for (size_t i = 0; a != ACT_NONE && i < u->nviews; i++)
		if (u->views[i]->opens_on == a)
			return u->views[i];
	return NULL;
}

/* The view that takes a globally, or NULL. */
static const struct view_ops *view_taking(const struct viewer *u, enum action a)
{
	for (size_t i = 0; a != ACT_NONE && i < u->nviews; i++)
		for (const enum action *g = u->views[i]->globals; g && *g != ACT_NONE; g++)
			if (*g == a)
				return u->views[i];
	return NULL;
}

static void core_say_on(struct viewer *u, bool hint, const char *fmt, va_list ap)
{
	vsnprintf(u->msg, sizeof u->msg, fmt, ap);
	u->msg_hint = hint;
}

void core_say(struct viewer *u, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	core_say_on(u, false, fmt, ap);
	va_end(ap);
}

void core_hint(struct viewer *u, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	core_say_on(u, true, fmt, ap);
	va_end(ap);
}

/* ---- two runs: the one axis ---- */

uint64_t core_shifted(uint64_t t, int64_t d)
{
	if (d >= 0)
		return t >= (uint64_t)d ? t - (uint64_t)d : 0;
	uint64_t up = (uint64_t)0 - (uint64_t)d;
	return t > UINT64_MAX - up ? UINT64_MAX : t + up;
}

uint64_t core_to_other(const struct viewer *u, uint64_t t)
{
	return core_shifted(t, u->other_shift);
}

uint64_t core_from_other(const struct viewer *u, uint64_t t)
{
	return core_shifted(t, -u->other_shift);
}

/* ---- the window in time ---- */

uint64_t core_run_start(const struct viewer *u)
{
	if (!u->ready)
		return u->r->sk.valid ? u->r->sk.tmin : 0;
	if (u->other && u->other->loaded == 1) { /* both runs, on this one's clock */
		uint64_t o = core_from_other(u, u->other->run.s.tmin);
		return o < u->r->run.s.tmin ? o : u->r->run.s.tmin;
	}
	return u->r->run.s.tmin;
}

/* Just past the last event (saturated: a log may hold the last moment). */
uint64_t core_run_end(const struct viewer *u)
{
	uint64_t last = u->ready ? u->r->run.s.tmax : u->r->sk.valid ? u->r->sk.tmax : 0;
	if (u->ready && u->other && u->other->loaded == 1) {
		uint64_t o = core_from_other(u, u->other->run.s.tmax);
		last = o > last ? o : last;
	}
	return last < UINT64_MAX ? last + 1 : UINT64_MAX;
}

/* The last event's time. */
static uint64_t run_last(const struct viewer *u)
{
	return core_run_end(u) - 1;
}

uint64_t core_width(const struct viewer *u)
{
	return u->t1 - u->t0;
}

uint64_t core_col_ns(const struct viewer *u)
{
	uint64_t c = core_width(u) / (uint64_t)(u->L.plotw > 0 ? u->L.plotw : 1);
	return c ? c : 1;
}

enum time_unit core_screen_unit(const struct viewer *u)
{
	return time_unit_of(u->t1);
}

char *core_fmt_at(const struct viewer *u, char *buf, size_t n, uint64_t t)
{
	return time_format_unit(buf, n, t, core_screen_unit(u), core_col_ns(u));
}

char *core_fmt_moment(char *buf, size_t n, uint64_t t)
{
	return time_format_res(buf, n, t, 1000);
}

/* The window w wide from t0, inside the run: never wider than the run
 * (unless the run is narrower than a nanosecond a column), never starting
 * before it or ending after it, and t1 > t0 whatever t0 and w are. */
void core_set_window(struct viewer *u, uint64_t t0, uint64_t w)
{
	uint64_t lo = core_run_start(u), hi = core_run_end(u);
	uint64_t full = hi > lo ? hi - lo : 1;
	uint64_t minw = (uint64_t)(u->L.plotw > 0 ? u->L.plotw : 1);
	if (w > full)
		w = full;
	if (w < minw)
		w = minw;
	if (w >= full)
		t0 = lo;
	else if (t0 < lo)
		t0 = lo;
	else if (t0 > hi - w)
		t0 = hi - w;
	if (t0 > UINT64_MAX - w) /* a run at the end of time */
		t0 = UINT64_MAX - w;
	u->t0 = t0;
	u->t1 = t0 + w;
}

void core_follow_cursor(struct viewer *u)
{
	uint64_t w = core_width(u);
	if (u->cursor < u->t0)
		core_set_window(u, u->cursor, w);
	else if (u->cursor >= u->t1)
		core_set_window(u, u->cursor - w / 2, w);
}

void core_zoom(struct viewer *u, bool in, int anchor_col)
{
	uint64_t w = core_width(u);
	uint64_t nw = in ? w / 2 : (w > UINT64_MAX / 2 ? w : w * 2);
	uint64_t full = core_run_end(u) - core_run_start(u);
	if (!in && nw > full)
		nw = full;
	uint64_t minw = (uint64_t)u->L.plotw;
	if (in && nw < minw)
		nw = minw; /* one nanosecond per column */
	if (nw == w) {
		core_say(u, in ? "zoomed in as far as 1 ns per column" : "the whole run is in view");
		return;
	}
	/* keep the anchor (the cursor, or the mouse) on its column */
	uint64_t at = anchor_col >= 0 ? layout_col_to_time(u->t0, u->t1, u->L.plotw, anchor_col)
				      : u->cursor;
	double frac = w ? (double)(at - u->t0) / (double)w : 0.5;
	uint64_t off = (uint64_t)(frac * (double)nw);
	core_set_window(u, at > off ? at - off : 0, nw);
	u->sel_valid = false;
}

void core_go_time(struct viewer *u, uint64_t t)
{
	u->cursor = t;
	core_follow_cursor(u);
	u->sel_valid = false;
}

static void say_gc(struct viewer *u, const struct gcc *g)
{
	char a[32], b[32], c[32], who[48] = "";
	if (g->cap != EV_NO_CAP)
		snprintf(who, sizeof who, " (from cap %d)", g->cap);
	/* the pause first: the line is cut at the screen's edge */
	core_say(u, "GC at %s: pause %s, gen %d%s, span %s over %u cap%s%s, %llu bytes copied",
	       core_fmt_moment(a, 32, g->start), time_format(b, 32, g->pause), g->gen,
	       gcsv_major(&u->r->run.tr, &u->r->gcc, g) ? " (major)" : "",
	       time_format(c, 32, g->span_end - g->span_start), g->ncaps, g->ncaps == 1 ? "" : "s",
	       who, (unsigned long long)g->copied);
}

/* Puts a collection in view at a useful zoom: its span (every capability
 * in it) takes about a third of the screen unless it already shows wider. */
void core_go_gc(struct viewer *u, const struct gcc *g)
{
	uint64_t s0 = g->span_start < g->start ? g->span_start : g->start;
	uint64_t s1 = g->span_end > g->end ? g->span_end : g->end;
	uint64_t span = s1 - s0 ? s1 - s0 : 1;
	uint64_t w = core_width(u);
	int cols = (int)((double)span / (double)w * u->L.plotw);
	if (s0 < u->t0 || s1 >= u->t1 || cols < u->L.plotw / 8)
		core_set_window(u, s0 > span ? s0 - span : 0, span * 3);
	u->cursor = g->start;
	u->sel_valid = false;
	say_gc(u, g);
}

void core_mark_range(const struct viewer *u, uint64_t *lo, uint64_t *hi)
{
	uint64_t a = u->mark_a, b = u->marking ? u->cursor : u->mark_b;
	*lo = a < b ? a : b;
	*hi = a < b ? b : a;
}

/* ---- the global handlers: one per action, but for the panels' own ---- */

static void do_nothing(struct viewer *u, enum action a)
{
	(void)u;
	(void)a;
}

static void do_quit(struct viewer *u, enum action a)
{
	(void)a;
	u->quit = true;
}

static void do_suspend(struct viewer *u, enum action a)
{
	(void)a;
	u->request = CORE_SUSPEND;
}

/* A pane's action with no pane to take it (or one that does not). */
static void do_pane_only(struct viewer *u, enum action a)
{
	core_say(u, "%s: in the heap view (%s) or the profile view (%s)", action_name(a),
		 core_key_for(u, ACT_HEAP_VIEW), core_key_for(u, ACT_PROFILE_VIEW));
}

/* "interval marked: z zooms to it, s shows its statistics", in the keymap's keys. */
static void say_marked(struct viewer *u)
{
	core_say(u, "interval marked: %s zooms to it, %s shows its statistics",
		 core_key_for(u, ACT_ZOOM_MARK), core_key_for(u, ACT_STATS));
}

static void do_redraw(struct viewer *u, enum action a)
{
	(void)a;
	u->request = CORE_REDRAW;
}

static void do_zoom(struct viewer *u, enum action a)
{
	core_zoom(u, a == ACT_ZOOM_IN, -1);
}

static void do_zoom_fit(struct viewer *u, enum action a)
{
	(void)a;
	core_set_window(u, core_run_start(u), core_run_end(u) - core_run_start(u));
	u->sel_valid = false;
}

/* A column to the left or right, from the start of the cursor's column
 * when it is in view. */
static void do_step(struct viewer *u, enum action a)
{
	uint64_t col = core_col_ns(u);
	int c = layout_time_to_col(u->t0, u->t1, u->L.plotw, u->cursor);
	if (a == ACT_LEFT) {
		uint64_t t = c > 0 ? layout_col_to_time(u->t0, u->t1, u->L.plotw, c - 1)
			     : u->cursor > core_run_start(u) + col ? u->cursor - col : core_run_start(u);
		core_go_time(u, t < core_run_start(u) ? core_run_start(u) : t);
	} else {
		uint64_t t = c >= 0 ? layout_col_to_time(u->t0, u->t1, u->L.plotw, c + 1) : u->cursor + col;
		core_go_time(u, t < core_run_end(u) && t > u->cursor ? t : run_last(u));
	}
}

static void do_page(struct viewer *u, enum action a)
{
	uint64_t w = core_width(u);
	if (a == ACT_PAGE_LEFT) {
		core_set_window(u, u->t0 > w ? u->t0 - w : 0, w);
		u->cursor = u->cursor > w ? u->cursor - w : core_run_start(u);
	} else {
		core_set_window(u, u->t0 + w, w);
		u->cursor += w;
		if (u->cursor > run_last(u))
			u->cursor = run_last(u);
	}
	if (u->cursor < u->t0)
		u->cursor = u->t0;
	u->sel_valid = false;
}

static void do_go_end(struct viewer *u, enum action a)
{
	core_go_time(u, a == ACT_GO_START ? core_run_start(u) : run_last(u));
}

static void do_mark(struct viewer *u, enum action a)
{
	(void)a;
	if (!u->marking) {
		u->marking = 1;
		u->has_mark = false;
		u->mark_a = u->cursor;
		core_say(u, "interval started: %s again to end it", core_key_for(u, ACT_MARK));
	} else {
		u->marking = 0;
		u->mark_b = u->cursor;
		u->has_mark = u->mark_b != u->mark_a;
		if (u->has_mark)
			say_marked(u);
		else
			core_say(u, "empty interval");
	}
}

/* z: the window to the marked interval, cut to the run (a mark may come
 * from a session file written for a longer run). */
static void do_zoom_mark(struct viewer *u, enum action a)
{
	(void)a;
	if (!u->has_mark) {
		core_say(u, "no interval: %s marks one", core_key_for(u, ACT_MARK));
		return;
	}
	uint64_t lo, hi, rlo = core_run_start(u), rhi = core_run_end(u);
	core_mark_range(u, &lo, &hi);
	if (lo < rlo)
		lo = rlo;
	if (hi > rhi)
		hi = rhi;
	if (hi <= lo) {
		core_say(u, "the interval is outside the run");
		return;
	}
	core_set_window(u, lo, hi - lo);
	u->cursor = lo;
	u->sel_valid = false;
}

static void do_gc_step(struct viewer *u, enum action a)
{
	bool major = a == ACT_NEXT_MAJOR_GC || a == ACT_PREV_MAJOR_GC;
	bool next = a == ACT_NEXT_GC || a == ACT_NEXT_MAJOR_GC;
	size_t i; /* every collection, where the list stopped (gcs_compact.h) */
	if (next ? gcsv_next(&u->r->run.tr, &u->r->gcc, u->cursor, major, &i)
		 : gcsv_prev(&u->r->run.tr, &u->r->gcc, u->cursor, major, &i)) {
		struct gcc g = gcsv_at(&u->r->run.tr, &u->r->gcc, i);
		core_go_gc(u, &g);
	} else
		core_say(u, "no %s%s GC", next ? "later" : "earlier", major ? " major" : "");
}

static void do_toggle_filters(struct viewer *u, enum action a)
{
	(void)a;
	if (u->filters == CLASS_ALL) {
		u->filters = u->saved_filters != CLASS_ALL ? u->saved_filters : 0;
	} else {
		u->saved_filters = u->filters;
		u->filters = CLASS_ALL;
	}
	u->sel_valid = false;
}

static void do_toggle_times(struct viewer *u, enum action a)
{
	(void)a;
	u->raw_times = !u->raw_times;
	core_say(u, "%s", u->raw_times ? "event times in nanoseconds" : "event times in the ruler's unit");
}

static void do_lanes(struct viewer *u, enum action a)
{
	u->lanes_top += a == ACT_LANES_UP ? -1 : 1;
}

/* A row more or fewer per lane, from the height drawn (the layout's
 * choice, or the user's), within 1 .. LAYOUT_LANE_H_MAX and what the
 * screen leaves the lanes. */
static void do_lane_height(struct viewer *u, enum action a)
{
	int h = u->L.lane_h > 0 ? u->L.lane_h : 1;
	int want = h + (a == ACT_LANES_TALLER ? 1 : -1);
	if (want < 1 || want > LAYOUT_LANE_H_MAX) {
		core_say(u, "lanes: %d row%s per capability, the %s", h, h == 1 ? "" : "s",
			 want < 1 ? "fewest" : "most");
		return;
	}
	struct layout probe;
	if (u->ready && u->other)
		layout_compute_two_h(&probe, u->L.rows, u->L.cols, u->r->run.tr.ncaps, u->other->run.tr.ncaps,
				     u->lanes_top, !u->swapped, want);
	else
		layout_compute_h(&probe, u->L.rows, u->L.cols, u->r->run.tr.ncaps, u->lanes_top, want);
	if (probe.lane_h != want) {
		core_say(u, "lanes: %d row%s per capability, the most this screen has room for", h,
			 h == 1 ? "" : "s");
		return;
	}
	u->lane_h = want;
	core_say(u, "lanes: %d row%s per capability (rc: set lane-height %d)", want,
		 want == 1 ? "" : "s", want);
}

static void do_cancel(struct viewer *u, enum action a)
{
	(void)a;
	u->marking = 0;
	u->has_mark = false;
}

typedef void (*action_fn)(struct viewer *u, enum action a);

/* Every action that no panel opens on. */
static const action_fn handlers[ACT_COUNT] = {
	[ACT_NONE] = do_nothing,
	[ACT_QUIT] = do_quit,
	[ACT_SUSPEND] = do_suspend,
	[ACT_ZOOM_IN] = do_zoom,
	[ACT_ZOOM_OUT] = do_zoom,
	[ACT_ZOOM_FIT] = do_zoom_fit,
	[ACT_LEFT] = do_step,
	[ACT_RIGHT] = do_step,
	[ACT_PAGE_LEFT] = do_page,
	[ACT_PAGE_RIGHT] = do_page,
	[ACT_GO_START] = do_go_end,
	[ACT_GO_END] = do_go_end,
	[ACT_MARK] = do_mark,
	[ACT_ZOOM_MARK] = do_zoom_mark,
	[ACT_NEXT_GC] = do_gc_step,
	[ACT_PREV_GC] = do_gc_step,
	[ACT_NEXT_MAJOR_GC] = do_gc_step,
	[ACT_PREV_MAJOR_GC] = do_gc_step,
	[ACT_TOGGLE_FILTERS] = do_toggle_filters,
	[ACT_TOGGLE_TIMES] = do_toggle_times,
	[ACT_LANES_UP] = do_lanes,
	[ACT_LANES_DOWN] = do_lanes,
	[ACT_LANES_TALLER] = do_lane_height,
	[ACT_LANES_SHORTER] = do_lane_height,
	[ACT_SELECT] = do_nothing,
	[ACT_CANCEL] = do_cancel,
	[ACT_REDRAW] = do_redraw,
	[ACT_PANE_MODE] = do_pane_only,
	[ACT_PANE_SORT] = do_pane_only,
	[ACT_PANE_SCOPE] = do_pane_only,
	[ACT_PANE_CAP] = do_pane_only,
	[ACT_TOGGLE_BUILTIN] = do_pane_only,
	[ACT_HIGHLIGHT] = do_pane_only,
	[ACT_EXPAND_ALL] = do_pane_only,
	[ACT_PANE_MORE] = do_pane_only,
	[ACT_PANE_FEWER] = do_pane_only,
};

bool core_action_handled(const struct viewer *u, enum action a)
{
	return a < ACT_COUNT && (handlers[a] || view_for_action(u, a) || view_taking(u, a));
}

/* ---- panels ---- */

void core_view_close(struct viewer *u)
{
	const struct view_ops *v = u->view;
	u->view = NULL;
	if (v && v->close)
		v->close(u);
}

void core_pane_close(struct viewer *u)
{
	const struct view_ops *v = u->pane;
	u->pane = NULL;
	if (v && v->close)
		v->close(u);
}

void core_pane_toggle(struct viewer *u, const struct view_ops *v)
{
	bool shown = u->pane == v;
	core_pane_close(u);
	if (shown || (v->open && !v->open(u)))
		return;
	u->pane = v;
}

void core_view_open(struct viewer *u, const struct view_ops *v)
{
	if (v->pane) {
		core_pane_toggle(u, v);
		return;
	}
	core_view_close(u);
	if (v->open && !v->open(u))
		return;
	u->view = v;
	u->pl = (struct pane_list){ 0 };
}

bool core_panel_act(struct viewer *u, enum action a)
{
	pane_list_set(&u->pl, u->view->rows(u));
	if (u->pl.h <= 0)
		u->pl.h = u->L.rows / 2 + 1; /* not drawn yet: half a screen a page */
	if (pane_list_act(&u->pl, a, true))
		return true;
	switch (a) {
	case ACT_SELECT:
		if (u->view->select)
			u->view->select(u);
		else
			core_view_close(u);
		return true;
	case ACT_CANCEL:
	case ACT_QUIT: core_view_close(u); return true;
	case ACT_SUSPEND:
	case ACT_TOGGLE_FILTERS: return false;
	default: core_view_close(u); return false;
	}
}

enum core_request core_act(struct viewer *u, enum action a)
{
	/* Ctrl-L draws the screen anew and does nothing else: before any
	 * panel or pane sees it (a panel closes on an action it does not
	 * take), and the message stays */
	if (a == ACT_REDRAW) {
		do_redraw(u, a);
		return u->request;
	}
	u->msg[0] = 0;
	u->request = CORE_NOTHING;
	const struct view_ops *v = u->view;
	if (v) {
		bool taken = v->act ? v->act(u, a) : v->rows ? core_panel_act(u, a) : false;
		if (taken)
			return u->request;
	}
	if (!u->ready && !action_early(a)) {
		u->deferred = true; /* it needs the log: core_key keeps the key */
		return u->request;
	}
	/* the pane, but not its own toggle (which hides it) */
	const struct view_ops *p = u->pane;
	if (p && p->act && p->opens_on != a && p->act(u, a))
		return u->request;
	const struct view_ops *opens = view_for_action(u, a);
	const struct view_ops *g = opens ? NULL : view_taking(u, a);
	if (opens)
		core_view_open(u, opens);
	else if (g && g->act && g->act(u, a))
		;
	else if (a < ACT_COUNT && handlers[a])
		handlers[a](u, a);
	return u->request;
}

const char *core_key_for(const struct viewer *u, enum action a)
{
	const char *k = u->km ? keymap_key(u->km, a, 0) : NULL;
	return k ? k : action_name(a);
}

enum action core_lookup(const struct viewer *u, const char *key)
{
	return u->km ? keymap_lookup(u->km, key) : ACT_NONE;
}

enum prompt_action core_prompt_lookup(const struct viewer *u, const char *key)
{
	return keymap_prompt_lookup(u->mapname ? u->mapname : "default", key);
}

/* Actions taken at once while loading, and not kept: they change nothing
 * of the view. */
static bool urgent(enum action a)
{
	return a == ACT_QUIT || a == ACT_SUSPEND || a == ACT_REDRAW;
}

/* A key while the log loads. Every key but the urgent ones is kept, to be
 * taken again in order once loaded (so that the view is the one the keys
 * give a fresh open). The early actions act on the skeleton at once until
 * a key needs the log; from that one on, keys wait. */
static void keep_key(struct viewer *u, const char *key)
{
	if (u->npending < PENDING_MAX)
		snprintf(u->pending[u->npending++], sizeof u->pending[0], "%s", key);
}

static enum core_request key_loading(struct viewer *u, const char *key, enum action a)
{
	if (u->npending >= PENDING_MAX && !urgent(a)) {
		core_say(u, "too many keys while the log loads: this one is dropped");
		return u->request;
	}
	bool now = !u->nwaiting || urgent(a);
	if (now && u->view && u->view->key && u->view->key(u, key)) {
		keep_key(u, key); /* text in a prompt, even q */
		return u->request;
	}
	if (!urgent(a))
		keep_key(u, key);
	if (now) {
		u->deferred = false;
		enum core_request r = core_act(u, a);
		if (!u->deferred)
			return r;
	}
	u->nwaiting++;
	core_say(u, "%zu key%s wait%s for the log to load", u->nwaiting, u->nwaiting == 1 ? "" : "s",
		 u->nwaiting == 1 ? "s" : "");
	return u->request;
}

enum core_request core_key(struct viewer *u, const char *key)
{
	u->request = CORE_NOTHING;
	if (!u->ready)
		return key_loading(u, key, core_lookup(u, key));
	if (u->view && u->view->key && u->view->key(u, key))
		return u->request;
	return core_act(u, core_lookup(u, key));
}

enum core_request core_take_pending(struct viewer *u)
{
	enum core_request r = CORE_NOTHING;
	size_t n = u->npending;
	u->npending = u->nwaiting = 0;
	for (size_t i = 0; i < n; i++) {
		enum core_request k = core_key(u, u->pending[i]);
		if (k != CORE_NOTHING)
			r = k;
	}
	return r;
}

void core_mouse(struct viewer *u, const struct input_event *ev)
{
	int col = ev->mouse.x - u->L.plotx; /* as the last frame drew */
	bool in_plot = col >= 0 && col < u->L.plotw && ev->mouse.y < u->L.list0;
	switch (ev->mouse.kind) {
	case MOUSE_WHEEL_UP:
	case MOUSE_WHEEL_DOWN:
		if (in_plot)
			core_zoom(u, ev->mouse.kind == MOUSE_WHEEL_UP, col);
		else /* the pane's or the event list's rows, as up and down move them */
			for (int i = 0; i < 3; i++)
				core_act(u, ev->mouse.kind == MOUSE_WHEEL_UP ? ACT_UP : ACT_DOWN);
		break;
	case MOUSE_PRESS:
		if (!in_plot)
			break;
		u->dragging = true;
		u->drag_col = col;
		core_go_time(u, layout_col_to_time(u->t0, u->t1, u->L.plotw, col));
		break;
	case MOUSE_DRAG:
		if (u->dragging && in_plot && col != u->drag_col) {
			u->mark_a = layout_col_to_time(u->t0, u->t1, u->L.plotw, u->drag_col);
			u->marking = 1;
			u->cursor = layout_col_to_time(u->t0, u->t1, u->L.plotw, col);
		}
		break;
	case MOUSE_RELEASE:
		if (u->dragging && u->marking) {
			u->marking = 0;
			u->mark_b = layout_col_to_time(u->t0, u->t1, u->L.plotw, in_plot ? col : u->drag_col);
			u->has_mark = u->mark_b != u->mark_a;
			say_marked(u);
		}
		u->dragging = false;
		break;
	}
}

/* ---- life ---- */

bool core_init(struct viewer *u, const struct viewer_opts *o, const struct view_ops *const *views)
{
	memset(u, 0, sizeof *u);
	u->o = *o;
	while (views[u->nviews])
		u->nviews++;
	if (u->nviews > VIEWS_MAX)
		return false;
	u->views = views;
	u->priv = calloc(u->nviews ? u->nviews : 1, sizeof *u->priv);
	for (size_t i = 0; u->priv && i < u->nviews; i++)
		if (!(u->priv[i] = calloc(1, views[i]->private_size ? views[i]->private_size : 1)))
			break;
	for (size_t i = 0; i < u->nviews; i++)
		if (!u->priv || !u->priv[i])
			return false;
	u->raw_max = DEFAULT_RAW_MAX;
	u->heap_bands = RC_HEAP_BANDS_DEFAULT;
	u->mapname = "default";
	u->r = &u->runs[0];
	viewer_run_init(u, u->r, o->path);
	return true;
}

void core_before_load(struct viewer *u)
{
	u->ready = false;
	core_set_window(u, core_run_start(u), core_run_end(u) - core_run_start(u));
	u->cursor = core_run_start(u);
	u->filters = u->saved_filters = CLASS_ALL;
	u->list_cap = LIST_ANY;
}

void core_after_load(struct viewer *u)
{
	core_view_close(u); /* a panel opened while loading opens again (core_take_pending) */
	u->marking = 0;
	u->has_mark = false;
	u->lanes_top = 0;
	u->ready = true;
	core_set_window(u, core_run_start(u), core_run_end(u) - core_run_start(u));
	u->cursor = core_run_start(u);
	u->filters = u->saved_filters = CLASS_ALL;
	u->list_thread = 0;
	u->list_cap = LIST_ANY;
	if (u->r->run.s.stop == STOP_TRUNCATED)
		core_say(u, "the log is truncated at byte %llu", (unsigned long long)u->r->run.s.stop_off);
	else if (u->r->run.s.ngaps)
		core_say(u, "%llu stretches of undecodable data were skipped",
		       (unsigned long long)u->r->run.s.ngaps);
	else if (!u->msg[0] || u->nwaiting)
		core_say(u, "? for help");
}

void core_free(struct viewer *u)
{
	core_view_close(u);
	core_pane_close(u);
	for (size_t i = 0; u->priv && i < u->nviews; i++)
		if (u->priv[i] && u->views[i]->done)
			u->views[i]->done(u);
	if (u->has_re)
		regfree(&u->re);
	u->has_re = false;
	for (size_t i = 0; i < u->nspans; i++) {
		free(u->span_start[i]);
		free(u->span_stop[i]);
	}
	u->nspans = 0;
	free(u->ruler_messages);
	free(u->ruler_phases);
	u->ruler_messages = u->ruler_phases = NULL;
	viewer_run_free(u->r);
	if (u->other)
		viewer_run_free(u->other);
	keymap_free(u->km);
	u->km = NULL;
	if (u->in)
		input_free(u->in);
	u->in = NULL;
	for (size_t i = 0; u->priv && i < u->nviews; i++)
		free(u->priv[i]);
	free(u->priv);
	u->priv = NULL;
	u->nviews = 0;
}
