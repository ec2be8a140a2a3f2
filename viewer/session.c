/* session: the window, the cursor, the event list's classes and
 * restriction, the marked interval and the bookmarks, saved when the viewer
 * ends, in $XDG_STATE_HOME/hectic/ (else ~/.local/state/hectic/; a
 * relative path is ignored), one file per log named by its path's hash,
 * and restored when the same file is opened again. The file is untrusted:
 * read only when it is a regular file of at most SESSION_MAX bytes,
 * without blocking, every value checked against the log and dropped with a
 * word on the status line when out of range; written 0600 under a name of
 * its own, then renamed into place. */
#include "session.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../model/order.h"
#include "core.h"

#define SESSION_MAX 65536 /* bytes read of a session file (one is < 6 KiB) */

/* The directory of the session files: $XDG_STATE_HOME/hectic, else
 * $HOME/.local/state/hectic. A relative path is ignored (the XDG Base
 * Directory spec says so of XDG_STATE_HOME; a relative HOME would put it
 * under the current directory just the same). */
bool session_state_dir(char *dir, size_t n)
{
	const char *st = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	int k;
	if (st && st[0] == '/')
		k = snprintf(dir, n, "%s/hectic", st);
	else if (home && home[0] == '/')
		k = snprintf(dir, n, "%s/.local/state/hectic", home);
	else
		return false;
	return k > 0 && (size_t)k < n;
}

/* The session file's path for the log at path (false when it has none:
 * a stream, no home, or a name with a newline, which its "file" line
 * cannot hold). */
static bool session_path(const struct viewer *u, char *out, size_t n, char *real, size_t rn)
{
	char dir[4096];
	if (u->r->run.src.kind != SRC_FILE || !realpath(u->r->run.path, real) || strlen(real) >= rn ||
	    strchr(real, '\n') || !session_state_dir(dir, sizeof dir))
		return false;
	/* FNV-1a of the path */
	uint64_t h = 1469598103934665603ull;
	for (const char *p = real; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	int k = snprintf(out, n, "%s/%016llx.session", dir, (unsigned long long)h);
	return k > 0 && (size_t)k < n;
}

/* The directories down to path's, each made 0700 when missing. False when
 * the last is not there. */
bool session_mkdirs(const char *path)
{
	char p[4300];
	snprintf(p, sizeof p, "%s", path);
	char *slash = strrchr(p, '/');
	if (!slash || slash == p)
		return false;
	*slash = 0;
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = 0;
			mkdir(p, 0700);
			*s = '/';
		}
	struct stat st;
	return (mkdir(p, 0700) == 0 || errno == EEXIST) && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static void write_session(FILE *f, const struct viewer *u, const char *real)
{
	fprintf(f, "hectic-session 1\nfile %s\nsize %llu\n", real, (unsigned long long)u->r->run.s.size);
	fprintf(f, "window %llu %llu\ncursor %llu\nfilters %lu\n", (unsigned long long)u->t0,
		(unsigned long long)u->t1, (unsigned long long)u->cursor, (unsigned long)u->filters);
	if (u->list_thread)
		fprintf(f, "thread %u\n", u->list_thread);
	if (u->list_cap != LIST_ANY)
		fprintf(f, "cap %d\n", u->list_cap);
	if (u->has_mark)
		fprintf(f, "mark %llu %llu\n", (unsigned long long)u->mark_a,
			(unsigned long long)u->mark_b);
	for (int i = 0; i < u->nbm; i++)
		fprintf(f, "bookmark %llu\n", (unsigned long long)u->bm[i]);
}

/* Written to a temporary file of its own (mkstemp: 0600, a name no other
 * viewer has) beside the session file, then renamed over it: a reader
 * sees the old session or the new one, never a part, and a symlink at the
 * session's path is replaced, never written through. */
void session_save(struct viewer *u)
{
	if (u->other)
		return; /* two runs: a session belongs to one log */
	char path[4200], real[4096], tmp[4300];
	if (u->r->loaded != 1 || !session_path(u, path, sizeof path, real, sizeof real) ||
	    !session_mkdirs(path))
		return;
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return;
	FILE *f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(tmp);
		return;
	}
	write_session(f, u, real);
	bool ok = fflush(f) == 0 && !ferror(f) && fsync(fd) == 0;
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path) != 0)
		unlink(tmp);
}

/* The session file's bytes, at most SESSION_MAX, NUL-terminated, or NULL:
 * none there (silently), or not one to read (*why says so). Opened
 * without blocking (a FIFO or a device at the path is refused, not
 * waited on). */
