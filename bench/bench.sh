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
#   HECTIC_BENCH_CRAFTED        1: also the crafted logs of issue 8 (after
#                               the main log), 0: not, only: only them  [1]
#   HECTIC_BENCH_CRAFTED_SIZE   size of each crafted log, as above   [100M]
#   HECTIC_BENCH_CRAFTED_SHAPES which shapes (plain: the synthetic log of
#                               that size, for reference)
#                               [plain decreasing zigzag ids blocks gcblocks]
#   HECTIC_BENCH_CRAFTED_TIMEOUT seconds before a run on a crafted log is
#                               killed (and reported MISSED)   [120]
#   HECTIC_BENCH_HEAP   1: also the heap-profile log of issue 10 (after the
#                       main log, before the crafted ones), 0: not, only:
#                       only it (and the crafted logs if they are `only`
#                       too)   [1]
#   HECTIC_BENCH_THREADS 1: also the thread rows section of issue 12 (a
#                       log of 100,000 threads from bench/threads.hs), 0:
#                       not, only: only it   [1]
#   HECTIC_BENCH_LIVE   1: also the live section of issue 11 on the main
#                       log (after the UI), 0: not, only: the main log's
#                       cat and the live section alone   [1]
#   CC, GHC             compilers   [cc, ghc]
set -eu

TARGET_RATIO=25   # hectic show may take at most this many times cat's time
TARGET_ANON_MB=64 # peak anonymous memory of hectic show, MB (10^6 bytes)
TARGET_SUMMARY_RATIO=10 # open + index + tracks + summary, times cat's time
TARGET_SUMMARY_ANON_PCT=5 # its peak anonymous memory, percent of the file
# crafted logs: peak anonymous memory of summary and show at most this
# percentage of the file plus this constant (MB); summary (open + index +
# tracks + summary) at most TARGET_SUMMARY_RATIO times cat
TARGET_CRAFTED_ANON_PCT=5
TARGET_CRAFTED_ANON_MB=10 # README's promise, which tests/memory.sh holds
CRAFTED_MEM_LIMIT_KB=4000000 # a run above 4 GB anonymous is killed
# heap-profile log (issue 10): `hectic heap` (open + index + tracks + the
# censuses + report) at most this many times cat's time; the heap view's
# redraw p99 under TARGET_REDRAW_MS, as the main viewer script's
TARGET_HEAP_RATIO=10
TARGET_REDRAW_MS=10
# live (issue 11): a log followed while it is written keeps up with at least
# this many MB/s; bytes written reach the screen within this many ms; an
# idle follow takes under this share of a CPU
TARGET_INGEST_MBS=200
TARGET_LATENCY_MS=200
TARGET_IDLE_PCT=1

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

crafted=${HECTIC_BENCH_CRAFTED:-1}
crafted_size_arg=${HECTIC_BENCH_CRAFTED_SIZE:-100M}
crafted_shapes=${HECTIC_BENCH_CRAFTED_SHAPES:-plain decreasing zigzag ids blocks gcblocks}
crafted_timeout=${HECTIC_BENCH_CRAFTED_TIMEOUT:-120}
heap=${HECTIC_BENCH_HEAP:-1}
live=${HECTIC_BENCH_LIVE:-1}
threads=${HECTIC_BENCH_THREADS:-1}
failed=0

# SIZE[K|M|G][B] -> bytes (decimal units)
to_bytes() {
	echo "$1" | awk '
	/^[0-9]+([kKmMgG][bB]?|[bB])?$/ {
		n = $0; m = 1
		if (n ~ /[kK]/) m = 1e3; else if (n ~ /[mM]/) m = 1e6; else if (n ~ /[gG]/) m = 1e9
		sub(/[^0-9].*$/, "", n); printf "%.0f\n", n * m; exit }
	{ exit 1 }'
}
target=$(to_bytes "$size_arg") || die "bad HECTIC_BENCH_SIZE '$size_arg' (e.g. 100M, 1G)"
[ "$target" -ge 100000 ] || die "HECTIC_BENCH_SIZE '$size_arg' is too small (at least 100K)"
case $runs in '' | *[!0-9]* | 0) die "bad HECTIC_BENCH_RUNS '$runs'" ;; esac
case $crafted in 0 | 1 | only) ;; *) die "bad HECTIC_BENCH_CRAFTED '$crafted' (0, 1 or only)" ;; esac
case $heap in 0 | 1 | only) ;; *) die "bad HECTIC_BENCH_HEAP '$heap' (0, 1 or only)" ;; esac
case $live in 0 | 1 | only) ;; *) die "bad HECTIC_BENCH_LIVE '$live' (0, 1 or only)" ;; esac
case $threads in 0 | 1 | only) ;; *) die "bad HECTIC_BENCH_THREADS '$threads' (0, 1 or only)" ;; esac
crafted_target=$(to_bytes "$crafted_size_arg") ||
	die "bad HECTIC_BENCH_CRAFTED_SIZE '$crafted_size_arg' (e.g. 10M, 100M)"
