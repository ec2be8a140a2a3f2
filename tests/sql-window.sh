#!/bin/sh
# hectic sql's window (issue 34, Speed): a QUERY that reads only events
# with a time range indexes only the blocks whose markers overlap the
# range (model/store_window.c). On every fixture and on several windows
# (at block edges, empty, before and after the run, a millisecond, the
# whole log), the rows, the messages and the exit status equal those of
# the same query with the range disguised from xBestIndex (time + 0
# BETWEEN: the whole index); HECTIC_SQL_STATS=1 says the window's blocks
# and bytes, which equal the markers' own (their offsets and times from
# the whole index, their sizes read from the file with od): the blocks
# that overlap the window, and the last one where the file ends with what
# may be an end marker inside it (GHC 9.10 posts it there). A log the
# window cannot read (a block cut by the file's end, a block whose events
# lie outside its marker's times), a stream, a second window, another
# table: the whole index, the same rows. Usage:
#   sh tests/sql-window.sh path/to/hectic
SUITE=sql-window
. tests/sql-lib.sh
MAXT=9223372036854775807

# the window's stat line: "K N B" (blocks read, blocks, bytes), or "whole"
stat_of() {
	sed -n 's/^hectic sql: .*: window index: \([0-9]*\) of \([0-9]*\) blocks, \([0-9]*\) bytes$/\1 \2 \3/p
		s/^hectic sql: .*: whole index.*$/whole/p' "$1"
}
# the messages but the stats
msgs() {
	grep -v '^hectic sql: ' "$1"
}

# blocks F: "offset t0 t1 size" of each block of F, from the whole index
# (offsets and times) and the file (the sizes, big-endian at offset + 10)
blocks() {
	"$H" sql --tsv "$1" "SELECT offset, time, text FROM events WHERE type + 0 = 18 ORDER BY offset" 2>/dev/null |
		awk -F'\t' 'NR > 1 { t = $3; sub(/.*end time: /, "", t); sub(/[^0-9].*/, "", t); print $1, $2, t }' |
		while read -r off t0 t1; do
			sz=$(od -An -tu1 -j $((off + 10)) -N4 "$1" | awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }')
			echo "$off $t0 $t1 $sz"
		done
}

# outside F BLOCKS: the offsets of F's blocks that hold an event (by its
# offset) whose time their marker's times do not hold: a window that reads
# such a block is refused, and the whole index answers (real GHC 9.0.2
# logs have them: a GC_END timed before the block it was written in,
# tests/fixtures/budget)
outside() {
	# (in the table's time order: an ORDER BY offset of a large log's
	# events needs more than SQLite's heap limit)
	"$H" sql --tsv "$1" "SELECT offset, time FROM events WHERE type + 0 != 18" 2>/dev/null |
		awk -v blocks="$2" 'BEGIN { while ((getline l < blocks) > 0) { split(l, f, " ")
				n++; o[n] = f[1] + 0; a[n] = f[2] + 0; b[n] = f[3] + 0; z[n] = f[4] + 0 } }
			NR > 1 { off = $1 + 0; t = $2 + 0
				# the block holding off (blocks are few: a scan)
				for (k = 1; k <= n; k++)
					if (o[k] <= off && off < o[k] + z[k]) break
				if (k <= n && (t < a[k] || t > b[k]) && !said[k]) { print o[k]; said[k] = 1 } }'
}

# want BLOCKS SIZE ENDSFF LO HI: "K N B" the window [LO, HI] should read,
# or "whole" when it reads a block of $T/outside's
want() {
	awk -v size="$2" -v ff="$3" -v lo="$4" -v hi="$5" -v bad="$T/outside" '
		BEGIN { while ((getline l < bad) > 0) isbad[l + 0] = 1 }
		{ n++; o[n] = $1; a[n] = $2 + 0; b[n] = ($3 + 0 < $2 + 0) ? 1e300 : $3 + 0; s[n] = $4 }
		END {
			k = 0; bytes = 0
			for (i = 1; i <= n; i++)
				if (lo <= hi && a[i] <= hi && b[i] >= lo) { k++; bytes += s[i]; got[i] = 1 }
			# the last block, when the file ends on it with what may be
			# the end marker
			if (n && ff && o[n] + s[n] == size && !got[n]) { k++; bytes += s[n]; got[n] = 1 }
			for (i = 1; i <= n; i++)
				if (got[i] && isbad[o[i]]) { print "whole"; exit }
			print k, n, bytes
		}' "$1"
}

