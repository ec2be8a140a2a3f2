/* The stitch of a two-thread pass: the second half's capabilities did not
 * know their state at the cut, and logged their state events until their
 * own events told it (builder.c's prefix mode). Here those events are
 * replayed from the first half's final state, into the second half's bins
 * and thread table, before the builders are joined. */
#include "builder.h"

/* A capability whose events in the second half go back before those of the
 * first cannot be stitched. */
static bool times_go_back(const struct tb *b0, const struct tb *b1)
{
	for (size_t k = 0; k < b1->ncaps; k++) {
		long i0 = idmap_get(&b0->capmap, (uint32_t)b1->caps[k].cap);
		if (i0 >= 0 && b1->caps[k].any && b0->caps[i0].any &&
		    b1->caps[k].tfirst < b0->caps[i0].tlast)
			return true;
	}
	return false;
}

/* The replay's starting point: c's bins, s0's final state (none when the
 * first half never saw the capability). */
static struct capb replay_start(struct tb *b1, const struct capb *c, const struct capb *s0)
{
	struct capb r = *c;
	r.prefix = false;
	r.seen = s0 && s0->seen;
	r.since = s0 ? s0->since : 0;
	r.running = s0 ? s0->running : 0;
	r.in_gc = s0 && s0->in_gc;
	r.run_since = s0 ? s0->run_since : 0;
	r.gc_open = s0 && s0->gc_open;
	r.gc_start = s0 ? s0->gc_start : 0;
	r.run_slot = -1;
	/* the second half accounted from c->since on: the replay must stop
	 * there, even when times went backwards */
	r.acct_until = c->prefix ? 0 : c->since;
	if (r.acct_until == 0 && !c->prefix)
		r.acct_until = 1; /* (since 0: nothing to replay into) */
	if (r.running) {
		struct thread_info *ti = tb_thread_get(b1, r.running);
		r.run_slot = ti ? ti - b1->th : -1;
	}
	return r;
}

/* A capability that never learnt its state takes the replay's. */
static void take_replayed(struct capb *c, const struct capb *r)
{
	c->prefix = false;
	c->seen = r->seen;
	c->since = r->since;
	c->running = r->running;
	c->in_gc = r->in_gc;
	c->run_since = r->run_since;
	c->run_slot = r->run_slot;
	c->gc_open = r->gc_open;
	c->gc_start = r->gc_start;
}

enum join_status stitch_halves(struct tracks *tr, struct tb *b0, struct tb *b1)
{
	if (times_go_back(b0, b1))
		return JOIN_SERIAL;
	for (size_t k = 0; k < b1->ncaps; k++) {
		struct capb *c = &b1->caps[k];
		long i0 = idmap_get(&b0->capmap, (uint32_t)c->cap);
		struct capb *s0 = i0 >= 0 ? &b0->caps[i0] : NULL;
		struct capb r = replay_start(b1, c, s0);
		for (size_t j = 0; j < c->npend; j++) {
			const struct pending *q = &c->pend[j];
			tb_state_event(b1, &r, q->tag, q->time, q->thread, q->status);
		}
		/* a full log made the second half assume the flags it had not
		 * learnt; count it when the first half says otherwise */
		if (c->gave_up && (r.in_gc != c->assumed_gc ||
				   (!c->known_run && r.running != c->assumed_running)))
			tr->stitch_guesses++;
		if (c->prefix)
			take_replayed(c, &r);
		if (s0)
			s0->continued = true;
	}
	return JOIN_OK;
}

/* (a log whose events contradict each other across the cut does this: seen
 * in fuzzed input, never in GHC's) */
enum join_status stitch_check_bins(const struct tracks *tr)
{
	for (size_t c = 0; c < tr->ncaps; c++) {
		if (!tr->run[c])
			continue;
		for (uint32_t j = 0; j < tr->nbins; j++) {
			uint64_t used = tr->run[c][j + 1] - tr->run[c][j] + tr->gcd[c][j + 1] -
					tr->gcd[c][j];
			if (used > tr->binw)
				return JOIN_SERIAL;
		}
	}
	return JOIN_OK;
}
