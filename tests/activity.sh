#!/bin/sh
# Reference test of `hectic activity`: the expected TSV is computed here, in
# POSIX awk (mawk and gawk alike), from the text of `hectic show`, and must
# match hectic's stdout byte for byte. Usage: sh tests/activity.sh path/to/hectic
#
# The spec, in short: columns i = 0..N-1 span [from + (to-from)*i/N,
# from + (to-from)*(i+1)/N) (floor division); per column, per capability in
# ascending order, the fractions of the column's ns that the capability is
# running (and not in GC) and in GC. A capability exists where its "cap N:"
# lines are, between its first and last one; running holds from "running
# thread K" to the next "stopping thread ...", gc from "starting GC" to the
# next "finished GC"; gc wins over running.
#
# The reference is checked first on a hand-made show text whose answers were
# worked out by hand (see SELF-CHECK below); then every tests/fixtures/*.eventlog
# is tried on the whole run and on windows of 100 ms, 5 ms, 1 ms, 10 us and
# 50 ns (zero-width columns) around a "starting GC" and a "running thread".
set -u
H=$1
FIX=${FIXTURES:-tests/fixtures}
AWK=${AWK:-awk}	# e.g. AWK=mawk, AWK="gawk --posix"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0

# The reference. Input: show text. Variables:
#   OUT   prefix of the files written: OUT.ID holds the expected TSV of window ID
#   WINS  windows given by hand, "COLS FROM TO;COLS FROM TO;..." where FROM or
#         TO "-" means: leave the option out (the default applies)
#   AUTO  1: add the windows chosen from the log (whole run, GC, running)
# Prints one line per window: "ID COLS FROM TO" (FROM/TO "-" when omitted).
cat >"$T/ref.awk" <<'EOF'
function st(c) { return gcf[c] ? 2 : (runf[c] ? 1 : 0) }
# a state change on cap c at time t: close the segment that was open
function change(c, t, newst,   k, d) {
	k = nb[c]
	d = t - b[c, k]
	cr[c, k + 1] = cr[c, k] + (sg[c, k] == 1 ? d : 0)
	cg[c, k + 1] = cg[c, k] + (sg[c, k] == 2 ? d : 0)
	b[c, k + 1] = t
	sg[c, k + 1] = newst
	nb[c] = k + 1
}
# ns of state s (1 running, 2 gc) on cap c in (-inf, t)
function cum(c, s, t,   lo, hi, mid, k, d) {
	if (t <= first[c]) return 0
	if (t > last[c]) t = last[c]
	# largest k with b[c,k] <= t (b[c,0] = first[c] <= t)
	lo = 0; hi = nb[c]
	while (lo < hi) {
		mid = int((lo + hi + 1) / 2)
		if (b[c, mid] <= t) lo = mid; else hi = mid - 1
	}
	k = lo
	d = t - b[c, k]
	if (s == 1) return cr[c, k] + (sg[c, k] == 1 ? d : 0)
	return cg[c, k] + (sg[c, k] == 2 ? d : 0)
}
# floor(a*i/n) for integers a >= 0, i >= 0, n > 0, exact
function fdiv(a, i, n,   p, q) {
	p = a * i
	q = int(p / n)
	while (q * n > p) q--
	while ((q + 1) * n <= p) q++
	return q
}
function num(x) { return sprintf("%.0f", x) }
function addwin(cols, from, to) {
	nw++
	wc[nw] = cols; wf[nw] = from; wt[nw] = to
}
# a window of width w, starting at s, kept inside [tmin, tmax]
function place(cols, s, w,   from, to) {
	from = s
	if (from < tmin) from = tmin
	to = from + w
	if (to > tmax) {
		to = tmax
		from = tmax - w
		if (from < tmin) from = tmin
	}
	addwin(cols, num(from), num(to))
}
function emit(id, cols, from, to,   file, i, s, e, j, c, w, r, g) {
	file = OUT "." id
	printf "start\tend\tcap\trunning\tgc\n" > file
	for (i = 0; i < cols; i++) {
		s = from + fdiv(to - from, i, cols)
		e = from + fdiv(to - from, i + 1, cols)
		w = e - s
		for (j = 1; j <= ncaps; j++) {
			c = caps[j]
			if (w == 0) {
				r = 0; g = 0
			} else {
				r = (cum(c, 1, e) - cum(c, 1, s)) / w
				g = (cum(c, 2, e) - cum(c, 2, s)) / w
			}
			printf "%s\t%s\t%s\t%.4f\t%.4f\n", num(s), num(e), num(c), r, g > file
		}
	}
	close(file)
}
BEGIN { inev = 0; have = 0; ngcs = 0; nrun = 0; ncaps = 0; nw = 0 }
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
	if (!(c in first)) {
		first[c] = t
		caps[++ncaps] = c
		nb[c] = 0; b[c, 0] = t; sg[c, 0] = 0; cr[c, 0] = 0; cg[c, 0] = 0
		runf[c] = 0; gcf[c] = 0
	}
	last[c] = t
	if (txt ~ /^running thread [0-9]+$/) {
		runf[c] = 1; change(c, t, st(c)); run[++nrun] = t
	} else if (txt ~ /^stopping thread /) {
		runf[c] = 0; change(c, t, st(c))
	} else if (txt == "starting GC") {
		gcf[c] = 1; change(c, t, st(c)); gcs[++ngcs] = t
	} else if (txt == "finished GC") {
		gcf[c] = 0; change(c, t, st(c))
	}
}
END {
	if (!have) { print "no events" > "/dev/stderr"; exit 1 }
	# capabilities in ascending numeric order
	for (i = 2; i <= ncaps; i++) {
		x = caps[i]
		for (j = i - 1; j >= 1 && caps[j] > x; j--) caps[j + 1] = caps[j]
		caps[j + 1] = x
	}
	n = split(WINS, ws, ";")
	for (i = 1; i <= n; i++) {
		if (split(ws[i], f, " ") == 3) addwin(f[1], f[2], f[3])
	}
	if (AUTO) {
		addwin(100, "-", "-")
		addwin(7, "-", "-")
		addwin(100, num(tmin), num(tmax))
		addwin(7, num(tmin), num(tmax))
		mid = tmin + fdiv(tmax - tmin, 1, 2)
		# a "starting GC" near the middle: the first at or after it, else the
		# last before it, else the middle itself
		gt = mid
		for (i = 1; i <= ngcs; i++) {
			gt = gcs[i]
			if (gcs[i] >= mid) break
		}
		# a "running thread" near two thirds of the log
		at = tmin + fdiv(tmax - tmin, 2, 3)
		rt = at
		for (i = 1; i <= nrun; i++) {
			rt = run[i]
			if (run[i] >= at) break
		}
		split("100000000 5000000 1000000 10000", wd, " ")
		for (i = 1; i <= 4; i++) {
			w = wd[i] + 0
			place(100, gt - w / 20, w)	# starting a little before the GC
			place(100, rt - w / 2, w)	# centred on the running thread
		}
		place(7, gt - 50000, 1000000)
		place(100, gt - 20, 50)	# most columns 0 or 1 ns wide
	}
	for (i = 1; i <= nw; i++) {
		from = wf[i] == "-" ? tmin : wf[i] + 0
		to = wt[i] == "-" ? tmax : wt[i] + 0
		emit(i, wc[i] + 0, from, to)
		print i, wc[i], wf[i], wt[i]
	}
}
EOF

