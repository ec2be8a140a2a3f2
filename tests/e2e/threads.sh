#!/bin/sh
# End-to-end tests of issue 12's views: the spans panel (S). The real
# binary in a detached tmux session, driven by keys, checked on the
# captured screen against `hectic spans --tsv` (itself checked against
# the user events of `hectic show`, tests/spans.sh).
# Usage: tests/e2e/threads.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/threads.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
missing=0
for t in tmux:tmux stty:coreutils env:coreutils sleep:coreutils mkfifo:coreutils \
	mktemp:coreutils head:coreutils cmp:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e-threads: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
if [ ! -r /proc/self/stat ]; then
	echo "e2e-threads: /proc is not mounted (mount -t proc proc /proc)"
	missing=$((missing + 1))
fi
if [ "$missing" -gt 0 ]; then
	echo "e2e-threads: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

F=tests/fixtures
TS=$F/threads.eventlog
TH=$F/threaded.eventlog
READY='events: '
# an event list row: its time in ms (the fixtures' unit), to the nanosecond
LIST_RE='^ *[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]ms: '

eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}

# ---- the spans panel ----
# the reference: the names by total, longest first, with their count
"$E2E_HECTIC" spans --tsv "$TS" | awk -F '\t' 'NR > 1 { print $3 "\t" $1 "\t" $2 "\t" $7 }' |
	sort -t "$(printf '\t')" -k1,1nr -k2,2 >"$E2E_T/want"
nnames=$(wc -l <"$E2E_T/want")
first=$(head -1 "$E2E_T/want" | cut -f2)
first_count=$(head -1 "$E2E_T/want" | cut -f3)
first_max=$(head -1 "$E2E_T/want" | cut -f4)
[ "$nnames" -ge 3 ] && pass || fail spans-fixture "the fixture has $nnames span names"

start 120 32 -- "$TS"
check spans-open-ready "$READY"
keys S
check spans-title "spans: $nnames names"
# every name, in the reference's order, with its count
capture
# (each row: the name, its count, then times; the lanes' glyphs left of
# the box are skipped by matching the row's own shape)
awk -v n="$nnames" '/ name +count +total/ { on = 1; next }
	on && k < n && match($0, /[A-Za-z][A-Za-z0-9_-]* +[0-9]+ +[0-9.]+(ns|us|ms|s) /) {
		split(substr($0, RSTART, RLENGTH), f, / +/); print f[1] "\t" f[2]; k++ }' \
	"$E2E_SCREEN" >"$E2E_T/got"
cut -f2,3 "$E2E_T/want" >"$E2E_T/want2"
if cmp -s "$E2E_T/got" "$E2E_T/want2"; then pass; else
	fail spans-rows "rows (name count):
$(cat "$E2E_T/got")
    want:
$(cat "$E2E_T/want2")"
fi
# Enter on the first (the longest total): its slowest instance, marked,
# in view, the status saying its duration
keys Enter
check spans-slowest "the slowest '$first'"
capture
want_dur=$(awk -v ns="$first_max" 'BEGIN {
	if (ns >= 1e9) printf "%.3fs", ns / 1e9; else if (ns >= 1e6) printf "%.3fms", ns / 1e6;
	else if (ns >= 1e3) printf "%.1fus", ns / 1e3; else printf "%dns", ns }')
grep -q "the slowest '$first': $want_dur" "$E2E_SCREEN" && pass ||
	fail spans-slowest-duration "want $want_dur: $(status_line)"
# the statistics of the marked interval open on s
keys s
check spans-stats-open '^.*interval [0-9.]+m?s \.\. [0-9.]+m?s'
keys Escape q
check_exit spans-quit 0