[ "$crafted_target" -ge 100000 ] ||
	die "HECTIC_BENCH_CRAFTED_SIZE '$crafted_size_arg' is too small (at least 100K)"
case $crafted_timeout in '' | *[!0-9]* | 0) die "bad HECTIC_BENCH_CRAFTED_TIMEOUT '$crafted_timeout'" ;; esac
for shape in $crafted_shapes; do
	case $shape in plain | decreasing | zigzag | ids | blocks | gcblocks) ;;
	*) die "bad shape '$shape' in HECTIC_BENCH_CRAFTED_SHAPES" ;; esac
done

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

# ---- crafted logs (issue 8) ------------------------------------------------
# Well-formed logs shaped to attack the index (bench/gen.c `crafted`): for
# each, cat, `hectic summary` (open + index + tracks + summary) and `hectic
# show` are timed, with their peak anonymous memory.  A run that takes more
# than $crafted_timeout s or more than 4 GB anonymous is killed and counts
# as MISSED.

# cmeasure NAME CMD...: runs CMD up to $runs times, stopping at the first
# failure; prints "SECONDS PEAK_ANON_KB STATUS", SECONDS the best time (of
# the failed run if one failed), STATUS ok, exit:N, killed:time or killed:mem.
cmeasure() {
	cm_name=$1
	shift
	cm_i=0
	cm_status=ok
	: >"$tmp/$cm_name.all"
	while [ "$cm_i" -lt "$runs" ]; do
		cm_i=$((cm_i + 1))
		cm_line=$("$tmp/runstat" -t "$crafted_timeout" -m "$CRAFTED_MEM_LIMIT_KB" \
			-e "$tmp/$cm_name.err" -- "$@") || die "runstat failed on $*"
		echo "$cm_line" >>"$tmp/$cm_name.all"
		cm_rc=$(echo "$cm_line" | cut -d' ' -f4)
		cm_why=$(echo "$cm_line" | cut -d' ' -f6)
		if [ "$cm_why" != - ]; then
			cm_status=killed:$cm_why
			break
		fi
		if [ "$cm_rc" != 0 ]; then
			cm_status=exit:$cm_rc
			note "$cm_name exited with status $cm_rc:"
			head -n 20 "$tmp/$cm_name.err" >&2
			break
		fi
		if [ -s "$tmp/$cm_name.err" ]; then
			note "$cm_name wrote to stderr (run $cm_i):"
			head -n 20 "$tmp/$cm_name.err" >&2
		fi
	done
	awk -v st="$cm_status" '{ last = $1 } NR == 1 || $1 < t { t = $1 } $3 > a { a = $3 }
		END { printf "%s %d %s\n", st == "ok" ? t : last, a, st }' "$tmp/$cm_name.all"
}

# crafted_log SHAPE: makes (once, cached) the crafted log of SHAPE; sets clog.
crafted_log() {
	clog=$dir/crafted-$1-$crafted_size_arg.eventlog
	cl_key="crafted $1 $(cksum <"$here/gen.c") $crafted_target"
	if [ -f "$clog" ] && [ -f "$clog.stamp" ] && [ "$(sed -n 1p "$clog.stamp")" = "$cl_key" ]; then
		note "using cached $clog"
		return 0
	fi
	mkdir -p "$dir"
	rm -f "$clog" "$clog.stamp"
	partial=$clog.part
	note "writing the crafted $1 log ($crafted_size_arg)"
	if [ "$1" = plain ]; then
		"$tmp/gen" "$crafted_target" "$partial" || die "bench/gen.c failed"
	else
		"$tmp/gen" crafted "$1" "$crafted_target" "$partial" || die "bench/gen.c crafted $1 failed"
	fi
	cl_counts=$("$tmp/gen" -c "$partial") || die "$partial: not a well-formed eventlog"
	mv "$partial" "$clog"
	partial=
	printf '%s\n%s\n%s\n' "$cl_key" "$cl_counts" "crafted $1, bench/gen.c" >"$clog.stamp"
}

