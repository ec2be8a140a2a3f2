/* The `show` text (part B). Templates in ev_layouts use:
 *   {N}   field N: decimal for integers, the string for string fields, the
 *         comma-joined ids for a cost-centre stack
 *   {Nx}  field N in lowercase hex, no prefix
 *   {N!}  field N rendered by the tag's special rule (see special())
 * Everything else is literal. */
#include "render.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "utf8.h"

void sbuf_grow(struct sbuf *b, size_t extra)
{
	if (b->oom)
		return;
	size_t want = b->n + extra;
	if (want <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < want)
		cap *= 2;
	char *p = realloc(b->p, cap);
	if (!p) {
		b->oom = true;
		return;
	}
	b->p = p;
	b->cap = cap;
}

void sbuf_free(struct sbuf *b)
{
	free(b->p);
	b->p = NULL;
	b->n = b->cap = 0;
}

void sbuf_puts(struct sbuf *b, const char *s)
{
	sbuf_put(b, s, strlen(s));
}

static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* Decimal formatting with 32-bit arithmetic and two digits per step: far
 * cheaper than 64-bit division, and every timestamp goes through here. */
static inline void w_2(char *p, uint32_t v)
{
	memcpy(p, digit_pairs + 2 * v, 2);
}

/* exactly 8 digits, v < 10^8 */
static inline char *w_8(char *p, uint32_t v)
{
	uint32_t hi = v / 10000, lo = v % 10000;
	w_2(p, hi / 100);
	w_2(p + 2, hi % 100);
	w_2(p + 4, lo / 100);
	w_2(p + 6, lo % 100);
	return p + 8;
}

static inline char *w_u32(char *p, uint32_t v)
{
	unsigned n = v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : v < 10000 ? 4 : v < 100000 ? 5 :
		     v < 1000000 ? 6 : v < 10000000 ? 7 : v < 100000000 ? 8 : v < 1000000000 ? 9 : 10;
	char *end = p + n, *q = end;
	while (v >= 100) {
		q -= 2;
		w_2(q, v % 100);
		v /= 100;
	}
	if (v >= 10)
		w_2(q - 2, v);
	else
		q[-1] = (char)('0' + v);
	return end;
}

/* Writes v in decimal at p, returns the end. p needs 20 bytes. */
static inline char *w_u64(char *p, uint64_t v)
{
	if (v <= UINT32_MAX)
		return w_u32(p, (uint32_t)v);
	uint64_t hi = v / 100000000u;
	uint32_t lo = (uint32_t)(v % 100000000u);
	if (hi <= UINT32_MAX)
		p = w_u32(p, (uint32_t)hi);
	else
		p = w_8(w_u32(p, (uint32_t)(hi / 100000000u)), (uint32_t)(hi % 100000000u));
	return w_8(p, lo);
}

void sbuf_u64(struct sbuf *b, uint64_t v)
{
	if (b->n + 20 > b->cap) {
		sbuf_grow(b, 20);
		if (b->oom)
			return;
	}
	b->n = (size_t)(w_u64(b->p + b->n, v) - b->p);
}

/* Writes v in lowercase hex, no prefix, at w; returns the end (<= 16 bytes). */
static inline char *w_hex(char *w, uint64_t v)
{
	unsigned n = v ? (unsigned)(64 - __builtin_clzll(v) + 3) / 4 : 1;
	for (unsigned i = n; i-- > 0; v >>= 4)
		w[i] = "0123456789abcdef"[v & 15];
	return w + n;
}

void sbuf_hex(struct sbuf *b, uint64_t v)
{
	if (b->n + 16 > b->cap) {
		sbuf_grow(b, 16);
		if (b->oom)
			return;
	}
	b->n = (size_t)(w_hex(b->p + b->n, v) - b->p);
}

static void put_xbyte(struct sbuf *b, uint8_t c)
{
	char t[4] = { '\\', 'x', "0123456789abcdef"[c >> 4], "0123456789abcdef"[c & 15] };
	sbuf_put(b, t, 4);
}

/* A character that must not reach a terminal as it is, in escape mode:
 * \xNN for an ASCII control (the byte), \uNNNN or \UNNNNNNNN for any
 * other code point that unicode_visible refuses (C1 controls, bidi and
 * zero-width characters, the BOM, tags, unassigned and private use). */
