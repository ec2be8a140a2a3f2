#!/bin/sh
# End-to-end tests of following a log written with GHC 9.2+'s
# `+RTS --eventlog-flush-interval` (issue 20): the real viewer in a
# detached tmux session, fed the modern fixtures' flush logs
# (tests/fixtures/modern/ghc9*-flush.eventlog) flush by flush, as the RTS
# wrote them, by tests/tools/flushfeed.c (whose top comment says how the
# flushes are found in the bytes). After each flush (a growing file), or
# after the first, some middle ones and the last (a FIFO), the screen
# (every row but the status line) is that of a fresh `hectic PREFIX` of
# the bytes written so far, the status line says live and shows the same
# window, the run's end grows as the data says, and the newest `tick N`
# marker is found by a search at its time. At the end the screen is that
# of a fresh `hectic FILE` and the status line says complete. Also: the
# viewer started on the empty file the RTS creates before its first flush,
# the flushes at the log's own pace, and `hectic top` on the growing file.
# The time from a flush's write to the viewer's next frame is measured
# (flushfeed --window) and said with E2E_VERBOSE=1, never asserted.
# Usage: tests/e2e/flush.sh path/to/hectic (flushfeed is taken from the
# same build directory, tests/flushfeed, or compiled into a temporary
# directory). Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/flush.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
missing=0
for t in tmux:tmux stty:coreutils env:coreutils sleep:coreutils mktemp:coreutils \
	cut:coreutils wc:coreutils tr:coreutils head:coreutils tail:coreutils \
	timeout:coreutils cmp:diffutils diff:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e-flush: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
if [ "$missing" -gt 0 ]; then
	echo "e2e-flush: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

