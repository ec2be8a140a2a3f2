/* model/table_ch: the registry's tables as ClickHouse holds them: the
 * statements that make them, and rows in RowBinary (ClickHouse's
 * documentation of the format: a string is its length in LEB128, then its
 * bytes; an integer or a float 8 bytes little-endian; a Nullable value a
 * byte 1 for NULL, else 0 and the value). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../model/table_ch.h"

static void assert_bytes(const struct chbuf *b, const void *want, size_t n)
{
	assert_false(b->failed);
	assert_int_equal(b->n, n);
	assert_memory_equal(b->p, want, n);
}

static void test_strings(void **state)
{
	(void)state;
	struct chbuf b = { 0 };
	table_ch_string(&b, "", 0);
	assert_bytes(&b, "\0", 1);
	b.n = 0;
	char big[300];
	memset(big, 'x', sizeof big);
	table_ch_string(&b, big, 127);
	assert_int_equal(b.p[0], 127);
	assert_int_equal(b.n, 128);
	b.n = 0;
	table_ch_string(&b, big, 128); /* two bytes of length */
	assert_int_equal(b.p[0], 0x80);
	assert_int_equal(b.p[1], 0x01);
	assert_int_equal(b.n, 130);
	b.n = 0;
	table_ch_string(&b, big, 300); /* 300 = 0b10_0101100 */
	assert_int_equal(b.p[0], 0xac);
	assert_int_equal(b.p[1], 0x02);
	b.n = 0;
	table_ch_int64(&b, -2);
	assert_bytes(&b, "\xfe\xff\xff\xff\xff\xff\xff\xff", 8);
	chbuf_free(&b);
}

static void test_ident(void **state)
{
	(void)state;
	struct chbuf b = { 0 };
	table_ch_ident(&b, "a`b\\c");
	assert_bytes(&b, "`a\\`b\\\\c`", 9);
	chbuf_free(&b);
}

/* ---- a table of its own, to know every byte of its rows ---- */

enum { C_INT, C_REAL, C_TEXT, C_MIXED, C_BIG };
static const struct table_col cols[] = {
	[C_INT] = { "n", TABLE_INT, "", "an integer" },
	[C_REAL] = { "f", TABLE_REAL, "", "a real" },
	[C_TEXT] = { "s", TABLE_TEXT, "", "a text" },
	[C_MIXED] = { "m", TABLE_INT, "", "an integer, a real in some rows", 0, .real_too = true },
	[C_BIG] = { "big", TABLE_TEXT, "", "a text in pieces", 0, .pieces = true },
};

struct cur {
	struct table_cursor base;
	int row; /* 0: none yet; 1, 2 */
};

static struct table_cursor *t_open(const struct table_data *d, const struct table_limits *l);
static bool t_next(struct table_cursor *c)
{
	return ++((struct cur *)c)->row <= 2;
}
static void t_value(struct table_cursor *c, size_t col, struct table_value *v)
{
	int row = ((struct cur *)c)->row;
	switch (col) {
	case C_INT: if (row == 1) table_set_int(v, 5); else table_set_null(v); break;
	case C_REAL: table_set_real(v, 1.5); break;
	case C_TEXT: table_set_text(v, row == 1 ? "x\ty" : "\xff", row == 1 ? 3 : 1); break;
	case C_MIXED: if (row == 1) table_set_int(v, 2); else table_set_real(v, 0.25); break;
	default: table_set_text(v, "whole", 5); break;
	}
}
static bool t_piece(struct table_cursor *c, size_t col, bool first, const uint8_t **p, size_t *n)
{
	(void)c, (void)col;
	static int k;
	k = first ? 0 : k + 1;
	if (k >= 2)
		return false;
	*p = (const uint8_t *)(k ? "cd" : "ab");
	*n = 2;
	return true;
}
static void t_close(struct table_cursor *c)
{
	free(c);
}
static const struct table_def def = {
	.name = "t", .doc = "a test", .cols = cols, .ncols = 5, .time_col = -1, .cap_col = -1,
	.class_col = -1, .type_col = -1, .open = t_open, .next = t_next, .value = t_value,
	.close = t_close, .piece = t_piece,
};
static struct table_cursor *t_open(const struct table_data *d, const struct table_limits *l)
{
	(void)d, (void)l;
	struct cur *c = calloc(1, sizeof *c);
	c->base.def = &def;
	return &c->base;
}

