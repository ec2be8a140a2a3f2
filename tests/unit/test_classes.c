/* model/classes.c: the tag -> class table, names and descriptions, the
 * parsing of class lists, and the words for the classes a log lacks. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "../../model/classes.h"

/* Every tag maps to one valid class; tags above the table are "other";
 * every class has at least one tag. */
static void test_every_tag_one_class(void **state)
{
	(void)state;
	unsigned count[CL_COUNT] = { 0 };
	for (uint32_t t = 0; t <= 0xFFFF; t++) {
		enum ev_class c = class_of((uint16_t)t);
		assert_true((unsigned)c < CL_COUNT);
		/* O(1) and pure: the same answer twice */
		assert_int_equal(class_of((uint16_t)t), c);
		count[c]++;
		if (t > 212)
			assert_int_equal(c, CL_OTHER);
	}
	unsigned total = 0;
	for (int c = 0; c < CL_COUNT; c++) {
		if (count[c] == 0)
			print_error("class %d (%s) has no tag\n", c, class_name((enum ev_class)c));
		assert_true(count[c] > 0);
		total += count[c];
	}
	assert_int_equal(total, 65536);
}

static void test_spot_checks(void **state)
{
	(void)state;
	static const struct {
		uint16_t tag;
		enum ev_class c;
	} want[] = {
		{ 0, CL_SCHED },       { 1, CL_SCHED },      { 2, CL_SCHED },
		{ 3, CL_SCHED },       { 4, CL_SCHED },      { 5, CL_OTHER },
		{ 6, CL_OTHER },       { 7, CL_OTHER },      { 8, CL_SCHED },
		{ 9, CL_GC },          { 10, CL_GC },        { 11, CL_GC },
		{ 12, CL_GC },         { 13, CL_OTHER },     { 14, CL_OTHER },
		{ 15, CL_SPARKS },     { 16, CL_USER },      { 17, CL_CAPS },
		{ 18, CL_OTHER },      { 19, CL_USER },      { 20, CL_GC },
		{ 21, CL_GC },         { 22, CL_GC },        { 23, CL_OTHER },
		{ 24, CL_OTHER },      { 25, CL_CAPS },      { 33, CL_CAPS },
		{ 34, CL_SPARKS },     { 41, CL_SPARKS },    { 42, CL_OTHER },
		{ 43, CL_CAPS },       { 44, CL_SCHED },     { 45, CL_CAPS },
		{ 48, CL_CAPS },       { 49, CL_HEAP },      { 52, CL_HEAP },
		{ 53, CL_GC },         { 54, CL_GC },        { 55, CL_TASKS },
		{ 57, CL_TASKS },      { 58, CL_USER },      { 59, CL_OTHER },
		{ 89, CL_OTHER },      { 90, CL_HEAP },      { 91, CL_HEAP },
		{ 92, CL_OTHER },      { 159, CL_OTHER },    { 160, CL_PROF },
		{ 163, CL_PROF },      { 167, CL_PROF },     { 169, CL_PROF },
		{ 170, CL_OTHER },     { 180, CL_OTHER },    { 181, CL_USER },
		{ 182, CL_OTHER },     { 199, CL_OTHER },    { 200, CL_NONMOVING },
		{ 204, CL_NONMOVING }, { 208, CL_NONMOVING }, { 209, CL_OTHER },
		{ 210, CL_TICKY },     { 211, CL_TICKY },    { 212, CL_TICKY },
		{ 213, CL_OTHER },     { 300, CL_OTHER },    { 0xFFFF, CL_OTHER },
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		enum ev_class c = class_of(want[i].tag);
		if (c != want[i].c)
			print_error("tag %u: class %d, want %d\n", want[i].tag, c, want[i].c);
		assert_int_equal(c, want[i].c);
	}
}

static void test_names(void **state)
{
	(void)state;
	static const char *const names[CL_COUNT] = {
		[CL_SCHED] = "sched",   [CL_GC] = "gc",       [CL_HEAP] = "heap",
		[CL_SPARKS] = "sparks", [CL_CAPS] = "caps",   [CL_TASKS] = "tasks",
		[CL_USER] = "user",     [CL_PROF] = "prof",   [CL_NONMOVING] = "nonmoving",
		[CL_TICKY] = "ticky",   [CL_OTHER] = "other",
	};
	for (int c = 0; c < CL_COUNT; c++) {
		const char *n = class_name((enum ev_class)c), *d = class_desc((enum ev_class)c);
		assert_non_null(n);
		assert_non_null(d);
		assert_true(n[0] != '\0');
		assert_true(d[0] != '\0');
		assert_string_equal(n, names[c]);
		/* a name must be usable in a comma-separated list */
		assert_null(strchr(n, ','));
		assert_string_not_equal(n, "all");
		for (int o = 0; o < c; o++) {
			assert_string_not_equal(n, class_name((enum ev_class)o));
			assert_string_not_equal(d, class_desc((enum ev_class)o));
		}
	}
	/* out of range: something printable, not a crash */
	assert_non_null(class_name(CL_COUNT));
	assert_non_null(class_desc(CL_COUNT));
}