# ---- the thread rows pane ----
# trow_ref ID T0 T1 W: thread ID's row over [T0, T1) in W columns, computed
# here from `hectic show`'s text: its state from its own lines (creating:
# runnable; running: the capability; stopping: by the reason; waking up or
# runnable: runnable unless running), each column the state that held
# longest (running wins a tie; the longest run's capability), then '+'
# where it was created, 'x' where it finished, '~' where it migrated
"$E2E_HECTIC" show "$TS" >"$E2E_T/show"
trow_ref() {
	awk -v id="$1" -v t0="$2" -v t1="$3" -v w="$4" '
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
	}' "$E2E_T/show" | sed 's/ *$//'
}
# trow_got ID: the pane's row of thread ID (from the frame's gutter on)
trow_got() {
	capture
	one_byte | awk -v id="$1" -v g="$(win_field 9)" '$1 == id && /^ *[0-9]+( |$)/ { print substr($0, g + 1); f = 1; exit }
		END { if (!f) print "(no row)" }' | sed 's/ *$//'
}
start 140 40 -- "$TS"
check trows-ready "$READY"
keys R
check trows-title '^threads [0-9]+, by creation; thread'
nthreads=$(awk '/creating thread/ { n++ } END { print n }' "$E2E_T/show")
check trows-count "^threads $nthreads, by creation"
set -- $(window)
wt0=$1 wt1=$2 ww=$3
for id in 2 5 6 7 12; do
	eq "trows-row-$id" "$(trow_got "$id")" "$(trow_ref "$id" "$wt0" "$wt1" "$ww")"
done
# each row's gutter: the thread's id and beside it its label, as `hectic
# threads --tsv` gives it, whole: the gutter as wide as the widest
# (tests/e2e/gutter.sh: cut where a third of the screen is too narrow)
"$E2E_HECTIC" threads --tsv "$TS" | awk -F '\t' 'NR > 1 { print $1 "\t" $2 }' >"$E2E_T/labels"
capture
one_byte | awk -F '\t' -v g="$(win_field 9)" 'NR == FNR { lab[$1] = $2; next }
	/^threads [0-9]+, by/ { on = 1; next }
	on && /^[0-9]+( |$)/ {
		id = $0; sub(/ .*/, "", id)
		got = substr($0, 1, g); sub(/ +$/, "", got)
		want = lab[id] == "" ? id : id " " lab[id]
		if (got != want) { printf "row %s: got \"%s\", want \"%s\"\n", id, got, want; bad++ }
		rows++
	}
	END { if (rows < 10) print rows + 0 " rows"; exit bad || rows < 10 }' \
	"$E2E_T/labels" - >"$E2E_T/gutters" && pass ||
	fail trows-labels "$(cat "$E2E_T/gutters")"
# zoomed in on the middle: the rows of the window, the states at its start
# from before it (a look back: thread 2, the IO manager, has been in its
# foreign call since long before)
keys :
text 50ms
keys Enter
keys + + + +
sleep 0.3
capture
set -- $(window)
wt0=$1 wt1=$2 ww=$3
for id in 2 3 5; do
	eq "trows-zoom-row-$id" "$(trow_got "$id")" "$(trow_ref "$id" "$wt0" "$wt1" "$ww")"
done
# r sorts by running time: the first row ran longest
keys r
check trows-sort-running 'by running time'
longest=$("$E2E_HECTIC" threads --tsv "$TS" | awk -F '\t' 'NR > 1 && $6 > m { m = $6; id = $1 } END { print id }')
capture
first=$(awk '/^ *[0-9]+( |$)/ && !done { if (seen) { print $1; done = 1 } } /^threads [0-9]+, by/ { seen = 1 }' "$E2E_SCREEN")
eq trows-sort-first "$first" "$longest" "(the longest running thread)"
# x marks the selected thread's runs on the lanes
keys x
check trows-mark-msg "runs marked on the lanes"
keys q
check_exit trows-quit 0
# M: only the threads whose label (or id) matches the search (/)
want_n=$("$E2E_HECTIC" threads --tsv "$TS" | awk -F '\t' 'NR > 1 && ($2 ~ /worker-3/ || $1 ~ /worker-3/) { n++ } END { print n + 0 }')
start 140 40 -- "$TS"
check trows-search-ready "$READY"
keys /
text worker-3
keys Enter
keys R M
check trows-matching "^threads matching the search: $want_n, by creation"
capture
awk '/^ *[0-9]+( |$)/ { print $1 }' "$E2E_SCREEN" >"$E2E_T/ids"
bad=""
for id in $(cat "$E2E_T/ids"); do
	l=$("$E2E_HECTIC" threads --tsv "$TS" | awk -F '\t' -v id="$id" '$1 == id { print $2 }')
	case $l in *worker-3*) ;; *) bad="$bad $id:$l" ;; esac