static void test_rows(void **state)
{
	(void)state;
	struct table_cursor *c = t_open(NULL, NULL);
	struct chbuf b = { 0 };
	assert_true(table_next(c));
	table_ch_row(&b, "ab", c);
	static const uint8_t row1[] = {
		2, 'a', 'b',                            /* run */
		0, 5, 0, 0, 0, 0, 0, 0, 0,              /* n */
		0, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f,        /* f: 1.5 */
		0, 3, 'x', '\t', 'y',                   /* s */
		0, 0, 0, 0, 0, 0, 0, 0, 0x40,           /* m: 2, as a real */
		0, 4, 'a', 'b', 'c', 'd',               /* big, its pieces */
	};
	assert_bytes(&b, row1, sizeof row1);
	b.n = 0;
	assert_true(table_next(c));
	table_ch_row(&b, "ab", c);
	static const uint8_t row2[] = {
		2, 'a', 'b',
		1,                                      /* n: NULL */
		0, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f,
		0, 1, 0xff,
		0, 0, 0, 0, 0, 0, 0, 0xd0, 0x3f,        /* m: 0.25 */
		0, 4, 'a', 'b', 'c', 'd',
	};
	assert_bytes(&b, row2, sizeof row2);
	table_close(c);
	chbuf_free(&b);
}

static void test_create(void **state)
{
	(void)state;
	struct chbuf b = { 0 };
	table_ch_create(&b, &def);
	chbuf_add(&b, "", 1);
	assert_string_equal((char *)b.p,
			    "CREATE TABLE IF NOT EXISTS `t` (run String, `n` Nullable(Int64), "
			    "`f` Nullable(Float64), `s` Nullable(String), `m` Nullable(Float64), "
			    "`big` Nullable(String)) ENGINE = MergeTree() ORDER BY (run)");
	b.n = 0;
	table_ch_create(&b, table_find("gcs"));
	chbuf_add(&b, "", 1);
	assert_non_null(strstr((char *)b.p, "ORDER BY (run, ifNull(`start`, 0))"));
	b.n = 0;
	table_ch_view(&b, &def);
	chbuf_add(&b, "", 1);
	assert_string_equal((char *)b.p, "CREATE VIEW IF NOT EXISTS `complete_t` AS SELECT * FROM `t` "
					 "WHERE run IN (SELECT run FROM logs WHERE live = 0)");
	chbuf_free(&b);
}

static void test_logs_row(void **state)
{
	(void)state;
	struct chbuf b = { 0 };
	struct table_ch_log l = { .run = "r", .file = "f", .host = "h", .started = -1,
				  .duration = 7, .bytes = 9, .pushed_at = 0x01020304, .live = true };
	table_ch_logs_row(&b, &l);
	static const uint8_t want[] = {
		1, 'r', 1, 'f', 1, 'h', 0, 0, 0, /* run file host; program args rts empty */
		1,                               /* started: NULL */
		7, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0,
		4, 3, 2, 1,                      /* pushed_at: a DateTime, 4 bytes */
		1,                               /* live */
	};
	assert_bytes(&b, want, sizeof want);
	int n = 0;
	while (table_ch_logs_cols[n])
		n += 2;
	assert_int_equal(n / 2, 11);
	chbuf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strings), cmocka_unit_test(test_ident),
		cmocka_unit_test(test_rows),    cmocka_unit_test(test_create),
		cmocka_unit_test(test_logs_row),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
