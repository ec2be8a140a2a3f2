/* Two runs' cost-centre profiles compared (profile_compare.h): the union
 * of the two trees, a node per path of MODULE.NAME keys, and the flat list
 * of the keys, each with both runs' figures or an empty cell; their
 * orders; the rows of the open nodes; the paths kept across a rebuild.
 * Keys are found through two open-addressing hash tables (a node's by its
 * parent and key, a row's by its key). */
#include "profile_compare.h"

#include <stdlib.h>
#include <string.h>

#include "../model/intern.h"
#include "../model/order.h"

static const uint8_t MAIN_TEXT[] = "MAIN";

/* ---- keys ---- */

void pcmp_key_of(const struct heap *h, int side, uint32_t id, struct pc_key *k)
{
	const struct cost_centre *c = id == CCT_NONE || !h ? NULL : heap_cc(h, id);
	if (id == CCT_NONE)
		*k = (struct pc_key){ MAIN_TEXT, MAIN_TEXT, 4, 4, -1, 0 };
	else if (c)
		*k = (struct pc_key){ c->label, c->module, c->nlabel, c->nmodule, -1, 0 };
	else
		*k = (struct pc_key){ (const uint8_t *)"", (const uint8_t *)"", 0, 0, side, id };
}

bool pcmp_key_eq(const struct pc_key *a, const struct pc_key *b)
{
	if (a->undef != b->undef)
		return false;
	if (a->undef >= 0)
		return a->id == b->id;
	return a->nlabel == b->nlabel && a->nmodule == b->nmodule &&
	       (!a->nlabel || !memcmp(a->label, b->label, a->nlabel)) &&
	       (!a->nmodule || !memcmp(a->module, b->module, a->nmodule));
}

/* A key's hash: intern.c's keyed SipHash of the module, then of the
 * label under that (an undefined cost centre's: of its run and id). */
static uint64_t pc_key_hash(const struct pc_key *k)
{
	if (k->undef >= 0) {
		uint32_t w[2] = { (uint32_t)k->undef, k->id };
		return intern_hash(w, sizeof w, 0x5a);
	}
	return intern_hash(k->label, k->nlabel, intern_hash(k->module, k->nmodule, 0));
}

static uint64_t child_hash(uint64_t key, uint32_t parent)
{
	uint64_t h = key ^ ((uint64_t)parent * 0x9e3779b97f4a7c15ull);
	return h ^ (h >> 29);
}

/* By label, then module, then (ids no log defines) run and id. */
static int cmp_key(const struct pc_key *a, const struct pc_key *b)
{
	int c = cmp_bytes(a->label, a->nlabel, b->label, b->nlabel);
	if (!c)
		c = cmp_bytes(a->module, a->nmodule, b->module, b->nmodule);
	if (!c)
		c = (a->undef > b->undef) - (a->undef < b->undef);
	return c ? c : (a->id > b->id) - (a->id < b->id);
}

/* ---- the hash tables ---- */

static uint64_t slot_hash(const struct pcmp *c, bool rows, size_t i)
{
	return rows ? c->rows[i].hash : child_hash(c->nodes[i].hash, c->nodes[i].parent);
}

/* The table of rows or nodes made for n + 1 entries at most half full. */
static bool pc_room(struct pcmp *c, bool rows)
{
	uint32_t **slot = rows ? &c->rslot : &c->nslot;
	size_t *ns = rows ? &c->nrslot : &c->nnslot, n = rows ? c->nrows : c->n;
	if ((n + 1) * 2 <= *ns)
		return true;
	size_t cap = *ns ? *ns * 2 : 64;
	uint32_t *s = calloc(cap, sizeof *s);
	if (!s)
		return false;
	for (size_t i = 0; i < n; i++) {
		size_t j = (size_t)slot_hash(c, rows, i) & (cap - 1);
		while (s[j])
			j = (j + 1) & (cap - 1);
		s[j] = (uint32_t)i + 1;
	}
	free(*slot);
	*slot = s;
	*ns = cap;
	return true;
}

uint32_t pcmp_find_child(const struct pcmp *c, uint32_t parent, const struct pc_key *k)
{
	if (!c->nnslot)
		return CCT_NONE;
	uint64_t kh = pc_key_hash(k);
	for (size_t j = (size_t)child_hash(kh, parent) & (c->nnslot - 1); c->nslot[j];
	     j = (j + 1) & (c->nnslot - 1)) {
		const struct pc_node *x = &c->nodes[c->nslot[j] - 1];
		if (x->parent == parent && x->hash == kh && pcmp_key_eq(&x->k, k))
			return c->nslot[j] - 1;
	}
	return CCT_NONE;
}

