/* What the views draw with, and the frame. */
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "../parser/render.h"
#include "../parser/utf8.h"
#include "core.h"
#include "label_fit.h"
#include "lane_view.h"
#include "wrap.h"

void draw_setup_colors(struct viewer *u)
{
	const char *nc = getenv("NO_COLOR");
	int want = u->o.color;
	if (want < 0 && nc && *nc)
		want = 0;
	if (want && !has_colors())
		want = 0;
	if (want) {
		start_color(); /* sets COLORS */
		if (want < 0)
			want = COLORS >= 256 ? 256 : 8;
		if (want == 256 && COLORS < 256)
			want = 8;
	}
	u->ncolors = want;
	if (!want)
		return;
	use_default_colors();
	bool c256 = want == 256;
	init_pair(C_RUN, c256 ? 34 : COLOR_GREEN, -1);
	init_pair(C_GC, c256 ? 208 : COLOR_YELLOW, -1);
	init_pair(C_MAJOR, c256 ? 196 : COLOR_RED, -1);
	init_pair(C_HEAP, c256 ? 33 : COLOR_BLUE, -1);
	init_pair(C_LIVE, c256 ? 135 : COLOR_MAGENTA, -1);
	init_pair(C_MARKER, c256 ? 51 : COLOR_CYAN, -1);
	init_pair(C_MARK, -1, c256 ? 238 : COLOR_BLUE);
	init_pair(C_STATUS, c256 ? 255 : COLOR_WHITE, c256 ? 24 : COLOR_BLUE);
	init_pair(C_DIM, c256 ? 244 : COLOR_WHITE, -1);
	/* a lane is a stacked bar: running (green) from the bottom, GC
	 * (orange; 8 colours: yellow) on top of it; a cell where running
	 * meets GC is green on orange */
	init_pair(C_RUN_GC, c256 ? 34 : COLOR_GREEN, c256 ? 208 : COLOR_YELLOW);
	init_pair(C_NODATA, c256 ? 240 : COLOR_WHITE, -1);
	init_pair(C_PANEL, c256 ? 255 : COLOR_WHITE, c256 ? 236 : COLOR_BLACK);
}

attr_t draw_attr(const struct viewer *u, enum color c)
{
	if (u->ncolors)
		return COLOR_PAIR(c);
	switch (c) { /* monochrome: attributes only */
	case C_RUN: return A_NORMAL;
	case C_GC: case C_MAJOR: return A_BOLD;
	case C_STATUS: case C_MARK: return A_REVERSE;
	case C_DIM: case C_NODATA: return A_DIM;
	case C_PANEL: return A_NORMAL;
	default: return A_NORMAL;
	}
}

static const char *const eighths_up[9] = { " ", "\u2581", "\u2582", "\u2583", "\u2584",
					   "\u2585", "\u2586", "\u2587", "\u2588" };
/* ASCII levels 0..8, light to dense */
static const char *const ascii_levels[9] = { " ", ".", ":", "-", "=", "+", "*", "#", "@" };

static const char *level_glyph(const struct viewer *u, int lvl)
{
	return u->ascii ? ascii_levels[lvl] : eighths_up[lvl];
}

void draw_level(const struct viewer *u, int y, int x, int lvl)
{
	mvaddstr(y, x, level_glyph(u, lvl));
}

/* Text from the file, made safe for the terminal: controls and invisible
 * characters escaped. Returns the columns it took. */
int draw_safe(int y, int x, const uint8_t *p, size_t n, int maxw, bool ascii)
{
	struct sbuf b = { .escape = true };
	sbuf_text(&b, p, n);
	if (b.oom) {
		sbuf_free(&b);
		return 0;
	}
	sbuf_putc(&b, 0);
	move(y, x);
	/* in ASCII mode, non-ASCII bytes would be garbage: show them as '?' */
	int w = 0;
	const char *s = b.p;
	while (*s && w < maxw) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x80) {
			addch(c);
			s++;
			w++;
			continue;
		}
		size_t k = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
		if (ascii) {
			/* no UTF-8 here: the bytes, escaped, each whole or not at all */
			for (size_t i = 0; i < k && s[i] && w + 4 <= maxw; i++, w += 4)
				printw("\\x%02x", (unsigned char)s[i]);
			if (w + 4 > maxw)
				break;
			s += k;
			continue;
		}
		/* (sbuf_text left only whole, valid, printable sequences) */
		uint32_t cp = 0;
		utf8_next((const uint8_t *)s, k, &cp);
		int cw = wcwidth((wchar_t)cp);
		if (cw < 1)
			cw = 1;
		if (w + cw > maxw)
			break; /* a wide character that does not fit */
		char tmp[5] = { 0 };
		memcpy(tmp, s, k);
		addstr(tmp);
		s += k;
		w += cw;
	}
	sbuf_free(&b);
	return w;
}

