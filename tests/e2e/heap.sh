#!/bin/sh
# End-to-end tests of the heap-profile pane (H, issue 10): the real binary
# in a detached tmux session, driven by keys, checked on the captured
# screen against references computed here, with awk, from `hectic heap
# --tsv` (one row per census and band, equal to the RTS's .hp file, see
# tests/heap-hp.sh), `hectic heap` (the top bands by peak), `hectic
# markers --tsv` and `hectic gcs --tsv`.
# Usage: tests/e2e/heap.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/heap.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
# the tools the suite runs, each with its Debian package: a missing one is
# named here rather than failing a check that needs it
missing=0
for t in tmux:tmux stty:coreutils env:coreutils sleep:coreutils mkfifo:coreutils \
	mktemp:coreutils cut:coreutils wc:coreutils sort:coreutils tr:coreutils \
	head:coreutils uniq:coreutils fold:coreutils cmp:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e-heap: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
# process states are read from /proc (a chroot needs it mounted)
if [ ! -r /proc/self/stat ]; then
	echo "e2e-heap: /proc is not mounted (mount -t proc proc /proc)"
	missing=$((missing + 1))
fi
if [ "$missing" -gt 0 ]; then
	echo "e2e-heap: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh
# the pane counts on the rows that one-row lanes leave
rows1_default

F=tests/fixtures
HT=$F/profile-hT.eventlog
HC=$F/profile-hc.eventlog
TH=$F/threaded.eventlog
READY='events: '
# an event list row: its time in ms (the fixtures' unit), to the nanosecond
LIST_RE='^ *[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]ms: '
# any event list row, whatever its unit (for checks that the list is gone)
ANY_LIST_RE='^ *[0-9][0-9.]*(ns|us|µs|ms|s)?: '
TITLE_RE='^heap (absolute|normalised)'
R=$E2E_T/ref
mkdir -p "$R"

