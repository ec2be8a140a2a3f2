#!/bin/sh
# hectic profile --speedscope (issue 22) against what is not hectic:
#  - the JSON, strictly (python3's json on the bytes decoded as strict
#    UTF-8: no NaN, no duplicate key, no control character or lone
#    surrogate in a string), against speedscope's own schema
#    (tests/fixtures/speedscope/file-format-schema.json, from the npm
#    package; a small draft-07 validator that refuses keywords it does not
#    know, shown to reject broken files first), and the rules the schema
#    cannot say (speedscope's importer: as many weights as samples, frame
#    indexes in range, weights positive, endValue - startValue the total);
#  - GHC's .prof of the same run (the fixtures with one): the all-
#    capabilities profile's total equals the .prof's total ticks, and each
#    cost centre's individual ticks (its frame's weight where it is the
#    leaf) are within SLACK of the .prof's (summed over its tree nodes),
#    with tests/profile-prof.sh's tolerances for its reason: GHC charges
#    the .prof's tick and posts the log's sample from two unsynchronised
#    reads of the current stack (8 ticks on the GHC 9.0.2 fixtures; 20 and
#    a total off by 1 on the 9.6.6/9.10.3 ones, where a tick crossed
#    between a program's cost centre and GC);
#  - ghc-events' decoding of the same log (NAME.oracle.show): every tick's
#    capability, time and stack, and the cost centres' names. From it,
#    exactly: the all-capabilities profile's stacks and weights, each
#    capability's profile as its ticks in time order (equal neighbours one
#    sample), the frames' names COST_CENTRE (MODULE, SRC) and their file,
#    line and col (GHC's span forms, parsed here), the set of profiles;
#    the same under --from/--to (the middle third of the ticks), --cap N
#    and --builtin (the RTS's own cost centres, source <built-in>, kept);
#  - a crafted log (written here by python) whose names hold quotes,
#    backslashes, controls, C1 and format characters, a character above
#    U+FFFF and invalid UTF-8: the names read back equal to python's own
#    decoding (U+FFFD for each maximal invalid subpart), and the file holds
#    no raw control or invisible character (it may go to a terminal);
#  - the output is the same on a second run; no time profile, an empty
#    window, an unknown capability and a write error exit 1 with a message.
# Usage: sh tests/speedscope.sh path/to/hectic
set -u
H=$1
SLACK=8
MODERN_SLACK=20
MODERN_TOTAL_SLACK=1
SCHEMA=tests/fixtures/speedscope/file-format-schema.json
PY=python3
if ! command -v "$PY" >/dev/null 2>&1; then
	echo "speedscope: python3 not found: install it (apt-get install -y python3)"
	exit 1
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-speedscope.XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() {
	echo "speedscope: $*"
	fail=$((fail + 1))
}

cat >"$T/check.py" <<'EOF'
import collections, json, os, re, struct, subprocess, sys, unicodedata

def die(msg):
    print("speedscope: " + msg)
    sys.exit(1)

def strict_load(path):
    raw = open(path, "rb").read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        die("%s: not UTF-8: %s" % (path, e))
    def no_constant(c):
        raise ValueError("not JSON: " + c)
    def no_duplicates(pairs):
        d = {}
        for k, v in pairs:
            if k in d:
                raise ValueError("duplicate key " + k)
            d[k] = v
        return d
    try:
        doc = json.loads(text, parse_constant=no_constant, object_pairs_hook=no_duplicates)
    except ValueError as e:
        die("%s: not JSON: %s" % (path, e))
    def scalars(x):  # no lone surrogate (a \ud800 escape) in any string
        if isinstance(x, str):
            x.encode("utf-8")
        elif isinstance(x, dict):
            for k, v in x.items():
                scalars(k), scalars(v)
        elif isinstance(x, list):
            for v in x:
                scalars(v)
    try:
        scalars(doc)
    except UnicodeEncodeError as e:
        die("%s: a string is no Unicode text: %s" % (path, e))
    return text, doc

# ---- draft-07, the keywords speedscope's schema uses ----
KNOWN = {"$schema", "$ref", "definitions", "title", "description", "type", "properties",
         "required", "items", "anyOf", "const", "enum"}
def is_num(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)
TYPES = {"object": lambda x: isinstance(x, dict), "array": lambda x: isinstance(x, list),
         "string": lambda x: isinstance(x, str), "number": is_num,
         "integer": lambda x: is_num(x) and x == int(x), "boolean": lambda x: isinstance(x, bool),
         "null": lambda x: x is None}

