/* table_gcs: where the capabilities' time went. gcs: every collection in
 * time order, the columns of `hectic gcs --tsv` (the report writes its rows
 * from this producer); caps: one row per capability. Both read the
 * tracks. */
#include "table.h"

#include <stdlib.h>

#include "gcs_stream.h"
#include "tracks.h"

/* ---- gcs ---- */

enum { GC_START, GC_END, GC_PAUSE, GC_SPAN_START, GC_SPAN_END, GC_GEN, GC_COPIED, GC_PAR,
       GC_CAP, GC_CAPS };

static const struct table_col gcs_cols[] = {
	[GC_START] = { "start", TABLE_INT, "ns", "the initiating capability's GC_START",
		       .instant = true },
	[GC_END] = { "end", TABLE_INT, "ns", "the initiating capability's GC_END",
		     .instant = true },
	[GC_PAUSE] = { "pause", TABLE_INT, "ns", "end - start: the pause +RTS -s counts" },
	[GC_SPAN_START] = { "span_start", TABLE_INT, "ns",
			    "the first GC_START of the capabilities that took part",
			    .instant = true },
	[GC_SPAN_END] = { "span_end", TABLE_INT, "ns",
			  "the last GC_END of the capabilities that took part", .instant = true },
	[GC_GEN] = { "gen", TABLE_INT, "", "the generation collected (NULL: not known)" },
	[GC_COPIED] = { "copied", TABLE_INT, "bytes", "bytes copied (NULL: no GC_STATS_GHC)" },
	[GC_PAR] = { "par_threads", TABLE_INT, "",
		     "GC threads that worked on it (NULL: no GC_STATS_GHC)" },
	[GC_CAP] = { "cap", TABLE_INT, "", "the initiating capability (NULL: not known)" },
	[GC_CAPS] = { "caps", TABLE_TEXT, "", "the capabilities that took part, as 0,2,3" },
};

struct gcs_cursor {
	struct table_cursor base;
	const struct tracks *tr;
	struct table_limits l;
	size_t i; /* the current collection + 1 (0: before the first) */
	char caps[512];
	/* the tracks' list stopped at its budget: the rows from the store's
	 * events instead, whole (gcs_stream.h); the current one in row */
	struct gcs_stream *stream;
	struct gcs_row row;
	const volatile sig_atomic_t *stop;
};

static struct table_cursor *gcs_open(const struct table_data *d, const struct table_limits *l)
{
	struct gcs_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->tr = d->tr;
	c->l = *l;
	if (d->tr->cut & TRACKS_CUT_GCS) {
		c->stop = d->stop;
		c->stream = gcs_stream_new(d->s, l->lo);
		if (!c->stream) {
			free(c);
			return NULL;
		}
		return &c->base;
	}
	/* the first collection starting at lo or later (they are by start) */
	size_t lo = 0, hi = d->tr->ngcs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (d->tr->gcs[mid].start < l->lo)
			lo = mid + 1;
		else
			hi = mid;
	}
	c->i = lo;
	return &c->base;
}

static bool gcs_next(struct table_cursor *base)
{
	struct gcs_cursor *c = (struct gcs_cursor *)base;
	if (c->stream) {
		if (c->stop && *c->stop) {
			base->failed = base->stopped = true;
			return false;
		}
		if (!gcs_stream_next(c->stream, &c->row)) {
			base->failed = gcs_stream_failed(c->stream);
			return false;
		}
		if (c->row.start > c->l.hi)
			return false;
		c->i++;
		return true;
	}
	if (c->i >= c->tr->ngcs || c->tr->gcs[c->i].start > c->l.hi)
		return false;
	c->i++;
	return true;
}

