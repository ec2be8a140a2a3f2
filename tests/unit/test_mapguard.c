/* model/mapguard.c: a guarded mapping whose file shrinks reads zeros and
 * has its own flag set; other mappings, guarded or not, are not concerned;
 * an unguarded one still dies of it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../model/mapguard.h"

#define PAGES 8

/* mapguard's handler, as the first mapguard_add installed it: cmocka puts
 * its own in place around each test. */
static struct sigaction guard_sigbus;

static void use_guard_handler(void)
{
	sigaction(SIGBUS, &guard_sigbus, NULL);
}

static size_t page(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

/* A file of PAGES pages of 0xAB, mapped read-only as the store maps. */
struct mapped {
	char path[64];
	const uint8_t *p;
	size_t len;
};

static void map_file(struct mapped *m)
{
	strcpy(m->path, "/tmp/hectic-test-guard-XXXXXX");
	int fd = mkstemp(m->path);
	assert_true(fd >= 0);
	m->len = PAGES * page();
	uint8_t *buf = malloc(m->len);
	assert_non_null(buf);
	memset(buf, 0xAB, m->len);
	assert_int_equal(write(fd, buf, m->len), (ssize_t)m->len);
	free(buf);
	void *p = mmap(NULL, m->len, PROT_READ, MAP_PRIVATE, fd, 0);
	assert_true(p != MAP_FAILED);
	close(fd);
	m->p = p;
}

static void unmap_file(struct mapped *m)
{
	munmap((void *)m->p, m->len);
	unlink(m->path);
}

/* The file cut to one page: the pages after it are gone. */
static void shrink(struct mapped *m)
{
	assert_int_equal(truncate(m->path, (off_t)page()), 0);
}

/* Reads every byte; their sum. */
static uint64_t read_all(const struct mapped *m)
{
	uint64_t sum = 0;
	for (size_t i = 0; i < m->len; i++)
		sum += ((const volatile uint8_t *)m->p)[i];
	return sum;
}

/* In a child: reads m; how the child ended (its signal, or 0). */
static int read_in_child(const struct mapped *m)
{
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		read_all(m);
		_exit(0);
	}
	int st;
	assert_int_equal(waitpid(pid, &st, 0), pid);
	return WIFSIGNALED(st) ? WTERMSIG(st) : 0;
}

static void test_fault_reads_zeros(void **state)
{
	(void)state;
	use_guard_handler();
	struct mapped a, b;
	map_file(&a);
	map_file(&b);
	struct mapguard *ga = mapguard_add(a.p, a.len), *gb = mapguard_add(b.p, b.len);
	assert_non_null(ga);
	assert_non_null(gb);
	assert_ptr_not_equal(ga, gb);
	const volatile sig_atomic_t *fa = mapguard_flag(ga), *fb = mapguard_flag(gb);
	assert_false(*fa);
	assert_false(*fb);
	assert_int_equal(read_all(&a), (uint64_t)0xAB * a.len);
	assert_false(*fa);

	shrink(&a);
	/* the first page stays the file's; the rest reads as zeros */
	assert_int_equal(read_all(&a), (uint64_t)0xAB * page());
	assert_true(*fa);
	assert_false(*fb);
	assert_int_equal(read_all(&b), (uint64_t)0xAB * b.len);
	assert_false(*fb);

	mapguard_remove(ga);
	mapguard_remove(gb);
	unmap_file(&a);
	unmap_file(&b);
}

/* A mapping not guarded (never, or no more) dies of SIGBUS as before. */
static void test_unguarded_dies(void **state)
{
	(void)state;
	use_guard_handler();
	struct mapped a, b;
	map_file(&a);
	map_file(&b);
	struct mapguard *gb = mapguard_add(b.p, b.len);
	assert_non_null(gb);
	shrink(&a);
	assert_int_equal(read_in_child(&a), SIGBUS);

	mapguard_remove(gb);
	shrink(&b);
	assert_int_equal(read_in_child(&b), SIGBUS);
	unmap_file(&a);
	unmap_file(&b);
}

/* A guard follows its mapping when it is made again (a store extended). */
static void test_move(void **state)
{
	(void)state;
	use_guard_handler();
	struct mapped a, b;
	map_file(&a);
	map_file(&b);
	struct mapguard *g = mapguard_add(a.p, a.len);
	assert_non_null(g);
	mapguard_move(g, b.p, b.len);
	shrink(&a);
	assert_int_equal(read_in_child(&a), SIGBUS); /* the old range: not guarded */
	assert_false(*mapguard_flag(g));
	shrink(&b);
	read_all(&b);
	assert_true(*mapguard_flag(g));
	mapguard_remove(g);
	unmap_file(&a);
	unmap_file(&b);
}

/* Entries are taken again once removed, their flag cleared; there is no
 * fixed number of them. */
#define MANY 300

static void test_many_and_reuse(void **state)
{
	(void)state;
	use_guard_handler();
	struct mapped a;
	map_file(&a);
	static struct mapguard *g[MANY];
	/* each guards one page of a: distinct entries, distinct flags */
	for (int i = 0; i < MANY; i++) {
		size_t k = (size_t)i % PAGES;
		g[i] = mapguard_add(a.p + k * page(), page());
		assert_non_null(g[i]);
		for (int j = 0; j < i; j++)
			assert_ptr_not_equal(g[i], g[j]);
	}
	/* the last page's fault sets the flag of the first guard of it */
	for (int i = 0; i < MANY; i++)
		if ((size_t)i % PAGES != PAGES - 1)
			mapguard_remove(g[i]);
	for (int i = PAGES - 1; i < MANY; i += PAGES)
		if (i != PAGES - 1)
			mapguard_remove(g[i]);
	shrink(&a);
	assert_int_equal(((const volatile uint8_t *)a.p)[(PAGES - 1) * page()], 0);
	assert_true(*mapguard_flag(g[PAGES - 1]));
	mapguard_remove(g[PAGES - 1]);
	/* taken again: clear */
	struct mapguard *r = mapguard_add(a.p, a.len);
	assert_non_null(r);
	assert_false(*mapguard_flag(r));
	mapguard_remove(r);
	unmap_file(&a);
}

int main(void)
{
	struct mapguard *g = mapguard_add(&guard_sigbus, sizeof guard_sigbus);
	if (!g)
		return 1;
	mapguard_remove(g);
	sigaction(SIGBUS, NULL, &guard_sigbus);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fault_reads_zeros),
		cmocka_unit_test(test_unguarded_dies),
		cmocka_unit_test(test_move),
		cmocka_unit_test(test_many_and_reuse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
