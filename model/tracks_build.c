/* tracks_build: the pass (on one thread, or one per part of the index,
 * builder.c), the stitch of its parts (stitch.c), and the join of the
 * builders' results into struct tracks, step by step. A log still being
 * written: tracks_live.c. */
#include "builder.h"

#include <stdlib.h>
#include <string.h>

#include "order.h"
#include "threads.h"
#include "vec.h"

/* Memory: the lists may take 2.5% of the file (at least MIN_BUDGET), the
 * bins 2.5% (at least MIN_BIN_BUDGET); what they allocate is charged, growth
 * of the arrays included, and so is what the join takes to sort the threads
 * and to build the collections from the GC events. The join moves the
 * builders' lists, it never copies them, so that these budgets bound the
 * peak (README: peak anonymous memory within 5% of the file plus 10 MB). */
#define LISTS_SHARE 40 /* the lists: 1/40 of the file */
#define MIN_BUDGET (8u << 20)
#define MIN_BIN_BUDGET (1u << 20)

uint64_t tb_lists_budget(const struct store *s)
{
	return s->size / LISTS_SHARE > MIN_BUDGET ? s->size / LISTS_SHARE : MIN_BUDGET;
}

static int capb_cmp_cap(const void *a, const void *b)
{
	const struct capb *x = a, *y = b;
	return cmp_then(cmp_i64(x->cap, y->cap), cmp_u64(x->part, y->part));
}

static int cmp_stat(const void *a, const void *b)
{
	const struct gcstat *x = a, *y = b;
	return cmp_u64(x->time, y->time);
}

static int cmp_sample(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;
	return cmp_u64(x->time, y->time);
}

static int cmp_capsample(const void *a, const void *b)
{
	const struct capsample *x = a, *y = b;
	return cmp_then(cmp_i64(x->cap, y->cap), cmp_u64(x->time, y->time));
}

static int cmp_mark(const void *a, const void *b)
{
	const struct mark *x = a, *y = b;
	return cmp_then(cmp_u64(x->time, y->time), cmp_u64(x->off, y->off));
}

/* Moves th[k] down the max-heap th[0..n) by id. */
static void sift_thread(struct thread_info *th, size_t k, size_t n)
{
	struct thread_info x = th[k];
	for (;;) {
		size_t c = 2 * k + 1;
		if (c >= n)
			break;
		if (c + 1 < n && th[c + 1].id > th[c].id)
			c++;
		if (th[c].id <= x.id)
			break;
		th[k] = th[c];
		k = c;
	}
	th[k] = x;
}

/* Sorts threads by id in place (qsort would take a copy of the table:
 * glibc's merge sort allocates one). Not stable: merge_thread does not
 * depend on the order of two entries of one id. */
static void sort_threads(struct thread_info *th, size_t n)
{
	for (size_t k = n / 2; k-- > 0;) /* heapify, then pop the largest */
		sift_thread(th, k, n);
	for (size_t end = n; end > 1;) {
		end--;
		struct thread_info t = th[0];
		th[0] = th[end];
		th[end] = t;
		sift_thread(th, 0, end);
	}
}

/* Moves the arrays of n builders into one: the first builder's array,
 * resized in place where realloc can (to the total: the unused capacity of
 * its last doubling is given back), the others appended and freed, so that
 * no list stands twice. The builders take nothing after the join. Returns
 * JOIN_NOMEM from the caller when out of memory (the builders keep their
 * arrays then). */
