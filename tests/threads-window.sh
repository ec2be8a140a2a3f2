#!/bin/sh
# Reference test of `hectic threads --tsv [--from A --to B]`: the expected
# rows are computed here, in POSIX awk (mawk and gawk alike), from ghc-events'
# show text of the log (its .oracle.show, which `hectic show` equals), and
# must match hectic's stdout byte for byte, the label column left out
# (labels are escaped text; tests/sql.sh checks them). Usage:
#   sh tests/threads-window.sh path/to/hectic
#
# The spec, in short. --to is inclusive: the window is [A, B+1) in ns.
# A run starts at "running thread K" on cap N and ends at that capability's
# next "stopping thread ..." or next "running thread ...", whichever comes
# first, or at the capability's last event (any "cap N:" line, block markers
# included) if neither comes. Per thread:
#   created   its "creating thread K"; first_run its first "running thread K";
#   ended     its first "stopping thread K (thread finished)" (all three over
#             the whole log, empty when absent)
#   running   ns of its runs inside the window
#   runs      its runs that overlap the window: those in progress at A
#             (started before A, the capability's state just before A is
#             running it, and A is before the capability's last event) and
#             those starting in [A, B+1)
#   caps      the capabilities of those runs, ascending, comma-separated,
#             every number >= 63 shown once as "63+"
# Listed: the threads whose birth (created, else first_run) is not after B
# and whose end (ended, else the end of its last run, which for a run nothing
# stopped is its capability's last event, else its last stopping event) is
# not before A, in ascending id order. Without --from/--to: every thread, and every run
# counts whole. (A thread with no running/stopping event and no "thread
# finished" has no end in the spec; here its end is its birth. No fixture
# has one; the self-check's one is placed so that the choice does not
# matter.)
#
# The reference is checked first on a hand-made show text whose answers were
# worked out by hand (SELF-CHECK below); then every tests/fixtures/*.eventlog
# is tried on the whole run, on the explicit window [first event, last
# event], on windows of 100 ms, 5 ms, 1 ms and 10 us centred on a "running
# thread" near the middle, of 1 ms and 10 us around one near a third, and on
# edge windows: starting on a "stopping thread" (a run ending exactly at A),
# from one "running thread" to the next (B on a run start), 1 ns wide, and
# from the last "running thread" (and from 1 ns after it) to the last event.
set -u
H=$1
FIX=${FIXTURES:-tests/fixtures}
AWK=${AWK:-awk}	# e.g. AWK=mawk, AWK="gawk --posix"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