crafted_bench() {
	cb_load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "")
	echo "crafted logs (issue 8), $crafted_size_arg each; targets: index <= ${TARGET_SUMMARY_RATIO}x cat," \
		"peak anon of summary and show <= $TARGET_CRAFTED_ANON_PCT% of the file + $TARGET_CRAFTED_ANON_MB MB"
	[ -z "$cb_load" ] || echo "  (load average $cb_load before timing; runs killed after ${crafted_timeout} s or 4 GB)"
	cb_missed=
	cb_plain=
	for shape in $crafted_shapes; do
		crafted_log "$shape"
		cb_bytes=$(wc -c <"$clog")
		cb_counts=$(sed -n 2p "$clog.stamp")
		cat "$clog" >/dev/null
		cat "$clog" >/dev/null
		cb_cat=$(cmeasure cat cat "$clog")
		cb_sum=$(cmeasure summary "$tmp/hectic" summary "$clog")
		cb_show=$(cmeasure show "$tmp/hectic" show "$clog")
		# the index alone (open + index, the issue's target), best of 3
		cb_ix=
		for _ in 1 2 3; do
			x=$("$tmp/query" "$clog" 2>/dev/null | awk '/^open\+index:/ { print $2 }')
			[ -n "$x" ] || continue
			if [ -z "$cb_ix" ] || awk -v a="$x" -v b="$cb_ix" 'BEGIN { exit !(a < b) }'; then
				cb_ix=$x
			fi
		done
		awk -v shape="$shape" -v bytes="$cb_bytes" -v counts="$cb_counts" -v cat="$cb_cat" \
			-v sum="$cb_sum" -v show="$cb_show" -v tr="$TARGET_SUMMARY_RATIO" -v ix="$cb_ix" \
			-v tp="$TARGET_CRAFTED_ANON_PCT" -v tc="$TARGET_CRAFTED_ANON_MB" -v plain="$cb_plain" '
		function verdict(ok) { return ok ? "ok" : "MISSED" }
		function how(st, s) {
			if (st == "killed:time") return sprintf("killed after %.1f s (time limit)", s)
			if (st == "killed:mem") return sprintf("killed after %.1f s (over 4 GB anonymous)", s)
			if (st ~ /^exit:/) return sprintf("FAILED, exit status %s after %.3f s", substr(st, 6), s)
			return sprintf("%.3f s", s)
		}
		BEGIN {
			split(cat, c, " "); split(sum, m, " "); split(show, w, " "); split(counts, n, " ")
			split(plain, p, " ") # summary and show times of the plain log
			px = plain != "" && shape != "plain" && p[1] > 0
			cat_s = c[1]
			limit_mb = tp * bytes / 100 / 1e6 + tc
			sum_ratio = cat_s > 0 ? m[1] / cat_s : 0
			sum_mb = m[2] * 1024 / 1e6; show_mb = w[2] * 1024 / 1e6
			ix_ratio = cat_s > 0 && ix != "" ? ix / cat_s : 0
			ok_ix = ix != "" && ix_ratio <= tr
			ok_st = m[3] == "ok"
			ok_sa = m[3] !~ /^exit:/ && sum_mb <= limit_mb
			ok_wa = w[3] !~ /^exit:/ && show_mb <= limit_mb
			printf "crafted %s: %.1f MB, %d events, %d blocks; cat %.4f s\n", shape, bytes / 1e6, n[1], n[2], cat_s
			printf "  index:   %s (open + index; %.1fx cat; target <= %dx: %s)\n",
				ix != "" ? sprintf("%.3f s", ix) : "FAILED", ix_ratio, tr, verdict(ok_ix)
			printf "  summary: %s (index + tracks + report; %.1fx cat)%s\n", how(m[3], m[1]), sum_ratio,
				px ? sprintf(" (%.1fx the plain log)", m[1] / p[1]) : ""
			printf "    peak anon %.1f MB, %.2f%% of the file (target <= %.1f MB: %s)\n",
				sum_mb, 100 * m[2] * 1024 / bytes, limit_mb, verdict(ok_sa)
			printf "  show:    %s (%.1fx cat%s)\n", how(w[3], w[1]), (cat_s > 0 ? w[1] / cat_s : 0),
				px ? sprintf("; %.1fx the plain log", w[1] / p[2]) : ""
			printf "    peak anon %.1f MB, %.2f%% of the file (target <= %.1f MB: %s)\n",
				show_mb, 100 * w[2] * 1024 / bytes, limit_mb, verdict(ok_wa)
			exit (ok_ix && ok_st && ok_sa && ok_wa) ? 0 : 1
		}' || cb_missed="$cb_missed $shape"
		[ "$shape" != plain ] || cb_plain="${cb_sum%% *} ${cb_show%% *}"
	done
	if [ -n "$cb_missed" ]; then
		echo "crafted: targets MISSED on:$cb_missed"
		[ "$strict" != 1 ]
	else
		echo "crafted: every target ok"
	fi
}

