/* The cost-centre profile: a pane under the lanes with the time samples of
 * +RTS -p -l counted as the .prof counts them (model/cctree.h), over the
 * whole run, the marked interval or the window in view, on every
 * capability or one; the RTS's own cost centres (GC, IDLE, SYSTEM, ...)
 * left out unless asked for, as the .prof leaves them out.
 *
 * Two modes: the .prof's tree (a node per stack, indented by depth, with
 * its individual and inherited ticks and %time; a node's children show
 * when it is open; at first the root and the heaviest path from it, the
 * child with the most inherited ticks at each level, are open), and the
 * flat list (a row per cost centre). Rebuilding for another scope,
 * capability or the built-ins keeps the nodes open and the selection on
 * the same path of cost centres where they still exist.
 *
 * The selected cost centre's ticks (those where it was on top of the
 * stack, in the scope and on the capability) can be marked on the lanes:
 * profile_draw_lane_ticks, called by the timeline. Closing the pane clears
 * the mark. Time navigation is not the pane's: those actions fall to the
 * global handlers and the pane follows the window or the mark. */
#include "view_profile.h"

#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../keymaps/keymaps.h"
#include "../model/cctree.h"
#include "../model/order.h"
#include "../parser/render.h"
#include "core.h"

#define G_TICKMARK(u) ((u)->ascii ? "o" : "\u2022")  /* • a tick on the lanes */
#define G_OPEN(u) ((u)->ascii ? "-" : "\u25be")      /* ▾ */
#define G_CLOSED(u) ((u)->ascii ? "+" : "\u25b8")    /* ▸ */
#define MODULE_MAX 24 /* the module column at most */
#define NUMS_W 34     /* "individual %time  inherited %time" */
#define NUMS_W_SHORT 15 /* "inherited %time" */
#define NO_PROFILE "no time profile in this log: run a profiled build with +RTS -p -l"

enum scope { SC_RUN, SC_MARK, SC_WINDOW };

/* A tick of the highlighted cost centre; sorted by capability, then time. */
struct hl_tick {
	int32_t cap;
	uint64_t time;
};

struct prof_pane {
	/* what is asked for */
	enum scope scope;
	long capi; /* an index into u->tr.caps, or -1: every capability */
	bool builtin;
	bool flat;
	enum cctree_order tree_by, flat_by;
	/* the tree built for it */
	bool built, oom;
	uint64_t from, to; /* its ticks' times, inclusive */
	int32_t cap;       /* its capability, or -1 */
	bool with_builtin;
	struct cctree t;
	bool *open;      /* per node: its children are shown */
	uint32_t *rows;  /* the nodes shown, in order (room for every node) */
	size_t nrows;
	struct cc_flat *fl; /* the flat list */
	size_t nfl;
	int wmod;        /* the module column's width */
	int wtree, wflat; /* the cost centre column's: the widest entry */
	int sel, top;    /* the selected row and the first one shown */
	/* the highlight: the ticks with hl_cc on top */
	bool hl;
	uint32_t hl_cc;
	struct hl_tick *ticks;
	size_t nticks;
	uint64_t hl_from, hl_to;
	int32_t hl_cap;
	bool stale; /* the log grew: build the tree and the ticks again */
};

/* ---- names ---- */

/* A cost centre's label and module as bytes from the file (escape them
 * before they reach the terminal): MAIN for the root, the empty stack;
 * <cc N> for an id the log does not define. */
struct cc_text {
	const uint8_t *label, *module;
	size_t nlabel, nmodule;
	char buf[24];
};

static void cc_text(const struct heap *h, uint32_t id, struct cc_text *x)
{
	const struct cost_centre *c = id == CCT_NONE ? NULL : heap_cc(h, id);
	if (c) {
		*x = (struct cc_text){ c->label, c->module, c->nlabel, c->nmodule, "" };
		return;
	}
	if (id == CCT_NONE)
		snprintf(x->buf, sizeof x->buf, "MAIN");
	else
		snprintf(x->buf, sizeof x->buf, "<cc %u>", id);
	x->label = (const uint8_t *)x->buf;
	x->nlabel = strlen(x->buf);
	x->module = (const uint8_t *)(id == CCT_NONE ? "MAIN" : "?");
	x->nmodule = id == CCT_NONE ? 4 : 1;
}

/* The columns draw_safe takes for these bytes, escapes included. */
static int safe_width(const uint8_t *p, size_t n, bool ascii)
{
	struct sbuf b = { .escape = true };
	sbuf_text(&b, p, n);
	int w = 0;
	for (size_t i = 0; !b.oom && i < b.n;) {
		unsigned char c = (unsigned char)b.p[i];
		size_t k = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
		w += c < 0x80 || !ascii ? 1 : 4 * (int)k;
		i += k;
	}
	sbuf_free(&b);
	return w;
}

