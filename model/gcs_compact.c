/* The compact list of every collection, where the tracks' list stopped
 * (gcs_compact.h), and the panes' one way to the collections. */
#define _GNU_SOURCE /* qsort_r */
#include "gcs_compact.h"

#include <stdlib.h>
#include <string.h>

#include "gcs_stream.h"
#include "order.h"
#include "vec.h"

uint64_t gcs_compact_budget(uint64_t size, uint64_t tracks_bytes)
{
	uint64_t own = size / 40 + (2u << 20);
	uint64_t taken = tracks_bytes + size / 100 + 1000000, promise = size / 20 + 10000000;
	uint64_t left = promise > taken ? promise - taken : 0;
	return own < left ? own : left;
}

void gcs_compact_free(struct gcs_compact *c)
{
	free(c->v);
	free(c->by_pause);
	memset(c, 0, sizeof *c);
}

/* The capabilities in a row's caps text ("-": none). */
static uint16_t caps_count(const char *caps)
{
	if (!strcmp(caps, "-") || !*caps)
		return 0;
	uint16_t n = 1;
	for (; *caps; caps++)
		n += *caps == ',';
	return n;
}

static int cmp_by_pause(const void *a, const void *b, void *arg)
{
	const struct gcc *v = arg;
	const struct gcc *x = &v[*(const uint32_t *)a], *y = &v[*(const uint32_t *)b];
	if (x->pause != y->pause)
		return x->pause > y->pause ? -1 : 1;
	return (x->start > y->start) - (x->start < y->start);
}

/* c->v in the order of their start, one more row while it fits. */
static bool read_rows(struct gcs_compact *c, const struct store *s, uint64_t budget)
{
	const uint64_t each = sizeof *c->v + sizeof *c->by_pause;
	struct gcs_stream *g = gcs_stream_new(s, 0);
	if (!g)
		return false;
	gcs_stream_limit(g, budget / 4); /* its own memory, within the budget too */
	struct gcs_row r;
	size_t cap = 0;
	bool ok = true;
	while (ok && gcs_stream_next(g, &r)) {
		if (c->n == cap) {
			size_t want = cap ? cap * 2 : 1024;
			if ((uint64_t)want * each > budget)
				want = (size_t)(budget / each);
			struct gcc *nv = want > cap ? xreallocarray(c->v, want, sizeof *nv) : NULL;
			if (!nv) {
				ok = false; /* past the budget, or out of memory */
				break;
			}
			c->v = nv;
			cap = want;
		}
		c->v[c->n++] = (struct gcc){ .start = r.start, .end = r.end, .pause = r.pause,
					     .span_start = r.span_start, .span_end = r.span_end,
					     .copied = r.copied, .cap = r.cap, .gen = (int16_t)r.gen,
					     .ncaps = caps_count(r.caps) };
		if (r.gen > c->maxgen)
			c->maxgen = r.gen;
	}
	ok = ok && !gcs_stream_failed(g);
	gcs_stream_free(g);
	return ok;
}

bool gcs_compact_build(struct gcs_compact *c, const struct store *s, uint64_t budget)
{
	gcs_compact_free(c);
	bool ok = read_rows(c, s, budget) && c->n <= UINT32_MAX;
	if (ok && c->n) {
		struct gcc *fit = xreallocarray(c->v, c->n, sizeof *fit);
		c->v = fit ? fit : c->v;
		c->by_pause = xmallocarray(c->n, sizeof *c->by_pause);
		ok = c->by_pause != NULL;
	}
	if (!ok) {
		gcs_compact_free(c);
		return false;
	}
	for (size_t i = 0; i < c->n; i++)
		c->by_pause[i] = (uint32_t)i;
	qsort_r(c->by_pause, c->n, sizeof *c->by_pause, cmp_by_pause, c->v);
	c->whole = true;
	return true;
}

bool gcs_compact_for(struct gcs_compact *c, const struct store *s, const struct tracks *tr)
{
	gcs_compact_free(c);
	/* (collections grouped by overlap, without GC_STATS_GHC, are not
	 * formed by gcs_stream: not tried, the panes say PARTIAL) */
	return !(tr->cut & TRACKS_CUT_GCS) ||
	       (tr->ngcstats && gcs_compact_build(c, s, gcs_compact_budget(s->size, tr->bytes)));
}

/* ---- the panes' collections ---- */

