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
#   HECTIC_BENCH_IPE    1: also the IPE section of issue 20 (a +RTS -hi log
#                       with HECTIC_BENCH_IPE_N IPE events, bench/gen.c ipe,
#                       after the heap-profile section), 0: not, only: only
#                       it (and the heap or crafted sections if they are
#                       `only` too)   [1]
#   HECTIC_BENCH_IPE_N  IPE events in that log   [1000000]
#   HECTIC_BENCH_IPE_SIZE its size without the IPE events (the censuses and
#                       the workload), as HECTIC_BENCH_SIZE   [100M]
#   HECTIC_BENCH_DIFF   1: also the diff section of issue 21 (`hectic diff`
#                       of two logs against `hectic summary` of one, after
#                       the IPE section), 0: not, only: only it (and the
#                       heap, IPE or crafted sections if they are `only`
#                       too)   [1]
#   HECTIC_BENCH_DIFF_SIZE size of each log of a pair, as HECTIC_BENCH_SIZE
#                       (the big pair's B is 0.9 of it)   [1G]
#   HECTIC_BENCH_DIFF_PAIRS which pairs: synth (bench/gen.c's log against
#                       the same with markers and spans), big (gen big of
#                       the size against gen big of 0.9 of it)   [synth big]
#   HECTIC_BENCH_EXPORT 1: also the export section of issue 22 (`hectic
#                       export --chrome` of the diff section's big log of
#                       HECTIC_BENCH_DIFF_SIZE against cat and summary),
#                       0: not, only: only it   [1]
#   HECTIC_BENCH_SQL    1: also the hectic sql section of issue 34
#                       (bench/sql.sh: its tables against the reports, a
#                       1 ms window, count(*) of a class, scans; after the
#                       marked log), 0: not, only: the main log's and the
#                       marked log's alone   [1]
#   HECTIC_BENCH_PUSH   1: also the hectic push section of issue 35
#                       (bench/push.sh, a ClickHouse server of its own: the
#                       derived tables of the main log against summary,
#                       --events of a synthetic log of HECTIC_BENCH_PUSH_SIZE
#                       against the server's own insert of the same
#                       rows), 0: not, only: only it   [1]
#   HECTIC_BENCH_PUSH_SIZE the --events log's size   [100M]
#   HECTIC_BENCH_PUSH_CH the servers, in turn (tests/ch-lib.sh's: 18,
#                       Debian's clickhouse-server; 26, ClickHouse 26 from
#                       chDB's library)   [18 26]
#   HECTIC_BENCH_THREADS 1: also the thread rows section of issue 12 (a
#                       log of 100,000 threads from bench/threads.hs), 0:
#                       not, only: only it   [1]
#   HECTIC_BENCH_DOCTOR 1: also hectic doctor on the main log and its
#                       advice tried (bench/doctor.sh), 0: not   [1]
#   HECTIC_BENCH_LIVE   1: also the live section of issue 11 on the main
#                       log (after the UI), 0: not, only: the main log's
#                       cat and the live section alone   [1]
#   HECTIC_BENCH_MARKERS user markers in the marked log (bench/gen.c
#                       marked: the synthetic log of HECTIC_BENCH_SIZE with
#                       that many markers and a span at every tenth), on
#                       which markers and spans are timed; 0: no marked
#                       log   [180]
#   BENCH_10G           1: also a synthetic log 10 times HECTIC_BENCH_SIZE
#                       (10 GB by default; made once, cached), measured
#                       against the synthetic log of HECTIC_BENCH_SIZE in
#                       the same run (issue 19)   [0]
#   CC, GHC             compilers   [cc, ghc]
# HECTIC_THREADS=1 is set by the script itself for the 1-thread runs.
set -eu
unset HECTIC_THREADS # the default (a thread per core on large files) unless set per run

TARGET_RATIO=25   # hectic show may take at most this many times cat's time
TARGET_ANON_MB=64 # peak anonymous memory of hectic show, MB (10^6 bytes)
TARGET_SUMMARY_RATIO=8 # open + index + tracks + summary, times cat's time
TARGET_SUMMARY_ANON_PCT=5 # its peak anonymous memory, percent of the file
# issue 19: the viewer's first frame (header and block markers read, the
# skeleton drawn) within this many seconds, and fully loaded no later than
# `hectic summary`; a report on a class the log lacks, or has only a few
# of, no slower than open + index (bench/query.c -i); 2 threads at least
# this many times faster than 1 (summary, and open + index + tracks)
TARGET_FIRST_FRAME_S=0.2
TARGET_SPEEDUP=1.8
# BENCH_10G (issue 19): open + index of the log 10 times the size at most
# this many times the smaller one's; peak anonymous memory of summary and of
# the viewer at most this percentage of the file plus this constant (MB);
# first frame and redraw p99 as on the smaller log; show's ratio to cat no
# more than on the smaller log
TARGET_BIG_INDEX_RATIO=10.5
TARGET_BIG_ANON_PCT=1
TARGET_BIG_ANON_MB=8
# crafted logs: open + index at most this many times cat (issue 8); peak
# anonymous memory of summary and show at most this percentage of the file
# plus this constant (MB)
TARGET_INDEX_RATIO=10
TARGET_CRAFTED_ANON_PCT=5
TARGET_CRAFTED_ANON_MB=10 # README's promise, which tests/memory.sh holds
CRAFTED_MEM_LIMIT_KB=4000000 # a run above 4 GB anonymous is killed
# heap-profile log (issue 10): `hectic heap` (open + index + tracks + the
# censuses + report) at most this many times cat's time; the heap view's
# redraw p99 under TARGET_REDRAW_MS, as the main viewer script's
TARGET_HEAP_RATIO=10
TARGET_REDRAW_MS=10
# IPE (issue 20): `hectic heap` and `hectic heap --tsv` on a -hi log of
# HECTIC_BENCH_IPE_N IPE events at most TARGET_HEAP_RATIO times cat (as any
# heap-profile log: the index of (address, offset) pairs is built in the
# heap pass, the strings are read only for the bands shown); their peak
# anonymous memory, and the viewer's with the heap pane open, at most
# README's promise for every command (5% of the file + 10 MB) plus 16 bytes
# an IPE event: the index's own size by its design (model/ipe.h), nothing
# more. The promise alone cannot hold an index that grows with the number of
# tables rather than with the file: GHC's own IPE events take ~120 bytes
# each, so 16 bytes is 13% of what they take in the file. The heap pane's
# first frame after H (the heap pass included) is reported, with no target:
# it is the time of a heap pass, which `hectic heap` holds to its target.
TARGET_IPE_ANON_PCT=5
TARGET_IPE_ANON_MB=10
TARGET_IPE_ENTRY_BYTES=16
# diff (issue 21): `hectic diff A B` at most this many times `hectic summary
# A`; its peak anonymous memory at most that of `hectic summary A` and
# `hectic summary B` added
TARGET_DIFF_RATIO=1.2
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
doctorb=${HECTIC_BENCH_DOCTOR:-1}
ipe=${HECTIC_BENCH_IPE:-1}
ipe_size_arg=${HECTIC_BENCH_IPE_SIZE:-100M}
dbench=${HECTIC_BENCH_DIFF:-1}
ebench=${HECTIC_BENCH_EXPORT:-1}
sqlb=${HECTIC_BENCH_SQL:-1}
pushb=${HECTIC_BENCH_PUSH:-1}
push_size=${HECTIC_BENCH_PUSH_SIZE:-100M}
dbench_size_arg=${HECTIC_BENCH_DIFF_SIZE:-1G}
dbench_pairs=${HECTIC_BENCH_DIFF_PAIRS:-synth big}
markers_n=${HECTIC_BENCH_MARKERS:-180}
big=${BENCH_10G:-0}
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
case $ipe in 0 | 1 | only) ;; *) die "bad HECTIC_BENCH_IPE '$ipe' (0, 1 or only)" ;; esac
ipe_target=$(to_bytes "$ipe_size_arg") || die "bad HECTIC_BENCH_IPE_SIZE '$ipe_size_arg' (e.g. 10M, 100M)"
[ "$ipe_target" -ge 100000 ] || die "HECTIC_BENCH_IPE_SIZE '$ipe_size_arg' is too small (at least 100K)"
ipe_script="H j j j k k <PageDown> <PageUp> M M r r + + + + + + + + - - - - - - - - ="
case $dbench in 0 | 1 | only) ;; *) die "bad HECTIC_BENCH_DIFF '$dbench' (0, 1 or only)" ;; esac
case $ebench in 0 | 1 | only) ;; *) die "bad HECTIC_BENCH_EXPORT '$ebench' (0, 1 or only)" ;; esac
case $sqlb in 0 | 1 | only) ;; *) die "bad HECTIC_BENCH_SQL '$sqlb' (0, 1 or only)" ;; esac
case $pushb in 0 | 1 | only) ;; *) die "bad HECTIC_BENCH_PUSH '$pushb' (0, 1 or only)" ;; esac
dbench_target=$(to_bytes "$dbench_size_arg") ||
	die "bad HECTIC_BENCH_DIFF_SIZE '$dbench_size_arg' (e.g. 100M, 1G)"