int draw_label(int y, int x, const char *text, const struct label_part *part, bool ascii)
{
	const char *ell = ascii ? "~" : "\u2026";
	move(y, x);
	if (part->lead)
		addstr(ell);
	if (part->len)
		addnstr(text + part->start, (int)part->len);
	if (part->trail)
		addstr(ell);
	int cy, cx;
	getyx(stdscr, cy, cx);
	(void)cy;
	return cx;
}

int draw_label_fit(const struct label_set *l, size_t i, int y, int x, int w, bool ascii)
{
	if (i >= l->n || !l->t[i].s || w <= 0)
		return x;
	struct label_part part;
	label_set_fit(l, i, w, ascii, &part);
	return draw_label(y, x, l->t[i].s, &part, ascii);
}

/* The message escaped as draw_safe draws it, into b (its n bytes). */
static bool message_text(const struct viewer *u, struct sbuf *b)
{
	*b = (struct sbuf){ .escape = true };
	sbuf_text(b, (const uint8_t *)u->msg, strlen(u->msg));
	if (b->oom)
		sbuf_free(b);
	return !b->oom;
}

/* The message area's text starts a column in, as the status line's does. */
#define MESSAGE_X 1

int draw_message_rows(const struct viewer *u)
{
	struct sbuf b;
	if (!u->msg[0] || u->msg_hint || !message_text(u, &b))
		return 0; /* (hints are fitted to the status line) */
	int rows = 0, w = u->L.cols - MESSAGE_X;
	if (u->status_w + 2 + wrap_cols(b.p, b.n, u->ascii) > u->L.cols && w > 0)
		rows = wrap_count(b.p, b.n, w, u->ascii);
	sbuf_free(&b);
	return rows > u->L.status ? u->L.status : rows;
}

void draw_message(const struct viewer *u)
{
	int rows = draw_message_rows(u), w = u->L.cols - MESSAGE_X;
	struct sbuf b;
	if (!rows || !message_text(u, &b))
		return;
	attron(draw_attr(u, C_STATUS));
	const char *s = b.p;
	size_t left = b.n, take;
	for (int y = u->L.status - rows; y < u->L.status; y++) {
		move(y, 0);
		for (int x = 0; x < u->L.cols; x++)
			addch(' ');
		size_t used = left ? wrap_line(s, left, w, u->ascii, &take) : 0;
		if (used)
			draw_safe(y, MESSAGE_X, (const uint8_t *)s, take, w, u->ascii);
		s += used;
		left -= used;
	}
	attroff(draw_attr(u, C_STATUS));
	sbuf_free(&b);
}

/* One lane cell (layout_lane_row). With colours, its lower part's glyph
 * (an eighth-block level) in that part's colour on the upper part's:
 * running green, GC orange, idle blank. Without colours the glyph alone:
 * running as a level, GC as a shade (dense when the cell is half GC or
 * more, light when less), a cell where running meets GC as the part that
 * fills more of it. Outside the capability's data: a dim hatch. */
void draw_cell(const struct viewer *u, int y, int x, struct layout_cell c, attr_t extra)
{
	const char *g = level_glyph(u, c.level);
	attr_t a = A_NORMAL;
	if (c.lo == LAYOUT_PART_NODATA) {
		g = G_NODATA(u);
		a = u->ncolors ? COLOR_PAIR(C_NODATA) : A_DIM;
	} else if (u->ncolors) {
		if (c.lo == LAYOUT_PART_GC)
			a = COLOR_PAIR(C_GC);
		else if (c.lo == LAYOUT_PART_RUN)
			a = COLOR_PAIR(c.hi == LAYOUT_PART_GC ? C_RUN_GC : C_RUN);
	} else if (c.lo == LAYOUT_PART_GC || (c.hi == LAYOUT_PART_GC && c.level < 4)) {
		int gc8 = c.lo == LAYOUT_PART_GC ? c.level : 8 - c.level;
		g = gc8 >= 4 ? G_GC_HEAVY(u) : G_GC_LIGHT(u);
		a = A_BOLD;
	} else if (c.hi == LAYOUT_PART_GC) {
		g = level_glyph(u, 8);
	}
	attron(a | extra);
	mvaddstr(y, x, g);
	attroff(a | extra);
}

const char *draw_absent(const struct viewer *u, class_set want, char *buf, size_t n)
{
	return lane_view_absent(&u->r->run.s, &u->r->run.tr, want, u->r->lv.follow, buf, n);
}

