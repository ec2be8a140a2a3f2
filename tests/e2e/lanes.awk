# lanes.awk: checks every cell of the capability lanes on a captured screen
# against `hectic activity` for the same window and columns.
#
#   awk -v mode=color256|color8|mono -v ascii=0|1 -v t0=NS -v t1=NS \
#       -v plotw=N -v cursor=COL -v h=ROWS -f lanes.awk CAPS ACTIVITY CELLS
#
# CAPS: "ROW CAP FIRST LAST" for each lane on screen (its top screen row,
# the capability, the times of its first and last event); h: the rows per
# lane (HECTIC_DEBUG_WINDOW's 8th field); ACTIVITY: the TSV of `hectic
# activity` (start end cap running gc, a row per column and capability);
# CELLS: the screen through cells.awk. Run with LC_ALL=C.
#
# The columns of the activity must be the viewer's: column k spans
# [t0 + (t1-t0)*k/plotw, t0 + (t1-t0)*(k+1)/plotw). Each lane column must
# be what the viewer's rule (viewer/layout.c layout_lane_column and
# layout_lane_row, viewer/draw.c draw_cell) draws for those fractions: a
# stacked bar of 8 x h eighths, running from the bottom, GC on it, each
# as tall as its share, a cell holding all three parts losing the
# smallest; every row of the column is checked (glyph, colours, bold, dim,
# underline). The fractions are printed with 4 decimals, so a column
# passes when some values within half a unit of the last decimal give
# what is drawn; the rule is applied to the corners and the middle of
# that box (it is monotone in each fraction). Cells written over by a
# thread's label (reverse video, off the cursor's column, on a lane's
# bottom row) must be running throughout; the column's other rows are
# checked as usual. Prints one line per mismatch (at most 20) and a
# summary; exit status 1 on any mismatch.
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
	# the colours of running, GC and no data (viewer/draw.c)
	if (mode == "color256") { FGR = 34; FGG = 208; FGN = 240 }
	else { FGR = 2; FGG = 3; FGN = 7 }
	H = h + 0
	if (H < 1)
		H = 1
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

# round(v x e), v clamped to [0, 1] (layout.c eighths)
function eighths(v, e) {
	v = v < 0 ? 0 : v > 1 ? 1 : v
	return int(v * e + 0.5)
}

function clamp8(v) {
	return v < 0 ? 0 : v > 8 ? 8 : v
}

# the column's bar for these fractions (layout_lane_column): sets BRUN and
# BTOP (running fills eighths [0, BRUN), GC [BRUN, BTOP)); returns 1 when
# the column is outside the data (hatched)
function bar(r, g, nodata,   e) {
	e = 8 * H
	BRUN = BTOP = 0
	if (r <= 0 && g <= 0)
		return nodata
	BRUN = eighths(r, e)
	if (r > 0 && BRUN < 1)
		BRUN = 1
	BTOP = eighths(r + (g > 0 ? g : 0), e)
	if (BTOP < BRUN)
		BTOP = BRUN
	if (g > 0 && BTOP == BRUN) {
		if (BTOP < e)
			BTOP++
		else
			BRUN--
	}
	return 0
}

# row row (0 at the bottom) of that bar (layout_lane_row): sets LO, HI
# ("idle", "run" or "gc") and LV, the level 0..8 of LO from the bottom
function cellof(row,   a, b, i, t) {
	a = clamp8(BRUN - 8 * row)
	t = clamp8(BTOP - 8 * row)
	b = t - a
	i = 8 - t
	if (a && b && i) { # three parts: the smallest goes (GC stays on a tie)
		if (i <= a && i <= b) { LO = "run"; HI = "gc"; LV = a + int(i / 2) }
		else if (a <= b) { LO = "gc"; HI = "idle"; LV = b + int(a / 2) }
		else { LO = "run"; HI = "idle"; LV = a + int(b / 2) }
	} else if (a) { LO = "run"; HI = b ? "gc" : "idle"; LV = a }
	else if (b) { LO = "gc"; HI = "idle"; LV = b }
	else { LO = "idle"; HI = "idle"; LV = 0 }
}

# what draw_cell draws for that cell: "GLYPH FG BG ATTRS", ATTRS the
# letters of bold, dim and underline or "-"
function drawn(nodata,   gv) {
	if (nodata)
		return NODATA " " (mode == "mono" ? "d d d" : FGN " d -")
	if (mode != "mono") {
		if (LO == "gc") return ramp[LV] " " FGG " d -"
		if (LO == "run") return ramp[LV] " " FGR " " (HI == "gc" ? FGG : "d") " -"
		return ramp[LV] " d d -"
	}
	if (LO == "gc" || (HI == "gc" && LV < 4)) {
		gv = LO == "gc" ? LV : 8 - LV
		return (gv >= 4 ? HEAVY : LIGHT) " d d b"
	}
	if (HI == "gc")
		return ramp[8] " d d -"
	return ramp[LV] " d d -"
}

# the whole column for these fractions, top row first, a cell per line
function expect(r, g, nodata,   nd, row, out) {
	nd = bar(r, g, nodata)
	out = ""
	for (row = H - 1; row >= 0; row--) {
		cellof(row)
		out = out drawn(nd) (row ? "\n" : "")
	}
	return out
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
	at = ($5 ~ /b/ ? "b" : "") ($5 ~ /d/ ? "d" : "") ($5 ~ /u/ ? "u" : "")
	cell[$1, $2] = $6 " " $3 " " $4 " " (at == "" ? "-" : at)
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
			a = colstart(k) + 0; b = colstart(k + 1) + 0
			# the share outside the capability's data, exactly
			lo = a > first[cap] ? a : first[cap]
			hi = b < last[cap] ? b : last[cap]
			inside = hi > lo ? hi - lo : 0
			nd = (b - a) - inside
			r = run[cap, k]; g = gc[cap, k]
			# the column as drawn, top row first; a thread's label on
			# the bottom row stands for running throughout
			got = ""
			for (row = H - 1; row >= 0; row--) {
				yy = y + H - 1 - row
				c = (yy, x) in cell ? cell[yy, x] : "SP d d -"
				if (row == 0 && rev[yy, x] && k != cursor) {
					nlabels++
					if (r < 1 - E || g > 0)
						bad("cap " cap " column " k ": label over a cell running " r ", GC " g)
					c = "label"
				}
				got = got c (row ? "\n" : "")
			}
			nr = around(r, rs)
			ng = around(g, gs)
			ok = 0
			want = ""
			for (i = 1; i <= nr && !ok; i++)
				for (j = 1; j <= ng && !ok; j++) {
					e = expect(rs[i], gs[j], 2 * nd >= b - a)
					if (got ~ /label$/)
						sub(/[^\n]*$/, "label", e)
					if (want == "") want = e
					ok = e == got
					if (ok && (i > 1 || j > 1))
						nambig++
				}
			ncells += H
			if (!ok) {
				gsub(/\n/, " | ", got)
				gsub(/\n/, " | ", want)
				bad(sprintf("cap %s column %d [%.0f,%.0f): running %s, GC %s, no data %.0fns: drawn '%s', want '%s' (top row first)", \
				    cap, k, a, b, r, g, nd, got, want))
			}
		}
	}
	printf "lanes: %d cells (%d rows a lane), %d under labels, %d decided within the printed precision, %d wrong\n", \
		ncells, H, nlabels, nambig, nbad
	exit nbad > 0
}