eq() {
	if [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}
# eq_set NAME GOT WANT [NOTE]: eq, but an empty side fails
eq_set() {
	if [ -z "$2" ] || [ -z "$3" ]; then fail "$1" "empty: got '$2', want '$3' ${4:-}"; else eq "$@"; fi
}
# eq_file NAME GOT WANT: two files the same, and not empty
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

# ---- the references, from the report commands ----

# heap_model FILE OUT: `hectic heap --tsv --escape` (the names escaped as
# the viewer escapes them), one row per census and band
heap_model() { "$E2E_HECTIC" heap --tsv --escape "$1" >"$2"; }

# The awk side of the pane: the censuses of a --tsv file, as the pane
# should count them. Functions:
#   fb(v)        bytes as the pane writes them (3 significant digits)
#   col(t)       the column of time t (layout_time_to_col), -1 outside
# Arrays: ct[1..nc] census times, tot[c] totals, val[c, i] band i's bytes,
# name[i] band i's name (i by first appearance), nb bands.
FB='
function fb(v,   x, i, u) {
	if (v < 1000) return sprintf("%dB", v)
	split("kB MB GB TB PB EB", u, " ")
	x = v; i = 0
	while (i < 6 && x >= 999.5) { x /= 1000; i++ }
	return sprintf(x < 9.995 ? "%.2f%s" : x < 99.95 ? "%.1f%s" : "%.0f%s", x, u[i])
}'
AWK_LIB="$FB"'
function col(t) {
	if (t < t0 || t >= t1) return -1
	return int(((t - t0 + 1) * w - 1) / (t1 - t0))
}
# the census in effect at t (the last at or before it), 0 when none
function at(t,   c) {
	for (c = nc; c > 0 && ct[c] > t; c--) ;
	return c
}
FNR == 1 { next }
{
	b = $2
	gsub(/\\\\/, "\\", b) # the tsv escapes a backslash; the screen does not (into "\\", one: gawk makes "\\\\" two)
	if (!(b in idx)) { idx[b] = ++nb; name[nb] = b }
	if ($1 != lastt) { ct[++nc] = $1; lastt = $1 }
	val[nc, idx[b]] += $3
	tot[nc] += $3
}'

# rank TSV T0 T1 BY: the bands over [T0, T1) as heap_rank ranks them: the
# census in effect at T0 and those in the window, each held until the next
# (or T1); by area (bytes x time held) or peak, largest first, ties by the
# other and then first appearance. Prints "name<TAB>peak<TAB>peak_time
# <TAB>first<TAB>last" per band with a non-zero value.
rank() {
	awk -F'\t' -v t0="$2" -v t1="$3" -v by="$4" "$AWK_LIB"'
	END {
		c0 = at(t0); if (!c0) c0 = 1
		for (c = c0; c <= nc && ct[c] < t1; c++) {
			e = c < nc && ct[c + 1] < t1 ? ct[c + 1] : t1
			a = ct[c] > t0 ? ct[c] : t0
			held = e > a ? e - a : 0
			for (i = 1; i <= nb; i++) {
				v = val[c, i] + 0
				if (c == c0) first[i] = v
				last[i] = v
				if (!v) continue
				area[i] += held * v
				if (v > peak[i]) { peak[i] = v; pt[i] = ct[c] }
				seen[i] = 1
			}
		}
		n = 0
		for (i = 1; i <= nb; i++) if (seen[i]) o[++n] = i
		for (x = 1; x <= n; x++) for (y = x + 1; y <= n; y++) {
			p = o[x]; q = o[y]
			k1 = by == "area" ? area[p] : peak[p]; k2 = by == "area" ? area[q] : peak[q]
			l1 = by == "area" ? peak[p] : area[p]; l2 = by == "area" ? peak[q] : area[q]
			if (k2 > k1 || (k2 == k1 && (l2 > l1 || (l2 == l1 && q < p)))) { o[x] = q; o[y] = p }
		}
		for (x = 1; x <= n; x++) {
			i = o[x]
			printf "%s\t%d\t%d\t%d\t%d\n", name[i], peak[i], pt[i], first[i], last[i]
		}
	}' "$1"
}

# values TSV T: per band "name<TAB>bytes<TAB>share" in the census in effect
# at T, the share as the pane writes it; and a last line "census<TAB>time
# <TAB>total"
values() {
	awk -F'\t' -v t="$2" "$AWK_LIB"'
	END {
		c = at(t)
		if (!c) exit
		for (i = 1; i <= nb; i++)
			printf "%s\t%d\t%.1f%%\n", name[i], val[c, i], 100 * val[c, i] / tot[c]
		printf "census\t%d\t%d\n", ct[c], tot[c]
	}' "$1"
}

# heights TSV T0 T1 W ROWS: per column of the window "column height", the
# height of its stack in eighths in absolute mode: the census it shows is
# the largest (by total) of those in the column, or the one in effect at
# its start; its total over the largest shown, in eighths of ROWS rows,
# rounded, at least 1. Two last lines: "notfirst N" and "notlast N", the
# columns whose largest census is not their first, and not their last.
heights() {
	awk -F'\t' -v t0="$2" -v t1="$3" -v w="$4" -v rows="$5" "$AWK_LIB"'
	END {
		for (c = 1; c <= nc && ct[c] < t0; c++) ;
		prev = c - 1
		for (k = 0; k < w; k++) {
			b = k + 1 >= w ? t1 : t0 + int((t1 - t0) * (k + 1) / w)
			best = 0; first = 0
			for (; c <= nc && ct[c] < b; c++) {
				if (!first) first = c
				if (!best || tot[c] > tot[best]) best = c
			}
			if (best && best != first) notfirst++
			if (best && best != c - 1) notlast++
			cc[k] = best ? best : prev
			prev = c - 1
		}
		for (k = 0; k < w; k++) if (cc[k] && tot[cc[k]] > max) max = tot[cc[k]]
		for (k = 0; k < w; k++) {
			h = 0
			if (cc[k] && tot[cc[k]] > 0) {
				e = tot[cc[k]] * (rows * 8 / max) + 0.5
				h = e >= rows * 8 ? rows * 8 : int(e)
				if (h < 1) h = 1
			}
			print k, h
		}
		print "notfirst", notfirst + 0
		print "notlast", notlast + 0
	}' "$1"
}
# screen_heights TOP ROWS: per column the height of the stack drawn in
# rows TOP .. TOP + ROWS - 1 (0-based) of an ASCII screen without colours:
# a letter is a full cell, a level glyph its eighths
screen_heights() {
	sed -n "$(($1 + 1)),$(($1 + $2))p" "$E2E_SCREEN" | awk -v w="$W" '
	BEGIN { split(". : - = + * # @", g, " "); for (i = 1; i <= 8; i++) lv[g[i]] = i }
	{ for (k = 0; k < w; k++) { ch = substr($0, 9 + k, 1); h[k] += ch ~ /[a-h~]/ ? 8 : (ch in lv) ? lv[ch] : 0 } }
	END { for (k = 0; k < w; k++) print k, h[k] + 0 }'
}

# ---- the screen ----

# check_ticks NAME: the pane's tick row (below the title row $TR) against
# $R/marks (marker times), $R/gcs (GC "start gen") and $R/cens (census
# times) for the window $T0 $T1 $W: a marker's column shows the marker,
# else a major GC's the major-GC glyph, else a census's a census tick, and
# every other column is blank. Leaves the wanted row in $R/want.
check_ticks() {
	awk -v t0="$T0" -v t1="$T1" -v w="$W" '
	function col(t) { if (t < t0 || t >= t1) return -1; return int(((t - t0 + 1) * w - 1) / (t1 - t0)) }
	FILENAME ~ /gcs$/ { gs[NR] = $1; gg[NR] = $2; if ($2 > maxg) maxg = $2; ng = NR; next }
	FILENAME ~ /cens$/ { c = col($1); if (c >= 0) g[c] = "C"; next }
	FILENAME ~ /marks$/ { c = col($1); if (c >= 0) mk[c] = 1; next }
	END {
		for (i = 1; i <= ng; i++) if (gg[i] == maxg) { c = col(gs[i]); if (c >= 0) g[c] = "M" }
		for (c in mk) g[c] = "V"
		for (c = 0; c < w; c++) print c, (c in g) ? g[c] : "-"
	}' "$R/gcs" "$R/cens" "$R/marks" >"$R/want"
	cells
	awk -F'\t' -v r=$((TR + 1)) -v w="$W" '$1 == r && $2 >= 8 { g[$2 - 8] = $6 }
	END { for (c = 0; c < w; c++) print c, g[c] == "▾" ? "V" : g[c] == "█" ? "M" : g[c] == "┬" ? "C" : g[c] == "SP" || g[c] == "" ? "-" : "?" g[c] }' \
		"$E2E_CELLS" >"$R/got"
	eq_file "$1" "$R/got" "$R/want"
}

# the pane's title row (0-based), or empty
title_row() { grep -nE "$TITLE_RE" "$E2E_SCREEN" | head -1 | cut -d: -f1 | awk '{ print $1 - 1 }'; }
# legend rows "letter<TAB>value<TAB>share<TAB>peak<TAB>name", in order
legend() {
	sed -n 's/^[> ]    \([a-h~]\)  *\([-0-9.]*[kMGTPE]*B*\)  *\([-0-9.]*%*\)  peak  *\([0-9.]*[kMGTPE]*B\)  \(.*\)$/\1	\2	\3	\4	\5/p' \
		"$E2E_SCREEN"
}
# the band rows' names (not "other")
legend_names() { legend | awk -F'\t' '$1 != "~" { print $5 }'; }
# the 0-based screen row of the first legend row
legend_row() { grep -nE '^[> ]    [a-h~]  ' "$E2E_SCREEN" | head -1 | cut -d: -f1 | awk '{ print $1 - 1 }'; }
selected_letter() { grep -E '^>    [a-h~]  ' "$E2E_SCREEN" | head -1 | cut -c6; }
# the window of the last frame: sets T0 T1 W CURCOL
get_window() {
	set -- $(window)
	T0=${1:-} T1=${2:-} W=${3:-} CURCOL=${7:-}
}
# the cursor's time: the start of its column (the cursor keys move it from
# column start to column start, and it starts at the window's start)
cursor_time() { awk -v t0="$T0" -v t1="$T1" -v w="$W" -v c="$CURCOL" 'BEGIN { printf "%.0f\n", t0 + int((t1 - t0) * c / w) }'; }

# ==== profile-hT (closure types), 256 colours ====
heap_model "$HT" "$R/ht.tsv"
start 120 32 -- --bands 8 "$HT"
wait_for "$READY"
check list-before "$LIST_RE"
keys H
check open-title "$TITLE_RE"
check_not open-no-list "$ANY_LIST_RE"
# (the hints' last parts give way on the status line, and say so: issue 33)
check_status open-message "heap: M normalises, r ranks by peak, x highlights, (>/< more|$(printf '\342\200\246'))"
get_window
FULLW=$((T1 - T0))
TR=$(title_row)
# the pane's first row is the event list's: under the lanes, GC, heap, live
eq open-title-row "$TR" $((2 + $(win_field 5) * $(win_field 8) + 3))

# the censuses: the report's count, the tsv's
ncens=$("$E2E_HECTIC" heap "$HT" | sed -n '1s/ censuses.*//p')
eq_set censuses-count "$(cut -f1 "$R/ht.tsv" | sed 1d | uniq | wc -l | tr -d ' ')" "$ncens"

# the title: steps, the median interval between censuses (time_format's 4
# digits), and the censuses in view
steps=$(row "$TR" | sed -n 's/.*steps: a census every ~\([0-9.]*[a-z]*\), \([0-9]*\) in view.*/\1 \2/p')
set -- $steps
median=$(cut -f1 "$R/ht.tsv" | sed 1d | uniq | awk 'NR > 1 { print $1 - p } { p = $1 }' | sort -n |
	awk '{ d[NR] = $1 } END { print d[int(NR / 2) + 1] }')
shown_ns=$(label_ns "${1:-x}")
awk -v a="$shown_ns" -v b="$median" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= b * 0.0005 + 1) }' &&
	pass || fail title-median "title says ~${1:-?} ($shown_ns ns), median interval $median ns"