long pcmp_find_row(const struct pcmp *c, const struct pc_key *k)
{
	if (!c->nrslot)
		return -1;
	uint64_t kh = pc_key_hash(k);
	for (size_t j = (size_t)kh & (c->nrslot - 1); c->rslot[j]; j = (j + 1) & (c->nrslot - 1)) {
		const struct pc_row *r = &c->rows[c->rslot[j] - 1];
		if (r->hash == kh && pcmp_key_eq(&r->k, k))
			return (long)c->rslot[j] - 1;
	}
	return -1;
}

static void slot_put(struct pcmp *c, bool rows, size_t i)
{
	uint32_t *s = rows ? c->rslot : c->nslot;
	size_t ns = rows ? c->nrslot : c->nnslot;
	size_t j = (size_t)slot_hash(c, rows, i) & (ns - 1);
	while (s[j])
		j = (j + 1) & (ns - 1);
	s[j] = (uint32_t)i + 1;
}

/* The child of parent with key k, added (no figures) when new; CCT_NONE
 * when out of memory. */
static uint32_t child_for(struct pcmp *c, uint32_t parent, const struct pc_key *k)
{
	uint32_t x = parent == CCT_NONE ? (c->n ? 0 : CCT_NONE) : pcmp_find_child(c, parent, k);
	if (x != CCT_NONE)
		return x;
	if (!pc_room(c, false))
		return CCT_NONE;
	if (c->n == c->ncap) {
		size_t cap = c->ncap ? c->ncap * 2 : 64;
		struct pc_node *v = realloc(c->nodes, cap * sizeof *v);
		if (!v)
			return CCT_NONE;
		c->nodes = v;
		c->ncap = cap;
	}
	x = (uint32_t)c->n++;
	struct pc_node *nd = &c->nodes[x];
	*nd = (struct pc_node){ .k = *k, .hash = pc_key_hash(k), .cc = { CCT_NONE, CCT_NONE },
				.parent = parent, .child = CCT_NONE, .next = CCT_NONE };
	if (parent != CCT_NONE) {
		nd->depth = c->nodes[parent].depth + 1;
		nd->next = c->nodes[parent].child;
		c->nodes[parent].child = x;
	}
	slot_put(c, false, x);
	return x;
}

static struct pc_row *row_for(struct pcmp *c, const struct pc_key *k)
{
	long i = pcmp_find_row(c, k);
	if (i >= 0)
		return &c->rows[i];
	if (!pc_room(c, true))
		return NULL;
	if (c->nrows == c->rcap) {
		size_t cap = c->rcap ? c->rcap * 2 : 64;
		struct pc_row *v = realloc(c->rows, cap * sizeof *v);
		if (!v)
			return NULL;
		c->rows = v;
		c->rcap = cap;
	}
	struct pc_row *r = &c->rows[c->nrows++];
	*r = (struct pc_row){ .k = *k, .hash = pc_key_hash(k), .cc = { CCT_NONE, CCT_NONE } };
	slot_put(c, true, c->nrows - 1);
	return r;
}

static void fig_add(struct pc_fig *f, uint64_t self, uint64_t inherited)
{
	f->self += self;
	f->inherited += inherited;
	f->has = true;
}

/* ---- building ---- */

/* Run s's tree merged into the union (its root on the root). */
static bool merge_tree(struct pcmp *c, const struct heap *h, int s, const struct cctree *t)
{
	if (!t->n)
		return true;
	uint32_t *map = malloc(t->n * sizeof *map);
	if (!map)
		return false;
	struct pc_key k;
	pcmp_key_of(h, s, CCT_NONE, &k);
	bool ok = (map[0] = child_for(c, CCT_NONE, &k)) != CCT_NONE;
	if (ok)
		fig_add(&c->nodes[0].f[s], t->nodes[0].self, t->nodes[0].inherited);
	/* a node's parent comes before it */
	for (size_t i = 1; ok && i < t->n; i++) {
		const struct cc_node *x = &t->nodes[i];
		pcmp_key_of(h, s, x->cc, &k);
		uint32_t y = map[i] = child_for(c, map[x->parent], &k);
		if (y == CCT_NONE) {
			ok = false;
			break;
		}
		fig_add(&c->nodes[y].f[s], x->self, x->inherited);
		if (c->nodes[y].cc[s] == CCT_NONE)
			c->nodes[y].cc[s] = x->cc;
	}
	free(map);
	return ok;
}

/* Run s's flat profile merged into the rows (ids of one key summed, as
 * hectic diff sums them). */
