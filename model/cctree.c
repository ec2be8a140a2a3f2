/* The cost-centre tree of a window's time samples. */
#include "cctree.h"

#include <stdlib.h>
#include <string.h>

#include "intern.h"
#include "order.h"

struct tb { /* the build */
	struct cctree *t;
	size_t cap;
	uint32_t *map; /* (parent, cc) -> node + 1, open addressing */
	size_t mapcap;
};

static size_t slot_of(uint32_t parent, uint32_t cc, size_t mask)
{
	uint32_t key[2] = { parent, cc }; /* keyed: no file chooses ids that collide */
	return (size_t)intern_hash(key, sizeof key, 0) & mask;
}

static bool grow_map(struct tb *b)
{
	size_t cap = b->mapcap ? b->mapcap * 2 : 256;
	uint32_t *m = calloc(cap, sizeof *m);
	if (!m)
		return false;
	for (size_t i = 0; i < b->mapcap; i++) {
		if (!b->map[i])
			continue;
		const struct cc_node *n = &b->t->nodes[b->map[i] - 1];
		size_t j = slot_of(n->parent, n->cc, cap - 1);
		while (m[j])
			j = (j + 1) & (cap - 1);
		m[j] = b->map[i];
	}
	free(b->map);
	b->map = m;
	b->mapcap = cap;
	return true;
}

/* The child of parent for cost centre cc, made when new; CCT_NONE when out
 * of memory. */
static uint32_t child_of(struct tb *b, uint32_t parent, uint32_t cc)
{
	struct cctree *t = b->t;
	if ((t->n + 1) * 2 > b->mapcap && !grow_map(b))
		return CCT_NONE;
	size_t j = slot_of(parent, cc, b->mapcap - 1);
	for (; b->map[j]; j = (j + 1) & (b->mapcap - 1)) {
		const struct cc_node *n = &t->nodes[b->map[j] - 1];
		if (n->parent == parent && n->cc == cc)
			return b->map[j] - 1;
	}
	if (t->n == b->cap) {
		size_t cap = b->cap * 2;
		struct cc_node *a = reallocarray(t->nodes, cap, sizeof *a);
		if (!a)
			return CCT_NONE;
		t->nodes = a;
		b->cap = cap;
	}
	uint32_t k = (uint32_t)t->n++;
	struct cc_node *p = &t->nodes[parent];
	t->nodes[k] = (struct cc_node){ .cc = cc, .parent = parent, .child = CCT_NONE,
					.next = p->child, .depth = p->depth + 1 };
	p->child = k;
	b->map[j] = k + 1;
	return k;
}

static bool tick_before(const void *elem, const void *key)
{
	return ((const struct prof_sample *)elem)->time < *(const uint64_t *)key;
}

bool cctree_build(struct cctree *t, const struct heap *h, const struct cctree_opts *o)
{
	memset(t, 0, sizeof *t);
	uint64_t *per = calloc(h->nbands ? h->nbands : 1, sizeof *per);
	struct tb b = { .t = t, .cap = 64 };
	t->nodes = malloc(b.cap * sizeof *t->nodes);
	if (!per || !t->nodes) {
		free(per);
		cctree_free(t);
		return false;
	}
	t->nodes[0] = (struct cc_node){ .cc = CCT_NONE, .parent = CCT_NONE, .child = CCT_NONE,
					.next = CCT_NONE };
	t->n = 1;
	/* ticks per stack */
	size_t i = lower_bound(h->ticks, h->nticks, sizeof *h->ticks, &o->from, tick_before);
	for (; i < h->nticks && h->ticks[i].time <= o->to; i++) {
		const struct prof_sample *s = &h->ticks[i];
		if (o->cap >= 0 && s->cap != o->cap)
			continue;
		const struct band *bd = &h->bands[s->band];
		if (!o->builtin && bd->n) {
			const struct cost_centre *top = heap_cc(h, heap_stack_id(bd, 0));
			if (top && heap_cc_builtin(top)) {
				t->left_out++;
				continue;
			}
		}
		per[s->band]++;
		t->total++;
	}
	/* the stacks into the tree, from the outermost cost centre */
	bool ok = true;
	for (size_t bi = 0; ok && bi < h->nbands; bi++) {
		if (!per[bi])
			continue;
		const struct band *bd = &h->bands[bi];
		uint32_t node = 0;
		bool unknown = false;
		for (uint32_t k = bd->n; ok && k-- > 0;) {
			uint32_t id = heap_stack_id(bd, k);
			unknown |= !heap_cc(h, id);
			node = child_of(&b, node, id);
			ok = node != CCT_NONE;
		}
		if (ok) {
			t->nodes[node].self += per[bi];
			if (unknown)
				t->unknown += per[bi];
		}
	}
	free(per);
	free(b.map);
	if (!ok) {
		cctree_free(t);
		return false;
	}
	/* a node's parent was made before it */
	for (size_t k = t->n; k-- > 0;) {
		t->nodes[k].inherited += t->nodes[k].self;
		if (k)
			t->nodes[t->nodes[k].parent].inherited += t->nodes[k].inherited;
	}
	cctree_sort(t, h, CCT_BY_INHERITED);
	return true;
}

