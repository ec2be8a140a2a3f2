/* Text reports for scripts and CI: summary, gcs, markers, threads and
 * activity. Each opens the store and its tracks, then prints from them;
 * with --tsv, a header row naming the columns and one row per item, times
 * and durations in integer nanoseconds, bytes as integers. */
#include "cmd.h"

#include <errno.h>
#include <signal.h>
#include <time.h>
#include <getopt.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../keymaps/rc.h"
#include "../model/cctree.h"
#include "../model/heap.h"
#include "../model/regex_guard.h"
#include "../model/source.h"
#include "../model/spans.h"
#include "../model/store.h"
#include "../model/summary.h"
#include "../model/timefmt.h"
#include "../model/tracks.h"
#include "../parser/render.h"
#include "../parser/utf8.h"
#include "summary_text.h"

/* Options every report takes. */
struct ropts {
	uint64_t from, to;
	int escape; /* -1: when stdout is a terminal */
	long top;
	long gen;
	long columns;
	long cap;
	bool tsv, folded, flat, builtin, follow;
	bool has_from, has_to;
	const char *grep;
	const char *path;
	const char *save; /* --save: keep a stream's bytes here */
};

enum { OPT_FROM = 1000, OPT_TO, OPT_RAW, OPT_ESCAPE, OPT_TOP, OPT_GEN, OPT_GREP, OPT_TSV,
       OPT_COLUMNS, OPT_FOLDED, OPT_FLAT, OPT_CAP, OPT_BUILTIN, OPT_SAVE, OPT_FOLLOW };
enum { R_SUMMARY, R_GCS, R_MARKERS, R_THREADS, R_ACTIVITY, R_HEAP, R_PROFILE, R_SPANS, R_SPARKS };

