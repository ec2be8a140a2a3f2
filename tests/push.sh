#!/bin/sh
# hectic push (issue 35) against a real ClickHouse server (tests/ch-lib.sh:
# the distribution's clickhouse-server on a free port of 127.0.0.1, its
# data in a temporary directory). The reference is `hectic sql` on the
# same log, itself tested against the reports (tests/sql*.sh):
#   - the schema: each table of hectic sql, its columns in order with
#     their types, after run; the logs table; a complete_ view of each;
#   - every fixture pushed with --events: each table's row count, and per
#     column its count of values and its sum (texts: their bytes) equal
#     hectic sql's for that log's run;
#   - the findings table (issue 47) of each doctor log, every column row
#     for row in rank order, equal to hectic sql's;
#   - the logs row: program, args, rts, duration, bytes as the log says;
#   - pushed twice: nothing added, and said; --replace: pushed again, no
#     duplicate; rows left without their logs row (a push cut short) are
#     deleted before the log is pushed again;
#   - hostile labels and markers (tests/fixtures/push: a quote and a
#     statement, a tab, a newline, bytes that are not UTF-8) come back
#     byte for byte, and every table is still there;
#   - a file name with control bytes: escaped in push's messages;
#   - a run stored once (issue 43): one log under two names in one push,
#     and four pushes of it at once, give one logs row and its rows once;
#     a log of 6 MB with one thread label changed in its middle is
#     another run;
#   - on 26, every INSERT of a push by a user whose profile turns
#     async_insert on carries async_insert=0 (the server's query_log);
#     on 18.16, the server refuses the setting's name (issue 44);
#   - a delete that fails for ever in another table of the database (as
#     another user's might) does not hold push --replace; one queued
#     before the push's own delete holds it --wait seconds, then exit 1
#     naming system.mutations (issue 44);
#   - a wrong password, a dead port, an unreachable host and a URL that is
#     not one: a clear error, within 10 s.
# Usage: tests/push.sh path/to/hectic
SUITE=push
. "$(dirname "$0")/sql-lib.sh"
. "$(dirname "$0")/ch-lib.sh"

ch_suite_start

# the tables and their columns, from hectic sql
F=$FIX/par-n4.eventlog
"$H" sql --schema | awk '/^[a-z_]+: / { sub(/:.*/, ""); print }' >"$T/tables"
[ -s "$T/tables" ] || bad "hectic sql --schema names no table"

# push LOG... into database fx: the status; the output in $T/push.out
push() {
	"$H" push "$@" >"$T/push.out" 2>"$T/push.err"
}
run_of() { # LOG: its run, from push's output
	awk -v f="$1" 'index($0, f ": ") == 1 { for (i = 1; i <= NF; i++) if ($i == "run") { r = $(i + 1); sub(/[:;]$/, "", r); print r; exit } }' "$T/push.out"
}

# ---- the schema (database fs) ----
if push "$CH_URL/fs" "$F"; then ok; else bad "first push failed: $(cat "$T/push.err")"; fi
while read -r t; do
	{
		printf 'run\tString\n'
		# (summary's value is a REAL in one row: productivity)
		"$H" sql --tsv "$F" "PRAGMA table_info($t)" | awk -F'\t' -v t="$t" 'NR > 1 {
			ty = $3 == "INTEGER" ? "Int64" : $3 == "REAL" ? "Float64" : "String"
			if (t == "summary" && $2 == "value") ty = "Float64"
			printf "%s\tNullable(%s)\n", $2, ty }'
	} >"$T/want"
	chq fs "SELECT name, type FROM system.columns WHERE database = 'fs' AND table = '$t' FORMAT TSV" >"$T/got"
	if [ "$(wc -l <"$T/want")" -gt 1 ] && cmp -s "$T/want" "$T/got"; then ok; else
		bad "table $t: columns differ from hectic sql's: $(diff "$T/want" "$T/got" | head -4 | tr '\n' '|')"
	fi
	if chq fs "SELECT count() FROM complete_$t" >/dev/null; then ok; else bad "no view complete_$t"; fi
