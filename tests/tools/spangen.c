/*
 * spangen: write an eventlog of user-event spans with many distinct names,
 * to test that spans are paired in linear time (tests/spans.sh).
 * Standalone: POSIX only, no project headers.
 *
 *   spangen open N   N "START s<i>" on one thread, never stopped
 *   spangen fifo N   N "START s<i>", then their N "STOP s<i>" oldest first
 *   spangen miss N   N "START s<i>", then N "STOP x<i>" of names never started
 *   spangen none N   N "note n<i>", messages no span rule pairs: a pairing
 *                    step that reads them all and keeps nothing (its
 *                    time is not cut short by the memory budget)
 *   spangen prefix N M
 *                    N spans one after another, named by 200 bytes of 'p', a
 *                    '-' and <i> (names that share a long prefix: hectic
 *                    diff kept only a name's first 119 bytes), span i
 *                    lasting 10 M (i + 1) ns
 *   spangen same N M N spans one after another, all named "job", span i
 *                    lasting 10 M ((37 i mod N) + 1) ns: when 37 does not
 *                    divide N, 10 M .. 10 M N each once, not in time order
 *                    (a percentile taken without sorting is wrong)
 *   spangen gc N     N collections (GC_START .. GC_END) one after another,
 *                    collection i lasting 3 x 10^i ns: 3 ns, 30 ns .. (N at
 *                    most 12: the eleventh is 30 s, the GC histogram's
 *                    last bucket, 10 s and over)
 *
 * One capability runs thread 1 throughout; event i is at 1000 + 10 i ns,
 * so in fifo every span lasts 10 N ns. The log goes to standard output.
 * Exit status: 0 done, 1 I/O error, 2 usage error.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EV_RUN_THREAD 1
#define EV_GC_START 9
#define EV_GC_END 10
#define EV_BLOCK_MARKER 18
#define EV_USER_MSG 19
#define BLOCK_BYTES (1u << 20)

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
	if (!q) {
		fputs("spangen: out of memory\n", stderr);
		exit(1);
	}
	b->p = q;
	b->cap = c;
}

static void put8(struct buf *b, uint8_t v)
{
	need(b, 1);
	b->p[b->n++] = v;
}

static void put16(struct buf *b, uint16_t v)
{
	put8(b, (uint8_t)(v >> 8));
	put8(b, (uint8_t)v);
}

static void put32(struct buf *b, uint32_t v)
{
	put16(b, (uint16_t)(v >> 16));
	put16(b, (uint16_t)v);
}

static void put64(struct buf *b, uint64_t v)
{
	put32(b, (uint32_t)(v >> 32));
	put32(b, (uint32_t)v);
}

static void putbytes(struct buf *b, const void *s, size_t n)
{
	need(b, n);
	memcpy(b->p + b->n, s, n);
	b->n += n;
}

static void emit(const struct buf *b)
{
	if (fwrite(b->p, 1, b->n, stdout) != b->n) {
		perror("spangen");
		exit(1);
	}
}

static void evtype(struct buf *h, uint16_t num, int16_t size, const char *desc)
{
	put32(h, 0x65746200); /* etb */
	put16(h, num);
	put16(h, (uint16_t)size);
	put32(h, (uint32_t)strlen(desc));
	putbytes(h, desc, strlen(desc));
	put32(h, 0);          /* no extra info */
	put32(h, 0x65746500); /* ete */
}

static struct buf blk;     /* the events of the open block */
static uint64_t blk_start, blk_last;

static void flush_block(void)
{
	if (!blk.n)
		return;
	struct buf m = { 0 };
	put16(&m, EV_BLOCK_MARKER);
	put64(&m, blk_start);
	put32(&m, (uint32_t)(24 + blk.n)); /* the marker's 24 bytes included */
	put64(&m, blk_last);
	put16(&m, 0);                        /* capability 0 */
	emit(&m);
	emit(&blk);
	free(m.p);
	blk.n = 0;
}

static uint64_t now = 1000;

static void head(uint16_t tag)
{
	if (blk.n >= BLOCK_BYTES)
		flush_block();
	if (!blk.n)
		blk_start = now;
	blk_last = now;
	put16(&blk, tag);
	put64(&blk, now);
	now += 10;
}

