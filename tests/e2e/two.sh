#!/bin/sh
# End-to-end tests of the viewer with two logs (hectic A B, issue 21): A's
# rows above B's on one time axis, each run's rows drawn as that run's
# alone would be (B's rows in `hectic A B` are A's rows in `hectic B A`,
# column for column, and, over one window (20ms..100ms, marked and zoomed
# to) at one size, each run's lower rows are `hectic RUN` alone's rows),
# --align RE putting B's first matching marker under
# A's (B's rows start at the column of B's clock's 0 on A's axis, from
# `hectic markers --tsv` of each run), Tab giving the event list the
# other run (its first event as `hectic show` prints it) while the rows
# keep their order, and bad input: a file that is not an eventlog, a
# missing file, a stream, an --align that matches nothing (each named),
# the same file twice (both runs' rows the same), a truncated run (said on
# the status line). Real pairs from GHC 9.0.2 and 9.6.6
# (tests/fixtures/diff). The real binary in a detached tmux session.
# Usage: tests/e2e/two.sh path/to/hectic. Exit 0 when every check passed.
set -u
case ${1:-} in
"") echo "usage: tests/e2e/two.sh path/to/hectic" >&2; exit 2 ;;
/*) E2E_HECTIC=$1 ;;
*) E2E_HECTIC=$PWD/$1 ;;
esac
for t in tmux awk sed grep; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "e2e-two: $t not found (tools/deps.sh names its package)"
		echo "e2e-two: 1 checks, 1 failed"
		exit 1
	fi
done
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/lib.sh

eq() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then pass; else fail "$1" "got '$2', want '$3' ${4:-}"; fi
}
D=tests/fixtures/diff

# block LETTER: the rows of a run's block, from its util row (the letter
# at the left) to its live row, the plot columns only (past the gutter)
block() {
	awk -v l="$1" '
	substr($0, 1, 2) == l " " { on = 1 }
	on { print substr($0, 9); if ($1 == "live") exit }' "$E2E_SCREEN"
}
# alone: a log's rows when it is alone, from its util row to its live
# row, the plot columns only
alone() {
	awk 'substr($0, 1, 5) == "util " { on = 1 }
	on { print substr($0, 9); if ($1 == "live") exit }' "$E2E_SCREEN"
}
# zoom_to FROM TO: the window FROM..TO: the interval marked (go to FROM,
# mark, go to TO, mark), then zoomed to; the frame drawn
zoom_to() {
	keys :
	text "$1"
	keys Enter v :
	text "$2"
	keys Enter v
	check_status "zoom-marked" 'interval marked'
	keys z
	# the frame of that window drawn (its t0 and t1 in the window file)
	zw="$(to_ns "$1") $(to_ns "$2")"
	n=100
	while [ "$(cut -d' ' -f1-2 "$E2E_WIN" 2>/dev/null)" != "$zw" ] && [ "$n" -gt 0 ]; do
		sleep 0.05
		n=$((n - 1))
	done
	capture
	settle
}
# labels: the rows' labels (the gutter) from the ruler's next row to the
# second live row
labels() {
	awk 'NR > 1 { g = substr($0, 1, 8); sub(/ +$/, "", g); print g; if (g == "live" && ++n == 2) exit }' "$E2E_SCREEN"
}
# first_time FILE RE: the time of the first marker or message matching RE
first_time() { "$E2E_HECTIC" markers --tsv "$1" | awk -F'\t' -v re="$2" 'NR > 1 && $4 ~ re { print $1; exit }'; }
# ncaps FILE: the capabilities with lanes (their "cap N" rows alone)
ncaps() { "$E2E_HECTIC" activity --columns 1 "$1" | awk -F'\t' 'NR > 1 { c[$3] = 1 } END { print length(c) }'; }

for v in ghc90 ghc96; do
	A=$D/$v-alloc-A1m.eventlog
	B=$D/$v-alloc-A16m.eventlog
	# ---- the rows: A's block, then B's, each as its run alone draws it ----
	start 100 40 -- "$A" "$B"
	check "$v-ready" 'events: '
	check "$v-two-said" 'two runs: A above, B below'
	capture
	na=$(ncaps "$A")
	nb=$(ncaps "$B")
	# a lane's label on its top row, its other rows' gutters blank (the
	# lane height, both runs', the window file's 8th field; at 100x40 the
	# auto height is more than one row)
	lh=$(win_field 8)
	[ "${lh:-0}" -gt 1 ] && pass || fail "$v-lane-height" "lane height '$lh', want taller lanes than a row"
	lanes() { # N: N lanes' gutters
		i=0
		while [ "$i" -lt "$1" ]; do
			echo "cap $i"
			r=1; while [ "$r" -lt "$lh" ]; do echo; r=$((r + 1)); done
			i=$((i + 1))
		done
	}
	want=$(
		echo "A A1m"
		lanes "$na"
		printf 'GC\nheap\nlive\nB A16m\n'
		lanes "$nb"
		printf 'GC\nheap\nlive\n'
	)
	eq "$v-labels" "$(labels | tr '\n' '|')" "$(echo "$want" | tr '\n' '|')"
	check_status "$v-status-A" "^ A: $v-alloc-A1m\\.eventlog "
	block B >"$E2E_T/b-in-ab"
	block A >"$E2E_T/a-in-ab"
	[ -s "$E2E_T/b-in-ab" ] && pass || fail "$v-b-block" "no B block"
	start 100 40 -- "$B" "$A"
	check "$v-ready-ba" 'events: '
	block A >"$E2E_T/b-in-ba"
	block B >"$E2E_T/a-in-ba"
	if cmp -s "$E2E_T/b-in-ab" "$E2E_T/b-in-ba"; then pass; else
		fail "$v-b-as-alone" "B's rows under A differ from B's rows on top: $(diff "$E2E_T/b-in-ba" "$E2E_T/b-in-ab" | head -8)"
	fi
	if cmp -s "$E2E_T/a-in-ab" "$E2E_T/a-in-ba"; then pass; else
		fail "$v-a-as-alone" "A's rows differ: $(diff "$E2E_T/a-in-ab" "$E2E_T/a-in-ba" | head -8)"
	fi
	# ... and as `hectic B` alone draws them, at the same size over the
	# same window (20ms..100ms, in both runs: marked, then zoomed to): an
	# error that both orders share shows here
	# (both at one lane height, 2 rows: by default the heights follow the
	# rows free, which two runs share)
	mkdir -p "$E2E_T/rows2/hectic"
	echo 'set lane-height 2' >"$E2E_T/rows2/hectic/hecticrc"
	for r in B A; do
		if [ "$r" = B ]; then start 100 40 XDG_CONFIG_HOME="$E2E_T/rows2" -- "$A" "$B"
		else start 100 40 XDG_CONFIG_HOME="$E2E_T/rows2" -- "$B" "$A"; fi
		check "$v-ready-zoom-$r" 'events: '
		zoom_to 20ms 100ms
		block B >"$E2E_T/zoom-ab"
		cp "$E2E_WIN" "$E2E_T/win-ab"
		start 100 40 XDG_CONFIG_HOME="$E2E_T/rows2" -- "$([ "$r" = B ] && echo "$B" || echo "$A")"
		check "$v-ready-alone-$r" 'events: '
		zoom_to 20ms 100ms
		alone >"$E2E_T/zoom-alone"
		eq "$v-window-alone-$r" "$(cut -d' ' -f1-3 "$E2E_T/win-ab")" "$(cut -d' ' -f1-3 "$E2E_WIN")" "(t0 t1 plotw: two runs, then alone)"
		if [ -s "$E2E_T/zoom-alone" ] && cmp -s "$E2E_T/zoom-ab" "$E2E_T/zoom-alone"; then pass; else
			fail "$v-$r-alone" "$r's rows under the other run differ from $r alone: $(diff "$E2E_T/zoom-alone" "$E2E_T/zoom-ab" | head -8)"
		fi
	done

	# ---- Tab: the event list shows B, the rows keep their order ----
	start 100 40 -- "$A" "$B"
	check "$v-ready-tab" 'events: '
	keys Tab
	check_status "$v-status-B" "^ B: $v-alloc-A16m\\.eventlog "
	capture
	eq "$v-labels-after-tab" "$(labels | tr '\n' '|')" "$(echo "$want" | tr '\n' '|')"
	keys T # times in ns, as show
	first=$("$E2E_HECTIC" show "$B" | awk 'f && NF { print; exit } /^Events:/ { f = 1 }')
	check "$v-list-is-B" "^ *$(printf '%s' "$first" | sed 's/[].[*^$()+?{}|\\]/\\&/g')"
	keys Tab
	check_status "$v-status-A-again" "^ A: $v-alloc-A1m\\.eventlog "

	# ---- --align: B's clock's 0 at its marker's offset under A's ----
	ta=$(first_time "$A" '^START reduce$')
	tb=$(first_time "$B" '^START reduce$')
	[ -n "$ta" ] && [ -n "$tb" ] && [ "$ta" -gt "$tb" ] && pass ||
		fail "$v-align-markers" "the fixture's reduce markers: A $ta, B $tb (A's must be later)"
	start 100 40 -- --align '^START reduce$' "$A" "$B"
	check "$v-align-ready" 'events: '
	check "$v-align-said" 'two runs, aligned: B drawn \+'
	capture
	set -- $(window)
	col=$(awk -v z=$((ta - tb)) -v t0="$1" -v t1="$2" -v w="$3" 'BEGIN {
		if (z < t0) print 0; else printf "%d\n", int(((z - t0 + 1) * w - 1) / (t1 - t0)) }')
	# (each glyph one byte, #: awk's substr counts columns under gawk and
	# mawk alike)
	block B | LC_ALL=C sed 's/[\xc0-\xff][\x80-\xbf]*/#/g' >"$E2E_T/b-align"
	# every B row blank before the column, and B's lanes have something
	# in the first columns from it
	before=$(awk -v c="$col" '{ s = substr($0, 1, c); if (s ~ /[^ ]/) n++ } END { print n + 0 }' "$E2E_T/b-align")
	eq "$v-align-blank-before" "$before" 0 "(column $col)"
	from=$(awk -v c="$col" 'NR > 1 && substr($0, c + 1, 3) ~ /[^ ]/ { n++ } END { print n + 0 }' "$E2E_T/b-align")
	if [ "$from" -gt 0 ]; then pass; else fail "$v-align-starts" "nothing in B's lanes at columns $col.. : $(head -3 "$E2E_T/b-align")"; fi
	# unaligned, B starts at the left
	start 100 40 -- "$A" "$B"
	check "$v-plain-ready" 'events: '
	block B | awk 'NR > 1 && substr($0, 1, 3) ~ /[^ ]/ { n++ } END { exit n == 0 }' && pass ||
		fail "$v-plain-starts-left" "B's lanes blank at the left without --align"
