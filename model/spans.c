/* Spans: user events paired per thread. */
#include "spans.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classes.h"
#include "idmap.h"
#include "order.h"
#include "intern.h"
#include "regex_guard.h"
#include "vec.h"

#define MAX_NAMES 65536
#define MIN_BUDGET (8u << 20)

/* The literal that starts or ends every match of the extended regex re
 * (compiled without REG_NEWLINE or REG_ICASE), when re is anchored there
 * and has no alternation; else none (len 0). */
static struct span_lit literal_of(const char *re)
{
	static const char special[] = "\\.[]()*+?{}|^$";
	struct span_lit l = { .len = 0 };
	size_t n = strlen(re), k = 0;
	if (strchr(re, '|'))
		return l;
	if (re[0] == '^') {
		size_t i = 1;
		while (re[i] && !strchr(special, re[i]) && k < sizeof l.text - 1)
			l.text[k++] = re[i++];
		if (k && re[i] && strchr("*+?{", re[i]))
			k--; /* (a quantifier takes the last character) */
		l.len = (uint8_t)k;
		if (k)
			return l;
	}
	if (n < 2 || re[n - 1] != '$' || re[n - 2] == '\\')
		return l;
	size_t j = n - 1;
	while (j > 0 && !strchr(special, re[j - 1]) && n - 1 - j < sizeof l.text - 1)
		j--; /* (a run longer than the room: its end) */
	if (j > 0 && re[j - 1] == '\\' && j < n - 1)
		j++; /* (the first character is escaped: it may be no literal) */
	l.len = (uint8_t)(n - 1 - j);
	memcpy(l.text, re + j, l.len);
	l.at_end = true;
	return l;
}

/* literal_of, and whether re is exactly ^LIT(.+)$ or ^(.+)LIT$. */
static struct span_lit literal_whole(const char *re)
{
	struct span_lit l = literal_of(re);
	size_t n = strlen(re);
	if (l.len && n == (size_t)l.len + 6) {
		const char *lit = l.at_end ? re + 5 : re + 1;
		l.whole = memcmp(lit, l.text, l.len) == 0 &&
			  (l.at_end ? memcmp(re, "^(.+)", 5) == 0 && re[n - 1] == '$'
				    : memcmp(re + 1 + l.len, "(.+)$", 5) == 0 && re[0] == '^');
	}
	return l;
}

bool span_lit_admits(const struct span_lit *l, const char *text, size_t len)
{
	return !l->len || (len >= l->len && memcmp(l->at_end ? text + len - l->len : text,
						     l->text, l->len) == 0);
}

bool span_rules_add(struct span_rules *r, const char *start, const char *stop, char *err,
		    size_t errlen)
{
	if (r->n >= SPAN_RULES_MAX) {
		snprintf(err, errlen, "at most %d span rules", SPAN_RULES_MAX);
		return false;
	}
	const char *re[2] = { start, stop };
	regex_t *dst[2] = { &r->start[r->n], &r->stop[r->n] };
	for (int i = 0; i < 2; i++) {
		char why[128];
		if (!regex_guard(re[i], why, sizeof why)) {
			snprintf(err, errlen, "regex '%s' refused: %s", re[i], why);
			if (i)
				regfree(dst[0]);
			return false;
		}
		int e = regcomp(dst[i], re[i], REG_EXTENDED);
		if (e) {
			char msg[128];
			regerror(e, dst[i], msg, sizeof msg);
			snprintf(err, errlen, "bad regex '%s': %s", re[i], msg);
			if (i)
				regfree(dst[0]);
			return false;
		}
		if (dst[i]->re_nsub < 1) {
			snprintf(err, errlen, "regex '%s' has no group for the name", re[i]);
			regfree(dst[i]);
			if (i)
				regfree(dst[0]);
			return false;
		}
	}
	r->lit_start[r->n] = literal_whole(start);
	r->lit_stop[r->n] = literal_whole(stop);
	r->n++;
	return true;
}

