/* `hectic show`: the whole log as text, byte-identical to `ghc-events show`
 * (0.21 development head) on well-formed logs. Streams: memory is bounded by
 * the index, not by the number of events. */
#include "cmd.h"

#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../model/outfile.h"
#include "../model/source.h"
#include "../model/run.h"
#include "../model/store.h"
#include "../parser/render.h"
#include "cli_help.h"
#include "pager.h"

#define FLUSH_AT (256 * 1024)
#define MAX_EVENT_WARNINGS 20
#define WARN_LEN 160

static bool flush(struct sbuf *b)
{
	bool ok = !b->oom && outfile_write_fd(STDOUT_FILENO, b->p, b->n);
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

/* ---- parallel rendering ----
 * The main thread merges (cheap: times and sizes only) into batches of event
 * references; workers decode and render whole batches; the main thread writes
 * finished batches in order. Output order is the merge order whatever the
 * scheduling. Memory: NSLOTS batches of refs and their text. */
#define BATCH 16384
#define NSLOTS 6
#define MAX_WORKERS 4

enum slot_state { SLOT_FREE, SLOT_FILLED, SLOT_RENDERING, SLOT_DONE };

struct slot {
	enum slot_state state;
	uint64_t seq;
	size_t n;
	struct evref refs[BATCH];
	struct sbuf out;
	uint64_t nbad;
	unsigned nwarn;
	char warn[4][WARN_LEN]; /* the first few problems, in order */
};

struct show {
	const struct store *s;
	bool pretty;
	pthread_mutex_t mu;
	pthread_cond_t filled; /* a slot became SLOT_FILLED, or quit */
	pthread_cond_t done;   /* a slot became SLOT_DONE */
	struct slot *slots;
	bool quit;
	size_t batch; /* events per slot, at most BATCH */
};

static void render_batch(struct show *sh, struct slot *sl)
{
	const struct store *s = sh->s;
	const volatile sig_atomic_t *faulted = store_fault_flag(s);
	struct sbuf *b = &sl->out;
	struct ev e;
	b->n = 0;
	sl->nbad = 0;
	sl->nwarn = 0;
	for (size_t i = 0; i < sl->n && !*faulted; i++) {
		const struct evref *r = &sl->refs[i];
		size_t before = b->n;
		if (!sh->pretty && render_line_raw(b, &s->hdr, s->map, s->size, r->off, r->cap)) {
			if (*faulted) {
				b->n = before;
				break;
			}
			continue;
		}
		if (ev_decode(&s->hdr, s->map, s->size, r->off, &e) != EV_OK)
			continue; /* cannot happen: the index read it */
		render_line(b, &s->hdr, &e, r->cap, sh->pretty);
		if (*faulted) {
			b->n = before; /* that line may hold zeros, not the file */
			break;
		}
		if (e.bad) {
			if (sl->nwarn < 4)
				snprintf(sl->warn[sl->nwarn++], sizeof sl->warn[0],
					 "byte %llu: %s event: %s", (unsigned long long)e.off,
					 e.layout != SEL_UNKNOWN_LAYOUT ? ev_layouts[e.layout].name
									: "?",
					 bad_text(e.bad));
			sl->nbad++;
		}
	}
}

static void *show_worker(void *arg)
{
	struct show *sh = arg;
	pthread_mutex_lock(&sh->mu);
	for (;;) {
		struct slot *sl = NULL;
		/* the oldest filled slot first, so the writer is never starved */
		for (int i = 0; i < NSLOTS; i++)
			if (sh->slots[i].state == SLOT_FILLED && (!sl || sh->slots[i].seq < sl->seq))
				sl = &sh->slots[i];
		if (!sl) {
			if (sh->quit)
				break;
			pthread_cond_wait(&sh->filled, &sh->mu);
			continue;
		}
		sl->state = SLOT_RENDERING;
		pthread_mutex_unlock(&sh->mu);
		render_batch(sh, sl);
		pthread_mutex_lock(&sh->mu);
		sl->state = SLOT_DONE;
		pthread_cond_broadcast(&sh->done);
	}
	pthread_mutex_unlock(&sh->mu);
	return NULL;
}

static unsigned worker_count(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	const char *env = getenv("HECTIC_THREADS");
	if (env && *env)
		n = atol(env);
	if (n < 1)
		n = 1;
	return n > MAX_WORKERS ? MAX_WORKERS : (unsigned)n;
}

struct totals {
	uint64_t nbad;
	unsigned nwarn;
	bool out_ok;
	bool paged; /* the warnings wait in later until the pager has ended */
	char later[MAX_EVENT_WARNINGS][WARN_LEN];
};

/* Writes slot sl (which must be SLOT_DONE) and frees it. */
static void slot_write(struct slot *sl, struct totals *t, const char *path)
{
	for (unsigned i = 0; i < sl->nwarn; i++) {
		if (t->nwarn < MAX_EVENT_WARNINGS && t->paged)
			memcpy(t->later[t->nwarn], sl->warn[i], sizeof t->later[0]);
		else if (t->nwarn < MAX_EVENT_WARNINGS)
			warnx_("%s: %s", path, sl->warn[i]);
		t->nwarn++;
	}
	t->nbad += sl->nbad;
	if (t->out_ok)
		t->out_ok = flush(&sl->out);
	sl->out.n = 0;
	sl->state = SLOT_FREE;
}

/* Renders every event of the store to stdout, in order. */
static void show_events(const struct store *s, struct merge *m, bool pretty, bool escape,
			struct totals *t)
{
	struct show sh = { .s = s, .pretty = pretty, .batch = BATCH };
	/* tests shrink batches to force the pipeline's edge cases */
	const char *env = getenv("HECTIC_BATCH");
	if (env && atol(env) > 0 && atol(env) < BATCH)
		sh.batch = (size_t)atol(env);
	unsigned nw = worker_count();
	pthread_t th[MAX_WORKERS];
	sh.slots = calloc(NSLOTS, sizeof *sh.slots);
	if (!sh.slots) {
		t->out_ok = false;
		return;
	}
	for (int i = 0; i < NSLOTS; i++)
		sh.slots[i].out.escape = escape;
	pthread_mutex_init(&sh.mu, NULL);
	pthread_cond_init(&sh.filled, NULL);
	pthread_cond_init(&sh.done, NULL);
	unsigned started = 0;
	for (; started < nw; started++)
		if (pthread_create(&th[started], NULL, show_worker, &sh) != 0)
			break;

	uint64_t next_fill = 0, next_emit = 0;
	bool more = true;
	while (more || next_emit < next_fill) {
		pthread_mutex_lock(&sh.mu);
		struct slot *free_sl = NULL, *oldest = NULL;
		for (int i = 0; i < NSLOTS; i++) {
			struct slot *sl = &sh.slots[i];
			if (sl->state == SLOT_FREE && !free_sl)
				free_sl = sl;
			if (sl->state != SLOT_FREE && sl->seq == next_emit)
				oldest = sl;
		}
		if (oldest && oldest->state == SLOT_DONE) {
			pthread_mutex_unlock(&sh.mu);
			slot_write(oldest, t, s->path);
			next_emit++;
			continue;
		}
		if (started == 0 && oldest && oldest->state == SLOT_FILLED) {
			/* no worker threads could be started: render here */
			pthread_mutex_unlock(&sh.mu);
			render_batch(&sh, oldest);
			oldest->state = SLOT_DONE;
			continue;
		}
		if (!more || !free_sl) {
			if (!oldest) {
				pthread_mutex_unlock(&sh.mu);
				break;
			}
			pthread_cond_wait(&sh.done, &sh.mu);
			pthread_mutex_unlock(&sh.mu);
			continue;
		}
		pthread_mutex_unlock(&sh.mu);
		size_t n = 0;
		const volatile sig_atomic_t *faulted = store_fault_flag(s);
		while (n < sh.batch && !*faulted && merge_step(m, &free_sl->refs[n]))
			n++;
		more = n == sh.batch && !*faulted;
		if (n == 0)
			continue;
		pthread_mutex_lock(&sh.mu);
		free_sl->n = n;
		free_sl->seq = next_fill++;
		free_sl->state = SLOT_FILLED;
		pthread_cond_signal(&sh.filled);
		pthread_mutex_unlock(&sh.mu);
	}
	pthread_mutex_lock(&sh.mu);
	sh.quit = true;
	pthread_cond_broadcast(&sh.filled);
	pthread_mutex_unlock(&sh.mu);
	for (unsigned i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	for (int i = 0; i < NSLOTS; i++)
		sbuf_free(&sh.slots[i].out);
	free(sh.slots);
	pthread_mutex_destroy(&sh.mu);
	pthread_cond_destroy(&sh.filled);
	pthread_cond_destroy(&sh.done);
}

struct show_opts {
	bool pretty, no_pager;
	const char *save;
	int escape; /* --escape 1, --raw 0, else -1: whether stdout is a terminal */
	const char *path;
};

/* argv into *o: -1 to go on, else the exit status. */
static int show_parse(const struct cli_cmd *self, int argc, char **argv, struct show_opts *o)
{
	static const struct option opts[] = {
		{ "pretty-time", no_argument, NULL, 'p' },
		{ "raw", no_argument, NULL, 'r' },
		{ "escape", no_argument, NULL, 'e' },
		{ "save", required_argument, NULL, 's' },
		{ "no-pager", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	*o = (struct show_opts){ .escape = -1 };
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'p': o->pretty = true; break;
		case 'r': o->escape = 0; break;
		case 'e': o->escape = 1; break;
		case 's': o->save = optarg; break;
		case 'n': o->no_pager = true; break;
		case 'h': cli_usage_print(stdout, self); return 0;
		default: warn_badopt_try(argc, argv, "show"); return EXIT_USAGE;
		}
	}
	int bad = cli_operands(argc, argv, 1, 1, "show", "FILE", cli_usage_print, self);
	if (bad >= 0)
		return bad;
	o->path = argv[optind];
	return -1;
}

/* The end of show, once the text is written: the pager's end, then what
 * went wrong, said on the terminal after the text; the exit status. */
static int show_end(struct store *s, const char *path, struct totals *t, bool oom, int werr)
{
	int rc = 0;
	int prc = t->paged ? pager_finish() : -1;
	if (prc >= 0)
		rc = prc;
	/* what waited for the pager's end */
	for (unsigned i = 0; t->paged && i < t->nwarn && i < MAX_EVENT_WARNINGS; i++)
		warnx_("%s: %s", path, t->later[i]);
	if (oom) {
		warnx_("%s: out of memory: the output is incomplete", path);
		rc = EXIT_BADINPUT;
	}
	if (!t->out_ok) {
		if (werr != EPIPE)
			warnx_("write error: %s", strerror(werr));
		rc = EXIT_BADINPUT;
	}
	if (t->nbad) {
		if (t->nwarn > MAX_EVENT_WARNINGS)
			warnx_("%s: %llu malformed events in all", path, (unsigned long long)t->nbad);
		rc = EXIT_BADINPUT;
	}
	if (store_faulted(s)) {
		warnx_("%s: the file shrank while it was being read; output is incomplete", path);
		rc = EXIT_BADINPUT;
	}
	if (!store_report(s, cmd_say_problem, (void *)path))
		rc = EXIT_BADINPUT;
	return rc;
}

int cmd_show(const struct cli_cmd *self, int argc, char **argv)
{
	struct show_opts o;
	int orc = show_parse(self, argc, argv, &o);
	if (orc >= 0)
		return orc;
	const char *path = o.path;
	struct run run = { .say = cmd_run_says };
	/* show reads every event through the mapping: the index reads the
	 * file through it too, so that setting up its pages (costly on some
	 * VMs: bench/touch.c) happens on every core, not in the stream */
	store_read_window = 0;
	switch (run_open(&run, path, &(struct run_open_options){ .save = o.save })) {
	case RUN_OPENED: break;
	case RUN_REFUSED: return EXIT_USAGE;
	case RUN_FAILED: return EXIT_BADINPUT;
	}
	struct store *s = &run.s;
	struct sbuf b = { 0 };
	b.escape = o.escape < 0 ? isatty(STDOUT_FILENO) : o.escape;
	sbuf_grow(&b, FLUSH_AT + 4096);

	sbuf_puts(&b, "Event Types:\n");
	for (size_t i = 0; i < s->hdr.ntypes; i++) {
		render_type(&b, &s->hdr.types[i]);
		sbuf_putc(&b, '\n');
	}
	sbuf_puts(&b, "\nEvents:\n");

	struct merge *m = merge_new(s);
	if (!m) {
		warnx_("%s: out of memory", path);
		run_close(&run);
		sbuf_free(&b);
		return EXIT_BADINPUT;
	}
	/* through the pager: --escape's default was decided for the terminal,
	 * above; the warnings said while the text streams wait for its end */
	struct totals t = { .paged = !o.no_pager && pager_start() };
	t.out_ok = flush(&b);
	show_events(s, m, o.pretty, b.escape, &t);
	bool oom = merge_failed(m);
	merge_free(m);
	sbuf_putc(&b, '\n');
	if (t.out_ok)
		t.out_ok = flush(&b);
	int rc = show_end(s, path, &t, oom, errno);
	run_close(&run);
	sbuf_free(&b);
	return rc;
}
