#!/bin/sh
# A log written without some event classes (+RTS -l-au: no scheduler, GC,
# heap statistics or spark events) says which figures it cannot give, not
# zeros: `hectic gcs`, `threads` and `activity`, text and --tsv, on the
# real GHC 9.6/9.10 -l-au logs (tests/fixtures/modern/*-user-only) and on
# logs derived from a real one by taking out one class's tags
# (tests/fixtures/derived/README.md): without the scheduler's, without the
# GC's (and its heap statistics), and with the scheduler's thread labels
# alone; and `spans`, whose pairs need threads. Each figure is judged per
# class: what the log still holds must be what the original log gives, to
# the byte.
# Usage: sh tests/absent.sh path/to/hectic. Ends with "N passed, N failed".
set -u
H=$1
M=tests/fixtures/modern
D=tests/fixtures/derived
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "absent: $1"; }

# run NAME ARGS...: hectic ARGS, stdout in $T/out, stderr in $T/err; exit 0
run() {
	name=$1
	shift
	"$H" "$@" >"$T/out" 2>"$T/err" </dev/null
	rc=$?
	if [ "$rc" -eq 0 ]; then ok; else bad "$name: hectic $*: exit $rc: $(head -c 200 "$T/err")"; fi
}
# has NAME FILE FIXED-STRING: the file holds the string
has() {
	if grep -qF -- "$3" "$2"; then ok; else
		bad "$1: no '$3' in:"
		sed 's/^/    /' "$2" | head -5
	fi
}
# lacks NAME FILE ERE: the file has no line matching
lacks() {
	if grep -qE -- "$3" "$2"; then
		bad "$1: '$(grep -E -- "$3" "$2" | head -1)' (matches /$3/)"
	else ok; fi
}
# same NAME WANT GOT
same() {
	if [ "$2" = "$3" ]; then ok; else bad "$1: got '$3', want '$2'"; fi
}
# lines NAME FILE N: the file has N lines
lines() { same "$1" "$3" "$(wc -l <"$2" | tr -d ' ')"; }

NOSCHED='no scheduler events in this log (+RTS -l without s, as -l-au)'
NOGC='no GC events in this log (+RTS -l without g, as -l-au)'
NOBOTH='no scheduler or GC events in this log (+RTS -l without s and g, as -l-au)'
GCS_HDR=$(printf 'start\tend\tpause\tspan_start\tspan_end\tgen\tcopied\tpar_threads\tcap\tcaps')
THR_HDR=$(printf 'thread\tlabel\tcreated\tfirst_run\tended\trunning\truns\tcaps')
ACT_HDR=$(printf 'start\tend\tcap\trunning\tgc')