done <"$T/tables"
chq fs "SELECT name FROM system.columns WHERE database = 'fs' AND table = 'logs' FORMAT TSV" | tr '\n' ' ' >"$T/got"
if [ "$(cat "$T/got")" = "run file host program args rts started duration bytes pushed_at live " ]; then ok; else
	bad "logs table's columns: $(cat "$T/got")"
fi

# ---- every fixture, every table: counts and sums ----
# agg DIALECT TABLE: one row, count(*) then per column its count of
# values and its sum (a text: its length in bytes)
agg() {
	"$H" sql --tsv "$F" "PRAGMA table_info($2)" 2>/dev/null | awk -F'\t' -v d="$1" -v t="$2" 'NR > 1 {
		c = "`" $2 "`"
		if (d == "sqlite") c = "\"" $2 "\""
		s = s ", count(" c ")"
		if ($3 == "TEXT")
			s = s ", sum(length(" (d == "sqlite" ? "CAST(" c " AS BLOB)" : c) "))"
		else
			s = s ", sum(" c ")"
	} END { printf "SELECT count(*)%s FROM %s", s, t }'
}
# same A B: the rows' fields equal, reals within 1e-9 of each other
same() {
	awk -F'\t' 'NR == FNR { for (i = 1; i <= NF; i++) a[FNR, i] = $i; na[FNR] = NF; next }
		{ rows++
		  if (NF != na[FNR]) differ = 1
		  for (i = 1; i <= NF; i++) {
			x = a[FNR, i]; y = $i
			if (x == "\\N") x = ""
			if (y == "\\N") y = ""
			if (x == y) continue
			d = x - y; if (d < 0) d = -d
			m = x < 0 ? -x : x
			if (x == "" || y == "" || d > 1e-9 * m + 1e-9) differ = 1 } }
		END { exit differ || rows != length(na) }' "$1" "$2"
}
nfix=0
for f in "$FIX"/*.eventlog "$FIX"/modern/*.eventlog "$FIX"/derived/*.eventlog "$FIX"/push/*.eventlog; do
	[ -e "$f" ] || continue
	nfix=$((nfix + 1))
	if ! push --events "$CH_URL/fx" "$f"; then
		bad "$f: push failed: $(cat "$T/push.err")"
		continue
	fi
	run=$(run_of "$f")
	case $run in
	[0-9a-f]*) ;;
	*) bad "$f: no run in push's output: $(cat "$T/push.out")"; continue ;;
	esac
	while read -r t; do
		F=$f
		"$H" sql --tsv "$f" "$(agg sqlite "$t")" 2>/dev/null | awk 'NR > 1' >"$T/want"
		chq fx "$(agg clickhouse "$t") WHERE run = '$run' FORMAT TSV" >"$T/got"
		if [ -s "$T/want" ] && same "$T/want" "$T/got"; then ok; else
			bad "$f: table $t: hectic sql $(cat "$T/want"), ClickHouse $(cat "$T/got")"
		fi
	done <"$T/tables"
done
[ "$nfix" -ge 30 ] || bad "only $nfix fixtures"
F=$FIX/par-n4.eventlog

# ---- findings, row for row (issue 47): each doctor log's findings as
# hectic sql gives them, every column (the texts byte for byte, in hex;
# the cost within 1e-12), in rank order ----
nfd=0
for f in "$FIX"/doctor/*.eventlog; do
	[ -e "$f" ] || continue
	if ! push "$CH_URL/fx" "$f"; then
		bad "$f: push failed: $(cat "$T/push.err")"
		continue
	fi
	run=$(run_of "$f")
	"$H" sql --tsv "$f" 'SELECT rank, hex(kind), cost * 1, "from", "to", hex(evidence), hex(advice),
		hex(rts) FROM findings ORDER BY rank' | awk 'NR > 1' >"$T/want"
	chq fx "SELECT rank, hex(kind), cost, \`from\`, \`to\`, hex(evidence), hex(advice), hex(rts)
		FROM findings WHERE run = '$run' ORDER BY rank FORMAT TSV" >"$T/got"
	if awk -F'\t' 'NR == FNR { w[FNR] = $0; n = FNR; next }
		{ m = FNR; k = split(w[FNR], a, "\t"); if (k != NF) bad = 1
		  for (i = 1; i <= NF; i++) {
			if (i == 3) { d = a[i] - $i; if (d < 0) d = -d; if (d > 1e-12 || $i == "") bad = 1 }
			else if (a[i] != $i) bad = 1 } }
		END { exit bad || m != n }' "$T/want" "$T/got"; then
		ok
		[ -s "$T/want" ] && nfd=$((nfd + 1))
	else
		bad "$f: findings differ from hectic sql's: $(diff "$T/want" "$T/got" | head -4 | cut -c 1-200 | tr '\n' '|')"
	fi
done
[ "$nfd" -ge 8 ] || bad "findings compared on $nfd doctor logs only"

# ---- the logs row ----
run=$(push "$CH_URL/fx" "$F"; run_of "$F")
chq fx "SELECT file, program, args, rts, duration, bytes, live, toString(started) FROM logs WHERE run = '$run' FORMAT TSV" >"$T/got"
want=$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s' "$F" ./par-n4 "+RTS -N4 -l -olpar-n4.eventlog -spar-n4.rts-s.txt -RTS" \
	"GHC-9.0.2 rts_thr_l" \
	"$("$H" sql --tsv "$F" "SELECT value FROM summary WHERE field = 'total_elapsed_ns'" | awk 'NR == 2')" \
	"$(wc -c <"$F" | tr -d ' ')" 0)
case $(cat "$T/got") in
"$want	20"[0-9][0-9]-*) ok ;;
*) bad "logs row: $(cat "$T/got"), want $want and a start" ;;
esac

# ---- pushed twice; --replace; a push cut short ----
total() { # every table's rows, of every run
	while read -r t; do printf '%s ' "$(chq fx "SELECT count() FROM $t")"; done <"$T/tables"
	chq fx "SELECT count() FROM logs"
}
before=$(total)
if push "$CH_URL/fx" "$F" && grep -q "already pushed as run $run; nothing sent" "$T/push.out" &&
	[ "$(total)" = "$before" ]; then
	ok
else
	bad "pushed twice: $(cat "$T/push.out" "$T/push.err"); rows $before, then $(total)"
fi
if push --events --replace "$CH_URL/fx" "$F" && grep -q "pushed as run $run:" "$T/push.out" &&
	[ "$(total)" = "$before" ]; then
	ok
else
	bad "--replace: $(cat "$T/push.out" "$T/push.err"); rows $before, then $(total)"
fi
# (cut short: the logs row gone, the rows left)
chq fx "ALTER TABLE logs DELETE WHERE run = '$run'" >/dev/null
i=0
while [ "$(chq fx "SELECT count() FROM system.mutations WHERE is_done = 0")" != 0 ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
if [ "$(chq fx "SELECT count() FROM complete_gcs WHERE run = '$run'")" = 0 ] &&
	[ "$(chq fx "SELECT count() FROM gcs WHERE run = '$run'")" -gt 0 ]; then
	ok
else
	bad "a run without its logs row shows in complete_gcs"
fi
if push --events "$CH_URL/fx" "$F" && grep -q "pushed as run $run:" "$T/push.out" &&
	[ "$(total)" = "$before" ]; then
	ok
else
	bad "a push cut short, pushed again: $(cat "$T/push.out" "$T/push.err"); rows $before, then $(total)"
fi

# ---- hostile labels ----
f=$FIX/push/hostile.eventlog
push "$CH_URL/fx" "$f"
run=$(push "$CH_URL/fx" "$f"; run_of "$f")
for q in "threads:label:thread" "markers:text:time"; do
	t=${q%%:*} rest=${q#*:}
	c=${rest%%:*} o=${rest#*:}
	"$H" sql --tsv "$f" "SELECT hex($c) FROM $t ORDER BY $o" | awk 'NR > 1' >"$T/want"
	chq fx "SELECT ifNull(hex($c), '') FROM $t WHERE run = '$run' ORDER BY $o FORMAT TSV" >"$T/got"
	if grep -q "^$(printf "'); DROP" | od -An -tx1 | tr -d ' \n' | tr a-f A-F)" "$T/want" &&
		grep -q "FFFE80" "$T/want" && cmp -s "$T/want" "$T/got"; then
		ok
	else
		bad "hostile $t.$c: not byte for byte: $(diff "$T/want" "$T/got" | head -4 | tr '\n' '|')"
	fi
done
if [ "$(chq fx "SELECT count() FROM gcs")" -gt 0 ]; then ok; else bad "gcs is gone"; fi

# ---- a file name with control bytes: escaped in every message (issue 43) ----
esc=$T/$(printf 'x\033[31my\tz').eventlog
cp "$FIX/threaded.eventlog" "$esc"
push "$CH_URL/fx" "$esc"
push "$CH_URL/fx" "$esc" # (and "already pushed")
if ! grep -q "$(printf '\033')" "$T/push.out" &&
	grep -qF 'x\x1b[31my\x09z.eventlog: already pushed as run' "$T/push.out"; then
	ok
else
	bad "a file name's control bytes: $(od -c "$T/push.out" | head -3)"
fi

# ---- several logs in one push, read in parallel ----
set -- "$FIX/threaded.eventlog" "$FIX/par-n4.eventlog" "$FIX/nonthreaded.eventlog" "$FIX/modern/ghc96-threaded.eventlog"
if push "$CH_URL/par" "$@" && [ "$(grep -c "pushed as run" "$T/push.out")" = 4 ] &&
	[ "$(chq par "SELECT count() FROM logs")" = 4 ]; then
	ok
else
	bad "four logs in one push: $(cat "$T/push.out" "$T/push.err")"
fi
want=0
for f in "$@"; do
	want=$((want + $("$H" sql --tsv "$f" "SELECT count(*) FROM gcs" | awk 'NR == 2')))
done
if [ "$(chq par "SELECT count() FROM gcs")" = "$want" ]; then ok; else
	bad "four logs in one push: gcs rows $(chq par "SELECT count() FROM gcs"), want $want"
fi

# ---- a run stored once, whatever the route (issue 43) ----
# once DB LOG: one logs row in DB, and LOG's gcs rows once
once() {
	[ "$(chq "$1" "SELECT count() FROM logs")" = 1 ] &&
		[ "$(chq "$1" "SELECT count() FROM complete_gcs")" = "$("$H" sql --tsv "$2" "SELECT count(*) FROM gcs" | awk 'NR == 2')" ]
}
# the same log under two names in one push
cp "$FIX/par-n4.eventlog" "$T/one.eventlog"
cp "$FIX/par-n4.eventlog" "$T/two.eventlog"
if push "$CH_URL/dup" "$T/one.eventlog" "$T/two.eventlog" && once dup "$T/one.eventlog" &&
	[ "$(grep -c ": pushed as run" "$T/push.out")" = 1 ] &&
	grep -q "being pushed as run .*; nothing sent\|already pushed as run" "$T/push.out"; then
	ok
else
	bad "one log under two names: $(cat "$T/push.out" "$T/push.err"); logs $(chq dup "SELECT count() FROM logs"), gcs $(chq dup "SELECT count() FROM gcs")"
fi
# four pushes of it at once
pids=
for i in 1 2 3 4; do
	"$H" push "$CH_URL/race" "$T/one.eventlog" >"$T/race.$i" 2>&1 &
	pids="$pids $!"
done
for p in $pids; do wait "$p"; done
if once race "$T/one.eventlog" && [ "$(cat "$T/race.1" "$T/race.2" "$T/race.3" "$T/race.4" | grep -c ": pushed as run")" = 1 ]; then
	ok
else
	bad "four pushes at once: $(cat "$T/race.1" "$T/race.2" "$T/race.3" "$T/race.4"); logs $(chq race "SELECT count() FROM logs"), gcs $(chq race "SELECT count() FROM gcs")"
fi
# one thread label changed in the middle of a log of 6 MB: another run
{ ${CC:-cc} -std=c11 -O2 -o "$T/gen" bench/gen.c && "$T/gen" big 6000000 "$T/mid.eventlog" >/dev/null; } ||
	bad "bench/gen.c could not make the log"
at=$(grep -boa 'worker [0-9]*' "$T/mid.eventlog" | awk -F: '$1 > 2500000 && $1 < 3500000 { print $1; exit }')
cp "$T/mid.eventlog" "$T/mid2.eventlog"
printf X | dd of="$T/mid2.eventlog" bs=1 seek=$((${at:-0} + 7)) conv=notrunc 2>/dev/null
label=$(dd if="$T/mid2.eventlog" bs=1 skip=${at:-0} count=11 2>/dev/null)
if [ -n "$at" ] && [ "$("$H" sql --tsv "$T/mid2.eventlog" "SELECT count(*) FROM threads WHERE label = '$label'")" = "count(*)
1" ]; then ok; else bad "no thread label 'worker N' in the middle of the log ($at: $label)"; fi
run1=$(push "$CH_URL/mid" "$T/mid.eventlog"; run_of "$T/mid.eventlog")
run2=$(push "$CH_URL/mid" "$T/mid2.eventlog"; run_of "$T/mid2.eventlog")
if grep -q "pushed as run $run2:" "$T/push.out" && [ -n "$run1" ] && [ "$run1" != "$run2" ]; then ok; else
	bad "a label changed mid-log: runs $run1 and $run2: $(cat "$T/push.out")"
fi

# ---- async_insert (issue 44) ----
# On 26 the user asyncy's profile turns async_insert on without waiting
# (tests/ch-lib.sh): an INSERT that returns before its rows exist would
# break "the logs row is written last". Every INSERT of a push must carry
# async_insert=0, as the server's query_log records its settings. (chDB's
# server keeps no queue of async inserts, so the hazard itself cannot be
# shown here: what is checked is what push asks of the server.) On 18.16,
# which knows no such setting and refuses a request naming it, push's
# passing at all says it sent none.
if [ "$CH" = 26 ]; then
	if push "http://asyncy@127.0.0.1:$CH_PORT/asy" "$F" && chq default "SYSTEM FLUSH LOGS" >/dev/null; then ok; else
		bad "push as asyncy: $(cat "$T/push.err")"
	fi
	got=$(chq default "SELECT count(), countIf(Settings['async_insert'] = '0') FROM system.query_log WHERE type = 'QueryFinish' AND user = 'asyncy' AND query LIKE 'INSERT INTO%'")
	n=${got%%	*}
	if [ "$n" -ge 11 ] && [ "$got" = "$n	$n" ]; then ok; else
		bad "async_insert: of asyncy's INSERTs (count, with async_insert=0): $got; want every one, at least 11"
	fi
else
	if chq default "SELECT 1 SETTINGS async_insert = 0" >"$T/out" 2>&1; then
		bad "ClickHouse $CH_VERSION knows async_insert: push's not sending it tests nothing here"
	else
		ok
	fi
fi

# ---- a mutation stuck elsewhere never holds a push; its own, --wait (issue 44) ----
# (database stk: a table of another user's with a delete that fails for
# ever, then one of gcs's queued before the push's own delete there)
stuck_ok=1
push "$CH_URL/stk" "$F" || stuck_ok=0
rs=$(run_of "$F")
[ -n "$rs" ] || stuck_ok=0
chq stk "CREATE TABLE other (x UInt8) ENGINE = MergeTree ORDER BY x" >/dev/null &&
	chq stk "INSERT INTO other VALUES (1)" >/dev/null &&
	chq stk "ALTER TABLE other DELETE WHERE throwIf(x = 1)" >/dev/null || stuck_ok=0
sleep 1
if [ "$stuck_ok" = 1 ] && [ "$(chq stk "SELECT count() FROM system.mutations WHERE database = 'stk' AND table = 'other' AND is_done = 0")" = 1 ]; then ok; else
	bad "stuck mutation: could not make one: $(chq stk "SELECT table, command, is_done FROM system.mutations WHERE database = 'stk'" | tr '\n' '|')"
fi
t0=$(date +%s)
timeout 120 "$H" push --replace "$CH_URL/stk" "$F" >"$T/push.out" 2>"$T/push.err"
rc=$?
if [ "$rc" = 0 ] && grep -q "pushed as run $rs:" "$T/push.out"; then ok; else
	bad "a mutation stuck in another table held push --replace: status $rc after $(($(date +%s) - t0)) s: $(cat "$T/push.err")"
fi
chq stk "ALTER TABLE gcs DELETE WHERE throwIf(length(run) > 0)" >/dev/null
t0=$(date +%s)
timeout 120 "$H" push --replace --wait 2 "$CH_URL/stk" "$F" >"$T/push.out" 2>"$T/push.err"
rc=$?
dt=$(($(date +%s) - t0))
if [ "$rc" = 1 ] && [ "$dt" -le 60 ] &&
	grep -q "deletes of run $rs had not ended after 2 s (--wait; 1 not done): see system.mutations" "$T/push.err"; then
	ok
else
	bad "push --replace --wait 2 behind a stuck delete of its own table: status $rc after $dt s: $(cat "$T/push.err")"
fi
for w in 0 86401 x 2s; do
	"$H" push --wait "$w" "$CH_URL/stk" "$F" >"$T/push.out" 2>"$T/push.err"
	rc=$?
	if [ "$rc" = 2 ] && grep -q "push --wait: $w is not a number of seconds from 1 to 86400" "$T/push.err"; then ok; else
		bad "push --wait $w: status $rc: $(cat "$T/push.err")"
	fi
done

# ---- errors: clear, within 10 s ----
# fails NAME WANT URL: push exits 1 with WANT in its message, in 10 s
fails() {
	t0=$(date +%s)
	"$H" push "$3" "$F" >"$T/out" 2>"$T/err"
	rc=$?
	dt=$(($(date +%s) - t0))
	if [ "$rc" -eq "${4:-1}" ] && grep -Eq "$2" "$T/err" && [ "$dt" -le 10 ]; then ok; else
		bad "$1: status $rc after ${dt}s: $(cat "$T/err")"
	fi
}
# (the server's words, its version's alone: tests/ch-lib.sh's ch_says)
fails wrong-password "$(ch_says password)" "http://pushy:wrong@127.0.0.1:$CH_PORT/fx"
dead=$(ch_free_port 7)
fails dead-port "ClickHouse at 127.0.0.1:$dead: Couldn't connect to server" "http://127.0.0.1:$dead/fx"
fails unreachable "ClickHouse at 192.0.2.1:8123: " "http://192.0.2.1:8123/fx"
fails not-a-url "not a URL|speaks http" "ftp://127.0.0.1/fx" 2
# the password from the environment, and the right one
if HECTIC_CLICKHOUSE_PASSWORD=s3cret "$H" push "http://pushy@127.0.0.1:$CH_PORT/fx" "$F" >"$T/out" 2>"$T/err" &&
	grep -q "already pushed" "$T/out"; then
	ok
else
	bad "HECTIC_CLICKHOUSE_PASSWORD: $(cat "$T/err")"
fi

echo "push: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