static const char *const usages[] = {
	"usage: hectic summary [--from T] [--to T] [--tsv] [--follow] [--save OUT] FILE",
	"usage: hectic gcs [--top N] [--gen G] [--from T] [--to T] [--tsv] [--save OUT] FILE",
	"usage: hectic markers [--grep RE] [--from T] [--to T] [--tsv] [--raw | --escape] [--save OUT] FILE",
	"usage: hectic threads [--from T] [--to T] [--tsv] [--raw | --escape] [--save OUT] FILE",
	"usage: hectic activity [--columns N] [--from T] [--to T] [--tsv] [--save OUT] FILE",
	"usage: hectic heap [--top N] [--from T] [--to T] [--tsv] [--raw | --escape] [--save OUT] FILE",
	"usage: hectic profile [--flat [--top N] | --folded] [--cap N] [--builtin] [--from T] "
	"[--to T] [--tsv] [--raw | --escape] [--save OUT] FILE",
	"usage: hectic spans [--from T] [--to T] [--tsv] [--raw | --escape] [--save OUT] FILE",
	"usage: hectic sparks [--from T] [--to T] [--tsv] [--save OUT] FILE",
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
		{ "tsv", no_argument, NULL, OPT_TSV },
		{ "columns", required_argument, NULL, OPT_COLUMNS },
		{ "folded", no_argument, NULL, OPT_FOLDED },
		{ "flat", no_argument, NULL, OPT_FLAT },
		{ "cap", required_argument, NULL, OPT_CAP },
		{ "builtin", no_argument, NULL, OPT_BUILTIN },
		{ "save", required_argument, NULL, OPT_SAVE },
		{ "follow", no_argument, NULL, OPT_FOLLOW },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	*o = (struct ropts){ .to = UINT64_MAX, .escape = -1, .top = 20, .gen = -1,
			     .columns = 100, .cap = -1 };
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
			*(c == OPT_FROM ? &o->has_from : &o->has_to) = true;
			break;
		case OPT_TSV: o->tsv = true; break;
		case OPT_FOLDED: o->folded = true; break;
		case OPT_FLAT: o->flat = true; break;
		case OPT_BUILTIN: o->builtin = true; break;
		case OPT_RAW: o->escape = 0; break;
		case OPT_ESCAPE: o->escape = 1; break;
		case OPT_TOP:
		case OPT_GEN:
		case OPT_CAP:
		case OPT_COLUMNS: {
			errno = 0;
			long v = strtol(optarg, &end, 10);
			if (*end || end == optarg || v < 0 || errno ||
			    (c == OPT_COLUMNS && (v < 1 || v > 100000))) {
				warnx_(c == OPT_COLUMNS ? "bad column count '%s' (1 to 100000)"
							: "bad number '%s'",
				       optarg);
				return EXIT_USAGE;
			}
			*(c == OPT_TOP ? &o->top : c == OPT_GEN ? &o->gen : c == OPT_CAP ? &o->cap
									 : &o->columns) = v;
			break;
		}
		case OPT_GREP: o->grep = optarg; break;
		case OPT_SAVE: o->save = optarg; break;
		case OPT_FOLLOW:
			if (which != R_SUMMARY)
				goto bad;
			o->follow = true;
			break;
		case 'h': puts(usages[which]); return 0;
		default:
		bad:
			warn_badopt(argc, argv);
			fprintf(stderr, "%s\n", usages[which]);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "%s\n", usages[which]);
		return EXIT_USAGE;
	}
	if (o->flat && o->folded) {
		warnx_("--flat and --folded: choose one");
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

/* The input: a file, or a stream read to its end (cmd_open_store). */
static struct source input;

/* Opens the log (a file, or a stream read to its end), and builds its
 * tracks when tr is not NULL (what the data held besides events is said
 * by finish). */
static int open_all(const struct ropts *o, struct store *s, struct tracks *tr)
{
	const char *path = o->path;
	int rc = cmd_open_store(path, o->save, &input, s);
	if (rc >= 0)
		return rc;
	if (store_shrunk) {
		warnx_("%s: the file shrank while it was read", path);
		store_close(s);
		source_close(&input);
		return EXIT_BADINPUT;
	}
	if (!tr)
		return -1;
	if (!tracks_build(tr, s) || store_shrunk) {
		warnx_("%s: out of memory", path);
		store_close(s);
		source_close(&input);
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
	if (!b.oom && b.n)
		fwrite(b.p, 1, b.n, f);
	sbuf_free(&b);
}

static const char *fmt(char *buf, uint64_t ns)
{
	return time_format(buf, 32, ns);
}

/* A text field of a TSV row: tabs, newlines, carriage returns and
 * backslashes as \t, \n, \r and \\; the rest as put_text writes it
 * (escaped for a terminal when asked). */
static void put_tsv_text(FILE *f, const uint8_t *p, size_t n, bool escape)
{
	size_t i = 0;
	while (i < n) {
		size_t j = i;
		while (j < n && p[j] != '\t' && p[j] != '\n' && p[j] != '\r' && p[j] != '\\')
			j++;
		if (j > i)
			put_text(f, p + i, j - i, escape);
		if (j < n)
			fputs(p[j] == '\t' ? "\\t" : p[j] == '\n' ? "\\n" : p[j] == '\r' ? "\\r" : "\\\\",
			      f);
		i = j + 1;
	}
}

static void tsv_u64(FILE *f, const char *name, uint64_t v)
{
	fprintf(f, "%s\t%llu\n", name, (unsigned long long)v);
}

static void summary_tsv(FILE *f, const struct summary *sm, size_t ncaps)
{
	fprintf(f, "field\tvalue\n");
	tsv_u64(f, "from", sm->from);
	tsv_u64(f, "to", sm->to);
	tsv_u64(f, "capabilities", ncaps);
	tsv_u64(f, "collections", sm->ngcs);
	tsv_u64(f, "allocated_bytes", sm->allocated);
	tsv_u64(f, "copied_bytes", sm->copied);
	tsv_u64(f, "max_residency_bytes", sm->max_live);
	tsv_u64(f, "residency_samples", sm->live_samples);
	tsv_u64(f, "max_slop_bytes", sm->max_slop);
	tsv_u64(f, "max_memory_in_use_bytes", sm->max_heap);
	tsv_u64(f, "memory_is_lower_bound", sm->mem_lower_bound);
	for (unsigned g = 0; g < sm->ngens; g++) {
		char k[48];
		snprintf(k, sizeof k, "gen%u_collections", g);
		tsv_u64(f, k, sm->gen[g].colls);
		snprintf(k, sizeof k, "gen%u_parallel", g);
		tsv_u64(f, k, sm->gen[g].par);
		snprintf(k, sizeof k, "gen%u_elapsed_ns", g);
		tsv_u64(f, k, sm->gen[g].elapsed);
		snprintf(k, sizeof k, "gen%u_avg_pause_ns", g);
		tsv_u64(f, k, sm->gen[g].colls ? sm->gen[g].elapsed / sm->gen[g].colls : 0);
		snprintf(k, sizeof k, "gen%u_max_pause_ns", g);
		tsv_u64(f, k, sm->gen[g].max_pause);
	}
	if (sm->have_syncs) {
		tsv_u64(f, "nonmoving_syncs", sm->sync_colls);
		tsv_u64(f, "nonmoving_sync_elapsed_ns", sm->sync_elapsed);
		tsv_u64(f, "nonmoving_sync_max_ns", sm->sync_max);
	}
	if (sm->have_sparks) {
		static const char *const nm[7] = { "sparks_created", "sparks_dud",
			"sparks_overflowed", "sparks_converted", "sparks_gcd", "sparks_fizzled",
			"sparks_remaining" };
		for (int k = 0; k < 6; k++)
			tsv_u64(f, nm[k], sm->sparks[k]);
	}
	if (sm->have_init)
		tsv_u64(f, "init_elapsed_ns", sm->init);
	tsv_u64(f, "mut_elapsed_ns", sm->mut);
	tsv_u64(f, "gc_elapsed_ns", sm->gc);
	tsv_u64(f, "gc_includes_heap_census", sm->profiled);
	if (sm->have_exit)
		tsv_u64(f, "exit_elapsed_ns", sm->exit);
	tsv_u64(f, "total_elapsed_ns", sm->total);
	fprintf(f, "productivity\t%.4f\n", sm->total ? (double)sm->mut / (double)sm->total : 0.0);
}

static void say_problem(void *path, const char *msg)
{
	warnx_("%s: %s", (const char *)path, msg);
}

/* Ends a report. After one printed, what the data held besides events is
 * said as show says it, with byte offsets (store_report): data it could
 * not read (an undeclared event type, undecodable stretches) makes the
 * report incomplete, exit 1; a cut or unfinished log is normal, exit 0.
 * A write error (a full disk, a closed pipe) is an error. */
static int finish(struct store *s, struct tracks *tr, int rc)
{
	if (store_shrunk) { /* what was printed after it is not the file's */
		warnx_("%s: the file shrank while it was read; the report is incomplete",
		       input.spec);
		rc = EXIT_BADINPUT;
	} else if (rc == 0 && !store_report(s, say_problem, (void *)input.spec)) {
		rc = EXIT_BADINPUT;
	}
	tracks_free(tr);
	store_close(s);
	source_close(&input);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		warnx_("cannot write the report: %s", strerror(errno ? errno : EIO));
		return EXIT_BADINPUT;
	}
	return rc;
}

/* ---- top: summary --follow ---- */

static volatile sig_atomic_t top_stop;
static void on_stop(int sig)
{
	(void)sig;
	top_stop = 1;
}

/* Bytes as B, kB, MB, GB (powers of 1000, as rates usually are). */
static const char *human(char *buf, double v)
{
	static const char *const unit[] = { "B", "kB", "MB", "GB", "TB" };
	int u = 0;
	while (v >= 999.5 && u < 4)
		v /= 1000, u++;
	snprintf(buf, 32, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
	return buf;
}

/* The latest sample at or before t, or 0. */
static uint64_t sample_at(const struct sample *v, size_t n, uint64_t t)
{
	uint64_t r = 0;
	for (size_t i = n; i-- > 0;)
		if (v[i].time <= t) {
			r = v[i].value;
			break;
		}
	return r;
}

/* One line for the log time [from, to): what the program did in it. */
static void top_line(const struct tracks *tr, const struct store *s, uint64_t from, uint64_t to)
{
	struct summary sm;
	summary_compute(tr, s, from, to, &sm);
	struct pause_pct pp;
	tracks_pause_pct(tr, from, to - 1, -1, &pp);
	uint64_t w = to > from ? to - from : 1;
	char t[32], a[32], hs[32], lv[32], p99[32];
	double gcshare = sm.to > sm.from ? 100.0 * (double)sm.gc / (double)(sm.to - sm.from) : 0;
	if (gcshare > 100)
		gcshare = 100;
	printf("%9s %10s/s %9s %9s %6.1f%% %9s %5llu", fmt(t, to),
	       sm.have_alloc ? human(a, (double)sm.allocated * 1e9 / (double)w) : "-",
	       tr->nheap_size ? human(hs, (double)sample_at(tr->heap_size, tr->nheap_size, to)) : "-",
	       tr->nheap_live ? human(lv, (double)sample_at(tr->heap_live, tr->nheap_live, to)) : "-",
	       gcshare, pp.n ? fmt(p99, pp.p99) : "-", (unsigned long long)sm.ngcs);
	if (sm.have_sparks)
		printf("  %llu/%llu/%llu", (unsigned long long)sm.sparks[SP_CREATED],
		       (unsigned long long)sm.sparks[SP_CONVERTED],
		       (unsigned long long)sm.sparks[SP_FIZZLED]);
	putchar('\n');
	fflush(stdout);
}

/* The log has all it will have. */
static bool top_ended(const struct store *s)
{
	if (s->ndataend)
		return true;
	return input.kind != SRC_FILE && source_ended(&input) && source_bytes(&input) <= s->size;
}

/* The time before which the events are final (all of them once ended),
 * 0 while none is. */
static uint64_t top_horizon(const struct store *s, const struct tracks *tr)
{
	uint64_t hz;
	if (top_ended(s))
		return s->tmax + 1;
	if (!store_horizon(s, tr->startup_caps, &hz))
		return 0;
	return hz > s->tmax + 1 ? s->tmax + 1 : hz;
}

/* summary --follow (hectic top): a line a second while the log grows,
 * then the whole run's summary. */
static int follow_summary(const struct ropts *o)
{
	char err[300];
	if (!source_open(&input, o->path, o->save, err, sizeof err)) {
		warnx_("%s", err);
		return EXIT_BADINPUT;
	}
	struct store s;
	struct tracks tr;
	bool empty;
	if (source_store_open(&input, &s, &empty, err, sizeof err) != STORE_OK) {
		warnx_("%s: %s", o->path, err);
		source_close(&input);
		return EXIT_BADINPUT;
	}
	if (!tracks_build(&tr, &s)) {
		warnx_("%s: out of memory", o->path);
		return finish(&s, &tr, EXIT_BADINPUT);
	}
	struct sigaction sa = { .sa_handler = on_stop };
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	printf("%9s %12s %9s %9s %7s %9s %5s%s\n", "log time", "alloc", "heap", "live", "GC",
	       "p99 pause", "GCs", "  sparks created/converted/fizzled");
	/* a line covers the time up to the horizon: its events are final */
	uint64_t last = s.tmin, hz = top_horizon(&s, &tr);
	if (hz > last) {
		top_line(&tr, &s, last, hz);
		last = hz;
	}
	const char *stopped = NULL;
	while (!top_ended(&s) && !top_stop) {
		if (input.kind != SRC_FILE)
			source_wait_bytes(&input, UINT64_MAX, 1000);
		else
			nanosleep(&(struct timespec){ 1, 0 }, NULL);
		if (top_stop)
			break;
		switch (store_extend(&s, err, sizeof err)) {
		case EXTEND_SAME: continue;
		case EXTEND_SHRANK: stopped = "the file shrank"; break;
		case EXTEND_REPLACED: stopped = "the file was replaced"; break;
		case EXTEND_ERROR: stopped = err; break;
		case EXTEND_GREW:
			tracks_free(&tr);
			if (!tracks_build(&tr, &s)) {
				warnx_("%s: out of memory", o->path);
				return finish(&s, &tr, EXIT_BADINPUT);
			}
			hz = top_horizon(&s, &tr);
			if (hz > last) {
				top_line(&tr, &s, last, hz);
				last = hz;
			}
			continue;
		}
		break;
	}
	if (s.tmax + 1 > last) /* what was not final: final now */
		top_line(&tr, &s, last, s.tmax + 1);
	if (stopped)
		warnx_("%s: %s: the summary is of what was read", o->path, stopped);
	else if (top_stop)
		warnx_("%s: interrupted: the summary is of what was read", o->path);
	const char *why = input.kind != SRC_FILE ? source_error(&input) : "";
	if (*why)
		warnx_("%s: %s after %llu bytes", o->path, why, (unsigned long long)s.size);
	struct summary sm;
	summary_compute(&tr, &s, o->from, o->to, &sm);
	char a[32], b[32];
	printf("\n%s: %s to %s", o->path, fmt(a, sm.from), fmt(b, sm.to));
	printf(", %zu capabilities, %llu collections\n\n", tr.ncaps,
	       (unsigned long long)sm.ngcs);
	summary_write(stdout, &sm);
	return finish(&s, &tr, 0);
}

int cmd_top(int argc, char **argv)
{
	/* top FILE is summary --follow FILE */
	char *args[argc + 2];
	args[0] = argv[0];
	args[1] = (char *)"--follow";
	for (int i = 1; i < argc; i++)
		args[i + 1] = argv[i];
	args[argc + 1] = NULL;
	return cmd_summary(argc + 1, args);
}

int cmd_summary(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, R_SUMMARY, &o);
	if (rc >= 0)
		return rc;
	if (o.follow) {
		if (o.tsv) {
			warnx_("--follow prints lines for a terminal or a log file: no --tsv");
			return EXIT_USAGE;
		}
		return follow_summary(&o);
	}
	struct store s;
	struct tracks tr;
	if ((rc = open_all(&o, &s, &tr)) >= 0)
		return rc;
	struct summary sm;
	summary_compute(&tr, &s, o.from, o.to, &sm);
	if (o.tsv)
		return finish(&s, &tr, (summary_tsv(stdout, &sm, tr.ncaps), 0));
	char a[32], b[32];
	printf("%s: %s to %s", o.path, fmt(a, sm.from), fmt(b, sm.to));
	printf(", %zu capabilities, %llu collections\n\n", tr.ncaps,
	       (unsigned long long)sm.ngcs);
	summary_write(stdout, &sm);
	return finish(&s, &tr, 0);
}

/* ---- gcs ---- */

/* The capabilities that took part, as "0,2,3". */
static void part_caps(const struct tracks *tr, const struct gc *g, char *buf, size_t n)
{
	size_t w = 0;
	buf[0] = 0;
	for (uint32_t k = 0; k < g->ncaps && w + 12 < n; k++)
		w += (size_t)snprintf(buf + w, n - w, k ? ",%d" : "%d",
				      tr->gcparts[g->part + k].cap);
	if (!g->ncaps)
		snprintf(buf, n, "-");
}

int cmd_gcs(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, R_GCS, &o);
	if (rc >= 0)
		return rc;
	struct store s;
	struct tracks tr;
	if ((rc = open_all(&o, &s, &tr)) >= 0)
		return rc;
	if (o.tsv) { /* every collection in the window, in time order */
		printf("start\tend\tpause\tspan_start\tspan_end\tgen\tcopied\tpar_threads\t"
		       "cap\tcaps\n");
		for (size_t i = 0; i < tr.ngcs; i++) {
			const struct gc *g = &tr.gcs[i];
			int gen = tracks_gc_gen(&tr, g);
			if (g->start < o.from || g->start > o.to || (o.gen >= 0 && gen != o.gen))
				continue;
			const struct gcstat *st = g->stat >= 0 ? &tr.gcstats[g->stat] : NULL;
			char caps[512];
			part_caps(&tr, g, caps, sizeof caps);
			printf("%llu\t%llu\t%llu\t%llu\t%llu\t", (unsigned long long)g->start,
			       (unsigned long long)g->end, (unsigned long long)g->pause,
			       (unsigned long long)g->span_start, (unsigned long long)g->span_end);
			if (gen >= 0)
				printf("%d", gen);
			putchar('\t');
			if (st)
				printf("%llu\t%u", (unsigned long long)st->copied, st->par_n_threads);
			else
				putchar('\t');
			putchar('\t');
			if (g->cap != EV_NO_CAP)
				printf("%d", g->cap);
			printf("\t%s\n", caps);
		}
		return finish(&s, &tr, 0);
	}
	size_t n = 0;
	printf("%4s %14s %11s %11s %4s %14s %4s %4s %s\n", "rank", "start", "pause", "span", "gen",
	       "copied", "par", "cap", "caps");
	for (size_t i = 0; i < tr.ngcs; i++) {
		const struct gc *g = &tr.gcs[tr.gc_by_pause[i]];
		if (g->start < o.from || g->start > o.to)
			continue;
		int gen = tracks_gc_gen(&tr, g);
		if (o.gen >= 0 && gen != o.gen)
			continue;
		if ((long)++n > o.top)
			continue;
		const struct gcstat *st = g->stat >= 0 ? &tr.gcstats[g->stat] : NULL;
		char a[32], b[32], c[32], gens[12], cop[24], par[12], cap[12], caps[512];
		snprintf(gens, sizeof gens, gen >= 0 ? "%d" : "-", gen);
		snprintf(cop, sizeof cop, st ? "%llu" : "-",
			 st ? (unsigned long long)st->copied : 0ull);
		snprintf(par, sizeof par, st ? "%u" : "-", st ? st->par_n_threads : 0u);
		snprintf(cap, sizeof cap, g->cap != EV_NO_CAP ? "%d" : "-", g->cap);
		part_caps(&tr, g, caps, sizeof caps);
		printf("%4zu %14s %11s %11s %4s %14s %4s %4s %s\n", n, fmt(a, g->start),
		       fmt(b, g->pause), fmt(c, g->span_end - g->span_start), gens, cop, par, cap,
		       caps);
	}
	struct pause_pct pp;
	tracks_pause_pct(&tr, o.from, o.to, o.gen, &pp);
	char p50[32], p90[32], p99[32], mx[32];
	printf("\n%zu collections; pause p50 %s, p90 %s, p99 %s, max %s\n", pp.n,
	       fmt(p50, pp.p50), fmt(p90, pp.p90), fmt(p99, pp.p99), fmt(mx, pp.max));
	if (tr.ngcstats)
		printf("(pause: the initiating capability's GC_START..GC_END, as +RTS -s counts "
		       "it; span: the first\n capability's GC_START to the last one's GC_END; cap: "
		       "the initiating capability;\n caps: those that took part)\n");
	else
		printf("(no GC_STATS_GHC in this log: collections are grouped by overlap in time; "
		       "pause:\n the mean over capabilities of GC_START..GC_END; span: first start to "
		       "last end)\n");
	return finish(&s, &tr, 0);
}

