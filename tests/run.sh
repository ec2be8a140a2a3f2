#!/bin/sh
# Runs every test suite against the build in $1 (build or build-san) and ends
# with one line "N passed, N failed". Exit status 1 when anything failed.
set -u
B=${1:-build}
HECTIC=$B/hectic
pass=0
fail=0
failed=""

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); failed="$failed $1"; echo "FAIL: $1"; }
# suite NAME CMD...: one suite, passed or failed by its exit status; its
# time said when it took 30 s or more (where a CI run's time goes)
suite() {
	_name=$1
	shift
	_t0=$(date +%s)
	if "$@"; then ok; else bad "$_name"; fi
	_t=$(($(date +%s) - _t0))
	[ "$_t" -lt 30 ] || echo "time: $_name ${_t} s"
}

# every command and library the suites use is there (tools/deps.sh names
# what is missing and its package: a missing tool fails here by name, not as
# a puzzling failure further on)
suite tools sh tools/deps.sh verify

# the layers include and read only what they may (tools/check-layering.sh)
suite layering sh tools/check-layering.sh

# the program's shape: no circle of calling files in viewer/, none of a
# header and a .c that includes it, none between the folders, no .c over
# 800 lines, no function over 100 (tools/check-structure.sh, issues 18,
# 36); and that check on small trees of each shape
suite structure sh tools/check-structure.sh "$B"
suite check-structure-self sh tests/check-structure.sh "$B"

# the suites' own shapes (issue 37): no awk exit lost to END's, no || true
# after a command whose failure matters, no glob loop without a guard that
# it matched (tools/check-tests.sh); and that lint on good and bad scripts
suite check-tests sh tools/check-tests.sh
suite check-tests-self sh tests/check-tests.sh

# nothing reads a path outside the repository (issue 42): a user's clone
# has nothing beside it (tools/check-outside.sh); and that lint on
# small files of each shape
suite check-outside sh tests/check-outside.sh

# cmocka unit suites: one binary per tests/unit/test_*.c (UNIT_TESTS in the
# Makefile); a source whose binary was not built fails by name
for src in tests/unit/test_*.c; do
	t=$B/tests/$(basename "$src" .c)
	if [ ! -e "$src" ]; then
		bad "unit (no tests/unit/test_*.c)"
	elif [ ! -x "$t" ]; then
		bad "$(basename "$t") ($t not built)"
	elif "$t"; then
		ok
	else
		bad "$(basename "$t")"
	fi
done

# every prefix of a real log must decode without a crash, leak or over-read
if [ ! -x "$B/tests/truncate" ]; then
	bad "truncate ($B/tests/truncate not built)"
elif "$B/tests/truncate" tests/fixtures/nonthreaded.eventlog; then
	ok
else
	bad truncate
fi

