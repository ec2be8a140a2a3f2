#!/bin/sh
# The walk (issue 17): the viewer of an ASan+UBSan build on a large
# generated log (over 500 MB, more than 2,000,000 events in the whole-run
# view; bench/gen.c's `big` mode), driven in tmux through every action of
# the action table in every context: the event list, every pane and every
# panel. The actions and their keys come from the program
# (build/tools/gen-man-keys tsv), the panes and panels from the views'
# opens_on (viewer/view_*.c): nothing is listed by hand. After each action
# hectic is alive, its stderr holds no sanitizer report, and the screen is
# sane (the ruler, the status line or a prompt, no replacement character, a
# full frame); a prompt the action opened is answered. Each context is
# confirmed before its actions: a pane by its header, a panel by its title
# (or its prompt), each learnt by opening it from the event list, so that
# a key that stopped opening its panel is not walked as the event list. Ctrl-Z suspends and
# fg resumes in every context; q ends the walk of each panel (if it quits
# there, hectic must exit 0 with the terminal restored, and is started
# again), and at the end q from the event list exits 0 with the terminal
# restored. A crash or a hang is reported (context,
# action, key, the sanitizer's first frames) and the viewer is started
# again, so one crash hides no other.
#
# Then the same walk with a session file of extreme values (the maximum
# u64 in every field, a mark that wraps, bookmarks out of order, unknown
# keys) at $XDG_STATE_HOME/hectic/<FNV-1a of the log's real path>.session;
# that the viewer read it is checked: its first status names each field
# dropped (and the count of bookmarks out of the run), and the bookmarks
# panel lists those in the run.
#
# Then the walk of the two-log viewer (issue 32): hectic LOG LOG2, LOG2 a
# second log of bench/gen.c's big mode at $HECTIC_WALK_SIZE2 (60M), so
# that every action of every pane and panel runs with two runs.
#
# Usage: sh tests/e2e/walk.sh BUILD_DIR (a SANITIZE=1 build: make check-big)
# Environment:
#   HECTIC_BENCH_DIR   where the log is cached, as make bench does
#                      [/tmp/hectic-bench]
#   HECTIC_WALK_SIZE   the log's size, bytes or K/M/G (10^3, 10^6, 10^9)
#                      [520M]; below 500M the walk runs, but the size
#                      check fails
#   HECTIC_WALK_PASSES "plain session two" (the default), or some of them;
#                      more than one run side by side, each a walk.sh of
#                      its own on the cached logs (each pass is one
#                      viewer, a core at most: 3 passes on CI's 2 cores
#                      take about half the time of one after another),
#                      their output one pass after another at the end
#   HECTIC_WALK_SERIAL 1: the passes one after another in this process
#   HECTIC_WALK_SIZE2  the second log's size for the pass "two" [60M]
#   HECTIC_WALK_CONTEXTS  the contexts to walk, e.g. "list heap threads"
#                      (default: every one)
#   CC                 the compiler of bench/gen.c [cc]
set -u
case ${1:-} in
"") echo "usage: tests/e2e/walk.sh BUILD_DIR" >&2; exit 2 ;;
/*) B=$1 ;;
*) B=$PWD/$1 ;;
esac
E2E_HECTIC=$B/hectic
KEYS_TOOL=$B/tools/gen-man-keys
for f in "$E2E_HECTIC" "$KEYS_TOOL"; do
	[ -x "$f" ] || { echo "walk: $f: not built (make SANITIZE=1 unit-build)" >&2; exit 2; }
done
for t in tmux cksum od awk; do
	command -v "$t" >/dev/null 2>&1 || { echo "walk: $t not found" >&2; exit 2; }
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

W=120
H=32
SAN_ENV="ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1"
SAN_RE='ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|SUMMARY: (Address|Undefined|Leak)Sanitizer'
T0=$(date +%s)
note() { echo "walk: $*"; }
elapsed() { echo $(($(date +%s) - T0)); }

# ---- the log: generated once, cached as make bench caches its own ----

CC=${CC:-cc}
dir=${HECTIC_BENCH_DIR:-/tmp/hectic-bench}
size_arg=${HECTIC_WALK_SIZE:-520M}
target=$(echo "$size_arg" | awk '
	/^[0-9]+([kKmMgG][bB]?|[bB])?$/ {
		n = $0; m = 1
		if (n ~ /[kK]/) m = 1e3; else if (n ~ /[mM]/) m = 1e6; else if (n ~ /[gG]/) m = 1e9
		sub(/[^0-9].*$/, "", n); printf "%.0f\n", n * m; exit }
	{ exit 1 }') || { echo "walk: bad HECTIC_WALK_SIZE '$size_arg'" >&2; exit 2; }
GEN=$E2E_T/gen
$CC -O2 -o "$GEN" bench/gen.c || { echo "walk: cannot build bench/gen.c" >&2; exit 2; }
LOG=$dir/big-$size_arg.eventlog
key="big $(cksum <bench/gen.c) $target"
if [ -f "$LOG" ] && [ -f "$LOG.stamp" ] && [ "$(sed -n 1p "$LOG.stamp")" = "$key" ]; then
	note "using cached $LOG"
else
	mkdir -p "$dir" || exit 2
	rm -f "$LOG" "$LOG.stamp"
	note "writing $LOG (bench/gen.c big $size_arg)"
	"$GEN" big "$target" "$LOG.part" || { rm -f "$LOG.part"; echo "walk: gen failed" >&2; exit 2; }
	counts=$("$GEN" -c "$LOG.part") || { rm -f "$LOG.part"; echo "walk: $LOG.part: not a well-formed eventlog" >&2; exit 2; }
	mv "$LOG.part" "$LOG"
	printf '%s\n%s\n' "$key" "$counts" >"$LOG.stamp"
fi
# the second log of the pass "two", cached likewise
size2=${HECTIC_WALK_SIZE2:-60M}
LOG2=$dir/big-$size2.eventlog
key2="big $(cksum <bench/gen.c) $size2"
if [ -f "$LOG2" ] && [ -f "$LOG2.stamp" ] && [ "$(sed -n 1p "$LOG2.stamp")" = "$key2" ]; then
	note "using cached $LOG2"
else
	rm -f "$LOG2" "$LOG2.stamp"
	note "writing $LOG2 (bench/gen.c big $size2)"
	t2=$(echo "$size2" | awk '{ n = $0; m = 1; if (n ~ /[mM]/) m = 1e6; else if (n ~ /[gG]/) m = 1e9; else if (n ~ /[kK]/) m = 1e3
		sub(/[^0-9].*$/, "", n); printf "%.0f\n", n * m }')
	"$GEN" big "$t2" "$LOG2.part" && "$GEN" -c "$LOG2.part" >/dev/null ||
		{ rm -f "$LOG2.part"; echo "walk: gen failed for $LOG2" >&2; exit 2; }
	mv "$LOG2.part" "$LOG2"
	echo "$key2" >"$LOG2.stamp"
fi
bytes=$(wc -c <"$LOG")
events=$(sed -n 2p "$LOG.stamp" | cut -d' ' -f1)
note "$LOG: $bytes bytes, $events events ($(elapsed) s)"
# the issue's sizes: over 500 MB, more than 2,000,000 events in the
# whole-run view (the window the viewer opens on)
# (checked once: by the walk that runs the passes side by side, not by each)
if [ "${HECTIC_WALK_KID:-0}" != 1 ]; then
	if [ "$bytes" -gt 500000000 ]; then pass; else fail log-size "$bytes bytes, want over 500 MB"; fi
	if [ "${events:-0}" -gt 2000000 ]; then pass; else fail log-events "$events events, want over 2,000,000"; fi
fi

# ---- the passes side by side ----
passes=${HECTIC_WALK_PASSES:-plain session two}
set -- $passes
if [ "$#" -gt 1 ] && [ "${HECTIC_WALK_SERIAL:-0}" != 1 ]; then
	note "the passes $passes side by side, each a walk of its own (HECTIC_WALK_SERIAL=1: one after another)"
	kids=
	for p in $passes; do
		HECTIC_WALK_PASSES=$p HECTIC_WALK_SERIAL=1 HECTIC_WALK_KID=1 sh tests/e2e/walk.sh "$B" >"$E2E_T/pass-$p.out" 2>&1 &
		kids="$kids $!"
		eval "kid_$p=\$!"
	done
	# the passes end with this walk, however it ends
	trap 'kill $kids 2>/dev/null; e2e_cleanup' EXIT
	total=$e2e_checks failed=$e2e_failed
	for p in $passes; do
		eval "wait \$kid_$p"
		rc=$?
		echo "walk: ---- pass $p (exit $rc, ended at $(elapsed) s) ----"
		cat "$E2E_T/pass-$p.out"
		last=$(tail -n 1 "$E2E_T/pass-$p.out")
		case $last in
		"walk: "*" checks, "*" failed")
			n=${last#walk: }
			total=$((total + ${n%% *}))
			n=${n#* checks, }
			failed=$((failed + ${n%% *}))
			;;
		*)
			echo "walk: FAIL: pass $p ended without its count (exit $rc)"
			failed=$((failed + 1))
			;;
		esac
		[ "$rc" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
	done
	note "$(elapsed) s in all"
	echo "walk: $total checks, $failed failed"
	[ "$failed" -eq 0 ]
	exit
fi

# ---- the actions and the contexts, from the program ----

"$KEYS_TOOL" tsv >"$E2E_T/keys" || { echo "walk: gen-man-keys tsv failed" >&2; exit 2; }
# one line per action: name, ID, its first key (the table's order)
awk -F'\t' '!seen[$2]++' "$E2E_T/keys" >"$E2E_T/actions"
nact=$(wc -l <"$E2E_T/actions")
key_of_id() { awk -F'\t' -v id="$1" '$2 == id { print $3; exit }' "$E2E_T/actions"; }
name_of_id() { awk -F'\t' -v id="$1" '$2 == id { print $1; exit }' "$E2E_T/actions"; }
# every view that opens on an action: "name ID pane|panel"
for f in viewer/view_*.c; do
	if [ ! -e "$f" ]; then
		fail views "no viewer/view_*.c to learn the views from"
		continue
	fi
	awk '
	/^const struct view_ops view_[a-z_]+ = \{/ { inv = 1; name = ""; id = ""; pane = "panel" }
	inv && /\.name = "/ { s = $0; sub(/.*\.name = "/, "", s); sub(/".*/, "", s); name = s }
	inv && /\.pane = true/ { pane = "pane" }
	inv && /\.opens_on = ACT_/ { s = $0; sub(/.*\.opens_on = ACT_/, "", s); sub(/[^A-Z_].*/, "", s); id = s }
	inv && /^};/ { if (id != "") print name, id, pane; inv = 0 }' "$f"
