/* The eventlog header (A.2) and the per-tag choice of decoder (A.4). */
#include "event.h"

#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "utf8.h"

struct cur {
	const uint8_t *buf;
	size_t len;
	size_t pos;
};

static bool take32(struct cur *c, uint32_t *v)
{
	if (c->len - c->pos < 4)
		return false;
	*v = be32(c->buf + c->pos);
	c->pos += 4;
	return true;
}

static bool take16(struct cur *c, uint16_t *v)
{
	if (c->len - c->pos < 2)
		return false;
	*v = be16(c->buf + c->pos);
	c->pos += 2;
	return true;
}

static bool cur_skip(struct cur *c, uint64_t n)
{
	if ((uint64_t)(c->len - c->pos) < n)
		return false;
	c->pos += (size_t)n;
	return true;
}

/* Picks the layout for one declared (tag, size), per A.4 rules 3-5. */
static uint16_t pick_layout(uint16_t tag, uint16_t size)
{
	uint16_t best = SEL_UNKNOWN_LAYOUT;
	for (size_t i = 0; i < ev_nlayouts; i++) {
		const struct ev_layout *l = &ev_layouts[i];
		if (l->tag != tag)
			continue;
		if (size == EV_SIZE_VAR) {
			if (l->size == EV_SIZE_VAR)
				return (uint16_t)i;
			continue;
		}
		if (l->size == EV_SIZE_VAR || l->size > size)
			continue;
		if (best == SEL_UNKNOWN_LAYOUT || ev_layouts[best].size < l->size)
			best = (uint16_t)i;
	}
	return best;
}

#define FAIL(st, msg)                    \
	do {                             \
		*why = (msg);            \
		*at = c.pos;             \
		hdr_free(h);             \
		return (st);             \
	} while (0)

enum hdr_status hdr_parse(const uint8_t *buf, size_t len, struct ev_header *h,
			  const char **why, uint64_t *at)
{
	static const char *short_msg = "readHeader: not enough bytes";
	struct cur c = { buf, len, 0 };
	uint32_t w;
	size_t cap = 0;

	ev_init();
	memset(h, 0, sizeof *h);
	if (!take32(&c, &w))
		FAIL(HDR_TRUNCATED, short_msg);
	if (w != EV_HEADER_BEGIN) {
		c.pos = 0;
		FAIL(HDR_BAD, "Header begin marker not found");
	}
	if (!take32(&c, &w))
		FAIL(HDR_TRUNCATED, short_msg);
	if (w != EV_HET_BEGIN) {
		c.pos = 4;
		FAIL(HDR_BAD, "Header Event Type begin marker not found");
	}
	for (;;) {
		size_t word_at = c.pos;
		if (!take32(&c, &w))
			FAIL(HDR_TRUNCATED, short_msg);
		if (w == EV_HET_END)
			break;
		if (w != EV_ET_BEGIN) {
			c.pos = word_at;
			FAIL(HDR_BAD, "Malformed list of Event Types in header");
		}
		struct ev_type t;
		uint32_t extra;
		if (!take16(&c, &t.num) || !take16(&c, &t.size) || !take32(&c, &t.desc_len))
			FAIL(HDR_TRUNCATED, short_msg);
		t.desc = buf + c.pos;
		if (!cur_skip(&c, t.desc_len))
			FAIL(HDR_TRUNCATED, short_msg);
		if (!utf8_valid(t.desc, t.desc_len)) {
			c.pos -= t.desc_len;
			FAIL(HDR_BAD, "event type description is not valid UTF-8");
		}
		if (!take32(&c, &extra) || !cur_skip(&c, extra))
			FAIL(HDR_TRUNCATED, short_msg);
		word_at = c.pos;
		if (!take32(&c, &w))
			FAIL(HDR_TRUNCATED, short_msg);
		if (w != EV_ET_END) {
			c.pos = word_at;
			FAIL(HDR_BAD, "Event Type end marker not found.");
		}
		if (h->ntypes == cap) {
			cap = cap ? cap * 2 : 64;
			struct ev_type *n = realloc(h->types, cap * sizeof *n);
			if (!n)
				FAIL(HDR_NOMEM, "out of memory");
			h->types = n;
		}
		h->types[h->ntypes++] = t;
	}
	size_t word_at = c.pos;
	if (!take32(&c, &w))
		FAIL(HDR_TRUNCATED, short_msg);
	if (w != EV_HEADER_END) {
		c.pos = word_at;
		FAIL(HDR_BAD, "Header end marker not found");
	}
	word_at = c.pos;
	if (!take32(&c, &w))
		FAIL(HDR_TRUNCATED, short_msg);
	if (w != EV_DATA_BEGIN) {
		c.pos = word_at;
		FAIL(HDR_BAD, "My Data begin marker not found");
	}
	h->data_off = c.pos;

	uint32_t max = 0;
	for (size_t i = 0; i < h->ntypes; i++)
		if (h->types[i].num > max)
			max = h->types[i].num;
	h->nsel = h->ntypes ? max + 1 : 0;
	if (h->nsel) {
		h->sel = calloc(h->nsel, sizeof *h->sel);
		if (!h->sel)
			FAIL(HDR_NOMEM, "out of memory");
	}
	/* the last declaration of a tag wins */
	for (size_t i = 0; i < h->ntypes; i++) {
		const struct ev_type *t = &h->types[i];
		struct ev_sel *s = &h->sel[t->num];
		s->size = t->size;
		s->type = (uint32_t)i;
		s->flags = SEL_DECLARED | (t->size == EV_SIZE_VAR ? SEL_VAR : 0);
		s->layout = pick_layout(t->num, t->size);
		/* fixed-size and not DATA_END's value: the size follows from the tag */
		s->fixed = t->size != EV_SIZE_VAR && t->num != EV_DATA_END ? 10u + t->size : 0;
	}
	return HDR_OK;
}

void hdr_free(struct ev_header *h)
{
	free(h->types);
	free(h->sel);
	h->types = NULL;
	h->sel = NULL;
	h->ntypes = 0;
	h->nsel = 0;
}
