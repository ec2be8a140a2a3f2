#!/bin/sh
# hectic summary (text and --tsv) against the program's own +RTS -s, line
# by line, on every fixture that has one: tests/fixtures/*.rts-s.txt (GHC
# 9.0.2), tests/fixtures/modern/*.rts-s.txt (GHC 9.6.6 and 9.10.3) and
# tests/fixtures/gens/*.rts-s.txt (GHC 9.0.2, +RTS -G2, -G40 and -G50) and
# tests/fixtures/budget/*.rts-s.txt (GHC 9.0.2: 20,955 collections, more
# than the tracks' lists hold within the memory budget: issue 43).
# Both reports are parsed here with awk (no number is copied into this
# script); a figure is equal when hectic's text prints it as the RTS does,
# and when hectic's --tsv integer, rounded the RTS's way (printf %.3f /
# %.4f of the seconds, thousands separators), prints the same.
#
# Figures hectic does not reproduce (each is checked: hectic must SAY the
# figure is not in the log, or the stated relation must hold):
#
# | RTS figure                         | runs        | what is checked, and why
# |------------------------------------|-------------|------------------------
# | "(N MB/MiB lost due to             | all         | hectic says "fragmentation: not in the log": the RTS
# |  fragmentation)"                   |             | computes it from hw_alloc_blocks (Stats.c,
# |                                    |             | stat_exitReport), a high-water mark no event carries
# | every CPU column: "Tot time" of    | all         | a line of hectic's text has "CPU" and "not in the
# |  the Gen rows, the CPU part of     |             | log": events carry elapsed timestamps only
# |  INIT/MUT/GC/EXIT/Total, "% of     |             |
# |  total user"                       |             |
# | "Gen 1 concurrent" row and         | nonmoving   | hectic's note "the RTS's "concurrent" row is not in
# |  "CONC GC time"                    |             | the log" (both print stats.nonmoving_gc_{cpu,elapsed}_ns,
# |                                    |             | timed by stat_{start,end}NonmovingGc, which post no
# |                                    |             | event; the mark/sweep events fall short of them)
# | TASKS                              | threaded    | hectic prints it equal, or a line with "TASKS" and
# |                                    |             | "not in the log" (taskCount/workerCount/
# |                                    |             | peakWorkerCount are RTS globals; measured: the
# |                                    |             | distinct task ids of TASK_CREATE equal the total in
# |                                    |             | ghc96/910-threaded, threaded, threads, par-n4 (8
# |                                    |             | events, 6 ids, "TASKS: 6"), not in nonmoving (6 ids,
# |                                    |             | "TASKS: 12 (7 bound") or ghc96-nonmoving (6, 14):
# |                                    |             | the bound/peak split is in no event)
# | "RP time", "PROF time"             | profiled RTS| hectic's GC line says "PROF time is not in the log",
# |                                    | (RTS prints | and hectic's GC elapsed is the RTS's GC + RP + PROF
# |                                    | PROF: prof, | (within the 0.001s the rounded figures allow):
# |                                    | prof-hy,    | stat_exitReport subtracts HCe/RPe_tot_time from
# |                                    | profile-h[c | gc_elapsed_ns, while the census runs inside the GC
# |                                    | dmy], ghc*- | pause the events show. Measured: the census events
# |                                    | prof-h[cy]) | (last GC event .. "end prof sample") sum to 5-25% of
# |                                    |             | PROF, so PROF is not derivable. The claim "GC time
# |                                    |             | differs with heap censuses" does NOT hold for a
# |                                    |             | non-profiled RTS: heap-hT, profile-hT, ghc96/910-
# |                                    |             | heap-hT/-hi print no PROF line (stat_startHeapCensus
# |                                    |             | is #if PROFILING) and their GC elapsed is compared as
# |                                    |             | equal (and is)
# | Productivity "% of total elapsed"  | profiled RTS| equal, or hectic's productivity line mentions PROF:
# |                                    |             | the RTS computes (Total - GC - INIT - EXIT) / Total
# |                                    |             | with GC less PROF, so census time counts as
# |                                    |             | productive; hectic's MUT / Total cannot know PROF
# | Productivity "% of total elapsed"  | all others  | the RTS's numerator is Total - GC - INIT - EXIT with
# |                                    |             | EXIT ending at stat_endExit (no event), Total at its
# |                                    |             | report; hectic's EXIT ends at the report's final
# |                                    |             | HEAP_ALLOCATED events. Between the two the RTS runs
# |                                    |             | exitHpc, nonmovingExit, updateNurseriesStats (GHC
# |                                    |             | 9.6/9.10 hs_exit_, exitStorage): the RTS's value
# |                                    |             | must be reached by MUT + g over Total for some g in
# |                                    |             | [0, GAP] (GAP = 10 us; ghc96-heap-hi needs 946 ns:
# |                                    |             | MUT/Total = 62.34995%, the RTS prints 62.4)
# | EXIT, Productivity                 | GHC 9.10    | hs_exit_ calls stat_endExit, then exitStorage ->
# |                                    | nonmoving   | nonmovingExit waits for the running concurrent mark
# |                                    |             | (31 ms on ghc910-nonmoving) before the report: the
# |                                    |             | wait is in no phase and counts as productive. The log
# |                                    |             | ends with that mark's events; hectic ends EXIT at the
# |                                    |             | last event before them ("estimated"), EXIT equal;
# |                                    |             | its productivity is then an upper bound: the RTS's
# |                                    |             | must lie between MUT / Total and hectic's
# | Total elapsed                      | -l-au runs  | equal, or hectic's Total line says "not in the log":
# |                                    |             | the report's time is known from the final
# |                                    |             | HEAP_ALLOCATED events (GC class); without them the
# |                                    |             | log ends with events posted before or after it
# | "%GC time 0.0% (0.0% elapsed)"     | non-threaded| the RTS's figures are 0.0 (checked): stat_exitReport
# |                                    |             | divides two Time (int64) values, gc_elapsed_ns /
# |                                    |             | elapsed_ns, an integer division; hectic prints no %GC
# |                                    |             | line (checked) rather than a different number
# | Alloc rate                         | all         | the RTS divides by MUT *CPU* time (checked: its rate
# |                                    |             | lies within allocated / (MUT CPU +- 0.0005s)); hectic
# |                                    |             | labels its own "per elapsed MUT second" (checked) and
# |                                    |             | it must be allocated / hectic's MUT elapsed (TSV, to
# |                                    |             | the byte) and lie within allocated / (the RTS's MUT
# |                                    |             | elapsed +- 0.0005s)
# | everything else                    | -l-au runs  | hectic's "No GC or heap events" paragraph names each
# |                                    |  (no g      | figure (allocated, copied, live, slop, memory in use,
# |                                    |  class)     | collections, GC and MUT time, INIT, EXIT, sparks,
# |                                    |             | productivity) and the TSV values are empty
# | "MiB total memory in use" when     | any         | equal, or (only if hectic says "at least") hectic's
# |  hectic says "(at least ...)"      |             | figure is not above the RTS's
#
# Usage: sh tests/summary-rts.sh path/to/hectic
set -u
H=${1:-build/hectic}
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-sumrts.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
# the most time the RTS may spend between stat_endExit and its report
# (exitHpc, nonmovingExit with no collection running, updateNurseriesStats),
# which the log does not show (see the table): 10 us
GAP=10000

