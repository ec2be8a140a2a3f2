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
same() { # same NAME EXPECTED ACTUAL
	n=$((n + 1))
	if [ "$2" != "$3" ]; then
		echo "cli: $1: got '$3', expected '$2'"
		fails=$((fails + 1))
	fi
}
ESC=$(printf '\033') RLO=$(printf '\342\200\256')
errcheck() { # errcheck NAME EXPECTED_RC ACTUAL_RC PATTERN: on $T/err, one line
	check "$1" "$2" "$3" "$4" "$T/err"
	n=$((n + 1))
	if grep -q "$ESC" "$T/err" || grep -q "$RLO" "$T/err"; then
		echo "cli: $1: raw ESC or U+202E on stderr"; fails=$((fails + 1))
	fi
}
awkcheck() { # awkcheck NAME FILE AWK-PROGRAM: the program prints what is wrong
	n=$((n + 1))
	awk -F'\t' "$3" "$2" >"$T/why" 2>&1
	if [ -s "$T/why" ]; then
		echo "cli: $1: $(head -1 "$T/why")"
		fails=$((fails + 1))
	fi
}
# have FILE: true when the fixture FILE is there; a missing one fails
have() {
	[ -e "$1" ] && return 0
	n=$((n + 1))
	fails=$((fails + 1))
	echo "cli: fixture $1 missing"
	return 1
}

"$H" --help >"$T/out" 2>&1; check help 0 $? "usage: hectic" "$T/out"
"$H" --version >"$T/out" 2>&1; check version 0 $? "^hectic " "$T/out"
"$H" >"$T/out" 2>&1; check no-args 2 $? "usage" "$T/out"
"$H" frobnicate x >"$T/out" 2>&1; check bad-command 2 $? "unknown command" "$T/out"
"$H" show >"$T/out" 2>&1; check show-no-file 2 $? "usage: hectic show" "$T/out"
"$H" show --bogus x >"$T/out" 2>&1; check show-bad-option 2 $? "try 'hectic show --help'" "$T/out"
# operands of the wrong count: said (how many were wanted, how many came,
# the extra ones named) before the usage line, for a report (report.c's
# driver, an alias with its own name) and each command of fixed operands
opcheck() { # opcheck NAME MESSAGE ARGS...: exit 2, the message, then the usage
	name=$1 msg=$2
	shift 2
	"$H" "$@" </dev/null >"$T/out" 2>"$T/err"
	check "operands-$name" 2 $? "^hectic: $msg\$" "$T/err"
	n=$((n + 1))
	if [ "$(sed -n 2p "$T/err" | cut -c1-13)" != "usage: hectic" ]; then
		echo "cli: operands-$name: no usage line after the message"
		fails=$((fails + 1))
	fi
}
opcheck summary-extra "summary: one FILE, got 2 operands ('extra' extra)" summary x.eventlog extra
opcheck summary-none "summary: one FILE, got none" summary
opcheck top-extra "top: one FILE, got 2 operands ('b' extra)" top a b
opcheck gcs-three "gcs: one FILE, got 4 operands ('b', 'c', 'd' extra)" gcs a b c d
opcheck show-extra "show: one FILE, got 2 operands ('b' extra)" show a b
opcheck diff-one "diff: two operands A B, got 1 operand ('a')" diff a
opcheck diff-three "diff: two operands A B, got 3 operands ('c' extra)" diff a b c
opcheck doctor-three "doctor: one or two operands FILE \\[B\\], got 3 operands ('c' extra)" doctor a b c
opcheck doctor-none "doctor: one or two operands FILE \\[B\\], got none" doctor
opcheck push-one "push: two or more operands URL FILE\\.\\.\\., got 1 operand ('u')" push u
opcheck push-clean "push --clean: one URL, got none" push --clean
opcheck run-none "run: one or more operands PROG \\[ARGS\\.\\.\\.\\], got none" run
opcheck sql-none "sql: one to three operands A \\[B\\] \\[QUERY\\], got none" sql
opcheck sql-four "sql: one to three operands A \\[B\\] \\[QUERY\\], got 4 operands ('d' extra)" sql a b c d
opcheck sql-db-none "sql --db OUT: one or more operands FILE\\.\\.\\., got none" sql --db o.db
opcheck sql-schema-file "sql --schema: no operand, got 1" sql --schema x.eventlog
opcheck sql-db-tsv "sql --db: it writes every table of every FILE; no --save, --tsv or --json" sql --db o.db --tsv x.eventlog
# an unknown option (or one missing its value): a line naming it, then where
# the options are told, not the usage (the viewer's ran to 97 lines, and
# scrolled the message away)
twolines() { # twolines NAME EXPECTED-RC ACTUAL-RC LINE1 LINE2: $T/out is exactly those
	check "$1" "$2" "$3"
	same "$1" "$(printf '%s\n%s' "$4" "$5")" "$(cat "$T/out")"
}
"$H" --bogus x.eventlog >"$T/out" 2>&1
twolines viewer-bad-option 2 $? "hectic: unknown option '--bogus'" "try 'hectic --help'"
"$H" --keymap >"$T/out" 2>&1
twolines viewer-no-value 2 $? "hectic: option '--keymap' needs a value" "try 'hectic --help'"
for c in show summary top gcs markers threads activity heap profile spans sparks ticky export; do
	"$H" $c --bogus x.eventlog >"$T/out" 2>&1
	twolines "$c-bad-option" 2 $? "hectic: unknown option '--bogus'" "try 'hectic $c --help'"
