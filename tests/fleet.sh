#!/bin/sh
# The fleet reports (issue 35, item 4): doc/fleet.md's queries, taken out
# of the page by their `-- fleet: NAME` line (the page's text is what is
# run), against a real ClickHouse server (tests/ch-lib.sh) holding the
# fixtures pushed under five host names, and two logs of many spans of one
# name (tests/tools/spangen.c same: 200 and 250, so that a p99 is not the
# longest, and 200 where quantileExact's rank is not hectic's). Each
# answer is checked row for row, in order, against what awk computes from
# hectic's reports of the same logs, never from what was pushed:
#   pause-p99-per-day     gcs --tsv's pauses; the program and the start
#                         from show's text (PROGRAM_ARGS, WALL_CLOCK_TIME)
#   heap-peak-per-band    heap --tsv, each band's largest census per log
#   gc-share-growth       summary --tsv: gc_elapsed_ns / total_elapsed_ns,
#                         collections, the longest genN_max_pause_ns
#   hosts-longest-pauses  gcs --tsv, by the host each log was pushed as
#   spans-p99-per-run     spans --tsv (hectic's own count, p99 and max)
#   problems-since        the findings of hectic sql over each log (doctor
#                         --tsv's rows, the cost unrounded), warnings only
# p99 everywhere is the nearest rank, the ceil(99 n / 100)-th smallest
# (hectic's, model/tracks.c and model/spans.c).
# Rows a push left without their logs row, and a run whose logs row says
# live = 1, are put in the tables first: no query may count them. And a
# second logs row, pushed later from another host, for the run with the
# most collections: no query may count its rows twice (issue 44), and
# the host is the first push's.
# And `hectic diff A B` of two runs of one program gives the figures of
# the matching queries: the GC shares, collections and longest pauses of
# gc-share-growth's row for B, and the count, p99 and max of each span
# name of spans-p99-per-run's rows.
# Usage: tests/fleet.sh path/to/hectic
SUITE=fleet
. "$(dirname "$0")/sql-lib.sh"
. "$(dirname "$0")/ch-lib.sh"
DOC=$(dirname "$0")/../doc/fleet.md
DB=fleet
QUERIES="pause-p99-per-day heap-peak-per-band gc-share-growth hosts-longest-pauses spans-p99-per-run problems-since"

ch_suite_start

# query NAME: the block of doc/fleet.md whose `-- fleet: NAME` line names
# it, its last semicolon gone; false when not exactly one block has it
query() {
	awk -v want="$1" '
		/^```sql$/ { inb = 1; buf = ""; name = ""; next }
		inb && /^```$/ {
			inb = 0
			if (name == want) { n++; q = buf }
			next
		}
		inb {
			if ($0 ~ /^-- fleet: /) name = substr($0, 11)
			buf = buf $0 "\n"
		}
		END {
			if (n != 1) exit 1
			sub(/;[ \t]*\n$/, "\n", q)
			printf "%s", q
		}' "$DOC"
}
# same GOT WANT: the same rows in the same order, fields equal (numbers
# within a relative 1e-12: the shares are divisions); says where not
same() {
	awk -F'\t' '
		FILENAME == ARGV[1] { want[FNR] = $0; nw = FNR; next }
		{
			ng = FNR
			k = split(want[FNR], w, "\t")
			if (!(FNR in want) || k != NF) { bad = bad ? bad : FNR; next }
			for (i = 1; i <= NF; i++) {
				if (w[i] == $i) continue
				num = "^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$"
				if (w[i] !~ num || $i !~ num) { bad = bad ? bad : FNR; continue }
				d = w[i] - $i; if (d < 0) d = -d
				m = w[i] < 0 ? -w[i] : w[i]
				if (d > 1e-12 * m) bad = bad ? bad : FNR
			}
		}
		END {
			if (!bad && ng != nw) bad = (ng < nw ? ng : nw) + 1
			if (bad) printf "row %d differs (%d rows, want %d)", bad, ng, nw
			exit bad ? 1 : 0
		}' "$2" "$1"
}

# run_of LOG: its run, from push's output (which log is which run; the
# figures are never taken from what was pushed)
run_of() {
	awk -v f="$1" 'index($0, f ": pushed as run ") == 1 { r = substr($0, length(f) + 17); sub(/:.*/, "", r); print r }' "$T/push.out"
}

# ---- the logs and their hosts ----
if ! ${CC:-cc} -std=c11 -O2 -o "$T/spangen" "$(dirname "$0")/tools/spangen.c" ||
	! "$T/spangen" same 200 1 >"$T/span200.eventlog" ||
	! "$T/spangen" same 250 3 >"$T/span250.eventlog"; then
	bad "cannot build or run tests/tools/spangen.c"
