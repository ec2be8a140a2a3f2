#!/bin/sh
# End-to-end tests of hectic sql's interactive prompt (issue 34, item 1):
# on a terminal, a query typed and Enter gives its table; the line is
# edited (Home, arrows, Delete, Backspace); Up recalls a statement, and
# the history survives a restart, in $XDG_STATE_HOME/hectic/sql_history
# (else ~/.local/state/hectic), bounded; Ctrl-C at the prompt clears the
# line (and a statement begun on earlier lines), Ctrl-C during a query
# stops it and the prompt comes back; Ctrl-D quits, the terminal as it
# was, a statement begun discarded (said); the dot-commands .tables,
# .schema, .help, .quit and .exit, and an unknown one said. The real binary in a detached tmux session.
# Usage: tests/e2e/sql-prompt.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/sql-prompt.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux sed grep awk; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-sql-prompt: $t not found (tools/deps.sh names its package)"
		echo "e2e-sql-prompt: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

LOG=tests/fixtures/par-n4.eventlog
HIST=$E2E_T/home/.local/state/hectic/sql_history
ngc=$("$E2E_HECTIC" sql --tsv "$LOG" "SELECT count(*) FROM events WHERE class = 'gc'" | awk 'NR == 2')
[ "${ngc:-0}" -gt 0 ] || { echo "e2e-sql-prompt: no gc events in $LOG"; exit 1; }

# typed: text STRING, where a last ';' reaches hectic (tmux reads it as
# the end of its command unless escaped)
typed() {
	case $1 in
	*';') text "${1%;}\\;" ;;
	*) text "$1" ;;
	esac
}
# the last row that holds the prompt
prompt_row() { grep -E '^(sql|\.\.\.)>( |$)' "$E2E_SCREEN" | tail -1; }
# check_prompt NAME RE: pass when the last prompt row comes to match RE
check_prompt() {
	tries=60
	while :; do
		capture
		prompt_row | grep -Eq -- "$2" && { pass; return; }
		tries=$((tries - 1))
		if [ "$tries" -le 0 ]; then
			fail "$1" "the prompt row never showed /$2/: $(prompt_row)"
			return
		fi
		sleep 0.05
	done
}
# count RE: the screen's rows matching RE
count() { capture; grep -Ec -- "$1" "$E2E_SCREEN"; }

# ---- a query, its table; editing; Up; Ctrl-C; Ctrl-D ----
start 100 40 -- sql "$LOG"
check prompt '^sql> ?$'
typed "SELECT count(*) AS n_gc FROM events WHERE class = 'gc';"
keys Enter
check table-header '^ *n_gc$'
check table-row "^ *$ngc\$"
check prompt-again '^sql> ?$'
# Up recalls it, Enter runs it again
keys Up
check_prompt up "^sql> SELECT count\\(\\*\\) AS n_gc FROM events WHERE class = 'gc';$"
keys Enter
wait_for '^sql> ?$'
sleep 0.2
[ "$(count '^ *n_gc$')" = 2 ] && pass || fail up-runs "the recalled query did not run again"
# editing: Home, seven Rights, Delete, a 5 typed in place of the 1;
# End, Backspace over a 2 typed after the ';'
typed "SELECT 1 AS zz;2"
keys Home Right Right Right Right Right Right Right DC
text 5
keys End BSpace
check_prompt edited '^sql> SELECT 5 AS zz;$'
keys Enter
check edited-header '^ *zz$'
check edited-row '^ *5$'
# Ctrl-C clears the line: the query typed is not run
typed "SELECT 99 AS cc;"
keys C-c
check ctrl-c-shown '^sql> SELECT 99 AS cc;\^C$'
check_prompt ctrl-c-prompt '^sql> ?$'
# and a statement begun on an earlier line: ...> back to sql>
typed "SELECT 98 AS dd"
keys Enter
check_prompt continued '^\.\.\.> ?$'
keys C-c
check_prompt ctrl-c-continued '^sql> ?$'
typed "SELECT 3 AS ee;"
keys Enter
check after-cancel '^ *ee$'
check_not cancelled-not-run '^ *(cc|dd)$'
[ -s "$E2E_ERR" ] && fail no-error "stderr: $(cat "$E2E_ERR")" || pass
# Up past the oldest stays there; Down past the newest gives the line
# being typed
typed "SELECT 4 AS ff"
keys Up Up Up Up Up Up Up Up
check_prompt up-oldest "^sql> SELECT count\\(\\*\\) AS n_gc FROM events WHERE class = 'gc';$"
keys Down Down Down Down Down Down Down Down
check_prompt down-draft '^sql> SELECT 4 AS ff$'
keys C-u
check_prompt ctrl-u '^sql> ?$'
keys C-d
check_exit ctrl-d 0

# ---- the history, one statement a line, 0600 (each start removes it) ----
if [ -f "$HIST" ] && [ "$(stat -c %a "$HIST")" = 600 ] &&
	[ "$(tail -1 "$HIST")" = "SELECT 3 AS ee;" ] && [ "$(grep -c 'n_gc' "$HIST")" = 1 ] &&
	[ "$(wc -l <"$HIST")" = 3 ]; then
	pass
else
	fail history-file "$(ls -l "$HIST" 2>&1; cat "$HIST" 2>&1)"
fi