done
"$H" gcs --hp x.eventlog >"$T/out" 2>&1
twolines gcs-other-option 2 $? "hectic: unknown option '--hp'" "try 'hectic gcs --help'"
"$H" summary -q x.eventlog >"$T/out" 2>&1
twolines summary-bad-short 2 $? "hectic: unknown option '-q'" "try 'hectic summary --help'"
"$H" run --bogus prog >"$T/out" 2>&1
twolines run-bad-option 2 $? "hectic: unknown option '--bogus'" "try 'hectic run --help'"
"$H" diff --bogus a b >"$T/out" 2>&1
twolines diff-bad-option 2 $? "hectic: unknown option '--bogus'" "try 'hectic diff --help'"
# every command's --help explains each option of its usage line in a row
# of its own (they were one usage line): the rows' left column (from
# column 3 to 18: cli_help.c's help_row()) names it (diff's own usage,
# commands.c's row, too).
"$H" --help | awk '/^Commands:/ { c = 1; next } c && /^$/ { exit } c && /^  [a-z]/ { print $1 }' >"$T/cmds"
same commands-listed yes "$([ "$(wc -l <"$T/cmds")" -ge 15 ] && echo yes)"
for c in $(cat "$T/cmds"); do
	"$H" $c --help >"$T/out" 2>&1
	check "$c-help" 0 $?
	tail -n +2 "$T/out" | grep -E '^  -' | cut -c3-18 >"$T/left"
	opts=$(head -1 "$T/out" | grep -oE -- '(^|[[ ,|])--?[a-zA-Z][-a-zA-Z]*' | sed 's/^[[ ,|]//' | sort -u)
	same "$c-help-opts" yes "$([ -n "$opts" ] && echo yes)"
	for o in $opts; do
		n=$((n + 1))
		grep -qE -- "(^|[ ,])$o([ =,]|\$)" "$T/left" ||
			{ echo "cli: $c --help: no row for $o"; fails=$((fails + 1)); }
	done
done
# more than two files: said, not taken for a command ("unknown command
# '/.../a.eventlog'"); a mistyped command before files still is one
"$H" a.eventlog b.eventlog c.eventlog >"$T/out" 2>&1
twolines three-files 2 $? "hectic: 3 files: the viewer opens one log, or two to compare (hectic A B)" \
	"try 'hectic --help'"
"$H" "$T/a.eventlog" "$T/b.eventlog" "$T/c.eventlog" "$T/d.eventlog" >"$T/out" 2>&1
check four-files 2 $? "^hectic: 4 files: the viewer opens one log" "$T/out"
"$H" frobnicate a.eventlog b.eventlog >"$T/out" 2>&1
check bad-command-files 2 $? "unknown command 'frobnicate'" "$T/out"
"$H" show "$T/missing" >"$T/out" 2>&1; check missing-file 1 $? "No such file" "$T/out"
"$H" show "$T" >"$T/out" 2>&1; check directory 1 $? "not a regular file" "$T/out"

: >"$T/empty"
"$H" show "$T/empty" >"$T/out" 2>&1; check empty 1 $? "empty file\$" "$T/out"
# an empty file is said so, not as a header cut at byte 0, by every
# command that reads a log (summary --follow, top, wait for the header,
# as for a log the RTS has not flushed yet: tests/e2e/flush.sh)
for c in summary gcs markers threads heap profile activity spans sparks ticky "export --chrome" \
	doctor "diff $T/empty" sql "sql --db $T/empty.sqlite"; do
	"$H" $c "$T/empty" </dev/null >"$T/out" 2>"$T/err"
	check "empty-$c" 1 $? "^hectic: $T/empty: empty file\$" "$T/err"
	n=$((n + 1))
	if grep -q "truncated" "$T/err"; then
		echo "cli: empty-$c: says truncated"; fails=$((fails + 1))
	fi
done
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
if have $F/killed-cut.eventlog; then
	"$H" show $F/killed-cut.eventlog >/dev/null 2>"$T/err"
	check truncated 0 $? "truncated at byte [0-9]*: last event incomplete" "$T/err"
fi
if have $F/threaded.eventlog; then
	# a log cut anywhere in its data section still prints, and says so
	size=$(wc -c <$F/threaded.eventlog)
	head -c $((size / 2 + 1)) $F/threaded.eventlog >"$T/half"
	"$H" show "$T/half" >"$T/out" 2>"$T/err"
	check half 0 $? "incomplete" "$T/err"
	grep -q "^Events:" "$T/out" || { echo "cli: half: no events section"; fails=$((fails + 1)); }
fi
if have $F/par-n4.eventlog; then
	# writing to a closed pipe must not hang, crash or complain: hectic's own
	# status (not head's) is SIGPIPE's 141, or 1 where SIGPIPE is ignored
	# (EPIPE, silent). The text (500 KB) is far more than a pipe holds, so
	# hectic meets the closed pipe however the two are scheduled.
	{ timeout 60 "$H" show $F/par-n4.eventlog 2>"$T/err"; echo $? >"$T/rc"; } |
		head -1 >"$T/out"
	rc=$(cat "$T/rc")
	n=$((n + 1))
	case $rc in
	141 | 1) [ -s "$T/err" ] && { echo "cli: sigpipe: exit $rc with a message: $(head -3 "$T/err")"; fails=$((fails + 1)); } ;;
	124) echo "cli: sigpipe: hectic still writing to a closed pipe after 60 s"; fails=$((fails + 1)) ;;
	*) echo "cli: sigpipe: exit $rc, expected 141 (SIGPIPE) or 1 (EPIPE)"; fails=$((fails + 1)) ;;
	esac
	check sigpipe-read 0 0 "^Event Types:\$" "$T/out"
