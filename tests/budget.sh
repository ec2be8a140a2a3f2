#!/bin/sh
# No figure depends on a memory budget (issue 43). A real program that
# collects tens of thousands of times (tests/fixtures/budget: 20,955
# collections in 9 MB, more than the tracks' lists hold within the memory
# promise) against its own +RTS -s, and what hectic says where a list
# stopped:
# - summary, text and --tsv, and SQL's summary table: every collection
#   counted, each generation's row as +RTS -s prints it (the figures come
#   from the store's events: model/summary_stream.c), exit 0, no warning;
# - gcs --tsv and SQL's gcs table: every collection, from the store's
#   events (model/gcs_stream.c), each generation's count and elapsed time
#   as +RTS -s prints them;
# - SQL's caps table: each capability's collections, as many as the gcs
#   rows that name it;
# - gcs's text: its ranking and percentiles from the store's events too,
#   the percentiles and the longest pause as awk finds them in the rows;
# - export --chrome: a GC slice per collection, and on a log of 800,000
#   messages (tests/tools/spangen.c) whose list of marks stops, every one
#   (its spans, past their own budget, said PARTIAL, exit 3);
# - diff, whose pauses and threads come from the lists: PARTIAL, exit 3;
# - the viewer: every collection in the pauses panel and the GC histogram
#   (their titles count them as +RTS -s does, without PARTIAL; from
#   model/gcs_compact.c), [ from the log's end goes to its last
#   collection, and the status line says PARTIAL of the other lists alone;
#   with the log as both runs, each run's line in the pauses panel counts
#   them all;
# - a log whose lists are whole (threaded) says none of it.
# The figures of +RTS -s are read with tests/rts-s.awk; none is copied here.
# Usage: sh tests/budget.sh path/to/hectic
set -u
case ${1:-} in
"") echo "usage: tests/budget.sh path/to/hectic" >&2; exit 2 ;;
/*) H=$1 ;;
*) H=$PWD/$1 ;;
esac
cd "$(dirname "$0")/.." || exit 1
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-budget.XXXXXX") || exit 1
trap 'tmux -L "hectic-budget-$$" kill-server 2>/dev/null; tmux -L "hectic-budget-two-$$" kill-server 2>/dev/null; sleep 0.2; rm -rf "$T"' EXIT
n=0 nbad=0
pass() { n=$((n + 1)); }
fail() { n=$((n + 1)); nbad=$((nbad + 1)); echo "FAIL budget: $1"; }
F=tests/fixtures/budget/ghc90-many-gcs.eventlog
RTS=tests/fixtures/budget/ghc90-many-gcs.rts-s.txt
awk -f tests/rts-s.awk "$RTS" >"$T/rts"
rts() { awk -F'\t' -v k="$1" '$1 == k { print $2; f = 1 } END { exit !f }' "$T/rts"; }

# the summary: each generation's collections and parallel ones as +RTS -s
"$H" summary --tsv "$F" >"$T/sum" 2>"$T/sum.err"
rc=$?
if [ "$rc" -eq 0 ] && [ ! -s "$T/sum.err" ]; then pass; else
	fail "summary --tsv: exit $rc, stderr: $(head -c 300 "$T/sum.err")"
fi
"$H" sql --tsv "$F" "SELECT field, value FROM summary" >"$T/sql-sum" 2>"$T/sql-sum.err"
for g in 0 1; do
	want=$(rts "g${g}_colls") || { fail "no Gen $g row in $RTS"; continue; }
	wpar=$(rts "g${g}_par") || { fail "no Gen $g par in $RTS"; continue; }
	for src in sum sql-sum; do
		got=$(awk -F'\t' -v k="gen${g}_collections" '$1 == k { print $2 }' "$T/$src")
		gpar=$(awk -F'\t' -v k="gen${g}_parallel" '$1 == k { print $2 }' "$T/$src")
		if [ "$got" = "$want" ] && [ "$gpar" = "$wpar" ]; then pass; else
			fail "$src: Gen $g: $got colls, $gpar par; +RTS -s: $want, $wpar"
		fi
	done
done
total=$(($(rts g0_colls) + $(rts g1_colls)))
got=$(awk -F'\t' '$1 == "collections" { print $2 }' "$T/sum")
if [ "$got" = "$total" ]; then pass; else fail "summary: $got collections, +RTS -s $total"; fi
# (SQL names the tables the cut lists make short: never the summary)
if ! grep -q 'summary' "$T/sql-sum.err"; then pass; else
	fail "sql summary: $(head -c 200 "$T/sql-sum.err")"
fi
"$H" summary "$F" >"$T/sum.txt" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && ! grep -q -e PARTIAL -e 'memory budget' "$T/sum.txt"; then pass; else
	fail "summary (text): exit $rc: $(grep -e PARTIAL -e 'memory budget' "$T/sum.txt" | head -2)"
fi

# gcs's text: the ranking and the percentiles from the store's events too
# (report_gc.c): every collection counted, exit 0, nothing said; the
# percentiles (nearest rank) and the longest pause as awk finds them in
# the --tsv rows below, to the text's 4 significant digits
"$H" gcs "$F" >"$T/gcs" 2>"$T/gcs.err"
rc=$?
if [ "$rc" -eq 0 ] && [ ! -s "$T/gcs.err" ] && ! grep -q PARTIAL "$T/gcs" &&
	[ "$(grep -c '^ *[0-9]* ' "$T/gcs")" -ge 20 ]; then pass; else
	fail "gcs: exit $rc (want 0), stderr '$(head -c 200 "$T/gcs.err")', $(head -n 1 "$T/gcs")"
fi
# gcs --tsv: its rows from the store's events where the list stopped
# (model/gcs_stream.c): every collection, each generation's count and
# elapsed time as +RTS -s prints them, exit 0 and nothing said
"$H" gcs --tsv "$F" >"$T/gcs.tsv" 2>"$T/gcs.tsv.err"
rc=$?
rows=$(($(wc -l <"$T/gcs.tsv") - 1))
if [ "$rc" -eq 0 ] && [ ! -s "$T/gcs.tsv.err" ] && [ "$rows" -eq "$total" ] &&
	head -n 1 "$T/gcs.tsv" | grep -q '^start	end	pause'; then pass; else
	fail "gcs --tsv: exit $rc (want 0), $rows rows of $total, stderr '$(head -c 200 "$T/gcs.tsv.err")'"
fi
for g in 0 1; do
	got=$(awk -F'\t' -v g="$g" 'NR > 1 && $6 == g { n++; p += $3 }
		END { printf "%d %.3f\n", n, p / 1e9 }' "$T/gcs.tsv")
	want="$(rts "g${g}_colls") $(rts "g${g}_el")"
	if [ "$got" = "$want" ]; then pass; else
		fail "gcs --tsv: Gen $g: $got (collections, elapsed s); +RTS -s: $want"
	fi
done
tail -n +2 "$T/gcs.tsv" | cut -f3 | sort -n -r >"$T/pauses"
want=$(awk '{ p[NR] = $1 } END { n = NR
	printf "%d %d %d %d %d\n", n, p[n - int((50 * n + 99) / 100) + 1], p[n - int((90 * n + 99) / 100) + 1],
		p[n - int((99 * n + 99) / 100) + 1], p[1] }' "$T/pauses")
got=$(sed -n 's/^\([0-9]*\) collections; pause p50 \(.*\), p90 \(.*\), p99 \(.*\), max \(.*\)$/\1 \2 \3 \4 \5/p' "$T/gcs" |
	awk '{ printf "%d", $1; for (i = 2; i <= 5; i++) { v = $i + 0; u = $i; sub(/^[0-9.]+/, "", u)
		m = u == "s" ? 1e9 : u == "ms" ? 1e6 : u == "us" ? 1e3 : 1; printf " %.0f", v * m }
		print "" }')
if echo "$got $want" | awk '{ if ($1 != $6) exit 1
	for (i = 2; i <= 5; i++) { d = $i - $(i + 5); if (d < 0) d = -d; if (d > $(i + 5) * 0.0006 + 1) exit 1 } }'; then pass; else
	fail "gcs: count, p50, p90, p99, max $got; from the --tsv rows $want"
fi
"$H" sql --tsv "$F" "SELECT count(*) FROM gcs" >"$T/sql-n" 2>/dev/null
if [ "$(tail -n 1 "$T/sql-n")" = "$total" ]; then pass; else
	fail "sql: $(tail -n 1 "$T/sql-n") rows in gcs, +RTS -s $total collections"
fi
# export --chrome: a GC slice per collection, from the store's events too
"$H" export --chrome -o "$T/x.json" "$F" 2>"$T/x.err"
rc=$?
got=$(grep -o '"name":"GC","ts"' "$T/x.json" | wc -l)
if [ "$rc" -eq 0 ] && [ ! -s "$T/x.err" ] && [ "$got" -eq "$total" ]; then pass; else
	fail "export --chrome: exit $rc, $got GC slices of $total, stderr '$(head -c 200 "$T/x.err")'"
fi
# and a message per message of a log of 800,000 (tests/tools/spangen.c:
# N starts and N stops, by construction), whose list of marks stops at its
# budget; its 400,000 spans fill the spans' table too, and that is said
B=$(dirname "$H")
if [ -x "$B/tests/spangen" ]; then
	"$B/tests/spangen" fifo 400000 >"$T/marks.eventlog"
	"$H" export --chrome -o "$T/m.json" "$T/marks.eventlog" 2>"$T/m.err"
	rc=$?
	got=$(grep -o '"cat":"message"' "$T/m.json" | wc -l)
	if [ "$rc" -eq 3 ] && [ "$got" -eq 800000 ] && grep -q 'the spans stopped at the memory budget' "$T/m.err"; then
		pass
	else
		fail "export --chrome of 800,000 messages: exit $rc (want 3: the spans), $got messages, stderr '$(head -c 200 "$T/m.err")'"
	fi
	rm -f "$T/m.json" "$T/marks.eventlog"
else
	fail "$B/tests/spangen not built (make unit-build)"
fi

# caps: each capability's collections, counted from the store's events
# too: as many as the gcs rows (held to +RTS -s above) that name it
"$H" sql --tsv "$F" "SELECT cap, gcs FROM caps" >"$T/caps" 2>"$T/sql.err"
awk -F'\t' 'NR > 1 { n = split($10, c, ","); for (i = 1; i <= n; i++) k[c[i]]++ }
	END { for (x in k) print x "\t" k[x] }' "$T/gcs.tsv" | sort -n >"$T/caps.want"
tail -n +2 "$T/caps" | sort -n >"$T/caps.got"
if cmp -s "$T/caps.got" "$T/caps.want" && ! grep -q caps "$T/sql.err"; then pass; else
	fail "sql caps: $(tr '\n' ' ' <"$T/caps.got"), from the gcs rows $(tr '\n' ' ' <"$T/caps.want"); $(head -c 200 "$T/sql.err")"
fi

# diff: the pauses and threads it compares come from the lists: partial,
# said, exit 3 (the summary's rows are whole: held above)
"$H" diff tests/fixtures/threaded.eventlog "$F" >"$T/diff" 2>"$T/diff.err"
rc=$?
if [ "$rc" -eq 3 ] && grep -q "$F: the collections stopped at the memory budget.*PARTIAL" "$T/diff.err"; then
	pass
else
	fail "diff: exit $rc (want 3), stderr '$(head -c 200 "$T/diff.err")'"
fi

# a log whose lists are whole: nothing said, exit 0
for r in "gcs" "gcs --tsv" "summary" "export --chrome -o $T/y.json" "diff tests/fixtures/nonmoving.eventlog"; do
	"$H" $r tests/fixtures/threaded.eventlog >"$T/w" 2>"$T/w.err"
	rc=$?
	if [ "$rc" -eq 0 ] && ! grep -q -e PARTIAL -e 'memory budget' "$T/w" "$T/w.err"; then pass; else
		fail "threaded: $r: exit $rc: $(grep -h -e PARTIAL -e 'memory budget' "$T/w" "$T/w.err" | head -1)"
	fi
done

"$H" sql tests/fixtures/threaded.eventlog "SELECT * FROM caps" >/dev/null 2>"$T/w.err"
if [ ! -s "$T/w.err" ]; then pass; else fail "threaded: sql caps: $(head -c 200 "$T/w.err")"; fi

# the viewer: the status line, the pauses' and the histogram's titles, [
if command -v tmux >/dev/null 2>&1; then
	S=hectic-budget-$$
	tm() { tmux -u -L "$S" -f /dev/null "$@"; }
	screen_has() { # RE: within 10 s
		i=0
		while [ "$i" -lt 50 ]; do
			tm capture-pane -p -t v >"$T/screen" 2>/dev/null
			grep -q -e "$1" "$T/screen" && return 0
			sleep 0.2
			i=$((i + 1))
		done
		return 1
	}
	mkdir -p "$T/home"
	tm new-session -d -s v -x 100 -y 30 "env HOME=$T/home XDG_STATE_HOME=$T/state XDG_CONFIG_HOME=$T/cfg LANG=C.UTF-8 $H $F"
	# the status line names the lists still short (the allocation
	# samples, the spark counters), never the collections: whole for
	# the panes (model/gcs_compact.c)
	if screen_has 'PARTIAL: .*stopped' && ! grep -q 'collections' "$T/screen"; then pass; else
		fail "viewer: the status line: $(tail -n 3 "$T/screen")"
	fi
	# the pauses panel and the GC histogram: every collection, as many as
	# +RTS -s counts, and no PARTIAL
	# (the status line may still say PARTIAL of the other lists, as
	# above: the titles are the panes' own word, and never name the
	# collections there)
	tm send-keys -t v p
	if screen_has "GC pauses: $total;" && ! grep "GC pauses" "$T/screen" | grep -q PARTIAL &&
		! grep -q 'PARTIAL.*collections' "$T/screen"; then pass; else
		fail "viewer: the pauses' title: $(grep -i -e pauses -e PARTIAL "$T/screen" | head -2)"
	fi
	tm send-keys -t v Escape
	sleep 0.5 # (an Escape and a key at once are Alt and the key)
	tm send-keys -t v D
	if screen_has "GC pause histogram: $total collections" &&
		! grep "GC pause histogram" "$T/screen" | grep -q PARTIAL &&
		! grep -q 'PARTIAL.*collections' "$T/screen"; then pass; else
		fail "viewer: the histogram's title: $(grep -i -e histogram -e PARTIAL "$T/screen" | head -2)"
	fi
	# the GC jumps: from the log's end, [ goes to its last collection (the
	# list held 8,192: the last of those starts at 1.76 s of 4.18 s); the
	# cursor's time on the status line, to its 6 decimals, is its start's
	tm send-keys -t v D G
	sleep 0.5
	tm send-keys -t v '['
	last=$(awk -F'\t' 'NR > 1 { t = $1 } END { printf "%.6f", t / 1e9 }' "$T/gcs.tsv")
	if screen_has "cursor ${last}s"; then pass; else
		fail "viewer: [ from the end: $(grep cursor "$T/screen"), the last collection at ${last}s"
	fi
	tm kill-server 2>/dev/null
	# two runs (the log as both): each run's line counts every collection
	# (on a tmux server of its own: one killed may still hold its socket a
	# moment, and a new session there finds "no server running")
	S=hectic-budget-two-$$
	tm new-session -d -s v -x 100 -y 30 "env HOME=$T/home XDG_STATE_HOME=$T/state XDG_CONFIG_HOME=$T/cfg LANG=C.UTF-8 $H $F $F"
	screen_has 'A: ' >/dev/null
	tm send-keys -t v p
	# (the status line may still say PARTIAL of the other lists, the
	# allocation samples and spark counters, as the one-run check allows;
	# never of the collections or pauses)
	if screen_has "B: $total collections;" && grep -q "A: $total collections;" "$T/screen" &&
		! grep -q 'PARTIAL.*\(collection\|pause\)' "$T/screen"; then pass; else
		fail "viewer, two runs: the pauses' lines: $(grep -e 'A: ' -e 'B: ' -e PARTIAL "$T/screen" | head -3)"
	fi
	tm kill-server 2>/dev/null
else
	fail "tmux not found (tools/deps.sh check installs it)"
fi
echo "budget: $n checks, $nbad failed"
[ "$nbad" -eq 0 ]