static bool merge_flat(struct pcmp *c, const struct heap *h, int s, const struct cctree *t)
{
	struct cc_flat *f;
	size_t n;
	if (!cctree_flat(t, &f, &n))
		return false;
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++) {
		struct pc_key k;
		pcmp_key_of(h, s, f[i].cc, &k);
		struct pc_row *r = row_for(c, &k);
		ok = r != NULL;
		if (!r)
			break;
		fig_add(&r->f[s], f[i].self, f[i].inherited);
		if (r->cc[s] == CCT_NONE)
			r->cc[s] = f[i].cc;
	}
	free(f);
	return ok;
}

/* A run with a time profile has 0 ticks, not none, for a cost centre it
 * defines and did not tick (and for MAIN). */
static void flat_zeros(struct pcmp *c, const struct heap *h, int s)
{
	struct pc_key k;
	pcmp_key_of(h, s, CCT_NONE, &k);
	long i = pcmp_find_row(c, &k);
	if (i >= 0)
		c->rows[i].f[s].has = true;
	for (size_t j = 0; j < h->nccs; j++) {
		pcmp_key_of(h, s, h->ccs[j].id, &k);
		i = pcmp_find_row(c, &k);
		if (i >= 0 && !c->rows[i].f[s].has) {
			c->rows[i].f[s].has = true;
			c->rows[i].cc[s] = h->ccs[j].id;
		}
	}
}

bool pcmp_build(struct pcmp *c, const struct heap *const h[2], const struct cctree *const t[2])
{
	*c = (struct pcmp){ 0 };
	bool ok = true;
	for (int s = 0; s < 2; s++) {
		if (!t[s])
			continue;
		c->prof[s] = true;
		c->total[s] = t[s]->total;
		c->left_out[s] = t[s]->left_out;
		c->unknown[s] = t[s]->unknown;
		ok = ok && merge_tree(c, h[s], s, t[s]) && merge_flat(c, h[s], s, t[s]);
	}
	if (!ok) {
		pcmp_free(c);
		return false;
	}
	for (int s = 0; s < 2; s++)
		if (t[s])
			flat_zeros(c, h[s], s);
	pcmp_sort_rows(c, PC_BY_CHANGE);
	pcmp_sort_tree(c, PC_BY_WEIGHT);
	return true;
}

static void *dup(const void *p, size_t n)
{
	void *q = malloc(n ? n : 1);
	if (q && n)
		memcpy(q, p, n);
	return q;
}

/* k's bytes copied to *w, k pointed at them. */
static void own_key(struct pc_key *k, uint8_t **w)
{
	if (k->nlabel)
		memcpy(*w, k->label, k->nlabel);
	k->label = *w;
	*w += k->nlabel;
	if (k->nmodule)
		memcpy(*w, k->module, k->nmodule);
	k->module = *w;
	*w += k->nmodule;
}

bool pcmp_own(const struct pcmp *c, struct pcmp *out)
{
	*out = *c;
	size_t bytes = 0;
	for (size_t i = 0; i < c->n; i++)
		bytes += c->nodes[i].k.nlabel + c->nodes[i].k.nmodule;
	for (size_t i = 0; i < c->nrows; i++)
		bytes += c->rows[i].k.nlabel + c->rows[i].k.nmodule;
	out->nodes = dup(c->nodes, c->n * sizeof *c->nodes);
	out->rows = dup(c->rows, c->nrows * sizeof *c->rows);
	out->nslot = dup(c->nslot, c->nnslot * sizeof *c->nslot);
	out->rslot = dup(c->rslot, c->nrslot * sizeof *c->rslot);
	out->owned = malloc(bytes ? bytes : 1);
	out->ncap = c->n;
	out->rcap = c->nrows;
	if (!out->nodes || !out->rows || !out->nslot || !out->rslot || !out->owned) {
		pcmp_free(out);
		return false;
	}
	uint8_t *w = out->owned;
	for (size_t i = 0; i < c->n; i++)
		own_key(&out->nodes[i].k, &w);
	for (size_t i = 0; i < c->nrows; i++)
		own_key(&out->rows[i].k, &w);
	return true;
}

void pcmp_free(struct pcmp *c)
{
	free(c->owned);
	free(c->nodes);
	free(c->rows);
	free(c->nslot);
	free(c->rslot);
	*c = (struct pcmp){ 0 };
}

/* ---- figures ---- */

double pcmp_share(const struct pcmp *c, int side, uint64_t ticks)
{
	return c->total[side] ? 100.0 * (double)ticks / (double)c->total[side] : 0.0;
}

