#!/bin/sh
# End-to-end tests of the GC pause histogram pane (D): its buckets' ranges
# and counts per generation against the collections of `hectic gcs --tsv`, bucketed
# here independently (1, 2, 5 a decade of nanoseconds), a bucket's list
# and going to a collection from it. The real binary in a detached tmux
# session, driven by keys.
# Usage: tests/e2e/gc_histogram.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/gc_histogram.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux awk sed grep; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-gc-histogram: $t not found (tools/deps.sh names its package)"
		echo "e2e-gc-histogram: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}

# the reference: per bucket from the first to the last that has any, its
# range and the count of each generation that has any collection,
# "LO - HI|n0 n1 ..." (the bounds as the pane writes times: ns below 1 us,
# else 4 significant digits of us, ms or s; "< 1ns" below the first)
reference() { # FILE
	"$E2E_HECTIC" gcs --tsv "$1" | awk -F '\t' '
	function lo_of(b,   k, v) { # bucket b >= 1: 1, 2, 5, 10, 20, 50 ... ns
		v = (b - 1) % 3 == 0 ? 1 : (b - 1) % 3 == 1 ? 2 : 5
		for (k = 0; k < int((b - 1) / 3); k++) v *= 10
		return v
	}
	function tm(ns,   d, u, v) {
		if (ns < 1000) return ns "ns"
		d = 1000; u = "us"
		if (ns >= 1000000) { d = 1000000; u = "ms" }
		if (ns >= 1000000000) { d = 1000000000; u = "s" }
		v = ns / d
		return sprintf(v < 10 ? "%.3f" : v < 100 ? "%.2f" : "%.1f", v) u
	}
	function label(b) {
		return b == 0 ? "< 1ns" : b == 31 ? ">= " tm(lo_of(b)) : tm(lo_of(b)) " - " tm(lo_of(b + 1))
	}
	function bucket(p,   b, lo, k) {
		if (p < 1) return 0
		b = 0; lo = 1; k = 0
		while (p >= lo) { b++; k = (k + 1) % 3; lo = lo * (k == 1 ? 2 : k == 2 ? 2.5 : 2) }
		return b > 31 ? 31 : b
	}
	NR == 1 { next }
	{
		b = bucket($3 + 0); g = $6 == "" ? "other" : $6 + 0
		if (g != "other" && g > 3) g = "other"
		n[b, g]++; gens[g] = 1
		if (lo == "" || b < lo) lo = b
		if (hi == "" || b > hi) hi = b
	}
	END {
		for (b = lo; b <= hi; b++) {
			line = ""
			for (g = 0; g <= 3; g++) if (g in gens) line = line " " (n[b, g] + 0)
			if ("other" in gens) line = line " " (n[b, "other"] + 0)
			print label(b) "|" substr(line, 2)
		}
	}'
}

# the pane's bucket rows: the 20-column label, "|", the counts right of it
shown() {
	capture
	# (LC_ALL=C: bytes, as mawk counts them; the labels are ASCII)
	LC_ALL=C awk 'f && /^[<>0-9]/ { s = substr($0, 21); out = ""; lab = substr($0, 1, 20); sub(/ +$/, "", lab)
		while (match(s, /[0-9]+/)) { out = out " " substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH) }
		print lab "|" substr(out, 2) }
	/^pause +count / { f = 1 }' "$E2E_SCREEN"
}

# the bars: each generation's on a scale of its own, its largest count as
# long as the column allows (the same length in every column), a count n
# of a column whose largest is m round(n / m * that) cells, at least one
# (on one scale for all, ghc910-threaded's gen 1, four collections beside
# gen 0's eight, drew one cell a bar). With two runs, each run's bars of a
# generation (B's shaded) the same. Prints what is wrong, nothing else.
bars() {
	capture
	# (LC_ALL=C: bytes, the label's 20 ASCII ones and each bar cell's three,
	# under any awk)
	LC_ALL=C awk 'f && /^[<>0-9]/ { s = substr($0, labw + 1); k = 0
		while (match(s, /[0-9]+ [^0-9 ]*/)) {
			t = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
			n = t; sub(/ .*/, "", n); b = t; sub(/^[0-9]+ /, "", b)
			len = gsub(/\342\226\210/, "", b) + gsub(/\342\226\222/, "", b)
			r++; cnt[r, k] = n + 0; bar[r, k] = len; if (n + 0 > m[k]) { m[k] = n + 0; l[k] = len }
			k++
		}
		if (k > nk) nk = k }
	/^pause +count gen/ { f = 1; labw = 20 }
	/^pause +A gen/ { f = 1; labw = 18 }
	END {
		if (nk < 2) { print "fewer than two generation columns"; exit }
		for (k = 1; k < nk; k++) if (m[k] && l[k] != l[0]) print "column " k "'"'"'s longest bar " l[k] " cells, column 0'"'"'s " l[0]
		for (i = 1; i <= r; i++) for (k = 0; k < nk; k++) if ((i, k) in cnt) {
			n = cnt[i, k]; want = n ? int(n / m[k] * l[k] + 0.5) : 0
			if (n && want < 1) want = 1
			if (bar[i, k] != want) print "count " n " of column " k ": " bar[i, k] " cells, want " want
		}
	}' "$E2E_SCREEN"
}

