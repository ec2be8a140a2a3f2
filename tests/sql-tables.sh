#!/bin/sh
# hectic sql's report tables (issue 34, item 2): heap, sparks, ticky and
# profile against their reports' --tsv, row for row, on every fixture the
# report handles (and a time window, --escape), and findings against
# hectic doctor --tsv's (issue 47) the same way; spans, a row per span,
# summed per name against the spans report's count and total (and a
# window of starts against spans --from --to); event_counts against the
# GROUP BY over events, on every fixture, and its class limit pushed down.
# Usage:
#   sh tests/sql-tables.sh path/to/hectic
SUITE=sql-tables
. tests/sql-lib.sh
# same FILE QUERY [REPORT ARGS]: SELECT's TSV equals the report's --tsv
# (a log the report refuses is not the table's to answer: 2, nothing said)
same() {
	f=$1 q=$2
	shift 2
	"$H" "$@" "$f" >"$T/want" 2>/dev/null || return 2
	if "$H" sql --tsv "$f" "$q" >"$T/got" 2>"$T/err" && cmp -s "$T/want" "$T/got"; then
		ok
	else
		bad "$f: $q differs from hectic $*"
		diff "$T/want" "$T/got" | head -4
		head -2 "$T/err"
	fi
	return 0
}

find "$FIX" -name '*.eventlog' | sort >"$T/logs"
[ -s "$T/logs" ] || bad "no fixtures under $FIX"
n=0 rows=0 spans=0 counted=0 nsparks=0 findings=0
while IFS= read -r f; do
	n=$((n + 1))
	for t in heap sparks ticky profile; do
		if same "$f" "SELECT * FROM $t" $t --tsv; then
			rows=$((rows + $(wc -l <"$T/got") - 1))
		fi
	done
	# findings: hectic doctor's (a table named for what it holds)
	if same "$f" "SELECT * FROM findings" doctor --tsv; then
		findings=$((findings + $(wc -l <"$T/got") - 1))
	fi
	# spans: a row per span; per name, the report's count and total
	if "$H" spans --tsv "$f" 2>/dev/null | awk -F'\t' 'NR > 1 { print $1 "\t" $2 "\t" $3 }' |
		LC_ALL=C sort >"$T/want" &&
		"$H" sql --tsv "$f" "SELECT name, count(*), sum(dur) FROM spans GROUP BY name" 2>"$T/err" |
		awk 'NR > 1' | LC_ALL=C sort >"$T/got" && cmp -s "$T/want" "$T/got"; then
		ok
		spans=$((spans + $(wc -l <"$T/got")))
	else
		bad "$f: spans summed per name differ from hectic spans --tsv"
		diff "$T/want" "$T/got" | head -4
	fi
	# event_counts: the GROUP BY over events, by type and capability (a
	# GROUP BY that needs more than SQLite's heap limit, the budget
	# fixture's 600,000 events sorted: by the sqlite3 shell over --db's
	# copy, which has no limit)
	q="SELECT name, class, cap, count(*) AS count, type FROM events GROUP BY type, cap
		ORDER BY type, cap IS NOT NULL, cap"
	if ! "$H" sql --tsv "$f" "$q" >"$T/want" 2>"$T/want.err"; then
		grep -q "out of memory: the statement needs more than SQLite's limit" "$T/want.err" &&
			rm -f "$T/copy.db" && "$H" sql --db "$T/copy.db" "$f" 2>/dev/null &&
			sqlite3 -header -separator "$(printf '\t')" "$T/copy.db" "$q" >"$T/want"
	fi
	if [ -s "$T/want" ] &&
		"$H" sql --tsv "$f" "SELECT * FROM event_counts" >"$T/got" 2>"$T/err" &&
		cmp -s "$T/want" "$T/got" && [ "$(wc -l <"$T/got")" -gt 1 ]; then
		ok
		counted=$((counted + 1))
	else
		bad "$f: event_counts differs from the GROUP BY over events"
		diff "$T/want" "$T/got" | head -4
	fi
	# sparks, every column, against ghc-events' show text (issue 45, item
	# 4) [sparks-oracle]: per capability its last "spark stats" line's
	# created, converted, overflowed, dud, GC'd and fizzled (the counters
	# are totals since the start; "remaining" is not a column)
	o=${f%.eventlog}.oracle.show
	[ -f "$o" ] || continue
	awk '/^[0-9]+: cap [0-9]+: spark stats: / {
			c = $3; sub(/:$/, "", c)
			s = $0; sub(/^.*spark stats: /, "", s); gsub(/[(),]/, "", s)
			split(s, w, " ")
			v[c] = w[1] "\t" w[3] "\t" w[7] "\t" w[9] "\t" w[11] "\t" w[13] }
		END { for (c in v) print c "\t" v[c] }' "$o" | sort >"$T/want"
	"$H" sql --tsv "$f" "SELECT cap, created, converted, overflowed, dud, gcd, fizzled FROM sparks" \
		2>/dev/null | sed 1d | sort >"$T/got"
	if cmp -s "$T/want" "$T/got"; then
		awk '$2 + $3 + $4 + $5 + $6 + $7 > 0 { n++ } END { exit !n }' "$T/want" && nsparks=$((nsparks + 1))
		ok
	else
		bad "$f: sparks differs from ghc-events show's spark stats (< show, > hectic) [sparks-oracle]"
		diff "$T/want" "$T/got" | head -4
	fi