# check F LO HI [EXTRA]: the window's rows, messages and status against the
# disguised query's; its blocks against want's (STATS: the expected "K N B",
# or "whole")
check() {
	f=$1 lo=$2 hi=$3 extra=${4:-}
	HECTIC_SQL_STATS=1 "$H" sql --tsv "$f" \
		"SELECT * FROM events WHERE time BETWEEN $lo AND $hi $extra" >"$T/fast" 2>"$T/fast.err"
	rf=$?
	HECTIC_SQL_STATS=1 "$H" sql --tsv "$f" \
		"SELECT * FROM events WHERE time + 0 BETWEEN $lo AND $hi $extra" >"$T/slow" 2>"$T/slow.err"
	rs=$?
	msgs "$T/fast.err" >"$T/fast.msg"
	msgs "$T/slow.err" >"$T/slow.msg"
	if [ "$rf" = "$rs" ] && cmp -s "$T/fast" "$T/slow" && cmp -s "$T/fast.msg" "$T/slow.msg"; then
		ok
	else
		bad "$f [$lo, $hi] $extra: the window's rows or messages (status $rf) differ from the whole index's ($rs)"
		diff "$T/slow" "$T/fast" | head -4
		diff "$T/slow.msg" "$T/fast.msg" | head -4
	fi
	rows=$((rows + $(wc -l <"$T/fast") - 1))
	[ "$(stat_of "$T/slow.err")" = whole ] || bad "$f: the disguised window took no whole index: $(cat "$T/slow.err")"
	got=$(stat_of "$T/fast.err")
	[ "$got" = "$STATS" ] && ok || bad "$f [$lo, $hi]: read '$got' (blocks read, blocks, bytes), not '$STATS'"
}