static void user(const char *verb, char kind, unsigned long i)
{
	char s[64];
	int n = snprintf(s, sizeof s, "%s %c%lu", verb, kind, i);
	head(EV_USER_MSG);
	put16(&blk, (uint16_t)n);
	putbytes(&blk, s, (size_t)n);
}

/* "VERB <200 p>-<i>" */
static void user_long(const char *verb, unsigned long i)
{
	char p[201], s[300];
	memset(p, 'p', 200);
	p[200] = 0;
	int n = snprintf(s, sizeof s, "%s %s-%lu", verb, p, i);
	head(EV_USER_MSG);
	put16(&blk, (uint16_t)n);
	putbytes(&blk, s, (size_t)n);
}

static void user_job(const char *verb)
{
	char s[16];
	int n = snprintf(s, sizeof s, "%s job", verb);
	head(EV_USER_MSG);
	put16(&blk, (uint16_t)n);
	putbytes(&blk, s, (size_t)n);
}

int main(int argc, char **argv)
{
	char *end = NULL;
	bool prefix = argc == 4 && !strcmp(argv[1], "prefix");
	bool same = argc == 4 && !strcmp(argv[1], "same");
	bool gc = argc == 3 && !strcmp(argv[1], "gc");
	unsigned long n = argc == 3 || prefix || same ? strtoul(argv[2], &end, 10) : 0;
	unsigned long m = prefix || same ? strtoul(argv[3], NULL, 10) : 0;
	if ((argc != 3 && !prefix && !same) || !*argv[2] || *end || n > 100000000ul || m > 1000000ul ||
	    (strcmp(argv[1], "open") && strcmp(argv[1], "fifo") && strcmp(argv[1], "miss") &&
	     strcmp(argv[1], "none") && !prefix &&
	     !same && !gc) || (gc && n > 12)) {
		fputs("usage: spangen open|fifo|miss|none N, spangen gc N (N <= 12), or spangen prefix|same N M\n",
		      stderr);
		return 2;
	}
	struct buf h = { 0 };
	put32(&h, 0x68647262); /* hdrb */
	put32(&h, 0x68657462); /* hetb */
	evtype(&h, EV_RUN_THREAD, 4, "Run thread");
	evtype(&h, EV_GC_START, 0, "Start GC");
	evtype(&h, EV_GC_END, 0, "Finish GC");
	evtype(&h, EV_BLOCK_MARKER, 14, "Block marker");
	evtype(&h, EV_USER_MSG, -1, "User message");
	put32(&h, 0x68657465); /* hete */
	put32(&h, 0x68647265); /* hdre */
	put32(&h, 0x64617462); /* datb */
	emit(&h);
	free(h.p);
	head(EV_RUN_THREAD);
	put32(&blk, 1);
	for (unsigned long i = 0; i < n && prefix; i++) {
		user_long("START", i);
		now += 10 * m * (i + 1) - 10; /* (head() moves 10 a event) */
		user_long("STOP", i);
	}
	for (unsigned long i = 0; i < n && same; i++) {
		user_job("START");
		now += 10 * m * ((37 * i) % n + 1) - 10;
		user_job("STOP");
	}
	uint64_t pause = 3;
	for (unsigned long i = 0; i < n && gc; i++, pause *= 10) {
		head(EV_GC_START);
		now += pause - 10; /* (head() moves 10 a event) */
		head(EV_GC_END);
		now += 1000;
	}
	bool none = !strcmp(argv[1], "none");
	for (unsigned long i = 0; i < n && none; i++)
		user("note", 'n', i);
	for (unsigned long i = 0; i < n && !prefix && !same && !none && !gc; i++)
		user("START", 's', i);
	if (!strcmp(argv[1], "fifo"))
		for (unsigned long i = 0; i < n; i++)
			user("STOP", 's', i);
	else if (!strcmp(argv[1], "miss"))
		for (unsigned long i = 0; i < n; i++)
			user("STOP", 'x', i);
	flush_block();
	uint8_t e[2] = { 0xff, 0xff };
	if (fwrite(e, 1, 2, stdout) != 2 || fflush(stdout)) {
		perror("spangen");
		return 1;
	}
	free(blk.p);
	return 0;
}
