# fitted.awk: the labels of a list as a pane shows them, against the full
# labels they stand for (issue 33: a label that must be shortened loses the
# prefix it shares with the labels on screen first, so that two rows never
# read the same). An ellipsis is "~" (plain in lib.sh). Prints a line per
# fault, nothing when all is well.
#
#   awk -F '\t' -v mode=rows -f fitted.awk ROWS
#       ROWS: "FULL<TAB>SHOWN" a row, each row's full label known (by its id)
#   awk -F '\t' -v mode=flat -f fitted.awk [dups=1] FULL SHOWN
#       FULL: the labels a row may stand for, a line each; SHOWN: the rows'
#       labels as shown. A row of several columns (a name and a module) has
#       them tab-separated in both files. The rows stand for different
#       labels (dups=1: not so, as a tree's rows: reading the same is no
#       fault)
#   awk -F '\t' -v mode=each -f fitted.awk FULL SHOWN
#       FULL: labels each of which one row of SHOWN must stand for, and
#       that row for no other of them (labels that differ only at their end:
#       where each is shortened, what differs shows)
#
# Faults: a shown label that is not a cut of its full one (what is left of
# it less its ellipses a part of it, an ellipsis where it was cut, none
# where it was not); in flat mode, one that is a cut of no full label; two
# rows of different labels (flat: two rows) reading the same.

# whether s, as shown, is a cut of the whole label f (one column)
function cut_one(s, f,   core, lead, trail, k, at, pos) {
	core = s
	lead = sub(/^~/, "", core)
	trail = sub(/~$/, "", core)
	if (!lead && !trail)
		return s == f
	if (core == "")
		return length(f) > 0 # room for the ellipsis alone
	for (at = 1; (k = index(substr(f, at), core)) > 0; at = pos + 1) {
		pos = at + k - 1
		if ((pos > 1) == (lead > 0) && (pos + length(core) - 1 < length(f)) == (trail > 0))
			return 1
	}
	return 0
}

# whether the row s is a cut of the row f, column by column
function cut_of(s, f,   a, b, n, i) {
	n = split(s, a, "\t")
	if (split(f, b, "\t") != n)
		return 0
	for (i = 1; i <= n; i++)
		if (!cut_one(a[i], b[i]))
			return 0
	return 1
}

mode == "rows" {
	if (!cut_one($2, $1))
		printf "\"%s\" is not a cut of \"%s\"\n", $2, $1
	if (($2 in seen) && seen[$2] != $1)
		printf "rows of \"%s\" and \"%s\" both read \"%s\"\n", seen[$2], $1, $2
	seen[$2] = $1
	next
}

mode == "flat" && NR == FNR { full[++nfull] = $0; next }

mode == "flat" {
	k = 0
	for (i = 1; i <= nfull && !k; i++)
		k = cut_of($0, full[i])
	if (!k)
		printf "\"%s\" is a cut of no label of the fixture's\n", $0
	if (($0 in seen) && !dups)
		printf "two rows read \"%s\"\n", $0
	seen[$0] = 1
}

mode == "each" && NR == FNR { want[++nwant] = $0; next }

mode == "each" { row[++nrow] = $0 }

END {
	for (i = 1; mode == "each" && i <= nwant; i++) {
		k = 0
		for (j = 1; j <= nrow; j++)
			k += cut_one(row[j], want[i])
		if (k != 1)
			printf "%d rows stand for \"%s\"\n", k, want[i]
	}
	for (j = 1; mode == "each" && j <= nrow; j++) {
		k = 0
		for (i = 1; i <= nwant; i++)
			k += cut_one(row[j], want[i])
		if (k > 1)
			printf "\"%s\" reads as %d of the labels\n", row[j], k
	}
}
