#!/bin/sh
# End-to-end tests of the cost-centre profile pane (P) with two logs
# (hectic A B, issue 21): its A, B and delta columns. The real viewer in
# tmux, on real pairs from GHC 9.0.2 and 9.6.6 (tests/fixtures/diff): the
# profiled program at two input sizes (psize-n, psize-2n), two programs
# that share nothing (sparks, pingpong: no profile), a profiled run
# against one without a profile, and two different profiled programs.
# Checked against independent figures:
#  - each row's A and B ticks (individual and inherited), and which cells
#    are empty, against `hectic diff --tsv --all A B` (a figure one run
#    lacks is empty there too), and the A and B individual ticks against
#    each run's own .prof within the tick race tests/profile-prof.sh
#    documents (8 ticks for GHC 9.0.2, 20 for 9.6.6; the totals exact, or
#    within 1 for 9.6.6);
#  - the order of the flat list: the rows only one run has first, then by
#    the size of the change of the share (B's share of its run minus A's,
#    perf diff's delta column), the change shown being that;
#  - the tree: the union of the two runs' trees from `hectic profile --tsv`
#    of each, a node per path of MODULE.NAME, a stack only one run has
#    with an empty cell on the other side;
#  - the window in view as the scope: A's ticks in the window, B's in the
#    same interval on its clock, also with --align (B's interval moved by
#    the two runs' first matching markers), from `hectic profile --flat
#    --from --to` of each run;
#  - Tab (the event list shows the other run): the same rows, figures and
#    order, A still A;
#  - no profile in either run, or in one: said;
#  - long names (issue 33): the columns take the room the figures leave,
#    names shortened among the rows on screen, against the .prof's names.
# Usage: tests/e2e/compare-profile.sh path/to/hectic. Exit 0 when every
# check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/compare-profile.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux awk sed grep sort cmp diff; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-compare-profile: $t not found (tools/deps.sh names its package)"
		echo "e2e-compare-profile: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

D=tests/fixtures/diff
READY='events: '
TITLE='^profile: '
W=200
H=64
TAB=$(printf '\t')

eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}
# same_file NAME GOT WANT: two non-empty files are equal
same_file() {
	if [ ! -s "$2" ] || [ ! -s "$3" ]; then
		fail "$1" "empty: got $(wc -l <"$2") lines, want $(wc -l <"$3")"
	elif cmp -s "$2" "$3"; then
		pass
	else
		fail "$1" "differs (< screen, > reference): $(diff "$2" "$3" | head -12 | tr '\n' '|')"
	fi
}
# empty NAME TEXT: TEXT (a list of what is wrong) is empty
empty() { if [ -z "$2" ]; then pass; else fail "$1" "$2"; fi; }

# ---- the screen ----

