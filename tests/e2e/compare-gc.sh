#!/bin/sh
# End-to-end tests of the GC panes with two runs (hectic A B, issue 21):
# the pause histogram pane (D) and the pause list (p) in compare mode, on
# the real pairs of tests/fixtures/diff (the same program at -A1m and
# -A16m, GHC 9.0.2 and 9.6.6, and -A1m against its -l-au run, which has no
# GC events). Over the whole run, the figures on screen (each generation's
# count, p50, p90, p99 and max of A and B, B - A and B / A) must equal
# `hectic diff --tsv --all A B`'s pauses rows and, independently, each
# run's `hectic gcs --tsv` recomputed here (nearest rank, as tests/diff.sh
# does); the histogram's buckets must equal the collections of each run's
# gcs --tsv bucketed here (1, 2, 5 a decade). The runs swapped (Tab): the
# same figures, and a bucket's list names each collection's run right.
# Choosing a collection of the other run shows that run. A run without GC
# events is said absent on its side. The real binary in a detached tmux
# session, driven by keys.
# Usage: tests/e2e/compare-gc.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/compare-gc.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux awk sed grep sort; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-compare-gc: $t not found (tools/deps.sh names its package)"
		echo "e2e-compare-gc: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh
# the pane counts on the rows that one-row lanes leave
rows1_default
H=$E2E_HECTIC
D=tests/fixtures/diff
TAB=$(printf '\t')

same() { # same NAME WANT-FILE GOT-FILE: the files equal, and not empty
	if [ -s "$2" ] && cmp -s "$2" "$3"; then pass; else
		fail "$1" "want / got: $(diff "$2" "$3" | head -12 | tr '\n' '|')"
	fi
}
eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}

# The time as the panes write it (model/timefmt.c time_format: 4
# significant digits in the largest unit it reaches, judged after rounding).
TF='function tf(ns,   dv, un, i, v, dec, sc, r) {
	split("1000000000 1000000 1000", dv, " "); split("s ms us", un, " ")
	for (i = 1; i <= 3; i++) {
		if (ns < dv[i] + 0) continue
		v = ns / dv[i]; dec = 3
		while (dec > 0) {
			sc = dec == 3 ? 1000 : dec == 2 ? 100 : 10
			r = int(v * sc + 0.5) / sc
			if (r < (dec == 3 ? 10 : dec == 2 ? 100 : 1000)) break
			dec--
		}
		if (dec == 0 && i > 1 && int(v + 0.5) >= 1000) return sprintf("%.3f%s", ns / dv[i - 1], un[i - 1])
		return sprintf("%." dec "f%s", v, un[i])
	}
	return sprintf("%.0fns", ns)
}'

# gcs FILE [LO HI]: the run's collections (gcs --tsv, header dropped),
# those starting in [LO, HI) of its own clock when given
gcs() {
	"$H" gcs --tsv "$1" 2>/dev/null | awk -F'\t' -v lo="${2:-0}" -v hi="${3:-9e18}" \
		'NR > 1 && $1 + 0 >= lo + 0 && $1 + 0 < hi + 0'
}
# the windows of A and B on their clocks (the whole runs unless set)
LOA=0 HIA=9e18 LOB=0 HIB=9e18
# absent FILE: the log has no GC events
absent() { "$H" gcs --tsv "$1" 2>&1 >/dev/null | grep -q 'no GC events in this log'; }

# pct FILE GEN LO HI: "count p50 p90 p99 max" of the pauses of generation
# GEN in the window, nearest rank (tests/diff.sh's), "0" when none
pct() {
	gcs "$1" "$3" "$4" | awk -F'\t' -v g="$2" '$6 != "" && $6 + 0 == g + 0 { print $3 }' | sort -n |
		awk '{ v[NR] = $1 }
		function nr(p,   k) { k = int(p * NR / 100); if (k * 100 < p * NR) k++; if (k < 1) k = 1; return v[k] }
		END { if (NR) print NR, nr(50), nr(90), nr(99), v[NR]; else print 0 }'
}

