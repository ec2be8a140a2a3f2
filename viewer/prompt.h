/* prompt: the line editor of the prompts (search, go to time). A line of
 * text with a cursor, edited by the prompt actions of the keymap
 * (keymaps/actions.h) and by text keys. No terminal but prompt_draw. */
#ifndef HECTIC_PROMPT_H
#define HECTIC_PROMPT_H

#include <stdbool.h>
#include <stddef.h>

#include "../keymaps/actions.h"

struct viewer;

struct prompt {
	char text[1024]; /* NUL-terminated, UTF-8 (an SQL query is long) */
	size_t len, pos; /* bytes; pos on a character's first byte, or len */
};

enum prompt_result {
	PROMPT_EDITED, /* the key edited the line, or was ignored */
	PROMPT_ACCEPT, /* Enter: run the line */
	PROMPT_CANCEL, /* Escape: close */
	PROMPT_PASS,   /* not text and not an edit: the caller's (suspend) */
	PROMPT_PREV,   /* the history's line before (a prompt without one: ignored) */
	PROMPT_NEXT    /* ... after */
};

void prompt_clear(struct prompt *p);

/* Sets the line (cut to fit), the cursor at its end. */
void prompt_set(struct prompt *p, const char *text);

/* A key, by its canonical name, and the prompt action the keymap binds it
 * to (PA_NONE: text, when it is a printable character or <Space>). */
enum prompt_result prompt_key(struct prompt *p, enum prompt_action pa, const char *key);

/* The line on the status row after lead, the terminal's cursor at the
 * edit point; a line wider than the row scrolls to keep the cursor on it. */
void prompt_draw(struct viewer *u, const char *lead, const struct prompt *p);

/* A prompt panel's open and key hooks (view.h), on u->prompt: it opens
 * empty; a key edits the line, Enter closes the panel and runs run(u,
 * line), Escape closes it; a key that neither edits nor types is
 * swallowed, but for suspend. */
bool prompt_open(struct viewer *u);
bool prompt_take_key(struct viewer *u, const char *key, void (*run)(struct viewer *u, const char *line));

#endif
