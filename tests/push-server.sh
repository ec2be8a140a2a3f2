#!/bin/sh
# hectic push against a bad server (issue 43, item 6): tests/tools/
# badserver.py, the suite's own HTTP server on 127.0.0.1, answers as no
# ClickHouse should, and push gives up with a clear message and status 1:
#   - a body dripped at 2 bytes a second: given up past the request's
#     deadline (20 s, the man page's), well before 60 s;
#   - a body that never ends: given up as an answer over 1 MB;
#   - an INSERT answered 200 with X-ClickHouse-Exception-Code (an error
#     after the answer began): the exception said, nothing "pushed";
#   - the connection closed in the middle of an INSERT: "the connection
#     was lost mid-request", not an HTTP status;
# --follow of more than 16 logs is refused before any request; and a
# password never shows in a message: malformed URLs (a bad port,
# ftp://, a path of two parts, no scheme) and a dead port, each with a
# password, each message masked (alice:***@).
# Usage: tests/push-server.sh path/to/hectic
SUITE=push-server
. "$(dirname "$0")/sql-lib.sh"
BAD=$(dirname "$0")/tools/badserver.py
F=$FIX/par-n4.eventlog

# server MODE: badserver.py in MODE, its port in PORT (pid SPID); false
# when it did not start within 10 s
server() {
	rm -f "$T/port"
	python3 "$BAD" "$1" "$T/port" 90 &
	SPID=$!
	i=0
	while [ ! -s "$T/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	PORT=$(cat "$T/port" 2>/dev/null)
	[ -n "$PORT" ]
}
stop_server() {
	kill "$SPID" 2>/dev/null
	wait "$SPID" 2>/dev/null
}
# gives_up NAME MODE WANT SECS: push against MODE ends in SECS at most
# (killed then), with status 1 and WANT in its message
gives_up() {
	if ! server "$2"; then
		bad "$1: badserver.py did not start"
		return
	fi
	t0=$(date +%s)
	"$H" push "http://127.0.0.1:$PORT/db" "$F" >"$T/out" 2>"$T/err" &
	pid=$!
	i=0
	while kill -0 "$pid" 2>/dev/null && [ $i -lt $(($4 * 10)) ]; do sleep 0.1; i=$((i + 1)); done
	if kill -0 "$pid" 2>/dev/null; then
		kill -KILL "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		bad "$1: push still running after $4 s: $(cat "$T/err")"
		stop_server
		return
	fi
	wait "$pid"
	rc=$?
	dt=$(($(date +%s) - t0))
	if [ "$rc" -eq 1 ] && grep -q "$3" "$T/err" && ! grep -q "pushed as run" "$T/out"; then ok; else
		bad "$1: status $rc after ${dt}s: $(cat "$T/out" "$T/err")"
	fi
	stop_server
}
gives_up drip drip "given up after 2[0-9] s" 60
gives_up endless endless "an answer over 1 MB given up" 30
gives_up exception exception "failed the rows of .* after its answer began (exception 241): Memory limit (for query) exceeded" 30
gives_up cut cut "the connection was lost mid-request (the rows of " 30
if grep -q "HTTP 100" "$T/err"; then bad "cut: said HTTP 100: $(cat "$T/err")"; else ok; fi

# ---- a password never in a message ----
# masked NAME URL WANT: push URL fails, its message has WANT, never PW
masked() {
	"$H" push "$2" "$F" >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -ne 0 ] && grep -qF "$3" "$T/err" && ! grep -q "PW" "$T/out" "$T/err"; then ok; else
		bad "$1: status $rc: $(cat "$T/out" "$T/err")"
	fi
}
masked bad-port "http://alice:PW@127.0.0.1:99999/db" "http://alice:***@127.0.0.1:99999/db: not a URL"
masked ftp "ftp://alice:PW@127.0.0.1:8123/db" "ftp://alice:***@127.0.0.1:8123/db: hectic push speaks http://"
masked two-parts "http://alice:PW@127.0.0.1:8123/db/more" "http://alice:***@127.0.0.1:8123/db/more: the path is the database"
masked no-scheme "alice:PW@127.0.0.1:8123/db" "alice:***@127.0.0.1:8123/db"
masked at-in-password "http://alice:PW@PW@127.0.0.1:99999/db" "http://alice:***@127.0.0.1:99999/db"
if server drip; then
	stop_server # (a port nothing listens on now)
	masked dead-port "http://alice:PW@127.0.0.1:$PORT/db" "ClickHouse at 127.0.0.1:$PORT: Couldn't connect"
else
	bad "badserver.py did not start"
fi

# ---- --follow: a thread a log, 16 logs at most (said before any request) ----
set --
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17; do set -- "$@" "$F"; done
"$H" push --follow "http://127.0.0.1:1/db" "$@" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q "follows 16 logs at most at once (a thread each); 17 given" "$T/err"; then ok; else
	bad "--follow of 17 logs: status $rc: $(cat "$T/err")"
fi

echo "push-server: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
