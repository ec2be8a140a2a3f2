#!/bin/sh
# Checks the shape of the program (issue 18, STYLE.md):
#  - no circle of files in viewer/ that call each other: A refers to a
#    function or object that B defines and B, directly or through other
#    files, refers back into A (read from the objects' symbols, nm);
#  - no product .c file over 800 lines, no function over 100 lines
#    (generated files, marked "generated" in their first 5 lines, aside).
# Prints each offence and exits 1 when there is any.
# Usage: tools/check-structure.sh BUILD_DIR [SOURCE_ROOT]
set -u
B=${1:?usage: check-structure.sh BUILD_DIR [SOURCE_ROOT]}
cd "${2:-.}" || exit 2
bad=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# ---- circles among viewer/'s files ----
n=0
for c in viewer/*.c; do
	[ -e "$c" ] || { echo "structure: no viewer/*.c" >&2; exit 2; }
	f=$(basename "$c" .c)
	o=$B/viewer/$f.o
	[ -e "$o" ] || { echo "structure: no $o (build first)" >&2; exit 2; }
	nm "$o" | awk -v f="$f" '$1 ~ /^[0-9a-f]+$/ && $2 ~ /^[TDRBCV]$/ { print "D", f, $3 }
		NF == 2 && $1 == "U" { print "U", f, $2 }' >>"$tmp/syms" || exit 2
	n=$((n + 1))
done
# the edges A -> B (A refers to a symbol B defines), then their closure:
# a circle is a pair that reach each other
awk '
$1 == "D" { def[$3] = $2; next }
$1 == "U" { use[NR] = $2 " " $3 }
END {
	for (i in use) {
		split(use[i], p, " ")
		if ((p[2] in def) && def[p[2]] != p[1]) {
			e = p[1] SUBSEP def[p[2]]
			if (!(e in r)) { r[e] = 1; via[e] = p[2] }
			node[p[1]] = 1; node[def[p[2]]] = 1
		}
	}
	for (k in node) for (i in node) if ((i, k) in r) for (j in node)
		if ((k, j) in r) r[i, j] = 1
	bad = 0
	# each circle once: its files, then the calls that close it
	for (a in node) {
		if (a in done) continue
		m = a; n = 0
		for (b in node) if (b != a && ((a, b) in r) && ((b, a) in r)) { grp[++n] = b; done[b] = 1 }
		if (!n) continue
		done[a] = 1; grp[++n] = a
		printf "structure: a circle of %d files in viewer/:", n
		for (i = 1; i <= n; i++) printf " %s.c", grp[i]
		printf "\n"
		for (i = 1; i <= n; i++) for (j = 1; j <= n; j++)
			if ((grp[i], grp[j]) in via)
				printf "    %s.c -> %s.c (%s)\n", grp[i], grp[j], via[grp[i], grp[j]]
		bad = 1
	}
	exit bad
}' "$tmp/syms" || bad=1

# ---- sizes ----
for f in parser/*.c model/*.c viewer/*.c keymaps/*.c; do
	[ -e "$f" ] || continue
	head -n 5 "$f" | grep -qi generated && continue
	lines=$(wc -l <"$f")
	if [ "$lines" -gt 800 ]; then
		echo "structure: $f has $lines lines (at most 800)"
		bad=1
	fi
	# a function: from its body's "{" in column 0 to the "}" in column 0,
	# counted with the line that names it
	awk -v f="$f" '
	/^[A-Za-z_].*\(/ && !/;[[:space:]]*$/ { name = $0 }
	/^\{/ { start = FNR; fn = name }
	/^\}/ && start {
		len = FNR - start + 2
		if (len > 100) {
			sub(/\(.*/, "", fn); sub(/.*[ *]/, "", fn)
			printf "structure: %s:%d: %s() has %d lines (at most 100)\n", f, start, fn, len
			bad = 1
		}
		start = 0
	}
	END { exit bad }' "$f" || bad=1
done

if [ "$bad" -ne 0 ]; then
	echo "structure: the lines above break the program's shape (issue 18)" >&2
	exit 1
fi
echo "structure: ok ($n viewer files, no circle; files and functions in size)"