#define JOIN(dst, ndst, field, nfield, capfield, bs, nb)                             \
	do {                                                                         \
		size_t total_ = 0;                                                   \
		for (size_t i_ = 0; i_ < (nb); i_++)                                 \
			total_ += (bs)[i_]->nfield;                                  \
		(dst) = xreallocarray((bs)[0]->field, total_, sizeof *(dst));        \
		if (!(dst))                                                          \
			return JOIN_NOMEM;                                           \
		(ndst) = (bs)[0]->nfield;                                            \
		(bs)[0]->field = NULL;                                               \
		(bs)[0]->nfield = (bs)[0]->capfield = 0;                             \
		for (size_t i_ = 1; i_ < (nb); i_++) {                               \
			if ((bs)[i_]->nfield)                                        \
				memcpy((dst) + (ndst), (bs)[i_]->field,              \
				       (bs)[i_]->nfield * sizeof *(dst));            \
			(ndst) += (bs)[i_]->nfield;                                  \
			free((bs)[i_]->field);                                       \
			(bs)[i_]->field = NULL;                                      \
			(bs)[i_]->nfield = (bs)[i_]->capfield = 0;                   \
		}                                                                    \
	} while (0)

/* ---- capabilities ---- */

/* The time of capability cap's last event, over the builders. */
static uint64_t cap_last_event(struct tb **bs, size_t nb, int32_t cap)
{
	uint64_t t = 0;
	for (size_t i = 0; i < nb; i++) {
		long k = idmap_get(&bs[i]->capmap, (uint32_t)cap);
		if (k >= 0 && bs[i]->caps[k].ev_any && bs[i]->caps[k].ev_last > t)
			t = bs[i]->caps[k].ev_last;
	}
	return t;
}

/* A state lasts until the capability's last event: after it the log has no
 * data (a crash, a cut). */
static void close_cap(const struct tracks *tr, struct tb **bs, size_t nb, size_t i,
		      struct capb *c)
{
	uint64_t end = cap_last_event(bs, nb, c->cap);
	if (c->seen && end >= c->since)
		tb_account(tr, c, c->since, end);
	if (c->seen)
		tb_state_after(tr, c, end > c->since ? end : c->since);
	if (c->running) /* still running at the end: count it */
		tb_stop_running(bs[i], c, end);
}

/* Every builder's capabilities, each one's last state closed, moved into
 * one array (bins included) sorted by capability, then part. NULL when out
 * of memory (a part's bins could not grow included). */
static struct capb *gather_caps(const struct tracks *tr, struct tb **bs, size_t nb, size_t *n)
{
	size_t ncaps = 0;
	for (size_t i = 0; i < nb; i++)
		ncaps += bs[i]->ncaps;
	struct capb *caps = xmallocarray(ncaps, sizeof *caps);
	if (!caps)
		return NULL;
	ncaps = 0;
	for (size_t i = 0; i < nb; i++) {
		for (size_t k = 0; k < bs[i]->ncaps; k++) {
			struct capb *c = &bs[i]->caps[k];
			if (!c->continued)
				close_cap(tr, bs, nb, i, c);
			c->part = (unsigned)i;
			caps[ncaps++] = *c;
			c->run = c->gcd = NULL; /* moved */
			c->st_thread = NULL;
			c->st_gc = NULL;
			c->bn = 0;
		}
	}
	for (size_t i = 0; i < ncaps; i++) {
		if (caps[i].bins_nomem) {
			for (size_t k = 0; k < ncaps; k++)
				tb_capb_free_bins(&caps[k]);
			free(caps);
			return NULL;
		}
	}
	qsort(caps, ncaps, sizeof *caps, capb_cmp_cap);
	*n = ncaps;
	return caps;
}

/* A capability in two parts (d's before x's): x's extent and bins added
 * to d's (one set of bins, all of them, the sums of both); x's bins are
 * freed or moved. False when out of memory. */
static bool merge_cap(const struct tracks *tr, struct capb *d, struct capb *x)
{
	if (x->ev_any) {
		if (!d->ev_any || x->ev_first < d->ev_first)
			d->ev_first = x->ev_first;
		if (!d->ev_any || x->ev_last > d->ev_last)
			d->ev_last = x->ev_last;
		d->ev_any = true;
	}
	if (d->binned && x->binned) {
		if (!tb_bins_cover(tr, d, 0, tr->nbins))
			return false;
		for (uint32_t j = 0; j < x->bn; j++) { /* d holds bins from 0 */
			uint32_t i = x->blo + j;
			d->run[i] += x->run[j];
			d->gcd[i] += x->gcd[j];
			if (d->st_gc[i] == BIN_UNSET) {
				d->st_gc[i] = x->st_gc[j];
				d->st_thread[i] = x->st_thread[j];
			}
		}
	} else if (!d->binned && x->binned) {
		d->binned = true;
		d->run = x->run, d->gcd = x->gcd;
		d->st_thread = x->st_thread, d->st_gc = x->st_gc;
		d->blo = x->blo, d->bn = x->bn;
		x->run = x->gcd = NULL;
		x->st_thread = NULL;
		x->st_gc = NULL;
	}
	tb_capb_free_bins(x);
	return true;
}

