# Each capability's figures and each collection's capabilities, counted in
# ghc-events' own text (a fixture's NAME.oracle.show: plain timestamps, the
# events in time order), never by hectic. Used by tests/gc-caps.sh.
#
#   awk -f tests/gc-oracle.awk NAME.oracle.show
#
# Prints, tab-separated:
#   cap  C  FIRST  LAST  RUNNING  GC  GCS   one line per capability that has
#                                           a "T: cap C: ..." line
#   gc   START  CAP  CAPS  END  SPAN_START  SPAN_END  GEN  COPIED  PAR_THREADS
#                                           one line per collection
#
# A capability's lines are those "T: cap C: " begins (its event block's
# line among them). FIRST and LAST: the times of its first and last line.
# Its state between two of its lines is set by the earlier ones: "running
# thread N" until "stopping thread N", "starting GC" until "finished GC";
# a stretch in GC counts to GC, one with a thread running (and not in GC)
# to RUNNING, and the state after its last "running"/"stopping"/"starting"/
# "finished" line lasts until its LAST. RUNNING is empty (NULL) when no
# capability has a "running thread" line, GC when none has "starting GC".
#
# A collection is a "GC stats for heap capset" line (one per collection,
# posted by the capability that led it: CAP). A capability's "starting GC"
# .. its next "finished GC" is its part in a collection: in the one whose
# "GC stats" line is the first after that "starting GC" (so every "starting
# GC" between the k-th and the k+1-th "GC stats" lines is a part of
# collection k+1; a part after the last one, in a log cut in a GC, is in
# none; a "starting GC" that no "finished GC" follows is no part). START:
# CAP's last "starting GC" before the "GC stats" line, when that part
# ends, else the "GC stats" line's time. CAPS: the capabilities with a part
# in it, in increasing order, as 0,2,3 ("-": none). GCS: how many
# collections a capability has a part in. END: the "finished GC" that ends
# CAP's part whose "starting GC" is START, else the "GC stats" line's time.
# SPAN_START, SPAN_END: the earliest "starting GC" and the latest "finished
# GC" of the parts ("-": no part). GEN, COPIED, PAR_THREADS: the "GC stats"
# line's "generation G", "N bytes copied" and "P par threads".
function add(c, t,   lo, hi, d) {
	lo = since[c]; hi = t
	if (hi <= lo) return
	d = hi - lo
	if (ingc[c]) gcns[c] += d
	else if (thr[c] != 0) run[c] += d
}
/^[0-9]+: cap [0-9]+: / {
	t = $1 + 0; c = $3; sub(/:$/, "", c); c += 0
	if (!(c in first)) { first[c] = t; since[c] = t; if (c > maxcap) maxcap = c }
	last[c] = t
	rest = $0; sub(/^[0-9]+: cap [0-9]+: /, "", rest)
	if (rest ~ /^running thread [0-9]+$/) {
		anyrun = 1
		add(c, t); since[c] = t; thr[c] = $6 + 0
	} else if (rest ~ /^stopping thread [0-9]+ /) {
		add(c, t); since[c] = t; thr[c] = 0
	} else if (rest == "starting GC") {
		anygc = 1
		add(c, t); since[c] = t; ingc[c] = 1
		open[c] = 1; ostart[c] = t; ocoll[c] = nstats + 1
		laststart[c] = t
	} else if (rest == "finished GC") {
		add(c, t); since[c] = t; ingc[c] = 0
		if (open[c]) {
			open[c] = 0
			part[ocoll[c], c] = 1
			ended[c, ostart[c]] = t
			k = ocoll[c]
			if (!(k in sps) || ostart[c] < sps[k]) sps[k] = ostart[c]
			if (!(k in spe) || t > spe[k]) spe[k] = t
		}
	} else if (rest ~ /^GC stats for heap capset /) {
		nstats++
		lead[nstats] = c
		lstat[nstats] = t
		lstart[nstats] = (c in laststart) ? laststart[c] : -1
		g = rest; sub(/^GC stats for heap capset [0-9]+: generation /, "", g); sub(/,.*/, "", g)
		gen[nstats] = g
		s = rest; sub(/ bytes copied,.*/, "", s); sub(/.*, /, "", s)
		copied[nstats] = s
		s = rest; sub(/ par threads,.*/, "", s); sub(/.*, /, "", s)
		par[nstats] = s
	}
	next
}
END {
	for (c in last) {
		add(c, last[c])
		n = 0
		for (k = 1; k <= nstats; k++)
			if ((k, c) in part) n++
		printf "cap\t%d\t%.0f\t%.0f\t%s\t%s\t%d\n", c, first[c], last[c],
			anyrun ? sprintf("%.0f", run[c]) : "", anygc ? sprintf("%.0f", gcns[c]) : "", n
	}
	for (k = 1; k <= nstats; k++) {
		c = lead[k]
		s = lstart[k] >= 0 && ((c, lstart[k]) in ended) ? lstart[k] : lstat[k]
		caps = ""
		for (q = 0; q <= maxcap; q++)
			if ((k, q) in part) caps = caps (caps == "" ? "" : ",") q
		e = s == lstart[k] ? ended[c, s] : lstat[k]
		printf "gc\t%.0f\t%d\t%s\t%.0f\t%s\t%s\t%s\t%s\t%s\n", s, c, caps == "" ? "-" : caps, e,
			(k in sps) ? sprintf("%.0f", sps[k]) : "-", (k in spe) ? sprintf("%.0f", spe[k]) : "-",
			gen[k], copied[k], par[k]
	}
}