/* ---- spans ---- */

static size_t text_width(const char *p, size_t n);

int cmd_spans(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, R_SPANS, &o);
	if (rc >= 0)
		return rc;
	struct store s;
	struct tracks tr;
	memset(&tr, 0, sizeof tr);
	if ((rc = open_all(&o, &s, NULL)) >= 0)
		return rc;
	/* the rc file's span lines first (its other lines are the viewer's) */
	struct rc conf;
	rc_init(&conf);
	rc_load_default(&conf, NULL, NULL);
	for (size_t i = 0; i < conf.nerrors; i++)
		warnx_("%s: %s", conf.path ? conf.path : "hecticrc", conf.errors[i]);
	struct span_rules r;
	struct spans sp;
	char err[200];
	bool rules = span_rules_user(&r, conf.span_start, conf.span_stop, conf.nspans, err,
				     sizeof err);
	rc_free(&conf);
	if (!rules) {
		warnx_("%s", err);
		return finish(&s, &tr, EXIT_USAGE);
	}
	if (!spans_build(&sp, &s, &r) ||
	    !spans_stats(&sp, o.from, o.to)) {
		warnx_("%s: out of memory", o.path);
		span_rules_free(&r);
		return finish(&s, &tr, EXIT_BADINPUT);
	}
	span_rules_free(&r);
	if (sp.over_budget)
		warnx_("%s: the spans reached their memory budget; figures may be partial", o.path);
	uint32_t *order = malloc((sp.nnames ? sp.nnames : 1) * sizeof *order);
	if (!order) {
		spans_free(&sp);
		warnx_("%s: out of memory", o.path);
		return finish(&s, &tr, EXIT_BADINPUT);
	}
	size_t n = spans_by_total(&sp, order);
	if (o.tsv)
		printf("name\tcount\ttotal\tp50\tp90\tp99\tmax\n");
	else
		printf("%-24s %7s %12s %12s %12s %12s %12s  %s\n", "name", "count", "total", "p50",
		       "p90", "p99", "max", "slowest starts at");
	uint64_t spans = 0;
	for (size_t i = 0; i < n; i++) {
		const struct span_name *nm = &sp.names[order[i]];
		spans += nm->count;
		if (o.tsv) {
			put_tsv_text(stdout, (const uint8_t *)nm->text, nm->len, o.escape);
			printf("\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\n", (unsigned long long)nm->count,
			       (unsigned long long)nm->total, (unsigned long long)nm->p50,
			       (unsigned long long)nm->p90, (unsigned long long)nm->p99,
			       (unsigned long long)nm->max);
			continue;
		}
		char t[32], a[32], b[32], c[32], d[32], e[32];
		size_t w = text_width((const char *)nm->text, nm->len);
		put_text(stdout, (const uint8_t *)nm->text, nm->len, o.escape);
		printf("%*s %7llu %12s %12s %12s %12s %12s  %s\n", w < 24 ? (int)(24 - w) : 0, "",
		       (unsigned long long)nm->count, fmt(t, nm->total), fmt(a, nm->p50),
		       fmt(b, nm->p90), fmt(c, nm->p99), fmt(d, nm->max),
		       fmt(e, sp.v[nm->slowest].start));
	}
	if (!o.tsv) {
		printf("\n%llu spans", (unsigned long long)spans);
		if (sp.unmatched_stops || sp.unclosed)
			printf(" (in the whole run: %llu stops with no start on their thread, %llu starts "
			       "never stopped)",
			       (unsigned long long)sp.unmatched_stops, (unsigned long long)sp.unclosed);
		printf("\n(pairs of user events on one thread: START name / STOP name, or name begin /"
		       " name end;\n a span is in the window when it starts in it; percentiles are "
		       "nearest-rank)\n");
	}
	free(order);
	spans_free(&sp);
	return finish(&s, &tr, 0);
}

