#!/bin/sh
# hectic export --chrome, read back by jq (not by hectic). Against references
# hectic did not produce (ghc-events' own text, tests/fixtures/*.oracle.show):
#  - one GC slice per collection, at its start and lasting its pause: per
#    "GC stats" line (one a collection, on the capability that led it), that
#    capability's last "starting GC" .. "finished GC" before it;
#  - each thread's run slices summed: the time between its "running thread"
#    and the capability's next "stopping thread" or "running thread" lines
#    (or its last line, for a run a cut log does not end);
#  - the markers as instants: the show text's "marker:" lines, time and
#    text, both ways; each other instant (messages, log messages) a line of
#    the show text at its time with its text ("binary message" for one with
#    control bytes), one way only (the show text does not tell a message
#    from other events' lines);
#  - the counters as many as the log's heap size and live bytes lines;
#    each capability's allocation rate from its "allocated on heap" lines.
# Self-consistency only (hectic against hectic, not counted as independent):
# the GC slices against `hectic gcs --tsv`, the runs against `hectic threads
# --tsv`, the number of instants against `hectic markers --tsv`.
# Also: the file is JSON with the trace's fields; --from/--to limit every
# event; -o OUT replaces OUT only when the export is whole; write errors
# exit 1.
# Usage: sh tests/chrome-trace.sh [HECTIC]
set -u
H=${1:-build/hectic}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
# self: the self-consistency checks, counted apart (sok, and a failure is
# one like any other)
self=0
ok() { pass=$((pass + 1)); }
sok() { self=$((self + 1)); }
bad() { fail=$((fail + 1)); echo "chrome-trace: FAIL: $*"; }
eq() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi; }
seq_() { if [ "$2" = "$3" ]; then sok; else bad "$1 (self-consistency): got '$2', want '$3'"; fi; }
if ! command -v jq >/dev/null 2>&1; then
	echo "chrome-trace: FAIL: jq not found (apt-get install jq)"
	exit 1
fi

# ns of a slice: jq's numbers are doubles; a ts or dur in us with three
# decimals comes back exactly as ns once rounded (< 2^53 ns)
GCQ='.traceEvents[] | select(.ph == "X" and .name == "GC" and .tid == 0)
	| "\((.ts * 1000) | round)\t\((.dur * 1000) | round)"'
RUNQ='.traceEvents[] | select(.ph == "X" and .tid >= 1 and .tid < 1000000000)
	| "\(.args.thread)\t\((.dur * 1000) | round)"'

# per thread, the sum of column 2 (awk's doubles are exact here)
sums() { awk -F '\t' '{ s[$1] += $2 } END { for (t in s) if (s[t] > 0) printf "%s\t%.0f\n", t, s[t] }' | sort -n; }

# the running time of each thread from ghc-events' show text (a run the
# log does not end: to its capability's last event, as the tracks count it)
show_runs() { awk -f "$(dirname "$0")/show-runs.awk" "$1" | sort -n; }

# the collections from ghc-events' text: per "GC stats" line, its
# capability's last "starting GC" .. "finished GC" ("time<TAB>pause");
# a stats line without both is said on stderr
show_gcs() {
	awk '/^[0-9]+: cap [0-9]+: / { t = $1; sub(/:$/, "", t); cap = $3; sub(/:$/, "", cap) }
	/^[0-9]+: cap [0-9]+: starting GC$/ { st[cap] = t; delete en[cap] }
	/^[0-9]+: cap [0-9]+: finished GC$/ { en[cap] = t }
	/^[0-9]+: cap [0-9]+: GC stats for heap capset / {
		if ((cap in st) && (cap in en)) printf "%s\t%.0f\n", st[cap], en[cap] - st[cap]
		else print "no starting and finished GC before: " $0 > "/dev/stderr"
		delete st[cap]; delete en[cap]
	}' "$1" | sort -n
}

