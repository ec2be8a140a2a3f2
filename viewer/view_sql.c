/* The SQL pane (issue 34): the rows of the SQL prompt's query
 * (view_sql_prompt.c), run over the viewer's open log by sql_query.c (the
 * tables and the read-only connection of `hectic sql`, bound to the
 * store and tracks the viewer built). The query runs when the pane opens
 * after a new one was typed, on busy_run_cancel's worker: q, Ctrl-C and
 * Escape stop it, not the viewer. A header row names the columns; numbers
 * to the right, text cut among the rows on screen (label_fit) when its
 * column has no room; values as the command writes them, drawn escaped. An
 * error (SQLite's, a refusal, out of memory, a stop) is said whole in the
 * pane.
 *
 * A result with a time column is on the lanes' axis: the column called
 * time, else the first read as it is from a registry column that is a
 * moment (table_col.instant: gcs.start, events.time, threads.created; not
 * a duration as gcs.pause), named in the title. Its rows are marks on the
 * ruler, Enter goes to the selected row's time (to a column called end:
 * the interval marked), and n and N (search-next, search-prev) go to the
 * next and the previous row's, in the result's order. With two logs, the times are run A's unless the time column was
 * read from schema b, and are moved to the clock of the run shown. */
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../keymaps/keymaps.h"
#include "../model/table.h"
#include "core.h"
#include "label_fit.h"
#include "loader.h"
#include "sql_query.h"
#include "wrap.h"

struct sql_pane {
	struct sql_conn conn;
	struct sql_result r;
	unsigned ran; /* the u->sql_asked of the result */
	struct pane_list list;
};

extern const struct view_ops view_sql;

static struct sql_pane *sqlpane_of(const struct viewer *u)
{
	return view_state(u, &view_sql);
}

/* ---- running ---- */

struct sql_job {
	struct sql_pane *s;
	struct viewer *u;
	size_t from; /* the rows skipped */
};

static void sql_job(void *arg)
{
	struct sql_job *j = arg;
	sql_query_run(&j->s->conn, j->u, j->u->sql_query, j->from, &j->s->r);
}

static void sql_cancel(void *arg)
{
	sql_query_stop(&((struct sql_job *)arg)->s->conn);
}

static void say_result(struct viewer *u, const struct sql_result *r)
{
	if (r->status != SQLR_OK) {
		core_say(u, "sql: %s", r->status == SQLR_STOPPED ? "stopped" : "error (in the pane)");
		return;
	}
	if (r->warning[0]) { /* (a budget reached: said, not hinted) */
		core_say(u, "sql: %s", r->warning);
		return;
	}
	if (r->time_col >= 0 && r->nrows)
		core_hint(u, "sql: %zu row%s, %s: go to its %s, %s/%s: the next/previous row's",
			  r->nrows, r->nrows == 1 ? "" : "s", core_key_for(u, ACT_SELECT),
			  r->time_name, core_key_for(u, ACT_SEARCH_NEXT),
			  core_key_for(u, ACT_SEARCH_PREV));
	else
		core_hint(u, "sql: %zu row%s, %s: another query", r->nrows, r->nrows == 1 ? "" : "s",
			  core_key_for(u, ACT_SQL));
}

static bool sql_open(struct viewer *u)
{
	struct sql_pane *s = sqlpane_of(u);
	if (s->ran != u->sql_asked && *u->sql_query) {
		s->ran = u->sql_asked;
		struct sql_job j = { s, u, 0 };
		busy_run_cancel(u, "running the query", sql_job, &j, sql_cancel);
		s->list = (struct pane_list){ 0 };
		pane_list_set(&s->list, (int)s->r.nrows);
		say_result(u, &s->r);
	}
	return true;
}

/* Past the rows kept, after them (dir 1) or before them (-1): the query
 * run again, half the rows kept skipped further (or back), the selection
 * on the same row of the result. */
static void sql_fetch(struct viewer *u, int dir)
{
	struct sql_pane *s = sqlpane_of(u);
	struct sql_result *r = &s->r;
	size_t half = r->nrows > 1 ? r->nrows / 2 : 1, at = r->base + (size_t)s->list.sel;
	struct sql_job j = { s, u, dir > 0 ? r->base + half : r->base > half ? r->base - half : 0 };
	busy_run_cancel(u, "fetching the rows", sql_job, &j, sql_cancel);
	s->list = (struct pane_list){ 0 };
	pane_list_set(&s->list, (int)r->nrows);
	if (r->status != SQLR_OK) {
		say_result(u, r);
		return;
	}
	pane_list_select(&s->list, at >= r->base ? (int)(at - r->base) : 0);
}

