/* The search prompt: a regular expression over markers, messages and
 * thread labels; Enter goes to the first match after the cursor, n and N
 * (core.c) to the next and previous. */
#include "draw.h"

#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core.h"
#include "loader.h"
#include "../model/regex_guard.h"

/* A search, on busy_run's worker: the marks and the thread labels. */
struct search_job {
	const struct tracks *tr;
	const struct store *s;
	const regex_t *re;
	uint64_t from;
	int dir;
	bool found;
	uint64_t hit;
	long mark;
	uint32_t thread;
	bool wrap;    /* none that way: search on from the run's other end */
	bool wrapped; /* ... and it did */
};

static void search_job(void *arg)
{
	struct search_job *j = arg;
	j->found = tracks_search(j->tr, j->s, j->re, j->from, j->dir, true, &j->hit, &j->mark,
				 &j->thread);
	if (j->found || !j->wrap)
		return;
	/* none that way: around the run's end, from its other end (a match at
	 * time 0 is the one before time 1: tracks_search looks strictly after
	 * its time) */
	j->wrapped = true;
	if (j->dir < 0) {
		j->found = tracks_search(j->tr, j->s, j->re, UINT64_MAX, -1, true, &j->hit, &j->mark,
					 &j->thread);
		return;
	}
	j->found = tracks_search(j->tr, j->s, j->re, 1, -1, true, &j->hit, &j->mark, &j->thread);
	if (!j->found)
		j->found = tracks_search(j->tr, j->s, j->re, 0, 1, true, &j->hit, &j->mark,
					 &j->thread);
}

/* From the cursor to the next (dir 1) or previous (-1) match of the last
 * search, said on the status line. Past the run's last match it goes on
 * from the run's start (before the first, from its end), and says that it
 * did, as vim and less do. A search over many marks can take a while: q,
 * Ctrl-C and SIGTERM end the viewer meanwhile. */
static void search_repeat(struct viewer *u, int dir)
{
	if (!u->has_re) {
		core_say(u, "no search yet: %s to search", core_key_for(u, ACT_SEARCH));
		return;
	}
	struct search_job j = { .tr = &u->r->run.tr, .s = &u->r->run.s, .re = &u->re, .from = u->cursor,
				.dir = dir, .wrap = true };
	busy_run(u, "searching", search_job, &j);
	if (!j.found) {
		core_say(u, "no match for /%s/ in the run", u->pattern);
		return;
	}
	core_go_time(u, j.hit);
	const char *wrapped = !j.wrapped ? ""
			      : dir > 0	 ? "search hit the run's end, continuing at its start: "
					 : "search hit the run's start, continuing at its end: ";
	if (j.mark >= 0) {
		size_t n;
		const uint8_t *txt = tracks_mark_text(&u->r->run.s, &u->r->run.tr.marks[j.mark], &n);
		char a[32];
		/* the text whole, as far as the message holds it (the message
		 * area wraps it) */
		core_say(u, "%s%s: %.*s", wrapped, core_fmt_moment(a, 32, j.hit),
			 (int)(n > sizeof u->msg ? sizeof u->msg : n), txt ? (const char *)txt : "");
	} else {
		core_say(u, "%sthread %u label matches", wrapped, j.thread);
	}
}

static void search_run(struct viewer *u, const char *pattern)
{
	if (!*pattern)
		return;
	char why[128];
	if (!regex_guard(pattern, why, sizeof why)) {
		core_say(u, "regular expression refused: %s", why);
		return;
	}
	regex_t re;
	int e = regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB);
	if (e) {
		char m[128];
		regerror(e, &re, m, sizeof m);
		core_say(u, "bad regular expression: %s", m);
		return;
	}
	if (u->has_re)
		regfree(&u->re);
	u->re = re;
	u->has_re = true;
	snprintf(u->pattern, sizeof u->pattern, "%s", pattern);
	search_repeat(u, 1);
}

static bool search_key(struct viewer *u, const char *key)
{
	return prompt_take_key(u, key, search_run);
}

static void search_draw(struct viewer *u)
{
	prompt_draw(u, "/", &u->prompt);
}

/* n and N, whatever has the focus (the prompt takes them as text). */
static bool search_act(struct viewer *u, enum action a)
{
	if (a != ACT_SEARCH_NEXT && a != ACT_SEARCH_PREV)
		return false;
	search_repeat(u, a == ACT_SEARCH_NEXT ? 1 : -1);
	return true;
}

static const enum action search_globals[] = { ACT_SEARCH_NEXT, ACT_SEARCH_PREV, ACT_NONE };

const struct view_ops view_search = {
	.name = "search",
	.opens_on = ACT_SEARCH,
	.open = prompt_open,
	.draw = search_draw,
	.key = search_key,
	.act = search_act,
	.globals = search_globals,
};
