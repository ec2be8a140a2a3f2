#!/bin/sh
# hectic diff A B (issue 21): its a and b columns against references the
# code under test did not produce:
#  - each run's own +RTS -s (its .rts-s.txt, read by tests/rts-s.awk):
#    bytes allocated and copied, maximum residency and slop, each Gen row's
#    collections, INIT, MUT, GC (not profiled), EXIT and Total elapsed;
#  - ghc-events' show text (the fixture's .oracle.show): each generation's
#    pauses (per "GC stats" line, its capability's "starting GC" ..
#    "finished GC"), count and nearest-rank p50/p90/p99/max; the spans
#    ("START name" / "STOP name" messages paired on their thread, as
#    tests/spans.sh pairs them); each thread label's runs and running time;
#  - GHC's .hp (each band's peak) and .prof (each cost centre's ticks).
# Self-consistency only, hectic against hectic (counted apart, not as
# independent checks): every summary row against `summary --tsv`, the pauses
# of runs without a show text against `gcs --tsv`, the spans and threads
# rows against `spans --tsv` and `threads --tsv`, --align's window against
# `summary --tsv --from --to` at `markers --tsv`'s time. Also: delta and
# ratio from a and b; the same file twice all zero; a run without GC events
# empty on its side; a file that is not an eventlog named in the error.
# Usage: sh tests/diff.sh path/to/hectic
set -u
H=$1
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-diff.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
# self: the self-consistency checks that passed, counted apart
self=0
ok() { pass=$((pass + 1)); }
sok() { self=$((self + 1)); }
bad() { fail=$((fail + 1)); echo "diff: $*"; }
eq() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi; }
seq_() { if [ "$2" = "$3" ]; then sok; else bad "$1 (self-consistency): got '$2', want '$3'"; fi; }
M=tests/fixtures/modern

# cell FILE SECTION KEY COLUMN: a cell of diff --tsv (3 a, 4 b, 5 delta, 6 ratio)
cell() { awk -F'\t' -v s="$2" -v k="$3" -v c="$4" '$1 == s && $2 == k { print $c; f = 1 } END { if (!f) print "(no row)" }' "$1"; }
# field FILE KEY: a summary --tsv value
field() { awk -F'\t' -v k="$2" '$1 == k { print $2; f = 1 } END { if (!f) print "(no row)" }' "$1"; }

