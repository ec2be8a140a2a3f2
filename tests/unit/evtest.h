/* Shared helpers for the unit tests: decode a built log, render, and compare
 * text exactly. Include after <cmocka.h>. */
#ifndef HECTIC_TEST_EVTEST_H
#define HECTIC_TEST_EVTEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../parser/event.h"
#include "../../parser/render.h"
#include "evbuild.h"

/* Prints s with non-printable bytes as \xNN, for failure messages. */
static inline void evt_print_escaped(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7F && c != '\\')
			print_error("%c", c);
		else
			print_error("\\x%02x", c);
	}
}

static inline void evt_check_text(const char *got, size_t gn, const char *exp, size_t en,
				  const char *file, int line)
{
	if (gn == en && (en == 0 || memcmp(got, exp, en) == 0))
		return;
	print_error("text mismatch\n  expected (%zu bytes): \"", en);
	evt_print_escaped(exp, en);
	print_error("\"\n  got      (%zu bytes): \"", gn);
	evt_print_escaped(got ? got : "", got ? gn : 0);
	print_error("\"\n");
	_fail(file, line);
}

/* Exact comparison against a string literal (may contain NULs). */
#define assert_text(got, gn, lit) \
	evt_check_text((got), (gn), (lit), sizeof(lit) - 1, __FILE__, __LINE__)
/* Exact comparison against a C string. */
#define assert_textz(got, gn, s) evt_check_text((got), (gn), (s), strlen(s), __FILE__, __LINE__)
/* The text starts with the literal. */
#define assert_text_prefix(got, gn, lit) \
	evt_check_text((got), (gn) < sizeof(lit) - 1 ? (gn) : sizeof(lit) - 1, (lit), \
		       sizeof(lit) - 1, __FILE__, __LINE__)

/* A built log, copied to an exact-size buffer, its header parsed and the
 * first item of the data section decoded. */
struct one {
	uint8_t *buf;
	size_t len;
	struct ev_header h;
	enum hdr_status hst;
	enum ev_status st;
	struct ev e;
	struct sbuf sb;
};

static inline void one_decode_at(struct one *o, const struct evb *b, uint64_t off)
{
	const char *why = NULL;
	uint64_t at = 0;
	memset(o, 0, sizeof *o);
	o->len = b->n;
	o->buf = evb_exact(b);
	o->hst = hdr_parse(o->buf, o->len, &o->h, &why, &at);
	if (o->hst != HDR_OK) {
		print_error("hdr_parse failed: %s at %llu\n", why ? why : "?",
			    (unsigned long long)at);
		_fail(__FILE__, __LINE__);
	}
	memset(&o->e, 0xA5, sizeof o->e); /* no stale zeros to hide bugs */
	o->st = ev_decode(&o->h, o->buf, o->len, off ? off : o->h.data_off, &o->e);
}

static inline void one_decode(struct one *o, const struct evb *b)
{
	one_decode_at(o, b, 0);
}

/* Renders the decoded event's body into o->sb (replacing what was there). */
static inline void one_body(struct one *o, bool escape)
{
	sbuf_free(&o->sb);
	o->sb = (struct sbuf){ 0 };
	o->sb.escape = escape;
	render_body(&o->sb, &o->h, &o->e);
	assert_false(o->sb.oom);
}

static inline void one_free(struct one *o)
{
	sbuf_free(&o->sb);
	hdr_free(&o->h);
	free(o->buf);
	memset(o, 0, sizeof *o);
}

/* header declaring one type, one event, optionally DATA_END. */
static inline void build1(struct evb *b, uint16_t tag, uint16_t size, const char *desc,
			  uint64_t time, const void *pl, size_t n, bool dataend)
{
	evb_begin_header(b);
	evb_type(b, tag, size, desc);
	evb_end_header(b);
	evb_event(b, tag, time, pl, n);
	if (dataend)
		evb_dataend(b);
}

#endif
