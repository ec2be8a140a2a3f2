#!/bin/sh
# hectic ticky against GHC's own +RTS -r ticky report (.ticky: the same
# binary, run with -r instead of -lT, the program deterministic) and against
# ghc-events' show text of the same log (.oracle.show), for GHC 9.6 and 9.10
# (tests/fixtures/modern, README "Ticky"):
# - the text's header and per-counter table equal the .ticky's, line for line;
# - --tsv's figures equal the report's, its ids and info tables the log's
#   definitions, its IPE table and source the show text's "Info Table:" line
#   for the counter's itbl (ticky-ipe);
# - --sort KEY [--top N] is the report's rows ranked by KEY (ties in its order);
# - --from/--to sums the samples whose begin (212) is in the window, and
#   --samples --tsv is every sample of the show text;
# - a log cut before the definitions (written at exit) names its counters
#   <counter ID> and says so; a log without ticky events says how to get them.
# Every reference is computed here, with awk, from GHC's files.
# Usage: sh tests/ticky.sh path/to/hectic
set -u
H=$1
M=tests/fixtures/modern
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-ticky.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "ticky: $1"
}
# same NAME GOT WANT: two files equal and not empty
same() {
	if [ ! -s "$2" ] || [ ! -s "$3" ]; then
		bad "$1: empty output or reference"
	elif cmp -s "$2" "$3"; then
		ok
	else
		bad "$1: differs (< want, > got):"
		diff "$3" "$2" | head -8
	fi
}

# table FILE: the header line of GHC's per-counter table and its rows (from
# the dashes to the first blank line)
table() {
	awk '/STG Name/ { print; h = 1; next }
		h && /^-+$/ { r = 1; next }
		r && /^$/ { exit }
		r { print }' "$1"
}
# rows REPORT: the .ticky's rows as "entries<TAB>alloc<TAB>allocd<TAB>name"
rows() {
	awk '/STG Name/ { col = index($0, "STG Name"); next }
		col && /^-+$/ { r = 1; next }
		r && /^$/ { exit }
		r { nm = substr($0, col); sub(/[ \t]+$/, "", nm); print $1 "\t" $2 "\t" $3 "\t" nm }' "$1"
}
# defs SHOW: "id<TAB>itbl<TAB>name" of every definition
defs() {
	awk '/: ticky counter definition [0-9]+, / {
		id = $5; sub(/,$/, "", id)
		nm = $0; sub(/^.*, name: /, "", nm)
		it = nm; sub(/^.*, itbl: /, "", it); sub(/, itbl: [0-9a-f]+$/, "", nm)
		print id "\t" it "\t" nm }' "$1"
}
# samples SHOW FROM TO: "t212<TAB>id<TAB>entries<TAB>alloc<TAB>allocd" of
# every sample whose begin is in [FROM, TO]
samples() {
	awk -v from="$2" -v to="$3" '
		/: ticky begin counter sample$/ { t = $1; sub(/:$/, "", t); next }
		/: ticky counter sample [0-9]+: entry count: / {
			if (t + 0 < from + 0 || t + 0 > to + 0) next
			id = $5; sub(/:$/, "", id); e = $8; sub(/,$/, "", e)
			print t "\t" id "\t" e "\t" $9 "\t" $11 }' "$1"
}

