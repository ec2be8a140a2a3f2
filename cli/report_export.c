/* export --chrome: the run as the Chrome Trace Event Format (JSON object
 * form), which ui.perfetto.dev, chrome://tracing and speedscope open. One
 * process (the run); a track per capability with each Haskell thread's
 * runs as complete slices ("X") named by its label or "thread N"; a GC
 * track with each collection as a slice named GC lasting its pause (its
 * generation, bytes copied, initiating capability and the capabilities
 * that took part in args); a track per Haskell thread with user spans,
 * its spans; markers and messages as instants on their capability's track;
 * heap size, live bytes and each capability's allocation rate as counters;
 * every track named by metadata. Times are microseconds with the
 * nanoseconds as three decimals.
 *
 * Written as it is made, in one pass over the scheduler's events for the
 * runs (the tracks, built as the index read the file, give the rest), so
 * memory is that of summary's tables whatever the file's size. It writes
 * to c->out: stdout, or -o OUT's temporary file, which the driver
 * (report.c) puts in place only when the export is whole and the log was
 * read whole (a failed export leaves OUT as it was). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/gcs_stream.h"
#include "../model/order.h"
#include "../model/spans.h"
#include "../parser/event.h"
#include "../common/json.h"
#include "cli.h"
#include "report.h"

/* a string literal, without strlen */
#define JL(j, lit) json_raw((j), (lit), sizeof(lit) - 1)

#define TID_GC 0
#define TID_CAP0 1            /* capability index i is tid TID_CAP0 + i */
#define TID_SPANS 1000000000u /* a thread's spans: TID_SPANS + its index */

/* The labels of the threads whose runs were written last, by thread id
 * modulo its size: a run's slice looks its thread up here first. */
#define LABEL_CACHE 4096
struct label_slot {
	uint32_t thread; /* 0: empty */
	uint32_t len;
	const uint8_t *text; /* NULL: no label */
};

struct export {
	struct json *j;
	struct label_slot *labels;
	struct report_ctx *c; /* (partial: report_partial) */
	bool first; /* no event written yet (no comma before it) */
};

/* ---- events ---- */

static void ev_begin(struct export *x, const char *ph, const char *name, int64_t tid)
{
	struct json *j = x->j;
	if (x->first)
		JL(j, "\n{\"ph\":\"");
	else
		JL(j, ",\n{\"ph\":\"");
	x->first = false;
	json_lit(j, ph);
	JL(j, "\",\"pid\":1,\"tid\":");
	json_i64(j, tid);
	if (name) {
		JL(j, ",\"name\":");
		json_cstr(j, name);
	}
}

static void meta(struct export *x, const char *what, int64_t tid, const uint8_t *name, size_t n)
{
	ev_begin(x, "M", what, tid);
	JL(x->j, ",\"args\":{\"name\":");
	json_str(x->j, name, n);
	JL(x->j, "}}");
}

static void sort_index(struct export *x, int64_t tid, uint64_t k)
{
	ev_begin(x, "M", "thread_sort_index", tid);
	JL(x->j, ",\"args\":{\"sort_index\":");
	json_u64(x->j, k);
	JL(x->j, "}}");
}

/* A slice's window: [*t0, *t1] clipped to the export's; false when
 * outside it. */
static bool clip(const struct export *x, uint64_t *t0, uint64_t *t1)
{
	const struct report_opts *o = &x->c->o;
	if (*t1 < o->from || *t0 > o->to)
		return false;
	if (*t0 < o->from)
		*t0 = o->from;
	if (*t1 > o->to)
		*t1 = o->to;
	return true;
}

static void ts_dur(struct export *x, uint64_t t0, uint64_t t1)
{
	JL(x->j, ",\"ts\":");
	json_us(x->j, t0);
	JL(x->j, ",\"dur\":");
	json_us(x->j, t1 - t0);
}

/* ---- the metadata ---- */

/* A span track's name: "spans: thread N LABEL" (or without the label, or
 * "spans: no thread"), into a buffer of its own (NULL: out of memory). */
static uint8_t *span_track_name(const struct export *x, uint32_t thread, size_t *len)
{
	const struct tracks *tr = &x->c->run.tr;
	size_t n = 0;
	const uint8_t *l = thread ? tracks_label(tr, &x->c->run.s, tracks_thread(tr, thread), &n) : NULL;
	uint8_t *b = malloc(48 + n);
	if (!b)
		return NULL;
	int m = thread ? snprintf((char *)b, 48, "spans: thread %u%s", thread, l ? " " : "")
		       : snprintf((char *)b, 48, "spans: no thread");
	if (l)
		memcpy(b + m, l, n);
	*len = (size_t)m + (l ? n : 0);
	return b;
}

