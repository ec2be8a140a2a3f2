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
static unsigned trows_col_of(const struct pass *p, uint64_t t)
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
static void trows_account(struct pass *p, size_t r, const struct row *st, uint64_t a, uint64_t b)
{
	if (a < p->t0)
		a = p->t0;
	if (b > p->t1)
		b = p->t1;
	if (b <= a)
		return;
	for (unsigned c = trows_col_of(p, a); c < p->ncols; c++) {
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
	struct trow_cell *c = &p->out[r * p->ncols + trows_col_of(p, t)];
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

/* The window being read: the rows asked for, their state as the events go
 * by, and the pass's accumulators. */
struct window {
	const struct store *s;
	const struct tracks *tr;
	const uint32_t *ids;
	size_t n, cells;
	uint64_t max_events;
	struct idmap map; /* thread id -> row */
	struct row *rows;
	struct pass p;
};

static bool any_unknown(const struct row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (rows[i].state == TS_UNKNOWN)
			return true;
	return false;
}

/* A scheduler event: its thread's row (if asked for) accounts the time
 * since its last event in the state it was in, takes the new state, and
 * flags a creation, an end or a migration in the column. */
static void row_event(struct window *w, const struct ev *e, int32_t cap)
{
	if (!ev_tag_has_thread(e->tag) || e->layout == SEL_UNKNOWN_LAYOUT || !e->nf)
		return;
	long r = idmap_get(&w->map, (uint32_t)e->f[0].u);
	if (r < 0)
		return;
	struct pass *p = &w->p;
	struct row *st = &w->rows[r];
	/* (the RTS posts a few events out of order: never back in time) */
	uint64_t t = e->time < st->since ? st->since : e->time;
	trows_account(p, (size_t)r, st, st->since, t); /* (clipped to the window) */
	apply(st, e, cap);
	st->since = t;
	if (e->tag == EV_CREATE_THREAD)
		flag(p, (size_t)r, e->time, 0);
	else if (e->tag == EV_STOP_THREAD && e->nf > 1 && e->f[1].u == EV_STOP_FINISHED)
		flag(p, (size_t)r, e->time, 1);
	else if (e->tag == EV_MIGRATE_THREAD)
		flag(p, (size_t)r, e->time, 2);
}

enum read_end {
	READ_DONE,   /* the states at t0 are known, or cannot be better known */
	READ_WIDER,  /* a thread's state at t0 is unknown: look further back */
	READ_FAILED, /* the merge ran out of memory (the cells are finished) */
	READ_NOMEM,  /* nothing read */
};

/* One read of the window's events from `from` on (a look back before t0),
 * the rows starting from their lifetimes. widen: a wider look back is
 * possible. Sets *over when the events pass the budget. */
static enum read_end read_from(struct window *w, uint64_t from, bool widen, bool *over)
{
	struct pass *p = &w->p;
	lifetimes(w->tr, w->ids, w->n, p->t0, w->rows);
	memset(p->out, 0, w->cells * sizeof *p->out);
	memset(p->acc, 0, (w->cells * TS_COUNT + 1) * sizeof *p->acc);
	memset(p->best, 0, (w->cells + 1) * sizeof *p->best);
	struct merge *m = merge_new_at(w->s, from, CLASS_BIT(CL_SCHED));
	if (!m)
		return READ_NOMEM;
	uint64_t seen = 0;
	bool at_t0 = false, unknown = false;
	const struct ev *e;
	int32_t cap;
	while ((e = merge_next(m, &cap)) && e->time < p->t1) {
		if (!at_t0 && e->time >= p->t0) {
			at_t0 = true;
			unknown = any_unknown(w->rows, w->n);
			if (unknown && widen && seen * 8 <= w->max_events)
				break; /* look further back */
		}
		if (++seen > w->max_events) {
			*over = true;
			break;
		}
		row_event(w, e, cap);
	}
	if (!at_t0 && !*over) /* no event from t0 on: the states at t0 are these */
		unknown = any_unknown(w->rows, w->n);
	bool again = unknown && widen && !*over && seen * 8 <= w->max_events;
	bool failed = merge_failed(m);
	merge_free(m);
	return failed ? READ_FAILED : again ? READ_WIDER : READ_DONE;
}

/* Too much to read: the cells from the threads' lifetimes alone. */
static void lifetime_cells(struct window *w)
{
	struct pass *p = &w->p;
	memset(p->out, 0, w->cells * sizeof *p->out);
	for (size_t i = 0; i < w->n; i++) {
		const struct thread_info *ti = tracks_thread(w->tr, w->ids[i]);
		for (unsigned c = 0; c < p->ncols; c++) {
			uint64_t a = col_start(p, c), b = col_start(p, c + 1);
			bool alive = ti && (ti->created == UINT64_MAX || ti->created < b) &&
				     (ti->finished == UINT64_MAX || ti->finished >= a);
			p->out[i * p->ncols + c].state = alive ? TS_UNKNOWN : TS_NONE;
		}
	}
}

/* The rows' last states up to t1, then each column's longest state
 * (running wins a tie). */
static void finish_cells(struct window *w)
{
	struct pass *p = &w->p;
	for (size_t i = 0; i < w->n; i++)
		trows_account(p, i, &w->rows[i], w->rows[i].since, p->t1);
	for (size_t k = 0; k < w->cells; k++) {
		const uint64_t *a = &p->acc[k * TS_COUNT];
		int bestst = TS_NONE;
		uint64_t bv = 0;
		for (int st = TS_NONE; st < TS_COUNT; st++)
			if (a[st] > bv || (a[st] == bv && bv && st == TS_RUN)) {
				bv = a[st];
				bestst = st;
			}
		p->out[k].state = (uint8_t)bestst;
		if (bestst != TS_RUN)
			p->out[k].cap = -1;
	}
}

/* The window's events, with a look back of a few window widths for the
 * states at t0, widened eightfold while a thread's state there is still
 * unknown and the events read stay within the budget. */
static enum read_end read_window(struct window *w, bool *over)
{
	const struct store *s = w->s;
	uint64_t t0 = w->p.t0, look = 4 * w->p.w;
	enum read_end r;
	do {
		uint64_t from = t0 > s->tmin + look ? t0 - look : s->tmin;
		r = read_from(w, from, from > s->tmin && look < UINT64_MAX / 8, over);
		look *= 8;
	} while (r == READ_WIDER);
	return r;
}

bool trows_cells(const struct store *s, const struct tracks *tr, uint64_t t0, uint64_t t1,
		 unsigned ncols, const uint32_t *ids, size_t n, uint64_t max_events,
		 struct trow_cell *out, bool *over)
{
	*over = false;
	if (!ncols || t1 <= t0)
		return true;
	struct window w = { .s = s, .tr = tr, .ids = ids, .n = n, .cells = n * ncols,
			    .max_events = max_events,
			    .p = { t0, t1, t1 - t0, ncols, NULL, NULL, out } };
	memset(out, 0, w.cells * sizeof *out);
	w.p.acc = xcallocarray(w.cells * TS_COUNT + 1, sizeof *w.p.acc);
	w.p.best = xcallocarray(w.cells + 1, sizeof *w.p.best);
	w.rows = xcallocarray(n + 1, sizeof *w.rows);
	bool ok = w.p.acc && w.p.best && w.rows;
	for (size_t i = 0; ok && i < n; i++)
		ok = idmap_get(&w.map, ids[i]) >= 0 || idmap_put(&w.map, ids[i], i);
	if (ok) {
		/* a window with far more events than the budget (by the log's
		 * mean density) is not read at all */
		enum read_end r = READ_DONE;
		if (s->tmax > s->tmin && (unsigned __int128)s->nevents * (t1 - t0) /
						 (s->tmax - s->tmin) > 4 * max_events)
			*over = true;
		else
			r = read_window(&w, over);
		ok = r != READ_NOMEM && r != READ_FAILED;
		if (*over && r != READ_NOMEM)
			lifetime_cells(&w);
		else if (r != READ_NOMEM)
			finish_cells(&w);
	}
	idmap_free(&w.map);
	free(w.rows);
	free(w.p.acc);
	free(w.p.best);
	return ok;
}
