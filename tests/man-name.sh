#!/bin/sh
# tools/man-name.awk, the test tools/deb-check.sh applies to `man hectic`
# in the chroot (issue 37: its awk once passed any page with a NAME
# heading): the page of man/hectic.1 as this machine's man formats it
# passes; the same page with another name under NAME, a page without a
# NAME heading, and NAME with nothing or something else under it fail.
# Usage: sh tests/man-name.sh
set -u
cd "$(dirname "$0")/.." || exit 1
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-man-name.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
# status_case NAME WANT FILE: the awk's exit status on FILE is WANT (0 or 1)
status_case() {
	awk -f tools/man-name.awk "$3"
	got=$?
	if [ "$got" = "$2" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1))
		echo "man-name: FAIL: $1: exit $got, want $2"
		sed 's/^/    /' "$3" | head -6
	fi
}
if ! command -v man >/dev/null 2>&1; then
	echo "man-name: FAIL: man not found (apt-get install man-db)"
	exit 1
fi
# man/hectic.1 as man shows it, and broken at its NAME section
MANWIDTH=80 man -l man/hectic.1 >"$T/good" 2>/dev/null
status_case "man/hectic.1" 0 "$T/good"
sed '/^\.Sh NAME$/,/^\.Sh /s/^\.Nm hectic$/.Nm hectik/' man/hectic.1 >"$T/bad.1"
if cmp -s man/hectic.1 "$T/bad.1"; then
	fail=$((fail + 1))
	echo "man-name: FAIL: no '.Nm hectic' under .Sh NAME in man/hectic.1 to break"
else
	MANWIDTH=80 man -l "$T/bad.1" >"$T/bad" 2>/dev/null
	status_case "man/hectic.1 naming hectik" 1 "$T/bad"
fi
sed '/^\.Sh NAME$/,/^\.Sh SYNOPSIS$/{/^\.Sh SYNOPSIS$/!d;}' man/hectic.1 >"$T/noname.1"
MANWIDTH=80 man -l "$T/noname.1" >"$T/noname" 2>/dev/null
status_case "man/hectic.1 without its NAME section" 1 "$T/noname"
# small pages
printf 'NAME\nsomething else\n' >"$T/else"
status_case "NAME, then something else" 1 "$T/else"
printf 'HECTIC(1)\n\nNAME\n' >"$T/last"
status_case "NAME the last line" 1 "$T/last"
: >"$T/empty"
status_case "an empty page" 1 "$T/empty"
printf 'SYNOPSIS\n     hectic file\n' >"$T/nohead"
status_case "no NAME heading" 1 "$T/nohead"
printf 'NAME\n     hectic - a viewer\nSEE ALSO\n     other thing\n' >"$T/ascii"
status_case "NAME, hectic with an ASCII dash" 0 "$T/ascii"
echo "man-name: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
