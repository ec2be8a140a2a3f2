#!/bin/sh
# Live inputs: a log read from standard input, a FIFO, a Unix or TCP socket
# or a file that grew while written must give what the same bytes give from
# a plain file: the same stdout, byte for byte, and the same exit status
# (stderr names the input, so it is not compared). The streams are replayed
# by tests/tools/feed.c in random chunks with random delays.
# Usage: sh tests/live.sh [BUILD_DIR]   (default build; needs BUILD/hectic and
# BUILD/tests/feed, which is compiled into a temporary directory if missing)
#
# Every blocking step runs under `timeout 20`. The first line of `summary`
# names the input ("FILE: 1ms to 2s, ..."): it is compared less the name.
set -u
B=${1:-build}
H=$B/hectic
FEED=$B/tests/feed
FIX=${FIXTURES:-tests/fixtures}
T=$(mktemp -d)
# hectic spools a stream to a temporary file: none may be left behind
mkdir "$T/tmp"
TMPDIR=$T/tmp
export TMPDIR
FPID=""
cleanup() {
	[ -n "$FPID" ] && kill "$FPID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
pass=0
fail=0

if [ ! -x "$FEED" ]; then
	FEED=$T/feed
	${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -O2 -Wall -Wextra -pthread \
		-o "$FEED" tests/tools/feed.c || { echo "live: cannot build tests/tools/feed.c"; exit 1; }
fi
if [ ! -x "$H" ]; then
	echo "live: $H not built"
	exit 1
fi

ok() { pass=$((pass + 1)); }
bad() { # bad WHAT
	fail=$((fail + 1))
	echo "FAIL: $1"
}

# the report commands compared (a key, its arguments)
CMDS="summary activity threads gcs"
args() {
	case $1 in
	activity) echo "activity --columns 50" ;;
	*) echo "$1" ;;
	esac
}

# post P CMD: P.raw (stdout) -> P.out; summary's first line less the name
# (CMD: a key of args, or a command line with its options)
post() {
	case $2 in
	summary*) sed '1s/^.*: //' "$1.raw" >"$1.out" ;;
	*) mv "$1.raw" "$1.out" ;;
	esac
}

# run P CMD [ARGS...] INPUT: hectic CMD on INPUT, stdout in P.out, stderr in
# P.err, exit status in P.rc (stdin is the caller's)
run() {
	_p=$1 _c=$2
	shift 2
	# shellcheck disable=SC2046 # the command and its options: words
	timeout 20 "$H" $(args "$_c") "$@" >"$_p.raw" 2>"$_p.err"
	echo $? >"$_p.rc"
	post "$_p" "$_c"
}

# via_pipe P CMD "FEED_ARGS" [ARGS...]: feed FEED_ARGS | hectic CMD ARGS -
# (FEED_ARGS end with FILE -), feed's exit status in P.frc
via_pipe() {
	_p=$1 _c=$2 _fa=$3
	shift 3
	{
		# shellcheck disable=SC2086 # feed's arguments: words
		timeout 20 "$FEED" --quiet $_fa 2>"$T/feed.err"
		echo $? >"$_p.frc"
	} | { run "$_p" "$_c" "$@" -; }
}

# same WHAT REF GOT [FEED_RC]: REF.out/.rc against GOT.out/.rc (and feed's
# exit status, when given, must be 0)
same() {
	_w=$1 _r=$2 _g=$3 _f=${4:-0}
	_rr=$(cat "$_r.rc") _gr=$(cat "$_g.rc")
	if grep -q -E 'Sanitizer|runtime error:' "$_r.err" "$_g.err"; then
		bad "$_w: a sanitizer report"
		grep -h -E 'Sanitizer|runtime error:' "$_r.err" "$_g.err" | head -3 | sed 's/^/    /'
	elif [ "$_rr" != "$_gr" ]; then
		bad "$_w: exit $_gr, expected $_rr"
		sed 's/^/    stderr: /' "$_g.err" | head -3
	elif ! cmp -s "$_r.out" "$_g.out"; then
		bad "$_w: stdout differs from the plain file's"
		diff "$_r.out" "$_g.out" | head -6 | sed 's/^/    /'
	elif [ "$_f" != 0 ]; then
		bad "$_w: feed exited $_f (hectic did not read the whole stream?)"
		sed 's/^/    feed: /' "$T/feed.err" | head -3
	else
		ok
		return 0
	fi
	return 1
}