/* ---- sparks ---- */

int cmd_sparks(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, R_SPARKS, &o);
	if (rc >= 0)
		return rc;
	struct store s;
	struct tracks tr;
	if ((rc = open_all(&o, &s, &tr)) >= 0)
		return rc;
	struct summary sm;
	summary_compute(&tr, &s, o.from, o.to, &sm);
	if (!sm.have_sparks)
		warnx_("%s: no spark counters in this log (SPARK_COUNTERS: +RTS -l with a threaded RTS)",
		       o.path);
	static const int col[6] = { SP_CREATED, SP_CONVERTED, SP_OVERFLOWED, SP_DUD, SP_GCD,
				    SP_FIZZLED };
	static const char *const name[6] = { "created", "converted", "overflowed", "dud", "gcd",
					     "fizzled" };
	if (o.tsv) {
		printf("cap");
		for (int k = 0; k < 6; k++)
			printf("\t%s", name[k]);
		putchar('\n');
	} else {
		printf("%4s", "cap");
		for (int k = 0; k < 6; k++)
			printf(" %11s", name[k]);
		putchar('\n');
	}
	for (size_t i = 0; i < tr.ncaps && sm.have_sparks; i++) {
		uint64_t v[7];
		summary_sparks_of(&tr, &sm, tr.caps[i], v);
		printf(o.tsv ? "%d" : "%4d", tr.caps[i]);
		for (int k = 0; k < 6; k++)
			printf(o.tsv ? "\t%llu" : " %11llu", (unsigned long long)v[col[k]]);
		putchar('\n');
	}
	if (!o.tsv && sm.have_sparks) {
		printf("%4s", "all");
		for (int k = 0; k < 6; k++)
			printf(" %11llu", (unsigned long long)sm.sparks[col[k]]);
		printf("\n\nSPARKS: %llu (%llu converted, %llu overflowed, %llu dud, %llu GC'd, %llu "
		       "fizzled)\n",
		       (unsigned long long)(sm.sparks[SP_CREATED] + sm.sparks[SP_DUD] +
					    sm.sparks[SP_OVERFLOWED]),
		       (unsigned long long)sm.sparks[SP_CONVERTED],
		       (unsigned long long)sm.sparks[SP_OVERFLOWED], (unsigned long long)sm.sparks[SP_DUD],
		       (unsigned long long)sm.sparks[SP_GCD], (unsigned long long)sm.sparks[SP_FIZZLED]);
	}
	return finish(&s, &tr, 0);
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
	int rc = parse(argc, argv, R_MARKERS, &o);
	if (rc >= 0)
		return rc;
	regex_t re;
	if (o.grep) {
		char why[128];
		if (!regex_guard(o.grep, why, sizeof why)) {
			warnx_("regular expression '%s' refused: %s", o.grep, why);
			return EXIT_USAGE;
		}
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
	if ((rc = open_all(&o, &s, &tr)) >= 0) {
		if (o.grep)
			regfree(&re);
		return rc;
	}
	size_t shown = 0;
	if (o.tsv)
		printf("time\tcap\tkind\ttext\n");
	for (size_t i = tracks_mark_from(&tr, o.from); i < tr.nmarks; i++) {
		const struct mark *m = &tr.marks[i];
		if (m->time > o.to)
			break;
		size_t n;
		const uint8_t *txt = tracks_mark_text(&s, m, &n);
		if (!txt)
			continue;
		if (o.grep && !tracks_match(&re, txt, n))
			continue;
		if (o.tsv) {
			printf("%llu\t", (unsigned long long)m->time);
			if (m->cap != EV_NO_CAP)
				printf("%d", m->cap);
			printf("\t%s\t", mark_kind(m->tag));
			if (m->tag == EV_USER_BINARY_MSG)
				printf("(%zu bytes)", n);
			else
				put_tsv_text(stdout, txt, n, o.escape);
			putchar('\n');
			shown++;
			continue;
		}
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
	return finish(&s, &tr, 0);
}

/* ---- threads ---- */


int cmd_threads(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, R_THREADS, &o);
	if (rc >= 0)
		return rc;
	struct store s;
	struct tracks tr;
	if ((rc = open_all(&o, &s, &tr)) >= 0)
		return rc;
	/* a window: running time, runs and capabilities inside it */
	bool windowed = o.has_from || o.has_to;
	struct thread_window *win = NULL;
	if (windowed) {
		uint64_t to = o.to == UINT64_MAX ? UINT64_MAX : o.to + 1; /* --to is inclusive */
		win = calloc(tr.nthreads ? tr.nthreads : 1, sizeof *win);
		if (!win || !tracks_threads_window(&tr, &s, o.from, to, win)) {
			free(win);
			warnx_("out of memory");
			return finish(&s, &tr, EXIT_BADINPUT);
		}
	}
	if (o.tsv)
		printf("thread\tlabel\tcreated\tfirst_run\tended\trunning\truns\tcaps\n");
	else
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
		uint64_t run_ns = win ? win[i].run_ns : t->run_ns, capmask = win ? win[i].caps : t->caps;
		uint32_t nruns = win ? win[i].nruns : t->nruns;
		char caps[40];
		tracks_caps_text(capmask, caps, sizeof caps);
		size_t n;
		const uint8_t *label = tracks_label(&tr, &s, t, &n);
		if (o.tsv) {
			printf("%u\t", t->id);
			if (label)
				put_tsv_text(stdout, label, n, o.escape);
			putchar('\t');
			if (t->created != UINT64_MAX)
				printf("%llu", (unsigned long long)t->created);
			putchar('\t');
			if (t->first_run != UINT64_MAX)
				printf("%llu", (unsigned long long)t->first_run);
			putchar('\t');
			if (t->finished != UINT64_MAX)
				printf("%llu", (unsigned long long)t->finished);
			printf("\t%llu\t%u\t%s\n", (unsigned long long)run_ns, nruns, caps);
			continue;
		}
		char a[32], b[32], c[32], d[32];
		printf("%8u %12s %12s %12s %12s %6u  %-10s ", t->id,
		       t->created != UINT64_MAX ? fmt(a, t->created) : "-",
		       t->first_run != UINT64_MAX ? fmt(b, t->first_run) : "-",
		       t->finished != UINT64_MAX ? fmt(c, t->finished) : "-", fmt(d, run_ns), nruns,
		       caps[0] ? caps : "-");
		if (label)
			put_text(stdout, label, n, o.escape);
		putchar('\n');
	}
	if (windowed && !o.tsv)
		printf("(running, runs and caps inside the window; created, first run and ended "
		       "over the whole log)\n");
	free(win);
	return finish(&s, &tr, 0);
}