/* Bins no part set (before the capability's first event) to idle, and the
 * per-bin times to prefix sums: run[i] = time before bin i. */
static void finish_bins(const struct tracks *tr, size_t i)
{
	if (tr->st_gc[i])
		for (uint32_t j = 0; j <= tr->nbins; j++)
			if (tr->st_gc[i][j] == BIN_UNSET)
				tr->st_gc[i][j] = 0;
	for (int k = 0; k < 2; k++) {
		uint64_t *v = k ? tr->gcd[i] : tr->run[i];
		if (!v)
			continue;
		uint64_t acc = 0;
		for (uint32_t j = 0; j <= tr->nbins; j++) {
			uint64_t x = v[j];
			v[j] = acc;
			acc += x;
		}
	}
}

/* The capability tables of tr, taking caps[0..n)'s bins (all of them:
 * a part's are grown to the whole run). */
static enum join_status place_caps(struct tracks *tr, struct capb *caps, size_t n)
{
	bool ok = true;
	for (size_t i = 0; i < n; i++)
		ok &= !caps[i].binned || tb_bins_cover(tr, &caps[i], 0, tr->nbins);
	tr->ncaps = n;
	tr->caps = xmallocarray(n, sizeof *tr->caps);
	tr->run = xcallocarray(n, sizeof *tr->run);
	tr->gcd = xcallocarray(n, sizeof *tr->gcd);
	tr->st_thread = xcallocarray(n, sizeof *tr->st_thread);
	tr->st_gc = xcallocarray(n, sizeof *tr->st_gc);
	tr->cap_first = xcallocarray(n, sizeof *tr->cap_first);
	tr->cap_last = xcallocarray(n, sizeof *tr->cap_last);
	if (!ok || !tr->caps || !tr->run || !tr->gcd || !tr->st_thread || !tr->st_gc ||
	    !tr->cap_first || !tr->cap_last) {
		for (size_t i = 0; i < n; i++)
			tb_capb_free_bins(&caps[i]);
		return JOIN_NOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		tr->caps[i] = caps[i].cap;
		tr->cap_first[i] = caps[i].ev_first;
		tr->cap_last[i] = caps[i].ev_last;
		tr->run[i] = caps[i].run;
		tr->gcd[i] = caps[i].gcd;
		tr->st_thread[i] = caps[i].st_thread;
		tr->st_gc[i] = caps[i].st_gc;
		finish_bins(tr, i);
	}
	return JOIN_OK;
}

static enum join_status join_caps(struct tracks *tr, struct tb **bs, size_t nb)
{
	size_t ncaps;
	struct capb *caps = gather_caps(tr, bs, nb, &ncaps);
	if (!caps)
		return JOIN_NOMEM;
	size_t u = 0;
	bool ok = true;
	/* (parts whose times go back across a cut were redone serially; a part
	 * that gave up waiting for a capability's state and assumed it right
	 * bins as the serial pass does, so only a wrong guess counts) */
	tr->state_in_order = !tr->stitch_guesses;
	for (size_t i = 0; i < ncaps; i++)
		if (caps[i].back)
			tr->state_in_order = false;
	for (size_t i = 0; i < ncaps; i++) {
		if (u && caps[u - 1].cap == caps[i].cap)
			ok &= merge_cap(tr, &caps[u - 1], &caps[i]);
		else
			caps[u++] = caps[i];
	}
	if (!ok) {
		for (size_t i = 0; i < ncaps; i++)
			tb_capb_free_bins(&caps[i]);
		free(caps);
		return JOIN_NOMEM;
	}
	enum join_status st = place_caps(tr, caps, u);
	free(caps);
	return st;
}

