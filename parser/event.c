/* Decoding of one event at a byte offset (A.3, A.4, A.6). Zero-copy: string
 * fields point into the caller's buffer. */
#include "event.h"

#include <pthread.h>
#include <string.h>

#include "be.h"
#include "utf8.h"

/* A bounded reader over buf[pos..lim). Reads that would pass lim fail. */
struct rd {
	const uint8_t *buf;
	uint64_t pos, lim;
};

static inline bool rd_has(const struct rd *r, uint64_t n)
{
	return r->lim - r->pos >= n && r->pos <= r->lim;
}

/* Fixed-width integer field widths by code; 0 for strings. */
static inline unsigned width(char code)
{
	switch (code) {
	case 'b': return 1;
	case 'h': return 2;
	case 'w': case 'i': return 4;
	case 'q': return 8;
	default: return 0;
	}
}

static inline uint64_t get_int(const uint8_t *p, unsigned w)
{
	switch (w) {
	case 1: return p[0];
	case 2: return be16(p);
	case 4: return be32(p);
	default: return be64(p);
	}
}

/* Total width of the integer fields of a layout (for "len - others"). */
static unsigned int_bytes(const char *fields)
{
	unsigned n = 0;
	for (; *fields; fields++)
		n += width(*fields);
	return n;
}

/* Per-layout facts computed once: the widths of an all-integer layout,
 * which takes the fast path in ev_decode. */
struct lay_info {
	uint8_t all_int;
	uint8_t nf;
	uint8_t w[EV_MAXF];
};
static struct lay_info lay_info[256];
static pthread_once_t lay_once = PTHREAD_ONCE_INIT;

static void lay_init(void)
{
	for (size_t i = 0; i < ev_nlayouts && i < 256; i++) {
		const char *f = ev_layouts[i].fields;
		struct lay_info *li = &lay_info[i];
		li->all_int = ev_layouts[i].lenmode == LEN_FIXED;
		li->nf = (uint8_t)strlen(f);
		for (unsigned k = 0; k < li->nf && k < EV_MAXF; k++) {
			li->w[k] = (uint8_t)width(f[k]);
			if (!li->w[k])
				li->all_int = 0;
		}
	}
}

void ev_init(void)
{
	pthread_once(&lay_once, lay_init);
}

static bool stop_status_ok(uint64_t s)
{
	return s <= EV_STOP_YIELDING ||
	       (s >= EV_STOP_FINISHED && s <= EV_STOP_BLOCKED_DO_PROC) ||
	       (s >= EV_STOP_BLOCKED_THROW_TO && s <= EV_STOP_BLOCKED_MVAR_READ);
}

/* Checks that the reference decoder would reject (A.8), as ev_bad bits. */
static uint16_t semantic_checks(const struct ev *e)
{
	switch (e->tag) {
	case EV_STOP_THREAD:
		return stop_status_ok(e->f[1].u) ? 0 : BAD_STATUS;
	case EV_HEAP_PROF_BEGIN:
		return e->f[2].u >= 1 && e->f[2].u <= 9 ? 0 : BAD_BREAKDOWN;
	case EV_IPE:
		return e->f[2].u > 0 && e->f[2].s[0] >= '0' && e->f[2].s[0] <= '9' ? 0 : BAD_IPE_DESC;
	case EV_SEND_MESSAGE: case EV_RECEIVE_MESSAGE: case EV_SEND_RECEIVE_LOCAL_MESSAGE:
		return (uint8_t)(e->f[0].u - 0x50) <= 12 ? 0 : BAD_EDEN_TAG;
	default:
		return 0;
	}
}

/* Decodes the fields of layout l from r. For LEN_HONOUR layouts, strsz is
 * the byte count of the one string field. Returns false when a read would
 * pass r->lim. */
