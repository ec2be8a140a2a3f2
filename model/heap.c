/* Heap-profile censuses from a class-filtered merge. */
#include "heap.h"

#include <stdlib.h>
#include <string.h>

#include "../parser/be.h"
#include "intern.h"
#include "order.h"
#include "vec.h"

#define HEAP_MIN_BUDGET (4u << 20)

struct hb { /* the pass */
	struct heap *h;
	size_t cccap, bcap, ccap, scap, tcap;
	uint64_t budget, bytes;
	bool open; /* a census is open */
	bool keep_ticks;
};

static bool hb_charge(struct hb *b, size_t n, size_t cap, size_t elem)
{
	if (n < cap)
		return true;
	uint64_t more = (uint64_t)(cap ? cap : 16) * elem;
	if (b->bytes + more > b->budget) {
		b->h->over_budget = true;
		return false;
	}
	b->bytes += more;
	return true;
}

static bool band_same(const struct band *a, bool stack, const uint8_t *p, uint32_t n)
{
	size_t bytes = stack ? (size_t)n * 4 : n;
	return a->stack == stack && a->n == n && (!bytes || memcmp(a->p, p, bytes) == 0);
}

/* The band of this string or stack, added when new; -1 when over budget. */
static long band_of(struct hb *b, bool stack, const uint8_t *p, uint32_t n)
{
	struct heap *h = b->h;
	size_t bytes = stack ? (size_t)n * 4 : n;
	uint64_t k = intern_hash(p, bytes, stack); /* keyed: no file chooses collisions */
	if ((h->nbands + 1) * 2 > h->hcap) { /* grow the map */
		size_t cap = h->hcap ? h->hcap * 2 : 64;
		if (b->bytes + cap * 12 > b->budget) {
			h->over_budget = true;
			return -1;
		}
		b->bytes += cap * 12;
		uint64_t *keys = xcallocarray(cap, sizeof *keys);
		uint32_t *vals = xcallocarray(cap, sizeof *vals);
		if (!keys || !vals) {
			free(keys);
			free(vals);
			return -1;
		}
		for (size_t i = 0; i < h->hcap; i++) {
			if (!h->hvals[i])
				continue;
			size_t j = (size_t)h->hkeys[i] & (cap - 1);
			while (vals[j])
				j = (j + 1) & (cap - 1);
			keys[j] = h->hkeys[i];
			vals[j] = h->hvals[i];
		}
		free(h->hkeys);
		free(h->hvals);
		h->hkeys = keys;
		h->hvals = vals;
		h->hcap = cap;
	}
	size_t j = (size_t)k & (h->hcap - 1);
	for (; h->hvals[j]; j = (j + 1) & (h->hcap - 1))
		if (h->hkeys[j] == k && band_same(&h->bands[h->hvals[j] - 1], stack, p, n))
			return (long)h->hvals[j] - 1;
	if (!hb_charge(b, h->nbands, b->bcap, sizeof *h->bands))
		return -1;
	struct band nb = { stack, p, n };
	if (!vec_push(h->bands, h->nbands, b->bcap, nb))
		return -1;
	h->hkeys[j] = k;
	h->hvals[j] = (uint32_t)h->nbands;
	return (long)h->nbands - 1;
}

static int cmp_cc(const void *a, const void *b)
{
	const struct cost_centre *x = a, *y = b;
	return cmp_u64(x->id, y->id);
}

