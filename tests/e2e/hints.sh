#!/bin/sh
# End-to-end tests of the key hints: the loading screen names the quit key
# of the keymap in use, after the rc file's binds. The real binary in a
# detached tmux session, on a FIFO that no program writes (the screen that
# waits for one).
# Usage: tests/e2e/hints.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/hints.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux mkfifo sed grep; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-hints: $t not found (tools/deps.sh names its package)"
		echo "e2e-hints: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

WAITING='waiting for a program to open the FIFO for writing'
mkfifo "$E2E_T/fifo"

# the default keymap: q
start 120 32 -- "$E2E_T/fifo"
check default-waits "$WAITING"
check default-hint '^q quits'
keys q
check_exit default-quit 0

# q unbound and Q bound in the rc file: the first quit key left is <C-c>,
# and Q quits too
mkdir -p "$E2E_T/cfg/hectic"
printf 'bind q none\nbind Q quit\n' >"$E2E_T/cfg/hectic/hecticrc"
start 120 32 XDG_CONFIG_HOME="$E2E_T/cfg" -- "$E2E_T/fifo"
check rc-waits "$WAITING"
check rc-hint '^<C-c> quits'
check_not rc-no-q '^q quits'
keys Q
check_exit rc-quit 0

echo "e2e-hints: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
