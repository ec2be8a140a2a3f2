# phases.awk: checks the messages a regex picks on a captured screen: the
# ruler's marks and, with want_row, the phases row (set ruler-messages,
# set ruler-phases; viewer/view_phases.c).
#
#   awk -v t0=NS -v t1=NS -v plotw=N -v want_row=0|1 -f phases.awk \
#       PICKS PLAIN_RULER CELLS
#
# PICKS: one picked message a line, "TIME NAME" (its time in ns from
# `hectic show`, the name the phase should read), in time order. CELLS:
# the screen through cells.awk. PLAIN_RULER: the ruler row (row 0) of the
# same window without the option, through cells.awk: a pick's column on
# the ruler must hold the marker's glyph (▾ or v) wherever that ruler left
# it blank (a tick or its label keeps its column). The phases row is the
# one whose gutter reads "phases": a bar (│ or |) in each column that holds
# a pick, none elsewhere; each phase's text, after its bar (or from the
# row's start for the phase the window opens in), reads its name whole
# when the name and a line after it fit before the next bar, else a part
# of it with an ellipsis (… or ~) where it was cut (never the ellipsis
# alone, and some part wherever three columns and the line fit); no two
# names read the same. Columns as the screen's: column k
# spans [t0 + (t1-t0)*k/plotw, t0 + (t1-t0)*(k+1)/plotw). Prints
# "phases: ..." for each mismatch (exit 1), else a summary.
BEGIN {
	GUTTER = 8
	w = t1 - t0
	nbad = 0
	file = 0
}

function bad(msg) {
	nbad++
	print "phases: " msg
}

# the column of time t: the largest k with floor(w*k/plotw) <= t - t0
function col(t,   k) {
	k = int((t - t0 + 1) * plotw / w)
	while (k > 0 && int(w * k / plotw) > t - t0)
		k--
	while (k + 1 < plotw && int(w * (k + 1) / plotw) <= t - t0)
		k++
	return k
}

function is_bar(g) { return g == "\342\224\202" || g == "|" }
function is_ell(g) { return g == "\342\200\246" || g == "~" }
function is_line(g) { return g == "\342\224\200" || g == "-" }

FNR == 1 { file++ }
file == 1 { pt[++np] = $1; pn[np] = $2; next }
file == 2 { if ($1 == 0) plain[$2] = $6; next }
file == 3 { g[$1, $2] = $6; if ($2 == 0 && $6 == "p") start[$1] = 1 }

# the row whose gutter reads "phases"
function phases_row(   r, s, c) {
	for (r in start) {
		s = ""
		for (c = 0; c < 6; c++)
			s = s g[r, c]
		if (s == "phases")
			return r + 0
	}
	return -1
}

END {
	# the picks in the window, and the phase it opens in
	first = 0
	nin = 0
	for (i = 1; i <= np; i++) {
		if (pt[i] <= t0)
			first = i
		if (pt[i] >= t0 && pt[i] < t1) {
			c = col(pt[i])
			if (nin && pc[nin] == c)
				nin-- # several in a column: the last one's phase goes on
			pc[++nin] = c
			pi[nin] = i
			bars[c] = 1
		}
	}
	# the ruler
	marked = 0
	for (k = 1; k <= nin; k++) {
		c = GUTTER + pc[k]
		if (plain[c] != "SP" && (c in plain))
			continue
		if (g[0, c] == "\342\226\276" || g[0, c] == "v")
			marked++
		else
			bad(sprintf("the ruler's column %d (%s at %.0fns) holds '%s', not the marker's glyph",
				    pc[k], pn[pi[k]], pt[pi[k]], g[0, c]))
	}
	if (!want_row) {
		if (phases_row() >= 0)
			bad("a phases row, without ruler-phases")
		printf "phases: %d picks in the window, %d marked on the ruler\n", nin, marked
		exit nbad > 0
	}
	r = phases_row()
	if (r < 0) {
		bad("no phases row")
		exit 1
	}
	for (c = 0; c < plotw; c++) {
		if (is_bar(g[r, GUTTER + c]) && !(c in bars))
			bad(sprintf("a bar in column %d, where no pick is", c))
		if (!is_bar(g[r, GUTTER + c]) && (c in bars))
			bad(sprintf("no bar in column %d, a pick's", c))
	}
	# the segments: the phase the window opens in (no bar), then each pick's
	ns = 0
	if (first && (nin == 0 || pc[1] > 0) && pt[first] < t0) {
		sa[++ns] = 0; sbar[ns] = 0; sname[ns] = pn[first]
	}
	for (k = 1; k <= nin; k++) {
		sa[++ns] = pc[k]; sbar[ns] = 1; sname[ns] = pn[pi[k]]
	}
	named = 0
	for (s = 1; s <= ns; s++) {
		end = s < ns ? sa[s + 1] : plotw
		x = sa[s] + sbar[s]
		txt = ""
		lead = trail = 0
		for (; x < end && !is_line(g[r, GUTTER + x]) && !is_bar(g[r, GUTTER + x]); x++) {
			gl = g[r, GUTTER + x]
			if (gl == "SP")
				break
			if (is_ell(gl)) {
				if (txt == "") lead = 1; else trail = 1
				continue
			}
			txt = txt gl
		}
		room = end - sa[s] - sbar[s] - 1 # the name, then at least one line
		if (room >= length(sname[s]) && (txt != sname[s] || lead || trail))
			bad(sprintf("phase %s (columns %d-%d) reads '%s', not its whole name", sname[s], sa[s], end - 1, txt))
		else if (txt == "" && (lead || trail))
			bad(sprintf("phase %s reads an ellipsis alone", sname[s]))
		else if (txt == "" && room >= 3)
			bad(sprintf("phase %s (columns %d-%d) has room for a name and shows none", sname[s], sa[s], end - 1))
		else if (txt != "" && !index(sname[s], txt))
			bad(sprintf("phase %s reads '%s', no part of its name", sname[s], txt))
		else if (txt != "" && txt != sname[s] && !lead && !trail)
			bad(sprintf("phase %s reads '%s', cut with no ellipsis", sname[s], txt))
		if (txt != "") {
			named++
			shown = (lead ? "~" : "") txt (trail ? "~" : "")
			if (shown in seen)
				bad(sprintf("phases %s and %s both read '%s'", seen[shown], sname[s], shown))
			seen[shown] = sname[s]
			list = list " " shown
		}
	}
	printf "phases: %d picks in the window, %d marked on the ruler, %d phases, %d named:%s\n",
	       nin, marked, ns, named, list
	exit nbad > 0
}
