#!/bin/sh
# End-to-end tests of the cost-centre profile pane (P): the real viewer in
# tmux, its figures checked against references computed here with awk from
# `hectic profile --folded` (the stacks and their ticks), the GHC .prof of
# the fixtures and the time samples of `hectic show`.
# Usage: tests/e2e/profile.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/profile.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
# the tools the suite runs, each with its Debian package: a missing one is
# named here rather than failing a check that needs it
missing=0
for t in tmux:tmux stty:coreutils env:coreutils sleep:coreutils mkfifo:coreutils \
	mktemp:coreutils cut:coreutils wc:coreutils sort:coreutils tr:coreutils \
	cmp:diffutils awk:mawk sed:sed grep:grep; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "e2e-profile: ${t%:*} not found (install ${t#*:})"
		missing=$((missing + 1))
	fi
done
# process states are read from /proc (a chroot needs it mounted)
if [ ! -r /proc/self/stat ]; then
	echo "e2e-profile: /proc is not mounted (mount -t proc proc /proc)"
	missing=$((missing + 1))
fi
if [ "$missing" -gt 0 ]; then
	echo "e2e-profile: $missing checks, $missing failed"
	exit 1
fi
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

F=tests/fixtures
HC=$F/profile-hc.eventlog
READY='events: '
# an event list row (it shows only while no pane takes the list's place)
LIST_RE='^ *[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]ms: '
TITLE='^profile: '
W=120
H=48

