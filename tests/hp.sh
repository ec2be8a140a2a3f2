#!/bin/sh
# hectic heap --hp against GHC's own .hp of the same run, on every fixture
# that has one (tests/fixtures/*.hp: GHC 9.0.2; modern/*.hp: 9.6.6 and
# 9.10.3; diff/*.hp: 9.0.2 and 9.6.6), and hp2ps (Debian's ghc) renders
# every file written.
#
# Compared with the .hp:
# - JOB, DATE, SAMPLE_UNIT, VALUE_UNIT: equal (DATE in TZ=UTC, the time
#   zone the fixtures were made in: hectic writes the log's wall-clock
#   start in the local zone, GHC the local time it opened the .hp).
# - every sample, band and byte: equal, in the same order, the empty first
#   and last samples included; a cost-centre stack's "(N)" is GHC's
#   cost-centre-stack id, which the log does not carry, so N is compared as
#   a name: GHC's and hectic's numbers must pair one to one over the file
#   (the same stacks told apart), the rest of the name equal.
# - the sample times are not GHC's (its census times are mutator CPU
#   seconds, which no event carries): hectic's are checked against the
#   census times of the log as ghc-events' own `show` text prints them
#   (NAME.oracle.show, next to every .hp fixture; a .hp without one is a
#   failure: never hectic's own `show` in its place), the first at 0 and
#   the last at the log's last event, in GHC's format (%f).
# Then: --from/--to, a log without a heap profile, a write error, and two
# logs made from real ones by changing bytes in place (same length, so
# nothing else moves): band names with a tab, a newline and a space
# (written as \x09, \x0a and \x20: raw, they would break the file's lines,
# or a band's line for hp2ps, which splits it at white space), and +RTS -L15
# in the command line (the stacks cut at 15 as GHC cuts them at -L).
# Usage: sh tests/hp.sh [HECTIC]
set -u
H=${1:-build/hectic}
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-hp.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "hp: FAIL: $*"; }

missing=0
for t in hp2ps:ghc awk:mawk sed:sed grep:grep cmp:diffutils diff:diffutils cp:coreutils \
	head:coreutils tail:coreutils mktemp:coreutils wc:coreutils sort:coreutils; do
	if ! command -v "${t%:*}" >/dev/null 2>&1; then
		echo "hp: FAIL: ${t%:*} not found (apt-get install ${t#*:})"
		missing=$((missing + 1))
	fi
done
[ "$missing" -gt 0 ] && exit 1

# body FILE: the samples of a .hp without their times, a stack's "(N)" as
# "(#)": one line per sample mark or band
body() {
	awk 'NR > 4 { sub(/^BEGIN_SAMPLE .*/, "BEGIN_SAMPLE"); sub(/^END_SAMPLE .*/, "END_SAMPLE")
		sub(/^\([0-9]+\)/, "(#)"); print }' "$1"
}

# pairs WANT GOT: GHC's and hectic's "(N)" line by line; a number of either
# paired with two of the other is printed (nothing when one to one)
pairs() {
	awk 'FNR == 1 { f++ }
		{ id = ""; if (match($0, /^\([0-9]+\)/)) id = substr($0, 2, RLENGTH - 2) }
		f == 1 { w[FNR] = id; next }
		id != "" || w[FNR] != "" {
			g = w[FNR]
			if ((g in a) && a[g] != id) print "GHC " g ": hectic " a[g] " and " id
			if ((id in b) && b[id] != g) print "hectic " id ": GHC " b[id] " and " g
			a[g] = id; b[id] = g
		}' "$1" "$2" | head -3
}

# sample_times FILE: the BEGIN_SAMPLE times, one a line (and any END_SAMPLE that
# differs from its BEGIN_SAMPLE's, or a time not in %f's form, as "bad")
sample_times() {
	awk '/^BEGIN_SAMPLE / { t = $2; if (t !~ /^[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]$/) t = "bad " t; print t }
		/^END_SAMPLE / && $2 != t { print "bad end " $2 }' "$1"
}