done >"$E2E_T/views"
# the contexts: the event list, then the panes, then the panels
{
	echo "list NONE base"
	grep ' pane$' "$E2E_T/views"
	grep ' panel$' "$E2E_T/views"
} >"$E2E_T/contexts"
if [ -n "${HECTIC_WALK_CONTEXTS:-}" ]; then
	awk -v want=" $HECTIC_WALK_CONTEXTS " 'index(want, " " $1 " ")' "$E2E_T/contexts" >"$E2E_T/c2"
	mv "$E2E_T/c2" "$E2E_T/contexts"
fi
note "$nact actions; contexts: $(awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 }' "$E2E_T/contexts")"
K_MARK=$(key_of_id MARK)
K_RIGHT=$(key_of_id RIGHT)
K_START=$(key_of_id GO_START)
K_FIT=$(key_of_id ZOOM_FIT)
K_TOGGLE_FILTERS=$(key_of_id TOGGLE_FILTERS)
QUIT_KEY=$(key_of_id QUIT)
SUSPEND_KEY=$(key_of_id SUSPEND)
CANCEL_KEY=$(key_of_id CANCEL)
for id in QUIT SUSPEND CANCEL SEARCH MARK RIGHT GO_START TOGGLE_FILTERS BOOKMARK BOOKMARKS SELECT SQL SQL_PANE; do
	[ -n "$(key_of_id $id)" ] || { echo "walk: no default key for ACT_$id" >&2; exit 2; }
