/* The cost-centre profile pane: the time samples of +RTS -p -l counted
 * as the .prof counts them, over the whole run, the marked interval or the
 * window in view, on every capability or one, the RTS's own cost centres
 * left out unless asked for; as the .prof's tree (a node per stack, open
 * or closed) or a flat list (a row per cost centre). Draws the title and
 * the selected cost centre's ticks on the lanes, and takes the pane's
 * actions; what it shows is built by profile_tree.c, its rows drawn by
 * profile_rows.c. Time navigation is
 * not the pane's: those actions fall to the global handlers and the pane
 * follows the window or the mark. */
#include "draw.h"
#include "loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/order.h"
#include "core.h"
#include "lane_mark.h"
#include "profile_tree.h"

#define NO_PROFILE "no time profile in this log: run a profiled build with +RTS -p -l"
#define NO_PROFILE_TWO "no time profile in either run: run profiled builds with +RTS -p -l"

extern const struct view_ops view_profile;

static struct prof_pane *profpane_of(const struct viewer *u)
{
	return view_state(u, &view_profile);
}

/* A time profile to show: the log's, or with two runs either's. */
static bool have_profile(const struct viewer *u)
{
	return u->r->run.h.tick_events || (core_two(u) && u->other->run.h.tick_events);
}

static const char *order_name(enum cctree_order by)
{
	return by == CCT_BY_SELF ? "individual" : by == CCT_BY_NAME ? "name" : "inherited";
}

/* "whole run, all caps", "marked interval A..B, cap 1", ... */
static void scope_text(const struct viewer *u, char *buf, size_t n)
{
	const struct prof_pane *pp = profpane_of(u);
	char a[32], b[32], cap[24] = "all caps";
	if (pp->cap >= 0)
		snprintf(cap, sizeof cap, "cap %d", pp->cap);
	/* to the microsecond, or to the column when columns are finer */
	uint64_t res = core_col_ns(u) < 1000 ? core_col_ns(u) : 1000;
	if (pp->scope == SC_MARK && u->has_mark)
		snprintf(buf, n, "marked interval %s..%s, %s", time_format_res(a, 32, pp->from, res),
			 time_format_res(b, 32, pp->to, res), cap);
	else if (pp->scope == SC_MARK)
		snprintf(buf, n, "whole run (no interval marked yet), %s", cap);
	else
		snprintf(buf, n, "%s, %s", pp->scope == SC_WINDOW ? "window in view" : "whole run", cap);
}

/* ---- drawing ---- */

static void prof_draw_title(struct viewer *u, int y)
{
	const struct prof_pane *pp = profpane_of(u);
	char s[160], b[400];
	scope_text(u, s, sizeof s);
	int n = snprintf(b, sizeof b, "profile: %s: %llu ticks", s, (unsigned long long)pp->t.total);
	size_t w = n > 0 && (size_t)n < sizeof b ? (size_t)n : 0;
	if (pp->with_builtin)
		w += (size_t)snprintf(b + w, sizeof b - w, "; built-ins shown (%s: hide them)",
				      core_key_for(u, ACT_TOGGLE_BUILTIN));
	else
		w += (size_t)snprintf(b + w, sizeof b - w, "; %llu on built-ins left out (%s: show them)",
				      (unsigned long long)pp->t.left_out, core_key_for(u, ACT_TOGGLE_BUILTIN));
	if (w < sizeof b && pp->t.unknown)
		w += (size_t)snprintf(b + w, sizeof b - w, "; %llu on undefined cost centres",
				      (unsigned long long)pp->t.unknown);
	if (w < sizeof b)
		w += (size_t)snprintf(b + w, sizeof b - w, "; %s by %s", pp->flat ? "flat" : "tree",
				      order_name(pp->flat ? pp->flat_by : pp->tree_by));
	if (w < sizeof b && u->r->run.h.over_budget)
		w += (size_t)snprintf(b + w, sizeof b - w, "; partial (memory budget)");
	if (w < sizeof b && pp->t.cut && !pp->flat)
		w += (size_t)snprintf(b + w, sizeof b - w,
				      "; tree cut at its memory budget: %llu ticks below its nodes (the flat list has them)",
				      (unsigned long long)pp->t.cut);
	if (w < sizeof b && pp->oom)
		snprintf(b + w, sizeof b - w, "; out of memory: figures of the last scope");
	attron(A_BOLD);
	mvaddnstr(y, 0, b, u->L.cols);
	attroff(A_BOLD);
}

