/* hectic run [--save FILE] [--] PROG ARGS...: runs a program with its
 * eventlog going to a FIFO that the viewer follows.
 *
 * The program gets GHCRTS with "-l -ol<fifo>" added (its own GHCRTS kept;
 * "-l" left out when it already asks for event classes), standard input
 * from /dev/null and its output in a file (the viewer has the terminal),
 * whose lines are shown when the viewer ends. A program that exits without
 * opening the FIFO (GHCRTS ignored: not linked with -rtsopts; or -l
 * refused: not linked with -eventlog) unblocks the viewer's wait with an
 * empty stream, and is told what to rebuild with.
 *
 * The program is not the viewer's child but a supervisor's: hectic forks
 * the supervisor before it takes the terminal, and the supervisor forks
 * the program in a process group of its own and waits for it. The viewer
 * holds the write end of a pipe to the supervisor; when the viewer quits
 * it asks the program stopped ('q' on the pipe), and when the viewer dies
 * by any means (a crash, SIGKILL) the pipe reads as closed. Either way the
 * supervisor sends SIGTERM to the program's process group, SIGKILL after
 * RUN_GRACE_MS to what is left of it, tells the viewer how the program
 * ended, and once the viewer has shown its output (or is gone) removes the
 * temporary directory. */
#include "cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "../viewer/mainloop.h"
#include "../viewer/live.h"
#include "cli_help.h"

/* From SIGTERM to SIGKILL: documented in hectic(1) and --help (the run
 * command's texts in commands.c say 2 s). */
#define RUN_GRACE_MS 2000

/* What the supervisor tells the viewer. */
enum { MSG_STARTED, MSG_EXITED, MSG_FINAL };

/* When the program ended, in a final message. */
enum { END_BEFORE, END_ON_TERM, END_ON_KILL, END_NOT };

struct run_msg {
	int kind;
	int err;       /* MSG_STARTED: execvp's errno, or 0 */
	int status;    /* MSG_EXITED, MSG_FINAL: the program's wait status */
	int ended;     /* MSG_FINAL: END_* */
	int others;    /* MSG_FINAL, the rest of its group: 0 nothing to say
			* (none, or it ended as the program did); 1 the program
			* had ended, and what it left ended on SIGTERM; 2 what
			* outlived the program took SIGKILL; 3 it outlived
			* SIGKILL */
	pid_t pgid;    /* MSG_STARTED */
};

static struct run_state {
	pid_t sup;  /* the supervisor (0: none, or done) */
	pid_t pgid; /* the program's process group */
	int ctl;    /* to the supervisor: 'q', or closed */
	int rep;    /* from it: struct run_msg */
	char dir[4096], fifo[4200], out[4200];
	const char *prog;
	int exited;    /* 1 once the program has exited (atomic): for the viewer */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct run_msg final;
	int done;      /* 1 the final message came, 2 the supervisor is gone */
} prog_run = { .ctl = -1, .rep = -1, .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };

static bool read_full(int fd, void *buf, size_t n)
{
	size_t got = 0;
	while (got < n) {
		ssize_t r = read(fd, (char *)buf + got, n - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		got += (size_t)r;
	}
	return true;
}

static void send_msg(int fd, const struct run_msg *m)
{
	ssize_t w;
	while ((w = write(fd, m, sizeof *m)) < 0 && errno == EINTR)
		;
}

static void remove_dir(void)
{
	unlink(prog_run.fifo);
	unlink(prog_run.out);
	rmdir(prog_run.dir);
}

/* ---- the supervisor ---- */

static int sup_wake[2] = { -1, -1 };
static volatile sig_atomic_t sup_term;

static void sup_on_signal(int sig)
{
	int saved = errno;
	if (sig == SIGTERM)
		sup_term = 1;
	char c = 0;
	(void)!write(sup_wake[1], &c, 1);
	errno = saved;
}

/* The signals the supervisor changes, and how hectic had them, for the
 * program. */
static const int sup_sigs[] = { SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGTTOU, SIGTERM, SIGCHLD };
static struct sigaction sup_old[sizeof sup_sigs / sizeof sup_sigs[0]];

static void sup_signals(void)
{
	for (size_t i = 0; i < sizeof sup_sigs / sizeof sup_sigs[0]; i++) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sigemptyset(&sa.sa_mask);
		int s = sup_sigs[i];
		/* the terminal's signals are the viewer's: it decides, and its
		 * end (by any means) closes the pipe; a last word to the
		 * terminal from the background must not stop us (SIGTTOU) */
		sa.sa_handler = s == SIGTERM || s == SIGCHLD ? sup_on_signal : SIG_IGN;
		sa.sa_flags = s == SIGCHLD ? SA_RESTART | SA_NOCLDSTOP : SA_RESTART;
		sigaction(s, &sa, &sup_old[i]);
	}
}

