/* report_diff_text: how hectic diff writes its rows (diff_rows.c): the TSV for
 * scripts (raw integers, keys as the reports name them) and the text for
 * people: each figure with its unit (ms, MB), keys as summary names
 * them, the columns aligned whatever the names' lengths, each section's
 * figures ranked by |B - A| within their unit, and what a run's log
 * cannot give said under its section's heading. */
#include "diff.h"

#include <stdio.h>
#include <string.h>

#include "../model/summary.h"
#include "../model/timefmt.h"
#include "../common/report_text.h"

static bool changed(const struct diff_row *w)
{
	return w->ha != w->hb || (w->ha && w->a != w->b);
}

/* B / A as text, "" where a side is missing or A is 0. */
static void ratio_text(const struct diff_row *w, char *r, size_t rn)
{
	*r = 0;
	if (w->ha && w->hb && w->a != 0)
		snprintf(r, rn, "%.4f", diff_value(w, true) / diff_value(w, false));
}

/* ---- TSV ---- */

void diff_write_tsv(const struct diff_rows *rows, bool all, bool escape)
{
	printf("section\tkey\ta\tb\tdelta\tratio\n");
	for (size_t i = 0; i < rows->n; i++) {
		const struct diff_row *w = &rows->v[i];
		if (!all && !changed(w))
			continue;
		char d[48] = "", r[48], a[48] = "", b[48] = "";
		if (w->ha && w->hb)
			diff_delta_text(w, d, sizeof d);
		ratio_text(w, r, sizeof r);
		if (w->ha)
			diff_value_text(w, false, a, sizeof a);
		if (w->hb)
			diff_value_text(w, true, b, sizeof b);
		size_t kl;
		const char *k = diff_row_key(rows, w, &kl);
		printf("%s\t", diff_section_name[w->sec]);
		report_text_field(stdout, (const uint8_t *)k, kl, escape, true);
		if (w->sub != DSUF_NONE)
			printf(" %s", diff_suffix[w->sub]);
		printf("\t%s\t%s\t%s\t%s\n", a, b, d, r);
	}
}

/* ---- text ---- */

/* The word after a span's or a thread label's name. */
static const char *const sub_word[DSUF_N] = {
	[DSUF_NONE] = "",	 [DSUF_COUNT] = "count", [DSUF_TOTAL_NS] = "total",
	[DSUF_P50_NS] = "p50",	 [DSUF_P99_NS] = "p99",	 [DSUF_MAX_NS] = "max",
	[DSUF_RUNNING_NS] = "running", [DSUF_RUNS] = "runs",
};

/* The key's columns as write_key writes it. */
static size_t key_width(const struct diff_rows *rows, const struct diff_row *w)
{
	size_t kl;
	const char *k = diff_row_key(rows, w, &kl);
	if (w->sec == DS_SUMMARY || w->sec == DS_PAUSES) {
		char l[80];
		summary_field_label(k, kl, l, sizeof l);
		return strlen(l);
	}
	size_t width = report_text_width(k, kl);
	return w->sub != DSUF_NONE ? width + 1 + strlen(sub_word[w->sub]) : width;
}

static void write_key(const struct diff_rows *rows, const struct diff_row *w, bool escape)
{
	size_t kl;
	const char *k = diff_row_key(rows, w, &kl);
	if (w->sec == DS_SUMMARY || w->sec == DS_PAUSES) {
		char l[80];
		summary_field_label(k, kl, l, sizeof l);
		fputs(l, stdout);
		return;
	}
	report_text_field(stdout, (const uint8_t *)k, kl, escape, false);
	if (w->sub != DSUF_NONE)
		printf(" %s", sub_word[w->sub]);
}

/* v in the row's unit, for people. */
static void unit_text(const struct diff_row *w, uint64_t v, char *out, size_t n)
{
	switch (w->unit) {
	case DU_NS: time_format(out, n, v); break;
	case DU_BYTES: bytes_format(out, n, v); break;
	case DU_FRAC: snprintf(out, n, "%.2f%%", (double)v * 100 / DIFF_FRAC_UNIT); break;
	case DU_FLAG: snprintf(out, n, "%s", v ? "yes" : "no"); break;
	default: snprintf(out, n, "%llu", (unsigned long long)v); break;
	}
}

/* A side's cell: its figure, or where only the other run has one, which
 * run that is. */
static void side_cell(const struct diff_row *w, bool b_side, char *out, size_t n)
{
	if (b_side ? w->hb : w->ha)
		unit_text(w, b_side ? w->b : w->a, out, n);
	else
		snprintf(out, n, "%s", (b_side ? w->ha : w->hb) ? (b_side ? "(only in A)" : "(only in B)") : "");
}