done

# ---- driving ----

# idle [SECS]: hectic has drawn a frame since the window file was removed
# and sleeps in its input wait (twice in a row, 30 ms apart); 1 when it
# ended or after SECS (120)
# (no process is forked but sleep: this runs after every key)
pstate() {
	_st=
	{ read -r _st <"/proc/$1/stat"; } 2>/dev/null || return 0
	_st=${_st##*) }
	_st=${_st%% *}
}
# busy_task PID: a thread of hectic runs (a busy step's worker, the
# loader): the main thread waits in poll meanwhile, the frame not yet made
busy_task() {
	for _t in /proc/"$1"/task/*/stat; do
		[ -e "$_t" ] || continue
		{ read -r _ts <"$_t"; } 2>/dev/null || continue
		_ts=${_ts##*) }
		case ${_ts%% *} in R | D) return 0 ;; esac
	done
	return 1
}
idle() {
	_p=$(cat "$E2E_PIDF" 2>/dev/null)
	[ -n "$_p" ] || _p=$(hectic_pid)
	_n=$((${1:-120} * 40))
	_q=0
	while [ "$_n" -gt 0 ]; do
		pstate "$_p"
		_s=$_st
		case $_s in Z | X | '') return 1 ;; esac
		if [ -e "$E2E_WIN" ] && [ "$_s" = S ] && ! busy_task "$_p"; then
			_q=$((_q + 1))
			[ "$_q" -ge 2 ] && return 0
		else
			_q=0
		fi
		sleep 0.02
		_n=$((_n - 1))
	done
	return 1
}

# send KEY ...: the keys (one tmux call, but an Escape alone: termkey
# would read it and the next key as Alt+key), then wait for hectic to have
# handled them
send() {
	rm -f "$E2E_WIN"
	_ks=
	for _k in "$@"; do
		case $_k in
		Escape | C-\[)
			[ -n "$_ks" ] && eval "tm send-keys -t e2e $_ks"
			keys "$_k"
			_ks=
			;;
		*\'*) _ks="$_ks $(q "$_k")" ;;
		';') _ks="$_ks '\;'" ;; # (a lone ";" ends a tmux command)
		*) _ks="$_ks '$_k'" ;;
		esac
	done
	[ -n "$_ks" ] && eval "tm send-keys -t e2e $_ks"
	idle
}

alive_now() {
	_p=$(hectic_pid)
	[ -n "$_p" ] || return 1
	pstate "$_p"
	case $_st in Z | X | T | '') return 1 ;; esac
	return 0
}

# the sanitizer's report: its first lines and first frames
san_report() {
	grep -E "$SAN_RE" "$E2E_ERR" 2>/dev/null | head -3 | sed 's/^/      /'
	grep -E '^ *#[0-9]+ ' "$E2E_ERR" 2>/dev/null | head -8 | sed 's/^/      /'
}

CRASHES=0
RESTARTS=0
SESSION=0
# launch: a fresh viewer on the log, loaded, with a bookmark, a search,
# an interval marked and an SQL query run
launch() {
	# shellcheck disable=SC2086 # SAN_ENV is two VAR=VALUE words
	if [ "$SESSION" = 1 ]; then
		write_session
		start_job "$W" "$H" $SAN_ENV XDG_STATE_HOME="$STATE" -- "$LOG"
	elif [ "$PASS" = two ]; then
		start_job "$W" "$H" $SAN_ENV -- "$LOG" "$LOG2"
	else
		start_job "$W" "$H" $SAN_ENV -- "$LOG"
	fi
	if ! wait_for 'events: ' 600 || ! idle 60; then
		fail "$PASS-load" "the viewer did not come up on the log in 10 minutes; stderr: $(head -c 600 "$E2E_ERR")"
		return 1
	fi
	# (the session's message, if any, is on the status line now)
	status_line >"$E2E_T/first-status"
	send "$(key_of_id BOOKMARK)" "$(key_of_id SEARCH)"
	text 'worker 1'
	send Enter "$(key_of_id MARK)" "$(key_of_id RIGHT)" "$(key_of_id RIGHT)" "$(key_of_id MARK)"
	# a query whose rows have times, so that the SQL pane's actions go to
	# them (the pane shown, then the event list again)
	send "$(key_of_id SQL)"
	text 'SELECT start AS time, end, pause FROM gcs LIMIT 1000'
	send Enter "$(key_of_id SQL_PANE)"
	return 0
}
relaunch() {
	RESTARTS=$((RESTARTS + 1))
	reap
	launch
}

# look: capture the screen and read it in one pass (this runs several
# times per action): sets SHOWN (the pane on the screen, or "list"),
# PROMPT (1: the last row is a prompt) and BAD (why the frame is not a
# whole one: the ruler on the first row (its width, then user markers
# and time labels), the status line or a prompt on
# the last, no U+FFFD, no control character; "" when it is)
PANE_SIG=$E2E_T/panesig
: >"$PANE_SIG"
look() {
	capture
	_r=$(LC_ALL=C awk -v h="$H" -v ruler='^[0-9.]+[a-z]+ .*\342\224\202' \
		-v status='^ [^ ].*  [0-9.]+[a-z]+\\.\\.[0-9.]+[a-z]+  cursor ' '
	NR == FNR { r[$1] = $2; w[$1] = $3; next }
	{ line[FNR] = $0; n = FNR }
	/\357\277\275/ && !bad { bad = "a U+FFFD on row " FNR - 1 }
	/[\001-\010\013-\037\177]/ && !bad { bad = "a control character on row " FNR - 1 }
	END {
		shown = "list"
		for (p in r) {
			x = line[r[p]]; sub(/^ +/, "", x); split(x, a, /[ :]/)
			if (a[1] == w[p]) shown = p
		}
		last = line[h]
		prompt = last ~ /^[^ ]/
		if (n != h) bad = "the screen has " n " rows, not " h
		else if (line[1] !~ ruler) bad = "no ruler on the first row"
		# (a busy step says itself on the last row until it ends: "
		# building the profile: 0.1 s  (q quits)")
		else if (!prompt && last !~ status && last !~ /^ [^ ].*: [0-9]+\.[0-9] s  \(.* quits\) *$/) bad = "no status line and no prompt on the last row"
		print shown, prompt, bad
	}' "$PANE_SIG" "$E2E_SCREEN")
	SHOWN=${_r%% *}
	_r=${_r#* }
	PROMPT=${_r%% *}
	BAD=${_r#"$PROMPT"}
	BAD=${BAD# }
}

# sane NAME: the screen is a whole frame
sane() {
	look
	if [ -n "$BAD" ]; then fail "$1" "$BAD"; else pass; fi
}

# after NAME: hectic lived through the keys just sent (else the crash is
# reported and the viewer started again: 1), and the screen is sane
after() {
	if ! alive_now || { [ -s "$E2E_ERR" ] && grep -Eq "$SAN_RE" "$E2E_ERR"; }; then
		sleep 0.5
		capture
		CRASHES=$((CRASHES + 1))
		fail "$1" "hectic died or reported (exit at the shell: see below); stderr:"
		san_report
		[ -s "$E2E_ERR" ] && ! grep -Eq "$SAN_RE" "$E2E_ERR" && head -c 400 "$E2E_ERR" | sed 's/^/      /'
		relaunch
		return 1
	fi
	sane "$1"
	return 0
}

# stuck NAME: send or enter gave up waiting (idle's 120 s): hectic still
# alive is a hang, a failure, and the viewer is started again; a dead one
# is after's crash
stuck() {
	if alive_now; then
		capture
		fail "$1" "hectic still busy 120 s after the keys (a hang?); status: $(status_line)"
		relaunch
	else
		after "$1"
	fi
	return 0
}

# the pane shown: each pane's header word and row, learnt by opening it
# from the event list: of the event list's rows (from its first, a time),
# which the pane takes, the first whose first word changed, read as look
# reads it (the rows above change too: a pane's labels can widen the
# gutter, and the plots move and take other columns)
learn_panes() {
	: >"$PANE_SIG"
	send "$CANCEL_KEY"
	capture
	cp "$E2E_SCREEN" "$E2E_T/list-screen"
	while read -r name id kind; do
		[ "$kind" = pane ] || continue
		k=$(key_of_id "$id")
		send "$k" || { stuck "$PASS/learn/$name"; continue; }
		capture
		sig=$(awk -v h="$H" 'function word(s, a) { sub(/^ +/, "", s); split(s, a, /[ :]/); return a[1] }
			NR == FNR { l[FNR] = $0
				if (!from && FNR > 1 && word($0) ~ /^[0-9]+(\.[0-9]+)?[a-z]+$/) from = FNR
				next }
			FNR > (from ? from - 1 : 1) && FNR < h && word($0) != word(l[FNR]) { print FNR, word($0); exit }' \
			"$E2E_T/list-screen" "$E2E_SCREEN")
		if [ -z "$sig" ]; then
			# what the viewer did: the frame after 2 s more, its window
			sleep 2
			capture
			late=$(awk -v h="$H" 'NR == FNR { l[FNR] = $0; next }
				FNR > 1 && FNR < h && $0 != l[FNR] { n++ } END { print n + 0 }' \
				"$E2E_T/list-screen" "$E2E_SCREEN")
			fail "$PASS/learn/$name" "the $name pane (key $k) did not show ($late rows changed 2 s later; window: $(cat "$E2E_WIN" 2>/dev/null); status: $(status_line))"
		else
			echo "$name $sig" >>"$PANE_SIG"
			pass
		fi
		send "$k"
	done <"$E2E_T/views"
}
# the panel shown: each panel's title (the bold text at the top of its
# box: its words up to the first figure, colon, comma or parenthesis), or,
# for a panel that is a prompt, the prompt's first character; learnt by
# opening it from the event list with an interval marked, as enter does
PANEL_SIG=$E2E_T/panelsig
: >"$PANEL_SIG"
BOLD=$(printf '\033[1m')
learn_panels() {
	: >"$PANEL_SIG"
	while read -r name id kind; do
		[ "$kind" = panel ] || continue
		pk=$(key_of_id "$id")
		send "$CANCEL_KEY" "$K_MARK" "$K_RIGHT" "$K_MARK" || { stuck "$PASS/learn/$name"; continue; }
		capture
		cp "$E2E_SCREEN" "$E2E_T/list-screen"
		send "$pk" || { stuck "$PASS/learn/$name"; continue; }
		capture
		capture_e
		n=$(awk -v h="$H" 'NR == FNR { l[FNR] = $0; next }
			FNR > 1 && FNR < h && $0 != l[FNR] { print FNR; exit }' "$E2E_T/list-screen" "$E2E_SCREEN")
		sig=
		if [ -n "$n" ]; then
			# the row's first bold run that the event list's row lacks
			sig=$(sed -n "${n}p" "$E2E_T/list-screen" >"$E2E_T/list-row"
				sed -n "${n}p" "$E2E_SCREEN_E" | awk -v b="$BOLD" -v old="$(cat "$E2E_T/list-row")" '{
				s = $0
				while ((i = index(s, b)) > 0) {
					s = substr(s, i + length(b)); t = s
					sub(/\033.*/, "", t); sub(/[:(,0-9].*/, "", t); sub(/ +$/, "", t)
					if (t != "" && !index(old, t)) { print "title " t; exit }
				}
			}')
		fi
		if [ -z "$sig" ]; then
			last=$(sed -n "${H}p" "$E2E_SCREEN")
			case $last in [!\ ]*) sig="prompt $(printf '%s' "$last" | cut -c1)" ;; esac
		fi
		if [ -z "$sig" ]; then
			fail "$PASS/learn/$name" "the $name panel (key $pk) showed no title and no prompt (first changed row: ${n:-none}; status: $(status_line))"
		else
			echo "$name $sig" >>"$PANEL_SIG"
			pass
		fi
	done <"$E2E_T/views"
	send "$CANCEL_KEY"
}
# panel_open NAME: the screen shows the panel NAME: its title in bold, or
# its prompt on the last row (0), else 1, its signature in $PANEL_WANT
panel_open() {
	PANEL_WANT=$(awk -v n="$1" '$1 == n { $1 = ""; sub(/^ /, ""); print; exit }' "$PANEL_SIG")
	case $PANEL_WANT in
	"title "*)
		capture_e
		grep -qF -- "$BOLD${PANEL_WANT#title }" "$E2E_SCREEN_E"
		;;
	"prompt "*)
		[ "$(sed -n "${H}p" "$E2E_SCREEN" | cut -c1)" = "${PANEL_WANT#prompt }" ]
		;;
	*) return 1 ;;
	esac
}
# enter NAME ID KIND KEY: from any state, into the context: the panel or
# prompt closed, the right pane (or none), an interval marked, the
# context's own key. Status 1: not in the context (a failure said), 2: the
# keys not taken in time (stuck's to report)
enter() {
	send "$CANCEL_KEY" || return 2
	want=list
	[ "$3" = pane ] && want=$1
	look
	shown=$SHOWN
	ks=""
	if [ "$shown" != list ] && [ "$shown" != "$want" ]; then
		ks=$(key_of_id "$(awk -v p="$shown" '$1 == p { print $2 }' "$E2E_T/views")")
	fi
	ks="$ks $K_MARK $K_RIGHT $K_MARK"
	[ "$3" = pane ] && [ "$shown" != "$1" ] && ks="$ks $4"
	[ "$3" = panel ] && ks="$ks $4"
	# shellcheck disable=SC2086 # the keys are words
	send $ks || return 2
	# a prompt as the context: the keys are its text
	look
	CTX_PROMPT=$PROMPT
	# a pane shown over a window an action left (zoomed far into a gap:
	# the pane's first rows are not those learnt on the whole run): once
	# more on the whole run, then in a viewer started again
	if [ "$3" = pane ] && [ "$SHOWN" != "$want" ]; then
		ks="$CANCEL_KEY"
		[ "$SHOWN" = "$1" ] || [ "$SHOWN" = list ] || ks="$ks $(key_of_id "$(awk -v p="$SHOWN" '$1 == p { print $2 }' "$E2E_T/views")")"
		# shellcheck disable=SC2086 # the keys are words
		send $ks "$K_FIT" "$K_MARK" "$K_RIGHT" "$K_MARK" "$4" || return 2
		look
		if [ "$SHOWN" != "$want" ]; then
			relaunch || return 1
			send "$4" || return 2
			look
		fi
		CTX_PROMPT=$PROMPT
	fi
	if [ "$3" != panel ] && [ "$SHOWN" != "$want" ]; then
		fail "$PASS/$1/enter" "could not get into the $1 view (the screen shows $SHOWN)"
		return 1
	fi
	# a panel open: its title (or prompt) as learnt, not the event list
	# walked in its name. An action before can leave a state where the
	# panel has nothing to show (the cursor at the run's end: no event
	# after it for the detail, no room right of it for an interval; every
	# class filtered out): once more from the run's start with the
	# classes back, then in a viewer started again; still shut, a failure
	if [ "$3" = panel ] && ! panel_open "$1"; then
		ks="$CANCEL_KEY $K_START"
		status_line | grep -Eq ' events: none( |$)' && ks="$ks $K_TOGGLE_FILTERS"
		# shellcheck disable=SC2086 # the keys are words
		send $ks "$K_MARK" "$K_RIGHT" "$K_MARK" "$4" || return 2
		look
		CTX_PROMPT=$PROMPT
		if ! panel_open "$1"; then
			relaunch || return 1
			send "$4" || return 2
			look
			CTX_PROMPT=$PROMPT
		fi
		if ! panel_open "$1"; then
			fail "$PASS/$1/enter" "the $1 panel is not open, even in a viewer started again: no ${PANEL_WANT:-learnt title} on the screen (status: $(status_line))"
			return 1
		fi
	fi
	return 0
}

