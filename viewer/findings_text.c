/* The findings pane's text (findings_text.h): rows and wrapped detail. */
#include "findings_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/timefmt.h"
#include "wrap.h"

/* The cost as a percentage, the digits hectic doctor --tsv gives it (a
 * share to 4 decimals, "0.5945": "59.45"), into b. */
static char *cost_percent(char *b, size_t n, double cost)
{
	char s[48];
	snprintf(s, sizeof s, "%.4f", cost);
	const char *dot = strchr(s, '.');
	if (!dot || strlen(dot) != 5) {
		snprintf(b, n, "%.2f", 100 * cost);
		return b;
	}
	long whole = strtol(s, NULL, 10);
	snprintf(b, n, "%ld.%.2s", whole * 100 + (dot[1] - '0') * 10 + (dot[2] - '0'), dot + 3);
	return b;
}

char *findings_row(char *b, size_t n, size_t rank, const struct finding *f)
{
	char from[32], to[32], pct[48];
	snprintf(b, n, "%zu. %-12s %-7s %6s%%  %s-%s", rank, doctor_kind_name(f->kind),
		 finding_warns(f) ? "WARNING" : "info", cost_percent(pct, sizeof pct, f->cost),
		 time_format_secs(from, sizeof from, f->from, 3),
		 time_format_secs(to, sizeof to, f->to, 3));
	return b;
}

/* The paragraph at [start, b->n) wrapped into t's lines. */
static bool wrap_paragraph(struct findings_text *t, size_t start, int width, bool ascii)
{
	size_t at = start, end = t->b.n;
	while (at < end) {
		int indent = at == start ? 0 : FINDINGS_INDENT;
		int w = width - indent > 8 ? width - indent : 8;
		size_t take, used = wrap_line(t->b.p + at, end - at, w, ascii, &take);
		struct findings_line *l = realloc(t->line, (t->nline + 1) * sizeof *l);
		if (!l)
			return false;
		t->line = l;
		t->line[t->nline++] = (struct findings_line){ at, take, indent };
		at += used ? used : end - at;
	}
	return true;
}

/* A paragraph "label: text" (text escaped) added to t and wrapped. */
static bool add_paragraph(struct findings_text *t, const char *label, const char *text,
			  int width, bool ascii)
{
	size_t start = t->b.n;
	sbuf_puts(&t->b, label);
	sbuf_text(&t->b, (const uint8_t *)text, strlen(text));
	return !t->b.oom && wrap_paragraph(t, start, width, ascii);
}

bool findings_text_make(struct findings_text *t, const struct finding *f, int width, bool ascii)
{
	memset(t, 0, sizeof *t);
	t->b.escape = true;
	char rts[sizeof f->rts + 16];
	snprintf(rts, sizeof rts, "+RTS %s -RTS", f->rts);
	/* what to do first: a pane at 80x24 shows the first lines alone */
	bool ok = (!*f->rts || add_paragraph(t, "try: ", rts, width, ascii)) &&
		  add_paragraph(t, "advice: ", f->advice, width, ascii) &&
		  add_paragraph(t, "evidence: ", f->evidence, width, ascii);
	if (!ok) {
		findings_text_free(t);
		t->oom = true;
	}
	return ok;
}

void findings_text_free(struct findings_text *t)
{
	sbuf_free(&t->b);
	free(t->line);
	t->line = NULL;
	t->nline = 0;
}

int findings_list_rows(int n, int h, size_t detail)
{
	if (n <= 0 || h <= 0)
		return 0;
	int rest = detail < (size_t)h ? h - (int)detail : 0; /* the rows the detail leaves */
	int rows = rest > h / 2 ? rest : h / 2;
	if (rows < 1)
		rows = 1;
	return rows < n ? rows : n;
}
