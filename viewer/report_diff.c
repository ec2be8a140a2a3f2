/* report_diff: hectic diff's sections past the summary and the pauses:
 * the heap profile's bands (peak and mean, matched by name), the cost
 * centres (individual and inherited ticks, matched by module and name),
 * the spans (per name) and the threads (per label). Each keys its rows as
 * the run's own report names the thing, so that a figure matches across
 * runs whatever its index in each log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/spans.h"
#include "diff.h"
#include "report.h"

/* ---- rows ---- */

struct diff_row *diff_row_add(struct diff_rows *r)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 64;
		struct diff_row *v = realloc(r->v, cap * sizeof *v);
		if (!v)
			return NULL;
		r->v = v;
		r->cap = cap;
	}
	struct diff_row *w = &r->v[r->n++];
	memset(w, 0, sizeof *w);
	return w;
}

void diff_set(struct diff_row *w, bool b_side, uint64_t v)
{
	snprintf(b_side ? w->b : w->a, sizeof w->a, "%llu", (unsigned long long)v);
	*(b_side ? &w->hb : &w->ha) = true;
	*(b_side ? &w->vb : &w->va) = (double)v;
}

/* ---- matching keys ---- */

static uint64_t hash_key(const char *sec, const char *key, size_t klen)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a */
	for (const char *p = sec; *p; p++)
		h = (h ^ (uint8_t)*p) * 1099511628211ull;
	h = (h ^ 0xff) * 1099511628211ull;
	for (size_t i = 0; i < klen; i++)
		h = (h ^ (uint8_t)key[i]) * 1099511628211ull;
	return h;
}

/* rows->slot: row index + 1 by hash of (section, key), open addressing. */
static bool rehash(struct diff_rows *rows, size_t cap)
{
	uint32_t *slot = calloc(cap, sizeof *slot);
	if (!slot)
		return false;
	for (size_t i = 0; i < rows->n; i++) {
		size_t j = (size_t)hash_key(rows->v[i].section, rows->v[i].key, rows->v[i].klen) &
			   (cap - 1);
		while (slot[j])
			j = (j + 1) & (cap - 1);
		slot[j] = (uint32_t)i + 1;
	}
	free(rows->slot);
	rows->slot = slot;
	rows->nslot = cap;
	return true;
}

/* The row of section sec and key (klen bytes, cut to fit), added when
 * new (both sides empty). */
static struct diff_row *row_for(struct diff_rows *rows, const char *sec, const char *key,
				size_t klen)
{
	if (klen >= sizeof rows->v->key)
		klen = sizeof rows->v->key - 1;
	if ((rows->n + 1) * 2 > rows->nslot && !rehash(rows, rows->nslot ? rows->nslot * 2 : 256))
		return NULL;
	size_t j = (size_t)hash_key(sec, key, klen) & (rows->nslot - 1);
	for (; rows->slot[j]; j = (j + 1) & (rows->nslot - 1)) {
		struct diff_row *w = &rows->v[rows->slot[j] - 1];
		if (!strcmp(w->section, sec) && w->klen == klen && !memcmp(w->key, key, klen))
			return w;
	}
	struct diff_row *w = diff_row_add(rows);
	if (!w)
		return NULL;
	w->section = sec;
	memcpy(w->key, key, klen);
	w->klen = klen;
	rows->slot[j] = (uint32_t)rows->n;
	return w;
}

/* The row of section sec and key (cut as row_for cuts it), or NULL: none
 * is added. */
static struct diff_row *row_find(const struct diff_rows *rows, const char *sec, const char *key,
				 size_t klen)
{
	if (klen >= sizeof rows->v->key)
		klen = sizeof rows->v->key - 1;
	if (!rows->nslot)
		return NULL;
	for (size_t j = (size_t)hash_key(sec, key, klen) & (rows->nslot - 1); rows->slot[j];
	     j = (j + 1) & (rows->nslot - 1)) {
		struct diff_row *w = &rows->v[rows->slot[j] - 1];
		if (!strcmp(w->section, sec) && w->klen == klen && !memcmp(w->key, key, klen))
			return w;
	}
	return NULL;
}

/* Adds v to a side of a row (figures of one key summed: threads of one
 * label, the nodes of one cost centre). */
