/* profile --speedscope: the time profile as a speedscope file, the format
 * of https://www.speedscope.app/file-format-schema.json (speedscope's
 * src/lib/file-format-spec.ts), to stdout.
 *
 * One file, its profiles "sampled" with "unit": "none" and the weights in
 * ticks (the schema has no unit for a count; each profile's name says
 * ticks), startValue 0 and endValue the profile's ticks:
 *   - first, all capabilities (activeProfileIndex 0, the one speedscope
 *     opens, and the one a viewer that ignores activeProfileIndex shows):
 *     a sample per stack of the .prof's tree (model/cctree, the stacks of
 *     profile --folded, in the same order), its weight the stack's
 *     individual ticks. Its total is the .prof's total ticks. Several
 *     capabilities tick at once, so an order in time across them would be
 *     no timeline: this profile is the stacks, heaviest first.
 *   - then one per capability with ticks, by capability number: its
 *     samples in time order, a run of equal consecutive stacks as one
 *     sample weighing the run's ticks (speedscope's time order view is the
 *     capability's timeline).
 * Under --cap N, only capability N's, in time order. --from and --to keep
 * the ticks in the window (inclusive), --builtin the ticks on the RTS's own
 * cost centres, as for the other profile outputs (the tick rule is
 * cctree_build's).
 *
 * Frames: one per cost centre of the profiles' stacks, by id (stable for a
 * log), named "COST_CENTRE (MODULE, SRC)", with "file", "line" and "col"
 * when SRC is one of GHC's source spans; the empty stack (a tick outside
 * every cost centre) is the frame "MAIN (MAIN, <built-in>)", as the .prof
 * roots its tree, and an id the log never defined "<cc ID> (?, ?)".
 *
 * Strings are written as json.h escapes them: valid JSON whatever the log
 * holds, safe to print, reading back to the same name (bytes that are not
 * UTF-8 as U+FFFD, as speedscope's own decoder shows them). */
#include <stdlib.h>
#include <string.h>

#include "../common/json.h"
#include "cli.h"
#include "report.h"

#include "../model/cctree.h"
#include "../model/order.h"
#include "../model/timefmt.h"

#define SCHEMA_URL "https://www.speedscope.app/file-format-schema.json"

static void json_cchars(FILE *f, const char *s)
{
	json_fchars(f, (const uint8_t *)s, strlen(s));
}

/* Digits p[*i..n) up to the first non-digit: at least one, at most 9 (a
 * line or column). */
static bool span_num(const uint8_t *p, size_t n, size_t *i, unsigned long *v)
{
	size_t s = *i;
	*v = 0;
	while (*i < n && *i - s < 9 && p[*i] >= '0' && p[*i] <= '9')
		*v = *v * 10 + (unsigned long)(p[(*i)++] - '0');
	return *i > s;
}

/* Is p[i..n) exactly the character c, then a number, ...? A small matcher
 * for the tails of GHC's spans: fmt holds literal characters and '#' for a
 * number (the first two numbers land in line and col). */
static bool span_tail(const uint8_t *p, size_t n, size_t i, const char *fmt, unsigned long *line,
		      unsigned long *col)
{
	int got = 0;
	for (; *fmt; fmt++) {
		unsigned long v;
		if (*fmt != '#') {
			if (i >= n || p[i++] != (uint8_t)*fmt)
				return false;
		} else if (!span_num(p, n, &i, &v)) {
			return false;
		} else if (got++ == 0) {
			*line = v;
		} else if (got == 2) {
			*col = v;
		}
	}
	return i == n;
}

/* SRC as GHC writes a span: FILE:L:C, FILE:L:C-C2 or FILE:(L,C)-(L2,C2);
 * the length of FILE (not 0) and L and C, or 0 (<built-in>, <entire-module>,
 * anything else). */
static size_t span_parse(const uint8_t *p, size_t n, unsigned long *line, unsigned long *col)
{
	for (size_t i = n; i-- > 1;) { /* the last ':' that starts a span */
		if (p[i] != ':')
			continue;
		if (span_tail(p, n, i, ":(#,#)-(#,#)", line, col) ||
		    span_tail(p, n, i, ":#:#-#", line, col) || span_tail(p, n, i, ":#:#", line, col))
			return i;
	}
	return 0;
}

