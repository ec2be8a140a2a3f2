#!/bin/sh
# End-to-end tests of the compare mode of the spans panel (S) and of the
# interval's statistics (s) with two logs (hectic A B, issue 21). Real
# pairs from GHC 9.0.2 and 9.6.6 (tests/fixtures/diff): the same program
# at -A1m and -A16m (spans build, churn, chunk, reduce in both), two
# programs that share no span (sparks / pingpong: "only in A" / "only in
# B"), a file against itself (every change 0), a run without GC events.
#
# The spans panel's rows, in order, are checked against references
# formatted here, with awk, from `hectic spans --tsv` of each run (the
# figures) and `hectic diff --tsv --all A B` (its spans rows: the same
# figures, and the order, by the change of each name's total); the rows
# are matched on the screen as whole lines, in the layout each case names
# for its terminal (wide: p50, p99 and max columns too; narrow: count and
# total), checked on the panel's header while hectic is still up (not read
# from the screen and then trusted). Enter goes to the slowest span
# of the name in the run the event list shows (A, and B after Tab). The
# statistics of an interval marked on the axis are checked against
# `hectic summary --tsv --from --to` of each run over its own interval (B's
# mapped onto its clock by --align's markers, from `hectic markers
# --tsv`), and against `hectic diff --align --from --to`'s summary rows.
# The real binary in a detached tmux session, driven by keys.
# Usage: tests/e2e/compare-spans.sh path/to/hectic. Exit 0 when every
# check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/compare-spans.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
missing=0
for t in tmux:tmux env:coreutils sleep:coreutils mktemp:coreutils head:coreutils \
	cut:coreutils wc:coreutils cmp:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e-compare-spans: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
if [ "$missing" -gt 0 ]; then
	echo "e2e-compare-spans: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

D=tests/fixtures/diff
READY='events: '
TAB=$(printf '\t')

eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}

# the reports run as the viewer does: the same (empty) home, so the same
# rc file's span rules
ref() { env -u XDG_CONFIG_HOME HOME="$E2E_T/home" "$E2E_HECTIC" "$@"; }
mkdir -p "$E2E_T/home"

# the panel's formats, independently: model/timefmt.c's time_format (4
# significant digits), separators, signed changes, B / A to 2 decimals
AWKLIB='
function tf(ns,   i, v, dec, scale, r) {
	split("1000000000 1000000 1000", DV, " "); split("s ms us", UN, " ")
	for (i = 1; i <= 3; i++) {
		if (ns < DV[i] + 0) continue
		v = ns / DV[i]
		for (dec = 3; dec > 0; dec--) {
			scale = dec == 3 ? 1000 : dec == 2 ? 100 : 10
			r = int(v * scale + 0.5) / scale
			if (r < (dec == 3 ? 10 : dec == 2 ? 100 : 1000)) break
		}
		if (dec == 0 && i > 1 && int(v + 0.5) >= 1000) return sprintf("%.3f%s", ns / DV[i - 1], UN[i - 1])
		return sprintf("%." dec "f%s", v, UN[i])
	}
	return sprintf("%dns", ns)
}
function commas(v,   s, out, n) {
	s = sprintf("%.0f", v); out = ""
	while (length(s) > 3) { n = length(s); out = "," substr(s, n - 2) out; s = substr(s, 1, n - 3) }
	return s out
}
# a figure of kind k (c count, t time, b bytes, f fraction, y flag)
function fig(v, k) {
	if (v == "") return "-"
	if (k == "t") return tf(v + 0)
	if (k == "b") return commas(v + 0)
	if (k == "f") return sprintf("%.4f", v + 0)
	if (k == "y") return v + 0 ? "yes" : "no"
	return sprintf("%.0f", v + 0)
}
function delta(a, b, k,   d, m, s) {
	if (a == "" || b == "" || k == "y") return ""
	d = b - a
	if (k == "f") return (d < 5e-5 && d > -5e-5) ? "+0.0000" : sprintf("%+.4f", d)
	m = d < 0 ? -d : d; s = d > 0 ? "+" : d < 0 ? "-" : ""
	return s (k == "t" ? tf(m) : k == "b" ? commas(m) : sprintf("%.0f", m))
}
function ratio(a, b, k) {
	if (a == "" || b == "" || k == "y" || a + 0 == 0) return ""
	return sprintf("%.2f", b / a)
}
function kind(f) {
	if (f ~ /_ns$/) return "t"
	if (f ~ /_bytes$/) return "b"
	if (f == "productivity") return "f"
	if (f == "memory_is_lower_bound" || f == "gc_includes_heap_census") return "y"
	return "c"
}
function rtrim(s) { sub(/ +$/, "", s); return s }
'

