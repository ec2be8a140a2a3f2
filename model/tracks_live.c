/* The tracks of a log still being written: the serial pass of
 * tracks_build kept after its join, and fed the new events as the store
 * grows (tracks_build_live, tracks_extend). */
#include "builder.h"

#include <stdlib.h>
#include <string.h>

#include "vec.h"

static bool dup_array(void *dstp, const void *src, size_t n, size_t size)
{
	void **dst = dstp;
	*dst = NULL;
	if (!src || !n)
		return true;
	*dst = xmallocarray(n, size);
	if (!*dst)
		return false;
	memcpy(*dst, src, n * size);
	return true;
}

/* A copy of a bins array of n elements (tb_bins_new's). */
static bool dup_bins(void *dstp, const void *src, size_t n, size_t size)
{
	void **dst = dstp;
	*dst = tb_bins_new(n, size);
	if (!*dst)
		return false;
	memcpy(*dst, src, n * size);
	return true;
}

static bool dup_idmap(struct idmap *d, const struct idmap *m)
{
	*d = *m;
	d->keys = NULL;
	d->vals = NULL;
	if (!m->cap)
		return true;
	return dup_array(&d->keys, m->keys, m->cap, sizeof *m->keys) &&
	       dup_array(&d->vals, m->vals, m->cap, sizeof *m->vals);
}

/* A deep copy of a builder (for a join, which consumes what it joins);
 * array capacities become the lengths. False when out of memory (d is
 * then freed). */
static bool tb_clone(struct tb *d, const struct tb *b, uint32_t nbins)
{
	*d = *b;
	d->caps = NULL;
	d->ncaps = d->capcap = 0;
	memset(&d->capmap, 0, sizeof d->capmap);
	memset(&d->thmap, 0, sizeof d->thmap);
	d->gev = NULL, d->conc = NULL, d->stats = NULL, d->hs = NULL, d->hl = NULL;
	d->bsz = NULL, d->alloc = NULL, d->sparks = NULL, d->marks = NULL, d->th = NULL;
	d->ngev = d->nconc = d->nstats = d->nhs = d->nhl = d->nbsz = d->nalloc = 0;
	d->nsparks = d->nmarks = d->nth = 0;
	d->gevcap = d->conccap = d->stcap = d->hscap = d->hlcap = d->bszcap = 0;
	d->alcap = d->spcap = d->mkcap = d->thcap = 0;
	bool ok = dup_idmap(&d->capmap, &b->capmap) && dup_idmap(&d->thmap, &b->thmap);
#define DUP(f, nf, capf)                                                               	do {                                                                           		if (ok && (ok = dup_array(&d->f, b->f, b->nf, sizeof *b->f))) {        			d->nf = d->capf = b->nf;                                       		}                                                                      	} while (0)
	DUP(gev, ngev, gevcap);
	DUP(conc, nconc, conccap);
	DUP(stats, nstats, stcap);
	DUP(hs, nhs, hscap);
	DUP(hl, nhl, hlcap);
	DUP(bsz, nbsz, bszcap);
	DUP(alloc, nalloc, alcap);
	DUP(sparks, nsparks, spcap);
	DUP(marks, nmarks, mkcap);
	DUP(th, nth, thcap);
#undef DUP
	if (ok && b->ncaps) {
		d->caps = xcallocarray(b->ncaps, sizeof *d->caps);
		ok = d->caps != NULL;
		for (size_t i = 0; ok && i < b->ncaps; i++) {
			const struct capb *c = &b->caps[i];
			struct capb *x = &d->caps[i];
			*x = *c;
			x->run = x->gcd = NULL;
			x->st_thread = NULL;
			x->st_gc = NULL;
			x->pend = NULL;
			x->npend = x->pendcap = 0;
			d->ncaps = d->capcap = i + 1;
			size_t nb = (size_t)nbins + 1; /* (a serial pass: all of them) */
			ok = (!c->run || (dup_bins(&x->run, c->run, nb, sizeof *c->run) &&
					  dup_bins(&x->gcd, c->gcd, nb, sizeof *c->gcd) &&
					  dup_bins(&x->st_thread, c->st_thread, nb,
						   sizeof *c->st_thread) &&
					  dup_bins(&x->st_gc, c->st_gc, nb, sizeof *c->st_gc))) &&
			     dup_array(&x->pend, c->pend, c->npend, sizeof *c->pend);
			if (ok)
				x->npend = x->pendcap = c->npend;
		}
	}
	if (!ok)
		tb_free(d);
	return ok;
}

/* The builder's bins at twice their width: bin j the sum of bins 2j and
 * 2j+1, its starting state that of bin 2j. */
static void widen_bins(struct tb *b, uint32_t nbins)
{
	for (size_t i = 0; i < b->ncaps; i++) {
		struct capb *c = &b->caps[i];
		if (!c->run)
			continue;
		for (uint32_t j = 0; j <= nbins; j++) {
			uint32_t a = 2 * j, z = 2 * j + 1;
			bool in = a <= nbins;
			c->run[j] = (in ? c->run[a] : 0) + (z <= nbins ? c->run[z] : 0);
			c->gcd[j] = (in ? c->gcd[a] : 0) + (z <= nbins ? c->gcd[z] : 0);
			c->st_thread[j] = in ? c->st_thread[a] : 0;
			c->st_gc[j] = in ? c->st_gc[a] : BIN_UNSET;
		}
	}
}

/* The geometry tracks_build would choose for s now. */
static void geometry(struct tracks *g, const struct store *s, size_t ncap)
{
	memset(g, 0, sizeof *g);
	tb_choose_bins(g, s, ncap);
}

