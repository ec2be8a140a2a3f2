#!/bin/sh
# End-to-end tests of the messages the rc picks for the ruler (issue 33,
# item 5): GHC's "Compiling M" progress messages (tests/fixtures/phases:
# user messages, not markers) as ruler marks with `set ruler-messages`,
# and as phases with their names on a phases row with `set ruler-phases`.
# The picks' times and names come from `hectic show`'s text, the window
# from the debug window file, and phases.awk works out every pick's column
# from them (as ruler.awk does for the ticks), against a capture of the
# same window without the option. At 80x24 and 160x50, on the whole run
# and zoomed in to a window that opens inside a phase; and without the
# option, no marks and no row (phases.awk must find the screen wrong).
# Usage: tests/e2e/phases.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/phases.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux sed grep awk; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-phases: $t not found (tools/deps.sh names its package)"
		echo "e2e-phases: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

L=tests/fixtures/phases/ghc90-phases.eventlog
READY='events: '
eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}

# the picks, "TIME NAME", from show's text: the messages that read
# "Compiling M"
"$E2E_HECTIC" show "$L" >"$E2E_T/show" 2>&1
sed -n 's/^\([0-9][0-9]*\): cap [0-9][0-9]*: .*Compiling  *\([^ ][^ ]*\).*/\1 \2/p' \
	"$E2E_T/show" >"$E2E_T/picks"
eq picks-in-show "$(wc -l <"$E2E_T/picks" | tr -d ' ')" 6
grep -q ': marker: done$' "$E2E_T/show" && pass || fail marker-in-show "no marker 'done'"

for c in none phases messages; do mkdir -p "$E2E_T/cfg-$c/hectic"; done
: >"$E2E_T/cfg-none/hectic/hecticrc"
printf '%s\n' 'set ruler-phases Compiling[[:space:]]+([^[:space:]]+)' \
	>"$E2E_T/cfg-phases/hectic/hecticrc"
printf '%s\n' 'set ruler-messages Compiling' >"$E2E_T/cfg-messages/hectic/hecticrc"

# shot NAME W H CFG [KEY ...]: hectic on the log at WxH with the rc of
# CFG (and a session of its own), after the keys: the screen's cells into
# NAME.cells, the window into NAME.win; then q
shot() {
	sh_name=$1 sh_w=$2 sh_h=$3 sh_c=$4
	shift 4
	start "$sh_w" "$sh_h" XDG_CONFIG_HOME="$E2E_T/cfg-$sh_c" XDG_STATE_HOME="$E2E_T/state-$sh_name" -- "$L"
	if ! wait_for "$READY"; then
		fail "$sh_name-ready" "the log never showed"
		return
	fi
	for sh_k in "$@"; do
		keys "$sh_k"
		wait_change
	done
	capture
	LC_ALL=C awk -f tests/e2e/cells.awk "$E2E_SCREEN" >"$E2E_T/$sh_name.cells"
	window >"$E2E_T/$sh_name.win"
	keys q
	check_exit "$sh_name-quit" 0
}

# judge NAME PLAIN WANT_ROW [EXPECT]: phases.awk on NAME's screen, PLAIN's
# ruler; EXPECT fail: the check is that it finds the screen wrong
judge() {
	set -- "$1" "$2" "$3" "${4:-pass}" $(cat "$E2E_T/$1.win")
	if [ "$(cut -d' ' -f1-3 "$E2E_T/$1.win")" != "$(cut -d' ' -f1-3 "$E2E_T/$2.win")" ]; then
		fail "$1-same-window" "window $(cat "$E2E_T/$1.win"), without the option $(cat "$E2E_T/$2.win")"
		return
	fi
	out=$(LC_ALL=C awk -v t0="$5" -v t1="$6" -v plotw="$7" -v want_row="$3" -f tests/e2e/phases.awk \
		"$E2E_T/picks" "$E2E_T/$2.cells" "$E2E_T/$1.cells")
	st=$?
	[ "${E2E_VERBOSE:-0}" = 1 ] && printf '%s: %s\n' "$1" "$out"
	if [ "$4" = fail ]; then
		if [ $st -ne 0 ]; then pass; else fail "$1" "phases.awk found nothing wrong: $out"; fi
	elif [ $st -eq 0 ]; then
		pass
	else
		fail "$1" "$out"
	fi
}

for size in 80x24 160x50; do
	W=${size%x*} H=${size#*x}
	# the whole run
	shot "none-$size" "$W" "$H" none
	shot "phases-$size" "$W" "$H" phases
	shot "messages-$size" "$W" "$H" messages
	judge "phases-$size" "none-$size" 1
	judge "messages-$size" "none-$size" 0
	judge "none-$size" "none-$size" 0 fail # no marks without the option
	grep -q '	phases$' "$E2E_T/none-$size.cells" && fail "none-$size-row" "a phases row" || pass
	# at 150ms, zoomed in twice: the window opens inside a phase
	shot "zin-none-$size" "$W" "$H" none : 150ms Enter + +
	shot "zin-phases-$size" "$W" "$H" phases : 150ms Enter + +
	judge "zin-phases-$size" "zin-none-$size" 1
	t0=$(cut -d' ' -f1 "$E2E_T/zin-phases-$size.win")
	first=$(head -n 1 "$E2E_T/picks" | cut -d' ' -f1)
	if [ -n "$t0" ] && [ "$t0" -gt "$first" ]; then pass; else
		fail "zin-$size-inside" "the window starts at ${t0}ns, not after the first pick (${first}ns)"; fi
done

# two runs: the phases are the shown run's; B has no "Compiling" message,
# and Tab says so after saying which run the list shows, not instead
start 100 30 XDG_CONFIG_HOME="$E2E_T/cfg-phases" XDG_STATE_HOME="$E2E_T/state-two" -- \
	"$L" tests/fixtures/modern/ghc910-threaded.eventlog
wait_for "$READY"
grep -q '^phases ' "$E2E_SCREEN" && pass || fail two-a-row "no phases row with A shown"
keys Tab
check_status two-tab-run "the event list shows run B; ruler-phases: no message or marker matches"
check_gone two-b-no-row '^phases '
keys q
check_exit two-quit 0

echo "e2e-phases: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
