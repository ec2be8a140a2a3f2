/* findings_text: the findings pane's text, with no terminal (issue 47): a
 * finding's row, and the selected finding's evidence, advice and RTS flags
 * escaped (sbuf_text: the evidence names threads by their labels, from the
 * file) and wrapped to the pane's width, a paragraph each, its lines after
 * the first indented. Pure functions, tested without a tty
 * (tests/unit/test_findings_text.c); view_findings.c draws them. */
#ifndef HECTIC_FINDINGS_TEXT_H
#define HECTIC_FINDINGS_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "../model/doctor.h"
#include "../parser/render.h"

/* The columns a continued line of a paragraph is indented by. */
#define FINDINGS_INDENT 2

/* Finding f, ranked rank (from 1), as its row: "1. nursery      WARNING
 *  59.45%  0.152s-0.156s" (the kind, warning or information, its cost in
 * the digits of hectic doctor --tsv as a percentage, where it is worst, in
 * the seconds of hectic doctor's text), into b (n bytes). Returns b. */
char *findings_row(char *b, size_t n, size_t rank, const struct finding *f);

/* A line of the detail: len bytes at off in the text, indent columns in. */
struct findings_line {
	size_t off, len;
	int indent;
};

/* The detail of a finding: "try: +RTS ... -RTS" (when it has flags),
 * "advice: ..." and "evidence: ...", what to do first (a short pane shows
 * the first lines), escaped into b, wrapped to width columns. */
struct findings_text {
	struct sbuf b;
	struct findings_line *line;
	size_t nline;
	bool oom; /* out of memory: no lines */
};

/* f's detail in width columns (ascii: as draw_safe draws without UTF-8).
 * False when out of memory (t->oom, nothing kept). Free with
 * findings_text_free. */
bool findings_text_make(struct findings_text *t, const struct finding *f, int width, bool ascii);
void findings_text_free(struct findings_text *t);

/* The rows of the list above the detail, in h rows for n findings: as
 * many as leave the detail (its lines) its rows, or at least half of h
 * (at least one), and never more than n. */
int findings_list_rows(int n, int h, size_t detail);

#endif
