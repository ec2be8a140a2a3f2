/* UTF-8 as the reference decoder sees it: strict validation for text fields,
 * lenient per-byte decoding and a printability test for binary messages. */
#ifndef HECTIC_UTF8_H
#define HECTIC_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when s[0..n) is well-formed UTF-8 (no overlongs, surrogates, or code
 * points above U+10FFFF). */
bool utf8_valid(const uint8_t *s, size_t n);

/* Length of the valid sequence at s[0..n) and its code point in *cp, or 0
 * when no complete valid sequence starts there. */
size_t utf8_next(const uint8_t *s, size_t n, uint32_t *cp);

/* Encodes cp; returns the byte count (1-4). */
size_t utf8_put(uint32_t cp, char *out);

/* True unless cp's Unicode general category is Cc, Cf, Cs, Co, Cn, Zl or Zp
 * (Haskell's isPrint). Table generated from UnicodeData.txt. */
bool unicode_isprint(uint32_t cp);

/* True when cp may reach a terminal as it is: printable, and not one of the
 * other default-ignorable code points that draw nothing (combining grapheme
 * joiner, Hangul fillers, ...). With unicode_isprint this keeps out every
 * control, bidi control, zero-width and format character. Variation
 * selectors pass: they only pick a glyph of the character before them. */
bool unicode_visible(uint32_t cp);

#endif
