#!/bin/sh
# End-to-end tests of the heap pane's compare mode (H with two logs, issue
# 21 part 2): the real binary in a detached tmux session on the profiled
# pairs of tests/fixtures/diff (psize-n against psize-2n, GHC 9.0.2 and
# 9.6.6), A's chart over B's on one scale, the legend's bands matched by
# name. Checked on the captured screen against GHC's own .hp files (each
# band's peak: the largest census value of that band in each run's .hp,
# named as tests/heap-hp.sh names them), `hectic diff --tsv --all` (an
# independent implementation of the same matching: the bands, only-in
# marks, the peaks, means and changes) and, computed here with awk from
# `hectic heap --tsv` (equal to the .hp, tests/heap-hp.sh), the order of
# the bands and every chart column's height. Then the other-run key (Tab)
# both ways, an unrelated pair (only-in bands of both), a pair where one
# run has no heap profile, one where neither has, and 80x24.
# Usage: tests/e2e/compare-heap.sh path/to/hectic. Exit 0 when every check
# passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/compare-heap.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
missing=0
for t in tmux:tmux stty:coreutils env:coreutils sleep:coreutils mktemp:coreutils cut:coreutils \
	wc:coreutils sort:coreutils tr:coreutils head:coreutils uniq:coreutils cmp:diffutils \
	awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e-compare-heap: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
if [ ! -r /proc/self/stat ]; then
	echo "e2e-compare-heap: /proc is not mounted (mount -t proc proc /proc)"
	missing=$((missing + 1))
fi
if [ "$missing" -gt 0 ]; then
	echo "e2e-compare-heap: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh
# the pane counts on the rows that one-row lanes leave
rows1_default

D=tests/fixtures/diff
READY='events: '
TITLE_RE='^heap (absolute|normalised), A and B: '
TAB=$(printf '\t')
R=$E2E_T/ref
mkdir -p "$R"