static const char *key_of(const struct viewer *u, enum action a)
{
	const char *k = u->km ? keymap_key(u->km, a, 0) : NULL;
	return k ? k : action_name(a);
}

static const char *order_name(enum cctree_order by)
{
	return by == CCT_BY_SELF ? "individual" : by == CCT_BY_NAME ? "name" : "inherited";
}

/* "whole run, all caps", "marked interval A..B, cap 1", ... */
static void scope_text(const struct viewer *u, char *buf, size_t n)
{
	const struct prof_pane *pp = u->pp;
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

/* ---- the tree and the list ---- */

/* Open: the root and the heaviest path from it. */
static void open_heaviest(const struct cctree *t, bool *open)
{
	for (uint32_t x = 0; x != CCT_NONE;) {
		open[x] = true;
		uint32_t best = CCT_NONE;
		for (uint32_t c = t->nodes[x].child; c != CCT_NONE; c = t->nodes[c].next)
			if (best == CCT_NONE || t->nodes[c].inherited > t->nodes[best].inherited)
				best = c;
		x = best;
	}
}

/* The old tree's nodes by (parent, cost centre), to find a new node's
 * counterpart (the tree for the comparator: qsort has no context). */
static const struct cctree *cmp_tree;

static int cmp_node_key(const void *a, const void *b)
{
	const struct cc_node *x = &cmp_tree->nodes[*(const uint32_t *)a];
	const struct cc_node *y = &cmp_tree->nodes[*(const uint32_t *)b];
	if (x->parent != y->parent)
		return x->parent < y->parent ? -1 : 1;
	return (x->cc > y->cc) - (x->cc < y->cc);
}

/* The node of old with this parent and cost centre, or CCT_NONE. */
static uint32_t find_child(const struct cctree *old, const uint32_t *by_key, uint32_t parent,
			   uint32_t cc)
{
	size_t lo = 0, hi = old->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct cc_node *x = &old->nodes[by_key[mid]];
		if (x->parent < parent || (x->parent == parent && x->cc < cc))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < old->n && old->nodes[by_key[lo]].parent == parent && old->nodes[by_key[lo]].cc == cc)
		return by_key[lo];
	return CCT_NONE;
}

/* Carries the open nodes of old over to their counterparts in t (the same
 * path of cost centres); false when out of memory. */
static bool carry_open(const struct cctree *old, const bool *old_open, const struct cctree *t,
		       bool *open)
{
	uint32_t *by_key = malloc((old->n ? old->n : 1) * sizeof *by_key);
	uint32_t *was = malloc((t->n ? t->n : 1) * sizeof *was);
	if (!by_key || !was) {
		free(by_key);
		free(was);
		return false;
	}
	for (size_t i = 0; i < old->n; i++)
		by_key[i] = (uint32_t)i;
	cmp_tree = old;
	qsort(by_key, old->n, sizeof *by_key, cmp_node_key);
	/* a node's parent comes before it */
	for (size_t k = 0; k < t->n; k++) {
		uint32_t p = t->nodes[k].parent;
		was[k] = !k ? 0 : was[p] == CCT_NONE ? CCT_NONE : find_child(old, by_key, was[p], t->nodes[k].cc);
		open[k] = was[k] != CCT_NONE && old_open[was[k]];
	}
	free(by_key);
	free(was);
	return true;
}

/* The node of t at the same path of cost centres as node x of old, or its
 * deepest ancestor there. */
static uint32_t same_path(const struct cctree *old, uint32_t x, const struct cctree *t)
{
	uint32_t path[256];
	size_t d = 0;
	while (x != CCT_NONE && old->nodes[x].depth > 256) /* deeper: its ancestor */
		x = old->nodes[x].parent;
	for (; x != CCT_NONE && x != 0 && d < 256; x = old->nodes[x].parent)
		path[d++] = old->nodes[x].cc;
	uint32_t at = 0;
	while (d-- > 0) {
		uint32_t c = t->nodes[at].child;
		while (c != CCT_NONE && t->nodes[c].cc != path[d])
			c = t->nodes[c].next;
		if (c == CCT_NONE)
			break;
		at = c;
	}
	return at;
}

/* The node naming cc with the most inherited ticks (0, the root, when none). */
static uint32_t heaviest_of(const struct cctree *t, uint32_t cc)
{
	uint32_t best = 0;
	for (size_t k = 1; k < t->n; k++)
		if (t->nodes[k].cc == cc && (best == 0 || t->nodes[k].inherited > t->nodes[best].inherited))
			best = (uint32_t)k;
	return best;
}

/* The rows of the open nodes; node selected, or when it is hidden the
 * ancestor that shows it (its ancestors are opened when reveal). */