/* A row of the stream's. */
static void gcs_row_value(const struct gcs_row *r, size_t col, struct table_value *v)
{
	switch (col) {
	case GC_START: table_set_int(v, (int64_t)r->start); return;
	case GC_END: table_set_int(v, (int64_t)r->end); return;
	case GC_PAUSE: table_set_int(v, (int64_t)r->pause); return;
	case GC_SPAN_START: table_set_int(v, (int64_t)r->span_start); return;
	case GC_SPAN_END: table_set_int(v, (int64_t)r->span_end); return;
	case GC_GEN: table_set_int(v, r->gen); return;
	case GC_COPIED: table_set_int(v, (int64_t)r->copied); return;
	case GC_PAR: table_set_int(v, r->par_n_threads); return;
	case GC_CAP:
		if (r->cap == EV_NO_CAP)
			table_set_null(v);
		else
			table_set_int(v, r->cap);
		return;
	case GC_CAPS: table_set_text(v, r->caps, __builtin_strlen(r->caps)); return;
	default: table_set_null(v); return;
	}
}

static void gcs_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct gcs_cursor *c = (struct gcs_cursor *)base;
	if (c->stream) {
		gcs_row_value(&c->row, col, v);
		return;
	}
	const struct tracks *tr = c->tr;
	const struct gc *g = &tr->gcs[c->i - 1];
	const struct gcstat *st = g->stat >= 0 ? &tr->gcstats[g->stat] : NULL;
	int gen;
	switch (col) {
	case GC_START: table_set_int(v, (int64_t)g->start); return;
	case GC_END: table_set_int(v, (int64_t)g->end); return;
	case GC_PAUSE: table_set_int(v, (int64_t)g->pause); return;
	case GC_SPAN_START: table_set_int(v, (int64_t)g->span_start); return;
	case GC_SPAN_END: table_set_int(v, (int64_t)g->span_end); return;
	case GC_GEN:
		gen = tracks_gc_gen(tr, g);
		if (gen >= 0)
			table_set_int(v, gen);
		else
			table_set_null(v);
		return;
	case GC_COPIED:
	case GC_PAR:
		if (!st)
			table_set_null(v);
		else
			table_set_int(v, col == GC_COPIED ? (int64_t)st->copied : st->par_n_threads);
		return;
	case GC_CAP:
		if (g->cap == EV_NO_CAP)
			table_set_null(v);
		else
			table_set_int(v, g->cap);
		return;
	case GC_CAPS:
		tracks_gc_caps_text(tr, g, c->caps, sizeof c->caps);
		table_set_text(v, c->caps, __builtin_strlen(c->caps));
		return;
	default: table_set_null(v); return;
	}
}

static void gcs_close(struct table_cursor *base)
{
	struct gcs_cursor *c = (struct gcs_cursor *)base;
	gcs_stream_free(c->stream);
	free(c);
}

const struct table_def table_gcs = {
	.name = "gcs",
	.doc = "Every garbage collection in time order, as hectic gcs --tsv lists them.",
	.cols = gcs_cols,
	.ncols = sizeof gcs_cols / sizeof gcs_cols[0],
	.needs = TABLE_NEEDS_TRACKS,
	.by = TABLE_BY_TIME,
	.time_col = GC_START,
	.cap_col = -1,
	.class_col = -1,
	.open = gcs_open,
	.next = gcs_next,
	.value = gcs_value,
	.close = gcs_close,
};

/* ---- caps ---- */

enum { CP_CAP, CP_FIRST, CP_LAST, CP_RUNNING, CP_GC, CP_GCS };

static const struct table_col caps_cols[] = {
	[CP_CAP] = { "cap", TABLE_INT, "", "the capability" },
	[CP_FIRST] = { "first", TABLE_INT, "ns", "the time of its first event", .instant = true },
	[CP_LAST] = { "last", TABLE_INT, "ns", "the time of its last event", .instant = true },
	[CP_RUNNING] = { "running", TABLE_INT, "ns",
			 "time it ran Haskell threads, from the log's first event to its last "
			 "(NULL: no scheduler events)" },
	[CP_GC] = { "gc", TABLE_INT, "ns",
		    "time it spent in GC over the same span (NULL: no GC events)" },
	[CP_GCS] = { "gcs", TABLE_INT, "", "collections it took part in" },
};

struct caps_cursor {
	struct table_cursor base;
	const struct tracks *tr;
	size_t i; /* the current capability + 1 */
	uint64_t *run, *gc, *ngcs;
	bool run_known, gc_known;
};

static void caps_close(struct table_cursor *base)
{
	struct caps_cursor *c = (struct caps_cursor *)base;
	free(c->run);
	free(c->gc);
	free(c->ngcs);
	free(c);
}

