/* The cost-centre tree of a window's time samples. */
#include "cctree.h"

#include <stdlib.h>
#include <string.h>

#include "../parser/be.h"
#include "intern.h"
#include "order.h"

struct tb { /* the build */
	struct cctree *t;
	const struct heap *h;
	const struct cctree_opts *o;
	size_t cap;
	uint32_t *map; /* (parent, cc) -> node + 1, open addressing */
	size_t mapcap;
	uint64_t budget; /* the nodes' and the map's bytes at most */
	bool full;       /* no room for another node */
	/* the flat profile's rows: h->ccs's by index, then MAIN (the root),
	 * then the undefined ids (in umap: id -> row + 1) */
	uint64_t *seen; /* per row: the last tick that counted its inherited */
	size_t flatcap;
	uint32_t *ukeys, *uvals;
	size_t ucap;
	uint64_t seq;
	bool oom;
};

static size_t cct_slot_of(uint32_t parent, uint32_t cc, size_t mask)
{
	uint32_t key[2] = { parent, cc }; /* keyed: no file chooses ids that collide */
	return (size_t)intern_hash(key, sizeof key, 0) & mask;
}

/* The bytes the nodes and the map would take at these sizes, while both
 * the old and the new array stand (a growth). */
static uint64_t tree_bytes(size_t cap, size_t mapcap)
{
	return (uint64_t)cap * sizeof(struct cc_node) + (uint64_t)mapcap * sizeof(uint32_t);
}

static bool grow_map(struct tb *b)
{
	size_t cap = b->mapcap ? b->mapcap * 2 : 256;
	if (b->mapcap && tree_bytes(b->cap, b->mapcap + cap) > b->budget) {
		b->full = true;
		return false;
	}
	uint32_t *m = calloc(cap, sizeof *m);
	if (!m) {
		b->oom = true;
		return false;
	}
	for (size_t i = 0; i < b->mapcap; i++) {
		if (!b->map[i])
			continue;
		const struct cc_node *n = &b->t->nodes[b->map[i] - 1];
		size_t j = cct_slot_of(n->parent, n->cc, cap - 1);
		while (m[j])
			j = (j + 1) & (cap - 1);
		m[j] = b->map[i];
	}
	free(b->map);
	b->map = m;
	b->mapcap = cap;
	return true;
}

/* The child of parent for cost centre cc, made when new; CCT_NONE when
 * there is no room for it (b->full) or out of memory (b->oom). */