# rows: the pane's rows in the last capture, under its header, as
# "LABEL\tMODULE\tA_INDIV\tB_INDIV\tDELTA\tA_INHER\tB_INHER\tDELTA_INHER\tDEPTH",
# the cells cut at the header's columns and trimmed (an empty cell: ""),
# DEPTH from the tree's indentation (the expanders in ASCII: + and -)
rows() {
	LC_ALL=C awk -v last="$E2E_H" '
	function trim(s) { sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
	/^COST CENTRE/ && !hdr {
		hdr = NR; xm = index($0, "MODULE"); g = index($0, "A indiv") - 2; gi = index($0, "A inher") - 2
		next
	}
	hdr && NR < last && trim($0) != "" {
		name = substr($0, 1, xm - 1)
		lead = match(name, /[^ ]/) - 1
		c = substr(name, lead + 1, 2)
		if (c == "+ " || c == "- ") { depth = lead; name = substr(name, lead + 3) } else depth = lead - 2
		printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\n", trim(name), trim(substr($0, xm, g - xm)),
			trim(substr($0, g, 9)), trim(substr($0, g + 16, 9)), trim(substr($0, g + 32, 7)),
			trim(substr($0, gi, 9)), trim(substr($0, gi + 16, 9)), trim(substr($0, gi + 32, 7)), depth
	}' "$E2E_SCREEN"
}
# figures: the flat rows as "MODULE.LABEL\tA_INDIV\tB_INDIV\tA_INHER\tB_INHER", sorted
figures() { rows | awk -F'\t' '{ printf "%s.%s\t%s\t%s\t%s\t%s\n", $2, $1, $3, $4, $6, $7 }' | LC_ALL=C sort; }
title() { grep -E "$TITLE" "$E2E_SCREEN" | head -1; }
# total A|B: the run's ticks in the title ("A 310 ticks, B 584 ticks")
total() { title | sed -n "s/.*[:,] $1 \([0-9]*\) ticks[,;].*/\1/p"; }

# ---- references ----

# want_diff [DIFF OPTION ...] A B: hectic diff --tsv --all's profile rows
# as figures prints them: a cost centre's individual ticks from the
# profile section, the inherited from profile_inherited (every cost centre
# with a tick has one there); no individual row: 0 where the run has the
# cost centre, else empty
want_diff() {
	"$E2E_HECTIC" diff --tsv --all "$@" | LC_ALL=C awk -F'\t' '
	function un(s) { gsub(/\\\\/, "\\", s); return s }
	$1 == "profile" { k = un($2); ia[k] = $3; ib[k] = $4; ind[k] = 1 }
	$1 == "profile_inherited" { k = un($2); ha[k] = $3; hb[k] = $4; key[k] = 1 }
	END {
		for (k in key) {
			a = (k in ind) ? ia[k] : ha[k] != "" ? "0" : ""
			b = (k in ind) ? ib[k] : hb[k] != "" ? "0" : ""
			printf "%s\t%s\t%s\t%s\t%s\n", k, a, b, ha[k], hb[k]
		}
	}' | LC_ALL=C sort
}
# flat_ref FILE FROM TO: `hectic profile --flat` of one run in [FROM, TO],
# "MODULE.LABEL\tINDIV\tINHER"
flat_ref() {
	"$E2E_HECTIC" profile --flat --raw --top 1000000 --from "$2" --to "$3" "$1" |
		awk 'NR > 2 && NF >= 6 { printf "%s.%s\t%s\t%s\n", $6, $5, $1, $3 }' | LC_ALL=C sort
}
# want_flat A_REF B_REF: the two runs' flat profiles joined by cost
# centre, 0 where a run did not tick it (the same program: both define it)
want_flat() {
	LC_ALL=C awk -F'\t' 'NR == FNR { a[$1] = $2; ah[$1] = $3; k[$1] = 1; next }
		{ b[$1] = $2; bh[$1] = $3; k[$1] = 1 }
		END { for (x in k) printf "%s\t%d\t%d\t%d\t%d\n", x, a[x], b[x], ah[x], bh[x] }' "$1" "$2" |
		LC_ALL=C sort
}
# prof_bad PROF SIDE SLACK: the SIDE column's (3 A, 4 B) individual ticks
# of the last capture against a .prof (its tree's individual ticks summed
# per cost centre) beyond SLACK
prof_bad() {
	awk '/^COST CENTRE +MODULE +SRC +no\./ { tree = 1; next }
		tree && NF >= 10 { t[$2 "." $1] += $10 }
		END { for (k in t) print k "\t" t[k] }' "$1" >"$E2E_T/prof"
	rows | awk -F'\t' -v f="$2" '{ print $2 "." $1 "\t" $f }' >"$E2E_T/prof-got"
	awk -F'\t' -v slack="$3" 'NR == FNR { w[$1] = $2; next }
		{ g[$1] = $2; d = w[$1] - $2; if (d < 0) d = -d
		  if (($1 in w) && d > slack) printf "%s: %s ticks, the .prof %s; ", $1, $2, w[$1]
		  if (!($1 in w) && $2 > slack) printf "%s: %s ticks, none in the .prof; ", $1, $2 }
		END { for (k in w) if (!(k in g) && w[k] > slack) printf "%s: not shown, the .prof %s; ", k, w[k] }' \
		"$E2E_T/prof" "$E2E_T/prof-got"
}
prof_total() { sed -n 's/.*(\([0-9][0-9]*\) ticks @.*/\1/p' "$1" | head -1; }
# order_bad COL DCOL: the flat rows out of perf diff's order by the share
# in column COL (3 individual, 6 inherited): the rows one run lacks first
# (by their share), then |B% - A%| not increasing; and each change shown
# (column DCOL) B% - A% to its 0.1, "only A" / "only B" where a side is empty
order_bad() {
	rows | awk -F'\t' -v c="$1" -v dc="$2" -v ta="$(total A)" -v tb="$(total B)" '
	function abs(x) { return x < 0 ? -x : x }
	{
		a = $c; b = $(c + 1)
		sa = a == "" ? 0 : 100 * a / ta; sb = b == "" ? 0 : 100 * b / tb
		only = (a == "") != (b == "")
		ch = abs(sb - sa)
		if (NR > 1 && (only > lonly || (only == lonly && ch > lch + 1e-6)))
			printf "%s.%s (change %.4f%s) after %s; ", $2, $1, ch, only ? ", one run" : "", last
		want = only ? (a == "" ? "only B" : "only A") : ""
		if (want != "" && $dc != want) printf "%s.%s: delta %s, want %s; ", $2, $1, $dc, want
		if (want == "" && ($dc !~ /^[-+]?[0-9]+\.[0-9]$/ || abs($dc - (sb - sa)) > 0.05 + 1e-9))
			printf "%s.%s: delta %s, B%% - A%% is %.4f; ", $2, $1, $dc, sb - sa
		lonly = only; lch = ch; last = $2 "." $1
	}'
}
# tree_ref FILE: `hectic profile --tsv` (the one-log tree, depth first) as
# "PATH\tINDIV\tINHER", PATH the MODULE.LABEL names from MAIN joined by /
tree_ref() {
	"$E2E_HECTIC" profile --tsv --raw "$1" | LC_ALL=C awk -F'\t' '
	function un(s) { gsub(/\\\\/, "\\", s); return s }
	NR > 1 { p[$1] = ($1 ? p[$1 - 1] "/" : "") $3 "." un($2); printf "%s\t%s\t%s\n", p[$1], $5, $6 }' |
		LC_ALL=C sort
}
# tree_want A_REF B_REF: the union, "PATH\tA_INDIV\tB_INDIV\tA_INHER\tB_INHER",
# a path one run lacks with its cells empty
tree_want() {
	LC_ALL=C awk -F'\t' 'NR == FNR { a[$1] = $2; ah[$1] = $3; k[$1] = 1; next }
		{ b[$1] = $2; bh[$1] = $3; k[$1] = 1 }
		END { for (x in k) printf "%s\t%s\t%s\t%s\t%s\n", x, a[x], b[x], ah[x], bh[x] }' "$1" "$2" |
		LC_ALL=C sort
}
# tree_got: the tree rows of the last capture as tree_want prints them
tree_got() {
	rows | LC_ALL=C awk -F'\t' '{
		path[$9] = ($9 ? path[$9 - 1] "/" : "") $2 "." $1
		printf "%s\t%s\t%s\t%s\t%s\n", path[$9], $3, $4, $6, $7 }' | LC_ALL=C sort
}