static bool hb_feed(struct hb *b, const struct ev *e)
{
	struct heap *h = b->h;
	switch (e->tag) {
	case EV_HEAP_PROF_COST_CENTRE: { /* id, label, module, srcloc, flags */
		if (!hb_charge(b, h->nccs, b->cccap, sizeof *h->ccs))
			return true;
		struct cost_centre c = {
			.id = (uint32_t)e->f[0].u, .label = e->f[1].s, .nlabel = (uint32_t)e->f[1].u,
			.module = e->f[2].s, .nmodule = (uint32_t)e->f[2].u, .srcloc = e->f[3].s,
			.nsrcloc = (uint32_t)e->f[3].u, .caf = (e->f[4].u & 1) != 0,
		};
		return vec_push(h->ccs, h->nccs, b->cccap, c);
	}
	case EV_HEAP_PROF_SAMPLE_BEGIN: {
		if (!hb_charge(b, h->ncensuses, b->ccap, sizeof *h->censuses)) {
			b->open = false;
			return true;
		}
		struct census c = { e->time, e->f[0].u, h->nsamples, 0, 0 };
		b->open = true;
		return vec_push(h->censuses, h->ncensuses, b->ccap, c);
	}
	case EV_HEAP_PROF_SAMPLE_END:
		b->open = false;
		return true;
	case EV_HEAP_PROF_BEGIN: /* id, period, breakdown, ... */
		if (!h->breakdown)
			h->breakdown = (uint8_t)e->f[2].u;
		return true;
	case EV_IPE: /* lost entries are said by nomem; the profile goes on */
		ipe_note(&h->ipe, e->f[0].u, e->off);
		return true;
	case EV_PROF_SAMPLE_COST_CENTRE: { /* cap, ticks, stack */
		h->tick_events++;
		if (!b->keep_ticks)
			return true; /* cctree.h reads them from the store */
		long band = band_of(b, true, e->f[2].s, (uint32_t)e->f[2].u);
		if (band < 0 || !hb_charge(b, h->nticks, b->tcap, sizeof *h->ticks))
			return h->over_budget;
		struct prof_sample t = { e->time, (int32_t)(uint16_t)e->f[0].u, (uint32_t)band };
		return vec_push(h->ticks, h->nticks, b->tcap, t);
	}
	case EV_HEAP_PROF_SAMPLE_COST_CENTRE: /* profile, residency, stack */
	case EV_HEAP_PROF_SAMPLE_STRING: {    /* profile, residency, label */
		if (!b->open || !h->ncensuses)
			return true;
		bool stack = e->tag == EV_HEAP_PROF_SAMPLE_COST_CENTRE;
		long band = band_of(b, stack, e->f[2].s, (uint32_t)e->f[2].u);
		if (band < 0 || !hb_charge(b, h->nsamples, b->scap, sizeof *h->samples))
			return h->over_budget;
		struct census_sample smp = { (uint32_t)band, e->f[1].u };
		if (!vec_push(h->samples, h->nsamples, b->scap, smp))
			return false;
		h->censuses[h->ncensuses - 1].n++;
		h->censuses[h->ncensuses - 1].total += e->f[1].u;
		return true;
	}
	}
	return true;
}

/* The IPE index was full: it is read again for the tables that -hi bands
 * name only. */
static bool heap_refill_ipe(struct heap *h, const struct store *s)
{
	uint64_t *want = xmallocarray(h->nbands ? h->nbands : 1, sizeof *want);
	if (!want)
		return false;
	size_t n = 0;
	for (size_t i = 0; i < h->nbands; i++)
		if (h->breakdown == HEAP_BY_INFO_TABLE && !h->bands[i].stack &&
		    ipe_parse_addr(h->bands[i].p, h->bands[i].n, &want[n]))
			n++;
	bool ok = ipe_refill(&h->ipe, s, want, n);
	free(want);
	return ok;
}

bool heap_build(struct heap *h, const struct store *s)
{
	return heap_build_ticks(h, s, true);
}

bool heap_build_ticks(struct heap *h, const struct store *s, bool keep_ticks)
{
	memset(h, 0, sizeof *h);
	struct hb b = { .h = h, .keep_ticks = keep_ticks };
	b.budget = s->size / 20 > HEAP_MIN_BUDGET ? s->size / 20 : HEAP_MIN_BUDGET;
	struct merge *m = merge_new_at(s, 0, CLASS_BIT(CL_PROF));
	if (!m)
		return false;
	struct evref r;
	struct ev e;
	bool ok = true;
	/* an IPE event's address, where its payload starts */
	unsigned ipe_at = s->hdr.nsel > EV_IPE && (s->hdr.sel[EV_IPE].flags & SEL_VAR) ? 12 : 10;
	while (ok && merge_step(m, &r) && !store_faulted(s)) {
		if (r.tag == EV_IPE) {
			/* the address and the offset only: ipe_get decodes the
			 * strings (and checks them) when a band is shown */
			if (r.size >= ipe_at + 8)
				ipe_note(&h->ipe, be64(s->map + r.off + ipe_at), r.off);
			continue;
		}
		if (ev_decode(&s->hdr, s->map, s->size, r.off, &e) != EV_OK)
			break; /* cannot happen: the index read this event */
		if (e.layout != SEL_UNKNOWN_LAYOUT && !(e.bad & BAD_LEN))
			ok = hb_feed(&b, &e);
	}
	ok = ok && !merge_failed(m);
	merge_free(m);
	if (!ok) {
		heap_free(h);
		return false;
	}
	if (h->nccs)
		qsort(h->ccs, h->nccs, sizeof *h->ccs, cmp_cc);
	ipe_finish(&h->ipe);
	h->budget = b.budget;
	h->used = b.bytes;
	if (h->ipe.over && !heap_refill_ipe(h, s)) {
		heap_free(h);
		return false;
	}
	return true;
}