for f in threaded par-n4 nonmoving modern/ghc910-threaded; do
	F=tests/fixtures/$f.eventlog
	f=$(basename "$f")
	reference "$F" >"$E2E_T/want"
	[ -s "$E2E_T/want" ] && pass || fail "$f-reference" "no collection in $F"
	start 120 48 -- "$F"
	check "$f-ready" 'events: '
	keys D
	check "$f-title" '^GC pause histogram: [0-9]+ collections in the window'
	shown >"$E2E_T/got"
	if cmp -s "$E2E_T/got" "$E2E_T/want"; then pass; else
		fail "$f-buckets" "$(diff "$E2E_T/want" "$E2E_T/got" | head -20)"
	fi
	total=$(sed 's/.*|//' "$E2E_T/want" | awk '{ for (i = 1; i <= NF; i++) s += $i } END { print s }')
	check "$f-total" "^GC pause histogram: $total collections in the window"
	why=$(bars)
	[ -z "$why" ] && pass || fail "$f-bar-scales" "$why"
	# the first bucket's collections: as many as its counts
	first=$(head -1 "$E2E_T/want" | sed 's/.*|//' | awk '{ for (i = 1; i <= NF; i++) s += $i } END { print s }')
	keys Enter
	flab=$(head -1 "$E2E_T/want" | sed 's/|.*//; s/\./\\./g')
	check "$f-list" "^GC pauses of $flab: $first collections"
	keys Enter
	check "$f-go" 'GC at [0-9.]+[mun]?s: pause '
	keys Escape
	check "$f-back" '^GC pause histogram: '
	keys D
	check_gone "$f-closed" '^GC pause histogram: '
	keys q
	check_exit "$f-quit" 0
done

# 11 collections of 3 ns, 30 ns .. 30 s (tests/tools/spangen.c): the
# buckets from 2 ns - 5 ns to the last, 10 s and over, with their ranges
G=$(dirname "$E2E_HECTIC")/tests/spangen
if [ -x "$G" ] && "$G" gc 11 >"$E2E_T/gc.eventlog"; then
	reference "$E2E_T/gc.eventlog" >"$E2E_T/want"
	start 120 64 -- "$E2E_T/gc.eventlog"
	check long-ready 'events: '
	keys D
	check long-title '^GC pause histogram: 11 collections in the window'
	shown >"$E2E_T/got"
	if [ "$(wc -l <"$E2E_T/want")" -eq 30 ] && cmp -s "$E2E_T/got" "$E2E_T/want"; then pass; else
		fail long-buckets "$(diff "$E2E_T/want" "$E2E_T/got" | head -20)"
	fi
	keys q
	check_exit long-quit 0
else
	fail long-log "$G gc 11 failed (make unit-build builds it)"
fi

# two runs: B (-A16m) has 14 collections to A's 370; each run's bars of a
# generation on their own scale (B's drew a cell each)
D=tests/fixtures/diff
start 160 50 -- $D/ghc96-alloc-A1m.eventlog $D/ghc96-alloc-A16m.eventlog
check two-ready 'events: '
keys D
check two-title '^GC pauses: A 370, B 14 in the window'
check two-histogram '^pause +A gen 0 +B gen 0'
why=$(bars)
[ -z "$why" ] && pass || fail two-bar-scales "$why"
keys q
check_exit two-quit 0

# the hints follow the keymap: select rebound in the rc file
mkdir -p "$E2E_T/cfg/hectic"
printf 'bind <Enter> none\nbind o select\n' >"$E2E_T/cfg/hectic/hecticrc"
start 120 40 XDG_CONFIG_HOME="$E2E_T/cfg" -- tests/fixtures/threaded.eventlog
check rc-ready 'events: '
keys D
check rc-hint '\(o: list a bucket\)'
keys q
check_exit rc-quit 0

echo "e2e-gc-histogram: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
