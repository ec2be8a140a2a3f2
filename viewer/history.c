/* history: a prompt's lines, in a file beside the sessions. */
#include "history.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session.h"

static void push(struct history *h, const char *s, size_t n)
{
	char *c = malloc(n + 1);
	if (!c)
		return;
	memcpy(c, s, n);
	c[n] = 0;
	if (h->n == HISTORY_MAX) { /* the oldest goes */
		free(h->line[0]);
		memmove(h->line, h->line + 1, (HISTORY_MAX - 1) * sizeof *h->line);
		h->n--;
	}
	h->line[h->n++] = c;
}

void history_load(struct history *h, const char *name, int len)
{
	char path[4300];
	if (h->loaded)
		return;
	h->loaded = true;
	h->at = h->n;
	if (!session_file_beside(name, path, sizeof path, false))
		return;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	if (fd < 0)
		return;
	char *buf = NULL;
	size_t got = 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (buf = malloc(HISTORY_BYTES + 1))) {
		ssize_t r;
		while (got < HISTORY_BYTES &&
		       ((r = read(fd, buf + got, HISTORY_BYTES - got)) > 0 || (r < 0 && errno == EINTR)))
			got += r > 0 ? (size_t)r : 0;
	}
	close(fd);
	for (size_t i = 0; buf && i < got;) {
		size_t n = 0;
		while (i + n < got && buf[i + n] != '\n' && buf[i + n] != 0)
			n++;
		if (n)
			push(h, buf + i, n < (size_t)len ? n : (size_t)len - 1);
		i += n + 1;
	}
	free(buf);
	h->at = h->n;
}

static void save(const struct history *h, const char *name)
{
	char path[4300], tmp[4400];
	if (!session_file_beside(name, path, sizeof path, true))
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
	for (int i = 0; i < h->n; i++)
		fprintf(f, "%s\n", h->line[i]);
	bool ok = fflush(f) == 0 && !ferror(f);
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path) != 0)
		unlink(tmp);
}

void history_add(struct history *h, const char *name, const char *line)
{
	size_t n = strcspn(line, "\n");
	if (n) {
		for (int i = 0; i < h->n; i++) /* a repeat: moved to the end */
			if (strlen(h->line[i]) == n && !memcmp(h->line[i], line, n)) {
				free(h->line[i]);
				memmove(h->line + i, h->line + i + 1, (size_t)(h->n - i - 1) * sizeof *h->line);
				h->n--;
				break;
			}
		push(h, line, n);
		save(h, name);
	}
	h->at = h->n;
}

const char *history_step(struct history *h, int dir)
{
	int at = h->at + dir;
	if (at < 0)
		at = h->n ? 0 : h->n;
	if (at > h->n)
		at = h->n;
	h->at = at;
	return at < h->n ? h->line[at] : NULL;
}

void history_free(struct history *h)
{
	for (int i = 0; i < h->n; i++)
		free(h->line[i]);
	*h = (struct history){ 0 };
}
