#!/bin/sh
# End-to-end tests of a log written without some event classes (+RTS -l-au:
# no scheduler, GC or heap statistics events): the lanes, the activity
# graph, the GC bar, the heap and live rows, the pause list (p), the GC
# histogram (D) and the thread rows (R) say what the log lacks, in the
# words of the reports (model/classes.c, class_absent), instead of drawing
# idle lanes, empty rows or zeros; each class is judged alone (logs
# derived from a real one without the scheduler's events, without the
# GC's, with the thread labels alone: tests/fixtures/derived/README.md),
# and a log that has them all says nothing of the kind. A growing log says
# "yet" until its end comes. The real binary in a detached tmux session.
# Usage: tests/e2e/absent.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/absent.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux awk sed grep head tail; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-absent: $t not found (tools/deps.sh names its package)"
		echo "e2e-absent: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

M=tests/fixtures/modern
D=tests/fixtures/derived
U=$M/ghc96-user-only.eventlog
U10=$M/ghc910-user-only.eventlog
O=$M/ghc96-threaded.eventlog
NS=$D/ghc96-threaded-nosched.eventlog
NG=$D/ghc96-threaded-nogc.eventlog
LB=$D/ghc96-threaded-labels.eventlog

# the sentences, as regexes
S_SCHED='no scheduler events in this log \(\+RTS -l without s, as -l-au\)'
S_GC='no GC events in this log \(\+RTS -l without g, as -l-au\)'
S_HEAP='no heap statistics events in this log \(\+RTS -l without g, as -l-au\)'
S_LANE='no scheduler or GC events in this log'
DOT='·'

# rowof LABEL: the plot row labelled LABEL (its first word(s)); a lane's
# ("cap N"): its label with its bottom row's cells, where the words and
# the dots are drawn (a lane is lane-height rows, the window file's 8th
# field; its label on the top one)
rowof() {
	case $1 in
	cap\ *)
		LC_ALL=C awk -v re="^$1 " -v h="$(win_field 8)" '!y && $0 ~ re { y = NR; g = substr($0, 1, 8) }
			y && NR == y + h - 1 { print g substr($0, 9); exit }' "$E2E_SCREEN"
		;;
	*) grep -E "^$1 " "$E2E_SCREEN" ;;
	esac
}
# row_has NAME LABEL RE: that row matches RE
row_has() {
	if rowof "$2" | grep -Eq -- "$3"; then pass; else
		fail "$1" "row '$2' lacks /$3/"
	fi
}
row_lacks() {
	if rowof "$2" | grep -Eq -- "$3"; then
		fail "$1" "row '$2' has /$3/"
	else pass; fi
}

# ---- the -l-au logs of both GHCs: every row says what it lacks ----
for f in "$U" "$U10"; do
	b=$(basename "$f" .eventlog)
	start 120 32 -- "$f"
	check "$b-ready" 'events: '
	row_has "$b-util" util "^util +$S_SCHED"
	row_has "$b-cap0" 'cap 0' "^cap 0 +$S_LANE$DOT+"
	row_has "$b-cap1" 'cap 1' "^cap 1 +$S_LANE"
	row_has "$b-gc" GC "^GC +$S_GC"
	row_has "$b-heap" heap "^heap +$S_HEAP"
	row_has "$b-live" live "^live +$S_HEAP"
	# the pause list: why, and no list of none
	keys p
	check "$b-pauses" "$S_GC"
	check "$b-pauses-unknown" 'the collections and their pauses are not known'
	check_not "$b-pauses-no-zeros" 'GC pauses: 0|p50 0ns'
	check_status "$b-pauses-status" 'no GC events in this log'
	keys Escape
	check_gone "$b-pauses-closed" 'their pauses are not known'
	# the GC histogram
	keys D
	check "$b-histogram" "GC pause histogram: $S_GC"
	check "$b-histogram-unknown" '^the collections and their pauses are not known'
	check_not "$b-histogram-no-zeros" '0 collections in the window|no collection starts'
	keys D
	check_gone "$b-histogram-closed" 'GC pause histogram'
	# the thread rows
	keys R
	check "$b-trows" 'threads 0, by creation; no scheduler events in this log'
	check "$b-trows-why" "^$S_SCHED"
	check "$b-trows-unknown" '^the threads, their lifetimes and running time are not known'
	check_not "$b-trows-no-none" 'no threads in this log'
	keys R
	check_gone "$b-trows-closed" 'threads 0, by creation'
	keys q
	check_exit "$b-quit" 0
done

# ASCII: the same words, and '?' where a lane's state is not known
start 80 24 -- --ascii "$U"
check ascii-ready 'events: '
row_has ascii-util util "^util +$S_SCHED"
row_has ascii-cap0 'cap 0' "^cap 0 +$S_LANE\\?+"
row_has ascii-gc GC "^GC +$S_GC"
keys q
check_exit ascii-quit 0