eq() {
	if [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}
eq_file() {
	if [ ! -s "$2" ] || [ ! -s "$3" ]; then
		fail "$1" "empty: got '$(cat "$2")', want '$(cat "$3")'"
	elif cmp -s "$2" "$3"; then
		pass
	else
		fail "$1" "got:
$(sed 's/^/      /' "$2")
    want:
$(sed 's/^/      /' "$3")"
	fi
}
ge() { # ge NAME A B: A >= B, integers
	if [ -n "$2" ] && [ -n "$3" ] && [ "$2" -ge "$3" ]; then pass; else fail "$1" "want $2 >= $3 ${4:-}"; fi
}

# fb(v): bytes as the pane writes them (3 significant digits);
# change(a, b): the legend's change column (a, b "" when the run has no
# band of that name)
FB='
function fb(v,   x, i, u) {
	if (v < 1000) return sprintf("%dB", v)
	split("kB MB GB TB PB EB", u, " ")
	x = v; i = 0
	while (i < 6 && x >= 999.5) { x /= 1000; i++ }
	return sprintf(x < 9.995 ? "%.2f%s" : x < 99.95 ? "%.1f%s" : "%.0f%s", x, u[i])
}
function change(a, b,   d, r, x) {
	if (b == "") return "only in A"
	if (a == "") return "only in B"
	d = b >= a ? b - a : a - b
	r = ""
	if (a > 0) { x = b / a; r = sprintf(x < 9.995 ? " x%.2f" : x < 99.95 ? " x%.1f" : " x%.0f", x) }
	return (b == a ? "" : b > a ? "+" : "-") fb(d) r
}'

# ---- the references ----

# hp_peaks HP: per band of GHC's .hp (told by its "(ccsID)"), its name
# there less the ID and its largest census value, when not 0
hp_peaks() {
	awk -F'\t' '/^BEGIN_SAMPLE/ { split("", v); next }
	/^END_SAMPLE/ { for (n in v) if (v[n] > m[n]) m[n] = v[n]; next }
	NF == 2 { v[$1] += $2 }
	END { for (n in m) if (m[n] > 0) { k = n; sub(/^\([0-9]+\)/, "", k); printf "%s\t%d\n", k, m[n] } }' "$1"
}
# hp_cut HP: "L cut" for the .hp's names (tests/heap-hp.sh): a -hc stack's
# name is cut at +RTS -L (25 by default) to L - 4 characters and "..."
hp_cut() {
	L=$(sed -n '1s/.* -L\([0-9][0-9]*\).*/\1/p' "$1")
	c=0
	grep -q '^JOB ".* -hc[ "]' "$1" && c=1
	echo "${L:-25} $c"
}
# diff_heap A B: "name<TAB>a<TAB>b<TAB>mean_a<TAB>mean_b<TAB>delta<TAB>ratio"
# per band of `hectic diff --tsv --all` (names as on screen; a missing
# figure empty)
diff_heap() {
	"$E2E_HECTIC" diff --tsv --all "$1" "$2" | awk -F'\t' '
	$1 == "heap" || $1 == "heap_mean" { k = $2; gsub(/\\\\/, "\\", k)
		if (!(k in seen)) { seen[k] = 1; o[++n] = k }
		if ($1 == "heap") { a[k] = $3; b[k] = $4; d[k] = $5; r[k] = $6 } else { ma[k] = $3; mb[k] = $4 } }
	END { for (i = 1; i <= n; i++) { k = o[i]; printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k, a[k], b[k], ma[k], mb[k], d[k], r[k] } }'
}
# run_end LOG: one past its last event (ns)
run_end() { "$E2E_HECTIC" summary --tsv "$1" | awk -F'\t' '$1 == "to" { printf "%.0f\n", $2 + 1 }'; }

# The awk side of the pane: two `hectic heap --tsv --escape` files (A's,
# then B's), each run's censuses: ct[r, c] times, tot[r, c] totals,
# val[r, c, name] a name's bytes (the names of a census summed), nm[] every
# name; t0 t1 w the window (both clocks the same: no --align), ea eb the
# runs' ends.
AWK_TWO="$FB"'
FNR == 1 { run++; next }
{
	b = $2
	gsub(/\\\\/, "\\", b) # the tsv escapes a backslash; the screen does not (into "\\", one: gawk makes "\\\\" two)
	if ($1 != lt[run]) { nc[run]++; ct[run, nc[run]] = $1; lt[run] = $1 }
	val[run, nc[run], b] += $3
	tot[run, nc[run]] += $3
	nm[b] = 1
}
# run r over the window, to its end: its first census counted (the one in
# effect at t0, else the first after it) and the window end to
function first(r,   c) {
	for (c = nc[r]; c > 0 && ct[r, c] > t0; c--) ;
	return c ? c : 1
}
function stop(r) { return (r == 1 ? ea : eb) < t1 ? (r == 1 ? ea : eb) : t1 }'

# order TSV_A TSV_B T0 T1 EA EB BY: the union of the two runs' band names
# as the pane ranks them: by the larger of A's and B's area (bytes x time
# held, to the run's end) or peak over the window, then the larger of the
# other figure, then by name (bytes)
order() {
	LC_ALL=C awk -F'\t' -v t0="$3" -v t1="$4" -v ea="$5" -v eb="$6" -v by="$7" "$AWK_TWO"'
	END {
		for (r = 1; r <= 2; r++) {
			to = stop(r)
			for (c = first(r); c <= nc[r] && ct[r, c] < to; c++) {
				a = ct[r, c] > t0 ? ct[r, c] : t0
				e = c < nc[r] && ct[r, c + 1] < to ? ct[r, c + 1] : to
				held = e > a ? e - a : 0
				for (n in nm) {
					v = val[r, c, n] + 0
					if (v > pk[n]) pk[n] = v
					ar[r, n] += held * v
				}
			}
		}
		for (n in nm) {
			A = ar[1, n] > ar[2, n] ? ar[1, n] : ar[2, n]
			if (pk[n] > 0)
				printf "%.17g\t%.17g\t%s\n", by == "area" ? A : pk[n], by == "area" ? pk[n] : A, n
		}
	}' "$1" "$2" | LC_ALL=C sort -t"$TAB" -k1,1gr -k2,2gr -k3,3 | cut -f3
}

# heights TSV_A TSV_B T0 T1 W EA EB ROWS: per column "r k height" of run r's
# chart (1 A, 2 B): the census the column shows (the largest of those in
# it, else the one in effect at its start; none from the run's end on),
# its total over the largest of both charts, in eighths of ROWS rows,
# rounded, at least 1
heights() {
	awk -F'\t' -v t0="$3" -v t1="$4" -v w="$5" -v ea="$6" -v eb="$7" -v rows="$8" "$AWK_TWO"'
	END {
		for (r = 1; r <= 2; r++) {
			to = r == 1 ? ea : eb
			for (c = 1; c <= nc[r] && ct[r, c] < t0; c++) ;
			prev = c - 1
			for (k = 0; k < w; k++) {
				s = t0 + int((t1 - t0) * k / w)
				b = k + 1 >= w ? t1 : t0 + int((t1 - t0) * (k + 1) / w)
				best = 0
				for (; c <= nc[r] && ct[r, c] < b; c++)
					if (!best || tot[r, c] > tot[r, best]) best = c
				cc[r, k] = s >= to ? 0 : best ? best : prev
				prev = c - 1
				if (cc[r, k] && tot[r, cc[r, k]] > max) max = tot[r, cc[r, k]]
			}
		}
		for (r = 1; r <= 2; r++)
			for (k = 0; k < w; k++) {
				h = 0
				if (cc[r, k] && tot[r, cc[r, k]] > 0) {
					e = tot[r, cc[r, k]] * (rows * 8 / max) + 0.5
					h = e >= rows * 8 ? rows * 8 : int(e)
					if (h < 1) h = 1
				}
				print r, k, h
			}
	}' "$1" "$2"
}
# screen_heights R TOP ROWS: "R k height" per column of the chart drawn in
# rows TOP .. TOP + ROWS - 1 (0-based) of an ASCII screen without colours:
# a letter is a full cell, a level glyph its eighths
screen_heights() {
	sed -n "$(($2 + 1)),$(($2 + $3))p" "$E2E_SCREEN" | awk -v r="$1" -v w="$W" '
	BEGIN { split(". : - = + * # @", g, " "); for (i = 1; i <= 8; i++) lv[g[i]] = i }
	{ for (k = 0; k < w; k++) { ch = substr($0, 9 + k, 1); h[k] += ch ~ /[a-zA-Z0-9~]/ ? 8 : (ch in lv) ? lv[ch] : 0 } }
	END { for (k = 0; k < w; k++) print r, k, h[k] + 0 }'
}

# ---- the screen ----

# legend rows (one entry a row) "letter<TAB>A<TAB>B<TAB>change<TAB>name", in order
legend() {
	awk -v c='[ 0-9.kMGTPEB-]' 'BEGIN { re = "^[> ]    [a-zA-Z0-9~] A " c c c c c c c "  B " }
	$0 ~ re {
		a = substr($0, 10, 7); b = substr($0, 21, 7); ch = substr($0, 30, 15); n = substr($0, 46)
		gsub(/^ +| +$/, "", a); gsub(/^ +| +$/, "", b); gsub(/ +$/, "", ch)
		printf "%s\t%s\t%s\t%s\t%s\n", substr($0, 6, 1), a, b, ch, n }' "$E2E_SCREEN"
}
legend_names() { legend | awk -F'\t' '$1 != "~" { print $5 }'; }
title_row() { grep -nE "$TITLE_RE" "$E2E_SCREEN" | head -1 | cut -d: -f1 | awk '{ print $1 - 1 }'; }
# the first row (0-based) at or after FROM that starts with RE, or empty
row_of() { awk -v f="$1" -v re="$2" 'NR - 1 >= f && $0 ~ re { print NR - 1; exit }' "$E2E_SCREEN"; }
get_window() {
	set -- $(window)
	T0=${1:-} T1=${2:-} W=${3:-}
}

# by_hp_name CUT: lines "name<TAB>peak" (peak "-": none) as "name in the
# .hp<TAB>peaks of that name, sorted" (the .hp cuts long names: distinct
# bands can share one there)
by_hp_name() {
	LC_ALL=C awk -F'\t' -v c="$1" '$2 != "-" { split(c, k, " "); n = $1
		if (k[2] && n != "MAIN" && length(n) >= k[1] + 1) n = substr(n, 1, k[1] - 4) "..."
		print n "\t" $2 }' | LC_ALL=C sort |
		awk -F'\t' '$1 != p { if (NR > 1) print l; l = $1 "\t" $2; p = $1; next } { l = l " " $2 } END { if (NR) print l }'
}