# ---- the dot-commands, as sqlite3's (issue 48) ----
start 100 40 -- sql "$LOG"
check dot-prompt '^sql> ?$'
typed ".tables"
keys Enter
check dot-tables '^events +event_counts +gcs '
check dot-tables-last 'findings$'
check_prompt dot-tables-prompt '^sql> ?$'
typed ".schema gcs"
keys Enter
check dot-schema '^gcs: Every garbage collection'
check dot-schema-col '^  pause +INTEGER ns +end - start'
check_not dot-schema-one '^events: '
typed ".help"
keys Enter
check dot-help '^\.help +these dot-commands'
check dot-help-quit '^\.quit +leave hectic sql'
check_prompt dot-help-prompt '^sql> ?$'
typed ".quit"
keys Enter
check_exit dot-quit 0
[ -s "$E2E_ERR" ] && fail dot-no-error "stderr: $(cat "$E2E_ERR")" || pass
# an unknown one: said, the prompt goes on (the status then 2, as after
# a statement that failed)
start 100 40 -- sql "$LOG"
check dot-unknown-prompt '^sql> ?$'
typed ".nosuch"
keys Enter
n=0
while [ $n -lt 40 ] && ! grep -q 'unknown command or invalid arguments: "nosuch"' "$E2E_ERR"; do
	sleep 0.05
	n=$((n + 1))
done
grep -q 'unknown command or invalid arguments: "nosuch"' "$E2E_ERR" && pass ||
	fail dot-unknown "stderr: $(cat "$E2E_ERR")"
check_prompt dot-unknown-goes-on '^sql> ?$'
typed "SELECT 7 AS hh;"
keys Enter
check dot-unknown-then '^ *hh$'
typed ".exit"
keys Enter
check_exit dot-exit 2
# Ctrl-D on a statement begun: discarded, said, not run; status 0
start 100 40 -- sql "$LOG"
check eof-prompt '^sql> ?$'
typed "SELECT 97 AS kk"
keys Enter
check_prompt eof-continued '^\.\.\.> ?$'
keys C-d
check_exit eof-unfinished 0
grep -q 'unfinished statement .*discarded, not run: SELECT 97 AS kk$' "$E2E_ERR" && pass ||
	fail eof-said "stderr: $(cat "$E2E_ERR")"
check_not eof-not-run '^ *kk$'

# ---- in $XDG_STATE_HOME/hectic when set; it survives a restart ----
XS=$E2E_T/state
start 100 40 "XDG_STATE_HOME=$XS" -- sql "$LOG"
check xdg-prompt '^sql> ?$'
keys Up
check_prompt xdg-empty '^sql> ?$' # (a history of its own: none yet)
typed "SELECT 6 AS gg;"
keys Enter
check xdg-ran '^ *gg$'
keys C-d
check_exit xdg-ctrl-d 0
[ "$(cat "$XS/hectic/sql_history" 2>/dev/null)" = "SELECT 6 AS gg;" ] && pass ||
	fail xdg-file "$(ls -lR "$XS" 2>&1)"
start 100 40 "XDG_STATE_HOME=$XS" -- sql "$LOG"
check restart-prompt '^sql> ?$'
keys Up
check_prompt restart-up '^sql> SELECT 6 AS gg;$'
keys Enter
check restart-runs '^ *gg$'
keys C-d
check_exit restart-ctrl-d 0

# ---- bounded: 1000 statements kept, the oldest dropped ----
awk 'BEGIN { for (i = 1; i <= 1200; i++) printf "SELECT %d;\n", i }' >"$XS/hectic/sql_history"
start 100 40 "XDG_STATE_HOME=$XS" -- sql "$LOG"
check bounded-prompt '^sql> ?$'
keys Up
check_prompt bounded-up '^sql> SELECT 1200;$'
keys C-u
typed "SELECT 'last' AS bb;"
keys Enter
check bounded-ran '^ *bb$'
keys C-d
check_exit bounded-ctrl-d 0
H2=$XS/hectic/sql_history
if [ "$(wc -l <"$H2")" = 1000 ] && [ "$(head -1 "$H2")" = "SELECT 202;" ] &&
	[ "$(tail -1 "$H2")" = "SELECT 'last' AS bb;" ]; then
	pass
else
	fail bounded "the history has $(wc -l <"$H2") lines, from $(head -1 "$H2") to $(tail -1 "$H2")"
fi

# ---- Ctrl-C stops a long query and the prompt comes back (hectic a job
# of an interactive shell, which alone gets the terminal's SIGINT) ----
start_job 100 40 "XDG_STATE_HOME=$XS" -- sql "$LOG"
check job-prompt '^sql> ?$'
typed "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;"
keys Enter
sleep 0.3
keys C-c
n=0
while [ $n -lt 40 ] && ! grep -q 'interrupted: the statement was stopped' "$E2E_ERR"; do
	sleep 0.05
	n=$((n + 1))
done
grep -q 'interrupted: the statement was stopped' "$E2E_ERR" && pass || fail interrupted "stderr: $(cat "$E2E_ERR")"
keys Up
check_prompt interrupted-prompt '^sql> WITH RECURSIVE'
keys C-u C-d
job_exit job-ctrl-d 130 # (a statement was interrupted: 130, as for a script)

echo "e2e-sql-prompt: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