void heap_free(struct heap *h)
{
	free(h->ccs);
	free(h->bands);
	free(h->censuses);
	free(h->samples);
	free(h->ticks);
	free(h->hkeys);
	free(h->hvals);
	ipe_free(&h->ipe);
	memset(h, 0, sizeof *h);
}

static bool cc_before(const void *elem, const void *key)
{
	return ((const struct cost_centre *)elem)->id < *(const uint32_t *)key;
}

const struct cost_centre *heap_cc(const struct heap *h, uint32_t id)
{
	size_t i = lower_bound(h->ccs, h->nccs, sizeof *h->ccs, &id, cc_before);
	return i < h->nccs && h->ccs[i].id == id ? &h->ccs[i] : NULL;
}

void heap_name_begin(struct heap_name_walk *w, const struct heap *h, uint32_t b)
{
	*w = (struct heap_name_walk){ .h = h, .b = &h->bands[b], .cc = -1 };
	if (w->b->stack && w->b->n)
		w->c = heap_cc(h, heap_stack_id(w->b, 0));
}

/* The piece at (i, part) of a stack, possibly empty; the walk moves on. */
static void stack_piece(struct heap_name_walk *w, const uint8_t **p, size_t *n)
{
	const struct cost_centre *c = w->c;
	bool last = w->i + 1 == w->b->n;
	/* GHC's fprint_ccs: a CAF as MODULE.CAF, with no '/' after it */
	bool caf = c && c->nlabel == 3 && memcmp(c->label, "CAF", 3) == 0;
	if (w->part == 0) {
		w->part = 1;
		if (!c) {
			int k = snprintf(w->tmp, sizeof w->tmp, "<cc %u>", heap_stack_id(w->b, w->i));
			*p = (const uint8_t *)w->tmp;
			*n = k > 0 ? (size_t)k : 0;
			return;
		}
		w->cc = c - w->h->ccs;
		*p = caf ? c->module : c->label;
		*n = caf ? c->nmodule : c->nlabel;
		return;
	}
	*p = (const uint8_t *)(caf ? ".CAF" : "/");
	*n = caf ? 4 : last ? 0 : 1;
	w->part = 0;
	if (++w->i < w->b->n)
		w->c = heap_cc(w->h, heap_stack_id(w->b, w->i));
}

bool heap_name_next(struct heap_name_walk *w, const uint8_t **p, size_t *n)
{
	const struct band *b = w->b;
	w->cc = -1;
	if (!b->stack || !b->n) { /* a string, or the empty stack: MAIN's */
		if (w->part)
			return false;
		w->part = 1;
		*p = b->stack ? (const uint8_t *)"MAIN" : b->p;
		*n = b->stack ? 4 : b->n;
		return *n > 0;
	}
	while (w->i < b->n) {
		w->cc = -1;
		stack_piece(w, p, n);
		if (*n)
			return true;
	}
	return false;
}

void heap_band_name(const struct heap *h, uint32_t bi, FILE *f)
{
	struct heap_name_walk w;
	const uint8_t *p;
	size_t n;
	heap_name_begin(&w, h, bi);
	while (heap_name_next(&w, &p, &n))
		fwrite(p, 1, n, f);
}

size_t heap_band_cut(const struct heap *h, uint32_t b, char *buf, size_t cap)
{
	struct heap_name_walk w;
	const uint8_t *p;
	size_t n, len = 0;
	heap_name_begin(&w, h, b);
	while (len < cap && heap_name_next(&w, &p, &n)) {
		size_t k = n < cap - len ? n : cap - len;
		memcpy(buf + len, p, k);
		len += k;
	}
	return len;
}

/* Are p and q's first k bytes equal? Long pieces found equal are
 * remembered (a direct-mapped table: a pair of labels read once). */
static int piece_cmp(const uint8_t *p, const uint8_t *q, size_t k, struct heap_name_memo *m)
{
	if (p == q)
		return 0;
	size_t i = 0;
	if (m && k >= 256) {
		i = (size_t)(((uintptr_t)p * 0x9E3779B97F4A7C15ull ^ (uintptr_t)q) >> 7) % HEAP_MEMO;
		if (m->p[i] == p && m->q[i] == q && m->n[i] == k)
			return 0;
	}
	int d = memcmp(p, q, k);
	if (!d && m && k >= 256) {
		m->p[i] = p;
		m->q[i] = q;
		m->n[i] = k;
	}
	return d;
}

