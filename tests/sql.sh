#!/bin/sh
# hectic sql (issue 34): its tables against the reports and show, on every
# fixture (tests/fixtures and its folders); the time pushdown against the
# same query with the constraint disguised, and EXPLAIN QUERY PLAN naming
# the index; each write path the connection refuses; a syntax error; the
# issue's "done when" query on gcs; --schema against the man page. Usage:
#   sh tests/sql.sh path/to/hectic
SUITE=sql
. tests/sql-lib.sh

# show's line from the events table's time, cap and text (TSV-escaped)
cat >"$T/unshow.awk" <<'EOF'
BEGIN { FS = "\t" }
NR == 1 { next }
{
	t = $3; out = ""
	while ((i = index(t, "\\")) > 0) {
		c = substr(t, i + 1, 1)
		out = out substr(t, 1, i - 1) (c == "t" ? "\t" : c == "n" ? "\n" : c == "r" ? "\r" : c)
		t = substr(t, i + 2)
	}
	printf "%s: %s%s\n", $1, ($2 == "" ? "" : "cap " $2 ": "), out t
}
EOF

find "$FIX" -name '*.eventlog' | sort >"$T/logs"
[ -s "$T/logs" ] || bad "no fixtures under $FIX"
n=0 noracle=0 nmark=0 nruns=0 nlabel=0
while IFS= read -r f; do
	n=$((n + 1))
	# the derived tables: their reports' --tsv, row for row
	for t in gcs threads markers summary; do
		if ! "$H" $t --tsv "$f" >"$T/want" 2>/dev/null; then
			continue # a log the report refuses: not the table's to answer
		fi
		if "$H" sql --tsv "$f" "SELECT * FROM $t" >"$T/got" 2>"$T/err" &&
			cmp -s "$T/want" "$T/got" && [ -s "$T/got" ]; then
			ok
		else
			bad "$f: SELECT * FROM $t differs from hectic $t --tsv"
			diff "$T/want" "$T/got" | head -4
		fi
	done
	# runs: summed per thread, threads --tsv's running and runs columns
	if "$H" threads --tsv "$f" 2>/dev/null | awk -F'\t' 'NR > 1 && $7 > 0 { print $1 "\t" $6 "\t" $7 }' |
		sort >"$T/want" &&
		"$H" sql --tsv "$f" "SELECT thread, sum(dur), count(*) FROM runs GROUP BY thread" 2>/dev/null |
		awk 'NR > 1' | sort >"$T/got" && cmp -s "$T/want" "$T/got"; then
		ok
	else
		bad "$f: runs summed per thread differ from hectic threads --tsv"
		diff "$T/want" "$T/got" | head -4
	fi
	# and from ghc-events' own text (its show output, the oracle), where
	# the fixture has one
	o=${f%.eventlog}.oracle.show
	if [ -f "$o" ]; then
		awk -f "$(dirname "$0")/show-runs.awk" "$o" | sort >"$T/oracle"
		"$H" sql --tsv "$f" "SELECT thread, sum(dur) FROM runs GROUP BY thread HAVING sum(dur) > 0" 2>/dev/null |
			awk 'NR > 1' | sort >"$T/got"
		if cmp -s "$T/oracle" "$T/got"; then
			[ -s "$T/oracle" ] && noracle=$((noracle + 1)) # (a log with runs)
			ok
		else
			bad "$f: runs summed per thread differ from ghc-events show's running times"
			diff "$T/oracle" "$T/got" | head -4
		fi
	fi
	# events: show's lines, one for one
	"$H" show "$f" 2>/dev/null | awk 'on { print } /^Events:$/ { on = 1 }' | sed '$d' >"$T/show"
	if "$H" sql --tsv "$f" "SELECT time, cap, text FROM events" 2>/dev/null |
		awk -f "$T/unshow.awk" >"$T/events" && cmp -s "$T/show" "$T/events" && [ -s "$T/show" ]; then
		ok
	else
		bad "$f: the events table differs from hectic show"
		diff "$T/show" "$T/events" | head -4
	fi
	[ -f "$o" ] || continue
	# (issue 45, item 4) the same lines against ghc-events' own text
	# [events-oracle]: identical for tests/fixtures' logs; the modern ones'
	# text (ghc-events 0.20) has no block markers (nor the blank line after
	# each) and no stack size in a stack-overflow stop, as run.sh's
	# golden-modern says
	awk '/^Events:$/ { on = 1; next } on' "$o" | sed '$d' >"$T/oshow"
	awk -v modern="$(grep -c ': event block: ' "$o")" '
		modern > 0 { print; next }
		skip && $0 == "" { skip = 0; next }
		{ skip = 0 }
		/^[0-9]+: (cap [0-9]+: )?event block: cap [0-9]+, end time: [0-9]+$/ { skip = 1; next }
		{ sub(/\(stack overflow, size [0-9]+\)$/, "(stack overflow)"); print }' "$T/events" >"$T/ev-o"
	if [ -s "$T/oshow" ] && cmp -s "$T/oshow" "$T/ev-o"; then
		ok
	else
		bad "$f: the events table's time, cap and text differ from ghc-events' show text [events-oracle]"
		diff "$T/oshow" "$T/ev-o" | head -4
	fi
	# every run, each column, from the same text [runs-oracle]
	awk -f "$(dirname "$0")/show-runs-each.awk" "$o" | LC_ALL=C sort >"$T/want"
	"$H" sql --tsv "$f" "SELECT thread, cap, start, end, dur, stop FROM runs" 2>/dev/null | sed 1d |
		LC_ALL=C sort >"$T/got"
	if cmp -s "$T/want" "$T/got"; then
		[ -s "$T/want" ] && nruns=$((nruns + 1))
		ok
	else
		bad "$f: the runs table differs from ghc-events show's running/stopping lines (< show, > hectic) [runs-oracle]"
		diff "$T/want" "$T/got" | head -4
	fi
	# each thread's latest label, from the text's "thread N has label" lines
	# [threads-label] (the TSV escapes a backslash, tab or newline; the
	# fixtures' labels have none)
	awk '/^[0-9]+: (cap [0-9]+: )?thread [0-9]+ has label "/ {
			s = $0; sub(/^[0-9]+: (cap [0-9]+: )?thread /, "", s)
			th = s; sub(/ .*/, "", th)
			sub(/^[0-9]+ has label "/, "", s); sub(/"$/, "", s)
			l[th] = s }
		END { for (th in l) print th "\t" l[th] }' "$o" | LC_ALL=C sort >"$T/want"
	"$H" sql --tsv "$f" "SELECT thread, label FROM threads WHERE label IS NOT NULL" 2>/dev/null | sed 1d |
		LC_ALL=C sort >"$T/got"
	if cmp -s "$T/want" "$T/got"; then
		[ -s "$T/want" ] && nlabel=$((nlabel + 1))
		ok
	else
		bad "$f: the threads' labels differ from ghc-events show's label lines (< show, > hectic) [threads-label]"
		diff "$T/want" "$T/got" | head -4
	fi
	# and every event, message and count against the file's bytes, decoded
	# by tests/eventlog.awk (GHC's format, not hectic's parser):
	# [events-decoded] offset, time, cap, thread, type, name;
	# [event_counts-decoded] type, name, cap, count (the decoded events
	# counted); [markers-decoded] time, cap, kind, text
	if ! od -An -v -tu1 "$f" | LC_ALL=C awk -f "$(dirname "$0")/eventlog.awk" >"$T/dec" 2>"$T/err"; then
		bad "$f: tests/eventlog.awk could not decode it: $(head -1 "$T/err")"
		continue
	fi
	awk -F '\t' -v OFS='\t' '$1 == "E" { print $2, $3, $4, $5, $6, $7 }' "$T/dec" >"$T/want"
	"$H" sql --tsv "$f" "SELECT offset, time, cap, thread, type, name FROM events ORDER BY offset" 2>/dev/null |
		sed 1d >"$T/got"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got"; then
		ok
	else
		bad "$f: the events table differs from the file's bytes (< decoded, > hectic) [events-decoded]"
		diff "$T/want" "$T/got" | head -4
	fi
	awk -F '\t' -v OFS='\t' '$1 == "E" { c[$6 OFS $7 OFS $4]++ } END { for (k in c) print k, c[k] }' \
		"$T/dec" | LC_ALL=C sort >"$T/want"
	"$H" sql --tsv "$f" "SELECT type, name, cap, count FROM event_counts" 2>/dev/null | sed 1d |
		LC_ALL=C sort >"$T/got"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got"; then
		ok
	else
		bad "$f: event_counts differs from the file's events counted (< decoded, > hectic) [event_counts-decoded]"
		diff "$T/want" "$T/got" | head -4
	fi
	awk -F '\t' -v OFS='\t' '$1 == "M" { print $2, $3, $4, $5 }' "$T/dec" | LC_ALL=C sort >"$T/want"
	"$H" sql --tsv "$f" "SELECT time, cap, kind, text FROM markers" 2>/dev/null | sed 1d |
		LC_ALL=C sort >"$T/got"
	if cmp -s "$T/want" "$T/got"; then
		[ -s "$T/want" ] && nmark=$((nmark + 1))
		ok
	else
		bad "$f: the markers table differs from the file's messages (< decoded, > hectic) [markers-decoded]"
		diff "$T/want" "$T/got" | head -4
	fi