# The reference. Input: show text. Variables:
#   OUT   prefix of the files written: OUT.ID holds the expected rows of
#         window ID (header first, label column left out)
#   WINS  windows given by hand, "FROM TO;FROM TO;..." where "- -" means the
#         whole log (no --from/--to)
#   AUTO  1: add the windows chosen from the log (see above)
# Prints one line per window: "ID FROM TO" ("- -" for the whole log).
cat >"$T/ref.awk" <<'EOF'
function num(x) { return sprintf("%.0f", x) }
function opt(x) { return (x == "") ? "" : num(x) }
# close the run open on cap c (if any) at time t; byev: ended by an event
function closerun(c, t, byev,   i) {
	if (!(c in open) || open[c] == 0) return
	i = open[c]
	re[i] = t; rev[i] = byev
	open[c] = 0
}
function seen(k) {
	if (!(k in known)) { known[k] = 1; ids[++nids] = k }
}
function addwin(from, to) { nw++; wf[nw] = from; wt[nw] = to }
# a window of width w ns starting at s, kept inside [tmin, tmax] if it fits
function place(s, w,   from) {
	from = s
	if (from > tmax - w + 1) from = tmax - w + 1
	if (from < tmin) from = tmin
	addwin(num(from), num(from + w - 1))
}
# the first time in list L (count n) at or after x, else the last one
function atorafter(L, n, x,   i, r) {
	r = x
	for (i = 1; i <= n; i++) {
		if (L == "run") r = runt[i]; else r = stopt[i]
		if (r >= x) break
	}
	return r
}
function emit(id, from, to,   whole, A, B1, file, j, k, i, s, e, ov, run_ns, cnt,
		birth, end, nc, cl, x, y, m, big, str) {
	whole = (from == "-")
	if (!whole) { A = from + 0; B1 = to + 1 }
	file = OUT "." id
	printf "thread\tcreated\tfirst_run\tended\trunning\truns\tcaps\n" > file
	for (j = 1; j <= nids; j++) {
		k = ids[j]
		if (!whole) {
			birth = (k in created) ? created[k] : ((k in firstrun) ? firstrun[k] : "")
			# a thread that never finished ends where its last run ends
			# (at its capability's last event when nothing stopped it)
			if (k in ended) end = ended[k]
			else if (k in lastend) end = lastend[k]
			else if (k in lastrs) end = lastrs[k]
			else end = birth
			if (birth != "" && birth + 0 > B1 - 1) continue
			if (end != "" && end + 0 < A) continue
		}
		run_ns = 0; cnt = 0; nc = 0; big = 0
		split("", cs)
		for (i = 1; i <= nruns; i++) {
			if (rth[i] != k) continue
			s = rs[i]; e = re[i]
			if (whole) {
				ov = e - s
			} else {
				if (s >= A && s < B1) {
					# starts in the window
				} else if (s < A && (rev[i] ? e >= A : 1) && A < last[rc[i]]) {
					# in progress at A
				} else continue
				x = (s > A) ? s : A
				y = (e < B1) ? e : B1
				ov = (y > x) ? y - x : 0
			}
			run_ns += ov; cnt++
			if (rc[i] >= 63) big = 1
			else if (!((rc[i]) in cs)) { cs[rc[i]] = 1; cl[++nc] = rc[i] }
		}
		# ascending capability numbers
		for (x = 2; x <= nc; x++) {
			m = cl[x]
			for (y = x - 1; y >= 1 && cl[y] > m; y--) cl[y + 1] = cl[y]
			cl[y + 1] = m
		}
		str = ""
		for (x = 1; x <= nc; x++) str = str (x > 1 ? "," : "") num(cl[x])
		if (big) str = str (nc > 0 ? "," : "") "63+"
		printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", num(k), \
			opt((k in created) ? created[k] : ""), \
			opt((k in firstrun) ? firstrun[k] : ""), \
			opt((k in ended) ? ended[k] : ""), num(run_ns), num(cnt), str > file
	}
	close(file)
}
BEGIN { inev = 0; have = 0; nruns = 0; nids = 0; nrun = 0; nstop = 0; nw = 0 }
!inev { if ($0 == "Events:") inev = 1; next }
!/^[0-9]+: / { next }
{
	p = index($0, ": ")
	t = substr($0, 1, p - 1) + 0
	rest = substr($0, p + 2)
	if (!have || t < tmin) tmin = t
	if (!have || t > tmax) tmax = t
	have = 1
	if (rest !~ /^cap [0-9]+: /) next
	rest = substr(rest, 5)
	p = index(rest, ": ")
	c = substr(rest, 1, p - 1) + 0
	txt = substr(rest, p + 2)
	if (!(c in last) || t > last[c]) last[c] = t
	if (txt ~ /^running thread [0-9]+$/) {
		k = substr(txt, 16) + 0
		seen(k)
		closerun(c, t, 1)
		nruns++
		rs[nruns] = t; rc[nruns] = c; rth[nruns] = k
		open[c] = nruns
		if (!(k in firstrun)) firstrun[k] = t
		lastrs[k] = t
		runt[++nrun] = t
	} else if (txt ~ /^stopping thread [0-9]+ /) {
		split(txt, w, " ")
		k = w[3] + 0
		seen(k)
		closerun(c, t, 1)
		lastrs[k] = t
		if (txt ~ /^stopping thread [0-9]+ \(thread finished\)$/ && !(k in ended))
			ended[k] = t
		stopt[++nstop] = t
	} else if (txt ~ /^creating thread [0-9]+$/) {
		k = substr(txt, 17) + 0
		seen(k)
		if (!(k in created)) created[k] = t
	}
}
END {
	if (!have) { print "no events" > "/dev/stderr"; exit 1 }
	# runs still open end at their capability's last event
	for (c in open) if (open[c]) closerun(c, last[c], 0)
	for (i = 1; i <= nruns; i++)
		if (!(rth[i] in lastend) || re[i] > lastend[rth[i]]) lastend[rth[i]] = re[i]
	# thread ids in ascending order
	for (i = 2; i <= nids; i++) {
		x = ids[i]
		for (j = i - 1; j >= 1 && ids[j] > x; j--) ids[j + 1] = ids[j]
		ids[j + 1] = x
	}
	n = split(WINS, ws, ";")
	for (i = 1; i <= n; i++) {
		if (split(ws[i], f, " ") == 2) addwin(f[1], f[2])
	}
	if (AUTO) {
		addwin("-", "-")
		addwin(num(tmin), num(tmax))
		mid = tmin + int((tmax - tmin) / 2)
		rt = atorafter("run", nrun, mid)
		split("100000000 5000000 1000000 10000", wd, " ")
		for (i = 1; i <= 4; i++) place(rt - int(wd[i] / 2), wd[i] + 0)
		r3 = atorafter("run", nrun, tmin + int((tmax - tmin) / 3))
		place(r3 - 500000, 1000000)
		place(r3 - 5000, 10000)
		st = atorafter("stop", nstop, mid)
		addwin(num(st), num(st + 9999))	# a run ends exactly at A
		rt2 = atorafter("run", nrun, rt + 1)
		if (rt2 > rt) addwin(num(rt), num(rt2))	# B on a run start
		addwin(num(rt), num(rt))	# 1 ns
		addwin(num(st), num(st))	# 1 ns on a stop
		# from the last run start to the end (a run still going at the end
		# of the log lasts until its capability's last event)
		if (nrun) addwin(num(runt[nrun]), num(tmax))
		# inside it (killed-cut: a thread still running when the log ends)
		if (nrun && runt[nrun] < tmax) addwin(num(runt[nrun] + 1), num(tmax))
	}
	for (i = 1; i <= nw; i++) {
		emit(i, wf[i], wt[i])
		print i, wf[i], wt[i]
	}
}
EOF

