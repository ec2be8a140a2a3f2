#!/bin/sh
# The test runner (issue 45): every suite against the build in BUILD (build
# or build-san), side by side, J at a time, each suite's output kept
# together; ends with one line "N passed, N failed". Exit status 1 when
# anything failed.
#
#   sh tests/run.sh [-j J] [BUILD] [PATTERN...]   run the suites (all, or
#                                  those whose name matches a PATTERN, a
#                                  shell glob: 'sql*', push-26)
#   sh tests/run.sh --list [BUILD] [PATTERN...]   name them, with what they
#                                  share and the seconds each took last time
#   sh tests/run.sh --covers FILE  the patterns of the suites that cover the
#                                  source file FILE (tests/covers.txt's map;
#                                  exit 1 when no line names it)
#
# make check runs it (J: make check J=1; T: make check T='sql*').
# J defaults to the number of cores. The longest suites (by the times of
# the last run, BUILD/test-times; in a new clone, those of a sanitizer run
# kept in tests/suite-times.txt) start first. A suite's output is printed
# when it ends: a passing suite's last line, a failing one's whole.
#
# Suites that share something say so in the table below (its second
# column, comma-separated; - for none), and no two suites holding the same
# name run at once:
#   hrun    hectic run's folders, ${TMPDIR:-/tmp}/hectic-run-* (run-prog.sh
#           counts them)
#   timing  a bound on how long something takes, or a signal sent at a
#           moment: kept from each other, so that two never load the
#           2 cores at once
#   heavy   a suite that keeps both cores busy by itself (Chromium, SQLite
#           over a 60 MB log): one at a time
# A suite that exits 77 is skipped: said, and counted neither way.
set -u
J=
list=0
while [ $# -gt 0 ]; do
	case $1 in
	-j) J=${2:?tests/run.sh: -j needs a number}; shift 2 ;;
	-j*) J=${1#-j}; shift ;;
	--list) list=1; shift ;;
	--covers)
		# the patterns of every line of tests/covers.txt whose glob matches
		f=${2:?tests/run.sh: --covers needs a source file}
		pats=$(awk '!/^#/ && NF' "$(dirname "$0")/covers.txt" | while read -r glob rest; do
			# shellcheck disable=SC2254
			case $f in $glob) echo "$rest" ;; esac
		done | tr ' ' '\n' | awk 'NF && !seen[$0]++' | tr '\n' ' ')
		if [ -z "$pats" ]; then
			echo "tests/run.sh: no line of tests/covers.txt covers $f" >&2
			exit 1
		fi
		echo "${pats% }"
		exit 0
		;;
	--) shift; break ;;
	-*) echo "tests/run.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
B=${1:-build}
[ $# -gt 0 ] && shift
HECTIC=$B/hectic
export HECTIC B
if [ "$list" = 0 ] && [ ! -x "$HECTIC" ]; then
	# (a pattern given first, tests/run.sh budget, would else run every
	# suite against a build that is not there)
	echo "tests/run.sh: no $HECTIC: the build folder comes first (tests/run.sh build budget); make builds it" >&2
	exit 2
fi
[ -n "$J" ] || J=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
case $J in '' | *[!0-9]* | 0) echo "tests/run.sh: J must be a number of jobs, 1 or more: $J" >&2; exit 2 ;; esac