bool pcmp_delta(const struct pcmp *c, const struct pc_fig f[2], bool inherited, double *d)
{
	if (!f[PC_A].has || !f[PC_B].has)
		return false;
	*d = pcmp_share(c, PC_B, inherited ? f[PC_B].inherited : f[PC_B].self) -
	     pcmp_share(c, PC_A, inherited ? f[PC_A].inherited : f[PC_A].self);
	return true;
}

int pcmp_only(const struct pc_fig f[2])
{
	return f[PC_A].has == f[PC_B].has ? -1 : f[PC_A].has ? PC_A : PC_B;
}

/* ---- orders ---- */

const char *pcmp_order_name(enum pc_order by)
{
	return by == PC_BY_CHANGE ? "change" : by == PC_BY_INH_CHANGE ? "inherited change"
					   : by == PC_BY_WEIGHT ? "inherited" : "name";
}

/* What a row or node sorts by: major, then minor (both most first), then
 * its key. */
struct sort_key {
	uint32_t i;
	int major;
	double minor;
	const struct pc_key *k;
};

static int cmp_sort_key(const void *a, const void *b)
{
	const struct sort_key *x = a, *y = b;
	if (x->major != y->major)
		return x->major > y->major ? -1 : 1;
	if (x->minor != y->minor)
		return x->minor > y->minor ? -1 : 1;
	return cmp_key(x->k, y->k);
}

static struct sort_key sort_key_of(const struct pcmp *c, uint32_t i, const struct pc_fig f[2],
				   const struct pc_key *k, enum pc_order by)
{
	struct sort_key s = { i, 0, 0, k };
	bool inh = by != PC_BY_CHANGE;
	double a = f[PC_A].has ? pcmp_share(c, PC_A, inh ? f[PC_A].inherited : f[PC_A].self) : 0;
	double b = f[PC_B].has ? pcmp_share(c, PC_B, inh ? f[PC_B].inherited : f[PC_B].self) : 0;
	if (by == PC_BY_WEIGHT) {
		s.minor = a + b;
	} else if (by != PC_BY_NAME) {
		/* a row only one run has first (hectic diff's order), by its share */
		s.major = pcmp_only(f) >= 0;
		s.minor = b > a ? b - a : a - b;
	}
	/* to a millionth of a point: changes equal but for rounding (100 -
	 * 600/7 and 100/7) go by name */
	s.minor = (double)(uint64_t)(s.minor * 1e6 + 0.5);
	return s;
}

void pcmp_sort_rows(struct pcmp *c, enum pc_order by)
{
	if (c->nrows < 2)
		return;
	struct sort_key *s = malloc(c->nrows * sizeof *s);
	struct pc_row *v = malloc(c->nrows * sizeof *v);
	if (!s || !v) {
		free(s);
		free(v);
		return; /* the order stays */
	}
	for (size_t i = 0; i < c->nrows; i++)
		s[i] = sort_key_of(c, (uint32_t)i, c->rows[i].f, &c->rows[i].k, by);
	qsort(s, c->nrows, sizeof *s, cmp_sort_key);
	for (size_t i = 0; i < c->nrows; i++)
		v[i] = c->rows[s[i].i];
	free(s);
	free(c->rows);
	c->rows = v;
	c->rcap = c->nrows;
	/* the rows moved: their table again */
	memset(c->rslot, 0, c->nrslot * sizeof *c->rslot);
	for (size_t i = 0; i < c->nrows; i++)
		slot_put(c, true, i);
}

void pcmp_sort_tree(struct pcmp *c, enum pc_order by)
{
	struct sort_key *s = malloc((c->n ? c->n : 1) * sizeof *s);
	if (!s)
		return;
	for (size_t p = 0; p < c->n; p++) {
		size_t n = 0;
		for (uint32_t x = c->nodes[p].child; x != CCT_NONE; x = c->nodes[x].next)
			s[n++] = sort_key_of(c, x, c->nodes[x].f, &c->nodes[x].k, by);
		if (n < 2)
			continue;
		qsort(s, n, sizeof *s, cmp_sort_key);
		c->nodes[p].child = s[0].i;
		for (size_t i = 0; i < n; i++)
			c->nodes[s[i].i].next = i + 1 < n ? s[i + 1].i : CCT_NONE;
	}
	free(s);
}

/* ---- rows and open nodes ---- */

size_t pcmp_tree_rows(const struct pcmp *c, const bool *open, uint32_t *rows, size_t max)
{
	size_t n = 0;
	if (!c->n)
		return 0;
	for (uint32_t x = 0;;) {
		if (n < max)
			rows[n] = x;
		n++;
		if (c->nodes[x].child != CCT_NONE && (!open || open[x])) {
			x = c->nodes[x].child;
			continue;
		}
		while (x != CCT_NONE && c->nodes[x].next == CCT_NONE)
			x = c->nodes[x].parent;
		if (x == CCT_NONE)
			return n;
		x = c->nodes[x].next;
	}
}