/* B - A with its sign and unit (a fraction's in points of percent). */
static void delta_cell(const struct diff_row *w, char *out, size_t n)
{
	*out = 0;
	if (!w->ha || !w->hb)
		return;
	bool neg = w->b < w->a;
	uint64_t d = neg ? w->a - w->b : w->b - w->a;
	char t[40];
	if (w->unit == DU_FRAC)
		snprintf(t, sizeof t, "%.2f pts", (double)d * 100 / DIFF_FRAC_UNIT);
	else
		unit_text(w, d, t, sizeof t);
	snprintf(out, n, "%s%s", d ? (neg ? "-" : "+") : "", t);
}

/* Why a run's log cannot give a section's figures ("" when it can): the
 * words every report uses for a class left out, or the profile it was not
 * run with. */
static const char *section_absent(enum diff_section sec, const struct diff_run *r, char *buf,
				  size_t n)
{
	buf[0] = 0;
	class_set have = r->run.s.classes;
	if (sec == DS_PAUSES && !(have & CLASS_BIT(CL_GC)))
		return class_absent(CLASS_BIT(CL_GC), 0, buf, n);
	if (sec == DS_THREADS && !(have & CLASS_BIT(CL_SCHED)))
		return class_absent(CLASS_BIT(CL_SCHED), 0, buf, n);
	if ((sec == DS_HEAP || sec == DS_HEAP_MEAN) && !r->censuses)
		snprintf(buf, n, "no heap profile in this log (+RTS -h with -l)");
	if ((sec == DS_PROFILE || sec == DS_PROFILE_INHERITED) && !r->ticks)
		snprintf(buf, n, "no cost-centre profile in this log (a profiled build, +RTS -p with -l)");
	return buf;
}

/* Under a section's heading, or for a section no row is in: what a run's
 * log lacks of it. True when either does. */
static bool say_absent(enum diff_section sec, const struct diff_run *ra, const struct diff_run *rb)
{
	char wa[200], wb[200];
	section_absent(sec, ra, wa, sizeof wa);
	section_absent(sec, rb, wb, sizeof wb);
	if (*wa && *wb && !strcmp(wa, wb))
		printf("(A and B: %s)\n", wa);
	else {
		if (*wa)
			printf("(A: %s)\n", wa);
		if (*wb)
			printf("(B: %s)\n", wb);
	}
	return *wa || *wb;
}

/* The key column: as wide as the widest key shown, from 24 to 60
 * columns; a longer key stands on a line of its own, its figures on the
 * next, so that the figures stay in their columns. */
#define KEY_MIN 24
#define KEY_MAX 60

void diff_write_text(const struct diff_rows *rows, bool all, bool escape, const struct diff_run *ra,
		     const struct diff_run *rb)
{
	printf("A: %s\nB: %s\n", ra->path, rb->path);
	size_t kw = KEY_MIN;
	for (size_t i = 0; i < rows->n; i++) {
		size_t w = key_width(rows, &rows->v[i]);
		if ((all || changed(&rows->v[i])) && w > kw)
			kw = w > KEY_MAX ? KEY_MAX : w;
	}
	int sec = -1;
	size_t hidden = 0;
	static const enum diff_section absent_able[] = { DS_PAUSES, DS_HEAP, DS_PROFILE, DS_THREADS };
	bool seen[4] = { false };
	for (size_t i = 0; i < rows->n; i++) {
		const struct diff_row *w = &rows->v[i];
		if (w->sec != sec) {
			sec = w->sec;
			printf("\n%s\n", diff_section_name[sec]);
			for (int k = 0; k < 4; k++)
				if (sec == (int)absent_able[k]) {
					seen[k] = true;
					say_absent(absent_able[k], ra, rb);
				}
			printf("%-*s %12s %12s %12s %9s\n", (int)kw, "", "A", "B", "B - A", "B / A");
		}
		if (!all && !changed(w)) {
			hidden++;
			continue;
		}
		char d[48], r[48], a[48], b[48];
		delta_cell(w, d, sizeof d);
		ratio_text(w, r, sizeof r);
		side_cell(w, false, a, sizeof a);
		side_cell(w, true, b, sizeof b);
		size_t width = key_width(rows, w);
		write_key(rows, w, escape);
		if (width > kw)
			printf("\n%*s", (int)kw, "");
		else
			printf("%*s", (int)(kw - width), "");
		printf(" %12s %12s %12s %9s\n", a, b, d, r);
	}
	for (int k = 0; k < 4; k++) /* a section neither run has rows of */
		if (!seen[k]) {
			printf("\n%s\n", diff_section_name[absent_able[k]]);
			if (!say_absent(absent_able[k], ra, rb))
				printf("(no figures in either log)\n");
		}
	if (hidden)
		printf("\n(%zu unchanged figure%s left out: --all lists them)\n", hidden,
		       hidden == 1 ? "" : "s");
}