bool span_rules_default(struct span_rules *r)
{
	char err[160];
	return span_rules_user(r, NULL, NULL, 0, err, sizeof err);
}

bool span_rules_user(struct span_rules *r, char *const *start, char *const *stop, size_t n,
		     char *err, size_t errlen)
{
	r->n = 0;
	for (size_t i = 0; i < n; i++)
		if (!span_rules_add(r, start[i], stop[i], err, errlen)) {
			span_rules_free(r);
			return false;
		}
	if (!span_rules_add(r, "^START (.+)$", "^STOP (.+)$", err, errlen) ||
	    !span_rules_add(r, "^(.+) begin$", "^(.+) end$", err, errlen)) {
		span_rules_free(r);
		return false;
	}
	return true;
}

void span_rules_free(struct span_rules *r)
{
	for (size_t i = 0; i < r->n; i++) {
		regfree(&r->start[i]);
		regfree(&r->stop[i]);
	}
	r->n = 0;
}

/* An open span: one of a chain, most recent first, per thread and name. */
struct open {
	uint64_t start;
	int32_t cap;
	uint16_t depth;
	uint32_t below; /* the previous open span of its thread and name + 1, 0: none;
			 * for a free one, the next free + 1 */
};

struct pass {
	struct spans *sp;
	const struct span_rules *r;
	struct idmap threads; /* thread id -> index into nopen */
	uint32_t *nopen;      /* the spans open on each thread */
	size_t nthreads, threadcap;
	struct intern pairs;  /* (thread, name id) -> index into top */
	uint32_t *top;        /* each pair's most recent open span + 1, 0: none */
	size_t topcap;
	struct open *open;    /* the open spans, and free entries */
	size_t nopen_all, opencap;
	uint32_t free1;       /* the first free entry + 1, 0: none */
	size_t spancap, namecap;
	uint64_t budget, bytes;
	bool oom;
};

static bool pass_charge(struct pass *p, size_t bytes)
{
	if (bytes > p->budget - p->bytes) {
		p->sp->over_budget = true;
		return false;
	}
	p->bytes += bytes;
	return true;
}

/* The id of name[0..n), added when new; -1 when it cannot be. */
static long name_of(struct pass *p, const char *name, size_t n)
{
	struct spans *sp = p->sp;
	long id = intern_find(&sp->ix, name, n);
	if (id >= 0)
		return id;
	size_t more = intern_cost(&sp->ix, n) +
		      (sp->nnames == p->namecap ? (p->namecap ? p->namecap : 16) : 0) *
			      sizeof(struct span_name);
	if (sp->nnames >= MAX_NAMES) {
		sp->over_budget = true;
		return -1;
	}
	if (!pass_charge(p, more))
		return -1;
	struct span_name nm = { .len = n, .slowest = SIZE_MAX };
	if (!vec_push(sp->names, sp->nnames, p->namecap, nm) ||
	    (id = intern_add(&sp->ix, name, n)) < 0) {
		p->oom = true;
		return -1;
	}
	return id;
}

/* The index of thread's open count, added when new; -1 when it cannot be. */
static long pass_thread_of(struct pass *p, uint32_t thread)
{
	long i = idmap_get(&p->threads, thread);
	if (i >= 0)
		return i;
	size_t more = idmap_growth_bytes(&p->threads) +
		      (p->nthreads == p->threadcap ? (p->threadcap ? p->threadcap : 16) : 0) *
			      sizeof *p->nopen;
	if (!pass_charge(p, more))
		return -1;
	uint32_t zero = 0;
	if (!vec_push(p->nopen, p->nthreads, p->threadcap, zero) ||
	    !idmap_put(&p->threads, thread, p->nthreads - 1)) {
		p->oom = true;
		return -1;
	}
	return (long)p->nthreads - 1;
}

/* The chain of (thread, name): its index into top; -1 when it is new and
 * add is false, or it cannot be added. */
