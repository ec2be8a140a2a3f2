/* Big-endian readers over an in-memory byte range. The caller checks bounds;
 * these never do. Everything in an eventlog is big-endian. */
#ifndef HECTIC_BE_H
#define HECTIC_BE_H

#include <stdint.h>

static inline uint16_t be16(const uint8_t *p)
{
	return (uint16_t)((uint16_t)p[0] << 8 | p[1]);
}

static inline uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline uint64_t be64(const uint8_t *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

#endif