for v in ghc90 ghc96; do
	A=$D/$v-psize-n.eventlog
	B=$D/$v-psize-2n.eventlog
	slack=8 tslack=0
	[ "$v" = ghc96 ] && slack=20 tslack=1

	# ---- the flat list, by change ----
	start $W $H -- "$A" "$B"
	wait_for "$READY"
	keys P
	check "$v-title" "$TITLE.*: A [0-9]+ ticks, B [0-9]+ ticks; flat by change;"
	check "$v-header" '^COST CENTRE +MODULE +A indiv %time +B indiv %time +delta +A inher %time +B inher %time +delta'
	want_diff "$A" "$B" >"$E2E_T/want"
	figures >"$E2E_T/got"
	same_file "$v-figures-diff" "$E2E_T/got" "$E2E_T/want"
	eq "$v-total-A" "$(total A)" "$(awk -F'\t' '$1 == "MAIN.MAIN" { print $4 }' "$E2E_T/want")"
	eq "$v-total-B" "$(total B)" "$(awk -F'\t' '$1 == "MAIN.MAIN" { print $5 }' "$E2E_T/want")"
	for s in A B; do
		prof=${A%.eventlog}.prof col=3
		[ "$s" = B ] && prof=${B%.eventlog}.prof col=4
		d=$(($(total $s) - $(prof_total "$prof")))
		[ "$d" -le "$tslack" ] && [ "$d" -ge "-$tslack" ] && pass ||
			fail "$v-total-prof-$s" "$(total $s) ticks, the .prof $(prof_total "$prof")"
		empty "$v-prof-$s" "$(prof_bad "$prof" $col $slack)"
	done
	empty "$v-order-change" "$(order_bad 3 5)"
	empty "$v-inherited-delta" "$(order_bad 6 8 | grep -o '[^;]*: delta [^;]*;' | tr -d '\n')"
	rows >"$E2E_T/flat-rows"
	[ "$(wc -l <"$E2E_T/flat-rows")" -ge 10 ] && pass || fail "$v-rows" "$(wc -l <"$E2E_T/flat-rows") rows"
	# the highlight: the top row's ticks on the shown run's lanes
	top=$(head -1 "$E2E_T/flat-rows" | cut -f1 | sed 's/[.\\]/\\&/g')
	keys x
	check_status "$v-highlight-A" " $(head -1 "$E2E_T/flat-rows" | cut -f3) ticks with $top on top marked on run A's lanes"
	# ---- Tab: B in the event list, the same comparison ----
	keys "$TAB"
	check_status "$v-tab" 'the event list shows run B'
	check "$v-tab-status" "^ B: $v-psize-2n\\.eventlog "
	check "$v-tab-title" "$TITLE.*: A [0-9]+ ticks, B [0-9]+ ticks; flat by change;"
	rows >"$E2E_T/tab-rows"
	same_file "$v-tab-rows" "$E2E_T/tab-rows" "$E2E_T/flat-rows"
	figures >"$E2E_T/got"
	same_file "$v-tab-figures-diff" "$E2E_T/got" "$E2E_T/want"
	keys x
	check_status "$v-highlight-B" " $(head -1 "$E2E_T/flat-rows" | cut -f4) ticks with $top on top marked on run B's lanes"
	keys Escape "$TAB"
	check_status "$v-tab-back" 'the event list shows run A'
	rows >"$E2E_T/tab-rows"
	same_file "$v-tab-back-rows" "$E2E_T/tab-rows" "$E2E_T/flat-rows"

	# ---- the other orders ----
	keys r
	check "$v-by-inherited" "$TITLE.*flat by inherited change;"
	check "$v-header-inherited" '^COST CENTRE +MODULE +A indiv'
	empty "$v-order-inherited" "$(order_bad 6 8)"
	keys r
	check "$v-by-name" "$TITLE.*flat by name;"
	empty "$v-order-name" "$(rows | LC_ALL=C awk -F'\t' 'NR > 1 && ($1 < l || ($1 == l && $2 < m)) { print $1 " after " l }
		{ l = $1; m = $2 }')"
	keys r
	check "$v-by-change-again" "$TITLE.*flat by change;"
	keys q
	check_exit "$v-quit" 0

	# ---- the tree: the union of the runs' trees (ASCII expanders) ----
	tree_ref "$A" >"$E2E_T/tree-a"
	tree_ref "$B" >"$E2E_T/tree-b"
	tree_want "$E2E_T/tree-a" "$E2E_T/tree-b" >"$E2E_T/tree-want"
	start $W $H NO_COLOR=1 -- --ascii "$A" "$B"
	wait_for "$READY"
	keys P M
	check "$v-tree" "$TITLE.*tree by inherited;"
	keys E
	check_status "$v-tree-open" 'every node open'
	tree_got >"$E2E_T/got"
	same_file "$v-tree-union" "$E2E_T/got" "$E2E_T/tree-want"
	# a path only one run has: its other cells empty and marked
	n=$(awk -F'\t' '($2 == "") != ($3 == "")' "$E2E_T/tree-want" | wc -l)
	[ "$n" -gt 0 ] && pass || fail "$v-tree-one-run" "no path only one run has: the check proves nothing"
	empty "$v-tree-marked" "$(rows | awk -F'\t' '($3 == "") != ($4 == "") && $5 != ($3 == "" ? "only B" : "only A") { print $2 "." $1 ": " $5 }')"
	keys "$TAB"
	check_status "$v-tree-tab" 'the event list shows run B'
	tree_got >"$E2E_T/got"
	same_file "$v-tree-union-tab" "$E2E_T/got" "$E2E_T/tree-want"
	keys q
	check_exit "$v-tree-quit" 0

	# ---- the window in view, and --align ----
	for align in "" "round 2"; do
		set --
		shift_ns=0 ta=
		if [ -n "$align" ]; then
			set -- --align "$align"
			ta=$("$E2E_HECTIC" markers --tsv "$A" | awk -F'\t' -v m="$align" '$4 == m { print $1; exit }')
			tb=$("$E2E_HECTIC" markers --tsv "$B" | awk -F'\t' -v m="$align" '$4 == m { print $1; exit }')
			shift_ns=$((ta - tb))
		fi
		name=$v-window${align:+-aligned}
		start $W $H -- "$@" "$A" "$B"
		wait_for "$READY"
		keys P w
		check "$name-scope" '^profile: window in view'
		# the window a quarter of the run, around A's run 2 marker or 0.3s
		text ":"
		text "${ta:-300000000}"
		keys Enter + +
		wait_change
		sleep 0.3
		capture
		for pass_ in 1 2; do
			set -- $(window)
			# the shown run's interval, and the other's on its clock
			# (core_to_other: t - shift, at least 0)
			sf=$1 st=$(($2 - 1))
			of=$((sf - shift_ns)) ot=$((st - shift_ns))
			[ "$pass_" = 2 ] && of=$((sf + shift_ns)) ot=$((st + shift_ns))
			[ "$of" -lt 0 ] && of=0
			[ "$ot" -lt 0 ] && ot=0
			if [ "$pass_" = 1 ]; then
				flat_ref "$A" $sf $st >"$E2E_T/ra"
				flat_ref "$B" $of $ot >"$E2E_T/rb"
			else
				flat_ref "$A" $of $ot >"$E2E_T/ra"
				flat_ref "$B" $sf $st >"$E2E_T/rb"
			fi
			want_flat "$E2E_T/ra" "$E2E_T/rb" >"$E2E_T/want"
			figures >"$E2E_T/got"
			same_file "$name-figures-$pass_" "$E2E_T/got" "$E2E_T/want"
			eq "$name-total-A-$pass_" "$(total A)" "$(awk -F'\t' '$1 == "MAIN.MAIN" { print $3 }' "$E2E_T/ra")"
			eq "$name-total-B-$pass_" "$(total B)" "$(awk -F'\t' '$1 == "MAIN.MAIN" { print $3 }' "$E2E_T/rb")"
			if [ "$pass_" = 1 ]; then
				[ -z "$align" ] && {
					want_diff --from "$sf" --to "$st" "$A" "$B" >"$E2E_T/want-d"
					same_file "$name-figures-diff" "$E2E_T/got" "$E2E_T/want-d"
				}
				empty "$name-order" "$(order_bad 3 5)"
				rows >"$E2E_T/win-rows"
				keys "$TAB"
				wait_status 'the event list shows run B' || fail "$name-tab" "no swap said"
				sleep 0.2
				capture
			fi
		done
		rows >"$E2E_T/got"
		same_file "$name-tab-rows" "$E2E_T/got" "$E2E_T/win-rows"
		keys q
		check_exit "$name-quit" 0
	done
