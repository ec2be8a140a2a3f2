/* table_counts: the event_counts table, how many events of each type each
 * capability has: what `SELECT name, class, cap, count(*) FROM events
 * GROUP BY type, cap` gives, without the merge, the decoding or SQLite's
 * sort. The index counted them as it read the log (store_counts): the
 * producer takes its counts, those of the classes wanted. Where the index
 * gave up counting (a hostile file's many capabilities or types), it
 * counts them at open in one pass over the segments in file order (the
 * items the merge would give, their headers alone: tag and size, the
 * capability from the block markers), a class limit skipping the segments
 * and the checkpoint intervals without it, as a filtered merge does.
 * Either way into a table of (capability, type) pairs; rows by type, then
 * capability (none first). */
#include "table.h"

#include <stdlib.h>

#include "store.h"

enum { CN_NAME, CN_CLASS, CN_CAP, CN_COUNT, CN_TYPE };

static const struct table_col cols[] = {
	[CN_NAME] = { "name", TABLE_TEXT, "", "the event type's description in the header" },
	[CN_CLASS] = { "class", TABLE_TEXT, "", "the viewer's event class, as events has it" },
	[CN_CAP] = { "cap", TABLE_INT, "", "the capability (NULL: events of none)" },
	[CN_COUNT] = { "count", TABLE_INT, "", "how many events of the type it has" },
	[CN_TYPE] = { "type", TABLE_INT, "", "the event type id, as the header declares it" },
};

/* A (capability, type) pair and its count; key 0: an empty slot. */
struct slot {
	uint64_t key; /* (cap + 2) << 16 | tag: never 0 (EV_NO_CAP is -1) */
	uint64_t n;
};

struct cn_cursor {
	struct table_cursor base;
	const struct store *s;
	struct slot *v; /* the hash table, then the pairs sorted at its start */
	size_t cap, n, i;
};

static uint64_t counts_key_of(int32_t cap, uint16_t tag)
{
	return (uint64_t)((int64_t)cap + 2) << 16 | tag;
}

static bool counts_grow(struct cn_cursor *c)
{
	size_t cap = c->cap ? c->cap * 2 : 256;
	struct slot *v = calloc(cap, sizeof *v);
	if (!v)
		return false;
	for (size_t i = 0; i < c->cap; i++) {
		if (!c->v[i].key)
			continue;
		size_t h = (size_t)(c->v[i].key * 0x9E3779B97F4A7C15u >> 20) & (cap - 1);
		while (v[h].key)
			h = (h + 1) & (cap - 1);
		v[h] = c->v[i];
	}
	free(c->v);
	c->v = v;
	c->cap = cap;
	return true;
}

/* Adds n events of key; false when out of memory. */
static bool counts_add(struct cn_cursor *c, uint64_t key, uint64_t n)
{
	if ((c->n + 1) * 2 > c->cap && !counts_grow(c))
		return false;
	size_t h = (size_t)(key * 0x9E3779B97F4A7C15u >> 20) & (c->cap - 1);
	while (c->v[h].key && c->v[h].key != key)
		h = (h + 1) & (c->cap - 1);
	if (!c->v[h].key) {
		c->v[h].key = key;
		c->n++;
	}
	c->v[h].n += n;
	return true;
}

/* The run of one capability and type being counted, added at its end: a
 * block's events come in runs of a few types. */
struct run {
	uint64_t key, n;
};

/* Counts the wanted events of segment g; false when out of memory, or when
 * the file shrank or stop was set. */
static bool count_seg(struct cn_cursor *c, const struct seg *g, const uint8_t *want,
		      uint16_t wantbits, const volatile sig_atomic_t *stop)
{
	const struct store *s = c->s;
	struct capstate cs = g->cs;
	uint64_t off = g->off;
	size_t ck = g->ck0, ckend = g->ck0 + g->nck;
	struct run r = { 0, 0 };
	unsigned steps = 0;
	while (off < g->end) {
		/* at a checkpoint: when nothing up to the next one is wanted,
		 * jump there (its capability state is kept), as the merge does */
		while (ck < ckend && off >= s->ckpts[ck].off) {
			if (!want || (s->ckpts[ck].classes & wantbits)) {
				ck++;
				break;
			}
			ck++;
			off = ck < ckend ? s->ckpts[ck].off : g->end;
			if (ck < ckend)
				cs = s->ckpts[ck].cs;
		}
		if (off >= g->end)
			break;
		uint64_t t;
		uint32_t size;
		uint16_t tag;
		enum ev_status st = ev_size_fast(&s->hdr, s->map, g->end, off, &t, &size, &tag)
					    ? EV_OK
					    : ev_size(&s->hdr, s->map, g->end, off, &t, &size, &tag);
		if (st == EV_DATAEND) {
			off += 2;
			continue;
		}
		if (st != EV_OK)
			break; /* the index said otherwise; the merge stops this run too */
		int32_t cap = ev_capstate_step_at(&cs, &s->hdr, s->map, off, tag, size);
		off += size;
		if (want && !want[tag])
			continue;
		uint64_t key = counts_key_of(cap, tag);
		if (key != r.key) {
			if (r.n && !counts_add(c, r.key, r.n))
				return false;
			r = (struct run){ key, 0 };
		}
		r.n++;
		if ((++steps & 0xFFFF) == 0 && ((stop && *stop) || store_faulted(s)))
			return false;
	}
	return !r.n || counts_add(c, r.key, r.n);
}

