/* The window and the phases of a summary, whichever way its figures were
 * computed. */
#include "summary_phases.h"

uint64_t summary_overlap(uint64_t a, uint64_t b, uint64_t lo, uint64_t hi)
{
	uint64_t x = a > lo ? a : lo, y = b < hi ? b : hi;
	return y > x ? y - x : 0;
}

bool summary_clip(const struct tracks *tr, const struct store *s, uint64_t from, uint64_t to,
		  struct summary *out)
{
	bool empty = to < s->tmin || from > s->tmax || to < from || !s->nevents;
	out->whole = !empty && from <= s->tmin && to >= s->tmax;
	if (from < s->tmin)
		from = s->tmin;
	if (to > s->tmax)
		to = s->tmax;
	if (to < from)
		to = from;
	out->from = from;
	out->to = to;
	out->profiled = tr->profiled;
	out->threaded = tr->threaded_rts;
	return !empty;
}

void summary_phases(const struct tracks_phases *ph, const struct store *s,
		    struct summary_phase_gc pg, struct summary *out)
{
	if (out->whole && ph->have_init) {
		out->have_init = true;
		out->init = ph->end_init;
		if (ph->have_exit) {
			out->have_exit = true;
			out->total = ph->t_exit_report;
			uint64_t span = ph->start_exit - ph->end_init;
			out->mut = span > pg.before_exit ? span - pg.before_exit : 0;
			uint64_t gc_in_exit = out->gc > pg.before_exit ? out->gc - pg.before_exit : 0;
			uint64_t end = ph->end_exit > ph->start_exit ? ph->end_exit : ph->start_exit;
			uint64_t ex = end - ph->start_exit;
			out->exit = ex > gc_in_exit ? ex - gc_in_exit : 0;
			out->exit_estimated = end < ph->t_exit_report;
			out->exit_wait = ph->t_exit_report - end;
		} else { /* the log ends without the exit: MUT runs to its end */
			out->total = s->tmax;
			uint64_t span = s->tmax > ph->end_init ? s->tmax - ph->end_init : 0;
			out->mut = span > pg.after_init ? span - pg.after_init : 0;
		}
		return;
	}
	/* a whole run: its timestamps count from the RTS's start, so the time
	 * before its first event is the run's too (but not MUT) */
	uint64_t span = out->to - out->from;
	out->total = out->whole ? out->to : span;
	if (out->gc > span)
		out->gc = span;
	out->mut = span - out->gc;
}
