/* A file the user named, replaced whole or not at all (outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the pending temporaries ---- */

/* A slot is live once its name is whole; owner is the process that made
 * the temporary (a child forked since, which exits through exit(), must
 * not remove its parent's files). */
#define PENDING_MAX 4
static struct {
	volatile sig_atomic_t live;
	pid_t owner;
	char path[4096];
} pending[PENDING_MAX];

/* The signals whose default action ends the process, but the faults (a
 * fault's handler is the map guard's or a sanitizer's) and SIGKILL. */
static const int quit_sigs[] = { SIGHUP,  SIGINT,  SIGQUIT, SIGTERM, SIGPIPE,  SIGALRM,
				 SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM };

void outfile_abandon_all(void)
{
	pid_t me = getpid();
	for (int i = 0; i < PENDING_MAX; i++)
		if (pending[i].live) {
			if (pending[i].owner == me)
				unlink(pending[i].path);
			pending[i].live = 0;
		}
}

/* A quit signal whose action was the default: the temporaries go, and the
 * signal, its action reset on entry (SA_RESETHAND) and blocked until the
 * handler returns, then ends the process as it would have. */
static void on_quit_signal(int sig)
{
	int saved = errno;
	outfile_abandon_all();
	raise(sig);
	errno = saved;
}

static void exit_hook(void)
{
	outfile_abandon_all();
}

/* Once: the temporaries go at exit and on the quit signals left at their
 * default. */
static void watch_exits(void)
{
	static atomic_flag done = ATOMIC_FLAG_INIT;
	if (atomic_flag_test_and_set(&done))
		return;
	atexit(exit_hook);
	for (size_t i = 0; i < sizeof quit_sigs / sizeof quit_sigs[0]; i++) {
		struct sigaction old, sa;
		if (sigaction(quit_sigs[i], NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) ||
		    old.sa_handler != SIG_DFL)
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_quit_signal;
		sa.sa_flags = SA_RESETHAND;
		sigfillset(&sa.sa_mask);
		sigaction(quit_sigs[i], &sa, NULL);
	}
}

int outfile_pend(const char *path)
{
	watch_exits();
	for (int i = 0; i < PENDING_MAX; i++)
		if (!pending[i].live) {
			snprintf(pending[i].path, sizeof pending[i].path, "%s", path);
			pending[i].owner = getpid();
			/* the name whole before a handler may read it */
			atomic_signal_fence(memory_order_seq_cst);
			pending[i].live = 1;
			return i;
		}
	return -1;
}

void outfile_unpend(int slot)
{
	if (slot >= 0 && slot < PENDING_MAX)
		pending[slot].live = 0;
}

/* ---- the check ---- */

static const char *outfile_kind_of(mode_t m)
{
	return S_ISFIFO(m)  ? "a FIFO"
	       : S_ISDIR(m) ? "a directory"
	       : S_ISCHR(m) ? "a character device"
	       : S_ISBLK(m) ? "a block device"
	       : S_ISSOCK(m) ? "a socket"
			     : "a special file";
}

