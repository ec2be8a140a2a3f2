/* The cost-centre profile pane's tree and lists (profile_tree.h): the
 * tree of the time samples for the scope asked for (model/cctree.h), the
 * rows of its open nodes, the flat list, and the ticks of the highlighted
 * cost centre. A new tree keeps the nodes open and the selection on the
 * same path of cost centres where they still exist; at first the root and
 * the heaviest path from it (the child with the most inherited ticks at
 * each level) are open. */
#include "profile_tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/order.h"
#include "core.h"
#include "label_fit.h"
#include "loader.h"

void prof_cc_text(const struct heap *h, uint32_t id, struct cc_text *x)
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

uint32_t prof_heaviest_of(const struct cctree *t, uint32_t cc)
{
	uint32_t best = 0;
	for (size_t k = 1; k < t->n; k++)
		if (t->nodes[k].cc == cc && (best == 0 || t->nodes[k].inherited > t->nodes[best].inherited))
			best = (uint32_t)k;
	return best;
}

void prof_tree_rows(struct prof_pane *pp, uint32_t node, bool reveal)
{
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
	pane_list_set(&pp->pl, (int)pp->nrows);
	pane_list_select(&pp->pl, 0);
	for (size_t r = 0; r < pp->nrows; r++)
		if (pp->rows[r] == shown)
			pane_list_select(&pp->pl, (int)r);
}

/* A flat row with the label and module it sorts by (the root: MAIN; an
 * undefined id: empty, then by id, as cctree_sort has them). */
