# The common start of the hectic sql suites (tests/sql*.sh), sourced with
# SUITE set to the suite's name and the hectic binary as $1: H (the binary,
# an absolute path), FIX (the fixtures), T (a temporary directory removed
# at the end), and the counters with ok and bad (which says the failure).
set -u
H=$1
case $H in /*) ;; *) H=$(pwd)/$H ;; esac
FIX=${FIXTURES:-tests/fixtures}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "$SUITE: FAIL: $*"
}