fi
if have $F/killed-cut.eventlog; then
	# the file shrinks while hectic reads it: a clear error, not SIGBUS.
	# hectic blocks on the full pipe until the reader has truncated the file.
	cp $F/killed-cut.eventlog "$T/shrink"
	# (tiny batches, so that little is rendered ahead of the writer)
	{ HECTIC_BATCH=16 "$H" show "$T/shrink" 2>"$T/err"; echo $? >"$T/rc"; } |
		{ head -c 1 >/dev/null; truncate -s 100000 "$T/shrink"; cat >/dev/null; }
	check shrink 1 "$(cat "$T/rc")" "shrank while it was being read" "$T/err"
	# the same for a report that reads texts from the map as it prints
	cp $F/killed-cut.eventlog "$T/shrink"
	{ "$H" markers "$T/shrink" 2>"$T/err"; echo $? >"$T/rc"; } |
		{ head -c 1 >/dev/null; truncate -s 100000 "$T/shrink"; cat >/dev/null; }
	check shrink-markers 1 "$(cat "$T/rc")" "shrank while it was read" "$T/err"
fi
# a FIFO is a stream: read to its end (tests/live.sh compares the reports
# with the file's); one whose writer closes at once is an empty stream, a
# clear error; with no writer at all the command waits for one, as cat does
mkfifo "$T/fifo"
for c in show summary gcs markers threads activity heap profile; do
	{ : >"$T/fifo"; } &
	timeout 10 "$H" $c "$T/fifo" >/dev/null 2>"$T/err"
	check fifo-empty-$c 1 $? "empty stream: no eventlog arrived" "$T/err"
	wait
done
timeout 1 "$H" summary "$T/fifo" >/dev/null 2>"$T/err"
check fifo-waits 124 $?
# another special file: a clear error at once, no hang
timeout 10 "$H" summary /dev/null >/dev/null 2>"$T/err"
check chardev 1 $? "not a regular file (a character device)" "$T/err"
timeout 10 "$H" summary "$T" >/dev/null 2>"$T/err"
check directory 1 $? "not a regular file (a directory)" "$T/err"
# ---- reports ----
# a window outside the log, a generation it lacks: an error naming what the
# log has, exit 1, nothing printed (summary printed zeros, gcs "0
# collections", with exit 0). ghc910-threaded's events run from 242.6us to
# 186.4ms; its collections are of generations 0 and 1.
W=$F/modern/ghc910-threaded.eventlog
if have $W; then
	for c in summary gcs markers threads activity spans sparks ticky "export --chrome" heap \
		profile "summary --tsv" "gcs --tsv"; do
		# shellcheck disable=SC2086
		"$H" $c --from 2s $W >"$T/out" 2>"$T/err"
		errcheck "window-after-$c" 1 $? "ghc910-threaded.eventlog: --from 2.000s is after the log's end (186.4ms)\$"
		same "window-after-$c-nothing-out" "" "$(cat "$T/out")"
	done
	"$H" summary --to 100us $W >"$T/out" 2>"$T/err"
	errcheck window-before 1 $? "ghc910-threaded.eventlog: --to 100.0us is before the log's first event (242.6us)\$"
	# a window that overlaps the log is no error
	"$H" summary --from 180ms --to 5s $W >"$T/out" 2>"$T/err"
	check window-overlap 0 $? "180.0ms to 186.4ms" "$T/out"
	for o in "" --tsv; do
		# shellcheck disable=SC2086
		"$H" gcs $o --gen 5 $W >"$T/out" 2>"$T/err"
		errcheck "gcs$o-gen-absent" 1 $? "ghc910-threaded.eventlog: --gen 5: the log has generations 0 and 1\$"
		same "gcs$o-gen-absent-nothing-out" "" "$(cat "$T/out")"
	done
	"$H" gcs --gen 1 $W >"$T/out" 2>"$T/err"
	check gcs-gen-present 0 $? "^4 collections" "$T/out"
	# gcs's text gives bytes with a unit, as the viewer does (the copied
	# column was a raw integer); --tsv keeps the integer. The longest
	# pause (70.08ms) copied 5,977,040 bytes.
	"$H" gcs --top 100 $W >"$T/out" 2>"$T/err"
	check gcs-copied-unit 0 $? "^   1        70.08ms     33.60ms     34.18ms    0   5.98MB    2    0 0,1\$" "$T/out"
	awkcheck gcs-copied-units "$T/out" 'BEGIN { FS = " +" } /^ +[0-9]+ / && $7 !~ /^[0-9.]+[kMG]?B$/ { print "row " NR ": copied " $7; exit }'
	same gcs-copied-rows 12 "$(grep -cE '^ +[0-9]+ ' "$T/out")"
	"$H" gcs --tsv $W >"$T/out" 2>"$T/err"
	check gcs-tsv-copied-integer 0 $? "$(printf '^70084981\t.*\t5977040\t2\t0\t0,1$')" "$T/out"
fi
if have $F/gens/ghc90-G40.eventlog; then
	"$H" gcs --gen 40 $F/gens/ghc90-G40.eventlog >"$T/out" 2>"$T/err"
	errcheck gcs-gen-absent-40 1 $? "--gen 40: the log has generations 0 to 39\$"
	"$H" gcs --gen 39 $F/gens/ghc90-G40.eventlog >"$T/out" 2>"$T/err"
	check gcs-gen-39 0 $?
