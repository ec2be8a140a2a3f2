/* gen.c: synthetic GHC eventlog generator and counter for `make bench`.
 *
 *   gen SIZE OUT    write a structurally valid GHC 9.0.2-style eventlog of
 *                   about SIZE bytes (suffix K, M or G: 10^3, 10^6, 10^9) to
 *                   OUT ("-" for stdout)
 *   gen -c FILE     walk an eventlog, check its block structure and print
 *                   "EVENTS BLOCKS" (used to report the event count of the
 *                   real log without trusting the program under test)
 *   gen crafted SHAPE SIZE OUT
 *                   write a crafted log of about SIZE bytes: well-formed
 *                   (the same header, valid events, correct block markers),
 *                   but shaped to attack an indexer; SHAPE is decreasing,
 *                   zigzag, ids, blocks, gcblocks, tickydefs, tickyundef,
 *                   ipe (see "crafted logs" below and bench/README.md),
 *                   longccs (a heap profile of huge band names: see
 *                   "longccs" below) or deepstacks, which also writes
 *                   OUT.flat, the profile's figures counted as it wrote
 *                   the ticks (see crafted_deepstacks)
 *   gen big SIZE OUT
 *                   write a log of about SIZE bytes with everything the
 *                   viewer shows (threads with labels, spans, markers,
 *                   sparks, GC statistics, heap and time profiles), for
 *                   tests/e2e/walk.sh (see "the big log" below)
 *   gen marked N SIZE OUT
 *                   the synthetic log of `gen SIZE OUT` with N user markers
 *                   ("marker K", EV_USER_MARKER) scattered evenly through
 *                   it, and a span at every tenth marker: "START phase J"
 *                   there and "STOP phase J" at the next marker, user
 *                   messages (EV_USER_MSG) posted by the running thread
 *   gen -t FILE     as -c, then "type NUM COUNT" for each event type that
 *                   occurs (block markers included) and "time FIRST LAST",
 *                   the least and the greatest event time (block markers
 *                   left out), from the raw file; with IPE events (169),
 *                   "ipe-len-plus-one K": how many have GHC's length field,
 *                   one byte larger than the payload (-c and -t walk an IPE
 *                   event by its six strings, not by that length)
 *   gen ipe N SIZE OUT [U]
 *                   a +RTS -hi log: N IPE events (GHC 9.10's, length field
 *                   and all), then a heap profile by info table whose
 *                   bands are addresses of U tables (U = N unless given;
 *                   those past N have no IPE event) and one in ten of none,
 *                   over the synthetic workload; SIZE is the log's size
 *                   without its IPE events (see "the IPE log" below)
 *   gen -i FILE     every distinct band of a heap profile's string samples,
 *                   "BAND\tTABLE": the table name of the IPE event for the
 *                   address BAND names, or empty, from the raw file
 *
 * The synthetic log has the header GHC 9.0.2 writes (all 69 standard event
 * types, copied from a real `-threaded -eventlog` log), a global block
 * (cap 0xffff) with the capset/cap/RTS identification events, and then
 * per-capability blocks for caps 0 and 1, each at most 2 MiB like the RTS's
 * per-capability buffers, with a correct size and end time in every block
 * marker.  The workload mimics bench/ring.hs: a token passed around a ring
 * of 64 threads; odd threads live on cap 1 and even ones on cap 0, so every
 * pass crosses capabilities and the two caps' blocks interleave in time.
 * Each pass emits: run thread, wakeup thread (next, on its cap), stop thread
 * (blocked on an MVar) on one cap, then thread runnable on the other.  A
 * parallel GC (request, start, working, idle, done, end) on both caps is
 * inserted every 100000 passes.  Timestamps strictly increase.
 *
 * Plain C11, no dependencies: cc -O2 -o gen gen.c
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_MAX 2097152u /* RTS default per-capability buffer */
#define NCAPS 2
#define MAXCAPS 4 /* the crafted shapes use up to 4 capabilities */
#define RING 64

enum {
	EV_CREATE_THREAD = 0, EV_RUN_THREAD = 1, EV_STOP_THREAD = 2,
	EV_THREAD_RUNNABLE = 3, EV_MIGRATE_THREAD = 4, EV_THREAD_WAKEUP = 8,
	EV_GC_START = 9, EV_GC_END = 10, EV_REQUEST_PAR_GC = 12,
	EV_BLOCK_MARKER = 18, EV_GC_IDLE = 20, EV_GC_WORK = 21, EV_GC_DONE = 22,
	EV_SPARK_CREATE = 35, EV_SPARK_DUD = 36, EV_SPARK_RUN = 38, EV_SPARK_FIZZLE = 40,
	EV_SPARK_GC = 41, EV_THREAD_LABEL = 44, EV_USER_MARKER = 58, EV_USER_MSG = 19,
	EV_CAPSET_CREATE = 25, EV_CAPSET_DELETE = 26, EV_CAPSET_ASSIGN_CAP = 27,
	EV_CAPSET_REMOVE_CAP = 28, EV_RTS_IDENTIFIER = 29, EV_PROGRAM_ARGS = 30,
	EV_OSPROCESS_PID = 32, EV_WALL_CLOCK_TIME = 43, EV_CAP_CREATE = 45,
	EV_CAP_DELETE = 46,
};
#define STATUS_YIELDING 3
#define STATUS_FINISHED 5
#define STATUS_BLOCKED_ON_MVAR 7
#define CAPSET_OSPROCESS 2
#define CAPSET_CLOCKDOMAIN 3

static const struct evtype {
	uint16_t num;
	int16_t size; /* -1: variable, Word16 length follows the timestamp */
	const char *desc;
} types[] = {
	{ 0, 4, "Create thread" },
	{ 1, 4, "Run thread" },
	{ 2, 10, "Stop thread" },
	{ 3, 4, "Thread runnable" },
	{ 4, 6, "Migrate thread" },
	{ 8, 6, "Wakeup thread" },
	{ 9, 0, "Starting GC" },
	{ 10, 0, "Finished GC" },
	{ 11, 0, "Request sequential GC" },
	{ 12, 0, "Request parallel GC" },
	{ 15, 4, "Create spark thread" },
	{ 16, -1, "Log message" },
	{ 18, 14, "Block marker" },
	{ 19, -1, "User message" },
	{ 20, 0, "GC idle" },
	{ 21, 0, "GC working" },
	{ 22, 0, "GC done" },
	{ 25, 6, "Create capability set" },
	{ 26, 4, "Delete capability set" },
	{ 27, 6, "Add capability to capability set" },
	{ 28, 6, "Remove capability from capability set" },
	{ 29, -1, "RTS name and version" },
	{ 30, -1, "Program arguments" },
	{ 31, -1, "Program environment variables" },
	{ 32, 8, "Process ID" },
	{ 33, 8, "Parent process ID" },
	{ 34, 56, "Spark counters" },
	{ 35, 0, "Spark create" },
	{ 36, 0, "Spark dud" },
	{ 37, 0, "Spark overflow" },
	{ 38, 0, "Spark run" },
	{ 39, 2, "Spark steal" },
	{ 40, 0, "Spark fizzle" },
	{ 41, 0, "Spark GC" },
	{ 43, 16, "Wall clock time" },
	{ 44, -1, "Thread label" },
	{ 45, 2, "Create capability" },
	{ 46, 2, "Delete capability" },
	{ 47, 2, "Disable capability" },
	{ 48, 2, "Enable capability" },
	{ 49, 12, "Total heap mem ever allocated" },
	{ 50, 12, "Current heap size" },
	{ 51, 12, "Current heap live data" },
	{ 52, 38, "Heap static parameters" },
	{ 53, 58, "GC statistics" },
	{ 54, 0, "Synchronise stop-the-world GC" },
	{ 55, 18, "Task create" },
	{ 56, 12, "Task migrate" },
	{ 57, 8, "Task delete" },
	{ 58, -1, "User marker" },
	{ 59, 0, "Empty event for bug #9003" },
	{ 160, -1, "Start of heap profile" },
	{ 161, -1, "Cost center definition" },
	{ 162, 8, "Start of heap profile sample" },
	{ 163, -1, "Heap profile cost-centre sample" },
	{ 164, -1, "Heap profile string sample" },
	{ 165, 8, "End of heap profile sample" },
	{ 166, 16, "Start of heap profile (biographical) sample" },
	{ 167, -1, "Time profile cost-centre stack" },
	{ 168, 8, "Start of a time profile" },
	{ 181, -1, "User binary message" },
	{ 200, 0, "Begin concurrent mark phase" },
	{ 201, 4, "End concurrent mark phase" },
	{ 202, 0, "Begin concurrent GC synchronisation" },
	{ 203, 0, "End concurrent GC synchronisation" },
	{ 204, 0, "Begin concurrent sweep" },
	{ 205, 0, "End concurrent sweep" },
	{ 206, 2, "Update remembered set flushed" },
	{ 207, 13, "Nonmoving heap census" },
};
#define NTYPES (sizeof types / sizeof types[0])

/* ---- output ---------------------------------------------------------- */

static FILE *out;
static const char *out_name;
static uint64_t written;

static void die(const char *msg)
{
	fprintf(stderr, "gen: %s%s%s\n", msg, errno ? ": " : "", errno ? strerror(errno) : "");
	exit(1);
}

static void emit(const void *p, size_t n)
{
	if (fwrite(p, 1, n, out) != n)
		die(out_name);
	written += n;
}

/* A growable big-endian byte buffer. */
struct buf {
	uint8_t *p;
	size_t n, cap;
};

static void need(struct buf *b, size_t k)
{
	if (b->n + k <= b->cap)
		return;
	size_t c = b->cap ? b->cap : 4096;
	while (c < b->n + k)
		c *= 2;
	uint8_t *q = realloc(b->p, c);
	if (!q)
		die("out of memory");
	b->p = q;
	b->cap = c;
}

static void put8(struct buf *b, uint8_t v) { need(b, 1); b->p[b->n++] = v; }
static void put16(struct buf *b, uint16_t v) { put8(b, (uint8_t)(v >> 8)); put8(b, (uint8_t)v); }
static void put32(struct buf *b, uint32_t v) { put16(b, (uint16_t)(v >> 16)); put16(b, (uint16_t)v); }
static void put64(struct buf *b, uint64_t v) { put32(b, (uint32_t)(v >> 32)); put32(b, (uint32_t)v); }
static void putbytes(struct buf *b, const void *s, size_t n)
{
	need(b, n);
	memcpy(b->p + b->n, s, n);
	b->n += n;
}

/* ---- header ------------------------------------------------------------ */

/* `gen ipe` declares the IPE event too, as GHC 9.10 does (variable size);
 * the other modes' header stays GHC 9.0.2's */
static const struct evtype ipe_type = { 169, -1, "An IPE entry" };
static int header_ipe;
/* the crafted ticky shapes declare the ticky events (GHC 9.4+: -ticky,
 * +RTS -lT) */
static const struct evtype ticky_types[] = {
	{ 210, -1, "Ticky-ticky entry counter definition" },
	{ 211, 32, "Ticky-ticky entry counter sample" },
	{ 212, 0, "Ticky-ticky entry counter begin sample" },
};
static int header_ticky;

static void write_type(struct buf *h, const struct evtype *t)
{
	put32(h, 0x65746200); /* etb */
	put16(h, t->num);
	put16(h, (uint16_t)t->size);
	put32(h, (uint32_t)strlen(t->desc));
	putbytes(h, t->desc, strlen(t->desc));
	put32(h, 0); /* no extra info */
	put32(h, 0x65746500); /* ete */
}

static void write_header(void)
{
	struct buf h = { 0 };
	put32(&h, 0x68647262); /* hdrb */
	put32(&h, 0x68657462); /* hetb */
	for (size_t i = 0; i < NTYPES; i++)
		write_type(&h, &types[i]);
	if (header_ipe)
		write_type(&h, &ipe_type);
	for (size_t i = 0; header_ticky && i < sizeof ticky_types / sizeof ticky_types[0]; i++)
		write_type(&h, &ticky_types[i]);
	put32(&h, 0x68657465); /* hete */
	put32(&h, 0x68647265); /* hdre */
	put32(&h, 0x64617462); /* datb */
	emit(h.p, h.n);
	free(h.p);
}

