/* profile_compare: two runs' cost-centre profiles side by side, for the
 * profile pane's compare mode (hectic A B). Cost centres are matched as
 * `hectic diff` matches them (report_diff.c): by module and name
 * (MODULE.NAME), whatever their ids in each log; the tree is the union of
 * the two runs' trees, a node per path of such names from MAIN. A figure
 * a run does not have is absent (an empty cell), not 0: in the tree, a
 * stack only one run ticked; in the flat list, a cost centre the other
 * run does not define (one it defines but did not tick in the scope has
 * 0, as hectic diff has it), or every row of a run without a time
 * profile. The change is perf diff's delta: B's share of its run minus
 * A's, in points. Pure data from model/: no curses, no core. */
#ifndef HECTIC_PROFILE_COMPARE_H
#define HECTIC_PROFILE_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../model/cctree.h"
#include "../model/heap.h"

enum { PC_A, PC_B };

/* A cost centre as the runs match it. Its bytes are the log's (escape
 * them before they reach a terminal). An id a log does not define matches
 * nothing in the other run: undef is that run (else -1). */
struct pc_key {
	const uint8_t *label, *module;
	uint32_t nlabel, nmodule;
	int undef;
	uint32_t id; /* (undef >= 0) */
};

/* One run's figures of a row or node: has false is an empty cell. */
struct pc_fig {
	uint64_t self, inherited;
	bool has;
};

struct pc_node {
	struct pc_key k;
	uint64_t hash;
	uint32_t cc[2]; /* the (first) id naming it in each run; CCT_NONE: none, or MAIN */
	uint32_t parent, child, next, depth; /* as struct cc_node's */
	struct pc_fig f[2];
};

struct pc_row {
	struct pc_key k;
	uint64_t hash;
	uint32_t cc[2];
	struct pc_fig f[2];
};

struct pcmp {
	bool prof[2];        /* the run has a time profile (a tick anywhere in its log) */
	uint64_t total[2];   /* the ticks counted in the scope (the trees' totals) */
	uint64_t left_out[2], unknown[2];
	struct pc_node *nodes; /* nodes[0]: the root, MAIN (when a run has a profile) */
	size_t n, ncap;
	struct pc_row *rows;   /* the flat list, in the order last asked for */
	size_t nrows, rcap;
	uint32_t *nslot, *rslot; /* hash tables: node or row index + 1 */
	size_t nnslot, nrslot;
	uint8_t *owned; /* (pcmp_own) the keys' bytes */
};

/* The comparison of the two runs' trees t[PC_A], t[PC_B] (built from
 * heaps h[PC_A], h[PC_B]; t[i] NULL: run i has no time profile). Rows
 * sorted by change, children by weight. False when out of memory (c is
 * then empty). */
bool pcmp_build(struct pcmp *c, const struct heap *const h[2], const struct cctree *const t[2]);
void pcmp_free(struct pcmp *c);

/* The key of cost centre id of heap h (run side); CCT_NONE: MAIN. */
void pcmp_key_of(const struct heap *h, int side, uint32_t id, struct pc_key *k);
bool pcmp_key_eq(const struct pc_key *a, const struct pc_key *b);

/* A copy of c whose keys own their bytes: it outlives the heaps c names
 * (pcmp_free frees it). False when out of memory (out is then empty). */
bool pcmp_own(const struct pcmp *c, struct pcmp *out);

/* A run's share of its scope's ticks, in percent (0 when it has none). */
double pcmp_share(const struct pcmp *c, int side, uint64_t ticks);

/* The change of a row's or node's figures (inherited or individual): B's
 * share minus A's, in points; false when a side is absent. */
bool pcmp_delta(const struct pcmp *c, const struct pc_fig f[2], bool inherited, double *d);

/* The run whose figure alone a row or node has (PC_A, PC_B), or -1. */
int pcmp_only(const struct pc_fig f[2]);

enum pc_order {
	PC_BY_CHANGE,     /* individual share's change: rows only in one run first */
	PC_BY_INH_CHANGE, /* inherited share's change, likewise */
	PC_BY_WEIGHT,     /* A's inherited share plus B's, most first */
	PC_BY_NAME,
};

/* "change", "inherited change", "inherited", "name". */
const char *pcmp_order_name(enum pc_order by);

/* The flat list in that order (then by name). */
void pcmp_sort_rows(struct pcmp *c, enum pc_order by);

/* Every node's children in that order (individual change: by PC_BY_CHANGE's
 * rule on the nodes' individual figures). */
void pcmp_sort_tree(struct pcmp *c, enum pc_order by);

/* The nodes in display order, entering a node's children only when
 * open[node] (NULL: all); at most max written, the count returned. */
size_t pcmp_tree_rows(const struct pcmp *c, const bool *open, uint32_t *rows, size_t max);

/* The child of parent with key k, or CCT_NONE; the flat row with key k,
 * or -1. */
uint32_t pcmp_find_child(const struct pcmp *c, uint32_t parent, const struct pc_key *k);
long pcmp_find_row(const struct pcmp *c, const struct pc_key *k);

/* The node of key k with the most weight (0, the root, when none). */
uint32_t pcmp_heaviest_of(const struct pcmp *c, const struct pc_key *k);

/* open: the root and the heaviest path (by weight) from it. */
void pcmp_open_heaviest(const struct pcmp *c, bool *open);

/* The open nodes of old carried over to the same paths of c (open has
 * c->n entries, zeroed first); false when out of memory. */
bool pcmp_carry_open(const struct pcmp *old, const bool *old_open, const struct pcmp *c, bool *open);

/* A path of keys from the root, owning its bytes: what was selected, kept
 * across a rebuild whose old data are gone. */
struct pc_path {
	struct pc_key *k;
	size_t n;
	uint8_t *bytes;
};

/* Node x's path (the root's is empty); false when out of memory. */
bool pcmp_path_of(const struct pcmp *c, uint32_t x, struct pc_path *p);
/* A key alone (a flat row's), owned. */
bool pcmp_path_key(const struct pc_key *k, struct pc_path *p);
/* The node at p in c, or its deepest ancestor there (0: the root). */
uint32_t pcmp_path_find(const struct pcmp *c, const struct pc_path *p);
void pcmp_path_free(struct pc_path *p);

#endif