static bool metadata(struct export *x, const uint32_t *sthreads, size_t nst)
{
	const struct tracks *tr = &x->c->run.tr;
	const char *path = x->c->o.path;
	const char *base = strrchr(path, '/');
	base = base && base[1] ? base + 1 : path;
	meta(x, "process_name", TID_GC, (const uint8_t *)base, strlen(base));
	meta(x, "thread_name", TID_GC, (const uint8_t *)"GC", 2);
	sort_index(x, TID_GC, 0);
	for (size_t i = 0; i < tr->ncaps; i++) {
		char name[32];
		int n = snprintf(name, sizeof name, "cap %d", tr->caps[i]);
		meta(x, "thread_name", TID_CAP0 + (int64_t)i, (const uint8_t *)name, (size_t)n);
		sort_index(x, TID_CAP0 + (int64_t)i, 1 + i);
	}
	for (size_t k = 0; k < nst; k++) {
		size_t n;
		uint8_t *name = span_track_name(x, sthreads[k], &n);
		if (!name)
			return false;
		meta(x, "thread_name", (int64_t)TID_SPANS + (int64_t)k, name, n);
		free(name);
		sort_index(x, (int64_t)TID_SPANS + (int64_t)k, tr->ncaps + 1 + k);
	}
	return true;
}

/* ---- collections, counters, marks ---- */

/* One collection's slice: its pause from start, its generation (gen < 0:
 * not known), bytes copied (copied false: no GC_STATS_GHC), initiating
 * capability and the capabilities that took part (caps: as 0,2,3, or "-"
 * for none, as the gcs table has them). */
static void collection(struct export *x, uint64_t start, uint64_t pause, int gen, bool has_copied,
		       uint64_t copied, int32_t cap, const char *caps)
{
	uint64_t t0 = start, t1 = start + pause;
	if (!clip(x, &t0, &t1))
		return;
	ev_begin(x, "X", "GC", TID_GC);
	ts_dur(x, t0, t1);
	JL(x->j, ",\"args\":{");
	bool comma = false;
	if (gen >= 0) {
		JL(x->j, "\"gen\":");
		json_i64(x->j, gen);
		comma = true;
	}
	if (has_copied) {
		json_lit(x->j, comma ? ",\"copied_bytes\":" : "\"copied_bytes\":");
		json_u64(x->j, copied);
		comma = true;
	}
	if (cap != EV_NO_CAP) {
		json_lit(x->j, comma ? ",\"cap\":" : "\"cap\":");
		json_i64(x->j, cap);
		comma = true;
	}
	if (caps[0] != '-') { /* digits and commas: a JSON array's inside */
		json_lit(x->j, comma ? ",\"caps\":[" : "\"caps\":[");
		json_lit(x->j, caps);
		JL(x->j, "]");
	}
	JL(x->j, "}}");
}

/* Every collection: the tracks' list, or where it stopped at its budget,
 * the store's events (gcs_stream). False when that failed. */
static bool export_collections(struct export *x)
{
	const struct tracks *tr = &x->c->run.tr;
	if ((tr->cut & TRACKS_CUT_GCS) && tr->ngcstats) {
		struct gcs_stream *g = gcs_stream_new(&x->c->run.s, 0);
		struct gcs_row *r = malloc(sizeof *r);
		while (g && r && !x->j->failed && gcs_stream_next(g, r))
			collection(x, r->start, r->pause, r->gen, true, r->copied, r->cap, r->caps);
		bool ok = g && r && !gcs_stream_failed(g);
		gcs_stream_free(g);
		free(r);
		return ok;
	}
	char caps[512];
	for (size_t i = 0; i < tr->ngcs && !x->j->failed; i++) {
		const struct gc *g = &tr->gcs[i];
		tracks_gc_caps_text(tr, g, caps, sizeof caps);
		collection(x, g->start, g->pause, tracks_gc_gen(tr, g), g->stat >= 0,
			   g->stat >= 0 ? tr->gcstats[g->stat].copied : 0, g->cap, caps);
	}
	return true;
}

static void counter(struct export *x, const char *name, const char *key, uint64_t t, uint64_t v)
{
	ev_begin(x, "C", name, TID_GC);
	JL(x->j, ",\"ts\":");
	json_us(x->j, t);
	JL(x->j, ",\"args\":{");
	json_cstr(x->j, key);
	JL(x->j, ":");
	json_u64(x->j, v);
	JL(x->j, "}}");
}