# hectic's rows without the label column; a row with other than 8 fields is
# kept whole behind "BAD ROW:" so that it shows in the diff
cat >"$T/nolabel.awk" <<'EOF'
BEGIN { FS = "\t"; OFS = "\t" }
NF != 8 { print "BAD ROW: " $0; next }
{ print $1, $3, $4, $5, $6, $7, $8 }
EOF

# --- SELF-CHECK of the reference on a hand-made show text --------------------
# runs (cap: [start, end)):
#   thread 1: 0:[120,150) stopped, 0:[170,200) ended by the run of 3,
#             1:[300,350) stopped; finished at 350
#   thread 2: 1:[160,210) (ended by a "stopping thread 6": any stop ends the
#             cap's run), 70:[260,270), 64:[280,310), finished at 310; a
#             stop on the idle cap 70 at 320 ends nothing
#   thread 3: never created; 0:[200,250), finished at 250 and again at 255
#   thread 4: created at 590, never runs
#   thread 5: never created; 0:[380,500) (no stop: cap 0's last event is
#             500), 2:[520,530), finished at 530
#   thread 6: a stop at 210, then 1:[400,400) (cap 1's last event is 400)
# Lines before "Events:" and continuation lines (thread 9) must be ignored.
cat >"$T/self.show" <<'EOF'
Header:
2: cap 0: running thread 99
Events:
90: event block: cap 65535, end time: 600

100: cap 0: event block: cap 0, end time: 500

105: cap 1: event block: cap 1, end time: 400

110: cap 0: creating thread 1
120: cap 0: running thread 1
130: cap 0: creating thread 2
150: cap 0: stopping thread 1 (heap overflow)
160: cap 1: running thread 2
170: cap 0: running thread 1
200: cap 0: running thread 3
210: cap 1: stopping thread 6 (thread yielding)
220: cap 1: a message
  230: cap 1: running thread 9