find "$FIX" -name '*.eventlog' | sort >"$T/logs"
[ -s "$T/logs" ] || bad "no fixtures under $FIX"
n=0 rows=0 windows=0 partial=0
while IFS= read -r f; do
	n=$((n + 1))
	size=$(wc -c <"$f")
	ff=0
	[ "$(tail -c 2 "$f" | od -An -tx1 | tr -d ' \n')" = ffff ] && ff=1
	blocks "$f" >"$T/blocks"
	nb=$(wc -l <"$T/blocks")
	if [ "$nb" -eq 0 ]; then
		bad "$f: no block markers found"
		continue
	fi
	# the run's extent, and a block in the middle
	set -- $(awk 'NR == 1 { lo = $2 } { if ($2 < lo) lo = $2; if ($3 > hi) hi = $3 } END { print lo, hi }' "$T/blocks")
	tmin=$1 tmax=$2
	set -- $(awk -v m=$(((nb + 1) / 2)) 'NR == m { print $2, $3 }' "$T/blocks")
	b0=$1 b1=$2
	mid=$(((tmin + tmax) / 2))
	outside "$f" "$T/blocks" >"$T/outside"
	wins="0 $MAXT|$tmin $tmax|0 $((tmin - 1))|$((tmax + 1)) $((tmax + 1000000))|$b0 $b0|$((b0 - 1)) $((b0 - 1))|$b1 $b1|$((b1 + 1)) $((b1 + 1))|$((b0 - 1000)) $((b0 + 1000))|$((b1 - 1000)) $((b1 + 1000))|$mid $((mid + 999999))|$((mid + 1)) $mid"
	# (the 9 MB log of many collections: three windows, a block held
	# whole, its refused middle block, the whole run: each query reads it)
	case $f in */budget/*) wins="$tmin $((tmin + 1000000))|$b0 $b1|0 $MAXT" ;; esac
	IFS='|'
	set -- $wins
	unset IFS
	for w in "$@"; do
		set -- $w
		STATS=$(want "$T/blocks" "$size" "$ff" "$1" "$2")
		case $f in *killed-cut*) STATS=whole ;; esac
		check "$f" "$1" "$2"
		windows=$((windows + 1))
		set -- $STATS
		[ "$STATS" != whole ] && [ "$1" -lt "$2" ] && partial=$((partial + 1))
	done
	# other limits with the window: a class, a capability, a type list,
	# an order, a limit
	STATS=$(want "$T/blocks" "$size" "$ff" "$b0" "$b1")
	case $f in *killed-cut*) STATS=whole ;; esac
	check "$f" "$b0" "$b1" "AND class = 'sched'"
	check "$f" "$b0" "$b1" "AND cap = 0 ORDER BY time DESC"
	check "$f" "$b0" "$b1" "AND type IN (0, 1, 2, 18) LIMIT 7"
done <"$T/logs"
[ "$n" -ge 60 ] || bad "only $n fixtures found"
# the window read less than the whole log on many of them: the check
# tells something
[ "$partial" -ge 100 ] || bad "only $partial windows read fewer blocks than the log has"

F=$FIX/modern/ghc96-flush.eventlog
blocks "$F" >"$T/blocks"
set -- $(awk 'NR == 10 { a = $2 } NR == 20 { b = $2 } NR == 30 { c = $2 } NR == 40 { print a, b, c, $2 }' "$T/blocks")
# a stream: the whole index, the same rows
q="SELECT * FROM events WHERE time BETWEEN $1 AND $2"
q2a="SELECT * FROM events WHERE time BETWEEN $3 AND $4"
"$H" sql --tsv "$F" "$q" >"$T/file" 2>/dev/null
HECTIC_SQL_STATS=1 "$H" sql --tsv - "$q" <"$F" >"$T/stream" 2>"$T/stream.err"
if [ "$(wc -l <"$T/file")" -gt 1 ] && cmp -s "$T/file" "$T/stream" && [ "$(stat_of "$T/stream.err")" = whole ]; then
	ok
else
	bad "a stream's window: $(stat_of "$T/stream.err"), rows $(wc -l <"$T/stream") against $(wc -l <"$T/file")"
fi
# two windows, another table: the whole index as well, the same rows
for q2 in "$q2a" "SELECT * FROM gcs"; do
	HECTIC_SQL_STATS=1 "$H" sql --tsv "$F" "$q; $q2" >"$T/two" 2>"$T/two.err"
	{
		"$H" sql --tsv "$F" "$q"
		"$H" sql --tsv "$F" "$q2"
	} >"$T/apart" 2>/dev/null
	case $q2 in
	*gcs*) w=whole ;;
	*) w=$(grep -c 'window index: .*, and the whole index$' "$T/two.err") ;;
	esac
	if cmp -s "$T/two" "$T/apart" && { [ "$w" = 1 ] || [ "$(stat_of "$T/two.err")" = "$w" ]; }; then
		ok
	else
		bad "$q; $q2: $(cat "$T/two.err")"
	fi
done

# a block whose marker says it ended at its start (its events later): the
# window that reads it refuses it, and the whole index answers
G=$T/early-end.eventlog
cp "$FIX/par-n4.eventlog" "$G"
blocks "$G" >"$T/blocks"
set -- $(awk 'NR == 2 { print $1, $2 }' "$T/blocks")
dd if="$G" bs=1 skip=$(($1 + 2)) count=8 2>/dev/null | dd of="$G" bs=1 seek=$(($1 + 14)) conv=notrunc 2>/dev/null
STATS=whole
check "$G" "$2" "$(($2 + 1000000))"
grep -q "the window refused: an event outside its block's times" "$T/fast.err" && ok ||
	bad "the early end: $(cat "$T/fast.err")"

echo "sql-window: $pass passed, $fail failed ($n fixtures, $windows windows, $partial of them partial, $rows rows)"
[ "$fail" -eq 0 ]
