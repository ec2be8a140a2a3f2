/* Every fixture log (tests/fixtures/ and its folders), opened with its
 * tracks built, handed to a check: for the unit tests that hold a way of
 * computing to another on all of them (test_summary_stream,
 * test_gcs_stream). Header-only. */
#ifndef HECTIC_TEST_FIXTURES_H
#define HECTIC_TEST_FIXTURES_H

#include <glob.h>
#include <stdbool.h>
#include <stddef.h>

#include "../../model/store.h"
#include "../../model/tracks.h"

/* Calls check(path, s, tr, ctx) on each fixture whose tracks pass want
 * (NULL: all); the number checked into *n. False when a fixture did not
 * open (said) or a check returned false. */
static inline bool fixtures_each(bool (*want)(const struct tracks *tr),
				 bool (*check)(const char *path, const struct store *s,
					       const struct tracks *tr, void *ctx),
				 void *ctx, size_t *n)
{
	glob_t g;
	bool ok = glob("tests/fixtures/*.eventlog", 0, NULL, &g) == 0 &&
		  glob("tests/fixtures/*/*.eventlog", GLOB_APPEND, NULL, &g) == 0;
	*n = 0;
	for (size_t i = 0; ok && i < g.gl_pathc; i++) {
		const char *path = g.gl_pathv[i];
		struct store s;
		struct tracks tr;
		char err[256] = "";
		if (store_open(&s, path, err, sizeof err) != STORE_OK) {
			print_error("%s: %s\n", path, err);
			ok = false;
			continue;
		}
		if (!tracks_build(&tr, &s)) {
			print_error("%s: tracks_build failed\n", path);
			ok = false;
		} else {
			if (!want || want(&tr)) {
				ok &= check(path, &s, &tr, ctx);
				(*n)++;
			}
			tracks_free(&tr);
		}
		store_close(&s);
	}
	globfree(&g);
	return ok;
}

#endif
