#!/bin/sh
# hectic run: the program and everything it started in its process group
# are gone, and the temporary directory removed, on every way the viewer
# ends: q (SIGTERM, then SIGKILL after the 2 s grace period for a program
# that ignores SIGTERM), Ctrl-C, SIGTERM to hectic, the viewer killed
# (SIGKILL) or crashing (SIGSEGV); and hectic says truly how the program
# ended. The program is tests/tools/run-prog.sh: it writes a fixture into
# the FIFO that GHCRTS names and starts a child (a sleep) in its group.
# Checked through /proc. Usage: tests/run-prog.sh HECTIC
set -u
E2E_HECTIC=${1:-build/hectic}
case $E2E_HECTIC in /*) ;; *) E2E_HECTIC=$PWD/$E2E_HECTIC ;; esac
. tests/e2e/lib.sh
[ -d /proc/self ] || { echo "run-prog: needs /proc"; exit 1; }
LOG=tests/fixtures/nonthreaded.eventlog
INFO=$E2E_T/info
PROG="sh $PWD/tests/tools/run-prog.sh"

# group_left PGID: the processes of group PGID still alive (not zombies)
group_left() {
	for _st in /proc/[0-9]*/stat; do
		[ -e "$_st" ] || continue # (a process gone since the pattern was expanded)
		set -- $(sed 's/.*) //' "$_st" 2>/dev/null)
		[ $# -ge 3 ] || continue
		[ "$3" = "$G" ] && [ "$1" != Z ] && echo "${_st%/stat}"
	done
}

