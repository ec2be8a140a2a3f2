/* The tracks' lookups: capabilities, collections, threads and their
 * labels, marks and their text, searches, and the figures the reports and
 * the viewer show (pause percentiles, stop texts). Built by tracks_build.c. */
#include "tracks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/render.h"
#include "order.h"

static bool cap_before(const void *e, const void *k)
{
	return *(const int32_t *)e < *(const int32_t *)k;
}

long tracks_cap_index(const struct tracks *tr, int32_t cap)
{
	size_t lo = lower_bound(tr->caps, tr->ncaps, sizeof *tr->caps, &cap, cap_before);
	return lo < tr->ncaps && tr->caps[lo] == cap ? (long)lo : -1;
}

/* ---- collections ---- */

char *tracks_cut_text(unsigned cut, char *buf, size_t n)
{
	static const char *const names[] = { "the collections", "the heap's samples",
					     "the allocation samples", "the spark counters",
					     "the markers and messages", "the threads",
					     "the capabilities", "the lanes' bins" };
	size_t w = 0, k = 0, all = 0;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		all += (cut >> i) & 1;
	if (n)
		buf[0] = 0;
	for (size_t i = 0; i < sizeof names / sizeof *names && w < n; i++) {
		if (!((cut >> i) & 1))
			continue;
		k++;
		const char *sep = k == 1 ? "" : k == all ? " and " : ", ";
		int r = snprintf(buf + w, n - w, "%s%s", sep, names[i]);
		if (r < 0)
			break;
		w += (size_t)r;
	}
	return buf;
}

int tracks_gc_gen(const struct tracks *tr, const struct gc *g)
{
	return g->stat >= 0 ? tr->gcstats[g->stat].gen : -1;
}

bool tracks_gc_major(const struct tracks *tr, const struct gc *g)
{
	int gen = tracks_gc_gen(tr, g);
	if (gen < 0)
		return false;
	if (tr->gens)
		return gen == tr->gens - 1;
	return gen == tr->maxgen;
}

static bool gc_starts_before(const void *e, const void *k)
{
	return ((const struct gc *)e)->start < *(const uint64_t *)k;
}

static bool gc_starts_by(const void *e, const void *k)
{
	return ((const struct gc *)e)->start <= *(const uint64_t *)k;
}

const struct gc *tracks_gc_next(const struct tracks *tr, uint64_t t, bool major_only)
{
	size_t lo = lower_bound(tr->gcs, tr->ngcs, sizeof *tr->gcs, &t, gc_starts_by);
	for (; lo < tr->ngcs; lo++)
		if (!major_only || tracks_gc_major(tr, &tr->gcs[lo]))
			return &tr->gcs[lo];
	return NULL;
}

const struct gc *tracks_gc_prev(const struct tracks *tr, uint64_t t, bool major_only)
{
	size_t lo = lower_bound(tr->gcs, tr->ngcs, sizeof *tr->gcs, &t, gc_starts_before);
	while (lo-- > 0)
		if (!major_only || tracks_gc_major(tr, &tr->gcs[lo]))
			return &tr->gcs[lo];
	return NULL;
}

void pause_pct_take(struct pause_pct *out, size_t n, size_t k, uint64_t pause)
{
	if (k == 0)
		out->max = pause;
	if (k == n - (50 * n + 99) / 100)
		out->p50 = pause;
	if (k == n - (90 * n + 99) / 100)
		out->p90 = pause;
	if (k == n - (99 * n + 99) / 100)
		out->p99 = pause;
}

/* Nearest rank: the r-th smallest of n with r = ceil(p * n / 100), that is
 * the (n - r)-th of the window's pauses in gc_by_pause's longest-first
 * order. */
void tracks_pause_pct(const struct tracks *tr, uint64_t from, uint64_t to, int gen,
		      struct pause_pct *out)
{
	memset(out, 0, sizeof *out);
	size_t n = 0;
	for (size_t i = 0; i < tr->ngcs; i++) {
		const struct gc *g = &tr->gcs[tr->gc_by_pause[i]];
		n += g->start >= from && g->start <= to && (gen < 0 || tracks_gc_gen(tr, g) == gen);
	}
	out->n = n;
	if (!n)
		return;
	size_t k = 0;
	for (size_t i = 0; i < tr->ngcs; i++) {
		const struct gc *g = &tr->gcs[tr->gc_by_pause[i]];
		if (g->start < from || g->start > to || (gen >= 0 && tracks_gc_gen(tr, g) != gen))
			continue;
		pause_pct_take(out, n, k++, g->pause);
	}
}