# suspend NAME: Ctrl-Z stops hectic (the shell's prompt, state T), fg
# brings it back with the frame redrawn
suspend_resume() {
	keys "$SUSPEND_KEY"
	if ! wait_for "$E2E_PROMPT *\$" 20; then
		after "$1" || return 1
		fail "$1" "no shell prompt after $SUSPEND_KEY"
		return 0
	fi
	if [ "$(proc_state "$(hectic_pid)")" = T ]; then pass; else fail "$1-stopped" "state $(proc_state "$(hectic_pid)"), not T"; fi
	rm -f "$E2E_WIN"
	text fg
	keys Enter
	idle
	after "$1-fg"
}

# quit NAME: q, last in a context: it closes a panel, or hectic exits 0
# with the terminal restored and starts again
quit_key() {
	rm -f "$E2E_WIN"
	keys "$QUIT_KEY"
	sleep 0.3
	if idle 20; then
		after "$1"
		return
	fi
	# it exited: with 0, the terminal as it was
	job_exit "$1-exit" 0
	flags=$(term_flags)
	if [ "$flags" = "$E2E_RESTORED" ]; then pass; else fail "$1-terminal" "after exit: $flags (want $E2E_RESTORED)"; fi
	if grep -Eq "$SAN_RE" "$E2E_ERR" 2>/dev/null; then
		CRASHES=$((CRASHES + 1))
		fail "$1-sanitizer" "a report at exit:"
		san_report
	fi
	relaunch
}

