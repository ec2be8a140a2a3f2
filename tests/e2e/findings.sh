#!/bin/sh
# End-to-end tests of the viewer's findings pane (issue 47, item 3): the
# status line of a log with a warning-weight finding names it once it is
# loaded; the findings key opens the pane, whose rows are hectic doctor's
# (the command is the reference, tests/doctor.sh checks it: the expected
# text is computed here from its --tsv, never written down); Enter zooms
# the window to the selected finding's interval and marks it, n and N step
# to the next and previous finding; a log with no warning says none; the
# pane draws without colours (NO_COLOR) and on a wide screen, its advice
# whole there; with two logs it shows the findings of the run shown and
# names it; those of a log still growing are of the log so far, said so,
# and made again whole when it ends. The real binary in a detached tmux session, at 80x24 and
# 200x50. Usage: tests/e2e/findings.sh path/to/hectic. Exit 0 when every
# check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/findings.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux sed grep awk; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-findings: $t not found (tools/deps.sh names its package)"
		echo "e2e-findings: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

NURSERY=tests/fixtures/doctor/ghc90-nursery.eventlog
GOOD=tests/fixtures/doctor/ghc90-good.eventlog
READY='events: '
KEY='!' # the findings action's key in the default keymap

# tsv LOG: hectic doctor's findings of LOG, rank kind cost from to ... rts
tsv() { "$E2E_HECTIC" doctor --tsv "$1" | awk 'NR > 1'; }
# field LOG RANK COL: column COL of finding RANK
field() { tsv "$1" | awk -F'\t' -v r="$2" -v c="$3" '$1 == r { print $c }'; }
# row_re LOG RANK: the pane's row of finding RANK as a regex, from the TSV:
# "1. nursery      WARNING  59.45%  0.152s-0.156s", the cost's digits the
# TSV's (0.5945), moved two places as text
row_re() {
	tsv "$1" | awk -F'\t' -v r="$2" '$1 == r {
		split($3, c, ".")
		pct = (c[1] * 100 + substr(c[2], 1, 2)) "\\." substr(c[2], 3, 2)
		printf "^%d\\. %s +%s +%s%%  %.3fs-%.3fs", $1, $2, ($3 >= 0.05 ? "WARNING" : "info"),
			pct, $4 / 1e9, $5 / 1e9 }'
}
# title_re LOG: the pane's title's counts, from the TSV
title_re() {
	tsv "$1" | awk -F'\t' '{ n++; w += ($3 >= 0.05) } END {
		printf "^findings: %d warnings?, %d for information", w, n - w }'
}
# check_jump NAME LOG RANK: the window (the frame's, HECTIC_DEBUG_WINDOW)
# holds finding RANK's interval (within the run's events: a finding's
# interval may start at 0, before the first) and is narrower than the
# run, the status line's window and the ruler's labels read inside it, and
# the ruler says it right (ruler.awk)
check_jump() {
	from=$(field "$2" "$3" 4) to=$(field "$2" "$3" 5)
	[ "$from" -lt "$RUN_T0" ] && from=$RUN_T0
	[ "$to" -ge "$RUN_T1" ] && to=$((RUN_T1 - 1))
	tries=40
	while :; do
		capture
		set -- "$1" "$2" "$3" $(window)
		if [ $# -ge 5 ] && [ "$4" -le "$from" ] && [ "$5" -ge "$to" ] && [ "$((${5} - ${4}))" -lt "$RUN_W" ]; then
			break
		fi
		tries=$((tries - 1))
		if [ "$tries" -le 0 ]; then
			fail "$1" "the window ($(window)) does not hold finding $3's interval $from..$to, or is the whole run"
			return
		fi
		sleep 0.05
	done
	pass
	# the status line's window is that window, as it writes times
	set -- "$1" "$2" "$3" $(window)
	res=$(((${5} - ${4}) / ${6}))
	want="$(fmt_at "$4" "$5" "$res")..$(fmt_at "$5" "$5" "$res")"
	got=$(status_line | sed -n 's/.*  \([0-9.]*[a-z]*\.\.[0-9.]*[a-z]*\)  cursor .*/\1/p')
	if [ "$got" = "$want" ]; then pass; else
		fail "$1-status" "the status line's window is $got, not the frame's $want ($4..$5)"
	fi
	# every label of the ruler (row 0 after its width) inside the window
	bad=$(row 0 | tr -s ' │|' '\n\n\n' | awk 'NR > 2 && NF' | while read -r l; do
		ns=$(label_ns "$l")
		[ "$ns" = bad ] && continue
		[ "$ns" -ge "$4" ] && [ "$ns" -le "$5" ] || echo "$l"
	done)
	if [ -z "$bad" ]; then pass; else fail "$1-ruler" "ruler labels outside $4..$5: $bad ($(row 0))"; fi
	ruler_ok "$1-ruler-right"
}
# selected RE: the selected row (drawn reversed) is the one matching RE
selected() {
	capture_e
	grep -a "$(printf '\033')\[[0-9;]*7[0-9;]*m" "$E2E_SCREEN_E" | sed 's/\x1b\[[0-9;]*m//g' | grep -Eq -- "$1"
}
check_selected() {
	tries=40
	while ! selected "$2"; do
		tries=$((tries - 1))
		[ "$tries" -le 0 ] && { capture; fail "$1" "no reversed row matches /$2/"; return; }
		sleep 0.05
	done
	pass
}

# the expected texts are there (an empty regex would match any screen)
for re in "$(row_re "$NURSERY" 1)" "$(row_re "$NURSERY" 2)" "$(row_re "$GOOD" 1)" \
	"$(title_re "$NURSERY")" "$(title_re "$GOOD")"; do
	case $re in
	'^'[0-9f]*) pass ;;
	*) fail expected "no expected text from hectic doctor --tsv: '$re'" ;;
	esac
