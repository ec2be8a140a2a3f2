#!/bin/sh
# End-to-end tests of the viewer: the real binary in a detached tmux
# session, driven by keys, checked on the captured screen.
# Usage: tests/e2e/run.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/run.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
# the tools the suite runs, each with its Debian package: a missing one is
# named here rather than failing a check that needs it
missing=0
for t in tmux:tmux stty:coreutils env:coreutils sleep:coreutils mkfifo:coreutils \
	mktemp:coreutils cut:coreutils wc:coreutils sort:coreutils tr:coreutils \
	cmp:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
# process states are read from /proc (a chroot needs it mounted)
if [ ! -r /proc/self/stat ]; then
	echo "e2e: /proc is not mounted (mount -t proc proc /proc)"
	missing=$((missing + 1))
fi
if [ "$missing" -gt 0 ]; then
	echo "e2e: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

F=tests/fixtures
TH=$F/threaded.eventlog
NT=$F/nonthreaded.eventlog
READY='events: '

# less-than / greater-than on integers, as checks
lt() { # lt NAME A B [what]
	if [ -n "$2" ] && [ -n "$3" ] && [ "$2" -lt "$3" ]; then pass; else fail "$1" "want $2 < $3 ${4:-}"; fi
}
span() { set -- $(status_times); [ $# -eq 3 ] && echo $(($2 - $1)); }
eq() {
	if [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}
# eq_set NAME GOT WANT [NOTE]: eq, but an empty side fails
eq_set() {
	if [ -z "$2" ] || [ -z "$3" ]; then fail "$1" "empty: got '$2', want '$3' ${4:-}"; else eq "$@"; fi
}

# ---- startup and q ----
start 120 32 -- $TH
check startup '^[0-9.]+[a-z]+ .*│[0-9.]+[a-z]+'
check startup-util '^util '
for c in 0 1 2 3; do check "startup-cap$c" "^cap $c "; done
check startup-gc '^GC '
check startup-heap '^heap '
# The viewer shows absolute times, as the event list and the reports do:
# the run starts at the first event. The status line writes the window's
# start and end and the cursor in the end's unit, to the column.
wait_for "$READY"
set -- $(window)
START=$(fmt_at "$1" "$2" $((($2 - $1) / $3)))
START_RE=$(printf '%s' "$START" | sed 's/\./\\./g')
START_NS=$(to_ns "$START")
FIRST_NS=$("$E2E_HECTIC" show $TH | sed -n '/^Events:/,$s/^\([0-9][0-9]*\): .*/\1/p' | head -1)
eq startup-t0 "$1" "$FIRST_NS" "(the window starts at the first event)"
END_RE=$(fmt_at "$2" "$2" $((($2 - $1) / $3)) | sed 's/\./\\./g')
check_status startup-status "^ threaded\\.eventlog  $START_RE\\.\\.$END_RE  cursor $START_RE  events: all"
# the event list: times in the screen's unit (ms here), to the nanosecond:
# six decimals
LIST_RE='^ *[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]ms: '
check startup-list "$LIST_RE"
first_ns=$(grep -E "$LIST_RE" "$E2E_SCREEN" | head -1 | sed 's/^ *\([0-9.]*ms\):.*/\1/')
eq startup-list-time "$(label_ns "$first_ns")" "$FIRST_NS" "(the first event's time, $first_ns)"
# the selected event is in reverse video; j/Down and k/Up move it
selected() { capture_e; grep "^$ESC\\[7m\\($ESC\\[[0-9;]*m\\)* *[0-9]*\\.[0-9]\\{6\\}ms: " "$E2E_SCREEN_E" | sed "s/$ESC\\[[0-9;]*m//g; s/ *$//"; }
first=$(grep -E "$LIST_RE" "$E2E_SCREEN" | head -1)
third=$(grep -E "$LIST_RE" "$E2E_SCREEN" | sed -n 3p)
eq list-selected "$(selected)" "$first" "(reverse-video row at start)"
keys j Down
wait_change
eq list-down "$(selected)" "$third" "(reverse-video row after j Down)"
keys k Up
wait_change
eq list-up "$(selected)" "$first" "(reverse-video row after k Up)"
keys q
check_exit quit 0

# ---- zoom, pan, paging, start/end ----
start 120 32 -- $TH
wait_for "$READY"
full=$(status_line | sed 's/  cursor.*//')
w0=$(ruler_width)
b0=$(win_b)
keys l l l l l l l l l l
wait_change
keys +
wait_change
w1=$(ruler_width)
lt zoom-in-plus "$w1" "$w0" "(ruler width after +)"
lt zoom-in-status "$(span)" "$b0" "(status window after +)"
keys i
wait_change
w2=$(ruler_width)
lt zoom-in-i "$w2" "$w1"
keys -
wait_change
w3=$(ruler_width)
lt zoom-out-minus "$w2" "$w3"
keys i i
wait_change
w4=$(ruler_width)
keys o
wait_change
lt zoom-out-o "$w4" "$(ruler_width)"
keys =
wait_status '  cursor'
eq zoom-fit "$(status_line | sed 's/  cursor.*//')" "$full"
keys -
check_status zoom-out-limit 'the whole run is in view'
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25; do keys +; done
check_status zoom-in-limit 'zoomed in as far as 1 ns per column'
wmin=$(ruler_width)
plotw=$(($(row 0 | wc -m) - 1))
if [ -n "$wmin" ] && [ "$wmin" -le "$plotw" ] && [ "$wmin" -ge 1 ]; then pass; else
	fail zoom-in-limit-width "ruler width ${wmin}ns at 1 ns per column, row 0 has $plotw columns"; fi
keys + +
wait_status 'zoomed in as far'
eq zoom-in-stays "$(ruler_width)" "$wmin"
keys =
wait_status '  cursor'
# the cursor, a column at a time
keys g
wait_status "cursor $START_RE"
keys l
wait_change
c1=$(cursor_ns)
lt pan-l "$START_NS" "$c1"
keys Right
wait_change
c2=$(cursor_ns)
lt pan-right "$c1" "$c2"
keys h
wait_change
eq pan-h "$(cursor_ns)" "$c1"
keys Left
wait_status "cursor $START_RE"
eq pan-left "$(cursor_ns)" "$START_NS"
# h at the start: nothing moves (T after it shows when h was handled)
keys h T
wait_status 'event times in nanoseconds'
eq pan-left-at-start "$(cursor_ns)" "$START_NS"
keys T
wait_status "event times in the ruler's unit"
keys G
wait_change
eq go-end-G "$(cursor_ns)" "$b0"
keys g
check_status go-start-g "cursor $START_RE"
keys End
wait_change
eq go-end-End "$(cursor_ns)" "$b0"
keys Home
check_status go-start-Home "cursor $START_RE"
# paging: a screen to the right and back
keys + + +
wait_change
a0=$(win_a)
keys NPage
wait_change
a1=$(win_a)
lt page-down "$a0" "$a1" "(window start after PgDn)"
keys PPage
wait_change
eq page-up "$(win_a)" "$a0" "(window start back after PgUp)"
keys q
check_exit zoom-quit 0

# ---- GC jumps ----
start 120 32 -- $TH
wait_for "$READY"
keys ']'
check_status gc-next 'GC at [0-9.]+[a-z]+: pause [0-9.]+[a-z]+, gen [0-9]+'
g1=$(cursor_ns)
keys ']'
wait_change
g2=$(cursor_ns)
lt gc-next-again "$g1" "$g2"
keys '['
wait_change
eq gc-prev "$(cursor_ns)" "$g1"
status_line | grep -q 'GC at' && pass || fail gc-prev-msg "no 'GC at'"
keys G ']'
check_status gc-last 'no later GC'
keys '['
check_status gc-prev-from-end 'GC at .*gen 1 \(major\)'
keys g '['
check_status gc-first 'no earlier GC'
keys q
check_exit gc-quit 0

start 120 32 -- $NT
wait_for "$READY"
keys '}'
check_status major-next 'GC at [^:]*: pause [^,]*, gen 1 \(major\)'
m1=$(cursor_ns)
keys '}'
wait_change
m2=$(cursor_ns)
lt major-next-again "$m1" "$m2"
status_line | grep -q 'gen 1 (major)' && pass || fail major-next-again-msg "$(status_line)"
keys '{'
wait_change
eq major-prev "$(cursor_ns)" "$m1"
keys '{'
check_status major-first 'no earlier major GC'
keys G '}'
check_status major-last 'no later major GC'
keys ']'
check_status major-last-minor 'no later GC'

# ---- pause list ----
keys p
check pauses-header 'GC pauses: 80; p50 [0-9.]+[a-z]+ p90 [0-9.]+[a-z]+ p99 [0-9.]+[a-z]+ max [0-9.]+[a-z]+'
# the same percentiles as `hectic gcs`
want=$("$E2E_HECTIC" gcs $NT | sed -n 's/^80 collections; pause p50 \([^,]*\), p90 \([^,]*\), p99 \([^,]*\), max \(.*\)$/p50 \1 p90 \2 p99 \3 max \4/p')
# (an empty $want would match any pause list: no line from gcs is a failure)
if [ -z "$want" ]; then
	fail pauses-percentiles "hectic gcs printed no '80 collections; pause p50 ..., max ...' line"
elif grep -qF "GC pauses: 80; $want" "$E2E_SCREEN"; then
	pass
else
	fail pauses-percentiles "want 'GC pauses: 80; $want' as in hectic gcs"
fi
check pauses-row1 ' 1 +[0-9.]+ms +6\.307ms '
# the third longest pause: j, Down, Enter goes to it
# columns: # at pause span cap caps gen copied
p3=$(sed -n 's/.* 3  *\([0-9.]*[a-z]*\)  *\([0-9.]*[a-z]*\)  *[0-9.]*[a-z]*  *[0-9-]*  *[0-9]*  *[0-9]  .*/\1 \2/p' "$E2E_SCREEN" | head -1)
keys j Down Enter
check_status pauses-go 'GC at'
check_not pauses-closed 'GC pauses: 80'
set -- $p3
status_line | grep -q "GC at ${1:-?}: pause ${2:-?}," && pass ||
	fail pauses-go-third "status '$(status_line)', want the third row '$p3'"
keys p Escape
wait_change
check_not pauses-escape 'GC pauses:'
keys q
check_exit pauses-quit 0

# ---- the README's screen: what the viewer draws (make run) at 80x24 ----
awk '/^## The screen/ { s = 1 } s && /^```$/ { if (b) exit; b = 1; next } b' README.md >"$E2E_T/readme-screen"
start 80 24 -- $TH
wait_for '^ threaded\.eventlog .* events: all'
check readme-screen-doctor 'doctor: '
if cmp -s "$E2E_SCREEN" "$E2E_T/readme-screen"; then
	pass
else
	fail readme-screen "README.md's screen is not what hectic $TH draws at 80x24: $(diff "$E2E_T/readme-screen" "$E2E_SCREEN" | head -12)"
fi
keys q
check_exit readme-screen-quit 0

# ---- filters ----
start 120 32 -- $TH
wait_for "$READY"
# F with every class on and no other set saved: everything off
keys F
check_status filters-F-none 'events: none'
check filters-F-none-list 'every event class is filtered out'
keys F
check_status filters-F-on 'events: all'
keys t Enter
check_status filters-setup 'thread 1 first runs here'
check filters-setup-list 'running thread'
keys f
check filters-panel '\[x\] sched +threads and the scheduler'
check filters-panel-gc '\[x\] gc '
keys Enter
check filters-toggle-enter '\[ \] sched '
keys Escape
wait_change
check_status filters-status 'events: gc,heap,sparks,caps,tasks,user,prof,nonmoving,ticky,other'
check_not filters-no-sched '(running|stopping|creating) thread'
keys F
check_status filters-F-all 'events: all'
check filters-F-sched-back 'running thread'
keys F
check_status filters-F-restore 'events: gc,heap,'
check_not filters-F-restore-list 'running thread'
keys f Enter Escape
check_status filters-all-again 'events: all'
# F from "all" goes back to the last set (sched off)
keys F
check_status filters-F-saved 'events: gc,heap,'
keys F
check_status filters-F-saved-all 'events: all'
# the panel says "<Space> or <Enter>: toggle": Space must toggle the selected class
keys f
wait_for '\[x\] sched '
keys Space
check filters-toggle-space '\[ \] sched '
# q in a panel closes the panel; a second q quits
keys q
wait_change
check_not filters-q-closes 'event list classes'
keys q
check_exit filters-quit 0

# ---- the filter's summary on the status line: exactly the classes shown,
# shortened as a whole where it does not fit (the list; "all but" the
# hidden ones; their count), never cut inside a class's name ----
# filter_off W H: the viewer at W x H with sched, sparks and caps off
filter_off() {
	start "$1" "$2" -- $TH
	wait_for "$READY"
	keys f
	wait_for '\[x\] sched '
	keys Enter Down Down Down Enter Down Enter
	wait_for '\[ \] caps '
	keys Escape
	wait_gone 'event list classes'
}
filter_off 160 50
check_status filters-sum-160 'events: gc,heap,tasks,user,prof,nonmoving,ticky,other( |$)'
keys q
check_exit filters-sum-160-quit 0
filter_off 80 24
check_status filters-sum-80 'events: 8 of 11( |$)'
check_not filters-sum-80-no-cut 'events: [a-z,]*,[a-z]*$'
# one class off: "all but" it fits at 80 columns (sparks and caps on
# again)
keys f
wait_for '\[ \] caps '
keys Down Down Down Enter Down Enter
wait_for '\[x\] caps '
keys Escape
check_status filters-sum-80-but 'events: all but sched( |$)'
keys q
check_exit filters-sum-80-quit 0

# ---- search ----
start 120 32 -- $TH
wait_for "$READY"
keys /
check_status search-prompt '^/'
text 'round 2'
check_status search-typed '^/round 2'
keys Enter
check_status search-hit '[0-9.]+ms: round 2$'
r2=$(cursor_ns)
lt search-moves 0 "$r2"
keys n
check_status search-n 'round 2 sum'
r3=$(cursor_ns)
lt search-n-later "$r2" "$r3"
keys n
check_status search-n-end "search hit the run's end, continuing at its start: [0-9.]+ms: round 2\$"
eq search-n-wraps "$(cursor_ns)" "$r2"
keys n
check_status search-n-again 'round 2 sum'
keys N
check_status search-N '[0-9.]+ms: round 2$'
eq search-N-back "$(cursor_ns)" "$r2"
keys / ; wait_status '^/'
text 'nothing like this'
keys Enter
check_status search-miss 'no match for /nothing like this/ in the run'
keys / ; wait_status '^/'
text '('
keys Enter
check_status search-bad-re 'bad regular expression'
keys g / ; wait_status '^/'
text 'wörker-1'
keys Enter
check_status search-label 'thread [0-9]+ label matches'
keys / ; wait_status '^/'
text 'abc'
keys Escape
check_status search-escape 'events: all'
keys q
check_exit search-quit 0

# ---- go to time ----
# the status line writes the cursor in the window's unit, to the column
at_col() { set -- "$1" $(window); fmt_at "$1" "$3" $((($3 - $2) / $4)) | sed 's/\./\\./g'; }
start 120 32 -- $TH
wait_for "$READY"
text ':'
check_status goto-prompt '^:'
text '20ms'
keys Enter
wait_status '  cursor'
check_status goto-absolute "cursor $(at_col 20000000) "
w0=$(ruler_width)
keys + + + + + +
wait_change
w1=$(ruler_width)
text ':+5ms'
keys Enter
wait_status '  cursor'
check_status goto-relative "cursor $(at_col 25000000) "
lt goto-zooms-out "$w1" "$(ruler_width)" "(the window after going outside it)"
lt goto-zooms-out-only-so-far "$(ruler_width)" "$w0"
text ':-1s'
keys Enter
check_status goto-clamped "cursor $(at_col "$START_NS") "
text ':soon'
keys Enter
check_status goto-bad 'not a time: soon'
text ':1s'
keys Escape
check_status goto-escape "cursor $(at_col "$START_NS") "
keys q
check_exit goto-quit 0

# ---- thread picker ----
start 120 32 -- $TH
wait_for "$READY"
keys t
check threads-panel 'threads: [0-9]+, by id; in the window \(r: sort; <Enter>: go to the first run\)'
check threads-label ' 8 +[0-9.]+ms +[0-9.]+ms .* wörker-1'
check threads-label2 'worker-2'
keys j j j j j j j Enter
check_status threads-go 'thread 8 first runs here'
check_not threads-closed 'Enter: go to the first run'
keys q
check_exit threads-quit 0

# ---- interval and stats ----
start 120 32 -- $TH
wait_for "$READY"
keys s
check_status stats-no-mark 'no interval: v marks one, then s'
keys v v
check_status mark-empty 'empty interval'
keys ']'
wait_status 'GC at'
ga=$(status_line | sed -n 's/.*GC at \([^:]*\):.*/\1/p')
keys v
check_status mark-start 'interval started'
keys ']'
wait_status 'GC at'
gb=$(status_line | sed -n 's/.*GC at \([^:]*\):.*/\1/p')
keys v
check_status mark-end 'interval marked: z zooms to it'
# seen whole, the columns are coarser than a microsecond: the panel's
# title writes the ends as the GC messages do
keys = s
check stats-panel "interval $ga \\.\\. $gb"
check stats-alloc 'bytes allocated in the heap'
check stats-gen0 'Gen  0'
keys Escape
wait_change
check_not stats-closed 'bytes allocated in the heap'
keys z
wait_change
set -- $(window)
eq zoom-mark-start "$(fmt_at "$1" "$1" 1000)" "$ga" "(window start after z)"
eq zoom-mark-end "$(fmt_at "$2" "$2" 1000)" "$gb" "(window end after z)"
check_status zoom-mark "  $(fmt_at "$1" "$2" $((($2 - $1) / $3)))\\.\\.$(fmt_at "$2" "$2" $((($2 - $1) / $3)))  cursor $(fmt_at "$1" "$2" $((($2 - $1) / $3))) "
keys q
check_exit stats-quit 0

# ---- resize ----
start 120 32 -- $TH
wait_for "$READY"
resize() {
	tm resize-window -t e2e -x "$1" -y "$2" >/dev/null 2>&1
	E2E_W=$1 E2E_H=$2
}
resize 80 24
check_status resize-80x24 "^ threaded\\.eventlog  [0-9.]+ms\\.\\."
check resize-80x24-lanes '^cap 3 '
alive resize-80x24-alive
resize 200 60
check_status resize-200x60 "^ threaded\\.eventlog  [0-9.]+ms\\.\\."
check resize-200x60-ruler '^[0-9.]+ms .*│'
alive resize-200x60-alive
resize 30 8
check resize-30x8 'too small|threaded'
alive resize-30x8-alive
resize 10 4
sleep 0.3
capture
alive resize-10x4-alive
keys + - ] l h j k
sleep 0.2
alive resize-tiny-keys
resize 120 32
check_status resize-back '^ threaded\.eventlog  '
check resize-back-lanes '^cap 3 '
check_not resize-back-not-small 'too small'
keys q
check_exit resize-quit 0

# ---- help ----
start 120 32 -- $TH
wait_for "$READY"
keys '?'
check help-quit 'quit hectic'
check help-zoom 'zoom in around the cursor'
check help-gc 'go to the next GC'
keys Escape
wait_change
check_not help-closed 'quit hectic'
keys '?'
wait_for 'quit hectic'
keys '?'
wait_change
check_not help-toggle 'quit hectic'
keys q
check_exit help-exit 0

# ---- rc file ----
mkdir -p "$E2E_T/cfg/hectic"
printf 'bind x quit\nbind y frobnicate\nset color purple\n' >"$E2E_T/cfg/hectic/hecticrc"
start 120 32 XDG_CONFIG_HOME="$E2E_T/cfg" -- $TH
wait_for "$READY"
check_status rc-message 'rc file has errors'
keys x
check_exit rc-x-quits 0
grep -q 'line 2' "$E2E_ERR" && pass || fail rc-line2 "stderr: $(cat "$E2E_ERR")"
grep -q 'line 3' "$E2E_ERR" && pass || fail rc-line3 "stderr: $(cat "$E2E_ERR")"
grep -q 'line 1' "$E2E_ERR" && fail rc-line1 "a good line reported: $(cat "$E2E_ERR")" || pass

# ---- emacs keymap ----
start 120 32 -- --keymap=emacs $TH
wait_for "$READY"
keys C-f
wait_change
c1=$(cursor_ns)
lt emacs-C-f "$START_NS" "$c1" "(cursor after C-f)"
keys C-b
check_status emacs-C-b "cursor $START_RE "
keys p
check emacs-panel 'GC pauses: '
keys C-g
wait_change
check_not emacs-C-g 'GC pauses: '
keys C-s
check_status emacs-C-s '^/'
keys C-g
check_status emacs-C-g-prompt 'events: all'
keys q
check_exit emacs-quit 0

# ---- colours ----
# SGR foreground/background colours: 30-37, 40-47, 90-97, 100-107, 38;5, 48;5, 38;2
COLOR_RE="$ESC\\[([0-9;]*;)?(3[0-7]|4[0-7]|9[0-7]|10[0-7]|[34]8;[25])(;[0-9;]*)?m"
lanes_e() { sed -n "2,$((${1:-9}))p" "$E2E_SCREEN_E"; }
start 120 32 NO_COLOR=1 -- $TH
wait_for "$READY"
keys ']'
wait_status 'GC at'
capture_e
if lanes_e | grep -Eq "$COLOR_RE"; then
	fail no-color "NO_COLOR=1: colours in the lanes: $(lanes_e | grep -Eo "$COLOR_RE" | sort -u | tr '\n' ' ' | cat -v)"
else pass; fi
grep -Eq "$COLOR_RE" "$E2E_SCREEN_E" && fail no-color-anywhere "$(grep -Eo "$COLOR_RE" "$E2E_SCREEN_E" | sort -u | cat -v)" || pass
keys q
check_exit no-color-quit 0

start 120 32 -- --color=none $TH
wait_for "$READY"
keys ']'
wait_status 'GC at'
capture_e
grep -Eq "$COLOR_RE" "$E2E_SCREEN_E" && fail color-none "$(grep -Eo "$COLOR_RE" "$E2E_SCREEN_E" | sort -u | cat -v)" || pass
keys q
check_exit color-none-quit 0

start 120 32 NO_COLOR=1 -- --color=256 $TH
wait_for "$READY"
keys ']'
wait_status 'GC at'
capture_e
lanes_e | grep -Eq "$COLOR_RE" && pass || fail color-256 "--color=256: no colour in the lanes"
# 256 colours: the GC lane is orange (palette 208), running green (34)
grep -q "$ESC\\[38;5;208m" "$E2E_SCREEN_E" && pass ||
	fail color-256-orange "--color=256 on TERM=tmux-256color: no 256-colour SGR 38;5;208 (orange GC); used: $(grep -Eo "$COLOR_RE" "$E2E_SCREEN_E" | sort -u | tr '\n' ' ' | cat -v)"
keys q
check_exit color-256-quit 0

start 120 32 -- --color=8 $TH
wait_for "$READY"
keys ']'
wait_status 'GC at'
capture_e
lanes_e | grep -Eq "$COLOR_RE" && pass || fail color-8 "--color=8: no colour in the lanes"
grep -q "$ESC\\[[34]8;5;" "$E2E_SCREEN_E" && fail color-8-no-256 "256-colour SGR with --color=8" || pass
keys q
check_exit color-8-quit 0

# ---- ASCII drawing ----
ascii_only() { # NAME: the whole captured screen is printable ASCII
	if LC_ALL=C grep -q '[^ -~]' "$E2E_SCREEN"; then
		fail "$1" "non-ASCII bytes: $(LC_ALL=C grep -n '[^ -~]' "$E2E_SCREEN" | head -3 | cat -v)"
	else pass; fi
}
start 120 32 LANG=C LC_ALL=C -- $TH
wait_for "$READY"
keys ']'
wait_status 'GC at'
check ascii-ruler '^[0-9.]+[a-z]+ .*\|[0-9.]+[a-z]+'
ascii_only ascii-lang-c
keys t
wait_for 'Enter: go to the first run'
ascii_only ascii-lang-c-threads
keys Escape q
check_exit ascii-quit 0

start 120 32 -- --ascii $TH
wait_for "$READY"
keys ']'
wait_status 'GC at'
check ascii-option-ruler '^[0-9.]+[a-z]+ .*\|[0-9.]+[a-z]+'
sed -n '1,9p' "$E2E_SCREEN" >"$E2E_T/top"
LC_ALL=C grep -q '[^ -~]' "$E2E_T/top" && fail ascii-option "non-ASCII in the timeline: $(head -3 "$E2E_T/top")" || pass
keys q
check_exit ascii-option-quit 0

# ---- a hostile thread label ----
# As in tests/cli.sh, a log whose THREAD_LABEL holds ESC [31m ... BEL, and
# here also a cap 0 block in which the thread runs, so that the label is
# drawn in the lane, the event list and the thread picker.
et() { printf 'etb\000'; printf "$1$2"; printf '\000\000\000\001X\000\000\000\000ete\000'; }
{
	printf 'hdrbhetb'
	et '\000\054' '\377\377' # THREAD_LABEL, variable size
	et '\000\001' '\000\004' # RUN_THREAD
	et '\000\002' '\000\012' # STOP_THREAD
	et '\000\022' '\000\016' # EVENT_BLOCK
	printf 'hetehdredatb'
	# block at 5ns, 84 bytes, ends at 100000ns, cap 0
	printf '\000\022\000\000\000\000\000\000\000\005\000\000\000\124\000\000\000\000\000\001\206\240\000\000'
	printf '\000\054\000\000\000\000\000\000\000\012\000\016\000\000\000\001\033[31mevil\007'
	printf '\000\001\000\000\000\000\000\000\000\144\000\000\000\001'
	printf '\000\002\000\000\000\000\000\001\206\240\000\000\000\001\000\002\000\000\000\000'
	printf '\377\377'
} >"$E2E_T/evil.eventlog"
evil_raw() { # NAME: no SGR 31 and no BEL from the label reached the terminal
	capture_e
	if grep -q "$ESC\\[[0-9;]*31m" "$E2E_SCREEN_E"; then
		fail "$1" "the label's ESC [31m reached the terminal: $(grep "$ESC\\[[0-9;]*31m" "$E2E_SCREEN_E" | head -2 | cat -v)"
	else pass; fi
	if grep -q "$(printf '\007')" "$E2E_SCREEN_E"; then fail "$1-bel" "a BEL byte on the screen"; else pass; fi
}
start 120 32 NO_COLOR=1 -- "$E2E_T/evil.eventlog"
wait_for "$READY"
check evil-list 'has label "\\x1b\[31mevil\\x07"'
check evil-list-tag 'running thread 1  \[\\x1b\[31mevil\\x07\]'
# the thread's label on the lane's bottom row (the lane height's last)
_y=$((1 + $(win_field 8)))
if row $_y | grep -q '\\x1b\[31mevil\\x07'; then pass; else fail evil-lane "lane's bottom row $_y: '$(row $_y)'"; fi
evil_raw evil-raw
keys t
check evil-threads ' 1 .*\\x1b\[31mevil\\x07'
evil_raw evil-raw-threads
keys Escape q
check_exit evil-quit 0

# ---- a truncated log ----
start 120 32 -- $F/killed-cut.eventlog
wait_for "$READY"
check_status truncated-status '\[log incomplete\]'
check_status truncated-msg 'truncated at byte [0-9]+'
keys q
check_exit truncated-quit 0

# ---- a file that cannot be opened ----
start 120 32 -- "$E2E_T/missing.eventlog"
check_exit missing-file 1
grep -q 'missing.eventlog' "$E2E_ERR" && pass || fail missing-file-msg "stderr: $(cat "$E2E_ERR")"

# ---- Ctrl-C, redraw ----
# C-l repaints the whole frame: the screen is scribbled over behind the
# viewer's back (cleared, garbage written to its tty), and only a full
# repaint brings back every cell as it was
start 120 32 -- $TH
wait_for "$READY"
keys l
wait_change
cp "$E2E_SCREEN" "$E2E_T/frame"
tty=$(tm display-message -p -t e2e '#{pane_tty}')
printf '\033[2J\033[HSCRIBBLE\033[16;50HGARBAGE' >"$tty"
check redraw-scribbled '^SCRIBBLE'
check redraw-scribbled-cleared '^ +GARBAGE *$'
check_not redraw-scribbled-no-lanes '^cap [0-9] '
keys C-l
tries=100
while ! cmp -s "$E2E_SCREEN" "$E2E_T/frame" && [ "$tries" -gt 0 ]; do
	sleep 0.05
	capture
	tries=$((tries - 1))
done
if cmp -s "$E2E_SCREEN" "$E2E_T/frame"; then
	pass
else
	fail redraw "the frame after C-l differs from the one before the scribble: $(diff "$E2E_T/frame" "$E2E_SCREEN" | head -4)"
fi
check_not redraw-no-scribble 'SCRIBBLE|GARBAGE'
keys / C-c
check_status ctrl-c-prompt 'events: all'
alive ctrl-c-prompt-alive
keys C-c
check_exit ctrl-c 0

# ---- the mouse: SGR reports typed into the pane ----
start 120 32 -- $TH
wait_for "$READY"
w0=$(span)
text "$(printf '\033[<64;60;4M')" # wheel up over the lanes: zoom in there
wait_change
lt mouse-wheel-zooms "$(span)" "$w0"
text "$(printf '\033[<65;60;4M')" # wheel down: back out
wait_change
eq mouse-wheel-out "$(span)" "$w0"
c0=$(cursor_ns)
text "$(printf '\033[<0;60;4M\033[<0;60;4m')" # a click moves the cursor there
wait_change
lt mouse-click-moves-cursor "$c0" "$(cursor_ns)"
text "$(printf '\033[<0;40;4M\033[<32;70;4M\033[<0;70;4m')" # a drag marks an interval
check_status mouse-drag-marks 'interval marked'
keys z
wait_change
lt mouse-drag-zoom "$(span)" "$w0"
keys q
check_exit mouse-quit 0

# ---- times people can read: ruler, status line, event list ----
# status_ok NAME: the status line shows the window's start and end, to the
# column, in the end's unit, and they read differently
status_ok() {
	set -- "$1" $(window)
	res=$((($3 - $2) / $4))
	[ "$res" -ge 1 ] || res=1
	a=$(fmt_at "$2" "$3" "$res")
	b=$(fmt_at "$3" "$3" "$res")
	if status_line | grep -qF " $a..$b  cursor "; then pass; else
		fail "$1" "status '$(status_line)', want '$a..$b' (window $2..$3, $4 columns)"; fi
	if [ "$a" != "$b" ]; then pass; else fail "$1-distinct" "start and end both read $a"; fi
}
cursor_text() { status_line | sed -n 's/.*  cursor \([^ ]*\) .*/\1/p'; }
win_width() { echo $(($(win_field 2) - $(win_field 1))); }

start 120 32 -- $TH
wait_for "$READY"
ruler_ok ruler-whole 5
status_ok status-whole
# from a GC's column, zoom in step by step down to 1 ns per column: at
# every zoom the ruler and the status line read right
keys ']'
wait_status 'GC at'
zn=0 # (settle in lib.sh uses n)
while [ "$(win_width)" -gt "$(win_field 3)" ] && [ $zn -lt 40 ]; do
	ruler_ok "ruler-zoom-$zn-$(win_width)ns" 3
	status_ok "status-zoom-$zn-$(win_width)ns"
	keys +
	wait_change
	zn=$((zn + 1))
done
eq zoom-1ns-per-column "$(win_width)" "$(win_field 3)" "(window ns at the zoom limit)"
ruler_ok ruler-1ns 3
status_ok status-1ns
# a few microseconds wide: ticks and the status line at their finest
keys - - - - - -
wait_change
lt ruler-few-us "$(win_width)" 10000 "(window ns)"
ruler_ok ruler-few-us 4
status_ok status-few-us
# the cursor a column on reads differently
c0=$(cursor_text)
keys l
wait_change
c1=$(cursor_text)
if [ -n "$c0" ] && [ "$c0" != "$c1" ]; then pass; else fail cursor-column-distinct "cursor '$c0' then '$c1' after l"; fi
# T: the event list's times in ns, as `hectic show`; T again: the unit
keys T
check_status times-ns 'event times in nanoseconds'
check times-ns-list '^[0-9]+: '
# no row in another unit, with decimals or a unit (s, ms, us, µs)
check_not times-ns-no-unit '^ *[0-9][0-9.]*[^0-9.: ]+: '
check_not times-ns-no-decimals '^ *[0-9]*\.[0-9]*: '
ns_line=$(grep -E '^[0-9]+: ' "$E2E_SCREEN" | head -1)
keys T
check_status times-unit "event times in the ruler's unit"
check times-unit-list "$LIST_RE"
# the same event, to the nanosecond
unit_line=$(grep -E "$LIST_RE" "$E2E_SCREEN" | head -1)
eq_set times-same-event "$(label_ns "$(printf '%s' "$unit_line" | sed 's/^ *\([0-9.]*ms\):.*/\1/')")" \
	"$(printf '%s' "$ns_line" | sed 's/:.*//')" "('$unit_line' vs '$ns_line')"
eq_set times-same-text "$(printf '%s' "$unit_line" | sed 's/^[^:]*: //' | cut -c1-60)" \
	"$(printf '%s' "$ns_line" | sed 's/^[^:]*: //' | cut -c1-60)"
keys q
check_exit times-quit 0

# ---- the legend in the help ----
start 120 32 -- $TH
wait_for "$READY"
keys '?'
check legend-keys 'event list times: the ruler.s unit or ns'
# the legend comes after the keys: at the help's end
keys G
check legend-title 'legend \(a column is a slice of time\)'
check legend-running '▂▄▆█ +running: height = share of the column'
check legend-gc 'orange on running: GC, height = share'
# one GC colour now: its height tells the share
check_not legend-gc-weak 'brown'
check legend-idle 'blank: idle'
check legend-nodata "╱╱╱ +no data: outside the cap's events"
check legend-cursor "the cursor's column"
check legend-util 'util: the caps. mean share running'
check legend-minor "▄▄▄ +GC bar: pause share \\(initiating cap's\\)"
check legend-major "███ +GC bar: a major GC's \\(wins a column\\)"
check legend-span '─── +GC bar: span, other caps still in GC'
check legend-heap 'heap: heap size'
check legend-live 'live: live data'
check legend-marker '▾ +ruler: a user marker, or a message that set ruler-messages matches'
check legend-tick '│\+5us ruler: offset from the bold time'
check legend-mark 'ruler: the marked interval'
# the samples are drawn as the lanes are: running green (34) on GC orange
# (208) for half and a quarter running, then all GC (orange, no background)
capture_e
grep -q "$ESC\\[38;5;34m$ESC\\[48;5;208m▄▂$ESC\\[38;5;208m$ESC\\[49m█" "$E2E_SCREEN_E" && pass ||
	fail legend-gc-colours "no green-on-orange sample: $(grep 'orange on running' "$E2E_SCREEN_E" | cat -v)"
keys q q
check_exit legend-quit 0

# ---- the lanes draw what `hectic activity` measures ----
# lanes_ok NAME FILE MODE ASCII: every lane cell on screen against hectic
# activity for the viewer's window and columns (lanes.awk); MODE color256,
# color8 or mono
lanes_ok() {
	_n=$1 _f=$2 _m=$3 _a=$4
	capture
	cells
	set -- $(window)
	if [ "$6" != 1 ]; then fail "$_n-exact" "the viewer drew from the bins"; return; fi
	if ! "$E2E_HECTIC" activity --columns "$3" --from "$1" --to "$2" "$_f" >"$E2E_T/act" 2>"$E2E_T/act.err"; then
		fail "$_n-activity" "hectic activity: $(cat "$E2E_T/act.err")"
		return
	fi
	# each capability's first and last event, from show
	"$E2E_HECTIC" show "$_f" 2>/dev/null | awk '/^Events:/ { e = 1; next }
		e && /^[0-9]+: cap [0-9]+: / { c = $3; sub(/:/, "", c); t = $1; sub(/:/, "", t)
			if (!(c in f)) f[c] = t; l[c] = t }
		END { for (c in f) print c, f[c], l[c] }' >"$E2E_T/extent"
	: >"$E2E_T/caps"
	# lane i's rows start at 2 + i x the lane height (the 8th field)
	_h=${8:-}
	if [ -z "$_h" ]; then fail "$_n-height" "no lane height in the window file: $(window)"; return; fi
	_i=0
	while [ $_i -lt "$5" ]; do
		_y=$((2 + _i * _h))
		_c=$(row $_y | sed -n 's/^cap \([0-9]*\) .*/\1/p')
		awk -v r=$_y -v c="$_c" '$1 == c { print r, $1, $2, $3 }' "$E2E_T/extent" >>"$E2E_T/caps"
		_i=$((_i + 1))
	done
	if out=$(LC_ALL=C awk -v mode="$_m" -v ascii="$_a" -v t0="$1" -v t1="$2" -v plotw="$3" \
		-v cursor="$7" -v h="$_h" -f tests/e2e/lanes.awk "$E2E_T/caps" "$E2E_T/act" "$E2E_CELLS"); then
		pass
		[ -n "${E2E_VERBOSE:-}" ] && echo "e2e: $_n: $out"
	else
		fail "$_n" "$out"
	fi
}
# glyphs: the lanes (rows 2 .. 2 + nlanes x height - 1) hold this pattern
lanes_have() { # NAME RE
	_last=$((2 + $(win_field 5) * $(win_field 8)))
	if sed -n "3,${_last}p" "$E2E_SCREEN" | grep -q -- "$2"; then pass; else fail "$1" "no /$2/ in the lanes"; fi
}

start 120 32 -- $TH
wait_for "$READY"
lanes_ok lanes-whole $TH color256 0
keys ']'
wait_status 'GC at'
lanes_ok lanes-gc $TH color256 0
keys -
wait_change
lanes_ok lanes-gc-out1 $TH color256 0
keys - -
wait_change
lanes_ok lanes-gc-out3 $TH color256 0
# the end of the run: the capabilities' last events come before the log's
# last one (capset deletions): no data after them, hatched
keys G + + + + + + +
wait_change
lanes_ok lanes-end $TH color256 0
lanes_have lanes-end-nodata '╱$'
# the start at 1 ns per column: before each capability's first event
keys g + + + + + + + + + + + + + + + + + + + + + + + +
wait_status 'zoomed in as far'
lanes_ok lanes-start-1ns $TH color256 0
lanes_have lanes-start-nodata '^cap 3   ╱'
keys q
check_exit lanes-quit 0

# many capabilities on few cores, seen whole: every column holds a GC, and
# the running share still shows (a busy program never looks idle)
P4=$F/par-n4.eventlog
if [ -e "$P4" ]; then
	start 120 32 -- $P4
	wait_for "$READY" 10
	lanes_ok lanes-par-whole $P4 color256 0
	keys ']' - -
	wait_change
	lanes_ok lanes-par-gc $P4 color256 0
	keys q
	check_exit lanes-par-quit 0
	start 120 32 NO_COLOR=1 -- $P4
	wait_for "$READY" 10
	lanes_ok lanes-par-whole-mono $P4 mono 0
	keys q
	check_exit lanes-par-mono-quit 0
else
	fail lanes-par "fixture $P4 missing"
fi

# a log cut short (SIGKILL): the lane up to its last event, at the end.
# Its one capability's last event is the log's last, so the lane has data
# up to the window's end, but for the instant of that event: at 1 ns per
# column the last cell is no data, and the one before is not.
start 120 32 -- $F/killed-cut.eventlog
wait_for "$READY"
keys G + + + + + + + + + +
wait_change
lanes_ok lanes-killed-end $F/killed-cut.eventlog color256 0
keys + + + + + + + + + + + + + + +
wait_status 'zoomed in as far'
lanes_ok lanes-killed-end-1ns $F/killed-cut.eventlog color256 0
if row 2 | grep -q '[^╱]╱$'; then pass; else fail lanes-killed-nodata "lane: '$(row 2)'"; fi
keys - - - - - - - - - - - - - - - -
wait_change
lanes_ok lanes-killed-whole $F/killed-cut.eventlog color256 0
keys q
check_exit lanes-killed-quit 0

# ---- NO_COLOR, attributes only, ASCII: glyphs keep the states apart ----
start 120 32 NO_COLOR=1 -- $TH
wait_for "$READY"
keys '?' G
check legend-mono-heavy '▓ +GC: half the cell or more'
check legend-mono-light '▒ +GC: under half the cell'
# running 3/4 with GC 1/4 draws a full block, 1/4 with 3/4 a dark shade
# (no underline: the viewer does not draw one)
check legend-mono-run-gc '█▓ +a cell of running and GC: the larger'
check_not legend-mono-no-under 'underlined'
check legend-mono-nodata "╱╱╱ +no data"
keys Escape
wait_change
lanes_ok lanes-mono-whole $TH mono 0
keys ']'
wait_status 'GC at'
lanes_ok lanes-mono-gc $TH mono 0
# running, GC and idle by glyph: eighth blocks, shades, blanks
lanes_have mono-running '[▁▂▃▄▅▆▇█]'
lanes_have mono-gc '[▓▒]'
keys G + + + + + + +
wait_change
lanes_ok lanes-mono-end $TH mono 0
lanes_have mono-nodata '╱$'
keys q
check_exit mono-quit 0

start 120 32 -- --ascii --color=none $TH
wait_for "$READY"
# the activity graph in levels, not all dots
if row 1 | grep -q '^util .*[-:=+*#@]'; then pass; else fail ascii-util-levels "util row: '$(row 1)'"; fi
lanes_ok lanes-ascii-whole $TH mono 1
keys ']'
wait_status 'GC at'
lanes_ok lanes-ascii-gc $TH mono 1
lanes_have ascii-gc '[Gg]'
lanes_have ascii-running '[.:=+*#@-]'
keys '?' G
check legend-ascii-levels '[.:=+*#@-]{4} +running: height'
check legend-ascii-gc 'G +GC: half the cell or more'
check legend-ascii-nodata '/// +no data'
keys q q
check_exit ascii-mono-quit 0

start 120 32 -- --ascii $TH
wait_for "$READY"
keys ']'
wait_status 'GC at'
lanes_ok lanes-ascii-color $TH color256 1
keys q
check_exit ascii-color-quit 0

start 120 32 -- --color=8 $TH
wait_for "$READY"
keys ']'
wait_status 'GC at'
lanes_ok lanes-color8 $TH color8 0
keys q
check_exit color8-lanes-quit 0

# ---- the pause list and a GC jump: pause and span ----
start 200 32 -- $NT
wait_for "$READY"
keys p
check pauses-columns '#  +at +pause +span +cap +caps +gen +copied'
# copied carries its unit: the longest pause's bytes from `hectic gcs
# --tsv`, in decimal units to 3 significant digits (as the heap pane's)
want_cp=$("$E2E_HECTIC" gcs --tsv $NT | awk -F '\t' 'NR == 1 { next } $3 > m { m = $3; c = $7; n = 1; next }
	$3 == m { n++ } END { if (n != 1) { print "(no single longest pause)"; exit }
		if (c < 1000) { printf "%dB\n", c; exit }
		split("kB MB GB TB PB EB", un, " "); x = c; i = 0; while (x >= 999.5) { x /= 1000; i++ }
		printf (x < 9.995 ? "%.2f%s\n" : x < 99.95 ? "%.1f%s\n" : "%.0f%s\n"), x, un[i] }')
capture
got_cp=$(awk 'match($0, / 1 +[0-9.]+(ns|us|ms|s) +[0-9.]+(ns|us|ms|s) +[0-9.]+(ns|us|ms|s) +[0-9-]+ +[0-9]+ +[0-9]+ +[^ ]+/) {
	n = split(substr($0, RSTART, RLENGTH), f, / +/); print f[n]; exit }' "$E2E_SCREEN")
eq pauses-copied-unit "$got_cp" "$want_cp"
keys Escape ']'
check_status gc-span 'GC at [0-9.]+[a-z]+: pause [0-9.]+[a-z]+, gen [0-9]+, span [0-9.]+[a-z]+ over 1 cap \(from cap 0\), [0-9]+ bytes copied$'
keys q
check_exit pauses-span-quit 0

# ---- SIGTERM: a clean exit, the terminal restored ----
start 120 32 -- $TH
wait_for "$READY"
hpid=$(hectic_pid)
if [ -n "$hpid" ]; then
	kill -TERM "$hpid"
	check_exit sigterm 0
else
	fail sigterm "no pid from the wrapper ($E2E_PIDF)"
fi

# ---- display spoofing: bidi, zero-width and BOM characters escaped ----
# thread 1 labelled "w<U+202E>k<U+200B>x<U+FEFF>", a marker "round<U+202E>1",
# in a file named "x<U+202E>gol.eventlog": every place that draws them shows
# \uNNNN, and none of the three characters reaches the terminal
RLO=$(printf '\342\200\256')
SPOOF="$E2E_T/x${RLO}gol.eventlog"
{
	printf 'hdrbhetb'
	et '\000\054' '\377\377' # THREAD_LABEL, variable size
	et '\000\072' '\377\377' # USER_MARKER, variable size
	et '\000\001' '\000\004' # RUN_THREAD
	et '\000\002' '\000\012' # STOP_THREAD
	et '\000\022' '\000\016' # EVENT_BLOCK
	printf 'hetehdredatb'
	# block at 5ns, 107 bytes, ends at 100000ns, cap 0
	printf '\000\022\000\000\000\000\000\000\000\005\000\000\000\153\000\000\000\000\000\001\206\240\000\000'
	printf '\000\054\000\000\000\000\000\000\000\012\000\020\000\000\000\001w\342\200\256k\342\200\213x\357\273\277'
	printf '\000\072\000\000\000\000\000\000\000\062\000\011round\342\200\2561'
	printf '\000\001\000\000\000\000\000\000\000\144\000\000\000\001'
	printf '\000\002\000\000\000\000\000\001\206\240\000\000\000\001\000\002\000\000\000\000'
	printf '\377\377'
} >"$SPOOF"
spoof_raw() { # NAME: none of U+202E, U+200B, U+FEFF is on the screen
	capture
	for c in "$RLO" "$(printf '\342\200\213')" "$(printf '\357\273\277')"; do
		if grep -q "$c" "$E2E_SCREEN"; then
			fail "$1" "a raw invisible character on the screen"
			return
		fi
	done
	pass
}
start 120 32 -- "$SPOOF"
wait_for "$READY"
check spoof-list-label 'has label "w\\u202ek\\u200bx\\ufeff"'
check spoof-list-marker 'marker: round\\u202e1'
check spoof-list-tag 'running thread 1  \[w\\u202ek\\u200bx\\ufeff\]'
# the thread's label on the lane's bottom row (the lane height's last)
_y=$((1 + $(win_field 8)))
if row $_y | grep -q 'w\\u202ek\\u200bx\\ufeff'; then pass; else fail spoof-lane "lane's bottom row $_y: '$(row $_y)'"; fi
check_status spoof-file-name ' x\\u202egol\.eventlog '
# the message goes after the escaped line, not over its end
check_status spoof-status-whole 'gol\.eventlog .* events: all  \? for help'
spoof_raw spoof-raw
keys t
check spoof-threads ' 1 .* w\\u202ek\\u200bx\\ufeff'
spoof_raw spoof-raw-threads
keys Escape /
text round
keys Enter
check_status spoof-search 'round\\u202e1'
spoof_raw spoof-raw-search
keys q
check_exit spoof-quit 0
# ---- end of display spoofing ----

# ---- issue 8: signals, suspend, FIFOs, the way out ----
# Every signal that kills restores the terminal first (alternate screen
# left, cursor shown, mouse reporting and keypad mode off, stty modes as
# before) and the process dies of that signal: the shell sees 128+N.
# (signal numbers as on Linux; dash's kill -l does not map names)
for s in QUIT:3 USR1:10 USR2:12 ALRM:14 PIPE:13; do
	sig=${s%:*}
	start 120 32 -- $TH
	wait_for "$READY"
	hpid=$(hectic_pid)
	if [ -z "$hpid" ]; then
		fail "sig$sig" "no pid from the wrapper ($E2E_PIDF)"
		continue
	fi
	kill -s "$sig" "$hpid"
	check_exit "sig$sig" $((128 + ${s#*:}))
done

# want_flags NAME WANT: the pane's terminal modes come to be WANT (2 s)
want_flags() {
	tries=40
	while [ "$(term_flags)" != "$2" ] && [ "$tries" -gt 0 ]; do
		sleep 0.05
		tries=$((tries - 1))
	done
	eq "$1" "$(term_flags)" "$2"
}
# want_state NAME PID STATE: the process comes to be in STATE (T: stopped)
want_state() {
	tries=40
	while [ "$(proc_state "$2")" != "$3" ] && [ "$tries" -gt 0 ]; do
		sleep 0.05
		tries=$((tries - 1))
	done
	eq "$1" "$(proc_state "$2")" "$3" "(process state of $2)"
}
# the viewer's own modes, as it sets them up
start 120 32 -- $TH
wait_for "$READY"
VIEWER_FLAGS=$(term_flags)
case $VIEWER_FLAGS in
alt=1\ cursor=0\ mouse=1*) pass ;;
*) fail viewer-modes "while running: $VIEWER_FLAGS (want the alternate screen, mouse reporting)" ;;
esac
keys q
check_exit viewer-modes-quit 0

# Ctrl-Z (a key in raw mode) suspends: the shell's screen and modes back,
# the job stopped; fg redraws the viewer with mouse reporting on again
start_job 120 32 -- $TH
wait_for "$READY"
hpid=$(hectic_pid)
keys l l
wait_change
before=$(status_line)
keys C-z
check ctrl-z-stopped 'Stopped'
want_state ctrl-z-state "$hpid" T
want_flags ctrl-z-restored "$E2E_RESTORED"
check_not ctrl-z-no-viewer '^(util|cap 0) |events: '
text fg
keys Enter
check ctrl-z-fg-redrawn "$READY"
check ctrl-z-fg-lanes '^cap 3 '
check_not ctrl-z-fg-no-shell 'Stopped'
want_flags ctrl-z-fg-modes "$VIEWER_FLAGS"
eq ctrl-z-fg-same "$(status_line)" "$before" "(the cursor where it was)"
# and again from a panel: it stays open
keys '?'
wait_for 'quit hectic'
keys C-z
check ctrl-z-panel-stopped "$E2E_PROMPT *\$"
want_flags ctrl-z-panel-restored "$E2E_RESTORED"
text fg
keys Enter
check ctrl-z-panel-fg 'quit hectic'
want_flags ctrl-z-panel-fg-modes "$VIEWER_FLAGS"
keys Escape q
job_exit ctrl-z-quit 0
want_flags ctrl-z-quit-modes "$E2E_RESTORED"

# SIGTSTP from outside: the same suspend. A SIGCONT alone leaves the job
# in the background: it must not draw over the shell (curses' first
# tcsetattr stops it again) until fg brings it back
start_job 120 32 -- $TH
wait_for "$READY"
hpid=$(hectic_pid)
kill -TSTP "$hpid"
check tstp-stopped 'Stopped'
want_state tstp-state "$hpid" T
want_flags tstp-restored "$E2E_RESTORED"
check_not tstp-no-viewer '^(util|cap 0) |events: '
kill -CONT "$hpid"
n=10 drew=
while [ "$n" -gt 0 ]; do
	[ "$(term_flags)" = "$E2E_RESTORED" ] || drew=$(term_flags)
	sleep 0.05
	n=$((n - 1))
done
eq tstp-cont-background "$drew" "" "(a background job took the terminal)"
want_state tstp-cont-stopped "$hpid" T
text fg
keys Enter
check tstp-fg-redrawn "$READY"
check tstp-fg-lanes '^cap 3 '
want_flags tstp-fg-modes "$VIEWER_FLAGS"
keys q
job_exit tstp-quit 0
want_flags tstp-quit-modes "$E2E_RESTORED"

# SIGSTOP cannot be caught: on SIGCONT the viewer takes the terminal back
# whatever was done to it meanwhile (here: mouse reporting turned off and
# the screen cleared behind its back)
start 120 32 -- $TH
wait_for "$READY"
hpid=$(hectic_pid)
kill -STOP "$hpid"
want_state stop-state "$hpid" T
tty=$(tm display-message -p -t e2e '#{pane_tty}')
printf '\033[?1000l\033[?1002l\033[?1006l\033[2J\033[HSCRIBBLE' >"$tty"
check stop-scribbled 'SCRIBBLE'
kill -CONT "$hpid"
check stop-cont-redrawn '^cap 3 '
check_not stop-cont-no-scribble 'SCRIBBLE'
want_flags stop-cont-modes "$VIEWER_FLAGS"
keys q
check_exit stop-cont-quit 0

# A FIFO with no writer: the viewer waits for one, says so, and q quits
# (a FIFO with a writer: tests/e2e/live.sh)
mkfifo "$E2E_T/fifo"
start 120 32 -- "$E2E_T/fifo"
check fifo-waits 'waiting for a program to open the FIFO for writing'
keys q
check_exit fifo-quit 0
rm -f "$E2E_T/fifo"
# a directory, the same
start 120 32 -- "$E2E_T"
check_exit dir 1
grep -q 'not a regular file (a directory' "$E2E_ERR" && pass || fail dir-msg "stderr: $(cat "$E2E_ERR")"

# An rc file that unbinds or rebinds every quit key: <C-c> (and <C-z>)
# cannot be changed, each such line is reported with its number, and
# Ctrl-C still quits
mkdir -p "$E2E_T/cfg-locked/hectic"
printf 'bind q none\nbind <C-c> none\nbind <C-c> help\nbind <C-z> zoom-in\nbind x none\n' \
	>"$E2E_T/cfg-locked/hectic/hecticrc"
start 120 32 XDG_CONFIG_HOME="$E2E_T/cfg-locked" -- $TH
wait_for "$READY"
check_status rc-locked-message 'rc file has errors'
keys q
sleep 0.3
alive rc-locked-q-unbound
keys C-c
check_exit rc-locked-ctrl-c 0
for l in '2: <C-c> always means quit: it cannot be unbound' \
	'3: <C-c> always means quit: it cannot be rebound' \
	'4: <C-z> always means suspend: it cannot be rebound'; do
	grep -q "line $l" "$E2E_ERR" && pass || fail rc-locked-line "no 'line $l' in: $(cat "$E2E_ERR")"
done
grep -Eq 'line (1|5):' "$E2E_ERR" && fail rc-locked-good "a good line reported: $(cat "$E2E_ERR")" || pass
# ---- end of issue 8: signals, suspend, FIFOs, the way out ----

echo "e2e: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
