/* run: one opened log and everything built from it (run.h). */
#include "run.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

__attribute__((format(printf, 3, 4))) static void run_say(const struct run *r, const char *path,
							   const char *fmt, ...)
{
	if (!r->say)
		return;
	char m[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m, sizeof m, fmt, ap);
	va_end(ap);
	r->say(r->say_ctx, path, m);
}

bool run_faulted(const struct run *r)
{
	return (r->opened && store_faulted(&r->s)) || (r->lazy && store_faulted(&r->w));
}

static const char *why_failed(const struct run *r)
{
	return run_faulted(r) ? "the file shrank while it was read" : "out of memory";
}

/* A follow's file that holds no whole header yet (the RTS writes it with
 * its first flush): waited for, said once; false when stop ended it. */
static bool wait_header(struct run *r)
{
	bool said = false;
	while (r->src.kind == SRC_FILE && source_header_pending(r->path)) {
		if (r->stop && *r->stop)
			return false;
		if (!said)
			run_say(r, r->path, "the file holds no eventlog header yet: waiting for it");
		said = true;
		nanosleep(&(struct timespec){ .tv_nsec = 100000000 }, NULL);
	}
	return true;
}

/* s over the source opened in r->src (run_index: with its fused pass,
 * when run_fuse made one), a stream waited for to its end unless follow;
 * the source closed on failure. */
static bool open_store(struct run *r, bool follow, const struct progress *progress)
{
	char err[300];
	if (!follow) {
		source_wait(&r->src);
		const char *why = source_error(&r->src);
		if (*why)
			run_say(r, r->path, "%s after %llu bytes: reading what arrived", why,
				(unsigned long long)source_bytes(&r->src));
	} else if (!wait_header(r)) {
		tracks_fused_free(r->fused);
		r->fused = NULL;
		source_close(&r->src);
		return false;
	}
	bool empty;
	if (run_index(r, progress, &empty, err, sizeof err) != STORE_OK) {
		run_say(r, r->path, "%s", err);
		source_close(&r->src);
		return false;
	}
	return true;
}

static enum run_open_rc open_whole(struct run *r, const char *save, const struct run_open_options *o)
{
	char err[300];
	if (!source_open(&r->src, r->path, save, err, sizeof err)) {
		run_say(r, NULL, "%s", err);
		return r->src.refused ? RUN_REFUSED : RUN_FAILED;
	}
	bool fused = o && !o->follow && (o->fused & RUN_NEED(TABLE_NEEDS_TRACKS));
	if (fused)
		run_fuse(r); /* (out of memory for the pass: the tracks take a pass of their own) */
	if (!open_store(r, o && o->follow, o ? o->progress : NULL))
		return RUN_FAILED;
	if (store_faulted(&r->s)) {
		run_say(r, r->path, "the file shrank while it was read");
		run_close(r);
		return RUN_FAILED;
	}
	/* the tracks are one with the open: the pass was the index's */
	if (fused && (!run_tracks(r, false, NULL) || store_faulted(&r->s))) {
		run_say(r, r->path, "%s", why_failed(r));
		run_close(r);
		return RUN_FAILED;
	}
	return RUN_OPENED;
}

enum run_open_rc run_open(struct run *r, const char *path, const struct run_open_options *o)
{
	r->path = path;
	if (!o || !o->lazy)
		return open_whole(r, o ? o->save : NULL, o);
	char err[300];
	if (store_open_header(&r->w, path, err, sizeof err) != STORE_OK) {
		run_say(r, path, "%s", err);
		return RUN_FAILED;
	}
	r->lazy = true;
	return RUN_OPENED;
}

const struct store *run_store_whole(struct run *r)
{
	if (r->lent_s)
		return r->lent_s;
	if (r->opened)
		return &r->s;
	if (r->failed & RUN_NEED(TABLE_NEEDS_STORE))
		return NULL;
	if (open_whole(r, NULL, NULL) != RUN_OPENED) {
		r->failed |= RUN_NEED(TABLE_NEEDS_STORE);
		return NULL;
	}
	return &r->s;
}

bool run_index_window(struct run *r, uint64_t lo, uint64_t hi)
{
	if (r->windowed)
		return !r->window_failed;
	r->windowed = true;
	if (store_index_window(&r->w, lo, hi, &r->win) == STORE_OK)
		return true;
	r->window_failed = true;
	run_say(r, r->path, "out of memory");
	return false;
}

const struct store *run_store(struct run *r, bool events, uint64_t lo, uint64_t hi)
{
	if (r->lent_s)
		return r->lent_s;
	if (r->lazy && !r->opened && events && (lo > 0 || hi < UINT64_MAX)) {
		if (!run_index_window(r, lo, hi))
			return NULL;
		if (r->win.ok && lo >= r->win.lo && hi <= r->win.hi)
			return &r->w;
	}
	return run_store_whole(r);
}

