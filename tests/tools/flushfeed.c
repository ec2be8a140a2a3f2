/* flushfeed: replays a GHC eventlog written with
 * `+RTS --eventlog-flush-interval=SECONDS` the way the RTS wrote it, flush
 * by flush, into a growing file, a FIFO or standard output, with a pause
 * between flushes (tests/e2e/flush.sh).
 *
 * Where the flushes are, from the bytes alone. Every event buffer (the
 * global one, cap 0xFFFF, and one per capability) always begins with a
 * block marker (tag 18: block size, start time = when the marker was
 * posted, end time = when the block was closed and written). The RTS's
 * periodic flush (rts/eventlog/EventLog.c, flushEventLog, GHC 9.2 to
 * 9.10) writes the global buffer, stops the capabilities, writes the
 * global buffer again (normally an empty, 24-byte block) and then every
 * capability's buffer in capability order, and only then flushes the
 * writer (fflush): the file grows by the whole flush at once. At exit,
 * the capabilities' buffers are written (finishCapEventLogging), then the
 * global one holding DATA_END. Each write closes the buffer's block and
 * opens the next one at once. So:
 *
 *   A flush starts at a block marker when the block before it is a
 *   capability's and this one is the global buffer's, or when this one is
 *   a capability's whose number is not above the capability of the block
 *   before (that buffer written again: a new flush). The cut points are
 *   the offsets of those markers, and the end of the data.
 *
 * The times confirm it (checked here; exit status 1 when a log breaks
 * it): the block end times never decrease in file order (blocks are
 * written in that order), and every capability block of flush k started
 * at or after the begin of flush k - 1 (its buffer was written, and its
 * next block opened, during flush k - 1) and before the begin of flush k
 * (it is a partly filled block from before the flush), where a flush's
 * begin is the end time of its first block. The header (written to the
 * file's stdio buffer at start-up, and not flushed) goes out with the
 * first flush; --header writes it by itself first.
 *
 * The RTS writes the two exit blocks with one fclose (they are below the
 * stdio buffer's size); here they are two flushes, so the viewer also
 * meets the prefix that holds the last capability block and no DATA_END.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define EXIT_BAD 1
#define EXIT_USAGE 2
#define EXIT_GONE 3

static const char usage_text[] =
	"usage: flushfeed [options] FILE [TARGET]\n"
	"Replays FILE, a GHC eventlog written with --eventlog-flush-interval, flush\n"
	"by flush (see the top of tests/tools/flushfeed.c for how the flushes are\n"
	"found).\n"
	"TARGET: file:PATH  create/truncate PATH and append flush by flush\n"
	"        fifo:PATH  create the FIFO if missing, write to it\n"
	"        -          standard output\n"
	"options:\n"
	"  --list          no TARGET: print the flushes, one a line:\n"
	"                  N END BEGIN_NS LAST_NS BLOCKS MARKER_NS MARKER\n"
	"                  (N from 1; END the offset the file has after it; BEGIN_NS\n"
	"                  the end time of its first block; LAST_NS the end time of its\n"
	"                  last; BLOCKS its blocks as g or cN; MARKER the newest user\n"
	"                  marker (tag 58) of the prefix up to END, by time, and its\n"
	"                  time (0 and '-' if none), bytes below 0x20 as '?');\n"
	"                  exit 1 if the times contradict the cut (see above)\n"
	"  --pause MS      milliseconds between flushes (default: the log's own, the\n"
	"                  time between the flushes' begins, at most 1000)\n"
	"  --header        write the header by itself before the first flush\n"
	"  --from N        write flushes 1 .. N-1 without pauses (and log none of\n"
	"                  them but the last), then go on as usual\n"
	"  --gate PATH     before each flush (the first too, after the target is\n"
	"                  open), wait until PATH exists, then remove it (no pause)\n"
	"  --log PATH      after each write, append \"N END MONO_NS\" to PATH\n"
	"                  (MONO_NS: CLOCK_MONOTONIC when the write returned)\n"
	"  --window PATH   after each write, wait (up to 2 s) for the viewer's\n"
	"                  HECTIC_DEBUG_WINDOW file PATH to change and append\n"
	"                  \"latency N MS\" to the --log file (or stderr)\n"
	"  --ready PATH    create PATH once the target is open\n"
	"  --quiet         no summary line on stderr\n";

struct blk {
	uint64_t off, end; /* the marker; off + size */
	uint64_t t0, t1;
	int cap; /* -1: the global buffer */
};

