#!/bin/sh
# End-to-end tests of the gutter (issue 33): the label columns left of the
# time plots are as wide as the labels on screen want, up to a third of
# the width, and the ruler, the lanes and the pane's rows share the one
# time axis right of them. On the thread rows pane (R) of one log and of
# two, at 80x24 and 160x50 (and 45x24, where a third is too narrow): each
# row's thread id and label whole when they fit, else cut so that no two
# different labels read the same; the gutter the widest and a blank, at
# most a third; the ruler's ticks read right at the frame's gutter
# (ruler.awk), and the cursor's column in the lanes is the gutter plus the
# cursor's column on the axis (HECTIC_DEBUG_WINDOW). The labels and
# threads are read from ghc-events' text of the logs (the fixtures'
# oracles), not from hectic; tests/fixtures/derived's labels log keeps its
# original's label events to the byte.
# Usage: tests/e2e/gutter.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/gutter.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux awk sed sort; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-gutter: $t not found (tools/deps.sh names its package)"
		echo "e2e-gutter: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}
M=tests/fixtures/modern
LABELS=tests/fixtures/derived/ghc96-threaded-labels.eventlog
READY='events: '

# threads SHOW LETTER [labelled]: "KEY<TAB>LABEL" of each thread of a log
# from ghc-events' text, KEY its run's letter (none: "") and id: the
# threads created or labelled (labelled: those labelled only, as a log
# without scheduler events knows its threads), one byte a character
threads() {
	one_byte "$1" | awk -v r="$2" -v only="${3:-}" '
		/: creating thread [0-9]+$/ { if (!($NF in lab)) lab[$NF] = "" }
		/: thread [0-9]+ has label "/ {
			l = $0; sub(/.* has label "/, "", l); sub(/"$/, "", l)
			id = $0; sub(/ has label ".*/, "", id); sub(/.* thread /, "", id)
			lab[id] = l
		}
		END { for (id in lab) if (only == "" || lab[id] != "") print r id "\t" lab[id] }' |
		sort
}

# want_gutter COLS FILE...: the widest "KEY LABEL" of the threads and a
# blank, within 8 .. COLS / 3
want_gutter() {
	c=$1
	shift
	cat "$@" | awk -F '\t' -v cols="$c" '
		{ w = length($1) + ($2 != "" ? 1 + length($2) : 0); if (w > m) m = w }
		END { g = m + 1; if (g > int(cols / 3)) g = int(cols / 3); if (g < 8) g = 8; print g }'
}

# rows_ok NAME HOW FILE...: the pane's rows (the screen now) against the
# threads of FILE: each row's gutter (the frame's, less its blank) reads
# its key and label whole when they fit; else its key and a cut of the
# label, an ellipsis where it was cut; two rows of different labels never
# read the same. HOW: whole (no row cut), cut (at least one), any. At
# least 5 rows.
rows_ok() {
	rn=$1 rhow=$2
	shift 2
	capture
	cat "$@" >"$E2E_T/want-rows"
	if one_byte | awk -F '\t' -v g="$(win_field 9)" -v how="$rhow" '
		NR == FNR { lab[$1] = $2; known[$1] = 1; next }
		/^threads / { on = 1; next }
		on && /^[AB]?[0-9]+( |$)/ {
			k = $0; sub(/ .*/, "", k)
			if (!(k in known)) { printf "row %s: no such thread\n", k; bad++; next }
			got = substr($0, 1, g - 1); sub(/ +$/, "", got)
			if (substr($0, g, 1) != " ") { printf "row %s: column %d not blank\n", k, g; bad++ }
			rows++
			whole = lab[k] == "" ? k : k " " lab[k]
			if (length(whole) <= g - 1) {
				if (got != whole) { printf "row %s: got \"%s\", want \"%s\" (it fits)\n", k, got, whole; bad++ }
				shown = lab[k]
			} else {
				cut++
				if (index(got, k " ") != 1) { printf "row %s: got \"%s\"\n", k, got; bad++; next }
				shown = substr(got, length(k) + 2)
				core = shown; lead = sub(/^~/, "", core); trail = sub(/~$/, "", core)
				p = index(lab[k], core)
				if (core == "" || !p || (p > 1) != (lead > 0) ||
				    (p + length(core) - 1 < length(lab[k])) != (trail > 0)) {
					printf "row %s: \"%s\" is not a cut of \"%s\"\n", k, shown, lab[k]; bad++ }
			}
			if (lab[k] != "" && (shown in seen) && seen[shown] != lab[k]) {
				printf "rows of \"%s\" and \"%s\" both read \"%s\"\n", seen[shown], lab[k], shown; bad++ }
			if (lab[k] != "")
				seen[shown] = lab[k]
		}
		END {
			if (rows < 5) { print rows + 0 " rows"; bad++ }
			if (how == "whole" && cut) { print cut " rows cut"; bad++ }
			if (how == "cut" && !cut) { print "no row cut"; bad++ }
			exit bad > 0
		}' "$E2E_T/want-rows" - >"$E2E_T/rows-out"; then pass; else fail "$rn" "$(cat "$E2E_T/rows-out")"; fi
}

