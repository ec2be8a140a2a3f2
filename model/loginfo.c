/* loginfo: what a log says of its run (loginfo.h). */
#include "loginfo.h"

#include <string.h>

#include "../parser/event.h"
#include "store.h"

#define EV_WALL_CLOCK_TIME 43

static size_t loginfo_cut(uint8_t *dst, size_t room, const uint8_t *src, size_t n)
{
	n = n < room - 1 ? n : room - 1;
	if (n)
		memcpy(dst, src, n);
	dst[n] = 0;
	return n;
}

/* PROGRAM_ARGS: NUL-separated arguments (a last NUL or none). */
static void args_of(struct loginfo *li, const uint8_t *p, size_t n)
{
	size_t first = 0;
	while (first < n && p[first])
		first++;
	li->nprogram = loginfo_cut(li->program, sizeof li->program, p, first);
	size_t k = 0;
	for (size_t i = first + 1; i < n && k + 1 < sizeof li->args; i++) {
		if (!p[i] && i + 1 == n)
			break; /* the last NUL */
		li->args[k++] = p[i] ? p[i] : ' ';
	}
	li->args[k] = 0;
	li->nargs = k;
}

void loginfo_read(const struct store *s, struct loginfo *li)
{
	static const uint16_t tags[] = { EV_RTS_IDENTIFIER, EV_PROGRAM_ARGS, EV_WALL_CLOCK_TIME };
	*li = (struct loginfo){ .started = -1 };
	struct merge *m = merge_new_tags(s, 0, 0, tags, sizeof tags / sizeof *tags);
	const struct ev *e;
	int32_t cap;
	bool rts = false, args = false, wall = false;
	while (m && !(rts && args && wall) && (e = merge_next(m, &cap)) != NULL) {
		if (e->tag == EV_RTS_IDENTIFIER && !rts && e->nf >= 2 && e->f[1].s) {
			li->nrts = loginfo_cut(li->rts, sizeof li->rts, e->f[1].s, (size_t)e->f[1].u);
			rts = true;
		} else if (e->tag == EV_PROGRAM_ARGS && !args && e->nf >= 2 && e->f[1].s) {
			args_of(li, e->f[1].s, (size_t)e->f[1].u);
			args = true;
		} else if (e->tag == EV_WALL_CLOCK_TIME && !wall && e->nf >= 3) {
			/* the wall clock then, less the time since the RTS started */
			uint64_t ns = e->f[1].u * 1000000000ull + e->f[2].u;
			li->started = ns >= e->time ? (int64_t)((ns - e->time) / 1000000000ull) : -1;
			wall = true;
		}
	}
	merge_free(m);
}
