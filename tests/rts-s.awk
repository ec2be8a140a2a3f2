# The figures of a +RTS -s style report (the RTS's, or hectic summary's
# text: the same words), one "key<TAB>value<TAB>line" each: the parser
# tests/summary-rts.sh and tests/diff-oracle.sh share.
# Usage: awk -f tests/rts-s.awk FILE
function emit(k, v) { printf "%s\t%s\t%s\n", k, v, $0 }
function sec(x) { sub(/s$/, "", x); return x } # "0.042s": 0.042
function inparen(s) { sub(/s elapsed\).*/, "", s); sub(/.*\( */, "", s); return s }
/bytes allocated in the heap$/ { emit("alloc", $1) }
/bytes copied during GC$/ { emit("copied", $1) }
/bytes maximum residency/ { emit("maxres", $1)
	if (match($0, /\([0-9]+ sample/)) emit("maxres_n", substr($0, RSTART + 1, RLENGTH - 8)) }
/bytes maximum slop$/ { emit("slop", $1) }
/total memory in use/ { emit("mem", $1); emit("mem_unit", $2)
	if (match($0, /\([0-9]+ [A-Za-z]+ lost due to fragmentation\)/)) {
		split(substr($0, RSTART + 1, RLENGTH - 2), w, " ")
		emit("lost", w[1]); emit("lost_unit", w[2]) }
	if (/fragmentation: not in the log/) emit("frag_said", 1)
	if (/\(at least/) emit("mem_atleast", 1) }
$1 == "Gen" && $4 == "colls," { g = "g" $2 "_"
	emit(g "colls", $3); emit(g "par", $5); if (NF == 10) emit(g "cpu", sec($7))
	emit(g "el", sec($(NF - 2))); emit(g "avg", sec($(NF - 1))); emit(g "max", sec($NF)) }
$1 == "Gen" && $4 == "syncs," { emit("sync_n", $3); emit("sync_el", sec($5))
	emit("sync_avg", sec($6)); emit("sync_max", sec($7)) }
$1 == "Gen" && $3 == "concurrent," { emit("conc_el", sec($5)) }
/the RTS.s "concurrent" row is not in the log/ { emit("conc_said", 1) }
/Parallel GC work balance:/ { v = $5; sub(/%$/, "", v); emit("balance", v) }
$1 == "TASKS:" && !/not in the log/ { s = $0; sub(/^ *TASKS: */, "", s); emit("tasks", s) }
/TASKS/ && /not in the log/ { emit("tasks_said", 1) }
/CPU/ && /not in the log/ { emit("cpu_said", 1) }
$1 == "SPARKS:" { s = $0; sub(/^ *SPARKS: */, "", s); emit("sparks", s) }
/^ *(INIT|MUT|GC|CONC GC|RP|PROF|EXIT|Total) +time / { k = $1
	emit("t_" k "_el", inparen($0))
	s = $0; sub(/^ *[A-Z][A-Za-z ]* time */, "", s)
	if (s !~ /^\(/) { sub(/s .*/, "", s); emit("t_" k "_cpu", s) } }
/^ *GC +time .*PROF time is not in the log/ { emit("prof_said", 1) }
/^ *EXIT +time .*estimated/ { emit("exit_est", 1) }
/^ *%GC +time/ { v = $3; sub(/%$/, "", v); emit("pgc_cpu", v)
	s = $0; sub(/% elapsed\).*/, "", s); sub(/.*\( */, "", s); emit("pgc_el", s) }
/^ *Alloc rate/ { emit("rate", $3); s = $0; sub(/.*[0-9] bytes /, "", s)
	emit("rate_label", s) }
/^ *Productivity/ { emit("prod_line", 1)
	for (i = 2; i <= NF; i++) if ($i ~ /%,?$/) { v = $i; sub(/%,?$/, "", v)
		if ($(i + 3) ~ /^user/) emit("prod_user", v)
		if ($(i + 3) ~ /^elapsed/) emit("prod_el", v) } }
/No GC or heap events/ { nogc = 1; para = "" }
nogc && /^ *$/ { nogc = 0; gsub(/  +/, " ", para); $0 = para; emit("nogc", para) }
nogc { para = para " " $0 }
