#!/bin/sh
# A stand-in for a GHC program under `hectic run` (tests/run-prog.sh): it
# opens the eventlog FIFO that GHCRTS names (-ol<fifo>), as the RTS does,
# writes a log into it and keeps it open, starts a child (a sleep) in its
# process group, says what it is, and runs until it is killed.
#
#   RUNPROG_INFO  a file it writes "PID CHILD_PID FIFO" to, once running
#   RUNPROG_LOG   the eventlog it writes
#   RUNPROG_TERM  "ignore": it (and so its child) ignores SIGTERM
#   RUNPROG_EXIT  a status: it exits with it once the log is written,
#                 leaving its child running
set -u
case ${RUNPROG_TERM:-} in ignore) trap '' TERM ;; esac
fifo=${GHCRTS##*-ol}
echo "run-prog: writing $RUNPROG_LOG"
sleep 300 &
child=$!
exec 3>"$fifo"
cat "$RUNPROG_LOG" >&3
echo "$$ $child $fifo" >"$RUNPROG_INFO.tmp"
mv "$RUNPROG_INFO.tmp" "$RUNPROG_INFO"
if [ -n "${RUNPROG_EXIT:-}" ]; then
	echo "run-prog: exiting with $RUNPROG_EXIT"
	exit "$RUNPROG_EXIT"
fi
while :; do
	sleep 1
done
