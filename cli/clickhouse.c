/* clickhouse: a ClickHouse server over its HTTP interface (clickhouse.h). */
#include "clickhouse.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "../model/table_ch.h"

struct ch {
	CURL *h;
	char *base;     /* scheme://host:port/ */
	char *where;    /* host:port, for messages */
	char *user, *password; /* NULL: the server's default user */
	char *db;
	const volatile sig_atomic_t *stop;
	double t0, took; /* the request's start, and how long it has taken */
	int base_s;      /* the deadline's base (ch_set_base) */
	bool late;       /* given up: past its deadline */
	char settings[64]; /* in every request's URL (ch_set_settings) */
	char curl_err[CURL_ERROR_SIZE];
};

bool ch_global_init(void)
{
	return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
}

static char *part(CURLU *u, CURLUPart what, unsigned flags)
{
	char *v = NULL;
	if (curl_url_get(u, what, &v, flags) != CURLUE_OK)
		return NULL;
	char *copy = strdup(v);
	curl_free(v);
	return copy;
}

/* url as a message may show it: the password of its user part (after
 * the first ':' of what comes before the authority's last '@') as ***,
 * whether or not the rest is a URL that parses. */
static void masked(const char *url, char *out, size_t n)
{
	const char *sep = strstr(url, "://");
	const char *a = sep ? sep + 3 : url;
	const char *end = a + strcspn(a, "/?#");
	const char *at = NULL;
	for (const char *q = a; q < end; q++)
		if (*q == '@')
			at = q;
	const char *colon = at ? memchr(a, ':', (size_t)(at - a)) : NULL;
	if (!colon)
		snprintf(out, n, "%s", url);
	else
		snprintf(out, n, "%.*s:***%s", (int)(colon - url), url, at);
}

/* The URL's parts into c; false with why in err (the URL in it masked). */
static bool ch_parse_url(struct ch *c, const char *url_given, char *err, size_t n)
{
	CURLU *u = curl_url();
	bool ok = false;
	if (!u) {
		snprintf(err, n, "out of memory");
		return false;
	}
	char url[600];
	masked(url_given, url, sizeof url);
	char *scheme = NULL, *host = NULL, *port = NULL, *path = NULL;
	if (curl_url_set(u, CURLUPART_URL, url_given, 0) != CURLUE_OK) {
		snprintf(err, n, "%s: not a URL: give http://[USER[:PASSWORD]@]HOST:PORT/DATABASE",
			 url);
		goto out;
	}
	scheme = part(u, CURLUPART_SCHEME, 0);
	host = part(u, CURLUPART_HOST, 0);
	port = part(u, CURLUPART_PORT, CURLU_DEFAULT_PORT);
	path = part(u, CURLUPART_PATH, CURLU_URLDECODE);
	c->user = part(u, CURLUPART_USER, CURLU_URLDECODE);
	c->password = part(u, CURLUPART_PASSWORD, CURLU_URLDECODE);
	if (!scheme || (strcmp(scheme, "http") && strcmp(scheme, "https"))) {
		snprintf(err, n, "%s: hectic push speaks http:// or https:// (ClickHouse's HTTP interface, "
				 "port 8123 by default)", url);
		goto out;
	}
	if (!host || !port) {
		snprintf(err, n, "%s: no host", url);
		goto out;
	}
	const char *db = path && path[0] == '/' ? path + 1 : path ? path : "";
	size_t dn = strlen(db);
	while (dn && db[dn - 1] == '/')
		dn--;
	if (memchr(db, '/', dn) || strcspn(db, "?#") < dn) {
		snprintf(err, n, "%s: the path is the database, one name (http://HOST:PORT/DATABASE)", url);
		goto out;
	}
	c->db = dn ? strndup(db, dn) : strdup("default");
	size_t bn = strlen(scheme) + strlen(host) + strlen(port) + 8;
	c->base = malloc(bn);
	c->where = malloc(bn);
	if (!c->db || !c->base || !c->where) {
		snprintf(err, n, "out of memory");
		goto out;
	}
	snprintf(c->base, bn, "%s://%s:%s/", scheme, host, port);
	snprintf(c->where, bn, "%s:%s", host, port);
	ok = true;
out:
	free(scheme);
	free(host);
	free(port);
	free(path);
	curl_url_cleanup(u);
	return ok;
}

struct ch *ch_new(const char *url, const volatile sig_atomic_t *stop, char *err, size_t n)
{
	struct ch *c = calloc(1, sizeof *c);
	if (!c) {
		snprintf(err, n, "out of memory");
		return NULL;
	}
	c->stop = stop;
	if (!ch_parse_url(c, url, err, n)) {
		ch_free(c);
		return NULL;
	}
	const char *pw = getenv("HECTIC_CLICKHOUSE_PASSWORD");
	if (pw) {
		free(c->password);
		c->password = strdup(pw);
		if (!c->user)
			c->user = strdup("default");
	}
	c->h = curl_easy_init();
	if (!c->h || (pw && (!c->password || !c->user))) {
		snprintf(err, n, "out of memory");
		ch_free(c);
		return NULL;
	}
	return c;
}

