#!/bin/sh
# tools/check-tests.awk, the lint of the suites (issue 37), on small
# scripts: each bad shape is found (at its line, by its rule), each good
# one, and each allowed with its marker, is not; then the suites
# themselves (tools/check-tests.sh) have no finding.
# Usage: sh tests/check-tests.sh
set -u
cd "$(dirname "$0")/.." || exit 1
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-check-tests.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
# lint_case NAME WANT [AWKFILE]: the lint on the script given on stdin finds
# exactly WANT ("LINE: RULE" lines, or nothing), with exit status 1 when it
# finds something, 0 when not; AWKFILE 1: the input is an awk program file
# (a finding there is reported at its line 1)
lint_case() {
	cat >"$T/in"
	awk -v awkfile="${3:-0}" -f tools/check-tests.awk "$T/in" >"$T/out"
	rc=$?
	got=$(sed 's/^[^:]*:\([0-9]*\): \([a-z-]*\):.*/\1: \2/' "$T/out")
	want_rc=0
	[ -n "$2" ] && want_rc=1
	if [ "$got" = "$2" ] && [ "$rc" = "$want_rc" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1))
		echo "check-tests: FAIL: $1: found '$got' (exit $rc), want '$2' (exit $want_rc)"
	fi
}

# ---- awk-exit ----
lint_case "deb-check's old man check" "2: awk-exit" <<'EOS'
#!/bin/sh
if awk 'n { exit !/^ +hectic [^ ]/ } /^NAME$/ { n = 1 } END { exit !n }' man.txt; then echo ok; fi
EOS
lint_case "exit in BEGIN, END exits" "1: awk-exit" <<'EOS'
awk 'BEGIN { if (x) exit 1 }
	{ n++ }
	END { exit n == 0 }' f
EOS
lint_case "exit in a function, END exits" "1: awk-exit" <<'EOS'
awk 'function die(m) { print m; exit 1 }
	/bad/ { die("bad") }
	END { exit !seen }' f
EOS
lint_case "a rule exits, END only prints" "" <<'EOS'
awk '$1 == k { print $2; exit } END { if (!f) print "(no row)" }' f
EOS
lint_case "only END exits" "" <<'EOS'
awk '/x/ { n++ } END { exit n == 0 }' f
EOS
lint_case "the word in a string and a regex, not code" "" <<'EOS'
awk '/exit/ { print "exit now" } $1 ~ /exit/ { n++ } END { exit !n }' f
EOS
lint_case "allowed: the rule's exit sets a flag END reads" "" <<'EOS'
# lint: awk-exit-ok (bad set before the exit; END makes it the status)
awk '$1 < last { bad = 1; exit } { last = $1 } END { if (bad) exit 1 }' f
EOS
lint_case "an awk file" "1: awk-exit" 1 <<'EOS'
# a comment that says exit, and END
function f(x) { return x }
/a/ { n++ }
/b/ { exit 1 }
END { exit n == 0 }
EOS
lint_case "an awk file with only END's exit" "" 1 <<'EOS'
# exit
/a/ { n++ }
END { exit n == 0 }
EOS
lint_case "a quote in a comment or a here-document starts no program" "" <<'EOS'
# don't
cat <<HERE
it's here
HERE
awk '/x/ { n++ } END { exit n == 0 }' f
EOS

