/* Spans: user events paired per thread. */
#include "spans.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classes.h"
#include "idmap.h"
#include "vec.h"

#define MAX_NAMES 65536
#define MIN_BUDGET (8u << 20)

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

/* An open span on a thread. */
struct open {
	uint64_t start;
	uint32_t name;
	int32_t cap;
	uint16_t depth;
};

struct stack {
	struct open *v;
	size_t n, cap;
};

struct pass {
	struct spans *sp;
	const struct span_rules *r;
	struct idmap threads; /* thread id -> stacks index */
	struct stack *stacks;
	size_t nstacks, stackcap;
	size_t spancap, namecap;
	uint64_t budget, bytes;
	bool oom;
};

static bool charge(struct pass *p, size_t bytes)
{
	if (p->bytes + bytes > p->budget) {
		p->sp->over_budget = true;
		return false;
	}
	p->bytes += bytes;
	return true;
}

/* The index of name[0..n), added when new; -1 when it cannot be. */
static long name_of(struct pass *p, const char *name, size_t n)
{
	struct spans *sp = p->sp;
	for (size_t i = sp->nnames; i-- > 0;)
		if (sp->names[i].len == n && !memcmp(sp->names[i].text, name, n))
			return (long)i;
	if (sp->nnames >= MAX_NAMES || !charge(p, sizeof(struct span_name) + n + 1)) {
		sp->over_budget = true;
		return -1;
	}
	struct span_name nm = { .len = n, .slowest = SIZE_MAX };
	nm.text = malloc(n + 1);
	if (!nm.text || !vec_push(sp->names, sp->nnames, p->namecap, nm)) {
		free(nm.text);
		p->oom = true;
		return -1;
	}
	memcpy(nm.text, name, n);
	nm.text[n] = 0;
	return (long)sp->nnames - 1;
}

static struct stack *stack_of(struct pass *p, uint32_t thread)
{
	long i = idmap_get(&p->threads, thread);
	if (i >= 0)
		return &p->stacks[i];
	struct stack st = { 0 };
	if (!charge(p, sizeof st + 16) || !vec_push(p->stacks, p->nstacks, p->stackcap, st) ||
	    !idmap_put(&p->threads, thread, p->nstacks - 1)) {
		p->oom = !p->sp->over_budget;
		return NULL;
	}
	return &p->stacks[p->nstacks - 1];
}

/* Does text match a rule's start (kind 0) or stop (1)? The name's bytes
 * into *name, *n. */
static bool match(const regex_t *re, const char *text, const char **name, size_t *n)
{
	regmatch_t m[2];
	if (regexec(re, text, 2, m, 0) != 0 || m[1].rm_so < 0)
		return false;
	*name = text + m[1].rm_so;
	*n = (size_t)(m[1].rm_eo - m[1].rm_so);
	return true;
}

static void user_event(struct pass *p, const uint8_t *s, size_t len, uint64_t t, int32_t cap,
		       uint32_t thread)
{
	char buf[1024];
	if (len >= sizeof buf || memchr(s, 0, len))
		return; /* a text with a NUL, or this long, is no phase's name */
	memcpy(buf, s, len);
	buf[len] = 0;
	const char *name;
	size_t n;
	for (size_t k = 0; k < p->r->n; k++) {
		if (match(&p->r->start[k], buf, &name, &n)) {
			long id = name_of(p, name, n);
			struct stack *st = id >= 0 ? stack_of(p, thread) : NULL;
			if (!st)
				return;
			struct open o = { t, (uint32_t)id, cap, (uint16_t)(st->n < 0xFFFF ? st->n : 0xFFFF) };
			if (st->n == st->cap && !charge(p, (st->cap ? st->cap : 8) * sizeof o))
				return;
			if (!vec_push(st->v, st->n, st->cap, o))
				p->oom = true;
			return;
		}
		if (match(&p->r->stop[k], buf, &name, &n)) {
			struct spans *sp = p->sp;
			long id = -1;
			for (size_t i = 0; i < sp->nnames && id < 0; i++)
				if (sp->names[i].len == n && !memcmp(sp->names[i].text, name, n))
					id = (long)i;
			long si = idmap_get(&p->threads, thread);
			struct stack *st = si >= 0 ? &p->stacks[si] : NULL;
			size_t j = st ? st->n : 0;
			while (j > 0 && st->v[j - 1].name != (uint32_t)id)
				j--;
			if (id < 0 || j == 0) {
				sp->unmatched_stops++;
				return;
			}
			struct open o = st->v[j - 1];
			memmove(&st->v[j - 1], &st->v[j], (st->n - j) * sizeof *st->v);
			st->n--;
			struct span s1 = { o.start, t, o.name, thread, o.cap, o.depth };
			if (sp->n == p->spancap && !charge(p, (p->spancap ? p->spancap : 64) * sizeof s1))
				return;
			if (!vec_push(sp->v, sp->n, p->spancap, s1))
				p->oom = true;
			return;
		}
	}
}

static int cmp_span(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

bool spans_build(struct spans *sp, const struct store *s, const struct span_rules *r)
{
	memset(sp, 0, sizeof *sp);
	struct pass p = { .sp = sp, .r = r };
	p.budget = s->size / 20 > MIN_BUDGET ? s->size / 20 : MIN_BUDGET;
	/* the running thread of each capability, by capability: a small map */
	struct idmap capmap = { 0 };
	uint32_t *running = NULL;
	size_t ncaps = 0, capcap = 0;
	struct merge *m = merge_new_at(s, 0, CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_USER));
	if (!m)
		return false;
	int32_t cap;
	const struct ev *e;
	while (!p.oom && (e = merge_next(m, &cap))) {
		if (e->layout == SEL_UNKNOWN_LAYOUT || e->nf < 1)
			continue;
		uint32_t *run = NULL;
		if (cap != EV_NO_CAP) {
			long i = idmap_get(&capmap, (uint32_t)cap);
			if (i < 0) {
				uint32_t z = 0;
				if (ncaps >= 4096 || !vec_push(running, ncaps, capcap, z) ||
				    !idmap_put(&capmap, (uint32_t)cap, ncaps - 1)) {
					if (ncaps < 4096)
						p.oom = true;
					continue;
				}
				i = (long)ncaps - 1;
			}
			run = &running[i];
		}
		switch (e->tag) {
		case EV_RUN_THREAD:
			if (run)
				*run = (uint32_t)e->f[0].u;
			break;
		case EV_STOP_THREAD:
			if (run)
				*run = 0;
			break;
		case EV_USER_MSG:
		case EV_USER_MARKER:
			if (e->f[0].s)
				user_event(&p, e->f[0].s, (size_t)e->f[0].u, e->time, cap,
					   run ? *run : 0);
			break;
		}
	}
	bool failed = merge_failed(m) || p.oom;
	merge_free(m);
	for (size_t i = 0; i < p.nstacks; i++) {
		sp->unclosed += p.stacks[i].n;
		free(p.stacks[i].v);
	}
	free(p.stacks);
	idmap_free(&p.threads);
	idmap_free(&capmap);
	free(running);
	if (failed) {
		spans_free(sp);
		return false;
	}
	if (sp->n)
		qsort(sp->v, sp->n, sizeof *sp->v, cmp_span);
	return spans_stats(sp, 0, UINT64_MAX);
}

void spans_free(struct spans *sp)
{
	for (size_t i = 0; i < sp->nnames; i++)
		free(sp->names[i].text);
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

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
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
		qsort(v, n, sizeof *v, cmp_u64);
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