# parse FILE >KV: one "key<TAB>value<TAB>line" per figure of a +RTS -s
# style report (the RTS's or hectic's text: the same words)
parse() {
	awk -f tests/rts-s.awk "$1"
}
# v KV KEY: the value; l KV KEY: the whole line (empty when absent)
v() { awk -F'\t' -v k="$2" '$1 == k { print $2; exit }' "$1"; }
l() { awk -F'\t' -v k="$2" '$1 == k { print $3; exit }' "$1"; }
# t FIELD: hectic's --tsv value, "(no field)" when the field is missing
t() { awk -F'\t' -v k="$1" '$1 == k { print $2; f = 1; exit } END { if (!f) print "(no field)" }' "$T/tsv"; }
commas() { awk -v n="$1" 'BEGIN { if (n !~ /^[0-9]+$/) { print n; exit }
	s = ""; while (length(n) > 3) { s = "," substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) }
	print n s }'; }
secs() { # secs NS DIGITS: the RTS's %.Nf of the seconds
	awk -v ns="$1" -v d="$2" 'BEGIN { if (ns !~ /^[0-9]+$/) print ns; else printf "%.*f\n", d, ns / 1e9 }'; }

ok() { pass=$((pass + 1)); }
bad() { # bad WHAT RTSKEY HECKEY DETAIL
	fail=$((fail + 1))
	echo "summary-rts: $name: $1: $4"
	[ -n "$2" ] && echo "    RTS:    |$(l "$T/rts" "$2")|"
	[ -n "$3" ] && echo "    hectic: |$(l "$T/hec" "$3")|"
	return 0
}
# same WHAT KEY WANT GOT [HECKEY]: equal strings
same() {
	if [ "$3" = "$4" ]; then ok; else bad "$1" "$2" "${5:-$2}" "want '$3', hectic '$4'"; fi
}
# holds WHAT KEY R: R is "ok", else R says what is off
holds() {
	if [ "$3" = ok ]; then ok; else bad "$1" "$2" "$2" "$3"; fi
}
# said WHAT RTSKEY HECKEY: hectic says the figure is not in the log
said() {
	if [ -n "$(v "$T/hec" "$3")" ]; then ok; else
		bad "$1 not reproduced and not said to be absent" "$2" "" "hectic prints neither the figure nor that it is not in the log"
	fi
}