/* The index's counts, those of the wanted types (want NULL: all). */
struct from_index {
	struct cn_cursor *c;
	const uint8_t *want;
	bool failed;
};

static void take_count(void *ctx, int32_t cap, uint16_t tag, uint64_t n)
{
	struct from_index *f = ctx;
	if ((!f->want || f->want[tag]) && !f->failed && !counts_add(f->c, counts_key_of(cap, tag), n))
		f->failed = true;
}

/* The wanted events counted by a pass over the segments: false when out
 * of memory or stopped. */
static bool count_pass(struct cn_cursor *c, const struct table_data *d, const uint8_t *want,
		       uint16_t wantbits)
{
	const struct store *s = d->s;
	for (size_t k = 0; k < s->nsegs; k++) {
		const struct seg *g = &s->segs[k];
		if (want && !(g->classes & wantbits))
			continue; /* none of its events is wanted */
		if (!count_seg(c, g, want, wantbits, d->stop))
			return false;
	}
	return true;
}

static int cmp_slot(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;
	uint16_t tx = (uint16_t)x->key, ty = (uint16_t)y->key;
	if (tx != ty)
		return tx < ty ? -1 : 1;
	return (x->key > y->key) - (x->key < y->key);
}

static void cn_close(struct table_cursor *base)
{
	struct cn_cursor *c = (struct cn_cursor *)base;
	free(c->v);
	free(c);
}

static struct table_cursor *cn_open(const struct table_data *d, const struct table_limits *l)
{
	const struct store *s = d->s;
	struct cn_cursor *c = calloc(1, sizeof *c);
	uint8_t *want = NULL;
	if (!c || !counts_grow(c))
		goto fail;
	class_set classes = l->classes & CLASS_ALL;
	uint16_t wantbits = store_want_bits(s, classes, NULL, 0);
	if (classes != CLASS_ALL && s->hdr.nsel) {
		if (!(want = malloc(s->hdr.nsel)))
			goto fail;
		for (uint32_t t = 0; t < s->hdr.nsel; t++)
			want[t] = (classes & CLASS_BIT(class_of((uint16_t)t))) != 0;
	}
	c->s = s;
	struct from_index f = { c, want, false };
	if (store_counts(s, take_count, &f) ? f.failed : !count_pass(c, d, want, wantbits)) {
		c->base.stopped = d->stop && *d->stop;
		c->base.failed = true;
	}
	free(want);
	/* the pairs to the table's start, in the rows' order */
	size_t n = 0;
	for (size_t i = 0; i < c->cap; i++)
		if (c->v[i].key)
			c->v[n++] = c->v[i];
	qsort(c->v, n, sizeof *c->v, cmp_slot);
	c->n = n;
	return &c->base;
fail:
	free(want);
	if (c)
		cn_close(&c->base);
	return NULL;
}

static bool cn_next(struct table_cursor *base)
{
	struct cn_cursor *c = (struct cn_cursor *)base;
	if (base->failed || c->i >= c->n)
		return false;
	c->i++;
	return true;
}

static void cn_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct cn_cursor *c = (struct cn_cursor *)base;
	const struct slot *p = &c->v[c->i - 1];
	uint16_t tag = (uint16_t)p->key;
	int64_t cap = (int64_t)(p->key >> 16) - 2;
	const char *cl;
	switch (col) {
	case CN_NAME:
		/* the last declaration of it, as the decoder takes the last */
		for (size_t i = c->s->hdr.ntypes; i-- > 0;)
			if (c->s->hdr.types[i].num == tag) {
				table_set_text(v, c->s->hdr.types[i].desc, c->s->hdr.types[i].desc_len);
				return;
			}
		table_set_null(v);
		return;
	case CN_CLASS:
		cl = class_name(class_of(tag));
		table_set_text(v, cl, __builtin_strlen(cl));
		return;
	case CN_CAP:
		if (cap == EV_NO_CAP)
			table_set_null(v);
		else
			table_set_int(v, cap);
		return;
	case CN_COUNT: table_set_int(v, (int64_t)p->n); return;
	case CN_TYPE: table_set_int(v, tag); return;
	default: table_set_null(v); return;
	}
}

const struct table_def table_event_counts = {
	.name = "event_counts",
	.doc = "How many events of each type each capability has: the events table grouped by "
	       "type and capability, as the index counted them while reading the log.",
	.cols = cols,
	.ncols = sizeof cols / sizeof cols[0],
	.needs = TABLE_NEEDS_STORE,
	.by = TABLE_BY_CLASS,
	.time_col = -1,
	.cap_col = -1,
	.class_col = CN_CLASS,
	.open = cn_open,
	.next = cn_next,
	.value = cn_value,
	.close = cn_close,
};
