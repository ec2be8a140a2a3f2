/* cmd_sql_line: the interactive prompt's line editor (cmd_sql_line.h). The
 * line is one row: a line wider than the terminal scrolls sideways around
 * the cursor (each character one column: SQL is mostly ASCII). The
 * statements before are history.c's, the file the viewer's prompt keeps
 * too. */
#include "cmd_sql_line.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>


struct sql_line {
	struct history h; /* the statements before (history.c) */
	char *buf;       /* the line being edited */
	size_t len, cap, pos;
	char *draft; /* the new line, while the history is browsed */
	size_t at;   /* the history entry shown (h.n: the new line) */
	struct termios saved;
	int fd; /* the terminal written to */
};

struct sql_line *sql_line_new(int fd)
{
	struct sql_line *e = calloc(1, sizeof *e);
	if (!e)
		return NULL;
	e->fd = fd;
	history_load(&e->h);
	return e;
}

void sql_line_add(struct sql_line *e, const char *stmt)
{
	size_t n = strlen(stmt);
	while (n && strchr(" \t\r\n", stmt[n - 1]))
		n--;
	while (n && strchr(" \t\r\n", *stmt))
		stmt++, n--;
	if (!n || n > SQL_HISTORY_LINE_MAX)
		return;
	char *s = strndup(stmt, n);
	if (!s)
		return;
	for (char *p = s; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	history_add(&e->h, s); /* (a repeat of the last is not kept twice) */
	free(s);
}

void sql_line_free(struct sql_line *e)
{
	if (!e)
		return;
	history_free(&e->h);
	free(e->buf);
	free(e->draft);
	free(e);
}

/* ---- the line ---- */

static bool is_cont(char c)
{
	return ((unsigned char)c & 0xC0) == 0x80;
}

/* The columns of s[0 .. n): its characters. */
static size_t cols(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += !is_cont(s[i]);
	return k;
}

static size_t prev_char(const struct sql_line *e, size_t i)
{
	while (i > 0 && is_cont(e->buf[--i]))
		;
	return i;
}

static size_t next_char(const struct sql_line *e, size_t i)
{
	while (i < e->len && is_cont(e->buf[++i]))
		;
	return i < e->len ? i : e->len;
}

static bool set_line(struct sql_line *e, const char *s)
{
	size_t n = strlen(s);
	if (n + 1 > e->cap) {
		char *b = realloc(e->buf, n + 64);
		if (!b)
			return false;
		e->buf = b, e->cap = n + 64;
	}
	memcpy(e->buf, s, n + 1);
	e->len = e->pos = n;
	return true;
}

static bool line_insert(struct sql_line *e, char c)
{
	if (e->len + 2 > e->cap) {
		size_t cap = e->cap ? 2 * e->cap : 128;
		char *b = realloc(e->buf, cap);
		if (!b)
			return false;
		e->buf = b, e->cap = cap;
	}
	memmove(e->buf + e->pos + 1, e->buf + e->pos, e->len - e->pos + 1);
	e->buf[e->pos++] = c;
	e->len++;
	return true;
}

/* Removes [a, b). */
static void line_cut(struct sql_line *e, size_t a, size_t b)
{
	memmove(e->buf + a, e->buf + b, e->len - b + 1);
	e->len -= b - a;
	e->pos = a;
}

/* The prompt and the part of the line around the cursor that fits, the
 * cursor put back in its place: one write. */
static void refresh(const struct sql_line *e, const char *prompt)
{
	struct winsize ws;
	size_t w = ioctl(e->fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
	size_t pc = strlen(prompt), start = 0, end;
	while (start < e->pos && pc + cols(e->buf + start, e->pos - start) >= w)
		start = next_char(e, start);
	for (end = start; end < e->len && pc + cols(e->buf + start, next_char(e, end) - start) < w;)
		end = next_char(e, end);
	size_t cap = pc + (end - start) + 32;
	char *out = malloc(cap);
	if (!out)
		return;
	size_t c = pc + cols(e->buf + start, e->pos - start);
	int n = snprintf(out, cap, "\r%s%.*s\033[K\r", prompt, (int)(end - start), e->buf + start);
	if (c && n > 0)
		n += snprintf(out + n, cap - (size_t)n, "\033[%zuC", c);
	for (size_t done = 0; n > 0 && done < (size_t)n;) {
		ssize_t k = write(e->fd, out + done, (size_t)n - done);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		done += (size_t)k;
	}
	free(out);
}

/* Shows history entry i (h.n: the new line, as it was left). */
static void recall(struct sql_line *e, size_t i)
{
	if (i == e->at || i > (size_t)e->h.n)
		return;
	if (e->at == (size_t)e->h.n) {
		free(e->draft);
		e->draft = strdup(e->buf ? e->buf : "");
	}
	e->at = i;
	set_line(e, i < (size_t)e->h.n ? e->h.line[i] : e->draft ? e->draft : "");
}

/* One byte from the terminal; -1 at the end or on an error. */
static int get_byte(void)
{
	unsigned char c;
	for (;;) {
		ssize_t k = read(STDIN_FILENO, &c, 1);
		if (k == 1)
			return c;
		if (k < 0 && errno == EINTR)
			continue;
		return -1;
	}
}

/* The key of an escape sequence (after ESC): 'A'..'D' arrows, 'H' Home,
 * 'F' End, 'd' Delete, 0 for another. */
static int escape_key(void)
{
	int c = get_byte();
	if (c != '[' && c != 'O')
		return 0;
	int num = 0, k;
	while ((k = get_byte()) >= '0' && k <= '9')
		num = num * 10 + (k - '0');
	while (k == ';' || (k >= '0' && k <= '9')) /* modifiers: ignored */
		k = get_byte();
	if (k == '~')
		return num == 1 || num == 7 ? 'H' : num == 4 || num == 8 ? 'F' : num == 3 ? 'd' : 0;
	return k >= 'A' && k <= 'H' ? k : 0;
}

/* The start of the word before the cursor. */
static size_t word_start(const struct sql_line *e)
{
	size_t i = e->pos;
	while (i > 0 && e->buf[i - 1] == ' ')
		i--;
	while (i > 0 && e->buf[i - 1] != ' ')
		i--;
	return i;
}

/* Acts on key c: 1 the line is done, 0 goes on, -1 Ctrl-C, -2 the end. */
static int edit_key(struct sql_line *e, int c)
{
	switch (c) {
	case -1: return -2;
	case '\r':
	case '\n': return 1;
	case 3: return -1;                       /* Ctrl-C */
	case 4:                                  /* Ctrl-D */
		if (!e->len)
			return -2;
		c = 'd';
		break;
	case 1: e->pos = 0; return 0;            /* Ctrl-A */
	case 5: e->pos = e->len; return 0;       /* Ctrl-E */
	case 2: c = 'D'; break;                  /* Ctrl-B */
	case 6: c = 'C'; break;                  /* Ctrl-F */
	case 16: c = 'A'; break;                 /* Ctrl-P */
	case 14: c = 'B'; break;                 /* Ctrl-N */
	case 11: line_cut(e, e->pos, e->len); e->pos = e->len; return 0; /* Ctrl-K */
	case 21: line_cut(e, 0, e->pos); return 0;    /* Ctrl-U */
	case 23: line_cut(e, word_start(e), e->pos); return 0; /* Ctrl-W */
	case 8:
	case 127:                                /* Backspace */
		if (e->pos)
			line_cut(e, prev_char(e, e->pos), e->pos);
		return 0;
	case 27: c = escape_key(); break;
	case '\t': return line_insert(e, ' ') ? 0 : -2;
	default:
		if (c >= 0x20)
			return line_insert(e, (char)c) ? 0 : -2;
		return 0;
	}
	switch (c) { /* the keys that escape sequences share */
	case 'A': recall(e, e->at ? e->at - 1 : 0); break;
	case 'B': recall(e, e->at < (size_t)e->h.n ? e->at + 1 : (size_t)e->h.n); break;
	case 'C': e->pos = next_char(e, e->pos); break;
	case 'D': e->pos = prev_char(e, e->pos); break;
	case 'H': e->pos = 0; break;
	case 'F': e->pos = e->len; break;
	case 'd':
		if (e->pos < e->len)
			line_cut(e, e->pos, next_char(e, e->pos));
		break;
	default: break;
	}
	return 0;
}

enum sql_line_res sql_line_read(struct sql_line *e, const char *prompt, const char **out)
{
	if (!set_line(e, ""))
		return SQL_LINE_EOF;
	e->at = (size_t)e->h.n;
	free(e->draft);
	e->draft = NULL;
	struct termios raw;
	if (tcgetattr(STDIN_FILENO, &e->saved) != 0)
		return SQL_LINE_EOF;
	raw = e->saved;
	raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
	raw.c_cflag |= CS8;
	raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	/* TCSANOW: what was typed ahead is kept */
	if (tcsetattr(STDIN_FILENO, TCSANOW, &raw) != 0)
		return SQL_LINE_EOF;
	int r;
	do {
		refresh(e, prompt);
		r = edit_key(e, get_byte());
	} while (r == 0);
	e->pos = e->len;
	refresh(e, prompt);
	(void)!write(e->fd, r == -1 ? "^C\r\n" : "\r\n", r == -1 ? 4 : 2);
	tcsetattr(STDIN_FILENO, TCSANOW, &e->saved);
	*out = e->buf;
	return r == 1 ? SQL_LINE_OK : r == -1 ? SQL_LINE_CANCEL : SQL_LINE_EOF;
}
