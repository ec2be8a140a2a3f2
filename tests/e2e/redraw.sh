#!/bin/sh
# End-to-end tests of the screen after a resize and after Ctrl-L (issue
# 48, item 2). With each panel and pane open in turn (the keymap's actions
# that open one: pauses, filters, search and go-to prompts, threads,
# stats, bookmarks, event detail, sparks, thread rows, spans, heap,
# profile, GC histogram, SQL prompt and pane, ticky, findings, help), the
# terminal is resized from 120x40 to 50x15 and back: each screen is the
# one a fresh start at that size with the same keys shows, cell for cell;
# no cell of a panel drawn in a box (its colours) is outside it (a row
# run on past the screen's edge wraps onto the next one); and Ctrl-L then draws the same
# screen again, the panel still open. Ctrl-L keeps a selection in a
# panel, a marked interval and its message, and a prompt's text too.
# The real binary in a detached tmux session.
# Usage: tests/e2e/redraw.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/redraw.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux sed grep awk cmp diff; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-redraw: $t not found (tools/deps.sh names its package)"
		echo "e2e-redraw: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

F=tests/fixtures
TH=$F/threaded.eventlog
HT=$F/profile-hT.eventlog
HC=$F/profile-hc.eventlog
TK=$F/modern/ghc910-ticky-ipe.eventlog
# (at 50 columns the status line gives way from its least important
# part: the cursor, then the window go before the events field, which
# shortens but stays)
READY='  events: [a-z0-9]'
S=$E2E_T/shots
mkdir -p "$S"

# shot NAME: the screen, once still, kept as $S/NAME (and its cells with
# colours as $S/NAME.e)
shot() {
	sleep 0.3
	capture
	settle
	cp "$E2E_SCREEN" "$S/$1"
	capture_e
	cp "$E2E_SCREEN_E" "$S/$1.e"
}

# same NAME A B: the screens A and B are the same, cell for cell
same() {
	if cmp -s "$S/$2" "$S/$3"; then
		pass
	else
		fail "$1" "screen $2 differs from $3"
		diff "$S/$3" "$S/$2" | sed 's/^/    /'
	fi
}

# in_box NAME SHOT: no cell of the first or the last column is in the
# panel's colours (background 236): a box is narrower than the screen, so
# such a cell is a row of the panel run on past the screen's edge (which
# wraps onto the next row, from its first column)
in_box() {
	r=$(LC_ALL=C awk -f tests/e2e/cells.awk "$S/$2.e" | awk -F '\t' -v w="$E2E_W" '
		$4 == 236 && ($2 == 0 || $2 == w - 1) { n++; if (!at) at = "row " $1 " column " $2 }
		END { print n ? n " cells, the first at " at : "ok" }')
	if [ "$r" = ok ]; then pass; else
		fail "$1" "the panel outside its box: $r"
		sed 's/^/    |/' "$S/$2"
	fi
}

# ready NAME: the viewer is up, and the doctor's hint (a message that
# comes when the findings are ready) has come, or will not: the keys
# after it find the same screen at every start
ready() {
	if ! wait_for "$READY" 10; then
		fail "$1" "no viewer"
		return 1
	fi
	wait_for '!: the findings' 3 >/dev/null
	return 0
}

# panel NAME KEYS BOXED LOG: with KEYS typed (words for keys), resized to
# 50x15 and back, against fresh starts at both sizes; Ctrl-L at each
panel() {
	name=$1 pk=$2 boxed=$3 log=$4
	start 50 15 -- "$log"
	ready "$name-small-start" || return
	# shellcheck disable=SC2086
	keys $pk
	shot "$name.small0"
	start 120 40 -- "$log"
	ready "$name-start" || return
	# shellcheck disable=SC2086
	keys $pk
	shot "$name.big0"
	tm resize-window -t e2e -x 50 -y 15 >/dev/null 2>&1
	E2E_W=50 E2E_H=15
	shot "$name.small"
	same "$name-resized-small" "$name.small" "$name.small0"
	[ "$boxed" = box ] && in_box "$name-small-box" "$name.small"
	keys C-l
	shot "$name.small-l"
	same "$name-small-ctrl-l" "$name.small-l" "$name.small0"
	tm resize-window -t e2e -x 120 -y 40 >/dev/null 2>&1
	E2E_W=120 E2E_H=40
	shot "$name.big"
	same "$name-resized-back" "$name.big" "$name.big0"
	[ "$boxed" = box ] && in_box "$name-big-box" "$name.big"
	keys C-l
	shot "$name.big-l"
	same "$name-ctrl-l" "$name.big-l" "$name.big0"
	alive "$name-alive"
}

# alive NAME: hectic still runs
alive() {
	if [ -e "$E2E_T/rc" ]; then fail "$1" "hectic ended ($(cat "$E2E_T/rc"))"; else pass; fi
}

panel pauses p box "$TH"
panel pauses-sel "p j j" box "$TH"
panel filters f box "$TH"
panel filters-sel "f End" box "$TH"
panel search "/ t h r e a d" line "$TH"
panel goto ": 2 0 m s" line "$TH"
panel threads t box "$TH"
panel stats "v G v s" box "$TH"
panel bookmarks "m G m '" box "$TH"
panel detail d box "$TH"
panel sparks A pane "$TH"
panel thread-rows R pane "$TH"
panel spans S box "$TH"
panel heap H pane "$HT"
panel profile P pane "$HC"
panel gc-histogram D pane "$TH"
panel sql-prompt Q line "$TH"
panel sql-pane ";" pane "$TH"
panel ticky I pane "$TK"
panel findings ! pane "$TH"
panel help ? box "$TH"

# ---- Ctrl-L changes nothing but the screen ----
start 120 40 -- "$TH"
ready start
keys v l l l v
check marked 'interval marked'
shot mark0
keys C-l
shot mark1
same ctrl-l-keeps-mark mark1 mark0
check ctrl-l-keeps-message 'interval marked'
keys p j
shot pj0
keys C-l
shot pj1
same ctrl-l-keeps-panel-selection pj1 pj0
check ctrl-l-panel-open 'GC pauses'
keys Enter
check_gone panel-closes-on-enter 'GC pauses: '
keys / a b c C-l
shot prompt
if grep -q '^/abc' "$S/prompt"; then pass; else fail ctrl-l-keeps-prompt "no /abc prompt"; fi
keys Escape q
check_exit quit 0

echo "e2e-redraw: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