done

# ---- pairs without a profile, or of different programs ----
for v in ghc90 ghc96; do
	start 120 40 -- "$D/$v-sparks.eventlog" "$D/$v-pingpong.eventlog"
	wait_for "$READY"
	keys P
	check "$v-none" "^no time profile in either run: run profiled builds with \\+RTS -p -l \\(A $v-sparks\\.eventlog, B $v-pingpong\\.eventlog\\)"
	keys M
	check_status "$v-none-keys" 'no time profile in either run'
	keys j r x E B c w Enter "$TAB"
	check_status "$v-none-tab" 'the event list shows run B'
	check "$v-none-tab-stays" "^no time profile in either run: .*\\(A $v-sparks\\.eventlog, B $v-pingpong\\.eventlog\\)"
	alive "$v-none-alive"
	keys q
	check_exit "$v-none-quit" 0

	A=$D/$v-psize-n.eventlog
	for order in ab ba; do
		if [ $order = ab ]; then set -- "$A" "$D/$v-sparks.eventlog"; else set -- "$D/$v-sparks.eventlog" "$A"; fi
		start $W $H -- "$@"
		wait_for "$READY"
		keys P
		if [ $order = ab ]; then
			check "$v-one-$order" "$TITLE.*: A [0-9]+ ticks, B no time profile; flat by change;"
		else
			check "$v-one-$order" "$TITLE.*: A no time profile, B [0-9]+ ticks; flat by change;"
		fi
		want_diff "$@" >"$E2E_T/want"
		figures >"$E2E_T/got"
		same_file "$v-one-$order-figures" "$E2E_T/got" "$E2E_T/want"
		want=$([ $order = ab ] && echo "only A" || echo "only B")
		empty "$v-one-$order-marked" "$(rows | awk -F'\t' -v w="$want" '$5 != w || $8 != w { print $2 "." $1 ": " $5 "/" $8 }')"
		keys q
		check_exit "$v-one-$order-quit" 0
	done