# want_times SHOW [FROM TO]: 0 (or FROM), the census times of the show
# text (within FROM..TO), and its last event's time (or TO), as %f prints
# seconds (rounded from the ns: exact integers in awk's doubles)
want_times() {
	awk -v from="${2:-}" -v to="${3:-}" '
		function sec(ns,   us) { us = int((ns + 500) / 1000)
			return sprintf("%d.%06d", int(us / 1000000), us % 1000000) }
		/^[0-9]+: / { t = $1 + 0; if (t > last) last = t }
		/^[0-9]+: start heap prof sample / {
			t = $1 + 0
			if ((from == "" || t >= from + 0) && (to == "" || t <= to + 0)) c[++n] = t }
		END { print sec(from == "" ? 0 : from)
			for (i = 1; i <= n; i++) print sec(c[i])
			if (to != "" && to + 0 < last) last = to + 0
			print sec(last) }' "$1"
}

# render NAME FILE: hp2ps reads FILE without an error and draws it
render() {
	mkdir -p "$T/ps"
	cp "$2" "$T/ps/$1.hp"
	if (cd "$T/ps" && hp2ps "$1.hp") >"$T/ps/err" 2>&1 && [ -s "$T/ps/$1.ps" ]; then
		ok
	else
		bad "$1: hp2ps: $(head -2 "$T/ps/err")"
	fi
}

# check NAME WANT_HP GOT_HP: the header and the samples equal
check() {
	for k in 1 2 3 4; do
		w=$(sed -n "${k}p" "$2") g=$(sed -n "${k}p" "$3")
		if [ "$w" = "$g" ]; then ok; else bad "$1: header line $k: got '$g', want '$w'"; fi
	done
	body "$2" >"$T/want.body"
	body "$3" >"$T/got.body"
	if cmp -s "$T/want.body" "$T/got.body"; then
		ok
	else
		bad "$1: samples differ (< .hp, > hectic; times left out, (N) as (#)):"
		diff "$T/want.body" "$T/got.body" | head -6
	fi
	p=$(pairs "$2" "$3")
	if [ -z "$p" ]; then ok; else bad "$1: cost-centre stacks not told apart as GHC does: $p"; fi
}

n=0
for hp in tests/fixtures/*.hp tests/fixtures/modern/*.hp tests/fixtures/diff/*.hp; do
	[ -e "$hp" ] || continue
	n=$((n + 1))
	base=${hp%.hp}
	name=$(basename "$base")
	if [ ! -e "$base.eventlog" ]; then
		bad "$name: $base.eventlog missing"
		continue
	fi
	if ! TZ=UTC "$H" heap --hp --raw "$base.eventlog" >"$T/got.hp" 2>"$T/err"; then
		bad "$name: hectic heap --hp failed: $(head -2 "$T/err")"
		continue
	fi
	check "$name" "$hp" "$T/got.hp"
	show=$base.oracle.show
	if [ ! -e "$show" ]; then
		bad "$name: no $show to take the census times from"
		render "$name" "$T/got.hp"
		continue
	fi
	want_times "$show" >"$T/want.times"
	sample_times "$T/got.hp" >"$T/got.times"
	if [ "$(wc -l <"$T/want.times")" -gt 2 ] && cmp -s "$T/want.times" "$T/got.times"; then
		ok
	else
		bad "$name: sample times differ from the log's census times (< want, > hectic):"
		diff "$T/want.times" "$T/got.times" | head -4
	fi
	render "$name" "$T/got.hp"
done
[ "$n" -eq 0 ] && bad "no tests/fixtures/**/*.hp"

# --from/--to: the censuses of the window, the 3rd to the 5th (GHC's 4th
# to 6th samples), with the empty ones at the window's start and end
F=tests/fixtures/profile-hc
from=$(awk '/ start heap prof sample / && ++n == 3 { print $1 + 0 }' "$F.oracle.show")
to=$(awk '/ start heap prof sample / && ++n == 5 { print $1 + 0 }' "$F.oracle.show")
if TZ=UTC "$H" heap --hp --from "${from}ns" --to "${to}ns" "$F.eventlog" >"$T/win.hp" 2>"$T/err"; then
	awk 'NR <= 6 { print; next }
		/^BEGIN_SAMPLE/ { k++ } k >= 3 && k <= 5 { print }
		END { print "BEGIN_SAMPLE x"; print "END_SAMPLE x" }' "$F.hp" >"$T/win.want"
	check "window" "$T/win.want" "$T/win.hp"
	want_times "$F.oracle.show" "$from" "$to" >"$T/want.times"
	sample_times "$T/win.hp" >"$T/got.times"
	if [ "$(wc -l <"$T/got.times")" -eq 5 ] && cmp -s "$T/want.times" "$T/got.times"; then
		ok
	else
		bad "window: sample times (< want, > hectic):"
		diff "$T/want.times" "$T/got.times" | head -4
	fi
	render window "$T/win.hp"
