/* timefmt: durations and timestamps (nanoseconds) as users write and read
 * them. No I/O. */
#ifndef HECTIC_TIMEFMT_H
#define HECTIC_TIMEFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Parses "123" (ns), or a decimal number with a unit: "1.5s", "200ms",
 * "30us" (or "30µs"), "12ns". No sign, no spaces, no overflow. */
bool time_parse(const char *s, uint64_t *ns);

/* Formats ns with a unit and 4 significant digits (more only for 10000s
 * and up): "0ns", "950ns", "12.35us", "3.200ms", "1.500s". Returns buf. */
char *time_format(char *buf, size_t n, uint64_t ns);

/* Seconds with 3 decimals, as +RTS -s prints elapsed times ("0.046s"). */
char *time_format_secs(char *buf, size_t n, uint64_t ns, int decimals);

#endif