done

# two profiled programs that share little: the rows only one run has marked
A=$D/ghc90-psize-n.eventlog
B=tests/fixtures/profile-hc.eventlog
start $W $H "$E2E_ROWS1" -- "$A" "$B"
wait_for "$READY"
keys P
check other-title "$TITLE.*: A [0-9]+ ticks, B [0-9]+ ticks; flat by change;"
want_diff "$A" "$B" >"$E2E_T/want"
figures >"$E2E_T/got"
same_file other-figures "$E2E_T/got" "$E2E_T/want"
empty other-order "$(order_bad 3 5)"
n=$(rows | awk -F'\t' '$5 == "only A"' | wc -l)
m=$(rows | awk -F'\t' '$5 == "only B"' | wc -l)
[ "$n" -gt 0 ] && [ "$m" -gt 0 ] && pass || fail other-only "only A: $n rows, only B: $m rows"
keys q
check_exit other-quit 0

# ---- small terminals: nothing outside the pane, no crash ----
A=$D/ghc90-psize-n.eventlog
B=$D/ghc90-psize-2n.eventlog
for size in "80 24" "60 16" "40 14" "100 20"; do
	set -- $size
	start "$1" "$2" -- "$A" "$B"
	wait_for '(events: |too small)'
	keys P j j x r M E Enter "$TAB" r j M w + w c B "$TAB"
	sleep 0.3
	alive "small-$1x$2"
	capture
	case $(sed -n "${2}p" "$E2E_SCREEN") in
	' A: '* | ' B: '* | *'too small'*) pass ;;
	*) fail "small-$1x$2-status" "last row: '$(sed -n "${2}p" "$E2E_SCREEN")'" ;;
	esac
	keys q
	check_exit "small-$1x$2-quit" 0