/* A growing log's bins: at least LIVE_BINS, so that they need not be made
 * again, only widened, until the log is hundreds of times bigger (a fresh
 * build chooses fewer for a small log: more would not pay for their
 * memory). The width: the smallest power of two that covers the log. */
#define LIVE_BINS 65536u
static void live_geometry(struct tracks *g, const struct store *s, size_t ncap, uint32_t nb)
{
	geometry(g, s, ncap);
	if (g->nbins >= nb)
		return;
	g->nbins = nb;
	uint64_t per_cap = (uint64_t)(nb + 1) * BIN_BYTES;
	size_t nc = ncap ? (ncap < MAX_BINNED_CAPS ? ncap : MAX_BINNED_CAPS) : 1;
	if (g->bin_budget < per_cap * nc)
		g->bin_budget = per_cap * nc;
	uint64_t need = (s->tmax - s->tmin) / nb + 1, w = 1;
	while (w < need && w <= UINT64_MAX / 2)
		w *= 2;
	g->binw = w;
}

/* Reads the segments of s from where inc stopped, reporting the bytes
 * read to p. */
static void inc_read(struct tracks_inc *inc, const struct store *s, const struct progress *p)
{
	tb_tracked_init();
	for (size_t i = inc->seg; i < s->nsegs && !inc->w.b.oom; i++) {
		const struct seg *g = &s->segs[i];
		if (g->end <= inc->off)
			continue;
		struct capstate cs = g->off >= inc->off ? g->cs : inc->cs;
		uint64_t from = g->off >= inc->off ? g->off : inc->off;
		tb_scan(&inc->w.b, from, g->end, &cs);
		progress_advance(p, g->end - from);
		inc->off = g->end;
		inc->cs = cs;
		inc->seg = i;
	}
}

/* The tracks from a copy of inc's builder (the builder goes on). */
static enum join_status inc_join(struct tracks *tr, struct tracks_inc *inc,
				 const struct store *s)
{
	memset(tr, 0, sizeof *tr);
	tr->origin = inc->geo.origin;
	tr->binw = inc->geo.binw;
	tr->nbins = inc->geo.nbins;
	tr->bin_budget = inc->geo.bin_budget;
	struct tb copy;
	if (!tb_clone(&copy, &inc->w.b, inc->geo.nbins))
		return JOIN_NOMEM;
	copy.tr = tr;
	struct tb *bs[1] = { &copy };
	enum join_status st = tb_join(tr, s, bs, 1);
	tr->bytes = inc->w.b.bytes;
	for (size_t i = 0; st == JOIN_OK && i < tr->ncaps; i++)
		if (tr->run[i])
			tr->bytes += (uint64_t)(tr->nbins + 1) * BIN_BYTES;
	tb_free(&copy);
	if (st != JOIN_OK)
		tracks_free(tr);
	return st;
}

bool tracks_build_live(struct tracks *tr, const struct store *s, const struct progress *p)
{
	memset(tr, 0, sizeof *tr);
	struct tracks_inc *inc = calloc(1, sizeof *inc);
	if (!inc)
		return false;
	inc->ncap = tb_count_caps(s);
	live_geometry(&inc->geo, s, inc->ncap, LIVE_BINS);
	uint64_t budget = tb_lists_budget(s);
	tb_init(&inc->w.b, s, &inc->geo, budget);
	inc_read(inc, s, p);
	if (inc->w.b.oom || inc_join(tr, inc, s) != JOIN_OK) {
		tb_free(&inc->w.b);
		free(inc);
		return false;
	}
	tr->inc = inc;
	return true;
}

bool tracks_extend(struct tracks *tr, const struct store *s)
{
	uint64_t extends = ++tr->extends, rebuilds = tr->extend_rebuilds;
	struct tracks_inc *inc = tr->inc;
	/* the kept bins, as wide as the log now needs (their number stays:
	 * a fresh build of a log of hundreds of millions of events would
	 * choose more, but only the lanes' fastest path reads bins alone,
	 * and a complete log is built once more as a fresh open builds it) */
	struct tracks g;
	if (inc) {
		live_geometry(&g, s, inc->ncap, inc->geo.nbins);
		g.nbins = inc->geo.nbins;
		uint64_t need = (s->tmax - s->tmin) / g.nbins + 1, w = 1;
		while (w < need && w <= UINT64_MAX / 2)
			w *= 2;
		g.binw = w;
	}
	/* the log starts earlier, or has more capabilities: build again */
	if (!inc || g.origin != inc->geo.origin || g.binw < inc->geo.binw ||
	    tb_count_caps(s) != inc->ncap) {
		struct tracks nt;
		tr->extend_rebuilds = ++rebuilds;
		if (!tracks_build_live(&nt, s, NULL))
			return false;
		tracks_free(tr);
		*tr = nt;
		tr->extends = extends;
		tr->extend_rebuilds = rebuilds;
		return true;
	}
	while (inc->geo.binw < g.binw) {
		widen_bins(&inc->w.b, inc->geo.nbins);
		inc->geo.binw *= 2;
	}
	inc->geo.bin_budget = g.bin_budget > inc->geo.bin_budget ? g.bin_budget : inc->geo.bin_budget;
	uint64_t budget = tb_lists_budget(s);
	if (budget > inc->w.b.budget)
		inc->w.b.budget = budget;
	inc->w.b.s = s;
	inc_read(inc, s, NULL);
	struct tracks nt;
	if (inc->w.b.oom || inc_join(&nt, inc, s) != JOIN_OK)
		return false;
	tr->inc = NULL; /* kept */
	tracks_free(tr);
	*tr = nt;
	tr->inc = inc;
	tr->extends = extends;
	tr->extend_rebuilds = rebuilds;
	return true;
}
