/* report_text: text from the log as the reports write it (escaped, or as a
 * TSV field), its width, and times. */
#include "report_text.h"

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
