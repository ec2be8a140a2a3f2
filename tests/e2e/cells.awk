# cells.awk: the cells of a screen captured with `tmux capture-pane -p -e`,
# one per line, tab-separated:
#
#   ROW COL FG BG ATTRS GLYPH
#
# ROW and COL from 0; FG and BG "d" (the default) or a palette number
# (0-7, 8-15 bright, 16-255); ATTRS the letters of bold (b), dim (d),
# underline (u) and reverse (r), or "-"; GLYPH the cell's character ("SP"
# for a blank). Cells that tmux leaves out at the end of a line are not
# listed: they are blank, in the default colours. Run with LC_ALL=C: the
# input is read as bytes and a UTF-8 character is one cell (the viewer
# draws no wide characters).
BEGIN {
	for (i = 1; i < 256; i++)
		ord[sprintf("%c", i)] = i
	ESC = sprintf("%c", 27)
	OFS = "\t"
	reset()
}

function reset() {
	fg = "d"; bg = "d"; B = 0; D = 0; U = 0; R = 0
}

function sgr(p,   a, m, x, v) {
	if (p == "")
		p = "0"
	m = split(p, a, ";")
	for (x = 1; x <= m; x++) {
		sub(/:.*/, "", a[x]) # 4:1 and the like: the attribute alone
		v = a[x] + 0
		if (v == 0) reset()
		else if (v == 1) B = 1
		else if (v == 2) D = 1
		else if (v == 4) U = 1
		else if (v == 7) R = 1
		else if (v == 22) { B = 0; D = 0 }
		else if (v == 24) U = 0
		else if (v == 27) R = 0
		else if (v >= 30 && v <= 37) fg = v - 30
		else if (v == 39) fg = "d"
		else if (v >= 40 && v <= 47) bg = v - 40
		else if (v == 49) bg = "d"
		else if (v >= 90 && v <= 97) fg = v - 82
		else if (v >= 100 && v <= 107) bg = v - 92
		else if ((v == 38 || v == 48) && a[x + 1] == 5) {
			if (v == 38) fg = a[x + 2] + 0
			else bg = a[x + 2] + 0
			x += 2
		} else if ((v == 38 || v == 48) && a[x + 1] == 2)
			x += 4
	}
}

function attrs(   s) {
	s = (B ? "b" : "") (D ? "d" : "") (U ? "u" : "") (R ? "r" : "")
	return s == "" ? "-" : s
}

{
	# tmux carries the attributes over from the line before
	row = NR - 1
	col = 0
	line = $0
	n = length(line)
	i = 1
	while (i <= n) {
		c = substr(line, i, 1)
		if (c == ESC && substr(line, i + 1, 1) == "[") {
			j = i + 2
			while (j <= n && substr(line, j, 1) !~ /[@-~]/)
				j++
			if (substr(line, j, 1) == "m")
				sgr(substr(line, i + 2, j - i - 2))
			i = j + 1
			continue
		}
		o = ord[c]
		k = o >= 240 ? 4 : o >= 224 ? 3 : o >= 192 ? 2 : 1
		g = substr(line, i, k)
		i += k
		print row, col, fg, bg, attrs(), (g == " " ? "SP" : g)
		col++
	}
}
