# Every run of a Haskell thread, from ghc-events' show text (a fixture's
# *.oracle.show, not hectic's): a "running thread K" line on capability C
# starts one; the capability's next "stopping thread ..." line ends it
# (STOP: that line's reason, less its parentheses and a stack overflow's
# ", size N" and a black hole's owner's number, which the table leaves
# out: its stop is the status, not the event's other fields), else its next "running
# thread" line (STOP empty), else the capability's last line (STOP empty).
# DUR: END - START, 0 when the stop comes first. Prints, tab-separated and
# unsorted: THREAD CAP START END DUR STOP. Used by tests/sql.sh.
function close_run(c, t, why,   d) {
	d = t - since[c]
	if (d < 0) d = 0
	printf "%s\t%s\t%.0f\t%.0f\t%.0f\t%s\n", run[c], c, since[c], t, d, why
	run[c] = ""
}
/^[0-9]+: cap [0-9]+: / {
	t = $1; sub(/:$/, "", t); c = $3; sub(/:$/, "", c)
	last[c] = t + 0
}
/^[0-9]+: cap [0-9]+: stopping thread [0-9]+ / {
	if (run[c] != "") {
		why = $0; sub(/^[^(]*\(/, "", why); sub(/\)$/, "", why)
		sub(/^stack overflow, size [0-9]+$/, "stack overflow", why)
		sub(/^blocked on black hole owned by thread [0-9]+$/, "blocked on black hole owned by thread", why)
		close_run(c, t + 0, why)
	}
}
/^[0-9]+: cap [0-9]+: running thread [0-9]+$/ {
	if (run[c] != "") close_run(c, t + 0, "")
	run[c] = $6; since[c] = t + 0
}
END { for (c in run) if (run[c] != "") close_run(c, last[c], "") }