static void put_escaped(struct sbuf *b, uint32_t cp)
{
	if (cp < 0x80) {
		put_xbyte(b, (uint8_t)cp);
		return;
	}
	char t[10];
	int nd = cp > 0xFFFF ? 8 : 4;
	t[0] = '\\';
	t[1] = cp > 0xFFFF ? 'U' : 'u';
	for (int i = nd; i-- > 0; cp >>= 4)
		t[2 + i] = "0123456789abcdef"[cp & 15];
	sbuf_put(b, t, (size_t)(2 + nd));
}

static bool must_escape(uint32_t cp)
{
	return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && !unicode_visible(cp));
}

void sbuf_text(struct sbuf *b, const uint8_t *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		/* copy the longest run of plain printable ASCII in one go */
		size_t j = i;
		while (j < n && s[j] >= 0x20 && s[j] < 0x7F)
			j++;
		if (j > i) {
			sbuf_put(b, (const char *)s + i, j - i);
			i = j;
			continue;
		}
		uint32_t cp;
		size_t k = utf8_next(s + i, n - i, &cp);
		if (k == 0) {
			put_xbyte(b, s[i]);
			i++;
			continue;
		}
		if (b->escape && must_escape(cp))
			put_escaped(b, cp);
		else
			sbuf_put(b, (const char *)s + i, k);
		i += k;
	}
}

/* Latin-1 bytes: each byte is one character, written as UTF-8. */
static void put_latin1(struct sbuf *b, const uint8_t *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t c = s[i];
		if (b->escape && must_escape(c)) {
			put_escaped(b, c);
		} else if (c < 0x80) {
			sbuf_putc(b, (char)c);
		} else {
			char t[2] = { (char)(0xC0 | c >> 6), (char)(0x80 | (c & 0x3F)) };
			sbuf_put(b, t, 2);
		}
	}
}

/* USER_BINARY_MSG (B.7): lenient UTF-8, non-printables become '.'. */
static void put_binary(struct sbuf *b, const uint8_t *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		uint32_t cp;
		size_t k = utf8_next(s + i, n - i, &cp);
		if (k == 0) {
			sbuf_putc(b, '.');
			i++;
			continue;
		}
		if (!unicode_isprint(cp))
			sbuf_putc(b, '.');
		else if (b->escape && !unicode_visible(cp))
			put_escaped(b, cp);
		else
			sbuf_put(b, (const char *)s + i, k);
		i += k;
	}
}

static const char *const ascii_names[32] = {
	"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "a", "b", "t", "n", "v", "f", "r",
	"SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB",
	"ESC", "FS", "GS", "RS", "US",
};

/* One element of a Haskell `show` list of strings. Invalid UTF-8 bytes are
 * shown as U+FFFD would be by a lenient decoder (\65533). */
static void put_hs_string(struct sbuf *b, const uint8_t *s, size_t n)
{
	sbuf_putc(b, '"');
	bool need_amp_digit = false, need_amp_h = false;
	size_t i = 0;
	while (i < n) {
		uint32_t cp;
		size_t k = utf8_next(s + i, n - i, &cp);
		if (k == 0) {
			cp = 0xFFFD;
			k = 1;
		}
		i += k;
		if (need_amp_digit && cp >= '0' && cp <= '9')
			sbuf_put(b, "\\&", 2);
		if (need_amp_h && cp == 'H')
			sbuf_put(b, "\\&", 2);
		need_amp_digit = need_amp_h = false;
		if (cp == '"') {
			sbuf_put(b, "\\\"", 2);
		} else if (cp == '\\') {
			sbuf_put(b, "\\\\", 2);
		} else if (cp >= 0x20 && cp < 0x7F) {
			sbuf_putc(b, (char)cp);
		} else if (cp < 0x20) {
			sbuf_putc(b, '\\');
			sbuf_puts(b, ascii_names[cp]);
			need_amp_h = cp == 14;
		} else if (cp == 0x7F) {
			sbuf_put(b, "\\DEL", 4);
		} else {
			sbuf_putc(b, '\\');
			sbuf_u64(b, cp);
			need_amp_digit = true;
		}
	}
	sbuf_putc(b, '"');
}

