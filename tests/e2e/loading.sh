#!/bin/sh
# End-to-end tests of the first frames (issue 19): while a large generated
# log loads, the screen shows its skeleton (the ruler, the capabilities,
# where data is, shaded as not loaded) and says "loading"; zoom, pan, the
# cursor and go-to-time answer at once; a key that needs the log waits;
# and once loaded, the screen equals a fresh open given the same keys.
# The loader is held at HECTIC_DEBUG_LOAD_GATE until the test lets it go,
# so that what is seen while loading does not depend on the machine's
# speed.
# Usage: tests/e2e/loading.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/loading.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux awk sed grep cmp ${CC:-cc}; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-loading: $t not found (tools/deps.sh names its package)"
		echo "e2e-loading: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}

# a 40 MB synthetic log (2 capabilities, GCs, 2 MB blocks) from bench/gen.c
LOG=$E2E_T/big.eventlog
if ${CC:-cc} -O2 -o "$E2E_T/gen" bench/gen.c 2>"$E2E_T/cc.err" &&
	"$E2E_T/gen" 40M "$LOG" >/dev/null 2>&1 && [ -s "$LOG" ]; then pass; else
	fail gen "cannot make the log: $(head -5 "$E2E_T/cc.err")"
fi
GATE=$E2E_T/gate

# ---- while loading: the skeleton, and the keys ----
rm -f "$GATE"
start 120 40 HECTIC_DEBUG_LOAD_GATE="$GATE" -- "$LOG"
check_status loading 'loading [0-9]+%'
check skeleton-lanes '^cap 0 +░'
check skeleton-cap1 '^cap 1 +░'
check skeleton-gc '^GC +░'
check skeleton-list 'the events show once the log is indexed'
check_not no-events-yet 'events: '
w0=$(($(win_field 2) - $(win_field 1)))
[ "$w0" -gt 0 ] && pass || fail skeleton-window "no window: $(window)"
# zoom in twice: the window is a quarter, at once
keys + +
tries=40
while [ "$(($(win_field 2) - $(win_field 1)))" -ne $((w0 / 4)) ] && [ "$tries" -gt 0 ]; do
	sleep 0.05
	tries=$((tries - 1))
done
eq zoom-while-loading "$(($(win_field 2) - $(win_field 1)))" $((w0 / 4)) "(from $w0)"
# the cursor moves a column; go to a time
keys l
text ':+3ms'
keys Enter
capture
c1=$(win_field 7)
[ "$c1" -gt 0 ] 2>/dev/null && pass || fail goto-while-loading "cursor column '$c1' ($(window))"
# the next GC needs the tracks: it waits, and says so; so do the keys after it
wbefore=$(win_field 1)
keys "]" +
check_status waits '2 keys wait for the log to load'
check still-loading 'loading [0-9]+%'
# let the load go: the kept keys are taken again, in order
: >"$GATE"
check_status loaded 'events: '
check_gone waited 'keys wait'
# the next GC was taken, then the zoom: the window is no longer the one
# the keys before them made
[ "$(win_field 1)" != "$wbefore" ] && pass || fail gc-went "window still starts at $wbefore"
settle
cp "$E2E_SCREEN" "$E2E_T/progressive"
window >"$E2E_T/progressive.win"
keys q
check_exit quit 0

# ---- a fresh open, loaded before the keys: the same screen ----
start 120 40 -- "$LOG"
check_status fresh-loaded 'events: '
keys + + l
text ':+3ms'
keys Enter "]"
check fresh-gc 'GC at [0-9.]+[mun]?s: pause '
keys +
wait_change
settle
if cmp -s "$E2E_SCREEN" "$E2E_T/progressive"; then pass; else
	fail same-screen "$(diff "$E2E_T/progressive" "$E2E_SCREEN" | head -20)"
fi
eq same-window "$(window)" "$(cat "$E2E_T/progressive.win")"
keys q
check_exit fresh-quit 0

# ---- q while loading ends it at once, the terminal restored ----
rm -f "$GATE"
start 100 30 HECTIC_DEBUG_LOAD_GATE="$GATE" -- "$LOG"
check_status q-loading 'loading [0-9]+%'
keys q
check_exit q-quits 0
eq q-restored "$(term_flags)" "$E2E_RESTORED"

# ---- a tiny terminal while loading, then a resize ----
rm -f "$GATE"
start 30 6 HECTIC_DEBUG_LOAD_GATE="$GATE" -- "$LOG"
check tiny 'too small'
tm resize-window -t e2e -x 100 -y 30 >/dev/null 2>&1
E2E_W=100 E2E_H=30
check_status resized 'loading [0-9]+%'
: >"$GATE"
check_status resized-loaded 'events: '
keys q
check_exit resized-quit 0

# ---- ASCII: the not-loaded glyph has an ASCII form ----
rm -f "$GATE"
start 100 30 HECTIC_DEBUG_LOAD_GATE="$GATE" -- --ascii "$LOG"
check ascii-lanes '^cap 0 +~'
: >"$GATE"
check_status ascii-loaded 'events: '
keys q
check_exit ascii-quit 0

echo "e2e-loading: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