done
# 80x24: the individual figures alone, A, B and the change
start 80 24 -- "$A" "$B"
wait_for "$READY"
keys P
check narrow-header '^COST CENTRE +MODULE +A indiv %time +B indiv %time +delta$'
keys M
check narrow-tree-header '^COST CENTRE +MODULE +A inher %time +B inher %time +delta$'
keys q
check_exit narrow-quit 0

# ---- long names fitted (issue 33) ----
# The two modern profiles with deep1..deep4 renamed by long-names.txt to
# four labels that differ only at their end, in a long module
# (tests/fixtures/derived): the names expected are the runs' .prof
# cost centres renamed by that file, never hectic's. At 200 columns every
# name and module whole, at 160 every name; at 80 each row a cut of one, no
# two rows alike, the four long labels read apart.
LA=tests/fixtures/derived/ghc96-prof-hc-long.eventlog
LB=tests/fixtures/derived/ghc910-prof-hc-long.eventlog
NAMES=tests/fixtures/derived/long-names.txt
for g in ghc96 ghc910; do
	awk 'NR == FNR { if ($1 == "cc") new[$2 SUBSEP $3] = $4 "\t" $5; next }
		/^COST CENTRE +MODULE +SRC +no\./ { tree = 1; next }
		tree && NF >= 10 { k = $1 SUBSEP $2; print (k in new) ? new[k] : $1 "\t" $2 }' \
		FS="$TAB" "$NAMES" FS=' ' "tests/fixtures/modern/$g-prof-hc.prof"
