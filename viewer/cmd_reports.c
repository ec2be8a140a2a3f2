/* Text reports for scripts and CI: summary, gcs, markers, threads. Each
 * opens the store and its tracks, then prints from them. */
#include "cmd.h"

#include <getopt.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../model/store.h"
#include "../model/summary.h"
#include "../model/timefmt.h"
#include "../model/tracks.h"
#include "../parser/render.h"

/* Options every report takes. */
struct ropts {
	uint64_t from, to;
	int escape; /* -1: when stdout is a terminal */
	long top;
	long gen;
	const char *grep;
	const char *path;
};

enum { OPT_FROM = 1000, OPT_TO, OPT_RAW, OPT_ESCAPE, OPT_TOP, OPT_GEN, OPT_GREP };

static const char *const usages[] = {
	"usage: hectic summary [--from T] [--to T] FILE",
	"usage: hectic gcs [--top N] [--gen G] [--from T] [--to T] FILE",
	"usage: hectic markers [--grep RE] [--from T] [--to T] [--raw | --escape] FILE",
	"usage: hectic threads [--from T] [--to T] [--raw | --escape] FILE",
};

/* Parses argv; returns -1 to go on, or an exit status. */
static int parse(int argc, char **argv, int which, struct ropts *o)
{
	static const struct option opts[] = {
		{ "from", required_argument, NULL, OPT_FROM },
		{ "to", required_argument, NULL, OPT_TO },
		{ "raw", no_argument, NULL, OPT_RAW },
		{ "escape", no_argument, NULL, OPT_ESCAPE },
		{ "top", required_argument, NULL, OPT_TOP },
		{ "gen", required_argument, NULL, OPT_GEN },
		{ "grep", required_argument, NULL, OPT_GREP },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	*o = (struct ropts){ .to = UINT64_MAX, .escape = -1, .top = 20, .gen = -1 };
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		char *end;
		switch (c) {
		case OPT_FROM:
		case OPT_TO:
			if (!time_parse(optarg, c == OPT_FROM ? &o->from : &o->to)) {
				warnx_("bad time '%s' (use ns, or a number with s, ms, us or ns)",
				       optarg);
				return EXIT_USAGE;
			}
			break;
		case OPT_RAW: o->escape = 0; break;
		case OPT_ESCAPE: o->escape = 1; break;
		case OPT_TOP:
		case OPT_GEN: {
			long v = strtol(optarg, &end, 10);
			if (*end || end == optarg || v < 0) {
				warnx_("bad number '%s'", optarg);
				return EXIT_USAGE;
			}
			*(c == OPT_TOP ? &o->top : &o->gen) = v;
			break;
		}
		case OPT_GREP: o->grep = optarg; break;
		case 'h': puts(usages[which]); return 0;
		default: fprintf(stderr, "%s\n", usages[which]); return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "%s\n", usages[which]);
		return EXIT_USAGE;
	}
	if (o->to < o->from) {
		warnx_("--to is before --from");
		return EXIT_USAGE;
	}
	o->path = argv[optind];
	if (o->escape < 0)
		o->escape = isatty(STDOUT_FILENO);
	return -1;
}

/* Opens the store and builds its tracks; reports problems as show does. */
static int open_all(const char *path, struct store *s, struct tracks *tr)
{
	char err[256];
	if (store_open(s, path, err, sizeof err) != STORE_OK) {
		warnx_("%s: %s", path, err);
		return EXIT_BADINPUT;
	}
	if (s->stop == STOP_TRUNCATED)
		warnx_("%s: truncated at byte %llu: last event incomplete", path,
		       (unsigned long long)s->stop_off);
	if (s->ngaps)
		warnx_("%s: %llu stretches of undecodable data skipped (see hectic show)", path,
		       (unsigned long long)s->ngaps);
	if (!tracks_build(tr, s)) {
		warnx_("%s: out of memory", path);
		store_close(s);
		return EXIT_BADINPUT;
	}
	if (tr->over_budget)
		warnx_("%s: some tables reached their memory budget; figures may be partial",
		       path);
	return -1;
}