# ---- heap-profile log (issue 10) ------------------------------------------
# A real log with a heap profile: bench/heap.hs (the ring of ring.hs, and
# twenty structures of different closure types growing and shrinking) run
# with +RTS -hT -i0.01, about $target bytes.  `cat` and `hectic heap` (open +
# index + the censuses + report: no tracks), best of $runs, with the peak
# anonymous memory; `hectic summary` on the same log for reference (heap -
# summary is about what the censuses cost); then the viewer headless with a
# script in the heap pane (H) and the profile pane (P).  That log has no
# time profile (the profile pane needs a profiled build), so the same script
# also runs on a second log of the same size: heap.hs built with -prof
# -fprof-auto, run with +RTS -hT -i0.01 -p, which has both.

# heap_log plain|prof: makes (once, cached) the log; sets hlog.
heap_log() {
	if [ "$1" = prof ]; then
		hl_name=heap-prof hl_ghcflags="-prof -fprof-auto" hl_rts="-p"
	else
		hl_name=heap hl_ghcflags='' hl_rts=''
	fi
	hl_key="$hl_name $(cksum <"$here/heap.hs") ghc-$hb_ghc $target"
	if [ "$size_arg" = 1G ]; then
		hlog=$dir/$hl_name.eventlog
	else
		hlog=$dir/$hl_name-$size_arg.eventlog
	fi
	if [ -f "$hlog" ] && [ -f "$hlog.stamp" ] && [ "$(sed -n 1p "$hlog.stamp")" = "$hl_key" ]; then
		note "using cached $hlog"
		return 0
	fi
	mkdir -p "$dir"
	rm -f "$hlog" "$hlog.stamp"
	partial=$hlog.part
	note "compiling bench/heap.hs with $GHC $hb_ghc${hl_ghcflags:+ ($hl_ghcflags)}"
	# shellcheck disable=SC2086 # $hl_ghcflags, $hl_rts: words or nothing
	"$GHC" -v0 -O1 $hl_ghcflags -threaded -eventlog -rtsopts -outputdir "$tmp/ghc-$hl_name" \
		-o "$tmp/$hl_name" "$here/heap.hs" || die "cannot compile bench/heap.hs"
	# its .hp (and .prof) files go to the run's directory
	rm -rf "$tmp/heaprun"
	mkdir "$tmp/heaprun"
	hl_cal=500000
	# shellcheck disable=SC2086
	(cd "$tmp/heaprun" && "../$hl_name" "$hl_cal" +RTS -N2 -l -hT -i0.01 $hl_rts \
		-ol"$tmp/heapcal.eventlog" -RTS >/dev/null) || die "bench/heap.hs failed"
	hl_bytes=$(wc -c <"$tmp/heapcal.eventlog")
	rm -f "$tmp/heapcal.eventlog"
	hl_passes=$(awk -v t="$target" -v c="$hl_cal" -v b="$hl_bytes" \
		'BEGIN { n = t * c / b; if (n < 1000) n = 1000; printf "%.0f\n", n }')
	note "calibration: $hl_cal passes -> $hl_bytes bytes; running $hl_passes passes"
	# shellcheck disable=SC2086
	(cd "$tmp/heaprun" && "../$hl_name" "$hl_passes" +RTS -N2 -l -hT -i0.01 $hl_rts \
		-ol"$partial" -RTS >/dev/null) || die "bench/heap.hs failed"
	rm -rf "$tmp/heaprun"
	hl_counts=$("$tmp/gen" -c "$partial") || die "$partial: not a well-formed eventlog"
	mv "$partial" "$hlog"
	partial=
	printf '%s\n%s\n%s\n' "$hl_key" "$hl_counts" \
		"bench/heap.hs${hl_ghcflags:+ ($hl_ghcflags)}, $hl_passes passes, +RTS -N2 -hT -i0.01${hl_rts:+ $hl_rts}, GHC $hb_ghc" \
		>"$hlog.stamp"
}