[ "$dbench_target" -ge 1000000 ] || die "HECTIC_BENCH_DIFF_SIZE '$dbench_size_arg' is too small (at least 1M)"
for pair in $dbench_pairs; do
	case $pair in synth | big) ;; *) die "bad pair '$pair' in HECTIC_BENCH_DIFF_PAIRS (synth, big)" ;; esac
done
case $markers_n in '' | *[!0-9]*) die "bad HECTIC_BENCH_MARKERS '$markers_n'" ;; esac
case $big in 0 | 1) ;; *) die "bad BENCH_10G '$big' (0 or 1)" ;; esac
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

# resident FILE: "N% of the file in the page cache" (util-linux fincore),
# or nothing without fincore. A warm cache may not stay warm: the kernel
# can page a large file's cold pages out (e.g. DAMON's proactive reclaim).
resident() {
	command -v fincore >/dev/null 2>&1 || return 0
	fincore --bytes --noheadings --output RES,SIZE "$1" 2>/dev/null |
		awk '$2 > 0 { printf "%.0f%% of the file in the page cache (fincore)\n", 100 * $1 / $2 }'
}

# index_times FILE [VAR=VALUE]: open + index and open + index + tracks of
# FILE (bench/query.c -i, with VAR=VALUE in its environment), best of $runs
# each; prints "INDEX_S TOTAL_S".
index_times() {
	it_i=0
	: >"$tmp/ix.all"
	while [ "$it_i" -lt "$runs" ]; do
		it_i=$((it_i + 1))
		env ${2:+"$2"} "$tmp/query" -i "$1" >>"$tmp/ix.all" || die "bench/query.c -i failed on $1"
	done
	awk '/^open\+index:/ { ix = $2; tot = $2 + $5
		if (n == 0 || ix < bi) bi = ix; if (n == 0 || tot < bt) bt = tot; n++ }
		END { if (!n) exit 1; printf "%s %.3f\n", bi, bt }' "$tmp/ix.all" ||
		die "bench/query.c -i printed no open+index line on $1"
}

# ui_runs NAME FILE SCRIPT: the viewer headless (`hectic --bench=SCRIPT
# FILE`, an invisible 200x50 screen) $runs times under runstat; prints
# "FIRST LOADED P50 P99 MAX KEYS ANON_KB": the best first frame and fully
# loaded times, the redraw figures of the run with the highest p99, the
# highest peak anonymous memory. A binary that prints only "first frame"
# (before issue 19: the frame once fully loaded) gives it for both.
ui_runs() {
	ur_i=0
	: >"$tmp/$1.ui"
	while [ "$ur_i" -lt "$runs" ]; do
		ur_i=$((ur_i + 1))
		ur_line=$("$tmp/runstat" -o "$tmp/$1.out" -e "$tmp/$1.err" -- \
			"$tmp/hectic" --bench="$3" "$2") || die "runstat failed"
		ur_rc=$(echo "$ur_line" | cut -d' ' -f4)
		if [ "$ur_rc" != 0 ]; then
			note "hectic --bench on $2 exited with status $ur_rc:"
			head -n 20 "$tmp/$1.err" >&2
			exit 1
		fi
		awk -v anon="$(echo "$ur_line" | cut -d' ' -f3)" '
		/^first frame:/ { ff = $3 }
		/^fully loaded:/ { fl = $3 }
		/^redraw per key:/ { p50 = $5; p99 = $8; mx = $11; keys = $13; sub(/^\(/, "", keys) }
		END {
			if (ff == "" || p99 == "") exit 1
			print ff, (fl == "" ? ff : fl), p50, p99, mx, keys, anon }' "$tmp/$1.out" >>"$tmp/$1.ui" ||
			die "hectic --bench on $2 printed no first frame or redraw line"
	done
	awk 'NR == 1 || $1 < ff { ff = $1 } NR == 1 || $2 < fl { fl = $2 }
		NR == 1 || $4 > p99 { p50 = $3; p99 = $4; mx = $5; keys = $6 } $7 > a { a = $7 }
		END { print ff, fl, p50, p99, mx, keys, a }' "$tmp/$1.ui"
}

# classes FILE: how many events of each class the reports read FILE holds,
# from the raw file (bench/gen.c -t, independent of hectic); prints
# "SPANS MARKERS HEAP PROFILE SPARKS EVENTS": user messages and markers
# (types 19, 58: spans and markers), the heap profile (160-166), the
# cost-centre profile (167, 168), sparks (34-41), all events, blocks.
classes() {
	"$tmp/gen" -t "$1" >"$tmp/types" || die "$1: not a well-formed eventlog"
	awk 'NR == 1 { ev = $1; bl = $2 }
	$1 == "type" {
		t = $2 + 0
		if (t == 19 || t == 58) user += $3
		else if (t >= 160 && t <= 166) heap += $3
		else if (t == 167 || t == 168) prof += $3
		else if (t >= 34 && t <= 41) spark += $3 }
	END { printf "%d %d %d %d %d %d %d\n", user, user, heap, prof, spark, ev, bl }' "$tmp/types"
}

# reports_bench FILE CAT_S REPORT...: each REPORT (spans, markers, heap,
# profile or sparks) on FILE (`hectic REPORT FILE >/dev/null`) against open
# + index (bench/query.c -o, timed as a process as the reports are: both
# start a process, map the file and unmap it at exit) and cat (CAT_S),
# best of $runs each, the runs
# taken in turn (open + index, then each report, $runs times over) so that
# a change in the machine's load falls on all of them alike. The target
# applies where the log lacks the report's class or has only a few of its
# events: no more than the log has blocks. A report's stderr (e.g. "no
# spark counters in this log") is not shown; a non-zero exit aborts, but
# profile's 1 with "no time profile in this log" on a log without one.
reports_bench() {
	rb_file=$1 rb_cat=$2
	shift 2
	rb_classes=$(classes "$rb_file")
	: >"$tmp/reports.all"
	rb_i=0
	while [ "$rb_i" -lt "$runs" ]; do
		rb_i=$((rb_i + 1))
		rb_line=$("$tmp/runstat" -o /dev/null -- "$tmp/query" -o "$rb_file") ||
			die "runstat failed"
		[ "$(echo "$rb_line" | cut -d' ' -f4)" = 0 ] || die "bench/query.c -o failed on $rb_file"
		echo "open+index $rb_line" | cut -d' ' -f1,2,4 >>"$tmp/reports.all"
		for r in "$@"; do
			rb_line=$("$tmp/runstat" -e "$tmp/report.err" -- "$tmp/hectic" "$r" "$rb_file") ||
				die "runstat failed"
			rb_rc=$(echo "$rb_line" | cut -d' ' -f4)
			# profile on a log with no cost-centre samples: exit 1, "no
			# time profile in this log" (man page, EXIT STATUS: what a
			# report was asked for is not in the log), timed all the same
			if [ "$r" = profile ] && [ "$rb_rc" = 1 ] &&
				grep -q 'no time profile in this log' "$tmp/report.err"; then
				rb_rc=0
			fi
			if [ "$rb_rc" != 0 ]; then
				note "hectic $r $rb_file exited with status $rb_rc:"
				head -n 20 "$tmp/report.err" >&2
				exit 1
			fi
			echo "$r $rb_line" | cut -d' ' -f1,2,4 >>"$tmp/reports.all"
		done
	done
	awk -v cls="$rb_classes" -v cat_s="$rb_cat" -v runs="$runs" -v strict="$strict" -v order="$*" '
	!($1 in t) || $2 < t[$1] { t[$1] = $2 }
	$3 > a[$1] { a[$1] = $3 }
	END {
		split(cls, c, " "); blocks = c[7]; ix = t["open+index"]
		if (ix == "") exit 2
		idx["spans"] = 1; idx["markers"] = 2; idx["heap"] = 3; idx["profile"] = 4; idx["sparks"] = 5
		what["spans"] = "user messages and markers"; what["markers"] = "user messages and markers"
		what["heap"] = "heap profile"; what["profile"] = "cost-centre samples"; what["sparks"] = "spark events"
		printf "  open+index: %.3f s (the process bench/query.c -o, best of %d, taken in turn with the reports;" \
			" %.1fx cat)\n", ix, runs, ix / cat_s
		nr = split(order, rs, " ")
		for (i = 1; i <= nr; i++) {
			r = rs[i]; n = c[idx[r]]
			has = n == 0 ? "the log has none" : sprintf("%d in the log", n)
			if (n <= blocks) {
				ok = t[r] + 0 <= ix + 0
				bad = bad || !ok
				v = sprintf("; target <= open+index: %s", ok ? "ok" : "MISSED")
			} else
				v = "; no target: the class is not rare"
			printf "  %-8s %.3f s (best of %d; %s: %s; %.2fx open+index, %.1fx cat%s; peak anon %.1f MB)\n",
				r, t[r], runs, what[r], has, t[r] / ix, t[r] / cat_s, v, a[r] * 1024 / 1e6
		}
		exit (strict == 1 && bad) ? 1 : 0
	}' "$tmp/reports.all" || failed=1
}

# ui_print PREFIX UI_RUNS_RESULT CAT_S SUMMARY_S BYTES [ANON_LIMIT_MB]: the
# viewer's figures (ui_runs) against the targets: the first frame, fully
# loaded against cat and no later than `hectic summary` (SUMMARY_S, when
# not empty), the redraw p99, the peak anonymous memory (against
# ANON_LIMIT_MB when given).
ui_print() {
	awk -v pre="$1" -v res="$2" -v cat_s="$3" -v sum_s="$4" -v bytes="$5" -v lim="${6:-}" \
		-v runs="$runs" -v tf="$TARGET_FIRST_FRAME_S" -v tm="$TARGET_REDRAW_MS" -v strict="$strict" 'BEGIN {
		split(res, u, " ")
		ok_f = u[1] + 0 <= tf + 0
		ok_l = sum_s == "" || u[2] + 0 <= sum_s + 0
		ok_r = u[4] + 0 < tm + 0
		anon_mb = u[7] * 1024 / 1e6
		ok_a = lim == "" || anon_mb <= lim + 0
		printf "%sfirst frame: %.3f s (header and block markers read, skeleton drawn; best of %d;" \
			" target <= %s s: %s)\n", pre, u[1], runs, tf, ok_f ? "ok" : "MISSED"
		printf "%sfully loaded: %.3f s (open + index + tracks + draw; best of %d; %.1fx cat", pre, u[2],
			runs, u[2] / cat_s
		if (sum_s != "")
			printf "; %.2fx summary, target <= summary: %s", u[2] / sum_s, ok_l ? "ok" : "MISSED"
		printf ")\n"
		printf "%sredraw per key: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d keys, 200x50; the run" \
			" with the highest p99) (target p99 < %d ms: %s)\n", pre, u[3], u[4], u[5], u[6], tm,
			ok_r ? "ok" : "MISSED"
		printf "%speak anon: %.1f MB, %.2f%% of the file%s\n", pre, anon_mb, 100 * u[7] * 1024 / bytes,
			lim == "" ? "" : sprintf(" (target <= %.1f MB: %s)", lim, ok_a ? "ok" : "MISSED")
		exit (strict == 1 && !(ok_f && ok_l && ok_r && ok_a)) ? 1 : 0
	}' || failed=1
}