# wait_file PATH: until PATH exists or the feed in $FPID is gone (20 s)
wait_file() {
	_i=0
	while [ ! -e "$1" ]; do
		kill -0 "$FPID" 2>/dev/null || return 1
		_i=$((_i + 1))
		[ $_i -gt 2000 ] && return 1
		sleep 0.01
	done
	return 0
}

# start_feed ARGS...: feed in the background (FPID), waits for its --ready
# file $T/ready; status 1 when feed never got ready (it is then reaped)
start_feed() {
	rm -f "$T/ready"
	timeout 20 "$FEED" --quiet --ready "$T/ready" "$@" 2>"$T/feed.err" &
	FPID=$!
	if wait_file "$T/ready"; then
		return 0
	fi
	kill "$FPID" 2>/dev/null
	wait "$FPID" 2>/dev/null
	FPID=""
	return 1
}

# reap_feed GRACE: feed's exit status in FRC; after hectic is done, feed
# should be too: wait up to GRACE hundredths of a second, then kill it
# (a hectic that never opened the FIFO or connected leaves it waiting)
reap_feed() {
	FRC=255
	[ -n "$FPID" ] || return
	_i=0
	while kill -0 "$FPID" 2>/dev/null && [ $_i -lt "$1" ]; do
		_i=$((_i + 1))
		sleep 0.01
	done
	kill "$FPID" 2>/dev/null
	wait "$FPID"
	FRC=$?
	FPID=""
}

# TCP: a port of our own, the next one when it is taken
PORT=$((20000 + $$ % 20000))
start_tcp() { # start_tcp FEED_ARGS... (FILE; the target is added)
	_t=0
	while [ $_t -lt 20 ]; do
		if start_feed "$@" "tcp:127.0.0.1:$PORT"; then
			return 0
		fi
		if ! grep -q "in use" "$T/feed.err"; then
			return 1
		fi
		PORT=$((PORT + 1))
		[ $PORT -gt 65000 ] && PORT=20000
		_t=$((_t + 1))
	done
	return 1
}

# through_fifo P SEED CMD FILE [FEED_ARGS...]: CMD on a FIFO fed from FILE
through_fifo() {
	_p=$1 _s=$2 _c=$3 _f=$4
	shift 4
	rm -f "$T/fifo"
	if ! start_feed --seed "$_s" "$@" "$_f" "fifo:$T/fifo"; then
		echo "never ready" >"$_p.err"; echo 255 >"$_p.rc"; : >"$_p.out"
		return
	fi
	run "$_p" "$_c" "$T/fifo"
}

# through_socket P KIND SEED CMD FILE [FEED_ARGS...]: KIND unix or tcp
through_socket() {
	_p=$1 _k=$2 _s=$3 _c=$4 _f=$5
	shift 5
	if [ "$_k" = unix ]; then
		rm -f "$T/sock"
		start_feed --seed "$_s" "$@" "$_f" "unix:$T/sock"
		_st=$? _in=unix:$T/sock
	else
		start_tcp --seed "$_s" "$@" "$_f"
		_st=$? _in=tcp:127.0.0.1:$PORT
	fi
	if [ $_st != 0 ]; then
		echo "feed never listened: $(head -1 "$T/feed.err")" >"$_p.err"
		echo 255 >"$_p.rc"; : >"$_p.out"
		return
	fi
	run "$_p" "$_c" "$_in"
}

# check_bg WHAT REF GOT: same, then feed's status (given time when the
# outputs matched; killed at once when they did not)
check_bg() {
	if same "$1" "$2" "$3" 0; then
		reap_feed 200
		if [ "$FRC" != 0 ]; then
			pass=$((pass - 1))
			bad "$1: feed exited $FRC (hectic did not read the whole stream?)"
			sed 's/^/    feed: /' "$T/feed.err" | head -3
		fi
	else
		reap_feed 0
	fi
}

# the offset of the first event: after "hete" "hdre" "datb"
data_start() {
	_o=$(grep -boa 'hetehdredatb' "$1" | head -1 | cut -d: -f1)
	echo $((${_o:-0} + 12))
}