int heap_band_cmp(const struct heap *ha, uint32_t a, const struct heap *hb, uint32_t b,
		  size_t limit, struct heap_name_memo *memo)
{
	struct heap_name_walk x, y;
	const uint8_t *p = NULL, *q = NULL;
	size_t np = 0, nq = 0, done = 0;
	heap_name_begin(&x, ha, a);
	heap_name_begin(&y, hb, b);
	for (;;) {
		bool xe = !np && !heap_name_next(&x, &p, &np);
		bool ye = !nq && !heap_name_next(&y, &q, &nq);
		if (xe || ye)
			return xe && ye ? 0 : xe ? -1 : 1;
		if (done >= limit)
			return 0;
		size_t k = np < nq ? np : nq;
		if (k > limit - done)
			k = limit - done;
		int d = piece_cmp(p, q, k, memo);
		if (d)
			return d;
		p += k, np -= k;
		q += k, nq -= k;
		done += k;
	}
}

/* ---- the names' hashes: H(s) = sum of (s[i] + 1) B^(n-1-i) mod 2^61 - 1,
 * so that H(xy) = H(x) B^|y| + H(y): a stack's hash is made of its cost
 * centres' texts' hashes, each taken once ---- */

#define P61 0x1FFFFFFFFFFFFFFFull

static uint64_t mulmod(uint64_t a, uint64_t b)
{
	unsigned __int128 r = (unsigned __int128)a * b;
	uint64_t lo = (uint64_t)r & P61, hi = (uint64_t)(r >> 61);
	uint64_t s = lo + hi;
	return s >= P61 ? s - P61 : s;
}

struct phash {
	uint64_t h, pw; /* the hash, and B^length (0: not taken yet) */
};

/* a mod P61, for a < 2^122 */
static uint64_t mod61(unsigned __int128 a)
{
	uint64_t lo = (uint64_t)a & P61, mid = (uint64_t)(a >> 61) & P61, hi = (uint64_t)(a >> 122);
	uint64_t s = lo + mid + hi; /* < 3 * 2^61 */
	s = (s & P61) + (s >> 61);
	return s >= P61 ? s - P61 : s;
}

static uint64_t powmod(uint64_t b, uint64_t e)
{
	uint64_t r = 1;
	for (; e; e >>= 1, b = mulmod(b, b))
		if (e & 1)
			r = mulmod(r, b);
	return r;
}

/* The hash of p[0..n): four bytes a step (h B^4 + c0 B^3 + c1 B^2 + c2 B
 * + c3, one reduction), a label of 60,000 bytes in some 50 us. */
static struct phash phash_of(const uint8_t *p, size_t n, uint64_t base, const uint64_t bp[5])
{
	uint64_t h = 0;
	size_t i = 0;
	for (; i + 4 <= n; i += 4) {
		unsigned __int128 a = (unsigned __int128)h * bp[4];
		a += (unsigned __int128)(p[i] + 1u) * bp[3] + (unsigned __int128)(p[i + 1] + 1u) * bp[2] +
		     (unsigned __int128)(p[i + 2] + 1u) * bp[1] + (p[i + 3] + 1u);
		h = mod61(a);
	}
	for (; i < n; i++)
		h = mod61((unsigned __int128)h * base + p[i] + 1u);
	return (struct phash){ h, powmod(base, n) };
}

bool heap_band_hashes(const struct heap *h, const bool *want, uint64_t *out)
{
	uint64_t key[2];
	intern_process_key(key);
	uint64_t base = (key[0] % (P61 - 256)) + 256; /* the same in every log */
	const uint64_t bp[5] = { 1, base, mulmod(base, base), powmod(base, 3), powmod(base, 4) };
	struct phash *cc = calloc(h->nccs ? h->nccs : 1, sizeof *cc);
	if (!cc)
		return false;
	for (size_t b = 0; b < h->nbands; b++) {
		out[b] = 0;
		if (want && !want[b])
			continue;
		struct heap_name_walk w;
		const uint8_t *p;
		size_t n;
		uint64_t len = 0;
		struct phash acc = { 0, 1 };
		heap_name_begin(&w, h, (uint32_t)b);
		while (heap_name_next(&w, &p, &n)) {
			struct phash x;
			if (w.cc >= 0) { /* a cost centre's label or module: once */
				if (!cc[w.cc].pw)
					cc[w.cc] = phash_of(p, n, base, bp);
				x = cc[w.cc];
			} else {
				x = phash_of(p, n, base, bp);
			}
			acc.h = mulmod(acc.h, x.pw) + x.h;
			if (acc.h >= P61)
				acc.h -= P61;
			len += n;
		}
		out[b] = intern_hash(&(uint64_t[2]){ acc.h, len }, 16, 0x6e616d65); /* mixed, keyed */
	}
	free(cc);
	return true;
}