/* PROGRAM_ARGS/ENV (A.5): strip trailing NULs, split at NUL, show as list. */
static void put_hs_list(struct sbuf *b, const uint8_t *s, size_t n)
{
	while (n > 0 && s[n - 1] == 0)
		n--;
	sbuf_putc(b, '[');
	size_t start = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i == n || s[i] == 0) {
			if (start)
				sbuf_putc(b, ',');
			put_hs_string(b, s + start, i - start);
			start = i + 1;
		}
	}
	sbuf_putc(b, ']');
}

const char *render_stop_status(uint64_t status)
{
	static const char *const t[] = {
		[EV_STOP_NONE] = "No stop thread status",
		[EV_STOP_HEAP_OVERFLOW] = "heap overflow",
		[EV_STOP_STACK_OVERFLOW] = "stack overflow",
		[EV_STOP_YIELDING] = "thread yielding",
		[EV_STOP_FINISHED] = "thread finished",
		[EV_STOP_FOREIGN_CALL] = "making a foreign call",
		[EV_STOP_BLOCKED_MVAR] = "blocked on an MVar",
		[EV_STOP_BLOCKED_BLACK_HOLE] = "blocked on black hole owned by thread",
		[EV_STOP_BLOCKED_READ] = "blocked on I/O read",
		[EV_STOP_BLOCKED_WRITE] = "blocked on I/O write",
		[EV_STOP_BLOCKED_DELAY] = "blocked on threadDelay",
		[EV_STOP_BLOCKED_STM] = "blocked in STM retry",
		[EV_STOP_BLOCKED_DO_PROC] = "blocked on asyncDoProc",
		[EV_STOP_BLOCKED_THROW_TO] = "blocked in throwTo",
		[EV_STOP_NONE_19] = "No stop thread status",
		[EV_STOP_BLOCKED_MVAR_READ] = "blocked reading an MVar",
	};
	return status < sizeof t / sizeof t[0] ? t[status] : NULL;
}

static const char *const breakdowns[] = {
	NULL, "cost centre", "module", "closure description", "type description",
	"retainer", "biography", "closure type", "info table", "era",
};

static const char *const eden_tags[] = {
	"Ready", "NewPE", "PETIDS", "Finish", "FailPE", "RFork", "Connect",
	"DataMes", "Head", "Constr", "Part", "Terminate", "Packet",
};

static void put_stack(struct sbuf *b, const struct ev_field *f)
{
	for (uint64_t i = 0; i < f->u; i++) {
		if (i)
			sbuf_put(b, ", ", 2);
		sbuf_u64(b, be32(f->s + 4 * i));
	}
}

/* Leading decimal digits as a wrapping signed 64-bit integer (IPE). */
static void put_ipe_desc(struct sbuf *b, const struct ev_field *f)
{
	uint64_t v = 0;
	size_t i = 0;
	for (; i < f->u && f->s[i] >= '0' && f->s[i] <= '9'; i++)
		v = v * 10 + (uint64_t)(f->s[i] - '0');
	if (i == 0) {
		sbuf_puts(b, "<closure_desc not a number: ");
		sbuf_text(b, f->s, (size_t)f->u);
		sbuf_putc(b, '>');
		return;
	}
	if ((int64_t)v < 0) {
		sbuf_putc(b, '-');
		v = -v;
	}
	sbuf_u64(b, v);
}

