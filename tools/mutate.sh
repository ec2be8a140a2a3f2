#!/bin/sh
# make mutate (issue 45): the mutation runner. Each line of
# tests/mutations.txt is a small bug a user would read in the output,
#   FILE<TAB>SED-SCRIPT<TAB>WHAT THE BUG IS[<TAB>equivalent: REASON]
# applied alone (sed -e SED-SCRIPT FILE) to a copy of the tree; the copy
# is built, and the suites that cover FILE (sh tests/run.sh --covers FILE,
# from tests/covers.txt) are run against it. A mutant is caught when one
# of them fails. One that does not build is said so and is not caught (a
# mutation must compile); a sed that changes nothing is an error (the line
# went stale when the code moved). A mutant that no test can catch
# because it changes nothing a user reads is marked equivalent, with why.
#
#   sh tools/mutate.sh [-j J] [SELECT...]
# SELECT: N (the Nth mutation of the file, comments and blank lines not
# counted) or a shell glob matched against FILE and against WHAT; none:
# all of them. make mutate M='3 model/heap.c' passes M as SELECT, J as -j.
#
# First the copy (git ls-files: the tracked files and the new ones git
# does not ignore, as they are in the work tree) is built and every suite
# the chosen mutations map to is run once unmutated: each must pass, or
# nothing is tried. Prints a line per mutation as it ends, then the table
# and the score, caught/total. Exit 1 when a mutant survived that is not
# marked equivalent, or a line was stale or did not build.
set -u
J=2
while [ $# -gt 0 ]; do
	case $1 in
	-j) J=${2:?tools/mutate.sh: -j needs a number}; shift 2 ;;
	-j*) J=${1#-j}; shift ;;
	-*) echo "tools/mutate.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
M=$top/tests/mutations.txt
W=$(mktemp -d "${TMPDIR:-/tmp}/hectic-mutate.XXXXXX")
trap 'rm -rf "$W"' EXIT
T=$(printf '\t')

# the chosen mutations, numbered: $W/m.list holds "N<TAB>FILE<TAB>SED<TAB>WHAT<TAB>EQUIV"
n=0
: >"$W/m.list"
while IFS=$T read -r file sed what equiv; do
	case $file in '' | '#'*) continue ;; esac
	n=$((n + 1))
	pick=$#
	for p in "$@"; do
		# shellcheck disable=SC2254
		case $n in $p) pick=0 ;; esac
		# shellcheck disable=SC2254
		case $file in $p) pick=0 ;; esac
		# shellcheck disable=SC2254
		case $what in $p) pick=0 ;; esac
	done
	[ "$pick" = 0 ] || continue
	if [ -z "$what" ]; then
		echo "tools/mutate.sh: tests/mutations.txt, mutation $n: no description (FILE, tab, sed, tab, what)" >&2
		exit 2
	fi
	printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$file" "$sed" "$what" "$equiv" >>"$W/m.list"
done <"$M"
if [ ! -s "$W/m.list" ]; then
	echo "tools/mutate.sh: no mutation of tests/mutations.txt matches:$(printf ' %s' "$@")" >&2
	exit 2
fi

# the copy, and its build
S=$W/tree
mkdir "$S"
(cd "$top" && git ls-files -z -c -o --exclude-standard) >"$W/files"
(cd "$top" && tar --null -T "$W/files" -cf -) | (cd "$S" && tar -xf -) || {
	echo "tools/mutate.sh: could not copy the tree" >&2
	exit 2
}
t0=$(date +%s)
echo "tools/mutate.sh: $(wc -l <"$W/m.list") mutations; building the copy in $S"
if ! (cd "$S" && make -j"$J" unit-build) >"$W/build.log" 2>&1; then
	tail -30 "$W/build.log"
	echo "tools/mutate.sh: the unmutated copy does not build" >&2
	exit 2
fi

# each mutation's suites, and every one of them once unmutated
while IFS=$T read -r i file sed what equiv; do
	if ! (cd "$S" && sh tests/run.sh --covers "$file") >"$W/covers.$i"; then
		echo "tools/mutate.sh: mutation $i: no suite covers $file (tests/covers.txt)" >&2
		exit 2
	fi
done <"$W/m.list"
# shellcheck disable=SC2046
set -- $(cat "$W"/covers.* | tr ' ' '\n' | awk 'NF && !seen[$0]++')
echo "tools/mutate.sh: the unmutated copy against $*"
if ! (cd "$S" && sh tests/run.sh -j "$J" build "$@") >"$W/base.log" 2>&1; then
	cat "$W/base.log"
	echo "tools/mutate.sh: these fail unmutated, so no mutant can be judged by them:$(sed -n 's/^failed://p' "$W/base.log")" >&2
	exit 2
fi
echo "tools/mutate.sh: they pass ($(tail -1 "$W/base.log"))"

# the mutants, one at a time
: >"$W/results"
while IFS=$T read -r i file sed what equiv; do
	f=$S/$file
	pats=$(cat "$W/covers.$i")
	t1=$(date +%s)
	if [ ! -f "$f" ]; then
		verdict="STALE (no file $file)"
	elif ! sed -e "$sed" "$f" >"$W/mutant" 2>"$W/sed.err"; then
		verdict="STALE (sed: $(head -1 "$W/sed.err"))"
	elif cmp -s "$f" "$W/mutant"; then
		verdict="STALE (the sed changes nothing)"
	else
		cp "$f" "$W/orig"
		cat "$W/mutant" >"$f"
		if ! (cd "$S" && make -j"$J" unit-build) </dev/null >"$W/log.$i" 2>&1; then
			verdict="DID NOT BUILD"
			grep -m 3 'error' "$W/log.$i"
		else
			# shellcheck disable=SC2086
			(cd "$S" && sh tests/run.sh -j "$J" build $pats) </dev/null >"$W/log.$i" 2>&1
			rc=$?
			by=$(sed -n 's/^failed://p' "$W/log.$i")
			if [ -n "$by" ]; then
				verdict="caught by$by"
			elif [ "$rc" != 0 ]; then
				verdict="ERROR (tests/run.sh exit $rc: $(tail -1 "$W/log.$i"))"
			elif [ -n "$equiv" ]; then
				verdict="equivalent (${equiv#equivalent: })"
			else
				verdict="SURVIVED"
			fi
		fi
		# the file as it was, newer than the mutant's objects
		cat "$W/orig" >"$f"
	fi
	line=$(printf '%3s %-28s %s\n      suites: %s\n      %s (%s s)' "$i" "$file" "$what" \
		"$pats" "$verdict" "$(($(date +%s) - t1))")
	echo "$line"
	echo "$line" >>"$W/results"
	printf '%s\t%s\n' "$i" "$verdict" >>"$W/verdicts"
done <"$W/m.list"

echo
echo "---- make mutate: $(wc -l <"$W/m.list") mutations, $(($(date +%s) - t0)) s ----"
cat "$W/results"
awk -F'\t' '
	{ total++ }
	$2 ~ /^caught/ { caught++ }
	$2 ~ /^equivalent/ { equiv++ }
	$2 ~ /^SURVIVED/ { surv = surv " " $1 }
	$2 ~ /^(STALE|DID NOT BUILD|ERROR)/ { bad = bad " " $1 }
	END {
		printf "score: %d/%d caught", caught, total
		if (equiv)
			printf " (%d/%d of those not marked equivalent; %d equivalent)", caught, total - equiv, equiv
		printf "\n"
		if (surv != "")
			print "survived, not marked equivalent:" surv
		if (bad != "")
			print "stale, not built or not run:" bad
		exit (surv != "" || bad != "")
	}' "$W/verdicts"
