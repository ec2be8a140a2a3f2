/* The findings pane (issue 47): what hectic doctor finds wrong with the
 * run shown (findings.c makes them, once per run), worst first, a row
 * each: its rank, kind, WARNING or info, its cost as a share of the run's
 * capability time and where it is worst; under the rows, the selected
 * finding's evidence, advice and the RTS flags to try, wrapped
 * (findings_text.c). Enter (select) zooms the window to the finding's
 * interval, marks it (on the ruler, as the mark key marks one) and puts
 * the cursor at its start; n and N (search-next, search-prev) do so for
 * the next and the previous finding, round the list. While the findings
 * are being made the pane says so; those of a log still followed are of
 * the log so far, and say it. With two logs: the findings of the run
 * shown, named. */
#include "draw.h"

#include <stdio.h>
#include <string.h>

#include "../model/timefmt.h"
#include "core.h"
#include "findings.h"
#include "findings_text.h"
#include "wrap.h"

struct findings_pane {
	struct pane_list list;
	int side; /* the run (core_run_side) the selection is of */
};

extern const struct view_ops view_findings;

static struct findings_pane *fpane_of(const struct viewer *u)
{
	return view_state(u, &view_findings);
}

/* The findings of the run shown, or NULL while they are being made. */
static const struct doctor *shown(const struct viewer *u)
{
	return findings_ready(u->r) ? &u->r->doc.d : NULL;
}

static bool findings_open(struct viewer *u)
{
	struct findings_pane *p = fpane_of(u);
	findings_now(u, u->r); /* (a log still followed: the log so far) */
	if (p->side != core_run_side(u)) {
		p->list = (struct pane_list){ 0 };
		p->side = core_run_side(u);
	}
	const struct doctor *d = shown(u);
	if (d && d->n)
		core_hint(u, "findings: %s: go to its interval, %s/%s: the next/previous",
			  core_key_for(u, ACT_SELECT), core_key_for(u, ACT_SEARCH_NEXT),
			  core_key_for(u, ACT_SEARCH_PREV));
	return true;
}

/* Finding i in view: the window on its interval (a margin each side), the
 * interval marked, the cursor at its start; said. */
static void go_finding(struct viewer *u, int i)
{
	struct findings_pane *p = fpane_of(u);
	const struct doctor *d = shown(u);
	pane_list_select(&p->list, i);
	const struct finding *f = &d->f[i];
	uint64_t lo = core_run_start(u), hi = core_run_end(u) - 1;
	uint64_t a = f->from < lo ? lo : f->from > hi ? hi : f->from;
	uint64_t b = f->to < a ? a : f->to > hi ? hi : f->to;
	uint64_t w = b - a + 1, m = w / 8 + 1;
	core_set_window(u, a - (a - lo < m ? a - lo : m), w + 2 * m);
	u->has_mark = true, u->marking = 0;
	u->mark_a = a, u->mark_b = b;
	core_go_time(u, a);
	char x[32], y[32];
	core_say(u, "findings: %d of %zu, %s, %s-%s marked", i + 1, d->n,
		 doctor_kind_name(f->kind), time_format_secs(x, sizeof x, a, 3),
		 time_format_secs(y, sizeof y, b, 3));
}

static bool findings_act(struct viewer *u, enum action a)
{
	struct findings_pane *p = fpane_of(u);
	const struct doctor *d = shown(u);
	int n = d ? (int)d->n : 0;
	pane_list_set(&p->list, n);
	switch (a) {
	case ACT_SELECT:
		if (n)
			go_finding(u, p->list.sel);
		else
			core_say(u, "findings: %s", d ? "none" : "still reading the log");
		return true;
	case ACT_SEARCH_NEXT:
	case ACT_SEARCH_PREV:
		if (!n)
			return false; /* the search's */
		go_finding(u, ((p->list.sel + (a == ACT_SEARCH_NEXT ? 1 : -1)) % n + n) % n);
		return true;
	default:
		return pane_list_act(&p->list, a, false);
	}
}

/* The title: whose findings, how many of each weight, how whole. */
static void title_of(const struct viewer *u, const struct doctor *d, char *b, size_t n)
{
	size_t warns = 0;
	for (size_t i = 0; i < d->n; i++)
		warns += finding_warns(&d->f[i]);
	char whose[32] = "", whole[96] = "", t[32];
	if (u->other)
		snprintf(whose, sizeof whose, " of run %s", core_run_letter(u));
	if (u->r->doc.so_far)
		snprintf(whole, sizeof whole, ", of the log so far (to %s)",
			 time_format_secs(t, sizeof t, d->fig.end, 3));
	else if (u->r->lv.stopped)
		snprintf(whole, sizeof whole, ", of what was read");
	if (d->partial)
		snprintf(whole + strlen(whole), sizeof whole - strlen(whole), ", PARTIAL");
	snprintf(b, n, "findings%s: %zu warning%s, %zu for information%s (%s: go to its interval; "
		       "%s/%s: the next/previous)",
		 whose, warns, warns == 1 ? "" : "s", d->n - warns, whole, core_key_for(u, ACT_SELECT),
		 core_key_for(u, ACT_SEARCH_NEXT), core_key_for(u, ACT_SEARCH_PREV));
}

