/* `hectic show`: the whole log as text, byte-identical to `ghc-events show`
 * (0.21 development head) on well-formed logs. Streams: memory is bounded by
 * the index, not by the number of events. */
#include "cmd.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../model/store.h"
#include "../parser/render.h"

#define FLUSH_AT (256 * 1024)
#define MAX_EVENT_WARNINGS 20

static bool write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		p += w;
		n -= (size_t)w;
	}
	return true;
}

static bool flush(struct sbuf *b)
{
	bool ok = !b->oom && write_all(STDOUT_FILENO, b->p, b->n);
	b->n = 0;
	return ok;
}

static const char *bad_text(uint16_t bad)
{
	if (bad & BAD_UTF8)
		return "invalid UTF-8 in a text field (shown as \\xNN)";
	if (bad & BAD_STATUS)
		return "unknown thread stop status";
	if (bad & BAD_BREAKDOWN)
		return "unknown heap profile breakdown";
	if (bad & BAD_IPE_DESC)
		return "IPE closure description is not a number";
	if (bad & BAD_TICKY_LEN)
		return "ticky counter definition overruns its length";
	if (bad & BAD_EDEN_TAG)
		return "Eden message tag out of range";
	if (bad & BAD_LEN)
		return "length field disagrees with the contents";
	return "malformed event";
}

static void usage_show(FILE *f)
{
	fprintf(f, "usage: hectic show [--pretty-time] [--raw | --escape] FILE\n");
}

int cmd_show(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "pretty-time", no_argument, NULL, 'p' },
		{ "raw", no_argument, NULL, 'r' },
		{ "escape", no_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	bool pretty = false;
	int escape = -1; /* default: escape when stdout is a terminal */
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'p': pretty = true; break;
		case 'r': escape = 0; break;
		case 'e': escape = 1; break;
		case 'h': usage_show(stdout); return 0;
		default: usage_show(stderr); return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		usage_show(stderr);
		return EXIT_USAGE;
	}
	const char *path = argv[optind];
	struct store s;
	char err[256];
	enum store_status st = store_open(&s, path, err, sizeof err);
	if (st != STORE_OK) {
		warnx_("%s: %s", path, err);
		return EXIT_BADINPUT;
	}
	struct sbuf b = { 0 };
	b.escape = escape < 0 ? isatty(STDOUT_FILENO) : escape;
	sbuf_grow(&b, FLUSH_AT + 4096);
	int rc = 0;
	bool out_ok = true;

	sbuf_puts(&b, "Event Types:\n");
	for (size_t i = 0; i < s.hdr.ntypes; i++) {
		render_type(&b, &s.hdr.types[i]);
		sbuf_putc(&b, '\n');
	}
	sbuf_puts(&b, "\nEvents:\n");

	struct merge *m = merge_new(&s);
	if (!m) {
		warnx_("%s: out of memory", path);
		store_close(&s);
		sbuf_free(&b);
		return EXIT_BADINPUT;
	}
	const struct ev *e;
	int32_t cap;
	unsigned nwarn = 0;
	uint64_t nbad = 0;
	while ((e = merge_next(m, &cap))) {
		render_line(&b, &s.hdr, e, cap, pretty);
		if (e->bad) {
			nbad++;
			if (nwarn++ < MAX_EVENT_WARNINGS)
				warnx_("%s: byte %llu: %s event: %s", path,
				       (unsigned long long)e->off,
				       e->layout != SEL_UNKNOWN_LAYOUT ? ev_layouts[e->layout].name : "?",
				       bad_text(e->bad));
		}
		if (b.n >= FLUSH_AT && !(out_ok = flush(&b)))
			break;
	}
	merge_free(m);
	sbuf_putc(&b, '\n');
	if (out_ok)
		out_ok = flush(&b);
	if (!out_ok) {
		if (errno != EPIPE)
			warnx_("write error: %s", strerror(errno));
		rc = EXIT_BADINPUT;
	}
	if (nbad) {
		if (nwarn > MAX_EVENT_WARNINGS)
			warnx_("%s: %llu malformed events in all", path, (unsigned long long)nbad);
		rc = EXIT_BADINPUT;
	}
	switch (s.stop) {
	case STOP_CLEAN:
		break;
	case STOP_NO_DATAEND:
		if (!s.ndataend)
			warnx_("%s: no end-of-data marker: the log is incomplete "
			       "(the program may still be running, or crashed)", path);
		break;
	case STOP_TRUNCATED:
		warnx_("%s: truncated at byte %llu: last event incomplete", path,
		       (unsigned long long)s.stop_off);
		break;
	case STOP_UNDECLARED:
		warnx_("%s: byte %llu: event type %u is not declared in the header; "
		       "cannot read past it (%llu bytes unread)", path,
		       (unsigned long long)s.stop_off, s.stop_tag,
		       (unsigned long long)(s.size - s.stop_off));
		rc = EXIT_BADINPUT;
		break;
	}
	if (s.after_end)
		warnx_("%s: byte %llu: %llu bytes of events after the end-of-data marker "
		       "(shown)", path, (unsigned long long)s.first_dataend,
		       (unsigned long long)s.after_end);
	store_close(&s);
	sbuf_free(&b);
	return rc;
}
