/* The tag -> class table. */
#include "classes.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* name, description, the noun of "no NOUN events", and the +RTS -l letter */
static const struct {
	const char *name, *desc, *noun;
	char letter;
} info[CL_COUNT] = {
	[CL_SCHED] = { "sched", "threads and the scheduler", "scheduler", 's' },
	[CL_GC] = { "gc", "garbage collection", "GC", 'g' },
	[CL_HEAP] = { "heap", "heap statistics", "heap statistics", 'g' },
	[CL_SPARKS] = { "sparks", "sparks", "spark", 'p' },
	[CL_CAPS] = { "caps", "capabilities, capsets, process", "capability", 0 },
	[CL_TASKS] = { "tasks", "OS tasks", "task", 's' },
	[CL_USER] = { "user", "user markers and messages, log messages", "user", 'u' },
	[CL_PROF] = { "prof", "heap and time profiling, IPE", "profiling", 0 },
	[CL_NONMOVING] = { "nonmoving", "nonmoving collector", "nonmoving GC", 'n' },
	[CL_TICKY] = { "ticky", "ticky-ticky counters", "ticky", 'T' },
	[CL_OTHER] = { "other", "everything else, unknown events", "other", 0 },
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

char class_rts_letter(enum ev_class c)
{
	return c < CL_COUNT ? info[c].letter : 0;
}

/* Appends to buf (n bytes, length *len) as much of s as fits. */
static void classes_put(char *buf, size_t n, size_t *len, const char *s)
{
	size_t k = strlen(s);
	if (*len + 1 >= n)
		return;
	if (k > n - 1 - *len)
		k = n - 1 - *len;
	memcpy(buf + *len, s, k);
	*len += k;
	buf[*len] = 0;
}

/* The separator before item i of m in "a, b or c" (last: the word). */
static const char *sep(int i, int m, const char *last)
{
	return i == 0 ? "" : i == m - 1 ? last : ", ";
}

const char *class_absent(class_set missing, unsigned opts, char *buf, size_t n)
{
	size_t len = 0;
	if (!n)
		return buf;
	buf[0] = 0;
	missing &= CLASS_ALL;
	if (!missing)
		return buf;
	int nc = 0, nl = 0;
	char letters[CL_COUNT + 1] = "";
	for (int c = 0; c < CL_COUNT; c++) {
		char l = info[c].letter;
		if (!(missing & CLASS_BIT(c)))
			continue;
		nc++;
		if (l && !strchr(letters, l))
			letters[nl++] = l;
	}
	classes_put(buf, n, &len, "no ");
	for (int c = 0, i = 0; c < CL_COUNT; c++)
		if (missing & CLASS_BIT(c)) {
			classes_put(buf, n, &len, sep(i++, nc, " or "));
			classes_put(buf, n, &len, info[c].noun);
		}
	classes_put(buf, n, &len, " events in this log");
	if (opts & CLASS_ABSENT_YET) {
		classes_put(buf, n, &len, " yet");
		return buf;
	}
	if (!nl)
		return buf;
	classes_put(buf, n, &len, " (+RTS -l without ");
	bool plain = true; /* every letter one that plain -l has and -l-au has not */
	for (int i = 0; i < nl; i++) {
		char one[2] = { letters[i], 0 };
		classes_put(buf, n, &len, sep(i, nl, " and "));
		classes_put(buf, n, &len, one);
		plain &= strchr("sgp", letters[i]) != NULL;
	}
	classes_put(buf, n, &len, plain ? ", as -l-au)" : ")");
	return buf;
}