n=0
for f in tests/fixtures/*.eventlog tests/fixtures/modern/*.eventlog; do
	if [ ! -e "$f" ]; then
		bad "no fixture matches $f"
		continue
	fi
	b=$(basename "$f" .eventlog)
	o=${f%.eventlog}.oracle.show
	out=$T/$b.json
	if ! "$H" export --chrome "$f" -o "$out" 2>"$T/err"; then
		bad "$b: export failed: $(cat "$T/err")"
		continue
	fi
	if ! jq -e '.traceEvents | type == "array"' "$out" >/dev/null 2>&1; then
		bad "$b: not JSON with a traceEvents array"
		continue
	fi
	n=$((n + 1))
	# every event: a phase, pid 1, a tid; a slice or an instant has a ts
	eq "$b: malformed events" "$(jq '[.traceEvents[] | select((.ph | type) != "string" or .pid != 1
		or (.tid | type) != "number" or (.ph != "M" and (.ts | type) != "number")
		or (.ph == "X" and ((.dur | type) != "number" or .dur < 0)))] | length' "$out")" 0
	# collections, against ghc-events' text
	jq -r "$GCQ" "$out" >"$T/gc.got"
	if [ -f "$o" ]; then
		show_gcs "$o" >"$T/gc.show" 2>"$T/gc.err"
		if [ -s "$T/gc.err" ]; then bad "$b: $(head -1 "$T/gc.err")"
		elif sort -n "$T/gc.got" | cmp -s - "$T/gc.show"; then ok; else
			bad "$b: GC slices ($(wc -l <"$T/gc.got")) differ from ghc-events show's collections ($(wc -l <"$T/gc.show")) (< export, > show)"
			sort -n "$T/gc.got" | diff - "$T/gc.show" | grep '^[<>]' | head -4
		fi
	fi
	# (self-consistency) and against gcs --tsv
	"$H" gcs --tsv "$f" 2>/dev/null | awk -F '\t' 'NR > 1 { print $1 "\t" $3 }' >"$T/gc.want"
	if cmp -s "$T/gc.got" "$T/gc.want"; then sok; else
		bad "$b: GC slices ($(wc -l <"$T/gc.got")) differ from gcs --tsv ($(wc -l <"$T/gc.want")) (self-consistency)"
	fi
	# (self-consistency) thread runs against threads --tsv
	jq -r "$RUNQ" "$out" | sums >"$T/run.got"
	"$H" threads --tsv "$f" 2>/dev/null | awk -F '\t' 'NR > 1 && $6 > 0 { print $1 "\t" $6 }' |
		sort -n >"$T/run.want"
	if cmp -s "$T/run.got" "$T/run.want"; then sok; else
		bad "$b: per-thread run totals differ from threads --tsv (self-consistency)"
		diff "$T/run.got" "$T/run.want" | head -5
	fi
	# and against ghc-events' text
	if [ -f "$o" ]; then
		show_runs "$o" >"$T/run.show"
		if cmp -s "$T/run.got" "$T/run.show"; then ok; else
			bad "$b: per-thread run totals differ from ghc-events show's"
			diff "$T/run.got" "$T/run.show" | head -5
		fi
	fi
	# markers and messages: "time<TAB>cat<TAB>name", control bytes as "\x"
	jq -r '.traceEvents[] | select(.ph == "i") | "\((.ts * 1000) | round)\t\(.cat)\t\(.name
		| if (explode | any(. < 32 or . == 127)) then "\\x" else . end)"' "$out" >"$T/inst.got"
	if [ -f "$o" ]; then
		# the markers, both ways
		awk -F '\t' '$2 == "marker" { print $1 "\t" $3 }' "$T/inst.got" | sort >"$T/mark.got"
		sed -n 's/^\([0-9][0-9]*\): \(cap [0-9][0-9]*: \)\{0,1\}marker: /\1\t/p' "$o" | sort >"$T/mark.show"
		if cmp -s "$T/mark.got" "$T/mark.show"; then ok; else
			bad "$b: marker instants differ from ghc-events show's marker lines (< export, > show)"
			diff "$T/mark.got" "$T/mark.show" | grep '^[<>]' | head -4
		fi
		# every other instant, a line of the show text
		awk -F '\t' 'FNR == NR { if ($2 != "marker") want[$1 ": " $3] = 1; next }
			{ t = $0; sub(/:.*/, "", t); l = $0; sub(/^[0-9]+: (cap [0-9]+: )?/, "", l)
			  have[t ": " l] = 1; if (l ~ /^binary message /) have[t ": \\x"] = 1 }
			END { for (k in want) if (!(k in have)) print k }' "$T/inst.got" "$o" >"$T/inst.miss"
		if [ -s "$T/inst.miss" ]; then
			bad "$b: $(wc -l <"$T/inst.miss" | tr -d ' ') instants not in ghc-events show's text: $(head -2 "$T/inst.miss" | tr '\n' ' ')"
		else
			ok
		fi
	fi
	# (self-consistency) as many as markers --tsv lists
	seq_ "$b: instants" "$(wc -l <"$T/inst.got" | tr -d ' ')" \
		"$("$H" markers --tsv "$f" 2>/dev/null | awk 'NR > 1' | wc -l | tr -d ' ')"
	# counters: one a HEAP_SIZE and a HEAP_LIVE event
	if [ -f "$o" ]; then
		eq "$b: heap counters" \
			"$(jq '[.traceEvents[] | select(.ph == "C" and (.name == "Heap size" or .name == "Live bytes"))] | length' "$out")" \
			"$(grep -cE '^[0-9]+: (cap [0-9]+: )?(size of heap capset [0-9]+:|live data in heap capset [0-9]+:)' "$o" || true)"
		# each capability's allocation rate, bytes a second, at each of its
		# "allocated on heap" lines but its first: the bytes since its
		# previous line over the time since it (none where the count went
		# down or no time passed), whole bytes as the export writes them
		jq -r '.traceEvents[] | select(.ph == "C" and .name == "Allocation rate (bytes/s)")
			| "\((.ts * 1000) | round)\t\(.args | keys[0])\t\(.args[] | tostring)"' "$out" |
			awk -F '\t' '{ printf "%s\t%s\t%.0f\n", $1, $2, $3 }' | sort >"$T/rate.got"
		awk '/^[0-9]+: cap [0-9]+: allocated on heap capset [0-9]+: [0-9]+ total bytes till now$/ {
				t = $1; sub(/:$/, "", t); t += 0; cap = $3; sub(/:$/, "", cap); v = $9 + 0
				if ((cap in pt) && t > pt[cap] && v >= pv[cap])
					printf "%s\tcap %s\t%.0f\n", t, cap, int((v - pv[cap]) * 1e9 / (t - pt[cap]))
				pt[cap] = t; pv[cap] = v
			}' "$o" | sort >"$T/rate.show"
		if cmp -s "$T/rate.got" "$T/rate.show"; then ok; else
			bad "$b: allocation rates differ from ghc-events show's allocated on heap lines (< export, > show)"
			diff "$T/rate.got" "$T/rate.show" | grep '^[<>]' | head -4
		fi
	fi