done <"$T/logs"
[ "$nsparks" -ge 5 ] || bad "sparks met the show text with sparks on $nsparks fixtures only"
[ "$n" -ge 60 ] || bad "only $n fixtures found"
# each table had rows to compare somewhere
[ "$rows" -ge 1000 ] || bad "only $rows report rows compared"
[ "$spans" -ge 3 ] || bad "only $spans span names compared"
[ "$findings" -ge 50 ] || bad "only $findings findings compared"

# the issue's own GROUP BY, name by name
F=$FIX/par-n4.eventlog
q="SELECT name, class, cap, count(*) FROM events GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"
if "$H" sql --tsv "$F" "$q" >"$T/want" && "$H" sql --tsv "$F" \
	"SELECT name, class, cap, sum(count) AS 'count(*)' FROM event_counts GROUP BY 1, 2, 3 ORDER BY 1, 2, 3" \
	>"$T/got" && cmp -s "$T/want" "$T/got" && [ "$(wc -l <"$T/got")" -gt 20 ]; then
	ok
else
	bad "event_counts grouped by name, class and cap differs from the events'"
	diff "$T/want" "$T/got" | head -4
fi
# a class limit is the table's: pushed down (the plan says so), and the
# same counts as the events of that class
for c in gc sched user; do
	if "$H" sql --tsv "$F" "SELECT type, cap, count(*) FROM events WHERE class = '$c' GROUP BY 1, 2 ORDER BY 1, 2" >"$T/want" &&
		"$H" sql --tsv "$F" "SELECT type, cap, count AS 'count(*)' FROM event_counts WHERE class = '$c'
			ORDER BY 1, 2" >"$T/got" && cmp -s "$T/want" "$T/got"; then
		ok
	else
		bad "event_counts WHERE class = '$c' differs from the events'"
		diff "$T/want" "$T/got" | head -4
	fi
done
case $("$H" sql "$F" "EXPLAIN QUERY PLAN SELECT * FROM event_counts WHERE class = 'gc'") in
*"VIRTUAL TABLE INDEX "*":class=?"*) ok ;;
*) bad "event_counts: the class limit is not pushed down" ;;
esac
# the counts sum to the log's events
if [ "$("$H" sql --tsv "$F" "SELECT sum(count) AS n FROM event_counts")" = \
	"$("$H" sql --tsv "$F" "SELECT count(*) AS n FROM events")" ]; then
	ok
else
	bad "event_counts does not sum to the events' count"
fi

# windows: the heap's census times and the spans' starts, pushed down,
# as the reports' --from and --to give them
P=$FIX/profile-hc.eventlog
same "$P" "SELECT * FROM heap WHERE time BETWEEN 200000000 AND 600000000" \
	heap --tsv --from 200000000 --to 600000000 || bad "$P: heap --tsv refused"
[ "$(wc -l <"$T/got")" -gt 10 ] || bad "the heap's window holds $(wc -l <"$T/got") lines"
case $("$H" sql "$P" "EXPLAIN QUERY PLAN SELECT * FROM heap WHERE time > 5") in
*":time>?"*) ok ;;
*) bad "heap: the time limit is not pushed down" ;;
esac
S=$FIX/threads.eventlog
if "$H" spans --tsv --from 75000000 --to 85000000 "$S" | awk -F'\t' 'NR > 1 { print $1 "\t" $2 "\t" $3 }' |
	LC_ALL=C sort >"$T/want" &&
	"$H" sql --tsv "$S" "SELECT name, count(*), sum(dur) FROM spans WHERE start BETWEEN 75000000 AND 85000000
		GROUP BY name" | awk 'NR > 1' | LC_ALL=C sort >"$T/got" && cmp -s "$T/want" "$T/got" && [ "$(wc -l <"$T/got")" -ge 2 ] &&
	[ "$(awk -F'\t' '{ n += $2 } END { print n }' "$T/got")" -lt 52 ]; then
	ok
else
	bad "spans WHERE start BETWEEN differs from hectic spans --from --to"
	diff "$T/want" "$T/got" | head -4
fi
# a span's columns: dur is end - start, and a thread posted it
if [ "$("$H" sql --tsv "$S" "SELECT count(*) FROM spans WHERE dur != end - start OR dur < 0 OR thread IS NULL")" = \
	"$(printf 'count(*)\n0')" ]; then
	ok
else
	bad "spans: a row whose dur is not end - start, or without a thread"
fi
# text as the reports escape it
same "$FIX/doctor/ghc90-mvar.eventlog" "SELECT * FROM findings" doctor --tsv --escape ||
	bad "doctor --tsv refused"
same "$FIX/modern/ghc96-ticky-ipe.eventlog" "SELECT * FROM ticky" ticky --tsv --escape ||
	bad "ticky --tsv refused"
same "$FIX/modern/ghc96-heap-hi.eventlog" "SELECT * FROM heap" heap --tsv --escape ||
	bad "heap --tsv refused"

echo "sql-tables: $pass passed, $fail failed ($n fixtures, $rows report rows, $spans span names, $findings findings, $counted logs counted)"
[ "$fail" -eq 0 ]