/* ---- lists, threads, collections ---- */

static enum join_status join_lists(struct tracks *tr, struct tb **bs, size_t nb)
{
	JOIN(tr->gcstats, tr->ngcstats, stats, nstats, stcap, bs, nb);
	qsort(tr->gcstats, tr->ngcstats, sizeof *tr->gcstats, cmp_stat);
	JOIN(tr->heap_size, tr->nheap_size, hs, nhs, hscap, bs, nb);
	qsort(tr->heap_size, tr->nheap_size, sizeof(struct sample), cmp_sample);
	JOIN(tr->heap_live, tr->nheap_live, hl, nhl, hlcap, bs, nb);
	qsort(tr->heap_live, tr->nheap_live, sizeof(struct sample), cmp_sample);
	JOIN(tr->blocks_size, tr->nblocks_size, bsz, nbsz, bszcap, bs, nb);
	qsort(tr->blocks_size, tr->nblocks_size, sizeof(struct sample), cmp_sample);
	JOIN(tr->alloc, tr->nalloc, alloc, nalloc, alcap, bs, nb);
	qsort(tr->alloc, tr->nalloc, sizeof(struct capsample), cmp_capsample);
	JOIN(tr->sparks, tr->nsparks, sparks, nsparks, spcap, bs, nb);
	qsort(tr->sparks, tr->nsparks, sizeof(struct capsample), cmp_capsample);
	bool over = false;
	for (size_t i = 0; i < nb; i++)
		over |= bs[i]->over;
	JOIN(tr->marks, tr->nmarks, marks, nmarks, mkcap, bs, nb);
	qsort(tr->marks, tr->nmarks, sizeof *tr->marks, cmp_mark);
	tr->marks_threads = !over;
	for (size_t i = 0; i < tr->nmarks && tr->marks_threads; i++)
		tr->marks_threads = tr->marks[i].thread_known == MARK_THREAD_YES;
	return JOIN_OK;
}

static void merge_thread(struct thread_info *d, const struct thread_info *x)
{
	if (x->created < d->created)
		d->created = x->created;
	if (x->first_run < d->first_run ||
	    (x->first_run == d->first_run && x->first_cap < d->first_cap)) {
		d->first_run = x->first_run;
		d->first_cap = x->first_cap;
	}
	if (x->last_cap != EV_NO_CAP)
		tb_seen_at(d, x->last_seen, x->last_cap);
	if (x->finished < d->finished)
		d->finished = x->finished;
	/* the latest label; of two at one time, the later in the file */
	if (x->label_off && (!d->label_off || x->label_time > d->label_time ||
			     (x->label_time == d->label_time && x->label_off > d->label_off))) {
		d->label_off = x->label_off;
		d->label_len = x->label_len;
		d->label_time = x->label_time;
	}
	d->run_ns += x->run_ns;
	d->caps |= x->caps;
	d->nruns += x->nruns;
}

/* One entry per thread id, the builders' views combined. */
static enum join_status join_threads(struct tracks *tr, struct tb **bs, size_t nb)
{
	size_t nth;
	struct thread_info *th;
	JOIN(th, nth, th, nth, thcap, bs, nb);
	for (size_t i = 0; i < nb; i++) /* the builders' maps: not needed now */
		idmap_free(&bs[i]->thmap);
	sort_threads(th, nth);
	size_t w = 0;
	for (size_t i = 0; i < nth; i++) {
		if (w && th[w - 1].id == th[i].id)
			merge_thread(&th[w - 1], &th[i]);
		else
			th[w++] = th[i];
	}
	if (w < nth) { /* threads in several parts: give back the duplicates */
		struct thread_info *t = xreallocarray(th, w, sizeof *th);
		if (t)
			th = t;
	}
	tr->threads = th;
	tr->nthreads = w;
	return JOIN_OK;
}

