/* heaplog: crafted logs with a heap profile for the unit tests of the
 * heap profile (test_report_hp.c, test_report_heap.c, test_table.c),
 * built with evbuild.h; and, where cli/report.h was included first, a
 * report run on one with its standard output caught.
 * Header-only: every function is static inline. */
#ifndef HECTIC_TEST_HEAPLOG_H
#define HECTIC_TEST_HEAPLOG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evbuild.h"

#define NOV23 1795425936u /* Mon Nov 23 09:25:36 2026 UTC */

/* ---- building logs ---- */

static inline void log_begin(struct evb *b)
{
	evb_begin_header(b);
	evb_type(b, 29, EVB_VAR, "RTS version");
	evb_type(b, 30, EVB_VAR, "Program arguments");
	evb_type(b, 31, EVB_VAR, "Program environment variables");
	evb_type(b, 43, 16, "Wall clock time");
	evb_type(b, 160, EVB_VAR, "Start of heap profile");
	evb_type(b, 161, EVB_VAR, "Cost centre definition");
	evb_type(b, 162, 8, "Start of heap profile sample");
	evb_type(b, 163, EVB_VAR, "Heap profile cost-centre sample");
	evb_type(b, 164, EVB_VAR, "Heap profile string sample");
	evb_type(b, 165, 8, "End of heap profile sample");
	evb_end_header(b);
}

/* A capset string event (29, 30, 31): NUL-separated items, each ended. */
static inline void strings(struct evb *b, uint16_t tag, uint64_t t, const char *const *v, size_t n)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, 0);
	for (size_t i = 0; i < n; i++)
		evb_bytes(&pl, v[i], strlen(v[i]) + (tag != 29));
	evb_event_pl(b, tag, t, &pl);
	evb_free(&pl);
}

static inline void clock_at(struct evb *b, uint64_t sec)
{
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "wqw", (uint64_t[]){ 1, sec, 466209000 });
	evb_event_pl(b, 43, 2, &pl);
	evb_free(&pl);
}

static inline void prof_begin(struct evb *b, uint32_t breakdown)
{
	struct evb pl = EVB_INIT;
	evb_pack(&pl, "bqw", (uint64_t[]){ 0, 10000000, breakdown });
	for (int i = 0; i < 7; i++)
		evb_u8(&pl, 0);
	evb_event_pl(b, 160, 3, &pl);
	evb_free(&pl);
}

static inline void cc(struct evb *b, uint32_t id, const char *label, const char *module)
{
	struct evb pl = EVB_INIT;
	evb_u32(&pl, id);
	evb_cstr(&pl, label);
	evb_cstr(&pl, module);
	evb_cstr(&pl, "x.hs:1:1");
	evb_u8(&pl, !strcmp(label, "CAF"));
	evb_event_pl(b, 161, 4, &pl);
	evb_free(&pl);
}

static inline void census(struct evb *b, uint16_t tag, uint64_t t)
{
	struct evb pl = EVB_INIT;
	evb_u64(&pl, 0);
	evb_event_pl(b, tag, t, &pl);
	evb_free(&pl);
}

static inline void stack(struct evb *b, uint64_t t, uint64_t bytes, const uint32_t *ids, uint8_t n)
{
	struct evb pl = EVB_INIT;
	evb_u8(&pl, 0);
	evb_u64(&pl, bytes);
	evb_u8(&pl, n);
	for (uint8_t i = 0; i < n; i++)
		evb_u32(&pl, ids[i]);
	evb_event_pl(b, 163, t, &pl);
	evb_free(&pl);
}

static inline void string(struct evb *b, uint64_t t, uint64_t bytes, const char *s)
{
	struct evb pl = EVB_INIT;
	evb_u8(&pl, 0);
	evb_u64(&pl, bytes);
	evb_cstr(&pl, s);
	evb_event_pl(b, 164, t, &pl);
	evb_free(&pl);
}

/* ---- running report_hp ---- */

/* Two censuses of a -hT profile naming a band twice: at 100 ns X 40,
 * Y 8, X 2 (X is 42 there, as the .hp sums such lines); at 200 ns X 10,
 * X 5 (X is 15). */
static inline void heaplog_repeated(struct evb *b)
{
	log_begin(b);
	prof_begin(b, 6);
	census(b, 162, 100);
	string(b, 101, 40, "X");
	string(b, 102, 8, "Y");
	string(b, 103, 2, "X");
	census(b, 165, 104);
	census(b, 162, 200);
	string(b, 201, 10, "X");
	string(b, 202, 5, "X");
	census(b, 165, 203);
	evb_dataend(b);
}

#ifdef HECTIC_REPORT_H
/* report fn (report_hp, or a report_ops' text) on the log in b (from,
 * to: the window; escape: for a terminal): what it wrote to stdout
 * (malloc'd), its status in *rc. */
static inline char *heaplog_report(const struct evb *b, int (*fn)(struct report_ctx *), uint64_t from,
				   uint64_t to, bool escape, int *rc)
{
	static struct report_ctx c; /* big: not on the stack */
	memset(&c, 0, sizeof c);
	char err[128];
	assert_int_equal(store_open_mem(&c.run.s, b->p, b->n, err, sizeof err), STORE_OK);
	assert_true(heap_build(&c.run.h, &c.run.s));
	c.o.from = from;
	c.o.has_from = from != 0;
	c.o.to = to;
	c.o.has_to = to != UINT64_MAX;
	c.o.escape = escape;
	c.o.path = "test.eventlog";
	c.o.top = 10;
	FILE *tmp = tmpfile();
	assert_non_null(tmp);
	fflush(stdout);
	int saved = dup(STDOUT_FILENO);
	assert_true(saved >= 0);
	assert_true(dup2(fileno(tmp), STDOUT_FILENO) >= 0);
	*rc = fn(&c);
	fflush(stdout);
	assert_true(dup2(saved, STDOUT_FILENO) >= 0);
	close(saved);
	long n = ftell(tmp);
	assert_true(n >= 0);
	char *out = calloc((size_t)n + 1, 1);
	assert_non_null(out);
	rewind(tmp);
	assert_int_equal(fread(out, 1, (size_t)n, tmp), (size_t)n);
	fclose(tmp);
	heap_free(&c.run.h);
	store_close(&c.run.s);
	return out;
}

#endif

#endif
