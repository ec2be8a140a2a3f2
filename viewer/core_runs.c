/* Two runs in one viewer (hectic A B): the runs (u->runs: A, then B), the
 * one time axis between the two clocks, and the exchange that gives the
 * event list and the panes the other run. u->r is the run drawn now, the
 * event list's; u->other the second. Drawing the other run's rows
 * exchanges the two for the time it takes (core_runs_exchange: the two
 * pointers, and the times onto the other clock), so the lanes' code
 * draws both. */
#include "core.h"

#include <stdio.h>
#include <string.h>


bool core_two(const struct viewer *u)
{
	return u->other != NULL;
}

int core_run_side(const struct viewer *u)
{
	return u->swapped != u->in_other;
}

bool core_run_is_shown(const struct viewer *u, int r)
{
	return (r == 1) == u->swapped;
}

const struct tracks *core_run_tracks(const struct viewer *u, int r)
{
	return &u->runs[r].run.tr;
}

const struct gcs_compact *core_run_gcc(const struct viewer *u, int r)
{
	return &u->runs[r].gcc;
}

const char *core_run_letter(const struct viewer *u)
{
	return core_run_side(u) ? "B" : "A";
}

const struct viewer_run *core_run_at(const struct viewer *u, int side)
{
	return &u->runs[side];
}

void core_run_window(const struct viewer *u, int side, uint64_t *t0, uint64_t *t1)
{
	bool own = side == core_run_side(u);
	*t0 = own ? u->t0 : core_to_other(u, u->t0);
	*t1 = own ? u->t1 : core_to_other(u, u->t1);
}

void core_runs_exchange(struct viewer *u)
{
	struct viewer_run *o = u->other;
	if (!o)
		return;
	u->other = u->r;
	u->r = o;
	/* the times, onto the other clock; the window keeps its width */
	bool back = u->in_other;
	if (!back) {
		u->stash.t0 = u->t0;
		u->stash.t1 = u->t1;
		u->stash.cursor = u->cursor;
		u->stash.mark_a = u->mark_a;
		u->stash.mark_b = u->mark_b;
		u->stash.sel_time = u->sel_time;
		memcpy(u->stash.bm, u->bm, sizeof u->bm);
	}
	int64_t d = u->other_shift;
	uint64_t w = u->t1 - u->t0;
	u->t0 = core_shifted(u->t0, d);
	u->t1 = u->t0 + w < u->t0 ? UINT64_MAX : u->t0 + w;
	u->cursor = core_shifted(u->cursor, d);
	u->mark_a = core_shifted(u->mark_a, d);
	u->mark_b = core_shifted(u->mark_b, d);
	u->sel_time = core_shifted(u->sel_time, d);
	for (int i = 0; i < u->nbm; i++)
		u->bm[i] = core_shifted(u->bm[i], d);
	if (back) { /* exactly as they were, whatever was clamped */
		u->t0 = u->stash.t0;
		u->t1 = u->stash.t1;
		u->cursor = u->stash.cursor;
		u->mark_a = u->stash.mark_a;
		u->mark_b = u->stash.mark_b;
		u->sel_time = u->stash.sel_time;
		memcpy(u->bm, u->stash.bm, sizeof u->bm);
	}
	u->other_shift = -d;
	u->in_other = !u->in_other;
}

void core_other_run(struct viewer *u)
{
	if (!u->other) {
		core_say(u, "one log: other-run compares two (hectic A B)");
		return;
	}
	for (size_t i = 0; i < u->nviews; i++)
		if (u->views[i]->reload)
			u->views[i]->reload(u, true);
	core_runs_exchange(u);
	u->in_other = false;
	u->swapped = !u->swapped;
	u->sel_valid = false;
	u->list_thread = 0;
	u->list_cap = LIST_ANY;
	for (size_t i = 0; i < u->nviews; i++)
		if (u->views[i]->reload)
			u->views[i]->reload(u, false);
	core_set_window(u, u->t0, u->t1 - u->t0);
	core_follow_cursor(u);
	core_say(u, "the event list shows run %s", core_run_letter(u));
}

bool core_runs_align(struct viewer *u, const regex_t *re, const char *pattern, char *err, size_t n)
{
	u->other_shift = 0;
	if (!u->other || !re)
		return true;
	uint64_t ta, tb;
	if (!tracks_first_mark(&u->r->run.tr, &u->r->run.s, re, &ta)) {
		snprintf(err, n, "%s: no marker or message matches --align '%s'", u->r->run.path, pattern);
		return false;
	}
	if (!tracks_first_mark(&u->other->run.tr, &u->other->run.s, re, &tb)) {
		snprintf(err, n, "%s: no marker or message matches --align '%s'", u->other->run.path,
			 pattern);
		return false;
	}
	/* B's marker on A's: ta = tb + shift */
	u->other_shift = (int64_t)(ta - tb);
	return true;
}

/* How the run in u's fields ends, for the status line: "" when complete. */
static const char *run_end_state(const struct viewer *u, char *buf, size_t n)
{
	buf[0] = 0;
	if (u->r->run.s.stop == STOP_TRUNCATED)
		snprintf(buf, n, " (truncated at byte %llu: figures to there)",
			 (unsigned long long)u->r->run.s.stop_off);
	else if (!u->r->run.s.ndataend)
		snprintf(buf, n, " (no end marker, still growing?: figures to its end now)");
	else if (u->r->run.s.ngaps)
		snprintf(buf, n, " (%llu undecodable stretches skipped)", (unsigned long long)u->r->run.s.ngaps);
	return buf;
}

void core_runs_said(struct viewer *u)
{
	if (!u->other)
		return;
	char ea[96], eb[96];
	run_end_state(u, ea, sizeof ea);
	core_runs_exchange(u);
	run_end_state(u, eb, sizeof eb);
	core_runs_exchange(u);
	if (*ea || *eb)
		core_say(u, "A%s%s B%s%s", *ea ? "" : " complete", ea, *eb ? "" : " complete", eb);
	else if (u->other_shift) {
		/* B's times on A's axis: the alignment said */
		int64_t d = u->swapped ? -u->other_shift : u->other_shift;
		char t[32];
		time_format(t, sizeof t, d < 0 ? (uint64_t)0 - (uint64_t)d : (uint64_t)d);
		core_say(u, "two runs, aligned: B drawn %s%s; %s: the event list shows the other",
			 d < 0 ? "-" : "+", t, core_key_for(u, ACT_OTHER_RUN));
	} else
		core_say(u, "two runs: A above, B below; %s: the event list shows the other",
			 core_key_for(u, ACT_OTHER_RUN));
}

static const char *base_of(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

char *core_run_short(const struct viewer *u, char *buf, size_t n)
{
	const char *a = base_of(u->r->run.path);
	if (!u->other) {
		snprintf(buf, n, "%s", a);
		return buf;
	}
	/* what tells it from the other's name: the common start up to a
	 * separator, and ".eventlog", left out */
	const char *b = base_of(u->other->run.path);
	size_t cut = 0;
	for (size_t i = 0; a[i] && a[i] == b[i]; i++)
		if (strchr("-_.", a[i]))
			cut = i + 1;
	if (!strcmp(a, b))
		cut = 0; /* the same name (a file twice, or in two folders) */
	size_t len = strlen(a + cut);
	if (len > 9 && !strcmp(a + cut + len - 9, ".eventlog"))
		len -= 9;
	snprintf(buf, n, "%.*s", (int)len, a + cut);
	return buf;
}
