/* Per-thread rows: the chosen threads' states, column by column. */
#include "trows.h"

#include <stdlib.h>
#include <string.h>

#include "classes.h"
#include "idmap.h"
#include "vec.h"

char trows_reason_letter(uint8_t status)
{
	switch (status) {
	case EV_STOP_BLOCKED_MVAR:
	case EV_STOP_BLOCKED_MVAR_READ: return 'M';
	case EV_STOP_BLOCKED_STM: return 'S';
	case EV_STOP_BLOCKED_BLACK_HOLE: return 'B';
	case EV_STOP_BLOCKED_READ:
	case EV_STOP_BLOCKED_WRITE: return 'I';
	case EV_STOP_BLOCKED_DELAY: return 'D';
	case EV_STOP_BLOCKED_THROW_TO: return 'T';
	default: return 'b';
	}
}

struct row {
	uint8_t state, reason;
	int32_t cap;
	uint64_t since;
};

struct pass {
	uint64_t t0, t1, w;
	unsigned ncols;
	uint64_t *acc;   /* [row][col][TS_COUNT] */
	uint64_t *best;  /* [row][col]: the longest run in the column */
	struct trow_cell *out;
};

static uint64_t col_start(const struct pass *p, unsigned c)
{
	return p->t0 + (uint64_t)((unsigned __int128)p->w * c / p->ncols);
}

/* The column holding t (t in [t0, t1)). */
static unsigned col_of(const struct pass *p, uint64_t t)
{
	unsigned c = (unsigned)((unsigned __int128)(t - p->t0) * p->ncols / p->w);
	if (c >= p->ncols)
		c = p->ncols - 1;
	while (c + 1 < p->ncols && col_start(p, c + 1) <= t)
		c++;
	while (c > 0 && col_start(p, c) > t)
		c--;
	return c;
}

/* [a, b) spent in row r's current state. */
static void account(struct pass *p, size_t r, const struct row *st, uint64_t a, uint64_t b)
{
	if (a < p->t0)
		a = p->t0;
	if (b > p->t1)
		b = p->t1;
	if (b <= a)
		return;
	for (unsigned c = col_of(p, a); c < p->ncols; c++) {
		uint64_t lo = col_start(p, c), hi = col_start(p, c + 1);
		if (lo >= b)
			break;
		uint64_t x = a > lo ? a : lo, y = b < hi ? b : hi;
		if (y <= x)
			continue;
		size_t k = r * p->ncols + c;
		p->acc[k * TS_COUNT + st->state] += y - x;
		if (st->state == TS_RUN && y - x > p->best[k]) {
			p->best[k] = y - x;
			p->out[k].cap = st->cap;
		}
		if (st->state == TS_BLOCKED && !p->out[k].reason)
			p->out[k].reason = st->reason;
	}
}

static void flag(struct pass *p, size_t r, uint64_t t, int what)
{
	if (t < p->t0 || t >= p->t1)
		return;
	struct trow_cell *c = &p->out[r * p->ncols + col_of(p, t)];
	if (what == 0)
		c->created = true;
	else if (what == 1)
		c->finished = true;
	else
		c->migrated = true;
}

/* The new state of a thread after an event of it. */
static void apply(struct row *st, const struct ev *e, int32_t cap)
{
	switch (e->tag) {
	case EV_CREATE_THREAD: st->state = TS_RUNNABLE; break;
	case EV_RUN_THREAD:
		st->state = TS_RUN;
		st->cap = cap;
		break;
	case EV_STOP_THREAD: {
		uint64_t status = e->nf > 1 ? e->f[1].u : 0;
		if (status == EV_STOP_FINISHED)
			st->state = TS_NONE;
		else if (status == EV_STOP_FOREIGN_CALL)
			st->state = TS_FOREIGN;
		else if ((status >= EV_STOP_BLOCKED_MVAR && status <= EV_STOP_BLOCKED_DO_PROC) ||
			 status == EV_STOP_BLOCKED_THROW_TO || status == EV_STOP_BLOCKED_MVAR_READ ||
			 (status >= 14 && status <= 16)) {
			st->state = TS_BLOCKED;
			st->reason = (uint8_t)status;
		} else {
			st->state = TS_RUNNABLE;
		}
		break;
	}
	case EV_THREAD_RUNNABLE:
	case EV_THREAD_WAKEUP:
		if (st->state != TS_RUN)
			st->state = TS_RUNNABLE;
		break;
	default: break;
	}
}

/* Each row's state at t0 from its lifetime alone. */
static void lifetimes(const struct tracks *tr, const uint32_t *ids, size_t n, uint64_t t,
		      struct row *rows)
{
	for (size_t i = 0; i < n; i++) {
		const struct thread_info *ti = tracks_thread(tr, ids[i]);
		bool born = ti && (ti->created == UINT64_MAX || ti->created < t);
		bool dead = ti && ti->finished != UINT64_MAX && ti->finished < t;
		rows[i].state = born && !dead ? TS_UNKNOWN : TS_NONE;
		rows[i].since = t;
		rows[i].cap = -1;
		rows[i].reason = 0;
	}
}