inview=$(cut -f1 "$R/ht.tsv" | sed 1d | uniq | awk -v a="$T0" -v b="$T1" '$1 >= a && $1 < b' | wc -l | tr -d ' ')
eq_set title-in-view "${2:-}" "$inview"

# the legend: the top bands by area over the window, as awk ranks them
rank "$R/ht.tsv" "$T0" "$T1" area >"$R/area"
legend_names >"$R/got"
N=$(wc -l <"$R/got" | tr -d ' ')
ge legend-rows "$N" 4 "(band rows in the legend)"
cut -f1 "$R/area" | head -n "$N" >"$R/want"
eq_file legend-by-area "$R/got" "$R/want"
nbands=$(wc -l <"$R/area" | tr -d ' ')
check title-counts "^heap absolute: $N of $nbands bands by area \\+ other"
eq legend-other "$(legend | awk -F'\t' '$1 == "~" { print $5 }')" "other ($((nbands - N)) bands)"
# peaks over the window, as the pane writes bytes
legend | awk -F'\t' '$1 != "~" { print $4 }' >"$R/got"
head -n "$N" "$R/area" | cut -f2 | awk "$FB"'{ print fb($1) }' >"$R/want"
eq_file legend-peaks "$R/got" "$R/want"
# the scale: the largest census total (each census is the largest of its column here)
maxtot=$(awk -F'\t' "$AWK_LIB"'END { for (c = 1; c <= nc; c++) if (tot[c] > m) m = tot[c]; print fb(m) }' "$R/ht.tsv")
eq_set scale-absolute "$(row $((TR + 2)) | awk '{ print $1 }')" "$maxtot"
# before the first census the cursor has no values
eq cursor-before "$(legend | head -1 | cut -f2,3)" "-	-"
check title-before 'cursor: no census yet$'

