#!/bin/sh
# hectic's --speedscope and --chrome files opened by speedscope itself (issue
# 22, "checked by the real consumers"): the `speedscope` npm package, served
# from its own dist/release on 127.0.0.1, in headless Chromium (Debian's
# `chromium`) driven by puppeteer-core; tests/consumers/speedscope-read.cjs
# says how it reads back what speedscope shows (the sandwich view's table and
# the toolbar's profile list, which are DOM, and speedscope's own Export of
# its model). tests/consumers/expect.cjs computes from each file alone what
# speedscope should show. Checks:
#  0. the harness on hand-made files (tests/consumers/hand.*, answers worked
#     out by hand and written below), and on a copy of one with a frame
#     renamed and a weight changed, which the comparison must reject;
#  1. `profile --speedscope` of every .prof fixture: speedscope shows the
#     file's profiles by name, each frame of each profile with the file's
#     Total and Self weights, and its total weight (the export's); the total
#     of the "all capabilities" profile (or of all profiles when there is
#     none) equals the .prof's total ticks, on the sandwich table (its Self
#     column summed) and in speedscope's model, within tests/profile-prof.sh's
#     tick race (0 for GHC 9.0.2, 1 for 9.6/9.10), and the frames are the
#     .prof's cost centres: every cost centre with more ticks than the race
#     (SLACK) is a frame "COST_CENTRE (MODULE, SRC)", and every frame with
#     more Self ticks than SLACK is one;
#  2. `export --chrome` of threaded logs: speedscope opens it as a trace
#     (a file named *.chrome.json it would take for a DevTools timeline:
#     hectic's are written as *.trace.json), a profile per track with the
#     trace's process and thread names, the slices' names on each (among
#     them each thread that ran, by label or as "thread N", as `hectic
#     threads --tsv` lists them), and each track's total
#     duration equal to the trace's own span of that track (last end minus
#     first start) within 1 ns.
# Needs node (>= 18) and npm (Debian's nodejs, npm) and Chromium (chromium);
# a missing one fails with the command that installs it. The npm packages
# (tests/consumers/package-lock.json: speedscope, puppeteer-core) are
# installed with `npm ci` into DIR/LOCKHASH (LOCKHASH: the lock file's
# sha256, 16 digits), DIR $HECTIC_NPM_DIR or by default
# ${XDG_CACHE_HOME:-$HOME/.cache}/hectic/consumers: once per version of the
# lock file (that first run needs the npm registry), outside the repository.
# Usage: sh tests/speedscope-browser.sh path/to/hectic
set -u
H=${1:-build/hectic}
C=tests/consumers
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-speedscope.XXXXXX")
# SPEEDSCOPE_KEEP=1 keeps the files, speedscope's output ($T/got) and,
# with SPEEDSCOPE_SHOTS=DIR, a screenshot of each file (DIR/K.png)
if [ -n "${SPEEDSCOPE_KEEP:-}" ]; then echo "speedscope-browser: keeping $T"; else trap 'rm -rf "$T"' EXIT; fi
pass=0 fail=0
bad() { echo "speedscope-browser: $*"; fail=$((fail + 1)); }

# ---- the tools: a missing one fails, with what installs it ----
pkgs=""
command -v node >/dev/null 2>&1 || pkgs="$pkgs nodejs"
command -v npm >/dev/null 2>&1 || pkgs="$pkgs npm"
# lint: or-true-ok (none found is an empty name, a failure on the next line)
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || pkgs="$pkgs chromium"
if [ -n "$pkgs" ]; then
	echo "speedscope-browser: FAIL: missing:$pkgs; install with: apt-get install -y --no-install-recommends$pkgs"
	exit 1
fi
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)'; then
	echo "speedscope-browser: FAIL: node $(node --version) is older than 18 (puppeteer-core's need)"
	exit 1
fi