bool trows_cells(const struct store *s, const struct tracks *tr, uint64_t t0, uint64_t t1,
		 unsigned ncols, const uint32_t *ids, size_t n, uint64_t max_events,
		 struct trow_cell *out, bool *over)
{
	*over = false;
	if (!ncols || t1 <= t0)
		return true;
	size_t cells = n * ncols;
	memset(out, 0, cells * sizeof *out);
	struct pass p = { t0, t1, t1 - t0, ncols, NULL, NULL, out };
	p.acc = xcallocarray(cells * TS_COUNT + 1, sizeof *p.acc);
	p.best = xcallocarray(cells + 1, sizeof *p.best);
	struct row *rows = xcallocarray(n + 1, sizeof *rows);
	struct idmap map = { 0 };
	bool ok = p.acc && p.best && rows;
	for (size_t i = 0; ok && i < n; i++)
		ok = idmap_get(&map, ids[i]) >= 0 || idmap_put(&map, ids[i], i);
	if (!ok)
		goto done;
	uint64_t look = 4 * (t1 - t0), seen;
	struct merge *m;
	/* a window with far more events than the budget (by the log's mean
	 * density) is not read at all */
	if (s->tmax > s->tmin &&
	    (unsigned __int128)s->nevents * (t1 - t0) / (s->tmax - s->tmin) > 4 * max_events) {
		*over = true;
		ok = true;
		m = NULL;
		goto lifetimes_only;
	}
	/* the states at t0: a look back of a few window widths, widened
	 * eightfold while a thread's state there is still unknown and the
	 * events read stay within the budget */
	for (;;) {
		lifetimes(tr, ids, n, t0, rows);
		memset(out, 0, cells * sizeof *out);
		memset(p.acc, 0, (cells * TS_COUNT + 1) * sizeof *p.acc);
		memset(p.best, 0, (cells + 1) * sizeof *p.best);
		uint64_t from = t0 > s->tmin + look ? t0 - look : s->tmin;
		m = merge_new_at(s, from, CLASS_BIT(CL_SCHED));
		if (!m) {
			ok = false;
			goto done;
		}
		seen = 0;
		bool at_t0 = false, unknown = false;
		bool widen = from > s->tmin && look < UINT64_MAX / 8;
		const struct ev *e;
		int32_t cap;
		while ((e = merge_next(m, &cap)) && e->time < t1) {
			if (!at_t0 && e->time >= t0) {
				at_t0 = true;
				for (size_t i = 0; i < n; i++)
					unknown |= rows[i].state == TS_UNKNOWN;
				if (unknown && widen && seen * 8 <= max_events)
					break; /* look further back */
			}
			if (++seen > max_events) {
				*over = true;
				break;
			}
			if (!ev_tag_has_thread(e->tag) || e->layout == SEL_UNKNOWN_LAYOUT || !e->nf)
				continue;
			long r = idmap_get(&map, (uint32_t)e->f[0].u);
			if (r < 0)
				continue;
			struct row *st = &rows[r];
			/* (the RTS posts a few events out of order: never back in time) */
			uint64_t t = e->time < st->since ? st->since : e->time;
			account(&p, (size_t)r, st, st->since, t); /* (clipped to the window) */
			apply(st, e, cap);
			st->since = t;
			if (e->tag == EV_CREATE_THREAD)
				flag(&p, (size_t)r, e->time, 0);
			else if (e->tag == EV_STOP_THREAD && e->nf > 1 && e->f[1].u == EV_STOP_FINISHED)
				flag(&p, (size_t)r, e->time, 1);
			else if (e->tag == EV_MIGRATE_THREAD)
				flag(&p, (size_t)r, e->time, 2);
		}
		if (!at_t0 && !*over) /* no event from t0 on: the states at t0 are these */
			for (size_t i = 0; i < n; i++)
				unknown |= rows[i].state == TS_UNKNOWN;
		bool again = unknown && widen && !*over && seen * 8 <= max_events;
		if (!again || merge_failed(m))
			break;
		merge_free(m);
		look *= 8;
	}
	ok = !merge_failed(m);
	merge_free(m);
lifetimes_only:
	if (*over) {
		/* too much to read: the lifetimes alone */
		memset(out, 0, cells * sizeof *out);
		for (size_t i = 0; i < n; i++) {
			const struct thread_info *ti = tracks_thread(tr, ids[i]);
			for (unsigned c = 0; c < ncols; c++) {
				uint64_t a = col_start(&p, c), b = col_start(&p, c + 1);
				bool alive = ti && (ti->created == UINT64_MAX || ti->created < b) &&
					     (ti->finished == UINT64_MAX || ti->finished >= a);
				out[i * ncols + c].state = alive ? TS_UNKNOWN : TS_NONE;
			}
		}
		goto done;
	}
	for (size_t i = 0; i < n; i++)
		account(&p, i, &rows[i], rows[i].since, t1);
	/* each column's longest state; running wins a tie */
	for (size_t k = 0; k < cells; k++) {
		const uint64_t *a = &p.acc[k * TS_COUNT];
		int bestst = TS_NONE;
		uint64_t bv = 0;
		for (int st = TS_NONE; st < TS_COUNT; st++)
			if (a[st] > bv || (a[st] == bv && bv && st == TS_RUN)) {
				bv = a[st];
				bestst = st;
			}
		out[k].state = (uint8_t)bestst;
		if (bestst != TS_RUN)
			out[k].cap = -1;
	}
done:
	idmap_free(&map);
	free(rows);
	free(p.acc);
	free(p.best);
	return ok;
}
