/* table_findings: what hectic doctor finds wrong with the run (issue 47,
 * model/doctor.h), a finding a row, ranked by cost, as `hectic doctor
 * --tsv` prints them: rank, kind, cost (4 decimals), from, to, evidence,
 * advice, rts. [lo, hi] is the window the findings are computed over
 * (TABLE_WINDOW): the cursor runs doctor_run over it at open (one pass
 * over the file, stopped by the data's stop flag), unless the data hands
 * findings already made (table_data.doc: hectic doctor's own). */
#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "doctor.h"

enum { FD_RANK, FD_KIND, FD_COST, FD_FROM, FD_TO, FD_EVIDENCE, FD_ADVICE, FD_RTS };

static const struct table_col cols[] = {
	[FD_RANK] = { "rank", TABLE_INT, "", "its place by cost: 1 is the costliest" },
	[FD_KIND] = { "kind", TABLE_TEXT, "",
		      "the problem: nursery, major-pauses, live-growth, gc-balance, mvar, "
		      "blackhole, stm, sparks or parallelism (doc/doctor.md)" },
	[FD_COST] = { "cost", TABLE_REAL, "",
		      "its share of the capabilities' time over the window (capabilities x "
		      "elapsed), 0 to 1; 0.05 or more is a warning",
		      4 },
	[FD_FROM] = { "from", TABLE_INT, "ns",
		      "the start of the stretch where it is worst (or of the window)",
		      .instant = true },
	[FD_TO] = { "to", TABLE_INT, "ns", "the end of that stretch", .instant = true },
	[FD_EVIDENCE] = { "evidence", TABLE_TEXT, "", "the figures it rests on, in words" },
	[FD_ADVICE] = { "advice", TABLE_TEXT, "", "what to do about it" },
	[FD_RTS] = { "rts", TABLE_TEXT, "",
		     "the RTS flags to try (empty: the fix is in the program's code)" },
};

struct fd_cursor {
	struct table_cursor base;
	struct doctor own;     /* doctor_run's, when the data hands none */
	const struct doctor *d;
	size_t i;              /* the current finding + 1 */
};

static void fd_close(struct table_cursor *base)
{
	struct fd_cursor *c = (struct fd_cursor *)base;
	doctor_free(&c->own);
	free(c);
}

static struct table_cursor *fd_open(const struct table_data *d, const struct table_limits *l)
{
	struct fd_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->d = d->doc;
	if (!c->d) {
		if (!doctor_run(d->s, d->tr, l->lo, l->hi, d->stop, &c->own)) {
			c->base.stopped = d->stop && *d->stop;
			c->base.failed = true;
		}
		c->d = &c->own;
	}
	return &c->base;
}

static bool fd_next(struct table_cursor *base)
{
	struct fd_cursor *c = (struct fd_cursor *)base;
	if (base->failed || c->i >= c->d->n)
		return false;
	c->i++;
	return true;
}

static void fd_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct fd_cursor *c = (struct fd_cursor *)base;
	const struct finding *f = &c->d->f[c->i - 1];
	const char *s;
	switch (col) {
	case FD_RANK: table_set_int(v, (int64_t)c->i); return;
	case FD_COST: table_set_real(v, f->cost); return;
	case FD_FROM: table_set_int(v, (int64_t)f->from); return;
	case FD_TO: table_set_int(v, (int64_t)f->to); return;
	case FD_KIND: s = doctor_kind_name(f->kind); break;
	case FD_EVIDENCE: s = f->evidence; break;
	case FD_ADVICE: s = f->advice; break;
	case FD_RTS: s = f->rts; break;
	default: table_set_null(v); return;
	}
	table_set_text(v, s, strlen(s));
}

const struct table_def table_findings = {
	.name = "findings",
	.doc = "What hectic doctor finds wrong with the run, a finding a row ranked by its cost, "
	       "as hectic doctor --tsv lists them.",
	.cols = cols,
	.ncols = sizeof cols / sizeof cols[0],
	.needs = TABLE_NEEDS_TRACKS,
	.by = TABLE_WINDOW,
	.time_col = -1,
	.cap_col = -1,
	.class_col = -1,
	.open = fd_open,
	.next = fd_next,
	.value = fd_value,
	.close = fd_close,
};