# ---- the suites: NAME SHARES COMMAND (run by sh -c, in the repository,
# with HECTIC and B set) ----
suites() {
	cat <<'EOF'
# every command and library the suites use is there (tools/deps.sh names
# what is missing and its package)
tools - sh tools/deps.sh verify
# the layers include and read only what they may
layering - sh tools/check-layering.sh
# the program's shape: no circle of calling files, no .c over 800 lines,
# no function over 100 (issues 18, 36); and that check on small trees
structure - sh tools/check-structure.sh "$B"
check-structure-self - sh tests/check-structure.sh "$B"
# the suites' own shapes (issue 37); and that lint on good and bad scripts
check-tests - sh tools/check-tests.sh
check-tests-self - sh tests/check-tests.sh
# nothing reads a path outside the repository (issue 42)
check-outside - sh tests/check-outside.sh
# cmocka unit suites, one binary per tests/unit/test_*.c
unit - sh tests/checks.sh unit "$B"
# every prefix of a real log decodes without a crash, leak or over-read
truncate - sh tests/checks.sh truncate "$B"
# the fuzz regression inputs and the fixtures through each fuzz target
fuzz-replay - sh tests/checks.sh fuzz-replay "$B"
# hectic show byte-identical to ghc-events' text (tests/oracle/README.md)
golden - sh tests/checks.sh golden "$B"
golden-modern - sh tests/checks.sh golden-modern "$B"
# command-line behaviour and bad input
cli - sh tests/cli.sh "$HECTIC"
# the shell completions against --help, in bash, zsh and fish (issue 22)
completions - sh tests/completions.sh "$B"
activity - sh tests/activity.sh "$HECTIC"
threads-window - sh tests/threads-window.sh "$HECTIC"
# hectic sql: its tables against the reports and show, the pushdown, the
# refusals of a read-only connection (issues 34, 43)
sql - sh tests/sql.sh "$HECTIC"
sql-db - sh tests/sql-db.sh "$HECTIC"
sql-push - sh tests/sql-push.sh "$HECTIC"
sql-pushdown - sh tests/sql-pushdown.sh "$HECTIC"
sql-tables heavy sh tests/sql-tables.sh "$HECTIC"
sql-window heavy sh tests/sql-window.sh "$HECTIC"
# hectic push into a real ClickHouse server of the suite's own, against
# hectic sql (issues 35, 43): Debian's 18.16, then ClickHouse 26 (chDB's
# library, issue 44)
push - sh tests/push.sh "$HECTIC"
push-fail timing sh tests/push-fail.sh "$HECTIC"
push-follow - sh tests/push-follow.sh "$HECTIC"
fleet - sh tests/fleet.sh "$HECTIC"
push-26 - HECTIC_CH=26 sh tests/push.sh "$HECTIC"
push-fail-26 timing HECTIC_CH=26 sh tests/push-fail.sh "$HECTIC"
push-follow-26 - HECTIC_CH=26 sh tests/push-follow.sh "$HECTIC"
fleet-26 - HECTIC_CH=26 sh tests/fleet.sh "$HECTIC"
# hectic push against a bad server of the suite's own (issue 43)
push-server timing sh tests/push-server.sh "$HECTIC"
# a log written without some event classes says what it cannot give
absent - sh tests/absent.sh "$HECTIC"
# hectic heap and heap --hp against GHC's own .hp files (issues 10, 22, 45)
heap-hp - sh tests/heap-hp.sh "$HECTIC"
hp - sh tests/hp.sh "$HECTIC"
heap-window - sh tests/heap-window.sh "$HECTIC"
# hectic summary against the program's own +RTS -s (issue 20)
summary-rts - sh tests/summary-rts.sh "$HECTIC"
# no figure depends on a memory budget (issue 43)
budget - sh tests/budget.sh "$HECTIC"
# hectic diff against each run's figures and GHC's own files (issues 21, 32)
diff - sh tests/diff.sh "$HECTIC"
diff-oracle - sh tests/diff-oracle.sh "$HECTIC"
diff-names - sh tests/diff-names.sh "$HECTIC"
# hectic doctor against ghc-events' text and the RTS's +RTS -s on programs
# with known problems (issue 47)
doctor - sh tests/doctor.sh "$HECTIC"
# hectic profile against GHC's own .prof files (issue 32)
profile-prof - sh tests/profile-prof.sh "$HECTIC"
profile-ticks - sh tests/profile-ticks.sh "$HECTIC"
# profile --speedscope against speedscope's schema; speedscope itself in
# headless Chromium (issue 22)
speedscope - sh tests/speedscope.sh "$HECTIC"
speedscope-browser heavy sh tests/speedscope-browser.sh "$HECTIC"
# hectic ticky against GHC's own +RTS -r report (issue 20)
ticky - sh tests/ticky.sh "$HECTIC"
crafted - sh tests/crafted.sh "$HECTIC"
# hectic export --chrome read back by jq (issue 22)
chrome-trace - sh tests/chrome-trace.sh "$HECTIC"
# the caps table and each collection's capabilities against ghc-events'
# text (issue 45)
gc-caps - sh tests/gc-caps.sh "$HECTIC"
# OUT replaced only when whole; every writer's OUT through one check
export-out timing sh tests/export-out.sh "$HECTIC"
outfile - sh tests/outfile.sh "$HECTIC"
# the memory promise on every crafted shape and fixture (a sanitizer
# build cannot be measured: 77, skipped)
memory timing sh tests/memory.sh "$HECTIC"
# hectic spans against user events paired from show's text (issue 12)
spans - sh tests/spans.sh "$HECTIC"
# every input kind gives what the file gives, whole or cut (issue 11)
live timing sh tests/live.sh "$B"
# the viewer end to end, each suite in a tmux server of its own
e2e - sh tests/e2e/run.sh "$HECTIC"
e2e-pager - sh tests/e2e/pager.sh "$HECTIC"
e2e-heap - sh tests/e2e/heap.sh "$HECTIC"
e2e-profile - sh tests/e2e/profile.sh "$HECTIC"
e2e-ticky - sh tests/e2e/ticky.sh "$HECTIC"
e2e-live timing sh tests/e2e/live.sh "$HECTIC"
e2e-flush timing sh tests/e2e/flush.sh "$HECTIC"
e2e-threads - sh tests/e2e/threads.sh "$HECTIC"
e2e-gutter - sh tests/e2e/gutter.sh "$HECTIC"
e2e-gc-histogram - sh tests/e2e/gc_histogram.sh "$HECTIC"
e2e-absent - sh tests/e2e/absent.sh "$HECTIC"
e2e-two - sh tests/e2e/two.sh "$HECTIC"
e2e-lanes-share - sh tests/e2e/lanes-share.sh "$HECTIC"
e2e-compare-sparks - sh tests/e2e/compare-sparks.sh "$HECTIC"
e2e-compare-ticky - sh tests/e2e/compare-ticky.sh "$HECTIC"
e2e-compare-spans - sh tests/e2e/compare-spans.sh "$HECTIC"
e2e-compare-threads - sh tests/e2e/compare-threads.sh "$HECTIC"
e2e-compare-gc hrun sh tests/e2e/compare-gc.sh "$HECTIC"
e2e-compare-profile - sh tests/e2e/compare-profile.sh "$HECTIC"
e2e-compare-heap - sh tests/e2e/compare-heap.sh "$HECTIC"
# q, Ctrl-C and signals end every long step (issue 17); hectic run's
# program and its process group stopped on every way the viewer ends
e2e-interrupt timing sh tests/e2e/interrupt.sh "$HECTIC"
run-prog hrun,timing sh tests/run-prog.sh "$HECTIC"
e2e-session - sh tests/e2e/session.sh "$HECTIC"
e2e-hints - sh tests/e2e/hints.sh "$HECTIC"
e2e-help - sh tests/e2e/help.sh "$HECTIC"
# every panel and pane after a resize and after Ctrl-L (issue 48)
e2e-redraw - sh tests/e2e/redraw.sh "$HECTIC"
e2e-sql-prompt - sh tests/e2e/sql-prompt.sh "$HECTIC"
e2e-loading timing sh tests/e2e/loading.sh "$HECTIC"
e2e-phases - sh tests/e2e/phases.sh "$HECTIC"
e2e-sql-pane - sh tests/e2e/sql-pane.sh "$HECTIC"
e2e-findings - sh tests/e2e/findings.sh "$HECTIC"
# every column of hectic sql --schema named with the suite and check
# that compares it with GHC's files or ghc-events' text (issue 45)
columns - sh tests/columns.sh "$HECTIC"
# the man page: lint, NAME (issue 37), KEYS and rc options from keymaps/
man-lint - sh tests/checks.sh man-lint "$B"
man-name - sh tests/man-name.sh
man-keys - sh tests/checks.sh man-keys "$B"
EOF
}