static enum join_status join_collections(struct tracks *tr, struct tb **bs, size_t nb)
{
	struct gcev *gev;
	size_t ngev;
	JOIN(gev, ngev, gev, ngev, gevcap, bs, nb);
	bool ok = coll_build(tr, gev, ngev); /* (frees gev) */
	if (!ok)
		return JOIN_NOMEM;
	struct concev *conc;
	size_t nconc;
	JOIN(conc, nconc, conc, nconc, conccap, bs, nb);
	ok = coll_conc_phases(tr, conc, nconc);
	free(conc);
	return ok ? JOIN_OK : JOIN_NOMEM;
}

/* ---- what the run was ---- */

/* The RTS's way and the heap's figures, from every builder. */
struct facts {
	int threaded, profiled; /* -1: no identifier */
	uint64_t mret, mblock;
	bool prof_events;
};

static struct facts join_facts(struct tracks *tr, struct tb **bs, size_t nb)
{
	struct facts f = { -1, -1, 0, 0, false };
	for (size_t i = 0; i < tr->ngcstats; i++)
		if (tr->gcstats[i].gen > tr->maxgen)
			tr->maxgen = tr->gcstats[i].gen;
	for (size_t i = 0; i < nb; i++) {
		if (bs[i]->gens > tr->gens)
			tr->gens = bs[i]->gens;
		if (bs[i]->startup > tr->startup_caps)
			tr->startup_caps = bs[i]->startup;
		tr->over_budget |= bs[i]->over;
		tr->cut |= bs[i]->cut;
		if (bs[i]->rts_threaded >= 0)
			f.threaded = bs[i]->rts_threaded;
		if (bs[i]->rts_profiled >= 0)
			f.profiled = bs[i]->rts_profiled;
		f.prof_events |= bs[i]->prof_events;
		if (bs[i]->mem_return_max > f.mret)
			f.mret = bs[i]->mem_return_max;
		if (bs[i]->mblock_size)
			f.mblock = bs[i]->mblock_size;
		if (bs[i]->rts_version)
			tr->rts_version = bs[i]->rts_version;
	}
	return f;
}

static void run_kind(struct tracks *tr, const struct store *s, struct tb **bs, size_t nb)
{
	struct facts f = join_facts(tr, bs, nb);
	/* no identifier: a threaded RTS starts its IO manager threads */
	if (f.threaded < 0) {
		f.threaded = 0;
		for (size_t i = 0; i < tr->nthreads && !f.threaded; i++) {
			size_t n;
			const uint8_t *l = tracks_label(tr, s, &tr->threads[i], &n);
			f.threaded = l && n >= 9 && memcmp(l, "IOManager", 9) == 0;
		}
	}
	tr->threaded_rts = f.threaded > 0;
	tr->profiled = f.profiled >= 0 ? f.profiled > 0 : f.prof_events;
	/* peak memory: +RTS -s counts the peak of mblocks_allocated, which the
	 * RTS reaches inside a major GC just before it returns memory to the
	 * OS; HEAP_SIZE is posted after that. MEM_RETURN (GHC 9.2+) tells the
	 * size before the return. */
	for (size_t i = 0; i < tr->nheap_size; i++)
		if (tr->heap_size[i].value > tr->max_mem)
			tr->max_mem = tr->heap_size[i].value;
	if (f.mret && f.mblock && f.mret <= UINT64_MAX / f.mblock &&
	    f.mret * f.mblock > tr->max_mem)
		tr->max_mem = f.mret * f.mblock;
	tr->mem_peak_exact = f.mret > 0;
}