/* ---- blocks ------------------------------------------------------------ */

#define MARKER_SIZE (2 + 8 + 4 + 8 + 2)

struct block {
	uint16_t cap;      /* 0xffff: the global buffer */
	uint64_t start;    /* timestamp of the block marker */
	uint64_t last;     /* timestamp of the last event */
	struct buf b;      /* events after the marker */
};

static void flush_block(struct block *k)
{
	if (k->b.n == 0)
		return;
	struct buf m = { 0 };
	put16(&m, EV_BLOCK_MARKER);
	put64(&m, k->start);
	put32(&m, (uint32_t)(MARKER_SIZE + k->b.n)); /* size includes the marker */
	put64(&m, k->last);
	put16(&m, k->cap);
	emit(m.p, m.n);
	emit(k->b.p, k->b.n);
	free(m.p);
	k->b.n = 0;
}

static uint64_t now = 480000; /* ns */
static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return rng >> 32;
}

/* The clock of the crafted shapes: CLOCK_UP (the default) strictly
 * increases; CLOCK_DOWN strictly decreases at every event; CLOCK_ZIGZAG
 * goes forward for runs of 2 or 3 events, then back below the previous
 * event (the next run starts within [-40, +49] ns of the previous run's
 * start, so runs overlap and the trend is slowly forward). */
enum { CLOCK_UP, CLOCK_DOWN, CLOCK_ZIGZAG };
static int clock_mode = CLOCK_UP;
static uint64_t run_start;
static int run_left;
/* a block marker's time: 10 ns before its first event (10 ns after it on a
 * decreasing clock, so that the marker goes back in time too) */
static int64_t marker_lead = -10;

static uint64_t tick(void)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	uint64_t step = 50 + (rng >> 57); /* 50..177 ns between events */
	switch (clock_mode) {
	case CLOCK_DOWN:
		now -= step;
		break;
	case CLOCK_ZIGZAG:
		if (run_left == 0) {
			run_left = 2 + (int)(rnd() % 2);
			run_start = run_start - 40 + rnd() % 90;
			now = run_start;
		} else {
			now += step;
		}
		run_left--;
		break;
	default:
		now += step;
	}
	return now;
}

/* Start an event of type ty with payload size psize on block k. */
static struct buf *ev(struct block *k, uint16_t ty, size_t psize)
{
	if (MARKER_SIZE + k->b.n + 10 + psize > BLOCK_MAX)
		flush_block(k);
	uint64_t t = tick();
	if (k->b.n == 0)
		k->start = (uint64_t)((int64_t)t + marker_lead);
	k->last = t;
	put16(&k->b, ty);
	put64(&k->b, t);
	return &k->b;
}

static struct block caps[MAXCAPS];
static struct block global = { .cap = 0xffff };

static void ev_thread(int cap, uint16_t ty, uint32_t tid)
{
	put32(ev(&caps[cap], ty, 4), tid);
}

static void ev_thread_cap(int cap, uint16_t ty, uint32_t tid, uint16_t other)
{
	struct buf *b = ev(&caps[cap], ty, 6);
	put32(b, tid);
	put16(b, other);
}

static void ev_stop(int cap, uint32_t tid, uint16_t status)
{
	struct buf *b = ev(&caps[cap], EV_STOP_THREAD, 10);
	put32(b, tid);
	put16(b, status);
	put32(b, 0);
}

static void ev_capset_cap(uint16_t ty, uint32_t capset, uint16_t cap)
{
	struct buf *b = ev(&global, ty, 6);
	put32(b, capset);
	put16(b, cap);
}

static void ev_capset_str(uint16_t ty, const char *s, size_t n)
{
	struct buf *b = ev(&global, ty, 2 + 4 + n);
	put16(b, (uint16_t)(4 + n));
	put32(b, 0);
	putbytes(b, s, n);
}

/* Identification, as the RTS posts it at startup (global buffer): args
 * holds the NUL-terminated arguments, n bytes in all. */
static void identification(uint16_t ncaps, const char *args, size_t n)
{
	struct buf *b = ev(&global, EV_CAPSET_CREATE, 6);
	put32(b, 0);
	put16(b, CAPSET_OSPROCESS);
	b = ev(&global, EV_CAPSET_CREATE, 6);
	put32(b, 1);
	put16(b, CAPSET_CLOCKDOMAIN);
	for (uint16_t c = 0; c < ncaps; c++) {
		put16(ev(&global, EV_CAP_CREATE, 2), c);
		ev_capset_cap(EV_CAPSET_ASSIGN_CAP, 0, c);
		ev_capset_cap(EV_CAPSET_ASSIGN_CAP, 1, c);
	}
	b = ev(&global, EV_WALL_CLOCK_TIME, 16);
	put32(b, 1);
	put64(b, 1700000000);
	put32(b, 0);
	b = ev(&global, EV_OSPROCESS_PID, 8);
	put32(b, 0);
	put32(b, 4242);
	static const char rts[] = "GHC-9.0.2 rts_thr_l";
	ev_capset_str(EV_RTS_IDENTIFIER, rts, sizeof rts - 1);
	ev_capset_str(EV_PROGRAM_ARGS, args, n);
	flush_block(&global);
}

/* Shutdown (global buffer). */
static void shutdown_caps(uint16_t ncaps)
{
	for (uint16_t c = 0; c < ncaps; c++) {
		ev_capset_cap(EV_CAPSET_REMOVE_CAP, 0, c);
		ev_capset_cap(EV_CAPSET_REMOVE_CAP, 1, c);
		put16(ev(&global, EV_CAP_DELETE, 2), c);
	}
	put32(ev(&global, EV_CAPSET_DELETE, 4), 0);
	put32(ev(&global, EV_CAPSET_DELETE, 4), 1);
	flush_block(&global);
}

static void gc(void)
{
	ev(&caps[0], EV_REQUEST_PAR_GC, 0);
	for (int c = 0; c < NCAPS; c++)
		ev(&caps[c], EV_GC_START, 0);
	for (int c = 0; c < NCAPS; c++)
		ev(&caps[c], EV_GC_WORK, 0);
	for (int c = 0; c < NCAPS; c++)
		ev(&caps[c], EV_GC_IDLE, 0);
	for (int c = 0; c < NCAPS; c++)
		ev(&caps[c], EV_GC_DONE, 0);
	for (int c = 0; c < NCAPS; c++)
		ev(&caps[c], EV_GC_END, 0);
}

static int own(uint32_t tid) { return (int)(tid & 1); }

/* `gen marked N`: user markers and spans in the synthetic log.  Marker k
 * (0-based) goes on the running thread's capability at the first pass
 * after (k + 1) / (N + 1) of the body is written; marker k with k % 10 == 0
 * also opens span "phase k/10" on the running thread, which the same
 * thread closes the first time it runs after marker k + 1 (or at the end). */
static struct {
	uint64_t n;         /* markers wanted */
	uint64_t done;      /* markers written */
	int open;           /* a span is open */
	uint32_t span_tid;  /* on this thread */
	uint64_t span_id;   /* phase number */
	uint64_t stop_at;   /* close once this many markers are written */
} mk;

static void user_text(int cap, uint16_t ty, const char *s)
{
	size_t n = strlen(s);
	struct buf *b = ev(&caps[cap], ty, 2 + n);
	put16(b, (uint16_t)n);
	putbytes(b, s, n);
}

/* During a pass of thread t on cap c, after its run event. */
static void marked_pass(int c, uint32_t t, uint64_t progress, uint64_t body)
{
	char s[64];
	if (mk.open && mk.done >= mk.stop_at && t == mk.span_tid) {
		snprintf(s, sizeof s, "STOP phase %llu", (unsigned long long)mk.span_id);
		user_text(c, EV_USER_MSG, s);
		mk.open = 0;
	}
	if (mk.done >= mk.n || progress < body / (mk.n + 1) * (mk.done + 1))
		return;
	snprintf(s, sizeof s, "marker %llu", (unsigned long long)mk.done);
	user_text(c, EV_USER_MARKER, s);
	if (mk.done % 10 == 0 && !mk.open) {
		mk.span_id = mk.done / 10;
		snprintf(s, sizeof s, "START phase %llu", (unsigned long long)mk.span_id);
		user_text(c, EV_USER_MSG, s);
		mk.open = 1;
		mk.span_tid = t;
		mk.stop_at = mk.done + 2;
	}
	mk.done++;
}

static void generate(uint64_t target)
{
	write_header();
	for (int c = 0; c < NCAPS; c++)
		caps[c].cap = (uint16_t)c;

	static const char args[] = "./ring\0+RTS\0-N2\0-l\0-RTS"; /* each NUL-terminated */
	identification(NCAPS, args, sizeof args);

	/* The ring: cap 0 creates every thread and sends the odd ones to cap 1. */
	for (uint32_t t = 1; t <= RING; t++) {
		ev_thread(0, EV_CREATE_THREAD, t);
		if (own(t) != 0)
			ev_thread_cap(0, EV_MIGRATE_THREAD, t, (uint16_t)own(t));
	}
	uint32_t t = 1;
	ev_thread(own(t), EV_THREAD_RUNNABLE, t);
	/* Leave room for the closing blocks and the end marker. */
	uint64_t body = target > 4096 ? target - 4096 : 0;
	for (uint64_t pass = 1;; pass++) {
		uint64_t pending = caps[0].b.n + caps[1].b.n;
		if (written + pending >= body)
			break;
		int c = own(t);
		uint32_t next = t % RING + 1;
		int cn = own(next);
		ev_thread(c, EV_RUN_THREAD, t);
		if (mk.n)
			marked_pass(c, t, written + pending, body);
		ev_thread_cap(c, EV_THREAD_WAKEUP, next, (uint16_t)cn);
		ev_stop(c, t, STATUS_BLOCKED_ON_MVAR);
		ev_thread(cn, EV_THREAD_RUNNABLE, next);
		if (pass % 100000 == 0)
			gc();
		t = next;
	}
	for (uint32_t k = 1; k <= RING; k++) {
		ev_thread(own(k), EV_RUN_THREAD, k);
		if (mk.open && k == mk.span_tid) {
			char s[64];
			snprintf(s, sizeof s, "STOP phase %llu", (unsigned long long)mk.span_id);
			user_text(own(k), EV_USER_MSG, s);
			mk.open = 0;
		}
		ev_stop(own(k), k, 5 /* thread finished */);
	}
	for (int c = 0; c < NCAPS; c++)
		flush_block(&caps[c]);

	shutdown_caps(NCAPS);

	uint8_t end[2] = { 0xff, 0xff }; /* EVENT_DATA_END */
	emit(end, 2);
}

/* ---- crafted logs -------------------------------------------------------
 *
 * Well-formed logs a GHC-like RTS could write (the header above, valid
 * events, block markers with correct sizes and end times, identification
 * and shutdown in global blocks), shaped to attack an indexer:
 *
 *   decreasing  every event's time (block markers' too) is below the
 *               previous one's; 64 threads on caps 0 and 1 (2 MiB blocks),
 *               each run a handful of 10-byte spark events between a run
 *               and a stop (about 12 bytes an event), a parallel GC every
 *               20000 runs, a user marker every 1000
 *   zigzag      the same workload on a clock that goes back every 2 or 3
 *               events (CLOCK_ZIGZAG)
 *   ids         262,143 thread ids (fewer below 80 MB: SIZE / 300): every
 *               other one a multiple of 2^14 (all share their low 14 bits),
 *               the rest chosen to land in 64 buckets of the unkeyed hash
 *               hectic used before issue 8, (id * 0x9E3779B1 ^ id >> 16)
 *               mod 2^19; each is created, labelled, run and stopped, then
 *               run and stopped again in random order until the size is
 *               reached, then finished
 *   blocks      one block per event: a block marker before every event, the
 *               capabilities 0..3 in turn; each cap runs its 16 threads
 *               (run, spark, stop, runnable), both GC events of a parallel
 *               GC every 10000 rounds in their own blocks
 *   gcblocks    one tiny block per GC: GC_START and GC_END alone in a block,
 *               the capabilities 0..3 in turn
 *   tickydefs   a ticky log (+RTS -lT) of about 1 million counters: a
 *               sample of the first 1000, then a definition (GHC 9.10's,
 *               with an info table) of every one, short names, as the RTS
 *               posts them at exit (about 45 bytes a counter)
 *   tickyundef  ticky samples (42 bytes) of counters never defined (a log
 *               cut before its definitions), each a new id: a begin and
 *               1000 counters' samples, over and over
 *   ipe         IPE events (tag 169, about 30 bytes: short strings) of
 *               distinct tables in no address order, then a -hi census
 *               naming 2000 of them and 200 that have none, and 200 ticky
 *               counters (a sample and their definitions) whose info
 *               tables are among them
 * (the last three: issue 32, see "crafted ticky and IPE logs")
 *   deepstacks  a time profile of distinct deep cost-centre stacks: 1,000
 *               cost centres, then PROF_SAMPLE_COST_CENTRE ticks on caps 0
 *               and 1 in the global blocks, each a stack never seen
 *               before, 8 to 72 deep (about 190 bytes a tick: 160,000
 *               ticks in 30 MB), every sixteenth the RTS's IDLE alone
 *               (which the .prof leaves out); their tree has about as
 *               many nodes as the ticks have entries
 */

