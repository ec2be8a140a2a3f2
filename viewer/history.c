/* history: the SQL prompt's queries, in hectic sql's history file. */
#include "history.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session.h"

static bool history_path(char *path, size_t n)
{
	char dir[4096];
	return session_state_dir(dir, sizeof dir) &&
	       snprintf(path, n, "%s/sql_history", dir) < (int)n;
}

static void history_push_entry(struct history *h, char *s)
{
	if (h->n == HISTORY_MAX) { /* the oldest goes */
		free(h->line[0]);
		memmove(h->line, h->line + 1, (HISTORY_MAX - 1) * sizeof *h->line);
		h->n--;
	}
	h->line[h->n++] = s;
}

void history_load(struct history *h)
{
	char path[4200], line[SQL_HISTORY_LINE_MAX + 2];
	if (h->loaded)
		return;
	h->loaded = true;
	h->line = calloc(HISTORY_MAX, sizeof *h->line);
	if (!h->line || !history_path(path, sizeof path))
		return;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	if (fd < 0)
		return;
	FILE *f = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "r") : NULL;
	if (!f) {
		close(fd);
		return;
	}
	bool whole = true; /* the last piece read ended its line */
	while (fgets(line, sizeof line, f)) {
		size_t n = strlen(line);
		bool ends = n && line[n - 1] == '\n';
		bool keep = whole && ends && n > 1; /* not the tail of a long one */
		whole = ends;
		if (!keep)
			continue;
		line[n - 1] = 0;
		char *s = strdup(line);
		if (s)
			history_push_entry(h, s);
	}
	fclose(f);
	h->at = h->n;
}

static void save(const struct history *h)
{
	char path[4200], tmp[4300];
	if (!history_path(path, sizeof path) || !session_mkdirs(path))
		return;
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
	int fd = mkstemp(tmp);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		if (fd >= 0)
			close(fd);
		unlink(tmp);
		return;
	}
	for (int i = 0; i < h->n; i++)
		fprintf(f, "%s\n", h->line[i]);
	if (fclose(f) != 0 || rename(tmp, path) != 0)
		unlink(tmp);
}

void history_add(struct history *h, const char *line)
{
	size_t n = strcspn(line, "\n");
	h->at = h->n;
	if (!h->line || !n || n > SQL_HISTORY_LINE_MAX ||
	    (h->n && strlen(h->line[h->n - 1]) == n && !memcmp(h->line[h->n - 1], line, n)))
		return;
	char *s = strndup(line, n);
	if (!s)
		return;
	history_push_entry(h, s);
	save(h);
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
	free(h->line);
	*h = (struct history){ 0 };
}