fi
if have $F/threaded.eventlog; then
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
	# a regex whose repetitions glibc would expand to a million copies
	# (gigabytes, tens of seconds), or overlong, is refused, saying why
	"$H" markers --grep '((a{1,100}){1,100}){1,100}(x)' $F/threaded.eventlog >"$T/out" 2>&1
	check markers-huge-re 2 $? "regular expression '((a{1,100}){1,100}){1,100}(x)' refused: too large: its repetitions expand to 1010102 atoms (at most 1000)" "$T/out"
	"$H" markers --grep "$(printf '%01100d' 0)" $F/threaded.eventlog >"$T/out" 2>&1
	check markers-long-re 2 $? "refused: too long: 1100 bytes (at most 1024)" "$T/out"
	"$H" markers --grep 'round [0-9]{1,2}' $F/threaded.eventlog >"$T/out" 2>&1
	check markers-bounded-re 0 $? "marker  round 2" "$T/out"
	"$H" threads --raw $F/threaded.eventlog >"$T/out" 2>&1
	check threads 0 $? "wörker-1" "$T/out"
fi
if have $F/nonthreaded.eventlog; then
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
# an empty thread label and an empty marker (an fwrite of nothing from a
# NULL buffer aborted the sanitizer build)
hdr2='hdrbhetbetb\000\000\054\377\377\000\000\000\001L\000\000\000\000ete\000'
hdr2="${hdr2}etb\000\000\072\377\377\000\000\000\001M\000\000\000\000ete\000hetehdredatb"
ev2='\000\054\000\000\000\000\000\000\000\012\000\004\000\000\000\007'
ev2="$ev2"'\000\072\000\000\000\000\000\000\000\013\000\000'
printf "$hdr2$ev2\377\377" >"$T/empty"
for c in threads markers "threads --tsv" "markers --tsv" show; do
	"$H" $c --raw "$T/empty" >"$T/out" 2>&1
	check "empty-text-$c" 0 $?
done
"$H" markers --tsv --raw "$T/empty" >"$T/out" 2>&1
check empty-marker-row 0 $? "$(printf '^11\t\tmarker\t$')" "$T/out"

# ---- --tsv reports ----
# a header row of column names, then rows with as many tab-separated fields
SHAPE='NR == 1 { nf = NF; if ($0 !~ /^[a-z][a-z0-9_]*(\t[a-z][a-z0-9_]*)*$/) { print "header: " $0; exit } }
NR > 1 && NF != nf { print "row " NR ": " NF " fields, header " nf ": " $0; exit }
END { if (NR == 0) print "no output" }'
# the units: integer ns and bytes, productivity a fraction
SUMNUM='NR > 1 && $1 != "productivity" && $2 !~ /^[0-9]+$/ { print $1 " not an integer: " $2; exit }
NR > 1 && $1 == "productivity" && $2 !~ /^-?[0-9]+\.[0-9]+$/ { print "productivity: " $2; exit }'
# a log without GC events: those figures empty, the others integers
SUMNUM_NOGC='NR > 1 && $2 !~ /^[0-9]*$/ { print $1 " neither an integer nor empty: " $2; exit }
NR > 1 && $1 ~ /^(collections|allocated_bytes|copied_bytes|gen0_collections|mut_elapsed_ns|gc_elapsed_ns|productivity)$/ && $2 != "" { print $1 " is not empty: " $2; exit }'
GCSNUM='NR > 1 { for (i = 1; i <= 9; i++) if ($i !~ /^[0-9]+$/) { print "row " NR " field " i ": " $i; exit } }
NR > 2 && $1 + 0 < prev { print "row " NR ": start " $1 " before " prev; exit }
NR > 1 { prev = $1 + 0 }'
THRNUM='NR > 1 && ($1 !~ /^[0-9]+$/ || $3 !~ /^[0-9]*$/ || $4 !~ /^[0-9]*$/ || $5 !~ /^[0-9]*$/ ||
	$6 !~ /^[0-9]+$/ || $7 !~ /^[0-9]+$/ || $8 !~ /^[0-9,+]*$/) { print "row " NR ": " $0; exit }'