/* ---- times ---- */

/* A row's time on the clock of the run shown (UINT64_MAX: none). */
static uint64_t shown_time(const struct viewer *u, const struct sql_result *r, uint64_t t)
{
	if (t == UINT64_MAX || !u->other || r->time_run == (u->swapped ? 1 : 0))
		return t;
	return core_from_other(u, t);
}

/* The cursor to row i's time, its interval to its end marked. */
static void go_row(struct viewer *u, int i)
{
	struct sql_pane *s = sqlpane_of(u);
	const struct sql_result *r = &s->r;
	pane_list_select(&s->list, i);
	uint64_t t = shown_time(u, r, r->time[i]), e = shown_time(u, r, r->end[i]);
	if (t == UINT64_MAX) {
		core_say(u, "sql: row %d has no %s", i + 1, r->time_name);
		return;
	}
	uint64_t lo = core_run_start(u), hi = core_run_end(u) - 1;
	t = t < lo ? lo : t > hi ? hi : t;
	if (e != UINT64_MAX && e > t) {
		u->has_mark = true, u->marking = 0;
		u->mark_a = t, u->mark_b = e;
		if (t < u->t0 || e > u->t1) /* the interval in view, a margin each side */
			core_set_window(u, t - (t - lo < (e - t) / 4 ? t - lo : (e - t) / 4),
					(e - t) + (e - t) / 2 + 1);
	}
	while ((t < u->t0 || t >= u->t1) && core_width(u) < core_run_end(u) - lo)
		core_zoom(u, false, -1);
	core_go_time(u, t);
	char a[32];
	core_say(u, "sql: row %zu of %zu%s, its %s at %s", r->base + (size_t)i + 1,
		 r->base + r->nrows, r->more ? "+" : "", r->time_name,
		 core_fmt_moment(a, sizeof a, t));
}

/* From the selected row to the next (dir 1) or previous (-1) with a time,
 * round the result's end. */
static void step_row(struct viewer *u, int dir)
{
	struct sql_pane *s = sqlpane_of(u);
	int n = (int)s->r.nrows;
	for (int k = 1; k <= n; k++) {
		int i = ((s->list.sel + dir * k) % n + n) % n;
		if (s->r.time[i] != UINT64_MAX) {
			go_row(u, i);
			return;
		}
	}
	core_say(u, "sql: no row has a %s", s->r.time_name);
}

static bool sql_act(struct viewer *u, enum action a)
{
	struct sql_pane *s = sqlpane_of(u);
	const struct sql_result *r = &s->r;
	bool timed = r->status == SQLR_OK && r->time_col >= 0 && r->nrows;
	switch (a) {
	case ACT_SELECT:
		if (timed)
			go_row(u, s->list.sel);
		else
			core_say(u, "sql: no time column to go to (select one, as gcs.start or "
				    "events.time, or name one time)");
		return true;
	case ACT_SEARCH_NEXT:
	case ACT_SEARCH_PREV:
		if (!timed)
			return false; /* the search's */
		step_row(u, a == ACT_SEARCH_NEXT ? 1 : -1);
		return true;
	default:
		if (r->status != SQLR_OK)
			return false;
		/* (past the rows kept: the query again, for the rows there) */
		if (s->ran == u->sql_asked && r->nrows &&
		    (((a == ACT_DOWN || a == ACT_PAGE_DOWN) && r->more &&
		      s->list.sel == (int)r->nrows - 1) ||
		     ((a == ACT_UP || a == ACT_PAGE_UP) && r->base && s->list.sel == 0)))
			sql_fetch(u, a == ACT_DOWN || a == ACT_PAGE_DOWN ? 1 : -1);
		return pane_list_act(&s->list, a, false);
	}
}

/* The rows' times as marks on the ruler, while the pane shows. */
static void sql_draw_lanes(struct viewer *u)
{
	struct sql_pane *s = sqlpane_of(u);
	const struct sql_result *r = &s->r;
	if (!view_shown(u, &view_sql) || r->status != SQLR_OK || r->time_col < 0 || u->L.plotw <= 0)
		return;
	char *seen = calloc((size_t)u->L.plotw, 1);
	if (!seen)
		return;
	attron(A_BOLD); /* (the marked interval has C_MARK, the markers C_MARKER) */
	for (size_t i = 0; i < r->nrows; i++) {
		uint64_t t = shown_time(u, r, r->time[i]);
		if (t == UINT64_MAX || t < u->t0 || t >= u->t1)
			continue;
		int c = layout_time_to_col(u->t0, u->t1, u->L.plotw, t);
		if (c < 0 || c >= u->L.plotw || seen[c])
			continue;
		seen[c] = 1;
		/* where the ruler's ticks and times leave room, as the markers */
		if ((mvinch(u->L.ruler, u->L.plotx + c) & A_CHARTEXT) != ' ')
			continue;
		mvaddstr(u->L.ruler, u->L.plotx + c, G_SQL_ROW(u));
	}
	attroff(A_BOLD);
	free(seen);
}

