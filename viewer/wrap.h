/* wrap: text fitted to a width, with no terminal. Lines broken at blanks
 * (a word wider than the line is broken where the line ends), and titles
 * whose key hints give way first. The text is what the screen shows: UTF-8
 * with every control and invisible character already escaped (sbuf_text in
 * escape mode), measured as draw_safe draws it: a column an ASCII
 * character, wcwidth (at least 1) a wider one, and in ASCII mode four
 * columns (\xNN) a byte of a non-ASCII one. Pure functions, tested without
 * a tty. */
#ifndef HECTIC_WRAP_H
#define HECTIC_WRAP_H

#include <stdbool.h>
#include <stddef.h>

/* The columns of the character at s (n bytes left), *len its bytes. */
int wrap_char_cols(const char *s, size_t n, bool ascii, size_t *len);

/* The columns of the n bytes at s. */
int wrap_cols(const char *s, size_t n, bool ascii);

/* The next line of s (n bytes) in width columns: *take bytes of it are the
 * line (the blanks where it breaks left out); returns the bytes it uses up
 * (those blanks included), at least one character's while n > 0. */
size_t wrap_line(const char *s, size_t n, int width, bool ascii, size_t *take);

/* The lines s takes in width columns (0 for an empty text). */
int wrap_count(const char *s, size_t n, int width, bool ascii);

/* A title in width columns, into out (n bytes). It fits: as it is. It does
 * not: its key hints go first, the least useful first (a hint is a part,
 * "KEY: what it does", of a group in parentheses, its parts "; " apart;
 * the last part of the last group is the least useful, and a group left
 * empty goes with its parentheses); then, if it is still too wide, it is
 * cut, an ellipsis ("..." in ASCII mode) marking the cut. Returns out. */
char *wrap_title(const char *title, int width, bool ascii, char *out, size_t n);

/* A pane's key hints in width columns, into out (n bytes): parts apart by
 * ", ", the most useful first. It fits: as it is. It does not: the last
 * parts give way, ", …" saying so; a single part too wide is cut as
 * wrap_title cuts. Returns out. */
char *wrap_hint(const char *hint, int width, bool ascii, char *out, size_t n);

/* A part of a line (wrap_parts): its forms, the whole first, each after
 * it shorter, ended by NULL (or WRAP_FORMS of them); an empty form ("")
 * leaves the part out. sep goes before it when a part before it is
 * shown. The lower its rank, the sooner it gives way. */
enum { WRAP_FORMS = 4, WRAP_PARTS_MAX = 16 };
struct wrap_part {
	const char *sep;
	const char *form[WRAP_FORMS];
	int rank;
};

/* A line of np parts (at most WRAP_PARTS_MAX) in width columns, into out
 * (n bytes). It fits: each part whole. It does not: the part of the lowest
 * rank takes its next form, again and again (of two of one rank, the
 * first), so that a part is shortened or left out whole, never cut
 * mid-word; when every part is at its last form and the line is still too
 * wide, it is cut as wrap_title cuts. Returns out. */
char *wrap_parts(const struct wrap_part *p, size_t np, int width, bool ascii, char *out, size_t n);

#endif