FF=$(dirname "$E2E_HECTIC")/tests/flushfeed
if [ ! -x "$FF" ]; then
	FF=$E2E_T/flushfeed
	${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -O2 -Wall -Wextra -o "$FF" tests/tools/flushfeed.c ||
		{ echo "e2e-flush: cannot build tests/tools/flushfeed.c"; echo "e2e-flush: 1 checks, 1 failed"; exit 1; }
fi

M=tests/fixtures/modern
F96=$M/ghc96-flush.eventlog
F910=$M/ghc910-flush.eventlog
READY='events: '
W=120
H=32
R=$E2E_T/ref
SPOOL=$E2E_T/spool
mkdir -p "$R" "$SPOOL"
LIVE_RE='  live [0-9.]+ [kM]B/s'
COMPLETE_RE='  complete( |$)'

# the feeder in the background (one at a time), killed at exit if still there
FPID=""
flush_cleanup() {
	if [ -n "$FPID" ]; then
		kill "$FPID" 2>/dev/null
		wait "$FPID" 2>/dev/null
	fi
	e2e_cleanup
}
trap flush_cleanup EXIT
# ff_bg ARG ...: flushfeed ARGs in the background, under timeout; its
# stderr in $E2E_T/ff.err, its log (--log) in $FLOG
FLOG=$E2E_T/ff.log
GATE=$E2E_T/gate
ff_bg() {
	rm -f "$FLOG" "$GATE"
	timeout 120 "$FF" --quiet --log "$FLOG" "$@" 2>"$E2E_T/ff.err" &
	FPID=$!
}
ff_done() {
	if [ -z "$FPID" ]; then
		fail "$1" "no feeder running"
		return
	fi
	wait "$FPID"
	_frc=$?
	FPID=""
	if [ "$_frc" = 0 ]; then pass; else fail "$1" "flushfeed exited $_frc: $(head -c 300 "$E2E_T/ff.err")"; fi
}
# written K [SECS]: until the feeder's log says flush K was written
written() {
	_tries=$(((${2:-10}) * 50))
	while ! grep -q "^$1 " "$FLOG" 2>/dev/null; do
		_tries=$((_tries - 1))
		[ "$_tries" -le 0 ] && return 1
		sleep 0.02
	done
}
# next_flush K: lets the gated feeder write flush K, and waits until it has
next_flush() {
	: >"$GATE"
	if written "$1" 10; then pass; else fail "flush-$1-written" "flushfeed did not write flush $1: $(head -c 300 "$E2E_T/ff.err")"; fi
}

eq() {
	if [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}
gt() {
	if [ -n "$2" ] && [ -n "$3" ] && [ "$2" -gt "$3" ]; then pass; else fail "$1" "want '$2' > '$3' ${4:-}"; fi
}
wait_st() {
	_tries=$(((${2:-5}) * 20))
	while :; do
		capture
		status_line | grep -Eq -- "$1" && { settle; return 0; }
		_tries=$((_tries - 1))
		[ "$_tries" -le 0 ] && return 1
		sleep 0.05
	done
}
check_st() {
	if wait_st "$2" "${3:-5}"; then pass; else fail "$1" "status line never showed /$2/ in ${3:-5} s: '$(status_line)'"; fi
}
note() { [ "${E2E_VERBOSE:-0}" = 1 ] && echo "e2e-flush: $*"; return 0; }

# body OUT: the last capture less its status line
body() { head -n $((E2E_H - 1)) "$E2E_SCREEN" >"$1"; }
# the status line's window and cursor ("0.3ms..19.2ms  cursor 0.3ms")
st_window() { sed -n "${E2E_H}p" "$1" | sed -n 's/.*  \([0-9.]*[a-z]*\.\.[0-9.]*[a-z]*  cursor [0-9.]*[a-z]*\)  .*/\1/p'; }
# same_screen NAME WANT [SECS]: the screen less the status line comes to be
# WANT's (what the flush brought may take a frame or two), shown as a diff
# (< the fresh open, > the live viewer) when not
same_screen() {
	_tries=$(((${3:-5}) * 20))
	while :; do
		capture
		body "$E2E_T/got"
		cmp -s "$E2E_T/got" "$2" && { settle; body "$E2E_T/got"; }
		cmp -s "$E2E_T/got" "$2" && break
		_tries=$((_tries - 1))
		[ "$_tries" -le 0 ] && break
		sleep 0.05
	done
	if [ ! -s "$2" ]; then
		fail "$1" "no reference screen"
	elif cmp -s "$E2E_T/got" "$2"; then
		pass
	else
		fail "$1" "the screen differs from a fresh open's of the same bytes (< fresh, > live):
$(diff "$2" "$E2E_T/got" | head -40 | sed 's/^/      /')"
	fi
}
# ref FILE OUT: the screen of a fresh `hectic FILE` (OUT, less the status
# line; OUT.st, the whole screen)
ref() {
	start "$W" "$H" -- "$1"
	if wait_for "$READY" 10; then
		body "$2"
		cp "$E2E_SCREEN" "$2.st"
		keys q
		wait_exit 10 || fail "ref-$(basename "$1")" "hectic did not quit"
	else
		fail "ref-$(basename "$1")" "a fresh open never showed /$READY/"
		: >"$2"
		: >"$2.st"
	fi
}
quit() {
	keys q
	check_exit "$1" 0
	if grep -Eq 'Sanitizer|runtime error:' "$E2E_ERR" 2>/dev/null; then
		fail "$1-sanitizer" "$(grep -E -m3 'Sanitizer|runtime error:' "$E2E_ERR")"
	else
		pass
	fi
}
# field K N: field N of flush K's line of the list $LIST
field() { awk -v k="$1" -v n="$2" '$1 == k { print $n }' "$LIST"; }
marker_of() { awk -v k="$1" '$1 == k { $1 = $2 = $3 = $4 = $5 = $6 = ""; sub(/^ +/, ""); print }' "$LIST"; }
# ms NS: NS as the event list writes it in a window that ends in ms
ms() { awk -v t="$1" 'BEGIN { printf "%d.%06dms\n", int(t / 1e6), t % 1e6 }'; }

# ==== 1. the flushes the feeder finds, against GHC's own figures ====
# every block marker in some flush (tags.txt: tagcount's count of tag 18),
# the cuts increasing, the last at the file's end, and each flush's newest
# marker at the time ghc-events shows it (the oracle)
for fx in "$F96" "$F910"; do
	fxn=$(basename "$fx" .eventlog)
	LIST=$E2E_T/$fxn.list
	if "$FF" --list "$fx" >"$LIST" 2>"$E2E_T/list.err"; then pass; else
		fail "$fxn-list" "flushfeed --list: $(head -c 300 "$E2E_T/list.err")"
	fi
	want=$(sed -n "s/^$fxn\\.eventlog: .* 18:\\([0-9]*\\) .*/\\1/p" "$M/tags.txt")
	eq "$fxn-blocks" "$(awk '{ n += split($5, b, ",") } END { print n }' "$LIST")" "$want" "(block markers in the flushes, tagcount's)"
	eq "$fxn-cuts-increase" "$(awk '$2 <= last { print "no" } { last = $2 }' "$LIST")" ""
	eq "$fxn-last-cut" "$(tail -1 "$LIST" | cut -d' ' -f2)" "$(wc -c <"$fx" | tr -d ' ')"
	gt "$fxn-many-flushes" "$(wc -l <"$LIST" | tr -d ' ')" 15
	bad=$(awk '$7 != "-" { t = $6; $1 = $2 = $3 = $4 = $5 = $6 = ""; sub(/^ +/, ""); print t ": cap 0: marker: " $0 }' "$LIST" |
		sort -u | while IFS= read -r l; do grep -qxF "$l" "$M/$fxn.oracle.show" || echo "$l"; done)
	eq "$fxn-markers-oracle" "$bad" "" "(newest markers not in ghc-events show)"
done
# a log whose times contradict the cut is refused: flush 3's capability
# block made to start before flush 2 began
BADL=$E2E_T/bad.eventlog
cp "$F96" "$BADL"
eq list-bad-is-marker "$(od -An -tx1 -j4335 -N2 "$F96" | tr -d ' ')" 0012 "(the bytes at 4335: a block marker's tag)"
printf '\000\000\000\000\000\000\000\001' | dd of="$BADL" bs=1 seek=$((4335 + 2)) conv=notrunc 2>/dev/null
if "$FF" --list "$BADL" >/dev/null 2>&1; then fail list-refuses "flushfeed --list accepted a block that starts too early"; else pass; fi

# ==== 2. the references: a fresh open of every flush's prefix ====
LIST=$E2E_T/ghc96-flush.list
NF=$(wc -l <"$LIST" | tr -d ' ')
fk=1
while [ "$fk" -le "$NF" ]; do
	head -c "$(field "$fk" 2)" "$F96" >"$E2E_T/p96-$fk.eventlog"
	ref "$E2E_T/p96-$fk.eventlog" "$R/96-$fk"
	fk=$((fk + 1))
done
ref "$F96" "$R/96-full"

# ==== 3. a growing file, flush by flush: the viewer opened on the empty
# file the RTS creates (its header waits in stdio's buffer until the first
# flush) ====
G=$E2E_T/g.eventlog
ff_bg --gate "$GATE" --ready "$E2E_T/ready" --window "$E2E_WIN" "$F96" "file:$G"
tries=200
while [ ! -e "$E2E_T/ready" ] && [ "$tries" -gt 0 ]; do sleep 0.05; tries=$((tries - 1)); done
eq grow-empty-at-start "$(wc -c <"$G" | tr -d ' ')" 0 "(bytes in the file before the first flush)"
start "$W" "$H" -- "$G"
check_st grow-waiting-header '  empty file: waiting for the header' 10
# the empty file said so, with no made-up times: the ruler names it where
# its times were (a 72 ns window of no log), the status line has no window
# or cursor
eq grow-empty-ruler "$(head -1 "$E2E_SCREEN" | sed 's/ *$//')" "(empty file: no eventlog yet)"
eq grow-empty-no-window "$(st_window "$E2E_SCREEN")" ""
eq grow-empty-message "$(grep -c 'the file is empty: no eventlog header yet' "$E2E_SCREEN")" 1
alive grow-empty-alive
# flush_step NAME K REF [LIVE_RE]: lets flush K be written; then the screen
# (less the status line) is REF's, the status line says live (complete
# after the last) with REF's window and cursor, and the window's end has
# grown when REF's did
PREV_B=0
flush_step() {
	_n=$1 _k=$2 _ref=$3
	next_flush "$_k"
	_f=$e2e_failed
	same_screen "$_n-$_k-screen" "$_ref"
	if [ "$_k" -lt "$NF" ]; then
		check_st "$_n-$_k-live" "${4:-$LIVE_RE}" 5
	else
		check_st "$_n-$_k-complete" "$COMPLETE_RE" 5
	fi
	eq "$_n-$_k-window" "$(st_window "$E2E_SCREEN")" "$(st_window "$_ref.st")" "(the status line's window and cursor, live and fresh)"
	_b=$(win_b)
	_rb=$(awk -v t="$(sed -n "${E2E_H}p" "$_ref.st" | sed -n 's/.*\.\.\([0-9.]*[a-z]*\)  cursor .*/\1/p')" 'BEGIN {
		n = t; u = t; sub(/[a-z]+$/, "", n); sub(/^[0-9.]+/, "", u)
		m = u == "s" ? 1e9 : u == "ms" ? 1e6 : u == "us" ? 1e3 : 1
		printf "%.0f\n", n * m }')
	if [ "$_rb" -gt "$PREV_B" ]; then
		gt "$_n-$_k-grows" "$_b" "$PREV_B" "(the window's end after flush $_k, before it, ns)"
	fi
	PREV_B=${_b:-0}
	# (once the screen is wrong, the next flushes' checks would only say
	# so again, 5 s each: the section stops)
	[ "$_f" = "$e2e_failed" ]
}
# find_marker NAME K: the newest marker of flush K's prefix, searched: the
# status line and the event list show it at its time; then the whole run
# and the cursor at its start again, as a fresh open has them
find_marker() {
	_m=$(marker_of "$2")
	[ "$_m" = "-" ] && return 0
	keys /
	text "^$_m\$"
	keys Enter
	check "$1-$2-found" "^ *$(ms "$(field "$2" 6)"): cap 0: marker: $_m\$"
	check_st "$1-$2-found-status" ": $_m\$" 5
	keys = g
	check_st "$1-$2-back" '  cursor 0(\.[0-9]*)?ms ' 5
}
# (a viewer that ended fails once, not at every flush)
up() { [ ! -e "$E2E_T/rc" ]; }
fk=1
while [ "$fk" -le "$NF" ] && up; do
	flush_step grow "$fk" "$R/96-$fk" || break
	case $fk in 2 | 9 | $((NF - 2))) find_marker grow "$fk" ;; esac
	fk=$((fk + 1))
done
up || fail grow-viewer "hectic ended: $(head -c 300 "$E2E_ERR")"
[ "$fk" -gt "$NF" ] || kill "$FPID" 2>/dev/null
ff_done grow-feed
check_st grow-message '  complete  the log is complete' 5
same_screen grow-final-screen "$R/96-full"
quit grow-quit
LAT=$(grep '^latency' "$FLOG" | awk '$3 != "none" { print $3 }' | sort -n |
	awk '{ v[NR] = $1 } END { if (NR) printf "median %.1f ms, max %.1f ms over %d flushes", v[int((NR + 1) / 2)], v[NR], NR }')
note "growing file: from a flush's write to the viewer's next frame: $LAT"

# ==== 4. a FIFO (hectic's spool): the first, some middle and the last
# flushes checked, the others let through ====
LIST=$E2E_T/ghc910-flush.list
NF=$(wc -l <"$LIST" | tr -d ' ')
MID=$((NF / 2))
for fk in 1 2 "$MID" $((NF - 1)) "$NF"; do
	head -c "$(field "$fk" 2)" "$F910" >"$E2E_T/p910-$fk.eventlog"
	ref "$E2E_T/p910-$fk.eventlog" "$R/910-$fk"
done
rm -f "$E2E_T/fifo"
mkfifo "$E2E_T/fifo"
start "$W" "$H" TMPDIR="$SPOOL" -- "$E2E_T/fifo"
check fifo-waiting '^waiting for a program to open the FIFO for writing'
ff_bg --gate "$GATE" --window "$E2E_WIN" "$F910" "fifo:$E2E_T/fifo"
PREV_B=0
# (the first flush is what the viewer opens the stream with: its status
# word is that of a log that has not grown since it was opened, and its
# message says the stream is read live)
fk=1
while [ "$fk" -le "$NF" ] && up; do
	case $fk in
	1) flush_step fifo 1 "$R/910-1" "($LIVE_RE|  live: reading the stream as it arrives)" || break ;;
	2 | "$MID" | $((NF - 1)) | "$NF")
		flush_step fifo "$fk" "$R/910-$fk" || break
		[ "$fk" = "$MID" ] && find_marker fifo "$fk"
		;;
	*) next_flush "$fk" ;;
	esac
	fk=$((fk + 1))
