#!/bin/sh
# End-to-end tests of the threads' compare mode (issue 21, part 2: hectic A
# B): the threads panel (t) and the thread rows pane (R) with two runs. The
# real binary in a detached tmux session, driven by keys, on real pairs of
# runs (tests/fixtures/diff: the same program at -A1m and -A16m, and two
# programs that share nothing, each from GHC 9.0.2 and 9.6.6), checked on
# the captured screen against `hectic diff --tsv --all A B`'s threads rows
# and each run's own `hectic threads --tsv` (two independent reports of the
# same figures), and against each run's `hectic show` text for the rows'
# cells.
# Usage: tests/e2e/compare-threads.sh path/to/hectic. Exit 0 when every
# check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/compare-threads.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
missing=0
for t in tmux:tmux stty:coreutils env:coreutils sleep:coreutils sort:coreutils \
	mktemp:coreutils head:coreutils cmp:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e-compare-threads: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
if [ ! -r /proc/self/stat ]; then
	echo "e2e-compare-threads: /proc is not mounted (mount -t proc proc /proc)"
	missing=$((missing + 1))
fi
if [ "$missing" -gt 0 ]; then
	echo "e2e-compare-threads: $missing checks, $missing failed"
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
# same NAME FILE WANT: the two files are equal
same() {
	if cmp -s "$2" "$3"; then pass; else
		fail "$1" "got:
$(sed 's/^/      /' "$2")
    want:
$(sed 's/^/      /' "$3")"
	fi
}