static uint64_t pending(void)
{
	uint64_t n = global.b.n;
	for (int c = 0; c < MAXCAPS; c++)
		n += caps[c].b.n;
	return n;
}

static void ev_label(int cap, uint32_t tid, const char *s, size_t n)
{
	struct buf *b = ev(&caps[cap], EV_THREAD_LABEL, 2 + 4 + n);
	put16(b, (uint16_t)(4 + n));
	put32(b, tid);
	putbytes(b, s, n);
}

static void ev_marker(int cap, const char *s, size_t n)
{
	struct buf *b = ev(&caps[cap], EV_USER_MARKER, 2 + n);
	put16(b, (uint16_t)n);
	putbytes(b, s, n);
}

static void crafted_begin(uint16_t ncaps, const char *shape)
{
	write_header();
	for (int c = 0; c < MAXCAPS; c++)
		caps[c].cap = (uint16_t)c;
	char args[64];
	size_t n = strlen(shape);
	memcpy(args, "./crafted", 10); /* with its NUL */
	memcpy(args + 10, shape, n + 1);
	identification(ncaps, args, 10 + n + 1);
}

static void crafted_end(uint16_t ncaps)
{
	for (int c = 0; c < ncaps; c++)
		flush_block(&caps[c]);
	shutdown_caps(ncaps);
	uint8_t end[2] = { 0xff, 0xff };
	emit(end, 2);
}

/* decreasing, zigzag */
static void crafted_sparks(uint64_t target)
{
	static const uint16_t sparks[] = {
		EV_SPARK_CREATE, EV_SPARK_CREATE, EV_SPARK_RUN, EV_SPARK_CREATE,
		EV_SPARK_DUD, EV_SPARK_RUN, EV_SPARK_FIZZLE, EV_SPARK_GC,
	};
	for (uint32_t t = 1; t <= RING; t++) {
		ev_thread(0, EV_CREATE_THREAD, t);
		if (own(t) != 0)
			ev_thread_cap(0, EV_MIGRATE_THREAD, t, (uint16_t)own(t));
	}
	uint64_t body = target > 8192 + RING * 34 ? target - 8192 - RING * 34 : 0;
	for (uint64_t run = 0; written + pending() < body; run++) {
		uint32_t t = (uint32_t)(1 + run % RING);
		int c = own(t);
		ev_thread(c, EV_RUN_THREAD, t);
		for (size_t i = 0; i < sizeof sparks / sizeof sparks[0]; i++)
			ev(&caps[c], sparks[i], 0);
		ev_stop(c, t, STATUS_YIELDING);
		if (run % 20000 == 19999)
			gc();
		if (run % 1000 == 0) {
			char m[32];
			int len = snprintf(m, sizeof m, "run %llu", (unsigned long long)run);
			ev_marker(c, m, (size_t)len);
		}
	}
	for (uint32_t t = 1; t <= RING; t++) {
		ev_thread(own(t), EV_RUN_THREAD, t);
		ev_stop(own(t), t, STATUS_FINISHED);
	}
	crafted_end(NCAPS);
}

#define OLD_MUL 0x9E3779B1u
#define OLD_BITS 19 /* 262,143 ids fill a table of 2^19 at load 1/2 */

/* Fills ids[0..n) with distinct thread ids: even places multiples of 2^14,
 * odd places ids whose old hash is below 64 at every table size up to
 * 2^OLD_BITS (so they share 64 buckets while the table grows too). */
static void colliding_ids(uint32_t *ids, size_t n)
{
	uint32_t inv = OLD_MUL; /* OLD_MUL^-1 mod 2^32, by Newton's method */
	for (int i = 0; i < 5; i++)
		inv *= 2 - OLD_MUL * inv;
	const uint32_t mask = (1u << OLD_BITS) - 1;
	size_t odd = 1;
	for (uint32_t hi = 1; hi < 65536 && odd < n; hi++) {
		for (uint32_t h = 0; h < 64 && odd < n; h++) {
			/* k = hi << 16 | lo: the low 19 bits of k * MUL decide,
			 * and k >> 16 = hi is xored in */
			uint32_t x = ((h ^ hi) * inv) & mask;
			if ((x >> 16) != (hi & 7))
				continue;
			uint32_t k = hi << 16 | (x & 0xffff);
			if ((k & 0x3fff) == 0)
				continue; /* a multiple of 2^14: the other half */
			if ((((k * OLD_MUL) ^ (k >> 16)) & mask) >= 64) {
				fprintf(stderr, "gen: colliding id %u: wrong hash\n", k);
				exit(1);
			}
			ids[odd] = k;
			odd += 2;
		}
	}
	if (odd < n) {
		fprintf(stderr, "gen: not enough colliding ids\n");
		exit(1);
	}
	for (size_t i = 0; i < n; i += 2)
		ids[i] = (uint32_t)(i / 2 + 1) << 14;
}

static void crafted_ids(uint64_t target)
{
	size_t n = target / 300;
	if (n > 262143)
		n = 262143;
	if (n < 64)
		n = 64;
	uint32_t *ids = malloc(n * sizeof *ids), *perm = malloc(n * sizeof *perm);
	if (!ids || !perm)
		die("out of memory");
	colliding_ids(ids, n);
	char label[32];
	for (size_t i = 0; i < n; i++) {
		int c = (int)(i >> 1 & 1);
		ev_thread(c, EV_CREATE_THREAD, ids[i]);
		int len = snprintf(label, sizeof label, "worker %zu", i);
		ev_label(c, ids[i], label, (size_t)len);
		ev_thread(c, EV_RUN_THREAD, ids[i]);
		ev_stop(c, ids[i], STATUS_BLOCKED_ON_MVAR);
		perm[i] = (uint32_t)i;
	}
	uint64_t reserve = 8192 + (uint64_t)n * 34;
	uint64_t body = target > reserve ? target - reserve : 0;
	uint64_t steps = 0;
	while (written + pending() < body) {
		for (size_t i = n - 1; i > 0; i--) { /* a new random order */
			size_t j = rnd() % (i + 1);
			uint32_t x = perm[i];
			perm[i] = perm[j];
			perm[j] = x;
		}
		for (size_t i = 0; i < n && written + pending() < body; i++) {
			size_t p = perm[i];
			int c = (int)(p >> 1 & 1);
			ev_thread(c, EV_THREAD_RUNNABLE, ids[p]);
			ev_thread(c, EV_RUN_THREAD, ids[p]);
			ev_stop(c, ids[p], STATUS_YIELDING);
			if (++steps % 50000 == 0)
				gc();
		}
	}
	for (size_t i = 0; i < n; i++) {
		int c = (int)(i >> 1 & 1);
		ev_thread(c, EV_RUN_THREAD, ids[i]);
		ev_stop(c, ids[i], STATUS_FINISHED);
	}
	free(ids);
	free(perm);
	crafted_end(NCAPS);
}

/* blocks: a block marker before every event, caps 0..3 in turn. */
static void crafted_blocks(uint64_t target)
{
	enum { CAPS = 4, PER = RING / CAPS };
	/* cap c owns threads c + 1 + CAPS * j; each cap's state: the step of
	 * its cycle and the thread it is on */
	int step[CAPS] = { 0 }, cur[CAPS] = { 0 };
	for (int c = 0; c < CAPS; c++) {
		for (int j = 0; j < PER; j++) {
			ev_thread(c, EV_CREATE_THREAD, (uint32_t)(c + 1 + CAPS * j));
			flush_block(&caps[c]);
		}
	}
	uint64_t body = target > 8192 + RING * 100 ? target - 8192 - RING * 100 : 0;
	for (uint64_t i = 0; written + pending() < body; i++) {
		int c = (int)(i % CAPS);
		uint32_t t = (uint32_t)(c + 1 + CAPS * cur[c]);
		switch (step[c]) {
		case 0: ev_thread(c, EV_RUN_THREAD, t); break;
		case 1: ev(&caps[c], EV_SPARK_CREATE, 0); break;
		case 2: ev_stop(c, t, STATUS_YIELDING); break;
		default:
			cur[c] = (cur[c] + 1) % PER;
			ev_thread(c, EV_THREAD_RUNNABLE, (uint32_t)(c + 1 + CAPS * cur[c]));
		}
		step[c] = (step[c] + 1) % 4;
		flush_block(&caps[c]);
		if (i % (CAPS * 10000) == CAPS * 10000 - 1) {
			for (int d = 0; d < CAPS; d++) {
				ev(&caps[d], EV_GC_START, 0);
				flush_block(&caps[d]);
			}
			for (int d = 0; d < CAPS; d++) {
				ev(&caps[d], EV_GC_END, 0);
				flush_block(&caps[d]);
			}
		}
	}
	for (int j = 0; j < PER; j++) {
		for (int c = 0; c < CAPS; c++) {
			uint32_t t = (uint32_t)(c + 1 + CAPS * j);
			ev_thread(c, EV_RUN_THREAD, t);
			flush_block(&caps[c]);
			ev_stop(c, t, STATUS_FINISHED);
			flush_block(&caps[c]);
		}
	}
	crafted_end(CAPS);
}

/* gcblocks: one tiny block per GC, caps 0..3 in turn. */
static void crafted_gcblocks(uint64_t target)
{
	uint64_t body = target > 8192 ? target - 8192 : 0;
	for (uint64_t i = 0; written + pending() < body; i++) {
		int c = (int)(i % 4);
		ev(&caps[c], EV_GC_START, 0);
		ev(&caps[c], EV_GC_END, 0);
		flush_block(&caps[c]);
	}
	crafted_end(4);
}

static void crafted_ticky_ipe(const char *shape, uint64_t target);
static void crafted_longccs(uint64_t target);
static void crafted_deepstacks(uint64_t target); /* after the big log's events */

static void crafted(const char *shape, uint64_t target)
{
	if (!strcmp(shape, "decreasing")) {
		clock_mode = CLOCK_DOWN;
		marker_lead = 10;
		/* at most 177 ns an event, at least 10 bytes an event */
		now = 1000000000ull + (target / 10 + 100000) * 180;
		crafted_begin(NCAPS, shape);
		crafted_sparks(target);
	} else if (!strcmp(shape, "zigzag")) {
		clock_mode = CLOCK_ZIGZAG;
		/* a run (2 or 3 events, >= 20 bytes) starts at most 40 ns
		 * before the previous run's start */
		run_start = now = 1000000000ull + (target / 20 + 100000) * 40;
		crafted_begin(NCAPS, shape);
		crafted_sparks(target);
	} else if (!strcmp(shape, "ids")) {
		crafted_begin(NCAPS, shape);
		crafted_ids(target);
	} else if (!strcmp(shape, "blocks")) {
		crafted_begin(4, shape);
		crafted_blocks(target);
	} else if (!strcmp(shape, "longccs")) {
		crafted_begin(NCAPS, shape);
		crafted_longccs(target);
	} else if (!strcmp(shape, "deepstacks")) {
		crafted_begin(NCAPS, shape);
		crafted_deepstacks(target);
	} else if (!strcmp(shape, "gcblocks")) {
		crafted_begin(4, shape);
		crafted_gcblocks(target);
	} else {
		crafted_ticky_ipe(shape, target);
	}
}