# heap_ui LABEL FILE [CAT_S]: the key script on FILE, reported as LABEL
# (the first frame against CAT_S, cat's time on FILE, when given).
heap_ui() {
	hu_out=$("$tmp/hectic" --bench="$hb_script" "$2") || die "hectic --bench failed on $2"
	echo "$hu_out" | awk -v label="$1" -v cat_s="${3:-}" -v strict="$strict" -v tm="$TARGET_REDRAW_MS" '
	/^first frame:/ {
		printf "  %s %s%s\n", label, $0, (cat_s > 0 ? sprintf(" (%.1fx cat)", $3 / cat_s) : "")
		next }
	/^redraw per key:/ {
		p99 = $8
		printf "  %s %s (target p99 < %d ms: %s)\n", label, $0, tm, p99 + 0 < tm ? "ok" : "MISSED"
		bad = p99 + 0 >= tm; next }
	{ print "  " label " " $0 }
	END { exit (strict == 1 && bad) ? 1 : 0 }' || failed=1
}

heap_bench() {
	if ! command -v "$GHC" >/dev/null 2>&1; then
		note "$GHC not found: no heap-profile log (it needs a real GHC run)"
		echo "heap profile (issue 10): SKIPPED, $GHC not found"
		return 0
	fi
	hb_ghc=$("$GHC" --numeric-version)
	[ "$hb_ghc" = 9.0.2 ] || note "warning: the heap-profile log is meant to come from GHC 9.0.2, $GHC is $hb_ghc"
	heap_log prof
	hb_plog=$hlog
	heap_log plain
	hb_bytes=$(wc -c <"$hlog")
	hb_events=$(sed -n 2p "$hlog.stamp" | cut -d' ' -f1)
	hb_src=$(sed -n 3p "$hlog.stamp")
	# "N censuses, M bands; the top ..."
	hb_cens=$("$tmp/hectic" heap "$hlog" | sed -n 1p | sed 's/;.*//')
	[ -n "$hb_cens" ] || die "hectic heap $hlog printed nothing"
	hb_load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "")

	cat "$hlog" >/dev/null
	cat "$hlog" >/dev/null
	hb_res=$(measure heapcat cat "$hlog")
	hb_cat=${hb_res%% *}
	hb_heap=$(measure heapreport "$tmp/hectic" heap "$hlog")
	hb_sum=$(measure heapsummary "$tmp/hectic" summary "$hlog")
	awk -v file="$hlog" -v bytes="$hb_bytes" -v events="$hb_events" -v src="$hb_src" \
		-v cens="$hb_cens" -v cat_s="$hb_cat" -v heap="$hb_heap" -v sum="$hb_sum" \
		-v runs="$runs" -v load="$hb_load" -v tr="$TARGET_HEAP_RATIO" -v strict="$strict" '
	BEGIN {
		split(heap, h, " "); split(sum, m, " ")
		ratio = cat_s > 0 ? h[1] / cat_s : 0
		sz = bytes >= 5e8 ? sprintf("%.2f GB", bytes / 1e9) : sprintf("%.1f MB", bytes / 1e6)
		ok = ratio <= tr
		printf "heap profile (issue 10): %s (%s, %d events; %s)\n", file, sz, events, src
		printf "  %s\n", cens
		printf "  cat:          %6.3f s   (best of %d, page cache warm; %.1f GB/s)\n", cat_s, runs,
			bytes / 1e9 / cat_s
		printf "  hectic heap:  %6.3f s   (open + index + censuses + report; %.1fx cat;" \
			" target <= %dx: %s)\n", h[1], ratio, tr, ok ? "ok" : "MISSED"
		printf "    peak anon: %.1f MB, %.2f%% of the file\n", h[3] * 1024 / 1e6, 100 * h[3] * 1024 / bytes
		printf "  (hectic summary on this log, which builds the tracks too: %.3f s, %.1fx cat," \
			" peak anon %.1f MB)\n", m[1], (cat_s > 0 ? m[1] / cat_s : 0), m[3] * 1024 / 1e6
		if (load != "")
			printf "  load average %s before timing%s\n", load,
				(load + 0 >= 0.5 ? " (busy: timings are unreliable)" : "")
		exit (strict == 1 && !ok) ? 1 : 0
	}' || failed=1

	# The heap pane (H) under the lanes: zoom from the whole run down to
	# 1 ns per column and back, pan, page the time and the pane, move the
	# band selection, normalised mode, ranking, highlight; then the profile
	# pane (P, in place of the heap pane) and the same moves in it, scope,
	# capability, built-ins, expand; then back to the heap pane.  34
	# halvings: from the whole of a 1 GB run (some minutes) to 1 ns per
	# column.
	hb_zin=$(printf '+ %.0s' $(seq 1 34))
	hb_zout=$(printf -- '- %.0s' $(seq 1 34))
	hb_script="H = $hb_zin l l l h h <PageDown> <PageUp> ] [ j j j k k x M r $hb_zout"
	hb_script="$hb_script = j j j j j k k <Space> b <C-d> <C-u> M M r r x x g G"
	hb_script="$hb_script + + + + + + + + + + + + + + + + j k M x r l h <PageDown> <PageUp>"
	hb_script="$hb_script - - - - - - - - - - - - - - - - ="
	hb_script="$hb_script P j j j k k <Enter> <Enter> <Space> b M r w c B E E x"
	hb_script="$hb_script + + + + + + + + l h j k - - - - - - - - = x"
	hb_script="$hb_script H j k M M + + + + - - - - ="
	heap_ui "heap view" "$hlog" "$hb_cat"

	# the same script on the profiled build's log, where P shows the profile
	hb_pcens=$("$tmp/hectic" heap "$hb_plog" | sed -n 1p | sed 's/;.*//')
	hb_pticks=$("$tmp/hectic" profile "$hb_plog" | sed -n 1p | sed 's/;.*//')
	awk -v file="$hb_plog" -v bytes="$(wc -c <"$hb_plog")" -v src="$(sed -n 3p "$hb_plog.stamp")" \
		-v cens="$hb_pcens" -v ticks="$hb_pticks" 'BEGIN {
		sz = bytes >= 5e8 ? sprintf("%.2f GB", bytes / 1e9) : sprintf("%.1f MB", bytes / 1e6)
		printf "  with a time profile too: %s (%s; %s)\n", file, sz, src
		printf "    %s; %s\n", cens, ticks
	}'
	heap_ui "heap+profile view" "$hb_plog"
	return 0
}

