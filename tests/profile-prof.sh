#!/bin/sh
# hectic profile against GHC's own .prof (the profile fixtures, +RTS -p -P):
# the RTS counts a .prof tick from the same tick that posts a
# PROF_SAMPLE_COST_CENTRE, and leaves out ticks on its own cost centres
# (GC, IDLE, SYSTEM), as hectic does. The totals must be equal; per cost
# centre (its individual ticks, summed over the .prof tree's nodes) within
# a few ticks, which GHC's two unsynchronised reads of the current stack
# can move between a cost centre and its caller: on the fixtures up to 6
# (steps and its caller riskScore.\ in profile-hc, 213/4 in the .prof,
# 208/10 in the log), so SLACK is 8. Comparing inherited ticks per tree
# node would be tighter (next step).
# Usage: sh tests/profile-prof.sh path/to/hectic
set -u
H=$1
SLACK=8
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-prof.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
for prof in tests/fixtures/*.prof; do
	[ -e "$prof" ] || continue
	log=${prof%.prof}.eventlog
	name=$(basename "${prof%.prof}")
	[ -e "$log" ] || continue
	want_total=$(sed -n 's/.*(\([0-9][0-9]*\) ticks @.*/\1/p' "$prof" | head -1)
	got_total=$("$H" profile --folded --raw "$log" 2>"$T/err" | awk '{ s += $NF } END { print s + 0 }')
	if [ -z "$want_total" ] || [ "$want_total" != "$got_total" ]; then
		echo "profile-prof: $name: $got_total ticks, the .prof says '$want_total'"
		fail=$((fail + 1))
		continue
	fi
	# the .prof tree: name module src no. entries %t %a %t %a ticks [bytes]
	awk '/^COST CENTRE +MODULE +SRC +no\./ { tree = 1; next }
		tree && NF >= 10 { t[$1 "\t" $2] += $10 }
		END { for (k in t) if (t[k]) print k "\t" t[k] }' "$prof" | sort >"$T/want"
	"$H" profile --raw --top 1000000 "$log" | awk 'NR > 2 && NF >= 4 { print $3 "\t" $4 "\t" $1 }' |
		sort >"$T/got"
	if ! awk -F '\t' -v slack="$SLACK" -v name="$name" '
		FNR == NR { w[$1 "\t" $2] = $3; next }
		{ g[$1 "\t" $2] = $3 }
		END {
			bad = 0
			for (k in w) { d = w[k] - g[k]; if (d < 0) d = -d
				if (d > slack) { printf "profile-prof: %s: %s: %d ticks, the .prof says %d\n", name, k, g[k], w[k]; bad = 1 } }
			for (k in g) if (!(k in w) && g[k] > slack) {
				printf "profile-prof: %s: %s: %d ticks, none in the .prof\n", name, k, g[k]; bad = 1 }
			exit bad
		}' "$T/want" "$T/got"; then
		fail=$((fail + 1))
		continue
	fi
	[ -s "$T/want" ] || { echo "profile-prof: $name: no ticks in the .prof tree"; fail=$((fail + 1)); continue; }
	pass=$((pass + 1))
done
echo "profile-prof: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