for f in $M/ghc96-user-only.eventlog $M/ghc910-user-only.eventlog; do
	[ -e "$f" ] || { bad "fixture $f missing"; continue; }
	b=$(basename "$f" .eventlog)
	oracle=$M/$b.oracle.show
	# the premise, from GHC's own ghc-events: not one scheduler or GC
	# event, and the capabilities it created
	same "$b: oracle has no scheduler or GC event" 0 \
		"$(grep -cE ': (creating|running|stopping) thread|: (starting|finished) GC|: GC stats|: requesting (sequential|parallel) GC|: thread [0-9]+ is runnable|: wakeup thread' "$oracle")"
	ncaps=$(grep -cE '^ *[0-9]+: created cap [0-9]+$' "$oracle")
	[ "$ncaps" -gt 0 ] && ok || bad "$b: the oracle creates no capability"

	# gcs: the sentence, no table, no zeros; --tsv the header alone
	run "$b gcs" gcs "$f"
	has "$b gcs" "$T/out" "$NOGC:"
	has "$b gcs" "$T/out" "the collections and their pauses are not known"
	lacks "$b gcs: no table, no figure" "$T/out" 'collections;|p50|^rank|0ns'
	run "$b gcs --gen" gcs --gen 0 --from 10ms "$f"
	has "$b gcs --gen 0 --from 10ms" "$T/out" "$NOGC:"
	run "$b gcs --tsv" gcs --tsv "$f"
	same "$b gcs --tsv: the header alone" "$GCS_HDR" "$(cat "$T/out")"
	has "$b gcs --tsv: stderr" "$T/err" "$NOGC: the collections are not known"

	# threads: the sentence, no table; --tsv the header alone
	run "$b threads" threads "$f"
	has "$b threads" "$T/out" "$NOSCHED:"
	has "$b threads" "$T/out" "the threads, their lifetimes and running time are not known"
	lacks "$b threads: no table" "$T/out" '^ *thread +created'
	run "$b threads --tsv" threads --tsv "$f"
	same "$b threads --tsv: the header alone" "$THR_HDR" "$(cat "$T/out")"
	has "$b threads --tsv: stderr" "$T/err" "$NOSCHED: the threads are not known"

	# activity: every row's running and gc empty (unknown), not 0.0000
	run "$b activity" activity --columns 7 "$f"
	same "$b activity: header" "$ACT_HDR" "$(head -1 "$T/out")"
	lines "$b activity: a row per column and capability" "$T/out" $((1 + 7 * ncaps))
	same "$b activity: running and gc empty" "" \
		"$(awk -F '\t' 'NR > 1 && (NF != 5 || $4 != "" || $5 != "" || $1 !~ /^[0-9]+$/) { print NR ": " $0; exit }' "$T/out")"
	has "$b activity: stderr" "$T/err" "$NOBOTH: the time running and in GC are not known"

	# spans: paired with no thread known, and said so
	run "$b spans" spans "$f"
	has "$b spans" "$T/out" "($NOSCHED: the threads are not known;"
	run "$b spans --tsv" spans --tsv "$f"
	has "$b spans --tsv: stderr" "$T/err" "$NOSCHED: the events are paired as if on one thread"
done

# ---- one class taken out of a real log: what is left is the original's ----
O=$M/ghc96-threaded.eventlog
NS=$D/ghc96-threaded-nosched.eventlog
NG=$D/ghc96-threaded-nogc.eventlog
LB=$D/ghc96-threaded-labels.eventlog
for f in "$O" "$NS" "$NG" "$LB"; do [ -e "$f" ] || bad "fixture $f missing"; done

# the original: every figure, and no absence said
for r in gcs threads spans; do
	run "original $r" $r "$O"
	lacks "original $r" "$T/out" 'not known|events in this log'
	run "original $r --tsv" $r --tsv "$O"
	same "original $r --tsv: quiet" "" "$(cat "$T/err")"
done
run "original activity" activity --columns 9 "$O"
cp "$T/out" "$T/act-orig"
same "original activity: every figure" "" \
	"$(awk -F '\t' 'NR > 1 && ($4 !~ /^[0-9.]+$/ || $5 !~ /^[0-9.]+$/) { print NR ": " $0; exit }' "$T/out")"
same "original activity: quiet" "" "$(cat "$T/err")"
"$H" gcs --tsv "$O" >"$T/gcs-orig" 2>/dev/null
"$H" threads --tsv "$O" >"$T/thr-orig" 2>/dev/null
[ "$(wc -l <"$T/gcs-orig")" -gt 5 ] && ok || bad "the original has no collections"

# without the scheduler's events (as +RTS -l-s writes): the collections are
# the original's; the threads are not known; activity's gc is the
# original's, its running empty
run "nosched gcs --tsv" gcs --tsv "$NS"
if cmp -s "$T/gcs-orig" "$T/out"; then ok; else bad "nosched gcs --tsv differs from the original's"; fi
run "nosched gcs" gcs "$NS"
has "nosched gcs" "$T/out" "collections; pause p50"
lacks "nosched gcs" "$T/out" 'not known'
run "nosched threads" threads "$NS"
has "nosched threads" "$T/out" "$NOSCHED:"
lacks "nosched threads: no table" "$T/out" '^ *thread +created'
run "nosched activity" activity --columns 9 "$NS"
has "nosched activity: stderr" "$T/err" "$NOSCHED: the time running is not known"
same "nosched activity: gc the original's, running empty" \
	"$(awk -F '\t' 'NR > 1 { $4 = "" } { print }' OFS='\t' "$T/act-orig")" "$(cat "$T/out")"