# --- SELF-CHECK of the reference on a hand-made show text --------------------
# cap 0: running [130,150) [150,170)=gc (overlapping running) [170,180)
#        [200,300) (stop and run at 300) [300,400); runs at 450 = its last
#        event, so its extent ends there
# cap 1: running [160,200), gc [200,250) (it stops running at 230, inside the
#        GC), running [350,380), 380 its last event
# cap 2: no state events at all; cap 10: a lone "running thread" (extent of
#        0 ns) and it must sort after cap 2
# lines before "Events:" and continuation lines must be ignored; the smallest
# and largest times (90, 520) are lines of no capability
cat >"$T/self.show" <<'EOF'
Header:
1: Run thread (size 4)
2: cap 0: starting GC
Events:
90: event block: cap 65535, end time: 520

100: cap 0: event block: cap 0, end time: 450

110: cap 1: event block: cap 1, end time: 380

120: created cap 2
130: cap 0: running thread 1
150: cap 0: starting GC
160: cap 1: running thread 2
170: cap 0: finished GC
180: cap 0: stopping thread 1 (heap overflow)
200: cap 1: starting GC
200: cap 0: running thread 3
210: cap 2: creating thread 4
220: cap 1: finished GC now
  1: cap 1: finished GC
x 2: cap 1: finished GC
230: cap 1: stopping thread 2 (thread yielding)
250: cap 1: finished GC
260: cap 10: running thread 9
300: cap 0: stopping thread 3 (thread yielding)
300: cap 0: running thread 5
350: cap 1: running thread 6
380: cap 1: GC idle
400: cap 0: stopping thread 5 (heap overflow)
450: cap 0: running thread 7
500: cap 2: GC idle
520: heap stats for heap capset 0
EOF
# windows 1..6: whole run in 4 and 3 columns (from 90 to 520: columns
# 107/108 ns wide, and 143/143/144), [160,260) in 5 (boundaries on events),
# [175,215) in 2 (starting mid-run), [200,203) in 4 (column 0 is 0 ns wide),
# explicit --from 90 --to 520 in 4 (the same as window 1)
SELFWINS="4 - -;3 - -;5 160 260;2 175 215;4 200 203;4 90 520"
selfcheck() { # selfcheck ID: compare the reference with the hand answer
	if cmp -s "$T/self.$1" "$T/want.$1"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "activity: SELF-CHECK window $1: the reference is wrong:"
		diff "$T/want.$1" "$T/self.$1" | head -6
	fi
}
tab() { tr '|' '\t'; }
tab >"$T/want.1" <<'EOF'
start|end|cap|running|gc
90|197|0|0.2804|0.1869
90|197|1|0.3458|0.0000
90|197|2|0.0000|0.0000
90|197|10|0.0000|0.0000
197|305|0|0.9722|0.0000
197|305|1|0.0278|0.4630
197|305|2|0.0000|0.0000
197|305|10|0.0000|0.0000
305|412|0|0.8879|0.0000
305|412|1|0.2804|0.0000
305|412|2|0.0000|0.0000
305|412|10|0.0000|0.0000
412|520|0|0.0000|0.0000
412|520|1|0.0000|0.0000
412|520|2|0.0000|0.0000
412|520|10|0.0000|0.0000
EOF
tab >"$T/want.2" <<'EOF'
start|end|cap|running|gc
90|233|0|0.4406|0.1399
90|233|1|0.2797|0.2308
90|233|2|0.0000|0.0000
90|233|10|0.0000|0.0000
233|376|0|1.0000|0.0000
233|376|1|0.1818|0.1189
233|376|2|0.0000|0.0000
233|376|10|0.0000|0.0000
376|520|0|0.1667|0.0000
376|520|1|0.0278|0.0000
376|520|2|0.0000|0.0000
376|520|10|0.0000|0.0000
EOF
tab >"$T/want.3" <<'EOF'
start|end|cap|running|gc
160|180|0|0.5000|0.5000
160|180|1|1.0000|0.0000
160|180|2|0.0000|0.0000
160|180|10|0.0000|0.0000
180|200|0|0.0000|0.0000
180|200|1|1.0000|0.0000
180|200|2|0.0000|0.0000
180|200|10|0.0000|0.0000
200|220|0|1.0000|0.0000
200|220|1|0.0000|1.0000
200|220|2|0.0000|0.0000
200|220|10|0.0000|0.0000
220|240|0|1.0000|0.0000
220|240|1|0.0000|1.0000
220|240|2|0.0000|0.0000
220|240|10|0.0000|0.0000
240|260|0|1.0000|0.0000
240|260|1|0.0000|0.5000
240|260|2|0.0000|0.0000
240|260|10|0.0000|0.0000
EOF
tab >"$T/want.4" <<'EOF'
start|end|cap|running|gc
175|195|0|0.2500|0.0000
175|195|1|1.0000|0.0000
175|195|2|0.0000|0.0000
175|195|10|0.0000|0.0000
195|215|0|0.7500|0.0000
195|215|1|0.2500|0.7500
195|215|2|0.0000|0.0000
195|215|10|0.0000|0.0000
EOF
tab >"$T/want.5" <<'EOF'
start|end|cap|running|gc
200|200|0|0.0000|0.0000
200|200|1|0.0000|0.0000
200|200|2|0.0000|0.0000
200|200|10|0.0000|0.0000
200|201|0|1.0000|0.0000
200|201|1|0.0000|1.0000
200|201|2|0.0000|0.0000
200|201|10|0.0000|0.0000
201|202|0|1.0000|0.0000
201|202|1|0.0000|1.0000
201|202|2|0.0000|0.0000
201|202|10|0.0000|0.0000
202|203|0|1.0000|0.0000
202|203|1|0.0000|1.0000
202|203|2|0.0000|0.0000
202|203|10|0.0000|0.0000
EOF
cp "$T/want.1" "$T/want.6"
if $AWK -v OUT="$T/self" -v WINS="$SELFWINS" -v AUTO=0 -f "$T/ref.awk" \
	"$T/self.show" >"$T/self.list"; then
	for i in 1 2 3 4 5 6; do selfcheck $i; done