/* ---- the big log ---------------------------------------------------------
 *
 * gen big SIZE OUT: a log with everything the viewer shows, for the
 * end-to-end walk of tests/e2e/walk.sh: 4 capabilities; about 1,500
 * threads alive at a time, each created with a label, finishing and
 * replaced now and then (thousands in all), migrating between caps; user
 * messages on running threads (one run in 48: about 160,000 in 520 MB,
 * which an ASan build pairs at load in reasonable time) that open and
 * close spans ("START name" / "STOP name" and "name begin" / "name end",
 * nested two deep, a few hundred names) and user markers; sparks (create, run, dud, fizzle, GC,
 * steal) and spark counters; a parallel GC every 40,000 steps (every
 * fifth a major one) with HEAP_ALLOCATED, GC_STATS_GHC, HEAP_LIVE and
 * HEAP_SIZE; a heap profile by type description (HEAP_PROF_BEGIN, a census
 * of 60-160 string bands every 20,000 steps); and a time profile
 * (HEAP_PROF_COST_CENTRE definitions, PROF_BEGIN, a PROF_SAMPLE_COST_CENTRE
 * per capability every 1,000 steps, stacks up to 10 deep). The profile
 * events are in the global blocks, as the RTS writes them. */

enum {
	EV_SPARK_COUNTERS = 34, EV_SPARK_STEAL = 39,
	EV_HEAP_ALLOCATED = 49, EV_HEAP_SIZE = 50, EV_HEAP_LIVE = 51, EV_HEAP_INFO = 52,
	EV_GC_STATS = 53, EV_GC_GLOBAL_SYNC = 54, EV_HEAP_PROF_BEGIN = 160,
	EV_HEAP_PROF_COST_CENTRE = 161, EV_HEAP_PROF_SAMPLE_BEGIN = 162,
	EV_HEAP_PROF_SAMPLE_STRING = 164, EV_HEAP_PROF_SAMPLE_END = 165,
	EV_PROF_SAMPLE_COST_CENTRE = 167, EV_PROF_BEGIN = 168,
};
#define BIG_CAPS 4
#define BIG_ALIVE 1500
#define BIG_CCS 320      /* user cost centres, after the built-in ones */
#define BIG_STACKS 600   /* distinct time-profile stacks */
#define BIG_TYPES 200    /* heap bands */
#define BIG_SPAN_NAMES 240

static struct big {
	uint32_t tid[BIG_ALIVE];   /* the thread in each slot */
	uint8_t cap[BIG_ALIVE];    /* its capability */
	uint16_t open[BIG_ALIVE][2]; /* its open spans' names, innermost last */
	uint8_t nopen[BIG_ALIVE];
	uint32_t next_tid;
	uint64_t spark_created[BIG_CAPS], spark_converted[BIG_CAPS];
	uint64_t spark_fizzled[BIG_CAPS], spark_dud[BIG_CAPS], spark_gcd[BIG_CAPS];
	uint64_t allocated[BIG_CAPS];
	uint32_t stack[BIG_STACKS][10];
	uint8_t depth[BIG_STACKS];
	uint64_t gcs, censuses, ticks;
} *bg;

static void put_cstr(struct buf *b, const char *s)
{
	putbytes(b, s, strlen(s) + 1);
}

/* A variable-size event whose payload is built first: the length field is
 * the payload's size. */
static void ev_var(struct block *k, uint16_t ty, const struct buf *pay)
{
	struct buf *b = ev(k, ty, 2 + pay->n);
	put16(b, (uint16_t)pay->n);
	putbytes(b, pay->p, pay->n);
}

static void big_user_msg(int cap, const char *s)
{
	size_t n = strlen(s);
	struct buf *b = ev(&caps[cap], EV_USER_MSG, 2 + n);
	put16(b, (uint16_t)n);
	putbytes(b, s, n);
}

static void big_label(int cap, uint32_t tid)
{
	static const char *const kinds[] = {
		"worker", "http-conn", "pool/a", "pool/b", "db-writer", "λ-scheduler",
		"timer", "reader", "compactor", "logger",
	};
	char s[64];
	int n = snprintf(s, sizeof s, "%s %u", kinds[tid % 10], tid);
	ev_label(cap, tid, s, (size_t)n);
}

static void big_new_thread(size_t slot, int cap)
{
	uint32_t t = bg->next_tid++;
	bg->tid[slot] = t;
	bg->cap[slot] = (uint8_t)cap;
	bg->nopen[slot] = 0;
	ev_thread(cap, EV_CREATE_THREAD, t);
	big_label(cap, t);
	ev_thread(cap, EV_THREAD_RUNNABLE, t);
}

static void big_span_name(char *s, size_t n, uint16_t k)
{
	static const char *const base[] = {
		"request", "parse", "render", "db query", "compile", "flush", "gc pause",
		"handshake", "checkpoint", "reindex", "λ-reduce", "batch",
	};
	if (k < 12)
		snprintf(s, n, "%s", base[k]);
	else
		snprintf(s, n, "%s %u", base[k % 12], k);
}

/* A message that opens or closes a span of name k on the running thread:
 * the even names as START/STOP, the odd ones as begin/end. */
static void big_span_msg(int cap, uint16_t k, int stop)
{
	char name[48], s[64];
	big_span_name(name, sizeof name, k);
	if (k % 2 == 0)
		snprintf(s, sizeof s, "%s %s", stop ? "STOP" : "START", name);
	else
		snprintf(s, sizeof s, "%s %s", name, stop ? "end" : "begin");
	big_user_msg(cap, s);
}

static void big_sparks(int c)
{
	unsigned r = (unsigned)(rnd() % 16);
	if (r >= 6)
		return;
	unsigned n = 1 + r % 3;
	for (unsigned i = 0; i < n; i++)
		ev(&caps[c], EV_SPARK_CREATE, 0);
	bg->spark_created[c] += n;
	switch (r) {
	case 0:
		ev(&caps[c], EV_SPARK_DUD, 0);
		bg->spark_dud[c]++;
		break;
	case 1:
		ev(&caps[c], EV_SPARK_FIZZLE, 0);
		bg->spark_fizzled[c]++;
		break;
	case 2:
		put16(ev(&caps[c], EV_SPARK_STEAL, 2), (uint16_t)((c + 1) % BIG_CAPS));
		bg->spark_converted[c]++;
		break;
	case 3:
		ev(&caps[c], EV_SPARK_GC, 0);
		bg->spark_gcd[c]++;
		break;
	default:
		ev(&caps[c], EV_SPARK_RUN, 0);
		bg->spark_converted[c]++;
	}
}

static void big_cap_u64(int cap, uint16_t ty, uint64_t v)
{
	struct buf *b = ev(&caps[cap], ty, 12);
	put32(b, 0);
	put64(b, v);
}

static void big_gc(void)
{
	int major = bg->gcs % 5 == 4;
	ev(&caps[0], EV_REQUEST_PAR_GC, 0);
	for (int c = 0; c < BIG_CAPS; c++)
		ev(&caps[c], EV_GC_START, 0);
	for (int c = 0; c < BIG_CAPS; c++)
		ev(&caps[c], EV_GC_WORK, 0);
	for (int c = 0; c < BIG_CAPS; c++)
		ev(&caps[c], EV_GC_IDLE, 0);
	for (int c = 0; c < BIG_CAPS; c++)
		ev(&caps[c], EV_GC_DONE, 0);
	for (int c = 0; c < BIG_CAPS; c++) {
		bg->allocated[c] += 4000000 + rnd() % 1000000;
		big_cap_u64(c, EV_HEAP_ALLOCATED, bg->allocated[c]);
	}
	ev(&caps[0], EV_GC_END, 0);
	ev(&caps[0], EV_GC_GLOBAL_SYNC, 0);
	uint64_t live = 20000000 + (bg->gcs % 97) * 300000 + rnd() % 100000;
	struct buf *b = ev(&caps[0], EV_GC_STATS, 58);
	put32(b, 0);
	put16(b, (uint16_t)major);
	put64(b, major ? live : live / 20); /* copied */
	put64(b, 30000 + rnd() % 5000);     /* slop */
	put64(b, 900000 + rnd() % 100000);  /* fragmentation */
	put32(b, BIG_CAPS);
	put64(b, live / 40);
	put64(b, live / 20);
	put64(b, live / 80);
	if (major)
		big_cap_u64(0, EV_HEAP_LIVE, live);
	big_cap_u64(0, EV_HEAP_SIZE, live * 2 + 1048576 * (bg->gcs % 13));
	for (int c = 1; c < BIG_CAPS; c++)
		ev(&caps[c], EV_GC_END, 0);
	for (int c = 0; c < BIG_CAPS; c++) {
		b = ev(&caps[c], EV_SPARK_COUNTERS, 56);
		put64(b, bg->spark_created[c]);
		put64(b, bg->spark_dud[c]);
		put64(b, 0); /* overflowed */
		put64(b, bg->spark_converted[c]);
		put64(b, bg->spark_gcd[c]);
		put64(b, bg->spark_fizzled[c]);
		put64(b, bg->spark_created[c] - bg->spark_dud[c] - bg->spark_converted[c] -
				 bg->spark_gcd[c] - bg->spark_fizzled[c]);
	}
	bg->gcs++;
}

static void big_type_name(char *s, size_t n, unsigned k)
{
	static const char *const base[] = {
		"[]", "Int", "ByteString", "Text", "Map", "IntMap", "Seq", "(,)",
		"Maybe", "HashMap", "Vector", "IORef", "MVar", "TVar", "Double",
		"Char", "Integer", "ARR_WORDS", "THUNK", "FUN",
	};
	if (k < 20)
		snprintf(s, n, "%s", base[k]);
	else
		snprintf(s, n, "Mod%u.Ty%u", k % 17, k);
}

static void big_census(void)
{
	uint64_t era = ++bg->censuses;
	put64(ev(&global, EV_HEAP_PROF_SAMPLE_BEGIN, 8), era);
	unsigned nb = 60 + (unsigned)(era % 101);
	struct buf p = { 0 };
	char name[48];
	for (unsigned i = 0; i < nb; i++) {
		unsigned k = (unsigned)((i * 7 + era / 10) % BIG_TYPES);
		big_type_name(name, sizeof name, k);
		p.n = 0;
		put8(&p, 0);
		/* a few big bands that grow and shrink, many small ones */
		uint64_t bytes = k < 8 ? 1000000 * (k + 1) + (era * (k + 3) % 50) * 100000
				       : 24 * (1 + rnd() % 4000);
		put64(&p, bytes);
		put_cstr(&p, name);
		ev_var(&global, EV_HEAP_PROF_SAMPLE_STRING, &p);
	}
	free(p.p);
	put64(ev(&global, EV_HEAP_PROF_SAMPLE_END, 8), era);
}

static void big_tick(void)
{
	struct buf p = { 0 };
	bg->ticks++;
	for (int c = 0; c < BIG_CAPS; c++) {
		size_t s = (size_t)(rnd() % BIG_STACKS);
		p.n = 0;
		put32(&p, (uint32_t)c);
		put64(&p, bg->ticks);
		put8(&p, bg->depth[s]);
		for (unsigned d = 0; d < bg->depth[s]; d++)
			put32(&p, bg->stack[s][d]);
		ev_var(&global, EV_PROF_SAMPLE_COST_CENTRE, &p);
	}
	free(p.p);
}

/* The cost centres (ids 1..8 the RTS's own, then BIG_CCS of the program),
 * the stacks the ticks use, the heap profile's start. */