void ch_free(struct ch *c)
{
	if (!c)
		return;
	if (c->h)
		curl_easy_cleanup(c->h);
	free(c->base);
	free(c->where);
	free(c->user);
	free(c->password);
	free(c->db);
	free(c);
}

const char *ch_database(const struct ch *c)
{
	return c->db;
}

/* ---- a request ---- */

struct answer {
	char *p;
	size_t n, cap;   /* cap: room, the NUL aside */
	size_t total;    /* bytes the server sent, kept or not */
	long exception;  /* X-ClickHouse-Exception-Code (0: none) */
};

/* The answer's body: kept up to cap, the request given up past
 * CH_ANSWER_MAX (a server that never ends its answer). */
static size_t on_data(char *p, size_t size, size_t k, void *ctx)
{
	struct answer *a = ctx;
	size_t n = size * k;
	a->total += n;
	if (a->total > CH_ANSWER_MAX)
		return 0;
	size_t room = a->cap > a->n ? a->cap - a->n : 0;
	size_t take = n < room ? n : room;
	if (take)
		memcpy(a->p + a->n, p, take);
	a->n += take;
	return n;
}

/* Every header line of every answer: ClickHouse says an error that came
 * after its answer began (a 200 already sent) in X-ClickHouse-Exception-
 * Code. */
static size_t on_header(char *p, size_t size, size_t k, void *ctx)
{
	struct answer *a = ctx;
	size_t n = size * k;
	static const char name[] = "x-clickhouse-exception-code:";
	if (n > sizeof name - 1 && !strncasecmp(p, name, sizeof name - 1)) {
		char v[24];
		size_t m = n - (sizeof name - 1) < sizeof v - 1 ? n - (sizeof name - 1) : sizeof v - 1;
		memcpy(v, p + sizeof name - 1, m);
		v[m] = 0;
		long code = strtol(v, NULL, 10);
		a->exception = code ? code : -1;
	}
	return n;
}

/* The deadline of a request that has moved `bytes` either way: CH_BASE_S
 * (or ch_set_base's) plus a second for every CH_MIN_RATE bytes. */
static double deadline_of(const struct ch *c, curl_off_t bytes)
{
	return (c->base_s ? c->base_s : CH_BASE_S) + (double)bytes / CH_MIN_RATE;
}

void ch_set_base(struct ch *c, int base_s)
{
	c->base_s = base_s;
}