/* The frame of cost centre id (CCT_NONE: MAIN, the empty stack). */
static void frame_write(FILE *f, const struct heap *h, uint32_t id)
{
	const struct cost_centre *c = id == CCT_NONE ? NULL : heap_cc(h, id);
	fputs("{\"name\":\"", f);
	if (!c) {
		if (id == CCT_NONE)
			fputs("MAIN (MAIN, <built-in>)\"}", f);
		else
			fprintf(f, "<cc %u> (?, ?)\"}", (unsigned)id);
		return;
	}
	json_fchars(f, c->label, c->nlabel);
	fputs(" (", f);
	json_fchars(f, c->module, c->nmodule);
	fputs(", ", f);
	json_fchars(f, c->srcloc, c->nsrcloc);
	fputs(")\"", f);
	unsigned long line = 0, col = 0;
	size_t nfile = span_parse(c->srcloc, c->nsrcloc, &line, &col);
	if (nfile) {
		fputs(",\"file\":\"", f);
		json_fchars(f, c->srcloc, nfile);
		fprintf(f, "\",\"line\":%lu,\"col\":%lu", line, col);
	}
	putc('}', f);
}

/* The frames: the cost-centre ids of the counted ticks' stacks, sorted
 * (CCT_NONE, MAIN, last when the empty stack has ticks). */
struct frames {
	uint32_t *ids;
	size_t n;
	bool missing; /* a stack named an id not in ids (a broken invariant) */
};

static bool id_before(const void *elem, const void *key)
{
	return *(const uint32_t *)elem < *(const uint32_t *)key;
}

/* Writes id's frame index (with a comma before it unless first). */
static void frame_ref(FILE *f, struct frames *fr, uint32_t id, bool first)
{
	size_t i = lower_bound(fr->ids, fr->n, sizeof *fr->ids, &id, id_before);
	if (i == fr->n || fr->ids[i] != id) {
		fr->missing = true;
		i = 0;
	}
	fprintf(f, first ? "%zu" : ",%zu", i);
}

/* A band's stack as frame indexes, outermost first (MAIN when empty). */
static void stack_write(FILE *f, struct frames *fr, const struct band *bd)
{
	putc('[', f);
	if (!bd->n)
		frame_ref(f, fr, CCT_NONE, true);
	for (uint32_t k = bd->n; k-- > 0;)
		frame_ref(f, fr, heap_stack_id(bd, k), k + 1 == bd->n);
	putc(']', f);
}

/* Is a tick counted, as cctree_build counts it (its time is the caller's
 * to check)? */
static bool tick_counted(const struct heap *h, const struct tick_ref *t, int32_t cap, bool builtin)
{
	if (cap >= 0 && t->cap != cap)
		return false;
	if (builtin || !t->depth)
		return true;
	const struct cost_centre *top = heap_cc(h, t->top);
	return !(top && heap_cc_builtin(top));
}

static void ss_profile_head(FILE *f, const char *name, uint64_t total)
{
	fputs("{\"type\":\"sampled\",\"name\":\"", f);
	json_cchars(f, name);
	fprintf(f, "\",\"unit\":\"none\",\"startValue\":0,\"endValue\":%llu,\n\"samples\":[",
		(unsigned long long)total);
}

/* A weight of the weights array, 20 a line. */
static void weight_write(FILE *f, uint64_t w, size_t i)
{
	fprintf(f, "%s%llu", !i ? "" : i % 20 ? "," : ",\n", (unsigned long long)w);
}

/* All capabilities: a sample per stack of the tree with ticks, in the
 * tree's order (profile --folded's). */
static bool profile_all(FILE *f, const struct cctree *t, struct frames *fr)
{
	size_t n = cctree_rows(t, NULL, NULL, 0);
	uint32_t *rows = malloc((n ? n : 1) * sizeof *rows);
	uint32_t *path = malloc((t->n ? t->n : 1) * sizeof *path);
	if (!rows || !path) {
		free(rows);
		free(path);
		return false;
	}
	cctree_rows(t, NULL, rows, n);
	ss_profile_head(f, "all capabilities (ticks)", t->total);
	size_t ns = 0;
	for (size_t i = 0; i < n; i++) {
		if (!t->nodes[rows[i]].self)
			continue;
		size_t d = 0;
		for (uint32_t k = rows[i]; k; k = t->nodes[k].parent)
			path[d++] = t->nodes[k].cc;
		fputs(ns++ ? ",\n[" : "\n[", f);
		if (!d)
			frame_ref(f, fr, CCT_NONE, true);
		for (size_t j = d; j-- > 0;)
			frame_ref(f, fr, path[j], j + 1 == d);
		putc(']', f);
	}
	fputs("],\n\"weights\":[", f);
	for (size_t i = 0, w = 0; i < n; i++)
		if (t->nodes[rows[i]].self)
			weight_write(f, t->nodes[rows[i]].self, w++);
	fputs("]}", f);
	free(rows);
	free(path);
	return true;
}

/* The per-capability profiles read the ticks from the log (cctree_ticks),
 * every one however many, a pass to find the capabilities and their
 * counts, then two a capability: its samples (a run of ticks of one stack
 * a sample), then their weights. Nothing but the capabilities is kept. */
struct cap_count {
	int32_t cap;
	uint64_t n;
};

