#!/bin/sh
# hectic sql over two logs and many (issue 34, item 4): --db's file read
# back by the real sqlite3 shell gives hectic sql's answers (every table's
# rows and checksums, per log, on every fixture; the issue's queries);
# two logs, main and b joined, give hectic diff --tsv's figures on the
# pairs of tests/fixtures/diff; a --db that fails (OUT in a missing
# folder, a log that cannot be read after others were written, Ctrl-C,
# SIGTERM) leaves OUT as it was and no temporary; with two logs the
# connection still only reads. Usage:
#   sh tests/sql-db.sh path/to/hectic
SUITE=sql-db
. tests/sql-lib.sh
tab=$(printf '\t')

# ---- --db: every table of every fixture, read back by sqlite3 ----
find "$FIX" -name '*.eventlog' | LC_ALL=C sort >"$T/logs"
[ "$(wc -l <"$T/logs")" -ge 60 ] || bad "only $(wc -l <"$T/logs") fixtures under $FIX"
# shellcheck disable=SC2046 # (fixture paths have no blanks)
if "$H" sql --db "$T/all.sqlite" $(cat "$T/logs") 2>"$T/err" && [ -s "$T/all.sqlite" ] &&
	[ -z "$(find "$T" -name 'all.sqlite?*')" ]; then
	ok
else
	bad "--db of every fixture: $(grep -v 'incomplete' "$T/err" | head -3)"
fi
# per table: a row count and checksums (a sum of each number, the length
# and first character of each text, the NULLs), as text printed by SQLite
"$H" sql --schema | awk -v q="$T/q" '
	/^[a-z_]+: / { t = substr($1, 1, length($1) - 1); order[++n] = t; next }
	/^  / {
		if ($2 == "TEXT")
			a = sprintf("printf(\"%%.0f %%.0f\", total(length(\"%s\")), total(unicode(\"%s\")))", $1, $1)
		else
			a = sprintf("printf(\"%%.4f\", total(\"%s\"))", $1)
		agg[t] = agg[t] ", " a ", count(\"" $1 "\")" }
	END { for (i = 1; i <= n; i++) print order[i] "\t" agg[order[i]] >q }'
[ "$(wc -l <"$T/q")" -ge 7 ] || bad "--schema: $(wc -l <"$T/q") tables"
: >"$T/want"
: >"$T/stmts"
while IFS="$tab" read -r t agg; do
	echo "SELECT '$t', run, count(*)$agg FROM \"$t\" GROUP BY run ORDER BY run;" >>"$T/stmts"
done <"$T/q"
sqlite3 -tabs -noheader "$T/all.sqlite" <"$T/stmts" | LC_ALL=C sort >"$T/got"
while IFS= read -r f; do
	while IFS="$tab" read -r t agg; do
		echo "SELECT '$t', '$f', count(*)$agg FROM \"$t\";"
	done <"$T/q" | "$H" sql --tsv "$f" 2>/dev/null | awk -F'\t' 'NR % 2 == 0 && $3 > 0' >>"$T/want"
done <"$T/logs"
LC_ALL=C sort "$T/want" -o "$T/want"
if [ "$(wc -l <"$T/want")" -ge 300 ] && cmp -s "$T/want" "$T/got"; then
	ok
else
	bad "--db's tables read by sqlite3 differ from hectic sql's ($(wc -l <"$T/want") rows)"
	diff "$T/want" "$T/got" | head -6
fi
# every table is there, each with run first and the registry's columns
for t in $(cut -f1 "$T/q"); do
	"$H" sql --tsv "$FIX/par-n4.eventlog" "PRAGMA table_info($t)" | cut -f2,3 |
		awk 'NR == 1 { print "name\ttype"; print "run\tTEXT"; next } { print }' >"$T/cols.want"
	sqlite3 -tabs -header "$T/all.sqlite" "SELECT name, type FROM pragma_table_info('$t')" >"$T/cols.got"
	if cmp -s "$T/cols.want" "$T/cols.got" && [ "$(wc -l <"$T/cols.got")" -ge 4 ]; then
		ok
	else
		bad "--db's table $t: columns $(tr '\n' ' ' <"$T/cols.got")"
	fi
done
# the issue's queries, and a window of events, the same rows both ways
F=$FIX/par-n4.eventlog
for w in "SELECT label, sum(dur) FROM runs JOIN threads USING (#thread) #GROUP BY label ORDER BY 2 DESC, 1 LIMIT 5" \
	"SELECT start, \"end\", pause, gen, caps FROM gcs #WHERE pause > 5e6 #ORDER BY start" \
	"SELECT time, cap, name, class, text FROM events #WHERE time BETWEEN 5000000 AND 6000000 AND class = 'sched' #ORDER BY time, offset" \
	"SELECT kind, count(*), min(time) FROM markers #WHERE 1 #GROUP BY kind ORDER BY kind" \
	"SELECT cap, gc, gcs FROM caps #WHERE cap >= 1 #ORDER BY cap"; do
	head=${w%%#*} rest=${w#*#}
	mid=${rest%%#*} tail=${rest#*#}
	case $head in
	*USING*) dbq="$head run, $mid WHERE run = '$F' $tail" ;;
	*) dbq="$head $mid AND run = '$F' $tail" ;;
	esac
	"$H" sql --tsv "$F" "$head $mid $tail" >"$T/want" 2>/dev/null
	sqlite3 -tabs -header "$T/all.sqlite" "$dbq" >"$T/got"
	if cmp -s "$T/want" "$T/got" && [ "$(wc -l <"$T/got")" -gt 1 ]; then
		ok
	else
		bad "--db: $head$mid$tail differs from hectic sql's"
		diff "$T/want" "$T/got" | head -4
	fi
