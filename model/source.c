/* Inputs: files as they are, streams spooled by a thread into a file. */
#define _GNU_SOURCE /* O_TMPFILE */
#include "source.h"

#include "outfile.h"
#include "store.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define SPOOL_BUF (1u << 20)

static void set_err(char *err, size_t errlen, const char *fmt, const char *a, const char *b)
{
	snprintf(err, errlen, fmt, a, b);
}

bool source_is_stream(const char *spec)
{
	if (!strcmp(spec, "-") || !strncmp(spec, "unix:", 5) || !strncmp(spec, "tcp:", 4))
		return true;
	struct stat sb;
	return stat(spec, &sb) == 0 && S_ISFIFO(sb.st_mode);
}

uint64_t source_bytes(const struct source *src)
{
	return __atomic_load_n(&src->bytes, __ATOMIC_ACQUIRE);
}

bool source_ended(const struct source *src)
{
	return src->kind == SRC_FILE || __atomic_load_n(&src->ended, __ATOMIC_ACQUIRE);
}

const char *source_error(const struct source *src)
{
	return source_ended(src) ? src->err : "";
}

int source_wake_fd(const struct source *src)
{
	return src->kind == SRC_FILE ? -1 : src->wake[0];
}

void source_drain(struct source *src)
{
	if (src->kind == SRC_FILE)
		return;
	char buf[256];
	while (read(src->wake[0], buf, sizeof buf) > 0)
		;
}

static void poke(struct source *src)
{
	static const char one = 1;
	ssize_t r = write(src->wake[1], &one, 1); /* full: a wake is pending anyway */
	(void)r;
}

/* source_close cancels the spooler (pthread_cancel) only where it waits
 * for the stream, in open and read: cancellation is off elsewhere. There
 * no frame of its own has a stack slot (nothing of the spooler's has its
 * address taken), so the frames the cancellation unwinds leave no
 * sanitizer poison on the thread's stack; a cancellation in poke's write
 * once did, and ASan reported its own sigaltstack call at the thread's
 * exit. A spool write is never cut short either. */
static void cancel_point(int state)
{
	pthread_setcancelstate(state, NULL);
}

static void *spooler(void *arg)
{
	struct source *src = arg;
	char *buf = src->buf;
	cancel_point(PTHREAD_CANCEL_DISABLE);
	if (src->kind == SRC_FIFO) {
		/* waits here for a writer */
		int fd;
		cancel_point(PTHREAD_CANCEL_ENABLE);
		do
			fd = open(src->spec, O_RDONLY | O_CLOEXEC);
		while (fd < 0 && errno == EINTR);
		cancel_point(PTHREAD_CANCEL_DISABLE);
		if (fd < 0) {
			snprintf(src->err, sizeof src->err, "%s", strerror(errno));
			goto end;
		}
		src->in = fd;
		__atomic_store_n(&src->connected, 1, __ATOMIC_RELEASE);
		poke(src);
	}
	for (;;) {
		cancel_point(PTHREAD_CANCEL_ENABLE);
		ssize_t n = read(src->in, buf, SPOOL_BUF);
		cancel_point(PTHREAD_CANCEL_DISABLE);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(src->err, sizeof src->err, "%s",
				 errno == ECONNRESET ? "the connection was reset" : strerror(errno));
			break;
		}
		if (n == 0)
			break;
		if (!outfile_write_fd(src->spool, buf, (size_t)n)) {
			snprintf(src->err, sizeof src->err, "writing the spool: %s",
				 strerror(errno ? errno : ENOSPC));
			break;
		}
		__atomic_add_fetch(&src->bytes, (uint64_t)n, __ATOMIC_RELEASE);
		poke(src);
	}
end:
	__atomic_store_n(&src->ended, 1, __ATOMIC_RELEASE);
	poke(src);
	return NULL;
}

