#!/bin/sh
# End-to-end tests of the sparks pane (A) with two logs (issue 21): the
# title's A|B totals over the whole run equal each run's `hectic sparks
# --tsv` summed over its capabilities; the rows are each rate's A row then
# its B row, then A's pools and B's; Tab keeps A's figures first; a run
# without spark counters (-l-au) is said, and the other run's rows drawn.
# Real pairs from GHC 9.0.2 and 9.6.6 (tests/fixtures/diff). The real
# binary in a detached tmux session.
# Usage: tests/e2e/compare-sparks.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/compare-sparks.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux awk sed grep; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-compare-sparks: $t not found (tools/deps.sh names its package)"
		echo "e2e-compare-sparks: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh
D=tests/fixtures/diff

eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}
# sums FILE: "created converted fizzled gcd overflowed dud" of sparks --tsv
sums() {
	"$E2E_HECTIC" sparks --tsv "$1" | awk -F'\t' 'NR > 1 { c += $2; v += $3; o += $4; d += $5; g += $6; f += $7 }
		END { print c + 0, v + 0, f + 0, g + 0, o + 0, d + 0 }'
}
# title_pairs: the title's "a|b" pairs in its order
title_pairs() {
	capture
	grep -m1 '^sparks in the window, A|B:' "$E2E_SCREEN" | grep -oE '[0-9]+\|[0-9]+' | tr '\n' ' ' | sed 's/ $//'
}
want_pairs() { # A B: "a|b ..." from the two runs' sums
	sums "$1" >"$E2E_T/sa"
	sums "$2" >"$E2E_T/sb"
	paste -d'|' "$E2E_T/sa" "$E2E_T/sb" | awk '{ split($0, x, "|"); na = split(x[1], a, " "); split(x[2], b, " ")
		for (i = 1; i <= na; i++) printf "%s%s|%s", (i > 1 ? " " : ""), a[i], b[i]; print "" }'
}

for v in ghc90 ghc96; do
	A=$D/$v-sparks.eventlog
	B=$D/$v-pingpong.eventlog
	start 140 50 -- "$A" "$B"
	check "$v-ready" 'events: '
	keys A
	check "$v-title" '^sparks in the window, A\|B:'
	eq "$v-totals" "$(title_pairs)" "$(want_pairs "$A" "$B")"
	capture
	labels=$(awk '/^sparks in the window/ { f = 1; next } f && /^[AB] / { print $1 $2 }' "$E2E_SCREEN" | tr '\n' ' ')
	case $labels in
	"Acreated Bcreated Aconverted Bconverted Afizzled Bfizzled AGC'd BGC'd Aoverflowed Boverflowed Adud Bdud Ap0 Ap1 Bp0 Bp1"*) pass ;;
	*) fail "$v-rows" "rows: $labels" ;;
	esac
	# the gutter as wide as the widest name ("A overflowed") and a blank
	eq "$v-gutter" "$(win_field 9)" 13
	keys Tab
	check_status "$v-tab" '^ B: '
	eq "$v-totals-after-tab" "$(title_pairs)" "$(want_pairs "$A" "$B")"
	# the other way round
	start 140 50 -- "$B" "$A"
	check "$v-ready-ba" 'events: '
	keys A
	check "$v-title-ba" '^sparks in the window, A\|B:'
	eq "$v-totals-ba" "$(title_pairs)" "$(want_pairs "$B" "$A")"
	# a run without spark counters: said, the other's rows alone
	start 140 50 -- "$D/$v-alloc-A1m-au.eventlog" "$A"
	check "$v-au-ready" 'events: '
	keys A
	check "$v-au-title" "^sparks in the window of run B: $(sums "$A" | awk '{ print $1 }') created"
	check "$v-au-said" 'run A: no spark counters in this log: its RTS is threaded, but the log'
done

reap
echo "e2e-compare-sparks: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