static void special(struct sbuf *b, const struct ev *e, unsigned n)
{
	const struct ev_field *f = &e->f[n];
	switch (e->tag) {
	case EV_STOP_THREAD: {
		const char *s = render_stop_status(f->u);
		if (!s) {
			sbuf_puts(b, "<unknown stop status ");
			sbuf_u64(b, f->u);
			sbuf_putc(b, '>');
			return;
		}
		sbuf_puts(b, s);
		if (f->u == EV_STOP_STACK_OVERFLOW) {
			sbuf_puts(b, ", size ");
			sbuf_u64(b, e->f[2].u);
		} else if (f->u == EV_STOP_BLOCKED_BLACK_HOLE) {
			sbuf_putc(b, ' ');
			sbuf_u64(b, e->f[2].u);
		}
		return;
	}
	case EV_CAPSET_CREATE:
		sbuf_puts(b, f->u == 1 ? "CapsetCustom" : f->u == 2 ? "CapsetOsProcess" :
			     f->u == 3 ? "CapsetClockDomain" : "CapsetUnknown");
		return;
	case EV_PROGRAM_ARGS:
	case EV_PROGRAM_ENV:
		put_hs_list(b, f->s, (size_t)f->u);
		return;
	case EV_SEND_MESSAGE: case EV_RECEIVE_MESSAGE: case EV_SEND_RECEIVE_LOCAL_MESSAGE: {
		uint8_t k = (uint8_t)(f->u - 0x50);
		if (k <= 12) {
			sbuf_puts(b, eden_tags[k]);
		} else {
			sbuf_puts(b, "<invalid tag ");
			sbuf_u64(b, k);
			sbuf_putc(b, '>');
		}
		return;
	}
	case EV_PERF_COUNTER:
		sbuf_u64(b, f->u + 1);
		return;
	case EV_HEAP_PROF_BEGIN:
		if (n == 2) {
			if (f->u >= 1 && f->u <= 9) {
				sbuf_puts(b, breakdowns[f->u]);
			} else {
				sbuf_puts(b, "<unknown breakdown ");
				sbuf_u64(b, f->u);
				sbuf_putc(b, '>');
			}
			return;
		}
		bool any = false;
		for (unsigned i = 3; i < 10 && i < e->nf; i++) {
			if (e->f[i].u == 0)
				continue;
			if (!any)
				sbuf_puts(b, " filtered by ");
			any = true;
			sbuf_text(b, e->f[i].s, (size_t)e->f[i].u);
			sbuf_put(b, ", ", 2);
		}
		return;
	case EV_HEAP_PROF_COST_CENTRE:
		if (f->u & 1)
			sbuf_puts(b, " CAF");
		return;
	case EV_PROF_SAMPLE_COST_CENTRE:
		sbuf_u64(b, f->u & 0xFFFF);
		return;
	case EV_IPE:
		put_ipe_desc(b, f);
		return;
	case EV_NONMOVING_HEAP_CENSUS:
		sbuf_u64(b, f->u < 16 ? 1u << f->u : 0);
		return;
	}
}

static void put_field(struct sbuf *b, const struct ev_layout *l, const struct ev *e,
		      unsigned n)
{
	const struct ev_field *f = &e->f[n];
	switch (l->fields[n]) {
	case 's': case 'z': case 'O':
		sbuf_text(b, f->s, (size_t)f->u);
		return;
	case 'l':
		put_latin1(b, f->s, (size_t)f->u);
		return;
	case 'B':
		put_binary(b, f->s, (size_t)f->u);
		return;
	case 'k':
		put_stack(b, f);
		return;
	default:
		sbuf_u64(b, f->u);
	}
}

/* A template cut into steps once: a literal, then a field, and so on. */
#define MAX_STEPS 24
#define LITPAD 32
struct step {
	const char *lit;
	uint8_t litlen;
	uint8_t field; /* 0xFF: none */
	char kind;     /* 0 plain, 'x' hex, '!' special */
	uint8_t fw;    /* fast path: the field's width and offset in the payload */
	uint16_t foff;
	char pad[LITPAD]; /* fast path: the literal, padded for one fixed copy */
};
struct compiled {
	struct step steps[MAX_STEPS];
	uint8_t nsteps;
	bool fast;      /* all fields integers, no special but a stop status */
	uint16_t bound; /* most bytes the body can take on the fast path */
	uint8_t nf;
	uint8_t w[EV_MAXF]; /* field widths, for reading straight from bytes */
};

static struct compiled *compiled;
static uint8_t stop_status_len[21];
static pthread_once_t compile_once = PTHREAD_ONCE_INIT;

