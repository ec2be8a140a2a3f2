#!/bin/sh
# hectic sql's pushdown answers as SQLite does (issue 43, item 4): every
# column a table seeks on (events' time, cap, type and class, event_counts'
# class, gcs' start, markers' time, spans' start, heap's time) under every
# operator (=, <, <=, >, >=, !=, IS, IS NOT, IN, NOT IN, BETWEEN, the
# operands swapped, IN of a subquery) with every kind of value (integers in
# and out of the column's range and past int64, integral and fractional
# REALs, numbers as text with and without spaces, '1.0', '1e0', blobs, text
# with a NUL, NULL, subqueries such as avg(cap), a collation) gives the
# rows of the same query on --db's ordinary tables read by the sqlite3
# shell: each query's count and checksums (the table's key summed, the
# column's text lengths summed) equal. The queries are generated, the same
# each run, from the lists below, in one hectic sql and one sqlite3 per
# fixture. Usage:
#   sh tests/sql-pushdown.sh path/to/hectic
SUITE=sql-pushdown
. tests/sql-lib.sh
tab=$(printf '\t')

# the operators: @V is the value, @K one the column holds
cat >"$T/ops" <<'EOF'
= @V
< @V
<= @V
> @V
>= @V
!= @V
IS @V
IS NOT @V
IN (@V)
IN (@V, @K)
NOT IN (@V, @K)
IN (SELECT @V)
BETWEEN @V AND @K
BETWEEN @K AND @V
SWAP= @V
SWAP< @V
SWAP>= @V
EOF
# the values of a numeric column: @M is a value it holds (its median), @N
# @M + 1, @H @M's text in hex (a blob of it), @C the column, @T its table
cat >"$T/nums" <<'EOF'
@M
@N
-@M
@M.0
@M.5
@M.0000000001
@Me0
'@M'
'@M.0'
' @M'
'@M '
' @M.0 '
'@Me0'
'+@M'
'@M'||'x'
'@M'||char(0)
@M||''
'@M'||''
CAST(@M AS TEXT)
CAST(@M AS REAL)
+'@M'
(SELECT '@M')
(SELECT @M.0)
x'@H'
0
1
-1
1.0
1e0
'1.0'
'1e0'
0.5
-0.5
1.5
0.99999
2147483647
2147483648
65535
65536
9007199254740993
9007199254740993.0
9223372036854775807
-9223372036854775808
9223372036854775808
-9223372036854775809
'9223372036854775808'
1e19
-1e19
1e999
-1e999
'abc'
''
x''
x'31'
'0x10'
0x10
NULL
(SELECT avg(@C) FROM @T)
(SELECT avg(@C) + 0.5 FROM @T)
(SELECT round(avg(@C)) FROM @T)
(SELECT max(@C) FROM @T) / 2
(SELECT min(@C) FROM @T WHERE @C > @M)
@M COLLATE NOCASE
'@M' COLLATE RTRIM
EOF
# the values of a text column (the class)
cat >"$T/texts" <<'EOF'
'gc'
'sched'
'heap'
'user'
'other'
'GC'
'gc '
' gc'
'gc'||char(0)||'x'
'gc'||char(0)
x'6763'
CAST(x'6763' AS TEXT)
'g'||'c'
(SELECT 'gc')
'all'
'gc,sched'
''
x''
NULL
1
0
1.0
'1'
'gc' COLLATE NOCASE
'GC' COLLATE NOCASE
(SELECT 'GC' COLLATE NOCASE)
(SELECT 'gc ' COLLATE RTRIM)
'gc' COLLATE NOCASE||''
'Gc'
'gc  ' COLLATE RTRIM
'gc' COLLATE BINARY
EOF

# gen LOG TABLE COLUMN KEY VALUES: the queries on TABLE's COLUMN, each a
# line "SELECT 'qN', count(*), checksums FROM TABLE WHERE ...;"
n=0
gen() {
	_m=$("$H" sql --tsv "$1" "SELECT $3 FROM $2 WHERE $3 IS NOT NULL ORDER BY $3
		LIMIT 1 OFFSET (SELECT count($3) / 2 FROM $2)" | awk 'NR == 2')
	case $5 in
	nums)
		case $_m in '' | *[!0-9]*) bad "$2.$3: median '$_m'" && return ;; esac
		_k=$_m _n=$((_m + 1))
		;;
	*) _m=gc _k="'gc'" _n=gc ;;
	esac
	_mh=$(printf '%s' "$_m" | od -An -tx1 | tr -d ' \n')
	awk -v m="$_m" -v m1="$_n" -v mh="$_mh" -v k="$_k" -v t="$2" -v c="$3" \
		-v key="$4" -v n="$n" -v ops="$T/ops" '
		BEGIN { while ((getline op <ops) > 0) o[no++] = op }
		{
			v = $0
			gsub(/@N/, m1, v); gsub(/@H/, mh, v); gsub(/@M/, m, v)
			gsub(/@T/, t, v); gsub(/@C/, c, v)
			for (i = 0; i < no; i++) {
				w = o[i]
				if (w ~ /^SWAP/) {
					sub(/^SWAP/, "", w); sub(/ @V$/, "", w)
					p = v " " w " " c
				} else {
					gsub(/@K/, k, w); sub(/@V/, v, w)
					p = c " " w
				}
				printf "SELECT '\''q%d'\'', count(*), printf('\''%%.0f'\'', total(%s)), printf('\''%%.0f'\'', total(length(%s))) FROM %s WHERE %s;\n", ++n, key, c, t, p
				print n "\t" t "\t" p >"/dev/stderr"
			}
		}' <"$T/$5"
}

