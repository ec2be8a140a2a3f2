/* label_fit: a label shortened to a width so that it still reads
 * differently from the labels beside it (label_fit.c): the one shortening
 * rule of the thread rows, the pickers, the heap legend, the profile and
 * the ticky table. No terminal. */
#ifndef HECTIC_LABEL_FIT_H
#define HECTIC_LABEL_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A label's text: printable UTF-8 (the log's text escaped). */
struct label_text {
	const char *s;
	size_t n;
};

/* What to draw of a label: an ellipsis if lead, then the bytes
 * [start, start + len), then an ellipsis if trail. */
struct label_part {
	size_t start, len;
	bool lead, trail;
};

/* Text from the file as the viewer draws it (draw_safe: controls and
 * invisible characters escaped; without Unicode, each byte past ASCII as
 * \xNN), malloc'd, *len its bytes. NULL when out of memory. */
char *label_text_of(const uint8_t *p, size_t n, bool ascii, size_t *len);

/* The labels on screen, as drawn: what each is fitted among. */
struct label_set {
	struct label_text *t; /* an absent label's is empty (s NULL) */
	size_t n, cap;
	bool oom;
};

/* Adds the text of a label from the file (NULL: none); its index. */
size_t label_set_add(struct label_set *l, const uint8_t *p, size_t n, bool ascii);
void label_set_free(struct label_set *l);

/* label_fit of label i of the set among the set. */
void label_set_fit(const struct label_set *l, size_t i, int w, bool ascii, struct label_part *out);

/* The columns of the widest label of the set (0: none). */
int label_set_widest(const struct label_set *l);

/* The columns a label from the file takes as drawn (label_text_of's
 * text); 0 for none (p NULL or n 0), or when out of memory. */
int label_width_of(const uint8_t *p, size_t n, bool ascii);

/* The columns of printable UTF-8 text (wcwidth's; at least 1 a
 * character). */
int label_width(const char *s, size_t n);

/* The longest prefix s shares with a label of others that is not its own
 * text, in bytes, at a character's start (others may hold s itself). */
size_t label_shared_prefix(const char *s, size_t n, const struct label_text *others,
			   size_t nothers);

/* What of s (n bytes) to show in w columns, among others (which may hold
 * s itself), ell being the ellipsis ("…", or "~" without Unicode): s
 * whole when it fits; else without the prefix it shares with the others,
 * from the start of the word that differs, its end kept where that shows
 * the difference, else cut at both ends; a label that shares no prefix is
 * cut at its end. */
void label_fit(const char *s, size_t n, const struct label_text *others, size_t nothers, int w,
	       const char *ell, struct label_part *out);

#endif
