/* table_events: the events table, every event of the log in `show`'s order
 * (the store's merge: time, then file order), with the text `show` prints
 * after the time and capability (parser/render.c's render_body). A time
 * range seeks the merge to its start and stops past its end; classes
 * start the merge over those classes alone (the index skips the rest), and
 * event types over those types (the index skips what has none of their
 * classes, or of their own bits: IX_* in store.h); a capability is checked
 * on the event's place, before it is decoded. The thread has no index: a
 * condition on it is SQLite's, row by row. An event is decoded only when a
 * column asks for its fields. */
#include "table.h"

#include <stdlib.h>

#include "../parser/render.h"
#include "store.h"

enum { EC_TIME, EC_CAP, EC_THREAD, EC_TYPE, EC_NAME, EC_CLASS, EC_TEXT, EC_OFFSET };

static const struct table_col cols[] = {
	[EC_TIME] = { "time", TABLE_INT, "ns", "when it happened, since the RTS started",
		      .instant = true },
	[EC_CAP] = { "cap", TABLE_INT, "", "its capability (NULL: none)" },
	[EC_THREAD] = { "thread", TABLE_INT, "",
			"the thread a scheduler event is about (NULL for other events); not "
			"indexed: a condition on it reads every event the others leave" },
	[EC_TYPE] = { "type", TABLE_INT, "", "its event type id, as the header declares it" },
	[EC_NAME] = { "name", TABLE_TEXT, "", "the event type's description in the header" },
	[EC_CLASS] = { "class", TABLE_TEXT, "",
		       "the viewer's event class: sched, gc, heap, sparks, caps, tasks, user, "
		       "prof, nonmoving, ticky or other" },
	[EC_TEXT] = { "text", TABLE_TEXT, "",
		      "what hectic show prints after the time and capability" },
	[EC_OFFSET] = { "offset", TABLE_INT, "bytes", "where the event starts in the file" },
};

struct ev_cursor {
	struct table_cursor base;
	const struct store *s;
	const volatile sig_atomic_t *stop;
	struct merge *m;
	struct table_limits l;
	struct evref r;
	bool decoded, rendered, ok;
	struct ev e;
	struct sbuf text;
	uint64_t *tagset; /* the types wanted, a bit each (NULL: all) */
};

static bool in_tags(const uint64_t *set, uint16_t tag)
{
	return set[tag >> 6] >> (tag & 63) & 1;
}

/* One of the capabilities l asks for (has_cap and caps). */
static bool cap_wanted(const struct table_limits *l, int32_t cap)
{
	if (l->has_cap && cap != l->cap)
		return false;
	if (!l->caps)
		return true;
	for (size_t i = 0; i < l->ncaps; i++)
		if (l->caps[i] == cap)
			return true;
	return false;
}

static struct table_cursor *ev_open(const struct table_data *d, const struct table_limits *l)
{
	struct ev_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->s = d->s;
	c->stop = d->stop;
	c->l = *l;
	if (l->types) {
		/* the merge over the types alone (exact: it keeps a tag by a
		 * table of the tags wanted), each kept only if its class is
		 * wanted too */
		uint16_t *tags = malloc((l->ntypes ? l->ntypes : 1) * sizeof *tags);
		size_t n = 0;
		c->tagset = calloc(65536 / 64, sizeof *c->tagset);
		for (size_t i = 0; tags && c->tagset && i < l->ntypes; i++) {
			uint16_t t = l->types[i];
			if (!(l->classes & CLASS_BIT(class_of(t))) || in_tags(c->tagset, t))
				continue;
			c->tagset[t >> 6] |= 1ull << (t & 63);
			tags[n++] = t;
		}
		c->m = tags && c->tagset ? merge_new_tags(d->s, l->lo, 0, tags, n) : NULL;
		free(tags);
	} else {
		c->m = merge_new_at(d->s, l->lo, l->classes & CLASS_ALL);
	}
	if (!c->m) {
		free(c->tagset);
		free(c);
		return NULL;
	}
	return &c->base;
}

