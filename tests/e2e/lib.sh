# End-to-end helpers: drive the real viewer in a detached tmux session.
# Source it with E2E_HECTIC set to the hectic binary. One viewer runs at a
# time, in the session "e2e" of a private tmux server (-L hectic-e2e-PID),
# killed at exit.
#
#   start W H [VAR=VALUE ...] [-- ARG ...]   run hectic ARGs in a WxH pane
#   start_job W H ...      the same as a job of an interactive shell (fg)
#   hectic_pid             the pid of that hectic
#   term_flags             the pane's alternate screen, cursor, mouse, keypad
#   wait_for RE [SECS]     poll the screen until it matches RE (grep -E)
#   wait_gone RE [SECS]    poll the screen until it no longer matches RE
#   keys KEY ...           tmux send-keys, one key at a time
#   text STRING            literal text (send-keys -l)
#   check NAME RE          pass when the screen comes to match RE
#   check_not NAME RE      pass when the last captured screen lacks RE
#   check_gone NAME RE     pass when the screen comes to lack RE
#   plain                  the last capture, one byte a column ("~" an ellipsis)
#   wait_exit [SECS]       wait for hectic to end; exit status in $E2E_RC
#   window                 the last frame's "t0 t1 plotw lanes_top nlanes
#                          exact cursor_col lane_h gutter"
#                          (HECTIC_DEBUG_WINDOW)
#
# The screen is captured into $E2E_SCREEN (capture-pane -p) and, by
# capture_e, into $E2E_SCREEN_E (with -e: colours and attributes).

E2E_T=$(mktemp -d)
E2E_SOCK=hectic-e2e-$$
E2E_SCREEN=$E2E_T/screen
E2E_SCREEN_E=$E2E_T/screen-e
E2E_ERR=$E2E_T/stderr
E2E_WIN=$E2E_T/window
E2E_PIDF=$E2E_T/pid
E2E_OUT=$E2E_T/out
E2E_W=120
E2E_H=32
E2E_RC=
E2E_NAME=
e2e_checks=0
e2e_failed=0
ESC=$(printf '\033')
# E2E_ROWS1: a start's VAR=VALUE for an rc that sets one-row lanes, for a
# test of a pane or list that counts on the rows those leave (lanes are as
# tall as half the free rows allow by default: tests/e2e/run.sh checks them)
E2E_ROWS1="XDG_CONFIG_HOME=$E2E_T/rows1"
mkdir -p "$E2E_T/rows1/hectic"
echo 'set lane-height 1' >"$E2E_T/rows1/hectic/hecticrc"
# rows1_default: the starts after it that set no XDG_CONFIG_HOME read that
# rc too (from $HOME/.config), for a suite about a pane throughout
rows1_default() {
	mkdir -p "$E2E_T/home/.config/hectic"
	cp "$E2E_T/rows1/hectic/hecticrc" "$E2E_T/home/.config/hectic/hecticrc"
}

tm() { tmux -u -L "$E2E_SOCK" -f /dev/null "$@"; }

# reap: the last hectic started, if still alive, is killed with its
# children (a sanitizer build's leak check at exit ptraces itself from a
# child; a test that leaves it behind must not leave it spinning)
reap() {
	[ -s "$E2E_PIDF" ] || return 0
	_rp=$(cat "$E2E_PIDF" 2>/dev/null)
	case $_rp in '' | *[!0-9]*) return 0 ;; esac
	[ -r "/proc/$_rp/cmdline" ] || return 0
	{ tr '\0' ' ' <"/proc/$_rp/cmdline"; } 2>/dev/null | grep -q hectic || return 0
	for _st in /proc/[0-9]*/stat; do
		[ -e "$_st" ] || continue # (a process gone since the pattern was expanded)
		_rc=$(sed 's/.*) //' "$_st" 2>/dev/null | cut -d' ' -f2)
		[ "$_rc" = "$_rp" ] || continue
		_rk=${_st#/proc/}
		kill -KILL "${_rk%/stat}" 2>/dev/null
	done
	kill -KILL "$_rp" 2>/dev/null
	return 0
}