# legend_refs NAME HP_A HP_B DIFF: the legend (in its order) against the
# references: each run's peaks against its .hp (every band of the .hp, by
# its name there, on screen with its largest census value), and "name a b
# change" against hectic diff's (only in A, only in B)
legend_refs() {
	legend | awk -F'\t' '$1 != "~" { printf "%s\t%s\t%s\t%s\n", $5, $2, $3, $4 }' >"$R/got"
	for x in a b; do
		hp=$2
		[ "$x" = b ] && hp=$3
		if [ "$x" = a ]; then cut -f1,2 "$R/got"; else cut -f1,3 "$R/got"; fi | by_hp_name "$(hp_cut "$hp")" >"$R/got-$x"
		hp_peaks "$hp" | awk -F'\t' "$FB"'{ print $1 "\t" fb($2) }' | by_hp_name "0 0" >"$R/want-$x"
		eq_file "$1-peaks-hp-$x" "$R/got-$x" "$R/want-$x"
	done
	awk -F'\t' "$FB"'
	FILENAME ~ /diff$/ { a[$1] = $2; b[$1] = $3; next }
	{ printf "%s\t%s\t%s\t%s\n", $1, a[$1] == "" ? "-" : fb(a[$1]), b[$1] == "" ? "-" : fb(b[$1]), change(a[$1], b[$1]) }' \
		"$4" "$R/got" >"$R/want"
	eq_file "$1-peaks-diff" "$R/got" "$R/want"
}

