/* The profile pane's list as drawn (view_profile.c draws its title and
 * takes its actions): the header and the rows on screen, of one run or of
 * two (A, B and the change). The cost centre's column and the module's
 * take the room the figures leave: each as wide as its widest entry where
 * both fit, else the module a third of that room (or what the names
 * leave) and the names the rest; a name or module that still does not
 * fit is shortened among the rows on screen (label_fit), so that two rows
 * never read the same. The tree's indentation and expanders are drawn
 * outside the fitted name. Knows the pane's state, not its actions. */
#include "profile_tree.h"

#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "label_fit.h"
#include "core.h"

#define G_OPEN(u) ((u)->ascii ? "-" : "\u25be")   /* ▾ */
#define G_CLOSED(u) ((u)->ascii ? "+" : "\u25b8") /* ▸ */
/* the figures' columns, each with its unit */
#define NUMS_W 45         /* "individual ticks %time  inherited ticks %time" */
#define NUMS_W_COMPACT 36 /* "indiv ticks %time  inher ticks %time" */
#define NUMS_W_SHORT 21   /* "inherited ticks %time" */
/* two runs: a group of figures, "  A indiv %time   B indiv %time   delta" */
#define GROUP_W 39
#define NAME_MIN 16 /* the names' column at least, before the module goes */
#define MOD_MIN 6   /* the module's, when shown */
#define MOD_FAIR 16 /* the module's before the names are cut */

/* The columns of a width: the cost centre's (from 0), the module's (wmod
 * 0: none), the figures' at xnum; one run: full, both its figures (else
 * the inherited alone), compact, under shorter headers; two runs: ngroups
 * of figures (2, 1 or 0), inh the group shown alone. */
struct cols {
	int wname, xmod, wmod, xnum;
	bool full, compact;
	int ngroups;
	bool inh;
};

/* The names' and the module's columns in room columns, for names of need
 * columns and modules of mneed: both whole where they fit; else the names
 * whole where the module keeps MOD_FAIR of its own; else the module a
 * third; the module left out before the names have under NAME_MIN. False
 * when the names have under 4. */
static bool split_room(struct cols *c, int room, int need, int mneed)
{
	if (need < (int)strlen("COST CENTRE"))
		need = (int)strlen("COST CENTRE");
	if (mneed < MOD_MIN)
		mneed = MOD_MIN;
	c->wmod = mneed;
	if (need + 1 + mneed > room) { /* both cannot be whole */
		int fair = mneed < MOD_FAIR ? mneed : MOD_FAIR;
		c->wmod = need + 1 + fair <= room ? room - need - 1 : room / 3;
		if (c->wmod > mneed)
			c->wmod = mneed;
	}
	c->wname = room - 1 - c->wmod;
	if (c->wmod < MOD_MIN || c->wname < NAME_MIN) {
		c->wmod = 0;
		c->wname = room;
	}
	if (c->wname > need)
		c->wname = need;
	if (c->wname < 4)
		return false;
	c->xmod = c->wname + 1;
	c->xnum = c->xmod + (c->wmod ? c->wmod + 1 : 0);
	return true;
}

static struct cols cols_for(int w, int need, int mneed)
{
	struct cols c = { .full = true };
	int nums = NUMS_W;
	if (w - nums - 1 < need + 1 + MOD_MIN) { /* the names cut: figures narrower */
		c.compact = true;
		nums = NUMS_W_COMPACT;
	}
	if (w - nums - 1 < 12) {
		c.full = false;
		nums = NUMS_W_SHORT;
	}
	if (!split_room(&c, w - nums - 1, need, mneed)) { /* no room for figures */
		c = (struct cols){ .wname = w, .xmod = w, .xnum = w };
	}
	return c;
}

/* Two runs: both groups of figures, on a narrow screen the group sorted
 * by alone (inh: the inherited one). */
static struct cols prof_cmp_cols(int w, int need, int mneed, bool inh)
{
	struct cols c = { .ngroups = 2, .inh = inh };
	int nums = 2 * GROUP_W + 2, m = mneed > MOD_MIN ? mneed : MOD_MIN;
	if (w - nums - 1 - ((m < 24 ? m : 24) + 1) < NAME_MIN) {
		c.ngroups = 1;
		nums = GROUP_W;
	}
	if (!split_room(&c, w - nums - 1, need, mneed))
		c = (struct cols){ .wname = w, .xmod = w, .xnum = w };
	return c;
}

/* The names and modules of the rows on screen, each fitted among its
 * column's. */
struct shown {
	struct label_set name, mod;
};

static void shown_add(struct shown *s, const struct cc_text *t, bool ascii)
{
	label_set_add(&s->name, t->label, t->nlabel, ascii);
	label_set_add(&s->mod, t->module, t->nmodule, ascii);
}

static void shown_free(struct shown *s)
{
	label_set_free(&s->name);
	label_set_free(&s->mod);
}

