#!/bin/sh
# hectic heap's peak and mean per band, over the whole run and over random
# --from/--to windows, against GHC's own .hp of the same run (every
# tests/fixtures/*.hp and tests/fixtures/modern/*.hp), never against hectic:
#  - the censuses: the log's are the .hp's non-empty samples, in order
#    (tests/heap-hp.sh checks them band by band); their times in the log
#    are the show text's "start heap prof sample" lines (NAME.oracle.show,
#    ghc-events' text), which must be as many;
#  - a window holds census k when from <= its time <= to; the windows are
#    drawn from a fixed seed (HEAP_WINDOW_SEED, default 45; printed on a
#    failure with the window), each from census i to census j (i <= j),
#    its edges on the censuses' times or strictly between them and the
#    censuses outside;
#  - per band of the .hp (its lines in one sample summed, as the format
#    has it; the name less its "(ccsID)" and cut at -L as heap-hp.sh does
#    it, a -hi band by its address, hectic's first word): its peak over the
#    window's censuses and its mean, the sum over them divided by how many
#    they are (bytes, rounded down), both written as hectic writes bytes (3
#    digits and a unit: 1.38MB, 858kB, 144B); the bands with a peak above
#    0, all of them (--top 1000000); and the header's count of censuses.
# Usage: sh tests/heap-window.sh path/to/hectic
set -u
H=$1
SEED=${HEAP_WINDOW_SEED:-45}
NWIN=${HEAP_WINDOW_N:-6}
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-heapwin.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "heap-window: FAIL: $*"; }

# the figures hectic prints, from the .hp's samples "k<TAB>name<TAB>bytes"
# in $T/hp for the censuses lo..hi: "N censuses" then "peak<TAB>mean<TAB>band"
# sorted
want() {
	awk -F '\t' -v lo="$1" -v hi="$2" '
		function fmt(v,   x, i, u) {
			if (v < 1000) return sprintf("%dB", v)
			split("kB MB GB TB PB EB", u, " ")
			x = v; i = 0
			while (i < 6 && x >= 999.5) { x /= 1000; i++ }
			return sprintf(x < 9.995 ? "%.2f%s" : x < 99.95 ? "%.1f%s" : "%.0f%s", x, u[i])
		}
		$1 < lo || $1 > hi { next }
		{ if (!($2 in peak) || $3 + 0 > peak[$2]) peak[$2] = $3 + 0; sum[$2] += $3 }
		END {
			n = hi - lo + 1
			printf "%d censuses\n", n
			for (b in peak) {
				nm = b
				sub(/^\([0-9]+\)/, "", nm)
				if (peak[b] > 0)
					printf "%s\t%s\t%s\n", fmt(peak[b]), fmt(int(sum[b] / n)), nm | "sort"
			}
		}
	' "$T/hp"
}

# hectic's: the header's count, then "peak<TAB>mean<TAB>band" sorted, the
# band cut as the .hp cuts it
got() {
	awk -v cut="$cut" -v L="$L" -v hi_="$byinfo" '
		NR == 1 { printf "%d censuses\n", $1; next }
		NR == 2 { next }
		/^ *[0-9.]+[kMGTPE]?B +[0-9.]+[kMGTPE]?B / {
			b = substr($0, 33)
			if (hi_) sub(/ .*/, "", b)
			if (cut && b != "MAIN" && length(b) >= L + 1)
				b = substr(b, 1, L - 4) "..."
			printf "%s\t%s\t%s\n", $1, $2, b | "sort"
		}
	' "$T/out"
}

