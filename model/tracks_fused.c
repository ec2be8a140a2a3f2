/* tracks_fused: the tracks pass fed by the store's index as it reads the
 * file (struct store_sink), so that an open that wants the tracks reads
 * the file once. The bins must be chosen before the pass, and
 * tracks_build chooses them from the indexed store (its event count, time
 * range and capabilities); so the pass bins by a guess from the block
 * markers and a sample of the first events, and its result is kept only
 * when the store, once indexed, chooses the same bins: else the tracks
 * are built by tracks_build. */
#include "builder.h"

#include <stdlib.h>
#include <string.h>

#define HOP_MAX (1u << 16) /* block markers read for the guess, at most (2 MB
			    * blocks: 128 GB) */
#define SAMPLE_EVENTS 4096 /* events sampled for their mean size */

struct tracks_fused {
	struct store_sink sink;
	struct tracks tr;  /* the guessed bins; the join's result */
	struct worker w[STORE_MAX_PARTS];
	unsigned nparts;   /* the parts of the index, split at... */
	uint64_t cuts[STORE_MAX_PARTS]; /* ...these offsets */
	bool begun;        /* builders ready (a guess was made) */
};

/* The first events' times and mean size from the data's start: false when
 * none decodes. */
static bool sample_events(const struct store *s, uint64_t *tmin, uint64_t *tmax, uint64_t *mean)
{
	uint64_t off = s->hdr.data_off, n = 0;
	while (n < SAMPLE_EVENTS) {
		uint64_t t;
		uint32_t size;
		uint16_t tag;
		enum ev_status st = ev_size(&s->hdr, s->map, s->size, off, &t, &size, &tag);
		if (st == EV_DATAEND) {
			off += 2;
			continue;
		}
		if (st != EV_OK)
			break;
		*tmin = t < *tmin ? t : *tmin;
		*tmax = t > *tmax ? t : *tmax;
		off += size;
		n++;
	}
	if (!n)
		return false;
	*mean = (off - s->hdr.data_off) / n;
	return *mean > 0;
}

/* The bins tracks_build will choose for s, guessed before it is indexed:
 * the time range and capabilities from hopping the block markers (to the
 * end of the chain: a last block cut short counts), the event count from
 * the first events' mean size; and the time range of each of f's parts,
 * from its blocks, into its builder. False when the data does not start
 * with a block, or the chain is too long. */
static bool guess_bins(struct tracks_fused *f, const struct store *s)
{
	struct tracks *tr = &f->tr;
	unsigned part = 0;
	const struct ev_header *h = &s->hdr;
	uint64_t tmin = UINT64_MAX, tmax = 0, mean;
	if (!ev_is_marker(h, EV_BLOCK_MARKER) || h->sel[EV_BLOCK_MARKER].fixed < EV_BLOCK_MARKER_BYTES ||
	    !sample_events(s, &tmin, &tmax, &mean))
		return false;
	struct idmap caps = { 0 };
	size_t ncap = 0, nblk = 0;
	uint64_t off = h->data_off;
	while (s->size - off >= EV_BLOCK_MARKER_BYTES && ev_tag_at(s->map, off) == EV_BLOCK_MARKER) {
		uint32_t bs = ev_block_size_at(s->map, off);
		if (bs < EV_BLOCK_MARKER_BYTES || ++nblk > HOP_MAX)
			break;
		uint64_t t0 = be64(s->map + off + 2), t1 = ev_block_end_at(s->map, off);
		uint16_t cap = ev_block_cap_at(s->map, off);
		tmin = t0 < tmin ? t0 : tmin;
		tmax = t1 > tmax ? t1 : tmax;
		while (part + 1 < f->nparts && off >= f->cuts[part])
			part++;
		struct tb *b = &f->w[part].b;
		b->win_t0 = t0 < b->win_t0 ? t0 : b->win_t0;
		b->win_t1 = t1 > b->win_t1 ? t1 : b->win_t1;
		if (idmap_get(&caps, cap) < 0 && idmap_put(&caps, cap, ncap))
			ncap++;
		if (bs > s->size - off)
			break;
		off += bs;
	}
	idmap_free(&caps);
	if (!nblk || nblk > HOP_MAX || tmin > tmax)
		return false;
	f->w[f->nparts - 1].b.win_t1 = UINT64_MAX; /* (its states last to the end) */
	struct store g = *s; /* (only what tb_choose_bins reads is guessed) */
	g.nevents = (s->size - h->data_off) / mean;
	g.tmin = tmin;
	g.tmax = tmax;
	memset(tr, 0, sizeof *tr);
	tb_choose_bins(tr, &g, ncap ? ncap : 4);
	return true;
}