static double weight(const struct pcmp *c, const struct pc_node *x)
{
	return (x->f[PC_A].has ? pcmp_share(c, PC_A, x->f[PC_A].inherited) : 0) +
	       (x->f[PC_B].has ? pcmp_share(c, PC_B, x->f[PC_B].inherited) : 0);
}

uint32_t pcmp_heaviest_of(const struct pcmp *c, const struct pc_key *k)
{
	uint32_t best = 0;
	double wb = -1;
	for (size_t i = 1; i < c->n; i++) {
		if (pcmp_key_eq(&c->nodes[i].k, k) && weight(c, &c->nodes[i]) > wb) {
			wb = weight(c, &c->nodes[i]);
			best = (uint32_t)i;
		}
	}
	return best;
}

void pcmp_open_heaviest(const struct pcmp *c, bool *open)
{
	for (uint32_t x = c->n ? 0 : CCT_NONE; x != CCT_NONE;) {
		open[x] = true;
		uint32_t best = CCT_NONE;
		for (uint32_t y = c->nodes[x].child; y != CCT_NONE; y = c->nodes[y].next)
			if (best == CCT_NONE || weight(c, &c->nodes[y]) > weight(c, &c->nodes[best]))
				best = y;
		x = best;
	}
}

bool pcmp_carry_open(const struct pcmp *old, const bool *old_open, const struct pcmp *c, bool *open)
{
	uint32_t *was = malloc((c->n ? c->n : 1) * sizeof *was);
	if (!was)
		return false;
	/* a node's parent comes before it */
	for (size_t k = 0; k < c->n; k++) {
		uint32_t p = c->nodes[k].parent;
		was[k] = !k ? (old->n ? 0 : CCT_NONE)
			 : was[p] == CCT_NONE ? CCT_NONE : pcmp_find_child(old, was[p], &c->nodes[k].k);
		open[k] = was[k] != CCT_NONE && old_open[was[k]];
	}
	free(was);
	return true;
}

/* ---- paths ---- */

static bool path_make(struct pc_path *p, const struct pc_key *const *keys, size_t n)
{
	size_t bytes = 0;
	for (size_t i = 0; i < n; i++)
		bytes += keys[i]->nlabel + keys[i]->nmodule;
	p->k = malloc((n ? n : 1) * sizeof *p->k);
	p->bytes = malloc(bytes ? bytes : 1);
	p->n = n;
	if (!p->k || !p->bytes) {
		pcmp_path_free(p);
		return false;
	}
	uint8_t *w = p->bytes;
	for (size_t i = 0; i < n; i++) {
		p->k[i] = *keys[i];
		if (keys[i]->nlabel)
			memcpy(w, keys[i]->label, keys[i]->nlabel);
		p->k[i].label = w;
		w += keys[i]->nlabel;
		if (keys[i]->nmodule)
			memcpy(w, keys[i]->module, keys[i]->nmodule);
		p->k[i].module = w;
		w += keys[i]->nmodule;
	}
	return true;
}

bool pcmp_path_of(const struct pcmp *c, uint32_t x, struct pc_path *p)
{
	*p = (struct pc_path){ 0 };
	size_t n = 0;
	for (uint32_t y = x; y < c->n && y != 0; y = c->nodes[y].parent)
		n++;
	const struct pc_key **keys = malloc((n ? n : 1) * sizeof *keys);
	if (!keys)
		return false;
	size_t i = n;
	for (uint32_t y = x; y < c->n && y != 0; y = c->nodes[y].parent)
		keys[--i] = &c->nodes[y].k;
	bool ok = path_make(p, keys, n);
	free(keys);
	return ok;
}

bool pcmp_path_key(const struct pc_key *k, struct pc_path *p)
{
	*p = (struct pc_path){ 0 };
	return path_make(p, &k, 1);
}

uint32_t pcmp_path_find(const struct pcmp *c, const struct pc_path *p)
{
	uint32_t at = 0;
	for (size_t i = 0; c->n && i < p->n; i++) {
		uint32_t y = pcmp_find_child(c, at, &p->k[i]);
		if (y == CCT_NONE)
			break;
		at = y;
	}
	return at;
}

void pcmp_path_free(struct pc_path *p)
{
	free(p->k);
	free(p->bytes);
	*p = (struct pc_path){ 0 };
}