enum join_status tb_join(struct tracks *tr, const struct store *s, struct tb **bs, size_t nb)
{
	enum join_status st = JOIN_OK;
	if (nb > 1)
		st = stitch_parts(tr, bs, nb);
	if (st == JOIN_OK)
		st = join_caps(tr, bs, nb);
	if (st == JOIN_OK)
		st = join_lists(tr, bs, nb);
	if (st == JOIN_OK)
		st = join_threads(tr, bs, nb);
	if (st == JOIN_OK)
		st = join_collections(tr, bs, nb);
	if (st != JOIN_OK)
		return st;
	run_kind(tr, s, bs, nb);
	coll_run_phases(tr, s);
	return JOIN_OK;
}

/* ---- the pass ---- */

/* (as fine as ~32 events per bin per capability, within a budget of 2.5%
 * of the file, at least MIN_BIN_BUDGET, for all capabilities) */
void tb_choose_bins(struct tracks *tr, const struct store *s, size_t ncaps)
{
	if (ncaps == 0)
		ncaps = 1;
	if (ncaps > MAX_BINNED_CAPS)
		ncaps = MAX_BINNED_CAPS;
	uint64_t budget = s->size / 40 > MIN_BIN_BUDGET ? s->size / 40 : MIN_BIN_BUDGET;
	uint64_t per_bin = BIN_BYTES * (uint64_t)ncaps;
	uint64_t want = s->nevents / (32 * ncaps);
	uint32_t nb = 1024;
	while (nb < (1u << 20) && nb < want && (uint64_t)nb * 2 * per_bin <= budget)
		nb *= 2;
	tr->nbins = nb;
	tr->bin_budget = budget > (uint64_t)(nb + 1) * per_bin ? budget : (uint64_t)(nb + 1) * per_bin;
	tr->origin = s->tmin;
	/* the smallest power of two w with nb * w > tmax - tmin (no overflow:
	 * a hostile log can span 2^64 ns) */
	uint64_t need = (s->tmax - s->tmin) / nb + 1, w = 1;
	while (w < need && w <= UINT64_MAX / 2)
		w *= 2;
	tr->binw = w;
}

size_t tb_count_caps(const struct store *s)
{
	size_t ncap = 0;
	struct idmap cm = { 0 };
	for (size_t i = 0; i < s->nblocks; i++)
		if (idmap_get(&cm, s->blocks[i].cap) < 0 && idmap_put(&cm, s->blocks[i].cap, ncap))
			ncap++;
	idmap_free(&cm);
	return ncap ? ncap : 4;
}

/* The pass and the join on one thread per part, when the index split the
 * file in parts (at block boundaries, with no segment across one): each
 * part on its own thread, each part's capabilities stitched to the parts
 * before. */
static enum join_status build_parts(struct tracks *tr, const struct store *s,
				    struct worker *w, uint64_t budget, const struct progress *p)
{
	unsigned np = s->nparts;
	for (unsigned k = 0; k < np; k++) {
		tb_init(&w[k].b, s, tr, budget / np);
		w[k].from = k ? s->cuts[k - 1] : 0;
		w[k].to = k + 1 < np ? s->cuts[k] : UINT64_MAX;
		w[k].progress = p;
		w[k].b.later_part = k > 0;
		w[k].b.windowed = true;
	}
	for (size_t i = 0; i < s->nsegs; i++) { /* each part's time range */
		const struct seg *g = &s->segs[i];
		struct tb *b = &w[store_part_of(s, g->off)].b;
		b->win_t0 = g->t0 < b->win_t0 ? g->t0 : b->win_t0;
		b->win_t1 = g->t1 > b->win_t1 ? g->t1 : b->win_t1;
	}
	w[np - 1].b.win_t1 = UINT64_MAX; /* (the last part's states last to the end) */
	threads_run(tb_run_worker, w, sizeof *w, np);
	return tb_join_pass(tr, s, w, np);
}

enum join_status tb_join_pass(struct tracks *tr, const struct store *s, struct worker *w,
			      size_t nb)
{
	struct tb *bs[STORE_MAX_PARTS];
	if (nb > 1)
		tr->by_caps = true;
	for (size_t k = 0; k < nb; k++) {
		if (w[k].b.oom)
			return JOIN_NOMEM;
		bs[k] = &w[k].b;
	}
	enum join_status st = tb_join(tr, s, bs, nb);
	return nb > 1 && st == JOIN_OK ? stitch_check_bins(tr) : st;
}

