/* sql_query: a statement over the viewer's logs, its rows kept for the
 * query pane. */
#include "sql_query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../model/table.h"
#include "../common/report_text.h"
#include "core.h"
#include "label_fit.h"
#include "live.h"

static int pane_on_progress(void *ctx)
{
	return ((struct sql_conn *)ctx)->stop != 0;
}

void sql_query_stop(struct sql_conn *c)
{
	c->stop = 1;
	if (c->db)
		sqlite3_interrupt(c->db);
}

/* The logs bound: run A's store and tracks as d[0], B's as d[1], whichever
 * the viewer shows. */
static void bind_logs(struct sql_conn *c, struct viewer *u)
{
	for (int i = 0; i < (u->other ? 2 : 1); i++) {
		const struct run *r = &core_run_at(u, i)->run;
		c->d[i].r.lent_s = &r->s, c->d[i].r.lent_tr = &r->tr, c->d[i].path = r->path;
	}
	for (int i = 0; i < c->nd; i++)
		c->d[i].stop = &c->stop;
}

static bool connect(struct sql_conn *c, struct viewer *u, struct sql_result *r)
{
	if (c->db)
		return true;
	c->nd = u->other ? 2 : 1;
	bind_logs(c, u);
	c->db = sql_connect(c->d, c->nd, &c->a, pane_on_progress, c, r->err, sizeof r->err);
	if (!c->db)
		return false;
	/* SQLite held to the budget hectic keeps everywhere */
	uint64_t size = 0;
	for (int i = 0; i < c->nd; i++)
		size += c->d[i].r.lent_s->size;
	if (!sql_budget(c->db, size)) {
		snprintf(r->err, sizeof r->err, "out of memory");
		sqlite3_close(c->db);
		c->db = NULL;
		return false;
	}
	return true;
}

/* Why the statement at q could not be prepared, as `hectic sql` says it
 * (the refusal, or SQLite's message and the column it points at). */
static void prepare_error(struct sql_conn *c, const char *q, struct sql_result *r)
{
	int off = sqlite3_error_offset(c->db);
	if (*c->a.why)
		snprintf(r->err, sizeof r->err, "%s", c->a.why);
	else if (sqlite3_errcode(c->db) == SQLITE_NOMEM)
		snprintf(r->err, sizeof r->err, "out of memory (SQLite's limit: 5%% of the log plus 10 MB)");
	else if (off >= 0 && off <= (int)strlen(q))
		snprintf(r->err, sizeof r->err, "%s (column %d)", sqlite3_errmsg(c->db), off + 1);
	else
		snprintf(r->err, sizeof r->err, "%s", sqlite3_errmsg(c->db));
}

static int col_named(sqlite3_stmt *st, const char *name)
{
	for (int i = 0; i < sqlite3_column_count(st); i++)
		if (!sqlite3_stricmp(sqlite3_column_name(st, i), name))
			return i;
	return -1;
}

/* Is result column i a registry column that is a moment on the run's axis
 * (table_col.instant: gcs.start, events.time; not gcs.pause), read as it
 * is (an alias kept, an expression over it not)? SQLite knows where a
 * result column comes from (SQLITE_ENABLE_COLUMN_METADATA, which Debian's
 * libsqlite3 has). */
static bool is_instant(sqlite3_stmt *st, int i)
{
	const char *tab = sqlite3_column_table_name(st, i), *col = sqlite3_column_origin_name(st, i);
	const struct table_def *t = tab && col ? table_find(tab) : NULL;
	int k = t ? table_col_index(t, col) : -1;
	return k >= 0 && t->cols[k].instant;
}

static uint64_t stmt_time_of(sqlite3_stmt *st, int i)
{
	if (i < 0)
		return UINT64_MAX;
	switch (sqlite3_column_type(st, i)) {
	case SQLITE_INTEGER: {
		sqlite3_int64 t = sqlite3_column_int64(st, i);
		return t >= 0 ? (uint64_t)t : UINT64_MAX;
	}
	case SQLITE_FLOAT: {
		double t = sqlite3_column_double(st, i);
		return t >= 0 && t < 1.8e19 ? (uint64_t)t : UINT64_MAX;
	}
	default: return UINT64_MAX;
	}
}