struct sup {
	pid_t pid;       /* the program */
	int status;
	bool reaped;
	int rep;         /* to the viewer */
};

/* Reaps every child that ended: the program (said to the viewer at once),
 * and, as the subreaper, whatever of its descendants were orphaned. */
static void sup_reap(struct sup *p)
{
	int st;
	pid_t w;
	while ((w = waitpid(-1, &st, WNOHANG)) > 0) {
		if (w == p->pid && !p->reaped) {
			p->reaped = true;
			p->status = st;
			struct run_msg m = { .kind = MSG_EXITED, .status = st };
			send_msg(p->rep, &m);
		}
	}
}

static bool group_alive(pid_t g)
{
	return kill(-g, 0) == 0 || errno != ESRCH;
}

/* Waits up to ms for the group to end, reaping; true when it has. */
static bool sup_wait_group(struct sup *p, pid_t g, int ms)
{
	uint64_t until = live_now_ms() + (uint64_t)ms;
	for (;;) {
		sup_reap(p);
		if (!group_alive(g))
			return true;
		uint64_t t = live_now_ms();
		if (t >= until)
			return false;
		/* a child's end wakes the poll; the rest of the group is not
		 * ours to wait for, hence the short sleeps */
		struct pollfd pf = { .fd = sup_wake[0], .events = POLLIN };
		int left = (int)(until - t);
		if (poll(&pf, 1, left < 20 ? left : 20) > 0) {
			char drain[64];
			while (read(sup_wake[0], drain, sizeof drain) > 0)
				;
		}
	}
}

/* SIGTERM to the program's group, SIGKILL after the grace period to what
 * is left; the final message says how it went. */
static struct run_msg sup_stop(struct sup *p, pid_t g)
{
	struct run_msg m = { .kind = MSG_FINAL, .ended = END_BEFORE };
	bool gone = sup_wait_group(p, g, 0);
	bool before = p->reaped;
	if (!gone) {
		kill(-g, SIGTERM);
		gone = sup_wait_group(p, g, RUN_GRACE_MS);
		if (!before && p->reaped)
			m.ended = END_ON_TERM;
		if (!gone) {
			bool reaped = p->reaped;
			kill(-g, SIGKILL);
			gone = sup_wait_group(p, g, 1000);
			if (!reaped && p->reaped)
				m.ended = END_ON_KILL;
			if (reaped)
				m.others = 2;
		} else if (before) {
			m.others = 1; /* the program had ended: the rest was its */
		}
		if (!gone && p->reaped)
			m.others = 3;
	}
	if (!p->reaped)
		m.ended = END_NOT;
	m.status = p->status;
	return m;
}

static void sup_exec(char **prog, const char *rts, int out, int errfd)
{
	for (size_t i = 0; i < sizeof sup_sigs / sizeof sup_sigs[0]; i++)
		sigaction(sup_sigs[i], &sup_old[i], NULL);
	int in = open("/dev/null", O_RDONLY);
	if (in >= 0)
		dup2(in, STDIN_FILENO);
	dup2(out, STDOUT_FILENO);
	dup2(out, STDERR_FILENO);
	setenv("GHCRTS", rts, 1);
	/* its own process group: the terminal's Ctrl-C and Ctrl-Z are the
	 * viewer's keys, not signals to it, and the group is what is stopped */
	setpgid(0, 0);
	execvp(prog[0], prog);
	int e = errno;
	(void)!write(errfd, &e, sizeof e);
	_exit(127);
}

/* How the program ended, in words (below). */
static void describe_final(char *buf, size_t n, const struct run_msg *m);

/* The supervisor's life: start the program, tell the viewer its group,
 * report its end, stop it when asked or when the viewer is gone, and
 * remove the directory once the viewer no longer needs it. */