# the tick row: markers over major GCs over censuses, every other column blank
"$E2E_HECTIC" markers --tsv "$HT" | awk -F'\t' 'NR > 1 && $3 == "marker" { print $1 }' >"$R/marks"
"$E2E_HECTIC" gcs --tsv "$HT" | awk -F'\t' 'NR > 1 { print $1, $6 }' >"$R/gcs"
cut -f1 "$R/ht.tsv" | sed 1d | uniq >"$R/cens"
check_ticks ticks-row
grep -q ' V$' "$R/want" && grep -q ' M$' "$R/want" && pass || fail ticks-some "no marker or major GC in the window"

# the cursor: 45 columns right; the lanes' keys move it with the pane shown
keys l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l
wait_status 'cursor [1-9]'
sleep 0.3
capture
get_window
eq cursor-col "$CURCOL" 45
CT=$(cursor_time)
st_ct=$(cursor_ns)
awk -v a="$CT" -v b="$st_ct" -v cw=$(((T1 - T0) / W)) 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= cw) }' &&
	pass || fail cursor-status "status line cursor $st_ct ns, column start $CT ns"
check title-still "$TITLE_RE"
values "$R/ht.tsv" "$CT" >"$R/vals"
# the legend's values and shares: the census in effect at the cursor
legend | awk -F'\t' '$1 != "~" { print $5 "\t" $2 "\t" $3 }' >"$R/got"
legend_names | awk -F'\t' "$FB"'NR == FNR { v[$1] = $2; s[$1] = $3; next }
{ print $0 "\t" fb(v[$0] + 0) "\t" (($0 in s) ? s[$0] : "0.0%") }' "$R/vals" - >"$R/want"
eq_file legend-at-cursor "$R/got" "$R/want"
ctime=$(awk -F'\t' '$1 == "census" { print $2 }' "$R/vals")
# (a moment: to the microsecond, in its own unit)
check title-cursor-census "cursor: census of $(fmt_at "$ctime" "$ctime" 1000 | sed 's/\./\\./g')\$"

# select the second band and highlight it: its detail
keys j
wait_change
eq select-j "$(selected_letter)" b
keys x
check detail-name '^band    b '
name_b=$(legend_names | sed -n 2p)
eq_set detail-name-is-b "$(grep '^band    b ' "$E2E_SCREEN" | sed 's/^band    b //')" "$name_b"
line=$(grep -E '^ {8}peak [0-9]+ B ' "$E2E_SCREEN")
cur_b=$(printf '%s\n' "$line" | sed -n 's/.*at the cursor \([0-9]*\) B .*/\1/p')
eq_set detail-at-cursor "$cur_b" "$(n="$name_b" awk -F'\t' '$1 == ENVIRON["n"] { print $2 }' "$R/vals")"
share_b=$(printf '%s\n' "$line" | sed -n 's/.*), \([0-9.]*%\) of the census.*/\1/p')
eq_set detail-share "$share_b" "$(n="$name_b" awk -F'\t' '$1 == ENVIRON["n"] { print $3 }' "$R/vals")"
peak_b=$(printf '%s\n' "$line" | sed -n 's/^ *peak \([0-9]*\) B .*/\1/p')
eq_set detail-peak "$peak_b" "$(n="$name_b" awk -F'\t' '$1 == ENVIRON["n"] { print $2 }' "$R/area")"
win=$(grep -E '^ {8}window: ' "$E2E_SCREEN" | sed -n 's/^ *window: \([0-9]*\) B .* -> \([0-9]*\) B .*: \([-+]\)\([0-9]*\) B.*/\1 \2 \3\4/p')
want=$(n="$name_b" awk -F'\t' '$1 == ENVIRON["n"] { d = $5 - $4; printf "%d %d %s%d\n", $4, $5, d < 0 ? "-" : "+", d < 0 ? -d : d }' "$R/area")
eq_set detail-growth "$win" "$want"
check detail-series '^series  '
# highlighted: band a's cells are shaded in its colour, none filled with it;
# band b's keep their colour as a background
cells
LR=$(legend_row)
TR=$(title_row)
col_a=$(awk -F'\t' -v r="$LR" '$1 == r && $2 == 2 { print $4 }' "$E2E_CELLS")
col_b=$(awk -F'\t' -v r=$((LR + 1)) '$1 == r && $2 == 2 { print $4 }' "$E2E_CELLS")
chart() { awk -F'\t' -v a=$((TR + 2)) -v b=$((LR - 1)) '$1 >= a && $1 <= b && $2 >= 8' "$E2E_CELLS"; }
fill_a=$(chart | awk -F'\t' -v c="$col_a" '$4 == c' | wc -l | tr -d ' ')
shade_a=$(chart | awk -F'\t' -v c="$col_a" '$3 == c && $6 == "░"' | wc -l | tr -d ' ')
others=$(chart | awk -F'\t' -v c="$col_b" '$4 != "d" && $4 != c' | wc -l | tr -d ' ')
[ -n "$col_a" ] && [ "$col_a" != d ] && [ "$col_a" != "$col_b" ] && pass ||
	fail swatch-colours "legend swatches a '$col_a', b '$col_b'"
eq highlight-a-not-filled "$fill_a" 0
ge highlight-a-shaded "$shade_a" 20
eq highlight-only-b-filled "$others" 0 "(cells filled with another band's colour)"
# Escape clears the highlight (the pane stays), and again goes on to the
# global cancel (the pane still stays)
keys Escape
wait_change
check_not escape-no-detail '^band    b '
check escape-pane "$TITLE_RE"
cells
fill_a=$(chart | awk -F'\t' -v c="$col_a" '$4 == c' | wc -l | tr -d ' ')
ge escape-a-filled "$fill_a" 20
keys Escape
sleep 0.3
capture
check escape-again-pane "$TITLE_RE"