/* Row i's name at x (within the names' column, lit when hl) and module. */
static void draw_names(const struct viewer *u, int y, const struct cols *c, const struct shown *s,
		       size_t i, int x, attr_t a, bool hl)
{
	if (x < c->wname) {
		attr_t h = hl ? draw_attr(u, C_MARKER) | A_BOLD : 0;
		attron(h);
		draw_label_fit(&s->name, i, y, x, c->wname - x, u->ascii);
		attroff(h);
		attron(a);
	}
	if (c->wmod)
		draw_label_fit(&s->mod, i, y, c->xmod, c->wmod, u->ascii);
}

/* A row's background, in reverse when selected (its attribute). */
static attr_t row_begin(int y, int cols, bool selected)
{
	attr_t a = selected ? A_REVERSE : A_NORMAL;
	attron(a);
	move(y, 0);
	for (int i = 0; i < cols; i++)
		addch(' ');
	return a;
}

/* The tree's expander of a node with children, at its indentation. */
static void draw_expander(const struct viewer *u, int y, int indent, bool open, bool selected)
{
	attron(selected ? A_REVERSE : A_NORMAL);
	mvaddstr(y, indent, open ? G_OPEN(u) : G_CLOSED(u));
	attroff(selected ? A_REVERSE : A_NORMAL);
}

/* A node's indentation: its depth, at most half the names' column. */
static int indent_of(const struct cols *c, uint32_t depth)
{
	return (int)(depth < (uint32_t)c->wname / 2 ? depth : (uint32_t)c->wname / 2);
}

/* ---- one run ---- */

static void prof_draw_figures(int y, int cols, const struct cols *c, uint64_t total, uint64_t self,
			 uint64_t inherited)
{
	if (c->xnum >= cols)
		return;
	char b[96];
	int wi = c->compact ? 11 : 16, wh = c->compact ? 11 : 15;
	if (c->full)
		snprintf(b, sizeof b, "%*llu %5.1f  %*llu %5.1f", wi, (unsigned long long)self,
			 cctree_pct(self, total), wh, (unsigned long long)inherited, cctree_pct(inherited, total));
	else
		snprintf(b, sizeof b, "%15llu %5.1f", (unsigned long long)inherited, cctree_pct(inherited, total));
	mvaddnstr(y, c->xnum, b, cols - c->xnum);
}

static void draw_header(const struct viewer *u, int y, int cols, const struct cols *c)
{
	attron(draw_attr(u, C_DIM));
	mvaddnstr(y, 0, "COST CENTRE", c->wname);
	if (c->wmod)
		mvaddnstr(y, c->xmod, "MODULE", c->wmod);
	char b[64];
	if (c->full && c->compact)
		snprintf(b, sizeof b, "%11s %5s  %11s %5s", "indiv ticks", "%time", "inher ticks", "%time");
	else if (c->full)
		snprintf(b, sizeof b, "%16s %5s  %15s %5s", "individual ticks", "%time", "inherited ticks",
			 "%time");
	else
		snprintf(b, sizeof b, "%15s %5s", "inherited ticks", "%time");
	if (c->xnum < cols)
		mvaddnstr(y, c->xnum, b, cols - c->xnum);
	attroff(draw_attr(u, C_DIM));
}

/* Row r of the list (the flat list's or the tree's) and its cost centre. */
static uint32_t row_cc(const struct prof_pane *pp, int r)
{
	return pp->flat ? pp->fl[r].cc : pp->t.nodes[pp->rows[r]].cc;
}

void prof_rows_draw(const struct viewer *u, const struct prof_pane *pp, int y, int h, int cols,
		    bool header)
{
	struct cols c = cols_for(cols, pp->flat ? pp->wflat : pp->wtree, pp->wmod);
	if (header)
		draw_header(u, y++, cols, &c);
	struct shown s = { 0 };
	int n = 0;
	for (; n < h && pp->pl.top + n < pp->pl.n; n++) {
		struct cc_text t;
		prof_cc_text(&u->r->run.h, row_cc(pp, pp->pl.top + n), &t);
		shown_add(&s, &t, u->ascii);
	}
	for (int i = 0; i < n; i++) {
		int r = pp->pl.top + i, x = 0;
		bool sel = r == pp->pl.sel;
		uint32_t cc = row_cc(pp, r);
		uint64_t self, inh;
		const struct cc_node *k = pp->flat ? NULL : &pp->t.nodes[pp->rows[r]];
		if (k) {
			x = indent_of(&c, k->depth);
			self = k->self;
			inh = k->inherited;
		} else {
			self = pp->fl[r].self;
			inh = pp->fl[r].inherited;
		}
		attr_t a = row_begin(y + i, cols, sel);
		draw_names(u, y + i, &c, &s, (size_t)i, k ? x + 2 : 0, a, pp->hl && pp->hl_cc == cc);
		prof_draw_figures(y + i, cols, &c, pp->t.total, self, inh);
		attroff(a);
		if (k && k->child != CCT_NONE && x < c.wname)
			draw_expander(u, y + i, x, pp->open[pp->rows[r]], sel);
	}
	shown_free(&s);
}

/* ---- two runs: A, B and the change ---- */

/* One group's text: each run's ticks and share (blank: the run has no
 * such figure), B's share minus A's, or which run alone has the row. */