/* unix:PATH */
static int connect_unix(const char *path, char *err, size_t errlen)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	if (!*path) {
		set_err(err, errlen, "unix:%s: %s", path, "expected unix:PATH");
		return -1;
	}
	if (strlen(path) >= sizeof sa.sun_path) {
		set_err(err, errlen, "unix:%s: %s", path, "the path is too long for a socket");
		return -1;
	}
	strcpy(sa.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		set_err(err, errlen, "unix:%s: %s", path, strerror(errno));
		return -1;
	}
	int r;
	do
		r = connect(fd, (struct sockaddr *)&sa, sizeof sa);
	while (r < 0 && errno == EINTR);
	if (r < 0) {
		char why[200];
		snprintf(why, sizeof why, "cannot connect: %s", strerror(errno));
		set_err(err, errlen, "unix:%s: %s", path, why);
		close(fd);
		return -1;
	}
	return fd;
}

/* tcp:HOST:PORT (HOST may be [v6]) */
static int connect_tcp(const char *hp, char *err, size_t errlen)
{
	char host[256];
	const char *colon = strrchr(hp, ':');
	if (!colon || colon == hp || !colon[1] || (size_t)(colon - hp) >= sizeof host) {
		set_err(err, errlen, "tcp:%s: %s", hp, "expected tcp:HOST:PORT");
		return -1;
	}
	const char *port = colon + 1;
	if (strspn(port, "0123456789") == strlen(port)) {
		long v = strlen(port) <= 5 ? strtol(port, NULL, 10) : 0;
		if (v < 1 || v > 65535) {
			set_err(err, errlen, "tcp:%s: %s", hp, "the port is not in 1..65535");
			return -1;
		}
	}
	memcpy(host, hp, (size_t)(colon - hp));
	host[colon - hp] = 0;
	char *h = host;
	size_t hl = strlen(h);
	if (hl >= 2 && h[0] == '[' && h[hl - 1] == ']') {
		h[hl - 1] = 0;
		h++;
	}
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM }, *res;
	int g = getaddrinfo(h, colon + 1, &hints, &res);
	if (g) {
		set_err(err, errlen, "tcp:%s: %s", hp, gai_strerror(g));
		return -1;
	}
	int fd = -1, e = 0;
	for (struct addrinfo *a = res; a; a = a->ai_next) {
		fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
		if (fd < 0) {
			e = errno;
			continue;
		}
		int r;
		do
			r = connect(fd, a->ai_addr, a->ai_addrlen);
		while (r < 0 && errno == EINTR);
		if (r == 0)
			break;
		e = errno;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		char why[200];
		snprintf(why, sizeof why, "cannot connect: %s", strerror(e));
		set_err(err, errlen, "tcp:%s: %s", hp, why);
	}
	return fd;
}

/* ---- --save: the spool is a new file beside OUT, put in place (renamed
 * over OUT) when the store opens it with its header whole; until then OUT
 * is untouched. The spool is an unnamed O_TMPFILE where the file system
 * has them (nothing to clean up, whatever ends the process), else a file
 * created with O_EXCL | O_NOFOLLOW under a unique name, removed on every
 * path that does not put it in place. ---- */

/* A named spool not in place yet is in outfile's pending table (removed
 * at exit and on the quit signals, with export's OUT.XXXXXX). */

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

bool source_id(const char *spec, struct stat *sb)
{
	if (!strcmp(spec, "-"))
		return fstat(STDIN_FILENO, sb) == 0;
	if (!strncmp(spec, "tcp:", 4))
		return false;
	return stat(!strncmp(spec, "unix:", 5) ? spec + 5 : spec, sb) == 0;
}

/* OUT may be replaced (outfile_check: not the input however spelt, a
 * regular file or a new name; a symbolic link written through, to the
 * file it leads to, which src->save then names). Opens nothing, so
 * nothing blocks. */
static bool check_save(struct source *src, const char *save, char *err, size_t errlen)
{
	struct stat in;
	bool have_in = source_id(src->spec, &in);
	if (!outfile_check(save, &in, have_in, OUTFILE_REGULAR, "--save", src->save_to,
			   sizeof src->save_to, err, errlen))
		return false;
	src->save = src->save_to;
	return true;
}