# synth_cached OUT BYTES MARKERS: true when OUT is the cached synthetic log
# of bench/gen.c of about BYTES bytes with MARKERS user markers (0: the
# plain log); sets sl_key, the cache key in OUT.stamp's first line.
synth_cached() {
	sl_key="synth $(cksum <"$here/gen.c") $2"
	[ "$3" = 0 ] || sl_key="$sl_key marked $3"
	[ -f "$1" ] && [ -f "$1.stamp" ] && [ "$(sed -n 1p "$1.stamp")" = "$sl_key" ]
}

# synth_log OUT BYTES MARKERS: makes (once, cached, with OUT.stamp like the
# main log's) that log.
synth_log() {
	if synth_cached "$@"; then
		note "using cached $1"
		return 0
	fi
	mkdir -p "$(dirname "$1")"
	rm -f "$1" "$1.stamp"
	partial=$1.part
	if [ "$3" = 0 ]; then
		note "writing a synthetic log with bench/gen.c ($2 bytes)"
		"$tmp/gen" "$2" "$partial" || die "bench/gen.c failed"
		sl_src="synthetic, bench/gen.c"
	else
		note "writing a synthetic log with $3 markers with bench/gen.c ($2 bytes)"
		"$tmp/gen" marked "$3" "$2" "$partial" || die "bench/gen.c marked failed"
		sl_src="synthetic with $3 user markers, bench/gen.c marked"
	fi
	sl_counts=$("$tmp/gen" -c "$partial") || die "$partial: not a well-formed eventlog"
	mv "$partial" "$1"
	partial=
	printf '%s\n%s\n%s\n' "$sl_key" "$sl_counts" "$sl_src" >"$1.stamp"
}

# ---- BENCH_10G (issue 19) ---------------------------------------------------
# A synthetic log 10 times HECTIC_BENCH_SIZE (10 GB by default), made once
# and cached like the main log, against the synthetic log of
# HECTIC_BENCH_SIZE (the main log when it is synthetic) in the same run:
# open + index (bench/query.c -i) at most TARGET_BIG_INDEX_RATIO times the
# smaller one's; peak anonymous memory of `hectic summary` and of the viewer
# at most TARGET_BIG_ANON_PCT % of the file + TARGET_BIG_ANON_MB; the
# viewer's first frame, and its redraw p99 over a script that zooms from
# the whole run down to 1 ns per column and back; `hectic show` against
# cat, at no more than the smaller log's ratio.
big_bench() {
	bb_target=$(awk -v t="$target" 'BEGIN { printf "%.0f\n", t * 10 }')
	bb_name=$(awk -v t="$bb_target" 'BEGIN {
		if (t % 1e9 == 0) printf "%dG\n", t / 1e9
		else if (t % 1e6 == 0) printf "%dM\n", t / 1e6
		else printf "%d\n", t }')
	blog=$dir/synth-$bb_name.eventlog
	echo "$bb_name log (BENCH_10G, issue 19): $blog"
	mkdir -p "$dir"
	bb_free=$(df -Pk "$dir" | awk 'NR == 2 { print $4 }')
	if synth_cached "$blog" "$bb_target" 0; then
		awk -v f="$bb_free" -v d="$dir" 'BEGIN { printf "  disk: %.1f GB free in %s (the log is cached)\n", f * 1024 / 1e9, d }'
	else
		# the log, its .part while written, and a margin of 10 %
		if ! awk -v f="$bb_free" -v t="$bb_target" -v d="$dir" 'BEGIN {
			need = t * 1.1; room = f * 1024 >= need
			printf "  disk: %.1f GB free in %s, the log needs about %.1f GB: %s\n", f * 1024 / 1e9, d,
				need / 1e9, room ? "room" : "NO ROOM"
			exit !room }'; then
			echo "  $bb_name log: SKIPPED, not enough room in $dir (set HECTIC_BENCH_DIR)"
			[ "$strict" != 1 ] || failed=1
			return 0
		fi
	fi
	synth_log "$blog" "$bb_target" 0
	if [ "$kind" = synth ]; then
		bb_ref=$log bb_ref_cat=$cat_s bb_ref_show=$hec_s
	else
		bb_ref=$dir/synth-$size_arg.eventlog
		[ "$size_arg" != 1G ] || bb_ref=$dir/synth.eventlog
		synth_log "$bb_ref" "$target" 0
		cat "$bb_ref" >/dev/null
		res=$(measure refcat cat "$bb_ref")
		bb_ref_cat=${res%% *}
		res=$(measure refshow "$tmp/hectic" show "$bb_ref")
		bb_ref_show=${res%% *}
	fi
	bb_bytes=$(wc -c <"$blog")
	bb_events=$(sed -n 2p "$blog.stamp" | cut -d' ' -f1)
	# the zoom-ins from the whole run to 1 ns per column: halvings of the
	# run's length (from the raw file) down to a 200-column plot, and one more
	bb_t=$("$tmp/gen" -t "$blog" | awk '$1 == "time" { print $3 - $2 }')
	[ -n "$bb_t" ] || die "$blog: no event times"
	bb_nz=$(awk -v d="$bb_t" 'BEGIN { n = 1; w = d; while (w > 200) { w /= 2; n++ }; print n }')
	bb_zin=$(printf '+ %.0s' $(seq 1 "$bb_nz"))
	bb_zout=$(printf -- '- %.0s' $(seq 1 "$bb_nz"))
	bb_script="= $bb_zin l h $bb_zout ="
	bb_load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "")

	cat "$blog" >/dev/null
	cat "$blog" >/dev/null
	bb_warm=$(resident "$blog")
	res=$(measure bigcat cat "$blog")
	bb_cat=${res%% *}
	bb_ref_ix=$(index_times "$bb_ref")
	bb_ix=$(index_times "$blog")
	bb_sum=$(measure bigsummary "$tmp/hectic" summary "$blog")
	bb_ui=$(ui_runs big "$blog" "$bb_script")
	bb_show=$(measure bigshow "$tmp/hectic" show "$blog")
	bb_lim=$(awk -v b="$bb_bytes" -v p="$TARGET_BIG_ANON_PCT" -v c="$TARGET_BIG_ANON_MB" \
		'BEGIN { printf "%.1f\n", p * b / 100 / 1e6 + c }')
	awk -v file="$blog" -v bytes="$bb_bytes" -v events="$bb_events" -v ref="$bb_ref" \
		-v refbytes="$(wc -c <"$bb_ref")" -v cat_s="$bb_cat" -v ref_cat="$bb_ref_cat" \
		-v ix="$bb_ix" -v ref_ix="$bb_ref_ix" -v sum="$bb_sum" -v show="$bb_show" \
		-v ref_show="$bb_ref_show" -v lim="$bb_lim" -v ti="$TARGET_BIG_INDEX_RATIO" -v runs="$runs" \
		-v load="$bb_load" -v warm="$bb_warm" -v strict="$strict" 'BEGIN {
		split(ix, a, " "); split(ref_ix, r, " "); split(sum, m, " "); split(show, w, " ")
		printf "  %.2f GB, %d events (synthetic, bench/gen.c); against %s (%.2f GB)\n", bytes / 1e9,
			events, ref, refbytes / 1e9
		if (load != "")
			printf "  load average %s before timing%s\n", load,
				(load + 0 >= 0.5 ? " (busy: timings are unreliable)" : "")
		if (warm != "")
			printf "  page cache, after warming: %s\n", warm
		printf "  cat: %.3f s (best of %d, page cache warmed; %.1f GB/s); the smaller log: %.3f s\n",
			cat_s, runs, bytes / 1e9 / cat_s, ref_cat
		ri = a[1] / r[1]; ok_i = ri <= ti
		printf "  open+index: %.3f s, the smaller log %.3f s: %.2fx (target <= %sx: %s)\n", a[1], r[1],
			ri, ti, ok_i ? "ok" : "MISSED"
		printf "  open+index+tracks: %.3f s, the smaller log %.3f s: %.2fx\n", a[2], r[2], a[2] / r[2]
		sa = m[3] * 1024 / 1e6; ok_s = sa <= lim
		printf "  hectic summary: %.3f s (%.1fx cat); peak anon %.1f MB, %.2f%% of the file" \
			" (target <= %.1f MB: %s)\n", m[1], m[1] / cat_s, sa, 100 * m[3] * 1024 / bytes, lim,
			ok_s ? "ok" : "MISSED"
		rs = w[1] / cat_s; rr = ref_show / ref_cat; ok_w = rs <= rr
		printf "  hectic show: %.3f s (%.1fx cat; the smaller log %.1fx: target <= %.1fx: %s);" \
			" peak anon %.1f MB\n", w[1], rs, rr, rr, ok_w ? "ok" : "MISSED", w[3] * 1024 / 1e6
		exit (strict == 1 && !(ok_i && ok_s && ok_w)) ? 1 : 0
	}' || failed=1
	echo "  viewer (the script: = then $bb_nz zoom-ins from the whole run to 1 ns per column, l h, $bb_nz zoom-outs, =):"
	ui_print "  viewer " "$bb_ui" "$bb_cat" "" "$bb_bytes" "$bb_lim"
	bb_warm=$(resident "$blog")
	[ -z "$bb_warm" ] || echo "  page cache, at the end: $bb_warm"
	return 0
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
	echo "crafted logs (issue 8), $crafted_size_arg each; targets: index <= ${TARGET_INDEX_RATIO}x cat," \
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
			x=$("$tmp/query" -i "$clog" 2>/dev/null | awk '/^open\+index:/ { print $2 }')
			[ -n "$x" ] || continue
			if [ -z "$cb_ix" ] || awk -v a="$x" -v b="$cb_ix" 'BEGIN { exit !(a < b) }'; then
				cb_ix=$x
			fi
		done
		awk -v shape="$shape" -v bytes="$cb_bytes" -v counts="$cb_counts" -v cat="$cb_cat" \
			-v sum="$cb_sum" -v show="$cb_show" -v tr="$TARGET_INDEX_RATIO" -v ix="$cb_ix" \
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