/* The columns: names, kinds, widths from the headers; false: out of memory. */
static bool columns(sqlite3_stmt *st, struct sql_result *r, bool ascii)
{
	r->ncol = sqlite3_column_count(st);
	size_t n = r->ncol ? (size_t)r->ncol : 1;
	r->names = calloc(n, sizeof *r->names);
	r->right = calloc(n, sizeof *r->right);
	r->w = calloc(n, sizeof *r->w);
	if (!r->names || !r->right || !r->w)
		return false;
	for (int i = 0; i < r->ncol; i++) {
		const char *name = sqlite3_column_name(st, i);
		if (!(r->names[i] = strdup(name ? name : "")))
			return false;
		r->w[i] = label_width_of((const uint8_t *)r->names[i], strlen(r->names[i]), ascii);
	}
	r->time_col = col_named(st, "time");
	for (int i = 0; i < r->ncol && r->time_col < 0; i++)
		if (is_instant(st, i))
			r->time_col = i;
	r->end_col = r->time_col >= 0 ? col_named(st, "end") : -1;
	if (r->end_col == r->time_col)
		r->end_col = -1;
	if (r->time_col >= 0) {
		snprintf(r->time_name, sizeof r->time_name, "%s", r->names[r->time_col]);
		for (char *p = r->time_name; *p; p++)
			if (*p < 0x20 || *p > 0x7e)
				*p = '?';
	}
	const char *db = r->time_col >= 0 ? sqlite3_column_database_name(st, r->time_col) : NULL;
	r->time_run = db && !sqlite3_stricmp(db, "b") ? 1 : 0;
	return true;
}

/* Value i of a row's values (NUL-terminated, back to back). */
static const char *nth(const char *s, int i)
{
	while (i-- > 0)
		s += strlen(s) + 1;
	return s;
}

/* The current row kept, or r->more set when it would take the rows kept
 * past SQL_KEEP_BYTES; false: out of memory. */
static bool keep_row(sqlite3_stmt *st, struct sql_result *r, const int *dec, size_t *cap, bool ascii)
{
	if (r->nrows == *cap) {
		size_t nc = *cap ? *cap * 2 : 256;
		char **rows = realloc(r->rows, nc * sizeof *rows);
		uint64_t *t = rows ? realloc(r->time, nc * sizeof *t) : NULL;
		if (rows)
			r->rows = rows;
		if (t)
			r->time = t;
		uint64_t *e = t ? realloc(r->end, nc * sizeof *e) : NULL;
		if (e)
			r->end = e;
		if (!e)
			return false;
		*cap = nc;
	}
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return false;
	for (int i = 0; i < r->ncol; i++) {
		struct table_value v;
		sql_out_value(st, i, &v);
		if (v.kind == TV_INT || v.kind == TV_REAL)
			r->right[i] = true;
		bool cut = v.kind == TV_TEXT && v.n > SQL_CELL_MAX;
		if (cut) /* (at a character's start) */
			for (v.n = SQL_CELL_MAX; v.n > 0 && (v.p[v.n] & 0xC0) == 0x80; v.n--)
				;
		report_text_value(m, &v, dec[i], false);
		if (cut)
			fputs(ascii ? "..." : "\u2026", m);
		fputc(0, m);
	}
	if (fclose(m) != 0 || !buf) {
		free(buf);
		return false;
	}
	if (r->kept + len + 40 > SQL_KEEP_BYTES && r->nrows) { /* (one row, however long, is kept) */
		free(buf);
		r->more = true;
		return true;
	}
	r->kept += len + 40;
	if (r->nrows < SQL_WIDTH_ROWS)
		for (int i = 0; i < r->ncol; i++) {
			const char *s = nth(buf, i);
			int w = label_width_of((const uint8_t *)s, strlen(s), ascii);
			if (w > r->w[i])
				r->w[i] = w;
		}
	r->time[r->nrows] = stmt_time_of(st, r->time_col);
	r->end[r->nrows] = stmt_time_of(st, r->end_col);
	r->rows[r->nrows++] = buf;
	return true;
}

/* The statement's rows into r, the first from skipped; SQLite's last
 * code. */