/* The directory a path's last component is in. */
static void dir_of(const char *path, char *dir, size_t n)
{
	const char *sl = strrchr(path, '/');
	if (!sl)
		snprintf(dir, n, ".");
	else if (sl == path)
		snprintf(dir, n, "/");
	else
		snprintf(dir, n, "%.*s", (int)(sl - path), path);
}

/* A fresh name for a temporary in dir. */
static void tmp_name(char *buf, size_t n, const char *dir)
{
	static unsigned long seq;
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	unsigned long long r = ((unsigned long long)getpid() << 24) ^ (unsigned long long)t.tv_nsec ^
			       (__atomic_add_fetch(&seq, 1, __ATOMIC_RELAXED) * 0x9E3779B97F4A7C15ull);
	snprintf(buf, n, "%s/.hectic-save-%012llx", dir, r & 0xFFFFFFFFFFFFull);
}

/* The spool's path through its descriptor (/proc/self/fd, or /dev/fd),
 * checked to reach the same file; false where neither does. */
static bool fd_path(struct source *src)
{
	static const char *const via[] = { "/proc/self/fd/%d", "/dev/fd/%d" };
	for (size_t i = 0; i < 2; i++) {
		char p[64];
		snprintf(p, sizeof p, via[i], src->spool);
		int fd = open(p, O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			struct stat a, b;
			bool same = fstat(fd, &a) == 0 && fstat(src->spool, &b) == 0 && same_file(&a, &b);
			close(fd);
			if (same) {
				snprintf(src->path, sizeof src->path, "%s", p);
				return true;
			}
		}
	}
	return false;
}

/* The spool for --save OUT: a new file in OUT's directory. */
static bool open_save(struct source *src, const char *save, char *err, size_t errlen)
{
	char dir[4096], why[300];
	dir_of(save, dir, sizeof dir);
	src->save = save;
	src->saving = true;
#if defined(O_TMPFILE) && !defined(HECTIC_NO_TMPFILE) /* (the latter: to test the rest) */
	src->spool = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
	if (src->spool >= 0) {
		if (fd_path(src))
			return true;
		close(src->spool);
		src->spool = -1;
	} else if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) {
		snprintf(why, sizeof why, "cannot create a file beside it: %s", strerror(errno));
		set_err(err, errlen, "%s: %s", save, why);
		return false;
	}
#endif
	for (int i = 0; i < 100; i++) {
		tmp_name(src->tmp, sizeof src->tmp, dir);
		src->spool = open(src->tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (src->spool >= 0 || errno != EEXIST)
			break;
	}
	if (src->spool < 0) {
		snprintf(why, sizeof why, "cannot create a file beside it: %s", strerror(errno));
		set_err(err, errlen, "%s: %s", save, why);
		src->tmp[0] = 0;
		return false;
	}
	src->pend = outfile_pend(src->tmp);
	if (!fd_path(src))
		snprintf(src->path, sizeof src->path, "%s", src->tmp);
	return true;
}

/* Puts the --save spool in place: renamed over OUT (a symbolic link put
 * there since is replaced, not followed). The spooler goes on appending to
 * it. */
static bool keep_save(struct source *src, char *err, size_t errlen)
{
	if (!src->saving || src->saved)
		return true;
	char dir[4096], why[300];
	if (!src->tmp[0]) { /* unnamed: a name beside OUT first */
		dir_of(src->save, dir, sizeof dir);
		int r = -1;
		for (int i = 0; i < 100 && r != 0; i++) {
			tmp_name(src->tmp, sizeof src->tmp, dir);
			r = linkat(AT_FDCWD, src->path, AT_FDCWD, src->tmp, AT_SYMLINK_FOLLOW);
			if (r != 0 && errno != EEXIST)
				break;
		}
		if (r != 0) {
			snprintf(why, sizeof why, "cannot keep the log: %s", strerror(errno));
			set_err(err, errlen, "%s: %s", src->save, why);
			src->tmp[0] = 0;
			return false;
		}
		src->pend = outfile_pend(src->tmp);
	}
	if (rename(src->tmp, src->save) != 0) {
		snprintf(why, sizeof why, "cannot put the saved log in place: %s", strerror(errno));
		set_err(err, errlen, "%s: %s", src->save, why);
		unlink(src->tmp);
		outfile_unpend(src->pend);
		src->pend = -1;
		src->tmp[0] = 0;
		return false;
	}
	outfile_unpend(src->pend);
	src->pend = -1;
	if (!strcmp(src->path, src->tmp))
		snprintf(src->path, sizeof src->path, "%s", src->save);
	src->tmp[0] = 0;
	src->saved = true;
	return true;
}