# heap_ui LABEL FILE [CAT_S [SUMMARY_S]]: the key script on FILE, reported
# as LABEL (the first frame against TARGET_FIRST_FRAME_S; fully loaded
# against CAT_S, cat's time on FILE, and SUMMARY_S, `hectic summary`'s,
# when given).
heap_ui() {
	hu_out=$("$tmp/hectic" --bench="$hb_script" "$2") || die "hectic --bench failed on $2"
	echo "$hu_out" | awk -v label="$1" -v cat_s="${3:-}" -v sum_s="${4:-}" -v strict="$strict" \
		-v tm="$TARGET_REDRAW_MS" -v tf="$TARGET_FIRST_FRAME_S" '
	/^first frame:/ {
		ok = $3 + 0 <= tf + 0
		printf "  %s %s (target <= %s s: %s)\n", label, $0, tf, ok ? "ok" : "MISSED"
		bad = bad || !ok; next }
	/^fully loaded:/ {
		printf "  %s %s%s", label, $0, (cat_s > 0 ? sprintf(" (%.1fx cat)", $3 / cat_s) : "")
		if (sum_s > 0) {
			ok = $3 + 0 <= sum_s + 0
			printf " (%.2fx summary; target <= summary: %s)", $3 / sum_s, ok ? "ok" : "MISSED"
			bad = bad || !ok
		}
		printf "\n"; next }
	/^redraw per key:/ {
		p99 = $8
		printf "  %s %s (target p99 < %d ms: %s)\n", label, $0, tm, p99 + 0 < tm ? "ok" : "MISSED"
		bad = bad || p99 + 0 >= tm; next }
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
	heap_ui "heap view" "$hlog" "$hb_cat" "${hb_sum%% *}"

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

# ---- IPE (issue 20) -----------------------------------------------------------
# A +RTS -hi log of a program built with -finfo-table-map (bench/gen.c ipe):
# $ipe_n IPE events (1,000,000 by default: GHC itself has hundreds of
# thousands), then a heap profile by info table over a body of
# $ipe_size_arg (a census every 1 MB: 700-1100 bands, one in ten an address
# no IPE event describes) with the synthetic workload; and, for comparison,
# the same body with no IPE event (`gen ipe 0 SIZE OUT N`: the same censuses
# and workload). Both made once and cached. The logs are checked against the
# raw file first (bench/gen.c -t and -i), then `hectic heap`, `hectic heap
# --tsv >/dev/null` and the viewer's heap pane (H) are timed on both, against
# cat, with their peak anonymous memory.

# ipe_log N U OUT: makes (once, cached, OUT.stamp as the other logs') the
# IPE log of N IPE events over U tables; sets ipe_file.
ipe_log() {
	ipe_file=$3
	il_key="ipe $(cksum <"$here/gen.c") $1 $2 $ipe_target"
	if [ -f "$ipe_file" ] && [ -f "$ipe_file.stamp" ] && [ "$(sed -n 1p "$ipe_file.stamp")" = "$il_key" ]; then
		note "using cached $ipe_file"
		return 0
	fi
	mkdir -p "$dir"
	rm -f "$ipe_file" "$ipe_file.stamp"
	partial=$ipe_file.part
	note "writing an IPE log with bench/gen.c ($1 IPE events, $ipe_size_arg without them)"
	"$tmp/gen" ipe "$1" "$ipe_target" "$partial" "$2" || die "bench/gen.c ipe failed"
	il_counts=$("$tmp/gen" -c "$partial") || die "$partial: not a well-formed eventlog"
	mv "$partial" "$ipe_file"
	partial=
	printf '%s\n%s\n%s\n' "$il_key" "$il_counts" "bench/gen.c ipe $1 $ipe_size_arg (tables: $2)" \
		>"$ipe_file.stamp"
}

# ipe_check FILE N: the log against its raw file: gen -t counts N IPE events
# (walked by their strings), every one with GHC's length one byte too
# large, and as many census ends as starts; `hectic show` prints N "Info
# Table" lines; `hectic heap --tsv` has a row per string sample (gen -t's
# count of tag 164) and names every band as gen -i does (the table of the
# IPE event at the band's address, none for the others). Prints "ROWS NAMED
# BANDS NAMED_BANDS CENSUSES"; dies on a difference.
ipe_check() {
	"$tmp/gen" -t "$1" >"$tmp/ipe.types" || die "$1: not a well-formed eventlog"
	ic_t=$(awk '$1 == "type" { n[$2] = $3 } $1 == "ipe-len-plus-one" { p = $2 }
		END { printf "%d %d %d %d %d\n", n[169], p, n[162], n[165], n[164] }' "$tmp/ipe.types")
	# shellcheck disable=SC2086
	set -- "$1" "$2" $ic_t
	[ "$3" = "$2" ] || die "$1: gen -t counts $3 IPE events, not $2"
	[ "$4" = "$2" ] || die "$1: $4 of $3 IPE events have GHC's length (payload + 1)"
	if [ "$5" != "$6" ] || [ "$5" = 0 ]; then
		die "$1: $5 census starts, $6 ends"
	fi
	ic_show=$("$tmp/hectic" show "$1" | grep -c 'Info Table') || true
	[ "$ic_show" = "$2" ] || die "$1: hectic show prints $ic_show Info Table lines, the log has $2"
	"$tmp/hectic" heap --tsv "$1" >"$tmp/ipe.tsv" || die "hectic heap --tsv $1 failed"
	ic_rows=$(($(wc -l <"$tmp/ipe.tsv") - 1))
	[ "$ic_rows" = "$7" ] || die "$1: hectic heap --tsv has $ic_rows rows, the log $7 string samples"
	"$tmp/gen" -i "$1" | LC_ALL=C sort >"$tmp/ipe.want" || die "gen -i $1 failed"
	tail -n +2 "$tmp/ipe.tsv" | cut -f2,4 | LC_ALL=C sort -u >"$tmp/ipe.got"
	if ! cmp -s "$tmp/ipe.want" "$tmp/ipe.got"; then
		note "$1: the bands' tables differ (< the raw file, gen -i; > hectic heap --tsv):"
		diff "$tmp/ipe.want" "$tmp/ipe.got" | head -n 10 >&2
		die "hectic heap --tsv names the bands wrongly on $1"
	fi
	awk -F'\t' -v cens="$5" 'FILENAME == ARGV[1] { if (FNR > 1) { rows++; named += $4 != "" }; next }
		{ bands++; nb += $2 != "" }
		END { printf "%d %d %d %d %d\n", rows, named, bands, nb, cens }' "$tmp/ipe.tsv" "$tmp/ipe.want"
}

# ipe_ui FILE: the viewer headless, HECTIC_BENCH_KEYS set (each key's time
# on stderr), a script that opens the heap pane (H: the heap pass, the IPE
# index included, then the pane's first frame) and moves in it, $runs
# times; prints "FIRST LOADED H_MS P99_MS ANON_KB": the best first frame,
# fully loaded and H, the highest p99 of the other keys and peak anon.
ipe_ui() {
	iu_i=0
	: >"$tmp/ipeui.all"
	while [ "$iu_i" -lt "$runs" ]; do
		iu_i=$((iu_i + 1))
		iu_line=$("$tmp/runstat" -o "$tmp/ipeui.out" -e "$tmp/ipeui.err" -- env HECTIC_BENCH_KEYS=1 \
			"$tmp/hectic" --bench="$ipe_script" "$1") || die "runstat failed"
		[ "$(echo "$iu_line" | cut -d' ' -f4)" = 0 ] || {
			head -n 20 "$tmp/ipeui.err" >&2
			die "hectic --bench on $1 failed"
		}
		awk -v anon="$(echo "$iu_line" | cut -d' ' -f3)" '
		/^key 1 H:/ { h = $4 }
		/^key [0-9]+ / && !/^key 1 H:/ { k[++n] = $4 + 0 }
		/^first frame:/ { ff = $3 }
		/^fully loaded:/ { fl = $3 }
		END {
			if (ff == "" || h == "") exit 1
			for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (k[j] < k[i]) { t = k[i]; k[i] = k[j]; k[j] = t }
			p99 = n ? k[int((n - 1) * 0.99) + 1] : 0
			print ff, (fl == "" ? ff : fl), h, p99, anon }' "$tmp/ipeui.out" "$tmp/ipeui.err" >>"$tmp/ipeui.all" ||
			die "hectic --bench on $1 printed no first frame or key H line"
	done
	awk 'NR == 1 || $1 < ff { ff = $1 } NR == 1 || $2 < fl { fl = $2 } NR == 1 || $3 < h { h = $3 }
		$4 > p { p = $4 } $5 > a { a = $5 } END { print ff, fl, h, p, a }' "$tmp/ipeui.all"
}

ipe_bench() {
	ipe_n=${HECTIC_BENCH_IPE_N:-1000000}
	case $ipe_n in '' | *[!0-9]* | 0) die "bad HECTIC_BENCH_IPE_N '$ipe_n'" ;; esac
	ipe_name=$ipe_n
	[ "$ipe_n" != 1000000 ] || ipe_name=1M
	ipe_log "$ipe_n" "$ipe_n" "$dir/ipe-$ipe_name-$ipe_size_arg.eventlog"
	il=$ipe_file
	ipe_log 0 "$ipe_n" "$dir/ipe-0-of-$ipe_name-$ipe_size_arg.eventlog"
	il0=$ipe_file
	ib_bytes=$(wc -c <"$il")
	ib_bytes0=$(wc -c <"$il0")
	ib_events=$(sed -n 2p "$il.stamp" | cut -d' ' -f1)
	echo "IPE (issue 20): $il ($(awk -v b="$ib_bytes" 'BEGIN { printf "%.1f MB", b / 1e6 }'), $ib_events events, $ipe_n IPE events)"
	echo "  against the same body with no IPE event: $il0 ($(awk -v b="$ib_bytes0" 'BEGIN { printf "%.1f MB", b / 1e6 }'))"
	# correctness first: the figures below are of a binary that reads it right
	ib_chk=$(ipe_check "$il" "$ipe_n")
	ib_chk0=$(ipe_check "$il0" 0)
	cut -f2,3 "$tmp/ipe.tsv" >"$tmp/ipe0.rows"
	"$tmp/hectic" heap --tsv "$il" | cut -f2,3 | cmp -s - "$tmp/ipe0.rows" ||
		die "the two IPE logs' censuses differ (hectic heap --tsv, band and bytes)"
	awk -v c="$ib_chk" -v c0="$ib_chk0" -v n="$ipe_n" 'BEGIN {
		split(c, a, " "); split(c0, b, " ")
		printf "  checked against the raw file (bench/gen.c -t, -i): %d IPE events, each with GHC'"'"'s length" \
			" (one byte too large), walked by their strings; hectic show prints %d Info Table lines\n", n, n
		printf "  %d censuses, %d string samples; hectic heap --tsv: a row each, %d (%.1f%%) named by" \
			" their table; %d distinct bands, %d named, each as the raw file names it\n", a[5], a[1],
			a[2], 100 * a[2] / a[1], a[3], a[4]
		printf "  the log with no IPE event: the same %d rows (band, bytes), none named\n", b[1] }'

	ib_load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "")
	for f in "$il" "$il0"; do cat "$f" >/dev/null; cat "$f" >/dev/null; done
	ib_cat=$(measure ipecat cat "$il")
	ib_heap=$(measure ipeheap "$tmp/hectic" heap "$il")
	ib_tsv=$(measure ipetsv "$tmp/hectic" heap --tsv "$il")
	ib_cat0=$(measure ipecat0 cat "$il0")
	ib_heap0=$(measure ipeheap0 "$tmp/hectic" heap "$il0")
	ib_tsv0=$(measure ipetsv0 "$tmp/hectic" heap --tsv "$il0")
	ib_ui=$(ipe_ui "$il")
	ib_ui0=$(ipe_ui "$il0")
	awk -v bytes="$ib_bytes" -v bytes0="$ib_bytes0" -v n="$ipe_n" -v cat="$ib_cat" -v heap="$ib_heap" \
		-v tsv="$ib_tsv" -v cat0="$ib_cat0" -v heap0="$ib_heap0" -v tsv0="$ib_tsv0" -v ui="$ib_ui" \
		-v ui0="$ib_ui0" -v runs="$runs" -v load="$ib_load" -v tr="$TARGET_HEAP_RATIO" \
		-v tp="$TARGET_IPE_ANON_PCT" -v tc="$TARGET_IPE_ANON_MB" -v te="$TARGET_IPE_ENTRY_BYTES" \
		-v tf="$TARGET_FIRST_FRAME_S" -v tm="$TARGET_REDRAW_MS" -v strict="$strict" \
		-v script="$ipe_script" '
	function mb(kb) { return kb * 1024 / 1e6 }
	function ok(b) { bad = bad || !b; return b ? "ok" : "MISSED" }
	BEGIN {
		split(cat, c, " "); split(heap, h, " "); split(tsv, t, " ")
		split(cat0, c0, " "); split(heap0, h0, " "); split(tsv0, t0, " ")
		split(ui, u, " "); split(ui0, u0, " ")
		lim = tp * bytes / 100 / 1e6 + tc + te * n / 1e6
		lim0 = tp * bytes0 / 100 / 1e6 + tc
		if (load != "")
			printf "  load average %s before timing%s\n", load,
				(load + 0 >= 0.5 ? " (busy: timings are unreliable)" : "")
		printf "  targets: time <= %dx cat; peak anon <= %d%% of the file + %d MB + %d bytes an IPE event" \
			" (%.1f MB; %.1f MB for the log with none)\n", tr, tp, tc, te, lim, lim0
		printf "  cat:                %6.3f s (best of %d; %.1f GB/s)    no IPE: %6.3f s\n", c[1], runs,
			bytes / 1e9 / c[1], c0[1]
		printf "  hectic heap:        %6.3f s (%.1fx cat: %s); peak anon %.1f MB (%s)\n", h[1],
			h[1] / c[1], ok(h[1] / c[1] <= tr), mb(h[3]), ok(mb(h[3]) <= lim)
		printf "    no IPE:           %6.3f s (%.1fx cat: %s); peak anon %.1f MB (%s)\n", h0[1],
			h0[1] / c0[1], ok(h0[1] / c0[1] <= tr), mb(h0[3]), ok(mb(h0[3]) <= lim0)
		printf "  hectic heap --tsv:  %6.3f s (%.1fx cat: %s); peak anon %.1f MB (%s)\n", t[1],
			t[1] / c[1], ok(t[1] / c[1] <= tr), mb(t[3]), ok(mb(t[3]) <= lim)
		printf "    no IPE:           %6.3f s (%.1fx cat: %s); peak anon %.1f MB (%s)\n", t0[1],
			t0[1] / c0[1], ok(t0[1] / c0[1] <= tr), mb(t0[3]), ok(mb(t0[3]) <= lim0)
		printf "  the IPE events'"'"' share: heap +%.3f s (%.0f ns an IPE event; %.0f%% of heap'"'"'s time)," \
			" +%.1f MB anon (%.1f bytes an IPE event); --tsv +%.3f s, +%.1f MB\n", h[1] - h0[1],
			(h[1] - h0[1]) * 1e9 / n, 100 * (h[1] - h0[1]) / h[1], mb(h[3] - h0[3]),
			(h[3] - h0[3]) * 1024 / n, t[1] - t0[1], mb(t[3] - t0[3])
		printf "  viewer, heap pane (script: %s):\n", script
		printf "    first frame %.3f s (%s), fully loaded %.3f s; H (the heap pass, the IPE index and the" \
			" pane'"'"'s first frame) %.1f ms; other keys p99 %.2f ms (%s); peak anon %.1f MB (%s)\n",
			u[1], ok(u[1] <= tf), u[2], u[3], u[4], ok(u[4] < tm), mb(u[5]), ok(mb(u[5]) <= lim)
		printf "    no IPE: first frame %.3f s, fully loaded %.3f s; H %.1f ms; other keys p99 %.2f ms;" \
			" peak anon %.1f MB\n", u0[1], u0[2], u0[3], u0[4], mb(u0[5])
		exit (strict == 1 && bad) ? 1 : 0
	}' || failed=1
}

