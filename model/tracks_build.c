/* tracks_build: the pass (on one or two threads, builder.c), the stitch of
 * its halves (stitch.c), and the join of the builders' results into struct
 * tracks, step by step. A log still being written: tracks_live.c. */
#include "builder.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "order.h"
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

static int cmp_cap(const void *a, const void *b)
{
	const struct capb *x = a, *y = b;
	return cmp_i64(x->cap, y->cap);
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
 * one array (bins included) sorted by capability. NULL when out of memory. */
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
			caps[ncaps++] = *c;
			c->run = c->gcd = NULL; /* moved */
			c->st_thread = NULL;
			c->st_gc = NULL;
		}
	}
	qsort(caps, ncaps, sizeof *caps, cmp_cap);
	*n = ncaps;
	return caps;
}

/* A capability in both halves: x's extent and bins added to d's (one set
 * of bins, the sums of both); x's bins are freed or moved. */
static void merge_cap(const struct tracks *tr, struct capb *d, struct capb *x)
{
	if (x->ev_any) {
		if (!d->ev_any || x->ev_first < d->ev_first)
			d->ev_first = x->ev_first;
		if (!d->ev_any || x->ev_last > d->ev_last)
			d->ev_last = x->ev_last;
		d->ev_any = true;
	}
	if (d->run && x->run) {
		for (uint32_t j = 0; j <= tr->nbins; j++) {
			d->run[j] += x->run[j];
			d->gcd[j] += x->gcd[j];
			if (d->st_gc[j] == BIN_UNSET) {
				d->st_gc[j] = x->st_gc[j];
				d->st_thread[j] = x->st_thread[j];
			}
		}
	} else if (!d->run && x->run) {
		d->run = x->run, d->gcd = x->gcd;
		d->st_thread = x->st_thread, d->st_gc = x->st_gc;
		x->run = x->gcd = NULL;
		x->st_thread = NULL;
		x->st_gc = NULL;
	}
	tb_capb_free_bins(x);
}

/* Bins no half set (before the capability's first event) to idle, and the
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

/* The capability tables of tr, taking caps[0..n)'s bins. */
static enum join_status place_caps(struct tracks *tr, struct capb *caps, size_t n)
{
	tr->ncaps = n;
	tr->caps = xmallocarray(n, sizeof *tr->caps);
	tr->run = xcallocarray(n, sizeof *tr->run);
	tr->gcd = xcallocarray(n, sizeof *tr->gcd);
	tr->st_thread = xcallocarray(n, sizeof *tr->st_thread);
	tr->st_gc = xcallocarray(n, sizeof *tr->st_gc);
	tr->cap_first = xcallocarray(n, sizeof *tr->cap_first);
	tr->cap_last = xcallocarray(n, sizeof *tr->cap_last);
	if (!tr->caps || !tr->run || !tr->gcd || !tr->st_thread || !tr->st_gc ||
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
	for (size_t i = 0; i < ncaps; i++) {
		if (u && caps[u - 1].cap == caps[i].cap)
			merge_cap(tr, &caps[u - 1], &caps[i]);
		else
			caps[u++] = caps[i];
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
	JOIN(tr->marks, tr->nmarks, marks, nmarks, mkcap, bs, nb);
	qsort(tr->marks, tr->nmarks, sizeof *tr->marks, cmp_mark);
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
	if (w < nth) { /* threads in both halves: give back the duplicates */
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
		if (bs[i]->rts_threaded >= 0)
			f.threaded = bs[i]->rts_threaded;
		if (bs[i]->rts_profiled >= 0)
			f.profiled = bs[i]->rts_profiled;
		f.prof_events |= bs[i]->prof_events;
		if (bs[i]->mem_return_max > f.mret)
			f.mret = bs[i]->mem_return_max;
		if (bs[i]->mblock_size)
			f.mblock = bs[i]->mblock_size;
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
	if (nb == 2)
		st = stitch_halves(tr, bs[0], bs[1]);
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

/* The pass and the join on two threads, when the index split the file in
 * two (at a block boundary, with no segment across it): each half on its
 * own thread, the second half's capabilities stitched to the first's. */
static enum join_status build_halves(struct tracks *tr, const struct store *s,
				     struct worker *w, uint64_t budget, const struct progress *p)
{
	for (int i = 0; i < 2; i++) {
		tb_init(&w[i].b, s, tr, budget / 2);
		w[i].cut = s->cut;
		w[i].second = i == 1;
		w[i].progress = p;
	}
	w[1].b.second_half = true;
	pthread_t th;
	bool threaded = pthread_create(&th, NULL, tb_run_worker, &w[1]) == 0;
	tb_run_worker(&w[0]);
	if (threaded)
		pthread_join(th, NULL);
	else
		tb_run_worker(&w[1]);
	return tb_join_pass(tr, s, w, 2);
}

enum join_status tb_join_pass(struct tracks *tr, const struct store *s, struct worker *w,
			      size_t nb)
{
	if (nb == 2)
		tr->by_caps = true;
	if (w[0].b.oom || (nb == 2 && w[1].b.oom))
		return JOIN_NOMEM;
	struct tb *bs[2] = { &w[0].b, &w[1].b };
	enum join_status st = tb_join(tr, s, bs, nb);
	return nb == 2 && st == JOIN_OK ? stitch_check_bins(tr) : st;
}

/* The pass and the join on one thread, in file order: every segment (w
 * may have been a half's). */
static enum join_status build_serial(struct tracks *tr, const struct store *s,
				     struct worker *w, uint64_t budget, const struct progress *p)
{
	tb_init(&w->b, s, tr, budget);
	w->cut = 0;
	w->second = false;
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
	uint64_t budget = tb_lists_budget(s);
	size_t ncap = tb_count_caps(s);
	tb_choose_bins(tr, s, ncap);
	struct worker w[2];
	memset(w, 0, sizeof w);
	enum join_status st = s->cut ? build_halves(tr, s, w, budget, p)
				     : build_serial(tr, s, &w[0], budget, p);
	return tb_build_end(tr, s, w, st, p);
}

bool tb_build_end(struct tracks *tr, const struct store *s, struct worker *w,
		  enum join_status st, const struct progress *p)
{
	if (st == JOIN_SERIAL) {
		/* times went back across the cut: one thread, file order */
		tb_free(&w[0].b);
		tb_free(&w[1].b);
		tracks_free(tr);
		tb_choose_bins(tr, s, tb_count_caps(s));
		st = build_serial(tr, s, &w[0], tb_lists_budget(s), p);
	}
	tr->bytes = w[0].b.bytes + w[1].b.bytes;
	for (size_t i = 0; st == JOIN_OK && i < tr->ncaps; i++) /* the bins */
		if (tr->run[i])
			tr->bytes += (uint64_t)(tr->nbins + 1) * BIN_BYTES;
	tb_free(&w[0].b);
	tb_free(&w[1].b);
	if (st != JOIN_OK)
		tracks_free(tr);
	return st == JOIN_OK;
}

void tracks_free(struct tracks *tr)
{
	tb_inc_free(tr->inc);
	for (size_t i = 0; i < tr->ncaps; i++) {
		if (tr->run)
			free(tr->run[i]);
		if (tr->gcd)
			free(tr->gcd[i]);
		if (tr->st_thread)
			free(tr->st_thread[i]);
		if (tr->st_gc)
			free(tr->st_gc[i]);
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
