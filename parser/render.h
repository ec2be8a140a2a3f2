/* render: the `ghc-events show` text of events and event types (part B).
 *
 * Appends to a growable byte buffer; the caller flushes it. Strings from the
 * file are copied raw, as the reference tool does, unless the buffer is in
 * escape mode (for terminals), where nothing a terminal would act on or draw
 * invisibly gets through: ASCII controls (so escape sequences) come out as
 * \xNN, and every other control, bidi, zero-width, format, private-use or
 * unassigned character as \uNNNN or \UNNNNNNNN (see unicode_visible).
 * Invalid UTF-8 is always \xNN, one per byte. */
#ifndef HECTIC_RENDER_H
#define HECTIC_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "event.h"

struct sbuf {
	char *p;
	size_t n, cap;
	bool escape; /* sanitise strings from the file for a terminal */
	bool oom;    /* an allocation failed; contents are incomplete */
	/* the digits of the last timestamp above its low 6, for reuse: the
	 * timestamps of consecutive lines nearly always share them */
	uint64_t t_hi;
	uint8_t t_hilen;
	char t_histr[14];
};

void sbuf_grow(struct sbuf *b, size_t extra);
void sbuf_free(struct sbuf *b);

static inline void sbuf_putc(struct sbuf *b, char c)
{
	if (b->n + 1 > b->cap) {
		sbuf_grow(b, 1);
		if (b->oom)
			return;
	}
	b->p[b->n++] = c;
}

/* Copies n bytes to w and returns w + n. Short pieces (most of a show line)
 * take two overlapping fixed-size copies, which beat a call to memcpy. */
static inline char *w_copy(char *w, const char *s, size_t n)
{
	if (n >= 8 && n <= 16) {
		__builtin_memcpy(w, s, 8);
		__builtin_memcpy(w + n - 8, s + n - 8, 8);
	} else if (n >= 4 && n < 8) {
		__builtin_memcpy(w, s, 4);
		__builtin_memcpy(w + n - 4, s + n - 4, 4);
	} else if (n < 4) {
		for (size_t i = 0; i < n; i++)
			w[i] = s[i];
	} else {
		__builtin_memcpy(w, s, n);
	}
	return w + n;
}

static inline void sbuf_put(struct sbuf *b, const char *s, size_t n)
{
	if (b->n + n > b->cap) {
		sbuf_grow(b, n);
		if (b->oom)
			return;
	}
	b->n = (size_t)(w_copy(b->p + b->n, s, n) - b->p);
}

void sbuf_puts(struct sbuf *b, const char *s);
void sbuf_u64(struct sbuf *b, uint64_t v);
void sbuf_hex(struct sbuf *b, uint64_t v);

/* Bytes from the file, raw or escaped per b->escape; invalid UTF-8 is always
 * shown as \xNN escapes (the reference tool rejects it). A backslash stays as
 * it is. */
void sbuf_text(struct sbuf *b, const uint8_t *s, size_t n);

/* "N: DESC (size S)" for one header entry, without newline. */
void render_type(struct sbuf *b, const struct ev_type *t);

/* The body of an event line (B.8, B.9). An event with bad bits renders what
 * it can and marks the bad part in the text. */
void render_body(struct sbuf *b, const struct ev_header *h, const struct ev *e);

/* A full event line: "{time}: [cap {c}: ]{body}\n" (B.5). pretty selects
 * the --pretty-time timestamp. */
void render_line(struct sbuf *b, const struct ev_header *h, const struct ev *e,
		 int32_t cap, bool pretty);

/* render_line for the event at buf[off..len) when its layout has only
 * integer fields (most events of a real log), reading them straight from the
 * bytes: no struct ev. Returns false, writing nothing, when the event needs
 * render_line (strings, special fields, anything malformed). */
bool render_line_raw(struct sbuf *b, const struct ev_header *h, const uint8_t *buf,
		     size_t len, uint64_t off, int32_t cap);

/* The --pretty-time form of a timestamp. */
void render_pretty_time(struct sbuf *b, uint64_t t);

/* Text for a STOP_THREAD status (B.10), or NULL where the reference fails. */
const char *render_stop_status(uint64_t status);

#endif