# ---- the npm packages, once per lock file, outside the repository ----
lockhash=$(sha256sum "$C/package-lock.json" | cut -c1-16)
M=${HECTIC_NPM_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/hectic/consumers}/$lockhash
if [ ! -f "$M/installed" ]; then
	echo "speedscope-browser: npm ci into $M"
	if ! { mkdir -p "$(dirname "$M")" && rm -rf "$M.tmp.$$" && mkdir "$M.tmp.$$" &&
		cp "$C/package.json" "$C/package-lock.json" "$M.tmp.$$/" &&
		(cd "$M.tmp.$$" && npm ci --no-audit --no-fund --loglevel=error >&2) &&
		touch "$M.tmp.$$/installed"; }; then
		rm -rf "$M.tmp.$$"
		echo "speedscope-browser: FAIL: npm ci of $C/package-lock.json failed (it needs the npm registry once)"
		exit 1
	fi
	# another run may have installed it meanwhile: keep the first
	mv "$M.tmp.$$" "$M" 2>/dev/null || rm -rf "$M.tmp.$$"
	[ -f "$M/installed" ] || { echo "speedscope-browser: FAIL: no $M/installed after npm ci"; exit 1; }
fi
[ -d "$M/node_modules/speedscope/dist/release" ] ||
	{ echo "speedscope-browser: FAIL: $M has no speedscope/dist/release"; exit 1; }

# ---- the files: K is each one's number in the reader's output ----
n=0 files=""
add() { # add KIND FILE [PROF]: a file to open, with what it is
	echo "$n	$1	$2	${3:-}" >>"$T/files"
	files="$files $2"
	n=$((n + 1))
}
add speedscope "$C/hand.speedscope.json"
add trace "$C/hand-trace.json"
# the broken copy: a frame renamed, a weight changed; compared below with the
# original's expectation, which must fail
sed -e 's/collatz (Main/collatz-renamed (Main/' -e 's/"weights":\[1200,34\]/"weights":[1201,34]/' \
	"$C/hand.speedscope.json" >"$T/broken.speedscope.json"
cmp -s "$C/hand.speedscope.json" "$T/broken.speedscope.json" && bad "the broken copy is not broken"
add broken "$T/broken.speedscope.json"
sed -e 's/"name":"worker"/"name":"worker-renamed"/' -e 's/"dur":2.5,/"dur":3.5,/' \
	"$C/hand-trace.json" >"$T/broken-trace.json"