/* ---- activity ---- */

int cmd_activity(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, R_ACTIVITY, &o);
	if (rc >= 0)
		return rc;
	struct store s;
	struct tracks tr;
	if ((rc = open_all(&o, &s, &tr)) >= 0)
		return rc;
	uint64_t from = o.has_from ? o.from : s.tmin, to = o.has_to ? o.to : s.tmax;
	if (!s.nevents && !o.has_from && !o.has_to)
		from = to = 0;
	if (to < from) {
		warnx_("--to is before the log's first event");
		return finish(&s, &tr, EXIT_USAGE);
	}
	unsigned n = (unsigned)o.columns;
	size_t m = tr.ncaps * (size_t)n;
	uint64_t *run = malloc((m ? m : 1) * sizeof *run), *gc = malloc((m ? m : 1) * sizeof *gc);
	if (!run || !gc || !tracks_cap_activity(&tr, &s, from, to, n, run, gc, NULL)) {
		free(run);
		free(gc);
		warnx_("out of memory");
		return finish(&s, &tr, EXIT_BADINPUT);
	}
	printf("start\tend\tcap\trunning\tgc\n");
	for (unsigned k = 0; k < n; k++) {
		uint64_t a = from + (uint64_t)((unsigned __int128)(to - from) * k / n);
		uint64_t b = from + (uint64_t)((unsigned __int128)(to - from) * (k + 1) / n);
		double w = (double)(b - a);
		for (size_t c = 0; c < tr.ncaps; c++) {
			size_t i = c * n + k;
			printf("%llu\t%llu\t%d\t%.4f\t%.4f\n", (unsigned long long)a,
			       (unsigned long long)b, tr.caps[c], b > a ? (double)run[i] / w : 0.0,
			       b > a ? (double)gc[i] / w : 0.0);
		}
	}
	free(run);
	free(gc);
	return finish(&s, &tr, 0);
}