void ch_set_stop(struct ch *c, const volatile sig_atomic_t *stop)
{
	c->stop = stop;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int ch_on_progress(void *ctx, curl_off_t dt, curl_off_t dn, curl_off_t ut, curl_off_t un)
{
	(void)dt, (void)ut;
	struct ch *c = ctx;
	if (c->stop && *c->stop)
		return 1;
	c->took = now_s() - c->t0;
	if (c->took > deadline_of(c, dn + un)) {
		c->late = true;
		return 1;
	}
	return 0;
}

/* ClickHouse's message in an error answer, without its wrapping: 18.x
 * "Code: 193, e.displayText() = DB::Exception: Wrong password for user
 * x, e.what() = DB::Exception" (or DB::ErrnoException: ... errno: 28,
 * strerror: No space left on device), later "Code: 516. DB::Exception: x:
 * Authentication failed... (AUTHENTICATION_FAILED) (version 23.8)". Its
 * bytes escaped: a server's text is not trusted to be printable. */
static void server_message(const char *body, size_t n, char *out, size_t m)
{
	static const char ex[] = "Exception: "; /* (DB::Exception, DB::ErrnoException) */
	const char *s = body, *end = body + n;
	const char *e = n ? strstr(body, ex) : NULL;
	if (e)
		s = e + sizeof ex - 1;
	const char *cut[] = { ", e.what() = ", " (version ", "\n" };
	for (size_t i = 0; i < sizeof cut / sizeof *cut; i++) {
		const char *q = strstr(s, cut[i]);
		if (q && q < end)
			end = q;
	}
	size_t k = 0;
	for (const char *p = s; p < end && k + 5 < m; p++) {
		unsigned char ch = (unsigned char)*p;
		if (ch < 0x20 || ch == 0x7f)
			k += (size_t)snprintf(out + k, m - k, "\\x%02x", ch);
		else
			out[k++] = (char)ch;
	}
	out[k < m ? k : m - 1] = 0;
	if (!k)
		snprintf(out, m, "(no message)");
}

/* A connection that broke while the request went or its answer came. */
static bool lost(CURLcode rc)
{
	return rc == CURLE_SEND_ERROR || rc == CURLE_RECV_ERROR || rc == CURLE_GOT_NOTHING ||
	       rc == CURLE_PARTIAL_FILE || rc == CURLE_SEND_FAIL_REWIND;
}

/* What went wrong with the request, when it did (false), into err. */
static bool request_verdict(struct ch *c, CURLcode rc, long status, struct answer *a, const char *what,
		  char *err, size_t nerr)
{
	char m[400];
	if (rc == CURLE_ABORTED_BY_CALLBACK && c->stop && *c->stop) {
		snprintf(err, nerr, "interrupted");
		return false;
	}
	if (c->late) {
		snprintf(err, nerr, "ClickHouse at %s: %s given up after %.0f s (a request has %d s, "
				    "and a second more per %d kB it moves)",
			 c->where, what, c->took, c->base_s ? c->base_s : CH_BASE_S, CH_MIN_RATE / 1000);
		return false;
	}
	if (rc == CURLE_WRITE_ERROR && a->total > CH_ANSWER_MAX) {
		snprintf(err, nerr, "ClickHouse at %s: %s: an answer over %d MB given up", c->where,
			 what, CH_ANSWER_MAX >> 20);
		return false;
	}
	if (status >= 200 && status != 200) {
		server_message(a->p ? a->p : "", a->n, m, sizeof m);
		snprintf(err, nerr, "ClickHouse at %s refused %s (HTTP %ld): %s", c->where, what, status,
			 m);
		return false;
	}
	if (a->exception) {
		server_message(a->p ? a->p : "", a->n, m, sizeof m);
		snprintf(err, nerr, "ClickHouse at %s failed %s after its answer began (exception %ld): %s",
			 c->where, what, a->exception, m);
		return false;
	}
	if (rc != CURLE_OK) {
		snprintf(err, nerr, "ClickHouse at %s: %s%s%s%s%s", c->where,
			 lost(rc) ? "the connection was lost mid-request (" : "",
			 lost(rc) ? what : curl_easy_strerror(rc), lost(rc) ? ")" : "",
			 c->curl_err[0] ? ": " : "", c->curl_err);
		return false;
	}
	if (status != 200) {
		snprintf(err, nerr, "ClickHouse at %s: the connection was lost mid-request (%s)",
			 c->where, what);
		return false;
	}
	return true;
}

/* Performs what is set on c->h; false with why in err. */
static bool perform(struct ch *c, struct answer *a, const char *what, char *err, size_t nerr)
{
	CURL *h = c->h;
	c->curl_err[0] = 0;
	c->late = false;
	c->t0 = now_s();
	c->took = 0;
	a->total = 0;
	a->exception = 0;
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, c->curl_err);
	curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_data);
	curl_easy_setopt(h, CURLOPT_WRITEDATA, a);
	curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(h, CURLOPT_HEADERDATA, a);
	curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, ch_on_progress);
	curl_easy_setopt(h, CURLOPT_XFERINFODATA, c);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, (long)CH_CONNECT_S);
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_LIMIT, 1L);
	curl_easy_setopt(h, CURLOPT_LOW_SPEED_TIME, (long)(c->base_s ? c->base_s : CH_STALL_S));
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(h, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
	if (c->user) {
		curl_easy_setopt(h, CURLOPT_USERNAME, c->user);
		curl_easy_setopt(h, CURLOPT_PASSWORD, c->password ? c->password : "");
	}
	CURLcode rc = curl_easy_perform(h);
	long status = 0;
	curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
	if (a->cap)
		a->p[a->n < a->cap ? a->n : a->cap] = 0;
	return request_verdict(c, rc, status, a, what, err, nerr);
}

/* base?database=DB&query=... (query NULL: none) */
static char *url_with(struct ch *c, bool no_db, const char *query)
{
	char *db = curl_easy_escape(c->h, c->db, 0);
	char *q = query ? curl_easy_escape(c->h, query, 0) : NULL;
	struct chbuf b = { 0 };
	chbuf_addf(&b, "%s?", c->base);
	if (!no_db)
		chbuf_addf(&b, "database=%s&", db ? db : "");
	if (c->settings[0])
		chbuf_addf(&b, "%s&", c->settings);
	if (q)
		chbuf_addf(&b, "query=%s", q);
	chbuf_add(&b, "", 1);
	curl_free(db);
	curl_free(q);
	if (b.failed || (!db) || (query && !q)) {
		chbuf_free(&b);
		return NULL;
	}
	return (char *)b.p;
}