static void drop_builders(struct tracks_fused *f)
{
	for (size_t k = 0; k < STORE_MAX_PARTS; k++)
		tb_free(&f->w[k].b);
	f->begun = false;
}

/* (the builders as tracks_build makes them for these parts, over the
 * guessed bins) */
static bool fused_begin(void *ctx, const struct store *s, unsigned nparts, const uint64_t *cuts)
{
	struct tracks_fused *f = ctx;
	drop_builders(f);
	memset(f->sink.want, 0, sizeof f->sink.want);
	f->nparts = nparts;
	memcpy(f->cuts, cuts, (nparts - 1) * sizeof *cuts);
	uint64_t budget = tb_lists_budget(s);
	for (unsigned k = 0; k < nparts; k++) {
		tb_init(&f->w[k].b, s, &f->tr, budget / nparts);
		f->w[k].b.later_part = k > 0;
		f->w[k].b.windowed = nparts > 1;
	}
	if (!guess_bins(f, s)) {
		drop_builders(f);
		return false;
	}
	for (unsigned k = 0; k < nparts; k++)
		tb_want(&f->w[k].b, f->sink.want);
	f->begun = true;
	return true;
}

static void fused_run(void *ctx, const struct store_bytes *w, int32_t cap,
		      const struct store_hit *hits, size_t n, bool any, uint64_t first, uint64_t last)
{
	struct tb *b = ctx;
	if (b->s) /* (a builder tb_init made) */
		tb_feed_run(b, w, cap, hits, n, any, first, last);
}

struct tracks_fused *tracks_fused_new(void)
{
	struct tracks_fused *f = calloc(1, sizeof *f);
	if (!f)
		return NULL;
	f->sink.begin = fused_begin;
	f->sink.run = fused_run;
	f->sink.begin_ctx = f;
	for (size_t k = 0; k < STORE_MAX_PARTS; k++)
		f->sink.ctx[k] = &f->w[k].b;
	return f;
}

const struct store_sink *tracks_fused_sink(const struct tracks_fused *f)
{
	return f ? &f->sink : NULL;
}

/* Did the pass bin as tracks_build will for s? */
static bool same_bins(const struct tracks *g, const struct store *s)
{
	struct tracks x;
	memset(&x, 0, sizeof x);
	tb_choose_bins(&x, s, tb_count_caps(s));
	return x.nbins == g->nbins && x.binw == g->binw && x.origin == g->origin &&
	       x.bin_budget == g->bin_budget;
}

bool tracks_fused_kept(const struct tracks_fused *f, const struct store *s)
{
	return f && f->begun && f->nparts == s->nparts &&
	       !memcmp(f->cuts, s->cuts, (s->nparts - 1) * sizeof *s->cuts) && same_bins(&f->tr, s);
}

bool tracks_fused_build(struct tracks_fused *f, struct tracks *tr, const struct store *s)
{
	return tracks_fused_build_progress(f, tr, s, NULL);
}

bool tracks_fused_build_progress(struct tracks_fused *f, struct tracks *tr, const struct store *s,
				 const struct progress *p)
{
	if (!tracks_fused_kept(f, s)) {
		tracks_fused_free(f);
		return tracks_build_progress(tr, s, p);
	}
	/* the builders took the store's address before it was indexed */
	enum join_status st = tb_join_pass(&f->tr, s, f->w, s->nparts);
	bool ok = tb_build_end(&f->tr, s, f->w, s->nparts, st, p);
	f->tr.fused = ok && st != JOIN_SERIAL;
	*tr = f->tr;
	memset(&f->tr, 0, sizeof f->tr);
	free(f);
	return ok;
}

void tracks_fused_free(struct tracks_fused *f)
{
	if (!f)
		return;
	drop_builders(f);
	tracks_free(&f->tr);
	free(f);
}
