#!/bin/sh
# End-to-end tests of the ticky pane (I) with two logs (issue 21): the
# same program built by GHC 9.6.6 and by GHC 9.10.3 (-ticky, +RTS -lT);
# counters matched across the runs by their name without the uniques each
# build gives ("{v r34V}", a last " in r355"); per counter A's and B's
# entries over the whole run as each run's `hectic ticky --tsv` has them
# (which tests/ticky.sh checks against GHC's +RTS -r report), B - A, and
# "only in A/B" where one run lacks it; Tab keeps A's column A's; a log
# without counters on one side; long names fitted (issue 33), against
# GHC's own reports.
# Usage: tests/e2e/compare-ticky.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/compare-ticky.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux awk sed grep sort; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-compare-ticky: $t not found (tools/deps.sh names its package)"
		echo "e2e-compare-ticky: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh
M=tests/fixtures/modern
A=$M/ghc96-ticky.eventlog
B=$M/ghc910-ticky.eventlog

# keyed FILE: "key<TAB>entries" per counter of ticky --tsv, the key the
# name without the uniques
keyed() {
	"$E2E_HECTIC" ticky --tsv "$1" | awk -F'\t' 'NR > 1 {
		n = $2; k = ""; d = 0
		for (i = 1; i <= length(n); i++) {
			c = substr(n, i, 1)
			if (c == "{") d++; else if (c == "}" && d) d--; else if (!d) k = k c
		}
		if (match(k, /\) in [^ ]+$/)) k = substr(k, 1, RSTART)
		print k " #" (++seen[k]) "\t" $5 }' | sort
}
# want: "key|a|b|change" per counter key, as the pane must show them
want() {
	keyed "$A" >"$E2E_T/ka"
	keyed "$B" >"$E2E_T/kb"
	awk -F'\t' 'NR == FNR { a[$1] = $2; next } { b[$1] = $2 }
	END {
		for (k in a) print k "|" a[k] "|" (k in b ? b[k] : "") "|" (k in b ? (b[k] >= a[k] ? "+" b[k] - a[k] : "-" a[k] - b[k]) : "only in A")
		for (k in b) if (!(k in a)) print k "|" "|" b[k] "|only in B"
	}' "$E2E_T/ka" "$E2E_T/kb" | sort
}
# got: the pane's rows the same way (each figure right-aligned under its
# header, the name from its header's column on)
got() {
	capture
	plain | awk '/^ *A entries +B entries +B - A +Arg(ument)?s +STG Name/ {
		ea = index($0, "A entries") + 8; eb = index($0, "B entries") + 8; ed = index($0, "B - A") + 4
		nc = index($0, "STG Name"); r = 1; next }
	r && length($0) > nc {
		a = substr($0, 1, ea); b = substr($0, ea + 1, eb - ea); c = substr($0, eb + 1, ed - eb); n = substr($0, nc)
		gsub(/^ +| +$/, "", a); gsub(/^ +| +$/, "", b); gsub(/^ +| +$/, "", c); sub(/ +$/, "", n)
		k = ""; d = 0
		for (i = 1; i <= length(n); i++) {
			ch = substr(n, i, 1)
			if (ch == "{") d++; else if (ch == "}" && d) d--; else if (!d) k = k ch
		}
		if (match(k, /\) in [^ ]+$/)) k = substr(k, 1, RSTART)
		print k " #" (++seen[k]) "|" a "|" b "|" c; next }
	r { exit }' | sort
}
eq_file() {
	if [ -s "$2" ] && cmp -s "$2" "$3"; then pass; else fail "$1" "$(diff "$3" "$2" | head -12)"; fi
}