/* ---- drawing ---- */

/* The columns' widths in cols: the text columns, widest first, give way. */
static void fit_widths(const struct sql_result *r, int cols, int *w)
{
	int total = 0;
	for (int i = 0; i < r->ncol; i++)
		total += (w[i] = r->w[i] > 0 ? r->w[i] : 1) + (i ? 2 : 0);
	while (total > cols) {
		int widest = -1;
		for (int i = 0; i < r->ncol; i++)
			if (w[i] > 6 && (widest < 0 || (r->right[widest] && !r->right[i]) ||
					 (r->right[widest] == r->right[i] && w[i] > w[widest])))
				widest = i;
		if (widest < 0)
			break;
		w[widest]--, total--;
	}
}

/* Cell i of row at (y, x) in w columns, a number to the right. */
static void put_cell(const struct viewer *u, const struct sql_result *r, size_t row, int i, int y,
		     int x, int w)
{
	const char *c = sql_result_cell(r, row, i);
	size_t n = strlen(c);
	int cw = label_width_of((const uint8_t *)c, n, u->ascii);
	if (r->right[i] && cw < w)
		x += w - cw;
	draw_safe(y, x, (const uint8_t *)c, n, w, u->ascii);
}

static void sql_draw_rows(struct viewer *u, const struct sql_result *r, int y, int h, int cols)
{
	struct sql_pane *s = sqlpane_of(u);
	int *w = calloc((size_t)r->ncol + 1, sizeof *w);
	struct label_set *cut = calloc((size_t)r->ncol + 1, sizeof *cut);
	if (!w || !cut) {
		free(w), free(cut);
		return;
	}
	fit_widths(r, cols, w);
	pane_list_show(&s->list, h - 1);
	/* a column cut: its cells on screen, to cut each among the others */
	for (int i = 0; i < r->ncol; i++)
		for (int k = 0; w[i] < r->w[i] && k < s->list.h && s->list.top + k < s->list.n; k++) {
			const char *c = sql_result_cell(r, (size_t)(s->list.top + k), i);
			label_set_add(&cut[i], (const uint8_t *)c, strlen(c), u->ascii);
		}
	attron(A_BOLD);
	for (int i = 0, x = 0; i < r->ncol && x < cols; x += w[i++] + 2) {
		int nw = label_width_of((const uint8_t *)r->names[i], strlen(r->names[i]), u->ascii);
		int hx = r->right[i] && nw < w[i] ? x + w[i] - nw : x;
		draw_safe(y, hx, (const uint8_t *)r->names[i], strlen(r->names[i]), cols - hx, u->ascii);
	}
	attroff(A_BOLD);
	for (int k = 0; k < s->list.h && s->list.top + k < s->list.n; k++) {
		int row = s->list.top + k, yy = y + 1 + k;
		bool sel = row == s->list.sel;
		pane_row_begin(yy, 0, cols, sel);
		for (int i = 0, x = 0; i < r->ncol && x < cols; x += w[i++] + 2) {
			int cwid = x + w[i] > cols ? cols - x : w[i];
			const char *c = sql_result_cell(r, (size_t)row, i);
			size_t n = strlen(c);
			if (w[i] < r->w[i] && !cut[i].oom &&
			    label_width_of((const uint8_t *)c, n, u->ascii) > cwid)
				draw_label_fit(&cut[i], (size_t)k, yy, x, cwid, u->ascii);
			else
				put_cell(u, r, (size_t)row, i, yy, x, cwid);
		}
		pane_row_end(sel);
	}
	for (int i = 0; i < r->ncol; i++)
		label_set_free(&cut[i]);
	free(cut);
	free(w);
}

/* The first key of the prompts' action a in the keymap in use, or its name. */
static const char *prompt_key_for(const struct viewer *u, enum prompt_action a)
{
	size_t n;
	const struct promptbind *b = keymap_prompt_get(u->mapname ? u->mapname : "default", &n);
	for (size_t i = 0; b && i < n; i++)
		if (b[i].action == a)
			return b[i].key;
	return prompt_action_name(a);
}

