#!/bin/sh
# End-to-end tests of the viewer's SQL pane (issue 34, item 5): a query
# typed at the SQL prompt (Q) shows the rows `hectic sql` prints for it
# (the command is the reference: it is tested against the reports in
# tests/sql.sh); Enter puts the cursor at the selected row's time and n
# at the next row's (the status line's cursor), the time a column called
# time or else the first that is a moment of the registry (gcs.start, not
# gcs.pause), said; one without says so; the rows are marks on the
# ruler while the pane shows; an error (syntax, a refused write) is said
# in the pane; q stops a query that would run for ever, and the viewer
# lives on; Up recalls the queries before, and they outlive the viewer.
# The real binary in a detached tmux session, at 80x24 and at 160x50.
# Usage: tests/e2e/sql-pane.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/sql-pane.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux sed grep awk; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-sql-pane: $t not found (tools/deps.sh names its package)"
		echo "e2e-sql-pane: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

LOG=tests/fixtures/par-n4.eventlog
STATE=$E2E_T/state
READY='events: '
Q_EVENTS="SELECT time, name FROM events WHERE class='gc' LIMIT 5"
Q_PAUSES='SELECT start AS time, pause FROM gcs ORDER BY pause DESC LIMIT 5'
Q_STARTS='SELECT start AS time FROM gcs'
Q_START='SELECT start, pause FROM gcs ORDER BY pause DESC LIMIT 5'
Q_PAUSE='SELECT pause FROM gcs ORDER BY pause DESC LIMIT 5'
# 8 KB a row: about 260 rows in the pane's 2 MB
Q_BIG="SELECT time, $(for c in a b c d e f g h; do printf 'hex(zeroblob(500)) AS %s, ' $c; done)offset FROM events"
# for ever: the recursion has no end, and count(*) waits for it
Q_LONG='WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c'

# ask QUERY: typed at the SQL prompt, run
ask() {
	keys Q
	wait_status '^sql> ' || fail "prompt" "no sql> prompt after Q: $(status_line)"
	text "$1"
	keys Enter
}
# pane_rows N: the pane's header and its first N rows (the rows under its
# title), blanks squeezed, as the command's rows are below
pane_rows() {
	awk -v n="$1" 'found && k <= n { $1 = $1; print; k++ } /^sql: [0-9]+ rows? in / { found = 1 }' "$E2E_SCREEN"
}
# check_rows NAME QUERY N: the pane's rows are the command's
check_rows() {
	"$E2E_HECTIC" sql --escape "$LOG" "$2" | awk '{ $1 = $1; print }' >"$E2E_T/want"
	check "$1-title" "^sql: $3 rows in "
	pane_rows "$3" >"$E2E_T/got"
	if [ -s "$E2E_T/want" ] && cmp -s "$E2E_T/got" "$E2E_T/want"; then pass; else
		fail "$1" "the pane's rows are not hectic sql's: got $(tr '\n' '|' <"$E2E_T/got"), want $(tr '\n' '|' <"$E2E_T/want")"
	fi
}
# check_cursor NAME NS: the status line's cursor is NS, as it writes times
check_cursor() {
	tries=40
	while :; do
		capture
		set -- "$1" "$2" $(window)
		want=$(fmt_at "$2" "$4" $((($4 - $3) / $5)))
		got=$(status_line | sed -n 's/.*  cursor \([0-9.]*[a-z]*\) .*/\1/p')
		[ "$got" = "$want" ] && { pass; return; }
		tries=$((tries - 1))
		if [ "$tries" -le 0 ]; then
			fail "$1" "the cursor is at $got, not the row's time $want ($2 ns)"
			return
		fi
		sleep 0.05
	done
}
# ruler_marks: the marks of the rows on the ruler (the first row)
ruler_marks() { row 0 | grep -o '•' | wc -l; }

