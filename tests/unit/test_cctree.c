/* model/cctree: the .prof's tree from time samples: individual and
 * inherited ticks, built-ins left out, windows, capabilities, the flat
 * profile and the display order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../model/cctree.h"
#include "../../model/heap.h"
#include "../../model/store.h"
#include "evbuild.h"

static void cc(struct evb *b, uint32_t id, const char *label, const char *src)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, id);
	evb_cstr(&pl, label);
	evb_cstr(&pl, "Main");
	evb_cstr(&pl, src);
	evb_u8(&pl, 0);
	evb_event_pl(b, 161, 1, &pl);
	evb_free(&pl);
}

/* A time sample: cap, stack innermost first. */
static void tick(struct evb *b, uint64_t t, uint32_t cap, const uint32_t *ids, uint8_t n)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, cap);
	evb_u64(&pl, 1);
	evb_u8(&pl, n);
	for (uint8_t i = 0; i < n; i++)
		evb_u32(&pl, ids[i]);
	evb_event_pl(b, 167, t, &pl);
	evb_free(&pl);
}

struct fx {
	struct evb b;
	struct store s;
	struct heap h;
};

/* main 1, f 2, g 3, GC 4 (built-in); ticks:
 *   10 cap0 f/main   11 cap1 f/main   12 cap0 g/f/main   13 cap0 main
 *   14 cap1 GC       15 cap0 (empty: MAIN)   16 cap1 f/g/f/main
 *   17 cap0 <9>/main (undefined id)   18 cap0 g/main */
static int setup(void **state)
{
	struct fx *x = calloc(1, sizeof *x);
	assert_non_null(x);
	struct evb *b = &x->b;
	*b = EVB_INIT;
	evb_begin_header(b);
	evb_type(b, 161, EVB_VAR, "Heap profile cost centre");
	evb_type(b, 167, EVB_VAR, "Time profile sample");
	evb_end_header(b);
	cc(b, 1, "main", "a.hs:1:1");
	cc(b, 2, "f", "a.hs:2:1");
	cc(b, 3, "g", "a.hs:3:1");
	cc(b, 4, "GC", "<built-in>");
	tick(b, 10, 0, (const uint32_t[]){ 2, 1 }, 2);
	tick(b, 11, 1, (const uint32_t[]){ 2, 1 }, 2);
	tick(b, 12, 0, (const uint32_t[]){ 3, 2, 1 }, 3);
	tick(b, 13, 0, (const uint32_t[]){ 1 }, 1);
	tick(b, 14, 1, (const uint32_t[]){ 4 }, 1);
	tick(b, 15, 0, NULL, 0);
	tick(b, 16, 1, (const uint32_t[]){ 2, 3, 2, 1 }, 4);
	tick(b, 17, 0, (const uint32_t[]){ 9, 1 }, 2);
	tick(b, 18, 0, (const uint32_t[]){ 3, 1 }, 2);
	evb_dataend(b);
	char err[128];
	assert_int_equal(store_open_mem(&x->s, b->p, b->n, err, sizeof err), STORE_OK);
	assert_true(heap_build(&x->h, &x->s));
	assert_int_equal(x->h.nticks, 9);
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	struct fx *x = *state;
	heap_free(&x->h);
	store_close(&x->s);
	evb_free(&x->b);
	free(x);
	return 0;
}

/* The child of node p naming cost centre id, or CCT_NONE. */
static uint32_t child(const struct cctree *t, uint32_t p, uint32_t id)
{
	for (uint32_t c = t->nodes[p].child; c != CCT_NONE; c = t->nodes[c].next)
		if (t->nodes[c].cc == id)
			return c;
	return CCT_NONE;
}

static const struct cc_node *path(const struct cctree *t, const uint32_t *ids, size_t n)
{
	uint32_t k = 0;
	for (size_t i = 0; i < n && k != CCT_NONE; i++)
		k = child(t, k, ids[i]);
	assert_int_not_equal(k, CCT_NONE);
	return &t->nodes[k];
}