static bool in_window(const struct export *x, uint64_t t)
{
	return t >= x->c->o.from && t <= x->c->o.to;
}

/* A capability's allocation rate between two of its HEAP_ALLOCATED
 * samples, a (time ta, bytes va) and b, at b (bytes a second). */
static void alloc_rate(struct export *x, int32_t cap, uint64_t ta, uint64_t va, uint64_t tb,
		       uint64_t vb)
{
	if (tb <= ta || vb < va || !in_window(x, tb))
		return;
	char key[32];
	snprintf(key, sizeof key, "cap %d", cap);
	double rate = (double)(vb - va) * 1e9 / (double)(tb - ta);
	counter(x, "Allocation rate (bytes/s)", key, tb, rate < 1.8e19 ? (uint64_t)rate : UINT64_MAX);
}

/* The counters from the store's events, where a list of the tracks
 * stopped at its budget: the same, in the same order (each figure's
 * samples in time order; the rates capability by capability). False
 * when a merge failed. */
static bool counters_stream(struct export *x)
{
	const struct store *s = &x->c->run.s;
	const struct tracks *tr = &x->c->run.tr;
	static const uint16_t tags[] = { EV_HEAP_SIZE, EV_HEAP_LIVE };
	bool ok = true;
	for (int k = 0; k < 2 && ok; k++) {
		struct merge *m = merge_new_tags(s, x->c->o.from, 0, &tags[k], 1);
		const struct ev *e;
		int32_t cap;
		while (m && !x->j->failed && (e = merge_next(m, &cap)) != NULL && e->time <= x->c->o.to)
			if (e->tag == tags[k] && !(e->bad & BAD_LEN) && e->nf > 1)
				counter(x, k ? "Live bytes" : "Heap size", "bytes", e->time, e->f[1].u);
		ok = m && !merge_failed(m);
		merge_free(m);
	}
	static const uint16_t alloc = EV_HEAP_ALLOCATED;
	for (size_t i = 0; i <= tr->ncaps && ok; i++) {
		int32_t want = i ? tr->caps[i - 1] : EV_NO_CAP, cap;
		struct merge *m = merge_new_tags(s, 0, 0, &alloc, 1);
		const struct ev *e;
		bool have = false;
		uint64_t ta = 0, va = 0;
		while (m && !x->j->failed && (e = merge_next(m, &cap)) != NULL && e->time <= x->c->o.to) {
			if (e->tag != alloc || cap != want || (e->bad & BAD_LEN) || e->nf < 2)
				continue;
			if (have)
				alloc_rate(x, cap, ta, va, e->time, e->f[1].u);
			have = true;
			ta = e->time;
			va = e->f[1].u;
		}
		ok = m && !merge_failed(m);
		merge_free(m);
	}
	return ok;
}

/* Heap size and live bytes as the RTS posts them; a capability's
 * allocation rate between two of its HEAP_ALLOCATED samples (bytes a
 * second, at the later one). False when the store's events failed. */
static bool counters(struct export *x)
{
	const struct tracks *tr = &x->c->run.tr;
	if (tr->cut & (TRACKS_CUT_HEAP | TRACKS_CUT_ALLOC))
		return counters_stream(x);
	for (size_t i = 0; i < tr->nheap_size && !x->j->failed; i++)
		if (in_window(x, tr->heap_size[i].time))
			counter(x, "Heap size", "bytes", tr->heap_size[i].time,
				tr->heap_size[i].value);
	for (size_t i = 0; i < tr->nheap_live && !x->j->failed; i++)
		if (in_window(x, tr->heap_live[i].time))
			counter(x, "Live bytes", "bytes", tr->heap_live[i].time,
				tr->heap_live[i].value);
	for (size_t i = 1; i < tr->nalloc && !x->j->failed; i++) {
		const struct capsample *a = &tr->alloc[i - 1], *b = &tr->alloc[i];
		if (a->cap == b->cap)
			alloc_rate(x, b->cap, a->time, a->v[0], b->time, b->v[0]);
	}
	return true;
}

/* A mark: an instant on its capability's track (or the GC track's, of
 * none). */