done <"$T/logs"
[ "$nmark" -ge 30 ] || bad "the markers met the decoded messages on $nmark fixtures only"
[ "$nruns" -ge 30 ] || bad "the runs met the show text's on $nruns fixtures only"
[ "$nlabel" -ge 10 ] || bad "the labels met the show text's on $nlabel fixtures only"
# (the oracle's comparison ran on the fixtures that have one: most)
[ "$noracle" -ge 20 ] || bad "runs met ghc-events' oracle on $noracle fixtures only"
[ "$n" -ge 60 ] || bad "only $n fixtures found"

# pushdown: a window (and a capability, a class) of events gives the rows
# of the same query with each constraint disguised from xBestIndex, and
# the plan names the constraints the table took
F=$FIX/par-n4.eventlog
q() { # WHERE: the rows' count and checksums
	"$H" sql --tsv "$F" "SELECT count(*), sum(time), sum(offset), sum(length(text)) FROM events WHERE $1"
}
for w in "time BETWEEN 5000000 AND 90000000#time + 0 BETWEEN 5000000 AND 90000000#time>=? time<=?" \
	"time > 200000000 AND cap = 2#time + 0 > 200000000 AND cap + 0 = 2#time>? cap=?" \
	"time < 100000000 AND class = 'gc'#time + 0 < 100000000 AND class || '' = 'gc'#time<? class=?" \
	"time = 4908276#time + 0 = 4908276#time=?" \
	"time >= 5000000.5 AND time <= 9000000.5#time + 0 >= 5000000.5 AND time + 0 <= 9000000.5#time>=? time<=?"; do
	fast=${w%%#*} rest=${w#*#}
	slow=${rest%%#*} idx=${rest#*#}
	a=$(q "$fast") b=$(q "$slow")
	if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$(printf '%s\n' "$a" | awk -F'\t' 'NR == 2 { print $1 }')" -gt 0 ]; then
		ok
	else
		bad "pushdown: WHERE $fast gives '$a', WHERE $slow '$b'"
	fi
	plan=$("$H" sql "$F" "EXPLAIN QUERY PLAN SELECT * FROM events WHERE $fast")
	case $plan in
	*"VIRTUAL TABLE INDEX "*":$idx"*) ok ;;
	*) bad "pushdown: the plan of WHERE $fast names no $idx: $plan" ;;
	esac
	case $("$H" sql "$F" "EXPLAIN QUERY PLAN SELECT * FROM events WHERE $slow") in
	*"INDEX 0:"*) ok ;;
	*) bad "pushdown: WHERE $slow is not disguised" ;;
	esac