R=$(mktemp -d "${TMPDIR:-/tmp}/hectic-run.XXXXXX")
trap 'rm -rf "$R"' EXIT
TIMES=$B/test-times

# the table, numbered: $R/list holds "I NAME SHARES" (those the patterns
# pick), $R/cmd.I the command
suites | awk '!/^#/ && NF' >"$R/table"
n=0
while read -r name shares cmd; do
	pick=$#
	for p in "$@"; do
		# shellcheck disable=SC2254
		case $name in $p) pick=0 ;; esac
	done
	[ "$pick" = 0 ] || continue
	n=$((n + 1))
	printf '%s\n' "$cmd" >"$R/cmd.$n"
	echo "$n $name $shares" >>"$R/list"
done <"$R/table"
if [ "$n" = 0 ]; then
	echo "tests/run.sh: no suite matches:$(printf ' %s' "$@")" >&2
	exit 2
fi

# (a build with no run yet orders by the times kept in the repository)
ORDER_TIMES=$TIMES
[ -f "$ORDER_TIMES" ] || ORDER_TIMES=tests/suite-times.txt
last_time() { # NAME: its seconds in the last run, or empty
	[ -f "$ORDER_TIMES" ] && awk -v n="$1" '$1 == n { t = $2 } END { if (t != "") print t }' "$ORDER_TIMES"
}

