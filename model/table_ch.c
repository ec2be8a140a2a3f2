/* table_ch: the registry's tables as ClickHouse holds them (table_ch.h). */
#include "table_ch.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void chbuf_grow_add(struct chbuf *b, const void *p, size_t n)
{
	if (b->failed || b->fixed) {
		b->failed = true;
		return;
	}
	size_t cap = b->cap ? b->cap : 4096;
	while (cap - b->n < n) {
		if (cap > SIZE_MAX / 2) {
			b->failed = true;
			return;
		}
		cap *= 2;
	}
	uint8_t *q = realloc(b->p, cap);
	if (!q) {
		b->failed = true;
		return;
	}
	b->p = q, b->cap = cap;
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

void chbuf_addf(struct chbuf *b, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (k < 0) {
		b->failed = true;
		return;
	}
	if ((size_t)k < sizeof small) {
		chbuf_add(b, small, (size_t)k);
		return;
	}
	char *big = malloc((size_t)k + 1);
	if (!big) {
		b->failed = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)k + 1, fmt, ap);
	va_end(ap);
	chbuf_add(b, big, (size_t)k);
	free(big);
}

void chbuf_free(struct chbuf *b)
{
	if (!b->fixed)
		free(b->p);
	*b = (struct chbuf){ 0 };
}

/* The type a column's values take in ClickHouse. */
static enum table_type ch_type(const struct table_col *c)
{
	return c->type == TABLE_INT && c->real_too ? TABLE_REAL : c->type;
}

const char *table_ch_type(const struct table_col *c)
{
	switch (ch_type(c)) {
	case TABLE_INT: return "Nullable(Int64)";
	case TABLE_REAL: return "Nullable(Float64)";
	case TABLE_TEXT: break;
	}
	return "Nullable(String)";
}

int table_ch_order_col(const struct table_def *t)
{
	if (t->time_col >= 0)
		return t->time_col;
	int k = table_col_index(t, "start");
	return k >= 0 ? k : table_col_index(t, "time");
}

void table_ch_ident(struct chbuf *b, const char *name)
{
	chbuf_add(b, "`", 1);
	for (const char *p = name; *p; p++) {
		if (*p == '`' || *p == '\\')
			chbuf_add(b, "\\", 1);
		chbuf_add(b, p, 1);
	}
	chbuf_add(b, "`", 1);
}

void table_ch_create(struct chbuf *b, const struct table_def *t)
{
	chbuf_addf(b, "CREATE TABLE IF NOT EXISTS ");
	table_ch_ident(b, t->name);
	chbuf_addf(b, " (run String");
	for (size_t k = 0; k < t->ncols; k++) {
		chbuf_addf(b, ", ");
		table_ch_ident(b, t->cols[k].name);
		chbuf_addf(b, " %s", table_ch_type(&t->cols[k]));
	}
	/* (a key cannot be Nullable: a row without a time sorts first) */
	chbuf_addf(b, ") ENGINE = MergeTree() ORDER BY (run");
	int o = table_ch_order_col(t);
	if (o >= 0) {
		chbuf_addf(b, ", ifNull(");
		table_ch_ident(b, t->cols[o].name);
		chbuf_addf(b, ", 0)");
	}
	chbuf_addf(b, ")");
}

void table_ch_view(struct chbuf *b, const struct table_def *t)
{
	char name[128];
	snprintf(name, sizeof name, "complete_%s", t->name);
	chbuf_addf(b, "CREATE VIEW IF NOT EXISTS ");
	table_ch_ident(b, name);
	chbuf_addf(b, " AS SELECT * FROM ");
	table_ch_ident(b, t->name);
	chbuf_addf(b, " WHERE run IN (SELECT run FROM logs WHERE live = 0)");
}

/* A string's length, as RowBinary gives it (LEB128). */
static void add_len(struct chbuf *b, uint64_t x)
{
	uint8_t v[10];
	size_t k = 0;
	do {
		v[k++] = (uint8_t)((x & 0x7f) | (x > 0x7f ? 0x80 : 0));
		x >>= 7;
	} while (x);
	chbuf_add(b, v, k);
}

void table_ch_string(struct chbuf *b, const void *p, size_t n)
{
	add_len(b, n);
	chbuf_add(b, p, n);
}

void table_ch_int64(struct chbuf *b, int64_t v)
{
	uint8_t o[8];
	uint64_t u = (uint64_t)v;
	for (int i = 0; i < 8; i++)
		o[i] = (uint8_t)(u >> (8 * i));
	chbuf_add(b, o, 8);
}