else
	bad "window: hectic heap --hp --from --to failed: $(head -2 "$T/err")"
fi
# a window after the last census (838.7ms), inside the log (to 857.9ms):
# the two empty samples only (a window past the log's end is an error:
# tests/cli.sh)
if "$H" heap --hp --from 850ms "$F.eventlog" >"$T/late.hp" 2>"$T/err" &&
	[ "$(grep -c _SAMPLE "$T/late.hp")" -eq 4 ]; then
	ok
	render late "$T/late.hp"
else
	bad "a window without a census: $(head -2 "$T/err")"
fi

# no heap profile: said, exit 1, nothing written
"$H" heap --hp tests/fixtures/nonthreaded.eventlog >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" -eq 1 ] && [ ! -s "$T/out" ] && grep -q "no heap profile" "$T/err"; then
	ok
else
	bad "a log without a heap profile: exit $rc, '$(head -1 "$T/err")', $(wc -c <"$T/out") bytes out"
fi
# a write error: exit 1, said
if [ -w /dev/full ]; then
	"$H" heap --hp tests/fixtures/profile-hc.eventlog >/dev/full 2>"$T/err"
	rc=$?
	if [ "$rc" -eq 1 ] && grep -q "cannot write" "$T/err"; then
		ok
	else
		bad "stdout on /dev/full: exit $rc, '$(head -1 "$T/err")'"
	fi
else
	bad "no /dev/full to write to"
fi
# --hp is heap's own format: no --tsv
"$H" heap --hp --tsv tests/fixtures/profile-hc.eventlog >/dev/null 2>&1
rc=$?
if [ "$rc" -eq 2 ]; then ok; else bad "--hp --tsv: exit $rc, want 2"; fi

# band names with a tab, a newline and a space: three -hT bands of a real
# log changed in place (every sample of each names it again), and GHC's .hp
# the same way
F=tests/fixtures/profile-hT
LC_ALL=C sed -e 's/base:GHC\.Event\.Control\.W/base:GHC.Event\tControl.W/g' \
	-e 's/base:GHC\.Maybe\.Just/base:GHC\nMaybe.Just/g' \
	-e 's/base:GHC\.Arr\.STArray/base:GHC.Arr STArray/g' "$F.eventlog" >"$T/ctl.eventlog"
if [ "$(wc -c <"$T/ctl.eventlog")" -ne "$(wc -c <"$F.eventlog")" ] ||
	cmp -s "$T/ctl.eventlog" "$F.eventlog"; then
	bad "the crafted log is not the log with three names changed"
fi
sed -e 's/^base:GHC\.Event\.Control\.W\t/base:GHC.Event\\x09Control.W\t/' \
	-e 's/^base:GHC\.Maybe\.Just\t/base:GHC\\x0aMaybe.Just\t/' \
	-e 's/^base:GHC\.Arr\.STArray\t/base:GHC.Arr\\x20STArray\t/' "$F.hp" >"$T/ctl.want"
if [ "$(grep -c '\\x09\|\\x0a\|\\x20' "$T/ctl.want")" -ne \
	"$(grep -c 'base:GHC.Event.Control.W\|base:GHC.Maybe.Just\|base:GHC.Arr.STArray' "$F.hp")" ]; then
	bad "the crafted .hp did not take the names"
fi
if TZ=UTC "$H" heap --hp "$T/ctl.eventlog" >"$T/ctl.hp" 2>"$T/err"; then
	check "tab, newline, space" "$T/ctl.want" "$T/ctl.hp"
	render ctl "$T/ctl.hp"
else
	bad "tab, newline, space: hectic failed: $(head -2 "$T/err")"
fi

# +RTS -L15: -i0.01 of a -hc log's command line made -L0015 (15 for the
# RTS's atof); GHC's names cut again at 15: a name it cut at 25 (21
# characters and "...") and any longer than 15 become their first 11 and
# "..."; MAIN is never cut
F=tests/fixtures/profile-hc
if [ "$(LC_ALL=C grep -a -o -e '-i0\.01' "$F.eventlog" | wc -l)" -ne 1 ]; then
	bad "-L: $F.eventlog does not hold -i0.01 once"
