/* libFuzzer target: open + index + tracks of arbitrary bytes, then every
 * kind of query the UI and the reports make, with invariants checked.
 * Built by `make fuzz` (clang -fsanitize=fuzzer). */
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/store.h"
#include "../../model/summary.h"
#include "../../model/tracks.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The index's counts per (capability, type), keyed as (cap + 1) << 16 | tag. */
struct pair {
	uint64_t key, n;
};

struct pairs {
	struct pair *p;
	size_t n, cap;
};

static void take_pair(void *ctx, int32_t cap, uint16_t tag, uint64_t n)
{
	struct pairs *v = ctx;
	if (v->n == v->cap) {
		struct pair *q = realloc(v->p, (v->cap = v->cap * 2 + 64) * sizeof *q);
		if (!q)
			abort();
		v->p = q;
	}
	v->p[v->n++] = (struct pair){ (uint64_t)((int64_t)cap + 1) << 16 | tag, n };
}

static int cmp_pair(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	return (x->key > y->key) - (x->key < y->key);
}

/* Unless void, the index's counts are the merge's events counted per
 * capability and type. */
static void check_counts(const struct store *s)
{
	struct pairs v = { NULL, 0, 0 };
	if (!store_counts(s, take_pair, &v))
		return;
	qsort(v.p, v.n, sizeof *v.p, cmp_pair);
	struct merge *m = merge_new(s);
	struct evref r;
	while (m && merge_step(m, &r)) {
		struct pair k = { (uint64_t)((int64_t)r.cap + 1) << 16 | r.tag, 0 };
		struct pair *p = bsearch(&k, v.p, v.n, sizeof *v.p, cmp_pair);
		if (!p || !p->n--)
			abort(); /* an event the index did not count */
	}
	for (size_t i = 0; m && i < v.n; i++)
		if (v.p[i].n)
			abort(); /* counted, and not in the merge */
	merge_free(m);
	free(v.p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *buf = malloc(size ? size : 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	/* half the inputs take the index in 2 to 7 parts when they have blocks */
	store_parallel_min = size && (data[size - 1] & 1) ? 0 : (size_t)64 << 20;
	store_threads = size ? 2 + (unsigned)(data[size - 1] >> 1) % 6 : 2;
	struct store s;
	char err[256];
	if (store_open_mem(&s, buf, size, err, sizeof err) != STORE_OK) {
		free(buf);
		return 0;
	}
	check_counts(&s);
	struct tracks tr;
	if (tracks_build(&tr, &s)) {
		uint64_t lo = s.tmin, hi = s.tmax + 1, mid = lo + (hi - lo) / 2;
		unsigned cols = 1 + (unsigned)(size % 37);
		float *run = malloc((tr.ncaps + 1) * cols * sizeof *run);
		float *gc = malloc((tr.ncaps + 1) * cols * sizeof *gc);
		bool exact;
		for (int k = 0; run && gc && k < 3; k++) {
			uint64_t a = k == 0 ? lo : k == 1 ? mid : lo + (hi - lo) / 7;
			uint64_t b = k == 0 ? hi : k == 1 ? hi + 1000 : mid + 1;
			for (size_t raw = 0; raw <= 1; raw++) {
				if (!tracks_cap_fractions(&tr, &s, a, b, cols, raw ? SIZE_MAX : 0, raw, run, gc, NULL,
							  &exact))
					continue;
				for (size_t i = 0; i < tr.ncaps * cols; i++)
					if (!(run[i] >= -1e-3f && gc[i] >= -1e-3f &&
					      run[i] + gc[i] <= 1.001f))
						abort(); /* fractions must be fractions */
			}
		}
		free(run);
		free(gc);
		struct capstate_at *st = malloc((tr.ncaps + 1) * sizeof *st);
		if (st)
			tracks_state_at(&tr, &s, mid, st);
		free(st);
		for (const struct gc *g = tracks_gc_next(&tr, 0, false); g;
		     g = tracks_gc_next(&tr, g->start, false))
			if (g->end < g->start)
				abort();
		tracks_gc_prev(&tr, hi, true);
		regex_t re;
		if (regcomp(&re, "a|b", REG_EXTENDED | REG_NOSUB) == 0) {
			uint64_t hit;
			long mark;
			uint32_t th;
			tracks_search(&tr, &s, &re, mid, 1, true, &hit, &mark, &th);
			tracks_search(&tr, &s, &re, mid, -1, true, &hit, &mark, &th);
			regfree(&re);
		}
		for (size_t i = 0; i < tr.nthreads; i++) {
			size_t n;
			tracks_label(&tr, &s, &tr.threads[i], &n);
		}
		struct summary sm;
		summary_compute(&tr, &s, 0, UINT64_MAX, &sm);
		/* outside +RTS -s's phases, GC and MUT split the window */
		if ((!sm.whole || !sm.have_init) && sm.gc + sm.mut != sm.total)
			__builtin_trap();
		struct evref before[5];
		store_events_before(&s, mid, 0, CLASS_ALL, before, 5);
		tracks_free(&tr);
	}
	store_close(&s);
	free(buf);
	return 0;
}
