/*
 * feed: replay a file into a FIFO, a socket, a growing file or standard
 * output in random chunks with delays, to test and benchmark hectic's live
 * inputs (tests/live.sh). Standalone: POSIX only, no project headers.
 *
 *   feed [options] FILE TARGET
 *
 * Exit status: 0 done, 1 I/O error, 2 usage error, 3 the reader went away
 * before everything was written.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define EXIT_IO 1
#define EXIT_USAGE 2
#define EXIT_GONE 3

static const char usage_text[] =
	"usage: feed [options] FILE TARGET\n"
	"TARGET: fifo:PATH       create the FIFO if missing, write to it\n"
	"        unix:PATH       listen on a Unix stream socket, serve one client\n"
	"        tcp:[HOST:]PORT listen on 127.0.0.1 (or HOST), serve one client\n"
	"        file:PATH       create/truncate PATH and append chunk by chunk\n"
	"        -               standard output\n"
	"options:\n"
	"  --seed N        PRNG seed (default 1)\n"
	"  --chunk A:B     chunk sizes uniformly in [A,B] bytes (default 1:65536)\n"
	"  --delay A:B     microseconds between chunks, uniformly in [A,B]\n"
	"                  (default 0:2000)\n"
	"  --cut N         write only the first N bytes, then close\n"
	"  --reset         sockets: close with a reset (SO_LINGER 0) where possible\n"
	"  --split-header  the first chunk is exactly 7 bytes\n"
	"  --rate MB       about MB megabytes (10^6 bytes) per second, overrides\n"
	"                  --delay (0: as fast as possible)\n"
	"  --ready PATH    create PATH once listening / once the FIFO exists\n"
	"  --quiet         no summary line on stderr\n";

/* what cleanup must undo on an error or a signal */
static const char *unlink_on_exit; /* the unix socket's path */
static volatile sig_atomic_t got_signal;

