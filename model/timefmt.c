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
		uint64_t d = (uint64_t)(*p - '0');
		if (ip > (UINT64_MAX - d) / 10)
			return false;
		ip = ip * 10 + d;
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
		if (ns < u[i].div)
			continue;
		double v = (double)ns / (double)u[i].div;
		/* decimals for 4 significant digits, judged after rounding: 99.995us
		 * is 100.0us, and 999.9996us is 1.000ms */
		int dec = 3;
		while (dec > 0) {
			double scale = dec == 3 ? 1000 : dec == 2 ? 100 : 10;
			double r = (double)(uint64_t)(v * scale + 0.5) / scale;
			if (r < (dec == 3 ? 10 : dec == 2 ? 100 : 1000))
				break;
			dec--;
		}
		if (dec == 0 && i > 0 && (uint64_t)(v + 0.5) >= 1000) {
			v = (double)ns / (double)u[i - 1].div; /* the next unit up */
			snprintf(buf, n, "%.3f%s", v, u[i - 1].unit);
			return buf;
		}
		snprintf(buf, n, "%.*f%s", dec, v, u[i].unit);
		return buf;
	}
	snprintf(buf, n, "%lluns", (unsigned long long)ns);
	return buf;
}

char *time_format_secs(char *buf, size_t n, uint64_t ns, int decimals)
{
	snprintf(buf, n, "%.*fs", decimals, (double)ns / 1e9);
	return buf;
}