/* ---- heap ---- */

/* A band's name, as text from the file (escaped for a terminal when asked). */
static void put_band(FILE *f, const struct heap *h, uint32_t b, bool escape, bool tsv)
{
	char *p = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&p, &n);
	if (!m)
		return;
	heap_band_name(h, b, m);
	fclose(m);
	if (tsv)
		put_tsv_text(f, (const uint8_t *)p, n, escape);
	else
		put_text(f, (const uint8_t *)p, n, escape);
	free(p);
}

struct band_stat {
	uint32_t band;
	uint64_t peak, sum, peak_time;
};

static int cmp_band_peak(const void *a, const void *b)
{
	const struct band_stat *x = a, *y = b;
	if (x->peak != y->peak)
		return x->peak > y->peak ? -1 : 1;
	return (x->band > y->band) - (x->band < y->band);
}

/* The store (the heap reports need no tracks: *tr stays empty), then the
 * heap profile's censuses and samples; -1 to go on. */
static int open_heap(const struct ropts *o, struct store *s, struct tracks *tr, struct heap *h)
{
	memset(tr, 0, sizeof *tr);
	int rc = open_all(o, s, NULL);
	if (rc >= 0)
		return rc;
	if (!heap_build(h, s)) {
		warnx_("%s: out of memory", o->path);
		return finish(s, tr, EXIT_BADINPUT);
	}
	if (h->over_budget)
		warnx_("%s: the profile reached its memory budget; figures may be partial", o->path);
	return -1;
}