done
up || fail fifo-viewer "hectic ended: $(head -c 300 "$E2E_ERR")"
[ "$fk" -gt "$NF" ] || kill "$FPID" 2>/dev/null
ff_done fifo-feed
check_st fifo-message '  complete  the log is complete' 5
quit fifo-quit
LAT=$(grep '^latency' "$FLOG" | awk '$3 != "none" { print $3 }' | sort -n |
	awk '{ v[NR] = $1 } END { if (NR) printf "median %.1f ms, max %.1f ms over %d flushes", v[int((NR + 1) / 2)], v[NR], NR }')
note "FIFO: from a flush's write to the viewer's next frame: $LAT"

# ==== 5. a growing file at the log's own pace (the flushes about 50 ms
# apart, a second in all), the viewer started first: live while it
# arrives, then the screen of a fresh open ====
ref "$F910" "$R/910-full"
G2=$E2E_T/g2.eventlog
: >"$G2"
start "$W" "$H" -- "$G2"
check_st pace-waiting '  empty file: waiting for the header' 10
ff_bg "$F910" "file:$G2"
check_st pace-live "$LIVE_RE" 10
check_st pace-complete "$COMPLETE_RE" 15
ff_done pace-feed
same_screen pace-screen "$R/910-full"
quit pace-quit