void cctree_free(struct cctree *t)
{
	free(t->nodes);
	memset(t, 0, sizeof *t);
}

struct sib {
	uint32_t node;
	uint64_t key;
	const uint8_t *label, *module;
	uint32_t nlabel, nmodule, cc;
};

static int cmp_bytes(const uint8_t *a, uint32_t na, const uint8_t *b, uint32_t nb)
{
	int c = memcmp(a, b, na < nb ? na : nb);
	return c ? c : (na > nb) - (na < nb);
}

static int cmp_name(const struct sib *x, const struct sib *y)
{
	int c = cmp_bytes(x->label, x->nlabel, y->label, y->nlabel);
	if (!c)
		c = cmp_bytes(x->module, x->nmodule, y->module, y->nmodule);
	return c ? c : (x->cc > y->cc) - (x->cc < y->cc);
}

static int cmp_sib_key(const void *a, const void *b)
{
	const struct sib *x = a, *y = b;
	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return cmp_name(x, y);
}

static int cmp_sib_name(const void *a, const void *b)
{
	return cmp_name(a, b);
}

void cctree_sort(struct cctree *t, const struct heap *h, enum cctree_order by)
{
	struct sib *s = malloc((t->n ? t->n : 1) * sizeof *s);
	if (!s)
		return; /* the order stays */
	for (size_t p = 0; p < t->n; p++) {
		size_t n = 0;
		for (uint32_t c = t->nodes[p].child; c != CCT_NONE; c = t->nodes[c].next) {
			const struct cc_node *x = &t->nodes[c];
			const struct cost_centre *cc = heap_cc(h, x->cc);
			s[n++] = (struct sib){ c, by == CCT_BY_SELF ? x->self : x->inherited,
					       cc ? cc->label : (const uint8_t *)"",
					       cc ? cc->module : (const uint8_t *)"", cc ? cc->nlabel : 0,
					       cc ? cc->nmodule : 0, x->cc };
		}
		if (n < 2)
			continue;
		qsort(s, n, sizeof *s, by == CCT_BY_NAME ? cmp_sib_name : cmp_sib_key);
		t->nodes[p].child = s[0].node;
		for (size_t i = 0; i < n; i++)
			t->nodes[s[i].node].next = i + 1 < n ? s[i + 1].node : CCT_NONE;
	}
	free(s);
}

static int cmp_flat(const void *a, const void *b)
{
	const struct cc_flat *x = a, *y = b;
	if (x->self != y->self)
		return x->self > y->self ? -1 : 1;
	if (x->inherited != y->inherited)
		return x->inherited > y->inherited ? -1 : 1;
	return (x->cc > y->cc) - (x->cc < y->cc);
}

static int cmp_flat_id(const void *a, const void *b)
{
	const struct cc_flat *x = a, *y = b;
	return (x->cc > y->cc) - (x->cc < y->cc);
}

bool cctree_flat(const struct cctree *t, struct cc_flat **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	/* one row per cost centre: nodes sorted by id, summed */
	struct cc_flat *f = malloc((t->n ? t->n : 1) * sizeof *f);
	if (!f)
		return false;
	size_t m = 0;
	for (size_t k = 0; k < t->n; k++) {
		const struct cc_node *x = &t->nodes[k];
		bool outer = true; /* no ancestor names the same cost centre */
		for (uint32_t a = x->parent; outer && a != CCT_NONE; a = t->nodes[a].parent)
			outer = t->nodes[a].cc != x->cc;
		f[m++] = (struct cc_flat){ x->cc, x->self, outer ? x->inherited : 0 };
	}
	/* merge equal ids: sort by id (CCT_NONE, the root, last) */
	qsort(f, m, sizeof *f, cmp_flat_id);
	size_t w = 0;
	for (size_t i = 0; i < m; i++) {
		if (w && f[w - 1].cc == f[i].cc) {
			f[w - 1].self += f[i].self;
			f[w - 1].inherited += f[i].inherited;
		} else {
			f[w++] = f[i];
		}
	}
	size_t r = 0;
	for (size_t i = 0; i < w; i++)
		if (f[i].self || f[i].inherited)
			f[r++] = f[i];
	if (r)
		qsort(f, r, sizeof *f, cmp_flat);
	*out = f;
	*n = r;
	return true;
}

size_t cctree_rows(const struct cctree *t, const bool *open, uint32_t *rows, size_t max)
{
	size_t n = 0;
	if (!t->n)
		return 0;
	uint32_t x = 0;
	for (;;) {
		if (n < max)
			rows[n] = x;
		n++;
		const struct cc_node *p = &t->nodes[x];
		if (p->child != CCT_NONE && (!open || open[x])) {
			x = p->child;
			continue;
		}
		while (x != CCT_NONE && t->nodes[x].next == CCT_NONE)
			x = t->nodes[x].parent;
		if (x == CCT_NONE)
			return n;
		x = t->nodes[x].next;
	}
}
