/* store_open: a log named on the command line opened as a store, for the
 * commands and the SQL engine: a stream read to its end (and saved), the
 * store opened on what arrived, what went wrong said. */
#include "store_open.h"

#include <stdbool.h>
#include <stdint.h>

#include "../model/source.h"
#include "../model/store.h"
#include "say.h"

int cmd_open_store(const char *spec, const char *save, struct source *src, struct store *s)
{
	return cmd_open_store_sink(spec, save, src, s, NULL);
}

int cmd_open_store_sink(const char *spec, const char *save, struct source *src, struct store *s,
			const struct store_sink *sink)
{
	char err[300];
	if (!source_open(src, spec, save, err, sizeof err)) {
		warnx_("%s", err);
		return src->refused ? EXIT_USAGE : EXIT_BADINPUT;
	}
	src->sink = sink;
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
