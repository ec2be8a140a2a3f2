#!/bin/sh
# The memory promise (README): peak anonymous memory at most 5% of the file
# plus 10 MB (10^7 bytes), whatever the shape of the log.  Every crafted shape of
# bench/gen.c (decreasing, zigzag, ids, blocks, gcblocks; see bench/README.md)
# is generated at $HECTIC_MEM_SIZE (default 30M) into a temporary directory,
# and `summary`, `show`, `spans`, `heap`, `export --chrome` (written to
# /dev/null: it streams) and the viewer headless (--bench)
# run on it (deepstacks: the profile's commands and panes, below), and on
# every fixture, under bench/runstat.c: the largest
# RssAnon sampled every 5 ms and read once more as the process exits (ptrace;
# runstat -x makes a missing exit-time read an error, so a sandbox that
# forbids ptrace fails here, it does not pass unmeasured).  Each run must
# exit 0 and stay within the promise.  Memory, not time, is asserted.
# A sanitizer build's shadow memory is not the program's: the suite then
# says so and exits 77 (tests/run.sh reports it as skipped, not passed).
# Usage: sh tests/memory.sh path/to/hectic
set -u
H=$1
CC=${CC:-cc}
SIZE=${HECTIC_MEM_SIZE:-30M}
here=$(cd "$(dirname "$0")/.." && pwd)
fail=0
checks=0

if grep -q -a -e __asan_init -e __ubsan_handle "$H"; then
	echo "memory: skipped: $H is a sanitizer build (its shadow memory is not hectic's)"
	exit 77
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-memory.XXXXXX")
trap 'rm -rf "$T"' EXIT

bad() {
	echo "memory: $*"
	fail=$((fail + 1))
}

if ! "$CC" -std=c11 -O2 -o "$T/gen" "$here/bench/gen.c" ||
	! "$CC" -std=c11 -O2 -pthread -o "$T/runstat" "$here/bench/runstat.c"; then
	echo "memory: cannot compile bench/gen.c or bench/runstat.c with $CC"
	exit 1
fi

# check FILE NAME ARGS...: runs hectic ARGS on FILE under runstat; fails when
# it cannot be measured, exits non-zero, or passes 5% of FILE + 10 MB
check() {
	f=$1 name=$2
	shift 2
	bytes=$(wc -c <"$f")
	limit=$(((bytes / 20 + 10000000) / 1024)) # kB as /proc counts them (1024 bytes)
	if ! line=$("$T/runstat" -x -i 5 -e "$T/err" -- "$H" "$@" "$f" 2>"$T/rs"); then
		bad "$name: runstat could not measure it: $(head -n 1 "$T/rs")"
		return
	fi
	set -- $line
	anon=$3 rc=$4
	checks=$((checks + 1))
	if [ "$rc" -ne 0 ]; then
		bad "$name: exit status $rc"
		head -n 5 "$T/err"
	elif [ "$anon" -le 0 ]; then
		bad "$name: no reading of its memory"
	elif [ "$anon" -gt "$limit" ]; then
		bad "$name: peak anonymous memory $anon KB, over the promise of $limit KB (5% of $bytes bytes + 10 MB)"
	fi
	if [ "${HECTIC_MEM_VERBOSE:-0}" = 1 ]; then
		echo "$name: $anon KB (limit $limit KB)"
	fi
}

# check_all FILE LABEL: every command on FILE
check_all() {
	check "$1" "$2: summary" summary
	check "$1" "$2: show" show
	check "$1" "$2: spans" spans
	check "$1" "$2: heap" heap
	check "$1" "$2: export --chrome" export --chrome -o /dev/null
	check "$1" "$2: viewer --bench" --bench='+ + - - ] ['
}

for shape in decreasing zigzag ids blocks gcblocks; do
	f=$T/$shape.eventlog
	if ! "$T/gen" crafted "$shape" "$SIZE" "$f"; then
		bad "$shape: bench/gen.c could not make the log"
		continue
	fi
	check_all "$f" "$shape ($SIZE)"
	rm -f "$f"
done

# The cost-centre profile (issue 32): distinct deep stacks, whose call tree
# has about as many nodes as the log has bytes / 4 (bench/gen.c deepstacks):
# `profile --flat`, `profile`, the profile pane, and the two-log viewer's
# (the same log twice: its promise is 5% of both files + 10 MB).
# check2 FILE NAME ARGS...: the viewer ARGS on FILE twice
check2() {
	f=$1 name=$2
	shift 2
	bytes=$(($(wc -c <"$f") * 2))
	limit=$(((bytes / 20 + 10000000) / 1024))
	if ! line=$("$T/runstat" -x -i 5 -e "$T/err" -- "$H" "$@" "$f" "$f" 2>"$T/rs"); then
		bad "$name: runstat could not measure it: $(head -n 1 "$T/rs")"
		return
	fi
	set -- $line
	anon=$3 rc=$4
	checks=$((checks + 1))
	if [ "$rc" -ne 0 ]; then
		bad "$name: exit status $rc"
		head -n 5 "$T/err"
	elif [ "$anon" -le 0 ]; then
		bad "$name: no reading of its memory"
	elif [ "$anon" -gt "$limit" ]; then
		bad "$name: peak anonymous memory $anon KB, over the promise of $limit KB (5% of $bytes bytes + 10 MB)"
	fi
	if [ "${HECTIC_MEM_VERBOSE:-0}" = 1 ]; then
		echo "$name: $anon KB (limit $limit KB)"
	fi
}
for shape in deepstacks; do
	f=$T/$shape.eventlog
	if ! "$T/gen" crafted "$shape" "$SIZE" "$f"; then
		bad "$shape: bench/gen.c could not make the log"
		continue
	fi
	check "$f" "$shape ($SIZE): profile --flat" profile --flat
	check "$f" "$shape ($SIZE): profile" profile
	check "$f" "$shape ($SIZE): profile --folded" profile --folded
	check "$f" "$shape ($SIZE): the profile pane" --bench='P ] [ P'
	check2 "$f" "$shape ($SIZE): the two-log profile pane" --bench='P ] [ P'
	rm -f "$f" "$f.flat"
done

for f in "$here"/tests/fixtures/*.eventlog; do
	check_all "$f" "$(basename "$f")"
done

echo "memory: $checks runs measured, $fail failed"
[ "$fail" -eq 0 ]
