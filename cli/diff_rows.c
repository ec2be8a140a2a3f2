/* diff_rows: hectic diff's table of figures, one row a (section, key) of
 * both runs. Keys are kept whole and each only once (a span's or a
 * thread label's five or two figures share their name), found through two
 * open-addressing hashes that grow with what they hold: the keys by their
 * bytes, the rows by (section, suffix, key). Every row is in the row hash,
 * however it was added, so that a table grows before it fills.
 *
 * The table has a memory budget (rows, keys and both hashes): a new key
 * or row past it is left out and counted (r->left_out), as the spans table
 * stops growing at its own; the figures of the keys already in go on
 * being filled in. */
#include "diff_rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/intern.h"
#include "../model/vec.h"

const char *const diff_section_name[DS_N] = {
	[DS_SUMMARY] = "summary",	[DS_PAUSES] = "pauses",
	[DS_HEAP] = "heap",		[DS_HEAP_MEAN] = "heap_mean",
	[DS_PROFILE] = "profile",	[DS_PROFILE_INHERITED] = "profile_inherited",
	[DS_SPANS] = "spans",		[DS_THREADS] = "threads",
};

const char *const diff_suffix[DSUF_N] = {
	[DSUF_NONE] = "",		[DSUF_COUNT] = "count",
	[DSUF_TOTAL_NS] = "total_ns",	[DSUF_P50_NS] = "p50_ns",
	[DSUF_P99_NS] = "p99_ns",	[DSUF_MAX_NS] = "max_ns",
	[DSUF_RUNNING_NS] = "running_ns", [DSUF_RUNS] = "runs",
};

void diff_rows_init(struct diff_rows *r, uint64_t budget)
{
	memset(r, 0, sizeof *r);
	r->budget = budget;
}

void diff_rows_free(struct diff_rows *r)
{
	free(r->v);
	free(r->keys);
	free(r->kv);
	free(r->kslot);
	free(r->rslot);
	memset(r, 0, sizeof *r);
}

/* A key's hash and a row's: intern.c's keyed SipHash (crafted names
 * cannot aim at one slot). */
static uint64_t row_hash(uint8_t sec, uint8_t sub, uint32_t kid)
{
	uint8_t b[6] = { sec, sub, (uint8_t)kid, (uint8_t)(kid >> 8), (uint8_t)(kid >> 16),
			 (uint8_t)(kid >> 24) };
	return intern_hash(b, sizeof b, 1);
}

/* The bytes the table holds, as the budget counts them. */
static uint64_t held(const struct diff_rows *r)
{
	return (uint64_t)r->cap * sizeof *r->v + r->capkeys + (uint64_t)r->kcap * sizeof *r->kv +
	       (uint64_t)(r->nkslot + r->nrslot) * sizeof(uint32_t);
}

/* Room for what adding grow more bytes needs: false (and the table full)
 * when that passes the budget. */
static bool within(struct diff_rows *r, uint64_t grow)
{
	if (held(r) + grow <= r->budget)
		return true;
	r->full = true;
	return false;
}

/* A hash of n slots (a power of two) with every entry of v re-placed: the
 * slots hold index + 1. */
static uint32_t *rehash_slots(size_t n, size_t count, uint64_t (*hash)(const struct diff_rows *, size_t),
			      const struct diff_rows *r)
{
	uint32_t *slot = xcallocarray(n, sizeof *slot);
	if (!slot)
		return NULL;
	for (size_t i = 0; i < count; i++) {
		size_t j = (size_t)hash(r, i) & (n - 1);
		while (slot[j])
			j = (j + 1) & (n - 1);
		slot[j] = (uint32_t)i + 1;
	}
	return slot;
}

static uint64_t hash_key_i(const struct diff_rows *r, size_t i)
{
	return intern_hash(r->keys + r->kv[i].off, r->kv[i].len, 0);
}

static uint64_t hash_row_i(const struct diff_rows *r, size_t i)
{
	return row_hash(r->v[i].sec, r->v[i].sub, r->v[i].kid);
}

/* A hash with room for one more entry at most half full: *slot and *n
 * grown (doubled from 64) when count + 1 would pass half. */
