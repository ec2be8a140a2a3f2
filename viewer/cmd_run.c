/* hectic run [--save FILE] [--] PROG ARGS...: runs a program with its
 * eventlog going to a FIFO that the viewer follows.
 *
 * The program gets GHCRTS with "-l -ol<fifo>" added (its own GHCRTS kept;
 * "-l" left out when it already asks for event classes), standard input
 * from /dev/null and its output in a file (the viewer has the terminal),
 * whose last lines are shown when the viewer ends. A program that exits
 * without opening the FIFO (GHCRTS ignored: not linked with -rtsopts; or
 * -l refused: not linked with -eventlog) unblocks the viewer's wait with
 * an empty stream, and is told what to rebuild with. Quitting the viewer
 * while the program runs stops it (SIGTERM). */
#include "cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ui.h"

static struct run_state {
	pid_t pid;
	char dir[4096], fifo[4200], out[4200];
	const char *prog;
	int status;    /* waitpid's, once exited */
	int exited;    /* 1 once exited (atomic) */
} run;

/* Waits for the program; when it ends without having opened the FIFO,
 * opens it for writing and closes it, so the viewer's reader sees an
 * empty stream instead of waiting for ever. */
static void *reaper(void *arg)
{
	(void)arg;
	int st;
	while (waitpid(run.pid, &st, 0) < 0 && errno == EINTR)
		;
	run.status = st;
	__atomic_store_n(&run.exited, 1, __ATOMIC_RELEASE);
	/* blocks until the viewer's reader opens it (at once when it has) */
	int fd;
	while ((fd = open(run.fifo, O_WRONLY | O_CLOEXEC)) < 0 && errno == EINTR)
		;
	if (fd >= 0)
		close(fd);
	return NULL;
}

static void describe_exit(char *buf, size_t n)
{
	if (WIFEXITED(run.status))
		snprintf(buf, n, "exited with status %d", WEXITSTATUS(run.status));
	else if (WIFSIGNALED(run.status))
		snprintf(buf, n, "was killed by signal %d", WTERMSIG(run.status));
	else
		snprintf(buf, n, "ended");
}

/* The program's output on stderr, escaped: all of it when short, else
 * its first lines (where GHC's RTS says what it refused) and its last. */
static void show_output(void)
{
	FILE *f = fopen(run.out, "rb");
	if (!f)
		return;
	enum { HEAD = 6, TAIL = 8, KEEP = 16 };
	char *lines[KEEP + 1] = { 0 }; /* a ring of the last lines */
	char line[512];
	size_t n = 0;
	bool said = false;
	while (fgets(line, sizeof line, f)) {
		size_t l = strlen(line);
		if (l && line[l - 1] == '\n')
			line[l - 1] = 0;
		else
			while (l == sizeof line - 1 && fgetc(f) != '\n' && !feof(f)) /* cut long lines */
				;
		if (!said) {
			warnx_("%s's output:", run.prog);
			said = true;
		}
		if (n < HEAD) {
			warnx_("  | %s", line);
		} else {
			free(lines[n % (KEEP + 1)]);
			lines[n % (KEEP + 1)] = strdup(line);
		}
		n++;
	}
	fclose(f);
	size_t rest = n > HEAD ? n - HEAD : 0;
	if (rest > KEEP) {
		warnx_("  | ... (%zu lines)", rest - TAIL);
		for (size_t i = n - TAIL; i < n; i++)
			warnx_("  | %s", lines[i % (KEEP + 1)] ? lines[i % (KEEP + 1)] : "");
	} else {
		for (size_t i = HEAD; i < n; i++)
			warnx_("  | %s", lines[i % (KEEP + 1)] ? lines[i % (KEEP + 1)] : "");
	}
	for (size_t i = 0; i <= KEEP; i++)
		free(lines[i]);
}

static void cleanup(void)
{
	if (run.pid > 0 && !__atomic_load_n(&run.exited, __ATOMIC_ACQUIRE))
		kill(run.pid, SIGTERM);
	unlink(run.fifo);
	unlink(run.out);
	rmdir(run.dir);
}

/* When the viewer ends, by any path (its end, term_die's exit, a quit
 * while loading): says what the program did (a program still running is
 * stopped by cleanup), shows its output, removes the FIFO. Once. */
