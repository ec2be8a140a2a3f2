/* What a store's index says of the file beyond its events: the report of
 * what it met (store_report), and, for a log still being written, the time
 * up to which it is complete (store_horizon). Reads the index only. */
#include "store.h"

#include <stdio.h>

/* The time up to which every event has arrived: the earliest, over the
 * capabilities, of the end of the last block seen from each (events are
 * ordered only within a block); none while a capability the log started
 * with (ncaps, 0: unknown) has sent no block. Blocks of no capability
 * (the RTS's own, written at start and exit) do not count. */
bool store_horizon(const struct store *s, size_t ncaps, uint64_t *out)
{
	uint16_t caps[256];
	uint64_t t1[256];
	size_t n = 0;
	for (size_t i = s->nblocks; i-- > 0;) {
		const struct block *b = &s->blocks[i];
		if (b->cap == 0xFFFF)
			continue;
		size_t k = 0;
		while (k < n && caps[k] != b->cap)
			k++;
		if (k == n && n < 256) {
			/* a block not all here yet: its events are final only up
			 * to its start */
			bool whole = b->off + b->size <= s->stop_off;
			caps[n] = b->cap;
			t1[n++] = whole ? b->t1 : b->t0;
		}
	}
	if (!n || n < ncaps)
		return false;
	uint64_t m = UINT64_MAX;
	for (size_t k = 0; k < n; k++)
		if (t1[k] < m)
			m = t1[k];
	*out = m;
	return true;
}

bool store_block_past_end(const struct store *s, uint64_t *off, uint32_t *size)
{
	if (!s->tail_size || s->tail_size <= s->size - s->tail_off)
		return false;
	*off = s->tail_off;
	*size = s->tail_size;
	return true;
}

bool store_report(const struct store *s, void (*say)(void *ctx, const char *msg), void *ctx)
{
	char m[300];
	bool ok = true;
#define SAY(...) (snprintf(m, sizeof m, __VA_ARGS__), say(ctx, m))
	switch (s->stop) {
	case STOP_CLEAN:
		break;
	case STOP_NO_DATAEND:
		if (!s->ndataend)
			SAY("no end-of-data marker: the log is incomplete "
			    "(the program may still be running, or crashed)");
		break;
	case STOP_TRUNCATED:
		SAY("truncated at byte %llu: last event incomplete", (unsigned long long)s->stop_off);
		break;
	case STOP_UNDECLARED:
		SAY("byte %llu: event type %u is not declared in the header; "
		    "cannot read past it (%llu bytes unread)",
		    (unsigned long long)s->stop_off, s->stop_tag,
		    (unsigned long long)(s->size - s->stop_off));
		ok = false;
		break;
	}
	for (uint64_t i = 0; i < s->ngaps && i < STORE_MAX_GAPS; i++)
		SAY("byte %llu: undecodable data (%s %u); skipped %llu bytes to the next "
		    "plausible event", (unsigned long long)s->gaps[i].off,
		    s->gaps[i].misaligned ? "misaligned event of type" : "undeclared event type",
		    s->gaps[i].tag, (unsigned long long)s->gaps[i].len);
	if (s->ngaps > STORE_MAX_GAPS)
		SAY("%llu stretches of undecodable data in all, %llu bytes",
		    (unsigned long long)s->ngaps, (unsigned long long)s->gap_bytes);
	if (s->ngaps)
		ok = false;
	uint64_t toff, nbad = s->nbadblocks, boff = s->badblock_off;
	uint32_t tsize, bsize = s->badblock_size;
	if (store_block_past_end(s, &toff, &tsize) && !nbad++)
		boff = toff, bsize = tsize;
	if (nbad) {
		if (bsize < EV_BLOCK_MARKER_BYTES)
			SAY("byte %llu: block marker with an impossible size (%u bytes)",
			    (unsigned long long)boff, bsize);
		else
			SAY("byte %llu: block marker claims %u bytes, past the end of the file "
			    "(%llu bytes)%s", (unsigned long long)boff, bsize,
			    (unsigned long long)s->size,
			    s->stop == STOP_CLEAN ? "" : ": the log is incomplete");
		if (nbad > 1)
			SAY("%llu such block markers in all", (unsigned long long)nbad);
	}
	if (s->after_end)
		SAY("byte %llu: %llu bytes of events after the end-of-data marker (shown)",
		    (unsigned long long)s->first_dataend, (unsigned long long)s->after_end);
#undef SAY
	return ok;
}