# walk: every action in every context
walk() {
	learn_panes
	learn_panels
	while read -r cname cid ckind; do
		note "$PASS: $cname ($(elapsed) s)"
		ckey=$(key_of_id "$cid")
		while IFS="$(printf '\t')" read -r aname aid akey; do
			case $aid in QUIT | SUSPEND) continue ;; esac
			label="$PASS/$cname/$aname($akey)"
			if [ -z "$akey" ]; then
				fail "$label" "no key in the default keymap"
				continue
			fi
			enter "$cname" "$cid" "$ckind" "$ckey"
			case $? in
			0) ;;
			2) stuck "$label/enter"; continue ;;
			*) continue ;;
			esac
			rm -f "$E2E_WIN"
			keys "$akey"
			if ! idle 120 && alive_now; then
				capture
				fail "$label" "hectic still busy 120 s after the key (a hang?)"
				relaunch
				continue
			fi
			after "$label" || continue
			[ -n "${HECTIC_WALK_TRACE:-}" ] && echo "walk: $label $(date +%s.%N | cut -c7-14)"
			# a prompt the action opened is answered
			if [ "$CTX_PROMPT" = 0 ] && [ "$PROMPT" = 1 ]; then
				text 1
				send Enter
				after "$label/answered" || continue
			fi
		done <"$E2E_T/actions"
		enter "$cname" "$cid" "$ckind" "$ckey" && suspend_resume "$PASS/$cname/suspend($SUSPEND_KEY)"
		# q in a panel (it closes it); from the event list it ends the pass
		[ "$ckind" = panel ] && enter "$cname" "$cid" "$ckind" "$ckey" &&
			quit_key "$PASS/$cname/quit($QUIT_KEY)"
	done <"$E2E_T/contexts"
}