# children PID: the pids whose parent is PID
children() {
	for _st in /proc/[0-9]*/stat; do
		[ -e "$_st" ] || continue # (a process gone since the pattern was expanded)
		_pp=$(sed 's/.*) //' "$_st" 2>/dev/null | cut -d' ' -f2)
		[ "$_pp" = "$1" ] && { _k=${_st#/proc/}; echo "${_k%/stat}"; }
	done
}

alive_pid() { [ -e "/proc/$1" ] && [ "$(proc_state "$1")" != Z ]; }

# launch NAME [VAR=VALUE ...]: hectic run on the program, until the
# program has written its log; sets P (hectic), S (its supervisor), G (the
# program's group), C (its child), D (the temporary directory)
launch() {
	_n=$1
	shift
	rm -f "$INFO"
	start 120 30 "RUNPROG_INFO=$INFO" "RUNPROG_LOG=$PWD/$LOG" "$@" -- run -- $PROG
	# (30 s: a sanitizer build on a loaded 2-core machine once took over
	# 5 s; the wait ends as soon as the program has written its log)
	_t=600
	while [ ! -s "$INFO" ] && [ "$_t" -gt 0 ]; do
		sleep 0.05
		_t=$((_t - 1))
	done
	if [ ! -s "$INFO" ]; then
		capture
		_hp=$(cat "$E2E_PIDF" 2>/dev/null)
		fail "$_n-started" "the program never wrote its log in 30 s; hectic pid '$_hp' $(if [ -n "$_hp" ] && alive_pid "$_hp"; then echo alive; else echo gone; fi), rc '$(cat "$E2E_T/rc" 2>/dev/null)'; stderr: $(head -c 300 "$E2E_ERR")"
		return 1
	fi
	read -r G C fifo <"$INFO"
	D=${fifo%/eventlog}
	P=$(hectic_pid)
	S=$(children "$P" | head -1)
	check "$_n-viewer" '^cap 0 '
	if [ -d "$D" ] && [ -p "$fifo" ] && alive_pid "$C" && [ -n "$S" ]; then
		pass
	else
		fail "$_n-running" "dir $D, child $C, supervisor '$S' not all there"
	fi
	return 0
}

# gone NAME SECS: within SECS, nothing of the program's group is left, the
# supervisor has ended and the directory is removed
gone() {
	_t=$(($2 * 20))
	while [ "$_t" -gt 0 ]; do
		[ -z "$(group_left)" ] && [ ! -e "$D" ] && ! alive_pid "$S" && break
		sleep 0.05
		_t=$((_t - 1))
	done
	left=$(group_left | tr '\n' ' ')
	if [ -z "$left" ]; then pass; else fail "$1-group-gone" "still alive in group $G: $left"; fi
	if [ ! -e "$D" ]; then pass; else fail "$1-dir-removed" "$D still there: $(ls "$D")"; fi
	if ! alive_pid "$S"; then pass; else fail "$1-supervisor-gone" "supervisor $S still alive"; fi
}

# clean NAME: nothing from a sanitizer on hectic's stderr
clean() {
	if grep -Eq 'Sanitizer|runtime error' "$E2E_ERR"; then
		fail "$1-sanitizer" "$(head -c 600 "$E2E_ERR")"
	else
		pass
	fi
}

# said NAME RE: hectic's stderr has a line matching RE
said() {
	if grep -Eq -- "$2" "$E2E_ERR"; then
		pass
	else
		fail "$1" "stderr lacks /$2/: $(cat "$E2E_ERR")"
	fi
}

# ms: milliseconds since boot (to 10 ms)
# rundirs: the temporary directories of hectic run there are
rundirs() { for d in "${TMPDIR:-/tmp}"/hectic-run-*; do [ -e "$d" ] && echo "$d"; done; }

ms() { awk '{ printf "%.0f\n", $1 * 1000 }' /proc/uptime; }

# 1. q; the program ignores SIGTERM, and so does its child: SIGKILL after
# the grace period, no sooner
if launch ignore RUNPROG_TERM=ignore; then
	t0=$(ms)
	keys q
	check_exit ignore-q 0
	took=$(($(ms) - t0))
	clean ignore
	gone ignore 3
	said ignore-said '^hectic: sh was still running and did not end within 2 s of SIGTERM: killed \(SIGKILL\)$'
	said ignore-output '^hectic:   \| run-prog: writing '
	if [ "$took" -ge 1900 ]; then pass; else fail ignore-grace "ended ${took} ms after q: before the grace period"; fi
fi

# 2. q; the program ends on SIGTERM, its child too
if launch term; then
	keys q
	check_exit term-q 0
	clean term
	gone term 2
	said term-said '^hectic: sh was still running: stopped \(SIGTERM\)$'
fi

# 3. the program exits by itself, leaving its child (which ignores
# SIGTERM) in its group; then q
if launch exited RUNPROG_TERM=ignore RUNPROG_EXIT=3; then
	_t=100
	while alive_pid "$G" && [ "$_t" -gt 0 ]; do sleep 0.05; _t=$((_t - 1)); done
	if alive_pid "$C"; then pass; else fail exited-child "the child did not outlive the program"; fi
	keys q
	check_exit exited-q 0
	clean exited
	gone exited 3
	said exited-said '^hectic: sh exited with status 3; what it left running in its process group did not end on SIGTERM: killed \(SIGKILL\)$'
fi

# 4. Ctrl-C and SIGTERM to hectic quit as q does
if launch ctrl-c; then
	keys C-c
	check_exit ctrl-c 0
	clean ctrl-c
	gone ctrl-c 2
	said ctrl-c-said 'stopped \(SIGTERM\)$'
fi
if launch sigterm RUNPROG_TERM=ignore; then
	kill -TERM "$P"
	check_exit sigterm 0
	clean sigterm
	gone sigterm 3
	said sigterm-said 'killed \(SIGKILL\)$'
fi

# 5. the viewer is killed: nothing can run in it, the supervisor cleans up
if launch kill RUNPROG_TERM=ignore; then
	kill -KILL "$P"
	wait_exit 2
	if [ "$E2E_RC" = 137 ]; then pass; else fail kill-status "exit status '$E2E_RC', expected 137"; fi
	gone kill 4
	said kill-said 'the viewer ended unexpectedly; sh was still running and did not end within 2 s of SIGTERM: killed \(SIGKILL\)'
fi

# 6. the viewer crashes: the terminal is restored, the program stopped
# (a sanitizer build leaves SIGSEGV to hectic's handler and the kernel)
if launch segv ASAN_OPTIONS=handle_segv=0; then
	kill -SEGV "$P"
	check_exit segv 139
	gone segv 2
	said segv-said 'the viewer ended unexpectedly; sh was still running: stopped \(SIGTERM\)'
fi

# 7. q while the viewer still waits for a program that never opens the
# FIFO (and ignores SIGTERM): the load's quit stops it the same way
before=$(rundirs)
start 120 30 -- run -- sh -c "trap '' TERM; sleep 300 & while :; do sleep 1; done"
if check waiting-viewer 'waiting for sh to open its eventlog'; then
	P=$(hectic_pid)
	S=$(children "$P" | head -1)
	G=$(children "$S" | head -1)
	D=$(rundirs | grep -vxF -- "$before" | head -1)
	if [ -n "$G" ] && alive_pid "$G" && [ -d "$D" ]; then pass; else fail waiting-running "program '$G', dir '$D'"; fi
	keys q
	check_exit waiting-q 0
	clean waiting
	gone waiting 3
	said waiting-said '^hectic: sh was still running and did not end within 2 s of SIGTERM: killed \(SIGKILL\)$'
fi

# 8. a program that cannot be run: said, nothing left behind
before=$(rundirs)
start 120 30 -- run -- "$E2E_T/no-such-program"
check_exit noprog 1
said noprog-said '^hectic: cannot run .*no-such-program: No such file or directory$'
after=$(rundirs)
if [ "$before" = "$after" ]; then pass; else fail noprog-dir "left: $(echo "$after" | grep -vxF -- "$before")"; fi

echo "run-prog: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