static void tree_rows(struct viewer *u, uint32_t node, bool reveal)
{
	struct prof_pane *pp = u->pp;
	const struct cctree *t = &pp->t;
	if (node >= t->n)
		node = 0;
	uint32_t shown = node;
	for (uint32_t a = t->nodes[node].parent; a != CCT_NONE; a = t->nodes[a].parent) {
		if (reveal)
			pp->open[a] = true;
		else if (!pp->open[a])
			shown = a; /* the highest closed ancestor shows */
	}
	pp->nrows = cctree_rows(t, pp->open, pp->rows, t->n);
	pp->sel = 0;
	for (size_t r = 0; r < pp->nrows; r++)
		if (pp->rows[r] == shown)
			pp->sel = (int)r;
}

/* A flat row with the label and module it sorts by (the root: MAIN; an
 * undefined id: empty, then by id, as cctree_sort has them). */
struct flat_key {
	struct cc_flat f;
	const uint8_t *label, *module;
	size_t nlabel, nmodule;
};

static int cmp_bytes(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
	int c = memcmp(a, b, na < nb ? na : nb);
	return c ? c : (na > nb) - (na < nb);
}

static int cmp_flat_name(const void *a, const void *b)
{
	const struct flat_key *x = a, *y = b;
	int c = cmp_bytes(x->label, x->nlabel, y->label, y->nlabel);
	if (!c)
		c = cmp_bytes(x->module, x->nmodule, y->module, y->nmodule);
	return c ? c : (x->f.cc > y->f.cc) - (x->f.cc < y->f.cc);
}

static int cmp_flat_inherited(const void *a, const void *b)
{
	const struct flat_key *x = a, *y = b;
	if (x->f.inherited != y->f.inherited)
		return x->f.inherited > y->f.inherited ? -1 : 1;
	if (x->f.self != y->f.self)
		return x->f.self > y->f.self ? -1 : 1;
	return cmp_flat_name(a, b);
}

/* The flat list in the order asked for (cctree_flat's is by individual). */
static void flat_sort(struct viewer *u)
{
	struct prof_pane *pp = u->pp;
	if (pp->flat_by == CCT_BY_SELF || pp->nfl < 2)
		return;
	struct flat_key *k = malloc(pp->nfl * sizeof *k);
	if (!k)
		return; /* the order stays */
	for (size_t i = 0; i < pp->nfl; i++) {
		const struct cost_centre *c = pp->fl[i].cc == CCT_NONE ? NULL : heap_cc(&u->heap, pp->fl[i].cc);
		const uint8_t *none = (const uint8_t *)(pp->fl[i].cc == CCT_NONE ? "MAIN" : "");
		k[i] = (struct flat_key){ pp->fl[i], c ? c->label : none, c ? c->module : none,
					  c ? c->nlabel : strlen((const char *)none),
					  c ? c->nmodule : strlen((const char *)none) };
	}
	qsort(k, pp->nfl, sizeof *k, pp->flat_by == CCT_BY_NAME ? cmp_flat_name : cmp_flat_inherited);
	for (size_t i = 0; i < pp->nfl; i++)
		pp->fl[i] = k[i].f;
	free(k);
}

static uint32_t sel_cc(const struct prof_pane *pp)
{
	if (pp->flat)
		return pp->sel >= 0 && (size_t)pp->sel < pp->nfl ? pp->fl[pp->sel].cc : CCT_NONE;
	return pp->sel >= 0 && (size_t)pp->sel < pp->nrows ? pp->t.nodes[pp->rows[pp->sel]].cc : CCT_NONE;
}

static void flat_select(struct prof_pane *pp, uint32_t cc)
{
	pp->sel = 0;
	for (size_t i = 0; i < pp->nfl; i++)
		if (pp->fl[i].cc == cc)
			pp->sel = (int)i;
}

/* The tree (and list) for [from, to] on cap, the open nodes and the
 * selection carried over from the last one. */
