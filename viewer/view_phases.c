/* The messages the rc picks for the ruler (model/phases.h): with `set
 * ruler-messages REGEX`, a marker's glyph on the ruler at each message
 * that matches; with `set ruler-phases REGEX`, the same, and a track row,
 * "phases", where each phase runs from its message's column (a bar) to the
 * next one's, its name after the bar where the columns leave room, fitted
 * among the names on screen (label_fit) so that two read differently. The
 * picks are made the first time a frame asks (one regexec a mark, on
 * busy_run's worker: the viewer can be quit meanwhile), and again when the
 * log grows or the other run is shown: they are the shown run's. Neither
 * option set (the default): nothing is drawn and no row is taken. */
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/phases.h"
#include "core.h"
#include "label_fit.h"
#include "loader.h"

/* The view's private state. */
struct phases_state {
	regex_t re_msg, re_ph;
	bool compiled;        /* the rc's regexes compiled (or refused) */
	bool has_msg, has_ph; /* ... and taken */
	struct phases msg, ph;
	bool built;           /* msg and ph are the shown run's */
};

extern const struct view_ops view_phases;

static struct phases_state *phases_of(const struct viewer *u)
{
	return view_state(u, &view_phases);
}

static void picks_free(struct phases_state *p)
{
	phases_free(&p->msg);
	phases_free(&p->ph);
	p->built = false;
}

static void phases_done(struct viewer *u)
{
	struct phases_state *p = phases_of(u);
	picks_free(p);
	if (p->has_msg)
		regfree(&p->re_msg);
	if (p->has_ph)
		regfree(&p->re_ph);
	*p = (struct phases_state){ 0 };
}

/* Picking the messages: on busy_run's worker, from the tracks and the
 * store alone. */
struct phases_job {
	const struct tracks *tr;
	const struct store *s;
	const regex_t *re_msg, *re_ph; /* NULL: not set */
	struct phases msg, ph;
	bool ok;
};

static void phases_job(void *arg)
{
	struct phases_job *j = arg;
	j->ok = (!j->re_msg || phases_build(&j->msg, j->tr, j->s, j->re_msg)) &&
		(!j->re_ph || phases_build(&j->ph, j->tr, j->s, j->re_ph));
	if (!j->ok) {
		phases_free(&j->msg);
		phases_free(&j->ph);
	}
}

/* The rc's regexes (checked when the rc was read: a refusal here is only
 * out of memory), once. */
static void compile(struct viewer *u, struct phases_state *p)
{
	p->compiled = true;
	p->has_msg = u->ruler_messages && !regcomp(&p->re_msg, u->ruler_messages, REG_EXTENDED);
	p->has_ph = u->ruler_phases && !regcomp(&p->re_ph, u->ruler_phases, REG_EXTENDED);
	if ((u->ruler_messages && !p->has_msg) || (u->ruler_phases && !p->has_ph))
		core_say(u, "ruler-messages, ruler-phases: the regex could not be compiled");
}

/* What picking found that the user should know, of one option: a regex
 * that picks nothing, and marks the tracks left out (their budget); after
 * the message the frame already had (the other run shown, a session
 * restored), not over it. */
static void phases_tell(struct viewer *u, const char *name, const char *re, const struct phases *q)
{
	char a[32], say[200];
	if (!q->complete)
		snprintf(say, sizeof say, "%s: the marks stopped at the memory budget at %s: later "
					  "messages are not picked", name, core_fmt_moment(a, sizeof a, q->end));
	else if (!q->n)
		snprintf(say, sizeof say, "%s: no message or marker matches '%.80s'", name, re);
	else
		return;
	char keep[sizeof u->msg];
	snprintf(keep, sizeof keep, "%s", u->msg);
	if (keep[0])
		core_say(u, "%s; %s", keep, say);
	else
		core_say(u, "%s", say);
}

/* The shown run's picks, made when missing. */
static bool ready(struct viewer *u)
{
	struct phases_state *p = phases_of(u);
	if (!p->compiled)
		compile(u, p);
	if (!p->has_msg && !p->has_ph)
		return false;
	if (p->built)
		return true;
	p->built = true;
	struct phases_job j = { .tr = &u->r->run.tr, .s = &u->r->run.s, .re_msg = p->has_msg ? &p->re_msg : NULL,
				.re_ph = p->has_ph ? &p->re_ph : NULL };
	busy_run(u, "picking the ruler's messages", phases_job, &j);
	if (!j.ok) {
		core_say(u, "ruler-messages, ruler-phases: out of memory");
		return false;
	}
	p->msg = j.msg;
	p->ph = j.ph;
	if (p->has_msg)
		phases_tell(u, "ruler-messages", u->ruler_messages, &p->msg);
	if (p->has_ph)
		phases_tell(u, "ruler-phases", u->ruler_phases, &p->ph);
	return true;
}

/* Has the shown run phases (a track row)? */
static bool phases_track(struct viewer *u)
{
	return ready(u) && phases_of(u)->has_ph && phases_of(u)->ph.n;
}

/* The first pick at or after time t, or -1. */
static long pick_from(const struct phases *q, const struct tracks *tr, uint64_t t)
{
	return phases_next(q, tracks_mark_from(tr, t));
}

/* The picks of q in the window as the marker's glyph on the ruler, where
 * the ticks and their labels leave the column blank: one look a column. */