cmp -s "$C/hand-trace.json" "$T/broken-trace.json" && bad "the broken trace is not broken"
add broken-trace "$T/broken-trace.json"
for prof in tests/fixtures/*.prof tests/fixtures/modern/*.prof; do
	[ -e "$prof" ] || { bad "no tests/fixtures/*.prof"; continue; }
	name=$(basename "${prof%.prof}")
	if "$H" profile --speedscope "${prof%.prof}.eventlog" >"$T/$name.speedscope.json" 2>"$T/err"; then
		add speedscope "$T/$name.speedscope.json" "$prof"
	else
		bad "$name: hectic profile --speedscope: exit $?: $(head -c 300 "$T/err")"
	fi
done
for log in tests/fixtures/modern/ghc96-threaded.eventlog tests/fixtures/par-n4.eventlog; do
	name=$(basename "${log%.eventlog}")
	if "$H" export --chrome "$log" -o "$T/$name.trace.json" 2>"$T/err"; then
		add trace "$T/$name.trace.json" "$log"
	else
		bad "$name: hectic export --chrome: exit $?: $(head -c 300 "$T/err")"
	fi
done

# ---- speedscope reads them all, in one Chromium ----
mkdir "$T/dl"
# shellcheck disable=SC2086 # the file names are ours, without blanks
if ! timeout 300 node "$C/speedscope-read.cjs" "$M/node_modules" "$CHROMIUM" "$T/dl" $files >"$T/got" 2>"$T/read.err"; then
	bad "the reader failed: $(tail -c 600 "$T/read.err")"
	echo "speedscope-browser: $pass passed, $fail failed"
	exit 1
fi

# compare KGOT KWANT LABEL: speedscope's lines for file KGOT against
# expect.cjs's for KWANT; prints each difference, exit 1 on any
compare() {
	awk -F '\t' -v kg="$1" -v kw="$2" -v what="$3" '
		function abs(x) { return x < 0 ? -x : x }
		function no(s) { print what ": " s; bad++ }
		FNR == NR {
			if ($2 != kw) next
			if ($1 == "profile") { pn[$3] = $4; pu[$3] = $5; pt[$3] = $6; pr[$3] = $7 }
			else if ($1 == "frame") { k = $3 "\t" $4; wc[k]++; wt[k] += $5; ws[k] += $6; wn[k] = ($5 == "-") }
			next
		}
		$2 != kg { next }
		$1 == "error" { no("speedscope did not show it: " $3); next }
		$1 == "profile" {
			got++; seen[$3] = 1
			if (!($3 in pn)) { no("profile " $3 " \"" $4 "\": not in the file"); next }
			if ($4 != pn[$3]) no("profile " $3 ": named \"" $4 "\", the file \"" pn[$3] "\"")
			if ($5 != pu[$3]) no("profile " $3 ": unit " $5 ", the file " pu[$3])
			# ticks exactly; time within 1 ns (speedscope sums floats)
			tol = ($5 == "microseconds") ? 0.001 : 0
			if (abs($6 - pt[$3]) > tol) no("profile " $3 " \"" $4 "\": total " $6 ", the file " pt[$3])
			if ($7 != pr[$3]) no("profile " $3 " \"" $4 "\": " $7 " frames in the table, the file " pr[$3])
			next
		}
		$1 == "frame" { k = $3 "\t" $4; gc[k]++; gt[k] += $5; gs[k] += $6; gp[k] += $7 }
		END {
			for (p in pn) if (!(p in seen)) no("profile " p " \"" pn[p] "\": not shown")
			for (k in wc) {
				split(k, f, "\t")
				if (gc[k] != wc[k]) { no("profile " f[1] ": frame \"" f[2] "\": shown " gc[k] + 0 " times, the file " wc[k]); continue }
				if (wn[k]) continue
				if (abs(gt[k] - wt[k]) > gp[k] + 1e-6 || abs(gs[k] - ws[k]) > gp[k] + 1e-6)
					no("profile " f[1] ": frame \"" f[2] "\": total/self " gt[k] "/" gs[k] ", the file " wt[k] "/" ws[k])
			}
			for (k in gc) if (!(k in wc)) { split(k, f, "\t"); no("profile " f[1] ": frame \"" f[2] "\": not in the file") }
			if (!got && !bad) no("no profile shown")
			exit bad > 0
		}' "$T/want" "$T/got"
}

: >"$T/want"
while IFS='	' read -r k kind file prof; do
	case $kind in
	broken) node "$C/expect.cjs" speedscope "$k" "$C/hand.speedscope.json" ;;
	broken-trace) node "$C/expect.cjs" trace "$k" "$C/hand-trace.json" ;;
	*) node "$C/expect.cjs" "$kind" "$k" "$file" ;;
	esac >>"$T/want" 2>"$T/err" || echo "$k	$(head -c 300 "$T/err" | tr "\t\n" "  ")" >>"$T/unread"
done <"$T/files"

while IFS='	' read -r k kind file prof; do
	what=$(basename "$file")
	# a file expect.cjs could not read (not JSON, slices that do not nest)
	# fails with its reason and what speedscope said
	if [ -s "$T/unread" ] && reason=$(awk -F '\t' -v k="$k" '$1 == k { print $2; f = 1 } END { exit !f }' "$T/unread"); then
		bad "$reason"
		awk -F '\t' -v k="$k" -v what="$what" '$1 == "error" && $2 == k { print what ": and speedscope did not show it: " $3 }' "$T/got"
		continue
	fi
	case $kind in
	broken)
		# the renamed frame (twice: in both profiles) and the changed weight
		# must be found, and nothing else
		if compare "$k" "$k" "$what" >"$T/broken.out"; then
			bad "$what: the comparison accepted a renamed frame and a changed weight"
		elif [ "$(grep -c 'collatz-renamed.*not in the file' "$T/broken.out")" != 2 ] ||
			[ "$(grep -c 'frame "collatz (Main, Main.hs:3:1-40)": shown 0 times' "$T/broken.out")" != 2 ] ||
			! grep -q '^[^:]*: profile 1 "cap 1": total 1235, the file 1234$' "$T/broken.out" ||
			[ "$(grep -c 'frame "main (Main, Main.hs:10:1-20)": total/self 1235/34, the file 1234/34' "$T/broken.out")" != 1 ]; then
			bad "$what: the comparison did not say what is broken:"
			cat "$T/broken.out"
		else
			pass=$((pass + 1))
		fi
		continue
		;;
	broken-trace)
		# the renamed slice, and the longer GC that moves cap 1's span and
		# its frame's weight
		if compare "$k" "$k" "$what" >"$T/broken.out"; then
			bad "$what: the comparison accepted a renamed slice and a changed duration"
		elif [ "$(wc -l <"$T/broken.out")" != 4 ] ||
			! grep -q 'profile 0: frame "worker-renamed": not in the file$' "$T/broken.out" ||
			! grep -q 'profile 0: frame "worker": shown 0 times, the file 1$' "$T/broken.out" ||
			! grep -q 'profile 1 "hand (pid 1), cap 1 (tid 1)": total 303.501, the file 302.501$' "$T/broken.out" ||
			! grep -q 'profile 1: frame "GC {"gen":1,"copied":0}": total/self 3.5/3.5, the file 2.5/2.5$' "$T/broken.out"; then
			bad "$what: the comparison did not say what is broken:"
			cat "$T/broken.out"
		else
			pass=$((pass + 1))
		fi
		continue
		;;
	esac
	if ! compare "$k" "$k" "$what"; then
		fail=$((fail + 1))
		continue
	fi
	# the answers worked out by hand for the hand-made files (checks that
	# expect.cjs and the reader agree with the truth, not only each other)
	case $file in
	"$C/hand.speedscope.json")
		printf 'cap 0\tnone\t10\t4\ncap 1\tnone\t1234\t3\n' >"$T/hand.want"
		printf '0\tMAIN (MAIN, <built-in>)\t10\t0\n0\tcollatz (Main, Main.hs:3:1-40)\t7\t7\n0\tmain (Main, Main.hs:10:1-20)\t10\t0\n0\ttable (Main, Main.hs:6:1-30)\t5\t3\n1\tMAIN (MAIN, <built-in>)\t1234\t0\n1\tcollatz (Main, Main.hs:3:1-40)\t1200\t1200\n1\tmain (Main, Main.hs:10:1-20)\t1234\t34\n' >>"$T/hand.want"
		;;
	"$C/hand-trace.json")
		# cap 0: 10.5 to 130.751 + 50.124; cap 1: 5 to 305.001 + 2.5
		printf 'hand (pid 1), cap 0 (tid 0)\tmicroseconds\t170.375\t4\nhand (pid 1), cap 1 (tid 1)\tmicroseconds\t302.501\t2\n' >"$T/hand.want"
		printf '0\tGC {"gen":0,"copied":1024}\n0\tspan A\n0\tthread 1\n0\tworker\n1\tGC {"gen":1,"copied":0}\n1\tthread 2\n' >>"$T/hand.want"
		;;
	*) false ;;
	esac && {
		awk -F '\t' -v k="$k" -v trace="$([ "$kind" = trace ] && echo 1)" '$2 == k && $1 == "profile" { printf "%s\t%s\t%.3f\t%s\n", $4, $5, $6, $7 }
			$2 == k && $1 == "frame" { if (trace) print $3 "\t" $4; else print $3 "\t" $4 "\t" $5 "\t" $6 }' "$T/got" |
			sed 's/\.000\t/\t/' | sort >"$T/hand.got"
		sed 's/\.000\t/\t/' "$T/hand.want" | sort | cmp -s - "$T/hand.got" || {
			bad "$what: speedscope did not show what was worked out by hand:"
			sort "$T/hand.want" | diff - "$T/hand.got" | head -20
			continue
		}
	}
	case $kind in
	speedscope)
		[ -n "$prof" ] || { pass=$((pass + 1)); continue; }
		name=$(basename "${prof%.prof}")
		slack=8 total_slack=0
		case $prof in tests/fixtures/modern/*) slack=20 total_slack=1 ;; esac
		want_total=$(sed -n 's/.*(\([0-9][0-9]*\) ticks @.*/\1/p' "$prof" | head -1)
		# the .prof's cost centres: "NAME (MODULE, SRC)" and their ticks
		awk '/^COST CENTRE +MODULE +SRC +no\./ { tree = 1; next }
			tree && NF >= 10 { k = $1 " (" $2 ", " $3 ")"; gsub(/\\/, "<bs>", k); t[k] += $10 }
			END { for (k in t) print k "\t" t[k] }' "$prof" >"$T/cc"
		if ! awk -F '\t' -v k="$k" -v want="$want_total" -v ts="$total_slack" -v slack="$slack" -v what="$name" '
			function abs(x) { return x < 0 ? -x : x }
			function no(s) { print what ": " s; bad++ }
			FNR == NR { cc[$1] = $2; next }
			$2 != k { next }
			$1 == "profile" { np++; name[$3] = $4; total[$3] = $6; if ($4 ~ /^all/ && all == "") all = $3 }
			# (the reader writes a backslash as two)
			$1 == "frame" { f = $4; gsub(/\\\\/, "<bs>", f); self[$3] += $6; fs[$3 "\t" f] += $6; fr[f] = 1 }
			END {
				if (!np) { no("no profile"); exit 1 }
				t = 0; s = 0
				for (p in name) if (all == "" || p == all) { t += total[p]; s += self[p] }
				of = all == "" ? "the profiles" : "\"" name[all] "\""
				if (want == "" || abs(t - want) > ts) no(of ": total weight " t " in speedscope, the .prof " want " ticks")
				if (want == "" || abs(s - want) > ts) no(of ": Self column sums to " s ", the .prof " want " ticks")
				for (c in cc) if (cc[c] > slack && !(c in fr)) no("the .prof has " c " with " cc[c] " ticks, speedscope no such frame")
				for (f in fs) { split(f, x, "\t")
					if (fs[f] > slack && !(x[2] in cc)) no("profile " x[1] ": frame \"" x[2] "\" (" fs[f] " ticks) is no cost centre of the .prof") }
				exit bad > 0
			}' "$T/cc" "$T/got"; then
			fail=$((fail + 1))
			continue
		fi
		;;
	trace)
		[ -n "$prof" ] || { pass=$((pass + 1)); continue; }
		# every thread that ran (`hectic threads --tsv`: runs > 0) has its
		# runs' slices on the capabilities' tracks, named by its label or
		# "thread N" (before the arguments speedscope appends)
		"$H" threads --tsv "$prof" 2>/dev/null | awk -F '\t' 'NR > 1 && $7 > 0 { print $1 "\t" $2 }' >"$T/threads"
		if [ ! -s "$T/threads" ] || ! awk -F '\t' -v k="$k" -v what="$what" '
			FNR == NR { id[$1] = 1; if ($2 != "") label[$1] = $2; next }
			$1 == "frame" && $2 == k { n = $4; sub(/ [{].*$/, "", n); shown[n] = 1 }
			END {
				for (t in id) if (!(("thread " t) in shown) && !((t in label) && (label[t] in shown))) {
					printf "%s: thread %s%s ran, no slice of it shown\n", what, t, (t in label) ? " (" label[t] ")" : ""; bad++ }
				exit bad > 0
			}' "$T/threads" "$T/got"; then
			bad "$what: not every thread's runs shown (\"thread N\" or its label)"
			continue
		fi
		;;
	esac
	pass=$((pass + 1))
done <"$T/files"

echo "speedscope-browser: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
