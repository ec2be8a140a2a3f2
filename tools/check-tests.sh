#!/bin/sh
# The lint of the test suites (issue 37): tools/check-tests.awk's shapes of
# a check that cannot fail (awk's exit in a rule under an END with its own
# exit; `|| true` after a command whose failure matters; a glob loop with
# no guard that it matched) in every suite: tests/*.sh, tests/e2e/*.sh,
# tools/*.sh, and the awk program files beside them. Prints each finding
# as FILE:LINE: RULE: what; exit 1 when there is one.
# Usage: sh tools/check-tests.sh [FILE...]  (no FILE: every suite)
set -u
cd "$(dirname "$0")/.." || exit 2
if [ "$#" -eq 0 ]; then
	set -- tests/*.sh tests/e2e/*.sh tools/*.sh tests/*.awk tests/e2e/*.awk tools/*.awk
fi
n=0 bad=0
for f in "$@"; do
	if [ ! -e "$f" ]; then
		echo "check-tests: $f: no such file (a pattern that matched nothing?)"
		bad=$((bad + 1))
		continue
	fi
	n=$((n + 1))
	case $f in
	*.awk) awk -v awkfile=1 -f tools/check-tests.awk "$f" ;;
	*) awk -f tools/check-tests.awk "$f" ;;
	esac
	rc=$?
	[ "$rc" -eq 0 ] || bad=$((bad + 1))
done
echo "check-tests: $n files, $bad with findings"
[ "$bad" -eq 0 ] && [ "$n" -gt 0 ]