# pct: count p50 p90 p99 max of the pauses on stdin (one a line), nearest rank
pct() {
	sort -n | awk '{ v[NR] = $1 }
		function nr(p,   k) { k = int(p * NR / 100); if (k * 100 < p * NR) k++; if (k < 1) k = 1; return v[k] }
		END { if (NR) print NR, nr(50), nr(90), nr(99), v[NR]; else print 0 }'
}
# show_pauses SHOW: "gen<TAB>pause" per collection of ghc-events' text: per
# "GC stats" line (generation N), its capability's last "starting GC" ..
# "finished GC" (tests/chrome-trace.sh's reading)
show_pauses() {
	awk '/^[0-9]+: cap [0-9]+: / { t = $1; sub(/:$/, "", t); cap = $3; sub(/:$/, "", cap) }
	/^[0-9]+: cap [0-9]+: starting GC$/ { st[cap] = t; delete en[cap] }
	/^[0-9]+: cap [0-9]+: finished GC$/ { en[cap] = t }
	/^[0-9]+: cap [0-9]+: GC stats for heap capset [0-9]+: generation [0-9]+,/ {
		g = $0; sub(/.*: generation /, "", g); sub(/,.*/, "", g)
		if ((cap in st) && (cap in en)) printf "%s\t%.0f\n", g, en[cap] - st[cap]
		else printf "%s\tno-start\n", g
		delete st[cap]; delete en[cap]
	}' "$1"
}
# show_spans SHOW: "name<TAB>duration" per span of ghc-events' text
# (tests/spans.sh's pairing: START / STOP and "begin" / "end" messages or
# markers on the capability's running thread, the most recent start first)
show_spans() {
	awk 'function push(th, name, t) { n = ++depth[th]; sname[th, n] = name; stime[th, n] = t }
	function pop(th, name, t,   j, k) {
		for (j = depth[th]; j >= 1 && sname[th, j] != name; j--) ;
		if (j < 1) return
		print name "\t" t - stime[th, j]
		for (k = j; k < depth[th]; k++) { sname[th, k] = sname[th, k + 1]; stime[th, k] = stime[th, k + 1] }
		depth[th]--
	}
	/^[0-9]+: cap [0-9]+: / {
		t = $1; sub(/:$/, "", t); t += 0
		cap = $3; sub(/:$/, "", cap)
		rest = $0; sub(/^[0-9]+: cap [0-9]+: /, "", rest)
		if (rest ~ /^running thread [0-9]+$/) { run[cap] = $6; next }
		if (rest ~ /^stopping thread [0-9]+ /) { run[cap] = 0; next }
		th = (cap in run) ? run[cap] : 0
		sub(/^marker: /, "", rest)
		if (rest ~ /^START ./) { name = rest; sub(/^START /, "", name); push(th, name, t); next }
		if (rest ~ /^STOP ./) { name = rest; sub(/^STOP /, "", name); pop(th, name, t); next }
		if (rest ~ /. begin$/) { name = rest; sub(/ begin$/, "", name); push(th, name, t); next }
		if (rest ~ /. end$/) { name = rest; sub(/ end$/, "", name); pop(th, name, t); next }
	}' "$1"
}
# show_threads SHOW: per thread label ("(unlabelled)" for none), its
# threads' running time and runs in ghc-events' text ("LABEL running_ns<TAB>N",
# "LABEL runs<TAB>N"): a run from "running thread" to the capability's next
# "stopping thread" or "running thread", or its last line
show_threads() {
	awk '/^[0-9]+: cap [0-9]+: / {
		t = $1; sub(/:$/, "", t); cap = $3; sub(/:$/, "", cap)
		if (!(cap in last) || t + 0 > last[cap]) last[cap] = t + 0
	}
	/^[0-9]+: (cap [0-9]+: )?thread [0-9]+ has label "/ {
		l = $0; sub(/^[^"]*"/, "", l); sub(/"$/, "", l)
		th = $0; sub(/^[0-9]+: (cap [0-9]+: )?thread /, "", th); sub(/ .*/, "", th); lab[th] = l
	}
	/^[0-9]+: cap [0-9]+: creating thread [0-9]+$/ { seen[$6] = 1 }
	/^[0-9]+: cap [0-9]+: (running|stopping) thread [0-9]+/ {
		if (run[cap]) s[run[cap]] += t - since[cap]
		run[cap] = ($4 == "running") ? $6 : 0; since[cap] = t
		if ($4 == "running") { n[$6]++; seen[$6] = 1 }
	} END {
		for (c in run) if (run[c]) s[run[c]] += last[c] - since[c]
		for (th in seen) { l = th in lab ? lab[th] : "(unlabelled)"; r[l] += s[th]; k[l] += n[th] }
		for (l in r) { printf "%s running_ns\t%.0f\n", l, r[l]; printf "%s runs\t%d\n", l, k[l] }
	}' "$1"
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
		seq_ "$name-summary-$k-a" "$(cell "$T/d" summary "$k" 3)" "$va"
		seq_ "$name-summary-$k-b" "$(cell "$T/d" summary "$k" 4)" "$vb"
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
	# the pauses, per generation, against ghc-events' text where the
	# fixture has it, else (self-consistency) against gcs --tsv's
	for side in a b; do
		f=$a col=3
		[ "$side" = b ] && f=$b col=4
		o=${f%.eventlog}.oracle.show
		if [ -e "$o" ]; then
			show_pauses "$o" >"$T/sp"
			if grep -q 'no-start' "$T/sp"; then bad "$name-pauses-$side: a GC stats line without its pause in $o"; fi
		fi
		for g in 0 1 2; do
			if [ -e "$o" ]; then
				set -- $(awk -F'\t' -v g=$g '$1 == g { print $2 }' "$T/sp" | pct)
				chk=eq
			else
				set -- $("$H" gcs --tsv --gen $g "$f" 2>/dev/null | awk -F'\t' 'NR > 1 { print $3 }' | pct)
				chk=seq_
			fi
			[ "$1" = 0 ] && [ "$(cell "$T/d" pauses "gen${g}_count" $col)" = "(no row)" ] && continue
			$chk "$name-gen$g-count-$side" "$(cell "$T/d" pauses "gen${g}_count" $col)" "$1"
			[ "$1" = 0 ] && continue
			$chk "$name-gen$g-p50-$side" "$(cell "$T/d" pauses "gen${g}_p50_ns" $col)" "$2"
			$chk "$name-gen$g-p90-$side" "$(cell "$T/d" pauses "gen${g}_p90_ns" $col)" "$3"
			$chk "$name-gen$g-p99-$side" "$(cell "$T/d" pauses "gen${g}_p99_ns" $col)" "$4"
			$chk "$name-gen$g-max-$side" "$(cell "$T/d" pauses "gen${g}_max_ns" $col)" "$5"
		done
	done
	# and the runs' own +RTS -s (every run of these pairs has its report)
	for side in a b; do
		f=$a col=3
		[ "$side" = b ] && f=$b col=4
		rts "$name" "$side" "$f" "$col"
	done
}