static long pair_of(struct pass *p, uint32_t thread, uint32_t name, bool add)
{
	uint32_t key[2] = { thread, name };
	long i = intern_find(&p->pairs, key, sizeof key);
	if (i >= 0 || !add)
		return i;
	size_t more = intern_cost(&p->pairs, sizeof key) +
		      (p->pairs.n == p->topcap ? (p->topcap ? p->topcap : 16) : 0) * sizeof *p->top;
	if (!pass_charge(p, more))
		return -1;
	size_t n = p->pairs.n;
	uint32_t zero = 0;
	if (!vec_push(p->top, n, p->topcap, zero) || (i = intern_add(&p->pairs, key, sizeof key)) < 0) {
		p->oom = true;
		return -1;
	}
	return i;
}

static void open_span(struct pass *p, uint32_t name, uint64_t t, int32_t cap, uint32_t thread)
{
	long ti = pass_thread_of(p, thread);
	long pi = ti >= 0 ? pair_of(p, thread, name, true) : -1;
	if (pi < 0)
		return;
	uint32_t k = p->free1;
	if (k) {
		p->free1 = p->open[k - 1].below;
	} else {
		if (p->nopen_all >= UINT32_MAX - 1)
			return;
		if (p->nopen_all == p->opencap &&
		    !pass_charge(p, (p->opencap ? p->opencap : 16) * sizeof *p->open))
			return;
		struct open z = { 0 };
		if (!vec_push(p->open, p->nopen_all, p->opencap, z)) {
			p->oom = true;
			return;
		}
		k = (uint32_t)p->nopen_all;
	}
	uint32_t depth = p->nopen[ti];
	p->open[k - 1] = (struct open){ t, cap, (uint16_t)(depth < 0xFFFF ? depth : 0xFFFF),
					p->top[pi] };
	p->top[pi] = k;
	p->nopen[ti]++;
}

/* A user event being paired: its thread, found when first asked for
 * (who_thread). */
struct who {
	struct attr *a;
	uint64_t time, off;
	int32_t cap;
	bool known;
	uint32_t thread;
};

static uint32_t who_thread(struct who *w);

/* A stop: its thread matters only for a name that was started. */
static void close_span(struct pass *p, const char *name, size_t n, struct who *w)
{
	struct spans *sp = p->sp;
	long id = intern_find(&sp->ix, name, n);
	uint32_t thread = id >= 0 ? who_thread(w) : 0;
	uint64_t t = w->time;
	long ti = id >= 0 ? idmap_get(&p->threads, thread) : -1;
	long pi = ti >= 0 ? pair_of(p, thread, (uint32_t)id, false) : -1;
	uint32_t k = pi >= 0 ? p->top[pi] : 0;
	if (!k) {
		sp->unmatched_stops++;
		return;
	}
	struct open o = p->open[k - 1];
	p->top[pi] = o.below;
	p->open[k - 1].below = p->free1;
	p->free1 = k;
	p->nopen[ti]--;
	struct span s1 = { o.start, t, (uint32_t)id, thread, o.cap, o.depth };
	if (sp->n == p->spancap && !pass_charge(p, (p->spancap ? p->spancap : 64) * sizeof s1))
		return;
	if (!vec_push(sp->v, sp->n, p->spancap, s1))
		p->oom = true;
}

static bool ascii(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)text[i] - 1u >= 127u)
			return false;
	return true;
}

bool span_match(const regex_t *re, const struct span_lit *l, const char *text, size_t len,
		const char **name, size_t *n)
{
	if (!span_lit_admits(l, text, len))
		return false;
	if (l->whole && ascii(text, len)) {
		if (len <= l->len)
			return false;
		*name = l->at_end ? text : text + l->len;
		*n = len - l->len;
		return true;
	}
	regmatch_t m[2];
	if (regexec(re, text, 2, m, 0) != 0 || m[1].rm_so < 0)
		return false;
	*name = text + m[1].rm_so;
	*n = (size_t)(m[1].rm_eo - m[1].rm_so);
	return true;
}