/* The rows of the list part (under the title and the header). */
static int list_rows(const struct viewer *u)
{
	int n = u->L.nlist;
	return n >= 3 ? n - 2 : n - 1 > 0 ? n - 1 : 0;
}

static void cmp_draw(struct viewer *u, struct pane_area A);

static void prof_draw(struct viewer *u)
{
	struct pane_area A = pane_frame(u, NULL);
	struct prof_pane *pp = profpane_of(u);
	if (A.h <= 0)
		return;
	if (core_two(u)) {
		cmp_draw(u, A);
		return;
	}
	if (!u->r->run.h.tick_events) {
		mvaddnstr(A.y, 0, NO_PROFILE, A.cols);
		return;
	}
	prof_sync(u, pp);
	if (!pp->built) {
		mvaddnstr(A.y, 0, "profile: out of memory", A.cols);
		return;
	}
	prof_draw_title(u, A.y);
	int h = list_rows(u);
	pane_list_show(&pp->pl, h);
	prof_rows_draw(u, pp, A.y + 1, h, A.cols, A.h >= 3);
}

/* ---- two runs: A, B and the change ---- */

/* "profile: whole run, all caps: A 310 ticks, B 584 ticks; ...". */
static void cmp_draw_title(struct viewer *u, int y)
{
	const struct prof_pane *pp = profpane_of(u);
	const struct pcmp *c = &pp->cmp;
	char s[160], b[480], side[2][48];
	scope_text(u, s, sizeof s);
	for (int k = 0; k < 2; k++) {
		if (c->prof[k])
			snprintf(side[k], sizeof side[k], "%llu ticks", (unsigned long long)c->total[k]);
		else
			snprintf(side[k], sizeof side[k], "no time profile");
	}
	int n = snprintf(b, sizeof b, "profile: %s: A %s, B %s; %s by %s", s, side[0], side[1],
			 pp->flat ? "flat" : "tree", pcmp_order_name(pp->flat ? pp->cflat_by : pp->ctree_by));
	size_t w = n > 0 && (size_t)n < sizeof b ? (size_t)n : 0;
	if (pp->with_builtin)
		w += (size_t)snprintf(b + w, sizeof b - w, "; built-ins shown (%s: hide them)",
				      core_key_for(u, ACT_TOGGLE_BUILTIN));
	else { /* of the runs with a profile */
		char lo[2][32] = { "", "" };
		for (int k = 0; k < 2; k++)
			if (c->prof[k])
				snprintf(lo[k], sizeof lo[k], "%s%s %llu", k && c->prof[0] ? ", " : "", k ? "B" : "A",
					 (unsigned long long)c->left_out[k]);
		w += (size_t)snprintf(b + w, sizeof b - w, "; %s%s on built-ins left out (%s: show them)", lo[0],
				      lo[1], core_key_for(u, ACT_TOGGLE_BUILTIN));
	}
	if (w < sizeof b && (c->unknown[0] || c->unknown[1]))
		w += (size_t)snprintf(b + w, sizeof b - w, "; A %llu, B %llu on undefined cost centres",
				      (unsigned long long)c->unknown[0], (unsigned long long)c->unknown[1]);
	if (w < sizeof b && (prof_cmp_heap(u, PC_A)->over_budget || prof_cmp_heap(u, PC_B)->over_budget))
		w += (size_t)snprintf(b + w, sizeof b - w, "; partial (memory budget)");
	if (w < sizeof b && profpane_of(u)->cut && !profpane_of(u)->flat)
		w += (size_t)snprintf(b + w, sizeof b - w,
				      "; trees cut at their memory budget: %llu ticks below their nodes (the flat list has them)",
				      (unsigned long long)profpane_of(u)->cut);
	if (w < sizeof b && pp->oom)
		snprintf(b + w, sizeof b - w, "; out of memory: figures of the last scope");
	attron(A_BOLD);
	mvaddnstr(y, 0, b, u->L.cols);
	attroff(A_BOLD);
}