/* ---- threads ---- */

static bool thread_before(const void *e, const void *k)
{
	return ((const struct thread_info *)e)->id < *(const uint32_t *)k;
}

const struct thread_info *tracks_thread(const struct tracks *tr, uint32_t id)
{
	size_t lo = lower_bound(tr->threads, tr->nthreads, sizeof *tr->threads, &id,
				thread_before);
	return lo < tr->nthreads && tr->threads[lo].id == id ? &tr->threads[lo] : NULL;
}

const uint8_t *tracks_label(const struct tracks *tr, const struct store *s,
			    const struct thread_info *ti, size_t *n)
{
	(void)tr;
	*n = 0;
	if (!ti || !ti->label_off)
		return NULL;
	/* where the pass found the text (decoded then, and in the file) */
	uint64_t at = ti->label_off + EV_HEAD_BYTES + 2 + 4;
	if (ti->label_len != UINT32_MAX && at + ti->label_len <= s->size) {
		*n = ti->label_len;
		return s->map + at;
	}
	struct ev e;
	if (ev_decode(&s->hdr, s->map, s->size, ti->label_off, &e) != EV_OK || e.nf < 2)
		return NULL;
	*n = (size_t)e.f[1].u;
	return e.f[1].s;
}

void tracks_caps_text(uint64_t mask, char *buf, size_t n)
{
	size_t w = 0;
	buf[0] = 0;
	for (int k = 0; k < 63 && w + 8 < n; k++)
		if (mask >> k & 1)
			w += (size_t)snprintf(buf + w, n - w, w ? ",%d" : "%d", k);
	if (mask >> 63)
		snprintf(buf + w, n - w, w ? ",63+" : "63+");
}

void tracks_gc_caps_text(const struct tracks *tr, const struct gc *g, char *buf, size_t n)
{
	size_t w = 0;
	buf[0] = 0;
	for (uint32_t k = 0; k < g->ncaps && w + 12 < n; k++)
		w += (size_t)snprintf(buf + w, n - w, k ? ",%d" : "%d", tr->gcparts[g->part + k].cap);
	if (!g->ncaps)
		snprintf(buf, n, "-");
}

class_set tracks_have(const struct store *s, const struct tracks *tr)
{
	class_set have = s->classes & CLASS_ALL;
	if (!(have & CLASS_BIT(CL_SCHED)))
		return have;
	for (size_t i = 0; i < tr->nthreads; i++) {
		const struct thread_info *t = &tr->threads[i];
		if (t->nruns || t->created != UINT64_MAX || t->first_run != UINT64_MAX ||
		    t->finished != UINT64_MAX)
			return have;
	}
	/* no thread ran: the class's events are labels (or a wakeup, a
	 * migration) alone, unless a capability ran one all the same */
	for (size_t c = 0; tr->run && c < tr->ncaps; c++)
		if (tr->run[c] && tr->run[c][tr->nbins])
			return have;
	return have & ~CLASS_BIT(CL_SCHED);
}

const char *tracks_stop_text(uint16_t status)
{
	const char *t = render_stop_status(status);
	return t ? t : "unknown stop status";
}

/* ---- marks ---- */

bool tracks_marks_each(const struct store *s, uint64_t from, uint64_t to,
		       bool (*each)(void *ctx, const struct mark *m), void *ctx)
{
	static const uint16_t tags[] = { EV_USER_MARKER, EV_USER_MSG, EV_LOG_MSG,
					 EV_USER_BINARY_MSG };
	struct merge *m = merge_new_tags(s, from, 0, tags, sizeof tags / sizeof tags[0]);
	if (!m)
		return false;
	const volatile sig_atomic_t *fault = store_fault_flag(s);
	struct evref r;
	while (merge_step(m, &r) && r.time <= to && !*fault) {
		struct ev e;
		/* the events the tracks' pass lists (builder.c's feed_at) */
		if (s->hdr.sel[r.tag].layout == SEL_UNKNOWN_LAYOUT ||
		    ev_decode(&s->hdr, s->map, s->size, r.off, &e) != EV_OK || (e.bad & BAD_LEN))
			continue;
		struct mark mk = { .time = r.time, .off = r.off, .cap = r.cap, .tag = r.tag }; /* (thread unknown) */
		if (!each(ctx, &mk))
			break;
	}
	bool ok = !merge_failed(m);
	merge_free(m);
	return ok;
}