static void add_to(struct diff_row *w, bool b_side, uint64_t v)
{
	uint64_t was = (b_side ? w->hb : w->ha) ? (uint64_t)(b_side ? w->vb : w->va) : 0;
	diff_set(w, b_side, was + v);
}

/* Raw bytes from a log as (part of) a key, cut to fit n; its length. */
static size_t key_of(char *out, size_t n, const uint8_t *p, size_t len)
{
	if (len >= n)
		len = n - 1;
	if (len)
		memcpy(out, p, len);
	out[len] = 0;
	return len;
}

/* ---- heap: each band's peak and mean over the censuses of the window ---- */

static bool heap_side(struct diff_rows *rows, const struct diff_run *r, bool b_side)
{
	const struct heap *h = &r->h;
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
		fclose(f);
		char key[160];
		size_t kl = key_of(key, sizeof key, (const uint8_t *)name, name ? nl : 0);
		free(name);
		/* (one row at a time: adding a row may move them all) */
		struct diff_row *w = row_for(rows, "heap", key, kl);
		if (w)
			diff_set(w, b_side, peak[b]);
		struct diff_row *m = w ? row_for(rows, "heap_mean", key, kl) : NULL;
		if (!m) {
			ok = false;
			break;
		}
		diff_set(m, b_side, ncens ? sum[b] / ncens : 0);
	}
	free(peak);
	free(sum);
	free(cur);
	return ok;
}

bool diff_heap_rows(struct diff_rows *rows, const struct diff_run *ra, const struct diff_run *rb)
{
	return (!ra->have_heap || heap_side(rows, ra, false)) &&
	       (!rb->have_heap || heap_side(rows, rb, true));
}

/* ---- profile: per cost centre, MODULE.NAME ---- */

static size_t cc_key(char *out, size_t n, const struct cost_centre *c)
{
	size_t k = key_of(out, n / 2, c->module, c->nmodule);
	out[k++] = '.';
	return k + key_of(out + k, n - k, c->label, c->nlabel);
}

static bool profile_side(struct diff_rows *rows, const struct diff_run *r, bool b_side)
{
	const struct heap *h = &r->h;
	for (size_t i = 0; i < h->nticks; i++) {
		const struct prof_sample *t = &h->ticks[i];
		if (t->time < r->from || t->time > r->to)
			continue;
		const struct band *st = &h->bands[t->band];
		/* the .prof leaves out the ticks on the RTS's own cost centres */
		const struct cost_centre *inner = st->n ? heap_cc(h, heap_stack_id(st, 0)) : NULL;
		if (inner && heap_cc_builtin(inner))
			continue;
		/* the .prof's root, MAIN: every tick's inherited, and the
		 * individual of the ticks on the empty stack (the RTS posts a
		 * stack without MAIN, as cctree.c roots it) */
		static const char root[] = "MAIN.MAIN";
		struct diff_row *m = row_for(rows, "profile_inherited", root, sizeof root - 1);
		if (!m)
			return false;
		add_to(m, b_side, 1);
		if (!st->n) {
			if (!(m = row_for(rows, "profile", root, sizeof root - 1)))
				return false;
			add_to(m, b_side, 1);
		}
		char key[160];
		for (uint32_t k = 0; k < st->n; k++) {
			const struct cost_centre *c = heap_cc(h, heap_stack_id(st, k));
			if (!c)
				continue;
			/* inherited: once a tick, however often the stack holds it */
			bool again = false;
			for (uint32_t j = 0; j < k && !again; j++)
				again = heap_stack_id(st, j) == heap_stack_id(st, k);
			size_t kl = cc_key(key, sizeof key, c);
			struct diff_row *w;
			if (k == 0) {
				if (!(w = row_for(rows, "profile", key, kl)))
					return false;
				add_to(w, b_side, 1);
			}
			if (!again) {
				if (!(w = row_for(rows, "profile_inherited", key, kl)))
					return false;
				add_to(w, b_side, 1);
			}
		}
	}
	return true;
}

/* A cost centre a run with a time profile defines but did not tick has 0
 * ticks there, not none: "only in" the other run is for a cost centre the
 * run does not have (another program), and a run without ticks (no +RTS
 * -p) has no figure at all. */