# in_order NAME FILE: every line of FILE is on the screen, on consecutive
# rows, in FILE's order
in_order() {
	prev=
	bad=
	while IFS= read -r l; do
		n=$(grep -nF -- "$l" "$E2E_SCREEN" | head -1 | cut -d: -f1)
		if [ -z "$n" ]; then bad="not on the screen: '$l'"; break; fi
		if [ -n "$prev" ] && [ "$n" -ne $((prev + 1)) ]; then bad="out of order at '$l' (row $n after $prev)"; break; fi
		prev=$n
	done <"$2"
	if [ -z "$bad" ] && [ -n "$prev" ]; then pass; else
		fail "$1" "${bad:-no lines expected}
    want:
$(sed 's/^/    /' "$2")"
	fi
}

# ---- the spans panel ----

# spans_ref A B: $E2E_T/sp with one line a name in diff's order ("name
# countA countB totalA totalB p50A p50B p99A p99B maxA maxB", tab
# separated, empty where a run lacks the name) from `spans --tsv` of each
# run, ordered as diff --tsv --all orders the names' total_ns rows; also
# checks that diff's figures are spans --tsv's
spans_ref() {
	ref spans --tsv "$1" >"$E2E_T/sa"
	ref spans --tsv "$2" >"$E2E_T/sb"
	ref diff --tsv --all "$1" "$2" | awk -F'\t' '$1 == "spans"' >"$E2E_T/ds"
	awk -F'\t' -v OFS='\t' '
	FILENAME == ARGV[1] && FNR > 1 { a[$1] = $2 " " $3 " " $4 " " $6 " " $7; next }
	FILENAME == ARGV[2] && FNR > 1 { b[$1] = $2 " " $3 " " $4 " " $6 " " $7; next }
	FILENAME == ARGV[3] {
		k = $2; f = k; sub(/^.* /, "", f); nm = substr(k, 1, length(k) - length(f) - 1)
		idx = f == "count" ? 1 : f == "total_ns" ? 2 : f == "p50_ns" ? 3 : f == "p99_ns" ? 4 : 5
		if (nm in a) { split(a[nm], x, " "); if (x[idx] != $3) print "diff a " k " " $3 " spans " x[idx] > "/dev/stderr" }
		else if ($3 != "") print "diff a " k " not in spans A" > "/dev/stderr"
		if (nm in b) { split(b[nm], y, " "); if (y[idx] != $4) print "diff b " k " " $4 " spans " y[idx] > "/dev/stderr" }
		else if ($4 != "") print "diff b " k " not in spans B" > "/dev/stderr"
		if (f != "total_ns") next
		split(nm in a ? a[nm] : "    ", x, " "); split(nm in b ? b[nm] : "    ", y, " ")
		print nm, x[1], y[1], x[2], y[2], x[3], y[3], x[4], y[4], x[5], y[5]
	}' "$E2E_T/sa" "$E2E_T/sb" "$E2E_T/ds" >"$E2E_T/sp" 2>"$E2E_T/sp-err"
}

# rows_want NW WIDE: the panel's rows as the references give them
rows_want() {
	awk -F'\t' -v nw="$1" -v wide="$2" "$AWKLIB"'
	function cnt(v) { return v == "" ? "" : v }
	function t(v) { return v == "" ? "" : tf(v + 0) }
	{
		d = $4 == "" ? "only in B" : $5 == "" ? "only in A" : delta($4, $5, "t")
		r = ratio($4, $5, "t")
		l = sprintf("%-" nw "s %7s %7s %9s %9s %10s %6s", substr($1, 1, nw), cnt($2), cnt($3), t($4), t($5), d, r)
		if (wide) l = l sprintf(" %9s %9s %9s %9s %9s %9s", t($6), t($7), t($8), t($9), t($10), t($11))
		print rtrim(l)
	}' "$E2E_T/sp"
}

# detail_want ROW: the figures of row ROW (1: the first) under the list
detail_want() {
	awk -F'\t' -v n="$1" "$AWKLIB"'
	function cell(v, k) { return v == "" ? "" : k == "c" ? v : tf(v + 0) }
	NR == n {
		split("count total p50 p99 max", lab, " ")
		for (i = 1; i <= 5; i++) {
			a = $(2 * i); b = $(2 * i + 1); k = i == 1 ? "c" : "t"
			d = a == "" ? "only in B" : b == "" ? "only in A" : delta(a, b, k)
			print rtrim(sprintf("%-8s%9s %9s %10s %6s", lab[i], cell(a, k), cell(b, k), d, ratio(a, b, k)))
		}
	}' "$E2E_T/sp"
}