# without the GC's events and heap statistics (as +RTS -l-g writes): no
# collections; the threads are the original's; activity's gc empty
run "nogc gcs" gcs "$NG"
has "nogc gcs" "$T/out" "$NOGC:"
lacks "nogc gcs: no figure" "$T/out" 'collections;|p50'
run "nogc gcs --tsv" gcs --tsv "$NG"
same "nogc gcs --tsv: the header alone" "$GCS_HDR" "$(cat "$T/out")"
has "nogc gcs --tsv: stderr" "$T/err" "$NOGC"
run "nogc threads --tsv" threads --tsv "$NG"
if cmp -s "$T/thr-orig" "$T/out"; then ok; else bad "nogc threads --tsv differs from the original's"; fi
same "nogc threads --tsv: quiet" "" "$(cat "$T/err")"
run "nogc threads" threads "$NG"
lacks "nogc threads" "$T/out" 'not known|events in this log'
run "nogc activity" activity --columns 9 "$NG"
has "nogc activity: stderr" "$T/err" "$NOGC: the time in GC is not known"
same "nogc activity: gc empty, running known" "" \
	"$(awk -F '\t' 'NR > 1 && ($4 !~ /^[0-9]\.[0-9][0-9][0-9][0-9]$/ || $5 != "") { print NR ": " $0; exit }' "$T/out")"
# running: where the original's capability was in GC nothing ran, so in
# the columns without GC the original's running is this one's (at 200
# columns, a hundred and more such rows)
"$H" activity --columns 200 "$O" >"$T/act200-orig" 2>/dev/null
run "nogc activity 200" activity --columns 200 "$NG"
same "nogc activity: running the original's where it had no GC" "ok" \
	"$(awk -F '\t' 'NR == FNR { if ($5 == "0.0000") r[FNR] = $4; next }
		FNR > 1 && (FNR in r) { n++; if (r[FNR] != $4) { print FNR ": " r[FNR] " vs " $4; bad = 1; exit } }
		END { if (!bad) print (n >= 100 ? "ok" : "only " n " rows without GC") }' \
		"$T/act200-orig" "$T/out")"

# the scheduler's thread labels alone (no RTS writes this; a log cut
# down by hand can): the threads are those labelled, by their labels,
# with their lifetimes and running time unknown
run "labels threads --tsv" threads --tsv "$LB"
has "labels threads --tsv: stderr" "$T/err" "$NOSCHED: the threads' lifetimes and running time are not known"
# the labelled threads of the original, their labels, every other field empty
awk -F '\t' 'NR > 1 && $2 != "" { print $1 "\t" $2 "\t\t\t\t\t\t" }' "$T/thr-orig" >"$T/want"
[ -s "$T/want" ] && ok || bad "labels: the original has no labelled thread"
tail -n +2 "$T/out" >"$T/got"
if cmp -s "$T/want" "$T/got"; then ok; else
	bad "labels threads --tsv: not the original's labelled threads with unknown figures:"
	diff "$T/want" "$T/got" | head -5
fi
run "labels threads" threads "$LB"
has "labels threads: note" "$T/out" "($NOSCHED: the threads are known from their labels alone"
same "labels threads: no running time or runs given" "" \
	"$(awk 'NR > 1 && /^ +[0-9]+ / && !/^ +[0-9]+ +- +- +- +- +- +- / { print; exit }' "$T/out")"
same "labels threads: a row per labelled thread" "$(wc -l <"$T/want" | tr -d ' ')" \
	"$(grep -cE '^ +[0-9]+ ' "$T/out")"
run "labels activity" activity --columns 9 "$LB"
same "labels activity: gc the original's, running empty" \
	"$(awk -F '\t' 'NR > 1 { $4 = "" } { print }' OFS='\t' "$T/act-orig")" "$(cat "$T/out")"
run "labels gcs --tsv" gcs --tsv "$LB"
if cmp -s "$T/gcs-orig" "$T/out"; then ok; else bad "labels gcs --tsv differs from the original's"; fi

echo "absent: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
