#!/bin/sh
# No test, script or build step reads anything outside the repository
# (issue 42): a user's clone has no ../shared beside it, nor a developer's
# /work. tools/check-outside.awk reads every file of the build and the
# tests (the Makefile, .ci/, debian/rules, tools/, tests/, bench/: shell,
# awk, Python, JavaScript, C) and names each path that leaves the tree.
# Prints each finding as FILE:LINE: RULE: what; exit 1 when there is one.
# Usage: sh tools/check-outside.sh [FILE...]  (no FILE: every such file)
set -u
cd "$(dirname "$0")/.." || exit 2
if [ "$#" -eq 0 ]; then
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		list=$(git ls-files --cached --others --exclude-standard)
	else
		list=$(find . -type f ! -path './.git/*' ! -path './build*' | sed 's|^\./||')
	fi
	# code by its name, or by its #! line (the fixtures' regen scripts);
	# the fuzz corpus is data; this lint and its test name the shapes
	# they look for
	set -- $(printf '%s\n' "$list" | while IFS= read -r f; do
		case $f in
		tests/fuzz/corpus/* | */node_modules/* | tools/check-outside.* | tests/check-outside.sh) ;;
		Makefile | */Makefile | .ci/* | debian/rules | *.sh | *.awk | *.py | *.cjs | *.js | *.mjs | *.c | *.h | *.mk)
			echo "$f" ;;
		*) [ -f "$f" ] && [ "$(head -c 2 "$f")" = '#!' ] && echo "$f" ;;
		esac
	done)
fi
n=0 bad=0
for f in "$@"; do
	if [ ! -f "$f" ]; then
		echo "check-outside: $f: no such file"
		bad=$((bad + 1))
		continue
	fi
	n=$((n + 1))
	# the file's folder's depth below the top: tests/e2e/x.sh is 2
	d=$(printf '%s\n' "$f" | awk -F/ '{ print NF - 1 }')
	awk -v depth="$d" -f tools/check-outside.awk "$f" || bad=$((bad + 1))
done
echo "check-outside: $n files, $bad with findings"
[ "$bad" -eq 0 ] && [ "$n" -gt 0 ]