void draw_absent_row(const struct viewer *u, int y, int x, int w, const char *text, int curcol)
{
	size_t len = strlen(text);
	attron(draw_attr(u, C_DIM));
	for (int k = 0; k < w; k++) {
		char ch[2] = { (size_t)k < len ? text[k] : ' ', 0 };
		attr_t a = k == curcol ? A_REVERSE : 0;
		attron(a);
		mvaddstr(y, x + k, ch);
		attroff(a);
	}
	attroff(draw_attr(u, C_DIM));
}

/* A panel or pane is drawn on a pad: a copy of the frame so far, as tall
 * as the screen and SPILL columns wider, so that a row longer than the
 * screen runs on into the spill instead of wrapping onto the next row;
 * then only its area goes back to the screen (the box a panel drew with
 * draw_box, or the whole screen). Text longer than its box neither wraps
 * nor shows outside it: at a narrow size, after a resize or not, no
 * panel's tail is left beside or under it (which reads as a row of the old
 * screen). The views draw on stdscr; while one draws, stdscr is the pad
 * (curses built without its reentrant option, as Debian's, keeps stdscr in
 * a variable; with the option the view draws on the screen itself). */
#define SPILL 512
static struct {
	bool on, boxed;
	struct box b;
} clip;

static void draw_clipped(struct viewer *u, void (*draw)(struct viewer *))
{
#if NCURSES_REENTRANT
	draw(u);
#else
	/* one pad, made again when the screen's size changes (its spill is
	 * never copied back, whatever an earlier frame left there) */
	static WINDOW *pad;
	static int pad_rows, pad_cols;
	WINDOW *scr = stdscr;
	if (pad && (pad_rows != LINES || pad_cols != COLS)) {
		delwin(pad);
		pad = NULL;
	}
	if (!pad) {
		pad = newpad(LINES, COLS + SPILL);
		pad_rows = LINES;
		pad_cols = COLS;
	}
	if (!pad) {
		draw(u);
		return;
	}
	copywin(scr, pad, 0, 0, 0, 0, LINES - 1, COLS - 1, FALSE);
	wmove(pad, getcury(scr), getcurx(scr));
	attr_t at;
	short pair;
	wattr_get(scr, &at, &pair, NULL);
	wattr_set(pad, at, pair, NULL);
	clip.on = true;
	clip.boxed = false;
	stdscr = pad;
	draw(u);
	stdscr = scr;
	clip.on = false;
	wattr_get(pad, &at, &pair, NULL); /* the attributes as the view left them */
	wattr_set(scr, at, pair, NULL);
	struct box b = clip.boxed ? clip.b : (struct box){ 0, 0, LINES, COLS };
	if (b.y < 0)
		b.y = 0;
	if (b.x < 0)
		b.x = 0;
	if (b.y + b.h > LINES)
		b.h = LINES - b.y;
	if (b.x + b.w > COLS)
		b.w = COLS - b.x;
	if (b.h > 0 && b.w > 0)
		copywin(pad, scr, b.y, b.x, b.y, b.x, b.y + b.h - 1, b.x + b.w - 1, FALSE);
	/* the cursor where the view left it (a prompt's) */
	int cy = getcury(pad), cx = getcurx(pad);
	if (cy >= 0 && cy < LINES && cx >= 0 && cx < COLS)
		wmove(scr, cy, cx);
#endif
}

struct box draw_box(const struct viewer *u, int h, int w, const char *title)
{
	struct box b;
	if (w > u->L.cols - 2)
		w = u->L.cols - 2;
	if (h > u->L.rows - 2)
		h = u->L.rows - 2;
	if (w < 10)
		w = u->L.cols;
	if (h < 3)
		h = u->L.rows;
	b.h = h;
	b.w = w;
	b.y = (u->L.rows - h) / 2;
	b.x = (u->L.cols - w) / 2;
	if (clip.on) {
		clip.boxed = true;
		clip.b = b;
	}
	attron(draw_attr(u, C_PANEL));
	for (int y = b.y; y < b.y + h; y++) {
		move(y, b.x);
		for (int x = 0; x < w; x++)
			addch(' ');
	}
	attron(A_BOLD);
	char fit[512];
	mvaddstr(b.y, b.x + 1, wrap_title(title, w - 2, u->ascii, fit, sizeof fit));
	attroff(A_BOLD);
	return b;
}

void draw_box_end(const struct viewer *u)
{
	attroff(draw_attr(u, C_PANEL));
}

size_t draw_skeleton_lanes(const struct viewer *u)
{
	size_t n = u->r->sk.ncaps;
	if (n && u->r->sk.caps[0].cap == EV_NO_CAP)
		n--; /* the RTS's own blocks: no lane, as the tracks give none */
	return n;
}

