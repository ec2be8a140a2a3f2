/* report_hp: heap --hp, the heap profile in GHC's own .hp format (what
 * hp2ps and eventlog2html read), written from the log's censuses.
 *
 * GHC's RTS writes the .hp and the log's censuses in the same loop
 * (rts/ProfHeap.c, dumpCensus), so what the log holds is the .hp's: each
 * census's bands in the same order, GHC leaving out the empty ones in both,
 * with the same bytes. What the log does not hold, and what is written in
 * its place:
 * - the sample times: GHC writes the census's mutator CPU time (the
 *   process's CPU time at the start of the census's collection less the
 *   collections' CPU time), which no event carries. Here a census's time is
 *   its HEAP_PROF_SAMPLE_BEGIN's: elapsed seconds since the RTS started,
 *   the log's own clock (the viewer's and --from's), to
 *   the microsecond as GHC prints them (%f). GHC's empty first sample is at
 *   0 and its last at exit: here at the window's start (0 without --from)
 *   and at its end (the log's last event without --to).
 * - a cost-centre stack's "(N)" (-hc): N is GHC's cost-centre-stack id,
 *   which the log does not carry (its stacks are cost-centre ids). Here N is
 *   hectic's number for the stack, its band's: the prefix is kept so that
 *   two stacks whose cut names agree stay two bands, as in GHC's file.
 * - DATE: GHC writes the local time at which the RTS opened the .hp; here
 *   the log's WALL_CLOCK_TIME (the RTS's start) in the local time zone
 *   (TZ), as ctime writes it without the seconds, as GHC does: the same
 *   when read in the time zone the program ran in, unless the two moments
 *   straddle a minute. Empty when the log has no wall-clock event.
 * - JOB: the program's name (argv[0] without its directory) and, for a
 *   profiled RTS, its arguments, " +RTS" and the RTS's options, split from
 *   PROGRAM_ARGS as the RTS splits them (+RTS, -RTS, --RTS, --), after those
 *   of GHCRTS (from PROGRAM_ENV); options linked in with -with-rtsopts are
 *   not in the log, and are missing.
 * A stack's name is cut as GHC's fprint_ccs cuts it: longer than +RTS -L
 * bytes (25 by default; the last -L of GHCRTS and the command line), its
 * first L - 4 bytes and "...". Strings (-hT, -hm, -hd, -hy, -hi, -he) are
 * written whole, as GHC does, but for those hp2ps would not read as a
 * name (one of its words, BEGIN_SAMPLE, MARK, JOB, ...; an empty name; a
 * leading '"'): their first byte as \xNN, an empty one as "(empty)".
 * Names are bytes from the file, written as
 * they are but for the ASCII controls, as \xNN: a newline would break the
 * file's lines, and a tab, or a space, a band's line, which hp2ps and
 * eventlog2html split at white space (GHC writes them raw, and neither
 * reads its file then; in JOB's quotes a space is kept). Written to a
 * terminal (or with --escape), the text is escaped as every report's is. */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../parser/event.h"
#include "../common/report_text.h"
#include "cli.h"

#define HP_CCS_LENGTH 25 /* +RTS -L's default (rts/RtsFlags.c) */
#define HP_CCS_LENGTH_MAX 100000000u
enum { HP_WALL_CLOCK_TIME = 43 }; /* capset, seconds, nanoseconds */

/* Bytes of the file: a string of an event, or a piece of one. */
struct hp_span {
	const uint8_t *p;
	size_t n;
};

/* What the log says of the run, for the header. */
struct hp_run {
	uint8_t *args, *env; /* PROGRAM_ARGS's and PROGRAM_ENV's strings (copies) */
	size_t nargs, nenv;
	bool has_args, has_env, has_clock, has_ident;
	uint64_t clock; /* WALL_CLOCK_TIME's seconds since the epoch */
	char ident[80]; /* RTS_IDENTIFIER, "GHC-9.6.6 rts_p" */
	/* the command line as the RTS splits it: argv[0], the program's
	 * arguments and the RTS's options (GHCRTS's first) */
	struct hp_span prog, *pgm, *rts;
	size_t npgm, nrts;
};

static uint8_t *copy_bytes(const uint8_t *p, size_t n)
{
	uint8_t *q = malloc(n ? n : 1);
	if (q && n)
		memcpy(q, p, n);
	return q;
}