static bool decode_fields(const struct ev_layout *l, struct rd *r, uint64_t strsz,
			  uint64_t len_end, struct ev *e)
{
	e->nf = 0;
	for (const char *f = l->fields; *f; f++) {
		struct ev_field *fd = &e->f[e->nf++];
		fd->s = NULL;
		fd->u = 0;
		unsigned w = width(*f);
		if (w) {
			if (!rd_has(r, w))
				return false;
			fd->u = get_int(r->buf + r->pos, w);
			r->pos += w;
			continue;
		}
		switch (*f) {
		case 's': case 'l': case 'B':
			if (!rd_has(r, strsz))
				return false;
			fd->s = r->buf + r->pos;
			fd->u = strsz;
			r->pos += strsz;
			if (*f == 's' && !utf8_valid(fd->s, (size_t)strsz))
				e->bad |= BAD_UTF8;
			break;
		case 'O':
			if (r->pos == len_end) {
				fd->s = r->buf + r->pos;
				break;
			}
			/* fall through */
		case 'z': {
			if (r->pos >= r->lim)
				return false;
			const uint8_t *s = r->buf + r->pos;
			const uint8_t *nul = memchr(s, 0, (size_t)(r->lim - r->pos));
			if (!nul)
				return false;
			fd->s = s;
			fd->u = (uint64_t)(nul - s);
			r->pos += fd->u + 1;
			if (!utf8_valid(s, (size_t)fd->u))
				e->bad |= BAD_UTF8;
			break;
		}
		case 'o':
			if (r->pos == len_end)
				break; /* absent info table: 0 */
			if (!rd_has(r, 8))
				return false;
			fd->u = be64(r->buf + r->pos);
			r->pos += 8;
			break;
		case 'k': {
			if (!rd_has(r, 1))
				return false;
			uint64_t depth = r->buf[r->pos++];
			if (!rd_has(r, depth * 4))
				return false;
			fd->s = r->buf + r->pos;
			fd->u = depth;
			r->pos += depth * 4;
			break;
		}
		}
	}
	return true;
}

static void clear_fields(const struct ev_layout *l, struct ev *e)
{
	e->nf = (uint8_t)strlen(l->fields);
	for (unsigned i = 0; i < e->nf; i++) {
		e->f[i].u = 0;
		e->f[i].s = (const uint8_t *)"";
	}
}

/* A layout of integers only, in [p, end): the fields read in one sweep. */
static enum ev_status decode_ints(const struct lay_info *li, const uint8_t *buf, uint64_t p,
				  uint64_t end, size_t len, struct ev *e)
{
	if (end > len)
		return EV_TRUNC;
	const uint8_t *q = buf + p;
	e->nf = li->nf;
	for (unsigned i = 0; i < li->nf; i++) {
		e->f[i].u = get_int(q, li->w[i]);
		e->f[i].s = NULL;
		q += li->w[i];
	}
	e->bad = semantic_checks(e);
	e->size = (uint32_t)(end - e->off);
	return EV_OK;
}

/* Any other layout, read from r as its length mode says: the payload
 * declared [r->pos, *end) (dlen bytes for a variable-size event); *end
 * becomes where the event ends. */
static enum ev_status decode_layout(const struct ev_layout *l, struct rd *r, uint16_t dlen,
				   uint64_t *end, struct ev *e)
{
	switch (l->lenmode) {
	case LEN_FIXED:
		if (*end > r->lim)
			return EV_TRUNC;
		r->lim = *end;
		if (!decode_fields(l, r, 0, *end, e))
			return EV_TRUNC; /* cannot happen: layout size <= declared */
		break;
	case LEN_HONOUR: {
		unsigned others = int_bytes(l->fields);
		if (*end > r->lim)
			return EV_TRUNC;
		if (dlen < others) {
			/* The reference wraps len - others to ~65535 and reads far
			 * past the event; the only sound reading is to honour len. */
			clear_fields(l, e);
			e->bad |= BAD_LEN;
			break;
		}
		r->lim = *end;
		decode_fields(l, r, (uint16_t)(dlen - others), *end, e);
		break;
	}
	case LEN_IGNORE:
		/* As the reference: len is read and ignored, the layout is decoded
		 * from its content. GHC has written a len that disagrees with the
		 * content for some of these tags, so a mismatch is not an error;
		 * real misalignment is caught by the index's resync. */
		if (!decode_fields(l, r, 0, *end, e))
			return EV_TRUNC;
		*end = r->pos;
		break;
	case LEN_TICKY:
		if (*end > r->lim)
			return EV_TRUNC;
		r->lim = *end;
		if (!decode_fields(l, r, 0, *end, e)) {
			/* the reference fails with "Negative to_skip" */
			clear_fields(l, e);
			e->bad |= BAD_TICKY_LEN;
		}
		break;
	}
	if (!(e->bad & (BAD_LEN | BAD_TICKY_LEN))) /* else the fields were cleared */
		e->bad |= semantic_checks(e);
	return EV_OK;
}