static void test_tree(void **state)
{
	struct fx *x = *state;
	struct cctree t;
	struct cctree_opts o = { 0, UINT64_MAX, -1, false, 0 };
	assert_true(cctree_build(&t, &x->h, &x->s, &o));
	assert_int_equal(t.total, 8);
	assert_int_equal(t.left_out, 1);
	assert_int_equal(t.unknown, 1);
	assert_int_equal(t.nodes[0].self, 1); /* the empty stack */
	assert_int_equal(t.nodes[0].inherited, 8);
	const struct cc_node *m = path(&t, (const uint32_t[]){ 1 }, 1);
	assert_int_equal(m->self, 1);
	assert_int_equal(m->inherited, 7);
	const struct cc_node *f = path(&t, (const uint32_t[]){ 1, 2 }, 2);
	assert_int_equal(f->self, 2);
	assert_int_equal(f->inherited, 4);
	assert_int_equal(f->depth, 2);
	const struct cc_node *fg = path(&t, (const uint32_t[]){ 1, 2, 3 }, 3);
	assert_int_equal(fg->self, 1);
	assert_int_equal(fg->inherited, 2);
	const struct cc_node *fgf = path(&t, (const uint32_t[]){ 1, 2, 3, 2 }, 4);
	assert_int_equal(fgf->self, 1);
	assert_int_equal(fgf->inherited, 1);
	assert_int_equal(path(&t, (const uint32_t[]){ 1, 3 }, 2)->self, 1);
	assert_int_equal(path(&t, (const uint32_t[]){ 1, 9 }, 2)->self, 1);
	assert_int_equal(child(&t, 0, 4), CCT_NONE); /* GC left out */
	assert_int_equal(t.n, 7);
	cctree_free(&t);
}

static void test_options(void **state)
{
	struct fx *x = *state;
	struct cctree t;
	/* the built-ins kept: GC under MAIN */
	struct cctree_opts o = { 0, UINT64_MAX, -1, true, 0 };
	assert_true(cctree_build(&t, &x->h, &x->s, &o));
	assert_int_equal(t.total, 9);
	assert_int_equal(t.left_out, 0);
	assert_int_equal(path(&t, (const uint32_t[]){ 4 }, 1)->self, 1);
	cctree_free(&t);
	/* capability 1: 11, 14 (GC, left out), 16 */
	o = (struct cctree_opts){ 0, UINT64_MAX, 1, false, 0 };
	assert_true(cctree_build(&t, &x->h, &x->s, &o));
	assert_int_equal(t.total, 2);
	assert_int_equal(t.left_out, 1);
	assert_int_equal(path(&t, (const uint32_t[]){ 1, 2 }, 2)->inherited, 2);
	cctree_free(&t);
	/* the window [12, 13], inclusive */
	o = (struct cctree_opts){ 12, 13, -1, false, 0 };
	assert_true(cctree_build(&t, &x->h, &x->s, &o));
	assert_int_equal(t.total, 2);
	assert_int_equal(path(&t, (const uint32_t[]){ 1, 2, 3 }, 3)->self, 1);
	assert_int_equal(path(&t, (const uint32_t[]){ 1 }, 1)->self, 1);
	cctree_free(&t);
	/* an empty window: the root alone */
	o = (struct cctree_opts){ 100, 200, -1, false, 0 };
	assert_true(cctree_build(&t, &x->h, &x->s, &o));
	assert_int_equal(t.total, 0);
	assert_int_equal(t.n, 1);
	uint32_t rows[4];
	assert_int_equal(cctree_rows(&t, NULL, rows, 4), 1);
	cctree_free(&t);
}

static void test_flat(void **state)
{
	struct fx *x = *state;
	struct cctree t;
	struct cctree_opts o = { 0, UINT64_MAX, -1, false, 0 };
	assert_true(cctree_build(&t, &x->h, &x->s, &o));
	struct cc_flat *f;
	size_t n;
	assert_true(cctree_flat(&t, &f, &n));
	assert_int_equal(n, 5);
	/* f: individual 2 + 1 over its two nodes, inherited 4 (ticks 10, 11,
	 * 12, 16: the recursion counted once) */
	assert_int_equal(f[0].cc, 2);
	assert_int_equal(f[0].self, 3);
	assert_int_equal(f[0].inherited, 4);
	assert_int_equal(f[1].cc, 3); /* g: 12, 18; inherited 12, 16, 18 */
	assert_int_equal(f[1].self, 2);
	assert_int_equal(f[1].inherited, 3);
	assert_int_equal(f[2].cc, CCT_NONE); /* MAIN: 1, all 8 */
	assert_int_equal(f[2].inherited, 8);
	assert_int_equal(f[3].cc, 1);
	assert_int_equal(f[3].inherited, 7);
	assert_int_equal(f[4].cc, 9);
	free(f);
	cctree_free(&t);
}