done
# the issue's first "done when" query: the running time per label, as
# hectic threads gives it (the labels of threads that ran, summed)
for f in "$FIX/threads.eventlog" "$FIX/modern/ghc96-threaded.eventlog" "$FIX/par-n4.eventlog"; do
	"$H" threads --tsv "$f" | awk -F'\t' 'NR > 1 && $7 > 0 { s[$2] += $6 }
		END { for (l in s) printf "%s\t%.0f\n", l, s[l] }' | LC_ALL=C sort -t"$(printf '\t')" -k2,2nr -k1,1 |
		head -5 >"$T/want"
	"$H" sql --tsv "$f" "SELECT label, sum(dur) FROM runs JOIN threads USING (thread)
		GROUP BY label ORDER BY 2 DESC, 1 LIMIT 5" | awk 'NR > 1' >"$T/got"
	if cmp -s "$T/want" "$T/got" && [ -s "$T/got" ]; then
		ok
	else
		bad "$f: the running time per label differs from hectic threads"
		diff "$T/want" "$T/got" | head -4
	fi
done
# gcs by start: the issue's second query, and a window of them
if "$H" gcs --tsv "$F" | awk -F'\t' 'NR == 1 || $3 > 5e6' >"$T/want" &&
	"$H" sql --tsv "$F" "SELECT * FROM gcs WHERE pause > 5e6" >"$T/got" && cmp -s "$T/want" "$T/got" &&
	[ "$(wc -l <"$T/got")" -gt 1 ]; then
	ok
