/* loginfo: what a log says of its run, for `hectic push`'s logs table
 * (issue 35): the program and its arguments (the first PROGRAM_ARGS), the
 * RTS identifier (the first RTS_IDENTIFIER) and the wall clock at the
 * RTS's start (the first WALL_CLOCK_TIME, less the time it was written
 * at). Read through the tag index: only those events are decoded. Never
 * includes curses, termkey, sqlite or curl. */
#ifndef HECTIC_LOGINFO_H
#define HECTIC_LOGINFO_H

#include <stddef.h>
#include <stdint.h>

struct store;

struct loginfo {
	uint8_t program[256]; /* the first argument (cut at 255 bytes) */
	size_t nprogram;
	uint8_t args[4096];   /* the others, a space between (cut at 4095 bytes) */
	size_t nargs;
	uint8_t rts[256];
	size_t nrts;
	int64_t started;      /* s since the epoch; -1: the log does not say */
};

void loginfo_read(const struct store *s, struct loginfo *li);

#endif