static void compile_templates(void)
{
	for (unsigned i = 0; i < 21; i++)
		stop_status_len[i] = render_stop_status(i) ? (uint8_t)strlen(render_stop_status(i)) : 0;
	struct compiled *c = calloc(ev_nlayouts, sizeof *c);
	if (!c)
		return;
	for (size_t i = 0; i < ev_nlayouts; i++) {
		const char *s = ev_layouts[i].text;
		struct compiled *t = &c[i];
		while (*s && t->nsteps < MAX_STEPS) {
			struct step *st = &t->steps[t->nsteps++];
			const char *brace = strchr(s, '{');
			size_t n = brace ? (size_t)(brace - s) : strlen(s);
			st->lit = s;
			st->litlen = (uint8_t)n;
			st->field = 0xFF;
			if (!brace)
				break;
			st->field = (uint8_t)(brace[1] - '0');
			st->kind = brace[2] == '}' ? 0 : brace[2];
			s = strchr(brace, '}') + 1;
		}
		const struct ev_layout *l = &ev_layouts[i];
		bool fast = l->lenmode == LEN_FIXED;
		unsigned bound = 64; /* a stop status text and its number */
		for (const char *f = l->fields; *f; f++) {
			fast = fast && strchr("bhwiq", *f);
			if (t->nf < EV_MAXF)
				t->w[t->nf++] = (uint8_t)(*f == 'b' ? 1 : *f == 'h' ? 2 : *f == 'q' ? 8 : 4);
		}
		for (unsigned k = 0; k < t->nsteps; k++) {
			bound += t->steps[k].litlen + 20;
			if (t->steps[k].kind == '!' && l->tag != EV_STOP_THREAD)
				fast = false;
		}
		t->fast = fast;
		t->bound = (uint16_t)(bound + LITPAD);
		unsigned offs[EV_MAXF], o = 0;
		for (unsigned k = 0; k < t->nf; k++) {
			offs[k] = o;
			o += t->w[k];
		}
		for (unsigned k = 0; k < t->nsteps; k++) {
			struct step *st = &t->steps[k];
			memcpy(st->pad, st->lit, st->litlen < LITPAD ? st->litlen : LITPAD);
			if (st->field < t->nf) {
				st->fw = t->w[st->field];
				st->foff = (uint16_t)offs[st->field];
			}
		}
	}
	compiled = c;
}

/* ---- the fast path: integer-only layouts, written through a pointer into
 * space reserved once per line ---- */



static char *w_stop_status(char *w, const uint64_t *f)
{
	uint64_t st = f[1];
	const char *s = render_stop_status(st);
	if (!s) {
		w = w_copy(w, "<unknown stop status ", 21);
		w = w_u64(w, st);
		*w++ = '>';
		return w;
	}
	w = w_copy(w, s, stop_status_len[st]);
	if (st == 2) {
		w = w_copy(w, ", size ", 7);
		w = w_u64(w, f[2]);
	} else if (st == 8) {
		*w++ = ' ';
		w = w_u64(w, f[2]);
	}
	return w;
}

/* A timestamp, reusing the digits above the low six from the last one. */
static inline char *w_time(struct sbuf *b, char *w, uint64_t t)
{
	if (t < 1000000)
		return w_u64(w, t);
	uint64_t hi = t / 1000000;
	uint32_t lo = (uint32_t)(t % 1000000);
	if (hi != b->t_hi || !b->t_hilen) {
		b->t_hi = hi;
		b->t_hilen = (uint8_t)(w_u64(b->t_histr, hi) - b->t_histr);
	}
	w = w_copy(w, b->t_histr, b->t_hilen);
	w_2(w, lo / 10000);
	w_2(w + 2, lo / 100 % 100);
	w_2(w + 4, lo % 100);
	return w + 6;
}

static inline uint64_t read_be(const uint8_t *q, unsigned w)
{
	switch (w) {
	case 1: return q[0];
	case 2: return be16(q);
	case 4: return be32(q);
	default: return be64(q);
	}
}