/* Notes one of the run's events; false when out of memory. */
static bool note_run(struct hp_run *r, const struct ev *e)
{
	if (e->layout == SEL_UNKNOWN_LAYOUT || e->nf < 2)
		return true;
	const struct ev_field *v = &e->f[1];
	switch (e->tag) {
	case EV_RTS_IDENTIFIER:
		if (!r->has_ident && v->s) {
			size_t k = v->u < sizeof r->ident - 1 ? (size_t)v->u : sizeof r->ident - 1;
			memcpy(r->ident, v->s, k);
			r->ident[k] = 0;
			r->has_ident = true;
		}
		return true;
	case EV_PROGRAM_ARGS:
	case EV_PROGRAM_ENV: {
		bool args = e->tag == EV_PROGRAM_ARGS;
		if ((args ? r->has_args : r->has_env) || !v->s)
			return true;
		uint8_t *q = copy_bytes(v->s, (size_t)v->u);
		if (!q)
			return false;
		*(args ? &r->args : &r->env) = q;
		*(args ? &r->nargs : &r->nenv) = (size_t)v->u;
		*(args ? &r->has_args : &r->has_env) = true;
		return true;
	}
	case HP_WALL_CLOCK_TIME:
		if (!r->has_clock) {
			r->clock = v->u;
			r->has_clock = true;
		}
		return true;
	}
	return true;
}

/* The run's events, the first of each kind; false when out of memory. */
static bool read_run(const struct store *s, struct hp_run *r)
{
	static const uint16_t tags[] = { EV_RTS_IDENTIFIER, EV_PROGRAM_ARGS, EV_PROGRAM_ENV,
					 HP_WALL_CLOCK_TIME };
	const size_t ntags = sizeof tags / sizeof tags[0];
	if (!store_may_have(s, 0, tags, ntags))
		return true;
	struct merge *m = merge_new_tags(s, 0, 0, tags, ntags);
	if (!m)
		return false;
	const struct ev *e;
	int32_t cap;
	bool ok = true;
	while (ok && !(r->has_ident && r->has_args && r->has_env && r->has_clock) &&
	       (e = merge_next(m, &cap)) != NULL)
		ok = note_run(r, e);
	ok = ok && !merge_failed(m);
	merge_free(m);
	return ok;
}

static bool push_span(struct hp_span **v, size_t *n, const uint8_t *p, size_t len)
{
	struct hp_span *w = realloc(*v, (*n + 1) * sizeof **v);
	if (!w)
		return false;
	*v = w;
	w[(*n)++] = (struct hp_span){ p, len };
	return true;
}