# ---- the session file of extreme values ----

STATE=$E2E_T/state
# fnv1a64 STRING: the session file's name, as viewer/view_bookmarks.c
# session_path makes it: FNV-1a, 64 bits, as %016llx, but from the basis
# 1469598103934665603 that the program uses (FNV's own offset basis is
# 14695981039346656037); computed in 16-bit limbs (awk's numbers are
# doubles). The plain pass checks it against the file the viewer saved.
fnv1a64() {
	printf '%s' "$1" | od -An -v -tu1 | awk '
	function xor8(a, b,   r, p, i) {
		r = 0; p = 1
		for (i = 0; i < 8; i++) {
			if (int(a / p) % 2 != int(b / p) % 2) r += p
			p *= 2
		}
		return r
	}
	BEGIN { h[0] = 899; h[1] = 29597; h[2] = 4016; h[3] = 5221 }
	{
		for (f = 1; f <= NF; f++) {
			lo = h[0] % 256
			h[0] = h[0] - lo + xor8(lo, $f)
			# h * 0x100000001b3 = h * 0x1b3 + h << 40, mod 2^64
			s[0] = h[0] * 435; s[1] = h[1] * 435
			s[2] = h[2] * 435 + h[0] * 256; s[3] = h[3] * 435 + h[1] * 256
			c = 0
			for (i = 0; i < 4; i++) { s[i] += c; h[i] = s[i] % 65536; c = int(s[i] / 65536) }
		}
	}
	END { printf "%04x%04x%04x%04x\n", h[3], h[2], h[1], h[0] }'
}
REAL=$(cd "$(dirname "$LOG")" && pwd -P)/$(basename "$LOG")
SESSION_FILE=$STATE/hectic/$(fnv1a64 "$REAL").session
MAX=18446744073709551615
write_session() {
	mkdir -p "$STATE/hectic"
	chmod 700 "$STATE" "$STATE/hectic"
	# the right file and size (else nothing is applied); every other
	# field at its extreme, the last line of a key being the one that
	# counts
	cat >"$SESSION_FILE" <<EOF
hectic-session 1
file $REAL
size $bytes
colour purple
window 0 $MAX
window $MAX 0
window $MAX $MAX
cursor $MAX
filters $MAX
thread 4294967296
thread $MAX
cap -9223372036854775808
cap $MAX
bookmark 3000000000
bookmark 1000000
bookmark 2000000000
bookmark 1000000
bookmark 0
bookmark 18446744073709551616
bookmark $MAX
mark 1 $MAX
mark $MAX 0
zoom 99999999999999999999999999
EOF
	chmod 600 "$SESSION_FILE"
}

