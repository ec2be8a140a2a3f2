/* cmd_sql_out: a statement's rows written as `hectic sql` prints them: an
 * aligned table (the widths from the first rows, so that memory stays
 * bounded whatever the result's size), TSV with a header row, or a JSON
 * array of objects. Values are written as the reports write them
 * (report_text.c, json.c): text escaped for a terminal when asked, a TSV
 * field's tabs, newlines and backslashes as \t, \n and \\, and a value
 * read straight from a table's column with that column's decimals. */
#include "sql.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/table.h"
#include "../common/json.h"
#include "../common/report_text.h"

#define ALIGN_ROWS 1000 /* rows the aligned table's widths are taken from */

/* (its origin needs SQLite's column metadata; without it, 0) */
int sql_out_decimals(sqlite3_stmt *st, int i)
{
	const char *tn = sqlite3_column_table_name(st, i);
	const char *cn = sqlite3_column_origin_name(st, i);
	const struct table_def *t = tn ? table_find(tn) : NULL;
	int k = t && cn ? table_col_index(t, cn) : -1;
	return k >= 0 ? t->cols[k].decimals : 0;
}

void sql_out_value(sqlite3_stmt *st, int i, struct table_value *v)
{
	switch (sqlite3_column_type(st, i)) {
	case SQLITE_INTEGER: table_set_int(v, sqlite3_column_int64(st, i)); break;
	case SQLITE_FLOAT: table_set_real(v, sqlite3_column_double(st, i)); break;
	case SQLITE_NULL: table_set_null(v); break;
	default: {
		const unsigned char *p = sqlite3_column_text(st, i);
		table_set_text(v, p ? p : (const unsigned char *)"", (size_t)sqlite3_column_bytes(st, i));
	}
	}
}

/* ---- TSV ---- */

static int out_tsv(sqlite3_stmt *st, FILE *f, bool escape, const int *dec)
{
	int n = sqlite3_column_count(st), rc;
	for (int i = 0; i < n; i++) {
		const char *name = sqlite3_column_name(st, i);
		if (i)
			fputc('\t', f);
		report_text_put_tsv(f, (const uint8_t *)name, strlen(name), escape);
	}
	fputc('\n', f);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		for (int i = 0; i < n; i++) {
			struct table_value v;
			sql_out_value(st, i, &v);
			if (i)
				fputc('\t', f);
			report_text_value(f, &v, dec[i], escape);
		}
		fputc('\n', f);
	}
	return rc;
}

/* ---- JSON ---- */

static void json_value(struct json *j, const struct table_value *v, int dec)
{
	char buf[64];
	switch (v->kind) {
	case TV_NULL: json_lit(j, "null"); break;
	case TV_INT: json_i64(j, v->i); break;
	case TV_REAL:
		if (!isfinite(v->f)) {
			json_lit(j, "null");
			break;
		}
		if (dec > 0)
			snprintf(buf, sizeof buf, "%.*f", dec, v->f);
		else
			snprintf(buf, sizeof buf, "%.17g", v->f);
		json_lit(j, buf);
		break;
	case TV_TEXT: json_str(j, v->p, v->n); break;
	}
}

static int out_json(sqlite3_stmt *st, FILE *f, const int *dec)
{
	struct json *j = calloc(1, sizeof *j);
	if (!j)
		return SQLITE_NOMEM;
	j->f = f;
	int n = sqlite3_column_count(st), rc;
	size_t rows = 0;
	json_lit(j, "[");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		json_lit(j, rows++ ? ",\n{" : "\n{");
		for (int i = 0; i < n; i++) {
			struct table_value v;
			if (i)
				json_lit(j, ", ");
			json_cstr(j, sqlite3_column_name(st, i));
			json_lit(j, ": ");
			sql_out_value(st, i, &v);
			json_value(j, &v, dec[i]);
		}
		json_lit(j, "}");
	}
	json_lit(j, rows ? "\n]\n" : "]\n");
	json_flush(j);
	free(j);
	return rc;
}

/* ---- aligned ---- */

struct cell {
	char *p; /* as the TSV writes it */
	size_t n, w;
};

/* A value as text, into c (allocated). */
static void cell_make(struct cell *c, const struct table_value *v, int dec, bool escape)
{
	FILE *m = open_memstream(&c->p, &c->n);
	c->p = NULL;
	c->n = 0;
	if (m) {
		report_text_value(m, v, dec, escape);
		fclose(m);
	}
	c->w = c->p ? report_text_width(c->p, c->n) : 0;
}

