/* The IPE index: (address, offset) pairs, decoded on demand. */
#include "ipe.h"

#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "vec.h"

size_t ipe_max_override;

bool ipe_note(struct ipe_index *x, uint64_t addr, uint64_t off)
{
	if (x->n >= (ipe_max_override ? ipe_max_override : IPE_MAX)) {
		x->over = true;
		return true;
	}
	struct ipe_entry e = { addr, off };
	if (!vec_push(x->v, x->n, x->cap, e)) {
		x->nomem = true;
		return false;
	}
	return true;
}

static bool entry_less(const struct ipe_entry *a, const struct ipe_entry *b)
{
	return a->addr != b->addr ? a->addr < b->addr : a->off < b->off;
}

static void sift_entry(struct ipe_entry *v, size_t k, size_t n)
{
	struct ipe_entry x = v[k];
	for (;;) {
		size_t c = 2 * k + 1;
		if (c >= n)
			break;
		if (c + 1 < n && entry_less(&v[c], &v[c + 1]))
			c++;
		if (!entry_less(&x, &v[c]))
			break;
		v[k] = v[c];
		k = c;
	}
	v[k] = x;
}

static void heap_sort(struct ipe_entry *v, size_t n)
{
	for (size_t k = n / 2; k-- > 0;)
		sift_entry(v, k, n);
	for (size_t end = n; end > 1;) {
		end--;
		struct ipe_entry t = v[0];
		v[0] = v[end];
		v[end] = t;
		sift_entry(v, 0, end);
	}
}

static void swap_entry(struct ipe_entry *a, struct ipe_entry *b)
{
	struct ipe_entry t = *a;
	*a = *b;
	*b = t;
}

/* By (address, offset), in place (glibc's qsort would take a copy of the
 * index: its merge sort allocates one, 16 bytes an entry more): quicksort,
 * median of three, the smaller side first; heapsort past a depth of
 * 2 log2 n, insertion sort below 16 entries. */
static void sort_entries(struct ipe_entry *v, size_t n)
{
	unsigned depth = 0;
	for (size_t k = n; k > 1; k >>= 1)
		depth += 2;
	while (n > 16) {
		if (depth-- == 0) {
			heap_sort(v, n);
			return;
		}
		size_t mid = n / 2;
		if (entry_less(&v[mid], &v[0]))
			swap_entry(&v[mid], &v[0]);
		if (entry_less(&v[n - 1], &v[0]))
			swap_entry(&v[n - 1], &v[0]);
		if (entry_less(&v[n - 1], &v[mid]))
			swap_entry(&v[n - 1], &v[mid]);
		struct ipe_entry pivot = v[mid];
		size_t i = 0, j = n - 1;
		for (;;) {
			while (entry_less(&v[i], &pivot))
				i++;
			while (entry_less(&pivot, &v[j]))
				j--;
			if (i >= j)
				break;
			swap_entry(&v[i], &v[j]);
			i++;
			j--;
		}
		/* [0, j] <= pivot <= [j + 1, n) */
		size_t left = j + 1;
		if (left < n - left) {
			sort_entries(v, left);
			v += left;
			n -= left;
		} else {
			sort_entries(v + left, n - left);
			n = left;
		}
	}
	for (size_t i = 1; i < n; i++) {
		struct ipe_entry x = v[i];
		size_t k = i;
		for (; k > 0 && entry_less(&x, &v[k - 1]); k--)
			v[k] = v[k - 1];
		v[k] = x;
	}
}

void ipe_finish(struct ipe_index *x)
{
	if (x->n < 2)
		return;
	sort_entries(x->v, x->n);
	size_t k = 1; /* keep the first (lowest offset) of each address */
	for (size_t i = 1; i < x->n; i++)
		if (x->v[i].addr != x->v[k - 1].addr)
			x->v[k++] = x->v[i];
	x->n = k;
}

static int cmp_addr(const void *a, const void *b)
{
	return cmp_u64(*(const uint64_t *)a, *(const uint64_t *)b);
}

static bool addr_before(const void *elem, const void *key)
{
	return *(const uint64_t *)elem < *(const uint64_t *)key;
}

bool ipe_refill(struct ipe_index *x, const struct store *s, uint64_t *want, size_t n)
{
	if (!x->over)
		return true;
	qsort(want, n, sizeof *want, cmp_addr);
	x->n = 0;
	x->over = false;
	static const uint16_t tag = EV_IPE;
	struct merge *m = merge_new_tags(s, 0, 0, &tag, 1);
	if (!m) {
		x->nomem = true;
		return false;
	}
	const struct ev *e;
	int32_t cap;
	while ((e = merge_next(m, &cap)) != NULL && !store_faulted(s)) {
		if (e->tag != EV_IPE || e->layout == SEL_UNKNOWN_LAYOUT || e->nf < 1)
			continue;
		uint64_t a = e->f[0].u;
		size_t i = lower_bound(want, n, sizeof *want, &a, addr_before);
		if (i < n && want[i] == a)
			ipe_note(x, a, e->off);
	}
	bool ok = !merge_failed(m);
	merge_free(m);
	x->nomem = x->nomem || !ok;
	ipe_finish(x);
	return ok;
}