static void cmp_group(char *b, size_t n, const struct pcmp *c, const struct pc_fig f[2], bool inh)
{
	char side[2][40], d[16] = "";
	for (int s = 0; s < 2; s++) {
		uint64_t v = inh ? f[s].inherited : f[s].self;
		if (f[s].has)
			snprintf(side[s], sizeof side[s], "%9llu %5.1f", (unsigned long long)v, pcmp_share(c, s, v));
		else
			snprintf(side[s], sizeof side[s], "%15s", "");
	}
	double x;
	int only = pcmp_only(f);
	if (only >= 0)
		snprintf(d, sizeof d, "only %s", only == PC_A ? "A" : "B");
	else if (pcmp_delta(c, f, inh, &x) && x > -0.05 && x < 0.05)
		snprintf(d, sizeof d, "0.0"); /* not -0.0 */
	else if (pcmp_delta(c, f, inh, &x))
		snprintf(d, sizeof d, "%+.1f", x);
	snprintf(b, n, "%s %s %7s", side[0], side[1], d);
}

static void cmp_figures(const struct prof_pane *pp, int y, int cols, const struct cols *c,
			const struct pc_fig f[2])
{
	char b[2][96];
	if (!c->ngroups || c->xnum >= cols)
		return;
	cmp_group(b[0], sizeof b[0], &pp->cmp, f, c->ngroups == 1 && c->inh);
	mvaddnstr(y, c->xnum, b[0], cols - c->xnum);
	if (c->ngroups == 2 && c->xnum + GROUP_W + 2 < cols) {
		cmp_group(b[1], sizeof b[1], &pp->cmp, f, true);
		mvaddnstr(y, c->xnum + GROUP_W + 2, b[1], cols - c->xnum - GROUP_W - 2);
	}
}

static void cmp_header(const struct viewer *u, int y, int cols, const struct cols *c)
{
	attron(draw_attr(u, C_DIM));
	mvaddnstr(y, 0, "COST CENTRE", c->wname);
	if (c->wmod)
		mvaddnstr(y, c->xmod, "MODULE", c->wmod);
	char b[128];
	bool inh = c->ngroups == 1 && c->inh;
	int n = snprintf(b, sizeof b, "%9s %5s %9s %5s %7s", inh ? "A inher" : "A indiv", "%time",
			 inh ? "B inher" : "B indiv", "%time", "delta");
	if (c->ngroups == 2 && n > 0 && (size_t)n < sizeof b)
		snprintf(b + n, sizeof b - (size_t)n, "  %9s %5s %9s %5s %7s", "A inher", "%time", "B inher",
			 "%time", "delta");
	if (c->ngroups && c->xnum < cols)
		mvaddnstr(y, c->xnum, b, cols - c->xnum);
	attroff(draw_attr(u, C_DIM));
}

/* Row r's key, its ids in each run and its figures; its node (NULL: a
 * flat row). */
static const struct pc_node *prof_cmp_row(const struct prof_pane *pp, int r, const struct pc_key **k,
				     const uint32_t **cc, const struct pc_fig **f)
{
	if (pp->flat) {
		const struct pc_row *w = &pp->cmp.rows[r];
		*k = &w->k, *cc = w->cc, *f = w->f;
		return NULL;
	}
	const struct pc_node *x = &pp->cmp.nodes[pp->rows[r]];
	*k = &x->k, *cc = x->cc, *f = x->f;
	return x;
}

void prof_cmp_rows_draw(const struct viewer *u, const struct prof_pane *pp, int y, int h, int cols,
			bool header)
{
	bool inh = !pp->flat || pp->cflat_by == PC_BY_INH_CHANGE;
	struct cols c = prof_cmp_cols(cols, pp->flat ? pp->wflat : pp->wtree, pp->wmod, inh);
	if (header)
		cmp_header(u, y++, cols, &c);
	struct shown s = { 0 };
	const struct pc_key *k;
	const uint32_t *cc;
	const struct pc_fig *f;
	int n = 0;
	for (; n < h && pp->pl.top + n < pp->pl.n; n++) {
		struct cc_text t;
		prof_cmp_row(pp, pp->pl.top + n, &k, &cc, &f);
		prof_cmp_text(k, &t);
		shown_add(&s, &t, u->ascii);
	}
	for (int i = 0; i < n; i++) {
		int r = pp->pl.top + i;
		bool sel = r == pp->pl.sel;
		const struct pc_node *x = prof_cmp_row(pp, r, &k, &cc, &f);
		int indent = x ? indent_of(&c, x->depth) : 0;
		uint32_t id;
		bool lit = pp->hl && prof_cmp_shown_id(u, k, cc, f, &id) && id == pp->hl_cc;
		attr_t a = row_begin(y + i, cols, sel);
		draw_names(u, y + i, &c, &s, (size_t)i, x ? indent + 2 : 0, a, lit);
		cmp_figures(pp, y + i, cols, &c, f);
		attroff(a);
		if (x && x->child != CCT_NONE && indent < c.wname)
			draw_expander(u, y + i, indent, pp->open[pp->rows[r]], sel);
	}
	shown_free(&s);
}
