#!/bin/sh
# End-to-end tests of the pager (cli/pager.c, issue 22): show, markers
# and threads go through $PAGER when their standard output is a terminal
# (a tmux pane: a real pty), as git's commands do; HECTIC_PAGER before
# PAGER before "less -R"; empty or "cat" is none; --no-pager and a
# standard output that is not a terminal go straight out. The pager used
# here is a script that records what it reads: it must be byte for byte
# what a pipe gets from the same command (with --escape: the escaping is
# decided for the terminal, before stdout becomes the pager's pipe), and
# the environment it was given (LESS=FRX, LV=-c unless set). Messages stay
# on standard error, not in the pager; a failing report keeps its exit
# status; a pager quit before the end (head -1) ends hectic with status 0
# and no message; a pager that cannot run is an error; SIGINT waits for
# the pager to end, then ends hectic as SIGINT does (seen in /proc: hectic
# blocked writing to the pipe before the signal, then its stdout
# /dev/null and it asleep in waitpid, however long the pager takes).
# Usage: tests/e2e/pager.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/pager.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux cc cmp grep head sed; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-pager: $t not found (tools/deps.sh names its package)"
		echo "e2e-pager: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
# the tmux server, and so hectic, inherits this environment: the user's
# pager settings are not the test's
unset HECTIC_PAGER PAGER LESS LV
. tests/e2e/lib.sh
H=$E2E_HECTIC
F=tests/fixtures
P=$E2E_T/pager
mkdir -p "$P/bin" "$P/nobin"

# the recording pager: what it reads into got, its environment and
# arguments into env; rec-wait reads only once $P/go exists
cat >"$P/rec" <<EOF
#!/bin/sh
printf 'LESS=%s LV=%s args=%s\n' "\${LESS-unset}" "\${LV-unset}" "\$*" >$(q "$P/env")
exec $(q "$(command -v cat)") >$(q "$P/got")
EOF
cat >"$P/rec-wait" <<EOF
#!/bin/sh
: >$(q "$P/started")
while [ ! -e $(q "$P/go") ]; do sleep 0.05; done
cat >$(q "$P/got")
: >$(q "$P/done")
EOF
# "less" and "cat" on a PATH of their own: the default pager, and proof
# that PAGER=cat runs no pager at all
cp "$P/rec" "$P/bin/less"
cp "$P/rec" "$P/bin/cat"
chmod +x "$P/rec" "$P/rec-wait" "$P/bin/less" "$P/bin/cat"
REC=$P/rec

# logs: clean ones, a killed program's (markers: 700 KB, with warnings and
# exit 0), a thread label holding an escape sequence (as in tests/cli.sh),
# a header followed by garbage (exit 1 after printing), many threads
SHOW=$F/par-n4.eventlog
MARK=$F/threaded.eventlog
THR=$F/threads.eventlog
CUT=$F/killed-cut.eventlog
hdr='hdrbhetbetb\000\000\054\377\377\000\000\000\001L\000\000\000\000ete\000hetehdredatb'
ev='\000\054\000\000\000\000\000\000\000\012\000\016\000\000\000\007\033[31mevil\007'
# shellcheck disable=SC2059
printf "$hdr$ev\377\377" >"$P/evil"
datb=$(grep -boa datb $F/threaded.eventlog | head -1 | cut -d: -f1)
{ head -c $((datb + 4)) $F/threaded.eventlog; printf 'garbage, not events'; } >"$P/garbage"
if cc -std=c11 -O2 -o "$P/gen" bench/gen.c && "$P/gen" crafted ids 400000 "$P/ids" >/dev/null; then
	pass
else
	fail gen "cannot build a log of many threads with bench/gen.c"
fi

# run NAME [VAR=VALUE ...] -- ARG ...: hectic ARGs on the pane's terminal,
# to its end (30 s); E2E_RC its status, $E2E_ERR its stderr, $P/got what
# the pager read (absent: no pager ran)
run() {
	_rn=$1
	shift
	rm -f "$P/got" "$P/env" "$P/go" "$P/done"
	start 100 30 "$@"
	if ! wait_exit 30; then
		capture
		fail "$_rn" "hectic still running after 30 s"
		return 1
	fi
	return 0
}
rc_is() { # rc_is NAME RC
	if [ "$E2E_RC" = "$2" ]; then pass; else
		fail "$1" "exit status $E2E_RC, expected $2; stderr: $(head -c 300 "$E2E_ERR")"
	fi
}
got_is() { # got_is NAME FILE: the pager read exactly FILE's bytes
	if [ ! -e "$P/got" ]; then
		fail "$1" "no pager ran"
	elif cmp -s "$P/got" "$2"; then
		pass
	else
		fail "$1" "the pager read $(wc -c <"$P/got") bytes, not the $(wc -c <"$2") a pipe gets: $(cmp "$P/got" "$2" 2>&1)"
	fi
}
no_pager() { # no_pager NAME
	if [ -e "$P/got" ]; then fail "$1" "a pager ran (PAGER=$REC)"; else pass; fi
}
err_has() { # err_has NAME RE
	if grep -Eq -- "$2" "$E2E_ERR"; then pass; else
		fail "$1" "stderr lacks /$2/: $(head -c 300 "$E2E_ERR")"
	fi
}
err_empty() {
	if [ -s "$E2E_ERR" ]; then fail "$1" "stderr: $(head -c 300 "$E2E_ERR")"; else pass; fi
}
screen_ends() { # screen_ends NAME FILE: the pane shows FILE's last line
	if wait_for "^$(tail -1 "$2" | sed -e 's/ *$//' -e 's/[][\\.*^$+?(){}|]/\\&/g')\$"; then pass; else
		fail "$1" "the screen does not show the text's last line"
	fi
}
env_is() { # env_is NAME TEXT: the pager's LESS, LV and arguments
	if [ "$(cat "$P/env" 2>/dev/null)" = "$2" ]; then pass; else
		fail "$1" "the pager's environment: '$(cat "$P/env" 2>/dev/null)', expected '$2'"
	fi
}