fi
: >"$T/files"
for f in "$FIX"/*.eventlog "$FIX"/modern/*.eventlog "$T"/span*.eventlog; do
	[ -e "$f" ] || continue
	case ${f##*/} in
	span*) h=bench ;;
	ghc96-*) h=trixie ;;
	ghc910-*) h=sid ;;
	[a-o]*) h=bookworm-a ;;
	*) h=bookworm-b ;;
	esac
	printf '%s\t%s\n' "$f" "$h" >>"$T/files"
done
[ "$(wc -l <"$T/files")" -ge 40 ] || bad "only $(wc -l <"$T/files") logs"
: >"$T/push.out"
for h in bookworm-a bookworm-b trixie sid bench; do
	set -- $(awk -F'\t' -v h="$h" '$2 == h { print $1 }' "$T/files")
	if [ "$#" -gt 0 ] && "$H" push --host "$h" "$CH_URL/$DB" "$@" >>"$T/push.out" 2>"$T/push.err"; then ok; else
		bad "push --host $h: $(cat "$T/push.err")"
	fi
done

# ---- what hectic's reports say of each log ----
tz=$(chq default "SELECT timezone()")
[ -n "$tz" ] || bad "the server's time zone: none"
: >"$T/ref.pauses"
: >"$T/ref.peaks"
: >"$T/ref.runs"
: >"$T/ref.spans"
: >"$T/ref.findings"
while IFS='	' read -r f h; do
	run=$(run_of "$f")
	case $run in
	[0-9a-f]*) ;;
	*) bad "$f: no run in push's output"; continue ;;
	esac
	# the program (the first argument) and the start (the wall clock less
	# the time since the RTS started, whole seconds) of the first
	# PROGRAM_ARGS and WALL_CLOCK_TIME events: run, host, program, day,
	# start (\N: none)
	"$H" show "$f" 2>/dev/null | TZ=$tz awk -v run="$run" -v host="$h" '
		!a && / args: \[/ { s = $0; sub(/^[^[]*\["/, "", s); sub(/".*/, "", s); prog = s; a = 1 }
		!w && / wall clock time [0-9]+s [0-9]+ns / {
			t = $1; sub(/:$/, "", t)
			for (i = 1; i < NF; i++) if ($i == "time") { sec = $(i + 1); ns = $(i + 2); break }
			sub(/s$/, "", sec); sub(/ns$/, "", ns)
			d = (ns - t) / 1e9; fl = int(d); if (fl > d) fl--
			st = sec + fl; w = 1
		}
		END {
			day = w ? strftime("%Y-%m-%d", st) : "\\N"
			at = w ? strftime("%Y-%m-%d %H:%M:%S", st) : "\\N"
			printf "%s\t%s\t%s\t%s\t%s\n", run, host, prog, day, at
		}' >"$T/log"
	# (cut, not read: IFS would fold an empty program's tabs; the values
	# go to awk through the environment, since awk -v reads escapes and
	# gawk makes the \N of a log without a start an N)
	prog=$(cut -f3 "$T/log") day=$(cut -f4 "$T/log") at=$(cut -f5 "$T/log")
	"$H" gcs --tsv "$f" 2>/dev/null | pre="$run	$h	$prog	$day" awk -F'\t' '
		BEGIN { pre = ENVIRON["pre"] }
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["pause"] != "" { print pre "\t" $c["pause"] }' >>"$T/ref.pauses"
	"$H" heap --tsv "$f" 2>/dev/null | pre="$run	$prog" awk -F'\t' '
		BEGIN { pre = ENVIRON["pre"] }
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ b = $c["band"]; if (!(b in peak) || $c["bytes"] + 0 > peak[b]) peak[b] = $c["bytes"] + 0 }
		END { for (b in peak) printf "%s\t%s\t%.0f\n", pre, b, peak[b] }' >>"$T/ref.peaks"
	"$H" summary --tsv "$f" 2>/dev/null | pre="$run	$prog	$at" awk -F'\t' '
		BEGIN { pre = ENVIRON["pre"] }
		function v(x) { return x == "" ? "\\N" : x }
		$1 == "gc_elapsed_ns" { gc = $2 }
		$1 == "total_elapsed_ns" { tot = $2 }
		$1 == "collections" { n = $2 }
		$1 ~ /^gen[0-9]+_max_pause_ns$/ && $2 != "" && (mx == "" || $2 + 0 > mx + 0) { mx = $2 }
		END { printf "%s\t%s\t%s\t%s\t%s\n", pre, v(gc), v(tot), v(n), v(mx) }' >>"$T/ref.runs"
	"$H" spans --tsv "$f" 2>/dev/null | prog="$prog" at="$at" awk -F'\t' -v run="$run" '
		BEGIN { prog = ENVIRON["prog"]; at = ENVIRON["at"] }
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", prog, at, run, $c["name"], $c["count"], $c["p99"], $c["max"] }' >>"$T/ref.spans"
	# the warnings of doctor's findings: run, host, program, start, kind, cost
	"$H" sql --tsv "$f" "SELECT kind, cost * 1 FROM findings WHERE cost >= 0.05" 2>/dev/null |
		pre="$run	$h	$prog	$at" awk -F'\t' 'NR > 1 { print ENVIRON["pre"] "\t" $1 "\t" $2 }' >>"$T/ref.findings"
done <"$T/files"

# ---- the references, as doc/fleet.md says each query answers ----
export LC_ALL=C
# nearest rank: the ceil(99 n / 100)-th smallest of v[1..n] (sorted)
NR99='function p99(n) { return v[int((99 * n + 99) / 100)] }'
# program, day, runs, pauses, p99, max; by program and day (NULL last)
sort -t '	' -k3,3 -k4,4 -k5,5n "$T/ref.pauses" | awk -F'\t' "$NR99"'
	function out() { if (n) printf "%s\t%s\t%d\t%d\t%s\t%s\n", g1, g2, runs, n, p99(n), v[n] }
	$3 != g1 || $4 != g2 { out(); g1 = $3; g2 = $4; n = 0; runs = 0; split("", seen) }
	{ v[++n] = $5; if (!($1 in seen)) { seen[$1] = 1; runs++ } }
	END { out() }' >"$T/want.pause-p99-per-day"
# program, band, runs, highest peak, its run (of equal peaks the greatest
# run), lowest peak, of the bands of more than one run; the highest
# first, then program and band; 20
sort -t '	' -k2,2 -k3,3 -k4,4n -k1,1 "$T/ref.peaks" | awk -F'\t' '
	function out() { if (n > 1) printf "%s\t%s\t%d\t%s\t%s\t%s\n", g1, g2, n, hi, hirun, lo }
	$2 != g1 || $3 != g2 { out(); g1 = $2; g2 = $3; n = 0; lo = $4 }
	{ n++; hi = $4; hirun = $1 }
	END { out() }' | sort -t '	' -k4,4nr -k1,1 -k2,2 | head -20 >"$T/want.heap-peak-per-band"
# each run with a start after the run of its program before it (by start,
# then run): program, run, previous run, start, both GC shares, the
# growth, both collections, both longest pauses; the growth largest first
# (NULL last), then program and run; 20
sort -t '	' -k2,2 -k3,3 -k1,1 "$T/ref.runs" | awk -F'\t' '
	function share(g, t) { return g == "\\N" || t == "\\N" ? "\\N" : sprintf("%.17g", g / t) }
	$3 == "\\N" { next }
	$2 == prog {
		s0 = share(gc, tot); s1 = share($4, $5)
		gr = s0 == "\\N" || s1 == "\\N" ? "\\N" : sprintf("%.17g", s1 - s0)
		printf "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", gr == "\\N", gr == "\\N" ? 0 : gr,
			prog, $1, run, $3, s0, s1, gr, n, $6, mx, $7
	}
	{ prog = $2; run = $1; gc = $4; tot = $5; n = $6; mx = $7 }' |
	sort -t '	' -k1,1n -k2,2gr -k3,3 -k4,4 | cut -f3- | head -20 >"$T/want.gc-share-growth"
# host, longest, its program (of equal pauses the greatest run's), p99,
# pauses, runs; the longest first, then host; 10
sort -t '	' -k2,2 -k5,5n -k1,1 "$T/ref.pauses" | awk -F'\t' "$NR99"'
	function out() { if (n) printf "%s\t%s\t%s\t%s\t%d\t%d\n", g, v[n], prog, p99(n), n, runs }
	$2 != g { out(); g = $2; n = 0; runs = 0; split("", seen) }
	{ v[++n] = $5; prog = $3; if (!($1 in seen)) { seen[$1] = 1; runs++ } }
	END { out() }' | sort -t '	' -k2,2nr -k1,1 | head -10 >"$T/want.hosts-longest-pauses"
# program, start, run, name, spans, p99, max; by the first four
sort -t '	' -k1,1 -k2,2 -k3,3 -k4,4 "$T/ref.spans" >"$T/want.spans-p99-per-run"
# program, kind, runs, hosts, the first and last start (\N: none known),
# the worst cost and its run (of equal costs the greatest run); by
# program and kind
sort -t '	' -k3,3 -k5,5 -k1,1 "$T/ref.findings" | awk -F'\t' '
	function out() {
		if (n) printf "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\n", g1, g2, n, nh,
			lo == "" ? "\\N" : lo, hi == "" ? "\\N" : hi, worst, wrun
	}
	$3 != g1 || $5 != g2 { out(); g1 = $3; g2 = $5; n = 0; nh = 0; lo = hi = ""; split("", hs); worst = ""; wrun = "" }
	{
		n++
		if (!($2 in hs)) { hs[$2] = 1; nh++ }
		if ($4 != "\\N") { if (lo == "" || $4 < lo) lo = $4; if (hi == "" || $4 > hi) hi = $4 }
		if (worst == "" || $6 + 0 > worst + 0 || ($6 + 0 == worst + 0 && $1 > wrun)) { worst = $6; wrun = $1 }
	}
	END { out() }' >"$T/want.problems-since"

# the references can tell a wrong query from a right one: a p99 that is
# not the longest (an unsorted or approximate one differs), in a group of
# 200 (quantileExact's rank is the 199th), ties of start broken by run,
# several runs of a program, the highest peak not the only one
if awk -F'\t' '$5 != $6 { n++ } END { exit n < 5 }' "$T/want.pause-p99-per-day" &&
	awk -F'\t' '$4 != $2 { n++ } END { exit n < 3 }' "$T/want.hosts-longest-pauses" &&
	grep -q '	job	200	1980	2000$' "$T/want.spans-p99-per-run" &&
	grep -q '	job	250	7440	7500$' "$T/want.spans-p99-per-run" &&
	awk -F'\t' '$3 > 1 && $4 != $6 { n++ } END { exit n < 2 }' "$T/want.heap-peak-per-band" &&
	[ "$(wc -l <"$T/want.gc-share-growth")" -ge 6 ] &&
	[ "$(wc -l <"$T/want.heap-peak-per-band")" -eq 20 ]; then
	ok
else
	bad "the references are too weak to test the queries"
fi
# problems-since: problems of several runs on several hosts, the first
# start before the last, ten groups or more
if [ "$(wc -l <"$T/want.problems-since")" -ge 10 ] &&
	awk -F'\t' '$3 > 1 && $5 != $6 { a++ } $4 > 1 { b++ } END { exit !(a >= 2 && b >= 1) }' "$T/want.problems-since"; then
	ok
else
	bad "the findings' reference is too weak to test problems-since"
fi

# ---- half-done rows: a push under way, a run still growing ----
# 'half-done' has rows and no logs row; 'growing' has rows and a logs
# row with live = 1; both with the largest figures of all
for q in \
	"INSERT INTO gcs (run, start, end, pause, gen) VALUES ('half-done', 1, 9000000001, 9000000000, 1), ('growing', 1, 9000000001, 9000000000, 1)" \
	"INSERT INTO heap (run, time, band, bytes) VALUES ('half-done', 1, 'Main', 900000000000), ('growing', 1, 'Main', 900000000000)" \
	"INSERT INTO spans (run, name, start, end, dur) VALUES ('half-done', 'job', 1, 9000000001, 9000000000), ('growing', 'job', 1, 9000000001, 9000000000)" \
	"INSERT INTO summary (run, field, value) VALUES ('half-done', 'gc_elapsed_ns', 99), ('half-done', 'total_elapsed_ns', 100), ('growing', 'gc_elapsed_ns', 99), ('growing', 'total_elapsed_ns', 100)" \
	"INSERT INTO findings (run, rank, kind, cost) VALUES ('half-done', 1, 'nursery', 0.99), ('half-done', 2, 'stm', 0.5), ('growing', 1, 'nursery', 0.99), ('growing', 2, 'stm', 0.5)" \
	"INSERT INTO logs (run, file, host, program, args, rts, started, duration, bytes, pushed_at, live) VALUES ('growing', 'growing.eventlog', 'bookworm-b', './profile', '', '', now(), 100, 1, now(), 1)" \
	"INSERT INTO logs SELECT run, file, 'pushed-twice', program, args, rts, started, duration, bytes, pushed_at + 3600, live FROM logs WHERE live = 0 AND run IN (SELECT run FROM gcs GROUP BY run ORDER BY count() DESC, run LIMIT 1)"; do
	if chq "$DB" "$q" >"$T/err"; then ok; else bad "$q: $(cat "$T/err")"; fi
done

[ "$(chq "$DB" "SELECT count() FROM logs WHERE host = 'pushed-twice'")" = 1 ] ||
	bad "no second logs row for a run: the check that no query counts a run twice tests nothing"

# ---- the queries ----
n=$(awk '/^```sql$/ { inb = 1; next } inb && /^```$/ { inb = 0 } inb && /^-- fleet: / { n++ } END { print n + 0 }' "$DOC")
[ "$n" -eq 6 ] || bad "doc/fleet.md: $n queries named -- fleet:, want 6 (a query here untested?)"
for name in $QUERIES; do
	if ! query "$name" >"$T/q.$name"; then
		bad "doc/fleet.md: no single sql block with -- fleet: $name"
		continue
	fi
	if ! chq "$DB" "$(cat "$T/q.$name") FORMAT TSV" >"$T/got.$name"; then
		bad "$name: the server refused it: $(head -c 300 "$T/got.$name")"
		continue
	fi
	if why=$(same "$T/got.$name" "$T/want.$name"); then ok; else
		bad "$name: $why: $(diff "$T/want.$name" "$T/got.$name" | head -4 | tr '\n' '|')"
	fi
done

# ---- hectic diff A B gives the queries' figures ----
# GC share: profile-hc then profile-hm, one program, one started after
# the other: gc-share-growth's row for B, from previous_run on
A=$FIX/profile-hc.eventlog B=$FIX/profile-hm.eventlog
"$H" diff --tsv --all "$A" "$B" >"$T/diff" 2>"$T/diff.err" || bad "diff $A $B: $(cat "$T/diff.err")"
awk -F'\t' -v ra="$(run_of "$A")" '
	$1 == "summary" { a[$2] = $3; b[$2] = $4 }
	$1 == "pauses" && $2 ~ /_count$/ { na += $3; nb += $4 }
	$1 == "pauses" && $2 ~ /_max_ns$/ { if ($3 > ma) ma = $3; if ($4 > mb) mb = $4 }
	END {
		sa = a["gc_elapsed_ns"] / a["total_elapsed_ns"]; sb = b["gc_elapsed_ns"] / b["total_elapsed_ns"]
		# the pauses section counts what the summary does
		if (na != a["collections"] || nb != b["collections"]) printf "pauses counted %d %d, ", na, nb
		printf "%s\t%.17g\t%.17g\t%.17g\t%d\t%d\t%d\t%d\n", ra, sa, sb, sb - sa, na, nb, ma, mb
	}' "$T/diff" >"$T/want"
awk -F'\t' -v rb="$(run_of "$B")" '$2 == rb { print }' "$T/got.gc-share-growth" | cut -f3,5- >"$T/got"
if [ -s "$T/got" ] && why=$(same "$T/got" "$T/want"); then ok; else
	bad "gc-share-growth against hectic diff $A $B: ${why:-no row}: want $(cat "$T/want"), got $(cat "$T/got")"
fi
# spans: threads and threads-lf, each run's rows of spans-p99-per-run
A=$FIX/threads.eventlog B=$FIX/threads-lf.eventlog
"$H" diff --tsv --all "$A" "$B" >"$T/diff" 2>"$T/diff.err" || bad "diff $A $B: $(cat "$T/diff.err")"
for side in a b; do
	case $side in a) f=$A col=3 ;; *) f=$B col=4 ;; esac
	awk -F'\t' -v col="$col" '
		$1 == "spans" {
			k = $2; name = k; sub(/ [^ ]+$/, "", name); fig = substr(k, length(name) + 2)
			v[name, fig] = $col; names[name] = 1
		}
		END { for (nm in names) printf "%s\t%s\t%s\t%s\n", nm, v[nm, "count"], v[nm, "p99_ns"], v[nm, "max_ns"] }' "$T/diff" |
		sort >"$T/want"
	awk -F'\t' -v r="$(run_of "$f")" '$3 == r { print }' "$T/got.spans-p99-per-run" | cut -f4- | sort >"$T/got"
	if [ "$(wc -l <"$T/want")" -ge 5 ] && why=$(same "$T/got" "$T/want"); then ok; else
		bad "spans-p99-per-run against hectic diff's side $side ($f): ${why:-too few names}: $(diff "$T/want" "$T/got" | head -4 | tr '\n' '|')"
	fi
done

echo "fleet: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