e2e_cleanup() {
	reap
	tm kill-server >/dev/null 2>&1
	# tmux leaves its socket file behind
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$E2E_SOCK"
	rm -rf "$E2E_T"
}
trap e2e_cleanup EXIT
trap 'exit 1' INT TERM HUP

# shell-quote one word
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

# e2e_args [VAR=VALUE ...] [-- ARG ...]: sets $envs and $args, quoted
e2e_args() {
	envs="" args=""
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do
		envs="$envs $(q "$1")"
		shift
	done
	[ $# -gt 0 ] && shift
	for a in "$@"; do args="$args $(q "$a")"; done
}

# e2e_cmd [exec]: the command that runs hectic in the fixed environment,
# for a script; its pid goes to $E2E_PIDF (sh writes its own pid, then
# execs env, which execs hectic), so no process listing is needed to
# signal it
e2e_cmd() {
	printf '%s\n' "${1:+$1 }sh -c 'echo \$\$ >\"\$0\"; exec \"\$@\"' $(q "$E2E_PIDF") \\"
	printf '%s\n' "	env -u NO_COLOR -u LC_ALL -u LC_CTYPE -u LC_MESSAGES -u XDG_CONFIG_HOME -u XDG_STATE_HOME \\"
	printf '%s\n' "	HOME=$(q "$E2E_T/home") LANG=C.UTF-8 TERM=tmux-256color \\"
	printf '%s\n' "	HECTIC_DEBUG_WINDOW=$(q "$E2E_WIN") $envs \\"
	printf '%s\n' "	$(q "$E2E_HECTIC") $args 2>$(q "$E2E_ERR")"
}

# start W H [VAR=VALUE ...] [-- ARG ...]: a fresh session running hectic.
# The environment is a fixed UTF-8 one (LANG=C.UTF-8, TERM=tmux-256color,
# no NO_COLOR, no LC_*) plus the VAR=VALUE words. hectic's stderr goes to
# $E2E_ERR; when it ends, the wrapper writes its exit status to a file,
# prints "EXIT:N" and the terminal modes check, and stays alive. No core
# files: the signal tests kill it with SIGQUIT. With E2E_LOG=1 everything
# the pane prints, from its first byte, is logged to $E2E_OUT.
# wrappers_gone: until no wrapper script of an earlier start runs (2 s at
# most): a wrapper whose hectic was killed would write its status to
# $E2E_T/rc after the next start removed it
wrappers_gone() {
	_n=40
	while [ "$_n" -gt 0 ]; do
		grep -qsaF "$E2E_T/run" /proc/[0-9]*/cmdline 2>/dev/null || return 0
		sleep 0.05
		_n=$((_n - 1))
	done
}
start() {
	E2E_W=$1 E2E_H=$2
	shift 2
	e2e_args "$@"
	reap
	tm kill-server >/dev/null 2>&1
	wrappers_gone
	rm -f "$E2E_T/rc" "$E2E_ERR" "$E2E_T/stty-before" "$E2E_T/stty-after" "$E2E_WIN" \
		"$E2E_PIDF" "$E2E_OUT" "$E2E_T/go"
	{
		echo "cd $(q "$PWD")"
		echo "ulimit -c 0 2>/dev/null"
		[ "${E2E_LOG:-0}" = 1 ] && echo "while [ ! -e $(q "$E2E_T/go") ]; do sleep 0.05; done"
		echo "stty -g >$(q "$E2E_T/stty-before")"
		e2e_cmd
		cat <<EOF
r=\$?
stty -g >$(q "$E2E_T/stty-after")
echo \$r >$(q "$E2E_T/rc.tmp")
mv $(q "$E2E_T/rc.tmp") $(q "$E2E_T/rc")
printf '\nEXIT:%s\n' "\$r"
exec sleep 300
EOF
	} >"$E2E_T/run"
	mkdir -p "$E2E_T/home"
	# every run starts without a saved session (a suite that tests them
	# gives XDG_STATE_HOME)
	rm -rf "$E2E_T/home/.local/state"
	tm new-session -d -s e2e -x "$E2E_W" -y "$E2E_H" "sh $(q "$E2E_T/run")"
	if [ "${E2E_LOG:-0}" = 1 ]; then
		: >"$E2E_OUT"
		tm pipe-pane -o -t e2e "cat >>$(q "$E2E_OUT")"
		: >"$E2E_T/go"
	fi
}

# start_job W H [VAR=VALUE ...] [-- ARG ...]: hectic as a job of an
# interactive shell with job control (Ctrl-Z, fg), with start's
# environment; the pane shows the shell's prompt "e2e$ " when hectic is
# stopped or done. job_exit gets its exit status.
E2E_PROMPT='^e2e\$'
start_job() {
	E2E_W=$1 E2E_H=$2
	shift 2
	e2e_args "$@"
	reap
	tm kill-server >/dev/null 2>&1
	rm -f "$E2E_ERR" "$E2E_WIN" "$E2E_PIDF"
	{
		echo "cd $(q "$PWD")"
		e2e_cmd exec # the job is hectic alone
	} >"$E2E_T/job"
	mkdir -p "$E2E_T/home"
	rm -rf "$E2E_T/home/.local/state"
	tm new-session -d -s e2e -x "$E2E_W" -y "$E2E_H" \
		"env -i PATH=$(q "$PATH") HOME=$(q "$E2E_T/home") ENV= PS1='e2e\$ ' sh -i"
	wait_for "$E2E_PROMPT *\$" >/dev/null
	text "sh $(q "$E2E_T/job")"
	keys Enter
}

# job_exit NAME RC: hectic (a start_job) has ended with RC, at the prompt
job_exit() {
	if ! wait_for "$E2E_PROMPT *\$"; then
		fail "$1" "no shell prompt: hectic still running?"
		return
	fi
	text 'echo "EXIT:$?"'
	keys Enter
	check "$1" "^EXIT:$2\$"
}

# hectic_pid: the pid of the hectic that start or start_job ran
hectic_pid() {
	tries=100
	while [ ! -s "$E2E_PIDF" ] && [ "$tries" -gt 0 ]; do
		sleep 0.05
		tries=$((tries - 1))
	done
	cat "$E2E_PIDF" 2>/dev/null
}

# proc_state PID: its state letter (R, S, T stopped, ...), from /proc
proc_state() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1; }

