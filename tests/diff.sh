#!/bin/sh
# hectic diff A B (issue 21): its a and b columns against each run's own
# figures, computed independently of diff: summary --tsv field by field
# (itself checked against +RTS -s by tests/summary-rts.sh) and, where the
# fixture has it, the run's +RTS -s; the pause percentiles recomputed with
# awk, nearest rank, from gcs --tsv; delta and ratio from a and b; the
# same file twice all zero; a run without GC events empty on its side;
# --align's window from markers --tsv; a file that is not an eventlog
# named in the error.
# Usage: sh tests/diff.sh path/to/hectic
set -u
H=$1
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-diff.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "diff: $*"; }
eq() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi; }
M=tests/fixtures/modern

# cell FILE SECTION KEY COLUMN: a cell of diff --tsv (3 a, 4 b, 5 delta, 6 ratio)
cell() { awk -F'\t' -v s="$2" -v k="$3" -v c="$4" '$1 == s && $2 == k { print $c; f = 1 } END { if (!f) print "(no row)" }' "$1"; }
# field FILE KEY: a summary --tsv value
field() { awk -F'\t' -v k="$2" '$1 == k { print $2; f = 1 } END { if (!f) print "(no row)" }' "$1"; }

# pct FILE GEN: count p50 p90 p99 max of gcs --tsv's pauses, nearest rank
pct() {
	awk -F'\t' 'NR > 1 { print $3 }' "$1" | sort -n | awk '{ v[NR] = $1 }
		function nr(p,   k) { k = int(p * NR / 100); if (k * 100 < p * NR) k++; if (k < 1) k = 1; return v[k] }
		END { if (NR) print NR, nr(50), nr(90), nr(99), v[NR]; else print 0 }'
}

# ---- the pairs: every summary field and pause figure ----
pair() { # pair NAME A B
	name=$1 a=$2 b=$3
	if ! "$H" diff --tsv --all "$a" "$b" >"$T/d" 2>"$T/err"; then
		bad "$name: exit status $?: $(head -2 "$T/err")"
		return
	fi
	eq "$name-header" "$(head -1 "$T/d")" "$(printf 'section\tkey\ta\tb\tdelta\tratio')"
	"$H" summary --tsv "$a" >"$T/sa"
	"$H" summary --tsv "$b" >"$T/sb"
	# every field of either summary is a row (from and to aside), a and b
	# as the run's own summary --tsv writes them
	for k in $(cut -f1 "$T/sa" "$T/sb" | sort -u); do
		case $k in field | from | to) continue ;; esac
		va=$(awk -F'\t' -v k="$k" '$1 == k { print $2 }' "$T/sa")
		vb=$(awk -F'\t' -v k="$k" '$1 == k { print $2 }' "$T/sb")
		eq "$name-summary-$k-a" "$(cell "$T/d" summary "$k" 3)" "$va"
		eq "$name-summary-$k-b" "$(cell "$T/d" summary "$k" 4)" "$vb"
	done
	# delta and ratio from a and b, where both are there
	awk -F'\t' 'NR > 1 && $3 != "" && $4 != "" {
		d = $4 - $3; want = ($2 == "productivity") ? sprintf("%.4f", d) : sprintf("%.0f", d)
		if ($5 != want) print "delta " $1 " " $2 ": " $5 ", want " want
		if ($3 + 0 != 0 && $6 != sprintf("%.4f", $4 / $3)) print "ratio " $1 " " $2 ": " $6
		if ($3 + 0 == 0 && $6 != "") print "ratio of a 0: " $2 ": " $6 }
		NR > 1 && ($3 == "" || $4 == "") && ($5 != "" || $6 != "") { print "delta of a missing side: " $2 }' \
		"$T/d" >"$T/why"
	if [ -s "$T/why" ]; then bad "$name-delta: $(head -3 "$T/why")"; else ok; fi
	# the pauses, per generation, against gcs --tsv's
	for g in 0 1 2; do
		for side in a b; do
			f=$a col=3
			[ "$side" = b ] && f=$b col=4
			"$H" gcs --tsv --gen $g "$f" >"$T/g" 2>/dev/null
			set -- $(pct "$T/g")
			[ "$1" = 0 ] && [ "$(cell "$T/d" pauses "gen${g}_count" $col)" = "(no row)" ] && continue
			eq "$name-gen$g-count-$side" "$(cell "$T/d" pauses "gen${g}_count" $col)" "$1"
			[ "$1" = 0 ] && continue
			eq "$name-gen$g-p50-$side" "$(cell "$T/d" pauses "gen${g}_p50_ns" $col)" "$2"
			eq "$name-gen$g-p90-$side" "$(cell "$T/d" pauses "gen${g}_p90_ns" $col)" "$3"
			eq "$name-gen$g-p99-$side" "$(cell "$T/d" pauses "gen${g}_p99_ns" $col)" "$4"
			eq "$name-gen$g-max-$side" "$(cell "$T/d" pauses "gen${g}_max_ns" $col)" "$5"
		done
	done
	# and the runs' own +RTS -s, where committed
	for side in a b; do
		f=$a col=3
		[ "$side" = b ] && f=$b col=4
		s=${f%.eventlog}.rts-s.txt
		[ -e "$s" ] || continue
		eq "$name-rts-alloc-$side" "$(cell "$T/d" summary allocated_bytes $col)" \
			"$(awk '/bytes allocated in the heap/ { gsub(/,/, "", $1); print $1 }' "$s")"
		eq "$name-rts-copied-$side" "$(cell "$T/d" summary copied_bytes $col)" \
			"$(awk '/bytes copied during GC/ { gsub(/,/, "", $1); print $1 }' "$s")"
		for g in 0 1; do
			eq "$name-rts-gen$g-$side" "$(cell "$T/d" summary gen${g}_collections $col)" \
				"$(awk -v g=$g '$1 == "Gen" && $2 == g && $4 == "colls," { print $3 }' "$s")"
		done
	done
}
pair modern-96-910 $M/ghc96-threaded.eventlog $M/ghc910-threaded.eventlog
pair nonmoving $M/ghc96-nonmoving.eventlog $M/ghc910-nonmoving.eventlog
pair old-new tests/fixtures/threaded.eventlog $M/ghc96-threaded.eventlog
# the real pairs of tests/fixtures/diff (their README.md); the -l-au runs,
# whose +RTS -s figures the log does not hold, are tests/diff-oracle.sh's
for v in ghc90 ghc96; do
	for p in alloc-A1m:alloc-A16m psize-n:psize-2n sparks:pingpong; do
		pair "$v-${p%%:*}-${p#*:}" "tests/fixtures/diff/$v-${p%%:*}.eventlog" "tests/fixtures/diff/$v-${p#*:}.eventlog"
	done