done

# ---- the shorter run's sparklines end where its log does ----
A=$D/ghc96-psize-n.eventlog
start 100 40 -- "$A" "$D/ghc96-psize-2n.eventlog"
check short-ready 'events: '
capture
end=$("$E2E_HECTIC" summary --tsv "$A" | awk -F'\t' '$1 == "to" { print $2 }')
set -- $(window)
col=$(awk -v e="$end" -v t0="$1" -v t1="$2" -v w="$3" 'BEGIN { printf "%d\n", int(((e - t0 + 1) * w - 1) / (t1 - t0)) }')
for r in heap live; do
	# the row's plot, its trailing blanks cut, in characters
	last=$(awk -v r="$r" 'substr($0, 1, 2) == "A " { on = 1 }
		on && $1 == r { s = substr($0, 9); sub(/ +$/, "", s); print s; exit }' "$E2E_SCREEN" |
		LC_ALL=C.UTF-8 wc -m)
	last=$((last - 1)) # (wc counts the newline)
	if [ "$last" -le $((col + 1)) ] && [ "$last" -ge $((col - 3)) ]; then pass; else
		fail "short-$r-ends" "A's $r row runs to column $last, its log ends in column $col"
	fi
done

# ---- the same file twice: both blocks the same ----
A=$D/ghc96-psize-n.eventlog
start 100 40 -- "$A" "$A"
check same-ready 'events: '
block A >"$E2E_T/a1"
block B >"$E2E_T/b1"
if [ -s "$E2E_T/a1" ] && cmp -s "$E2E_T/a1" "$E2E_T/b1"; then pass; else fail same-rows "$(diff "$E2E_T/a1" "$E2E_T/b1" | head -6)"; fi