static void rebuild(struct viewer *u, uint64_t from, uint64_t to, int32_t cap)
{
	struct prof_pane *pp = u->pp;
	pp->from = from;
	pp->to = to;
	pp->cap = cap;
	pp->with_builtin = pp->builtin;
	struct cctree t;
	struct cctree_opts o = { from, to, cap, pp->builtin };
	if (!cctree_build(&t, &u->heap, &o)) {
		pp->oom = true;
		return;
	}
	cctree_sort(&t, &u->heap, pp->tree_by);
	bool *open = calloc(t.n, sizeof *open);
	uint32_t *rows = malloc(t.n * sizeof *rows);
	struct cc_flat *fl = NULL;
	size_t nfl = 0;
	if (!open || !rows || !cctree_flat(&t, &fl, &nfl) ||
	    (pp->built && pp->t.total && !carry_open(&pp->t, pp->open, &t, open))) {
		free(open);
		free(rows);
		free(fl);
		cctree_free(&t);
		pp->oom = true;
		return;
	}
	pp->oom = false;
	/* a tree with ticks after one without: opened as at first */
	if (!pp->built || !pp->t.total)
		open_heaviest(&t, open);
	uint32_t cc = sel_cc(pp);
	uint32_t node = pp->built && !pp->flat && pp->nrows ? same_path(&pp->t, pp->rows[pp->sel], &t) : 0;
	cctree_free(&pp->t);
	free(pp->open);
	free(pp->rows);
	free(pp->fl);
	pp->t = t;
	pp->open = open;
	pp->rows = rows;
	pp->fl = fl;
	pp->nfl = nfl;
	pp->built = true;
	/* the columns as wide as their widest entry (the module's within
	 * bounds) */
	pp->wmod = 6; /* MODULE */
	pp->wtree = pp->wflat = 0;
	for (size_t k = 0; k < t.n; k++) {
		struct cc_text x;
		cc_text(&u->heap, t.nodes[k].cc, &x);
		int w = safe_width(x.module, x.nmodule, u->ascii);
		if (w > pp->wmod)
			pp->wmod = w < MODULE_MAX ? w : MODULE_MAX;
		w = safe_width(x.label, x.nlabel, u->ascii);
		if (w > pp->wflat)
			pp->wflat = w;
		if ((int)t.nodes[k].depth + 2 + w > pp->wtree)
			pp->wtree = (int)t.nodes[k].depth + 2 + w;
	}
	tree_rows(u, node, false);
	flat_sort(u);
	if (pp->flat)
		flat_select(pp, cc);
}

/* The ticks with the highlighted cost centre on top, in the tree's scope
 * and on its capability. */
static int cmp_hl(const void *a, const void *b)
{
	const struct hl_tick *x = a, *y = b;
	if (x->cap != y->cap)
		return x->cap < y->cap ? -1 : 1;
	return (x->time > y->time) - (x->time < y->time);
}

static bool sample_before(const void *elem, const void *key)
{
	return ((const struct prof_sample *)elem)->time < *(const uint64_t *)key;
}

static uint32_t top_of(const struct heap *h, const struct prof_sample *s)
{
	const struct band *b = &h->bands[s->band];
	return b->stack && b->n ? heap_stack_id(b, 0) : CCT_NONE;
}

static void hl_compute(struct viewer *u)
{
	struct prof_pane *pp = u->pp;
	const struct heap *h = &u->heap;
	free(pp->ticks);
	pp->ticks = NULL;
	pp->nticks = 0;
	pp->hl_from = pp->from;
	pp->hl_to = pp->to;
	pp->hl_cap = pp->cap;
	size_t first = lower_bound(h->ticks, h->nticks, sizeof *h->ticks, &pp->from, sample_before);
	size_t n = 0;
	for (size_t i = first; i < h->nticks && h->ticks[i].time <= pp->to; i++)
		if ((pp->cap < 0 || h->ticks[i].cap == pp->cap) && top_of(h, &h->ticks[i]) == pp->hl_cc)
			n++;
	if (!n)
		return;
	pp->ticks = malloc(n * sizeof *pp->ticks);
	if (!pp->ticks) {
		core_say(u, "out of memory");
		return;
	}
	for (size_t i = first; i < h->nticks && h->ticks[i].time <= pp->to; i++)
		if ((pp->cap < 0 || h->ticks[i].cap == pp->cap) && top_of(h, &h->ticks[i]) == pp->hl_cc)
			pp->ticks[pp->nticks++] = (struct hl_tick){ h->ticks[i].cap, h->ticks[i].time };
	qsort(pp->ticks, pp->nticks, sizeof *pp->ticks, cmp_hl);
}

static void hl_clear(struct prof_pane *pp)
{
	pp->hl = false;
	free(pp->ticks);
	pp->ticks = NULL;
	pp->nticks = 0;
}

/* The tree for what is asked now: the scope follows the window and the
 * mark (while there is none, the whole run). */
static void sync(struct viewer *u)
{
	struct prof_pane *pp = u->pp;
	uint64_t from = 0, to = UINT64_MAX;
	if (pp->scope == SC_MARK && u->has_mark)
		core_mark_range(u, &from, &to);
	else if (pp->scope == SC_WINDOW && u->t1 > u->t0) {
		from = u->t0;
		to = u->t1 - 1;
	}
	int32_t cap = pp->capi >= 0 && (size_t)pp->capi < u->tr.ncaps ? u->tr.caps[pp->capi] : -1;
	bool stale = pp->stale;
	pp->stale = false;
	if (!pp->built || stale || from != pp->from || to != pp->to || cap != pp->cap ||
	    pp->builtin != pp->with_builtin)
		rebuild(u, from, to, cap);
	if (pp->hl && (stale || pp->hl_from != pp->from || pp->hl_to != pp->to ||
		       pp->hl_cap != pp->cap))
		hl_compute(u);
}

