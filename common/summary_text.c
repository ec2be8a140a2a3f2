/* The summary report as text. */
#include "summary_text.h"

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

/* A line being written, handed on at each newline. */
struct out {
	char line[512];
	size_t n;
	void (*emit)(void *ctx, const char *line);
	void *ctx;
};

static void text_put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void text_put(struct out *o, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	for (const char *p = buf; *p; p++) {
		if (*p == '\n') {
			o->line[o->n] = 0;
			o->emit(o->ctx, o->line);
			o->n = 0;
		} else if (o->n + 1 < sizeof o->line) {
			o->line[o->n++] = *p;
		}
	}
}

/* n with thousands separators, right-aligned in width columns. */
static void put_commas(struct out *o, uint64_t n, int width)
{
	char digits[32], out[48];
	int len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
	int k = 0;
	for (int i = 0; i < len; i++) {
		if (i && (len - i) % 3 == 0)
			out[k++] = ',';
		out[k++] = digits[i];
	}
	out[k] = 0;
	text_put(o, "%*s", width, out);
}

/* A log without the GC and heap classes: names each +RTS -s figure it
 * cannot give (those it prints, INIT and the sparks, aside). */
static void no_gc_paragraph(struct out *o, const struct summary *sm)
{
	text_put(o, "  No GC or heap events in this log (it was written without the GC class,\n"
	       "  as by +RTS -l-au): the bytes allocated, copied and live, the maximum\n"
	       "  slop, the memory in use, the collections,%s\n"
	       "  the %sMUT, GC and EXIT times and the productivity are not known.\n\n",
	    sm->have_sparks ? "" : " the sparks,", sm->have_init ? "" : "INIT, ");
}

static void text_memory(struct out *o, const struct summary *sm)
{
	if (!sm->have_gc && !sm->have_heap) {
		no_gc_paragraph(o, sm);
		return;
	}
	put_commas(o, sm->allocated, 16);
	text_put(o, " bytes allocated in the heap\n");
	put_commas(o, sm->copied, 16);
	text_put(o, " bytes copied during GC\n");
	put_commas(o, sm->max_live, 16);
	text_put(o, " bytes maximum residency (%llu sample(s))\n", (unsigned long long)sm->live_samples);
	put_commas(o, sm->max_slop, 16);
	text_put(o, " bytes maximum slop\n");
	put_commas(o, sm->max_heap / (1024 * 1024), 16);
	text_put(o, " MiB total memory in use");
	/* +RTS -s counts it from the most blocks the RTS ever allocated at
	 * once, a high-water mark reached inside collections: the log has the
	 * blocks after each one (BLOCKS_SIZE), never that */
	text_put(o, " (fragmentation: not in the log)");
	if (sm->mem_lower_bound)
		text_put(o, " (at least: the peak inside a GC that returned memory is not in this log)");
	text_put(o, "\n\n");
}

static void generations(struct out *o, const struct summary *sm)
{
	if (!sm->have_gc) {
		if (sm->have_heap)
			text_put(o, "  No GC events in this log: the collections and the GC time are not "
			       "known.\n\n");
		return;
	}
	text_put(o, "%-35s %11s %11s %11s\n", "", "Elapsed", "Avg pause", "Max pause");
	for (unsigned g = 0; g < sm->ngens; g++) {
		/* as the RTS: the average is the total over the count, in ns */
		uint64_t avg = sm->gen[g].colls ? sm->gen[g].elapsed / sm->gen[g].colls : 0;
		text_put(o, "  Gen %2u     %5llu colls, %5llu par %10.3fs %10.4fs %10.4fs\n", g,
		    (unsigned long long)sm->gen[g].colls, (unsigned long long)sm->gen[g].par,
		    (double)sm->gen[g].elapsed / 1e9, (double)avg / 1e9,
		    (double)sm->gen[g].max_pause / 1e9);
	}
	if (sm->ngens_log > sm->ngens)
		text_put(o, "  (Gen %u to Gen %u are not shown: hectic's table ends at Gen %u)\n", sm->ngens,
		    sm->ngens_log - 1, sm->ngens - 1);
	if (sm->have_syncs) {
		uint64_t avg = sm->sync_colls ? sm->sync_elapsed / sm->sync_colls : 0;
		text_put(o, "  Gen %2u     %5llu syncs,            %10.3fs %10.4fs %10.4fs\n",
		    sm->ngens ? sm->ngens - 1 : 0, (unsigned long long)sm->sync_colls,
		    (double)sm->sync_elapsed / 1e9, (double)avg / 1e9, (double)sm->sync_max / 1e9);
		/* measured on the GHC 9.6/9.10 fixtures: the events' first mark to
		 * sweep end fall short of the RTS's figures (max 0.0765s against
		 * 0.0769s), and a collection still running at exit has no end */
		text_put(o, "  (the RTS's \"concurrent\" row is not in the log: it times each\n"
		       "   concurrent collection, in CPU and elapsed time, from before its\n"
		       "   first mark event to after its sweep event)\n");
	}
	text_put(o, "\n");
	if (sm->bal_den && sm->bal_num)
		text_put(o, "  Parallel GC work balance: %.2f%% (serial 0%%, perfect 100%%)\n\n",
		    100.0 * (double)sm->bal_num / (double)sm->bal_den);
}