/* ---- the running thread of a capability at a user event ----
 *
 * The thread a user event is paired on is the one its capability runs: set
 * by the capability's latest RUN_THREAD before the event in merged order,
 * cleared by a STOP_THREAD (0 when neither came before). Only the events
 * that pair need it, and a log has few or many of them, so it is found
 * near each: a merge of RUN_THREAD and STOP_THREAD runs forward from a
 * little before the first such event, through the next ones while they are
 * close (a capability's state is known once one of its events was read);
 * a capability not seen since that merge started is looked up backwards in
 * windows that grow eightfold. Far apart events start a new merge. Once the
 * reading reaches an eighth of the log's events, the merge no longer
 * restarts (a log with many spans costs one pass over the scheduler's
 * events, as a full scan would), and a backwards look that would go over
 * that restarts it from the log's start. */

bool spans_full_scan; /* tests: attribute from one pass from the start */

#define NCAPS_MAX 65536 /* capabilities are 16-bit in the block markers */
#define WINDOW_EVENTS 2048 /* a window's first size, in events (by the log's mean rate) */
#define GAP_EVENTS (4 * WINDOW_EVENTS) /* how far (in events) the merge goes on
					     * rather than starts again */

static const uint16_t runstop[2] = { EV_RUN_THREAD, EV_STOP_THREAD };

struct attr {
	const struct store *s;
	struct merge *m;      /* RUN_THREAD and STOP_THREAD from time from */
	uint64_t from;
	struct evref next;    /* m's next event, read ahead */
	bool have_next, ended;
	bool full;            /* m never starts again */
	uint32_t *thread;     /* by capability: its running thread, 0: none */
	uint32_t *gen;        /* by capability: thread[] holds since m started when == curgen */
	uint32_t curgen;
	uint64_t window;      /* the first window, in ns */
	uint64_t gap;         /* GAP_EVENTS, in ns */
	uint64_t read, budget; /* events read by the merges, and the cheap reading's limit */
	bool oom;
};

/* A RUN_THREAD's thread or a STOP_THREAD's 0 into *thread; false when the
 * event is one the pass skips (unknown layout, no field). */
static bool runstop_thread(const struct store *s, uint64_t off, uint32_t *thread)
{
	struct ev e;
	if (ev_decode(&s->hdr, s->map, s->size, off, &e) != EV_OK ||
	    e.layout == SEL_UNKNOWN_LAYOUT || e.nf < 1)
		return false;
	*thread = e.tag == EV_RUN_THREAD ? (uint32_t)e.f[0].u : 0;
	return true;
}

static bool key_before(const struct evref *r, uint64_t time, uint64_t off)
{
	return r->time < time || (r->time == time && r->off < off);
}

static bool attr_init(struct attr *a, const struct store *s)
{
	memset(a, 0, sizeof *a);
	a->s = s;
	a->thread = xcallocarray(NCAPS_MAX, sizeof *a->thread);
	a->gen = xcallocarray(NCAPS_MAX, sizeof *a->gen);
	uint64_t span = s->tmax - s->tmin, n = s->nevents ? s->nevents : 1;
	double per = (double)span / (double)n; /* ns per event */
	a->window = (uint64_t)(per * WINDOW_EVENTS) + 1;
	a->gap = (uint64_t)(per * GAP_EVENTS) + 1;
	a->budget = s->nevents / 8;
	a->full = spans_full_scan;
	return a->thread && a->gen;
}

static void attr_free(struct attr *a)
{
	merge_free(a->m);
	free(a->thread);
	free(a->gen);
}

/* Starts the forward merge at time from (the log's start: every
 * capability's state is known, none running). */
