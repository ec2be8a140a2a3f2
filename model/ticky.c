/* Ticky-ticky counters and their samples from a class-filtered merge. */
#include "ticky.h"

#include <stdlib.h>
#include <string.h>

#include "intern.h"
#include "order.h"
#include "vec.h"

#define TICKY_MIN_BUDGET (6u << 20)

size_t ticky_budget_override, ticky_counters_override;

/* parser/event.h names 210 only */
enum { EV_TICKY_SAMPLE = 211, EV_TICKY_BEGIN = 212 };

/* ---- varints (LEB128) ---- */

static size_t put_varint(uint8_t *p, uint64_t v)
{
	size_t n = 0;
	while (v >= 0x80) {
		p[n++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	p[n++] = (uint8_t)v;
	return n;
}

static uint64_t get_varint(const uint8_t *p, size_t *at)
{
	uint64_t v = 0;
	for (unsigned sh = 0; sh < 64; sh += 7) {
		uint8_t b = p[(*at)++];
		v |= (uint64_t)(b & 0x7F) << sh;
		if (!(b & 0x80))
			break;
	}
	return v;
}

/* One delta: counter index, entries, allocs, allocd (at most 40 bytes). */
static size_t put_delta(uint8_t *p, uint32_t c, const struct ticky_counts *d)
{
	size_t n = put_varint(p, c);
	n += put_varint(p + n, d->entries);
	n += put_varint(p + n, d->allocs);
	return n + put_varint(p + n, d->allocd);
}

static uint32_t get_delta(const uint8_t *p, size_t *at, struct ticky_counts *d)
{
	uint32_t c = (uint32_t)get_varint(p, at);
	d->entries = get_varint(p, at);
	d->allocs = get_varint(p, at);
	d->allocd = get_varint(p, at);
	return c;
}

/* ---- counters by id ---- */

static size_t ticky_slot_of(uint64_t id, size_t cap)
{
	return (size_t)intern_hash(&id, sizeof id, 0x71c4) & (cap - 1); /* keyed */
}

static bool map_grow(struct ticky *t)
{
	size_t cap = t->hcap ? t->hcap * 2 : 64;
	uint64_t *keys = xcallocarray(cap, sizeof *keys);
	uint32_t *vals = xcallocarray(cap, sizeof *vals);
	if (!keys || !vals) {
		free(keys);
		free(vals);
		return false;
	}
	for (size_t i = 0; i < t->hcap; i++) {
		if (!t->hvals[i])
			continue;
		size_t j = ticky_slot_of(t->hkeys[i], cap);
		while (vals[j])
			j = (j + 1) & (cap - 1);
		keys[j] = t->hkeys[i];
		vals[j] = t->hvals[i];
	}
	free(t->hkeys);
	free(t->hvals);
	t->hkeys = keys;
	t->hvals = vals;
	t->hcap = cap;
	return true;
}

long ticky_find(const struct ticky *t, uint64_t id)
{
	if (!t->hcap)
		return -1;
	for (size_t j = ticky_slot_of(id, t->hcap); t->hvals[j]; j = (j + 1) & (t->hcap - 1))
		if (t->hkeys[j] == id)
			return (long)t->hvals[j] - 1;
	return -1;
}

/* The counter with this id, added (undefined) when new; -2 when the
 * table is full (maxctr, below UINT32_MAX - 1), -1 when out of memory. */
static long counter_of(struct ticky *t, uint64_t id)
{
	long i = ticky_find(t, id);
	if (i >= 0)
		return i;
	if (t->nctr >= t->maxctr)
		return -2;
	if ((t->nctr + 1) * 2 > t->hcap && !map_grow(t))
		return -1;
	struct ticky_counter c = { .id = id };
	if (!vec_push(t->ctr, t->nctr, t->ctrcap, c))
		return -1;
	size_t j = ticky_slot_of(id, t->hcap);
	while (t->hvals[j])
		j = (j + 1) & (t->hcap - 1);
	t->hkeys[j] = id;
	t->hvals[j] = (uint32_t)t->nctr;
	return (long)t->nctr - 1;
}

/* ---- merging samples in pairs, to stay in the budget ---- */

struct dl {
	uint32_t c;
	struct ticky_counts d;
};

static int cmp_dl(const void *a, const void *b)
{
	return cmp_u64(((const struct dl *)a)->c, ((const struct dl *)b)->c);
}

/* Samples a and b (a before b) decoded, summed per counter and written at
 * bytes[w ..) (never past a's start: a sum's varint is no longer than its
 * two parts'); the merged sample. */
static bool merge_two(struct ticky *t, size_t a, size_t b, uint64_t *w, struct ticky_sample *out)
{
	size_t n = (size_t)t->samples[a].n + (b != a ? t->samples[b].n : 0);
	struct dl *v = xmallocarray(n ? n : 1, sizeof *v);
	if (!v)
		return false;
	size_t k = 0;
	for (size_t s = a; s <= b; s++) {
		size_t at = (size_t)t->samples[s].off;
		for (uint32_t i = 0; i < t->samples[s].n; i++, k++)
			v[k].c = get_delta(t->bytes, &at, &v[k].d);
	}
	qsort(v, n, sizeof *v, cmp_dl);
	*out = (struct ticky_sample){ .time = t->samples[b].time, .off = *w,
				      .raw = t->samples[a].raw + (b != a ? t->samples[b].raw : 0) };
	for (size_t i = 0; i < n;) {
		struct dl sum = v[i];
		for (i++; i < n && v[i].c == sum.c; i++) {
			sum.d.entries += v[i].d.entries;
			sum.d.allocs += v[i].d.allocs;
			sum.d.allocd += v[i].d.allocd;
		}
		*w += put_delta(t->bytes + *w, sum.c, &sum.d);
		out->n++;
	}
	free(v);
	return true;
}

/* Every two neighbouring samples made one; false when out of memory (the
 * samples are then as they were, or merged in part: still right). */
static bool merge_pairs(struct ticky *t)
{
	uint64_t w = 0;
	size_t k = 0;
	for (size_t i = 0; i < t->nsamples; i += 2, k++) {
		size_t b = i + 1 < t->nsamples ? i + 1 : i;
		struct ticky_sample m;
		if (!merge_two(t, i, b, &w, &m)) {
			/* keep the rest as it is: move it down */
			size_t rest = t->nbytes - (size_t)t->samples[i].off;
			memmove(t->bytes + w, t->bytes + t->samples[i].off, rest);
			uint64_t shift = t->samples[i].off - w;
			for (size_t j = i; j < t->nsamples; j++, k++) {
				t->samples[k] = t->samples[j];
				t->samples[k].off -= shift;
			}
			t->nsamples = k;
			t->nbytes = (size_t)(w + rest);
			return false;
		}
		t->samples[k] = m;
	}
	t->nsamples = k;
	t->nbytes = (size_t)w;
	t->merged *= 2;
	return true;
}

/* ---- the pass ---- */

struct tb {
	struct ticky *t;
	bool open; /* a sample takes the 211s */
};

/* The last sample's deltas summed per counter, in place. */
static void fold(struct ticky *t)
{
	size_t k = t->nsamples - 1;
	uint64_t w = t->samples[k].off;
	struct ticky_sample m;
	if (merge_two(t, k, k, &w, &m)) {
		t->samples[k] = m;
		t->nbytes = (size_t)w;
	}
}

/* The last sample folded when it holds more than one of the log's samples,
 * so that it grows with the counters, not with the samples it takes. */
static void fold_last(struct ticky *t)
{
	if (t->samples[t->nsamples - 1].raw > 1)
		fold(t);
}

/* A 212: a new stored sample, or the last one goes on (holding fewer than
 * merged log samples, it takes this one's counts and time). */
static bool begin_sample(struct tb *b, uint64_t time)
{
	struct ticky *t = b->t;
	if (t->nsamples)
		fold_last(t);
	uint64_t used = t->nbytes + (uint64_t)t->nsamples * sizeof *t->samples;
	if (!ticky_budget_override) /* the counters' share (at most half) */
		used += (uint64_t)t->nctr * TICKY_CTR_COST;
	if (used > t->budget && t->nsamples >= 2 && t->merged < (1u << 30))
		merge_pairs(t);
	if (t->nsamples && t->samples[t->nsamples - 1].raw < t->merged) {
		struct ticky_sample *last = &t->samples[t->nsamples - 1];
		last->time = time;
		last->raw++;
		return b->open = true;
	}
	struct ticky_sample s = { .time = time, .off = t->nbytes, .raw = 1 };
	b->open = vec_push(t->samples, t->nsamples, t->scap, s);
	return b->open;
}

static bool counter_sample(struct tb *b, const struct ev *e)
{
	struct ticky *t = b->t;
	t->nraw++;
	if (!b->open && !begin_sample(b, e->time)) /* a 211 before any 212 */
		return false;
	struct ticky_counts d = { e->f[1].u, e->f[2].u, e->f[3].u };
	long c = counter_of(t, e->f[0].u);
	if (c == -2) { /* left out: no room for its counter */
		t->left_samples++;
		t->left.entries += d.entries;
		t->left.allocs += d.allocs;
		t->left.allocd += d.allocd;
		return true;
	}
	if (c < 0 || !vec_grow((void **)&t->bytes, &t->bcap, t->nbytes + 40, 1))
		return false;
	struct ticky_counter *k = &t->ctr[c];
	k->total.entries += d.entries;
	k->total.allocs += d.allocs;
	k->total.allocd += d.allocd;
	k->nsamples++;
	t->nbytes += put_delta(t->bytes + t->nbytes, (uint32_t)c, &d);
	/* a sample that names its counters again and again (no 212 between)
	 * is folded before it holds twice as many deltas as there are counters */
	if (++t->samples[t->nsamples - 1].n > 2 * t->nctr + 64)
		fold(t);
	return true;
}

/* id, arity, kinds, name, [itbl], [json]. The decoder leaves an absent
 * itbl 0 and an absent json string empty at the end of the name (nothing
 * after it) or of the itbl (8 bytes after it): where the json field
 * starts says whether the itbl was there. */
static bool counter_def(struct tb *b, const struct ev *e)
{
	struct ticky *t = b->t;
	long c = counter_of(t, e->f[0].u);
	if (c == -2) {
		t->left_defs++;
		return true;
	}
	if (c < 0)
		return false;
	struct ticky_counter *k = &t->ctr[c];
	if (k->defined)
		return true; /* the first definition holds */
	k->defined = true;
	k->defseq = t->ndefs++;
	k->arity = (uint16_t)e->f[1].u;
	k->kinds = e->f[2].s, k->nkinds = (uint32_t)e->f[2].u;
	k->name = e->f[3].s, k->nname = (uint32_t)e->f[3].u;
	k->itbl = e->f[4].u;
	const uint8_t *name_end = e->f[3].s ? e->f[3].s + e->f[3].u + 1 : NULL;
	k->has_itbl = k->itbl != 0 || (name_end && e->f[5].s && e->f[5].s >= name_end + 8);
	return true;
}

static bool ticky_feed(struct tb *b, const struct ev *e)
{
	switch (e->tag) {
	case EV_TICKY_COUNTER_DEF:
		return e->nf >= 6 ? counter_def(b, e) : true;
	case EV_TICKY_SAMPLE:
		return counter_sample(b, e);
	case EV_TICKY_BEGIN:
		b->t->nbegins++;
		return begin_sample(b, e->time);
	case EV_IPE:
		ipe_note(&b->t->ipe, e->f[0].u, e->off);
		return true; /* a lost entry is a missing location, said by nomem */
	}
	return true;
}

/* qsort has no context argument: ticky_sort_ids's, for its thread */
static _Thread_local struct {
	const struct ticky *t;
	const struct ticky_counts *sum;
	enum ticky_sort by;
} sort_ctx;

static int cmp_largest(uint64_t x, uint64_t y)
{
	return cmp_u64(y, x);
}

static int ticky_cmp_ids(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	const struct ticky_counter *x = &sort_ctx.t->ctr[a], *y = &sort_ctx.t->ctr[b];
	const struct ticky_counts *sa = sort_ctx.sum ? &sort_ctx.sum[a] : NULL;
	const struct ticky_counts *sb = sort_ctx.sum ? &sort_ctx.sum[b] : NULL;
	int r = 0;
	switch (sort_ctx.by) {
	case TICKY_BY_ENTRIES: r = cmp_largest(sa->entries, sb->entries); break;
	case TICKY_BY_ALLOC: r = cmp_largest(sa->allocs, sb->allocs); break;
	case TICKY_BY_ALLOCD: r = cmp_largest(sa->allocd, sb->allocd); break;
	case TICKY_BY_NAME: r = cmp_bytes(x->name, x->nname, y->name, y->nname); break;
	default: break;
	}
	if (r)
		return r;
	if (x->defined != y->defined)
		return x->defined ? -1 : 1;
	return cmp_then(cmp_u64(x->defseq, y->defseq), cmp_u64(a, b));
}

void ticky_sort_ids(const struct ticky *t, const struct ticky_counts *sum, enum ticky_sort by,
		    uint32_t *ids, size_t n)
{
	if ((by == TICKY_BY_ENTRIES || by == TICKY_BY_ALLOC || by == TICKY_BY_ALLOCD) && !sum)
		by = TICKY_BY_DEF;
	sort_ctx.t = t;
	sort_ctx.sum = sum;
	sort_ctx.by = by;
	qsort(ids, n, sizeof *ids, ticky_cmp_ids);
	sort_ctx.t = NULL;
	sort_ctx.sum = NULL;
}

/* The IPE index was full: it is read again for the counters' info tables
 * only. */
static bool ticky_refill_ipe(struct ticky *t, const struct store *s)
{
	uint64_t *want = xmallocarray(t->nctr ? t->nctr : 1, sizeof *want);
	if (!want)
		return false;
	size_t n = 0;
	for (size_t i = 0; i < t->nctr; i++)
		if (t->ctr[i].has_itbl)
			want[n++] = t->ctr[i].itbl;
	bool ok = ipe_refill(&t->ipe, s, want, n);
	free(want);
	return ok;
}

static bool ticky_finish(struct ticky *t, const struct store *s)
{
	t->order = xmallocarray(t->nctr ? t->nctr : 1, sizeof *t->order);
	if (!t->order)
		return false;
	for (size_t i = 0; i < t->nctr; i++) {
		t->order[i] = (uint32_t)i;
		t->nundefined += !t->ctr[i].defined;
	}
	if (t->nsamples)
		fold_last(t);
	ticky_sort_ids(t, NULL, TICKY_BY_DEF, t->order, t->nctr);
	ipe_finish(&t->ipe);
	if (t->ipe.over && !ticky_refill_ipe(t, s))
		return false;
	t->nomem = t->nomem || t->ipe.nomem;
	return true;
}

bool ticky_build(struct ticky *t, const struct store *s)
{
	memset(t, 0, sizeof *t);
	t->merged = 1;
	t->tmin = s->tmin;
	uint64_t whole = s->size / 20 > TICKY_MIN_BUDGET ? s->size / 20 : TICKY_MIN_BUDGET;
	t->budget = ticky_budget_override ? ticky_budget_override : whole;
	uint64_t maxctr = ticky_counters_override ? ticky_counters_override
			: whole / 2 / TICKY_CTR_COST;
	t->maxctr = (size_t)(maxctr < UINT32_MAX - 1 ? maxctr : UINT32_MAX - 1);
	static const uint16_t ipe_tag = EV_IPE;
	struct merge *m = merge_new_tags(s, 0, CLASS_BIT(CL_TICKY), &ipe_tag, 1);
	if (!m)
		return false;
	struct tb b = { .t = t };
	const struct ev *e;
	int32_t cap;
	bool ok = true;
	while (ok && (e = merge_next(m, &cap)) != NULL && !store_faulted(s))
		if (e->layout != SEL_UNKNOWN_LAYOUT && !(e->bad & (BAD_LEN | BAD_TICKY_LEN)))
			ok = ticky_feed(&b, e);
	ok = ok && !merge_failed(m) && ticky_finish(t, s);
	merge_free(m);
	if (!ok)
		ticky_free(t);
	return ok;
}

void ticky_free(struct ticky *t)
{
	free(t->ctr);
	free(t->order);
	free(t->samples);
	free(t->bytes);
	free(t->hkeys);
	free(t->hvals);
	ipe_free(&t->ipe);
	memset(t, 0, sizeof *t);
}

/* ---- queries ---- */

void ticky_sample_each(const struct ticky *t, size_t k,
		       void (*each)(void *ctx, uint32_t ctr, const struct ticky_counts *c),
		       void *ctx)
{
	size_t at = (size_t)t->samples[k].off;
	for (uint32_t i = 0; i < t->samples[k].n; i++) {
		struct ticky_counts d;
		uint32_t c = get_delta(t->bytes, &at, &d);
		each(ctx, c, &d);
	}
}

static bool ticky_sample_before(const void *elem, const void *key)
{
	return ((const struct ticky_sample *)elem)->time < *(const uint64_t *)key;
}

size_t ticky_sample_from(const struct ticky *t, uint64_t from)
{
	return lower_bound(t->samples, t->nsamples, sizeof *t->samples, &from, ticky_sample_before);
}

static void add_to(void *ctx, uint32_t c, const struct ticky_counts *d)
{
	struct ticky_counts *o = &((struct ticky_counts *)ctx)[c];
	o->entries += d->entries;
	o->allocs += d->allocs;
	o->allocd += d->allocd;
}

size_t ticky_window(const struct ticky *t, uint64_t from, uint64_t to, struct ticky_counts *out)
{
	memset(out, 0, t->nctr * sizeof *out);
	size_t n = 0;
	for (size_t k = ticky_sample_from(t, from); k < t->nsamples && t->samples[k].time <= to;
	     k++, n++)
		ticky_sample_each(t, k, add_to, out);
	return n;
}

/* Counter c's value of field in sample k (0 when the sample has none). */
static uint64_t sample_value(const struct ticky *t, size_t k, uint32_t c, enum ticky_field f)
{
	size_t at = (size_t)t->samples[k].off;
	uint64_t v = 0;
	for (uint32_t i = 0; i < t->samples[k].n; i++) {
		struct ticky_counts d;
		if (get_delta(t->bytes, &at, &d) == c)
			v += ticky_get(&d, f);
	}
	return v;
}

/* v spread evenly over [a, b] into the bins of [from, to) (width w ns). */
static void spread(double *out, size_t nbins, uint64_t from, uint64_t to, double w, uint64_t a,
		   uint64_t b, double v)
{
	if (b <= a) { /* no length: all at b */
		if (b >= from && b < to) {
			size_t i = (size_t)((double)(b - from) / w);
			out[i < nbins ? i : nbins - 1] += v;
		}
		return;
	}
	uint64_t lo = a > from ? a : from, hi = b < to ? b : to;
	if (lo >= hi)
		return;
	double per = v / (double)(b - a);
	size_t b0 = (size_t)((double)(lo - from) / w);
	for (size_t i = b0 < nbins ? b0 : nbins - 1; i < nbins; i++) {
		double s = (double)from + (double)i * w, e = s + w;
		double x0 = (double)lo > s ? (double)lo : s, x1 = (double)hi < e ? (double)hi : e;
		if (x1 > x0)
			out[i] += per * (x1 - x0);
		if (e >= (double)hi)
			break;
	}
}

double ticky_series(const struct ticky *t, uint32_t c, enum ticky_field field, uint64_t from,
		    uint64_t to, size_t nbins, double *out)
{
	for (size_t i = 0; i < nbins; i++)
		out[i] = 0;
	if (!nbins || to <= from || c >= t->nctr)
		return 0;
	double w = (double)(to - from) / (double)nbins;
	for (size_t k = ticky_sample_from(t, from); k < t->nsamples; k++) {
		uint64_t a = k ? t->samples[k - 1].time : t->tmin, b = t->samples[k].time;
		if (a >= to)
			break;
		uint64_t v = sample_value(t, k, c, field);
		if (v)
			spread(out, nbins, from, to, w, a, b, (double)v);
	}
	double max = 0, secs = w / 1e9;
	for (size_t i = 0; i < nbins; i++) {
		out[i] /= secs;
		if (out[i] > max)
			max = out[i];
	}
	return max;
}

bool ticky_ipe(const struct ticky *t, const struct store *s, uint32_t c, struct ipe *out)
{
	if (c >= t->nctr || !t->ctr[c].has_itbl) {
		memset(out, 0, sizeof *out);
		return false;
	}
	return ipe_lookup(&t->ipe, s, t->ctr[c].itbl, out);
}