struct cap_walk {
	FILE *f;
	const struct heap *h;
	const struct store *s;
	const struct report_opts *o;
	struct frames *fr;
	struct cap_count *caps; /* the first pass: sorted by cap */
	size_t ncaps, capcap;
	uint8_t *seen;          /* the first pass: h->ccs' on a counted stack */
	uint32_t *other;        /* and the ids the log does not define */
	size_t nother, othercap;
	bool none;              /* a counted tick on the empty stack */
	bool oom;
	int32_t cap;            /* the later passes: the capability walked */
	bool weights;
	struct band run;        /* the run's stack (depth 0 with no tick yet) */
	bool any;
	uint64_t len;           /* its ticks */
	size_t ns;              /* the samples written */
};

/* Marks the cost centres of a counted tick's stack for the frames (those
 * the log defines by their index in h->ccs, others in a list). */
static bool mark_frames(struct cap_walk *w, const struct tick_ref *t)
{
	struct band bd = { .stack = true, .p = t->stack, .n = t->depth };
	if (!t->depth)
		w->none = true;
	for (uint32_t k = 0; k < t->depth; k++) {
		uint32_t id = heap_stack_id(&bd, k);
		const struct cost_centre *c = heap_cc(w->h, id);
		if (c) {
			w->seen[c - w->h->ccs] = 1;
			continue;
		}
		bool known = false;
		for (size_t i = 0; i < w->nother && !known; i++)
			known = w->other[i] == id;
		if (known)
			continue;
		if (w->nother == w->othercap) {
			size_t cap = w->othercap ? w->othercap * 2 : 16;
			uint32_t *q = realloc(w->other, cap * sizeof *q);
			if (!q)
				return false;
			w->other = q;
			w->othercap = cap;
		}
		w->other[w->nother++] = id;
	}
	return true;
}

static bool count_cap(void *arg, const struct tick_ref *t)
{
	struct cap_walk *w = arg;
	if (!tick_counted(w->h, t, w->o->cap >= 0 ? (int32_t)w->o->cap : -1, w->o->builtin))
		return true;
	if (!mark_frames(w, t)) {
		w->oom = true;
		return false;
	}
	size_t lo = 0, hi = w->ncaps; /* (few capabilities: a sorted array) */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (w->caps[mid].cap < t->cap)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < w->ncaps && w->caps[lo].cap == t->cap) {
		w->caps[lo].n++;
		return true;
	}
	if (w->ncaps == w->capcap) {
		size_t c = w->capcap ? w->capcap * 2 : 16;
		struct cap_count *q = realloc(w->caps, c * sizeof *q);
		if (!q) {
			w->oom = true;
			return false;
		}
		w->caps = q;
		w->capcap = c;
	}
	memmove(w->caps + lo + 1, w->caps + lo, (w->ncaps - lo) * sizeof *w->caps);
	w->caps[lo] = (struct cap_count){ t->cap, 1 };
	w->ncaps++;
	return true;
}

/* The run ended: its sample, or its weight. */
static void run_end(struct cap_walk *w)
{
	if (!w->any)
		return;
	if (w->weights) {
		weight_write(w->f, w->len, w->ns++);
	} else {
		fputs(w->ns++ ? ",\n" : "\n", w->f);
		stack_write(w->f, w->fr, &w->run);
	}
}

static bool cap_tick(void *arg, const struct tick_ref *t)
{
	struct cap_walk *w = arg;
	if (!tick_counted(w->h, t, w->cap, w->o->builtin))
		return true;
	if (w->any && w->run.n == t->depth && !memcmp(w->run.p, t->stack, 4 * (size_t)t->depth)) {
		w->len++;
		return true;
	}
	run_end(w);
	w->run = (struct band){ .stack = true, .p = t->stack, .n = t->depth };
	w->any = true;
	w->len = 1;
	return true;
}

/* One capability's pass: its samples (weights false) or their weights. */
static bool cap_pass(struct cap_walk *w, int32_t cap, bool weights)
{
	w->cap = cap;
	w->weights = weights;
	w->any = false;
	w->ns = 0;
	bool ok = cctree_ticks(w->s, w->o->from, w->o->to, cap_tick, w);
	run_end(w);
	return ok;
}

static bool profile_cap(struct cap_walk *w, const struct cap_count *c)
{
	char name[64];
	if (c->cap < 0)
		snprintf(name, sizeof name, "all capabilities (ticks, in time order)");
	else
		snprintf(name, sizeof name, "capability %ld (ticks, in time order)", (long)c->cap);
	ss_profile_head(w->f, name, c->n);
	bool ok = cap_pass(w, c->cap, false);
	fputs("],\n\"weights\":[", w->f);
	ok = ok && cap_pass(w, c->cap, true);
	fputs("]}", w->f);
	return ok;
}

/* The file's name: the log's base name, and the window when one was
 * given. */