static bool attr_restart(struct attr *a, uint64_t from)
{
	merge_free(a->m);
	if (from <= a->s->tmin)
		from = 0;
	a->m = merge_new_tags(a->s, from, 0, runstop, 2);
	a->from = from;
	a->have_next = a->ended = false;
	if (++a->curgen == 0) { /* wrapped: no stale generation may match */
		memset(a->gen, 0, NCAPS_MAX * sizeof *a->gen);
		a->curgen = 1;
	}
	if (!a->m)
		a->oom = true;
	return a->m != NULL;
}

/* Moves the forward merge up to the key (time, off): every event before it
 * is applied. */
static void attr_advance(struct attr *a, uint64_t time, uint64_t off)
{
	while (!a->ended) {
		if (!a->have_next) {
			uint64_t r0 = merge_read(a->m);
			a->have_next = merge_step(a->m, &a->next);
			a->read += merge_read(a->m) - r0;
			if (!a->have_next) {
				a->ended = true;
				a->oom |= merge_failed(a->m);
				return;
			}
		}
		if (!key_before(&a->next, time, off))
			return;
		a->have_next = false;
		int32_t c = a->next.cap;
		uint32_t th;
		if (c >= 0 && c < NCAPS_MAX && runstop_thread(a->s, a->next.off, &th)) {
			a->thread[c] = th;
			a->gen[c] = a->curgen;
		}
	}
}

/* Capability c's state just before time t from its latest RUN_THREAD or
 * STOP_THREAD before t, looked for in growing windows: 1 when found (into
 * *thread), 0 when none comes before t, -1 when the look would take the
 * reading past its budget (or out of memory: a->oom). */
static int attr_back(struct attr *a, int32_t c, uint64_t t, uint32_t *thread)
{
	const struct store *s = a->s;
	for (uint64_t w = a->window;; w = w > UINT64_MAX / 8 ? UINT64_MAX : w * 8) {
		uint64_t lo = t - s->tmin > w ? t - w : 0;
		struct merge *m = merge_new_tags(s, lo, 0, runstop, 2);
		if (!m) {
			a->oom = true;
			return -1;
		}
		bool found = false, over = false;
		struct evref r;
		while (!over && merge_step(m, &r) && r.time < t) {
			uint32_t th;
			if (r.cap == c && runstop_thread(s, r.off, &th)) {
				*thread = th;
				found = true;
			}
			over = a->read + merge_read(m) > a->budget;
		}
		a->read += merge_read(m);
		a->oom |= merge_failed(m);
		merge_free(m);
		if (a->oom || over)
			return -1;
		if (found)
			return 1;
		if (lo == 0)
			return 0;
	}
}

/* The running thread of capability cap just before the event (time, off);
 * the events asked about come in merged order. */
static uint32_t attr_thread(struct attr *a, uint64_t time, uint64_t off, int32_t cap)
{
	if (cap < 0 || cap >= NCAPS_MAX)
		return 0;
	if (!a->full && a->read > a->budget)
		a->full = true;
	uint64_t pos = a->have_next ? a->next.time : a->from;
	bool far = a->m && time > pos && time - pos > a->gap;
	if (!a->m || (!a->full && far)) {
		uint64_t from = a->full ? 0 : time - a->s->tmin > a->window ? time - a->window : 0;
		if (!attr_restart(a, from))
			return 0;
	}
	attr_advance(a, time, off);
	if (a->gen[cap] != a->curgen) {
		uint32_t th = 0;
		int k = !a->from ? 0 : a->full ? -1 : attr_back(a, cap, a->from, &th);
		if (k < 0) { /* too far back: read everything, once, from the start */
			if (a->oom)
				return 0;
			a->full = true;
			if (!attr_restart(a, 0))
				return 0;
			attr_advance(a, time, off);
			th = a->gen[cap] == a->curgen ? a->thread[cap] : 0;
		}
		a->thread[cap] = th;
		a->gen[cap] = a->curgen;
	}
	return a->thread[cap];
}