# ---- diff (issue 21) --------------------------------------------------------
# `hectic diff A B` opens both logs at once (a thread each); it may take at
# most TARGET_DIFF_RATIO times `hectic summary A`, in no more peak anonymous
# memory than `hectic summary A` and `hectic summary B` together (the two
# opened one after the other). The pairs, of $dbench_size_arg each:
#   synth  bench/gen.c's synthetic log against the same with user markers
#          and spans (gen marked; the main section's logs when the sizes
#          agree)
#   big    gen big of the size against gen big of 0.9 of it: the same
#          program run shorter, with labelled threads, spans, sparks, a heap
#          and a time profile, so every section of the diff has rows
# Each pair is checked first (the summary rows of `diff --tsv --all` are
# `summary --tsv` of each log, field by field), then cat of each, summary
# of each, the two summaries at once (two processes: what opening both
# costs on this machine's CPUs, for reference), `diff A B` and `diff --tsv
# --all A B`, and `summary A` and `diff A B` with HECTIC_THREADS=1 (a CPU
# for each run of diff as for summary's one, for reference), run in turn,
# $runs times over (a change in the machine's load falls on all of them
# alike); the best time and the highest peak anonymous memory of each.

# diff_size_name BYTES: 1G, 900M, or the bytes.
diff_size_name() {
	awk -v t="$1" 'BEGIN {
		if (t % 1e9 == 0) printf "%dG\n", t / 1e9
		else if (t % 1e6 == 0) printf "%dM\n", t / 1e6
		else printf "%d\n", t }'
}