static void supervise(char **prog, const char *rts, int out, int ctl, int rep)
{
	if (pipe(sup_wake) != 0)
		_exit(1);
	for (int i = 0; i < 2; i++) {
		fcntl(sup_wake[i], F_SETFL, O_NONBLOCK);
		fcntl(sup_wake[i], F_SETFD, FD_CLOEXEC);
	}
	sup_signals();
#ifdef PR_SET_CHILD_SUBREAPER
	/* the program's orphaned children become ours: their ends are reaped
	 * here, so a dead one does not keep the group alive */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
	int errpipe[2];
	struct sup p = { .rep = rep };
	struct run_msg m = { .kind = MSG_STARTED };
	if (pipe(errpipe) != 0 || fcntl(errpipe[1], F_SETFD, FD_CLOEXEC) != 0 ||
	    (p.pid = fork()) < 0) {
		m.err = errno;
		send_msg(rep, &m);
		remove_dir();
		_exit(1);
	}
	if (p.pid == 0) {
		close(errpipe[0]);
		sup_exec(prog, rts, out, errpipe[1]);
	}
	setpgid(p.pid, p.pid); /* both sides: no race with the first signal */
	close(out);
	close(errpipe[1]);
	int e = 0;
	if (read_full(errpipe[0], &e, sizeof e))
		m.err = e;
	close(errpipe[0]);
	m.pgid = p.pid;
	send_msg(rep, &m);
	/* until the viewer asks for the stop, or is gone, or we are told */
	char c = 0;
	ssize_t r = 1;
	for (;;) {
		sup_reap(&p);
		if (sup_term)
			break;
		struct pollfd pf[2] = { { .fd = ctl, .events = POLLIN }, { .fd = sup_wake[0], .events = POLLIN } };
		if (poll(pf, 2, -1) < 0 && errno != EINTR)
			break;
		if (pf[1].revents) {
			char drain[64];
			while (read(sup_wake[0], drain, sizeof drain) > 0)
				;
		}
		if (pf[0].revents) {
			while ((r = read(ctl, &c, 1)) < 0 && errno == EINTR)
				;
			break;
		}
	}
	struct run_msg f = sup_stop(&p, p.pid);
	send_msg(rep, &f);
	if (r <= 0) {
		/* the viewer died: nobody else will say it */
		char how[300];
		describe_final(how, sizeof how, &f);
		fputs("\r\n", stderr); /* the terminal may still be raw */
		warnx_("the viewer ended unexpectedly; %s", how);
	}
	/* the viewer shows the output, then closes its end */
	while (r > 0)
		while ((r = read(ctl, &c, 1)) < 0 && errno == EINTR)
			;
	remove_dir();
	_exit(0);
}

/* ---- the viewer's side ---- */

static void describe_exit(char *buf, size_t n, int status)
{
	if (WIFEXITED(status))
		snprintf(buf, n, "exited with status %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, n, "was killed by signal %d", WTERMSIG(status));
	else
		snprintf(buf, n, "ended");
}

static void describe_final(char *buf, size_t n, const struct run_msg *m)
{
	char how[64];
	describe_exit(how, sizeof how, m->status);
	double grace = RUN_GRACE_MS / 1000.0;
	int k;
	switch (m->ended) {
	case END_BEFORE:
		k = snprintf(buf, n, "%s %s", prog_run.prog, how);
		break;
	case END_ON_TERM:
		if (WIFSIGNALED(m->status) && WTERMSIG(m->status) == SIGTERM)
			k = snprintf(buf, n, "%s was still running: stopped (SIGTERM)", prog_run.prog);
		else
			k = snprintf(buf, n, "%s was still running: on SIGTERM it %s", prog_run.prog, how);
		break;
	case END_ON_KILL:
		k = snprintf(buf, n, "%s was still running and did not end within %g s of SIGTERM: "
				     "killed (SIGKILL)", prog_run.prog, grace);
		break;
	default:
		k = snprintf(buf, n, "%s was still running, and still is after SIGKILL", prog_run.prog);
		break;
	}
	if (k < 0 || (size_t)k >= n)
		return;
	static const char *const rest[] = {
		"",
		"; what it left running in its process group ended on SIGTERM",
		"; what it left running in its process group did not end on SIGTERM: killed (SIGKILL)",
		"; what it left running in its process group is still there after SIGKILL",
	};
	if (m->others > 0 && m->others < 4)
		snprintf(buf + k, n - (size_t)k, "%s", rest[m->others]);
}

/* When the program ends without having opened the FIFO, opens it for
 * writing and closes it, so the viewer's reader sees an empty stream
 * instead of waiting for ever. */
static void *unblock_fifo(void *arg)
{
	(void)arg;
	/* blocks until the viewer's reader opens it (at once when it has) */
	int fd;
	while ((fd = open(prog_run.fifo, O_WRONLY | O_CLOEXEC)) < 0 && errno == EINTR)
		;
	if (fd >= 0)
		close(fd);
	return NULL;
}

/* The supervisor's messages: the program's end, then the final word. */
static void *listener(void *arg)
{
	(void)arg;
	struct run_msg m;
	int done = 2;
	while (read_full(prog_run.rep, &m, sizeof m)) {
		if (m.kind == MSG_EXITED) {
			__atomic_store_n(&prog_run.exited, 1, __ATOMIC_RELEASE);
			pthread_t th;
			if (pthread_create(&th, NULL, unblock_fifo, NULL) == 0)
				pthread_detach(th);
		} else if (m.kind == MSG_FINAL) {
			prog_run.final = m;
			done = 1;
			break;
		}
	}
	pthread_mutex_lock(&prog_run.mu);
	prog_run.done = done;
	pthread_cond_broadcast(&prog_run.cv);
	pthread_mutex_unlock(&prog_run.mu);
	return NULL;
}

/* Waits up to ms for the listener to finish; true when it has. */
static bool wait_done(int ms)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&prog_run.mu);
	while (!prog_run.done && pthread_cond_timedwait(&prog_run.cv, &prog_run.mu, &ts) == 0)
		;
	bool done = prog_run.done != 0;
	pthread_mutex_unlock(&prog_run.mu);
	return done;
}

