/* viewer/profile_compare: two runs' cost-centre profiles matched by
 * MODULE.NAME whatever their ids; the union tree with an empty cell for a
 * stack one run lacks, the flat list with 0 for a cost centre a run
 * defines but did not tick and an empty cell for one it does not define;
 * ids no log defines never matched; the change as B's share minus A's and
 * the orders by it; the rows of open nodes, open nodes and paths carried
 * to a new comparison. The module is pure (model/ only): its source is
 * compiled into this test, which links with the core objects alone. */
#include <math.h>
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

#include "../../viewer/profile_compare.h"

struct ccdef {
	uint32_t id;
	const char *label, *module;
};

struct tk {
	uint64_t t;
	uint8_t n;
	uint32_t ids[4]; /* innermost first */
};

struct run {
	struct evb b;
	struct store s;
	struct heap h;
	struct cctree t;
};

static void run_make(struct run *r, const struct ccdef *d, size_t nd, const struct tk *k, size_t nk)
{
	struct evb *b = &r->b;
	*b = EVB_INIT;
	evb_begin_header(b);
	evb_type(b, 161, EVB_VAR, "Heap profile cost centre");
	evb_type(b, 167, EVB_VAR, "Time profile sample");
	evb_end_header(b);
	for (size_t i = 0; i < nd; i++) {
		struct evb pl = EVB_INIT;
		evb_u32(&pl, d[i].id);
		evb_cstr(&pl, d[i].label);
		evb_cstr(&pl, d[i].module);
		evb_cstr(&pl, "a.hs:1:1");
		evb_u8(&pl, 0);
		evb_event_pl(b, 161, 1, &pl);
		evb_free(&pl);
	}
	for (size_t i = 0; i < nk; i++) {
		struct evb pl = EVB_INIT;
		evb_u32(&pl, 0);
		evb_u64(&pl, 1);
		evb_u8(&pl, k[i].n);
		for (uint8_t j = 0; j < k[i].n; j++)
			evb_u32(&pl, k[i].ids[j]);
		evb_event_pl(b, 167, k[i].t, &pl);
		evb_free(&pl);
	}
	evb_dataend(b);
	char err[128];
	assert_int_equal(store_open_mem(&r->s, b->p, b->n, err, sizeof err), STORE_OK);
	assert_true(heap_build(&r->h, &r->s));
	assert_int_equal(r->h.nticks, nk);
	struct cctree_opts o = { 0, UINT64_MAX, -1, false, 0 };
	assert_true(cctree_build(&r->t, &r->h, &r->s, &o));
}

static void run_free(struct run *r)
{
	cctree_free(&r->t);
	heap_free(&r->h);
	store_close(&r->s);
	evb_free(&r->b);
}

/* A: main 1, f 2, g 3, h 4, onlyA 5 (all Main); ticks f/main x2,
 * g/f/main, main, h/main, onlyA/main, MAIN (the empty stack): 7.
 * B, other ids: main 7, g 8, f 9 (Main), f 10 and onlyB 6 (module Other),
 * h 11 (Main, never ticked); ticks f/main x3, g/f/main, Other.f/main,
 * onlyB/main: 6. */
static const struct ccdef DEF_A[] = {
	{ 1, "main", "Main" }, { 2, "f", "Main" }, { 3, "g", "Main" }, { 4, "h", "Main" }, { 5, "onlyA", "Main" },
};
static const struct tk TK_A[] = {
	{ 10, 2, { 2, 1 } }, { 11, 2, { 2, 1 } }, { 12, 3, { 3, 2, 1 } }, { 13, 1, { 1 } },
	{ 14, 2, { 4, 1 } }, { 15, 2, { 5, 1 } }, { 16, 0, { 0 } },
};
static const struct ccdef DEF_B[] = {
	{ 7, "main", "Main" }, { 8, "g", "Main" }, { 9, "f", "Main" }, { 10, "f", "Other" },
	{ 6, "onlyB", "Other" }, { 11, "h", "Main" },
};
static const struct tk TK_B[] = {
	{ 10, 2, { 9, 7 } }, { 11, 2, { 9, 7 } }, { 12, 2, { 9, 7 } }, { 13, 3, { 8, 9, 7 } },
	{ 14, 2, { 10, 7 } }, { 15, 2, { 6, 7 } },
};

struct fx {
	struct run r[2];
	struct pcmp c;
};