# charts NAME TSV_A TSV_B EA EB LA LB: both charts on screen, labelled LA
# and LB (A over B), a tick row each, every column's height as awk makes
# it from the censuses
charts() {
	TR=$(title_row)
	ra=$(row_of "$TR" "^$6 ")
	rb=$(row_of "${ra:-0}" "^$7 ")
	ta=$(row_of "$TR" '^ticks ')
	tb=$(row_of "${ra:-0}" '^ticks ')
	if [ -z "$ra" ] || [ -z "$rb" ] || [ -z "$ta" ] || [ -z "$tb" ] || [ "$ta" -ge "$ra" ]; then
		fail "$1-charts" "no chart labelled '$6' over one labelled '$7', each under a tick row"
		return
	fi
	pass
	eq "$1-same-height" $((ra - ta)) $((rb - tb))
	get_window
	heights "$2" "$3" "$T0" "$T1" "$W" "$4" "$5" $((ra - ta)) >"$R/want"
	{ screen_heights 1 $((ta + 1)) $((ra - ta)); screen_heights 2 $((tb + 1)) $((rb - tb)); } >"$R/got"
	eq_file "$1-heights" "$R/got" "$R/want"
	# the scale: the larger of the two runs' largest census in view, on both
	top=$(awk '$3 > m { m = $3 } END { print m }' "$R/want")
	eq "$1-full-column" "$top" $(((ra - ta) * 8))
	eq "$1-scale" "$(row $((ta + 1)) | awk '{ print $1 }')" "$(row $((tb + 1)) | awk '{ print $1 }')"
}

# details NAME DIFF LA LB N: the detail of each of the first N bands (the
# highlight on, the selection moved down): each run's exact peak (the
# .hp's), mean (hectic diff's) and the change (hectic diff's delta and
# ratio)
details() {
	i=0
	while [ "$i" -lt 40 ]; do keys k; i=$((i + 1)); done # the first band
	keys x
	check "$1-detail" '^band    a '
	: >"$R/got"
	: >"$R/want"
	i=0
	while [ "$i" -lt "$5" ]; do
		name=$(sed -n 's/^band    [a-zA-Z0-9] //p' "$E2E_SCREEN")
		fa=$(grep "^$3 " "$E2E_SCREEN" | sed -n 's/^[^ ]* [^ ]* *peak \([0-9]*\) B .*, mean \([0-9]*\) B over.*/\1 \2/p')
		fbb=$(grep "^$4 " "$E2E_SCREEN" | sed -n 's/^[^ ]* [^ ]* *peak \([0-9]*\) B .*, mean \([0-9]*\) B over.*/\1 \2/p')
		chg=$(sed -n 's/^change  peak \([-+][0-9]*\) B (x\([0-9.]*\)), mean.*/\1 \2/p' "$E2E_SCREEN")
		printf '%s\t%s\t%s\t%s\n' "$name" "${fa:-none}" "${fbb:-none}" "${chg:-none}" >>"$R/got"
		n="$name" awk -F'\t' '$1 == ENVIRON["n"] { d = $6 + 0
			printf "%s\t%s %s\t%s %s\t%s%d %s\n", $1, $2, $4, $3, $5, d < 0 ? "" : "+", d, $7 }' "$2" >>"$R/want"
		keys j
		wait_change >/dev/null
		i=$((i + 1))
	done
	eq_file "$1-details" "$R/got" "$R/want"
	keys Escape
	check_gone "$1-detail-off" '^band    '
}

