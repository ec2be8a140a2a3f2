/* pager: a command's output through the user's pager (pager.h), after
 * git's pager.c: the same choice of command (git's GIT_PAGER is
 * HECTIC_PAGER here), the same LESS=FRX and LV=-c, sh -c, stdout dup2'ed
 * to the pager's pipe, the pager waited for at the end and on a signal. */
#include "pager.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

extern char **environ;

#define DEFAULT_PAGER "less -R"

static volatile pid_t pager_pid = -1;
static int tty_fd = -1;  /* the terminal that stdout was */
static int null_fd = -1; /* /dev/null: stdout once the pager had its end */

/* The signals that wait for the pager before they end hectic; SIGPIPE
 * last (it ends hectic with status 0). */
static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };
#define NSIGS (sizeof sigs / sizeof sigs[0])
static struct sigaction old_act[NSIGS];
static bool caught[NSIGS];

/* Is name an executable file in a directory of $PATH? */
static bool on_path(const char *name)
{
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t n = strcspn(path, ":");
		char buf[4096];
		if (n > 0 && n + strlen(name) + 2 <= sizeof buf) {
			snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, name);
			if (access(buf, X_OK) == 0)
				return true;
		}
		path += n;
		if (*path == ':')
			path++;
	}
	return false;
}

/* The pager command, or NULL for none (git_pager()). */
static const char *pager_command(void)
{
	const char *p = getenv("HECTIC_PAGER");
	if (!p)
		p = getenv("PAGER");
	if (!p) {
		/* the default only where there is a less to run: a system
		 * without one gets the text, not "sh: less: not found" */
		if (!on_path("less"))
			return NULL;
		p = DEFAULT_PAGER;
	}
	if (!*p || !strcmp(p, "cat"))
		return NULL;
	return p;
}

/* Waits for the pager (async-signal-safe); its exit status, or -1. */
static int reap(void)
{
	pid_t pid = pager_pid;
	int st;
	if (pid <= 0)
		return -1;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	pager_pid = -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool not_run(int status)
{
	return status == 126 || status == 127;
}

/* SIGPIPE: the pager has gone (the user quit it before the end): wait for
 * it, and end quietly. Another signal: give the pager the end of its
 * input (stdout to /dev/null: threads still writing write there), wait
 * for the user to quit it, then die of the signal. */
static void on_signal(int sig)
{
	int saved = errno;
	if (sig != SIGPIPE && null_fd >= 0)
		dup2(null_fd, STDOUT_FILENO);
	int st = reap();
	if (sig == SIGPIPE)
		_exit(not_run(st) ? EXIT_BADINPUT : 0);
	for (size_t i = 0; i < NSIGS; i++) /* what it did before: the default, mostly */
		if (sigs[i] == sig)
			sigaction(sig, &old_act[i], NULL);
	raise(sig); /* delivered when the handler returns */
	errno = saved;
}

static void catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NSIGS; i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	for (size_t i = 0; i < NSIGS; i++) {
		caught[i] = false;
		if (sigaction(sigs[i], NULL, &old_act[i]) != 0)
			continue;
		/* a signal ignored at the start stays ignored (nohup, a
		 * background job), but SIGPIPE: it is the pager's quitting */
		if (sigs[i] != SIGPIPE && old_act[i].sa_handler == SIG_IGN)
			continue;
		caught[i] = sigaction(sigs[i], &sa, NULL) == 0;
	}
}

static void restore_signals(void)
{
	for (size_t i = 0; i < NSIGS; i++)
		if (caught[i])
			sigaction(sigs[i], &old_act[i], NULL);
}

/* The environment of the pager: ours with LESS=FRX and LV=-c when unset
 * (NULL when out of memory). */
static char **pager_env(void)
{
	size_t n = 0;
	while (environ[n])
		n++;
	char **env = malloc((n + 3) * sizeof *env);
	if (!env)
		return NULL;
	memcpy(env, environ, n * sizeof *env);
	if (!getenv("LESS"))
		env[n++] = "LESS=FRX";
	if (!getenv("LV"))
		env[n++] = "LV=-c";
	env[n] = NULL;
	return env;
}

static void pager_atexit(void)
{
	pager_finish();
}

/* sh -c cmd, its stdin the read end of fds; false (errno) if not. */
static bool spawn(const char *cmd, const int fds[2])
{
	char **env = pager_env();
	if (!env)
		return false;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fds[0], STDIN_FILENO);
	char *argv[] = { "sh", "-c", (char *)cmd, NULL };
	pid_t pid;
	int e = posix_spawn(&pid, "/bin/sh", &fa, NULL, argv, env);
	posix_spawn_file_actions_destroy(&fa);
	free(env);
	if (e) {
		errno = e;
		return false;
	}
	pager_pid = pid;
	return true;
}

bool pager_start(void)
{
	static bool registered;
	if (pager_pid > 0 || !isatty(STDOUT_FILENO))
		return false;
	const char *cmd = pager_command();
	if (!cmd)
		return false;
	int fds[2] = { -1, -1 };
	fflush(stdout);
	if (pipe(fds) != 0 || fcntl(fds[0], F_SETFD, FD_CLOEXEC) != 0 ||
	    fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0 ||
	    (tty_fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)) < 0 ||
	    (null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC)) < 0 || !spawn(cmd, fds)) {
		warnx_("cannot start the pager '%s': %s", cmd, strerror(errno));
		for (int i = 0; i < 2; i++)
			if (fds[i] >= 0)
				close(fds[i]);
		if (tty_fd >= 0)
			close(tty_fd);
		if (null_fd >= 0)
			close(null_fd);
		tty_fd = null_fd = -1;
		return false;
	}
	close(fds[0]);
	catch_signals();
	dup2(fds[1], STDOUT_FILENO);
	close(fds[1]);
	if (!registered)
		registered = atexit(pager_atexit) == 0;
	return true;
}

int pager_finish(void)
{
	if (pager_pid <= 0)
		return -1;
	fflush(stdout); /* a write error stays in ferror(stdout) for the caller */
	dup2(tty_fd, STDOUT_FILENO); /* the pipe's last writer gone: its end */
	int st = reap();
	restore_signals();
	close(tty_fd);
	close(null_fd);
	tty_fd = null_fd = -1;
	return not_run(st) ? EXIT_BADINPUT : -1;
}