# ---- or-true ----
lint_case "|| true after a command" "1: or-true" <<'EOS'
sh tests/some.sh "$H" || true
EOS
lint_case "|| : after a command" "2: or-true" <<'EOS'
x=1
after "$label" || :
EOS
lint_case "inside a substitution" "1: or-true" <<'EOS'
eq n "$(cmp -s a b || true)" ""
EOS
lint_case "allowed: grep -c" "" <<'EOS'
eq "no ESC" "$(grep -c "$(printf '\033')" f || true)" 0
eq "none" "$(grep -cE 'a|b' f || true)" 0
EOS
lint_case "allowed with its marker, above or on the line" "" <<'EOS'
# lint: or-true-ok (stale lists only)
apt-get update || true
apt-get update || true # lint: or-true-ok (stale lists only)
EOS
lint_case "a marker two lines up does not count" "3: or-true" <<'EOS'
# lint: or-true-ok (stale lists only)
x=1
apt-get update || true
EOS
lint_case "|| true in a comment or a string" "" <<'EOS'
# cmd || true would be wrong
echo "cmd || true"
EOS
lint_case "|| truer is another command" "" <<'EOS'
cmd || truer
EOS

# ---- glob-loop ----
lint_case "no guard" "1: glob-loop" <<'EOS'
for f in tests/fixtures/*.eventlog; do
	check "$f"
done
EOS
lint_case "two patterns, no guard" "2: glob-loop" <<'EOS'
n=0
for f in a/*.x b/*.y; do
	n=$((n + 1))
done
EOS
lint_case "guarded: [ -e \"\$f\" ]" "" <<'EOS'
for f in tests/fixtures/*.eventlog; do
	[ -e "$f" ] || continue
	check "$f"
done
EOS
lint_case "guarded: if [ ! -e \"\$f\" ]" "" <<'EOS'
for f in tests/fixtures/*.eventlog; do
	if [ ! -e "$f" ]; then
		bad "no fixture"
		continue
	fi
done
EOS
lint_case "a guard of another name does not count" "1: glob-loop" <<'EOS'
for f in tests/*.sh; do
	[ -e "$g" ] || continue
done
EOS
lint_case "a guard after the loop's done does not count" "2: glob-loop" <<'EOS'
x=1
	for f in tests/*.sh; do
		echo "$f"
	done
	[ -e "$f" ]
EOS
lint_case "no pattern: a word list" "" <<'EOS'
for g in 0 1 2; do
	echo $g
done
for f in "$@"; do echo "$f"; done
EOS
lint_case "allowed with its marker" "" <<'EOS'
# lint: glob-ok (have checks each name)
for f in a/*.x; do
	have "$f" || continue
done
EOS

# ---- awk-v-escape ----
lint_case "a regex escape in a -v value" "1: awk-v-escape" <<'EOS'
awk -v re='^[0-9]+\.[0-9]+ms' '$0 ~ re' f
EOS
lint_case "in double quotes, in a substitution, -vNAME" "1: awk-v-escape
2: awk-v-escape" <<'EOS'
n=$(awk -F'\t' -v a=1 -v "s=MAIN;main.\;x" '$1 == s' f | wc -l)
echo "$(awk -vnull="\\N" 'BEGIN { print null }')"
EOS
lint_case "on a continued line" "1: awk-v-escape" <<'EOS'
awk -v a=1 \
	-v b='x\/y' 'BEGIN { print b }'
EOS
lint_case "escapes both awks read alike" "" <<'EOS'
awk -v OFS='\t' -v s='\\.\\.' -v r='\342\224\202' -v q="a\"b" -v n='x\ny' '{ print }' f
EOS
lint_case "a variable, ENVIRON, another command's -v" "" <<'EOS'
awk -v n="$name" '$1 == n' f
n="$name\." awk '$1 == ENVIRON["n"]' f | grep -v 'x=a\.b'
grep -v re='\.' f
EOS
lint_case "a -v in an awk program or a here-document is no argument" "" <<'EOS'
awk 'BEGIN { s = "awk -v re=\\." }' f
cat <<HERE
awk -v re='\.'
HERE
EOS

# and the suites themselves pass it
if sh tools/check-tests.sh >"$T/suites" 2>&1; then pass=$((pass + 1)); else
	fail=$((fail + 1))
	echo "check-tests: FAIL: the suites:"
	grep -v '^check-tests: [0-9]* files' "$T/suites" | head -8 | sed 's/^/    /'
fi
echo "check-tests: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
