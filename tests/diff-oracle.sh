#!/bin/sh
# hectic diff A B (issue 21) against GHC's own files, on the real run pairs
# of tests/fixtures/diff (GHC 9.0.2 ghc90-*, GHC 9.6.6 ghc96-*; their
# README.md says how each run was made):
#   alloc   alloc-A1m / alloc-A16m    one program, two -A sizes
#   psize   psize-n / psize-2n        one profiled program, input N and 2N
#   apart   sparks / pingpong         two programs that share nothing
#   au      alloc-A1m / alloc-A1m-au  B written without the GC class (-l-au)
#   au-a    alloc-A1m-au / alloc-A16m the README's pair 4: A without it
# and of tests/fixtures/gens (GHC 9.0.2): one program run with +RTS -G2,
# -G40 and -G50 (40 and 50 Gen rows in the RTS's report).
# For each pair, `hectic diff --tsv --all --raw A B`, and for each side:
#  1. summary: each row with a +RTS -s counterpart equals that run's own
#     .rts-s.txt figure, mapped and rounded as tests/summary-rts.sh does
#     (its parse of the report is copied here): where the run's log lacks
#     the figure (no GC class) the cell is empty and hectic's summary text
#     names the figure as not in the log. Also: collections = the Gen
#     rows' sum, capabilities = the RTS's -N, and the pauses section's
#     genN_count and genN_max_ns = the Gen N row's colls and max pause.
#  2. heap: each band's peak is its largest census value in the run's .hp
#     (a band of the .hp named as tests/heap-hp.sh names it: "(ccsID)"
#     left out, hectic's name cut at the .hp's -L); a band the .hp does not
#     have is empty on that side. heap_mean: its bytes summed over the
#     .hp's non-empty censuses, over their number (integer division).
#  3. profile: each cost centre's individual ticks are the .prof's (its
#     tree's ticks column summed over the cost centre's nodes, the key
#     MODULE.COST_CENTRE), within tests/profile-prof.sh's tick race (9.0.2:
#     8 ticks, the total exact; 9.6: 20, the total within 1); a cost centre
#     the .prof lists is in that run, so its cell, where there is a row, is
#     a number, not empty ("only in the other run"), whatever its ticks.
#     profile_inherited: each tick once for each distinct cost centre on
#     its .prof path (MAIN included), within the same slack. A run without
#     a .prof (not profiled) has every profile cell empty.
#  4. a key one run lacks: exactly one cell empty, delta and ratio empty;
#     no row with both cells empty. Which run has which span and thread
#     label: the run's own spans --tsv and threads --tsv, and for the two
#     unrelated programs also their sources (labelThread, START names).
#  5. delta = b - a (shell integer arithmetic; productivity %.4f) and ratio
#     = b / a as %.4f (empty when a is 0), on every row with both cells.
# Usage: sh tests/diff-oracle.sh path/to/hectic
set -u
H=$1
D=tests/fixtures/diff
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-dfx.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
# tests/summary-rts.sh's: the most time between stat_endExit and the report
GAP=10000
# tests/profile-prof.sh's tick race: SLACK and total 0 for GHC 9.0.2,
# MODERN_SLACK and MODERN_TOTAL_SLACK for 9.6
SLACK=8
MODERN_SLACK=20
MODERN_TOTAL_SLACK=1

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "diff-oracle: $name: $*"; }
eq() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi; }
# whys WHAT FILE: one pass if FILE is empty, else a failure per line (at most 6 shown)
whys() {
	if [ ! -s "$2" ]; then ok; return; fi
	n=$(wc -l <"$2" | tr -d ' ')
	fail=$((fail + n))
	head -6 "$2" | while IFS= read -r l; do echo "diff-oracle: $name: $1: $l"; done
	[ "$n" -gt 6 ] && echo "diff-oracle: $name: $1: ($((n - 6)) more)"
	return 0
}

# cell SECTION KEY COLUMN: a cell of the pair's diff (3 a, 4 b, 5 delta,
# 6 ratio); "(no row)" when the key has no row
cell() { awk -F'\t' -v s="$1" -v k="$2" -v c="$3" '$1 == s && $2 == k { print $c; f = 1 } END { if (!f) print "(no row)" }' "$T/d"; }

