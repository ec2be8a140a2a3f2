/* profile_tree: what the cost-centre profile pane (view_profile.c) holds
 * and builds (profile_tree.c): the tree and the flat list of the time
 * samples for the scope asked for, the rows shown with their selection,
 * and the ticks of the highlighted cost centre. Private to the pane. */
#ifndef HECTIC_PROFILE_TREE_H
#define HECTIC_PROFILE_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../model/cctree.h"
#include "../keymaps/actions.h"
#include "../model/heap.h"
#include "pane.h"
#include "profile_compare.h"

struct viewer;

enum scope { SC_RUN, SC_MARK, SC_WINDOW };

/* A tick of the highlighted cost centre; sorted by capability, then time. */
struct hl_tick {
	int32_t cap;
	uint64_t time;
};

/* The pane's state (view_state): zeroed while the pane is closed. */
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
	int wmod;        /* the module column's: the widest entry */
	int wtree, wflat; /* the cost centre column's: the widest entry (the
			   * tree's with its indentation) */
	struct pane_list pl; /* the rows of the tree or the list, as shown */
	/* the highlight: the ticks with hl_cc on top */
	bool hl;
	uint32_t hl_cc;
	struct hl_tick *ticks;
	size_t nticks;
	uint64_t hl_from, hl_to;
	int32_t hl_cap;
	bool stale; /* the log grew: build the tree and the ticks again */
	/* two runs (hectic A B): the union of both runs' profiles, built for
	 * the scope above on the shown run's clock (the other run's interval
	 * mapped to its own); open, rows, pl and the widths are then its
	 * nodes' and rows', t and fl stay empty */
	struct pcmp cmp;
	uint64_t cut; /* the trees' cut ticks (cctree.h), both runs' */
	enum pc_order ctree_by, cflat_by;
	uint64_t ofrom, oto; /* the other run's interval, on its clock */
	/* while the runs swap: the last comparison (its own copy) with its
	 * open nodes, and the selection, to carry them over */
	struct pcmp kcmp;
	bool *kopen;
	struct pc_path keep;
	bool kept;
};

/* A cost centre's label and module as bytes from the file (escape them
 * before they reach the terminal): MAIN for the root, the empty stack;
 * <cc N> for an id the log does not define. */
struct cc_text {
	const uint8_t *label, *module;
	size_t nlabel, nmodule;
	char buf[24];
};

void prof_cc_text(const struct heap *h, uint32_t id, struct cc_text *x);

/* The tree for what is asked now, built again when the scope (which
 * follows the window and the mark), the capability or the built-ins
 * changed, or the log grew; the highlighted ticks likewise. */
void prof_sync(struct viewer *u, struct prof_pane *pp);

/* The selected row's cost centre (CCT_NONE: none). */
uint32_t prof_sel_cc(const struct prof_pane *pp);

/* The flat list's rows, cc's selected (the first when it is not there). */
void prof_flat_select(struct prof_pane *pp, uint32_t cc);

/* The tree's rows (the open nodes'); node selected, or when it is hidden
 * the ancestor that shows it (its ancestors are opened when reveal). */
void prof_tree_rows(struct prof_pane *pp, uint32_t node, bool reveal);

/* The node naming cc with the most inherited ticks (0, the root, when none). */
uint32_t prof_heaviest_of(const struct cctree *t, uint32_t cc);

/* The flat list made again from the tree, in the order asked for; false
 * when out of memory (the list stays). */
bool prof_flat_make(struct viewer *u, struct prof_pane *pp);

/* The highlighted cost centre's ticks, in the tree's scope and on its
 * capability. */
void prof_hl_compute(struct viewer *u, struct prof_pane *pp);
void prof_hl_clear(struct prof_pane *pp);

/* ---- two runs ---- */

/* The run the event list shows (PC_A, or PC_B after other-run), and a
 * run's heap. */
int prof_cmp_shown(const struct viewer *u);
const struct heap *prof_cmp_heap(const struct viewer *u, int side);

/* A key's label and module as prof_cc_text gives a cost centre's. */
void prof_cmp_text(const struct pc_key *k, struct cc_text *x);

/* The selected row's key (NULL: none), and its figures. */
const struct pc_key *prof_cmp_sel(const struct prof_pane *pp, const struct pc_fig **f);

/* The tree's rows, node selected (its ancestors opened when reveal); the
 * flat list's rows, the row of key k selected (the first: none). */
void prof_cmp_tree_rows(struct prof_pane *pp, uint32_t node, bool reveal);
void prof_cmp_flat_select(struct prof_pane *pp, const struct pc_key *k);

/* The shown run's id of a row or node, for the highlight: false when the
 * shown run has none (MAIN, the empty stack: CCT_NONE). */
bool prof_cmp_shown_id(const struct viewer *u, const struct pc_key *k, const uint32_t cc[2],
		       const struct pc_fig f[2], uint32_t *id);

/* The pane's own actions on a built comparison: open/close, expand all,
 * sort, flat/tree and highlight; false for any other. */
bool prof_cmp_act(struct viewer *u, struct prof_pane *pp, enum action a);

/* The runs are about to swap (other-run): the selection kept, the rest
 * (the comparison, the highlighted ticks of the shown run) dropped, made
 * again on the next frame. */
void prof_cmp_forget(struct prof_pane *pp);

/* ---- the rows as drawn (profile_rows.c) ---- */

/* The header (when header) at y, then the h rows of the list from
 * pp->pl.top (the tree's or the flat list's; with two runs, the
 * comparison's) in cols columns. */
void prof_rows_draw(const struct viewer *u, const struct prof_pane *pp, int y, int h, int cols,
		    bool header);
void prof_cmp_rows_draw(const struct viewer *u, const struct prof_pane *pp, int y, int h, int cols,
			bool header);

/* Frees what the state holds and zeroes it. */
void prof_free(struct prof_pane *pp);

#endif
