#!/bin/sh
# The caps table, every column, and each collection's capabilities (gcs
# --tsv's caps column, SQL gcs.caps, the Chrome export's "caps" argument)
# against ghc-events' own text of every fixture that has one
# (tests/fixtures/*.oracle.show, tests/fixtures/modern/*.oracle.show),
# counted by tests/gc-oracle.awk (see its comment for what each figure is
# in the show text), never by hectic. Per fixture:
#  - caps: every row of `hectic sql "SELECT * FROM caps"` (cap, first,
#    last, running, gc, gcs) equal to the awk's; the modern fixtures' text
#    (ghc-events 0.20) prints no block markers, whose times open each
#    capability's events in hectic, so there first may only be earlier
#    than the text's first line of the capability (at most, not equal);
#  - gcs-tsv, sql-gcs, chrome: each collection's start, leading
#    capability and the capabilities that took part, from `hectic gcs
#    --tsv`, `hectic sql "SELECT start, cap, caps FROM gcs"` and the GC
#    track's slices of `hectic export --chrome` (read by jq), equal to the
#    awk's (one per "GC stats" line).
# And the oracle itself against a hand count: on threaded, caps 0..3 took
# part in 1/0/2/4 collections (its show text's "starting GC" lines: 1 on cap
# 0, none on 1, 2 on 2, 4 on 3).
# Usage: sh tests/gc-caps.sh path/to/hectic
set -u
H=$1
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-gccaps.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "gc-caps: FAIL: $*"; }
if ! command -v jq >/dev/null 2>&1; then
	echo "gc-caps: FAIL: jq not found (apt-get install jq)"
	exit 1
fi
# compare NAME WHAT: $T/want against $T/got, both sorted; neither empty
# unless the oracle says so ($3 = empty-ok)
compare() {
	if [ ! -s "$T/want" ] && [ "${3:-}" != empty-ok ]; then
		bad "$1: $2: the oracle has no rows"
	elif cmp -s "$T/want" "$T/got"; then
		ok
	else
		bad "$1: $2 differs from the show text (< show text, > hectic):"
		diff "$T/want" "$T/got" | head -8
	fi
}

# the oracle against the hand count
if awk -f tests/gc-oracle.awk tests/fixtures/threaded.oracle.show >"$T/o"; then
	got=$(awk -F '\t' '$1 == "cap" { print $2 "=" $7 }' "$T/o" | sort -n | tr '\n' ' ')
	if [ "$got" = "0=1 1=0 2=2 3=4 " ]; then
		ok
	else
		bad "threaded: the oracle's gcs per cap are '$got', by hand 0=1 1=0 2=2 3=4"
	fi
else
	bad "threaded: gc-oracle.awk failed"
fi

nfix=0
for show in tests/fixtures/*.oracle.show tests/fixtures/modern/*.oracle.show; do
	if [ ! -e "$show" ]; then
		bad "no fixture matches $show"
		continue
	fi
	log=${show%.oracle.show}.eventlog
	name=$(basename "${show%.oracle.show}")
	if [ ! -e "$log" ]; then
		bad "$name: $log missing"
		continue
	fi
	nfix=$((nfix + 1))
	if ! awk -f tests/gc-oracle.awk "$show" >"$T/o"; then
		bad "$name: gc-oracle.awk failed"
		continue
	fi
	ncoll=$(grep -c ': cap [0-9]*: GC stats for heap capset' "$show")

	# caps, every column
	if ! "$H" sql --tsv "$log" "SELECT cap, first, last, running, gc, gcs FROM caps" \
		>"$T/caps" 2>"$T/err"; then
		bad "$name: hectic sql caps failed: $(head -2 "$T/err")"
	elif grep -q ': event block: ' "$show"; then
		awk -F '\t' -v OFS='\t' '$1 == "cap" { print $2, $3, $4, $5, $6, $7 }' "$T/o" \
			| sort >"$T/want"
		sed 1d "$T/caps" | sort >"$T/got"
		compare "$name" caps
	else
		# no block markers in the text: first at most the text's
		awk -F '\t' -v OFS='\t' '$1 == "cap" { print $2, "<=" $3, $4, $5, $6, $7 }' \
			"$T/o" | sort >"$T/want"
		awk -F '\t' -v OFS='\t' '
			NR == FNR { if ($1 == "cap") f[$2] = $3; next }
			FNR == 1 { next }
			{ $2 = ($1 in f) && $2 + 0 <= f[$1] + 0 ? "<=" f[$1] : $2; print }
		' "$T/o" "$T/caps" | sort >"$T/got"
		compare "$name" caps
	fi

	# each collection: start, leading capability, the capabilities
	awk -F '\t' -v OFS='\t' '$1 == "gc" { print $2, $3, $4 }' "$T/o" | sort >"$T/want3"
	# and every column of gcs, in its order [gcs-all]: start, end, pause
	# (end - start), span_start, span_end, gen, copied, par_threads, cap,
	# caps
	awk -F '\t' -v OFS='\t' '$1 == "gc" {
		print $2, $5, sprintf("%.0f", $5 - $2), ($6 == "-" ? "" : $6), ($7 == "-" ? "" : $7),
			$8, $9, $10, $3, $4 }' "$T/o" | sort >"$T/want"
	n=$(wc -l <"$T/want")
	if [ "$n" -ne "$ncoll" ]; then
		bad "$name: the oracle has $n collections, the text $ncoll GC stats lines"
	fi
	ok_empty=
	[ "$ncoll" -eq 0 ] && ok_empty=empty-ok
	if "$H" gcs --tsv "$log" >"$T/gcs" 2>"$T/err" \
		|| { [ "$ncoll" -eq 0 ] && [ ! -s "$T/gcs" ]; }; then
		sed 1d "$T/gcs" | sort >"$T/got"
		compare "$name" "gcs-tsv [gcs-all]" $ok_empty
		if [ "$(head -1 "$T/gcs")" != "$(printf 'start\tend\tpause\tspan_start\tspan_end\tgen\tcopied\tpar_threads\tcap\tcaps')" ] \
			&& [ "$ncoll" -gt 0 ]; then
			bad "$name: gcs --tsv's header is $(head -1 "$T/gcs")"
		fi
	else
		bad "$name: hectic gcs --tsv failed: $(head -2 "$T/err")"
	fi
	if "$H" sql --tsv "$log" "SELECT start, end, pause, span_start, span_end, gen, copied, par_threads,
		cap, caps FROM gcs" >"$T/sql" 2>"$T/err"; then
		sed 1d "$T/sql" | sort >"$T/got"
		compare "$name" "sql-gcs [gcs-all]" $ok_empty
	else
		bad "$name: hectic sql gcs failed: $(head -2 "$T/err")"
	fi
	if "$H" export --chrome "$log" >"$T/json" 2>"$T/err" \
		&& jq -r '.traceEvents[]
			| select(.ph == "X" and .tid == 0 and .name == "GC")
			| [((.ts * 1000) | round | tostring), (.args.cap // "" | tostring),
			   ((.args.caps // []) | map(tostring) | join(",")
			    | if . == "" then "-" else . end)]
			| join("\t")' "$T/json" >"$T/chrome"; then
		sort "$T/chrome" >"$T/got"
		mv "$T/want3" "$T/want"
		compare "$name" chrome $ok_empty
	else
		bad "$name: hectic export --chrome or jq failed: $(head -2 "$T/err")"
	fi
done
[ "$nfix" -gt 0 ] || bad "no fixture with an oracle show"
echo "gc-caps: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