# every fuzz regression input (tests/fuzz/corpus: the inputs that once
# failed, and crashes kept there) and the fixtures (the fuzzer's seeds)
# through each fuzz target, linked with a plain main (tests/fuzz/replay.c)
# (each tests/fuzz/fuzz_T.c is a target: FUZZ_TARGETS in the Makefile)
for t in tests/fuzz/fuzz_*.c; do
	if [ ! -e "$t" ]; then
		bad "fuzz-replay (no tests/fuzz/fuzz_*.c)"
		continue
	fi
	t=${t#tests/fuzz/fuzz_}
	t=${t%.c}
	r=$B/tests/replay_$t
	if [ ! -x "$r" ]; then
		bad "fuzz-replay:$t ($r not built)"
	elif "$r" tests/fuzz/corpus tests/fixtures/*.eventlog; then
		ok
	else
		bad "fuzz-replay:$t"
	fi
done

# golden: `hectic show` must be byte-identical to the oracle's text (the
# ghc-events library, see tests/oracle/README.md), plain and --pretty-time
for f in tests/fixtures/*.eventlog; do
	if [ ! -e "$f" ]; then
		bad "golden (no tests/fixtures/*.eventlog)"
		continue
	fi
	base=${f%.eventlog}
	# tiny: batches of 3 events, so the render pipeline recycles its slots
	# many times over (its order must not depend on the scheduling)
	for mode in plain pretty tiny; do
		want=$base.oracle.show opt="" batch=""
		if [ "$mode" = pretty ]; then
			want=$base.oracle.pretty.show opt=--pretty-time
		fi
		[ "$mode" = tiny ] && batch=3
		if [ ! -e "$want" ]; then
			bad "golden:$mode:$(basename "$want") (oracle missing)"
			continue
		fi
		if HECTIC_BATCH=$batch "$HECTIC" show $opt "$f" 2>/dev/null | cmp -s - "$want"; then
			ok
		else
			bad "golden:$mode:$(basename "$want")"
			"$HECTIC" show $opt "$f" 2>/dev/null | diff "$want" - | head -5
		fi
	done
done

# golden, modern GHC (tests/fixtures/modern: GHC 9.6 and 9.10 logs): `hectic
# show` against sid's ghc-events 0.20 `show`, but for that version's
# documented differences from the HEAD text hectic writes: 0.20 prints no
# block markers (nor the blank line after each) and no stack size in a
# stack-overflow stop
for f in tests/fixtures/modern/*.eventlog; do
	if [ ! -e "$f" ]; then
		bad "golden-modern (no tests/fixtures/modern/*.eventlog)"
		continue
	fi
	want=${f%.eventlog}.oracle.show
	if [ ! -e "$want" ]; then
		bad "golden-modern:$(basename "$want") (oracle missing)"
		continue
	fi
	"$HECTIC" show "$f" 2>/dev/null | awk '
		skip && $0 == "" { skip = 0; next }
		{ skip = 0 }
		/^[0-9]+: (cap [0-9]+: )?event block: cap [0-9]+, end time: [0-9]+$/ { skip = 1; next }
		{ sub(/\(stack overflow, size [0-9]+\)$/, "(stack overflow)"); print }' >"$B/golden-modern.out"
	if cmp -s "$B/golden-modern.out" "$want"; then
		ok
	else
		bad "golden-modern:$(basename "$want")"
		diff "$want" "$B/golden-modern.out" | head -5
	fi
done

# command-line behaviour and bad input
suite cli sh tests/cli.sh "$HECTIC"
# the shell completions against --help and each command's usage line, in bash, zsh and fish; make install's paths (issue 22)
suite completions sh tests/completions.sh "$B"
suite activity sh tests/activity.sh "$HECTIC"
suite threads-window sh tests/threads-window.sh "$HECTIC"
# hectic sql: its tables against the reports and show, the pushdown, the
# refusals of a read-only connection (issue 34)
suite sql sh tests/sql.sh "$HECTIC"
suite sql-db sh tests/sql-db.sh "$HECTIC"
# hectic sql: type, IN lists, the rows a pushdown and a LIMIT save (issue 34, item 3)
suite sql-push sh tests/sql-push.sh "$HECTIC"
# hectic sql: what a pushdown keeps is what SQLite's comparison keeps, for
# every kind of value (issue 43, item 4)
suite sql-pushdown sh tests/sql-pushdown.sh "$HECTIC"
suite sql-tables sh tests/sql-tables.sh "$HECTIC"
suite sql-window sh tests/sql-window.sh "$HECTIC"
# hectic push: into a real ClickHouse server of the suite's own, against
# hectic sql (issue 35)
suite push sh tests/push.sh "$HECTIC"
# hectic push cut short: the server killed, Ctrl-C, a full disk (issue 35)
suite push-fail sh tests/push-fail.sh "$HECTIC"
# hectic push --follow: a FIFO and a growing file a program writes (issue 35)
suite push-follow sh tests/push-follow.sh "$HECTIC"
# hectic push against a bad server of the suite's own (tests/tools/
# badserver.py): a drip, an endless answer, an error after a 200, a cut
# connection; no password in any message (issue 43)
suite push-server sh tests/push-server.sh "$HECTIC"
# doc/fleet.md's queries, as the page has them, on the fixtures pushed into
# a server of the suite's own, against hectic's reports and diff (issue 35)
suite fleet sh tests/fleet.sh "$HECTIC"
# the same four against ClickHouse 26.7 (chDB's library served by
# tests/tools/chdb-server.c; tests/ch-lib.sh, HECTIC_CH=26; issue 44): the
# suites above run on Debian's 18.16
suite push-26 env HECTIC_CH=26 sh tests/push.sh "$HECTIC"
suite push-fail-26 env HECTIC_CH=26 sh tests/push-fail.sh "$HECTIC"
suite push-follow-26 env HECTIC_CH=26 sh tests/push-follow.sh "$HECTIC"
suite fleet-26 env HECTIC_CH=26 sh tests/fleet.sh "$HECTIC"
# a log written without some event classes says what it cannot give (issue 20)
suite absent sh tests/absent.sh "$HECTIC"
# hectic heap against GHC's own .hp files (the profile fixtures)
suite heap-hp sh tests/heap-hp.sh "$HECTIC"
# heap --hp against GHC's own .hp files, rendered by hp2ps (issue 22)
suite hp sh tests/hp.sh "$HECTIC"
# hectic heap's peak and mean per band over the whole run and random
# --from/--to windows (a fixed seed) against GHC's own .hp (issue 45)
suite heap-window sh tests/heap-window.sh "$HECTIC"
# hectic summary against the program's own +RTS -s, figure by figure (issue 20)
suite summary-rts sh tests/summary-rts.sh "$HECTIC"
# no figure depends on a memory budget (issue 43): a real log of 20,955
# collections, whose lists stop at the budget, against its +RTS -s, and
# what the reports, SQL and the viewer say of a list that stopped
suite budget sh tests/budget.sh "$HECTIC"
# hectic diff A B against each run's own figures (issue 21)
suite diff sh tests/diff.sh "$HECTIC"
# hectic diff A B against GHC's own +RTS -s, .hp and .prof on the real pairs of tests/fixtures/diff (issue 21)
suite diff-oracle sh tests/diff-oracle.sh "$HECTIC"
# hectic diff keeps names of any length distinct; --to before --from refused (issue 32)
suite diff-names sh tests/diff-names.sh "$HECTIC"
# hectic profile against GHC's own .prof files
suite profile-prof sh tests/profile-prof.sh "$HECTIC"
# more than 131,072 ticks, every one counted (issue 32)
suite profile-ticks sh tests/profile-ticks.sh "$HECTIC"
# profile --speedscope against speedscope's schema, the .prof and ghc-events' ticks (issue 22)
suite speedscope sh tests/speedscope.sh "$HECTIC"
# hectic's --speedscope and --chrome files opened by speedscope itself, in headless Chromium (issue 22)
suite speedscope-browser sh tests/speedscope-browser.sh "$HECTIC"
# hectic ticky against GHC's own +RTS -r report and the show text (issue 20)
suite ticky sh tests/ticky.sh "$HECTIC"
suite crafted sh tests/crafted.sh "$HECTIC"
# hectic export --chrome read back by jq: GC slices, thread runs against
# gcs/threads --tsv and ghc-events' show text (issue 22)
suite chrome-trace sh tests/chrome-trace.sh "$HECTIC"
# the caps table, every column, and each collection's capabilities (gcs
# --tsv, SQL gcs.caps, the Chrome export) against ghc-events' show text,
# counted by tests/gc-oracle.awk (issue 45)
suite gc-caps sh tests/gc-caps.sh "$HECTIC"
# export -o OUT replaces OUT only when whole: a log that shrinks, undecodable
# data, the quit signals and SIGXFSZ mid-export leave OUT as it was and no
# temporary beside it (issue 32)
suite export-out sh tests/export-out.sh "$HECTIC"
# every writer's OUT through one check (issue 43): --db, -o and --save
# refuse a log they read however spelt, a FIFO (-o aside) and a link to
# nothing (exit 2), and write through a symbolic link to its file
suite outfile sh tests/outfile.sh "$HECTIC"
# the memory promise (5% of the file + 10 MB) on every crafted shape and
# fixture; a sanitizer build cannot be measured (77: reported, not passed)
sh tests/memory.sh "$HECTIC"; case $? in 0) ok ;; 77) echo "SKIPPED: memory (sanitizer build)" ;; *) bad memory ;; esac
# hectic spans against user events paired from `hectic show`'s text (issue 12)
suite spans sh tests/spans.sh "$HECTIC"
# every input kind (stdin, FIFO, unix:, tcp:, a growing file) gives what the
# file gives, whole or cut anywhere (issue 11)
suite live sh tests/live.sh "$B"

# the viewer end to end, in a detached tmux session
suite e2e sh tests/e2e/run.sh "$HECTIC"
# the heap and profile panes end to end (issue 10)
# show, markers and threads through $PAGER on a terminal, as git does (issue 22)
suite e2e-pager sh tests/e2e/pager.sh "$HECTIC"
suite e2e-heap sh tests/e2e/heap.sh "$HECTIC"
suite e2e-profile sh tests/e2e/profile.sh "$HECTIC"
suite e2e-ticky sh tests/e2e/ticky.sh "$HECTIC"
# following live logs: FIFO, growing file, stdin, a socket (issue 11)
suite e2e-live sh tests/e2e/live.sh "$HECTIC"
# following a log written flush by flush (+RTS --eventlog-flush-interval, issue 20)
suite e2e-flush sh tests/e2e/flush.sh "$HECTIC"
# issue 12's views: the spans panel
suite e2e-threads sh tests/e2e/threads.sh "$HECTIC"
# the gutter as wide as the thread rows' labels, up to a third (issue 33)
suite e2e-gutter sh tests/e2e/gutter.sh "$HECTIC"
# the GC pause histogram pane against gcs --tsv, bucketed independently
suite e2e-gc-histogram sh tests/e2e/gc_histogram.sh "$HECTIC"
suite e2e-absent sh tests/e2e/absent.sh "$HECTIC"
# the viewer with two logs: rows, alignment, Tab, bad input (issue 21)
suite e2e-two sh tests/e2e/two.sh "$HECTIC"
# the lanes' GC area against hectic activity and +RTS -s; the lanes' height (issue 33)
suite e2e-lanes-share sh tests/e2e/lanes-share.sh "$HECTIC"
suite e2e-compare-sparks sh tests/e2e/compare-sparks.sh "$HECTIC"
suite e2e-compare-ticky sh tests/e2e/compare-ticky.sh "$HECTIC"
suite e2e-compare-spans sh tests/e2e/compare-spans.sh "$HECTIC"
suite e2e-compare-threads sh tests/e2e/compare-threads.sh "$HECTIC"
suite e2e-compare-gc sh tests/e2e/compare-gc.sh "$HECTIC"
suite e2e-compare-profile sh tests/e2e/compare-profile.sh "$HECTIC"
suite e2e-compare-heap sh tests/e2e/compare-heap.sh "$HECTIC"
# issue 17: q, Ctrl-C and signals end every long step; hectic run's program
# and its process group stopped on every way the viewer ends
suite e2e-interrupt sh tests/e2e/interrupt.sh "$HECTIC"
suite run-prog sh tests/run-prog.sh "$HECTIC"
# the session file as untrusted input (issue 17)
suite e2e-session sh tests/e2e/session.sh "$HECTIC"
# the key hints follow the keymap and the rc file's binds (issue 18)
suite e2e-hints sh tests/e2e/hints.sh "$HECTIC"
# the help a pager, messages wrapped whole, search wraps, at 80x24 and 160x50 (issue 33)
suite e2e-help sh tests/e2e/help.sh "$HECTIC"
# hectic sql's prompt: editing, history kept and bounded, Ctrl-C, Ctrl-D (issue 34)
suite e2e-sql-prompt sh tests/e2e/sql-prompt.sh "$HECTIC"
# the first frames: the skeleton while loading, keys, the same final screen (issue 19)
suite e2e-loading sh tests/e2e/loading.sh "$HECTIC"
# messages an rc regex picks, as ruler marks and named phases (issue 33, item 5)
suite e2e-phases sh tests/e2e/phases.sh "$HECTIC"
# the SQL prompt and pane: hectic sql's rows, Enter and n on their times,
# errors, q stopping a query, the history (issue 34, item 5)
suite e2e-sql-pane sh tests/e2e/sql-pane.sh "$HECTIC"

# the man page must lint clean
if command -v mandoc >/dev/null 2>&1; then
	if mandoc -T lint -W warning man/hectic.1; then ok; else bad man-lint; fi
else
	bad "man-lint (mandoc missing)"
fi

# the check tools/deb-check.sh applies to `man hectic` fails on a page
# that does not name hectic under NAME (issue 37)
suite man-name sh tests/man-name.sh

# the KEYS and rc option lists of the man page match keymaps/ (make man)
if [ -x "$B/tools/gen-man-keys" ]; then
	if sh tools/update-man.sh --check "$B/tools/gen-man-keys"; then ok; else bad man-keys; fi
else
	bad "man-keys ($B/tools/gen-man-keys not built)"
fi

echo
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