# tsv_fields NAME LOG: every row of --tsv and of --samples --tsv has as many
# fields as its header (an empty field where a value is unknown)
tsv_fields() {
	for mode in "" --samples; do
		if ! "$H" ticky --tsv $mode "$2" >"$T/fields" 2>/dev/null; then
			bad "$1${mode:+ $mode}: hectic ticky failed"
			continue
		fi
		r=$(awk -F '\t' 'NR == 1 { n = NF; next } NF != n { bad++; if (!w) w = NR ": " NF " fields, the header " n }
			END { print (NR > 0 ? "" : "no header") (bad ? bad " rows, the first at line " w : "") }' "$T/fields")
		[ -z "$r" ] && ok || bad "$1${mode:+ $mode}: $r"
	done
}

for v in 96 910; do
	log=$M/ghc$v-ticky.eventlog
	show=$M/ghc$v-ticky.oracle.show
	rep=$M/ghc$v-ticky.ticky
	if [ ! -e "$log" ] || [ ! -e "$rep" ] || [ ! -e "$show" ]; then
		bad "ghc$v: fixture missing"
		continue
	fi
	# the table, line for line
	if ! "$H" ticky "$log" >"$T/out" 2>"$T/err"; then
		bad "ghc$v: hectic ticky failed: $(head -2 "$T/err")"
		continue
	fi
	table "$rep" >"$T/want"
	table "$T/out" >"$T/got"
	same "ghc$v: table" "$T/got" "$T/want"
	grep -q 'ALLOC_HEAP_ctr' "$T/out" && ok || bad "ghc$v: no word on the RTS counters"

	# --tsv: the figures by name; the ids and info tables the definitions'
	rows "$rep" | sort >"$T/want"
	"$H" ticky --tsv --raw "$log" >"$T/tsv"
	awk -F '\t' 'NR > 1 { print $5 "\t" $6 "\t" $7 "\t" $2 }' "$T/tsv" | sort >"$T/got"
	same "ghc$v: tsv figures" "$T/got" "$T/want"
	defs "$show" | awk -F '\t' '{ print $1 "\t0x" $2 "\t" $3 }' | sort >"$T/want"
	awk -F '\t' 'NR > 1 { print $1 "\t" $8 "\t" $2 }' "$T/tsv" | sort >"$T/got"
	same "ghc$v: tsv ids and itbls" "$T/got" "$T/want"
	head -1 "$T/tsv" | grep -q '^counter	name	arity	kinds	entries	alloc	allocd	itbl	table	closure	type	label	module	src$' &&
		ok || bad "ghc$v: tsv header: $(head -1 "$T/tsv")"

	# --sort: the report's rows ranked, ties in its order (sort -s)
	for key in entries:1 alloc:2 allocd:3 name:4; do
		k=${key%:*} f=${key#*:}
		if [ "$k" = name ]; then
			rows "$rep" | LC_ALL=C sort -s -t '	' -k4,4 >"$T/want"
		else
			rows "$rep" | LC_ALL=C sort -s -t '	' -k"$f,$f"nr >"$T/want"
		fi
		"$H" ticky --sort "$k" --top 1000 --tsv --raw "$log" |
			awk -F '\t' 'NR > 1 { print $5 "\t" $6 "\t" $7 "\t" $2 }' >"$T/got"
		same "ghc$v: --sort $k" "$T/got" "$T/want"
	done
	# --top N: the first N of the ranking, in the text's table too
	rows "$rep" | LC_ALL=C sort -s -t '	' -k2,2nr | head -3 | cut -f4 >"$T/want"
	"$H" ticky --sort alloc --top 3 "$log" | table /dev/stdin |
		awk 'NR == 1 { col = index($0, "STG Name"); next } { print substr($0, col) }' >"$T/got"
	same "ghc$v: --sort alloc --top 3" "$T/got" "$T/want"
	"$H" ticky --sort bogus "$log" >/dev/null 2>&1
	[ $? -eq 2 ] && ok || bad "ghc$v: --sort bogus is not a usage error"

	# a window: the samples whose begin is in it, summed per counter
	from=$(awk '/: ticky begin counter sample$/ { n++; if (n == 3) { sub(/:.*/, ""); print; exit } }' "$show")
	to=$(awk '/: ticky begin counter sample$/ { n++; if (n == 7) { sub(/:.*/, ""); print; exit } }' "$show")
	samples "$show" "$from" "$to" | awk -F '\t' '
		{ e[$2] += $3; a[$2] += $4; d[$2] += $5 }
		END { for (i in e) print i "\t" e[i] "\t" a[i] "\t" d[i] }' | sort >"$T/want"
	"$H" ticky --tsv --from "$from" --to "$to" "$log" |
		awk -F '\t' 'NR > 1 && ($5 || $6 || $7) { print $1 "\t" $5 "\t" $6 "\t" $7 }' | sort >"$T/got"
	same "ghc$v: window $from..$to" "$T/got" "$T/want"
	# a window in the text: its rows are the window's sums too
	"$H" ticky --from "$from" --to "$to" "$log" | table /dev/stdin | tail -n +2 |
		awk '{ s += $1 } END { print s + 0 }' >"$T/got"
	awk -F '\t' '{ s += $2 } END { print s + 0 }' "$T/want" >"$T/want2"
	same "ghc$v: window text" "$T/got" "$T/want2"

	# --samples --tsv: every sample, at its begin's time
	samples "$show" 0 99999999999999999 | sort >"$T/want"
	"$H" ticky --samples --tsv "$log" | awk -F '\t' 'NR > 1 { print $1 "\t" $2 "\t" $4 "\t" $5 "\t" $6 }' |
		sort >"$T/got"
	same "ghc$v: --samples" "$T/got" "$T/want"

	# a log cut before the definitions: <counter ID>, and said
	cutat=$(grep -obUa "$(defs "$show" | head -1 | cut -f3 | cut -c1-8)" "$log" | head -1 | cut -d: -f1)
	if [ -z "$cutat" ]; then
		bad "ghc$v: no definition found in the log's bytes"
	else
		head -c "$cutat" "$log" >"$T/cut.eventlog"
		"$H" ticky "$T/cut.eventlog" >"$T/out" 2>/dev/null
		grep -q 'samples but no definition' "$T/out" && ok || bad "ghc$v: cut: not said"
		samples "$show" 0 99999999999999999 | awk -F '\t' '
			{ e[$2] += $3; a[$2] += $4; d[$2] += $5 }
			END { for (i in e) print i "\t" e[i] "\t" a[i] "\t" d[i] }' | sort >"$T/want"
		table "$T/out" | tail -n +2 |
			awk '{ id = $0; sub(/^.*<counter /, "", id); sub(/>$/, "", id)
				print id "\t" $1 "\t" $2 "\t" $3 }' | sort >"$T/got"
		same "ghc$v: cut log's counters" "$T/got" "$T/want"
		# sorted by name, the undefined counters have no name at all (a
		# sanitizer build stops at a null pointer handed to memcmp)
		if "$H" ticky --sort name --tsv "$T/cut.eventlog" >"$T/out" 2>"$T/err" &&
			[ "$(awk 'NR > 1' "$T/out" | grep -c '<counter ')" -ge 2 ]; then
			ok
		else
			bad "ghc$v: cut --sort name: $(head -3 "$T/err")"
		fi
		tsv_fields "ghc$v: cut log --tsv" "$T/cut.eventlog"
	fi

	# IPE: the table and source of each counter's info table, as show says
	ilog=$M/ghc$v-ticky-ipe.eventlog ishow=$M/ghc$v-ticky-ipe.oracle.show
	defs "$ishow" >"$T/defs"
	awk -F '\t' 'FNR == NR { itbl[$2] = $1; next }
		/: Info Table: / { s = $0; sub(/^[0-9]+: Info Table: /, "", s)
			a = s; sub(/:.*/, "", a)
			if (!(a in itbl) || (a in seen)) next
			seen[a] = 1
			rest = s; sub(/^[0-9a-f]+:[0-9]+:/, "", rest)
			tb = rest; sub(/ - .*$/, "", tb); src = rest; sub(/^.* - /, "", src)
			if (src == ":") src = ""
			print itbl[a] "\t" tb "\t" src }' "$T/defs" "$ishow" | sort >"$T/want"
	"$H" ticky --tsv --raw "$ilog" | awk -F '\t' 'NR > 1 && $9 != "" { print $1 "\t" $9 "\t" $14 }' |
		sort >"$T/got"
	same "ghc$v: IPE table and source" "$T/got" "$T/want"
	[ "$(grep -c . "$T/want")" -ge 10 ] && ok || bad "ghc$v: fewer than 10 counters with IPE"
	# (issue 45, item 4) every counter's IPE columns [ticky-ipe]: its
	# itbl's IPE entry, decoded from the log's bytes by tests/eventlog.awk
	# (table, the closure type's number named by GHC's ClosureTypes.h,
	# type, label, module, source; none for an itbl with no entry)
	if od -An -v -tu1 "$ilog" | LC_ALL=C awk -f tests/eventlog.awk >"$T/dec" 2>"$T/err"; then
		"$H" ticky --tsv --raw "$ilog" >"$T/itsv"
		awk -F '\t' -v OFS='\t' '
			FNR == NR { if ($1 == "I" && !(("0x" $2) in ipe)) {
					src = $8 == ":" ? "" : $8
					ipe["0x" $2] = $3 OFS $9 OFS $5 OFS $6 OFS $7 OFS src }
				next }
			FNR > 1 { print $1, ($8 in ipe) ? ipe[$8] : OFS OFS OFS OFS OFS }' "$T/dec" "$T/itsv" | sort >"$T/want"
		awk -F '\t' -v OFS='\t' 'NR > 1 { print $1, $9, $10, $11, $12, $13, $14 }' "$T/itsv" | sort >"$T/got"
		same "ghc$v: IPE columns against the decoded IPE entries [ticky-ipe]" "$T/got" "$T/want"
	else
		bad "ghc$v: tests/eventlog.awk failed: $(head -1 "$T/err") [ticky-ipe]"
	fi
	# each counter's arity and kinds, from its definition in the show
	# text [ticky-defs]: "ticky counter definition ID, arity: A, def
	# kinds: K, name: ..."
	for lg in "$log" "$ilog"; do
		awk '/: ticky counter definition [0-9]+, arity: / {
				id = $5; sub(/,$/, "", id); a = $7; sub(/,$/, "", a)
				k = $0; sub(/^.*, def kinds: /, "", k); sub(/, name: .*$/, "", k)
				print id "\t" a "\t" k }' "${lg%.eventlog}.oracle.show" | sort >"$T/want"
		"$H" ticky --tsv --raw "$lg" | awk -F '\t' 'NR > 1 { print $1 "\t" $3 "\t" $4 }' | sort >"$T/got"
		same "ghc$v: arity and kinds against the show text's definitions [ticky-defs]" "$T/got" "$T/want"
	done
	# the text: one location line per counter with IPE, GHC's table as it is
	n=$("$H" ticky "$ilog" | grep -c '^      0x[0-9a-f]* .* in .* at ')
	[ "$n" = "$(grep -c . "$T/want")" ] && ok || bad "ghc$v: text IPE lines $n"
	# the log without -finfo-table-map: no provenance in the TSV
	"$H" ticky --tsv "$log" | awk -F '\t' 'NR > 1 && $9 != ""' >"$T/got"
	[ ! -s "$T/got" ] && ok || bad "ghc$v: IPE fields without IPE events"
