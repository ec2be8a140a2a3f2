/* The builder's reading of the RTS identifier ("GHC-9.0.2 rts_thr_l"):
 * the GHC version and the RTS way. */
#include <string.h>

#include "builder.h"

/* The version in an RTS identifier, "GHC-9.6.2 rts_thr": 90602 (a part
 * over 99, or missing, counts 0; 0 when there is no "GHC-" version). */
static unsigned rts_version(const uint8_t *p, size_t n)
{
	if (n < 5 || memcmp(p, "GHC-", 4) != 0)
		return 0;
	unsigned part[3] = { 0, 0, 0 };
	size_t i = 4;
	for (int k = 0; k < 3; k++) {
		unsigned nd = 0;
		while (i < n && p[i] >= '0' && p[i] <= '9' && nd < 3) {
			part[k] = part[k] * 10 + (unsigned)(p[i++] - '0');
			nd++;
		}
		if (!nd || part[k] > 99) {
			if (k == 0)
				return 0;
			part[k] = 0;
			break;
		}
		if (i >= n || p[i] != '.')
			break;
		i++;
	}
	return part[0] * 10000 + part[1] * 100 + part[2];
}

void tb_rts_way(struct tb *b, const uint8_t *p, size_t n)
{
	b->rts_version = rts_version(p, n);
	size_t i = 0;
	while (i + 4 <= n && memcmp(p + i, "rts_", 4) != 0)
		i++;
	if (i + 4 > n)
		return;
	b->rts_threaded = 0;
	b->rts_profiled = 0;
	for (i += 4; i < n;) {
		size_t j = i;
		while (j < n && p[j] != '_' && p[j] != ' ')
			j++;
		if (j - i == 3 && memcmp(p + i, "thr", 3) == 0)
			b->rts_threaded = 1;
		if (j - i == 1 && p[i] == 'p')
			b->rts_profiled = 1;
		if (j < n && p[j] == ' ')
			break;
		i = j + 1;
	}
}
