/* The registry of guarded mappings and the SIGBUS handler (mapguard.h).
 *
 * A singly linked list of entries that are never freed: an entry removed is
 * marked free and taken again by a later mapguard_add, so the handler can
 * walk the list at any moment without a lock, and without reading freed
 * memory. An entry is published (pushed at the head) with its fields set,
 * and its link never changes after that. */
#include "mapguard.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct mapguard {
	const uint8_t *base; /* NULL: the handler ignores it (atomic) */
	size_t len;          /* (atomic) */
	volatile sig_atomic_t faulted;
	int taken;           /* held by a caller (atomic) */
	struct mapguard *next;
};

static struct mapguard *guards; /* the list's head (atomic) */
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void die_of(int sig)
{
	signal(sig, SIG_DFL); /* not ours, or beyond repair: die as we would have */
	raise(sig);
}

static void on_sigbus(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	const uint8_t *a = si->si_addr;
	for (struct mapguard *g = __atomic_load_n(&guards, __ATOMIC_ACQUIRE); g; g = g->next) {
		const uint8_t *base = __atomic_load_n(&g->base, __ATOMIC_ACQUIRE);
		size_t len = __atomic_load_n(&g->len, __ATOMIC_RELAXED);
		if (!base || a < base || a >= base + len)
			continue;
		long pg = sysconf(_SC_PAGESIZE);
		uintptr_t start = (uintptr_t)a & ~(uintptr_t)(pg - 1);
		size_t rest = (size_t)((uintptr_t)(base + len) - start);
		if (mmap((void *)start, rest, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
			 -1, 0) == MAP_FAILED) {
			die_of(sig);
			return;
		}
		g->faulted = 1;
		return;
	}
	die_of(sig);
}

static void install(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

/* A free entry of the list, taken; or a new one, published. */
static struct mapguard *take_entry(void)
{
	for (struct mapguard *g = __atomic_load_n(&guards, __ATOMIC_ACQUIRE); g; g = g->next)
		if (!__atomic_exchange_n(&g->taken, 1, __ATOMIC_ACQ_REL))
			return g;
	struct mapguard *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->taken = 1;
	g->next = __atomic_load_n(&guards, __ATOMIC_RELAXED);
	while (!__atomic_compare_exchange_n(&guards, &g->next, g, false, __ATOMIC_RELEASE,
					    __ATOMIC_RELAXED))
		;
	return g;
}

struct mapguard *mapguard_add(const void *base, size_t len)
{
	pthread_once(&installed, install);
	struct mapguard *g = take_entry();
	if (!g)
		return NULL;
	g->faulted = 0;
	mapguard_move(g, base, len);
	return g;
}

void mapguard_move(struct mapguard *g, const void *base, size_t len)
{
	__atomic_store_n(&g->base, NULL, __ATOMIC_RELEASE);
	__atomic_store_n(&g->len, len, __ATOMIC_RELAXED);
	__atomic_store_n(&g->base, (const uint8_t *)base, __ATOMIC_RELEASE);
}

void mapguard_remove(struct mapguard *g)
{
	__atomic_store_n(&g->base, NULL, __ATOMIC_RELEASE);
	__atomic_store_n(&g->taken, 0, __ATOMIC_RELEASE);
}

const volatile sig_atomic_t *mapguard_flag(const struct mapguard *g)
{
	return &g->faulted;
}
