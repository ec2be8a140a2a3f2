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

static const uint64_t unit_ns[] = { 1, 1000, 1000000, 1000000000 };
static const char *const unit_name[] = { "ns", "us", "ms", "s" };

enum time_unit time_unit_of(uint64_t ns)
{
	return ns >= 1000000000u ? TIME_S : ns >= 1000000u ? TIME_MS : ns >= 1000u ? TIME_US : TIME_NS;
}

uint64_t time_pow10_floor(uint64_t res)
{
	uint64_t p = 1;
	while (p <= res / 10)
		p *= 10;
	return p;
}

char *time_format_unit(char *buf, size_t n, uint64_t ns, enum time_unit u, uint64_t res)
{
	uint64_t un = unit_ns[u];
	uint64_t p = time_pow10_floor(res);
	if (p > un)
		p = un;
	int dec = 0;
	for (uint64_t q = p; q < un; q *= 10)
		dec++;
	/* v = ns / p rounded half up, without overflow at the top */
	uint64_t v = ns / p + (ns % p >= p - p / 2 && p > 1 ? 1 : 0);
	uint64_t per = un / p; /* 10^dec */
	if (dec > 9) /* (never: the unit is at most 10^9 ns; tells the compiler) */
		dec = 9;
	if (dec)
		snprintf(buf, n, "%llu.%0*llu%s", (unsigned long long)(v / per), dec,
			 (unsigned long long)(v % per), unit_name[u]);
	else
		snprintf(buf, n, "%llu%s", (unsigned long long)v, unit_name[u]);
	return buf;
}

char *time_format_res(char *buf, size_t n, uint64_t ns, uint64_t res)
{
	return time_format_unit(buf, n, ns, time_unit_of(ns), res);
}

char *time_format_exact(char *buf, size_t n, uint64_t ns)
{
	enum time_unit u = time_unit_of(ns);
	uint64_t un = unit_ns[u], frac = ns % un;
	int dec = 0;
	for (uint64_t q = un; q > 1; q /= 10)
		dec++;
	while (dec && frac % 10 == 0) {
		frac /= 10;
		dec--;
	}
	if (dec > 9) /* (never, as above) */
		dec = 9;
	if (dec)
		snprintf(buf, n, "%llu.%0*llu%s", (unsigned long long)(ns / un), dec,
			 (unsigned long long)frac, unit_name[u]);
	else
		snprintf(buf, n, "%llu%s", (unsigned long long)(ns / un), unit_name[u]);
	return buf;
}

char *bytes_format(char *buf, size_t n, uint64_t v)
{
	static const char *const unit[] = { "kB", "MB", "GB", "TB", "PB", "EB" };
	if (v < 1000) {
		snprintf(buf, n, "%lluB", (unsigned long long)v);
		return buf;
	}
	double x = (double)v;
	int i = -1;
	/* the unit that leaves at most 3 digits once rounded */
	while (i < 5 && x >= 999.5) {
		x /= 1000;
		i++;
	}
	snprintf(buf, n, x < 9.995 ? "%.2f%s" : x < 99.95 ? "%.1f%s" : "%.0f%s", x, unit[i]);
	return buf;
}

uint64_t time_step_125(int k)
{
	static const uint64_t m[3] = { 1, 2, 5 };
	if (k < 0)
		return 1;
	uint64_t v = m[k % 3];
	for (int d = 0; d < k / 3; d++) {
		if (v > UINT64_MAX / 10)
			return UINT64_MAX;
		v *= 10;
	}
	return v;
}