# session_read: the session pass's viewer read the file: its first status
# names every field the file holds out of range, and the bookmarks that
# were in the log's range ([from, to] of `summary --tsv`) are listed, with
# the one launch set at the cursor
session_read() {
	set -- $("$E2E_HECTIC" summary --tsv "$LOG" | awk -F'\t' '$1 == "from" || $1 == "to" { print $2 }')
	# the readable bookmarks, each once, kept when in the run
	kept=$(for t in 3000000000 1000000 2000000000 0 "$MAX"; do echo "$t"; done |
		awk -v lo="${1:--1}" -v hi="${2:--1}" 'lo >= 0 && $1 + 0 >= lo + 0 && $1 + 0 <= hi + 0 { print $1 }')
	nkept=$(printf '%s' "$kept" | grep -c .)
	# seven bookmark lines: one unreadable, a duplicate, the rest out of
	# the run unless kept
	ndrop=$((7 - nkept))
	[ "$ndrop" -eq 1 ] && s= || s=s
	want="session restored; dropped window, cursor, filters, thread, capability, mark, $ndrop bookmark$s (out of range or unreadable)"
	if [ -n "${2:-}" ] && grep -qF -- "$want" "$E2E_T/first-status"; then pass; else
		fail session/read "the first status does not say '$want' (the log's run: ${1:-?}..${2:-?}): $(cat "$E2E_T/first-status")"
	fi
	send "$(key_of_id BOOKMARKS)" || { stuck session/bookmarks; return; }
	capture
	bad=
	for t in $kept; do
		f=$(fmt_at "$t" "$t" 1000)
		grep -qE -- " [0-9]+ +$f " "$E2E_SCREEN" || bad="$bad $f"
	done
	if grep -q 'bookmarks (' "$E2E_SCREEN" && [ -z "$bad" ]; then pass; else
		fail session/bookmarks "the bookmarks panel lacks the session's bookmarks:$bad (kept: $(echo $kept))"
	fi
	send "$CANCEL_KEY"
}