# ==== a pair: psize-n (A) against psize-2n (B) ====
pair() {
	g=$1
	A=$D/$g-psize-n.eventlog B=$D/$g-psize-2n.eventlog
	"$E2E_HECTIC" heap --tsv --escape "$A" >"$R/a.tsv"
	"$E2E_HECTIC" heap --tsv --escape "$B" >"$R/b.tsv"
	diff_heap "$A" "$B" >"$R/diff"
	EA=$(run_end "$A") EB=$(run_end "$B")
	N=$(wc -l <"$R/diff" | tr -d ' ')
	ge "$g-union" "$N" 10 "(bands in hectic diff)"
	start 120 50 NO_COLOR=1 -- --ascii --bands 20 "$A" "$B"
	wait_for "$READY"
	keys H
	check "$g-title" "^heap absolute, A and B: $N of $N bands by area, their peaks in the window"
	check_status "$g-open-message" 'heap: M normalises'
	# every band of either run, each once, the union hectic diff makes
	legend_names | LC_ALL=C sort >"$R/got"
	cut -f1 "$R/diff" | LC_ALL=C sort >"$R/want"
	eq_file "$g-legend-union" "$R/got" "$R/want"
	legend_refs "$g" "${A%.eventlog}.hp" "${B%.eventlog}.hp" "$R/diff"
	cp "$R/got" "$R/legend-before"
	# the order: by area, then by peak
	get_window
	legend_names >"$R/got"
	order "$R/a.tsv" "$R/b.tsv" "$T0" "$T1" "$EA" "$EB" area >"$R/want"
	eq_file "$g-order-area" "$R/got" "$R/want"
	charts "$g" "$R/a.tsv" "$R/b.tsv" "$EA" "$EB" "A n" "B 2n"
	keys r
	check "$g-by-peak" '^heap absolute, A and B: [0-9]+ of [0-9]+ bands by peak'
	legend_names >"$R/got"
	order "$R/a.tsv" "$R/b.tsv" "$T0" "$T1" "$EA" "$EB" peak >"$R/want"
	eq_file "$g-order-peak" "$R/got" "$R/want"
	details "$g" "$R/diff" "A n" "B 2n" "$N"
	keys r
	check "$g-by-area" '^heap absolute, A and B: [0-9]+ of [0-9]+ bands by area'
	# the other-run key: the event list shows B; the pane the same, A over B
	keys Tab
	check_status "$g-tab" 'the event list shows run B'
	check "$g-tab-title" "^heap absolute, A and B: $N of $N bands by area"
	legend_refs "$g-tab" "${A%.eventlog}.hp" "${B%.eventlog}.hp" "$R/diff"
	eq_file "$g-tab-legend" "$R/got" "$R/legend-before"
	charts "$g-tab" "$R/a.tsv" "$R/b.tsv" "$EA" "$EB" "A n" "B 2n"
	details "$g-tab" "$R/diff" "A n" "B 2n" 3
	keys Tab
	check_status "$g-tab-back" 'the event list shows run A'
	legend_refs "$g-tab-back" "${A%.eventlog}.hp" "${B%.eventlog}.hp" "$R/diff"
	eq_file "$g-tab-back-legend" "$R/got" "$R/legend-before"
	# fewer bands: the union ranking's first, and other
	keys '<' '<' '<' '<' '<' '<' '<' '<' '<' '<' '<' '<' '<' '<' '<' '<'
	check "$g-fewer" "^heap absolute, A and B: 4 of $N bands by area \\+ other"
	legend | awk -F'\t' '{ print $1 "\t" $5 }' >"$R/got"
	{ order "$R/a.tsv" "$R/b.tsv" "$T0" "$T1" "$EA" "$EB" area | head -4 | awk '{ printf "%c\t%s\n", 96 + NR, $0 }'
		printf '~\tother (%d bands)\n' $((N - 4)); } >"$R/want"
	eq_file "$g-fewer-legend" "$R/got" "$R/want"
	# other, opened: the rest of the union ranking, each run's peak
	keys j j j j j Enter
	check "$g-other" "^other: $((N - 4)) bands ranked by area over the window"
	sed -n 's/^[> ] *[0-9][0-9]* A  *\([^ ]*\)  B  *\([^ ]*\)  .\{15\} \(.*\)$/\3\t\1\t\2/p' "$E2E_SCREEN" >"$R/got"
	order "$R/a.tsv" "$R/b.tsv" "$T0" "$T1" "$EA" "$EB" area | sed 1,4d >"$R/names"
	awk -F'\t' "$FB"'FILENAME ~ /diff$/ { a[$1] = $2; b[$1] = $3; next }
		{ printf "%s\t%s\t%s\n", $0, a[$0] == "" ? "-" : fb(a[$0]), b[$0] == "" ? "-" : fb(b[$0]) }' \
		"$R/diff" "$R/names" >"$R/want"
	eq_file "$g-other-list" "$R/got" "$R/want"
	keys Escape
	check_gone "$g-other-closed" '^other: '
	keys q
	check_exit "$g-quit" 0
}