static void at_exit(void)
{
	if (!run.pid)
		return;
	if (__atomic_load_n(&run.exited, __ATOMIC_ACQUIRE)) {
		char how[64];
		describe_exit(how, sizeof how);
		warnx_("%s %s", run.prog, how);
	} else {
		warnx_("%s was still running: stopped (SIGTERM)", run.prog);
	}
	show_output();
	cleanup();
	run.pid = 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: hectic run [--save FILE] [--keymap=NAME] [--color=WHEN] [--ascii] [--] "
		   "PROG [ARGS...]\n");
}

int cmd_run(int argc, char **argv)
{
	struct ui_opts o;
	int rc0 = view_options(argc, argv, true, usage, &o);
	if (rc0 >= 0)
		return rc0;
	if (optind >= argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	char **prog = argv + optind;
	run.prog = prog[0];
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		warnx_("hectic run shows the program's eventlog in the viewer: it needs a terminal");
		return EXIT_USAGE;
	}
	/* a directory of ours for the FIFO: no spaces (GHCRTS splits on them) */
	const char *tmp = getenv("TMPDIR");
	if (!tmp || !*tmp || strpbrk(tmp, " \t\n"))
		tmp = "/tmp";
	snprintf(run.dir, sizeof run.dir, "%s/hectic-run-XXXXXX", tmp);
	if (!mkdtemp(run.dir)) {
		warnx_("%s: %s", run.dir, strerror(errno));
		return EXIT_BADINPUT;
	}
	snprintf(run.fifo, sizeof run.fifo, "%s/eventlog", run.dir);
	snprintf(run.out, sizeof run.out, "%s/output", run.dir);
	if (mkfifo(run.fifo, 0600) != 0) {
		warnx_("%s: %s", run.fifo, strerror(errno));
		rmdir(run.dir);
		return EXIT_BADINPUT;
	}
	int out = open(run.out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (out < 0) {
		warnx_("%s: %s", run.out, strerror(errno));
		cleanup();
		return EXIT_BADINPUT;
	}
	/* GHCRTS: the user's, with the eventlog to the FIFO */
	const char *old = getenv("GHCRTS");
	bool has_l = false;
	if (old)
		for (const char *p = old; (p = strstr(p, "-l")); p += 2)
			if ((p == old || p[-1] == ' ' || p[-1] == '\t') && p[2] != 'o')
				has_l = true;
	size_t len = (old ? strlen(old) : 0) + strlen(run.fifo) + 16;
	char *rts = malloc(len);
	if (!rts) {
		close(out);
		cleanup();
		return EXIT_BADINPUT;
	}
	snprintf(rts, len, "%s%s%s-ol%s", old ? old : "", old && *old ? " " : "",
		 has_l ? "" : "-l ", run.fifo);
	fflush(NULL);
	int errpipe[2];
	if (pipe(errpipe) != 0) {
		close(out);
		free(rts);
		cleanup();
		return EXIT_BADINPUT;
	}
	fcntl(errpipe[1], F_SETFD, FD_CLOEXEC);
	run.pid = fork();
	if (run.pid < 0) {
		warnx_("fork: %s", strerror(errno));
		cleanup();
		return EXIT_BADINPUT;
	}
	if (run.pid == 0) {
		close(errpipe[0]);
		int in = open("/dev/null", O_RDONLY);
		if (in >= 0)
			dup2(in, STDIN_FILENO);
		dup2(out, STDOUT_FILENO);
		dup2(out, STDERR_FILENO);
		setenv("GHCRTS", rts, 1);
		/* its own process group: the terminal's Ctrl-C and Ctrl-Z are
		 * the viewer's keys, not signals to it */
		setpgid(0, 0);
		execvp(prog[0], prog);
		int e = errno;
		ssize_t w = write(errpipe[1], &e, sizeof e);
		(void)w;
		_exit(127);
	}
	close(out);
	free(rts);
	close(errpipe[1]);
	int e = 0;
	ssize_t r;
	while ((r = read(errpipe[0], &e, sizeof e)) < 0 && errno == EINTR)
		;
	close(errpipe[0]);
	if (r == (ssize_t)sizeof e) {
		waitpid(run.pid, NULL, 0);
		run.pid = 0;
		warnx_("cannot run %s: %s", prog[0], strerror(e));
		cleanup();
		return EXIT_BADINPUT;
	}
	pthread_t th;
	if (pthread_create(&th, NULL, reaper, NULL) != 0) {
		kill(run.pid, SIGTERM);
		cleanup();
		return EXIT_BADINPUT;
	}
	pthread_detach(th);
	atexit(at_exit);
	ui_on_quit = at_exit;
	o.path = run.fifo;
	o.run_prog = run.prog;
	o.run_exited = &run.exited;
	int rc = ui_run(&o);
	at_exit();
	return rc;
}