# The figures table as the pane should show it, "gen what A B B-A B/A" a
# row, from per-generation "count p50 p90 p99 max" of each run (a
# missing value empty; a run without GC events "absent"). Input lines:
# "gen a|b count p50 p90 p99 max" or "gen a|b absent".
expect_figures() {
	awk "$TF"'
	{ g = $1; s = $2; gens[g] = 1
	  if ($3 == "absent") { ab[s] = 1; next }
	  for (k = 0; k < 5; k++) v[g, s, k] = (k == 0 || $3 + 0 > 0) ? $(3 + k) : "" }
	END {
		split("count p50 p90 p99 max", what, " ")
		for (g = 0; g in gens; g++) for (k = 0; k < 5; k++) {
			a = v[g, "a", k]; b = v[g, "b", k]
			ca = ab["a"] ? (k ? "-" : "absent") : a == "" ? "-" : k ? tf(a) : a
			cb = ab["b"] ? (k ? "-" : "absent") : b == "" ? "-" : k ? tf(b) : b
			d = "-"; q = "-"
			if (!ab["a"] && !ab["b"] && a != "" && b != "") {
				if (k == 0) d = sprintf("%+.0f", b - a)
				else d = (b >= a ? "+" : "-") tf(b >= a ? b - a : a - b)
				if (a + 0 != 0) q = sprintf("%.2fx", b / a)
			}
			print g, what[k + 1], ca, cb, d, q
		}
	}'
}

# want_from_diff A B: the expected table from diff --tsv --all's pauses rows
want_from_diff() {
	"$H" diff --tsv --all ${DIFF_OPTS:-} "$1" "$2" >"$E2E_T/d"
	awk -F'\t' '$1 == "pauses" && $2 ~ /^gen[0-9]+_/ {
		split($2, p, "_"); g = substr(p[1], 4); k = p[2]
		gens[g] = 1; a[g, k] = $3; b[g, k] = $4 }
	END { for (g = 0; g in gens; g++) for (s = 1; s <= 2; s++) {
		if (s == 1 && a[g, "count"] == "") { print g, "a", "absent"; continue }
		if (s == 2 && b[g, "count"] == "") { print g, "b", "absent"; continue }
		line = g " " (s == 1 ? "a" : "b")
		split("count p50 p90 p99 max", w, " ")
		for (k = 1; k <= 5; k++) { x = s == 1 ? a[g, w[k]] : b[g, w[k]]; line = line " " (x == "" ? 0 : x) }
		print line } }' "$E2E_T/d" | expect_figures
}

# want_from_gcs A B: the same table from each run's gcs --tsv, recomputed
want_from_gcs() {
	ga=$( { gcs "$1" $LOA $HIA; gcs "$2" $LOB $HIB; } | awk -F'\t' '$6 != "" && $6 + 0 > m { m = $6 + 0 } END { print m + 0 }')
	g=0
	while [ "$g" -le "$ga" ]; do
		for s in a b; do
			f=$1 wlo=$LOA whi=$HIA
			[ "$s" = b ] && f=$2 wlo=$LOB whi=$HIB
			if absent "$f"; then echo "$g $s absent"; else
				p=$(pct "$f" "$g" "$wlo" "$whi")
				case $p in 0) echo "$g $s 0 0 0 0 0" ;; *) echo "$g $s $p" ;; esac
			fi
		done
		g=$((g + 1))
	done | expect_figures
}

# the figures on screen: "gen what A B B-A B/A" a row (the B-A column only
# where the pane is wide: with NARROW=1, "-" in its place)
shown_figures() {
	capture
	awk -v narrow="${NARROW:-0}" '
	/^ +gen [0-9]/ && !hdr { hdr = 1; n = 0
		for (i = 1; i <= NF; i++) if ($i == "gen") gen[++n] = $(i + 1)
		next }
	hdr && $1 ~ /^(count|p50|p90|p99|max)$/ {
		per = (NF - 1) / n
		for (k = 1; k <= n; k++) {
			o = 1 + (k - 1) * per
			if (per == 4) print gen[k], $1, $(o + 1), $(o + 2), $(o + 3), $(o + 4)
			else print gen[k], $1, $(o + 1), $(o + 2), "-", $(o + 3)
		}
		rows++
		if (rows == 5) exit }' "$E2E_SCREEN" | sort -k1,1n -s
}
sorted() { sort -k1,1n -s; }