/* Text from the file, escaped for a terminal when asked. */
static void put_text(FILE *f, const uint8_t *p, size_t n, bool escape)
{
	struct sbuf b = { .escape = escape };
	sbuf_text(&b, p, n);
	if (!b.oom)
		fwrite(b.p, 1, b.n, f);
	sbuf_free(&b);
}

static const char *fmt(char *buf, uint64_t ns)
{
	return time_format(buf, 32, ns);
}

int cmd_summary(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, 0, &o);
	if (rc >= 0)
		return rc;
	struct store s;
	struct tracks tr;
	if ((rc = open_all(o.path, &s, &tr)) >= 0)
		return rc;
	struct summary sm;
	summary_compute(&tr, &s, o.from, o.to, &sm);
	char a[32], b[32];
	printf("%s: %s to %s", o.path, fmt(a, sm.from), fmt(b, sm.to));
	printf(", %zu capabilities, %llu collections\n\n", tr.ncaps,
	       (unsigned long long)sm.ngcs);
	summary_print(stdout, &sm);
	tracks_free(&tr);
	store_close(&s);
	return 0;
}

/* ---- gcs ---- */

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Nearest-rank percentile of sorted v[n]. */
static uint64_t pct(const uint64_t *v, size_t n, unsigned p)
{
	if (!n)
		return 0;
	size_t r = (size_t)((p * n + 99) / 100);
	return v[r ? r - 1 : 0];
}

int cmd_gcs(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, 1, &o);
	if (rc >= 0)
		return rc;
	struct store s;
	struct tracks tr;
	if ((rc = open_all(o.path, &s, &tr)) >= 0)
		return rc;
	uint64_t *pauses = malloc((tr.ngcs ? tr.ngcs : 1) * sizeof *pauses);
	if (!pauses) {
		tracks_free(&tr);
		store_close(&s);
		return EXIT_BADINPUT;
	}
	size_t n = 0;
	printf("%4s %14s %11s %11s %4s %14s %4s %5s\n", "rank", "start", "pause", "span", "gen",
	       "copied", "par", "caps");
	for (size_t i = 0; i < tr.ngcs; i++) {
		const struct gc *g = &tr.gcs[tr.gc_by_pause[i]];
		if (g->start < o.from || g->start > o.to)
			continue;
		int gen = tracks_gc_gen(&tr, g);
		if (o.gen >= 0 && gen != o.gen)
			continue;
		pauses[n++] = g->pause;
		if ((long)n > o.top)
			continue;
		const struct gcstat *st = g->stat >= 0 ? &tr.gcstats[g->stat] : NULL;
		char a[32], b[32], c[32], gens[12], cop[24], par[12];
		snprintf(gens, sizeof gens, gen >= 0 ? "%d" : "-", gen);
		snprintf(cop, sizeof cop, st ? "%llu" : "-",
			 st ? (unsigned long long)st->copied : 0ull);
		snprintf(par, sizeof par, st ? "%u" : "-", st ? st->par_n_threads : 0u);
		printf("%4zu %14s %11s %11s %4s %14s %4s %5u\n", n, fmt(a, g->start),
		       fmt(b, g->pause), fmt(c, g->end - g->start), gens, cop, par, g->ncaps);
	}
	qsort(pauses, n, sizeof *pauses, cmp_u64);
	char p50[32], p90[32], p99[32], mx[32];
	printf("\n%zu collections; pause p50 %s, p90 %s, p99 %s, max %s\n", n,
	       fmt(p50, pct(pauses, n, 50)), fmt(p90, pct(pauses, n, 90)),
	       fmt(p99, pct(pauses, n, 99)), fmt(mx, n ? pauses[n - 1] : 0));
	printf("(pause: the mean over capabilities of GC_START..GC_END; span: first start "
	       "to last end)\n");
	free(pauses);
	tracks_free(&tr);
	store_close(&s);
	return 0;
}