static void mark(struct export *x, const struct mark *m)
{
	const struct tracks *tr = &x->c->run.tr;
	size_t n;
	const uint8_t *txt = tracks_mark_text(&x->c->run.s, m, &n);
	long ci = m->cap == EV_NO_CAP ? -1 : tracks_cap_index(tr, m->cap);
	ev_begin(x, "i", NULL, ci >= 0 ? TID_CAP0 + ci : TID_GC);
	JL(x->j, ",\"name\":");
	json_str(x->j, txt ? txt : (const uint8_t *)"", txt ? n : 0);
	json_lit(x->j, m->tag == EV_USER_MARKER ? ",\"cat\":\"marker\""
		       : m->tag == EV_USER_MSG	 ? ",\"cat\":\"message\""
						 : ",\"cat\":\"log\"");
	json_lit(x->j, ci >= 0 ? ",\"s\":\"t\",\"ts\":" : ",\"s\":\"g\",\"ts\":");
	json_us(x->j, m->time);
	JL(x->j, "}");
}

static bool mark_each(void *ctx, const struct mark *m)
{
	struct export *x = ctx;
	mark(x, m);
	return !x->j->failed;
}

/* The marks of the window: the tracks' list, or where it stopped at its
 * budget, the store's (tracks_marks_each). False when that failed. */
static bool marks(struct export *x)
{
	const struct tracks *tr = &x->c->run.tr;
	if (tr->cut & TRACKS_CUT_MARKS)
		return tracks_marks_each(&x->c->run.s, x->c->o.from, x->c->o.to, mark_each, x) ||
		       x->j->failed;
	for (size_t i = tracks_mark_from(tr, x->c->o.from);
	     i < tr->nmarks && tr->marks[i].time <= x->c->o.to && !x->j->failed; i++)
		mark(x, &tr->marks[i]);
	return true;
}

/* ---- spans ---- */

/* The threads with spans, ascending, into *out (*n of them). */
static bool span_threads(const struct spans *sp, uint32_t **out, size_t *n)
{
	uint32_t *t = malloc((sp->n ? sp->n : 1) * sizeof *t);
	if (!t)
		return false;
	for (size_t i = 0; i < sp->n; i++)
		t[i] = sp->v[i].thread;
	qsort(t, sp->n, sizeof *t, cmp_u32_at);
	size_t k = 0;
	for (size_t i = 0; i < sp->n; i++)
		if (!k || t[k - 1] != t[i])
			t[k++] = t[i];
	*out = t;
	*n = k;
	return true;
}

static void span_slices(struct export *x, const struct spans *sp, const uint32_t *th, size_t nth)
{
	for (size_t i = 0; i < sp->n && !x->j->failed; i++) {
		const struct span *v = &sp->v[i];
		uint64_t t0 = v->start, t1 = v->end;
		if (!clip(x, &t0, &t1))
			continue;
		const uint32_t *k = bsearch(&v->thread, th, nth, sizeof *th, cmp_u32_at);
		ev_begin(x, "X", NULL, (int64_t)TID_SPANS + (k ? k - th : 0));
		JL(x->j, ",\"name\":");
		json_str(x->j, (const uint8_t *)sp->names[v->name].text, sp->names[v->name].len);
		JL(x->j, ",\"cat\":\"span\"");
		ts_dur(x, t0, t1);
		JL(x->j, ",\"args\":{\"cap\":");
		json_i64(x->j, v->cap);
		JL(x->j, "}}");
	}
}

/* The spans, paired with the rc file's rules (as `hectic spans` pairs
 * them), the run's (report.h); NULL when out of memory or a rule is bad
 * (said). */
static const struct spans *build_spans(struct report_ctx *c)
{
	struct span_rules r;
	if (!report_span_rules(&r, false))
		return NULL;
	c->run.rules = &r;
	bool ok = run_need(&c->run, RUN_NEED(TABLE_NEEDS_SPANS));
	c->run.rules = NULL;
	span_rules_free(&r);
	if (!ok) {
		warnx_("out of memory");
		return NULL;
	}
	if (c->run.sp.over_budget)
		report_partial(c, "the spans");
	return &c->run.sp;
}

/* ---- the threads' runs ---- */

struct slice_run {
	uint32_t thread; /* 0: none running */
	uint64_t since;
};

static void run_slice(struct export *x, long ci, const struct slice_run *r, uint64_t end, bool open)
{
	uint64_t t0 = r->since, t1 = end;
	if (!r->thread || t1 < t0 || !clip(x, &t0, &t1))
		return;
	const struct tracks *tr = &x->c->run.tr;
	struct label_slot *ls = &x->labels[r->thread % LABEL_CACHE];
	if (ls->thread != r->thread) {
		size_t n;
		ls->text = tracks_label(tr, &x->c->run.s, tracks_thread(tr, r->thread), &n);
		ls->len = ls->text && n < UINT32_MAX ? (uint32_t)n : 0;
		ls->thread = r->thread;
	}
	const uint8_t *l = ls->text;
	size_t n = ls->len;
	ev_begin(x, "X", NULL, TID_CAP0 + ci);
	JL(x->j, ",\"name\":");
	if (l) {
		json_str(x->j, l, n);
	} else {
		char name[24];
		int m = snprintf(name, sizeof name, "thread %u", r->thread);
		json_str(x->j, (const uint8_t *)name, (size_t)m);
	}
	ts_dur(x, t0, t1);
	JL(x->j, ",\"args\":{\"thread\":");
	json_u64(x->j, r->thread);
	json_lit(x->j, open ? ",\"unfinished\":true}}" : "}}");
}