static void test_order(void **state)
{
	struct fx *x = *state;
	struct cctree t;
	struct cctree_opts o = { 0, UINT64_MAX, -1, false, 0 };
	assert_true(cctree_build(&t, &x->h, &x->s, &o));
	uint32_t m = child(&t, 0, 1);
	/* by inherited (the default): f (4), then g and <9> (1 each) by name:
	 * the undefined one has no label, so it comes first */
	uint32_t c = t.nodes[m].child;
	assert_int_equal(t.nodes[c].cc, 2);
	assert_int_equal(t.nodes[t.nodes[c].next].cc, 9);
	assert_int_equal(t.nodes[t.nodes[t.nodes[c].next].next].cc, 3);
	cctree_sort(&t, &x->h, CCT_BY_NAME);
	c = t.nodes[m].child;
	assert_int_equal(t.nodes[c].cc, 9);
	assert_int_equal(t.nodes[t.nodes[c].next].cc, 2);
	assert_int_equal(t.nodes[t.nodes[t.nodes[c].next].next].cc, 3);
	cctree_sort(&t, &x->h, CCT_BY_SELF); /* f 2, then <9> and g 1 */
	c = t.nodes[m].child;
	assert_int_equal(t.nodes[c].cc, 2);
	assert_int_equal(t.nodes[t.nodes[c].next].cc, 9);
	/* the display order: depth first, children only when open */
	cctree_sort(&t, &x->h, CCT_BY_INHERITED);
	uint32_t rows[16];
	size_t n = cctree_rows(&t, NULL, rows, 16);
	assert_int_equal(n, 7);
	uint32_t want[] = { 0, 1, 2, 3, 2, 9, 3 };
	for (size_t i = 0; i < n; i++)
		assert_int_equal(rows[i] ? t.nodes[rows[i]].cc : 0, want[i]);
	assert_int_equal(t.nodes[rows[4]].depth, 4);
	bool open[16] = { 0 };
	open[0] = true;
	assert_int_equal(cctree_rows(&t, open, rows, 16), 2);
	open[m] = true;
	assert_int_equal(cctree_rows(&t, open, rows, 16), 5);
	/* the count stays right when the rows do not fit */
	assert_int_equal(cctree_rows(&t, NULL, rows, 3), 7);
	cctree_free(&t);
}

/* A budget of three nodes: the root, main and main/f, made by the first
 * ticks; the stacks below them are cut, counted in the inherited ticks of
 * the deepest node held (g/f/main and f/g/f/main at f, <9>/main and g/main
 * at main), so the nodes held keep the figures of the whole tree, and the
 * flat profile, counted tick by tick, stays whole. */
static void test_budget(void **state)
{
	struct fx *x = *state;
	struct cctree t, whole;
	struct cctree_opts o = { 0, UINT64_MAX, -1, false, 3 * sizeof(struct cc_node) };
	assert_true(cctree_build(&t, &x->h, &x->s, &o));
	o.budget = 0;
	assert_true(cctree_build(&whole, &x->h, &x->s, &o));
	assert_int_equal(t.n, 3);
	assert_int_equal(whole.cut, 0);
	assert_int_equal(t.cut, 4);
	assert_int_equal(t.total, 8);
	assert_int_equal(t.nodes[0].inherited, 8);
	const uint32_t mf[] = { 1, 2 };
	for (size_t d = 1; d <= 2; d++) {
		const struct cc_node *a = path(&t, mf, d), *b = path(&whole, mf, d);
		assert_int_equal(a->self, b->self);
		assert_int_equal(a->inherited, b->inherited);
	}
	struct cc_flat *f, *g;
	size_t nf, ng;
	assert_true(cctree_flat(&t, &f, &nf));
	assert_true(cctree_flat(&whole, &g, &ng));
	assert_int_equal(nf, ng);
	assert_int_equal(nf, 5);
	for (size_t i = 0; i < nf; i++) {
		assert_int_equal(f[i].cc, g[i].cc);
		assert_int_equal(f[i].self, g[i].self);
		assert_int_equal(f[i].inherited, g[i].inherited);
	}
	free(f);
	free(g);
	cctree_free(&t);
	cctree_free(&whole);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_tree, setup, teardown),
		cmocka_unit_test_setup_teardown(test_options, setup, teardown),
		cmocka_unit_test_setup_teardown(test_flat, setup, teardown),
		cmocka_unit_test_setup_teardown(test_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_budget, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