def validate(x, s, root, where, errs):
    unknown = set(s) - KNOWN
    if unknown:
        die("schema: keywords this validator does not know: %s" % sorted(unknown))
    if "$ref" in s:  # draft-07: the keywords beside $ref are ignored
        ref = s["$ref"]
        if not ref.startswith("#/definitions/"):
            die("schema: $ref %s" % ref)
        return validate(x, root["definitions"][ref[len("#/definitions/"):]], root, where, errs)
    t = s.get("type")
    if t is not None and not TYPES[t](x):
        errs.append("%s: not of type %s" % (where, t))
        return
    if "const" in s and not (x == s["const"] and type(x) == type(s["const"])):
        errs.append("%s: not %r" % (where, s["const"]))
    if "enum" in s and x not in s["enum"]:
        errs.append("%s: %r not one of %r" % (where, x, s["enum"]))
    if isinstance(x, dict):
        for k in s.get("required", []):
            if k not in x:
                errs.append("%s: no %s" % (where, k))
        for k, sub in s.get("properties", {}).items():
            if k in x:
                validate(x[k], sub, root, where + "." + k, errs)
    if isinstance(x, list) and "items" in s:
        for i, v in enumerate(x):
            validate(v, s["items"], root, "%s[%d]" % (where, i), errs)
    if "anyOf" in s:
        for sub in s["anyOf"]:
            e = []
            validate(x, sub, root, where, e)
            if not e:
                break
        else:
            errs.append("%s: matches none of anyOf" % where)

def schema_errors(doc, schema):
    errs = []
    validate(doc, schema, schema, "$", errs)
    return errs

def selftest(doc, schema):
    """The validator and the schema reject broken files."""
    import copy
    breaks = [
        ("no weights", lambda d: d["profiles"][0].pop("weights")),
        ("unit ticks", lambda d: d["profiles"][0].__setitem__("unit", "ticks")),
        ("a name a number", lambda d: d["shared"]["frames"][0].__setitem__("name", 3)),
        ("no $schema", lambda d: d.pop("$schema")),
        ("another $schema", lambda d: d.__setitem__("$schema", "https://example.invalid/")),
        ("an index a string", lambda d: d["profiles"][0]["samples"][0].__setitem__(0, "0")),
        ("evented without events", lambda d: d["profiles"][0].__setitem__("type", "evented")),
        ("no frames", lambda d: d["shared"].pop("frames")),
    ]
    for what, f in breaks:
        d = copy.deepcopy(doc)
        f(d)
        if not schema_errors(d, schema):
            die("schema self-test: a file with %s passes" % what)

def semantics(doc, path):
    """What speedscope's importer needs beyond the schema, and hectic's
    promises: ticks, unit none, totals."""
    frames, profs = doc["shared"]["frames"], doc["profiles"]
    if not doc.get("exporter", "").startswith("hectic@"):
        die("%s: exporter %r" % (path, doc.get("exporter")))
    api = doc.get("activeProfileIndex")
    if not (isinstance(api, int) and 0 <= api < len(profs)):
        die("%s: activeProfileIndex %r of %d profiles" % (path, api, len(profs)))
    used = set()
    for p in profs:
        s, w = p["samples"], p["weights"]
        if p["type"] != "sampled" or p["unit"] != "none" or "ticks" not in p["name"]:
            die("%s: profile %r: type %s, unit %s" % (path, p["name"], p["type"], p["unit"]))
        if len(s) != len(w):
            die("%s: profile %r: %d samples, %d weights" % (path, p["name"], len(s), len(w)))
        if any(not isinstance(v, int) or v <= 0 for v in w):
            die("%s: profile %r: a weight not a positive integer" % (path, p["name"]))
        for st in s:
            if not st or any(not isinstance(i, int) or not 0 <= i < len(frames) for i in st):
                die("%s: profile %r: stack %r" % (path, p["name"], st))
            used.update(st)
        if p["startValue"] != 0 or p["endValue"] != sum(w):
            die("%s: profile %r: %s..%s, weights %d" % (path, p["name"], p["startValue"],
                                                        p["endValue"], sum(w)))
    if used != set(range(len(frames))):
        die("%s: frames no sample names: %s" % (path, sorted(set(range(len(frames))) - used)))
    span = [re.compile(r"^(.+):\((\d+),(\d+)\)-\(\d+,\d+\)$"),
            re.compile(r"^(.+):(\d+):(\d+)(?:-\d+)?$")]
    for f in frames:  # file, line, col: GHC's span, from the name's SRC
        m = re.match(r"^(.*) \(([^ ,()]*), (.*)\)$", f["name"])
        if not m:
            die("%s: frame %r not COST_CENTRE (MODULE, SRC)" % (path, f["name"]))
        src = m.group(3)
        sm = span[0].match(src) or span[1].match(src)
        want = {"file": sm.group(1), "line": int(sm.group(2)), "col": int(sm.group(3))} if sm else {}
        got = {k: f[k] for k in ("file", "line", "col") if k in f}
        if got != want:
            die("%s: frame %r: %r, its SRC says %r" % (path, f["name"], got, want))

