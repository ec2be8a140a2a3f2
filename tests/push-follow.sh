#!/bin/sh
# hectic push --follow (issue 35) against a real ClickHouse server
# (tests/ch-lib.sh). A program (tests/tools/feed.c) writes a 60 MB log
# (bench/gen.c) into a FIFO, then into a growing file, at 6 MB/s (10 s:
# time for batches to arrive while it writes, under ASan too):
#   - while it writes, rows arrive (events and gcs), the logs row says
#     live = 1, and the complete_ views show nothing of the run;
#   - once the log ends, push exits 0, the logs row is one, live = 0, and
#     every table holds each row of hectic sql's exactly once (counts, and
#     the sums of gcs' pauses and runs' durations);
#   - no warning about a block "past the end" of the log, once it is whole;
#   - a plain push of the log after its follow sends nothing (the same
#     run: the id of the whole content);
#   - Ctrl-C while it follows: exit 130, and no complete logs row; push
#     --clean while it runs deletes nothing; the next push of the log
#     deletes what it left and stores it once;
#   - a follow killed (SIGKILL, its claim left): push --clean deletes its
#     rows, its live row and its claim.
# Usage: tests/push-follow.sh path/to/hectic
SUITE=push-follow
. "$(dirname "$0")/sql-lib.sh"
. "$(dirname "$0")/ch-lib.sh"
ch_suite_start
FEED=$(dirname "$H")/tests/feed # (make unit-build's)
[ -x "$FEED" ] || ch_suite_end "$FEED is missing (make unit-build)"
ch_big_log
printf 'gcs %s\nruns %s\n' "$("$H" sql --tsv "$L" "SELECT sum(pause) FROM gcs" 2>/dev/null | awk 'NR == 2')" \
	"$("$H" sql --tsv "$L" "SELECT sum(dur) FROM runs" 2>/dev/null | awk 'NR == 2')" >"$T/want.sums"

# follow KIND TARGET SOURCE DB: feed writes the log to TARGET, push
# --follow --events reads SOURCE into DB
follow() {
	"$FEED" --rate 6 --quiet --ready "$T/ready.$4" "$L" "$2" &
	fpid=$!
	i=0
	while [ ! -e "$T/ready.$4" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
	"$H" push --follow --events "$CH_URL/$4" "$3" >"$T/out.$4" 2>"$T/err.$4" &
	ppid=$!
	# rows while the program writes: the writer is stopped (SIGSTOP) two
	# seconds in, a sixth of the log written, until the rows have been
	# seen three times, or 60 s (rows that only came once it ended would
	# not be seen: a liveness check that does not hang on the machine's
	# load, as a count of the polls while it wrote did, once, under load)
	sleep 2
	kill -STOP "$fpid" 2>/dev/null
	seen=0 i=0
	while kill -0 "$fpid" 2>/dev/null && [ $i -lt 600 ] && [ "$seen" -lt 3 ]; do
		e=$(chq "$4" "SELECT count() FROM events" 2>/dev/null)
		g=$(chq "$4" "SELECT count() FROM gcs" 2>/dev/null)
		live=$(chq "$4" "SELECT groupArray(live) FROM logs" 2>/dev/null)
		c=$(chq "$4" "SELECT count() FROM complete_events" 2>/dev/null)
		case $e:$g:$live:$c in
		0:* | *:0:* | :* | *::*) ;;
		*:"[1]":0) seen=$((seen + 1)) ;;
		*) bad "$1: while it runs: events $e gcs $g logs $live complete_events $c" ;;
		esac
		sleep 0.1
		i=$((i + 1))
	done
	kill -CONT "$fpid" 2>/dev/null
	if [ "$seen" -ge 3 ]; then ok; else bad "$1: rows seen arriving only $seen times while the log was written"; fi
	wait "$fpid"
	i=0
	while kill -0 "$ppid" 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
	if wait "$ppid" && grep -q "pushed as run .*: the log ended" "$T/out.$4"; then ok; else
		bad "$1: push --follow: $(cat "$T/out.$4" "$T/err.$4")"
	fi
	# (a block the program was writing is not "past the end" of the log
	# once it is whole: issue 43)
	if grep -q "past the end" "$T/err.$4"; then bad "$1: a warning of a whole log: $(cat "$T/err.$4")"; else ok; fi
	run=$(awk '/pushed as run/ { r = $5; sub(/:$/, "", r); print r }' "$T/out.$4")
	while read -r t; do
		printf '%s %s\n' "$t" "$(chq "$4" "SELECT count() FROM $t WHERE run = '$run'")"
	done <"$T/tables" >"$T/got"
	if cmp -s "$T/want" "$T/got"; then ok; else
		bad "$1: rows not exactly once: $(diff "$T/want" "$T/got" | tr '\n' ' ')"
	fi
	printf 'gcs %s\nruns %s\n' "$(chq "$4" "SELECT sum(pause) FROM gcs WHERE run = '$run'")" \
		"$(chq "$4" "SELECT sum(dur) FROM runs WHERE run = '$run'")" >"$T/got.sums"
	if cmp -s "$T/want.sums" "$T/got.sums"; then ok; else
		bad "$1: sums differ: $(tr '\n' ' ' <"$T/want.sums") / $(tr '\n' ' ' <"$T/got.sums")"
	fi
	# (the live row goes once the delete is done)
	i=0
	while [ "$(chq "$4" "SELECT count() FROM system.mutations WHERE is_done = 0")" != 0 ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	l=$(chq "$4" "SELECT groupArray(live), any(bytes) FROM logs WHERE run = '$run'")
	if [ "$l" = "[0]	$(wc -c <"$L" | tr -d ' ')" ]; then ok; else bad "$1: logs rows: $l"; fi
}
follow fifo "fifo:$T/log.fifo" "$T/log.fifo" ff
follow file "file:$T/growing.eventlog" "$T/growing.eventlog" fg
# a plain push of the log the follow stored: the same run, nothing sent
# (issue 43: the follow's id was its start's, a plain push's the whole's)
before=$(chq fg "SELECT count() FROM gcs")
if "$H" push "$CH_URL/fg" "$L" >"$T/out.again" 2>&1 &&
	grep -q "already pushed as run $run; nothing sent" "$T/out.again" &&
	[ "$(chq fg "SELECT count() FROM gcs")" = "$before" ] && [ "$(chq fg "SELECT count() FROM logs")" = 1 ]; then
	ok