fi
LC_ALL=C sed 's/-i0\.01/-L0015/' "$F.eventlog" >"$T/L.eventlog"
awk -F '\t' 'NR == 1 { sub(/-i0\.01/, "-L0015"); print; next }
	NF == 2 && match($1, /^\([0-9]+\)/) {
		id = substr($1, 1, RLENGTH); nm = substr($1, RLENGTH + 1)
		if (length(nm) > 15) nm = substr(nm, 1, 11) "..."
		print id nm "\t" $2; next }
	{ print }' "$F.hp" >"$T/L.want"
if TZ=UTC "$H" heap --hp "$T/L.eventlog" >"$T/L.hp" 2>"$T/err"; then
	check "-L15" "$T/L.want" "$T/L.hp"
	render L "$T/L.hp"
else
	bad "-L15: hectic failed: $(head -2 "$T/err")"
fi

# band names hp2ps would not read as names (issue 32): a log of two
# censuses, written here byte by byte, of -hT-like string bands named as
# hp2ps's words (BEGIN_SAMPLE, END_SAMPLE, MARK, JOB, DATE, SAMPLE_UNIT,
# VALUE_UNIT), empty, and starting with '"', among ordinary ones: the .hp
# renders (hp2ps exits 0 and writes PostScript), each such name is written
# with its first byte as \xNN (an empty one as "(empty)"), and every band
# keeps its value
byte() { for x; do printf "\\$(printf %o "$x")"; done; }
u16() { byte $(($1 >> 8 & 255)) $(($1 & 255)); }
u32() { u16 $(($1 >> 16 & 65535)); u16 $(($1 & 65535)); }
u64() { u32 $(($1 >> 32 & 4294967295)); u32 $(($1 & 4294967295)); }
etype() { # NUM SIZE DESC
	printf 'etb\000'; u16 "$1"; u16 "$2"; u32 ${#3}; printf %s "$3"; u32 0; printf 'ete\000'
}
sample() { # TIME BYTES NAME: a HEAP_PROF_SAMPLE_STRING
	u16 164; u64 "$1"; u16 $((1 + 8 + ${#3} + 1)); byte 0; u64 "$2"; printf '%s\000' "$3"
}
words='BEGIN_SAMPLE END_SAMPLE MARK JOB DATE SAMPLE_UNIT VALUE_UNIT'
{
	printf 'hdrbhetb'
	etype 162 8 "Start of heap profile sample"
	etype 164 65535 "Heap profile string sample"
	etype 165 8 "End of heap profile sample"
	printf 'hetehdredatb'
	for era in 1 2; do
		t=$((era * 1000000000))
		u16 162; u64 $t; u64 $era
		k=1
		for nm in ordinary $words '' '"quoted' 'MARKS'; do
			sample $((t + k)) $((era * 1000 + k * 8)) "$nm"
			k=$((k + 1))
		done
		u16 165; u64 $((t + 100)); u64 $era
	done
	u16 65535
} >"$T/words.eventlog"
if "$H" heap --hp "$T/words.eventlog" >"$T/words.hp" 2>"$T/err"; then
	# the bands' lines of each census, as they must be written
	for era in 1 2; do
		k=1
		for nm in ordinary '\x42EGIN_SAMPLE' '\x45ND_SAMPLE' '\x4dARK' '\x4aOB' '\x44ATE' \
			'\x53AMPLE_UNIT' '\x56ALUE_UNIT' '(empty)' '\x22quoted' MARKS; do
			printf '%s\t%d\n' "$nm" $((era * 1000 + k * 8))
			k=$((k + 1))
		done
	done >"$T/words.want"
	grep -v -e '^BEGIN_SAMPLE ' -e '^END_SAMPLE ' -e '^JOB ' -e '^DATE ' -e '^SAMPLE_UNIT ' \
		-e '^VALUE_UNIT ' "$T/words.hp" >"$T/words.got"
	if cmp -s "$T/words.want" "$T/words.got"; then
		ok
	else
		bad "hp2ps's words as names (< want, > hectic):"
		diff "$T/words.want" "$T/words.got" | head -6
	fi
	if (cd "$T" && hp2ps words.hp) >"$T/hp2ps.out" 2>&1 && [ -s "$T/words.ps" ] &&
		head -c 4 "$T/words.ps" | grep -q '^%!'; then
		ok
	else
		bad "hp2ps's words as names: hp2ps does not render the file: $(head -c 200 "$T/hp2ps.out")"
	fi
else
	bad "hp2ps's words as names: hectic failed: $(head -2 "$T/err")"
fi

echo "hp: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