# cmp_text_tsv WHAT KEY TSVFIELD KIND: text and TSV (KIND: int, commas,
# s3, s4: seconds at 3 or 4 decimals)
cmp_fig() {
	want=$(v "$T/rts" "$2")
	[ -n "$want" ] || return 0
	same "$1 (text)" "$2" "$want" "$(v "$T/hec" "$2")"
	[ -n "$3" ] || return 0
	raw=$(t "$3")
	case $4 in
	commas) got=$(commas "$raw") ;;
	s3) got=$(secs "$raw" 3) ;;
	s4) got=$(secs "$raw" 4) ;;
	*) got=$raw ;;
	esac
	same "$1 (tsv $3=$raw)" "$2" "$want" "$got"
}

for s in tests/fixtures/*.rts-s.txt tests/fixtures/modern/*.rts-s.txt tests/fixtures/gens/*.rts-s.txt \
	tests/fixtures/budget/*.rts-s.txt; do
	name=$(basename "$s" .rts-s.txt)
	f=${s%.rts-s.txt}.eventlog
	if [ ! -e "$s" ] || [ ! -e "$f" ]; then
		echo "summary-rts: $s or its .eventlog missing"
		fail=$((fail + 1))
		continue
	fi
	parse "$s" >"$T/rts"
	if ! "$H" summary "$f" >"$T/txt" 2>"$T/err" || ! "$H" summary --tsv "$f" >"$T/tsv" 2>>"$T/err"; then
		echo "summary-rts: $name: hectic summary failed: $(head -1 "$T/err")"
		fail=$((fail + 1))
		continue
	fi
	parse "$T/txt" >"$T/hec"
	# the RTS's own command line (first line): the -l flags' GC class
	# (the RTS's defaults include g; '-' turns off the classes after it,
	# 'a' is every class)
	gcon=$(sed -n "1p" "$s" | awk '{ on = 0
		for (i = 1; i <= NF; i++) { a = $i; gsub(/\047/, "", a)
			if (a !~ /^-l/) continue
			on = 1; en = 1
			for (j = 3; j <= length(a); j++) { c = substr(a, j, 1)
				if (c == "-") en = 0; else if (c == "a" || c == "g") on = en } }
		print on }')
	threaded=0
	grep -q "^ *TASKS:" "$s" && threaded=1
	profiled=0
	[ -n "$(v "$T/rts" t_PROF_el)" ] && profiled=1

	# CPU: every RTS report has CPU columns
	said "CPU time" t_MUT_cpu cpu_said

	if [ "$gcon" = 0 ]; then
		# no GC class: Total is equal or said not to be known (the report's
		# time is the final HEAP_ALLOCATED events, of the GC class)
		want=$(v "$T/rts" t_Total_el) got=$(v "$T/hec" t_Total_el)
		case $want:$(l "$T/hec" t_Total_el) in
		"$got":*) ok ;;
		*"not in the log"*) ok ;;
		*) bad "Total elapsed (no GC class), neither equal nor said to be unknown" t_Total_el t_Total_el "RTS $want, hectic $got (tsv total_elapsed_ns=$(t total_elapsed_ns), from=$(t from), to=$(t to))" ;;
		esac
		# the paragraph names each figure, the TSV is empty
		para=$(v "$T/hec" nogc)
		if [ -z "$para" ]; then
			bad "no GC class (-l-au) but no \"No GC or heap events\" paragraph" "" "" ""
		else
			ok
			# the figures it names: after its first "):" (the cause)
			para=${para#*):}
			for w in alloc:allocated copied:copied maxres:live slop:slop \
				mem:"memory in use" g0_colls:collections t_GC_el:"GC" \
				t_MUT_el:"MUT" t_INIT_el:INIT t_EXIT_el:EXIT sparks:spark \
				prod_el:productivity; do
				k=${w%%:*} word=${w#*:}
				[ -n "$(v "$T/rts" "$k")" ] || continue
				case $para in
				*"$word"*) ok ;;
				*) bad "RTS figure absent from the log but the paragraph does not name it ('$word')" "$k" "nogc" "" ;;
				esac
			done
			for k in allocated_bytes copied_bytes max_residency_bytes residency_samples \
				max_slop_bytes max_memory_in_use_bytes gen0_collections gen0_elapsed_ns \
				mut_elapsed_ns gc_elapsed_ns productivity; do
				same "tsv $k empty" "" "" "$(t $k)"
			done
			[ "$threaded" = 1 ] && said "TASKS" tasks tasks_said
		fi
		continue
	fi
	if [ -n "$(v "$T/hec" nogc)" ]; then
		bad "the log has the GC class but hectic says \"No GC or heap events\"" "" nogc ""
		continue
	fi

	# -- memory --
	cmp_fig "bytes allocated" alloc allocated_bytes commas
	cmp_fig "bytes copied" copied copied_bytes commas
	cmp_fig "maximum residency" maxres max_residency_bytes commas
	cmp_fig "residency samples" maxres_n residency_samples int
	cmp_fig "maximum slop" slop max_slop_bytes commas
	want=$(v "$T/rts" mem) got=$(v "$T/hec" mem)
	mib=$(awk -v b="$(t max_memory_in_use_bytes)" 'BEGIN { printf "%d\n", b / 1048576 }')
	if [ "$want" = "$got" ] && [ "$want" = "$mib" ]; then ok
	elif [ -n "$(v "$T/hec" mem_atleast)" ] && [ "$got" = "$mib" ] && [ "$got" -le "$want" ]; then ok
	else bad "total memory in use" mem mem "RTS $want, hectic $got (tsv $mib)"
	fi
	same "memory unit" mem_unit "$(v "$T/rts" mem_unit)" "$(v "$T/hec" mem_unit)"
	[ -n "$(v "$T/rts" lost)" ] && said "fragmentation ($(v "$T/rts" lost) $(v "$T/rts" lost_unit))" mem frag_said

	# -- generations --
	# every Gen row the RTS wrote (-G50: 50), none skipped
	last=$(awk -F'\t' '$1 ~ /^g[0-9]+_colls$/ { g = substr($1, 2) + 0; if (g > m) m = g } END { print m + 0 }' "$T/rts")
	for g in $(seq 0 "$last"); do
		[ -n "$(v "$T/rts" g${g}_colls)" ] || { bad "Gen $g: no row in the RTS's report, yet a later one" g${g}_colls g${g}_colls "$s"; continue; }
		cmp_fig "Gen $g collections" g${g}_colls gen${g}_collections int
		cmp_fig "Gen $g parallel" g${g}_par gen${g}_parallel int
		cmp_fig "Gen $g elapsed" g${g}_el gen${g}_elapsed_ns s3
		cmp_fig "Gen $g avg pause" g${g}_avg gen${g}_avg_pause_ns s4
		cmp_fig "Gen $g max pause" g${g}_max gen${g}_max_pause_ns s4
	done
	ng=$(grep -c '^g[0-9]_colls' "$T/hec") nr=$(grep -c '^g[0-9]_colls' "$T/rts")
	same "number of Gen rows" "" "$nr" "$ng"
	if [ -n "$(v "$T/rts" sync_n)" ]; then
		cmp_fig "nonmoving syncs" sync_n nonmoving_syncs int
		cmp_fig "nonmoving sync elapsed" sync_el nonmoving_sync_elapsed_ns s3
		cmp_fig "nonmoving sync max" sync_max nonmoving_sync_max_ns s4
		same "nonmoving sync avg (tsv)" sync_avg "$(v "$T/rts" sync_avg)" \
			"$(awk -v e="$(t nonmoving_sync_elapsed_ns)" -v n="$(t nonmoving_syncs)" \
				'BEGIN { printf "%.4f\n", n ? e / 1e9 / n : 0 }')"
		same "nonmoving sync avg (text)" sync_avg "$(v "$T/rts" sync_avg)" "$(v "$T/hec" sync_avg)"
	fi
	[ -n "$(v "$T/rts" conc_el)$(v "$T/rts" t_CONC_el)" ] && said "nonmoving concurrent row / CONC GC time" conc_el conc_said
	want=$(v "$T/rts" balance)
	if [ -n "$want" ]; then
		same "parallel GC work balance" balance "$want" "$(v "$T/hec" balance)"
	else
		same "no parallel GC work balance line" balance "" "$(v "$T/hec" balance)"
	fi

	# -- TASKS, SPARKS --
	if [ "$threaded" = 1 ]; then
		if [ -n "$(v "$T/hec" tasks)" ]; then
			same TASKS tasks "$(v "$T/rts" tasks)" "$(v "$T/hec" tasks)"
		else
			said TASKS tasks tasks_said
		fi
	fi
	want=$(v "$T/rts" sparks)
	if [ -n "$want" ]; then
		same "SPARKS (text)" sparks "$want" "$(v "$T/hec" sparks)"
		got=$(awk -v c="$(t sparks_created)" -v d="$(t sparks_dud)" -v o="$(t sparks_overflowed)" \
			-v cv="$(t sparks_converted)" -v g="$(t sparks_gcd)" -v fz="$(t sparks_fizzled)" \
			'BEGIN { printf "%d (%d converted, %d overflowed, %d dud, %d GC\047d, %d fizzled)\n",
				c + d + o, cv, o, d, g, fz }')
		same "SPARKS (tsv)" sparks "$want" "$got"
	fi

	# -- times --
	cmp_fig "Total elapsed" t_Total_el total_elapsed_ns s3
	cmp_fig "INIT elapsed" t_INIT_el init_elapsed_ns s3
	cmp_fig "MUT elapsed" t_MUT_el mut_elapsed_ns s3
	cmp_fig "EXIT elapsed" t_EXIT_el exit_elapsed_ns s3
	if [ "$profiled" = 0 ]; then
		cmp_fig "GC elapsed" t_GC_el gc_elapsed_ns s3
	else
		said "PROF time (in hectic's GC time)" t_PROF_el prof_said
		# hectic's GC = the RTS's GC + RP + PROF, each rounded to 0.001s
		ns=$(t gc_elapsed_ns)
		r=$(awk -v ns="$ns" -v a="$(v "$T/rts" t_GC_el)" -v b="$(v "$T/rts" t_RP_el)" \
			-v c="$(v "$T/rts" t_PROF_el)" 'BEGIN { d = ns / 1e9 - (a + b + c)
				print (d <= 0.001 + 1e-9 && d >= -0.001 - 1e-9) ? "ok" : "off by " d }')
		holds "GC elapsed = RTS GC + RP + PROF (tsv $ns)" t_GC_el "$r"
		same "tsv gc_includes_heap_census" "" 1 "$(t gc_includes_heap_census)"
	fi
	# %GC: the RTS's integer division gives 0; hectic prints no %GC line
	if [ -n "$(v "$T/rts" pgc_el)" ]; then
		same "RTS %GC is an integer division (0.0)" pgc_el "0.0 0.0" \
			"$(v "$T/rts" pgc_cpu) $(v "$T/rts" pgc_el)" pgc_el
	fi
	same "no %GC line" pgc_el "" "$(v "$T/hec" pgc_el)"

	# -- alloc rate --
	rate=$(v "$T/rts" rate)
	if [ -n "$rate" ]; then
		same "alloc rate label" rate_label "per elapsed MUT second" "$(v "$T/hec" rate_label)" rate_label
		alloc=$(t allocated_bytes) mutns=$(t mut_elapsed_ns)
		want=$(awk -v a="$alloc" -v m="$mutns" 'BEGIN { if (m > 0) printf "%.0f\n", int(a / (m / 1e9)) }')
		same "alloc rate = allocated / MUT elapsed (tsv)" rate "$(commas "$want")" "$(v "$T/hec" rate)" rate
		r=$(awk -v a="$(v "$T/rts" alloc | tr -d ,)" -v m="$(v "$T/rts" t_MUT_el)" \
			-v c="$(v "$T/rts" t_MUT_cpu)" -v h="$(v "$T/hec" rate | tr -d ,)" \
			-v rr="$(echo "$rate" | tr -d ,)" 'BEGIN {
			# the RTS: allocated / MUT CPU, within its rounding
			if (c > 0.0005 && !(rr >= a / (c + 0.0005) && rr <= a / (c - 0.0005))) {
				print "RTS rate " rr " is not allocated / MUT CPU " c; exit }
			if (m <= 0.0005) { print "ok"; exit }
			lo = a / (m + 0.0005); hi = a / (m - 0.0005)
			print (h >= lo - 1 && h <= hi + 1) ? "ok" : "hectic " h " outside allocated / RTS MUT elapsed: " int(lo) ".." int(hi) }')
		holds "alloc rate vs the RTS's MUT elapsed" rate "$r"
	fi

	# -- productivity (elapsed part) --
	want=$(v "$T/rts" prod_el)
	if [ -n "$want" ]; then
		got=$(v "$T/hec" prod_el)
		tsvp=$(awk -v m="$(t mut_elapsed_ns)" -v tt="$(t total_elapsed_ns)" \
			'BEGIN { printf "%.1f\n", tt ? 100 * m / tt : 0 }')
		if [ -n "$(v "$T/hec" exit_est)" ]; then
			# GHC 9.10's nonmoving exit: the RTS waits for the running
			# concurrent mark after stat_endExit, in no phase, and counts
			# the wait as productive; hectic's EXIT ends at the last event
			# before the closing run of mark events, so its figure is an
			# upper bound: its text is its TSV's productivity, and the
			# RTS's lies between MUT / Total and it
			# (the TSV has 4 decimals: 0.3765 may print as 37.7)
			r=$(awk -v p="$(t productivity)" -v g="$got" 'BEGIN { d = 100 * p - g; if (d < 0) d = -d
				print d <= 0.055 ? "ok" : "text " g ", tsv " p }')
			holds "productivity: hectic's text is its TSV's" prod_el "$r"
			r=$(awk -v lo="$tsvp" -v hi="$got" -v p="$want" 'BEGIN {
				print (p >= lo - 0.05 && p <= hi + 0.05) ? "ok" : "RTS " p " outside MUT/Total " lo " .. hectic " hi }')
			holds "productivity elapsed, exit estimated (RTS $want, hectic $got)" prod_el "$r"
		elif [ "$tsvp" = "$got" ]; then ok; else
			bad "productivity: hectic's text is not its TSV's MUT / Total" prod_el prod_el "text $got, tsv $tsvp"
		fi
		if [ -n "$(v "$T/hec" exit_est)" ]; then
			: # checked above
		elif [ "$profiled" = 1 ] && [ "$want" != "$tsvp" ]; then
			# the RTS counts PROF as productive: hectic must say so
			case $(l "$T/hec" prod_el) in
			*PROF*) ok ;;
			*) bad "productivity (profiled: the RTS counts PROF time as productive, hectic does not say)" prod_el prod_el "RTS $want, hectic $got" ;;
			esac
		elif [ "$want" = "$tsvp" ]; then
			ok
		else
			# the RTS's numerator is Total - GC - INIT - EXIT, its EXIT
			# ending at stat_endExit, which posts no event: hectic's EXIT
			# ends at the report (the final HEAP_ALLOCATED events), at
			# most GAP later (see the table); the RTS's printed value
			# must be reachable with a gap in [0, GAP]
			r=$(awk -v m="$(t mut_elapsed_ns)" -v tt="$(t total_elapsed_ns)" -v p="$want" \
				-v gap="$GAP" -v got="$got" 'BEGIN {
				lo = 100 * m / tt; hi = 100 * (m + gap) / tt
				print (lo < p + 0.05 && hi >= p - 0.05) ? "ok" : \
					"hectic MUT/Total " lo "% (+" gap " ns: " hi "%)" }')
			holds "productivity elapsed (RTS $want, hectic text $got, tsv $tsvp)" prod_el "$r"
		fi
	fi
done
echo "summary-rts: $pass passed, $fail failed"
[ "$fail" = 0 ]
