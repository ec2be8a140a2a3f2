/* Key and mouse decoding with libtermkey: the input loop of its async demo
 * (poll, advisereadable, getkey, and getkey_force after the wait time). */
#include "input.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termkey.h>
#include <unistd.h>

struct input {
	TermKey *tk;
	int fd; /* -1 for abstract */
};

#define FORMAT TERMKEY_FORMAT_VIM

static int flags(void)
{
	/* curses has set the terminal up; Ctrl-C is a key (bound to quit) */
	return TERMKEY_FLAG_NOTERMIOS | TERMKEY_FLAG_SPACESYMBOL | TERMKEY_FLAG_CTRLC |
	       TERMKEY_FLAG_EINTR;
}

/* Newer terminfo entries (xterm's among them) give key_mouse as "\e[<",
 * the start of an SGR mouse report; libtermkey's terminfo driver would then
 * read the report as an old X10 one and misplace it. Without that entry its
 * CSI driver reads SGR reports right. (vis does the same.) */
static const char *ti_hook(const char *name, const char *value, void *data)
{
	(void)data;
	if (name && value && !strcmp(name, "key_mouse") && !strncmp(value, "\x1b[<", 3))
		return NULL;
	return value;
}

static TermKey *make(int fd, const char *term)
{
	TermKey *tk = term ? termkey_new_abstract(term, flags() | TERMKEY_FLAG_UTF8 | TERMKEY_FLAG_NOSTART)
			   : termkey_new(fd, flags() | TERMKEY_FLAG_NOSTART);
	if (!tk)
		return NULL;
	termkey_hook_terminfo_getstr(tk, ti_hook, NULL);
	if (!termkey_start(tk)) {
		termkey_destroy(tk);
		return NULL;
	}
	return tk;
}

struct input *input_new(int fd)
{
	struct input *in = calloc(1, sizeof *in);
	if (!in)
		return NULL;
	in->fd = fd;
	in->tk = make(fd, NULL);
	if (!in->tk) {
		free(in);
		return NULL;
	}
	termkey_set_canonflags(in->tk, termkey_get_canonflags(in->tk) | TERMKEY_CANON_DELBS);
	return in;
}

struct input *input_new_abstract(void)
{
	struct input *in = calloc(1, sizeof *in);
	if (!in)
		return NULL;
	in->fd = -1;
	in->tk = make(-1, getenv("TERM") && *getenv("TERM") ? getenv("TERM") : "xterm-256color");
	if (!in->tk) {
		free(in);
		return NULL;
	}
	termkey_set_canonflags(in->tk, termkey_get_canonflags(in->tk) | TERMKEY_CANON_DELBS);
	return in;
}

void input_free(struct input *in)
{
	if (!in)
		return;
	termkey_destroy(in->tk);
	free(in);
}

/* Fills ev from a decoded key. */
static void convert(struct input *in, TermKeyKey *k, struct input_event *ev)
{
	if (k->type == TERMKEY_TYPE_MOUSE) {
		TermKeyMouseEvent me;
		int button, line, col;
		termkey_interpret_mouse(in->tk, k, &me, &button, &line, &col);
		ev->kind = IN_MOUSE;
		ev->mouse.button = button;
		ev->mouse.x = col - 1;
		ev->mouse.y = line - 1;
		if (me == TERMKEY_MOUSE_PRESS && button == 4) /* termkey counts from 1 */
			ev->mouse.kind = MOUSE_WHEEL_UP;
		else if (me == TERMKEY_MOUSE_PRESS && button == 5)
			ev->mouse.kind = MOUSE_WHEEL_DOWN;
		else if (me == TERMKEY_MOUSE_DRAG)
			ev->mouse.kind = MOUSE_DRAG;
		else if (me == TERMKEY_MOUSE_RELEASE)
			ev->mouse.kind = MOUSE_RELEASE;
		else
			ev->mouse.kind = MOUSE_PRESS;
		return;
	}
	ev->kind = IN_KEY;
	termkey_strfkey(in->tk, ev->key, sizeof ev->key, k, FORMAT);
}