# rts NAME SIDE RUN COLUMN: the run's a or b cells against its own +RTS -s
# (tests/rts-s.awk's parse; tests/diff-oracle.sh's rounding: bytes with
# the RTS's commas, elapsed seconds to 3 decimals); a figure the parse did
# not find is a failure
rts() {
	s=${3%.eventlog}.rts-s.txt
	if [ ! -e "$s" ]; then
		bad "$1-rts-$2: no $s"
		return
	fi
	awk -f tests/rts-s.awk "$s" >"$T/rts"
	for m in alloc:allocated_bytes:b copied:copied_bytes:b maxres:max_residency_bytes:b \
		slop:max_slop_bytes:b g0_colls:gen0_collections:n g1_colls:gen1_collections:n \
		t_INIT_el:init_elapsed_ns:t t_MUT_el:mut_elapsed_ns:t t_GC_el:gc_elapsed_ns:t \
		t_EXIT_el:exit_elapsed_ns:t t_Total_el:total_elapsed_ns:t; do
		k=${m%%:*} rest=${m#*:}
		key=${rest%:*} kind=${rest#*:}
		# a profiled run's GC is the RTS's GC + RP + PROF (diff-oracle.sh's)
		[ "$k" = t_GC_el ] && grep -q '^t_PROF_el' "$T/rts" && continue
		want=$(awk -F'\t' -v k="$k" '$1 == k { print $2; exit }' "$T/rts")
		if [ -z "$want" ]; then
			bad "$1-rts-$k-$2: tests/rts-s.awk found no $k in $s"
			continue
		fi
		raw=$(cell "$T/d" summary "$key" "$4")
		case $kind in
		b) got=$(printf '%s' "$raw" | awk '{ n = $0; o = ""; while (length(n) > 3) { o = "," substr(n, length(n) - 2) o; n = substr(n, 1, length(n) - 3) } print n o }') ;;
		t) got=$(awk -v ns="$raw" 'BEGIN { if (ns ~ /^[0-9]+$/) printf "%.3f\n", ns / 1e9; else print ns }') ;;
		*) got=$raw ;;
		esac
		eq "$1-rts-$k-$2 ($key=$raw)" "$got" "$want"
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

# ---- spans and threads: against ghc-events' text; and (self-consistency)
# as the run's own spans and threads --tsv ----
a=$M/ghc96-threaded.eventlog b=$M/ghc910-threaded.eventlog
"$H" diff --tsv --all --raw "$a" "$b" >"$T/d"
for side in a b; do
	f=$a col=3
	[ "$side" = b ] && f=$b col=4
	awk -F'\t' -v c=$col '$1 == "spans" && $c != "" { print $2 "\t" $c }' "$T/d" | sort >"$T/got"
	show_spans "${f%.eventlog}.oracle.show" | sort -t "$(printf '\t')" -k1,1 -k2,2n | awk -F'\t' '
		function flush(   r50, r99) {
			if (cur == "") return
			r50 = int((50 * n + 99) / 100); r99 = int((99 * n + 99) / 100)
			print cur " count\t" n; printf "%s total_ns\t%.0f\n", cur, tot
			print cur " p50_ns\t" d[r50]; print cur " p99_ns\t" d[r99]; print cur " max_ns\t" d[n]
		}
		$1 != cur { flush(); cur = $1; n = 0; tot = 0 }
		{ d[++n] = $2; tot += $2 }
		END { flush() }' | sort >"$T/want"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got"; then ok; else
		bad "spans-$side: against ghc-events show's (< show, > diff): $(diff "$T/want" "$T/got" | head -4 | tr '\n' ' ')"
	fi
	"$H" spans --tsv --raw "$f" | awk -F'\t' 'NR > 1 && $2 > 0 { print $1 " count\t" $2; print $1 " total_ns\t" $3
		print $1 " p50_ns\t" $4; print $1 " p99_ns\t" $6; print $1 " max_ns\t" $7 }' | sort >"$T/want"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got"; then sok; else
		bad "spans-$side (self-consistency): $(diff "$T/want" "$T/got" | head -4 | tr '\n' ' ')"
	fi
	awk -F'\t' -v c=$col '$1 == "threads" && $c != "" { print $2 "\t" $c }' "$T/d" | sort >"$T/got"
	show_threads "${f%.eventlog}.oracle.show" | sort >"$T/want"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got"; then ok; else
		bad "threads-$side: against ghc-events show's (< show, > diff): $(diff "$T/want" "$T/got" | head -4 | tr '\n' ' ')"
	fi
	"$H" threads --tsv --raw "$f" | awk -F'\t' 'NR > 1 { l = $2 == "" ? "(unlabelled)" : $2
		r[l] += $6; n[l] += $7 } END { for (k in r) { print k " running_ns\t" r[k]; print k " runs\t" n[k] } }' |
		sort >"$T/want"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got"; then sok; else
		bad "threads-$side (self-consistency): $(diff "$T/want" "$T/got" | head -4 | tr '\n' ' ')"
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
seq_ nogc-gen0-count-a "$(cell "$T/d" pauses gen0_count 3)" "$(field "$T/sa" gen0_collections)"
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
	seq_ "align-$k-a" "$(cell "$T/d" summary $k 3)" "$(field "$T/s-ghc96-threaded.eventlog" $k)"
	seq_ "align-$k-b" "$(cell "$T/d" summary $k 4)" "$(field "$T/s-ghc910-threaded.eventlog" $k)"
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

echo "diff: $pass passed, $fail failed (and $self self-consistency checks passed, not counted above)"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