/* The program's output on stderr, escaped: all of it when short, else
 * its first lines (where GHC's RTS says what it refused) and its last. */
static void show_output(void)
{
	FILE *f = fopen(prog_run.out, "rb");
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
			warnx_("%s's output:", prog_run.prog);
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

/* Asks the supervisor to stop the program. A supervisor that is gone
 * must not end hectic with SIGPIPE: hectic is ending anyway. */
static void tell_stop(void)
{
	struct sigaction ign;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, NULL);
	(void)!write(prog_run.ctl, "q", 1);
}

/* Lets the supervisor go and waits for it (it removes the directory);
 * one that does not end is left, and the directory removed here. */
static void release_supervisor(void)
{
	close(prog_run.ctl);
	prog_run.ctl = -1;
	uint64_t until = live_now_ms() + 2000;
	pid_t w;
	while ((w = waitpid(prog_run.sup, NULL, WNOHANG)) == 0 && live_now_ms() < until)
		nanosleep(&(struct timespec){ 0, 10000000L }, NULL);
	if (w != prog_run.sup)
		remove_dir();
	prog_run.sup = 0;
}

/* When the viewer ends, by any path (its end, term_die's exit, a quit
 * while loading): stops the program and what it started, says how it
 * ended, shows its output, lets the supervisor remove the directory.
 * Once. */
static void at_exit(void)
{
	if (!prog_run.sup)
		return;
	tell_stop();
	if (!wait_done(250))
		warnx_("waiting for %s to end (SIGTERM sent; SIGKILL %g s after it)", prog_run.prog,
		       RUN_GRACE_MS / 1000.0);
	wait_done(RUN_GRACE_MS + 3000);
	pthread_mutex_lock(&prog_run.mu);
	int done = prog_run.done;
	pthread_mutex_unlock(&prog_run.mu);
	if (done == 1) {
		char how[300];
		describe_final(how, sizeof how, &prog_run.final);
		warnx_("%s", how);
	} else {
		/* the supervisor is gone or stuck: its group gets SIGKILL here */
		if (prog_run.pgid > 0)
			kill(-prog_run.pgid, SIGKILL);
		warnx_("%s: its supervisor ended early; killed its process group (SIGKILL)",
		       prog_run.prog);
	}
	show_output();
	release_supervisor();
}

/* The directory, the FIFO and the output file; GHCRTS for the program in
 * *rts. Returns -1, or the exit status having said why. */