static bool is_c_space(uint8_t c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static bool span_is(struct hp_span a, const char *s)
{
	return a.n == strlen(s) && !memcmp(a.p, s, a.n);
}

/* GHCRTS's options (PROGRAM_ENV's "GHCRTS=", the first, as getenv finds
 * it), split at white space as the RTS's splitRtsFlags splits them. */
static bool ghcrts_options(struct hp_run *r)
{
	for (size_t i = 0; r->has_env && i < r->nenv;) {
		const uint8_t *z = memchr(r->env + i, 0, r->nenv - i);
		size_t j = z ? (size_t)(z - r->env) : r->nenv;
		if (j - i >= 7 && !memcmp(r->env + i, "GHCRTS=", 7)) {
			for (size_t k = i + 7; k < j;) {
				while (k < j && is_c_space(r->env[k]))
					k++;
				size_t a = k;
				while (k < j && !is_c_space(r->env[k]))
					k++;
				if (k > a && !push_span(&r->rts, &r->nrts, r->env + a, k - a))
					return false;
			}
			return true;
		}
		i = j + 1;
	}
	return true;
}

/* The command line split as the RTS's setupRtsFlags splits it (with
 * command-line RTS options enabled, -rtsopts's default for them): +RTS
 * starts RTS options, -RTS ends them, --RTS ends the splitting (and is
 * dropped), -- ends it (and is the program's). */
static bool split_args(struct hp_run *r)
{
	if (!ghcrts_options(r))
		return false;
	bool first = true, rts = false, split = true;
	for (size_t i = 0; r->has_args && i < r->nargs;) {
		const uint8_t *z = memchr(r->args + i, 0, r->nargs - i);
		size_t j = z ? (size_t)(z - r->args) : r->nargs;
		struct hp_span a = { r->args + i, j - i };
		i = j + 1;
		if (first) {
			r->prog = a;
			first = false;
			continue;
		}
		if (split && span_is(a, "--RTS")) {
			split = false;
			continue;
		}
		if (split && span_is(a, "--"))
			split = false;
		if (split && (span_is(a, "+RTS") || span_is(a, "-RTS"))) {
			rts = a.p[0] == '+';
			continue;
		}
		bool ok = split && rts ? push_span(&r->rts, &r->nrts, a.p, a.n)
				       : push_span(&r->pgm, &r->npgm, a.p, a.n);
		if (!ok)
			return false;
	}
	return true;
}

static void free_run(struct hp_run *r)
{
	free(r->args);
	free(r->env);
	free(r->pgm);
	free(r->rts);
}

/* -L's value as the RTS reads it: atof of what follows, its integer part
 * (RtsFlags.c); 0 for what the RTS refuses (not above 0). */
static uint32_t ccs_length_of(struct hp_span a)
{
	size_t i = 2;
	while (i < a.n && is_c_space(a.p[i]))
		i++;
	if (i < a.n && a.p[i] == '+')
		i++;
	double v = 0, scale = 1;
	bool dot = false, digits = false;
	for (; i < a.n && ((a.p[i] >= '0' && a.p[i] <= '9') || (a.p[i] == '.' && !dot)); i++) {
		if (a.p[i] == '.') {
			dot = true;
			continue;
		}
		digits = true;
		if (dot)
			v += (scale /= 10) * (a.p[i] - '0');
		else if (v < 1e300)
			v = v * 10 + (a.p[i] - '0');
	}
	if (digits && i + 1 < a.n && (a.p[i] == 'e' || a.p[i] == 'E')) {
		bool neg = a.p[i + 1] == '-';
		size_t k = i + 1 + (a.p[i + 1] == '-' || a.p[i + 1] == '+');
		int ex = 0;
		for (; k < a.n && a.p[k] >= '0' && a.p[k] <= '9' && ex < 400; k++)
			ex = ex * 10 + (a.p[k] - '0');
		for (; ex > 0 && v > 0 && v < 1e300; ex--)
			v = neg ? v / 10 : v * 10;
	}
	if (v < 1)
		return 0;
	return v >= HP_CCS_LENGTH_MAX ? HP_CCS_LENGTH_MAX : (uint32_t)v;
}

/* +RTS -L: the last of the RTS's options, else the default. */
static uint32_t ccs_length(const struct hp_run *r)
{
	uint32_t len = HP_CCS_LENGTH;
	for (size_t i = 0; i < r->nrts; i++) {
		if (r->rts[i].n < 2 || memcmp(r->rts[i].p, "-L", 2))
			continue;
		uint32_t v = ccs_length_of(r->rts[i]);
		if (v)
			len = v;
	}
	return len;
}

/* Was the RTS a profiled one? Its identifier says ("GHC-9.0.2 rts_thr_p":
 * the way "p" among the tags after "rts"); a log without one, by what only
 * a profiled RTS logs: cost centres, or a breakdown only it has. */
static bool profiled_rts(const struct hp_run *r, const struct heap *h)
{
	if (r->has_ident) {
		const char *w = strrchr(r->ident, ' ');
		w = w ? w + 1 : r->ident;
		for (const char *t = strchr(w, '_'); t; t = strchr(t + 1, '_'))
			if (t[1] == 'p' && (t[2] == '_' || t[2] == 0))
				return true;
		return false;
	}
	return h->nccs || (h->breakdown >= 1 && h->breakdown <= 6) || h->breakdown == 9;
}

/* ---- writing ---- */

/* Bytes from the log into the .hp: escaped for a terminal when asked; else
 * as they are, but ASCII controls as \xNN (a tab or a newline would break
 * the line). quote (JOB's text): a double quote doubled, as GHC writes one;
 * else (a band's name) a space as \x20 too. */
static void put_text(FILE *f, const uint8_t *p, size_t n, bool escape, bool quote)
{
	size_t i = 0;
	while (i < n) {
		size_t j = i;
		while (j < n && p[j] >= 0x20 && p[j] != 0x7F && !(quote ? p[j] == '"' : p[j] == ' '))
			j++;
		if (j > i) {
			if (escape)
				report_text_put(f, p + i, j - i, true);
			else
				fwrite(p + i, 1, j - i, f);
		}
		if (j < n) {
			if (p[j] == '"')
				fputs("\"\"", f);
			else
				fprintf(f, "\\x%02x", p[j]);
		}
		i = j + 1;
	}
}

static void put_span(FILE *f, struct hp_span a, bool escape)
{
	put_text(f, a.p, a.n, escape, true);
}

/* JOB "PROG ARGS +RTS OPTIONS" (ARGS and OPTIONS for a profiled RTS only,
 * as GHC's initHeapProfiling writes it). */
static void put_job(FILE *f, const struct hp_run *r, bool profiled, bool escape)
{
	fputs("JOB \"", f);
	struct hp_span name = r->prog; /* without its directory (setProgName) */
	for (size_t i = name.n; i > 0; i--)
		if (name.p[i - 1] == '/') {
			name = (struct hp_span){ name.p + i, name.n - i };
			break;
		}
	put_span(f, name, escape);
	if (profiled) {
		for (size_t i = 0; i < r->npgm; i++) {
			putc(' ', f);
			put_span(f, r->pgm[i], escape);
		}
		fputs(" +RTS", f);
		for (size_t i = 0; i < r->nrts; i++) {
			putc(' ', f);
			put_span(f, r->rts[i], escape);
		}
	}
	fputs("\"\n", f);
}

/* DATE "Mon Nov 23 09:25 2026": ctime's text without its seconds, as GHC's
 * time_str makes it (C-locale names, whatever the locale). */
static void put_date(FILE *f, const struct hp_run *r)
{
	static const char days[][4] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char months[][4] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					  "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	time_t t = (time_t)r->clock;
	struct tm tm;
	if (!r->has_clock || (uint64_t)t != r->clock || !localtime_r(&t, &tm) || tm.tm_wday < 0 ||
	    tm.tm_wday > 6 || tm.tm_mon < 0 || tm.tm_mon > 11) {
		fputs("DATE \"\"\n", f);
		return;
	}
	fprintf(f, "DATE \"%s %s%3d %.2d:%.2d %lld\"\n", days[tm.tm_wday], months[tm.tm_mon],
		tm.tm_mday, tm.tm_hour, tm.tm_min, (long long)tm.tm_year + 1900);
}

/* A sample time: seconds to the microsecond, as GHC's %f prints them
 * (rounded half up from the ns; no locale's decimal comma). */
static void put_seconds(FILE *f, uint64_t ns)
{
	uint64_t us = ns / 1000 + (ns % 1000 >= 500);
	fprintf(f, "%llu.%06llu", (unsigned long long)(us / 1000000),
		(unsigned long long)(us % 1000000));
}

static void put_sample_mark(FILE *f, const char *what, uint64_t ns)
{
	fputs(what, f);
	putc(' ', f);
	put_seconds(f, ns);
	putc('\n', f);
}

/* The words of hp2ps's lexer (utils/hp2ps/Lexer.c): a band line that
 * starts with one is read as it, and the file fails ("floating point
 * number must follow BEGIN_SAMPLE"), as it does for a line that starts
 * with '"' (a string) or with no name (the bytes first). */
static const char *const hp_words[] = { "BEGIN_SAMPLE", "END_SAMPLE", "MARK",      "JOB",
					"DATE",         "SAMPLE_UNIT", "VALUE_UNIT" };

/* A string band hp2ps would not read as a name: one of its words, an
 * empty name, or one that starts with '"'. */
static bool hp_unreadable(const struct band *d)
{
	if (!d->n || d->p[0] == '"')
		return true;
	for (size_t i = 0; i < sizeof hp_words / sizeof *hp_words; i++)
		if (d->n == strlen(hp_words[i]) && !memcmp(d->p, hp_words[i], d->n))
			return true;
	return false;
}

/* Band b's name as the .hp writes it, read in place piece by piece (a
 * stack of long labels is megabytes, and the .hp keeps L bytes of it).
 * A string hp2ps would not read as a name has its first byte written as
 * \xNN (\x42EGIN_SAMPLE, \x22...), as the controls are, and an empty one
 * is "(empty)": the file renders, and the other bands keep their values. */
static void hp_put_band(const struct report_ctx *c, uint32_t b, uint32_t len)
{
	const struct band *d = &c->run.h.bands[b];
	bool esc = c->o.escape;
	if (!d->stack) {
		if (!d->n) {
			fputs("(empty)", stdout);
		} else if (hp_unreadable(d)) {
			printf("\\x%02x", d->p[0]);
			put_text(stdout, d->p + 1, d->n - 1, esc, false);
		} else {
			put_text(stdout, d->p, d->n, esc, false);
		}
		return;
	}
	struct heap_name_walk w;
	const uint8_t *p;
	size_t k, n = 0;
	heap_name_begin(&w, &c->run.h, b);
	while (heap_name_next(&w, &p, &k))
		n += k;
	if (d->n) /* the empty stack is MAIN, uncut */
		printf("(%u)", b + 1);
	/* fprint_ccs: the stack's text in a buffer of L + 1 bytes; when it
	 * fills, "..." at L - 4 ends it */
	size_t cut = d->n && n > len ? (len >= 4 ? len - 4 : 0) : n, done = 0;
	heap_name_begin(&w, &c->run.h, b);
	while (done < cut && heap_name_next(&w, &p, &k)) {
		if (k > cut - done)
			k = cut - done;
		put_text(stdout, p, k, esc, false);
		done += k;
	}
	if (cut < n)
		fputs("...", stdout);
}

/* The censuses of the window, each BEGIN_SAMPLE, its bands, END_SAMPLE. */
static void put_censuses(const struct report_ctx *c, uint32_t len, uint64_t *last)
{
	const struct heap *h = &c->run.h;
	for (size_t k = 0; k < h->ncensuses && !ferror(stdout); k++) {
		const struct census *cs = &h->censuses[k];
		if (cs->time < c->o.from || cs->time > c->o.to)
			continue;
		put_sample_mark(stdout, "BEGIN_SAMPLE", cs->time);
		for (size_t i = cs->first; i < cs->first + cs->n; i++) {
			hp_put_band(c, h->samples[i].band, len);
			printf("\t%llu\n", (unsigned long long)h->samples[i].bytes);
		}
		put_sample_mark(stdout, "END_SAMPLE", cs->time);
		*last = cs->time;
	}
}

/* A profile the log holds no bands of: said, true. */
static bool no_bands(const struct report_ctx *c)
{
	const struct heap *h = &c->run.h;
	if (!h->breakdown && !h->ncensuses) {
		warnx_("%s: no heap profile in this log: run the program with +RTS -hT, or -hi, or "
		       "with a profiled build -hc, -hm, -hd, -hy",
		       c->o.path);
		return true;
	}
	if (h->breakdown == 5) {
		warnx_("%s: a retainer profile (+RTS -hr): the RTS writes its retainer sets to the "
		       ".hp only, not to the log",
		       c->o.path);
		return true;
	}
	if (h->breakdown == 6) {
		warnx_("%s: a biographical profile (+RTS -hb): hectic does not read its censuses",
		       c->o.path);
		return true;
	}
	return false;
}

int report_hp(struct report_ctx *c)
{
	if (no_bands(c))
		return EXIT_BADINPUT;
	struct hp_run r;
	memset(&r, 0, sizeof r);
	if (!read_run(&c->run.s, &r) || !split_args(&r)) {
		free_run(&r);
		warnx_("out of memory");
		return EXIT_BADINPUT;
	}
	put_job(stdout, &r, profiled_rts(&r, &c->run.h), c->o.escape);
	put_date(stdout, &r);
	fputs("SAMPLE_UNIT \"seconds\"\nVALUE_UNIT \"bytes\"\n", stdout);
	uint64_t start = c->o.has_from ? c->o.from : 0, last = start;
	put_sample_mark(stdout, "BEGIN_SAMPLE", start);
	put_sample_mark(stdout, "END_SAMPLE", start);
	put_censuses(c, ccs_length(&r), &last);
	free_run(&r);
	/* GHC's last, empty sample at exit: the window's end */
	uint64_t end = c->run.s.tmax < c->o.to ? c->run.s.tmax : c->o.to;
	if (end < last)
		end = last;
	put_sample_mark(stdout, "BEGIN_SAMPLE", end);
	put_sample_mark(stdout, "END_SAMPLE", end);
	return 0;
}
