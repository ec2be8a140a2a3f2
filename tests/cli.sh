#!/bin/sh
# Command-line behaviour: exit codes, messages and bad input, through the
# real binary. Usage: tests/cli.sh path/to/hectic
set -u
H=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
fails=0
check() { # check NAME EXPECTED_RC ACTUAL_RC [grep-pattern file]
	n=$((n + 1))
	if [ "$2" != "$3" ]; then
		echo "cli: $1: exit $3, expected $2"
		fails=$((fails + 1))
		return
	fi
	if [ $# -ge 5 ] && ! grep -q -- "$4" "$5"; then
		echo "cli: $1: output lacks '$4':"
		sed 's/^/    /' "$5" | head -5
		fails=$((fails + 1))
	fi
}

"$H" --help >"$T/out" 2>&1; check help 0 $? "usage: hectic" "$T/out"
"$H" --version >"$T/out" 2>&1; check version 0 $? "^hectic " "$T/out"
"$H" >"$T/out" 2>&1; check no-args 2 $? "usage" "$T/out"
"$H" frobnicate x >"$T/out" 2>&1; check bad-command 2 $? "unknown command" "$T/out"
"$H" show >"$T/out" 2>&1; check show-no-file 2 $? "usage: hectic show" "$T/out"
"$H" show --bogus x >"$T/out" 2>&1; check show-bad-option 2 $? "usage" "$T/out"
"$H" show "$T/missing" >"$T/out" 2>&1; check missing-file 1 $? "No such file" "$T/out"
"$H" show "$T" >"$T/out" 2>&1; check directory 1 $? "not a regular file" "$T/out"

: >"$T/empty"
"$H" show "$T/empty" >"$T/out" 2>&1; check empty 1 $? "header truncated at byte 0" "$T/out"
printf 'hdrbXXXX' >"$T/h1"
"$H" show "$T/h1" >"$T/out" 2>&1
check bad-het 1 $? "byte 4: Header Event Type begin marker not found" "$T/out"
printf 'nope' >"$T/h2"
"$H" show "$T/h2" >"$T/out" 2>&1; check bad-magic 1 $? "byte 0: Header begin marker not found" "$T/out"
printf 'hdrbhetbetb\000\000\000' >"$T/h3"
"$H" show "$T/h3" >"$T/out" 2>&1; check short-type 1 $? "header truncated" "$T/out"
printf 'hdrbhetbhetehdreXXXX' >"$T/h4"
"$H" show "$T/h4" >"$T/out" 2>&1; check no-datb 1 $? "byte 16: My Data begin marker not found" "$T/out"
# a header with no event types and an empty data section prints the skeleton
printf 'hdrbhetbhetehdredatb\377\377' >"$T/h5"
"$H" show "$T/h5" >"$T/out" 2>"$T/err"; check minimal 0 $?
n=$((n + 1))
if [ "$(cat "$T/out")" != "$(printf 'Event Types:\n\nEvents:\n')" ]; then
	echo "cli: minimal: wrong output"; fails=$((fails + 1))
fi

# a complete log whose one block marker claims 4096 bytes it does not have
hdr='hdrbhetbetb\000\000\022\000\016\000\000\000\002bm\000\000\000\000ete\000hetehdredatb'
marker='\000\022\000\000\000\000\000\000\000\144\000\000\020\000\000\000\000\000\000\000\000\310\000\000'
printf "$hdr$marker\377\377" >"$T/bigblock"
"$H" show "$T/bigblock" >"$T/out" 2>"$T/err"
check block-past-eof 0 $? "byte 42: block marker claims 4096 bytes, past the end of the file (68 bytes)" "$T/err"
grep -q "^100: cap 0: event block: cap 0, end time: 200$" "$T/out" ||
	{ echo "cli: block-past-eof: marker line missing"; fails=$((fails + 1)); }
marker='\000\022\000\000\000\000\000\000\000\144\000\000\000\007\000\000\000\000\000\000\000\310\000\000'
printf "$hdr$marker\377\377" >"$T/tinyblock"
"$H" show "$T/tinyblock" >"$T/out" 2>"$T/err"
check block-too-small 0 $? "byte 42: block marker with an impossible size (7 bytes)" "$T/err"

F=tests/fixtures
if [ -e $F/killed-cut.eventlog ]; then
	"$H" show $F/killed-cut.eventlog >/dev/null 2>"$T/err"
	check truncated 0 $? "truncated at byte [0-9]*: last event incomplete" "$T/err"
fi
if [ -e $F/threaded.eventlog ]; then
	# a log cut anywhere in its data section still prints, and says so
	size=$(wc -c <$F/threaded.eventlog)
	head -c $((size / 2 + 1)) $F/threaded.eventlog >"$T/half"
	"$H" show "$T/half" >"$T/out" 2>"$T/err"
	check half 0 $? "incomplete" "$T/err"
	grep -q "^Events:" "$T/out" || { echo "cli: half: no events section"; fails=$((fails + 1)); }
	# writing to a closed pipe must not hang or crash
	"$H" show $F/threaded.eventlog | head -1 >/dev/null; check sigpipe 0 $?
fi
if [ -e $F/killed-cut.eventlog ]; then
	# the file shrinks while hectic reads it: a clear error, not SIGBUS.
	# hectic blocks on the full pipe until the reader has truncated the file.
	cp $F/killed-cut.eventlog "$T/shrink"
	# (tiny batches, so that little is rendered ahead of the writer)
	{ HECTIC_BATCH=16 "$H" show "$T/shrink" 2>"$T/err"; echo $? >"$T/rc"; } |
		{ head -c 1 >/dev/null; truncate -s 100000 "$T/shrink"; cat >/dev/null; }
	check shrink 1 "$(cat "$T/rc")" "shrank while it was being read" "$T/err"
fi
# ---- reports ----
if [ -e $F/threaded.eventlog ]; then
	"$H" summary $F/threaded.eventlog >"$T/out" 2>&1
	check summary 0 $? "7,229,192 bytes allocated in the heap" "$T/out"
	check summary-sparks 0 0 "SPARKS: 33 (0 converted, 0 overflowed, 0 dud, 15 GC'd, 18 fizzled)" "$T/out"
	check summary-balance 0 0 "Parallel GC work balance: 23.79%" "$T/out"
	"$H" summary --from 20ms --to 30ms $F/threaded.eventlog >"$T/out" 2>&1
	check summary-window 0 $? "20.00ms to 30.00ms" "$T/out"
	"$H" summary --from soon $F/threaded.eventlog >"$T/out" 2>&1
	check summary-bad-time 2 $? "bad time 'soon'" "$T/out"
	"$H" summary --from 2ms --to 1ms $F/threaded.eventlog >"$T/out" 2>&1
	check summary-backwards 2 $? "before --from" "$T/out"
	"$H" markers --grep 'round [0-9]' $F/threaded.eventlog >"$T/out" 2>&1
	check markers-grep 0 $? "marker  round 2" "$T/out"
	n=$((n + 1))
	[ "$(grep -c round "$T/out")" -ge 2 ] || { echo "cli: markers-grep: too few"; fails=$((fails + 1)); }
	"$H" markers --grep 'nothing like this' $F/threaded.eventlog >"$T/out" 2>"$T/err"
	check markers-nomatch 0 $? "no marker or message matches" "$T/err"
	"$H" markers --grep '(' $F/threaded.eventlog >"$T/out" 2>&1
	check markers-bad-re 2 $? "bad regular expression" "$T/out"
	"$H" threads --raw $F/threaded.eventlog >"$T/out" 2>&1
	check threads 0 $? "wörker-1" "$T/out"
fi
if [ -e $F/nonthreaded.eventlog ]; then
	"$H" gcs --gen 1 $F/nonthreaded.eventlog >"$T/out" 2>&1
	check gcs-gen 0 $? "^7 collections; pause p50" "$T/out"
	"$H" gcs --top 3 $F/nonthreaded.eventlog >"$T/out" 2>&1
	check gcs-top 0 $? "^80 collections" "$T/out"
	n=$((n + 1))
	[ "$(grep -c '^   [0-9] ' "$T/out")" -eq 3 ] ||
		{ echo "cli: gcs-top: not 3 rows"; fails=$((fails + 1)); }
	"$H" gcs --top x $F/nonthreaded.eventlog >"$T/out" 2>&1
	check gcs-bad-top 2 $? "bad number 'x'" "$T/out"
fi
# a thread label holding an escape sequence: shown escaped unless --raw
hdr='hdrbhetbetb\000\000\054\377\377\000\000\000\001L\000\000\000\000ete\000hetehdredatb'
ev='\000\054\000\000\000\000\000\000\000\012\000\016\000\000\000\007\033[31mevil\007'
printf "$hdr$ev\377\377" >"$T/evil"
"$H" threads --escape "$T/evil" >"$T/out" 2>&1
check label-escaped 0 $? '\\x1b\[31mevil\\x07' "$T/out"
n=$((n + 1))
if grep -q "$(printf '\033')" "$T/out"; then echo "cli: label-escaped: raw ESC"; fails=$((fails + 1)); fi
"$H" show --escape "$T/evil" >"$T/out" 2>&1
check show-escaped 0 $? 'has label "\\x1b\[31mevil\\x07"' "$T/out"
"$H" threads --raw "$T/evil" >"$T/out" 2>&1
n=$((n + 1))
grep -q "$(printf '\033')\[31mevil" "$T/out" || { echo "cli: label-raw: no raw bytes"; fails=$((fails + 1)); }

echo "cli: $n checks, $fails failed"
[ "$fails" -eq 0 ]