want >"$E2E_T/want"
[ "$(grep -c 'only in' "$E2E_T/want")" -ge 2 ] && pass || fail fixture-only "no counter in one run only: $(cat "$E2E_T/want")"
grep -q '^\$wcollatz (Main) (fun) #1|[0-9]' "$E2E_T/want" && pass || fail fixture-match "no matched counter"
start 140 50 -- "$A" "$B"
check ready 'events: '
keys I
check title '^ticky: [0-9]+ counters of run A \([0-9]+ in run B\)'
got >"$E2E_T/got"
eq_file rows "$E2E_T/got" "$E2E_T/want"
keys Tab
check_status tab '^ B: '
check title-b '^ticky: [0-9]+ counters of run B \([0-9]+ in run A\)'
got >"$E2E_T/got2"
eq_file rows-after-tab "$E2E_T/got2" "$E2E_T/want"
# one run without counters: the other's alone, all "only in"
start 140 50 -- "$M/ghc96-ticky-r.eventlog" "$B"
check none-ready 'events: '
keys I
check none-title '^ticky: 0 counters of run A \([0-9]+ in run B\)'
capture
n=$(grep -c 'only in B' "$E2E_SCREEN")
[ "$n" -gt 5 ] && pass || fail none-rows "only $n rows only in B"

# ---- long names fitted (issue 33) ----
# The same two logs with $wsize and $winsert renamed by long-names.txt to
# two names that differ only at their end (tests/fixtures/derived): the
# names expected are GHC's reports' (each run's .ticky) renamed by that
# file, never hectic's. At 160 columns every name whole; at 80 each a cut
# of one of them, no two rows alike, the pair read apart.
NAMES=tests/fixtures/derived/long-names.txt
for g in ghc96 ghc910; do
	awk 'NR == FNR { if ($1 == "ticky") new[$2] = $3; next }
		/STG Name/ { n = index($0, "STG Name"); next }
		n && /^-+$/ { on = 1; next }
		on && $0 == "" { exit }
		on { nm = substr($0, n); print (nm in new) ? new[nm] : nm }' FS='\t' "$NAMES" FS=' ' "$M/$g-ticky.ticky"
done | sort -u >"$E2E_T/long.names"
awk -F '\t' '$1 == "ticky" { print $3 }' "$NAMES" | sort -u >"$E2E_T/long.pair"
# names: the pane's names as shown, an ellipsis "~"
names() {
	capture
	plain | awk '/^ *A entries +B entries +B - A +(Arg(ument)?s +)?STG Name/ { nc = index($0, "STG Name"); next }
		nc && /^ *[0-9]* +[0-9]* +([-+][0-9]+|only in [AB])  / { n = substr($0, nc); sub(/ +$/, "", n); print n; next }
		nc { exit }'
}
start 160 50 -- tests/fixtures/derived/ghc96-ticky-long.eventlog tests/fixtures/derived/ghc910-ticky-long.eventlog
check long-ready 'events: '
keys I
check long-title '^ticky: [0-9]+ counters of run A'
names >"$E2E_T/got"
bad=$(awk 'NR == FNR { ok[$0] = 1; next } !($0 in ok) { printf "%s; ", $0 }' "$E2E_T/long.names" "$E2E_T/got")
[ -s "$E2E_T/got" ] && [ -z "$bad" ] && pass || fail long-160-whole "not a report's name whole: $bad"
[ "$(grep -cxF -f "$E2E_T/long.pair" "$E2E_T/got")" -eq 2 ] && pass || fail long-160-pair "$(cat "$E2E_T/got")"
start 80 24 "$E2E_ROWS1" -- tests/fixtures/derived/ghc96-ticky-long.eventlog \
	tests/fixtures/derived/ghc910-ticky-long.eventlog
check long-80-ready 'events: '
keys I
check long-80-title '^ticky: [0-9]+ counters of run A'
names >"$E2E_T/got"
bad=$(awk -F '\t' -v mode=flat -f tests/e2e/fitted.awk "$E2E_T/long.names" "$E2E_T/got")
[ -s "$E2E_T/got" ] && [ -z "$bad" ] && pass || fail long-80-fitted "$bad"
bad=$(awk -F '\t' -v mode=each -f tests/e2e/fitted.awk "$E2E_T/long.pair" "$E2E_T/got")
[ -z "$bad" ] && pass || fail long-80-pair "$bad"
[ "$(grep -c '^~' "$E2E_T/got")" -eq 2 ] && pass || fail long-80-pair-cut "want the pair shortened: $(cat "$E2E_T/got")"

reap
echo "e2e-compare-ticky: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
