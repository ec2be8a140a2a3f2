#!/bin/sh
# Every writer's OUT goes through one check (issue 43, item A;
# model/outfile.c's outfile_check): hectic sql --db OUT, export --chrome
# -o OUT and --save OUT each refuse, with exit status 2 and before anything
# is written, an OUT that is a log they read, however it is spelt (./x
# against /abs/x, a .. path, a hard link, a symbolic link to it, and --db's
# glob that forgot OUT), a FIFO or another file that is not regular (-o
# writes a FIFO directly: it takes one that is not its input), and a
# symbolic link to nothing; a symbolic link to a regular file is written
# through: the file it leads to is replaced, the link stays a link. After
# every refusal the log is byte for byte what it was and the folder holds
# nothing new. Usage: sh tests/outfile.sh path/to/hectic
set -u
H=${1:-build/hectic}
case $H in /*) ;; *) H=$(pwd)/$H ;; esac
FIX=${FIXTURES:-tests/fixtures}
case $FIX in /*) ;; *) FIX=$(pwd)/$FIX ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "outfile: FAIL: $*"
}
A=$FIX/heap-hT.eventlog
B=$FIX/live-fifo.eventlog
D=$T/d
# fresh: the folder D holds a.eventlog and b.eventlog, copies of A and B,
# and the names made by the case
fresh() {
	rm -rf "$D"
	mkdir "$D"
	cp "$A" "$D/a.eventlog"
	cp "$B" "$D/b.eventlog"
}
# refused WHAT RC PATTERN [NAMES]: exit 2 with PATTERN on stderr, the logs
# intact, the folder holding a.eventlog, b.eventlog and NAMES alone
refused() {
	_want=$(printf '%s\n' a.eventlog b.eventlog ${4-} | LC_ALL=C sort | tr '\n' ' ')
	_got=$(cd "$D" && ls -A | LC_ALL=C sort | tr '\n' ' ')
	if [ "$2" = 2 ] && grep -q -- "$3" "$T/err" && cmp -s "$D/a.eventlog" "$A" &&
		cmp -s "$D/b.eventlog" "$B" && [ "$_got" = "$_want" ]; then
		ok
	else
		bad "$1: exit $2 (want 2), folder '$_got' (want '$_want'), stderr: $(head -c 300 "$T/err")"
	fi
}
SELF="names the log itself"

# ---- --db ----
fresh
(cd "$D" && "$H" sql --db ./*.eventlog 2>"$T/err")
refused "--db *.eventlog (OUT forgotten)" $? "not an SQLite database"
fresh
(cd "$D" && "$H" sql --db ./a.eventlog "$D/a.eventlog" 2>"$T/err")
refused "--db ./a.eventlog /abs/a.eventlog" $? "$SELF"
fresh
"$H" sql --db "$D/../d/b.eventlog" "$D/a.eventlog" "$D/b.eventlog" 2>"$T/err"
refused "--db d/../d/b.eventlog onto the second log" $? "$SELF"
fresh
ln "$D/a.eventlog" "$D/hard"
"$H" sql --db "$D/hard" "$D/a.eventlog" 2>"$T/err"
refused "--db onto a hard link of the log" $? "$SELF" hard
fresh
ln -s a.eventlog "$D/sym"
"$H" sql --db "$D/sym" "$D/a.eventlog" 2>"$T/err"
refused "--db onto a symbolic link to the log" $? "$SELF" sym
fresh
mkfifo "$D/fifo"
timeout 10 "$H" sql --db "$D/fifo" "$D/a.eventlog" 2>"$T/err"
refused "--db onto a FIFO (at once, not a wait for a reader)" $? "not a regular file (a FIFO)" fifo
fresh
mkdir "$D/dir"
"$H" sql --db "$D/dir" "$D/a.eventlog" 2>"$T/err"
refused "--db onto a directory" $? "not a regular file (a directory)" dir
fresh
ln -s nowhere "$D/dangling"
"$H" sql --db "$D/dangling" "$D/a.eventlog" 2>"$T/err"
refused "--db onto a symbolic link to nothing" $? "symbolic link to nothing" dangling
# a symbolic link to a database: the database replaced, the link a link
fresh
"$H" sql --db "$D/old.sqlite" "$D/b.eventlog" 2>"$T/err" || bad "--db of b: $(cat "$T/err")"
ln -s old.sqlite "$D/link.sqlite"
"$H" sql --db "$D/link.sqlite" "$D/a.eventlog" 2>"$T/err"
rc=$?
runs=$(sqlite3 "$D/old.sqlite" "SELECT group_concat(DISTINCT run) FROM gcs" 2>&1)
if [ "$rc" = 0 ] && [ -L "$D/link.sqlite" ] && [ "$runs" = "$D/a.eventlog" ] &&
	[ "$(cd "$D" && ls -A | LC_ALL=C sort | tr '\n' ' ')" = "a.eventlog b.eventlog link.sqlite old.sqlite " ]; then
	ok
else
	bad "--db through a link: exit $rc, runs '$runs', $(ls -l "$D/link.sqlite"), folder $(ls -A "$D" | tr '\n' ' ')"
fi

# ---- export -o ----
ex() { "$H" export --chrome "$@" 2>"$T/err" >/dev/null; }
fresh
(cd "$D" && ex ./a.eventlog -o "$D/a.eventlog")
refused "-o /abs/a.eventlog of ./a.eventlog" $? "$SELF"
fresh
(cd "$D" && ex "$D/a.eventlog" -o ../d/a.eventlog)
refused "-o ../d/a.eventlog" $? "$SELF"
fresh
ln "$D/a.eventlog" "$D/hard"
ex "$D/a.eventlog" -o "$D/hard"
refused "-o onto a hard link of the log" $? "$SELF" hard
fresh
ln -s a.eventlog "$D/sym"
ex "$D/a.eventlog" -o "$D/sym"
refused "-o onto a symbolic link to the log" $? "$SELF" sym
fresh
ex - -o "$D/a.eventlog" <"$D/a.eventlog"
refused "-o onto its own standard input" $? "$SELF"
fresh
ln -s nowhere "$D/dangling"
ex "$D/a.eventlog" -o "$D/dangling"
refused "-o onto a symbolic link to nothing" $? "symbolic link to nothing" dangling
fresh
mkdir "$D/dir"
ex "$D/a.eventlog" -o "$D/dir"
refused "-o onto a directory" $? "not a regular file (a directory)" dir
# a symbolic link to a file: the file replaced with the export, the link a link
fresh
printf 'old\n' >"$D/out.json"
ln -s out.json "$D/link.json"
ex "$D/a.eventlog" -o "$D/link.json"
rc=$?
"$H" export --chrome "$D/a.eventlog" >"$T/want.json" 2>/dev/null
if [ "$rc" = 0 ] && [ -L "$D/link.json" ] && cmp -s "$D/out.json" "$T/want.json" &&
	[ "$(cd "$D" && ls -A | LC_ALL=C sort | tr '\n' ' ')" = "a.eventlog b.eventlog link.json out.json " ]; then
	ok
else
	bad "-o through a link: exit $rc, $(ls -l "$D/link.json"), folder $(ls -A "$D" | tr '\n' ' ')"
fi
# a FIFO that is not the input is written directly, as before
fresh
mkfifo "$D/fifo"
cat "$D/fifo" >"$T/fifo.json" &
cpid=$!
timeout 20 "$H" export --chrome "$D/a.eventlog" -o "$D/fifo" 2>"$T/err"
rc=$?
wait "$cpid"
if [ "$rc" = 0 ] && cmp -s "$T/fifo.json" "$T/want.json"; then ok; else
	bad "-o onto a FIFO: exit $rc, $(wc -c <"$T/fifo.json") bytes read"
fi

# ---- --save (a stream kept) ----
sv() { timeout 20 "$H" summary - --save "$@" 2>"$T/err" >/dev/null; }
fresh
(cd "$D" && sv ./a.eventlog <"$D/a.eventlog")
refused "--save ./a.eventlog < /abs/a.eventlog" $? "$SELF"
fresh
ln "$D/a.eventlog" "$D/hard"
sv "$D/hard" <"$D/a.eventlog"
refused "--save onto a hard link of the input" $? "$SELF" hard
fresh
ln -s a.eventlog "$D/sym"
sv "$D/sym" <"$D/a.eventlog"
refused "--save onto a symbolic link to the input" $? "$SELF" sym
fresh
mkfifo "$D/fifo"
sv "$D/fifo" <"$D/a.eventlog"
refused "--save onto a FIFO" $? "not a regular file (a FIFO)" fifo
fresh
"$H" summary "$D/a.eventlog" --save "$D/b.eventlog" 2>"$T/err" >/dev/null
refused "--save of a file (no stream to keep)" $? "this is a file already"
# a symbolic link to a file: the file replaced with the log, the link a link
fresh
printf 'old\n' >"$D/kept"
ln -s kept "$D/link"
sv "$D/link" <"$D/b.eventlog"
rc=$?
if [ "$rc" = 0 ] && [ -L "$D/link" ] && cmp -s "$D/kept" "$B" &&
	[ "$(cd "$D" && ls -A | LC_ALL=C sort | tr '\n' ' ')" = "a.eventlog b.eventlog kept link " ]; then
	ok
else
	bad "--save through a link: exit $rc, $(ls -l "$D/link"), folder $(ls -A "$D" | tr '\n' ' ')"
fi

echo "outfile: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
