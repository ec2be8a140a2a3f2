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

/* A warning of the log ctx (a struct sql_data; model/run.h's say): on
 * standard error after the log's path (path NULL: the text names it), or
 * kept for the viewer's pane (sql.h: warning; the first one). */
static void sqldata_keep(void *ctx, const char *path, const char *m)
{
	struct sql_data *d = ctx;
	if (!d->r.lent_s)
		cmd_run_says(NULL, path, m);
	else if (!d->warning[0])
		snprintf(d->warning, sizeof d->warning, "%s", m);
}

__attribute__((format(printf, 2, 3))) static void sqldata_say(struct sql_data *d, const char *fmt, ...)
{
	char m[sizeof d->warning];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m, sizeof m, fmt, ap);
	va_end(ap);
	sqldata_keep(d, d->path, m);
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
	unsigned cut = d->r.tr.cut & ~(unsigned)(TRACKS_CUT_BINS | TRACKS_CUT_GCS);
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

/* The run's say, stop and path set (before an open, or a lent store). */
static void sqldata_bind(struct sql_data *d)
{
	d->r.say = sqldata_keep;
	d->r.say_ctx = d;
	d->r.stop = d->stop;
	d->r.path = d->path;
}

int sql_log_open(struct sql_data *d, const char *save)
{
	sqldata_bind(d);
	struct run_open_options o = { .save = save, .lazy = d->lazy,
				      .fused = d->need_tracks ? RUN_NEED(TABLE_NEEDS_TRACKS) : 0 };
	switch (run_open(&d->r, d->path, &o)) {
	case RUN_OPENED: break;
	case RUN_REFUSED: return EXIT_USAGE;
	case RUN_FAILED: d->lazy = false; return EXIT_BADINPUT;
	}
	if (d->r.built & RUN_NEED(TABLE_NEEDS_TRACKS))
		say_cut(d);
	return -1;
}

int sql_log_follow(struct sql_data *d)
{
	sqldata_bind(d);
	struct run_open_options o = { .follow = true };
	switch (run_open(&d->r, d->path, &o)) {
	case RUN_OPENED: return -1;
	case RUN_REFUSED: return EXIT_USAGE;
	case RUN_FAILED: break;
	}
	return EXIT_BADINPUT;
}

const struct store *sql_log_store(struct sql_data *d, const struct table_def *t,
				  const struct table_limits *l)
{
	if (!d->r.say)
		sqldata_bind(d);
	return run_store(&d->r, t == &table_events, l->lo, l->hi);
}

static void sqldata_rules_free(struct sql_data *d)
{
	if (d->r.rules == &d->rules)
		span_rules_free(&d->rules);
	d->r.rules = NULL;
}

/* The spans' rules: the rc file's, as `hectic spans` pairs them, read the
 * first time (false when they cannot be). */
static bool sqldata_rules(struct sql_data *d)
{
	if (d->r.rules)
		return true;
	if (!report_span_rules(&d->rules, false))
		return false;
	d->r.rules = &d->rules;
	return true;
}

bool sql_derived_ready(struct sql_data *d, int needs)
{
	struct run *r = &d->r;
	unsigned bit = RUN_NEED(needs);
	if (!r->say)
		sqldata_bind(d);
	if (r->built & bit)
		return true;
	if (r->failed & bit)
		return false;
	if (needs == TABLE_NEEDS_SPANS && !sqldata_rules(d)) {
		r->failed |= bit;
		return false;
	}
	if (!run_need(r, bit))
		return false;
	switch (needs) {
	case TABLE_NEEDS_TRACKS:
		if (!r->lent_tr)
			say_cut(d);
		break;
	case TABLE_NEEDS_HEAP:
		if (r->h.over_budget)
			sqldata_say(d, "the profile reached its memory budget; figures may be partial");
		break;
	case TABLE_NEEDS_SPANS:
		if (r->sp.over_budget)
			sqldata_say(d, "the spans reached their memory budget; figures may be partial");
		break;
	}
	return true;
}

struct table_data sql_table_data(const struct sql_data *d)
{
	return run_table_data(&d->r);
}

void sql_derived_free(struct sql_data *d)
{
	run_forget(&d->r, RUN_NEED(TABLE_NEEDS_HEAP) | RUN_NEED(TABLE_NEEDS_TICKY) |
				  RUN_NEED(TABLE_NEEDS_SPANS));
}

/* HECTIC_SQL_STATS=1: how the log was indexed, on standard error. */
static void say_index(const struct sql_data *d)
{
	const char *stats = getenv("HECTIC_SQL_STATS");
	if (!stats || strcmp(stats, "1") != 0)
		return;
	const struct run *r = &d->r;
	if (r->lazy && r->win.ok)
		fprintf(stderr, "hectic sql: %s: window index: %llu of %llu blocks, %llu bytes%s\n",
			d->path, (unsigned long long)r->win.blocks,
			(unsigned long long)r->win.nblocks, (unsigned long long)r->win.bytes,
			r->opened ? ", and the whole index" : "");
	else if (r->opened)
		fprintf(stderr, "hectic sql: %s: whole index%s%s\n", d->path,
			r->lazy && r->windowed ? "; the window refused: " : "",
			r->lazy && r->windowed ? r->win.why : "");
}

int sql_log_close(struct sql_data *d, int rc)
{
	struct run *r = &d->r;
	/* lazy: how the log ends from its markers, or from the whole index
	 * when the window cannot say */
	if (r->lazy && !r->opened && run_index_window(r, 1, 0) && !r->win.ok)
		run_store_whole(r);
	if (!r->opened && !r->lazy) {
		run_close(r);
		sqldata_rules_free(d);
		return rc;
	}
	say_index(d);
	const struct store *s = r->opened ? &r->s : &r->w;
	if (run_faulted(r)) {
		warnx_("%s: the file shrank while it was read; the rows are incomplete", d->path);
		rc = rc > 0 ? rc : EXIT_BADINPUT;
	} else if (!store_report(s, cmd_say_problem, (void *)d->path) && rc <= 0) {
		rc = EXIT_BADINPUT;
	}
	run_close(r);
	sqldata_rules_free(d);
	d->lazy = false;
	return rc;
}
