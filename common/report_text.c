/* report_text: text from the log as the reports write it (escaped, or as a
 * TSV field), its width, and times. */
#include "report_text.h"

#include <stdlib.h>

#include "../model/table.h"
#include "../model/timefmt.h"
#include "../parser/render.h"
#include "../parser/utf8.h"

void report_text_put(FILE *f, const uint8_t *p, size_t n, bool escape)
{
	struct sbuf b = { .escape = escape };
	sbuf_text(&b, p, n);
	if (!b.oom && b.n)
		fwrite(b.p, 1, b.n, f);
	sbuf_free(&b);
}

void report_text_put_tsv(FILE *f, const uint8_t *p, size_t n, bool escape)
{
	size_t i = 0;
	while (i < n) {
		size_t j = i;
		while (j < n && p[j] != '\t' && p[j] != '\n' && p[j] != '\r' && p[j] != '\\')
			j++;
		if (j > i)
			report_text_put(f, p + i, j - i, escape);
		if (j < n)
			fputs(p[j] == '\t' ? "\\t" : p[j] == '\n' ? "\\n" : p[j] == '\r' ? "\\r" : "\\\\",
			      f);
		i = j + 1;
	}
}

void report_text_field(FILE *f, const uint8_t *p, size_t n, bool escape, bool tsv)
{
	if (tsv)
		report_text_put_tsv(f, p, n, escape);
	else
		report_text_put(f, p, n, escape);
}

size_t report_text_width(const char *p, size_t n)
{
	size_t w = 0;
	for (size_t i = 0; i < n; w++) {
		uint32_t cp;
		size_t k = utf8_next((const uint8_t *)p + i, n - i, &cp);
		i += k ? k : 1;
	}
	return w;
}

const char *report_text_time(char *buf, uint64_t ns)
{
	return time_format(buf, 32, ns);
}

/* A double as the shortest %g text that reads back the same. */
static void put_real(FILE *f, double x)
{
	char buf[40];
	for (int p = 15; p <= 17; p++) {
		snprintf(buf, sizeof buf, "%.*g", p, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	fputs(buf, f);
}

void report_text_value(FILE *f, const struct table_value *v, int decimals, bool escape)
{
	switch (v->kind) {
	case TV_NULL: break;
	case TV_INT: fprintf(f, "%lld", (long long)v->i); break;
	case TV_REAL:
		if (decimals > 0)
			fprintf(f, "%.*f", decimals, v->f);
		else
			put_real(f, v->f);
		break;
	case TV_TEXT: report_text_put_tsv(f, v->p, v->n, escape); break;
	}
}

void report_text_row(FILE *f, struct table_cursor *c, bool escape)
{
	const struct table_def *t = c->def;
	for (size_t i = 0; i < t->ncols; i++) {
		struct table_value v;
		if (i)
			fputc('\t', f);
		if (t->cols[i].pieces) { /* written as it is read, never made whole */
			const uint8_t *p;
			size_t n;
			for (bool first = true; table_piece(c, i, first, &p, &n); first = false)
				report_text_put_tsv(f, p, n, escape);
			continue;
		}
		table_value(c, i, &v);
		report_text_value(f, &v, t->cols[i].decimals, escape);
	}
	fputc('\n', f);
}