else
	bad "a plain push after the follow: $(cat "$T/out.again"); gcs $before, then $(chq fg "SELECT count() FROM gcs")"
fi

# Ctrl-C while it follows
"$FEED" --rate 5 --quiet --ready "$T/ready.ci" "$L" "fifo:$T/ci.fifo" &
fpid=$!
i=0
while [ ! -e "$T/ready.ci" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
"$H" push --follow "$CH_URL/ci" "$T/ci.fifo" >"$T/out.ci" 2>"$T/err.ci" &
ppid=$!
i=0
while [ "$(chq ci "SELECT count() FROM logs" 2>/dev/null)" != 1 ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
# (push --clean leaves a follow that runs alone)
if "$H" push --clean "$CH_URL/ci" >"$T/out.clean" 2>&1 && grep -q "^0 runs cut short deleted" "$T/out.clean" &&
	[ "$(chq ci "SELECT count() FROM logs WHERE live = 1")" = 1 ]; then
	ok
else
	bad "push --clean while a follow runs: $(cat "$T/out.clean")"
fi
kill -INT "$ppid"
i=0
while kill -0 "$ppid" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
wait "$ppid"
rc=$?
kill "$fpid" 2>/dev/null
wait "$fpid" 2>/dev/null
if [ "$rc" -eq 130 ] && grep -q interrupted "$T/err.ci" &&
	[ "$(chq ci "SELECT count() FROM logs WHERE live = 0")" = 0 ]; then
	ok
else
	bad "Ctrl-C while following: status $rc: $(cat "$T/err.ci")"
fi

# mutations DB: until its deletes are done (10 s at most)
mutations() {
	i=0
	while [ "$(chq "$1" "SELECT count() FROM system.mutations WHERE is_done = 0")" != 0 ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# the next push of the log deletes what the follow cut short left
wantgcs=$("$H" sql --tsv "$L" "SELECT count(*) FROM gcs" | awk 'NR == 2')
if "$H" push "$CH_URL/ci" "$L" >"$T/out.next" 2>&1 && mutations ci &&
	[ "$(chq ci "SELECT groupArray(live) FROM logs")" = "[0]" ] &&
	[ "$(chq ci "SELECT uniqExact(run) FROM gcs")" = 1 ] && [ "$(chq ci "SELECT count() FROM gcs")" = "$wantgcs" ]; then
	ok
else
	bad "the push after a follow cut short: $(cat "$T/out.next"); logs $(chq ci "SELECT groupArray(live) FROM logs"), runs in gcs $(chq ci "SELECT uniqExact(run) FROM gcs")"
fi

# a follow killed (its claim left, its process gone): push --clean deletes it
"$FEED" --rate 5 --quiet --ready "$T/ready.cl" "$L" "fifo:$T/cl.fifo" &
fpid=$!
i=0
while [ ! -e "$T/ready.cl" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
"$H" push --follow "$CH_URL/cl" "$T/cl.fifo" >"$T/out.cl" 2>"$T/err.cl" &
ppid=$!
i=0
while [ $i -lt 300 ]; do
	case $(chq cl "SELECT count() FROM gcs" 2>/dev/null) in '' | 0 | *[!0-9]*) ;; *) break ;; esac
	sleep 0.1
	i=$((i + 1))
done
kill -KILL "$ppid"
wait "$ppid" 2>/dev/null
kill "$fpid" 2>/dev/null
wait "$fpid" 2>/dev/null
if [ "$(chq cl "SELECT count() FROM logs WHERE live = 1")" = 1 ] && [ "$(chq cl "SELECT count() FROM gcs")" -gt 0 ] &&
	"$H" push --clean "$CH_URL/cl" >"$T/out.clean" 2>&1 && grep -q "^1 runs cut short deleted" "$T/out.clean" &&
	mutations cl && [ "$(chq cl "SELECT count() FROM logs")" = 0 ] && [ "$(chq cl "SELECT count() FROM gcs")" = 0 ] &&
	[ "$(chq cl "SELECT count() FROM system.tables WHERE database = 'cl' AND name LIKE 'hectic%'")" = 0 ]; then
	ok
else
	bad "push --clean after a follow killed: $(cat "$T/out.clean"); logs $(chq cl "SELECT count() FROM logs"), gcs $(chq cl "SELECT count() FROM gcs")"
fi

echo "push-follow: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