struct flat_key {
	struct cc_flat f;
	const uint8_t *label, *module;
	size_t nlabel, nmodule;
};

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
static void flat_sort(struct viewer *u, struct prof_pane *pp)
{
	if (pp->flat_by == CCT_BY_SELF || pp->nfl < 2)
		return;
	struct flat_key *k = malloc(pp->nfl * sizeof *k);
	if (!k)
		return; /* the order stays */
	for (size_t i = 0; i < pp->nfl; i++) {
		const struct cost_centre *c = pp->fl[i].cc == CCT_NONE ? NULL : heap_cc(&u->r->run.h, pp->fl[i].cc);
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

uint32_t prof_sel_cc(const struct prof_pane *pp)
{
	size_t r = pp->pl.sel >= 0 ? (size_t)pp->pl.sel : SIZE_MAX;
	if (pp->flat)
		return r < pp->nfl ? pp->fl[r].cc : CCT_NONE;
	return r < pp->nrows ? pp->t.nodes[pp->rows[r]].cc : CCT_NONE;
}

void prof_flat_select(struct prof_pane *pp, uint32_t cc)
{
	pane_list_set(&pp->pl, (int)pp->nfl);
	pane_list_select(&pp->pl, 0);
	for (size_t i = 0; i < pp->nfl; i++)
		if (pp->fl[i].cc == cc)
			pane_list_select(&pp->pl, (int)i);
}

/* The flat list replaced by fl (n entries), the old freed. */
static void flat_take(struct prof_pane *pp, struct cc_flat *fl, size_t n)
{
	free(pp->fl);
	pp->fl = fl;
	pp->nfl = n;
}

/* The open nodes and the rows replaced by those made for a new tree
 * (NULL: none), the old freed. */
static void tree_rows_take(struct prof_pane *pp, bool *open, uint32_t *rows)
{
	free(pp->open);
	free(pp->rows);
	pp->open = open;
	pp->rows = rows;
}

bool prof_flat_make(struct viewer *u, struct prof_pane *pp)
{
	struct cc_flat *f;
	size_t n;
	if (!cctree_flat(&pp->t, &f, &n))
		return false;
	flat_take(pp, f, n);
	flat_sort(u, pp);
	return true;
}

/* The tree (and list) for [from, to] on cap, the open nodes and the
 * selection carried over from the last one. */
static void rebuild(struct viewer *u, struct prof_pane *pp, uint64_t from, uint64_t to, int32_t cap)
{
	pp->from = from;
	pp->to = to;
	pp->cap = cap;
	pp->with_builtin = pp->builtin;
	struct cctree t;
	struct cctree_opts o = { .from = from, .to = to, .cap = cap, .builtin = pp->builtin };
	if (!cctree_build(&t, &u->r->run.h, &u->r->run.s, &o)) {
		pp->oom = true;
		return;
	}
	cctree_sort(&t, &u->r->run.h, pp->tree_by);
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
	uint32_t cc = prof_sel_cc(pp);
	uint32_t node = pp->built && !pp->flat && pp->nrows ? same_path(&pp->t, pp->rows[pp->pl.sel], &t) : 0;
	cctree_free(&pp->t);
	pp->t = t;
	tree_rows_take(pp, open, rows);
	flat_take(pp, fl, nfl);
	pp->built = true;
	/* the columns as wide as their widest entry, where the figures
	 * leave room (profile_rows.c) */
	pp->wmod = 6; /* MODULE */
	pp->wtree = pp->wflat = 0;
	for (size_t k = 0; k < t.n; k++) {
		struct cc_text x;
		prof_cc_text(&u->r->run.h, t.nodes[k].cc, &x);
		int w = label_width_of(x.module, x.nmodule, u->ascii);
		if (w > pp->wmod)
			pp->wmod = w;
		w = label_width_of(x.label, x.nlabel, u->ascii);
		if (w > pp->wflat)
			pp->wflat = w;
		if ((int)t.nodes[k].depth + 2 + w > pp->wtree)
			pp->wtree = (int)t.nodes[k].depth + 2 + w;
	}
	prof_tree_rows(pp, node, false);
	flat_sort(u, pp);
	if (pp->flat)
		prof_flat_select(pp, cc);
}

/* ---- two runs ---- */

int prof_cmp_shown(const struct viewer *u)
{
	return u->swapped ? PC_B : PC_A;
}

const struct heap *prof_cmp_heap(const struct viewer *u, int side)
{
	return side == prof_cmp_shown(u) ? &u->r->run.h : &u->other->run.h;
}

void prof_cmp_text(const struct pc_key *k, struct cc_text *x)
{
	if (k->undef < 0) {
		*x = (struct cc_text){ k->label, k->module, k->nlabel, k->nmodule, "" };
		return;
	}
	snprintf(x->buf, sizeof x->buf, "<cc %u>", k->id);
	x->label = (const uint8_t *)x->buf;
	x->nlabel = strlen(x->buf);
	x->module = (const uint8_t *)"?";
	x->nmodule = 1;
}

const struct pc_key *prof_cmp_sel(const struct prof_pane *pp, const struct pc_fig **f)
{
	size_t r = pp->pl.sel >= 0 ? (size_t)pp->pl.sel : SIZE_MAX;
	if (pp->flat && r < pp->cmp.nrows) {
		*f = pp->cmp.rows[r].f;
		return &pp->cmp.rows[r].k;
	}
	if (!pp->flat && r < pp->nrows) {
		*f = pp->cmp.nodes[pp->rows[r]].f;
		return &pp->cmp.nodes[pp->rows[r]].k;
	}
	return NULL;
}

void prof_cmp_tree_rows(struct prof_pane *pp, uint32_t node, bool reveal)
{
	const struct pcmp *c = &pp->cmp;
	if (node >= c->n)
		node = 0;
	uint32_t shown = node;
	for (uint32_t a = c->n ? c->nodes[node].parent : CCT_NONE; a != CCT_NONE; a = c->nodes[a].parent) {
		if (reveal)
			pp->open[a] = true;
		else if (!pp->open[a])
			shown = a;
	}
	pp->nrows = pcmp_tree_rows(c, pp->open, pp->rows, c->n);
	pane_list_set(&pp->pl, (int)pp->nrows);
	pane_list_select(&pp->pl, 0);
	for (size_t r = 0; r < pp->nrows; r++)
		if (pp->rows[r] == shown)
			pane_list_select(&pp->pl, (int)r);
}

void prof_cmp_flat_select(struct prof_pane *pp, const struct pc_key *k)
{
	pane_list_set(&pp->pl, (int)pp->cmp.nrows);
	long r = k ? pcmp_find_row(&pp->cmp, k) : -1;
	pane_list_select(&pp->pl, r >= 0 ? (int)r : 0);
}

bool prof_cmp_shown_id(const struct viewer *u, const struct pc_key *k, const uint32_t cc[2],
		       const struct pc_fig f[2], uint32_t *id)
{
	int s = prof_cmp_shown(u);
	*id = cc[s];
	if (cc[s] != CCT_NONE)
		return true;
	struct pc_key root;
	pcmp_key_of(NULL, s, CCT_NONE, &root);
	return f[s].has && pcmp_key_eq(k, &root);
}

/* ---- two runs: the pane's actions ---- */

static void cmp_mode(struct prof_pane *pp)
{
	const struct pc_fig *f;
	const struct pc_key *k = prof_cmp_sel(pp, &f);
	pp->flat = !pp->flat;
	if (pp->flat) /* the node's cost centre; else its heaviest node, shown */
		prof_cmp_flat_select(pp, k);
	else
		prof_cmp_tree_rows(pp, k ? pcmp_heaviest_of(&pp->cmp, k) : 0, true);
}

static void cmp_toggle(struct viewer *u, struct prof_pane *pp)
{
	if (pp->flat) {
		cmp_mode(pp);
		return;
	}
	if (!pp->nrows)
		return;
	uint32_t k = pp->rows[pp->pl.sel];
	if (pp->cmp.nodes[k].child == CCT_NONE) {
		core_say(u, "no cost centre under this one");
		return;
	}
	pp->open[k] = !pp->open[k];
	prof_cmp_tree_rows(pp, k, false);
}

static void cmp_expand_all(struct viewer *u, struct prof_pane *pp)
{
	if (pp->flat) {
		core_say(u, "%s: in the tree (%s)", action_name(ACT_EXPAND_ALL), core_key_for(u, ACT_PANE_MODE));
		return;
	}
	bool closed = false;
	for (size_t k = 0; k < pp->cmp.n && !closed; k++)
		closed = pp->cmp.nodes[k].child != CCT_NONE && !pp->open[k];
	for (size_t k = 0; k < pp->cmp.n; k++)
		pp->open[k] = closed || !k;
	prof_cmp_tree_rows(pp, pp->nrows ? pp->rows[pp->pl.sel] : 0, false);
	core_say(u, "%s", closed ? "every node open" : "every node closed but the root");
}

static void cmp_sort_next(struct viewer *u, struct prof_pane *pp)
{
	if (pp->flat) {
		const struct pc_fig *f;
		const struct pc_key *k = prof_cmp_sel(pp, &f);
		struct pc_key kk = k ? *k : (struct pc_key){ 0 }; /* the rows move */
		pp->cflat_by = pp->cflat_by == PC_BY_CHANGE ? PC_BY_INH_CHANGE
			       : pp->cflat_by == PC_BY_INH_CHANGE ? PC_BY_NAME : PC_BY_CHANGE;
		pcmp_sort_rows(&pp->cmp, pp->cflat_by);
		prof_cmp_flat_select(pp, k ? &kk : NULL);
	} else {
		pp->ctree_by = pp->ctree_by == PC_BY_WEIGHT ? PC_BY_INH_CHANGE
			       : pp->ctree_by == PC_BY_INH_CHANGE ? PC_BY_NAME : PC_BY_WEIGHT;
		uint32_t k = pp->nrows ? pp->rows[pp->pl.sel] : 0;
		pcmp_sort_tree(&pp->cmp, pp->ctree_by);
		prof_cmp_tree_rows(pp, k, false);
	}
	core_say(u, "sorted by %s", pcmp_order_name(pp->flat ? pp->cflat_by : pp->ctree_by));
}

/* The selected cost centre's ticks marked on the shown run's lanes (the
 * other run's are not drawn by the pane). */
static void cmp_highlight(struct viewer *u, struct prof_pane *pp)
{
	const struct pc_fig *f;
	const struct pc_key *k = prof_cmp_sel(pp, &f);
	uint32_t id;
	if (!k) {
		core_say(u, "no tick in this scope");
		return;
	}
	const uint32_t *cc = pp->flat ? pp->cmp.rows[pp->pl.sel].cc : pp->cmp.nodes[pp->rows[pp->pl.sel]].cc;
	if (!prof_cmp_shown_id(u, k, cc, f, &id)) {
		core_say(u, "not in run %s, whose lanes the marks go on (%s: the other run)",
			 core_run_letter(u), core_key_for(u, ACT_OTHER_RUN));
		return;
	}
	bool again = pp->hl && pp->hl_cc == id;
	prof_hl_clear(pp);
	if (again) {
		core_say(u, "highlight cleared");
		return;
	}
	pp->hl = true;
	pp->hl_cc = id;
	prof_hl_compute(u, pp);
	struct cc_text x;
	prof_cmp_text(k, &x);
	/* the label is escaped when the status line draws it */
	core_say(u, "%zu ticks with %.*s on top marked on run %s's lanes; %s clears them", pp->nticks,
		 (int)(x.nlabel < 60 ? x.nlabel : 60), (const char *)x.label, core_run_letter(u),
		 core_key_for(u, ACT_CANCEL));
}

bool prof_cmp_act(struct viewer *u, struct prof_pane *pp, enum action a)
{
	switch (a) {
	case ACT_SELECT: cmp_toggle(u, pp); return true;
	case ACT_EXPAND_ALL: cmp_expand_all(u, pp); return true;
	case ACT_PANE_SORT: cmp_sort_next(u, pp); return true;
	case ACT_PANE_MODE: cmp_mode(pp); return true;
	case ACT_HIGHLIGHT: cmp_highlight(u, pp); return true;
	default: return false;
	}
}

/* The selection as a path of keys (a flat row's: its key alone), owned:
 * false when there is none or out of memory. */
static bool sel_path(const struct prof_pane *pp, struct pc_path *p)
{
	const struct pc_fig *f;
	const struct pc_key *k = pp->built ? prof_cmp_sel(pp, &f) : NULL;
	if (!k)
		return false;
	return pp->flat ? pcmp_path_key(k, p) : pcmp_path_of(&pp->cmp, pp->rows[pp->pl.sel], p);
}

void prof_cmp_forget(struct prof_pane *pp)
{
	if (pp->built && !pp->kept) {
		pp->kept = sel_path(pp, &pp->keep);
		if (pp->kept && pcmp_own(&pp->cmp, &pp->kcmp)) {
			pp->kopen = pp->open; /* the open nodes go with it */
			pp->open = NULL;
		}
	}
	pcmp_free(&pp->cmp);
	tree_rows_take(pp, NULL, NULL);
	pp->nrows = 0;
	pp->built = false;
	prof_hl_clear(pp);
}

/* The columns' widths for the comparison's names. */
static void cmp_widths(struct viewer *u, struct prof_pane *pp)
{
	pp->wmod = 6; /* MODULE */
	pp->wtree = pp->wflat = 0;
	for (size_t i = 0; i < pp->cmp.n + pp->cmp.nrows; i++) {
		bool node = i < pp->cmp.n;
		struct cc_text x;
		prof_cmp_text(node ? &pp->cmp.nodes[i].k : &pp->cmp.rows[i - pp->cmp.n].k, &x);
		int w = label_width_of(x.module, x.nmodule, u->ascii);
		if (w > pp->wmod)
			pp->wmod = w;
		w = label_width_of(x.label, x.nlabel, u->ascii);
		if (!node && w > pp->wflat)
			pp->wflat = w;
		if (node && (int)pp->cmp.nodes[i].depth + 2 + w > pp->wtree)
			pp->wtree = (int)pp->cmp.nodes[i].depth + 2 + w;
	}
}

/* Both runs' trees for the scope: the shown run's [from, to] on cap, the
 * other's the same interval on its own clock (the whole run when the
 * scope is); NULL for a run without a time profile. False: out of memory. */
static bool cmp_trees(struct viewer *u, struct prof_pane *pp, struct cctree t[2],
		      const struct cctree *tp[2])
{
	int sh = prof_cmp_shown(u);
	uint64_t from[2], to[2];
	from[sh] = pp->from;
	to[sh] = pp->to;
	bool whole = pp->from == 0 && pp->to == UINT64_MAX;
	from[!sh] = pp->ofrom = whole ? 0 : core_to_other(u, pp->from);
	to[!sh] = pp->oto = whole ? UINT64_MAX : core_to_other(u, pp->to);
	tp[PC_A] = tp[PC_B] = NULL;
	for (int s = 0; s < 2; s++) {
		const struct heap *h = prof_cmp_heap(u, s);
		/* an eighth of what the heap leaves: the comparison's nodes,
		 * three times the size of a tree's, stand with both trees */
		uint64_t left = h->budget > h->used ? h->budget - h->used : 0;
		left = left > CCT_MIN_BUDGET ? left : CCT_MIN_BUDGET;
		struct cctree_opts o = { .from = from[s], .to = to[s], .cap = pp->cap,
					 .builtin = pp->builtin, .budget = left / 8 };
		if (!h->tick_events)
			continue;
		if (!cctree_build(&t[s], h, s == prof_cmp_shown(u) ? &u->r->run.s : &u->other->run.s, &o)) {
			if (tp[PC_A])
				cctree_free(&t[PC_A]);
			tp[PC_A] = NULL;
			return false;
		}
		tp[s] = &t[s];
	}
	return true;
}

/* The comparison for the scope, the open nodes and the selection carried
 * over from the last one (or kept while the runs swapped). */
static void cmp_rebuild(struct viewer *u, struct prof_pane *pp, uint64_t from, uint64_t to, int32_t cap)
{
	pp->from = from;
	pp->to = to;
	pp->cap = cap;
	pp->with_builtin = pp->builtin;
	struct cctree t[2];
	const struct cctree *tp[2] = { NULL, NULL };
	struct pcmp c;
	const struct heap *h[2] = { prof_cmp_heap(u, PC_A), prof_cmp_heap(u, PC_B) };
	bool trees = cmp_trees(u, pp, t, tp);
	bool ok = trees && pcmp_build(&c, h, tp);
	uint64_t cut = (tp[PC_A] ? tp[PC_A]->cut : 0) + (tp[PC_B] ? tp[PC_B]->cut : 0);
	for (int s = 0; s < 2; s++)
		if (tp[s])
			cctree_free(&t[s]);
	bool *open = ok ? calloc(c.n ? c.n : 1, sizeof *open) : NULL;
	uint32_t *rows = ok ? malloc((c.n ? c.n : 1) * sizeof *rows) : NULL;
	struct pc_path p = { 0 };
	bool have = pp->kept || sel_path(pp, &p);
	/* the open nodes of the last comparison, or of the one kept while
	 * the runs swapped */
	const struct pcmp *old = pp->kopen ? &pp->kcmp : pp->built ? &pp->cmp : NULL;
	const bool *old_open = pp->kopen ? pp->kopen : pp->open;
	bool fresh = !old || !old->n;
	if (pp->kept) {
		p = pp->keep;
		pp->keep = (struct pc_path){ 0 };
		pp->kept = false;
	}
	if (!open || !rows || (!fresh && !pcmp_carry_open(old, old_open, &c, open))) {
		free(open);
		free(rows);
		if (ok)
			pcmp_free(&c);
		pcmp_path_free(&p);
		pp->oom = true;
		return;
	}
	pp->oom = false;
	pp->cut = cut;
	pcmp_free(&pp->kcmp);
	free(pp->kopen);
	pp->kopen = NULL;
	pcmp_free(&pp->cmp);
	pp->cmp = c;
	tree_rows_take(pp, open, rows);
	pp->built = true;
	pcmp_sort_rows(&pp->cmp, pp->cflat_by);
	pcmp_sort_tree(&pp->cmp, pp->ctree_by);
	if (fresh)
		pcmp_open_heaviest(&pp->cmp, open);
	cmp_widths(u, pp);
	if (pp->flat) {
		prof_cmp_tree_rows(pp, 0, false);
		prof_cmp_flat_select(pp, have && p.n ? &p.k[p.n - 1] : NULL);
	} else {
		prof_cmp_tree_rows(pp, have ? pcmp_path_find(&pp->cmp, &p) : 0, true);
	}
	pcmp_path_free(&p);
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

/* The highlight's pass over the ticks of the scope: counts them (ticks
 * NULL), then keeps them. */
struct hl_pass {
	struct prof_pane *pp;
	size_t n, max;
};

static bool hl_tick(void *ctx, const struct tick_ref *k)
{
	struct hl_pass *x = ctx;
	struct prof_pane *pp = x->pp;
	if ((pp->cap >= 0 && k->cap != pp->cap) || k->top != pp->hl_cc)
		return true;
	if (pp->ticks && x->n < x->max)
		pp->ticks[x->n] = (struct hl_tick){ k->cap, k->time };
	x->n++;
	return !pp->ticks || x->n < x->max;
}

void prof_hl_compute(struct viewer *u, struct prof_pane *pp)
{
	const struct heap *h = &u->r->run.h;
	free(pp->ticks);
	pp->ticks = NULL;
	pp->nticks = 0;
	pp->hl_from = pp->from;
	pp->hl_to = pp->to;
	pp->hl_cap = pp->cap;
	/* the marks within the heap's budget: past it, the first ones */
	struct hl_pass x = { pp, 0, 0 };
	uint64_t room = (h->budget > h->used ? h->budget - h->used : 0) / sizeof *pp->ticks;
	if (!cctree_ticks(&u->r->run.s, pp->from, pp->to, hl_tick, &x) || !x.n)
		return; /* (the file shrank: what the next frame says) */
	x.max = x.n < room ? x.n : room > 0 ? (size_t)room : 1;
	bool all = x.max == x.n;
	x.n = 0;
	if (!(pp->ticks = malloc(x.max * sizeof *pp->ticks)) ||
	    (!cctree_ticks(&u->r->run.s, pp->from, pp->to, hl_tick, &x) && x.n < x.max)) {
		core_say(u, "out of memory");
		prof_hl_clear(pp);
		return;
	}
	pp->nticks = x.n < x.max ? x.n : x.max;
	qsort(pp->ticks, pp->nticks, sizeof *pp->ticks, cmp_hl);
	if (!all)
		core_say(u, "only the first %zu ticks marked (the memory budget)", pp->nticks);
}

void prof_hl_clear(struct prof_pane *pp)
{
	pp->hl = false;
	free(pp->ticks);
	pp->ticks = NULL;
	pp->nticks = 0;
}

/* The tree (or the comparison) for a scope, on busy_run's worker: the
 * main thread waits, and the pane's state is the job's until it ends. */
struct sync_job {
	struct viewer *u;
	struct prof_pane *pp;
	uint64_t from, to;
	int32_t cap;
	bool stale;
};

static void sync_job(void *arg)
{
	struct sync_job *j = arg;
	struct prof_pane *pp = j->pp;
	if (!pp->built || j->stale || j->from != pp->from || j->to != pp->to || j->cap != pp->cap ||
	    pp->builtin != pp->with_builtin) {
		if (core_two(j->u))
			cmp_rebuild(j->u, pp, j->from, j->to, j->cap);
		else
			rebuild(j->u, pp, j->from, j->to, j->cap);
	}
	if (pp->hl && (j->stale || pp->hl_from != pp->from || pp->hl_to != pp->to ||
		       pp->hl_cap != pp->cap))
		prof_hl_compute(j->u, pp);
}

void prof_sync(struct viewer *u, struct prof_pane *pp)
{
	uint64_t from = 0, to = UINT64_MAX;
	if (pp->scope == SC_MARK && u->has_mark)
		core_mark_range(u, &from, &to);
	else if (pp->scope == SC_WINDOW && u->t1 > u->t0) {
		from = u->t0;
		to = u->t1 - 1;
	}
	int32_t cap = pp->capi >= 0 && (size_t)pp->capi < u->r->run.tr.ncaps ? u->r->run.tr.caps[pp->capi] : -1;
	struct sync_job j = { u, pp, from, to, cap, pp->stale };
	pp->stale = false;
	bool tree = !pp->built || j.stale || from != pp->from || to != pp->to || cap != pp->cap ||
		    pp->builtin != pp->with_builtin;
	/* the highlight follows the tree's scope */
	if (tree || (pp->hl && (j.stale || pp->hl_from != pp->from || pp->hl_to != pp->to ||
				pp->hl_cap != pp->cap)))
		busy_run(u, "building the profile", sync_job, &j); /* q, Ctrl-C end the viewer */
}

void prof_free(struct prof_pane *pp)
{
	pcmp_free(&pp->cmp);
	pcmp_free(&pp->kcmp);
	free(pp->kopen);
	pcmp_path_free(&pp->keep);
	cctree_free(&pp->t);
	free(pp->open);
	free(pp->rows);
	free(pp->fl);
	free(pp->ticks);
	*pp = (struct prof_pane){ 0 };
}
