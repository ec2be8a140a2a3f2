/* The search prompt: a regular expression over markers, messages and
 * thread labels; Enter goes to the first match after the cursor, n and N
 * (core.c) to the next and previous. */
#include "draw.h"

#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "core.h"

/* From the cursor to the next (dir 1) or previous (-1) match of the last
 * search, said on the status line. */
void search_repeat(struct ui *u, int dir)
{
	if (!u->has_re) {
		ui_say(u, "no search yet: / to search");
		return;
	}
	uint64_t hit;
	long mark;
	uint32_t thread;
	uint64_t from = u->cursor;
	if (tracks_search(&u->tr, &u->s, &u->re, from, dir, true, &hit, &mark, &thread)) {
		ui_go_time(u, hit);
		if (mark >= 0) {
			size_t n;
			const uint8_t *txt = tracks_mark_text(&u->s, &u->tr.marks[mark], &n);
			char a[32];
			ui_say(u, "%s: %.*s", ui_fmt_moment(a, 32, hit),
				 (int)(n > 80 ? 80 : n), txt ? (const char *)txt : "");
		} else {
			ui_say(u, "thread %u label matches", thread);
		}
	} else {
		ui_say(u, "no %s match for /%s/",
			 dir > 0 ? "later" : "earlier", u->pattern);
	}
}

static void search_run(struct ui *u, const char *pattern)
{
	if (!*pattern)
		return;
	regex_t re;
	int e = regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB);
	if (e) {
		char m[128];
		regerror(e, &re, m, sizeof m);
		ui_say(u, "bad regular expression: %s", m);
		return;
	}
	if (u->has_re)
		regfree(&u->re);
	u->re = re;
	u->has_re = true;
	snprintf(u->pattern, sizeof u->pattern, "%s", pattern);
	search_repeat(u, 1);
}

static bool search_key(struct ui *u, const char *key)
{
	return prompt_take_key(u, key, search_run);
}

static void search_draw(struct ui *u)
{
	prompt_draw(u, "/", &u->prompt);
}

const struct view_ops view_search = {
	.name = "search",
	.opens_on = ACT_SEARCH,
	.open = prompt_open,
	.draw = search_draw,
	.key = search_key,
};
