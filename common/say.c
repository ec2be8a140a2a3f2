/* say: how hectic speaks to its user on standard error, for the commands
 * and the terminal UI alike: a message, escaped; the version. */
#include "say.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../parser/render.h"

#ifndef HECTIC_VERSION
#define HECTIC_VERSION "unknown"
#endif

const char *hectic_version = HECTIC_VERSION;

/* Messages carry file names, option values, regexes and rc lines: text that
 * is not ours. The whole message is escaped as --escape escapes strings from
 * the log, whether or not stderr is a terminal (it usually is, and a log of
 * messages is read on one later), so that an ESC or a U+202E in a file name
 * never reaches the terminal and a newline cannot forge a second message. */
void warnx_(const char *fmt, ...)
{
	char small[512], *msg = small;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0, small[0] = 0;
	if ((size_t)n >= sizeof small) {
		msg = malloc((size_t)n + 1);
		if (msg) {
			va_start(ap, fmt);
			vsnprintf(msg, (size_t)n + 1, fmt, ap);
			va_end(ap);
		} else {
			msg = small;
			n = (int)strlen(small);
		}
	}
	struct sbuf b = { .escape = true };
	sbuf_text(&b, (const uint8_t *)msg, (size_t)n);
	fflush(stdout);
	fputs("hectic: ", stderr);
	if (!b.oom) {
		fwrite(b.p, 1, b.n, stderr);
	} else {
		/* no memory to escape with: ASCII only */
		for (int i = 0; i < n; i++) {
			unsigned char c = (unsigned char)msg[i];
			fputc(c >= 0x20 && c < 0x7F ? c : '?', stderr);
		}
	}
	fputc('\n', stderr);
	sbuf_free(&b);
	if (msg != small)
		free(msg);
}

void cmd_run_says(void *ctx, const char *path, const char *text)
{
	(void)ctx;
	if (path)
		warnx_("%s: %s", path, text);
	else
		warnx_("%s", text);
}

void cmd_say_problem(void *path, const char *msg)
{
	warnx_("%s: %s", (const char *)path, msg);
}
