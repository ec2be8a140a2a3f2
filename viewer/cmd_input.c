/* The commands' input: a file, or a stream read to its end first. */
#include "cmd.h"

#include <stdio.h>

#include "../model/source.h"
#include "../model/store.h"

int cmd_open_store(const char *spec, const char *save, struct source *src, struct store *s)
{
	char err[300];
	if (!source_open(src, spec, save, err, sizeof err)) {
		warnx_("%s", err);
		return EXIT_BADINPUT;
	}
	source_wait(src);
	const char *why = source_error(src);
	uint64_t n = source_bytes(src);
	if (*why)
		warnx_("%s: %s after %llu bytes: reading what arrived", spec, why,
		       (unsigned long long)n);
	bool empty;
	if (source_store_open(src, s, &empty, err, sizeof err) != STORE_OK) {
		warnx_("%s: %s", spec, err);
		source_close(src);
		return EXIT_BADINPUT;
	}
	return -1;
}