seed=0
for f in "$FIX"/*.eventlog; do
	[ -e "$f" ] || { bad "no fixtures: $FIX/*.eventlog"; continue; }
	name=$(basename "$f" .eventlog)
	size=$(wc -c <"$f")
	# the references: each command on the plain file
	for c in $CMDS; do
		run "$T/ref.$c" "$c" "$f"
	done

	for c in $CMDS; do
		seed=$((seed + 1))
		# stdin redirected from the file
		run "$T/got" "$c" - <"$f"
		same "$name: $c - <file" "$T/ref.$c" "$T/got"

		# stdin from a pipe, in random chunks (another chunking per command)
		case $c in
		summary) fa="" ;;
		activity) fa="--chunk 1:512 --delay 0:50" ;;
		threads) fa="--chunk 4096:4096 --delay 0:0" ;;
		gcs) fa="--rate 0" ;;
		esac
		via_pipe "$T/got" "$c" "--seed $seed $fa $f -"
		same "$name: $c - (feed $fa)" "$T/ref.$c" "$T/got" "$(cat "$T/got.frc")"

		# a FIFO
		through_fifo "$T/got" $seed "$c" "$f" --chunk 1:4096 --delay 0:500
		check_bg "$name: $c fifo" "$T/ref.$c" "$T/got"
	done

	# sockets and a grown file: summary and activity
	for c in summary activity; do
		seed=$((seed + 1))
		through_socket "$T/got" unix $seed "$c" "$f"
		check_bg "$name: $c unix:" "$T/ref.$c" "$T/got"
		through_socket "$T/got" tcp $seed "$c" "$f" --chunk 1:16384
		check_bg "$name: $c tcp:" "$T/ref.$c" "$T/got"
		rm -f "$T/grown"
		timeout 20 "$FEED" --quiet --seed $seed --delay 0:200 "$f" "file:$T/grown" 2>"$T/feed.err"
		frc=$?
		run "$T/got" "$c" "$T/grown"
		same "$name: $c grown file" "$T/ref.$c" "$T/got" $frc
	done

	# --save keeps the bytes received
	seed=$((seed + 1))
	rm -f "$T/saved"
	via_pipe "$T/got" summary "--seed $seed $f -" --save "$T/saved"
	if same "$name: summary --save - (output)" "$T/ref.summary" "$T/got" "$(cat "$T/got.frc")"; then
		if cmp -s "$f" "$T/saved"; then ok; else
			bad "$name: --save: the saved file differs from the fixture"
			cmp "$f" "$T/saved" 2>&1 | head -2 | sed 's/^/    /'
		fi
	fi

	# the header split across reads: 7 bytes, then 1 to 5 bytes at a time
	# up to a little into the data, then the rest in random chunks
	ds=$(data_start "$f")
	first=$((ds + 100))
	seed=$((seed + 1))
	{
		timeout 20 "$FEED" --quiet --split-header --chunk 1:5 --delay 0:100 \
			--cut $first "$f" - 2>"$T/feed.err"
		tail -c +$((first + 1)) "$f" | timeout 20 "$FEED" --quiet --seed $seed - - 2>>"$T/feed.err"
	} | { run "$T/got" summary -; }
	same "$name: summary - (split header)" "$T/ref.summary" "$T/got"
done

# ---- the other commands, from a pipe ----
for f in "$FIX"/threaded.eventlog "$FIX"/par-n4.eventlog "$FIX"/profile-hc.eventlog "$FIX"/heap-hT.eventlog; do
	[ -e "$f" ] || { bad "fixture $f missing"; continue; }
	name=$(basename "$f" .eventlog)
	for c in show markers heap profile; do
		run "$T/ref.$c" "$c" "$f"
		seed=$((seed + 1))
		via_pipe "$T/got" "$c" "--seed $seed $f -"
		same "$name: $c - (feed)" "$T/ref.$c" "$T/got" "$(cat "$T/got.frc")"
	done
done

# ---- --save from a FIFO and the sockets ----
f=$FIX/par-n4.eventlog
run "$T/ref.summary" summary "$f"
for k in fifo unix tcp; do
	rm -f "$T/saved"
	seed=$((seed + 1))
	if [ $k = fifo ]; then
		through_fifo "$T/got" $seed "summary --save $T/saved" "$f"
	else
		through_socket "$T/got" $k $seed "summary --save $T/saved" "$f"
	fi
	check_bg "par-n4: summary --save, $k (output)" "$T/ref.summary" "$T/got"
	if cmp -s "$f" "$T/saved"; then ok; else
		bad "par-n4: summary --save, $k: the saved file differs from the fixture"
		cmp "$f" "$T/saved" 2>&1 | head -2 | sed 's/^/    /'
	fi
done

# ---- a slow writer: pauses of 50 to 150 ms, and one of a whole second ----
f=$FIX/threaded.eventlog
run "$T/ref.summary" summary "$f"
slow="--chunk 1000:3000 --delay 50000:150000"
via_pipe "$T/got" summary "$slow $f -"
same "threaded: summary - (slow writer)" "$T/ref.summary" "$T/got" "$(cat "$T/got.frc")"
# shellcheck disable=SC2086 # $slow: feed's options
through_fifo "$T/got" 2 summary "$f" $slow
check_bg "threaded: summary fifo (slow writer)" "$T/ref.summary" "$T/got"
through_socket "$T/got" unix 3 summary "$f" --chunk 6000 --delay 1000000
check_bg "threaded: summary unix: (a pause of 1 s)" "$T/ref.summary" "$T/got"
# shellcheck disable=SC2086
through_socket "$T/got" tcp 4 summary "$f" $slow
check_bg "threaded: summary tcp: (slow writer)" "$T/ref.summary" "$T/got"

# ---- streams that end early ----
# `feed --cut N` (the writer dies after N bytes) gives what the file cut at
# N bytes gives: in the header, at the first event, mid-event, right after
# the last event (before the end-of-data marker), inside the marker
for name in threaded par-n4 heap-hT killed-cut; do
	f=$FIX/$name.eventlog
	[ -e "$f" ] || { bad "fixture $f missing"; continue; }
	size=$(wc -c <"$f")
	ds=$(data_start "$f")
	for cut in 3 7 100 $((ds - 1)) $ds $((ds + 5)) $((size / 2 + 1)) \
		$((size - 2)) $((size - 1)); do
		head -c "$cut" "$f" >"$T/cut"
		for c in summary gcs; do
			run "$T/ref.cut" "$c" "$T/cut"
			seed=$((seed + 1))
			via_pipe "$T/got" "$c" "--seed $seed --chunk 1:8192 --cut $cut $f -"
			same "$name: $c - (cut at $cut of $size)" "$T/ref.cut" "$T/got" "$(cat "$T/got.frc")"
		done
	done
	# the same on sockets: the writer dies mid-stream, or resets
	for cut in $((ds + 5)) $((size / 2 + 1)) $((size - 2)); do
		head -c "$cut" "$f" >"$T/cut"
		run "$T/ref.cut" summary "$T/cut"
		seed=$((seed + 1))
		through_socket "$T/got" unix $seed summary "$f" --cut $cut
		check_bg "$name: summary unix: (writer dies at $cut)" "$T/ref.cut" "$T/got"
		through_socket "$T/got" unix $seed summary "$f" --cut $cut --reset
		check_bg "$name: summary unix: (reset at $cut)" "$T/ref.cut" "$T/got"
		through_socket "$T/got" tcp $seed summary "$f" --cut $cut --reset
		check_bg "$name: summary tcp: (reset at $cut)" "$T/ref.cut" "$T/got"
		through_fifo "$T/got" $seed summary "$f" --cut $cut
		check_bg "$name: summary fifo (writer dies at $cut)" "$T/ref.cut" "$T/got"
	done
	# --save of a cut stream holds the bytes received
	cut=$((size / 2 + 1))
	head -c "$cut" "$f" >"$T/cut"
	rm -f "$T/saved"
	via_pipe "$T/got" summary "--cut $cut $f -" --save "$T/saved"
	if cmp -s "$T/cut" "$T/saved"; then ok; else
		bad "$name: --save of a stream cut at $cut: the saved file is not the first $cut bytes"
		cmp "$T/cut" "$T/saved" 2>&1 | head -2 | sed 's/^/    /'
	fi
done

# ---- inputs with nothing, or nobody, behind them ----
# expect_err WHAT P PATTERN: exit 1, a message on stderr matching PATTERN
expect_err() {
	_rc=$(cat "$2.rc")
	if grep -q -E 'Sanitizer|runtime error:' "$2.err"; then
		bad "$1: a sanitizer report"
		grep -E 'Sanitizer|runtime error:' "$2.err" | head -3 | sed 's/^/    /'
	elif [ "$_rc" != 1 ]; then
		bad "$1: exit $_rc, expected 1"
		sed 's/^/    stderr: /' "$2.err" | head -3
	elif [ ! -s "$2.err" ]; then
		bad "$1: no message on stderr"
	elif ! grep -qi -- "$3" "$2.err"; then
		bad "$1: stderr lacks '$3'"
		sed 's/^/    stderr: /' "$2.err" | head -3
	else
		ok
	fi
}
f=$FIX/threaded.eventlog
run "$T/got" summary - </dev/null
expect_err "empty stdin" "$T/got" empty
: | { run "$T/got" summary -; }
expect_err "empty pipe" "$T/got" empty
through_fifo "$T/got" 1 summary "$f" --cut 0
expect_err "FIFO closed at once" "$T/got" empty
reap_feed 200
through_socket "$T/got" unix 1 summary "$f" --cut 0
expect_err "unix: closed at once" "$T/got" empty
reap_feed 200

run "$T/got" summary "unix:$T/nobody"
expect_err "unix: no such socket" "$T/got" .
# a stale socket: its listener was killed (SIGKILL leaves the file behind)
"$FEED" --quiet --ready "$T/ready2" "$f" "unix:$T/stale" 2>/dev/null &
FPID=$!
wait_file "$T/ready2"
kill -9 $FPID 2>/dev/null
wait $FPID 2>/dev/null
FPID=""
if [ -S "$T/stale" ]; then
	t0=$(date +%s)
	run "$T/got" summary "unix:$T/stale"
	expect_err "unix: stale socket" "$T/got" .
	if [ $(($(date +%s) - t0)) -le 3 ]; then ok; else bad "unix: stale socket: took more than 3 s"; fi
else
	bad "unix: stale socket: could not make one"
fi
t0=$(date +%s)
run "$T/got" summary tcp:127.0.0.1:1
expect_err "tcp: refused" "$T/got" .
if [ $(($(date +%s) - t0)) -le 3 ]; then ok; else bad "tcp: refused: took more than 3 s"; fi

# a port out of range is an error, not the port modulo 65536 (a listener
# on PORT must not be reached through tcp:HOST:PORT+65536)
if start_tcp "$f"; then
	run "$T/got" summary "tcp:127.0.0.1:$((PORT + 65536))"
	if [ "$(cat "$T/got.rc")" = 0 ]; then
		bad "tcp: port $((PORT + 65536)) connected (to port $PORT?)"
	else
		ok
	fi
	reap_feed 0
else
	bad "tcp: port out of range: feed never listened"
fi

# the live-* fixtures: what hectic summary printed while the program wrote
# the stream (tests/fixtures/regen-live) is what a fresh summary of the
# bytes it saved prints (test_summary.c checks those against +RTS -s)
for want in "$FIX"/live-*.summary.txt; do
	[ -e "$want" ] || { bad "no saved summaries: $FIX/live-*.summary.txt"; continue; }
	name=$(basename "$want" .summary.txt)
	(cd "$FIX" && "$OLDPWD/$H" summary "$name.eventlog") >"$T/got" 2>/dev/null
	if cmp -s "$want" "$T/got"; then ok; else
		bad "$name: the live read's summary differs from the saved file's"
		diff "$want" "$T/got" | head -5
	fi
done

# hectic top on a stream fed slowly: its lines cover the run once (their
# collections sum to those `hectic gcs --tsv` lists), then the summary of
# the whole run, as `hectic summary` prints it on the file
for fx in threaded par-n4 threads; do
	f=$FIX/$fx.eventlog
	[ -e "$f" ] || { bad "fixture $f missing"; continue; }
	"$FEED" --quiet --seed 7 --chunk 2000:20000 --delay 20000:60000 "$f" - 2>/dev/null |
		timeout 60 "$H" top - >"$T/top" 2>"$T/top.err"
	rc=$?
	want_gcs=$("$H" gcs --tsv --top 1000000 "$f" | tail -n +2 | wc -l)
	got_gcs=$(awk '/^ *log time/ { on = 1; next } on && NF == 0 { exit }
		on { n += $(NF - (($0 ~ /\/[0-9]+\/[0-9]+$/) ? 1 : 0)) } END { print n + 0 }' "$T/top")
	"$H" summary "$f" | tail -n +2 >"$T/want"
	sed -n '/^-: /,$p' "$T/top" | tail -n +2 >"$T/got"
	if [ "$rc" = 0 ] && [ "$got_gcs" = "$want_gcs" ] && cmp -s "$T/want" "$T/got"; then ok; else
		bad "top on $fx: exit $rc, collections in the lines $got_gcs (gcs: $want_gcs), summary $(cmp "$T/want" "$T/got" 2>&1 | head -1)"
		head -5 "$T/top"
	fi
done

# ---- --save never destroys: OUT is refused (exit 2, a usage error) when
# it is the input (however spelt), a symbolic link to nothing or not a
# regular file, at once; a symbolic link is written through (its target
# replaced, the link a link); OUT is replaced only by a stream that brought
# a whole header, and nothing else is left in its directory ----
S=$T/save
PAR=$FIX/par-n4.eventlog
# listing WHAT DIR WANT: DIR holds exactly the names WANT (sorted, spaced)
listing() {
	_got=$(cd "$2" && ls -A | sort | tr '\n' ' ')
	if [ "$_got" = "$3 " ]; then ok; else bad "$1: $2 holds '$_got', expected '$3 '"; fi
}
# refused WHAT RC ERRFILE PATTERN: exit 1 at once (not a timeout) with PATTERN
refused() {
	if [ "$2" = 1 ] && grep -q -- "$4" "$3"; then ok; else
		bad "$1: exit $2, expected 1 with '$4'"
		sed 's/^/    stderr: /' "$3" | head -3
	fi
}
# refused_out WHAT RC ERRFILE PATTERN: OUT refused, exit 2 at once, with PATTERN
refused_out() {
	if [ "$2" = 2 ] && grep -q -- "$4" "$3"; then ok; else
		bad "$1: exit $2, expected 2 with '$4'"
		sed 's/^/    stderr: /' "$3" | head -3
	fi
}
# intact WHAT FILE REF: FILE still holds REF's bytes
intact() {
	if cmp -s "$2" "$3"; then ok; else bad "$1: $2 was changed ($(wc -c <"$2") bytes)"; fi
}
rm -rf "$S"
mkdir "$S"
cp "$PAR" "$S/in.eventlog"
ln "$S/in.eventlog" "$S/hard.eventlog"
ln -s in.eventlog "$S/sym.eventlog"
for out in "$S/./in.eventlog" "$S/../save/in.eventlog" "$S/hard.eventlog" "$S/sym.eventlog" \
	"$(cd "$S" && pwd -P)/in.eventlog"; do
	timeout 20 "$H" summary - --save "$out" <"$S/in.eventlog" >/dev/null 2>"$T/err"
	refused_out "--save $out onto its own standard input" $? "$T/err" "names the log itself"
	intact "--save $out onto its own standard input" "$S/in.eventlog" "$PAR"
done
(cd "$S" && timeout 20 "$OLDPWD/$H" summary - --save ./in.eventlog <in.eventlog >/dev/null 2>"$T/err")
refused_out "--save ./in.eventlog < in.eventlog" $? "$T/err" "names the log itself"
intact "--save ./in.eventlog < in.eventlog" "$S/in.eventlog" "$PAR"
# the input FIFO as OUT, by another name: refused before any open (no writer
# ever comes: a blocking open would hang until the timeout, exit 124)
mkfifo "$S/fifo"
timeout 5 "$H" summary "$S/fifo" --save "$S/./fifo" >/dev/null 2>"$T/err"
refused_out "--save naming the input FIFO" $? "$T/err" "names the log itself"
mkfifo "$S/other.fifo"
timeout 5 "$H" summary - --save "$S/other.fifo" <"$PAR" >/dev/null 2>"$T/err"
refused_out "--save onto another FIFO" $? "$T/err" "not a regular file (a FIFO)"
timeout 5 "$H" summary - --save "$S" <"$PAR" >/dev/null 2>"$T/err"
refused_out "--save onto a directory" $? "$T/err" "not a regular file (a directory)"
# a symbolic link as OUT: written through, its target the saved log, the
# link a link, nothing left beside either; one to nothing refused
printf 'replace me\n' >"$S/target"
ln -s target "$S/link"
timeout 20 "$H" summary - --save "$S/link" <"$PAR" >/dev/null 2>"$T/err"
rc=$?
if [ "$rc" = 0 ] && [ -L "$S/link" ] && cmp -s "$S/target" "$PAR" &&
	[ "$(cd "$S" && ls -A | sort | tr '\n' ' ')" = "fifo hard.eventlog in.eventlog link other.fifo sym.eventlog target " ]; then
	ok
else
	bad "--save through a symbolic link: exit $rc, link $(ls -l "$S/link"), target $(wc -c <"$S/target") bytes, folder $(ls -A "$S" | tr '\n' ' ')"
fi
ln -s nowhere "$S/dangling"
timeout 20 "$H" summary - --save "$S/dangling" <"$PAR" >/dev/null 2>"$T/err"
refused_out "--save through a symbolic link to nothing" $? "$T/err" "symbolic link to nothing"
[ -L "$S/dangling" ] && [ ! -e "$S/nowhere" ] && ok || bad "--save through a dangling link made $S/nowhere"
rm -f "$S/hard.eventlog" "$S/sym.eventlog" "$S/fifo" "$S/other.fifo" "$S/link" "$S/target" "$S/dangling"
# an existing OUT survives an empty stream, a cut header and a reset
# connection, and no temporary stays beside it
printf 'the old OUT\n' >"$S/old"
cp "$S/old" "$S/out"
timeout 20 "$H" summary - --save "$S/out" </dev/null >/dev/null 2>"$T/err"
refused "--save of an empty stream" $? "$T/err" "empty stream"
intact "--save of an empty stream" "$S/out" "$S/old"
head -c 100 "$PAR" | timeout 20 "$H" summary - --save "$S/out" >/dev/null 2>"$T/err"
refused "--save of a stream cut in its header" $? "$T/err" "header truncated"
intact "--save of a stream cut in its header" "$S/out" "$S/old"
rm -f "$T/sock" "$T/ready"
timeout 20 "$FEED" --quiet --cut 100 --reset --ready "$T/ready" "$PAR" "unix:$T/sock" 2>/dev/null &
FPID=$!
if wait_file "$T/ready"; then
	timeout 20 "$H" summary "unix:$T/sock" --save "$S/out" >/dev/null 2>"$T/err"
	refused "--save of a connection reset in its header" $? "$T/err" "header truncated"
	intact "--save of a connection reset in its header" "$S/out" "$S/old"
else
	bad "--save of a connection reset: feed never listened"
fi
wait "$FPID" 2>/dev/null
FPID=""
timeout 20 "$H" summary "unix:$T/nosock" --save "$S/out" >/dev/null 2>"$T/err"
refused "--save of a refused connection" $? "$T/err" "cannot connect"
intact "--save of a refused connection" "$S/out" "$S/old"
# a report interrupted while the stream arrives leaves OUT as it was (a
# background job ignores SIGINT: SIGTERM stands for the quit signals)
{ cat "$PAR"; sleep 3; } | "$H" summary - --save "$S/out" >/dev/null 2>&1 &
hpid=$!
sleep 1
kill -TERM "$hpid"
wait "$hpid" 2>/dev/null
rc=$?
if [ "$rc" = 143 ]; then ok; else bad "--save interrupted by SIGTERM: exit $rc, expected 143"; fi
intact "--save interrupted by SIGTERM" "$S/out" "$S/old"
listing "--save: no temporary left" "$S" "in.eventlog old out"
# a stream that brought its header replaces OUT with exactly its bytes
"$FEED" --quiet --seed 3 --chunk 1000:9000 "$PAR" - 2>/dev/null |
	timeout 20 "$H" summary - --save "$S/out" >/dev/null 2>"$T/err"
rc=$?
if [ "$rc" = 0 ] && cmp -s "$PAR" "$S/out"; then ok; else
	bad "--save over an existing OUT: exit $rc, $(cmp "$PAR" "$S/out" 2>&1 | head -1)"
fi
listing "--save: only OUT after a save" "$S" "in.eventlog old out"

# no spool file left behind
left=$(find "$T/tmp" -mindepth 1 | head -3)
if [ -z "$left" ]; then ok; else
	bad "temporary files left in TMPDIR: $(echo "$left" | tr '\n' ' ')"
fi

echo "live: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
