#!/bin/sh
# hectic doctor (issue 47) on the problem programs of tests/fixtures/doctor,
# each built to have one known problem, and one (good.hs) with none:
#  - figures: `doctor --figures` equal, line for line, to NAME.figures.tsv,
#    which tests/fixtures/doctor/figures computed from ghc-events' own text
#    (figures.awk: never hectic), on every log there;
#  - gen-pause: each generation's pauses summed (gen_pause) equal to the
#    run's own +RTS -s Gen rows' elapsed time, to its printed millisecond;
#  - costs: each finding's cost recomputed from the reference figures by
#    doc/doctor.md's formula for its kind, to the TSV's 4 decimals;
#  - cause: the built-in problem is among the first two findings, a
#    warning (5% or more), and first where it is the costliest;
#  - quiet: the well-behaved program has no warning;
#  - advice: each advised run of advice.txt was made with the very flags
#    doctor advises on its problem's log, and its +RTS -s shows the cost
#    the finding named falling by the kind's margin (bench/doctor.sh's:
#    nursery Total elapsed at most 0.9 and GC elapsed at most 0.5 of the
#    problem's, major-pauses the Gen 1 max pause at most 0.5, gc-balance
#    the GC elapsed at most 0.8);
#  - formats: the TSV's columns, the JSON read back by jq, two runs
#    compared, a window's figures adding up, bad input refused cleanly.
# Usage: sh tests/doctor.sh path/to/hectic
set -u
H=$1
D=$(cd "$(dirname "$0")" && pwd)/fixtures/doctor
# +RTS -s read by the parser the suites share, never by the code under test
RTSS=$(cd "$(dirname "$0")" && pwd)/rts-s.awk
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-doctor.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "doctor: FAIL: $*"; }
if ! command -v jq >/dev/null 2>&1; then
	echo "doctor: FAIL: jq not found (apt-get install jq)"
	exit 1
fi

# the built-in problem of each program (its log's name without the GHC)
cause_of() {
	case $1 in
	*-nursery) echo nursery ;;
	*-major) echo major-pauses ;;
	*-leak) echo live-growth ;;
	*-mvar) echo mvar ;;
	*-sequential) echo parallelism ;;
	*-sparks) echo sparks ;;
	*-blackhole) echo blackhole ;;
	*-gc-balance) echo gc-balance ;;
	*) echo - ;;
	esac
}

