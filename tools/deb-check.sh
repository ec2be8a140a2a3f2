#!/bin/sh
# Builds hectic's Debian package as a user would, `dpkg-buildpackage -us -uc
# -b`, in a copy of this working tree (its tracked and new files, not the
# build directories nor what .gitignore names), checks the .deb with lintian
# and lists what it installs; with --chroot, also installs it with apt in a
# throwaway copy of a minimal Debian bookworm chroot and checks that
# `hectic --version` gives the changelog's version, that `man hectic` shows
# the page and that the bash, zsh and fish completions are there.
#
# Usage: tools/deb-check.sh [--chroot] [--keep]
#   --chroot  the install check (root only). The chroot is made once with
#             debootstrap --variant=minbase in $HECTIC_CHROOT (default
#             /var/tmp/hectic-chroots/bookworm) and never changed: each run installs
#             in a copy of it, deleted after.
#   --keep    keep the temporary directory (the copy of the tree, the build,
#             the chroot copy) and say where it is
#
# The .deb, the build's log and lintian's report go to build-deb/. Ends with
# "N passed, N failed"; exit status 1 when a check failed, 2 on bad usage.
# What it needs (dpkg-dev, debhelper, lintian, the package's Build-Depends,
# and debootstrap for --chroot) it installs with apt-get, as tools/deps.sh
# does, or names with the command to install it.
set -u
chroot_check=0 keep=0
for a in "$@"; do
	case $a in
	--chroot) chroot_check=1 ;;
	--keep) keep=1 ;;
	*)
		echo "usage: tools/deb-check.sh [--chroot] [--keep]" >&2
		exit 2
		;;
	esac
done
cd "$(dirname "$0")/.." || exit 2
top=$(pwd)
out=$top/build-deb
base=${HECTIC_CHROOT:-/var/tmp/hectic-chroots/bookworm}
mirror=${HECTIC_MIRROR:-http://deb.debian.org/debian}

pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS: $1"; }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ]
	exit $?
}

sudo=""
if [ "$(id -u)" != 0 ]; then
	if [ "$chroot_check" = 1 ]; then
		echo "deb-check: --chroot needs root (chroot, debootstrap)" >&2
		exit 2
	fi
	command -v sudo >/dev/null 2>&1 && sudo=sudo
fi
# apt_install PKG...: as tools/deps.sh does it
apt_install() {
	if ! command -v apt-get >/dev/null 2>&1 || { [ "$(id -u)" != 0 ] && [ -z "$sudo" ]; }; then
		echo "deb-check: install them with: apt-get install -y $*" >&2
		return 1
	fi
	echo "deb-check: installing: $*" >&2
	# lint: or-true-ok (stale lists only: the install that follows fails by itself)
	$sudo apt-get update -q >&2 || true
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" >&2
}
needs="dpkg-buildpackage:dpkg-dev dh:debhelper lintian:lintian"
[ "$chroot_check" = 1 ] && needs="$needs debootstrap:debootstrap"
pkgs=""
for n in $needs; do
	command -v "${n%:*}" >/dev/null 2>&1 && continue
	echo "deb-check: command ${n%:*} not found (package ${n#*:})" >&2
	pkgs="$pkgs ${n#*:}"
done
if [ -n "$pkgs" ]; then
	# shellcheck disable=SC2086
	apt_install $pkgs || exit 1
fi

version=$(dpkg-parsechangelog -l debian/changelog -S Version) || exit 1
arch=$(dpkg --print-architecture)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hectic-deb.XXXXXX") || exit 1
# shellcheck disable=SC2317 # (called by the trap)
cleanup() {
	if [ "$keep" = 1 ]; then
		echo "deb-check: kept $tmp" >&2
	else
		rm -rf "$tmp"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# the tree as it is now, uncommitted work included, without any build
src=$tmp/hectic-$version
mkdir -p "$src" "$out"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -co --exclude-standard | while IFS= read -r f; do
		if [ -e "$f" ] || [ -L "$f" ]; then printf '%s\n' "$f"; fi
	done | tar -cf - -T - | tar -xf - -C "$src" || exit 1
else
	tar --exclude='./build*' --exclude=./hectic --exclude='*.o' --exclude='*.d' \
		-cf - . | tar -xf - -C "$src" || exit 1
fi

# the Build-Depends (apt reads them from debian/control)
if ! (cd "$src" && dpkg-checkbuilddeps) 2>/dev/null; then
	if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = 0 ] || [ -n "$sudo" ]; }; then
		echo "deb-check: installing the Build-Depends" >&2
		# lint: or-true-ok (stale lists only: the install that follows fails by itself)
		$sudo apt-get update -q >&2 || true
		$sudo env DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -q "$src" >&2 || exit 1
	else
		(cd "$src" && dpkg-checkbuilddeps)
		echo "deb-check: install them with: apt-get build-dep $top" >&2
		exit 1
	fi
fi

