/* clickhouse: a ClickHouse server over its HTTP interface, through libcurl
 * (issue 35; the one module that includes curl). A statement goes in a
 * request's body and its answer comes back whole (bounded); an INSERT
 * names its table and format in the URL and streams its rows in the body
 * (chunked), pulled from a fill function, so that no batch is held whole.
 * Values never go in a statement's text. Every request gives up on a dead
 * or unreachable server within seconds, on a stalled one within
 * CH_STALL_S, on a slow one past its deadline (CH_BASE_S, and a second
 * more per CH_MIN_RATE bytes it moved either way), and on an answer over
 * CH_ANSWER_MAX; an error ClickHouse sends after its answer began (a 200
 * with X-ClickHouse-Exception-Code) fails it; a flag (Ctrl-C) stops it
 * at once. A URL in a message has its password masked (***). */
#ifndef HECTIC_CLICKHOUSE_H
#define HECTIC_CLICKHOUSE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CH_CONNECT_S 5 /* to connect */
#define CH_STALL_S 8   /* no byte either way for this long: given up */
#define CH_BASE_S 20   /* a request's deadline: this, ... */
#define CH_MIN_RATE 64000 /* ... and a second per this many bytes it moved */
#define CH_ANSWER_MAX (1 << 20) /* an answer longer than this: given up */

struct ch;

/* Parses url, http://[USER[:PASSWORD]@]HOST:PORT/DATABASE (or https;
 * DATABASE "default" when absent); HECTIC_CLICKHOUSE_PASSWORD, when set,
 * is the password. NULL, with why in err, when url is not one. stop:
 * a flag that ends a request (NULL: none). */
struct ch *ch_new(const char *url, const volatile sig_atomic_t *stop, char *err, size_t n);
void ch_free(struct ch *c);

/* The database the URL names. */
const char *ch_database(const struct ch *c);

/* Sends sql (a statement, in the database of the URL, or none when
 * no_db: CREATE DATABASE); its answer, NUL-terminated, into out[0 .. n)
 * (NULL: dropped). False, with the reason in err (the server's message,
 * or the network's), when it failed. */
bool ch_query(struct ch *c, const char *sql, bool no_db, char *out, size_t n, char *err,
	      size_t nerr);

/* The first number of sql's answer (SELECT count() ...), or -1 with err. */
int64_t ch_count(struct ch *c, const char *sql, char *err, size_t nerr);

/* INSERT INTO table FORMAT RowBinary, its rows from fill: fill(ctx, buf,
 * n) writes at most n bytes into buf and returns how many, 0 at the end,
 * (size_t)-1 to fail the insert (its reason then in ctx's keeping). False,
 * with the reason in err, when the insert failed. */
bool ch_insert(struct ch *c, const char *table, size_t (*fill)(void *ctx, uint8_t *buf, size_t n),
	       void *ctx, char *err, size_t nerr);

/* The deadline's base of the requests that follow (0: CH_BASE_S), and
 * their stall's (0: CH_STALL_S): a statement the server works on long
 * before it answers (a run's rows copied). */
void ch_set_base(struct ch *c, int base_s);

/* The flag that stops a request (NULL: none). */
void ch_set_stop(struct ch *c, const volatile sig_atomic_t *stop);

/* Once, before any thread makes a struct ch (curl_global_init). */
bool ch_global_init(void);

/* The settings every request of a push sends to c's server, as URL
 * parameters (name=value&...) into out, from its version (SELECT
 * version()): async_insert=0 where the server knows the setting (21.11
 * on), so that an INSERT's rows exist when it returns, whatever the
 * user's profile says; none on older ones, which refuse its name. False
 * with err. */
bool ch_settings_for(struct ch *c, char *out, size_t n, char *err, size_t nerr);

/* Settings (name=value&...) sent in every request's URL from now on. */
void ch_set_settings(struct ch *c, const char *settings);

#endif