# cursor_ok NAME: the cursor's column in the lanes is the frame's gutter
# plus the cursor's column on the axis: of the activity graph's row of
# each run ("util", or the run's letter and name), that cell is reversed
# and no other; of each lane's top row ("cap N"), that cell is reversed
# (the running threads' labels on a lane are reversed too)
cursor_ok() {
	capture
	cells
	set -- "$1" $(window)
	want=$((${10} + $8))
	if [ "$8" -ge 0 ] && awk -F '\t' -v want="$want" '
		NR == FNR {
			if (/^threads / && !top) top = FNR - 1
			if (/^(util|[AB]) /) util[FNR - 1] = 1
			if (/^cap [0-9]+/) cap[FNR - 1] = 1
			next
		}
		$1 >= top { next }
		($1 in util) && $5 ~ /r/ { nu[$1]++; if ($2 != want) { printf "row %d: reversed at column %d\n", $1, $2; bad++ } }
		($1 in cap) && $2 == want && $5 ~ /r/ { nc[$1]++ }
		END {
			for (r in util) if (r + 0 < top) { u++; if (nu[r] != 1) { printf "row %d: %d cursor cells\n", r, nu[r]; bad++ } }
			for (r in cap) if (r + 0 < top) { c++; if (!nc[r]) { printf "row %d: column %d not reversed\n", r, want; bad++ } }
			if (!u || c < 2) { printf "%d activity rows, %d lanes\n", u, c; bad++ }
			exit bad > 0
		}' "$E2E_SCREEN" "$E2E_CELLS" >"$E2E_T/cursor-out"; then pass; else
		fail "$1" "cursor column $8, gutter ${10}: $(cat "$E2E_T/cursor-out")"
	fi
}

# screen_ok NAME W H HOW THREADS...: the pane of the log (or logs) started,
# at W x H: the gutter's width, the rows, the ruler and the cursor
screen_ok() {
	n=$1 w=$2 h=$3 how=$4
	shift 4
	eq "$n-gutter" "$(win_field 9)" "$(want_gutter "$w" "$@")"
	rows_ok "$n-rows" "$how" "$@"
	ruler_ok "$n-ruler" 3
	cursor_ok "$n-cursor"
}

# ---- one log: threads known by their labels ----
threads "$M/ghc96-threaded.oracle.show" "" labelled >"$E2E_T/labels"
[ "$(wc -l <"$E2E_T/labels")" -ge 15 ] && pass || fail labels-fixture "$(cat "$E2E_T/labels")"
for size in 160x50:whole 80x24:whole 45x24:cut; do
	w=${size%%x*} h=${size#*x} how=${size#*:}
	h=${h%:*}
	start "$w" "$h" -- "$LABELS"
	check "one-$w-ready" "$READY|^cap 1 "
	keys :
	text 60ms
	keys Enter R
	check "one-$w-pane" '^threads 17, by creation'
	screen_ok "one-$w" "$w" "$h" "$how" "$E2E_T/labels"
	g=$(win_field 9)
	[ "$g" -le $((w / 3)) ] && pass || fail "one-$w-third" "gutter $g at $w columns"
	# the event list again: the least gutter
	keys R
	check_gone "one-$w-list" '^threads 17'
	settle
	eq "one-$w-list-gutter" "$(win_field 9)" 8
	keys q
	check_exit "one-$w-quit" 0
done

# ---- two logs: A's and B's threads, each with its run's letter ----
A=$M/ghc96-threaded.eventlog
B=$M/ghc910-threaded.eventlog
threads "$M/ghc96-threaded.oracle.show" A >"$E2E_T/a"
threads "$M/ghc910-threaded.oracle.show" B >"$E2E_T/b"
for size in 160x50 80x24; do
	w=${size%%x*} h=${size#*x}
	start "$w" "$h" -- "$A" "$B"
	check "two-$w-ready" "$READY"
	keys :
	text 60ms
	keys Enter R
	check "two-$w-pane" '^threads A [0-9]+, B [0-9]+, by'
	screen_ok "two-$w" "$w" "$h" any "$E2E_T/a" "$E2E_T/b"
	keys q
	check_exit "two-$w-quit" 0
done

echo "e2e-gutter: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
