/* libFuzzer target: header parse, index build and a full merged render of
 * arbitrary bytes. Built by `make fuzz` (clang -fsanitize=fuzzer). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../model/store.h"
#include "../../parser/render.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* an exact-size copy, so reads past the end are caught */
	uint8_t *buf = malloc(size ? size : 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	struct store s;
	char err[256];
	if (store_open_mem(&s, buf, size, err, sizeof err) == STORE_OK) {
		struct sbuf b = { 0 };
		b.escape = size & 1;
		for (size_t i = 0; i < s.hdr.ntypes; i++)
			render_type(&b, &s.hdr.types[i]);
		struct merge *m = merge_new(&s);
		const struct ev *e;
		int32_t cap;
		uint64_t last = 0, n = 0;
		while (m && (e = merge_next(m, &cap))) {
			if (e->time < last)
				abort(); /* the merge must be time-ordered */
			last = e->time;
			n++;
			b.n = 0;
			render_line(&b, &s.hdr, e, cap, n & 1);
		}
		if (m && n != s.nevents)
			abort(); /* every indexed event must come out once */
		merge_free(m);
		sbuf_free(&b);
		store_close(&s);
	}
	free(buf);
	return 0;
}