static int make_dir(int *out, char **rts)
{
	/* a directory of ours for the FIFO: no spaces (GHCRTS splits on them) */
	const char *tmp = getenv("TMPDIR");
	if (!tmp || !*tmp || strpbrk(tmp, " \t\n"))
		tmp = "/tmp";
	snprintf(prog_run.dir, sizeof prog_run.dir, "%s/hectic-run-XXXXXX", tmp);
	if (!mkdtemp(prog_run.dir)) {
		warnx_("%s: %s", prog_run.dir, strerror(errno));
		return EXIT_BADINPUT;
	}
	snprintf(prog_run.fifo, sizeof prog_run.fifo, "%s/eventlog", prog_run.dir);
	snprintf(prog_run.out, sizeof prog_run.out, "%s/output", prog_run.dir);
	if (mkfifo(prog_run.fifo, 0600) != 0) {
		warnx_("%s: %s", prog_run.fifo, strerror(errno));
		rmdir(prog_run.dir);
		return EXIT_BADINPUT;
	}
	*out = open(prog_run.out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (*out < 0) {
		warnx_("%s: %s", prog_run.out, strerror(errno));
		remove_dir();
		return EXIT_BADINPUT;
	}
	/* GHCRTS: the user's, with the eventlog to the FIFO */
	const char *old = getenv("GHCRTS");
	bool has_l = false;
	if (old)
		for (const char *p = old; (p = strstr(p, "-l")); p += 2)
			if ((p == old || p[-1] == ' ' || p[-1] == '\t') && p[2] != 'o')
				has_l = true;
	size_t len = (old ? strlen(old) : 0) + strlen(prog_run.fifo) + 16;
	*rts = malloc(len);
	if (!*rts) {
		close(*out);
		remove_dir();
		return EXIT_BADINPUT;
	}
	snprintf(*rts, len, "%s%s%s-ol%s", old ? old : "", old && *old ? " " : "",
		 has_l ? "" : "-l ", prog_run.fifo);
	return -1;
}

/* Forks the supervisor, which starts the program. Returns -1 once it
 * runs, or the exit status having said why. */
static int supervisor_start(char **prog, const char *rts, int out)
{
	int ctl[2], rep[2];
	if (pipe(ctl) != 0 || pipe(rep) != 0) {
		warnx_("pipe: %s", strerror(errno));
		return EXIT_BADINPUT;
	}
	fflush(NULL);
	prog_run.sup = fork();
	if (prog_run.sup < 0) {
		warnx_("fork: %s", strerror(errno));
		prog_run.sup = 0;
		return EXIT_BADINPUT;
	}
	if (prog_run.sup == 0) {
		close(ctl[1]);
		close(rep[0]);
		fcntl(ctl[0], F_SETFD, FD_CLOEXEC);
		fcntl(rep[1], F_SETFD, FD_CLOEXEC);
		supervise(prog, rts, out, ctl[0], rep[1]);
	}
	close(ctl[0]);
	close(rep[1]);
	prog_run.ctl = ctl[1];
	prog_run.rep = rep[0];
	fcntl(prog_run.ctl, F_SETFD, FD_CLOEXEC);
	fcntl(prog_run.rep, F_SETFD, FD_CLOEXEC);
	struct run_msg m = { .kind = -1 };
	if (!read_full(prog_run.rep, &m, sizeof m) || m.kind != MSG_STARTED || m.err) {
		warnx_("cannot run %s: %s", prog[0],
		       m.kind == MSG_STARTED && m.err ? strerror(m.err) : "its supervisor failed");
		tell_stop();
		release_supervisor();
		return EXIT_BADINPUT;
	}
	prog_run.pgid = m.pgid;
	pthread_t th;
	if (pthread_create(&th, NULL, listener, NULL) != 0) {
		warnx_("cannot start a thread");
		tell_stop();
		release_supervisor();
		return EXIT_BADINPUT;
	}
	pthread_detach(th);
	return -1;
}

int cmd_run(const struct cli_cmd *self, int argc, char **argv)
{
	struct viewer_opts o;
	int rc0 = view_options(argc, argv, self, cli_usage_print, &o);
	if (rc0 >= 0)
		return rc0;
	int bad = cli_operands(argc, argv, 1, -1, "run", "PROG [ARGS...]", cli_usage_print, self);
	if (bad >= 0)
		return bad;
	char **prog = argv + optind;
	prog_run.prog = prog[0];
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		warnx_("hectic run shows the program's eventlog in the viewer: it needs a terminal");
		return EXIT_USAGE;
	}
	int out;
	char *rts;
	int rc = make_dir(&out, &rts);
	if (rc >= 0)
		return rc;
	rc = supervisor_start(prog, rts, out);
	close(out);
	free(rts);
	if (rc >= 0) {
		if (!prog_run.sup)
			remove_dir();
		return rc;
	}
	atexit(at_exit);
	o.at_quit = at_exit;
	o.path = prog_run.fifo;
	o.run_prog = prog_run.prog;
	o.run_exited = &prog_run.exited;
	rc = mainloop_run(&o);
	at_exit();
	return rc;
}
