/* threads: one job per part of a file, each on a thread of its own (the
 * index's parts, store_parallel.c, and the tracks', tracks_build.c).
 * Never includes curses or termkey. */
#ifndef HECTIC_THREADS_H
#define HECTIC_THREADS_H

#include <stddef.h>

/* Runs fn(jobs + k * stride) for k = 0 .. n - 1 (n <= STORE_MAX_PARTS):
 * job 0 on this thread, the others each on a thread of its own, started
 * first; a job whose thread cannot start runs here after job 0. Returns
 * when every job has. */
void threads_run(void *(*fn)(void *), void *jobs, size_t stride, unsigned n);

/* The threads hectic runs on: HECTIC_THREADS (store_threads) when set,
 * else the online processors; 1 .. STORE_MAX_PARTS. */
unsigned threads_online(void);

#endif