# Live (issue 11), on the main log: the viewer follows a growing copy of it
# (hectic --bench=follow, viewer/script_bench.c: a thread appends it in 2 MB
# chunks, as GHC 9.0 writes a capability's full buffer) as fast as the
# writer goes, against cat; then at 50 MB/s, about what bench/ring.hs
# writes, for the latency from a chunk's write to the frame that shows it
# and the CPU of an idle follow; the summary of the log through a pipe
# against the file's; and a real program writing a FIFO that hectic
# summary reads while it runs, whose counters must equal its +RTS -s.
live_bench() {
	echo "live (issue 11): $log"
	"$CC" -std=c11 -O2 -D_DEFAULT_SOURCE -o "$tmp/feed" "$repo/tests/tools/feed.c" ||
		die "cannot compile tests/tools/feed.c"
	lb_out=$("$tmp/hectic" --bench=follow "$log") || die "hectic --bench=follow failed"
	echo "$lb_out" | awk -v cat_s="$cat_s" -v strict="$strict" -v ti="$TARGET_INGEST_MBS" '
	/^follow:/ {
		printf "  as fast as written: %s\n", $0
		printf "  ingest: %.0f MB/s, %.1fx cat'"'"'s time (target >= %d MB/s: %s)\n", $8, $5 / cat_s, ti,
			($8 + 0 >= ti ? "ok" : "MISSED")
		bad = $8 + 0 < ti; next }
	/^end marker:/ { if ($3 != "seen,") { print "  " $0; bad = 1 }; next }
	/^(idle|write)/ { next }
	{ print "  " $0 }
	END { exit (strict == 1 && bad) ? 1 : 0 }' || failed=1
	lb_out=$("$tmp/hectic" --bench=follow:50 "$log") || die "hectic --bench=follow:50 failed"
	echo "$lb_out" | awk -v strict="$strict" -v tl="$TARGET_LATENCY_MS" -v tc="$TARGET_IDLE_PCT" '
	/^follow:/ { printf "  at 50 MB/s: %s\n", $0; next }
	/^write-to-screen/ {
		p99 = $7
		printf "  %s (target p99 <= %d ms: %s)\n", $0, tl, (p99 + 0 <= tl ? "ok" : "MISSED")
		bad = bad || p99 + 0 > tl; next }
	/^idle follow:/ {
		c = $3; sub(/%/, "", c)
		printf "  %s (target < %d%%: %s)\n", $0, tc, (c + 0 < tc ? "ok" : "MISSED")
		bad = bad || c + 0 >= tc; next }
	/^end marker:/ { if ($3 != "seen,") { print "  " $0; bad = 1 }; next }
	{ print "  " $0 }
	END { exit (strict == 1 && bad) ? 1 : 0 }' || failed=1
	res=$(measure sumfile "$tmp/hectic" summary "$log")
	lb_file=${res%% *}
	res=$(measure sumpipe sh -c "\"$tmp/feed\" --quiet --delay 0:0 --chunk 1048576:1048576 \"$log\" - | \"$tmp/hectic\" summary -")
	lb_pipe=${res%% *}
	awk -v f="$lb_file" -v p="$lb_pipe" -v cat_s="$cat_s" 'BEGIN {
		printf "  hectic summary: file %.3f s (%.1fx cat), through a pipe (spooled, then read) %.3f s (%.1fx cat)\n",
			f, f / cat_s, p, p / cat_s }'
	if [ "$kind" = ring ]; then
		"$GHC" -v0 -O2 -threaded -eventlog -rtsopts -outputdir "$tmp/ghc-live" \
			-o "$tmp/ring-live" "$here/ring.hs" || die "cannot compile bench/ring.hs"
		mkfifo "$tmp/live.fifo"
		"$tmp/hectic" summary "$tmp/live.fifo" >"$tmp/live.sum" 2>"$tmp/live.err" &
		lb_pid=$!
		lb_t0=$(date +%s.%N)
		(cd "$tmp" && ./ring-live 2000000 +RTS -N2 -l -ollive.fifo -slive.rts-s -RTS >/dev/null) ||
			die "bench/ring.hs failed"
		wait "$lb_pid" || die "hectic summary on the FIFO failed: $(cat "$tmp/live.err")"
		lb_t1=$(date +%s.%N)
		lb_ok=1
		for pat in 'bytes allocated in the heap' 'bytes copied during GC' 'bytes maximum residency' \
			'Gen  0 ' 'Gen  1 ' 'SPARKS:'; do
			a=$(grep -- "$pat" "$tmp/live.rts-s" | awk '{ print $1, $2, $3 }')
			b=$(grep -- "$pat" "$tmp/live.sum" | awk '{ print $1, $2, $3 }')
			[ "$a" = "$b" ] || { lb_ok=0; note "live FIFO: '$pat': +RTS -s '$a', hectic '$b'"; }
		done
		awk -v t0="$lb_t0" -v t1="$lb_t1" -v ok="$lb_ok" -v sum="$tmp/live.sum" 'BEGIN {
			printf "  bench/ring.hs (2000000 passes, -N2) writing a FIFO read by hectic summary: %.2f s;\n", t1 - t0
			printf "    its counters against the program'"'"'s +RTS -s (allocated, copied, residency,\n"
			printf "    Gen 0 and 1 collections, sparks): %s\n", ok ? "equal" : "DIFFER" }'
		[ "$lb_ok" = 1 ] || [ "$strict" != 1 ] || failed=1
		# the viewer (headless) following a file the program writes
		rm -f "$tmp/watch.eventlog"
		(cd "$tmp" && ./ring-live 2000000 +RTS -N2 -l -olwatch.eventlog -RTS >/dev/null) &
		lb_pid=$!
		while [ ! -s "$tmp/watch.eventlog" ]; do sleep 0.05; done
		sleep 0.2 # the header
		"$tmp/hectic" --bench=watch "$tmp/watch.eventlog" | sed 's/^/  /' || {
			note "the viewer following bench/ring.hs did not end as a fresh open"
			[ "$strict" != 1 ] || failed=1
		}
		wait "$lb_pid" || die "bench/ring.hs failed"
	fi
	return 0
}