done
if [ -s "$E2E_T/ids" ] && [ -z "$bad" ]; then pass; else fail trows-matching-rows "rows not matching:$bad"; fi
keys M
check trows-all-again "^threads $nthreads, by creation"
keys q
check_exit trows-search-quit 0

# ---- the thread picker's columns ----
start 140 40 "$E2E_ROWS1" -- "$TS"
check picker-ready "$READY"
keys t
check picker-title "threads: $nthreads, by id; in the window"
check picker-head 'thread +created +first run +ended +running +runs +caps +label'
# r: by running time; the first row is the thread that ran longest (the
# whole run is in view), with its runs and capabilities as `hectic
# threads --tsv` counts them
keys r
check picker-by-running 'threads: [0-9]+, by running time'
"$E2E_HECTIC" threads --tsv "$TS" | awk -F '\t' 'NR > 1 && $6 > m { m = $6; row = $1 " " $7 " " $8 } END { print row }' >"$E2E_T/longest"
capture
want_long=$(cat "$E2E_T/longest")
# the row's id, then its runs and caps: the two fields after the running
# time (the label, when there is one, comes last and may hold spaces)
got_long=$(awk '/thread +created +first run/ { getline; n = split($0, f, / +/)
	for (i = 1; i <= n; i++) if (f[i] ~ /^[0-9]+$/ && f[i + 1] ~ /^[0-9,]+$/ && f[i - 1] ~ /s$/) { print f[2], f[i], f[i + 1]; exit } }' "$E2E_SCREEN")
eq picker-longest "$got_long" "$want_long"
keys Escape q
check_exit picker-quit 0

# ---- the thread picker's labels: whole where they fit, else fitted ----
# (issue 33) each row's label against the log's own text for its thread
# (`ghc-events show`, the fixture's oracle): whole at 160 columns; at 80
# a cut of it, the two IO managers' ("IOManager on cap 0" and "... 1")
# read apart, no two rows of different labels alike
sed -n 's/.*: thread \([0-9]*\) has label "\(.*\)"$/\1	\2/p' "$F/threads.oracle.show" >"$E2E_T/olabels"
# none NAME TEXT: TEXT (what is wrong) is empty
none() { if [ -z "$2" ]; then pass; else fail "$1" "$2"; fi; }
# picker_rows: "ID<TAB>LABEL<TAB>SHOWN" a row of the last capture (LABEL
# the oracle's, SHOWN from the label header's column to the box's end:
# where the panel's background ends on the header's row; "~" an ellipsis)
picker_rows() {
	capture
	cells
	plain >"$E2E_T/plain"
	_hr=$(awk '/thread +created +first run/ { print NR; exit }' "$E2E_T/plain")
	_li=$(awk '/thread +created +first run/ { print index($0, "label"); exit }' "$E2E_T/plain")
	_end=$(awk -F '\t' -v r="$((_hr - 1))" -v c="$((_li - 1))" '$1 == r && $2 == c { bg = $4; e = c; next }
		$1 == r && $2 == e + 1 && $4 == bg && !stop { e = $2; next } $1 == r && $2 > c { stop = 1 }
		END { print e + 1 }' "$E2E_CELLS")
	awk -v hr="$_hr" -v li="$_li" -v end="$_end" 'NR == FNR { split($0, f, "\t"); lab[f[1]] = f[2]; next }
		FNR == hr { hx = index($0, "thread") + 6; next }
		FNR > hr && hx { id = substr($0, hx - 8, 8); gsub(/ /, "", id)
			if (id !~ /^[0-9]+$/) next
			sh = substr($0, li, end - li + 1); sub(/ +$/, "", sh)
			print id "\t" lab[id] "\t" sh }' "$E2E_T/olabels" "$E2E_T/plain"
}
start 160 50 "$E2E_ROWS1" -- "$TS"
check picker-labels-ready "$READY"
keys t
check picker-labels-title "threads: $nthreads, by id"
picker_rows >"$E2E_T/prows"
none picker-labels-160 "$(awk -F '\t' '$2 != $3 { printf "%s: \"%s\", want \"%s\"; ", $1, $3, $2 }' "$E2E_T/prows")"
n=$(awk -F '\t' '$2 != ""' "$E2E_T/prows" | wc -l)
[ "$n" -ge 10 ] && pass || fail picker-labels-160-rows "$n labelled rows: $(cat "$E2E_T/prows")"
keys Escape q
check_exit picker-labels-160-quit 0
start 80 24 "$E2E_ROWS1" -- "$TS"
check picker-fit-ready "$READY"
keys t
check picker-fit-title "threads: $nthreads, by id"
picker_rows >"$E2E_T/prows"
none picker-fit-unlabelled "$(awk -F '\t' '$2 == "" && $3 != "" { printf "%s: \"%s\"; ", $1, $3 }' "$E2E_T/prows")"
none picker-fit-80 "$(awk -F '\t' '$2 != "" { print $2 "\t" $3 }' "$E2E_T/prows" |
	awk -F '\t' -v mode=rows -f tests/e2e/fitted.awk)"