done

# ---- heap: each band's peak is its largest census value in the run's
# own .hp (-hT: bands are closure types, named as in the .hp) ----
for pr in heap-hT prof-hy; do
	a=$M/ghc96-$pr.eventlog b=$M/ghc910-$pr.eventlog
	"$H" diff --tsv --all --raw "$a" "$b" >"$T/d"
	for side in a b; do
		f=$a col=3
		[ "$side" = b ] && f=$b col=4
		awk -F'\t' '/^BEGIN_SAMPLE/ { delete cur; next }
			/^END_SAMPLE/ { for (k in cur) if (cur[k] > pk[k]) pk[k] = cur[k]; next }
			NF == 2 { cur[$1] += $2 }
			END { for (k in pk) if (pk[k]) print k "\t" pk[k] }' "${f%.eventlog}.hp" | sort >"$T/want"
		awk -F'\t' -v c=$col '$1 == "heap" && $c != "" { print $2 "\t" $c }' "$T/d" | sort >"$T/got"
		if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got"; then ok; else
			bad "heap-$pr-$side: the peaks differ from the .hp's: $(diff "$T/want" "$T/got" | head -4 | tr '\n' ' ')"
		fi
	done
	# a band of one run only is empty on the other side
	awk -F'\t' '$1 == "heap" && ($3 == "" || $4 == "") && ($5 != "" || $6 != "") { print }' "$T/d" >"$T/why"
	if [ -s "$T/why" ]; then bad "heap-$pr-only: $(head -2 "$T/why")"; else ok; fi
done