# ---- without the scheduler's events: the GC is drawn, running is not
# known (a dim dot), and the activity graph says why ----
start 120 32 -- "$NS"
check nosched-ready 'events: '
row_has nosched-util util "^util +$S_SCHED"
row_has nosched-cap0-dots 'cap 0' "$DOT"
row_lacks nosched-cap0-no-sentence 'cap 0' 'events in this log'
row_lacks nosched-gc GC 'events in this log'
row_has nosched-gc-drawn GC '[▄█]'
row_lacks nosched-heap heap 'events in this log'
keys p
check nosched-pauses 'GC pauses: 11; p50'
check_not nosched-pauses-no-why 'pauses are not known'
keys Escape
check_gone nosched-pauses-closed 'GC pauses: 11'
keys R
check nosched-trows 'threads 0, by creation; no scheduler events in this log'
keys q
check_exit nosched-quit 0

# ---- without the GC's events and heap statistics: the lanes are the
# original's running, the GC bar and the heap rows say why ----
start 120 32 -- "$NG"
check nogc-ready 'events: '
row_lacks nogc-util util 'events in this log'
row_lacks nogc-cap0 'cap 0' "$DOT|events in this log"
row_has nogc-gc GC "^GC +$S_GC"
row_has nogc-heap heap "^heap +$S_HEAP"
keys D
check nogc-histogram "GC pause histogram: $S_GC"
keys D
check_gone nogc-histogram-closed 'GC pause histogram'
keys R
check nogc-trows 'threads 1[0-9], by creation; thread [0-9]+: ran '
check_not nogc-trows-no-why 'threads 1[0-9], by .*events in this log|not known'
keys q
check_exit nogc-quit 0

# ---- the thread labels alone: the threads by their labels, their states
# not known ----
start 120 32 -- "$LB"
check labels-ready 'events: '
row_has labels-util util "^util +$S_SCHED"
keys R
check labels-trows 'threads 17, by creation; no scheduler events in this log'
check labels-trows-main '^5 main +·+'
check_not labels-trows-no-ran 'thread [0-9]+: ran'
keys Enter
check_status labels-go "thread 2's runs are not known: no scheduler events"
keys q
check_exit labels-quit 0

# ---- a heap profile written with -l-au: the profile is there, the rows
# of the classes that are not say so ----
start 120 32 -- "$D/ghc96-heap-hT-user.eventlog"
check hT-ready 'events: '
row_has hT-gc GC "^GC +$S_GC"
row_has hT-heap heap "^heap +$S_HEAP"
keys H
check hT-heap-pane 'heap absolute: [0-9]+ of [0-9]+ bands'
keys q
check_exit hT-quit 0

# ---- a log with every class says nothing of the kind ----
start 120 32 -- "$O"
check all-ready 'events: '
check_not all-no-absence 'events in this log|not known'
row_lacks all-cap0 'cap 0' "$DOT"
keys p
check all-pauses 'GC pauses: 11; p50'
keys Escape
keys R
check all-trows 'threads 1[0-9], by creation; thread [0-9]+: ran '
check_not all-trows-no-why 'events in this log'
keys q
check_exit all-quit 0

# ---- a growing log: "yet", no cause, until its end comes ----
# (cut 800 bytes before its end: past the header, before the end marker)
G=$E2E_T/grow.eventlog
half=$(($(wc -c <"$U") - 800))
head -c "$half" "$U" >"$G"
start 120 32 -- "$G"
check grow-ready 'events: '
row_has grow-util util '^util +no scheduler events in this log yet'
row_has grow-gc GC '^GC +no GC events in this log yet'
row_lacks grow-util-no-cause util 'RTS'
tail -c +$((half + 1)) "$U" >>"$G"
check grow-complete "^util +$S_SCHED"
row_has grow-gc-complete GC "^GC +$S_GC"
keys q
check_exit grow-quit 0

# ---- the thread list (t), the spans (S), the heap pane's ticks (H) ----
start 220 32 -- "$U"
check t-ready 'events: '
keys t
check t-why "$S_SCHED"
check t-not-known 'the threads, their lifetimes and running time are not known'
check_not t-no-zero 'threads: 0.* 0ns '
keys Escape S
check_status spans-why "$S_SCHED: the events are paired as if on one thread"
keys Escape q
check_exit t-quit 0
# labels alone: the threads listed, every figure but the label "-", and
# Enter says their runs are not known
start 220 32 -- "$LB"
check tl-ready 'events: '
keys t
check tl-row '[│| ] +6 +- +- +- +- +- +- +w'
check_not tl-no-zero ' 0ns +0 '
keys Enter
check_status tl-select "thread [0-9]+'s runs are not known: $S_SCHED"
keys q
check_exit tl-quit 0
# a -hT profile as -hT -l-au writes it: the heap pane's title says there
# are no major-GC ticks, and why
start 220 32 -- "$D/ghc96-heap-hT-user.eventlog"
check hu-ready 'events: '
keys H
check hu-title "^heap absolute: .*\\[no major-GC ticks: $S_GC\\]"
keys q
check_exit hu-quit 0
start 220 32 -- "$M/ghc96-heap-hT.eventlog"
check h-ready 'events: '
keys H
check h-title '^heap absolute: '
check_not h-no-why 'no major-GC ticks'
keys q
check_exit h-quit 0

echo "e2e-absent: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
