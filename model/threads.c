/* threads: see threads.h. */
#include "threads.h"

#include <pthread.h>
#include <stdbool.h>
#include <unistd.h>

#include "store.h"

unsigned store_threads = 0; /* 0: the online processors (store.h) */

void threads_run(void *(*fn)(void *), void *jobs, size_t stride, unsigned n)
{
	pthread_t th[STORE_MAX_PARTS];
	bool threaded[STORE_MAX_PARTS] = { false };
	char *job = jobs;
	if (n > STORE_MAX_PARTS)
		n = STORE_MAX_PARTS;
	for (unsigned k = 1; k < n; k++)
		threaded[k] = pthread_create(&th[k], NULL, fn, job + k * stride) == 0;
	if (n)
		fn(job);
	for (unsigned k = 1; k < n; k++) {
		if (threaded[k])
			pthread_join(th[k], NULL);
		else
			fn(job + k * stride);
	}
}

unsigned threads_online(void)
{
	unsigned n = store_threads;
	if (!n) {
		long c = sysconf(_SC_NPROCESSORS_ONLN);
		n = c < 1 ? 1 : c > STORE_MAX_PARTS ? STORE_MAX_PARTS : (unsigned)c;
	}
	return n > STORE_MAX_PARTS ? STORE_MAX_PARTS : n;
}
