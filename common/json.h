/* json: a buffered writer of JSON text (RFC 8259) for the exports. A
 * string from the log is written escaped so that the file is valid JSON
 * whatever the log holds and safe on a terminal: a quotation mark and a
 * backslash escaped, every code point a terminal would not show as itself
 * (controls, C1 controls, format and bidi characters, line separators,
 * unassigned ones: utf8.h's unicode_visible) as \uXXXX (a surrogate pair
 * above U+FFFF), and bytes that are not well-formed UTF-8 as U+FFFD, one
 * for each maximal subpart (Unicode's recommended practice, what a
 * browser's decoder shows). A write error is kept (failed, err) and what
 * follows is dropped. */
#ifndef HECTIC_JSON_H
#define HECTIC_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct json {
	FILE *f;
	bool failed;
	int err; /* errno of the failed write */
	size_t n;
	char buf[1 << 16];
};

void json_raw(struct json *j, const char *s, size_t n);
void json_lit(struct json *j, const char *s);
void json_u64(struct json *j, uint64_t v);
void json_i64(struct json *j, int64_t v);
/* ns as microseconds with three decimals: 1234567 -> 1234.567 */
void json_us(struct json *j, uint64_t ns);
/* A string, quoted and escaped. */
void json_str(struct json *j, const uint8_t *s, size_t n);
void json_cstr(struct json *j, const char *s);
/* The characters of a JSON string for s[0..n), without the quotes, to f
 * (for writers that print with stdio). */
void json_fchars(FILE *f, const uint8_t *s, size_t n);
/* Writes the buffer out; false once a write failed. */
bool json_flush(struct json *j);

#endif
