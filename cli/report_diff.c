/* report_diff: hectic diff's sections past the summary and the pauses:
 * the heap profile's bands (peak and mean, matched by name), the cost
 * centres (individual and inherited ticks, matched by module and name),
 * the spans (per name) and the threads (per label). Each keys its rows as
 * the run's own report names the thing, so that a figure matches across
 * runs whatever its index in each log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/cctree.h"
#include "../model/spans.h"
#include "diff.h"
#include "report.h"

/* A row of (sec, sub, key), added when new: false only when memory ran
 * out (a key past the table's budget is left out: *w NULL). */
static bool diff_row_of(struct diff_rows *rows, enum diff_section sec, enum diff_suffix_id sub,
		   const void *key, size_t klen, struct diff_row **w)
{
	*w = diff_row_named(rows, sec, sub, key, klen);
	return *w || !rows->oom;
}

/* ---- heap: each band's peak and mean over the censuses of the window ---- */

static bool heap_side(struct diff_rows *rows, const struct diff_run *r, bool b_side)
{
	const struct heap *h = &r->run.h;
	uint64_t *peak = calloc(h->nbands ? h->nbands : 1, sizeof *peak);
	uint64_t *sum = calloc(h->nbands ? h->nbands : 1, sizeof *sum);
	uint64_t *cur = calloc(h->nbands ? h->nbands : 1, sizeof *cur);
	if (!peak || !sum || !cur) {
		free(peak);
		free(sum);
		free(cur);
		return false;
	}
	size_t ncens = 0;
	for (size_t k = 0; k < h->ncensuses; k++) {
		const struct census *c = &h->censuses[k];
		if (c->time < r->from || c->time > r->to)
			continue;
		ncens++;
		/* a band named twice in a census: the .hp adds them */
		for (size_t i = c->first; i < c->first + c->n; i++)
			cur[h->samples[i].band] += h->samples[i].bytes;
		for (size_t i = c->first; i < c->first + c->n; i++) {
			uint32_t b = h->samples[i].band;
			if (cur[b] > peak[b])
				peak[b] = cur[b];
			sum[b] += h->samples[i].bytes;
		}
		for (size_t i = c->first; i < c->first + c->n; i++)
			cur[h->samples[i].band] = 0;
	}
	bool ok = true;
	for (uint32_t b = 0; b < h->nbands && ok; b++) {
		if (!peak[b])
			continue;
		char *name = NULL;
		size_t nl = 0;
		FILE *f = open_memstream(&name, &nl);
		if (!f) {
			ok = false;
			break;
		}
		heap_band_name(h, b, f);
		if (fclose(f) != 0) {
			free(name);
			ok = false;
			break;
		}
		/* (one row at a time: adding a row may move them all) */
		struct diff_row *w;
		ok = diff_row_of(rows, DS_HEAP, DSUF_NONE, name, nl, &w);
		if (w) {
			w->unit = DU_BYTES;
			diff_set(w, b_side, peak[b]);
		}
		if (ok && w)
			ok = diff_row_of(rows, DS_HEAP_MEAN, DSUF_NONE, name, nl, &w);
		if (w) {
			w->unit = DU_BYTES;
			diff_set(w, b_side, ncens ? sum[b] / ncens : 0);
		}
		free(name);
	}
	free(peak);
	free(sum);
	free(cur);
	return ok;
}

bool diff_heap_rows(struct diff_rows *rows, const struct diff_run *ra, const struct diff_run *rb)
{
	return (!diff_has_heap(ra) || heap_side(rows, ra, false)) &&
	       (!diff_has_heap(rb) || heap_side(rows, rb, true));
}

/* ---- profile: per cost centre, MODULE.NAME ---- */

/* A run's ticks counted per cost centre (h->ccs' order; the last, nccs,
 * is the root MAIN), then its rows keyed MODULE.NAME (cost centres of one
 * name summed). kid[i]: the key of cost centre i, UINT32_MAX where it was
 * left out, for profile_zeros. */
struct prof_count {
	size_t main; /* the cost centre MAIN.MAIN of h->ccs (nccs: none) */
	uint64_t *self, *inh; /* [nccs + 1] */
	size_t *seen;         /* the tick a cost centre was last counted in, + 1 */
	uint32_t *kid;
};

static void prof_count_free(struct prof_count *p)
{
	free(p->self);
	free(p->inh);
	free(p->seen);
	free(p->kid);
}

struct tick_ctx {
	const struct heap *h;
	struct prof_count *p;
	size_t i; /* the tick's number, + 1 */
};

/* One tick (cctree_ticks reads every one from the log: the heap keeps
 * only as many as its budget holds). */