# normalised: 100% at the top, and every column from the first census's
# filled to the top
keys M
check_status mode-message 'normalised: each column is the share of its census'
check mode-title '^heap normalised'
TR=$(title_row)
eq scale-normalised "$(row $((TR + 2)) | awk '{ print $1 }')" "100%"
cells
first_col=$(awk -v t0="$T0" -v t1="$T1" -v w="$W" 'NR == 1 { print int((($1 - t0 + 1) * w - 1) / (t1 - t0)) }' "$R/cens")
full=$(awk -F'\t' -v r=$((TR + 2)) -v f=$((first_col + 8)) '$1 == r && $2 >= f && $4 != "d"' "$E2E_CELLS" | wc -l | tr -d ' ')
eq normalised-full "$full" $((W - first_col)) "(top-row cells with a band's background from column $first_col)"
empty=$(awk -F'\t' -v r=$((TR + 2)) -v f=$((first_col + 8)) '$1 == r && $2 >= 8 && $2 < f && $4 != "d"' "$E2E_CELLS" | wc -l | tr -d ' ')
eq normalised-before-first "$empty" 0
keys M
check mode-back '^heap absolute'

# ranked by peak: the report's top bands (over the whole run, in view)
keys r
check_status sort-message 'ranked by peak'
check sort-title "^heap absolute: $N of $nbands bands by peak"
legend_names >"$R/got"
"$E2E_HECTIC" heap --escape --top "$N" "$HT" | sed '1,2d' | sed 's/^ *[0-9.]*[kMGT]*B *[0-9.]*[kMGT]*B *[0-9.]*[a-z]*  //' >"$R/want"
eq_file legend-by-peak-report "$R/got" "$R/want"
rank "$R/ht.tsv" "$T0" "$T1" peak | cut -f1 | head -n "$N" >"$R/want"
eq_file legend-by-peak-awk "$R/got" "$R/want"

# zoomed in around the cursor: a new window, ranked again
keys + +
wait_change
sleep 0.3
capture
get_window
lt_w=$(awk -v a="$T1" -v b="$T0" -v f="$FULLW" 'BEGIN { print (a - b) * 3 < f ? 1 : 0 }')
eq zoom-window "$lt_w" 1 "(window [$T0, $T1) after + +, the run $FULLW ns)"
rank "$R/ht.tsv" "$T0" "$T1" peak >"$R/peak2"
legend_names >"$R/got"
N2=$(wc -l <"$R/got" | tr -d ' ')
cut -f1 "$R/peak2" | head -n "$N2" >"$R/want"
eq_file zoom-by-peak "$R/got" "$R/want"
inview=$(awk -v a="$T0" -v b="$T1" '$1 >= a && $1 < b' "$R/cens" | wc -l | tr -d ' ')
TR=$(title_row)
check_ticks zoom-ticks
eq_set zoom-in-view "$(row "$TR" | sed -n 's/.*, \([0-9]*\) in view.*/\1/p')" "$inview"
keys r
check_status sort-area 'ranked by area'
wait_for '^heap absolute: [0-9]+ of [0-9]+ bands by area'
rank "$R/ht.tsv" "$T0" "$T1" area | cut -f1 >"$R/area2"
legend_names >"$R/got"
head -n "$(wc -l <"$R/got")" "$R/area2" >"$R/want"
eq_file zoom-by-area "$R/got" "$R/want"
# the next GC: a global key, the pane stays
keys ']'
check_status gc-key 'GC at '
check gc-key-pane "$TITLE_RE"

# H again: the event list
keys H
check close-list "$LIST_RE"
check_not close-no-title "$TITLE_RE"
keys H
check reopen "$TITLE_RE"
keys q
check_exit quit 0

# ==== profile-hc (cost-centre stacks), wide ====
heap_model "$HC" "$R/hc.tsv"
start 220 40 -- --bands 8 "$HC"
wait_for "$READY"
keys H
check hc-title "$TITLE_RE"
get_window
rank "$R/hc.tsv" "$T0" "$T1" area | cut -f1 >"$R/area"
legend_names >"$R/got"
ge hc-legend-rows "$(wc -l <"$R/got" | tr -d ' ')" 4
head -n "$(wc -l <"$R/got")" "$R/area" >"$R/want"
eq_file hc-legend-by-area "$R/got" "$R/want"
grep -q '/' "$R/got" && pass || fail hc-stacks "no cost-centre stack among the names"
keys G
wait_status 'cursor [1-9]'
sleep 0.3
capture
keys x
check hc-detail '^band    a '
# the cursor at the end of the run: the last census
values "$R/hc.tsv" "$T1" >"$R/vals"
name_a=$(legend_names | head -1)
cur_a=$(grep -E '^ {8}peak [0-9]+ B ' "$E2E_SCREEN" | sed -n 's/.*at the cursor \([0-9]*\) B .*/\1/p')
eq_set hc-at-cursor "$cur_a" "$(n="$name_a" awk -F'\t' '$1 == ENVIRON["n"] { print $2 }' "$R/vals")"
keys q
check_exit hc-quit 0