done

# every ticky fixture's TSV: rows as wide as the header
for f in $M/*ticky*.eventlog; do
	if [ ! -e "$f" ]; then
		bad "no ticky fixture matches $f"
		continue
	fi
	tsv_fields "$(basename "$f") --tsv" "$f"
done

# a log without ticky events says how to get them, and is no error
"$H" ticky $M/ghc910-ticky-r.eventlog >"$T/out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q 'ghc -ticky' "$T/out" && grep -q '+RTS -lT' "$T/out" &&
	grep -q 'cannot be combined with -r' "$T/out" && ok || bad "no-ticky log: rc $rc, $(cat "$T/out")"
"$H" ticky --tsv $M/ghc910-ticky-r.eventlog >"$T/out" 2>"$T/err"
[ "$(wc -l <"$T/out")" -eq 1 ] && grep -q '+RTS -lT' "$T/err" && ok ||
	bad "no-ticky log --tsv: $(cat "$T/out" "$T/err")"

# an arguments' column longer than GHC's 60 bytes (a JSON description, as
# GHC 9.4+ writes for thunks) is cut with "... " at a character's start, two
# spaces before the STG name (it ran into the name after one); one that fits
# stays as GHC pads it. A crafted log: the three ticky event types, a begin,
# two samples, two definitions (id, arity, kinds, name, itbl, json).
python3 - "$T/long.eventlog" <<'PY'
import struct, sys
def etype(tag, size, desc):
    d = desc.encode()
    return b"etb\0" + struct.pack(">Hh", tag, size) + struct.pack(">I", len(d)) + d + \
        struct.pack(">I", 0) + b"ete\0"
def ev(tag, t, payload, var):
    return struct.pack(">HQ", tag, t) + (struct.pack(">H", len(payload)) if var else b"") + payload
def cdef(t, cid, kinds, name):
    p = struct.pack(">QH", cid, 1) + kinds.encode() + b"\0" + name.encode() + b"\0" + \
        struct.pack(">Q", 0x4000) + b"{}\0"
    return ev(210, t, p, True)
kinds = '{"type":"thk","fvs":"\u00e9' + "L" * 48 + '","arity":0}'
log = b"hdrb" + b"hetb" + etype(210, -1, "Ticky def") + etype(211, 32, "Ticky sample") + \
    etype(212, 0, "Ticky begin") + b"hete" + b"hdre" + b"datb" + \
    ev(212, 10, b"", False) + \
    ev(211, 20, struct.pack(">QQQQ", 1, 5, 64, 0), False) + \
    ev(211, 21, struct.pack(">QQQQ", 2, 7, 0, 0), False) + \
    cdef(30, 1, kinds, "sat_long{v} (Main) (thk)") + cdef(31, 2, "ii", "f{v r1} (Main) (fun)") + \
    b"\xff\xff"
open(sys.argv[1], "wb").write(log)
PY
"$H" ticky --raw "$T/long.eventlog" >"$T/out" 2>"$T/err"
rc=$?
row1=$(grep 'sat_long' "$T/out")
row2=$(grep 'f{v r1}' "$T/out")
[ $rc -eq 0 ] && ok || bad "long kinds: exit $rc: $(cat "$T/err")"
case $row1 in
*'LLLLLLLL... '*' sat_long{v} (Main) (thk)') ok ;;
*) bad "long kinds: not cut with '... ' and two spaces: $row1" ;;
esac
# the name at byte 102 (GHC's %11s%12s%12s %3u %-60.60s and a space)
[ "$(printf '%s' "$row1" | LC_ALL=C awk '{ print index($0, "sat_long") }')" = 102 ] && ok ||
	bad "long kinds: the name not at byte 102: $row1"
[ "$(printf '%s' "$row2" | LC_ALL=C awk '{ print index($0, "f{v r1}") }')" = 102 ] && ok ||
	bad "short kinds: the name not at byte 102: $row2"
case $row2 in
*' 1 ii'*) ok ;;
*) bad "short kinds: $row2" ;;
esac

echo "ticky: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