def stacks(doc, p):
    """A profile's samples as (names root first, weight)."""
    names = [f["name"] for f in doc["shared"]["frames"]]
    return [(tuple(names[i] for i in st), w) for st, w in zip(p["samples"], p["weights"])]

# ---- ghc-events' decoding ----
def read_show(path):
    ccs, ticks = {}, []
    cc_re = re.compile(r"^\d+: cost centre (\d+) (.*) in (\S+) at (.*?)( CAF)?$")
    tick_re = re.compile(r"^(\d+): cap no (\d+), prof sample \d+, cost centre stack ?(.*)$")
    for line in open(path, encoding="utf-8", errors="surrogateescape"):
        line = line.rstrip("\n")
        m = tick_re.match(line)
        if m:
            ids = [int(v) for v in m.group(3).split(", ")] if m.group(3) else []
            ticks.append((int(m.group(1)), int(m.group(2)), ids))
            continue
        m = cc_re.match(line)
        if m:
            ccs[int(m.group(1))] = (m.group(2), m.group(3), m.group(4))
    return ccs, ticks

def expected(ccs, ticks, lo, hi, cap, builtin):
    """The profiles the file must hold: (name prefix, [(stack, weight)])."""
    def name(i):
        if i not in ccs:
            return "<cc %d> (?, ?)" % i
        return "%s (%s, %s)" % ccs[i]
    per = collections.defaultdict(list)
    for t, c, ids in sorted(ticks, key=lambda x: x[0]):
        if not lo <= t <= hi or (cap is not None and c != cap):
            continue
        if not builtin and ids and ids[0] in ccs and ccs[ids[0]][2] == "<built-in>":
            continue
        st = tuple(name(i) for i in reversed(ids)) or ("MAIN (MAIN, <built-in>)",)
        if per[c] and per[c][-1][0] == st:
            per[c][-1][1] += 1
        else:
            per[c].append([st, 1])
    out = []
    if cap is None:
        total = collections.Counter()
        for c in per:
            for st, w in per[c]:
                total[st] += w
        out.append(("all capabilities", sorted(total.items())))
    for c in sorted(per):
        out.append(("capability %d " % c, [tuple(x) for x in per[c]]))
    return out

def against_show(doc, path, want):
    profs = doc["profiles"]
    if [p["name"][:len(n)] for p, (n, _) in zip(profs, want)] != [n for n, _ in want] \
            or len(profs) != len(want):
        die("%s: profiles %r, ghc-events' ticks give %r" % (path, [p["name"] for p in profs],
                                                            [n for n, _ in want]))
    for p, (n, w) in zip(profs, want):
        got = stacks(doc, p)
        if n == "all capabilities":
            if len(set(st for st, _ in got)) != len(got):
                die("%s: %s: a stack twice" % (path, n))
            got = sorted(got)
        if got != w:
            for i, (a, b) in enumerate(zip(got, w)):
                if a != b:
                    die("%s: %s: sample %d is %r, ghc-events' ticks give %r" % (path, n, i, a, b))
            die("%s: %s: %d samples, ghc-events' ticks give %d" % (path, n, len(got), len(w)))

# ---- GHC's .prof ----
def against_prof(doc, path, prof, slack, total_slack):
    text = open(prof, encoding="utf-8", errors="surrogateescape").read()
    m = re.search(r"\((\d+) ticks @", text)
    if not m:
        die("%s: no total ticks" % prof)
    want_total = int(m.group(1))
    want = collections.Counter()
    tree = False
    for line in text.splitlines():
        if re.match(r"^COST CENTRE +MODULE +SRC +no\.", line):
            tree = True
            continue
        f = line.split()
        if tree and len(f) >= 10:
            want[(f[0], f[1])] += int(f[9])
    if not want:
        die("%s: no tree" % prof)
    p = doc["profiles"][0]
    total = sum(p["weights"])
    if abs(total - want_total) > total_slack:
        die("%s: total weight %d, the .prof's total ticks %d: more than %d apart" %
            (path, total, want_total, total_slack))
    got = collections.Counter()
    for st, w in stacks(doc, p):
        m = re.match(r"^(.*) \(([^ ,()]*), (.*)\)$", st[-1])
        got[(m.group(1), m.group(2))] += w
    for k in set(want) | set(got):
        if abs(want[k] - got[k]) > slack:
            die("%s: %s in %s: %d ticks, the .prof %d" % (path, k[0], k[1], got[k], want[k]))
    print("speedscope: %s: total weight %d, the .prof's total ticks %d" % (path, total, want_total))