# ---- the references ----
# per_label RUN [--from T --to T]: each label of the run's `hectic threads
# --tsv` (the unlabelled as hectic diff names them), its threads' running
# time and runs summed: "LABEL<TAB>RUNNING_NS<TAB>RUNS", by label
per_label() {
	_r=$1
	shift
	"$E2E_HECTIC" threads --tsv "$@" "$_r" | awk -F '\t' 'NR > 1 {
		k = $2 == "" ? "(unlabelled)" : $2; run[k] += $6; runs[k] += $7 }
		END { for (k in run) printf "%s\t%d\t%d\n", k, run[k], runs[k] }' | LC_ALL=C sort
}
# joined A B [FROM_A TO_A FROM_B TO_B]: per label "LABEL<TAB>A_NS<TAB>B_NS
# <TAB>A_RUNS<TAB>B_RUNS", a run without the label empty, from each run's
# own report (the labels of the whole run; the figures over the window
# given, each on its run's clock, 0 for a label none of whose threads is
# alive in it)
joined() {
	per_label "$1" >"$E2E_T/pa"
	per_label "$2" >"$E2E_T/pb"
	: >"$E2E_T/pwa"
	: >"$E2E_T/pwb"
	if [ $# -gt 2 ]; then
		per_label "$1" --from "$3" --to "$4" >"$E2E_T/pwa"
		per_label "$2" --from "$5" --to "$6" >"$E2E_T/pwb"
	fi
	awk -F '\t' -v win=$(($# > 2)) '
	FILENAME == ARGV[1] { a[$1] = $2 "\t" $3; k[$1] = 1; next }
	FILENAME == ARGV[2] { b[$1] = $2 "\t" $3; k[$1] = 1; next }
	FILENAME == ARGV[3] { wa[$1] = $2 "\t" $3; next }
	{ wb[$1] = $2 "\t" $3 }
	END { for (l in k) {
		if (win) { if (l in a) a[l] = l in wa ? wa[l] : "0\t0"; if (l in b) b[l] = l in wb ? wb[l] : "0\t0" }
		split(l in a ? a[l] : "\t", x, "\t"); split(l in b ? b[l] : "\t", y, "\t")
		printf "%s\t%s\t%s\t%s\t%s\n", l, x[1], y[1], x[2], y[2] } }' \
		"$E2E_T/pa" "$E2E_T/pb" "$E2E_T/pwa" "$E2E_T/pwb" | LC_ALL=C sort
}
# diff_rows A B SUFFIX [DIFF_OPTION ...]: hectic diff's threads rows of
# that figure ("running_ns" or "runs"), in its order (by the size of the
# change): "LABEL<TAB>A<TAB>B"
diff_rows() {
	_a=$1 _b=$2 _s=$3
	shift 3
	"$E2E_HECTIC" diff --tsv --all "$@" "$_a" "$_b" | awk -F '\t' -v suf=" $_s" \
		'$1 == "threads" && substr($2, length($2) - length(suf) + 1) == suf {
			print substr($2, 1, length($2) - length(suf)) "\t" $3 "\t" $4 }'
}

# ---- the threads panel ----
# panel_rows: the panel's rows on the last capture as "LABEL<TAB>A<TAB>B<TAB>
# CHANGE<TAB>RATIO<TAB>A_RUNS<TAB>B_RUNS<TAB>RUNS_CHANGE", each cell as shown
# (trimmed; "" blank). The columns are read from the header's place: the
# label from "label" to the figures, then the figures' fixed widths (10 10
# 10 7 6 6 6, a blank apart), the first right-aligned under "A running".
# The terminal is 112 columns: the box (110) starts at column 1, and all
# left of its right edge is ASCII.
panel_rows() {
	awk '
	function trim(s) { sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
	function cell(a, w) { return trim(substr($0, a, w)) }
	!on && /label +A running +B running +B - A +B \/ A +A runs +B runs +B - A/ {
		on = 1; xl = index($0, "label"); s = index($0, "A running") - 1; next }
	on {
		l = trim(substr($0, xl, s - 1 - xl))
		if (l == "") exit
		printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", l, cell(s, 10), cell(s + 11, 10),
			cell(s + 22, 10), cell(s + 33, 7), cell(s + 41, 6), cell(s + 48, 6), cell(s + 55, 6)
	}' "$E2E_SCREEN"
}

# check_figures NAME ROWS JOINED DIFF_NS DIFF_RUNS: every row's figures are
# the references': the runs exactly, the times to the precision shown (a
# time on screen, 4 significant digits, is within half its last digit of
# the nanoseconds), a label of one run only marked so; the labels are
# those of both references
check_figures() {
	awk -F '\t' -v name="$1" '
	function ns(s,   v, u, m, d, i) {
		if (s !~ /^[0-9]+(\.[0-9]+)?(ns|us|ms|s)$/) return -1
		u = s; sub(/^[0-9.]+/, "", u); v = s; sub(/[a-z]+$/, "", v)
		m = u == "s" ? 1e9 : u == "ms" ? 1e6 : u == "us" ? 1e3 : 1
		d = 0; i = index(v, "."); if (i) d = length(v) - i
		half[s] = m * 0.5 * 10 ^ -d
		return v * m }
	function near(shown, want) { if (ns(shown) < 0) return 0
		d = ns(shown) - want; if (d < 0) d = -d; return d <= half[shown] + 1e-6 }
	function bad(why) { printf "%s: %s\n", name, why; nbad++ }
	FILENAME == ARGV[1] { row[$1] = $0; nrow++; next }
	FILENAME == ARGV[2] { ref[$1] = $0; nref++; next }
	FILENAME == ARGV[3] { dns[$1] = $2 "\t" $3; ndiff++; next }
	{ druns[$1] = $2 "\t" $3 }
	END {
		if (nrow != nref) bad(nrow " rows, the runs have " nref " labels")
		for (l in ref) {
			if (!(l in row)) { bad("no row for \"" l "\""); continue }
			split(row[l], g, "\t"); split(ref[l], r, "\t")
			split(dns[l], dn, "\t"); split(druns[l], dr, "\t")
			# the two references agree (hectic diff, hectic threads)
			if (dn[1] != r[2] || dn[2] != r[3] || dr[1] != r[4] || dr[2] != r[5])
				bad("\"" l "\": hectic diff " dns[l] " " druns[l] ", hectic threads " r[2] " " r[3] " " r[4] " " r[5])
			for (s = 0; s < 2; s++) {
				t = g[2 + s]; n = g[6 + s]; wt = r[2 + s]; wn = r[4 + s]
				if (wt == "") { if (t != "-" || n != "-") bad("\"" l "\" " (s ? "B" : "A") ": shows " t " " n ", has none"); continue }
				if (!near(t, wt)) bad("\"" l "\" " (s ? "B" : "A") " running " t ", want " wt " ns")
				if (n != wn) bad("\"" l "\" " (s ? "B" : "A") " runs " n ", want " wn)
			}
			if (r[2] == "" || r[3] == "") {
				want = r[2] == "" ? "only in B" : "only in A"
				if (g[4] != want) bad("\"" l "\": change \"" g[4] "\", want \"" want "\"")
				continue
			}
			dd = r[3] - r[2]; sh = g[4]; sg = 1
			if (sh ~ /^-/) { sg = -1; sub(/^-/, "", sh) } else sub(/^\+/, "", sh)
			if (!near(sh, sg * dd)) bad("\"" l "\": change " g[4] ", want " dd " ns")
			if (g[8] + 0 != r[5] - r[4]) bad("\"" l "\": runs change " g[8] ", want " r[5] - r[4])
		}
		exit nbad > 0 }' "$2" "$3" "$4" "$5" >"$E2E_T/figbad" && pass ||
		fail "$1" "$(cat "$E2E_T/figbad")"
}

# picker PAIR A B: the panel over the whole of both runs (the window on
# opening): its rows are the labels of both runs, with the references'
# figures, in hectic diff's order by the change of the running time; r:
# in its order of the runs' change, then by label; Enter goes to the
# label's first run in the run shown, Tab swaps it and the panel's A and B
# stay A and B
picker() {
	pn=$1 A=$2 B=$3 # (pn: lib.sh's settle sets n)
	joined "$A" "$B" >"$E2E_T/joined"
	diff_rows "$A" "$B" running_ns >"$E2E_T/dns"
	diff_rows "$A" "$B" runs >"$E2E_T/druns"
	nl=$(wc -l <"$E2E_T/joined")
	[ "$nl" -ge 3 ] && pass || fail "$pn-labels" "the pair has $nl labels"
	start 112 60 -- "$A" "$B"
	check "$pn-ready" "$READY"
	keys t
	check "$pn-title" "threads of A and B by label: $nl, by change in running time, in the window"
	capture
	panel_rows >"$E2E_T/rows"
	check_figures "$pn-figures" "$E2E_T/rows" "$E2E_T/joined" "$E2E_T/dns" "$E2E_T/druns"
	cut -f1 "$E2E_T/rows" >"$E2E_T/got"
	cut -f1 "$E2E_T/dns" >"$E2E_T/want"
	same "$pn-order-running" "$E2E_T/got" "$E2E_T/want"
	keys r
	check "$pn-by-runs" "by change in runs, in the window"
	capture
	panel_rows | cut -f1 >"$E2E_T/got"
	cut -f1 "$E2E_T/druns" >"$E2E_T/want"
	same "$pn-order-runs" "$E2E_T/got" "$E2E_T/want"
	keys r
	check "$pn-by-label" "by label, in the window"
	capture
	panel_rows >"$E2E_T/rows-label"
	cut -f1 "$E2E_T/rows-label" >"$E2E_T/got"
	cut -f1 "$E2E_T/joined" >"$E2E_T/want"
	same "$pn-order-label" "$E2E_T/got" "$E2E_T/want"
	# Enter on the first row (by label): its first run in A, the thread
	# of the label that ran first
	first_of "$A" "$(head -1 "$E2E_T/want")" >"$E2E_T/first"
	keys Enter
	enter_check "$pn-enter-a" A
	# Tab: the event list shows B; the panel's figures are the same,
	# under the same letters; Enter goes to the label's first run in B
	keys "$TAB"
	check_status "$pn-tab" 'the event list shows run B'
	keys t r r
	check "$pn-tab-panel" "by label, in the window"
	capture
	panel_rows >"$E2E_T/got"
	same "$pn-tab-figures" "$E2E_T/got" "$E2E_T/rows-label"
	first_of "$B" "$(head -1 "$E2E_T/want")" >"$E2E_T/first"
	keys Enter
	enter_check "$pn-enter-b" B
	keys q
	check_exit "$pn-quit" 0
}

# first_of RUN LABEL: "ID FIRST_RUN_NS" of the label's thread that ran
# first in the run, or "none" when no thread of it is there
first_of() {
	"$E2E_HECTIC" threads --tsv "$1" | awk -F '\t' -v l="$2" 'NR > 1 {
		k = $2 == "" ? "(unlabelled)" : $2
		if (k == l && $4 != "" && $4 != "-" && (best == "" || $4 + 0 < best + 0)) { best = $4; id = $1 } }
		END { print best == "" ? "none" : id " " best }'
}

# enter_check NAME LETTER: after Enter on a label, the status says its
# first run in the run (the thread $E2E_T/first names) or that it has none
# there, and the cursor is on that run's column
enter_check() {
	set -- "$1" "$2" $(cat "$E2E_T/first")
	if [ "$3" = none ]; then
		check_status "$1" "none in $2 \\(only in "
		return
	fi
	check_status "$1" "first run in $2: thread $3 "
	capture
	set -- "$1" "$2" "$3" "$4" $(window)
	col=$(awk -v t="$4" -v a="$5" -v b="$6" -v w="$7" 'BEGIN {
		if (t < a || t >= b) { print -1; exit }
		print int(((t - a + 1) * w - 1) / (b - a)) }')
	eq "$1-cursor" "$(win_field 7)" "$col" "(the first run at $4 ns)"
}

picker ghc96-alloc "$D/ghc96-alloc-A1m.eventlog" "$D/ghc96-alloc-A16m.eventlog"
picker ghc90-alloc "$D/ghc90-alloc-A1m.eventlog" "$D/ghc90-alloc-A16m.eventlog"
picker ghc96-unrelated "$D/ghc96-sparks.eventlog" "$D/ghc96-pingpong.eventlog"
picker ghc90-unrelated "$D/ghc90-sparks.eventlog" "$D/ghc90-pingpong.eventlog"

# zoomed in, the runs aligned on their "built" markers: each run's figures
# in its window (B's on its own clock: the window less the markers'
# offset), as each run's `hectic threads --from --to` and `hectic diff
# --align built --from --to` (measured from each run's marker) give them
A=$D/ghc96-alloc-A1m.eventlog B=$D/ghc96-alloc-A16m.eventlog
ta=$("$E2E_HECTIC" markers --grep '^built$' "$A" | awk '{ print $1; exit }')
tb=$("$E2E_HECTIC" markers --grep '^built$' "$B" | awk '{ print $1; exit }')
start 112 60 -- --align '^built$' "$A" "$B"
check zoom-ready "$READY"
keys :
text 60ms
keys Enter + +
check zoom-cursor 'cursor 60'
set -- $(window)
wt0=$1 wt1=$2
sh=$((ta - tb))
joined "$A" "$B" "$wt0" $((wt1 - 1)) $((wt0 - sh)) $((wt1 - 1 - sh)) >"$E2E_T/joined"
diff_rows "$A" "$B" running_ns --align '^built$' --from $((wt0 - ta)) --to $((wt1 - 1 - ta)) >"$E2E_T/dns"
diff_rows "$A" "$B" runs --align '^built$' --from $((wt0 - ta)) --to $((wt1 - 1 - ta)) >"$E2E_T/druns"
# (the window differs from the whole runs: a figure of it differs)
joined "$A" "$B" | cmp -s - "$E2E_T/joined" && fail zoom-window "the window's figures are the whole runs'" || pass
keys t
check zoom-title "by change in running time, in the window"
capture
panel_rows >"$E2E_T/rows"
check_figures zoom-figures "$E2E_T/rows" "$E2E_T/joined" "$E2E_T/dns" "$E2E_T/druns"
cut -f1 "$E2E_T/rows" >"$E2E_T/got"
cut -f1 "$E2E_T/dns" >"$E2E_T/want"
same zoom-order "$E2E_T/got" "$E2E_T/want"
keys Escape q
check_exit zoom-quit 0

# a label of one run only: Enter says it has no thread in the run shown
start 112 60 -- "$D/ghc96-sparks.eventlog" "$D/ghc96-pingpong.eventlog"
check only-ready "$READY"
keys t
check only-panel 'threads of A and B by label'
# (the row of ping, in diff's order of the change in running time)
diff_rows "$D/ghc96-sparks.eventlog" "$D/ghc96-pingpong.eventlog" running_ns >"$E2E_T/only"
pingrow=$(awk -F '\t' '$1 == "ping" { print NR; exit }' "$E2E_T/only")
[ -n "$pingrow" ] && pass || fail only-ping-row "no row of ping in diff's threads"
while [ "${pingrow:-1}" -gt 1 ]; do keys j; pingrow=$((pingrow - 1)); done
keys Enter
check_status only-b 'none in A \(only in B\): ping$'
keys q
check_exit only-quit 0

# a run without scheduler events (+RTS -l-au): its threads are not known,
# said, every label of the other run marked so (not "only in")
start 112 60 -- "$D/ghc96-alloc-A1m.eventlog" "$D/ghc96-alloc-A1m-au.eventlog"
check au-ready "$READY"
keys t
check au-said 'B: no scheduler events in this log'
capture
panel_rows >"$E2E_T/rows"
nunk=$(awk -F '\t' '$4 == "B unknown" && $3 == "-" { k++ } END { print k + 0 }' "$E2E_T/rows")
eq au-rows "$nunk" "$(per_label "$D/ghc96-alloc-A1m.eventlog" | wc -l)"
keys Escape q
check_exit au-quit 0

# ---- the thread rows pane ----
# trow_ref SHOW ID T0 T1 W: thread ID's row over [T0, T1) in W columns,
# computed from the run's `hectic show` text (tests/e2e/threads.sh has the
# same reference, there for one log: see its comment)
trow_ref() {
	awk -v id="$2" -v t0="$3" -v t1="$4" -v w="$5" '
	function cstart(c) { return t0 + int((t1 - t0) * c / w) }
	function colof(t,   c) { c = int((t - t0) * w / (t1 - t0)); if (c >= w) c = w - 1
		while (c + 1 < w && cstart(c + 1) <= t) c++; while (c > 0 && cstart(c) > t) c--; return c }
	function acc(a, b,   c, lo, hi, x, y) {
		if (a < t0) a = t0; if (b > t1) b = t1; if (b <= a) return
		for (c = colof(a); c < w; c++) {
			lo = cstart(c); hi = cstart(c + 1); if (lo >= b) break
			x = a > lo ? a : lo; y = b < hi ? b : hi; if (y <= x) continue
			tot[c, st] += y - x
			if (st == "run" && y - x > best[c]) { best[c] = y - x; bcap[c] = cap }
			if (st ~ /^blk/ && !(c in why)) why[c] = st
		}
	}
	function flag(t, f) { if (t >= t0 && t < t1) fl[colof(t), f] = 1 }
	BEGIN { st = "none"; since = t0 }
	{
		t = $1; sub(/:$/, "", t); t += 0
		if ($0 !~ ("thread " id "( |$)")) next
		c = $3; sub(/:$/, "", c)
		new = st
		if ($0 ~ ("creating thread " id "$")) { new = "runnable"; flag(t, "+") }
		else if ($0 ~ ("running thread " id "$")) { new = "run"; ncap = c }
		else if ($0 ~ ("stopping thread " id " ")) {
			r = $0; sub(/.*\(/, "", r)
			if (r ~ /^thread finished/) { new = "none"; flag(t, "x") }
			else if (r ~ /^making a foreign call/) new = "F"
			else if (r ~ /MVar/) new = "blkM"
			else if (r ~ /STM/) new = "blkS"
			else if (r ~ /black hole/) new = "blkB"
			else if (r ~ /I\/O/) new = "blkI"
			else if (r ~ /threadDelay/) new = "blkD"
			else if (r ~ /throwTo/) new = "blkT"
			else new = "runnable"
		}
		else if ($0 ~ ("waking up thread " id " ") || $0 ~ ("thread " id " is runnable")) {
			if (st != "run") new = "runnable" }
		else if ($0 ~ ("migrating thread " id " ")) flag(t, "~")
		else next
		if (t < since) t = since
		acc(since, t); st = new; since = t
		if (new == "run") cap = ncap
	}
	END {
		acc(since, t1)
		split("none runnable blkM blkS blkB blkI blkD blkT F run", order, " ")
		for (c = 0; c < w; c++) {
			if ((c, "+") in fl) { printf "+"; continue }
			if ((c, "x") in fl) { printf "x"; continue }
			if ((c, "~") in fl) { printf "~"; continue }
			bs = "none"; bv = 0
			for (k = 1; k <= 10; k++) { s = order[k]; v = tot[c, s] + 0
				if (v > bv || (v == bv && bv > 0 && s == "run")) { bv = v; bs = s } }
			if (bs == "run") printf "%s", (bcap[c] < 10 ? bcap[c] : "*")
			else if (bs == "runnable") printf "."
			else if (bs ~ /^blk/) printf "%s", substr(bs, 4, 1)
			else if (bs == "F") printf "F"
			else printf " "
		}
		printf "\n"
	}' "$1" | sed 's/ *$//'
}
# trow_got RUNID: the pane's row of "A5", "B12" (from the frame's gutter on)
trow_got() {
	one_byte | awk -v k="$1" -v g="$(win_field 9)" '$1 == k || index($0, k " ") == 1 { print substr($0, g + 1); f = 1; exit }
		END { if (!f) print "(no row)" }' | sed 's/ *$//'
}
# pane_keys: the rows' run letters and ids in their order on the screen
pane_keys() {
	awk '/^threads (alive in the window: )?A [0-9]+, B [0-9]+, by/ { on = 1; next }
		on && /^[AB][0-9]+( |$)/ { print $1 }' "$E2E_SCREEN"
}
# tsv_rows RUN LETTER: "LETTER<TAB>ID<TAB>LABEL<TAB>RUNNING" per thread, by id
tsv_rows() {
	"$E2E_HECTIC" threads --tsv "$1" | awk -F '\t' -v r="$2" 'NR > 1 { print r "\t" $1 "\t" $2 "\t" $6 }' |
		sort -t "$TAB" -k2,2n
}
# matched_order: A's rows by id, each followed by the B row of the same
# label (k-th to k-th) or, unlabelled, of the same id; then the B rows
# matched by none, by id
matched_order() {
	awk -F '\t' '
	$1 == "A" { na++; aid[na] = $2; al[na] = $3 }
	$1 == "B" { nb++; bid[nb] = $2; bl[nb] = $3 }
	END {
		for (i = 1; i <= na; i++) {
			l = al[i]; occ = ++ka[l]; p = 0
			for (j = 1; j <= nb && !p; j++) {
				if (used[j] || bl[j] != l) continue
				if (l == "") { if (bid[j] == aid[i]) p = j; continue }
				if (++seen[i, l] == occ) p = j
			}
			print "A" aid[i]
			if (p) { used[p] = 1; print "B" bid[p] }
		}
		for (j = 1; j <= nb; j++) if (!used[j]) print "B" bid[j]
	}' "$1"
}

# rows PAIR A B: the pane's rows and cells over the whole of both runs
rows() {
	pn=$1 A=$2 B=$3 # (pn: lib.sh's settle sets n)
	tsv_rows "$A" A >"$E2E_T/ta"
	tsv_rows "$B" B >"$E2E_T/tb"
	na=$(wc -l <"$E2E_T/ta") nb=$(wc -l <"$E2E_T/tb")
	cat "$E2E_T/ta" "$E2E_T/tb" >"$E2E_T/tab"
	"$E2E_HECTIC" show "$A" >"$E2E_T/show-a"
	"$E2E_HECTIC" show "$B" >"$E2E_T/show-b"
	start 160 60 "$E2E_ROWS1" -- "$A" "$B"
	check "$pn-ready" "$READY"
	keys R
	check "$pn-title" "^threads A $na, B $nb, by A's creation, B's matched after; A thread"
	capture
	pane_keys >"$E2E_T/got"
	matched_order "$E2E_T/tab" >"$E2E_T/want"
	same "$pn-order-matched" "$E2E_T/got" "$E2E_T/want"
	# each run's rows from its own events, on the one axis (both clocks
	# from 0: the window is the same on both)
	set -- $(window)
	wt0=$1 wt1=$2 ww=$3
	for k in $(awk -F '\t' '$4 > 1000000 { print $1 $2 }' "$E2E_T/tab"); do
		case $k in A*) sh=$E2E_T/show-a ;; *) sh=$E2E_T/show-b ;; esac
		eq "$pn-cells-$k" "$(trow_got "$k")" "$(trow_ref "$sh" "${k#?}" "$wt0" "$wt1" "$ww")"
	done
	cp "$E2E_SCREEN" "$E2E_T/before-tab"
	keys r
	check "$pn-by-creation" "by creation, A's then B's;"
	capture
	pane_keys >"$E2E_T/got"
	awk -F '\t' '{ print $1 $2 }' "$E2E_T/tab" >"$E2E_T/want"
	same "$pn-order-creation" "$E2E_T/got" "$E2E_T/want"
	keys r
	check "$pn-by-running" "by running time;"
	capture
	pane_keys >"$E2E_T/got"
	awk -F '\t' '{ print $4 "\t" NR "\t" $1 $2 }' "$E2E_T/tab" | sort -t "$TAB" -k1,1nr -k2,2n | cut -f3 >"$E2E_T/want"
	same "$pn-order-running" "$E2E_T/got" "$E2E_T/want"
	keys r
	check "$pn-by-label" "by label;"
	capture
	pane_keys >"$E2E_T/got"
	awk -F '\t' '{ print ($3 == "" ? 1 : 0) "\t" $3 "\t" NR "\t" $1 $2 }' "$E2E_T/tab" |
		LC_ALL=C sort -t "$TAB" -k1,1n -k2,2 -k3,3n | cut -f4 >"$E2E_T/want"
	same "$pn-order-label" "$E2E_T/got" "$E2E_T/want"
	keys r
	check "$pn-matched-again" "by A's creation, B's matched after;"
	# Tab: the event list shows B; the rows stay A's and B's, the same
	# rows, the same cells
	keys "$TAB"
	check_status "$pn-tab" 'the event list shows run B'
	capture
	pane_keys >"$E2E_T/got"
	matched_order "$E2E_T/tab" >"$E2E_T/want"
	same "$pn-tab-order" "$E2E_T/got" "$E2E_T/want"
	for k in $(awk -F '\t' '$4 > 1000000 { print $1 $2 }' "$E2E_T/tab"); do
		was=$(E2E_SCREEN=$E2E_T/before-tab trow_got "$k")
		eq "$pn-tab-cells-$k" "$(trow_got "$k")" "$was"
	done
	keys q
	check_exit "$pn-quit" 0
}

rows ghc96-alloc-rows "$D/ghc96-alloc-A1m.eventlog" "$D/ghc96-alloc-A16m.eventlog"
rows ghc90-alloc-rows "$D/ghc90-alloc-A1m.eventlog" "$D/ghc90-alloc-A16m.eventlog"
rows ghc96-unrelated-rows "$D/ghc96-sparks.eventlog" "$D/ghc96-pingpong.eventlog"
rows ghc90-unrelated-rows "$D/ghc90-sparks.eventlog" "$D/ghc90-pingpong.eventlog"

# x on a B row marks its runs on B's lanes, not A's
A=$D/ghc96-alloc-A1m.eventlog B=$D/ghc96-alloc-A16m.eventlog
start 160 60 -- "$A" "$B"
check mark-ready "$READY"
keys R
check mark-pane "^threads A [0-9]+, B [0-9]+"
# the B row of the thread that ran longest in B
long=$(tsv_rows "$B" B | sort -t "$TAB" -k4,4nr | head -1 | cut -f2)
capture
pos=$(pane_keys | grep -n "^B$long\$" | cut -d: -f1)
i=1
while [ "$i" -lt "$pos" ]; do keys j; i=$((i + 1)); done
check mark-selected "; B thread $long: ran"
keys x
check_status mark-on 'runs marked on the lanes'
capture
# the lanes' rows: A's from "A " to the next "GC", B's from "B " to its GC
awk '/^A / { r = "A" } /^B / && !done { r = "B" } /^GC/ { if (r == "B") done = 1; r = "" }
	/^threads A / { exit } r != "" && /◆/ { print r }' "$E2E_SCREEN" | sort -u >"$E2E_T/marked"
eq mark-lanes "$(tr '\n' ' ' <"$E2E_T/marked")" "B "
keys q
check_exit mark-quit 0

# 80x24: the pane's few rows show both runs (the matched order)
start 80 24 -- "$A" "$B"
check small-ready "$READY"
keys R
check small-title '^threads A [0-9]+, B [0-9]+'
capture
pane_keys | cut -c1 | sort -u | tr -d '\n' >"$E2E_T/letters"
eq small-both "$(cat "$E2E_T/letters")" "AB"
# the panel leaves out the ratio for the labels' room
keys t
check small-panel 'label +A running +B running +B - A +A runs +B runs +B - A'
check small-label '^. ?IOManager on cap 1 +[0-9.]+(us|ms) '
keys Escape q
check_exit small-quit 0

# one log: no letters, no compare (tests/e2e/threads.sh has the rest)
start 120 40 -- "$A"
check one-ready "$READY"
keys R
check one-title '^threads [0-9]+, by creation; thread'
check_not one-no-letters '^[AB][0-9]+ '
keys Escape t
check one-picker 'threads: [0-9]+, by id; in the window'
keys Escape q
check_exit one-quit 0

echo "e2e-compare-threads: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