bool gcsv_compact(const struct tracks *tr, const struct gcs_compact *c)
{
	return (tr->cut & TRACKS_CUT_GCS) && c && c->whole;
}

bool gcsv_whole(const struct tracks *tr, const struct gcs_compact *c)
{
	return !(tr->cut & TRACKS_CUT_GCS) || gcsv_compact(tr, c);
}

size_t gcsv_n(const struct tracks *tr, const struct gcs_compact *c)
{
	return gcsv_compact(tr, c) ? c->n : tr->ngcs;
}

struct gcc gcc_of_gc(const struct tracks *tr, const struct gc *g)
{
	const struct gcstat *st = g->stat >= 0 ? &tr->gcstats[g->stat] : NULL;
	return (struct gcc){ .start = g->start, .end = g->end, .pause = g->pause,
			     .span_start = g->span_start, .span_end = g->span_end,
			     .copied = st ? st->copied : 0, .cap = g->cap,
			     .gen = (int16_t)tracks_gc_gen(tr, g), .ncaps = (uint16_t)g->ncaps };
}

struct gcc gcsv_at(const struct tracks *tr, const struct gcs_compact *c, size_t i)
{
	return gcsv_compact(tr, c) ? c->v[i] : gcc_of_gc(tr, &tr->gcs[i]);
}

size_t gcsv_by_pause(const struct tracks *tr, const struct gcs_compact *c, size_t k)
{
	return gcsv_compact(tr, c) ? c->by_pause[k] : tr->gc_by_pause[k];
}

static bool gcc_starts_before(const void *e, const void *k)
{
	return ((const struct gcc *)e)->start < *(const uint64_t *)k;
}

static bool gc_start_before(const void *e, const void *k)
{
	return ((const struct gc *)e)->start < *(const uint64_t *)k;
}

size_t gcsv_first_from(const struct tracks *tr, const struct gcs_compact *c, uint64_t t)
{
	if (gcsv_compact(tr, c))
		return lower_bound(c->v, c->n, sizeof *c->v, &t, gcc_starts_before);
	return lower_bound(tr->gcs, tr->ngcs, sizeof *tr->gcs, &t, gc_start_before);
}

bool gcsv_major(const struct tracks *tr, const struct gcs_compact *c, const struct gcc *g)
{
	if (g->gen < 0)
		return false;
	if (tr->gens)
		return g->gen == tr->gens - 1;
	return g->gen == (gcsv_compact(tr, c) ? c->maxgen : tr->maxgen);
}

bool gcsv_next(const struct tracks *tr, const struct gcs_compact *c, uint64_t t, bool major_only,
	       size_t *i)
{
	size_t n = gcsv_n(tr, c);
	for (size_t k = t == UINT64_MAX ? n : gcsv_first_from(tr, c, t + 1); k < n; k++) {
		struct gcc g = gcsv_at(tr, c, k);
		if (!major_only || gcsv_major(tr, c, &g)) {
			*i = k;
			return true;
		}
	}
	return false;
}

bool gcsv_prev(const struct tracks *tr, const struct gcs_compact *c, uint64_t t, bool major_only,
	       size_t *i)
{
	for (size_t k = gcsv_first_from(tr, c, t); k-- > 0;) {
		struct gcc g = gcsv_at(tr, c, k);
		if (!major_only || gcsv_major(tr, c, &g)) {
			*i = k;
			return true;
		}
	}
	return false;
}

/* Nearest rank, as tracks_pause_pct. */
void gcsv_pause_pct(const struct tracks *tr, const struct gcs_compact *c, uint64_t from,
		    uint64_t to, int gen, struct pause_pct *out)
{
	if (!gcsv_compact(tr, c)) {
		tracks_pause_pct(tr, from, to, gen, out);
		return;
	}
	memset(out, 0, sizeof *out);
	size_t n = 0;
	for (size_t i = 0; i < c->n; i++) {
		const struct gcc *g = &c->v[i];
		n += g->start >= from && g->start <= to && (gen < 0 || g->gen == gen);
	}
	out->n = n;
	if (!n)
		return;
	size_t k = 0;
	for (size_t i = 0; i < c->n; i++) {
		const struct gcc *g = &c->v[c->by_pause[i]];
		if (g->start < from || g->start > to || (gen >= 0 && g->gen != gen))
			continue;
		pause_pct_take(out, n, k++, g->pause);
	}
}
