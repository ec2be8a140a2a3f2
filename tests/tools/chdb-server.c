/*
 * chdb-server: ClickHouse 26 from chDB's library as an HTTP server for the
 * push suites (tests/ch-lib.sh, HECTIC_CH=26; issue 44). libchdb.so (the npm
 * package @chdb/lib-linux-x64-gnu, tools/chdb-install.sh) is clickhouse-local
 * as a library: chdb_result *chdb_query_cmdline(int argc, char **argv) (chDB's
 * chdb.h; the package ships no header) runs clickhouse-local's main.
 * Given --path, --http_port and --listen_host and a query that starts the
 * HTTP listener and then never ends, it serves ClickHouse's real HTTP
 * interface until the process is killed.
 *
 *   chdb-server LIBCHDB.SO [CLICKHOUSE-LOCAL OPTIONS...]
 *
 * Every option after the library's path goes to clickhouse-local as it is
 * (ch-lib.sh gives --path, --http_port, --listen_host, --config-file,
 * --multiquery), followed by the query below. It serves until killed; exit
 * status 2 usage, 1 the library could not be loaded or clickhouse-local
 * ended (its error, chdb_result_error's, on stderr).
 *
 * Built without sanitizers even in SANITIZE=1 builds (Makefile): under
 * -fsanitize=address,undefined it dies at once (ASan: SEGV, pc 0, inside
 * chdb_query_cmdline), a 566 MB C++ library with an allocator of its own
 * under ASan's interposed malloc; and it is not hectic's code.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#define SERVE_QUERY                                                                     \
	"--query=SYSTEM START LISTEN HTTP; "                                                  \
	"SELECT sleepEachRow(1) FROM system.numbers SETTINGS max_block_size = 1 FORMAT Null"

/* chdb_result is opaque: a pointer to it is all this needs */
typedef void *(*cmdline_fn)(int, char **);
typedef const char *(*error_fn)(void *);

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: chdb-server LIBCHDB.SO [CLICKHOUSE-LOCAL OPTIONS...]\n");
		return 2;
	}
	void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (lib == NULL) {
		fprintf(stderr, "chdb-server: %s\n", dlerror());
		return 1;
	}
	cmdline_fn run;
	*(void **)&run = dlsym(lib, "chdb_query_cmdline");
	if (run == NULL) {
		fprintf(stderr, "chdb-server: %s: no chdb_query_cmdline: %s\n", argv[1], dlerror());
		return 1;
	}
	/* argv[0] for clickhouse-local, the options, the query, NULL */
	char **args = calloc((size_t)argc + 2, sizeof *args);
	if (args == NULL) {
		perror("chdb-server");
		return 1;
	}
	int n = 0;
	args[n++] = "clickhouse";
	for (int i = 2; i < argc; i++)
		args[n++] = argv[i];
	args[n++] = SERVE_QUERY;
	args[n] = NULL;
	void *res = run(n, args);
	error_fn err;
	*(void **)&err = dlsym(lib, "chdb_result_error");
	const char *msg = res != NULL && err != NULL ? err(res) : NULL;
	fprintf(stderr, "chdb-server: clickhouse-local ended: %s\n", msg != NULL ? msg : "(no error)");
	return 1;
}