# diff_big_log BYTES: makes (once, cached, under the name and key
# tests/e2e/walk.sh gives it) the log of `gen big BYTES`; sets dl_file.
diff_big_log() {
	dl_file=$dir/big-$(diff_size_name "$1").eventlog
	dl_key="big $(cksum <"$here/gen.c") $1"
	if [ -f "$dl_file" ] && [ -f "$dl_file.stamp" ] && [ "$(sed -n 1p "$dl_file.stamp")" = "$dl_key" ]; then
		note "using cached $dl_file"
		return 0
	fi
	mkdir -p "$dir"
	rm -f "$dl_file" "$dl_file.stamp"
	partial=$dl_file.part
	note "writing a big log with bench/gen.c big ($1 bytes)"
	"$tmp/gen" big "$1" "$partial" || die "bench/gen.c big failed"
	dl_counts=$("$tmp/gen" -c "$partial") || die "$partial: not a well-formed eventlog"
	mv "$partial" "$dl_file"
	partial=
	printf '%s\n%s\n%s\n' "$dl_key" "$dl_counts" "bench/gen.c big" >"$dl_file.stamp"
}

# diff_check A B: `hectic diff --tsv --all A B` against `hectic summary
# --tsv` of A and of B: every summary field but from and to is a row, with
# A's value in column a and B's in column b, as the summary writes it;
# dies on a difference. Prints "FIELDS ROWS" and the rows per section.
diff_check() {
	"$tmp/hectic" diff --tsv --all "$1" "$2" >"$tmp/diff.tsv" 2>"$tmp/diff.err" ||
		die "hectic diff --tsv --all $1 $2 failed: $(head -n 5 "$tmp/diff.err")"
	"$tmp/hectic" summary --tsv "$1" >"$tmp/diff-a.tsv" 2>/dev/null || die "hectic summary --tsv $1 failed"
	"$tmp/hectic" summary --tsv "$2" >"$tmp/diff-b.tsv" 2>/dev/null || die "hectic summary --tsv $2 failed"
	awk -F'\t' '
	FILENAME == ARGV[1] { if (FNR > 1 && $1 != "from" && $1 != "to") { a[$1] = $2; na++ }; next }
	FILENAME == ARGV[2] { if (FNR > 1 && $1 != "from" && $1 != "to") b[$1] = $2; next }
	FNR == 1 { if ($0 != "section\tkey\ta\tb\tdelta\tratio") { print "header: " $0; bad = 1 }; next }
	{ rows++; per[$1]++; if (!($1 in first)) { first[$1] = ++ns; order[ns] = $1 } }
	$1 == "summary" {
		n++
		if (!($2 in a) || $3 != a[$2] || !($2 in b) || $4 != b[$2]) {
			printf "summary %s: diff a=%s b=%s, summary --tsv A=%s B=%s\n", $2, $3, $4, a[$2], b[$2]
			bad = 1
		}
	}
	END {
		if (n != na) { printf "%d summary rows, summary --tsv has %d fields\n", n, na; bad = 1 }
		if (bad) exit 1
		printf "%d %d", n, rows
		for (i = 1; i <= ns; i++) printf " %s:%d", order[i], per[order[i]]
		printf "\n"
	}' "$tmp/diff-a.tsv" "$tmp/diff-b.tsv" "$tmp/diff.tsv" >"$tmp/diff.chk" || {
		head -n 10 "$tmp/diff.chk" >&2
		die "hectic diff's summary rows differ from hectic summary --tsv ($1, $2)"
	}
	cat "$tmp/diff.chk"
}

# diff_run NAME CMD...: one timed run of CMD (runstat), "NAME SECONDS
# RSS_KB ANON_KB" appended to $tmp/dpair.all; a failure aborts.
diff_run() {
	dr_name=$1
	shift
	dr_line=$("$tmp/runstat" -e "$tmp/dpair.err" -- "$@") || die "runstat failed"
	dr_rc=$(echo "$dr_line" | cut -d' ' -f4)
	if [ "$dr_rc" != 0 ]; then
		note "$dr_name ($*) exited with status $dr_rc:"
		head -n 20 "$tmp/dpair.err" >&2
		exit 1
	fi
	echo "$dr_name $dr_line" | cut -d' ' -f1-4 >>"$tmp/dpair.all"
}