# ---- profile: each cost centre's individual ticks, as the run's .prof
# counts them, within the tick race of tests/profile-prof.sh (GHC 9.6/9.10:
# 20 ticks); the totals within 1 ----
a=$M/ghc96-prof-hc.eventlog b=$M/ghc910-prof-hc.eventlog
"$H" diff --tsv --all --raw "$a" "$b" >"$T/d"
for side in a b; do
	f=$a col=3
	[ "$side" = b ] && f=$b col=4
	awk '/^COST CENTRE +MODULE +SRC +no\./ { tree = 1; next }
		tree && NF >= 10 { t[$2 "." $1] += $10 }
		END { for (k in t) if (t[k]) print k "\t" t[k] }' "${f%.eventlog}.prof" | sort >"$T/want"
	awk -F'\t' -v c=$col '$1 == "profile" && $c != "" && $c != 0 { print $2 "\t" $c }' "$T/d" | sort >"$T/got"
	r=$(awk -F'\t' 'FNR == NR { w[$1] = $2; tw += $2; next } { g[$1] = $2; tg += $2 }
		END { for (k in w) { d = w[k] - g[k]; if (d < 0) d = -d; if (d > 20) print k " " g[k] " vs .prof " w[k] }
			for (k in g) if (!(k in w) && g[k] > 20) print k " " g[k] " not in the .prof"
			d = tw - tg; if (d < 0) d = -d; if (d > 1 || !tw) print "total " tg " vs .prof " tw }' "$T/want" "$T/got")
	if [ -z "$r" ]; then ok; else bad "profile-$side: $r"; fi
done

# ---- spans and threads: as the run's own spans and threads --tsv ----
a=$M/ghc96-threaded.eventlog b=$M/ghc910-threaded.eventlog
"$H" diff --tsv --all --raw "$a" "$b" >"$T/d"
for side in a b; do
	f=$a col=3
	[ "$side" = b ] && f=$b col=4
	"$H" spans --tsv --raw "$f" | awk -F'\t' 'NR > 1 && $2 > 0 { print $1 " count\t" $2; print $1 " total_ns\t" $3
		print $1 " p50_ns\t" $4; print $1 " p99_ns\t" $6; print $1 " max_ns\t" $7 }' | sort >"$T/want"
	awk -F'\t' -v c=$col '$1 == "spans" && $c != "" { print $2 "\t" $c }' "$T/d" | sort >"$T/got"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got"; then ok; else
		bad "spans-$side: $(diff "$T/want" "$T/got" | head -4 | tr '\n' ' ')"
	fi
	"$H" threads --tsv --raw "$f" | awk -F'\t' 'NR > 1 { l = $2 == "" ? "(unlabelled)" : $2
		r[l] += $6; n[l] += $7 } END { for (k in r) { print k " running_ns\t" r[k]; print k " runs\t" n[k] } }' |
		sort >"$T/want"
	awk -F'\t' -v c=$col '$1 == "threads" && $c != "" { print $2 "\t" $c }' "$T/d" | sort >"$T/got"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got"; then ok; else
		bad "threads-$side: $(diff "$T/want" "$T/got" | head -4 | tr '\n' ' ')"
	fi
done

# ---- the same file twice: every delta 0, every ratio 1 ----
"$H" diff --tsv --all $M/ghc96-threaded.eventlog $M/ghc96-threaded.eventlog >"$T/d"
awk -F'\t' 'NR > 1 { n++ } NR > 1 && ($5 + 0 != 0 || ($6 != "" && $6 != "1.0000") || $3 != $4) { print }
	END { if (n < 20) print "only " n " rows" }' "$T/d" >"$T/why"
if [ -s "$T/why" ]; then bad "same-twice: $(head -3 "$T/why")"; else ok; fi
"$H" diff --tsv $M/ghc96-threaded.eventlog $M/ghc96-threaded.eventlog >"$T/d"
eq same-twice-unchanged-left-out "$(wc -l <"$T/d" | tr -d ' ')" 1
"$H" diff $M/ghc96-threaded.eventlog $M/ghc96-threaded.eventlog >"$T/d"
grep -q 'unchanged figures left out: --all lists them' "$T/d" && ok || bad "same-twice-text: no note on the unchanged"

# ---- a run without GC events: its side empty, never 0 ----
"$H" diff --tsv --all $M/ghc96-threaded.eventlog $M/ghc96-user-only.eventlog >"$T/d"
for k in allocated_bytes copied_bytes collections gen0_collections gc_elapsed_ns productivity; do
	eq "nogc-$k-b-empty" "$(cell "$T/d" summary $k 4)" ""
	eq "nogc-$k-delta-empty" "$(cell "$T/d" summary $k 5)" ""