# ==== no colour, ASCII: letters ====
start 120 32 NO_COLOR=1 -- --ascii --bands 8 "$HT"
wait_for "$READY"
keys H
check mono-title "$TITLE_RE"
TR=$(title_row)
LR=$(legend_row)
eq mono-letters "$(legend | cut -f1 | tr -d '\n')" "abcdefgh~"
sed -n "$((TR + 1)),${E2E_H}p" "$E2E_SCREEN" | LC_ALL=C grep -n '[^ -~]' >"$R/nonascii"
eq mono-ascii-only "$(wc -l <"$R/nonascii" | tr -d ' ')" 0 "$(head -3 "$R/nonascii")"
sed -n "$((TR + 3)),${LR}p" "$E2E_SCREEN" | cut -c9- | tr -cd 'a-z' | fold -w1 | sort -u | tr -d '\n' >"$R/got"
letters=$(cat "$R/got")
case $letters in
a*b*) pass ;;
*) fail mono-chart-letters "chart letters '$letters'" ;;
esac
bad=$(printf '%s' "$letters" | tr -d 'abcdefgh~')
eq mono-chart-known "$bad" ""
# every column's stack: the census the column shows, as high as its total
get_window
heights "$R/ht.tsv" "$T0" "$T1" "$W" $((LR - TR - 2)) >"$R/want"
grep -v '^not' "$R/want" >"$R/want.cols" && mv "$R/want.cols" "$R/want"
screen_heights $((TR + 2)) $((LR - TR - 2)) >"$R/got"
eq_file mono-heights "$R/got" "$R/want"
keys x
check mono-detail '^band    a '
cells
LR=$(legend_row)
awk -F'\t' -v a=$((TR + 2)) -v b=$((LR - 1)) '$1 >= a && $1 <= b && $2 >= 8 && $6 ~ /^[a-h~]$/ {
	print ($6 == "a") ? ($5 ~ /r/ ? "a-reverse" : "a-plain") : ($5 ~ /d/ ? "other-dim" : "other-plain") }' \
	"$E2E_CELLS" | sort | uniq -c | awk '{ print $2 ":" ($1 > 0) }' | tr '\n' ' ' >"$R/got"
eq mono-highlight "$(cat "$R/got")" "a-reverse:1 other-dim:1 "
keys Escape M
check mono-normalised '^heap normalised'
TR=$(title_row)
get_window
first_col=$(awk -v t0="$T0" -v t1="$T1" -v w="$W" 'NR == 1 { print int((($1 - t0 + 1) * w - 1) / (t1 - t0)) }' "$R/cens")
top=$(row $((TR + 2)))
eq mono-normalised-top "$(printf '%s' "$top" | cut -c$((9 + first_col))- | tr -d 'a-h~\n' | wc -c | tr -d ' ')" 0 \
	"(top row '$top' from column $first_col)"
keys q
check_exit mono-quit 0

# narrow: columns that hold two censuses or more show the largest, first
# or last in the column
start 30 40 NO_COLOR=1 -- --ascii --bands 8 "$HT"
wait_for '^util'
keys H
check narrow-title "$TITLE_RE"
TR=$(title_row)
LR=$(legend_row)
get_window
heights "$R/ht.tsv" "$T0" "$T1" "$W" $((LR - TR - 2)) >"$R/want"
ge narrow-notfirst "$(sed -n 's/^notfirst //p' "$R/want")" 1 "(columns whose largest census is not the first)"
ge narrow-notlast "$(sed -n 's/^notlast //p' "$R/want")" 1 "(columns whose largest census is not the last)"
grep -v '^not' "$R/want" >"$R/want.cols" && mv "$R/want.cols" "$R/want"
screen_heights $((TR + 2)) $((LR - TR - 2)) >"$R/got"
eq_file narrow-heights "$R/got" "$R/want"
keys q
check_exit narrow-quit 0

# the title at 80 columns: its parts shortened or left out whole, the
# least needed first, none cut inside a word (it ended "steps: a cen")
start 80 24 -- "$HC"
wait_for '^util'
keys H
check title-80 "$TITLE_RE"
t80=$(row "$(title_row)" | sed 's/ *$//')
bad=$(printf '%s\n' "$t80" | awk -F'; ' '{
	if ($1 !~ /^heap (absolute|normalised): [0-9]+ of [0-9]+ bands by (area|peak)( \+ other( \([0-9]+ asked: no room\))?)?$/)
		print "head: " $1
	for (i = 2; i <= NF; i++)
		if ($i !~ /^(steps: a census every ~[0-9.]+[a-z]+, [0-9]+ in view|a census every ~[0-9.]+[a-z]+|cursor: census of [0-9.]+[a-z]+|cursor: no census yet|by info table)$/)
			print "part: " $i
}')
eq title-80-whole-parts "$bad" "" "(title '$t80')"
check title-80-cursor '^heap .*; cursor: no census yet$'
keys q
check_exit title-80-quit 0

# ==== a band named with control characters: escaped ====
# profile-hT with every ARR_WORDS (9 bytes) replaced by ESC [31mABCD
# (9 bytes, so the log stays well-formed)
HOSTILE=$E2E_T/hostile.eventlog
LC_ALL=C sed 's/ARR_WORDS/\x1b[31mABCD/g' "$HT" >"$HOSTILE"
if [ "$(wc -c <"$HOSTILE")" = "$(wc -c <"$HT")" ] && ! cmp -s "$HOSTILE" "$HT"; then pass; else
	fail hostile-log "sed did not make the hostile log"
