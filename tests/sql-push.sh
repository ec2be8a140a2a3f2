#!/bin/sh
# hectic sql's pushdown past time (issue 34, item 3): an equality on the
# event type, and IN lists of capabilities, classes and types, give the
# rows of the same query with the constraint disguised from xBestIndex,
# EXPLAIN QUERY PLAN names what the table took, and the producer gave
# SQLite only the rows wanted (HECTIC_SQL_STATS=1: the rows produced, on
# stderr at exit); the thread, which the index lacks, is named as not
# indexed and takes no index; a LIMIT with a time range stops early; the
# rows of an IN list still come in time order. Usage:
#   sh tests/sql-push.sh path/to/hectic
SUITE=sql-push
. tests/sql-lib.sh
F=$FIX/par-n4.eventlog

# produced QUERY: the rows the producers gave SQLite for QUERY
produced() {
	HECTIC_SQL_STATS=1 "$H" sql --tsv "$F" "$1" 2>&1 >/dev/null |
		sed -n 's/^hectic sql: \([0-9]*\) rows produced$/\1/p'
}
# q WHERE: the rows' count and checksums
q() {
	"$H" sql --tsv "$F" "SELECT count(*), sum(time), sum(offset), sum(length(text)) FROM events WHERE $1" |
		awk 'NR == 2'
}
total=$("$H" sql --tsv "$F" "SELECT count(*) FROM events" | awk 'NR == 2')
[ "${total:-0}" -gt 1000 ] || bad "the fixture's events: '$total'"

# each: the WHERE, the same disguised, what the plan names
for w in "type = 1#type + 0 = 1#type=?" \
	"type IN (0, 1, 9)#type + 0 IN (0, 1, 9)#type IN(?)" \
	"cap IN (1, 3)#cap + 0 IN (1, 3)#cap IN(?)" \
	"class IN ('gc', 'heap')#class || '' IN ('gc', 'heap')#class IN(?)" \
	"type IN (0, 1, 9) AND cap IN (1, 2) AND class IN ('sched', 'gc')#type + 0 IN (0, 1, 9) AND cap + 0 IN (1, 2) AND class || '' IN ('sched', 'gc')#cap IN(?) class IN(?) type IN(?)" \
	"time > 100000000 AND type = 2 AND cap = 0#time + 0 > 100000000 AND type + 0 = 2 AND cap + 0 = 0#time>? cap=? type=?" \
	"type IN ('x', 1.5, NULL, 1, 70000, -1)#type + 0 IN ('x', 1.5, NULL, 1, 70000, -1)#type IN(?)" \
	"class IN ('gc', 'nope', 'all')#class || '' IN ('gc', 'nope', 'all')#class IN(?)" \
	"type = 1 AND class = 'gc'#type + 0 = 1 AND class || '' = 'gc'#class=? type=?"; do
	fast=${w%%#*} rest=${w#*#}
	slow=${rest%%#*} idx=${rest#*#}
	a=$(q "$fast") b=$(q "$slow")
	if [ -n "$a" ] && [ "$a" = "$b" ]; then
		ok
	else
		bad "WHERE $fast gives '$a', WHERE $slow '$b'"
	fi
	n=${a%%"	"*}
	case $fast in
	*"class = 'gc'"*) [ "$n" = 0 ] || bad "type 1 is not of class gc, yet WHERE $fast gives $n rows" ;;
	*) [ "${n:-0}" -gt 0 ] || bad "WHERE $fast gives no row: the check tells nothing" ;;
	esac
	plan=$("$H" sql "$F" "EXPLAIN QUERY PLAN SELECT * FROM events WHERE $fast")
	case $plan in
	*"VIRTUAL TABLE INDEX "*":$idx"*) ok ;;
	*) bad "the plan of WHERE $fast names no $idx: $plan" ;;
	esac
	case $("$H" sql "$F" "EXPLAIN QUERY PLAN SELECT * FROM events WHERE $slow") in
	*"INDEX 0:"*) ok ;;
	*) bad "WHERE $slow is not disguised" ;;
	esac
	# the producer gave the rows wanted alone (the disguised: every row)
	p=$(produced "SELECT count(*) FROM events WHERE $fast")
	[ "$p" = "$n" ] && ok || bad "WHERE $fast: $p rows produced for $n rows"
	p=$(produced "SELECT count(*) FROM events WHERE $slow")
	[ "$p" = "$total" ] && ok || bad "WHERE $slow: $p rows produced, not the $total events"
done

# an IN list's rows come in time order, and ORDER BY time does not sort
"$H" sql --tsv "$F" "SELECT time FROM events WHERE type IN (9, 0, 1) AND cap IN (3, 0)" |
	awk 'NR > 1' >"$T/in"
sort -n "$T/in" >"$T/sorted"
if [ "$(wc -l <"$T/in")" -gt 10 ] && cmp -s "$T/in" "$T/sorted"; then ok; else bad "an IN list's rows are not in time order"; fi
case $("$H" sql "$F" "EXPLAIN QUERY PLAN SELECT * FROM events WHERE type IN (9, 0) ORDER BY time") in
*"TEMP B-TREE"*) bad "ORDER BY time with an IN list sorts again" ;;
*) ok ;;
esac

# the thread: no index; --schema says so
case $("$H" sql "$F" "EXPLAIN QUERY PLAN SELECT * FROM events WHERE thread = 3") in
*"INDEX 0:"*) ok ;;
*) bad "WHERE thread = 3 names an index" ;;
esac
"$H" sql --schema | grep -q '^  thread .*not indexed' && ok || bad "--schema does not say the thread is not indexed"

# a LIMIT with a time range stops early: 3 rows produced of the thousands
# in the range
in_range=$("$H" sql --tsv "$F" "SELECT count(*) FROM events WHERE time > 100000000" | awk 'NR == 2')
[ "${in_range:-0}" -gt 1000 ] || bad "the range holds only '$in_range' events"
for qq in "SELECT * FROM events WHERE time > 100000000 LIMIT 3" \
	"SELECT time, text FROM events WHERE time BETWEEN 100000000 AND 300000000 ORDER BY time LIMIT 3" \
	"SELECT * FROM events WHERE time > 100000000 AND type IN (0, 1, 2, 9) LIMIT 3"; do
	p=$(produced "$qq")
	[ "$p" = 3 ] && ok || bad "$qq: $p rows produced, not 3"
done

# count(*) on a class reads that class's events alone
n=$("$H" sql --tsv "$F" "SELECT count(*) FROM events WHERE class = 'gc'" | awk 'NR == 2')
p=$(produced "SELECT count(*) FROM events WHERE class = 'gc'")
[ "${n:-0}" -gt 0 ] && [ "$p" = "$n" ] && ok || bad "count(*) of class gc: $p rows produced for $n"

echo "sql-push: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