/* ---- drawing ---- */

struct cols {
	int wname;      /* the cost centre's column, from 0 */
	int xmod, wmod; /* the module's (wmod 0: none) */
	int xnum;       /* the figures' */
	bool full;      /* individual and inherited; else inherited only */
};

/* The columns for a screen w wide: the cost centre's as wide as its widest
 * entry (need) when there is room, as the .prof has it; on a narrow screen
 * the module goes first, then the individual figures. */
static struct cols cols_for(int w, int need, int wmod)
{
	struct cols c = { .full = true, .wmod = wmod };
	int nums = NUMS_W;
	if (w - nums - 1 - (wmod + 1) < 16)
		c.wmod = 0;
	if (w - nums - 1 < 12) {
		c.full = false;
		nums = NUMS_W_SHORT;
	}
	int room = w - nums - 1 - (c.wmod ? c.wmod + 1 : 0);
	if (need < (int)strlen("COST CENTRE"))
		need = (int)strlen("COST CENTRE");
	c.wname = need < room ? need : room;
	if (c.wname < 4) { /* no room for figures */
		c.wname = w;
		c.wmod = 0;
		c.xmod = c.xnum = w;
		return c;
	}
	c.xmod = c.wname + 1;
	c.xnum = c.xmod + (c.wmod ? c.wmod + 1 : 0);
	return c;
}

static double pct(uint64_t a, uint64_t total)
{
	return total ? 100.0 * (double)a / (double)total : 0.0;
}

static void draw_figures(const struct viewer *u, int y, const struct cols *c, uint64_t self,
			 uint64_t inherited)
{
	const struct prof_pane *pp = u->pp;
	if (c->xnum >= u->L.cols)
		return;
	char b[96];
	if (c->full)
		snprintf(b, sizeof b, "%10llu %5.1f  %10llu %5.1f", (unsigned long long)self,
			 pct(self, pp->t.total), (unsigned long long)inherited, pct(inherited, pp->t.total));
	else
		snprintf(b, sizeof b, "%9llu %5.1f", (unsigned long long)inherited,
			 pct(inherited, pp->t.total));
	mvaddnstr(y, c->xnum, b, u->L.cols - c->xnum);
}

/* draw_safe within maxw columns: in ASCII an escaped byte takes 4 and
 * can run past them, so what runs past is blanked. */
static void draw_clipped(int y, int x, const uint8_t *p, size_t n, int maxw, bool ascii)
{
	if (maxw <= 0)
		return;
	int w = draw_safe(y, x, p, n, maxw, ascii);
	for (int i = maxw; i < w; i++)
		mvaddch(y, x + i, ' ');
}

/* A row: the label at x (within the cost centre's column), the module,
 * the figures. */
static void draw_row(struct viewer *u, int y, const struct cols *c, uint32_t cc, int x, uint64_t self,
		     uint64_t inherited, bool selected)
{
	const struct prof_pane *pp = u->pp;
	attr_t a = selected ? A_REVERSE : A_NORMAL;
	attron(a);
	move(y, 0);
	for (int i = 0; i < u->L.cols; i++)
		addch(' ');
	struct cc_text t;
	cc_text(&u->heap, cc, &t);
	if (x < c->wname) {
		attr_t hl = pp->hl && pp->hl_cc == cc ? draw_attr(u, C_MARKER) | A_BOLD : 0;
		attron(hl);
		draw_clipped(y, x, t.label, t.nlabel, c->wname - x, u->ascii);
		attroff(hl);
		attron(a);
	}
	if (c->wmod)
		draw_clipped(y, c->xmod, t.module, t.nmodule, c->wmod, u->ascii);
	draw_figures(u, y, c, self, inherited);
	attroff(a);
}

static void draw_tree_row(struct viewer *u, int y, const struct cols *c, uint32_t k, bool selected)
{
	const struct prof_pane *pp = u->pp;
	const struct cc_node *x = &pp->t.nodes[k];
	int indent = (int)(x->depth < (uint32_t)c->wname / 2 ? x->depth : (uint32_t)c->wname / 2);
	draw_row(u, y, c, x->cc, indent + 2, x->self, x->inherited, selected);
	if (x->child != CCT_NONE && indent < c->wname) {
		attron(selected ? A_REVERSE : A_NORMAL);
		mvaddstr(y, indent, pp->open[k] ? G_OPEN(u) : G_CLOSED(u));
		attroff(selected ? A_REVERSE : A_NORMAL);
	}
}