# The histogram's buckets: per bucket from the first to the last that
# either run has, "nA nB" for each generation either has (a run without GC
# events: its counts left out)
reference_buckets() { # A B
	{ gcs "$1" $LOA $HIA | sed 's/^/a\t/'; gcs "$2" $LOB $HIB | sed 's/^/b\t/'; } | awk -F'\t' \
		-v ab="$(absent "$1" && echo a)$(absent "$2" && echo b)" '
	function bucket(p,   b, lo, k) {
		if (p < 1) return 0
		b = 0; lo = 1; k = 0
		while (p >= lo) { b++; k = (k + 1) % 3; lo = lo * (k == 1 ? 2 : k == 2 ? 2.5 : 2) }
		return b
	}
	{
		b = bucket($4 + 0); g = $7 == "" ? "other" : $7 + 0
		if (g != "other" && g > 3) g = "other"
		n[$1, b, g]++; gens[g] = 1
		if (lo == "" || b < lo) lo = b
		if (hi == "" || b > hi) hi = b
	}
	END {
		for (b = lo; b <= hi; b++) {
			line = ""
			for (g = 0; g <= 4; g++) {
				gg = g == 4 ? "other" : g
				if (!(gg in gens)) continue
				if (index(ab, "a") == 0) line = line " " (n["a", b, gg] + 0)
				if (index(ab, "b") == 0) line = line " " (n["b", b, gg] + 0)
			}
			print substr(line, 2)
		}
	}'
}
shown_buckets() {
	capture
	# (LC_ALL=C: bytes under any awk; the labels are ASCII)
	LC_ALL=C awk 'f && /^[<>0-9]/ { s = substr($0, 19); out = ""
		while (match(s, /[0-9]+/)) { out = out " " substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH) }
		print substr(out, 2); next }
	f { exit }
	/^pause +A gen / { f = 1 }' "$E2E_SCREEN"
}

# bucket_rows A B BUCKET: its collections of both runs, in time order (A
# first at a tie), "run pause gen at" a row
bucket_rows() {
	{ gcs "$1" | sed 's/^/A\t/'; gcs "$2" | sed 's/^/B\t/'; } | awk -F'\t' -v want="$3" "$TF"'
	function bucket(p,   b, lo, k) {
		if (p < 1) return 0
		b = 0; lo = 1; k = 0
		while (p >= lo) { b++; k = (k + 1) % 3; lo = lo * (k == 1 ? 2 : k == 2 ? 2.5 : 2) }
		return b
	}
	bucket($4 + 0) == want { print $2 "\t" $1 "\t" tf($4) "\t" ($7 == "" ? "-" : $7) }' |
		sort -t"$TAB" -k1,1n -k2,2 | while IFS="$TAB" read -r st run p g; do
		echo "$run $p $g $(fmt_at "$st" "$st" 1000)"
	done
}
shown_list() { # the bucket list's rows: "run pause gen at"
	capture
	awk 'f && $1 ~ /^[0-9]+$/ && $2 ~ /^[AB]$/ { print $2, $4, $5, $3; next }
	/^ +# run +at +pause/ { f = 1 }' "$E2E_SCREEN"
}

