/* cmd_sql_log: a log `hectic sql` reads, opened, what is derived from it
 * built, and closed (sql.h): opened at once with the whole index, or
 * lazy, its header alone, the index built for a time window of events
 * when the first read asks for one (store_window.h) and whole when a read
 * needs more. */
#include "sql.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/table.h"
#include "../common/rc_spans.h"
#include "../common/say.h"
#include "../common/store_open.h"

/* A warning of d's: on standard error after the log's path, or kept for
 * the viewer's pane (sql.h: warning; the first one). */
__attribute__((format(printf, 2, 3))) static void sqldata_say(struct sql_data *d, const char *fmt, ...)
{
	char m[sizeof d->warning];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m, sizeof m, fmt, ap);
	va_end(ap);
	if (!d->bound_s)
		warnx_("%s: %s", d->path, m);
	else if (!d->warning[0])
		memcpy(d->warning, m, sizeof m);
}

/* A list of the tracks that stopped at its budget, said with the tables
 * that read it (the summary, gcs and caps read the store instead:
 * summary_stream, gcs_stream). */
static void say_cut(struct sql_data *d)
{
	static const struct {
		unsigned bit;
		const char *tables;
	} reads[] = { { TRACKS_CUT_THREADS, "threads, runs" },
		      { TRACKS_CUT_SPARKS, "sparks" }, { TRACKS_CUT_MARKS, "markers" },
		      { TRACKS_CUT_CAPS, "caps, runs" } };
	/* (the collections: gcs and caps read the store where they stopped) */
	unsigned cut = d->tr.cut & ~(unsigned)(TRACKS_CUT_BINS | TRACKS_CUT_GCS);
	if (!cut)
		return;
	char what[160], tables[160] = "";
	size_t w = 0;
	for (size_t i = 0; i < sizeof reads / sizeof *reads; i++)
		if ((cut & reads[i].bit) && w < sizeof tables)
			w += (size_t)snprintf(tables + w, sizeof tables - w, "%s%s", w ? ", " : "",
					      reads[i].tables);
	sqldata_say(d, "PARTIAL: %s stopped at the memory budget: the tables %s are short",
		    tracks_cut_text(cut, what, sizeof what), *tables ? tables : "that read them");
}

/* s, opened with the whole index (and the tracks when need_tracks). */
static int open_whole(struct sql_data *d, const char *save)
{
	struct tracks_fused *f = d->need_tracks ? tracks_fused_new() : NULL;
	int rc = cmd_open_store_sink(d->path, save, &d->src, &d->s, tracks_fused_sink(f));
	if (rc >= 0) {
		tracks_fused_free(f);
		return rc;
	}
	d->opened = true;
	if (d->need_tracks) {
		if (!tracks_fused_build(f, &d->tr, &d->s)) {
			sqldata_say(d, "%s", store_faulted(&d->s) ? "the file shrank while it was read"
								 : "out of memory");
			return EXIT_BADINPUT;
		}
		d->have_tracks = true;
		say_cut(d);
	}
	return -1;
}

int sql_log_open(struct sql_data *d, const char *save)
{
	if (!d->lazy)
		return open_whole(d, save);
	char err[300];
	if (store_open_header(&d->w, d->path, err, sizeof err) != STORE_OK) {
		warnx_("%s: %s", d->path, err);
		d->lazy = false;
		return EXIT_BADINPUT;
	}
	return -1;
}

/* The window [lo, hi] indexed into w, the first time; false when out of
 * memory (said). */
static bool sqldata_window(struct sql_data *d, uint64_t lo, uint64_t hi)
{
	if (d->windowed)
		return true;
	d->windowed = true;
	if (store_index_window(&d->w, lo, hi, &d->win) == STORE_OK)
		return true;
	sqldata_say(d, "out of memory");
	return false;
}

/* The store the tables read: the log's own, or the one bound (sql.h). */
static const struct store *store_of(const struct sql_data *d)
{
	return d->bound_s ? d->bound_s : &d->s;
}

const struct store *sql_log_store(struct sql_data *d, const struct table_def *t,
				  const struct table_limits *l)
{
	if (d->bound_s)
		return d->bound_s;
	if (d->lazy && !d->opened && t == &table_events && (l->lo > 0 || l->hi < UINT64_MAX)) {
		if (!sqldata_window(d, l->lo, l->hi))
			return NULL;
		if (d->win.ok && l->lo >= d->win.lo && l->hi <= d->win.hi)
			return &d->w;
	}
	if (!d->opened && open_whole(d, NULL) >= 0)
		return NULL;
	return &d->s;
}

