/* The action tables' names and help texts, from the X-macros. */
#include "actions.h"

#include <string.h>

static const struct {
	const char *name, *help;
	bool early;
} table[ACT_COUNT] = {
	[ACT_NONE] = { "", "", true },
#define X(id, n, e, h) [ACT_##id] = { n, h, e },
	ACTIONS(X)
#undef X
};

const char *action_name(enum action a)
{
	return a < ACT_COUNT ? table[a].name : "";
}

bool action_early(enum action a)
{
	return a < ACT_COUNT && table[a].early;
}

const char *action_help(enum action a)
{
	return a < ACT_COUNT ? table[a].help : "";
}

enum action action_by_name(const char *name)
{
	for (int a = 1; a < ACT_COUNT; a++)
		if (!strcmp(table[a].name, name))
			return (enum action)a;
	return ACT_NONE;
}

static const struct {
	const char *name, *help;
} prompt_table[PA_COUNT] = {
	[PA_NONE] = { "", "" },
#define X(id, n, h) [PA_##id] = { n, h },
	PROMPT_ACTIONS(X)
#undef X
};

const char *prompt_action_name(enum prompt_action a)
{
	return a < PA_COUNT ? prompt_table[a].name : "";
}

const char *prompt_action_help(enum prompt_action a)
{
	return a < PA_COUNT ? prompt_table[a].help : "";
}
