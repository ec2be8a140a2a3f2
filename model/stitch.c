/* The stitch of a pass on several threads: a later part's capabilities
 * did not know their state at the part's start, and logged their state
 * events until their own events told it (builder.c's prefix mode). Here
 * those events are replayed from the final state the parts before left,
 * into the part's bins and thread table, part after part, before the
 * builders are joined. */
#include "builder.h"

/* A capability whose events in part k go back before those of a part
 * before cannot be stitched. */
static bool times_go_back(struct tb **bs, size_t k)
{
	const struct tb *b = bs[k];
	for (size_t i = 0; i < b->ncaps; i++) {
		const struct capb *c = &b->caps[i];
		for (size_t j = 0; j < k && c->any; j++) {
			long p = idmap_get(&bs[j]->capmap, (uint32_t)c->cap);
			if (p >= 0 && bs[j]->caps[p].any && c->tfirst < bs[j]->caps[p].tlast)
				return true;
		}
	}
	return false;
}

/* The capability's entry in the last of the parts before k that has it,
 * or NULL. */
static struct capb *state_before(struct tb **bs, size_t k, int32_t cap)
{
	for (size_t j = k; j-- > 0;) {
		long p = idmap_get(&bs[j]->capmap, (uint32_t)cap);
		if (p >= 0)
			return &bs[j]->caps[p];
	}
	return NULL;
}

/* The replay's starting point: c's bins, s0's final state (none when no
 * part before saw the capability). */
static struct capb replay_start(struct tb *b, const struct capb *c, const struct capb *s0)
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
	/* the part accounted from c->since on: the replay must stop there,
	 * even when times went backwards */
	r.acct_until = c->prefix ? 0 : c->since;
	if (r.acct_until == 0 && !c->prefix)
		r.acct_until = 1; /* (since 0: nothing to replay into) */
	if (r.running) {
		struct thread_info *ti = tb_thread_get(b, r.running);
		r.run_slot = ti ? ti - b->th : -1;
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

/* The replay's bins (grown, maybe) back into c. */
static void take_bins(struct capb *c, const struct capb *r)
{
	c->run = r->run, c->gcd = r->gcd;
	c->st_thread = r->st_thread, c->st_gc = r->st_gc;
	c->blo = r->blo, c->bn = r->bn;
	c->bins_nomem = r->bins_nomem;
}

/* Part k's capabilities, replayed from the state the parts before left. */
static void stitch_part(struct tracks *tr, struct tb **bs, size_t k)
{
	struct tb *b = bs[k];
	for (size_t i = 0; i < b->ncaps; i++) {
		struct capb *c = &b->caps[i];
		struct capb *s0 = state_before(bs, k, c->cap);
		struct capb r = replay_start(b, c, s0);
		for (size_t j = 0; j < c->npend; j++) {
			const struct pending *q = &c->pend[j];
			tb_state_event(b, &r, q->tag, q->time, q->thread, q->status);
		}
		take_bins(c, &r);
		c->back |= r.back;
		/* a full log made the part assume the flags it had not
		 * learnt; count it when the parts before say otherwise */
		if (c->gave_up && (r.in_gc != c->assumed_gc ||
				   (!c->known_run && r.running != c->assumed_running)))
			tr->stitch_guesses++;
		if (c->prefix)
			take_replayed(c, &r);
		if (s0)
			s0->continued = true;
	}
}

/* Part k's marks that came before their capability's first RUN_THREAD or
 * STOP_THREAD in it: the thread the parts before left running there. */
static void stitch_marks(struct tb **bs, size_t k)
{
	struct tb *b = bs[k];
	for (size_t i = 0; i < b->nmarks; i++) {
		struct mark *m = &b->marks[i];
		if (m->thread_known != MARK_THREAD_AT_START)
			continue;
		const struct capb *s0 = state_before(bs, k, m->cap);
		m->thread = s0 ? s0->running : 0;
		m->thread_known = MARK_THREAD_YES;
	}
}

enum join_status stitch_parts(struct tracks *tr, struct tb **bs, size_t nb)
{
	for (size_t k = 1; k < nb; k++) {
		if (times_go_back(bs, k))
			return JOIN_SERIAL;
		stitch_marks(bs, k);
		stitch_part(tr, bs, k);
	}
	return JOIN_OK;
}

/* (a log whose events contradict each other across a cut does this: seen
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