static void profile_zeros(struct diff_rows *rows, const struct diff_run *r, bool b_side)
{
	static const char *const sec[2] = { "profile", "profile_inherited" };
	if (!r->have_heap || !r->h.nticks)
		return;
	char key[160];
	for (size_t i = 0; i < r->h.nccs; i++) {
		size_t kl = cc_key(key, sizeof key, &r->h.ccs[i]);
		for (int k = 0; k < 2; k++) {
			struct diff_row *w = row_find(rows, sec[k], key, kl);
			if (w && !(b_side ? w->hb : w->ha))
				diff_set(w, b_side, 0);
		}
	}
}

bool diff_profile_rows(struct diff_rows *rows, const struct diff_run *ra,
		       const struct diff_run *rb)
{
	if (!(!ra->have_heap || profile_side(rows, ra, false)) ||
	    !(!rb->have_heap || profile_side(rows, rb, true)))
		return false;
	profile_zeros(rows, ra, false);
	profile_zeros(rows, rb, true);
	return true;
}

/* ---- spans: per name, NAME count, total_ns, p50_ns, p99_ns, max_ns ---- */

static bool spans_side(struct diff_rows *rows, const struct spans *sp, bool b_side)
{
	static const char *const what[5] = { "count", "total_ns", "p50_ns", "p99_ns", "max_ns" };
	bool ok = true;
	for (size_t i = 0; ok && i < sp->nnames; i++) {
		const struct span_name *nm = &sp->names[i];
		if (!nm->count)
			continue;
		uint64_t v[5] = { nm->count, nm->total, nm->p50, nm->p99, nm->max };
		char key[160];
		size_t nl = key_of(key, 120, (const uint8_t *)nm->text, nm->len);
		for (int k = 0; k < 5 && ok; k++) {
			size_t kl = nl + (size_t)snprintf(key + nl, sizeof key - nl, " %s", what[k]);
			struct diff_row *w = row_for(rows, "spans", key, kl);
			ok = w != NULL;
			if (w)
				diff_set(w, b_side, v[k]);
		}
	}
	return ok;
}

bool diff_spans_rows(struct diff_rows *rows, struct diff_run *r, bool b_side)
{
	struct span_rules rules;
	if (!report_span_rules(&rules, false))
		return false;
	struct spans sp;
	bool ok = spans_build_marks(&sp, &r->s, &r->tr, &rules);
	span_rules_free(&rules);
	if (!ok)
		return false;
	ok = spans_stats(&sp, r->from, r->to) && spans_side(rows, &sp, b_side);
	spans_free(&sp);
	return ok;
}

/* ---- threads: per label, LABEL running_ns and runs ---- */

static bool threads_side(struct diff_rows *rows, const struct diff_run *r, bool b_side)
{
	const struct tracks *tr = &r->tr;
	if (!(r->s.classes & CLASS_BIT(CL_SCHED)) || !tr->nthreads)
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
	bool ok = whole || tracks_threads_window(tr, &r->s, r->from,
						 r->to == UINT64_MAX ? UINT64_MAX : r->to + 1, tw);
	for (size_t i = 0; ok && i < tr->nthreads; i++) {
		size_t n;
		const uint8_t *label = tracks_label(tr, &r->s, &tr->threads[i], &n);
		char key[160];
		size_t nl = label ? key_of(key, 120, label, n)
				  : (size_t)snprintf(key, sizeof key, "(unlabelled)");
		size_t kl = nl + (size_t)snprintf(key + nl, sizeof key - nl, " running_ns");
		struct diff_row *w = row_for(rows, "threads", key, kl);
		if (w)
			add_to(w, b_side, tw ? tw[i].run_ns : tr->threads[i].run_ns);
		kl = nl + (size_t)snprintf(key + nl, sizeof key - nl, " runs");
		struct diff_row *x = w ? row_for(rows, "threads", key, kl) : NULL;
		if (!x) {
			ok = false;
			break;
		}
		add_to(x, b_side, tw ? tw[i].nruns : tr->threads[i].nruns);
	}
	free(tw);
	return ok;
}

bool diff_threads_rows(struct diff_rows *rows, const struct diff_run *ra,
		       const struct diff_run *rb)
{
	return threads_side(rows, ra, false) && threads_side(rows, rb, true);
}