static char *read_session(const char *path, const char **why)
{
	*why = NULL;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		if (errno != ENOENT)
			*why = "cannot be read";
		return NULL;
	}
	struct stat st;
	char *buf = NULL;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		*why = "is not a regular file";
	else if (st.st_size > SESSION_MAX)
		*why = "is too large";
	else if (!(buf = malloc(SESSION_MAX + 1)))
		*why = "cannot be read (out of memory)";
	size_t n = 0;
	while (buf && n < SESSION_MAX) {
		ssize_t r = read(fd, buf + n, SESSION_MAX - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(buf);
			buf = NULL;
			*why = "cannot be read";
		}
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (!buf)
		return NULL;
	buf[n] = 0;
	for (size_t i = 0; i < n; i++) /* a NUL makes its line unreadable, not the end */
		if (!buf[i])
			buf[i] = '?';
	return buf;
}

enum sfield { SF_WINDOW, SF_CURSOR, SF_FILTERS, SF_THREAD, SF_CAP, SF_MARK, SF_COUNT };
static const char *const sfield_names[SF_COUNT] = { "window", "cursor",     "filters",
						    "thread", "capability", "mark" };

/* What a session file holds, each value checked against the log. */
struct session {
	bool file_ok, size_ok, other; /* its "file" and "size" lines are this log's */
	bool has_window, has_cursor, has_filters, has_thread, has_cap, has_mark;
	uint64_t t0, t1, cursor, mark_a, mark_b;
	class_set filters;
	uint32_t thread;
	int32_t cap;
	uint64_t bm[BOOKMARKS_MAX];
	int nbm, bm_dropped;
	unsigned dropped; /* bit f: a value of field f was dropped */
};

static void session_drop_field(struct session *ss, enum sfield f)
{
	ss->dropped |= 1u << f;
}

/* A decimal number after spaces at *p (a '-' first when neg may be given),
 * within [0, UINT64_MAX]; *p moved past it. */