static int setup(void **state)
{
	struct fx *x = calloc(1, sizeof *x);
	assert_non_null(x);
	run_make(&x->r[PC_A], DEF_A, 5, TK_A, 7);
	run_make(&x->r[PC_B], DEF_B, 6, TK_B, 6);
	const struct heap *h[2] = { &x->r[0].h, &x->r[1].h };
	const struct cctree *t[2] = { &x->r[0].t, &x->r[1].t };
	assert_true(pcmp_build(&x->c, h, t));
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	struct fx *x = *state;
	pcmp_free(&x->c);
	run_free(&x->r[0]);
	run_free(&x->r[1]);
	free(x);
	return 0;
}

static struct pc_key key(const char *label, const char *module)
{
	return (struct pc_key){ (const uint8_t *)label, (const uint8_t *)module, (uint32_t)strlen(label),
				(uint32_t)strlen(module), -1, 0 };
}

/* The node at a path of "Module.label" names from the root (CCT_NONE: none). */
static uint32_t node_at(const struct pcmp *c, const char *const *path, size_t n)
{
	uint32_t at = 0;
	for (size_t i = 0; i < n && at != CCT_NONE; i++) {
		char m[32];
		const char *dot = strchr(path[i], '.');
		snprintf(m, sizeof m, "%.*s", (int)(dot - path[i]), path[i]);
		struct pc_key k = key(dot + 1, m);
		at = pcmp_find_child(c, at, &k);
	}
	return at;
}

static const struct pc_row *row_of(const struct pcmp *c, const char *label, const char *module)
{
	struct pc_key k = key(label, module);
	long i = pcmp_find_row(c, &k);
	return i < 0 ? NULL : &c->rows[i];
}

/* A side's figures: has, self, inherited. */
static void fig(const struct pc_fig *f, bool has, uint64_t self, uint64_t inh)
{
	assert_int_equal(f->has, has);
	if (has) {
		assert_int_equal(f->self, self);
		assert_int_equal(f->inherited, inh);
	}
}

static void test_totals(void **state)
{
	struct fx *x = *state;
	assert_true(x->c.prof[PC_A] && x->c.prof[PC_B]);
	assert_int_equal(x->c.total[PC_A], 7);
	assert_int_equal(x->c.total[PC_B], 6);
	/* root, main, f, g, h, onlyA, Other.f, onlyB */
	assert_int_equal(x->c.n, 8);
	assert_int_equal(x->c.nrows, 8); /* MAIN and the 7 names */
}

static void test_union_tree(void **state)
{
	struct fx *x = *state;
	const struct pcmp *c = &x->c;
	fig(&c->nodes[0].f[PC_A], true, 1, 7);
	fig(&c->nodes[0].f[PC_B], true, 0, 6);
	const char *p_main[] = { "Main.main" }, *p_f[] = { "Main.main", "Main.f" },
		   *p_g[] = { "Main.main", "Main.f", "Main.g" }, *p_h[] = { "Main.main", "Main.h" },
		   *p_oa[] = { "Main.main", "Main.onlyA" }, *p_of[] = { "Main.main", "Other.f" },
		   *p_ob[] = { "Main.main", "Other.onlyB" }, *p_g2[] = { "Main.main", "Main.g" };
	uint32_t k = node_at(c, p_main, 1);
	assert_int_not_equal(k, CCT_NONE);
	fig(&c->nodes[k].f[PC_A], true, 1, 6);
	fig(&c->nodes[k].f[PC_B], true, 0, 6);
	assert_int_equal(c->nodes[k].cc[PC_A], 1);
	assert_int_equal(c->nodes[k].cc[PC_B], 7); /* another id, the same name */
	k = node_at(c, p_f, 2);
	assert_int_not_equal(k, CCT_NONE);
	fig(&c->nodes[k].f[PC_A], true, 2, 3);
	fig(&c->nodes[k].f[PC_B], true, 3, 4);
	assert_int_equal(c->nodes[k].depth, 2);
	k = node_at(c, p_g, 3);
	assert_int_not_equal(k, CCT_NONE);
	fig(&c->nodes[k].f[PC_A], true, 1, 1);
	fig(&c->nodes[k].f[PC_B], true, 1, 1);
	/* a stack one run lacks: an empty cell, not 0 (B defines h) */
	k = node_at(c, p_h, 2);
	assert_int_not_equal(k, CCT_NONE);
	fig(&c->nodes[k].f[PC_A], true, 1, 1);
	fig(&c->nodes[k].f[PC_B], false, 0, 0);
	assert_int_equal(pcmp_only(c->nodes[k].f), PC_A);
	k = node_at(c, p_oa, 2);
	assert_int_equal(pcmp_only(c->nodes[k].f), PC_A);
	/* Other.f is not Main.f */
	k = node_at(c, p_of, 2);
	assert_int_not_equal(k, CCT_NONE);
	fig(&c->nodes[k].f[PC_A], false, 0, 0);
	fig(&c->nodes[k].f[PC_B], true, 1, 1);
	assert_int_equal(pcmp_only(c->nodes[k].f), PC_B);
	k = node_at(c, p_ob, 2);
	assert_int_equal(pcmp_only(c->nodes[k].f), PC_B);
	assert_int_equal(node_at(c, p_g2, 2), CCT_NONE); /* g only under f */
	assert_int_equal(pcmp_only(c->nodes[0].f), -1);
}