done | LC_ALL=C sort -u >"$E2E_T/long.names"
awk -F '\t' '$1 == "cc" && $4 != $2 { print $4 }' "$NAMES" >"$E2E_T/long.pass"
# long_rows: the rows of the last capture, "LABEL\tMODULE" as shown (an
# ellipsis "~"), the tree's indentation and expanders left out
long_rows() {
	plain | awk -v last="$E2E_H" '
	/^COST CENTRE/ { xm = index($0, "MODULE"); next }
	xm && NR < last {
		name = substr($0, 1, xm - 1); mod = substr($0, xm)
		sub(/^ +/, "", name); sub(/^[-+#] /, "", name); sub(/ +$/, "", name)
		sub(/ .*/, "", mod)
		if (name != "" && mod != "") print name "\t" mod
	}'
}
start 200 50 "$E2E_ROWS1" -- "$LA" "$LB"
wait_for "$READY"
keys P
wait_for 'flat by change'
capture
long_rows >"$E2E_T/got"
bad=$(awk -F '\t' 'NR == FNR { ok[$0] = 1; next } !($0 in ok) { printf "%s|%s; ", $1, $2 }' "$E2E_T/long.names" "$E2E_T/got")
[ -s "$E2E_T/got" ] && [ -z "$bad" ] && pass || fail long-200-whole "not a .prof cost centre whole: $bad"
eq long-200-passes "$(cut -f1 "$E2E_T/got" | grep -cxF -f "$E2E_T/long.pass")" 4
keys q
check_exit long-200-quit 0
# 160 columns: both groups of figures leave the names their room, the
# modules what is left
start 160 50 "$E2E_ROWS1" -- "$LA" "$LB"
wait_for "$READY"
keys P
wait_for 'flat by change'
capture
long_rows >"$E2E_T/got"
cut -f1 "$E2E_T/long.names" | sort -u >"$E2E_T/long.labels"
bad=$(cut -f1 "$E2E_T/got" | awk 'NR == FNR { ok[$0] = 1; next } !($0 in ok) { printf "%s; ", $0 }' "$E2E_T/long.labels" -)
[ -s "$E2E_T/got" ] && [ -z "$bad" ] && pass || fail long-160-names-whole "not a .prof label whole: $bad"
empty long-160-fitted "$(awk -F '\t' -v mode=flat -f tests/e2e/fitted.awk "$E2E_T/long.names" "$E2E_T/got")"
keys q
check_exit long-160-quit 0
start 80 24 "$E2E_ROWS1" -- "$LA" "$LB"
wait_for "$READY"
keys P
wait_for 'flat by change'
keys r r
wait_for 'flat by name'
capture
long_rows >"$E2E_T/got"
empty long-80-flat "$(awk -F '\t' -v mode=flat -f tests/e2e/fitted.awk "$E2E_T/long.names" "$E2E_T/got")"
empty long-80-passes "$(cut -f1 "$E2E_T/got" | awk -F '\t' -v mode=each -f tests/e2e/fitted.awk "$E2E_T/long.pass" -)"
eq long-80-cut "$(cut -f1 "$E2E_T/got" | grep -c '^~')" 4 "(the long labels shortened)"
keys q
check_exit long-80-quit 0

echo "e2e-compare-profile: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