# parse FILE >KV: one "key<TAB>value<TAB>line" per figure of a +RTS -s
# style report (tests/rts-s.awk, as tests/summary-rts.sh reads them)
parse() {
	awk -f tests/rts-s.awk "$1"
}
# v KV KEY: the value; l KV KEY: the whole line (empty when absent)
v() { awk -F'\t' -v k="$2" '$1 == k { print $2; exit }' "$1"; }
l() { awk -F'\t' -v k="$2" '$1 == k { print $3; exit }' "$1"; }
# (summary-rts.sh's) the RTS's thousands separators; %.Nf of the seconds
commas() { awk -v n="$1" 'BEGIN { if (n !~ /^[0-9]+$/) { print n; exit }
	s = ""; while (length(n) > 3) { s = "," substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) }
	print n s }'; }
secs() { awk -v ns="$1" -v d="$2" 'BEGIN { if (ns !~ /^[0-9]+$/) print ns; else printf "%.*f\n", d, ns / 1e9 }'; }

# the TSV writes \\, \t, \n and \r for those characters (tests/heap-hp.sh's)
UNESC='function unesc(s,   o, k, c, d) {
	o = ""
	for (k = 1; k <= length(s); k++) {
		c = substr(s, k, 1)
		if (c == "\\" && k < length(s)) {
			d = substr(s, ++k, 1)
			c = d == "t" ? "\t" : d == "n" ? "\n" : d == "r" ? "\r" : d
		}
		o = o c
	}
	return o
}'

# ---- 1. summary (and the pauses' counts) against the run's +RTS -s ----
# fig WHAT RTSKEY TSVKEY KIND [SECTION]: the cell, as KIND (commas, s3,
# s4, int), equals the RTS's figure; in a run without the GC class, empty.
# A figure the parse of the run's report did not find is a failure (each
# call is for a figure every report of its kind prints), never a pass
fig() {
	want=$(v "$T/rts" "$2")
	if [ -z "$want" ]; then
		bad "$side: $1: no $2 figure parsed from $s (tests/rts-s.awk)"
		return
	fi
	raw=$(cell "${5:-summary}" "$3" "$col")
	if [ "$gcon" = 0 ]; then
		# (a key no run has a figure of has no row at all)
		eq "$side: $1 ($3): not in the log, empty" "${raw#(no row)}" ""
		return
	fi
	case $4 in
	commas) got=$(commas "$raw") ;;
	s3) got=$(secs "$raw" 3) ;;
	s4) got=$(secs "$raw" 4) ;;
	*) got=$raw ;;
	esac
	eq "$side: $1 (${5:-summary} $3=$raw)" "$got" "$want"
}

