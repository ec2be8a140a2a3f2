/* Parsing and formatting of nanosecond times. */
#include "timefmt.h"

#include <stdio.h>
#include <string.h>

bool time_parse(const char *s, uint64_t *ns)
{
	uint64_t ip = 0, frac = 0, fracdiv = 1;
	const char *p = s;
	if (*p < '0' || *p > '9')
		return false;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (ip > (UINT64_MAX - 9) / 10)
			return false;
		ip = ip * 10 + (uint64_t)(*p - '0');
	}
	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9')
			return false;
		for (; *p >= '0' && *p <= '9'; p++) {
			if (fracdiv < 1000000000000000000ull) { /* ignore digits past 1e-18 */
				frac = frac * 10 + (uint64_t)(*p - '0');
				fracdiv *= 10;
			}
		}
	}
	uint64_t mul;
	if (!strcmp(p, "") || !strcmp(p, "ns")) {
		mul = 1;
		if (fracdiv != 1 && !strcmp(p, ""))
			return false; /* a bare number is whole nanoseconds */
	} else if (!strcmp(p, "us") || !strcmp(p, "\xc2\xb5s")) {
		mul = 1000;
	} else if (!strcmp(p, "ms")) {
		mul = 1000000;
	} else if (!strcmp(p, "s")) {
		mul = 1000000000;
	} else {
		return false;
	}
	if (ip > UINT64_MAX / mul)
		return false;
	uint64_t v = ip * mul;
	/* the fraction, rounded to the nearest nanosecond */
	unsigned __int128 f = (unsigned __int128)frac * mul;
	uint64_t fv = (uint64_t)((f + fracdiv / 2) / fracdiv);
	if (v > UINT64_MAX - fv)
		return false;
	*ns = v + fv;
	return true;
}

char *time_format(char *buf, size_t n, uint64_t ns)
{
	static const struct {
		uint64_t div;
		const char *unit;
	} u[] = { { 1000000000ull, "s" }, { 1000000ull, "ms" }, { 1000ull, "us" } };
	for (size_t i = 0; i < 3; i++) {
		if (ns >= u[i].div) {
			double v = (double)ns / (double)u[i].div;
			int dec = v >= 1000 ? 0 : v >= 100 ? 1 : v >= 10 ? 2 : 3;
			snprintf(buf, n, "%.*f%s", dec, v, u[i].unit);
			return buf;
		}
	}
	snprintf(buf, n, "%lluns", (unsigned long long)ns);
	return buf;
}

char *time_format_secs(char *buf, size_t n, uint64_t ns, int decimals)
{
	snprintf(buf, n, "%.*fs", decimals, (double)ns / 1e9);
	return buf;
}