static void big_profiles(void)
{
	static const char *const builtin[][2] = {
		{ "MAIN", "MAIN" }, { "CAF", "MAIN" }, { "SYSTEM", "SYSTEM" }, { "GC", "GC" },
		{ "IDLE", "IDLE" }, { "OVERHEAD_of", "PROFILING" }, { "DONT_CARE", "MAIN" },
		{ "PINNED", "SYSTEM" },
	};
	put64(ev(&global, EV_PROF_BEGIN, 8), 1000000);
	struct buf p = { 0 };
	for (uint32_t id = 1; id <= 8 + BIG_CCS; id++) {
		char label[48], module[48], loc[64];
		p.n = 0;
		put32(&p, id);
		if (id <= 8) {
			put_cstr(&p, builtin[id - 1][0]);
			put_cstr(&p, builtin[id - 1][1]);
			put_cstr(&p, "<built-in>");
			put8(&p, 0);
		} else {
			int caf = id % 23 == 0;
			snprintf(label, sizeof label, caf ? "CAF" : "fn%u", id);
			snprintf(module, sizeof module, "App.Mod%u", id % 29);
			snprintf(loc, sizeof loc, "src/App/Mod%u.hs:%u:1-40", id % 29, id * 3);
			put_cstr(&p, label);
			put_cstr(&p, module);
			put_cstr(&p, caf ? "<entire-module>" : loc);
			put8(&p, (uint8_t)caf);
		}
		ev_var(&global, EV_HEAP_PROF_COST_CENTRE, &p);
	}
	/* stacks, innermost first, MAIN (1) outermost; some are the RTS's GC,
	 * IDLE or SYSTEM alone */
	for (size_t s = 0; s < BIG_STACKS; s++) {
		if (s % 10 < 2) {
			bg->depth[s] = 1;
			bg->stack[s][0] = s % 10 == 0 ? 4 : s % 20 == 1 ? 5 : 3;
			continue;
		}
		unsigned d = 2 + (unsigned)(rnd() % 9);
		bg->depth[s] = (uint8_t)d;
		for (unsigned i = 0; i + 1 < d; i++)
			bg->stack[s][i] = 9 + (uint32_t)(rnd() % BIG_CCS);
		bg->stack[s][d - 1] = 1;
	}
	struct buf *b = ev(&global, EV_HEAP_INFO, 38);
	put32(b, 0);
	put16(b, 2);
	put64(b, 0);
	put64(b, 4194304);
	put64(b, 1048576);
	put64(b, 4096);
	p.n = 0;
	put8(&p, 0);
	put64(&p, 20000000); /* sampling period, ns */
	put32(&p, 4);        /* broken down by type description */
	for (int i = 0; i < 7; i++)
		put8(&p, 0);
	ev_var(&global, EV_HEAP_PROF_BEGIN, &p);
	free(p.p);
}

/* One step: a thread of the pool runs, and what happens while it runs. */
static void big_step(uint64_t step)
{
	size_t slot = (size_t)(rnd() % BIG_ALIVE);
	int c = bg->cap[slot];
	uint32_t t = bg->tid[slot];
	ev_thread(c, EV_RUN_THREAD, t);
	big_sparks(c);
	if (rnd() % 48 == 0) {
		uint8_t *n = &bg->nopen[slot];
		if (*n && (*n == 2 || rnd() % 2)) {
			(*n)--;
			big_span_msg(c, bg->open[slot][*n], 1);
		} else {
			uint16_t k = (uint16_t)(rnd() % BIG_SPAN_NAMES);
			bg->open[slot][(*n)++] = k;
			big_span_msg(c, k, 0);
		}
	}
	if (step % 20011 == 0) {
		char m[48];
		int len = snprintf(m, sizeof m, "%s %llu", step % 3 ? "checkpoint" : "phase",
				   (unsigned long long)step / 20011);
		ev_marker(c, m, (size_t)len);
	}
	if (rnd() % 7 == 0) {
		size_t o = (size_t)(rnd() % BIG_ALIVE);
		ev_thread_cap(c, EV_THREAD_WAKEUP, bg->tid[o], bg->cap[o]);
	}
	unsigned r = (unsigned)(rnd() % 4096);
	if (r < 2) { /* finishes; a new thread takes its slot */
		ev_stop(c, t, STATUS_FINISHED);
		big_new_thread(slot, c);
		return;
	}
	static const uint16_t status[] = { 3, 7, 1, 11, 9, 20, 3, 7 };
	uint16_t st = status[r % 8];
	struct buf *b = ev(&caps[c], EV_STOP_THREAD, 10);
	put32(b, t);
	put16(b, st);
	put32(b, 0);
	if (r < 6) { /* migrates */
		int to = (c + 1 + (int)(r % 3)) % BIG_CAPS;
		ev_thread_cap(c, EV_MIGRATE_THREAD, t, (uint16_t)to);
		bg->cap[slot] = (uint8_t)to;
		c = to;
	}
	ev_thread(c, EV_THREAD_RUNNABLE, t);
}

static void big(uint64_t target)
{
	bg = calloc(1, sizeof *bg);
	if (!bg)
		die("out of memory");
	crafted_begin(BIG_CAPS, "big");
	big_profiles();
	bg->next_tid = 1;
	for (size_t i = 0; i < BIG_ALIVE; i++)
		big_new_thread(i, (int)(i % BIG_CAPS));
	/* room for the finishing runs, the last blocks and the shutdown */
	uint64_t reserve = 8192 + BIG_ALIVE * 60;
	uint64_t body = target > reserve ? target - reserve : 0;
	for (uint64_t step = 1; written + pending() < body; step++) {
		big_step(step);
		if (step % 1000 == 0)
			big_tick();
		if (step % 20000 == 0)
			big_census();
		if (step % 40000 == 0)
			big_gc();
	}
	for (size_t i = 0; i < BIG_ALIVE; i++) {
		int c = bg->cap[i];
		ev_thread(c, EV_RUN_THREAD, bg->tid[i]);
		while (bg->nopen[i]) { /* the spans end */
			bg->nopen[i]--;
			big_span_msg(c, bg->open[i][bg->nopen[i]], 1);
		}
		ev_stop(c, bg->tid[i], STATUS_FINISHED);
	}
	free(bg);
	crafted_end(BIG_CAPS);
}

/* ---- longccs: long cost-centre labels (issue 32) -------------------------
 *
 * gen crafted longccs SIZE OUT: a +RTS -hc profile whose band names are
 * huge: LONG_CCS cost centres, each label LONG_LABEL bytes ('f's then its
 * number, so that every pair shares a long prefix; one in 50 a CAF, whose
 * name is its module's), and censuses of LONG_STACKS distinct stacks (in
 * the heap profile, HEAP_PROF_SAMPLE_COST_CENTRE), each 200-255 cost
 * centres deep: a band's name (its labels joined by '/') is 12-15 MB. The
 * censuses (about 280 KB each, at least two) fill the log to SIZE; the
 * definitions alone are 15.3 MB. Nothing else runs but the RTS's start and
 * shutdown: the cost is all in the names. */
#define EV_HEAP_PROF_SAMPLE_COST_CENTRE 163
#define LONG_CCS 255
#define LONG_LABEL 60000
#define LONG_STACKS 300

static void long_census(uint64_t era)
{
	struct buf p = { 0 };
	put64(ev(&global, EV_HEAP_PROF_SAMPLE_BEGIN, 8), era);
	for (uint32_t s = 0; s < LONG_STACKS; s++) {
		unsigned depth = 200 + s % 56; /* (s, depth) differ for every s < 300 */
		p.n = 0;
		put8(&p, 0);
		/* a band that doubles from the first census to the last, others
		 * steady or varying */
		put64(&p, s % 3 == 0 ? 1000000 * (1 + (era > 1)) : 4096 * (s + 1) + 512 * (era % 7));
		put8(&p, (uint8_t)depth);
		for (unsigned i = 0; i < depth; i++) /* innermost first */
			put32(&p, 1 + (s + i) % LONG_CCS);
		ev_var(&global, EV_HEAP_PROF_SAMPLE_COST_CENTRE, &p);
	}
	put64(ev(&global, EV_HEAP_PROF_SAMPLE_END, 8), era);
	free(p.p);
}

static void crafted_longccs(uint64_t target)
{
	struct buf p = { 0 };
	put8(&p, 0);
	put64(&p, 100000000); /* sampling period, ns */
	put32(&p, 1);         /* broken down by cost centre (-hc) */
	for (int i = 0; i < 7; i++)
		put8(&p, 0);
	ev_var(&global, EV_HEAP_PROF_BEGIN, &p);
	char *label = malloc(LONG_LABEL + 1);
	if (!label)
		die("out of memory");
	for (uint32_t id = 1; id <= LONG_CCS; id++) {
		int caf = id % 50 == 0;
		memset(label, 'f', LONG_LABEL);
		snprintf(label + LONG_LABEL - 8, 9, "_%07u", id);
		char module[32], loc[48];
		snprintf(module, sizeof module, "Long.Mod%u", id % 7);
		snprintf(loc, sizeof loc, "src/Long/Mod%u.hs:%u:1-9", id % 7, id);
		p.n = 0;
		put32(&p, id);
		if (caf)
			put_cstr(&p, "CAF");
		else
			putbytes(&p, label, LONG_LABEL + 1);
		put_cstr(&p, module);
		put_cstr(&p, caf ? "<entire-module>" : loc);
		put8(&p, (uint8_t)caf);
		ev_var(&global, EV_HEAP_PROF_COST_CENTRE, &p);
	}
	free(label);
	free(p.p);
	uint64_t era = 1;
	do
		long_census(era++);
	while (era <= 2 || written + pending() + 300000 < target);
	flush_block(&global);
	crafted_end(NCAPS);
}

/* deepstacks (see "crafted logs"): the big log's cost centres but 1,000
 * of the program's, then ticks until the size is reached. A tick's stack,
 * innermost first: three cost centres that spell its number in base 1,000
 * (so no two stacks are the same), random ones, MAIN outermost. What the
 * .prof would say is counted here, from what is written, and goes to
 * OUT.flat: "total N" (the ticks counted: IDLE's left out), "left_out N",
 * then "LABEL SELF INHERITED" for each cost centre with a tick (inherited:
 * once a tick, however often its stack holds it), for tests to check
 * hectic's figures against a count that shares none of its code. */
#define DEEP_CCS 1000
static void crafted_deepstacks(uint64_t target)
{
	static const char *const builtin[] = { "MAIN", "CAF", "SYSTEM", "GC", "IDLE",
					       "OVERHEAD_of", "DONT_CARE", "PINNED" };
	static uint64_t self[9 + DEEP_CCS], inh[9 + DEEP_CCS], seen[9 + DEEP_CCS];
	put64(ev(&global, EV_PROF_BEGIN, 8), 1000000);
	struct buf p = { 0 };
	for (uint32_t id = 1; id <= 8 + DEEP_CCS; id++) {
		char label[32], module[32];
		p.n = 0;
		put32(&p, id);
		if (id <= 8) {
			snprintf(label, sizeof label, "%s", builtin[id - 1]);
			snprintf(module, sizeof module, "%s", builtin[id - 1]);
		} else {
			snprintf(label, sizeof label, "deep%u", id);
			snprintf(module, sizeof module, "Deep.M%u", id % 37);
		}
		put_cstr(&p, label);
		put_cstr(&p, module);
		put_cstr(&p, id <= 8 ? "<built-in>" : "Deep.hs:1:1-9");
		put8(&p, 0);
		ev_var(&global, EV_HEAP_PROF_COST_CENTRE, &p);
	}
	uint64_t body = target > 8192 ? target - 8192 : 0;
	uint64_t total = 0, left_out = 0;
	uint32_t st[80];
	for (uint64_t t = 1; written + pending() < body; t++) {
		unsigned d;
		if (t % 16 == 0) { /* the RTS's IDLE alone: left out */
			d = 1;
			st[0] = 5;
			left_out++;
		} else {
			d = 8 + (unsigned)(rnd() % 65);
			st[0] = 9 + (uint32_t)(t % DEEP_CCS);
			st[1] = 9 + (uint32_t)(t / DEEP_CCS % DEEP_CCS);
			st[2] = 9 + (uint32_t)(t / DEEP_CCS / DEEP_CCS % DEEP_CCS);
			for (unsigned i = 3; i + 1 < d; i++)
				st[i] = 9 + (uint32_t)(rnd() % DEEP_CCS);
			st[d - 1] = 1;
			total++;
			self[st[0]]++;
			for (unsigned i = 0; i < d; i++) {
				if (seen[st[i]] != t)
					inh[st[i]]++;
				seen[st[i]] = t;
			}
		}
		p.n = 0;
		put32(&p, (uint32_t)(t & 1));
		put64(&p, t);
		put8(&p, (uint8_t)d);
		for (unsigned i = 0; i < d; i++)
			put32(&p, st[i]);
		ev_var(&global, EV_PROF_SAMPLE_COST_CENTRE, &p);
	}
	free(p.p);
	crafted_end(NCAPS);
	size_t n = strlen(out_name);
	char *side = malloc(n + 6);
	if (!side)
		die("out of memory");
	memcpy(side, out_name, n);
	memcpy(side + n, ".flat", 6);
	FILE *f = fopen(side, "w");
	if (!f)
		die(side);
	fprintf(f, "total %llu\nleft_out %llu\n", (unsigned long long)total,
		(unsigned long long)left_out);
	for (uint32_t id = 1; id <= 8 + DEEP_CCS; id++) {
		if (!inh[id])
			continue;
		char label[32];
		if (id <= 8)
			snprintf(label, sizeof label, "%s", builtin[id - 1]);
		else
			snprintf(label, sizeof label, "deep%u", id);
		fprintf(f, "%s %llu %llu\n", label, (unsigned long long)self[id],
			(unsigned long long)inh[id]);
	}
	if (fclose(f))
		die(side);
	free(side);
}