static void die(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

static void die(int status, const char *fmt, ...)
{
	va_list ap;
	fputs("feed: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (unlink_on_exit)
		unlink(unlink_on_exit);
	exit(status);
}

static void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void usage_error(const char *fmt, ...)
{
	va_list ap;
	fputs("feed: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nusage: feed [options] FILE TARGET (feed --help lists them)\n", stderr);
	exit(EXIT_USAGE);
}

static void on_signal(int sig)
{
	/* async-signal-safe: unlink and _exit only */
	got_signal = sig;
	if (unlink_on_exit)
		unlink(unlink_on_exit);
	_exit(128 + sig);
}

/* ---- numbers ---- */

static int parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

/* "A:B" or "A" (= A:A) */
static int parse_range(const char *s, uint64_t *a, uint64_t *b)
{
	const char *colon = strchr(s, ':');
	char buf[64];
	size_t n;
	if (!colon)
		return parse_u64(s, a) || parse_u64(s, b) ? -1 : 0;
	n = (size_t)(colon - s);
	if (n == 0 || n >= sizeof buf)
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (parse_u64(buf, a) || parse_u64(colon + 1, b) || *a > *b)
		return -1;
	return 0;
}

/* ---- PRNG: xorshift64* ---- */

static uint64_t rng_state;

static void rng_seed(uint64_t seed)
{
	/* splitmix64 step, so that nearby seeds give unrelated streams */
	uint64_t z = seed + 0x9E3779B97F4A7C15ull;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	z ^= z >> 31;
	rng_state = z ? z : 0x2545F4914F6CDD1Dull;
}

static uint64_t rng_next(void)
{
	uint64_t x = rng_state;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	rng_state = x;
	return x * 0x2545F4914F6CDD1Dull;
}

static uint64_t rng_between(uint64_t a, uint64_t b)
{
	uint64_t span = b - a + 1;
	if (span == 0) /* the whole 64-bit range */
		return rng_next();
	return a + rng_next() % span;
}

/* ---- time ---- */

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_us(uint64_t us)
{
	struct timespec ts, rem;
	if (us == 0)
		return;
	ts.tv_sec = (time_t)(us / 1000000);
	ts.tv_nsec = (long)(us % 1000000) * 1000;
	while (nanosleep(&ts, &rem) != 0 && errno == EINTR)
		ts = rem;
}

/* ---- I/O ---- */

static void touch_ready(const char *path)
{
	int fd;
	if (!path)
		return;
	do
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	while (fd < 0 && errno == EINTR);
	if (fd < 0)
		die(EXIT_IO, "%s: %s", path, strerror(errno));
	close(fd);
}

/* reads up to n bytes, as many as the file has: short only at EOF */
static size_t read_full(int fd, const char *name, unsigned char *buf, size_t n)
{
	size_t got = 0;
	while (got < n) {
		ssize_t r = read(fd, buf + got, n - got);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			die(EXIT_IO, "%s: %s", name, strerror(errno));
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return got;
}

/* writes all n bytes; a reader that went away ends feed with status 3 */
static void write_full(int fd, const char *name, const unsigned char *buf, size_t n,
		       uint64_t offset)
{
	size_t done = 0;
	while (done < n) {
		ssize_t w = write(fd, buf + done, n - done);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EPIPE || errno == ECONNRESET)
				die(EXIT_GONE, "%s: the reader went away after %llu bytes (%s)", name,
				    (unsigned long long)(offset + done), strerror(errno));
			die(EXIT_IO, "%s: %s", name, strerror(errno));
		}
		done += (size_t)w;
	}
}

static int accept_one(int lfd, const char *name)
{
	int fd;
	do
		fd = accept(lfd, NULL, NULL);
	while (fd < 0 && errno == EINTR);
	if (fd < 0)
		die(EXIT_IO, "%s: accept: %s", name, strerror(errno));
	return fd;
}

static int open_fifo(const char *path, const char *ready)
{
	struct stat st;
	int fd;
	if (stat(path, &st) != 0) {
		if (errno != ENOENT)
			die(EXIT_IO, "%s: %s", path, strerror(errno));
		if (mkfifo(path, 0666) != 0 && errno != EEXIST)
			die(EXIT_IO, "%s: mkfifo: %s", path, strerror(errno));
	} else if (!S_ISFIFO(st.st_mode)) {
		die(EXIT_IO, "%s: exists and is not a FIFO", path);
	}
	touch_ready(ready);
	do /* blocks until a reader opens it */
		fd = open(path, O_WRONLY);
	while (fd < 0 && errno == EINTR);
	if (fd < 0)
		die(EXIT_IO, "%s: %s", path, strerror(errno));
	return fd;
}

static int open_unix(const char *path, const char *ready)
{
	struct sockaddr_un sa;
	int lfd, fd;
	if (strlen(path) >= sizeof sa.sun_path)
		die(EXIT_IO, "%s: socket path too long (at most %zu bytes)", path,
		    sizeof sa.sun_path - 1);
	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	memcpy(sa.sun_path, path, strlen(path) + 1);
	lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (lfd < 0)
		die(EXIT_IO, "socket: %s", strerror(errno));
	if (unlink(path) != 0 && errno != ENOENT)
		die(EXIT_IO, "%s: unlink: %s", path, strerror(errno));
	if (bind(lfd, (struct sockaddr *)&sa, sizeof sa) != 0)
		die(EXIT_IO, "%s: bind: %s", path, strerror(errno));
	unlink_on_exit = path;
	if (listen(lfd, 1) != 0)
		die(EXIT_IO, "%s: listen: %s", path, strerror(errno));
	touch_ready(ready);
	fd = accept_one(lfd, path);
	close(lfd);
	return fd;
}

static int open_tcp(const char *spec, const char *ready)
{
	struct sockaddr_in sa;
	const char *host = "127.0.0.1", *port_s = spec, *colon = strrchr(spec, ':');
	char hostbuf[64];
	uint64_t port;
	int lfd, fd, one = 1;
	if (colon) {
		size_t n = (size_t)(colon - spec);
		if (n >= sizeof hostbuf)
			usage_error("tcp:%s: bad host", spec);
		memcpy(hostbuf, spec, n);
		hostbuf[n] = '\0';
		host = hostbuf;
		port_s = colon + 1;
	}
	if (parse_u64(port_s, &port) || port == 0 || port > 65535)
		usage_error("tcp:%s: bad port", spec);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)port);
	if (inet_pton(AF_INET, host, &sa.sin_addr) != 1)
		usage_error("tcp:%s: not an IPv4 address: %s", spec, host);
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	if (lfd < 0)
		die(EXIT_IO, "socket: %s", strerror(errno));
	if (setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0)
		die(EXIT_IO, "setsockopt SO_REUSEADDR: %s", strerror(errno));
	if (bind(lfd, (struct sockaddr *)&sa, sizeof sa) != 0)
		die(EXIT_IO, "tcp:%s: bind: %s", spec, strerror(errno));
	if (listen(lfd, 1) != 0)
		die(EXIT_IO, "tcp:%s: listen: %s", spec, strerror(errno));
	touch_ready(ready);
	fd = accept_one(lfd, spec);
	close(lfd);
	return fd;
}