static void draw_title(struct viewer *u, int y)
{
	const struct prof_pane *pp = u->pp;
	char s[160], b[400];
	scope_text(u, s, sizeof s);
	int n = snprintf(b, sizeof b, "profile: %s: %llu ticks", s, (unsigned long long)pp->t.total);
	size_t w = n > 0 && (size_t)n < sizeof b ? (size_t)n : 0;
	if (pp->with_builtin)
		w += (size_t)snprintf(b + w, sizeof b - w, "; built-ins shown (%s: hide them)",
				      key_of(u, ACT_TOGGLE_BUILTIN));
	else
		w += (size_t)snprintf(b + w, sizeof b - w, "; %llu on built-ins left out (%s: show them)",
				      (unsigned long long)pp->t.left_out, key_of(u, ACT_TOGGLE_BUILTIN));
	if (w < sizeof b && pp->t.unknown)
		w += (size_t)snprintf(b + w, sizeof b - w, "; %llu on undefined cost centres",
				      (unsigned long long)pp->t.unknown);
	if (w < sizeof b)
		w += (size_t)snprintf(b + w, sizeof b - w, "; %s by %s", pp->flat ? "flat" : "tree",
				      order_name(pp->flat ? pp->flat_by : pp->tree_by));
	if (w < sizeof b && u->heap.over_budget)
		w += (size_t)snprintf(b + w, sizeof b - w, "; partial (memory budget)");
	if (w < sizeof b && pp->oom)
		snprintf(b + w, sizeof b - w, "; out of memory: figures of the last scope");
	attron(A_BOLD);
	mvaddnstr(y, 0, b, u->L.cols);
	attroff(A_BOLD);
}

static void draw_header(struct viewer *u, int y, const struct cols *c)
{
	attron(draw_attr(u, C_DIM));
	mvaddnstr(y, 0, "COST CENTRE", c->wname);
	if (c->wmod)
		mvaddnstr(y, c->xmod, "MODULE", c->wmod);
	char b[64];
	if (c->full)
		snprintf(b, sizeof b, "%10s %5s  %10s %5s", "individual", "%time", "inherited", "%time");
	else
		snprintf(b, sizeof b, "%9s %5s", "inherited", "%time");
	if (c->xnum < u->L.cols)
		mvaddnstr(y, c->xnum, b, u->L.cols - c->xnum);
	attroff(draw_attr(u, C_DIM));
}

/* The rows of the list part (under the title and the header). */
static int list_rows(const struct viewer *u)
{
	int n = u->L.nlist;
	return n >= 3 ? n - 2 : n - 1 > 0 ? n - 1 : 0;
}

static int nitems(const struct prof_pane *pp)
{
	return (int)(pp->flat ? pp->nfl : pp->nrows);
}

static void scroll_to_sel(struct prof_pane *pp, int h)
{
	int n = nitems(pp);
	if (pp->sel >= n)
		pp->sel = n - 1;
	if (pp->sel < 0)
		pp->sel = 0;
	if (h <= 0)
		return;
	if (pp->sel < pp->top)
		pp->top = pp->sel;
	if (pp->sel >= pp->top + h)
		pp->top = pp->sel - h + 1;
	if (pp->top > n - h) /* no blank rows under a scrolled list */
		pp->top = n - h;
	if (pp->top < 0)
		pp->top = 0;
}