# Thread rows (issue 12): bench/threads.hs forks 100,000 labelled threads
# that yield 100 times each (+RTS -N2 -l: about 350 MB); the viewer
# headless with the thread rows pane (R) over a key script: rows moved and
# paged, the three sorts, alive only, zooms from the whole run down to a
# few columns per event and back, pans, the lane marks. Target: redraw p99
# under TARGET_REDRAW_MS.
threads_bench() {
	if ! command -v "$GHC" >/dev/null 2>&1; then
		echo "thread rows (issue 12): SKIPPED, $GHC not found"
		return 0
	fi
	tb_log=$dir/threads.eventlog
	tb_key="threads $(cksum <"$here/threads.hs") $("$GHC" --numeric-version)"
	if [ -f "$tb_log" ] && [ "$(cat "$tb_log.stamp" 2>/dev/null)" = "$tb_key" ]; then
		note "using cached $tb_log"
	else
		mkdir -p "$dir"
		"$GHC" -v0 -O1 -threaded -eventlog -rtsopts -outputdir "$tmp/ghc-threads" \
			-o "$tmp/threads" "$here/threads.hs" || die "cannot compile bench/threads.hs"
		(cd "$tmp" && ./threads 100000 +RTS -N2 -l -olthreads.eventlog -RTS >/dev/null) ||
			die "bench/threads.hs failed"
		mv "$tmp/threads.eventlog" "$tb_log"
		echo "$tb_key" >"$tb_log.stamp"
	fi
	tb_n=$("$tmp/hectic" threads --tsv "$tb_log" 2>/dev/null | wc -l)
	zin=$(printf '+ %.0s' $(seq 1 24))
	zout=$(printf -- '- %.0s' $(seq 1 24))
	tb_script="R j j j k <PageDown> <PageDown> <PageUp> r j r j r w w $zin l l h h x x $zout = g G <PageDown> j k"
	echo "thread rows (issue 12): $tb_log ($(($(wc -c <"$tb_log") / 1000000)) MB, $((tb_n - 1)) threads)"
	"$tmp/hectic" --bench="$tb_script" "$tb_log" | awk -v strict="$strict" -v tm="$TARGET_REDRAW_MS" '
	/^first frame:/ { print "  " $0; next }
	/^redraw per key:/ {
		p99 = $8
		printf "  %s (target p99 < %d ms: %s)\n", $0, tm, (p99 + 0 < tm ? "ok" : "MISSED")
		bad = p99 + 0 >= tm; next }
	{ print "  " $0 }
	END { exit (strict == 1 && bad) ? 1 : 0 }' || failed=1
}

if [ "$threads" = only ]; then
	threads_bench
	[ "$failed" = 0 ] || exit 1
	exit 0
fi

# Only the heap-profile section or the crafted logs (or both): not the main
# log.
if [ "$crafted" = only ] || [ "$heap" = only ]; then
	if [ "$heap" = only ]; then
		heap_bench
	fi
	if [ "$crafted" = only ]; then
		[ "$heap" != only ] || echo
		crafted_bench || failed=1
	fi
	[ "$failed" = 0 ] || exit 1
	exit 0
fi

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

res=$(measure cat cat "$log")
cat_s=${res%% *}
if [ "$live" = only ]; then
	live_bench
	[ "$failed" = 0 ] || exit 1
	exit 0
fi
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
if [ "$live" = 1 ]; then
	echo
	live_bench
fi
if [ "$threads" = 1 ]; then
	echo
	threads_bench
fi
if [ "$heap" = 1 ]; then
	echo
	heap_bench
fi
if [ "$crafted" = 1 ]; then
	echo
	crafted_bench || failed=1
fi
[ "$failed" = 0 ] || exit 1