/*
 * Before a reset, waits (up to 5 s) until the peer has acknowledged every
 * byte sent: a reset discards what is still queued, and the test wants the
 * reader to have exactly the bytes written before the writer died.
 */
static void drain_before_reset(int fd)
{
#ifdef TIOCOUTQ
	double until = now_s() + 5.0;
	int queued;
	while (ioctl(fd, TIOCOUTQ, &queued) == 0 && queued > 0 && now_s() < until)
		sleep_us(1000);
#else
	(void)fd;
#endif
}

enum kind { K_FIFO, K_UNIX, K_TCP, K_FILE, K_STDOUT };

int main(int argc, char **argv)
{
	uint64_t seed = 1, cmin = 1, cmax = 65536, dmin = 0, dmax = 2000, cut = UINT64_MAX;
	double rate = -1.0; /* < 0: use --delay */
	int reset = 0, split = 0, quiet = 0;
	const char *ready = NULL, *file = NULL, *target = NULL, *path = NULL;
	const char *pos[2];
	int npos = 0, opts_done = 0;
	enum kind kind;
	int in, out;
	unsigned char *buf;
	size_t bufsize;
	uint64_t total = 0, chunks = 0;
	double t0;
	struct sigaction sa;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
		if (opts_done || a[0] != '-' || a[1] == '\0') {
			if (npos == 2)
				usage_error("too many arguments: %s", a);
			pos[npos++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			opts_done = 1;
			continue;
		}
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(usage_text, stdout);
			return 0;
		}
		if (strcmp(a, "--reset") == 0) {
			reset = 1;
			continue;
		}
		if (strcmp(a, "--split-header") == 0) {
			split = 1;
			continue;
		}
		if (strcmp(a, "--quiet") == 0) {
			quiet = 1;
			continue;
		}
		/* options with a value: --opt V or --opt=V */
		{
			static const char *const with_value[] = {"--seed", "--chunk", "--delay",
								 "--cut",  "--rate",  "--ready"};
			const char *eq = strchr(a, '=');
			size_t len = eq ? (size_t)(eq - a) : strlen(a);
			const char *name = NULL;
			for (size_t k = 0; k < sizeof with_value / sizeof *with_value; k++)
				if (strlen(with_value[k]) == len && strncmp(a, with_value[k], len) == 0)
					name = with_value[k];
			if (!name)
				usage_error("unknown option: %s", a);
			if (eq)
				val = eq + 1;
			else if (i + 1 < argc)
				val = argv[++i];
			else
				usage_error("%s needs a value", a);
			if (strcmp(name, "--seed") == 0) {
				if (parse_u64(val, &seed))
					usage_error("--seed: not a number: %s", val);
			} else if (strcmp(name, "--chunk") == 0) {
				if (parse_range(val, &cmin, &cmax) || cmin == 0 ||
				    cmax > (uint64_t)64 << 20)
					usage_error("--chunk: expected A:B with 1 <= A <= B <= 64M: %s",
						    val);
			} else if (strcmp(name, "--delay") == 0) {
				if (parse_range(val, &dmin, &dmax) || dmax > 60000000)
					usage_error("--delay: expected A:B microseconds, A <= B <= 60s: %s",
						    val);
			} else if (strcmp(name, "--cut") == 0) {
				if (parse_u64(val, &cut))
					usage_error("--cut: not a number: %s", val);
			} else if (strcmp(name, "--rate") == 0) {
				char *end;
				errno = 0;
				rate = strtod(val, &end);
				if (errno || end == val || *end || !(rate >= 0.0))
					usage_error("--rate: not a number of MB/s: %s", val);
			} else {
				ready = val;
			}
		}
	}
	if (npos != 2)
		usage_error("expected FILE and TARGET");
	file = pos[0];
	target = pos[1];
	if (strcmp(target, "-") == 0) {
		kind = K_STDOUT;
	} else if (strncmp(target, "fifo:", 5) == 0) {
		kind = K_FIFO;
		path = target + 5;
	} else if (strncmp(target, "unix:", 5) == 0) {
		kind = K_UNIX;
		path = target + 5;
	} else if (strncmp(target, "tcp:", 4) == 0) {
		kind = K_TCP;
		path = target + 4;
	} else if (strncmp(target, "file:", 5) == 0) {
		kind = K_FILE;
		path = target + 5;
	} else {
		usage_error("unknown target: %s", target);
	}
	if (path && !*path)
		usage_error("empty path in target: %s", target);

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);

	rng_seed(seed);
	if (strcmp(file, "-") == 0) {
		in = STDIN_FILENO;
	} else {
		do
			in = open(file, O_RDONLY);
		while (in < 0 && errno == EINTR);
		if (in < 0)
			die(EXIT_IO, "%s: %s", file, strerror(errno));
	}
	bufsize = (size_t)(cmax > 7 ? cmax : 7);
	buf = malloc(bufsize);
	if (!buf)
		die(EXIT_IO, "out of memory (%zu bytes)", bufsize);

	switch (kind) {
	case K_STDOUT:
		out = STDOUT_FILENO;
		touch_ready(ready);
		break;
	case K_FIFO:
		out = open_fifo(path, ready);
		break;
	case K_UNIX:
		out = open_unix(path, ready);
		break;
	case K_TCP:
		out = open_tcp(path, ready);
		break;
	case K_FILE:
	default:
		do
			out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		while (out < 0 && errno == EINTR);
		if (out < 0)
			die(EXIT_IO, "%s: %s", path, strerror(errno));
		touch_ready(ready);
		break;
	}

	t0 = now_s();
	for (;;) {
		uint64_t want = (split && chunks == 0) ? 7 : rng_between(cmin, cmax);
		uint64_t delay = rng_between(dmin, dmax); /* drawn always: same chunks for a seed */
		size_t got;
		if (want > cut - total)
			want = cut - total;
		if (want == 0)
			break;
		got = read_full(in, file, buf, (size_t)want);
		if (got == 0)
			break;
		if (rate > 0.0) {
			/* the chunk goes out when the bytes up to its end are due */
			double due = t0 + (double)(total + got) / (rate * 1e6), now = now_s();
			if (due > now)
				sleep_us((uint64_t)((due - now) * 1e6));
		}
		write_full(out, target, buf, got, total);
		total += got;
		chunks++;
		if (got < want || total == cut)
			break;
		if (rate < 0.0)
			sleep_us(delay);
	}

	if (reset && (kind == K_TCP || kind == K_UNIX)) {
		if (kind == K_TCP) {
			struct linger lg = {1, 0};
			drain_before_reset(out);
			if (setsockopt(out, SOL_SOCKET, SO_LINGER, &lg, sizeof lg) != 0)
				die(EXIT_IO, "setsockopt SO_LINGER: %s", strerror(errno));
		}
	}
	if (kind != K_STDOUT && close(out) != 0 && errno != EINTR)
		die(EXIT_IO, "%s: close: %s", target, strerror(errno));
	if (kind == K_UNIX) {
		unlink(path);
		unlink_on_exit = NULL;
	}
	if (in != STDIN_FILENO)
		close(in);
	free(buf);
	if (!quiet) {
		double dt = now_s() - t0;
		fprintf(stderr, "feed: %llu bytes in %llu chunks to %s in %.3f s (%.2f MB/s)%s\n",
			(unsigned long long)total, (unsigned long long)chunks, target, dt,
			dt > 0 ? (double)total / dt / 1e6 : 0.0,
			cut != UINT64_MAX ? " (cut)" : "");
	}
	(void)got_signal;
	return 0;
}