void input_push(struct input *in, const char *bytes, size_t n, struct input_event *ev)
{
	TermKeyKey k;
	ev->kind = IN_NONE;
	if (n)
		termkey_push_bytes(in->tk, bytes, n);
	TermKeyResult r = termkey_getkey(in->tk, &k);
	if (r == TERMKEY_RES_AGAIN)
		r = termkey_getkey_force(in->tk, &k);
	if (r == TERMKEY_RES_KEY)
		convert(in, &k, ev);
}

void input_wait(struct input *in, int timeout_ms, int wake_fd, int data_fd,
		struct input_event *ev)
{
	TermKeyKey k;
	ev->kind = IN_NONE;
	/* a key already buffered? */
	TermKeyResult r = termkey_getkey(in->tk, &k);
	int wait = timeout_ms;
	for (;;) {
		if (r == TERMKEY_RES_KEY) {
			convert(in, &k, ev);
			return;
		}
		if (r == TERMKEY_RES_EOF) {
			ev->kind = IN_EOF;
			return;
		}
		/* a partial sequence (a lone Escape, say) becomes a key after
		 * termkey's wait time */
		int w = r == TERMKEY_RES_AGAIN ? termkey_get_waittime(in->tk) : wait;
		/* a negative fd is ignored by poll */
		struct pollfd p[3] = { { in->fd, POLLIN, 0 }, { wake_fd, POLLIN, 0 },
				       { r == TERMKEY_RES_AGAIN ? -1 : data_fd, POLLIN, 0 } };
		int n = poll(p, 3, w);
		if (n < 0 && errno == EINTR) {
			ev->kind = IN_SIGNAL;
			return;
		}
		if (n <= 0) {
			if (r == TERMKEY_RES_AGAIN) {
				r = termkey_getkey_force(in->tk, &k);
				continue;
			}
			return; /* timed out */
		}
		if (wake_fd >= 0 && (p[1].revents & POLLIN)) {
			ev->kind = IN_SIGNAL;
			return;
		}
		if (p[2].fd >= 0 && p[2].revents && !(p[0].revents & POLLIN)) {
			ev->kind = IN_DATA;
			return;
		}
		if (p[0].revents & (POLLHUP | POLLERR) && !(p[0].revents & POLLIN)) {
			ev->kind = IN_EOF;
			return;
		}
		termkey_advisereadable(in->tk);
		r = termkey_getkey(in->tk, &k);
	}
}

bool input_canonical(struct input *in, const char *name, char *out, size_t n)
{
	/* termkey_strpkey reads "C-d", not "<C-d>": strip the brackets that
	 * termkey_strfkey writes around special keys */
	char buf[64];
	size_t len = strlen(name);
	if (!len)
		return false; /* termkey_strpkey would return a pointer past the end */
	if (len >= 3 && name[0] == '<' && name[len - 1] == '>' && len - 2 < sizeof buf) {
		memcpy(buf, name + 1, len - 2);
		buf[len - 2] = 0;
		name = buf;
	}
	TermKeyKey k;
	const char *end = termkey_strpkey(in->tk, name, &k, FORMAT);
	if (!end || *end)
		return false;
	termkey_strfkey(in->tk, out, n, &k, FORMAT);
	return true;
}

const char *input_mouse_seq(bool on)
{
	/* button events, drags, SGR coordinates */
	return on ? "\033[?1000h\033[?1002h\033[?1006h" : "\033[?1006l\033[?1002l\033[?1000l";
}

void input_mouse(bool on)
{
	fputs(input_mouse_seq(on), stdout);
	fflush(stdout);
}

void input_stop(struct input *in)
{
	if (in && in->fd >= 0)
		termkey_stop(in->tk);
}

void input_start(struct input *in)
{
	if (in && in->fd >= 0)
		termkey_start(in->tk);
}
