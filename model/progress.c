/* The byte-counting progress (progress.h). */
#include "progress.h"

#include <string.h>

static void count_advance(void *ctx, uint64_t bytes)
{
	struct progress_count *c = ctx;
	__atomic_add_fetch(&c->bytes, bytes, __ATOMIC_RELAXED);
}

void progress_count_init(struct progress_count *c)
{
	memset(c, 0, sizeof *c);
	c->p.advance = count_advance;
	c->p.ctx = c;
}

uint64_t progress_count_read(const struct progress_count *c)
{
	return __atomic_load_n(&c->bytes, __ATOMIC_RELAXED);
}
