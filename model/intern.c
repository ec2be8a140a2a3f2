/* Interned byte strings: a keyed open-addressing table. */
#include "intern.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "siphash.h"
#include "vec.h"

#define INTERN_MIN 64 /* slots of a table's first array */

static uint64_t sip_k0, sip_k1;
static pthread_once_t sip_once = PTHREAD_ONCE_INIT;

static void intern_key_init(void)
{
	uint64_t r[2] = { 0, 0 };
	if (getrandom(r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		r[0] = (uint64_t)ts.tv_nsec * 0xD6E8FEB86659FD93ull ^ (uint64_t)getpid() << 32 ^
		       (uint64_t)(uintptr_t)&ts;
		r[1] = r[0] * 0x9E3779B97F4A7C15ull + (uint64_t)ts.tv_sec;
	}
	sip_k0 = r[0];
	sip_k1 = r[1];
}

void intern_process_key(uint64_t key[2])
{
	pthread_once(&sip_once, intern_key_init);
	key[0] = sip_k0;
	key[1] = sip_k1;
}

uint64_t intern_hash(const void *p, size_t n, uint64_t tweak)
{
	pthread_once(&sip_once, intern_key_init);
	return siphash(p, n, sip_k0 ^ tweak, sip_k1, 1, 3); /* SipHash-1-3 */
}

/* The slot holding p[0..n) (hash h), or the empty slot where it goes. */
static size_t intern_slot_of(struct intern *t, const void *p, size_t n, uint64_t h)
{
	uint32_t tag = (uint32_t)(h >> 32);
	size_t j = (size_t)h & (t->cap - 1);
	for (;; j = (j + 1) & (t->cap - 1)) {
		t->probes++;
		uint32_t id = t->slot[j];
		if (!id)
			return j;
		id--;
		if (t->tag[j] == tag && t->off[id + 1] - t->off[id] - 1 == n &&
		    memcmp(t->text + t->off[id], p, n) == 0)
			return j;
	}
}

long intern_find(struct intern *t, const void *p, size_t n)
{
	if (!t->n)
		return -1;
	size_t j = intern_slot_of(t, p, n, intern_hash(p, n, 0));
	return (long)t->slot[j] - 1;
}

/* The capacities the next add of n bytes needs: 0 each when there is room. */
static void growth(const struct intern *t, size_t n, size_t *cap, size_t *textcap, size_t *offcap)
{
	*cap = (t->n + 1) * 2 > t->cap ? (t->cap ? t->cap * 2 : INTERN_MIN) : 0;
	*textcap = 0;
	if (t->ntext + n + 1 > t->textcap) {
		size_t c = t->textcap ? t->textcap : 256;
		while (c < t->ntext + n + 1 && c <= SIZE_MAX / 2)
			c *= 2;
		*textcap = c < t->ntext + n + 1 ? t->ntext + n + 1 : c;
	}
	*offcap = t->n + 2 > t->offcap ? (t->offcap ? t->offcap * 2 : 16) : 0;
}

size_t intern_cost(const struct intern *t, size_t n)
{
	size_t cap, textcap, offcap;
	if (n > SIZE_MAX / 4)
		return SIZE_MAX;
	growth(t, n, &cap, &textcap, &offcap);
	/* what each array grows by (its old bytes are freed) */
	return (cap ? cap - t->cap : 0) * 2 * sizeof(uint32_t) + (textcap ? textcap - t->textcap : 0) +
	       (offcap ? offcap - t->offcap : 0) * sizeof(size_t);
}

static bool grow_table(struct intern *t, size_t cap)
{
	uint32_t *slot = xcallocarray(cap, sizeof *slot), *tag = xcallocarray(cap, sizeof *tag);
	if (!slot || !tag) {
		free(slot);
		free(tag);
		return false;
	}
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->slot[i])
			continue;
		uint32_t id = t->slot[i] - 1;
		/* the hash again: the low bits are not kept */
		uint64_t h = intern_hash(t->text + t->off[id], t->off[id + 1] - t->off[id] - 1, 0);
		size_t j = (size_t)h & (cap - 1);
		while (slot[j])
			j = (j + 1) & (cap - 1);
		slot[j] = t->slot[i];
		tag[j] = t->tag[i];
	}
	free(t->slot);
	free(t->tag);
	t->slot = slot;
	t->tag = tag;
	t->cap = cap;
	return true;
}

long intern_add(struct intern *t, const void *p, size_t n)
{
	size_t cap, textcap, offcap;
	if (t->n >= INTERN_MAX || n > SIZE_MAX / 4)
		return -1;
	growth(t, n, &cap, &textcap, &offcap);
	if (textcap) {
		char *x = realloc(t->text, textcap);
		if (!x)
			return -1;
		t->text = x;
		t->textcap = textcap;
	}
	if (offcap) {
		size_t *x = xreallocarray(t->off, offcap, sizeof *x);
		if (!x)
			return -1;
		if (!t->off)
			x[0] = 0;
		t->off = x;
		t->offcap = offcap;
	}
	if (cap && !grow_table(t, cap))
		return -1;
	uint64_t h = intern_hash(p, n, 0);
	size_t j = intern_slot_of(t, p, n, h);
	if (t->slot[j]) /* (there already) */
		return (long)t->slot[j] - 1;
	uint32_t id = (uint32_t)t->n;
	if (n)
		memcpy(t->text + t->ntext, p, n);
	t->text[t->ntext + n] = 0;
	t->ntext += n + 1;
	t->off[id + 1] = t->ntext;
	t->slot[j] = id + 1;
	t->tag[j] = (uint32_t)(h >> 32);
	t->n++;
	return (long)id;
}

void intern_free(struct intern *t)
{
	free(t->slot);
	free(t->tag);
	free(t->text);
	free(t->off);
	memset(t, 0, sizeof *t);
}
