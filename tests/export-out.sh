#!/bin/sh
# export --chrome -o OUT replaces OUT only with a whole export (issue 32,
# items 4 and 5). OUT holds the user's bytes before each case; after it,
# OUT must be byte-identical to them and the directory must hold OUT alone
# (no OUT.XXXXXX temporary left), when:
#  - the log shrinks while the export reads it (the process is stopped
#    once its temporary file exists, the log cut to 200,000 bytes, the
#    process continued: "the report is incomplete", exit 1);
#  - the log holds undecodable data (an IPE entry of a real -hi log whose
#    event type is made undeclared: exit 1);
#  - SIGINT, SIGTERM, SIGHUP or SIGQUIT comes while the export writes
#    (sent once its temporary file exists): the process dies of that
#    signal, as it would have;
#  - the file grows past the size limit (ulimit -f: SIGXFSZ);
#  - SIGINT comes during the export of a stream read with --save S (S is
#    in place, as the log was read whole; OUT stays as it was).
# And a whole export still replaces OUT (the bytes export writes to stdout),
# keeping OUT's permissions. The big log is bench/gen.c's synthetic one
# (HECTIC_EXPORT_SIZE, default 60M: long enough to catch mid-way).
# Usage: sh tests/export-out.sh [HECTIC]
set -u
H=${1:-build/hectic}
CC=${CC:-cc}
SIZE=${HECTIC_EXPORT_SIZE:-60M}
here=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-export-out.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "export-out: FAIL: $*"; }
eq() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi; }

if ! "$CC" -std=c11 -O2 -o "$T/gen" "$here/bench/gen.c" || ! "$T/gen" "$SIZE" "$T/big.eventlog"; then
	echo "export-out: FAIL: cannot compile bench/gen.c with $CC or make the log"
	exit 1
fi
O=$T/o
mkdir "$O"
KEEP='the user'"'"'s own bytes, not an export'

