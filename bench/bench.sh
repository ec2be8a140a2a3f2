#!/bin/sh
# bench/bench.sh HECTIC: time `hectic show` on a ~1 GB GHC eventlog against
# `cat`, and measure its peak resident and peak anonymous memory.
# `make bench` runs it with the freshly built binary.  See bench/README.md.
#
# Environment:
#   HECTIC_BENCH_DIR    where the (cached) log lives   [/tmp/hectic-bench]
#   HECTIC_BENCH_SIZE   target log size, bytes or with K/M/G (10^3, 10^6,
#                       10^9) suffix, e.g. 100M for a quick run   [1G]
#   HECTIC_BENCH_SYNTH  1: use the synthetic log of bench/gen.c instead of
#                       running bench/ring.hs (also the fallback without ghc)
#   HECTIC_BENCH_RUNS   timed runs of each command, best is kept   [3]
#   HECTIC_BENCH_STRICT 1: exit 1 when a target is missed
#   CC, GHC             compilers   [cc, ghc]
set -eu

TARGET_RATIO=25   # hectic show may take at most this many times cat's time
TARGET_ANON_MB=64 # peak anonymous memory of hectic show, MB (10^6 bytes)
TARGET_SUMMARY_RATIO=10 # open + index + tracks + summary, times cat's time
TARGET_SUMMARY_ANON_PCT=5 # its peak anonymous memory, percent of the file

die() { echo "bench: $*" >&2; exit 1; }
note() { echo "bench: $*" >&2; }