/* ---- the IPE log (issue 20) -----------------------------------------------
 *
 * gen ipe N SIZE OUT [U]: the log of a program built with -finfo-table-map
 * and run with +RTS -hi -l: N IPE events (tag 169) first, in global blocks
 * as the RTS posts them at startup, then HEAP_PROF_BEGIN (broken down by
 * info table), then the ring workload of `gen SIZE OUT` with a census
 * (HEAP_PROF_SAMPLE_BEGIN, string samples, HEAP_PROF_SAMPLE_END, in global
 * blocks) every IPE_CENSUS_EVERY bytes of it.  SIZE is the size of the log
 * without its IPE events (the IPE events add about 120 bytes each): `gen
 * ipe 0 SIZE OUT U` writes the same body (the same censuses and workload,
 * only later in time) with no IPE event, to tell what the IPE events cost.
 *
 * Table i (0 <= i < U; U is N unless given) is at IPE_BASE + IPE_STRIDE * i
 * and has an IPE event when i < N.  A census names 700-1100 bands (fewer
 * when U is small): the first IPE_HOT tables (the big, long-lived ones),
 * the live tables (one in IPE_LIVE, chosen by a hash of the index) of a
 * window of IPE_WINDOW tables that moves IPE_MOVE tables a census through
 * the U (the program's phases: a census shares most of its bands with the
 * one before), and one band in ten from a second region, IPE_LIB_BASE, no
 * IPE event describes (the tables of code built without -finfo-table-map:
 * base, the RTS; the same ~100 in every census).  A band's name is its
 * address, "0x%llx", as the RTS writes it; no band twice in a census.
 *
 * An IPE event is as GHC 9.6-9.10 writes it: the address, then the table's
 * name, the closure description (the closure type in decimal), the type,
 * a label, the module and "file:span" (":" for no location), each
 * NUL-terminated, and a length field ONE BYTE LARGER than the payload
 * (postIPE counts a byte it does not write; tests/fixtures/modern/README.md,
 * "IPE events"), in no address order: module by module (the modules in
 * an order of their own), each module's from its last table down, as the
 * fixtures' logs have them.  The strings are a function of i alone: GHC-like module
 * names (GHC.Tc.Gen.Expr, 1,700 tables a module), local thunks and
 * functions (sat_s3cg_info), constructors (TyConApp_GHC.Core.Opt.Arity_3_con_info),
 * top-level functions ($wgo_r3aB_info), return frames (block_c3z4_info). */

#define EV_IPE 169
#define IPE_BASE 0x400000ull
#define IPE_STRIDE 0x28ull
#define IPE_LIB_BASE 0x2000000ull
#define IPE_LIB_STRIDE 0x30ull
#define IPE_LIB_TABLES 5000u
#define IPE_HOT 120u
#define IPE_WINDOW 20000u
#define IPE_LIVE 24u  /* one table in 24 of the window is live */
#define IPE_MOVE 1000u /* the window moves this many tables a census */
#define IPE_PER_MODULE 1700u /* tables of a module, consecutive addresses */
#define IPE_CENSUS_EVERY 1000000u /* bytes of the body between censuses */

