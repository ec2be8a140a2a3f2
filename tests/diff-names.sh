#!/bin/sh
# hectic diff keeps distinct names distinct, whatever their length (issue
# 32: span keys were cut to 119 bytes and rows sharing the cut key
# overwrote each other, so five spans became one row "count 1 vs 1").
# The logs are made here by tests/tools/spangen.c (spangen prefix N M: N
# spans named by a 200-byte common prefix and -<i>, span i lasting
# 10 M (i + 1) ns), so every expected figure comes from the construction,
# not from hectic: run A with M = 1, run B with M = 2.
# Also: --to before --from is refused (exit 2), as summary refuses it.
# Usage: sh tests/diff-names.sh path/to/hectic
set -u
H=$1
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-dnames.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "diff-names: $*"; }

if ! ${CC:-cc} -std=c11 -O2 -o "$T/spangen" tests/tools/spangen.c; then
	echo "diff-names: cannot build tests/tools/spangen.c"
	exit 1
fi
N=40
"$T/spangen" prefix $N 1 >"$T/a.eventlog" && "$T/spangen" prefix $N 2 >"$T/b.eventlog" ||
	{ echo "diff-names: spangen failed"; exit 1; }

if timeout 60 "$H" diff --tsv --all --raw "$T/a.eventlog" "$T/b.eventlog" >"$T/d" 2>"$T/err"; then ok; else bad "exit status $?: $(head -2 "$T/err")"; fi
# every name: one row per figure, count 1 and 1, total 10(i+1) and 20(i+1)
awk -F'\t' -v n=$N '
	$1 != "spans" { next }
	{ k = $2; w = k; sub(/ [a-z0-9_]+$/, "", k); sub(/^.* /, "", w)
	  i = k; sub(/^p+-/, "", i)
	  if (k !~ /^p+-[0-9]+$/ || length(k) != 201 + length(i)) { print "not a name of the log, or cut: " k; next }
	  i += 0
	  if (seen[k, w]++) print "row twice: " w " of name " i
	  names[k] = i
	  if (w == "count" && ($3 != 1 || $4 != 1)) print "name " i ": count " $3 " " $4 ", want 1 1"
	  if (w == "total_ns" && ($3 != 10 * (i + 1) || $4 != 20 * (i + 1)))
		print "name " i ": total " $3 " " $4 ", want " 10 * (i + 1) " " 20 * (i + 1) }
	END { c = 0; for (k in names) c++
	  if (c != n) print c " distinct span names in the diff, want " n }' "$T/d" >"$T/why"
if [ -s "$T/why" ]; then bad "$(head -5 "$T/why")"; else ok; fi

# the text for people (issue 33): names of 200 bytes stand on a line of
# their own and every figure stays in its column; times with their unit
"$H" diff "$T/a.eventlog" "$T/b.eventlog" >"$T/txt" 2>"$T/err"
awk '/^spans$/ { on = 1; next } /^threads$/ { on = 0 }
	# a line of figures: where its first figure (A, a time) ends
	on && match($0, /[0-9.]+ns +[0-9.]+ns +\+[0-9.]+ns/) { n++; match($0, /[0-9.]+ns /); col[n] = RSTART + RLENGTH }
	END { if (!n) print "no figure with its unit (ns) in the spans section"
	  for (i = 2; i <= n; i++) if (col[i] != col[1]) { print "figure line " i ": A ends at column " col[i] ", on line 1 at " col[1]; exit } }' "$T/txt" >"$T/why"
if [ -s "$T/why" ]; then bad "text columns: $(head -3 "$T/why")"; else ok; fi
grep -c '^p\{200\}-[0-9]* total$' "$T/txt" >"$T/n"
if [ "$(cat "$T/n")" = $N ]; then ok; else bad "text: $(cat "$T/n") names on a line of their own, want $N"; fi

# --to before --from: an error, not empty sections
"$H" diff --from 10s --to 1s "$T/a.eventlog" "$T/b.eventlog" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" = 2 ] && grep -q 'before' "$T/err" && [ ! -s "$T/out" ]; then ok; else bad "--from 10s --to 1s: exit $rc, stderr '$(head -1 "$T/err")'"; fi

echo "diff-names: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