/* Each capability's runs, as the tracks count a thread's running time:
 * from its RUN_THREAD to the capability's next STOP_THREAD or RUN_THREAD;
 * a run the log does not end is drawn to the capability's last event,
 * marked unfinished. */
static bool thread_runs(struct export *x)
{
	const struct tracks *tr = &x->c->run.tr;
	const struct store *s = &x->c->run.s;
	struct slice_run *run = calloc(tr->ncaps ? tr->ncaps : 1, sizeof *run);
	struct capstate_at *at = calloc(tr->ncaps ? tr->ncaps : 1, sizeof *at);
	static const uint16_t tags[2] = { EV_RUN_THREAD, EV_STOP_THREAD };
	uint64_t from = x->c->o.from;
	struct merge *m = run && at ? merge_new_tags(s, from, 0, tags, 2) : NULL;
	bool ok = m && (!from || tracks_state_at(tr, s, from, at));
	for (size_t i = 0; ok && from && i < tr->ncaps; i++)
		run[i] = (struct slice_run){ at[i].thread, from };
	struct evref r;
	while (ok && !x->j->failed && merge_step(m, &r) && r.time <= x->c->o.to) {
		long ci = r.cap == EV_NO_CAP ? -1 : tracks_cap_index(tr, r.cap);
		if (ci < 0 || r.tag >= s->hdr.nsel || s->hdr.sel[r.tag].layout == SEL_UNKNOWN_LAYOUT ||
		    r.size < EV_HEAD_BYTES + 4)
			continue;
		if (run[ci].thread)
			run_slice(x, ci, &run[ci], r.time, false);
		run[ci].thread = r.tag == EV_RUN_THREAD ? ev_thread_at(s->map, r.off) : 0;
		run[ci].since = r.time;
	}
	ok = ok && !merge_failed(m);
	for (size_t i = 0; ok && i < tr->ncaps; i++) {
		uint64_t end = tr->cap_last[i] < x->c->o.to ? tr->cap_last[i] : x->c->o.to;
		if (run[i].thread)
			run_slice(x, (long)i, &run[i], end, true);
	}
	merge_free(m);
	free(run);
	free(at);
	return ok;
}

static bool write_trace(struct export *x)
{
	struct json *j = x->j;
	uint32_t *sth = NULL;
	size_t nst = 0;
	const struct spans *sp = build_spans(x->c);
	if (!sp)
		return false;
	bool ok = span_threads(sp, &sth, &nst);
	JL(j, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":");
	char gen[64];
	snprintf(gen, sizeof gen, "hectic %s", hectic_version);
	json_cstr(j, gen);
	JL(j, ",\"file\":");
	json_cstr(j, x->c->o.path);
	JL(j, "},\"traceEvents\":[");
	ok = ok && metadata(x, sth, nst);
	if (ok) {
		ok = export_collections(x) && counters(x) && marks(x);
		span_slices(x, sp, sth, nst);
	}
	/* (the runs below need the memory more) */
	run_forget(&x->c->run, RUN_NEED(TABLE_NEEDS_SPANS));
	free(sth);
	ok = ok && thread_runs(x);
	if (!ok && !j->failed)
		warnx_("out of memory");
	JL(j, "\n]}\n");
	return ok;
}

static int export_write(struct report_ctx *c)
{
	struct json *j = malloc(sizeof *j);
	struct export x = { .j = j, .c = c, .first = true,
			    .labels = calloc(LABEL_CACHE, sizeof *x.labels) };
	if (!j || !x.labels) {
		free(j);
		free(x.labels);
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	j->failed = false;
	j->n = 0;
	j->err = 0;
	j->f = c->out;
	bool ok = write_trace(&x);
	ok = json_flush(j) && ok;
	if (j->failed)
		warnx_("%s: cannot write: %s", c->o.output ? c->o.output : "standard output",
		       strerror(j->err));
	free(j);
	free(x.labels);
	return ok ? 0 : EXIT_BADINPUT;
}

const struct report_ops report_export_ops = {
	.text = export_write,
};
