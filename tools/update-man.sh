#!/bin/sh
# Regenerates the parts of man/hectic.1 between the marker comments
#   .\" BEGIN GENERATED KEYS    ... .\" END GENERATED KEYS
#   .\" BEGIN GENERATED OPTIONS ... .\" END GENERATED OPTIONS
# from the output of the generator (tools/gen-man-keys.c, built by make).
# Usage: tools/update-man.sh [--check] GENERATOR [MANPAGE]
# With --check the page is left alone and the exit status is 1 when it is
# out of date (make check runs this).
set -eu
check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi
gen=${1:?usage: update-man.sh [--check] GENERATOR [MANPAGE]}
page=${2:-man/hectic.1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$gen" keys >"$tmp/KEYS"
"$gen" options >"$tmp/OPTIONS"
# A block whose END marker is missing would swallow the rest of the page.
awk -v dir="$tmp" '
	/^\.\\" BEGIN GENERATED [A-Z]+$/ {
		print
		part = $NF
		f = dir "/" part
		while ((getline l < f) > 0)
			print l
		close(f)
		skip = 1
		found[part] = 1
		next
	}
	/^\.\\" END GENERATED [A-Z]+$/ {
		if ($NF != part) {
			print "update-man.sh: END GENERATED " $NF " without its BEGIN" >"/dev/stderr"
			bad = 1
		}
		skip = 0
		part = ""
	}
	!skip { print }
	END {
		if (skip) {
			print "update-man.sh: BEGIN GENERATED " part " without its END" >"/dev/stderr"
			bad = 1
		}
		if (!found["KEYS"] || !found["OPTIONS"]) {
			print "update-man.sh: the KEYS and OPTIONS markers are both needed" >"/dev/stderr"
			bad = 1
		}
		exit bad
	}
' "$page" >"$tmp/page"
if cmp -s "$tmp/page" "$page"; then
	exit 0
fi
if [ "$check" = 1 ]; then
	echo "$page is out of date with keymaps/: run make man" >&2
	diff -u "$page" "$tmp/page" | head -20 >&2
	exit 1
fi
cat "$tmp/page" >"$page"
echo "updated $page" >&2