else
	bad "SELECT * FROM gcs WHERE pause > 5e6 differs from hectic gcs --tsv"
fi
if "$H" gcs --tsv --from 100000000 --to 200000000 "$F" >"$T/want" &&
	"$H" sql --tsv "$F" "SELECT * FROM gcs WHERE start BETWEEN 100000000 AND 200000000" >"$T/got" &&
	cmp -s "$T/want" "$T/got" && [ "$(wc -l <"$T/got")" -gt 2 ]; then
	ok
else
	bad "gcs WHERE start BETWEEN differs from hectic gcs --from --to"
fi
# ORDER BY time is the table's own order: a LIMIT stops early
case $("$H" sql "$F" "EXPLAIN QUERY PLAN SELECT * FROM events ORDER BY time LIMIT 3") in
*"USE TEMP B-TREE"*) bad "ORDER BY time sorts again" ;;
*) ok ;;
esac

# the connection only reads: each refusal says so, exits 2, and writes no
# file (the statements run in an empty directory, which must stay so)
mkdir "$T/w" && cd "$T/w" || exit 1
refused() { # NAME QUERY FILE WHY: refused (WHY: the refusal's words), FILE not created
	rm -f "$3"
	"$H" sql "$F" "$2" >../out 2>../err
	rc=$?
	if [ "$rc" -eq 2 ] && grep -qF "hectic: $4 refused: hectic sql only reads" ../err && [ ! -e "$3" ] &&
		! grep -q 42 ../out; then
		ok
	else
		bad "$1: not refused (status $rc): $(cat ../err ../out)"
	fi
}
F=$(cd "$OLDPWD" && pwd)/$F
# (the authorizer's refusals; VACUUM, which it is not asked about, is
# refused as a statement that writes)
schema="changing the schema (CREATE, DROP, ALTER)"
refused attach "ATTACH 'x.db' AS x; CREATE TABLE x.t(a)" x.db ATTACH
refused create "CREATE TABLE t(a)" t.db "$schema"
refused temp-insert "CREATE TEMP TABLE t(a); INSERT INTO t VALUES (42); SELECT a FROM t" t.db "$schema"
refused vacuum-into "VACUUM INTO 'vacuum.db'" vacuum.db "a statement that writes"
refused load-extension "SELECT load_extension('ext')" ext load_extension
refused writable-schema "PRAGMA writable_schema=1" ws "this PRAGMA"
refused journal-mode "PRAGMA journal_mode=WAL" wal "this PRAGMA"
refused detach "DETACH main" dt DETACH
refused drop "DROP TABLE events" dr "$schema"
# (a SELECT of a table-valued PRAGMA is allowed, below; the write after it
# is a statement of its own, still refused)
refused pragma-then-create "SELECT * FROM pragma_table_info('gcs'); CREATE TABLE t(a)" t.db "$schema"
# (issue 43) fts3_tokenizer('simple') gave a pointer into the library; a
# table-valued PRAGMA that is not a list, refused as it ran, exited 1 ("not
# authorized"); the temporary store (the heap) cannot be set back to files
refused fts3-tokenizer "SELECT hex(fts3_tokenizer('simple'))" ft fts3_tokenizer
refused pragma-query-only "SELECT * FROM pragma_query_only" pq "this PRAGMA"
refused pragma-temp-store-read "SELECT * FROM pragma_temp_store" ts "this PRAGMA"
refused pragma-temp-store "PRAGMA temp_store = FILE" ts "this PRAGMA"
[ -z "$(ls -A)" ] || bad "files were created: $(ls -A)"
cd "$OLDPWD" || exit 1
# a PRAGMA that reads is allowed
if "$H" sql --tsv "$F" "PRAGMA table_info(gcs)" | grep -q "pause"; then ok; else bad "PRAGMA table_info refused"; fi
# and its table-valued form: the same columns, in a query of their own
"$H" sql --tsv "$F" "PRAGMA table_info(gcs)" | cut -f2 >"$T/want"
if "$H" sql --tsv "$F" "SELECT name FROM pragma_table_info('gcs') ORDER BY cid" >"$T/got" 2>"$T/err" &&
	cmp -s "$T/want" "$T/got" && grep -qx pause "$T/got"; then
	ok
