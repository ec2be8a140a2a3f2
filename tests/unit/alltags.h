/* One row per event layout of spec A.6 (all 106 tags, both sizes of 53 and
 * 207, the three ticky layouts, plus a few extra rows for edge values), with
 * the `show` body computed by hand from B.8. Shared by test_event.c (sizes,
 * truncation) and test_render.c (text). */
#ifndef HECTIC_TEST_ALLTAGS_H
#define HECTIC_TEST_ALLTAGS_H

#include <stddef.h>
#include <stdint.h>

#include "evbuild.h"

struct tc_str {
	const char *p;
	size_t n;
};

#define STR(lit) { (lit), sizeof(lit) - 1 }

/* fmt codes: b h w q (i = i32) take the next value of v[]; s writes the next
 * string of str[] raw, z writes it followed by a NUL. */
struct tagcase {
	uint16_t tag;
	uint16_t size; /* declared; EVB_VAR for variable */
	const char *fmt;
	uint64_t v[10];
	struct tc_str str[8];
	const char *want;
};

#define V EVB_VAR
#define U64MAX 18446744073709551615ull

static const struct tagcase tagcases[] = {
	{ 0, 4, "w", { 0xFFFFFFFFu }, { { 0 } }, "creating thread 4294967295" },
	{ 1, 4, "w", { 0x80000000u }, { { 0 } }, "running thread 2147483648" },
	{ 2, 10, "whw", { 7, 5, 0 }, { { 0 } }, "stopping thread 7 (thread finished)" },
	{ 3, 4, "w", { 0 }, { { 0 } }, "thread 0 is runnable" },
	{ 4, 6, "wh", { 12, 0xFFFF }, { { 0 } }, "migrating thread 12 to cap 65535" },
	{ 8, 6, "wh", { 13, 2 }, { { 0 } }, "waking up thread 13 on cap 2" },
	{ 9, 0, "", { 0 }, { { 0 } }, "starting GC" },
	{ 10, 0, "", { 0 }, { { 0 } }, "finished GC" },
	{ 11, 0, "", { 0 }, { { 0 } }, "requesting sequential GC" },
	{ 12, 0, "", { 0 }, { { 0 } }, "requesting parallel GC" },
	{ 15, 4, "w", { 258 }, { { 0 } }, "creating spark thread 258" },
	{ 16, V, "s", { 0 }, { STR("hello \"world\"") }, "hello \"world\"" },
	{ 17, 2, "h", { 4 }, { { 0 } }, "startup: 4 capabilities" },
	{ 18, 14, "wqh", { 24, 150, 0 }, { { 0 } }, "event block: cap 0, end time: 150\n" },
	{ 18, 14, "wqh", { 24, U64MAX, 0xFFFF }, { { 0 } },
	  "event block: cap 65535, end time: 18446744073709551615\n" },
	{ 19, V, "s", { 0 }, { STR("user msg") }, "user msg" },
	{ 20, 0, "", { 0 }, { { 0 } }, "GC idle" },
	{ 21, 0, "", { 0 }, { { 0 } }, "GC working" },
	{ 22, 0, "", { 0 }, { { 0 } }, "GC done" },
	{ 23, V, "s", { 0 }, { STR("8.10\xE9") }, "compiler version is 8.10\xC3\xA9" },
	{ 24, V, "s", { 0 }, { STR("./a.out -x") }, "program invocation: ./a.out -x" },
	{ 25, 6, "wh", { 1, 1 }, { { 0 } }, "created capset 1 of type CapsetCustom" },
	{ 25, 6, "wh", { 2, 2 }, { { 0 } }, "created capset 2 of type CapsetOsProcess" },
	{ 25, 6, "wh", { 3, 3 }, { { 0 } }, "created capset 3 of type CapsetClockDomain" },
	{ 25, 6, "wh", { 4, 7 }, { { 0 } }, "created capset 4 of type CapsetUnknown" },
	{ 25, 6, "wh", { 5, 0 }, { { 0 } }, "created capset 5 of type CapsetUnknown" },
	{ 26, 4, "w", { 9 }, { { 0 } }, "deleted capset 9" },
	{ 27, 6, "wh", { 3, 5 }, { { 0 } }, "assigned cap 5 to capset 3" },
	{ 28, 6, "wh", { 3, 5 }, { { 0 } }, "removed cap 5 from capset 3" },
	{ 29, V, "ws", { 0 }, { STR("GHC-9.6.3 rts_thr") },
	  "capset 0: RTS version \"GHC-9.6.3 rts_thr\"" },
	{ 30, V, "ws", { 0 }, { STR("prog\0-x\0") }, "capset 0: args: [\"prog\",\"-x\"]" },
	{ 31, V, "ws", { 1 }, { STR("A=1\0\0B=2\0") }, "capset 1: env: [\"A=1\",\"\",\"B=2\"]" },
	{ 32, 8, "ww", { 1, 4242 }, { { 0 } }, "capset 1: pid 4242" },
	{ 33, 8, "ww", { 1, 1 }, { { 0 } }, "capset 1: parent pid 1" },
	{ 34, 56, "qqqqqqq", { 1, 2, 3, 4, 5, 6, 7 }, { { 0 } },
	  "spark stats: 1 created, 4 converted, 7 remaining (3 overflowed, 2 dud, 5 GC'd, 6 fizzled)" },
	{ 35, 0, "", { 0 }, { { 0 } }, "spark created" },
	{ 36, 0, "", { 0 }, { { 0 } }, "dud spark discarded" },
	{ 37, 0, "", { 0 }, { { 0 } }, "overflowed spark discarded" },
	{ 38, 0, "", { 0 }, { { 0 } }, "running a local spark" },
	{ 39, 2, "h", { 3 }, { { 0 } }, "stealing a spark from cap 3" },
	{ 40, 0, "", { 0 }, { { 0 } }, "spark fizzled" },
	{ 41, 0, "", { 0 }, { { 0 } }, "spark GCed" },
	{ 42, V, "sw", { 77 }, { STR("abc") }, "Interned string: \"abc\" with id 77" },
	{ 42, V, "sw", { 0xFFFFFFFFu }, { STR("caf\xE9") },
	  "Interned string: \"caf\xC3\xA9\" with id 4294967295" },
	{ 43, 16, "wqw", { 0, 1700000000, 999999999 }, { { 0 } },
	  "capset 0: wall clock time 1700000000s 999999999ns (unix epoch)" },
	{ 44, V, "ws", { 5 }, { STR("main \"x\"") }, "thread 5 has label \"main \"x\"\"" },
	{ 45, 2, "h", { 1 }, { { 0 } }, "created cap 1" },
	{ 46, 2, "h", { 1 }, { { 0 } }, "deleted cap 1" },
	{ 47, 2, "h", { 2 }, { { 0 } }, "disabled cap 2" },
	{ 48, 2, "h", { 3 }, { { 0 } }, "enabled cap 3" },
	{ 49, 12, "wq", { 0, U64MAX }, { { 0 } },
	  "allocated on heap capset 0: 18446744073709551615 total bytes till now" },
	{ 50, 12, "wq", { 1, 1048576 }, { { 0 } }, "size of heap capset 1: 1048576 bytes" },
	{ 51, 12, "wq", { 2, 0 }, { { 0 } }, "live data in heap capset 2: 0 bytes" },
	{ 52, 38, "whqqqq", { 0, 2, 100, 200, 300, 400 }, { { 0 } },
	  "heap stats for heap capset 0: generations 2, 100 bytes max heap size, 200 bytes alloc "
	  "area size, 300 bytes mblock size, 400 bytes block size" },
	{ 53, 50, "whqqqwqq", { 0, 1, 10, 20, 30, 4, 50, 60 }, { { 0 } },
	  "GC stats for heap capset 0: generation 1, 10 bytes copied, 20 bytes slop, 30 bytes "
	  "fragmentation, 4 par threads, 50 bytes max par copied, 60 bytes total par copied" },
	{ 53, 58, "whqqqwqqq", { 0, 1, 10, 20, 30, 4, 50, 60, 70 }, { { 0 } },
	  "GC stats for heap capset 0: generation 1, 10 bytes copied, 20 bytes slop, 30 bytes "
	  "fragmentation, 4 par threads, 50 bytes max par copied, 60 bytes total par copied, "
	  "70 bytes balanced par copied" },
	{ 54, 0, "", { 0 }, { { 0 } }, "all caps stopped for GC" },
	{ 55, 18, "qhq", { 0xdeadbeef, 1, 12345 }, { { 0 } },
	  "task 0xdeadbeef created on cap 1 with OS kernel thread 12345" },
	{ 56, 12, "qhh", { 0xABCDEF0123456789ull, 1, 2 }, { { 0 } },
	  "task 0xabcdef0123456789 migrated from cap 1 to cap 2" },
	{ 57, 8, "q", { 0 }, { { 0 } }, "task 0x0 deleted" },
	{ 57, 8, "q", { U64MAX }, { { 0 } }, "task 0xffffffffffffffff deleted" },
	{ 58, V, "s", { 0 }, { STR("phase 1") }, "marker: phase 1" },
	{ 60, 0, "", { 0 }, { { 0 } }, "starting to receive" },
	{ 61, 0, "", { 0 }, { { 0 } }, "stop receiving" },
	{ 62, 4, "w", { 3 }, { { 0 } }, "creating process 3" },
	{ 63, 4, "w", { 3 }, { { 0 } }, "killing process 3" },
	{ 64, 8, "ww", { 4, 5 }, { { 0 } }, "assigning thread 4 to process 5" },
	{ 65, 10, "hq", { 2, 123456789 }, { { 0 } }, "creating machine 2 at 123456789" },
	{ 66, 2, "h", { 2 }, { { 0 } }, "killing machine 2" },
	{ 67, 19, "bwwhww", { 0x50, 1, 2, 3, 4, 5 }, { { 0 } },
	  "sending message with tag Ready from process 1, thread 2 to machine 3, process 4 on "
	  "inport 5" },
	{ 68, 23, "bwwhwww", { 0x57, 1, 2, 3, 4, 5, 6 }, { { 0 } },
	  "receiving message with tag DataMes at process 1, inport 2 from machine 3, process 4, "
	  "thread 5 with size 6" },
	{ 69, 17, "bwwww", { 0x5C, 1, 2, 3, 4 }, { { 0 } },
	  "sending/receiving message with tag Packet from process 1, thread 2 to process 3 on "
	  "inport 4" },
	{ 90, 16, "wwww", { 0, 10, 20, 30 }, { { 0 } },
	  "memory returned (mblocks): current(10) needed(20) returned(30)" },
	{ 91, 12, "wq", { 0, 4096 }, { { 0 } }, "blocks size of heap capset 0: 4096 bytes" },
	{ 100, 12, "qw", { 0xff, 7 }, { { 0 } }, "Start a parallel conjunction 0xff, static_id: 7" },
	{ 101, 8, "q", { 0x10 }, { { 0 } }, "End par conjunction: 0x10" },
	{ 102, 8, "q", { 0x10 }, { { 0 } }, "End par conjunct: 0x10" },
	{ 103, 12, "qw", { 0x1a, 0x2b }, { { 0 } }, "Create spark for conjunction: 0x1a spark: 0x2b" },
	{ 104, 12, "qw", { 0xabc, 17 }, { { 0 } }, "Create future 0xabc named 17" },
	{ 105, 8, "q", { 1 }, { { 0 } }, "Wait didn't suspend for future: 0x1" },
	{ 106, 8, "q", { 2 }, { { 0 } }, "Wait suspended on future: 0x2" },
	{ 107, 8, "q", { 3 }, { { 0 } }, "Signaled future 0x3" },
	{ 108, 0, "", { 0 }, { { 0 } }, "Looking for global thread to resume" },
	{ 109, 0, "", { 0 }, { { 0 } }, "Trying to steal a spark" },
	{ 110, 4, "w", { 6 }, { { 0 } }, "Releasing thread 6 to the free pool" },
	{ 111, 0, "", { 0 }, { { 0 } }, "Capability going to sleep" },
	{ 112, 0, "", { 0 }, { { 0 } }, "Looking for a local spark to execute" },
	{ 113, 0, "", { 0 }, { { 0 } }, "About to call the program entry point" },
	{ 140, V, "ws", { 3 }, { STR("cycles") }, "perf event 3 named \"cycles\"" },
	{ 141, 20, "wqq", { 3, 1234, 41 }, { { 0 } },
	  "perf event counter 3 incremented by 42 in OS thread 1234" },
	{ 141, 20, "wqq", { 3, 1234, U64MAX }, { { 0 } },
	  "perf event counter 3 incremented by 0 in OS thread 1234" },
	{ 142, 12, "wq", { 4, 99 }, { { 0 } }, "perf event tracepoint 4 reached in OS thread 99" },
	{ 160, V, "bqwzzzzzzz", { 1, 1000000, 1 },
	  { STR(""), STR(""), STR(""), STR(""), STR(""), STR(""), STR("") },
	  "start heap profiling 1 at sampling period 1000000 broken down by cost centre" },
	{ 160, V, "bqwzzzzzzz", { 2, 50, 2 },
	  { STR("Mod"), STR(""), STR(""), STR("cc"), STR(""), STR(""), STR("") },
	  "start heap profiling 2 at sampling period 50 broken down by module filtered by Mod, cc, " },
	{ 160, V, "bqwzzzzzzz", { 3, 7, 9 },
	  { STR("m"), STR("cd"), STR("td"), STR("c"), STR("s"), STR("r"), STR("b") },
	  "start heap profiling 3 at sampling period 7 broken down by era filtered by m, cd, td, c, "
	  "s, r, b, " },
	{ 161, V, "wzzzb", { 42, 0 }, { STR("main"), STR("Main"), STR("Main.hs:3:1") },
	  "cost centre 42 main in Main at Main.hs:3:1" },
	{ 161, V, "wzzzb", { 43, 1 }, { STR("CAF"), STR("M"), STR("<built-in>") },
	  "cost centre 43 CAF in M at <built-in> CAF" },
	{ 161, V, "wzzzb", { 44, 2 }, { STR("f"), STR("M"), STR("x") }, "cost centre 44 f in M at x" },
	{ 161, V, "wzzzb", { 45, 3 }, { STR("g"), STR("M"), STR("y") },
	  "cost centre 45 g in M at y CAF" },
	{ 162, 8, "q", { 5 }, { { 0 } }, "start heap prof sample 5" },
	{ 163, V, "bqbwww", { 1, 4096, 3, 1, 2, 3 }, { { 0 } },
	  "heap prof sample 1, residency 4096, cost centre stack 1, 2, 3" },
	{ 163, V, "bqb", { 1, 4096, 0 }, { { 0 } }, "heap prof sample 1, residency 4096, cost centre stack " },
	{ 164, V, "bqz", { 1, 100 }, { STR("label x") }, "heap prof sample 1, residency 100, label label x" },
	{ 165, 8, "q", { 5 }, { { 0 } }, "end prof sample 5" },
	{ 166, 16, "qq", { 5, 123 }, { { 0 } }, "start heap prof sample 5 at time 123" },
	{ 167, V, "iqbw", { 0xFFFFFFFFu, 10, 1, 7 }, { { 0 } },
	  "cap no 65535, prof sample 10, cost centre stack 7" },
	{ 167, V, "iqbwww", { 0x00012345u, 11, 3, 4294967295u, 0, 9 }, { { 0 } },
	  "cap no 9029, prof sample 11, cost centre stack 4294967295, 0, 9" },
	{ 167, V, "iqb", { 2, 12, 0 }, { { 0 } }, "cap no 2, prof sample 12, cost centre stack " },
	{ 168, 8, "q", { 1000 }, { { 0 } }, "start time profiling, tick interval 1000 (ns)" },
	{ 169, V, "qzzzzzz", { 0x4a3b2c },
	  { STR("tbl"), STR("123abc"), STR("T"), STR("lbl"), STR("Mod"), STR("a.hs:1:2") },
	  "Info Table: 4a3b2c:123:tbl - a.hs:1:2" },
	{ 181, V, "s", { 0 }, { STR("hi \xE2\x82\xAC") }, "binary message hi \xE2\x82\xAC" },
	{ 200, 0, "", { 0 }, { { 0 } }, "concurrent mark began" },
	{ 201, 4, "w", { 77 }, { { 0 } }, "concurrent mark ended: marked 77 objects" },
	{ 202, 0, "", { 0 }, { { 0 } }, "post-mark synchronization began" },
	{ 203, 0, "", { 0 }, { { 0 } }, "post-mark synchronization ended" },
	{ 204, 0, "", { 0 }, { { 0 } }, "concurrent sweep began" },
	{ 205, 0, "", { 0 }, { { 0 } }, "concurrent sweep ended" },
	{ 206, 2, "h", { 3 }, { { 0 } }, "update remembered set flushed by 3" },
	{ 207, 13, "bwww", { 3, 1, 2, 3 }, { { 0 } },
	  "nonmoving heap census 8: 1 active segments, 2 filled segments, 3 live blocks" },
	{ 207, 13, "bwww", { 16, 4, 5, 6 }, { { 0 } },
	  "nonmoving heap census 0: 4 active segments, 5 filled segments, 6 live blocks" },
	{ 207, 13, "bwww", { 15, 0, 0, 0 }, { { 0 } },
	  "nonmoving heap census 32768: 0 active segments, 0 filled segments, 0 live blocks" },
	{ 207, 13, "bwww", { 255, 1, 1, 1 }, { { 0 } },
	  "nonmoving heap census 0: 1 active segments, 1 filled segments, 1 live blocks" },
	{ 207, 14, "hwww", { 4096, 1, 2, 3 }, { { 0 } },
	  "nonmoving heap census 4096: 1 active segments, 2 filled segments, 3 live blocks" },
	{ 208, 8, "ww", { 5, 6 }, { { 0 } },
	  "nonmoving segments pruned: 5 pruned segments, 6 free segments retained" },
	{ 210, V, "qhzz", { 1, 2 }, { STR("kinds"), STR("name") },
	  "ticky counter definition 1, arity: 2, def kinds: kinds, name: name, itbl: 0" },
	{ 210, V, "qhzzq", { 1, 2, 0xabc }, { STR("kinds"), STR("name") },
	  "ticky counter definition 1, arity: 2, def kinds: kinds, name: name, itbl: abc" },
	{ 210, V, "qhzzqz", { 3, 0, 0x7f00112233ull }, { STR("VM"), STR("f"), STR("{\"j\":1}") },
	  "ticky counter definition 3, arity: 0, def kinds: VM, name: f, itbl: 7f00112233" },
	{ 210, V, "qhzzqzs", { 4, 1, 0x10 }, { STR("M"), STR("g"), STR("{}"), STR("junk") },
	  "ticky counter definition 4, arity: 1, def kinds: M, name: g, itbl: 10" },
	{ 211, 32, "qqqq", { 1, 2, 3, 4 }, { { 0 } },
	  "ticky counter sample 1: entry count: 2, 3 allocs, 4 allocd" },
	{ 212, 0, "", { 0 }, { { 0 } }, "ticky begin counter sample" },
};