rts_side() { # rts_side RUN
	s=$D/$1.rts-s.txt
	parse "$s" >"$T/rts"
	# the parse found the report: its allocation and total time at least
	if [ -z "$(v "$T/rts" alloc)" ] || [ -z "$(v "$T/rts" t_Total_el)" ]; then
		bad "$side: tests/rts-s.awk found no report in $s (no bytes allocated or Total time)"
	fi
	"$H" summary "$D/$1.eventlog" >"$T/txt" 2>/dev/null
	parse "$T/txt" >"$T/hec"
	# (summary-rts.sh's) the -l flags' GC class, from the command line
	gcon=$(sed -n "1p" "$s" | awk '{ on = 0
		for (i = 1; i <= NF; i++) { a = $i; gsub(/\047/, "", a)
			if (a !~ /^-l/) continue
			on = 1; en = 1
			for (j = 3; j <= length(a); j++) { c = substr(a, j, 1)
				if (c == "-") en = 0; else if (c == "a" || c == "g") on = en } }
		print on }')
	profiled=0
	[ -n "$(v "$T/rts" t_PROF_el)" ] && profiled=1
	# capabilities: the RTS's "using -N", else 1
	caps=$(sed -n 's/.*using -N\([0-9][0-9]*\).*/\1/p' "$s")
	eq "$side: capabilities" "$(cell summary capabilities "$col")" "${caps:-1}"

	if [ "$gcon" = 0 ]; then
		# hectic's summary text names each figure as not in the log
		# (summary-rts.sh's words), and the diff's cells are empty
		para=$(v "$T/hec" nogc)
		if [ -z "$para" ]; then bad "$side: no GC class, but the summary has no \"No GC or heap events\" paragraph"; else
			para=${para#*):}
			for w in alloc:allocated copied:copied maxres:live slop:slop \
				mem:"memory in use" g0_colls:collections t_GC_el:"GC" \
				t_MUT_el:"MUT" t_INIT_el:INIT t_EXIT_el:EXIT sparks:spark \
				prod_el:productivity; do
				k=${w%%:*} word=${w#*:}
				[ -n "$(v "$T/rts" "$k")" ] || continue
				case $para in *"$word"*) ok ;; *) bad "$side: the summary does not name '$word' as not in the log" ;; esac
			done
		fi
		# every summary cell but capabilities and the total, every pauses cell
		awk -F'\t' -v c="$col" '($1 == "summary" || $1 == "pauses") && $c != "" &&
			$2 != "capabilities" && $2 != "total_elapsed_ns" { print $2 " = " $c }' "$T/d" >"$T/why"
		whys "$side: no GC class, yet a figure" "$T/why"
	fi

	fig "bytes allocated" alloc allocated_bytes commas
	fig "bytes copied" copied copied_bytes commas
	fig "maximum residency" maxres max_residency_bytes commas
	fig "residency samples" maxres_n residency_samples int
	fig "maximum slop" slop max_slop_bytes commas
	want=$(v "$T/rts" mem)
	if [ -n "$want" ]; then
		raw=$(cell summary max_memory_in_use_bytes "$col")
		if [ "$gcon" = 0 ]; then
			eq "$side: memory in use: not in the log, empty" "$raw" ""
		else
			mib=$(awk -v b="$raw" 'BEGIN { if (b ~ /^[0-9]+$/) printf "%d\n", b / 1048576; else print "(" b ")" }')
			low=$(cell summary memory_is_lower_bound "$col")
			if [ "$mib" = "$want" ]; then ok
			elif [ "$low" = 1 ] && [ "$mib" -le "$want" ] 2>/dev/null; then ok
			else bad "$side: memory in use: $raw bytes = $mib MiB, the RTS $want (lower bound '$low')"
			fi
		fi
	fi
	sum=0 ng=0
	# every Gen row of the report (-G40 has 40), and past the last one
	# (a gen the RTS has no row of has no figure in the diff)
	last=$(awk -F'\t' '$1 ~ /^g[0-9]+_colls$/ { g = substr($1, 2) + 0; if (g > m) m = g } END { print m + 0 }' "$T/rts")
	for g in $(seq 0 $((last + 2))); do
		if [ -z "$(v "$T/rts" g${g}_colls)" ]; then
			# no Gen g row in the report: no figure of g in the diff
			for k in collections parallel elapsed_ns avg_pause_ns max_pause_ns; do
				x=$(cell summary gen${g}_$k "$col")
				case $x in "" | "(no row)") ok ;; *) bad "$side: gen${g}_$k = $x, the RTS has no Gen $g row" ;; esac
			done
			continue
		fi
		ng=$((ng + 1))
		sum=$((sum + $(v "$T/rts" g${g}_colls)))
		fig "Gen $g collections" g${g}_colls gen${g}_collections int
		fig "Gen $g parallel" g${g}_par gen${g}_parallel int
		fig "Gen $g elapsed" g${g}_el gen${g}_elapsed_ns s3
		fig "Gen $g avg pause" g${g}_avg gen${g}_avg_pause_ns s4
		fig "Gen $g max pause" g${g}_max gen${g}_max_pause_ns s4
		fig "Gen $g collections" g${g}_colls gen${g}_count int pauses
		if [ "$(v "$T/rts" g${g}_colls)" = 0 ]; then
			# no collection of g: no pause to take a maximum of (the
			# RTS prints 0.0000), so the pauses cell is empty; the
			# summary's gen${g}_max_pause_ns above is the RTS's 0
			x=$(cell pauses gen${g}_max_ns "$col")
			eq "$side: Gen $g max pause (pauses, no collection): empty" "${x#(no row)}" ""
		else
			fig "Gen $g max pause" g${g}_max gen${g}_max_ns s4 pauses
		fi
	done
	if [ "$ng" -gt 0 ]; then
		if [ "$gcon" = 0 ]; then
			eq "$side: collections: not in the log, empty" "$(cell summary collections "$col")" ""
		else
			eq "$side: collections = the Gen rows' $sum" "$(cell summary collections "$col")" "$sum"
		fi
	fi
	if [ -n "$(v "$T/rts" sync_n)" ]; then
		fig "nonmoving syncs" sync_n nonmoving_syncs int
		fig "nonmoving sync elapsed" sync_el nonmoving_sync_elapsed_ns s3
		fig "nonmoving sync max" sync_max nonmoving_sync_max_ns s4
	fi
	# SPARKS: total (created + dud + overflowed) and each kind
	want=$(v "$T/rts" sparks)
	if [ -n "$want" ]; then
		if [ "$gcon" = 0 ]; then
			awk -F'\t' -v c="$col" '$1 == "summary" && $2 ~ /^sparks_/ && $c != "" { print $2 " = " $c }' "$T/d" >"$T/why"
			whys "$side: sparks not in the log, yet a figure" "$T/why"
		else
			got=$(awk -v c="$(cell summary sparks_created "$col")" -v d="$(cell summary sparks_dud "$col")" \
				-v o="$(cell summary sparks_overflowed "$col")" -v cv="$(cell summary sparks_converted "$col")" \
				-v g="$(cell summary sparks_gcd "$col")" -v fz="$(cell summary sparks_fizzled "$col")" \
				'BEGIN { printf "%d (%d converted, %d overflowed, %d dud, %d GC\047d, %d fizzled)\n",
					c + d + o, cv, o, d, g, fz }')
			eq "$side: SPARKS" "$got" "$want"
		fi
	fi
	# times
	want=$(v "$T/rts" t_Total_el) raw=$(cell summary total_elapsed_ns "$col")
	if [ -n "$want" ]; then
		if [ "$(secs "$raw" 3)" = "$want" ]; then ok
		elif [ -n "$raw" ]; then bad "$side: Total elapsed: $raw ns, the RTS ${want}s"
		else case $(l "$T/hec" t_Total_el) in
			*"not in the log"*) ok ;;
			*) bad "$side: Total elapsed: empty, and the summary does not say it is not in the log" ;;
			esac
		fi
	fi
	fig "INIT elapsed" t_INIT_el init_elapsed_ns s3
	fig "MUT elapsed" t_MUT_el mut_elapsed_ns s3
	fig "EXIT elapsed" t_EXIT_el exit_elapsed_ns s3
	if [ "$profiled" = 0 ]; then
		fig "GC elapsed" t_GC_el gc_elapsed_ns s3
	elif [ "$gcon" = 1 ]; then
		# (summary-rts.sh's) hectic's GC = the RTS's GC + RP + PROF
		ns=$(cell summary gc_elapsed_ns "$col")
		r=$(awk -v ns="$ns" -v a="$(v "$T/rts" t_GC_el)" -v b="$(v "$T/rts" t_RP_el)" \
			-v c="$(v "$T/rts" t_PROF_el)" 'BEGIN { d = ns / 1e9 - (a + b + c)
				print (ns ~ /^[0-9]+$/ && d <= 0.001 + 1e-9 && d >= -0.001 - 1e-9) ? "ok" : "off by " d }')
		eq "$side: GC elapsed $ns = the RTS's GC + RP + PROF" "$r" ok
		eq "$side: gc_includes_heap_census" "$(cell summary gc_includes_heap_census "$col")" 1
	fi
	# productivity (elapsed): the RTS's, reached by the cell with up to
	# GAP more productive time (summary-rts.sh's reasoning); a profiled
	# run's RTS counts PROF as productive, which the summary must say
	want=$(v "$T/rts" prod_el)
	if [ -n "$want" ] && [ "$gcon" = 1 ]; then
		p=$(cell summary productivity "$col") tt=$(cell summary total_elapsed_ns "$col")
		got=$(awk -v p="$p" 'BEGIN { printf "%.1f\n", 100 * p }')
		r=$(awk -v p="$p" -v tt="$tt" -v w="$want" -v gap="$GAP" 'BEGIN {
			lo = 100 * p - 0.005; hi = 100 * p + 0.005 + (tt ? 100 * gap / tt : 0)
			print (p ~ /^[0-9.]+$/ && lo < w + 0.05 && hi >= w - 0.05) ? "ok" : "no" }')
		if [ "$r" = ok ]; then ok
		elif [ "$profiled" = 1 ]; then
			case $(l "$T/hec" prod_el) in
			*PROF*) ok ;;
			*) bad "$side: productivity $p, the RTS $want% (profiled), and the summary does not say why" ;;
			esac
		else
			bad "$side: productivity $p ($got%), the RTS $want%"
		fi
	fi
}