/* The tracks, built the first time a table needs them. */
static bool tracks_ready(struct sql_data *d)
{
	if (d->have_tracks || d->bound_tr)
		return true;
	if (d->tracks_failed || !tracks_build(&d->tr, store_of(d))) {
		d->tracks_failed = true;
		return false;
	}
	d->have_tracks = true;
	say_cut(d);
	return true;
}

/* The spans, paired with the rc file's rules as `hectic spans` pairs them. */
static bool sqldata_spans_ready(struct sql_data *d)
{
	struct span_rules r;
	if (!report_span_rules(&r, false))
		return false;
	d->have_spans = spans_build(&d->sp, store_of(d), &r);
	span_rules_free(&r);
	if (d->have_spans && d->sp.over_budget)
		sqldata_say(d, "the spans reached their memory budget; figures may be partial");
	return d->have_spans;
}

bool sql_derived_ready(struct sql_data *d, int needs)
{
	bool ok = true;
	if (d->derived_failed & 1u << needs)
		return false;
	switch (needs) {
	case TABLE_NEEDS_STORE: return true;
	case TABLE_NEEDS_TRACKS: return tracks_ready(d);
	case TABLE_NEEDS_HEAP:
		if (d->have_heap)
			break;
		if ((ok = d->have_heap = heap_build_ticks(&d->h, store_of(d), false)) && d->h.over_budget)
			sqldata_say(d, "the profile reached its memory budget; figures may be partial");
		break;
	case TABLE_NEEDS_TICKY:
		if (!d->have_ticky)
			ok = d->have_ticky = ticky_build(&d->ticky, store_of(d));
		break;
	case TABLE_NEEDS_SPANS:
		if (!d->have_spans)
			ok = sqldata_spans_ready(d);
		break;
	}
	if (!ok)
		d->derived_failed |= 1u << needs;
	return ok;
}

struct table_data sql_table_data(const struct sql_data *d)
{
	return (struct table_data){ .s = store_of(d),
				    .tr = d->bound_tr ? d->bound_tr : d->have_tracks ? &d->tr : NULL,
				    .stop = d->stop,
				    .h = d->have_heap ? &d->h : NULL,
				    .ticky = d->have_ticky ? &d->ticky : NULL,
				    .sp = d->have_spans ? &d->sp : NULL };
}

void sql_derived_free(struct sql_data *d)
{
	if (d->have_heap)
		heap_free(&d->h);
	if (d->have_ticky)
		ticky_free(&d->ticky);
	if (d->have_spans)
		spans_free(&d->sp);
	d->have_heap = d->have_ticky = d->have_spans = false;
}

/* HECTIC_SQL_STATS=1: how the log was indexed, on standard error. */
static void say_index(const struct sql_data *d)
{
	const char *stats = getenv("HECTIC_SQL_STATS");
	if (!stats || strcmp(stats, "1") != 0)
		return;
	if (d->lazy && d->win.ok)
		fprintf(stderr, "hectic sql: %s: window index: %llu of %llu blocks, %llu bytes%s\n",
			d->path, (unsigned long long)d->win.blocks,
			(unsigned long long)d->win.nblocks, (unsigned long long)d->win.bytes,
			d->opened ? ", and the whole index" : "");
	else if (d->opened)
		fprintf(stderr, "hectic sql: %s: whole index%s%s\n", d->path,
			d->lazy && d->windowed ? "; the window refused: " : "",
			d->lazy && d->windowed ? d->win.why : "");
}

int sql_log_close(struct sql_data *d, int rc)
{
	/* lazy: how the log ends from its markers, or from the whole index
	 * when the window cannot say */
	if (d->lazy && !d->opened && sqldata_window(d, 1, 0) && !d->win.ok)
		open_whole(d, NULL);
	if (!d->opened && !d->lazy)
		return rc;
	say_index(d);
	const struct store *s = d->opened ? &d->s : &d->w;
	if (store_faulted(s) || (d->lazy && store_faulted(&d->w))) {
		warnx_("%s: the file shrank while it was read; the rows are incomplete", d->path);
		rc = rc > 0 ? rc : EXIT_BADINPUT;
	} else if (!store_report(s, cmd_say_problem, (void *)d->path) && rc <= 0) {
		rc = EXIT_BADINPUT;
	}
	if (d->have_tracks)
		tracks_free(&d->tr);
	sql_derived_free(d);
	if (d->opened) {
		store_close(&d->s);
		source_close(&d->src);
	}
	if (d->lazy)
		store_close(&d->w);
	d->opened = d->have_tracks = d->lazy = d->windowed = false;
	return rc;
}