static bool session_number(const char **p, uint64_t *out, bool *neg)
{
	const char *s = *p;
	if (*s != ' ')
		return false;
	while (*s == ' ')
		s++;
	if (neg)
		*neg = *s == '-' && (s++, true);
	if (*s < '0' || *s > '9')
		return false;
	uint64_t v = 0;
	for (; *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*p = s;
	*out = v;
	return true;
}

/* n numbers and the end of the line. */
static bool numbers(const char *s, int n, uint64_t *v, bool *neg)
{
	for (int i = 0; i < n; i++)
		if (!session_number(&s, &v[i], neg))
			return false;
	while (*s == ' ' || *s == '\r')
		s++;
	return *s == 0;
}

static void bookmark_add(struct session *ss, uint64_t t, uint64_t lo, uint64_t hi)
{
	if (t < lo || t >= hi || ss->nbm >= BOOKMARKS_MAX) {
		ss->bm_dropped++;
		return;
	}
	ss->bm[ss->nbm++] = t;
}

/* One line "KEY VALUES" of a session file; an unknown key is skipped, a
 * known one's value out of range or unreadable is dropped. */
static void session_line(const struct viewer *u, struct session *ss, const char *line, const char *real)
{
	uint64_t lo = u->r->run.s.tmin, hi = core_run_end(u), v[2];
	bool neg = false;
	size_t kl = strcspn(line, " ");
	const char *rest = line + kl;
#define KEY(k) (kl == sizeof k - 1 && !memcmp(line, k, kl))
	if (KEY("file")) {
		ss->file_ok = *rest == ' ' && !strcmp(rest + 1, real);
		ss->other |= !ss->file_ok;
	} else if (KEY("size")) {
		/* the same log, or it grew */
		ss->size_ok = numbers(rest, 1, v, NULL) && v[0] <= u->r->run.s.size;
		ss->other |= !ss->size_ok;
	} else if (KEY("window")) {
		ss->has_window = numbers(rest, 2, v, NULL) && v[0] >= lo && v[0] < v[1] && v[1] <= hi;
		if (ss->has_window) {
			ss->t0 = v[0];
			ss->t1 = v[1];
		} else {
			session_drop_field(ss, SF_WINDOW);
		}
	} else if (KEY("cursor")) {
		ss->has_cursor = numbers(rest, 1, v, NULL) && v[0] >= lo && v[0] < hi;
		if (ss->has_cursor)
			ss->cursor = v[0];
		else
			session_drop_field(ss, SF_CURSOR);
	} else if (KEY("filters")) {
		ss->has_filters = numbers(rest, 1, v, NULL) && v[0] <= CLASS_ALL;
		if (ss->has_filters)
			ss->filters = (class_set)v[0];
		else
			session_drop_field(ss, SF_FILTERS);
	} else if (KEY("thread")) {
		ss->has_thread = numbers(rest, 1, v, NULL) && v[0] && v[0] <= UINT32_MAX &&
				 tracks_thread(&u->r->run.tr, (uint32_t)v[0]);
		if (ss->has_thread)
			ss->thread = (uint32_t)v[0];
		else
			session_drop_field(ss, SF_THREAD);
	} else if (KEY("cap")) {
		ss->has_cap = numbers(rest, 1, v, &neg) && v[0] <= (neg ? 1ull << 31 : INT32_MAX);
		if (ss->has_cap) /* (two's complement: -2^31 is LIST_ANY, no capability) */
			ss->cap = (int32_t)(neg ? -(int64_t)v[0] : (int64_t)v[0]);
		ss->has_cap = ss->has_cap && ss->cap != LIST_ANY && tracks_cap_index(&u->r->run.tr, ss->cap) >= 0;
		if (!ss->has_cap)
			session_drop_field(ss, SF_CAP);
	} else if (KEY("mark")) {
		ss->has_mark = numbers(rest, 2, v, NULL) && v[0] != v[1] && v[0] >= lo && v[0] < hi &&
			       v[1] >= lo && v[1] < hi;
		if (ss->has_mark) {
			ss->mark_a = v[0];
			ss->mark_b = v[1];
		} else {
			session_drop_field(ss, SF_MARK);
		}
	} else if (KEY("bookmark")) {
		if (numbers(rest, 1, v, NULL))
			bookmark_add(ss, v[0], lo, hi);
		else
			ss->bm_dropped++;
	}
#undef KEY
}

/* The bookmarks by time, each once. */
static void bookmarks_sort(struct session *ss)
{
	qsort(ss->bm, (size_t)ss->nbm, sizeof *ss->bm, cmp_u64_at);
	int k = 0;
	for (int i = 0; i < ss->nbm; i++)
		if (!k || ss->bm[k - 1] != ss->bm[i])
			ss->bm[k++] = ss->bm[i];
	ss->bm_dropped += ss->nbm - k;
	ss->nbm = k;
}

static void session_apply(struct viewer *u, struct session *ss)
{
	if (ss->has_window)
		core_set_window(u, ss->t0, ss->t1 - ss->t0);
	if (ss->has_cursor)
		u->cursor = ss->cursor;
	if (ss->has_filters)
		u->filters = ss->filters;
	if (ss->has_thread)
		u->list_thread = ss->thread;
	if (ss->has_cap)
		u->list_cap = ss->cap;
	if (ss->has_mark) {
		u->has_mark = true;
		u->mark_a = ss->mark_a;
		u->mark_b = ss->mark_b;
	}
	bookmarks_sort(ss);
	memcpy(u->bm, ss->bm, (size_t)ss->nbm * sizeof *u->bm);
	u->nbm = ss->nbm;
	core_follow_cursor(u);
	u->sel_valid = false; /* the event list anchors at the cursor */
}

void session_restore(struct viewer *u)
{
	if (u->other)
		return;
	char path[4200], real[4096];
	if (!session_path(u, path, sizeof path, real, sizeof real))
		return;
	const char *why;
	char *buf = read_session(path, &why);
	if (!buf) {
		if (why)
			core_say(u, "session not restored: its file %s (%s)", why, path);
		return;
	}
	struct session ss = { 0 };
	char *line = buf, *nl = strchr(line, '\n');
	if (!nl || strncmp(line, "hectic-session 1\n", 17) != 0) {
		core_say(u, "session not restored: its file is not a session (%s)", path);
		free(buf);
		return;
	}
	for (line = nl + 1; *line && !ss.other; line = nl ? nl + 1 : line + strlen(line)) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		session_line(u, &ss, line, real);
	}
	free(buf);
	/* another log's (the names' hashes met), or this one shrank */
	if (ss.other || !ss.file_ok || !ss.size_ok)
		return;
	session_apply(u, &ss);
	char d[200];
	size_t k = 0;
	d[0] = 0;
	for (int f = 0; f < SF_COUNT; f++)
		if (ss.dropped & 1u << f)
			k += (size_t)snprintf(d + k, sizeof d - k, "%s%s", k ? ", " : "", sfield_names[f]);
	if (ss.bm_dropped)
		snprintf(d + k, sizeof d - k, "%s%d bookmark%s", k ? ", " : "", ss.bm_dropped,
			 ss.bm_dropped == 1 ? "" : "s");
	if (d[0])
		core_say(u, "session restored; dropped %s (out of range or unreadable)", d);
	else
		core_say(u, "the session of this file restored (%d bookmarks; ' lists them)", ss.nbm);
}
