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

/* The k-th of 1, 2, 5, 10, 20, 50, 100 ... (k >= 0), UINT64_MAX past the
 * largest that fits: the ruler's steps and the pause histograms' bucket
 * edges in ns. */
uint64_t time_step_125(int k);

/* Seconds with 3 decimals, as +RTS -s prints elapsed times ("0.046s"). */
char *time_format_secs(char *buf, size_t n, uint64_t ns, int decimals);

/* The units of the formats below. */
enum time_unit { TIME_NS, TIME_US, TIME_MS, TIME_S };

/* The unit time_format writes ns in: s from 1 s up, ms from 1 ms, us from
 * 1 us, else ns. */
enum time_unit time_unit_of(uint64_t ns);

/* The largest power of ten at most res (1 for res 0 or 1). */
uint64_t time_pow10_floor(uint64_t res);

/* ns in unit u, rounded (half up, in integers: exact for any ns) to the
 * largest power of ten at most res, or to 1 u when that is coarser, with
 * the decimals that resolution needs and no more: (1815123456, s, 100000)
 * "1.8151s", (37290123456, s, 1) "37.290123456s", (451600, s, 100000000)
 * "0.0s", (451600, us, 1000000) "452us". Two times that differ by res or
 * more never read the same. Returns buf. */
char *time_format_unit(char *buf, size_t n, uint64_t ns, enum time_unit u, uint64_t res);

/* time_format_unit in the unit of ns itself (time_unit_of). */
char *time_format_res(char *buf, size_t n, uint64_t ns, uint64_t res);

/* ns exactly, with as few digits as that takes, in its own unit: "250us",
 * "1.5ms", "2s", "37ns", "1.000001s". For offsets of whole steps. */
char *time_format_exact(char *buf, size_t n, uint64_t ns);

/* Bytes with a decimal unit and at most 3 digits once rounded: "999B",
 * "1.50kB", "12.3MB", "100GB". Returns buf. */
char *bytes_format(char *buf, size_t n, uint64_t v);

#endif