int heap_band_ipe(const struct heap *h, const struct store *s, uint32_t b, uint64_t *addr,
		  struct ipe *out)
{
	const struct band *d = &h->bands[b];
	if (h->breakdown != HEAP_BY_INFO_TABLE || d->stack || !ipe_parse_addr(d->p, d->n, addr))
		return 0;
	return ipe_lookup(&h->ipe, s, *addr, out) ? 2 : 1;
}

bool heap_cc_builtin(const struct cost_centre *c)
{
	return c->nsrcloc == 10 && memcmp(c->srcloc, "<built-in>", 10) == 0;
}

static bool census_before(const void *elem, const void *key)
{
	return ((const struct census *)elem)->time < *(const uint64_t *)key;
}

size_t heap_census_from(const struct heap *h, uint64_t t)
{
	return lower_bound(h->censuses, h->ncensuses, sizeof *h->censuses, &t, census_before);
}

long heap_census_at(const struct heap *h, uint64_t t)
{
	size_t i = heap_census_from(h, t);
	if (i < h->ncensuses && h->censuses[i].time == t) {
		while (i + 1 < h->ncensuses && h->censuses[i + 1].time == t)
			i++; /* the last of equal times */
		return (long)i;
	}
	return (long)i - 1;
}

uint64_t heap_census_band(const struct heap *h, size_t c, uint32_t b)
{
	const struct census *k = &h->censuses[c];
	uint64_t v = 0;
	for (size_t i = k->first; i < k->first + k->n; i++)
		if (h->samples[i].band == b)
			v += h->samples[i].bytes;
	return v;
}

static int cmp_rank_rest(const struct band_rank *x, const struct band_rank *y)
{
	if (x->peak != y->peak)
		return x->peak > y->peak ? -1 : 1;
	if (x->area != y->area)
		return x->area > y->area ? -1 : 1;
	return (x->band > y->band) - (x->band < y->band);
}

static int cmp_rank_peak(const void *a, const void *b)
{
	return cmp_rank_rest(a, b);
}

static int cmp_rank_area(const void *a, const void *b)
{
	const struct band_rank *x = a, *y = b;
	if (x->area != y->area)
		return x->area > y->area ? -1 : 1;
	return cmp_rank_rest(x, y);
}

bool heap_rank(const struct heap *h, uint64_t from, uint64_t to, enum heap_rank_by by,
	       struct band_rank *out, size_t *nout, size_t *ncens)
{
	*nout = 0;
	if (ncens)
		*ncens = 0;
	/* a band's row is filled the first time a census in the window names it */
	uint32_t *slot = malloc((h->nbands ? h->nbands : 1) * sizeof *slot);
	if (!slot)
		return false;
	for (size_t b = 0; b < h->nbands; b++)
		slot[b] = UINT32_MAX;
	long at = heap_census_at(h, from);
	size_t c = at >= 0 ? (size_t)at : heap_census_from(h, from);
	size_t n = 0, counted = 0;
	for (; c < h->ncensuses && h->censuses[c].time < to; c++) {
		const struct census *k = &h->censuses[c];
		uint64_t a = k->time > from ? k->time : from;
		uint64_t e = c + 1 < h->ncensuses && h->censuses[c + 1].time < to ? h->censuses[c + 1].time : to;
		double held = e > a ? (double)(e - a) : 0;
		counted++;
		for (size_t i = k->first; i < k->first + k->n; i++) {
			const struct census_sample *smp = &h->samples[i];
			if (!smp->bytes)
				continue;
			if (slot[smp->band] == UINT32_MAX) {
				slot[smp->band] = (uint32_t)n;
				out[n] = (struct band_rank){ .band = smp->band, .first = smp->bytes };
				n++;
			}
			struct band_rank *r = &out[slot[smp->band]];
			/* (a band named twice in a census: the .hp adds them) */
			uint64_t v = smp->bytes;
			if (r->ncensuses && r->last_census == c) {
				v += r->last;
				r->area += held * (double)smp->bytes;
				if (r->ncensuses == 1)
					r->first = v;
			} else {
				r->ncensuses++;
				r->area += held * (double)v;
			}
			r->last = v;
			r->last_census = c;
			if (v > r->peak) {
				r->peak = v;
				r->peak_time = k->time;
			}
		}
	}
	free(slot);
	if (n)
		qsort(out, n, sizeof *out, by == HEAP_BY_AREA ? cmp_rank_area : cmp_rank_peak);
	*nout = n;
	if (ncens)
		*ncens = counted;
	return true;
}
