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

static bool charge(struct hb *b, size_t n, size_t cap, size_t elem)
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
	if (!charge(b, h->nbands, b->bcap, sizeof *h->bands))
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

static bool feed(struct hb *b, const struct ev *e)
{
	struct heap *h = b->h;
	switch (e->tag) {
	case EV_HEAP_PROF_COST_CENTRE: { /* id, label, module, srcloc, flags */
		if (!charge(b, h->nccs, b->cccap, sizeof *h->ccs))
			return true;
		struct cost_centre c = {
			.id = (uint32_t)e->f[0].u, .label = e->f[1].s, .nlabel = (uint32_t)e->f[1].u,
			.module = e->f[2].s, .nmodule = (uint32_t)e->f[2].u, .srcloc = e->f[3].s,
			.nsrcloc = (uint32_t)e->f[3].u, .caf = (e->f[4].u & 1) != 0,
		};
		return vec_push(h->ccs, h->nccs, b->cccap, c);
	}
	case EV_HEAP_PROF_SAMPLE_BEGIN: {
		if (!charge(b, h->ncensuses, b->ccap, sizeof *h->censuses)) {
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
		if (band < 0 || !charge(b, h->nticks, b->tcap, sizeof *h->ticks))
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
		if (band < 0 || !charge(b, h->nsamples, b->scap, sizeof *h->samples))
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
			ok = feed(&b, &e);
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

void heap_band_name(const struct heap *h, uint32_t bi, FILE *f)
{
	const struct band *b = &h->bands[bi];
	if (!b->stack) {
		if (b->n)
			fwrite(b->p, 1, b->n, f);
		return;
	}
	if (!b->n) { /* the empty stack is MAIN's */
		fputs("MAIN", f);
		return;
	}
	for (uint32_t i = 0; i < b->n; i++) {
		const uint8_t *q = b->p + 4 * (size_t)i;
		uint32_t id = (uint32_t)q[0] << 24 | (uint32_t)q[1] << 16 | (uint32_t)q[2] << 8 | q[3];
		const struct cost_centre *c = heap_cc(h, id);
		if (!c) {
			fprintf(f, "<cc %u>%s", id, i + 1 < b->n ? "/" : "");
			continue;
		}
		/* GHC's fprint_ccs: a CAF as MODULE.CAF, with no '/' after it */
		bool caf = c->nlabel == 3 && memcmp(c->label, "CAF", 3) == 0;
		if (caf) {
			if (c->nmodule)
				fwrite(c->module, 1, c->nmodule, f);
			fputs(".CAF", f);
		} else {
			if (c->nlabel)
				fwrite(c->label, 1, c->nlabel, f);
			if (i + 1 < b->n)
				putc('/', f);
		}
	}
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