#define NTAGCASES (sizeof tagcases / sizeof tagcases[0])

/* The payload of a case. */
static inline void tc_payload(const struct tagcase *c, struct evb *pl)
{
	size_t vi = 0, si = 0;
	for (const char *f = c->fmt; *f; f++) {
		char code[2] = { *f, 0 };
		switch (*f) {
		case 's':
			evb_bytes(pl, c->str[si].p, c->str[si].n);
			si++;
			break;
		case 'z':
			evb_bytes(pl, c->str[si].p, c->str[si].n);
			evb_u8(pl, 0);
			si++;
			break;
		default:
			evb_pack(pl, code, &c->v[vi++]);
		}
	}
}

/* A one-event log for a case: the type declared with the case's size and
 * description "desc", the event at time t, then DATA_END if dataend. Returns
 * the payload size (without len). */
static inline size_t tc_build(const struct tagcase *c, struct evb *b, uint64_t t, bool dataend)
{
	struct evb pl = EVB_INIT;
	tc_payload(c, &pl);
	size_t n = pl.n;
	evb_begin_header(b);
	evb_type(b, c->tag, c->size, "desc");
	evb_end_header(b);
	evb_event(b, c->tag, t, pl.p, pl.n);
	if (dataend)
		evb_dataend(b);
	evb_free(&pl);
	return n;
}

#undef V

#endif