/* The pass and the join on one thread, in file order: every segment (w
 * may have been a part's). */
static enum join_status build_serial(struct tracks *tr, const struct store *s,
				     struct worker *w, uint64_t budget, const struct progress *p)
{
	tb_init(&w->b, s, tr, budget);
	w->from = 0;
	w->to = UINT64_MAX;
	w->progress = p;
	tb_run_worker(w);
	return tb_join_pass(tr, s, w, 1);
}

bool tracks_build(struct tracks *tr, const struct store *s)
{
	return tracks_build_progress(tr, s, NULL);
}

bool tracks_build_progress(struct tracks *tr, const struct store *s, const struct progress *p)
{
	memset(tr, 0, sizeof *tr);
	size_t nw = s->nparts > 1 ? s->nparts : 1;
	struct worker *w = calloc(nw, sizeof *w);
	if (!w)
		return false;
	uint64_t budget = tb_lists_budget(s);
	size_t ncap = tb_count_caps(s);
	tb_choose_bins(tr, s, ncap);
	enum join_status st = nw > 1 ? build_parts(tr, s, w, budget, p)
				     : build_serial(tr, s, &w[0], budget, p);
	bool ok = tb_build_end(tr, s, w, nw, st, p);
	free(w);
	return ok;
}

bool tb_build_end(struct tracks *tr, const struct store *s, struct worker *w, size_t nw,
		  enum join_status st, const struct progress *p)
{
	if (st == JOIN_SERIAL) {
		/* times went back across a cut: one thread, file order, the
		 * whole file */
		for (size_t k = 0; k < nw; k++)
			tb_free(&w[k].b);
		tracks_free(tr);
		tb_choose_bins(tr, s, tb_count_caps(s));
		st = build_serial(tr, s, &w[0], tb_lists_budget(s), p);
	}
	tr->bytes = 0;
	for (size_t k = 0; k < nw; k++)
		tr->bytes += w[k].b.bytes;
	for (size_t i = 0; st == JOIN_OK && i < tr->ncaps; i++) /* the bins */
		if (tr->run[i])
			tr->bytes += (uint64_t)(tr->nbins + 1) * BIN_BYTES;
	for (size_t k = 0; k < nw; k++)
		tb_free(&w[k].b);
	if (st != JOIN_OK)
		tracks_free(tr);
	return st == JOIN_OK;
}

void tb_inc_free(struct tracks_inc *inc)
{
	if (!inc)
		return;
	tb_free(&inc->w.b);
	free(inc);
}

void tracks_free(struct tracks *tr)
{
	tb_inc_free(tr->inc);
	size_t nb = (size_t)tr->nbins + 1;
	for (size_t i = 0; i < tr->ncaps; i++) {
		if (tr->run)
			tb_bins_free(tr->run[i], nb, sizeof *tr->run[i]);
		if (tr->gcd)
			tb_bins_free(tr->gcd[i], nb, sizeof *tr->gcd[i]);
		if (tr->st_thread)
			tb_bins_free(tr->st_thread[i], nb, sizeof *tr->st_thread[i]);
		if (tr->st_gc)
			tb_bins_free(tr->st_gc[i], nb, sizeof *tr->st_gc[i]);
	}
	free(tr->caps);
	free(tr->run);
	free(tr->gcd);
	free(tr->st_thread);
	free(tr->st_gc);
	free(tr->gcstats);
	free(tr->gcs);
	free(tr->gc_by_pause);
	free(tr->gcparts);
	free(tr->syncs);
	free(tr->marks_conc);
	free(tr->cap_first);
	free(tr->cap_last);
	free(tr->heap_size);
	free(tr->heap_live);
	free(tr->blocks_size);
	free(tr->alloc);
	free(tr->sparks);
	free(tr->threads);
	free(tr->marks);
	memset(tr, 0, sizeof *tr);
}