# ---- on a terminal: through the pager, the bytes a pipe gets ----
for c in "show:$SHOW" "markers:$MARK" "threads:$THR" "markers --tsv:$MARK" \
	"threads --tsv:$THR" "show:$P/evil" "threads:$P/evil" "markers:$CUT"; do
	cmd=${c%%:*} f=${c#*:}
	name="paged-$(echo "$cmd" | tr ' ' '_')-$(basename "$f" .eventlog)"
	# shellcheck disable=SC2086
	"$H" $cmd --escape "$f" >"$P/want" 2>/dev/null
	# shellcheck disable=SC2086
	run "$name" PAGER="$REC" -- $cmd "$f" || continue
	rc_is "$name" 0
	got_is "$name" "$P/want"
	env_is "$name-env" "LESS=FRX LV=-c args="
	[ "$f" = "$CUT" ] || err_empty "$name-stderr"
done
# the killed program's log: its warnings on stderr, not in the pager
err_has paged-cut-warning 'killed-cut.eventlog: truncated at byte [0-9]+'
if grep -q 'truncated' "$P/got" 2>/dev/null; then
	fail paged-cut-not-in-pager "a warning reached the pager"
else pass; fi

# escaping is the terminal's: escaped in the pager, raw only when asked
run paged-escaped PAGER="$REC" -- threads "$P/evil" &&
	if grep -q "$(printf '\033')" "$P/got" || ! grep -q '\\x1b\[31mevil\\x07' "$P/got"; then
		fail paged-escaped "the label is not escaped: $(cat "$P/got")"
	else pass; fi
run paged-raw PAGER="$REC" -- threads --raw "$P/evil" &&
	if grep -q "$(printf '\033')\[31mevil" "$P/got"; then pass; else
		fail paged-raw "--raw's bytes did not reach the pager: $(cat "$P/got")"
	fi

# ---- which pager ----
"$H" threads --escape "$THR" >"$P/want" 2>/dev/null
run hectic-pager HECTIC_PAGER="$REC" PAGER=false -- threads "$THR" && rc_is hectic-pager 0 &&
	got_is hectic-pager "$P/want"
run hectic-pager-empty HECTIC_PAGER= PAGER="$REC" -- threads "$THR" &&
	rc_is hectic-pager-empty 0 && no_pager hectic-pager-empty
run hectic-pager-cat HECTIC_PAGER=cat PAGER="$REC" PATH="$P/bin:$PATH" -- threads "$THR" &&
	rc_is hectic-pager-cat 0 && no_pager hectic-pager-cat
run pager-empty PAGER= -- threads "$THR" && rc_is pager-empty 0 && no_pager pager-empty
run pager-cat PAGER=cat PATH="$P/bin:$PATH" -- threads "$THR" && rc_is pager-cat 0 &&
	no_pager pager-cat
screen_ends pager-cat-screen "$P/want" # the text went to the terminal
# the default: less -R, with LESS=FRX and LV=-c unless set
run default-less PATH="$P/bin:$PATH" -- threads "$THR" && rc_is default-less 0 &&
	got_is default-less "$P/want" && env_is default-less-env "LESS=FRX LV=-c args=-R"
run user-less LESS=-S LV=-x PATH="$P/bin:$PATH" -- threads "$THR" &&
	env_is user-less-env "LESS=-S LV=-x args=-R"
# no less on the PATH (and no PAGER): the text, not "less: not found"
run no-less PATH="$P/nobin" -- threads "$THR" && rc_is no-less 0 && err_empty no-less
screen_ends no-less-screen "$P/want"

# ---- --no-pager, and a stdout that is not a terminal ----
for c in "show:$SHOW" "markers:$MARK" "threads:$THR"; do
	run "no-pager-${c%%:*}" PAGER="$REC" -- "${c%%:*}" --no-pager "${c#*:}" &&
		rc_is "no-pager-${c%%:*}" 0 && no_pager "no-pager-${c%%:*}"
	rm -f "$P/got"
	PAGER=$REC "$H" "${c%%:*}" "${c#*:}" | cat >"$P/piped"
	no_pager "pipe-${c%%:*}"
	"$H" "${c%%:*}" --no-pager "${c#*:}" >"$P/want"
	if cmp -s "$P/piped" "$P/want"; then pass; else fail "pipe-${c%%:*}-text" "the pipe's text differs"; fi
done
screen_ends no-pager-screen "$P/want"

# ---- the pager quit before the end: status 0, no message ----
for c in "show:$SHOW:^Event Types:\$" "markers:$CUT:marker  tick 1\$" \
	"threads:$P/ids:^  thread +created"; do
	cmd=${c%%:*} f=${c#*:} first=${c##*:}
	f=${f%%:*}
	run "early-$cmd" "PAGER=head -1" -- "$cmd" "$f" || continue
	rc_is "early-$cmd" 0
	err_empty "early-$cmd-stderr"
	check "early-$cmd-head" "$first" # head printed the first line
done

# ---- errors: on stderr, with their status ----
run missing PAGER="$REC" -- show "$P/none.eventlog" && rc_is missing 1 &&
	err_has missing 'none.eventlog: No such file' && no_pager missing
for c in show markers threads; do
	"$H" $c --escape "$P/garbage" >"$P/want" 2>/dev/null
	run "garbage-$c" PAGER="$REC" -- $c "$P/garbage" || continue
	rc_is "garbage-$c" 1
	err_has "garbage-$c" 'event type 26465 is not declared in the header'
	got_is "garbage-$c-text" "$P/want"
done
# a pager that cannot run: sh says why, and hectic fails
run bad-pager PAGER="$P/no-such-pager" -- threads "$THR" && rc_is bad-pager 1 &&
	err_has bad-pager 'no-such-pager.*not found'

# ---- SIGINT while the pager runs: the pager gets the end of its input,
# hectic waits for it, then dies of SIGINT ----
# wchans PID: where each thread of PID sleeps in the kernel (/proc's
# wchan: (anon_)pipe_write blocked writing to a pipe, do_wait in waitpid)
wchans() {
	for _w in /proc/"$1"/task/*/wchan; do
		[ -e "$_w" ] || continue # (no such process: nothing)
		printf '%s ' "$(cat "$_w" 2>/dev/null)"
	done
}
# in_kernel PID RE SECS: 0 as soon as a thread of PID sleeps in a kernel
# function matching RE, 1 after SECS
in_kernel() {
	_n=$(($3 * 20))
	while [ "$_n" -gt 0 ]; do
		wchans "$1" | tr ' ' '\n' | grep -Eqx -- "$2" && return 0
		sleep 0.05
		_n=$((_n - 1))
	done
	return 1
}

rm -f "$P/got" "$P/go" "$P/done" "$P/started"
if start 100 30 PAGER="$P/rec-wait" -- show "$SHOW"; then
	pid=$(hectic_pid)
	n=200
	while [ ! -e "$P/started" ] && [ "$n" -gt 0 ]; do sleep 0.05; n=$((n - 1)); done
	# hectic blocked on the full pipe, the pager not reading
	if in_kernel "$pid" '(anon_)?pipe_write|pipe_wait(_writable)?' 10; then pass; else
		fail sigint-blocked "hectic not blocked writing to its pager (its threads in: $(wchans "$pid"))"
	fi
	kill -INT "$pid" 2>/dev/null
	# the signal taken: its handler gave the pager the end of its input
	# (stdout now /dev/null) and waits for it (waitpid), whatever the time
	# that took; not merely alive a while after the signal
	n=200
	while [ "$(readlink "/proc/$pid/fd/1" 2>/dev/null)" != /dev/null ] && [ "$n" -gt 0 ]; do
		sleep 0.05
		n=$((n - 1))
	done
	if [ "$(readlink "/proc/$pid/fd/1" 2>/dev/null)" = /dev/null ]; then pass; else
		fail sigint-pager-end "hectic's stdout after SIGINT: '$(readlink "/proc/$pid/fd/1" 2>/dev/null)', not /dev/null (the pager never gets the end of its input)"
	fi
	if in_kernel "$pid" 'do_wait|kernel_wait4' 10 && [ ! -e "$E2E_T/rc" ]; then pass; else
		fail sigint-waits "after SIGINT hectic is not waiting for its pager (ended: $([ -e "$E2E_T/rc" ] && echo yes || echo no); its threads in: $(wchans "$pid"))"
	fi
	: >"$P/go"
	if wait_exit 10; then
		rc_is sigint 130
		if [ -e "$P/done" ]; then pass; else fail sigint-pager-done "hectic ended before its pager"; fi
		if [ -s "$P/got" ]; then pass; else fail sigint-pager-read "the pager read nothing"; fi
	else
		fail sigint "hectic still running after SIGINT and its pager's end"
	fi
fi

echo "e2e-pager: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
