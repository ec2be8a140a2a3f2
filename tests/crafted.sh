#!/bin/sh
# Crafted logs (issue 8) through every command: well-formed eventlogs shaped
# to attack the index (bench/gen.c `crafted`, see bench/README.md):
# decreasing timestamps, a clock that goes back every 2-3 events, 262,143-
# style colliding thread ids, one block per event, one tiny block per GC.
# Each ~200 KB log goes through show, summary (also --tsv), gcs, markers,
# threads (also --tsv), activity and the viewer headless (--bench); each
# must exit 0 with no sanitizer report on stderr (under make check
# SANITIZE=1 the binary has ASan and UBSan).  Also checked: show prints
# every event of the file (gen -c counts them independently) in time
# order, and threads lists every created thread.  Memory is asserted by
# tests/memory.sh (30 MB logs of these shapes), time by nothing: make bench
# measures both on 100 MB logs.
# Usage: sh tests/crafted.sh path/to/hectic
set -u
H=$1
CC=${CC:-cc}
here=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-crafted.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail=0

bad() {
	echo "crafted: $*"
	fail=1
}

if ! "$CC" -std=c11 -O2 -o "$T/gen" "$here/bench/gen.c"; then
	echo "crafted: cannot compile bench/gen.c with $CC"
	exit 1
fi

# run NAME CMD...: exit status 0 and nothing from a sanitizer; stdout in $T/out
run() {
	name=$1
	shift
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	if grep -q -e 'Sanitizer' -e 'runtime error' "$T/err"; then
		bad "$name: sanitizer report (exit status $rc)"
		head -n 30 "$T/err"
		return 1
	fi
	if [ "$rc" -ne 0 ]; then
		bad "$name: exit status $rc"
		head -n 10 "$T/err"
		return 1
	fi
	return 0
}

for shape in decreasing zigzag ids blocks gcblocks; do
	f=$T/$shape.eventlog
	if ! "$T/gen" crafted "$shape" 200K "$f" || ! counts=$("$T/gen" -c "$f"); then
		bad "$shape: bench/gen.c could not make the log"
		continue
	fi
	events=${counts%% *}

	if run "$shape: show" "$H" show "$f"; then
		# every event once (block markers included), in time order
		# lint: awk-exit-ok (the rule's exit sets bad, which END makes its status)
		awk -v want="$events" -v shape="$shape" '
			/^Events:$/ { on = 1; next }
			on && NF {
				n++; t = $1; sub(/:.*/, "", t); t += 0
				if (n > 1 && t < last) { printf "crafted: %s: show: %s after %s\n", shape, t, last; bad = 1; exit }
				last = t
			}
			END {
				if (bad) exit 1
				if (n != want) { printf "crafted: %s: show printed %d events, the file has %d\n", shape, n, want; exit 1 }
			}' "$T/out" || fail=1
		created=$(grep -c ': creating thread ' "$T/out")
	else
		created=
	fi
	run "$shape: summary" "$H" summary "$f"
	run "$shape: summary --tsv" "$H" summary --tsv "$f"
	run "$shape: gcs" "$H" gcs "$f"
	run "$shape: markers" "$H" markers "$f"
	run "$shape: threads" "$H" threads "$f"
	if run "$shape: threads --tsv" "$H" threads --tsv "$f" && [ -n "$created" ]; then
		rows=$(($(wc -l <"$T/out") - 1))
		[ "$rows" -eq "$created" ] ||
			bad "$shape: threads --tsv lists $rows threads, show creates $created"
	fi
	run "$shape: activity" "$H" activity "$f"
	run "$shape: viewer --bench" "$H" --bench='+ + - - ] [' "$f"
done

[ "$fail" -eq 0 ]
