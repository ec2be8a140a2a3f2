/* model/intern: byte strings to dense ids, found in O(1) expected probes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../model/intern.h"

/* Ids are dense, in order of first appearance; a key found again keeps
 * its id; the bytes are copied (the caller's buffer may change). */
static void test_ids(void **state)
{
	(void)state;
	struct intern t = { 0 };
	char buf[8];
	assert_int_equal(intern_find(&t, "a", 1), -1); /* an empty table */
	strcpy(buf, "alpha");
	assert_int_equal(intern_add(&t, buf, 5), 0);
	strcpy(buf, "beta");
	assert_int_equal(intern_add(&t, buf, 4), 1);
	memset(buf, 'x', sizeof buf);
	assert_int_equal(intern_add(&t, "alpha", 5), 0); /* there already */
	assert_int_equal(t.n, 2);
	assert_int_equal(intern_find(&t, "beta", 4), 1);
	assert_int_equal(intern_find(&t, "bet", 3), -1); /* a prefix is another key */
	assert_int_equal(intern_find(&t, "betaa", 5), -1);
	size_t n;
	const char *k = intern_key(&t, 0, &n);
	assert_int_equal(n, 5);
	assert_string_equal(k, "alpha");
	k = intern_key(&t, 1, &n);
	assert_int_equal(n, 4);
	assert_string_equal(k, "beta");
	intern_free(&t);
	assert_int_equal(t.n, 0);
	assert_null(t.slot);
}

/* Keys are bytes: the empty key, NULs inside, binary keys of one length. */
static void test_bytes(void **state)
{
	(void)state;
	struct intern t = { 0 };
	assert_int_equal(intern_add(&t, "", 0), 0);
	assert_int_equal(intern_add(&t, "a\0b", 3), 1);
	assert_int_equal(intern_add(&t, "a\0c", 3), 2);
	assert_int_equal(intern_add(&t, "a", 1), 3);
	assert_int_equal(intern_find(&t, "", 0), 0);
	assert_int_equal(intern_find(&t, "a\0b", 3), 1);
	assert_int_equal(intern_find(&t, "a\0c", 3), 2);
	size_t n;
	const char *k = intern_key(&t, 1, &n);
	assert_int_equal(n, 3);
	assert_memory_equal(k, "a\0b", 3);
	assert_int_equal(intern_key(&t, 0, &n)[0], 0);
	assert_int_equal(n, 0);
	for (uint32_t i = 0; i < 1000; i++) {
		uint32_t key[2] = { i, i * 7 };
		assert_int_equal(intern_add(&t, key, sizeof key), 4 + i);
	}
	for (uint32_t i = 0; i < 1000; i++) {
		uint32_t key[2] = { i, i * 7 }, other[2] = { i, i * 7 + 1 };
		assert_int_equal(intern_find(&t, key, sizeof key), 4 + i);
		assert_int_equal(intern_find(&t, other, sizeof other), -1);
	}
	intern_free(&t);
}

/* The operation count that keeps lookups linear in the events: 200,000
 * distinct keys added then each found, and as many missing keys looked
 * up, examine a few slots each (at most half the slots are used), however
 * many keys there are. A scan of the names, or a table that stops
 * growing, examines thousands. */
static void test_probes(void **state)
{
	(void)state;
	struct intern t = { 0 };
	enum { N = 200000 };
	char key[32];
	for (int i = 0; i < N; i++) {
		int n = snprintf(key, sizeof key, "s%d", i);
		assert_int_equal(intern_add(&t, key, (size_t)n), i);
	}
	assert_true(t.cap >= 2 * (size_t)N);
	uint64_t before = t.probes;
	for (int i = 0; i < N; i++) {
		int n = snprintf(key, sizeof key, "s%d", i);
		assert_int_equal(intern_find(&t, key, (size_t)n), i);
	}
	uint64_t found = t.probes - before;
	before = t.probes;
	for (int i = 0; i < N; i++) {
		int n = snprintf(key, sizeof key, "x%d", i);
		assert_int_equal(intern_find(&t, key, (size_t)n), -1);
	}
	uint64_t missed = t.probes - before;
	/* linear probing at load 1/2 expects 1.5 and 2.5 */
	assert_true(found >= N && found <= 3 * (uint64_t)N);
	assert_true(missed >= N && missed <= 5 * (uint64_t)N);
	assert_true(t.probes <= 12 * (uint64_t)N); /* the adds too */
	intern_free(&t);
}

/* intern_cost is what the next add grows the table by: the costs charged
 * over a table's life add up to the bytes it holds. */
static void test_cost(void **state)
{
	(void)state;
	struct intern t = { 0 };
	uint64_t charged = 0;
	size_t grew = 0;
	char key[32];
	for (int i = 0; i < 5000; i++) {
		int n = snprintf(key, sizeof key, "name-%d", i);
		size_t c = intern_cost(&t, (size_t)n);
		size_t cap = t.cap, textcap = t.textcap, offcap = t.offcap;
		assert_true(intern_add(&t, key, (size_t)n) >= 0);
		bool grows = t.cap != cap || t.textcap != textcap || t.offcap != offcap;
		assert_int_equal(c != 0, grows);
		grew += grows;
		charged += c;
	}
	assert_true(grew >= 3);
	assert_int_equal(charged, t.cap * 2 * sizeof(uint32_t) + t.textcap + t.offcap * sizeof(size_t));
	assert_int_equal(intern_cost(&t, SIZE_MAX / 2), SIZE_MAX); /* no overflow */
	intern_free(&t);
}

/* The hash is keyed (a random key per process), tells the tweak and each
 * byte apart, and is the same for the same bytes. */
static void test_hash(void **state)
{
	(void)state;
	assert_true(intern_hash("abc", 3, 0) == intern_hash("abc", 3, 0));
	assert_true(intern_hash("abc", 3, 0) != intern_hash("abc", 3, 1));
	assert_true(intern_hash("abc", 3, 0) != intern_hash("abd", 3, 0));
	assert_true(intern_hash("abc", 3, 0) != intern_hash("abc\0", 4, 0));
	assert_true(intern_hash("", 0, 0) != intern_hash("\0", 1, 0));
	/* 8-byte words and the tail: a change anywhere in 20 bytes */
	char a[20], b[20];
	memset(a, 'q', sizeof a);
	for (size_t i = 0; i < sizeof a; i++) {
		memcpy(b, a, sizeof b);
		b[i] ^= 1;
		assert_true(intern_hash(a, sizeof a, 0) != intern_hash(b, sizeof b, 0));
	}
	/* the low bits (the slot) of 4096 keys of one shape spread over a
	 * 1024-slot table: no slot takes more than a few dozen */
	unsigned count[1024] = { 0 }, most = 0;
	for (uint32_t i = 0; i < 4096; i++) {
		uint32_t key[2] = { 0, i << 20 };
		unsigned c = ++count[intern_hash(key, sizeof key, 0) & 1023];
		most = c > most ? c : most;
	}
	assert_true(most <= 24);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ids),
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_probes),
		cmocka_unit_test(test_cost),
		cmocka_unit_test(test_hash),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
