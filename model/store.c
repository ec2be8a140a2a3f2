/* The mmap-backed store: mapping (guarded against the file shrinking,
 * mapguard.c), the index build (on every core: store_parallel.c, each
 * part by store_indexer.c; it reads a file through a buffer per thread,
 * and the mapping serves what comes after), growth of a file still being
 * written. The merged iteration is
 * merge.c; what the index says besides events, store_report.c. */
#include "store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "classes.h"
#include "mapguard.h"
#include "order.h"
#include "store_index.h"
#include "vec.h"

/* A tag's index bits: its class's, and its own for the rare tags of
 * common classes (IX_*). */
static uint16_t tag_bits(uint16_t tag)
{
	uint16_t b = (uint16_t)CLASS_BIT(class_of(tag));
	switch (tag) {
	case EV_THREAD_LABEL: return b | IX_THREAD_LABEL;
	case EV_SPARK_COUNTERS: return b | IX_SPARK_COUNTERS;
	case EV_GC_STATS_GHC: return b | IX_GC_STATS;
	default: return b;
	}
}

/* The header parsed; the data indexed when index (store_window.c's not). */
static enum store_status open_common(struct store *s, bool index, char *err, size_t errlen)
{
	const char *why = NULL;
	uint64_t at = 0;
	switch (hdr_parse(s->map, s->size, &s->hdr, &why, &at)) {
	case HDR_OK:
		break;
	case HDR_NOMEM:
		snprintf(err, errlen, "out of memory reading the header");
		return STORE_ENOMEM;
	case HDR_TRUNCATED:
		if (!s->size) /* nothing to be truncated: no eventlog at all */
			snprintf(err, errlen, "empty file");
		else
			snprintf(err, errlen, "header truncated at byte %llu (%s)",
				 (unsigned long long)s->size, why);
		return STORE_EHEADER;
	case HDR_BAD:
		snprintf(err, errlen, "byte %llu: %s", (unsigned long long)at, why);
		return STORE_EHEADER;
	}
	s->tagclass = xmallocarray(s->hdr.nsel, sizeof *s->tagclass);
	if (!s->tagclass) {
		snprintf(err, errlen, "out of memory");
		return STORE_ENOMEM;
	}
	for (uint32_t t = 0; t < s->hdr.nsel; t++)
		s->tagclass[t] = tag_bits((uint16_t)t);
	enum store_status st = index ? build_index_parallel(s) : STORE_OK;
	if (st == STORE_OK)
		st = build_order(s);
	if (st == STORE_ENOMEM)
		snprintf(err, errlen, "out of memory building the index");
	return st;
}

enum store_status store_open_mem(struct store *s, const uint8_t *buf, size_t len,
				 char *err, size_t errlen)
{
	return store_open_mem_sink(s, buf, len, NULL, err, errlen);
}

enum store_status store_open_mem_sink(struct store *s, const uint8_t *buf, size_t len,
				      const struct store_sink *sink, char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	s->path = "<memory>";
	s->map = buf;
	s->size = len;
	s->sink = sink;
	enum store_status st = open_common(s, true, err, errlen);
	s->sink = NULL;
	if (st != STORE_OK) {
		s->map = NULL; /* not ours to unmap */
		store_close(s);
	}
	return st;
}

/* Guards s's mapping, now [m, m + size), against the file shrinking. False
 * when out of memory. */
static bool guard_map(struct store *s, const uint8_t *m, size_t size)
{
	if (s->guard) {
		mapguard_move(s->guard, m, size);
		return true;
	}
	s->guard = mapguard_add(m, size);
	if (!s->guard)
		return false;
	s->fault = mapguard_flag(s->guard);
	return true;
}

enum store_status store_open(struct store *s, const char *path, char *err, size_t errlen)
{
	return store_open_progress(s, path, NULL, err, errlen);
}

enum store_status store_open_progress(struct store *s, const char *path,
				      const struct progress *p, char *err, size_t errlen)
{
	return store_open_sink(s, path, p, NULL, err, errlen);
}