pair ghc90
pair ghc96

# ==== --align: B's chart on A's clock from B's marker ====
# A is psize-2n, B psize-n, both from their "round 3" marker: B's clock
# starts in the window, its chart's columns before it empty (as its lanes)
A=$D/ghc90-psize-2n.eventlog B=$D/ghc90-psize-n.eventlog
ta=$("$E2E_HECTIC" markers --tsv "$A" | awk -F'\t' '$4 == "round 3" { print $1; exit }')
tb=$("$E2E_HECTIC" markers --tsv "$B" | awk -F'\t' '$4 == "round 3" { print $1; exit }')
start 120 50 NO_COLOR=1 -- --ascii --align 'round 3' "$A" "$B"
wait_for "$READY"
keys H
check align-title "$TITLE_RE"
get_window
TR=$(title_row)
ra=$(row_of "$TR" '^A 2n ')
rb=$(row_of "${ra:-0}" '^B n ')
ta_row=$(row_of "$TR" '^ticks ')
tb_row=$(row_of "${ra:-0}" '^ticks ')
col() { awk -v t="$1" -v t0="$T0" -v t1="$T1" -v w="$W" 'BEGIN { print int(((t - t0 + 1) * w - 1) / (t1 - t0)) }'; }
# the marker the runs are aligned on: one column in both tick rows
c3=$(col "$ta")
eq align-marker-a "$(row "$ta_row" | cut -c$((9 + c3)))" v
eq align-marker-b "$(row "$tb_row" | cut -c$((9 + c3)))" v
# B's first census, shifted onto A's clock: B's chart's first column
"$E2E_HECTIC" heap --tsv --escape "$B" >"$R/b.tsv"
tc=$(awk -F'\t' 'NR == 2 { print $1 }' "$R/b.tsv")
c0=$(col $((tc + ta - tb)))
screen_heights 2 $((tb_row + 1)) $((rb - tb_row)) | awk '$3 > 0 { print $2; exit }' >"$R/got"
eq align-b-first-column "$(cat "$R/got")" "$c0"
# and its lanes: B's first lane column (the other clock's 0) is not after it
lane=$(row "$(row_of 0 '^B n ')" | cut -c9- | awk '{ match($0, /[^ ]/); print RSTART - 1 }')
ge align-b-lanes "$c0" "${lane:-999}" "(B's first lane column)"
ge align-b-starts-late "${lane:-0}" 10 "(B's clock starts in the window)"
keys q
check_exit align-quit 0