# ---- 2. heap: the .hp's peaks and means ----
hp_side() { # hp_side RUN
	hp=$D/$1.hp
	L=$(sed -n '1s/.* -L\([0-9][0-9]*\).*/\1/p' "$hp")
	L=${L:-25}
	cut=0
	grep -q '^JOB ".* -hc[ "]' "$hp" && cut=1
	# per band of the .hp (its "(ccsID)" left out): peak over the censuses,
	# and bytes summed over the non-empty censuses / their number
	awk -F'\t' '
		/^BEGIN_SAMPLE/ { n = 0; next }
		/^END_SAMPLE/ { if (n) ncens++; next }
		NF == 2 { nm = $1; sub(/^\([0-9]+\)/, "", nm); n++
			if (!(nm in pk) || $2 + 0 > pk[nm]) pk[nm] = $2 + 0; sum[nm] += $2 }
		END { for (k in pk) if (pk[k]) { print "heap\t" k "\t" pk[k]
			printf "heap_mean\t%s\t%d\n", k, ncens ? int(sum[k] / ncens) : 0 } }' "$hp" | sort >"$T/want"
	awk -F'\t' -v c="$col" -v cut="$cut" -v L="$L" "$UNESC"'
		($1 == "heap" || $1 == "heap_mean") && $c != "" { nm = unesc($2)
		  if (cut && nm != "MAIN" && length(nm) >= L + 1)
			nm = substr(nm, 1, L - 4) "..."
		  print $1 "\t" nm "\t" $c }' "$T/d" | sort >"$T/got"
	if [ ! -s "$T/want" ]; then bad "$side: no band in $hp"
	elif cmp -s "$T/want" "$T/got"; then ok
	else bad "$side: heap and heap_mean differ from $1.hp (< .hp, > diff): $(diff "$T/want" "$T/got" | grep '^[<>]' | head -4 | tr '\n' ' ')"
	fi
}