static bool prof_count_tick(void *arg, const struct tick_ref *t)
{
	struct tick_ctx *c = arg;
	const struct heap *h = c->h;
	struct prof_count *p = c->p;
	size_t root = h->nccs, tick = ++c->i;
	struct band st = { .stack = true, .p = t->stack, .n = t->depth };
	/* the .prof leaves out the ticks on the RTS's own cost centres */
	const struct cost_centre *inner = st.n ? heap_cc(h, heap_stack_id(&st, 0)) : NULL;
	if (inner && heap_cc_builtin(inner))
		return true;
	/* the .prof's root, MAIN: every tick's inherited, and the individual
	 * of the ticks on the empty stack (the RTS posts a stack without
	 * MAIN, as cctree.c roots it) */
	p->inh[root]++;
	p->seen[root] = tick;
	if (!st.n)
		p->self[root]++;
	for (uint32_t k = 0; k < st.n; k++) {
		const struct cost_centre *cc = heap_cc(h, heap_stack_id(&st, k));
		if (!cc)
			continue;
		size_t ci = (size_t)(cc - h->ccs);
		if (ci == p->main)
			ci = root; /* MAIN itself on the stack: the root, counted once */
		if (k == 0)
			p->self[ci]++;
		/* inherited: once a tick, however often the stack holds it */
		if (p->seen[ci] != tick) {
			p->seen[ci] = tick;
			p->inh[ci]++;
		}
	}
	return true;
}

static bool count_ticks(const struct diff_run *r, struct prof_count *p)
{
	struct tick_ctx c = { .h = &r->run.h, .p = p };
	return cctree_ticks(&r->run.s, r->from, r->to, prof_count_tick, &c);
}

/* The key MODULE.NAME of cost centre c into *buf (grown); false when out
 * of memory. */
static bool cc_key(char **buf, size_t *cap, const struct cost_centre *c, size_t *len)
{
	size_t n = (size_t)c->nmodule + 1 + c->nlabel;
	if (n > *cap) {
		char *b = realloc(*buf, n);
		if (!b)
			return false;
		*buf = b;
		*cap = n;
	}
	if (c->nmodule)
		memcpy(*buf, c->module, c->nmodule);
	(*buf)[c->nmodule] = '.';
	if (c->nlabel)
		memcpy(*buf + c->nmodule + 1, c->label, c->nlabel);
	*len = n;
	return true;
}

static bool profile_side(struct diff_rows *rows, const struct diff_run *r, bool b_side,
			 struct prof_count *p)
{
	const struct heap *h = &r->run.h;
	size_t n = h->nccs + 1;
	p->self = calloc(n, sizeof *p->self);
	p->inh = calloc(n, sizeof *p->inh);
	p->seen = calloc(n, sizeof *p->seen);
	p->kid = malloc(n * sizeof *p->kid);
	if (!p->self || !p->inh || !p->seen || !p->kid)
		return false;
	p->main = h->nccs;
	for (size_t i = 0; i < h->nccs; i++)
		if (h->ccs[i].nlabel == 4 && h->ccs[i].nmodule == 4 && !memcmp(h->ccs[i].label, "MAIN", 4) &&
		    !memcmp(h->ccs[i].module, "MAIN", 4))
			p->main = i;
	if (!count_ticks(r, p))
		return false;
	char *key = NULL;
	size_t cap = 0;
	bool ok = true;
	for (size_t i = 0; i < n && ok; i++) {
		static const char root[] = "MAIN.MAIN";
		size_t kl = sizeof root - 1;
		const char *k = root;
		if (i < h->nccs) {
			if (!(ok = cc_key(&key, &cap, &h->ccs[i], &kl)))
				break;
			k = key;
		}
		p->kid[i] = UINT32_MAX;
		if (!diff_key(rows, k, kl, &p->kid[i])) {
			ok = !rows->oom;
			p->kid[i] = UINT32_MAX;
			continue;
		}
		/* a row for what ticked */
		struct diff_row *w;
		if (p->self[i] && (w = diff_row(rows, DS_PROFILE, DSUF_NONE, p->kid[i], true))) {
			w->unit = DU_COUNT; /* ticks */
			diff_add(w, b_side, p->self[i]);
		}
		if (p->inh[i] && (w = diff_row(rows, DS_PROFILE_INHERITED, DSUF_NONE, p->kid[i], true))) {
			w->unit = DU_COUNT;
			diff_add(w, b_side, p->inh[i]);
		}
		ok = !rows->oom;
	}
	free(key);
	free(p->seen);
	p->seen = NULL;
	return ok;
}

/* A cost centre a run with a time profile defines but did not tick has 0
 * ticks there, not none: "only in" the other run is for a cost centre the
 * run does not have (another program), and a run without ticks (no +RTS
 * -p) has no figure at all. */
static void profile_zeros(struct diff_rows *rows, const struct diff_run *r, bool b_side,
			  const struct prof_count *p)
{
	static const enum diff_section sec[2] = { DS_PROFILE, DS_PROFILE_INHERITED };
	if (!diff_has_heap(r) || !r->run.h.tick_events || !p->kid)
		return;
	for (size_t i = 0; i < r->run.h.nccs; i++) {
		if (p->kid[i] == UINT32_MAX)
			continue;
		for (int k = 0; k < 2; k++) {
			struct diff_row *w = diff_row(rows, sec[k], DSUF_NONE, p->kid[i], false);
			if (w && !(b_side ? w->hb : w->ha))
				diff_set(w, b_side, 0);
		}
	}
}

