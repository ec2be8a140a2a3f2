/* regex_guard: refuses a user's regular expression whose compiling or
 * matching would take unbounded time or memory, before regcomp sees it.
 *
 * glibc's regcomp expands a bounded repetition x{m,n} into n copies of x,
 * so nested bounds multiply: ((a{1,100}){1,100}){1,100} is a million
 * copies, gigabytes and tens of seconds before the first match. The guard
 * parses the POSIX extended syntax far enough to count the atoms (a
 * character, a bracket expression, '.', an anchor, an escape) the
 * expansion makes: x{m,n} and x{,n} count x n times, x{m} m times, x{m,}
 * m + 1 times, x+ twice (glibc copies it once), x* and x? once; nested
 * counts multiply and the branches add. It refuses a pattern longer than
 * REGEX_GUARD_MAX_BYTES, one that expands past REGEX_GUARD_MAX_ATOMS, and
 * one with a back-reference (\1 .. \9: glibc matches those by
 * backtracking, which takes exponential time on patterns as short as
 * (a*)*\1). Anything else it passes on: regcomp still judges the syntax.
 * O(length of the pattern). Never includes curses or termkey. */
#ifndef HECTIC_REGEX_GUARD_H
#define HECTIC_REGEX_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define REGEX_GUARD_MAX_BYTES 1024
#define REGEX_GUARD_MAX_ATOMS 1000

/* True when re may go to regcomp; false with the reason in err, as "too
 * large: its repetitions expand to 1000000 atoms (at most 1000)" (it
 * names neither the pattern nor its bytes: the caller quotes it). */
bool regex_guard(const char *re, char *err, size_t errlen);

/* The atoms re expands to, as the guard counts them (saturating at
 * UINT64_MAX / 4); *backref (when not NULL) says whether it has a
 * back-reference. */
uint64_t regex_guard_atoms(const char *re, bool *backref);

#endif
