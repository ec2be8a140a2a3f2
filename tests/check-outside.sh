#!/bin/sh
# tools/check-outside.awk, the lint of paths outside the tree (issue 42),
# on small files: each shape that leaves the tree is found (at its line, by
# its rule), each that stays inside, and each allowed with its marker, is
# not; then the tree itself (tools/check-outside.sh) has no finding.
# Usage: sh tests/check-outside.sh
set -u
cd "$(dirname "$0")/.." || exit 1
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-check-outside.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
# lint_case NAME DEPTH WANT: the lint on stdin, as a file DEPTH folders
# below the top, finds exactly WANT ("LINE: RULE" lines, or nothing), with
# exit status 1 when it finds something
lint_case() {
	cat >"$T/in"
	awk -v depth="$2" -f tools/check-outside.awk "$T/in" >"$T/out"
	rc=$?
	got=$(sed 's/^[^:]*:\([0-9]*\): \([a-z-]*\):.*/\1: \2/' "$T/out")
	want_rc=0
	[ -n "$3" ] && want_rc=1
	if [ "$got" = "$3" ] && [ "$rc" = "$want_rc" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1))
		echo "check-outside: FAIL: $1: found '$got' (exit $rc), want '$3' (exit $want_rc)"
	fi
}

lint_case "lanes-share's old screen tool" 2 "3: shared
3: cd-up" <<'EOS'
#!/bin/sh
cd "$(dirname "$0")/../.." || exit 1
SHOT=${PTYSHOT:-$(cd .. && pwd)/shared/tools/ptyshot.py}
EOS
lint_case "the spec read from a test" 1 "1: shared" <<'EOS'
grep -c tag ../shared/spec/ghc-events-format.md
EOS
lint_case "a developer's chroot as a default" 0 "2: absolute
3: absolute" <<'EOS'
#!/bin/sh
base=${HECTIC_CHROOT:-/work/chroots/bookworm}
cp /root/shared/x .
EOS
lint_case "the steering repo through HOME" 1 "1: shared
1: absolute" <<'EOS'
. "$HOME/shared/tools/env.sh"
EOS
lint_case "climbing from a script's own folder" 1 "1: climb
2: climb" <<'EOS'
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/../../lib.sh"
EOS
lint_case "an include above the tree" 1 "1: climb" <<'EOS'
#include "../../vendor/x.h"
EOS
lint_case "a bare cd .. in a step" 0 "1: cd-up
2: cd-up" <<'EOS'
cd .. && make
(cd ..; ls)
EOS
lint_case "paths that stay inside" 2 "" <<'EOS'
cd "$(dirname "$0")/../.." || exit 1
here=$(cd "$(dirname "$0")/.." && pwd)
DOC=$(dirname "$0")/../../doc/fleet.md
#include "../model/vec.h"
x=$here/a/../../b
echo "rows 1 .. 8" >/tmp/x
shared=1; echo "$shared"
EOS
lint_case "a test's own folder, said so" 1 "" <<'EOS'
"$H" sql "$A" >../out 2>../err
cd .. # lint: above-ok (the test's temporary folder, made above)
EOS

# the tree itself
if out=$(sh tools/check-outside.sh); then pass=$((pass + 1)); else
	fail=$((fail + 1))
	echo "check-outside: FAIL: the tree: $out"
fi
echo "check-outside: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
