# lanes.awk: checks every cell of the capability lanes on a captured screen
# against `hectic activity` for the same window and columns.
#
#   awk -v mode=color256|color8|mono -v ascii=0|1 -v t0=NS -v t1=NS \
#       -v plotw=N -v cursor=COL -f lanes.awk CAPS ACTIVITY CELLS
#
# CAPS: "ROW CAP FIRST LAST" for each lane on screen (its screen row, the
# capability, the times of its first and last event); ACTIVITY: the TSV of
# `hectic activity` (start end cap running gc, a row per column and
# capability); CELLS: the screen through cells.awk. Run with LC_ALL=C.
#
# The columns of the activity must be the viewer's: column k spans
# [t0 + (t1-t0)*k/plotw, t0 + (t1-t0)*(k+1)/plotw). Each lane cell must be
# what the viewer's rule (viewer/layout.c layout_lane_cell) draws for those
# fractions. The fractions are printed with 4 decimals, so a cell passes
# when some values within half a unit of the last decimal give what is
# drawn; the rule is applied to the corners and the middle of that box
# (it is monotone in each fraction). Cells written over by a thread's label
# (reverse video, off the cursor's column) must be running throughout.
# Prints one line per mismatch (at most 20) and a summary; exit status 1 on
# any mismatch.
BEGIN {
	FS = "[ \t]+"
	GUTTER = 8
	E = 0.00005
	nbad = 0
	if (ascii) {
		for (i = 0; i < 9; i++)
			ramp[i] = substr(" .:-=+*#@", i + 1, 1)
		NODATA = "/"; HEAVY = "G"; LIGHT = "g"
	} else {
		ramp[0] = " "
		split("\342\226\201 \342\226\202 \342\226\203 \342\226\204 \342\226\205 \342\226\206 \342\226\207 \342\226\210", tmp, " ")
		for (i = 1; i <= 8; i++)
			ramp[i] = tmp[i]
		NODATA = "\342\225\261"; HEAVY = "\342\226\223"; LIGHT = "\342\226\222"
	}
	for (i = 0; i < 9; i++)
		if (ramp[i] == " ")
			ramp[i] = "SP"
	if (mode == "color256") { BGS = 208; BGW = 94 }
	else { BGS = 3; BGW = 3 }
	w = t1 - t0
}

# t0 + floor(w * k / plotw), exact below 2^53, as a string of digits (mawk
# would print a large number as 4.61094e+10)
function colstart(k,   x, q, r) {
	x = w * k
	q = int(x / plotw)
	r = x - q * plotw
	while (r < 0) { q--; r += plotw }
	while (r >= plotw) { q++; r -= plotw }
	return sprintf("%.0f", t0 + q)
}

function bad(msg) {
	nbad++
	if (nbad <= 20)
		print "lanes: " msg
}

function run8(r, g,   v) {
	if (r <= 0)
		return 0
	v = int(r * 8 + 0.5)
	if (v < 1) v = 1
	if (v > (g > 0 ? 7 : 8)) v = g > 0 ? 7 : 8
	return v
}

function gclevel(r, g) {
	return g <= 0 ? 0 : 2 * g >= 1 - r ? 2 : 1
}

# what the viewer draws for these fractions: "GLYPH BG UNDERLINE"
function expect(r, g, nodata,   kind, lv, gv) {
	kind = g > 0 && g >= r ? "gc" : r > 0 ? "run" : nodata ? "nodata" : "idle"
	lv = run8(r, g)
	gv = gclevel(r, g)
	if (mode != "mono") {
		if (kind == "nodata")
			return NODATA " d *"
		return ramp[lv] " " (gv == 2 ? BGS : gv ? BGW : "d") " *"
	}
	if (kind == "nodata") return NODATA " d -"
	if (kind == "gc") return (gv == 2 ? HEAVY : LIGHT) " d -"
	if (kind == "run") return ramp[lv] " d " (gv ? "u" : "-")
	return "SP d -"
}

# the values r could have had, printed with 4 decimals
function around(v, out,   n) {
	n = 0
	out[++n] = v
	out[++n] = v + E
	out[++n] = v - E > 0 ? v - E : 0
	if (v - E <= 0)
		out[++n] = v + E / 2 # a tiny nonzero share prints as 0.0000 too
	return n
}

FILENAME == ARGV[1] {
	rowof[$2] = $1
	first[$2] = $3
	last[$2] = $4
	next
}

FILENAME == ARGV[2] {
	if ($1 !~ /^[0-9]+$/)
		next # a header
	cap = $3
	if (!(cap in rowof))
		next # a lane scrolled out of view
	if (!ncols) { # the viewer's columns, by their start
		for (k = 0; k < plotw; k++)
			kof[colstart(k)] = k
		ncols = 1
	}
	if (!($1 in kof)) {
		bad("activity row starts at " $1 ", no column of the viewer starts there")
		next
	}
	k = kof[$1]
	if ($2 + 0 != colstart(k + 1) + 0)
		bad("activity column " k " ends at " $2 ", the viewer's at " colstart(k + 1))
	run[cap, k] = $4 + 0
	gc[cap, k] = $5 + 0
	seen[cap, k] = 1
	nrows++
	next
}

{
	cell[$1, $2] = $6 " " $4 " " ($5 ~ /u/ ? "u" : "-")
	rev[$1, $2] = $5 ~ /r/
}

END {
	if (!nrows)
		bad("no activity rows for the lanes on screen")
	for (cap in rowof) {
		y = rowof[cap]
		for (k = 0; k < plotw; k++) {
			if (!((cap, k) in seen)) {
				bad("cap " cap " column " k ": no activity row")
				continue
			}
			x = GUTTER + k
			got = (y, x) in cell ? cell[y, x] : "SP d -"
			a = colstart(k) + 0; b = colstart(k + 1) + 0
			# the share outside the capability's data, exactly
			lo = a > first[cap] ? a : first[cap]
			hi = b < last[cap] ? b : last[cap]
			inside = hi > lo ? hi - lo : 0
			nd = (b - a) - inside
			r = run[cap, k]; g = gc[cap, k]
			if (rev[y, x] && k != cursor) {
				# a thread's label: running throughout
				nlabels++
				if (r < 1 - E || g > 0)
					bad("cap " cap " column " k ": label over a cell running " r ", GC " g)
				continue
			}
			nr = around(r, rs)
			ng = around(g, gs)
			ok = 0
			want = ""
			for (i = 1; i <= nr && !ok; i++)
				for (j = 1; j <= ng && !ok; j++) {
					e = expect(rs[i], gs[j], 2 * nd >= b - a)
					if (want == "") want = e
					split(e, ep, " ")
					split(got, gp, " ")
					ok = ep[1] == gp[1] && ep[2] == gp[2] && (ep[3] == "*" || ep[3] == gp[3])
					if (ok && (i > 1 || j > 1))
						nambig++
				}
			ncells++
			if (!ok)
				bad(sprintf("cap %s column %d [%.0f,%.0f): running %s, GC %s, no data %.0fns: drawn '%s', want '%s'", \
				    cap, k, a, b, r, g, nd, got, want))
		}
	}
	printf "lanes: %d cells, %d under labels, %d decided within the printed precision, %d wrong\n", \
		ncells, nlabels, nambig, nbad
	exit nbad > 0
}
