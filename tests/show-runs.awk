# The running time of each thread from ghc-events' show text (the
# fixtures' *.oracle.show, not hectic's): the time between its "running
# thread" line and its capability's next "stopping thread" or "running
# thread" line; a run the log does not end, to its capability's last event,
# as the tracks count it. Prints "thread<TAB>ns" for each thread that ran
# (unsorted). Used by tests/chrome-trace.sh and tests/sql.sh.
/^[0-9]+: cap [0-9]+: / {
	t = $1; sub(/:$/, "", t); cap = $3; sub(/:$/, "", cap)
	if (!(cap in last) || t + 0 > last[cap]) last[cap] = t + 0
}
/^[0-9]+: cap [0-9]+: (running|stopping) thread [0-9]+/ {
	if (run[cap]) s[run[cap]] += t - since[cap]
	run[cap] = ($4 == "running") ? $6 : 0; since[cap] = t
}
END {
	for (c in run) if (run[c]) s[run[c]] += last[c] - since[c]
	for (th in s) if (s[th] > 0) printf "%s\t%.0f\n", th, s[th]
}
