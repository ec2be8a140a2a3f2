#!/bin/sh
# Every column of every table has an independent check (issue 45, item 4):
# the columns `hectic sql --schema` lists against tests/columns.txt, which
# names for each column the suite and the check in it that compares the
# column with GHC's own files (.hp, .prof, +RTS -s, +RTS -r, the eventlog's
# bytes) or with ghc-events' show text, or says why no oracle can give it.
# Fails for:
#  - a column of the schema with no line in columns.txt;
#  - a line naming a column the schema does not have (or naming one twice);
#  - a SUITE with no file: SUITE is tests/SUITE.sh, e2e-X is
#    tests/e2e/X.sh; SUITE:FILE also lets the check be in tests/FILE (an
#    awk or helper file), which must exist and be named in the suite's file;
#  - a CHECK string that is in neither file (a fixed string, grep -F);
#  - a "none:" line with no reason.
# A line: "TABLE.COLUMN SUITE CHECK", CHECK the rest of the line; a check
# made through another table or report (hectic against hectic, then that
# against the oracle) adds " ;; SUITE CHECK" for each further link, each
# verified the same way. "TABLE.COLUMN - none: REASON" for a column no
# oracle can give. '#' lines and blank lines are comments.
# Usage: sh tests/columns.sh path/to/hectic
set -u
H=${1:?usage: sh tests/columns.sh path/to/hectic}
MAP=${COLUMNS_MAP:-tests/columns.txt}
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-columns.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "columns: FAIL: $*"; }

if ! "$H" sql --schema >"$T/schema" 2>"$T/err"; then
	echo "columns: FAIL: hectic sql --schema failed: $(head -2 "$T/err")"
	echo "columns: 0 passed, 1 failed"
	exit 1
fi
# the schema's columns: a table's line "name: text", its columns indented
if ! awk '/^[a-z_]+: / { t = $1; sub(/:$/, "", t); next }
	/^  [a-z_]+ / && t != "" { print t "." $1 }' "$T/schema" | sort >"$T/cols"; then
	bad "the schema could not be read"
fi
ncols=$(wc -l <"$T/cols")
[ "$ncols" -ge 80 ] || bad "the schema lists $ncols columns only"
[ -f "$MAP" ] || bad "$MAP missing"

# the map's columns
awk '!/^#/ && NF { print $1 }' "$MAP" | sort >"$T/mapped"
uniq -d "$T/mapped" >"$T/dup"
while IFS= read -r c; do
	bad "$c: named more than once in $MAP"
done <"$T/dup"
comm -23 "$T/cols" "$T/mapped" >"$T/missing"
while IFS= read -r c; do
	bad "$c: in hectic sql --schema, not in $MAP (name its check, or why none can be)"
done <"$T/missing"
sort -u "$T/mapped" | comm -13 "$T/cols" - >"$T/gone"
while IFS= read -r c; do
	bad "$c: in $MAP, not a column of hectic sql --schema"
done <"$T/gone"

# suitefile SUITE: the suite's file, or nothing
suitefile() {
	case $1 in
	e2e-*) f=tests/e2e/${1#e2e-}.sh ;;
	*) f=tests/$1.sh ;;
	esac
	[ -f "$f" ] && echo "$f"
}
# link COLUMN "SUITE CHECK": the suite's file (or helper) holds CHECK
link() {
	s=${2%% *} chk=${2#* }
	if [ "$chk" = "$2" ] || [ -z "$chk" ]; then
		bad "$1: '$2' names no check"
		return
	fi
	helper=
	case $s in *:*) helper=tests/${s#*:} s=${s%%:*} ;; esac
	f=$(suitefile "$s")
	if [ -z "$f" ]; then
		case $s in e2e-*) f=tests/e2e/${s#e2e-}.sh ;; *) f=tests/$s.sh ;; esac
		bad "$1: suite $s has no file ($f)"
		return
	fi
	if [ -n "$helper" ]; then
		if [ ! -f "$helper" ]; then
			bad "$1: $helper (named with suite $s) missing"
			return
		fi
		if ! grep -qF "$(basename "$helper")" "$f"; then
			bad "$1: $f does not use $helper"
			return
		fi
	fi
	if grep -qF -- "$chk" "$f" || { [ -n "$helper" ] && grep -qF -- "$chk" "$helper"; }; then
		ok
	else
		bad "$1: check '$chk' not found in $f${helper:+ or $helper}"
	fi
}

nnone=0 nchk=0
awk '!/^#/ && NF' "$MAP" >"$T/lines"
while IFS= read -r line; do
	col=${line%% *} rest=${line#* }
	case $rest in
	"- none:"*)
		why=${rest#- none:}
		if [ -n "$(printf '%s' "$why" | tr -d ' ')" ]; then
			nnone=$((nnone + 1))
			ok
		else
			bad "$col: 'none' with no reason"
		fi
		continue
		;;
	esac
	nchk=$((nchk + 1))
	# each link of " ;; "-separated SUITE CHECK pairs
	while :; do
		case $rest in
		*" ;; "*)
			link "$col" "${rest%% ;; *}"
			rest=${rest#* ;; }
			;;
		*)
			link "$col" "$rest"
			break
			;;
		esac
	done
done <"$T/lines"
echo "columns: $ncols columns, $nchk checked, $nnone with no oracle"
echo "columns: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