eq picker-fit-io "$(awk -F '\t' '($1 == 2 || $1 == 3) && $3 ~ /^~/ { n++ } END { print n + 0 }' "$E2E_T/prows")" 2 \
	"(the IO managers' labels shortened: $(awk -F '\t' '$1 == 2 || $1 == 3 { printf "%s ", $3 }' "$E2E_T/prows"))"
keys Escape q
check_exit picker-fit-quit 0

# ---- the sparks pane ----
# its title's totals for the whole run in view are `hectic sparks`'s
"$E2E_HECTIC" sparks --tsv "$TS" | awk -F '\t' 'NR > 1 { for (k = 2; k <= 7; k++) s[k] += $k }
	END { printf "%d created, %d converted, %d fizzled, %d GC'"'"'d, %d overflowed, %d dud\n",
		s[2], s[3], s[7], s[6], s[4], s[5] }' >"$E2E_T/sparks"
start 140 40 -- "$TS"
check sparks-ready "$READY"
keys A
check sparks-title "sparks in the window: $(cat "$E2E_T/sparks") \(from SPARK_COUNTERS\);"
# where the counts come from is said once, by the title (the message on
# opening said SPARK_COUNTERS, also over a -lf log's "from the spark events")
capture
check_not sparks-status-no-source 'SPARK_COUNTERS; '
check sparks-rows '^pool 1( |$)'
keys A
check sparks-back-to-list "$LIST_RE"
keys q
check_exit sparks-quit 0
# with the full spark events (+RTS -lf): the rates from them, the same
# totals as the counters give
TLF=$F/threads-lf.eventlog
"$E2E_HECTIC" sparks --tsv "$TLF" | awk -F '\t' 'NR > 1 { for (k = 2; k <= 7; k++) s[k] += $k }
	END { printf "%d created, %d converted, %d fizzled, %d GC'"'"'d, %d overflowed, %d dud\n",
		s[2], s[3], s[7], s[6], s[4], s[5] }' >"$E2E_T/sparks-lf"
start 160 40 -- "$TLF"
check sparks-lf-ready "$READY"
keys A
check sparks-lf-title "sparks in the window: $(cat "$E2E_T/sparks-lf") \(from the spark events\)"
capture
check_not sparks-lf-status-one-source 'SPARK_COUNTERS'
keys q
check_exit sparks-lf-quit 0
# the same log without its SPARK_GC events (tests/fixtures/derived/strip-tag.py), as
# a modern RTS can write one: the GC'd row from the counters, and said so
start 230 40 -- "$F/derived/threads-lf-nogc.eventlog"
check sparks-nogc-ready "$READY"
keys A
check sparks-nogc-title "sparks in the window: $(cat "$E2E_T/sparks-lf") \(from the spark events; GC'd from the counters, as the log has no SPARK_GC events here\)"
keys q
check_exit sparks-nogc-quit 0