done

# ---- two logs: main and b joined, as hectic diff --tsv ----
# A JOIN of GC counts and longest pauses per generation, and of the
# running time per thread label (runs joined with threads), of the pairs
# of runs of one program with two compilers, and of two programs
D=$FIX/diff
pairs="ghc90-alloc-A1m ghc96-alloc-A1m
ghc96-pingpong ghc90-pingpong
ghc90-sparks ghc96-sparks
ghc96-psize-n ghc96-psize-2n
ghc90-alloc-A16m ghc96-alloc-A16m"
gens="SELECT 'gen' || gen || s.k, s.a, s.b FROM
	(SELECT gen, '_count' AS k, a.n AS a, b.n AS b FROM
		(SELECT gen, count(*) AS n FROM main.gcs GROUP BY gen) a JOIN
		(SELECT gen, count(*) AS n FROM b.gcs GROUP BY gen) b USING (gen)
	UNION ALL SELECT gen, '_max_ns', a.m, b.m FROM
		(SELECT gen, max(pause) AS m FROM main.gcs GROUP BY gen) a JOIN
		(SELECT gen, max(pause) AS m FROM b.gcs GROUP BY gen) b USING (gen)) s"
labels="SELECT l || ' running_ns', a.r, b.r FROM
	(SELECT coalesce(label, '(unlabelled)') AS l, sum(dur) AS r
		FROM main.runs JOIN main.threads USING (thread) GROUP BY l) a JOIN
	(SELECT coalesce(label, '(unlabelled)') AS l, sum(dur) AS r
		FROM b.runs JOIN b.threads USING (thread) GROUP BY l) b USING (l)"
np=0
printf '%s\n' "$pairs" >"$T/pairs"
while read -r a b; do
	A=$D/$a.eventlog B=$D/$b.eventlog
	"$H" diff --tsv --all "$A" "$B" >"$T/diff" 2>/dev/null || bad "$a $b: hectic diff failed"
	for s in pauses threads; do
		if [ $s = pauses ]; then q=$gens; else q=$labels; fi
		awk -F'\t' -v s=$s '$1 == s && $3 != "" && $4 != "" && $2 ~ /(_count|_max_ns|running_ns)$/ {
			print $2 "\t" $3 "\t" $4 }' "$T/diff" | LC_ALL=C sort >"$T/want"
		"$H" sql --tsv "$A" "$B" "$q" 2>"$T/err" | awk 'NR > 1' | LC_ALL=C sort >"$T/got"
		if cmp -s "$T/want" "$T/got" && [ -s "$T/got" ]; then
			ok
			np=$((np + 1))
		else
			bad "$a $b: main and b joined ($s) differ from hectic diff --tsv: $(cat "$T/err")"
			diff "$T/want" "$T/got" | head -4
		fi
	done
done <"$T/pairs"
[ "$np" -eq 10 ] || bad "only $np of the pairs' comparisons passed"
# a is main; the second argument is a query, not a log, when it is none
A=$D/ghc96-pingpong.eventlog B=$D/ghc90-pingpong.eventlog
if [ "$("$H" sql --tsv "$A" "$B" "SELECT (SELECT count(*) FROM a.events) = (SELECT count(*) FROM main.events),
	(SELECT count(*) FROM main.events) <> (SELECT count(*) FROM b.events)" | tail -1)" = "1${tab}1" ]; then
	ok
else
	bad "a is not main, or b is main"
fi
if [ "$("$H" sql --tsv "$A" "SELECT count(*) FROM gcs" | tail -1)" = 3 ]; then ok; else bad "hectic sql A QUERY"; fi
if printf 'SELECT count(*) FROM b.gcs;\n' | "$H" sql --tsv "$A" "$B" | tail -1 | grep -qx 9; then
	ok
else
	bad "hectic sql A B with statements from standard input"
fi
"$H" sql "$A" "$T/missing.eventlog" "SELECT 1" >/dev/null 2>"$T/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -q "missing.eventlog" "$T/err"; then ok; else bad "a missing B: status $rc"; fi