static bool ev_next(struct table_cursor *base)
{
	struct ev_cursor *c = (struct ev_cursor *)base;
	c->decoded = c->rendered = false;
	unsigned n = 0;
	while (merge_step(c->m, &c->r)) {
		if (c->r.time > c->l.hi)
			return false;
		if ((c->tagset && !in_tags(c->tagset, c->r.tag)) || !cap_wanted(&c->l, c->r.cap)) {
			/* a long run of events not wanted: look at the flag */
			if ((++n & 0xFFFF) == 0 && c->stop && *c->stop)
				break;
			continue;
		}
		if (store_faulted(c->s))
			break;
		return true;
	}
	if (merge_failed(c->m) || store_faulted(c->s) || (c->stop && *c->stop)) {
		base->failed = true;
		base->stopped = c->stop && *c->stop;
	}
	return false;
}

/* The current event decoded; false when it cannot be (the index read it:
 * only a file that shrank). */
static bool ev_decoded(struct ev_cursor *c)
{
	if (!c->decoded) {
		c->decoded = true;
		c->ok = ev_decode(&c->s->hdr, c->s->map, c->s->size, c->r.off, &c->e) == EV_OK;
	}
	return c->ok;
}

/* The header's description of tag (the last declaration of it, as the
 * decoder takes the last). */
static void type_name(const struct store *s, uint16_t tag, struct table_value *v)
{
	for (size_t i = s->hdr.ntypes; i-- > 0;)
		if (s->hdr.types[i].num == tag) {
			table_set_text(v, s->hdr.types[i].desc, s->hdr.types[i].desc_len);
			return;
		}
	table_set_null(v);
}

static void ev_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct ev_cursor *c = (struct ev_cursor *)base;
	const char *cl;
	switch (col) {
	case EC_TIME: table_set_int(v, (int64_t)c->r.time); return;
	case EC_CAP:
		if (c->r.cap == EV_NO_CAP)
			table_set_null(v);
		else
			table_set_int(v, c->r.cap);
		return;
	case EC_THREAD:
		if (!ev_tag_has_thread(c->r.tag) || !ev_decoded(c) || !ev_thread_of(&c->e))
			table_set_null(v);
		else
			table_set_int(v, ev_thread_of(&c->e));
		return;
	case EC_TYPE: table_set_int(v, c->r.tag); return;
	case EC_NAME: type_name(c->s, c->r.tag, v); return;
	case EC_CLASS:
		cl = class_name(class_of(c->r.tag));
		table_set_text(v, cl, __builtin_strlen(cl));
		return;
	case EC_TEXT:
		if (!c->rendered) {
			c->rendered = true;
			c->text.n = 0;
			if (ev_decoded(c))
				render_body(&c->text, &c->s->hdr, &c->e);
		}
		if (c->text.oom) {
			table_set_null(v);
			base->failed = true;
		} else {
			table_set_text(v, c->text.p ? c->text.p : "", c->text.n);
		}
		return;
	case EC_OFFSET: table_set_int(v, (int64_t)c->r.off); return;
	default: table_set_null(v); return;
	}
}

static void ev_close(struct table_cursor *base)
{
	struct ev_cursor *c = (struct ev_cursor *)base;
	merge_free(c->m);
	free(c->tagset);
	sbuf_free(&c->text);
	free(c);
}

const struct table_def table_events = {
	.name = "events",
	.doc = "Every event of the log, in the order hectic show prints them.",
	.cols = cols,
	.ncols = sizeof cols / sizeof cols[0],
	.needs = TABLE_NEEDS_STORE,
	.by = TABLE_BY_TIME | TABLE_BY_CAP | TABLE_BY_CLASS | TABLE_BY_TYPE,
	.time_col = EC_TIME,
	.type_col = EC_TYPE,
	.cap_col = EC_CAP,
	.class_col = EC_CLASS,
	.open = ev_open,
	.next = ev_next,
	.value = ev_value,
	.close = ev_close,
};