# ---- the event detail panel ----
# the first event at 50ms: its every field, against `hectic show`'s line
# and the file's bytes
start 140 40 "$E2E_ROWS1" -- "$TS"
check detail-ready "$READY"
keys :
text 50ms
keys Enter
check detail-at 'cursor 50'
keys d
check detail-title 'event detail \(<Escape>: close\)'
capture
line=$(awk '/ show: / { sub(/.* show: /, ""); sub(/ *│? *$/, ""); print; exit }' "$E2E_SCREEN")
ns=$(awk '/ time [0-9]+ ns / { for (i = 1; i <= NF; i++) if ($i == "time") { print $(i + 1); exit } }' "$E2E_SCREEN")
want=$(awk -v t="$ns" '{ x = $1; sub(/:$/, "", x) } x == t { sub(/^[0-9]+: (cap [0-9]+: )?/, ""); print; exit }' "$E2E_T/show")
eq detail-show "$line" "$want" "(time $ns)"
check detail-fields 'field 0 \(u(8|16|32|64)\): [0-9]+'
keys Escape
check_gone detail-closed 'event detail \(<Escape>: close\)'
keys q
check_exit detail-quit 0

# ---- the event list restricted to a thread, then a capability ----
start 140 40 -- "$TS"
check restrict-ready "$READY"
keys :
text 50ms
keys Enter
check restrict-at 'cursor 50'
keys j j j
keys L
check restrict-msg 'the event list: thread [0-9]+ only'
capture
tid=$(status_line | sed -n 's/.*events: all thread \([0-9]*\).*/\1/p')
# the list's events (less times and labels) are consecutive events of
# that thread in `hectic show`'s order
re="$LIST_RE" awk 'BEGIN { re = ENVIRON["re"] } $0 ~ re { sub(re, ""); sub(/  \[.*\]$/, ""); print }' "$E2E_SCREEN" >"$E2E_T/list"
awk -v id="$tid" '$0 ~ ("thread " id "( |$)") { sub(/^[0-9]+: /, ""); print }' "$E2E_T/show" >"$E2E_T/ref"
n=$(wc -l <"$E2E_T/list")
if [ "$n" -ge 3 ] && awk -v n="$n" 'NR == FNR { want[NR] = $0; next }
	{ ref[FNR] = $0 } END {
		for (s = 1; s + n - 1 <= FNR; s++) { ok = 1
			for (i = 1; i <= n; i++) if (ref[s + i - 1] != want[i]) { ok = 0; break }
			if (ok) exit 0 }
		exit 1 }' "$E2E_T/list" "$E2E_T/ref"; then
	pass
else
	fail restrict-thread-lines "the list ($n lines) is not a run of thread $tid's events:
$(head -5 "$E2E_T/list")"
fi
re="$LIST_RE" awk -v id="$tid" '$0 !~ ENVIRON["re"] { next } $0 !~ ("thread " id "( |$)") { print; exit }' "$E2E_SCREEN" >"$E2E_T/other"
if [ -s "$E2E_T/other" ]; then fail restrict-only "another thread's event: $(cat "$E2E_T/other")"; else pass; fi
# again: every thread; C: the selected event's capability
keys L
check restrict-off 'the event list: every thread'
keys C
check restrict-cap 'the event list: capability [0-9]+ only'
capture
cap=$(status_line | sed -n 's/.*events: all cap \([0-9]*\).*/\1/p')
re="$LIST_RE" awk -v c="$cap" '$0 ~ ENVIRON["re"] && $0 !~ (": cap " c ": ") { print; exit }' "$E2E_SCREEN" >"$E2E_T/other"
rows=$(grep -cE "$LIST_RE" "$E2E_SCREEN")
if [ -n "$cap" ] && [ "$rows" -ge 3 ] && [ ! -s "$E2E_T/other" ]; then pass; else
	fail restrict-cap-only "cap '$cap', $rows list rows; another capability's event: $(cat "$E2E_T/other")"
fi
keys q
check_exit restrict-quit 0

