/* evbuild: build GHC eventlogs in memory, for the unit tests.
 *
 * Everything is big-endian, as in the file format (spec A.1-A.3). The builder
 * remembers the declared size of every tag (last declaration wins, as in
 * A.2), so evb_event() writes the u16 len of variable-size events itself.
 *
 *   struct evb b = EVB_INIT;
 *   evb_begin_header(&b);
 *   evb_type(&b, 0, 4, "Create thread");
 *   evb_type(&b, 16, EVB_VAR, "Log message");
 *   evb_end_header(&b);                       // hete hdre datb
 *   evb_event(&b, 0, 100, pl, 4);             // tag, time, payload
 *   evb_event_len(&b, 16, 200, 99, "hi", 2);  // deliberately wrong len
 *   evb_dataend(&b);
 *   uint8_t *buf = evb_exact(&b);             // exact-size copy, for ASan
 *
 * Payloads are built with a second struct evb and the evb_u8/u16/u32/u64,
 * evb_bytes, evb_str, evb_cstr and evb_pack helpers. Header-only: every
 * function is static inline. Allocation failure aborts. */
#ifndef HECTIC_TEST_EVBUILD_H
#define HECTIC_TEST_EVBUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EVB_VAR 0xFFFFu

struct evb {
	uint8_t *p;
	size_t n, cap;
	/* declared sizes, indexed by tag; decl[tag] is 0 when undeclared,
	 * otherwise size + 1 (so a declared size 0 is still "declared") */
	uint32_t *decl;
};

#define EVB_INIT ((struct evb){ NULL, 0, 0, NULL })

static inline void evb_free(struct evb *b)
{
	free(b->p);
	free(b->decl);
	*b = EVB_INIT;
}

static inline void evb_reserve(struct evb *b, size_t extra)
{
	if (b->n + extra <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < b->n + extra)
		cap *= 2;
	uint8_t *p = realloc(b->p, cap);
	if (!p) {
		fprintf(stderr, "evbuild: out of memory\n");
		abort();
	}
	b->p = p;
	b->cap = cap;
}

static inline void evb_bytes(struct evb *b, const void *s, size_t n)
{
	if (n == 0)
		return;
	evb_reserve(b, n);
	memcpy(b->p + b->n, s, n);
	b->n += n;
}

/* The whole of the file at path appended to b; false when it cannot be
 * opened or read. */
static inline bool evb_file(struct evb *b, const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	uint8_t chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		evb_bytes(b, chunk, n);
	bool ok = !ferror(f);
	fclose(f);
	return ok;
}

static inline void evb_u8(struct evb *b, uint8_t v)
{
	evb_bytes(b, &v, 1);
}

static inline void evb_u16(struct evb *b, uint16_t v)
{
	uint8_t t[2] = { (uint8_t)(v >> 8), (uint8_t)v };
	evb_bytes(b, t, 2);
}

static inline void evb_u32(struct evb *b, uint32_t v)
{
	uint8_t t[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };
	evb_bytes(b, t, 4);
}

static inline void evb_u64(struct evb *b, uint64_t v)
{
	evb_u32(b, (uint32_t)(v >> 32));
	evb_u32(b, (uint32_t)v);
}

/* A string without its NUL. */
static inline void evb_str(struct evb *b, const char *s)
{
	evb_bytes(b, s, strlen(s));
}

/* A NUL-terminated string (cstr, spec notation). */
static inline void evb_cstr(struct evb *b, const char *s)
{
	evb_bytes(b, s, strlen(s) + 1);
}

/* Integers by field code, like the spec's layouts: b u8, h u16, w u32 (also
 * i32, pass the two's-complement value), q u64. vals has one entry per code:
 *   evb_pack(&pl, "wqh", (uint64_t[]){ 1, 2, 3 });  */
static inline void evb_pack(struct evb *b, const char *fmt, const uint64_t *vals)
{
	for (size_t i = 0; fmt[i]; i++) {
		uint64_t v = vals[i];
		switch (fmt[i]) {
		case 'b': evb_u8(b, (uint8_t)v); break;
		case 'h': evb_u16(b, (uint16_t)v); break;
		case 'w': case 'i': evb_u32(b, (uint32_t)v); break;
		case 'q': evb_u64(b, v); break;
		default:
			fprintf(stderr, "evbuild: bad pack code '%c'\n", fmt[i]);
			abort();
		}
	}
}

