/* The go-to-time prompt: ":1.5s" puts the cursor at 1.5 s into the run's
 * clock (the ruler's times), ":+20ms" and ":-5ms" move it from where it
 * is. A time outside the window zooms out until it shows; one outside the
 * run goes to its nearest end. */
#include "core.h"

/* The time the line names, clamped to the run; false when it names none. */
static bool goto_parse(const struct viewer *u, const char *s, uint64_t *t)
{
	uint64_t d;
	char sign = *s == '+' || *s == '-' ? *s++ : 0;
	if (!time_parse(s, &d))
		return false;
	if (sign == '+')
		*t = u->cursor + d < u->cursor ? UINT64_MAX : u->cursor + d;
	else if (sign == '-')
		*t = u->cursor > d ? u->cursor - d : 0;
	else
		*t = d;
	uint64_t lo = core_run_start(u), hi = core_run_end(u) - 1;
	*t = *t < lo ? lo : *t > hi ? hi : *t;
	return true;
}

static void goto_run(struct viewer *u, const char *line)
{
	uint64_t t;
	if (!*line)
		return;
	if (!goto_parse(u, line, &t)) {
		core_say(u, "not a time: %s (try 1.5s, +20ms or -5ms)", line);
		return;
	}
	while ((t < u->t0 || t >= u->t1) && core_width(u) < core_run_end(u) - core_run_start(u))
		core_zoom(u, false, -1);
	core_go_time(u, t);
}

static bool goto_key(struct viewer *u, const char *key)
{
	return prompt_take_key(u, key, goto_run);
}

static void goto_draw(struct viewer *u)
{
	prompt_draw(u, ":", &u->prompt);
}

const struct view_ops view_goto = {
	.name = "goto",
	.opens_on = ACT_GOTO_TIME,
	.open = prompt_open,
	.draw = goto_draw,
	.key = goto_key,
};