def fixture(args):
    """fixture SCHEMA SHOW PROF SLACK TOTAL_SLACK OUT OUT_WINDOW LO HI OUT_CAP CAP OUT_BUILTIN"""
    schema_path, show, prof, slack, total_slack, out, outw, lo, hi, outc, cap, outb = args
    schema = json.load(open(schema_path))
    ccs, ticks = read_show(show)
    if not ticks:
        die("%s: no ticks" % show)
    name = os.path.basename(prof)[:-len(".prof")]
    runs = [(out, name, 0, 2**64, None, False),
            (outw, "%s --from %s --to %s" % (name, lo, hi), int(lo), int(hi), None, False),
            (outc, "%s --cap %s" % (name, cap), 0, 2**64, int(cap), False),
            (outb, name + " --builtin", 0, 2**64, None, True)]
    for i, (path, what, a, b, c, builtin) in enumerate(runs):
        _, doc = strict_load(path)
        if i == 0:
            selftest(doc, schema)
        errs = schema_errors(doc, schema)
        if errs:
            die("%s: against speedscope's schema: %s" % (what, "; ".join(errs[:5])))
        semantics(doc, what)
        if i == 0:
            against_prof(doc, what, prof, int(slack), int(total_slack))
        against_show(doc, what, expected(ccs, ticks, a, b, c, builtin))