eq() {
	if [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}
# eq_set NAME GOT WANT [NOTE]: eq, but an empty side fails
eq_set() {
	if [ -z "$2" ] || [ -z "$3" ]; then fail "$1" "empty: got '$2', want '$3' ${4:-}"; else eq "$@"; fi
}
# same_file NAME GOT WANT: two non-empty files are equal
same_file() {
	if [ ! -s "$2" ] || [ ! -s "$3" ]; then
		fail "$1" "empty: got $(wc -l <"$2") lines, want $(wc -l <"$3")"
	elif cmp -s "$2" "$3"; then
		pass
	else
		fail "$1" "differs (< screen, > reference): $(diff "$2" "$3" | head -8 | tr '\n' '|')"
	fi
}

# ---- references ----

# folded [ARG ...] FILE: the stacks and their ticks, "a;b;c N"
folded() { "$E2E_HECTIC" profile --folded "$@"; }
# total: the ticks of folded lines on stdin
total() { awk '{ s += $NF } END { print s + 0 }'; }

# nodes.awk: folded lines -> the tree, a line per node "PATH\tSELF\tINH",
# PATH from the root MAIN ("MAIN;main;worker"), in no order
cat >"$E2E_T/nodes.awk" <<'EOF'
{
	n = $NF
	st = substr($0, 1, length($0) - length($NF) - 1)
	inh["MAIN"] += n
	if (st == "MAIN") { self["MAIN"] += n; next }
	k = split(st, p, ";")
	path = "MAIN"
	for (i = 1; i <= k; i++) {
		path = path ";" p[i]
		inh[path] += n
	}
	self[path] += n
}
END { for (x in inh) printf "%s\t%d\t%d\n", x, self[x], inh[x] }
EOF

# heaviest.awk NODES: the paths shown at first: the root, its children, and
# the children of each node on the heaviest path (the child with the most
# inherited ticks; a tie: the first by name)
cat >"$E2E_T/heaviest.awk" <<'EOF'
BEGIN { FS = "\t" }
{
	inh[$1] = $3
	k = split($1, p, ";")
	if (k > 1) {
		par = substr($1, 1, length($1) - length(p[k]) - 1)
		kids[par] = kids[par] SUBSEP $1
	}
}
END {
	print "MAIN"
	x = "MAIN"
	while (x != "") {
		m = split(substr(kids[x], 2), c, SUBSEP)
		best = ""
		for (i = 1; i <= m; i++) {
			if (c[i] == "") continue
			print c[i]
			if (best == "" || inh[c[i]] > inh[best] || (inh[c[i]] == inh[best] && c[i] < best))
				best = c[i]
		}
		x = best
	}
}
EOF

# rows.awk: the pane's tree rows (plain text, the expanders as + and -) ->
# "PATH\tSELF\tINH\tDEPTH\tEXPANDER" in screen order; the last four fields
# of a row are the figures, the one before them the module
cat >"$E2E_T/rows.awk" <<'EOF'
{
	line = $0
	match(line, /^ */)
	lead = RLENGTH
	c = substr(line, lead + 1, 2)
	if (c == "+ " || c == "- ") { depth = lead; ex = substr(c, 1, 1) } else { depth = lead - 2; ex = "." }
	label = $(NF - 5)
	path[depth] = label
	full = "MAIN"
	for (i = 1; i <= depth; i++) full = full ";" path[i]
	if (depth == 0) full = "MAIN"
	printf "%s\t%s\t%s\t%d\t%s\n", full, $(NF - 3), $(NF - 1), depth, ex
}
EOF

# pane_rows: the rows under the pane's header in the last capture, the
# expanders in ASCII
pane_rows() {
	head -n $((E2E_H - 1)) "$E2E_SCREEN" | awk '/^COST CENTRE/ { on = 1; next } on && NF' |
		sed 's/▾/-/; s/▸/+/'
}
# tree_rows: pane_rows through rows.awk
tree_rows() { pane_rows | LC_ALL=C awk -f "$E2E_T/rows.awk"; }
title() { grep -E "$TITLE" "$E2E_SCREEN" | head -1; }
title_total() { title | sed -n 's/^profile: [^:]*: \([0-9]*\) ticks;.*/\1/p'; }
# selected: the label of the pane row in reverse video
selected() {
	cells
	awk -F'\t' -v last=$((E2E_H - 1)) '$2 == 0 && $5 ~ /r/ && $1 < last { print $1 }' "$E2E_CELLS" |
		while read -r r; do
			sed -n "$((r + 1))p" "$E2E_SCREEN"
		done | grep -v "$TITLE" | sed 's/▾/-/; s/▸/+/' | awk 'NF >= 6 { print $(NF - 5) }' | head -1
}
# sel_index: the index of the pane row in reverse video (from 0)
sel_index() {
	cells
	_h=$(grep -n '^COST CENTRE' "$E2E_SCREEN" | head -1 | cut -d: -f1)
	awk -F'\t' -v h="$_h" -v last=$((E2E_H - 1)) '$2 == 0 && $5 ~ /r/ && $1 >= h && $1 < last { print $1 - h; exit }' \
		"$E2E_CELLS"
}
# row_of LABEL: the index of the first pane row naming LABEL (from 0)
row_of() { pane_rows | l="$1" awk 'NF >= 6 && $(NF - 5) == ENVIRON["l"] { print NR - 1; exit }'; }
# go_to LABEL: the selection moved to LABEL's row (j/k)
go_to() {
	_from=$(row_of "$(selected)")
	_to=$(row_of "$1")
	[ -n "$_from" ] && [ -n "$_to" ] || return 1
	while [ "$_from" -lt "$_to" ]; do keys j; _from=$((_from + 1)); done
	while [ "$_from" -gt "$_to" ]; do keys k; _from=$((_from - 1)); done
	wait_change
	return 0
}
# figures_ok NODES: every tree row's individual and inherited ticks are the
# node's in NODES; prints the mismatches
figures_bad() {
	tree_rows >"$E2E_T/screen-rows"
	awk -F'\t' 'NR == FNR { s[$1] = $2; i[$1] = $3; next }
		!($1 in i) || s[$1] != $2 || i[$1] != $3 {
			printf "%s: %s %s (want %s %s); ", $1, $2, $3, s[$1], i[$1]
		}' "$1" "$E2E_T/screen-rows"
}
# order_bad FIELD DIR: siblings (rows under the same parent) out of order
# by FIELD (2 individual, 3 inherited, 1 name), DIR -1 non-increasing, 1
# non-decreasing
order_bad() {
	tree_rows | LC_ALL=C awk -F'\t' -v f="$1" -v dir="$2" '{
		k = split($1, p, ";")
		par = substr($1, 1, length($1) - length(p[k]))
		v = f == 1 ? p[k] : $f + 0
		if (par in last && ((dir < 0 && v > last[par]) || (dir > 0 && v < last[par])))
			printf "%s after %s; ", $1, last[par]
		last[par] = v
	}'
}

# ---- opening: the figures, the first tree ----
folded "$HC" >"$E2E_T/hc.folded"
folded --builtin "$HC" >"$E2E_T/hc-b.folded"
awk -f "$E2E_T/nodes.awk" "$E2E_T/hc.folded" | sort >"$E2E_T/hc.nodes"
TOT=$(total <"$E2E_T/hc.folded")
TOTB=$(total <"$E2E_T/hc-b.folded")
PROF_TOT=$(sed -n 's/.*(\([0-9]*\) ticks @.*/\1/p' $F/profile-hc.prof)
start $W $H "$E2E_ROWS1" -- "$HC"
wait_for "$READY"
keys P
check open-title "$TITLE"
eq_set open-total "$(title_total)" "$TOT" "(hectic profile --folded)"
eq_set open-total-prof "$(title_total)" "$PROF_TOT" "(profile-hc.prof's header)"
left=$(title | sed -n 's/.*; \([0-9]*\) on built-ins left out.*/\1/p')
eq_set open-left-out "$left" "$((TOTB - TOT))" "(--folded --builtin less --folded)"
# the root and the top-level node main, with their %time as the .prof prints it
main_inh=$(awk '{ split($1, p, ";"); if (p[1] == "main") s += $NF } END { print s + 0 }' "$E2E_T/hc.folded")
row_main=$(pane_rows | awk '$(NF - 5) == "main" && /^ [-+] main /')
eq_set open-main-inherited "$(echo "$row_main" | awk '{ print $(NF - 1) }')" "$main_inh"
eq_set open-main-pct "$(echo "$row_main" | awk '{ print $NF }')" \
	"$(awk -v a="$main_inh" -v t="$TOT" 'BEGIN { printf "%.1f\n", 100 * a / t }')"