# fresh: OUT holds the user's bytes, alone in its directory
fresh() {
	rm -f "$O"/* "$O"/.[!.]* 2>/dev/null
	printf '%s\n' "$KEEP" >"$O/out.json"
}

# kept NAME: OUT as it was, nothing beside it, no sanitizer report (a
# sanitizer build)
kept() {
	eq "$1: OUT kept" "$(head -c 80 "$O/out.json" 2>&1)" "$KEEP"
	eq "$1: files beside OUT" "$(ls -A "$O" | tr '\n' ' ')" "out.json "
	if grep -Eq 'Sanitizer|runtime error' "$T/err"; then
		bad "$1: sanitizer report: $(head -c 300 "$T/err")"
	else
		ok
	fi
}

# start ARG...: the export to $O/out.json in the background (pid in $pid),
# SIGINT and SIGQUIT at their default (a shell's background job has them
# ignored; env --default-signal: coreutils 8.31), and SIGHUP and SIGTERM
# too (the suite run under nohup has SIGHUP ignored, and hectic leaves an
# ignored signal ignored), stderr in $T/err
start() {
	env --default-signal=INT,QUIT,HUP,TERM "$H" export --chrome "$@" -o "$O/out.json" 2>"$T/err" &
	pid=$!
}

# mid_way: true once the export's temporary file (OUT.XXXXXX) exists and
# has bytes (it is writing), false when the process ended first (too soon
# to catch it)
mid_way() {
	_i=0
	while [ "$_i" -lt 6000 ]; do
		for _f in "$O"/out.json.*; do
			[ -s "$_f" ] && return 0
		done
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.005
		_i=$((_i + 1))
	done
	return 1
}

# ---- a log that shrinks while it is read ----
fresh
cp "$T/big.eventlog" "$T/shrink.eventlog"
start "$T/shrink.eventlog"
if mid_way; then
	kill -STOP "$pid"
	truncate -s 200000 "$T/shrink.eventlog"
	kill -CONT "$pid"
	wait "$pid"
	eq "shrink: exit" "$?" 1
	grep -q 'shrank while it was read' "$T/err" && ok || bad "shrink: not said: $(head -c 300 "$T/err")"
	kept shrink
else
	wait "$pid"
	bad "shrink: the export ended before it could be caught writing (exit $?)"
fi

# ---- undecodable data: an IPE entry's event type made undeclared ----
f=$here/tests/fixtures/modern/ghc910-heap-hi.eventlog
p=$(grep -abo 'sat_s3cg_info' "$f" | head -n 1 | cut -d: -f1)
cp "$f" "$T/ipe.eventlog"
# the entry: type (2 bytes), time (8), size (2), info pointer (8), then
# its table's name
printf '\000\372' | dd of="$T/ipe.eventlog" bs=1 seek=$((p - 20)) conv=notrunc 2>/dev/null
fresh
"$H" export --chrome "$T/ipe.eventlog" -o "$O/out.json" 2>"$T/err"
eq "ipe: exit" "$?" 1
grep -q 'undecodable data (undeclared event type 250)' "$T/err" && ok ||
	bad "ipe: not said: $(head -c 300 "$T/err")"
kept ipe

# ---- signals mid-export: the process dies of the signal ----
# The export is stopped (SIGSTOP) while its temporary is there, so that
# the signal is sure to come mid-export: sent while it is stopped, it is
# delivered as it continues, before it can write another byte. On a busy
# machine the export can end between mid_way and the stop (its temporary
# gone): then it is tried again, at most 3 times.
for sig in INT:130 TERM:143 HUP:129 QUIT:131; do
	caught=0 try=0
	while [ "$caught" -eq 0 ] && [ "$try" -lt 3 ]; do
		try=$((try + 1))
		fresh
		start "$T/big.eventlog"
		if mid_way; then
			kill -STOP "$pid"
			_tmp=0
			for _f in "$O"/out.json.*; do
				[ -e "$_f" ] && _tmp=1
			done
			if [ "$_tmp" -eq 1 ]; then
				caught=1
				kill -"${sig%:*}" "$pid"
				kill -CONT "$pid"
				wait "$pid"
				eq "SIG${sig%:*}: exit" "$?" "${sig#*:}"
				kept "SIG${sig%:*}"
			else
				kill -CONT "$pid"
				wait "$pid"
			fi
		else
			wait "$pid"
		fi
	done
	[ "$caught" -eq 1 ] ||
		bad "SIG${sig%:*}: the export ended before it could be caught writing, 3 times"
done

# ---- past the file size limit: SIGXFSZ (153) ----
fresh
(
	ulimit -f 2000
	exec "$H" export --chrome "$T/big.eventlog" -o "$O/out.json" 2>"$T/err"
)
eq "SIGXFSZ: exit" "$?" 153
kept SIGXFSZ

# ---- a stream with --save: its spool is in place, OUT is not replaced ----
fresh
env --default-signal=INT "$H" export --chrome --save "$O/saved.eventlog" -o "$O/out.json" - \
	<"$T/big.eventlog" 2>"$T/err" &
pid=$!
if mid_way && [ -e "$O/saved.eventlog" ]; then
	# the spool is in place once the log was read; the temporary is the
	# export's
	kill -INT "$pid"
	wait "$pid"
	eq "save: exit" "$?" 130
	eq "save: OUT kept" "$(head -c 80 "$O/out.json")" "$KEEP"
	if cmp -s "$O/saved.eventlog" "$T/big.eventlog"; then ok; else bad "save: the saved log differs"; fi
	eq "save: files beside OUT" "$(ls -A "$O" | tr '\n' ' ')" "out.json saved.eventlog "
else
	wait "$pid"
	bad "save: the export ended before it could be caught writing (exit $?)"
fi

# ---- a whole export replaces OUT, with OUT's permissions ----
f=$here/tests/fixtures/par-n4.eventlog
fresh
chmod 640 "$O/out.json"
"$H" export --chrome "$f" -o "$O/out.json" 2>"$T/err"
eq "whole: exit" "$?" 0
"$H" export --chrome "$f" >"$T/stdout.json" 2>/dev/null
if cmp -s "$O/out.json" "$T/stdout.json"; then ok; else bad "whole: OUT is not the export"; fi
eq "whole: mode" "$(stat -c %a "$O/out.json")" 640
eq "whole: files beside OUT" "$(ls -A "$O" | tr '\n' ' ')" "out.json "
# and a new OUT: made with the umask's permissions
rm -f "$O/out.json"
(umask 027 && "$H" export --chrome "$f" -o "$O/out.json" 2>/dev/null)
eq "new: mode" "$(stat -c %a "$O/out.json")" 640

echo "export-out: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
