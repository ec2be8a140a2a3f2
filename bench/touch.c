/* bench/touch.c FILE: what mapping a file costs on this machine, apart
 * from any decoding: the time to read one byte of every 4 KB page of a
 * fresh read-only mapping of FILE, three passes over the same mapping (the
 * first pays for setting up each page's mapping, the others not), against
 * read() of the whole file through a 1 MB buffer. The page cache should be
 * warm (cat FILE >/dev/null first).
 *   cc -O2 -o touch bench/touch.c && ./touch FILE */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: touch FILE\n");
		return 2;
	}
	int fd = open(argv[1], O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0 || st.st_size == 0) {
		perror(argv[1]);
		return 1;
	}
	size_t len = (size_t)st.st_size;
	const volatile unsigned char *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	for (int k = 0; k < 3; k++) {
		double t = now();
		unsigned s = 0;
		for (size_t i = 0; i < len; i += 4096)
			s += p[i];
		t = now() - t;
		printf("mapping, pass %d: %.3f s (%.2f us per 4 KB page)%s\n", k + 1, t,
		       t * 1e6 / (double)((len + 4095) / 4096), s == 1 ? " " : "");
	}
	static char buf[1 << 20];
	double t = now();
	ssize_t n;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		;
	printf("read(): %.3f s\n", now() - t);
	return n < 0;
}
