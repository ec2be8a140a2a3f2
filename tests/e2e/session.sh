#!/bin/sh
# End-to-end tests of the session file as untrusted input: the real binary
# in a detached tmux session, driven by keys, checked on the captured
# screen and in the state directory. A session of extreme values (the
# maximum u64 in every field, a mark that wraps, bookmarks out of order and
# twice, unknown keys, garbage) is dropped with a warning, and z, t and R
# then work; a FIFO at the session's path does not block; a relative
# $XDG_STATE_HOME is ignored; the file is written 0600 in a 0700 directory
# under a temporary name of its own.
# Usage: tests/e2e/session.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/session.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
missing=0
for t in tmux:tmux stty:coreutils env:coreutils sleep:coreutils mkfifo:coreutils \
	mktemp:coreutils stat:coreutils head:coreutils cmp:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e-session: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
if [ ! -r /proc/self/stat ]; then
	echo "e2e-session: /proc is not mounted (mount -t proc proc /proc)"
	missing=$((missing + 1))
fi
if [ "$missing" -gt 0 ]; then
	echo "e2e-session: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
ROOT=$PWD
. tests/e2e/lib.sh

TS=$ROOT/tests/fixtures/threads.eventlog
READY='events: '
ST=$E2E_T/state
M=18446744073709551615

eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}

# sane NAME: hectic alive, its status line whole, its window t0 < t1
sane() {
	alive "$1-alive"
	settle
	if status_line | grep -q 'events: '; then pass; else fail "$1-status" "no status line"; fi
	set -- "$1" $(window)
	if [ $# -ge 3 ] && [ "$2" -lt "$3" ] 2>/dev/null; then pass; else
		fail "$1-window" "window '$2 $3'"
	fi
}

# ---- a saved session: 0600 in a 0700 directory, nothing else there ----
rm -rf "$ST"
start 200 32 XDG_STATE_HOME="$ST" -- "$TS"
check save-ready "$READY"
set -- $(window)
full="$1 $2"
keys :
text 20ms
keys Enter m
check save-bookmark 'bookmark 1 at 20'
keys q
check_exit save-quit 0
set -- "$ST"/hectic/*
if [ $# -eq 1 ] && [ -f "$1" ]; then pass; else fail save-one-file "in $ST/hectic: $*"; fi
SF=$1
case $SF in *.session) pass ;; *) fail save-name "$SF" ;; esac
eq save-mode "$(stat -c %a "$SF")" 600
eq save-dir-mode "$(stat -c %a "$ST/hectic")" 700
grep -E '^(file|size) ' "$SF" >"$E2E_T/id"
eq save-id-lines "$(wc -l <"$E2E_T/id" | tr -d ' ')" 2

# ---- extreme values: dropped and named, z t R alive and sane ----
{
	echo "hectic-session 1"
	cat "$E2E_T/id"
	echo "window $M $M"
	echo "cursor $M"
	echo "filters $M"
	echo "thread $M"
	echo "cap $M"
	echo "mark $M 0"
	echo "bookmark 50000000"
	echo "bookmark $M"
	echo "bookmark 20000000"
	echo "bookmark 50000000"
	echo "bookmark 99999999999999999999999"
	echo "colour purple"
	printf '@@@ \001\033[31m garbage\n'
	echo "window 5"
} >"$SF"
start 200 32 XDG_STATE_HOME="$ST" -- "$TS"
check ext-ready "$READY"
check_status ext-warning 'session restored; dropped window, cursor, filters, thread, capability, mark, 3 bookmarks \(out of range or unreadable\)'
sane ext-loaded
set -- $(window)
eq ext-whole-run "$1 $2" "$full"
keys "'"
check ext-bookmarks-listed 'bookmarks \(<Enter>: go there'
capture
# the two good ones, in time order, once each
if grep -Eq ' 1 +20\.000ms ' "$E2E_SCREEN" && grep -Eq ' 2 +50\.000ms ' "$E2E_SCREEN" &&
	! grep -Eq ' 3 +[0-9]' "$E2E_SCREEN"; then pass; else
	fail ext-bookmarks-sorted "want 20ms then 50ms, no third"
fi
keys Escape
keys z
check_status ext-z-no-mark 'no interval: v marks one'
sane ext-z
keys t
check ext-t 'threads: [0-9]+, by id'
sane ext-t
keys Escape
keys R
check ext-R 'threads [0-9]+, by creation'
sane ext-R
# a mark of its own, then z, t and R on it
keys :
text 20ms
keys Enter v
keys :
text 60ms
keys Enter v z
sane ext-mark-z
keys t
check ext-mark-t 'threads: [0-9]+, by id'
sane ext-mark-t
keys Escape q
check_exit ext-quit 0

# ---- a FIFO at the session's path: refused at once, q quits ----
rm -f "$SF"
mkfifo "$SF"
start 200 32 XDG_STATE_HOME="$ST" -- "$TS"
check fifo-ready "$READY"
check_status fifo-said 'session not restored: its file is not a regular file'
keys q
check_exit fifo-quit 0
# the save put a regular file in its place
if [ -f "$SF" ] && [ ! -p "$SF" ]; then pass; else fail fifo-replaced "$(ls -l "$SF")"; fi
eq fifo-replaced-mode "$(stat -c %a "$SF")" 600

# ---- a symlink at the path: replaced, its target untouched ----
echo victim >"$E2E_T/victim"
rm -f "$SF"
ln -s "$E2E_T/victim" "$SF"
start 200 32 XDG_STATE_HOME="$ST" -- "$TS"
check link-ready "$READY"
keys q
check_exit link-quit 0
eq link-target-kept "$(cat "$E2E_T/victim")" victim
if [ -f "$SF" ] && [ ! -L "$SF" ]; then pass; else fail link-replaced "$(ls -l "$SF")"; fi
set -- "$ST"/hectic/*
eq link-no-temporary "$#" 1 "($*)"

# ---- a relative XDG_STATE_HOME: ignored, nothing under the current
# directory, the session under $HOME/.local/state ----
mkdir -p "$E2E_T/cwd"
cd "$E2E_T/cwd" || exit 1
start 200 32 XDG_STATE_HOME=rel-state -- "$TS"
check rel-ready "$READY"
keys :
text 20ms
keys Enter m
check rel-bookmark 'bookmark 1 at 20'
keys q
check_exit rel-quit 0
cd "$ROOT" || exit 1
if [ -z "$(ls -A "$E2E_T/cwd")" ]; then pass; else fail rel-cwd-empty "$(ls -A "$E2E_T/cwd")"; fi
set -- "$E2E_T"/home/.local/state/hectic/*.session
if [ $# -eq 1 ] && [ -f "$1" ]; then pass; else fail rel-home-session "$*"; fi

echo "e2e-session: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