static void test_flat(void **state)
{
	struct fx *x = *state;
	const struct pcmp *c = &x->c;
	const struct pc_row *r = row_of(c, "f", "Main");
	assert_non_null(r);
	fig(&r->f[PC_A], true, 2, 3);
	fig(&r->f[PC_B], true, 3, 4);
	r = row_of(c, "main", "Main");
	fig(&r->f[PC_A], true, 1, 6);
	fig(&r->f[PC_B], true, 0, 6);
	r = row_of(c, "MAIN", "MAIN");
	assert_non_null(r);
	fig(&r->f[PC_A], true, 1, 7);
	fig(&r->f[PC_B], true, 0, 6);
	/* defined in B, not ticked there: 0, as hectic diff has it */
	r = row_of(c, "h", "Main");
	fig(&r->f[PC_A], true, 1, 1);
	fig(&r->f[PC_B], true, 0, 0);
	assert_int_equal(r->cc[PC_B], 11);
	assert_int_equal(pcmp_only(r->f), -1);
	/* not defined in B: absent */
	r = row_of(c, "onlyA", "Main");
	fig(&r->f[PC_B], false, 0, 0);
	assert_int_equal(pcmp_only(r->f), PC_A);
	r = row_of(c, "f", "Other");
	fig(&r->f[PC_A], false, 0, 0);
	fig(&r->f[PC_B], true, 1, 1);
	assert_null(row_of(c, "g", "Other"));
}

static void test_delta(void **state)
{
	struct fx *x = *state;
	const struct pcmp *c = &x->c;
	double d;
	const struct pc_row *r = row_of(c, "f", "Main");
	assert_true(pcmp_delta(c, r->f, false, &d));
	assert_true(fabs(d - (300.0 / 6 - 200.0 / 7)) < 1e-9);
	assert_true(pcmp_delta(c, r->f, true, &d));
	assert_true(fabs(d - (400.0 / 6 - 300.0 / 7)) < 1e-9);
	assert_false(pcmp_delta(c, row_of(c, "onlyA", "Main")->f, false, &d));
	assert_true(fabs(pcmp_share(c, PC_A, 7) - 100.0) < 1e-9);
}

/* The flat list's labels in order, "module.label" joined by spaces. */
static void flat_order(const struct pcmp *c, char *buf, size_t n)
{
	size_t w = 0;
	buf[0] = 0;
	for (size_t i = 0; i < c->nrows && w < n; i++)
		w += (size_t)snprintf(buf + w, n - w, "%s%.*s.%.*s", i ? " " : "", (int)c->rows[i].k.nmodule,
				      (const char *)c->rows[i].k.module, (int)c->rows[i].k.nlabel,
				      (const char *)c->rows[i].k.label);
}

static void test_orders(void **state)
{
	struct fx *x = *state;
	char b[400];
	/* change: the rows only one run has first (by their share), then
	 * |B% - A%|: Main.f 21.4, then 14.3 three times (by name), g 2.4 */
	flat_order(&x->c, b, sizeof b);
	assert_string_equal(b, "Other.f Other.onlyB Main.onlyA Main.f MAIN.MAIN Main.h Main.main Main.g");
	pcmp_sort_rows(&x->c, PC_BY_INH_CHANGE);
	/* inherited: f 66.7-42.9 = 23.8, main 100-85.7 = 14.3, g 2.4, h -14.3 */
	flat_order(&x->c, b, sizeof b);
	assert_string_equal(b, "Other.f Other.onlyB Main.onlyA Main.f Main.h Main.main Main.g MAIN.MAIN");
	pcmp_sort_rows(&x->c, PC_BY_NAME);
	flat_order(&x->c, b, sizeof b);
	assert_string_equal(b, "MAIN.MAIN Main.f Other.f Main.g Main.h Main.main Main.onlyA Other.onlyB");
	/* the table follows the rows */
	struct pc_key k = key("onlyB", "Other");
	assert_int_equal(pcmp_find_row(&x->c, &k), 7);
	/* the tree's children by weight (A's share + B's): under main, f
	 * (42.9 + 66.7) first, then the ones of 14.3 and 16.7 */
	const char *p_main[] = { "Main.main" };
	uint32_t m = node_at(&x->c, p_main, 1);
	uint32_t first = x->c.nodes[m].child;
	assert_memory_equal(x->c.nodes[first].k.label, "f", 1);
	assert_memory_equal(x->c.nodes[first].k.module, "Main", 4);
	pcmp_sort_tree(&x->c, PC_BY_NAME);
	first = x->c.nodes[m].child;
	assert_memory_equal(x->c.nodes[first].k.label, "f", 1);
	assert_memory_equal(x->c.nodes[x->c.nodes[first].next].k.module, "Other", 5);
}