enum ev_status ev_decode(const struct ev_header *h, const uint8_t *buf, size_t len,
			 uint64_t off, struct ev *e)
{
	if (off >= len)
		return EV_END;
	if (len - off < 2)
		return EV_TRUNC;
	uint16_t tag = be16(buf + off);
	e->off = off;
	e->tag = tag;
	e->bad = 0;
	e->nf = 0;
	e->layout = SEL_UNKNOWN_LAYOUT;
	if (tag == EV_DATA_END) {
		e->size = 2;
		return EV_DATAEND;
	}
	if (tag >= h->nsel || !(h->sel[tag].flags & SEL_DECLARED))
		return EV_UNDECLARED;
	if (len - off < 10)
		return EV_TRUNC;
	e->time = be64(buf + off + 2);
	const struct ev_sel *sel = &h->sel[tag];
	uint64_t p = off + 10;
	uint64_t end;
	uint16_t dlen = 0;

	if (sel->flags & SEL_VAR) {
		if (len - p < 2)
			return EV_TRUNC;
		dlen = be16(buf + p);
		p += 2;
		end = p + dlen;
	} else {
		end = p + sel->size;
	}
	if (sel->layout == SEL_UNKNOWN_LAYOUT) {
		if (end > len)
			return EV_TRUNC;
		e->size = (uint32_t)(end - off);
		return EV_OK;
	}
	e->layout = sel->layout;
	if (lay_info[sel->layout].all_int)
		return decode_ints(&lay_info[sel->layout], buf, p, end, len, e);
	struct rd r = { buf, p, len };
	enum ev_status st = decode_layout(&ev_layouts[sel->layout], &r, dlen, &end, e);
	if (st == EV_OK)
		e->size = (uint32_t)(end - off);
	return st;
}

/* Where a LEN_IGNORE event's content ends, from r->pos: its fields skipped
 * as decode_fields reads them, nothing validated or stored (the index and
 * the merge only want the size). False when a read would pass r->lim. */
static bool skip_fields(const struct ev_layout *l, struct rd *r)
{
	for (const char *f = l->fields; *f; f++) {
		unsigned w = width(*f);
		if (w) {
			if (!rd_has(r, w))
				return false;
			r->pos += w;
			continue;
		}
		if (*f == 'z') {
			if (r->pos >= r->lim)
				return false;
			const uint8_t *nul = memchr(r->buf + r->pos, 0, (size_t)(r->lim - r->pos));
			if (!nul)
				return false;
			r->pos = (uint64_t)(nul - r->buf) + 1;
		} else if (*f == 'k') {
			if (!rd_has(r, 1))
				return false;
			uint64_t depth = r->buf[r->pos++];
			if (!rd_has(r, depth * 4))
				return false;
			r->pos += depth * 4;
		} else {
			return false; /* no other code in a LEN_IGNORE layout */
		}
	}
	return true;
}

enum ev_status ev_size(const struct ev_header *h, const uint8_t *buf, size_t len,
		       uint64_t off, uint64_t *time, uint32_t *size, uint16_t *tag)
{
	if (off >= len)
		return EV_END;
	if (len - off < 2)
		return EV_TRUNC;
	uint16_t t = be16(buf + off);
	*tag = t;
	if (t == EV_DATA_END) {
		*size = 2;
		return EV_DATAEND;
	}
	if (t >= h->nsel || !(h->sel[t].flags & SEL_DECLARED))
		return EV_UNDECLARED;
	if (len - off < 10)
		return EV_TRUNC;
	const struct ev_sel *sel = &h->sel[t];
	uint16_t lay = sel->layout;
	uint8_t mode = lay == SEL_UNKNOWN_LAYOUT ? LEN_FIXED : ev_layouts[lay].lenmode;
	if (mode == LEN_IGNORE) {
		uint64_t p = off + 10;
		if (sel->flags & SEL_VAR) {
			if (len - off < 12)
				return EV_TRUNC;
			p += 2;
		}
		struct rd r = { buf, p, len };
		if (!skip_fields(&ev_layouts[lay], &r))
			return EV_TRUNC;
		*time = be64(buf + off + 2);
		*size = (uint32_t)(r.pos - off);
		return EV_OK;
	}
	*time = be64(buf + off + 2);
	uint64_t end;
	if (sel->flags & SEL_VAR) {
		if (len - off < 12)
			return EV_TRUNC;
		end = off + 12 + be16(buf + off + 10);
	} else {
		end = off + 10 + sel->size;
	}
	if (end > len)
		return EV_TRUNC;
	*size = (uint32_t)(end - off);
	return EV_OK;
}