# ---- the pairs: the figures, the buckets, the swap, a bucket's list ----
for v in ghc90 ghc96; do
	A=$D/$v-alloc-A1m.eventlog B=$D/$v-alloc-A16m.eventlog
	want_from_diff "$A" "$B" | sorted >"$E2E_T/want-diff"
	want_from_gcs "$A" "$B" | sorted >"$E2E_T/want-gcs"
	# the two oracles agree (else the test itself is wrong)
	same "$v-oracles-agree" "$E2E_T/want-diff" "$E2E_T/want-gcs"
	reference_buckets "$A" "$B" >"$E2E_T/want-buckets"
	na=$(gcs "$A" | wc -l | tr -d ' ') nb=$(gcs "$B" | wc -l | tr -d ' ')

	start 160 45 -- "$A" "$B"
	check "$v-ready" 'events: '
	keys D
	check "$v-title" "^GC pauses: A $na, B $nb in the window \\("
	shown_figures >"$E2E_T/got"
	same "$v-figures-diff" "$E2E_T/want-diff" "$E2E_T/got"
	same "$v-figures-gcs" "$E2E_T/want-gcs" "$E2E_T/got"
	shown_buckets >"$E2E_T/got-buckets"
	same "$v-buckets" "$E2E_T/want-buckets" "$E2E_T/got-buckets"

	# the runs swapped: the event list shows B, the pane the same figures
	keys Tab
	check_status "$v-swapped" '^ B: '
	check "$v-swapped-title" "^GC pauses: A $na, B $nb in the window \\("
	shown_figures >"$E2E_T/got"
	same "$v-swapped-figures" "$E2E_T/want-diff" "$E2E_T/got"
	shown_buckets >"$E2E_T/got-buckets"
	same "$v-swapped-buckets" "$E2E_T/want-buckets" "$E2E_T/got-buckets"

	# a bucket that both runs have, listed (still swapped: A is the other)
	row=$(awk '{ a = 0; b = 0; for (i = 1; i <= NF; i += 2) { a += $i; b += $(i + 1) } }
		a && b && a + b <= 20 { print NR - 1; exit }' "$E2E_T/want-buckets")
	lo=$(gcs "$A" | awk -F'\t' 'function bucket(p,   b, lo, k) { if (p < 1) return 0
		b = 0; lo = 1; k = 0; while (p >= lo) { b++; k = (k + 1) % 3; lo = lo * (k == 1 ? 2 : k == 2 ? 2.5 : 2) }
		return b } { b = bucket($3 + 0); if (m == "" || b < m) m = b } END { print m }')
	lob=$(gcs "$B" | awk -F'\t' 'function bucket(p,   b, lo, k) { if (p < 1) return 0
		b = 0; lo = 1; k = 0; while (p >= lo) { b++; k = (k + 1) % 3; lo = lo * (k == 1 ? 2 : k == 2 ? 2.5 : 2) }
		return b } { b = bucket($3 + 0); if (m == "" || b < m) m = b } END { print m }')
	[ "$lob" -lt "$lo" ] && lo=$lob
	if [ -z "$row" ]; then fail "$v-bucket-choice" "no bucket with both runs' collections"; else
		i=0
		while [ "$i" -lt "$row" ]; do keys Down; i=$((i + 1)); done
		keys Enter
		bucket_rows "$A" "$B" $((lo + row)) >"$E2E_T/want-list"
		cnt=$(wc -l <"$E2E_T/want-list" | tr -d " ")
		check "$v-list-title" "^GC pauses of .*, A and B: $cnt \\("
		shown_list >"$E2E_T/got-list"
		same "$v-list" "$E2E_T/want-list" "$E2E_T/got-list"
		# an A collection (of the other run now): the runs swap back to A
		kk=$(awk '$1 == "A" { print NR; exit }' "$E2E_T/want-list")
		p=$(sed -n "${kk}p" "$E2E_T/want-list" | cut -d' ' -f2)
		i=1
		while [ "$i" -lt "$kk" ]; do keys Down; i=$((i + 1)); done
		keys Enter
		check_status "$v-go-other" "^ A: .*  A: GC at [0-9.]+[mun]?s: pause $p,"
		keys Escape D
		check_gone "$v-closed" '^GC pauses'
	fi
	keys q
	check_exit "$v-quit" 0
done

# ---- --align: the other run's window mapped onto the shown run's clock.
# A window of the run zoomed into, after both runs' "built" markers: B's
# part of it is B's collections starting in [t0 - shift, t1 - shift) of
# its clock, shift = A's marker - B's, and diff --align --from --to (from
# each run's marker) gives the same windows. ----
A=$D/ghc96-alloc-A1m.eventlog B=$D/ghc96-alloc-A16m.eventlog RE='^built$'
ta=$("$H" markers --tsv --grep "$RE" "$A" | awk -F'\t' 'NR == 2 { print $1 }')
tb=$("$H" markers --tsv --grep "$RE" "$B" | awk -F'\t' 'NR == 2 { print $1 }')
shift_ns=$((ta - tb))
start 160 45 -- --align "$RE" "$A" "$B"
check align-ready 'events: '
keys :
text 60ms
keys Enter + +
check_status align-moved 'cursor 60'
keys D
check align-pane '^GC pauses: A [0-9]+, B [0-9]+ in the window'
set -- $(window)
t0=${1:-0} t1=${2:-0}
if [ "$t0" -ge "$ta" ] && [ "$t1" -gt "$t0" ] && [ "$((t0 - shift_ns))" -gt 0 ]; then pass; else
	fail align-window "window $t0..$t1 not after the markers ($ta, $tb)"
fi
LOA=$t0 HIA=$t1 LOB=$((t0 - shift_ns)) HIB=$((t1 - shift_ns))
DIFF_OPTS="--align $RE --from $((t0 - ta)) --to $((t1 - 1 - ta))"
want_from_gcs "$A" "$B" | sorted >"$E2E_T/want-gcs"
# diff writes every generation of the runs: those with no collection in
# the window in either run are not columns of the pane
want_from_diff "$A" "$B" | sorted | awk '$2 == "count" && $3 == 0 && $4 == 0 { skip[$1] = 1 }
	{ l[NR] = $0; g[NR] = $1 } END { for (i = 1; i <= NR; i++) if (!(g[i] in skip)) print l[i] }' \
	>"$E2E_T/want-diff"
same align-oracles-agree "$E2E_T/want-diff" "$E2E_T/want-gcs"
reference_buckets "$A" "$B" >"$E2E_T/want-buckets"
na=$(gcs "$A" $LOA $HIA | wc -l | tr -d ' ') nb=$(gcs "$B" $LOB $HIB | wc -l | tr -d ' ')
[ "$na" -gt 0 ] && [ "$nb" -gt 0 ] && pass || fail align-some "the window has $na and $nb collections"
check align-title "^GC pauses: A $na, B $nb in the window \\("
shown_figures >"$E2E_T/got"
same align-figures "$E2E_T/want-gcs" "$E2E_T/got"
shown_buckets >"$E2E_T/got-buckets"
same align-buckets "$E2E_T/want-buckets" "$E2E_T/got-buckets"
# swapped: the same window from B's clock, the same figures
keys Tab
check_status align-swapped '^ B: '
check align-swapped-title "^GC pauses: A $na, B $nb in the window \\("
shown_figures >"$E2E_T/got"
same align-swapped-figures "$E2E_T/want-gcs" "$E2E_T/got"
keys q
check_exit align-quit 0
LOA=0 HIA=9e18 LOB=0 HIB=9e18 DIFF_OPTS=

# ---- 80x24: the figures alone, the pane-mode key gives the histogram ----
A=$D/ghc96-alloc-A1m.eventlog B=$D/ghc96-alloc-A16m.eventlog
want_from_diff "$A" "$B" | sorted >"$E2E_T/want-diff"
reference_buckets "$A" "$B" >"$E2E_T/want-buckets"
start 80 24 -- "$A" "$B"
check small-ready 'events: '
keys D
check small-title '^GC pauses: A [0-9]+, B [0-9]+ in the window \(M: the histogram\)'
NARROW=1 shown_figures >"$E2E_T/got"
# narrow: no B - A column
awk '{ $5 = "-"; print }' "$E2E_T/want-diff" >"$E2E_T/want-narrow"
same small-figures "$E2E_T/want-narrow" "$E2E_T/got"
check_not small-no-histogram '^pause +A gen'
keys M
check small-histogram '^pause +A gen 0 +B gen 0'
check_not small-no-figures '^count '
shown_buckets >"$E2E_T/got-buckets"
rows=$(wc -l <"$E2E_T/got-buckets" | tr -d ' ')
head -n "$rows" "$E2E_T/want-buckets" >"$E2E_T/want-head"
same small-buckets "$E2E_T/want-head" "$E2E_T/got-buckets"
keys M
check small-figures-again '^count '
# Enter with the figures alone: to the histogram
keys Enter
check small-enter-histogram '^pause +A gen 0'
keys q
check_exit small-quit 0

# ---- the pause list: both runs' pauses, longest first, with their run ----
for v in ghc90 ghc96; do
	A=$D/$v-alloc-A1m.eventlog B=$D/$v-alloc-A16m.eventlog
	for s in A B; do
		f=$A
		[ "$s" = B ] && f=$B
		set -- $(gcs "$f" | awk -F'\t' '{ print $3 }' | sort -n | awk '{ v[NR] = $1 }
			function nr(p,   k) { k = int(p * NR / 100); if (k * 100 < p * NR) k++; if (k < 1) k = 1; return v[k] }
			END { print NR, nr(50), nr(90), nr(99), v[NR] }')
		echo "$s: $1 collections; p50 $(awk "$TF"' BEGIN { print tf('"$2"') }') p90 $(awk "$TF"' BEGIN { print tf('"$3"') }') p99 $(awk "$TF"' BEGIN { print tf('"$4"') }') max $(awk "$TF"' BEGIN { print tf('"$5"') }')"
	done >"$E2E_T/want-lines"
	{ gcs "$A" | sed 's/^/A\t/'; gcs "$B" | sed 's/^/B\t/'; } |
		sort -t"$TAB" -k4,4nr -k1,1 | awk -F'\t' "$TF"'{ print $1, tf($4) }' >"$E2E_T/want-pl"
	start 160 45 -- "$A" "$B"
	check "$v-pl-ready" 'events: '
	keys p
	check "$v-pl-title" 'GC pauses of A and B, longest first'
	grep -Eo '[AB]: [0-9]+ collections; p50 [^ ]+ p90 [^ ]+ p99 [^ ]+ max [0-9.]+[mun]?s' "$E2E_SCREEN" >"$E2E_T/got-lines"
	same "$v-pl-runs" "$E2E_T/want-lines" "$E2E_T/got-lines"
	grep -Eo ' [0-9]+ +[AB] +[0-9.]+[mun]?s +[0-9.]+[mun]?s' "$E2E_SCREEN" | awk '{ print $2, $4 }' >"$E2E_T/got-pl"
	rows=$(wc -l <"$E2E_T/got-pl" | tr -d ' ')
	[ "$rows" -ge 20 ] && pass || fail "$v-pl-rows" "only $rows rows shown"
	head -n "$rows" "$E2E_T/want-pl" >"$E2E_T/want-head"
	same "$v-pl-order" "$E2E_T/want-head" "$E2E_T/got-pl"
	# the first of B's: Enter shows run B, at it
	kk=$(awk '$1 == "B" { print NR; exit }' "$E2E_T/want-pl")
	p=$(sed -n "${kk}p" "$E2E_T/want-pl" | cut -d' ' -f2)
	i=1
	while [ "$i" -lt "$kk" ]; do keys Down; i=$((i + 1)); done
	keys Enter
	check_status "$v-pl-go-b" "^ B: .*  B: GC at [0-9.]+[mun]?s: pause $p,"
	check_gone "$v-pl-closed" 'GC pauses of A and B'
	# and the first of A's from there: back to A
	keys p
	check "$v-pl-again" 'GC pauses of A and B, longest first'
	kk=$(awk '$1 == "A" { print NR; exit }' "$E2E_T/want-pl")
	p=$(sed -n "${kk}p" "$E2E_T/want-pl" | cut -d' ' -f2)
	i=1
	while [ "$i" -lt "$kk" ]; do keys Down; i=$((i + 1)); done
	keys Enter
	check_status "$v-pl-go-a" "^ A: .*  A: GC at [0-9.]+[mun]?s: pause $p,"
	keys q
	check_exit "$v-pl-quit" 0
done

# ---- a run without GC events (-l-au): absent on its side ----
for v in ghc90 ghc96; do
	for order in au-second au-first; do
		A=$D/$v-alloc-A1m.eventlog B=$D/$v-alloc-A1m-au.eventlog side=B
		[ "$order" = au-first ] && A=$D/$v-alloc-A1m-au.eventlog B=$D/$v-alloc-A1m.eventlog side=A
		name=$v-$order
		want_from_diff "$A" "$B" | sorted >"$E2E_T/want-diff"
		want_from_gcs "$A" "$B" | sorted >"$E2E_T/want-gcs"
		same "$name-oracles-agree" "$E2E_T/want-diff" "$E2E_T/want-gcs"
		reference_buckets "$A" "$B" >"$E2E_T/want-buckets"
		start 160 45 -- "$A" "$B"
		check "$name-ready" 'events: '
		keys D
		if [ $side = B ]; then
			check "$name-title" '^GC pauses: A [0-9]+, B absent in the window'
		else
			check "$name-title" '^GC pauses: A absent, B [0-9]+ in the window'
		fi
		check "$name-why" "^$side: no GC events in this log \\(\\+RTS -l without g, as -l-au\\): its collections and pauses are not known"
		shown_figures >"$E2E_T/got"
		same "$name-figures" "$E2E_T/want-diff" "$E2E_T/got"
		shown_buckets >"$E2E_T/got-buckets"
		same "$name-buckets" "$E2E_T/want-buckets" "$E2E_T/got-buckets"
		keys q
		check_exit "$name-quit" 0
		# the pause list: the run's line says why, the list has the other's
		start 160 45 -- "$A" "$B"
		check "$name-pl-ready" 'events: '
		keys p
		check "$name-pl-why" "$side: no GC events in this log \\(\\+RTS -l without g, as -l-au\\)"
		check "$name-pl-rows" " 1 +$([ $side = A ] && echo B || echo A) +[0-9.]+[mun]?s"
		keys Escape q
		check_exit "$name-pl-quit" 0
	done
done

echo "e2e-compare-gc: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