# ---- 3. profile: the .prof's ticks, within the tick race ----
prof_side() { # prof_side RUN
	prof=$D/$1.prof
	slack=$SLACK total_slack=0
	case $1 in ghc90-*) ;; *) slack=$MODERN_SLACK total_slack=$MODERN_TOTAL_SLACK ;; esac
	want_total=$(sed -n 's/.*(\([0-9][0-9]*\) ticks @.*/\1/p' "$prof" | head -1)
	# the tree: name module src no. entries %t %a %t %a ticks [bytes]; a
	# node's ticks go to its cost centre (profile) and once to each
	# distinct cost centre on its path from MAIN (profile_inherited); every
	# cost centre the tree lists, even with 0 ticks
	awk '/^COST CENTRE +MODULE +SRC +no\./ { tree = 1; next }
		tree && NF >= 10 {
			match($0, /^ */); d = RLENGTH; k = $2 "." $1
			p[d] = k; self[k] += $10
			delete seen
			for (i = 0; i <= d; i++) if (!(p[i] in seen)) { seen[p[i]] = 1; inh[p[i]] += $10 }
		}
		END { for (k in self) { print "profile\t" k "\t" self[k]; print "profile_inherited\t" k "\t" inh[k] } }' \
		"$prof" | sort >"$T/want"
	[ -s "$T/want" ] || { bad "$side: no tree in $prof"; return; }
	awk -F'\t' -v c="$col" "$UNESC"'
		($1 == "profile" || $1 == "profile_inherited") { print $1 "\t" unesc($2) "\t" $c }' "$T/d" |
		sort >"$T/got"
	awk -F'\t' -v slack="$slack" -v total_slack="$total_slack" -v want_total="$want_total" '
		FNR == NR { w[$1 "\t" $2] = $3; next }
		{ g[$1 "\t" $2] = $3; if ($1 == "profile") tg += $3 }
		END {
			for (k in w) {
				if (k == "profile_inherited\tMAIN.MAIN") continue # (below: the total)
				split(k, s, "\t")
				if (!(k in g)) { if (w[k] > slack) print s[1] " " s[2] ": no row, the .prof " w[k]; continue }
				if (g[k] == "") { print s[1] " " s[2] ": empty (not in this run), the .prof has it with " w[k] " ticks"; continue }
				d = w[k] - g[k]; if (d < 0) d = -d
				if (d > slack) print s[1] " " s[2] ": " g[k] ", the .prof " w[k]
			}
			for (k in g) if (!(k in w) && g[k] != "" && g[k] + 0 > slack) { split(k, s, "\t")
				print s[1] " " s[2] ": " g[k] ", not in the .prof" }
			d = want_total - tg; if (d < 0) d = -d
			if (want_total == "" || d > total_slack) print "total " tg " ticks, the .prof " want_total
			m = "profile_inherited\tMAIN.MAIN"; gm = m in g ? g[m] : "no row"
			d = want_total - gm; if (d < 0) d = -d
			if (gm !~ /^[0-9]+$/ || d > total_slack) print "profile_inherited MAIN.MAIN: " gm ", the .prof total " want_total
		}' "$T/want" "$T/got" >"$T/why"
	whys "$side: profile against $1.prof (slack $slack)" "$T/why"
}