static bool hash_room(struct diff_rows *r, uint32_t **slot, size_t *n, size_t count,
		      uint64_t (*hash)(const struct diff_rows *, size_t))
{
	if ((count + 1) * 2 <= *n)
		return true;
	size_t m = *n ? *n : 64;
	while ((count + 1) * 2 > m)
		m *= 2;
	if (!within(r, (uint64_t)(m - *n) * sizeof **slot))
		return false;
	uint32_t *s = rehash_slots(m, count, hash, r);
	if (!s) {
		r->oom = true;
		return false;
	}
	free(*slot);
	*slot = s;
	*n = m;
	return true;
}

/* Grows a (pointer, count, capacity) array for one more of elem bytes,
 * within the budget. */
static bool rows_grow(struct diff_rows *r, void **p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return true;
	size_t c = *cap ? *cap : 64;
	while (c < need)
		c = c > SIZE_MAX / 2 ? need : c * 2;
	if (!within(r, (uint64_t)(c - *cap) * elem))
		return false;
	void *q = xreallocarray(*p, c, elem);
	if (!q) {
		r->oom = true;
		return false;
	}
	*p = q;
	*cap = c;
	return true;
}

bool diff_key(struct diff_rows *r, const void *bytes, size_t len, uint32_t *kid)
{
	if (len > UINT32_MAX || r->nkeys >= UINT32_MAX - 1) {
		r->left_out++;
		r->full = true;
		return false;
	}
	if (r->nkslot) {
		for (size_t j = (size_t)intern_hash(bytes, len, 0) & (r->nkslot - 1); r->kslot[j];
		     j = (j + 1) & (r->nkslot - 1)) {
			const struct diff_key *k = &r->kv[r->kslot[j] - 1];
			if (k->len == len && (!len || !memcmp(r->keys + k->off, bytes, len))) {
				*kid = r->kslot[j] - 1;
				return true;
			}
		}
	}
	if (r->nbytes > UINT32_MAX - len ||
	    !hash_room(r, &r->kslot, &r->nkslot, r->nkeys, hash_key_i) ||
	    !rows_grow(r, (void **)&r->keys, &r->capkeys, r->nbytes + len, 1) ||
	    !rows_grow(r, (void **)&r->kv, &r->kcap, r->nkeys + 1, sizeof *r->kv)) {
		if (!r->oom)
			r->left_out++;
		return false;
	}
	if (len)
		memcpy(r->keys + r->nbytes, bytes, len);
	r->kv[r->nkeys] = (struct diff_key){ .off = (uint32_t)r->nbytes, .len = (uint32_t)len };
	r->nbytes += len;
	size_t j = (size_t)intern_hash(bytes, len, 0) & (r->nkslot - 1);
	while (r->kslot[j])
		j = (j + 1) & (r->nkslot - 1);
	r->kslot[j] = (uint32_t)++r->nkeys;
	*kid = (uint32_t)(r->nkeys - 1);
	return true;
}

struct diff_row *diff_row(struct diff_rows *r, enum diff_section sec, enum diff_suffix_id sub,
			  uint32_t kid, bool add)
{
	if (r->nrslot) {
		for (size_t j = (size_t)row_hash((uint8_t)sec, (uint8_t)sub, kid) & (r->nrslot - 1);
		     r->rslot[j]; j = (j + 1) & (r->nrslot - 1)) {
			struct diff_row *w = &r->v[r->rslot[j] - 1];
			if (w->sec == sec && w->sub == sub && w->kid == kid)
				return w;
		}
	}
	if (!add)
		return NULL;
	if (r->n >= UINT32_MAX - 1 || !hash_room(r, &r->rslot, &r->nrslot, r->n, hash_row_i) ||
	    !rows_grow(r, (void **)&r->v, &r->cap, r->n + 1, sizeof *r->v)) {
		if (!r->oom)
			r->left_out++;
		return NULL;
	}
	struct diff_row *w = &r->v[r->n];
	memset(w, 0, sizeof *w);
	w->sec = (uint8_t)sec;
	w->sub = (uint8_t)sub;
	w->kid = kid;
	size_t j = (size_t)row_hash((uint8_t)sec, (uint8_t)sub, kid) & (r->nrslot - 1);
	while (r->rslot[j])
		j = (j + 1) & (r->nrslot - 1);
	r->rslot[j] = (uint32_t)++r->n;
	return w;
}

