#!/bin/sh
# End-to-end tests of the ticky pane (the ticky-view action): the real
# binary in a detached tmux session, driven by keys, checked on the
# captured screen against `hectic ticky --tsv` (whose figures tests/ticky.sh
# checks against GHC's own +RTS -r report): the window's sums per counter in
# GHC's order, then sorted by entries and by alloc; the selected counter's
# source location (IPE); the explanation on a log without ticky events;
# the columns sized to the width and long names fitted (issue 33), against
# GHC's own report of the program.
# Usage: tests/e2e/ticky.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/ticky.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
missing=0
for t in tmux:tmux stty:coreutils env:coreutils sleep:coreutils mktemp:coreutils \
	sort:coreutils head:coreutils cmp:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e-ticky: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
if [ ! -r /proc/self/stat ]; then
	echo "e2e-ticky: /proc is not mounted (mount -t proc proc /proc)"
	missing=$((missing + 1))
fi
if [ "$missing" -gt 0 ]; then
	echo "e2e-ticky: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

M=tests/fixtures/modern
IPE=$M/ghc910-ticky-ipe.eventlog
NONE=$M/ghc910-ticky-r.eventlog
READY='events: '
KEY=I # the ticky-view action's key in the default keymap

# eq_file NAME GOT WANT: two files the same, and not empty
eq_file() {
	if [ ! -s "$2" ] || [ ! -s "$3" ]; then
		fail "$1" "empty: got '$(cat "$2")', want '$(cat "$3")'"
	elif cmp -s "$2" "$3"; then
		pass
	else
		fail "$1" "$(diff "$3" "$2" | head -20)"
	fi
}
# pane_rows: the pane's rows on the screen, "entries alloc allocd name",
# each figure right-aligned under its header, the name from its header's
# column on
pane_rows() {
	capture
	plain | awk 'function trim(s) { gsub(/^ +| +$/, "", s); return s }
		/^ *Entries +Alloc +Alloc.d +Arg(ument)?s +STG Name/ {
			e = index($0, "Entries") + 6; a = index($0, "Alloc ") + 4; d = index($0, "Alloc'"'"'d") + 6
			n = index($0, "STG Name"); r = 1; next }
		r && /^ *[0-9]+ +[0-9]+ +[0-9]+  / {
			print trim(substr($0, 1, e)) " " trim(substr($0, e + 1, a - e)) " " \
				trim(substr($0, a + 1, d - a)) " " trim(substr($0, n)); next }
		r { exit }'
}
# ref [SORTFIELD]: the TSV's rows the same way, ranked by a field
# (5 entries, 6 alloc: largest first, ties in GHC's order)
ref() {
	"$E2E_HECTIC" ticky --tsv --escape "$IPE" | awk -F '\t' 'NR > 1 { print $5 "\t" $6 "\t" $7 "\t" $2 }' >"$E2E_T/tsv"
	if [ -n "${1:-}" ]; then
		sort -s -t '	' -k"$1,$1"nr "$E2E_T/tsv"
	else
		cat "$E2E_T/tsv"
	fi | awk -F '\t' '{ print $1 " " $2 " " $3 " " $4 }'
}

start 160 45 -- "$IPE"
check ready "$READY"
keys "$KEY"
check title '^ticky: 14 counters, [0-9]+ samples in the window; by definition'
pane_rows >"$E2E_T/got"
ref >"$E2E_T/want"
eq_file rows-def "$E2E_T/got" "$E2E_T/want"
# the first counter is selected: its source location, as the TSV gives it
src=$("$E2E_HECTIC" ticky --tsv --escape "$IPE" | awk -F '\t' 'NR == 2 { print $14 }')
check source "^peak [0-9.e+]+/s; $(printf '%s' "$src" | sed 's/[][().*+?^$|\\{}]/\\&/g') in Main"
check spark '^entr/s '
keys r
check by-entries '; by entries'
pane_rows >"$E2E_T/got"
ref 1 >"$E2E_T/want"
eq_file rows-entries "$E2E_T/got" "$E2E_T/want"
keys r
check by-alloc '; by alloc '
check spark-alloc '^allc/s'
pane_rows >"$E2E_T/got"
ref 2 >"$E2E_T/want"
eq_file rows-alloc "$E2E_T/got" "$E2E_T/want"
keys "$KEY"
check_gone closed '^ticky: '
keys q
check_exit quit 0

# ---- the columns sized to the width, long names fitted (issue 33) ----
# A derived log (tests/fixtures/derived/README.md): ghc910-ticky with
# $wsize and $winsert renamed by long-names.txt to two names that differ
# only at their end. What the rows must read is GHC's own report of the
# program (the -r run's .ticky: its "Non-void Arguments" and "STG Name"),
# renamed by the same file: never hectic's.
LONG=tests/fixtures/derived/ghc910-ticky-long.eventlog
NAMES=tests/fixtures/derived/long-names.txt
# report_rows: the .ticky's rows, "ARGS<TAB>NAME", in its order (GHC's)
awk 'NR == FNR { if ($1 == "ticky") new[$2] = $3; next }
	/STG Name/ { a = index($0, "Non-void Arguments"); n = index($0, "STG Name"); next }
	n && /^-+$/ { on = 1; next }
	on && $0 == "" { exit }
	on { g = substr($0, a, n - a); gsub(/^ +| +$/, "", g); nm = substr($0, n)
		print g "\t" ((nm in new) ? new[nm] : nm) }' FS='\t' "$NAMES" FS=' ' $M/ghc910-ticky.ticky \
	>"$E2E_T/long.rows"
cut -f2 "$E2E_T/long.rows" >"$E2E_T/long.names"
awk -F '\t' '$1 == "ticky" { print $3 }' "$NAMES" | sort -u >"$E2E_T/long.pair"
[ "$(grep -cxF -f "$E2E_T/long.pair" "$E2E_T/long.names")" -eq 2 ] && pass ||
	fail long-fixture "the renamed pair not in the report's names: $(cat "$E2E_T/long.names")"
# long_rows: the pane's rows, "ARGS<TAB>NAME" as shown (an ellipsis "~")
long_rows() {
	capture
	plain | awk 'function trim(s) { gsub(/^ +| +$/, "", s); return s }
		/^ *Entries +Alloc +Alloc.d +Arg(ument)?s +STG Name/ {
			g = index($0, "Arg"); n = index($0, "STG Name"); r = 1; next }
		r && /^ *[0-9]+ +[0-9]+ +[0-9]+  / { print trim(substr($0, g, n - g)) "\t" trim(substr($0, n)); next }
		r { exit }'
}
# 160 columns: every counter, in GHC's order, its arguments and name whole
start 160 50 -- "$LONG"
check long-ready "$READY"
keys "$KEY"
check long-title '^ticky: 14 counters'
long_rows >"$E2E_T/got"
eq_file long-160-rows "$E2E_T/got" "$E2E_T/long.rows"
keys q
check_exit long-160-quit 0
# 80 columns: each name a cut of the report's, no two rows alike, the pair
# read apart (their ends shown), at the top and scrolled to the end
start 80 24 "$E2E_ROWS1" -- "$LONG"
check long-80-ready "$READY"
keys "$KEY"
check long-80-title '^ticky: 14 counters'
for at in top end; do
	long_rows | cut -f2 >"$E2E_T/got"
	[ -s "$E2E_T/got" ] && pass || fail "long-80-$at-rows" "no row"
	bad=$(awk -F '\t' -v mode=flat -f tests/e2e/fitted.awk "$E2E_T/long.names" "$E2E_T/got")
	[ -z "$bad" ] && pass || fail "long-80-$at-fitted" "$bad"
	if [ "$at" = top ]; then
		bad=$(awk -F '\t' -v mode=each -f tests/e2e/fitted.awk "$E2E_T/long.pair" "$E2E_T/got")
		[ -z "$bad" ] && pass || fail long-80-pair "$bad"
		[ "$(grep -c '^~' "$E2E_T/got")" -eq 2 ] && pass ||
			fail long-80-pair-cut "want the pair shortened: $(cat "$E2E_T/got")"
	fi
	keys j j j j j j j j j j j j j j
	wait_change
done
keys q
check_exit long-80-quit 0

# a log without ticky events: one line saying how to get them
start 80 24 -- "$NONE"
check none-ready "$READY"
keys "$KEY"
check none-title '^ticky: no ticky-ticky counters in this log'
check none-how 'ghc -ticky, run with \+RTS -lT'
keys q
check_exit none-quit 0

echo "e2e-ticky: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