# a marker "a<TAB>b<LF>c\d" and a message "x<TAB>y", outside any block
hdr='hdrbhetbetb\000\000\072\377\377\000\000\000\001M\000\000\000\000ete\000'
hdr=$hdr'etb\000\000\023\377\377\000\000\000\001U\000\000\000\000ete\000hetehdredatb'
ev1='\000\072\000\000\000\000\000\000\000\012\000\007a\tb\nc\\d'
ev2='\000\023\000\000\000\000\000\000\000\024\000\003x\ty'
printf "$hdr$ev1$ev2\377\377" >"$T/tabs"
"$H" markers --tsv "$T/tabs" >"$T/out" 2>&1; check markers-tsv-escape 0 $?
same markers-tsv-escape "$(printf 'time\tcap\tkind\ttext\n10\t\tmarker\ta\\tb\\nc\\\\d\n20\t\tmessage\tx\\ty')" "$(cat "$T/out")"
# lint: glob-ok (have tests each name: a pattern that matched nothing fails there)
for f in $F/*.eventlog "$T/tabs"; do
	have "$f" || continue
	name=$(basename "$f" .eventlog)
	for r in summary gcs markers threads activity; do
		"$H" $r --tsv "$f" >"$T/out" 2>"$T/err"; check "$r-tsv:$name" 0 $?
		awkcheck "$r-tsv-shape:$name" "$T/out" "$SHAPE"
	done
	"$H" summary --tsv "$f" >"$T/out" 2>"$T/err"
	# (the crafted log holds markers only: its GC and heap figures are
	# unknown, empty, and checked below with the stripped fixture's)
	if [ "$f" = "$T/tabs" ]; then
		awkcheck "summary-tsv-units:$name" "$T/out" "$SUMNUM_NOGC"
	else
		awkcheck "summary-tsv-units:$name" "$T/out" "$SUMNUM"
	fi
	"$H" gcs --tsv "$f" >"$T/out" 2>"$T/err"
	awkcheck "gcs-tsv-units:$name" "$T/out" "$GCSNUM"
	"$H" threads --tsv "$f" >"$T/out" 2>"$T/err"
	awkcheck "threads-tsv-units:$name" "$T/out" "$THRNUM"
	same "threads-tsv-header:$name" "$(printf 'thread\tlabel\tcreated\tfirst_run\tended\trunning\truns\tcaps')" "$(head -1 "$T/out")"
done
field() { awk -F'\t' -v k="$1" '$1 == k { print $2 }' "$T/sum"; } # a summary field
# over a whole run, the collections per generation and the elapsed MUT and
# total times equal the program's own +RTS -s (GC time differs in profiled
# runs and with heap censuses: not compared)
# lint: glob-ok (have tests each name: a pattern that matched nothing fails there)
for s in $F/*.rts-s.txt; do
	have "$s" || continue
	name=$(basename "$s" .rts-s.txt)
	f=$F/$name.eventlog
	have "$f" || continue
	"$H" summary --tsv "$f" >"$T/sum" 2>"$T/err"; check "summary-tsv:$name" 0 $?
	for g in 0 1; do
		want=$(awk -v g=$g '$1 == "Gen" && $2 == g && $4 == "colls," { print $3 }' "$s")
		"$H" gcs --tsv --gen $g "$f" >"$T/out" 2>"$T/err"; check "gcs-tsv-gen$g:$name" 0 $?
		same "gcs-tsv-gen$g-rows:$name" "$want" "$(($(wc -l <"$T/out") - 1))"
		awkcheck "gcs-tsv-gen$g-only:$name" "$T/out" 'NR > 1 && $6 != '$g' { print "row " NR ": gen " $6; exit }'
		"$H" gcs --gen $g "$f" >"$T/out" 2>"$T/err"; check "gcs-gen$g:$name" 0 $?
		same "gcs-gen$g-count:$name" "$want collections" "$(grep -o '^[0-9]* collections' "$T/out")"
		same "summary-tsv-gen$g:$name" "$want" "$(field gen${g}_collections)"
	done
	for k in MUT:mut Total:total; do
		want=$(awk -v k="${k%%:*}" '$1 == k && $2 == "time" {
			s = $0; sub(/.*\( */, "", s); sub(/s elapsed\).*/, "", s); print s }' "$s")
		same "summary-tsv-${k#*:}-elapsed:$name" "$want" \
			"$(awk -v ns="$(field "${k#*:}_elapsed_ns")" 'BEGIN { printf "%.3f", ns / 1e9 }')"
	done
	# hectic sparks: the whole run's rows per capability sum to the SPARKS
	# line (its total is created + dud + overflowed, as the RTS counts it)
	want=$(awk '$1 == "SPARKS:" { gsub(/[(),]/, ""); print $2, $3, $5, $7, $9, $11 }' "$s")
	"$H" sparks --tsv "$f" >"$T/out" 2>"$T/err"; check "sparks-tsv:$name" 0 $?
	same "sparks-tsv-header:$name" "$(printf 'cap\tcreated\tconverted\toverflowed\tdud\tgcd\tfizzled')" \
		"$(head -1 "$T/out")"
	got=$(awk -F'\t' 'NR > 1 { for (k = 2; k <= 7; k++) s[k] += $k }
		END { if (NR > 1) print s[2] + s[4] + s[5], s[3], s[4], s[5], s[6], s[7] }' "$T/out")
	same "sparks-tsv-sum:$name" "$want" "$got"
done
# a full disk: exit status 1 and a message, not silence
if [ ! -w /dev/full ]; then
	n=$((n + 1))
	fails=$((fails + 1))
	echo "cli: /dev/full is not writable: the full-disk checks cannot run"
elif have $F/threaded.eventlog; then
	for r in summary gcs markers threads activity; do
		"$H" $r $F/threaded.eventlog >/dev/full 2>"$T/err"
		check "$r-full" 1 $? "No space left on device" "$T/err"
		"$H" $r --tsv $F/threaded.eventlog >/dev/full 2>"$T/err"
		check "$r-tsv-full" 1 $? "No space left on device" "$T/err"
	done
fi

# ---- display spoofing: bidi, zero-width and BOM characters are escaped ----
# thread 7 labelled "w<U+202E>k<U+200B>x<U+FEFF>", a marker "round<U+202E>1<U+200B><U+FEFF>"
hdr='hdrbhetbetb\000\000\054\377\377\000\000\000\001L\000\000\000\000ete\000'
hdr=$hdr'etb\000\000\072\377\377\000\000\000\001M\000\000\000\000ete\000hetehdredatb'
ev1='\000\054\000\000\000\000\000\000\000\012\000\020\000\000\000\007w\342\200\256k\342\200\213x\357\273\277'
ev2='\000\072\000\000\000\000\000\000\000\024\000\017round\342\200\2561\342\200\213\357\273\277'
printf "$hdr$ev1$ev2\377\377" >"$T/bidi"
RLO=$(printf '\342\200\256') ZWSP=$(printf '\342\200\213') BOM=$(printf '\357\273\277')
noraw() { # noraw NAME FILE: none of the three characters is in FILE
	n=$((n + 1))
	for c in "$RLO" "$ZWSP" "$BOM"; do
		if grep -q "$c" "$2"; then
			echo "cli: $1: a raw invisible character reached the output"
			fails=$((fails + 1))
			return
		fi
	done
}
hasraw() { # hasraw NAME FILE PREFIX: FILE has PREFIX then the raw characters
	n=$((n + 1))
	grep -q "$3$RLO" "$2" || { echo "cli: $1: not copied raw"; fails=$((fails + 1)); }
}
LBL='w\\u202ek\\u200bx\\ufeff' MRK='round\\u202e1\\u200b\\ufeff'
"$H" markers --escape "$T/bidi" >"$T/out" 2>&1; check bidi-markers 0 $? "marker  $MRK\$" "$T/out"
noraw bidi-markers "$T/out"
"$H" markers --escape --tsv "$T/bidi" >"$T/out" 2>&1
check bidi-markers-tsv 0 $? "$(printf '^20\t\tmarker\t')$MRK\$" "$T/out"
noraw bidi-markers-tsv "$T/out"
"$H" threads --escape "$T/bidi" >"$T/out" 2>&1; check bidi-threads 0 $? " $LBL\$" "$T/out"
noraw bidi-threads "$T/out"
"$H" threads --escape --tsv "$T/bidi" >"$T/out" 2>&1
check bidi-threads-tsv 0 $? "$(printf '^7\t')$LBL$(printf '\t')" "$T/out"
noraw bidi-threads-tsv "$T/out"
"$H" show --escape "$T/bidi" >"$T/out" 2>&1
check bidi-show-label 0 $? "^10: thread 7 has label \"$LBL\"\$" "$T/out"
check bidi-show-marker 0 0 "^20: marker: $MRK\$" "$T/out"
noraw bidi-show "$T/out"
# --raw (and a pipe, by default) copies them as they are
"$H" markers --raw "$T/bidi" >"$T/out" 2>&1; check bidi-markers-raw 0 $?
hasraw bidi-markers-raw "$T/out" "marker  round"
"$H" markers --raw --tsv "$T/bidi" >"$T/out" 2>&1; check bidi-markers-tsv-raw 0 $?
hasraw bidi-markers-tsv-raw "$T/out" "marker.round"
"$H" threads --raw "$T/bidi" >"$T/out" 2>&1; check bidi-threads-raw 0 $?
hasraw bidi-threads-raw "$T/out" " w"
"$H" threads --raw --tsv "$T/bidi" >"$T/out" 2>&1; check bidi-threads-tsv-raw 0 $?
hasraw bidi-threads-tsv-raw "$T/out" "w"
"$H" show "$T/bidi" >"$T/out" 2>&1; check bidi-show-raw 0 $?
same bidi-show-raw-bytes "$(printf '10: thread 7 has label "w\342\200\256k\342\200\213x\357\273\277"')" \
	"$(grep '^10:' "$T/out")"
# messages on stderr escape what they quote (a file name, an option value, a
# regex), terminal or not: no ESC, no U+202E, no forged second line
"$H" summary "$T/$(printf 'a\033[31mb')" >/dev/null 2>"$T/err"
errcheck err-esc-name 1 $? 'a\\x1b\[31mb: No such file'
"$H" show "$T/$(printf 'x\342\200\256gol.tneve')" >/dev/null 2>"$T/err"
errcheck err-rlo-name 1 $? 'x\\u202egol.tneve: No such file'
"$H" markers "$T/$(printf 'a\nhectic: forged')" >/dev/null 2>"$T/err"
errcheck err-newline-name 1 $? 'a\\x0ahectic: forged: No such file'
same err-newline-one-line 1 "$(wc -l <"$T/err" | tr -d ' ')"
# a warning that names the file (a truncated log)
head -c $(($(wc -c <"$T/bidi") - 5)) "$T/bidi" >"$T/$(printf 'c\033]0;t\007')"
"$H" threads "$T/$(printf 'c\033]0;t\007')" >/dev/null 2>"$T/err"
errcheck err-esc-name-warning 0 $? 'c\\x1b\]0;t\\x07: truncated at byte'
"$H" summary --from "$(printf '1\033[2J')" "$T/bidi" >/dev/null 2>"$T/err"
errcheck err-bad-time 2 $? "bad time '1\\\\x1b\[2J'"
"$H" gcs --top "$(printf '\342\200\2563')" "$T/bidi" >/dev/null 2>"$T/err"
errcheck err-bad-number 2 $? "bad number '\\\\u202e3'"
"$H" markers --grep "$(printf '(\033[31m')" "$T/bidi" >/dev/null 2>"$T/err"
errcheck err-bad-regex 2 $? "bad regular expression '(\\\\x1b\[31m'"
"$H" --color "$(printf '\033[5m')" "$T/bidi" >/dev/null 2>"$T/err"
errcheck err-bad-color 2 $? "bad --color '\\\\x1b\[5m'"
"$H" show "$(printf -- '--\033[31m')" "$T/bidi" >/dev/null 2>"$T/err"
errcheck err-bad-option 2 $? "unknown option '--\\\\x1b\[31m'"
"$H" summary "$(printf -- '-\033')" "$T/bidi" >/dev/null 2>"$T/err"
errcheck err-bad-short-option 2 $? "unknown option '-\\\\x1b'"
"$H" threads --from >/dev/null 2>"$T/err"
errcheck err-missing-value 2 $? "option '--from' needs a value"
"$H" show --raw=1 "$T/bidi" >/dev/null 2>"$T/err"
errcheck err-no-value 2 $? "option '--raw' takes no value"
# ---- end of display spoofing ----

# ---- a log written without the GC, scheduler and spark classes (as +RTS
# -l-au writes it: tests/fixtures/derived/threaded-user.eventlog, the
# threaded log stripped to its user and capability events): the figures it
# cannot give are said to be unknown, not zero ----
U=$F/derived/threaded-user.eventlog
if have "$U"; then
	"$H" summary "$U" >"$T/out" 2>"$T/err"
	check user-only-summary 0 $? '^  No GC or heap events in this log' "$T/out"
	check user-only-summary-head 0 0 ', 4 capabilities, no GC events$' "$T/out"
	n=$((n + 1))
	if grep -q 'bytes allocated in\|colls,\|Productivity\|MUT     time' "$T/out"; then
		echo "cli: user-only-summary: a figure the log does not hold was printed"
		fails=$((fails + 1))
	fi
	"$H" summary --tsv "$U" >"$T/out" 2>"$T/err"; check user-only-tsv 0 $?
	for k in collections allocated_bytes copied_bytes max_memory_in_use_bytes gen0_collections \
		mut_elapsed_ns gc_elapsed_ns productivity; do
		same "user-only-tsv-$k" "$(printf '%s\t' "$k")" "$(grep "^$k	" "$T/out")"
	done
	# a whole run's timestamps count from the RTS's start: Total runs to
	# the last event, as show's times give it, not from the first (issue
	# 20: on ghc910-user-only, last - first falls 4 ms short of +RTS -s)
	want=$("$H" show "$U" | awk -F: '/^Events:/ { on = 1; next }
		on && /^ *[0-9]+:/ { z = $1 + 0 } END { print z }')
	same user-only-tsv-total "$want" "$(awk -F '\t' '$1 == "total_elapsed_ns" { print $2 }' "$T/out")"
	# ... and is not the RTS's, which the log does not hold; nor are its
	# TASKS (threaded RTS) and the CPU times
	"$H" summary "$U" >"$T/out" 2>"$T/err"
	check user-only-summary-total 0 $? '^  Total   time .*not in the log' "$T/out"
	check user-only-summary-tasks 0 0 '^  TASKS: not in the log' "$T/out"
	check user-only-summary-cpu 0 0 'CPU times are not in the log' "$T/out"
	"$H" sparks "$U" >"$T/out" 2>"$T/err"
	check user-only-sparks 0 $? 'its RTS is threaded, but the log was written without the spark class' "$T/err"
	"$H" sparks $F/nonthreaded.eventlog >"$T/out" 2>"$T/err"
	check nonthreaded-sparks 0 $? 'its RTS is not threaded' "$T/err"
fi

# ---- heap censuses: every census sample of the log, against show's text
# (the .hp oracle comes with the profile fixtures) ----
for f in $F/prof.eventlog $F/prof-hy.eventlog $F/heap-hT.eventlog; do
	have "$f" || continue
	"$H" show "$f" | awk '/: heap prof sample [0-9]+, residency [0-9]+, / {
		sub(/.*, residency /, ""); sub(/,.*/, ""); n++; s += $0 }
		END { printf "%d %.0f\n", n, s }' >"$T/want"
	"$H" heap --tsv "$f" >"$T/out" 2>"$T/err"
	check "heap-tsv-$(basename "$f")" 0 $?
	tail -n +2 "$T/out" | awk -F '\t' '{ n++; s += $3 } END { printf "%d %.0f\n", n, s }' >"$T/got"
	n=$((n + 1))
	cmp -s "$T/want" "$T/got" || { echo "cli: heap-tsv $(basename "$f"): $(cat "$T/got"), show says $(cat "$T/want")"; fails=$((fails + 1)); }
	n=$((n + 1))
	[ "$(cat "$T/want")" != "0 0" ] || { echo "cli: heap-tsv $(basename "$f"): no census in show's text"; fails=$((fails + 1)); }
done
"$H" heap $F/threaded.eventlog >"$T/out" 2>&1
check heap-none 0 $? "no heap profile in this log" "$T/out"
# heap's text gives bytes with a unit, as the pane does (they were raw
# integers); --tsv keeps the integers (above)
if have $F/modern/ghc910-heap-hT.eventlog; then
	"$H" heap --top 2 $F/modern/ghc910-heap-hT.eventlog >"$T/out" 2>&1
	check heap-units 0 $? '^  15.8MB   10.4MB       1.625s  ghc-prim:GHC.Types.:$' "$T/out"
	check heap-units-2 0 0 '^  2.97MB   1.89MB       1.625s  ghc-prim:GHC.Types.I#$' "$T/out"
fi

# ---- the cost-centre profile: its tree, flat list and folded stacks, each
# against a reference from show's text (ticks whose innermost cost centre
# is not a built-in one; with --cap, only that capability's) ----
for f in $F/profile-hc.eventlog $F/prof.eventlog; do
	have "$f" || continue
	b=$(basename "$f")
	for cap in all 0 1; do
		copt= awkcap=-1
		[ "$cap" = all ] || { copt="--cap $cap"; awkcap=$cap; }
		"$H" show "$f" | awk -v cap="$awkcap" '
			/: cost centre [0-9]+ .* at <built-in>$/ { split($0, a, " "); builtin[a[4]] = 1 }
			/: cap no [0-9]+, prof sample [0-9]+, cost centre stack/ {
				c = $4; sub(/,/, "", c)
				if (cap >= 0 && c != cap) next
				s = $0; sub(/.*cost centre stack ?/, "", s); split(s, ids, ", ")
				if (s != "" && (ids[1] in builtin)) out++; else n++ }
			END { printf "%d %d\n", n, out }' >"$T/want"
		# shellcheck disable=SC2086
		"$H" profile --tsv $copt "$f" >"$T/tree" 2>"$T/err"
		check "profile-tree-$b-$cap" 0 $?
		# shellcheck disable=SC2086
		"$H" profile $copt "$f" | head -1 | awk '{ sub(/^\(/, "", $3); print $1, $3 }' >"$T/head"
		# shellcheck disable=SC2086
		"$H" profile --folded $copt "$f" | awk '{ s += $NF } END { print s + 0 }' >"$T/fold"
		# shellcheck disable=SC2086
		"$H" profile --flat --tsv $copt "$f" | awk -F '\t' 'NR > 1 { s += $4 } END { print s + 0 }' >"$T/flat"
		root=$(awk -F '\t' 'NR == 2 && $1 == 0 { print $6 }' "$T/tree")
		want=$(cut -d' ' -f1 "$T/want")
		[ "$cap" = all ] && want_all=$want
		for got in "$root" "$(cat "$T/fold")" "$(cat "$T/flat")" "$(cut -d' ' -f1 "$T/head")"; do
			n=$((n + 1))
			[ -n "$want" ] && [ "$got" = "$want" ] ||
				{ echo "cli: profile $b cap $cap: $got ticks, show's text says $want"; fails=$((fails + 1)); }
		done
		n=$((n + 1))
		[ "$(cut -d' ' -f2 "$T/head")" = "$(cut -d' ' -f2 "$T/want")" ] ||
			{ echo "cli: profile $b cap $cap: $(cut -d' ' -f2 "$T/head") left out, show says $(cut -d' ' -f2 "$T/want")"; fails=$((fails + 1)); }
	done
	n=$((n + 1))
	[ "$want_all" -gt 0 ] || { echo "cli: profile $b: no ticks in show's text"; fails=$((fails + 1)); }
done
"$H" profile --flat --folded $F/prof.eventlog >/dev/null 2>"$T/err"
errcheck profile-flat-folded 2 $? "--flat, --folded and --speedscope: choose one"
# a log without a time profile: an error (as --speedscope's), each form,
# not a tree of zeros with exit 0; what the log has instead is named
for o in "" --flat --folded --tsv "--flat --tsv"; do
	# shellcheck disable=SC2086
	"$H" profile $o $F/threaded.eventlog >"$T/out" 2>"$T/err"
	errcheck "profile-none$o" 1 $? "threaded.eventlog: no time profile in this log: run a profiled build with +RTS -p -l\$"
	same "profile-none$o-nothing-out" "" "$(cat "$T/out")"
done
M=$F/modern
if have $M/ghc910-heap-hT.eventlog && have $M/ghc910-prof-hc.eventlog; then
	"$H" profile $M/ghc910-heap-hT.eventlog >"$T/out" 2>"$T/err"
	errcheck profile-none-heap 1 $? "no time profile in this log: .* (it has a heap profile: hectic heap)"
	"$H" profile $M/ghc910-prof-hc.eventlog >"$T/out" 2>"$T/err"
	check profile-hc 0 $?
fi

# a header followed by garbage: every report prints what it read, warns
# with the byte offset where reading stopped, as show does, and exits 1
# (the data could not be read); a log cut by a killed program exits 0
printf 'hdrbhetbhetehdredatbgarbage, not events' >"$T/garbage0"
datb=$(grep -boa datb $F/threaded.eventlog | head -1 | cut -d: -f1)
{ head -c $((datb + 4)) $F/threaded.eventlog; printf 'garbage, not events'; } >"$T/garbage1"
for g in garbage0:20:26465 garbage1:$((datb + 4)):26465; do
	gf=$T/${g%%:*} at=${g#*:}
	"$H" show "$gf" >/dev/null 2>"$T/err"
	errcheck "show-${g%%:*}" 1 $? "byte ${at%:*}: event type ${at#*:} is not declared in the header"
	for c in summary gcs markers threads activity heap profile spans sparks; do
		"$H" $c "$gf" >"$T/out" 2>"$T/err"
		errcheck "$c-${g%%:*}" 1 $? "${g%%:*}: byte ${at%:*}: event type ${at#*:} is not declared in the header; cannot read past it"
	done
done
"$H" summary "$T/garbage1" >"$T/out" 2>/dev/null
check summary-garbage-printed 1 $? "0 capabilities" "$T/out"
if have $F/killed-cut.eventlog; then
	"$H" summary $F/killed-cut.eventlog >/dev/null 2>"$T/err"
	errcheck summary-killed-cut 0 $? "truncated at byte [0-9]*: last event incomplete"
fi

echo "cli: $n checks, $fails failed"
[ "$fails" -eq 0 ]