else
	fail=$((fail + 1))
	echo "activity: SELF-CHECK: the reference awk failed"
fi
if [ "$fail" -ne 0 ]; then
	echo "activity: the reference itself is wrong; fixtures not tried"
	echo "activity: $pass passed, $fail failed"
	exit 1
fi

# --- the fixtures ------------------------------------------------------------
for f in "$FIX"/*.eventlog; do
	if [ ! -e "$f" ]; then
		fail=$((fail + 1))
		echo "activity: no fixtures: $FIX/*.eventlog matches nothing"
		continue
	fi
	name=$(basename "$f" .eventlog)
	# show must succeed and print its events: either failing fails the check
	"$H" show "$f" >"$T/show" 2>"$T/show.err"
	rc=$?
	if [ "$rc" -ne 0 ] || ! grep -q '^Events:$' "$T/show"; then
		fail=$((fail + 1))
		echo "activity: $name: hectic show exit $rc$(grep -q '^Events:$' "$T/show" || echo ', no Events: section'): $(head -c 200 "$T/show.err")"
		continue
	fi
	rm -f "$T/exp".*
	if ! $AWK -v OUT="$T/exp" -v WINS="" -v AUTO=1 -f "$T/ref.awk" \
		"$T/show" >"$T/list"; then
		fail=$((fail + 1))
		echo "activity: $name: the reference awk failed"
		continue
	fi
	while read -r id cols from to; do
		set -- --columns "$cols"
		[ "$from" = - ] || set -- "$@" --from "$from"
		[ "$to" = - ] || set -- "$@" --to "$to"
		"$H" activity "$@" "$f" >"$T/got" 2>"$T/err" </dev/null
		rc=$?
		if [ "$rc" -eq 0 ] && cmp -s "$T/exp.$id" "$T/got"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "activity: $name: hectic activity $*: exit $rc, differs from the reference:"
			head -2 "$T/err"
			diff "$T/exp.$id" "$T/got" | head -6
		fi
	done <"$T/list"
done

echo "activity: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