# ---- 4. which run has which span and thread label ----
keys_side() { # keys_side RUN
	f=$D/$1.eventlog
	"$H" spans --tsv --raw "$f" 2>/dev/null | awk -F'\t' 'NR > 1 && $2 > 0 { print $1 }' | sort -u >"$T/sp"
	"$H" threads --tsv --raw "$f" 2>/dev/null | awk -F'\t' 'NR > 1 { print $2 == "" ? "(unlabelled)" : $2 }' |
		sort -u >"$T/th"
	awk -F'\t' -v c="$col" -v side="$side" '
		FILENAME == ARGV[1] { sp[$0] = 1; next }
		FILENAME == ARGV[2] { th[$0] = 1; next }
		$1 == "spans" || $1 == "threads" { k = $2; sub(/ [a-z0-9_]+$/, "", k)
			has = $1 == "spans" ? (k in sp) : (k in th)
			if (has && $c == "") print $1 " " $2 ": empty, the run has " k
			if (!has && $c != "") print $1 " " $2 ": " $c ", the run has no " k; seen[$1 " " k] = 1 }
		END { for (k in sp) if (!(("spans " k) in seen)) print "span " k ": no row"
			for (k in th) if (!(("threads " k) in seen)) print "thread label " k ": no row" }' \
		"$T/sp" "$T/th" "$T/d" >"$T/why"
	whys "$side: spans and threads against the run's own" "$T/why"
}

# the program's own labels and span names (its source): KIND FILE
src_names() {
	case $1 in
	label) sed -n 's/.*labelThread [a-z]* "\([^"]*\)".*/\1/p' "$2" ;;
	span) sed -n 's/.*"START \([^"]*\)".*/\1/p' "$2" ;;
	esac | sort -u
}