bool render_line_raw(struct sbuf *b, const struct ev_header *h, const uint8_t *buf,
		     size_t len, uint64_t off, int32_t cap)
{
	pthread_once(&compile_once, compile_templates);
	if (!compiled || off > len || len - off < 10)
		return false;
	const uint8_t *p = buf + off;
	uint16_t tag = be16(p);
	if (tag >= h->nsel)
		return false;
	const struct ev_sel *sel = &h->sel[tag];
	if (!sel->fixed || sel->layout == SEL_UNKNOWN_LAYOUT || sel->fixed > len - off)
		return false;
	const struct compiled *c = &compiled[sel->layout];
	if (!c->fast)
		return false;
	const uint8_t *q = p + EV_HEAD_BYTES;
	uint64_t f[3] = { 0, 0, 0 }; /* a stop status needs its fields */
	if (tag == EV_STOP_THREAD) {
		f[1] = be16(q + 4);
		f[2] = be32(q + 6);
		if (!render_stop_status(f[1]))
			return false; /* a bad status: the general path marks it */
	}
	if (b->n + 64 + c->bound > b->cap) {
		sbuf_grow(b, 64 + c->bound);
		if (b->oom)
			return true;
	}
	char *w = b->p + b->n;
	w = w_time(b, w, be64(p + 2));
	*w++ = ':';
	*w++ = ' ';
	if (cap != EV_NO_CAP) {
		memcpy(w, "cap ", 4);
		w = w_u32(w + 4, (uint32_t)cap);
		*w++ = ':';
		*w++ = ' ';
	}
	for (unsigned i = 0; i < c->nsteps; i++) {
		const struct step *st = &c->steps[i];
		if (st->litlen <= LITPAD)
			memcpy(w, st->pad, LITPAD); /* the space is reserved */
		else
			memcpy(w, st->lit, st->litlen);
		w += st->litlen;
		if (st->field == 0xFF)
			continue;
		if (st->kind == 0) {
			if (st->fw <= 4)
				w = w_u32(w, (uint32_t)read_be(q + st->foff, st->fw));
			else
				w = w_u64(w, be64(q + st->foff));
		} else if (st->kind == 'x') {
			w = w_hex(w, read_be(q + st->foff, st->fw));
		} else {
			w = w_stop_status(w, f);
		}
	}
	*w++ = '\n';
	b->n = (size_t)(w - b->p);
	return true;
}

void render_body(struct sbuf *b, const struct ev_header *h, const struct ev *e)
{
	if (e->layout == SEL_UNKNOWN_LAYOUT) {
		const struct ev_type *t = &h->types[h->sel[e->tag].type];
		sbuf_text(b, t->desc, t->desc_len);
		return;
	}
	pthread_once(&compile_once, compile_templates);
	if (!compiled) {
		b->oom = true;
		return;
	}
	const struct ev_layout *l = &ev_layouts[e->layout];
	const struct compiled *c = &compiled[e->layout];
	for (unsigned i = 0; i < c->nsteps; i++) {
		const struct step *st = &c->steps[i];
		sbuf_put(b, st->lit, st->litlen);
		unsigned n = st->field;
		if (n >= e->nf)
			continue;
		if (st->kind == 'x')
			sbuf_hex(b, e->f[n].u);
		else if (st->kind == '!')
			special(b, e, n);
		else
			put_field(b, l, e, n);
	}
	if (e->bad & BAD_LEN)
		sbuf_puts(b, " <len field disagrees with the contents>");
	if (e->bad & BAD_TICKY_LEN)
		sbuf_puts(b, " <fields overrun len>");
}

void render_pretty_time(struct sbuf *b, uint64_t t)
{
	uint64_t v[4] = { t / 1000000000u, t / 1000000u % 1000, t / 1000u % 1000, t % 1000 };
	static const char *const unit[3] = { "s ", "ms ", "." };
	for (int i = 0; i < 3; i++) {
		if (v[i] < 10)
			sbuf_put(b, "  ", 2);
		else if (v[i] < 100)
			sbuf_putc(b, ' ');
		sbuf_u64(b, v[i]);
		sbuf_puts(b, unit[i]);
	}
	sbuf_u64(b, v[3]);
	if (v[3] < 10)
		sbuf_put(b, "  ", 2);
	else if (v[3] < 100)
		sbuf_putc(b, ' ');
	sbuf_put(b, "us", 2);
}

void render_line(struct sbuf *b, const struct ev_header *h, const struct ev *e,
		 int32_t cap, bool pretty)
{
	if (pretty)
		render_pretty_time(b, e->time);
	else
		sbuf_u64(b, e->time);
	sbuf_put(b, ": ", 2);
	if (cap != EV_NO_CAP) {
		sbuf_put(b, "cap ", 4);
		sbuf_u64(b, (uint64_t)cap);
		sbuf_put(b, ": ", 2);
	}
	render_body(b, h, e);
	sbuf_putc(b, '\n');
}

void render_type(struct sbuf *b, const struct ev_type *t)
{
	sbuf_u64(b, t->num);
	sbuf_put(b, ": ", 2);
	sbuf_text(b, t->desc, t->desc_len);
	sbuf_puts(b, " (size ");
	if (t->size == EV_SIZE_VAR)
		sbuf_puts(b, "variable");
	else
		sbuf_u64(b, t->size);
	sbuf_putc(b, ')');
}