else
	bad "pragma_table_info('gcs') differs from PRAGMA table_info(gcs): $(cat "$T/err")"
fi

# a syntax error: status 2, SQLite's message, where it is
"$H" sql "$F" "SELECT 1;
SELECT * FORM gcs" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q 'near "FORM": syntax error (line 2, column 10)' "$T/err" && [ ! -s "$T/out" ]; then
	ok
else
	bad "a syntax error: status $rc, $(cat "$T/err")"
fi
"$H" sql "$F" "SELECT nosuch FROM gcs" >/dev/null 2>"$T/err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q "no such column: nosuch" "$T/err"; then ok; else bad "an unknown column: status $rc"; fi

# statements from standard input, split at their ';', in each format
printf 'SELECT count(*) AS n FROM gcs;\nSELECT 1 AS a,\n 2 AS b; SELECT field FROM summary LIMIT 1\n' |
	"$H" sql --tsv "$F" >"$T/out"
if [ "$(cat "$T/out")" = "$(printf 'n\n376\na\tb\n1\t2\nfield\nfrom')" ]; then ok; else bad "stdin: $(cat "$T/out")"; fi
# the dot-commands, as sqlite3's (issue 48): a line beginning with '.'
# when no statement is pending. .tables: the registry's names; .schema T:
# T's lines of --schema; .help: each; .quit, .exit: the end, what follows
# not run
"$H" sql --schema >"$T/schema-all"
awk -F: '/^[a-z_]+: / { print $1 }' "$T/schema-all" >"$T/want"
printf '.tables\n' | "$H" sql "$F" >"$T/out" 2>"$T/err"
rc=$?
tr -s ' ' '\n' <"$T/out" | grep . >"$T/got"
if [ "$rc" -eq 0 ] && [ -s "$T/want" ] && cmp -s "$T/want" "$T/got" && [ ! -s "$T/err" ]; then ok; else
	bad ".tables: status $rc, $(cat "$T/out" "$T/err")"
fi
printf '.tables g%%\n.tables nosuch\nSELECT 1 AS not_run;\n' | "$H" sql "$F" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" -eq 2 ] && [ "$(cat "$T/out")" = gcs ] && grep -q 'no table matches nosuch' "$T/err"; then ok; else
	bad ".tables PATTERN: status $rc, $(cat "$T/out" "$T/err")"
fi
awk '/^gcs: / { on = 1 } on && /^$/ { exit } on' "$T/schema-all" >"$T/want"
printf '.schema gcs\n' | "$H" sql "$F" >"$T/got" 2>"$T/err"
rc=$?
if [ "$rc" -eq 0 ] && grep -q '^  pause ' "$T/want" && cmp -s "$T/want" "$T/got"; then ok; else
	bad ".schema gcs: status $rc, $(diff "$T/want" "$T/got") $(cat "$T/err")"
fi
printf '.schema\n' | "$H" sql "$F" >"$T/got"
if cmp -s "$T/schema-all" "$T/got"; then ok; else bad ".schema is not --schema"; fi
printf '.help\n' | "$H" sql "$F" >"$T/out" 2>"$T/err"
rc=$?
nhelp=0
for d in tables schema help quit exit; do
	[ "$(grep -c "^\.$d  *[^ ]" "$T/out")" = 1 ] && nhelp=$((nhelp + 1))