static uint32_t who_thread(struct who *w)
{
	if (!w->known) {
		w->thread = attr_thread(w->a, w->time, w->off, w->cap);
		w->known = true;
	}
	return w->thread;
}

static void user_event(struct pass *p, const uint8_t *s, size_t len, struct who *w)
{
	char buf[1024];
	if (len >= sizeof buf || memchr(s, 0, len))
		return; /* a text with a NUL, or this long, is no phase's name */
	memcpy(buf, s, len);
	buf[len] = 0;
	const char *name;
	size_t n;
	for (size_t k = 0; k < p->r->n; k++) {
		if (span_match(&p->r->start[k], &p->r->lit_start[k], buf, len, &name, &n)) {
			long id = name_of(p, name, n);
			if (id >= 0)
				open_span(p, (uint32_t)id, w->time, w->cap, who_thread(w));
			return;
		}
		if (span_match(&p->r->stop[k], &p->r->lit_stop[k], buf, len, &name, &n)) {
			close_span(p, name, n, w);
			return;
		}
	}
}

static int span_cmp_span(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

/* The pass's tables are freed; sp keeps the spans, names and counts. */
static void pass_free(struct pass *p)
{
	struct spans *sp = p->sp;
	for (size_t i = 0; i < p->nthreads; i++)
		sp->unclosed += p->nopen[i];
	free(p->open);
	free(p->nopen);
	free(p->top);
	sp->probes = sp->ix.probes + p->pairs.probes;
	intern_free(&p->pairs);
	idmap_free(&p->threads);
}

/* Is e a user event the pass reads (the tracks' pass lists the same:
 * builder.c's feed_op)? */
static bool pairable(const struct ev *e)
{
	return e->layout != SEL_UNKNOWN_LAYOUT && e->nf >= 1 && e->f[0].s && !(e->bad & BAD_LEN);
}

static bool spans_done(struct spans *sp, struct pass *p, bool failed);

bool spans_build(struct spans *sp, const struct store *s, const struct span_rules *r)
{
	memset(sp, 0, sizeof *sp);
	struct pass p = { .sp = sp, .r = r };
	p.budget = s->size / 20 > MIN_BUDGET ? s->size / 20 : MIN_BUDGET;
	static const uint16_t user[2] = { EV_USER_MSG, EV_USER_MARKER };
	struct attr a;
	struct merge *m = NULL;
	bool ok = attr_init(&a, s) && (m = merge_new_tags(s, 0, 0, user, 2)) != NULL;
	int32_t cap;
	const struct ev *e;
	while (ok && !p.oom && !a.oom && (e = merge_next(m, &cap))) {
		if (!pairable(e))
			continue;
		struct who w = { &a, e->time, e->off, cap, false, 0 };
		user_event(&p, e->f[0].s, (size_t)e->f[0].u, &w);
	}
	bool failed = !ok || merge_failed(m) || p.oom || a.oom;
	sp->sched_read = a.read;
	sp->full_scan = a.full;
	merge_free(m);
	attr_free(&a);
	return spans_done(sp, &p, failed);
}

bool spans_build_marks(struct spans *sp, const struct store *s, const struct tracks *tr,
		       const struct span_rules *r)
{
	if (!tr->marks_threads)
		return spans_build(sp, s, r);
	memset(sp, 0, sizeof *sp);
	struct pass p = { .sp = sp, .r = r };
	p.budget = s->size / 20 > MIN_BUDGET ? s->size / 20 : MIN_BUDGET;
	for (size_t i = 0; i < tr->nmarks && !p.oom; i++) {
		const struct mark *mk = &tr->marks[i];
		struct ev e;
		if ((mk->tag != EV_USER_MSG && mk->tag != EV_USER_MARKER) ||
		    ev_decode(&s->hdr, s->map, s->size, mk->off, &e) != EV_OK || !pairable(&e))
			continue;
		struct who w = { NULL, mk->time, mk->off, mk->cap, true, mk->thread };
		user_event(&p, e.f[0].s, (size_t)e.f[0].u, &w);
	}
	return spans_done(sp, &p, p.oom);
}

/* The pass's end: its tables freed, the spans sorted and counted over the
 * whole run. */
static bool spans_done(struct spans *sp, struct pass *p, bool failed)
{
	pass_free(p);
	if (failed) {
		spans_free(sp);
		return false;
	}
	/* the names' text, now that the table no longer moves */
	for (size_t k = 0; k < sp->nnames; k++)
		sp->names[k].text = (char *)intern_key(&sp->ix, (uint32_t)k, &sp->names[k].len);
	if (sp->n)
		qsort(sp->v, sp->n, sizeof *sp->v, span_cmp_span);
	return spans_stats(sp, 0, UINT64_MAX);
}

void spans_free(struct spans *sp)
{
	intern_free(&sp->ix);
	free(sp->names);
	free(sp->v);
	memset(sp, 0, sizeof *sp);
}

static const struct span_name *by_total; /* cmp_total's names */

static int cmp_total(const void *a, const void *b)
{
	const struct span_name *x = &by_total[*(const uint32_t *)a];
	const struct span_name *y = &by_total[*(const uint32_t *)b];
	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	return *(const uint32_t *)a < *(const uint32_t *)b ? -1 : 1;
}

size_t spans_by_total(const struct spans *sp, uint32_t *order)
{
	size_t n = 0;
	for (size_t k = 0; k < sp->nnames; k++)
		if (sp->names[k].count)
			order[n++] = (uint32_t)k;
	by_total = sp->names;
	qsort(order, n, sizeof *order, cmp_total);
	return n;
}

bool spans_stats(struct spans *sp, uint64_t from, uint64_t to)
{
	for (size_t k = 0; k < sp->nnames; k++) {
		struct span_name *nm = &sp->names[k];
		nm->count = nm->total = nm->p50 = nm->p90 = nm->p99 = nm->max = 0;
		nm->slowest = SIZE_MAX;
	}
	if (!sp->n)
		return true;
	/* the durations of each name, gathered name by name */
	uint64_t *d = xmallocarray(sp->n, sizeof *d);
	size_t *first = xcallocarray(sp->nnames + 1, sizeof *first);
	if (!d || !first) {
		free(d);
		free(first);
		return false;
	}
	for (size_t i = 0; i < sp->n; i++) {
		const struct span *s1 = &sp->v[i];
		if (s1->start < from || s1->start > to)
			continue;
		struct span_name *nm = &sp->names[s1->name];
		uint64_t dur = s1->end - s1->start;
		nm->count++;
		nm->total += dur;
		if (nm->slowest == SIZE_MAX || dur > nm->max) {
			nm->max = dur;
			nm->slowest = i;
		}
	}
	for (size_t k = 0; k < sp->nnames; k++)
		first[k + 1] = first[k] + sp->names[k].count;
	size_t *fill = xcallocarray(sp->nnames, sizeof *fill);
	if (!fill) {
		free(d);
		free(first);
		return false;
	}
	for (size_t i = 0; i < sp->n; i++) {
		const struct span *s1 = &sp->v[i];
		if (s1->start < from || s1->start > to)
			continue;
		d[first[s1->name] + fill[s1->name]++] = s1->end - s1->start;
	}
	for (size_t k = 0; k < sp->nnames; k++) {
		struct span_name *nm = &sp->names[k];
		size_t n = nm->count;
		if (!n)
			continue;
		uint64_t *v = d + first[k];
		qsort(v, n, sizeof *v, cmp_u64_at);
		/* nearest rank: the ceil(p n / 100)-th smallest */
		nm->p50 = v[(50 * n + 99) / 100 - 1];
		nm->p90 = v[(90 * n + 99) / 100 - 1];
		nm->p99 = v[(99 * n + 99) / 100 - 1];
	}
	free(fill);
	free(first);
	free(d);
	return true;
}