static void cell_put(FILE *f, const struct cell *c, size_t width, bool right, bool last)
{
	size_t pad = width > c->w ? width - c->w : 0;
	if (right)
		fprintf(f, "%*s", (int)pad, "");
	if (c->p)
		fwrite(c->p, 1, c->n, f);
	if (!right && !last)
		fprintf(f, "%*s", (int)pad, "");
	if (!last)
		fputs("  ", f);
}

/* The rows held (n of them, ncol cells each) with widths w, then the rest
 * of the statement's as they come. */
struct aligned {
	int ncol;
	struct cell *cells; /* [row * ncol + col], row 0 the header */
	size_t rows;
	size_t *w;
	bool *right; /* a column of numbers: to the right */
	const int *dec;
	bool escape;
};

static void row_put(FILE *f, const struct aligned *a, const struct cell *row)
{
	for (int i = 0; i < a->ncol; i++)
		cell_put(f, &row[i], a->w[i], a->right[i], i == a->ncol - 1);
	fputc('\n', f);
}

static void row_read(sqlite3_stmt *st, const struct aligned *a, struct cell *row, bool *right)
{
	for (int i = 0; i < a->ncol; i++) {
		struct table_value v;
		sql_out_value(st, i, &v);
		if (right && v.kind != TV_NULL && !right[i])
			right[i] = v.kind == TV_INT || v.kind == TV_REAL;
		cell_make(&row[i], &v, a->dec[i], a->escape);
	}
}

static void cells_free(struct cell *c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(c[i].p);
}

static int out_aligned(sqlite3_stmt *st, FILE *f, bool escape, const int *dec)
{
	struct aligned a = { .ncol = sqlite3_column_count(st), .dec = dec, .escape = escape };
	size_t nc = a.ncol ? (size_t)a.ncol : 1;
	a.cells = calloc((ALIGN_ROWS + 1) * nc, sizeof *a.cells);
	a.w = calloc(nc, sizeof *a.w);
	a.right = calloc(nc, sizeof *a.right);
	if (!a.cells || !a.w || !a.right) {
		free(a.cells);
		free(a.w);
		free(a.right);
		return SQLITE_NOMEM;
	}
	for (int i = 0; i < a.ncol; i++) {
		struct table_value v;
		const char *name = sqlite3_column_name(st, i);
		table_set_text(&v, name, strlen(name));
		cell_make(&a.cells[i], &v, 0, escape);
	}
	int rc;
	a.rows = 1;
	while (a.rows <= ALIGN_ROWS && (rc = sqlite3_step(st)) == SQLITE_ROW)
		row_read(st, &a, &a.cells[a.rows++ * nc], a.right);
	for (size_t r = 0; r < a.rows; r++)
		for (int i = 0; i < a.ncol; i++)
			if (a.cells[r * nc + (size_t)i].w > a.w[i])
				a.w[i] = a.cells[r * nc + (size_t)i].w;
	for (size_t r = 0; r < a.rows; r++)
		row_put(f, &a, &a.cells[r * nc]);
	if (a.rows > ALIGN_ROWS) { /* the rest, in the widths of the first */
		struct cell *row = a.cells + nc;
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			cells_free(row, nc);
			row_read(st, &a, row, NULL);
			row_put(f, &a, row);
		}
	}
	cells_free(a.cells, a.rows * nc);
	free(a.cells);
	free(a.w);
	free(a.right);
	return rc;
}

int sql_out_run(sqlite3_stmt *st, FILE *f, enum sql_format fmt, bool escape)
{
	int n = sqlite3_column_count(st);
	int *dec = calloc(n ? (size_t)n : 1, sizeof *dec);
	if (!dec)
		return SQLITE_NOMEM;
	for (int i = 0; i < n; i++)
		dec[i] = sql_out_decimals(st, i);
	int rc;
	if (!n) { /* a statement without rows */
		while ((rc = sqlite3_step(st)) == SQLITE_ROW)
			;
	} else if (fmt == SQL_TSV) {
		rc = out_tsv(st, f, escape, dec);
	} else if (fmt == SQL_JSON) {
		rc = out_json(st, f, dec);
	} else {
		rc = out_aligned(st, f, escape, dec);
	}
	free(dec);
	return rc;
}