x 235: cap 1: stopping thread 9 (thread finished)
250: cap 0: stopping thread 3 (thread finished)
255: cap 0: stopping thread 3 (thread finished)
260: cap 70: running thread 2
270: cap 70: stopping thread 2 (blocked on an MVar)
280: cap 64: running thread 2
300: cap 1: running thread 1
310: cap 64: stopping thread 2 (thread finished)
320: cap 70: stopping thread 2 (thread yielding)
350: cap 1: stopping thread 1 (thread finished)
380: cap 0: running thread 5
400: cap 1: running thread 6
500: cap 0: spark stats: 0 created, 0 converted, 0 remaining (0 overflowed, 0 dud, 0 GC'd, 0 fizzled)
520: cap 2: running thread 5
530: cap 2: stopping thread 5 (thread finished)
590: cap 2: creating thread 4
600: heap stats for heap capset 0
EOF
# windows 1..9: whole log; [150,300) (thread 1's run stopped at A=150 is in
# progress, 0 ns; thread 6's stop at 210 is no birth); [300,301) (one run
# starting at A, one in progress); [450,461) (in progress until cap 0's last
# event; thread 6 ended at 400); [500,526) (thread 5's cap-0 run ends at cap
# 0's last event = A: not in progress); [580,601) (thread 4 alone);
# [395,401) (thread 6's 0 ns run starts at B); [90,601) (everything: the same
# as the whole log); [200,211) (a run ended by another run at A)
SELFWINS="- -;150 299;300 300;450 460;500 525;580 600;395 400;90 600;200 210"
selfcheck() { # selfcheck ID: compare the reference with the hand answer
	if cmp -s "$T/self.$1" "$T/want.$1"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "threads-window: SELF-CHECK window $1: the reference is wrong:"
		diff "$T/want.$1" "$T/self.$1" | head -6
	fi
}
tab() { tr '|' '\t'; }
tab >"$T/want.1" <<'EOF'
thread|created|first_run|ended|running|runs|caps
1|110|120|350|110|3|0,1
2|130|160|310|90|3|1,63+
3||200|250|50|1|0
4|590|||0|0|
5||380|530|130|2|0,2
6||400||0|1|1
EOF
tab >"$T/want.2" <<'EOF'
thread|created|first_run|ended|running|runs|caps
1|110|120|350|30|2|0
2|130|160|310|80|3|1,63+
3||200|250|50|1|0
EOF
tab >"$T/want.3" <<'EOF'
thread|created|first_run|ended|running|runs|caps
1|110|120|350|1|1|1
2|130|160|310|1|1|63+
EOF
tab >"$T/want.4" <<'EOF'
thread|created|first_run|ended|running|runs|caps
5||380|530|11|1|0
EOF
tab >"$T/want.5" <<'EOF'
thread|created|first_run|ended|running|runs|caps
5||380|530|6|1|2
EOF
tab >"$T/want.6" <<'EOF'
thread|created|first_run|ended|running|runs|caps
4|590|||0|0|
EOF
tab >"$T/want.7" <<'EOF'
thread|created|first_run|ended|running|runs|caps
5||380|530|6|1|0
6||400||0|1|1
EOF
cp "$T/want.1" "$T/want.8"
tab >"$T/want.9" <<'EOF'
thread|created|first_run|ended|running|runs|caps
1|110|120|350|0|1|0
2|130|160|310|10|1|1
3||200|250|11|1|0
EOF
if $AWK -v OUT="$T/self" -v WINS="$SELFWINS" -v AUTO=0 -f "$T/ref.awk" \
	"$T/self.show" >"$T/self.list"; then
	for i in 1 2 3 4 5 6 7 8 9; do selfcheck $i; done
else
	fail=$((fail + 1))
	echo "threads-window: SELF-CHECK: the reference awk failed"
fi
if [ "$fail" -ne 0 ]; then
	echo "threads-window: the reference itself is wrong; fixtures not tried"
	echo "threads-window: $pass passed, $fail failed"
	exit 1
fi

# --- the fixtures ------------------------------------------------------------
for f in "$FIX"/*.eventlog; do
	if [ ! -e "$f" ]; then
		fail=$((fail + 1))
		echo "threads-window: no fixtures: $f matches nothing"
		continue
	fi
	name=$(basename "$f" .eventlog)
	# [threads-oracle] the reference reads ghc-events' own text of the log
	# (its .oracle.show: hectic's show is byte-identical to it, run.sh's
	# golden check, but the reference needs nothing of hectic's)
	o=${f%.eventlog}.oracle.show
	if [ ! -f "$o" ] || ! cp "$o" "$T/show" || ! grep -q '^Events:$' "$T/show"; then
		fail=$((fail + 1))
		echo "threads-window: $name: no ghc-events text $o [threads-oracle]"
		continue
	fi
	rm -f "$T/exp".*
	if ! $AWK -v OUT="$T/exp" -v WINS="" -v AUTO=1 -f "$T/ref.awk" \
		"$T/show" >"$T/list"; then
		fail=$((fail + 1))
		echo "threads-window: $name: the reference awk failed"
		continue
	fi
	while read -r id from to; do
		set -- --tsv
		[ "$from" = - ] || set -- "$@" --from "$from" --to "$to"
		"$H" threads "$@" "$f" >"$T/raw" 2>"$T/err" </dev/null
		rc=$?
		head -1 "$T/raw" >"$T/head"
		$AWK -f "$T/nolabel.awk" "$T/raw" >"$T/got"
		if [ "$rc" -eq 0 ] &&
			[ "$(cat "$T/head")" = "$(printf 'thread\tlabel\tcreated\tfirst_run\tended\trunning\truns\tcaps')" ] &&
			cmp -s "$T/exp.$id" "$T/got"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "threads-window: $name: hectic threads $*: exit $rc, differs from the reference:"
			head -2 "$T/err"
			diff "$T/exp.$id" "$T/got" | head -8
		fi
	done <"$T/list"
done

echo "threads-window: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