/* ---- markers ---- */

static const char *mark_kind(uint16_t tag)
{
	switch (tag) {
	case EV_USER_MARKER: return "marker";
	case EV_USER_MSG: return "message";
	case EV_LOG_MSG: return "log";
	default: return "binary";
	}
}

int cmd_markers(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, 2, &o);
	if (rc >= 0)
		return rc;
	regex_t re;
	if (o.grep) {
		int e = regcomp(&re, o.grep, REG_EXTENDED | REG_NOSUB);
		if (e) {
			char msg[128];
			regerror(e, &re, msg, sizeof msg);
			warnx_("bad regular expression '%s': %s", o.grep, msg);
			return EXIT_USAGE;
		}
	}
	struct store s;
	struct tracks tr;
	if ((rc = open_all(o.path, &s, &tr)) >= 0) {
		if (o.grep)
			regfree(&re);
		return rc;
	}
	size_t shown = 0;
	for (size_t i = 0; i < tr.nmarks; i++) {
		const struct mark *m = &tr.marks[i];
		if (m->time < o.from || m->time > o.to)
			continue;
		size_t n;
		const uint8_t *txt = tracks_mark_text(&s, m, &n);
		if (!txt)
			continue;
		if (o.grep && !tracks_match(&re, txt, n))
			continue;
		char a[32];
		printf("%14llu %12s ", (unsigned long long)m->time, fmt(a, m->time));
		if (m->cap == EV_NO_CAP)
			printf("  -  ");
		else
			printf("%3d  ", m->cap);
		printf("%-8s", mark_kind(m->tag));
		if (m->tag == EV_USER_BINARY_MSG)
			printf("(%zu bytes)", n);
		else
			put_text(stdout, txt, n, o.escape);
		putchar('\n');
		shown++;
	}
	if (o.grep) {
		regfree(&re);
		if (!shown)
			warnx_("no marker or message matches '%s'", o.grep);
	}
	tracks_free(&tr);
	store_close(&s);
	return 0;
}

/* ---- threads ---- */

int cmd_threads(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, 3, &o);
	if (rc >= 0)
		return rc;
	struct store s;
	struct tracks tr;
	if ((rc = open_all(o.path, &s, &tr)) >= 0)
		return rc;
	printf("%8s %12s %12s %12s %12s %6s  %-10s %s\n", "thread", "created", "first run",
	       "ended", "running", "runs", "caps", "label");
	for (size_t i = 0; i < tr.nthreads; i++) {
		const struct thread_info *t = &tr.threads[i];
		uint64_t born = t->created != UINT64_MAX ? t->created : t->first_run;
		uint64_t end = t->finished != UINT64_MAX ? t->finished : t->last_seen;
		if (born != UINT64_MAX && born > o.to)
			continue;
		if (end < o.from)
			continue;
		char a[32], b[32], c[32], d[32], caps[40] = "";
		size_t w = 0;
		for (int k = 0; k < 63 && w + 8 < sizeof caps; k++)
			if (t->caps >> k & 1)
				w += (size_t)snprintf(caps + w, sizeof caps - w, w ? ",%d" : "%d", k);
		if (t->caps >> 63)
			snprintf(caps + w, sizeof caps - w, w ? ",63+" : "63+");
		printf("%8u %12s %12s %12s %12s %6u  %-10s ", t->id,
		       t->created != UINT64_MAX ? fmt(a, t->created) : "-",
		       t->first_run != UINT64_MAX ? fmt(b, t->first_run) : "-",
		       t->finished != UINT64_MAX ? fmt(c, t->finished) : "-", fmt(d, t->run_ns),
		       t->nruns, caps[0] ? caps : "-");
		size_t n;
		const uint8_t *label = tracks_label(&tr, &s, t, &n);
		if (label)
			put_text(stdout, label, n, o.escape);
		putchar('\n');
	}
	tracks_free(&tr);
	store_close(&s);
	return 0;
}