static void test_class_bits(void **state)
{
	(void)state;
	assert_int_equal(CLASS_ALL, (1u << 11) - 1);
	for (int c = 0; c < CL_COUNT; c++) {
		assert_true(CLASS_ALL & CLASS_BIT(c));
		for (int o = 0; o < c; o++)
			assert_false(CLASS_BIT(c) & CLASS_BIT(o));
	}
}

static void test_parse_list(void **state)
{
	(void)state;
	class_set set = 0xDEAD;
	const char *bad = NULL;

	assert_true(class_parse_list("gc,heap", &set, &bad));
	assert_int_equal(set, CLASS_BIT(CL_GC) | CLASS_BIT(CL_HEAP));

	assert_true(class_parse_list("all", &set, &bad));
	assert_int_equal(set, CLASS_ALL);

	set = 0xDEAD;
	assert_true(class_parse_list("", &set, &bad));
	assert_int_equal(set, 0);

	bad = NULL;
	assert_false(class_parse_list("gc,bogus", &set, &bad));
	assert_non_null(bad);
	assert_string_equal(bad, "bogus");

	bad = NULL;
	assert_false(class_parse_list("bogus,gc", &set, &bad));
	assert_non_null(bad);
	assert_string_equal(bad, "bogus");

	/* a trailing comma is tolerated */
	assert_true(class_parse_list("gc,", &set, &bad));
	assert_int_equal(set, CLASS_BIT(CL_GC));
	assert_true(class_parse_list("sched,gc,heap,", &set, &bad));
	assert_int_equal(set, CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_GC) | CLASS_BIT(CL_HEAP));

	/* repeats, "all" with others */
	assert_true(class_parse_list("user,user", &set, &bad));
	assert_int_equal(set, CLASS_BIT(CL_USER));
	assert_true(class_parse_list("gc,all", &set, &bad));
	assert_int_equal(set, CLASS_ALL);
	bad = NULL;
	assert_false(class_parse_list("all,nope", &set, &bad));
	assert_string_equal(bad, "nope");

	/* names match exactly: no prefixes, no extensions */
	bad = NULL;
	assert_false(class_parse_list("g", &set, &bad));
	assert_string_equal(bad, "g");
	bad = NULL;
	assert_false(class_parse_list("gcx", &set, &bad));
	assert_string_equal(bad, "gcx");
	bad = NULL;
	assert_false(class_parse_list("heap,al", &set, &bad));
	assert_string_equal(bad, "al");
	bad = NULL;
	assert_false(class_parse_list("alll", &set, &bad));
	assert_string_equal(bad, "alll");

	/* every name alone gives its bit */
	for (int c = 0; c < CL_COUNT; c++) {
		set = 0;
		assert_true(class_parse_list(class_name((enum ev_class)c), &set, &bad));
		assert_int_equal(set, CLASS_BIT(c));
	}

	/* every name, listed: all classes */
	char all[256] = "";
	for (int c = 0; c < CL_COUNT; c++) {
		if (c)
			strcat(all, ",");
		strcat(all, class_name((enum ev_class)c));
	}
	assert_true(class_parse_list(all, &set, &bad));
	assert_int_equal(set, CLASS_ALL);

	/* a long bad name comes back (possibly shortened), NUL-terminated */
	bad = NULL;
	assert_false(class_parse_list("gc,aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", &set, &bad));
	assert_non_null(bad);
	assert_true(strlen(bad) > 0 && strlen(bad) < 64);
	assert_int_equal(strspn(bad, "a"), strlen(bad));
}

/* The letters, as GHC's RTS reads +RTS -l (RtsFlags.c, read_trace_flags)
 * and gates each event (Trace.h: the heap events with TRACE_gc, the tasks
 * with TRACE_sched). */
static void test_rts_letter(void **state)
{
	(void)state;
	static const char want[CL_COUNT] = {
		[CL_SCHED] = 's', [CL_GC] = 'g',    [CL_HEAP] = 'g',      [CL_SPARKS] = 'p',
		[CL_CAPS] = 0,    [CL_TASKS] = 's', [CL_USER] = 'u',      [CL_PROF] = 0,
		[CL_NONMOVING] = 'n', [CL_TICKY] = 'T', [CL_OTHER] = 0,
	};
	for (int c = 0; c < CL_COUNT; c++)
		assert_int_equal(class_rts_letter((enum ev_class)c), want[c]);
	assert_int_equal(class_rts_letter(CL_COUNT), 0);
}

static void absent_is(class_set missing, unsigned opts, const char *want)
{
	char buf[256];
	memset(buf, 'x', sizeof buf);
	const char *got = class_absent(missing, opts, buf, sizeof buf);
	assert_ptr_equal(got, buf);
	assert_string_equal(got, want);
}