bool diff_profile_rows(struct diff_rows *rows, const struct diff_run *ra,
		       const struct diff_run *rb)
{
	struct prof_count p[2] = { { 0 }, { 0 } };
	bool ok = (!diff_has_heap(ra) || profile_side(rows, ra, false, &p[0])) &&
		  (!diff_has_heap(rb) || profile_side(rows, rb, true, &p[1]));
	if (ok) {
		profile_zeros(rows, ra, false, &p[0]);
		profile_zeros(rows, rb, true, &p[1]);
	}
	prof_count_free(&p[0]);
	prof_count_free(&p[1]);
	return ok;
}

/* ---- spans: per name, NAME count, total_ns, p50_ns, p99_ns, max_ns ---- */

static bool spans_side(struct diff_rows *rows, const struct spans *sp, bool b_side)
{
	static const enum diff_suffix_id what[5] = { DSUF_COUNT, DSUF_TOTAL_NS, DSUF_P50_NS,
						      DSUF_P99_NS, DSUF_MAX_NS };
	bool ok = true;
	for (size_t i = 0; ok && i < sp->nnames; i++) {
		const struct span_name *nm = &sp->names[i];
		if (!nm->count)
			continue;
		uint64_t v[5] = { nm->count, nm->total, nm->p50, nm->p99, nm->max };
		uint32_t kid;
		if (!diff_key(rows, nm->text, nm->len, &kid)) {
			ok = !rows->oom;
			continue;
		}
		for (int k = 0; k < 5; k++) {
			struct diff_row *w = diff_row(rows, DS_SPANS, what[k], kid, true);
			if (w) {
				w->unit = k == 0 ? DU_COUNT : DU_NS;
				diff_set(w, b_side, v[k]);
			}
		}
		ok = !rows->oom;
	}
	return ok;
}

bool diff_spans_rows(struct diff_rows *rows, struct diff_run *r, bool b_side)
{
	struct span_rules rules;
	if (!report_span_rules(&rules, false))
		return false;
	r->run.rules = &rules;
	bool ok = run_need(&r->run, RUN_NEED(TABLE_NEEDS_SPANS));
	r->run.rules = NULL;
	span_rules_free(&rules);
	if (!ok)
		return false;
	ok = spans_stats(&r->run.sp, r->from, r->to) && spans_side(rows, &r->run.sp, b_side);
	run_forget(&r->run, RUN_NEED(TABLE_NEEDS_SPANS)); /* (built for this side alone) */
	return ok;
}

/* ---- threads: per label, LABEL running_ns and runs ---- */

static bool threads_side(struct diff_rows *rows, const struct diff_run *r, bool b_side)
{
	const struct tracks *tr = &r->run.tr;
	if (!(r->run.s.classes & CLASS_BIT(CL_SCHED)) || !tr->nthreads)
		return true; /* no thread is known: nothing to match */
	/* the whole run: the tracks' own figures, as `hectic threads` without
	 * --from/--to (the window's walk of every scheduler event would give
	 * the same, at the cost of a second pass over the log). Read nothing
	 * but tr->threads and tr->nthreads here: cmd_diff.c hands over tracks
	 * that hold only those (the rest freed before these rows are made). */
	bool whole = r->from == 0 && r->to == UINT64_MAX;
	struct thread_window *tw = whole ? NULL : calloc(tr->nthreads, sizeof *tw);
	if (!whole && !tw)
		return false;
	bool ok = whole || tracks_threads_window(tr, &r->run.s, r->from,
						 r->to == UINT64_MAX ? UINT64_MAX : r->to + 1, tw);
	for (size_t i = 0; ok && i < tr->nthreads; i++) {
		size_t n;
		const uint8_t *label = tracks_label(tr, &r->run.s, &tr->threads[i], &n);
		static const char unlabelled[] = "(unlabelled)";
		uint32_t kid;
		if (!diff_key(rows, label ? (const void *)label : unlabelled,
			      label ? n : sizeof unlabelled - 1, &kid)) {
			ok = !rows->oom;
			continue;
		}
		struct diff_row *w = diff_row(rows, DS_THREADS, DSUF_RUNNING_NS, kid, true);
		if (w) {
			w->unit = DU_NS;
			diff_add(w, b_side, tw ? tw[i].run_ns : tr->threads[i].run_ns);
		}
		if ((w = diff_row(rows, DS_THREADS, DSUF_RUNS, kid, true))) {
			w->unit = DU_COUNT;
			diff_add(w, b_side, tw ? tw[i].nruns : tr->threads[i].nruns);
		}
		ok = !rows->oom;
	}
	free(tw);
	return ok;
}

bool diff_threads_rows(struct diff_rows *rows, const struct diff_run *ra,
		       const struct diff_run *rb)
{
	return threads_side(rows, ra, false) && threads_side(rows, rb, true);
}
