#!/bin/sh
# End-to-end tests of the viewer: the real binary in a detached tmux
# session, driven by keys, checked on the captured screen.
# Usage: tests/e2e/run.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/run.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
# the tools the suite runs, each with its Debian package: a missing one is
# named here rather than failing a check that needs it
missing=0
for t in tmux:tmux pgrep:procps stty:coreutils env:coreutils sleep:coreutils \
	mktemp:coreutils cut:coreutils wc:coreutils sort:coreutils tr:coreutils \
	cmp:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
if [ "$missing" -gt 0 ]; then
	echo "e2e: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

F=tests/fixtures
TH=$F/threaded.eventlog
NT=$F/nonthreaded.eventlog
READY='events: '

# less-than / greater-than on integers, as checks
lt() { # lt NAME A B [what]
	if [ -n "$2" ] && [ -n "$3" ] && [ "$2" -lt "$3" ]; then pass; else fail "$1" "want $2 < $3 ${4:-}"; fi
}
span() { set -- $(status_times); [ $# -eq 3 ] && echo $(($2 - $1)); }
eq() {
	if [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}

# ---- issue 8: signals, suspend, FIFOs, the way out ----
# Every signal that kills restores the terminal first (alternate screen
# left, cursor shown, mouse reporting and keypad mode off, stty modes as
# before) and the process dies of that signal: the shell sees 128+N.
# (signal numbers as on Linux; dash's kill -l does not map names)
for s in QUIT:3 USR1:10 USR2:12 ALRM:14 PIPE:13; do
	sig=${s%:*}
	start 120 32 -- $TH
	wait_for "$READY"
	hpid=$(hectic_pid)
	if [ -z "$hpid" ]; then
		fail "sig$sig" "no pid from the wrapper ($E2E_PIDF)"
		continue
	fi
	kill -s "$sig" "$hpid"
	check_exit "sig$sig" $((128 + ${s#*:}))
done

# want_flags NAME WANT: the pane's terminal modes come to be WANT (2 s)
want_flags() {
	tries=40
	while [ "$(term_flags)" != "$2" ] && [ "$tries" -gt 0 ]; do
		sleep 0.05
		tries=$((tries - 1))
	done
	eq "$1" "$(term_flags)" "$2"
}
# want_state NAME PID STATE: the process comes to be in STATE (T: stopped)
want_state() {
	tries=40
	while [ "$(proc_state "$2")" != "$3" ] && [ "$tries" -gt 0 ]; do
		sleep 0.05
		tries=$((tries - 1))
	done
	eq "$1" "$(proc_state "$2")" "$3" "(process state of $2)"
}
# the viewer's own modes, as it sets them up
start 120 32 -- $TH
wait_for "$READY"
VIEWER_FLAGS=$(term_flags)
case $VIEWER_FLAGS in
alt=1\ cursor=0\ mouse=1*) pass ;;
*) fail viewer-modes "while running: $VIEWER_FLAGS (want the alternate screen, mouse reporting)" ;;
esac
keys q
check_exit viewer-modes-quit 0

# Ctrl-Z (a key in raw mode) suspends: the shell's screen and modes back,
# the job stopped; fg redraws the viewer with mouse reporting on again
start_job 120 32 -- $TH
wait_for "$READY"
hpid=$(hectic_pid)
keys l l
wait_change
before=$(status_line)
keys C-z
check ctrl-z-stopped 'Stopped'
want_state ctrl-z-state "$hpid" T
want_flags ctrl-z-restored "$E2E_RESTORED"
check_not ctrl-z-no-viewer '^(util|cap 0) |events: '
text fg
keys Enter
check ctrl-z-fg-redrawn "$READY"
check ctrl-z-fg-lanes '^cap 3 '
check_not ctrl-z-fg-no-shell 'Stopped'
want_flags ctrl-z-fg-modes "$VIEWER_FLAGS"
eq ctrl-z-fg-same "$(status_line)" "$before" "(the cursor where it was)"
# and again from a panel: it stays open
keys '?'
wait_for 'quit hectic'
keys C-z
check ctrl-z-panel-stopped "$E2E_PROMPT *\$"
want_flags ctrl-z-panel-restored "$E2E_RESTORED"
text fg
keys Enter
check ctrl-z-panel-fg 'quit hectic'
want_flags ctrl-z-panel-fg-modes "$VIEWER_FLAGS"
keys Escape q
job_exit ctrl-z-quit 0
want_flags ctrl-z-quit-modes "$E2E_RESTORED"

# SIGTSTP from outside: the same suspend. A SIGCONT alone leaves the job
# in the background: it must not draw over the shell (curses' first
# tcsetattr stops it again) until fg brings it back
start_job 120 32 -- $TH
wait_for "$READY"
hpid=$(hectic_pid)
kill -TSTP "$hpid"
check tstp-stopped 'Stopped'
want_state tstp-state "$hpid" T
want_flags tstp-restored "$E2E_RESTORED"
kill -CONT "$hpid"
n=10 drew=
while [ "$n" -gt 0 ]; do
	[ "$(term_flags)" = "$E2E_RESTORED" ] || drew=$(term_flags)
	sleep 0.05
	n=$((n - 1))
done
eq tstp-cont-background "$drew" "" "(a background job took the terminal)"
want_state tstp-cont-stopped "$hpid" T
text fg
keys Enter
check tstp-fg-redrawn "$READY"
check tstp-fg-lanes '^cap 3 '
want_flags tstp-fg-modes "$VIEWER_FLAGS"
keys q
job_exit tstp-quit 0
want_flags tstp-quit-modes "$E2E_RESTORED"

# SIGSTOP cannot be caught: on SIGCONT the viewer takes the terminal back
# whatever was done to it meanwhile (here: mouse reporting turned off and
# the screen cleared behind its back)
start 120 32 -- $TH
wait_for "$READY"
hpid=$(hectic_pid)
kill -STOP "$hpid"
want_state stop-state "$hpid" T
tty=$(tm display-message -p -t e2e '#{pane_tty}')
printf '\033[?1000l\033[?1002l\033[?1006l\033[2J\033[HSCRIBBLE' >"$tty"
check stop-scribbled 'SCRIBBLE'
kill -CONT "$hpid"
check stop-cont-redrawn '^cap 3 '
check_not stop-cont-no-scribble 'SCRIBBLE'
want_flags stop-cont-modes "$VIEWER_FLAGS"
keys q
check_exit stop-cont-quit 0

# A FIFO (no writer): an error at once, before the alternate screen,
# without a key; nothing reaches the terminal but the wrapper's own lines
mkfifo "$E2E_T/fifo"
E2E_LOG=1
start 120 32 -- "$E2E_T/fifo"
E2E_LOG=0
if wait_exit 3; then pass; else fail fifo-fast "still running 3 s later, with no key sent"; fi
check_exit fifo 1
grep -q 'fifo: not a regular file (a FIFO' "$E2E_ERR" && pass ||
	fail fifo-msg "stderr: $(cat "$E2E_ERR")"
if grep -q "$ESC" "$E2E_OUT"; then
	fail fifo-no-screen "the terminal got escape sequences: $(cat -v "$E2E_OUT" | head -c 300)"
else
	pass
fi
rm -f "$E2E_T/fifo"
# a directory, the same
start 120 32 -- "$E2E_T"
check_exit dir 1
grep -q 'not a regular file (a directory' "$E2E_ERR" && pass || fail dir-msg "stderr: $(cat "$E2E_ERR")"

# An rc file that unbinds or rebinds every quit key: <C-c> (and <C-z>)
# cannot be changed, each such line is reported with its number, and
# Ctrl-C still quits
mkdir -p "$E2E_T/cfg-locked/hectic"
printf 'bind q none\nbind <C-c> none\nbind <C-c> help\nbind <C-z> zoom-in\nbind x none\n' \
	>"$E2E_T/cfg-locked/hectic/hecticrc"
start 120 32 XDG_CONFIG_HOME="$E2E_T/cfg-locked" -- $TH
wait_for "$READY"
check_status rc-locked-message 'rc file has errors'
keys q
sleep 0.3
alive rc-locked-q-unbound
keys C-c
check_exit rc-locked-ctrl-c 0
for l in '2: <C-c> always means quit: it cannot be unbound' \
	'3: <C-c> always means quit: it cannot be rebound' \
	'4: <C-z> always means suspend: it cannot be rebound'; do
	grep -q "line $l" "$E2E_ERR" && pass || fail rc-locked-line "no 'line $l' in: $(cat "$E2E_ERR")"
done
grep -Eq 'line (1|5):' "$E2E_ERR" && fail rc-locked-good "a good line reported: $(cat "$E2E_ERR")" || pass
# ---- end of issue 8: signals, suspend, FIFOs, the way out ----

echo "e2e: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
