#!/bin/sh
# End-to-end tests of what must fit any screen (issue 33, item 3): the help
# is a pager whose every text shows whole, wrapped, with the legend after
# the keys; a message longer than the status line wraps whole into the
# rows above it; a search goes on past the run's ends and says so. The
# real binary in a detached tmux session, at 80x24 and at 160x50.
# Usage: tests/e2e/help.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/help.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux sed grep awk; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-help: $t not found (tools/deps.sh names its package)"
		echo "e2e-help: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

LOG=tests/fixtures/modern/ghc910-threaded.eventlog
TH=tests/fixtures/threaded.eventlog
READY='events: '
LAST_LEGEND='lanes: a tick of the highlighted cost centre'

# the message: the message area's (message_area), else the status line,
# whose end it is
message() {
	_m=$(message_area)
	if [ -n "$_m" ]; then printf '%s\n' "$_m"; else sed -n "${E2E_H}p" "$E2E_SCREEN" | sed 's/^ *//'; fi
}
# check_msg NAME RE: pass when the message comes to match RE
check_msg() {
	tries=100
	while :; do
		capture
		message | grep -Eq -- "$2" && { settle; message | grep -Eq -- "$2" && { pass; return; }; }
		tries=$((tries - 1))
		if [ "$tries" -le 0 ]; then
			fail "$1" "the message never showed /$2/: $(message)"
			return
		fi
		sleep 0.05
	done
}
# next_row RE1 RE2: true when the row after one matching RE1 matches RE2
next_row() {
	a="$1" b="$2" awk 'hit && $0 ~ ENVIRON["b"] { ok = 1 } { hit = $0 ~ ENVIRON["a"] } END { exit !ok }' "$E2E_SCREEN"
}
# check_next NAME RE1 RE2: pass when the screen comes to show a row
# matching RE2 right under one matching RE1 (a text wrapped whole)
check_next() {
	tries=60
	while :; do
		capture
		next_row "$2" "$3" && { pass; return; }
		tries=$((tries - 1))
		[ "$tries" -le 0 ] && { fail "$1" "no row /$3/ under /$2/"; return; }
		sleep 0.05
	done
}

# ---- the help at 80x24: a pager ----
start 80 24 -- $LOG
wait_for "$READY"
keys '?'
# the title keeps its count and the hints most needed, whole
check help80-open 'hectic keys and legend, lines 1-20 of [0-9]+ \(\? <Escape>: close[^)]*\)'
# a line down: still open, the first line gone
keys j
check help80-j 'hectic keys and legend, lines 2-21 of'
check_not help80-j-scrolled 'quit hectic'
# the last line is the legend's, after the keys
keys G
check help80-G "$LAST_LEGEND"
check_not help80-G-open-keys 'quit hectic'
check help80-G-keys-before 'redraw the screen'
# a description wider than the panel shows whole: its end on the next row
# (j until its row and the next show; a line a key)
keys g
check help80-g 'quit hectic'
n=0
while [ $n -lt 40 ] && ! next_row 'list the longest GC pauses' ' their run\)'; do
	keys j
	sleep 0.1
	capture
	n=$((n + 1))
done
check_next help80-wrapped 'list the longest GC pauses \(two logs: both runs., with' ' their run\)'
# a page down and back up
keys g Space
check help80-page 'lines 20-39 of'
keys PPage
check help80-page-up 'lines 1-20 of'
keys Escape
check_gone help80-closed 'hectic keys and legend'

# ---- a pause message at 80 columns: whole, wrapped above the status line ----
keys p
check pauses-open 'GC pauses: [0-9]+'
keys Enter
check_msg pause80-whole '^GC at [0-9.]+m?s: pause [0-9.]+m?s, gen [0-9]+, span [0-9.]+m?s over [0-9]+ caps? \(from cap [0-9]+\), [0-9]+ bytes copied$'
# the status line keeps its own fields
check_status pause80-status 'ghc910-threaded\.eventlog .*events: all'
# until the next key
keys l
check_gone pause80-gone 'bytes copied'
keys q
check_exit help80-quit 0

# ---- NO_COLOR: the legend's last line too ----
start 80 24 NO_COLOR=1 -- $LOG
wait_for "$READY"
keys '?' G
check nocolor-G "$LAST_LEGEND"
keys q q
check_exit nocolor-quit 0

# ---- 160x50: every text whole ----
start 160 50 -- $LOG
wait_for "$READY"
keys '?'
check help160-open 'hectic keys and legend, lines 1-'
check_next help160-wrapped 'show the window.s GC pauses under the lanes' 'histograms\) \(again: the event list\)'
keys G
check help160-G "$LAST_LEGEND"
keys q
check_gone help160-closed 'hectic keys and legend'
keys p
check pauses160-open 'GC pauses: [0-9]+'
keys Enter
check_msg pause160-whole 'GC at [0-9.]+m?s: pause [0-9.]+m?s, gen [0-9]+, span [0-9.]+m?s over [0-9]+ caps? \(from cap [0-9]+\), [0-9]+ bytes copied$'
keys q
check_exit help160-quit 0

# ---- a search wraps around the run's ends, and says so ----
for size in "80 24" "160 50"; do
	set -- $size
	start "$1" "$2" -- $TH
	wait_for "$READY"
	keys /
	wait_status '^/'
	text 'round 2'
	keys Enter
	check_msg "search$1-hit" '[0-9.]+ms: round 2$'
	# from the end, n goes on at the start: the first match again
	keys G n
	check_msg "search$1-wraps" "search hit the run's end, continuing at its start: [0-9.]+ms: round 2$"
	# from the first match, N goes on at the end: the last match
	keys N
	check_msg "search$1-wraps-back" "search hit the run's start, continuing at its end: [0-9.]+ms: round 2 sum"
	# and back, without wrapping
	keys N
	check_msg "search$1-plain" '[0-9.]+ms: round 2$'
	if message | grep -q continuing; then fail "search$1-plain-said" "$(message)"; else pass; fi
	keys / ; wait_status '^/'
	text 'nothing like this'
	keys Enter
	check_msg "search$1-none" 'no match for /nothing like this/ in the run'
	keys q
	check_exit "search$1-quit" 0
done

echo "e2e-help: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