done

# ---- the nursery log at 80x24: said, listed, jumped to, stepped ----
start 80 24 -- "$NURSERY"
check 80-ready "$READY"
# the whole run: the window a fresh open shows
RUN_T0=$(win_field 1) RUN_T1=$(win_field 2)
RUN_W=$((RUN_T1 - RUN_T0))
first=$(field "$NURSERY" 1 2)
pct=$(field "$NURSERY" 1 3 | awk '{ printf "%.0f", 100 * $1 }')
check_status 80-said "doctor: $first costs $pct% of the run.*\\($KEY: the findings\\)"
keys "$KEY"
check 80-title "$(title_re "$NURSERY")"
check 80-row1 "$(row_re "$NURSERY" 1)"
check 80-row2 "$(row_re "$NURSERY" 2)"
check_selected 80-row1-selected "^1\\. $first "
# the flags to try show whole, even at 80x24
rts=$(field "$NURSERY" 1 8)
check 80-try "^try: \\+RTS $rts -RTS"
# Enter: the window zooms to the first finding's interval, marked
keys Enter
check_jump 80-enter "$NURSERY" 1
check_status 80-enter-said "findings: 1 of 2, $first, "
# n: the second finding, selected, in view
second=$(field "$NURSERY" 2 2)
keys n
check_status 80-next-said "findings: 2 of 2, $second, "
check_selected 80-next-selected "^2\\. $second "
check_jump 80-next "$NURSERY" 2
# N: back to the first (and n again round the end: the first)
keys N
check_status 80-prev-said "findings: 1 of 2, $first, "
check_jump 80-prev "$NURSERY" 1
keys n n
check_status 80-round "findings: 1 of 2, $first, "
# the key again: the event list, the pane gone
keys "$KEY"
check_gone 80-closed '^findings: '
alive 80-alive

# ---- a good log: no warning said ----
start 80 24 -- "$GOOD"
check good-ready "$READY"
sleep 1
capture
check_not good-not-said 'doctor:'
keys "$KEY"
check good-title "$(title_re "$GOOD")"
check good-row1 "$(row_re "$GOOD" 1)"
check_not good-still-not-said 'doctor:'

# ---- without colours ----
start 80 24 NO_COLOR=1 -- "$NURSERY"
check nocolor-ready "$READY"
check_status nocolor-said "doctor: $first costs $pct% "
keys "$KEY"
check nocolor-row1 "$(row_re "$NURSERY" 1)"
check_selected nocolor-selected "^1\\. $first "
keys Enter
check_jump nocolor-enter "$NURSERY" 1

# ---- a wide screen: the detail whole ----
start 200 50 -- "$NURSERY"
check 200-ready "$READY"
keys "$KEY"
check 200-title "$(title_re "$NURSERY") \\(<Enter>: go to its interval; n/N: the next/previous\\)"
check 200-row1 "$(row_re "$NURSERY" 1)"
check 200-try "^try: \\+RTS $rts -RTS"
check 200-advice '^advice: Give each capability'
check 200-evidence '^evidence: [0-9]+ minor'
check_not 200-whole 'more lines?; the key'
# no detail line wider than 100 columns
wide=$(grep -E '^(try|advice|evidence): |^  [^ ]' "$E2E_SCREEN" | sed 's/ *$//' | awk 'length > 100')
if [ -z "$wide" ]; then pass; else fail 200-width "a detail line over 100 columns: $wide"; fi
keys n
check 200-next "findings: 2 of 2, $second, "

# ---- two logs: each run's own, named ----
start 120 40 -- "$NURSERY" "$GOOD"
check two-ready "$READY"
keys "$KEY"
check two-a "^findings of run A: $(title_re "$NURSERY" | sed 's/^\^findings: //')"
keys Tab
check two-b "^findings of run B: $(title_re "$GOOD" | sed 's/^\^findings: //')"
check two-b-row1 "$(row_re "$GOOD" 1)"
alive two-alive

# ---- a log still growing: the findings of the log so far, said so, and
# made again, whole, once it ends ----
size=$(wc -c <"$NURSERY")
head -c $((size / 2)) "$NURSERY" >"$E2E_T/live.eventlog"
start 80 24 -- "$E2E_T/live.eventlog"
check_status live-following 'following it'
keys "$KEY"
check live-so-far '^findings: .*, of the log so far \(to [0-9.]+s\)'
tail -c +$((size / 2 + 1)) "$NURSERY" >>"$E2E_T/live.eventlog"
check_status live-complete "the log is complete; doctor: $first costs $pct% of the run"
check live-whole "$(title_re "$NURSERY") \("
check live-row1 "$(row_re "$NURSERY" 1)"
check_not live-not-so-far 'of the log so far'

echo "e2e-findings: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
