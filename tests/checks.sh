#!/bin/sh
# The checks of tests/run.sh that are not a suite of their own, each run
# as one: sh tests/checks.sh CHECK BUILD (BUILD: build or build-san).
# Each prints what failed and ends with "CHECK: N passed, N failed";
# exit status 1 when anything failed.
#   unit           every cmocka binary (one per tests/unit/test_*.c)
#   truncate       every prefix of a real log decodes (tests/unit/truncate.c)
#   fuzz-replay    the fuzz regression inputs and the fixtures through each
#                  fuzz target, linked with a plain main
#   golden         hectic show against ghc-events' text, plain,
#                  --pretty-time and in batches of 3
#   golden-modern  the same on the GHC 9.6 and 9.10 logs
#   man-lint       mandoc's lint of the man page
#   man-keys       the man page's KEYS and rc option lists match keymaps/,
#                  and its commands (SYNOPSIS, the list of commands) the
#                  command table's (cli/commands.c): a page with one
#                  missing or one too many in either fails
set -u
what=${1:?usage: tests/checks.sh CHECK BUILD}
B=${2:-build}
HECTIC=$B/hectic
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $what: $1"; }

unit() {
	for src in tests/unit/test_*.c; do
		t=$B/tests/$(basename "$src" .c)
		if [ ! -e "$src" ]; then
			bad "no tests/unit/test_*.c"
		elif [ ! -x "$t" ]; then
			bad "$(basename "$t") ($t not built)"
		elif "$t" >"$B/unit.out" 2>&1; then
			ok
		else
			cat "$B/unit.out"
			bad "$(basename "$t")"
		fi
	done
	rm -f "$B/unit.out"
}

truncate_() {
	if [ ! -x "$B/tests/truncate" ]; then
		bad "$B/tests/truncate not built"
	elif "$B/tests/truncate" tests/fixtures/nonthreaded.eventlog; then
		ok
	else
		bad truncate
	fi
}

fuzz_replay() {
	for t in tests/fuzz/fuzz_*.c; do
		if [ ! -e "$t" ]; then
			bad "no tests/fuzz/fuzz_*.c"
			continue
		fi
		t=${t#tests/fuzz/fuzz_}
		t=${t%.c}
		r=$B/tests/replay_$t
		if [ ! -x "$r" ]; then
			bad "$t ($r not built)"
		elif "$r" tests/fuzz/corpus tests/fixtures/*.eventlog; then
			ok
		else
			bad "$t"
		fi
	done
}

golden() {
	for f in tests/fixtures/*.eventlog; do
		if [ ! -e "$f" ]; then
			bad "no tests/fixtures/*.eventlog"
			continue
		fi
		base=${f%.eventlog}
		# tiny: batches of 3 events, so the render pipeline recycles its
		# slots many times over (its order must not depend on the
		# scheduling)
		for mode in plain pretty tiny; do
			want=$base.oracle.show opt="" batch=""
			if [ "$mode" = pretty ]; then
				want=$base.oracle.pretty.show opt=--pretty-time
			fi
			[ "$mode" = tiny ] && batch=3
			if [ ! -e "$want" ]; then
				bad "$mode:$(basename "$want") (oracle missing)"
				continue
			fi
			if HECTIC_BATCH=$batch "$HECTIC" show $opt "$f" 2>/dev/null | cmp -s - "$want"; then
				ok
			else
				bad "$mode:$(basename "$want")"
				"$HECTIC" show $opt "$f" 2>/dev/null | diff "$want" - | head -5
			fi
		done
	done
}

# against sid's ghc-events 0.20 `show`, but for that version's documented
# differences from the HEAD text hectic writes: 0.20 prints no block
# markers (nor the blank line after each) and no stack size in a
# stack-overflow stop
golden_modern() {
	out=$(mktemp "${TMPDIR:-/tmp}/hectic-golden.XXXXXX")
	for f in tests/fixtures/modern/*.eventlog; do
		if [ ! -e "$f" ]; then
			bad "no tests/fixtures/modern/*.eventlog"
			continue
		fi
		want=${f%.eventlog}.oracle.show
		if [ ! -e "$want" ]; then
			bad "$(basename "$want") (oracle missing)"
			continue
		fi
		"$HECTIC" show "$f" 2>/dev/null | awk '
			skip && $0 == "" { skip = 0; next }
			{ skip = 0 }
			/^[0-9]+: (cap [0-9]+: )?event block: cap [0-9]+, end time: [0-9]+$/ { skip = 1; next }
			{ sub(/\(stack overflow, size [0-9]+\)$/, "(stack overflow)"); print }' >"$out"
		if cmp -s "$out" "$want"; then
			ok
		else
			bad "$(basename "$want")"
			diff "$want" "$out" | head -5
		fi
	done
	rm -f "$out"
}

man_lint() {
	if ! command -v mandoc >/dev/null 2>&1; then
		bad "mandoc missing"
	elif mandoc -T lint -W warning man/hectic.1; then
		ok
	else
		bad man-lint
	fi
}

# man_commands_broken WHAT SED: the page edited by SED must fail the check,
# saying so (tools/update-man.sh's list of commands against the table's)
man_commands_broken() {
	page=$(mktemp "${TMPDIR:-/tmp}/hectic-man.XXXXXX") || { bad "mktemp"; return; }
	sed "$2" man/hectic.1 >"$page"
	if cmp -s man/hectic.1 "$page"; then
		bad "man-commands: $1: the page has nothing to break"
	elif sh tools/update-man.sh --check "$B/tools/gen-man-keys" "$page" 2>"$page.err"; then
		bad "man-commands: $1: passed"
	elif ! grep -q 'cli/commands.c' "$page.err"; then
		bad "man-commands: $1: failed without naming the table"
		head -3 "$page.err"
	else
		ok
	fi
	rm -f "$page" "$page.err"
}

man_keys() {
	if [ ! -x "$B/tools/gen-man-keys" ]; then
		bad "$B/tools/gen-man-keys not built"
		return
	elif sh tools/update-man.sh --check "$B/tools/gen-man-keys"; then
		ok
	else
		bad man-keys
	fi
	# the page's commands against the table's, both ways, in both places
	man_commands_broken "SYNOPSIS without sparks" '/^\.Sh SYNOPSIS$/,/^\.Sh /{/^\.Cm sparks$/d;}'
	man_commands_broken "SYNOPSIS naming tops" '/^\.Sh SYNOPSIS$/,/^\.Sh /s/^\.Cm top$/.Cm tops/'
	man_commands_broken "the list without top" 's/^\.It Cm top Ar file$/.It Cm tops Ar file/'
	man_commands_broken "the list with an extra command" \
		's/^\.It Cm run Oo/.It Cm walk Ar file\nWalks.\n&/'
	man_commands_broken "no list of commands" 's/^The commands are:$/The commands:/'
}

case $what in
unit) unit ;;
truncate) truncate_ ;;
fuzz-replay) fuzz_replay ;;
golden) golden ;;
golden-modern) golden_modern ;;
man-lint) man_lint ;;
man-keys) man_keys ;;
*)
	echo "tests/checks.sh: no check $what" >&2
	exit 2
	;;
esac
echo "$what: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