done
[ "$n" -ge 30 ] && ok || bad "only $n fixtures exported"

# a window: every event inside it, slices clipped to it
f=tests/fixtures/par-n4.eventlog
"$H" export --chrome --from 5ms --to 20ms "$f" -o "$T/w.json" 2>/dev/null
eq "window: events outside" "$(jq '[.traceEvents[] | select(.ph != "M")
	| select(.ts < 5000 or .ts > 20000 or (.ph == "X" and .ts + .dur > 20000.0005))] | length' "$T/w.json")" 0
eq "window: has runs" "$(jq '[.traceEvents[] | select(.ph == "X" and .tid >= 1)] | length > 10' "$T/w.json")" true

# stdout, and the same bytes as -o
"$H" export --chrome "$f" >"$T/stdout.json" 2>/dev/null
"$H" export --chrome "$f" -o "$T/o.json" 2>/dev/null
if cmp -s "$T/stdout.json" "$T/o.json"; then ok; else bad "stdout and -o differ"; fi

# write errors, usage errors
"$H" export --chrome "$f" -o /dev/full 2>"$T/err"
eq "-o /dev/full: exit" "$?" 1
grep -q 'cannot write' "$T/err" && ok || bad "-o /dev/full: no message: $(cat "$T/err")"
"$H" export --chrome "$f" >/dev/full 2>"$T/err"
eq "stdout /dev/full: exit" "$?" 1
"$H" export "$f" >/dev/null 2>&1
eq "no format: exit" "$?" 2
"$H" export --chrome --tsv "$f" >/dev/null 2>&1
eq "--tsv: exit" "$?" 2
"$H" gcs --chrome "$f" >/dev/null 2>&1
eq "--chrome elsewhere: exit" "$?" 2

# OUT kept when the export fails; the log itself never overwritten
printf 'keep me\n' >"$T/keep.json"
printf 'not an eventlog' >"$T/bad.eventlog"
"$H" export --chrome "$T/bad.eventlog" -o "$T/keep.json" 2>/dev/null
eq "bad input: exit" "$?" 1
eq "bad input: OUT kept" "$(cat "$T/keep.json")" "keep me"
cp "$f" "$T/self.eventlog"
"$H" export --chrome "$T/self.eventlog" -o "$T/self.eventlog" 2>"$T/err"
eq "OUT is the log: exit" "$?" 2
if cmp -s "$f" "$T/self.eventlog"; then ok; else bad "the log was overwritten"; fi
eq "no temporary files left" "$(ls "$T" | grep -c 'XXXXXX\|\.json\.' || true)" 0

# a thread label with a control sequence, bytes that are no UTF-8, a quote,
# a backslash and a newline (written over "IOManager" in a copy of a real
# log, the same length): valid JSON, the label escaped as RFC 8259 wants
f=tests/fixtures/modern/ghc96-threaded.eventlog
off=$(grep -abo 'IOManager on cap 0' "$f" | head -n 1 | cut -d: -f1)
cp "$f" "$T/hostile.eventlog"
printf '\033[2J\377\303"\\\n' | dd of="$T/hostile.eventlog" bs=1 seek="$off" conv=notrunc 2>/dev/null
"$H" export --chrome "$T/hostile.eventlog" -o "$T/hostile.json" 2>/dev/null
eq "hostile label: exit" "$?" 0
want='"name":"\u001b[2J\ufffd\ufffd\"\\\u000a on cap 0"'
if grep -qF "$want" "$T/hostile.json"; then ok; else
	bad "hostile label: no slice named $want: $(grep -o '"name":"[^,]*on cap 0"' "$T/hostile.json" | head -n 1)"
fi
eq "hostile label: jq reads the name back" "$(jq '[.traceEvents[] | select(.ph == "X" and .tid >= 1
	and .name == "\u001b[2J\ufffd\ufffd\"\\\n on cap 0")] | length > 0' "$T/hostile.json")" true
eq "hostile label: no raw ESC in the file" "$(grep -c "$(printf '\033')" "$T/hostile.json" || true)" 0
echo "chrome-trace: $pass passed, $fail failed (and $self self-consistency checks passed, not counted above)"
[ "$fail" -eq 0 ]
