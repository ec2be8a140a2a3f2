/* The tag -> class table. */
#include "classes.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *name, *desc;
} info[CL_COUNT] = {
	[CL_SCHED] = { "sched", "threads and the scheduler" },
	[CL_GC] = { "gc", "garbage collection" },
	[CL_HEAP] = { "heap", "heap statistics" },
	[CL_SPARKS] = { "sparks", "sparks" },
	[CL_CAPS] = { "caps", "capabilities, capsets, process" },
	[CL_TASKS] = { "tasks", "OS tasks" },
	[CL_USER] = { "user", "user markers and messages, log messages" },
	[CL_PROF] = { "prof", "heap and time profiling, IPE" },
	[CL_NONMOVING] = { "nonmoving", "nonmoving collector" },
	[CL_TICKY] = { "ticky", "ticky-ticky counters" },
	[CL_OTHER] = { "other", "everything else, unknown events" },
};

/* Tag ranges and their class; tags in no range are CL_OTHER. */
static const struct {
	uint16_t lo, hi;
	uint8_t cls;
} ranges[] = {
	{ 0, 4, CL_SCHED },      /* create, run, stop, runnable, migrate */
	{ 8, 8, CL_SCHED },      /* wakeup */
	{ 9, 12, CL_GC },        /* GC start/end, seq/par requests */
	{ 15, 15, CL_SPARKS },   /* create spark thread */
	{ 16, 16, CL_USER },     /* log message */
	{ 17, 17, CL_CAPS },     /* startup */
	{ 19, 19, CL_USER },     /* user message */
	{ 20, 22, CL_GC },       /* GC idle/work/done */
	{ 25, 33, CL_CAPS },     /* capsets, RTS id, args, env, pids */
	{ 34, 41, CL_SPARKS },   /* spark counters and spark events */
	{ 43, 43, CL_CAPS },     /* wall clock time */
	{ 44, 44, CL_SCHED },    /* thread label */
	{ 45, 48, CL_CAPS },     /* cap create/delete/disable/enable */
	{ 49, 52, CL_HEAP },     /* allocated, size, live, heap info */
	{ 53, 54, CL_GC },       /* GC stats, global sync */
	{ 55, 57, CL_TASKS },    /* task create/migrate/delete */
	{ 58, 58, CL_USER },     /* user marker */
	{ 90, 91, CL_HEAP },     /* mem return, blocks size */
	{ 160, 169, CL_PROF },   /* heap and time profiling, IPE */
	{ 181, 181, CL_USER },   /* user binary message */
	{ 200, 208, CL_NONMOVING },
	{ 210, 212, CL_TICKY },
};

enum ev_class class_of(uint16_t tag)
{
	for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
		if (tag >= ranges[i].lo && tag <= ranges[i].hi)
			return (enum ev_class)ranges[i].cls;
	return CL_OTHER;
}

const char *class_name(enum ev_class c)
{
	return c < CL_COUNT ? info[c].name : "?";
}

const char *class_desc(enum ev_class c)
{
	return c < CL_COUNT ? info[c].desc : "?";
}

bool class_parse_list(const char *s, class_set *out, const char **bad)
{
	static char badname[32];
	class_set set = 0;
	while (*s) {
		size_t n = strcspn(s, ",");
		bool found = false;
		if (n == 3 && !strncmp(s, "all", 3)) {
			set |= CLASS_ALL;
			found = true;
		}
		for (int c = 0; c < CL_COUNT && !found; c++) {
			if (strlen(info[c].name) == n && !strncmp(s, info[c].name, n)) {
				set |= CLASS_BIT(c);
				found = true;
			}
		}
		if (!found) {
			snprintf(badname, sizeof badname, "%.*s", (int)(n < 31 ? n : 31), s);
			*bad = badname;
			return false;
		}
		s += n;
		if (*s == ',')
			s++;
	}
	*out = set;
	return true;
}