void ipe_free(struct ipe_index *x)
{
	free(x->v);
	memset(x, 0, sizeof *x);
}

static bool entry_before(const void *elem, const void *key)
{
	return ((const struct ipe_entry *)elem)->addr < *(const uint64_t *)key;
}

long ipe_find(const struct ipe_index *x, uint64_t addr)
{
	size_t i = lower_bound(x->v, x->n, sizeof *x->v, &addr, entry_before);
	return i < x->n && x->v[i].addr == addr ? (long)i : -1;
}

bool ipe_get(const struct ipe_index *x, const struct store *s, size_t i, struct ipe *out)
{
	memset(out, 0, sizeof *out);
	if (i >= x->n || store_faulted(s))
		return false;
	struct ev e;
	if (ev_decode(&s->hdr, s->map, s->size, x->v[i].off, &e) != EV_OK || e.tag != EV_IPE ||
	    e.nf < 7 || e.f[0].u != x->v[i].addr)
		return false;
	out->addr = e.f[0].u;
	out->table = e.f[1].s, out->ntable = (uint32_t)e.f[1].u;
	out->desc = e.f[2].s, out->ndesc = (uint32_t)e.f[2].u;
	out->type = e.f[3].s, out->ntype = (uint32_t)e.f[3].u;
	out->label = e.f[4].s, out->nlabel = (uint32_t)e.f[4].u;
	out->module = e.f[5].s, out->nmodule = (uint32_t)e.f[5].u;
	out->src = e.f[6].s, out->nsrc = (uint32_t)e.f[6].u;
	/* the closure description is the closure type, in decimal */
	uint64_t v = 0;
	bool ok = out->ndesc > 0 && out->ndesc <= 9;
	for (uint32_t k = 0; ok && k < out->ndesc; k++) {
		ok = out->desc[k] >= '0' && out->desc[k] <= '9';
		v = v * 10 + (uint64_t)(out->desc[k] - '0');
	}
	out->closure_ok = ok;
	out->closure = ok ? (uint32_t)v : 0;
	return true;
}

bool ipe_lookup(const struct ipe_index *x, const struct store *s, uint64_t addr,
		struct ipe *out)
{
	long i = ipe_find(x, addr);
	if (i < 0) {
		memset(out, 0, sizeof *out);
		return false;
	}
	return ipe_get(x, s, (size_t)i, out);
}

bool ipe_parse_addr(const uint8_t *p, size_t n, uint64_t *addr)
{
	if (n < 3 || n > 18 || p[0] != '0' || (p[1] != 'x' && p[1] != 'X'))
		return false;
	uint64_t v = 0;
	for (size_t i = 2; i < n; i++) {
		uint8_t c = p[i];
		unsigned d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return false;
		v = v << 4 | d;
	}
	*addr = v;
	return true;
}

static const char *const closure_names[] = {
	"INVALID_OBJECT", "CONSTR", "CONSTR_1_0", "CONSTR_0_1", "CONSTR_2_0", "CONSTR_1_1",
	"CONSTR_0_2", "CONSTR_NOCAF", "FUN", "FUN_1_0", "FUN_0_1", "FUN_2_0", "FUN_1_1",
	"FUN_0_2", "FUN_STATIC", "THUNK", "THUNK_1_0", "THUNK_0_1", "THUNK_2_0", "THUNK_1_1",
	"THUNK_0_2", "THUNK_STATIC", "THUNK_SELECTOR", "BCO", "AP", "PAP", "AP_STACK", "IND",
	"IND_STATIC", "RET_BCO", "RET_SMALL", "RET_BIG", "RET_FUN", "UPDATE_FRAME",
	"CATCH_FRAME", "UNDERFLOW_FRAME", "STOP_FRAME", "BLOCKING_QUEUE", "BLACKHOLE",
	"MVAR_CLEAN", "MVAR_DIRTY", "TVAR", "ARR_WORDS", "MUT_ARR_PTRS_CLEAN",
	"MUT_ARR_PTRS_DIRTY", "MUT_ARR_PTRS_FROZEN_DIRTY", "MUT_ARR_PTRS_FROZEN_CLEAN",
	"MUT_VAR_CLEAN", "MUT_VAR_DIRTY", "WEAK", "PRIM", "MUT_PRIM", "TSO", "STACK",
	"TREC_CHUNK", "ATOMICALLY_FRAME", "CATCH_RETRY_FRAME", "CATCH_STM_FRAME", "WHITEHOLE",
	"SMALL_MUT_ARR_PTRS_CLEAN", "SMALL_MUT_ARR_PTRS_DIRTY",
	"SMALL_MUT_ARR_PTRS_FROZEN_DIRTY", "SMALL_MUT_ARR_PTRS_FROZEN_CLEAN", "COMPACT_NFDATA",
	"CONTINUATION", "ANN_FRAME",
};

const char *ipe_closure_name(uint32_t closure)
{
	return closure < sizeof closure_names / sizeof closure_names[0] ? closure_names[closure]
								      : NULL;
}

bool ipe_has_src(const struct ipe *p)
{
	return p->nsrc && !(p->nsrc == 1 && p->src[0] == ':');
}