# ---- bookmarks and the session ----
# two bookmarks, the time between them; the session (window, cursor,
# bookmarks) back when the same file opens again
ST=$E2E_T/state
rm -rf "$ST"
start 140 40 XDG_STATE_HOME="$ST" -- "$TS"
check bm-ready "$READY"
keys :
text 20ms
keys Enter m
check bm-one 'bookmark 1 at 20'
keys :
text 50ms
keys Enter m
check bm-two 'bookmark 2 at 50'
keys + +
keys "'"
check bm-list 'bookmarks \(<Enter>: go there'
check bm-between '^.* 1 +20\.000ms +30\.00ms '
keys Escape
set -- $(window)
saved_t0=$1 saved_t1=$2
keys q
check_exit bm-quit 0
ls "$ST"/hectic/*.session >/dev/null 2>&1 && pass || fail bm-saved "no session file in $ST/hectic"
start 140 40 XDG_STATE_HOME="$ST" -- "$TS"
check bm-restored 'the session of this file restored \(2 bookmarks'
set -- $(window)
eq bm-window "$1 $2" "$saved_t0 $saved_t1"
keys "'" j Enter
check bm-go 'bookmark 2 at 50'
keys q
check_exit bm-quit2 0
# another file: no session of it, nothing restored
start 140 40 XDG_STATE_HOME="$ST" -- "$TH"
check bm-other "$READY"
capture
if grep -q 'session of this file restored' "$E2E_SCREEN"; then fail bm-other-none "restored"; else pass; fi
keys q
check_exit bm-quit3 0

# ---- the span track ----
# a row under the sparklines with a bar over every span in the window and
# the names of the outermost ones at their starts; a log with no spans has
# no such row
start 140 40 -- "$TS"
check track-ready "$READY"
check track-row '^spans +.*phase-a'
keys :
text 80ms
keys Enter + + +
check track-zoomed '^spans .*outer'
capture
set -- $(window)
# every name on the track is a span that overlaps the window
names=$(awk '/^spans / { n = split($0, f, /[^A-Za-z0-9_-]+/); for (i = 2; i <= n; i++) if (f[i] != "") print f[i] }' "$E2E_SCREEN" | sort -u | tr '\n' ' ')
known=$("$E2E_HECTIC" spans --tsv "$TS" | awk -F '\t' 'NR > 1 { print $1 }' | sort -u | tr '\n' ' ')
ok=1
for nm in $names; do case " $known " in *" $nm "*) ;; *) ok=0 ;; esac; done
if [ -n "$names" ] && [ "$ok" = 1 ]; then pass; else fail track-names "names '$names' not all spans ('$known')"; fi
keys q
check_exit track-quit 0
start 140 40 -- "$TH"
check track-none-ready "$READY"
capture
if grep -q '^spans ' "$E2E_SCREEN"; then fail track-none "a span track on a log with no spans"; else pass; fi
keys q
check_exit track-none-quit 0

# a log with no spans: the panel says so
start 120 32 -- "$TH"
check nospans-ready "$READY"
keys S
check nospans-empty 'no spans: no START name / STOP name'
keys Escape q
check_exit nospans-quit 0

# ---- key hints: the keys of the active keymap, after the rc's binds ----
mkdir -p "$E2E_T/cfg/hectic"
printf '%s\n' 'bind v none' 'bind V mark' 'bind s none' 'bind Q stats' 'bind r none' \
	'bind W pane-sort' 'bind m none' 'bind y bookmark' "bind ' none" 'bind Y bookmarks' \
	>"$E2E_T/cfg/hectic/hecticrc"
start 140 40 XDG_CONFIG_HOME="$E2E_T/cfg" -- "$TS"
check hints-ready "$READY"
keys Q
check_status hints-stats 'no interval: V marks one, then Q$'
keys t
check hints-picker 'threads: [0-9]+, by id; in the window \(W: sort; <Enter>: go to the first run\)'
keys Escape y
check_status hints-bookmark 'bookmark 1 at [0-9.]+(ns|us|ms|s) \(Y lists them\)'
keys Y
check hints-bookmarks 'bookmarks \(<Enter>: go there; y on one clears it\)'
keys Escape R
# (the hints' last parts give way on the status line, and say so: issue 33)
check_status hints-trows "events: all  W sort, w alive only, M matching the search, (x mark on lanes;|$(printf '\342\200\246'))"
keys q
check_exit hints-quit 0

echo "e2e-threads: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
