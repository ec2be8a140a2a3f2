/* Replays fuzz inputs through a fuzz target without libFuzzer: linked with
 * one of fuzz_*.c and the core objects by a plain C compiler, it calls the
 * target's LLVMFuzzerTestOneInput once per file. `make check` runs it on
 * every file in tests/fuzz/corpus (the regression inputs and the crashes
 * kept there), in the plain and the ASan+UBSan builds: a target that aborts
 * or trips a sanitizer fails the suite.
 *
 * Usage: replay_TARGET FILE|DIR ...  (a directory: each regular file in it,
 * not recursing). Exit status 0 when every input ran, 1 when one could not
 * be read or nothing was given: a replay of no input is a failure. */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *prog = "replay";

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		return -1;
	}
	size_t cap = 1 << 16, n = 0;
	uint8_t *data = malloc(cap);
	for (;;) {
		if (!data) {
			fprintf(stderr, "%s: %s: out of memory\n", prog, path);
			fclose(f);
			return -1;
		}
		n += fread(data + n, 1, cap - n, f);
		if (n < cap)
			break;
		uint8_t *p = realloc(data, cap * 2);
		if (!p)
			free(data);
		data = p;
		cap *= 2;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		fprintf(stderr, "%s: %s: read error\n", prog, path);
		free(data);
		return -1;
	}
	/* the target gets the bytes and the exact size, as libFuzzer gives them
	 * (the targets copy them into a buffer of that size themselves) */
	LLVMFuzzerTestOneInput(data, n);
	free(data);
	return 1;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the regular files of a directory, in name order; -1 on an error */
static int replay_dir(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d) {
		fprintf(stderr, "%s: %s: %s\n", prog, dir, strerror(errno));
		return -1;
	}
	char **names = NULL;
	size_t nnames = 0, cap = 0;
	struct dirent *de;
	int rc = 0;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		size_t len = strlen(dir) + strlen(de->d_name) + 2;
		char *path = malloc(len);
		if (!path) {
			rc = -1;
			break;
		}
		snprintf(path, len, "%s/%s", dir, de->d_name);
		struct stat st;
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
			free(path);
			continue;
		}
		if (nnames == cap) {
			cap = cap ? cap * 2 : 64;
			char **p = realloc(names, cap * sizeof *p);
			if (!p) {
				free(path);
				rc = -1;
				break;
			}
			names = p;
		}
		names[nnames++] = path;
	}
	closedir(d);
	if (nnames)
		qsort(names, nnames, sizeof *names, cmp_names);
	int count = 0;
	for (size_t i = 0; i < nnames; i++) {
		int r = rc < 0 ? 0 : replay_file(names[i]);
		if (r < 0)
			rc = -1;
		else
			count += r;
		free(names[i]);
	}
	free(names);
	return rc < 0 ? -1 : count;
}

int main(int argc, char **argv)
{
	if (argc > 0 && argv[0][0]) {
		const char *slash = strrchr(argv[0], '/');
		prog = slash ? slash + 1 : argv[0];
	}
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR ...\n", prog);
		return 2;
	}
	int count = 0, failed = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		int r;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
			r = replay_dir(argv[i]);
		else
			r = replay_file(argv[i]);
		if (r < 0)
			failed = 1;
		else
			count += r;
	}
	if (!failed && count == 0) {
		fprintf(stderr, "%s: no input to replay\n", prog);
		return 1;
	}
	printf("%s: %d inputs replayed%s\n", prog, count, failed ? ", some unreadable" : "");
	return failed;
}
