/* Messages picked by a regex, as ruler marks and phases (phases.h). */
#include "phases.h"

#include <stdlib.h>
#include <string.h>

#include "../parser/event.h"

/* The marks a regex may pick: those with text. */
static bool has_text(const struct mark *m)
{
	return m->tag != EV_USER_BINARY_MSG;
}

/* tracks_marks_each's count of the log's marks, stopping past the list's. */
struct count {
	size_t n, stop;
};

static bool count_one(void *ctx, const struct mark *m)
{
	(void)m;
	struct count *c = ctx;
	return ++c->n <= c->stop;
}

bool phases_build(struct phases *p, const struct tracks *tr, const struct store *s,
		  const regex_t *re)
{
	memset(p, 0, sizeof *p);
	size_t words = (tr->nmarks + 63) / 64;
	p->bits = calloc(words ? words : 1, sizeof *p->bits);
	if (!p->bits)
		return false;
	p->nmarks = tr->nmarks;
	for (size_t i = 0; i < tr->nmarks; i++) {
		size_t n;
		const uint8_t *txt = has_text(&tr->marks[i]) ? tracks_mark_text(s, &tr->marks[i], &n)
							     : NULL;
		if (txt && tracks_match(re, txt, n)) {
			p->bits[i / 64] |= (uint64_t)1 << (i % 64);
			p->n++;
		}
	}
	p->complete = true;
	if (tr->over_budget) { /* did the marks' list stop growing? */
		struct count c = { 0, tr->nmarks };
		if (!tracks_marks_each(s, 0, UINT64_MAX, count_one, &c)) {
			phases_free(p);
			return false;
		}
		p->complete = c.n <= tr->nmarks;
	}
	/* one past the last event, as the viewer's run ends; with marks left
	 * out, nothing is known past the last one kept */
	p->end = s->tmax + 1;
	if (!p->complete)
		p->end = tr->nmarks ? tr->marks[tr->nmarks - 1].time + 1 : s->tmin;
	return true;
}

void phases_free(struct phases *p)
{
	free(p->bits);
	memset(p, 0, sizeof *p);
}

bool phases_picked(const struct phases *p, size_t i)
{
	return i < p->nmarks && (p->bits[i / 64] >> (i % 64) & 1);
}

long phases_next(const struct phases *p, size_t from)
{
	if (!p->n)
		return -1;
	for (size_t w = from / 64; w * 64 < p->nmarks; w++) {
		uint64_t v = p->bits[w];
		if (w == from / 64)
			v &= ~(uint64_t)0 << (from % 64);
		if (v)
			return (long)(w * 64 + (size_t)__builtin_ctzll(v));
	}
	return -1;
}

long phases_prev(const struct phases *p, size_t before)
{
	if (!p->n || !before)
		return -1;
	if (before > p->nmarks)
		before = p->nmarks;
	size_t last = before - 1;
	for (size_t w = last / 64 + 1; w-- > 0;) {
		uint64_t v = p->bits[w];
		if (w == last / 64 && last % 64 != 63)
			v &= ((uint64_t)1 << (last % 64 + 1)) - 1;
		if (v)
			return (long)(w * 64 + 63 - (size_t)__builtin_clzll(v));
	}
	return -1;
}

long phases_at(const struct phases *p, const struct tracks *tr, uint64_t t)
{
	if (t >= p->end || p->nmarks != tr->nmarks)
		return -1;
	/* the marks at or before t: those before the first one after t */
	return phases_prev(p, t == UINT64_MAX ? tr->nmarks : tracks_mark_from(tr, t + 1));
}

void phases_span(const struct phases *p, const struct tracks *tr, size_t i, uint64_t *start,
		 uint64_t *end)
{
	*start = tr->marks[i].time;
	long nx = phases_next(p, i + 1);
	*end = nx >= 0 ? tr->marks[nx].time : p->end;
	if (*end < *start)
		*end = *start;
}

const uint8_t *phases_name(const struct tracks *tr, const struct store *s, const regex_t *re,
			   size_t i, size_t *n)
{
	const uint8_t *txt = tracks_mark_text(s, &tr->marks[i], n);
	if (!txt || !re->re_nsub)
		return txt;
	/* the first group's bounds, matched as tracks_match matches (an empty
	 * group names nothing: the whole text) */
	char stackbuf[512];
	char *buf = *n < sizeof stackbuf ? stackbuf : malloc(*n + 1);
	if (!buf)
		return txt;
	memcpy(buf, txt, *n);
	buf[*n] = 0;
	regmatch_t m[2] = { { .rm_so = 0, .rm_eo = (regoff_t)*n }, { -1, -1 } };
#ifdef REG_STARTEND
	bool hit = regexec(re, buf, 2, m, REG_STARTEND) == 0;
#else
	bool hit = regexec(re, buf, 2, m, 0) == 0;
#endif
	if (buf != stackbuf)
		free(buf);
	if (!hit || m[1].rm_so < 0 || m[1].rm_eo <= m[1].rm_so || (size_t)m[1].rm_eo > *n)
		return txt;
	*n = (size_t)(m[1].rm_eo - m[1].rm_so);
	return txt + m[1].rm_so;
}
