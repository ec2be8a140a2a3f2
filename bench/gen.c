/* gen.c: synthetic GHC eventlog generator and counter for `make bench`.
 *
 *   gen SIZE OUT    write a structurally valid GHC 9.0.2-style eventlog of
 *                   about SIZE bytes (suffix K, M or G: 10^3, 10^6, 10^9) to
 *                   OUT ("-" for stdout)
 *   gen -c FILE     walk an eventlog, check its block structure and print
 *                   "EVENTS BLOCKS" (used to report the event count of the
 *                   real log without trusting the program under test)
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
#define RING 64

enum {
	EV_CREATE_THREAD = 0, EV_RUN_THREAD = 1, EV_STOP_THREAD = 2,
	EV_THREAD_RUNNABLE = 3, EV_MIGRATE_THREAD = 4, EV_THREAD_WAKEUP = 8,
	EV_GC_START = 9, EV_GC_END = 10, EV_REQUEST_PAR_GC = 12,
	EV_BLOCK_MARKER = 18, EV_GC_IDLE = 20, EV_GC_WORK = 21, EV_GC_DONE = 22,
	EV_CAPSET_CREATE = 25, EV_CAPSET_DELETE = 26, EV_CAPSET_ASSIGN_CAP = 27,
	EV_CAPSET_REMOVE_CAP = 28, EV_RTS_IDENTIFIER = 29, EV_PROGRAM_ARGS = 30,
	EV_OSPROCESS_PID = 32, EV_WALL_CLOCK_TIME = 43, EV_CAP_CREATE = 45,
	EV_CAP_DELETE = 46,
};
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

static void write_header(void)
{
	struct buf h = { 0 };
	put32(&h, 0x68647262); /* hdrb */
	put32(&h, 0x68657462); /* hetb */
	for (size_t i = 0; i < NTYPES; i++) {
		put32(&h, 0x65746200); /* etb */
		put16(&h, types[i].num);
		put16(&h, (uint16_t)types[i].size);
		put32(&h, (uint32_t)strlen(types[i].desc));
		putbytes(&h, types[i].desc, strlen(types[i].desc));
		put32(&h, 0); /* no extra info */
		put32(&h, 0x65746500); /* ete */
	}
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

static uint64_t tick(void)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	now += 50 + (rng >> 57); /* 50..177 ns between events */
	return now;
}

/* Start an event of type ty with payload size psize on block k. */
static struct buf *ev(struct block *k, uint16_t ty, size_t psize)
{
	if (MARKER_SIZE + k->b.n + 10 + psize > BLOCK_MAX)
		flush_block(k);
	uint64_t t = tick();
	if (k->b.n == 0)
		k->start = t - 10;
	k->last = t;
	put16(&k->b, ty);
	put64(&k->b, t);
	return &k->b;
}

static struct block caps[NCAPS];
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

static void generate(uint64_t target)
{
	write_header();
	for (int c = 0; c < NCAPS; c++)
		caps[c].cap = (uint16_t)c;

	/* Identification, as the RTS posts it at startup (global buffer). */
	struct buf *b = ev(&global, EV_CAPSET_CREATE, 6);
	put32(b, 0);
	put16(b, CAPSET_OSPROCESS);
	b = ev(&global, EV_CAPSET_CREATE, 6);
	put32(b, 1);
	put16(b, CAPSET_CLOCKDOMAIN);
	for (uint16_t c = 0; c < NCAPS; c++) {
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
	static const char args[] = "./ring\0+RTS\0-N2\0-l\0-RTS"; /* each NUL-terminated */
	ev_capset_str(EV_PROGRAM_ARGS, args, sizeof args);
	flush_block(&global);

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
		ev_thread_cap(c, EV_THREAD_WAKEUP, next, (uint16_t)cn);
		ev_stop(c, t, STATUS_BLOCKED_ON_MVAR);
		ev_thread(cn, EV_THREAD_RUNNABLE, next);
		if (pass % 100000 == 0)
			gc();
		t = next;
	}
	for (uint32_t k = 1; k <= RING; k++) {
		ev_thread(own(k), EV_RUN_THREAD, k);
		ev_stop(own(k), k, 5 /* thread finished */);
	}
	for (int c = 0; c < NCAPS; c++)
		flush_block(&caps[c]);

	/* Shutdown (global buffer). */
	for (uint16_t c = 0; c < NCAPS; c++) {
		ev_capset_cap(EV_CAPSET_REMOVE_CAP, 0, c);
		ev_capset_cap(EV_CAPSET_REMOVE_CAP, 1, c);
		put16(ev(&global, EV_CAP_DELETE, 2), c);
	}
	put32(ev(&global, EV_CAPSET_DELETE, 4), 0);
	put32(ev(&global, EV_CAPSET_DELETE, 4), 1);
	flush_block(&global);

	uint8_t end[2] = { 0xff, 0xff }; /* EVENT_DATA_END */
	emit(end, 2);
}

/* ---- counting / checking ---------------------------------------------- */

static int count(const char *path)
{
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
	uint64_t events = 0, blocks = 0, block_end = 0;
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
		int32_t sz = sizes[ty];
		if (sz == -2) {
			fprintf(stderr, "gen: %s: byte %llu: undeclared event type %u\n", path,
				(unsigned long long)start, ty);
			return 1;
		}
		if (sz < 0) {
			RD(x, 2);
			sz = x[0] << 8 | x[1];
		}
		RD(pay, (size_t)sz);
		if (ty == EV_BLOCK_MARKER) {
			if (block_end)
				goto bad_block;
			uint32_t bs = (uint32_t)pay[0] << 24 | (uint32_t)pay[1] << 16 |
				      (uint32_t)pay[2] << 8 | pay[3];
			block_end = start + bs;
			blocks++;
		}
		events++;
	}
	if (block_end && block_end != off - 2)
		goto bad_block;
	printf("%llu %llu\n", (unsigned long long)events, (unsigned long long)blocks);
	fclose(f);
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
	if (argc == 3 && !strcmp(argv[1], "-c"))
		return count(argv[2]);
	if (argc != 3) {
		fprintf(stderr, "usage: gen SIZE OUT | gen -c FILE\n");
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
	generate(size);
	if (fflush(out) || (out != stdout && fclose(out)))
		die(out_name);
	return 0;
}