int cmd_heap(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, R_HEAP, &o);
	if (rc >= 0)
		return rc;
	struct store s;
	struct tracks tr;
	struct heap h;
	if ((rc = open_heap(&o, &s, &tr, &h)) >= 0)
		return rc;
	if (o.tsv) { /* one row per census and band */
		printf("time\tband\tbytes\n");
		for (size_t c = 0; c < h.ncensuses; c++) {
			const struct census *k = &h.censuses[c];
			if (k->time < o.from || k->time > o.to)
				continue;
			for (size_t i = k->first; i < k->first + k->n; i++) {
				printf("%llu\t", (unsigned long long)k->time);
				put_band(stdout, &h, h.samples[i].band, o.escape, true);
				printf("\t%llu\n", (unsigned long long)h.samples[i].bytes);
			}
		}
		heap_free(&h);
		return finish(&s, &tr, 0);
	}
	struct band_stat *st = calloc(h.nbands ? h.nbands : 1, sizeof *st);
	if (!st) {
		heap_free(&h);
		warnx_("out of memory");
		return finish(&s, &tr, EXIT_BADINPUT);
	}
	size_t ncens = 0;
	for (size_t b = 0; b < h.nbands; b++)
		st[b].band = (uint32_t)b;
	for (size_t c = 0; c < h.ncensuses; c++) {
		const struct census *k = &h.censuses[c];
		if (k->time < o.from || k->time > o.to)
			continue;
		ncens++;
		for (size_t i = k->first; i < k->first + k->n; i++) {
			struct band_stat *x = &st[h.samples[i].band];
			x->sum += h.samples[i].bytes;
			if (h.samples[i].bytes > x->peak) {
				x->peak = h.samples[i].bytes;
				x->peak_time = k->time;
			}
		}
	}
	qsort(st, h.nbands, sizeof *st, cmp_band_peak);
	printf("%zu censuses, %zu bands; the top %ld by peak (bytes; mean over the censuses)\n",
	       ncens, h.nbands, o.top);
	printf("%14s %14s %12s  %s\n", "peak", "mean", "at", "band");
	for (size_t b = 0; b < h.nbands && (long)b < o.top && st[b].peak; b++) {
		char a[32];
		printf("%14llu %14llu %12s  ", (unsigned long long)st[b].peak,
		       (unsigned long long)(ncens ? st[b].sum / ncens : 0), fmt(a, st[b].peak_time));
		put_band(stdout, &h, st[b].band, o.escape, false);
		putchar('\n');
	}
	if (!h.ncensuses)
		printf("(no heap profile in this log: run the program with +RTS -hT, or -hc, -hm, "
		       "-hd, -hy with a profiled build)\n");
	free(st);
	heap_free(&h);
	return finish(&s, &tr, 0);
}

/* ---- profile ---- */

/* A cost centre's label (MAIN for the root, <cc N> for an undefined id). */
static void put_cc(FILE *f, const struct heap *h, uint32_t id, bool escape, bool tsv)
{
	const struct cost_centre *c = id == CCT_NONE ? NULL : heap_cc(h, id);
	if (c && tsv)
		put_tsv_text(f, c->label, c->nlabel, escape);
	else if (c)
		put_text(f, c->label, c->nlabel, escape);
	else if (id == CCT_NONE)
		fputs("MAIN", f);
	else
		fprintf(f, "<cc %u>", id);
}

static void put_cc_field(FILE *f, const struct heap *h, uint32_t id, bool module, bool escape,
			 bool tsv)
{
	const struct cost_centre *c = id == CCT_NONE ? NULL : heap_cc(h, id);
	const uint8_t *p = !c ? (const uint8_t *)(id == CCT_NONE ? (module ? "MAIN" : "<built-in>") : "?")
			      : module ? c->module : c->srcloc;
	size_t n = !c ? strlen((const char *)p) : module ? c->nmodule : c->nsrcloc;
	if (tsv)
		put_tsv_text(f, p, n, escape);
	else
		put_text(f, p, n, escape);
}

/* The columns of text as written (escapes included): a column per
 * character (the labels of cost centres are names from source code). */
static size_t text_width(const char *p, size_t n)
{
	size_t w = 0;
	for (size_t i = 0; i < n; w++) {
		uint32_t cp;
		size_t k = utf8_next((const uint8_t *)p + i, n - i, &cp);
		i += k ? k : 1;
	}
	return w;
}

/* The display width of a cost centre's label or module, as put_cc writes
 * it (escapes included). */
static size_t cc_width(const struct heap *h, uint32_t id, bool module, bool escape)
{
	char *p = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&p, &n);
	if (!m)
		return 0;
	if (module)
		put_cc_field(m, h, id, true, escape, false);
	else
		put_cc(m, h, id, escape, false);
	fclose(m);
	size_t w = text_width(p, n);
	free(p);
	return w;
}

static double pct(uint64_t a, uint64_t total)
{
	return total ? 100.0 * (double)a / (double)total : 0.0;
}

static void profile_head(const struct cctree *t, const struct ropts *o)
{
	char a[32], b[32];
	printf("%llu ticks (%llu on the RTS's own cost centres %s); ", (unsigned long long)t->total,
	       (unsigned long long)t->left_out, o->builtin ? "kept: --builtin" : "left out");
	if (o->has_from || o->has_to)
		printf("%s to %s", fmt(a, o->from), o->has_to ? fmt(b, o->to) : "the end");
	else
		printf("the whole run");
	if (o->cap >= 0)
		printf(", capability %ld\n", o->cap);
	else
		printf(", all capabilities\n");
	if (t->unknown)
		printf("(%llu ticks on stacks naming undefined cost centres)\n",
		       (unsigned long long)t->unknown);
}

