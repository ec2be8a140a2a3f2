# ruler.awk: checks the time ruler (row 0) of a captured screen.
#
#   awk -v t0=NS -v t1=NS -v plotw=N [-v gutter=N] -v min=N -f ruler.awk CELLS
#
# CELLS: the screen through cells.awk. The plot is right of the gutter
# (8 columns unless given). A tick is a mark (│ or |) in the plot followed
# by its label. The first label is an absolute time; each
# other one is absolute too or an offset from the first ("+250us"). Checks
# that every label reads back exactly to a time that falls in its mark's
# column (column k spans [t0 + (t1-t0)*k/plotw, t0 + (t1-t0)*(k+1)/plotw)),
# that the ticks are evenly spaced at 1, 2 or 5 x 10^k ns, that no two read
# the same, and that there are at least min of them. Prints "ruler: ..." on
# a mismatch (exit status 1), else a summary of the ticks.
BEGIN {
	GUTTER = gutter == "" ? 8 : gutter + 0
	w = t1 - t0
	nbad = 0
}

function bad(msg) {
	nbad++
	print "ruler: " msg
}

# a label in ns, exactly (below 2^53), or -1
function ns(s,   n, u, m, i, f, d, k) {
	sub(/^\+/, "", s)
	n = s
	sub(/[a-z]+$/, "", n)
	u = substr(s, length(n) + 1)
	m = u == "s" ? 1e9 : u == "ms" ? 1e6 : u == "us" ? 1e3 : u == "ns" ? 1 : -1
	if (m < 0 || n !~ /^[0-9]+(\.[0-9]+)?$/)
		return -1
	i = n
	f = ""
	if (index(n, ".")) {
		i = substr(n, 1, index(n, ".") - 1)
		f = substr(n, index(n, ".") + 1)
	}
	d = m
	for (k = 1; k <= length(f); k++)
		d /= 10
	if (d < 1)
		return -1 # finer than a nanosecond
	return i * m + (f == "" ? 0 : f * d)
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

$1 == 0 { g[$2] = $6 }

END {
	n = 0
	for (c = GUTTER; c < GUTTER + plotw; c++) {
		if (g[c] != "\342\224\202" && g[c] != "|")
			continue
		lab = ""
		# a user marker (▾, v) may follow a label in the next blank
		for (x = c + 1; (x in g) && g[x] ~ /^[0-9.+mnus]$/; x++)
			lab = lab g[x]
		n++
		mc[n] = c - GUTTER
		ml[n] = lab
	}
	if (n < min)
		bad(sprintf("%d ticks, want at least %d", n, min))
	for (i = 1; i <= n; i++) {
		if (ml[i] == "") {
			if (i < n)
				bad(sprintf("tick %d (column %d) has no label", i, mc[i]))
			continue
		}
		if (i == 1 && ml[i] ~ /^\+/)
			bad("the first label is an offset: " ml[i])
		v = ns(ml[i])
		if (v < 0) {
			bad("label '" ml[i] "' is not a time")
			continue
		}
		at[i] = ml[i] ~ /^\+/ ? at[1] + v : v
		if (at[i] < t0 || at[i] >= t1)
			bad(sprintf("label '%s' reads %.0f, outside the window [%.0f, %.0f)", ml[i], at[i], t0, t1))
		else if (col(at[i]) != mc[i])
			bad(sprintf("label '%s' (%.0fns) belongs in column %d, its mark is in %d", ml[i], at[i], col(at[i]), mc[i]))
		if (ml[i] in seen)
			bad("two ticks read '" ml[i] "'")
		seen[ml[i]] = 1
		if (i > 1 && (i - 1) in at) {
			d = at[i] - at[i - 1]
			if (i == 2)
				step = d
			else if (d != step)
				bad(sprintf("uneven steps: %.0f then %.0f", step, d))
		}
	}
	if (n >= 2 && step > 0) {
		m = step
		while (m % 10 == 0)
			m /= 10
		if (m != 1 && m != 2 && m != 5)
			bad(sprintf("step %.0fns is not 1, 2 or 5 x 10^k", step))
	}
	labels = ""
	for (i = 1; i <= n; i++)
		labels = labels " " ml[i]
	printf "ruler: %d ticks, step %.0fns:%s\n", n, step, labels
	exit nbad > 0
}