# name_width: the panel's name column, from its header ("name", padded,
# then " count A")
name_width() {
	h=$(grep -o 'name *count A' "$E2E_SCREEN" | head -1)
	[ -n "$h" ] && echo $((${#h} - 7))
}

# slowest NAME LETTER SPAN MAX: Enter went to SPAN's slowest span in run
# LETTER, MAX ns long: said (as far as the status line has room), and in
# view, the window twice its length (at most the whole run's, W0)
slowest() {
	msg="the slowest '$3' in $2: $(awk "$AWKLIB"'BEGIN { print tf('"$4"') }'), on thread"
	if [ "$E2E_W" -lt 120 ]; then msg=$(printf '%s' "$msg" | cut -c1-5); fi
	check_status "$1" "^ *$2: .*$msg"
	sw_name=$1 sw_want=$((2 * $4))
	[ "$sw_want" -gt "$W0" ] && sw_want=$W0 # (the whole run at most)
	set -- $(window)
	eq "$sw_name-window" "$(($2 - $1))" "$sw_want" "(the window after Enter)"
}

# spans_pair TAG A B W H LAYOUT: the panel of A and B at W x H: LAYOUT
# wide (the p50, p99 and max columns too) or narrow (count and total
# only), checked on the panel's header while it is on the screen; rows,
# the selected name's figures, Enter in A, and in B after Tab
spans_pair() {
	tag=$1 A=$2 B=$3 layout=$6
	spans_ref "$A" "$B"
	if [ -s "$E2E_T/sp" ] && [ ! -s "$E2E_T/sp-err" ]; then pass; else
		fail "$tag-reference" "diff and spans disagree, or no spans: $(head -3 "$E2E_T/sp-err")"
	fi
	nn=$(wc -l <"$E2E_T/sp")
	start "$4" "$5" -- "$A" "$B"
	check "$tag-ready" "$READY"
	set -- $(window)
	W0=$(($2 - $1))
	keys S
	check "$tag-title" "spans of A and B: $nn names, biggest change first \\(<Enter>: the slowest in A\\)"
	nw=$(name_width)
	# the layout the terminal's width calls for, on the panel itself
	# (the screen still hectic's, its title just seen)
	head_re='name +count A +count B +total A +total B +B - A +B/A'
	wide_re="$head_re +p50 A +p50 B +p99 A +p99 B +max A +max B"
	if [ "$layout" = wide ]; then
		wide=1
		check "$tag-wide" "$wide_re"
	else
		wide=0
		check "$tag-narrow" "$head_re"
		check_not "$tag-narrow-no-p50" 'p50 A|p99 A|max A'
	fi
	rows_want "$nw" "$wide" >"$E2E_T/want"
	in_order "$tag-rows" "$E2E_T/want"
	detail_want 1 >"$E2E_T/want"
	in_order "$tag-detail-1" "$E2E_T/want"
	if [ "$nn" -ge 2 ]; then
		keys j
		detail_want 2 >"$E2E_T/want"
		wait_change
		in_order "$tag-detail-2" "$E2E_T/want"
		keys k
		wait_change
	fi
	# Enter: the first name's slowest span in A (the shown run), or, for a
	# name only B has, which run has it
	first=$(head -1 "$E2E_T/sp" | cut -f1)
	maxa=$(head -1 "$E2E_T/sp" | cut -f10)
	maxb=$(head -1 "$E2E_T/sp" | cut -f11)
	keys Enter
	if [ -n "$maxa" ]; then
		slowest "$tag-slowest-a" A "$first" "$maxa"
	else
		check_status "$tag-only-b" "'$first' is only in run B: <Tab> shows that run"
		keys Escape
	fi
	# Tab: the event list shows B; the columns stay A's and B's
	keys "$TAB"
	check_status "$tag-tab" '^ *B: '
	keys S
	check "$tag-title-b" "spans of A and B: $nn names, biggest change first \\(<Enter>: the slowest in B\\)"
	rows_want "$nw" "$wide" >"$E2E_T/want"
	in_order "$tag-rows-b" "$E2E_T/want"
	keys Enter
	if [ -n "$maxb" ]; then
		slowest "$tag-slowest-b" B "$first" "$maxb"
	else
		check_status "$tag-only-a" "'$first' is only in run A: <Tab> shows that run"
	fi
	keys Escape q
	check_exit "$tag-quit" 0
}

for g in ghc96 ghc90; do
	spans_pair "$g-alloc-wide" "$D/$g-alloc-A1m.eventlog" "$D/$g-alloc-A16m.eventlog" 200 50 wide
done
# 80x24: count and total only, every figure of the selected name under them
spans_pair ghc96-alloc-80 "$D/ghc96-alloc-A1m.eventlog" "$D/ghc96-alloc-A16m.eventlog" 80 24 narrow
spans_pair ghc96-alloc-160 "$D/ghc96-alloc-A1m.eventlog" "$D/ghc96-alloc-A16m.eventlog" 160 45 wide
# two programs: no name in common
spans_pair ghc96-unrelated "$D/ghc96-sparks.eventlog" "$D/ghc96-pingpong.eventlog" 200 50 wide
grep -q 'only in A' "$E2E_T/want" && grep -q 'only in B' "$E2E_T/want" && pass ||
	fail unrelated-only "no 'only in' row in $(cat "$E2E_T/want")"
spans_pair ghc90-unrelated-b "$D/ghc90-pingpong.eventlog" "$D/ghc90-sparks.eventlog" 120 40 narrow
# the same file twice: every change 0
spans_pair same "$D/ghc96-alloc-A1m.eventlog" "$D/ghc96-alloc-A1m.eventlog" 200 50 wide
if awk '{ if ($0 !~ / 0ns +1\.00 /) bad = 1 } END { exit bad }' "$E2E_T/want"; then pass; else
	fail same-zero "a change in $(cat "$E2E_T/want")"
fi

# ---- the interval's statistics ----

# stats_want A B ALO AHI BLO BHI: the panel's rows (field's label, A, B, B - A,
# B / A as regexes of whole cells) from summary --tsv of each run over its
# interval; checks diff --align's summary rows agree ($E2E_T/dsum)
stats_want() {
	ref summary --tsv --from "$3" --to "$4" "$1" >"$E2E_T/suma"
	ref summary --tsv --from "$5" --to "$6" "$2" >"$E2E_T/sumb"
	awk -F'\t' "$AWKLIB"'
	FILENAME == ARGV[1] && FNR > 1 && $1 != "from" && $1 != "to" { if (!($1 in a)) ord[++n] = $1; a[$1] = $2; ha[$1] = 1; next }
	FILENAME == ARGV[2] && FNR > 1 && $1 != "from" && $1 != "to" { if (!($1 in a) && !($1 in b)) ord[++n] = $1; b[$1] = $2; hb[$1] = 1; next }
	END {
		for (i = 1; i <= n; i++) {
			f = ord[i]; k = kind(f)
			va = f in ha ? a[f] : ""; vb = f in hb ? b[f] : ""
			# the field as people read it (issue 33): its unit suffix
			# left out, words apart ("gen0 elapsed")
			l = f; sub(/_(ns|bytes)$/, "", l); gsub(/_/, " ", l)
			print l "\t" fig(va, k) "\t" fig(vb, k) "\t" delta(va, vb, k) "\t" ratio(va, vb, k)
		}
	}' "$E2E_T/suma" "$E2E_T/sumb"
}

# stats_rows NAME WANT: each field's row on the screen: the field, then
# its cells (those it has), two spaces or more apart
stats_rows() {
	bad=
	while IFS="$TAB" read -r f a b d r; do
		re=" $f +$(printf '%s' "$a" | sed 's/[.+]/\\&/g') +$(printf '%s' "$b" | sed 's/[.+]/\\&/g')"
		[ -n "$d" ] && re="$re +$(printf '%s' "$d" | sed 's/[.+]/\\&/g')"
		[ -n "$r" ] && re="$re +$r"
		grep -Eq -- "$re( |\$)" "$E2E_SCREEN" || { bad="$bad
    no row /$re/"; }
	done <"$2"
	if [ -z "$bad" ]; then pass; else fail "$1" "$bad"; fi
}

# the markers the runs are aligned at, in ns of each clock
first_time() { ref markers --tsv "$1" | awk -F'\t' -v re="$2" 'NR > 1 && $4 ~ re { print $1; exit }'; }

# stats_pair TAG A B: the interval 90ms..130ms of A's clock, B aligned at
# the marker "built" (B's interval: the same span from its own "built")
stats_pair() {
	tag=$1 A=$2 B=$3
	ta=$(first_time "$A" '^built$')
	tb=$(first_time "$B" '^built$')
	alo=90000000 ahi=130000000
	blo=$((alo - ta + tb)) bhi=$((ahi - ta + tb))
	stats_want "$A" "$B" $alo $ahi $blo $bhi >"$E2E_T/want"
	[ "$(wc -l <"$E2E_T/want")" -ge 10 ] && pass || fail "$tag-reference" "$(cat "$E2E_T/want")"
	# diff measured from each run's "built": the same two intervals
	ref diff --tsv --all --align '^built$' --from $((alo - ta)) --to $((ahi - ta)) "$A" "$B" |
		awk -F'\t' '$1 == "summary" { print $2 "\t" $3 "\t" $4 }' | sort >"$E2E_T/dsum"
	awk -F'\t' 'FNR > 1 && $1 != "from" && $1 != "to" { print $1 "\t" $2 }' "$E2E_T/suma" | sort >"$E2E_T/ca"
	awk -F'\t' 'FNR > 1 && $1 != "from" && $1 != "to" { print $1 "\t" $2 }' "$E2E_T/sumb" | sort >"$E2E_T/cb"
	cut -f1,2 "$E2E_T/dsum" | awk -F'\t' '$2 != ""' >"$E2E_T/da"
	cut -f1,3 "$E2E_T/dsum" | awk -F'\t' '$2 != ""' >"$E2E_T/db"
	awk -F'\t' '$2 != ""' "$E2E_T/ca" >"$E2E_T/ca2"
	awk -F'\t' '$2 != ""' "$E2E_T/cb" >"$E2E_T/cb2"
	if cmp -s "$E2E_T/da" "$E2E_T/ca2" && cmp -s "$E2E_T/db" "$E2E_T/cb2"; then pass; else
		fail "$tag-diff-agrees" "diff --align: $(diff "$E2E_T/da" "$E2E_T/ca2" | head -5) $(diff "$E2E_T/db" "$E2E_T/cb2" | head -5)"
	fi
	start 200 60 -- --align '^built$' "$A" "$B"
	check "$tag-ready" "$READY"
	keys :
	text 90ms
	keys Enter v :
	text 130ms
	keys Enter v
	check_status "$tag-marked" 'interval marked'
	keys s
	check "$tag-title" "interval 90\\.000ms \\.\\. 130\\.000ms: runs A and B"
	# B's interval on its own clock, to the microsecond
	bl=$(fmt_at "$blo" "$blo" 1000) bh=$(fmt_at "$bhi" "$bhi" 1000)
	check "$tag-intervals" "A: 90\\.000ms \\.\\. 130\\.000ms   B: $bl \\.\\. $bh   \\(each run's clock\\)"
	stats_rows "$tag-rows" "$E2E_T/want"
	[ -n "${ABSENT:-}" ] && check "$tag-absent" "$ABSENT"
	# Tab: the event list shows B, the mark moves onto B's clock; A's
	# and B's columns are the same
	keys Escape "$TAB"
	check_status "$tag-tab" '^ *B: .*the event list shows run B'
	keys s
	check "$tag-title-b" "interval $bl \\.\\. $bh: runs A and B"
	stats_rows "$tag-rows-b" "$E2E_T/want"
	keys Escape q
	check_exit "$tag-quit" 0
}

stats_pair ghc96-stats "$D/ghc96-alloc-A1m.eventlog" "$D/ghc96-alloc-A16m.eventlog"
stats_pair ghc90-stats "$D/ghc90-alloc-A1m.eventlog" "$D/ghc90-alloc-A16m.eventlog"
# a run without GC or heap events: its figures "-", said under the table
ABSENT=' A: no GC' stats_pair au-stats "$D/ghc96-alloc-A1m-au.eventlog" "$D/ghc96-alloc-A16m.eventlog"
grep -q "^collections$TAB-$TAB" "$E2E_T/want" && pass || fail au-dash "$(grep collections "$E2E_T/want")"

# 80x24: the table scrolls in a box the screen's width
start 80 24 -- "$D/ghc96-alloc-A1m.eventlog" "$D/ghc96-alloc-A16m.eventlog"
check small-ready "$READY"
keys :
text 90ms
keys Enter v :
text 130ms
keys Enter v s
check small-title 'interval 90\.000ms \.\. 130\.000ms: runs A and B'
check small-head ' field +A +B +B - A +B/A'
alive small-alive
keys Escape q
check_exit small-quit 0

echo "e2e-compare-spans: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
