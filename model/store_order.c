/* store_order: the segments sorted by start time for seeks, with each
 * chunk's latest end, and the store's index bits, made from the segments
 * after an index build (build_order, store_index.h). */
#include "store.h"

#include <stdlib.h>

#include "order.h"
#include "store_index.h"
#include "vec.h"

static int seg_cmp_order(const void *a, const void *b)
{
	const struct seg_order *x = a, *y = b;
	return cmp_then(cmp_u64(x->t0, y->t0), cmp_u64(x->off, y->off));
}

/* The segments by start time, with each chunk's latest end, for seeks;
 * the index bits of the whole store. Replaces an order made before. */
enum store_status build_order(struct store *s)
{
	size_t n = s->nsegs, nch = (n + ORDER_CHUNK - 1) / ORDER_CHUNK;
	free(s->order); /* (an order made before: the window's blocks are
			 * ordered again as each is added) */
	free(s->chunk_t1);
	s->order = xmallocarray(n, sizeof *s->order);
	s->chunk_t1 = xmallocarray(nch, sizeof *s->chunk_t1);
	if (!s->order || !s->chunk_t1)
		return STORE_ENOMEM;
	s->classes = 0;
	for (size_t i = 0; i < n; i++) {
		s->order[i] = (struct seg_order){ s->segs[i].t0, s->segs[i].off, i };
		s->classes |= s->segs[i].classes;
	}
	qsort(s->order, n, sizeof *s->order, seg_cmp_order);
	for (size_t c = 0; c < nch; c++) {
		uint64_t mx = 0;
		for (size_t i = c * ORDER_CHUNK; i < n && i < (c + 1) * ORDER_CHUNK; i++)
			if (s->segs[s->order[i].seg].t1 > mx)
				mx = s->segs[s->order[i].seg].t1;
		s->chunk_t1[c] = mx;
	}
	return STORE_OK;
}