static uint64_t mix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* a GHC unique's base-62 digits, as in sat_s3cg */
static void ipe_uniq(char *s, size_t n, uint64_t v)
{
	static const char d[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	char t[16];
	size_t k = 0;
	v += 10000; /* at least three digits */
	do {
		t[k++] = d[v % 62];
		v /= 62;
	} while (v && k < sizeof t);
	size_t j = 0;
	while (k && j + 1 < n)
		s[j++] = t[--k];
	s[j] = 0;
}

static void ipe_module(char *s, size_t n, uint64_t m, int path)
{
	static const char *const top[] = {
		"Core", "Tc", "Hs", "Rename", "StgToCmm", "Cmm", "CoreToStg", "Iface",
		"Driver", "Types", "Utils", "Data", "Parser", "Unit", "Builtin", "Runtime",
	};
	static const char *const mid[] = {
		"Opt", "Gen", "Solver", "Utils", "Monad", "Types", "Expr", "Bind", "Pat", "Env",
		"Ppr", "Lint", "Subst", "Unify", "Simplify", "Make", "Load", "Syntax", "Lexer", "Map",
	};
	static const char *const leaf[] = {
		"Arity", "Expr", "Instance", "Rules", "Decls", "Sig", "Foreign", "Match",
		"Specialise", "Occurrence", "Canonical", "Interact", "Zonk", "Errors", "Stats",
		"Graph", "Info", "Literal", "Name", "Var",
	};
	const char *a = top[m % 16], *b = mid[m / 16 % 20], *c = leaf[m / 320 % 20];
	if (path)
		snprintf(s, n, "compiler/GHC/%s/%s/%s.hs", a, b, c);
	else
		snprintf(s, n, "GHC.%s.%s.%s", a, b, c);
}

/* Table i's six strings, each NUL-terminated, into p. */
static void ipe_strings(struct buf *p, uint64_t i)
{
	static const char *const local[] = { "sat", "sat", "sat", "sat", "go", "lvl", "ds", "wild", "eta", "m" };
	static const char *const tys[] = {
		"[Char]", "Int", "Type", "Maybe Name", "CoreExpr", "[CoreBind]", "IO ()",
		"TcM (LHsExpr GhcTc)", "UniqSM CoreExpr", "Bag EvBind", "NameEnv TyThing",
		"FastString", "SDoc", "[(Var, CoreExpr)]", "Either TcRnMessage Type", "Bool",
	};
	static const char *const funtys[] = {
		"Int# -> Int#", "CoreExpr -> CoreExpr", "Type -> Type -> Bool",
		"State# RealWorld -> (# State# RealWorld, () #)", "Name -> TcM TyThing",
		"[a] -> Int -> [a]", "SimplEnv -> InExpr -> SimplM (SimplFloats, OutExpr)",
	};
	static const char *const binders[] = {
		"tcExpr", "simplExpr", "lintCoreExpr", "occAnal", "go", "mkTyConApp",
		"rnExpr", "zonkTcType", "cgExpr", "pprExpr", "substTy", "unifyType",
		"lookupName", "specBind", "dsExpr", "matchWrapper", "tcPolyExpr.go1",
		"exprIsCheap", "simplLam.go", "cpeRhsE",
	};
	static const char *const cons[][2] = {
		{ "TyConApp", "Type" }, { "FunTy", "Type" }, { "AppTy", "Type" }, { "Var", "Expr Var" },
		{ "App", "Expr Var" }, { "Lam", "Expr Var" }, { "Let", "Expr Var" }, { "Case", "Expr Var" },
		{ "NonRec", "Bind Var" }, { "Just", "Maybe" }, { ":", "[]" }, { "(,)", "(,)" },
		{ "I#", "Int" }, { "Node", "Map" }, { "Bin", "Set" }, { "L", "GenLocated" },
		{ "HsVar", "HsExpr" }, { "Name", "Name" },
	};
	uint64_t h = mix64(i);
	unsigned kind = (unsigned)(h % 100);
	char table[128], u[16], mod[64], file[96], src[160];
	const char *ty = "", *label = "";
	unsigned closure;
	ipe_uniq(u, sizeof u, i);
	uint64_t m = i / IPE_PER_MODULE;
	ipe_module(mod, sizeof mod, m, 0);
	ipe_module(file, sizeof file, m, 1);
	unsigned line = 20 + (unsigned)(h >> 8) % 2400, col = 1 + (unsigned)(h >> 20) % 60;
	unsigned w = 3 + (unsigned)(h >> 28) % 50;
	snprintf(src, sizeof src, "%s:%u:%u-%u", file, line, col, col + w);
	if (kind < 40) { /* a local thunk or function */
		snprintf(table, sizeof table, "%s_s%s_info", local[(h >> 36) % 10], u);
		closure = (h >> 40) % 10 < 7 ? 15 + (unsigned)(h >> 44) % 6 : 8 + (unsigned)(h >> 44) % 6;
		ty = tys[(h >> 48) % 16];
		label = binders[(h >> 52) % 20];
	} else if (kind < 60) { /* a constructor of a module */
		unsigned c = (unsigned)(h >> 36) % 18;
		snprintf(table, sizeof table, "%s_%s_%u_con_info", cons[c][0], mod, (unsigned)(h >> 44) % 12);
		closure = 1 + (unsigned)(h >> 48) % 7;
		ty = cons[c][1];
		label = (h >> 52) % 2 ? binders[(h >> 56) % 20] : "";
		if ((h >> 60) % 2)
			snprintf(src, sizeof src, ":");
	} else if (kind < 75) { /* a top-level function */
		const char *b = binders[(h >> 36) % 20];
		snprintf(table, sizeof table, "%s%.*s_r%s_info", (h >> 44) % 3 ? "" : "$w",
			 (int)strcspn(b, "."), b, u);
		closure = 14;
		ty = funtys[(h >> 48) % 7];
		label = b;
		snprintf(src, sizeof src, "%s:(%u,1)-(%u,%u)", file, line, line + 3 + w % 40, col + w);
	} else if (kind < 90) { /* a return frame */
		snprintf(table, sizeof table, "block_c%s_info", u);
		closure = 53;
		if ((h >> 36) % 5)
			snprintf(src, sizeof src, ":");
		else
			label = binders[(h >> 40) % 20];
	} else { /* a constructor's own table, no location */
		unsigned c = (unsigned)(h >> 36) % 18;
		snprintf(table, sizeof table, "%s_con_info", cons[c][0]);
		closure = 1 + (unsigned)(h >> 48) % 7;
		ty = cons[c][1];
		snprintf(src, sizeof src, ":");
	}
	char cl[8];
	snprintf(cl, sizeof cl, "%u", closure);
	put_cstr(p, table);
	put_cstr(p, cl);
	put_cstr(p, ty);
	put_cstr(p, label);
	put_cstr(p, mod);
	put_cstr(p, src);
}

static void ipe_event(struct buf *p, uint64_t i)
{
	p->n = 0;
	put64(p, IPE_BASE + IPE_STRIDE * i);
	ipe_strings(p, i);
	struct buf *b = ev(&global, EV_IPE, 2 + p->n);
	put16(b, (uint16_t)(p->n + 1)); /* one byte too large, as GHC writes it */
	putbytes(b, p->p, p->n);
}

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static unsigned gcd_u(unsigned a, unsigned b)
{
	while (b) {
		unsigned t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* a stride through [0, w) that visits every place: coprime to w */
static unsigned ipe_stride(unsigned s, unsigned w)
{
	while (w > 1 && gcd_u(s, w) != 1)
		s++;
	return s;
}

static void ipe_sample(struct buf *p, uint64_t addr, uint64_t bytes)
{
	char name[24];
	p->n = 0;
	put8(p, 0);
	put64(p, bytes);
	snprintf(name, sizeof name, "0x%llx", (unsigned long long)addr);
	put_cstr(p, name);
	ev_var(&global, EV_HEAP_PROF_SAMPLE_STRING, p);
}

/* Census c over tables [0, u): the hot tables, the live tables of the
 * window (one in IPE_LIVE of its tables, the same ones from census to
 * census while the window moves on), one band in ten of the library. */
static void ipe_census(struct buf *p, uint64_t c, uint64_t u)
{
	put64(ev(&global, EV_HEAP_PROF_SAMPLE_BEGIN, 8), c);
	unsigned nb = 700 + (unsigned)(c * 37 % 401);
	unsigned nlib = nb / 10;
	unsigned nhot = u < IPE_HOT ? (unsigned)u : IPE_HOT;
	uint64_t rest = u - nhot;
	uint64_t win = rest < IPE_WINDOW ? rest : IPE_WINDOW;
	unsigned nwin = nb - nlib - nhot;
	/* the window's start moves IPE_MOVE tables a census, wrapping */
	uint64_t w0 = rest > win ? c * IPE_MOVE % (rest - win + 1) : 0;
	unsigned sl = ipe_stride(769, IPE_LIB_TABLES);
	for (unsigned j = 0; j < nhot; j++)
		ipe_sample(p, IPE_BASE + IPE_STRIDE * j,
			   8 * (12500 + mix64(j) % 40 * 6250 + (c * (j + 3)) % 50 * 1250));
	for (uint64_t k = 0, m = 0; k < win && m < nwin; k++) {
		uint64_t t = nhot + w0 + k;
		if (mix64(t) % IPE_LIVE)
			continue;
		ipe_sample(p, IPE_BASE + IPE_STRIDE * t, 16 * (1 + mix64(t ^ c << 32) % 3000));
		m++;
	}
	for (unsigned j = 0; j < nlib; j++) {
		uint64_t t = j * (uint64_t)sl % IPE_LIB_TABLES;
		ipe_sample(p, IPE_LIB_BASE + IPE_LIB_STRIDE * t, 16 * (1 + mix64(t + c) % 2000));
	}
	put64(ev(&global, EV_HEAP_PROF_SAMPLE_END, 8), c);
}

static void ipe_log(uint64_t n, uint64_t u, uint64_t target)
{
	header_ipe = 1;
	write_header();
	for (int c = 0; c < NCAPS; c++)
		caps[c].cap = (uint16_t)c;
	static const char args[] = "./ghc\0+RTS\0-hi\0-i0.1\0-l\0-RTS";
	identification(NCAPS, args, sizeof args);
	struct buf p = { 0 };
	/* the IPE events draw nothing from rng: the body that follows is the
	 * same whatever N */
	uint64_t keep = rng;
	/* in no address order, as GHC posts them: module by module in an order
	 * of their own (a stride through the modules), each module's tables
	 * from the last address down (as in the fixtures' logs) */
	uint64_t nmod = (n + IPE_PER_MODULE - 1) / IPE_PER_MODULE, sm = 7919 % (nmod ? nmod : 1);
	while (nmod > 1 && (sm == 0 || gcd_u64(sm, nmod) != 1))
		sm++;
	for (uint64_t k = 0; k < nmod; k++) {
		uint64_t m = k * sm % nmod;
		uint64_t lo = m * IPE_PER_MODULE, hi = lo + IPE_PER_MODULE < n ? lo + IPE_PER_MODULE : n;
		for (uint64_t i = hi; i-- > lo;)
			ipe_event(&p, i);
	}
	rng = keep;
	p.n = 0;
	put8(&p, 0);
	put64(&p, 100000000); /* sampling period, ns */
	put32(&p, 8);         /* broken down by info table */
	for (int i = 0; i < 7; i++)
		put8(&p, 0);
	ev_var(&global, EV_HEAP_PROF_BEGIN, &p);
	flush_block(&global);

	uint64_t body_start = written;
	uint64_t body = target > 8192 ? target - 8192 : 0, census = 0;
	for (uint32_t t = 1; t <= RING; t++) {
		ev_thread(0, EV_CREATE_THREAD, t);
		if (own(t) != 0)
			ev_thread_cap(0, EV_MIGRATE_THREAD, t, (uint16_t)own(t));
	}
	uint32_t t = 1;
	ev_thread(own(t), EV_THREAD_RUNNABLE, t);
	for (uint64_t pass = 1;; pass++) {
		uint64_t done = written + pending() - body_start;
		if (done >= body)
			break;
		if (done >= census * IPE_CENSUS_EVERY)
			ipe_census(&p, census++, u);
		int c = own(t);
		uint32_t next = t % RING + 1;
		int cn = own(next);
		ev_thread(c, EV_RUN_THREAD, t);
		ev_thread_cap(c, EV_THREAD_WAKEUP, next, (uint16_t)cn);
		ev_stop(c, t, STATUS_BLOCKED_ON_MVAR);
		ev_thread(cn, EV_THREAD_RUNNABLE, next);
		if (pass % 100000 == 0)
			gc();
		t = next;
	}
	ipe_census(&p, census++, u); /* the last, at exit */
	free(p.p);
	for (uint32_t k = 1; k <= RING; k++) {
		ev_thread(own(k), EV_RUN_THREAD, k);
		ev_stop(own(k), k, STATUS_FINISHED);
	}
	flush_block(&global);
	crafted_end(NCAPS);
}

/* ---- crafted ticky and IPE logs (issue 32) --------------------------------
 *
 * gen crafted tickydefs|tickyundef|ipe SIZE OUT: the structures a viewer
 * keeps per counter or per IPE entry, attacked with as many of them as SIZE
 * holds (see "crafted logs" above). Everything is in the global blocks. */

enum { EV_TICKY_DEF = 210, EV_TICKY_SAMPLE = 211, EV_TICKY_BEGIN = 212 };
#define CR_IPE_BASE 0x500000ull
#define CR_IPE_STRIDE 0x18ull
#define CR_TICKY_ID 0x7f0000000000ull /* counters' ids: addresses, 16 apart */

static void ticky_begin(void)
{
	ev(&global, EV_TICKY_BEGIN, 0);
}

static void ticky_sample(uint64_t id, uint64_t entries)
{
	struct buf *b = ev(&global, EV_TICKY_SAMPLE, 32);
	put64(b, id);
	put64(b, entries);
	put64(b, entries * 24);
	put64(b, entries * 16);
}

/* GHC 9.10's layout: id, arity, kinds, name, info table, json (empty) */
static void ticky_def(struct buf *p, uint64_t id, uint64_t k, uint64_t itbl)
{
	char name[32];
	snprintf(name, sizeof name, "f%llu", (unsigned long long)k);
	p->n = 0;
	put64(p, id);
	put16(p, (uint16_t)(k % 3));
	put_cstr(p, k % 3 == 0 ? "" : k % 3 == 1 ? "i" : "pi");
	put_cstr(p, name);
	put64(p, itbl);
	put_cstr(p, "");
	ev_var(&global, EV_TICKY_DEF, p);
}

/* An IPE event with short strings: table, closure type (decimal), type,
 * label, module, source */
static void cr_ipe(struct buf *p, uint64_t addr, uint64_t k)
{
	char table[32];
	snprintf(table, sizeof table, "t%llu", (unsigned long long)k);
	p->n = 0;
	put64(p, addr);
	put_cstr(p, table);
	put_cstr(p, k % 2 ? "15" : "1");
	put_cstr(p, "");
	put_cstr(p, "");
	put_cstr(p, "M");
	put_cstr(p, "M.hs:1:1");
	ev_var(&global, EV_IPE, p);
}

/* the table of IPE event k: the events in no address order (a stride
 * through the addresses, coprime to n) */
static uint64_t cr_ipe_addr(uint64_t k, uint64_t n)
{
	uint64_t s = 7919;
	while (n > 1 && gcd_u64(s, n) != 1)
		s++;
	return CR_IPE_BASE + CR_IPE_STRIDE * (n ? k * s % n : 0);
}

static void crafted_ticky_ipe(const char *shape, uint64_t target)
{
	header_ticky = 1;
	header_ipe = !strcmp(shape, "ipe");
	crafted_begin(NCAPS, shape);
	struct buf p = { 0 };
	uint64_t body = target > 8192 ? target - 8192 : 0, n = 0;
	if (!strcmp(shape, "tickydefs")) {
		ticky_begin();
		for (uint64_t k = 0; k < 1000; k++)
			ticky_sample(CR_TICKY_ID + 16 * k, 1 + k % 7);
		for (; written + pending() < body; n++)
			ticky_def(&p, CR_TICKY_ID + 16 * n, n, CR_IPE_BASE + CR_IPE_STRIDE * n);
	} else if (!strcmp(shape, "tickyundef")) {
		while (written + pending() < body) {
			ticky_begin();
			for (uint64_t k = 0; k < 1000; k++, n++)
				ticky_sample(CR_TICKY_ID + 16 * n, 1 + n % 7);
		}
	} else { /* ipe */
		/* the IPE events' count: about 30 bytes each, 40 KB for the rest */
		uint64_t nipe = body > 40000 ? (body - 40000) / 30 : 1;
		for (; n < nipe && written + pending() + 40000 < body; n++)
			cr_ipe(&p, cr_ipe_addr(n, nipe), n);
		p.n = 0;
		put8(&p, 0);
		put64(&p, 100000000); /* sampling period, ns */
		put32(&p, 8);         /* broken down by info table */
		for (int i = 0; i < 7; i++)
			put8(&p, 0);
		ev_var(&global, EV_HEAP_PROF_BEGIN, &p);
		put64(ev(&global, EV_HEAP_PROF_SAMPLE_BEGIN, 8), 0);
		for (uint64_t k = 0; k < 2200; k++) /* the last 200: no IPE event */
			ipe_sample(&p, k < 2000 && n ? cr_ipe_addr(k * 13 % n, nipe)
						: CR_IPE_BASE + CR_IPE_STRIDE * (nipe + k), 16 * (k + 1));
		put64(ev(&global, EV_HEAP_PROF_SAMPLE_END, 8), 0);
		ticky_begin();
		for (uint64_t k = 0; k < 200; k++)
			ticky_sample(CR_TICKY_ID + 16 * k, 1 + k % 7);
		for (uint64_t k = 0; k < 200; k++)
			ticky_def(&p, CR_TICKY_ID + 16 * k, k, cr_ipe_addr(n ? k * 17 % n : 0, nipe));
	}
	free(p.p);
	flush_block(&global);
	crafted_end(NCAPS);
}

/* ---- counting / checking ---------------------------------------------- */

/* ---- gen -i: the bands' tables, from the raw file ------------------------
 *
 * For tests of `hectic heap --tsv` on a -hi log: every distinct band of the
 * censuses (HEAP_PROF_SAMPLE_STRING's label) once, "BAND\tTABLE", TABLE the
 * name of the first IPE event whose address the band names ("0x..." in
 * hex), empty when no IPE event does (or the band is no address). */

struct ipe_check {
	uint64_t *key;  /* address + 1; 0: empty */
	char **table;
	size_t cap, n;
	char **band;    /* distinct bands, in order of appearance */
	size_t nband, bcap;
	uint32_t *bslot; /* open addressing over band: index + 1 */
	size_t bscap;
};

static uint64_t str_hash(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return mix64(h);
}

static int ipe_grow_tables(struct ipe_check *c)
{
	size_t cap = c->cap ? c->cap * 2 : 1024;
	uint64_t *key = calloc(cap, sizeof *key);
	char **table = calloc(cap, sizeof *table);
	if (!key || !table)
		return 0;
	for (size_t i = 0; i < c->cap; i++) {
		if (!c->key[i])
			continue;
		size_t j = mix64(c->key[i]) & (cap - 1);
		while (key[j])
			j = (j + 1) & (cap - 1);
		key[j] = c->key[i];
		table[j] = c->table[i];
	}
	free(c->key);
	free(c->table);
	c->key = key;
	c->table = table;
	c->cap = cap;
	return 1;
}

/* An IPE event's payload (address, then the strings; k bytes). */
static int ipe_note_table(struct ipe_check *c, const uint8_t *pay)
{
	if ((c->n + 1) * 2 > c->cap && !ipe_grow_tables(c))
		return 0;
	uint64_t a = 0;
	for (int i = 0; i < 8; i++)
		a = a << 8 | pay[i];
	size_t j = mix64(a + 1) & (c->cap - 1);
	for (; c->key[j]; j = (j + 1) & (c->cap - 1))
		if (c->key[j] == a + 1)
			return 1; /* the first event of an address wins */
	size_t len = strlen((const char *)pay + 8) + 1; /* k > 8: the name is NUL-terminated */
	char *name = malloc(len);
	if (!name)
		return 0;
	memcpy(name, pay + 8, len);
	c->key[j] = a + 1;
	c->table[j] = name;
	c->n++;
	return 1;
}

/* A string sample's label (n bytes, its NUL included when the event has it). */
static int ipe_note_band(struct ipe_check *c, const uint8_t *p, size_t n)
{
	const uint8_t *z = memchr(p, 0, n);
	if (z)
		n = (size_t)(z - p);
	if ((c->nband + 1) * 2 > c->bscap) {
		size_t cap = c->bscap ? c->bscap * 2 : 1024;
		uint32_t *slot = calloc(cap, sizeof *slot);
		if (!slot)
			return 0;
		for (size_t i = 0; i < c->nband; i++) {
			const char *b = c->band[i];
			size_t j = str_hash((const uint8_t *)b, strlen(b)) & (cap - 1);
			while (slot[j])
				j = (j + 1) & (cap - 1);
			slot[j] = (uint32_t)i + 1;
		}
		free(c->bslot);
		c->bslot = slot;
		c->bscap = cap;
	}
	size_t j = str_hash(p, n) & (c->bscap - 1);
	for (; c->bslot[j]; j = (j + 1) & (c->bscap - 1)) {
		const char *b = c->band[c->bslot[j] - 1];
		if (strlen(b) == n && !memcmp(b, p, n))
			return 1;
	}
	if (c->nband == c->bcap) {
		size_t cap = c->bcap ? c->bcap * 2 : 1024;
		char **band = realloc(c->band, cap * sizeof *band);
		if (!band)
			return 0;
		c->band = band;
		c->bcap = cap;
	}
	char *s = malloc(n + 1);
	if (!s)
		return 0;
	memcpy(s, p, n);
	s[n] = 0;
	c->band[c->nband++] = s;
	c->bslot[j] = (uint32_t)c->nband;
	return 1;
}

static void ipe_print(const struct ipe_check *c)
{
	for (size_t i = 0; i < c->nband; i++) {
		const char *b = c->band[i], *t = "";
		char *end;
		if ((b[0] == '0' && (b[1] == 'x' || b[1] == 'X')) && b[2] && c->cap) {
			errno = 0;
			unsigned long long a = strtoull(b + 2, &end, 16);
			if (!errno && !*end) {
				size_t j = mix64(a + 1) & (c->cap - 1);
				for (; c->key[j]; j = (j + 1) & (c->cap - 1))
					if (c->key[j] == a + 1) {
						t = c->table[j];
						break;
					}
			}
		}
		printf("%s\t%s\n", b, t);
	}
}


static int count(const char *path, int by_type, struct ipe_check *ipe)
{
	uint64_t ipe_len_plus_one = 0;
	FILE *f = fopen(path, "rb");
	if (!f)
		die(path);
	static char iobuf[1 << 20];
	setvbuf(f, iobuf, _IOFBF, sizeof iobuf);
	uint64_t off = 0;
#define RD(p, n) do { if (fread((p), 1, (n), f) != (size_t)(n)) goto trunc; off += (n); } while (0)
	uint8_t x[64];
	int32_t sizes[65536];
	for (size_t i = 0; i < 65536; i++)
		sizes[i] = -2; /* unknown */
	RD(x, 8);
	if (memcmp(x, "hdrbhetb", 8))
		goto bad;
	for (;;) {
		RD(x, 4);
		if (!memcmp(x, "hete", 4))
			break;
		if (memcmp(x, "etb\0", 4))
			goto bad;
		RD(x, 8);
		uint16_t num = (uint16_t)(x[0] << 8 | x[1]);
		int16_t sz = (int16_t)(x[2] << 8 | x[3]);
		uint32_t dl = (uint32_t)x[4] << 24 | (uint32_t)x[5] << 16 | (uint32_t)x[6] << 8 | x[7];
		if (fseek(f, dl, SEEK_CUR))
			goto trunc;
		off += dl;
		RD(x, 4);
		uint32_t el = (uint32_t)x[0] << 24 | (uint32_t)x[1] << 16 | (uint32_t)x[2] << 8 | x[3];
		if (fseek(f, el, SEEK_CUR))
			goto trunc;
		off += el;
		RD(x, 4);
		if (memcmp(x, "ete\0", 4))
			goto bad;
		sizes[num] = sz;
	}
	RD(x, 8);
	if (memcmp(x, "hdredatb", 8))
		goto bad;
	uint64_t events = 0, blocks = 0, block_end = 0, tfirst = UINT64_MAX, tlast = 0;
	static uint64_t per[65536];
	static uint8_t pay[65536 + 2];
	for (;;) {
		RD(x, 2);
		uint16_t ty = (uint16_t)(x[0] << 8 | x[1]);
		if (ty == 0xffff)
			break;
		uint64_t start = off - 2;
		if (block_end && start > block_end)
			goto bad_block;
		if (block_end == start)
			block_end = 0;
		RD(x, 8);
		uint64_t t = 0;
		for (int i = 0; i < 8; i++)
			t = t << 8 | x[i];
		int32_t sz = sizes[ty];
		if (sz == -2) {
			fprintf(stderr, "gen: %s: byte %llu: undeclared event type %u\n", path,
				(unsigned long long)start, ty);
			return 1;
		}
		if (ty == EV_IPE && sz < 0) {
			/* by its strings: GHC's length is one byte too large */
			RD(x, 2);
			uint16_t len = (uint16_t)(x[0] << 8 | x[1]);
			RD(pay, 8);
			size_t k = 8;
			for (int i = 0; i < 6; i++) {
				do {
					if (k >= sizeof pay - 1)
						goto bad_ipe;
					RD(pay + k, 1);
				} while (pay[k++]);
			}
			ipe_len_plus_one += len == k + 1;
			if (ipe && !ipe_note_table(ipe, pay))
				die("out of memory");
			sz = 0;
		} else {
			if (sz < 0) {
				RD(x, 2);
				sz = x[0] << 8 | x[1];
			}
			RD(pay, (size_t)sz);
			if (ipe && ty == EV_HEAP_PROF_SAMPLE_STRING && sz >= 10 &&
			    !ipe_note_band(ipe, pay + 9, (size_t)sz - 9))
				die("out of memory");
		}
		if (ty == EV_BLOCK_MARKER) {
			if (block_end)
				goto bad_block;
			uint32_t bs = (uint32_t)pay[0] << 24 | (uint32_t)pay[1] << 16 |
				      (uint32_t)pay[2] << 8 | pay[3];
			block_end = start + bs;
			blocks++;
		} else {
			tfirst = t < tfirst ? t : tfirst;
			tlast = t > tlast ? t : tlast;
		}
		per[ty]++;
		events++;
	}
	/* GHC 9.10 posts the end marker into the last block: its size counts it */
	if (block_end && block_end != off - 2 && block_end != off)
		goto bad_block;
	fclose(f);
	if (ipe) {
		ipe_print(ipe);
		return 0;
	}
	printf("%llu %llu\n", (unsigned long long)events, (unsigned long long)blocks);
	for (size_t i = 0; by_type && i < 65536; i++)
		if (per[i])
			printf("type %zu %llu\n", i, (unsigned long long)per[i]);
	if (by_type && tfirst <= tlast)
		printf("time %llu %llu\n", (unsigned long long)tfirst, (unsigned long long)tlast);
	if (by_type && per[EV_IPE])
		printf("ipe-len-plus-one %llu\n", (unsigned long long)ipe_len_plus_one);
	return 0;
trunc:
	fprintf(stderr, "gen: %s: truncated at byte %llu\n", path, (unsigned long long)off);
	return 1;
bad:
	fprintf(stderr, "gen: %s: bad header near byte %llu\n", path, (unsigned long long)off);
	return 1;
bad_block:
	fprintf(stderr, "gen: %s: event crosses a block boundary near byte %llu\n", path,
		(unsigned long long)off);
	return 1;
bad_ipe:
	fprintf(stderr, "gen: %s: an IPE event's strings run past 64 KiB near byte %llu\n", path,
		(unsigned long long)off);
	return 1;
#undef RD
}

static uint64_t parse_size(const char *s)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || end == s)
		return 0;
	switch (*end) {
	case 'k': case 'K': v *= 1000; end++; break;
	case 'm': case 'M': v *= 1000000; end++; break;
	case 'g': case 'G': v *= 1000000000; end++; break;
	}
	if (*end == 'B' || *end == 'b')
		end++;
	return *end ? 0 : v;
}

int main(int argc, char **argv)
{
	if (argc == 3 && (!strcmp(argv[1], "-c") || !strcmp(argv[1], "-t")))
		return count(argv[2], argv[1][1] == 't', NULL);
	if (argc == 3 && !strcmp(argv[1], "-i")) {
		static struct ipe_check ck;
		return count(argv[2], 0, &ck);
	}
	const char *shape = NULL;
	int big_log = 0, ipe = 0;
	uint64_t ipe_n = 0, ipe_u = 0;
	if ((argc == 5 || argc == 6) && !strcmp(argv[1], "ipe")) {
		char *end;
		errno = 0;
		ipe_n = strtoull(argv[2], &end, 10);
		int bad = errno || end == argv[2] || *end || argv[2][0] == '-' || ipe_n > 100000000;
		ipe_u = ipe_n;
		if (argc == 6) {
			ipe_u = strtoull(argv[5], &end, 10);
			bad = bad || errno || end == argv[5] || *end || argv[5][0] == '-' ||
			      ipe_u > 100000000;
		}
		if (bad) {
			fprintf(stderr, "gen: bad IPE count '%s'%s%s (0 to 100000000)\n", argv[2],
				argc == 6 ? " or table count " : "", argc == 6 ? argv[5] : "");
			return 2;
		}
		ipe = 1;
		argv += 2;
		argc = 3;
	} else if (argc == 5 && !strcmp(argv[1], "marked")) {
		char *end;
		errno = 0;
		mk.n = strtoull(argv[2], &end, 10);
		if (errno || end == argv[2] || *end || argv[2][0] == '-' || mk.n > 1000000) {
			fprintf(stderr, "gen: bad marker count '%s' (0 to 1000000)\n", argv[2]);
			return 2;
		}
		argv += 2;
		argc -= 2;
	} else if (argc == 4 && !strcmp(argv[1], "big")) {
		big_log = 1;
		argv++;
		argc--;
	} else if (argc == 5 && !strcmp(argv[1], "crafted")) {
		shape = argv[2];
		argv += 2;
		argc -= 2;
		static const char *const shapes[] = { "decreasing", "zigzag", "ids", "blocks", "gcblocks",
						      "tickydefs", "tickyundef", "ipe", "longccs", "deepstacks" };
		size_t i = 0;
		while (i < sizeof shapes / sizeof shapes[0] && strcmp(shape, shapes[i]))
			i++;
		if (i == sizeof shapes / sizeof shapes[0]) {
			fprintf(stderr, "gen: unknown shape '%s' (decreasing, zigzag, ids, blocks, gcblocks, "
					"tickydefs, tickyundef, ipe, longccs, deepstacks)\n", shape);
			return 2;
		}
	}
	if (argc != 3) {
		fprintf(stderr, "usage: gen SIZE OUT | gen -c FILE | gen -t FILE | gen crafted SHAPE SIZE OUT |"
				" gen big SIZE OUT | gen marked N SIZE OUT | gen ipe N SIZE OUT [U] | gen -i FILE\n");
		return 2;
	}
	uint64_t size = parse_size(argv[1]);
	if (size < 8192) {
		fprintf(stderr, "gen: bad size '%s' (at least 8K)\n", argv[1]);
		return 2;
	}
	static char iobuf[1 << 20];
	out_name = argv[2];
	out = strcmp(out_name, "-") ? fopen(out_name, "wb") : stdout;
	if (!out)
		die(out_name);
	setvbuf(out, iobuf, _IOFBF, sizeof iobuf);
	errno = 0;
	if (ipe)
		ipe_log(ipe_n, ipe_u, size);
	else if (big_log)
		big(size);
	else if (shape)
		crafted(shape, size);
	else
		generate(size);
	if (fflush(out) || (out != stdout && fclose(out)))
		die(out_name);
	return 0;
}