done
eq nogc-gen0-count-b "$(cell "$T/d" pauses gen0_count 4)" ""
"$H" summary --tsv $M/ghc96-threaded.eventlog >"$T/sa"
eq nogc-gen0-count-a "$(cell "$T/d" pauses gen0_count 3)" "$(field "$T/sa" gen0_collections)"
"$H" diff $M/ghc96-threaded.eventlog $M/ghc96-user-only.eventlog >"$T/d"
grep -Eq '^allocated +[0-9.]+[kMGT]?B +\(only in A\)' "$T/d" && ok || bad "nogc-text: allocated not marked only in A"
grep -q '(B: no GC events)' "$T/d" && ok || bad "nogc-text: the histogram does not say B has no GC events"

# ---- --align RE: each run's window from its first matching marker ----
for f in $M/ghc96-threaded.eventlog $M/ghc910-threaded.eventlog; do
	t0=$("$H" markers --tsv --grep '^round 2$' "$f" | awk -F'\t' 'NR == 2 { print $1 }')
	"$H" summary --tsv --from "$t0" --to $((t0 + 30000000)) "$f" >"$T/s-$(basename "$f")"
done
"$H" diff --tsv --all --align '^round 2$' --to 30ms $M/ghc96-threaded.eventlog $M/ghc910-threaded.eventlog >"$T/d"
for k in allocated_bytes collections gen0_collections gc_elapsed_ns mut_elapsed_ns; do
	eq "align-$k-a" "$(cell "$T/d" summary $k 3)" "$(field "$T/s-ghc96-threaded.eventlog" $k)"
	eq "align-$k-b" "$(cell "$T/d" summary $k 4)" "$(field "$T/s-ghc910-threaded.eventlog" $k)"
done
"$H" diff --align 'no such marker' $M/ghc96-threaded.eventlog $M/ghc910-threaded.eventlog >"$T/out" 2>&1
eq align-none "$? $(grep -c "ghc96-threaded.eventlog: no marker or message matches --align 'no such marker'" "$T/out")" "1 1"

# ---- a section a run's log lacks: said under its heading, in the text ----
# under SECTION's heading in FILE: the lines in parentheses before its
# column heading
said() { awk -v s="$2" '$0 == s { f = 1; next } f && /^\(/ { print; next } f { exit }' "$1"; }
F=tests/fixtures/diff
"$H" diff $F/ghc90-psize-n.eventlog $F/ghc96-sparks.eventlog >"$T/t1" 2>&1
eq absent-heap "$(said "$T/t1" heap)" "(B: no heap profile in this log (+RTS -h with -l))"
eq absent-profile "$(said "$T/t1" profile)" "(B: no cost-centre profile in this log (a profiled build, +RTS -p with -l))"
eq absent-pauses-none "$(said "$T/t1" pauses)" ""
"$H" diff $F/ghc96-alloc-A1m.eventlog $F/ghc96-alloc-A1m-au.eventlog >"$T/t2" 2>&1
eq absent-pauses "$(said "$T/t2" pauses)" "(B: no GC events in this log (+RTS -l without g, as -l-au))"
eq absent-threads "$(said "$T/t2" threads)" "(B: no scheduler events in this log (+RTS -l without s, as -l-au))"
eq absent-heap-both "$(said "$T/t2" heap)" "(A and B: no heap profile in this log (+RTS -h with -l))"
"$H" diff $F/ghc96-alloc-A1m-au.eventlog $F/ghc96-alloc-A1m.eventlog >"$T/t3" 2>&1
eq absent-pauses-a "$(said "$T/t3" pauses)" "(A: no GC events in this log (+RTS -l without g, as -l-au))"
"$H" diff $F/ghc96-psize-n.eventlog $F/ghc96-psize-2n.eventlog >"$T/t4" 2>&1
eq absent-none "$(grep -c '^([AB]' "$T/t4")" 0

# ---- bad input: the file named; usage ----
printf 'not an eventlog\n' >"$T/junk"
"$H" diff $M/ghc96-threaded.eventlog "$T/junk" >"$T/out" 2>&1
eq junk "$? $(grep -c "$T/junk: " "$T/out")" "1 1"
"$H" diff "$T/missing" $M/ghc96-threaded.eventlog >"$T/out" 2>&1
eq missing "$? $(grep -c "$T/missing" "$T/out")" "1 1"
"$H" diff $M/ghc96-threaded.eventlog >"$T/out" 2>&1
eq one-file "$? $(grep -c '^usage: hectic diff' "$T/out")" "2 1"
"$H" diff --from x A B >"$T/out" 2>&1
eq bad-time "$?" 2

echo "diff: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
