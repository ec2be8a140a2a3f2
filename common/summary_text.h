/* summary_text: the +RTS -s style report of a struct summary (the model
 * computes it, model/summary.h), as text, with +RTS -s's line labels. One
 * printer for `hectic summary` and the viewer's statistics panel. */
#ifndef HECTIC_SUMMARY_TEXT_H
#define HECTIC_SUMMARY_TEXT_H

#include <stdio.h>

#include "../model/summary.h"

/* Hands each line of the report, without its newline, to emit. A line is
 * at most 511 bytes (longer ones are cut). */
void summary_text(const struct summary *sm, void (*emit)(void *ctx, const char *line),
		  void *ctx);

/* The report on f, a newline after each line. */
void summary_write(FILE *f, const struct summary *sm);

#endif