const uint8_t *tracks_mark_text(const struct store *s, const struct mark *m, size_t *n)
{
	struct ev e;
	*n = 0;
	if (ev_decode(&s->hdr, s->map, s->size, m->off, &e) != EV_OK || e.nf < 1 ||
	    e.layout == SEL_UNKNOWN_LAYOUT)
		return NULL;
	*n = (size_t)e.f[0].u;
	return e.f[0].s;
}

static bool mark_before(const void *e, const void *k)
{
	return ((const struct mark *)e)->time < *(const uint64_t *)k;
}

static bool mark_by(const void *e, const void *k)
{
	return ((const struct mark *)e)->time <= *(const uint64_t *)k;
}

size_t tracks_mark_from(const struct tracks *tr, uint64_t t)
{
	return lower_bound(tr->marks, tr->nmarks, sizeof *tr->marks, &t, mark_before);
}

long tracks_mark_nearest(const struct tracks *tr, uint64_t t, int tag)
{
	size_t at = tracks_mark_from(tr, t);
	long after = -1, before = -1;
	for (size_t i = at; i < tr->nmarks && after < 0; i++)
		if (tag < 0 || tr->marks[i].tag == tag)
			after = (long)i;
	for (size_t i = at; i-- > 0 && before < 0;)
		if (tag < 0 || tr->marks[i].tag == tag)
			before = (long)i;
	if (after < 0 || before < 0)
		return after >= 0 ? after : before;
	/* of equal distance, the earlier */
	return tr->marks[after].time - t < t - tr->marks[before].time ? after : before;
}

/* ---- search ---- */

bool tracks_match(const regex_t *re, const uint8_t *text, size_t n)
{
	char stackbuf[512];
	char *buf = n < sizeof stackbuf ? stackbuf : malloc(n + 1);
	if (!buf)
		return false;
	memcpy(buf, text, n);
	buf[n] = 0;
#ifdef REG_STARTEND
	/* the whole text, NUL bytes included, as written */
	regmatch_t m[1] = { { .rm_so = 0, .rm_eo = (regoff_t)n } };
	bool hit = regexec(re, buf, 1, m, REG_STARTEND) == 0;
#else
	bool hit = regexec(re, buf, 0, NULL, 0) == 0; /* up to the first NUL */
#endif
	if (buf != stackbuf)
		free(buf);
	return hit;
}

static bool mark_matches(const struct tracks *tr, const struct store *s, const regex_t *re,
			 size_t i)
{
	size_t n;
	const uint8_t *txt = tracks_mark_text(s, &tr->marks[i], &n);
	return txt && tracks_match(re, txt, n);
}

bool tracks_first_mark(const struct tracks *tr, const struct store *s, const regex_t *re,
		       uint64_t *t)
{
	for (size_t i = 0; i < tr->nmarks; i++)
		if (mark_matches(tr, s, re, i)) {
			*t = tr->marks[i].time;
			return true;
		}
	return false;
}

/* The nearest matching mark after (dir > 0) or before t, or -1. */
static long search_marks(const struct tracks *tr, const struct store *s, const regex_t *re,
			 uint64_t t, int dir)
{
	if (dir > 0) {
		size_t lo = lower_bound(tr->marks, tr->nmarks, sizeof *tr->marks, &t, mark_by);
		for (size_t i = lo; i < tr->nmarks; i++)
			if (mark_matches(tr, s, re, i))
				return (long)i;
		return -1;
	}
	size_t lo = tracks_mark_from(tr, t);
	while (lo-- > 0)
		if (mark_matches(tr, s, re, lo))
			return (long)lo;
	return -1;
}

bool tracks_search(const struct tracks *tr, const struct store *s, const regex_t *re,
		   uint64_t t, int dir, bool labels, uint64_t *hit, long *mark,
		   uint32_t *thread)
{
	long m = search_marks(tr, s, re, t, dir);
	bool found = m >= 0;
	uint64_t best = found ? tr->marks[m].time : 0;
	if (found)
		*mark = m;
	for (size_t i = 0; labels && i < tr->nthreads; i++) {
		const struct thread_info *ti = &tr->threads[i];
		if (!ti->label_off)
			continue;
		uint64_t lt = ti->label_time;
		if (dir > 0 ? lt <= t : lt >= t)
			continue;
		if (found && (dir > 0 ? lt >= best : lt <= best))
			continue;
		size_t n;
		const uint8_t *txt = tracks_label(tr, s, ti, &n);
		if (txt && tracks_match(re, txt, n)) {
			found = true;
			best = lt;
			*mark = -1;
			*thread = ti->id;
		}
	}
	if (found)
		*hit = best;
	return found;
}