done
if [ "$rc" -eq 0 ] && [ "$nhelp" = 5 ] && [ "$(wc -l <"$T/out")" = 5 ]; then ok; else
	bad ".help: status $rc, $(cat "$T/out" "$T/err")"
fi
for quit in .quit .exit; do
	printf 'SELECT 1 AS before_quit;\n\n%s\nSELECT 2 AS after_quit;\n' "$quit" | "$H" sql --tsv "$F" >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -eq 0 ] && [ "$(cat "$T/out")" = "$(printf 'before_quit\n1')" ] && [ ! -s "$T/err" ]; then
		ok
	else
		bad "$quit: status $rc, $(cat "$T/out" "$T/err")"
	fi
done
# an unknown one: said as sqlite3 says it; a script stops there (status 2)
printf '.nosuch\nSELECT 1 AS after_error;\n' | "$H" sql "$F" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q 'unknown command or invalid arguments: "nosuch"' "$T/err" &&
	[ ! -s "$T/out" ]; then
	ok
else
	bad "an unknown dot-command: status $rc, $(cat "$T/out" "$T/err")"
fi
# a line beginning with '.' inside a statement is the statement's
printf "SELECT 'a\n.tables' AS v;\n" | "$H" sql --tsv "$F" >"$T/out" 2>"$T/err"
if [ "$(cat "$T/out")" = "$(printf 'v\na\\n.tables')" ]; then ok; else
	bad "a '.' line within a statement: $(cat "$T/out" "$T/err")"
fi
"$H" sql --json "$F" "SELECT thread, label FROM threads WHERE thread <= 2" >"$T/out"
if jq -e 'length == 2 and .[0].thread == 1 and (.[0] | has("label"))' "$T/out" >/dev/null; then
	ok
else
	bad "--json: $(cat "$T/out")"
fi
"$H" sql "$F" "SELECT cap, gcs FROM caps" >"$T/out"
if [ "$(head -1 "$T/out")" = "cap  gcs" ] && [ "$(wc -l <"$T/out")" -eq 5 ]; then ok; else bad "aligned: $(cat "$T/out")"; fi
# the productivity, as summary --tsv prints it (4 decimals)
if "$H" sql --tsv "$F" "SELECT value FROM summary WHERE field = 'productivity'" | grep -qx '0\.[0-9][0-9][0-9][0-9]'; then
	ok
else
	bad "productivity not printed with 4 decimals"
fi

# Ctrl-C stops a statement at once: status 130, said
"$H" sql "$F" "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
	SELECT count(*) FROM c" >/dev/null 2>"$T/err" &
pid=$!
sleep 0.5
kill -INT "$pid"
t0=$(date +%s%N)
wait "$pid"
rc=$?
ms=$((($(date +%s%N) - t0) / 1000000))
if [ "$rc" -eq 130 ] && [ "$ms" -lt 500 ] && grep -q "interrupted" "$T/err"; then
	ok
else
	bad "Ctrl-C: status $rc after $ms ms: $(cat "$T/err")"
fi
# a statement that needs more memory than the budget (5% of the log +
# 10 MB) stops with an error
"$H" sql "$F" "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000)
	SELECT length(group_concat(x)) FROM c" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -q "out of memory" "$T/err"; then
	ok
else
	bad "memory limit: status $rc: $(cat "$T/err" "$T/out")"
fi

# --schema lists every table and column; the man page holds that list
# exactly (tools/sql-man.awk writes it)
"$H" sql --schema >"$T/schema"
for t in events gcs threads runs markers caps summary; do
	grep -q "^$t: [A-Z].*\.\$" "$T/schema" || bad "--schema: no table $t"
done
man=$(dirname "$0")/../man/hectic.1
awk -f "$(dirname "$0")/../tools/sql-man.awk" "$T/schema" >"$T/tables.mdoc"
if [ "$(grep -c '^\.It Sy [a-z_]* Pq ' "$T/tables.mdoc")" -ge 30 ] &&
	awk -v want="$T/tables.mdoc" 'BEGIN { while ((getline l <want) > 0) w = w l "\n" }
		{ m = m $0 "\n" } END { exit !index(m, w) }' "$man"; then
	ok
else
	bad "man/hectic.1 lacks hectic sql --schema's tables (write them with tools/sql-man.awk)"
fi

echo "sql: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