static void ruler_marks(struct viewer *u, const struct phases *q)
{
	const struct layout *L = &u->L;
	for (long i = pick_from(q, &u->r->run.tr, u->t0); i >= 0 && u->r->run.tr.marks[i].time < u->t1;) {
		int c = layout_time_to_col(u->t0, u->t1, L->plotw, u->r->run.tr.marks[i].time);
		if (c < 0)
			break;
		if ((mvinch(L->ruler, L->plotx + c) & A_CHARTEXT) == ' ')
			mvaddstr(L->ruler, L->plotx + c, G_MARKER(u));
		i = pick_from(q, &u->r->run.tr, layout_col_to_time(u->t0, u->t1, L->plotw, c + 1));
	}
}

static void phases_draw_lanes(struct viewer *u)
{
	struct phases_state *p = phases_of(u);
	if (!p->built)
		return;
	attron(draw_attr(u, C_MARKER) | A_BOLD);
	if (p->has_msg)
		ruler_marks(u, &p->msg);
	if (p->has_ph)
		ruler_marks(u, &p->ph);
	attroff(draw_attr(u, C_MARKER) | A_BOLD);
}

/* A phase on the track: pick k over columns [a, b); bar: it starts in
 * column a (else it started before the window). */
struct phase_seg {
	long k;
	int a, b;
	bool bar;
	size_t label; /* its name in the label set, or SIZE_MAX */
};

/* The phases over the window's columns, into s[0..w] (a column holds at
 * most one start: of several, the last, whose phase goes on past it);
 * their count. */
static int segments(struct viewer *u, const struct phases *q, struct phase_seg *s, int w)
{
	const struct tracks *tr = &u->r->run.tr;
	int n = 0;
	long k = phases_at(q, tr, u->t0);
	if (k >= 0)
		s[n++] = (struct phase_seg){ k, 0, w, false, SIZE_MAX };
	for (long i = pick_from(q, tr, u->t0); i >= 0 && tr->marks[i].time < u->t1 && n <= w;) {
		int c = layout_time_to_col(u->t0, u->t1, w, tr->marks[i].time);
		if (c < 0)
			break;
		uint64_t next = layout_col_to_time(u->t0, u->t1, w, c + 1);
		long last = phases_prev(q, tracks_mark_from(tr, next));
		if (n && s[n - 1].a == c)
			n--; /* the phase at the window's start ends in its first column */
		if (n)
			s[n - 1].b = c;
		s[n++] = (struct phase_seg){ last, c, w, true, SIZE_MAX };
		i = pick_from(q, tr, next);
	}
	/* the last one ends with the picks' end */
	if (n && q->end < u->t1) {
		int c = q->end <= u->t0 ? 0 : layout_time_to_col(u->t0, u->t1, w, q->end - 1) + 1;
		s[n - 1].b = c > s[n - 1].a ? c : s[n - 1].a + 1;
	}
	return n;
}

static void phases_draw_track(struct viewer *u, int row)
{
	struct phases_state *p = phases_of(u);
	int w = u->L.plotw;
	move(row, 0);
	clrtoeol();
	mvaddstr(row, 0, "phases");
	struct phase_seg *s = p->built && w > 0 ? malloc(((size_t)w + 1) * sizeof *s) : NULL;
	if (!s)
		return;
	int n = segments(u, &p->ph, s, w);
	/* the names, of the phases with room for one (three columns and the
	 * bar's line after it: an ellipsis alone names nothing), fitted among
	 * each other */
	struct label_set set = { 0 };
	for (int i = 0; i < n; i++) {
		if (s[i].b - s[i].a - s[i].bar < 4)
			continue;
		size_t len;
		const uint8_t *nm = phases_name(&u->r->run.tr, &u->r->run.s, &p->re_ph, (size_t)s[i].k, &len);
		s[i].label = label_set_add(&set, nm, len, u->ascii);
	}
	for (int i = 0; i < n; i++) {
		int x = u->L.plotx + s[i].a, end = u->L.plotx + s[i].b;
		attron(draw_attr(u, C_MARKER));
		if (s[i].bar)
			mvaddstr(row, x++, G_TICK(u));
		attroff(draw_attr(u, C_MARKER));
		if (s[i].label != SIZE_MAX && !set.oom) {
			struct label_part part;
			label_set_fit(&set, s[i].label, end - x - 1, u->ascii, &part);
			attron(A_BOLD);
			x = draw_label(row, x, set.t[s[i].label].s, &part, u->ascii);
			attroff(A_BOLD);
		}
		attron(draw_attr(u, C_MARKER));
		for (; x < end; x++)
			mvaddstr(row, x, G_SPAN(u));
		attroff(draw_attr(u, C_MARKER));
	}
	label_set_free(&set);
	free(s);
}

/* The gutter the track's label wants, and a blank. */
static int phases_gutter(struct viewer *u)
{
	(void)u;
	return (int)sizeof "phases";
}

/* The log grew, or the other run is shown: the picks are made again, for
 * the tracks that are the shown run's now, when a frame next asks. */
static void phases_reload(struct viewer *u, bool before)
{
	if (before)
		picks_free(phases_of(u));
}

/* A base view draws on every frame; this one's marks go on the ruler
 * after the timeline has drawn it (draw_lanes), its row where the tracks
 * go (draw_track): here, nothing. */
static void phases_draw(struct viewer *u)
{
	(void)u;
}

const struct view_ops view_phases = {
	.name = "phases",
	.base = true,
	.draw = phases_draw,
	.private_size = sizeof(struct phases_state),
	.done = phases_done,
	.reload = phases_reload,
	.track = phases_track,
	.draw_track = phases_draw_track,
	.draw_lanes = phases_draw_lanes,
	.gutter = phases_gutter,
};