/* The detail's lines at most this wide, to be read on a wide screen. */
#define DETAIL_COLS 100

/* The selected finding's detail on rows y .. y + h - 1; where it has more
 * lines, the last row says how many, and how to make room. */
static void draw_finding_detail(struct viewer *u, const struct finding *f, int y, int h, int cols)
{
	struct findings_text t;
	if (h < 1 || !findings_text_make(&t, f, cols < DETAIL_COLS ? cols : DETAIL_COLS, u->ascii))
		return;
	size_t shown = t.nline <= (size_t)h ? t.nline : (size_t)h - 1;
	if (shown < t.nline) {
		char more[120];
		snprintf(more, sizeof more, "%s %zu more line%s; the key %s makes the lanes shorter",
			 u->ascii ? "..." : "\u2026", t.nline - shown, t.nline - shown == 1 ? "" : "s",
			 core_key_for(u, ACT_LANES_SHORTER));
		attron(A_DIM);
		mvaddnstr(y + (int)shown, 0, more, cols);
		attroff(A_DIM);
	}
	for (size_t i = 0; i < shown; i++) {
		const struct findings_line *l = &t.line[i];
		bool head = !l->indent; /* "evidence:", "advice:", "try:" */
		const char *colon = head ? memchr(t.b.p + l->off, ':', l->len) : NULL;
		size_t lab = colon ? (size_t)(colon - (t.b.p + l->off)) + 1 : 0;
		attron(A_BOLD);
		int x = draw_safe(y + (int)i, 0, (const uint8_t *)t.b.p + l->off, lab, cols, u->ascii);
		attroff(A_BOLD);
		x += l->indent;
		draw_safe(y + (int)i, x, (const uint8_t *)t.b.p + l->off + lab, l->len - lab, cols - x,
			  u->ascii);
	}
	findings_text_free(&t);
}

static void draw_rows(struct viewer *u, const struct doctor *d, struct pane_area a)
{
	struct findings_pane *p = fpane_of(u);
	int h = a.h - 1;
	if (p->side != core_run_side(u)) { /* the other run shown: its first */
		p->list = (struct pane_list){ 0 };
		p->side = core_run_side(u);
	}
	pane_list_set(&p->list, (int)d->n);
	const struct finding *sel = &d->f[p->list.sel >= 0 ? p->list.sel : 0];
	struct findings_text t;
	size_t detail = findings_text_make(&t, sel, a.cols < DETAIL_COLS ? a.cols : DETAIL_COLS,
					   u->ascii) ? t.nline : 0;
	findings_text_free(&t);
	int rows = findings_list_rows((int)d->n, h, detail);
	pane_list_show(&p->list, rows);
	for (int k = 0; k < rows && p->list.top + k < (int)d->n; k++) {
		int i = p->list.top + k, y = a.y + 1 + k;
		bool on = i == p->list.sel;
		const struct finding *f = &d->f[i];
		char row[160];
		findings_row(row, sizeof row, (size_t)i + 1, f);
		pane_row_begin(y, 0, a.cols, on);
		if (finding_warns(f))
			attron(A_BOLD);
		mvaddnstr(y, 0, row, a.cols);
		if (finding_warns(f))
			attroff(A_BOLD);
		pane_row_end(on);
	}
	/* the detail, after a blank row when it has room for one */
	int gap = h - rows > (int)detail ? 1 : 0;
	draw_finding_detail(u, sel, a.y + 1 + rows + gap, h - rows - gap, a.cols);
}

static void findings_draw(struct viewer *u)
{
	const struct doctor *d = shown(u);
	char title[400];
	if (!d) {
		struct pane_area a = pane_frame(u, u->ascii ? "findings: reading the log..."
							       : "findings: reading the log\u2026");
		if (a.h > 1)
			mvaddnstr(a.y + 1, 0, "hectic doctor reads the whole log once; its findings "
					      "show here when it is done", a.cols);
		return;
	}
	title_of(u, d, title, sizeof title);
	struct pane_area a = pane_frame(u, title);
	if (a.h < 2)
		return;
	if (!d->n) {
		mvaddnstr(a.y + 1, 0, "nothing found: no cost worth naming (hectic doctor FILE says "
				      "the same)", a.cols);
		return;
	}
	draw_rows(u, d, a);
}

const struct view_ops view_findings = {
	.name = "findings",
	.pane = true,
	.opens_on = ACT_FINDINGS,
	.open = findings_open,
	.draw = findings_draw,
	.act = findings_act,
	.private_size = sizeof(struct findings_pane),
};
