#!/bin/sh
# End-to-end tests of following a live log (viewer/live.c, issue 11): the
# real viewer in a detached tmux session, on a FIFO, a growing file,
# standard input and a Unix socket, fed by tests/tools/feed.c in random
# chunks with delays. While data arrives the status line says "live" and
# the keys work; once the stream ends or the end-of-data marker arrives it
# says "complete", and the screen (every row but the status line) is the
# one a fresh `hectic FILE` of the same bytes shows. A file that shrinks or
# is replaced stops the following, not the viewer.
# Usage: tests/e2e/live.sh path/to/hectic (feed is taken from the same
# build directory, tests/feed, or compiled into a temporary directory).
# Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/live.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
# the tools the suite runs, each with its Debian package: a missing one is
# named here rather than failing a check that needs it
missing=0
for t in tmux:tmux stty:coreutils env:coreutils sleep:coreutils mkfifo:coreutils \
	mktemp:coreutils cut:coreutils wc:coreutils tr:coreutils head:coreutils \
	tail:coreutils truncate:coreutils find:findutils cp:coreutils mv:coreutils timeout:coreutils \
	cmp:diffutils diff:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e-live: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
# process states are read from /proc (a chroot needs it mounted)
if [ ! -r /proc/self/stat ]; then
	echo "e2e-live: /proc is not mounted (mount -t proc proc /proc)"
	missing=$((missing + 1))
fi
if [ "$missing" -gt 0 ]; then
	echo "e2e-live: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

