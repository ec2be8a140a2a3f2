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
	/* half the inputs take the index in 2 to 7 parts when they have blocks */
	store_parallel_min = size && (data[size - 1] & 1) ? 0 : (size_t)64 << 20;
	store_threads = size ? 2 + (unsigned)(data[size - 1] >> 1) % 6 : 2;
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
			/* the fast path must agree with the general one */
			if (!(n & 1)) {
				struct sbuf f = { 0 };
				if (render_line_raw(&f, &s.hdr, buf, size, e->off, cap) &&
				    (f.n != b.n || memcmp(f.p, b.p, b.n) != 0))
					abort();
				sbuf_free(&f);
			}
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