# ==== two programs: bands only in A and only in B ====
A=$D/ghc90-psize-n.eventlog B=tests/fixtures/profile-hc.eventlog
diff_heap "$A" "$B" >"$R/diff"
N=$(wc -l <"$R/diff" | tr -d ' ')
start 159 84 NO_COLOR=1 -- --ascii --bands 60 "$A" "$B"
wait_for "$READY"
keys H
check apart-title "^heap absolute, A and B: $N of $N bands by area"
legend_names | LC_ALL=C sort >"$R/got"
cut -f1 "$R/diff" | LC_ALL=C sort >"$R/want"
eq_file apart-legend-union "$R/got" "$R/want"
legend_refs apart "${A%.eventlog}.hp" "${B%.eventlog}.hp" "$R/diff"
ge apart-only-in-a "$(grep -c "${TAB}only in A\$" "$R/got")" 3
ge apart-only-in-b "$(grep -c "${TAB}only in B\$" "$R/got")" 3
ge apart-both "$(grep -c "${TAB}[-+0-9][^${TAB}]*x[0-9.]*\$" "$R/got")" 3
# the detail of an only-in band says so
n=$(legend | awk -F'\t' '$4 == "only in B" { print NR; exit }')
keys x
i=1
while [ "$i" -lt "${n:-1}" ]; do keys j; i=$((i + 1)); done
check apart-detail-only-b '^change  only in B$'
check apart-detail-no-band '^A [^ ]* *no band of this name in this run$'
keys q
check_exit apart-quit 0

# ==== one run without a heap profile ====
A=$D/ghc90-psize-n.eventlog B=$D/ghc90-sparks.eventlog
diff_heap "$A" "$B" >"$R/diff"
start 120 50 NO_COLOR=1 -- --ascii --bands 20 "$A" "$B"
wait_for "$READY"
keys H
check noprof-title "$TITLE_RE"
check noprof-chart '^B [^ ]* +no heap profile in this run$'
legend_names | LC_ALL=C sort >"$R/got"
cut -f1 "$R/diff" | LC_ALL=C sort >"$R/want"
eq_file noprof-union "$R/got" "$R/want"
eq noprof-all-only-a "$(legend | awk -F'\t' '$4 != "only in A" || $3 != "-"' | wc -l | tr -d ' ')" 0
keys q
check_exit noprof-quit 0

# ==== neither: sparks against pingpong ====
start 120 40 -- "$D/ghc90-sparks.eventlog" "$D/ghc90-pingpong.eventlog"
wait_for "$READY"
keys H
check neither '^no heap profile in either run'
check_status neither-status 'no heap profile in either log'
keys x
alive neither-keys
keys q
check_exit neither-quit 0

# ==== 80x24, in colour: both charts, the legend, its first band ====
A=$D/ghc90-psize-n.eventlog B=$D/ghc90-psize-2n.eventlog
diff_heap "$A" "$B" >"$R/diff"
start 80 24 -- "$A" "$B"
wait_for "$READY"
keys H
check small-title "$TITLE_RE"
TR=$(title_row)
# its parts shortened or left out whole at 80 columns, none cut inside a
# word
t80=$(row "$TR" | sed 's/ *$//')
bad=$(printf '%s\n' "$t80" | awk -F'; ' '{
	if ($1 !~ /^heap (absolute|normalised), A and B: [0-9]+ of [0-9]+ bands by (area|peak)( \+ other( \([0-9]+ asked: no room\))?)?(, their peaks in the window)?$/)
		print "head: " $1
	for (i = 2; i <= NF; i++)
		if ($i !~ /^(cursor: A (no census yet|census of [0-9.]+[a-z]+), B (no census yet|census of [0-9.]+[a-z]+)|a census every ~[0-9.]+[a-z]+ in A, ~[0-9.]+[a-z]+ in B)$/)
			print "part: " $i
}')
eq small-title-whole-parts "$bad" "" "(title '$t80')"
ra=$(row_of "$TR" '^A n ')
rb=$(row_of "${ra:-0}" '^B 2n ')
[ -n "$ra" ] && [ -n "$rb" ] && pass || fail small-charts "no 'A n' chart over a 'B 2n' one"
got=$(legend | head -1)
first=$(printf '%s\n' "$got" | cut -f5)
want=$(n="$first" awk -F'\t' "$FB"'$1 == ENVIRON["n"] { printf "a\t%s\t%s\t%s\t%s\n", fb($2), fb($3), change($2, $3), $1 }' "$R/diff")
eq small-first-band "$got" "$want"
keys x
check small-detail '^band    a '
ra=$(row_of "$TR" '^A n ')
rb=$(row_of "${ra:-0}" '^B 2n ')
[ -n "$ra" ] && [ -n "$rb" ] && pass || fail small-detail-charts "no 'A n' chart over a 'B 2n' one"
keys q
check_exit small-quit 0

echo "e2e-compare-heap: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
