#!/bin/sh
# Every tick counts, however many (issue 32): a profile of more than 131,072
# ticks (the cap the heap's budget once put on them) has figures equal to a
# count made apart from hectic. bench/gen.c's deepstacks writes a log of
# distinct deep cost-centre stacks and, beside it, OUT.flat: the ticks it
# wrote, those on IDLE (which the .prof leaves out), and each cost centre's
# individual and inherited ticks, counted as it wrote them. `profile --flat`
# must give the same figures row for row, and `profile` (whose tree the
# budget cuts on this log, and says so) the same total at its root; and
# `diff` of the log with itself the same figures on both sides, and
# `profile --speedscope` every tick, each cost centre's individual ticks
# gen.c's.
# Usage: sh tests/profile-ticks.sh path/to/hectic
set -u
H=$1
CC=${CC:-cc}
SIZE=${HECTIC_TICKS_SIZE:-30M}
here=$(cd "$(dirname "$0")/.." && pwd)
fail=0
checks=0

T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-ticks.XXXXXX")
trap 'rm -rf "$T"' EXIT

bad() {
	echo "profile-ticks: $*"
	fail=$((fail + 1))
}
ok() { checks=$((checks + 1)); }

if ! "$CC" -std=c11 -O2 -o "$T/gen" "$here/bench/gen.c" ||
	! "$T/gen" crafted deepstacks "$SIZE" "$T/deep.eventlog"; then
	echo "profile-ticks: cannot make the log with bench/gen.c"
	exit 1
fi
F=$T/deep.eventlog
total=$(awk '$1 == "total" { print $2 }' "$F.flat")
left=$(awk '$1 == "left_out" { print $2 }' "$F.flat")
if [ "${total:-0}" -gt 131072 ]; then ok; else bad "the log has only ${total:-no} ticks (not past 131,072: make SIZE larger)"; fi

# the header: the ticks counted and those left out
if ! "$H" profile --flat "$F" >"$T/flat.txt" 2>"$T/err"; then
	bad "profile --flat failed: $(head -c 300 "$T/err")"
fi
head=$(head -n 1 "$T/flat.txt")
want="$total ticks ($left on the RTS's own cost centres left out); the whole run, all capabilities"
if [ "$head" = "$want" ]; then ok; else bad "profile --flat says '$head', gen.c counted '$want'"; fi

# the rows: LABEL SELF INHERITED, sorted; MAIN twice (the root, the empty
# stack, and cost centre 1 outermost in every stack: both have every tick)
"$H" profile --flat --tsv "$F" 2>"$T/err" | awk -F'\t' 'NR > 1 { print $1, $4, $5 }' | sort >"$T/got"
awk '$1 != "total" && $1 != "left_out"' "$F.flat" >"$T/want0"
{ cat "$T/want0"; echo "MAIN 0 $total"; } | sort >"$T/want"
n=$(wc -l <"$T/want")
if cmp -s "$T/got" "$T/want"; then
	ok
else
	bad "profile --flat --tsv differs from gen.c's count ($n rows): $(diff "$T/want" "$T/got" | head -n 6 | tr '\n' ' ')"
fi

# the tree: its root has every tick, whatever the budget cut below it
if ! "$H" profile --tsv "$F" >"$T/tree" 2>"$T/err"; then
	bad "profile --tsv failed: $(head -c 300 "$T/err")"
fi
root=$(awk -F'\t' 'NR == 2 { print $1, $2, $6 }' "$T/tree")
if [ "$root" = "0 MAIN $total" ]; then ok; else bad "the tree's root is '$root', not '0 MAIN $total'"; fi
if grep -q 'the call tree reached its memory budget' "$T/err"; then
	ok
else
	bad "profile did not say that its tree was cut (stderr: $(head -c 300 "$T/err"))"
fi

# hectic diff's profile sections (the log against itself): each cost
# centre's individual and inherited ticks on both sides are gen.c's count
# (MAIN.MAIN: the root, every tick once), every tick read, none capped
timeout 300 "$H" diff --tsv --all "$F" "$F" 2>"$T/err" | awk -F'\t' '$1 ~ /^profile/' >"$T/dp"
awk 'NR == FNR { if ($1 != "total" && $1 != "left_out") { self[$1] = $2; inh[$1] = $3 }; next }
	{ split($0, f, "\t"); k = f[2]; sub(/^.*\./, "", k)
	  v = f[1] == "profile" ? self[k] : inh[k]
	  if (!(k in inh)) { print "a row of " k ", which gen.c did not count"; next }
	  if (f[3] != v + 0 || f[4] != v + 0) print f[1] " " f[2] ": " f[3] " and " f[4] ", gen.c " v
	  n[f[1]]++ }
	END { if (n["profile_inherited"] < 1000) print n["profile_inherited"] + 0 " profile_inherited rows, want a row per cost centre" }' \
	"$F.flat" "$T/dp" >"$T/why"
if [ -s "$T/why" ]; then bad "diff's profile: $(head -n 4 "$T/why" | tr '\n' ' ')"; else ok; fi

# profile --speedscope (its tree cut on this log): the all-capabilities
# profile in time order, each profile's weights summing to its endValue,
# the capabilities' to gen.c's total, and each cost centre's individual
# ticks (the weights of the samples it is innermost in) gen.c's count
if "$H" profile --speedscope "$F" >"$T/ss.json" 2>"$T/err" &&
	jq -r '.profiles[] | "\(.name)\t\(.endValue)\t\(.weights | add)"' "$T/ss.json" >"$T/ssp"; then
	awk -F'\t' -v total="$total" '
		$2 != $3 { print $1 ": weights " $3 ", endValue " $2 }
		NR == 1 && $2 != total { print "the first profile: " $2 " ticks, gen.c " total }
		NR > 1 { caps += $3 }
		END { if (NR < 2) print "no capability profile"; else if (caps != total) print "the capabilities: " caps " ticks, gen.c " total }' \
		"$T/ssp" >"$T/why"
	jq -r '.shared.frames as $f | .profiles[0] | [range(0; .samples | length) as $i
		| { n: ($f[.samples[$i][-1]].name | sub(" \\(.*"; "")), w: .weights[$i] }]
		| group_by(.n) | map("\(.[0].n) \(map(.w) | add)") | .[]' "$T/ss.json" | sort >"$T/ssself"
	awk '$1 != "total" && $1 != "left_out" && $2 > 0 { print $1, $2 }' "$F.flat" | sort >"$T/wantself"
	cmp -s "$T/ssself" "$T/wantself" || echo "individual ticks differ from gen.c's: $(diff "$T/wantself" "$T/ssself" | head -n 4 | tr '\n' ' ')" >>"$T/why"
	if [ -s "$T/why" ]; then bad "--speedscope: $(head -n 4 "$T/why" | tr '\n' ' ')"; else ok; fi
else
	bad "profile --speedscope failed: $(head -c 300 "$T/err")"
fi

echo "profile-ticks: $checks passed, $fail failed"
[ "$fail" -eq 0 ]