# ==== 6. hectic top on the growing file: a line as flushes arrive ====
# flushes 1 .. 17 at once, then one every 1.2 s (top reads once a second):
# more lines, their log times increasing, then the summary of the whole log
G3=$E2E_T/g3.eventlog
LIST=$E2E_T/ghc96-flush.list
NF=$(wc -l <"$LIST" | tr -d ' ')
ff_bg --from $((NF - 5)) --pause 1200 "$F96" "file:$G3"
written $((NF - 6)) 10
timeout 60 "$E2E_HECTIC" top "$G3" >"$E2E_T/top.out" 2>"$E2E_T/top.err"
eq top-status "$?" 0
ff_done top-feed
"$E2E_HECTIC" summary "$G3" >"$E2E_T/summary.out" 2>&1
cmp -s "$G3" "$F96" && pass || fail top-file "the file written is not the log"
# the lines: after the header row, up to the empty line before the summary
awk 'NR > 1 && $0 == "" { exit } NR > 1 { print }' "$E2E_T/top.out" >"$E2E_T/top.lines"
gt top-lines "$(wc -l <"$E2E_T/top.lines" | tr -d ' ')" 3 "(lines printed while the flushes arrived)"
eq top-times-increase "$(awk '{ t = $1; sub(/[a-z]+$/, "", t); u = $1; sub(/^[0-9.]+/, "", u)
	v = t * (u == "s" ? 1e9 : u == "ms" ? 1e6 : u == "us" ? 1e3 : 1)
	if (NR > 1 && v <= last) print "no"; last = v }' "$E2E_T/top.lines")" ""