/* The collections each capability took part in: from the tracks' list, or
 * where it stopped at its budget from the store's events (gcs_stream).
 * False when the stream failed. */
static bool caps_count_gcs(struct caps_cursor *c, const struct table_data *d)
{
	const struct tracks *tr = d->tr;
	if (!(tr->cut & TRACKS_CUT_GCS)) {
		for (size_t k = 0; k < tr->ngcparts; k++) {
			long i = tracks_cap_index(tr, tr->gcparts[k].cap);
			if (i >= 0)
				c->ngcs[i]++;
		}
		return true;
	}
	struct gcs_stream *g = gcs_stream_new(d->s, 0);
	struct gcs_row *row = malloc(sizeof *row);
	while (g && row && gcs_stream_next(g, row)) {
		if (row->caps[0] == '-')
			continue;
		for (const char *p = row->caps; *p;) {
			long i = tracks_cap_index(tr, (int32_t)strtol(p, (char **)&p, 10));
			if (i >= 0)
				c->ngcs[i]++;
			if (*p == ',')
				p++;
		}
	}
	bool ok = g && row && !gcs_stream_failed(g);
	gcs_stream_free(g);
	free(row);
	return ok;
}

static struct table_cursor *caps_open(const struct table_data *d, const struct table_limits *l)
{
	(void)l;
	const struct tracks *tr = d->tr;
	const struct store *s = d->s;
	struct caps_cursor *c = calloc(1, sizeof *c);
	size_t n = tr->ncaps ? tr->ncaps : 1;
	if (!c)
		return NULL;
	c->tr = tr;
	c->run = calloc(n, sizeof *c->run);
	c->gc = calloc(n, sizeof *c->gc);
	c->ngcs = calloc(n, sizeof *c->ngcs);
	/* as `hectic activity --columns 1` measures them (the same figures,
	 * from the bins and the events at the two ends) */
	if (!c->run || !c->gc || !c->ngcs ||
	    (tr->ncaps && s->nevents &&
	     !tracks_cap_totals(tr, s, s->tmin, s->tmax, c->run, c->gc))) {
		caps_close(&c->base);
		return NULL;
	}
	if (!caps_count_gcs(c, d)) {
		caps_close(&c->base);
		return NULL;
	}
	class_set have = tracks_have(s, tr);
	c->run_known = have & CLASS_BIT(CL_SCHED);
	c->gc_known = have & CLASS_BIT(CL_GC);
	return &c->base;
}

static bool caps_next(struct table_cursor *base)
{
	struct caps_cursor *c = (struct caps_cursor *)base;
	if (c->i >= c->tr->ncaps)
		return false;
	c->i++;
	return true;
}

static void caps_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct caps_cursor *c = (struct caps_cursor *)base;
	size_t i = c->i - 1;
	switch (col) {
	case CP_CAP: table_set_int(v, c->tr->caps[i]); return;
	case CP_FIRST: table_set_time(v, c->tr->cap_first ? c->tr->cap_first[i] : UINT64_MAX); return;
	case CP_LAST: table_set_time(v, c->tr->cap_last ? c->tr->cap_last[i] : UINT64_MAX); return;
	case CP_RUNNING:
		if (c->run_known)
			table_set_int(v, (int64_t)c->run[i]);
		else
			table_set_null(v);
		return;
	case CP_GC:
		if (c->gc_known)
			table_set_int(v, (int64_t)c->gc[i]);
		else
			table_set_null(v);
		return;
	case CP_GCS: table_set_int(v, (int64_t)c->ngcs[i]); return;
	default: table_set_null(v); return;
	}
}

const struct table_def table_caps = {
	.name = "caps",
	.doc = "One row per capability: its span in the log, and its time running and in GC.",
	.cols = caps_cols,
	.ncols = sizeof caps_cols / sizeof caps_cols[0],
	.needs = TABLE_NEEDS_TRACKS,
	.by = 0,
	.time_col = -1,
	.cap_col = -1,
	.class_col = -1,
	.open = caps_open,
	.next = caps_next,
	.value = caps_value,
	.close = caps_close,
};