/* Neither run has a time profile: said, with the runs' files. */
static void cmp_draw_none(struct viewer *u, int y)
{
	const char *p[2] = { u->r->run.path, u->other->run.path };
	if (u->swapped) {
		p[0] = u->other->run.path;
		p[1] = u->r->run.path;
	}
	char b[600];
	for (int k = 0; k < 2; k++) {
		const char *sl = strrchr(p[k], '/');
		p[k] = sl ? sl + 1 : p[k];
	}
	int n = snprintf(b, sizeof b, "%s (A %s, B %s)", NO_PROFILE_TWO, p[0], p[1]);
	/* the files' names as draw_safe escapes them */
	draw_safe(y, 0, (const uint8_t *)b, n > 0 ? strlen(b) : 0, u->L.cols, u->ascii);
}

static void cmp_draw(struct viewer *u, struct pane_area A)
{
	struct prof_pane *pp = profpane_of(u);
	if (!have_profile(u)) {
		cmp_draw_none(u, A.y);
		return;
	}
	prof_sync(u, pp);
	if (!pp->built) {
		mvaddnstr(A.y, 0, "profile: out of memory", A.cols);
		return;
	}
	cmp_draw_title(u, A.y);
	int h = list_rows(u);
	pane_list_show(&pp->pl, h);
	prof_cmp_rows_draw(u, pp, A.y + 1, h, A.cols, A.h >= 3);
}

static bool hl_before_cap(const void *elem, const void *key)
{
	return ((const struct hl_tick *)elem)->cap < *(const int32_t *)key;
}

static bool hl_upto_cap(const void *elem, const void *key)
{
	return ((const struct hl_tick *)elem)->cap <= *(const int32_t *)key;
}

static bool hl_before_time(const void *elem, const void *key)
{
	return ((const struct hl_tick *)elem)->time < *(const uint64_t *)key;
}

/* On the capability lanes shown, each column holding a tick of the
 * highlighted cost centre (on top of the stack, in the pane's scope and
 * on its capability) marked. */
static void prof_draw_lanes(struct viewer *u)
{
	struct prof_pane *pp = profpane_of(u);
	if (!view_shown(u, &view_profile) || !u->r->run.h.tick_events)
		return;
	prof_sync(u, pp); /* the lanes come first in a frame: the window may have moved */
	if (!pp->hl || !pp->nticks)
		return;
	const struct layout *L = &u->L;
	int curcol = layout_time_to_col(u->t0, u->t1, L->plotw, u->cursor);
	for (int i = 0; i < L->nlanes; i++) {
		size_t c = (size_t)(L->lanes_top + i);
		if (c >= u->r->run.tr.ncaps)
			break;
		int32_t cap = u->r->run.tr.caps[c];
		size_t lo = lower_bound(pp->ticks, pp->nticks, sizeof *pp->ticks, &cap, hl_before_cap);
		size_t hi = lower_bound(pp->ticks, pp->nticks, sizeof *pp->ticks, &cap, hl_upto_cap);
		for (int k = 0; lo < hi && k < L->plotw; k++) {
			uint64_t a = layout_col_to_time(u->t0, u->t1, L->plotw, k);
			uint64_t b = layout_col_to_time(u->t0, u->t1, L->plotw, k + 1);
			size_t j = lo + lower_bound(pp->ticks + lo, hi - lo, sizeof *pp->ticks, &a,
						    hl_before_time);
			if (j >= hi || pp->ticks[j].time >= b)
				continue;
			lane_mark_draw(u, L->lane0 + i * L->lane_h, L->plotx + k, k == curcol);
		}
	}
}

/* ---- actions ---- */

/* The flat list's cost centre in the tree: its heaviest node, shown. */
static void to_tree(struct prof_pane *pp)
{
	uint32_t cc = prof_sel_cc(pp);
	pp->flat = false;
	prof_tree_rows(pp, cc == CCT_NONE ? 0 : prof_heaviest_of(&pp->t, cc), true);
}

static void to_flat(struct prof_pane *pp)
{
	uint32_t cc = prof_sel_cc(pp);
	pp->flat = true;
	prof_flat_select(pp, cc);
}

/* The selected row's node in the tree (the root when there is none). */
static uint32_t sel_node(const struct prof_pane *pp)
{
	return pp->nrows ? pp->rows[pp->pl.sel] : 0;
}