static void file_name(FILE *f, const struct report_opts *o)
{
	const char *base = o->path ? strrchr(o->path, '/') : NULL;
	json_cchars(f, base && base[1] ? base + 1 : o->path ? o->path : "eventlog");
	if (o->has_from || o->has_to) {
		char a[32], b[32];
		fprintf(f, ", %s to %s", time_format(a, sizeof a, o->from),
			o->has_to ? time_format(b, sizeof b, o->to) : "the end");
	}
}

/* The frames of what the walk marked. */
static bool frames_build(struct frames *fr, const struct cap_walk *w)
{
	memset(fr, 0, sizeof *fr);
	size_t n = w->h->nccs + w->nother + 1;
	fr->ids = malloc(n * sizeof *fr->ids);
	if (!fr->ids)
		return false;
	for (size_t i = 0; i < w->h->nccs; i++)
		if (w->seen[i])
			fr->ids[fr->n++] = w->h->ccs[i].id;
	for (size_t i = 0; i < w->nother; i++)
		fr->ids[fr->n++] = w->other[i];
	if (w->none)
		fr->ids[fr->n++] = CCT_NONE;
	qsort(fr->ids, fr->n, sizeof *fr->ids, cmp_u32_at);
	size_t m = 0;
	for (size_t i = 0; i < fr->n; i++)
		if (!m || fr->ids[m - 1] != fr->ids[i])
			fr->ids[m++] = fr->ids[i];
	fr->n = m;
	return true;
}

static void walk_free(struct cap_walk *w)
{
	free(w->caps);
	free(w->seen);
	free(w->other);
}

/* The whole file; false when out of memory or the log shrank. */
static bool speedscope_write(FILE *f, const struct heap *h, const struct store *s,
			     const struct report_opts *o, const struct cctree *t, struct frames *fr)
{
	struct cap_walk w = { .f = f, .h = h, .s = s, .o = o, .fr = fr };
	w.seen = calloc(h->nccs ? h->nccs : 1, 1);
	if (!w.seen || !cctree_ticks(s, o->from, o->to, count_cap, &w) || w.oom ||
	    !frames_build(fr, &w)) {
		walk_free(&w);
		return false;
	}
	fprintf(f, "{\"$schema\":\"%s\",\n\"exporter\":\"hectic@", SCHEMA_URL);
	json_cchars(f, hectic_version);
	fputs("\",\n\"name\":\"", f);
	file_name(f, o);
	fputs("\",\n\"activeProfileIndex\":0,\n\"shared\":{\"frames\":[", f);
	for (size_t i = 0; i < fr->n; i++) {
		fputs(i ? ",\n" : "\n", f);
		frame_write(f, h, fr->ids[i]);
	}
	fputs("]},\n\"profiles\":[", f);
	bool ok = true, all = o->cap < 0;
	if (all && !t->cut) {
		fputc('\n', f);
		ok = profile_all(f, t, fr);
	} else if (all) {
		/* the tree was cut at its budget: every tick, in time order
		 * over all capabilities, a run of one stack a sample */
		struct cap_count every = { -1, t->total };
		fputc('\n', f);
		ok = profile_cap(&w, &every);
	}
	for (size_t i = 0; ok && i < w.ncaps; i++) {
		fputs(all || i ? ",\n" : "\n", f);
		ok = profile_cap(&w, &w.caps[i]);
	}
	fputs("]}\n", f);
	walk_free(&w);
	return ok;
}

int report_speedscope(struct report_ctx *c, const struct cctree *t)
{
	const struct heap *h = &c->run.h;
	const char *path = c->o.path ? c->o.path : "-";
	if (!h->tick_events) {
		warnx_("%s: no time profile in this log: run a profiled build with +RTS -p -l", path);
		return EXIT_BADINPUT;
	}
	if (!t->total) {
		char on[48] = "";
		if (c->o.cap >= 0)
			snprintf(on, sizeof on, " on capability %ld", c->o.cap);
		if (t->left_out)
			warnx_("%s: every tick asked for%s (%llu) is on the RTS's own cost centres "
			       "(GC, IDLE, SYSTEM): --builtin keeps them",
			       path, on, (unsigned long long)t->left_out);
		else
			warnx_("%s: no ticks%s in the window asked for", path, on);
		return EXIT_BADINPUT;
	}
	struct frames fr = { 0 };
	int rc = 0;
	if (!speedscope_write(stdout, h, &c->run.s, &c->o, t, &fr)) {
		if (store_faulted(&c->run.s))
			warnx_("%s: the file shrank while it was read", path);
		else
			warnx_("out of memory");
		rc = EXIT_BADINPUT;
	} else if (fr.missing) {
		warnx_("%s: a stack names a cost centre missing from the frames (a bug): the file "
		       "is wrong", path);
		rc = EXIT_BADINPUT;
	}
	free(fr.ids);
	return rc;
}