awk 'f { print } NR > 1 && $0 == "" { f = 1 }' "$E2E_T/top.out" >"$E2E_T/top.summary"
if cmp -s "$E2E_T/top.summary" "$E2E_T/summary.out"; then pass; else
	fail top-summary "the summary after the lines is not hectic summary's of the whole log:
$(diff "$E2E_T/summary.out" "$E2E_T/top.summary" | head -20 | sed 's/^/      /')"
fi
note "top: $(wc -l <"$E2E_T/top.lines" | tr -d ' ') lines: $(cut -c1-9 "$E2E_T/top.lines" | tr -s ' \n' ' ')"

# ==== 7. hectic top started on the empty file the RTS creates ====
# the file exists, empty, before the first flush: top waits for the header
# (says so once), then follows, and ends with the whole log's summary
G4=$E2E_T/g4.eventlog
: >"$G4"
timeout 60 "$E2E_HECTIC" top "$G4" >"$E2E_T/top4.out" 2>"$E2E_T/top4.err" &
TPID=$!
sleep 0.5
ff_bg --pause 20 "$F96" "file:$G4"
ff_done top-empty-feed
wait "$TPID"
eq top-empty-status "$?" 0
eq top-empty-says "$(grep -c 'the file holds no eventlog header yet: waiting for it' "$E2E_T/top4.err")" 1
"$E2E_HECTIC" summary "$G4" >"$E2E_T/summary4.out" 2>&1
awk 'f { print } NR > 1 && $0 == "" { f = 1 }' "$E2E_T/top4.out" >"$E2E_T/top4.summary"
if cmp -s "$E2E_T/top4.summary" "$E2E_T/summary4.out"; then pass; else
	fail top-empty-summary "top's summary is not hectic summary's of the whole log:
$(diff "$E2E_T/summary4.out" "$E2E_T/top4.summary" | head -10 | sed 's/^/      /')"
fi

echo "e2e-flush: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
