#!/bin/sh
# bench/doctor.sh HECTIC: the advice of `hectic doctor` tried (issue 47).
# For each problem program of tests/fixtures/doctor whose advice is RTS
# flags, built here with the machine's GHC: run it with its problem's flags
# and -l, ask `hectic doctor --tsv` for the finding of its built-in kind,
# run it again with that finding's rts flags added, and read both runs'
# +RTS -s as the RTS wrote them. The cost the finding named must fall by
# the kind's margin, best of RUNS runs each:
#   nursery       Total elapsed at most 0.9 of the problem's (GHC's guide:
#                 the advised -A must cut the run's elapsed time), and the
#                 GC elapsed at most 0.5 of it
#   major-pauses  the Gen 1 max pause at most 0.5 of the problem's
#   gc-balance    the GC elapsed at most 0.8 of the problem's
# Prints a line per program; exit 1 when one misses its margin, when the
# finding or its flags are not there, or when there is no GHC (strict:
# HECTIC_DOCTOR_STRICT=1, as `make check-advice` runs it; else a missing
# GHC is said and the section skipped, as make bench's other sections do
# without their tools).
#   HECTIC_DOCTOR_RUNS   runs of each, the best kept   [3]
#   HECTIC_DOCTOR_PROGS  which programs   [nursery major gc-balance]
set -u
H=$1
here=$(cd "$(dirname "$0")" && pwd)
fix=$here/../tests/fixtures/doctor
runs=${HECTIC_DOCTOR_RUNS:-3}
strict=${HECTIC_DOCTOR_STRICT:-0}
progs=${HECTIC_DOCTOR_PROGS:-nursery major gc-balance}

if ! command -v ghc >/dev/null 2>&1; then
	echo "doctor advice: no ghc here (apt-get install ghc): not tried"
	[ "$strict" = 1 ] && exit 1
	exit 0
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/hectic-doctor-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT
v=$(ghc --numeric-version)
case $v in
9.[0-3].*) evflag=-eventlog ;;
*) evflag= ;; # (the eventlog RTS is the default since GHC 9.4)
esac
echo "doctor advice tried (issue 47): GHC $v, best of $runs runs"

# the problem's flags and built-in kind of each program
flags_of() {
	case $1 in
	nursery) echo "-N4 -A64k" ;;
	major) echo "-N4" ;;
	gc-balance) echo "-N4 -A8m" ;;
	esac
}
kind_of() {
	case $1 in
	nursery) echo nursery ;;
	major) echo major-pauses ;;
	gc-balance) echo gc-balance ;;
	esac
}

# fig FILE KEY: a figure of a +RTS -s file as tests/rts-s.awk names it
# (t_Total_el, t_GC_el, g1_max: seconds; 0 when the file lacks it)
fig() {
	awk -f "$here/../tests/rts-s.awk" "$1" | awk -F'\t' -v k="$2" '$1 == k { v = $2 } END { print v + 0 }'
}

# best PROG FLAGS WHAT: the least of WHAT over the runs of ./PROG +RTS FLAGS
best() {
	b=
	i=0
	while [ "$i" -lt "$runs" ]; do
		i=$((i + 1))
		(cd "$W/run" && "./$1" +RTS $2 "-s$W/run/s.txt" -RTS >/dev/null 2>&1) || return 1
		x=$(fig "$W/run/s.txt" "$3")
		b=$(awk -v a="$b" -v x="$x" 'BEGIN { print (a == "" || x < a) ? x : a }')
	done
	echo "$b"
}

failed=0
mkdir -p "$W/run"
for p in $progs; do
	fl=$(flags_of "$p")
	kind=$(kind_of "$p")
	if [ ! -s "$fix/$p.hs" ] || [ -z "$fl" ]; then
		echo "  $p: MISSED: no program or no problem flags in tests/fixtures/doctor"
		failed=1
		continue
	fi
	if ! (cd "$W" && cp "$fix/$p.hs" . && ghc -v0 -O1 -threaded -rtsopts $evflag \
		-outputdir "obj-$p" -o "run/$p" "$p.hs"); then
		echo "  $p: MISSED: ghc failed"
		failed=1
		continue
	fi
	(cd "$W/run" && "./$p" +RTS $fl -l "-ol$p.eventlog" -RTS >/dev/null 2>&1)
	rts=$("$H" doctor --tsv "$W/run/$p.eventlog" | awk -F'\t' -v k="$kind" '$2 == k { print $8; exit }')
	if [ -z "$rts" ]; then
		echo "  $p: MISSED: doctor gave no $kind finding with RTS flags: $("$H" doctor --tsv "$W/run/$p.eventlog" | cut -f2,3,8 | tr '\n' ';')"
		failed=1
		continue
	fi
	case $kind in
	nursery) what=t_Total_el ;;
	major-pauses) what=g1_max ;;
	gc-balance) what=t_GC_el ;;
	esac
	a=$(best "$p" "$fl" "$what") && b=$(best "$p" "$fl $rts" "$what") || {
		echo "  $p: MISSED: a run failed"
		failed=1
		continue
	}
	extra=
	if [ "$kind" = nursery ]; then
		ga=$(best "$p" "$fl" t_GC_el) && gb=$(best "$p" "$fl $rts" t_GC_el)
		extra=$(awk -v a="$ga" -v b="$gb" 'BEGIN { printf " (GC elapsed %.3f s -> %.3f s, %.2fx)", a, b, (a > 0 ? b / a : 0) }')
		gcok=$(awk -v a="$ga" -v b="$gb" 'BEGIN { print (a > 0 && b <= 0.5 * a) ? 1 : 0 }')
	else
		gcok=1
	fi
	margin=$(case $kind in nursery) echo 0.9 ;; major-pauses) echo 0.5 ;; *) echo 0.8 ;; esac)
	verdict=$(awk -v a="$a" -v b="$b" -v m="$margin" -v g="$gcok" 'BEGIN { print (a > 0 && b <= m * a && g) ? "ok" : "MISSED" }')
	awk -v p="$p" -v k="$kind" -v f="$fl" -v r="$rts" -v w="$what" -v a="$a" -v b="$b" -v m="$margin" -v v="$verdict" -v e="$extra" 'BEGIN {
		printf "  %s (%s): +RTS %s, advised %s: %s %.4f s -> %.4f s, %.2fx (margin %.1fx)%s: %s\n",
			p, k, f, r, w, a, b, (a > 0 ? b / a : 0), m, e, v }'
	[ "$verdict" = ok ] || failed=1
done
[ "$failed" = 0 ] || exit 1
