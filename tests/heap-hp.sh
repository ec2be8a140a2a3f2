#!/bin/sh
# hectic heap --tsv against GHC's own .hp, census by census, band by band,
# byte by byte, on every fixture that has one (tests/fixtures/*.hp, GHC
# 9.0.2, and tests/fixtures/modern/*.hp, GHC 9.6.6 and 9.10.3):
# GHC writes the .hp from the same censuses it logs. The .hp starts and
# ends with an empty sample (before the first census, at exit) that the log
# does not have; the log's censuses match its non-empty ones in order.
# Band names: the .hp prefixes a cost-centre stack with its "(ccsID)",
# which the log does not carry, and cuts a stack's name at +RTS -L (25 by
# default: 21 characters and "..."); both are applied to hectic's names
# the way GHC's fprint_ccs does (-L is read from the .hp's JOB line).
# Usage: sh tests/heap-hp.sh path/to/hectic
set -u
H=$1
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-hp.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0 nipe=0
for hp in tests/fixtures/*.hp tests/fixtures/modern/*.hp; do
	if [ ! -e "$hp" ]; then
		echo "heap-hp: no tests/fixtures/*.hp"
		fail=$((fail + 1))
		continue
	fi
	log=${hp%.hp}.eventlog
	name=$(basename "${hp%.hp}")
	if [ ! -e "$log" ]; then
		echo "heap-hp: $name: $log missing"
		fail=$((fail + 1))
		continue
	fi
	L=$(sed -n '1s/.* -L\([0-9][0-9]*\).*/\1/p' "$hp")
	L=${L:-25}
	# stacks are cut (the -hc breakdown); strings are not
	cut=0
	grep -q '^JOB ".* -hc[ "]' "$hp" && cut=1
	# the .hp: census index (non-empty samples only), name less (N), bytes
	awk -F '\t' '
		/^BEGIN_SAMPLE/ { n = 0; buf = ""; next }
		/^END_SAMPLE/ { if (n) { i++; printf "%s", buf }; next }
		NF == 2 { nm = $1; sub(/^\([0-9]+\)/, "", nm); n++
			buf = buf sprintf("%d\t%s\t%s\n", i + 1, nm, $2) }
	' "$hp" | sort >"$T/want"
	if ! "$H" heap --tsv --raw "$log" >"$T/tsv" 2>"$T/err"; then
		echo "heap-hp: $name: hectic failed: $(head -2 "$T/err")"
		fail=$((fail + 1))
		continue
	fi
	awk -F '\t' -v cut="$cut" -v L="$L" '
		# the TSV writes \\, \t, \n and \r for those characters
		function unesc(s,   o, k, c, d) {
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
		}
		NR == 1 { next }
		$1 != t { t = $1; i++ }
		{ nm = unesc($2)
		  if (cut && nm != "MAIN" && length(nm) >= L + 1)
			nm = substr(nm, 1, L - 4) "..."
		  printf "%d\t%s\t%s\n", i, nm, $3 }
	' "$T/tsv" | sort >"$T/got"
	if [ ! -s "$T/want" ]; then
		echo "heap-hp: $name: no census in the .hp"
		fail=$((fail + 1))
	elif cmp -s "$T/want" "$T/got"; then
		pass=$((pass + 1))
	else
		echo "heap-hp: $name: hectic heap differs from the .hp (< .hp, > hectic):"
		diff "$T/want" "$T/got" | head -8
		fail=$((fail + 1))
	fi
	# (issue 45, item 4) the time of each census's rows [heap-time]: the
	# k-th census of the TSV (its rows in time order) at the show text's
	# k-th "start heap prof sample" line (ghc-events' own text; the .hp's
	# times are in seconds to 2 places), as many censuses as those lines
	show=${hp%.hp}.oracle.show
	awk '/^[0-9]+: (cap [0-9]+: )?start heap prof sample [0-9]+$/ { print $1 + 0 }' "$show" >"$T/times"
	awk -F '\t' 'NR > 1 && $1 != t { t = $1; print t }' "$T/tsv" >"$T/got-times"
	if [ -s "$T/times" ] && cmp -s "$T/times" "$T/got-times"; then
		pass=$((pass + 1))
	else
		echo "heap-hp: $name: heap's census times differ from the show text's heap samples (< show, > hectic) [heap-time]"
		diff "$T/times" "$T/got-times" | head -4
		fail=$((fail + 1))
	fi
	# each row's IPE columns [heap-ipe]: a -hi band (an info table's
	# address) has its IPE entry's table, closure type (its number named
	# by GHC's ClosureTypes.h), type, label, module and source, decoded
	# from the log's bytes by tests/eventlog.awk; any other band none
	if ! od -An -v -tu1 "$log" | LC_ALL=C awk -f tests/eventlog.awk >"$T/dec" 2>"$T/err"; then
		echo "heap-hp: $name: tests/eventlog.awk failed: $(head -1 "$T/err") [heap-ipe]"
		fail=$((fail + 1))
		continue
	fi
	awk -F '\t' -v OFS='\t' '
		FNR == NR { if ($1 == "I" && !(("0x" $2) in ipe)) {
				src = $8 == ":" ? "" : $8
				ipe["0x" $2] = $3 OFS $9 OFS $5 OFS $6 OFS $7 OFS src }
			next }
		FNR > 1 { print $2, ($2 in ipe) ? ipe[$2] : OFS OFS OFS OFS OFS }' "$T/dec" "$T/tsv" | sort -u >"$T/want"
	awk -F '\t' -v OFS='\t' 'NR > 1 { print $2, $4, $5, $6, $7, $8, $9 }' "$T/tsv" | sort -u >"$T/got"
	if [ -s "$T/want" ] && cmp -s "$T/want" "$T/got"; then
		pass=$((pass + 1))
		grep -q '	CONSTR' "$T/got" && nipe=$((nipe + 1))
	else
		echo "heap-hp: $name: heap's IPE columns differ from the log's IPE entries (< decoded, > hectic) [heap-ipe]"
		diff "$T/want" "$T/got" | head -4
		fail=$((fail + 1))
	fi
done
if [ "$nipe" -lt 2 ]; then
	echo "heap-hp: the IPE columns were compared on $nipe -hi fixtures only [heap-ipe]"
	fail=$((fail + 1))
fi
echo "heap-hp: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