for size in "160 50" "80 24"; do
	set -- $size
	W=$1 H=$2
	sz=$W"x"$H
	rm -rf "$STATE"
	start "$W" "$H" XDG_STATE_HOME="$STATE" -- "$LOG"
	check "$sz-ready" "$READY"

	# a query: the command's rows
	ask "$Q_EVENTS"
	check_rows "$sz-events" "$Q_EVENTS" 5
	ask "$Q_PAUSES"
	check_rows "$sz-pauses" "$Q_PAUSES" 5
	# every collection's start as a mark on the ruler, while the pane shows
	ask "$Q_STARTS"
	check "$sz-starts" '^sql: 376 rows in '
	marks=$(ruler_marks)
	if [ "$marks" -ge 3 ]; then pass; else fail "$sz-ruler-marks" "$marks marks on the ruler: $(row 0)"; fi
	keys ';'
	check_gone "$sz-pane-hidden" '^sql: 376 rows'
	marks=$(ruler_marks)
	if [ "$marks" -eq 0 ]; then pass; else fail "$sz-ruler-unmarked" "$marks marks left with the pane hidden: $(row 0)"; fi
	keys ';'
	check "$sz-pane-again" '^sql: 376 rows'
	ask "$Q_PAUSES"
	check "$sz-pauses-again" '^sql: 5 rows'
	set -- $("$E2E_HECTIC" sql --tsv "$LOG" "$Q_PAUSES" | awk -F'\t' 'NR > 1 { print $1 }')
	# Enter: the first row's time; n: the next row's; N: back
	keys Enter
	check_cursor "$sz-enter" "$1"
	keys n
	check_cursor "$sz-next" "$2"
	keys n
	check_cursor "$sz-next2" "$3"
	keys N
	check_cursor "$sz-prev" "$2"

	# a time column not called time (issue 48): gcs.start, a moment of the
	# registry (pause, a duration, is not one); Enter and n go to the rows'
	# starts, as hectic gcs --tsv has them, and say the column
	ask "$Q_START"
	check "$sz-start" '^sql: 5 rows in '
	set -- $("$E2E_HECTIC" gcs --tsv "$LOG" | awk -F'\t' 'NR > 1 { print $3 "\t" $1 }' |
		sort -k1,1nr | head -5 | cut -f2)
	keys Enter
	check_cursor "$sz-start-enter" "$1"
	check_status "$sz-start-said" 'sql: row 1 of 5, its start at '
	# (n n: past the second row, where the query before left the cursor)
	keys n n
	check_cursor "$sz-start-next2" "$3"
	keys n
	check_cursor "$sz-start-next3" "$4"
	check_status "$sz-start-said3" 'sql: row 4 of 5, its start at '
	# no time column: said so (a duration is not a time)
	ask "$Q_PAUSE"
	check "$sz-pause" '^sql: 5 rows in '
	keys Enter
	check_status "$sz-no-time" 'sql: no time column to go to'
	ask 'SELECT pause / 1e6 AS ms FROM gcs LIMIT 3'
	check "$sz-ms" '^sql: 3 rows in '
	keys Enter
	check_status "$sz-no-time-expr" 'sql: no time column to go to'

	# errors in the pane
	ask 'SELEC time FROM events'
	check "$sz-syntax-title" '^sql: error: SELEC time FROM events'
	check "$sz-syntax" 'near "SELEC": syntax error \(column 1\)'
	ask "ATTACH '$E2E_T/new.db' AS f"
	check "$sz-attach" 'ATTACH refused: hectic sql only reads'
	ask 'DELETE FROM gcs'
	check "$sz-write" 'table gcs may not be modified'
	ask "SELECT * FROM nosuchtable"
	check "$sz-no-table" 'no such table: nosuchtable'

	# more rows than the pane keeps (2 MB of them: issue 43): paging past
	# the last row kept fetches the rows after it, the selection on the
	# same row of the result (Enter: its time), and back up the ones before
	ask "$Q_BIG"
	check "$sz-big" '^sql: rows 1-[0-9]+ of more in '
	n=0
	while [ "$n" -lt 300 ] && { capture; ! grep -Eq '^sql: rows [1-9][0-9]+-' "$E2E_SCREEN"; }; do
		keys C-d
		n=$((n + 1))
	done
	check "$sz-big-fetched" '^sql: rows [1-9][0-9]+-[0-9]+ of more in '
	keys Enter
	check_status "$sz-big-row" 'sql: row [0-9]+ of'
	k=$(status_line | sed -n 's/.*sql: row \([0-9]*\) of.*/\1/p')
	t=$("$E2E_HECTIC" sql --tsv "$LOG" "SELECT time FROM ($Q_BIG)" | sed -n "$((k + 1))p")
	if [ -n "$t" ] && [ "$k" -gt 100 ]; then check_cursor "$sz-big-cursor" "$t"; else
		fail "$sz-big-cursor" "row '$k' (past the first rows kept?), time '$t'"
	fi
	n=0
	while [ "$n" -lt 300 ] && { capture; ! grep -Eq '^sql: rows 1-' "$E2E_SCREEN"; }; do
		keys C-u
		n=$((n + 1))
	done
	check "$sz-big-back" '^sql: rows 1-[0-9]+ of more in '

	# q stops a query that would not end; the viewer lives on
	ask "$Q_LONG"
	check "$sz-busy" 'running the query: [0-9.]+ s  \(q stops it\)'
	t0=$(date +%s%N)
	keys q
	check "$sz-stopped" '^sql: stopped: WITH RECURSIVE'
	ms=$((($(date +%s%N) - t0) / 1000000))
	# (the check's own polling and tmux take part of it)
	if [ "$ms" -le 1000 ]; then pass; else fail "$sz-stopped-soon" "stopped $ms ms after q"; fi
	alive "$sz-alive"
	check "$sz-stopped-said" 'stopped: the query was interrupted'
	ask "$Q_EVENTS"
	check_rows "$sz-after-stop" "$Q_EVENTS" 5

	# history: Up the last query, Up again the one before
	keys Q
	wait_status '^sql> '
	keys Up
	check "$sz-history-up" "^sql> $Q_EVENTS"
	keys Up
	check "$sz-history-up2" '^sql> .*SELECT count\(\*\) FROM c *$'
	keys Down Down
	check "$sz-history-typed" '^sql> *$'
	keys Escape
	keys q
	check_exit "$sz-quit" 0
	# ... and after a restart
	start "$W" "$H" XDG_STATE_HOME="$STATE" -- "$LOG"
	check "$sz-ready-again" "$READY"
	keys Q
	wait_status '^sql> '
	keys Up
	check "$sz-history-kept" "^sql> $Q_EVENTS"
	keys Enter
	check_rows "$sz-history-run" "$Q_EVENTS" 5
	keys q
	check_exit "$sz-quit-again" 0
done

# a table's memory budget reached (600k span names, tests/tools/spangen.c):
# the pane says so on the status line, and nothing goes to standard error,
# which is under the screen
if ${CC:-cc} -std=c11 -O2 -o "$E2E_T/spangen" tests/tools/spangen.c &&
	"$E2E_T/spangen" fifo 600000 >"$E2E_T/spans.eventlog"; then
	start 80 24 -- "$E2E_T/spans.eventlog"
	check budget-ready "$READY"
	ask "SELECT count(*) FROM spans"
	check_status budget-said 'sql: the spans reached their memory budget; figures may be partial'
	keys Escape
	keys q
	check_exit budget-quit 0
	if grep -q budget "$E2E_ERR"; then
		fail budget-stderr "the warning went to standard error, under the screen: $(cat "$E2E_ERR")"
	else
		pass
	fi
	rm -f "$E2E_T/spans.eventlog"
else
	fail budget-log "tests/tools/spangen.c could not make the log"
fi

echo "e2e-sql-pane: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