# ---- the passes ----

for PASS in $passes; do
	case $PASS in
	plain | two) SESSION=0 ;;
	session) SESSION=1 ;;
	*) echo "walk: unknown pass '$PASS'" >&2; exit 2 ;;
	esac
	note "pass $PASS ($(elapsed) s)"
	if ! launch; then
		continue
	fi
	if [ "$SESSION" = 1 ]; then
		note "session: $(cat "$E2E_T/first-status")"
		session_read
	fi
	walk
	# the end: q from the event list exits 0 with the terminal restored
	enter list NONE base
	keys "$QUIT_KEY"
	job_exit "$PASS/end-quit" 0
	flags=$(term_flags)
	if [ "$flags" = "$E2E_RESTORED" ]; then pass; else fail "$PASS/end-terminal" "$flags"; fi
	if grep -Eq "$SAN_RE" "$E2E_ERR" 2>/dev/null; then
		fail "$PASS/end-sanitizer" "a report at exit:"
		san_report
	fi
	if [ "$PASS" = plain ]; then
		# the session the viewer saved is where the session pass puts
		# its own: $XDG_STATE_HOME (here ~/.local/state)/hectic/<FNV-1a>
		saved=$E2E_T/home/.local/state/hectic/$(basename "$SESSION_FILE")
		if [ -f "$saved" ]; then pass; else fail plain/session-path "no $saved after q (saved: $(ls "$E2E_T/home/.local/state/hectic" 2>/dev/null))"; fi
	fi
	reap
done

note "$(elapsed) s; $CRASHES crashes or reports, $RESTARTS restarts"
echo "walk: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