/* ---- header ---- */

/* "hdrb" "hetb" */
static inline void evb_begin_header(struct evb *b)
{
	evb_u32(b, 0x68647262u);
	evb_u32(b, 0x68657462u);
}

static inline void evb_note_decl(struct evb *b, uint16_t num, uint16_t size)
{
	if (!b->decl) {
		b->decl = calloc(65536, sizeof *b->decl);
		if (!b->decl) {
			fprintf(stderr, "evbuild: out of memory\n");
			abort();
		}
	}
	b->decl[num] = (uint32_t)size + 1;
}

/* One event type with extra bytes (A.2): "etb\0" num size desc_len desc
 * extra_len extra "ete\0". size EVB_VAR means variable. desc is desc_len
 * raw bytes (may contain anything). */
static inline void evb_type_raw(struct evb *b, uint16_t num, uint16_t size, const void *desc,
				uint32_t desc_len, const void *extra, uint32_t extra_len)
{
	evb_u32(b, 0x65746200u);
	evb_u16(b, num);
	evb_u16(b, size);
	evb_u32(b, desc_len);
	evb_bytes(b, desc, desc_len);
	evb_u32(b, extra_len);
	evb_bytes(b, extra, extra_len);
	evb_u32(b, 0x65746500u);
	evb_note_decl(b, num, size);
}

static inline void evb_type(struct evb *b, uint16_t num, uint16_t size, const char *desc)
{
	evb_type_raw(b, num, size, desc, (uint32_t)strlen(desc), NULL, 0);
}

/* "hete" "hdre" "datb" */
static inline void evb_end_header(struct evb *b)
{
	evb_u32(b, 0x68657465u);
	evb_u32(b, 0x68647265u);
	evb_u32(b, 0x64617462u);
}

/* ---- data ---- */

static inline bool evb_is_var(const struct evb *b, uint16_t tag)
{
	return b->decl && b->decl[tag] == (uint32_t)EVB_VAR + 1;
}

/* tag, time, then (for a tag declared variable) len = n, then the payload.
 * Undeclared tags get no len. */
static inline void evb_event(struct evb *b, uint16_t tag, uint64_t time, const void *pl, size_t n)
{
	evb_u16(b, tag);
	evb_u64(b, time);
	if (evb_is_var(b, tag))
		evb_u16(b, (uint16_t)n);
	evb_bytes(b, pl, n);
}

/* Like evb_event, but writes len as given (a deliberately wrong len for a
 * variable event). The len is written even if the tag is not variable. */
static inline void evb_event_len(struct evb *b, uint16_t tag, uint64_t time, uint16_t len,
				 const void *pl, size_t n)
{
	evb_u16(b, tag);
	evb_u64(b, time);
	evb_u16(b, len);
	evb_bytes(b, pl, n);
}

/* Convenience: payload from another builder. */
static inline void evb_event_pl(struct evb *b, uint16_t tag, uint64_t time, const struct evb *pl)
{
	evb_event(b, tag, time, pl->p, pl->n);
}

/* A block marker (tag 18, A.6/A.7): block_size, end_time, cap. */
static inline void evb_marker(struct evb *b, uint64_t time, uint32_t block_size,
			      uint64_t end_time, uint16_t cap)
{
	uint8_t pl[14];
	struct evb t = EVB_INIT;
	evb_u32(&t, block_size);
	evb_u64(&t, end_time);
	evb_u16(&t, cap);
	memcpy(pl, t.p, 14);
	evb_free(&t);
	evb_event(b, 18, time, pl, 14);
}

/* DATA_END: the u16 0xFFFF. */
static inline void evb_dataend(struct evb *b)
{
	evb_u16(b, 0xFFFFu);
}

/* A malloc'd copy of exactly the first n bytes (n <= b->n), so that reads
 * past the end are caught by ASan. Free with free(). Never NULL. */
static inline uint8_t *evb_exact_n(const struct evb *b, size_t n)
{
	uint8_t *p = malloc(n);
	if (!p && n == 0)
		p = malloc(1);
	if (!p) {
		fprintf(stderr, "evbuild: out of memory\n");
		abort();
	}
	if (n)
		memcpy(p, b->p, n);
	return p;
}

static inline uint8_t *evb_exact(const struct evb *b)
{
	return evb_exact_n(b, b->n);
}

#endif