def window(args):
    """window SHOW: the times of the ticks at a third and two thirds, and
    the highest capability with ticks."""
    _, ticks = read_show(args[0])
    ts = sorted(t for t, _, _ in ticks)
    print(ts[len(ts) // 3], ts[2 * len(ts) // 3], max(c for _, c, _ in ticks))

def crafted(args):
    """crafted HECTIC SCHEMA DIR: a log of hostile names through hectic."""
    hectic, schema_path, d = args
    names = [  # label, module, src (raw bytes)
        (b'q"b\\s\x1b[31m\t\x7f', b"Main", b"a.hs:1:1-5"),
        (b"\xc2\x85\xc2\x9b\xe2\x80\xa8\xe2\x80\xae\xe2\x80\x8b", b"M\x01", b"b.hs:(2,3)-(4,5)"),
        (b"\xe2\x82X\xff\xed\xa0\x80\xc0\xaf\xf4\x90\x80\x80\xf1\x80\x80", b"Main", b"c.hs:9:9"),
        (b"\xce\xbb\xf0\x9f\x98\x80\xf3\xa0\x80\x81", b"\xd0\x9c", b"<no location info>"),
    ]
    def ev(tag, t, pl):
        return struct.pack(">HQH", tag, t, len(pl)) + pl
    log = b"hdrbhetb"
    for num, desc in ((161, b"Heap profile cost centre"), (167, b"Time profile sample")):
        log += b"etb\0" + struct.pack(">HHI", num, 0xFFFF, len(desc)) + desc + b"\0\0\0\0ete\0"
    log += b"hetehdredatb"
    for i, (l, m, s) in enumerate(names):
        log += ev(161, 1, struct.pack(">I", i + 1) + l + b"\0" + m + b"\0" + s + b"\0\0")
    for k in range(12):  # stacks main/i, main = 1
        ids = [2 + k % 3, 1] if k % 4 else [1]
        log += ev(167, 10 + k, struct.pack(">IQB", k % 2, k, len(ids)) +
                  b"".join(struct.pack(">I", v) for v in ids))
    log += b"\xff\xff"
    path = os.path.join(d.encode(), b"odd\x1b]0;\xff name.eventlog")
    open(path, "wb").write(log)
    out = os.path.join(d, "crafted.json")
    with open(out, "wb") as f:
        r = subprocess.run([hectic.encode(), b"profile", b"--speedscope", path], stdout=f)
    if r.returncode != 0:
        die("crafted: exit status %d" % r.returncode)
    text, doc = strict_load(out)
    errs = schema_errors(doc, json.load(open(schema_path)))
    if errs:
        die("crafted: against speedscope's schema: %s" % "; ".join(errs[:5]))
    semantics(doc, out)
    dec = lambda b: b.decode("utf-8", "replace")
    want = sorted("%s (%s, %s)" % (dec(l), dec(m), dec(s)) for l, m, s in names)
    got = sorted(f["name"] for f in doc["shared"]["frames"])
    if got != want:
        die("crafted: frame names %r, python decodes %r" % (got, want))
    if doc["name"] != dec(os.path.basename(path)):
        die("crafted: file name %r, python decodes %r" % (doc["name"], dec(os.path.basename(path))))
    for ch in text:  # as it would reach a terminal
        if ch != "\n" and unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            die("crafted: U+%04X raw in the file" % ord(ch))
    if sum(doc["profiles"][0]["weights"]) != 12:
        die("crafted: total weight %d of 12 ticks" % sum(doc["profiles"][0]["weights"]))

{"fixture": fixture, "window": window, "crafted": crafted}[sys.argv[1]](sys.argv[2:])
EOF

# every fixture with a .prof: the file against the schema, the .prof and
# ghc-events' ticks, also windowed, on one capability and with built-ins
for prof in tests/fixtures/*.prof tests/fixtures/modern/*.prof; do
	name=$(basename "${prof%.prof}")
	log=${prof%.prof}.eventlog show=${prof%.prof}.oracle.show
	if [ ! -e "$prof" ] || [ ! -e "$log" ] || [ ! -e "$show" ]; then
		bad "$name: $prof, $log or $show missing"
		continue
	fi
	slack=$SLACK total_slack=0
	case $prof in tests/fixtures/modern/*) slack=$MODERN_SLACK total_slack=$MODERN_TOTAL_SLACK ;; esac
	set -- $("$PY" "$T/check.py" window "$show")
	if [ $# -ne 3 ]; then
		bad "$name: no ticks in $show"
		continue
	fi
	lo=$1 hi=$2 cap=$3 failed=""
	"$H" profile --speedscope "$log" >"$T/a.json" 2>"$T/err" || failed="$failed plain"
	"$H" profile --speedscope --from "$lo" --to "$hi" "$log" >"$T/w.json" 2>>"$T/err" ||
		failed="$failed window"
	"$H" profile --speedscope --cap "$cap" "$log" >"$T/c.json" 2>>"$T/err" || failed="$failed cap"
	"$H" profile --speedscope --builtin "$log" >"$T/b.json" 2>>"$T/err" || failed="$failed builtin"
	"$H" profile --speedscope "$log" 2>>"$T/err" | cmp -s - "$T/a.json" || failed="$failed determinism"
	if [ -n "$failed" ]; then
		bad "$name: failed:$failed: $(cat "$T/err")"
		continue
	fi
	if "$PY" "$T/check.py" fixture "$SCHEMA" "$show" "$prof" "$slack" "$total_slack" "$T/a.json" \
		"$T/w.json" "$lo" "$hi" "$T/c.json" "$cap" "$T/b.json"; then
		ok
	else
		fail=$((fail + 1))
	fi
done

# hostile names, written by python, read back by python
mkdir "$T/crafted"
if "$PY" "$T/check.py" crafted "$H" "$SCHEMA" "$T/crafted"; then ok; else fail=$((fail + 1)); fi

# errors: exit 1 and a message, nothing on stdout
err() { # err WHAT WANT_IN_MESSAGE ARGS...
	what=$1 want=$2
	shift 2
	"$H" profile --speedscope "$@" >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -ne 1 ] || [ -s "$T/out" ] || ! grep -q -- "$want" "$T/err"; then
		bad "$what: exit status $rc, $(wc -c <"$T/out") bytes out, message: $(cat "$T/err")"
	else
		ok
	fi
}
err "no time profile" "no time profile" tests/fixtures/threaded.eventlog
# (after the last tick, 857.74ms, inside the log, to 857.87ms; a window
# past the log's end is an error of its own: tests/cli.sh)
err "empty window" "no ticks in the window" --from 857800us tests/fixtures/profile-hc.eventlog
err "no such capability" "no ticks on capability 9" --cap 9 tests/fixtures/profile-hc.eventlog
"$H" profile --speedscope tests/fixtures/profile-hc.eventlog >/dev/full 2>"$T/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -q 'cannot write' "$T/err"; then ok; else
	bad "stdout /dev/full: exit status $rc, message: $(cat "$T/err")"
fi
"$H" profile --speedscope --tsv tests/fixtures/profile-hc.eventlog >"$T/out" 2>"$T/err"
rc=$?
if [ "$rc" -eq 2 ] && [ ! -s "$T/out" ]; then ok; else bad "--speedscope --tsv: exit status $rc"; fi

echo "speedscope: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