static int step_rows(sqlite3_stmt *st, struct sql_result *r, size_t from, bool ascii)
{
	int *dec = calloc(r->ncol ? (size_t)r->ncol : 1, sizeof *dec);
	if (!dec)
		return SQLITE_NOMEM;
	for (int i = 0; i < r->ncol; i++)
		dec[i] = sql_out_decimals(st, i);
	size_t cap = 0;
	int rc = SQLITE_DONE;
	while (r->base < from && (rc = sqlite3_step(st)) == SQLITE_ROW)
		r->base++;
	if (r->base < from) { /* (fewer rows than that now) */
		free(dec);
		return rc;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (r->nrows == SQL_ROWS_MAX) {
			r->more = true;
			rc = SQLITE_DONE;
			break;
		}
		if (!keep_row(st, r, dec, &cap, ascii)) {
			rc = SQLITE_NOMEM;
			break;
		}
		if (r->more) { /* (the bytes kept reached SQL_KEEP_BYTES) */
			rc = SQLITE_DONE;
			break;
		}
	}
	free(dec);
	return rc;
}

/* A statement's end: its rows, or why it has none. */
static void outcome(struct sql_conn *c, int rc, struct sql_result *r)
{
	if (rc == SQLITE_DONE) {
		r->status = SQLR_OK;
		return;
	}
	r->status = SQLR_ERROR;
	if (rc == SQLITE_INTERRUPT || c->stop) {
		r->status = SQLR_STOPPED;
		snprintf(r->err, sizeof r->err, "stopped: the query was interrupted");
	} else if (rc == SQLITE_NOMEM) {
		snprintf(r->err, sizeof r->err, "out of memory: the query needs more than SQLite's "
						 "limit (5%% of the log plus 10 MB)");
	} else {
		snprintf(r->err, sizeof r->err, "%s",
			 rc == SQLITE_AUTH && *c->a.why ? c->a.why : sqlite3_errmsg(c->db));
	}
}

void sql_query_run(struct sql_conn *c, struct viewer *u, const char *query, size_t from,
		   struct sql_result *r)
{
	double t0 = live_now_s();
	sql_result_free(r);
	snprintf(r->query, sizeof r->query, "%s", query);
	r->status = SQLR_ERROR;
	r->time_col = r->end_col = -1;
	c->stop = 0;
	if (!connect(c, u, r))
		return;
	bind_logs(c, u); /* (the other run may be the one shown now) */
	sqlite3_stmt *st = NULL;
	const char *tail = NULL;
	sql_auth_begin(&c->a);
	if (sqlite3_prepare_v2(c->db, query, -1, &st, &tail) != SQLITE_OK) {
		prepare_error(c, query, r);
		sqlite3_finalize(st);
		return;
	}
	if (!st) {
		snprintf(r->err, sizeof r->err, "no statement: type a query, e.g. SELECT * FROM gcs");
		return;
	}
	if (tail && strspn(tail, " \t;") < strlen(tail))
		snprintf(r->err, sizeof r->err, "one statement at a time: the rest (%.200s) not run", tail);
	else if (!sqlite3_stmt_readonly(st))
		snprintf(r->err, sizeof r->err, "a statement that writes refused: hectic sql only reads");
	else if (!columns(st, r, u->ascii))
		snprintf(r->err, sizeof r->err, "out of memory");
	else
		outcome(c, step_rows(st, r, from, u->ascii), r);
	sqlite3_finalize(st);
	r->secs = live_now_s() - t0;
	/* a table's warning, said once (standard error is under the screen) */
	for (int i = 0; i < c->nd && !r->warning[0]; i++)
		if (c->d[i].warning[0])
			snprintf(r->warning, sizeof r->warning, "%s%s", c->nd > 1 ? i ? "B: " : "A: " : "",
				 c->d[i].warning);
	for (int i = 0; i < c->nd; i++)
		c->d[i].warning[0] = 0;
}

const char *sql_result_cell(const struct sql_result *r, size_t row, int i)
{
	return nth(r->rows[row], i);
}

void sql_result_free(struct sql_result *r)
{
	for (int i = 0; r->names && i < r->ncol; i++)
		free(r->names[i]);
	for (size_t i = 0; i < r->nrows; i++)
		free(r->rows[i]);
	free(r->names);
	free(r->right);
	free(r->w);
	free(r->rows);
	free(r->time);
	free(r->end);
	*r = (struct sql_result){ .time_col = -1, .end_col = -1 };
}

void sql_conn_drop_derived(struct sql_conn *c)
{
	for (int i = 0; i < 2; i++)
		sql_derived_free(&c->d[i]);
}

void sql_conn_close(struct sql_conn *c)
{
	sqlite3_close(c->db);
	sql_conn_drop_derived(c);
	*c = (struct sql_conn){ 0 };
}