struct flush {
	uint64_t end;         /* the file's size after it */
	uint64_t begin, last; /* end times of its first and last block */
	size_t b0, nb;        /* its blocks */
	const char *marker;   /* newest marker of the prefix (in the log), or NULL */
	uint16_t mlen;
	uint64_t mtime;       /* its time */
};

struct log {
	const uint8_t *d;
	size_t n;
	uint64_t data; /* where the data section starts */
	int32_t size[65536]; /* declared payload sizes; -1 undeclared, 0xFFFF variable */
	struct blk *b;
	size_t nb, bcap;
	struct flush *f;
	size_t nf;
};

static void die(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void die(int status, const char *fmt, ...)
{
	va_list ap;
	fputs("flushfeed: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

static uint64_t be(const uint8_t *p, int n)
{
	uint64_t v = 0;
	for (int i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

static void need(const struct log *l, uint64_t at, uint64_t n, const char *what)
{
	if (at + n > l->n)
		die(EXIT_BAD, "the file ends inside %s (byte %llu)", what, (unsigned long long)at);
}

/* The header: the declared sizes; l->data set past "datb". */
static void read_header(struct log *l)
{
	uint64_t p = 8;
	for (size_t i = 0; i < 65536; i++)
		l->size[i] = -1;
	need(l, 0, 8, "the header");
	if (memcmp(l->d, "hdrbhetb", 8) != 0)
		die(EXIT_BAD, "not an eventlog (no header begin marker)");
	for (;;) {
		need(l, p, 4, "the header");
		if (memcmp(l->d + p, "hete", 4) == 0)
			break;
		if (memcmp(l->d + p, "etb\0", 4) != 0)
			die(EXIT_BAD, "malformed event type list at byte %llu", (unsigned long long)p);
		need(l, p, 12, "an event type");
		uint16_t num = (uint16_t)be(l->d + p + 4, 2);
		l->size[num] = (int32_t)be(l->d + p + 6, 2);
		uint64_t dl = be(l->d + p + 8, 4);
		need(l, p + 12, dl + 4, "an event type");
		uint64_t el = be(l->d + p + 12 + dl, 4);
		p += 16 + dl + el;
		need(l, p, 4, "an event type");
		if (memcmp(l->d + p, "ete\0", 4) != 0)
			die(EXIT_BAD, "no event type end marker at byte %llu", (unsigned long long)p);
		p += 4;
	}
	need(l, p, 12, "the header");
	if (memcmp(l->d + p + 4, "hdredatb", 8) != 0)
		die(EXIT_BAD, "no header end / data begin marker at byte %llu",
		    (unsigned long long)p);
	l->data = p + 12;
}

static void push_block(struct log *l, const struct blk *b)
{
	if (l->nb == l->bcap) {
		l->bcap = l->bcap ? l->bcap * 2 : 256;
		l->b = realloc(l->b, l->bcap * sizeof *l->b);
		if (!l->b)
			die(EXIT_BAD, "out of memory");
	}
	l->b[l->nb++] = *b;
}

/* Every event: the block markers into l->b, the offsets of the user
 * markers (tag 58) into *mk. */
static void read_events(struct log *l, uint64_t **mk, size_t *nmk)
{
	uint64_t p = l->data;
	size_t cap = 0;
	*mk = NULL;
	*nmk = 0;
	while (p < l->n) {
		need(l, p, 2, "an event");
		uint16_t tag = (uint16_t)be(l->d + p, 2);
		if (tag == 0xFFFF) { /* DATA_END */
			p += 2;
			continue;
		}
		if (l->size[tag] < 0)
			die(EXIT_BAD, "undeclared tag %u at byte %llu", tag, (unsigned long long)p);
		uint64_t len = 10 + (uint64_t)l->size[tag];
		if (l->size[tag] == 0xFFFF) {
			need(l, p, 12, "an event");
			len = 12 + be(l->d + p + 10, 2);
		}
		need(l, p, len, "an event");
		if (tag == 18 && len >= 24) {
			struct blk b = { p, p + be(l->d + p + 10, 4), be(l->d + p + 2, 8),
					 be(l->d + p + 14, 8), (int)be(l->d + p + 22, 2) };
			if (b.cap == 0xFFFF)
				b.cap = -1;
			push_block(l, &b);
		} else if (tag == 58 && l->size[tag] == 0xFFFF) {
			if (*nmk == cap) {
				cap = cap ? cap * 2 : 64;
				*mk = realloc(*mk, cap * sizeof **mk);
				if (!*mk)
					die(EXIT_BAD, "out of memory");
			}
			(*mk)[(*nmk)++] = p;
		}
		p += len;
	}
}

/* A new flush starts at block i (see the top of the file). */
static int starts_flush(const struct log *l, size_t i)
{
	const struct blk *a = &l->b[i - 1], *b = &l->b[i];
	if (a->cap < 0)
		return 0;
	return b->cap < 0 || b->cap <= a->cap;
}

/* The newest user marker among those before offset end. */
static void newest_marker(struct log *l, struct flush *f, const uint64_t *mk, size_t nmk)
{
	uint64_t best_t = 0;
	f->marker = NULL;
	for (size_t i = 0; i < nmk && mk[i] < f->end; i++) {
		uint64_t t = be(l->d + mk[i] + 2, 8);
		if (!f->marker || t >= best_t) {
			best_t = t;
			f->marker = (const char *)l->d + mk[i] + 12;
			f->mlen = (uint16_t)be(l->d + mk[i] + 10, 2);
			f->mtime = t;
		}
	}
}

static void find_flushes(struct log *l, const uint64_t *mk, size_t nmk)
{
	if (!l->nb || l->b[0].off != l->data)
		die(EXIT_BAD, "the data does not start with a block marker");
	l->f = calloc(l->nb, sizeof *l->f);
	if (!l->f)
		die(EXIT_BAD, "out of memory");
	for (size_t i = 0; i < l->nb; i++) {
		if (i == 0 || starts_flush(l, i)) {
			if (l->nf)
				l->f[l->nf - 1].end = l->b[i].off;
			l->f[l->nf].b0 = i;
			l->f[l->nf].begin = l->b[i].t1;
			l->nf++;
		}
		struct flush *f = &l->f[l->nf - 1];
		f->nb++;
		f->last = l->b[i].t1;
	}
	l->f[l->nf - 1].end = l->n;
	for (size_t k = 0; k < l->nf; k++)
		newest_marker(l, &l->f[k], mk, nmk);
}

/* The times' confirmation of the cut; the number of contradictions, each
 * said on stderr. */
static int check_times(const struct log *l)
{
	int bad = 0;
	for (size_t i = 1; i < l->nb; i++)
		if (l->b[i].t1 < l->b[i - 1].t1) {
			fprintf(stderr, "flushfeed: block at %llu ends at %llu, before the one before it\n",
				(unsigned long long)l->b[i].off, (unsigned long long)l->b[i].t1);
			bad++;
		}
	for (size_t k = 1; k < l->nf; k++) {
		const struct flush *f = &l->f[k];
		for (size_t i = f->b0; i < f->b0 + f->nb; i++) {
			const struct blk *b = &l->b[i];
			if (b->cap < 0 || (b->t0 >= l->f[k - 1].begin && b->t0 < f->begin))
				continue;
			fprintf(stderr,
				"flushfeed: flush %zu: cap %d's block at %llu starts at %llu, not in "
				"[%llu, %llu)\n", k + 1, b->cap, (unsigned long long)b->off,
				(unsigned long long)b->t0, (unsigned long long)l->f[k - 1].begin,
				(unsigned long long)f->begin);
			bad++;
		}
	}
	return bad;
}

static void print_list(const struct log *l)
{
	for (size_t k = 0; k < l->nf; k++) {
		const struct flush *f = &l->f[k];
		printf("%zu %llu %llu %llu ", k + 1, (unsigned long long)f->end,
		       (unsigned long long)f->begin, (unsigned long long)f->last);
		for (size_t i = f->b0; i < f->b0 + f->nb; i++) {
			if (l->b[i].cap < 0)
				printf("%sg", i > f->b0 ? "," : "");
			else
				printf("%sc%d", i > f->b0 ? "," : "", l->b[i].cap);
		}
		printf(" %llu ", (unsigned long long)f->mtime);
		if (!f->marker)
			putchar('-');
		for (uint16_t j = 0; f->marker && j < f->mlen && f->marker[j]; j++) {
			unsigned char c = (unsigned char)f->marker[j];
			putchar(c < 0x20 || c == 0x7f ? '?' : c);
		}
		putchar('\n');
	}
}

/* ---- the replay ---- */

static uint64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void sleep_ms(uint64_t ms)
{
	struct timespec ts = { (time_t)(ms / 1000), (long)(ms % 1000) * 1000000L }, rem;
	while (nanosleep(&ts, &rem) != 0 && errno == EINTR)
		ts = rem;
}

static void touch(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die(EXIT_BAD, "%s: %s", path, strerror(errno));
	close(fd);
}

static void write_all(int fd, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && (errno == EPIPE || errno == ECONNRESET))
			die(EXIT_GONE, "the reader went away");
		if (w < 0)
			die(EXIT_BAD, "write: %s", strerror(errno));
		p += w;
		n -= (size_t)w;
	}
}

/* The whole content of a small file, or "" (it may not exist yet). */
static void slurp(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	size_t got = f ? fread(buf, 1, n - 1, f) : 0;
	buf[got] = 0;
	if (f)
		fclose(f);
}

struct opts {
	const char *gate, *logpath, *window, *ready;
	long pause_ms; /* < 0: the log's own */
	size_t from;
	int header, quiet;
};

static void log_line(const struct opts *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void log_line(const struct opts *o, const char *fmt, ...)
{
	FILE *f = o->logpath ? fopen(o->logpath, "a") : stderr;
	va_list ap;
	if (!f)
		die(EXIT_BAD, "%s: %s", o->logpath, strerror(errno));
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	if (f != stderr)
		fclose(f);
}

/* After a write at t: the time until the viewer drew a new frame (its
 * window file changed from before), 1 ms resolution. */
static void latency(const struct opts *o, size_t k, const char *before, uint64_t t)
{
	char now[256];
	for (int i = 0; i < 2000; i++) {
		slurp(o->window, now, sizeof now);
		if (strcmp(now, before) != 0) {
			log_line(o, "latency %zu %.1f\n", k, (double)(now_ns() - t) / 1e6);
			return;
		}
		sleep_ms(1);
	}
	log_line(o, "latency %zu none\n", k);
}

/* Before flush k (from 1): the pause or the gate. */
static void wait_turn(const struct log *l, const struct opts *o, size_t k)
{
	if (k < o->from)
		return;
	if (o->gate) {
		struct stat sb;
		while (stat(o->gate, &sb) != 0)
			sleep_ms(2);
		unlink(o->gate);
		return;
	}
	if (k <= 1)
		return;
	uint64_t ms = (uint64_t)o->pause_ms;
	if (o->pause_ms < 0) {
		uint64_t gap = l->f[k - 1].begin - l->f[k - 2].begin;
		ms = gap / 1000000 < 1000 ? gap / 1000000 : 1000;
	}
	sleep_ms(ms);
}

static void replay(const struct log *l, const struct opts *o, int fd)
{
	uint64_t at = 0;
	char before[256] = "";
	if (o->header) {
		write_all(fd, l->d, (size_t)l->data);
		at = l->data;
		log_line(o, "0 %llu %llu\n", (unsigned long long)at, (unsigned long long)now_ns());
	}
	for (size_t k = 1; k <= l->nf; k++) {
		const struct flush *f = &l->f[k - 1];
		wait_turn(l, o, k);
		if (o->window)
			slurp(o->window, before, sizeof before);
		write_all(fd, l->d + at, (size_t)(f->end - at));
		uint64_t t = now_ns();
		at = f->end;
		if (k + 1 >= o->from || k == l->nf)
			log_line(o, "%zu %llu %llu\n", k, (unsigned long long)at, (unsigned long long)t);
		if (o->window && k + 1 >= o->from)
			latency(o, k, before, t);
	}
}

static int open_target(const char *target, const char *ready)
{
	int fd;
	if (strcmp(target, "-") == 0) {
		fd = STDOUT_FILENO;
	} else if (strncmp(target, "file:", 5) == 0 && target[5]) {
		fd = open(target + 5, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	} else if (strncmp(target, "fifo:", 5) == 0 && target[5]) {
		struct stat sb;
		if (stat(target + 5, &sb) != 0 && mkfifo(target + 5, 0666) != 0 && errno != EEXIST)
			die(EXIT_BAD, "%s: mkfifo: %s", target + 5, strerror(errno));
		if (ready)
			touch(ready);
		do
			fd = open(target + 5, O_WRONLY);
		while (fd < 0 && errno == EINTR);
		ready = NULL;
	} else {
		die(EXIT_USAGE, "unknown target: %s (flushfeed --help)", target);
	}
	if (fd < 0)
		die(EXIT_BAD, "%s: %s", target, strerror(errno));
	if (ready)
		touch(ready);
	return fd;
}

static void load(struct log *l, const char *path)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16;
	uint8_t *d = malloc(cap);
	if (!f || !d)
		die(EXIT_BAD, "%s: %s", path, f ? "out of memory" : strerror(errno));
	for (;;) {
		size_t got = fread(d + l->n, 1, cap - l->n, f);
		l->n += got;
		if (got == 0)
			break;
		if (l->n == cap && !(d = realloc(d, cap *= 2)))
			die(EXIT_BAD, "out of memory");
	}
	fclose(f);
	l->d = d;
}

static const char *opt_value(int argc, char **argv, int *i)
{
	if (*i + 1 >= argc)
		die(EXIT_USAGE, "%s needs a value", argv[*i]);
	return argv[++*i];
}

int main(int argc, char **argv)
{
	static struct log l;
	struct opts o = { .pause_ms = -1, .from = 1 };
	const char *pos[2] = { NULL, NULL };
	int npos = 0, list = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0) {
			fputs(usage_text, stdout);
			return 0;
		} else if (strcmp(a, "--list") == 0) {
			list = 1;
		} else if (strcmp(a, "--header") == 0) {
			o.header = 1;
		} else if (strcmp(a, "--quiet") == 0) {
			o.quiet = 1;
		} else if (strcmp(a, "--pause") == 0) {
			o.pause_ms = atol(opt_value(argc, argv, &i));
		} else if (strcmp(a, "--from") == 0) {
			o.from = (size_t)atol(opt_value(argc, argv, &i));
		} else if (strcmp(a, "--gate") == 0) {
			o.gate = opt_value(argc, argv, &i);
		} else if (strcmp(a, "--log") == 0) {
			o.logpath = opt_value(argc, argv, &i);
		} else if (strcmp(a, "--window") == 0) {
			o.window = opt_value(argc, argv, &i);
		} else if (strcmp(a, "--ready") == 0) {
			o.ready = opt_value(argc, argv, &i);
		} else if (a[0] == '-' && a[1]) {
			die(EXIT_USAGE, "unknown option: %s (flushfeed --help)", a);
		} else if (npos < 2) {
			pos[npos++] = a;
		} else {
			die(EXIT_USAGE, "too many arguments: %s", a);
		}
	}
	if (npos != (list ? 1 : 2))
		die(EXIT_USAGE, "expected FILE%s (flushfeed --help)", list ? "" : " and TARGET");
	load(&l, pos[0]);
	read_header(&l);
	uint64_t *mk;
	size_t nmk;
	read_events(&l, &mk, &nmk);
	find_flushes(&l, mk, nmk);
	int bad = check_times(&l);
	if (list) {
		print_list(&l);
		free(mk);
		return bad ? EXIT_BAD : 0;
	}
	signal(SIGPIPE, SIG_IGN);
	int fd = open_target(pos[1], o.ready);
	uint64_t t0 = now_ns();
	replay(&l, &o, fd);
	if (fd != STDOUT_FILENO && close(fd) != 0)
		die(EXIT_BAD, "%s: close: %s", pos[1], strerror(errno));
	if (!o.quiet)
		fprintf(stderr, "flushfeed: %zu flushes, %zu bytes in %.3f s\n", l.nf, l.n,
			(double)(now_ns() - t0) / 1e9);
	free(mk);
	return 0;
}