/* A --save spool not put in place goes (OUT stays as it was). */
static void drop_save(struct source *src)
{
	if (src->tmp[0])
		unlink(src->tmp);
	outfile_unpend(src->pend);
	src->pend = -1;
	src->tmp[0] = 0;
}

/* The spool: --save's file (open_save), or an unlinked temporary file
 * reached through /proc/self/fd or /dev/fd (kept linked, and unlinked at
 * close, where neither works). */
static bool open_spool(struct source *src, const char *save, char *err, size_t errlen)
{
	if (save)
		return open_save(src, src->save, err, errlen);
	const char *dir = getenv("TMPDIR");
	if (!dir || !*dir)
		dir = "/tmp";
	char tmpl[4096];
	snprintf(tmpl, sizeof tmpl, "%s/hectic-spool-XXXXXX", dir);
	src->spool = mkstemp(tmpl);
	if (src->spool < 0) {
		set_err(err, errlen, "%s: %s", tmpl, strerror(errno));
		return false;
	}
	fcntl(src->spool, F_SETFD, FD_CLOEXEC);
	if (fd_path(src)) {
		unlink(tmpl);
		return true;
	}
	snprintf(src->path, sizeof src->path, "%s", tmpl);
	src->tmp_linked = true;
	return true;
}

bool source_open(struct source *src, const char *spec, const char *save, char *err,
		 size_t errlen)
{
	memset(src, 0, sizeof *src);
	src->spec = spec;
	src->in = src->spool = src->wake[0] = src->wake[1] = src->pend = -1;
	if (!strcmp(spec, "-"))
		src->kind = SRC_STDIN;
	else if (!strncmp(spec, "unix:", 5))
		src->kind = SRC_UNIX;
	else if (!strncmp(spec, "tcp:", 4))
		src->kind = SRC_TCP;
	else if (source_is_stream(spec))
		src->kind = SRC_FIFO;
	else
		src->kind = SRC_FILE;
	if (src->kind == SRC_FILE) {
		snprintf(src->path, sizeof src->path, "%s", spec);
		if (save) {
			set_err(err, errlen, "%s: %s", spec,
				"--save keeps a stream (a FIFO, -, unix: or tcp:); this is a file already");
			src->refused = true;
			return false;
		}
		return true;
	}
	if (save && !check_save(src, save, err, errlen)) {
		src->refused = true;
		return false;
	}
	if (src->kind == SRC_STDIN && isatty(STDIN_FILENO)) {
		set_err(err, errlen, "%s: %s", "-",
			"standard input is a terminal: give the eventlog on it (< FILE, or a pipe)");
		return false;
	}
	if (src->kind == SRC_STDIN) {
		/* a copy: the viewer puts the terminal on fd 0 */
		src->in = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
		if (src->in < 0) {
			set_err(err, errlen, "%s: %s", "standard input", strerror(errno));
			return false;
		}
	} else if (src->kind == SRC_UNIX) {
		if ((src->in = connect_unix(spec + 5, err, errlen)) < 0)
			return false;
	} else if (src->kind == SRC_TCP) {
		if ((src->in = connect_tcp(spec + 4, err, errlen)) < 0)
			return false;
	}
	if (pipe(src->wake) < 0) {
		set_err(err, errlen, "%s: %s", "pipe", strerror(errno));
		source_close(src);
		return false;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(src->wake[i], F_SETFL, fcntl(src->wake[i], F_GETFL) | O_NONBLOCK);
		fcntl(src->wake[i], F_SETFD, FD_CLOEXEC);
	}
	if (!(src->buf = malloc(SPOOL_BUF))) {
		set_err(err, errlen, "%s: %s", spec, "out of memory");
		source_close(src);
		return false;
	}
	if (!open_spool(src, save, err, errlen)) {
		source_close(src);
		return false;
	}
	if (pthread_create(&src->th, NULL, spooler, src) != 0) {
		set_err(err, errlen, "%s: %s", spec, "cannot start a thread");
		source_close(src);
		return false;
	}
	src->thread = true;
	return true;
}