bool outfile_check(const char *out, const struct stat *ins, size_t n, enum outfile_kind kind,
		   const char *what, char *target, size_t tlen, char *err, size_t errlen)
{
	struct stat lst, st;
	if (!*out) {
		snprintf(err, errlen, "%s: the file name is empty", what);
		return false;
	}
	if (snprintf(target, tlen, "%s", out) >= (int)tlen) {
		snprintf(err, errlen, "%s: %s", out, strerror(ENAMETOOLONG));
		return false;
	}
	if (lstat(out, &lst) != 0) {
		if (errno == ENOENT)
			return true; /* a new name */
		snprintf(err, errlen, "%s: %s", out, strerror(errno));
		return false;
	}
	bool link = S_ISLNK(lst.st_mode);
	if (!link) {
		st = lst;
	} else if (stat(out, &st) != 0) {
		int e = errno;
		snprintf(err, errlen, "%s: a symbolic link to %s: %s writes through a link to its file",
			 out, e == ENOENT ? "nothing" : strerror(e), what);
		return false;
	}
	for (size_t i = 0; i < n; i++)
		if (ins[i].st_dev == st.st_dev && ins[i].st_ino == st.st_ino) {
			snprintf(err, errlen,
				 "%s: %s names the log itself (a log it reads, by another name): "
				 "name another file",
				 out, what);
			return false;
		}
	if (!S_ISREG(st.st_mode) && (kind == OUTFILE_REGULAR || S_ISDIR(st.st_mode))) {
		snprintf(err, errlen, "%s: not a regular file (%s): %s writes a file", out,
			 outfile_kind_of(st.st_mode), what);
		return false;
	}
	if (link && S_ISREG(st.st_mode)) {
		char *real = realpath(out, NULL);
		bool fits = real && snprintf(target, tlen, "%s", real) < (int)tlen;
		int e = real ? ENAMETOOLONG : errno;
		free(real);
		if (!fits) {
			snprintf(err, errlen, "%s: %s", out, strerror(e));
			return false;
		}
	}
	return true;
}

/* ---- writing OUT ---- */

bool outfile_open(struct outfile *o, const char *path, char *err, size_t errlen)
{
	*o = (struct outfile){ .path = path, .pend = -1 };
	struct stat st;
	bool exists = stat(path, &st) == 0;
	if (exists && !S_ISREG(st.st_mode)) {
		o->direct = true;
		if (!(o->f = fopen(path, "w")))
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return o->f != NULL;
	}
	if (snprintf(o->tmp, sizeof o->tmp, "%s.XXXXXX", path) >= (int)sizeof o->tmp) {
		snprintf(err, errlen, "%s: %s", path, strerror(ENAMETOOLONG));
		o->tmp[0] = 0;
		return false;
	}
	/* the quit signals held, in this thread, from its making to its
	 * naming in the table, where a handler finds it */
	watch_exits();
	sigset_t quit, was;
	sigemptyset(&quit);
	for (size_t i = 0; i < sizeof quit_sigs / sizeof quit_sigs[0]; i++)
		sigaddset(&quit, quit_sigs[i]);
	pthread_sigmask(SIG_BLOCK, &quit, &was);
	int fd = mkstemp(o->tmp), e = errno;
	if (fd >= 0)
		o->pend = outfile_pend(o->tmp);
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot write next to it: %s", path, strerror(e));
		o->tmp[0] = 0;
		return false;
	}
	mode_t um = umask(0);
	umask(um);
	(void)fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~um);
	if (!(o->f = fdopen(fd, "w"))) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		unlink(o->tmp);
		outfile_unpend(o->pend);
		o->tmp[0] = 0;
		return false;
	}
	return true;
}

bool outfile_write_fd(int fd, const void *p, size_t n)
{
	const char *b = p;
	while (n) {
		ssize_t w = write(fd, b, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		b += w;
		n -= (size_t)w;
	}
	return true;
}

bool outfile_end(struct outfile *o, bool whole, char *err, size_t errlen)
{
	if (!o->f)
		return true;
	*err = 0;
	bool ok = whole;
	if (fflush(o->f) != 0 || ferror(o->f)) {
		if (ok)
			snprintf(err, errlen, "%s: %s", o->path, strerror(errno ? errno : EIO));
		ok = false;
	}
	if (fclose(o->f) != 0 && ok) {
		snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
		ok = false;
	}
	o->f = NULL;
	if (o->direct)
		return ok;
	if (ok && rename(o->tmp, o->path) != 0) {
		snprintf(err, errlen, "%s: %s", o->path, strerror(errno));
		ok = false;
	}
	if (!ok)
		unlink(o->tmp);
	outfile_unpend(o->pend);
	o->pend = -1;
	o->tmp[0] = 0;
	return ok;
}