fi
heap_model "$HOSTILE" "$R/hostile.tsv"
start 120 32 -- --bands 8 "$HOSTILE"
wait_for "$READY"
keys H
check hostile-title "$TITLE_RE"
get_window
rank "$R/hostile.tsv" "$T0" "$T1" area | cut -f1 >"$R/area"
legend_names >"$R/got"
head -n "$(wc -l <"$R/got")" "$R/area" >"$R/want"
eq_file hostile-legend "$R/got" "$R/want"
# shown as text, never as an escape sequence
check hostile-escaped '  \\x1b\[31mABCD$'
capture_e
grep -q "$ESC\[31mABCD" "$E2E_SCREEN_E" && fail hostile-no-sgr "the name's escape reached the terminal" || pass
keys q
check_exit hostile-quit 0

# ==== a log without a heap profile ====
start 120 32 -- "$TH"
wait_for "$READY"
keys H
check none-says 'no heap profile in this log: run with \+RTS -hT, or -hc/-hm/-hd/-hy with a profiled build'
check_not none-no-list "$ANY_LIST_RE"
keys M
check_status none-mode 'no heap profile in this log'
keys j x r l
sleep 0.3
alive none-keys
keys H
check none-back "$LIST_RE"
keys q
check_exit none-quit 0

# ==== tiny terminals: never drawn outside, never a crash ====
for size in "40 10" "20 8" "30 9" "50 11" "60 12"; do
	set -- $size
	start "$1" "$2" -- "$HT"
	wait_for '^util'
	keys H
	check "tiny-$1x$2-title" "$TITLE_RE"
	keys l l l j x M r + - j k Escape Escape
	sleep 0.4
	alive "tiny-$1x$2"
	# and resized under it, down to too small and back
	tm resize-window -t e2e -x 18 -y 6 2>/dev/null
	sleep 0.3
	tm resize-window -t e2e -x 90 -y 24 2>/dev/null
	sleep 0.3
	alive "tiny-$1x$2-resized"
	check "tiny-$1x$2-title-after" "$TITLE_RE"
	keys q
	check_exit "tiny-$1x$2-quit" 0
done

# ==== the key hints follow the rc file's binds ====
mkdir -p "$E2E_T/cfg-keys/hectic"
printf '%s\n' 'bind M none' 'bind Z pane-mode' 'bind r none' 'bind Y pane-sort' 'bind x none' \
	'bind O highlight' 'bind P none' 'bind U profile-view' 'set lane-height 1' >"$E2E_T/cfg-keys/hectic/hecticrc"
start 200 32 XDG_CONFIG_HOME="$E2E_T/cfg-keys" -- "$HT"
wait_for "$READY"
keys H
check_status rc-keys-open 'Z normalises, Y ranks by peak, O highlights, >/< more or fewer bands'
keys c
check_status rc-keys-profile 'pane-cap: in the profile view \(U\)'
keys Z
check_status rc-keys-bound 'heap: normalised'
keys q
check_exit rc-keys-quit 0

# ==== how many bands (issue 20): --bands, the rc file, > and <, other ====
# the legend's entries side by side: "letter value share name" per entry
# (filled down each column), each entry LEGEND_W wide
# entries FILE: the letters of the legend's entries on the screen, in
# legend order (down each column first)
entries() {
	# (an ellipsis, three bytes, as one column, and awk counting bytes
	# whichever it is: mawk counts bytes, gawk characters)
	sed 's/\xe2\x80\xa6/./g' "$1" | LC_ALL=C awk -v w="$2" 'substr($0, 1, 5) ~ /^[> ]    $/ && substr($0, 6, 1) ~ /[a-zA-Z0-9~]/ && substr($0, 7, 1) == " " {
		for (c = 0; c * w < length($0); c++) {
			e = substr($0, c * w + 1, w)
			if (substr(e, 6, 1) ~ /[a-zA-Z0-9~]/ && substr(e, 7, 1) == " ")
				col[c] = col[c] substr(e, 6, 1)
		}
	}
	END { for (c = 0; c in col; c++) printf "%s", col[c]; print "" }'
}
nb_ht=$("$E2E_HECTIC" heap --top 1000 "$HT" | sed -n '1s/.*censuses, \([0-9]*\) bands.*/\1/p')
start 120 40 -- "$HT"
wait_for "$READY"
keys H
check bands-default-title "^heap absolute: 15 of $nb_ht bands by area \\+ other"
# 15 bands and other, side by side (the pane's 34 rows keep half for the chart)
eq bands-default-legend "$(entries "$E2E_SCREEN" 60)" "abcdefghijklmno~"
keys '>' '>'
check bands-more-title "^heap absolute: 17 of $nb_ht bands"
check_status bands-more-says 'heap: up to 17 bands on their own'
eq bands-more-legend "$(entries "$E2E_SCREEN" 60)" "abcdefghijklmnopq~"
keys '<' '<' '<'
check bands-fewer-title "^heap absolute: 14 of $nb_ht bands"
# Enter on other: the bands in it, ranked, from the 15th on
keys G
for i in $(seq 1 16); do keys j; done
wait_change
eq bands-other-selected "$(grep -c '>    ~ ' "$E2E_SCREEN")" 1
keys Enter
check other-list-title "^other: $((nb_ht - 14)) bands ranked by area over the window"
# its first row: the 15th band by area over the window, as awk ranks them
get_window
rank "$R/ht.tsv" "$T0" "$T1" area | cut -f1 >"$R/area"
first=$(sed -n 's/^>   15  *[-0-9.kMGB]*  *[-0-9.%]*  peak  *[0-9.kMGB]*  //p' "$E2E_SCREEN")
eq_set other-list-first "$first" "$(sed -n 15p "$R/area")"
keys j j
wait_change
second=$(grep -E '^ +16 ' "$E2E_SCREEN" | sed 's/^ *16  *[-0-9.kMGB]*  *[-0-9.%]*  peak  *[0-9.kMGB]*  //')
eq_set other-list-second "$second" "$(sed -n 16p "$R/area")"
grep -q '^>   17 ' "$E2E_SCREEN" && pass || fail other-list-moves "j j did not select the 17th"
keys Escape
check other-list-closed "^heap absolute: 14 of $nb_ht bands"
check_not other-list-gone '^other: '
keys q
check_exit bands-quit 0
# --bands on the command line, and the rc file's heap-bands (the command
# line wins)
start 200 50 -- --bands 3 "$HT"
wait_for "$READY"
keys H
check bands-option-title "^heap absolute: 3 of $nb_ht bands by area \\+ other"
keys q
check_exit bands-option-quit 0
mkdir -p "$E2E_T/cfg-bands/hectic"
printf '%s\n' 'set heap-bands 5' 'set lane-height 1' >"$E2E_T/cfg-bands/hectic/hecticrc"
start 200 50 XDG_CONFIG_HOME="$E2E_T/cfg-bands" -- "$HT"
wait_for "$READY"
keys H
check bands-rc-title "^heap absolute: 5 of $nb_ht bands by area \\+ other"
keys q
check_exit bands-rc-quit 0
start 200 50 XDG_CONFIG_HOME="$E2E_T/cfg-bands" -- --bands 7 "$HT"
wait_for "$READY"
keys H
check bands-option-over-rc "^heap absolute: 7 of $nb_ht bands"
keys q
check_exit bands-over-quit 0
for bad in 0 61 x; do
	"$E2E_HECTIC" --bands "$bad" "$HT" >"$E2E_T/out" 2>&1
	st=$?
	eq "bands-bad-$bad" "$st $(grep -c "bad --bands '$bad' (use 1 to 60)" "$E2E_T/out")" "2 1"