/* The .prof's tree: a node per stack, its individual and inherited ticks. */
static void print_tree(const struct heap *h, const struct cctree *t, const struct ropts *o)
{
	size_t n = cctree_rows(t, NULL, NULL, 0);
	uint32_t *rows = malloc((n ? n : 1) * sizeof *rows);
	if (!rows) {
		warnx_("out of memory");
		return;
	}
	cctree_rows(t, NULL, rows, n);
	if (o->tsv) {
		printf("depth\tcost_centre\tmodule\tsrc\tticks\tinherited_ticks\n");
		for (size_t i = 0; i < n; i++) {
			const struct cc_node *x = &t->nodes[rows[i]];
			if (!x->inherited && i)
				continue;
			printf("%u\t", x->depth);
			put_cc(stdout, h, x->cc, o->escape, true);
			putchar('\t');
			put_cc_field(stdout, h, x->cc, true, o->escape, true);
			putchar('\t');
			put_cc_field(stdout, h, x->cc, false, o->escape, true);
			printf("\t%llu\t%llu\n", (unsigned long long)x->self,
			       (unsigned long long)x->inherited);
		}
		free(rows);
		return;
	}
	profile_head(t, o);
	/* the columns as wide as their widest entry, as the .prof has them */
	size_t wl = strlen("COST CENTRE"), wm = strlen("MODULE");
	for (size_t i = 0; i < n; i++) {
		const struct cc_node *x = &t->nodes[rows[i]];
		if (!x->inherited && i)
			continue;
		size_t l = x->depth + cc_width(h, x->cc, false, o->escape);
		size_t m = cc_width(h, x->cc, true, o->escape);
		wl = l > wl ? l : wl;
		wm = m > wm ? m : wm;
	}
	printf("%*s%*s\n", (int)(wl + wm + 17), "individual", 17, "inherited");
	printf("%-*s  %-*s %8s %5s %9s %6s  %s\n", (int)wl, "COST CENTRE", (int)wm, "MODULE", "ticks",
	       "%time", "ticks", "%time", "SRC");
	for (size_t i = 0; i < n; i++) {
		const struct cc_node *x = &t->nodes[rows[i]];
		if (!x->inherited && i)
			continue;
		printf("%*s", (int)x->depth, "");
		put_cc(stdout, h, x->cc, o->escape, false);
		size_t l = x->depth + cc_width(h, x->cc, false, o->escape);
		printf("%*s  ", (int)(wl - l), "");
		put_cc_field(stdout, h, x->cc, true, o->escape, false);
		printf("%*s %8llu %5.1f %9llu %6.1f  ", (int)(wm - cc_width(h, x->cc, true, o->escape)),
		       "", (unsigned long long)x->self, pct(x->self, t->total),
		       (unsigned long long)x->inherited, pct(x->inherited, t->total));
		put_cc_field(stdout, h, x->cc, false, o->escape, false);
		putchar('\n');
	}
	free(rows);
}

/* A row per cost centre: individual ticks (summed over its nodes) and
 * inherited (each tick with it anywhere in the stack, once). */
static void print_flat(const struct heap *h, const struct cctree *t, const struct ropts *o)
{
	struct cc_flat *f;
	size_t n;
	if (!cctree_flat(t, &f, &n)) {
		warnx_("out of memory");
		return;
	}
	if (o->tsv)
		printf("cost_centre\tmodule\tsrc\tticks\tinherited_ticks\n");
	else {
		profile_head(t, o);
		printf("%8s %6s %9s %6s  %-24s %s\n", "ticks", "%time", "inherited", "%time",
		       "cost centre", "module");
	}
	for (size_t i = 0; i < n && (o->tsv || (long)i < o->top); i++) {
		if (o->tsv) {
			put_cc(stdout, h, f[i].cc, o->escape, true);
			putchar('\t');
			put_cc_field(stdout, h, f[i].cc, true, o->escape, true);
			putchar('\t');
			put_cc_field(stdout, h, f[i].cc, false, o->escape, true);
			printf("\t%llu\t%llu\n", (unsigned long long)f[i].self,
			       (unsigned long long)f[i].inherited);
			continue;
		}
		printf("%8llu %6.1f %9llu %6.1f  ", (unsigned long long)f[i].self, pct(f[i].self, t->total),
		       (unsigned long long)f[i].inherited, pct(f[i].inherited, t->total));
		put_cc(stdout, h, f[i].cc, o->escape, false);
		size_t w = cc_width(h, f[i].cc, false, o->escape);
		printf("%*s", w < 24 ? (int)(25 - w) : 1, "");
		put_cc_field(stdout, h, f[i].cc, true, o->escape, false);
		putchar('\n');
	}
	free(f);
}

/* A line per stack with ticks: root;...;leaf COUNT (flamegraph.pl,
 * speedscope); MAIN for the empty stack. */
static void print_folded(const struct heap *h, const struct cctree *t, bool escape)
{
	size_t n = cctree_rows(t, NULL, NULL, 0);
	uint32_t *rows = malloc((n ? n : 1) * sizeof *rows);
	uint32_t *path = malloc((t->n ? t->n : 1) * sizeof *path);
	if (!rows || !path) {
		free(rows);
		free(path);
		warnx_("out of memory");
		return;
	}
	cctree_rows(t, NULL, rows, n);
	for (size_t i = 0; i < n; i++) {
		const struct cc_node *x = &t->nodes[rows[i]];
		if (!x->self)
			continue;
		if (!rows[i]) {
			printf("MAIN %llu\n", (unsigned long long)x->self);
			continue;
		}
		size_t d = 0;
		for (uint32_t k = rows[i]; k; k = t->nodes[k].parent)
			path[d++] = k;
		while (d-- > 0) {
			put_cc(stdout, h, t->nodes[path[d]].cc, escape, false);
			if (d)
				putchar(';');
		}
		printf(" %llu\n", (unsigned long long)x->self);
	}
	free(rows);
	free(path);
}

int cmd_profile(int argc, char **argv)
{
	struct ropts o;
	int rc = parse(argc, argv, R_PROFILE, &o);
	if (rc >= 0)
		return rc;
	struct store s;
	struct tracks tr;
	struct heap h;
	if ((rc = open_heap(&o, &s, &tr, &h)) >= 0)
		return rc;
	struct cctree t;
	struct cctree_opts co = { o.from, o.to, o.cap >= 0 ? (int32_t)o.cap : -1, o.builtin };
	if (!cctree_build(&t, &h, &co)) {
		heap_free(&h);
		warnx_("out of memory");
		return finish(&s, &tr, EXIT_BADINPUT);
	}
	if (o.folded)
		print_folded(&h, &t, o.escape);
	else if (o.flat)
		print_flat(&h, &t, &o);
	else
		print_tree(&h, &t, &o);
	if (!h.nticks && !o.tsv && !o.folded)
		printf("(no time profile in this log: run a profiled build with +RTS -p -l)\n");
	cctree_free(&t);
	heap_free(&h);
	return finish(&s, &tr, 0);
}