# the feeder: next to hectic in its build directory, or compiled here
FEED=$(dirname "$E2E_HECTIC")/tests/feed
if [ ! -x "$FEED" ]; then
	FEED=$E2E_T/feed
	${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -O2 -Wall -Wextra -o "$FEED" tests/tools/feed.c ||
		{ echo "e2e-live: cannot build tests/tools/feed.c"; echo "e2e-live: 1 checks, 1 failed"; exit 1; }
fi

F=tests/fixtures
PAR=$F/par-n4.eventlog
TH=$F/threaded.eventlog
NT=$F/nonthreaded.eventlog
READY='events: '
W=120
H=32
R=$E2E_T/ref
# hectic spools a stream to a temporary file here: none may be left behind
SPOOL=$E2E_T/spool
mkdir -p "$R" "$SPOOL"

# the feeder in the background (one at a time), killed at exit if still there
FPID=""
live_cleanup() {
	if [ -n "$FPID" ]; then
		kill "$FPID" 2>/dev/null
		wait "$FPID" 2>/dev/null
	fi
	e2e_cleanup
}
trap live_cleanup EXIT

# feed_bg ARG ...: feed ARGs in the background (under timeout: a reader that
# never comes must not hang the suite); its stderr in $E2E_T/feed.err
feed_bg() {
	timeout 60 "$FEED" --quiet "$@" 2>"$E2E_T/feed.err" &
	FPID=$!
}
# feed_done NAME: the feeder ended, and with status 0 (everything written)
feed_done() {
	if [ -z "$FPID" ]; then
		fail "$1" "no feeder running"
		return
	fi
	wait "$FPID"
	_frc=$?
	FPID=""
	if [ "$_frc" = 0 ]; then pass; else fail "$1" "feed exited $_frc: $(head -c 300 "$E2E_T/feed.err")"; fi
}

eq() {
	if [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}
# gt NAME A B [NOTE]: A > B, integers
gt() {
	if [ -n "$2" ] && [ -n "$3" ] && [ "$2" -gt "$3" ]; then pass; else fail "$1" "want '$2' > '$3' ${4:-}"; fi
}

# wait_st RE [SECS]: wait_status with a timeout (SECS, default 5)
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
# wait_file PATH [SECS]: until PATH exists
wait_file() {
	_tries=$(((${2:-10}) * 20))
	while [ ! -e "$1" ]; do
		_tries=$((_tries - 1))
		[ "$_tries" -le 0 ] && return 1
		sleep 0.05
	done
}

# body OUT: the last capture less its status line and the message area
# above it (a message shown until the next key: issue 33)
body() {
	_mr=$(message_rows)
	head -n $((E2E_H - 1 - ${_mr:-0})) "$E2E_SCREEN" >"$1"
}
# same_screen NAME WANT: the screen less the status line is WANT's, shown
# as a diff (< the reference, > the live viewer) when not
same_screen() {
	body "$E2E_T/got"
	# (the rows both show: a message area on one screen hides rows the
	# other shows)
	_n=$(wc -l <"$E2E_T/got")
	[ "$(wc -l <"$2")" -lt "$_n" ] && _n=$(wc -l <"$2")
	if [ ! -s "$2" ]; then
		fail "$1" "no reference screen"
	elif [ "$_n" -ge $((E2E_H - 4)) ] && head -n "$_n" "$E2E_T/got" >"$E2E_T/got.n" &&
		head -n "$_n" "$2" | cmp -s "$E2E_T/got.n" -; then
		pass
	else
		fail "$1" "the screen differs from a fresh open's (< fresh, > live):
$(diff "$2" "$E2E_T/got" | head -40 | sed 's/^/      /')"
	fi
}
# ref FILE OUT: the screen (less the status line) of a fresh `hectic FILE`
ref() {
	start "$W" "$H" -- "$1"
	if wait_for "$READY" 10; then
		body "$2"
		# the whole run in view, the first event listed: every test's
		# viewer is compared against this
		keys q
		wait_exit 10 || fail "ref-$(basename "$1")" "hectic did not quit"
	else
		fail "ref-$(basename "$1")" "a fresh open never showed /$READY/"
		: >"$2"
	fi
}
# quit NAME: q ends hectic with status 0, the terminal restored, and no
# sanitizer report on its stderr
quit() {
	keys q
	check_exit "$1" 0
	if grep -Eq 'Sanitizer|runtime error:' "$E2E_ERR" 2>/dev/null; then
		fail "$1-sanitizer" "$(grep -E -m3 'Sanitizer|runtime error:' "$E2E_ERR")"
	else
		pass
	fi
}
# no_spool NAME: the viewer that ended left no spool file behind
no_spool() {
	_left=$(find "$SPOOL" -mindepth 1 | tr '\n' ' ')
	if [ -z "$_left" ]; then pass; else fail "$1" "left in TMPDIR: $_left"; fi
}
# span: the status line's window, "A B" in ns (empty when not shown)
span() { status_times | cut -d' ' -f1,2; }
# wait_span_change OLD [SECS]: until the window on the status line is not OLD
wait_span_change() {
	_tries=$(((${2:-10}) * 20))
	while :; do
		capture
		_s=$(span)
		[ -n "$_s" ] && [ "$_s" != "$1" ] && { settle; return 0; }
		_tries=$((_tries - 1))
		[ "$_tries" -le 0 ] && return 1
		sleep 0.05
	done
}
# append SRC DST FROM TO [STEP]: SRC's bytes [FROM, TO) appended to DST in
# pieces of STEP bytes, 30 ms apart
append() {
	_at=$3
	_step=${5:-$(($4 - $3))}
	while [ "$_at" -lt "$4" ]; do
		_n=$_step
		[ $((_at + _n)) -gt "$4" ] && _n=$(($4 - _at))
		tail -c +$((_at + 1)) "$1" | head -c "$_n" >>"$2"
		_at=$((_at + _n))
		sleep 0.03
	done
}
size() { wc -c <"$1" | tr -d ' '; }
# note TEXT: said with E2E_VERBOSE=1 (what the checks compared)
note() { [ "${E2E_VERBOSE:-0}" = 1 ] && echo "e2e-live: $*"; return 0; }

LIVE_RE='  live [0-9.]+ [kM]B/s'
# a file without an end marker, followed, nothing appended yet: the status
# word and the message of live_start
WATCH_RE='  (\[log incomplete\]|no end marker: watching for growth)  (no end marker yet: following|the log is truncated at byte [0-9]+ \(following)'
COMPLETE_RE='  complete( |$)'

# ==== the references: fresh opens of the fixtures ====
ref "$PAR" "$R/par"
ref "$TH" "$R/th"
ref "$NT" "$R/nt"
# its first 60%, for the file that shrinks or is replaced
NTS=$(size "$NT")
P20=$((NTS / 5)) P40=$((NTS * 2 / 5)) P60=$((NTS * 3 / 5))
head -c "$P60" "$NT" >"$E2E_T/nt60.eventlog"
ref "$E2E_T/nt60.eventlog" "$R/nt60"
# and its first 40%, what the shrunk file holds
head -c "$P40" "$NT" >"$E2E_T/nt40.eventlog"
ref "$E2E_T/nt40.eventlog" "$R/nt40"

# ==== 1. a FIFO, fed in random chunks with delays ====
# fifo_run NAME FIXTURE REF FEED_ARGS...: the viewer on a FIFO, then the
# fixture fed into it; live while it arrives, complete at the end, and the
# screen of a fresh open
fifo_run() {
	_name=$1 _fx=$2 _ref=$3
	shift 3
	rm -f "$E2E_T/fifo"
	mkfifo "$E2E_T/fifo"
	start "$W" "$H" TMPDIR="$SPOOL" -- "$E2E_T/fifo"
	check "$_name-waiting" '^waiting for a program to open the FIFO for writing'
	feed_bg "$@" "$_fx" "fifo:$E2E_T/fifo"
	check_st "$_name-live" "$LIVE_RE" 10
	check_st "$_name-complete" "$COMPLETE_RE" 30
	check_st "$_name-message" "  complete  the log is complete" 5
	feed_done "$_name-feed"
	same_screen "$_name-screen" "$_ref"
	quit "$_name-quit"
	no_spool "$_name-spool"
}
fifo_run fifo-par "$PAR" "$R/par" --seed 11 --chunk 1000:5000 --delay 10000:30000
fifo_run fifo-th "$TH" "$R/th" --seed 12 --chunk 100:400 --delay 20000:40000

# ==== 2. a growing file: its span grows as data is appended ====
G=$E2E_T/g
head -c "$P20" "$NT" >"$G"
start "$W" "$H" -- "$G"
check grow-open "$READY"
check_st grow-watching "$WATCH_RE" 5
S0=$(span)
T00=$(win_field 1)
append "$NT" "$G" "$P20" "$P40" 1000
if wait_span_change "$S0" 10; then pass; else fail grow-span-1 "the window stayed '$S0' after appending"; fi
S1=$(span)
check_st grow-live '  live' 5
gt grow-span-1-larger "${S1#* }" "${S0#* }" "(window end after 40%, after 20%, ns)"
eq grow-span-1-start "$(win_field 1)" "$T00" "(the drawn window's start: the whole run stays in view)"
append "$NT" "$G" "$P40" "$P60" 1000
if wait_span_change "$S1" 10; then pass; else fail grow-span-2 "the window stayed '$S1' after appending"; fi
S2=$(span)
gt grow-span-2-larger "${S2#* }" "${S1#* }" "(window end after 60%, after 40%, ns)"
append "$NT" "$G" "$P60" "$NTS" 1500
check_st grow-complete "$COMPLETE_RE" 15
check_st grow-message "  complete  the log is complete" 5
S3=$(span)
note "grow: window $S0 -> $S1 -> $S2 -> $S3 (ns)"
gt grow-span-3-larger "${S3#* }" "${S2#* }" "(window end at the end, after 60%, ns)"
same_screen grow-screen "$R/nt"
quit grow-quit

# ==== 3. standard input: a file, then a pipe; keys from the terminal ====
# a wrapper hectic, for start: "$@" with stdin redirected (start runs no
# redirections)
STDIN_H=$E2E_T/hectic-stdin
printf '#!/bin/sh\nexec %s "$@" <%s\n' "$(q "$E2E_HECTIC")" "$(q "$PWD/$PAR")" >"$STDIN_H"
chmod +x "$STDIN_H"
REAL_HECTIC=$E2E_HECTIC
E2E_HECTIC=$STDIN_H
start "$W" "$H" TMPDIR="$SPOOL" -- -
E2E_HECTIC=$REAL_HECTIC
check stdin-file-open "$READY"
same_screen stdin-file-screen "$R/par"
keys '?'
check stdin-file-help '^.*hectic keys and legend'
keys Escape
check_gone stdin-file-help-closed 'hectic keys and legend'
quit stdin-file-quit
no_spool stdin-file-spool

# from a pipe, fed slowly: live, then complete
STDIN_P=$E2E_T/hectic-pipe
printf '#!/bin/sh\n%s --quiet --seed 13 --chunk 2000:6000 --delay 10000:30000 %s - | exec %s "$@"\n' \
	"$(q "$FEED")" "$(q "$PWD/$PAR")" "$(q "$E2E_HECTIC")" >"$STDIN_P"
chmod +x "$STDIN_P"
E2E_HECTIC=$STDIN_P
start "$W" "$H" TMPDIR="$SPOOL" -- -
E2E_HECTIC=$REAL_HECTIC
check_st stdin-pipe-live "$LIVE_RE" 10
keys '?'
check stdin-pipe-help 'hectic keys and legend'
keys Escape
check_gone stdin-pipe-help-closed 'hectic keys and legend'
check_st stdin-pipe-complete "$COMPLETE_RE" 30
same_screen stdin-pipe-screen "$R/par"
quit stdin-pipe-quit
no_spool stdin-pipe-spool

# ==== 4. a Unix socket ====
rm -f "$E2E_T/sock" "$E2E_T/ready"
feed_bg --seed 14 --chunk 1000:5000 --delay 5000:20000 --ready "$E2E_T/ready" "$PAR" "unix:$E2E_T/sock"
if wait_file "$E2E_T/ready" 10; then pass; else fail unix-ready "feed never listened on $E2E_T/sock"; fi
start "$W" "$H" TMPDIR="$SPOOL" -- "unix:$E2E_T/sock"
check_st unix-complete "$COMPLETE_RE" 30
check_st unix-message "  complete  the log is complete" 5
feed_done unix-feed
same_screen unix-screen "$R/par"
quit unix-quit
no_spool unix-spool

# ==== 5. keys while data arrives; a view away from the end stays put ====
rm -f "$E2E_T/fifo"
mkfifo "$E2E_T/fifo"
start "$W" "$H" TMPDIR="$SPOOL" -- "$E2E_T/fifo"
check keys-waiting '^waiting for a program to open the FIFO for writing'
# nonthreaded: its run grows steadily with the bytes; about 6 s
feed_bg --seed 15 --chunk 200:500 --delay 80000:140000 "$NT" "fifo:$E2E_T/fifo"
# once 10 ms of the run have arrived, the whole of it in view
tries=200
while :; do
	capture
	B0=$(win_b)
	[ -n "$B0" ] && [ "$B0" -ge 10000000 ] && status_line | grep -Eq "$LIVE_RE" && break
	tries=$((tries - 1))
	[ "$tries" -le 0 ] && break
	sleep 0.05
done
S0=$(span)
A0=${S0% *} B0=${S0#* }
WIN0=$(window | cut -d' ' -f1,2)
gt keys-run-arrived "${B0:-0}" 9999999 "(window end, ns: 10ms of the run live)"
keys +
if wait_span_change "$S0" 5; then pass; else fail keys-zoom "the window stayed '$S0' after +"; fi
S1=$(span)
A1=${S1% *} B1=${S1#* }
check_st keys-zoom-live "$LIVE_RE" 2
gt keys-zoom-narrower "$((B0 - A0))" "$((${B1:-0} - ${A1:-0}))" "(window width before +, after, ns)"
# to the start of the run, zoomed in: the view no longer shows the end
keys g
check_st keys-start '  cursor 0\.3[0-9]*ms ' 5
S2=$(span)
WIN2=$(window | cut -d' ' -f1,2)
# (the drawn window, exactly: the status line rounds)
eq keys-start-window "${WIN2% *}" "${WIN0% *}" "(window start after g: the run's start, as when all was in view)"
gt keys-start-not-end "${WIN0#* }" "${WIN2#* }" "(the run's end when zoomed, the window's end after g, ns)"
TEXT2=$(status_line | sed -n 's/.*  \([0-9.]*[a-z]*\.\.[0-9.]*[a-z]*\)  cursor .*/\1/p')
# more data must arrive after this: the feed is still going
check_st keys-still-live "$LIVE_RE" 2
check_st keys-complete "$COMPLETE_RE" 30
feed_done keys-feed
TEXT3=$(status_line | sed -n 's/.*  \([0-9.]*[a-z]*\.\.[0-9.]*[a-z]*\)  cursor .*/\1/p')
eq keys-window-stays "$TEXT3" "$TEXT2" "(the window on the status line, zoomed in at the start)"
eq keys-window-stays-exact "$(window | cut -d' ' -f1,2)" "$WIN2" "(the drawn window t0 t1)"
check_st keys-cursor-stays '  cursor 0\.3[0-9]*ms ' 2
# and the run did grow past that window after it was left there
keys '='
if wait_span_change "$S2" 5; then pass; else fail keys-fit "the window stayed '$S2' after ="; fi
S4=$(span)
note "keys: window $S0, zoomed $S1, at the start $S2 ($TEXT2 -> $TEXT3), fit $S4 (ns)"
gt keys-run-grew "${S4#* }" "${WIN0#* }" "(the run's end at completion, when zoomed, ns)"
quit keys-quit
no_spool keys-spool

# ==== 6. a growing file that shrinks ====
# (the message is longer than the status line: its start is matched)
cut_copy() { head -c "$2" "$1" >"$3"; }
cut_copy "$NT" "$P60" "$G"
start "$W" "$H" -- "$G"
check shrink-open "$READY"
check_st shrink-watching "$WATCH_RE" 5
truncate -s "$P40" "$G"
check_st shrink-message '  not following  the file shrank to [0-9]+ bytes: showing what it holds now' 10
alive shrink-alive
# the viewer goes on with what the file holds now (what was mapped past its
# new end is gone): a key redraws it, help opens
keys '?'
if wait_for 'hectic keys and legend' 5; then
	pass
	keys Escape
	check_gone shrink-help-closed 'hectic keys and legend'
	same_screen shrink-screen "$R/nt40"
	keys l
	check_st shrink-keys '  cursor 0\.[4-9]' 5
	quit shrink-quit
elif [ -e "$E2E_T/rc" ]; then
	fail shrink-keys "a key after the shrink ended hectic with status $(cat "$E2E_T/rc"): $(head -c 300 "$E2E_ERR")"
else
	fail shrink-keys "? did not open the help after the shrink"
fi

# ==== 6b. a followed file cut to 0 bytes, then written again ====
# (what a program that starts writing its log again does): the viewer
# stays, says so, shows no events, and follows the file once it holds a
# header again
cut_copy "$NT" "$P60" "$G"
start "$W" "$H" -- "$G"
check cut0-open "$READY"
check_st cut0-watching "$WATCH_RE" 5
: >"$G"
check_st cut0-message '  file cut: waiting for it to be written again  the file was cut to 0 bytes' 10
alive cut0-alive
keys '?'
if wait_for 'hectic keys and legend' 5; then
	pass
	keys Escape
	check_gone cut0-help-closed 'hectic keys and legend'
else
	fail cut0-keys "? did not open the help after the file was cut: $(head -c 300 "$E2E_ERR")"
fi
# a header and a little: followed again; then the rest: complete, the
# screen of a fresh open
append "$NT" "$G" 0 "$P20"
check_st cut0-again '  (live [0-9.]+ [kM]B/s|live, idle)[ ,]' 10
append "$NT" "$G" "$P20" "$NTS" 20000
check_st cut0-complete "$COMPLETE_RE" 15
alive cut0-alive-again
same_screen cut0-screen "$R/nt"
quit cut0-quit

# ==== 7. a growing file replaced by another ====
cut_copy "$NT" "$P60" "$G"
cut_copy "$NT" "$P40" "$E2E_T/other.eventlog"
start "$W" "$H" -- "$G"
check replace-open "$READY"
check_st replace-watching "$WATCH_RE" 5
mv "$E2E_T/other.eventlog" "$G"
check_st replace-message 'the file was replaced: following stopped' 10
check_st replace-status '  not following  ' 2
alive replace-alive
same_screen replace-screen "$R/nt60"
keys '?'
check replace-help 'hectic keys and legend'
keys Escape
check_gone replace-help-closed 'hectic keys and legend'
quit replace-quit

# ==== 8. a stream that ends in the middle of an event ====
CUT=123457
CUTF=$E2E_T/cut.eventlog
head -c "$CUT" "$PAR" >"$CUTF"
# the cut is inside an event: the decoder stops short of it
if "$E2E_HECTIC" summary "$CUTF" 2>&1 | grep -q 'last event incomplete'; then pass; else
	fail cut-mid-event "byte $CUT is not inside an event of $PAR: $("$E2E_HECTIC" summary "$CUTF" 2>&1 | head -2)"
fi
ref "$CUTF" "$R/cut"
rm -f "$E2E_T/fifo"
mkfifo "$E2E_T/fifo"
start "$W" "$H" TMPDIR="$SPOOL" -- "$E2E_T/fifo"
check cut-waiting '^waiting for a program to open the FIFO for writing'
feed_bg --seed 16 --chunk 1000:5000 --delay 5000:20000 --cut "$CUT" "$PAR" "fifo:$E2E_T/fifo"
check_st cut-message "  complete  the stream ended without an end-of-data marker" 30
feed_done cut-feed
alive cut-alive
same_screen cut-screen "$R/cut"
keys g
check_st cut-key-start '  cursor 0[0-9.]*ms ' 5
keys G
check_st cut-key-end '  cursor [1-9][0-9.]*ms ' 5
quit cut-quit
no_spool cut-spool

# ==== 9. --save from the viewer: OUT is replaced only by a stream that
# brought a header; a quit before that leaves it, and nothing beside it ====
SV=$E2E_T/saves
mkdir -p "$SV"
printf 'the old OUT\n' >"$SV/out"
rm -f "$E2E_T/fifo"
mkfifo "$E2E_T/fifo"
start "$W" "$H" TMPDIR="$SPOOL" -- --save "$SV/out" "$E2E_T/fifo"
check save-waiting '^waiting for a program to open the FIFO for writing'
quit save-quit-waiting
eq save-untouched "$(cat "$SV/out")" "the old OUT"
eq save-nothing-beside "$(cd "$SV" && ls -A | tr '\n' ' ')" "out "
start "$W" "$H" TMPDIR="$SPOOL" -- --save "$SV/out" "$E2E_T/fifo"
check save-waiting-2 '^waiting for a program to open the FIFO for writing'
feed_bg --seed 21 --chunk 1000:20000 --delay 10000:30000 "$PAR" "fifo:$E2E_T/fifo"
check_st save-complete "$COMPLETE_RE" 30
feed_done save-feed
quit save-quit
if cmp -s "$PAR" "$SV/out"; then pass; else fail save-bytes "OUT is not the bytes sent: $(cmp "$TH" "$SV/out" 2>&1 | head -1)"; fi
eq save-only-out "$(cd "$SV" && ls -A | tr '\n' ' ')" "out "
no_spool save-spool

# ==== 10. a stream that brings its header alone (GHC 9.0's runtime
# writes its events only when a buffer fills or the program exits): after
# 3 s the viewer says what that means and what to do; a stream that
# brought events does not ====
HL=$(LC_ALL=C grep -obaF hdredatb "$PAR" | head -1 | cut -d: -f1)
HL=$((HL + 8)) # the header, to the end of its data section's start
# hdr_run NAME BYTES: the viewer on a FIFO that gets the first BYTES of
# $PAR and is held open
hdr_run() {
	rm -f "$E2E_T/fifo"
	mkfifo "$E2E_T/fifo"
	start "$W" "$H" TMPDIR="$SPOOL" -- "$E2E_T/fifo"
	check "$1-waiting" '^waiting for a program to open the FIFO for writing'
	(head -c "$2" "$PAR" && exec sleep 20) >"$E2E_T/fifo" &
	HPID=$!
	check "$1-open" "$READY"
}
hdr_run hdr "$HL"
check_st hdr-reading '  live: reading the stream as it arrives' 2
check_not hdr-not-yet 'only the header'
check hdr-said 'only the header in 3 s: the program.s runtime keeps its events until its buffers fill or it exits' 6
check hdr-advice 'GHC 9\.2 or later, \+RTS --eventlog-flush-interval=1 writes them every second'
check_st hdr-status '  live: only the header' 2
quit hdr-quit
kill "$HPID" 2>/dev/null
wait "$HPID" 2>/dev/null
no_spool hdr-spool
hdr_run hdr-events $((HL + 20000))
sleep 4.5
capture
check_not hdr-events-not-said 'only the header'
if status_line | grep -q 'live: only the header'; then fail hdr-events-status "$(status_line)"; else pass; fi
quit hdr-events-quit
kill "$HPID" 2>/dev/null
wait "$HPID" 2>/dev/null
no_spool hdr-events-spool

echo "e2e-live: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