/* +RTS -s's TASKS (threaded RTS): taskCount, workerCount and
 * peakWorkerCount are the RTS's own counts; TASK_CREATE shows the tasks,
 * but neither which are bound nor the peak of workers (and in nonmoving
 * runs its distinct ids fall short of the total). */
static void tasks(struct out *o, const struct summary *sm)
{
	if (sm->threaded)
		text_put(o, "  TASKS: not in the log (the bound and peak worker counts are in no "
		       "event)\n\n");
}

static void sparks(struct out *o, const struct summary *sm)
{
	/* the RTS's total counts the sparks never created too: those found dud
	 * (already evaluated) and those that overflowed the pool */
	if (sm->have_sparks)
		text_put(o, "  SPARKS: %llu (%llu converted, %llu overflowed, %llu dud, %llu GC'd, "
		       "%llu fizzled)\n\n",
		    (unsigned long long)(sm->sparks[SP_CREATED] + sm->sparks[SP_DUD] +
					 sm->sparks[SP_OVERFLOWED]),
		    (unsigned long long)sm->sparks[SP_CONVERTED],
		    (unsigned long long)sm->sparks[SP_OVERFLOWED],
		    (unsigned long long)sm->sparks[SP_DUD], (unsigned long long)sm->sparks[SP_GCD],
		    (unsigned long long)sm->sparks[SP_FIZZLED]);
}

/* What the Total line adds: a whole run's Total is +RTS -s's when the log
 * shows the report (have_exit); else it runs to the log's last event. */
static const char *total_note(const struct summary *sm)
{
	if (!sm->whole || sm->have_exit)
		return "";
	if (sm->have_gc && sm->have_init)
		return "  the log ends before the program's exit";
	return "  the log's end (+RTS -s's: not in the log)";
}

static void productivity(struct out *o, const struct summary *sm)
{
	text_put(o, "  Productivity  %.1f%% of total elapsed", 100.0 * summary_productivity(sm));
	/* +RTS -s takes PROF out of GC, so the censuses count as productive */
	if (sm->profiled)
		text_put(o, " (MUT / Total; PROF time is not in\n"
		       "   the log, and +RTS -s counts it as productive)");
	else if (sm->exit_estimated) /* EXIT can only be longer: an upper bound */
		text_put(o, " (at most: +RTS -s counts the wait\n"
		       "   after EXIT as productive, and its EXIT ends a little later)");
	text_put(o, "\n");
}

static void times(struct out *o, const struct summary *sm)
{
	if (sm->have_init)
		text_put(o, "  INIT    time  (%8.3fs elapsed)\n", (double)sm->init / 1e9);
	if (sm->have_gc) {
		text_put(o, "  MUT     time  (%8.3fs elapsed)\n", (double)sm->mut / 1e9);
		text_put(o, "  GC      time  (%8.3fs elapsed)%s\n", (double)sm->gc / 1e9,
		    sm->profiled ? "  heap censuses included: +RTS -s's PROF time is not in the log"
				 : "");
	}
	if (sm->have_exit)
		text_put(o, "  EXIT    time  (%8.3fs elapsed)%s\n", (double)sm->exit / 1e9,
		    sm->exit_estimated ? "  estimated (see below)" : "");
	text_put(o, "  Total   time  (%8.3fs elapsed)%s\n", (double)sm->total / 1e9, total_note(sm));
	text_put(o, "  (CPU times are not in the log: its events carry elapsed times only)\n");
	if (sm->exit_estimated)
		text_put(o, "  (EXIT ends at the last event before the RTS waited %.3fs for a\n"
		       "   concurrent mark, a wait +RTS -s counts in no phase: its EXIT ends\n"
		       "   a little later, at a time that is not in the log)\n",
		    (double)sm->exit_wait / 1e9);
	text_put(o, "\n");
	if (!sm->have_gc)
		return;
	if (sm->mut && sm->have_alloc) {
		text_put(o, "  Alloc rate    ");
		double rate = (double)sm->allocated / ((double)sm->mut / 1e9);
		put_commas(o, rate < 1.8e19 ? (uint64_t)rate : UINT64_MAX, 0);
		text_put(o, " bytes per elapsed MUT second\n\n");
	}
	if (sm->total)
		productivity(o, sm);
}

void summary_text(const struct summary *sm, void (*emit)(void *ctx, const char *line), void *ctx)
{
	struct out o = { .n = 0, .emit = emit, .ctx = ctx };
	text_memory(&o, sm);
	generations(&o, sm);
	tasks(&o, sm);
	sparks(&o, sm);
	times(&o, sm);
	if (o.n)
		text_put(&o, "\n");
}

static void emit_file(void *ctx, const char *line)
{
	fputs(line, ctx);
	fputc('\n', ctx);
}

void summary_write(FILE *f, const struct summary *sm)
{
	summary_text(sm, emit_file, f);
}