# diff_pair LABEL A B WHAT: the pair's check and figures (WHAT says how the
# logs were made); sets dp_bad to the targets missed.
diff_pair() {
	dp_a=$2 dp_b=$3
	dp_chk=$(diff_check "$dp_a" "$dp_b")
	dp_load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "")
	for f in "$dp_a" "$dp_b"; do cat "$f" >/dev/null; cat "$f" >/dev/null; done
	dp_warm_a=$(resident "$dp_a")
	dp_warm_b=$(resident "$dp_b")
	: >"$tmp/dpair.all"
	dp_i=0
	while [ "$dp_i" -lt "$runs" ]; do
		dp_i=$((dp_i + 1))
		diff_run cat_a cat "$dp_a"
		diff_run cat_b cat "$dp_b"
		diff_run sum_a "$tmp/hectic" summary "$dp_a"
		diff_run sum_b "$tmp/hectic" summary "$dp_b"
		# shellcheck disable=SC2016 # $1..$3 are sh -c's
		diff_run both sh -c '"$1" summary "$2" >/dev/null & p=$!; "$1" summary "$3" >/dev/null || exit 1
			wait "$p"' sh "$tmp/hectic" "$dp_a" "$dp_b"
		diff_run diff "$tmp/hectic" diff "$dp_a" "$dp_b"
		diff_run tsv "$tmp/hectic" diff --tsv --all "$dp_a" "$dp_b"
		diff_run sum1_a env HECTIC_THREADS=1 "$tmp/hectic" summary "$dp_a"
		diff_run diff1 env HECTIC_THREADS=1 "$tmp/hectic" diff "$dp_a" "$dp_b"
	done
	dp_out=$(awk -v label="$1" -v fa="$dp_a" -v fb="$dp_b" -v what="$4" -v ba="$(wc -c <"$dp_a")" \
		-v bb="$(wc -c <"$dp_b")" -v chk="$dp_chk" -v runs="$runs" -v load="$dp_load" \
		-v wa="$dp_warm_a" -v wb="$dp_warm_b" -v tr="$TARGET_DIFF_RATIO" '
	function mb(kb) { return kb * 1024 / 1e6 }
	!($1 in t) || $2 < t[$1] { t[$1] = $2 }
	$4 > a[$1] { a[$1] = $4 }
	END {
		printf "diff (issue 21), pair %s: %s\n", label, what
		printf "  A: %s (%.2f GB)\n  B: %s (%.2f GB)\n", fa, ba / 1e9, fb, bb / 1e9
		if (load != "")
			printf "  load average %s before timing%s\n", load,
				(load + 0 >= 0.5 ? " (busy: timings are unreliable)" : "")
		if (wa != "")
			printf "  page cache, after warming: A %s; B %s\n", wa, wb
		split(chk, c, " ")
		printf "  checked: the %d summary rows of diff --tsv --all are summary --tsv of A and of B;" \
			" %d rows in all (", c[1], c[2]
		for (i = 3; (i in c); i++) { sub(/:/, " ", c[i]); printf "%s%s", (i > 3 ? ", " : ""), c[i] }
		printf ")\n"
		printf "  cat:                 A %6.3f s, B %6.3f s (best of %d, page cache warm)\n",
			t["cat_a"], t["cat_b"], runs
		printf "  hectic summary A:    %6.3f s (%.1fx cat); peak anon %.1f MB\n", t["sum_a"],
			t["sum_a"] / t["cat_a"], mb(a["sum_a"])
		printf "  hectic summary B:    %6.3f s (%.1fx cat); peak anon %.1f MB\n", t["sum_b"],
			t["sum_b"] / t["cat_b"], mb(a["sum_b"])
		printf "  summary A and B at once (two processes, for reference): %.3f s (%.2fx summary A)\n",
			t["both"], t["both"] / t["sum_a"]
		lim = mb(a["sum_a"] + a["sum_b"])
		split("diff tsv", k, " ")
		name["diff"] = "hectic diff A B:"; name["tsv"] = "diff --tsv --all:"
		for (i = 1; i <= 2; i++) {
			r = t[k[i]] / t["sum_a"]; m = mb(a[k[i]])
			ok_t = r <= tr; ok_m = m <= lim
			printf "  %-20s %6.3f s: %.2fx summary A (target <= %sx: %s), %.2fx both at once\n",
				name[k[i]], t[k[i]], r, tr, ok_t ? "ok" : "MISSED", t[k[i]] / t["both"]
			printf "  %-20s peak anon %.1f MB: %.2fx summary A + B, %.1f MB (target <= 1x: %s)\n", "",
				m, m / lim, lim, ok_m ? "ok" : "MISSED"
			if (!ok_t) bad[k[i] " time"] = 1
			if (!ok_m) bad[k[i] " memory"] = 1
		}
		printf "  one thread a run (HECTIC_THREADS=1: summary A on one CPU, diff'"'"'s two runs on one each):\n"
		printf "  %-20s %6.3f s against summary A %.3f s: %.2fx (no target: what the ratio is with as\n" \
			"  %-20s many CPUs for each of diff'"'"'s runs as for summary'"'"'s one)\n", "hectic diff A B:",
			t["diff1"], t["sum1_a"], t["diff1"] / t["sum1_a"], ""
		s = ""
		if (("diff time" in bad) || ("tsv time" in bad)) s = s " time"
		if (("diff memory" in bad) || ("tsv memory" in bad)) s = s " memory"
		printf "BAD%s\n", s
	}' "$tmp/dpair.all")
	echo "$dp_out" | grep -v '^BAD'
	dp_bad=$(echo "$dp_out" | sed -n 's/^BAD//p')
}

# diff_room LOG BYTES: true when LOG is cached or there is room for it (and
# its .part) in $dir, with a margin of 10 %; else says so.
diff_room() {
	[ ! -f "$1.stamp" ] || return 0 # cached (or made again over itself)
	mkdir -p "$dir"
	dr_free=$(df -Pk "$dir" | awk 'NR == 2 { print $4 }')
	awk -v f="$dr_free" -v t="$2" 'BEGIN { exit !(f * 1024 >= t * 1.1) }' && return 0
	awk -v f="$dr_free" -v t="$2" -v l="$1" 'BEGIN {
		printf "  %s needs about %.1f GB, %.1f GB free: no room\n", l, t * 1.1 / 1e9, f * 1024 / 1e9 }'
	return 1
}

diff_bench() {
	db_missed=
	db_first=1
	db_tb=$(awk -v t="$dbench_target" 'BEGIN { printf "%.0f\n", t * 0.9 }')
	for pair in $dbench_pairs; do
		[ "$db_first" = 1 ] || echo
		db_first=0
		if [ "$pair" = synth ]; then
			db_a=$dir/synth-$dbench_size_arg.eventlog db_b=$dir/synth-marked-$dbench_size_arg.eventlog
			[ "$dbench_size_arg" != 1G ] || db_a=$dir/synth.eventlog db_b=$dir/synth-marked.eventlog
			db_sa=$dbench_target db_sb=$dbench_target
		else
			db_a=$dir/big-$(diff_size_name "$dbench_target").eventlog
			db_b=$dir/big-$(diff_size_name "$db_tb").eventlog
			db_sa=$dbench_target db_sb=$db_tb
		fi
		if ! diff_room "$db_a" "$db_sa" || ! diff_room "$db_b" "$db_sb"; then
			echo "diff (issue 21), pair $pair: SKIPPED, not enough room in $dir (set HECTIC_BENCH_DIR)"
			db_missed="$db_missed $pair (skipped)"
			continue
		fi
		if [ "$pair" = synth ]; then
			db_m=$markers_n
			[ "$db_m" != 0 ] || db_m=180
			synth_log "$db_a" "$dbench_target" 0
			synth_log "$db_b" "$dbench_target" "$db_m"
			diff_pair synth "$db_a" "$db_b" \
				"bench/gen.c's synthetic log (A) against the same with $db_m user markers and spans (B)"
		else
			diff_big_log "$dbench_target"
			diff_big_log "$db_tb"
			diff_pair big "$db_a" "$db_b" \
				"bench/gen.c big of $dbench_size_arg (A) against gen big of 0.9 of it (B): the same program run shorter"
		fi
		[ -z "$dp_bad" ] || db_missed="$db_missed $pair ($(echo $dp_bad | sed 's/ /, /g'))"
	done
	if [ -n "$db_missed" ]; then
		echo "diff (issue 21): FAILED: targets missed on:$db_missed"
		[ "$strict" != 1 ] || failed=1
	else
		echo "diff (issue 21): every target ok"
	fi
}

# Export (issue 22): `hectic export --chrome` of the diff section's big log
# (bench/gen.c big: 4 capabilities, labelled threads, spans, a heap
# profile: every kind of event the export writes) to /dev/null, against
# cat and against `hectic summary` (open, index and tracks, which the
# export reads too), with its peak anonymous memory (target: at most
# summary's + 16 MB: the export streams, and holds only the spans' tables
# besides); the output's size and that jq reads it are checked once.
export_bench() {
	diff_big_log "$dbench_target"
	eb_log=$dl_file
	cat "$eb_log" >/dev/null
	cat "$eb_log" >/dev/null
	eb_load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "")
	res=$(measure ecat cat "$eb_log")
	eb_cat=${res%% *}
	res=$(measure esum "$hectic" summary "$eb_log")
	eb_sum=$res
	res=$(measure eexp "$hectic" export --chrome "$eb_log" -o /dev/null)
	eb_exp=$res
	eb_bytes=$("$hectic" export --chrome "$eb_log" | wc -c)
	eb_ev=unchecked
	if command -v jq >/dev/null 2>&1 && [ "$eb_bytes" -lt 8000000000 ]; then
		eb_ev=$("$hectic" export --chrome "$eb_log" | jq '.traceEvents | length') || die "jq could not read the export"
	fi
	awk -v f="$eb_log" -v b="$(wc -c <"$eb_log")" -v c="$eb_cat" -v s="$eb_sum" -v e="$eb_exp" \
		-v ob="$eb_bytes" -v ev="$eb_ev" -v load="$eb_load" -v strict="$strict" 'BEGIN {
		split(s, S, " "); split(e, E, " ")
		printf "export (issue 22): %s (%.2f GB; bench/gen.c big)\n", f, b / 1e9
		printf "  load average %s before timing\n", load
		printf "  cat:                        %.3f s\n", c
		printf "  hectic summary:             %.3f s (%.1fx cat); peak anon %.1f MB\n", S[1], S[1] / c, S[3] / 1024
		printf "  hectic export --chrome:     %.3f s (%.1fx cat, %.2fx summary); peak anon %.1f MB\n", E[1], E[1] / c, E[1] / S[1], E[3] / 1024
		ok = E[3] <= S[3] + 16 * 1024
		printf "                              memory: %.2fx summary'"'"'s (target <= summary + 16 MB: %s)\n", E[3] / S[3], ok ? "ok" : "MISSED"
		printf "  output: %.2f GB of JSON (%.0f MB/s), %s events (jq)\n", ob / 1e9, ob / 1e6 / E[1], ev
		exit (strict == 1 && !ok) ? 1 : 0 }' || failed=1
}

