/* runstat.c: run a command and report its wall time and memory peaks.
 *
 *   runstat [-x] [-i MS] [-o OUT] [-e ERR] [-t SECONDS] [-m KB] -- CMD [ARG...]
 *
 * Runs CMD with stdout to OUT and stderr to ERR (default /dev/null for
 * both) and prints one line on stdout:
 *
 *   WALL_SECONDS PEAK_RSS_KB PEAK_ANON_KB EXIT_STATUS SAMPLES KILLED
 *
 * With -t or -m the child is killed (SIGKILL) once it has run SECONDS or
 * once a sample of its anonymous memory exceeds KB; KILLED is then "time"
 * or "mem" (checked at every sample), otherwise "-".
 *
 * WALL_SECONDS is measured with CLOCK_MONOTONIC from fork to reaping the
 * child.  PEAK_RSS_KB is the kernel's high-water mark of the child's
 * resident set (wait4 ru_maxrss, the same figure as VmHWM): it includes
 * file pages the program has mmapped, i.e. page cache.  Linux keeps no
 * high-water mark of anonymous memory, so PEAK_ANON_KB is the largest
 * RssAnon read from /proc/PID/status by a sampler thread every MS
 * milliseconds (default 10), plus one last read when the child is about
 * to exit: the child is attached with PTRACE_SEIZE and PTRACE_O_TRACEEXIT,
 * which stops it after exit() but before its address space is torn down.
 * (If ptrace is not permitted the exit-time read is skipped; SAMPLES then
 * says how many reads there were.  With -x that is an error instead: runstat
 * prints its line and exits 3 when the child could not be attached, or ended
 * without the exit-time read, e.g. killed by a signal.)  A peak shorter than the sampling
 * interval that is not also present at exit can be missed.  EXIT_STATUS is
 * the exit code, or 128+signal.
 *
 * Linux only.  cc -O2 -pthread -o runstat runstat.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pid_t child;
static char status_path[64];
static atomic_long peak_anon = 0;
static atomic_long nsamples = 0;
static atomic_int done = 0;
static long interval_ms = 10;
static double limit_s;      /* -t: 0 = none */
static long limit_kb;       /* -m: 0 = none */
static double t0;
static atomic_int killed;   /* 1: time, 2: memory */
static int need_exit_read;  /* -x */

/* RssAnon of the child in kB, or -1. */
static long read_anon(void)
{
	char buf[4096];
	int fd = open(status_path, O_RDONLY);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	char *p = strstr(buf, "\nRssAnon:");
	if (!p)
		return -1;
	return strtol(p + 9, NULL, 10);
}

static void sample(void)
{
	long v = read_anon();
	if (v < 0)
		return;
	atomic_fetch_add(&nsamples, 1);
	int no = 0;
	if (limit_kb > 0 && v > limit_kb && atomic_compare_exchange_strong(&killed, &no, 2))
		kill(child, SIGKILL);
	long cur = atomic_load(&peak_anon);
	while (v > cur && !atomic_compare_exchange_weak(&peak_anon, &cur, v))
		;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void *sampler(void *arg)
{
	(void)arg;
	struct timespec ts = { interval_ms / 1000, (interval_ms % 1000) * 1000000L };
	while (!atomic_load(&done)) {
		sample();
		int no = 0;
		if (limit_s > 0 && now() - t0 > limit_s &&
		    atomic_compare_exchange_strong(&killed, &no, 1))
			kill(child, SIGKILL);
		nanosleep(&ts, NULL);
	}
	return NULL;
}

static void usage(void)
{
	fprintf(stderr, "usage: runstat [-x] [-i MS] [-o OUT] [-e ERR] [-t SECONDS] [-m KB] -- CMD [ARG...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *outp = "/dev/null", *errp = "/dev/null";
	int opt;
	while ((opt = getopt(argc, argv, "+xi:o:e:t:m:")) != -1) {
		switch (opt) {
		case 'x': need_exit_read = 1; break;
		case 'i': interval_ms = atol(optarg); break;
		case 't': limit_s = atof(optarg); break;
		case 'm': limit_kb = atol(optarg); break;
		case 'o': outp = optarg; break;
		case 'e': errp = optarg; break;
		default: usage();
		}
	}
	if (optind >= argc || interval_ms < 1)
		usage();
	argv += optind;

	int go[2];
	if (pipe(go))
		return perror("runstat: pipe"), 2;
	t0 = now();
	child = fork();
	if (child < 0)
		return perror("runstat: fork"), 2;
	if (child == 0) {
		char c;
		close(go[1]);
		if (read(go[0], &c, 1) != 1) /* wait until the parent is attached */
			_exit(127);
		close(go[0]);
		int o = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int e = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
			_exit(127);
		close(o);
		close(e);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(go[0]);
	snprintf(status_path, sizeof status_path, "/proc/%ld/status", (long)child);
	int traced = ptrace(PTRACE_SEIZE, child, 0, (void *)(long)PTRACE_O_TRACEEXIT) == 0;
	pthread_t th;
	if (pthread_create(&th, NULL, sampler, NULL))
		return perror("runstat: pthread_create"), 2;
	if (write(go[1], "x", 1) != 1)
		return perror("runstat: write"), 2;
	close(go[1]);

	int st, exit_read = 0;
	struct rusage ru;
	for (;;) {
		pid_t r = wait4(child, &st, __WALL, &ru);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return perror("runstat: wait4"), 2;
		}
		if (!WIFSTOPPED(st))
			break;
		int sig = 0;
		if (st >> 8 == (SIGTRAP | (PTRACE_EVENT_EXIT << 8))) {
			long before = atomic_load(&nsamples);
			sample(); /* exiting: the address space is still there */
			exit_read = atomic_load(&nsamples) > before;
		}
		else if ((st >> 16) == 0)
			sig = WSTOPSIG(st); /* signal-delivery stop: re-inject */
		ptrace(PTRACE_CONT, child, 0, (void *)(long)sig);
	}
	double t1 = now();
	atomic_store(&done, 1);
	pthread_join(th, NULL);
	int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	int k = atomic_load(&killed);
	printf("%.4f %ld %ld %d %ld %s\n", t1 - t0, ru.ru_maxrss, atomic_load(&peak_anon), code,
	       atomic_load(&nsamples), k == 1 ? "time" : k == 2 ? "mem" : "-");
	if (need_exit_read && (!traced || !exit_read)) {
		fprintf(stderr, "runstat: %s\n",
			!traced ? "cannot attach to the child (ptrace): no exit-time read"
				: "the child ended without the exit-time read");
		return 3;
	}
	return 0;
}