static void toggle_node(struct viewer *u, struct prof_pane *pp)
{
	if (pp->flat) {
		to_tree(pp);
		return;
	}
	if (!pp->nrows)
		return;
	uint32_t k = sel_node(pp);
	if (pp->t.nodes[k].child == CCT_NONE) {
		core_say(u, "no cost centre under this one");
		return;
	}
	pp->open[k] = !pp->open[k];
	prof_tree_rows(pp, k, false);
}

static void expand_all(struct viewer *u, struct prof_pane *pp)
{
	if (pp->flat) {
		core_say(u, "%s: in the tree (%s)", action_name(ACT_EXPAND_ALL), core_key_for(u, ACT_PANE_MODE));
		return;
	}
	bool closed = false;
	for (size_t k = 0; k < pp->t.n && !closed; k++)
		closed = pp->t.nodes[k].child != CCT_NONE && !pp->open[k];
	for (size_t k = 0; k < pp->t.n; k++)
		pp->open[k] = closed || !k;
	prof_tree_rows(pp, sel_node(pp), false);
	core_say(u, "%s", closed ? "every node open" : "every node closed but the root");
}

static void sort_next(struct viewer *u, struct prof_pane *pp)
{
	if (pp->flat) {
		uint32_t cc = prof_sel_cc(pp);
		pp->flat_by = pp->flat_by == CCT_BY_SELF ? CCT_BY_INHERITED
			      : pp->flat_by == CCT_BY_INHERITED ? CCT_BY_NAME : CCT_BY_SELF;
		if (!prof_flat_make(u, pp)) {
			core_say(u, "out of memory");
			return;
		}
		prof_flat_select(pp, cc);
	} else {
		pp->tree_by = pp->tree_by == CCT_BY_INHERITED ? CCT_BY_SELF
			      : pp->tree_by == CCT_BY_SELF ? CCT_BY_NAME : CCT_BY_INHERITED;
		uint32_t k = sel_node(pp);
		cctree_sort(&pp->t, &u->r->run.h, pp->tree_by);
		prof_tree_rows(pp, k, false);
	}
	core_say(u, "sorted by %s", order_name(pp->flat ? pp->flat_by : pp->tree_by));
}

/* The highlight off: false when there was none (the action goes on). */
static bool prof_unhighlight(struct viewer *u, struct prof_pane *pp)
{
	if (!pp->hl)
		return false;
	prof_hl_clear(pp);
	core_say(u, "highlight cleared");
	return true;
}

static void highlight(struct viewer *u, struct prof_pane *pp)
{
	if (pp->flat && !pp->nfl) {
		core_say(u, "no tick in this scope");
		return;
	}
	uint32_t cc = prof_sel_cc(pp);
	if (pp->hl_cc == cc && prof_unhighlight(u, pp))
		return;
	prof_hl_clear(pp);
	pp->hl = true;
	pp->hl_cc = cc;
	prof_hl_compute(u, pp);
	struct cc_text x;
	prof_cc_text(&u->r->run.h, cc, &x);
	/* the label is escaped when the status line draws it */
	core_say(u, "%zu ticks with %.*s on top marked on the lanes; %s clears them", pp->nticks,
	       (int)(x.nlabel < 60 ? x.nlabel : 60), (const char *)x.label, core_key_for(u, ACT_CANCEL));
}

static void next_cap(const struct viewer *u, struct prof_pane *pp)
{
	long i = pp->capi + 1;
	while ((size_t)i < u->r->run.tr.ncaps && u->r->run.tr.caps[i] < 0)
		i++;
	pp->capi = (size_t)i < u->r->run.tr.ncaps ? i : -1;
}