static void prof_draw(struct viewer *u)
{
	const struct layout *L = &u->L;
	for (int y = L->list0; y < L->list0 + L->nlist; y++) {
		move(y, 0);
		clrtoeol();
	}
	struct prof_pane *pp = u->pp;
	if (L->nlist <= 0 || !pp)
		return;
	if (!u->heap.nticks) {
		mvaddnstr(L->list0, 0, NO_PROFILE, L->cols);
		return;
	}
	sync(u);
	if (!pp->built) {
		mvaddnstr(L->list0, 0, "profile: out of memory", L->cols);
		return;
	}
	draw_title(u, L->list0);
	struct cols c = cols_for(L->cols, pp->flat ? pp->wflat : pp->wtree, pp->wmod);
	int y = L->list0 + 1, h = list_rows(u);
	if (L->nlist >= 3)
		draw_header(u, y++, &c);
	scroll_to_sel(pp, h);
	for (int i = 0; i < h && pp->top + i < nitems(pp); i++) {
		int r = pp->top + i;
		if (pp->flat)
			draw_row(u, y + i, &c, pp->fl[r].cc, 0, pp->fl[r].self, pp->fl[r].inherited,
				 r == pp->sel);
		else
			draw_tree_row(u, y + i, &c, pp->rows[r], r == pp->sel);
	}
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

void profile_draw_lane_ticks(struct viewer *u)
{
	struct prof_pane *pp = u->pp;
	if (!pp || u->pane != &view_profile || !u->heap.nticks)
		return;
	sync(u); /* the lanes come first in a frame: the window may have moved */
	if (!pp->hl || !pp->nticks)
		return;
	const struct layout *L = &u->L;
	int curcol = layout_time_to_col(u->t0, u->t1, L->plotw, u->cursor);
	for (int i = 0; i < L->nlanes; i++) {
		size_t c = (size_t)(L->lanes_top + i);
		if (c >= u->tr.ncaps)
			break;
		int32_t cap = u->tr.caps[c];
		size_t lo = lower_bound(pp->ticks, pp->nticks, sizeof *pp->ticks, &cap, hl_before_cap);
		size_t hi = lower_bound(pp->ticks, pp->nticks, sizeof *pp->ticks, &cap, hl_upto_cap);
		for (int k = 0; lo < hi && k < L->plotw; k++) {
			uint64_t a = layout_col_to_time(u->t0, u->t1, L->plotw, k);
			uint64_t b = layout_col_to_time(u->t0, u->t1, L->plotw, k + 1);
			size_t j = lo + lower_bound(pp->ticks + lo, hi - lo, sizeof *pp->ticks, &a,
						    hl_before_time);
			if (j >= hi || pp->ticks[j].time >= b)
				continue;
			profile_draw_tick(u, L->lane0 + i, LAYOUT_GUTTER + k, k == curcol);
		}
	}
}

void profile_draw_tick(struct viewer *u, int y, int x, bool cursor)
{
	attr_t at = draw_attr(u, C_MARKER) | A_BOLD | (cursor ? A_REVERSE : 0);
	attron(at);
	mvaddstr(y, x, G_TICKMARK(u));
	attroff(at);
}

/* ---- actions ---- */

static void move_sel(struct viewer *u, int delta)
{
	struct prof_pane *pp = u->pp;
	pp->sel += delta;
	scroll_to_sel(pp, list_rows(u));
}

/* The flat list's cost centre in the tree: its heaviest node, shown. */
static void to_tree(struct viewer *u)
{
	struct prof_pane *pp = u->pp;
	uint32_t cc = sel_cc(pp);
	pp->flat = false;
	tree_rows(u, cc == CCT_NONE ? 0 : heaviest_of(&pp->t, cc), true);
}

static void toggle_node(struct viewer *u)
{
	struct prof_pane *pp = u->pp;
	if (pp->flat) {
		to_tree(u);
		return;
	}
	if (!pp->nrows)
		return;
	uint32_t k = pp->rows[pp->sel];
	if (pp->t.nodes[k].child == CCT_NONE) {
		core_say(u, "no cost centre under this one");
		return;
	}
	pp->open[k] = !pp->open[k];
	tree_rows(u, k, false);
}

static void expand_all(struct viewer *u)
{
	struct prof_pane *pp = u->pp;
	if (pp->flat) {
		core_say(u, "%s: in the tree (%s)", action_name(ACT_EXPAND_ALL), key_of(u, ACT_PANE_MODE));
		return;
	}
	bool closed = false;
	for (size_t k = 0; k < pp->t.n && !closed; k++)
		closed = pp->t.nodes[k].child != CCT_NONE && !pp->open[k];
	for (size_t k = 0; k < pp->t.n; k++)
		pp->open[k] = closed || !k;
	tree_rows(u, pp->nrows ? pp->rows[pp->sel] : 0, false);
	core_say(u, "%s", closed ? "every node open" : "every node closed but the root");
}

static void sort_next(struct viewer *u)
{
	struct prof_pane *pp = u->pp;
	uint32_t cc = sel_cc(pp);
	if (pp->flat) {
		pp->flat_by = pp->flat_by == CCT_BY_SELF ? CCT_BY_INHERITED
			      : pp->flat_by == CCT_BY_INHERITED ? CCT_BY_NAME : CCT_BY_SELF;
		struct cc_flat *f;
		size_t n;
		if (!cctree_flat(&pp->t, &f, &n)) {
			core_say(u, "out of memory");
			return;
		}
		free(pp->fl);
		pp->fl = f;
		pp->nfl = n;
		flat_sort(u);
		flat_select(pp, cc);
	} else {
		pp->tree_by = pp->tree_by == CCT_BY_INHERITED ? CCT_BY_SELF
			      : pp->tree_by == CCT_BY_SELF ? CCT_BY_NAME : CCT_BY_INHERITED;
		uint32_t k = pp->nrows ? pp->rows[pp->sel] : 0;
		cctree_sort(&pp->t, &u->heap, pp->tree_by);
		tree_rows(u, k, false);
	}
	core_say(u, "sorted by %s", order_name(pp->flat ? pp->flat_by : pp->tree_by));
}

static void highlight(struct viewer *u)
{
	struct prof_pane *pp = u->pp;
	if (pp->flat && !pp->nfl) {
		core_say(u, "no tick in this scope");
		return;
	}
	uint32_t cc = sel_cc(pp);
	if (pp->hl && pp->hl_cc == cc) {
		hl_clear(pp);
		core_say(u, "highlight cleared");
		return;
	}
	hl_clear(pp);
	pp->hl = true;
	pp->hl_cc = cc;
	hl_compute(u);
	struct cc_text x;
	cc_text(&u->heap, cc, &x);
	/* the label is escaped when the status line draws it */
	core_say(u, "%zu ticks with %.*s on top marked on the lanes; %s clears them", pp->nticks,
	       (int)(x.nlabel < 60 ? x.nlabel : 60), (const char *)x.label, key_of(u, ACT_CANCEL));
}

static bool prof_act(struct viewer *u, enum action a)
{
	struct prof_pane *pp = u->pp;
	if (!pp)
		return false;
	int page = list_rows(u) > 2 ? list_rows(u) - 1 : 1;
	if (!u->heap.nticks) {
		switch (a) {
		case ACT_UP: case ACT_DOWN: case ACT_PAGE_UP: case ACT_PAGE_DOWN: case ACT_SELECT:
			return true;
		case ACT_PANE_MODE: case ACT_PANE_SORT: case ACT_PANE_SCOPE: case ACT_PANE_CAP:
		case ACT_TOGGLE_BUILTIN: case ACT_HIGHLIGHT: case ACT_EXPAND_ALL:
			core_say(u, NO_PROFILE);
			return true;
		default: return false;
		}
	}
	sync(u);
	if (!pp->built) /* out of memory: the list's keys stay here */
		return a == ACT_UP || a == ACT_DOWN || a == ACT_PAGE_UP || a == ACT_PAGE_DOWN ||
		       a == ACT_SELECT;
	switch (a) {
	case ACT_UP: move_sel(u, -1); return true;
	case ACT_DOWN: move_sel(u, 1); return true;
	case ACT_PAGE_UP: move_sel(u, -page); return true;
	case ACT_PAGE_DOWN: move_sel(u, page); return true;
	case ACT_SELECT: toggle_node(u); return true;
	case ACT_EXPAND_ALL: expand_all(u); return true;
	case ACT_PANE_SORT: sort_next(u); return true;
	case ACT_PANE_MODE:
		if (pp->flat) {
			to_tree(u);
		} else {
			uint32_t cc = sel_cc(pp);
			pp->flat = true;
			flat_select(pp, cc);
		}
		return true;
	case ACT_PANE_SCOPE: /* the marked interval when there is one */
		pp->scope = pp->scope == SC_RUN ? (u->has_mark ? SC_MARK : SC_WINDOW)
			    : pp->scope == SC_MARK ? SC_WINDOW : SC_RUN;
		return true;
	case ACT_PANE_CAP: {
		long i = pp->capi + 1;
		while ((size_t)i < u->tr.ncaps && u->tr.caps[i] < 0)
			i++;
		pp->capi = (size_t)i < u->tr.ncaps ? i : -1;
		return true;
	}
	case ACT_TOGGLE_BUILTIN: pp->builtin = !pp->builtin; return true;
	case ACT_HIGHLIGHT: highlight(u); return true;
	case ACT_CANCEL:
		if (!pp->hl)
			return false; /* the mark's */
		hl_clear(pp);
		core_say(u, "highlight cleared");
		return true;
	default: return false;
	}
}

/* ---- life ---- */

static bool prof_open(struct viewer *u)
{
	struct prof_pane *pp = calloc(1, sizeof *pp);
	if (!pp) {
		core_say(u, "out of memory");
		return false;
	}
	pp->capi = -1;
	pp->tree_by = CCT_BY_INHERITED;
	pp->flat_by = CCT_BY_SELF;
	u->pp = pp;
	if (!u->heap.nticks) {
		core_say(u, NO_PROFILE);
		return true;
	}
	sync(u);
	core_say(u, "%s open/close, %s sort, %s flat, %s scope, %s cap, %s built-ins, %s mark ticks, %s back",
	       key_of(u, ACT_SELECT), key_of(u, ACT_PANE_SORT), key_of(u, ACT_PANE_MODE),
	       key_of(u, ACT_PANE_SCOPE), key_of(u, ACT_PANE_CAP), key_of(u, ACT_TOGGLE_BUILTIN),
	       key_of(u, ACT_HIGHLIGHT), key_of(u, ACT_PROFILE_VIEW));
	return true;
}

/* The log grew: the tree and the marked ticks are made again on the next
 * frame (the open nodes carried over, as for a new scope). */
static void prof_reload(struct viewer *u, bool before)
{
	if (u->pp && !before)
		u->pp->stale = true;
}

static void prof_close(struct viewer *u)
{
	struct prof_pane *pp = u->pp;
	if (!pp)
		return;
	cctree_free(&pp->t);
	free(pp->open);
	free(pp->rows);
	free(pp->fl);
	free(pp->ticks);
	free(pp);
	u->pp = NULL;
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
};