# two logs: the connection still only reads (each refusal exits 2, says
# so, and writes no file: they run in an empty directory)
mkdir "$T/w" && cd "$T/w" || exit 1
refused() { # NAME QUERY WHY
	"$H" sql "$A" "$B" "$2" >../out 2>../err
	rc=$?
	if [ "$rc" -eq 2 ] && grep -qF "hectic: $3 refused: hectic sql only reads" ../err && ! grep -q 42 ../out; then
		ok
	else
		bad "two logs: $1 not refused (status $rc): $(cat ../err ../out)"
	fi
}
case $A in /*) ;; *) A=$OLDPWD/$A B=$OLDPWD/$B ;; esac
schema="changing the schema (CREATE, DROP, ALTER)"
refused attach "ATTACH 'x.db' AS x; CREATE TABLE x.t(a)" ATTACH
refused attach-memory "ATTACH ':memory:' AS c; CREATE TABLE c.t(a)" ATTACH
refused detach-b "DETACH b" DETACH
refused detach-a "DETACH a" DETACH
refused create-b "CREATE TABLE b.t(a); INSERT INTO b.t VALUES (42); SELECT a FROM b.t" "$schema"
refused create-vtab "CREATE VIRTUAL TABLE b.x USING gcs(0)" "$schema"
refused drop-b "DROP TABLE b.gcs" "$schema"
refused insert-b "INSERT INTO b.gcs (start) VALUES (42)" INSERT
refused query-only "PRAGMA query_only = 0" "this PRAGMA"
refused writable-schema "PRAGMA b.writable_schema = 1" "this PRAGMA"
refused load-extension "SELECT load_extension('ext')" load_extension
"$H" sql "$A" "$B" "VACUUM b INTO 'v.db'" >/dev/null 2>../err
rc=$?
if [ "$rc" -eq 2 ] && grep -q "hectic sql only reads" ../err; then ok; else bad "VACUUM b INTO: status $rc"; fi
[ -z "$(ls -A)" ] || bad "files were created: $(ls -A)"
cd "$OLDPWD" || exit 1

# ---- a --db that fails leaves OUT as it was, and no temporary ----
mkdir "$T/o"
cp "$T/all.sqlite" "$T/keep"
left() { # NAME STATUS WANT-STATUS: OUT the old bytes, the folder OUT alone
	if [ "$2" -eq "$3" ] && cmp -s "$T/o/OUT.sqlite" "$T/keep" && [ "$(ls -A "$T/o")" = OUT.sqlite ]; then
		ok
	else
		bad "--db ($1): status $2, the folder holds $(ls -A "$T/o")"
	fi
}
cp "$T/keep" "$T/o/OUT.sqlite"
"$H" sql --db "$T/o/OUT.sqlite" "$F" "$T/missing.eventlog" 2>/dev/null
left "a missing second log" $? 1
head -c 20000 /bin/sh >"$T/garbage.eventlog"
"$H" sql --db "$T/o/OUT.sqlite" "$F" "$A" "$T/garbage.eventlog" 2>/dev/null
left "a third log that is none" $? 1
"$H" sql --db "$T/o/OUT.sqlite" "$F" "$F" 2>/dev/null
left "a log given twice" $? 2
"$H" sql --db "$T/o/nodir/OUT.sqlite" "$F" 2>"$T/err"
left "OUT in a missing folder" $? 1
# many logs (every fixture through five names each) take seconds: a
# signal half a second in stops the writing
mkdir "$T/many"
i=0
for _ in 1 2 3 4 5; do
	while IFS= read -r f; do
		i=$((i + 1))
		case $f in /*) ;; *) f=$(pwd)/$f ;; esac
		ln -s "$f" "$T/many/$i.eventlog"
	done <"$T/logs"
done
for sig in INT TERM; do
	"$H" sql --db "$T/o/OUT.sqlite" "$T"/many/*.eventlog 2>"$T/err" &
	pid=$!
	sleep 0.5
	kill -$sig "$pid"
	wait "$pid" 2>/dev/null
	rc=$?
	if [ $sig = INT ]; then
		grep -q "interrupted: .*OUT.sqlite was left as it was" "$T/err" || bad "--db: Ctrl-C not said"
		left "SIGINT" $rc 130
	else
		left "SIGTERM" $rc 143
	fi
done
# the same, not stopped, replaces OUT (that the stops above cut it short)
"$H" sql --db "$T/o/OUT.sqlite" "$T"/many/*.eventlog 2>/dev/null
rc=$?
if [ "$rc" -eq 0 ] && [ "$(sqlite3 "$T/o/OUT.sqlite" "SELECT count(DISTINCT run) FROM events")" -eq "$i" ] &&
	[ "$(ls -A "$T/o")" = OUT.sqlite ]; then
	ok
else
	bad "--db of $i logs: status $rc"
fi
# a new OUT that fails is not made
"$H" sql --db "$T/o/new.sqlite" "$T/missing.eventlog" 2>/dev/null
rc=$?
if [ "$rc" -eq 1 ] && [ ! -e "$T/o/new.sqlite" ] && [ "$(ls -A "$T/o")" = OUT.sqlite ]; then
	ok
else
	bad "a failed --db made $(ls -A "$T/o")"
fi

echo "sql-db: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