eq_set open-root "$(pane_rows | awk '/^- MAIN / { print $(NF - 1), $NF }')" "$TOT 100.0"
# at first: the root and the heaviest path open
tree_rows | cut -f1 | sort >"$E2E_T/got"
LC_ALL=C awk -f "$E2E_T/heaviest.awk" "$E2E_T/hc.nodes" | sort >"$E2E_T/want"
same_file open-heaviest-path "$E2E_T/got" "$E2E_T/want"
bad=$(figures_bad "$E2E_T/hc.nodes")
eq open-figures "$bad" "" "(rows against the folded stacks)"
eq open-order "$(order_bad 3 -1)" "" "(siblings by inherited ticks)"
eq open-selected "$(selected)" MAIN

# ---- Enter opens and closes a node; the selection survives a rebuild ----
# the first closed node with grandchildren: opening it shows its children
# alone
tree_rows | awk -F'\t' '$5 == "+" { print $1 }' >"$E2E_T/closed"
node=$(awk -F'\t' 'NR == FNR { n[$1] = 1; next }
	{ for (x in n) if (index(x, $0 ";") == 1 && split(substr(x, length($0) + 2), q, ";") == 2) { print; exit } }' \
	"$E2E_T/hc.nodes" "$E2E_T/closed")
label=${node##*;}
go_to "$label"
eq enter-selected "$(selected)" "$label"
n0=$(pane_rows | wc -l)
pane_rows >"$E2E_T/before"
kids=$(p="$node" awk -F'\t' 'BEGIN { p = ENVIRON["p"] } index($1, p ";") == 1 && !index(substr($1, length(p) + 2), ";")' \
	"$E2E_T/hc.nodes" | wc -l)
keys Enter
wait_change
n1=$(pane_rows | wc -l)
eq_set enter-opens "$((n1 - n0))" "$kids" "(rows added: the children of $node)"
tree_rows | cut -f1 >"$E2E_T/paths"
under=$(p="$node" awk 'BEGIN { p = ENVIRON["p"] } index($0, p ";") == 1 && !index(substr($0, length(p) + 2), ";")' "$E2E_T/paths" | wc -l)
eq enter-children "$under" "$kids" "(rows under $node)"
eq enter-figures "$(figures_bad "$E2E_T/hc.nodes")" ""
keys Enter
wait_change
pane_rows >"$E2E_T/after"
same_file enter-closes "$E2E_T/after" "$E2E_T/before"
# the built-ins shown: a new tree, the same node selected
keys B
wait_for "built-ins shown"
eq_set builtin-total "$(title_total)" "$TOTB" "(--folded --builtin)"
eq builtin-keeps-selection "$(selected)" "$label"
keys B
wait_for "left out"
eq_set builtin-back "$(title_total)" "$TOT"
eq builtin-back-selection "$(selected)" "$label"

# ---- expand all, the sort orders ----
keys E
wait_change
eq expand-all-rows "$(pane_rows | wc -l)" "$(wc -l <"$E2E_T/hc.nodes")" "(a row per node)"
eq expand-all-figures "$(figures_bad "$E2E_T/hc.nodes")" ""
keys r
wait_for 'tree by individual'
eq sort-individual "$(order_bad 2 -1)" ""
eq sort-individual-rows "$(pane_rows | wc -l)" "$(wc -l <"$E2E_T/hc.nodes")"
keys r
wait_for 'tree by name'
eq sort-name "$(order_bad 1 1)" ""
keys r
wait_for 'tree by inherited'
eq sort-inherited "$(order_bad 3 -1)" ""
keys E
wait_change
top=$(awk -F'\t' '{ k = split($1, p, ";") } k == 2' "$E2E_T/hc.nodes" | wc -l)
eq collapse-all "$(pane_rows | wc -l)" "$((top + 1))" "(the root and its children)"

# ---- the flat list ----
# flat.awk: folded lines -> "LABEL\tSELF\tINH" per cost centre (inherited:
# the ticks with it anywhere on the stack, once)
cat >"$E2E_T/flat.awk" <<'EOF'
{
	n = $NF
	st = substr($0, 1, length($0) - length($NF) - 1)
	inh["MAIN"] += n
	if (st == "MAIN") { self["MAIN"] += n; next }
	k = split(st, p, ";")
	split("", seen)
	for (i = 1; i <= k; i++)
		if (!(p[i] in seen)) { seen[p[i]] = 1; inh[p[i]] += n }
	self[p[k]] += n
}
END { for (x in inh) printf "%s\t%d\t%d\n", x, self[x], inh[x] }
EOF
awk -f "$E2E_T/flat.awk" "$E2E_T/hc.folded" | sort >"$E2E_T/hc.flat"
keys M
wait_for 'flat by individual'
pane_rows | awk '{ printf "%s\t%s\t%s\n", $1, $3, $5 }' | sort >"$E2E_T/got"
same_file flat-rows "$E2E_T/got" "$E2E_T/hc.flat"
eq flat-order "$(pane_rows | awk '$3 > last && NR > 1 { print }; { last = $3 }')" ""
keys r
wait_for 'flat by inherited'
eq flat-order-inherited "$(pane_rows | awk '$5 > last && NR > 1 { print }; { last = $5 }')" ""
keys r
wait_for 'flat by name'
eq flat-order-name "$(pane_rows | LC_ALL=C awk '$1 < last && NR > 1 { print }; { last = $1 }')" ""
keys r
wait_for 'flat by individual'
# Enter on a cost centre: its heaviest node in the tree, selected
first=$(pane_rows | awk 'NR == 1 { print $1 }')
go_to "$first"
keys Enter
check flat-enter 'tree by inherited'
eq_set flat-enter-selected "$(selected)" "$first"
heavy=$(l="$first" awk -F'\t' '{ k = split($1, p, ";") } p[k] == ENVIRON["l"] && $3 > m { m = $3; h = $1 } END { print h }' \
	"$E2E_T/hc.nodes")
sel_path=$(tree_rows | sed -n "$(($(sel_index) + 1))p" | cut -f1)
eq_set flat-enter-heaviest "$sel_path" "$heavy"
keys M
wait_for 'flat by individual'
# a built-in in the list: GC's ticks
keys B
wait_for 'built-ins shown'
gc=$(awk '{ k = split($1, p, ";"); if (p[k] == "GC") s += $NF } END { print s + 0 }' "$E2E_T/hc-b.folded")
eq_set flat-builtin-gc "$(pane_rows | awk '$1 == "GC" { print $3 }')" "$gc"
keys B
wait_for 'left out'
eq flat-no-gc "$(pane_rows | awk '$1 == "GC"')" ""

# ---- the capability ----
for c in 0 1; do
	keys c
	wait_for "^profile: whole run, cap $c:"
	eq_set "cap-$c-total" "$(title_total)" "$(folded --cap $c "$HC" | total)" "(--cap $c)"
done
keys c
wait_for '^profile: whole run, all caps:'
eq_set cap-all-total "$(title_total)" "$TOT"

# ---- highlight: the cost centre's ticks on the lanes ----
# the leaf with the fewest ticks, at least 5, that one cost centre names
pick=$(awk '{ k = split($1, p, ";"); s[p[k]] += $NF } END { for (x in s) if (s[x] >= 5) print s[x], x }' \
	"$E2E_T/hc.folded" | sort -n | head -1)
HL=${pick#* }
HL_N=${pick%% *}
"$E2E_HECTIC" show "$HC" >"$E2E_T/hc.show"
HL_ID=$(l="$HL" LC_ALL=C awk '$2 == "cost" && $3 == "centre" && $5 == ENVIRON["l"] && $6 == "in" { print $4 }' \
	"$E2E_T/hc.show")
# ticks.awk: the samples with the cost centre id on top -> "TIME CAP" (in
# a capability's block the line has a "cap N: " prefix)
cat >"$E2E_T/ticks.awk" <<'EOF'
{ sub(/^[0-9]+: cap [0-9]+: cap no/, $1 " cap no") }
/^[0-9]+: cap no [0-9]+, prof sample [0-9]+, cost centre stack [0-9]/ {
	t = $1; sub(/:$/, "", t)
	c = $4; sub(/,$/, "", c)
	s = $0; sub(/.*cost centre stack /, "", s); sub(/,.*/, "", s)
	if (s == id) print t, c
}
EOF
awk -v id="$HL_ID" -f "$E2E_T/ticks.awk" "$E2E_T/hc.show" >"$E2E_T/hl.ticks"
# marks_want TICKS [CAP]: "CAP COL" of each column of the window (the last frame's) with
# such a tick: col k holds [t0 + (t1-t0)k/w, t0 + (t1-t0)(k+1)/w), in exact
# integer comparisons
marks_want() {
	_ticks=$1 _cap=${2:-}
	set -- $(window)
	awk -v t0="$1" -v t1="$2" -v w="$3" -v cap="$_cap" '{
		if ($1 < t0 || $1 >= t1 || (cap != "" && $2 != cap)) next
		x = $1 - t0; d = t1 - t0
		k = int(((x + 1) * w - 1) / d)
		while (k > 0 && d * k >= (x + 1) * w) k--
		while (k + 1 < w && d * (k + 1) < (x + 1) * w) k++
		print $2, k
	}' "$_ticks" | sort -u
}
# marks_got GLYPH: "CAP COL" of each lane cell showing GLYPH
marks_got() {
	cells
	awk '/^cap [0-9]+ / { print NR - 1, $2 }' "$E2E_SCREEN" >"$E2E_T/lanes"
	LC_ALL=C awk -F'\t' -v g="$1" 'NR == FNR { split($0, a, " "); cap[a[1]] = a[2]; next }
		($1 in cap) && $2 >= 8 && $6 == g { print cap[$1], $2 - 8 }' "$E2E_T/lanes" "$E2E_CELLS" | sort -u
}
BULLET=$(printf '\342\200\242')
check hl-flat 'flat by individual'
go_to "$HL"
eq hl-selected "$(selected)" "$HL"
keys x
check_status hl-message "$HL_N ticks with $(printf '%s' "$HL" | sed 's/[.\\]/\\&/g') on top"
eq_set hl-count-show "$(wc -l <"$E2E_T/hl.ticks" | tr -d ' ')" "$HL_N" "(samples with id $HL_ID on top in show)"
marks_got "$BULLET" >"$E2E_T/got"
marks_want "$E2E_T/hl.ticks" >"$E2E_T/want"
same_file hl-lanes "$E2E_T/got" "$E2E_T/want"
# zoomed in: the columns narrower, the marks still on their ticks
keys + + +
wait_change
marks_got "$BULLET" >"$E2E_T/got"
marks_want "$E2E_T/hl.ticks" >"$E2E_T/want"
same_file hl-lanes-zoomed "$E2E_T/got" "$E2E_T/want"
check hl-pane-stays "$TITLE"
keys =
wait_change
# one capability: its ticks only
for c in 0 1; do
	keys c
	wait_for "^profile: whole run, cap $c:"
	marks_got "$BULLET" >"$E2E_T/got"
	marks_want "$E2E_T/hl.ticks" $c >"$E2E_T/want"
	same_file "hl-lanes-cap-$c" "$E2E_T/got" "$E2E_T/want"
done
keys c
wait_for '^profile: whole run, all caps:'
# the cost centre with the most ticks: most columns
big=$(awk '{ k = split($1, p, ";"); s[p[k]] += $NF } END { for (x in s) print s[x], x }' \
	"$E2E_T/hc.folded" | sort -n | tail -1)
BIG_ID=$(l="${big#* }" LC_ALL=C awk '$2 == "cost" && $3 == "centre" && $5 == ENVIRON["l"] && $6 == "in" { print $4 }' \
	"$E2E_T/hc.show")
awk -v id="$BIG_ID" -f "$E2E_T/ticks.awk" "$E2E_T/hc.show" >"$E2E_T/big.ticks"
go_to "${big#* }"
keys x
check_status hl-big-message "${big%% *} ticks with"
for z in 0 1 2; do
	marks_got "$BULLET" >"$E2E_T/got"
	marks_want "$E2E_T/big.ticks" >"$E2E_T/want"
	same_file "hl-big-lanes-$z" "$E2E_T/got" "$E2E_T/want"
	keys i l l l l l l l l l l l l l l l l l l l l
	wait_change
done
keys =
wait_change
keys Escape
check_status hl-escape-message 'highlight cleared'
eq hl-escape-clears "$(marks_got "$BULLET" | wc -l | tr -d ' ')" 0
keys x
wait_change
n=$(marks_got "$BULLET" | wc -l | tr -d ' ')
[ "$n" -gt 0 ] && pass || fail hl-again "no marks after x"
keys P
# the list is back under the lanes
check pane-toggle-list "$LIST_RE"
check_not hl-closed-pane "$TITLE"
eq hl-close-clears "$(marks_got "$BULLET" | wc -l | tr -d ' ')" 0
keys q
check_exit hl-quit 0

# ---- ASCII, no colour: the glyphs carry it ----
start $W $H NO_COLOR=1 -- --ascii "$HC"
wait_for "$READY"
keys P
check ascii-expander '^- MAIN '
keys M
wait_for 'flat by individual'
go_to "$HL"
keys x
check_status ascii-hl-message "$HL_N ticks with"
marks_got o >"$E2E_T/got"
marks_want "$E2E_T/hl.ticks" >"$E2E_T/want"
same_file ascii-hl-lanes "$E2E_T/got" "$E2E_T/want"
keys q
check_exit ascii-quit 0

# ---- the window in view and the marked interval ----
start $W $H -- "$HC"
wait_for "$READY"
keys P
wait_for "$TITLE"
keys w
wait_for '^profile: window in view'
keys + +
wait_change
sleep 0.2
capture
set -- $(window)
eq_set window-total "$(title_total)" "$(folded --from "$1" --to "$(($2 - 1))" "$HC" | total)" \
	"(--from $1 --to $(($2 - 1)))"
keys NPage
wait_change
sleep 0.2
capture
set -- $(window)
eq_set window-total-paged "$(title_total)" "$(folded --from "$1" --to "$(($2 - 1))" "$HC" | total)" \
	"(--from $1 --to $(($2 - 1)))"
check window-pane-stays "$TITLE"
keys = w
wait_for '^profile: whole run'
# v at the cursor (the run's start), 30 columns right, v: the interval
# from the start of column 0 to that of column 30
keys g v l l l l l l l l l l l l l l l l l l l l l l l l l l l l l l v
wait_status 'interval marked'
set -- $(window)
A=$(awk -v t0="$1" -v t1="$2" -v w="$3" 'BEGIN { printf "%.0f\n", t0 }')
B=$(awk -v t0="$1" -v t1="$2" -v w="$3" 'BEGIN { d = t1 - t0; q = int(d * 30 / w); while (q * w > d * 30) q--; while ((q + 1) * w <= d * 30) q++; printf "%.0f\n", t0 + q }')
eq window-cursor-col "$7" 30
keys w
check mark-scope '^profile: marked interval'
eq_set mark-total "$(title_total)" "$(folded --from "$A" --to "$B" "$HC" | total)" "(--from $A --to $B)"
keys w
wait_for '^profile: window in view'
keys w
wait_for '^profile: whole run'
keys w
wait_for '^profile: marked interval'
# Escape clears the mark (nothing highlighted): the whole run until an
# interval is marked again, which the pane then follows
keys Escape
check mark-cleared '^profile: whole run \(no interval marked yet\)'
eq_set mark-cleared-total "$(title_total)" "$TOT"
keys v l l l l l l l l l l v
check mark-again '^profile: marked interval'
set -- $(window)
C=$(awk -v t0="$1" -v t1="$2" -v w="$3" -v c="$7" 'BEGIN { d = t1 - t0; q = int(d * c / w); while (q * w > d * c) q--; while ((q + 1) * w <= d * c) q++; printf "%.0f\n", t0 + q }')
eq window-cursor-col-2 "$7" 40
eq_set mark-again-total "$(title_total)" "$(folded --from "$B" --to "$C" "$HC" | total)" "(--from $B --to $C)"
keys q
check_exit window-quit 0

# ---- the other profiled fixtures: totals as their .prof's ----
for f in profile-hm profile-hd profile-hy; do
	start $W $H -- "$F/$f.eventlog"
	wait_for "$READY"
	keys P
	check "$f-title" "$TITLE"
	eq_set "$f-total-prof" "$(title_total)" "$(sed -n 's/.*(\([0-9]*\) ticks @.*/\1/p' "$F/$f.prof")"
	keys q
	check_exit "$f-quit" 0
done
for f in prof prof-hy; do
	start $W $H -- "$F/$f.eventlog"
	wait_for "$READY"
	keys P
	check "$f-title" "$TITLE"
	eq_set "$f-total" "$(title_total)" "$(folded "$F/$f.eventlog" | total)"
	folded "$F/$f.eventlog" | awk -f "$E2E_T/nodes.awk" | sort >"$E2E_T/f.nodes"
	keys E
	wait_change
	eq "$f-figures" "$(figures_bad "$E2E_T/f.nodes")" ""
	keys q
	check_exit "$f-quit" 0
done

# ---- a log with no time samples ----
start $W $H -- $F/threaded.eventlog
wait_for "$READY"
keys P
check no-profile '^no time profile in this log: run a profiled build with \+RTS -p -l'
keys j M r x E B c w Enter
sleep 0.3
alive no-profile-keys
check no-profile-stays '^no time profile in this log'
keys P
check no-profile-list "$LIST_RE"
check_not no-profile-closed '^no time profile'
keys q
check_exit no-profile-quit 0

# ---- a hostile cost-centre label: escaped wherever it shows ----
# A cost centre labelled ESC [31m evil BEL with one tick, in a cap 0 block
# with a thread running (so the lane has data).
et() { printf 'etb\000'; printf "$1$2"; printf '\000\000\000\001X\000\000\000\000ete\000'; }
{
	printf 'hdrbhetb'
	et '\000\241' '\377\377' # HEAP_PROF_COST_CENTRE, variable size
	et '\000\247' '\377\377' # PROF_SAMPLE_COST_CENTRE, variable size
	et '\000\001' '\000\004' # RUN_THREAD
	et '\000\002' '\000\012' # STOP_THREAD
	et '\000\022' '\000\016' # EVENT_BLOCK
	printf 'hetehdredatb'
	# block at 5ns, 126 bytes, ends at 100000ns, cap 0
	printf '\000\022\000\000\000\000\000\000\000\005\000\000\000\176\000\000\000\000\000\001\206\240\000\000'
	# at 10ns, cost centre 1: the label, module M, e.hs:1:1, flags 0
	printf '\000\241\000\000\000\000\000\000\000\012\000\033\000\000\000\001\033[31mevil\007\000M\000e.hs:1:1\000\000'
	printf '\000\001\000\000\000\000\000\000\000\144\000\000\000\001'
	# at 50000ns, a tick on cap 0 with the stack [1]
	printf '\000\247\000\000\000\000\000\000\303\120\000\021\000\000\000\000\000\000\000\000\000\000\000\001\001\000\000\000\001'
	printf '\000\002\000\000\000\000\000\001\206\240\000\000\000\001\000\002\000\000\000\000'
	printf '\377\377'
} >"$E2E_T/evil.eventlog"
evil_raw() { # NAME: no SGR 31 and no BEL from the label reached the terminal
	capture_e
	if grep -q "$ESC\\[[0-9;]*31m" "$E2E_SCREEN_E"; then
		fail "$1" "the label's ESC [31m reached the terminal: $(grep "$ESC\\[[0-9;]*31m" "$E2E_SCREEN_E" | head -2 | cat -v)"
	else pass; fi
	if grep -q "$(printf '\007')" "$E2E_SCREEN_E"; then fail "$1-bel" "a BEL byte on the screen"; else pass; fi
}
"$E2E_HECTIC" show "$E2E_T/evil.eventlog" | awk -v id=1 -f "$E2E_T/ticks.awk" >"$E2E_T/evil.ticks"
eq_set evil-ticks "$(cat "$E2E_T/evil.ticks")" "50000 0" "(the crafted tick in show)"
start 100 24 NO_COLOR=1 -- "$E2E_T/evil.eventlog"
wait_for "$READY"
keys P
check evil-row '^   \\x1b\[31mevil\\x07 +M +1 100\.0 +1 100\.0$'
evil_raw evil-raw
keys j x
check_status evil-message '1 ticks with \\x1b\[31mevil\\x07 on top'
evil_raw evil-raw-message
marks_got "$BULLET" >"$E2E_T/got"
marks_want "$E2E_T/evil.ticks" >"$E2E_T/want"
same_file evil-lanes "$E2E_T/got" "$E2E_T/want"
keys M
check evil-flat '^\\x1b\[31mevil\\x07 +M +1 100\.0'
evil_raw evil-raw-flat
keys q
check_exit evil-quit 0

# ---- long names: the columns take the room, names fitted (issue 33) ----
# A derived log (tests/fixtures/derived/README.md): ghc96-prof-hc with
# deep1..deep4 renamed to four labels that differ only at their end, in a
# long module, and collatz's module renamed, by long-names.txt. The names
# expected are the .prof's, renamed by the same file: never hectic's.
LONG=$F/derived/ghc96-prof-hc-long.eventlog
NAMES=$F/derived/long-names.txt
# prof_names PROF: the cost centres of a .prof's tree, "LABEL\tMODULE", as
# the derived log names them
prof_names() {
	awk 'NR == FNR { if ($1 == "cc") new[$2 SUBSEP $3] = $4 "\t" $5; next }
		/^COST CENTRE +MODULE +SRC +no\./ { tree = 1; next }
		tree && NF >= 10 { k = $1 SUBSEP $2; print (k in new) ? new[k] : $1 "\t" $2 }' \
		FS='\t' "$NAMES" FS=' ' "$1" | LC_ALL=C sort -u
}
# long_rows: the pane's rows in the last capture, "NAME\tMODULE" as shown
# (an ellipsis "~"), the tree's indentation and expanders left out
long_rows() {
	plain | awk -v last="$E2E_H" '
	/^COST CENTRE/ { xm = index($0, "MODULE"); next }
	xm && NR < last {
		name = substr($0, 1, xm - 1); mod = substr($0, xm); rest = mod
		sub(/^ +/, "", name); sub(/^[-+#] /, "", name); sub(/ +$/, "", name)
		sub(/ .*/, "", mod); sub(/^[^ ]* +/, "", rest)
		if (name != "" && mod != "" && rest ~ /^[0-9]/) print name "\t" mod
	}'
}
# fitted MODE [VAR=VALUE] FULL SHOWN: fitted.awk's faults of the rows
# SHOWN against the labels FULL
fitted() {
	_m=$1
	shift
	awk -F '\t' -v mode="$_m" -f tests/e2e/fitted.awk "$@"
}
prof_names "$F/modern/ghc96-prof-hc.prof" >"$E2E_T/long.names"
# the four renamed labels (the pair that differs only at its end)
awk -F '\t' '$1 == "cc" && $4 != $2 { print $4 }' "$NAMES" >"$E2E_T/long.pass"
eq_set long-fixture "$(grep -cF -f "$E2E_T/long.pass" "$E2E_T/long.names")" 4 "(each renamed label once in the .prof's tree)"
# 160 columns: every name and module whole, the long ones too
start 160 50 "$E2E_ROWS1" -- "$LONG"
wait_for "$READY"
keys P
wait_for "$TITLE"
keys E
wait_for 'every node open'
capture
long_rows >"$E2E_T/got"
eq long-160-whole "$(awk -F '\t' 'NR == FNR { ok[$0] = 1; next } !($0 in ok) { printf "%s|%s; ", $1, $2 }' \
	"$E2E_T/long.names" "$E2E_T/got")" "" "(rows not a .prof cost centre whole)"
eq_set long-160-passes "$(cut -f1 "$E2E_T/got" | grep -cxF -f "$E2E_T/long.pass")" 4
eq_set long-160-module "$(grep -c '	Compiler\.Core\.Opt\.Simplify\.Iteration$' "$E2E_T/got")" 4
keys M
wait_for 'flat by individual'
capture
long_rows >"$E2E_T/got"
eq long-160-flat-whole "$(awk -F '\t' 'NR == FNR { ok[$0] = 1; next } !($0 in ok) { printf "%s|%s; ", $1, $2 }' \
	"$E2E_T/long.names" "$E2E_T/got")" "" "(rows not a .prof cost centre whole)"
keys q
check_exit long-160-quit 0
# 80 columns: the flat list by name (the four long labels side by side):
# each row a cut of a cost centre, no two reading the same, each long label
# read by one row alone (its end shown)
start 80 24 "$E2E_ROWS1" -- "$LONG"
wait_for "$READY"
keys P
wait_for "$TITLE"
keys M r r
wait_for 'flat by name'
capture
long_rows >"$E2E_T/got"
eq long-80-flat "$(fitted flat "$E2E_T/long.names" "$E2E_T/got")" ""
eq long-80-flat-passes "$(cut -f1 "$E2E_T/got" | fitted each "$E2E_T/long.pass" -)" ""
eq_set long-80-flat-cut "$(grep -c '^~' "$E2E_T/got")" 4 "(the long labels shortened)"
# the tree, every node open, scrolled to its end: the long labels deeper
# in, each read apart from the others; the rows cuts of cost centres
keys M
wait_for 'tree by inherited'
keys E
wait_for 'every node open'
keys j j j j j j j j j j j j j j j j j j j j j j j j
wait_change
capture
long_rows >"$E2E_T/got"
eq long-80-tree "$(fitted flat dups=1 "$E2E_T/long.names" "$E2E_T/got")" ""
eq long-80-tree-passes "$(cut -f1 "$E2E_T/got" | fitted each "$E2E_T/long.pass" -)" ""
eq_set long-80-tree-cut "$(cut -f1 "$E2E_T/got" | grep -c '^~')" 4 "(the long labels shortened)"
keys q
check_exit long-80-quit 0

# ---- tiny terminals: nothing outside the pane's rows, no crash ----
for size in "20 8" "40 9" "60 10" "80 11" "120 12" "30 13"; do
	set -- $size
	start "$1" "$2" -- "$HC"
	wait_for '(events: |too small)'
	keys P j j Enter E M x r B c w + x Escape M Enter
	sleep 0.3
	alive "tiny-$1x$2"
	capture
	# the status line is the last row, untouched
	last=$(sed -n "${2}p" "$E2E_SCREEN")
	case $last in
	' profile-hc'* | 'too small'* | *'too small'*) pass ;;
	*) fail "tiny-$1x$2-status" "last row: '$last'" ;;
	esac
	tm resize-window -t e2e -x 100 -y 30 2>/dev/null
	sleep 0.3
	tm resize-window -t e2e -x "$1" -y "$2" 2>/dev/null
	sleep 0.3
	alive "tiny-$1x$2-resize"
	keys q
	check_exit "tiny-$1x$2-quit" 0
done

# ---- the key hints follow the rc file's binds ----
mkdir -p "$E2E_T/cfg-keys/hectic"
printf '%s\n' 'bind B none' 'bind Y toggle-builtin' 'bind M none' 'bind Z pane-mode' \
	'bind <Escape> none' 'bind Q cancel' >"$E2E_T/cfg-keys/hectic/hecticrc"
start $W $H XDG_CONFIG_HOME="$E2E_T/cfg-keys" -- "$HC"
wait_for "$READY"
keys P
# (the hints' last parts give way on the status line, and say so: issue 33;
# the title names Y below)
check_status rc-keys-open "r sort, Z flat, w scope, c cap, (Y built-|$(printf '\342\200\246'))"
check rc-keys-title '; [0-9]+ on built-ins left out \(Y: show them\);'
keys Z
wait_for 'flat by individual'
keys E
check_status rc-keys-expand 'expand-all: in the tree \(Z\)'
keys x
check_status rc-keys-highlight 'on top marked on the lanes; Q clears them'
keys q
check_exit rc-keys-quit 0

echo "e2e-profile: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
