/* The SQL prompt (issue 34): a query over the log, in the tables of
 * `hectic sql`; Enter shows its rows in the SQL pane, which runs it. Up and
 * Down (history-prev, history-next) go through the queries typed before,
 * here or at hectic sql's prompt (history.c: the same file), so that they
 * outlive the viewer; one longer than the prompt's line is cut there. */
#include "draw.h"

#include <stdio.h>
#include <string.h>

#include "core.h"
#include "history.h"

struct sqlp_state {
	struct history h;
	char typed[sizeof(struct prompt){ 0 }.text]; /* the line before Up */
};

extern const struct view_ops view_sql_prompt;

static struct sqlp_state *sqlprompt_of(const struct viewer *u)
{
	return view_state(u, &view_sql_prompt);
}

static bool sqlp_open(struct viewer *u)
{
	struct sqlp_state *s = sqlprompt_of(u);
	history_load(&s->h);
	s->h.at = s->h.n;
	prompt_clear(&u->prompt);
	return true;
}

/* The query kept, then the SQL pane shown (opened again when it shows:
 * its open runs the new query). */
static void sqlp_run(struct viewer *u, const char *line)
{
	if (!*line)
		return;
	history_add(&sqlprompt_of(u)->h, line);
	snprintf(u->sql_query, sizeof u->sql_query, "%s", line);
	u->sql_asked++;
	const struct view_ops *pane = view_for_action(u, ACT_SQL_PANE);
	if (!pane)
		return;
	if (u->pane == pane)
		core_pane_close(u);
	core_pane_toggle(u, pane);
}

static bool sqlp_key(struct viewer *u, const char *key)
{
	struct sqlp_state *s = sqlprompt_of(u);
	enum prompt_action pa = core_prompt_lookup(u, key);
	if (pa == PA_HISTORY_PREV || pa == PA_HISTORY_NEXT) {
		if (s->h.at == s->h.n)
			snprintf(s->typed, sizeof s->typed, "%s", u->prompt.text);
		const char *line = history_step(&s->h, pa == PA_HISTORY_PREV ? -1 : 1);
		prompt_set(&u->prompt, line ? line : s->typed);
		return true;
	}
	return prompt_take_key(u, key, sqlp_run);
}

static void sqlp_draw(struct viewer *u)
{
	prompt_draw(u, "sql> ", &u->prompt);
}

static void sqlp_done(struct viewer *u)
{
	history_free(&sqlprompt_of(u)->h);
}

const struct view_ops view_sql_prompt = {
	.name = "sql-prompt",
	.opens_on = ACT_SQL,
	.open = sqlp_open,
	.draw = sqlp_draw,
	.key = sqlp_key,
	.private_size = sizeof(struct sqlp_state),
	.done = sqlp_done,
};
