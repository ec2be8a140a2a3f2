/* cmd_sql_log: a log `hectic sql` reads, opened and closed (sql.h). */
#include "sql.h"

#include "cli.h"

int sql_log_open(struct sql_data *d, const char *save)
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

int sql_log_close(struct sql_data *d, int rc)
{
	if (!d->opened)
		return rc;
	if (store_faulted(&d->s)) {
		warnx_("%s: the file shrank while it was read; the rows are incomplete", d->path);
		rc = rc > 0 ? rc : EXIT_BADINPUT;
	} else if (!store_report(&d->s, cmd_say_problem, (void *)d->path) && rc <= 0) {
		rc = EXIT_BADINPUT;
	}
	if (d->have_tracks)
		tracks_free(&d->tr);
	sql_derived_free(d);
	store_close(&d->s);
	source_close(&d->src);
	d->opened = d->have_tracks = false;
	return rc;
}