void table_ch_uint32(struct chbuf *b, uint32_t v)
{
	uint8_t o[4];
	for (int i = 0; i < 4; i++)
		o[i] = (uint8_t)(v >> (8 * i));
	chbuf_add(b, o, 4);
}

static void add_double(struct chbuf *b, double f)
{
	uint64_t u;
	memcpy(&u, &f, sizeof u);
	table_ch_int64(b, (int64_t)u);
}

/* A text given in pieces: its length first, then the pieces again. */
static void add_pieces(struct chbuf *b, struct table_cursor *c, size_t col)
{
	const uint8_t *p;
	size_t n, total = 0;
	for (bool first = true; table_piece(c, col, first, &p, &n); first = false)
		total += n;
	add_len(b, total);
	for (bool first = true; table_piece(c, col, first, &p, &n); first = false)
		chbuf_add(b, p, n);
}

void table_ch_row(struct chbuf *b, const char *run, struct table_cursor *c)
{
	const struct table_def *t = c->def;
	table_ch_string(b, run, strlen(run));
	for (size_t k = 0; k < t->ncols; k++) {
		if (t->cols[k].pieces) {
			chbuf_add(b, "", 1);
			add_pieces(b, c, k);
			continue;
		}
		struct table_value v;
		table_value(c, k, &v);
		if (v.kind == TV_NULL) {
			chbuf_add(b, "\1", 1);
			continue;
		}
		chbuf_add(b, "", 1);
		switch (ch_type(&t->cols[k])) {
		case TABLE_INT:
			table_ch_int64(b, v.kind == TV_REAL ? (int64_t)v.f : v.i);
			break;
		case TABLE_REAL: add_double(b, v.kind == TV_INT ? (double)v.i : v.f); break;
		case TABLE_TEXT:
			if (v.kind == TV_TEXT) {
				table_ch_string(b, v.p, v.n);
			} else {
				char num[40];
				int n = v.kind == TV_INT ? snprintf(num, sizeof num, "%lld", (long long)v.i)
							 : snprintf(num, sizeof num, "%.17g", v.f);
				table_ch_string(b, num, (size_t)n);
			}
			break;
		}
	}
}

/* ---- logs ---- */

const char *const table_ch_logs_cols[] = {
	"run", "the log's id: a hash of its header, its first and last MiB of events and its size",
	"file", "the log's path, as it was given to hectic push",
	"host", "the machine hectic push ran on, or --host",
	"program", "the program's name (its first argument, as the log gives it)",
	"args", "its other arguments, separated by spaces",
	"rts", "the RTS identifier (GHC's version and RTS flavour)",
	"started", "the wall clock at the RTS's start (NULL: the log does not say)",
	"duration", "ns: the run's length (summary's total_elapsed_ns)",
	"bytes", "bytes: the log's size",
	"pushed_at", "when the row was written",
	"live", "1 while hectic push --follow pushes the log; 0 once it is whole",
	NULL
};

void table_ch_logs_create(struct chbuf *b)
{
	chbuf_addf(b, "CREATE TABLE IF NOT EXISTS logs (run String, file String, host String, "
		      "program String, args String, rts String, started Nullable(DateTime), "
		      "duration Int64, bytes Int64, pushed_at DateTime, live UInt8) "
		      "ENGINE = MergeTree() ORDER BY (run, pushed_at)");
}

void table_ch_logs_row(struct chbuf *b, const struct table_ch_log *l)
{
	table_ch_string(b, l->run, strlen(l->run));
	table_ch_string(b, l->file, strlen(l->file));
	table_ch_string(b, l->host, strlen(l->host));
	table_ch_string(b, l->program, l->program ? l->nprogram : 0);
	table_ch_string(b, l->args, l->args ? l->nargs : 0);
	table_ch_string(b, l->rts, l->rts ? l->nrts : 0);
	if (l->started < 0 || l->started > UINT32_MAX) {
		chbuf_add(b, "\1", 1);
	} else {
		chbuf_add(b, "", 1);
		table_ch_uint32(b, (uint32_t)l->started);
	}
	table_ch_int64(b, l->duration);
	table_ch_int64(b, l->bytes);
	table_ch_uint32(b, l->pushed_at < 0 ? 0 : (uint32_t)l->pushed_at);
	chbuf_add(b, l->live ? "\1" : "", 1);
}