static void test_absent(void **state)
{
	(void)state;
	absent_is(0, 0, "");
	absent_is(0, CLASS_ABSENT_YET, "");
	absent_is(CLASS_BIT(CL_SCHED), 0,
		  "no scheduler events in this log (+RTS -l without s, as -l-au)");
	absent_is(CLASS_BIT(CL_GC), 0, "no GC events in this log (+RTS -l without g, as -l-au)");
	/* two classes of one letter: the letter once */
	absent_is(CLASS_BIT(CL_HEAP) | CLASS_BIT(CL_GC), 0,
		  "no GC or heap statistics events in this log (+RTS -l without g, as -l-au)");
	absent_is(CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_GC), 0,
		  "no scheduler or GC events in this log (+RTS -l without s and g, as -l-au)");
	/* what -l-au leaves out of a threaded run's log, in class order */
	absent_is(CLASS_BIT(CL_SPARKS) | CLASS_BIT(CL_HEAP) | CLASS_BIT(CL_GC) |
			  CLASS_BIT(CL_SCHED),
		  0,
		  "no scheduler, GC, heap statistics or spark events in this log (+RTS -l "
		  "without s, g and p, as -l-au)");
	absent_is(CLASS_BIT(CL_SPARKS), 0,
		  "no spark events in this log (+RTS -l without p, as -l-au)");
	/* letters plain -l leaves off: no -l-au */
	absent_is(CLASS_BIT(CL_TICKY), 0, "no ticky events in this log (+RTS -l without T)");
	absent_is(CLASS_BIT(CL_GC) | CLASS_BIT(CL_NONMOVING), 0,
		  "no GC or nonmoving GC events in this log (+RTS -l without g and n)");
	/* -l-au keeps the user's */
	absent_is(CLASS_BIT(CL_USER), 0, "no user events in this log (+RTS -l without u)");
	/* no letter: no cause said */
	absent_is(CLASS_BIT(CL_CAPS), 0, "no capability events in this log");
	absent_is(CLASS_BIT(CL_PROF) | CLASS_BIT(CL_OTHER), 0,
		  "no profiling or other events in this log");
	absent_is(CLASS_BIT(CL_PROF) | CLASS_BIT(CL_SCHED), 0,
		  "no scheduler or profiling events in this log (+RTS -l without s, as -l-au)");
	/* a growing log: none yet, no cause */
	absent_is(CLASS_BIT(CL_SCHED), CLASS_ABSENT_YET, "no scheduler events in this log yet");
	absent_is(CLASS_BIT(CL_SCHED) | CLASS_BIT(CL_GC), CLASS_ABSENT_YET,
		  "no scheduler or GC events in this log yet");
	/* the index's own bits above the classes are not classes */
	absent_is((class_set)1u << 11 | (class_set)1u << 13, 0, "");
	absent_is(CLASS_BIT(CL_GC) | (class_set)1u << 12, 0,
		  "no GC events in this log (+RTS -l without g, as -l-au)");
	/* every class alone: the sentence's shape */
	for (int c = 0; c < CL_COUNT; c++) {
		char b[160];
		class_absent(CLASS_BIT(c), 0, b, sizeof b);
		assert_true(!strncmp(b, "no ", 3));
		assert_non_null(strstr(b, " events in this log"));
		assert_int_equal(strchr(b, '(') != NULL, class_rts_letter((enum ev_class)c) != 0);
	}
	/* every class: each noun and each letter once */
	char b[400];
	class_absent(CLASS_ALL, 0, b, sizeof b);
	assert_string_equal(b, "no scheduler, GC, heap statistics, spark, capability, task, user, "
			       "profiling, nonmoving GC, ticky or other events in this log (+RTS -l "
			       "without s, g, p, u, n and T)");
}

/* Cut to fit, always terminated, never past n. */
static void test_absent_cut(void **state)
{
	(void)state;
	char buf[32];
	memset(buf, 'x', sizeof buf);
	class_absent(CLASS_BIT(CL_SCHED), 0, buf, 10);
	assert_string_equal(buf, "no schedu");
	assert_int_equal(buf[10], 'x');
	memset(buf, 'x', sizeof buf);
	class_absent(CLASS_BIT(CL_SCHED), 0, buf, 1);
	assert_string_equal(buf, "");
	assert_int_equal(buf[1], 'x');
	memset(buf, 'x', sizeof buf);
	class_absent(CLASS_BIT(CL_SCHED), 0, buf, 0);
	assert_int_equal(buf[0], 'x');
	/* just the whole sentence: 61 characters and the NUL */
	char whole[62];
	class_absent(CLASS_BIT(CL_SCHED), 0, whole, sizeof whole);
	assert_string_equal(whole, "no scheduler events in this log (+RTS -l without s, as -l-au)");
	class_absent(CLASS_BIT(CL_SCHED), 0, whole, sizeof whole - 1);
	assert_string_equal(whole, "no scheduler events in this log (+RTS -l without s, as -l-au");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_tag_one_class),
		cmocka_unit_test(test_spot_checks),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_class_bits),
		cmocka_unit_test(test_parse_list),
		cmocka_unit_test(test_rts_letter),
		cmocka_unit_test(test_absent),
		cmocka_unit_test(test_absent_cut),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