bool ch_query(struct ch *c, const char *sql, bool no_db, char *out, size_t n, char *err,
	      size_t nerr)
{
	char small[512];
	struct answer a = { .p = out ? out : small, .cap = out && n ? n - 1 : sizeof small - 1 };
	char *url = url_with(c, no_db, NULL);
	if (!url) {
		snprintf(err, nerr, "out of memory");
		return false;
	}
	curl_easy_reset(c->h);
	curl_easy_setopt(c->h, CURLOPT_URL, url);
	curl_easy_setopt(c->h, CURLOPT_POSTFIELDS, sql);
	curl_easy_setopt(c->h, CURLOPT_POSTFIELDSIZE, (long)strlen(sql));
	bool ok = perform(c, &a, "a statement", err, nerr);
	free(url);
	return ok;
}

void ch_set_settings(struct ch *c, const char *settings)
{
	snprintf(c->settings, sizeof c->settings, "%s", settings);
}

bool ch_settings_for(struct ch *c, char *out, size_t n, char *err, size_t nerr)
{
	char v[1024]; /* (an error's text comes back in it too) */
	if (!ch_query(c, "SELECT version()", true, v, sizeof v, err, nerr))
		return false;
	int major = 0, minor = 0;
	if (sscanf(v, "%d.%d", &major, &minor) != 2) {
		snprintf(err, nerr, "ClickHouse at %s: not a version: %.40s", c->where, v);
		return false;
	}
	/* async_insert (21.11 on): an INSERT that returns before its rows
	 * exist, on a server whose profile turns it on; 18.16 refuses the
	 * setting's name */
	snprintf(out, n, "%s", major > 21 || (major == 21 && minor >= 11) ? "async_insert=0" : "");
	return true;
}

int64_t ch_count(struct ch *c, const char *sql, char *err, size_t nerr)
{
	char out[1024]; /* (an error's text comes back in it too) */
	if (!ch_query(c, sql, false, out, sizeof out, err, nerr))
		return -1;
	char *end;
	long long v = strtoll(out, &end, 10);
	if (end == out || v < 0) {
		snprintf(err, nerr, "ClickHouse at %s: not a count: %.40s", c->where, out);
		return -1;
	}
	return v;
}

struct feed {
	size_t (*fill)(void *ctx, uint8_t *buf, size_t n);
	void *ctx;
	bool failed;
};

static size_t on_read(char *buf, size_t size, size_t k, void *ctx)
{
	struct feed *f = ctx;
	size_t n = f->fill(f->ctx, (uint8_t *)buf, size * k);
	if (n == (size_t)-1) {
		f->failed = true;
		return CURL_READFUNC_ABORT;
	}
	return n;
}

bool ch_insert(struct ch *c, const char *table, size_t (*fill)(void *ctx, uint8_t *buf, size_t n),
	       void *ctx, char *err, size_t nerr)
{
	struct chbuf q = { 0 };
	chbuf_addf(&q, "INSERT INTO ");
	table_ch_ident(&q, table);
	chbuf_addf(&q, " FORMAT RowBinary");
	chbuf_add(&q, "", 1);
	char *url = q.failed ? NULL : url_with(c, false, (const char *)q.p);
	chbuf_free(&q);
	if (!url) {
		snprintf(err, nerr, "out of memory");
		return false;
	}
	char answer[2048];
	struct answer a = { .p = answer, .cap = sizeof answer - 1 };
	struct feed f = { fill, ctx, false };
	/* (no Expect: 100-continue: a round trip less, and no "HTTP 100" for
	 * an answer that never came) */
	struct curl_slist *hdr = curl_slist_append(NULL, "Transfer-Encoding: chunked");
	struct curl_slist *h2 = hdr ? curl_slist_append(hdr, "Expect:") : NULL;
	hdr = h2 ? h2 : hdr;
	curl_easy_reset(c->h);
	curl_easy_setopt(c->h, CURLOPT_URL, url);
	curl_easy_setopt(c->h, CURLOPT_POST, 1L);
	curl_easy_setopt(c->h, CURLOPT_READFUNCTION, on_read);
	curl_easy_setopt(c->h, CURLOPT_READDATA, &f);
	curl_easy_setopt(c->h, CURLOPT_HTTPHEADER, hdr);
	curl_easy_setopt(c->h, CURLOPT_UPLOAD_BUFFERSIZE, 1L << 20);
	char why[sizeof answer], what[200];
	snprintf(what, sizeof what, "the rows of %s", table);
	bool ok = perform(c, &a, what, why, sizeof why);
	curl_slist_free_all(hdr);
	free(url);
	if (f.failed) {
		snprintf(err, nerr, "the rows of %s could not be made", table);
		return false;
	}
	if (!ok)
		snprintf(err, nerr, "%s", why);
	return ok;
}
