/* The event detail panel (d): every field of the event list's selected
 * event: where it is in the file, its tag, name and the header's
 * description of it, its time and capability, the text `hectic show`
 * prints, then each field by its type (integers, strings escaped, a
 * cost-centre stack's ids), and what the decoder found wrong with it. */
#include "draw.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../parser/render.h"
#include "core.h"
#include "view_list.h"

#define MAXLINES 64

/* The panel's private state (view_state): its lines, made when it opens. */
struct detail {
	char line[MAXLINES][512];
	int n;
};

extern const struct view_ops view_detail;

static struct detail *detail_of(const struct viewer *u)
{
	return view_state(u, &view_detail);
}

static void detail_add(struct detail *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void detail_add(struct detail *d, const char *fmt, ...)
{
	if (d->n >= MAXLINES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->line[d->n++], sizeof d->line[0], fmt, ap);
	va_end(ap);
}

/* Text from the file as one escaped line (newlines as \n). */
static void escaped_line(char *out, size_t n, const uint8_t *p, size_t len)
{
	struct sbuf b = { .escape = true };
	sbuf_text(&b, p, len);
	size_t k = 0;
	for (size_t i = 0; i < b.n && k + 3 < n; i++) {
		if (b.p[i] == '\n') {
			out[k++] = '\\';
			out[k++] = 'n';
		} else {
			out[k++] = b.p[i];
		}
	}
	out[k] = 0;
	sbuf_free(&b);
}

/* Each field of e by its type (codes: its layout's field codes). */
static void add_fields(struct detail *dt, const struct ev *e, const char *codes)
{
	char buf[400];
	for (int i = 0; i < e->nf && i < (int)strlen(codes); i++) {
		const struct ev_field *f = &e->f[i];
		char c = codes[i];
		switch (c) {
		case 's': case 'l': case 'z': case 'O':
			escaped_line(buf, sizeof buf, f->s ? f->s : (const uint8_t *)"", f->s ? (size_t)f->u : 0);
			detail_add(dt, "field %d (string, %llu bytes): \"%s\"", i, (unsigned long long)f->u, buf);
			break;
		case 'B':
			detail_add(dt, "field %d (bytes): %llu bytes", i, (unsigned long long)f->u);
			break;
		case 'k': {
			int k = snprintf(buf, sizeof buf, "field %d (cost-centre stack, %llu ids):", i,
					 (unsigned long long)f->u);
			for (uint64_t j = 0; j < f->u && k > 0 && (size_t)k + 12 < sizeof buf; j++) {
				k += snprintf(buf + k, sizeof buf - (size_t)k, " %u", ev_stack_id(f, j));
			}
			detail_add(dt, "%s", buf);
			break;
		}
		case 'i':
			detail_add(dt, "field %d (i32): %d", i, (int32_t)(uint32_t)f->u);
			break;
		default: {
			const char *ty = c == 'b' ? "u8" : c == 'h' ? "u16" : c == 'w' ? "u32" : "u64";
			detail_add(dt, "field %d (%s): %llu", i, ty, (unsigned long long)f->u);
		}
		}
	}
}

static bool detail_open(struct viewer *u)
{
	struct detail *dt = detail_of(u);
	dt->n = 0;
	if (!u->sel_valid)
		list_anchor(u);
	if (!u->sel_valid) {
		core_say(u, "no event selected (the event list is empty here)");
		return false;
	}
	struct ev e;
	if (ev_decode(&u->r->run.s.hdr, u->r->run.s.map, u->r->run.s.size, u->sel_off, &e) != EV_OK) {
		core_say(u, "the event at byte %llu does not decode", (unsigned long long)u->sel_off);
		return false;
	}
	const struct ev_layout *l = e.layout != SEL_UNKNOWN_LAYOUT ? &ev_layouts[e.layout] : NULL;
	char a[48], buf[400];
	detail_add(dt, "byte %llu, %u bytes: tag %u, %s", (unsigned long long)e.off, e.size, e.tag,
	    l ? l->name : "(a layout hectic does not know)");
	for (size_t i = 0; i < u->r->run.s.hdr.ntypes; i++)
		if (u->r->run.s.hdr.types[i].num == e.tag) {
			escaped_line(buf, sizeof buf, u->r->run.s.hdr.types[i].desc, u->r->run.s.hdr.types[i].desc_len);
			detail_add(dt, "the header calls it \"%s\"", buf);
		}
	detail_add(dt, "time %llu ns (%s)", (unsigned long long)e.time, time_format_exact(a, sizeof a, e.time));
	/* the capability: the block's, as the list shows it */
	int32_t cap = EV_NO_CAP;
	struct merge *m = merge_new_at(&u->r->run.s, e.time, CLASS_ALL);
	struct evref r;
	while (m && merge_step(m, &r) && r.time == e.time)
		if (r.off == e.off) {
			cap = r.cap;
			break;
		}
	merge_free(m);
	if (cap != EV_NO_CAP)
		detail_add(dt, "capability %d", cap);
	else
		detail_add(dt, "no capability");
	struct sbuf b = { .escape = true };
	render_body(&b, &u->r->run.s.hdr, &e);
	escaped_line(buf, sizeof buf, (const uint8_t *)b.p, b.n);
	sbuf_free(&b);
	detail_add(dt, "show: %s", buf);
	add_fields(dt, &e, l ? l->fields : "");
	if (e.bad)
		detail_add(dt, "the decoder found: %s%s%s%s%s%s%s", e.bad & BAD_UTF8 ? "invalid UTF-8 " : "",
		    e.bad & BAD_STATUS ? "an unknown stop status " : "",
		    e.bad & BAD_BREAKDOWN ? "an unknown breakdown " : "",
		    e.bad & BAD_IPE_DESC ? "a bad IPE description " : "",
		    e.bad & BAD_TICKY_LEN ? "a ticky length overrun " : "",
		    e.bad & BAD_EDEN_TAG ? "an unknown Eden tag " : "",
		    e.bad & BAD_LEN ? "a length short of its fields" : "");
	return true;
}

static void draw_detail(struct viewer *u)
{
	const struct detail *dt = detail_of(u);
	char t[64];
	snprintf(t, sizeof t, "event detail (%s: close)", core_key_for(u, ACT_CANCEL));
	struct box b = draw_box(u, dt->n + 2, 100, t);
	for (int i = 0; i < dt->n && i < b.h - 1; i++)
		draw_safe(b.y + 1 + i, b.x + 1, (const uint8_t *)dt->line[i], strlen(dt->line[i]),
			  b.w - 2, u->ascii);
	draw_box_end(u);
}

static bool detail_act(struct viewer *u, enum action a)
{
	if (a == ACT_CANCEL || a == ACT_SELECT || a == ACT_EVENT_DETAIL) {
		core_view_close(u);
		return true;
	}
	return false;
}

const struct view_ops view_detail = {
	.name = "detail",
	.opens_on = ACT_EVENT_DETAIL,
	.open = detail_open,
	.draw = draw_detail,
	.act = detail_act,
	.private_size = sizeof(struct detail),
};