const struct skel_cap *draw_skeleton_cap(const struct viewer *u, size_t lane, size_t *ci)
{
	size_t skip = u->r->sk.ncaps && u->r->sk.caps[0].cap == EV_NO_CAP;
	*ci = lane + skip;
	return *ci < u->r->sk.ncaps ? &u->r->sk.caps[*ci] : NULL;
}

/* Keeps the selection in view in a list of n rows shown h at a time. */
void draw_scroll(struct viewer *u, int n, int h)
{
	pane_list_set(&u->pl, n);
	pane_list_show(&u->pl, h);
}

/* For the end-to-end tests: the frame's window and columns, written to the
 * file HECTIC_DEBUG_WINDOW names (whole, by a rename) as one line
 * "t0 t1 plotw lanes_top nlanes exact cursor_col lane_h gutter" (ns,
 * exclusive end; cursor_col -1 when the cursor is out of view; lane_h the
 * rows per lane; gutter the label columns, the plots' first column). */
static void write_window(const struct viewer *u)
{
	char tmp[4096];
	if (snprintf(tmp, sizeof tmp, "%s.tmp", u->winfile) >= (int)sizeof tmp)
		return;
	FILE *f = fopen(tmp, "w");
	if (!f)
		return;
	fprintf(f, "%llu %llu %d %d %d %d %d %d %d\n", (unsigned long long)u->t0,
		(unsigned long long)u->t1, u->L.plotw, u->L.lanes_top, u->L.nlanes, u->r->exact,
		layout_time_to_col(u->t0, u->t1, u->L.plotw, u->cursor), u->L.lane_h, u->L.gutter);
	if (fclose(f) == 0)
		rename(tmp, u->winfile);
}

/* The views' tracks: each view that has one takes a row of the list's top,
 * while the list keeps two. */
static void take_track_rows(struct viewer *u, bool *has)
{
	u->L.tracks0 = u->L.list0;
	u->L.ntracks = 0;
	for (size_t i = 0; i < u->nviews; i++) {
		const struct view_ops *v = u->views[i];
		has[i] = v->track && v->draw_track && v->track(u) && u->L.nlist > 2;
		if (has[i]) {
			u->L.list0++;
			u->L.nlist--;
			u->L.ntracks++;
		}
	}
}

/* The gutter: as wide as the widest labels of the shown pane and the
 * tracks shown want (view_ops gutter), before anything draws. */
static void set_gutter(struct viewer *u, const bool *has)
{
	int want = LAYOUT_GUTTER;
	for (size_t i = 0; i < u->nviews; i++) {
		const struct view_ops *v = u->views[i];
		bool asked = has[i] || (v == u->pane && u->ready);
		int w = asked && v->gutter ? v->gutter(u) : 0;
		if (w > want)
			want = w;
	}
	layout_set_gutter(&u->L, want);
}

void draw_prepare(struct viewer *u)
{
	for (size_t i = 0; u->ready && i < u->nviews; i++)
		if (u->views[i]->track)
			u->views[i]->track(u);
}

void draw_frame(struct viewer *u)
{
	/* while loading, the skeleton's lanes; the views' tracks and the
	 * pane wait for the log */
	if (u->ready && u->other)
		layout_compute_two_h(&u->L, LINES, COLS, u->r->run.tr.ncaps, u->other->run.tr.ncaps,
				     u->lanes_top, !u->swapped, u->lane_h);
	else
		layout_compute_h(&u->L, LINES, COLS,
				 u->ready ? u->r->run.tr.ncaps : draw_skeleton_lanes(u), u->lanes_top,
				 u->lane_h);
	u->lanes_top = u->L.lanes_top;
	bool has[VIEWS_MAX] = { false };
	if (u->ready)
		take_track_rows(u, has);
	set_gutter(u, has);
	curs_set(0);
	if (u->L.rows < (u->other ? 14 : 8) || u->L.cols < 20) {
		erase();
		mvaddnstr(0, 0, COLS >= 34 ? "hectic: the terminal is too small" : "too small", COLS);
		refresh();
		return;
	}
	for (size_t i = 0; i < u->nviews; i++)
		if (u->views[i]->base)
			u->views[i]->draw(u);
	for (size_t i = 0, row = (size_t)u->L.tracks0; i < u->nviews; i++)
		if (has[i])
			u->views[i]->draw_track(u, (int)row++);
	if (u->pane && u->ready)
		draw_clipped(u, u->pane->draw);
	if (u->view)
		draw_clipped(u, u->view->draw);
	draw_message(u);
	refresh();
	if (u->winfile)
		write_window(u);
}