static void test_rows_open(void **state)
{
	struct fx *x = *state;
	struct pcmp *c = &x->c;
	uint32_t rows[16];
	assert_int_equal(pcmp_tree_rows(c, NULL, rows, 16), c->n);
	bool open[16] = { false };
	pcmp_open_heaviest(c, open);
	/* the root, main, f (the heaviest child), g: no children to open */
	const char *p_f[] = { "Main.main", "Main.f" }, *p_g[] = { "Main.main", "Main.f", "Main.g" };
	uint32_t f = node_at(c, p_f, 2), g = node_at(c, p_g, 3);
	assert_true(open[0] && open[f] && open[g]);
	struct pc_key kf = key("f", "Main"), kz = key("zz", "Main");
	assert_int_equal(pcmp_heaviest_of(c, &kf), f);
	assert_int_equal(pcmp_heaviest_of(c, &kz), 0);
	assert_string_equal(pcmp_order_name(PC_BY_INH_CHANGE), "inherited change");
	size_t n = pcmp_tree_rows(c, open, rows, 16);
	assert_int_equal(n, c->n); /* every node shows */
	open[f] = false;
	assert_int_equal(pcmp_tree_rows(c, open, rows, 16), c->n - 1);
	/* a new comparison of B against A (the runs swapped): the same names,
	 * the open nodes and the path carried over */
	struct pcmp d;
	const struct heap *h[2] = { &x->r[1].h, &x->r[0].h };
	const struct cctree *t[2] = { &x->r[1].t, &x->r[0].t };
	assert_true(pcmp_build(&d, h, t));
	bool dopen[16] = { false };
	assert_true(pcmp_carry_open(c, open, &d, dopen));
	uint32_t df = node_at(&d, p_f, 2), dg = node_at(&d, p_g, 3);
	assert_true(dopen[0] && !dopen[df] && dopen[dg]);
	fig(&d.nodes[df].f[PC_A], true, 3, 4); /* B's figures on A's side now */
	/* an owned copy outlives what the keys pointed into */
	struct pcmp own;
	assert_true(pcmp_own(&d, &own));
	assert_ptr_not_equal(own.nodes[dg].k.label, d.nodes[dg].k.label);
	assert_int_equal(pcmp_find_child(&own, node_at(&own, p_f, 2), &d.nodes[dg].k), dg);
	struct pc_key ko = key("f", "Other");
	assert_int_equal(pcmp_find_row(&own, &ko), pcmp_find_row(&d, &ko));
	bool oopen[16] = { false };
	assert_true(pcmp_carry_open(&own, dopen, &d, oopen));
	assert_memory_equal(oopen, dopen, d.n * sizeof *oopen);
	struct pc_path p;
	assert_true(pcmp_path_of(c, g, &p));
	assert_int_equal(p.n, 3);
	pcmp_free(c); /* the path owns its bytes */
	assert_int_equal(pcmp_path_find(&d, &p), dg);
	pcmp_path_free(&p);
	/* a path only partly there: its deepest ancestor */
	const char *p_h[] = { "Main.main", "Main.h" };
	struct pc_key ks[3] = { key("main", "Main"), key("h", "Main"), key("zz", "Main") };
	struct pc_path q = { ks, 3, NULL };
	assert_int_equal(pcmp_path_find(&d, &q), node_at(&d, p_h, 2));
	assert_true(pcmp_path_key(&ks[1], &p));
	assert_int_equal(p.n, 1);
	assert_true(pcmp_key_eq(&p.k[0], &ks[1]));
	pcmp_path_free(&p);
	pcmp_free(&own);
	*c = d; /* freed by teardown */
}

