/* The prompts' line editor. */
#include "prompt.h"

#include <string.h>

#include "core.h"
#include "draw.h"
#include "label_fit.h"

void prompt_clear(struct prompt *p)
{
	p->len = p->pos = 0;
	p->text[0] = 0;
}

void prompt_set(struct prompt *p, const char *text)
{
	size_t n = strlen(text);
	if (n > sizeof p->text - 1)
		n = sizeof p->text - 1;
	memcpy(p->text, text, n);
	p->text[n] = 0;
	p->len = p->pos = n;
}

static bool cont(const struct prompt *p, size_t i)
{
	return i < p->len && ((unsigned char)p->text[i] & 0xC0) == 0x80;
}

/* The start of the character before i, or 0. */
static size_t char_before(const struct prompt *p, size_t i)
{
	if (i)
		i--;
	while (i && cont(p, i))
		i--;
	return i;
}

static size_t char_after(const struct prompt *p, size_t i)
{
	if (i < p->len)
		i++;
	while (cont(p, i))
		i++;
	return i;
}

static size_t word_before(const struct prompt *p, size_t i)
{
	while (i && p->text[i - 1] == ' ')
		i--;
	while (i && p->text[i - 1] != ' ')
		i--;
	return i;
}

static size_t word_after(const struct prompt *p, size_t i)
{
	while (i < p->len && p->text[i] == ' ')
		i++;
	while (i < p->len && p->text[i] != ' ')
		i++;
	return i;
}

/* Deletes [a, b); the cursor to a. */
static void prompt_cut(struct prompt *p, size_t a, size_t b)
{
	memmove(p->text + a, p->text + b, p->len - b + 1);
	p->len -= b - a;
	p->pos = a;
}

static void prompt_insert(struct prompt *p, const char *s, size_t n)
{
	if (p->len + n >= sizeof p->text - 1)
		return;
	memmove(p->text + p->pos + n, p->text + p->pos, p->len - p->pos + 1);
	memcpy(p->text + p->pos, s, n);
	p->len += n;
	p->pos += n;
}

/* A key that is a character: one byte, a UTF-8 sequence, or <Space>. */
static bool text_of(const char *key, const char **txt, size_t *n)
{
	if (!strcmp(key, "<Space>")) {
		*txt = " ";
		*n = 1;
		return true;
	}
	*txt = key;
	*n = strlen(key);
	if (key[0] == '<' && key[1])
		return false;
	return *n == 1 || (unsigned char)key[0] >= 0x80;
}

enum prompt_result prompt_key(struct prompt *p, enum prompt_action pa, const char *key)
{
	const char *txt;
	size_t n;
	switch (pa) {
	case PA_ACCEPT: return PROMPT_ACCEPT;
	case PA_CANCEL: return PROMPT_CANCEL;
	case PA_BACKSPACE: prompt_cut(p, char_before(p, p->pos), p->pos); break;
	case PA_DELETE: prompt_cut(p, p->pos, char_after(p, p->pos)); break;
	case PA_LEFT: p->pos = char_before(p, p->pos); break;
	case PA_RIGHT: p->pos = char_after(p, p->pos); break;
	case PA_HOME: p->pos = 0; break;
	case PA_END: p->pos = p->len; break;
	case PA_WORD_LEFT: p->pos = word_before(p, p->pos); break;
	case PA_WORD_RIGHT: p->pos = word_after(p, p->pos); break;
	case PA_KILL_END: prompt_cut(p, p->pos, p->len); break;
	case PA_KILL_START: prompt_cut(p, 0, p->pos); break;
	case PA_KILL_WORD: prompt_cut(p, word_before(p, p->pos), p->pos); break;
	case PA_HISTORY_PREV: return PROMPT_PREV;
	case PA_HISTORY_NEXT: return PROMPT_NEXT;
	case PA_NONE:
	case PA_COUNT:
		if (!text_of(key, &txt, &n))
			return PROMPT_PASS;
		prompt_insert(p, txt, n);
		break;
	}
	return PROMPT_EDITED;
}

void prompt_draw(struct viewer *u, const char *lead, const struct prompt *p)
{
	const struct layout *L = &u->L;
	int lw = (int)strlen(lead);
	move(L->status, 0);
	clrtoeol();
	mvaddstr(L->status, 0, lead);
	int maxw = L->cols - lw - 1;
	/* from the first character that keeps the cursor on the row */
	size_t from = 0;
	while (from < p->pos && label_width(p->text + from, p->pos - from) > maxw - 1)
		from = char_after(p, from);
	int x = lw + draw_safe(L->status, lw, (const uint8_t *)p->text + from, p->pos - from, maxw,
			       u->ascii);
	if (p->pos < p->len && x < L->cols - 1)
		draw_safe(L->status, x, (const uint8_t *)p->text + p->pos, p->len - p->pos,
			  L->cols - 1 - x, u->ascii);
	move(L->status, x);
	curs_set(1);
}

bool prompt_open(struct viewer *u)
{
	prompt_clear(&u->prompt);
	return true;
}

bool prompt_take_key(struct viewer *u, const char *key, void (*run)(struct viewer *u, const char *line))
{
	switch (prompt_key(&u->prompt, core_prompt_lookup(u, key), key)) {
	case PROMPT_ACCEPT:
		core_view_close(u);
		run(u, u->prompt.text);
		return true;
	case PROMPT_CANCEL: core_view_close(u); return true;
	case PROMPT_PASS: { /* Ctrl-Z suspends, Ctrl-L redraws: the prompt stays */
		enum action a = core_lookup(u, key);
		return a != ACT_SUSPEND && a != ACT_REDRAW;
	}
	default: return true;
	}
}
