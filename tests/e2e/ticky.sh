#!/bin/sh
# End-to-end tests of the ticky pane (the ticky-view action): the real
# binary in a detached tmux session, driven by keys, checked on the
# captured screen against `hectic ticky --tsv` (whose figures tests/ticky.sh
# checks against GHC's own +RTS -r report): the window's sums per counter in
# GHC's order, then sorted by entries and by alloc; the selected counter's
# source location (IPE); the explanation on a log without ticky events.
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
# pane_rows: the pane's rows on the screen, "entries alloc allocd name"
pane_rows() {
	capture
	awk '/^ +Entries +Alloc +Alloc.d +STG Name/ { r = 1; next }
		r && /^ *[0-9]+ +[0-9]+ +[0-9]+  / { n = $0; sub(/^ *[0-9]+ +[0-9]+ +[0-9]+  /, "", n)
			sub(/ +$/, "", n); print $1 " " $2 " " $3 " " n; next }
		r { exit }' "$E2E_SCREEN"
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