/* One run without a time profile: every row only in the other, its
 * side absent. */
static void test_one_run(void **state)
{
	struct fx *x = *state;
	struct pcmp c;
	const struct heap *h[2] = { &x->r[0].h, &x->r[1].h };
	const struct cctree *t[2] = { &x->r[0].t, NULL };
	assert_true(pcmp_build(&c, h, t));
	assert_false(c.prof[PC_B]);
	assert_int_equal(c.nrows, 6);
	for (size_t i = 0; i < c.nrows; i++)
		assert_int_equal(pcmp_only(c.rows[i].f), PC_A);
	for (size_t i = 0; i < c.n; i++)
		assert_false(c.nodes[i].f[PC_B].has);
	pcmp_free(&c);
	const struct cctree *none[2] = { NULL, NULL };
	assert_true(pcmp_build(&c, h, none));
	assert_int_equal(c.n, 0);
	assert_int_equal(c.nrows, 0);
	assert_int_equal(pcmp_tree_rows(&c, NULL, NULL, 0), 0);
	pcmp_free(&c);
}

/* An id neither log defines, the same number in both: two rows, each
 * only in its run. */
static void test_undefined(void **state)
{
	(void)state;
	static const struct ccdef d[] = { { 1, "main", "Main" } };
	static const struct tk k[] = { { 10, 2, { 9, 1 } }, { 11, 1, { 1 } } };
	struct run r[2];
	run_make(&r[0], d, 1, k, 2);
	run_make(&r[1], d, 1, k, 2);
	struct pcmp c;
	const struct heap *h[2] = { &r[0].h, &r[1].h };
	const struct cctree *t[2] = { &r[0].t, &r[1].t };
	assert_true(pcmp_build(&c, h, t));
	assert_int_equal(c.n, 4); /* root, main, <9> of A, <9> of B */
	size_t undef = 0;
	for (size_t i = 0; i < c.nrows; i++)
		if (c.rows[i].k.undef >= 0) {
			undef++;
			assert_int_equal(pcmp_only(c.rows[i].f), c.rows[i].k.undef);
			assert_int_equal(c.rows[i].k.id, 9);
		}
	assert_int_equal(undef, 2);
	/* the same log twice: every other change 0 */
	double dd;
	const struct pc_row *m = row_of(&c, "main", "Main");
	assert_true(pcmp_delta(&c, m->f, false, &dd));
	assert_true(dd == 0);
	pcmp_free(&c);
	run_free(&r[0]);
	run_free(&r[1]);
}

/* Many siblings: the tables grow, every key found again. */
static void test_many(void **state)
{
	(void)state;
	enum { N = 300 };
	static struct ccdef d[N + 1];
	static struct tk k[N];
	static char names[N][16];
	d[0] = (struct ccdef){ 1, "main", "Main" };
	for (int i = 0; i < N; i++) {
		snprintf(names[i], sizeof names[i], "c%d", i);
		d[i + 1] = (struct ccdef){ (uint32_t)i + 2, names[i], "M" };
		k[i] = (struct tk){ (uint64_t)i + 10, 2, { (uint32_t)i + 2, 1 } };
	}
	struct run r;
	run_make(&r, d, N + 1, k, N);
	struct pcmp c;
	const struct heap *h[2] = { &r.h, &r.h };
	const struct cctree *t[2] = { &r.t, &r.t };
	assert_true(pcmp_build(&c, h, t));
	assert_int_equal(c.n, N + 2);
	assert_int_equal(c.nrows, N + 2);
	for (int i = 0; i < N; i++) {
		struct pc_key kk = key(names[i], "M");
		long j = pcmp_find_row(&c, &kk);
		assert_true(j >= 0);
		fig(&c.rows[j].f[PC_A], true, 1, 1);
		fig(&c.rows[j].f[PC_B], true, 1, 1);
	}
	pcmp_free(&c);
	run_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_totals, setup, teardown),
		cmocka_unit_test_setup_teardown(test_union_tree, setup, teardown),
		cmocka_unit_test_setup_teardown(test_flat, setup, teardown),
		cmocka_unit_test_setup_teardown(test_delta, setup, teardown),
		cmocka_unit_test_setup_teardown(test_orders, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rows_open, setup, teardown),
		cmocka_unit_test_setup_teardown(test_one_run, setup, teardown),
		cmocka_unit_test(test_undefined),
		cmocka_unit_test(test_many),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