nlogs=0
for log in "$D"/*.eventlog; do
	[ -e "$log" ] || continue
	nlogs=$((nlogs + 1))
	name=$(basename "$log" .eventlog)
	ref=$D/$name.figures.tsv
	# figures
	if ! "$H" doctor --figures "$log" >"$T/fig" 2>"$T/err"; then
		bad "$name: doctor --figures failed: $(head -c 300 "$T/err")"
		continue
	fi
	if [ ! -s "$ref" ]; then
		bad "$name: no reference $name.figures.tsv"
	elif cmp -s "$ref" "$T/fig"; then
		ok
	else
		bad "$name: figures differ from ghc-events' text's: $(diff "$ref" "$T/fig" | head -6 | tr '\n' ' ')"
	fi
	# gen_pause against +RTS -s, generation by generation
	rts=$D/$name.rts-s.txt
	if [ -s "$rts" ]; then
		awk -f "$RTSS" "$rts" >"$T/rts"
		if awk -F'\t' -v name="$name" '
			FNR == NR { if ($1 == "gen_pause") p[$2] = $3; next }
			$1 ~ /^g[0-9]+_el$/ {
				g = substr($1, 2); sub(/_el$/, "", g)
				d = p[g] / 1e9 - $2; if (d < 0) d = -d
				n++
				if (d > 0.0005 + 1e-9) { printf "%s: gen %s pauses %.6f s, +RTS -s %s s\n", name, g, p[g] / 1e9, $2; bad = 1 }
			}
			END { if (!n) { print name ": no Gen row read"; bad = 1 } exit bad }' "$T/fig" "$T/rts" >"$T/msg"; then
			ok
		else
			bad "$(cat "$T/msg")"
		fi
	fi
	# the findings
	if ! "$H" doctor --tsv "$log" >"$T/tsv" 2>"$T/err"; then
		bad "$name: doctor --tsv failed: $(head -c 300 "$T/err")"
		continue
	fi
	if [ "$(head -1 "$T/tsv")" = "$(printf 'rank\tkind\tcost\tfrom\tto\tevidence\tadvice\trts')" ]; then
		ok
	else
		bad "$name: TSV header: $(head -1 "$T/tsv")"
	fi
	# costs from the reference figures (doc/doctor.md, "The findings")
	if awk -F'\t' -v name="$name" '
		FNR == NR {
			v[$1, $2] = $3
			if ($1 == "gen_pause" && $2 >= 1) major += $3
			if ($1 == "gen_sync" && $2 >= 1) major += $3
			if ($1 == "gc_idle") gcidle += $3
			next
		}
		FNR == 1 { next }
		{
			E = v["end", "-"]; N = v["caps", "-"]; cap = N * E
			total = v["sparks", "created"] + v["sparks", "dud"] + v["sparks", "overflowed"]
			wasted = v["sparks", "dud"] + v["sparks", "overflowed"] + v["sparks", "gcd"] + v["sparks", "fizzled"]
			sp = total ? v["idle_sequential", "-"] * wasted / total / cap : 0
			k = $2
			if (k == "nursery") want = (v["gen_pause", 0] + v["gen_sync", 0]) / E
			else if (k == "major-pauses" || k == "live-growth") want = major / E
			else if (k == "gc-balance") want = gcidle / cap
			else if (k == "mvar" || k == "blackhole" || k == "stm") want = v["idle_explained", k] / cap
			else if (k == "sparks") want = sp
			else if (k == "parallelism") want = v["idle_sequential", "-"] / cap - (seen_sparks ? sp : 0)
			else { printf "%s: unknown kind %s\n", name, k; bad = 1; next }
			got[k] = $3; wantk[k] = want
			if (k == "sparks") seen_sparks = 1
		}
		END {
			for (k in got) {
				w = wantk[k]
				if (k == "parallelism" && !seen_sparks) w = v["idle_sequential", "-"] / (v["caps", "-"] * v["end", "-"])
				d = got[k] - w; if (d < 0) d = -d
				if (d > 0.00006) { printf "%s: %s cost %s, from the figures %.6f\n", name, k, got[k], w; bad = 1 }
				n++
			}
			exit bad
		}' "$ref" "$T/tsv" >"$T/msg"; then
		ok
	else
		bad "$(cat "$T/msg")"
	fi
	# the built-in cause, or quiet
	cause=$(cause_of "$name")
	case $name in
	*-advised | *-qn2) ;;
	*-good)
		w=$(awk -F'\t' 'NR > 1 && $3 >= 0.05 { print $2 " " $3 }' "$T/tsv")
		if [ -z "$w" ]; then ok; else bad "$name: warnings on a program with no problem: $w"; fi ;;
	*)
		if [ "$cause" = - ]; then
			bad "$name: no built-in cause known for this log"
		elif awk -F'\t' -v k="$cause" 'NR > 1 && NR <= 3 && $2 == k && $3 >= 0.05 { f = 1 } END { exit !f }' "$T/tsv"; then
			ok
		else
			bad "$name: $cause not a warning among the first two findings: $(awk -F'\t' 'NR > 1 { printf "%s %s; ", $2, $3 }' "$T/tsv")"
		fi ;;
	esac
done
[ "$nlogs" -ge 10 ] && ok || bad "only $nlogs logs in $D"

# advice: the advised runs against doctor's advice and GHC's own +RTS -s
# fig FILE KEY: a figure of a +RTS -s file as tests/rts-s.awk names it
# (t_Total_el, t_GC_el, g1_max: seconds)
fig() {
	awk -f "$RTSS" "$1" | awk -F'\t' -v k="$2" '$1 == k { print $2; f = 1; exit } END { if (!f) print "none" }'
}
nadv=0
while IFS='	' read -r run flags; do
	case $run in '#'* | '') continue ;; *-advised) ;; *) continue ;; esac
	nadv=$((nadv + 1))
	prob=${run%-advised}
	kind=$(cause_of "$prob")
	got=$("$H" doctor --tsv "$D/$prob.eventlog" 2>/dev/null | awk -F'\t' -v k="$kind" '$2 == k { print $8; exit }')
	if [ "$got" = "$flags" ]; then
		ok
	else
		bad "$run: made with '$flags', but doctor advises '$got' for $kind on $prob"
	fi
	a=$D/$prob.rts-s.txt b=$D/$run.rts-s.txt
	case $kind in
	nursery) v=$(awk -v a="$(fig "$a" t_Total_el)" -v b="$(fig "$b" t_Total_el)" -v ga="$(fig "$a" t_GC_el)" -v gb="$(fig "$b" t_GC_el)" \
		'BEGIN { printf "%s elapsed %s -> %s s, GC %s -> %s s", (a > 0 && ga > 0 && b <= 0.9 * a && gb <= 0.5 * ga) ? "ok" : "missed", a, b, ga, gb }') ;;
	major-pauses) v=$(awk -v a="$(fig "$a" g1_max)" -v b="$(fig "$b" g1_max)" \
		'BEGIN { printf "%s Gen 1 max pause %s -> %s s", (a > 0 && b <= 0.5 * a) ? "ok" : "missed", a, b }') ;;
	gc-balance) v=$(awk -v a="$(fig "$a" t_GC_el)" -v b="$(fig "$b" t_GC_el)" \
		'BEGIN { printf "%s GC elapsed %s -> %s s", (a > 0 && b <= 0.8 * a) ? "ok" : "missed", a, b }') ;;
	*) v="missed: no margin for $kind" ;;
	esac
	case $v in ok*) ok ;; *) bad "$run: the advice did not cut the cost: $v" ;; esac
done <"$D/advice.txt"
[ "$nadv" -ge 9 ] && ok || bad "only $nadv advised runs in advice.txt"

# JSON: the same findings, read back by jq
log=$D/ghc90-nursery.eventlog
if "$H" doctor --json "$log" >"$T/json" 2>"$T/err" &&
	jq -e 'length >= 1 and .[0].rank == 1 and .[0].kind == "nursery" and .[0].level == "warning" and (.[0].rts | test("^-A[0-9]+m"))' "$T/json" >/dev/null; then
	ok
else
	bad "json: $(head -c 300 "$T/json") $(head -c 200 "$T/err")"
fi
"$H" doctor --tsv "$log" | awk -F'\t' 'NR > 1 { print $1 "|" $2 "|" $3 "|" $8 }' >"$T/a"
jq -r '.[] | "\(.rank)|\(.kind)|\(.cost | tostring)|\(.rts)"' "$T/json" | awk -F'|' '{ printf "%s|%s|%.4f|%s\n", $1, $2, $3, $4 }' >"$T/b"
if cmp -s "$T/a" "$T/b"; then ok; else bad "json and tsv differ: $(diff "$T/a" "$T/b" | head -4 | tr '\n' ' ')"; fi

# two runs: the advised run loses the nursery finding (or it falls)
if "$H" doctor --tsv "$D/ghc90-nursery.eventlog" "$D/ghc90-nursery-advised.eventlog" >"$T/two" 2>"$T/err" &&
	awk -F'\t' 'NR == 1 && $0 != "kind\tchange\ta_rank\ta_cost\tb_rank\tb_cost" { head = 1 }
		$1 == "nursery" && ($2 == "went" || $2 == "better") { f = 1 } END { exit head || !f }' "$T/two"; then
	ok
else
	bad "two runs: $(cat "$T/two" "$T/err" | head -5 | tr '\n' ' ')"
fi
if "$H" doctor --tsv "$D/ghc90-nursery-advised.eventlog" "$D/ghc90-nursery.eventlog" 2>/dev/null |
	awk -F'\t' '$1 == "nursery" && $2 == "appeared" && $3 == "" && $5 == 1 { f = 1 } END { exit !f }'; then
	ok
else
	bad "two runs, the other way: nursery did not appear"
fi

# a window: each capability's states add up to the window
if "$H" doctor --figures --from 50ms --to 150ms "$log" >"$T/win" 2>"$T/err" &&
	awk -F'\t' '$1 ~ /^cap_(run|gc|idle)$/ { s[$2] += $3 } END { n = 0; for (c in s) { n++; if (s[c] != 100000001) exit 1 } exit !(n == 4) }' "$T/win"; then
	ok
else
	bad "window: the states do not add up to 100 ms: $(grep '^cap_' "$T/win" | head -4 | tr '\n' ' ') $(head -c 200 "$T/err")"
fi

# bad input: a log cut short is read as far as it goes; not a log is refused
cut=$T/cut.eventlog
head -c 300000 "$log" >"$cut"
"$H" doctor "$cut" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" -eq 0 ] && grep -q "capabilities" "$T/out"; then ok; else bad "cut log: exit $rc: $(head -c 300 "$T/err")"; fi
# a log without the events a finding needs says so, not just "no findings"
if "$H" doctor "$(dirname "$D")/modern/ghc96-user-only.eventlog" 2>/dev/null | grep -q "no scheduler or GC events"; then
	ok
else
	bad "a log of user events alone: not said that nothing can be judged"
fi
printf 'not an eventlog\n' >"$T/junk"
"$H" doctor "$T/junk" >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" -eq 1 ] && [ ! -s "$T/out" ] && [ -s "$T/err" ]; then ok; else bad "junk: exit $rc, said: $(head -c 200 "$T/err")"; fi
"$H" doctor --tsv --json "$log" >/dev/null 2>&1
rc=$?
if [ "$rc" -eq 2 ]; then ok; else bad "--tsv --json: exit $rc, not 2"; fi

# findings-sql: hectic sql's findings table (model/table_findings.c, the
# columns doctor --tsv writes, declared once) gives doctor --tsv's rows,
# byte for byte, on every log; and its ranks run 1, 2, ... with the full
# costs never rising [findings-rank]
nsql=0
for log in "$D"/*.eventlog; do
	[ -e "$log" ] || continue
	name=$(basename "$log" .eventlog)
	if "$H" doctor --tsv "$log" >"$T/tsv" 2>"$T/err" && [ -s "$T/tsv" ] &&
		"$H" sql --tsv "$log" "SELECT * FROM findings" >"$T/sql" 2>>"$T/err" &&
		cmp -s "$T/tsv" "$T/sql"; then
		nsql=$((nsql + 1))
	else
		bad "$name: [findings-sql] hectic sql's findings differ from doctor --tsv: $(diff "$T/tsv" "$T/sql" | head -4 | tr '\n' ' ') $(head -c 200 "$T/err")"
	fi
	if "$H" sql --tsv "$log" "SELECT rank, cost * 1 FROM findings" >"$T/rank" 2>"$T/err" &&
		awk -F'\t' 'NR > 1 { if ($1 != NR - 1 || (NR > 2 && $2 > prev)) bad = 1; prev = $2 }
			END { exit bad || NR != n + 1 }' n="$(awk 'END { print NR - 1 }' "$T/tsv")" "$T/rank"; then
		ok
	else
		bad "$name: [findings-rank] ranks or costs out of order: $(tr '\n' ' ' <"$T/rank") $(head -c 200 "$T/err")"
	fi
done
[ "$nsql" -ge 10 ] && ok || bad "[findings-sql] only $nsql logs' findings equal doctor --tsv's"

echo "doctor: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
