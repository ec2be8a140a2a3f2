/* Bookmarks: m sets one at the cursor (or, on one, clears it); ' lists
 * them with the time from each to the next and to the cursor, and Enter
 * goes to one. The session (the window, the cursor, the event list's
 * classes and restriction, the marked interval and the bookmarks) is
 * saved when the viewer ends, in $XDG_STATE_HOME/hectic/ (else
 * ~/.local/state/hectic/), one file per log named by its path's hash, and
 * restored when the same file is opened again. */
#include "draw.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

void bookmark_toggle(struct ui *u, enum action a)
{
	(void)a;
	char t[48];
	for (int i = 0; i < u->nbm; i++)
		if (u->bm[i] == u->cursor) {
			memmove(&u->bm[i], &u->bm[i + 1], (size_t)(u->nbm - i - 1) * sizeof *u->bm);
			u->nbm--;
			ui_say(u, "bookmark at %s cleared", ui_fmt_moment(t, sizeof t, u->cursor));
			return;
		}
	if (u->nbm >= BOOKMARKS_MAX) {
		ui_say(u, "at most %d bookmarks: clear one first (m on it)", BOOKMARKS_MAX);
		return;
	}
	u->bm[u->nbm++] = u->cursor;
	qsort(u->bm, (size_t)u->nbm, sizeof *u->bm, cmp_u64);
	ui_say(u, "bookmark %d at %s (' lists them)", u->nbm, ui_fmt_moment(t, sizeof t, u->cursor));
}

static void draw_bookmarks(struct ui *u)
{
	struct box b = draw_box(u, u->nbm + 4, 80, "bookmarks (Enter: go there; m on one clears it)");
	mvprintw(b.y + 1, b.x + 1, "%3s %16s %16s %16s", "#", "at", "to the next", "to the cursor");
	int h = b.h - 2;
	draw_scroll(u, u->nbm, h);
	for (int i = 0; i < h && u->ptop + i < u->nbm; i++) {
		int k = u->ptop + i;
		char a[48], c[48], d[48];
		uint64_t t = u->bm[k];
		if (k + 1 < u->nbm)
			time_format(c, sizeof c, u->bm[k + 1] - t);
		else
			snprintf(c, sizeof c, "-");
		if (u->cursor >= t)
			time_format(d, sizeof d, u->cursor - t);
		else
			snprintf(d, sizeof d, "-%s", time_format(a, sizeof a, t - u->cursor));
		if (k == u->psel)
			attron(A_REVERSE);
		mvprintw(b.y + 2 + i, b.x + 1, "%3d %16s %16s %16s", k + 1, ui_fmt_moment(a, sizeof a, t),
			 c, d);
		if (k == u->psel)
			attroff(A_REVERSE);
	}
	if (!u->nbm)
		mvaddstr(b.y + 2, b.x + 1, "no bookmarks: m sets one at the cursor");
	draw_box_end(u);
}

static int bookmarks_rows(struct ui *u)
{
	return u->nbm;
}

static void bookmarks_select(struct ui *u)
{
	if (u->psel >= u->nbm)
		return;
	uint64_t t = u->bm[u->psel];
	int k = u->psel + 1;
	ui_view_close(u);
	ui_go_time(u, t);
	char a[48];
	ui_say(u, "bookmark %d at %s", k, ui_fmt_moment(a, sizeof a, t));
}

const struct view_ops view_bookmarks = {
	.name = "bookmarks",
	.opens_on = ACT_BOOKMARKS,
	.draw = draw_bookmarks,
	.rows = bookmarks_rows,
	.select = bookmarks_select,
};

/* ---- the session ---- */

/* The session file's path for the log at path (false when it has none:
 * a stream, or no home). */
static bool session_path(const struct ui *u, char *out, size_t n, char *real, size_t rn)
{
	if (u->src.kind != SRC_FILE || !realpath(u->o.path, real) || strlen(real) >= rn)
		return false;
	const char *st = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char dir[4096];
	if (st && *st)
		snprintf(dir, sizeof dir, "%s/hectic", st);
	else if (home && *home)
		snprintf(dir, sizeof dir, "%s/.local/state/hectic", home);
	else
		return false;
	/* FNV-1a of the path */
	uint64_t h = 1469598103934665603ull;
	for (const char *p = real; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	return snprintf(out, n, "%s/%016llx.session", dir, (unsigned long long)h) < (int)n;
}

static void mkdirs(const char *path)
{
	char p[4300];
	snprintf(p, sizeof p, "%s", path);
	for (char *s = p + 1; *s; s++)
		if (*s == '/') {
			*s = 0;
			mkdir(p, 0700);
			*s = '/';
		}
}

void session_save(struct ui *u)
{
	char path[4200], real[4096];
	if (u->loaded != 1 || !session_path(u, path, sizeof path, real, sizeof real))
		return;
	mkdirs(path);
	char tmp[4300];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return;
	fprintf(f, "hectic-session 1\nfile %s\nsize %llu\n", real, (unsigned long long)u->s.size);
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
	if (fclose(f) == 0)
		rename(tmp, path);
	else
		remove(tmp);
}

void session_restore(struct ui *u)
{
	char path[4200], real[4096];
	if (!session_path(u, path, sizeof path, real, sizeof real))
		return;
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	char line[4300];
	bool ok = fgets(line, sizeof line, f) && !strcmp(line, "hectic-session 1\n");
	unsigned long long a, b;
	uint64_t lo = u->s.tmin, hi = ui_run_end(u);
	int nbm = 0;
	while (ok && fgets(line, sizeof line, f)) {
		if (!strncmp(line, "file ", 5)) {
			line[strcspn(line, "\n")] = 0;
			ok = !strcmp(line + 5, real);
		} else if (sscanf(line, "size %llu", &a) == 1) {
			ok = a <= u->s.size; /* the same log, or it grew */
		} else if (sscanf(line, "window %llu %llu", &a, &b) == 2 && a < b && a >= lo && a < hi) {
			ui_set_window(u, a, b - a);
		} else if (sscanf(line, "cursor %llu", &a) == 1 && a >= lo && a < hi) {
			u->cursor = a;
		} else if (sscanf(line, "filters %llu", &a) == 1) {
			u->filters = (class_set)a & CLASS_ALL;
		} else if (sscanf(line, "thread %llu", &a) == 1) {
			u->list_thread = (uint32_t)a;
		} else if (sscanf(line, "cap %llu", &a) == 1) {
			u->list_cap = (int32_t)a;
		} else if (sscanf(line, "mark %llu %llu", &a, &b) == 2) {
			u->has_mark = true;
			u->mark_a = a;
			u->mark_b = b;
		} else if (sscanf(line, "bookmark %llu", &a) == 1 && nbm < BOOKMARKS_MAX) {
			u->bm[nbm++] = a;
		}
	}
	fclose(f);
	if (!ok)
		return;
	u->nbm = nbm;
	ui_follow_cursor(u);
	list_anchor(u);
	ui_say(u, "the session of this file restored (%d bookmarks; ' lists them)", nbm);
}
