/* cmd_sql_log: a log `hectic sql` reads, opened and closed (sql.h): at
 * once with the whole index, or lazy, its header alone, the index built
 * for a time window of events when the first read asks for one
 * (store_window.h) and whole when a read needs more. */
#include "sql.h"

#include <stdlib.h>
#include <string.h>

#include "../model/table.h"
#include "cli.h"

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
			warnx_("%s: out of memory", d->path);
			return EXIT_BADINPUT;
		}
		d->have_tracks = true;
		if (d->tr.over_budget)
			warnx_("%s: some tables reached their memory budget; figures may be partial",
			       d->path);
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
static bool window(struct sql_data *d, uint64_t lo, uint64_t hi)
{
	if (d->windowed)
		return true;
	d->windowed = true;
	if (store_index_window(&d->w, lo, hi, &d->win) == STORE_OK)
		return true;
	warnx_("%s: out of memory", d->path);
	return false;
}

const struct store *sql_log_store(struct sql_data *d, const struct table_def *t,
				  const struct table_limits *l)
{
	if (d->lazy && t == &table_events && (l->lo > 0 || l->hi < UINT64_MAX)) {
		if (!window(d, l->lo, l->hi))
			return NULL;
		if (d->win.ok && l->lo >= d->win.lo && l->hi <= d->win.hi)
			return &d->w;
	}
	if (!d->opened && open_whole(d, NULL) >= 0)
		return NULL;
	return &d->s;
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
	if (d->lazy && !d->opened && window(d, 1, 0) && !d->win.ok)
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