# ---- the pairs ----
pair() { # pair NAME A B (run names)
	name=$1 a=$2 b=$3
	# (a diff that does not end is a failure, not a hung suite)
	timeout 120 "$H" diff --tsv --all --raw "$D/$a.eventlog" "$D/$b.eventlog" >"$T/d" 2>"$T/err"
	rc=$?
	if [ "$rc" = 124 ]; then
		bad "did not end in 120 s"
		return 1
	elif [ "$rc" != 0 ]; then
		bad "exit status $rc: $(head -2 "$T/err" | tr '\n' ' ')"
		return 1
	fi
	eq "stderr" "$(head -2 "$T/err")" ""
	eq "header" "$(head -1 "$T/d")" "$(printf 'section\tkey\ta\tb\tdelta\tratio')"
	for side in a b; do
		run=$a col=3
		[ "$side" = b ] && run=$b col=4
		rts_side "$run"
		if [ -e "$D/$run.hp" ]; then
			hp_side "$run"
		else
			awk -F'\t' -v c="$col" '($1 == "heap" || $1 == "heap_mean") && $c != "" { print $2 " = " $c }' "$T/d" >"$T/why"
			whys "$side: no .hp, yet a heap figure" "$T/why"
		fi
		if [ -e "$D/$run.prof" ]; then
			prof_side "$run"
		else
			awk -F'\t' -v c="$col" '($1 == "profile" || $1 == "profile_inherited") && $c != "" { print $2 " = " $c }' "$T/d" >"$T/why"
			whys "$side: not profiled, yet a profile figure" "$T/why"
		fi
		keys_side "$run"
	done
	# 4 and 5: the shape of every row; delta and ratio
	awk -F'\t' 'NR == 1 { next }
		NF != 6 { print "not 6 fields: " $0; next }
		$3 == "" && $4 == "" { print $1 " " $2 ": both cells empty" }
		($3 == "") != ($4 == "") && ($5 != "" || $6 != "") { print $1 " " $2 ": one side only, yet delta \"" $5 "\" ratio \"" $6 "\"" }
		$3 != "" && $4 != "" {
			if ($3 !~ /^-?[0-9]+(\.[0-9]+)?$/ || $4 !~ /^-?[0-9]+(\.[0-9]+)?$/) { print $1 " " $2 ": not numbers: " $3 " " $4; next }
			r = $3 + 0 != 0 ? sprintf("%.4f", $4 / $3) : ""
			if ($6 != r) print $1 " " $2 ": ratio " $6 ", want " r " (" $4 " / " $3 ")"
			if ($3 ~ /\./ || $4 ~ /\./) { if ($5 != sprintf("%.4f", $4 - $3)) print $1 " " $2 ": delta " $5 ", want " sprintf("%.4f", $4 - $3) }
			else print $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5 > "/dev/stderr" }' "$T/d" 2>"$T/ints" >"$T/why"
	# integer deltas in the shell's 64-bit arithmetic, not awk's doubles
	while IFS="$(printf '\t')" read -r s k x y dd; do
		[ "$dd" = "$((y - x))" ] || echo "$s $k: delta $dd, want $((y - x)) ($y - $x)"
	done <"$T/ints" >>"$T/why"
	whys "rows" "$T/why"
	eq "rows checked for delta" "$(test -s "$T/ints" && echo some)" some
}

pair_unrelated() { # pair_unrelated NAME A B ASRC BSRC: the programs' own names
	pair "$1" "$2" "$3" || return
	for kind in label span; do
		src_names $kind "$D/$4" >"$T/na"
		src_names $kind "$D/$5" >"$T/nb"
		[ -s "$T/na" ] && [ -s "$T/nb" ] || { bad "no $kind in $4 or $5"; continue; }
		sec=threads what=runs
		[ $kind = span ] && sec=spans what=count
		for x in $(comm -23 "$T/na" "$T/nb"); do
			eq "$kind $x of $4 only: a, b" "$(cell $sec "$x $what" 3 | sed 's/^..*/(n)/'),$(cell $sec "$x $what" 4)" "(n),"
		done
		for x in $(comm -13 "$T/na" "$T/nb"); do
			eq "$kind $x of $5 only: a, b" "$(cell $sec "$x $what" 3),$(cell $sec "$x $what" 4 | sed 's/^..*/(n)/')" ",(n)"
		done
	done
}

for ver in ghc90 ghc96; do
	pair "$ver-alloc" $ver-alloc-A1m $ver-alloc-A16m
	pair "$ver-psize" $ver-psize-n $ver-psize-2n
	pair_unrelated "$ver-apart" $ver-sparks $ver-pingpong sparks.hs pingpong.hs
	pair "$ver-au" $ver-alloc-A1m $ver-alloc-A1m-au
	pair "$ver-au-a" $ver-alloc-A1m-au $ver-alloc-A16m
done

# GC settings (issue 32: a diff of -G40 logs never ended): one program
# run with -G2, -G40 and -G50 (tests/fixtures/gens), each Gen row of the
# RTS's own report against the diff
D=tests/fixtures/gens
pair "ghc90-G40-G40" ghc90-G40 ghc90-G40
pair "ghc90-G2-G50" ghc90-G2 ghc90-G50
pair "ghc90-G50-G2" ghc90-G50 ghc90-G2

echo "diff-oracle: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
