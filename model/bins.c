/* bins: the arrays of a capability's bins in the tracks pass (builder.h):
 * each mapped on its own, a part's holding the range it writes, grown as it
 * writes (in place where the system can remap them). */
#define _GNU_SOURCE /* mremap */
#include "builder.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* (under AddressSanitizer, from the heap, so that it checks the bins'
 * indices) */
void *tb_bins_new(size_t n, size_t elem)
{
	if (!n || n > SIZE_MAX / elem)
		return NULL;
#ifdef __SANITIZE_ADDRESS__
	return calloc(n, elem);
#else
	void *p = mmap(NULL, n * elem, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
#endif
}

void tb_bins_free(void *p, size_t n, size_t elem)
{
	if (!p)
		return;
#ifdef __SANITIZE_ADDRESS__
	(void)n, (void)elem;
	free(p);
#else
	munmap(p, n * elem);
#endif
}

void tb_capb_free_bins(struct capb *c)
{
	tb_bins_free(c->run, c->bn, sizeof *c->run);
	tb_bins_free(c->gcd, c->bn, sizeof *c->gcd);
	tb_bins_free(c->st_thread, c->bn, sizeof *c->st_thread);
	tb_bins_free(c->st_gc, c->bn, sizeof *c->st_gc);
	c->run = c->gcd = NULL;
	c->st_thread = NULL;
	c->st_gc = NULL;
	c->blo = c->bn = 0;
}

/* Bins [lo, lo + n) for c, what c held copied in, the rest empty. */
static bool bins_alloc(struct capb *c, uint32_t lo, uint32_t n)
{
	uint64_t *run = tb_bins_new(n, sizeof *run), *gcd = tb_bins_new(n, sizeof *gcd);
	uint32_t *st_thread = tb_bins_new(n, sizeof *st_thread);
	uint8_t *st_gc = tb_bins_new(n, sizeof *st_gc);
	if (!run || !gcd || !st_thread || !st_gc) {
		tb_bins_free(run, n, sizeof *run);
		tb_bins_free(gcd, n, sizeof *gcd);
		tb_bins_free(st_thread, n, sizeof *st_thread);
		tb_bins_free(st_gc, n, sizeof *st_gc);
		return false;
	}
	memset(st_gc, BIN_UNSET, n); /* another part may own the bin */
	if (c->bn) {
		size_t at = c->blo - lo;
		memcpy(run + at, c->run, c->bn * sizeof *run);
		memcpy(gcd + at, c->gcd, c->bn * sizeof *gcd);
		memcpy(st_thread + at, c->st_thread, c->bn * sizeof *st_thread);
		memcpy(st_gc + at, c->st_gc, c->bn);
	}
	tb_capb_free_bins(c);
	c->run = run, c->gcd = gcd, c->st_thread = st_thread, c->st_gc = st_gc;
	c->blo = lo;
	c->bn = n;
	return true;
}

/* c's bins, [blo, blo + bn), grown at their end to n, each array's pages
 * kept as they are (remapped: no copy, no page made resident again);
 * false when that cannot be done (c's bins are then as they were). */
static bool bins_extend(struct capb *c, uint32_t n)
{
#if defined(__linux__) && !defined(__SANITIZE_ADDRESS__)
	void **f[4] = { (void **)&c->run, (void **)&c->gcd, (void **)&c->st_thread,
			(void **)&c->st_gc };
	const size_t elem[4] = { sizeof *c->run, sizeof *c->gcd, sizeof *c->st_thread,
				 sizeof *c->st_gc };
	for (int k = 0; k < 4; k++) {
		void *q = mremap(*f[k], c->bn * elem[k], (size_t)n * elem[k], MREMAP_MAYMOVE);
		if (q == MAP_FAILED) {
			while (k-- > 0) /* (shrinking in place cannot fail) */
				mremap(*f[k], (size_t)n * elem[k], c->bn * elem[k], 0);
			return false;
		}
		*f[k] = q;
	}
	memset(c->st_gc + c->bn, BIN_UNSET, n - c->bn); /* (the others: new zero pages) */
	c->bn = n;
	return true;
#else
	(void)c, (void)n;
	return false;
#endif
}

#define BINS_GROW_MIN 4096u /* a window grows by at least this many bins */

bool tb_bins_cover(const struct tracks *tr, struct capb *c, uint32_t lo, uint32_t hi)
{
	uint64_t end = (uint64_t)c->blo + c->bn, all = (uint64_t)tr->nbins + 1;
	if (c->bn && lo >= c->blo && hi < end)
		return true;
	if (lo == 0 && hi + 1 == all)
		return (c->bn && !c->blo && bins_extend(c, (uint32_t)all)) ||
		       bins_alloc(c, 0, (uint32_t)all);
	if (!c->bn && c->hint_n) { /* first the part's range, with what is asked */
		uint64_t hlo = c->hint_lo < lo ? c->hint_lo : lo;
		uint64_t hend = (uint64_t)c->hint_lo + c->hint_n;
		hend = hend > hi + 1 ? hend : hi + 1;
		return bins_alloc(c, (uint32_t)hlo, (uint32_t)(hend - hlo));
	}
	/* grown by half again on the side it grows (a part writes its bins
	 * in time order, mostly), so that growth costs O(bins) in all */
	uint64_t grow = c->bn / 2 > BINS_GROW_MIN ? c->bn / 2 : BINS_GROW_MIN;
	uint64_t nlo = c->bn && c->blo < lo ? c->blo : lo, nend = c->bn && end > hi + 1 ? end : hi + 1;
	if (!c->bn || lo < c->blo)
		nlo = nlo > grow ? nlo - grow : 0;
	if (!c->bn || hi >= end)
		nend = nend + grow < all ? nend + grow : all;
	if (c->bn && nlo == c->blo && bins_extend(c, (uint32_t)(nend - nlo)))
		return true;
	return bins_alloc(c, (uint32_t)nlo, (uint32_t)(nend - nlo));
}