if [ "$list" = 1 ]; then
	while read -r i name shares; do
		printf '%-22s %6s s  %s\n' "$name" "$(last_time "$name" || echo "?")" "$shares"
	done <"$R/list"
	exit 0
fi

# the order they start in: the longest last time first (an unknown one as
# 1000 s), then the table's order
while read -r i name shares; do
	t=$(last_time "$name")
	echo "${t:-1000} $i $name $shares"
done <"$R/list" | sort -k1,1nr -k2,2n >"$R/order"

pass=0 fail=0 skipped="" failed=""
held=" "    # the shares the running suites hold
running=" " # their numbers
nrun=0
t_all=$(date +%s)
: >"$R/took"

can_start() { # SHARES: none of them held
	[ "$1" = - ] && return 0
	for _s in $(echo "$1" | tr ',' ' '); do
		case $held in *" $_s "*) return 1 ;; esac
	done
	return 0
}

start() { # I NAME SHARES
	(
		_t0=$(date +%s)
		sh -c "$(cat "$R/cmd.$1")" </dev/null >"$R/out.$1" 2>&1
		_rc=$?
		echo "$_rc $(($(date +%s) - _t0))" >"$R/done.$1.tmp"
		mv "$R/done.$1.tmp" "$R/done.$1"
	) &
	running="$running$1 "
	nrun=$((nrun + 1))
	[ "$3" = - ] || held="$held$(echo "$3" | tr ',' ' ') "
	echo "$1 $2 $3" >"$R/run.$1"
}

finish() { # I: its output, its verdict
	read -r _i _name _shares <"$R/run.$1"
	read -r _rc _t <"$R/done.$1"
	running=$(echo "$running" | sed "s/ $1 / /")
	nrun=$((nrun - 1))
	for _s in $(echo "$_shares" | tr ',' ' '); do
		[ "$_s" = - ] || held=$(echo "$held" | sed "s/ $_s / /")
	done
	echo "$_name $_t" >>"$R/took"
	case $_rc in
	0)
		pass=$((pass + 1))
		echo "ok   $_name (${_t} s): $(tail -1 "$R/out.$1")"
		;;
	77)
		skipped="$skipped $_name"
		echo "SKIP $_name (${_t} s): $(tail -1 "$R/out.$1")"
		;;
	*)
		fail=$((fail + 1))
		failed="$failed $_name"
		echo "---- $_name: its output ----"
		cat "$R/out.$1"
		echo "FAIL $_name (${_t} s, exit $_rc)"
		;;
	esac
}

echo "tests/run.sh: $n suites against $B, $J at a time"
cp "$R/order" "$R/pending"
while [ -s "$R/pending" ] || [ "$nrun" -gt 0 ]; do
	# start what may start, in order
	: >"$R/pending.next"
	while read -r t i name shares; do
		if [ "$nrun" -lt "$J" ] && can_start "$shares"; then
			start "$i" "$name" "$shares"
		else
			echo "$t $i $name $shares" >>"$R/pending.next"
		fi
	done <"$R/pending"
	mv "$R/pending.next" "$R/pending"
	# then wait for one to end
	ended=0
	while [ "$ended" = 0 ] && [ "$nrun" -gt 0 ]; do
		for i in $running; do
			if [ -f "$R/done.$i" ]; then
				finish "$i"
				ended=1
			fi
		done
		[ "$ended" = 1 ] || sleep 0.2
	done
done
wait

# the times, for the next run's order and --list (kept for suites not run)
if [ -f "$TIMES" ]; then
	awk 'NR == FNR { new[$1] = 1; print; next } !($1 in new)' "$R/took" "$TIMES" >"$R/times"
else
	cp "$R/took" "$R/times"
fi
cp "$R/times" "$TIMES" 2>/dev/null || echo "tests/run.sh: could not write $TIMES"

echo
echo "took $(($(date +%s) - t_all)) s in all, $J at a time; the slowest:"
sort -k2,2nr "$R/took" | head -10 | awk '{ printf "  %-22s %5d s\n", $1, $2 }'
[ -n "$skipped" ] && echo "skipped (counted neither way):$skipped"
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