nfix=0
for hp in tests/fixtures/*.hp tests/fixtures/modern/*.hp; do
	if [ ! -e "$hp" ]; then
		bad "no fixture matches $hp"
		continue
	fi
	log=${hp%.hp}.eventlog
	show=${hp%.hp}.oracle.show
	name=$(basename "${hp%.hp}")
	if [ ! -e "$log" ] || [ ! -e "$show" ]; then
		bad "$name: $log or $show missing"
		continue
	fi
	nfix=$((nfix + 1))
	L=$(sed -n '1s/.* -L\([0-9][0-9]*\).*/\1/p' "$hp")
	L=${L:-25}
	# stacks are cut (the -hc breakdown), a -hi band is its address
	cut=0
	grep -q '^[0-9]*: start heap profiling .* broken down by cost centre$' "$show" && cut=1
	byinfo=0
	grep -q '^[0-9]*: start heap profiling .* broken down by info table$' "$show" && byinfo=1
	# the .hp's non-empty samples, numbered from 1, a band's lines summed
	awk -F '\t' '
		/^BEGIN_SAMPLE/ { n = 0; delete s; delete o; no = 0; next }
		/^END_SAMPLE/ {
			if (n) { i++; for (k = 1; k <= no; k++) printf "%d\t%s\t%.0f\n", i, o[k], s[o[k]] }
			next
		}
		NF == 2 { if (!($1 in s)) o[++no] = $1
			s[$1] += $2; n++ }
	' "$hp" >"$T/hp"
	# the censuses' times in the log
	awk '/^[0-9]+: (cap [0-9]+: )?start heap prof sample / { print $1 }' "$show" >"$T/times"
	nc=$(wc -l <"$T/times")
	nhp=$(awk -F '\t' 'END { print $1 + 0 }' "$T/hp")
	if [ "$nc" -eq 0 ] || [ "$nc" -ne "$nhp" ]; then
		bad "$name: the show text has $nc censuses, the .hp $nhp non-empty samples"
		continue
	fi
	# the whole run
	if "$H" heap --raw --top 1000000 "$log" >"$T/out" 2>"$T/err"; then
		want 1 "$nc" >"$T/want"
		got >"$T/got"
		if cmp -s "$T/want" "$T/got"; then
			ok
		else
			bad "$name: the whole run differs from the .hp (< .hp, > hectic):"
			diff "$T/want" "$T/got" | head -8
		fi
	else
		bad "$name: hectic heap failed: $(head -2 "$T/err")"
	fi
	# the windows: "lo hi from to" a line, from the seed and the fixture's name
	awk -v seed="$SEED" -v nw="$NWIN" -v name="$name" '
		function rnd(n) { x = (x * 16807) % 2147483647; return x % n }
		{ t[++n] = $1 }
		END {
			x = seed
			for (k = 1; k <= length(name); k++)
				x = (x * 31 + index("abcdefghijklmnopqrstuvwxyz0123456789-", substr(name, k, 1))) % 2147483647
			if (x == 0) x = 1
			for (w = 1; w <= nw; w++) {
				i = 1 + rnd(n); j = 1 + rnd(n)
				if (i > j) { k = i; i = j; j = k }
				if (rnd(3) == 0) { from = t[i]; to = t[j] }
				else {
					prev = i > 1 ? t[i - 1] : 0
					next_ = j < n ? t[j + 1] : t[j] + 1000000000
					from = t[i] - (t[i] - prev > 1 ? rnd(t[i] - prev - 1) : 0)
					to = t[j] + (next_ - t[j] > 1 ? rnd(next_ - t[j] - 1) : 0)
				}
				printf "%d %d %.0f %.0f\n", i, j, from, to
			}
		}
	' "$T/times" >"$T/windows"
	if [ "$(wc -l <"$T/windows")" -ne "$NWIN" ]; then
		bad "$name: $(wc -l <"$T/windows") windows drawn, not $NWIN"
		continue
	fi
	while read -r lo hi from to; do
		if "$H" heap --raw --top 1000000 --from "$from" --to "$to" "$log" >"$T/out" 2>"$T/err"; then
			want "$lo" "$hi" >"$T/want"
			got >"$T/got"
			if cmp -s "$T/want" "$T/got"; then
				ok
			else
				bad "$name: --from $from --to $to (censuses $lo..$hi; seed $SEED) differs from the .hp (< .hp, > hectic):"
				diff "$T/want" "$T/got" | head -8
			fi
		else
			bad "$name: hectic heap --from $from --to $to failed (seed $SEED): $(head -2 "$T/err")"
		fi
	done <"$T/windows"
done
[ "$nfix" -gt 0 ] || bad "no .hp fixture"
echo "heap-window: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