done

# ==== a -hi profile (GHC 9.10): bands named by their info tables ====
HI=$F/modern/ghc910-heap-hi.eventlog
HI_SHOW=$F/modern/ghc910-heap-hi.oracle.show
start 200 80 -- --bands 30 "$HI"
wait_for "$READY"
keys H
check hi-title "^heap absolute: .* bands by area.*; by info table"
# every legend name: "TABLE SRC" as the log's Info Table line gives them
# (show's text: "Info Table: ADDR:CLOSURE:TABLE - SRC"), or "0xADDR (no
# provenance)" for an address without one
sed -n 's/^[> ]    [a-zA-Z0-9]  *[-0-9.kMGB]*  *[-0-9.%]*  peak  *[0-9.kMGB]*  //p' "$E2E_SCREEN" >"$R/hi-names"
awk 'FNR == NR { if (match($0, /: Info Table: /)) { r = substr($0, RSTART + RLENGTH)
		split(r, a, ":"); addr = a[1]; sub(/^[0-9a-f]*:[^:]*:/, "", r)
		t = r; sub(/ - .*$/, "", t); src = r; sub(/^.* - /, "", src)
		name[addr] = src == ":" ? t : t " " src; has[t " " src] = 1; has[t] = 1 }
		next }
	/^0x[0-9a-f]* \(no provenance\)$/ { ad = substr($1, 3); if (ad in name) { print "has provenance: " $0 }; nohave++; next }
	{ if (!($0 in has)) print "not an Info Table: " $0; named++ }
	END { if (named < 10 || nohave < 1) print "named " named ", without " nohave }' "$HI_SHOW" "$R/hi-names" >"$R/hi-bad"
if [ -s "$R/hi-names" ] && [ ! -s "$R/hi-bad" ]; then pass; else
	fail hi-names "$(head -5 "$R/hi-bad") ($(wc -l <"$R/hi-names") names)"
fi
# the selected band's provenance: the first band with a source location
n=$(grep -nE '^[> ]    [a-zA-Z0-9]  .*  [^ ]+_info [^ ]+:[0-9]' "$E2E_SCREEN" | head -1 | cut -d: -f1)
sel=$(grep -n '^>    a ' "$E2E_SCREEN" | cut -d: -f1)
steps=$((n - sel))
while [ "$steps" -gt 0 ]; do keys j; steps=$((steps - 1)); done
keys x
check hi-detail '^table   0x[0-9a-f]+ [^ ]+_info, [A-Z_0-9]+, type .*, module Main, '
addr=$(sed -n 's/^table   0x\([0-9a-f]*\) .*/\1/p' "$E2E_SCREEN")
want=$(awk -v a="$addr" 'match($0, /: Info Table: /) { r = substr($0, RSTART + RLENGTH); split(r, f, ":")
	if (f[1] == a) { t = r; sub(/^[0-9a-f]*:[^:]*:/, "", t); src = t; sub(/ - .*$/, "", t); sub(/^.* - /, "", src); print t " " src } }' "$HI_SHOW")
got=$(sed -n 's/^table   0x[0-9a-f]* \([^,]*\), .*, \([^,]*\)$/\1 \2/p' "$E2E_SCREEN")
eq_set hi-detail-provenance "$got" "$want"
keys q
check_exit hi-quit 0

echo "e2e-heap: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
