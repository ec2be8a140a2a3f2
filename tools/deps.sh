#!/bin/sh
# Installs the Debian packages hectic needs to build and test, if missing.
# Uses apt-get (with sudo when not root); where apt is not available, prints
# the command to run instead.
#
# Usage: tools/deps.sh [build|check|fuzz|verify]
#   build   what `make` and `make run` need
#   check   that and every command the tests run (`make check`)
#   fuzz    build, and clang for `make fuzz`
#   verify  install nothing: name every missing command or library of
#           `check` with its package, and exit 1 if any (tests/run.sh)
# `check` installs, after the Debian packages, ClickHouse 26 as chDB's
# library for the push suites' second server (tests/ch-lib.sh,
# HECTIC_CH=26): the npm package pinned in tests/chdb, once per version of
# its lock file, outside the repository (tools/chdb-install.sh, the one
# place that does; it needs the npm registry once). `verify` names it when
# it is missing, with that command.
#
# What must exist before: sh and the tools of a Debian base system
# (coreutils, dpkg), make to run the Makefile, and apt-get with root or sudo
# to install the rest.
set -eu
what=${1:-build}

# Each need is WHAT:PACKAGE, WHAT one of
#   NAME      a command on the PATH
#   pc=MOD    a pkg-config module (what the Makefile links with)
#   h=HEADER  a C header the compiler finds (the C library's)
#   py=MOD    a module /usr/bin/python3 imports (Debian's python3-* packages)
#   f=PATH    a file that must exist (a font)
# On a minimal Debian most of the commands come with the system (coreutils,
# mawk, sed, grep, diffutils, findutils); they are listed all the same, so
# that a machine without one names it instead of failing half way.
BUILD="cc:gcc make:make pkg-config:pkg-config find:findutils h=stdio.h:libc6-dev
pc=ncursesw:libncurses-dev pc=termkey:libtermkey-dev pc=sqlite3:libsqlite3-dev
pc=libcurl:libcurl4-openssl-dev"
# tests/run.sh, tests/*.sh, tests/e2e/*.sh, tools/update-man.sh
CHECK="pc=cmocka:libcmocka-dev mandoc:mandoc tmux:tmux hp2ps:ghc
awk:mawk sed:sed grep:grep cmp:diffutils diff:diffutils
cat:coreutils cp:coreutils cut:coreutils basename:coreutils dirname:coreutils
env:coreutils head:coreutils id:coreutils ln:coreutils mkdir:coreutils
mkfifo:coreutils mktemp:coreutils mv:coreutils rm:coreutils sleep:coreutils
sort:coreutils stty:coreutils tail:coreutils timeout:coreutils tr:coreutils
truncate:coreutils wc:coreutils dd:coreutils touch:coreutils jq:jq python3:python3
sqlite3:sqlite3 bash:bash zsh:zsh fish:fish pc=bash-completion:bash-completion comm:coreutils chmod:coreutils stat:coreutils
curl:curl clickhouse-client:clickhouse-client f=/usr/sbin/clickhouse-server:clickhouse-server
unshare:util-linux mount:mount
py=pyte:python3-pyte tic:ncurses-bin infocmp:ncurses-bin"
# (tests/e2e/lanes-share.sh: a terminal emulator's screen, cell by cell,
# through tests/e2e/screen.py on pyte, under a terminfo entry it compiles)
# tests/speedscope-browser.sh: speedscope itself (npm, pinned in
# tests/consumers/package-lock.json) in headless Chromium
CONSUMERS="node:nodejs npm:npm chromium:chromium sha256sum:coreutils"
FUZZ="clang:clang"

case "$what" in
build) needs=$BUILD ;;
check | verify) needs="$BUILD $CHECK $CONSUMERS" ;;
fuzz) needs="$BUILD $FUZZ" ;;
*)
	echo "usage: tools/deps.sh [build|check|fuzz|verify]" >&2
	exit 2
	;;
esac

have() { # have WHAT: is it there?
	case $1 in
	pc=*) command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "${1#pc=}" ;;
	h=*)
		command -v cc >/dev/null 2>&1 &&
			printf '#include <%s>\n' "${1#h=}" | cc -E -x c - >/dev/null 2>&1
		;;
	py=*) [ -x /usr/bin/python3 ] && /usr/bin/python3 -c "import ${1#py=}" >/dev/null 2>&1 ;;
	f=*) [ -f "${1#f=}" ] ;;
	*) command -v "$1" >/dev/null 2>&1 ;;
	esac
}
describe() { # describe WHAT: for a message
	case $1 in
	pc=*) echo "pkg-config module ${1#pc=}" ;;
	h=*) echo "C header <${1#h=}>" ;;
	py=*) echo "python3 module ${1#py=}" ;;
	f=*) echo "file ${1#f=}" ;;
	*) echo "command $1" ;;
	esac
}

# missing: the WHAT:PACKAGE needs not met; pkgs: their packages, once each
scan() {
	missing="" pkgs=""
	for n in $needs; do
		w=${n%:*} p=${n##*:}
		have "$w" && continue
		missing="$missing $n"
		case " $pkgs " in *" $p "*) ;; *) pkgs="$pkgs $p" ;; esac
	done
}
report() { # report PREFIX: one line per missing need
	for n in $missing; do
		echo "$1$(describe "${n%:*}") not found (install ${n##*:})" >&2
	done
}

# chdb: ClickHouse 26 (chDB's library), for check and verify, after the
# Debian packages (npm among them)
chdb() {
	case $what in
	check) (cd "$(dirname "$0")/.." && sh tools/chdb-install.sh >/dev/null) ;;
	verify) (cd "$(dirname "$0")/.." && sh tools/chdb-install.sh path >/dev/null) ;;
	*) true ;;
	esac
}

scan
if [ -z "$missing" ]; then
	chdb
	exit
fi
if [ "$what" = verify ]; then
	report "hectic tests: "
	echo "hectic tests: install them with: apt-get install -y$pkgs" >&2
	chdb
	exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
	report "hectic: "
	echo "hectic needs these Debian packages:$pkgs" >&2
	echo "install them with: apt-get install -y$pkgs" >&2
	echo "(or your system's equivalents of ncursesw, libtermkey, cmocka, mandoc, tmux)" >&2
	exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null 2>&1; then
		sudo=sudo
	else
		report "hectic: "
		echo "hectic needs:$pkgs; run as root: apt-get install -y$pkgs" >&2
		exit 1
	fi
fi
echo "installing:$pkgs" >&2
export DEBIAN_FRONTEND=noninteractive
# lint: or-true-ok (stale lists only: the install that follows fails by itself)
$sudo apt-get update -q >&2 || true
if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $pkgs >&2; then
	report "hectic: "
	echo "hectic: could not install:$pkgs (apt-get install -y$pkgs)" >&2
	exit 1
fi
# a package that did not bring what it was installed for is named too
scan
if [ -n "$missing" ]; then
	report "hectic: after installing, still: "
	exit 1
fi
chdb