# ---- a truncated run: said, and its rows drawn to where it ends ----
size=$(wc -c <"$D/ghc96-alloc-A16m.eventlog")
head -c $((size / 2)) "$D/ghc96-alloc-A16m.eventlog" >"$E2E_T/trunc.eventlog"
start 100 40 -- "$D/ghc96-alloc-A1m.eventlog" "$E2E_T/trunc.eventlog"
check trunc-ready 'events: '
check_status trunc-said 'A complete B \(truncated at byte [0-9]+'
alive trunc-alive

# err NAME RE: hectic's stderr says RE
err() { if grep -Eq -- "$2" "$E2E_ERR"; then pass; else fail "$1" "stderr: $(head -c 300 "$E2E_ERR")"; fi; }

# ---- bad input: named, the terminal as it was ----
start 100 40 -- "$D/ghc96-alloc-A1m.eventlog" /etc/passwd
check_exit notlog 1
err notlog-named '/etc/passwd: byte 0: Header begin marker not found'
start 100 40 -- "$D/ghc96-alloc-A1m.eventlog" "$E2E_T/none.eventlog"
check_exit missing 1
err missing-named "none\\.eventlog: No such file"
start 100 40 -- "$D/ghc96-alloc-A1m.eventlog" -
check_exit stream 2
err stream-said 'comparing two runs needs two files'
start 100 40 -- --align 'no such marker' "$D/ghc96-alloc-A1m.eventlog" "$D/ghc96-alloc-A16m.eventlog"
check_exit align-none 1
err align-none-named "ghc96-alloc-A1m\\.eventlog: no marker or message matches --align 'no such marker'"
start 100 40 -- --align '(' "$D/ghc96-alloc-A1m.eventlog" "$D/ghc96-alloc-A16m.eventlog"
check_exit align-bad 2
err align-bad-said "bad --align regex"
start 100 40 -- --align x "$D/ghc96-alloc-A1m.eventlog"
check_exit align-one 2
err align-one-said '--align compares two runs'

reap
echo "e2e-two: $e2e_checks checks, $e2e_failed failed"
[ "$e2e_failed" -eq 0 ]