enum store_status store_open_file(struct store *s, const char *path, const struct progress *p,
				   const struct store_sink *sink, bool index, char *err,
				   size_t errlen)
{
	memset(s, 0, sizeof *s);
	s->path = path;
	/* O_NONBLOCK: opening a FIFO with no writer (or a device) must not
	 * block; only regular files are mapped */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return STORE_EIO;
	}
	struct stat sb;
	if (fstat(fd, &sb) < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		close(fd);
		return STORE_EIO;
	}
	if (!S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "not a regular file (%s): hectic reads eventlog files, "
				      "FIFOs, -, unix:PATH and tcp:HOST:PORT",
			 S_ISFIFO(sb.st_mode)  ? "a FIFO"
			 : S_ISDIR(sb.st_mode) ? "a directory"
			 : S_ISCHR(sb.st_mode) ? "a character device"
			 : S_ISBLK(sb.st_mode) ? "a block device"
			 : S_ISSOCK(sb.st_mode) ? "a socket"
						: "a special file");
		close(fd);
		errno = EINVAL;
		return STORE_EIO;
	}
	s->size = (size_t)sb.st_size;
	s->dev = (uint64_t)sb.st_dev;
	s->ino = (uint64_t)sb.st_ino;
	if (s->size > 0) {
		void *m = mmap(NULL, s->size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m == MAP_FAILED) {
			snprintf(err, errlen, "mmap: %s", strerror(errno));
			close(fd);
			return STORE_EIO;
		}
		s->map = m;
		madvise(m, s->size, MADV_SEQUENTIAL);
	} else {
		s->map = (const uint8_t *)"";
	}
	enum store_status st = STORE_ENOMEM;
	if (s->size > 0 && !guard_map(s, s->map, s->size)) {
		snprintf(err, errlen, "out of memory");
	} else {
		s->progress = p;
		s->sink = sink;
		s->read_fd = fd;
		s->read_fd_on = true;
		st = open_common(s, index, err, errlen);
		s->read_fd_on = false;
		s->progress = NULL;
		s->sink = NULL;
	}
	close(fd);
	if (st != STORE_OK)
		store_close(s);
	return st;
}

enum store_status store_open_sink(struct store *s, const char *path, const struct progress *p,
				  const struct store_sink *sink, char *err, size_t errlen)
{
	return store_open_file(s, path, p, sink, true, err, errlen);
}

enum extend_status store_extend(struct store *s, char *err, size_t errlen)
{
	if (!s->map || !strcmp(s->path, "<memory>")) {
		snprintf(err, errlen, "not a file");
		return EXTEND_ERROR;
	}
	int fd = open(s->path, O_RDONLY | O_CLOEXEC);
	struct stat sb;
	if (fd < 0 || fstat(fd, &sb) < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return EXTEND_ERROR;
	}
	size_t size = (size_t)sb.st_size;
	if ((uint64_t)sb.st_dev != s->dev || (uint64_t)sb.st_ino != s->ino) {
		close(fd);
		return EXTEND_REPLACED;
	}
	if (size == s->size) {
		close(fd);
		return EXTEND_SAME;
	}
	if (size < s->size) {
		close(fd);
		return EXTEND_SHRANK;
	}
	void *m = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED) {
		snprintf(err, errlen, "mmap: %s", strerror(errno));
		return EXTEND_ERROR;
	}
	if (!guard_map(s, m, size)) {
		munmap(m, size);
		snprintf(err, errlen, "out of memory");
		return EXTEND_ERROR;
	}
	/* the header's type descriptions point into the mapping: into the new
	 * one now (the old one goes) */
	for (size_t i = 0; i < s->hdr.ntypes; i++) {
		struct ev_type *t = &s->hdr.types[i];
		if (t->desc && s->size && t->desc >= s->map && t->desc < s->map + s->size)
			t->desc = (const uint8_t *)m + (t->desc - s->map);
	}
	if (s->size)
		munmap((void *)s->map, s->size);
	s->map = m;
	s->size = size;
	/* the last segment may go on: take it back from the index */
	if (s->ix.reopen && s->nsegs && s->segs[s->nsegs - 1].end == s->stop_off) {
		s->ix.cur = s->segs[--s->nsegs];
		s->ix.open = true;
		s->ix.seg_lo = s->ix.cur.t0;
		s->ix.seg_hi = s->ix.cur.t1;
	}
	free(s->order);
	free(s->chunk_t1);
	s->order = NULL;
	s->chunk_t1 = NULL;
	if (build_index(s, s->stop_off, s->size) != STORE_OK || build_order(s) != STORE_OK) {
		snprintf(err, errlen, "out of memory");
		return EXTEND_ERROR;
	}
	return EXTEND_GREW;
}

void store_close(struct store *s)
{
	if (s->map && s->size > 0 && strcmp(s->path, "<memory>") != 0) {
		if (s->guard)
			mapguard_remove(s->guard);
		munmap((void *)s->map, s->size);
	}
	hdr_free(&s->hdr);
	free_index(s);
	free(s->tagclass);
	memset(s, 0, sizeof *s);
}