/* The pane's own actions, on a built tree. */
static bool tree_act(struct viewer *u, struct prof_pane *pp, enum action a)
{
	if (core_two(u) && prof_cmp_act(u, pp, a))
		return true;
	switch (a) {
	case ACT_SELECT: toggle_node(u, pp); return true;
	case ACT_EXPAND_ALL: expand_all(u, pp); return true;
	case ACT_PANE_SORT: sort_next(u, pp); return true;
	case ACT_PANE_MODE:
		if (pp->flat)
			to_tree(pp);
		else
			to_flat(pp);
		return true;
	case ACT_PANE_SCOPE: /* the marked interval when there is one */
		pp->scope = pp->scope == SC_RUN ? (u->has_mark ? SC_MARK : SC_WINDOW)
			    : pp->scope == SC_MARK ? SC_WINDOW : SC_RUN;
		return true;
	case ACT_PANE_CAP: next_cap(u, pp); return true;
	case ACT_TOGGLE_BUILTIN: pp->builtin = !pp->builtin; return true;
	case ACT_HIGHLIGHT: highlight(u, pp); return true;
	case ACT_CANCEL: return prof_unhighlight(u, pp); /* else the mark's */
	default: return false;
	}
}

static bool prof_act(struct viewer *u, enum action a)
{
	struct prof_pane *pp = profpane_of(u);
	if (have_profile(u))
		prof_sync(u, pp);
	pane_list_show(&pp->pl, list_rows(u)); /* a page: the rows shown */
	if (pane_list_act(&pp->pl, a, false))
		return true;
	if (!have_profile(u)) {
		switch (a) {
		case ACT_SELECT: return true;
		case ACT_PANE_MODE: case ACT_PANE_SORT: case ACT_PANE_SCOPE: case ACT_PANE_CAP:
		case ACT_TOGGLE_BUILTIN: case ACT_HIGHLIGHT: case ACT_EXPAND_ALL:
			core_say(u, "%s", core_two(u) ? NO_PROFILE_TWO : NO_PROFILE);
			return true;
		default: return false;
		}
	}
	if (!pp->built) /* out of memory: the list's keys stay here */
		return a == ACT_SELECT;
	return tree_act(u, pp, a);
}

/* ---- life ---- */

static bool prof_open(struct viewer *u)
{
	struct prof_pane *pp = profpane_of(u);
	/* two runs: the flat list by change first (perf diff's) */
	*pp = (struct prof_pane){ .capi = -1, .tree_by = CCT_BY_INHERITED, .flat_by = CCT_BY_SELF,
				  .flat = core_two(u), .cflat_by = PC_BY_CHANGE, .ctree_by = PC_BY_WEIGHT };
	if (!loader_heap(u) || (core_two(u) && !loader_heap_of(u, u->other)))
		return false;
	if (!have_profile(u)) {
		core_say(u, "%s", core_two(u) ? NO_PROFILE_TWO : NO_PROFILE);
		return true;
	}
	prof_sync(u, pp);
	core_hint(u, "%s open/close, %s sort, %s %s, %s scope, %s cap, %s built-ins, %s mark ticks, %s back",
	       core_key_for(u, ACT_SELECT), core_key_for(u, ACT_PANE_SORT), core_key_for(u, ACT_PANE_MODE),
	       pp->flat ? "tree" : "flat",
	       core_key_for(u, ACT_PANE_SCOPE), core_key_for(u, ACT_PANE_CAP),
	       core_key_for(u, ACT_TOGGLE_BUILTIN), core_key_for(u, ACT_HIGHLIGHT),
	       core_key_for(u, ACT_PROFILE_VIEW));
	return true;
}

/* The log grew: while the pane shows, the tree and the marked ticks are
 * made again on the next frame (the open nodes carried over, as for a new
 * scope). Two runs: the other-run action swaps them, the comparison is
 * made again (its selection kept), the highlight cleared. */
static void prof_reload(struct viewer *u, bool before)
{
	if (before && core_two(u)) /* the runs swap: what names the shown run's ids goes */
		prof_cmp_forget(profpane_of(u));
	if (!before && view_shown(u, &view_profile))
		profpane_of(u)->stale = true;
}

/* Closed, or the viewer's end: the tree and the marked ticks freed (the
 * marks leave the lanes), the choices forgotten. */
static void prof_close(struct viewer *u)
{
	prof_free(profpane_of(u));
}

const struct view_ops view_profile = {
	.name = "profile",
	.pane = true,
	.opens_on = ACT_PROFILE_VIEW,
	.open = prof_open,
	.close = prof_close,
	.reload = prof_reload,
	.draw = prof_draw,
	.act = prof_act,
	.draw_lanes = prof_draw_lanes,
	.private_size = sizeof(struct prof_pane),
	.done = prof_close,
};