/* An error said whole, wrapped, under the query. */
static void draw_error(struct viewer *u, const struct sql_result *r, struct pane_area a)
{
	int y = a.y + 1, end = a.y + a.h;
	size_t n = strlen(r->err);
	const char *p = r->err;
	while (n && y < end) {
		size_t take, used = wrap_line(p, n, a.cols, u->ascii, &take);
		draw_safe(y++, 0, (const uint8_t *)p, take, a.cols, u->ascii);
		p += used, n -= used;
	}
	if (y + 1 < end)
		mvprintw(y + 1, 0, "%s: another query (%s in it: the ones before)", core_key_for(u, ACT_SQL),
			 prompt_key_for(u, PA_HISTORY_PREV));
}

static void draw_none(struct viewer *u)
{
	struct pane_area a = pane_frame(u, "sql: no query yet");
	if (a.h < 2)
		return;
	char line[600];
	int k = snprintf(line, sizeof line, "%s types one, over the tables of hectic sql:",
			 core_key_for(u, ACT_SQL));
	for (size_t i = 0; i < table_ndefs && k > 0 && (size_t)k < sizeof line; i++)
		k += snprintf(line + k, sizeof line - (size_t)k, " %s", table_defs[i]->name);
	mvaddnstr(a.y + 1, 0, line, a.cols);
	if (a.h > 2)
		mvaddnstr(a.y + 2, 0, "(hectic sql --schema lists their columns; a time column, as "
				      "gcs.start, or one called time, puts the rows on the lanes)",
			  a.cols);
}

/* How many rows: "5 rows", or, when the pane keeps some of them, which:
 * "rows 131-390 of more" (scrolling on fetches them), "rows 9536-9795 of
 * 9795". */
static const char *sql_span(char *b, size_t n, const struct sql_result *r)
{
	if (!r->base && !r->more)
		snprintf(b, n, "%zu row%s", r->nrows, r->nrows == 1 ? "" : "s");
	else if (r->more)
		snprintf(b, n, "rows %zu-%zu of more", r->base + 1, r->base + r->nrows);
	else
		snprintf(b, n, "rows %zu-%zu of %zu", r->base + 1, r->base + r->nrows, r->base + r->nrows);
	return b;
}

static void sql_draw(struct viewer *u)
{
	struct sql_pane *s = sqlpane_of(u);
	const struct sql_result *r = &s->r;
	if (r->status == SQLR_NONE) {
		draw_none(u);
		return;
	}
	size_t qn;
	char *q = label_text_of((const uint8_t *)r->query, strlen(r->query), u->ascii, &qn);
	char title[1600], span[96], go[160] = "";
	if (r->status != SQLR_OK)
		snprintf(title, sizeof title, "sql: %s: %s", r->status == SQLR_STOPPED ? "stopped" : "error",
			 q ? q : "");
	else {
		if (r->time_col >= 0)
			snprintf(go, sizeof go, "; %s: go to its %s; %s/%s: the next/previous row",
				 core_key_for(u, ACT_SELECT), r->time_name,
				 core_key_for(u, ACT_SEARCH_NEXT), core_key_for(u, ACT_SEARCH_PREV));
		snprintf(title, sizeof title, "sql: %s in %.2f s: %s (%s: %s%s)",
			 sql_span(span, sizeof span, r), r->secs, q ? q : "",
			 core_key_for(u, ACT_SQL), "another query", go);
	}
	free(q);
	struct pane_area a = pane_frame(u, title);
	if (a.h < 2)
		return;
	if (r->status != SQLR_OK)
		draw_error(u, r, a);
	else
		sql_draw_rows(u, r, a.y + 1, a.h - 1, a.cols);
}

/* The log grew (or the other run is shown): what the tables built from
 * the store goes; the rows shown are copies, and stay. */
static void sql_reload(struct viewer *u, bool before)
{
	if (before)
		sql_conn_drop_derived(&sqlpane_of(u)->conn);
}

static void sql_done(struct viewer *u)
{
	struct sql_pane *s = sqlpane_of(u);
	sql_result_free(&s->r);
	sql_conn_close(&s->conn);
}

const struct view_ops view_sql = {
	.name = "sql",
	.pane = true,
	.opens_on = ACT_SQL_PANE,
	.open = sql_open,
	.draw = sql_draw,
	.act = sql_act,
	.draw_lanes = sql_draw_lanes,
	.reload = sql_reload,
	.private_size = sizeof(struct sql_pane),
	.done = sql_done,
};