# hectic sql (issue 34): sql_bench
. "$here/sql.sh"
# hectic doctor (issue 47): on the main log against cat, then its advice
# tried on the problem programs (bench/doctor.sh)
doctor_bench() {
	echo "doctor (issue 47): $log"
	db_s=$(measure doctor "$hectic" doctor --tsv "$log")
	awk -v d="${db_s%% *}" -v c="$cat_s" 'BEGIN {
		printf "  doctor: %.3f s, %.2fx cat (%.3f s)\n", d, c > 0 ? d / c : 0, c }'
	sh "$here/doctor.sh" "$hectic" || { [ "$strict" = 1 ] && failed=1; }
}

# hectic push (issue 35): push_bench
. "$here/push.sh"

# push_section: the --events log made (cached), then push_bench
push_section() {
	ps_ev=$dir/synth-$push_size.eventlog
	synth_log "$ps_ev" "$(to_bytes "$push_size")" 0
	echo
	push_bench "$log" "$ps_ev"
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
	"$tmp/hectic" --bench="$tb_script" "$tb_log" | awk -v strict="$strict" -v tm="$TARGET_REDRAW_MS" \
		-v tf="$TARGET_FIRST_FRAME_S" '
	/^first frame:/ {
		ok = $3 + 0 <= tf + 0
		printf "  %s (target <= %s s: %s)\n", $0, tf, ok ? "ok" : "MISSED"
		bad = bad || !ok; next }
	/^fully loaded:/ { print "  " $0; next }
	/^redraw per key:/ {
		p99 = $8
		printf "  %s (target p99 < %d ms: %s)\n", $0, tm, (p99 + 0 < tm ? "ok" : "MISSED")
		bad = bad || p99 + 0 >= tm; next }
	{ print "  " $0 }
	END { exit (strict == 1 && bad) ? 1 : 0 }' || failed=1
}

if [ "$threads" = only ]; then
	threads_bench
	[ "$failed" = 0 ] || exit 1
	exit 0
fi

# Only the heap-profile section, the IPE section, the diff section or the
# crafted logs (or some of them): not the main log.
if [ "$crafted" = only ] || [ "$heap" = only ] || [ "$ipe" = only ] || [ "$dbench" = only ] ||
	[ "$ebench" = only ]; then
	if [ "$heap" = only ]; then
		heap_bench
	fi
	if [ "$ipe" = only ]; then
		[ "$heap" != only ] || echo
		ipe_bench
	fi
	if [ "$dbench" = only ]; then
		[ "$heap" != only ] && [ "$ipe" != only ] || echo
		diff_bench
	fi
	if [ "$ebench" = only ]; then
		[ "$heap" != only ] && [ "$ipe" != only ] && [ "$dbench" != only ] || echo
		export_bench
	fi
	if [ "$crafted" = only ]; then
		[ "$heap" != only ] && [ "$ipe" != only ] && [ "$dbench" != only ] &&
			[ "$ebench" != only ] || echo
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
warm=$(resident "$log")

res=$(measure cat cat "$log")
cat_s=${res%% *}
if [ "$live" = only ]; then
	live_bench
	[ "$failed" = 0 ] || exit 1
	exit 0
fi
if [ "$pushb" = only ]; then
	push_section
	[ "$failed" = 0 ] || exit 1
	exit 0
fi
if [ "$sqlb" = only ]; then
	sq_mlog=
	if [ "$markers_n" != 0 ]; then
		sq_mlog=$dir/synth-marked.eventlog
		[ "$size_arg" = 1G ] || sq_mlog=$dir/synth-marked-$size_arg.eventlog
		synth_log "$sq_mlog" "$target" "$markers_n"
	fi
	sql_bench "$log" "$sq_mlog"
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
	-v runs="$runs" -v load="$load" -v ncpu="$ncpu" -v tr="$TARGET_RATIO" -v ta="$TARGET_ANON_MB" -v strict="$strict" \
	-v warm="$warm" '
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
	if (warm != "")
		printf "page cache, after warming: %s\n", warm
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

# Cores (issue 19): the index and the tracks on one thread
# (HECTIC_THREADS=1) against the default (a part per core on files >= 64 MB).
res=$(measure summary1 env HECTIC_THREADS=1 "$tmp/hectic" summary "$log")
sum1_s=${res%% *}
ix2=$(index_times "$log")
ix1=$(index_times "$log" HECTIC_THREADS=1)
awk -v s1="$sum1_s" -v s2="$sum_s" -v ix1="$ix1" -v ix2="$ix2" -v ts="$TARGET_SPEEDUP" \
	-v strict="$strict" -v ncpu="$ncpu" -v bytes="$bytes" 'BEGIN {
	split(ix1, a, " "); split(ix2, b, " ")
	su = s1 / s2; ok_s = su >= ts; st = a[2] / b[2]; ok_t = st >= ts
	printf "threads, 1 -> 2 (HECTIC_THREADS=1 against the default; %s CPUs):\n", ncpu
	printf "  hectic summary: %.3f s -> %.3f s: %.2fx (target >= %sx: %s)\n", s1, s2, su, ts,
		ok_s ? "ok" : "MISSED"
	printf "  open+index+tracks (bench/query.c -i): %.3f s -> %.3f s: %.2fx (target >= %sx: %s)\n",
		a[2], b[2], st, ts, ok_t ? "ok" : "MISSED"
	printf "  open+index alone: %.3f s -> %.3f s: %.2fx\n", a[1], b[1], a[1] / b[1]
	if (bytes < 64 * 1048576)
		printf "  (the file is under 64 MB: hectic indexes it on one thread either way)\n"
	exit (strict == 1 && !(ok_s && ok_t)) ? 1 : 0
}' || failed=1

# Reports on the event classes (issue 19): each against open + index.
echo "reports (on a class the log lacks or has fewer events of than blocks: target <= open+index):"
reports_bench "$log" "$cat_s" spans markers heap profile sparks

# The UI, headless (an invisible 200x50 screen), $runs times: the first
# frame (the skeleton, drawn while the log loads on a thread) and the frame
# once fully loaded, then the redraw time per key over a fixed script that
# zooms from the whole run down to 1 ns per column and back, pans, pages,
# jumps between GCs, moves in the event list, searches and opens panels.
zin=$(printf '+ %.0s' $(seq 1 32))
zout=$(printf -- '- %.0s' $(seq 1 32))
script="= $zin l l l h h ] ] ] [ } { <PageDown> <PageUp> j j j k k $zout = g G ] ] [ /main n N p <Escape> f <Escape> t <Escape> + + + + + + + + ] [ <Right> <Left>"
ui_print "ui " "$(ui_runs ui "$log" "$script")" "$cat_s" "$sum_s" "$bytes"

# A log with a few user markers and spans (bench/gen.c marked): markers
# and spans against open + index.
if [ "$markers_n" != 0 ]; then
	echo
	if [ "$size_arg" = 1G ]; then
		mlog=$dir/synth-marked.eventlog
	else
		mlog=$dir/synth-marked-$size_arg.eventlog
	fi
	synth_log "$mlog" "$target" "$markers_n"
	cat "$mlog" >/dev/null
	cat "$mlog" >/dev/null
	res=$(measure mcat cat "$mlog")
	m_cat=${res%% *}
	awk -v f="$mlog" -v b="$(wc -c <"$mlog")" -v src="$(sed -n 3p "$mlog.stamp")" \
		-v ev="$(sed -n 2p "$mlog.stamp" | cut -d' ' -f1)" -v c="$m_cat" 'BEGIN {
		printf "marked log: %s (%.2f GB, %d events; %s)\n", f, b / 1e9, ev, src
		printf "  cat: %.3f s\n", c }'
	reports_bench "$mlog" "$m_cat" markers spans
fi
if [ "$sqlb" = 1 ]; then
	echo
	sql_bench "$log" "$([ "$markers_n" = 0 ] || echo "$mlog")"
fi
if [ "$pushb" = 1 ]; then
	push_section
fi

if [ "$big" = 1 ]; then
	echo
	big_bench
fi
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
if [ "$ipe" = 1 ]; then
	echo
	ipe_bench
fi
if [ "$dbench" = 1 ]; then
	echo
	diff_bench
fi
if [ "$ebench" = 1 ]; then
	echo
	export_bench
fi
if [ "$doctorb" = 1 ]; then
	echo
	doctor_bench
fi
if [ "$crafted" = 1 ]; then
	echo
	crafted_bench || failed=1
fi
[ "$failed" = 0 ] || exit 1