static uint32_t child_of(struct tb *b, uint32_t parent, uint32_t cc)
{
	struct cctree *t = b->t;
	size_t j = cct_slot_of(parent, cc, b->mapcap - 1);
	for (; b->map[j]; j = (j + 1) & (b->mapcap - 1)) {
		const struct cc_node *n = &t->nodes[b->map[j] - 1];
		if (n->parent == parent && n->cc == cc)
			return b->map[j] - 1;
	}
	if (b->full || (uint64_t)(t->n + 1) * sizeof *t->nodes > b->budget) {
		b->full = true;
		return CCT_NONE;
	}
	if ((t->n + 1) * 2 > b->mapcap) {
		if (!grow_map(b))
			return CCT_NONE;
		return child_of(b, parent, cc); /* its slot in the new map */
	}
	if (t->n == b->cap) {
		size_t cap = b->cap * 2;
		if (tree_bytes(b->cap + cap, b->mapcap) > b->budget) {
			b->full = true;
			return CCT_NONE;
		}
		struct cc_node *a = reallocarray(t->nodes, cap, sizeof *a);
		if (!a) {
			b->oom = true;
			return CCT_NONE;
		}
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

/* The flat row of cost centre id, made when it is an undefined id not
 * seen before; SIZE_MAX when out of memory. */
static size_t flat_row(struct tb *b, uint32_t id)
{
	const struct heap *h = b->h;
	const struct cost_centre *c = heap_cc(h, id);
	if (c)
		return (size_t)(c - h->ccs);
	struct cctree *t = b->t;
	if ((t->nflat - h->nccs) * 2 + 2 > b->ucap) { /* grow the undefined ids' map */
		size_t cap = b->ucap ? b->ucap * 2 : 64;
		uint32_t *k = calloc(cap, sizeof *k), *v = calloc(cap, sizeof *v);
		if (!k || !v) {
			free(k);
			free(v);
			return SIZE_MAX;
		}
		for (size_t i = 0; i < b->ucap; i++) {
			if (!b->uvals[i])
				continue;
			size_t j = (size_t)intern_hash(&b->ukeys[i], 4, 1) & (cap - 1);
			while (v[j])
				j = (j + 1) & (cap - 1);
			k[j] = b->ukeys[i];
			v[j] = b->uvals[i];
		}
		free(b->ukeys);
		free(b->uvals);
		b->ukeys = k;
		b->uvals = v;
		b->ucap = cap;
	}
	size_t j = (size_t)intern_hash(&id, 4, 1) & (b->ucap - 1);
	for (; b->uvals[j]; j = (j + 1) & (b->ucap - 1))
		if (b->ukeys[j] == id)
			return b->uvals[j] - 1;
	if (t->nflat == b->flatcap) {
		size_t cap = b->flatcap * 2;
		struct cc_flat *f = reallocarray(t->flat, cap, sizeof *f);
		uint64_t *sn = f ? reallocarray(b->seen, cap, sizeof *sn) : NULL;
		if (f)
			t->flat = f;
		if (!sn)
			return SIZE_MAX;
		b->seen = sn;
		b->flatcap = cap;
	}
	t->flat[t->nflat] = (struct cc_flat){ id, 0, 0 };
	b->seen[t->nflat] = 0;
	b->ukeys[j] = id;
	b->uvals[j] = (uint32_t)++t->nflat;
	return t->nflat - 1;
}

/* One tick into the flat profile and the tree. */
static bool cct_count_tick(void *ctx, const struct tick_ref *k)
{
	struct tb *b = ctx;
	struct cctree *t = b->t;
	const struct heap *h = b->h;
	if (b->o->cap >= 0 && k->cap != b->o->cap)
		return true;
	if (!b->o->builtin && k->depth) {
		const struct cost_centre *top = heap_cc(h, k->top);
		if (top && heap_cc_builtin(top)) {
			t->left_out++;
			return true;
		}
	}
	t->total++;
	b->seq++;
	struct cc_flat *root = &t->flat[h->nccs];
	root->inherited++;
	if (!k->depth)
		root->self++;
	bool unknown = false;
	for (uint32_t i = 0; i < k->depth; i++) {
		uint32_t id = be32(k->stack + 4 * (size_t)i);
		unknown |= !heap_cc(h, id);
		size_t r = flat_row(b, id);
		if (r == SIZE_MAX) {
			b->oom = true;
			return false;
		}
		if (!i)
			t->flat[r].self++;
		if (b->seen[r] != b->seq) /* once a tick, however often it recurs */
			t->flat[r].inherited++;
		b->seen[r] = b->seq;
	}
	t->unknown += unknown;
	/* the stack into the tree, from the outermost cost centre */
	uint32_t node = 0;
	for (uint32_t i = k->depth; i-- > 0;) {
		uint32_t next = child_of(b, node, be32(k->stack + 4 * (size_t)i));
		if (next == CCT_NONE) {
			if (b->oom)
				return false;
			t->nodes[node].inherited++; /* below the nodes held */
			t->cut++;
			return true;
		}
		node = next;
	}
	t->nodes[node].self++;
	return true;
}

/* The tree's budget: what the heap leaves of its own, or what is asked. */
static uint64_t budget_of(const struct heap *h, const struct cctree_opts *o)
{
	uint64_t left = h->budget > h->used ? h->budget - h->used : 0;
	uint64_t b = o->budget ? o->budget : left;
	return b > CCT_MIN_BUDGET || o->budget ? b : CCT_MIN_BUDGET;
}

bool cctree_build(struct cctree *t, const struct heap *h, const struct store *s,
		  const struct cctree_opts *o)
{
	memset(t, 0, sizeof *t);
	struct tb b = { .t = t, .h = h, .o = o, .cap = 64, .budget = budget_of(h, o) };
	b.flatcap = h->nccs + 16;
	t->nodes = malloc(b.cap * sizeof *t->nodes);
	t->flat = malloc(b.flatcap * sizeof *t->flat);
	b.seen = calloc(b.flatcap, sizeof *b.seen);
	bool ok = t->nodes && t->flat && b.seen && grow_map(&b);
	if (ok) {
		t->nodes[0] = (struct cc_node){ .cc = CCT_NONE, .parent = CCT_NONE,
						.child = CCT_NONE, .next = CCT_NONE };
		t->n = 1;
		for (size_t i = 0; i < h->nccs; i++)
			t->flat[i] = (struct cc_flat){ h->ccs[i].id, 0, 0 };
		t->flat[h->nccs] = (struct cc_flat){ CCT_NONE, 0, 0 }; /* MAIN, the root */
		t->nflat = h->nccs + 1;
		ok = cctree_ticks(s, o->from, o->to, cct_count_tick, &b) && !b.oom;
	}
	free(b.map);
	free(b.seen);
	free(b.ukeys);
	free(b.uvals);
	if (!ok) {
		cctree_free(t);
		return false;
	}
	/* a node's parent was made before it; the inherited ticks of a node
	 * the budget cut below are counted already */
	for (size_t k = t->n; k-- > 0;) {
		t->nodes[k].inherited += t->nodes[k].self;
		if (k)
			t->nodes[t->nodes[k].parent].inherited += t->nodes[k].inherited;
	}
	cctree_sort(t, h, CCT_BY_INHERITED);
	return true;
}

bool cctree_ticks(const struct store *s, uint64_t from, uint64_t to,
		  bool (*fn)(void *ctx, const struct tick_ref *t), void *ctx)
{
	struct merge *m = merge_new_at(s, from, CLASS_BIT(CL_PROF));
	if (!m)
		return false;
	struct evref r;
	struct ev e;
	bool ok = true;
	while (ok && merge_step(m, &r) && r.time <= to) {
		if (r.tag != EV_PROF_SAMPLE_COST_CENTRE)
			continue;
		if (store_faulted(s) || ev_decode(&s->hdr, s->map, s->size, r.off, &e) != EV_OK) {
			ok = false; /* (the index read this event: the file shrank) */
			break;
		}
		if (e.layout == SEL_UNKNOWN_LAYOUT || (e.bad & BAD_LEN))
			continue; /* as heap_build leaves it out */
		struct tick_ref k = { e.time, (int32_t)(uint16_t)e.f[0].u, e.f[2].s, (uint32_t)e.f[2].u,
				      e.f[2].u ? be32(e.f[2].s) : CCT_NONE };
		ok = fn(ctx, &k);
	}
	ok = ok && !merge_failed(m) && !store_faulted(s);
	merge_free(m);
	return ok;
}

void cctree_free(struct cctree *t)
{
	free(t->nodes);
	free(t->flat);
	memset(t, 0, sizeof *t);
}

struct sib {
	uint32_t node;
	uint64_t key;
	const uint8_t *label, *module;
	uint32_t nlabel, nmodule, cc;
};

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

bool cctree_flat(const struct cctree *t, struct cc_flat **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	/* the rows counted tick by tick, those with a tick */
	struct cc_flat *f = malloc((t->nflat ? t->nflat : 1) * sizeof *f);
	if (!f)
		return false;
	size_t r = 0;
	for (size_t i = 0; i < t->nflat; i++)
		if (t->flat[i].self || t->flat[i].inherited)
			f[r++] = t->flat[i];
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