[ $# -eq 1 ] || die "usage: sh bench/bench.sh PATH/TO/hectic"
hectic=$1
if [ ! -f "$hectic" ] || [ ! -x "$hectic" ]; then
	die "$hectic: no such executable (run make first)"
fi
case $hectic in /*) ;; *) hectic=$(pwd)/$hectic ;; esac
here=$(cd "$(dirname "$0")" && pwd)

dir=${HECTIC_BENCH_DIR:-/tmp/hectic-bench}
size_arg=${HECTIC_BENCH_SIZE:-1G}
synth=${HECTIC_BENCH_SYNTH:-0}
runs=${HECTIC_BENCH_RUNS:-3}
strict=${HECTIC_BENCH_STRICT:-0}
CC=${CC:-cc}
GHC=${GHC:-ghc}

# SIZE[K|M|G][B] -> bytes (decimal units)
target=$(echo "$size_arg" | awk '
	/^[0-9]+([kKmMgG][bB]?|[bB])?$/ {
		n = $0; m = 1
		if (n ~ /[kK]/) m = 1e3; else if (n ~ /[mM]/) m = 1e6; else if (n ~ /[gG]/) m = 1e9
		sub(/[^0-9].*$/, "", n); printf "%.0f\n", n * m; exit }
	{ exit 1 }') || die "bad HECTIC_BENCH_SIZE '$size_arg' (e.g. 100M, 1G)"
[ "$target" -ge 100000 ] || die "HECTIC_BENCH_SIZE '$size_arg' is too small (at least 100K)"
case $runs in '' | *[!0-9]* | 0) die "bad HECTIC_BENCH_RUNS '$runs'" ;; esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hectic-bench.XXXXXX")
partial=
cleanup() {
	rm -rf "$tmp"
	[ -z "$partial" ] || rm -f "$partial"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Time a private copy, so a rebuild during the run cannot disturb it.
cp "$hectic" "$tmp/hectic" || die "cannot copy $hectic"

# Helpers: the synthetic generator / event counter and the measuring tool.
"$CC" -std=c11 -O2 -o "$tmp/gen" "$here/gen.c" || die "cannot compile bench/gen.c"
"$CC" -std=c11 -O2 -pthread -o "$tmp/runstat" "$here/runstat.c" ||
	die "cannot compile bench/runstat.c"
repo=$(cd "$here/.." && pwd)
"$CC" -std=c11 -O2 -pthread -D_DEFAULT_SOURCE -o "$tmp/query" "$here/query.c" \
	"$repo"/parser/*.c "$repo"/model/*.c || die "cannot compile bench/query.c"

if [ "$synth" != 1 ] && ! command -v "$GHC" >/dev/null 2>&1; then
	note "$GHC not found: using the synthetic log of bench/gen.c"
	synth=1
fi
if [ "$synth" = 1 ]; then
	kind=synth
	key="synth $(cksum <"$here/gen.c") $target"
else
	kind=ring
	ghc_version=$("$GHC" --numeric-version)
	[ "$ghc_version" = 9.0.2 ] || note "warning: the benchmark log is meant to come from GHC 9.0.2, $GHC is $ghc_version"
	key="ring $(cksum <"$here/ring.hs") ghc-$ghc_version $target"
fi
if [ "$size_arg" = 1G ]; then
	log=$dir/$kind.eventlog
else
	log=$dir/$kind-$size_arg.eventlog
fi
stamp=$log.stamp # line 1: cache key; line 2: events and blocks

# make_ring OUT: build bench/ring.hs and run it for about $target bytes.
make_ring() {
	note "compiling bench/ring.hs with $GHC $ghc_version"
	"$GHC" -v0 -O2 -threaded -eventlog -rtsopts -outputdir "$tmp/ghc" \
		-o "$tmp/ring" "$here/ring.hs" || return 1
	cal=500000
	(cd "$tmp" && ./ring "$cal" +RTS -N2 -l -ol"$tmp/cal.eventlog" -RTS >/dev/null) || return 1
	cal_bytes=$(wc -c <"$tmp/cal.eventlog")
	rm -f "$tmp/cal.eventlog"
	passes=$(awk -v t="$target" -v c="$cal" -v b="$cal_bytes" \
		'BEGIN { n = t * c / b; if (n < 1000) n = 1000; printf "%.0f\n", n }')
	note "calibration: $cal passes -> $cal_bytes bytes; running $passes passes"
	(cd "$tmp" && ./ring "$passes" +RTS -N2 -l -ol"$1" -RTS >/dev/null) || return 1
	echo "$passes" >"$tmp/passes"
}

if [ -f "$log" ] && [ -f "$stamp" ] && [ "$(sed -n 1p "$stamp")" = "$key" ]; then
	note "using cached $log"
else
	mkdir -p "$dir"
	rm -f "$log" "$stamp"
	partial=$log.part
	if [ "$kind" = ring ]; then
		make_ring "$partial" || die "building or running bench/ring.hs failed"
		src="bench/ring.hs, $(cat "$tmp/passes") passes, GHC $ghc_version"
	else
		note "writing a synthetic log with bench/gen.c"
		"$tmp/gen" "$target" "$partial" || die "bench/gen.c failed"
		src="synthetic, bench/gen.c"
	fi
	counts=$("$tmp/gen" -c "$partial") || die "$partial: not a well-formed eventlog"
	mv "$partial" "$log"
	partial=
	printf '%s\n%s\n%s\n' "$key" "$counts" "$src" >"$stamp"
fi
bytes=$(wc -c <"$log")
events=$(sed -n 2p "$stamp" | cut -d' ' -f1)
src=$(sed -n 3p "$stamp")

# Timings only mean something on an otherwise idle machine.
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "")
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")

# Warm the page cache, then time each command $runs times.
cat "$log" >/dev/null
cat "$log" >/dev/null

# measure NAME CMD...: prints "best_s max_rss_kb max_anon_kb"
measure() {
	name=$1; shift
	i=0
	: >"$tmp/$name.all"
	while [ "$i" -lt "$runs" ]; do
		i=$((i + 1))
		"$tmp/runstat" -e "$tmp/$name.err" -- "$@" >>"$tmp/$name.all"
		rc=$(tail -n 1 "$tmp/$name.all" | cut -d' ' -f4)
		if [ "$rc" != 0 ]; then
			note "$name exited with status $rc:"
			head -n 20 "$tmp/$name.err" >&2
			exit 1
		fi
		if [ -s "$tmp/$name.err" ]; then
			note "$name wrote to stderr (run $i):"
			head -n 20 "$tmp/$name.err" >&2
		fi
	done
	awk 'NR == 1 || $1 < t { t = $1 } $2 > r { r = $2 } $3 > a { a = $3 }
		END { printf "%s %d %d\n", t, r, a }' "$tmp/$name.all"
}

res=$(measure cat cat "$log")
cat_s=${res%% *}
res=$(measure hectic "$tmp/hectic" show "$log")
# shellcheck disable=SC2086 # split "time rss anon" into fields
set -- $res
hec_s=$1 hec_rss=$2 hec_anon=$3
res=$(measure summary "$tmp/hectic" summary "$log")
# shellcheck disable=SC2086
set -- $res
sum_s=$1 sum_anon=$3

awk -v file="$log" -v bytes="$bytes" -v events="$events" -v src="$src" \
	-v cat_s="$cat_s" -v hec_s="$hec_s" -v rss="$hec_rss" -v anon="$hec_anon" \
	-v runs="$runs" -v load="$load" -v ncpu="$ncpu" -v tr="$TARGET_RATIO" -v ta="$TARGET_ANON_MB" -v strict="$strict" '
BEGIN {
	ratio = cat_s > 0 ? hec_s / cat_s : 0
	rss_mb = rss * 1024 / 1e6; anon_mb = anon * 1024 / 1e6
	ok_t = ratio <= tr; ok_a = anon_mb < ta
	sz = bytes >= 5e8 ? sprintf("%.2f GB", bytes / 1e9) : sprintf("%.1f MB", bytes / 1e6)
	printf "file: %s (%s, %d events; %s)\n", file, sz, events, src
	printf "cat:          %6.3f s   (best of %d, page cache warm; %.1f GB/s)\n", cat_s, runs, bytes / 1e9 / cat_s
	printf "hectic show:  %6.3f s   (%.1fx cat; target <= %dx: %s; %.0f MB/s, %.1f M events/s)\n",
		hec_s, ratio, tr, ok_t ? "ok" : "MISSED", bytes / 1e6 / hec_s, events / 1e6 / hec_s
	printf "peak RSS: %.0f MB (file pages included); peak anon: %.1f MB (target < %d MB: %s)\n",
		rss_mb, anon_mb, ta, ok_a ? "ok" : "MISSED"
	if (load != "")
		printf "machine: %s CPUs, load average %s before timing%s\n", ncpu, load,
			(load + 0 >= 0.5 ? " (busy: timings are unreliable)" : "")
	exit (strict == 1 && !(ok_t && ok_a)) ? 1 : 0
}' || failed=1
awk -v cat_s="$cat_s" -v sum_s="$sum_s" -v anon="$sum_anon" -v bytes="$bytes" \
	-v tr="$TARGET_SUMMARY_RATIO" -v tp="$TARGET_SUMMARY_ANON_PCT" -v strict="$strict" '
BEGIN {
	ratio = cat_s > 0 ? sum_s / cat_s : 0
	anon_mb = anon * 1024 / 1e6; pct = 100 * anon * 1024 / bytes
	ok_t = ratio <= tr; ok_a = pct < tp
	printf "hectic summary: %6.3f s (open + index + tracks + summary; %.1fx cat; target <= %dx: %s)\n",
		sum_s, ratio, tr, ok_t ? "ok" : "MISSED"
	printf "  peak anon: %.1f MB, %.2f%% of the file (target < %d%%: %s)\n", anon_mb, pct, tp,
		ok_a ? "ok" : "MISSED"
	exit (strict == 1 && !(ok_t && ok_a)) ? 1 : 0
}' || failed=1
"$tmp/query" "$log" | sed 's/^/  /'
echo "  (target for each state query: under 1 ms)"

# The UI, headless (an invisible 200x50 screen): time to the first full
# frame, then the redraw time per key over a fixed script that zooms from
# the whole run down to 1 ns per column and back, pans, pages, jumps
# between GCs, moves in the event list, searches and opens panels.
zin=$(printf '+ %.0s' $(seq 1 32))
zout=$(printf -- '- %.0s' $(seq 1 32))
script="= $zin l l l h h ] ] ] [ } { <PageDown> <PageUp> j j j k k $zout = g G ] ] [ /main n N p <Escape> f <Escape> t <Escape> + + + + + + + + ] [ <Right> <Left>"
ui_out=$("$tmp/hectic" --bench="$script" "$log") || die "hectic --bench failed"
echo "$ui_out" | awk -v cat_s="$cat_s" -v strict="$strict" '
/^first frame:/ { ff = $3; printf "ui %s (%.1fx cat)\n", $0, ff / cat_s; next }
/^redraw per key:/ { p99 = $8; printf "ui %s (target p99 < 10 ms: %s)\n", $0, p99 + 0 < 10 ? "ok" : "MISSED"; bad = p99 + 0 >= 10; next }
{ print "ui " $0 }
END { exit (strict == 1 && bad) ? 1 : 0 }' || failed=1
[ "${failed:-0}" = 0 ] || exit 1
