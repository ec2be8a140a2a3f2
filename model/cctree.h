/* cctree: the cost-centre profile of a window, as the .prof's tree.
 *
 * From the time samples of a heap (one per capability per tick, +RTS -p
 * -l), the stacks ticked in [from, to] on one capability or all are
 * merged into a tree rooted at MAIN (the empty stack, as the .prof roots
 * it): a node per distinct path of cost centres from the outermost, with
 * the ticks where it was the whole stack (individual) and where it was a
 * prefix (inherited). Ticks whose innermost cost centre is one of the
 * RTS's own (GC, IDLE, SYSTEM: source <built-in>) are left out, as the
 * .prof leaves them out, unless asked for.
 *
 * The ticks are read from the store (heap_build need not keep them), each
 * counted into the tree and into the flat profile as it comes: any number
 * of them. The flat profile (a row per cost centre) is exact whatever the
 * stacks. The tree has at most as many nodes as the ticked stacks have
 * entries, which distinct deep stacks make about as many as the log has
 * bytes / 4: its nodes stop growing at a budget (what the heap's leaves
 * of 5% of the file, or less when asked), and a tick whose stack goes
 * below the nodes it holds is counted in the inherited ticks of the
 * deepest one it has, and in cut: the figures shown stay true, the nodes
 * below are missing, and the caller says so. Never includes curses or
 * termkey. */
#ifndef HECTIC_CCTREE_H
#define HECTIC_CCTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "heap.h"

#define CCT_NONE UINT32_MAX

struct cc_node {
	uint32_t cc;     /* the cost centre's id; the root (node 0): CCT_NONE, MAIN */
	uint32_t parent; /* CCT_NONE for the root */
	uint32_t child, next; /* the first child, the next sibling; CCT_NONE */
	uint32_t depth;       /* the root's is 0 */
	uint64_t self;        /* ticks with exactly this stack */
	uint64_t inherited;   /* ticks with this stack as a prefix, self included */
};

struct cctree {
	struct cc_node *nodes; /* nodes[0] is the root */
	size_t n;
	uint64_t total;    /* the ticks counted (the root's inherited) */
	uint64_t left_out; /* ticks on the RTS's own cost centres, not counted */
	uint64_t unknown;  /* of those counted, stacks naming an undefined id */
	uint64_t cut;      /* of those counted, ticks below the nodes the budget held */
	struct cc_flat *flat; /* (internal) the flat profile, counted tick by tick */
	size_t nflat;
};

struct cctree_opts {
	uint64_t from, to; /* the ticks' times, inclusive */
	int32_t cap;       /* a capability, or -1: all */
	bool builtin;      /* count ticks on the RTS's own cost centres too */
	uint64_t budget;   /* the nodes' bytes at most; 0: what the heap leaves */
};

/* The tree's nodes stop growing at (at least) this much. */
#define CCT_MIN_BUDGET (1u << 20)

/* Builds the tree of the ticks of s (whose heap is h); false when out of
 * memory or the file shrank while it was read. Children come in order of
 * inherited ticks, most first (cctree_sort to change it). */
bool cctree_build(struct cctree *t, const struct heap *h, const struct store *s,
		  const struct cctree_opts *o);
void cctree_free(struct cctree *t);

enum cctree_order { CCT_BY_INHERITED, CCT_BY_SELF, CCT_BY_NAME };

/* Orders every node's children: by inherited or individual ticks (most
 * first, then by name), or by label (then module). */
void cctree_sort(struct cctree *t, const struct heap *h, enum cctree_order by);

/* A time sample as the log has it: the stack's ids are big-endian u32,
 * innermost first (heap_stack_id reads them). */
struct tick_ref {
	uint64_t time;
	int32_t cap;
	const uint8_t *stack;
	uint32_t depth;
	uint32_t top; /* the innermost id; CCT_NONE for the empty stack */
};

/* Calls fn on each time sample of s with time in [from, to], in time
 * order, until it returns false. False when out of memory or the file
 * shrank while it was read. */
bool cctree_ticks(const struct store *s, uint64_t from, uint64_t to,
		  bool (*fn)(void *ctx, const struct tick_ref *t), void *ctx);

/* A flat profile: a row per cost centre with its individual ticks (summed
 * over the nodes naming it) and inherited (the ticks with it anywhere in
 * the stack, each tick once however often it recurs). */
struct cc_flat {
	uint32_t cc; /* CCT_NONE: MAIN, the empty stack */
	uint64_t self, inherited;
};

/* The flat profile of t, most individual ticks first (then inherited, then
 * id); *out is malloc'ed, *n its rows (the cost centres with a tick). False
 * when out of memory. */
bool cctree_flat(const struct cctree *t, struct cc_flat **out, size_t *n);

/* The nodes in display order: a depth-first walk in the children's order,
 * entering a node's children only when open[node] (NULL: all open). Writes
 * at most max node indexes to rows; returns how many there are in all. */
size_t cctree_rows(const struct cctree *t, const bool *open, uint32_t *rows, size_t max);

/* ticks as a percentage of total, as the .prof's %time columns show it
 * (0 when there are none): hectic profile's text and the profile pane. */
static inline double cctree_pct(uint64_t ticks, uint64_t total)
{
	return total ? 100.0 * (double)ticks / (double)total : 0.0;
}

#endif