/* One of what run_need builds, over the whole store. */
static bool build_one(struct run *r, int need)
{
	if (need == TABLE_NEEDS_STORE)
		return true; /* (which store a read takes: run_store's) */
	const struct store *s = run_store_whole(r);
	if (!s)
		return false;
	switch (need) {
	case TABLE_NEEDS_TRACKS: return r->lent_tr || tracks_build(&r->tr, s);
	case TABLE_NEEDS_HEAP: return heap_build_ticks(&r->h, s, false);
	case TABLE_NEEDS_TICKY: return ticky_build(&r->ticky, s);
	case TABLE_NEEDS_SPANS: {
		/* paired from the tracks' marks when they are built (the same
		 * spans, without a pass over the log) */
		struct span_rules none = { 0 };
		const struct span_rules *rules = r->rules ? r->rules : &none;
		const struct tracks *tr = r->lent_tr ? r->lent_tr
				  : r->built & RUN_NEED(TABLE_NEEDS_TRACKS) ? &r->tr : NULL;
		return tr ? spans_build_marks(&r->sp, s, tr, rules) : spans_build(&r->sp, s, rules);
	}
	}
	return false;
}

bool run_need(struct run *r, unsigned needs)
{
	bool ok = true;
	for (int n = TABLE_NEEDS_STORE; n <= TABLE_NEEDS_SPANS; n++) {
		unsigned bit = RUN_NEED(n);
		if (!(needs & bit) || (r->built & bit))
			continue;
		if (r->failed & bit) {
			ok = false;
			continue;
		}
		if (build_one(r, n)) {
			r->built |= bit;
			continue;
		}
		r->failed |= bit;
		ok = false;
	}
	return ok;
}

bool run_heap_fresh(const struct run *r, struct heap *h)
{
	return heap_build_ticks(h, r->lent_s ? r->lent_s : &r->s, false);
}

bool run_fuse(struct run *r)
{
	r->fused = tracks_fused_new();
	r->src.sink = tracks_fused_sink(r->fused);
	return r->fused != NULL;
}

int run_index(struct run *r, const struct progress *progress, bool *empty, char *err, size_t n)
{
	r->src.progress = progress;
	int st = source_store_open(&r->src, &r->s, empty, err, n);
	r->src.sink = NULL;
	r->opened = st == STORE_OK;
	if (!r->opened) {
		tracks_fused_free(r->fused);
		r->fused = NULL;
	}
	return st;
}

bool run_fused_kept(const struct run *r)
{
	return r->fused && tracks_fused_kept(r->fused, &r->s);
}

bool run_tracks(struct run *r, bool growing, const struct progress *p)
{
	struct tracks_fused *f = r->fused;
	r->fused = NULL;
	bool ok;
	if (growing) {
		tracks_fused_free(f);
		ok = tracks_build_live(&r->tr, &r->s, p);
	} else {
		ok = tracks_fused_build_progress(f, &r->tr, &r->s, p);
	}
	if (ok)
		r->built |= RUN_NEED(TABLE_NEEDS_TRACKS);
	return ok;
}

bool run_tracks_extend(struct run *r)
{
	return tracks_extend(&r->tr, &r->s);
}

bool run_tracks_fresh(const struct run *r, struct tracks *tr)
{
	return tracks_build(tr, &r->s);
}

bool run_ticky_fresh(const struct run *r, struct ticky *t)
{
	return ticky_build(t, r->lent_s ? r->lent_s : &r->s);
}

bool run_spans_fresh(const struct run *r, const struct span_rules *rules, struct spans *sp)
{
	return spans_build(sp, r->lent_s ? r->lent_s : &r->s, rules);
}

struct table_data run_table_data(const struct run *r)
{
	return (struct table_data){
		.s = r->lent_s ? r->lent_s : r->opened ? &r->s : r->lazy ? &r->w : NULL,
		.tr = r->lent_tr ? r->lent_tr : r->built & RUN_NEED(TABLE_NEEDS_TRACKS) ? &r->tr : NULL,
		.stop = r->stop,
		.h = r->built & RUN_NEED(TABLE_NEEDS_HEAP) ? &r->h : NULL,
		.ticky = r->built & RUN_NEED(TABLE_NEEDS_TICKY) ? &r->ticky : NULL,
		.sp = r->built & RUN_NEED(TABLE_NEEDS_SPANS) ? &r->sp : NULL,
	};
}

void run_forget(struct run *r, unsigned needs)
{
	unsigned b = r->built & needs;
	if ((b & RUN_NEED(TABLE_NEEDS_TRACKS)) && !r->lent_tr)
		tracks_free(&r->tr);
	if (b & RUN_NEED(TABLE_NEEDS_HEAP))
		heap_free(&r->h);
	if (b & RUN_NEED(TABLE_NEEDS_TICKY))
		ticky_free(&r->ticky);
	if (b & RUN_NEED(TABLE_NEEDS_SPANS))
		spans_free(&r->sp);
	r->built &= ~needs;
	r->failed &= ~(needs & ~RUN_NEED(TABLE_NEEDS_STORE));
}

enum extend_status run_extend(struct run *r, char *err, size_t n)
{
	return store_extend(&r->s, err, n);
}

void run_close(struct run *r)
{
	run_forget(r, ~RUN_NEED(TABLE_NEEDS_STORE));
	if (r->opened) {
		store_close(&r->s);
		source_close(&r->src);
	}
	if (r->lazy)
		store_close(&r->w);
	tracks_fused_free(r->fused);
	r->fused = NULL;
	r->built = r->failed = 0;
	r->opened = r->lazy = r->windowed = r->window_failed = false;
}
