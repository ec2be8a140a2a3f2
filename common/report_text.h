/* report_text: how the reports write what is not theirs (report_text.c):
 * text from the log, escaped for a terminal when asked, as a text column or
 * a TSV field; its width in columns; a time. Writes to the FILE it is
 * handed, nothing else. */
#ifndef HECTIC_REPORT_TEXT_H
#define HECTIC_REPORT_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Text from the file, escaped for a terminal when asked. */
void report_text_put(FILE *f, const uint8_t *p, size_t n, bool escape);

/* A text field of a TSV row: tabs, newlines, carriage returns and
 * backslashes as \t, \n, \r and \\; the rest as report_text_put writes it. */
void report_text_put_tsv(FILE *f, const uint8_t *p, size_t n, bool escape);

/* One of the two, as tsv says. */
void report_text_field(FILE *f, const uint8_t *p, size_t n, bool escape, bool tsv);

/* The columns of text as written (escapes included): a column per
 * character (the labels of cost centres and spans are names from source
 * code). */
size_t report_text_width(const char *p, size_t n);

struct table_cursor;
struct table_value;

/* A value of a table (model/table.h) as a TSV field: NULL empty, an
 * integer in decimal, a REAL with decimals decimals (0: the shortest that
 * reads back the same), text as report_text_put_tsv writes it. */
void report_text_value(FILE *f, const struct table_value *v, int decimals, bool escape);

/* The current row of a table's cursor as a TSV line. */
void report_text_row(FILE *f, struct table_cursor *c, bool escape);

/* ns as a time with a unit (model/timefmt.h) into buf (32 bytes); buf. */
const char *report_text_time(char *buf, uint64_t ns);

#endif
