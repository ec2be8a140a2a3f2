/* json: a buffered writer of JSON text, for the exports and sql --json. */
#include "json.h"

#include <errno.h>
#include <string.h>

#include "../parser/utf8.h"

/* Writes what the buffer holds; false (and failed) on a write error. */
bool json_flush(struct json *j)
{
	if (j->n && !j->failed) {
		if (fwrite(j->buf, 1, j->n, j->f) != j->n) {
			j->failed = true;
			j->err = errno ? errno : EIO;
		}
	}
	j->n = 0;
	return !j->failed;
}

static inline void json_room(struct json *j, size_t n)
{
	if (j->n + n > sizeof j->buf)
		json_flush(j);
}

void json_raw(struct json *j, const char *s, size_t n)
{
	if (n > sizeof j->buf) {
		json_flush(j);
		if (!j->failed && fwrite(s, 1, n, j->f) != n) {
			j->failed = true;
			j->err = errno ? errno : EIO;
		}
		return;
	}
	json_room(j, n);
	memcpy(j->buf + j->n, s, n);
	j->n += n;
}

void json_lit(struct json *j, const char *s)
{
	json_raw(j, s, strlen(s));
}

void json_u64(struct json *j, uint64_t v)
{
	char tmp[20];
	size_t k = 0;
	do {
		tmp[k++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	json_room(j, k);
	while (k)
		j->buf[j->n++] = tmp[--k];
}

void json_i64(struct json *j, int64_t v)
{
	if (v < 0) {
		json_raw(j, "-", 1);
		json_u64(j, (uint64_t)0 - (uint64_t)v);
	} else {
		json_u64(j, (uint64_t)v);
	}
}

void json_us(struct json *j, uint64_t ns)
{
	json_u64(j, ns / 1000);
	unsigned r = (unsigned)(ns % 1000);
	char d[4] = { '.', (char)('0' + r / 100), (char)('0' + r / 10 % 10), (char)('0' + r % 10) };
	json_raw(j, d, 4);
}

/* The length of the maximal subpart at p[0..n) (not well-formed UTF-8
 * there): the longest prefix of a well-formed sequence, at least a byte
 * (Unicode 15, 3.9, "U+FFFD Substitution of Maximal Subparts"; what the
 * WHATWG decoder, and so a browser, shows for those bytes). */
static size_t subpart_len(const uint8_t *p, size_t n)
{
	uint8_t b = p[0], lo = 0x80, hi = 0xbf;
	size_t need;
	if (b >= 0xc2 && b <= 0xdf)
		need = 1;
	else if (b >= 0xe0 && b <= 0xef)
		need = 2, lo = b == 0xe0 ? 0xa0 : 0x80, hi = b == 0xed ? 0x9f : 0xbf;
	else if (b >= 0xf0 && b <= 0xf4)
		need = 3, lo = b == 0xf0 ? 0x90 : 0x80, hi = b == 0xf4 ? 0x8f : 0xbf;
	else
		return 1;
	size_t i = 1;
	for (; i <= need && i < n && p[i] >= lo && p[i] <= hi; i++)
		lo = 0x80, hi = 0xbf;
	return i;
}

/* The JSON text of the character at p[0..n) into out (at most 12 bytes);
 * its length, and the bytes it took into *used. */
static size_t encode_char(const uint8_t *p, size_t n, char *out, size_t *used)
{
	static const char hex[] = "0123456789abcdef";
	uint32_t cp;
	size_t k = utf8_next(p, n, &cp);
	if (!k) {
		*used = subpart_len(p, n);
		memcpy(out, "\\ufffd", 6);
		return 6;
	}
	*used = k;
	if (cp == '"' || cp == '\\') {
		out[0] = '\\';
		out[1] = (char)cp;
		return 2;
	}
	if ((cp >= 0x20 && cp < 0x7f) || (cp >= 0x80 && unicode_visible(cp))) {
		memcpy(out, p, k);
		return k;
	}
	uint32_t u[2] = { cp, 0 };
	size_t nu = 1;
	if (cp >= 0x10000) {
		u[0] = 0xd800 + ((cp - 0x10000) >> 10);
		u[1] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
		nu = 2;
	}
	for (size_t i = 0; i < nu; i++) {
		char *o = out + 6 * i;
		o[0] = '\\', o[1] = 'u';
		for (int d = 0; d < 4; d++)
			o[2 + d] = hex[(u[i] >> (12 - 4 * d)) & 15];
	}
	return 6 * nu;
}

static bool json_plain_byte(uint8_t c)
{
	return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
}

void json_str(struct json *j, const uint8_t *s, size_t n)
{
	json_raw(j, "\"", 1);
	for (size_t i = 0; i < n;) {
		size_t k = i; /* a run of plain printable ASCII, copied at once */
		while (k < n && json_plain_byte(s[k]))
			k++;
		if (k > i) {
			json_raw(j, (const char *)s + i, k - i);
			i = k;
			continue;
		}
		char out[12];
		size_t used, m = encode_char(s + i, n - i, out, &used);
		json_raw(j, out, m);
		i += used;
	}
	json_raw(j, "\"", 1);
}

void json_fchars(FILE *f, const uint8_t *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		char out[12];
		size_t used, m = json_plain_byte(s[i]) ? (out[0] = (char)s[i], used = 1, 1)
					     : encode_char(s + i, n - i, out, &used);
		fwrite(out, 1, m, f);
		i += used;
	}
}

void json_cstr(struct json *j, const char *s)
{
	json_str(j, (const uint8_t *)s, strlen(s));
}