# term_flags: what the pane's terminal is doing: alternate screen, cursor
# shown, the four mouse reporting modes, keypad transmit mode
term_flags() {
	tm display-message -p -t e2e \
		'alt=#{alternate_on} cursor=#{cursor_flag} mouse=#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag} kp=#{keypad_flag}'
}
E2E_RESTORED='alt=0 cursor=1 mouse=0000 kp=0'

capture() { tm capture-pane -p -t e2e >"$E2E_SCREEN" 2>/dev/null; }
capture_e() { tm capture-pane -p -e -t e2e >"$E2E_SCREEN_E" 2>/dev/null; }
# plain: the last capture one byte a column, for awk's substr (mawk counts
# bytes): an ellipsis as "~", any other character past ASCII as "#"
plain() { LC_ALL=C sed 's/\xe2\x80\xa6/~/g; s/[\xc0-\xff][\x80-\xbf]*/#/g' "$E2E_SCREEN"; }

# message_area: a message too long for the status line is drawn whole,
# wrapped, on the rows just above it in its colours (the message area):
# those rows joined by blanks, as the text was before it wrapped, from a
# capture with colours (capture_e); nothing when there are none
message_area() {
	capture_e
	awk -v h="$E2E_H" '
	function plain(s) { gsub(/\033\[[0-9;]*m/, "", s); sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
	# the colours a row starts in: its own first, else those the row
	# before ended in (tmux writes a change of colours only)
	{
		row[NR] = $0
		start[NR] = match($0, /^(\033\[[0-9;]*m)+/) ? substr($0, 1, RLENGTH) : last
		s = $0
		while (match(s, /(\033\[[0-9;]*m)+/)) {
			last = substr(s, RSTART, RLENGTH)
			s = substr(s, RSTART + RLENGTH)
		}
	}
	END {
		for (top = h; top > 1 && start[top - 1] == start[h]; top--)
			;
		for (r = top; r < h; r++)
			printf "%s%s", (r > top ? " " : ""), plain(row[r])
		if (top < h)
			print ""
	}' "$E2E_SCREEN_E"
}

# message_rows: the rows the message area takes above the status line in
# the last capture (0: none; from message_area's reading of the colours)
message_rows() {
	capture_e
	awk -v h="$E2E_H" '
	{ start[NR] = match($0, /^(\033\[[0-9;]*m)+/) ? substr($0, 1, RLENGTH) : last
	  s = $0
	  while (match(s, /(\033\[[0-9;]*m)+/)) { last = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH) } }
	END { for (top = h; top > 1 && start[top - 1] == start[h]; top--) ; print h - top }' "$E2E_SCREEN_E"
}

# the status line (the last row) of the last capture, with the message of
# the message area after its fields, as it would be on a wider screen; and
# row N of the last capture (0: the ruler)
status_line() {
	_ma=$(message_area)
	sed -n "${E2E_H}p" "$E2E_SCREEN" | { IFS= read -r _sl; printf '%s%s\n' "$_sl" "${_ma:+  $_ma}"; }
}
row() { sed -n "$(($1 + 1))p" "$E2E_SCREEN"; }

# settle: until two captures 50 ms apart are the same (a frame is drawn
# row by row: under a sanitizer a capture can fall between the first row
# and the last), 2 s at most
settle() {
	n=40
	cp "$E2E_SCREEN" "$E2E_T/settle"
	while [ "$n" -gt 0 ]; do
		sleep 0.05
		capture
		cmp -s "$E2E_SCREEN" "$E2E_T/settle" && return 0
		cp "$E2E_SCREEN" "$E2E_T/settle"
		n=$((n - 1))
	done
	return 0
}

# wait_for RE [SECS]: 0 as soon as the screen matches (and is still), 1
# after SECS (5)
wait_for() {
	tries=$(((${2:-5}) * 20))
	while :; do
		capture
		grep -Eq -- "$1" "$E2E_SCREEN" && { settle; return 0; }
		tries=$((tries - 1))
		[ "$tries" -le 0 ] && return 1
		sleep 0.05
	done
}

# wait_gone RE [SECS]: 0 as soon as the screen no longer matches RE (and
# is still), 1 after SECS (5)
wait_gone() {
	tries=$(((${2:-5}) * 20))
	while :; do
		capture
		grep -Eq -- "$1" "$E2E_SCREEN" || { settle; return 0; }
		tries=$((tries - 1))
		[ "$tries" -le 0 ] && return 1
		sleep 0.05
	done
}

# wait_status RE: like wait_for, on the status line only
wait_status() {
	tries=100
	while :; do
		capture
		status_line | grep -Eq -- "$1" && { settle; return 0; }
		tries=$((tries - 1))
		[ "$tries" -le 0 ] && return 1
		sleep 0.05
	done
}

# wait_change: until the screen differs from the last capture (1 s at most)
wait_change() {
	cp "$E2E_SCREEN" "$E2E_T/prev"
	tries=20
	while :; do
		capture
		cmp -s "$E2E_SCREEN" "$E2E_T/prev" || { settle; return 0; }
		tries=$((tries - 1))
		[ "$tries" -le 0 ] && return 1
		sleep 0.05
	done
}

keys() {
	for k in "$@"; do
		# (a lone ";" ends a tmux command: "\;" is the key)
		case $k in ';') k='\;' ;; esac
		tm send-keys -t e2e "$k"
		# termkey would read Escape and the next key as Alt+key
		case $k in Escape | C-\[) sleep 0.1 ;; esac
	done
}
text() { tm send-keys -t e2e -l "$1"; }

pass() { e2e_checks=$((e2e_checks + 1)); }
fail() { # fail NAME WHY: report with the screen
	e2e_checks=$((e2e_checks + 1))
	e2e_failed=$((e2e_failed + 1))
	echo "e2e: FAIL: $1: $2"
	if [ -s "$E2E_SCREEN" ]; then
		echo "    screen (${E2E_W}x${E2E_H}):"
		sed 's/^/    |/' "$E2E_SCREEN"
	fi
}

check() { if wait_for "$2"; then pass; else fail "$1" "screen never showed /$2/"; fi; }
check_status() {
	if wait_status "$2"; then pass; else fail "$1" "status line never showed /$2/"; fi
}
# check_gone NAME RE: pass when the screen comes to lack RE (a panel closed)
check_gone() { if wait_gone "$2"; then pass; else fail "$1" "screen still shows /$2/"; fi; }
check_not() { if grep -Eq -- "$2" "$E2E_SCREEN"; then fail "$1" "screen shows /$2/"; else pass; fi; }

# wait_exit [SECS]: wait for hectic to end; E2E_RC is its status ("" if not)
wait_exit() {
	tries=$(((${1:-5}) * 20))
	E2E_RC=
	while [ ! -e "$E2E_T/rc" ]; do
		tries=$((tries - 1))
		[ "$tries" -le 0 ] && return 1
		sleep 0.05
	done
	E2E_RC=$(cat "$E2E_T/rc")
}

# check_exit NAME RC: hectic ended with RC and left the terminal as it was:
# the pane shows the wrapper's EXIT line and no viewer, the alternate
# screen is off, the cursor visible, mouse reporting off, stty modes as
# before
check_exit() {
	if ! wait_exit; then
		capture
		fail "$1" "hectic still running 5 s after the key"
		return
	fi
	if [ "$E2E_RC" = "$2" ]; then pass; else fail "$1" "exit status $E2E_RC, expected $2"; fi
	check "$1-exit-marker" "^EXIT:$2\$"
	check_not "$1-no-viewer" '^(util|cap 0) |events: '
	flags=$(term_flags)
	if [ "$flags" = "$E2E_RESTORED" ]; then
		pass
	else
		fail "$1-terminal-modes" "after exit: $flags (want $E2E_RESTORED)"
	fi
	if cmp -s "$E2E_T/stty-before" "$E2E_T/stty-after"; then
		pass
	else
		fail "$1-stty" "stty -g before '$(cat "$E2E_T/stty-before")' after '$(cat "$E2E_T/stty-after")'"
	fi
}

# alive NAME: hectic has not ended (no crash)
alive() {
	if [ -e "$E2E_T/rc" ]; then
		capture
		fail "$1" "hectic ended with status $(cat "$E2E_T/rc"); stderr: $(head -c 300 "$E2E_ERR")"
	else
		pass
	fi
}

# time words of the status line: "window start", "window end", "cursor", in ns
to_ns() {
	awk -v t="$1" 'BEGIN {
		n = t; u = t; sub(/[a-z]+$/, "", n); sub(/^[0-9.]+/, "", u)
		m = u == "s" ? 1e9 : u == "ms" ? 1e6 : u == "us" ? 1e3 : 1
		printf "%.0f\n", n * m }'
}
status_times() { # prints "A B CURSOR" in ns, from the last capture
	set -- $(status_line | sed -n 's/.*  \([0-9.]*[a-z]*\)\.\.\([0-9.]*[a-z]*\)  cursor \([0-9.]*[a-z]*\) .*/\1 \2 \3/p')
	[ $# -eq 3 ] || return 1
	echo "$(to_ns "$1") $(to_ns "$2") $(to_ns "$3")"
}
win_a() { status_times | cut -d' ' -f1; }
win_b() { status_times | cut -d' ' -f2; }
cursor_ns() { status_times | cut -d' ' -f3; }
# the window width that the ruler's gutter shows, in ns
ruler_width() { to_ns "$(row 0 | awk '{ print $1 }')"; }

# window: the window of the last frame drawn, "t0 t1 plotw lanes_top
# nlanes exact cursor_col" (ns; see write_window in viewer/draw.c)
window() { cat "$E2E_WIN" 2>/dev/null; }
win_field() { window | cut -d' ' -f"$1"; }

# fmt_at NS REF RES: NS as the status line writes times: in the unit of REF
# (the window's end: s, ms, us or ns), rounded half up to the power of ten
# at most RES, with the decimals that takes (model/timefmt.c,
# time_format_unit). Exact below 2^53.
fmt_at() {
	awk -v t="$1" -v ref="$2" -v res="$3" 'BEGIN {
		u = ref >= 1e9 ? 1e9 : ref >= 1e6 ? 1e6 : ref >= 1e3 ? 1e3 : 1
		name = u == 1e9 ? "s" : u == 1e6 ? "ms" : u == 1e3 ? "us" : "ns"
		p = 1
		while (p * 10 <= res) p *= 10
		if (p > u) p = u
		dec = 0
		for (q = p; q < u; q *= 10) dec++
		v = int(t / p)
		if (p > 1 && t - v * p >= p / 2) v++
		per = u / p
		if (dec) printf "%.0f.%0" dec ".0f%s\n", int(v / per), v - int(v / per) * per, name
		else printf "%.0f%s\n", v, name }'
}

# label_ns TEXT: a time label ("1.8151s", "+250us", "37ns") in ns, exactly
label_ns() {
	awk -v s="$1" 'BEGIN {
		sub(/^\+/, "", s)
		n = s; sub(/[a-z]+$/, "", n); u = substr(s, length(n) + 1)
		m = u == "s" ? 1e9 : u == "ms" ? 1e6 : u == "us" ? 1e3 : u == "ns" ? 1 : -1
		if (m < 0 || n !~ /^[0-9]+(\.[0-9]+)?$/) { print "bad"; exit }
		i = n; f = ""
		if (index(n, ".")) { i = substr(n, 1, index(n, ".") - 1); f = substr(n, index(n, ".") + 1) }
		d = m
		for (k = 1; k <= length(f); k++) d /= 10
		printf "%.0f\n", i * m + (f == "" ? 0 : f * d) }'
}

# one_byte [FILE]: FILE (the captured screen) with each character a byte,
# so that awk's columns (bytes, in mawk) are the screen's: an ellipsis as
# "~" (as -a draws it), any other character past ASCII as "?"
one_byte() {
	LC_ALL=C sed -e 's/\xe2\x80\xa6/~/g' -e 's/[\xc2-\xf4][\x80-\xbf]*/?/g' "${1:-$E2E_SCREEN}"
}

# ruler_ok NAME [MIN]: the ruler now on screen reads right (ruler.awk), at
# the frame's gutter: every label exactly its mark's time, none twice,
# even 1-2-5 steps
ruler_ok() {
	capture
	LC_ALL=C awk -f tests/e2e/cells.awk "$E2E_SCREEN" >"$E2E_T/plain-cells"
	set -- "$1" "${2:-3}" $(window)
	if out=$(LC_ALL=C awk -v t0="$3" -v t1="$4" -v plotw="$5" -v gutter="${11:-8}" -v min="$2" \
		-f tests/e2e/ruler.awk "$E2E_T/plain-cells"); then pass; else fail "$1" "$out"; fi
}

# cells: the screen with colours and attributes, trailing blanks kept (-N:
# a blank may have a background colour), as cells (cells.awk) in $E2E_CELLS
E2E_CELLS=$E2E_T/cells
cells() {
	tm capture-pane -p -e -N -t e2e >"$E2E_T/screen-n" 2>/dev/null
	LC_ALL=C awk -f tests/e2e/cells.awk "$E2E_T/screen-n" >"$E2E_CELLS"
}
