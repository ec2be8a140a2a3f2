#!/bin/sh
# The lanes draw shares in proportion (issue 33, item 1): on real GHC 9.10
# and 9.6 logs with a known GC share (+RTS -s beside each), at 80x24 and
# 160x50, every lane cell's glyph and colours are read off a terminal
# emulator's screen (tests/e2e/screen.py's cell dump: tmux's capture drops
# colour-only cells) and the GC area of each column and of all the lanes is held
# against `hectic activity` for the frame's window and columns and against
# GC elapsed / Total elapsed (lanes-share.py says how). Then the lanes'
# height: the default fills half of what the fixed rows leave, the keys
# make it a row taller and shorter (within 1 .. 8), and the rc's
# `set lane-height N` sets it (tests/unit/test_rc.c: a bad value).
# Needs /usr/bin/python3 with pyte (python3-pyte), infocmp and tic
# (ncurses-bin) for screen.py's terminfo entry; tools/deps.sh installs them.
# Usage: tests/e2e/lanes-share.sh path/to/hectic. Exit 0 when every check
# passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/lanes-share.sh path/to/hectic" >&2; exit 2 ;;
/*) H=$1 ;;
*) H=$PWD/$1 ;;
esac
cd "$(dirname "$0")/../.." || exit 1
PY=/usr/bin/python3
SHOT=tests/e2e/screen.py
n=0 nbad=0
pass() { n=$((n + 1)); }
fail() { n=$((n + 1)); nbad=$((nbad + 1)); echo "FAIL lanes-share: $1: $2"; }
if [ ! -x "$PY" ] || ! "$PY" -c 'import pyte' 2>/dev/null || ! command -v tic >/dev/null ||
	! command -v infocmp >/dev/null; then
	echo "lanes-share: needs $PY with pyte (python3-pyte), tic and infocmp (ncurses-bin)"
	echo "lanes-share: 1 checks, 1 failed"
	exit 1
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/home" "$T/cfg/hectic"
F=tests/fixtures/modern

# shot NAME SIZE KEYS [ARG...]: hectic on a fresh terminal of SIZE, KEYS
# typed; the cells in $T/NAME.json, the frame's window in $T/NAME.win
shot() {
	_n=$1 _s=$2 _k=$3
	shift 3
	rm -f "$T/$_n.win" "$T/$_n.json"
	env -u NO_COLOR -u LC_ALL -u XDG_STATE_HOME HOME="$T/home" XDG_CONFIG_HOME="$T/cfg" \
		LANG=C.UTF-8 HECTIC_DEBUG_WINDOW="$T/$_n.win" \
		"$PY" "$SHOT" "$T/$_n.json" "$_s" "$_k" -- "$H" "$@" >/dev/null 2>"$T/$_n.err"
	[ -s "$T/$_n.win" ] && [ -s "$T/$_n.json" ]
}

# the share of the elapsed time the RTS spent in GC
rts_share() {
	awk -f tests/rts-s.awk "$1" | awk -F'\t' '$1 == "t_GC_el" { g = $2 }
		$1 == "t_Total_el" { t = $2 } END { if (t > 0) printf "%.6f\n", g / t }'
}

for log in ghc910-threaded ghc910-nonmoving ghc96-nonmoving ghc910-flush ghc910-heap-hT; do
	rts=$(rts_share "$F/$log.rts-s.txt")
	for size in 80x24 160x50; do
		name=$log-$size
		if ! shot "$name" "$size" '' "$F/$log.eventlog"; then
			fail "$name" "no screen: $(cat "$T/$name.err")"
			continue
		fi
		set -- $(cat "$T/$name.win")
		if [ "$6" != 1 ]; then
			fail "$name" "the viewer drew from the bins, not the events"
			continue
		fi
		if ! "$H" activity --columns "$3" --from "$1" --to "$2" --tsv "$F/$log.eventlog" \
			>"$T/$name.act" 2>"$T/$name.act.err"; then
			fail "$name" "hectic activity: $(cat "$T/$name.act.err")"
			continue
		fi
		if out=$("$PY" tests/e2e/lanes-share.py "$T/$name.json" "$T/$name.win" \
			"$T/$name.act" "$rts"); then
			pass
			echo "$name: $out" | tail -1
		else
			fail "$name" "$out"
		fi
	done
done

# the default height: 2 capabilities in 24 rows (18 left by the fixed rows,
# half of them for the lanes) get 4 rows each; in 50 rows, 8 (the most)
lane_h() { set -- $(cat "$T/$1.win"); echo "${8:-1}"; }
want_h() { # NAME WANT
	_g=$(lane_h "$1")
	if [ "$_g" = "$2" ]; then pass; else fail "$1" "$_g rows per lane, want $2"; fi
}
TH=$F/ghc910-threaded.eventlog
want_h ghc910-threaded-80x24 4
want_h ghc910-threaded-160x50 8
# a row taller, two rows shorter, and never outside 1 .. 8
shot taller 80x24 ')' "$TH" && want_h taller 5 || fail taller "no screen"
shot shorter 80x24 '((' "$TH" && want_h shorter 2 || fail shorter "no screen"
shot fewest 80x24 '((((((((((' "$TH" && want_h fewest 1 || fail fewest "no screen"
shot most 160x50 ')))' "$TH" && want_h most 8 || fail most "no screen"
# the rc's lane-height
printf 'set lane-height 2\n' >"$T/cfg/hectic/hecticrc"
shot rc 160x50 '' "$TH" && want_h rc 2 || fail rc "no screen"
rm -f "$T/cfg/hectic/hecticrc"

echo "lanes-share: $n checks, $nbad failed"
[ "$nbad" -eq 0 ]
