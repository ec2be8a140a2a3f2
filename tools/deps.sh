#!/bin/sh
# Installs the Debian packages hectic needs to build and test, if missing.
# Uses apt-get (with sudo when not root); where apt is not available, prints
# the command to run instead. Usage: tools/deps.sh [build|check|fuzz]
set -eu
what=${1:-build}
pkgs="gcc make pkg-config libncurses-dev libtermkey-dev"
case "$what" in
check) pkgs="$pkgs libcmocka-dev mandoc tmux" ;;
fuzz) pkgs="$pkgs clang" ;;
esac
missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
	echo "hectic needs these Debian packages:$missing" >&2
	echo "install them with: apt-get install -y$missing" >&2
	echo "(or your system's equivalents of ncursesw, libtermkey, cmocka, mandoc, tmux)" >&2
	exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null 2>&1; then
		sudo=sudo
	else
		echo "hectic needs:$missing; run as root: apt-get install -y$missing" >&2
		exit 1
	fi
fi
echo "installing:$missing" >&2
$sudo apt-get update -q >&2 || true
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing >&2