struct diff_row *diff_row_named(struct diff_rows *r, enum diff_section sec,
				enum diff_suffix_id sub, const void *bytes, size_t len)
{
	uint32_t kid;
	return diff_key(r, bytes, len, &kid) ? diff_row(r, sec, sub, kid, true) : NULL;
}

const char *diff_row_key(const struct diff_rows *r, const struct diff_row *w, size_t *len)
{
	*len = r->kv[w->kid].len;
	return r->keys + r->kv[w->kid].off;
}

void diff_set(struct diff_row *w, bool b_side, uint64_t v)
{
	*(b_side ? &w->b : &w->a) = v;
	*(b_side ? &w->hb : &w->ha) = true;
}

void diff_add(struct diff_row *w, bool b_side, uint64_t v)
{
	uint64_t was = (b_side ? w->hb : w->ha) ? (b_side ? w->b : w->a) : 0;
	diff_set(w, b_side, was > UINT64_MAX - v ? UINT64_MAX : was + v);
}

double diff_value(const struct diff_row *w, bool b_side)
{
	double v = (double)(b_side ? w->b : w->a);
	return w->unit == DU_FRAC ? v / DIFF_FRAC_UNIT : v;
}

void diff_value_text(const struct diff_row *w, bool b_side, char *out, size_t n)
{
	uint64_t v = b_side ? w->b : w->a;
	if (w->unit == DU_FRAC)
		snprintf(out, n, "%llu.%04llu", (unsigned long long)(v / DIFF_FRAC_UNIT),
			 (unsigned long long)(v % DIFF_FRAC_UNIT));
	else
		snprintf(out, n, "%llu", (unsigned long long)v);
}

void diff_delta_text(const struct diff_row *w, char *out, size_t n)
{
	uint64_t a = w->a, b = w->b;
	bool neg = b < a;
	uint64_t d = neg ? a - b : b - a;
	if (w->unit == DU_FRAC)
		snprintf(out, n, "%s%llu.%04llu", neg ? "-" : "", (unsigned long long)(d / DIFF_FRAC_UNIT),
			 (unsigned long long)(d % DIFF_FRAC_UNIT));
	else
		snprintf(out, n, "%s%llu", neg && d ? "-" : "", (unsigned long long)d);
}

/* ---- sorting ---- */

/* |B - A|, a side without a figure counted as 0. */
static uint64_t row_change_of(const struct diff_row *w)
{
	uint64_t a = w->ha ? w->a : 0, b = w->hb ? w->b : 0;
	return a > b ? a - b : b - a;
}

/* (qsort's comparator has no argument: the table being sorted; diff sorts
 * one table, once, on one thread) */
static const struct diff_rows *sorting;

static int cmp_change(const void *x, const void *y)
{
	const struct diff_rows *r = sorting;
	const struct diff_row *a = x, *b = y;
	if (a->sec != b->sec)
		return a->sec < b->sec ? -1 : 1;
	if (a->unit != b->unit)
		return a->unit < b->unit ? -1 : 1;
	uint64_t ca = row_change_of(a), cb = row_change_of(b);
	if (ca != cb)
		return ca > cb ? -1 : 1;
	size_t la, lb;
	const char *ka = diff_row_key(r, a, &la), *kb = diff_row_key(r, b, &lb);
	size_t n = la < lb ? la : lb;
	int k = n ? memcmp(ka, kb, n) : 0;
	if (k || la != lb)
		return k ? k : la < lb ? -1 : 1;
	return strcmp(diff_suffix[a->sub], diff_suffix[b->sub]);
}

void diff_rows_sort(struct diff_rows *r)
{
	sorting = r;
	if (r->n > 1)
		qsort(r->v, r->n, sizeof *r->v, cmp_change);
	sorting = NULL;
	/* the row hash's indices are stale now: no more lookups */
	free(r->rslot);
	r->rslot = NULL;
	r->nrslot = 0;
}
