#!/bin/sh
# ClickHouse 26 as chDB's library for the push suites (issue 44): the npm
# package @chdb/lib-linux-x64-gnu pinned in tests/chdb/package-lock.json
# (its integrity hash there), installed with `npm ci` into DIR/LOCKHASH
# (LOCKHASH: the lock file's sha256, 16 digits), DIR $HECTIC_NPM_DIR/chdb or
# by default ${XDG_CACHE_HOME:-$HOME/.cache}/hectic/chdb: once per version of
# the lock file (that run needs the npm registry: a 178 MB download, a
# 566 MB libchdb.so), outside the repository. The one place that installs
# it: tools/deps.sh check and tests/ch-lib.sh (HECTIC_CH=26) run this.
#
# Usage: sh tools/chdb-install.sh [install|path]   (from the repository)
#   install  (the default) install it if missing; print libchdb.so's path
#   path     install nothing: print the path, exit 1 (saying so on stderr)
#            when it is not installed
# Needs npm (Debian's npm); a missing one fails, naming the package.
set -u
what=${1:-install}
C=tests/chdb
[ -f "$C/package-lock.json" ] || { echo "chdb-install: no $C/package-lock.json (run it from the repository)" >&2; exit 1; }
lockhash=$(sha256sum "$C/package-lock.json" | cut -c1-16)
if [ -n "${HECTIC_NPM_DIR:-}" ]; then
	M=$HECTIC_NPM_DIR/chdb/$lockhash
else
	M=${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/hectic/chdb/$lockhash
fi
LIB=$M/node_modules/@chdb/lib-linux-x64-gnu/libchdb.so
if [ -f "$M/installed" ] && [ -f "$LIB" ]; then
	echo "$LIB"
	exit 0
fi
if [ "$what" = path ]; then
	echo "chdb-install: ClickHouse 26 (chDB's library) is not installed in $M: install it with: sh tools/chdb-install.sh (or sh tools/deps.sh check)" >&2
	exit 1
fi
[ "$what" = install ] || { echo "usage: sh tools/chdb-install.sh [install|path]" >&2; exit 2; }
command -v npm >/dev/null 2>&1 ||
	{ echo "chdb-install: npm not found: apt-get install -y --no-install-recommends npm" >&2; exit 1; }
echo "chdb-install: npm ci into $M (178 MB from the npm registry)" >&2
if ! { mkdir -p "$(dirname "$M")" && rm -rf "$M.tmp.$$" && mkdir "$M.tmp.$$" &&
	cp "$C/package.json" "$C/package-lock.json" "$M.tmp.$$/" &&
	(cd "$M.tmp.$$" && npm ci --no-audit --no-fund --update-notifier=false --loglevel=error >&2) &&
	touch "$M.tmp.$$/installed"; }; then
	rm -rf "$M.tmp.$$"
	echo "chdb-install: npm ci of $C/package-lock.json failed (it needs the npm registry once): sh tools/chdb-install.sh" >&2
	exit 1
fi
# another run may have installed it meanwhile: keep the first
[ -d "$M" ] && rm -rf "$M.tmp.$$"
[ -d "$M.tmp.$$" ] && { mv "$M.tmp.$$" "$M" 2>/dev/null || rm -rf "$M.tmp.$$"; }
if [ ! -f "$M/installed" ] || [ ! -f "$LIB" ]; then
	echo "chdb-install: no $LIB after npm ci" >&2
	exit 1
fi
echo "$LIB"
