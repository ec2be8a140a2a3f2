/* input: keys and mouse from the terminal. The only module that includes
 * libtermkey (frozen upstream): everything else sees keys as vim-format
 * strings ("q", "<C-d>", "<PageUp>", "M-v") and mouse events as structs.
 * curses owns termios; libtermkey only decodes bytes. */
#ifndef HECTIC_INPUT_H
#define HECTIC_INPUT_H

#include <stdbool.h>
#include <stddef.h>

enum input_kind {
	IN_NONE,  /* the wait ran out */
	IN_KEY,   /* key holds the key's canonical name */
	IN_MOUSE, /* see mouse */
	IN_EOF,   /* the terminal went away */
	IN_SIGNAL, /* a signal arrived (resize, quit): the caller checks its flags */
	IN_DATA    /* data_fd became readable (the log grew) */
};

enum mouse_kind { MOUSE_PRESS, MOUSE_DRAG, MOUSE_RELEASE, MOUSE_WHEEL_UP, MOUSE_WHEEL_DOWN };

struct input_event {
	enum input_kind kind;
	char key[48];
	struct {
		enum mouse_kind kind;
		int button, x, y; /* 0-based cell */
	} mouse;
};

struct input;

/* Decodes input from fd (a terminal set up by curses). NULL on failure. */
struct input *input_new(int fd);

/* Decodes bytes pushed with input_push only (tests). */
struct input *input_new_abstract(void);
void input_free(struct input *in);

/* Waits up to timeout_ms (-1: forever) for input, or until wake_fd is
 * readable (a signal's self-pipe; -1 for none), or data_fd is (the log's
 * growth; -1 for none). Neither fd is read. */
void input_wait(struct input *in, int timeout_ms, int wake_fd, int data_fd,
		struct input_event *ev);

/* Feeds bytes to an abstract input and reads the next event, if any. */
void input_push(struct input *in, const char *bytes, size_t n, struct input_event *ev);

/* The canonical name of a key given in vim format, into out; false when the
 * name is not a key. Used for keymaps and the rc file. */
bool input_canonical(struct input *in, const char *name, char *out, size_t n);

/* Mouse reporting on the terminal (SGR mode), and off again. */
void input_mouse(bool on);

/* The bytes input_mouse writes, for a signal handler that must put the
 * terminal back with write() alone. A static string. */
const char *input_mouse_seq(bool on);

/* Around a suspend: give the terminal's keypad back (termkey's rmkx), and
 * take it again on resume (smkx). curses' endwin and refresh do the rest. */
void input_stop(struct input *in);
void input_start(struct input *in);

#endif