bool source_wait_bytes(struct source *src, uint64_t n, int ms)
{
	if (src->kind == SRC_FILE)
		return true;
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		if (source_bytes(src) >= n)
			return true;
		if (source_ended(src))
			return source_bytes(src) >= n;
		int left = -1;
		if (ms >= 0) {
			struct timespec t;
			clock_gettime(CLOCK_MONOTONIC, &t);
			long el = (t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000;
			if (el >= ms)
				return false;
			left = ms - (int)el;
		}
		struct pollfd p = { src->wake[0], POLLIN, 0 };
		if (poll(&p, 1, left) > 0)
			source_drain(src);
	}
}

void source_wait(struct source *src)
{
	if (src->kind == SRC_FILE)
		return;
	while (!source_ended(src))
		source_wait_bytes(src, UINT64_MAX, -1);
}

int source_store_open(struct source *src, struct store *s, bool *empty, char *err,
		      size_t errlen)
{
	*empty = false;
	for (uint64_t need = 1;;) {
		source_wait_bytes(src, need, -1);
		uint64_t have = source_bytes(src);
		bool ended = source_ended(src);
		if (src->kind != SRC_FILE && !have && ended) {
			const char *why = source_error(src);
			*empty = true;
			snprintf(err, errlen, "empty stream: no eventlog arrived%s%s", *why ? ": " : "",
				 why);
			return STORE_EHEADER;
		}
		enum store_status st = store_open_sink(s, src->path, src->progress, src->sink, err,
						     errlen);
		if (st == STORE_OK && !keep_save(src, err, errlen)) {
			store_close(s);
			return STORE_EIO;
		}
		if (st != STORE_EHEADER || ended || src->kind == SRC_FILE)
			return st;
		need = have + 1;
	}
}

void source_close(struct source *src)
{
	if (src->thread) {
		if (!source_ended(src))
			pthread_cancel(src->th);
		pthread_join(src->th, NULL);
		src->thread = false;
	}
	if (src->in >= 0)
		close(src->in);
	if (src->spool >= 0)
		close(src->spool);
	if (src->tmp_linked)
		unlink(src->path);
	if (src->saving && !src->saved)
		drop_save(src);
	for (int i = 0; i < 2; i++)
		if (src->wake[i] >= 0)
			close(src->wake[i]);
	src->in = src->spool = src->wake[0] = src->wake[1] = -1;
	free(src->buf);
	src->buf = NULL;
}

/* The start of a header and no more, read whole (a header is far
 * smaller than this) */
#define HEADER_MAX ((off_t)1 << 20)

/* Whether the regular file at path holds the start of a header and no
 * more: empty, as the RTS leaves its log until its first flush (the
 * header waits in stdio's buffer: `+RTS --eventlog-flush-interval` or
 * not), or cut inside it. */
bool source_header_pending(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return false;
	struct stat sb;
	bool cut = false;
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size < HEADER_MAX) {
		uint8_t *buf = malloc((size_t)sb.st_size + 1);
		ssize_t got = buf ? pread(fd, buf, (size_t)sb.st_size, 0) : -1;
		struct ev_header h;
		const char *why;
		uint64_t at;
		if (got >= 0) {
			enum hdr_status st = hdr_parse(buf, (size_t)got, &h, &why, &at);
			if (st == HDR_OK)
				hdr_free(&h);
			cut = st == HDR_TRUNCATED;
		}
		free(buf);
	}
	close(fd);
	return cut;
}