# each fixture: its columns, the queries on hectic sql's tables and on
# --db's copy read by sqlite3
for f in par-n4 heap-hT modern/ghc96-threaded; do
	log=$FIX/$f.eventlog
	case $f in
	par-n4) cols="events time offset nums
events cap offset nums
events type offset nums
events class offset texts
event_counts class count texts
gcs start start nums" ;;
	heap-hT) cols="heap time time nums
events cap offset nums" ;;
	*) cols="spans start start nums
markers time time nums
events type offset nums" ;;
	esac
	: >"$T/q"
	: >"$T/what"
	n=0
	echo "$cols" >"$T/cols"
	while read -r t c key vals; do
		gen "$log" "$t" "$c" "$key" "$vals" >>"$T/q" 2>>"$T/what"
		n=$(wc -l <"$T/what")
	done <"$T/cols"
	# every table seeks, some query on it keeps rows and some none
	for t in $(cut -d' ' -f1 "$T/cols" | sort -u); do
		[ "$("$H" sql --tsv "$log" "SELECT count(*) FROM $t" | awk 'NR == 2')" -gt 0 ] ||
			bad "$f: $t has no rows"
	done
	rm -f "$T/db.sqlite"
	if ! "$H" sql --tsv "$log" <"$T/q" >"$T/vt.out" 2>"$T/vt.err"; then
		bad "$f: hectic sql: $(head -3 "$T/vt.err")"
		continue
	fi
	if ! "$H" sql --db "$T/db.sqlite" "$log" 2>"$T/db.err" ||
		! sqlite3 -tabs -noheader "$T/db.sqlite" <"$T/q" >"$T/db.out" 2>"$T/db.err2"; then
		bad "$f: --db and sqlite3: $(cat "$T/db.err" "$T/db.err2" | head -3)"
		continue
	fi
	grep "^q[0-9]" "$T/vt.out" >"$T/vt"
	nq=$(wc -l <"$T/q")
	[ "$nq" -ge 500 ] || bad "$f: only $nq queries"
	[ "$(wc -l <"$T/vt")" -eq "$nq" ] || bad "$f: hectic sql answered $(wc -l <"$T/vt") of $nq"
	[ "$(wc -l <"$T/db.out")" -eq "$nq" ] || bad "$f: sqlite3 answered $(wc -l <"$T/db.out") of $nq"
	# the queries must tell: some keep rows, some none, not all alike
	[ "$(awk -F"$tab" '$2 > 0' "$T/db.out" | wc -l)" -ge $((nq / 10)) ] &&
		[ "$(awk -F"$tab" '$2 == 0' "$T/db.out" | wc -l)" -ge $((nq / 10)) ] ||
		bad "$f: the queries keep too few or too many rows"
	# each query's answer
	paste "$T/vt" "$T/db.out" | awk -F"$tab" -v what="$T/what" -v f="$f" '
		BEGIN { while ((getline l <what) > 0) { split(l, a, "\t"); w[a[1]] = a[2] ": " a[3] } }
		{
			id = substr($1, 2)
			if ($1 != $5 || $2 != $6 || $3 != $7 || $4 != $8) {
				bad++
				if (bad <= 12)
					printf "sql-pushdown: %s: %s: vtab %s %s %s, sqlite %s %s %s\n", f, w[id], $2, $3, $4, $6, $7, $8
			} else good++
		}
		END { print good + 0, bad + 0 }' >"$T/cmp"
	sed '$d' "$T/cmp"
	read -r g b <<EOF
$(tail -1 "$T/cmp")
EOF
	pass=$((pass + g))
	if [ "$b" -gt 0 ]; then
		fail=$((fail + b))
		echo "sql-pushdown: FAIL: $f: $b of $nq queries differ from SQLite's"
	fi
done

echo "sql-pushdown: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