echo "deb-check: dpkg-buildpackage -us -uc -b in $src (log: build-deb/build.log)"
if (cd "$src" && dpkg-buildpackage -us -uc -b) >"$out/build.log" 2>&1; then
	ok "dpkg-buildpackage -us -uc -b"
else
	tail -n 30 "$out/build.log"
	bad "dpkg-buildpackage -us -uc -b (build-deb/build.log)"
	finish
fi
deb=hectic_${version}_$arch.deb
changes=$tmp/hectic_${version}_$arch.changes
rm -f "$out"/hectic_*.deb
cp "$tmp/$deb" "$out/" || exit 1

# lintian on the .changes (the .deb, its -dbgsym and the .buildinfo): an
# error or a warning fails, the informational tags are shown
lintian -I --fail-on error,warning "$changes" >"$out/lintian.txt" 2>&1
rc=$?
sed 's/^/  lintian: /' "$out/lintian.txt"
if [ "$rc" = 0 ]; then ok "lintian: no error, no warning"; else bad "lintian (build-deb/lintian.txt)"; fi

# what the package installs
dpkg-deb -c "$out/$deb" | awk '{ print $NF }' >"$out/contents.txt"
files="/usr/bin/hectic /usr/share/man/man1/hectic.1.gz
/usr/share/bash-completion/completions/hectic
/usr/share/zsh/vendor-completions/_hectic
/usr/share/fish/vendor_completions.d/hectic.fish"
for f in $files; do
	if grep -qx "\\.$f" "$out/contents.txt"; then ok "in the .deb: $f"; else bad "in the .deb: $f"; fi
done
echo "deb-check: $out/$deb"
[ "$chroot_check" = 1 ] || finish

# the install check, in a copy of a minimal bookworm
if [ ! -x "$base/usr/bin/apt-get" ]; then
	echo "deb-check: debootstrap --variant=minbase bookworm $base"
	mkdir -p "$(dirname "$base")"
	if ! debootstrap --variant=minbase bookworm "$base" "$mirror" >"$out/debootstrap.log" 2>&1; then
		tail -n 20 "$out/debootstrap.log"
		bad "debootstrap (build-deb/debootstrap.log)"
		rm -rf "$base"
		finish
	fi
fi
root=$tmp/chroot
echo "deb-check: installing in a copy of $base"
cp -a "$base" "$root" || exit 1
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$out/$deb" "$root/tmp/"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
	DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"; }
# man-db is the user's (a minimal system has no man); then the .deb, with
# apt fetching its dependencies
if in_root apt-get update -q >"$out/chroot.log" 2>&1 &&
	in_root apt-get install -y -q man-db >>"$out/chroot.log" 2>&1 &&
	in_root apt-get install -y "/tmp/$deb" >>"$out/chroot.log" 2>&1; then
	ok "apt-get install ./$deb in bookworm"
else
	tail -n 20 "$out/chroot.log"
	bad "apt-get install ./$deb in bookworm (build-deb/chroot.log)"
	finish
fi
got=$(in_root hectic --version 2>&1)
echo "  hectic --version: $got"
if [ "$got" = "hectic $version" ]; then ok "hectic --version"; else bad "hectic --version: '$got', not 'hectic $version'"; fi
# the installed program reads a real log as GHC's own tools do: its show
# text against the oracle's (tests/oracle, as tests/run.sh's golden test)
cp tests/fixtures/threaded.eventlog "$root/tmp/"
if in_root hectic show /tmp/threaded.eventlog >"$out/show.txt" 2>"$out/show.err" &&
	cmp -s "$out/show.txt" tests/fixtures/threaded.oracle.show; then
	ok "hectic show threaded.eventlog = its oracle"
else
	bad "hectic show threaded.eventlog differs from tests/fixtures/threaded.oracle.show (build-deb/show.txt)"
fi
in_root sh -c 'MANWIDTH=80 man hectic' >"$out/man.txt" 2>"$out/man.err"
rc=$?
sed -n '1,8s/^/  man hectic: /p' "$out/man.txt"
# the page formatted, its NAME section naming hectic
if [ "$rc" = 0 ] && awk -f tools/man-name.awk "$out/man.txt"; then
	ok "man hectic"
else
	bad "man hectic (exit $rc, build-deb/man.txt)"
fi
# and nothing said on the user's terminal besides the page
if [ -s "$out/man.err" ]; then
	sed 's/^/  man hectic (stderr): /' "$out/man.err"
	bad "man hectic: a message on stderr"
else
	ok "man hectic: nothing on stderr"
fi
for f in $files; do
	if [ -f "$root$f" ]; then ok "installed: $f"; else bad "installed: $f"; fi
done
# bash loads the completion and it completes hectic
f=/usr/share/bash-completion/completions/hectic
if [ -f "$root$f" ]; then
	if in_root bash -c ". $f && complete -p hectic" >>"$out/chroot.log" 2>&1; then
		ok "bash: complete -p hectic"
	else
		bad "bash: complete -p hectic (build-deb/chroot.log)"
	fi
fi
finish
